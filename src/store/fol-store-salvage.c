/* fol-store-salvage.c: carrying the games of a damaged file into a new one.
 *
 * The original was moved aside and is never written: a copy of it (with its
 * -wal and -journal files, so that SQLite applies them) is made in a
 * folder beside it (ORIGINAL.rescuing), read, and deleted.  The copy may lack tables
 * or columns (a schema that does not match its version, an older version):
 * the queries are made for the columns it has, with the defaults the
 * migrations give.  A game is read with the same checks as
 * fol_store_load_game() (fol_store_read_game()) and must pass the check of
 * its kind (fol_store_set_game_check(): the model replays it and compares
 * the state hash); then it is written into the new file with its id, unless
 * that id is taken there (a rescue resumed after new games were played).
 * Pages that cannot be read cost only the games stored in them: when the
 * scan of the games table stops at a damaged page, every id up to the
 * highest ever given is looked up one by one. */
#include "config.h"
#include "fol-store-private.h"

#include <errno.h>
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <string.h>

/* The most ids looked up one by one after the scan stopped. */
#define MAX_PROBES 200000

typedef struct {
  sqlite3 *db;          /* the copy of the original */
  const char *path;     /* the original, for messages */
  GHashTable *names;    /* "table" and "table.column" of the copy */
} Source;

static gboolean
has (Source *src, const char *table, const char *column)
{
  g_autofree char *key = column ? g_strdup_printf ("%s.%s", table, column) : g_strdup (table);
  return g_hash_table_contains (src->names, key);
}

/* @column when the table has it, else @fallback (an SQL expression). */
static const char *
col_or (Source *src, const char *table, const char *column, const char *fallback)
{
  return has (src, table, column) ? column : fallback;
}

static int
read_names (Source *src)
{
  sqlite3_stmt *st = NULL, *cols = NULL;
  int rc = sqlite3_prepare_v2 (src->db, "SELECT name FROM sqlite_master WHERE type = 'table'", -1, &st, NULL);
  if (rc == SQLITE_OK)
    rc = sqlite3_prepare_v2 (src->db, "SELECT name FROM pragma_table_info (?1)", -1, &cols, NULL);
  while (rc == SQLITE_OK && (rc = sqlite3_step (st)) == SQLITE_ROW)
    {
      const char *table = (const char *) sqlite3_column_text (st, 0);
      if (table == NULL)
        {
          rc = SQLITE_OK;
          continue;
        }
      g_hash_table_add (src->names, g_strdup (table));
      sqlite3_bind_text (cols, 1, table, -1, SQLITE_TRANSIENT);
      while ((rc = sqlite3_step (cols)) == SQLITE_ROW)
        g_hash_table_add (src->names, g_strdup_printf ("%s.%s", table, sqlite3_column_text (cols, 0)));
      sqlite3_reset (cols);
      if (rc == SQLITE_DONE)
        rc = SQLITE_OK;
    }
  sqlite3_finalize (st);
  sqlite3_finalize (cols);
  return rc == SQLITE_DONE ? SQLITE_OK : rc;
}

static sqlite3_stmt *
prepare (sqlite3 *db, const char *sql)
{
  sqlite3_stmt *st = NULL;
  if (sqlite3_prepare_v2 (db, sql, -1, &st, NULL) != SQLITE_OK)
    {
      g_debug ("Rescue: cannot prepare “%s”: %s", sql, sqlite3_errmsg (db));
      sqlite3_finalize (st);
      return NULL;
    }
  return st;
}

static void
read_stmts_clear (FolStoreReadStmts *s)
{
  g_clear_pointer (&s->game, sqlite3_finalize);
  g_clear_pointer (&s->seats, sqlite3_finalize);
  g_clear_pointer (&s->details, sqlite3_finalize);
  g_clear_pointer (&s->moves, sqlite3_finalize);
}

/* The queries of fol_store_read_game() for the copy's tables; FALSE when
 * the games cannot be read at all (no games or seats table). */
static gboolean
prepare_read (Source *src, FolStoreReadStmts *s)
{
  if (!has (src, "games", NULL) || !has (src, "seats", NULL))
    return FALSE;
  const char *finished = has (src, "games", "finished") ? "finished"
    : has (src, "games", "status") && has (src, "games", "updated") ? "CASE WHEN status = 1 THEN updated END"
    : "NULL";
  g_autofree char *game_sql = g_strdup_printf (
    "SELECT kind, seed, %s, %s, %s, %s, %s, hash, %s, %s, %s FROM games WHERE id = ?1",
    col_or (src, "games", "options", "''"),
    col_or (src, "games", "status", "0"),
    col_or (src, "games", "created", "0"),
    col_or (src, "games", "updated", "0"),
    finished,
    col_or (src, "games", "n_seats", "(SELECT count(*) FROM seats s WHERE s.game_id = games.id)"),
    col_or (src, "games", "hints", "0"),
    col_or (src, "games", "n_moves", "NULL"));
  g_autofree char *seats_sql = g_strdup_printf (
    "SELECT seat, name, %s, %s, %s, %s, %s FROM seats WHERE game_id = ?1 ORDER BY seat",
    col_or (src, "seats", "human", "0"),
    col_or (src, "seats", "level", "0"),
    col_or (src, "seats", "rank", "NULL"),
    col_or (src, "seats", "score", "NULL"),
    col_or (src, "seats", "won", "NULL"));
  s->game = prepare (src->db, game_sql);
  s->seats = prepare (src->db, seats_sql);
  if (has (src, "seat_details", NULL))
    s->details = prepare (src->db, "SELECT seat, key, value FROM seat_details WHERE game_id = ?1");
  if (has (src, "moves", NULL))
    s->moves = prepare (src->db, "SELECT ply, seat, move FROM moves WHERE game_id = ?1 ORDER BY ply");
  /* a details or moves table that cannot be queried holds nothing usable:
   * the game's move count and hash check decide */
  return s->game != NULL && s->seats != NULL;
}

/* The ids to try: those the scan of the games table reads, and when it
 * stops at a damaged page, every id up to the highest ever given. */
static GArray *
game_ids (Source *src)
{
  GArray *ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  gint64 max_id = 0;
  sqlite3_stmt *st = prepare (src->db, "SELECT id FROM games ORDER BY id");
  int rc = SQLITE_ERROR;
  while (st && (rc = sqlite3_step (st)) == SQLITE_ROW)
    {
      gint64 id = sqlite3_column_int64 (st, 0);
      g_array_append_val (ids, id);
      max_id = MAX (max_id, id);
    }
  sqlite3_finalize (st);
  if (rc == SQLITE_DONE)
    return ids;

  g_debug ("Rescue: the games of “%s” cannot be scanned (%s): looking them up one by one",
           src->path, sqlite3_errstr (rc));
  st = has (src, "sqlite_sequence", NULL) ? prepare (src->db, "SELECT seq FROM sqlite_sequence WHERE name = 'games'")
                                          : NULL;
  if (st && sqlite3_step (st) == SQLITE_ROW)
    max_id = MAX (max_id, sqlite3_column_int64 (st, 0));
  sqlite3_finalize (st);
  g_autoptr (GHashTable) seen = g_hash_table_new (g_int64_hash, g_int64_equal);
  for (guint i = 0; i < ids->len; i++)
    g_hash_table_add (seen, &g_array_index (ids, gint64, i));
  GArray *all = g_array_new (FALSE, FALSE, sizeof (gint64));
  for (gint64 id = 1; id <= max_id && id <= MAX_PROBES; id++)
    if (!g_hash_table_contains (seen, &id))
      g_array_append_val (all, id);
  g_array_append_vals (all, ids->data, ids->len);
  g_array_unref (ids);
  return all;
}

/* The statements writing into the new file. */
typedef struct {
  sqlite3_stmt *game_exists;
  sqlite3_stmt *game;
  sqlite3_stmt *seat;
  sqlite3_stmt *detail;
  sqlite3_stmt *move;
  sqlite3_stmt *campaign_exists;
  sqlite3_stmt *campaign;
  sqlite3_stmt *campaign_game;
} Dest;

static void
dest_clear (Dest *d)
{
  sqlite3_stmt **all[] = { &d->game_exists, &d->game, &d->seat, &d->detail, &d->move,
                           &d->campaign_exists, &d->campaign, &d->campaign_game };
  for (guint i = 0; i < G_N_ELEMENTS (all); i++)
    g_clear_pointer (all[i], sqlite3_finalize);
}

static int
dest_prepare (sqlite3 *db, Dest *d)
{
  struct { sqlite3_stmt **st; const char *sql; } all[] = {
    { &d->game_exists, "SELECT 1 FROM games WHERE id = ?1" },
    { &d->game, "INSERT INTO games (id, kind, seed, options, status, created, updated, finished, hash, "
                "n_seats, n_moves, seat_names, hints) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)" },
    { &d->seat, "INSERT INTO seats (game_id, seat, name, human, level, rank, score, won) "
                "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)" },
    { &d->detail, "INSERT OR REPLACE INTO seat_details (game_id, seat, key, value) VALUES (?1, ?2, ?3, ?4)" },
    { &d->move, "INSERT INTO moves (game_id, ply, seat, move) VALUES (?1, ?2, ?3, ?4)" },
    { &d->campaign_exists, "SELECT 1 FROM campaigns WHERE id = ?1" },
    { &d->campaign, "INSERT INTO campaigns (id, seed, side, status, created, updated, result) "
                    "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)" },
    { &d->campaign_game, "INSERT INTO campaign_games (campaign_id, idx, game_id, stack, score, won) "
                         "VALUES (?1, ?2, ?3, ?4, ?5, ?6)" },
  };
  for (guint i = 0; i < G_N_ELEMENTS (all); i++)
    {
      int rc = sqlite3_prepare_v2 (db, all[i].sql, -1, all[i].st, NULL);
      if (rc != SQLITE_OK)
        return rc;
    }
  return SQLITE_OK;
}

/* Runs an INSERT (or a SELECT 1) once and resets it; SQLITE_DONE or
 * SQLITE_ROW on success. */
static int
run (sqlite3_stmt *st)
{
  int rc = sqlite3_step (st);
  sqlite3_reset (st);
  sqlite3_clear_bindings (st);
  return rc;
}

/* Whether @id is taken in the new file (the rescue resumed after new games). */
static int
taken (sqlite3_stmt *exists, gint64 id, gboolean *is_taken)
{
  sqlite3_bind_int64 (exists, 1, id);
  int rc = run (exists);
  *is_taken = rc == SQLITE_ROW;
  return rc == SQLITE_ROW || rc == SQLITE_DONE ? SQLITE_OK : rc;
}

/* Writes @g into the new file: its id, or a new one when that is taken. */
static int
write_game (sqlite3 *db, Dest *d, const FolSavedGame *g, gint64 *new_id)
{
  gboolean is_taken = FALSE;
  int rc = taken (d->game_exists, g->id, &is_taken);
  if (rc != SQLITE_OK)
    return rc;
  char hex[17];
  g_snprintf (hex, sizeof hex, "%016" G_GINT64_MODIFIER "x", g->hash);
  g_autoptr (GString) names = g_string_new (NULL);
  for (guint i = 0; i < g->n_seats; i++)
    g_string_append_printf (names, "%s%s", i ? ", " : "", g->seats[i].name);

  sqlite3_stmt *st = d->game;
  if (!is_taken)
    sqlite3_bind_int64 (st, 1, g->id);
  sqlite3_bind_text (st, 2, g->kind, -1, SQLITE_STATIC);
  sqlite3_bind_int64 (st, 3, (sqlite3_int64) g->seed);
  sqlite3_bind_text (st, 4, g->options, -1, SQLITE_STATIC);
  sqlite3_bind_int (st, 5, (int) g->status);
  sqlite3_bind_int64 (st, 6, g->created);
  sqlite3_bind_int64 (st, 7, g->updated);
  if (g->status == FOL_STORE_STATUS_FINISHED)
    sqlite3_bind_int64 (st, 8, g->finished ? g->finished : g->updated);
  sqlite3_bind_text (st, 9, hex, -1, SQLITE_STATIC);
  sqlite3_bind_int (st, 10, (int) g->n_seats);
  sqlite3_bind_int (st, 11, (int) g->moves->len);
  sqlite3_bind_text (st, 12, names->str, -1, SQLITE_STATIC);
  sqlite3_bind_int (st, 13, g->hints);
  if ((rc = run (st)) != SQLITE_DONE)
    return rc;
  *new_id = sqlite3_last_insert_rowid (db);

  for (guint i = 0; i < g->n_seats; i++)
    {
      const FolSavedSeat *s = &g->seats[i];
      st = d->seat;
      sqlite3_bind_int64 (st, 1, *new_id);
      sqlite3_bind_int (st, 2, (int) i);
      sqlite3_bind_text (st, 3, s->name, -1, SQLITE_STATIC);
      sqlite3_bind_int (st, 4, s->human ? 1 : 0);
      sqlite3_bind_int (st, 5, s->level);
      if (s->has_result)
        {
          sqlite3_bind_int (st, 6, s->rank);
          sqlite3_bind_int (st, 7, s->score);
          sqlite3_bind_int (st, 8, s->won ? 1 : 0);
        }
      if ((rc = run (st)) != SQLITE_DONE)
        return rc;
      if (s->details == NULL)
        continue;
      GHashTableIter iter;
      gpointer key, value;
      g_hash_table_iter_init (&iter, s->details);
      while (g_hash_table_iter_next (&iter, &key, &value))
        {
          st = d->detail;
          sqlite3_bind_int64 (st, 1, *new_id);
          sqlite3_bind_int (st, 2, (int) i);
          sqlite3_bind_text (st, 3, key, -1, SQLITE_STATIC);
          sqlite3_bind_int (st, 4, GPOINTER_TO_INT (value));
          if ((rc = run (st)) != SQLITE_DONE)
            return rc;
        }
    }
  for (guint i = 0; i < g->moves->len; i++)
    {
      const FolSavedMove *m = &g_array_index (g->moves, FolSavedMove, i);
      st = d->move;
      sqlite3_bind_int64 (st, 1, *new_id);
      sqlite3_bind_int (st, 2, m->ply);
      sqlite3_bind_int (st, 3, m->seat);
      sqlite3_bind_text (st, 4, m->text, -1, SQLITE_STATIC);
      if ((rc = run (st)) != SQLITE_DONE)
        return rc;
    }
  return SQLITE_OK;
}

/* Carries the games over; @map gets old id -> new id of each. */
static int
rescue_games (Source *src, sqlite3 *db, Dest *d, GHashTable *map, FolSalvageCounts *counts)
{
  FolStoreReadStmts rs = { NULL, NULL, NULL, NULL };
  if (!prepare_read (src, &rs))
    {
      read_stmts_clear (&rs);
      g_autoptr (GArray) ids = has (src, "games", NULL) ? game_ids (src) : NULL;
      counts->games_lost = ids ? (int) ids->len : 0;
      return SQLITE_OK;
    }
  g_autoptr (GArray) ids = game_ids (src);
  int rc = SQLITE_OK;
  for (guint i = 0; i < ids->len && rc == SQLITE_OK; i++)
    {
      gint64 id = g_array_index (ids, gint64, i);
      g_autoptr (GError) error = NULL;
      g_autoptr (FolSavedGame) game = NULL;
      if (!fol_store_read_game (src->db, src->path, id, &rs, &game, &error))
        {
          if (!g_error_matches (error, FOL_STORE_ERROR, FOL_STORE_ERROR_NOT_FOUND))
            {
              g_debug ("Rescue: %s", error->message);
              counts->games_lost++;
            }
          continue;
        }
      FolStoreGameCheck check = fol_store_get_game_check (game->kind);
      if (check != NULL && !check (game, &error))
        {
          g_debug ("Rescue: saved game %" G_GINT64_FORMAT " of “%s” is left behind: %s",
                   id, src->path, error ? error->message : "(no reason)");
          counts->games_lost++;
          continue;
        }
      gint64 new_id = 0;
      rc = write_game (db, d, game, &new_id);
      if (rc == SQLITE_OK)
        {
          counts->games_rescued++;
          gint64 *k = g_new (gint64, 1), *v = g_new (gint64, 1);
          *k = id;
          *v = new_id;
          g_hash_table_insert (map, k, v);
        }
    }
  read_stmts_clear (&rs);
  return rc;
}

/* The campaigns whose row can be read; a slot whose game was not carried
 * over keeps its result without a game (as when a game is deleted). */
static int
rescue_campaigns (Source *src, sqlite3 *db, Dest *d, GHashTable *map, FolSalvageCounts *counts)
{
  if (!has (src, "campaigns", NULL))
    return SQLITE_OK;
  g_autofree char *sql = g_strdup_printf ("SELECT id, seed, side, %s, %s, %s, %s FROM campaigns ORDER BY id",
                                          col_or (src, "campaigns", "status", "0"),
                                          col_or (src, "campaigns", "created", "0"),
                                          col_or (src, "campaigns", "updated", "0"),
                                          col_or (src, "campaigns", "result", "NULL"));
  sqlite3_stmt *st = prepare (src->db, sql);
  sqlite3_stmt *games = has (src, "campaign_games", NULL)
    ? prepare (src->db, "SELECT idx, game_id, stack, score, won FROM campaign_games WHERE campaign_id = ?1")
    : NULL;
  int rc = SQLITE_OK;
  int step_rc = SQLITE_ERROR;
  while (st && rc == SQLITE_OK && (step_rc = sqlite3_step (st)) == SQLITE_ROW)
    {
      gint64 id = sqlite3_column_int64 (st, 0);
      const char *side = (const char *) sqlite3_column_text (st, 2);
      int status = sqlite3_column_int (st, 3);
      if (sqlite3_column_type (st, 1) != SQLITE_INTEGER || side == NULL || side[0] == '\0'
          || !g_utf8_validate (side, -1, NULL) || sqlite3_column_type (st, 3) != SQLITE_INTEGER
          || status < FOL_STORE_STATUS_IN_PROGRESS || status > FOL_STORE_STATUS_ABANDONED)
        {
          g_debug ("Rescue: campaign %" G_GINT64_FORMAT " of “%s” is damaged", id, src->path);
          counts->campaigns_lost++;
          continue;
        }
      gboolean is_taken = FALSE;
      if ((rc = taken (d->campaign_exists, id, &is_taken)) != SQLITE_OK)
        break;
      sqlite3_stmt *ins = d->campaign;
      if (!is_taken)
        sqlite3_bind_int64 (ins, 1, id);
      sqlite3_bind_int64 (ins, 2, sqlite3_column_int64 (st, 1));
      sqlite3_bind_text (ins, 3, side, -1, SQLITE_TRANSIENT);
      sqlite3_bind_int (ins, 4, status);
      sqlite3_bind_int64 (ins, 5, sqlite3_column_int64 (st, 4));
      sqlite3_bind_int64 (ins, 6, sqlite3_column_int64 (st, 5));
      if (status == FOL_STORE_STATUS_FINISHED && sqlite3_column_type (st, 6) != SQLITE_NULL)
        sqlite3_bind_int (ins, 7, sqlite3_column_int (st, 6));
      if ((rc = run (ins)) != SQLITE_DONE)
        break;
      rc = SQLITE_OK;
      gint64 new_id = sqlite3_last_insert_rowid (db);
      counts->campaigns_rescued++;

      if (games == NULL)
        continue;
      sqlite3_bind_int64 (games, 1, id);
      int grc;
      while ((grc = sqlite3_step (games)) == SQLITE_ROW)
        {
          int idx = sqlite3_column_int (games, 0);
          int stack = sqlite3_column_int (games, 2);
          if (idx < 0 || idx >= FOL_CAMPAIGN_N_GAMES)
            continue;
          sqlite3_stmt *cg = d->campaign_game;
          sqlite3_bind_int64 (cg, 1, new_id);
          sqlite3_bind_int (cg, 2, idx);
          gint64 old_game = sqlite3_column_int64 (games, 1);
          gint64 *new_game = old_game > 0 ? g_hash_table_lookup (map, &old_game) : NULL;
          if (new_game)
            sqlite3_bind_int64 (cg, 3, *new_game);
          sqlite3_bind_int (cg, 4, stack >= -1 && stack < FOL_CAMPAIGN_N_GAMES ? stack : -1);
          if (sqlite3_column_type (games, 3) != SQLITE_NULL)
            {
              sqlite3_bind_int (cg, 5, sqlite3_column_int (games, 3));
              sqlite3_bind_int (cg, 6, sqlite3_column_int (games, 4) != 0);
            }
          if ((rc = run (cg)) != SQLITE_DONE)
            break;
          rc = SQLITE_OK;
        }
      sqlite3_reset (games);
      if (rc == SQLITE_OK && grc != SQLITE_DONE && grc != SQLITE_ROW)
        g_debug ("Rescue: the games of campaign %" G_GINT64_FORMAT " of “%s” cannot all be read", id, src->path);
    }
  if (rc == SQLITE_OK && st && step_rc != SQLITE_DONE)
    g_debug ("Rescue: the campaigns of “%s” cannot all be read: %s", src->path, sqlite3_errstr (step_rc));
  sqlite3_finalize (st);
  sqlite3_finalize (games);
  return rc;
}

/* Keeps the ids the original gave out from being given again (AUTOINCREMENT). */
static int
keep_sequences (Source *src, sqlite3 *db)
{
  if (!has (src, "sqlite_sequence", NULL))
    return SQLITE_OK;
  sqlite3_stmt *st = prepare (src->db, "SELECT name, seq FROM sqlite_sequence WHERE name IN ('games', 'campaigns')");
  sqlite3_stmt *up = prepare (db,
                              "INSERT INTO sqlite_sequence (name, seq) SELECT ?1, ?2 "
                              "WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = ?1)");
  sqlite3_stmt *raise = prepare (db, "UPDATE sqlite_sequence SET seq = max (seq, ?2) WHERE name = ?1");
  int rc = SQLITE_OK;
  while (st && up && raise && rc == SQLITE_OK && sqlite3_step (st) == SQLITE_ROW)
    {
      const char *name = (const char *) sqlite3_column_text (st, 0);
      gint64 seq = sqlite3_column_int64 (st, 1);
      sqlite3_bind_text (raise, 1, name, -1, SQLITE_TRANSIENT);
      sqlite3_bind_int64 (raise, 2, seq);
      if ((rc = run (raise)) != SQLITE_DONE)
        break;
      sqlite3_bind_text (up, 1, name, -1, SQLITE_TRANSIENT);
      sqlite3_bind_int64 (up, 2, seq);
      rc = run (up) == SQLITE_DONE ? SQLITE_OK : sqlite3_errcode (db);
    }
  if (rc == SQLITE_DONE)
    rc = SQLITE_OK;
  sqlite3_finalize (st);
  sqlite3_finalize (up);
  sqlite3_finalize (raise);
  return rc;
}

/* The folder where the copy of @original is read: ORIGINAL.rescuing,
 * beside it.  One rescue at a time writes into the new file, so one folder
 * is enough, and a rescue interrupted by a crash leaves it for the next
 * attempt to clear. */
static char *
copy_folder (const char *original)
{
  return g_strconcat (original, ".rescuing", NULL);
}

static void
remove_copy (const char *folder)
{
  static const char *const suffixes[] = { "", "-wal", "-shm", "-journal" };
  g_autofree char *copy = g_build_filename (folder, "copy.db", NULL);
  for (guint i = 0; i < G_N_ELEMENTS (suffixes); i++)
    {
      g_autofree char *p = g_strconcat (copy, suffixes[i], NULL);
      g_unlink (p);
    }
  g_rmdir (folder);
}

/* A copy of @original and its -wal and -journal in copy_folder(); NULL
 * (and nothing left behind) when it cannot be made. */
static char *
make_copy (const char *original, const char *folder, GError **error)
{
  remove_copy (folder);
  if (g_mkdir (folder, 0700) != 0)
    {
      int errsv = errno;
      g_set_error (error, FOL_STORE_ERROR, errsv == ENOSPC ? FOL_STORE_ERROR_FULL : FOL_STORE_ERROR_IO,
                   "Could not make the folder “%s” to read a copy of “%s”: %s", folder, original, g_strerror (errsv));
      return NULL;
    }
  g_autofree char *copy = g_build_filename (folder, "copy.db", NULL);
  static const char *const suffixes[] = { "", "-wal", "-journal" };
  for (guint i = 0; i < G_N_ELEMENTS (suffixes); i++)
    {
      g_autofree char *from = g_strconcat (original, suffixes[i], NULL);
      g_autofree char *to = g_strconcat (copy, suffixes[i], NULL);
      if ((i == 0 || g_file_test (from, G_FILE_TEST_EXISTS)) && !fol_store_copy_file (from, to, error))
        {
          remove_copy (folder);
          return NULL;
        }
    }
  return g_steal_pointer (&copy);
}

void
fol_store_remove_rescue_copy (const char *original)
{
  g_autofree char *folder = copy_folder (original);
  remove_copy (folder);
}

/* Whether report @recovery_id still waits for its games (another process
 * may have carried them over meanwhile). */
static int
report_pending (sqlite3 *db, gint64 recovery_id, gboolean *pending)
{
  sqlite3_stmt *st = prepare (db, "SELECT done FROM recoveries WHERE id = ?1");
  if (st == NULL)
    return sqlite3_errcode (db);
  sqlite3_bind_int64 (st, 1, recovery_id);
  int rc = sqlite3_step (st);
  *pending = rc == SQLITE_ROW && sqlite3_column_int (st, 0) == 0;
  sqlite3_finalize (st);
  return rc == SQLITE_ROW || rc == SQLITE_DONE ? SQLITE_OK : rc;
}

static int
finish_report (sqlite3 *db, gint64 recovery_id, const FolSalvageCounts *c)
{
  sqlite3_stmt *st = prepare (db,
                              "UPDATE recoveries SET games_rescued = ?2, games_lost = ?3, campaigns_rescued = ?4, "
                              "campaigns_lost = ?5, done = 1 WHERE id = ?1");
  if (st == NULL)
    return sqlite3_errcode (db);
  sqlite3_bind_int64 (st, 1, recovery_id);
  sqlite3_bind_int (st, 2, c->games_rescued);
  sqlite3_bind_int (st, 3, c->games_lost);
  sqlite3_bind_int (st, 4, c->campaigns_rescued);
  sqlite3_bind_int (st, 5, c->campaigns_lost);
  int rc = sqlite3_step (st);
  sqlite3_finalize (st);
  return rc == SQLITE_DONE ? SQLITE_OK : rc;
}

gboolean
fol_store_salvage (FolStore         *self,
                   const char       *original,
                   gint64            recovery_id,
                   FolSalvageCounts *counts,
                   GError          **error)
{
  g_return_val_if_fail (FOL_IS_STORE (self), FALSE);
  sqlite3 *db = fol_store_get_db (self);
  const char *path = fol_store_get_path (self);
  memset (counts, 0, sizeof *counts);

  /* the write lock first: one rescue at a time, and only once */
  int wrc = sqlite3_exec (db, "BEGIN IMMEDIATE", NULL, NULL, NULL);
  gboolean pending = FALSE;
  if (wrc == SQLITE_OK)
    wrc = report_pending (db, recovery_id, &pending);
  if (wrc != SQLITE_OK)
    {
      fol_store_error_from_sqlite (db, wrc, path, "start carrying the saved games over", error);
      if (!sqlite3_get_autocommit (db))
        sqlite3_exec (db, "ROLLBACK", NULL, NULL, NULL);
      return FALSE;
    }
  if (!pending)
    {
      sqlite3_exec (db, "ROLLBACK", NULL, NULL, NULL);
      return TRUE;
    }

  g_autofree char *folder = copy_folder (original);
  g_autofree char *copy = make_copy (original, folder, error);
  if (copy == NULL)
    {
      sqlite3_exec (db, "ROLLBACK", NULL, NULL, NULL);
      return FALSE;
    }

  Source src = { NULL, original, g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL) };
  int rc = sqlite3_open_v2 (copy, &src.db, SQLITE_OPEN_READWRITE, NULL);
  if (rc == SQLITE_OK)
    {
      sqlite3_extended_result_codes (src.db, 1);
      /* read what there is of a truncated file (without it SQLite refuses a
       * file shorter than its header says), and skip schema errors; the
       * copy is never written */
      rc = sqlite3_exec (src.db, "PRAGMA writable_schema = ON", NULL, NULL, NULL);
    }
  if (rc == SQLITE_OK)
    rc = read_names (&src);
  if (rc != SQLITE_OK)
    g_debug ("Rescue: the tables of “%s” cannot be read: %s", original, sqlite3_errstr (rc));

  Dest dest = { NULL };
  g_autoptr (GHashTable) map = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
  wrc = dest_prepare (db, &dest);
  if (wrc == SQLITE_OK && rc == SQLITE_OK)
    wrc = rescue_games (&src, db, &dest, map, counts);
  if (wrc == SQLITE_OK && rc == SQLITE_OK)
    wrc = rescue_campaigns (&src, db, &dest, map, counts);
  if (wrc == SQLITE_OK && rc == SQLITE_OK)
    wrc = keep_sequences (&src, db);
  if (wrc == SQLITE_OK)
    wrc = finish_report (db, recovery_id, counts);
  dest_clear (&dest);
  if (wrc == SQLITE_OK)
    wrc = sqlite3_exec (db, "COMMIT", NULL, NULL, NULL);
  if (wrc != SQLITE_OK)
    {
      fol_store_error_from_sqlite (db, wrc, path, "save the rescued games", error);
      if (!sqlite3_get_autocommit (db))
        sqlite3_exec (db, "ROLLBACK", NULL, NULL, NULL);
      memset (counts, 0, sizeof *counts);
    }

  sqlite3_close (src.db);
  g_hash_table_unref (src.names);
  remove_copy (folder);
  return wrc == SQLITE_OK;
}
