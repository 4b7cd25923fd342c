/* fol-summer-game.h: an Indian Summer game as a GObject (FolGame). */
#pragma once

#include "fol-game.h"
#include "summer-state.h"

G_BEGIN_DECLS

#define FOL_TYPE_SUMMER_GAME (fol_summer_game_get_type ())
G_DECLARE_FINAL_TYPE (FolSummerGame, fol_summer_game, FOL, SUMMER_GAME, FolGame)

/**
 * fol_summer_game_new:
 * @setup: the set-up (players 1..4, seed, sides, campaign game)
 * @players: (array length=setup->n_players): one per seat, in turn order
 * @store: (nullable): where to save the game after every move
 * Returns: (transfer full) (nullable): the game, or NULL with @error set:
 *   SUMMER_ERROR_SETUP for a set-up the rules refuse, FOL_DATA_ERROR when the
 *   component data cannot be loaded, FOL_STORE_ERROR when the store cannot
 *   create the saved game.
 */
FolSummerGame *fol_summer_game_new (const SummerSetup *setup, FolPlayer **players, FolStore *store,
                                    GError **error);

/**
 * fol_summer_game_load:
 * Rebuilds saved game @id from @store by replaying its moves and checks the
 * state hash.  Returns: (transfer full) (nullable): the game, or NULL with
 *   @error: FOL_STORE_ERROR_NOT_FOUND, FOL_STORE_ERROR_INVALID (not an
 *   Indian Summer game, bad options, a move the rules refuse: the message
 *   names the game and the move), FOL_STORE_ERROR_HASH_MISMATCH.  The stored
 *   game is never changed.
 */
FolSummerGame *fol_summer_game_load (FolStore *store, gint64 id, GError **error);

/** Returns: (transfer none): the engine state (read only). */
const SummerState *fol_summer_game_get_state (FolSummerGame *self);

/**
 * fol_summer_game_apply:
 * Plays an engine move (fol_game_apply_move() with its notation).
 */
gboolean fol_summer_game_apply (FolSummerGame *self, const SummerMove *move, GError **error);

/**
 * fol_summer_game_options:
 * Returns: (transfer full): the options text stored with a saved game:
 *   lines of the game record (docs/notation.md) for the sides and the
 *   campaign game.
 */
char *fol_summer_game_options (const SummerSetup *setup);

G_END_DECLS
