/* fol-fall-page.c: the page of one Fall game (see the header); its widgets
 * are data/ui/fol-fall-page.ui. */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "fol-fall-page.h"
#include "fol-fall-board.h"
#include "fol-fall-help.h"
#include "fol-fall-painter.h"
#include "fol-fall-words.h"
#include "fall-notation.h"
#include "fall-scoring.h"

struct _FolFallPage
{
  FolGamePage parent_instance;

  FallState *view;            /* the view shown */
  int shown_seat;             /* -1: none (pass screen, end) */
  gboolean passing;
  int revealed_seat;          /* hot seat: the seat that pressed "Show my turn" */
  /* what the moves told so far did (the log is told from the start after
   * set-up, reopening and undo: describe_start, then describe_move) */
  FolFallPlacements placed;   /* who placed which tile: the words name places by them */
  FolHex last_cells[8];       /* the cells of the latest turn's moves */
  int n_last;
  gboolean last_ended;        /* the latest turn has ended: the next move starts a new one */
  char *last_line;            /* the log's line of the latest move that had one */
  char *help;                 /* the help line, when made up */
  GPtrArray *end_lines;

  /* the template */
  GtkWidget *board;
  GtkWidget *pass_page;       /* AdwStatusPage in the board's place */
  GtkWidget *show_turn_button;
  GtkWidget *play_box;
  GtkWidget *ghost_label;
  GtkWidget *score_label;
  GtkWidget *switch_button;
  GtkWidget *discard_button;
  GtkWidget *keys_label;
  GtkWidget *legend;
  GtkWidget *over_box;
};

G_DEFINE_FINAL_TYPE (FolFallPage, fol_fall_page, FOL_TYPE_GAME_PAGE)

#define BASE(self) FOL_GAME_PAGE (self)

/* ---- helpers ---- */

static FolFallGame *
game_of (FolFallPage *self)
{
  return FOL_FALL_GAME (fol_game_page_get_game (BASE (self)));
}

static const FallState *
state_of (FolFallPage *self)
{
  return fol_fall_game_get_state (game_of (self));
}

static int
current_seat (FolFallPage *self)
{
  return fall_state_current_seat (state_of (self));
}

static gboolean
hot_seat (FolFallPage *self)
{
  return fol_game_page_seat_is_human (BASE (self), 0) && fol_game_page_seat_is_human (BASE (self), 1);
}

static int
held_count (const FallState *s, int seat)
{
  int n = 0;
  for (int k = 0; k < 4; k++)
    n += s->held[seat][k];
  return n;
}

/* A legend: the three Flower symbols with their names. */
static void
draw_flower_legend (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
  static const char *names[] = { NULL, N_("Autumn Crocus"), N_("Daffodil"), N_("Cosmos") };
  GdkRGBA fg;
  gtk_style_context_get_color (gtk_widget_get_style_context (GTK_WIDGET (area)), &fg);
  PangoLayout *layout = gtk_widget_create_pango_layout (GTK_WIDGET (area), NULL);
  double r = height * 0.28;
  /* longer names (translations) shrink the legend to the width it has */
  double total = 2;
  for (int k = FALL_CROCUS; k <= FALL_COSMOS; k++)
    {
      pango_layout_set_text (layout, _(names[k]), -1);
      int tw, th;
      pango_layout_get_pixel_size (layout, &tw, &th);
      total += 2 * r + 4 + tw + (k < FALL_COSMOS ? 12 : 2);
    }
  double f = total > width ? width / total : 1.0;
  cairo_save (cr);
  cairo_translate (cr, 0, height / 2.0);
  cairo_scale (cr, f, f);
  double x = 2;
  for (int k = FALL_CROCUS; k <= FALL_COSMOS; k++)
    {
      fol_fall_paint_flower (cr, k, x + r, 0, r);
      x += 2 * r + 4;
      pango_layout_set_text (layout, _(names[k]), -1);
      int tw, th;
      pango_layout_get_pixel_size (layout, &tw, &th);
      gdk_cairo_set_source_rgba (cr, &fg);
      cairo_move_to (cr, x, -th / 2.0);
      pango_cairo_show_layout (cr, layout);
      x += tw + 12;
    }
  cairo_restore (cr);
  g_object_unref (layout);
}

/* ---- what the model tells ---- */

static char *
week_line (int week)
{
  return g_strdup_printf (_("— Week %d —"), week);
}

/* The players' names, for the words (fol_fall_describe_move()). */
static void
get_names (FolGamePage *page, const char *names[2])
{
  for (int p = 0; p < 2; p++)
    names[p] = fol_game_page_get_seat_name (page, p);
}

/* The log is told again from the start: so is what the moves did. */
static char *
fall_describe_start (FolGamePage *page)
{
  FolFallPage *self = FOL_FALL_PAGE (page);
  fol_fall_placements_init (&self->placed);
  self->n_last = 0;
  self->last_ended = FALSE;
  g_clear_pointer (&self->last_line, g_free);
  return week_line (1);
}

/* What the move did, and a new week when it began one; the page follows
 * the game here, move by move (a new move, or the log told again when the
 * game is opened or a move taken back): who placed which tile, the latest
 * turn's cells (the opponent's moves stay outlined until the person's
 * first move) and the latest move's line. */
static void
fall_describe_move (FolGamePage *page, const FolMoveReport *report, GPtrArray *lines)
{
  FolFallPage *self = FOL_FALL_PAGE (page);
  const FolFallMoveDetail *d = report->detail;
  const FallMove *m = &d->move;
  const char *names[2];
  get_names (page, names);
  char *line = fol_fall_describe_move (d->before, m, names, &self->placed);
  fol_fall_placements_add (&self->placed, d->before, m);
  if (self->last_ended)
    self->n_last = 0;
  self->last_ended = m->kind == FALL_MOVE_END;
  if ((m->kind == FALL_MOVE_PLACE || m->kind == FALL_MOVE_TOKEN || m->kind == FALL_MOVE_CLAIM)
      && self->n_last < (int) G_N_ELEMENTS (self->last_cells))
    self->last_cells[self->n_last++] = (FolHex) { m->q, m->r };
  if (line)
    {
      g_free (self->last_line);
      self->last_line = g_strdup (line);
      g_ptr_array_add (lines, line);
    }
  if (!report->game_over && d->after->week != d->before->week)
    g_ptr_array_add (lines, week_line (d->after->week));
}

/* The board shows what the moves did: the latest turn's cells outlined,
 * the latest move in its accessible description, the places named by the
 * tiles placed.  After every move, and when the game is opened again. */
static void
show_last_move (FolFallPage *self)
{
  FolFallBoard *board = FOL_FALL_BOARD (self->board);
  fol_fall_board_set_placements (board, &self->placed);
  fol_fall_board_set_last_cells (board, self->last_cells, self->n_last);
  fol_fall_board_set_last_move_text (board, self->last_line);
}

static void
fall_undone (FolGamePage *page)
{
  fol_fall_board_cancel (FOL_FALL_BOARD (FOL_FALL_PAGE (page)->board));
}

/* Only the seat whose view is shown acts: not behind the pass screen. */
static gboolean
fall_may_act (FolGamePage *page, int seat)
{
  return FOL_FALL_PAGE (page)->shown_seat == seat;
}

/* ---- hints ---- */

static char *
fall_show_hint (FolGamePage *page, const char *text, GError **error)
{
  FolFallPage *self = FOL_FALL_PAGE (page);
  /* the search had the seat's view only (fol-fall-game.c, copy_state); the
   * page checks the move on the same view, the one it shows */
  FallMove m;
  const char *reason = NULL;
  if (!fall_move_parse (self->view->comps, text, &m, error))
    return NULL;
  if (!fall_check_move (self->view, &m, &reason))
    {
      g_set_error_literal (error, FOL_GAME_ERROR, FOL_GAME_ERROR_ILLEGAL, fol_fall_reason_words (reason));
      return NULL;
    }
  fol_fall_board_set_hint (FOL_FALL_BOARD (self->board), &m);
  const char *names[2];
  get_names (page, names);
  return fol_fall_describe_hint (self->view, &m, names, &self->placed);
}

static void
fall_clear_hint (FolGamePage *page)
{
  fol_fall_board_set_hint (FOL_FALL_BOARD (FOL_FALL_PAGE (page)->board), NULL);
}

/* ---- the board ---- */

static void
on_move_chosen (FolFallBoard *board, const FallMove *m, FolFallPage *self)
{
  if (fol_game_page_get_acting_seat (BASE (self)) < 0)
    return;
  const char *reason = NULL;
  if (!fall_check_move (state_of (self), m, &reason))
    {
      fol_game_page_toast (BASE (self), fol_fall_reason_words (reason));
      return;
    }
  g_autoptr (GError) error = NULL;
  /* the model tells the page what the move did (FolGamePage) */
  if (!fol_fall_game_apply (game_of (self), m, &error))
    fol_game_page_toast (BASE (self), error->message);
}

static void
on_refused (FolFallBoard *board, const char *reason, FolFallPage *self)
{
  fol_game_page_toast (BASE (self), reason);
}

/* The line under the help (hidden while it has nothing to say). */
static void
set_ghost_text (FolFallPage *self, const char *text)
{
  gtk_label_set_text (GTK_LABEL (self->ghost_label), text);
  gtk_widget_set_visible (self->ghost_label, *text != '\0');
}

/* The line under the buttons: the pointer and the keys that do something
 * now, and only those (no "R turns" without a tile to turn). */
static void
update_keys_label (FolFallPage *self)
{
  FolFallBoard *board = FOL_FALL_BOARD (self->board);
  g_autofree char *keys = fol_fall_board_describe_keys (board);
  gboolean tile = fol_fall_board_get_held_tile (board) >= 0;
  gboolean acting = fol_game_page_get_acting_seat (BASE (self)) >= 0;
  g_autofree char *text = g_strdup_printf ("%s %s%s%s",
                                           tile ? _("Drag to pan, Ctrl+wheel or pinch to zoom; the wheel turns the tile.")
                                                : _("Drag to pan, wheel or pinch to zoom."),
                                           keys, acting ? " " : "", acting ? _("H shows a hint.") : "");
  gtk_label_set_text (GTK_LABEL (self->keys_label), text);
}

/* The line under the help: what the tile or token in the pointer would do. */
static void
on_selection_changed (FolFallBoard *board, FolFallPage *self)
{
  FallMove m;
  gboolean legal;
  int rule, discards;
  update_keys_label (self);
  if (!fol_fall_board_get_ghost (board, &m, &legal, &rule, &discards))
    {
      int tok = fol_fall_board_get_selected_token (board);
      if (tok >= 0)
        {
          g_autofree char *t = g_strdup_printf (_("Placing %s: click a marked tile, or Escape."),
                                                fol_fall_token_with_article ((FallToken) tok));
          set_ghost_text (self, t);
        }
      else if (fol_game_page_get_acting_seat (BASE (self)) >= 0 && state_of (self)->phase == FALL_PHASE_ACT
               && state_of (self)->n_hand_tiles > 0)
        /* nothing in the pointer (Escape let the tile go): how to take it again */
        set_ghost_text (self, _("Nothing held: click a tile in your hand below the board, or press Tab, to place it."));
      else
        set_ghost_text (self, "");
      return;
    }
  g_autoptr (GString) t = g_string_new (NULL);
  if (!legal)
    g_string_append (t, _("The tile does not fit here."));
  else if (rule == 1)
    g_string_append (t, _("Fits by rule 1: an edge meets an edge of the same colour."));
  else
    g_string_append (t, _("Fits by rule 2: stacked on a tile that shares a colour."));
  if (legal && discards >= 0)
    {
      g_string_append_c (t, ' ');
      /* Translators: the tile in the pointer is stacked on a tile bearing a token (Fox, Hoopoe, Robin) */
      g_string_append_printf (t, _("Careful: this removes the %s token on that tile from the game."),
                              fol_fall_token_words ((FallToken) discards));
    }
  set_ghost_text (self, t->str);
}

/* ---- the end ---- */

/* A row of the end table: @label (after @lead, a picture, when given) and
 * its VP. */
static void
end_cell (FolFallPage *self, GtkGrid *grid, int row, GtkWidget *lead, const char *label, const char *vp, gboolean bold)
{
  GtkWidget *l = gtk_label_new (label);
  gtk_label_set_xalign (GTK_LABEL (l), 0);
  gtk_label_set_wrap (GTK_LABEL (l), TRUE);
  gtk_widget_set_hexpand (l, TRUE);
  GtkWidget *v = gtk_label_new (vp);
  gtk_label_set_xalign (GTK_LABEL (v), 1);
  if (bold)
    {
      gtk_widget_add_css_class (l, "heading");
      gtk_widget_add_css_class (v, "heading");
    }
  if (lead)
    {
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      gtk_box_append (GTK_BOX (box), lead);
      gtk_box_append (GTK_BOX (box), l);
      gtk_grid_attach (grid, box, 0, row, 1, 1);
    }
  else
    gtk_grid_attach (grid, l, 0, row, 1, 1);
  gtk_grid_attach (grid, v, 1, row, 1, 1);
  g_ptr_array_add (self->end_lines, g_strdup_printf ("%s\t%s", label, vp));
}

static GtkWidget *
end_text (const char *text, const char *css)
{
  GtkWidget *l = gtk_label_new (text);
  gtk_label_set_wrap (GTK_LABEL (l), TRUE);
  gtk_label_set_xalign (GTK_LABEL (l), 0);
  if (css)
    gtk_widget_add_css_class (l, css);
  return l;
}

/* One player's score: each scoring card with its text and its lines. */
static GtkWidget *
end_table (FolFallPage *self, const FallState *s, const FallTally *t, const FallScore *sc, int p)
{
  static const char *parts[4] = { N_("Flowers"), N_("Foxes"), N_("Birds"), N_("Mushrooms") };
  GtkWidget *grid = gtk_grid_new ();
  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  gtk_grid_set_row_spacing (GTK_GRID (grid), 2);
  gtk_widget_set_margin_top (grid, 6);
  int row = 0;
  g_autofree char *head = g_strdup_printf (_("%s: %d VP"), fol_game_page_get_seat_name (BASE (self), p), sc->total);
  end_cell (self, GTK_GRID (grid), row++, NULL, head, "", TRUE);
  g_autoptr (GArray) lines = fol_fall_score_lines (s->comps, t, s->card[p], p);
  int part = -1;
  int part_vp[4] = { sc->flowers, sc->foxes, sc->birds, sc->mushrooms };
  for (guint i = 0; i < lines->len; i++)
    {
      const FolFallScoreLine *l = &g_array_index (lines, FolFallScoreLine, i);
      if (l->part != part)
        {
          part = l->part;
          uint8_t ci = part < 3 ? s->card[p][part] : FALL_NONE;
          g_autofree char *ph = ci == FALL_NONE ? g_strdup (_(parts[part]))
            : g_strdup_printf ("%s (%s %s)", _(parts[part]), fol_fall_card_kind_words ((FallCardKind) part),
                               s->comps->card[ci].id);
          g_autofree char *pv = g_strdup_printf ("%d", part_vp[part]);
          /* the tokens a part scores, drawn as on the board */
          static const int fox[] = { FALL_FOX }, birds[] = { FALL_HOOPOE, FALL_ROBIN }, mushroom[] = { FALL_MUSHROOM };
          GtkWidget *pic = part == 1 ? fol_fall_token_picture_new (fox, 1, 24)
                           : part == 2 ? fol_fall_token_picture_new (birds, 2, 24)
                           : part == 3 ? fol_fall_token_picture_new (mushroom, 1, 24) : NULL;
          end_cell (self, GTK_GRID (grid), row++, pic, ph, pv, TRUE);
          if (ci != FALL_NONE)
            {
              g_autofree char *desc = fol_fall_card_describe (&s->comps->card[ci]);
              GtkWidget *dl = end_text (desc, "dim-label");
              gtk_widget_add_css_class (dl, "caption");
              gtk_grid_attach (GTK_GRID (grid), dl, 0, row++, 2, 1);
            }
        }
      g_autofree char *vp = g_strdup_printf ("%d", l->vp);
      g_autofree char *indented = g_strdup_printf ("    %s", l->label);
      end_cell (self, GTK_GRID (grid), row++, NULL, indented, vp, FALSE);
    }
  g_autofree char *total = g_strdup_printf ("%d", sc->total);
  end_cell (self, GTK_GRID (grid), row++, NULL, _("Total"), total, TRUE);
  return grid;
}

static void
build_over_page (FolFallPage *self)
{
  GtkWidget *child;
  while ((child = gtk_widget_get_first_child (self->over_box)))
    gtk_box_remove (GTK_BOX (self->over_box), child);
  g_ptr_array_set_size (self->end_lines, 0);
  const FallState *s = state_of (self);
  FallScore sc[2];
  int winner = fall_result (s, sc);
  FallTally t;
  fall_tally (s, &t);
  g_autofree char *title = winner < 0 ? g_strdup (_("A shared win!"))
    : g_strdup_printf (_("%s wins with %d VP"), fol_game_page_get_seat_name (BASE (self), winner), sc[winner].total);
  gtk_box_append (GTK_BOX (self->over_box), end_text (title, "title-2"));
  if (sc[0].total == sc[1].total)
    gtk_box_append (GTK_BOX (self->over_box),
                    end_text (winner < 0 ? _("Tied on VP, Mushroom VP and Flower VP: the win is shared.")
                              : sc[0].mushrooms != sc[1].mushrooms ? _("Tied on VP: the tie is broken by the most Mushroom VP.")
                              : _("Tied on VP and Mushroom VP: the tie is broken by the most Flower VP."), NULL));
  /* the way back in sight above the tables, whatever the panel's height */
  GtkWidget *back = gtk_button_new_with_mnemonic (_("_Back to the Start Page"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (back), "game.back");
  gtk_widget_add_css_class (back, "pill");
  gtk_widget_set_halign (back, GTK_ALIGN_CENTER);
  gtk_widget_set_margin_top (back, 6);
  gtk_widget_set_margin_bottom (back, 6);
  gtk_box_append (GTK_BOX (self->over_box), back);
  for (int p = 0; p < 2; p++)
    gtk_box_append (GTK_BOX (self->over_box), end_table (self, s, &t, &sc[p], p));
}

/* ---- refresh ---- */

/* Whether the tile in hand (the one in the pointer, else the first) fits nowhere. */
static gboolean
tile_fits_nowhere_now (FolFallPage *self, int acting)
{
  const FallState *s = state_of (self);
  if (acting < 0 || s->n_hand_tiles == 0)
    return FALSE;
  int hand_tile = fol_fall_board_get_held_tile (FOL_FALL_BOARD (self->board));
  int tile = hand_tile >= 0 ? hand_tile : s->hand_tile[0];
  return fall_legal_placements (self->view, tile, NULL) == 0;
}

/* The END of @seat's turn that puts back every token it holds aside; it is legal
 * exactly when nothing else stops the turn from ending (a tile in hand, or
 * a Toad taken this turn that can still be placed: rulebook "Fauna and Fungi
 * Tokens", "except for the Toad token, it is never mandatory to place a
 * token"; DECISIONS.md "Tokens": a Toad that cannot be placed is discarded). */
static FallMove
end_putting_back_all (const FallState *s, int seat)
{
  FallMove end = { .kind = FALL_MOVE_END };
  for (int k = 0; k < 4; k++)
    end.discard[k] = s->held[seat][k];
  return end;
}

static gboolean
turn_can_end (const FallState *s, int seat, const char **reason)
{
  FallMove end = end_putting_back_all (s, seat);
  return fall_check_move (s, &end, reason);
}

/* Whether @seat holds a Toad taken this turn that must still be placed
 * (a Toad with no free tile left goes back to the box by itself). */
static gboolean
toad_must_be_placed (const FallState *s, int seat)
{
  return s->held[seat][FALL_TOAD] && s->n_hand_tiles == 0 && !turn_can_end (s, seat, NULL);
}

/* The line under the title: what to do now. */
static const char *
fall_get_help (FolGamePage *page, int acting)
{
  FolFallPage *self = FOL_FALL_PAGE (page);
  const FallState *s = state_of (self);
  int cur = current_seat (self);
  g_clear_pointer (&self->help, g_free);
  if (!fol_game_page_seat_is_human (page, cur))
    return self->help = g_strdup_printf (_("%s (computer) is playing…"), fol_game_page_get_seat_name (page, cur));
  if (acting < 0)
    return "";
  if (s->phase == FALL_PHASE_TAKE)
    return s->to_take == 2 ? _("Take a tile-and-token combination from the offer: click it, or press 1 to 4. "
                               "You take two this turn, one after the other.")
           : s->n_hand_tiles ? _("Take your second tile-and-token combination from the offer.")
                             : _("Take a tile-and-token combination from the offer: click it, or press 1 to 4.");
  if (tile_fits_nowhere_now (self, acting))
    return _("This tile fits nowhere: discard it.");
  if (s->n_hand_tiles > 0)
    return _("Place the tile: move it over the ecosystem (or use the arrow keys), rotate it with R or the wheel, "
             "click or press Enter to place it. Green cells show where it fits.");
  if (toad_must_be_placed (self->view, acting))
    return _("Place the Toad first: it must be placed in the turn it was taken. "
             "Click it below the board, then a tile without a token.");
  /* what is left to do this turn, and only that */
  gboolean tokens = FALSE, claims = FALSE;
  for (int i = 0; i < self->view->n_cells && !(tokens && claims); i++)
    {
      FallMove m = { .kind = FALL_MOVE_CLAIM, .q = self->view->cell[i].q, .r = self->view->cell[i].r };
      claims = claims || fall_check_move (self->view, &m, NULL);
      m.kind = FALL_MOVE_TOKEN;
      for (int k = 0; k < FALL_N_TOKEN_KINDS && !tokens; k++)
        {
          m.arg = (uint8_t) k;
          tokens = self->view->held[acting][k] && fall_check_move (self->view, &m, NULL);
        }
    }
  const char *todo = tokens && claims ? _("Place tokens: click a token set aside below the board, then a marked tile. "
                                          "Click an unclaimed Mushroom to claim it. Then end your turn.")
                     : tokens ? _("Place tokens: click a token set aside below the board, then a marked tile. "
                                  "Then end your turn.")
                     : claims ? _("Click an unclaimed Mushroom to claim it, then end your turn.")
                     : _("End your turn (Ctrl+Enter).");
  g_autoptr (GString) help = g_string_new (todo);
  if (self->view->held[acting][FALL_TOAD])
    g_string_append_printf (help, " %s", _("The Toad then goes back to the box by itself: no tile is free for it."));
  guint8 unusable[4];
  if (fol_fall_game_unusable_held (self->view, acting, unusable) > 0)
    g_string_append_printf (help, " %s", _("The tokens kept aside then go back to the box by themselves: "
                                           "no turn of yours is left that could place them."));
  return self->help = g_string_free (g_steal_pointer (&help), FALSE);
}

/* Whose view is shown: the person's (the one at the desk, or in a game
 * between two people the one who pressed "Show my turn"), or nobody's. */
static void
choose_shown_seat (FolFallPage *self)
{
  int cur = current_seat (self);
  if (fall_state_is_over (state_of (self)))
    self->shown_seat = -1;
  else if (hot_seat (self))
    self->shown_seat = self->revealed_seat == cur ? cur : -1;
  else
    self->shown_seat = fol_game_page_seat_is_human (BASE (self), 0) ? 0 : fol_game_page_seat_is_human (BASE (self), 1) ? 1 : 0;
  self->passing = !fall_state_is_over (state_of (self)) && hot_seat (self) && self->shown_seat < 0;
}

static void
fill_pass_page (FolFallPage *self)
{
  int cur = current_seat (self);
  g_autofree char *title = g_strdup_printf (_("Pass the device to %s"), fol_game_page_get_seat_name (BASE (self), cur));
  adw_status_page_set_title (ADW_STATUS_PAGE (self->pass_page), title);
  g_autofree char *desc = fol_game_get_n_moves (FOL_GAME (game_of (self))) == 0
    ? g_strdup (_("The scoring cards stay hidden until the right player is at the desk."))
    : g_strdup_printf (_("The scoring cards stay hidden until the right player is at the desk. "
                         "%s's last moves will be outlined on the board."),
                       fol_game_page_get_seat_name (BASE (self), 1 - cur));
  adw_status_page_set_description (ADW_STATUS_PAGE (self->pass_page), desc);
}

static void
fall_refresh (FolGamePage *page)
{
  FolFallPage *self = FOL_FALL_PAGE (page);
  const FallState *s = state_of (self);
  gboolean over = fall_state_is_over (s);
  choose_shown_seat (self);
  fol_game_page_set_board_covered (page, self->passing);
  if (self->passing)
    fill_pass_page (self);

  int acting = fol_game_page_get_acting_seat (page);
  FolFallBoard *board = FOL_FALL_BOARD (self->board);
  if (over)
    fol_fall_board_set_state (board, s, -1, -1);
  else if (self->passing)
    fol_fall_board_set_state (board, NULL, -1, -1);
  else
    {
      fol_fall_game_get_view (game_of (self), self->shown_seat, self->view);
      fol_fall_board_set_state (board, self->view, self->shown_seat, acting);
    }

  show_last_move (self);
  gtk_widget_set_visible (self->play_box, !over);
  gtk_widget_set_visible (self->over_box, over);
  if (over)
    {
      build_over_page (self);
      fol_game_page_set_title (page, _("The game is over"));
    }
  else
    {
      g_autofree char *turn = g_strdup_printf (_("Week %d of 12: %s's turn"), s->week,
                                               fol_game_page_get_seat_name (page, current_seat (self)));
      fol_game_page_set_title (page, turn);
    }

  gtk_widget_set_visible (self->switch_button, acting >= 0 && s->n_hand_tiles > 1);
  gtk_widget_set_visible (self->discard_button, tile_fits_nowhere_now (self, acting));
  if (acting < 0)
    set_ghost_text (self, "");

  /* one's score now */
  g_autofree char *score = NULL;
  if (self->shown_seat >= 0 && !over)
    {
      FallScore sc;
      fall_score_seat (self->view, NULL, self->shown_seat, false, &sc);
      score = g_strdup_printf (_("%s's cards would give %d VP now: Flowers %d, Foxes %d, Birds %d, Mushrooms %d."),
                               fol_game_page_get_seat_name (page, self->shown_seat), sc.total, sc.flowers, sc.foxes,
                               sc.birds, sc.mushrooms);
    }
  gtk_label_set_text (GTK_LABEL (self->score_label), score ? score : "");
  gtk_widget_set_visible (self->score_label, score != NULL);

  /* not while a tile is in hand or a Toad taken this turn can still be placed */
  gboolean can_end = acting >= 0 && s->phase == FALL_PHASE_ACT && turn_can_end (self->view, acting, NULL);
  fol_game_page_set_action_enabled (page, "end-turn", can_end);
  fol_game_page_set_action_enabled (page, "switch-tile", acting >= 0 && s->n_hand_tiles > 1);
  /* Rotate turns the tile in hand: nothing to turn without one */
  fol_game_page_set_action_enabled (page, "rotate", acting >= 0 && s->phase == FALL_PHASE_ACT && s->n_hand_tiles > 0);
  update_keys_label (self);
  fol_game_page_set_action_enabled (page, "show-turn", self->passing);
}

/* How far the pieces and the view's re-fit have come (the next computer
 * move waits). */
static double
fall_get_motion (FolGamePage *page)
{
  return fol_fall_board_get_motion (FOL_FALL_BOARD (fol_game_page_get_board (page)));
}

/* Discarding a tile that fits nowhere is the panel's button. */
static gboolean
fall_wants_panel (FolGamePage *page)
{
  FolFallPage *self = FOL_FALL_PAGE (page);
  return tile_fits_nowhere_now (self, fol_game_page_get_acting_seat (page));
}

static GtkWidget *
fall_get_focus_target (FolGamePage *page)
{
  FolFallPage *self = FOL_FALL_PAGE (page);
  return self->passing ? self->show_turn_button : self->board;
}

/* ---- ending the turn ---- */

static void
on_discard_response (AdwMessageDialog *dialog, const char *response, FolFallPage *self)
{
  if (g_strcmp0 (response, "end") != 0)
    return;
  guint8 discard[4];
  memcpy (discard, g_object_get_data (G_OBJECT (dialog), "unusable"), 4);
  GtkWidget *box = adw_message_dialog_get_extra_child (dialog);
  for (GtkWidget *c = gtk_widget_get_first_child (box); c; c = gtk_widget_get_next_sibling (c))
    if (GTK_IS_CHECK_BUTTON (c) && gtk_check_button_get_active (GTK_CHECK_BUTTON (c)))
      discard[GPOINTER_TO_INT (g_object_get_data (G_OBJECT (c), "token"))]++;
  fol_fall_page_end_turn (self, discard);
}

static void
on_discard_toggled (GtkCheckButton *button, AdwMessageDialog *dialog)
{
  GtkWidget *box = adw_message_dialog_get_extra_child (dialog);
  int need = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (dialog), "need")), n = 0;
  for (GtkWidget *c = gtk_widget_get_first_child (box); c; c = gtk_widget_get_next_sibling (c))
    if (GTK_IS_CHECK_BUTTON (c) && gtk_check_button_get_active (GTK_CHECK_BUTTON (c)))
      n++;
  adw_message_dialog_set_response_enabled (dialog, "end", n >= need);
}

/* Asks which held tokens go back to the box when more than 2 would stay
 * (Rulebook: "at most 2 ... set aside"); those in @unusable (week 12: no
 * later turn can place them) go back without asking. */
static void
ask_discard (FolFallPage *self, int seat, const guint8 unusable[4])
{
  const FallState *s = state_of (self);
  int n = held_count (s, seat);
  for (int k = 0; k < 4; k++)
    n -= unusable[k];
  g_autofree char *body = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                        "You may keep 2 tokens aside. Choose at least %d to put back in the box.",
                                                        "You may keep 2 tokens aside. Choose at least %d to put back in the box.",
                                                        (gulong) (n - FALL_MAX_HELD)),
                                           n - FALL_MAX_HELD);
  GtkWidget *dialog = fol_game_page_new_dialog (BASE (self), _("Too many tokens set aside"), body);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  for (int k = 0; k < 4; k++)
    for (int i = 0; i < s->held[seat][k] - unusable[k]; i++)
      {
        GtkWidget *c = gtk_check_button_new_with_label (fol_fall_token_words ((FallToken) k));
        g_object_set_data (G_OBJECT (c), "token", GINT_TO_POINTER (k));
        g_signal_connect (c, "toggled", G_CALLBACK (on_discard_toggled), dialog);
        gtk_box_append (GTK_BOX (box), c);
      }
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), box);
  g_object_set_data (G_OBJECT (dialog), "need", GINT_TO_POINTER (n - FALL_MAX_HELD));
  g_object_set_data_full (G_OBJECT (dialog), "unusable", g_memdup2 (unusable, 4), g_free);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"), "end",
                                    _("_Put Back and End Turn"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "end", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_enabled (ADW_MESSAGE_DIALOG (dialog), "end", FALSE);
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_discard_response), self, 0);
  fol_game_page_present_dialog (BASE (self), dialog);
}

/* How many held tokens would stay aside past @seat's turn, those no later
 * turn can use (fol_fall_game_unusable_held()) put back in the box. */
static int
kept_count (FolFallPage *self, int seat, guint8 unusable[4])
{
  return held_count (state_of (self), seat) - fol_fall_game_unusable_held (state_of (self), seat, unusable);
}

gboolean
fol_fall_page_end_turn (FolFallPage *self, const guint8 *discard)
{
  g_return_val_if_fail (FOL_IS_FALL_PAGE (self), FALSE);
  int seat = fol_game_page_get_acting_seat (BASE (self));
  if (seat < 0)
    return FALSE;
  /* the Toad (and a tile in hand) first: the discard dialog only after */
  if (!turn_can_end (state_of (self), seat, NULL))
    {
      FallMove all = end_putting_back_all (state_of (self), seat);
      return fol_fall_board_end_turn (FOL_FALL_BOARD (self->board), all.discard);  /* refused, and says why */
    }
  guint8 unusable[4];
  if (!discard && kept_count (self, seat, unusable) > FALL_MAX_HELD)
    {
      ask_discard (self, seat, unusable);
      return FALSE;
    }
  /* week 12: what no later turn can use goes back in the box unasked */
  return fol_fall_board_end_turn (FOL_FALL_BOARD (self->board), discard ? discard : unusable);
}

/* The discard dialog asks anyway when more than two tokens would stay. */
static gboolean
fall_confirm_end_turn (FolGamePage *page)
{
  FolFallPage *self = FOL_FALL_PAGE (page);
  guint8 unusable[4];
  return kept_count (self, current_seat (self), unusable) <= FALL_MAX_HELD;
}

static void
fall_end_turn (FolGamePage *page)
{
  fol_fall_page_end_turn (FOL_FALL_PAGE (page), NULL);
}

/* ---- actions ---- */

static void
act_fit (GSimpleAction *a, GVariant *p, gpointer data)
{
  FolFallPage *self = data;
  fol_fall_board_fit (FOL_FALL_BOARD (self->board));
  gtk_widget_grab_focus (self->board);
}

static void
act_rotate (GSimpleAction *a, GVariant *p, gpointer data)
{
  FolFallPage *self = data;
  fol_fall_board_rotate (FOL_FALL_BOARD (self->board), 1);
  gtk_widget_grab_focus (self->board);
}

static void
act_switch_tile (GSimpleAction *a, GVariant *p, gpointer data)
{
  FolFallPage *self = data;
  fol_fall_board_next_tile (FOL_FALL_BOARD (self->board));
  gtk_widget_grab_focus (self->board);
}

static void
act_discard_tile (GSimpleAction *a, GVariant *p, gpointer data)
{
  FolFallPage *self = data;
  const FallState *s = state_of (self);
  int tile = fol_fall_board_get_held_tile (FOL_FALL_BOARD (self->board));
  if (tile < 0 && s->n_hand_tiles)
    tile = s->hand_tile[0];
  fol_fall_board_discard_tile (FOL_FALL_BOARD (self->board), tile);
}

static void
act_show_turn (GSimpleAction *a, GVariant *p, gpointer data)
{
  fol_fall_page_show_turn (data);
}

static const GActionEntry action_entries[] = {
  { .name = "fit", .activate = act_fit },
  { .name = "rotate", .activate = act_rotate },
  { .name = "switch-tile", .activate = act_switch_tile },
  { .name = "discard-tile", .activate = act_discard_tile },
  { .name = "show-turn", .activate = act_show_turn },
};

/* ---- construction ---- */

static void
fol_fall_page_finalize (GObject *object)
{
  FolFallPage *self = FOL_FALL_PAGE (object);
  g_free (self->view);
  g_ptr_array_unref (self->end_lines);
  g_free (self->last_line);
  g_free (self->help);
  G_OBJECT_CLASS (fol_fall_page_parent_class)->finalize (object);
}

static void
fol_fall_page_class_init (FolFallPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  FolGamePageClass *page_class = FOL_GAME_PAGE_CLASS (klass);
  object_class->finalize = fol_fall_page_finalize;
  page_class->shortcuts_view = "fall";
  page_class->refresh = fall_refresh;
  page_class->describe_move = fall_describe_move;
  page_class->describe_start = fall_describe_start;
  page_class->undone = fall_undone;
  page_class->may_act = fall_may_act;
  page_class->show_hint = fall_show_hint;
  page_class->clear_hint = fall_clear_hint;
  page_class->get_help = fall_get_help;
  page_class->confirm_end_turn = fall_confirm_end_turn;
  page_class->end_turn = fall_end_turn;
  page_class->get_focus_target = fall_get_focus_target;
  page_class->wants_panel = fall_wants_panel;
  page_class->get_motion = fall_get_motion;

  g_type_ensure (FOL_TYPE_FALL_BOARD);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/foliage/Foliage/ui/fol-fall-page.ui");
  gtk_widget_class_bind_template_child (widget_class, FolFallPage, board);
  gtk_widget_class_bind_template_child (widget_class, FolFallPage, pass_page);
  gtk_widget_class_bind_template_child (widget_class, FolFallPage, show_turn_button);
  gtk_widget_class_bind_template_child (widget_class, FolFallPage, play_box);
  gtk_widget_class_bind_template_child (widget_class, FolFallPage, ghost_label);
  gtk_widget_class_bind_template_child (widget_class, FolFallPage, score_label);
  gtk_widget_class_bind_template_child (widget_class, FolFallPage, switch_button);
  gtk_widget_class_bind_template_child (widget_class, FolFallPage, discard_button);
  gtk_widget_class_bind_template_child (widget_class, FolFallPage, keys_label);
  gtk_widget_class_bind_template_child (widget_class, FolFallPage, legend);
  gtk_widget_class_bind_template_child (widget_class, FolFallPage, over_box);
  gtk_widget_class_bind_template_callback (widget_class, on_move_chosen);
  gtk_widget_class_bind_template_callback (widget_class, on_refused);
  gtk_widget_class_bind_template_callback (widget_class, on_selection_changed);
}

static void
fol_fall_page_init (FolFallPage *self)
{
  self->shown_seat = -1;
  self->revealed_seat = -1;
  self->view = g_new0 (FallState, 1);
  self->end_lines = g_ptr_array_new_with_free_func (g_free);
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self->legend), draw_flower_legend, NULL, NULL);
  fol_game_page_add_actions (BASE (self), action_entries, G_N_ELEMENTS (action_entries));
  fol_fall_board_set_show_legal (FOL_FALL_BOARD (self->board),
                                 fol_game_page_get_setting_boolean (BASE (self), "show-legal-placements", TRUE));
}

GtkWidget *
fol_fall_page_new (FolFallGame *game)
{
  g_return_val_if_fail (FOL_IS_FALL_GAME (game), NULL);
  FolFallPage *self = g_object_new (FOL_TYPE_FALL_PAGE, NULL);
  fol_fall_board_set_names (FOL_FALL_BOARD (self->board), fol_player_get_name (fol_game_get_player (FOL_GAME (game), 0)),
                            fol_player_get_name (fol_game_get_player (FOL_GAME (game), 1)));
  fol_game_page_set_game (BASE (self), FOL_GAME (game));
  return GTK_WIDGET (self);
}

int
fol_fall_page_get_shown_seat (FolFallPage *self)
{
  g_return_val_if_fail (FOL_IS_FALL_PAGE (self), -1);
  return self->shown_seat;
}

gboolean
fol_fall_page_is_passing (FolFallPage *self)
{
  g_return_val_if_fail (FOL_IS_FALL_PAGE (self), FALSE);
  return self->passing;
}

void
fol_fall_page_show_turn (FolFallPage *self)
{
  g_return_if_fail (FOL_IS_FALL_PAGE (self));
  if (fall_state_is_over (state_of (self)))
    return;
  self->revealed_seat = current_seat (self);
  fol_game_page_refresh (BASE (self));
  gtk_widget_grab_focus (self->board);
}

char **
fol_fall_page_get_end_lines (FolFallPage *self)
{
  g_return_val_if_fail (FOL_IS_FALL_PAGE (self), NULL);
  GStrvBuilder *b = g_strv_builder_new ();
  for (guint i = 0; i < self->end_lines->len; i++)
    g_strv_builder_add (b, g_ptr_array_index (self->end_lines, i));
  char **out = g_strv_builder_end (b);
  g_strv_builder_unref (b);
  return out;
}
