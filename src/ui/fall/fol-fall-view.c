/* fol-fall-view.c: the page of one Fall game; see fol-fall-view.h. */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "fol-fall-view.h"
#include "fol-fall-board.h"
#include "fol-fall-painter.h"
#include "fol-fall-words.h"
#include "fol-thinking.h"
#include "fall-notation.h"
#include "fall-scoring.h"

struct _FolFallView
{
  GtkWidget parent_instance;

  FolFallGame *game;
  GSettings *settings;
  gulong handlers[2];

  GtkWidget *toasts;          /* AdwToastOverlay, the only child */
  GtkWidget *main_stack;      /* "game" | "pass" */
  GtkWidget *pass_page;       /* AdwStatusPage */
  GtkWidget *board;
  GtkWidget *play_box;        /* shown while playing */
  GtkWidget *turn_label;
  GtkWidget *thinking;        /* FolThinking: the computer's moves and hints */
  GtkWidget *help_label;      /* what to do now, or the hint shown */
  GtkWidget *ghost_label;
  GtkWidget *show_turn_button; /* on the pass-the-device screen */
  GtkWidget *score_label;
  GtkWidget *switch_button;
  GtkWidget *discard_button;
  GtkWidget *log_list;
  GtkWidget *log_scroll;
  GtkWidget *over_box;
  GPtrArray *end_lines;
  GSimpleActionGroup *actions;
  guint log_length;

  FallState *view;            /* the view shown */
  int shown_seat;             /* -1: none (pass screen, end) */
  gboolean passing;
  int revealed_seat;          /* hot seat: the seat that pressed "Show my turn" */

  FolHex last_cells[8];      /* the cells of the latest turn's moves */
  int n_last;
  gboolean last_ended;        /* the latest turn has ended: the next move starts a new one */
  guint scroll_source;

  guint ai_source;
  guint delay_ms;

  char *hint_move;            /* the hint shown (notation), or NULL */
  char *hint_words;           /* ... in words */
};

G_DEFINE_FINAL_TYPE (FolFallView, fol_fall_view, GTK_TYPE_WIDGET)

enum {
  CLOSE_REQUESTED,
  N_SIGNALS
};
static guint signals[N_SIGNALS];

static void refresh (FolFallView *self);

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

/* ---- helpers ---- */

static const FallState *
state_of (FolFallView *self)
{
  return fol_fall_game_get_state (self->game);
}

static const char *
seat_name (FolFallView *self, int seat)
{
  return fol_player_get_name (fol_game_get_player (FOL_GAME (self->game), (guint) seat));
}

static gboolean
seat_is_human (FolFallView *self, int seat)
{
  return fol_player_get_human (fol_game_get_player (FOL_GAME (self->game), (guint) seat));
}

static gboolean
hot_seat (FolFallView *self)
{
  return seat_is_human (self, 0) && seat_is_human (self, 1);
}

static int
current_seat (FolFallView *self)
{
  return fall_state_current_seat (state_of (self));
}

/* The person who may act now (on the board shown, not the pass-the-device
 * screen), or -1: a computer's turn, the pass screen, the end. */
static int
acting_seat (FolFallView *self)
{
  if (fall_state_is_over (state_of (self)))
    return -1;
  int cur = current_seat (self);
  return seat_is_human (self, cur) && self->shown_seat == cur ? cur : -1;
}

static void
toast (FolFallView *self, const char *text)
{
  adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (self->toasts), adw_toast_new (text));
}

static GSettingsSchema *
settings_schema (FolFallView *self)
{
  GSettingsSchema *schema = NULL;
  if (self->settings)
    g_object_get (self->settings, "settings-schema", &schema, NULL);
  return schema;
}

static gboolean
settings_bool (FolFallView *self, const char *key, gboolean fallback)
{
  g_autoptr (GSettingsSchema) schema = settings_schema (self);
  if (!schema || !g_settings_schema_has_key (schema, key))
    return fallback;
  g_autoptr (GSettingsSchemaKey) k = g_settings_schema_get_key (schema, key);
  if (!g_variant_type_equal (g_settings_schema_key_get_value_type (k), G_VARIANT_TYPE_BOOLEAN))
    return fallback;
  return g_settings_get_boolean (self->settings, key);
}

/* "animation-speed": an enum whose values are milliseconds, or an integer. */
static guint
settings_delay (FolFallView *self, guint fallback)
{
  g_autoptr (GSettingsSchema) schema = settings_schema (self);
  if (!schema || !g_settings_schema_has_key (schema, "animation-speed"))
    return fallback;
  g_autoptr (GSettingsSchemaKey) k = g_settings_schema_get_key (schema, "animation-speed");
  const GVariantType *t = g_settings_schema_key_get_value_type (k);
  if (g_variant_type_equal (t, G_VARIANT_TYPE_INT32))
    return (guint) MAX (0, g_settings_get_int (self->settings, "animation-speed"));
  g_autoptr (GVariant) range = g_settings_schema_key_get_range (k);
  const char *kind = NULL;
  g_variant_get (range, "(&sv)", &kind, NULL);
  if (g_strcmp0 (kind, "enum") == 0)
    return (guint) MAX (0, g_settings_get_enum (self->settings, "animation-speed"));
  return fallback;
}

/* The cells a move touched, for the highlight of the last move. */
static int
move_cells (const FallMove *m, FolHex *out)
{
  if (m->kind == FALL_MOVE_PLACE || m->kind == FALL_MOVE_TOKEN || m->kind == FALL_MOVE_CLAIM)
    {
      out[0] = (FolHex) { m->q, m->r };
      return 1;
    }
  return 0;
}

/* ---- the log ---- */

static gboolean
scroll_log_to_end (gpointer data)
{
  FolFallView *self = data;
  self->scroll_source = 0;
  GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->log_scroll));
  gtk_adjustment_set_value (adj, gtk_adjustment_get_upper (adj));
  return G_SOURCE_REMOVE;
}

static void
log_append (FolFallView *self, const char *text, gboolean scroll)
{
  GtkWidget *label = gtk_label_new (text);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 34);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_margin_start (label, 6);
  gtk_widget_set_margin_end (label, 6);
  gtk_widget_set_margin_top (label, 3);
  gtk_widget_set_margin_bottom (label, 3);
  gtk_list_box_append (GTK_LIST_BOX (self->log_list), label);
  self->log_length++;
  /* once the new row has its size */
  if (scroll && !self->scroll_source)
    self->scroll_source = g_timeout_add (60, scroll_log_to_end, self);
}

/* The log in words, rebuilt by replaying the game's moves from the set-up
 * (the side and first player of the state reproduce the set-up: both are
 * always drawn from the seed). */
static void
rebuild_log (FolFallView *self)
{
  GtkWidget *child;
  while ((child = gtk_widget_get_first_child (self->log_list)))
    gtk_list_box_remove (GTK_LIST_BOX (self->log_list), child);
  self->log_length = 0;
  const FallState *now = state_of (self);
  FallOptions opts = { now->side, now->first_player };
  FallState *s = g_new0 (FallState, 1);
  fall_state_init (s, now->comps, fol_game_get_seed (FOL_GAME (self->game)), &opts);
  FolGame *g = FOL_GAME (self->game);
  int last_week = 0;
  for (guint i = 0; i < fol_game_get_n_moves (g); i++)
    {
      int seat;
      const char *text = fol_game_get_move (g, i, &seat);
      FallMove m;
      if (!fall_move_parse (s->comps, text, &m, NULL))
        break;
      if (s->week != last_week)
        {
          last_week = s->week;
          g_autofree char *wk = g_strdup_printf (_("— Week %d —"), s->week);
          log_append (self, wk, FALSE);
        }
      g_autofree char *line = fol_fall_describe_move (s, &m, seat_name (self, seat));
      if (!fall_apply (s, &m, NULL))
        break;
      if (line)
        log_append (self, line, FALSE);
    }
  if (!last_week && !fall_state_is_over (s))
    {
      g_autofree char *wk = g_strdup_printf (_("— Week %d —"), s->week);
      log_append (self, wk, FALSE);
    }
  g_free (s);
  if (!self->scroll_source)
    self->scroll_source = g_timeout_add (100, scroll_log_to_end, self);
}

/* ---- hints ---- */

static void update_help (FolFallView *self);

/* The hint goes away (the person moved, took a move back, or left). */
static void
clear_hint (FolFallView *self)
{
  if (fol_thinking_get_hinting (FOL_THINKING (self->thinking)))
    fol_thinking_cancel (FOL_THINKING (self->thinking));
  g_clear_pointer (&self->hint_move, g_free);
  g_clear_pointer (&self->hint_words, g_free);
  fol_fall_board_set_hint (FOL_FALL_BOARD (self->board), NULL);
}

/* Never called once the search was cancelled (the person moved, or the page left). */
static void
on_hint (const char *text, const GError *error, gpointer user_data)
{
  FolFallView *self = user_data;
  if (!text)
    {
      toast (self, error ? error->message : _("No hint now"));
      return;
    }
  int me = acting_seat (self);
  if (me < 0)
    return;
  /* the search had the seat's view only (fol-fall-game.c, copy_state); the
   * page checks the move on the same view, the one it shows */
  FallMove m;
  g_autoptr (GError) local = NULL;
  const char *reason = NULL;
  if (!fall_move_parse (self->view->comps, text, &m, &local))
    {
      toast (self, local->message);
      return;
    }
  if (!fall_check_move (self->view, &m, &reason))
    {
      toast (self, fol_fall_reason_words (reason));
      return;
    }
  self->hint_move = g_strdup (text);
  self->hint_words = fol_fall_describe_hint (self->view, &m);
  fol_fall_board_set_hint (FOL_FALL_BOARD (self->board), &m);
  /* the game is played with a hint from now on (the statistics count it apart) */
  fol_game_add_hint (FOL_GAME (self->game));
  update_help (self);
}

/* H or the Hint button: the move the Hard level would make, once per position. */
static void
act_hint (GSimpleAction *a, GVariant *p, gpointer data)
{
  FolFallView *self = data;
  if (acting_seat (self) < 0 || self->hint_move || fol_thinking_get_busy (FOL_THINKING (self->thinking)))
    return;
  fol_thinking_find_hint (FOL_THINKING (self->thinking), FOL_GAME (self->game), on_hint, self);
}

/* ---- playing a move ---- */

static gboolean
play_move (FolFallView *self, const FallMove *m)
{
  const FallState *s = state_of (self);
  int seat = current_seat (self);
  char buf[32];
  fall_move_format (s, m, buf, sizeof buf);
  int week = s->week;
  g_autofree char *line = fol_fall_describe_move (s, m, seat_name (self, seat));
  g_autoptr (GError) error = NULL;
  const char *reason = NULL;
  if (!fall_check_move (s, m, &reason))
    {
      toast (self, fol_fall_reason_words (reason));
      return FALSE;
    }
  if (!fol_game_apply_move (FOL_GAME (self->game), buf, &error))
    {
      toast (self, error->message);
      return FALSE;
    }
  clear_hint (self);
  if (line)
    log_append (self, line, TRUE);
  if (!fall_state_is_over (state_of (self)) && state_of (self)->week != week)
    {
      g_autofree char *wk = g_strdup_printf (_("— Week %d —"), state_of (self)->week);
      log_append (self, wk, TRUE);
    }
  if (self->last_ended)
    self->n_last = 0;
  self->last_ended = m->kind == FALL_MOVE_END;
  if (self->n_last < (int) G_N_ELEMENTS (self->last_cells))
    self->n_last += move_cells (m, &self->last_cells[self->n_last]);
  fol_fall_board_set_last_cells (FOL_FALL_BOARD (self->board), self->last_cells, self->n_last);
  refresh (self);
  /* a person's turn begins: the keys (1-4, arrows, R, Enter) go to the board */
  if (m->kind == FALL_MOVE_END && !fall_state_is_over (state_of (self))
      && seat_is_human (self, current_seat (self)) && self->shown_seat == current_seat (self))
    gtk_widget_grab_focus (self->board);
  return TRUE;
}

static void
on_move_chosen (FolFallBoard *board, const FallMove *m, FolFallView *self)
{
  if (self->shown_seat < 0 || self->shown_seat != current_seat (self) || !seat_is_human (self, current_seat (self)))
    return;
  play_move (self, m);
}

static void
on_refused (FolFallBoard *board, const char *reason, FolFallView *self)
{
  toast (self, reason);
}

static void
on_selection_changed (FolFallBoard *board, FolFallView *self)
{
  FallMove m;
  gboolean legal;
  int rule, discards;
  if (!fol_fall_board_get_ghost (board, &m, &legal, &rule, &discards))
    {
      int tok = fol_fall_board_get_selected_token (board);
      if (tok >= 0)
        {
          g_autofree char *t = g_strdup_printf (_("Placing %s: click a marked tile, or Escape."),
                                                fol_fall_token_with_article ((FallToken) tok));
          gtk_label_set_text (GTK_LABEL (self->ghost_label), t);
        }
      else if (acting_seat (self) >= 0 && state_of (self)->phase == FALL_PHASE_ACT
               && state_of (self)->n_hand_tiles > 0)
        /* nothing in the pointer (Escape let the tile go): how to take it again */
        gtk_label_set_text (GTK_LABEL (self->ghost_label),
                            _("Nothing held: click a tile in your hand below the board, or press Tab, to place it."));
      else
        gtk_label_set_text (GTK_LABEL (self->ghost_label), "");
      return;
    }
  GString *t = g_string_new (NULL);
  if (!legal)
    {
      g_string_append (t, _("The tile does not fit here."));
      const FolFallHighlights *h = NULL;
      (void) h;
    }
  else if (rule == 1)
    g_string_append (t, _("Fits by rule 1: an edge meets an edge of the same colour."));
  else
    g_string_append (t, _("Fits by rule 2: stacked on a tile that shares a colour."));
  if (legal && discards >= 0)
    {
      g_string_append_c (t, ' ');
      g_string_append_printf (t, _("The %s on that tile would go back to the box."), fol_fall_token_words ((FallToken) discards));
    }
  gtk_label_set_text (GTK_LABEL (self->ghost_label), t->str);
  g_string_free (t, TRUE);
}

/* ---- computer turns ---- */

/* Never called once the search was cancelled (the page left): @user_data lives. */
static void
on_computer_move (const char *text, const GError *error, gpointer user_data)
{
  FolFallView *self = user_data;
  if (!text)
    {
      refresh (self);
      return;
    }
  FallMove m;
  g_autoptr (GError) local = NULL;
  if (fall_move_parse (state_of (self)->comps, text, &m, &local))
    play_move (self, &m);
  else
    toast (self, local->message);
}

static gboolean
computer_step (gpointer user_data)
{
  FolFallView *self = user_data;
  self->ai_source = 0;
  const FallState *s = state_of (self);
  if (fall_state_is_over (s) || seat_is_human (self, current_seat (self)))
    return G_SOURCE_REMOVE;
  fol_thinking_choose_move (FOL_THINKING (self->thinking), FOL_GAME (self->game), on_computer_move, self);
  return G_SOURCE_REMOVE;
}

static void
schedule_computer (FolFallView *self)
{
  if (fol_thinking_get_busy (FOL_THINKING (self->thinking)) || self->ai_source || fall_state_is_over (state_of (self)))
    return;
  if (seat_is_human (self, current_seat (self)))
    return;
  self->ai_source = g_timeout_add (self->delay_ms, computer_step, self);
}

static void
stop_computer (FolFallView *self)
{
  g_clear_handle_id (&self->ai_source, g_source_remove);
  fol_thinking_cancel (FOL_THINKING (self->thinking));
}

/* ---- the end ---- */

static void
end_cell (FolFallView *self, GtkGrid *grid, int col, int row, const char *label, const char *vp, gboolean bold)
{
  GtkWidget *l = gtk_label_new (label);
  gtk_label_set_xalign (GTK_LABEL (l), 0);
  gtk_label_set_wrap (GTK_LABEL (l), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (l), 30);
  gtk_widget_set_hexpand (l, TRUE);
  GtkWidget *v = gtk_label_new (vp);
  gtk_label_set_xalign (GTK_LABEL (v), 1);
  if (bold)
    {
      gtk_widget_add_css_class (l, "heading");
      gtk_widget_add_css_class (v, "heading");
    }
  gtk_grid_attach (grid, l, col * 2, row, 1, 1);
  gtk_grid_attach (grid, v, col * 2 + 1, row, 1, 1);
  g_ptr_array_add (self->end_lines, g_strdup_printf ("%s\t%s", label, vp));
}

static void
build_over_page (FolFallView *self)
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

  GtkWidget *title = gtk_label_new (NULL);
  gtk_widget_add_css_class (title, "title-2");
  gtk_label_set_wrap (GTK_LABEL (title), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (title), 24);
  g_autofree char *title_text = winner < 0 ? g_strdup (_("A shared win!"))
                                : g_strdup_printf (_("%s wins with %d VP"), seat_name (self, winner), sc[winner].total);
  gtk_label_set_text (GTK_LABEL (title), title_text);
  gtk_box_append (GTK_BOX (self->over_box), title);
  const char *tie = NULL;
  if (sc[0].total == sc[1].total)
    tie = winner < 0 ? _("Tied on VP, Mushroom VP and Flower VP: the win is shared.")
          : sc[0].mushrooms != sc[1].mushrooms ? _("Tied on VP: the tie is broken by the most Mushroom VP.")
          : _("Tied on VP and Mushroom VP: the tie is broken by the most Flower VP.");
  if (tie)
    {
      GtkWidget *tl = gtk_label_new (tie);
      gtk_label_set_wrap (GTK_LABEL (tl), TRUE);
      gtk_label_set_max_width_chars (GTK_LABEL (tl), 34);
      gtk_label_set_xalign (GTK_LABEL (tl), 0);
      gtk_box_append (GTK_BOX (self->over_box), tl);
    }

  static const char *parts[4] = { N_("Flowers"), N_("Foxes"), N_("Birds"), N_("Mushrooms") };
  for (int p = 0; p < 2; p++)
    {
      GtkWidget *grid = gtk_grid_new ();
      gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
      gtk_grid_set_row_spacing (GTK_GRID (grid), 2);
      gtk_widget_set_margin_top (grid, 6);
      int row = 0;
      g_autofree char *head = g_strdup_printf (_("%s: %d VP"), seat_name (self, p), sc[p].total);
      end_cell (self, GTK_GRID (grid), 0, row++, head, "", TRUE);
      g_autoptr (GArray) lines = fol_fall_score_lines (s->comps, &t, s->card[p], p);
      int part = -1;
      int part_vp[4] = { sc[p].flowers, sc[p].foxes, sc[p].birds, sc[p].mushrooms };
      for (guint i = 0; i < lines->len; i++)
        {
          const FolFallScoreLine *l = &g_array_index (lines, FolFallScoreLine, i);
          if (l->part != part)
            {
              part = l->part;
              g_autofree char *ph = NULL;
              if (part < 3)
                {
                  uint8_t ci = s->card[p][part];
                  ph = ci == FALL_NONE ? g_strdup (_(parts[part]))
                       : g_strdup_printf ("%s (%s %s)", _(parts[part]), fol_fall_card_kind_words ((FallCardKind) part),
                                          s->comps->card[ci].id);
                }
              else
                ph = g_strdup (_(parts[part]));
              g_autofree char *pv = g_strdup_printf ("%d", part_vp[part]);
              end_cell (self, GTK_GRID (grid), 0, row++, ph, pv, TRUE);
              if (part < 3 && s->card[p][part] != FALL_NONE)
                {
                  g_autofree char *desc = fol_fall_card_describe (&s->comps->card[s->card[p][part]]);
                  GtkWidget *dl = gtk_label_new (desc);
                  gtk_label_set_wrap (GTK_LABEL (dl), TRUE);
                  gtk_label_set_max_width_chars (GTK_LABEL (dl), 34);
                  gtk_label_set_xalign (GTK_LABEL (dl), 0);
                  gtk_widget_add_css_class (dl, "dim-label");
                  gtk_widget_add_css_class (dl, "caption");
                  gtk_grid_attach (GTK_GRID (grid), dl, 0, row++, 2, 1);
                }
            }
          g_autofree char *vp = g_strdup_printf ("%d", l->vp);
          g_autofree char *indented = g_strdup_printf ("    %s", l->label);
          end_cell (self, GTK_GRID (grid), 0, row++, indented, vp, FALSE);
        }
      g_autofree char *total = g_strdup_printf ("%d", sc[p].total);
      end_cell (self, GTK_GRID (grid), 0, row++, _("Total"), total, TRUE);
      gtk_box_append (GTK_BOX (self->over_box), grid);
    }
  GtkWidget *back = gtk_button_new_with_mnemonic (_("_Back to the Start Page"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (back), "fall.back");
  gtk_widget_add_css_class (back, "pill");
  gtk_widget_set_halign (back, GTK_ALIGN_CENTER);
  gtk_widget_set_margin_top (back, 12);
  gtk_box_append (GTK_BOX (self->over_box), back);
}

/* ---- refresh ---- */

static void
set_enabled (FolFallView *self, const char *name, gboolean enabled)
{
  GAction *a = g_action_map_lookup_action (G_ACTION_MAP (self->actions), name);
  g_simple_action_set_enabled (G_SIMPLE_ACTION (a), enabled);
}

static int
held_count (const FallState *s, int seat)
{
  int n = 0;
  for (int k = 0; k < 4; k++)
    n += s->held[seat][k];
  return n;
}

/* Whether the tile in hand (the one in the pointer, else the first) fits nowhere. */
static gboolean
tile_fits_nowhere_now (FolFallView *self, int acting)
{
  const FallState *s = state_of (self);
  if (acting < 0 || s->n_hand_tiles == 0)
    return FALSE;
  int hand_tile = fol_fall_board_get_held_tile (FOL_FALL_BOARD (self->board));
  int tile = hand_tile >= 0 ? hand_tile : s->hand_tile[0];
  return fall_legal_placements (self->view, tile, NULL) == 0;
}

/* The line under the turn's title: the hint shown, or what to do now. */
static void
update_help (FolFallView *self)
{
  const FallState *s = state_of (self);
  gboolean over = fall_state_is_over (s);
  int cur = over ? -1 : current_seat (self);
  int acting = acting_seat (self);
  if (self->hint_words && acting >= 0)
    {
      gtk_label_set_text (GTK_LABEL (self->help_label), self->hint_words);
      gtk_widget_add_css_class (self->help_label, "accent");
      return;
    }
  gtk_widget_remove_css_class (self->help_label, "accent");
  const char *help = "";
  g_autofree char *help_buf = NULL;
  if (over)
    help = "";
  else if (!seat_is_human (self, cur))
    help = help_buf = g_strdup_printf (_("%s (computer) is playing…"), seat_name (self, cur));
  else if (acting < 0)
    help = "";
  else if (s->phase == FALL_PHASE_TAKE)
    help = s->to_take == 2 ? _("Take a tile-and-token combination from the offer: click it, or press 1 to 4. "
                               "You take two this turn, one after the other.")
           : s->n_hand_tiles ? _("Take your second tile-and-token combination from the offer.")
                             : _("Take a tile-and-token combination from the offer: click it, or press 1 to 4.");
  else if (tile_fits_nowhere_now (self, acting))
    help = _("This tile fits nowhere: discard it.");
  else if (s->n_hand_tiles > 0)
    help = _("Place the tile: move it over the ecosystem (or use the arrow keys), rotate it with R or the wheel, "
             "click or press Enter to place it. Green cells show where it fits.");
  else if (self->view->held[acting][FALL_TOAD])
    help = _("The Toad must be placed this turn: click it below the board, then a tile without a token.");
  else
    help = _("Place tokens: click a token set aside below the board, then a marked tile. Click an unclaimed "
             "Mushroom to claim it. Then end your turn.");
  gtk_label_set_text (GTK_LABEL (self->help_label), help);
}

static void
refresh (FolFallView *self)
{
  const FallState *s = state_of (self);
  gboolean over = fall_state_is_over (s);
  int cur = over ? -1 : current_seat (self);
  gboolean human_turn = cur >= 0 && seat_is_human (self, cur);

  /* whose view is shown */
  int shown;
  if (over)
    shown = -1;
  else if (hot_seat (self))
    shown = self->revealed_seat == cur ? cur : -1;
  else
    shown = seat_is_human (self, 0) ? 0 : seat_is_human (self, 1) ? 1 : 0;
  self->passing = !over && hot_seat (self) && shown < 0;
  self->shown_seat = shown;
  gtk_stack_set_visible_child_name (GTK_STACK (self->main_stack), self->passing ? "pass" : "game");
  if (self->passing)
    {
      g_autofree char *title = g_strdup_printf (_("Pass the device to %s"), seat_name (self, cur));
      adw_status_page_set_title (ADW_STATUS_PAGE (self->pass_page), title);
      g_autofree char *desc = fol_game_get_n_moves (FOL_GAME (self->game)) == 0
        ? g_strdup (_("The scoring cards stay hidden until the right player is at the desk."))
        : g_strdup_printf (_("The scoring cards stay hidden until the right player is at the desk. "
                             "%s's last moves will be outlined on the board."), seat_name (self, 1 - cur));
      adw_status_page_set_description (ADW_STATUS_PAGE (self->pass_page), desc);
    }

  int acting = human_turn && shown == cur ? cur : -1;
  if (over)
    fol_fall_board_set_state (FOL_FALL_BOARD (self->board), s, -1, -1);
  else if (self->passing)
    fol_fall_board_set_state (FOL_FALL_BOARD (self->board), NULL, -1, -1);
  else
    {
      fol_fall_game_get_view (self->game, shown, self->view);
      fol_fall_board_set_state (FOL_FALL_BOARD (self->board), self->view, shown, acting);
    }

  gtk_widget_set_visible (self->play_box, !over);
  gtk_widget_set_visible (self->over_box, over);
  if (over)
    {
      build_over_page (self);
      gtk_label_set_text (GTK_LABEL (self->turn_label), _("The game is over"));
    }
  else
    {
      g_autofree char *turn = g_strdup_printf (_("Week %d of 12: %s's turn"), s->week, seat_name (self, cur));
      gtk_label_set_text (GTK_LABEL (self->turn_label), turn);
    }

  /* what to do now, or the hint */
  gboolean tile_fits_nowhere = tile_fits_nowhere_now (self, acting);
  update_help (self);
  gtk_widget_set_visible (self->switch_button, acting >= 0 && s->n_hand_tiles > 1);
  gtk_widget_set_visible (self->discard_button, tile_fits_nowhere);
  if (acting < 0)
    gtk_label_set_text (GTK_LABEL (self->ghost_label), "");

  /* one's score now */
  if (shown >= 0 && !over)
    {
      FallScore sc;
      fall_score_seat (self->view, NULL, shown, false, &sc);
      g_autofree char *score = g_strdup_printf (_("%s's cards would give %d VP now: Flowers %d, Foxes %d, Birds %d, "
                                                  "Mushrooms %d."),
                                                seat_name (self, shown), sc.total, sc.flowers, sc.foxes, sc.birds,
                                                sc.mushrooms);
      gtk_label_set_text (GTK_LABEL (self->score_label), score);
    }
  else
    gtk_label_set_text (GTK_LABEL (self->score_label), "");

  FallMove end = { .kind = FALL_MOVE_END };
  gboolean can_end = acting >= 0 && s->phase == FALL_PHASE_ACT && s->n_hand_tiles == 0;
  if (can_end && held_count (s, acting) <= FALL_MAX_HELD)
    can_end = fall_check_move (self->view, &end, NULL);
  set_enabled (self, "end-turn", can_end);
  set_enabled (self, "undo", acting >= 0 && fol_game_get_n_undoable (FOL_GAME (self->game)) > 0);
  set_enabled (self, "switch-tile", acting >= 0 && s->n_hand_tiles > 1);
  set_enabled (self, "hint", acting >= 0);
  schedule_computer (self);
}

/* ---- actions ---- */

static void
on_discard_response (AdwMessageDialog *dialog, const char *response, FolFallView *self)
{
  if (g_strcmp0 (response, "end") != 0)
    return;
  guint8 discard[4] = { 0 };
  GtkWidget *box = adw_message_dialog_get_extra_child (dialog);
  for (GtkWidget *c = gtk_widget_get_first_child (box); c; c = gtk_widget_get_next_sibling (c))
    if (GTK_IS_CHECK_BUTTON (c) && gtk_check_button_get_active (GTK_CHECK_BUTTON (c)))
      discard[GPOINTER_TO_INT (g_object_get_data (G_OBJECT (c), "token"))]++;
  fol_fall_view_end_turn (self, discard);
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

/* Asks which held tokens go back to the box when more than 2 would stay. */
static void
ask_discard (FolFallView *self, int seat)
{
  const FallState *s = state_of (self);
  int n = held_count (s, seat);
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  g_autofree char *body = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                        "You may keep 2 tokens aside. Choose at least %d to put back in the box.",
                                                        "You may keep 2 tokens aside. Choose at least %d to put back in the box.",
                                                        (gulong) (n - FALL_MAX_HELD)),
                                           n - FALL_MAX_HELD);
  GtkWidget *dialog = adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                              _("Too many tokens set aside"), body);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  for (int k = 0; k < 4; k++)
    for (int i = 0; i < s->held[seat][k]; i++)
      {
        GtkWidget *c = gtk_check_button_new_with_label (fol_fall_token_words ((FallToken) k));
        g_object_set_data (G_OBJECT (c), "token", GINT_TO_POINTER (k));
        g_signal_connect (c, "toggled", G_CALLBACK (on_discard_toggled), dialog);
        gtk_box_append (GTK_BOX (box), c);
      }
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), box);
  g_object_set_data (G_OBJECT (dialog), "need", GINT_TO_POINTER (n - FALL_MAX_HELD));
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"), "end",
                                    _("_Put Back and End Turn"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "end", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_enabled (ADW_MESSAGE_DIALOG (dialog), "end", FALSE);
  g_signal_connect (dialog, "response", G_CALLBACK (on_discard_response), self);
  gtk_window_present (GTK_WINDOW (dialog));
}

gboolean
fol_fall_view_end_turn (FolFallView *self, const guint8 *discard)
{
  g_return_val_if_fail (FOL_IS_FALL_VIEW (self), FALSE);
  const FallState *s = state_of (self);
  if (fall_state_is_over (s) || self->shown_seat != current_seat (self) || !seat_is_human (self, current_seat (self)))
    return FALSE;
  int seat = current_seat (self);
  if (!discard && held_count (s, seat) > FALL_MAX_HELD)
    {
      ask_discard (self, seat);
      return FALSE;
    }
  guint8 none[4] = { 0 };
  return fol_fall_board_end_turn (FOL_FALL_BOARD (self->board), discard ? discard : none);
}

static void
on_confirm_end (AdwMessageDialog *dialog, const char *response, FolFallView *self)
{
  if (g_strcmp0 (response, "end") == 0)
    fol_fall_view_end_turn (self, NULL);
}

static void
act_end_turn (GSimpleAction *a, GVariant *p, gpointer data)
{
  FolFallView *self = data;
  if (settings_bool (self, "confirm-end-turn", FALSE) && held_count (state_of (self), current_seat (self)) <= FALL_MAX_HELD)
    {
      GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
      GtkWidget *dialog = adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, _("End your turn?"), NULL);
      adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"), "end", _("_End Turn"), NULL);
      adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "end", ADW_RESPONSE_SUGGESTED);
      g_signal_connect (dialog, "response", G_CALLBACK (on_confirm_end), self);
      gtk_window_present (GTK_WINDOW (dialog));
      return;
    }
  fol_fall_view_end_turn (self, NULL);
}

gboolean
fol_fall_view_undo (FolFallView *self)
{
  g_return_val_if_fail (FOL_IS_FALL_VIEW (self), FALSE);
  if (self->shown_seat < 0 || self->shown_seat != current_seat (self))
    return FALSE;
  g_autoptr (GError) error = NULL;
  if (!fol_game_undo (FOL_GAME (self->game), &error))
    {
      toast (self, _("Nothing of this turn is left to undo"));
      return FALSE;
    }
  clear_hint (self);
  self->n_last = 0;
  fol_fall_board_set_last_cells (FOL_FALL_BOARD (self->board), NULL, 0);
  fol_fall_board_cancel (FOL_FALL_BOARD (self->board));
  rebuild_log (self);
  refresh (self);
  return TRUE;
}

static void
act_undo (GSimpleAction *a, GVariant *p, gpointer data)
{
  fol_fall_view_undo (data);
}

static void
act_fit (GSimpleAction *a, GVariant *p, gpointer data)
{
  FolFallView *self = data;
  fol_fall_board_fit (FOL_FALL_BOARD (self->board));
}

static void
act_rotate (GSimpleAction *a, GVariant *p, gpointer data)
{
  FolFallView *self = data;
  fol_fall_board_rotate (FOL_FALL_BOARD (self->board), 1);
  gtk_widget_grab_focus (self->board);
}

static void
act_switch_tile (GSimpleAction *a, GVariant *p, gpointer data)
{
  FolFallView *self = data;
  fol_fall_board_next_tile (FOL_FALL_BOARD (self->board));
  gtk_widget_grab_focus (self->board);
}

static void
act_discard_tile (GSimpleAction *a, GVariant *p, gpointer data)
{
  FolFallView *self = data;
  const FallState *s = state_of (self);
  int tile = fol_fall_board_get_held_tile (FOL_FALL_BOARD (self->board));
  if (tile < 0 && s->n_hand_tiles)
    tile = s->hand_tile[0];
  fol_fall_board_discard_tile (FOL_FALL_BOARD (self->board), tile);
}

static void
act_show_turn (GSimpleAction *a, GVariant *p, gpointer data)
{
  fol_fall_view_show_turn (data);
}

static void
act_back (GSimpleAction *a, GVariant *p, gpointer data)
{
  g_signal_emit (data, signals[CLOSE_REQUESTED], 0);
}

static const GActionEntry action_entries[] = {
  { .name = "undo", .activate = act_undo },
  { .name = "end-turn", .activate = act_end_turn },
  { .name = "fit", .activate = act_fit },
  { .name = "rotate", .activate = act_rotate },
  { .name = "switch-tile", .activate = act_switch_tile },
  { .name = "discard-tile", .activate = act_discard_tile },
  { .name = "show-turn", .activate = act_show_turn },
  { .name = "back", .activate = act_back },
  { .name = "hint", .activate = act_hint },
};

/* ---- construction ---- */

static GtkWidget *
action_button (const char *label, const char *action, const char *tooltip)
{
  GtkWidget *b = gtk_button_new_with_mnemonic (label);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (b), action);
  if (tooltip)
    gtk_widget_set_tooltip_text (b, tooltip);
  return b;
}

static GtkWidget *
wrap_label (const char *css)
{
  GtkWidget *l = gtk_label_new (NULL);
  gtk_label_set_wrap (GTK_LABEL (l), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (l), 34);
  gtk_label_set_xalign (GTK_LABEL (l), 0);
  if (css)
    gtk_widget_add_css_class (l, css);
  return l;
}

static void
build (FolFallView *self)
{
  self->toasts = adw_toast_overlay_new ();
  gtk_widget_set_parent (self->toasts, GTK_WIDGET (self));
  self->main_stack = gtk_stack_new ();
  gtk_stack_set_transition_type (GTK_STACK (self->main_stack), GTK_STACK_TRANSITION_TYPE_CROSSFADE);
  adw_toast_overlay_set_child (ADW_TOAST_OVERLAY (self->toasts), self->main_stack);

  /* the pass-the-device screen: nothing secret on it */
  self->pass_page = adw_status_page_new ();
  adw_status_page_set_icon_name (ADW_STATUS_PAGE (self->pass_page), "system-users-symbolic");
  adw_status_page_set_description (ADW_STATUS_PAGE (self->pass_page),
                                   _("The scoring cards stay hidden until the right player is at the desk."));
  GtkWidget *show = gtk_button_new_with_mnemonic (_("_Show My Turn"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (show), "fall.show-turn");
  gtk_widget_add_css_class (show, "pill");
  gtk_widget_add_css_class (show, "suggested-action");
  self->show_turn_button = show;
  gtk_widget_set_halign (show, GTK_ALIGN_CENTER);
  adw_status_page_set_child (ADW_STATUS_PAGE (self->pass_page), show);

  GtkWidget *paned = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  gtk_stack_add_named (GTK_STACK (self->main_stack), paned, "game");
  gtk_stack_add_named (GTK_STACK (self->main_stack), self->pass_page, "pass");

  self->board = fol_fall_board_new ();
  gtk_widget_set_hexpand (self->board, TRUE);
  gtk_widget_set_vexpand (self->board, TRUE);
  g_signal_connect (self->board, "move-chosen", G_CALLBACK (on_move_chosen), self);
  g_signal_connect (self->board, "refused", G_CALLBACK (on_refused), self);
  g_signal_connect (self->board, "selection-changed", G_CALLBACK (on_selection_changed), self);
  gtk_box_append (GTK_BOX (paned), self->board);

  GtkWidget *side_scroll = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (side_scroll), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_widget_set_size_request (side_scroll, 330, -1);
  gtk_widget_set_hexpand (side_scroll, FALSE);   /* the end table's labels expand, the board takes the room */
  GtkWidget *side = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);
  gtk_widget_set_margin_start (side, 12);
  gtk_widget_set_margin_end (side, 12);
  gtk_widget_set_margin_top (side, 12);
  gtk_widget_set_margin_bottom (side, 12);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (side_scroll), side);
  gtk_box_append (GTK_BOX (paned), gtk_separator_new (GTK_ORIENTATION_VERTICAL));
  gtk_box_append (GTK_BOX (paned), side_scroll);

  self->turn_label = wrap_label ("title-4");
  gtk_box_append (GTK_BOX (side), self->turn_label);
  self->thinking = fol_thinking_new ();
  gtk_box_append (GTK_BOX (side), self->thinking);
  GtkWidget *play = self->play_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_box_append (GTK_BOX (side), play);
  self->help_label = wrap_label (NULL);
  gtk_box_append (GTK_BOX (play), self->help_label);
  self->ghost_label = wrap_label ("dim-label");
  gtk_box_append (GTK_BOX (play), self->ghost_label);
  self->score_label = wrap_label (NULL);
  gtk_box_append (GTK_BOX (play), self->score_label);

  /* two columns, so that longer translations still fit the side panel */
  GtkWidget *tiles = gtk_grid_new ();
  gtk_grid_set_column_spacing (GTK_GRID (tiles), 6);
  gtk_grid_set_row_spacing (GTK_GRID (tiles), 6);
  gtk_grid_set_column_homogeneous (GTK_GRID (tiles), TRUE);
  gtk_grid_attach (GTK_GRID (tiles), action_button (_("_Rotate"), "fall.rotate", _("Turn the tile clockwise (R; Shift+R back)")),
                   0, 0, 1, 1);
  self->switch_button = action_button (_("_Other Tile"), "fall.switch-tile", _("Place the other tile taken first (Tab)"));
  gtk_grid_attach (GTK_GRID (tiles), self->switch_button, 1, 0, 1, 1);
  gtk_grid_attach (GTK_GRID (tiles), action_button (_("_Fit to View"), "fall.fit", _("Show the whole ecosystem (0)")),
                   0, 1, 1, 1);
  self->discard_button = action_button (_("_Discard Tile"), "fall.discard-tile",
                                        _("The tile fits nowhere in the ecosystem: it leaves the game"));
  gtk_widget_add_css_class (self->discard_button, "destructive-action");
  gtk_grid_attach (GTK_GRID (tiles), self->discard_button, 1, 1, 1, 1);
  gtk_box_append (GTK_BOX (play), tiles);

  /* Undo and Hint side by side, End Turn under them the whole width: two
   * columns, so that longer translations still fit the side panel */
  GtkWidget *turn_box = gtk_grid_new ();
  gtk_grid_set_column_spacing (GTK_GRID (turn_box), 6);
  gtk_grid_set_row_spacing (GTK_GRID (turn_box), 6);
  gtk_grid_set_column_homogeneous (GTK_GRID (turn_box), TRUE);
  gtk_widget_set_margin_top (turn_box, 6);
  gtk_grid_attach (GTK_GRID (turn_box),
                   action_button (_("_Undo"), "fall.undo", _("Take back the last move of this turn (Ctrl+Z)")), 0, 0, 1, 1);
  gtk_grid_attach (GTK_GRID (turn_box),
                   action_button (_("_Hint"), "fall.hint",
                                  /* Translators: the tooltip of the Hint button */
                                  _("Show the move the Hard computer player would make now (H); "
                                    "the game is then counted apart in the statistics")),
                   1, 0, 1, 1);
  GtkWidget *end = action_button (_("_End Turn"), "fall.end-turn", _("End the turn; at most 2 tokens stay set aside"));
  gtk_widget_add_css_class (end, "suggested-action");
  gtk_grid_attach (GTK_GRID (turn_box), end, 0, 1, 2, 1);
  gtk_box_append (GTK_BOX (play), turn_box);

  GtkWidget *keys = wrap_label ("dim-label");
  gtk_widget_add_css_class (keys, "caption");
  gtk_label_set_text (GTK_LABEL (keys), _("Drag to pan, wheel or pinch to zoom (with a tile: Ctrl+wheel). "
                                          "Arrows move between cells, R rotates, Enter places, Escape lets go, "
                                          "T picks a set-aside token, H shows a hint."));
  gtk_box_append (GTK_BOX (play), keys);

  /* which symbol is which Flower: the cards name them, the tiles draw them */
  GtkWidget *legend = gtk_drawing_area_new ();
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (legend), 22);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (legend), draw_flower_legend, NULL, NULL);
  gtk_widget_set_tooltip_text (legend, _("The Flower symbols on the tiles"));
  gtk_box_append (GTK_BOX (play), legend);

  self->over_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_set_visible (self->over_box, FALSE);
  gtk_box_append (GTK_BOX (side), self->over_box);

  GtkWidget *log_label = gtk_label_new (_("Game Log"));
  gtk_widget_add_css_class (log_label, "heading");
  gtk_label_set_xalign (GTK_LABEL (log_label), 0);
  gtk_widget_set_margin_top (log_label, 6);
  gtk_box_append (GTK_BOX (side), log_label);
  self->log_scroll = gtk_scrolled_window_new ();
  gtk_widget_set_vexpand (self->log_scroll, TRUE);
  gtk_widget_set_size_request (self->log_scroll, -1, 180);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->log_scroll), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  self->log_list = gtk_list_box_new ();
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (self->log_list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (self->log_list, "boxed-list");
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->log_scroll), self->log_list);
  gtk_box_append (GTK_BOX (side), self->log_scroll);

  self->actions = g_simple_action_group_new ();
  g_action_map_add_action_entries (G_ACTION_MAP (self->actions), action_entries, G_N_ELEMENTS (action_entries), self);
  gtk_widget_insert_action_group (GTK_WIDGET (self), "fall", G_ACTION_GROUP (self->actions));

  GtkEventController *shortcuts = gtk_shortcut_controller_new ();
  gtk_shortcut_controller_set_scope (GTK_SHORTCUT_CONTROLLER (shortcuts), GTK_SHORTCUT_SCOPE_MANAGED);
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts),
                                        gtk_shortcut_new (gtk_shortcut_trigger_parse_string ("<Control>z"),
                                                          gtk_named_action_new ("fall.undo")));
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts),
                                        gtk_shortcut_new (gtk_shortcut_trigger_parse_string ("<Control>Return|<Control>e"),
                                                          gtk_named_action_new ("fall.end-turn")));
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts),
                                        gtk_shortcut_new (gtk_shortcut_trigger_parse_string ("h|<Shift>h"),
                                                          gtk_named_action_new ("fall.hint")));
  gtk_widget_add_controller (GTK_WIDGET (self), shortcuts);
}

static void
on_save_failed (FolGame *game, GError *error, FolFallView *self)
{
  g_autofree char *msg = g_strdup_printf (_("The game could not be saved: %s. You can go on playing."), error->message);
  toast (self, msg);
}

static void
fol_fall_view_dispose (GObject *object)
{
  FolFallView *self = FOL_FALL_VIEW (object);
  if (self->game)
    {
      stop_computer (self);
      for (guint i = 0; i < G_N_ELEMENTS (self->handlers); i++)
        g_clear_signal_handler (&self->handlers[i], self->game);
      g_clear_object (&self->game);
    }
  g_clear_handle_id (&self->scroll_source, g_source_remove);
  g_clear_object (&self->settings);
  g_clear_object (&self->actions);
  g_clear_pointer (&self->view, g_free);
  g_clear_pointer (&self->end_lines, g_ptr_array_unref);
  g_clear_pointer (&self->hint_move, g_free);
  g_clear_pointer (&self->hint_words, g_free);
  g_clear_pointer (&self->toasts, gtk_widget_unparent);
  G_OBJECT_CLASS (fol_fall_view_parent_class)->dispose (object);
}

/* A page out of its window plays no computer move: it stops when it
 * leaves (going back, another game) and goes on when shown again. */
static void
fol_fall_view_root (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (fol_fall_view_parent_class)->root (widget);
  FolFallView *self = (FolFallView *) widget;
  if (self->game)
    schedule_computer (self);
}

/* Focusing the page (the window does when it shows it) focuses the board, so
 * that the keys (1-4, arrows, R, Enter) work at once, not the first button;
 * on the pass-the-device screen, its button. */
static gboolean
fol_fall_view_grab_focus (GtkWidget *widget)
{
  FolFallView *self = (FolFallView *) widget;
  return gtk_widget_grab_focus (self->passing ? self->show_turn_button : self->board);
}

/* The page is shown: the keys go to the board (see grab_focus). */
static void
fol_fall_view_map (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (fol_fall_view_parent_class)->map (widget);
  fol_fall_view_grab_focus (widget);
}

static void
fol_fall_view_unroot (GtkWidget *widget)
{
  FolFallView *self = (FolFallView *) widget;
  if (self->game)
    stop_computer (self);
  GTK_WIDGET_CLASS (fol_fall_view_parent_class)->unroot (widget);
}

static void
fol_fall_view_class_init (FolFallViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  object_class->dispose = fol_fall_view_dispose;
  widget_class->root = fol_fall_view_root;
  widget_class->unroot = fol_fall_view_unroot;
  widget_class->map = fol_fall_view_map;
  widget_class->grab_focus = fol_fall_view_grab_focus;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  /**
   * FolFallView::close-requested:
   * The player asks to go back to the start page.
   */
  signals[CLOSE_REQUESTED] = g_signal_new ("close-requested", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                           NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
fol_fall_view_init (FolFallView *self)
{
  GSettingsSchemaSource *src = g_settings_schema_source_get_default ();
  g_autoptr (GSettingsSchema) schema = src ? g_settings_schema_source_lookup (src, APP_ID, TRUE) : NULL;
  if (schema)
    self->settings = g_settings_new (APP_ID);
  self->delay_ms = 450;
  self->shown_seat = -1;
  self->revealed_seat = -1;
  self->view = g_new0 (FallState, 1);
  self->end_lines = g_ptr_array_new_with_free_func (g_free);
  build (self);
}

GtkWidget *
fol_fall_view_new (FolFallGame *game)
{
  g_return_val_if_fail (FOL_IS_FALL_GAME (game), NULL);
  FolFallView *self = g_object_new (FOL_TYPE_FALL_VIEW, NULL);
  self->game = g_object_ref (game);
  self->handlers[0] = g_signal_connect (game, "save-failed", G_CALLBACK (on_save_failed), self);
  self->delay_ms = settings_delay (self, self->delay_ms);
  fol_fall_board_set_show_legal (FOL_FALL_BOARD (self->board), settings_bool (self, "show-legal-placements", TRUE));
  fol_fall_board_set_names (FOL_FALL_BOARD (self->board), seat_name (self, 0), seat_name (self, 1));
  rebuild_log (self);
  refresh (self);
  return GTK_WIDGET (self);
}

FolFallGame *
fol_fall_view_get_game (FolFallView *self)
{
  g_return_val_if_fail (FOL_IS_FALL_VIEW (self), NULL);
  return self->game;
}

GtkWidget *
fol_fall_view_get_board (FolFallView *self)
{
  g_return_val_if_fail (FOL_IS_FALL_VIEW (self), NULL);
  return self->board;
}

void
fol_fall_view_set_animation_delay (FolFallView *self, guint ms)
{
  g_return_if_fail (FOL_IS_FALL_VIEW (self));
  self->delay_ms = ms;
}

int
fol_fall_view_get_shown_seat (FolFallView *self)
{
  g_return_val_if_fail (FOL_IS_FALL_VIEW (self), -1);
  return self->shown_seat;
}

gboolean
fol_fall_view_is_passing (FolFallView *self)
{
  g_return_val_if_fail (FOL_IS_FALL_VIEW (self), FALSE);
  return self->passing;
}

void
fol_fall_view_show_turn (FolFallView *self)
{
  g_return_if_fail (FOL_IS_FALL_VIEW (self));
  if (fall_state_is_over (state_of (self)))
    return;
  self->revealed_seat = current_seat (self);
  refresh (self);
  gtk_widget_grab_focus (self->board);
}

guint
fol_fall_view_get_log_length (FolFallView *self)
{
  g_return_val_if_fail (FOL_IS_FALL_VIEW (self), 0);
  return self->log_length;
}

char **
fol_fall_view_get_end_lines (FolFallView *self)
{
  g_return_val_if_fail (FOL_IS_FALL_VIEW (self), NULL);
  GStrvBuilder *b = g_strv_builder_new ();
  for (guint i = 0; i < self->end_lines->len; i++)
    g_strv_builder_add (b, g_ptr_array_index (self->end_lines, i));
  char **out = g_strv_builder_end (b);
  g_strv_builder_unref (b);
  return out;
}

FolThinking *
fol_fall_view_get_thinking (FolFallView *self)
{
  g_return_val_if_fail (FOL_IS_FALL_VIEW (self), NULL);
  return FOL_THINKING (self->thinking);
}

const char *
fol_fall_view_get_hint (FolFallView *self)
{
  g_return_val_if_fail (FOL_IS_FALL_VIEW (self), NULL);
  return self->hint_move;
}

const char *
fol_fall_view_get_help_text (FolFallView *self)
{
  g_return_val_if_fail (FOL_IS_FALL_VIEW (self), NULL);
  return gtk_label_get_text (GTK_LABEL (self->help_label));
}
