/* fol-summer-page.h: the page of one Indian Summer game in the window
 * (a FolGamePage): the board, and in the side panel the treasures, the
 * Main and Special Actions, the tiles a Mushroom took, the solo refill and
 * auto-finish, and the end screens (ranking; solo score beside the deal's
 * par, computed in the background; campaign summary).
 * Computer turns, the log, Undo, End Turn (Ctrl+Enter) and the hint (H)
 * are the base's. */
#pragma once

#include "fol-game-page.h"
#include "fol-summer-game.h"
#include "fol-campaign.h"
#include "fol-par.h"

G_BEGIN_DECLS

#define FOL_TYPE_SUMMER_PAGE (fol_summer_page_get_type ())
G_DECLARE_FINAL_TYPE (FolSummerPage, fol_summer_page, FOL, SUMMER_PAGE, FolGamePage)

/**
 * fol_summer_page_new:
 * @game: the game to play (its saved game is updated after every move)
 * @campaign: (nullable): the campaign @game belongs to
 * Returns: (transfer floating): the page.  It emits ::close-requested when
 *   the player asks to go back to the start page (the game is already
 *   saved), and ::next-game for a campaign's next game.
 */
GtkWidget *fol_summer_page_new (FolSummerGame *game, FolCampaign *campaign);

/**
 * fol_summer_page_set_par_nodes:
 * @nodes: the node budget of the solo end screen's par (issue 13), or 0
 *   for the default (fol_par_set_nodes()); tests pass a small one
 * A par already loaded or under way is computed again with the new budget.
 */
void fol_summer_page_set_par_nodes (FolSummerPage *self, guint64 nodes);

/**
 * fol_summer_page_get_par:
 * Returns: (transfer none) (nullable): the par of the deal shown on the
 *   solo end screen, loaded from the store's cache or being computed
 *   (FolPar: its "running", "fraction" and result), or NULL before the end
 *   screen of a solo game shows in a window.
 */
FolPar *fol_summer_page_get_par (FolSummerPage *self);

G_END_DECLS
