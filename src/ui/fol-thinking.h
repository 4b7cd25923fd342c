/* fol-thinking.h: the computer's thinking on a game page, shared by the
 * Indian Summer and the Fall page: it runs a computer move or a hint in the
 * model's worker thread (fol_game_choose_move_async(), fol_game_hint_async())
 * with its own GCancellable, and says so on the page, a spinner and "Hazel
 * is thinking…", once a search has taken longer than a moment (300 ms):
 * quick moves never flash it.  The window stays responsive all along.
 *
 * A search ends in exactly one of two ways: its callback gets the move, or
 * it is cancelled (fol_thinking_cancel(), a new search, or the widget
 * leaving its window with its page: going back to the start page or
 * starting another game) and the callback is never called, so a page may
 * pass itself as @user_data. */
#pragma once

#include <gtk/gtk.h>
#include "fol-game.h"

G_BEGIN_DECLS

#define FOL_TYPE_THINKING (fol_thinking_get_type ())
G_DECLARE_FINAL_TYPE (FolThinking, fol_thinking, FOL, THINKING, GtkWidget)

/* How long a search runs before the page says it is thinking, in ms. */
#define FOL_THINKING_DELAY_MS 300

/**
 * FolThinkingDone:
 * @move: (nullable): the move in the engine's notation, or NULL with @error
 * @error: (nullable): why there is no move (G_IO_ERROR_FAILED: the game is over)
 * @user_data: as given
 * The search ended; never called for a cancelled search.
 */
typedef void (*FolThinkingDone) (const char *move, const GError *error, gpointer user_data);

/** Returns: (transfer floating): the indicator, idle (transparent, empty). */
GtkWidget *fol_thinking_new (void);

/**
 * fol_thinking_choose_move:
 * @game: the game; the seat to move is a computer's
 * Starts the computer's move for the seat to move at its player's level
 * (cancelling any search still running); the indicator names the seat's
 * player.
 */
void fol_thinking_choose_move (FolThinking *self, FolGame *game, FolThinkingDone done, gpointer user_data);

/**
 * fol_thinking_find_hint:
 * @game: the game; the seat to move is a person's
 * Starts a hint for the seat to move (fol_game_hint_async(), the Hard
 * level's move), cancelling any search still running; the indicator says
 * "Looking for a hint…".
 */
void fol_thinking_find_hint (FolThinking *self, FolGame *game, FolThinkingDone done, gpointer user_data);

/** fol_thinking_cancel: cancels the search running, if any, and hides the indicator. */
void fol_thinking_cancel (FolThinking *self);

/** Returns: whether a search is running (a computer move or a hint). */
gboolean fol_thinking_get_busy (FolThinking *self);

/** Returns: whether the running search is a hint. */
gboolean fol_thinking_get_hinting (FolThinking *self);

/** Returns: whether the indicator shows now (a search ran longer than the delay). */
gboolean fol_thinking_get_shown (FolThinking *self);

/** Returns: (transfer none): the indicator's text ("" while idle). */
const char *fol_thinking_get_text (FolThinking *self);

/**
 * fol_thinking_get_cancellable:
 * Returns: (transfer none) (nullable): the running search's cancellable,
 *   for tests: keep a reference to see that leaving a page cancels it.
 */
GCancellable *fol_thinking_get_cancellable (FolThinking *self);

/**
 * fol_thinking_show_now:
 * What the delay's timeout does, at once: shows the indicator when a search
 * is running.  For tests, which check the state, not a duration.
 */
void fol_thinking_show_now (FolThinking *self);

G_END_DECLS
