/* fol-fall-page.h: the page of one Fall game in the window (a
 * FolGamePage): the board, and in the side panel what the tile or token in
 * hand would do, the score one's cards would give now, Rotate, Other Tile,
 * Fit to View, Discard Tile, the Flower legend, the keys that do something
 * now; End Turn with the choice of tokens to put back in the box; the "pass
 * the device" screen of a game between two people at one desk; and the
 * end: both players' cards and the scoring table line by line, with the
 * tokens drawn as on the board.  The log names places by what one sees
 * (fol_fall_words_place()); the latest turn's cells stay outlined, also
 * when a saved game is opened again.  Computer turns, the log, Undo, End Turn
 * (Ctrl+Enter) and the hint (H) are the base's. */
#pragma once

#include "fol-game-page.h"
#include "fol-fall-game.h"

G_BEGIN_DECLS

#define FOL_TYPE_FALL_PAGE (fol_fall_page_get_type ())
G_DECLARE_FINAL_TYPE (FolFallPage, fol_fall_page, FOL, FALL_PAGE, FolGamePage)

/**
 * fol_fall_page_new:
 * @game: the game to play (its saved game is updated after every move)
 * Returns: (transfer floating): the page.  It emits ::close-requested when
 *   the player asks to go back to the start page; the game is already saved.
 */
GtkWidget *fol_fall_page_new (FolFallGame *game);

/**
 * fol_fall_page_get_shown_seat:
 * Returns: the seat whose view (and cards) the page shows now, or -1 when
 *   nothing secret is shown (the pass-the-device screen, or the end).
 */
int fol_fall_page_get_shown_seat (FolFallPage *self);

/** Returns: whether the "pass the device" screen hides the board now. */
gboolean fol_fall_page_is_passing (FolFallPage *self);

/** The "Show my turn" button of the pass-the-device screen. */
void fol_fall_page_show_turn (FolFallPage *self);

/**
 * fol_fall_page_end_turn:
 * @discard: (nullable) (array fixed-size=4): the held Mushrooms, Foxes,
 *   Hoopoes and Robins to put back in the box; NULL: those no later turn
 *   of the seat can place go back by themselves (week 12,
 *   fol_fall_game_unusable_held(); the log says why), and a dialog asks
 *   which others when more than two would stay aside (Rulebook: "at most 2")
 * End Turn.  Returns: FALSE when the turn cannot end now (or the dialog asks).
 */
gboolean fol_fall_page_end_turn (FolFallPage *self, const guint8 *discard);

/**
 * fol_fall_page_get_end_lines:
 * Returns: (transfer full): the texts of the end screen's scoring table,
 *   one string per cell ("label\tVP" rows; NULL-terminated), empty before
 *   the end.
 */
char **fol_fall_page_get_end_lines (FolFallPage *self);

G_END_DECLS
