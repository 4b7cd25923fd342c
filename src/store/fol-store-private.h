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
