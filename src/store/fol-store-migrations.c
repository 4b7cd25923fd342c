/* fol-store-migrations.c: the schema of the store and its migration ladder.
 *
 * Each step takes a database at version N - 1 to version N and runs in one
 * transaction together with `PRAGMA user_version = N`.  A new database runs
 * the whole ladder from 0, so the ladder is exercised on every first start.
 * Never edit a released step: add a new one and raise
 * FOL_STORE_SCHEMA_VERSION (fol-store.h), and keep a fixture of the last
 * version under tests/fixtures/store-vN.sql.
 *
 * Conventions: times are INTEGER microseconds since the epoch (UTC); seeds
 * are the uint64 cast to INTEGER (int64); hashes are 16 lower-case hex
 * digits; status is 0 in progress, 1 finished, 2 abandoned.
 */
#include "config.h"
#include "fol-store-private.h"

#include <string.h>

typedef struct {
  int version;
  const char *sql;
} FolStoreMigration;

static const FolStoreMigration migrations[] = {
  /* 1: games, their seats (with the final result) and their move log */
  { 1,
    "PRAGMA application_id = 1181707369;\n" /* FOL_STORE_APPLICATION_ID */
    "CREATE TABLE games (\n"
    "  id INTEGER PRIMARY KEY AUTOINCREMENT,\n"
    "  kind TEXT NOT NULL,\n"
    "  seed INTEGER NOT NULL,\n"
    "  options TEXT NOT NULL DEFAULT '',\n"
    "  status INTEGER NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 2)),\n"
    "  created INTEGER NOT NULL,\n"
    "  updated INTEGER NOT NULL,\n"
    "  hash TEXT NOT NULL\n"
    ");\n"
    "CREATE TABLE seats (\n"
    "  game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,\n"
    "  seat INTEGER NOT NULL,\n"
    "  name TEXT NOT NULL,\n"
    "  human INTEGER NOT NULL,\n"
    "  level INTEGER NOT NULL DEFAULT 0,\n"
    "  rank INTEGER,\n"
    "  score INTEGER,\n"
    "  won INTEGER,\n"
    "  PRIMARY KEY (game_id, seat)\n"
    ") WITHOUT ROWID;\n"
    "CREATE TABLE moves (\n"
    "  game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,\n"
    "  ply INTEGER NOT NULL,\n"
    "  seat INTEGER NOT NULL,\n"
    "  move TEXT NOT NULL,\n"
    "  PRIMARY KEY (game_id, ply)\n"
    ") WITHOUT ROWID;\n" },

  /* 2: the games list without reading seats or moves: counts and the
   * players' names kept in the games row (filled in from the existing rows)
   * and indexes for the list (most recent first) and for "the latest game in
   * progress" */
  { 2,
    "ALTER TABLE games ADD COLUMN n_seats INTEGER NOT NULL DEFAULT 0;\n"
    "ALTER TABLE games ADD COLUMN n_moves INTEGER NOT NULL DEFAULT 0;\n"
    "ALTER TABLE games ADD COLUMN seat_names TEXT NOT NULL DEFAULT '';\n"
    "UPDATE games SET\n"
    "  n_seats = (SELECT count(*) FROM seats WHERE seats.game_id = games.id),\n"
    "  n_moves = (SELECT count(*) FROM moves WHERE moves.game_id = games.id),\n"
    "  seat_names = coalesce ((SELECT group_concat (name, ', ') FROM\n"
    "    (SELECT name FROM seats WHERE seats.game_id = games.id ORDER BY seat)), '');\n"
    "CREATE INDEX games_by_updated ON games (updated, id);\n"
    "CREATE INDEX games_by_status ON games (status, updated, id);\n" },

  /* 3: the finished time (solo scores over time; filled in from the updated
   * time of the games already finished), game-specific result figures as
   * key/value, and solo campaigns */
  { 3,
    "ALTER TABLE games ADD COLUMN finished INTEGER;\n"
    "UPDATE games SET finished = updated WHERE status = 1;\n"
    "CREATE INDEX games_by_finished ON games (finished) WHERE finished IS NOT NULL;\n"
    "CREATE TABLE seat_details (\n"
    "  game_id INTEGER NOT NULL,\n"
    "  seat INTEGER NOT NULL,\n"
    "  key TEXT NOT NULL,\n"
    "  value INTEGER NOT NULL,\n"
    "  PRIMARY KEY (game_id, seat, key),\n"
    "  FOREIGN KEY (game_id, seat) REFERENCES seats (game_id, seat) ON DELETE CASCADE\n"
    ") WITHOUT ROWID;\n"
    "CREATE TABLE campaigns (\n"
    "  id INTEGER PRIMARY KEY AUTOINCREMENT,\n"
    "  seed INTEGER NOT NULL,\n"
    "  side TEXT NOT NULL,\n"
    "  status INTEGER NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 2)),\n"
    "  created INTEGER NOT NULL,\n"
    "  updated INTEGER NOT NULL,\n"
    "  result INTEGER\n"
    ");\n"
    "CREATE INDEX campaigns_by_status ON campaigns (status, updated, id);\n"
    "CREATE TABLE campaign_games (\n"
    "  campaign_id INTEGER NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,\n"
    "  idx INTEGER NOT NULL CHECK (idx BETWEEN 0 AND 2),\n"
    "  game_id INTEGER REFERENCES games (id) ON DELETE SET NULL,\n"
    "  stack INTEGER NOT NULL DEFAULT -1,\n"
    "  score INTEGER,\n"
    "  won INTEGER,\n"
    "  PRIMARY KEY (campaign_id, idx)\n"
    ") WITHOUT ROWID;\n"
    "CREATE INDEX campaign_games_by_game ON campaign_games (game_id);\n" },

  /* 4: how many hints a person was shown during the game (a game played
   * with hints is counted apart in the statistics); the games already
   * saved had none */
  { 4,
    "ALTER TABLE games ADD COLUMN hints INTEGER NOT NULL DEFAULT 0;\n" },

  /* 5: the reports of damaged files found at open (FolStoreRecovery), kept
   * until the person dismisses them; kind and the counts as in
   * fol-store-recovery.h, done 0 while the games are still being carried
   * over from the original (attempts counts the tries) */
  { 5,
    "CREATE TABLE recoveries (\n"
    "  id INTEGER PRIMARY KEY AUTOINCREMENT,\n"
    "  kind INTEGER NOT NULL CHECK (kind IN (0, 1, 2)),\n"
    "  time INTEGER NOT NULL,\n"
    "  original TEXT NOT NULL,\n"
    "  reason TEXT NOT NULL DEFAULT '',\n"
    "  games_rescued INTEGER NOT NULL DEFAULT 0,\n"
    "  games_lost INTEGER NOT NULL DEFAULT 0,\n"
    "  campaigns_rescued INTEGER NOT NULL DEFAULT 0,\n"
    "  campaigns_lost INTEGER NOT NULL DEFAULT 0,\n"
    "  done INTEGER NOT NULL DEFAULT 0,\n"
    "  attempts INTEGER NOT NULL DEFAULT 0,\n"
    "  dismissed INTEGER\n"
    ");\n" },

  /* 6: the analysis of a game (issue 13; fol-saved-analysis.h), one per
   * game and analysis method (FOL_ANALYSIS_METHOD): game_hash is the
   * game's hash when it was analysed (an analysis of a game changed since
   * is not read), seed, rollouts and expert_percent the run's, turns the
   * analysed turns as the text of a GVariant of type a(iiiiasasdddd) */
  { 6,
    "CREATE TABLE analyses (\n"
    "  game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,\n"
    "  method INTEGER NOT NULL,\n"
    "  game_hash TEXT NOT NULL,\n"
    "  seed INTEGER NOT NULL,\n"
    "  rollouts INTEGER NOT NULL,\n"
    "  expert_percent INTEGER NOT NULL,\n"
    "  created INTEGER NOT NULL,\n"
    "  turns TEXT NOT NULL,\n"
    "  PRIMARY KEY (game_id, method)\n"
    ") WITHOUT ROWID;\n" },

  /* 7: the cache of solo pars (issue 13, "Solo par"; fol-saved-par.h): one
   * row per deal (its deal code), solver version and node budget, so that a
   * changed solver or budget computes the par again; par, won and proven as
   * the solver found them, nodes the nodes it searched, expert_score the
   * Expert level's score from the same deal, line the par's moves in the
   * notation, one per line.  Not tied to a game: deleting games keeps it */
  { 7,
    "CREATE TABLE pars (\n"
    "  deal TEXT NOT NULL,\n"
    "  solver INTEGER NOT NULL,\n"
    "  budget INTEGER NOT NULL,\n"
    "  par INTEGER NOT NULL,\n"
    "  won INTEGER NOT NULL,\n"
    "  proven INTEGER NOT NULL,\n"
    "  nodes INTEGER NOT NULL,\n"
    "  expert_score INTEGER NOT NULL,\n"
    "  line TEXT NOT NULL,\n"
    "  created INTEGER NOT NULL,\n"
    "  PRIMARY KEY (deal, solver, budget)\n"
    ") WITHOUT ROWID;\n" },
};

G_STATIC_ASSERT (G_N_ELEMENTS (migrations) == FOL_STORE_SCHEMA_VERSION);

static int
get_user_version (sqlite3 *db, int *version)
{
  sqlite3_stmt *st = NULL;
  int rc = sqlite3_prepare_v2 (db, "PRAGMA user_version", -1, &st, NULL);
  if (rc == SQLITE_OK)
    {
      rc = sqlite3_step (st);
      if (rc == SQLITE_ROW)
        {
          *version = sqlite3_column_int (st, 0);
          rc = SQLITE_OK;
        }
    }
  sqlite3_finalize (st);
  return rc;
}

static gboolean
run_step (sqlite3 *db, const char *path, const FolStoreMigration *m, GError **error)
{
  int rc = sqlite3_exec (db, "BEGIN IMMEDIATE", NULL, NULL, NULL);
  if (rc != SQLITE_OK)
    return fol_store_error_from_sqlite (db, rc, path, "start a schema upgrade", error);

  int version = 0;
  rc = get_user_version (db, &version);
  if (rc == SQLITE_OK && version != m->version - 1)
    {
      /* another process upgraded it meanwhile: nothing to do at this step */
      sqlite3_exec (db, "ROLLBACK", NULL, NULL, NULL);
      return TRUE;
    }
  if (rc == SQLITE_OK)
    rc = sqlite3_exec (db, m->sql, NULL, NULL, NULL);
  if (rc == SQLITE_OK)
    {
      g_autofree char *set = g_strdup_printf ("PRAGMA user_version = %d", m->version);
      rc = sqlite3_exec (db, set, NULL, NULL, NULL);
    }
  if (rc == SQLITE_OK)
    rc = sqlite3_exec (db, "COMMIT", NULL, NULL, NULL);
  if (rc != SQLITE_OK)
    {
      g_autofree char *what = g_strdup_printf ("upgrade the database to version %d", m->version);
      fol_store_error_from_sqlite (db, rc, path, what, error);
      if (!sqlite3_get_autocommit (db))
        sqlite3_exec (db, "ROLLBACK", NULL, NULL, NULL);
      return FALSE;
    }
  return TRUE;
}

gboolean
fol_store_migrate (sqlite3 *db, const char *path, int to, GError **error)
{
  g_return_val_if_fail (to >= 1 && to <= FOL_STORE_SCHEMA_VERSION, FALSE);

  int version = 0;
  int rc = get_user_version (db, &version);
  if (rc != SQLITE_OK)
    return fol_store_error_from_sqlite (db, rc, path, "read the schema version", error);
  for (guint i = 0; i < G_N_ELEMENTS (migrations); i++)
    {
      const FolStoreMigration *m = &migrations[i];
      if (m->version <= version || m->version > to)
        continue;
      if (!run_step (db, path, m, error))
        return FALSE;
    }
  return TRUE;
}

gboolean
fol_store_create_at_version_for_testing (const char *path, int version, GError **error)
{
  sqlite3 *db = NULL;
  int rc = sqlite3_open_v2 (path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL);
  gboolean ok;
  if (rc != SQLITE_OK)
    ok = fol_store_error_from_sqlite (db, rc, path, "create the database", error);
  else
    ok = fol_store_migrate (db, path, version, error);
  sqlite3_close (db);
  return ok;
}

/* ---- Does a file's schema match its version? ---- */

/* The schema of @db: object name -> its shape ("table: c1,c2,..." or
 * "index on T: c1,..."), without SQLite's own objects (sqlite_*). */
static int
schema_shape (sqlite3 *db, GHashTable **out)
{
  g_autoptr (GHashTable) shape = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  sqlite3_stmt *st = NULL, *cols = NULL, *idx = NULL;
  int rc = sqlite3_prepare_v2 (db,
                               "SELECT type, name, tbl_name FROM sqlite_master "
                               "WHERE type IN ('table', 'index') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'",
                               -1, &st, NULL);
  if (rc == SQLITE_OK)
    rc = sqlite3_prepare_v2 (db, "SELECT name FROM pragma_table_info (?1)", -1, &cols, NULL);
  if (rc == SQLITE_OK)
    rc = sqlite3_prepare_v2 (db, "SELECT name FROM pragma_index_info (?1)", -1, &idx, NULL);
  while (rc == SQLITE_OK && (rc = sqlite3_step (st)) == SQLITE_ROW)
    {
      const char *type = (const char *) sqlite3_column_text (st, 0);
      const char *name = (const char *) sqlite3_column_text (st, 1);
      const char *table = (const char *) sqlite3_column_text (st, 2);
      gboolean is_table = g_strcmp0 (type, "table") == 0;
      GString *desc = is_table ? g_string_new ("table:") : g_string_new (NULL);
      if (!is_table)
        g_string_printf (desc, "index on %s:", table ? table : "?");
      sqlite3_stmt *c = is_table ? cols : idx;
      sqlite3_bind_text (c, 1, name ? name : "", -1, SQLITE_TRANSIENT);
      while ((rc = sqlite3_step (c)) == SQLITE_ROW)
        {
          const char *col = (const char *) sqlite3_column_text (c, 0);
          g_string_append_printf (desc, " %s", col ? col : "?");
        }
      sqlite3_reset (c);
      if (rc != SQLITE_DONE)
        {
          g_string_free (desc, TRUE);
          break;
        }
      rc = SQLITE_OK;
      g_hash_table_insert (shape, g_strdup (name ? name : ""), g_string_free (desc, FALSE));
    }
  if (rc == SQLITE_DONE)
    rc = SQLITE_OK;
  sqlite3_finalize (st);
  sqlite3_finalize (cols);
  sqlite3_finalize (idx);
  if (rc == SQLITE_OK)
    *out = g_steal_pointer (&shape);
  return rc;
}

/* The shape of every version 0 .. FOL_STORE_SCHEMA_VERSION as the ladder
 * makes it (in memory, once per process). */
static GHashTable **
known_shapes (void)
{
  static GHashTable **shapes = NULL;
  if (g_once_init_enter (&shapes))
    {
      GHashTable **made = g_new0 (GHashTable *, FOL_STORE_SCHEMA_VERSION + 1);
      sqlite3 *mem = NULL;
      if (sqlite3_open (":memory:", &mem) != SQLITE_OK)
        g_error ("The store cannot open an in-memory database: %s", sqlite3_errmsg (mem));
      for (int v = 0; v <= FOL_STORE_SCHEMA_VERSION; v++)
        {
          g_autoptr (GError) error = NULL;
          if (v > 0 && !fol_store_migrate (mem, NULL, v, &error))
            g_error ("The schema ladder fails in memory: %s", error->message);
          if (schema_shape (mem, &made[v]) != SQLITE_OK)
            g_error ("The schema of version %d cannot be read in memory: %s", v, sqlite3_errmsg (mem));
        }
      sqlite3_close (mem);
      g_once_init_leave (&shapes, made);
    }
  return shapes;
}

static gboolean
same_shape (GHashTable *a, GHashTable *b)
{
  if (g_hash_table_size (a) != g_hash_table_size (b))
    return FALSE;
  GHashTableIter iter;
  gpointer key, value;
  g_hash_table_iter_init (&iter, a);
  while (g_hash_table_iter_next (&iter, &key, &value))
    if (g_strcmp0 (value, g_hash_table_lookup (b, key)) != 0)
      return FALSE;
  return TRUE;
}

static const char *
object_type (const char *shape)
{
  return g_str_has_prefix (shape, "table:") ? "table" : "index";
}

/* An object of a shape, for sorting: tables first, then by name. */
typedef struct {
  const char *name;
  const char *shape;
} ShapeObject;

static int
compare_objects (gconstpointer a, gconstpointer b)
{
  const ShapeObject *oa = a, *ob = b;
  gboolean ta = g_str_has_prefix (oa->shape, "table:");
  gboolean tb = g_str_has_prefix (ob->shape, "table:");
  if (ta != tb)
    return ta ? -1 : 1;
  return strcmp (oa->name, ob->name);
}

int
fol_store_match_schema (sqlite3 *db, int version, FolSchemaMatch *match, char **why)
{
  g_autoptr (GHashTable) actual = NULL;
  int rc = schema_shape (db, &actual);
  if (rc != SQLITE_OK)
    return rc;
  GHashTable **shapes = known_shapes ();
  *match = FOL_SCHEMA_MATCHES;

  if (version > FOL_STORE_SCHEMA_VERSION)
    {
      for (int v = FOL_STORE_SCHEMA_VERSION; v >= 1; v--)
        if (same_shape (actual, shapes[v]))
          {
            *match = FOL_SCHEMA_MISMATCH;
            *why = g_strdup_printf ("its schema version is %d but its tables are those of version %d", version, v);
            return SQLITE_OK;
          }
      *match = FOL_SCHEMA_NEWER;
      return SQLITE_OK;
    }

  GHashTable *expected = shapes[MAX (version, 0)];
  GHashTable *latest = shapes[FOL_STORE_SCHEMA_VERSION];
  /* tables before indexes, by name: the message names the first fault */
  g_autoptr (GArray) objects = g_array_new (FALSE, FALSE, sizeof (ShapeObject));
  GHashTableIter iter;
  gpointer key, value;
  g_hash_table_iter_init (&iter, expected);
  while (g_hash_table_iter_next (&iter, &key, &value))
    g_array_append_val (objects, ((ShapeObject) { key, value }));
  g_array_sort (objects, compare_objects);
  for (guint i = 0; i < objects->len; i++)
    {
      const char *name = g_array_index (objects, ShapeObject, i).name;
      const char *shape = g_array_index (objects, ShapeObject, i).shape;
      const char *have = g_hash_table_lookup (actual, name);
      if (have == NULL)
        {
          *match = FOL_SCHEMA_MISMATCH;
          *why = g_strdup_printf ("the %s %s of schema version %d is missing", object_type (shape), name, version);
          return SQLITE_OK;
        }
      if (g_strcmp0 (have, shape) != 0)
        {
          *match = FOL_SCHEMA_MISMATCH;
          *why = g_strdup_printf ("the %s %s is not as schema version %d has it", object_type (shape), name, version);
          return SQLITE_OK;
        }
    }
  /* an object of another version (a version number too low for its
   * tables); objects of no version of ours are left alone */
  g_hash_table_iter_init (&iter, actual);
  while (g_hash_table_iter_next (&iter, &key, &value))
    if (!g_hash_table_contains (expected, key) && g_hash_table_contains (latest, key))
      {
        *match = FOL_SCHEMA_MISMATCH;
        *why = g_strdup_printf ("its schema version is %d but it has the %s %s of a later version", version,
                                object_type (value), (const char *) key);
        return SQLITE_OK;
      }
  return SQLITE_OK;
}
