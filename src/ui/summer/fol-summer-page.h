/* fol-summer-page.h: the page of one Indian Summer game in the window
 * (a FolGamePage): the board, and in the side panel the treasures, the
 * Main and Special Actions, the tiles a Mushroom took, the solo refill and
 * auto-finish, and the end screens (ranking; solo score; campaign summary).
 * Computer turns, the log, Undo, End Turn (Ctrl+Enter) and the hint (H)
 * are the base's. */
#pragma once

#include "fol-game-page.h"
#include "fol-summer-game.h"
#include "fol-campaign.h"

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

G_END_DECLS
