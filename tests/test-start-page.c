/* test-start-page.c: the start page lists the games and campaigns made
 * through the model, each row saying who played and how and how far the
 * game is in its own units (round, turn, week) or how it ended; a game that
 * never had a move is listed only as the newest "not started" one;
 * Continue opens the latest unfinished game; delete hides the game with an
 * Undo toast and deletes it for good when the toast goes; a note tells what
 * was rescued from a damaged file of saved games until it is dismissed, the
 * page says it is opening the saved games until it has a store, and the
 * statistics are read only for their view; the deal of the day shows its
 * code and starts with one click. */
#include "config.h"

#include <sqlite3.h>

#include "ui-test-util.h"
#include "fol-start-page.h"
#include "fol-stats-page.h"
#include "fol-campaign.h"
#include "fol-fall-game.h"
#include "fol-deal-code.h"

typedef struct {
  FolSummerGame *game;
  FolCampaign *campaign;
  int n_play;
} Played;

static void
on_play (FolStartPage *page, FolSummerGame *game, FolCampaign *campaign, Played *p)
{
  g_set_object (&p->game, game);
  g_set_object (&p->campaign, campaign);
  p->n_play++;
}

static void
played_clear (Played *p)
{
  g_clear_object (&p->game);
  g_clear_object (&p->campaign);
}

/* The default store, emptied first. */
static FolStore *
new_empty_store (void)
{
  ui_test_reset_store ();
  g_autoptr (GError) error = NULL;
  FolStore *store = fol_store_new (NULL, &error);
  g_assert_no_error (error);
  return store;
}

static GtkWidget *
page_in_window (FolStore *store, GtkWindow **window)
{
  *window = GTK_WINDOW (gtk_window_new ());
  GtkWidget *overlay = adw_toast_overlay_new ();
  GtkWidget *page = fol_start_page_new ();
  adw_toast_overlay_set_child (ADW_TOAST_OVERLAY (overlay), page);
  gtk_window_set_child (*window, overlay);
  fol_start_page_set_store (FOL_START_PAGE (page), store, NULL);
  gtk_window_present (*window);
  return page;
}

/* Asserts that @text has the line @line (a row's title or subtitle). */
static void
assert_has_line (const char *text, const char *line)
{
  g_autofree char *needle = g_strdup_printf ("\n%s\n", line);
  g_autofree char *hay = g_strdup_printf ("\n%s", text);
  if (strstr (hay, needle) == NULL)
    g_error ("no line “%s” in:\n%s", line, text);
}

/* Asserts that some line of @text starts with @start. */
static void
assert_has_line_start (const char *text, const char *start)
{
  g_autofree char *needle = g_strdup_printf ("\n%s", start);
  g_autofree char *hay = g_strdup_printf ("\n%s", text);
  if (strstr (hay, needle) == NULL)
    g_error ("no line starting “%s” in:\n%s", start, text);
}

static FolSummerGame *
new_summer_game (FolStore *store, guint64 seed, int n, const char *const *names, const gboolean *human,
                 const int *level)
{
  SummerSetup setup;
  summer_setup_init (&setup, n, seed);
  FolPlayer *players[SUMMER_MAX_PLAYERS];
  for (int i = 0; i < n; i++)
    players[i] = fol_player_new (names[i], human[i], human[i] ? 0 : level[i]);
  g_autoptr (GError) error = NULL;
  FolSummerGame *game = fol_summer_game_new (&setup, players, store, &error);
  g_assert_no_error (error);
  for (int i = 0; i < n; i++)
    g_object_unref (players[i]);
  return game;
}

/* Plays @n moves of a game of Fall at random. */
static void
play_fall (FolFallGame *game, int n)
{
  for (int i = 0; i < n && !fol_game_get_is_over (FOL_GAME (game)); i++)
    {
      g_autofree char *move = fol_game_choose_move (FOL_GAME (game), FOL_AI_RANDOM);
      g_autoptr (GError) error = NULL;
      g_assert_true (fol_game_apply_move (FOL_GAME (game), move, &error));
      g_assert_no_error (error);
    }
}

static void
test_lists_and_continue (void)
{
  g_autoptr (FolStore) store = new_empty_store ();

  GtkWindow *window;
  FolStartPage *page = FOL_START_PAGE (page_in_window (store, &window));
  /* empty: no rows, Continue hidden, the statistics empty */
  g_assert_cmpuint (fol_start_page_get_n_saved_games (page), ==, 0);
  g_assert_cmpint (fol_start_page_get_continue_id (page), ==, 0);
  g_assert_false (fol_start_page_continue (page));

  /* three games through the model: two in progress, one finished */
  g_autoptr (FolSummerGame) g1 = ui_test_new_game (store, 2, 11);
  ui_test_play (g1, 5);
  g_autoptr (FolSummerGame) g2 = ui_test_new_game (store, 1, 12);
  ui_test_play (g2, -1);
  g_assert_true (fol_game_get_is_over (FOL_GAME (g2)));
  g_usleep (2000);
  g_autoptr (FolSummerGame) g3 = ui_test_new_game (store, 3, 13);
  ui_test_play (g3, 40);
  fol_start_page_refresh (page);
  g_assert_cmpuint (fol_start_page_get_n_saved_games (page), ==, 3);

  /* the rows say who played and how, and how far the game is in its own
   * units (the engine's round), never the moves */
  g_autofree char *text = ui_test_collect_text (GTK_WIDGET (page));
  g_test_message ("%s", text);
  assert_has_line (text, "Indian Summer — Ann vs Hazel (Normal)");
  assert_has_line (text, "Indian Summer — Ann vs Hazel (Normal) and Rowan (Normal)");
  assert_has_line (text, "Indian Summer — Solo");
  const SummerState *s3 = fol_summer_game_get_state (g3);
  g_assert_cmpint (s3->round, >, 1);
  g_autofree char *round3 = g_strdup_printf ("Round %d · ", s3->round);
  g_autofree char *round1 = g_strdup_printf ("Round %d · ", fol_summer_game_get_state (g1)->round);
  assert_has_line_start (text, round3);
  assert_has_line_start (text, round1);
  g_assert_null (strstr (text, "moves"));
  /* the finished solo game: marked, with its result */
  const SummerSeatResult *r = &fol_summer_game_get_state (g2)->result[0];
  g_autofree char *result = r->full ? g_strdup_printf ("Finished · Ann won with %d point", r->solo_score)
                                    : g_strdup_printf ("Finished · Ann lost with %d empty square", -r->solo_score);
  assert_has_line_start (text, result);

  /* Continue: the latest unfinished game, in one call (one click) */
  gint64 latest = fol_game_get_store_id (FOL_GAME (g3));
  g_assert_cmpint (fol_start_page_get_continue_id (page), ==, latest);
  Played p = { 0 };
  g_signal_connect (page, "play", G_CALLBACK (on_play), &p);
  g_assert_true (fol_start_page_continue (page));
  g_assert_cmpint (p.n_play, ==, 1);
  g_assert_cmpint (fol_game_get_store_id (FOL_GAME (p.game)), ==, latest);
  g_assert_cmpuint (fol_game_get_n_moves (FOL_GAME (p.game)), ==, 40);
  g_assert_null (p.campaign);

  /* moving on in the first game makes it the latest */
  g_usleep (2000);
  ui_test_play (g1, 1);
  fol_start_page_refresh (page);
  g_assert_cmpint (fol_start_page_get_continue_id (page), ==, fol_game_get_store_id (FOL_GAME (g1)));

  /* a finished game opens too (its end screen) */
  g_assert_true (fol_start_page_open_game (page, fol_game_get_store_id (FOL_GAME (g2))));
  g_assert_true (fol_game_get_is_over (FOL_GAME (p.game)));
  played_clear (&p);
  gtk_window_destroy (window);
}

/* People at one desk, computers only, a finished game of two with its
 * scores, and Fall in weeks. */
static void
test_row_words (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (FolStore) store = new_empty_store ();

  const char *people[] = { "Ann", "Bob", "Cy" };
  const gboolean all_human[] = { TRUE, TRUE, TRUE };
  const int no_level[] = { 0, 0, 0 };
  g_autoptr (FolSummerGame) desk = new_summer_game (store, 41, 3, people, all_human, no_level);
  ui_test_play (desk, 12);
  const char *trees[] = { "Hazel", "Rowan" };
  const gboolean no_human[] = { FALSE, FALSE };
  const int levels[] = { FOL_AI_HARD, FOL_AI_EASY };
  g_autoptr (FolSummerGame) machines = new_summer_game (store, 42, 2, trees, no_human, levels);
  ui_test_play (machines, -1);
  g_assert_true (fol_game_get_is_over (FOL_GAME (machines)));

  FolPlayer *fp[2] = { fol_player_new ("Ann", TRUE, 0), fol_player_new ("Hazel", FALSE, FOL_AI_EXPERT) };
  g_autoptr (FolFallGame) fall = fol_fall_game_new (43, NULL, fp, store, &error);
  g_assert_no_error (error);
  g_object_unref (fp[0]);
  g_object_unref (fp[1]);
  play_fall (fall, 60);
  int week = fol_fall_game_get_state (fall)->week;
  g_assert_cmpint (week, >, 1);

  GtkWindow *window;
  FolStartPage *page = FOL_START_PAGE (page_in_window (store, &window));
  g_autofree char *text = ui_test_collect_text (GTK_WIDGET (page));
  g_test_message ("%s", text);
  assert_has_line (text, "Indian Summer — Ann, Bob and Cy at this desk");
  assert_has_line (text, "Indian Summer — Hazel (Hard) vs Rowan (Easy)");
  assert_has_line (text, "Fall — Ann vs Hazel (Expert)");
  g_autofree char *weeks = g_strdup_printf ("Week %d of 12 · ", week);
  assert_has_line_start (text, weeks);
  g_autofree char *round = g_strdup_printf ("Round %d · ", fol_summer_game_get_state (desk)->round);
  assert_has_line_start (text, round);

  /* the finished game: the winner and the scores, best first */
  const SummerState *s = fol_summer_game_get_state (machines);
  int w = s->result[0].rank == 1 ? 0 : 1;
  g_autofree char *won = s->result[0].rank == s->result[1].rank
                         ? g_strdup_printf ("Finished · Hazel and Rowan tied %d–%d · ", s->result[0].app_score,
                                            s->result[1].app_score)
                         : g_strdup_printf ("Finished · %s won %d–%d · ", trees[w], s->result[w].app_score,
                                            s->result[1 - w].app_score);
  assert_has_line_start (text, won);
  gtk_window_destroy (window);
}

/* A game that never had a move is not a saved game: only the newest such
 * game is listed ("Not started"), never at the cost of a game with moves. */
static void
test_not_started (void)
{
  g_autoptr (FolStore) store = new_empty_store ();
  g_autoptr (FolSummerGame) played = ui_test_new_game (store, 2, 51);
  ui_test_play (played, 2);
  g_usleep (2000);
  g_autoptr (FolSummerGame) old_empty = ui_test_new_game (store, 2, 52);
  g_usleep (2000);
  g_autoptr (FolSummerGame) new_empty = ui_test_new_game (store, 3, 53);

  GtkWindow *window;
  FolStartPage *page = FOL_START_PAGE (page_in_window (store, &window));
  g_assert_cmpuint (fol_start_page_get_n_saved_games (page), ==, 2);
  g_autofree char *text = ui_test_collect_text (GTK_WIDGET (page));
  assert_has_line_start (text, "Not started · ");
  assert_has_line (text, "Indian Summer — Ann vs Hazel (Normal) and Rowan (Normal)");
  g_assert_nonnull (strstr (text, "Round 1 · "));
  /* one "not started" row: the other game without a move is not listed */
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  guint n_not_started = 0;
  for (guint i = 0; lines[i]; i++)
    n_not_started += g_str_has_prefix (lines[i], "Not started");
  g_assert_cmpuint (n_not_started, ==, 1);
  /* Continue takes the game just started */
  g_assert_cmpint (fol_start_page_get_continue_id (page), ==, fol_game_get_store_id (FOL_GAME (new_empty)));

  /* its first move makes it a saved game like any other: the older empty one shows again */
  ui_test_play (new_empty, 1);
  fol_start_page_refresh (page);
  g_assert_cmpuint (fol_start_page_get_n_saved_games (page), ==, 3);
  gtk_window_destroy (window);
}

static gboolean
is_action_row (GtkWidget *w)
{
  /* a saved game's row: not the deal of the day's above the lists */
  return ADW_IS_ACTION_ROW (w) && g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (w)),
                                             "Deal of the Day") != 0;
}

/* The delete button of the first row of the saved games list. */
static GtkWidget *
first_delete_button (FolStartPage *page, const char **title)
{
  GtkWidget *row = ui_test_find_first (GTK_WIDGET (page), is_action_row);
  g_assert_nonnull (row);
  *title = adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row));
  GtkWidget *found = NULL;
  g_autoptr (GPtrArray) stack = g_ptr_array_new ();
  g_ptr_array_add (stack, row);
  while (stack->len > 0 && found == NULL)
    {
      GtkWidget *w = g_ptr_array_steal_index (stack, stack->len - 1);
      if (GTK_IS_BUTTON (w) && g_strcmp0 (gtk_widget_get_tooltip_text (w), "Delete This Game") == 0)
        found = w;
      for (GtkWidget *c = gtk_widget_get_first_child (w); c; c = gtk_widget_get_next_sibling (c))
        g_ptr_array_add (stack, c);
    }
  g_assert_nonnull (found);
  return found;
}

static gboolean
is_undo_button (GtkWidget *w)
{
  return GTK_IS_BUTTON (w) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (w)), "_Undo") == 0;
}

static gboolean
game_exists (FolStore *store, gint64 id)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (FolSavedGame) g = fol_store_load_game (store, id, &error);
  if (g == NULL)
    g_assert_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_NOT_FOUND);
  return g != NULL;
}

/* Delete hides the game with a toast "Game deleted" and Undo; Undo brings it
 * back; the game is deleted for good when the toast goes; a second delete
 * deletes the first game at once; closing the window keeps the game. */
static void
test_delete_undo (void)
{
  ui_test_reset_store ();
  g_autoptr (GError) error = NULL;
  FolStore *store = fol_store_new (NULL, &error);
  g_assert_no_error (error);
  g_autoptr (FolSummerGame) g1 = ui_test_new_game (store, 2, 21);
  ui_test_play (g1, 1);
  g_usleep (2000);
  g_autoptr (FolSummerGame) g2 = ui_test_new_game (store, 2, 22);
  ui_test_play (g2, 1);
  gint64 id1 = fol_game_get_store_id (FOL_GAME (g1));
  gint64 id2 = fol_game_get_store_id (FOL_GAME (g2));
  GtkWindow *window;
  FolStartPage *page = FOL_START_PAGE (page_in_window (store, &window));
  g_assert_cmpuint (fol_start_page_get_n_saved_games (page), ==, 2);
  g_assert_cmpint (fol_start_page_get_continue_id (page), ==, id2);

  /* the first row is the game played last, g2: its delete button */
  const char *title = NULL;
  g_signal_emit_by_name (first_delete_button (page, &title), "clicked");
  g_assert_cmpint (fol_start_page_get_pending_delete (page), ==, id2);
  g_assert_cmpuint (fol_start_page_get_n_saved_games (page), ==, 1);
  g_assert_true (game_exists (store, id2));
  /* Continue goes to the other game meanwhile */
  g_assert_cmpint (fol_start_page_get_continue_id (page), ==, id1);
  GtkWidget *overlay = gtk_widget_get_ancestor (GTK_WIDGET (page), ADW_TYPE_TOAST_OVERLAY);
  g_autofree char *toast_text = ui_test_collect_text (overlay);
  g_assert_nonnull (strstr (toast_text, "Game deleted"));

  /* Undo: back in the list, still in the store after the toast went */
  GtkWidget *undo = ui_test_find_first (overlay, is_undo_button);
  g_assert_nonnull (undo);
  g_signal_emit_by_name (undo, "clicked");
  g_assert_cmpint (fol_start_page_get_pending_delete (page), ==, 0);
  g_assert_cmpuint (fol_start_page_get_n_saved_games (page), ==, 2);
  ui_test_wait (50);
  g_assert_true (game_exists (store, id2));
  g_assert_cmpint (fol_start_page_get_continue_id (page), ==, id2);

  /* delete again; the toast goes (as when it times out): deleted for good */
  AdwToast *t = fol_start_page_delete_game (page, id2);
  g_assert_nonnull (t);
  g_assert_true (game_exists (store, id2));
  adw_toast_dismiss (t);
  g_assert_false (game_exists (store, id2));
  g_assert_cmpint (fol_start_page_get_pending_delete (page), ==, 0);
  g_assert_cmpuint (fol_start_page_get_n_saved_games (page), ==, 1);

  /* deleting another game while a toast shows deletes the first for good */
  g_autoptr (FolSummerGame) g3 = ui_test_new_game (store, 2, 23);
  ui_test_play (g3, 1);
  gint64 id3 = fol_game_get_store_id (FOL_GAME (g3));
  fol_start_page_refresh (page);
  fol_start_page_delete_game (page, id3);
  fol_start_page_delete_game (page, id1);
  g_assert_false (game_exists (store, id3));
  g_assert_true (game_exists (store, id1));
  g_assert_cmpuint (fol_start_page_get_n_saved_games (page), ==, 0);

  /* closing the window while the toast shows keeps the game */
  gtk_window_destroy (window);
  ui_test_wait (50);
  g_assert_true (game_exists (store, id1));
  g_object_unref (store);
}

static void
test_campaigns_and_fall (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (FolStore) store = new_empty_store ();

  /* a campaign with its first game under way */
  g_autoptr (FolCampaign) campaign = fol_campaign_new (store, 2026, 5 /* 3B */, &error);
  g_assert_no_error (error);
  g_autoptr (FolPlayer) ann = fol_player_new ("Ann", TRUE, 0);
  g_autoptr (FolSummerGame) cg = fol_campaign_continue_game (campaign, ann, &error);
  g_assert_no_error (error);
  ui_test_play (cg, 3);

  /* a Fall game */
  FolPlayer *fp[2] = { fol_player_new ("Ann", TRUE, 0), fol_player_new ("Hazel", FALSE, 1) };
  g_autoptr (FolFallGame) fall = fol_fall_game_new (7, NULL, fp, store, &error);
  g_assert_no_error (error);
  g_object_unref (fp[0]);
  g_object_unref (fp[1]);

  GtkWindow *window;
  FolStartPage *page = FOL_START_PAGE (page_in_window (store, &window));
  g_assert_cmpuint (fol_start_page_get_n_campaigns (page), ==, 1);
  g_assert_cmpuint (fol_start_page_get_n_saved_games (page), ==, 2);
  g_autofree char *text = ui_test_collect_text (GTK_WIDGET (page));
  g_assert_nonnull (strstr (text, "Forest Floor 3B"));
  assert_has_line (text, "Game 1 in progress · Game 2 to play · Game 3 to play");
  assert_has_line (text, "Fall — Ann vs Hazel (Normal)");
  assert_has_line (text, "Indian Summer — Solo campaign, game 1 of 3");
  /* the solo player's name and the turn, as the engine counts it */
  g_autofree char *turn = g_strdup_printf ("Ann · Turn %d of 10 · ", fol_summer_game_get_state (cg)->round);
  assert_has_line_start (text, turn);
  assert_has_line_start (text, "Not started · ");

  /* Continue takes the game played last, whichever game it is: here the Fall game */
  g_assert_cmpint (fol_start_page_get_continue_id (page), ==, fol_game_get_store_id (FOL_GAME (fall)));
  Played p = { 0 };
  g_signal_connect (page, "play", G_CALLBACK (on_play), &p);
  g_assert_true (fol_start_page_continue (page));
  g_assert_cmpint (p.n_play, ==, 1);
  g_assert_true (FOL_IS_FALL_GAME (p.game));
  g_assert_null (p.campaign);

  /* the campaign game opens with its campaign, from the list and from the campaign row */
  g_assert_true (fol_start_page_open_game (page, fol_game_get_store_id (FOL_GAME (cg))));
  g_assert_nonnull (p.campaign);
  g_assert_cmpint (fol_campaign_get_id (p.campaign), ==, fol_campaign_get_id (campaign));
  g_assert_true (fol_start_page_continue_campaign (page, fol_campaign_get_id (campaign)));
  g_assert_cmpint (p.n_play, ==, 3);
  g_assert_cmpint (fol_game_get_store_id (FOL_GAME (p.game)), ==, fol_game_get_store_id (FOL_GAME (cg)));
  g_assert_cmpuint (fol_game_get_n_moves (FOL_GAME (p.game)), ==, 3);
  played_clear (&p);
  ui_test_wait (50);
  gtk_window_destroy (window);
}

/* The Dismiss button of the recovery note is its only button. */
static gboolean
is_button (GtkWidget *w)
{
  return GTK_IS_BUTTON (w);
}

/* Opens the default store and shows it on a page; the store must be
 * finalized when the window is destroyed. */
static FolStartPage *
open_page (GtkWindow **window, FolStore **store)
{
  g_autoptr (GError) error = NULL;
  *store = fol_store_new (NULL, &error);
  g_assert_no_error (error);
  return FOL_START_PAGE (page_in_window (*store, window));
}

static void
close_page (GtkWindow *window, FolStore *store)
{
  g_object_add_weak_pointer (G_OBJECT (store), (gpointer *) &store);
  g_object_unref (store);
  gtk_window_destroy (window);
  ui_test_wait (50);
  g_assert_null (store);
}

/* A file of three saved games, one row of which breaks a CHECK constraint:
 * the note says two were rescued, one was not, where the original is, at
 * every start until dismissed. */
static void
test_recovery_note (void)
{
  ui_test_reset_store ();
  GtkWindow *window;
  FolStore *store;
  FolStartPage *page = open_page (&window, &store);
  GtkWidget *banner = fol_start_page_get_recovery_banner (page);
  g_assert_false (gtk_revealer_get_reveal_child (GTK_REVEALER (banner)));
  {
    g_autoptr (FolSummerGame) g1 = ui_test_new_game (store, 2, 31);
    ui_test_play (g1, 4);
    g_autoptr (FolSummerGame) g2 = ui_test_new_game (store, 1, 32);
    ui_test_play (g2, 3);
    g_autoptr (FolSummerGame) g3 = ui_test_new_game (store, 3, 33);
    ui_test_play (g3, 2);
  }
  close_page (window, store);

  ui_test_break_check_constraint (2);

  g_autofree char *aside = NULL;
  for (int start = 0; start < 2; start++)
    {
      page = open_page (&window, &store);
      if (start == 0)
        {
          g_assert_nonnull (fol_store_get_recovered_from (store));
          aside = g_strdup (fol_store_get_recovered_from (store));
        }
      else
        g_assert_null (fol_store_get_recovered_from (store));
      banner = fol_start_page_get_recovery_banner (page);
      g_assert_true (gtk_revealer_get_reveal_child (GTK_REVEALER (banner)));
      g_autofree char *text = ui_test_collect_text (banner);
      g_test_message ("%s", text);
      g_assert_nonnull (strstr (text, "2 saved games were rescued"));
      g_assert_nonnull (strstr (text, "1 game could not be read"));
      g_assert_nonnull (strstr (text, aside));
      g_assert_cmpuint (fol_start_page_get_n_saved_games (page), ==, 2);
      if (start == 1)
        {
          /* Dismiss: gone, for good */
          GtkWidget *dismiss = ui_test_find_first (banner, is_button);
          g_assert_nonnull (dismiss);
          g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (dismiss)), ==, "_Dismiss");
          g_signal_emit_by_name (dismiss, "clicked");
          g_assert_false (gtk_revealer_get_reveal_child (GTK_REVEALER (banner)));
          g_assert_null (fol_store_get_recovery (store));
        }
      close_page (window, store);
    }
  page = open_page (&window, &store);
  g_assert_false (gtk_revealer_get_reveal_child (GTK_REVEALER (fol_start_page_get_recovery_banner (page))));
  g_assert_cmpuint (fol_start_page_get_n_saved_games (page), ==, 2);
  /* the original is still there, whole */
  g_assert_cmpint (g_file_test (aside, G_FILE_TEST_IS_REGULAR), ==, TRUE);
  close_page (window, store);
}

static void
test_no_store (void)
{
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());
  GtkWidget *page = fol_start_page_new ();
  gtk_window_set_child (window, page);
  GError error = { FOL_STORE_ERROR, FOL_STORE_ERROR_READ_ONLY, (char *) "The folder /nowhere is not writable" };
  fol_start_page_set_store (FOL_START_PAGE (page), NULL, &error);
  gtk_window_present (window);
  g_autofree char *text = ui_test_collect_text (page);
  g_assert_nonnull (strstr (text, "The folder /nowhere is not writable"));
  g_assert_nonnull (strstr (text, "You can still play"));
  g_assert_cmpint (fol_start_page_get_continue_id (FOL_START_PAGE (page)), ==, 0);
  gtk_window_destroy (window);
}

/* Until it gets its store the page says it is opening the saved games, in
 * both views, and offers no Continue; then it fills in.  The statistics are
 * read when their view is shown, not at every refresh. */
static void
test_opening (void)
{
  g_autoptr (FolStore) store = new_empty_store ();
  g_autoptr (FolSummerGame) game = ui_test_new_game (store, 2, 61);
  ui_test_play (game, 2);

  GtkWindow *window = GTK_WINDOW (gtk_window_new ());
  FolStartPage *page = FOL_START_PAGE (fol_start_page_new ());
  gtk_window_set_child (window, GTK_WIDGET (page));
  fol_start_page_set_opening (page);
  gtk_window_present (window);
  g_assert_true (fol_start_page_get_opening (page));
  gboolean opening = FALSE;
  g_object_get (page, "opening", &opening, NULL);
  g_assert_true (opening);
  g_autofree char *text = ui_test_collect_mapped_text (GTK_WIDGET (page));
  g_assert_nonnull (strstr (text, "Opening saved games…"));
  g_assert_nonnull (strstr (text, "New Game"));
  g_assert_null (strstr (text, "No saved games yet"));
  g_assert_cmpint (fol_start_page_get_continue_id (page), ==, 0);
  /* a refresh (back from a game) changes nothing while opening */
  fol_start_page_refresh (page);
  g_assert_true (fol_start_page_get_opening (page));
  g_assert_cmpuint (fol_start_page_get_n_saved_games (page), ==, 0);
  /* the statistics view says the same */
  AdwViewStack *views = fol_start_page_get_view_stack (page);
  adw_view_stack_set_visible_child_name (views, "statistics");
  g_autofree char *stats_text = ui_test_collect_mapped_text (GTK_WIDGET (page));
  g_assert_nonnull (strstr (stats_text, "Opening saved games…"));

  /* the store comes: the lists and the statistics fill in */
  fol_start_page_set_store (page, store, NULL);
  g_assert_false (fol_start_page_get_opening (page));
  g_assert_cmpuint (fol_start_page_get_n_saved_games (page), ==, 1);
  g_assert_cmpint (fol_start_page_get_continue_id (page), ==, fol_game_get_store_id (FOL_GAME (game)));
  g_autofree char *filled = ui_test_collect_mapped_text (GTK_WIDGET (page));
  g_assert_null (strstr (filled, "Opening saved games…"));
  FolStatsPage *stats = FOL_STATS_PAGE (fol_start_page_get_stats_page (page));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (stats)));
  g_assert_true (fol_stats_page_get_is_empty (stats));   /* no game finished yet */

  /* a game is finished while the Play view is shown: the statistics are
   * read again only when their view is shown */
  adw_view_stack_set_visible_child_name (views, "games");
  g_autoptr (FolSummerGame) solo = ui_test_new_game (store, 1, 62);
  ui_test_play (solo, -1);
  fol_start_page_refresh (page);
  g_assert_cmpuint (fol_start_page_get_n_saved_games (page), ==, 2);
  g_assert_true (fol_stats_page_get_is_empty (stats));
  adw_view_stack_set_visible_child_name (views, "statistics");
  g_assert_false (fol_stats_page_get_is_empty (stats));
  g_assert_cmpuint (fol_stats_page_get_n_solo_scores (stats), ==, 1);
  ui_test_wait (20);
  gtk_window_destroy (window);
}

/* Today's deal code, by the local date. */
static char *
todays_code (void)
{
  FolDeal deal;
  fol_deal_of_today (&deal);
  return fol_deal_code_format (&deal, NULL);
}

static gboolean
is_daily_row (GtkWidget *w)
{
  return ADW_IS_ACTION_ROW (w)
         && g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (w)), "Deal of the Day") == 0;
}

static gboolean
is_play_button (GtkWidget *w)
{
  return GTK_IS_BUTTON (w) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (w)), "_Play") == 0;
}

/* "Deal of the Day": today's code shown, a place for its par, and one
 * click on Play starts that solo deal, saved; not while the store opens. */
static void
test_deal_of_the_day (void)
{
  g_autoptr (FolStore) store = new_empty_store ();
  g_autoptr (GSettings) settings = g_settings_new ("io.github.foliage.Foliage");
  g_settings_reset (settings, "new-game-seats");
  /* a game left without a move goes when the deal of the day starts */
  g_autoptr (FolSummerGame) unstarted = ui_test_new_game (store, 2, 5);
  GtkWindow *window;
  FolStartPage *page = FOL_START_PAGE (page_in_window (store, &window));
  Played p = { 0 };
  g_signal_connect (page, "play", G_CALLBACK (on_play), &p);

  GtkWidget *row = ui_test_find_first (GTK_WIDGET (page), is_daily_row);
  g_assert_nonnull (row);
  g_assert_true (gtk_widget_get_mapped (row));
  g_autofree char *code = todays_code ();
  const char *shown = fol_start_page_get_deal_of_the_day_code (page);
  if (g_strcmp0 (shown, code) != 0)
    {
      /* the day turned meanwhile */
      g_free (code);
      code = todays_code ();
    }
  g_assert_cmpstr (shown, ==, code);
  g_assert_true (g_str_has_prefix (code, "IS1-R-"));
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), code));

  /* the par's place: hidden until the solver fills it */
  g_autofree char *before = ui_test_collect_mapped_text (row);
  fol_start_page_set_deal_of_the_day_par (page, "Par 17");
  g_autofree char *with_par = ui_test_collect_mapped_text (row);
  g_assert_null (strstr (before, "Par 17"));
  g_assert_nonnull (strstr (with_par, "Par 17"));
  fol_start_page_set_deal_of_the_day_par (page, NULL);
  g_autofree char *without = ui_test_collect_mapped_text (row);
  g_assert_null (strstr (without, "Par 17"));

  /* one click: the solo deal of the code, for the person, saved */
  GtkWidget *play = ui_test_find_first (row, is_play_button);
  g_assert_nonnull (play);
  g_assert_true (gtk_widget_get_sensitive (play));
  g_signal_emit_by_name (play, "clicked");
  g_assert_cmpint (p.n_play, ==, 1);
  g_assert_null (p.campaign);
  FolGame *game = FOL_GAME (p.game);
  g_assert_cmpuint (fol_game_get_n_seats (game), ==, 1);
  g_assert_true (fol_player_get_human (fol_game_get_player (game, 0)));
  g_assert_cmpstr (fol_player_get_name (fol_game_get_player (game, 0)), ==, fol_start_page_default_player_name ());
  g_autofree char *game_code = fol_deal_code_for_game (game);
  g_assert_cmpstr (game_code, ==, code);
  FolDeal deal;
  g_assert_true (fol_deal_code_parse (code, &deal, NULL));
  SummerSetup setup;
  fol_deal_to_summer_setup (&deal, &setup);
  SummerState s;
  g_assert_true (summer_state_new_game (&setup, &s, NULL));
  g_assert_cmpuint (fol_game_get_hash (game), ==, summer_state_hash (&s));
  gint64 id = fol_game_get_store_id (game);
  g_assert_cmpint (id, >, 0);
  g_autoptr (GError) error = NULL;
  g_autoptr (FolSavedGame) gone = fol_store_load_game (store, fol_game_get_store_id (FOL_GAME (unstarted)), &error);
  g_assert_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);
  played_clear (&p);

  /* the name the New Game dialog remembers for its first seat */
  g_settings_set_value (settings, "new-game-seats", g_variant_new_parsed ("[('Ann', true, 1, -1)]"));
  g_assert_true (fol_start_page_play_deal_of_the_day (page));
  g_assert_cmpstr (fol_player_get_name (fol_game_get_player (FOL_GAME (p.game), 0)), ==, "Ann");
  played_clear (&p);
  g_settings_reset (settings, "new-game-seats");

  /* while the store opens: Play waits */
  fol_start_page_set_opening (page);
  g_assert_false (gtk_widget_get_sensitive (play));
  g_assert_false (fol_start_page_play_deal_of_the_day (page));
  g_assert_cmpint (p.n_play, ==, 2);
  fol_start_page_set_store (page, store, NULL);
  g_assert_true (gtk_widget_get_sensitive (play));
  ui_test_wait (20);
  gtk_window_destroy (window);
}

/* A campaign's row says each game's outcome as a board gamer would: won
 * with its points (one point, several points), lost with its score (minus
 * the empty squares), forfeit, to play. */
static void
test_campaign_words (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (FolStore) store = new_empty_store ();
  /* in progress: a game won by a point, one lost, one to play */
  gint64 a = fol_store_create_campaign (store, 1, "1A", &error);
  g_assert_no_error (error);
  g_assert_true (fol_store_set_campaign_game_result (store, a, 0, 1, TRUE, &error));
  g_assert_true (fol_store_set_campaign_game_result (store, a, 1, -19, FALSE, &error));
  /* finished: the first two lost, the third forfeit */
  gint64 b = fol_store_create_campaign (store, 2, "2B", &error);
  g_assert_true (fol_store_set_campaign_game_result (store, b, 0, -7, FALSE, &error));
  g_assert_true (fol_store_set_campaign_game_result (store, b, 1, -5, FALSE, &error));
  g_assert_true (fol_store_finish_campaign (store, b, -12, &error));
  /* finished: two won, one lost */
  gint64 c = fol_store_create_campaign (store, 3, "3A", &error);
  g_assert_true (fol_store_set_campaign_game_result (store, c, 0, 23, TRUE, &error));
  g_assert_true (fol_store_set_campaign_game_result (store, c, 1, 12, TRUE, &error));
  g_assert_true (fol_store_set_campaign_game_result (store, c, 2, -3, FALSE, &error));
  g_assert_true (fol_store_finish_campaign (store, c, 35, &error));
  g_assert_no_error (error);

  GtkWindow *window;
  FolStartPage *page = FOL_START_PAGE (page_in_window (store, &window));
  g_assert_cmpuint (fol_start_page_get_n_campaigns (page), ==, 3);
  g_autofree char *text = ui_test_collect_text (GTK_WIDGET (page));
  assert_has_line (text, "Game 1 won: 1 point · Game 2 lost (−19) · Game 3 to play");
  assert_has_line (text, "Game 1 lost (−7) · Game 2 lost (−5) · Game 3 forfeit");
  assert_has_line (text, "Game 1 won: 23 points · Game 2 won: 12 points · Game 3 lost (−3)");
  /* never the old words */
  g_assert_null (strstr (text, "Game 1:"));
  gtk_window_destroy (window);
  ui_test_wait (50);
}

int
main (int argc, char *argv[])
{
  if (!ui_test_init (&argc, &argv))
    return 0;
  g_test_add_func ("/ui/start-page/lists-and-continue", test_lists_and_continue);
  g_test_add_func ("/ui/start-page/row-words", test_row_words);
  g_test_add_func ("/ui/start-page/not-started", test_not_started);
  g_test_add_func ("/ui/start-page/delete-undo", test_delete_undo);
  g_test_add_func ("/ui/start-page/campaigns-and-fall", test_campaigns_and_fall);
  g_test_add_func ("/ui/start-page/campaign-words", test_campaign_words);
  g_test_add_func ("/ui/start-page/no-store", test_no_store);
  g_test_add_func ("/ui/start-page/recovery-note", test_recovery_note);
  g_test_add_func ("/ui/start-page/opening", test_opening);
  g_test_add_func ("/ui/start-page/deal-of-the-day", test_deal_of_the_day);
  int ret = g_test_run ();
  ui_test_cleanup ();
  return ret;
}
