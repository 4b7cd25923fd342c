/* fol-store.c: FolStore, a thin GObject over one SQLite database (after
 * Epiphany's ephy-sqlite-connection.c): WAL, foreign keys, a busy timeout,
 * prepared statements kept for the life of the store, the migration ladder
 * of fol-store-migrations.c, and recovery from a damaged or too-new file by
 * moving it aside (never overwriting it). */
#include "config.h"
#include "fol-store-private.h"

#include <errno.h>
#include <fcntl.h>
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#define BUSY_TIMEOUT_MS 5000

G_DEFINE_QUARK (fol-store-error-quark, fol_store_error)

/* The statements kept prepared (SQLITE_PREPARE_PERSISTENT), made on first use. */
typedef enum {
  STMT_BEGIN,
  STMT_BEGIN_READ,
  STMT_COMMIT,
  STMT_ROLLBACK,
  STMT_SAVEPOINT,
  STMT_RELEASE,
  STMT_ROLLBACK_TO,
  STMT_INSERT_GAME,
  STMT_INSERT_SEAT,
  STMT_GAME_STATE,
  STMT_INSERT_MOVE,
  STMT_UPDATE_AFTER_MOVES,
  STMT_DELETE_MOVES_AFTER,
  STMT_SET_SEAT_RESULT,
  STMT_DELETE_DETAILS,
  STMT_INSERT_DETAIL,
  STMT_FINISH_GAME,
  STMT_SET_STATUS,
  STMT_DELETE_GAME,
  STMT_ADD_HINT,
  STMT_LOAD_GAME,
  STMT_LOAD_SEATS,
  STMT_LOAD_DETAILS,
  STMT_LOAD_MOVES,
  STMT_LIST_ALL,
  STMT_LIST_STATUS,
  STMT_LATEST_UNFINISHED,
  STMT_GAME_EXISTS,
  STMT_INSERT_CAMPAIGN,
  STMT_CAMPAIGN_EXISTS,
  STMT_SET_CAMPAIGN_GAME,
  STMT_SET_CAMPAIGN_GAME_RESULT,
  STMT_TOUCH_CAMPAIGN,
  STMT_FINISH_CAMPAIGN,
  STMT_SET_CAMPAIGN_STATUS,
  STMT_DELETE_CAMPAIGN,
  STMT_LOAD_CAMPAIGN,
  STMT_LIST_CAMPAIGNS,
  STMT_LOAD_CAMPAIGN_GAMES,
  STMT_LATEST_CAMPAIGN,
  N_STMTS
} StmtId;

#define LIST_COLUMNS \
  "SELECT g.id, g.kind, g.status, g.n_seats, g.n_moves, g.created, g.updated, g.seat_names " \
  "FROM games g "

#define CAMPAIGN_COLUMNS "SELECT id, seed, side, status, created, updated, result FROM campaigns "

static const char *const stmt_sql[N_STMTS] = {
  [STMT_BEGIN] = "BEGIN IMMEDIATE",
  [STMT_BEGIN_READ] = "BEGIN DEFERRED",
  [STMT_COMMIT] = "COMMIT",
  [STMT_ROLLBACK] = "ROLLBACK",
  [STMT_SAVEPOINT] = "SAVEPOINT fol_op",
  [STMT_RELEASE] = "RELEASE fol_op",
  [STMT_ROLLBACK_TO] = "ROLLBACK TO fol_op",
  [STMT_INSERT_GAME] =
    "INSERT INTO games (kind, seed, options, status, created, updated, hash, n_seats, n_moves, seat_names) "
    "VALUES (?1, ?2, ?3, 0, ?4, ?4, ?5, ?6, 0, ?7)",
  [STMT_INSERT_SEAT] = "INSERT INTO seats (game_id, seat, name, human, level) VALUES (?1, ?2, ?3, ?4, ?5)",
  [STMT_GAME_STATE] = "SELECT n_moves, status, n_seats FROM games WHERE id = ?1",
  [STMT_INSERT_MOVE] = "INSERT INTO moves (game_id, ply, seat, move) VALUES (?1, ?2, ?3, ?4)",
  [STMT_UPDATE_AFTER_MOVES] = "UPDATE games SET n_moves = ?2, hash = ?3, updated = ?4 WHERE id = ?1",
  [STMT_DELETE_MOVES_AFTER] = "DELETE FROM moves WHERE game_id = ?1 AND ply > ?2",
  [STMT_SET_SEAT_RESULT] = "UPDATE seats SET rank = ?3, score = ?4, won = ?5 WHERE game_id = ?1 AND seat = ?2",
  [STMT_DELETE_DETAILS] = "DELETE FROM seat_details WHERE game_id = ?1",
  [STMT_INSERT_DETAIL] =
    "INSERT OR REPLACE INTO seat_details (game_id, seat, key, value) VALUES (?1, ?2, ?3, ?4)",
  [STMT_FINISH_GAME] = "UPDATE games SET status = 1, updated = ?2, finished = ?2 WHERE id = ?1",
  [STMT_SET_STATUS] =
    "UPDATE games SET status = ?2, updated = ?3, "
    "finished = CASE WHEN ?2 = 1 THEN coalesce (finished, ?3) ELSE NULL END WHERE id = ?1",
  [STMT_DELETE_GAME] = "DELETE FROM games WHERE id = ?1",
  [STMT_ADD_HINT] = "UPDATE games SET hints = hints + ?2, updated = ?3 WHERE id = ?1",
  [STMT_LOAD_GAME] =
    "SELECT kind, seed, options, status, created, updated, finished, hash, n_seats, hints "
    "FROM games WHERE id = ?1",
  [STMT_LOAD_SEATS] =
    "SELECT seat, name, human, level, rank, score, won FROM seats WHERE game_id = ?1 ORDER BY seat",
  [STMT_LOAD_DETAILS] = "SELECT seat, key, value FROM seat_details WHERE game_id = ?1",
  [STMT_LOAD_MOVES] = "SELECT ply, seat, move FROM moves WHERE game_id = ?1 ORDER BY ply",
  [STMT_LIST_ALL] = LIST_COLUMNS "ORDER BY g.updated DESC, g.id DESC",
  [STMT_LIST_STATUS] = LIST_COLUMNS "WHERE g.status = ?1 ORDER BY g.updated DESC, g.id DESC",
  [STMT_LATEST_UNFINISHED] =
    "SELECT id FROM games WHERE status = 0 AND (?1 IS NULL OR kind = ?1) "
    "ORDER BY updated DESC, id DESC LIMIT 1",
  [STMT_GAME_EXISTS] = "SELECT 1 FROM games WHERE id = ?1",
  [STMT_INSERT_CAMPAIGN] =
    "INSERT INTO campaigns (seed, side, status, created, updated) VALUES (?1, ?2, 0, ?3, ?3)",
  [STMT_CAMPAIGN_EXISTS] = "SELECT 1 FROM campaigns WHERE id = ?1",
  [STMT_SET_CAMPAIGN_GAME] =
    "INSERT INTO campaign_games (campaign_id, idx, game_id, stack) VALUES (?1, ?2, ?3, ?4) "
    "ON CONFLICT (campaign_id, idx) DO UPDATE SET game_id = excluded.game_id, stack = excluded.stack",
  [STMT_SET_CAMPAIGN_GAME_RESULT] =
    "INSERT INTO campaign_games (campaign_id, idx, score, won) VALUES (?1, ?2, ?3, ?4) "
    "ON CONFLICT (campaign_id, idx) DO UPDATE SET score = excluded.score, won = excluded.won",
  [STMT_TOUCH_CAMPAIGN] = "UPDATE campaigns SET updated = ?2 WHERE id = ?1",
  [STMT_FINISH_CAMPAIGN] = "UPDATE campaigns SET status = 1, result = ?2, updated = ?3 WHERE id = ?1",
  [STMT_SET_CAMPAIGN_STATUS] =
    "UPDATE campaigns SET status = ?2, updated = ?3, "
    "result = CASE WHEN ?2 = 1 THEN result ELSE NULL END WHERE id = ?1",
  [STMT_DELETE_CAMPAIGN] = "DELETE FROM campaigns WHERE id = ?1",
  [STMT_LOAD_CAMPAIGN] = CAMPAIGN_COLUMNS "WHERE id = ?1",
  [STMT_LIST_CAMPAIGNS] = CAMPAIGN_COLUMNS "ORDER BY created DESC, id DESC",
  [STMT_LOAD_CAMPAIGN_GAMES] =
    "SELECT idx, game_id, stack, score, won FROM campaign_games WHERE campaign_id = ?1",
  [STMT_LATEST_CAMPAIGN] =
    "SELECT id FROM campaigns WHERE status = 0 ORDER BY updated DESC, id DESC LIMIT 1",
};

struct _FolStore
{
  GObject parent_instance;

  char *path;
  sqlite3 *db;
  sqlite3_stmt *stmts[N_STMTS];
  char *recovered_from;
  GError *recovery_error;
  int batch_depth;
  gboolean batch_failed;
  gboolean durable;
  gint64 now_for_testing;
};

static void fol_store_initable_iface_init (GInitableIface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (FolStore, fol_store, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_INITABLE, fol_store_initable_iface_init))

enum {
  PROP_0,
  PROP_PATH,
  PROP_RECOVERED_FROM,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* the game kinds, interned once (class_init) */
static const char *kind_summer;
static const char *kind_fall;

/* ---- Statements ---- */

/* A statement borrowed from the store: reset and unbound when it goes out
 * of scope (g_auto (FolStmt)), so it never holds a read lock or a binding. */
typedef sqlite3_stmt *FolStmt;

static void
fol_stmt_release (FolStmt *st)
{
  if (*st)
    {
      sqlite3_reset (*st);
      sqlite3_clear_bindings (*st);
    }
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (FolStmt, fol_stmt_release)

static sqlite3_stmt *
get_stmt (FolStore *self, StmtId id, GError **error)
{
  if (self->db == NULL)
    {
      g_set_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_OPEN, "The database “%s” is closed", self->path);
      return NULL;
    }
  if (self->stmts[id] == NULL)
    {
      int rc = sqlite3_prepare_v3 (self->db, stmt_sql[id], -1, SQLITE_PREPARE_PERSISTENT,
                                   &self->stmts[id], NULL);
      if (rc != SQLITE_OK)
        {
          fol_store_error_from_sqlite (self->db, rc, self->path, "prepare a query", error);
          return NULL;
        }
    }
  return self->stmts[id];
}

/* Steps @st once; TRUE on SQLITE_ROW or SQLITE_DONE (*row says which). */
static gboolean
step (FolStore *self, sqlite3_stmt *st, gboolean *row, const char *what, GError **error)
{
  int rc = sqlite3_step (st);
  if (row)
    *row = rc == SQLITE_ROW;
  if (rc == SQLITE_ROW || rc == SQLITE_DONE)
    return TRUE;
  return fol_store_error_from_sqlite (self->db, rc, self->path, what, error);
}

static gboolean
exec_stmt (FolStore *self, StmtId id, const char *what, GError **error)
{
  g_auto (FolStmt) st = get_stmt (self, id, error);
  return st && step (self, st, NULL, what, error);
}

static gint64
store_now (FolStore *self)
{
  return self->now_for_testing ? self->now_for_testing : g_get_real_time ();
}

static void
format_hash (char buf[17], guint64 hash)
{
  g_snprintf (buf, 17, "%016" G_GINT64_MODIFIER "x", hash);
}

/* ---- Transactions: one per call, a savepoint inside a batch ---- */

static gboolean
tx_begin (FolStore *self, GError **error)
{
  if (self->batch_depth > 0 && self->batch_failed)
    {
      g_set_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_FAILED,
                   "The batch of changes to “%s” was rolled back after an error", self->path);
      return FALSE;
    }
  return exec_stmt (self, self->batch_depth > 0 ? STMT_SAVEPOINT : STMT_BEGIN, "start a transaction", error);
}

/* A read-only transaction: one snapshot for several queries, no write lock. */
static gboolean
tx_begin_read (FolStore *self, GError **error)
{
  if (self->batch_depth > 0)
    return tx_begin (self, error);
  return exec_stmt (self, STMT_BEGIN_READ, "start reading", error);
}

static void
tx_rollback (FolStore *self)
{
  if (self->db == NULL)
    return;
  if (self->batch_depth > 0)
    {
      if (sqlite3_get_autocommit (self->db))
        {
          /* SQLite rolled the whole transaction back itself (a full disk, ...) */
          self->batch_failed = TRUE;
          return;
        }
      exec_stmt (self, STMT_ROLLBACK_TO, "roll back", NULL);
      exec_stmt (self, STMT_RELEASE, "roll back", NULL);
    }
  else if (!sqlite3_get_autocommit (self->db))
    exec_stmt (self, STMT_ROLLBACK, "roll back", NULL);
}

static gboolean
tx_commit (FolStore *self, const char *what, GError **error)
{
  if (exec_stmt (self, self->batch_depth > 0 ? STMT_RELEASE : STMT_COMMIT, what, error))
    return TRUE;
  tx_rollback (self);
  return FALSE;
}

gboolean
fol_store_begin_batch (FolStore *self, GError **error)
{
  g_return_val_if_fail (FOL_IS_STORE (self), FALSE);
  const char *sql = self->batch_depth > 0 ? "SAVEPOINT fol_batch" : "BEGIN IMMEDIATE";
  int rc = sqlite3_exec (self->db, sql, NULL, NULL, NULL);
  if (rc != SQLITE_OK)
    return fol_store_error_from_sqlite (self->db, rc, self->path, "start a batch", error);
  if (self->batch_depth == 0)
    self->batch_failed = FALSE;
  self->batch_depth++;
  return TRUE;
}

gboolean
fol_store_end_batch (FolStore *self, gboolean commit, GError **error)
{
  g_return_val_if_fail (FOL_IS_STORE (self), FALSE);
  g_return_val_if_fail (self->batch_depth > 0, FALSE);
  self->batch_depth--;
  gboolean outer = self->batch_depth == 0;
  if (self->batch_failed || sqlite3_get_autocommit (self->db))
    {
      if (outer)
        self->batch_failed = FALSE;
      if (!commit)
        return TRUE;
      g_set_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_FAILED,
                   "The batch of changes to “%s” was rolled back after an error", self->path);
      return FALSE;
    }
  int rc;
  if (outer)
    rc = sqlite3_exec (self->db, commit ? "COMMIT" : "ROLLBACK", NULL, NULL, NULL);
  else if (commit)
    rc = sqlite3_exec (self->db, "RELEASE fol_batch", NULL, NULL, NULL);
  else
    rc = sqlite3_exec (self->db, "ROLLBACK TO fol_batch; RELEASE fol_batch", NULL, NULL, NULL);
  if (rc == SQLITE_OK)
    return TRUE;
  fol_store_error_from_sqlite (self->db, rc, self->path, "save the batch of changes", error);
  if (outer && !sqlite3_get_autocommit (self->db))
    sqlite3_exec (self->db, "ROLLBACK", NULL, NULL, NULL);
  else if (!outer)
    self->batch_failed = TRUE;
  return FALSE;
}

/* ---- Errors ---- */

static gboolean
is_writable (const char *path)
{
  g_autofree char *dir = g_path_get_dirname (path);
  if (faccessat (AT_FDCWD, dir, W_OK | X_OK, AT_EACCESS) != 0)
    return FALSE;
  if (faccessat (AT_FDCWD, path, F_OK, AT_EACCESS) == 0
      && faccessat (AT_FDCWD, path, W_OK, AT_EACCESS) != 0)
    return FALSE;
  return TRUE;
}

gboolean
fol_store_error_from_sqlite (sqlite3    *db,
                             int         rc,
                             const char *path,
                             const char *what,
                             GError    **error)
{
  int primary = rc & 0xff;
  const char *detail = sqlite3_errstr (rc);
  if (db && (sqlite3_extended_errcode (db) & 0xff) == primary)
    detail = sqlite3_errmsg (db);
  const char *file = path ? path : "(memory)";

  switch (primary)
    {
    case SQLITE_FULL:
      g_set_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_FULL,
                   "Could not %s: the disk is full (%s: %s)", what, file, detail);
      break;
    case SQLITE_READONLY:
      g_set_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_READ_ONLY,
                   "Could not %s: “%s” is read-only (%s)", what, file, detail);
      break;
    case SQLITE_CANTOPEN:
    case SQLITE_PERM:
    case SQLITE_AUTH:
      if (path && !is_writable (path))
        g_set_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_READ_ONLY,
                     "Could not %s: “%s” or its folder is read-only (%s)", what, file, detail);
      else
        g_set_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_OPEN,
                     "Could not %s: “%s” cannot be opened (%s)", what, file, detail);
      break;
    case SQLITE_CORRUPT:
    case SQLITE_NOTADB:
      g_set_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_CORRUPT,
                   "Could not %s: “%s” is damaged or not a database (%s)", what, file, detail);
      break;
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
      g_set_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_BUSY,
                   "Could not %s: “%s” is in use by another program (%s)", what, file, detail);
      break;
    case SQLITE_IOERR:
      g_set_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_IO,
                   "Could not %s: input/output error on “%s” (%s)", what, file, detail);
      break;
    default:
      g_set_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_FAILED,
                   "Could not %s (%s: %s)", what, file, detail);
      break;
    }
  return FALSE;
}

gboolean
fol_store_set_hash_mismatch_error (GError **error,
                                   gint64   game_id,
                                   guint64  stored,
                                   guint64  replayed)
{
  g_set_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_HASH_MISMATCH,
               "Saved game %" G_GINT64_FORMAT " does not replay to its saved position "
               "(hash %016" G_GINT64_MODIFIER "x saved, %016" G_GINT64_MODIFIER "x after replay); "
               "it was kept unchanged",
               game_id, stored, replayed);
  return FALSE;
}

static gboolean
not_found (GError **error, const char *what, gint64 id)
{
  g_set_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_NOT_FOUND,
               "There is no saved %s %" G_GINT64_FORMAT, what, id);
  return FALSE;
}

/* ---- Opening ---- */

typedef enum {
  OPEN_OK,
  OPEN_FAILED,     /* error set; the file is left alone */
  OPEN_BROKEN,     /* error set (CORRUPT); move the file aside */
  OPEN_TOO_NEW,    /* error set (TOO_NEW); move the file aside */
} OpenResult;

static int
query_int (sqlite3 *db, const char *sql, int *value)
{
  sqlite3_stmt *st = NULL;
  int rc = sqlite3_prepare_v2 (db, sql, -1, &st, NULL);
  if (rc == SQLITE_OK)
    {
      rc = sqlite3_step (st);
      if (rc == SQLITE_ROW)
        {
          *value = sqlite3_column_int (st, 0);
          rc = SQLITE_OK;
        }
    }
  sqlite3_finalize (st);
  return rc;
}

/* For OPEN_BROKEN the error message is only the reason, for the recovery
 * message of fol_store_initable_init(). */
static OpenResult
classify (FolStore *self, int rc, const char *what, GError **error)
{
  int primary = rc & 0xff;
  if (primary == SQLITE_CORRUPT || primary == SQLITE_NOTADB)
    {
      const char *detail = sqlite3_errstr (rc);
      if (self->db && (sqlite3_extended_errcode (self->db) & 0xff) == primary)
        detail = sqlite3_errmsg (self->db);
      g_set_error_literal (error, FOL_STORE_ERROR, FOL_STORE_ERROR_CORRUPT, detail);
      return OPEN_BROKEN;
    }
  fol_store_error_from_sqlite (self->db, rc, self->path, what, error);
  return OPEN_FAILED;
}

static OpenResult
broken (GError **error, const char *fmt, ...) G_GNUC_PRINTF (2, 3);

static OpenResult
broken (GError **error, const char *fmt, ...)
{
  va_list args;
  va_start (args, fmt);
  g_autofree char *msg = g_strdup_vprintf (fmt, args);
  va_end (args);
  g_set_error_literal (error, FOL_STORE_ERROR, FOL_STORE_ERROR_CORRUPT, msg);
  return OPEN_BROKEN;
}

/* Checks the file with reads only (so a file to be moved aside is left as
 * it was), then sets the connection up and runs the migrations. */
static OpenResult
open_checked (FolStore *self, GError **error)
{
  int rc = sqlite3_open_v2 (self->path, &self->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL);
  if (rc != SQLITE_OK)
    return classify (self, rc, "open the database", error);
  sqlite3_extended_result_codes (self->db, 1);
  sqlite3_busy_timeout (self->db, BUSY_TIMEOUT_MS);
  /* no checkpoint on close while the file may still be moved aside */
  sqlite3_db_config (self->db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, NULL);

  int version = 0, app_id = 0, n_objects = 0;
  rc = query_int (self->db, "PRAGMA user_version", &version);
  if (rc == SQLITE_OK)
    rc = query_int (self->db, "PRAGMA application_id", &app_id);
  if (rc == SQLITE_OK)
    rc = query_int (self->db, "SELECT count(*) FROM sqlite_master", &n_objects);
  if (rc != SQLITE_OK)
    return classify (self, rc, "read the database", error);
  /* a new, empty file has no application id yet; any other must be ours */
  if ((guint32) app_id != FOL_STORE_APPLICATION_ID && (app_id != 0 || version != 0 || n_objects != 0))
    return broken (error, "it is the database of another program");
  if (version > FOL_STORE_SCHEMA_VERSION)
    {
      g_set_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_TOO_NEW,
                   "“%s” was written by a newer version of Foliage (schema version %d, this version knows up to %d)",
                   self->path, version, FOL_STORE_SCHEMA_VERSION);
      return OPEN_TOO_NEW;
    }

  if (n_objects > 0)
    {
      sqlite3_stmt *st = NULL;
      rc = sqlite3_prepare_v2 (self->db, "PRAGMA quick_check (1)", -1, &st, NULL);
      if (rc == SQLITE_OK)
        rc = sqlite3_step (st);
      if (rc == SQLITE_ROW)
        {
          const char *res = (const char *) sqlite3_column_text (st, 0);
          if (g_strcmp0 (res, "ok") != 0)
            {
              /* "*** in database main ***\nPage 13: btreeInitPage() returns error code 11" */
              const char *nl = res ? strrchr (res, '\n') : NULL;
              OpenResult r = broken (error, "damaged: %s", nl ? nl + 1 : res ? res : "?");
              sqlite3_finalize (st);
              return r;
            }
          rc = SQLITE_OK;
        }
      sqlite3_finalize (st);
      if (rc != SQLITE_OK)
        return classify (self, rc, "check the database", error);
    }

  if (sqlite3_db_readonly (self->db, "main") == 1)
    {
      g_set_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_READ_ONLY,
                   "Games cannot be saved: “%s” is read-only", self->path);
      return OPEN_FAILED;
    }

  sqlite3_db_config (self->db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 0, NULL);
  char *journal_mode = NULL;
  {
    sqlite3_stmt *st = NULL;
    rc = sqlite3_prepare_v2 (self->db, "PRAGMA journal_mode = WAL", -1, &st, NULL);
    if (rc == SQLITE_OK)
      rc = sqlite3_step (st);
    if (rc == SQLITE_ROW)
      {
        journal_mode = g_strdup ((const char *) sqlite3_column_text (st, 0));
        rc = SQLITE_OK;
      }
    sqlite3_finalize (st);
  }
  g_autofree char *mode = journal_mode;
  if (rc != SQLITE_OK)
    return classify (self, rc, "set up the database", error);
  if (g_ascii_strcasecmp (mode ? mode : "", "wal") != 0)
    {
      /* WAL could not be entered: typically a folder we cannot create files in */
      g_set_error (error, FOL_STORE_ERROR, is_writable (self->path) ? FOL_STORE_ERROR_OPEN : FOL_STORE_ERROR_READ_ONLY,
                   "Games cannot be saved: “%s” could not be set up (journal mode %s)",
                   self->path, mode ? mode : "unknown");
      return OPEN_FAILED;
    }
  rc = sqlite3_exec (self->db, "PRAGMA foreign_keys = ON", NULL, NULL, NULL);
  if (rc != SQLITE_OK)
    return classify (self, rc, "set up the database", error);
  fol_store_set_durable (self, self->durable);

  if (version < FOL_STORE_SCHEMA_VERSION)
    {
      GError *local = NULL;
      if (!fol_store_migrate (self->db, self->path, FOL_STORE_SCHEMA_VERSION, &local))
        {
          gboolean is_corrupt = g_error_matches (local, FOL_STORE_ERROR, FOL_STORE_ERROR_CORRUPT);
          g_propagate_error (error, local);
          return is_corrupt ? OPEN_BROKEN : OPEN_FAILED;
        }
    }
  return OPEN_OK;
}

static void
close_db (FolStore *self)
{
  for (int i = 0; i < N_STMTS; i++)
    g_clear_pointer (&self->stmts[i], sqlite3_finalize);
  if (self->db)
    {
      /* every statement is finalized: closing cannot fail with BUSY */
      int rc = sqlite3_close (self->db);
      if (rc != SQLITE_OK)
        g_warning ("Closing “%s”: %s", self->path, sqlite3_errstr (rc));
      self->db = NULL;
    }
}

/* Renames @path (and its -wal, -shm, -journal files) to
 * PATH.TAG-YYYYMMDD-HHMMSS[.N], never replacing an existing file. */
static char *
move_aside (const char *path, const char *tag, GError **error)
{
  static const char *const suffixes[] = { "-wal", "-shm", "-journal" };
  g_autoptr (GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *stamp = g_date_time_format (now, "%Y%m%d-%H%M%S");
  g_autofree char *base = g_strdup_printf ("%s.%s-%s", path, tag, stamp);
  g_autofree char *aside = g_strdup (base);

  for (int n = 1; ; n++)
    {
      gboolean taken = g_file_test (aside, G_FILE_TEST_EXISTS);
      for (guint i = 0; i < G_N_ELEMENTS (suffixes) && !taken; i++)
        {
          g_autofree char *s = g_strconcat (aside, suffixes[i], NULL);
          taken = g_file_test (s, G_FILE_TEST_EXISTS);
        }
      if (!taken)
        break;
      g_free (aside);
      aside = g_strdup_printf ("%s.%d", base, n);
    }

  if (g_rename (path, aside) != 0)
    {
      int errsv = errno;
      g_set_error (error, FOL_STORE_ERROR,
                   errsv == EACCES || errsv == EROFS || errsv == EPERM ? FOL_STORE_ERROR_READ_ONLY : FOL_STORE_ERROR_OPEN,
                   "“%s” is unusable and could not be moved aside to “%s”: %s",
                   path, aside, g_strerror (errsv));
      return NULL;
    }
  for (guint i = 0; i < G_N_ELEMENTS (suffixes); i++)
    {
      g_autofree char *from = g_strconcat (path, suffixes[i], NULL);
      g_autofree char *to = g_strconcat (aside, suffixes[i], NULL);
      if (g_file_test (from, G_FILE_TEST_EXISTS))
        g_rename (from, to);
    }
  return g_steal_pointer (&aside);
}

static gboolean
fol_store_initable_init (GInitable     *initable,
                         GCancellable  *cancellable,
                         GError       **error)
{
  FolStore *self = FOL_STORE (initable);

  if (self->path == NULL)
    self->path = fol_store_default_path ();
  g_autofree char *dir = g_path_get_dirname (self->path);
  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int errsv = errno;
      g_set_error (error, FOL_STORE_ERROR,
                   errsv == EACCES || errsv == EROFS || errsv == EPERM ? FOL_STORE_ERROR_READ_ONLY : FOL_STORE_ERROR_OPEN,
                   "Games cannot be saved: the folder “%s” could not be created: %s", dir, g_strerror (errsv));
      return FALSE;
    }

  GError *local = NULL;
  OpenResult r = open_checked (self, &local);
  if (r == OPEN_OK)
    return TRUE;
  close_db (self);
  if (r == OPEN_FAILED)
    {
      g_propagate_error (error, local);
      return FALSE;
    }

  g_autoptr (GError) reason = local;
  g_autofree char *aside = move_aside (self->path, r == OPEN_TOO_NEW ? "too-new" : "broken", error);
  if (aside == NULL)
    return FALSE;
  if (r == OPEN_TOO_NEW)
    self->recovery_error = g_error_new (FOL_STORE_ERROR, FOL_STORE_ERROR_TOO_NEW,
                                        "%s. It was moved to “%s” unchanged and a new, empty file of saved games "
                                        "was started; a newer Foliage can still open it there.",
                                        reason->message, aside);
  else
    self->recovery_error = g_error_new (FOL_STORE_ERROR, FOL_STORE_ERROR_CORRUPT,
                                        "The file of saved games “%s” could not be read (%s). "
                                        "It was moved to “%s” unchanged and a new, empty file was started.",
                                        self->path, reason->message, aside);
  self->recovered_from = g_steal_pointer (&aside);

  r = open_checked (self, error);
  if (r != OPEN_OK)
    {
      close_db (self);
      return FALSE;
    }
  return TRUE;
}

static void
fol_store_initable_iface_init (GInitableIface *iface)
{
  iface->init = fol_store_initable_init;
}

/* ---- GObject ---- */

static void
fol_store_finalize (GObject *object)
{
  FolStore *self = FOL_STORE (object);

  if (self->db && !sqlite3_get_autocommit (self->db))
    sqlite3_exec (self->db, "ROLLBACK", NULL, NULL, NULL);
  close_db (self);
  g_free (self->path);
  g_free (self->recovered_from);
  g_clear_error (&self->recovery_error);

  G_OBJECT_CLASS (fol_store_parent_class)->finalize (object);
}

static void
fol_store_get_property (GObject    *object,
                        guint       prop_id,
                        GValue     *value,
                        GParamSpec *pspec)
{
  FolStore *self = FOL_STORE (object);

  switch (prop_id)
    {
    case PROP_PATH:
      g_value_set_string (value, self->path);
      break;
    case PROP_RECOVERED_FROM:
      g_value_set_string (value, self->recovered_from);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
fol_store_set_property (GObject      *object,
                        guint         prop_id,
                        const GValue *value,
                        GParamSpec   *pspec)
{
  FolStore *self = FOL_STORE (object);

  switch (prop_id)
    {
    case PROP_PATH:
      g_free (self->path);
      self->path = g_value_dup_string (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
fol_store_class_init (FolStoreClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  kind_summer = g_intern_static_string ("summer");
  kind_fall = g_intern_static_string ("fall");

  object_class->finalize = fol_store_finalize;
  object_class->get_property = fol_store_get_property;
  object_class->set_property = fol_store_set_property;

  /**
   * FolStore:path:
   * The database file (NULL at construction: the default path).
   */
  properties[PROP_PATH] =
    g_param_spec_string ("path", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  /**
   * FolStore:recovered-from:
   * Where an unusable file found at open was moved to, or NULL.
   */
  properties[PROP_RECOVERED_FROM] =
    g_param_spec_string ("recovered-from", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
fol_store_init (FolStore *self)
{
  self->durable = TRUE;
}

/* ---- Public: opening ---- */

char *
fol_store_default_path (void)
{
  return g_build_filename (g_get_user_data_dir (), APP_ID, "foliage.db", NULL);
}

FolStore *
fol_store_new (const char *path, GError **error)
{
  return g_initable_new (FOL_TYPE_STORE, NULL, error, "path", path, NULL);
}

const char *
fol_store_get_path (FolStore *self)
{
  g_return_val_if_fail (FOL_IS_STORE (self), NULL);
  return self->path;
}

const char *
fol_store_get_recovered_from (FolStore *self)
{
  g_return_val_if_fail (FOL_IS_STORE (self), NULL);
  return self->recovered_from;
}

const GError *
fol_store_get_recovery_error (FolStore *self)
{
  g_return_val_if_fail (FOL_IS_STORE (self), NULL);
  return self->recovery_error;
}

void
fol_store_set_durable (FolStore *self, gboolean durable)
{
  g_return_if_fail (FOL_IS_STORE (self));
  self->durable = !!durable;
  if (self->db)
    sqlite3_exec (self->db, durable ? "PRAGMA synchronous = FULL" : "PRAGMA synchronous = NORMAL",
                  NULL, NULL, NULL);
}

sqlite3 *
fol_store_get_db (FolStore *self)
{
  g_return_val_if_fail (FOL_IS_STORE (self), NULL);
  return self->db;
}

void
fol_store_set_now_for_testing (FolStore *self, gint64 now)
{
  g_return_if_fail (FOL_IS_STORE (self));
  self->now_for_testing = now;
}

/* ---- Public: saved games ---- */

static const char *
known_kind (const char *kind)
{
  if (g_strcmp0 (kind, "summer") == 0)
    return kind_summer;
  if (g_strcmp0 (kind, "fall") == 0)
    return kind_fall;
  return NULL;
}

static gboolean
invalid (GError **error, const char *fmt, ...) G_GNUC_PRINTF (2, 3);

static gboolean
invalid (GError **error, const char *fmt, ...)
{
  va_list args;
  va_start (args, fmt);
  g_autofree char *msg = g_strdup_vprintf (fmt, args);
  va_end (args);
  g_set_error_literal (error, FOL_STORE_ERROR, FOL_STORE_ERROR_INVALID, msg);
  return FALSE;
}

gint64
fol_store_create_game (FolStore           *self,
                       const char         *kind,
                       guint64             seed,
                       const char         *options,
                       const FolSeatSetup *seats,
                       guint               n_seats,
                       guint64             hash,
                       GError            **error)
{
  g_return_val_if_fail (FOL_IS_STORE (self), 0);
  g_return_val_if_fail (seats != NULL || n_seats == 0, 0);

  if (known_kind (kind) == NULL)
    return invalid (error, "Unknown game “%s” (expected “summer” or “fall”)", kind ? kind : "(null)");
  if (n_seats < 1 || n_seats > FOL_STORE_MAX_SEATS)
    return invalid (error, "A game has 1 to %d seats, not %u", FOL_STORE_MAX_SEATS, n_seats);
  for (guint i = 0; i < n_seats; i++)
    if (seats[i].name == NULL || !g_utf8_validate (seats[i].name, -1, NULL) || seats[i].name[0] == '\0')
      return invalid (error, "Seat %u has no valid name", i);
  if (options && !g_utf8_validate (options, -1, NULL))
    return invalid (error, "The game's options are not UTF-8 text");

  if (!tx_begin (self, error))
    return 0;

  gint64 now = store_now (self);
  gint64 id = 0;
  char hex[17];
  format_hash (hex, hash);
  g_autoptr (GString) names = g_string_new (NULL);
  for (guint i = 0; i < n_seats; i++)
    g_string_append_printf (names, "%s%s", i ? ", " : "", seats[i].name);
  {
    g_auto (FolStmt) st = get_stmt (self, STMT_INSERT_GAME, error);
    if (!st)
      goto fail;
    sqlite3_bind_text (st, 1, kind, -1, SQLITE_STATIC);
    sqlite3_bind_int64 (st, 2, (sqlite3_int64) seed);
    sqlite3_bind_text (st, 3, options ? options : "", -1, SQLITE_STATIC);
    sqlite3_bind_int64 (st, 4, now);
    sqlite3_bind_text (st, 5, hex, -1, SQLITE_STATIC);
    sqlite3_bind_int (st, 6, (int) n_seats);
    sqlite3_bind_text (st, 7, names->str, -1, SQLITE_STATIC);
    if (!step (self, st, NULL, "save the new game", error))
      goto fail;
    id = sqlite3_last_insert_rowid (self->db);
  }
  for (guint i = 0; i < n_seats; i++)
    {
      g_auto (FolStmt) st = get_stmt (self, STMT_INSERT_SEAT, error);
      if (!st)
        goto fail;
      sqlite3_bind_int64 (st, 1, id);
      sqlite3_bind_int (st, 2, (int) i);
      sqlite3_bind_text (st, 3, seats[i].name, -1, SQLITE_STATIC);
      sqlite3_bind_int (st, 4, seats[i].human ? 1 : 0);
      sqlite3_bind_int (st, 5, seats[i].level);
      if (!step (self, st, NULL, "save the new game's players", error))
        goto fail;
    }
  if (!tx_commit (self, "save the new game", error))
    return 0;
  return id;

fail:
  tx_rollback (self);
  return 0;
}

/* Reads n_moves, status and n_seats of a game, inside a transaction. */
static gboolean
read_game_state (FolStore *self, gint64 game_id, int *n_moves, int *status, int *n_seats, GError **error)
{
  g_auto (FolStmt) st = get_stmt (self, STMT_GAME_STATE, error);
  gboolean row = FALSE;
  if (!st)
    return FALSE;
  sqlite3_bind_int64 (st, 1, game_id);
  if (!step (self, st, &row, "read the game", error))
    return FALSE;
  if (!row)
    return not_found (error, "game", game_id);
  *n_moves = sqlite3_column_int (st, 0);
  *status = sqlite3_column_int (st, 1);
  *n_seats = sqlite3_column_int (st, 2);
  return TRUE;
}

static gboolean
update_after_moves (FolStore *self, gint64 game_id, int n_moves, guint64 hash, GError **error)
{
  char hex[17];
  format_hash (hex, hash);
  g_auto (FolStmt) st = get_stmt (self, STMT_UPDATE_AFTER_MOVES, error);
  if (!st)
    return FALSE;
  sqlite3_bind_int64 (st, 1, game_id);
  sqlite3_bind_int (st, 2, n_moves);
  sqlite3_bind_text (st, 3, hex, -1, SQLITE_TRANSIENT);
  sqlite3_bind_int64 (st, 4, store_now (self));
  return step (self, st, NULL, "save the move", error);
}

gboolean
fol_store_append_move (FolStore   *self,
                       gint64      game_id,
                       int         ply,
                       const char *move,
                       int         seat,
                       guint64     hash,
                       GError    **error)
{
  g_return_val_if_fail (FOL_IS_STORE (self), FALSE);

  if (move == NULL || move[0] == '\0' || !g_utf8_validate (move, -1, NULL))
    return invalid (error, "Game %" G_GINT64_FORMAT ": a move must be non-empty UTF-8 text", game_id);
  if (!tx_begin (self, error))
    return FALSE;

  int n_moves = 0, status = 0, n_seats = 0;
  if (!read_game_state (self, game_id, &n_moves, &status, &n_seats, error))
    goto fail;
  if (status != FOL_STORE_STATUS_IN_PROGRESS)
    {
      invalid (error, "Game %" G_GINT64_FORMAT " is %s: no move can be added",
               game_id, fol_store_status_to_string (status));
      goto fail;
    }
  if (ply != n_moves + 1)
    {
      invalid (error, "Game %" G_GINT64_FORMAT " has %d moves saved: the next is ply %d, not %d",
               game_id, n_moves, n_moves + 1, ply);
      goto fail;
    }
  if (seat < 0 || seat >= n_seats)
    {
      invalid (error, "Game %" G_GINT64_FORMAT " has %d seats: no seat %d", game_id, n_seats, seat);
      goto fail;
    }
  {
    g_auto (FolStmt) st = get_stmt (self, STMT_INSERT_MOVE, error);
    if (!st)
      goto fail;
    sqlite3_bind_int64 (st, 1, game_id);
    sqlite3_bind_int (st, 2, ply);
    sqlite3_bind_int (st, 3, seat);
    sqlite3_bind_text (st, 4, move, -1, SQLITE_STATIC);
    if (!step (self, st, NULL, "save the move", error))
      goto fail;
  }
  if (!update_after_moves (self, game_id, ply, hash, error))
    goto fail;
  return tx_commit (self, "save the move", error);

fail:
  tx_rollback (self);
  return FALSE;
}

gboolean
fol_store_truncate_moves (FolStore *self,
                          gint64    game_id,
                          int       n_keep,
                          guint64   hash,
                          GError  **error)
{
  g_return_val_if_fail (FOL_IS_STORE (self), FALSE);

  if (!tx_begin (self, error))
    return FALSE;
  int n_moves = 0, status = 0, n_seats = 0;
  if (!read_game_state (self, game_id, &n_moves, &status, &n_seats, error))
    goto fail;
  if (n_keep < 0 || n_keep > n_moves)
    {
      invalid (error, "Game %" G_GINT64_FORMAT " has %d moves saved: cannot keep %d",
               game_id, n_moves, n_keep);
      goto fail;
    }
  {
    g_auto (FolStmt) st = get_stmt (self, STMT_DELETE_MOVES_AFTER, error);
    if (!st)
      goto fail;
    sqlite3_bind_int64 (st, 1, game_id);
    sqlite3_bind_int (st, 2, n_keep);
    if (!step (self, st, NULL, "undo the saved moves", error))
      goto fail;
  }
  if (!update_after_moves (self, game_id, n_keep, hash, error))
    goto fail;
  return tx_commit (self, "undo the saved moves", error);

fail:
  tx_rollback (self);
  return FALSE;
}

gboolean
fol_store_finish_game (FolStore            *self,
                       gint64               game_id,
                       const FolSeatResult *results,
                       guint                n_results,
                       GError             **error)
{
  g_return_val_if_fail (FOL_IS_STORE (self), FALSE);
  g_return_val_if_fail (results != NULL || n_results == 0, FALSE);

  for (guint i = 0; i < n_results; i++)
    for (guint k = 0; k < results[i].n_details; k++)
      if (results[i].details[k].key == NULL || results[i].details[k].key[0] == '\0')
        return invalid (error, "Game %" G_GINT64_FORMAT ": seat %u has a result detail without a key", game_id, i);

  if (!tx_begin (self, error))
    return FALSE;
  int n_moves = 0, status = 0, n_seats = 0;
  if (!read_game_state (self, game_id, &n_moves, &status, &n_seats, error))
    goto fail;
  if ((int) n_results != n_seats)
    {
      invalid (error, "Game %" G_GINT64_FORMAT " has %d seats, not %u results", game_id, n_seats, n_results);
      goto fail;
    }
  {
    g_auto (FolStmt) st = get_stmt (self, STMT_DELETE_DETAILS, error);
    if (!st)
      goto fail;
    sqlite3_bind_int64 (st, 1, game_id);
    if (!step (self, st, NULL, "save the results", error))
      goto fail;
  }
  for (guint i = 0; i < n_results; i++)
    {
      {
        g_auto (FolStmt) st = get_stmt (self, STMT_SET_SEAT_RESULT, error);
        if (!st)
          goto fail;
        sqlite3_bind_int64 (st, 1, game_id);
        sqlite3_bind_int (st, 2, (int) i);
        sqlite3_bind_int (st, 3, results[i].rank);
        sqlite3_bind_int (st, 4, results[i].score);
        sqlite3_bind_int (st, 5, results[i].won ? 1 : 0);
        if (!step (self, st, NULL, "save the results", error))
          goto fail;
      }
      for (guint k = 0; k < results[i].n_details; k++)
        {
          g_auto (FolStmt) st = get_stmt (self, STMT_INSERT_DETAIL, error);
          if (!st)
            goto fail;
          sqlite3_bind_int64 (st, 1, game_id);
          sqlite3_bind_int (st, 2, (int) i);
          sqlite3_bind_text (st, 3, results[i].details[k].key, -1, SQLITE_STATIC);
          sqlite3_bind_int (st, 4, results[i].details[k].value);
          if (!step (self, st, NULL, "save the results", error))
            goto fail;
        }
    }
  {
    g_auto (FolStmt) st = get_stmt (self, STMT_FINISH_GAME, error);
    if (!st)
      goto fail;
    sqlite3_bind_int64 (st, 1, game_id);
    sqlite3_bind_int64 (st, 2, store_now (self));
    if (!step (self, st, NULL, "save the results", error))
      goto fail;
  }
  return tx_commit (self, "save the results", error);

fail:
  tx_rollback (self);
  return FALSE;
}

/* Runs an UPDATE/DELETE of one row by id; NOT_FOUND when no row changed. */
static gboolean
change_one (FolStore *self, sqlite3_stmt *st, const char *thing, gint64 id, const char *what, GError **error)
{
  if (!step (self, st, NULL, what, error))
    return FALSE;
  if (sqlite3_changes (self->db) == 0)
    return not_found (error, thing, id);
  return TRUE;
}

static gboolean
valid_status (FolStoreStatus status, GError **error)
{
  if ((int) status < FOL_STORE_STATUS_IN_PROGRESS || status > FOL_STORE_STATUS_ABANDONED)
    return invalid (error, "Unknown status %d", (int) status);
  return TRUE;
}

/* Runs statement @stmt, which changes exactly the row of @kind @id, in a
 * transaction of its own: @id is bound as parameter 1 and, when
 * @with_value, @value and the time now as 2 and 3.  @what names the change
 * in error messages. */
static gboolean
change_row (FolStore *self, StmtId stmt, const char *kind, gint64 id, gboolean with_value, int value,
            const char *what, GError **error)
{
  if (!tx_begin (self, error))
    return FALSE;
  {
    g_auto (FolStmt) st = get_stmt (self, stmt, error);
    if (!st)
      goto fail;
    sqlite3_bind_int64 (st, 1, id);
    if (with_value)
      {
        sqlite3_bind_int (st, 2, value);
        sqlite3_bind_int64 (st, 3, store_now (self));
      }
    if (!change_one (self, st, kind, id, what, error))
      goto fail;
  }
  return tx_commit (self, what, error);

fail:
  tx_rollback (self);
  return FALSE;
}

gboolean
fol_store_set_status (FolStore       *self,
                      gint64          game_id,
                      FolStoreStatus  status,
                      GError        **error)
{
  g_return_val_if_fail (FOL_IS_STORE (self), FALSE);
  if (!valid_status (status, error))
    return FALSE;
  return change_row (self, STMT_SET_STATUS, "game", game_id, TRUE, (int) status, "change the game's status", error);
}

gboolean
fol_store_delete_game (FolStore *self, gint64 game_id, GError **error)
{
  g_return_val_if_fail (FOL_IS_STORE (self), FALSE);
  return change_row (self, STMT_DELETE_GAME, "game", game_id, FALSE, 0, "delete the game", error);
}

gboolean
fol_store_add_hint (FolStore *self, gint64 game_id, GError **error)
{
  g_return_val_if_fail (FOL_IS_STORE (self), FALSE);
  return change_row (self, STMT_ADD_HINT, "game", game_id, TRUE, 1, "save that a hint was shown", error);
}

static gboolean
damaged_game (FolStore *self, gint64 game_id, const char *what, GError **error)
{
  g_set_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_CORRUPT,
               "Saved game %" G_GINT64_FORMAT " in “%s” is damaged: %s", game_id, self->path, what);
  return FALSE;
}

/* g_intern_string() without its global lock for the two usual kinds */
static const char *
intern_kind (const char *kind)
{
  const char *known = known_kind (kind);
  return known ? known : g_intern_string (kind ? kind : "");
}

static char *
column_dup (sqlite3_stmt *st, int col)
{
  const char *s = (const char *) sqlite3_column_text (st, col);
  return g_strdup (s ? s : "");
}

static gboolean
load_game_rows (FolStore *self, gint64 game_id, FolSavedGame **out, GError **error)
{
  g_autoptr (FolSavedGame) game = NULL;
  gboolean row = FALSE;
  {
    g_auto (FolStmt) st = get_stmt (self, STMT_LOAD_GAME, error);
    if (!st)
      return FALSE;
    sqlite3_bind_int64 (st, 1, game_id);
    if (!step (self, st, &row, "read the game", error))
      return FALSE;
    if (!row)
      return not_found (error, "game", game_id);
    int n_seats = sqlite3_column_int (st, 8);
    if (n_seats < 1 || n_seats > FOL_STORE_MAX_SEATS)
      return damaged_game (self, game_id, "bad number of seats", error);
    game = fol_saved_game_new ((guint) n_seats);
    game->id = game_id;
    game->kind = intern_kind ((const char *) sqlite3_column_text (st, 0));
    game->seed = (guint64) sqlite3_column_int64 (st, 1);
    g_free (game->options);
    game->options = column_dup (st, 2);
    game->status = sqlite3_column_int (st, 3);
    game->created = sqlite3_column_int64 (st, 4);
    game->updated = sqlite3_column_int64 (st, 5);
    game->finished = sqlite3_column_int64 (st, 6);
    game->hints = sqlite3_column_int (st, 9);
    const char *hex = (const char *) sqlite3_column_text (st, 7);
    if (hex == NULL || strlen (hex) != 16
        || !g_ascii_string_to_unsigned (hex, 16, 0, G_MAXUINT64, &game->hash, NULL))
      return damaged_game (self, game_id, "bad state hash", error);
  }
  {
    g_auto (FolStmt) st = get_stmt (self, STMT_LOAD_SEATS, error);
    guint n = 0;
    if (!st)
      return FALSE;
    sqlite3_bind_int64 (st, 1, game_id);
    gboolean ok;
    while ((ok = step (self, st, &row, "read the game's players", error)) && row)
      {
        int seat = sqlite3_column_int (st, 0);
        if (seat != (int) n || n >= game->n_seats)
          return damaged_game (self, game_id, "bad seats", error);
        FolSavedSeat *s = &game->seats[n++];
        s->name = column_dup (st, 1);
        s->human = sqlite3_column_int (st, 2) != 0;
        s->level = sqlite3_column_int (st, 3);
        s->has_result = sqlite3_column_type (st, 4) != SQLITE_NULL;
        s->rank = sqlite3_column_int (st, 4);
        s->score = sqlite3_column_int (st, 5);
        s->won = sqlite3_column_int (st, 6) != 0;
      }
    if (!ok)
      return FALSE;
    if (n != game->n_seats)
      return damaged_game (self, game_id, "missing seats", error);
  }
  {
    g_auto (FolStmt) st = get_stmt (self, STMT_LOAD_DETAILS, error);
    if (!st)
      return FALSE;
    sqlite3_bind_int64 (st, 1, game_id);
    gboolean ok;
    while ((ok = step (self, st, &row, "read the game's results", error)) && row)
      {
        int seat = sqlite3_column_int (st, 0);
        if (seat < 0 || seat >= (int) game->n_seats)
          return damaged_game (self, game_id, "bad result details", error);
        FolSavedSeat *s = &game->seats[seat];
        if (s->details == NULL)
          s->details = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
        g_hash_table_insert (s->details, column_dup (st, 1), GINT_TO_POINTER (sqlite3_column_int (st, 2)));
      }
    if (!ok)
      return FALSE;
  }
  {
    g_auto (FolStmt) st = get_stmt (self, STMT_LOAD_MOVES, error);
    if (!st)
      return FALSE;
    sqlite3_bind_int64 (st, 1, game_id);
    gboolean ok;
    while ((ok = step (self, st, &row, "read the game's moves", error)) && row)
      {
        FolSavedMove m;
        m.ply = sqlite3_column_int (st, 0);
        m.seat = sqlite3_column_int (st, 1);
        if (m.ply != (int) game->moves->len + 1)
          return damaged_game (self, game_id, "a move is missing from the log", error);
        m.text = column_dup (st, 2);
        g_array_append_val (game->moves, m);
      }
    if (!ok)
      return FALSE;
  }
  *out = g_steal_pointer (&game);
  return TRUE;
}

FolSavedGame *
fol_store_load_game (FolStore *self, gint64 game_id, GError **error)
{
  g_return_val_if_fail (FOL_IS_STORE (self), NULL);

  /* a read transaction, so the four queries see the same snapshot */
  if (!tx_begin_read (self, error))
    return NULL;
  FolSavedGame *game = NULL;
  if (!load_game_rows (self, game_id, &game, error))
    {
      tx_rollback (self);
      return NULL;
    }
  if (!tx_commit (self, "read the game", error))
    {
      fol_saved_game_unref (game);
      return NULL;
    }
  return game;
}

GArray *
fol_store_list_games (FolStore *self, int status, GError **error)
{
  g_return_val_if_fail (FOL_IS_STORE (self), NULL);

  g_auto (FolStmt) st = get_stmt (self, status < 0 ? STMT_LIST_ALL : STMT_LIST_STATUS, error);
  if (!st)
    return NULL;
  if (status >= 0)
    sqlite3_bind_int (st, 1, status);

  g_autoptr (GArray) list = g_array_sized_new (FALSE, FALSE, sizeof (FolGameSummary), 256);
  g_array_set_clear_func (list, (GDestroyNotify) fol_game_summary_clear);
  gboolean row = FALSE;
  gboolean ok;
  while ((ok = step (self, st, &row, "list the saved games", error)) && row)
    {
      FolGameSummary s;
      s.id = sqlite3_column_int64 (st, 0);
      s.kind = intern_kind ((const char *) sqlite3_column_text (st, 1));
      s.status = sqlite3_column_int (st, 2);
      s.n_seats = sqlite3_column_int (st, 3);
      s.n_moves = sqlite3_column_int (st, 4);
      s.created = sqlite3_column_int64 (st, 5);
      s.updated = sqlite3_column_int64 (st, 6);
      s.seats = column_dup (st, 7);
      g_array_append_val (list, s);
    }
  if (!ok)
    return NULL;
  return g_steal_pointer (&list);
}

/* Runs a "SELECT id ... LIMIT 1" statement: the id, 0 for none or failure. */
static gint64
select_id (FolStore *self, sqlite3_stmt *st, const char *what, GError **error)
{
  gboolean row = FALSE;
  if (!step (self, st, &row, what, error) || !row)
    return 0;
  return sqlite3_column_int64 (st, 0);
}

gint64
fol_store_get_latest_unfinished (FolStore *self, const char *kind, GError **error)
{
  g_return_val_if_fail (FOL_IS_STORE (self), 0);
  g_auto (FolStmt) st = get_stmt (self, STMT_LATEST_UNFINISHED, error);
  if (!st)
    return 0;
  if (kind)
    sqlite3_bind_text (st, 1, kind, -1, SQLITE_STATIC);
  return select_id (self, st, "find the game in progress", error);
}

/* ---- Public: campaigns ---- */

static gboolean
exists (FolStore *self, StmtId id, const char *thing, gint64 row_id, GError **error)
{
  g_auto (FolStmt) st = get_stmt (self, id, error);
  gboolean row = FALSE;
  if (!st)
    return FALSE;
  sqlite3_bind_int64 (st, 1, row_id);
  if (!step (self, st, &row, "read the database", error))
    return FALSE;
  return row || not_found (error, thing, row_id);
}

static gboolean
touch_campaign (FolStore *self, gint64 campaign_id, GError **error)
{
  g_auto (FolStmt) st = get_stmt (self, STMT_TOUCH_CAMPAIGN, error);
  if (!st)
    return FALSE;
  sqlite3_bind_int64 (st, 1, campaign_id);
  sqlite3_bind_int64 (st, 2, store_now (self));
  return change_one (self, st, "campaign", campaign_id, "save the campaign", error);
}

gint64
fol_store_create_campaign (FolStore   *self,
                           guint64     seed,
                           const char *side,
                           GError    **error)
{
  g_return_val_if_fail (FOL_IS_STORE (self), 0);
  if (side == NULL || side[0] == '\0' || !g_utf8_validate (side, -1, NULL))
    return invalid (error, "A campaign needs a Forest Floor side");
  if (!tx_begin (self, error))
    return 0;
  gint64 id = 0;
  {
    g_auto (FolStmt) st = get_stmt (self, STMT_INSERT_CAMPAIGN, error);
    if (!st)
      goto fail;
    sqlite3_bind_int64 (st, 1, (sqlite3_int64) seed);
    sqlite3_bind_text (st, 2, side, -1, SQLITE_STATIC);
    sqlite3_bind_int64 (st, 3, store_now (self));
    if (!step (self, st, NULL, "save the new campaign", error))
      goto fail;
    id = sqlite3_last_insert_rowid (self->db);
  }
  if (!tx_commit (self, "save the new campaign", error))
    return 0;
  return id;

fail:
  tx_rollback (self);
  return 0;
}

gboolean
fol_store_set_campaign_game (FolStore *self,
                             gint64    campaign_id,
                             guint     index,
                             gint64    game_id,
                             int       stack,
                             GError  **error)
{
  g_return_val_if_fail (FOL_IS_STORE (self), FALSE);
  if (index >= FOL_CAMPAIGN_N_GAMES)
    return invalid (error, "A campaign has games 0 to 2, not %u", index);
  if (stack < -1 || stack >= FOL_CAMPAIGN_N_GAMES)
    return invalid (error, "A campaign has stacks 0 to 2, not %d", stack);
  if (!tx_begin (self, error))
    return FALSE;
  if (!exists (self, STMT_CAMPAIGN_EXISTS, "campaign", campaign_id, error)
      || (game_id != 0 && !exists (self, STMT_GAME_EXISTS, "game", game_id, error)))
    goto fail;
  {
    g_auto (FolStmt) st = get_stmt (self, STMT_SET_CAMPAIGN_GAME, error);
    if (!st)
      goto fail;
    sqlite3_bind_int64 (st, 1, campaign_id);
    sqlite3_bind_int (st, 2, (int) index);
    if (game_id != 0)
      sqlite3_bind_int64 (st, 3, game_id);
    sqlite3_bind_int (st, 4, stack);
    if (!step (self, st, NULL, "save the campaign", error))
      goto fail;
  }
  if (!touch_campaign (self, campaign_id, error))
    goto fail;
  return tx_commit (self, "save the campaign", error);

fail:
  tx_rollback (self);
  return FALSE;
}

gboolean
fol_store_set_campaign_game_result (FolStore *self,
                                    gint64    campaign_id,
                                    guint     index,
                                    int       score,
                                    gboolean  won,
                                    GError  **error)
{
  g_return_val_if_fail (FOL_IS_STORE (self), FALSE);
  if (index >= FOL_CAMPAIGN_N_GAMES)
    return invalid (error, "A campaign has games 0 to 2, not %u", index);
  if (!tx_begin (self, error))
    return FALSE;
  if (!exists (self, STMT_CAMPAIGN_EXISTS, "campaign", campaign_id, error))
    goto fail;
  {
    g_auto (FolStmt) st = get_stmt (self, STMT_SET_CAMPAIGN_GAME_RESULT, error);
    if (!st)
      goto fail;
    sqlite3_bind_int64 (st, 1, campaign_id);
    sqlite3_bind_int (st, 2, (int) index);
    sqlite3_bind_int (st, 3, score);
    sqlite3_bind_int (st, 4, won ? 1 : 0);
    if (!step (self, st, NULL, "save the campaign", error))
      goto fail;
  }
  if (!touch_campaign (self, campaign_id, error))
    goto fail;
  return tx_commit (self, "save the campaign", error);

fail:
  tx_rollback (self);
  return FALSE;
}

gboolean
fol_store_finish_campaign (FolStore *self,
                           gint64    campaign_id,
                           int       result,
                           GError  **error)
{
  g_return_val_if_fail (FOL_IS_STORE (self), FALSE);
  return change_row (self, STMT_FINISH_CAMPAIGN, "campaign", campaign_id, TRUE, result,
                     "save the campaign's result", error);
}

gboolean
fol_store_set_campaign_status (FolStore       *self,
                               gint64          campaign_id,
                               FolStoreStatus  status,
                               GError        **error)
{
  g_return_val_if_fail (FOL_IS_STORE (self), FALSE);
  if (!valid_status (status, error))
    return FALSE;
  return change_row (self, STMT_SET_CAMPAIGN_STATUS, "campaign", campaign_id, TRUE, (int) status,
                     "change the campaign's status", error);
}

gboolean
fol_store_delete_campaign (FolStore *self, gint64 campaign_id, GError **error)
{
  g_return_val_if_fail (FOL_IS_STORE (self), FALSE);
  return change_row (self, STMT_DELETE_CAMPAIGN, "campaign", campaign_id, FALSE, 0, "delete the campaign", error);
}

/* Fills a campaign from a CAMPAIGN_COLUMNS row and its campaign_games rows. */
static FolSavedCampaign *
campaign_from_row (FolStore *self, sqlite3_stmt *row_st, GError **error)
{
  g_autoptr (FolSavedCampaign) c = fol_saved_campaign_new ();
  c->id = sqlite3_column_int64 (row_st, 0);
  c->seed = (guint64) sqlite3_column_int64 (row_st, 1);
  g_free (c->side);
  c->side = column_dup (row_st, 2);
  c->status = sqlite3_column_int (row_st, 3);
  c->created = sqlite3_column_int64 (row_st, 4);
  c->updated = sqlite3_column_int64 (row_st, 5);
  c->has_result = sqlite3_column_type (row_st, 6) != SQLITE_NULL;
  c->result = sqlite3_column_int (row_st, 6);

  g_auto (FolStmt) st = get_stmt (self, STMT_LOAD_CAMPAIGN_GAMES, error);
  gboolean row = FALSE;
  if (!st)
    return NULL;
  sqlite3_bind_int64 (st, 1, c->id);
  gboolean ok;
  while ((ok = step (self, st, &row, "read the campaign", error)) && row)
    {
      int idx = sqlite3_column_int (st, 0);
      if (idx < 0 || idx >= FOL_CAMPAIGN_N_GAMES)
        continue;
      FolCampaignGame *g = &c->games[idx];
      g->game_id = sqlite3_column_int64 (st, 1);
      g->stack = sqlite3_column_int (st, 2);
      g->has_result = sqlite3_column_type (st, 3) != SQLITE_NULL;
      g->score = sqlite3_column_int (st, 3);
      g->won = sqlite3_column_int (st, 4) != 0;
    }
  if (!ok)
    return NULL;
  return g_steal_pointer (&c);
}

FolSavedCampaign *
fol_store_load_campaign (FolStore *self, gint64 campaign_id, GError **error)
{
  g_return_val_if_fail (FOL_IS_STORE (self), NULL);
  if (!tx_begin_read (self, error))
    return NULL;
  FolSavedCampaign *c = NULL;
  {
    g_auto (FolStmt) st = get_stmt (self, STMT_LOAD_CAMPAIGN, error);
    gboolean row = FALSE;
    if (!st)
      goto fail;
    sqlite3_bind_int64 (st, 1, campaign_id);
    if (!step (self, st, &row, "read the campaign", error))
      goto fail;
    if (!row)
      {
        not_found (error, "campaign", campaign_id);
        goto fail;
      }
    c = campaign_from_row (self, st, error);
    if (!c)
      goto fail;
  }
  if (!tx_commit (self, "read the campaign", error))
    {
      fol_saved_campaign_unref (c);
      return NULL;
    }
  return c;

fail:
  tx_rollback (self);
  return NULL;
}

GPtrArray *
fol_store_list_campaigns (FolStore *self, GError **error)
{
  g_return_val_if_fail (FOL_IS_STORE (self), NULL);
  if (!tx_begin_read (self, error))
    return NULL;
  g_autoptr (GPtrArray) list = g_ptr_array_new_with_free_func ((GDestroyNotify) fol_saved_campaign_unref);
  {
    g_auto (FolStmt) st = get_stmt (self, STMT_LIST_CAMPAIGNS, error);
    gboolean row = FALSE;
    if (!st)
      goto fail;
    gboolean ok;
    while ((ok = step (self, st, &row, "list the campaigns", error)) && row)
      {
        FolSavedCampaign *c = campaign_from_row (self, st, error);
        if (!c)
          goto fail;
        g_ptr_array_add (list, c);
      }
    if (!ok)
      goto fail;
  }
  if (!tx_commit (self, "list the campaigns", error))
    return NULL;
  return g_steal_pointer (&list);

fail:
  tx_rollback (self);
  return NULL;
}

gint64
fol_store_get_latest_unfinished_campaign (FolStore *self, GError **error)
{
  g_return_val_if_fail (FOL_IS_STORE (self), 0);
  g_auto (FolStmt) st = get_stmt (self, STMT_LATEST_CAMPAIGN, error);
  if (!st)
    return 0;
  return select_id (self, st, "find the campaign in progress", error);
}
