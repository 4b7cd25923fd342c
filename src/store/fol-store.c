/* fol-store.c: FolStore, a thin GObject over one SQLite database (after
 * Epiphany's ephy-sqlite-connection.c): WAL, foreign keys, a busy timeout,
 * prepared statements kept for the life of the store, the migration ladder
 * of fol-store-migrations.c, and recovery from a damaged, mismatched or
 * too-new file by moving it aside (never overwriting it) and carrying its
 * games into a new file (fol-store-salvage.c), or repairing free-page
 * damage in place after a backup copy; the report of it is kept in the
 * recoveries table until dismissed. */
#include "config.h"
#include "fol-store-private.h"
#include "ai-level.h"

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
  STMT_LATEST_RECOVERY,
  STMT_DISMISS_RECOVERY,
  STMT_RECOVERY_EXISTS,
  STMT_COUNT_MOVES,
  STMT_DELETE_UNSTARTED,
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
    "SELECT kind, seed, options, status, created, updated, finished, hash, n_seats, hints, n_moves "
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
  [STMT_LATEST_RECOVERY] =
    "SELECT id, kind, time, original, reason, games_rescued, games_lost, campaigns_rescued, campaigns_lost, done "
    "FROM recoveries WHERE dismissed IS NULL ORDER BY id DESC LIMIT 1",
  [STMT_DISMISS_RECOVERY] = "UPDATE recoveries SET dismissed = ?2 WHERE id = ?1 AND dismissed IS NULL",
  [STMT_RECOVERY_EXISTS] = "SELECT 1 FROM recoveries WHERE id = ?1",
  /* the moves table's primary key (game_id, ply) keeps one game's moves together */
  [STMT_COUNT_MOVES] =
    "SELECT (SELECT count(*) FROM moves m WHERE m.game_id = ?1 AND m.move GLOB ?2) FROM games WHERE id = ?1",
  [STMT_DELETE_UNSTARTED] =
    "DELETE FROM games WHERE status = 0 AND n_moves = 0 AND id < ?1 "
    "AND NOT EXISTS (SELECT 1 FROM campaign_games c WHERE c.game_id = games.id)",
};

struct _FolStore
{
  GObject parent_instance;

  char *path;
  sqlite3 *db;
  sqlite3_stmt *stmts[N_STMTS];
  char *recovered_from;
  GError *recovery_error;
  FolStoreRecovery *recovery;   /* the newest report not dismissed */
  int batch_depth;
  gboolean batch_failed;
  gboolean durable;
  gint64 now_for_testing;
};

static void fol_store_initable_iface_init (GInitableIface *iface);

/* GAsyncInitable's default implementation runs the GInitable init (the
 * open, check and any salvage) in a worker thread: fol_store_new_async(). */
G_DEFINE_FINAL_TYPE_WITH_CODE (FolStore, fol_store, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_INITABLE, fol_store_initable_iface_init)
                               G_IMPLEMENT_INTERFACE (G_TYPE_ASYNC_INITABLE, NULL))

enum {
  PROP_0,
  PROP_PATH,
  PROP_RECOVERED_FROM,
  PROP_RECOVERY,
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

static char *
column_dup (sqlite3_stmt *st, int col)
{
  const char *s = (const char *) sqlite3_column_text (st, col);
  return g_strdup (s ? s : "");
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

/* ---- Game checks and quotes ---- */

/* the checks of fol_store_set_game_check(): summer, fall */
static FolStoreGameCheck game_checks[2];

static int
check_slot (const char *kind)
{
  if (g_strcmp0 (kind, "summer") == 0)
    return 0;
  if (g_strcmp0 (kind, "fall") == 0)
    return 1;
  return -1;
}

void
fol_store_set_game_check (const char *kind, FolStoreGameCheck check)
{
  int slot = check_slot (kind);
  g_return_if_fail (slot >= 0);
  game_checks[slot] = check;
}

FolStoreGameCheck
fol_store_get_game_check (const char *kind)
{
  int slot = check_slot (kind);
  return slot >= 0 ? game_checks[slot] : NULL;
}

char *
fol_store_elide (const char *message, const char *text)
{
  if (message == NULL)
    return g_strdup ("");
  g_autofree char *q = fol_quote (text);
  if (text == NULL || g_str_equal (q, text) || strstr (message, text) == NULL)
    return g_strdup (message);
  GString *out = g_string_new (NULL);
  gsize len = strlen (text);
  const char *p = message;
  const char *hit;
  while ((hit = strstr (p, text)) != NULL)
    {
      g_string_append_len (out, p, hit - p);
      g_string_append (out, q);
      p = hit + len;
    }
  g_string_append (out, p);
  return g_string_free (out, FALSE);
}

/* ---- Opening ---- */

typedef enum {
  OPEN_OK,
  OPEN_FAILED,      /* error set; the file is left alone */
  OPEN_BROKEN,      /* error set (CORRUPT, the reason only); move aside, rescue the games */
  OPEN_TOO_NEW,     /* error set (TOO_NEW); move aside, rescue the games */
  OPEN_REPAIRABLE,  /* error set (CORRUPT, the reason only): free-page damage only */
} OpenResult;

/* Recovery reports whose games are carried over at most this many times
 * (a rescue that crashes the program must not stop every start). */
#define MAX_RESCUE_ATTEMPTS 3

/* PRAGMA quick_check reports at most this many problems. */
#define QUICK_CHECK_MAX 1000

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

/* A line of PRAGMA quick_check that loses nothing: the list of free pages
 * is wrong, or a page belongs to nothing ("Main freelist: ..." and "Page N
 * is never used" in SQLite 3.40; "Freelist: ..." and "Page N: never used"
 * in other versions).  A page both free and in use is reported against
 * the table ("2nd reference to page N"): not harmless. */
static gboolean
harmless_check_line (const char *line)
{
  if (g_str_has_prefix (line, "Main freelist: ") || g_str_has_prefix (line, "Freelist: "))
    return TRUE;
  if (!g_str_has_prefix (line, "Page "))
    return FALSE;
  const char *p = line + 5;
  if (!g_ascii_isdigit (*p))
    return FALSE;
  while (g_ascii_isdigit (*p))
    p++;
  return g_str_equal (p, " is never used") || g_str_equal (p, ": never used");
}

/* PRAGMA quick_check over the whole file: OPEN_OK, OPEN_REPAIRABLE when
 * every problem is harmless_check_line(), else OPEN_BROKEN. */
static OpenResult
check_integrity (FolStore *self, GError **error)
{
  sqlite3_stmt *st = NULL;
  int rc = sqlite3_prepare_v2 (self->db, "PRAGMA quick_check (" G_STRINGIFY (QUICK_CHECK_MAX) ")", -1, &st, NULL);
  int n_problems = 0;
  gboolean harmless = TRUE;
  g_autofree char *first = NULL;
  g_autofree char *first_bad = NULL;
  if (rc == SQLITE_OK)
    while ((rc = sqlite3_step (st)) == SQLITE_ROW)
      {
        const char *res = (const char *) sqlite3_column_text (st, 0);
        if (g_strcmp0 (res, "ok") == 0)
          continue;
        n_problems++;
        /* "*** in database main ***\nPage 13: btreeInitPage() returns error code 11" */
        g_auto (GStrv) lines = g_strsplit (res ? res : "?", "\n", -1);
        for (int i = 0; lines[i]; i++)
          {
            if (lines[i][0] == '\0' || g_str_has_prefix (lines[i], "*** in database"))
              continue;
            if (first == NULL)
              first = g_strdup (lines[i]);
            if (!harmless_check_line (lines[i]))
              {
                harmless = FALSE;
                if (first_bad == NULL)
                  first_bad = g_strdup (lines[i]);
              }
          }
      }
  sqlite3_finalize (st);
  if (rc != SQLITE_DONE)
    return classify (self, rc, "check the database", error);
  if (n_problems == 0)
    return OPEN_OK;
  if (harmless && first != NULL && n_problems < QUICK_CHECK_MAX)
    {
      g_set_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_CORRUPT,
                   "its list of free pages is damaged (%d problem%s, such as: %s)", n_problems,
                   n_problems == 1 ? "" : "s", first);
      return OPEN_REPAIRABLE;
    }
  return broken (error, "damaged: %s", first_bad ? first_bad : first ? first : "?");
}

/* Checks the file with reads only (so a file to be moved aside is left as
 * it was): its application id, every page (quick_check), its tables against
 * its schema version; then sets the connection up and runs the migrations. */
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

  if (n_objects > 0)
    {
      OpenResult r = check_integrity (self, error);
      if (r != OPEN_OK)
        return r;
    }
  if (n_objects > 0 || version != 0)
    {
      FolSchemaMatch match = FOL_SCHEMA_MATCHES;
      g_autofree char *why = NULL;
      rc = fol_store_match_schema (self->db, version, &match, &why);
      if (rc != SQLITE_OK)
        return classify (self, rc, "read the database's tables", error);
      if (match == FOL_SCHEMA_NEWER)
        {
          g_set_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_TOO_NEW,
                       "“%s” was written by a newer version of Foliage (schema version %d, this version knows up to %d)",
                       self->path, version, FOL_STORE_SCHEMA_VERSION);
          return OPEN_TOO_NEW;
        }
      if (match == FOL_SCHEMA_MISMATCH)
        return broken (error, "its tables do not match its schema version: %s", why);
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
      g_autoptr (GError) local = NULL;
      if (!fol_store_migrate (self->db, self->path, FOL_STORE_SCHEMA_VERSION, &local))
        {
          /* a step that cannot run on these tables (its transaction was
           * rolled back): a lasting fault of the file, not of the moment */
          if (g_error_matches (local, FOL_STORE_ERROR, FOL_STORE_ERROR_CORRUPT)
              || g_error_matches (local, FOL_STORE_ERROR, FOL_STORE_ERROR_FAILED))
            return broken (error, "its schema upgrade failed: %s", local->message);
          g_propagate_error (error, g_steal_pointer (&local));
          return OPEN_FAILED;
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

/* A database file's companions, which belong with it. */
static const char *const db_suffixes[] = { "-wal", "-shm", "-journal" };

/* PATH.TAG-YYYYMMDD-HHMMSS[.N]: a name not taken, nor with any suffix. */
static char *
aside_name (const char *path, const char *tag)
{
  g_autoptr (GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *stamp = g_date_time_format (now, "%Y%m%d-%H%M%S");
  g_autofree char *base = g_strdup_printf ("%s.%s-%s", path, tag, stamp);
  char *aside = g_strdup (base);

  for (int n = 1; ; n++)
    {
      gboolean taken = g_file_test (aside, G_FILE_TEST_EXISTS);
      for (guint i = 0; i < G_N_ELEMENTS (db_suffixes) && !taken; i++)
        {
          g_autofree char *s = g_strconcat (aside, db_suffixes[i], NULL);
          taken = g_file_test (s, G_FILE_TEST_EXISTS);
        }
      if (!taken)
        return aside;
      g_free (aside);
      aside = g_strdup_printf ("%s.%d", base, n);
    }
}

/* Renames @path (and its -wal, -shm, -journal files) to
 * PATH.TAG-YYYYMMDD-HHMMSS[.N], never replacing an existing file. */
static char *
move_aside (const char *path, const char *tag, GError **error)
{
  g_autofree char *aside = aside_name (path, tag);
  if (g_rename (path, aside) != 0)
    {
      int errsv = errno;
      g_set_error (error, FOL_STORE_ERROR,
                   errsv == EACCES || errsv == EROFS || errsv == EPERM ? FOL_STORE_ERROR_READ_ONLY : FOL_STORE_ERROR_OPEN,
                   "“%s” is unusable and could not be moved aside to “%s”: %s",
                   path, aside, g_strerror (errsv));
      return NULL;
    }
  for (guint i = 0; i < G_N_ELEMENTS (db_suffixes); i++)
    {
      g_autofree char *from = g_strconcat (path, db_suffixes[i], NULL);
      g_autofree char *to = g_strconcat (aside, db_suffixes[i], NULL);
      if (g_file_test (from, G_FILE_TEST_EXISTS))
        g_rename (from, to);
    }
  return g_steal_pointer (&aside);
}

gboolean
fol_store_copy_file (const char *from, const char *to, GError **error)
{
  g_autoptr (GFile) src = g_file_new_for_path (from);
  g_autoptr (GFile) dst = g_file_new_for_path (to);
  g_autoptr (GError) local = NULL;
  if (g_file_copy (src, dst, G_FILE_COPY_NOFOLLOW_SYMLINKS, NULL, NULL, NULL, &local))
    return TRUE;
  g_set_error (error, FOL_STORE_ERROR,
               g_error_matches (local, G_IO_ERROR, G_IO_ERROR_NO_SPACE) ? FOL_STORE_ERROR_FULL
               : g_error_matches (local, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED) ? FOL_STORE_ERROR_READ_ONLY
               : FOL_STORE_ERROR_IO,
               "Could not copy “%s” to “%s”: %s", from, to, local->message);
  g_unlink (to);
  return FALSE;
}

/* Copies @path (with its -wal and -journal files; -shm is rebuilt from
 * them) byte for byte to PATH.TAG-YYYYMMDD-HHMMSS[.N]. */
static char *
copy_aside (const char *path, const char *tag, GError **error)
{
  g_autofree char *aside = aside_name (path, tag);
  if (!fol_store_copy_file (path, aside, error))
    return NULL;
  for (guint i = 0; i < G_N_ELEMENTS (db_suffixes); i++)
    {
      if (g_str_equal (db_suffixes[i], "-shm"))
        continue;
      g_autofree char *from = g_strconcat (path, db_suffixes[i], NULL);
      g_autofree char *to = g_strconcat (aside, db_suffixes[i], NULL);
      if (g_file_test (from, G_FILE_TEST_EXISTS) && !fol_store_copy_file (from, to, error))
        {
          for (guint k = 0; k < i; k++)
            {
              g_autofree char *done = g_strconcat (aside, db_suffixes[k], NULL);
              g_unlink (done);
            }
          g_unlink (aside);
          return NULL;
        }
    }
  return g_steal_pointer (&aside);
}

/* Damage that loses nothing (the list of free pages): a byte-for-byte copy
 * to PATH.backup-..., then VACUUM rebuilds the file from its tables, and the
 * file is checked again.  On the connection open_checked() left open, which
 * has written nothing. */
static OpenResult
repair_in_place (FolStore *self, const char *reason, char **backup, GError **error)
{
  g_autoptr (GError) local = NULL;
  *backup = copy_aside (self->path, "backup", &local);
  if (*backup == NULL)
    {
      g_debug ("No backup of “%s” before its repair: %s", self->path, local->message);
      return broken (error, "%s; it could not be repaired in place (no room for a backup copy)", reason);
    }
  sqlite3_db_config (self->db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 0, NULL);
  int rc = sqlite3_exec (self->db, "VACUUM", NULL, NULL, NULL);
  g_autofree char *why = rc == SQLITE_OK ? NULL : g_strdup (sqlite3_errmsg (self->db));
  close_db (self);
  if (rc != SQLITE_OK)
    return broken (error, "%s; the repair failed: %s", reason, why);
  OpenResult r = open_checked (self, &local);
  if (r == OPEN_REPAIRABLE)
    r = broken (error, "%s; the repair did not mend it", reason);
  else if (r != OPEN_OK)
    g_propagate_error (error, g_steal_pointer (&local));
  return r;
}

/* ---- Recovery reports ---- */

static gint64
add_report (FolStore             *self,
            FolStoreRecoveryKind  kind,
            const char           *original,
            const char           *reason,
            gboolean              done,
            int                   games,
            GError              **error)
{
  sqlite3_stmt *st = NULL;
  int rc = sqlite3_prepare_v2 (self->db,
                               "INSERT INTO recoveries (kind, time, original, reason, games_rescued, done) "
                               "VALUES (?1, ?2, ?3, ?4, ?5, ?6)", -1, &st, NULL);
  if (rc == SQLITE_OK)
    {
      sqlite3_bind_int (st, 1, (int) kind);
      sqlite3_bind_int64 (st, 2, store_now (self));
      sqlite3_bind_text (st, 3, original, -1, SQLITE_STATIC);
      sqlite3_bind_text (st, 4, reason ? reason : "", -1, SQLITE_STATIC);
      sqlite3_bind_int (st, 5, games);
      sqlite3_bind_int (st, 6, done ? 1 : 0);
      rc = sqlite3_step (st);
    }
  sqlite3_finalize (st);
  if (rc != SQLITE_DONE)
    {
      fol_store_error_from_sqlite (self->db, rc, self->path, "save the report of the damaged file", error);
      return 0;
    }
  return sqlite3_last_insert_rowid (self->db);
}

/* One attempt to carry the games of @original over (counted first, so that
 * a rescue that crashes is not tried for ever). */
static gboolean
rescue_games (FolStore *self, gint64 recovery_id, const char *original, FolSalvageCounts *counts, GError **error)
{
  g_autofree char *sql = g_strdup_printf ("UPDATE recoveries SET attempts = attempts + 1 WHERE id = %" G_GINT64_FORMAT,
                                          recovery_id);
  int rc = sqlite3_exec (self->db, sql, NULL, NULL, NULL);
  if (rc != SQLITE_OK)
    return fol_store_error_from_sqlite (self->db, rc, self->path, "save the report of the damaged file", error);
  return fol_store_salvage (self, original, recovery_id, counts, error);
}

/* Completes reports whose games were not carried over yet (a rescue
 * interrupted by a crash or a full disk), except @skip_id. */
static void
resume_rescues (FolStore *self, gint64 skip_id)
{
  sqlite3_stmt *st = NULL;
  g_autoptr (GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr (GPtrArray) originals = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GArray) attempts = g_array_new (FALSE, FALSE, sizeof (int));
  int rc = sqlite3_prepare_v2 (self->db, "SELECT id, original, attempts FROM recoveries WHERE done = 0 ORDER BY id",
                               -1, &st, NULL);
  while (rc == SQLITE_OK && sqlite3_step (st) == SQLITE_ROW)
    {
      gint64 id = sqlite3_column_int64 (st, 0);
      int n = sqlite3_column_int (st, 2);
      if (id == skip_id)
        continue;
      g_array_append_val (ids, id);
      g_ptr_array_add (originals, column_dup (st, 1));
      g_array_append_val (attempts, n);
    }
  sqlite3_finalize (st);

  for (guint i = 0; i < ids->len; i++)
    {
      gint64 id = g_array_index (ids, gint64, i);
      const char *original = g_ptr_array_index (originals, i);
      const char *why = NULL;
      if (g_array_index (attempts, int, i) >= MAX_RESCUE_ATTEMPTS)
        why = " (its games could not be carried over)";
      else if (!g_file_test (original, G_FILE_TEST_IS_REGULAR))
        why = " (the original file is gone)";
      if (why == NULL)
        {
          FolSalvageCounts counts = { 0 };
          g_autoptr (GError) error = NULL;
          if (!rescue_games (self, id, original, &counts, &error))
            g_debug ("Rescuing the games of “%s”: %s", original, error->message);
          continue;
        }
      /* give up: the report stays, with what it has */
      fol_store_remove_rescue_copy (original);
      sqlite3_stmt *up = NULL;
      if (sqlite3_prepare_v2 (self->db, "UPDATE recoveries SET done = 1, reason = reason || ?2 WHERE id = ?1",
                              -1, &up, NULL) == SQLITE_OK)
        {
          sqlite3_bind_int64 (up, 1, id);
          sqlite3_bind_text (up, 2, why, -1, SQLITE_STATIC);
          sqlite3_step (up);
        }
      sqlite3_finalize (up);
    }
}

/* Reads the newest report not dismissed into self->recovery (NULL: none);
 * TRUE when it changed. */
static gboolean
load_report (FolStore *self)
{
  FolStoreRecovery *r = NULL;
  g_auto (FolStmt) st = get_stmt (self, STMT_LATEST_RECOVERY, NULL);
  if (st && sqlite3_step (st) == SQLITE_ROW)
    {
      r = g_new0 (FolStoreRecovery, 1);
      r->id = sqlite3_column_int64 (st, 0);
      r->kind = (FolStoreRecoveryKind) CLAMP (sqlite3_column_int (st, 1), 0, 2);
      r->time = sqlite3_column_int64 (st, 2);
      r->original = column_dup (st, 3);
      r->reason = column_dup (st, 4);
      r->games_rescued = sqlite3_column_int (st, 5);
      r->games_lost = sqlite3_column_int (st, 6);
      r->campaigns_rescued = sqlite3_column_int (st, 7);
      r->campaigns_lost = sqlite3_column_int (st, 8);
      r->complete = sqlite3_column_int (st, 9) != 0;
    }
  gboolean changed = (r == NULL) != (self->recovery == NULL)
                     || (r && (r->id != self->recovery->id || r->complete != self->recovery->complete));
  g_clear_pointer (&self->recovery, fol_store_recovery_free);
  self->recovery = r;
  return changed;
}

static char *
rescued_text (const FolSalvageCounts *c)
{
  GString *s = g_string_new (NULL);
  g_string_append_printf (s, "%d saved game%s rescued", c->games_rescued, c->games_rescued == 1 ? " was" : "s were");
  if (c->games_lost > 0)
    g_string_append_printf (s, " (%d could not be)", c->games_lost);
  if (c->campaigns_rescued > 0 || c->campaigns_lost > 0)
    g_string_append_printf (s, ", with %d campaign%s", c->campaigns_rescued, c->campaigns_rescued == 1 ? "" : "s");
  if (c->campaigns_lost > 0)
    g_string_append_printf (s, " (%d could not be)", c->campaigns_lost);
  return g_string_free (s, FALSE);
}

/* After the damaged file was moved aside to @aside and a new one opened:
 * the report, the games carried over, the message for the user. */
static void
rescue_into_new_file (FolStore *self, OpenResult why, const GError *reason, const char *aside)
{
  FolStoreRecoveryKind kind = why == OPEN_TOO_NEW ? FOL_STORE_RECOVERY_TOO_NEW : FOL_STORE_RECOVERY_RESCUED;
  g_autoptr (GError) error = NULL;
  FolSalvageCounts counts = { 0 };
  gint64 id = add_report (self, kind, aside, reason->message, FALSE, 0, &error);
  gboolean ok = id > 0 && rescue_games (self, id, aside, &counts, &error);
  if (!ok)
    g_debug ("Rescuing the games of “%s”: %s", aside, error->message);
  g_autofree char *rescued = ok ? rescued_text (&counts) : NULL;
  g_autofree char *failed = ok ? NULL
    : g_strdup_printf ("no game could be carried over yet (%s); Foliage tries again at the next start", error->message);

  if (kind == FOL_STORE_RECOVERY_TOO_NEW)
    self->recovery_error = g_error_new (FOL_STORE_ERROR, FOL_STORE_ERROR_TOO_NEW,
                                        "%s. It was moved to “%s” unchanged, where a newer Foliage can still open it, "
                                        "and a new file of saved games was started: %s.",
                                        reason->message, aside, ok ? rescued : failed);
  else
    self->recovery_error = g_error_new (FOL_STORE_ERROR, FOL_STORE_ERROR_CORRUPT,
                                        "The file of saved games “%s” could not be read (%s). "
                                        "It was moved to “%s” unchanged and a new file was started: %s.",
                                        self->path, reason->message, aside, ok ? rescued : failed);
}

static int
count_games (FolStore *self)
{
  int n = 0;
  query_int (self->db, "SELECT count(*) FROM games", &n);
  return n;
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
  g_autofree char *backup = NULL;
  g_autofree char *repaired = NULL;
  OpenResult r = open_checked (self, &local);
  if (r == OPEN_REPAIRABLE)
    {
      repaired = g_strdup (local->message);
      g_clear_error (&local);
      r = repair_in_place (self, repaired, &backup, &local);
    }
  if (r == OPEN_OK)
    {
      if (repaired != NULL)
        {
          g_autoptr (GError) report_error = NULL;
          if (add_report (self, FOL_STORE_RECOVERY_REPAIRED, backup, repaired, TRUE, count_games (self),
                          &report_error) == 0)
            g_debug ("%s", report_error->message);
        }
      resume_rescues (self, 0);
      load_report (self);
      return TRUE;
    }
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
  self->recovered_from = g_strdup (aside);
  OpenResult fresh = open_checked (self, &local);
  if (fresh != OPEN_OK)
    {
      close_db (self);
      g_propagate_error (error, local);
      return FALSE;
    }
  rescue_into_new_file (self, r, reason, aside);
  load_report (self);
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
  g_clear_pointer (&self->recovery, fol_store_recovery_free);

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
    case PROP_RECOVERY:
      g_value_set_boxed (value, self->recovery);
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
  /**
   * FolStore:recovery:
   * The newest report of a damaged file not dismissed yet
   * (fol_store_get_recovery()), or NULL.
   */
  properties[PROP_RECOVERY] =
    g_param_spec_boxed ("recovery", NULL, NULL, FOL_TYPE_STORE_RECOVERY,
                        G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

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

void
fol_store_new_async (const char          *path,
                     GCancellable        *cancellable,
                     GAsyncReadyCallback  callback,
                     gpointer             user_data)
{
  g_async_initable_new_async (FOL_TYPE_STORE, G_PRIORITY_DEFAULT, cancellable, callback, user_data,
                              "path", path, NULL);
}

FolStore *
fol_store_new_finish (GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (G_IS_ASYNC_RESULT (result), NULL);
  g_autoptr (GObject) source = g_async_result_get_source_object (result);
  GObject *store = g_async_initable_new_finish (G_ASYNC_INITABLE (source), result, error);
  return store ? FOL_STORE (store) : NULL;
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

const FolStoreRecovery *
fol_store_get_recovery (FolStore *self)
{
  g_return_val_if_fail (FOL_IS_STORE (self), NULL);
  return self->recovery;
}

gboolean
fol_store_dismiss_recovery (FolStore *self, gint64 recovery_id, GError **error)
{
  g_return_val_if_fail (FOL_IS_STORE (self), FALSE);
  {
    g_auto (FolStmt) st = get_stmt (self, STMT_DISMISS_RECOVERY, error);
    if (!st)
      return FALSE;
    sqlite3_bind_int64 (st, 1, recovery_id);
    sqlite3_bind_int64 (st, 2, store_now (self));
    if (!step (self, st, NULL, "dismiss the report of the damaged file", error))
      return FALSE;
  }
  if (sqlite3_changes (self->db) == 0)
    {
      /* dismissed already, or no such report */
      g_auto (FolStmt) st = get_stmt (self, STMT_RECOVERY_EXISTS, error);
      gboolean row = FALSE;
      if (!st)
        return FALSE;
      sqlite3_bind_int64 (st, 1, recovery_id);
      if (!step (self, st, &row, "read the reports of damaged files", error))
        return FALSE;
      if (!row)
        return not_found (error, "report of a damaged file", recovery_id);
    }
  if (load_report (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RECOVERY]);
  return TRUE;
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
    {
      if (seats[i].name == NULL || !g_utf8_validate (seats[i].name, -1, NULL) || seats[i].name[0] == '\0')
        return invalid (error, "Seat %u has no valid name", i);
      if (seats[i].level < 0 || seats[i].level >= FOL_N_AI_LEVELS)
        return invalid (error, "Seat %u has level %d, not a known level 0 to %d", i, seats[i].level,
                        FOL_N_AI_LEVELS - 1);
    }
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

int
fol_store_delete_unstarted_games (FolStore *self, gint64 newer_id, GError **error)
{
  g_return_val_if_fail (FOL_IS_STORE (self), -1);

  if (!tx_begin (self, error))
    return -1;
  int n = 0;
  {
    g_auto (FolStmt) st = get_stmt (self, STMT_DELETE_UNSTARTED, error);
    if (!st)
      goto fail;
    sqlite3_bind_int64 (st, 1, newer_id);
    if (!step (self, st, NULL, "delete the games never started", error))
      goto fail;
    n = sqlite3_changes (self->db);
  }
  if (!tx_commit (self, "delete the games never started", error))
    return -1;
  return n;

fail:
  tx_rollback (self);
  return -1;
}

gboolean
fol_store_add_hint (FolStore *self, gint64 game_id, GError **error)
{
  g_return_val_if_fail (FOL_IS_STORE (self), FALSE);
  return change_row (self, STMT_ADD_HINT, "game", game_id, TRUE, 1, "save that a hint was shown", error);
}

static gboolean
damaged_game (GError **error, const char *path, gint64 game_id, const char *fmt, ...) G_GNUC_PRINTF (4, 5);

/* CORRUPT: "Saved game N in “PATH” is damaged: WHAT (table.field)" */
static gboolean
damaged_game (GError **error, const char *path, gint64 game_id, const char *fmt, ...)
{
  va_list args;
  va_start (args, fmt);
  g_autofree char *what = g_strdup_vprintf (fmt, args);
  va_end (args);
  g_set_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_CORRUPT,
               "Saved game %" G_GINT64_FORMAT " in “%s” is damaged: %s", game_id, path ? path : "(memory)", what);
  return FALSE;
}

/* g_intern_string() without its global lock for the two usual kinds; an
 * unknown kind (a newer Foliage's, a damaged row) is cut to a quote */
static const char *
intern_kind (const char *kind)
{
  const char *known = known_kind (kind);
  if (known)
    return known;
  g_autofree char *quote = fol_quote (kind);
  return g_intern_string (quote);
}

/* The column as an int, when it is an integer within [min, max]. */
static gboolean
column_int_in (sqlite3_stmt *st, int col, gint64 min, gint64 max, int *out)
{
  if (sqlite3_column_type (st, col) != SQLITE_INTEGER)
    return FALSE;
  gint64 v = sqlite3_column_int64 (st, col);
  if (v < min || v > max)
    return FALSE;
  *out = (int) v;
  return TRUE;
}

/* The column as short text for a message: a quoted value, or its type. */
static char *
column_quote (sqlite3_stmt *st, int col)
{
  switch (sqlite3_column_type (st, col))
    {
    case SQLITE_NULL:
      return g_strdup ("NULL");
    case SQLITE_INTEGER:
      return g_strdup_printf ("%" G_GINT64_FORMAT, (gint64) sqlite3_column_int64 (st, col));
    case SQLITE_BLOB:
      return g_strdup ("a blob");
    default:
      {
        g_autofree char *q = fol_quote ((const char *) sqlite3_column_text (st, col));
        return g_strdup_printf ("“%s”", q);
      }
    }
}

static gboolean
valid_text (const char *s)
{
  return s != NULL && s[0] != '\0' && g_utf8_validate (s, -1, NULL);
}

/* The games row: a new game with its seats allocated, or NULL with @error. */
static FolSavedGame *
read_game_row (sqlite3 *db, const char *path, gint64 game_id, sqlite3_stmt *st, int *n_moves, GError **error)
{
  sqlite3_bind_int64 (st, 1, game_id);
  int rc = sqlite3_step (st);
  if (rc == SQLITE_DONE)
    {
      not_found (error, "game", game_id);
      return NULL;
    }
  if (rc != SQLITE_ROW)
    {
      fol_store_error_from_sqlite (db, rc, path, "read the game", error);
      return NULL;
    }

  const char *kind = known_kind ((const char *) sqlite3_column_text (st, 0));
  if (kind == NULL)
    {
      g_autofree char *q = column_quote (st, 0);
      damaged_game (error, path, game_id, "unknown game kind %s (games.kind)", q);
      return NULL;
    }
  if (sqlite3_column_type (st, 1) != SQLITE_INTEGER)
    {
      g_autofree char *q = column_quote (st, 1);
      damaged_game (error, path, game_id, "the seed %s is not an integer (games.seed)", q);
      return NULL;
    }
  int status = 0;
  if (!column_int_in (st, 3, FOL_STORE_STATUS_IN_PROGRESS, FOL_STORE_STATUS_ABANDONED, &status))
    {
      g_autofree char *q = column_quote (st, 3);
      damaged_game (error, path, game_id, "unknown status %s (games.status)", q);
      return NULL;
    }
  int n_seats = 0;
  if (!column_int_in (st, 8, 1, FOL_STORE_MAX_SEATS, &n_seats))
    {
      g_autofree char *q = column_quote (st, 8);
      damaged_game (error, path, game_id, "%s seats, not 1 to %d (games.n_seats)", q, FOL_STORE_MAX_SEATS);
      return NULL;
    }
  guint64 hash = 0;
  const char *hex = (const char *) sqlite3_column_text (st, 7);
  if (hex == NULL || strlen (hex) != 16
      || !g_ascii_string_to_unsigned (hex, 16, 0, G_MAXUINT64, &hash, NULL))
    {
      g_autofree char *q = column_quote (st, 7);
      damaged_game (error, path, game_id, "the state hash %s is not 16 hexadecimal digits (games.hash)", q);
      return NULL;
    }
  const char *options = (const char *) sqlite3_column_text (st, 2);
  if (options != NULL && !g_utf8_validate (options, -1, NULL))
    {
      damaged_game (error, path, game_id, "the options are not UTF-8 text (games.options)");
      return NULL;
    }
  *n_moves = -1;
  if (sqlite3_column_type (st, 10) != SQLITE_NULL
      && !column_int_in (st, 10, 0, G_MAXINT, n_moves))
    {
      g_autofree char *q = column_quote (st, 10);
      damaged_game (error, path, game_id, "%s moves (games.n_moves)", q);
      return NULL;
    }

  FolSavedGame *game = fol_saved_game_new ((guint) n_seats);
  game->id = game_id;
  game->kind = kind;
  game->seed = (guint64) sqlite3_column_int64 (st, 1);
  g_free (game->options);
  game->options = g_strdup (options ? options : "");
  game->status = status;
  game->created = sqlite3_column_int64 (st, 4);
  game->updated = sqlite3_column_int64 (st, 5);
  game->finished = sqlite3_column_int64 (st, 6);
  game->hash = hash;
  game->hints = MAX (sqlite3_column_int (st, 9), 0);
  return game;
}

static gboolean
read_seats (sqlite3 *db, const char *path, FolSavedGame *game, sqlite3_stmt *st, GError **error)
{
  guint n = 0;
  int rc;
  sqlite3_bind_int64 (st, 1, game->id);
  while ((rc = sqlite3_step (st)) == SQLITE_ROW)
    {
      int seat = -1;
      if (!column_int_in (st, 0, 0, FOL_STORE_MAX_SEATS, &seat) || seat != (int) n || n >= game->n_seats)
        {
          g_autofree char *q = column_quote (st, 0);
          return damaged_game (error, path, game->id, "seat %s where seat %u of %u was expected (seats.seat)",
                               q, n, game->n_seats);
        }
      const char *name = (const char *) sqlite3_column_text (st, 1);
      if (!valid_text (name))
        return damaged_game (error, path, game->id, "seat %u has no name (seats.name)", n);
      FolSavedSeat *s = &game->seats[n];
      if (!column_int_in (st, 3, 0, FOL_N_AI_LEVELS - 1, &s->level))
        {
          g_autofree char *q = column_quote (st, 3);
          return damaged_game (error, path, game->id, "seat %u has level %s, not a known level 0 to %d (seats.level)",
                               n, q, FOL_N_AI_LEVELS - 1);
        }
      s->name = g_strdup (name);
      s->human = sqlite3_column_int (st, 2) != 0;
      s->has_result = sqlite3_column_type (st, 4) != SQLITE_NULL;
      s->rank = sqlite3_column_int (st, 4);
      s->score = sqlite3_column_int (st, 5);
      s->won = sqlite3_column_int (st, 6) != 0;
      n++;
    }
  if (rc != SQLITE_DONE)
    return fol_store_error_from_sqlite (db, rc, path, "read the game's players", error);
  if (n != game->n_seats)
    return damaged_game (error, path, game->id, "%u of its %u seats are stored (seats)", n, game->n_seats);
  return TRUE;
}

static gboolean
read_details (sqlite3 *db, const char *path, FolSavedGame *game, sqlite3_stmt *st, GError **error)
{
  int rc;
  sqlite3_bind_int64 (st, 1, game->id);
  while ((rc = sqlite3_step (st)) == SQLITE_ROW)
    {
      int seat = -1;
      if (!column_int_in (st, 0, 0, (gint64) game->n_seats - 1, &seat))
        {
          g_autofree char *q = column_quote (st, 0);
          return damaged_game (error, path, game->id, "a result of seat %s, but the game has %u seats (seat_details.seat)",
                               q, game->n_seats);
        }
      FolSavedSeat *s = &game->seats[seat];
      if (s->details == NULL)
        s->details = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      g_hash_table_insert (s->details, column_dup (st, 1), GINT_TO_POINTER (sqlite3_column_int (st, 2)));
    }
  if (rc != SQLITE_DONE)
    return fol_store_error_from_sqlite (db, rc, path, "read the game's results", error);
  return TRUE;
}

static gboolean
read_moves (sqlite3 *db, const char *path, FolSavedGame *game, sqlite3_stmt *st, GError **error)
{
  int rc;
  sqlite3_bind_int64 (st, 1, game->id);
  while ((rc = sqlite3_step (st)) == SQLITE_ROW)
    {
      int expected = (int) game->moves->len + 1;
      int ply = 0;
      if (!column_int_in (st, 0, expected, expected, &ply))
        {
          g_autofree char *q = column_quote (st, 0);
          return damaged_game (error, path, game->id, "move %s where move %d was expected: a move is missing "
                               "from the log (moves.ply)", q, expected);
        }
      int seat = -1;
      if (!column_int_in (st, 1, 0, (gint64) game->n_seats - 1, &seat))
        {
          g_autofree char *q = column_quote (st, 1);
          return damaged_game (error, path, game->id, "move %d is by seat %s, but the game has %u seats (moves.seat)",
                               ply, q, game->n_seats);
        }
      const char *text = (const char *) sqlite3_column_text (st, 2);
      if (!valid_text (text))
        return damaged_game (error, path, game->id, "move %d is not a move's text (moves.move)", ply);
      FolSavedMove m = { ply, seat, g_strdup (text) };
      g_array_append_val (game->moves, m);
    }
  if (rc != SQLITE_DONE)
    return fol_store_error_from_sqlite (db, rc, path, "read the game's moves", error);
  return TRUE;
}

gboolean
fol_store_read_game (sqlite3                 *db,
                     const char              *path,
                     gint64                   game_id,
                     const FolStoreReadStmts *stmts,
                     FolSavedGame           **out,
                     GError                 **error)
{
  g_return_val_if_fail (stmts != NULL && stmts->game != NULL && stmts->seats != NULL, FALSE);
  /* each statement is reset and unbound when this returns */
  g_auto (FolStmt) game_st = stmts->game;
  g_auto (FolStmt) seats_st = stmts->seats;
  g_auto (FolStmt) details_st = stmts->details;
  g_auto (FolStmt) moves_st = stmts->moves;
  g_autoptr (FolSavedGame) game = NULL;
  int n_moves = -1;

  game = read_game_row (db, path, game_id, game_st, &n_moves, error);
  if (game == NULL
      || !read_seats (db, path, game, seats_st, error)
      || (details_st && !read_details (db, path, game, details_st, error))
      || (moves_st && !read_moves (db, path, game, moves_st, error)))
    return FALSE;
  if (n_moves >= 0 && (guint) n_moves != game->moves->len)
    return damaged_game (error, path, game_id, "%d moves are counted but the log has %u (games.n_moves)",
                         n_moves, game->moves->len);
  *out = g_steal_pointer (&game);
  return TRUE;
}

static gboolean
load_game_rows (FolStore *self, gint64 game_id, FolSavedGame **out, GError **error)
{
  FolStoreReadStmts stmts = {
    get_stmt (self, STMT_LOAD_GAME, error),
    NULL, NULL, NULL,
  };
  if (!stmts.game
      || !(stmts.seats = get_stmt (self, STMT_LOAD_SEATS, error))
      || !(stmts.details = get_stmt (self, STMT_LOAD_DETAILS, error))
      || !(stmts.moves = get_stmt (self, STMT_LOAD_MOVES, error)))
    return FALSE;
  return fol_store_read_game (self->db, self->path, game_id, &stmts, out, error);
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

/* The clear function of fol_store_load_seats()'s array. */
static void
saved_seat_clear (gpointer data)
{
  FolSavedSeat *seat = data;
  g_clear_pointer (&seat->name, g_free);
  g_clear_pointer (&seat->details, g_hash_table_unref);
}

GArray *
fol_store_load_seats (FolStore *self, gint64 game_id, GError **error)
{
  g_return_val_if_fail (FOL_IS_STORE (self), NULL);

  if (!tx_begin_read (self, error))
    return NULL;
  g_autoptr (FolSavedGame) game = NULL;
  {
    /* the statements are reset at the end of this block, before the commit */
    g_auto (FolStmt) game_st = get_stmt (self, STMT_LOAD_GAME, error);
    g_auto (FolStmt) seats_st = game_st ? get_stmt (self, STMT_LOAD_SEATS, error) : NULL;
    g_auto (FolStmt) details_st = seats_st ? get_stmt (self, STMT_LOAD_DETAILS, error) : NULL;
    int n_moves = -1;
    if (details_st != NULL)
      game = read_game_row (self->db, self->path, game_id, game_st, &n_moves, error);
    if (game != NULL
        && (!read_seats (self->db, self->path, game, seats_st, error)
            || !read_details (self->db, self->path, game, details_st, error)))
      g_clear_pointer (&game, fol_saved_game_unref);
  }
  if (game == NULL)
    {
      tx_rollback (self);
      return NULL;
    }
  if (!tx_commit (self, "read the game's players", error))
    return NULL;
  GArray *seats = g_array_sized_new (FALSE, TRUE, sizeof (FolSavedSeat), game->n_seats);
  g_array_set_clear_func (seats, saved_seat_clear);
  g_array_append_vals (seats, game->seats, game->n_seats);
  /* the names and details now belong to the array */
  memset (game->seats, 0, sizeof (FolSavedSeat) * game->n_seats);
  return seats;
}

int
fol_store_count_moves (FolStore *self, gint64 game_id, const char *pattern, GError **error)
{
  g_return_val_if_fail (FOL_IS_STORE (self), -1);
  g_return_val_if_fail (pattern != NULL, -1);

  g_auto (FolStmt) st = get_stmt (self, STMT_COUNT_MOVES, error);
  if (!st)
    return -1;
  sqlite3_bind_int64 (st, 1, game_id);
  sqlite3_bind_text (st, 2, pattern, -1, SQLITE_STATIC);
  gboolean row = FALSE;
  if (!step (self, st, &row, "count the game's moves", error))
    return -1;
  if (!row)
    {
      not_found (error, "game", game_id);
      return -1;
    }
  return sqlite3_column_int (st, 0);
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
