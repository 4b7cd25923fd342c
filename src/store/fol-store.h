/* fol-store.h: the SQLite store of saved games, campaigns and statistics.
 *
 * One FolStore is one open database file.  It knows nothing of the rules:
 * a saved game is what the game is made of, as data (its kind, seed,
 * options, seats and move log in the engines' text notation, and the state
 * hash after the last move).  The model rebuilds the state by replaying the
 * log and compares the hash (fol_store_set_hash_mismatch_error()).
 *
 * Conventions of the whole API:
 * - times are microseconds since the Unix epoch, UTC (g_get_real_time());
 * - ids are positive; 0 means "none" (and, with @error set, a failure);
 * - plies are 1-based: the first move of a game is ply 1;
 * - seats are 0-based indices into the seats given at creation;
 * - seeds and hashes are any 64-bit values (stored losslessly);
 * - every function that can fail takes a GError in FOL_STORE_ERROR and
 *   leaves the database unchanged when it fails (one transaction each);
 * - a FolStore is not thread-safe: use it from one thread (the main one);
 *   fol_store_new_async() opens it in a worker thread and then hands it
 *   over to the caller's thread.
 *
 * The schema and its migrations: fol-store-migrations.c.  Statistics:
 * fol-store-stats.h.  The benchmark: fol-store-bench.h.  A game's analysis:
 * fol-saved-analysis.h.
 */
#pragma once

#include <gio/gio.h>
#include "fol-saved-game.h"
#include "fol-saved-campaign.h"
#include "fol-store-recovery.h"
#include "datafile.h"         /* fol_quote() for messages that quote stored text */

G_BEGIN_DECLS

#define FOL_STORE_ERROR (fol_store_error_quark ())

/**
 * FolStoreError:
 * @FOL_STORE_ERROR_OPEN: the database could not be opened or created
 *   (missing folder that cannot be made, a path that is a folder, ...)
 * @FOL_STORE_ERROR_CORRUPT: the file is not a Foliage database or is
 *   damaged, or a saved game's rows hold a value out of range (the message
 *   names the game and the field, such as `moves.seat`).  From
 *   fol_store_new() only as the recovery error
 *   (fol_store_get_recovery_error()): the file was moved aside
 * @FOL_STORE_ERROR_TOO_NEW: the file was written by a newer Foliage.  From
 *   fol_store_new() only as the recovery error: the file was moved aside
 * @FOL_STORE_ERROR_READ_ONLY: the folder or the file is not writable
 * @FOL_STORE_ERROR_FULL: the disk (or the database's size limit) is full
 * @FOL_STORE_ERROR_NOT_FOUND: no game or campaign with that id
 * @FOL_STORE_ERROR_HASH_MISMATCH: a saved game does not replay to its
 *   stored state hash (set by the model, fol_store_set_hash_mismatch_error())
 * @FOL_STORE_ERROR_INVALID: a bad argument (unknown game kind, ply out of
 *   order, move appended to a finished game, ...)
 * @FOL_STORE_ERROR_BUSY: another process holds the database locked longer
 *   than the busy timeout (5 s)
 * @FOL_STORE_ERROR_IO: an input/output error from the operating system
 * @FOL_STORE_ERROR_FAILED: any other SQLite failure
 */
typedef enum {
  FOL_STORE_ERROR_OPEN,
  FOL_STORE_ERROR_CORRUPT,
  FOL_STORE_ERROR_TOO_NEW,
  FOL_STORE_ERROR_READ_ONLY,
  FOL_STORE_ERROR_FULL,
  FOL_STORE_ERROR_NOT_FOUND,
  FOL_STORE_ERROR_HASH_MISMATCH,
  FOL_STORE_ERROR_INVALID,
  FOL_STORE_ERROR_BUSY,
  FOL_STORE_ERROR_IO,
  FOL_STORE_ERROR_FAILED,
} FolStoreError;

/**
 * fol_store_error_quark:
 * Returns: the quark of the FOL_STORE_ERROR domain.
 */
GQuark fol_store_error_quark (void);

/* The schema version this build writes (PRAGMA user_version). */
#define FOL_STORE_SCHEMA_VERSION 7

/* The most seats a saved game may have. */
#define FOL_STORE_MAX_SEATS 8

/**
 * FolSeatSetup:
 * @name: the player's name, UTF-8, not empty
 * @human: TRUE for a person, FALSE for a computer player
 * @level: the computer level, 0 .. FOL_N_AI_LEVELS - 1 (engine/common/ai-level.h;
 *   0 for humans)
 *
 * One seat of a new game (fol_store_create_game()).
 */
typedef struct {
  const char *name;
  gboolean human;
  int level;
} FolSeatSetup;

/**
 * FolResultDetail:
 * @key: a short ASCII name such as "empty-squares", "nuts", "flowers"
 * @value: its value
 *
 * A game-specific figure of a seat's final result, stored as key/value so
 * the store stays generic over the games.
 */
typedef struct {
  const char *key;
  int value;
} FolResultDetail;

/**
 * FolSeatResult:
 * @rank: 1 for the first place; tied seats share a rank
 * @score: the final score (may be negative: a lost solo game)
 * @won: whether this seat won (a solo game: whether it was won)
 * @details: (array length=n_details) (nullable): extra figures
 * @n_details: the number of @details
 *
 * The final result of one seat (fol_store_finish_game()).
 */
typedef struct {
  int rank;
  int score;
  gboolean won;
  const FolResultDetail *details;
  guint n_details;
} FolSeatResult;

#define FOL_TYPE_STORE (fol_store_get_type ())
G_DECLARE_FINAL_TYPE (FolStore, fol_store, FOL, STORE, GObject)

/**
 * fol_store_default_path:
 * Returns: (transfer full): `$XDG_DATA_HOME/io.github.foliage.Foliage/foliage.db`
 *   (from g_get_user_data_dir()); the folder is not created.
 */
char *fol_store_default_path (void);

/**
 * fol_store_new:
 * @path: (nullable) (type filename): the database file, or NULL for
 *   fol_store_default_path() (its folder is created, mode 0700)
 * @error: return location for a FOL_STORE_ERROR
 *
 * Opens (or creates) the database and brings its schema up to
 * %FOL_STORE_SCHEMA_VERSION, one transaction per migration step.
 *
 * The store never hides a saved game and never overwrites a file it cannot
 * use:
 * - a file that is not a Foliage database, is damaged or truncated, whose
 *   tables do not match its `PRAGMA user_version` (a version too low or too
 *   high for its tables, a table dropped), or whose schema upgrade fails, is
 *   renamed to `PATH.broken-YYYYMMDD-HHMMSS` (with its -wal and -shm files
 *   alongside, local time), a fresh database is created, and every game
 *   (and campaign) that can still be read from the original, passes the
 *   load checks of fol_store_load_game() and replays to its stored hash
 *   (the check of its kind, fol_store_set_game_check()) is carried into
 *   it with its id, results and move log;
 * - a file written by a newer version is renamed to
 *   `PATH.too-new-YYYYMMDD-HHMMSS` and its games that this version can read
 *   and replay are carried over the same way;
 * - damage that loses nothing (only the list of free pages is wrong) is
 *   repaired in place (VACUUM) after a byte-for-byte copy to
 *   `PATH.backup-YYYYMMDD-HHMMSS`.
 * The original is never changed (but for a schema upgrade that fails
 * part-way on tables that matched their version: the steps before it stay
 * done, as any interrupted upgrade leaves them).  In the first two cases
 * the store opens successfully and fol_store_get_recovered_from() and
 * fol_store_get_recovery_error() tell the caller what happened in a message
 * meant for the user; in all three a report (fol_store_get_recovery()) is
 * kept in the database until fol_store_dismiss_recovery().  Carrying the
 * games over, when interrupted (the program killed), is done again at the
 * next open, at most three times in all.
 *
 * Opening checks the whole file (`PRAGMA quick_check`, and its tables
 * against its schema version): about 6 ms per 1,000 saved games on an SSD;
 * rescuing games replays each of them.
 *
 * Returns: (transfer full) (nullable): the store, or NULL with @error set:
 *   %FOL_STORE_ERROR_READ_ONLY (the folder or file is not writable; nothing
 *   was changed), %FOL_STORE_ERROR_FULL, %FOL_STORE_ERROR_OPEN,
 *   %FOL_STORE_ERROR_BUSY, %FOL_STORE_ERROR_IO, or %FOL_STORE_ERROR_FAILED.
 */
FolStore *fol_store_new (const char *path, GError **error);

/**
 * fol_store_new_async:
 * @path: (nullable) (type filename): as for fol_store_new()
 * @cancellable: (nullable): cancels the wait for the result: the open
 *   itself runs to its end (a salvage is never cut short), and a store
 *   opened after the cancellation is closed again
 * @callback: called in the thread-default main context of the caller once
 *   the store is open (or has failed to open); call fol_store_new_finish()
 *   there
 * @user_data: data for @callback
 *
 * Does all that fol_store_new() does (open, `PRAGMA quick_check`, the
 * schema check and upgrade, the repair or salvage of a damaged file) in a
 * worker thread, so that a window can be shown meanwhile: with 10,000 saved
 * games the check alone takes a tenth of a second or more, a salvage
 * replays every game.  The game checks of fol_store_set_game_check() then
 * run in that thread.
 */
void fol_store_new_async (const char          *path,
                          GCancellable        *cancellable,
                          GAsyncReadyCallback  callback,
                          gpointer             user_data);

/**
 * fol_store_new_finish:
 * @result: the result given to the callback of fol_store_new_async()
 * @error: return location for a FOL_STORE_ERROR, or G_IO_ERROR_CANCELLED
 *   when the cancellable was cancelled
 *
 * Returns: (transfer full) (nullable): the store, for use in the thread
 *   that called fol_store_new_async() from now on, or NULL with @error set
 *   (the errors of fol_store_new()).
 */
FolStore *fol_store_new_finish (GAsyncResult *result, GError **error);

/**
 * fol_store_get_path:
 * Returns: (transfer none) (type filename): the database file.
 */
const char *fol_store_get_path (FolStore *self);

/**
 * fol_store_get_recovered_from:
 * Returns: (transfer none) (nullable) (type filename): where the unreadable
 *   or too-new file found at open was moved to, or NULL when it opened as
 *   is.  Also the "recovered-from" property.
 */
const char *fol_store_get_recovered_from (FolStore *self);

/**
 * fol_store_get_recovery_error:
 * Returns: (transfer none) (nullable): when fol_store_get_recovered_from()
 *   is set, why (%FOL_STORE_ERROR_CORRUPT or %FOL_STORE_ERROR_TOO_NEW) with a
 *   message for the user naming both files and how many games were
 *   rescued; else NULL.  Only for the open that moved the file aside: the
 *   lasting report is fol_store_get_recovery().
 */
const GError *fol_store_get_recovery_error (FolStore *self);

/**
 * fol_store_get_recovery:
 *
 * The report of the latest damaged file found at open (by this open or an
 * earlier one) that the person has not dismissed yet.  Also the "recovery"
 * property, notified when it changes.
 *
 * Returns: (transfer none) (nullable): the report, valid until the next
 *   fol_store_dismiss_recovery(), or NULL when there is none to show.
 */
const FolStoreRecovery *fol_store_get_recovery (FolStore *self);

/**
 * fol_store_dismiss_recovery:
 * @recovery_id: the report's id (FolStoreRecovery.id)
 *
 * Marks the report as seen: fol_store_get_recovery() no longer returns it,
 * also after the next open (the next older report not dismissed, if any,
 * takes its place).  The original file is not touched.
 *
 * Returns: TRUE, or FALSE with @error set (%FOL_STORE_ERROR_NOT_FOUND, ...).
 */
gboolean fol_store_dismiss_recovery (FolStore *self, gint64 recovery_id, GError **error);

/**
 * FolStoreGameCheck:
 * @game: a saved game read from a damaged file, already through the load
 *   checks of fol_store_load_game()
 * @error: return location for the reason it fails
 *
 * Replays @game by the rules and compares the state hash with @game's hash
 * (the model's load path: FOL_STORE_ERROR_HASH_MISMATCH or
 * FOL_STORE_ERROR_INVALID).  May run in any thread.
 *
 * Returns: TRUE when @game replays to its stored hash.
 */
typedef gboolean (*FolStoreGameCheck) (const FolSavedGame *game, GError **error);

/**
 * fol_store_set_game_check:
 * @kind: "summer" or "fall"
 * @check: (nullable): the check of that kind's games, or NULL for none
 *
 * Sets, for the whole process, how the store decides whether a game of
 * @kind found in a damaged file may be carried into the new one (the store
 * knows no rules itself).  The model sets both kinds' checks when it is
 * linked in (fol-summer-game.c, fol-fall-game.c); without a check a game
 * that passes the load checks is carried over as it is.  Call it before
 * opening stores, from one thread.
 */
void fol_store_set_game_check (const char *kind, FolStoreGameCheck check);

/**
 * fol_store_elide:
 * @message: a message that may contain @text in full (such as a parser's)
 * @text: (nullable): text read from the store
 *
 * Returns: (transfer full): @message with every occurrence of @text longer
 *   than %FOL_QUOTE_MAX characters replaced by fol_store_quote()
 *   of it, so that a message never carries more of a stored text than the
 *   quote.
 */
char *fol_store_elide (const char *message, const char *text);

/**
 * fol_store_set_durable:
 * @durable: TRUE (the default): every commit is flushed to the disk
 *   (`PRAGMA synchronous=FULL`), so a saved move survives a power cut, about
 *   1 ms per move on an SSD.  FALSE: `synchronous=NORMAL`, a saved move
 *   still survives a crash of the program but perhaps not a power cut; for
 *   bulk writers such as the CLI's self-play.
 */
void fol_store_set_durable (FolStore *self, gboolean durable);

/**
 * fol_store_begin_batch:
 *
 * Groups the following calls into one transaction until
 * fol_store_end_batch() (calls nest).  Each call inside still succeeds or
 * fails as a whole (a savepoint).  For writing many games at once.
 *
 * Returns: TRUE, or FALSE with @error set (%FOL_STORE_ERROR_BUSY, ...).
 */
gboolean fol_store_begin_batch (FolStore *self, GError **error);

/**
 * fol_store_end_batch:
 * @commit: TRUE to commit the batch, FALSE to roll all of it back
 *
 * Ends the innermost fol_store_begin_batch().
 *
 * Returns: TRUE, or FALSE with @error set (%FOL_STORE_ERROR_FULL, ...; the
 *   batch is then rolled back).
 */
gboolean fol_store_end_batch (FolStore *self, gboolean commit, GError **error);

/* ---- Saved games ---- */

/**
 * fol_store_create_game:
 * @kind: the game: "summer" (Indian Summer) or "fall" (Fall)
 * @seed: the seed of the game's random generator
 * @options: (nullable): the set-up options as text, in a form the model
 *   defines (NULL is stored as "")
 * @seats: (array length=n_seats): the seats in turn order
 * @n_seats: 1 .. %FOL_STORE_MAX_SEATS
 * @hash: the state hash of the set-up, before any move
 *
 * Stores a new game in progress with an empty move log.
 *
 * Returns: the new game's id (> 0), or 0 with @error set
 *   (%FOL_STORE_ERROR_INVALID for a bad argument, such as an unknown level,
 *   %FOL_STORE_ERROR_FULL, ...).
 */
gint64 fol_store_create_game (FolStore           *self,
                              const char         *kind,
                              guint64             seed,
                              const char         *options,
                              const FolSeatSetup *seats,
                              guint               n_seats,
                              guint64             hash,
                              GError            **error);

/**
 * fol_store_append_move:
 * @game_id: a game in progress
 * @ply: the move's number, exactly one more than the moves stored
 * @move: the move in the engine's notation, such as "G05 r1 e4"
 * @seat: the seat that played it, 0 .. n_seats - 1
 * @hash: the state hash after this move
 *
 * Appends one move to the log and sets the game's hash and updated time, in
 * one transaction: after a crash the move is either there with its hash or
 * absent with the previous hash.
 *
 * Returns: TRUE, or FALSE with @error set: %FOL_STORE_ERROR_NOT_FOUND,
 *   %FOL_STORE_ERROR_INVALID (wrong ply, bad seat, game not in progress),
 *   %FOL_STORE_ERROR_FULL, %FOL_STORE_ERROR_READ_ONLY, ...
 */
gboolean fol_store_append_move (FolStore   *self,
                                gint64      game_id,
                                int         ply,
                                const char *move,
                                int         seat,
                                guint64     hash,
                                GError    **error);

/**
 * fol_store_truncate_moves:
 * @n_keep: how many moves to keep (0 .. the number stored)
 * @hash: the state hash after the last move kept
 *
 * Removes the moves after ply @n_keep (an undo of saved moves).
 *
 * Returns: TRUE, or FALSE with @error set (%FOL_STORE_ERROR_NOT_FOUND,
 *   %FOL_STORE_ERROR_INVALID, ...).
 */
gboolean fol_store_truncate_moves (FolStore *self,
                                   gint64    game_id,
                                   int       n_keep,
                                   guint64   hash,
                                   GError  **error);

/**
 * fol_store_finish_game:
 * @results: (array length=n_results): one result per seat, in seat order
 * @n_results: the game's number of seats
 *
 * Stores the final results and sets the status to finished and the finished
 * time to now.  Finishing a finished game replaces its results.
 *
 * Returns: TRUE, or FALSE with @error set (%FOL_STORE_ERROR_NOT_FOUND,
 *   %FOL_STORE_ERROR_INVALID for a wrong count, ...).
 */
gboolean fol_store_finish_game (FolStore            *self,
                                gint64               game_id,
                                const FolSeatResult *results,
                                guint                n_results,
                                GError             **error);

/**
 * fol_store_set_status:
 *
 * Sets a game's status (for example abandoned, or in progress again).
 * Setting finished this way stores no results; the finished time is set when
 * the status becomes finished and cleared when it stops being finished.
 *
 * Returns: TRUE, or FALSE with @error set (%FOL_STORE_ERROR_NOT_FOUND, ...).
 */
gboolean fol_store_set_status (FolStore       *self,
                               gint64          game_id,
                               FolStoreStatus  status,
                               GError        **error);

/**
 * fol_store_delete_unstarted_games:
 * @newer_id: a game just created: only games with a lower id (created
 *   before it) are deleted
 *
 * Deletes the games that never had a move: in progress, with an empty move
 * log (none played, or all taken back), created before game @newer_id, and
 * not part of a campaign (a campaign keeps its games).  A game that never
 * had a move is not a saved game (issue 12): the New Game dialog calls this
 * when a newer game starts, so that only the latest one may remain.  A game
 * with at least one move is never touched.
 *
 * Returns: how many games were deleted (0 or more), or -1 with @error set
 *   (%FOL_STORE_ERROR_BUSY, %FOL_STORE_ERROR_READ_ONLY, ...; nothing was
 *   deleted).
 */
int fol_store_delete_unstarted_games (FolStore *self, gint64 newer_id, GError **error);

/**
 * fol_store_add_hint:
 *
 * Counts one more hint shown to a person in game @game_id (the games
 * table's hints; a game played with hints is counted apart in the
 * statistics, fol-store-stats.h) and sets its updated time.
 *
 * Returns: TRUE, or FALSE with @error set (%FOL_STORE_ERROR_NOT_FOUND,
 *   %FOL_STORE_ERROR_FULL, ...).
 */
gboolean fol_store_add_hint (FolStore *self, gint64 game_id, GError **error);

/**
 * fol_store_delete_game:
 *
 * Deletes a game with its seats, results and moves.  A campaign that used it
 * keeps its slot, score and won flag, with no game id.
 *
 * Returns: TRUE, or FALSE with @error set (%FOL_STORE_ERROR_NOT_FOUND, ...).
 */
gboolean fol_store_delete_game (FolStore *self, gint64 game_id, GError **error);

/**
 * fol_store_load_game:
 *
 * Reads a game: set-up, seats with their results, the full move log and
 * the stored hash.  Nothing is checked against the rules here, but every
 * stored field must be in range: a known kind (`games.kind`), an integer
 * seed (`games.seed`), a known status, 1 .. %FOL_STORE_MAX_SEATS seats
 * numbered in order, a 16-digit hash, each seat's level 0 ..
 * FOL_N_AI_LEVELS - 1 (`seats.level`), the moves numbered 1, 2, ... as
 * many as `games.n_moves` says, each non-empty text by a seat of the game
 * (`moves.seat`).  Other games are not affected by one that fails.
 *
 * Returns: (transfer full) (nullable): the game, or NULL with @error set
 *   (%FOL_STORE_ERROR_NOT_FOUND, %FOL_STORE_ERROR_CORRUPT naming the game
 *   and the field, quoting at most %FOL_QUOTE_MAX characters of stored
 *   text, ...).
 */
FolSavedGame *fol_store_load_game (FolStore *self, gint64 game_id, GError **error);

/**
 * fol_store_list_games:
 * @status: a FolStoreStatus to list only those games, or -1 for all
 *
 * Lists game summaries, most recently updated first (10,000 games in a few
 * milliseconds: no move is read).
 *
 * Returns: (transfer full) (element-type FolGameSummary) (nullable): the
 *   summaries (free with g_array_unref(), which frees their strings), or
 *   NULL with @error set.
 */
GArray *fol_store_list_games (FolStore *self, int status, GError **error);

/**
 * fol_store_load_seats:
 * @game_id: a saved game
 *
 * Reads the seats of a game as fol_store_load_game() does (names, person or
 * computer, level, and the results and their details once it is finished,
 * with the same checks) but not its move log: what the saved games list
 * shows of a game, in well under a millisecond.
 *
 * Returns: (transfer full) (element-type FolSavedSeat) (nullable): the
 *   seats in turn order (free with g_array_unref(), which frees their names
 *   and details), or NULL with @error set (%FOL_STORE_ERROR_NOT_FOUND,
 *   %FOL_STORE_ERROR_CORRUPT naming the game and the field, ...).
 */
GArray *fol_store_load_seats (FolStore *self, gint64 game_id, GError **error);

/**
 * fol_store_count_moves:
 * @game_id: a saved game
 * @pattern: a pattern in SQLite's GLOB syntax (`*` any text, `?` one
 *   character, `[...]` a set; case-sensitive), such as "E*"
 *
 * Counts the moves of a game's log whose text matches @pattern, without
 * reading the log: with a pattern for the moves that end a turn (the
 * engines' notation: docs/notation.md), the turns played, from which the
 * saved games list tells the round or week a game is in.  The store knows
 * no rules: the caller gives the pattern.  Reads only that game's moves
 * (a fraction of a millisecond for a whole game).
 *
 * Returns: the number of matching moves (0 or more), or -1 with @error set
 *   (%FOL_STORE_ERROR_NOT_FOUND, ...).
 */
int fol_store_count_moves (FolStore *self, gint64 game_id, const char *pattern, GError **error);

/**
 * fol_store_get_latest_unfinished:
 * @kind: (nullable): "summer" or "fall" to look at that game only, or NULL
 *
 * Returns: the id of the game in progress updated last, or 0: none (with
 *   @error unset) or a failure (with @error set).
 */
gint64 fol_store_get_latest_unfinished (FolStore *self, const char *kind, GError **error);

/**
 * fol_store_set_hash_mismatch_error:
 * @error: (out) (optional): the error to set
 * @game_id: the game that failed to replay
 * @stored: the hash stored with the game
 * @replayed: the hash the model computed by replaying the log
 *
 * Sets @error to %FOL_STORE_ERROR_HASH_MISMATCH with a message naming the
 * game and both hashes.  For the model: the store never deletes or changes a
 * game that fails to replay.
 *
 * Returns: FALSE, for `return fol_store_set_hash_mismatch_error (...);`
 */
gboolean fol_store_set_hash_mismatch_error (GError **error,
                                            gint64   game_id,
                                            guint64  stored,
                                            guint64  replayed);

/* ---- Solo campaigns (Indian Summer: three games, one Forest Floor side) ---- */

/**
 * fol_store_create_campaign:
 * @seed: the seed that shuffled the campaign's three stacks
 * @side: the Forest Floor side used by all three games, such as "3B"
 *
 * Returns: the new campaign's id (in progress, no games yet), or 0 with
 *   @error set.
 */
gint64 fol_store_create_campaign (FolStore   *self,
                                  guint64     seed,
                                  const char *side,
                                  GError    **error);

/**
 * fol_store_set_campaign_game:
 * @index: the campaign game, 0 .. 2
 * @game_id: the saved game playing it, or 0 for none (a forfeit game)
 * @stack: which of the campaign's three stacks (0 .. 2) the game uses
 *
 * Records which game plays slot @index of a campaign.
 *
 * Returns: TRUE, or FALSE with @error set (%FOL_STORE_ERROR_NOT_FOUND for
 *   an unknown campaign or game, %FOL_STORE_ERROR_INVALID, ...).
 */
gboolean fol_store_set_campaign_game (FolStore *self,
                                      gint64    campaign_id,
                                      guint     index,
                                      gint64    game_id,
                                      int       stack,
                                      GError  **error);

/**
 * fol_store_set_campaign_game_result:
 * @index: the campaign game, 0 .. 2 (its slot is created if needed)
 * @score: the game's score
 * @won: whether the game was won
 *
 * Returns: TRUE, or FALSE with @error set.
 */
gboolean fol_store_set_campaign_game_result (FolStore *self,
                                             gint64    campaign_id,
                                             guint     index,
                                             int       score,
                                             gboolean  won,
                                             GError  **error);

/**
 * fol_store_finish_campaign:
 * @result: the overall result (computed by the model from the rules)
 *
 * Stores the overall result and sets the campaign finished.
 *
 * Returns: TRUE, or FALSE with @error set.
 */
gboolean fol_store_finish_campaign (FolStore *self,
                                    gint64    campaign_id,
                                    int       result,
                                    GError  **error);

/**
 * fol_store_set_campaign_status:
 *
 * Sets a campaign's status (abandoned, in progress again).  The result is
 * kept only while the status is finished.
 *
 * Returns: TRUE, or FALSE with @error set.
 */
gboolean fol_store_set_campaign_status (FolStore       *self,
                                        gint64          campaign_id,
                                        FolStoreStatus  status,
                                        GError        **error);

/**
 * fol_store_delete_campaign:
 *
 * Deletes a campaign; its games stay as saved games.
 *
 * Returns: TRUE, or FALSE with @error set (%FOL_STORE_ERROR_NOT_FOUND, ...).
 */
gboolean fol_store_delete_campaign (FolStore *self, gint64 campaign_id, GError **error);

/**
 * fol_store_load_campaign:
 *
 * Returns: (transfer full) (nullable): the campaign, or NULL with @error set.
 */
FolSavedCampaign *fol_store_load_campaign (FolStore *self, gint64 campaign_id, GError **error);

/**
 * fol_store_list_campaigns:
 *
 * Returns: (transfer full) (element-type FolSavedCampaign) (nullable): every
 *   campaign, newest first, or NULL with @error set.
 */
GPtrArray *fol_store_list_campaigns (FolStore *self, GError **error);

/**
 * fol_store_get_latest_unfinished_campaign:
 *
 * Returns: the id of the campaign in progress updated last, or 0: none
 *   (with @error unset) or a failure (with @error set).
 */
gint64 fol_store_get_latest_unfinished_campaign (FolStore *self, GError **error);

G_END_DECLS
