/* test-start-page.c: the start page lists the games and campaigns made
 * through the model, Continue opens the latest unfinished game, delete asks
 * and removes, a Fall game is listed but not opened, a note tells what
 * was rescued from a damaged file of saved games until it is dismissed, the
 * page says it is opening the saved games until it has a store, and the
 * statistics are read only for their view. */
#include "config.h"

#include <sqlite3.h>

#include "ui-test-util.h"
#include "fol-start-page.h"
#include "fol-stats-page.h"
#include "fol-campaign.h"
#include "fol-fall-game.h"

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

static void
test_lists_and_continue (void)
{
  ui_test_reset_store ();
  g_autoptr (GError) error = NULL;
  g_autoptr (FolStore) store = fol_store_new (NULL, &error);
  g_assert_no_error (error);

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
  ui_test_play (g3, 2);
  fol_start_page_refresh (page);
  g_assert_cmpuint (fol_start_page_get_n_saved_games (page), ==, 3);

  /* the rows name the game, the players, the moves */
  g_autofree char *text = ui_test_collect_text (GTK_WIDGET (page));
  g_assert_nonnull (strstr (text, "Indian Summer — Ann, Hazel, Rowan"));
  g_assert_nonnull (strstr (text, "In progress · 2 moves"));
  g_assert_nonnull (strstr (text, "Finished"));

  /* Continue: the latest unfinished game, in one call (one click) */
  gint64 latest = fol_game_get_store_id (FOL_GAME (g3));
  g_assert_cmpint (fol_start_page_get_continue_id (page), ==, latest);
  Played p = { 0 };
  g_signal_connect (page, "play", G_CALLBACK (on_play), &p);
  g_assert_true (fol_start_page_continue (page));
  g_assert_cmpint (p.n_play, ==, 1);
  g_assert_cmpint (fol_game_get_store_id (FOL_GAME (p.game)), ==, latest);
  g_assert_cmpuint (fol_game_get_n_moves (FOL_GAME (p.game)), ==, 2);
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

static void
test_delete_asks (void)
{
  ui_test_reset_store ();
  g_autoptr (GError) error = NULL;
  g_autoptr (FolStore) store = fol_store_new (NULL, &error);
  g_assert_no_error (error);
  g_autoptr (FolSummerGame) g1 = ui_test_new_game (store, 2, 21);
  g_autoptr (FolSummerGame) g2 = ui_test_new_game (store, 2, 22);
  GtkWindow *window;
  FolStartPage *page = FOL_START_PAGE (page_in_window (store, &window));
  g_assert_cmpuint (fol_start_page_get_n_saved_games (page), ==, 2);

  gint64 id = fol_game_get_store_id (FOL_GAME (g1));
  /* cancelling keeps the game */
  GtkWidget *dialog = fol_start_page_ask_delete_game (page, id);
  g_assert_true (ADW_IS_MESSAGE_DIALOG (dialog));
  g_assert_cmpstr (adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (dialog)), ==, "Delete This Game?");
  g_assert_cmpint (adw_message_dialog_get_response_appearance (ADW_MESSAGE_DIALOG (dialog), "delete"), ==,
                   ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_assert_cmpuint (fol_start_page_get_n_saved_games (page), ==, 2);
  g_autoptr (FolSavedGame) kept = fol_store_load_game (store, id, &error);
  g_assert_no_error (error);

  /* answering Delete removes it from the store and the list */
  dialog = fol_start_page_ask_delete_game (page, id);
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "delete");
  g_assert_cmpuint (fol_start_page_get_n_saved_games (page), ==, 1);
  g_autoptr (FolSavedGame) gone = fol_store_load_game (store, id, &error);
  g_assert_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_NOT_FOUND);
  g_assert_null (gone);
  ui_test_wait (50);
  gtk_window_destroy (window);
}

static void
test_campaigns_and_fall (void)
{
  ui_test_reset_store ();
  g_autoptr (GError) error = NULL;
  g_autoptr (FolStore) store = fol_store_new (NULL, &error);
  g_assert_no_error (error);

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
  g_assert_nonnull (strstr (text, "Game 1: playing · Game 2: to play · Game 3: to play"));
  g_assert_nonnull (strstr (text, "Fall — Ann, Hazel"));
  g_assert_nonnull (strstr (text, "Indian Summer (campaign) — Ann"));

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
  ui_test_reset_store ();
  g_autoptr (GError) error = NULL;
  g_autoptr (FolStore) store = fol_store_new (NULL, &error);
  g_assert_no_error (error);
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

int
main (int argc, char *argv[])
{
  if (!ui_test_init (&argc, &argv))
    return 0;
  g_test_add_func ("/ui/start-page/lists-and-continue", test_lists_and_continue);
  g_test_add_func ("/ui/start-page/delete-asks", test_delete_asks);
  g_test_add_func ("/ui/start-page/campaigns-and-fall", test_campaigns_and_fall);
  g_test_add_func ("/ui/start-page/no-store", test_no_store);
  g_test_add_func ("/ui/start-page/recovery-note", test_recovery_note);
  g_test_add_func ("/ui/start-page/opening", test_opening);
  int ret = g_test_run ();
  ui_test_cleanup ();
  return ret;
}
