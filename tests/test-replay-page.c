/* test-replay-page.c: the replay of a saved game (issue 13) in the window,
 * driven by its keys under Xvfb: Home, End, Left and Right move the
 * position, the slider and the log's highlighted line follow, the board
 * shows at every position the very state the live game showed (state
 * hashes recorded while the game was played), the slider and a click on a
 * log line move it too; Fall's board hides the opponent's cards until the
 * game is over and "Show both players' cards" is on; Indian Summer's board
 * shows the seat chosen in the drop-down; "Continue from Here" only at the
 * last position of an unfinished game, opening the game page; the start
 * page's Replay button and Back; the stored game never changes.
 *
 * The analysis (issue 13, "Analysis"), at a small effort: Analyse on a
 * finished game shows its progress, then the chart, while the keys still
 * step through the game; the result is stored, and reopening the replay
 * shows it at once without computing it again; Cancel, and leaving the
 * page, stop a run and store nothing; a click on a mark, a bar or a marked
 * turn's button goes to that turn's start and shows Expert's turn as a
 * ghost on the board (Indian Summer and Fall) and in words; which turns are
 * marked (loss above 2 points and twice its standard error, three a seat). */
#include "config.h"

#include <math.h>

#include "ui-test-util.h"
#include "key-test-util.h"
#include "page-test-util.h"
#include "fol-window.h"
#include "fol-start-page.h"
#include "fol-replay-page.h"
#include "fol-summer-board.h"
#include "fol-fall-board.h"
#include "fol-game-page.h"
#include "fol-analysis-chart.h"
#include "fol-saved-analysis.h"
#include "fall-analysis.h"
#include "summer-analysis.h"
#include "replay-test-util.h"

static FolApplication *app;

static FolReplayPage *
open_replay (FolWindow *win, gint64 id)
{
  g_autoptr (GError) error = NULL;
  GtkWidget *page = fol_window_show_replay (win, id, &error);
  g_assert_no_error (error);
  g_assert_true (FOL_IS_REPLAY_PAGE (page));
  g_assert_true (fol_window_get_replay_page (win) == page);
  WAIT_UNTIL (gtk_widget_get_mapped (page) && gtk_widget_get_width (fol_replay_page_get_board (FOL_REPLAY_PAGE (page))) > 0);
  /* the keys are in the page */
  GtkWidget *focus = gtk_window_get_focus (GTK_WINDOW (win));
  g_assert_nonnull (focus);
  g_assert_true (gtk_widget_is_ancestor (focus, page));
  return FOL_REPLAY_PAGE (page);
}

/* An Indian Summer game of @n_players, Ann (a person) against computers,
 * played to its end (greedy in every seat) in @win's store, and its replay
 * open.  @live: (out) (optional) (transfer full): what the live game
 * showed at each position (play_recording()). */
static FolReplayPage *
open_finished_summer (FolWindow *win, int n_players, guint64 seed, GArray **live)
{
  g_autoptr (FolSummerGame) game = ui_test_new_game (fol_window_get_store (win), n_players, seed);
  g_autoptr (GArray) shown = play_recording (FOL_GAME (game), -1, FOL_AI_GREEDY);
  g_assert_true (fol_game_get_is_over (FOL_GAME (game)));
  if (live)
    *live = g_steal_pointer (&shown);
  return open_replay (win, fol_game_get_store_id (FOL_GAME (game)));
}

static gboolean
is_of_type (GtkWidget *w, gconstpointer type)
{
  return G_TYPE_CHECK_INSTANCE_TYPE (w, GPOINTER_TO_SIZE (type));
}

/* The first widget of type @type under @page. */
static GtkWidget *
find_type (FolReplayPage *page, GType type)
{
  GtkWidget *found = page_test_find (GTK_WIDGET (page), is_of_type, GSIZE_TO_POINTER (type), NULL);
  g_assert_nonnull (found);
  return found;
}

static gboolean
is_log (GtkWidget *w, gconstpointer unused)
{
  return GTK_IS_LIST_BOX (w) && gtk_list_box_get_selection_mode (GTK_LIST_BOX (w)) == GTK_SELECTION_SINGLE;
}

/* The game log: the list whose line is the position shown (the list of
 * the analysis's marked turns selects nothing). */
static GtkListBox *
find_log (FolReplayPage *page)
{
  GtkWidget *found = page_test_find (GTK_WIDGET (page), is_log, NULL, NULL);
  g_assert_nonnull (found);
  return GTK_LIST_BOX (found);
}

/* The hash of the state the board shows. */
static guint64
board_hash (FolReplayPage *page)
{
  GtkWidget *board = fol_replay_page_get_board (page);
  if (FOL_IS_FALL_BOARD (board))
    return fall_state_hash (fol_fall_board_get_state (FOL_FALL_BOARD (board)));
  return summer_state_hash (fol_summer_board_get_state (FOL_SUMMER_BOARD (board)));
}

/* The page shows position @ply everywhere: its number, the slider, the
 * log's highlighted line, and the board the state of hash @hash. */
static void
assert_at (FolReplayPage *page, guint ply, guint64 hash)
{
  g_assert_cmpuint (fol_replay_page_get_ply (page), ==, ply);
  GtkWidget *scale = find_type (page, GTK_TYPE_SCALE);
  g_assert_cmpfloat (gtk_range_get_value (GTK_RANGE (scale)), ==, (double) ply);
  GtkListBox *log = find_log (page);
  GtkListBoxRow *row = gtk_list_box_get_selected_row (log);
  g_assert_nonnull (row);
  g_assert_cmpint (gtk_list_box_row_get_index (row), ==, (int) ply);
  g_assert_cmphex (board_hash (page), ==, hash);
}

static void
press_key (FolWindow *win, guint keyval)
{
  g_assert_true (send_key_to_window (GTK_WIDGET (win), keyval));
}

static gboolean
can_continue_now (FolReplayPage *page)
{
  GtkWidget *button = find_button (GTK_WIDGET (page), "replay.continue");
  g_assert_nonnull (button);
  return gtk_widget_get_visible (button) && gtk_widget_is_sensitive (button);
}

/* An unfinished two-player Indian Summer game, stepped by its keys. */
static void
test_summer_keys (void)
{
  FolWindow *win = ui_test_open_window (app, 1366, 768);
  FolStore *store = fol_window_get_store (win);
  g_autoptr (FolSummerGame) game = ui_test_new_game (store, 2, 71);
  g_autoptr (GArray) live = play_recording (FOL_GAME (game), 40, FOL_AI_GREEDY);
  gint64 id = fol_game_get_store_id (FOL_GAME (game));
  guint n = fol_game_get_n_moves (FOL_GAME (game));
  g_assert_cmpuint (n, ==, 40);
  g_autoptr (GError) error = NULL;
  g_autoptr (FolSavedGame) before = fol_store_load_game (store, id, &error);
  g_assert_no_error (error);

  FolReplayPage *page = open_replay (win, id);
  /* it opens at the end, the person's view */
  assert_at (page, n, g_array_index (live, LivePosition, n).hash);
  g_assert_cmpint (fol_replay_page_get_seat (page), ==, 0);
  g_assert_true (can_continue_now (page));

  press_key (win, GDK_KEY_Home);
  assert_at (page, 0, g_array_index (live, LivePosition, 0).hash);
  g_assert_false (can_continue_now (page));
  g_assert_false (gtk_widget_is_sensitive (find_button (GTK_WIDGET (page), "replay.previous")));
  /* Left at the start stays there */
  press_key (win, GDK_KEY_Left);
  assert_at (page, 0, g_array_index (live, LivePosition, 0).hash);
  for (guint ply = 1; ply <= n; ply++)
    {
      press_key (win, GDK_KEY_Right);
      assert_at (page, ply, g_array_index (live, LivePosition, ply).hash);
    }
  g_assert_true (can_continue_now (page));
  press_key (win, GDK_KEY_Right);
  assert_at (page, n, g_array_index (live, LivePosition, n).hash);
  g_assert_false (gtk_widget_is_sensitive (find_button (GTK_WIDGET (page), "replay.next")));
  press_key (win, GDK_KEY_Left);
  assert_at (page, n - 1, g_array_index (live, LivePosition, n - 1).hash);
  g_assert_false (can_continue_now (page));
  /* Continue is refused away from the end */
  gtk_widget_activate_action (GTK_WIDGET (page), "replay.continue", NULL);
  g_assert_true (fol_window_get_replay_page (win) == GTK_WIDGET (page));
  press_key (win, GDK_KEY_End);
  assert_at (page, n, g_array_index (live, LivePosition, n).hash);

  /* the slider moves the position */
  GtkWidget *scale = find_type (page, GTK_TYPE_SCALE);
  gtk_range_set_value (GTK_RANGE (scale), 17);
  assert_at (page, 17, g_array_index (live, LivePosition, 17).hash);
  /* a click on a line of the log goes there */
  GtkListBox *log = find_log (page);
  g_signal_emit_by_name (log, "row-activated", gtk_list_box_get_row_at_index (log, 5));
  assert_at (page, 5, g_array_index (live, LivePosition, 5).hash);
  /* the log has a line per move and one for the set-up */
  g_assert_null (gtk_list_box_get_row_at_index (log, (int) n + 1));
  g_assert_nonnull (gtk_list_box_get_row_at_index (log, (int) n));

  /* the other seat's view: its Forest Floor large */
  GtkWidget *seats = find_type (page, GTK_TYPE_DROP_DOWN);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (seats), 1);
  g_assert_cmpint (fol_replay_page_get_seat (page), ==, 1);
  FolSummerBoard *board = FOL_SUMMER_BOARD (fol_replay_page_get_board (page));
  WAIT_UNTIL (fol_summer_board_get_layout (board) != NULL && fol_summer_board_get_layout (board)->main_seat == 1);
  assert_at (page, 5, g_array_index (live, LivePosition, 5).hash);
  /* nobody moves on a replayed board: it takes neither the pointer nor the keys */
  g_assert_false (gtk_widget_get_can_target (GTK_WIDGET (board)));
  g_assert_false (gtk_widget_get_focusable (GTK_WIDGET (board)));

  /* the keys work wherever the focus is in the page: a button, the log */
  GtkWidget *first = find_button (GTK_WIDGET (page), "replay.first");
  g_assert_true (gtk_widget_grab_focus (first));
  press_key (win, GDK_KEY_End);
  assert_at (page, n, g_array_index (live, LivePosition, n).hash);
  g_assert_true (gtk_widget_grab_focus (GTK_WIDGET (gtk_list_box_get_row_at_index (log, 3))));
  press_key (win, GDK_KEY_Home);
  assert_at (page, 0, g_array_index (live, LivePosition, 0).hash);
  press_key (win, GDK_KEY_Right);
  assert_at (page, 1, g_array_index (live, LivePosition, 1).hash);
  /* Continue from Here at the end opens the game page; the game is as saved */
  press_key (win, GDK_KEY_End);
  gtk_widget_activate_action (GTK_WIDGET (page), "replay.continue", NULL);
  GtkWidget *game_page = fol_window_get_game_page (win);
  g_assert_nonnull (game_page);
  g_assert_null (fol_window_get_replay_page (win));
  FolGame *continued = fol_game_page_get_game (FOL_GAME_PAGE (game_page));
  g_assert_cmpint (fol_game_get_store_id (continued), ==, id);
  g_assert_cmphex (fol_game_get_hash (continued), ==, g_array_index (live, LivePosition, n).hash);
  fol_window_show_start (win);

  g_autoptr (FolSavedGame) after = fol_store_load_game (store, id, &error);
  g_assert_no_error (error);
  g_assert_cmphex (after->hash, ==, before->hash);
  g_assert_cmpint (after->updated, ==, before->updated);
  g_assert_cmpuint (after->moves->len, ==, before->moves->len);
  for (guint i = 0; i < after->moves->len; i++)
    g_assert_cmpstr (g_array_index (after->moves, FolSavedMove, i).text, ==,
                     g_array_index (before->moves, FolSavedMove, i).text);
  gtk_window_destroy (GTK_WINDOW (win));
}

/* A label "The game is over: … wins (…)" ending with @data. */
static gboolean
is_result_label (GtkWidget *w, gconstpointer data)
{
  const char *text = GTK_IS_LABEL (w) ? gtk_label_get_text (GTK_LABEL (w)) : "";
  return g_str_has_prefix (text, "The game is over: ") && g_str_has_suffix (text, data)
         && (strstr (text, " wins (") || strstr (text, " share the victory ("));
}

/* A finished game of four at 800x600: every position by Right from the
 * start; no Continue anywhere; the last position says the result. */
static void
test_summer_finished (void)
{
  FolWindow *win = ui_test_open_window (app, 800, 600);
  g_autoptr (GArray) live = NULL;
  FolReplayPage *page = open_finished_summer (win, 4, 72, &live);
  guint n = live->len - 1;
  assert_at (page, n, g_array_index (live, LivePosition, n).hash);
  g_assert_false (can_continue_now (page));
  g_assert_false (fol_replay_page_get_can_continue (page));
  press_key (win, GDK_KEY_Home);
  for (guint ply = 0; ply <= n; ply++)
    {
      assert_at (page, ply, g_array_index (live, LivePosition, ply).hash);
      g_assert_false (can_continue_now (page));
      if (ply < n)
        press_key (win, GDK_KEY_Right);
    }
  /* the last position says the result: the winners and every score */
  const SummerState *end = fol_summer_board_get_state (FOL_SUMMER_BOARD (fol_replay_page_get_board (page)));
  g_autoptr (GString) scores = g_string_new (NULL);
  for (int i = 0; i < end->n_players; i++)
    g_string_append_printf (scores, "%s%d", i ? "–" : "", end->result[i].app_score);
  g_autofree char *tail = g_strdup_printf ("(%s)", scores->str);
  GtkWidget *result = page_test_find (GTK_WIDGET (page), is_result_label, tail, NULL);
  g_assert_nonnull (result);
  /* Back: the start page, the replay gone */
  gtk_widget_activate_action (GTK_WIDGET (win), "win.back", NULL);
  g_assert_null (fol_window_get_replay_page (win));
  gtk_window_destroy (GTK_WINDOW (win));
}

/* The board's Fall state shows @seat's cards and, unless @both, hides the
 * other seat's. */
static void
assert_cards (FolReplayPage *page, int seat, gboolean both)
{
  const FallState *s = fol_fall_board_get_state (FOL_FALL_BOARD (fol_replay_page_get_board (page)));
  for (int k = 0; k < FALL_N_CARD_KINDS; k++)
    {
      g_assert_cmpuint (s->card[seat][k], !=, FALL_NONE);
      if (both)
        g_assert_cmpuint (s->card[1 - seat][k], !=, FALL_NONE);
      else
        g_assert_cmpuint (s->card[1 - seat][k], ==, FALL_NONE);
    }
}

/* Whether the page's words name card @ci of the game. */
static gboolean
page_names_card (FolReplayPage *page, const FallState *s, uint8_t ci)
{
  g_autofree char *text = ui_test_collect_text (GTK_WIDGET (page));
  g_autofree char *pattern = g_strdup_printf (" %s: ", s->comps->card[ci].id);
  return strstr (text, pattern) != NULL;
}

static void
test_fall (void)
{
  FolWindow *win = ui_test_open_window (app, 1366, 768);
  FolStore *store = fol_window_get_store (win);

  /* unfinished: each seat sees its own cards only, and no switch helps */
  g_autoptr (FolFallGame) game = replay_test_new_fall (store, 73, FOL_AI_NORMAL);
  g_autoptr (GArray) live = play_recording (FOL_GAME (game), 45, FOL_AI_GREEDY);
  guint n = fol_game_get_n_moves (FOL_GAME (game));
  const FallState *end = fol_fall_game_get_state (game);
  FolReplayPage *page = open_replay (win, fol_game_get_store_id (FOL_GAME (game)));
  g_assert_cmpint (fol_replay_page_get_seat (page), ==, 0);
  assert_at (page, n, g_array_index (live, LivePosition, n).view[0]);
  assert_cards (page, 0, FALSE);
  g_assert_true (page_names_card (page, end, end->card[0][0]));
  g_assert_false (page_names_card (page, end, end->card[1][0]));
  GtkWidget *reveal = find_type (page, GTK_TYPE_SWITCH);
  g_assert_false (gtk_widget_is_sensitive (reveal));
  fol_replay_page_set_reveal (page, TRUE);
  g_assert_false (fol_replay_page_get_reveal (page));
  g_assert_false (gtk_switch_get_active (GTK_SWITCH (reveal)));
  assert_cards (page, 0, FALSE);
  g_assert_true (can_continue_now (page));
  press_key (win, GDK_KEY_Home);
  for (guint ply = 0; ply <= n; ply++)
    {
      assert_at (page, ply, g_array_index (live, LivePosition, ply).view[0]);
      assert_cards (page, 0, FALSE);
      if (ply < n)
        press_key (win, GDK_KEY_Right);
    }
  /* the other seat's view */
  gtk_drop_down_set_selected (GTK_DROP_DOWN (find_type (page, GTK_TYPE_DROP_DOWN)), 1);
  assert_at (page, n, g_array_index (live, LivePosition, n).view[1]);
  assert_cards (page, 1, FALSE);
  g_assert_false (page_names_card (page, end, end->card[0][0]));
  press_key (win, GDK_KEY_Left);
  assert_at (page, n - 1, g_array_index (live, LivePosition, n - 1).view[1]);
  g_assert_false (can_continue_now (page));

  /* finished: hidden until the switch is on, then both (the full state) */
  g_autoptr (FolFallGame) done = replay_test_new_fall (store, 74, FOL_AI_NORMAL);
  g_autoptr (GArray) done_live = play_recording (FOL_GAME (done), -1, FOL_AI_GREEDY);
  g_assert_true (fol_game_get_is_over (FOL_GAME (done)));
  n = fol_game_get_n_moves (FOL_GAME (done));
  end = fol_fall_game_get_state (done);
  page = open_replay (win, fol_game_get_store_id (FOL_GAME (done)));
  g_assert_false (can_continue_now (page));
  assert_at (page, n, g_array_index (done_live, LivePosition, n).view[0]);
  assert_cards (page, 0, FALSE);
  g_assert_false (page_names_card (page, end, end->card[1][0]));
  reveal = find_type (page, GTK_TYPE_SWITCH);
  g_assert_true (gtk_widget_is_sensitive (reveal));
  gtk_switch_set_active (GTK_SWITCH (reveal), TRUE);
  g_assert_true (fol_replay_page_get_reveal (page));
  assert_at (page, n, g_array_index (done_live, LivePosition, n).hash);
  assert_cards (page, 0, TRUE);
  g_assert_true (page_names_card (page, end, end->card[1][0]));
  press_key (win, GDK_KEY_Home);
  for (guint ply = 0; ply <= n; ply++)
    {
      assert_at (page, ply, g_array_index (done_live, LivePosition, ply).hash);
      if (ply < n)
        press_key (win, GDK_KEY_Right);
    }
  gtk_switch_set_active (GTK_SWITCH (reveal), FALSE);
  assert_at (page, n, g_array_index (done_live, LivePosition, n).view[0]);
  assert_cards (page, 0, FALSE);
  gtk_window_destroy (GTK_WINDOW (win));
}

static gboolean
is_replay_button (GtkWidget *w)
{
  return GTK_IS_BUTTON (w) && g_strcmp0 (gtk_widget_get_tooltip_text (w), "Replay This Game") == 0;
}

/* The start page's rows: Replay for every game with a move; a game that
 * cannot be opened is told, not shown. */
static void
test_start_page_replay (void)
{
  FolWindow *win = ui_test_open_window (app, 1366, 768);
  FolStore *store = fol_window_get_store (win);
  g_autoptr (FolSummerGame) game = ui_test_new_game (store, 2, 75);
  ui_test_play (game, 9);
  gint64 id = fol_game_get_store_id (FOL_GAME (game));
  FolStartPage *start = FOL_START_PAGE (fol_window_get_start_page (win));
  fol_start_page_refresh (start);
  GtkWidget *button = ui_test_find_first (GTK_WIDGET (start), is_replay_button);
  g_assert_nonnull (button);
  g_signal_emit_by_name (button, "clicked");
  GtkWidget *page = fol_window_get_replay_page (win);
  g_assert_true (FOL_IS_REPLAY_PAGE (page));
  g_assert_cmpint (fol_replay_get_id (fol_replay_page_get_replay (FOL_REPLAY_PAGE (page))), ==, id);
  g_assert_cmpuint (fol_replay_page_get_ply (FOL_REPLAY_PAGE (page)), ==, 9);
  fol_window_show_start (win);
  g_assert_null (fol_window_get_replay_page (win));

  /* a game without a move has nothing to replay: no button */
  fol_store_delete_game (store, id, NULL);
  g_autoptr (FolSummerGame) fresh = ui_test_new_game (store, 2, 76);
  fol_start_page_refresh (start);
  g_assert_cmpuint (fol_start_page_get_n_saved_games (start), ==, 1);
  g_assert_null (ui_test_find_first (GTK_WIDGET (start), is_replay_button));

  g_autoptr (GError) error = NULL;
  g_assert_null (fol_window_show_replay (win, 9999, &error));
  g_assert_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_NOT_FOUND);
  gtk_window_destroy (GTK_WINDOW (win));
}


/* ---- the analysis ---- */

/* Rollouts and Expert's effort small enough for a test. */
static const FolAnalysisEffort small_effort = { 2, 10 };

static void
count_true (GObject *object, GParamSpec *pspec, int *runs)
{
  gboolean on = FALSE;
  g_object_get (object, pspec->name, &on, NULL);
  if (on)
    (*runs)++;
}

static void
record_fraction (GtkProgressBar *bar, GParamSpec *pspec, GArray *fractions)
{
  double f = gtk_progress_bar_get_fraction (bar);
  g_array_append_val (fractions, f);
}

/* Whether @w is shown: visible, and every widget above it. */
static gboolean
shown (GtkWidget *w)
{
  return w != NULL && gtk_widget_is_visible (w);
}

/* The row of a list whose line begins with @prefix. */
static gboolean
is_row_starting (GtkWidget *w, gconstpointer prefix)
{
  if (!GTK_IS_LIST_BOX_ROW (w) || !GTK_IS_LABEL (gtk_list_box_row_get_child (GTK_LIST_BOX_ROW (w))))
    return FALSE;
  return g_str_has_prefix (gtk_label_get_text (GTK_LABEL (gtk_list_box_row_get_child (GTK_LIST_BOX_ROW (w)))), prefix);
}

static gboolean
is_suggestion (GtkWidget *w, gconstpointer unused)
{
  return GTK_IS_LABEL (w) && gtk_widget_is_visible (w)
         && strstr (gtk_label_get_text (GTK_LABEL (w)), "Expert would have played") != NULL;
}

/* The label with Expert's turn in words, when it is shown. */
static GtkWidget *
suggestion (FolReplayPage *page)
{
  return page_test_find (GTK_WIDGET (page), is_suggestion, NULL, NULL);
}

static void
assert_same_analysis (const FolGameAnalysis *a, const FolGameAnalysis *b)
{
  g_assert_nonnull (a);
  g_assert_nonnull (b);
  g_assert_cmpuint (a->turns->len, ==, b->turns->len);
  for (guint i = 0; i < a->turns->len; i++)
    {
      const FolAnalysisTurn *x = fol_game_analysis_get_turn (a, i), *y = fol_game_analysis_get_turn (b, i);
      g_assert_cmpint (x->first_ply, ==, y->first_ply);
      g_assert_cmpfloat (x->loss, ==, y->loss);
      g_assert_cmpfloat (x->std_error, ==, y->std_error);
      g_assert_true (g_strv_equal ((const char *const *) x->suggested, (const char *const *) y->suggested));
    }
}

/* Shows the turn at the chart's point of @turn (its mark or its bar) by a
 * click there, and checks the page went to the turn's start, in its seat's
 * view, with Expert's turn in words. */
static const FolAnalysisTurn *
click_turn (FolReplayPage *page, guint turn, gboolean mark)
{
  FolAnalysisChart *chart = FOL_ANALYSIS_CHART (fol_replay_page_get_chart (page));
  WAIT_UNTIL (gtk_widget_get_mapped (GTK_WIDGET (chart)) && gtk_widget_get_width (GTK_WIDGET (chart)) > 0);
  double x, y;
  g_assert_true (fol_analysis_chart_get_turn_point (chart, turn, mark, &x, &y));
  g_assert_cmpint (fol_analysis_chart_click (chart, x, y), ==, (int) turn);
  const FolAnalysisTurn *t = fol_game_analysis_get_turn (fol_replay_page_get_analysis (page), turn);
  g_assert_cmpuint (fol_replay_page_get_ply (page), ==, (guint) t->first_ply - 1);
  g_assert_cmpint (fol_replay_page_get_seat (page), ==, t->seat);
  g_assert_cmpint (fol_replay_page_get_ghost_turn (page, NULL, 0), ==, (int) turn);
  g_assert_cmpuint (fol_analysis_chart_get_ply (chart), ==, (guint) t->first_ply - 1);
  return t;
}

/* A finished two-player Indian Summer game: Analyse, its progress, the
 * chart, the result stored; the marks and Expert's ghost; reopened: shown
 * at once, nothing computed again. */
static void
test_analysis_summer (void)
{
  FolWindow *win = ui_test_open_window (app, 1366, 768);
  FolStore *store = fol_window_get_store (win);
  g_autoptr (GArray) live = NULL;
  FolReplayPage *page = open_finished_summer (win, 2, 81, &live);
  gint64 id = fol_replay_get_id (fol_replay_page_get_replay (page));
  guint n = live->len - 1;
  g_autoptr (GError) error = NULL;
  GtkWidget *analyse = find_button (GTK_WIDGET (page), "replay.analyse");
  GtkWidget *cancel = find_button (GTK_WIDGET (page), "replay.cancel-analysis");
  GtkWidget *chart = fol_replay_page_get_chart (page);
  GtkWidget *bar = find_type (page, GTK_TYPE_PROGRESS_BAR);
  g_assert_true (shown (analyse) && gtk_widget_is_sensitive (analyse));
  g_assert_false (shown (bar));
  g_assert_false (shown (chart));
  g_assert_null (fol_replay_page_get_analysis (page));
  g_assert_null (fol_store_load_analysis (store, id, FOL_ANALYSIS_METHOD, &error));
  g_assert_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);

  fol_replay_page_set_analysis_effort (page, &small_effort);
  int runs = 0;
  g_signal_connect (page, "notify::analysing", G_CALLBACK (count_true), &runs);
  g_autoptr (GArray) fractions = g_array_new (FALSE, FALSE, sizeof (double));
  g_signal_connect (bar, "notify::fraction", G_CALLBACK (record_fraction), fractions);
  g_signal_emit_by_name (analyse, "clicked");
  g_assert_true (fol_replay_page_get_analysing (page));
  g_assert_cmpint (runs, ==, 1);
  g_assert_true (shown (bar) && shown (cancel));
  g_assert_false (shown (analyse));
  /* the page answers its keys while the analysis runs */
  press_key (win, GDK_KEY_Home);
  assert_at (page, 0, g_array_index (live, LivePosition, 0).hash);
  press_key (win, GDK_KEY_End);
  assert_at (page, n, g_array_index (live, LivePosition, n).hash);
  WAIT_UNTIL (!fol_replay_page_get_analysing (page));

  /* the progress went turn by turn, up to all of them; then the chart */
  gboolean between = FALSE;
  for (guint i = 0; i < fractions->len; i++)
    between |= g_array_index (fractions, double, i) > 0 && g_array_index (fractions, double, i) < 1;
  g_assert_true (between);
  g_assert_cmpfloat (g_array_index (fractions, double, fractions->len - 1), ==, 1.0);
  g_assert_false (shown (bar));
  g_assert_false (shown (analyse));
  g_assert_true (shown (chart));
  const FolGameAnalysis *result = fol_replay_page_get_analysis (page);
  g_assert_nonnull (result);
  g_assert_cmpuint (result->turns->len, >, 10);
  for (guint i = 0; i < result->turns->len; i++)
    g_assert_cmpint (fol_game_analysis_get_turn (result, i)->seat, ==, 0);   /* Ann's turns only */
  /* stored with the game */
  g_autoptr (FolGameAnalysis) stored = fol_store_load_analysis (store, id, FOL_ANALYSIS_METHOD, &error);
  g_assert_no_error (error);
  assert_same_analysis (result, stored);

  /* the chart's line follows the position */
  press_key (win, GDK_KEY_Home);
  g_assert_cmpuint (fol_analysis_chart_get_ply (FOL_ANALYSIS_CHART (chart)), ==, 0);
  press_key (win, GDK_KEY_Right);
  g_assert_cmpuint (fol_analysis_chart_get_ply (FOL_ANALYSIS_CHART (chart)), ==, 1);
  press_key (win, GDK_KEY_End);
  g_assert_cmpuint (fol_analysis_chart_get_ply (FOL_ANALYSIS_CHART (chart)), ==, n);

  /* the marks: the worst turns, said to screen readers */
  guint n_marks = 0;
  const guint *marks = fol_analysis_chart_get_marks (FOL_ANALYSIS_CHART (chart), &n_marks);
  g_assert_cmpuint (n_marks, >=, 1);
  g_assert_cmpuint (n_marks, <=, FOL_ANALYSIS_CHART_MARKS_PER_SEAT);
  const char *description = fol_analysis_chart_get_description (FOL_ANALYSIS_CHART (chart));
  for (guint k = 0; k < n_marks; k++)
    {
      const FolAnalysisTurn *t = fol_game_analysis_get_turn (result, marks[k]);
      g_assert_cmpfloat (t->loss, >, MAX (FOL_ANALYSIS_CHART_MIN_LOSS, FOL_ANALYSIS_CHART_MIN_ERRORS * t->std_error));
      g_autofree char *words = fol_analysis_chart_describe_turn (FOL_ANALYSIS_CHART (chart), marks[k]);
      g_autofree char *numbered = g_strdup_printf ("%u. %s", k + 1, words);
      g_assert_nonnull (strstr (description, numbered));
    }

  /* a click on the first mark: the turn's start, Ann's view, Expert's turn;
     the words come in the panel: the board keeps its size */
  GtkWidget *board_widget = fol_replay_page_get_board (page);
  ui_test_wait (100);
  int board_w = gtk_widget_get_width (board_widget), board_h = gtk_widget_get_height (board_widget);
  const FolAnalysisTurn *t = click_turn (page, marks[0], TRUE);
  ui_test_wait (200);
  g_assert_nonnull (suggestion (page));
  g_assert_cmpint (gtk_widget_get_width (board_widget), ==, board_w);
  g_assert_cmpint (gtk_widget_get_height (board_widget), ==, board_h);
  assert_at (page, (guint) t->first_ply - 1, g_array_index (live, LivePosition, t->first_ply - 1).hash);
  g_assert_nonnull (suggestion (page));
  SummerMove ghost;
  fol_replay_page_get_ghost_turn (page, &ghost, sizeof ghost);
  /* the board draws a hint for the seat that may act only: the turn's */
  FolSummerBoard *board = FOL_SUMMER_BOARD (fol_replay_page_get_board (page));
  g_assert_cmpint (fol_summer_board_get_state (board)->current, ==, t->seat);
  /* the ghost is Expert's first tile (else its first other piece), read from its turn */
  SummerMove moves[FOL_ANALYSIS_MAX_TURN_MOVES];
  int n_moves = 0;
  g_assert_true (summer_analysis_parse_turn (fol_summer_board_get_state (board), (const char *const *) t->suggested,
                                             moves, FOL_ANALYSIS_MAX_TURN_MOVES, &n_moves, NULL, &error));
  g_assert_no_error (error);
  int first = -1;
  for (int i = n_moves - 1; i >= 0; i--)
    if (moves[i].kind == SUMMER_MOVE_ANIMAL || moves[i].kind == SUMMER_MOVE_SQUIRREL || moves[i].kind == SUMMER_MOVE_NUT)
      first = i;
  for (int i = n_moves - 1; i >= 0; i--)
    if (moves[i].kind == SUMMER_MOVE_LEAF)
      first = i;
  g_assert_cmpint (first, >=, 0);
  g_assert_cmpmem (&ghost, sizeof ghost, &moves[first], sizeof moves[first]);
  /* another position clears it */
  press_key (win, GDK_KEY_Right);
  g_assert_cmpint (fol_replay_page_get_ghost_turn (page, NULL, 0), ==, -1);
  g_assert_null (suggestion (page));

  /* the first mark's line in the list under the chart does the same, and the keys still work from it */
  GtkWidget *row = page_test_find (GTK_WIDGET (page), is_row_starting, "1. ", NULL);
  g_assert_nonnull (row);
  g_assert_true (shown (row));
  g_signal_emit_by_name (gtk_widget_get_parent (row), "row-activated", row);
  g_assert_cmpint (fol_replay_page_get_ghost_turn (page, NULL, 0), ==, (int) marks[0]);
  g_assert_cmpuint (fol_replay_page_get_ply (page), ==, (guint) t->first_ply - 1);
  g_assert_true (gtk_widget_grab_focus (row));
  press_key (win, GDK_KEY_End);
  assert_at (page, n, g_array_index (live, LivePosition, n).hash);
  g_assert_cmpint (fol_replay_page_get_ghost_turn (page, NULL, 0), ==, -1);

  /* a bar: the first turn */
  t = click_turn (page, 0, FALSE);
  g_assert_cmpuint (fol_replay_page_get_ply (page), ==, (guint) t->first_ply - 1);

  /* reopened: the stored analysis at once, no run */
  fol_window_show_start (win);
  GtkWidget *again = fol_window_show_replay (win, id, &error);
  g_assert_no_error (error);
  /* no main loop has run: nothing can have been computed yet */
  g_assert_false (fol_replay_page_get_analysing (FOL_REPLAY_PAGE (again)));
  assert_same_analysis (fol_replay_page_get_analysis (FOL_REPLAY_PAGE (again)), stored);
  runs = 0;
  g_signal_connect (again, "notify::analysing", G_CALLBACK (count_true), &runs);
  page = open_replay (win, id);
  g_assert_true (GTK_WIDGET (page) != again);
  g_assert_cmpint (runs, ==, 0);
  g_signal_connect (page, "notify::analysing", G_CALLBACK (count_true), &runs);
  WAIT_UNTIL (shown (fol_replay_page_get_chart (page)));
  g_assert_false (shown (find_button (GTK_WIDGET (page), "replay.analyse")));
  g_assert_false (fol_replay_page_analyse (page));
  g_assert_cmpint (runs, ==, 0);
  g_assert_false (fol_replay_page_get_analysing (page));
  assert_same_analysis (fol_replay_page_get_analysis (page), stored);
  gtk_window_destroy (GTK_WINDOW (win));
}

/* Fall at 800x600 (the side panel folded, opened with F9): a click on the
 * bar of a turn Expert would have played otherwise shows, at its start in
 * Norma's view, Expert's tile placement as the board's hint. */
static void
test_analysis_fall (void)
{
  FolWindow *win = ui_test_open_window (app, 800, 600);
  FolStore *store = fol_window_get_store (win);
  g_autoptr (FolFallGame) game = replay_test_new_fall (store, 84, FOL_AI_NORMAL);
  g_autoptr (GArray) live = play_recording (FOL_GAME (game), -1, FOL_AI_GREEDY);
  g_assert_true (fol_game_get_is_over (FOL_GAME (game)));
  gint64 id = fol_game_get_store_id (FOL_GAME (game));
  FolReplayPage *page = open_replay (win, id);
  fol_replay_page_set_analysis_effort (page, &small_effort);
  g_assert_true (fol_replay_page_analyse (page));
  g_assert_false (fol_replay_page_analyse (page));   /* one run at a time */
  WAIT_UNTIL (!fol_replay_page_get_analysing (page));
  const FolGameAnalysis *result = fol_replay_page_get_analysis (page);
  g_assert_nonnull (result);
  g_autoptr (GError) error = NULL;
  g_autoptr (FolGameAnalysis) stored = fol_store_load_analysis (store, id, FOL_ANALYSIS_METHOD, &error);
  g_assert_no_error (error);
  assert_same_analysis (result, stored);

  /* the chart is in the folded panel */
  press_key (win, GDK_KEY_F9);
  /* the first turn Expert would have played otherwise */
  guint turn = 0;
  while (turn < result->turns->len
         && g_strv_equal ((const char *const *) fol_game_analysis_get_turn (result, turn)->played,
                          (const char *const *) fol_game_analysis_get_turn (result, turn)->suggested))
    turn++;
  g_assert_cmpuint (turn, <, result->turns->len);
  const FolAnalysisTurn *t = click_turn (page, turn, FALSE);
  guint ply = (guint) t->first_ply - 1;
  /* the board shows the turn's start as Norma saw it, with Expert's tile */
  assert_at (page, ply, g_array_index (live, LivePosition, ply).view[0]);
  g_assert_nonnull (suggestion (page));
  FallMove ghost, hint;
  fol_replay_page_get_ghost_turn (page, &ghost, sizeof ghost);
  FolFallBoard *board = FOL_FALL_BOARD (fol_replay_page_get_board (page));
  g_assert_true (fol_fall_board_get_hint (board, &hint));
  g_assert_true (fall_move_equal (&hint, &ghost));
  FallMove moves[FOL_ANALYSIS_MAX_TURN_MOVES];
  int n_moves = 0;
  const FallState *full = fol_replay_get_fall_state (fol_replay_page_get_replay (page), ply);
  g_assert_true (fall_analysis_parse_turn (full, (const char *const *) t->suggested, moves, FOL_ANALYSIS_MAX_TURN_MOVES,
                                           &n_moves, NULL, &error));
  g_assert_no_error (error);
  /* the combination(s) first; the ghost is Expert's first tile */
  g_assert_cmpint (moves[0].kind, ==, FALL_MOVE_TAKE);
  int first = 0;
  while (first < n_moves && moves[first].kind != FALL_MOVE_PLACE)
    first++;
  g_assert_cmpint (first, <, n_moves);
  g_assert_true (fall_move_equal (&ghost, &moves[first]));
  /* another position clears it */
  press_key (win, GDK_KEY_Left);
  g_assert_false (fol_fall_board_get_hint (board, NULL));
  g_assert_cmpint (fol_replay_page_get_ghost_turn (page, NULL, 0), ==, -1);
  g_assert_null (suggestion (page));
  /* so does Escape, staying there */
  click_turn (page, turn, FALSE);
  g_assert_true (fol_fall_board_get_hint (board, NULL));
  press_key (win, GDK_KEY_Escape);
  g_assert_false (fol_fall_board_get_hint (board, NULL));
  g_assert_cmpint (fol_replay_page_get_ghost_turn (page, NULL, 0), ==, -1);
  g_assert_null (suggestion (page));
  assert_at (page, ply, g_array_index (live, LivePosition, ply).view[0]);
  gtk_window_destroy (GTK_WINDOW (win));
}

/* Cancel stops a run (at the default effort: a long one) and stores
 * nothing; leaving the page mid-run stops it too, without a crash. */
static void
test_analysis_cancel (void)
{
  FolWindow *win = ui_test_open_window (app, 1366, 768);
  FolStore *store = fol_window_get_store (win);
  FolReplayPage *page = open_finished_summer (win, 2, 83, NULL);
  gint64 id = fol_replay_get_id (fol_replay_page_get_replay (page));
  GtkWidget *analyse = find_button (GTK_WIDGET (page), "replay.analyse");
  GtkWidget *cancel = find_button (GTK_WIDGET (page), "replay.cancel-analysis");
  g_signal_emit_by_name (analyse, "clicked");
  g_assert_true (fol_replay_page_get_analysing (page));
  press_key (win, GDK_KEY_Home);
  g_assert_cmpuint (fol_replay_page_get_ply (page), ==, 0);
  g_assert_true (shown (cancel) && gtk_widget_is_sensitive (cancel));
  g_signal_emit_by_name (cancel, "clicked");
  WAIT_UNTIL (!fol_replay_page_get_analysing (page));
  g_assert_null (fol_replay_page_get_analysis (page));
  g_assert_true (shown (analyse));
  g_assert_false (shown (cancel));
  g_assert_false (shown (fol_replay_page_get_chart (page)));
  g_autoptr (GError) error = NULL;
  g_assert_null (fol_store_load_analysis (store, id, FOL_ANALYSIS_METHOD, &error));
  g_assert_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);

  /* leaving mid-run: the page goes once its run has stopped */
  g_signal_emit_by_name (analyse, "clicked");
  g_assert_true (fol_replay_page_get_analysing (page));
  g_object_add_weak_pointer (G_OBJECT (page), (gpointer *) &page);
  gtk_widget_activate_action (GTK_WIDGET (win), "win.back", NULL);
  g_assert_null (fol_window_get_replay_page (win));
  WAIT_UNTIL (page == NULL);
  g_assert_null (fol_store_load_analysis (store, id, FOL_ANALYSIS_METHOD, &error));
  g_assert_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_NOT_FOUND);
  gtk_window_destroy (GTK_WINDOW (win));
}

static void
add_turn (FolGameAnalysis *a, int seat, double loss, double std_error)
{
  int ply = (int) a->turns->len * 2 + 1;
  const char *moves[] = { "end", NULL };
  FolAnalysisTurn t = { (int) a->turns->len + 1, seat, ply, ply + 1, g_strdupv ((char **) moves),
                        g_strdupv ((char **) moves), 0, loss, loss, std_error };
  fol_game_analysis_add_turn (a, &t);
}

/* The chart of a two-player game: a slot of one width per turn, the
 * marks (turns next to each other) never overlapping; the words of points:
 * no "± 0", whole points where tenths say nothing. */
static void
test_analysis_chart_layout (void)
{
  g_autoptr (FolGameAnalysis) a = fol_game_analysis_new ("summer", 1, &small_effort);
  for (int i = 0; i < 24; i++)
    add_turn (a, i % 2, i >= 8 && i < 14 ? 10 + i : 0.5, i == 9 ? 0 : 1);
  GtkWidget *win = gtk_window_new ();
  GtkWidget *chart = fol_analysis_chart_new ();
  gtk_widget_set_size_request (chart, 316, -1);
  gtk_window_set_child (GTK_WINDOW (win), chart);
  const char *names[] = { "Rowan", "Hazel", NULL };
  fol_analysis_chart_set_analysis (FOL_ANALYSIS_CHART (chart), a, 50, NULL, names);
  gtk_window_present (GTK_WINDOW (win));
  WAIT_UNTIL (gtk_widget_get_width (chart) > 0);
  FolAnalysisChart *c = FOL_ANALYSIS_CHART (chart);
  double x0, y, x1, x;
  g_assert_true (fol_analysis_chart_get_turn_point (c, 0, FALSE, &x0, &y));
  g_assert_true (fol_analysis_chart_get_turn_point (c, 1, FALSE, &x1, &y));
  for (guint i = 2; i < 24; i++)
    {
      g_assert_true (fol_analysis_chart_get_turn_point (c, i, FALSE, &x, &y));
      g_assert_cmpfloat_with_epsilon (x - x0, (x1 - x0) * i, 1e-6);
    }
  guint n = 0;
  const guint *marks = fol_analysis_chart_get_marks (c, &n);
  g_assert_cmpuint (n, ==, 6);
  for (guint k = 0; k < n; k++)
    for (guint j = k + 1; j < n; j++)
      {
        double kx, ky, jx, jy;
        g_assert_true (fol_analysis_chart_get_turn_point (c, marks[k], TRUE, &kx, &ky));
        g_assert_true (fol_analysis_chart_get_turn_point (c, marks[j], TRUE, &jx, &jy));
        g_assert_cmpfloat (hypot (kx - jx, ky - jy), >=, 2 * FOL_ANALYSIS_CHART_MARK_RADIUS);
      }
  /* a click on each mark finds its turn */
  for (guint k = 0; k < n; k++)
    {
      g_assert_true (fol_analysis_chart_get_turn_point (c, marks[k], TRUE, &x, &y));
      g_assert_cmpint (fol_analysis_chart_click (c, x, y), ==, (int) marks[k]);
    }
  /* turn 9 lost 19 points for certain: no "± 0", no tenths */
  g_autofree char *sure = fol_analysis_chart_describe_turn (c, 9);
  g_assert_cmpstr (sure, ==, "Turn 10: about 19 points lost");
  g_autofree char *unsure = fol_analysis_chart_describe_turn (c, 0);
  g_assert_cmpstr (unsure, ==, "Turn 1: about 0.5 points lost (± 1)");
  g_autofree char *ten = fol_analysis_chart_format_points (10.04);
  g_assert_cmpstr (ten, ==, "10");
  g_autofree char *four = fol_analysis_chart_format_points (-4.2);
  g_assert_cmpstr (four, ==, "4.2");
  gtk_window_destroy (GTK_WINDOW (win));
}

/* Which turns are marked: a loss above 2 points and twice its standard
 * error, at most three a seat, the largest first. */
static void
test_analysis_marks (void)
{
  g_autoptr (FolGameAnalysis) a = fol_game_analysis_new ("summer", 1, &small_effort);
  add_turn (a, 0, 5, 1);       /* 0: marked */
  add_turn (a, 0, 3, 2);       /* 1: within twice its error */
  add_turn (a, 0, 1.5, 0);     /* 2: below 2 points */
  add_turn (a, 1, 2, 0);       /* 3: not above 2 points */
  add_turn (a, 0, 10, 0.5);    /* 4: marked */
  add_turn (a, 0, -8, 1);      /* 5: better than Expert */
  add_turn (a, 1, 6, 2.9);     /* 6: marked */
  add_turn (a, 0, 4, 1);       /* 7: marked */
  add_turn (a, 0, 2.5, 0.1);   /* 8: a fourth of seat 0: left out */
  guint out[8];
  guint n = fol_analysis_chart_pick_marks (a, out, G_N_ELEMENTS (out));
  g_assert_cmpuint (n, ==, 4);
  g_assert_cmpuint (out[0], ==, 4);
  g_assert_cmpuint (out[1], ==, 6);
  g_assert_cmpuint (out[2], ==, 0);
  g_assert_cmpuint (out[3], ==, 7);
  /* no room: none */
  g_assert_cmpuint (fol_analysis_chart_pick_marks (a, out, 0), ==, 0);
}

int
main (int argc, char *argv[])
{
  if (!ui_test_init (&argc, &argv))
    return 0;
  app = ui_test_application_new ();
  g_test_add_func ("/ui/replay-page/summer-keys", test_summer_keys);
  g_test_add_func ("/ui/replay-page/summer-finished", test_summer_finished);
  g_test_add_func ("/ui/replay-page/fall", test_fall);
  g_test_add_func ("/ui/replay-page/start-page", test_start_page_replay);
  g_test_add_func ("/ui/replay-page/analysis-marks", test_analysis_marks);
  g_test_add_func ("/ui/replay-page/analysis-chart-layout", test_analysis_chart_layout);
  g_test_add_func ("/ui/replay-page/analysis-summer", test_analysis_summer);
  g_test_add_func ("/ui/replay-page/analysis-fall", test_analysis_fall);
  g_test_add_func ("/ui/replay-page/analysis-cancel", test_analysis_cancel);
  int ret = g_test_run ();
  g_clear_object (&app);
  ui_test_cleanup ();
  return ret;
}
