/* fol-summer-view.h: the page of one Indian Summer game in the window: the
 * board, the treasure actions, the log in words, computer turns played out
 * move by move (the page says when one thinks: fol-thinking.h), a hint on
 * request (H or the Hint button), and the end screens (ranking; solo score
 * and auto-finish; campaign summary). */
#pragma once

#include <adwaita.h>
#include "fol-summer-game.h"
#include "fol-campaign.h"
#include "fol-thinking.h"

G_BEGIN_DECLS

#define FOL_TYPE_SUMMER_VIEW (fol_summer_view_get_type ())
G_DECLARE_FINAL_TYPE (FolSummerView, fol_summer_view, FOL, SUMMER_VIEW, GtkWidget)

/**
 * fol_summer_view_new:
 * @game: the game to play (its saved game is updated after every move)
 * @campaign: (nullable): the campaign @game belongs to
 * Returns: (transfer floating): the page.  It emits ::close-requested when
 *   the player asks to go back to the start page; the game is already saved.
 */
GtkWidget *fol_summer_view_new (FolSummerGame *game, FolCampaign *campaign);

/** Returns: (transfer none): the game shown. */
FolSummerGame *fol_summer_view_get_game (FolSummerView *self);

/** Returns: (transfer none): the board widget (for tests). */
GtkWidget *fol_summer_view_get_board (FolSummerView *self);

/**
 * fol_summer_view_set_animation_delay:
 * @ms: the pause between two computer moves, in milliseconds (0: none)
 */
void fol_summer_view_set_animation_delay (FolSummerView *self, guint ms);

/**
 * fol_summer_view_get_hint:
 * Returns: (transfer none) (nullable): the hint shown now (the Hint button
 *   or H: the move the Hard level would play, in the engine's notation), or
 *   NULL.  It goes away when the person moves or takes a move back.
 */
const char *fol_summer_view_get_hint (FolSummerView *self);

/** Returns: (transfer none): the line under the banner: what to do now, or the hint in words. */
const char *fol_summer_view_get_help_text (FolSummerView *self);

/** Returns: (transfer none): the page's thinking indicator (for tests). */
FolThinking *fol_summer_view_get_thinking (FolSummerView *self);

G_END_DECLS
