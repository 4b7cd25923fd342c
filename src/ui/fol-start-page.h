/* fol-start-page.h: the start page: New game, Continue, the deal of the
 * day (with its par), the saved games, the solo campaigns (with each
 * finished game's par), and the statistics. */
#pragma once

#include <adwaita.h>
#include "fol-store.h"
#include "fol-summer-game.h"
#include "fol-campaign.h"

G_BEGIN_DECLS

#define FOL_TYPE_START_PAGE (fol_start_page_get_type ())
G_DECLARE_FINAL_TYPE (FolStartPage, fol_start_page, FOL, START_PAGE, AdwBin)

/**
 * fol_start_page_new:
 * Returns: (transfer floating): an empty start page; give it a store with
 *   fol_start_page_set_store().
 */
GtkWidget *fol_start_page_new (void);

/**
 * fol_start_page_set_store:
 * @store: (nullable): the store to list, or NULL when it could not be opened
 * @error: (nullable): why the store could not be opened (shown to the user)
 *
 * Lists @store's games and campaigns (and its statistics, read when their
 * view is shown), ending fol_start_page_set_opening().  Without a store the
 * page says why and still offers New game (games are then not saved).
 */
void fol_start_page_set_store (FolStartPage *self, FolStore *store, const GError *error);

/**
 * fol_start_page_set_opening:
 *
 * Says that the store is being opened (fol_store_new_async(): its check
 * may take a while): "Opening saved games…", and a spinner once that has
 * taken most of a second, in place of the saved games, the campaigns and
 * the statistics, no Continue, until fol_start_page_set_store() fills the
 * page in.  Drops any store the page had.  New Game stays available.
 */
void fol_start_page_set_opening (FolStartPage *self);

/**
 * fol_start_page_get_opening:
 * Returns: TRUE from fol_start_page_set_opening() until
 *   fol_start_page_set_store().  Also the "opening" property.
 */
gboolean fol_start_page_get_opening (FolStartPage *self);

/**
 * fol_start_page_refresh:
 * Reads the lists again from the store, and the statistics when their view
 * is shown (else when it is next shown).  Does nothing while the page is
 * opening (fol_start_page_set_opening()).
 */
void fol_start_page_refresh (FolStartPage *self);

/**
 * fol_start_page_get_view_stack:
 * Returns: (transfer none): the stack of the page's views (games,
 *   statistics) for a view switcher.
 */
AdwViewStack *fol_start_page_get_view_stack (FolStartPage *self);

/**
 * fol_start_page_get_stats_page:
 * Returns: (transfer none): the statistics page (a FolStatsPage), made
 *   and brought up to date now if its view has not been shown yet.
 */
GtkWidget *fol_start_page_get_stats_page (FolStartPage *self);

/**
 * fol_start_page_get_continue_id:
 * Returns: the id of the game that Continue opens (the game in progress
 *   played last, of either game, one being deleted aside), or 0 when
 *   Continue is hidden.
 */
gint64 fol_start_page_get_continue_id (FolStartPage *self);

/**
 * fol_start_page_get_n_saved_games:
 * Returns: the number of rows in the saved games list: the 100 most
 *   recently played games, without a game being deleted and without the
 *   games that never had a move but the newest one ("Not started").
 */
guint fol_start_page_get_n_saved_games (FolStartPage *self);

/**
 * fol_start_page_get_recovery_banner:
 * Returns: (transfer none): the note (a GtkRevealer, revealed while shown)
 *   that tells what the store did with a damaged file of saved games
 *   (fol_store_get_recovery()): how many games were rescued and where the
 *   original is kept; its Dismiss button dismisses the report for good.
 */
GtkWidget *fol_start_page_get_recovery_banner (FolStartPage *self);

/**
 * fol_start_page_get_n_campaigns:
 * Returns: the number of rows in the campaigns list.
 */
guint fol_start_page_get_n_campaigns (FolStartPage *self);

/**
 * fol_start_page_continue:
 * Opens the game Continue stands for (as a click on it): emits ::play.
 * Returns: FALSE when there is none or it cannot be loaded (a toast says why).
 */
gboolean fol_start_page_continue (FolStartPage *self);

/**
 * fol_start_page_open_game:
 * @id: a saved game
 * Loads saved game @id and emits ::play with it (and its campaign, when it
 * is a campaign game); a finished game opens on its end screen.  A game
 * that cannot be loaded shows a toast saying why.
 * Returns: whether ::play was emitted.
 */
gboolean fol_start_page_open_game (FolStartPage *self, gint64 id);

/**
 * fol_start_page_continue_campaign:
 * @id: a campaign in progress
 * Loads the campaign and emits ::play with its current (or next) game.
 * Returns: whether ::play was emitted.
 */
gboolean fol_start_page_continue_campaign (FolStartPage *self, gint64 id);

/**
 * fol_start_page_delete_game:
 * @id: a saved game
 *
 * What a row's delete button does: hides game @id at once and shows a
 * toast "Game deleted" with Undo (in the AdwToastOverlay the page is in).
 * The game is deleted from the store for good only when the toast goes
 * (it times out after a few seconds or is closed); Undo brings it back.
 * Deleting another game meanwhile deletes the first for good at once.
 * Closing the window (disposing the page) or changing the store while the
 * toast shows keeps the game.  Without a toast overlay the game is deleted
 * at once.
 *
 * Returns: (transfer none) (nullable): the toast, or NULL when there is
 *   no toast overlay.
 */
AdwToast *fol_start_page_delete_game (FolStartPage *self, gint64 id);

/**
 * fol_start_page_get_pending_delete:
 * Returns: the game deleted but for its toast's Undo
 *   (fol_start_page_delete_game()), or 0.
 */
gint64 fol_start_page_get_pending_delete (FolStartPage *self);

/**
 * fol_start_page_play_deal_of_the_day:
 * What the "Deal of the Day" row's Play button does: starts today's deal
 * (fol_deal_of_the_day() of the local date: a single solo game of Indian
 * Summer, the same for everyone that day) for one person, named as the New
 * Game dialog's first seat was last (else fol_start_page_default_player_name()),
 * saved in the store (unsaved when there is none or it refuses), and emits
 * ::play with it; games left without a move before it are deleted as after
 * New Game.  Returns: FALSE while the store opens, or when the game cannot
 *   be set up (a toast says why).
 */
gboolean fol_start_page_play_deal_of_the_day (FolStartPage *self);

/**
 * fol_start_page_get_deal_of_the_day_code:
 * Returns: (transfer none): today's deal code as the row shows it
 *   (docs/notation.md, "Deal of the day"), brought up to the date now.
 */
const char *fol_start_page_get_deal_of_the_day_code (FolStartPage *self);

/**
 * fol_start_page_set_deal_of_the_day_par:
 * @text: (nullable): the par of today's deal in words (the best score the
 *   deal allows, from the solo par solver of issue 13), or NULL to hide it
 * The place for the par on the "Deal of the Day" row, hidden until set.
 */
void fol_start_page_set_deal_of_the_day_par (FolStartPage *self, const char *text);

/**
 * fol_start_page_set_par_nodes:
 * @nodes: the node budget of the pars the page computes (the deal of the
 *   day's, the finished campaign games'; issue 13), or 0 for the default
 *   (fol_par_set_nodes()); tests pass a small one
 * Forgets the pars known and reads them again for that budget.
 */
void fol_start_page_set_par_nodes (FolStartPage *self, guint64 nodes);

/**
 * fol_start_page_get_n_pars_pending:
 * Returns: the pars missing from the store's cache that the page computes
 *   now or will, one at a time in the background: the deal of the day's
 *   ("Par 18" on its row once known) and each finished campaign game's
 *   ("Game 1 lost (−19) · par 6").  Leaving the page cancels them.
 */
guint fol_start_page_get_n_pars_pending (FolStartPage *self);

/**
 * fol_start_page_default_player_name:
 * Returns: (transfer none): the name proposed for the person at the desk:
 *   the user's real name, or "You".
 */
const char *fol_start_page_default_player_name (void);

/**
 * fol_start_page_kind_name:
 * @kind: "summer" or "fall"
 * Returns: (transfer none): the game's translated name.
 */
const char *fol_start_page_kind_name (const char *kind);

G_END_DECLS
