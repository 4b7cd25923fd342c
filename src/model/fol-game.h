/* fol-game.h: what a game in the window shares, whichever game it is: the
 * seats, the move log, saving after every move, undo within the turn,
 * computer moves in a worker thread, and the signals a window needs.
 * FolSummerGame and FolFallGame derive from it. */
#pragma once

#include <gio/gio.h>
#include "ai-level.h"
#include "fol-player.h"
#include "fol-store.h"

G_BEGIN_DECLS

#define FOL_GAME_ERROR (fol_game_error_quark ())
/* Errors of the model for engines that report plain reasons (Fall). */
typedef enum {
  FOL_GAME_ERROR_ILLEGAL,   /* the rules refuse the move; the message says why */
  FOL_GAME_ERROR_PARSE,     /* not a move in the notation */
} FolGameError;
GQuark fol_game_error_quark (void);

#define FOL_TYPE_GAME (fol_game_get_type ())
G_DECLARE_DERIVABLE_TYPE (FolGame, fol_game, FOL, GAME, GObject)

/**
 * FolMoveReport:
 * @seat: the seat that played the move
 * @ply: the move's place in the log (0-based: fol_game_get_move())
 * @text: the move in the engine's notation
 * @turn_ended: the move ended a turn (the next seat, or the end phase, begins)
 * @game_over: the move ended the game
 * @detail: the game's own account of what the move did, with the positions
 *   before and after it: a FolSummerMoveDetail (fol-summer-game.h) or a
 *   FolFallMoveDetail (fol-fall-game.h)
 *
 * What applying one move did, as the model tells it: the engine's account
 * of the move, so that a page never plays a move again to learn it
 * (DESIGN.md, "A move travels once").  ::move-applied carries one,
 * fol_game_replay() hands one per move of the log.  It and everything it
 * points to belong to the game and are valid only during that emission or
 * call.
 */
typedef struct {
  int seat;
  guint ply;
  const char *text;
  gboolean turn_ended;
  gboolean game_over;
  gconstpointer detail;
} FolMoveReport;

/**
 * FolMoveFunc:
 * @game: the game
 * @report: what one move did (see FolMoveReport)
 * @user_data: as given
 * Called by fol_game_replay() for each move; it must not change @game.
 */
typedef void (*FolMoveFunc) (FolGame *game, const FolMoveReport *report, gpointer user_data);

/**
 * FolGameClass:
 * @kind: "summer" or "fall" (the store's game kind)
 * @apply_text: parse and play one move in the engine's notation for the
 *   seat to move, and fill @report's @turn_ended, @game_over and @detail
 *   (the subclass's own account, kept in the game until its next move);
 *   on FALSE the state is unchanged and @error names the rule
 * @reset: back to the position after set-up (for undo by replay)
 * @get_hash: the engine's state hash
 * @get_current_seat: the seat to move
 * @get_is_over: whether the game has ended
 * @copy_state: a copy of the engine state for a worker thread (g_free'd)
 * @choose_move: runs in a worker thread on a copy: the computer's move as
 *   text for the seat to move at @level, or NULL when there is none; a
 *   search should return its best move so far once g_get_monotonic_time()
 *   passes @deadline or @cancellable is cancelled
 * @get_results: fills one FolSeatResult per seat at the end (the details
 *   must stay valid until the next call)
 */
struct _FolGameClass
{
  GObjectClass parent_class;

  const char *kind;
  gboolean (*apply_text) (FolGame *self, const char *text, FolMoveReport *report, GError **error);
  void (*reset) (FolGame *self);
  guint64 (*get_hash) (FolGame *self);
  int (*get_current_seat) (FolGame *self);
  gboolean (*get_is_over) (FolGame *self);
  gpointer (*copy_state) (FolGame *self);
  char *(*choose_move) (gconstpointer state, int level, guint64 seed, gint64 deadline, GCancellable *cancellable);
  void (*get_results) (FolGame *self, FolSeatResult *results);
};

/* ---- for subclasses ---- */

/**
 * fol_game_setup_seats:
 * Sets the players (one per seat, turn order) and, when @store is not
 * NULL, creates the saved game with @seed, @options and @hash.
 * Returns: FALSE with @error set when the store refuses; the game can still
 *   be played in memory (fol_game_get_store_id() is then 0).
 */
gboolean fol_game_setup_seats (FolGame *self, FolPlayer **players, guint n_players, FolStore *store,
                               guint64 seed, const char *options, GError **error);

/**
 * fol_game_restore:
 * For a subclass loading a saved game: with the subclass's set-up state in
 * place, replays @saved's moves (each checked by the rules), compares the
 * state hash with the stored one, and adopts the saved game's id, seats and
 * log; the turn start for undo follows from the replay.  A game that ended
 * but was stored as in progress (stopped before its results were saved)
 * gets its results stored.
 * @store: (nullable): the store @saved comes from, or NULL only to check
 *   that @saved replays to its stored hash (the game is then not saved)
 * Returns: FALSE with @error: FOL_STORE_ERROR_INVALID naming the game and
 *   the move that cannot be replayed (or saved with a seat that was not to
 *   move: `moves.seat`), quoting at most FOL_QUOTE_MAX characters of
 *   it, or FOL_STORE_ERROR_HASH_MISMATCH.  The stored game is never changed
 *   then.
 */
gboolean fol_game_restore (FolGame *self, FolStore *store, const FolSavedGame *saved, GError **error);

/* ---- for everyone ---- */

guint fol_game_get_n_seats (FolGame *self);
/** Returns: (transfer none): the player of @seat. */
FolPlayer *fol_game_get_player (FolGame *self, guint seat);
int fol_game_get_current_seat (FolGame *self);
gboolean fol_game_get_is_over (FolGame *self);
guint64 fol_game_get_hash (FolGame *self);
guint64 fol_game_get_seed (FolGame *self);
/** Returns: the saved game's id, or 0 when the game is not saved. */
gint64 fol_game_get_store_id (FolGame *self);
/** Returns: (transfer none): the store, or NULL. */
FolStore *fol_game_get_store (FolGame *self);

/** Returns: the number of moves played (plies). */
guint fol_game_get_n_moves (FolGame *self);
/** Returns: (transfer none): move @ply (0-based) as text, and its seat in @seat. */
const char *fol_game_get_move (FolGame *self, guint ply, int *seat);
/** Returns: how many moves of the current turn can be undone. */
guint fol_game_get_n_undoable (FolGame *self);

/**
 * fol_game_apply_move:
 * @text: a move in the engine's notation, for the seat to move
 * Plays the move, saves it (when the game is saved; at the end the results
 * too) and emits ::move-applied with what the move did (a FolMoveReport),
 * then ::turn-started or ::game-over as they happen.
 * Returns: FALSE with @error set when the move is illegal (the game is
 *   unchanged).  A failure to save does not undo the move: it is reported
 *   through ::save-failed, the game goes on in memory.
 */
gboolean fol_game_apply_move (FolGame *self, const char *text, GError **error);

/**
 * fol_game_replay:
 * @func: called once per move of the log, in order, with what it did
 * Tells every move played so far as ::move-applied told it when it was
 * played (for a page's log after loading or undo): the model replays its
 * log from the set-up, each move checked by the rules again.  The game is
 * where it was afterwards; nothing is saved or emitted.
 */
void fol_game_replay (FolGame *self, FolMoveFunc func, gpointer user_data);

/**
 * fol_game_undo:
 * Takes back the last move of the current turn (the turn's earlier moves
 * stay).  Returns: FALSE with @error (G_IO_ERROR_NOT_SUPPORTED) when no move
 * of this turn is left to undo.
 */
gboolean fol_game_undo (FolGame *self, GError **error);

/**
 * FolGameStop:
 * @deadline: g_get_monotonic_time() value past which a search stops (the
 *   time cap that guards a slow machine)
 * @cancellable: (nullable): stops the search when cancelled
 * The @stop_data of a FolAiSearch whose @stop is fol_game_search_stop(),
 * for a subclass's choose_move.
 */
typedef struct {
  gint64 deadline;
  GCancellable *cancellable;
} FolGameStop;

/**
 * fol_game_search_stop:
 * @data: a FolGameStop
 * Returns: TRUE once the deadline has passed or the cancellable is cancelled.
 */
bool fol_game_search_stop (void *data);

/**
 * fol_game_set_think_time:
 * @ms: the time cap of one computer move at every level, in milliseconds,
 *   or 0 for each level's own cap (the default; fol_game_get_think_time())
 * For tests and the CLI.  A cap never sets a level's strength (a level is
 * a search effort, ai-level.h): it only stops a search that a slow machine
 * has not finished, and the search then plays its best move so far.
 */
void fol_game_set_think_time (FolGame *self, guint ms);

/**
 * fol_game_get_think_time:
 * @level: a computer level (ai-level.h)
 * Returns: the time cap of one move at @level, in milliseconds: the one
 *   set with fol_game_set_think_time(), else the level's own: 2000 for
 *   Easy and Normal (and the CLI's random and greedy), 5000 for Hard,
 *   12000 for Expert.  A guard against a slow machine only: on an ordinary
 *   one every level finishes its search well within its cap
 *   (docs/computer-players.md), so the cap never changes its move.
 */
guint fol_game_get_think_time (FolGame *self, int level);

/**
 * fol_game_choose_move_async:
 * @level: the computer level for the seat to move
 * @cancellable: (nullable): cancels the search; closing a game mid-thought
 *   leaks nothing
 * Chooses the computer's move in a worker thread on a copy of the state;
 * the main loop never blocks.  The move is not applied: the caller plays it
 * (a window shows it first).
 */
void fol_game_choose_move_async (FolGame *self, int level, GCancellable *cancellable,
                                 GAsyncReadyCallback callback, gpointer user_data);
/**
 * fol_game_choose_move_finish:
 * Returns: (transfer full): the move as text, or NULL with @error
 *   (G_IO_ERROR_CANCELLED, or G_IO_ERROR_FAILED when the game is over).
 */
char *fol_game_choose_move_finish (FolGame *self, GAsyncResult *result, GError **error);

/**
 * fol_game_choose_move:
 * The same, synchronously, in the calling thread (for the CLI and tests).
 */
char *fol_game_choose_move (FolGame *self, int level);

/**
 * fol_game_hint_async:
 * @cancellable: (nullable): cancels the search (the person moved, or left)
 * Finds the move the Hard computer level (FOL_AI_HARD) would play now for
 * the seat to move, in a worker thread as for a computer move (the game's
 * choose_move at Hard, under Hard's time cap), whichever game it is.  The
 * move is neither applied nor counted: a page that shows it to a person
 * calls fol_game_add_hint().
 */
void fol_game_hint_async (FolGame *self, GCancellable *cancellable, GAsyncReadyCallback callback,
                          gpointer user_data);
/**
 * fol_game_hint_finish:
 * Returns: (transfer full): the hinted move in the engine's notation, or
 *   NULL with @error (G_IO_ERROR_CANCELLED, or G_IO_ERROR_FAILED when the
 *   game is over).
 */
char *fol_game_hint_finish (FolGame *self, GAsyncResult *result, GError **error);

/**
 * fol_game_add_hint:
 * Records that a person was shown a hint: one more in
 * fol_game_get_n_hints() and in the saved game (fol_store_add_hint()), so
 * that the statistics count the game apart.  A failure to save is
 * reported through ::save-failed; the count in memory still grows.
 */
void fol_game_add_hint (FolGame *self);

/** Returns: how many hints were shown in this game (also "n-hints"). */
guint fol_game_get_n_hints (FolGame *self);

G_END_DECLS
