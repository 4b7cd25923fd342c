/* fol-saved-game.h: a saved game as read from the store (FolSavedGame, a
 * reference-counted boxed type with public read-only fields) and the summary
 * row of the games list (FolGameSummary, a plain struct).
 *
 * Times are microseconds since the Unix epoch, UTC. */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/**
 * FolStoreStatus:
 * @FOL_STORE_STATUS_IN_PROGRESS: being played (can be resumed)
 * @FOL_STORE_STATUS_FINISHED: over, with results
 * @FOL_STORE_STATUS_ABANDONED: given up by the player
 *
 * The status of a saved game or campaign.  The values are stored in the
 * database: never renumber them.
 */
typedef enum {
  FOL_STORE_STATUS_IN_PROGRESS = 0,
  FOL_STORE_STATUS_FINISHED = 1,
  FOL_STORE_STATUS_ABANDONED = 2,
} FolStoreStatus;

/**
 * fol_store_status_to_string:
 * Returns: (transfer none): "in-progress", "finished" or "abandoned"
 *   ("unknown" for other values).
 */
const char *fol_store_status_to_string (FolStoreStatus status);

/**
 * FolSavedSeat:
 * @name: the player's name
 * @human: TRUE for a person
 * @level: the computer level (0 for humans)
 * @has_result: whether the fields below are set (the game was finished
 *   with results)
 * @rank: 1 for the first place
 * @score: the final score
 * @won: whether the seat won
 * @details: (element-type utf8 int) (nullable): extra result figures, key ->
 *   GINT_TO_POINTER (value); read them with fol_saved_seat_get_detail()
 */
typedef struct {
  char *name;
  gboolean human;
  int level;
  gboolean has_result;
  int rank;
  int score;
  gboolean won;
  GHashTable *details;
} FolSavedSeat;

/**
 * fol_saved_seat_get_detail:
 * @key: the detail's key, such as "empty-squares"
 * @value: (out) (optional): its value
 * Returns: whether the seat's result has that detail.
 */
gboolean fol_saved_seat_get_detail (const FolSavedSeat *seat, const char *key, int *value);

/**
 * FolSavedMove:
 * @ply: 1-based
 * @seat: the seat that played it
 * @text: the move in the engine's notation
 */
typedef struct {
  int ply;
  int seat;
  char *text;
} FolSavedMove;

/**
 * FolSavedGame:
 * @id: the game's id
 * @kind: (transfer none): "summer" or "fall" (an interned string)
 * @seed: the random generator's seed
 * @options: the set-up options as text ("" when none)
 * @status: in progress, finished or abandoned
 * @created: when the game was created
 * @updated: when it last changed (a move saved, finished, ...)
 * @finished: when it was finished, 0 if it is not
 * @hash: the state hash after the last move (the set-up's with no move)
 * @n_seats: the number of seats
 * @seats: (array length=n_seats): the seats in turn order
 * @moves: (element-type FolSavedMove): the move log, element i is ply i + 1
 * @hints: how many hints a person was shown during the game
 *   (fol_store_add_hint(); 0 for games saved before hints existed)
 *
 * Read-only for its users: get one from fol_store_load_game().
 */
typedef struct {
  gint64 id;
  const char *kind;
  guint64 seed;
  char *options;
  FolStoreStatus status;
  gint64 created;
  gint64 updated;
  gint64 finished;
  guint64 hash;
  guint n_seats;
  FolSavedSeat *seats;
  GArray *moves;
  int hints;
  /*< private >*/
  gatomicrefcount ref_count;
} FolSavedGame;

#define FOL_TYPE_SAVED_GAME (fol_saved_game_get_type ())
GType fol_saved_game_get_type (void) G_GNUC_CONST;

/**
 * fol_saved_game_new:
 * @n_seats: the number of seats to allocate (zeroed)
 * Returns: (transfer full): an empty saved game, for the store and tests.
 */
FolSavedGame *fol_saved_game_new (guint n_seats);

/**
 * fol_saved_game_ref:
 * Returns: (transfer full): @game, with one more reference.
 */
FolSavedGame *fol_saved_game_ref (FolSavedGame *game);

/**
 * fol_saved_game_unref:
 * Drops one reference; the last one frees the game.
 */
void fol_saved_game_unref (FolSavedGame *game);

/**
 * fol_saved_game_get_move:
 * @ply: 1 .. the number of moves
 * Returns: (transfer none): the text of move @ply.
 */
const char *fol_saved_game_get_move (const FolSavedGame *game, int ply);

/**
 * fol_saved_game_get_n_moves:
 * Returns: the number of moves in the log.
 */
int fol_saved_game_get_n_moves (const FolSavedGame *game);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (FolSavedGame, fol_saved_game_unref)

/**
 * FolGameSummary:
 * @id: the game's id
 * @kind: (transfer none): "summer" or "fall" (an interned string)
 * @status: in progress, finished or abandoned
 * @n_seats: the number of seats
 * @n_moves: the number of moves stored
 * @seats: the seats' names in turn order, joined by ", "
 * @created: when the game was created
 * @updated: when it last changed
 *
 * One row of fol_store_list_games(); the array frees @seats.
 */
typedef struct {
  gint64 id;
  const char *kind;
  FolStoreStatus status;
  int n_seats;
  int n_moves;
  char *seats;
  gint64 created;
  gint64 updated;
} FolGameSummary;

/**
 * fol_game_summary_clear:
 * Frees the strings of @summary (the clear function of the list's GArray).
 */
void fol_game_summary_clear (FolGameSummary *summary);

G_END_DECLS
