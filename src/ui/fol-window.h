#pragma once

#include <adwaita.h>
#include "fol-application.h"
#include "fol-summer-game.h"
#include "fol-campaign.h"
#include "fol-store.h"

G_BEGIN_DECLS

#define FOL_TYPE_WINDOW (fol_window_get_type ())
G_DECLARE_FINAL_TYPE (FolWindow, fol_window, FOL, WINDOW, AdwApplicationWindow)

/**
 * fol_window_new:
 * Returns: (transfer full): a main window of @app; its size is restored
 *   from and saved to GSettings.  Once it has drawn its first frame it
 *   opens the default store in a worker thread (fol_store_new_async
 *   (NULL)); until the store is open @app is held and marked busy
 *   (g_application_mark_busy()), also if the window is closed meanwhile,
 *   so that a salvage is never cut short.  The
 *   start page says "Opening saved games…" until the store is open and
 *   checked, then lists the saved games, or says why they are unavailable
 *   (games are then played without saving); a damaged file's fate is told
 *   on top of the window.  A window never shown opens no store.
 */
FolWindow *fol_window_new (FolApplication *app);

/**
 * fol_window_get_store:
 * Returns: (transfer none) (nullable): the window's store, NULL while it
 *   is being opened (fol_window_get_opening_store()) or when it could not
 *   be opened.
 */
FolStore *fol_window_get_store (FolWindow *self);

/**
 * fol_window_get_opening_store:
 * Returns: TRUE until the store is open (or has failed to open): from
 *   fol_window_new(), through the first frame and the check in a worker
 *   thread, until the start page fills in.  Also the "opening-store"
 *   property, notified when it becomes FALSE.
 */
gboolean fol_window_get_opening_store (FolWindow *self);

/**
 * fol_window_get_start_page:
 * Returns: (transfer none): the start page (a FolStartPage).
 */
GtkWidget *fol_window_get_start_page (FolWindow *self);

/**
 * fol_window_get_game_page:
 * Returns: (transfer none) (nullable): the game page shown (a
 *   FolGamePage: FolSummerPage or FolFallPage), or NULL on the start page.
 */
GtkWidget *fol_window_get_game_page (FolWindow *self);

/**
 * fol_window_play:
 * @game: the game to show
 * @campaign: (nullable): the campaign @game belongs to
 *
 * Opens the game page for @game, replacing any game shown.
 */
void fol_window_play (FolWindow *self, FolGame *game, FolCampaign *campaign);

/**
 * fol_window_show_replay:
 * @game_id: a saved game of the window's store, finished or not
 *
 * Opens the replay of saved game @game_id (FolReplayPage, issue 13) in
 * place of the start page or of the game page shown (dropped: the game is
 * saved).  Its "Continue from Here" opens the game on the game page; the
 * window's Back returns to the start page.  The stored game is only read.
 *
 * Returns: (transfer none) (nullable): the replay page, or NULL with
 *   @error: FOL_STORE_ERROR_OPEN while the store is not open (or could not
 *   be opened), else as fol_replay_new() (FOL_STORE_ERROR_NOT_FOUND,
 *   FOL_STORE_ERROR_INVALID, FOL_STORE_ERROR_HASH_MISMATCH, ...).
 */
GtkWidget *fol_window_show_replay (FolWindow *self, gint64 game_id, GError **error);

/**
 * fol_window_get_replay_page:
 * Returns: (transfer none) (nullable): the replay page shown (a
 *   FolReplayPage), or NULL.
 */
GtkWidget *fol_window_get_replay_page (FolWindow *self);

/**
 * fol_window_show_start:
 *
 * Closes the game page (the game is already saved) or the replay page
 * and shows the start page with its lists brought up to date.
 */
void fol_window_show_start (FolWindow *self);

/**
 * fol_window_new_game:
 *
 * Opens the New Game dialog over the window.  While the store is being
 * opened (fol_window_get_opening_store()) the dialog opens when the store
 * is ready, so that the new game is saved.
 *
 * Returns: (transfer none) (nullable): the dialog (a FolNewGameDialog), or
 *   NULL when it comes later.
 */
GtkWidget *fol_window_new_game (FolWindow *self);

/**
 * fol_window_show_rules:
 *
 * Opens (or raises) the rules help window.
 *
 * Returns: (transfer none): the help window (a FolHelpWindow).
 */
GtkWidget *fol_window_show_rules (FolWindow *self);

/**
 * fol_window_show_shortcuts:
 *
 * Opens (or raises) the keyboard shortcuts window (win.show-help-overlay,
 * Ctrl+?), showing the keys of the game on screen: its
 * GtkShortcutsWindow:view-name is the page's
 * fol_game_page_get_shortcuts_view(), or "general" on the start page (the
 * keys of no one game).
 *
 * Returns: (transfer none): the shortcuts window (a GtkShortcutsWindow).
 */
GtkWidget *fol_window_show_shortcuts (FolWindow *self);

/**
 * fol_window_add_toast:
 * @message: a short message for the user
 *
 * Shows @message in a toast at the bottom of the window.
 */
void fol_window_add_toast (FolWindow *self, const char *message);

G_END_DECLS
