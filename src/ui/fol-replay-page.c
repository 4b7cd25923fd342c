/* fol-replay-page.c: the replay of a saved game (see the header); its
 * widgets are data/ui/fol-replay-page.ui.  Every position comes from the
 * FolReplay, computed once: stepping only hands a kept state to the board.
 * The analysis runs in the model (FolAnalysis: its worker thread, the
 * store); the page only starts, cancels and shows it. */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n.h>

#include "fol-replay-page.h"
#include "fol-fold.h"
#include "fol-game-page.h"
#include "fol-summer-painter.h"
#include "fol-analysis.h"
#include "fol-analysis-chart.h"
#include "fol-saved-analysis.h"
#include "summer-analysis.h"
#include "fall-analysis.h"
#include "fol-summer-board.h"
#include "fol-summer-words.h"
#include "fol-fall-board.h"
#include "fol-fall-words.h"
#include "fall-scoring.h"

struct _FolReplayPage
{
  GtkWidget parent_instance;

  FolReplay *replay;
  guint ply;
  int seat;
  gboolean reveal;
  gboolean is_fall;
  gboolean scroll_pending;      /* the log's current line is to be scrolled into view once laid out */
  guint scroll_source;          /* an idle that scrolls it, after the log's layout */
  const char **names;           /* every seat's name, NULL-terminated (the players' strings) */
  FallState *view;              /* Fall: the seat's view shown */
  FolFallPlacements *placed;    /* Fall: who placed which tile, at each position (the words of places) */
  GtkWidget *board;

  /* the analysis */
  FolStore *store;              /* where it is read and stored, or NULL */
  FolAnalysisEffort effort;     /* for the next run */
  FolAnalysis *analysis;        /* the run under way, or NULL */
  GCancellable *cancellable;    /* the run's */
  FolGameAnalysis *result;      /* the analysis shown, or NULL */
  int ghost;                    /* the turn whose Expert turn is shown, or -1 */
  gboolean ghost_drawn;         /* Expert's turn has a move the board draws: ghost_move */
  union {
    SummerMove summer;
    FallMove fall;
  } ghost_move;
  SummerMove ghost_turn[FOL_ANALYSIS_MAX_TURN_MOVES]; /* Indian Summer: Expert's whole turn, drawn */
  int n_ghost_turn;

  /* the template */
  GtkWidget *outer;
  GtkWidget *flap;
  GtkWidget *board_slot;
  GtkAdjustment *adjustment;
  GtkWidget *scale;
  GtkWidget *position_label;
  GtkWidget *status_label;
  GtkWidget *seat_box;
  GtkWidget *seat_dropdown;
  GtkWidget *reveal_box;
  GtkWidget *reveal_switch;
  GtkWidget *reveal_note;
  GtkWidget *seat_text;
  GtkWidget *continue_button;
  GtkWidget *continue_note;
  GtkWidget *analysis_box;
  GtkWidget *analysis_intro;
  GtkWidget *analyse_button;
  GtkWidget *progress_box;
  GtkWidget *progress_bar;
  GtkWidget *chart;
  GtkWidget *chart_note;
  GtkWidget *total_label;
  GtkWidget *marks_scroll;
  GtkWidget *marks_list;
  GtkWidget *suggestion_box;
  GtkWidget *suggestion_label;
  GtkWidget *analysis_message;
  GtkWidget *log_scroll;
  GtkWidget *log_list;
};

G_DEFINE_FINAL_TYPE (FolReplayPage, fol_replay_page, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_REPLAY,
  PROP_PLY,
  PROP_SEAT,
  PROP_REVEAL,
  PROP_STORE,
  PROP_ANALYSING,
  PROP_ANALYSIS,
  N_PROPS
};
static GParamSpec *properties[N_PROPS];

enum {
  SIGNAL_CONTINUE_GAME,
  N_SIGNALS
};
static guint signals[N_SIGNALS];

/* ---- words ---- */

static guint
n_plies (FolReplayPage *self)
{
  return fol_replay_get_n_plies (self->replay);
}

static const char *
seat_name (FolReplayPage *self, int seat)
{
  return self->names[seat];
}

/* Whose turn it is at position @ply, in the words of the game page's title. */
static char *
position_words (FolReplayPage *self, guint ply)
{
  if (self->is_fall)
    {
      const FallState *s = fol_replay_get_fall_state (self->replay, ply);
      if (fall_state_is_over (s))
        {
          /* the result, as the game's end screen gives it */
          FallScore sc[2];
          int winner = fall_result (s, sc);
          if (winner < 0)
            /* Translators: the replay's last position: "The game is over: a shared win, 64 VP each" */
            return g_strdup_printf (_("The game is over: a shared win, %d VP each"), sc[0].total);
          /* Translators: the replay's last position: "The game is over: Ann wins, 71 VP to 60" */
          return g_strdup_printf (_("The game is over: %s wins, %d VP to %d"), seat_name (self, winner),
                                  sc[winner].total, sc[1 - winner].total);
        }
      return g_strdup_printf (_("Week %d of 12: %s's turn"), s->week, seat_name (self, fall_state_current_seat (s)));
    }
  const SummerState *s = fol_replay_get_summer_state (self->replay, ply);
  if (summer_is_over (s) && s->n_players == 1)
    return g_strdup_printf (s->result[0].solo_score >= 0
                            /* Translators: the replay's last position of a solo game */
                            ? ngettext ("The game is over: won with %d point", "The game is over: won with %d points",
                                        s->result[0].solo_score)
                            /* Translators: the replay's last position of a solo game lost (the score is negative) */
                            : _("The game is over: lost, %d"), s->result[0].solo_score);
  if (summer_is_over (s))
    {
      /* the winners and every score, in seat order, as the end screen ranks them */
      int n_winners = 0;
      g_autofree char *winners = fol_summer_winners_words (s, self->names, &n_winners);
      g_autoptr (GString) scores = g_string_new (NULL);
      for (int i = 0; i < s->n_players; i++)
        g_string_append_printf (scores, "%s%d", i ? "–" : "", s->result[i].app_score);
      return n_winners == 1
             /* Translators: the replay's last position: "The game is over: Ann wins (80–61)" */
             ? g_strdup_printf (_("The game is over: %s wins (%s)"), winners, scores->str)
             /* Translators: the replay's last position: "The game is over: Ann and Rowan share the victory (75–75–60)" */
             : g_strdup_printf (_("The game is over: %s share the victory (%s)"), winners, scores->str);
    }
  if (s->n_players == 1)
    return s->phase == SUMMER_PHASE_SOLO_END ? g_strdup (_("End phase")) : g_strdup_printf (_("Turn %d of 10"), s->round);
  return g_strdup_printf (_("Round %d: %s's turn%s"), s->round, seat_name (self, s->current),
                          s->end_triggered ? _(" (last round)") : "");
}

/* The panel's words of position @ply: whose turn, and in Indian Summer
 * what the seat does now when it is in the middle of an action (the
 * board's header says it too, but may have to cut it short: here it is
 * whole, wrapped). */
static char *
status_words (FolReplayPage *self, guint ply)
{
  char *where = position_words (self, ply);
  if (self->is_fall)
    return where;
  const SummerState *s = fol_replay_get_summer_state (self->replay, ply);
  g_autofree char *now = NULL;
  if (summer_is_over (s))
    return where;
  if (s->pending == SUMMER_PENDING_MUSHROOM)
    now = g_strdup (_("place the Mushroom tiles"));
  else if (s->pending == SUMMER_PENDING_REFILL)
    now = g_strdup (_("refill your Player Path"));
  else if (s->pending == SUMMER_PENDING_FEATHER)
    now = g_strdup_printf (ngettext ("Feather: place %d more tile", "Feather: place %d more tiles", s->feather_left),
                           s->feather_left);
  if (now == NULL)
    return where;
  /* Translators: the replay's position and what the seat does now: "Round 8: Rowan's turn — place the Mushroom tiles" */
  char *both = g_strdup_printf (_("%s — %s"), where, now);
  g_free (where);
  return both;
}

/* The log's line of the move that led to position @ply (1..n): what it
 * did, as the game page's log says it (every seat by its name). */
static char *
move_words (FolReplayPage *self, guint ply)
{
  const FolMoveReport *r = fol_replay_get_move (self->replay, ply);
  if (self->is_fall)
    {
      const FolFallMoveDetail *d = r->detail;
      char *line = fol_fall_describe_move (d->before, &d->move, self->names, &self->placed[ply - 1]);
      return line ? line : g_strdup_printf (_("%s ended the turn"), seat_name (self, r->seat));
    }
  const FolSummerMoveDetail *d = r->detail;
  g_autofree char *line = fol_summer_describe_move (d->before, d->after, &d->move, &d->info, self->names, -1);
  if (!d->info.game_over || d->after->n_players == 1)
    return g_steal_pointer (&line);
  /* the end phase of a game of 2-4, seat by seat */
  g_auto (GStrv) end = fol_summer_describe_end_phase (d->before, d->after, self->names);
  g_autofree char *rest = g_strjoinv ("\n", end);
  return g_strdup_printf ("%s\n%s", line, rest);
}

/* A heading over the log's line of move @ply when it begins a week (Fall)
 * or a turn (Indian Summer); NULL when not. */
static char *
header_words (FolReplayPage *self, guint ply)
{
  if (ply == 0)
    return NULL;
  if (self->is_fall)
    {
      const FallState *s = fol_replay_get_fall_state (self->replay, ply - 1);
      if (ply > 1 && fol_replay_get_fall_state (self->replay, ply - 2)->week == s->week)
        return NULL;
      return g_strdup_printf (_("— Week %d —"), s->week);
    }
  if (ply > 1 && !fol_replay_get_move (self->replay, ply - 1)->turn_ended)
    return NULL;
  return position_words (self, ply - 1);
}

/* Fall: the scoring cards the view shows, each with what it would give now
 * (the end screen's words); the other seat's hidden unless revealed. */
static char *
cards_markup (FolReplayPage *self, const FallState *shown)
{
  GString *out = g_string_new (NULL);
  for (int i = 0; i < 2; i++)
    {
      int p = i == 0 ? self->seat : 1 - self->seat;
      g_autofree char *name = g_markup_printf_escaped ("<b>%s</b>", seat_name (self, p));
      g_string_append_printf (out, "%s%s", i ? "\n\n" : "", name);
      gboolean known = shown->card[p][0] != FALL_NONE;
      FallScore sc = { 0 };
      if (known)
        fall_score_seat (shown, NULL, p, false, &sc);
      int part_vp[FALL_N_CARD_KINDS] = { sc.flowers, sc.foxes, sc.birds };
      for (int k = 0; k < FALL_N_CARD_KINDS; k++)
        {
          uint8_t ci = shown->card[p][k];
          g_autofree char *line = ci == FALL_NONE
            ? g_strdup_printf ("%s: %s", fol_fall_card_kind_words ((FallCardKind) k), _("hidden card"))
            /* Translators: the end of the game: a card and what it gave ("Fox card F2: 15 VP") */
            : g_strdup_printf (_("%s %s: %d VP"), fol_fall_card_kind_words ((FallCardKind) k), shown->comps->card[ci].id,
                               part_vp[k]);
          g_autofree char *escaped = g_markup_escape_text (line, -1);
          g_string_append_printf (out, "\n%s", escaped);
        }
      if (!known)
        continue;
      g_autofree char *mush = g_strdup_printf (_("Mushrooms: %d VP"), sc.mushrooms);
      g_autofree char *total = g_strdup_printf (_("Total: %d VP"), sc.total);
      g_autofree char *escaped = g_markup_printf_escaped ("\n%s\n%s", mush, total);
      g_string_append (out, escaped);
    }
  return g_string_free (out, FALSE);
}

/* Indian Summer: the seat's treasures, as the game page says them. */
static char *
treasures_text (FolReplayPage *self, const SummerState *s)
{
  const uint8_t *tr = s->seat[self->seat].treasures;
  return g_strdup_printf (_("%s has %d %s, %d %s, %d %s, %d %s"), seat_name (self, self->seat),
                          tr[0], fol_summer_treasure_words (0, tr[0]), tr[1], fol_summer_treasure_words (1, tr[1]),
                          tr[2], fol_summer_treasure_words (2, tr[2]), tr[3], fol_summer_treasure_words (3, tr[3]));
}

/* ---- the log ---- */

static void
update_header (GtkListBoxRow *row, GtkListBoxRow *before, gpointer data)
{
  FolReplayPage *self = data;
  g_autofree char *text = header_words (self, (guint) gtk_list_box_row_get_index (row));
  if (text == NULL)
    {
      gtk_list_box_row_set_header (row, NULL);
      return;
    }
  GtkWidget *header = gtk_list_box_row_get_header (row);
  if (header == NULL)
    {
      header = gtk_label_new (NULL);
      gtk_label_set_xalign (GTK_LABEL (header), 0);
      gtk_label_set_wrap (GTK_LABEL (header), TRUE);
      gtk_widget_set_margin_top (header, 8);
      gtk_widget_set_margin_bottom (header, 4);
      gtk_widget_set_margin_start (header, 8);
      gtk_widget_set_margin_end (header, 8);
      gtk_widget_add_css_class (header, "heading");
      gtk_list_box_row_set_header (row, header);
    }
  gtk_label_set_text (GTK_LABEL (header), text);
}

/* Fall: who had placed which tile at each position, for the words of
 * places (the log's and the board's). */
static void
fill_placements (FolReplayPage *self)
{
  self->placed = g_new (FolFallPlacements, n_plies (self) + 1);
  fol_fall_placements_init (&self->placed[0]);
  for (guint ply = 1; ply <= n_plies (self); ply++)
    {
      const FolFallMoveDetail *d = fol_replay_get_move (self->replay, ply)->detail;
      self->placed[ply] = self->placed[ply - 1];
      fol_fall_placements_add (&self->placed[ply], d->before, &d->move);
    }
}

/* A line of a list of the panel (the log, the marked turns): @text wrapped. */
static GtkWidget *
row_label (const char *text)
{
  GtkWidget *label = gtk_label_new (text);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_margin_top (label, 6);
  gtk_widget_set_margin_bottom (label, 6);
  gtk_widget_set_margin_start (label, 8);
  gtk_widget_set_margin_end (label, 8);
  return label;
}

static void
fill_log (FolReplayPage *self)
{
  if (self->is_fall)
    fill_placements (self);
  for (guint ply = 0; ply <= n_plies (self); ply++)
    {
      g_autofree char *text = ply == 0 ? g_strdup (_("Start of the game")) : move_words (self, ply);
      gtk_list_box_append (GTK_LIST_BOX (self->log_list), row_label (text));
    }
  gtk_list_box_set_header_func (GTK_LIST_BOX (self->log_list), update_header, self, NULL);
}

static const char *
log_line (FolReplayPage *self, guint ply)
{
  GtkListBoxRow *row = gtk_list_box_get_row_at_index (GTK_LIST_BOX (self->log_list), (int) ply);
  return row ? gtk_label_get_text (GTK_LABEL (gtk_list_box_row_get_child (row))) : NULL;
}

/* Keeps the current move's line in sight: tried again as the log is laid
 * out (its adjustment changes) until the line is in view. */
static void
scroll_log (FolReplayPage *self)
{
  GtkListBoxRow *row = gtk_list_box_get_row_at_index (GTK_LIST_BOX (self->log_list), (int) self->ply);
  GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->log_scroll));
  graphene_rect_t b;
  double page = gtk_adjustment_get_page_size (adj);
  if (!self->scroll_pending || row == NULL || page <= 0
      || !gtk_widget_compute_bounds (GTK_WIDGET (row), self->log_list, &b) || b.size.height <= 0)
    return;
  double top = b.origin.y, bottom = b.origin.y + b.size.height;
  if (top < gtk_adjustment_get_value (adj))
    gtk_adjustment_set_value (adj, top);
  else if (bottom > gtk_adjustment_get_value (adj) + page)
    gtk_adjustment_set_value (adj, bottom - page);
  /* the adjustment clamps to what is laid out so far */
  double value = gtk_adjustment_get_value (adj);
  self->scroll_pending = top < value || bottom > value + page + 0.5;
}

static void
on_log_row_activated (GtkListBox *list, GtkListBoxRow *row, FolReplayPage *self)
{
  fol_replay_page_set_ply (self, (guint) gtk_list_box_row_get_index (row));
}

/* ---- the position ---- */

/* Fall: the cells of the turn of move @ply up to it (the live page
 * outlines the latest turn's cells). */
static int
turn_cells (FolReplayPage *self, guint ply, FolHex cells[8])
{
  int n = 0;
  for (guint j = ply; j >= 1 && n < 8; j--)
    {
      const FallMove *m = &((const FolFallMoveDetail *) fol_replay_get_move (self->replay, j)->detail)->move;
      if (m->kind == FALL_MOVE_END && j < ply)
        break;
      if (m->kind == FALL_MOVE_PLACE || m->kind == FALL_MOVE_TOKEN || m->kind == FALL_MOVE_CLAIM)
        cells[n++] = (FolHex) { m->q, m->r };
    }
  return n;
}

/* The board shows position self->ply as self->seat saw it; @forward: one
 * step on from the position shown before (the move may fly into place).
 * With Expert's turn shown (fol_replay_page_show_turn()) its first
 * placement is the board's hint: the boards draw a hint for the seat that
 * may act only, so that seat acts (on a board nobody's moves reach). */
static void
show_board (FolReplayPage *self, gboolean forward)
{
  guint k = self->ply;
  const char *line = k > 0 ? log_line (self, k) : NULL;
  gboolean ghost = self->ghost >= 0 && self->ghost_drawn;
  if (self->is_fall)
    {
      FolFallBoard *board = FOL_FALL_BOARD (self->board);
      const FallState *shown = fol_replay_get_fall_state (self->replay, k);
      if (!self->reveal)
        {
          fol_replay_get_fall_view (self->replay, k, self->seat, self->view);
          shown = self->view;
        }
      /* nobody acts on a replay, but for the ghost of Expert's turn */
      fol_fall_board_set_state (board, shown, self->seat, ghost ? self->seat : -1);
      fol_fall_board_set_hint (board, ghost ? &self->ghost_move.fall : NULL);
      fol_fall_board_set_placements (board, &self->placed[k]);
      FolHex cells[8];
      fol_fall_board_set_last_cells (board, cells, k > 0 ? turn_cells (self, k, cells) : 0);
      fol_fall_board_set_last_move_text (board, line);
      g_autofree char *markup = cards_markup (self, shown);
      gtk_label_set_markup (GTK_LABEL (self->seat_text), markup);
      return;
    }
  FolSummerBoard *board = FOL_SUMMER_BOARD (self->board);
  const SummerState *s = fol_replay_get_summer_state (self->replay, k);
  fol_summer_board_set_animate (board, forward);
  fol_summer_board_set_state (board, s, self->seat);
  /* Expert's whole turn: every piece it places */
  fol_summer_board_set_hint_turn (board, self->ghost_turn, ghost ? self->n_ghost_turn : 0);
  const FolSummerMoveDetail *d = k > 0 ? fol_replay_get_move (self->replay, k)->detail : NULL;
  if (d != NULL && d->move.kind != SUMMER_MOVE_END && d->move.kind != SUMMER_MOVE_EXCHANGE)
    fol_summer_board_set_last_move (board, fol_replay_get_move (self->replay, k)->seat, &d->move);
  else
    fol_summer_board_set_last_move (board, -1, NULL);
  fol_summer_board_set_last_move_text (board, line);
  g_autofree char *treasures = treasures_text (self, s);
  gtk_label_set_text (GTK_LABEL (self->seat_text), treasures);
}

static void clear_ghost (FolReplayPage *self);

static void
update_position (FolReplayPage *self, gboolean forward)
{
  guint k = self->ply, n = n_plies (self);
  /* Expert's turn is shown at its start only */
  if (self->ghost >= 0 && k + 1 != (guint) fol_game_analysis_get_turn (self->result, (guint) self->ghost)->first_ply)
    clear_ghost (self);
  show_board (self, forward);
  fol_analysis_chart_set_ply (FOL_ANALYSIS_CHART (self->chart), k);

  g_autofree char *where = k == 0 ? g_strdup (_("Start of the game"))
    /* Translators: the replay's position: the move shown and how many the game has, "Move 12 of 230" */
    : g_strdup_printf (_("Move %u of %u"), k, n);
  gtk_label_set_text (GTK_LABEL (self->position_label), where);
  g_autofree char *status = status_words (self, k);
  gtk_label_set_text (GTK_LABEL (self->status_label), status);

  /* the slider follows (its own changes come back here as the same ply) */
  if ((guint) gtk_adjustment_get_value (self->adjustment) != k)
    gtk_adjustment_set_value (self->adjustment, k);

  GtkListBoxRow *row = gtk_list_box_get_row_at_index (GTK_LIST_BOX (self->log_list), (int) k);
  gtk_list_box_select_row (GTK_LIST_BOX (self->log_list), row);
  self->scroll_pending = TRUE;
  scroll_log (self);

  GtkWidget *w = GTK_WIDGET (self);
  gtk_widget_action_set_enabled (w, "replay.first", k > 0);
  gtk_widget_action_set_enabled (w, "replay.previous", k > 0);
  gtk_widget_action_set_enabled (w, "replay.next", k < n);
  gtk_widget_action_set_enabled (w, "replay.last", k < n);
  gboolean can_continue = fol_replay_page_get_can_continue (self);
  gtk_widget_action_set_enabled (w, "replay.continue", can_continue);
  gboolean over = fol_replay_get_is_over (self->replay);
  gtk_widget_set_visible (self->continue_button, !over);
  gtk_widget_set_visible (self->continue_note, !over && !can_continue);
}

static void
on_adjustment_value_changed (GtkAdjustment *adj, FolReplayPage *self)
{
  fol_replay_page_set_ply (self, (guint) MAX (0, gtk_adjustment_get_value (adj) + 0.5));
}

static gboolean
scroll_log_idle (gpointer data)
{
  FolReplayPage *self = data;
  self->scroll_source = 0;
  scroll_log (self);
  return G_SOURCE_REMOVE;
}

/* The log was laid out again: scroll after the layout (a scroll during it
 * would only move the scrollbar). */
static void
on_log_adjustment_changed (GtkAdjustment *adj, FolReplayPage *self)
{
  if (self->scroll_pending && self->scroll_source == 0)
    self->scroll_source = g_idle_add (scroll_log_idle, self);
}

static void
on_seat_selected (GtkDropDown *dropdown, GParamSpec *pspec, FolReplayPage *self)
{
  guint i = gtk_drop_down_get_selected (dropdown);
  if (i != GTK_INVALID_LIST_POSITION)
    fol_replay_page_set_seat (self, (int) i);
}

static void
on_reveal_active (GtkSwitch *sw, GParamSpec *pspec, FolReplayPage *self)
{
  fol_replay_page_set_reveal (self, gtk_switch_get_active (sw));
}

/* ---- the analysis ---- */

/* Whose turn it was in words, as the replay says it at the turn's start;
 * Fall's first player has two turns a week: which one. */
static char *
turn_words (FolReplayPage *self, const FolAnalysisTurn *t)
{
  guint start = (guint) t->first_ply - 1;
  if (self->is_fall)
    {
      const FallState *s = fol_replay_get_fall_state (self->replay, start);
      if (s->turn == 0)
        /* Translators: the first of the two turns the week's first player has in Fall: "Week 4 of 12: Norma's first turn" */
        return g_strdup_printf (_("Week %d of 12: %s's first turn"), s->week, seat_name (self, t->seat));
      if (s->turn == 2)
        /* Translators: the second of the two turns the week's first player has in Fall */
        return g_strdup_printf (_("Week %d of 12: %s's second turn"), s->week, seat_name (self, t->seat));
    }
  return position_words (self, start);
}

static void
set_message (FolReplayPage *self, const char *text)
{
  gtk_label_set_text (GTK_LABEL (self->analysis_message), text ? text : "");
  gtk_widget_set_visible (self->analysis_message, text != NULL);
}

/* What is shown of the analysis follows the run and the result: Analyse
 * on a finished game without one, the progress while it runs, the chart
 * and what goes with it once there is a result. */
static void
update_analysis_widgets (FolReplayPage *self)
{
  GtkWidget *w = GTK_WIDGET (self);
  gboolean over = fol_replay_get_is_over (self->replay);
  gboolean running = self->analysis != NULL, shown = self->result != NULL;
  gtk_widget_set_visible (self->analysis_box, over);
  gtk_widget_set_visible (self->analysis_intro, !shown);
  gtk_widget_set_visible (self->analyse_button, over && !running && !shown);
  gtk_widget_set_visible (self->progress_box, running);
  gtk_widget_set_visible (self->chart, shown);
  /* Expert's turn in words takes the explanation's place */
  gtk_widget_set_visible (self->chart_note, shown && self->ghost < 0);
  gtk_widget_set_visible (self->total_label, shown);
  gtk_widget_set_visible (self->marks_scroll, shown && gtk_widget_get_first_child (self->marks_list) != NULL);
  gtk_widget_action_set_enabled (w, "replay.analyse", over && !running && !shown);
  gtk_widget_action_set_enabled (w, "replay.cancel-analysis", running);
}

/* Each analysed seat's total: "Ann lost about 23.5 points to Expert over 18
 * turns": the turns analysed, those that began with a choice (analysis.h,
 * FolAnalysisGame.has_choice), as foliage-cli analyse counts them. */
static char *
totals_words (FolReplayPage *self)
{
  GString *out = g_string_new (NULL);
  for (guint seat = 0; seat < fol_game_get_n_seats (fol_replay_get_game (self->replay)); seat++)
    {
      int n = 0;
      double total = fol_game_analysis_total_loss (self->result, (int) seat, &n);
      if (n == 0)
        continue;
      /* a mean a turn: the losses are each measured from their own
       * position against Expert's turn there, so their sum is not what the
       * game as a whole lost (a winner "lost 29 points" read as nonsense) */
      double mean = total / n;
      g_autofree char *number = fol_analysis_chart_format_points (mean);
      /* "1 point", "0.5 points", "23 points" */
      gulong count = g_str_equal (number, "1") ? 1 : 2;
      /* Translators: an amount of points in the analysis's summary ("%s lost about 1 point a turn to Expert over 18 turns") */
      g_autofree char *points = g_strdup_printf (ngettext ("%s point", "%s points", count), number);
      if (out->len)
        g_string_append_c (out, '\n');
      if (mean >= 0)
        /* Translators: the analysis's summary of a player: "Ann lost about 2.5 points a turn to Expert over 18 turns";
         * the second %s is "2.5 points" or "1 point" */
        g_string_append_printf (out, ngettext ("%s lost about %s a turn to Expert over %d turn",
                                               "%s lost about %s a turn to Expert over %d turns", n),
                                seat_name (self, (int) seat), points, n);
      else
        /* Translators: the analysis's summary of a player who did better than the Expert level would have;
         * the second %s is "2.5 points" or "1 point" */
        g_string_append_printf (out, ngettext ("%s gained about %s a turn on Expert over %d turn",
                                               "%s gained about %s a turn on Expert over %d turns", n),
                                seat_name (self, (int) seat), points, n);
    }
  return g_string_free (out, FALSE);
}

/* Row k of the list is the chart's mark k. */
static void
on_mark_activated (GtkListBox *list, GtkListBoxRow *row, FolReplayPage *self)
{
  guint n = 0, k = (guint) gtk_list_box_row_get_index (row);
  const guint *marks = fol_analysis_chart_get_marks (FOL_ANALYSIS_CHART (self->chart), &n);
  if (k < n)
    fol_replay_page_show_turn (self, marks[k]);
}

/* The marked turns as a list under the chart, numbered as the chart
 * numbers them, for the keyboard and screen readers. */
static void
fill_marks (FolReplayPage *self)
{
  GtkWidget *child;
  while ((child = gtk_widget_get_first_child (self->marks_list)) != NULL)
    gtk_list_box_remove (GTK_LIST_BOX (self->marks_list), child);
  if (self->result == NULL)
    return;
  guint n = 0;
  const guint *marks = fol_analysis_chart_get_marks (FOL_ANALYSIS_CHART (self->chart), &n);
  for (guint k = 0; k < n; k++)
    {
      g_autofree char *turn = fol_analysis_chart_describe_turn (FOL_ANALYSIS_CHART (self->chart), marks[k]);
      /* Translators: a line of the list under the analysis chart: the number of a marked turn, then the turn */
      g_autofree char *text = g_strdup_printf (_("%u. %s"), k + 1, turn);
      GtkWidget *label = row_label (text);
      gtk_widget_set_tooltip_text (label, _("Show this turn and Expert's turn instead"));
      gtk_list_box_append (GTK_LIST_BOX (self->marks_list), label);
    }
}

/* Shows @analysis (copied; NULL: none). */
static void
set_result (FolReplayPage *self, const FolGameAnalysis *analysis)
{
  clear_ghost (self);
  g_clear_pointer (&self->result, fol_game_analysis_free);
  self->result = analysis ? fol_game_analysis_copy (analysis) : NULL;
  g_auto (GStrv) labels = NULL;
  if (self->result)
    {
      labels = g_new0 (char *, self->result->turns->len + 1);
      for (guint i = 0; i < self->result->turns->len; i++)
        labels[i] = turn_words (self, fol_game_analysis_get_turn (self->result, i));
      g_autofree char *totals = totals_words (self);
      gtk_label_set_text (GTK_LABEL (self->total_label), totals);
    }
  fol_analysis_chart_set_analysis (FOL_ANALYSIS_CHART (self->chart), self->result, n_plies (self),
                                   (const char *const *) labels, self->names);
  fill_marks (self);
  update_analysis_widgets (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANALYSIS]);
}

/* Reads the game's stored analysis of the current method, if any. */
static void
load_stored_analysis (FolReplayPage *self)
{
  if (self->store == NULL || !fol_replay_get_is_over (self->replay) || self->result != NULL || self->analysis != NULL)
    return;
  g_autoptr (GError) error = NULL;
  g_autoptr (FolGameAnalysis) stored = fol_store_load_analysis (self->store, fol_replay_get_id (self->replay),
                                                                FOL_ANALYSIS_METHOD, &error);
  if (stored != NULL)
    set_result (self, stored);
  else if (g_error_matches (error, FOL_STORE_ERROR, FOL_STORE_ERROR_CORRUPT))
    set_message (self, _("The stored analysis of this game is damaged. Analyse the game again to replace it."));
  else if (!g_error_matches (error, FOL_STORE_ERROR, FOL_STORE_ERROR_NOT_FOUND))
    {
      g_autofree char *text = g_strdup_printf (_("The stored analysis of this game could not be read: %s"),
                                               error->message);
      set_message (self, text);
    }
}

static void
on_analysis_progress (FolAnalysis *analysis, GParamSpec *pspec, FolReplayPage *self)
{
  guint done = fol_analysis_get_turns_done (analysis), total = fol_analysis_get_n_turns (analysis);
  g_autofree char *text = total == 0 ? g_strdup (_("Starting…"))
    /* Translators: the analysis's progress bar: "3 of 18 turns" */
    : g_strdup_printf (ngettext ("%u of %u turn", "%u of %u turns", total), done, total);
  gtk_progress_bar_set_text (GTK_PROGRESS_BAR (self->progress_bar), text);
  gtk_progress_bar_set_fraction (GTK_PROGRESS_BAR (self->progress_bar), fol_analysis_get_fraction (analysis));
}

static void
on_analysis_save_failed (FolAnalysis *analysis, const GError *error, FolReplayPage *self)
{
  g_autofree char *text = g_strdup_printf (_("The analysis could not be saved with the game, so it is shown only "
                                             "until the replay is closed: %s"), error->message);
  set_message (self, text);
}

/* The run ended (@data: a reference to the page, taken when it started). */
static void
on_analysis_done (GObject *source, GAsyncResult *res, gpointer data)
{
  g_autoptr (FolReplayPage) self = data;
  FolAnalysis *analysis = FOL_ANALYSIS (source);
  g_autoptr (GError) error = NULL;
  gboolean done = fol_analysis_run_finish (analysis, res, &error);
  /* the page let go of it (disposed) */
  if (analysis != self->analysis)
    return;
  g_signal_handlers_disconnect_by_data (analysis, self);
  g_autoptr (FolAnalysis) ended = g_steal_pointer (&self->analysis);
  g_clear_object (&self->cancellable);
  if (done)
    set_result (self, fol_analysis_get_result (ended));
  else if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      g_autofree char *text = g_strdup_printf (_("The game could not be analysed: %s"), error->message);
      set_message (self, text);
    }
  update_analysis_widgets (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANALYSING]);
}

/* The game to analyse: loaded from the store, so that the model stores the
 * result with it; the replay's own game (not saved) without a store. */
static FolGame *
analysis_game (FolReplayPage *self, GError **error)
{
  if (self->store == NULL)
    return g_object_ref (fol_replay_get_game (self->replay));
  gint64 id = fol_replay_get_id (self->replay);
  if (self->is_fall)
    return FOL_GAME (fol_fall_game_load (self->store, id, error));
  return FOL_GAME (fol_summer_game_load (self->store, id, error));
}

/* ---- Expert's turn ---- */

static void
clear_ghost (FolReplayPage *self)
{
  self->ghost = -1;
  self->ghost_drawn = FALSE;
  gtk_widget_set_visible (self->suggestion_box, FALSE);
  gtk_widget_set_visible (self->chart_note, self->result != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "replay.hide-expert-turn", FALSE);
}

/* Every seat's name, @seat's "Expert": the words of Expert's moves. */
static const char **
expert_names (FolReplayPage *self, int seat)
{
  const char **names = g_memdup2 (self->names, (g_strv_length ((char **) self->names) + 1) * sizeof (char *));
  /* Translators: the computer level Expert as the mover of a turn it suggests: "Expert placed a red tile" */
  names[seat] = C_("computer level", "Expert");
  return names;
}

/* How much a move of Expert's turn is worth showing as the ghost: its tile
 * first (the turn's main placement), else a piece the board draws, else
 * nothing (0: the board cannot draw it). */
static int
summer_ghost_rank (const SummerMove *m)
{
  return m->kind == SUMMER_MOVE_LEAF ? 2
         : m->kind == SUMMER_MOVE_ANIMAL || m->kind == SUMMER_MOVE_SQUIRREL || m->kind == SUMMER_MOVE_NUT ? 1 : 0;
}

static int
fall_ghost_rank (const FallMove *m)
{
  return m->kind == FALL_MOVE_PLACE ? 2 : m->kind == FALL_MOVE_TOKEN || m->kind == FALL_MOVE_CLAIM ? 1 : 0;
}

/* Indian Summer: Expert's turn @t in the log's words, and the move the
 * board draws as the ghost (self->ghost_move): its first tile, else its
 * first other piece. */
static GPtrArray *
summer_expert_turn (FolReplayPage *self, const FolAnalysisTurn *t, GError **error)
{
  const SummerState *start = fol_replay_get_summer_state (self->replay, (guint) t->first_ply - 1);
  SummerMove moves[FOL_ANALYSIS_MAX_TURN_MOVES];
  int n = 0;
  if (!summer_analysis_parse_turn (start, (const char *const *) t->suggested, moves, FOL_ANALYSIS_MAX_TURN_MOVES, &n,
                                   NULL, error))
    return NULL;
  memcpy (self->ghost_turn, moves, (size_t) n * sizeof moves[0]);
  self->n_ghost_turn = n;
  g_autofree const char **names = expert_names (self, t->seat);
  g_autofree SummerState *before = g_new (SummerState, 1);
  g_autofree SummerState *after = g_memdup2 (start, sizeof (SummerState));
  GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);
  int shown = 0;
  for (int i = 0; i < n; i++)
    {
      const SummerMove *m = &moves[i];
      SummerMoveInfo info;
      *before = *after;
      if (!summer_apply_move (after, m, &info, error))
        {
          g_ptr_array_unref (lines);
          return NULL;
        }
      if (summer_ghost_rank (m) > shown)
        {
          shown = summer_ghost_rank (m);
          self->ghost_move.summer = *m;
          self->ghost_drawn = TRUE;
        }
      if (m->kind != SUMMER_MOVE_END || info.game_over)
        g_ptr_array_add (lines, fol_summer_describe_move (before, after, m, &info, names, -1));
    }
  return lines;
}

/* Fall: the same (places named without whose tiles they are: Expert is not
 * the one who placed the seat's tiles before). */
static GPtrArray *
fall_expert_turn (FolReplayPage *self, const FolAnalysisTurn *t, GError **error)
{
  const FallState *start = fol_replay_get_fall_state (self->replay, (guint) t->first_ply - 1);
  FallMove moves[FOL_ANALYSIS_MAX_TURN_MOVES];
  int n = 0;
  if (!fall_analysis_parse_turn (start, (const char *const *) t->suggested, moves, FOL_ANALYSIS_MAX_TURN_MOVES, &n,
                                 NULL, error))
    return NULL;
  g_autofree const char **names = expert_names (self, t->seat);
  g_autofree FallState *s = g_new0 (FallState, 1);
  fall_state_copy (s, start);
  GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);
  int shown = 0;
  for (int i = 0; i < n; i++)
    {
      const FallMove *m = &moves[i];
      char *line = fol_fall_describe_move (s, m, names, NULL);
      if (line)
        g_ptr_array_add (lines, line);
      if (fall_ghost_rank (m) > shown)
        {
          shown = fall_ghost_rank (m);
          self->ghost_move.fall = *m;
          self->ghost_drawn = TRUE;
        }
      const char *reason = NULL;
      if (!fall_apply (s, m, &reason))
        {
          g_set_error (error, FOL_ANALYSIS_ERROR, FOL_ANALYSIS_ERROR_INVALID, "move %d of the turn: %s", i + 1, reason);
          g_ptr_array_unref (lines);
          return NULL;
        }
    }
  return lines;
}

/* The words under the chart for turn @t: whose turn, then what Expert's
 * turn would have gained ("Expert would have played (about 4.2 points
 * better ± 1.1):") and its moves, one a line. */
static char *
expert_turn_markup (FolReplayPage *self, const FolAnalysisTurn *t)
{
  g_autofree char *heading = turn_words (self, t);
  g_autofree char *text = NULL;
  if (g_strv_equal ((const char *const *) t->played, (const char *const *) t->suggested))
    text = g_strdup (_("Expert would have played the same turn."));
  else
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (GPtrArray) lines = self->is_fall ? fall_expert_turn (self, t, &error) : summer_expert_turn (self, t, &error);
      if (lines == NULL)
        /* Translators: a suggested turn of the analysis that cannot be read; %s says why */
        text = g_strdup_printf (_("Expert's turn cannot be shown: %s"), error->message);
      else
        {
          g_autofree char *loss = fol_analysis_chart_format_points (t->loss);
          g_autofree char *se = fol_analysis_chart_format_points (t->std_error);
          GString *out = g_string_new (NULL);
          /* a standard error of 0: Expert's turn reached the same position, nothing uncertain */
          gboolean sure = g_str_equal (se, "0");
          if (sure && fabs (t->loss) < 0.05)
            g_string_printf (out, "%s", _("Expert would have played (about as good):"));
          else if (sure)
            /* Translators: before Expert's turn in the log's words, one move a line, when the points are
               certain: "Expert would have played (about 4 points better):" or "(about 2 points worse):" */
            g_string_printf (out, t->loss > 0 ? _("Expert would have played (about %s points better):")
                                              : _("Expert would have played (about %s points worse):"), loss);
          else if (t->loss >= 0.05)
            /* Translators: before Expert's turn in the log's words, one move a line: "Expert would have
               played (about 4.2 points better ± 1.1):" */
            g_string_printf (out, _("Expert would have played (about %s points better ± %s):"), loss, se);
          else if (t->loss <= -0.05)
            /* Translators: as "Expert would have played (about 4.2 points better ± 1.1):", for a turn
               that did better than Expert's */
            g_string_printf (out, _("Expert would have played (about %s points worse ± %s):"), loss, se);
          else
            /* Translators: as "Expert would have played (about 4.2 points better ± 1.1):", for a turn
               as good as Expert's */
            g_string_printf (out, _("Expert would have played (about as good ± %s):"), se);
          for (guint i = 0; i < lines->len; i++)
            g_string_append_printf (out, "\n• %s", (const char *) g_ptr_array_index (lines, i));
          if (self->ghost_drawn)
            g_string_append_printf (out, "\n%s", _("The dashed outline on the board shows its placement."));
          text = g_string_free (out, FALSE);
        }
    }
  return g_markup_printf_escaped ("<b>%s</b>\n%s", heading, text);
}

/* ---- actions and keys ---- */

static void
act_step (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  FolReplayPage *self = FOL_REPLAY_PAGE (widget);
  guint n = n_plies (self);
  if (g_str_equal (action_name, "replay.first"))
    fol_replay_page_set_ply (self, 0);
  else if (g_str_equal (action_name, "replay.previous"))
    fol_replay_page_set_ply (self, self->ply > 0 ? self->ply - 1 : 0);
  else if (g_str_equal (action_name, "replay.next"))
    fol_replay_page_set_ply (self, MIN (self->ply + 1, n));
  else
    fol_replay_page_set_ply (self, n);
}

static void
act_continue (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  FolReplayPage *self = FOL_REPLAY_PAGE (widget);
  if (fol_replay_page_get_can_continue (self))
    g_signal_emit (self, signals[SIGNAL_CONTINUE_GAME], 0);
}

static void
act_analyse (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  fol_replay_page_analyse (FOL_REPLAY_PAGE (widget));
}

static void
act_cancel_analysis (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  fol_replay_page_cancel_analysis (FOL_REPLAY_PAGE (widget));
}

static void
act_hide_expert_turn (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  FolReplayPage *self = FOL_REPLAY_PAGE (widget);
  clear_ghost (self);
  show_board (self, FALSE);
}

static void
on_turn_activated (FolAnalysisChart *chart, guint turn, FolReplayPage *self)
{
  fol_replay_page_show_turn (self, turn);
}

/* Home, Left, Right, End step through the game wherever the keys are in
 * the page (the capture phase: before the slider or the log use them);
 * F9 opens the folded side panel; Escape hides Expert's turn. */
static gboolean
on_key_pressed (GtkEventControllerKey *controller, guint keyval, guint keycode, GdkModifierType state,
                FolReplayPage *self)
{
  if (state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SHIFT_MASK | GDK_SUPER_MASK))
    return FALSE;
  const char *action = NULL;
  switch (keyval)
    {
    case GDK_KEY_Home: case GDK_KEY_KP_Home: action = "replay.first"; break;
    case GDK_KEY_Left: case GDK_KEY_KP_Left: action = "replay.previous"; break;
    case GDK_KEY_Right: case GDK_KEY_KP_Right: action = "replay.next"; break;
    case GDK_KEY_End: case GDK_KEY_KP_End: action = "replay.last"; break;
    case GDK_KEY_Escape:
      if (self->ghost < 0)
        return FALSE;
      action = "replay.hide-expert-turn";
      break;
    case GDK_KEY_F9:
      if (adw_flap_get_folded (ADW_FLAP (self->flap)))
        adw_flap_set_reveal_flap (ADW_FLAP (self->flap), !adw_flap_get_reveal_flap (ADW_FLAP (self->flap)));
      return TRUE;
    default:
      return FALSE;
    }
  gtk_widget_activate_action (GTK_WIDGET (self), action, NULL);
  return TRUE;
}

/* ---- construction ---- */

static void
make_board (FolReplayPage *self)
{
  FolGame *game = fol_replay_get_game (self->replay);
  if (self->is_fall)
    {
      self->view = g_new0 (FallState, 1);
      self->board = fol_fall_board_new ();
      fol_fall_board_set_names (FOL_FALL_BOARD (self->board), seat_name (self, 0), seat_name (self, 1));
    }
  else
    {
      self->board = fol_summer_board_new ();
      fol_summer_board_set_names (FOL_SUMMER_BOARD (self->board), self->names);
      /* read only: no Leaf tile to pick up, even on the seat's own turn */
      fol_summer_board_set_read_only (FOL_SUMMER_BOARD (self->board), TRUE);
    }
  /* the keys stay with the page's steps (the Fall board still pans and zooms) */
  gtk_widget_set_focusable (self->board, FALSE);
  adw_bin_set_child (ADW_BIN (self->board_slot), self->board);

  /* the person's view first: the first seat a person played */
  self->seat = 0;
  for (guint i = fol_game_get_n_seats (game); i-- > 0;)
    if (fol_player_get_human (fol_game_get_player (game, i)))
      self->seat = (int) i;
}

static void
fol_replay_page_constructed (GObject *object)
{
  FolReplayPage *self = FOL_REPLAY_PAGE (object);
  G_OBJECT_CLASS (fol_replay_page_parent_class)->constructed (object);
  g_return_if_fail (self->replay != NULL);
  FolGame *game = fol_replay_get_game (self->replay);
  self->is_fall = g_str_equal (fol_replay_get_kind (self->replay), "fall");
  guint n_seats = fol_game_get_n_seats (game);
  self->names = g_new0 (const char *, n_seats + 1);
  for (guint i = 0; i < n_seats; i++)
    self->names[i] = fol_player_get_name (fol_game_get_player (game, i));
  make_board (self);

  GtkStringList *seats = gtk_string_list_new ((const char *const *) self->names);
  gtk_drop_down_set_model (GTK_DROP_DOWN (self->seat_dropdown), G_LIST_MODEL (seats));
  g_object_unref (seats);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (self->seat_dropdown), (guint) self->seat);
  g_signal_connect (self->seat_dropdown, "notify::selected", G_CALLBACK (on_seat_selected), self);
  gtk_widget_set_visible (self->seat_box, n_seats > 1);

  gboolean over = fol_replay_get_is_over (self->replay);
  gtk_widget_set_visible (self->reveal_box, self->is_fall);
  gtk_widget_set_visible (self->reveal_note, self->is_fall && !over);
  gtk_widget_set_sensitive (self->reveal_switch, over);
  g_signal_connect (self->reveal_switch, "notify::active", G_CALLBACK (on_reveal_active), self);
  gtk_label_set_use_markup (GTK_LABEL (self->seat_text), self->is_fall);

  fill_log (self);
  gtk_adjustment_set_upper (self->adjustment, n_plies (self));
  self->ply = n_plies (self);
  gtk_adjustment_set_value (self->adjustment, self->ply);
  g_signal_connect (self->adjustment, "value-changed", G_CALLBACK (on_adjustment_value_changed), self);
  update_position (self, FALSE);
  update_analysis_widgets (self);
}

static void
fol_replay_page_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  FolReplayPage *self = FOL_REPLAY_PAGE (object);
  switch (prop_id)
    {
    case PROP_REPLAY: self->replay = g_value_dup_object (value); break;
    case PROP_PLY: fol_replay_page_set_ply (self, g_value_get_uint (value)); break;
    case PROP_SEAT: fol_replay_page_set_seat (self, g_value_get_int (value)); break;
    case PROP_REVEAL: fol_replay_page_set_reveal (self, g_value_get_boolean (value)); break;
    case PROP_STORE: fol_replay_page_set_store (self, g_value_get_object (value)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
fol_replay_page_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  FolReplayPage *self = FOL_REPLAY_PAGE (object);
  switch (prop_id)
    {
    case PROP_REPLAY: g_value_set_object (value, self->replay); break;
    case PROP_PLY: g_value_set_uint (value, self->ply); break;
    case PROP_SEAT: g_value_set_int (value, self->seat); break;
    case PROP_REVEAL: g_value_set_boolean (value, self->reveal); break;
    case PROP_STORE: g_value_set_object (value, self->store); break;
    case PROP_ANALYSING: g_value_set_boolean (value, self->analysis != NULL); break;
    case PROP_ANALYSIS: g_value_set_boxed (value, self->result); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* Focusing the page focuses the slider: the keys are then in the page. */
static gboolean
fol_replay_page_grab_focus (GtkWidget *widget)
{
  return gtk_widget_grab_focus (FOL_REPLAY_PAGE (widget)->scale);
}

static void
fol_replay_page_map (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (fol_replay_page_parent_class)->map (widget);
  FOL_REPLAY_PAGE (widget)->scroll_pending = TRUE;
}

/* Leaving the page (the window drops it or shows another) stops the analysis. */
static void
fol_replay_page_unmap (GtkWidget *widget)
{
  fol_replay_page_cancel_analysis (FOL_REPLAY_PAGE (widget));
  GTK_WIDGET_CLASS (fol_replay_page_parent_class)->unmap (widget);
}

static void
fol_replay_page_dispose (GObject *object)
{
  FolReplayPage *self = FOL_REPLAY_PAGE (object);
  g_clear_handle_id (&self->scroll_source, g_source_remove);
  if (self->adjustment != NULL)
    g_signal_handlers_disconnect_by_data (self->adjustment, self);
  GtkAdjustment *log_adj = self->log_scroll
    ? gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->log_scroll)) : NULL;
  if (log_adj != NULL)
    g_signal_handlers_disconnect_by_data (log_adj, self);
  /* a run still under way ends on its own: its end finds the page gone */
  if (self->cancellable)
    g_cancellable_cancel (self->cancellable);
  if (self->analysis)
    g_signal_handlers_disconnect_by_data (self->analysis, self);
  g_clear_object (&self->analysis);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->store);
  self->board = NULL;
  gtk_widget_dispose_template (GTK_WIDGET (self), FOL_TYPE_REPLAY_PAGE);
  g_clear_object (&self->replay);
  G_OBJECT_CLASS (fol_replay_page_parent_class)->dispose (object);
}

static void
fol_replay_page_finalize (GObject *object)
{
  FolReplayPage *self = FOL_REPLAY_PAGE (object);
  g_free (self->names);
  g_free (self->view);
  g_free (self->placed);
  g_clear_pointer (&self->result, fol_game_analysis_free);
  G_OBJECT_CLASS (fol_replay_page_parent_class)->finalize (object);
}

static void
fol_replay_page_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                         int *minimum, int *natural, int *minimum_baseline, int *natural_baseline)
{
  FolReplayPage *self = FOL_REPLAY_PAGE (widget);
  fol_fold_measure (self->outer, ADW_FLAP (self->flap), orientation, for_size,
                    minimum, natural, minimum_baseline, natural_baseline);
}

/* The panel folds away as on the game page: for Indian Summer when the
 * Forest Floor would be squeezed at the board's height (fol-fold.h). */
static void
fol_replay_page_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  FolReplayPage *self = FOL_REPLAY_PAGE (widget);
  AdwFlap *flap = ADW_FLAP (self->flap);
  int board_width = FOL_GAME_PAGE_BOARD_MIN_WIDTH;
  if (!self->is_fall && self->replay)
    {
      const SummerState *s = fol_replay_get_summer_state (self->replay, 0);
      board_width = MAX (board_width, fol_summer_layout_comfortable_width (s ? s->n_players : 2,
                                                                           fol_fold_board_height (flap, self->board_slot, height)));
    }
  fol_fold_allocate (self->outer, flap, width, height, baseline, board_width);
}

static void
fol_replay_page_class_init (FolReplayPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  object_class->constructed = fol_replay_page_constructed;
  object_class->set_property = fol_replay_page_set_property;
  object_class->get_property = fol_replay_page_get_property;
  object_class->dispose = fol_replay_page_dispose;
  object_class->finalize = fol_replay_page_finalize;
  widget_class->grab_focus = fol_replay_page_grab_focus;
  widget_class->map = fol_replay_page_map;
  widget_class->unmap = fol_replay_page_unmap;
  widget_class->measure = fol_replay_page_measure;
  widget_class->size_allocate = fol_replay_page_size_allocate;

  /** FolReplayPage:replay: the saved game's positions (construct only). */
  properties[PROP_REPLAY] = g_param_spec_object ("replay", NULL, NULL, FOL_TYPE_REPLAY,
                                                 G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  /** FolReplayPage:ply: the position shown (fol_replay_page_set_ply()). */
  properties[PROP_PLY] = g_param_spec_uint ("ply", NULL, NULL, 0, G_MAXUINT, 0,
                                            G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /** FolReplayPage:seat: whose view the board shows (fol_replay_page_set_seat()). */
  properties[PROP_SEAT] = g_param_spec_int ("seat", NULL, NULL, 0, 7, 0,
                                            G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /** FolReplayPage:reveal: Fall: both players' cards shown (fol_replay_page_set_reveal()). */
  properties[PROP_REVEAL] = g_param_spec_boolean ("reveal", NULL, NULL, FALSE,
                                                  G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /** FolReplayPage:store: where the analysis is read and stored (fol_replay_page_set_store()). */
  properties[PROP_STORE] = g_param_spec_object ("store", NULL, NULL, FOL_TYPE_STORE,
                                                G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /** FolReplayPage:analysing: an analysis is running (fol_replay_page_analyse()). */
  properties[PROP_ANALYSING] = g_param_spec_boolean ("analysing", NULL, NULL, FALSE,
                                                     G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  /** FolReplayPage:analysis: the analysis shown, or NULL (fol_replay_page_get_analysis()). */
  properties[PROP_ANALYSIS] = g_param_spec_boxed ("analysis", NULL, NULL, FOL_TYPE_GAME_ANALYSIS,
                                                  G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * FolReplayPage::continue-game:
   * "Continue from Here" at the last position of an unfinished game: the
   * game is to be opened for play (from the store, as it was saved).
   */
  signals[SIGNAL_CONTINUE_GAME] = g_signal_new ("continue-game", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                                NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_install_action (widget_class, "replay.first", NULL, act_step);
  gtk_widget_class_install_action (widget_class, "replay.previous", NULL, act_step);
  gtk_widget_class_install_action (widget_class, "replay.next", NULL, act_step);
  gtk_widget_class_install_action (widget_class, "replay.last", NULL, act_step);
  gtk_widget_class_install_action (widget_class, "replay.continue", NULL, act_continue);
  gtk_widget_class_install_action (widget_class, "replay.analyse", NULL, act_analyse);
  gtk_widget_class_install_action (widget_class, "replay.cancel-analysis", NULL, act_cancel_analysis);
  gtk_widget_class_install_action (widget_class, "replay.hide-expert-turn", NULL, act_hide_expert_turn);

  g_type_ensure (FOL_TYPE_ANALYSIS_CHART);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/foliage/Foliage/ui/fol-replay-page.ui");
  gtk_widget_class_bind_template_child (widget_class, FolReplayPage, outer);
  gtk_widget_class_bind_template_child (widget_class, FolReplayPage, flap);
  gtk_widget_class_bind_template_child (widget_class, FolReplayPage, board_slot);
  gtk_widget_class_bind_template_child (widget_class, FolReplayPage, adjustment);
  gtk_widget_class_bind_template_child (widget_class, FolReplayPage, scale);
  gtk_widget_class_bind_template_child (widget_class, FolReplayPage, position_label);
  gtk_widget_class_bind_template_child (widget_class, FolReplayPage, status_label);
  gtk_widget_class_bind_template_child (widget_class, FolReplayPage, seat_box);
  gtk_widget_class_bind_template_child (widget_class, FolReplayPage, seat_dropdown);
  gtk_widget_class_bind_template_child (widget_class, FolReplayPage, reveal_box);
  gtk_widget_class_bind_template_child (widget_class, FolReplayPage, reveal_switch);
  gtk_widget_class_bind_template_child (widget_class, FolReplayPage, reveal_note);
  gtk_widget_class_bind_template_child (widget_class, FolReplayPage, seat_text);
  gtk_widget_class_bind_template_child (widget_class, FolReplayPage, continue_button);
  gtk_widget_class_bind_template_child (widget_class, FolReplayPage, continue_note);
  gtk_widget_class_bind_template_child (widget_class, FolReplayPage, analysis_box);
  gtk_widget_class_bind_template_child (widget_class, FolReplayPage, analysis_intro);
  gtk_widget_class_bind_template_child (widget_class, FolReplayPage, analyse_button);
  gtk_widget_class_bind_template_child (widget_class, FolReplayPage, progress_box);
  gtk_widget_class_bind_template_child (widget_class, FolReplayPage, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, FolReplayPage, chart);
  gtk_widget_class_bind_template_child (widget_class, FolReplayPage, chart_note);
  gtk_widget_class_bind_template_child (widget_class, FolReplayPage, total_label);
  gtk_widget_class_bind_template_child (widget_class, FolReplayPage, marks_scroll);
  gtk_widget_class_bind_template_child (widget_class, FolReplayPage, marks_list);
  gtk_widget_class_bind_template_child (widget_class, FolReplayPage, suggestion_box);
  gtk_widget_class_bind_template_child (widget_class, FolReplayPage, suggestion_label);
  gtk_widget_class_bind_template_child (widget_class, FolReplayPage, analysis_message);
  gtk_widget_class_bind_template_child (widget_class, FolReplayPage, log_scroll);
  gtk_widget_class_bind_template_child (widget_class, FolReplayPage, log_list);
}

static void
fol_replay_page_init (FolReplayPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->ghost = -1;
  self->effort = FOL_ANALYSIS_EFFORT_DEFAULT;
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "replay.hide-expert-turn", FALSE);
  g_signal_connect (self->chart, "turn-activated", G_CALLBACK (on_turn_activated), self);
  g_signal_connect (self->marks_list, "row-activated", G_CALLBACK (on_mark_activated), self);
  g_signal_connect (self->log_list, "row-activated", G_CALLBACK (on_log_row_activated), self);
  GtkAdjustment *log_adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->log_scroll));
  g_signal_connect (log_adj, "changed", G_CALLBACK (on_log_adjustment_changed), self);

  GtkEventController *keys = gtk_event_controller_key_new ();
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (on_key_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
}

/* ---- public ---- */

GtkWidget *
fol_replay_page_new (FolReplay *replay)
{
  g_return_val_if_fail (FOL_IS_REPLAY (replay), NULL);
  return g_object_new (FOL_TYPE_REPLAY_PAGE, "replay", replay, NULL);
}

FolReplay *
fol_replay_page_get_replay (FolReplayPage *self)
{
  g_return_val_if_fail (FOL_IS_REPLAY_PAGE (self), NULL);
  return self->replay;
}

void
fol_replay_page_set_ply (FolReplayPage *self, guint ply)
{
  g_return_if_fail (FOL_IS_REPLAY_PAGE (self));
  if (self->replay == NULL)
    return;
  ply = MIN (ply, n_plies (self));
  if (ply == self->ply)
    return;
  gboolean forward = ply == self->ply + 1;
  self->ply = ply;
  update_position (self, forward);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PLY]);
}

guint
fol_replay_page_get_ply (FolReplayPage *self)
{
  g_return_val_if_fail (FOL_IS_REPLAY_PAGE (self), 0);
  return self->ply;
}

void
fol_replay_page_set_seat (FolReplayPage *self, int seat)
{
  g_return_if_fail (FOL_IS_REPLAY_PAGE (self));
  if (self->replay == NULL || seat < 0 || seat >= (int) fol_game_get_n_seats (fol_replay_get_game (self->replay))
      || seat == self->seat)
    return;
  /* Expert's turn is shown from its seat's view only */
  if (self->ghost >= 0 && seat != fol_game_analysis_get_turn (self->result, (guint) self->ghost)->seat)
    clear_ghost (self);
  self->seat = seat;
  gtk_drop_down_set_selected (GTK_DROP_DOWN (self->seat_dropdown), (guint) seat);
  show_board (self, FALSE);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SEAT]);
}

int
fol_replay_page_get_seat (FolReplayPage *self)
{
  g_return_val_if_fail (FOL_IS_REPLAY_PAGE (self), 0);
  return self->seat;
}

void
fol_replay_page_set_reveal (FolReplayPage *self, gboolean reveal)
{
  g_return_if_fail (FOL_IS_REPLAY_PAGE (self));
  if (self->replay == NULL)
    return;
  /* only a finished game's secrets may be shown */
  reveal = reveal && self->is_fall && fol_replay_get_is_over (self->replay);
  if (gtk_switch_get_active (GTK_SWITCH (self->reveal_switch)) != reveal)
    gtk_switch_set_active (GTK_SWITCH (self->reveal_switch), reveal);
  if (reveal == self->reveal)
    return;
  self->reveal = reveal;
  show_board (self, FALSE);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REVEAL]);
}

gboolean
fol_replay_page_get_reveal (FolReplayPage *self)
{
  g_return_val_if_fail (FOL_IS_REPLAY_PAGE (self), FALSE);
  return self->reveal;
}

GtkWidget *
fol_replay_page_get_board (FolReplayPage *self)
{
  g_return_val_if_fail (FOL_IS_REPLAY_PAGE (self), NULL);
  return self->board;
}

gboolean
fol_replay_page_get_can_continue (FolReplayPage *self)
{
  g_return_val_if_fail (FOL_IS_REPLAY_PAGE (self), FALSE);
  return self->replay != NULL && !fol_replay_get_is_over (self->replay) && self->ply == n_plies (self);
}

void
fol_replay_page_set_store (FolReplayPage *self, FolStore *store)
{
  g_return_if_fail (FOL_IS_REPLAY_PAGE (self));
  g_return_if_fail (store == NULL || FOL_IS_STORE (store));
  if (!g_set_object (&self->store, store))
    return;
  load_stored_analysis (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STORE]);
}

void
fol_replay_page_set_analysis_effort (FolReplayPage *self, const FolAnalysisEffort *effort)
{
  g_return_if_fail (FOL_IS_REPLAY_PAGE (self) && effort != NULL);
  self->effort = *effort;
}

gboolean
fol_replay_page_analyse (FolReplayPage *self)
{
  g_return_val_if_fail (FOL_IS_REPLAY_PAGE (self), FALSE);
  if (self->replay == NULL || !fol_replay_get_is_over (self->replay) || self->analysis != NULL || self->result != NULL)
    return FALSE;
  g_autoptr (GError) error = NULL;
  g_autoptr (FolGame) game = analysis_game (self, &error);
  if (game == NULL)
    {
      g_autofree char *text = g_strdup_printf (_("The game could not be analysed: %s"), error->message);
      set_message (self, text);
      return FALSE;
    }
  set_message (self, NULL);
  self->analysis = fol_analysis_new (game);
  fol_analysis_set_effort (self->analysis, &self->effort);
  self->cancellable = g_cancellable_new ();
  g_signal_connect (self->analysis, "notify::fraction", G_CALLBACK (on_analysis_progress), self);
  g_signal_connect (self->analysis, "save-failed", G_CALLBACK (on_analysis_save_failed), self);
  on_analysis_progress (self->analysis, NULL, self);
  update_analysis_widgets (self);
  fol_analysis_run_async (self->analysis, self->cancellable, on_analysis_done, g_object_ref (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANALYSING]);
  return TRUE;
}

void
fol_replay_page_cancel_analysis (FolReplayPage *self)
{
  g_return_if_fail (FOL_IS_REPLAY_PAGE (self));
  if (self->cancellable)
    g_cancellable_cancel (self->cancellable);
}

gboolean
fol_replay_page_get_analysing (FolReplayPage *self)
{
  g_return_val_if_fail (FOL_IS_REPLAY_PAGE (self), FALSE);
  return self->analysis != NULL;
}

const FolGameAnalysis *
fol_replay_page_get_analysis (FolReplayPage *self)
{
  g_return_val_if_fail (FOL_IS_REPLAY_PAGE (self), NULL);
  return self->result;
}

GtkWidget *
fol_replay_page_get_chart (FolReplayPage *self)
{
  g_return_val_if_fail (FOL_IS_REPLAY_PAGE (self), NULL);
  return self->chart;
}

void
fol_replay_page_show_turn (FolReplayPage *self, guint turn)
{
  g_return_if_fail (FOL_IS_REPLAY_PAGE (self));
  if (self->result == NULL || turn >= self->result->turns->len)
    return;
  const FolAnalysisTurn *t = fol_game_analysis_get_turn (self->result, turn);
  clear_ghost (self);
  fol_replay_page_set_seat (self, t->seat);
  fol_replay_page_set_ply (self, (guint) t->first_ply - 1);
  /* the words find the ghost: Expert's first move the board draws */
  g_autofree char *markup = expert_turn_markup (self, t);
  self->ghost = (int) turn;
  gtk_label_set_markup (GTK_LABEL (self->suggestion_label), markup);
  gtk_widget_set_visible (self->suggestion_box, TRUE);
  gtk_widget_set_visible (self->chart_note, FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "replay.hide-expert-turn", TRUE);
  show_board (self, FALSE);
}

int
fol_replay_page_get_ghost_turn (FolReplayPage *self, gpointer move, gsize move_size)
{
  g_return_val_if_fail (FOL_IS_REPLAY_PAGE (self), -1);
  if (move != NULL)
    {
      memset (move, 0, move_size);
      if (self->ghost >= 0 && self->ghost_drawn)
        memcpy (move, &self->ghost_move, MIN (move_size, sizeof self->ghost_move));
    }
  return self->ghost;
}
