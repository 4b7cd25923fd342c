/* test-par-ui.c: the solo par in the window (issue 13, "Solo par"), under
 * Xvfb through the real widgets, with a small node budget: the solo end
 * screen shows the person's score and, once computed in the background
 * (its progress shown meanwhile), the par the engine's solver gives, and
 * whether it is proven; the par is stored, and a second opening shows it
 * from the store without computing; a damaged row is computed again and
 * replaced; leaving the end screen cancels the computation; the start
 * page's campaign row says each finished game's par ("Game 1 lost (−19) ·
 * par 6") and the deal of the day's row its par, computed in the
 * background and then read from the store. */
#include "config.h"

#include "page-test-util.h"
#include "ui-test-util.h"

#include "fol-campaign.h"
#include "fol-deal-code.h"
#include "fol-par.h"
#include "fol-saved-par.h"
#include "fol-start-page.h"
#include "fol-summer-page.h"
#include "summer-par.h"
#include "par-test-util.h"
#include "store-test-util.h"

/* The budget of the tests' pars: the Expert's game and a little search. */
#define NODES 20000

/* A solo game of @seed played to its end (greedy moves), saved in @store;
 * @score: its score, @deal: its deal, @direct: (nullable) the deal's par as
 * the engine's solver gives it at NODES. */
static FolSummerGame *
finished_solo_game (FolStore *store, guint64 seed, int *score, FolDeal *deal, SummerParResult *direct)
{
  FolSummerGame *game = ui_test_new_game (store, 1, seed);
  ui_test_play (game, -1);
  g_assert_true (fol_game_get_is_over (FOL_GAME (game)));
  *score = fol_summer_game_get_state (game)->result[0].solo_score;
  fol_deal_from_game (FOL_GAME (game), deal);
  if (direct)
    par_test_solve (deal, NODES, direct);
  return game;
}

/* The end screen of @game with the tests' budget (@nodes: 0 for NODES), in
 * a window, once its par is there (@par: loaded, or being computed). */
static GtkWidget *
end_screen (FolSummerGame *game, guint64 nodes, GtkWindow **window, FolPar **par)
{
  GtkWidget *page = fol_summer_page_new (game, NULL);
  fol_summer_page_set_par_nodes (FOL_SUMMER_PAGE (page), nodes ? nodes : NODES);
  fol_game_page_set_animation_delay (FOL_GAME_PAGE (page), 0);
  *window = GTK_WINDOW (gtk_window_new ());
  gtk_window_set_default_size (*window, 1400, 900);
  gtk_window_set_child (*window, page);
  gtk_window_present (*window);
  WAIT_UNTIL (fol_summer_page_get_par (FOL_SUMMER_PAGE (page)) != NULL);
  *par = fol_summer_page_get_par (FOL_SUMMER_PAGE (page));
  return page;
}

static void
close_window (GtkWindow *window)
{
  gtk_window_destroy (window);
  spin ();
}

static gboolean
is_visible_progress_bar (GtkWidget *w, gconstpointer data)
{
  return GTK_IS_PROGRESS_BAR (w) && gtk_widget_is_visible (w);
}

/* The text of the visible progress bar under @page, or NULL when none shows. */
static const char *
progress_text (GtkWidget *page)
{
  GtkWidget *bar = page_test_find (page, is_visible_progress_bar, NULL, NULL);
  return bar ? gtk_progress_bar_get_text (GTK_PROGRESS_BAR (bar)) : NULL;
}

/* Asserts that the labels under @w on screen have the line @line. */
static void
assert_shows_line (GtkWidget *w, const char *line)
{
  g_autofree char *text = ui_test_collect_mapped_text (w);
  g_autofree char *needle = g_strdup_printf ("\n%s\n", line);
  g_autofree char *hay = g_strdup_printf ("\n%s", text);
  if (strstr (hay, needle) == NULL)
    g_error ("no line “%s” in:\n%s", line, text);
}

static void
assert_shows_no (GtkWidget *w, const char *part)
{
  g_autofree char *text = ui_test_collect_mapped_text (w);
  if (strstr (text, part) != NULL)
    g_error ("“%s” shows in:\n%s", part, text);
}

/* "Your score: S · Par: P" and the words that say whether it is proven. */
static void
assert_shows_par (GtkWidget *page, int score, const SummerParResult *r)
{
  g_autofree char *line = g_strdup_printf ("Your score: %d · Par: %d", score, r->score);
  assert_shows_line (page, line);
  assert_shows_line (page, r->proven ? "Proven optimal: no way of playing this deal scores more."
                                     : "The best score found within the solver's budget: a better one may exist.");
  g_assert_null (progress_text (page));
}

/* The end screen computes the par in the background, showing its progress,
 * then the par; the par is stored; a second opening shows it at once from
 * the store, without computing; its line goes to the clipboard as a record. */
static void
test_end_screen (StoreFixture *f, gconstpointer data)
{
  int score;
  FolDeal deal;
  SummerParResult direct;
  g_autoptr (FolSummerGame) game = finished_solo_game (f->store, 42, &score, &deal, &direct);
  GtkWindow *window;
  FolPar *par;
  GtkWidget *page = end_screen (game, 0, &window, &par);
  /* under way: the score alone, and the progress */
  g_assert_true (fol_par_get_running (par));
  g_autofree char *alone = g_strdup_printf ("Your score: %d", score);
  assert_shows_line (page, alone);
  const char *progress = progress_text (page);
  g_assert_nonnull (progress);
  g_assert_true (g_str_has_prefix (progress, "Computing par… "));
  g_assert_false (gtk_widget_get_sensitive (find_button (page, "game.copy-par-line")));

  WAIT_UNTIL (fol_par_get_result (par) != NULL);
  g_assert_false (fol_par_get_result (par)->from_cache);
  assert_shows_par (page, score, &direct);
  GtkWidget *copy = find_button (page, "game.copy-par-line");
  g_assert_true (gtk_widget_get_visible (copy) && gtk_widget_get_sensitive (copy));
  g_assert_true (gtk_widget_activate_action (page, "game.copy-par-line", NULL));
  spin ();
  g_autofree char *record = fol_par_format_record (par);
  g_assert_nonnull (strstr (record, g_ptr_array_index (direct.line_text, 0)));
  close_window (window);

  /* stored: one row of the deal, with the par */
  g_assert_cmpint (store_test_query (f->path, "SELECT count(*) FROM pars"), ==, 1);
  g_assert_cmpint (store_test_query (f->path, "SELECT par FROM pars"), ==, direct.score);

  /* a second opening: the par at once, from the store */
  g_autoptr (GError) error = NULL;
  g_autoptr (FolSummerGame) again = fol_summer_game_load (f->store, fol_game_get_store_id (FOL_GAME (game)), &error);
  g_assert_no_error (error);
  page = end_screen (again, 0, &window, &par);
  g_assert_nonnull (fol_par_get_result (par));
  g_assert_false (fol_par_get_running (par));
  g_assert_true (fol_par_get_result (par)->from_cache);
  assert_shows_par (page, score, &direct);
  close_window (window);
  g_assert_cmpint (store_test_query (f->path, "SELECT count(*) FROM pars"), ==, 1);
  summer_par_result_clear (&direct);
}

/* A damaged row: the end screen computes the par again (it never fails for
 * it), and the row is whole again afterwards. */
static void
test_damaged_row (StoreFixture *f, gconstpointer data)
{
  int score;
  FolDeal deal;
  SummerParResult direct;
  g_autoptr (FolSummerGame) game = finished_solo_game (f->store, 7, &score, &deal, &direct);
  GtkWindow *window;
  FolPar *par;
  end_screen (game, 0, &window, &par);
  WAIT_UNTIL (fol_par_get_result (par) != NULL);
  close_window (window);

  store_test_exec (f->path, "UPDATE pars SET line = 'Y13 r9 z0'");
  GtkWidget *page = end_screen (game, 0, &window, &par);
  /* not shown from the damaged row: computed again */
  g_assert_true (fol_par_get_running (par));
  const GError *told = fol_par_get_cache_error (par);
  g_assert_true (g_error_matches (told, FOL_STORE_ERROR, FOL_STORE_ERROR_CORRUPT));
  g_assert_nonnull (strstr (told->message, "pars.line"));
  WAIT_UNTIL (fol_par_get_result (par) != NULL);
  g_assert_false (fol_par_get_result (par)->from_cache);
  assert_shows_par (page, score, &direct);
  close_window (window);

  g_autoptr (GError) error = NULL;
  g_autofree char *code = fol_deal_code_format (&deal, NULL);
  g_autoptr (FolSavedPar) row = fol_store_load_par (f->store, code, FOL_PAR_SOLVER_VERSION, NODES, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (row->line[0], ==, g_ptr_array_index (direct.line_text, 0));
  summer_par_result_clear (&direct);
}

/* Leaving the end screen (closing its window) cancels the computation: at
 * the default budget it would take many seconds; it ends at once, with no
 * par and nothing stored. */
static void
test_cancel_on_leaving (StoreFixture *f, gconstpointer data)
{
  int score;
  FolDeal deal;
  g_autoptr (FolSummerGame) game = finished_solo_game (f->store, 99, &score, &deal, NULL);
  GtkWindow *window;
  FolPar *shown;
  end_screen (game, SUMMER_PAR_DEFAULT_NODES, &window, &shown);
  g_autoptr (FolPar) par = g_object_ref (shown);
  g_assert_true (fol_par_get_running (par));
  g_assert_cmpuint (fol_par_get_nodes (par), ==, SUMMER_PAR_DEFAULT_NODES);
  close_window (window);
  WAIT_UNTIL (!fol_par_get_running (par));
  g_assert_null (fol_par_get_result (par));
  g_assert_cmpint (store_test_query (f->path, "SELECT count(*) FROM pars"), ==, 0);
}

static gboolean
is_action_row (GtkWidget *w, gconstpointer data)
{
  return ADW_IS_ACTION_ROW (w) && g_str_has_prefix (adw_action_row_get_subtitle (ADW_ACTION_ROW (w)), data);
}

/* The subtitle of the start page's campaign row whose words start with @start. */
static const char *
campaign_words (GtkWidget *page, const char *start)
{
  GtkWidget *row = page_test_find (page, is_action_row, start, NULL);
  g_assert_nonnull (row);
  return adw_action_row_get_subtitle (ADW_ACTION_ROW (row));
}

static gboolean
is_daily_row (GtkWidget *w)
{
  return ADW_IS_ACTION_ROW (w)
         && g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (w)), "Deal of the Day") == 0;
}

static GtkWidget *
start_page_in_window (FolStore *store, GtkWindow **window)
{
  *window = GTK_WINDOW (gtk_window_new ());
  GtkWidget *page = fol_start_page_new ();
  fol_start_page_set_par_nodes (FOL_START_PAGE (page), NODES);
  gtk_window_set_child (*window, page);
  fol_start_page_set_store (FOL_START_PAGE (page), store, NULL);
  gtk_window_present (*window);
  return page;
}

/* The campaign row says each finished game's par after its result, once it
 * is computed in the background; the deal of the day's row its par; a page
 * opened later reads both from the store without computing. */
static void
test_start_page (StoreFixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (FolCampaign) campaign = fol_campaign_new (f->store, 2026, 5 /* 3B */, &error);
  g_assert_no_error (error);
  g_autoptr (FolPlayer) ann = fol_player_new ("Ann", TRUE, 0);
  g_autoptr (FolSummerGame) game = fol_campaign_continue_game (campaign, ann, &error);
  g_assert_no_error (error);
  ui_test_play (game, -1);
  g_assert_true (fol_campaign_record_game (campaign, game, &error));
  int score = fol_summer_game_get_state (game)->result[0].solo_score;
  FolDeal deal, daily;
  fol_deal_from_game (FOL_GAME (game), &deal);
  g_assert_cmpint (deal.campaign_game, ==, 0);
  SummerParResult direct, direct_daily;
  par_test_solve (&deal, NODES, &direct);
  fol_deal_of_today (&daily);
  par_test_solve (&daily, NODES, &direct_daily);

  /* the game's result as the row words it, then its par */
  g_autofree char *result = score >= 0 ? g_strdup_printf ("Game 1 won: %d point%s", score, score == 1 ? "" : "s")
                                       : g_strdup_printf ("Game 1 lost (−%d)", -score);
  g_autofree char *par = g_strdup_printf ("%s%d", direct.score < 0 ? "−" : "", ABS (direct.score));
  g_autofree char *with_par = g_strdup_printf ("%s · par %s · Game 2 to play · Game 3 to play", result, par);
  g_autofree char *without = g_strdup_printf ("%s · Game 2 to play · Game 3 to play", result);
  g_autofree char *daily_par = g_strdup_printf ("Par %s%d", direct_daily.score < 0 ? "−" : "",
                                                ABS (direct_daily.score));

  GtkWindow *window;
  GtkWidget *page = start_page_in_window (f->store, &window);
  FolStartPage *sp = FOL_START_PAGE (page);
  /* not known yet: the result alone, the pars to compute in the background */
  g_assert_cmpstr (campaign_words (page, "Game 1"), ==, without);
  GtkWidget *daily_row = ui_test_find_first (page, is_daily_row);
  g_assert_nonnull (daily_row);
  assert_shows_no (daily_row, "Par");
  g_assert_cmpuint (fol_start_page_get_n_pars_pending (sp), ==, 2);
  WAIT_UNTIL (fol_start_page_get_n_pars_pending (sp) == 0);
  g_assert_cmpstr (campaign_words (page, "Game 1"), ==, with_par);
  assert_shows_line (daily_row, daily_par);
  close_window (window);
  g_assert_cmpint (store_test_query (f->path, "SELECT count(*) FROM pars"), ==, 2);

  /* later: from the store at once */
  page = start_page_in_window (f->store, &window);
  g_assert_cmpuint (fol_start_page_get_n_pars_pending (FOL_START_PAGE (page)), ==, 0);
  g_assert_cmpstr (campaign_words (page, "Game 1"), ==, with_par);
  daily_row = ui_test_find_first (page, is_daily_row);
  assert_shows_line (daily_row, daily_par);
  close_window (window);

  /* leaving the page (the window closes) stops their computation */
  store_test_exec (f->path, "DELETE FROM pars");
  page = start_page_in_window (f->store, &window);
  g_object_ref (page);
  g_assert_cmpuint (fol_start_page_get_n_pars_pending (FOL_START_PAGE (page)), ==, 2);
  close_window (window);
  g_assert_cmpuint (fol_start_page_get_n_pars_pending (FOL_START_PAGE (page)), ==, 0);
  g_object_unref (page);
  summer_par_result_clear (&direct);
  summer_par_result_clear (&direct_daily);
}

int
main (int argc, char *argv[])
{
  if (!ui_test_init (&argc, &argv))
    return 0;
  g_test_add ("/ui/par/end-screen", StoreFixture, NULL, store_test_fixture_set_up, test_end_screen,
              store_test_fixture_tear_down);
  g_test_add ("/ui/par/damaged-row", StoreFixture, NULL, store_test_fixture_set_up, test_damaged_row,
              store_test_fixture_tear_down);
  g_test_add ("/ui/par/cancel-on-leaving", StoreFixture, NULL, store_test_fixture_set_up, test_cancel_on_leaving,
              store_test_fixture_tear_down);
  g_test_add ("/ui/par/start-page", StoreFixture, NULL, store_test_fixture_set_up, test_start_page,
              store_test_fixture_tear_down);
  int ret = g_test_run ();
  ui_test_cleanup ();
  return ret;
}
