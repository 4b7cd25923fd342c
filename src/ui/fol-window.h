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
 *   from and saved to GSettings.  It opens the default store
 *   (fol_store_new (NULL)); when that fails the start page says so and
 *   games are played without saving.
 */
FolWindow *fol_window_new (FolApplication *app);

/**
 * fol_window_get_store:
 * Returns: (transfer none) (nullable): the window's store, NULL when it
 *   could not be opened.
 */
FolStore *fol_window_get_store (FolWindow *self);

/**
 * fol_window_get_start_page:
 * Returns: (transfer none): the start page (a FolStartPage).
 */
GtkWidget *fol_window_get_start_page (FolWindow *self);

/**
 * fol_window_get_game_page:
 * Returns: (transfer none) (nullable): the game page shown (a
 *   FolSummerView), or NULL on the start page.
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
 * fol_window_show_start:
 *
 * Closes the game page (the game is already saved) and shows the start
 * page with its lists brought up to date.
 */
void fol_window_show_start (FolWindow *self);

/**
 * fol_window_new_game:
 *
 * Opens the New Game dialog over the window.
 *
 * Returns: (transfer none): the dialog (a FolNewGameDialog).
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
 * fol_window_add_toast:
 * @message: a short message for the user
 *
 * Shows @message in a toast at the bottom of the window.
 */
void fol_window_add_toast (FolWindow *self, const char *message);

G_END_DECLS
