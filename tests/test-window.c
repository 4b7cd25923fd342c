/* test-window.c: the application window: its start page, the store in the
 * user's data folder opened in a worker thread while the window shows, New
 * game -> the game page -> back, the rules, the recovery of a damaged file,
 * leaving a page while a computer thinks (runs under Xvfb: GTK_A11Y=test,
 * GSETTINGS_BACKEND=memory, an isolated XDG_DATA_HOME). */
#include "config.h"

#include <sqlite3.h>

#include "ui-test-util.h"
#include "fol-store-private.h"
#include "fol-application.h"
#include "fol-window.h"
#include "fol-start-page.h"
#include "fol-new-game-dialog.h"
#include "fol-summer-page.h"
#include "fol-thinking.h"
#include "fol-deal-code.h"
#include "fol-replay-page.h"

/* one application for the whole program: an id registers once per process */
static FolApplication *app;

/* Runs the main loop until @win's store is open (or has failed to open). */
static void
wait_for_store (FolWindow *win)
{
  while (fol_window_get_opening_store (win))
    g_main_context_iteration (NULL, TRUE);
}

static GtkWidget *
find_widget (GtkWidget *w, GType type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (w, type))
    return w;
  for (GtkWidget *c = gtk_widget_get_first_child (w); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_widget (c, type);
      if (found)
        return found;
    }
  return NULL;
}

/* The keyboard shortcuts window, once made, or NULL. */
static GtkWidget *
find_shortcuts_window (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GObject) w = g_list_model_get_item (toplevels, i);
      if (GTK_IS_SHORTCUTS_WINDOW (w))
        return GTK_WIDGET (w);
    }
  return NULL;
}

/* A GtkImage that shows a picture (not an icon). */
static gboolean
is_picture (GtkWidget *w)
{
  return GTK_IS_IMAGE (w) && gtk_image_get_storage_type (GTK_IMAGE (w)) == GTK_IMAGE_PAINTABLE;
}

static void
test_window_shows_start_page (void)
{
  ui_test_reset_store ();
  FolWindow *win = fol_window_new (app);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (win)), ==, "Foliage");
  /* the store opens in a worker thread: the window does not wait for it */
  g_assert_true (fol_window_get_opening_store (win));
  g_assert_null (fol_window_get_store (win));
  gtk_window_present (GTK_WINDOW (win));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (win)));
  wait_for_store (win);
  /* the start page, with the store opened in the data folder */
  g_assert_true (FOL_IS_START_PAGE (fol_window_get_start_page (win)));
  g_assert_false (fol_start_page_get_opening (FOL_START_PAGE (fol_window_get_start_page (win))));
  g_assert_nonnull (fol_window_get_store (win));
  g_assert_true (g_str_has_prefix (fol_store_get_path (fol_window_get_store (win)), ui_test_data_dir));
  g_assert_null (fol_window_get_game_page (win));
  g_autofree char *text = ui_test_collect_text (fol_window_get_start_page (win));
  g_assert_nonnull (strstr (text, "Foliage\n"));
  g_assert_nonnull (strstr (text, "No saved games yet"));
  /* the start page shows the app icon at 96 pixels, drawn from a picture */
  GtkWidget *image = ui_test_find_first (fol_window_get_start_page (win), is_picture);
  g_assert_nonnull (image);
  g_assert_nonnull (gtk_image_get_paintable (GTK_IMAGE (image)));
  int natural = 0;
  gtk_widget_measure (image, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &natural, NULL, NULL);
  g_assert_cmpint (natural, ==, 96);
  /* the app icon is found (from the resources when not installed) */
  GtkIconTheme *theme = gtk_icon_theme_get_for_display (gdk_display_get_default ());
  g_assert_true (gtk_icon_theme_has_icon (theme, APP_ID));
  /* the window size is bound to GSettings */
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  gtk_window_set_default_size (GTK_WINDOW (win), 900, 700);
  g_assert_cmpint (g_settings_get_int (settings, "window-width"), ==, 900);
  /* the main menu is built when first opened */
  GtkMenuButton *menu = GTK_MENU_BUTTON (find_widget (GTK_WIDGET (win), GTK_TYPE_MENU_BUTTON));
  g_assert_nonnull (menu);
  g_assert_true (gtk_menu_button_get_primary (menu));
  g_assert_true (gtk_widget_get_sensitive (GTK_WIDGET (menu)));
  g_assert_null (gtk_menu_button_get_popover (menu));
  gtk_menu_button_popup (menu);
  GMenuModel *model = gtk_menu_button_get_menu_model (menu);
  g_assert_nonnull (model);
  g_assert_cmpint (g_menu_model_get_n_items (model), ==, 4);   /* four sections */
  /* the game section is hidden on the start page: no game to replay or copy */
  gtk_widget_activate_action (GTK_WIDGET (win), "win.copy-deal-code", NULL);
  g_assert_null (gdk_clipboard_get_content (gtk_widget_get_clipboard (GTK_WIDGET (win))));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (gtk_menu_button_get_popover (menu))));
  gtk_menu_button_popdown (menu);
  gtk_menu_button_popup (menu);
  g_assert_true (gtk_menu_button_get_menu_model (menu) == model);
  gtk_menu_button_popdown (menu);
  /* the keyboard shortcuts window comes from the resources, on Ctrl+?, when first asked for */
  g_assert_true (g_action_group_has_action (G_ACTION_GROUP (win), "show-help-overlay"));
  g_assert_null (find_shortcuts_window ());
  g_auto (GStrv) accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app), "win.show-help-overlay");
  g_assert_cmpstr (accels[0], ==, "<Control>question");
  g_action_group_activate_action (G_ACTION_GROUP (win), "show-help-overlay", NULL);
  GtkWidget *overlay = find_shortcuts_window ();
  g_assert_nonnull (overlay);
  g_assert_true (gtk_widget_get_visible (overlay));
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (overlay)) == GTK_WINDOW (win));
  /* on the start page: the keys of no one game */
  g_autofree char *view_name = NULL;
  g_object_get (overlay, "view-name", &view_name, NULL);
  g_assert_cmpstr (view_name, ==, "general");
  /* again: the same window */
  gtk_window_close (GTK_WINDOW (overlay));
  g_assert_false (gtk_widget_get_visible (overlay));
  g_action_group_activate_action (G_ACTION_GROUP (win), "show-help-overlay", NULL);
  g_assert_true (find_shortcuts_window () == overlay);
  g_assert_true (gtk_widget_get_visible (overlay));
  gtk_window_close (GTK_WINDOW (overlay));
  gtk_window_destroy (GTK_WINDOW (win));
}

static void
test_new_game_and_back (void)
{
  ui_test_reset_store ();
  FolWindow *win = fol_window_new (app);
  gtk_window_present (GTK_WINDOW (win));
  wait_for_store (win);
  FolStartPage *start = FOL_START_PAGE (fol_window_get_start_page (win));
  g_assert_cmpuint (fol_start_page_get_n_saved_games (start), ==, 0);

  /* two clicks: New Game, then Start (you against a Normal computer) */
  GtkWidget *dialog = fol_window_new_game (win);
  g_assert_true (FOL_IS_NEW_GAME_DIALOG (dialog));
  g_assert_true (fol_new_game_dialog_start (FOL_NEW_GAME_DIALOG (dialog)));
  GtkWidget *view = fol_window_get_game_page (win);
  g_assert_true (FOL_IS_SUMMER_PAGE (view));
  FolSummerGame *game = FOL_SUMMER_GAME (fol_game_page_get_game (FOL_GAME_PAGE (view)));
  g_assert_cmpuint (fol_game_get_n_seats (FOL_GAME (game)), ==, 2);
  gint64 id = fol_game_get_store_id (FOL_GAME (game));
  g_assert_cmpint (id, >, 0);
  ui_test_wait (50);

  /* the main menu's game section: Copy Deal Code puts the deal's code on
   * the clipboard, and it parses back to this game's deal */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (win), "win.copy-deal-code", NULL));
  GdkContentProvider *content = gdk_clipboard_get_content (gtk_widget_get_clipboard (GTK_WIDGET (win)));
  g_assert_nonnull (content);
  g_auto (GValue) value = G_VALUE_INIT;
  g_value_init (&value, G_TYPE_STRING);
  g_assert_true (gdk_content_provider_get_value (content, &value, NULL));
  FolDeal copied, played;
  g_autoptr (GError) error = NULL;
  g_assert_true (fol_deal_code_parse (g_value_get_string (&value), &copied, &error));
  g_assert_no_error (error);
  fol_deal_from_game (FOL_GAME (game), &played);
  g_assert_true (fol_deal_equal (&copied, &played));
  /* Replay This Game before any move: a toast says there is nothing yet,
   * the game page stays */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (win), "win.replay-game", NULL));
  g_assert_true (fol_window_get_game_page (win) == view);
  g_assert_null (fol_window_get_replay_page (win));

  /* back: the start page lists the game and Continue opens it */
  fol_window_show_start (win);
  g_assert_null (fol_window_get_game_page (win));
  g_assert_cmpuint (fol_start_page_get_n_saved_games (start), ==, 1);
  g_assert_cmpint (fol_start_page_get_continue_id (start), ==, id);
  g_assert_true (fol_start_page_continue (start));
  view = fol_window_get_game_page (win);
  g_assert_nonnull (view);
  g_assert_cmpint (fol_game_get_store_id (fol_game_page_get_game (FOL_GAME_PAGE (view))), ==, id);
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
  FolGamePage *view = FOL_GAME_PAGE (fol_window_get_game_page (win));
  FolThinking *thinking = fol_game_page_get_thinking (view);
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
  wait_for_store (win);
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
  wait_for_store (win);
  g_assert_nonnull (fol_window_get_store (win));
  const char *moved = fol_store_get_recovered_from (fol_window_get_store (win));
  g_assert_nonnull (moved);
  /* the start page says so, naming where the original lies, and nothing
   * pops up over it (the page's note stays until dismissed) */
  FolStartPage *start = FOL_START_PAGE (fol_window_get_start_page (win));
  GtkWidget *banner = fol_start_page_get_recovery_banner (start);
  g_assert_true (gtk_revealer_get_reveal_child (GTK_REVEALER (banner)));
  g_autofree char *note = ui_test_collect_text (banner);
  g_assert_nonnull (strstr (note, moved));
  ui_test_wait (100);
  GtkWidget *dialog = NULL;
  find_message_dialog (&dialog);
  g_assert_null (dialog);
  gtk_window_destroy (GTK_WINDOW (win));
  g_unlink (moved);
}

/* ---- the store's check in a worker thread ---- */

/* A gate in the check of the rescued Indian Summer games: the store's
 * salvage (in the worker thread) stops there until the test opens it. */
static GMutex gate_mutex;
static GCond gate_cond;
static gboolean gate_reached;
static gboolean gate_is_open;
static FolStoreGameCheck real_summer_check;

static gboolean
gated_summer_check (const FolSavedGame *game, GError **error)
{
  g_assert_false (g_main_context_is_owner (g_main_context_default ()));
  g_mutex_lock (&gate_mutex);
  gate_reached = TRUE;
  g_main_context_wakeup (g_main_context_default ());
  while (!gate_is_open)
    g_cond_wait (&gate_cond, &gate_mutex);
  g_mutex_unlock (&gate_mutex);
  return real_summer_check (game, error);
}

/* Closes the gate: the next store open that rescues a game stops at it. */
static void
gate_close (void)
{
  real_summer_check = fol_store_get_game_check ("summer");
  g_assert_nonnull (real_summer_check);
  gate_reached = gate_is_open = FALSE;
  fol_store_set_game_check ("summer", gated_summer_check);
}

static gboolean
gate_was_reached (void)
{
  g_mutex_lock (&gate_mutex);
  gboolean reached = gate_reached;
  g_mutex_unlock (&gate_mutex);
  return reached;
}

/* Runs the main loop (the window draws, the open starts) until the worker
 * thread waits at the gate. */
static void
gate_wait (void)
{
  while (!gate_was_reached ())
    g_main_context_iteration (NULL, TRUE);
}

static void
gate_open (void)
{
  g_mutex_lock (&gate_mutex);
  gate_is_open = TRUE;
  g_cond_broadcast (&gate_cond);
  g_mutex_unlock (&gate_mutex);
}

/* The default store with three saved games, one of them unreadable (a
 * status out of range): opening it moves it aside and rescues two. */
static void
make_damaged_store (void)
{
  ui_test_reset_store ();
  {
    g_autoptr (GError) error = NULL;
    g_autoptr (FolStore) store = fol_store_new (NULL, &error);
    g_assert_no_error (error);
    for (int i = 0; i < 3; i++)
      {
        g_autoptr (FolSummerGame) game = ui_test_new_game (store, 2, 51 + i);
        ui_test_play (game, 3);
      }
  }
  ui_test_break_check_constraint (2);
}

static gboolean
new_game_dialog_shown (void)
{
  gboolean found = FALSE;
  GListModel *toplevels = gtk_window_get_toplevels ();
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GObject) w = g_list_model_get_item (toplevels, i);
      if (FOL_IS_NEW_GAME_DIALOG (w) && gtk_widget_get_visible (GTK_WIDGET (w)))
        {
          found = TRUE;
          gtk_window_destroy (GTK_WINDOW (w));
        }
    }
  return found;
}

/* While the store checks a damaged file and rescues its games (held at
 * the gate), the window is on screen, its start page says it is opening
 * the saved games, and New Game waits for the store; then the page fills
 * in, tells what was rescued, and the New Game dialog comes. */
static void
test_store_opens_in_worker (void)
{
  make_damaged_store ();
  gate_close ();
  FolWindow *win = fol_window_new (app);
  gtk_window_present (GTK_WINDOW (win));
  gate_wait ();

  /* the check is under way: the window is on screen, the page says why it is empty */
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (win)));
  ui_test_wait (20);
  g_assert_true (fol_window_get_opening_store (win));
  g_assert_null (fol_window_get_store (win));
  g_assert_true (g_application_get_is_busy (G_APPLICATION (app)));
  FolStartPage *start = FOL_START_PAGE (fol_window_get_start_page (win));
  g_assert_true (fol_start_page_get_opening (start));
  g_autofree char *opening = ui_test_collect_mapped_text (GTK_WIDGET (start));
  g_assert_nonnull (strstr (opening, "Opening saved games…"));
  g_assert_null (strstr (opening, "No saved games yet"));
  g_assert_cmpuint (fol_start_page_get_n_saved_games (start), ==, 0);
  g_assert_cmpint (fol_start_page_get_continue_id (start), ==, 0);
  g_assert_false (gtk_revealer_get_reveal_child (GTK_REVEALER (fol_start_page_get_recovery_banner (start))));
  /* New Game waits for the store, so that the game is saved */
  g_assert_null (fol_window_new_game (win));
  g_assert_false (new_game_dialog_shown ());

  /* the check ends: the page fills in and says what was rescued */
  gate_open ();
  wait_for_store (win);
  fol_store_set_game_check ("summer", real_summer_check);
  g_assert_false (g_application_get_is_busy (G_APPLICATION (app)));
  FolStore *store = fol_window_get_store (win);
  g_assert_nonnull (store);
  g_assert_nonnull (fol_store_get_recovered_from (store));
  g_assert_false (fol_start_page_get_opening (start));
  g_assert_cmpuint (fol_start_page_get_n_saved_games (start), ==, 2);
  g_assert_cmpint (fol_start_page_get_continue_id (start), >, 0);
  GtkWidget *banner = fol_start_page_get_recovery_banner (start);
  g_assert_true (gtk_revealer_get_reveal_child (GTK_REVEALER (banner)));
  g_autofree char *note = ui_test_collect_text (banner);
  g_assert_nonnull (strstr (note, "2 saved games were rescued"));
  g_assert_nonnull (strstr (note, "1 game could not be read"));
  ui_test_wait (20);
  g_autofree char *filled = ui_test_collect_mapped_text (GTK_WIDGET (start));
  g_assert_null (strstr (filled, "Opening saved games…"));
  g_assert_nonnull (strstr (filled, "Indian Summer — Ann vs Hazel (Normal)"));
  g_assert_true (new_game_dialog_shown ());

  g_autofree char *moved = g_strdup (fol_store_get_recovered_from (store));
  gtk_window_destroy (GTK_WINDOW (win));
  ui_test_wait (20);
  g_unlink (moved);
}

/* Closing the window while the store rescues games: the rescue runs to its
 * end in its thread (nothing is cut short), the window then lets the store
 * go; the next open finds the rescued games. */
static void
test_close_while_opening (void)
{
  make_damaged_store ();
  gate_close ();
  FolWindow *win = fol_window_new (app);
  g_object_add_weak_pointer (G_OBJECT (win), (gpointer *) &win);
  gtk_window_present (GTK_WINDOW (win));
  gate_wait ();
  g_assert_true (g_application_get_is_busy (G_APPLICATION (app)));
  /* the window goes at once */
  gtk_window_destroy (GTK_WINDOW (win));
  ui_test_wait (20);
  g_assert_null (win);
  /* the rescue goes on in its thread, the application stays busy until it ends */
  g_assert_true (g_application_get_is_busy (G_APPLICATION (app)));
  gate_open ();
  while (g_application_get_is_busy (G_APPLICATION (app)))
    g_main_context_iteration (NULL, TRUE);
  fol_store_set_game_check ("summer", real_summer_check);

  g_autoptr (GError) error = NULL;
  g_autoptr (FolStore) store = fol_store_new (NULL, &error);
  g_assert_no_error (error);
  g_assert_null (fol_store_get_recovered_from (store));
  const FolStoreRecovery *r = fol_store_get_recovery (store);
  g_assert_nonnull (r);
  g_assert_true (r->complete);
  g_assert_cmpint (r->games_rescued, ==, 2);
  g_autoptr (GArray) games = fol_store_list_games (store, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (games->len, ==, 2);
  g_unlink (r->original);
}

/* A window never shown opens no store; one destroyed before its first
 * frame drops the open it had not started. */
static void
test_no_frame_no_open (void)
{
  ui_test_reset_store ();
  FolWindow *win = fol_window_new (app);
  g_object_add_weak_pointer (G_OBJECT (win), (gpointer *) &win);
  ui_test_wait (20);
  g_assert_true (fol_window_get_opening_store (win));
  g_assert_false (g_application_get_is_busy (G_APPLICATION (app)));
  g_autofree char *path = fol_store_default_path ();
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  gtk_window_destroy (GTK_WINDOW (win));
  ui_test_wait (20);
  g_assert_null (win);
  g_assert_false (g_application_get_is_busy (G_APPLICATION (app)));
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
}

int
main (int argc, char *argv[])
{
  if (!ui_test_init (&argc, &argv))
    return 0;
  app = fol_application_new ();
  /* not the owner of the application's name on the session bus, which the
   * UI tests share: test-preferences registers the same id at the same
   * time and must be the primary instance there */
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, NULL));
  g_assert_false (g_application_get_is_remote (G_APPLICATION (app)));
  g_test_add_func ("/ui/window/start-page", test_window_shows_start_page);
  g_test_add_func ("/ui/window/new-game-and-back", test_new_game_and_back);
  g_test_add_func ("/ui/window/recovery", test_recovery_is_told);
  g_test_add_func ("/ui/window/leaving-cancels", test_leaving_cancels);
  g_test_add_func ("/ui/window/store-opens-in-worker", test_store_opens_in_worker);
  g_test_add_func ("/ui/window/close-while-opening", test_close_while_opening);
  g_test_add_func ("/ui/window/no-frame-no-open", test_no_frame_no_open);
  int ret = g_test_run ();
  g_clear_object (&app);
  ui_test_cleanup ();
  return ret;
}
