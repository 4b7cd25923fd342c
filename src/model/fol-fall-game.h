/* fol-fall-game.h: a Fall game as a GObject (FolGame). */
#pragma once

#include "fol-game.h"
#include "fall-state.h"

G_BEGIN_DECLS

#define FOL_TYPE_FALL_GAME (fol_fall_game_get_type ())
G_DECLARE_FINAL_TYPE (FolFallGame, fol_fall_game, FOL, FALL_GAME, FolGame)

/**
 * FolFallMoveDetail:
 * @move: the move played
 * @before: the full position before the move (the offer taken from, the
 *   stack a tile went on and the token it sent back to the box, the week)
 * @after: the full position after it (a new week begun, the game over)
 *
 * The detail of a FolMoveReport of a Fall game (::move-applied,
 * fol_game_replay()).  Both states are full states, secrets included: a
 * page tells a person only what fol_fall_game_get_view() would show.  It
 * and the states belong to the game and are valid only during that
 * emission or call.
 */
typedef struct {
  FallMove move;
  const FallState *before;
  const FallState *after;
} FolFallMoveDetail;

/**
 * fol_fall_game_new:
 * @seed: fixes every random choice of the game (cards, bag, stacks)
 * @opts: (nullable): Season board side and first player; NULL draws both
 * @players: (array fixed-size=2): seat 0 and seat 1
 * @store: (nullable): where to save the game after every move
 * Returns: (transfer full) (nullable): the game, or NULL with @error
 *   (FOL_DATA_ERROR for the component data, FOL_STORE_ERROR from the store).
 */
FolFallGame *fol_fall_game_new (guint64 seed, const FallOptions *opts, FolPlayer **players, FolStore *store,
                                GError **error);

/**
 * fol_fall_game_load:
 * Rebuilds saved Fall game @id by replay and checks the state hash.
 * Returns: (transfer full) (nullable): the game, or NULL with @error as for
 *   fol_summer_game_load(); the stored game is never changed.
 */
FolFallGame *fol_fall_game_load (FolStore *store, gint64 id, GError **error);

/**
 * fol_fall_game_new_from_saved:
 * @saved: a saved Fall game (fol_store_load_game())
 * Rebuilds @saved as fol_fall_game_load() does (replay and hash check), not
 * attached to any store: nothing is ever saved from it (a replay,
 * fol-replay.h).
 * Returns: (transfer full) (nullable): the game at its last move, or NULL
 *   with @error as for fol_fall_game_load().
 */
FolFallGame *fol_fall_game_new_from_saved (const FolSavedGame *saved, GError **error);

/** Returns: (transfer none): the full engine state (read only; a window shows each seat its view). */
const FallState *fol_fall_game_get_state (FolFallGame *self);

/**
 * fol_fall_game_get_view:
 * @view: (out caller-allocates): what @seat may know (its own cards only;
 *   bag and stacks hidden): fall_state_view()
 */
void fol_fall_game_get_view (FolFallGame *self, int seat, FallState *view);

/**
 * fol_fall_game_apply:
 * @move: an engine move of the seat to move
 * Plays @move: fol_game_apply_move() with its notation, so it is saved and
 * ::move-applied tells what it did (a FolFallMoveDetail).
 * Returns: FALSE with @error (FOL_GAME_ERROR_ILLEGAL with the engine's
 *   reason, fall_check_move()) when the rules refuse it; the game is then
 *   unchanged.
 */
gboolean fol_fall_game_apply (FolFallGame *self, const FallMove *move, GError **error);

/**
 * fol_fall_game_unusable_held:
 * @state: a position in the ACT phase (full state or a view)
 * @seat: the seat whose held tokens are looked at (the seat to move)
 * @unusable: (out caller-allocates) (array fixed-size=4): how many of the
 *   held Mushrooms, Foxes, Hoopoes and Robins no later turn of @seat can
 *   place, in the order of FallMove.discard
 *
 * In week 12, the last week (rulebook "End of Game"), the tokens @seat
 * keeps aside when its turn ends can be of no more use: when it has no
 * later turn (the second player's turn, the first player's second one),
 * every held token; on the first player's first turn, the held tokens of
 * the kind the Season board forbids in week 12 (DECISIONS.md, Tokens).
 * The page puts them back in the box by itself at the end of the turn,
 * without asking which (rulebook: "You can hold a maximum of 2 tokens
 * aside"; a Toad is the engine's, never held past a turn).  Before week 12
 * nothing: every kind may still be placed in a later week.
 * Returns: how many tokens that is in all.
 */
int fol_fall_game_unusable_held (const FallState *state, int seat, guint8 unusable[4]);

/**
 * fol_fall_game_options:
 * Returns: (transfer full): the options text stored with a saved game
 *   ("side A|B|random", "first-player 1|2|random", one per line).
 */
char *fol_fall_game_options (const FallOptions *opts);

G_END_DECLS
