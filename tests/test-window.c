/* test-window.c: the application window: its start page, the store in the
 * user's data folder, New game -> the game page -> back, the rules, the
 * recovery of a damaged file, leaving a page while a computer thinks
 * (runs under Xvfb: GTK_A11Y=test, GSETTINGS_BACKEND=memory, an isolated
 * XDG_DATA_HOME). */
#include "config.h"

#include "ui-test-util.h"
#include "fol-application.h"
#include "fol-window.h"
#include "fol-start-page.h"
#include "fol-new-game-dialog.h"
#include "fol-summer-view.h"
#include "fol-thinking.h"

/* one application for the whole program: an id registers once per process */
static FolApplication *app;

static void
test_window_shows_start_page (void)
{
  ui_test_reset_store ();
  FolWindow *win = fol_window_new (app);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (win)), ==, "Foliage");
  gtk_window_present (GTK_WINDOW (win));
  /* the start page, with the store opened in the data folder */
  g_assert_true (FOL_IS_START_PAGE (fol_window_get_start_page (win)));
  g_assert_nonnull (fol_window_get_store (win));
  g_assert_true (g_str_has_prefix (fol_store_get_path (fol_window_get_store (win)), ui_test_data_dir));
  g_assert_null (fol_window_get_game_page (win));
  g_autofree char *text = ui_test_collect_text (fol_window_get_start_page (win));
  g_assert_nonnull (strstr (text, "Foliage\n"));
  g_assert_nonnull (strstr (text, "No saved games yet"));
  /* the app icon is found (from the resources when not installed) */
  GtkIconTheme *theme = gtk_icon_theme_get_for_display (gdk_display_get_default ());
  g_assert_true (gtk_icon_theme_has_icon (theme, APP_ID));
  /* the window size is bound to GSettings */
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  gtk_window_set_default_size (GTK_WINDOW (win), 900, 700);
  g_assert_cmpint (g_settings_get_int (settings, "window-width"), ==, 900);
  /* the keyboard shortcuts window comes from the resources */
  g_assert_true (g_action_group_has_action (G_ACTION_GROUP (win), "show-help-overlay"));
  gtk_window_destroy (GTK_WINDOW (win));
}

static void
test_new_game_and_back (void)
{
  ui_test_reset_store ();
  FolWindow *win = fol_window_new (app);
  gtk_window_present (GTK_WINDOW (win));
  FolStartPage *start = FOL_START_PAGE (fol_window_get_start_page (win));
  g_assert_cmpuint (fol_start_page_get_n_saved_games (start), ==, 0);

  /* two clicks: New Game, then Start (you against a Normal computer) */
  GtkWidget *dialog = fol_window_new_game (win);
  g_assert_true (FOL_IS_NEW_GAME_DIALOG (dialog));
  g_assert_true (fol_new_game_dialog_start (FOL_NEW_GAME_DIALOG (dialog)));
  GtkWidget *view = fol_window_get_game_page (win);
  g_assert_true (FOL_IS_SUMMER_VIEW (view));
  FolSummerGame *game = fol_summer_view_get_game (FOL_SUMMER_VIEW (view));
  g_assert_cmpuint (fol_game_get_n_seats (FOL_GAME (game)), ==, 2);
  gint64 id = fol_game_get_store_id (FOL_GAME (game));
  g_assert_cmpint (id, >, 0);
  ui_test_wait (50);

  /* back: the start page lists the game and Continue opens it */
  fol_window_show_start (win);
  g_assert_null (fol_window_get_game_page (win));
  g_assert_cmpuint (fol_start_page_get_n_saved_games (start), ==, 1);
  g_assert_cmpint (fol_start_page_get_continue_id (start), ==, id);
  g_assert_true (fol_start_page_continue (start));
  view = fol_window_get_game_page (win);
  g_assert_nonnull (view);
  g_assert_cmpint (fol_game_get_store_id (FOL_GAME (fol_summer_view_get_game (FOL_SUMMER_VIEW (view)))), ==, id);
  /* the view asks to close: back to the start page */
  g_signal_emit_by_name (view, "close-requested");
  g_assert_null (fol_window_get_game_page (win));

  /* the rules window, once */
  GtkWidget *help = fol_window_show_rules (win);
  g_assert_nonnull (help);
  g_assert_true (fol_window_show_rules (win) == help);
  ui_test_wait (50);
  gtk_window_destroy (GTK_WINDOW (win));
}

/* A game in @store with Hazel, a Normal computer, to move first. */
static FolSummerGame *
computer_first_game (FolStore *store, guint64 seed)
{
  SummerSetup setup;
  summer_setup_init (&setup, 2, seed);
  g_autoptr (FolPlayer) hazel = fol_player_new ("Hazel", FALSE, FOL_AI_NORMAL);
  g_autoptr (FolPlayer) ann = fol_player_new ("Ann", TRUE, 0);
  FolPlayer *players[2] = { hazel, ann };
  g_autoptr (GError) error = NULL;
  FolSummerGame *game = fol_summer_game_new (&setup, players, store, &error);
  g_assert_no_error (error);
  return game;
}

/* Shows @game and runs the loop until its computer searches; returns the
 * search's cancellable (a new reference) and, in @weak, a weak pointer to
 * the indicator that runs it (it lives until the search has ended). */
static GCancellable *
play_until_thinking (FolWindow *win, FolSummerGame *game, FolThinking **weak)
{
  fol_window_play (win, FOL_GAME (game), NULL);
  FolSummerView *view = FOL_SUMMER_VIEW (fol_window_get_game_page (win));
  FolThinking *thinking = fol_summer_view_get_thinking (view);
  for (int i = 0; i < 100000 && !fol_thinking_get_busy (thinking); i++)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (fol_thinking_get_busy (thinking));
  fol_thinking_show_now (thinking);
  g_assert_cmpstr (fol_thinking_get_text (thinking), ==, "Hazel is thinking…");
  *weak = thinking;
  g_object_add_weak_pointer (G_OBJECT (thinking), (gpointer *) weak);
  return g_object_ref (fol_thinking_get_cancellable (thinking));
}

/* Leaving the page, or starting another game, while a computer thinks
 * cancels its search: the game it was thinking for gets no move. */
static void
test_leaving_cancels (void)
{
  ui_test_reset_store ();
  FolWindow *win = fol_window_new (app);
  gtk_window_present (GTK_WINDOW (win));
  FolStore *store = fol_window_get_store (win);

  FolThinking *t1 = NULL, *t2 = NULL;
  g_autoptr (FolSummerGame) first = computer_first_game (store, 41);
  g_autoptr (GCancellable) c1 = play_until_thinking (win, first, &t1);
  fol_window_show_start (win);
  g_assert_true (g_cancellable_is_cancelled (c1));

  g_autoptr (FolSummerGame) second = computer_first_game (store, 42);
  g_autoptr (FolSummerGame) third = computer_first_game (store, 43);
  g_autoptr (GCancellable) c2 = play_until_thinking (win, second, &t2);
  fol_window_play (win, FOL_GAME (third), NULL);
  g_assert_true (g_cancellable_is_cancelled (c2));

  /* the cancelled searches end without a move for their games */
  fol_window_show_start (win);
  for (int i = 0; i < 100000 && (t1 || t2); i++)
    g_main_context_iteration (NULL, TRUE);
  g_assert_null (t1);
  g_assert_null (t2);
  g_assert_cmpuint (fol_game_get_n_moves (FOL_GAME (first)), ==, 0);
  g_assert_cmpuint (fol_game_get_n_moves (FOL_GAME (second)), ==, 0);
  gtk_window_destroy (GTK_WINDOW (win));
}

static void
find_message_dialog (GtkWidget **out)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GObject) w = g_list_model_get_item (toplevels, i);
      if (ADW_IS_MESSAGE_DIALOG (w) && gtk_widget_get_visible (GTK_WIDGET (w)))
        *out = GTK_WIDGET (w);
    }
}

static void
test_recovery_is_told (void)
{
  ui_test_reset_store ();
  g_autofree char *path = fol_store_default_path ();
  g_autofree char *dir = g_path_get_dirname (path);
  g_mkdir_with_parents (dir, 0700);
  g_assert_true (g_file_set_contents (path, "this is not a database, just some damaged bytes\n", -1, NULL));

  FolWindow *win = fol_window_new (app);
  gtk_window_present (GTK_WINDOW (win));
  ui_test_wait (50);
  g_assert_nonnull (fol_window_get_store (win));
  const char *moved = fol_store_get_recovered_from (fol_window_get_store (win));
  g_assert_nonnull (moved);
  /* the question comes once the window is on screen */
  GtkWidget *dialog = NULL;
  for (int i = 0; i < 200 && dialog == NULL; i++)
    {
      ui_test_wait (10);
      find_message_dialog (&dialog);
    }
  g_assert_nonnull (dialog);
  g_assert_nonnull (strstr (adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (dialog)), moved));
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "close");
  gtk_window_destroy (GTK_WINDOW (win));
  g_unlink (moved);
}

int
main (int argc, char *argv[])
{
  if (!ui_test_init (&argc, &argv))
    return 0;
  app = fol_application_new ();
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, NULL));
  g_test_add_func ("/ui/window/start-page", test_window_shows_start_page);
  g_test_add_func ("/ui/window/new-game-and-back", test_new_game_and_back);
  g_test_add_func ("/ui/window/recovery", test_recovery_is_told);
  g_test_add_func ("/ui/window/leaving-cancels", test_leaving_cancels);
  int ret = g_test_run ();
  g_clear_object (&app);
  ui_test_cleanup ();
  return ret;
}
