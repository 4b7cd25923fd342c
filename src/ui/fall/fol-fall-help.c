/* fol-fall-help.c: the rules of Fall; see fol-fall-help.h. */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "fol-fall-help.h"
#include "fol-fall-painter.h"
#include "fol-fall-words.h"
#include "fall-ai.h"
#include "fall-scoring.h"

struct _FolFallHelp
{
  GtkWidget parent_instance;
  GtkWidget *scroll;
};

G_DEFINE_FINAL_TYPE (FolFallHelp, fol_fall_help, GTK_TYPE_WIDGET)

/* An example picture: a position with its highlights. */
typedef struct {
  FallState state;
  FolFallHighlights h;
  int card;               /* >= 0: draw this scoring card instead */
  int card_vp;
} Example;

static void
draw_example (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
  Example *ex = data;
  gboolean dark = adw_style_manager_get_dark (adw_style_manager_get_default ());
  if (ex->card >= 0)
    {
      FolFallRect r = { 1, 1, width - 2, height - 2 };
      /* no "now" badge: the text beside the card gives the example's VP */
      fol_fall_paint_card (cr, &ex->state.comps->card[ex->card], &r, NULL, dark);
      return;
    }
  FolFallRect r = { 0, 0, width, height };
  FolFallTransform t;
  fol_fall_transform_fit (&t, &ex->state, &r);
  ex->h.dark = dark;
  fol_fall_paint_ecosystem (cr, &ex->state, &r, &t, &ex->h);
}

static GtkWidget *
picture (Example *ex, int w, int h)
{
  GtkWidget *area = gtk_drawing_area_new ();
  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (area), w);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (area), h);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (area), draw_example, ex, g_free);
  gtk_widget_set_halign (area, GTK_ALIGN_CENTER);
  return area;
}

static void
draw_tokens (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
  const int *tokens = data;
  FolFallRect r = { 0, 0, width, height };
  fol_fall_paint_token_row (cr, tokens + 1, tokens[0], &r);
}

GtkWidget *
fol_fall_token_picture_new (const int *tokens, int n, int height)
{
  g_return_val_if_fail (n > 0 && n <= FALL_N_TOKEN_KINDS, NULL);
  /* the count first, then the tokens */
  int *data = g_new (int, n + 1);
  data[0] = n;
  memcpy (data + 1, tokens, sizeof (int) * (gsize) n);
  GtkWidget *area = gtk_drawing_area_new ();
  gtk_widget_set_name (area, "token-picture");
  /* the width the row takes at this height (fol_fall_paint_token_row()) */
  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (area), (int) ceil (n * height / 2.5 * 2.6));
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (area), height);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (area), draw_tokens, data, g_free);
  gtk_widget_set_halign (area, GTK_ALIGN_START);
  gtk_widget_set_valign (area, GTK_ALIGN_CENTER);
  GString *label = g_string_new (NULL);
  for (int i = 0; i < n; i++)
    g_string_append_printf (label, "%s%s", i ? ", " : "", fol_fall_token_words ((FallToken) tokens[i]));
  gtk_accessible_update_property (GTK_ACCESSIBLE (area), GTK_ACCESSIBLE_PROPERTY_LABEL, label->str, -1);
  g_string_free (label, TRUE);
  return area;
}

/* Plays greedy moves on @s until @stop says so (or the game ends). */
typedef gboolean (*StopFunc) (const FallState *s, gpointer data);

static void
play_until (FallState *s, StopFunc stop, gpointer data, int max_moves)
{
  FolRng rng;
  fol_rng_seed (&rng, 11);
  FallState *view = g_new0 (FallState, 1);
  for (int i = 0; i < max_moves && !fall_state_is_over (s); i++)
    {
      if (stop && stop (s, data))
        break;
      fall_state_view (s, fall_state_current_seat (s), view);
      FallMove m;
      if (!fall_ai_choose (view, FOL_AI_GREEDY, &rng, &m) || !fall_apply (s, &m, NULL))
        break;
    }
  g_free (view);
}

/* A tile in hand that may be stacked (rule 2) on a Fox or Bird. */
static gboolean
stop_at_stacking (const FallState *s, gpointer data)
{
  FallMove *found = data;
  if (s->phase != FALL_PHASE_ACT || !s->n_hand_tiles)
    return FALSE;
  FallMove *list = g_new (FallMove, FALL_MAX_MOVES);
  int n = fall_legal_placements (s, s->hand_tile[0], list);
  gboolean ok = FALSE;
  for (int i = 0; i < n && !ok; i++)
    {
      int idx = fall_state_find (s, list[i].q, list[i].r);
      const FallCell *c = &s->cell[idx];
      if (c->height && (c->token == FALL_FOX || c->token == FALL_HOOPOE || c->token == FALL_ROBIN)
          && !(c->emask & s->comps->tile[list[i].arg].edge_mask[list[i].rot]))
        {
          *found = list[i];
          ok = TRUE;
        }
    }
  g_free (list);
  return ok;
}

static gboolean
stop_at_first_place (const FallState *s, gpointer data)
{
  return s->phase == FALL_PHASE_ACT && s->n_hand_tiles > 0;
}

static void
add_text (GtkWidget *box, const char *text, const char *css)
{
  GtkWidget *l = gtk_label_new (NULL);
  gtk_label_set_markup (GTK_LABEL (l), text);
  gtk_label_set_wrap (GTK_LABEL (l), TRUE);
  gtk_label_set_xalign (GTK_LABEL (l), 0);
  gtk_label_set_max_width_chars (GTK_LABEL (l), 80);
  if (css)
    gtk_widget_add_css_class (l, css);
  gtk_box_append (GTK_BOX (box), l);
}

/* An example ecosystem for the worked card examples. */
static void
example_tally (FallTally *t)
{
  memset (t, 0, sizeof *t);
  t->flowers[FALL_CROCUS] = 2;
  t->flowers[FALL_DAFFODIL] = 1;
  t->flowers[FALL_COSMOS] = 3;
  t->n_fox_groups = 3;
  t->fox_group[0] = 1;
  t->fox_group[1] = 2;
  t->fox_group[2] = 4;
  t->foxes = 7;
  t->hoopoes = 3;
  t->robins = 2;
  t->toads = 2;
  t->birds_on_layer[1] = 3;
  t->birds_on_layer[2] = 1;
  t->birds_on_layer[3] = 1;
  t->bird_toad_pairs = 2;
  t->bird_fox_pairs = 3;
}

static void
build (FolFallHelp *self)
{
  const FallComponents *comps = fall_components_get (NULL);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 10);
  gtk_widget_set_margin_start (box, 24);
  gtk_widget_set_margin_end (box, 24);
  gtk_widget_set_margin_top (box, 18);
  gtk_widget_set_margin_bottom (box, 24);
  GtkWidget *clamp = adw_clamp_new ();
  adw_clamp_set_maximum_size (ADW_CLAMP (clamp), 820);
  adw_clamp_set_child (ADW_CLAMP (clamp), box);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scroll), clamp);

  add_text (box, _("Fall: the rules"), "title-1");
  add_text (box, _("Two players build one shared ecosystem of hexagonal Leaf tiles over 12 weeks. Each week four "
                   "tile-and-token combinations are offered. The first player of the week takes one, the other player "
                   "takes two, then the first player takes the last one. The first player changes every week."),
            NULL);
  add_text (box, _("Your three secret scoring cards (one Flower, one Fox, one Bird card) say what earns you victory "
                   "points (VP). The cards of both players score the same ecosystem; only you see yours until the end. "
                   "Below the board you always see what your cards would give if the game ended now."),
            NULL);
  if (!comps)
    return;

  add_text (box, _("Placing a tile"), "title-3");
  add_text (box, _("Every tile you take must be placed in the turn you take it, next to or on top of tiles already in "
                   "the ecosystem. A tile has one or two colours (yellow plain, red striped, green dotted); a two-colour "
                   "tile is split through two opposite corners. Use one of two rules:"),
            NULL);
  add_text (box, _("<b>Rule 1</b>: at least one edge of the new tile meets an edge of the same colour of a neighbouring "
                   "tile, on any layer. This works on an empty cell and on a stack of one or two tiles."),
            NULL);
  add_text (box, _("<b>Rule 2</b>: on top of a stack of one or two tiles whose top tile shares a colour with the new "
                   "tile, turned any way. The token on the tile beneath is then removed from the game (back to the box), "
                   "except Mushroom and Toad tokens, which can never be removed: so a tile can never be stacked on a "
                   "tile bearing one of them. Stacks are at most 3 tiles high; nothing goes on the starting tile."),
            NULL);
  add_text (box, _("In the app, the tile follows the pointer: green cells show where it fits (strong green: with its "
                   "current rotation), the label under it tells the rule, white strokes show the edges that meet "
                   "the same colour, and a crossed-out token is the one that stacking would put back in the box."),
            NULL);
  {
    Example *ex = g_new0 (Example, 1);
    ex->card = -1;
    fall_state_init (&ex->state, comps, 3, NULL);
    play_until (&ex->state, stop_at_first_place, NULL, 10);
    fol_fall_highlights_init (&ex->h);
    if (ex->state.n_hand_tiles)
      {
        FallMove *list = g_new (FallMove, FALL_MAX_MOVES);
        int n = fall_legal_placements (&ex->state, ex->state.hand_tile[0], list);
        if (n > 0)
          {
            FolHex cell = { list[0].q, list[0].r };
            fol_fall_highlights_set_ghost (&ex->h, &ex->state, list[0].arg, &cell, list[0].rot, TRUE);
          }
        g_free (list);
      }
    gtk_box_append (GTK_BOX (box), picture (ex, 360, 240));
    add_text (box, _("The first tile goes next to the starting tile; here it fits by rule 1."), "caption");
  }
  {
    Example *ex = g_new0 (Example, 1);
    ex->card = -1;
    FallMove found = { 0 };
    fall_state_init (&ex->state, comps, 5, NULL);
    play_until (&ex->state, stop_at_stacking, &found, 400);
    fol_fall_highlights_init (&ex->h);
    if (found.kind == FALL_MOVE_PLACE)
      {
        FolHex cell = { found.q, found.r };
        fol_fall_highlights_set_ghost (&ex->h, &ex->state, found.arg, &cell, found.rot, FALSE);
      }
    gtk_box_append (GTK_BOX (box), picture (ex, 520, 360));
    add_text (box, _("Stacking by rule 2: the token on the covered tile (crossed out) would go back to the box."), "caption");
  }

  add_text (box, _("Tokens"), "title-3");
  add_text (box, _("Each combination brings a token: Mushroom (brown circle, M), Fox (orange triangle, F), Hoopoe "
                   "(buff diamond, H), Robin (red square, R) or Toad (green octagon, T). You may place it at once, or "
                   "tokens set aside earlier, on any top tile without a token that shows its icon: the hollow F, B "
                   "(Bird: Hoopoe or Robin) and M on the tiles. A Toad goes on any tile without a token except the "
                   "starting tile, and must be placed in the turn you take it. One token per tile."),
            NULL);
  {
    static const int all[] = { FALL_MUSHROOM, FALL_FOX, FALL_HOOPOE, FALL_ROBIN, FALL_TOAD };
    GtkWidget *tokens = fol_fall_token_picture_new (all, G_N_ELEMENTS (all), 56);
    gtk_widget_set_halign (tokens, GTK_ALIGN_CENTER);
    gtk_box_append (GTK_BOX (box), tokens);
    add_text (box, _("The tokens as the board draws them: Mushroom, Fox, Hoopoe, Robin and Toad."), "caption");
  }
  add_text (box, _("The Season board shows which token may not be placed this week (and next week). At the end of "
                   "your turn at most 2 tokens may stay set aside: you choose which others go back to the box."),
            NULL);
  add_text (box, _("When you place a Mushroom you put one of your 8 markers on it (blue squares for the player "
                   "named first in the game, black circles for the other). At the end it gives you 1 VP on layer 1, 3 VP on layer 2 and 6 VP "
                   "on layer 3. With no marker left the Mushroom stays unclaimed (marked ?) and either player may "
                   "claim it later with a marker: click it."),
            NULL);

  add_text (box, _("Flowers and layers"), "title-3");
  add_text (box, _("Tiles carry Flower segments on their corners: Autumn Crocus (violet triangle), Daffodil (orange "
                   "circle) and Cosmos (pink star). Where three tiles meet at a corner with three segments of the same "
                   "kind, a Flower is complete, on any layers: the board rings it. Only top tiles count, for Flowers, "
                   "colours and tokens alike. The number on a tile and its border show its layer: thin for 1, heavier "
                   "for 2, black for 3, and the lower tiles peek out below a stack."),
            NULL);
  {
    Example *ex = g_new0 (Example, 1);
    ex->card = -1;
    fall_state_init (&ex->state, comps, 8, NULL);
    play_until (&ex->state, NULL, NULL, 110);
    fol_fall_highlights_init (&ex->h);
    gtk_box_append (GTK_BOX (box), picture (ex, 560, 420));
    add_text (box, _("A game in week 6: stacks, tokens, claimed Mushrooms and complete Flowers (ringed)."), "caption");
  }

  add_text (box, _("The end"), "title-3");
  add_text (box, _("After week 12 both players reveal their cards. Each scores their Flower, Fox and Bird cards over "
                   "the whole ecosystem (whoever placed the tokens) and their own Mushrooms. The most VP wins; on a tie, "
                   "the most Mushroom VP, then the most Flower VP; otherwise the win is shared."),
            NULL);

  add_text (box, _("The 18 scoring cards"), "title-3");
  add_text (box, _("Every card is explained with the same example ecosystem: 2 complete Autumn Crocus, 1 Daffodil and "
                   "3 Cosmos; Fox groups of 1, 2 and 4 Foxes; 3 Hoopoes and 2 Robins (3 Birds on layer 1, 1 on layer "
                   "2, 1 on layer 3), with 2 Toads and 3 Foxes next to Birds."),
            NULL);
  FallTally t;
  example_tally (&t);
  for (int kind = 0; kind < FALL_N_CARD_KINDS; kind++)
    for (int i = 0; i < 6; i++)
      {
        int ci = comps->cards_of_kind[kind][i];
        const FallCard *card = &comps->card[ci];
        GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
        Example *ex = g_new0 (Example, 1);
        ex->state.comps = comps;
        ex->card = ci;
        ex->card_vp = fall_card_score (card, &t, NULL);
        gtk_box_append (GTK_BOX (row), picture (ex, 220, 120));
        GtkWidget *col = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
        gtk_widget_set_hexpand (col, TRUE);
        g_autofree char *title = g_strdup_printf ("<b>%s %s</b>", fol_fall_card_kind_words ((FallCardKind) kind), card->id);
        add_text (col, title, NULL);
        g_autofree char *desc = fol_fall_card_describe (card);
        g_autofree char *desc_esc = g_markup_escape_text (desc, -1);
        add_text (col, desc_esc, NULL);
        uint8_t cards[3] = { FALL_NONE, FALL_NONE, FALL_NONE };
        cards[kind] = (uint8_t) ci;
        g_autoptr (GArray) lines = fol_fall_score_lines (comps, &t, cards, 0);
        GString *ex_text = g_string_new (_("In the example: "));
        gboolean first = TRUE;
        for (guint k = 0; k < lines->len; k++)
          {
            const FolFallScoreLine *l = &g_array_index (lines, FolFallScoreLine, k);
            if (l->part != kind)
              continue;
            if (!first)
              g_string_append (ex_text, "; ");
            first = FALSE;
            g_string_append_printf (ex_text, "%s = %d", l->label, l->vp);
          }
        g_string_append_printf (ex_text, _(": %d VP in all."), ex->card_vp);
        g_autofree char *ex_esc = g_markup_escape_text (ex_text->str, -1);
        g_string_free (ex_text, TRUE);
        add_text (col, ex_esc, "dim-label");
        gtk_box_append (GTK_BOX (row), col);
        gtk_box_append (GTK_BOX (box), row);
      }

  add_text (box, _("Controls"), "title-3");
  add_text (box, _("Click a combination of the offer (or press 1 to 4) to take it. Its tile follows the pointer: R or "
                   "the mouse wheel rotates it (Shift+R back), a click or Enter places it, Escape lets go, Tab switches "
                   "between two tiles. The arrow keys move between cells. Click a token set aside below the board, then "
                   "a marked tile (or press T, move with the arrows and press Enter). Drag the ecosystem to pan, "
                   "Ctrl+wheel or a pinch zooms, 0 fits it to the view. Ctrl+Z takes back the last move of your turn."),
            NULL);
  add_text (box, _("H (or Hint) shows the move the Hard computer player would make now, worked out from what you "
                   "can see at the table only: the combination to take, where the tile goes, where a token goes, or "
                   "which tokens go back in the box. A game played with hints is counted apart in the statistics."),
            NULL);
}

static void
fol_fall_help_dispose (GObject *object)
{
  FolFallHelp *self = FOL_FALL_HELP (object);
  g_clear_pointer (&self->scroll, gtk_widget_unparent);
  G_OBJECT_CLASS (fol_fall_help_parent_class)->dispose (object);
}

static void
fol_fall_help_class_init (FolFallHelpClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = fol_fall_help_dispose;
  gtk_widget_class_set_layout_manager_type (GTK_WIDGET_CLASS (klass), GTK_TYPE_BIN_LAYOUT);
}

static void
fol_fall_help_init (FolFallHelp *self)
{
  self->scroll = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scroll), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_widget_set_parent (self->scroll, GTK_WIDGET (self));
  build (self);
}

GtkWidget *
fol_fall_help_new (void)
{
  return g_object_new (FOL_TYPE_FALL_HELP, NULL);
}

GtkWidget *
fol_fall_help_new_window (GtkWindow *parent)
{
  GtkWidget *win = adw_window_new ();
  gtk_window_set_title (GTK_WINDOW (win), _("Fall: Rules"));
  gtk_window_set_default_size (GTK_WINDOW (win), 760, 700);
  if (parent)
    gtk_window_set_transient_for (GTK_WINDOW (win), parent);
  gtk_window_set_destroy_with_parent (GTK_WINDOW (win), TRUE);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_box_append (GTK_BOX (box), adw_header_bar_new ());
  GtkWidget *help = fol_fall_help_new ();
  gtk_widget_set_vexpand (help, TRUE);
  gtk_box_append (GTK_BOX (box), help);
  adw_window_set_content (ADW_WINDOW (win), box);
  GtkEventController *keys = gtk_shortcut_controller_new ();
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (keys),
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_Escape, 0),
                                                          gtk_named_action_new ("window.close")));
  gtk_widget_add_controller (win, keys);
  return win;
}
