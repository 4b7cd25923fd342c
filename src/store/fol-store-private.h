/* fol-store-private.h: what the store's own files, its tests and its
 * benchmark share; not for the model or the UI. */
#pragma once

#include <sqlite3.h>
#include "fol-store.h"

G_BEGIN_DECLS

/* PRAGMA application_id of a Foliage database: "Foli" in ASCII. */
#define FOL_STORE_APPLICATION_ID 0x466f6c69

/**
 * fol_store_get_db:
 * Returns: (transfer none): the open connection.
 */
sqlite3 *fol_store_get_db (FolStore *self);

/**
 * fol_store_error_from_sqlite:
 * @db: (nullable): the connection, for its error message
 * @rc: the SQLite result code (extended or primary)
 * @path: (nullable): the database file, for the message
 * @what: what was being done, such as "save the move"
 *
 * Sets @error in FOL_STORE_ERROR with the code @rc maps to (SQLITE_FULL:
 * FULL, SQLITE_READONLY: READ_ONLY, SQLITE_CORRUPT and SQLITE_NOTADB:
 * CORRUPT, SQLITE_BUSY and SQLITE_LOCKED: BUSY, SQLITE_IOERR: IO,
 * SQLITE_CANTOPEN and SQLITE_PERM: READ_ONLY when the folder or file is not
 * writable, else OPEN; anything else: FAILED).
 *
 * Returns: FALSE.
 */
gboolean fol_store_error_from_sqlite (sqlite3    *db,
                                      int         rc,
                                      const char *path,
                                      const char *what,
                                      GError    **error);

/**
 * fol_store_migrate:
 * @db: an open connection whose PRAGMA user_version is below @to
 * @to: the version to reach, 1 .. FOL_STORE_SCHEMA_VERSION
 *
 * Runs the migration steps from the current version up to @to, each step
 * in its own transaction (BEGIN IMMEDIATE ... PRAGMA user_version = N;
 * COMMIT): an interrupted ladder leaves the database at the last version
 * completed.
 *
 * Returns: TRUE, or FALSE with @error set.
 */
gboolean fol_store_migrate (sqlite3 *db, const char *path, int to, GError **error);

/**
 * FolSchemaMatch:
 * @FOL_SCHEMA_MATCHES: the tables are those of the version (objects of no
 *   version of ours, such as SQLite's statistics, are allowed besides)
 * @FOL_SCHEMA_MISMATCH: the tables are not those of the version: one is
 *   missing or has other columns, one of a later version is there, or a
 *   version above ours has the tables of one of ours
 * @FOL_SCHEMA_NEWER: a version above ours with tables we do not know
 */
typedef enum {
  FOL_SCHEMA_MATCHES,
  FOL_SCHEMA_MISMATCH,
  FOL_SCHEMA_NEWER,
} FolSchemaMatch;

/**
 * fol_store_match_schema:
 * @db: an open connection
 * @version: its PRAGMA user_version
 * @match: (out): the verdict
 * @why: (out) (transfer full): for %FOL_SCHEMA_MISMATCH, the reason in
 *   English; else left alone
 *
 * Compares the tables and indexes of @db (names and columns) with those the
 * migration ladder makes at @version (built in memory once per process).
 *
 * Returns: SQLITE_OK, or the SQLite error reading the schema.
 */
int fol_store_match_schema (sqlite3 *db, int version, FolSchemaMatch *match, char **why);

/**
 * FolStoreReadStmts:
 * @game: gives, for ?1 = the game's id, kind, seed, options, status,
 *   created, updated, finished, hash, n_seats, hints, n_moves (NULL: not
 *   known)
 * @seats: gives seat, name, human, level, rank, score, won ordered by seat
 * @details: (nullable): gives seat, key, value
 * @moves: (nullable): gives ply, seat, move ordered by ply
 *
 * The statements fol_store_read_game() reads a game with: the store's own,
 * or those the salvage of a damaged file makes for its schema.
 */
typedef struct {
  sqlite3_stmt *game;
  sqlite3_stmt *seats;
  sqlite3_stmt *details;
  sqlite3_stmt *moves;
} FolStoreReadStmts;

/**
 * fol_store_read_game:
 * @db: the connection of the statements
 * @path: the file, for messages
 * @game_id: the game
 * @stmts: the statements (bound and reset here)
 * @out: (out) (transfer full): the game
 *
 * Reads a game and checks every field (fol_store_load_game()), without a
 * transaction of its own.
 *
 * Returns: TRUE, or FALSE with @error set (%FOL_STORE_ERROR_NOT_FOUND,
 *   %FOL_STORE_ERROR_CORRUPT naming the game and the field, ...).
 */
gboolean fol_store_read_game (sqlite3                 *db,
                              const char              *path,
                              gint64                   game_id,
                              const FolStoreReadStmts *stmts,
                              FolSavedGame           **out,
                              GError                 **error);

/**
 * fol_store_get_game_check:
 * @kind: a game kind
 * Returns: (nullable): the check set with fol_store_set_game_check().
 */
FolStoreGameCheck fol_store_get_game_check (const char *kind);

/**
 * FolSalvageCounts:
 * What fol_store_salvage() carried over and what it could not.
 */
typedef struct {
  int games_rescued;
  int games_lost;
  int campaigns_rescued;
  int campaigns_lost;
} FolSalvageCounts;

/**
 * fol_store_salvage:
 * @self: the new, open store
 * @original: (type filename): the file moved aside (never written: a copy
 *   of it, with its -wal, is read in `ORIGINAL.rescuing/` and deleted)
 * @recovery_id: the report row to complete
 * @counts: (out): what was carried over
 *
 * Carries every game of @original that can be read, passes the load checks
 * and the check of its kind (fol_store_set_game_check()) into @self with
 * its id, and the campaigns with theirs (a slot whose game was lost keeps
 * its result with no game), and completes the report, all in one
 * transaction that also holds the write lock while the copy is made: a
 * report already completed (by another process) is left as it is.
 *
 * Returns: TRUE, or FALSE with @error set when @self could not be written
 *   (nothing was carried over then; a file that cannot be read only counts
 *   as nothing rescued).
 */
gboolean fol_store_salvage (FolStore         *self,
                            const char       *original,
                            gint64            recovery_id,
                            FolSalvageCounts *counts,
                            GError          **error);

/**
 * fol_store_remove_rescue_copy:
 * @original: (type filename): a file moved aside
 * Removes what a rescue of @original that was interrupted left behind (its
 * copy in `ORIGINAL.rescuing/`).
 */
void fol_store_remove_rescue_copy (const char *original);

/**
 * fol_store_copy_file:
 * @from: (type filename): an existing file
 * @to: (type filename): a name not taken
 * Copies @from byte for byte, never replacing @to.
 * Returns: TRUE, or FALSE with @error set (FOL_STORE_ERROR_FULL, ..._IO).
 */
gboolean fol_store_copy_file (const char *from, const char *to, GError **error);

/**
 * fol_store_create_at_version_for_testing:
 * Creates a database at @path with the schema of @version (the ladder
 * stopped there), for checking the test fixtures against the ladder.
 */
gboolean fol_store_create_at_version_for_testing (const char *path, int version, GError **error);

/**
 * fol_store_set_now_for_testing:
 * @now: the time every later write records (µs since the epoch), or 0 to
 *   use the clock again
 */
void fol_store_set_now_for_testing (FolStore *self, gint64 now);

G_END_DECLS
