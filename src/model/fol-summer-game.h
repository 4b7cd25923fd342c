/* fol-summer-game.h: an Indian Summer game as a GObject (FolGame). */
#pragma once

#include "fol-game.h"
#include "summer-state.h"

G_BEGIN_DECLS

#define FOL_TYPE_SUMMER_GAME (fol_summer_game_get_type ())
G_DECLARE_FINAL_TYPE (FolSummerGame, fol_summer_game, FOL, SUMMER_GAME, FolGame)

/**
 * FolSummerMoveDetail:
 * @move: the move played
 * @info: what it did, as summer_apply_move() tells it (Areas completed,
 *   treasures gained and put on Holes, tiles drawn, a full Forest Floor)
 * @before: the position before the move (a Mushroom's taker and the seats
 *   it took from, the tile colours, the end phase's changes)
 * @after: the position after it (where the tiles a Mushroom took came
 *   from: claim_src and claim_tile)
 *
 * The detail of a FolMoveReport of an Indian Summer game (::move-applied,
 * fol_game_replay()); it and the states it points to belong to the game
 * and are valid only during that emission or call.
 */
typedef struct {
  SummerMove move;
  SummerMoveInfo info;
  const SummerState *before;
  const SummerState *after;
} FolSummerMoveDetail;

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

/**
 * fol_summer_game_new_from_saved:
 * @saved: a saved Indian Summer game (fol_store_load_game())
 * Rebuilds @saved as fol_summer_game_load() does (its set-up, then every
 * move replayed through the rules, then the state hash compared), but not
 * attached to any store: playing on saves nothing, and a finished game
 * stored as in progress keeps its row as it is.  For a replay
 * (fol-replay.h), which must never change the stored game.
 * Returns: (transfer full) (nullable): the game at its last move, or NULL
 *   with @error as for fol_summer_game_load() (FOL_STORE_ERROR_INVALID,
 *   FOL_STORE_ERROR_HASH_MISMATCH).
 */
FolSummerGame *fol_summer_game_new_from_saved (const FolSavedGame *saved, GError **error);

/** Returns: (transfer none): the engine state (read only). */
const SummerState *fol_summer_game_get_state (FolSummerGame *self);

/**
 * fol_summer_game_apply:
 * @move: an engine move of the seat to move
 * @info: (out caller-allocates) (optional): what the move did, as the
 *   engine tells it (summer_apply_move())
 * Plays @move: fol_game_apply_move() with its notation, so it is saved and
 * ::move-applied carries the same @info in its FolSummerMoveDetail.
 * Returns: FALSE with @error (SUMMER_ERROR_ILLEGAL naming the rule) when
 *   the rules refuse the move; the game is then unchanged and @info untouched.
 */
gboolean fol_summer_game_apply (FolSummerGame *self, const SummerMove *move, SummerMoveInfo *info, GError **error);

/**
 * fol_summer_game_preview:
 * @move: a move of the seat to move
 * @info: (out caller-allocates): what @move would do
 * Tells what @move would do without playing it (the words of a hint): the
 * engine plays it on a copy of the position.
 * Returns: FALSE with @error (SUMMER_ERROR_ILLEGAL naming the rule) when
 *   the rules refuse it.
 */
gboolean fol_summer_game_preview (FolSummerGame *self, const SummerMove *move, SummerMoveInfo *info, GError **error);

/**
 * fol_summer_game_options:
 * Returns: (transfer full): the options text stored with a saved game:
 *   lines of the game record (docs/notation.md) for the sides and the
 *   campaign game.
 */
char *fol_summer_game_options (const SummerSetup *setup);

G_END_DECLS
