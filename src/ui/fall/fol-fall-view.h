/* fol-fall-view.h: the page of one Fall game in the window: the board, a
 * side panel (whose turn, what to do now, the score one's cards would give
 * now, Undo, a hint on request (H or the Hint button), End turn with the
 * choice of tokens to put back in the box, the game log in words), computer
 * turns played out move by move (the page says when one thinks:
 * fol-thinking.h), the "pass the device" screen of a game between two
 * people at one desk, and the end: both players' cards and the scoring
 * table line by line. */
#pragma once

#include <adwaita.h>
#include "fol-fall-game.h"
#include "fol-thinking.h"

G_BEGIN_DECLS

#define FOL_TYPE_FALL_VIEW (fol_fall_view_get_type ())
G_DECLARE_FINAL_TYPE (FolFallView, fol_fall_view, FOL, FALL_VIEW, GtkWidget)

/**
 * fol_fall_view_new:
 * @game: the game to play (its saved game is updated after every move)
 * Returns: (transfer floating): the page.  It emits ::close-requested when
 *   the player asks to go back to the start page; the game is already saved.
 */
GtkWidget *fol_fall_view_new (FolFallGame *game);

/** Returns: (transfer none): the game shown. */
FolFallGame *fol_fall_view_get_game (FolFallView *self);

/** Returns: (transfer none): the board widget (a FolFallBoard; for tests). */
GtkWidget *fol_fall_view_get_board (FolFallView *self);

/**
 * fol_fall_view_set_animation_delay:
 * @ms: the pause before each computer move, in milliseconds (0: none)
 */
void fol_fall_view_set_animation_delay (FolFallView *self, guint ms);

/**
 * fol_fall_view_get_shown_seat:
 * Returns: the seat whose view (and cards) the page shows now, or -1 when
 *   nothing secret is shown (the pass-the-device screen, or the end).
 */
int fol_fall_view_get_shown_seat (FolFallView *self);

/** Returns: whether the "pass the device" screen hides the board now. */
gboolean fol_fall_view_is_passing (FolFallView *self);

/** The "Show my turn" button of the pass-the-device screen. */
void fol_fall_view_show_turn (FolFallView *self);

/**
 * fol_fall_view_end_turn:
 * @discard: (nullable) (array fixed-size=4): the held Mushrooms, Foxes,
 *   Hoopoes and Robins to put back in the box; NULL asks the player (a
 *   dialog) when more than two would stay aside
 * The End turn button.  Returns: FALSE when the turn cannot end now.
 */
gboolean fol_fall_view_end_turn (FolFallView *self, const guint8 *discard);

/** Undo (Ctrl+Z): takes back the last move of this turn.  Returns: FALSE when there is none. */
gboolean fol_fall_view_undo (FolFallView *self);

/** Returns: the number of lines in the game log. */
guint fol_fall_view_get_log_length (FolFallView *self);

/**
 * fol_fall_view_get_end_lines:
 * Returns: (transfer full): the texts of the end screen's scoring table,
 *   one string per cell ("label\tVP" rows; NULL-terminated), empty before
 *   the end.
 */
char **fol_fall_view_get_end_lines (FolFallView *self);

/** Returns: (transfer none): the page's thinking indicator (for tests). */
FolThinking *fol_fall_view_get_thinking (FolFallView *self);

/**
 * fol_fall_view_get_hint:
 * Returns: (transfer none) (nullable): the hint shown now (H or the Hint
 *   button on a person's turn: the move the Hard level would make, in the
 *   engine's notation, found from that seat's view only), or NULL.  It goes
 *   away when the person moves or takes a move back.
 */
const char *fol_fall_view_get_hint (FolFallView *self);

/** Returns: (transfer none): the line under the turn's title: what to do now, or the hint in words. */
const char *fol_fall_view_get_help_text (FolFallView *self);

G_END_DECLS
