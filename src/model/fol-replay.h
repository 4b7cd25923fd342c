/* fol-replay.h: a saved game position by position, for the replay view
 * (issue 13): every position from the set-up to the last move, rebuilt
 * once by replaying the stored moves through the rules and kept, so that
 * stepping to any position costs no rules work at all.  The stored game is
 * only read, never changed. */
#pragma once

#include "fol-game.h"
#include "fol-summer-game.h"
#include "fol-fall-game.h"

G_BEGIN_DECLS

#define FOL_TYPE_REPLAY (fol_replay_get_type ())
G_DECLARE_FINAL_TYPE (FolReplay, fol_replay, FOL, REPLAY, GObject)

/*
 * Positions are numbered by plies: position 0 is the set-up, position k
 * (1 .. fol_replay_get_n_plies()) the position after the k-th move of the
 * log (the store's 1-based ply k).  Each position is the engine's full state
 * (Fall: secrets included; a view shows a seat only its part,
 * fol_replay_get_fall_view()).
 *
 * Memory: one state per position, kept whole (Indian Summer 1.7 KB, Fall
 * 5.1 KB: a 400-ply Fall game holds 2 MB) so that every step is a lookup.
 */

/**
 * fol_replay_new:
 * @store: the store to read the game from (only read)
 * @id: the saved game
 * Loads saved game @id and replays it (fol_replay_new_from_saved()).
 * Returns: (transfer full) (nullable): the replay, or NULL with @error:
 *   FOL_STORE_ERROR_NOT_FOUND, FOL_STORE_ERROR_INVALID (an unknown kind of
 *   game, a set-up or move the rules refuse), FOL_STORE_ERROR_HASH_MISMATCH,
 *   or the store's own errors.
 */
FolReplay *fol_replay_new (FolStore *store, gint64 id, GError **error);

/**
 * fol_replay_new_from_saved:
 * @saved: a saved game of either kind ("summer", "fall")
 * Rebuilds @saved with its game's model, not attached to any store
 * (fol_summer_game_new_from_saved(), fol_fall_game_new_from_saved(): every
 * move checked by the rules, the state hash compared with the stored one),
 * then keeps every position of the game and what each move did, as
 * fol_game_replay() tells it.  DESIGN.md: "a seed plus a move list
 * reproduces a game exactly", so each position is the one the players saw.
 * Returns: (transfer full) (nullable): the replay, or NULL with @error as
 *   for fol_replay_new().
 */
FolReplay *fol_replay_new_from_saved (const FolSavedGame *saved, GError **error);

/**
 * fol_replay_get_game:
 * Returns: (transfer none): the game at its last move (a FolSummerGame or
 *   FolFallGame; not saved anywhere): its players, its seed, its end.  It
 *   must not be played on while the replay is used.
 */
FolGame *fol_replay_get_game (FolReplay *self);

/** Returns: the saved game's id. */
gint64 fol_replay_get_id (FolReplay *self);

/** Returns: (transfer none): "summer" or "fall" (the store's game kind). */
const char *fol_replay_get_kind (FolReplay *self);

/** Returns: the number of moves of the game: the last position's number. */
guint fol_replay_get_n_plies (FolReplay *self);

/**
 * fol_replay_get_is_over:
 * Returns: whether the game had ended at its last move (it cannot be
 *   continued, and in Fall both players' cards may then be shown).
 */
gboolean fol_replay_get_is_over (FolReplay *self);

/**
 * fol_replay_get_move:
 * @ply: 1 .. fol_replay_get_n_plies()
 * Returns: (transfer none): what the move that led to position @ply did,
 *   as ::move-applied told it when it was played (its @ply field is
 *   0-based, @ply - 1); its detail (FolSummerMoveDetail or
 *   FolFallMoveDetail) points to positions @ply - 1 and @ply.  Valid as
 *   long as the replay.
 */
const FolMoveReport *fol_replay_get_move (FolReplay *self, guint ply);

/**
 * fol_replay_get_hash:
 * @ply: 0 .. fol_replay_get_n_plies()
 * Returns: the engine's state hash of position @ply (summer_state_hash(),
 *   fall_state_hash() of the full state): the hash fol_game_get_hash()
 *   gave after that move when it was played.
 */
guint64 fol_replay_get_hash (FolReplay *self, guint ply);

/**
 * fol_replay_get_summer_state:
 * @ply: 0 .. fol_replay_get_n_plies()
 * Returns: (transfer none): position @ply of an Indian Summer game (read
 *   only, valid as long as the replay); NULL for a Fall game.
 */
const SummerState *fol_replay_get_summer_state (FolReplay *self, guint ply);

/**
 * fol_replay_get_fall_state:
 * @ply: 0 .. fol_replay_get_n_plies()
 * Returns: (transfer none): the full position @ply of a Fall game, both
 *   players' cards, the bag and the stacks included (read only, valid as
 *   long as the replay); NULL for an Indian Summer game.
 */
const FallState *fol_replay_get_fall_state (FolReplay *self, guint ply);

/**
 * fol_replay_get_fall_view:
 * @ply: 0 .. fol_replay_get_n_plies()
 * @seat: 0 or 1
 * @view: (out caller-allocates): what @seat could know at position @ply:
 *   its own scoring cards, not the opponent's, the bag and the stacks
 *   hidden (fall_state_view(); Rulebook "Setup" 1, 3-4)
 */
void fol_replay_get_fall_view (FolReplay *self, guint ply, int seat, FallState *view);

G_END_DECLS
