/* test-store-recovery.c: bad database files (src/store/fol-store.c, opening;
 * src/store/fol-store-salvage.c).
 *
 * A file that is not a database, a damaged, truncated or random one, one
 * whose tables do not match its schema version, or one from a newer version
 * is never overwritten: it is moved aside, byte for byte, a new database is
 * started, every game that can still be read and replays to its stored hash
 * (here: the synthetic hash of store-test-util.h) is carried into it, and
 * the caller is told, also at every later open until dismissed.  Damage
 * that loses nothing (the free-page list) is repaired in place after a
 * backup copy.  A read-only folder or file gives a clear error and changes
 * nothing.  Every case counts the games before and after. */
#include <glib.h>
#include <sqlite3.h>
#include <unistd.h>
#include "store/fol-store.h"
#include "store/fol-store-private.h"
#include "store-test-util.h"

typedef struct {
  char *dir;
  char *path;
} Fixture;

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  f->dir = store_test_tmpdir ();
  f->path = g_build_filename (f->dir, "foliage.db", NULL);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  store_test_rmdir (f->dir);
  g_free (f->dir);
  g_free (f->path);
}

/* A real database of @n_games finished games of 30 moves (summer and fall
 * in turn), closed (no -wal left). */
static void
make_database (const char *path, int n_games)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (FolStore) store = fol_store_new (path, &error);
  g_assert_no_error (error);
  fol_store_set_durable (store, FALSE);
  g_assert_true (fol_store_begin_batch (store, &error));
  for (int i = 0; i < n_games; i++)
    store_test_add_game (store, i % 2 ? "fall" : "summer", 30, TRUE);
  g_assert_true (fol_store_end_batch (store, TRUE, &error));
  g_assert_no_error (error);
}

#define read_bytes store_test_read_bytes
#define write_bytes store_test_write_bytes

/* Every game @store lists loads and passes the synthetic check. */
static void
check_games_sound (FolStore *store)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) list = fol_store_list_games (store, -1, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < list->len; i++)
    {
      const FolGameSummary *s = &g_array_index (list, FolGameSummary, i);
      g_autoptr (FolSavedGame) g = fol_store_load_game (store, s->id, &error);
      g_assert_no_error (error);
      g_assert_true (store_test_check_game (g, &error));
      g_assert_no_error (error);
      g_assert_cmpint (fol_saved_game_get_n_moves (g), ==, s->n_moves);
    }
}

/* Opens @f->path, which holds @original: the store must open a new
 * database holding the rescued games, say so with @code, have moved the
 * file aside unchanged to PATH.@tag-YYYYMMDD-HHMMSS, and keep a report of
 * @kind.  Returns the store. */
static FolStore *
check_recovered_full (Fixture *f, GBytes *original, FolStoreError code, const char *tag, FolStoreRecoveryKind kind)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (FolStore) store = fol_store_new (f->path, &error);
  g_assert_no_error (error);
  g_assert_nonnull (store);

  const char *aside = fol_store_get_recovered_from (store);
  const GError *why = fol_store_get_recovery_error (store);
  g_assert_nonnull (aside);
  g_assert_nonnull (why);
  g_assert_error ((GError *) why, FOL_STORE_ERROR, (int) code);
  g_test_message ("recovery: %s", why->message);
  /* the message names both files */
  g_assert_nonnull (strstr (why->message, aside));
  g_assert_nonnull (strstr (why->message, f->path));

  /* PATH.TAG-YYYYMMDD-HHMMSS */
  g_autofree char *prefix = g_strdup_printf ("%s.%s-", f->path, tag);
  g_assert_true (g_str_has_prefix (aside, prefix));
  const char *stamp = aside + strlen (prefix);
  g_assert_cmpuint (strlen (stamp), ==, 15);
  for (int i = 0; i < 15; i++)
    {
      if (i == 8)
        g_assert_cmpint (stamp[i], ==, '-');
      else
        g_assert_true (g_ascii_isdigit (stamp[i]));
    }
  g_autofree char *prop = NULL;
  g_object_get (store, "recovered-from", &prop, NULL);
  g_assert_cmpstr (prop, ==, aside);

  /* byte-identical where it was moved, and the copy the rescue read is gone */
  g_autoptr (GBytes) moved = read_bytes (aside);
  g_assert_true (g_bytes_equal (moved, original));
  g_autofree char *rescuing = g_strconcat (aside, ".rescuing", NULL);
  g_assert_false (g_file_test (rescuing, G_FILE_TEST_EXISTS));

  /* the report: kind, where, how many; the message says how many too */
  const FolStoreRecovery *r = fol_store_get_recovery (store);
  g_assert_nonnull (r);
  g_assert_cmpint (r->kind, ==, kind);
  g_assert_cmpstr (r->original, ==, aside);
  g_assert_true (r->complete);
  g_assert_cmpuint (store_test_n_games (store), ==, (guint) r->games_rescued);
  g_autofree char *count = g_strdup_printf ("%d saved game", r->games_rescued);
  g_assert_nonnull (strstr (why->message, count));
  g_test_message ("%d games rescued, %d lost", r->games_rescued, r->games_lost);
  check_games_sound (store);

  /* the new database works */
  const FolSeatSetup seats[] = { { "Ann", TRUE, 0 } };
  gint64 id = fol_store_create_game (store, "summer", 1, NULL, seats, 1, 0, &error);
  g_assert_no_error (error);
  g_assert_true (fol_store_append_move (store, id, 1, "G01 r0 a1", 0, 1, &error));
  g_assert_no_error (error);
  g_assert_true (fol_store_delete_game (store, id, &error));
  return g_steal_pointer (&store);
}

/* A file from which nothing can be rescued. */
static void
check_recovered (Fixture *f, GBytes *original, FolStoreError code, const char *tag)
{
  FolStoreRecoveryKind kind = code == FOL_STORE_ERROR_TOO_NEW ? FOL_STORE_RECOVERY_TOO_NEW : FOL_STORE_RECOVERY_RESCUED;
  g_autoptr (FolStore) store = check_recovered_full (f, original, code, tag, kind);
  g_assert_cmpuint (store_test_n_games (store), ==, 0);
  g_assert_cmpint (fol_store_get_recovery (store)->games_rescued, ==, 0);
}

/* Opens @f->path, which held @n_before games and now is damaged so that
 * @n_lost of them cannot be read: a new file with the others, ids kept. */
static FolStore *
check_rescued (Fixture *f, guint n_before, guint n_lost)
{
  g_autoptr (GBytes) original = read_bytes (f->path);
  FolStore *store = check_recovered_full (f, original, FOL_STORE_ERROR_CORRUPT, "broken",
                                          FOL_STORE_RECOVERY_RESCUED);
  const FolStoreRecovery *r = fol_store_get_recovery (store);
  g_assert_cmpuint (store_test_n_games (store), ==, n_before - n_lost);
  g_assert_cmpint (r->games_rescued, ==, (int) (n_before - n_lost));
  g_assert_cmpint (r->games_lost, ==, (int) n_lost);
  return store;
}

static void
test_text_file (Fixture *f, gconstpointer data)
{
  const char text[] = "These are not the saved games you are looking for.\n";
  write_bytes (f->path, text, sizeof text - 1);
  g_autoptr (GBytes) original = read_bytes (f->path);
  check_recovered (f, original, FOL_STORE_ERROR_CORRUPT, "broken");
}

static void
test_random_bytes (Fixture *f, gconstpointer data)
{
  GRand *rand = g_rand_new_with_seed (4);
  guint8 buf[3 * 4096 + 17];
  for (gsize i = 0; i < sizeof buf; i++)
    buf[i] = (guint8) g_rand_int (rand);
  g_rand_free (rand);
  write_bytes (f->path, buf, sizeof buf);
  g_autoptr (GBytes) original = read_bytes (f->path);
  check_recovered (f, original, FOL_STORE_ERROR_CORRUPT, "broken");
}

/* A real database whose page headers (all but the first page's) are
 * overwritten: the b-tree pages no longer parse. */
static void
test_corrupted (Fixture *f, gconstpointer data)
{
  make_database (f->path, 200);
  g_autoptr (GBytes) good = read_bytes (f->path);
  gsize len = 0;
  const void *data_in = g_bytes_get_data (good, &len);
  guint8 *bytes = g_memdup2 (data_in, len);
  int page_size = (bytes[16] << 8) | bytes[17];
  if (page_size == 1)
    page_size = 65536;
  g_assert_cmpuint (len % page_size, ==, 0);
  g_assert_cmpuint (len / page_size, >, 10);
  for (gsize off = page_size; off < len; off += page_size)
    memset (bytes + off, 0x5a, 12);
  write_bytes (f->path, bytes, len);
  g_free (bytes);
  g_autoptr (GBytes) original = read_bytes (f->path);
  /* every table's pages are gone: no game can be read */
  check_recovered (f, original, FOL_STORE_ERROR_CORRUPT, "broken");
}

/* Opens a damaged copy of a database of @n_before games: some games are
 * rescued, not all, and every rescued one is sound and kept its id. */
static void
check_partly_rescued (Fixture *f, int n_before)
{
  g_autoptr (GBytes) original = read_bytes (f->path);
  g_autoptr (FolStore) store = check_recovered_full (f, original, FOL_STORE_ERROR_CORRUPT, "broken",
                                                     FOL_STORE_RECOVERY_RESCUED);
  const FolStoreRecovery *r = fol_store_get_recovery (store);
  g_assert_cmpint (r->games_rescued, >, 0);
  g_assert_cmpint (r->games_rescued, <, n_before);
  g_assert_cmpint (r->games_rescued + r->games_lost, <=, n_before);
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) list = fol_store_list_games (store, -1, &error);
  for (guint i = 0; i < list->len; i++)
    {
      const FolGameSummary *s = &g_array_index (list, FolGameSummary, i);
      g_assert_cmpint (s->id, >=, 1);
      g_assert_cmpint (s->id, <=, n_before);
      g_assert_cmpint (s->n_moves, ==, 30);
      g_assert_cmpint (s->status, ==, FOL_STORE_STATUS_FINISHED);
    }
  /* a new game does not take an id the original gave */
  const FolSeatSetup seats[] = { { "Ann", TRUE, 0 } };
  gint64 id = fol_store_create_game (store, "summer", 1, NULL, seats, 1, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpint (id, >, n_before);
}

/* A single damaged data page in the middle, the rest intact. */
static void
test_one_bad_page (Fixture *f, gconstpointer data)
{
  make_database (f->path, 200);
  g_autoptr (GBytes) good = read_bytes (f->path);
  gsize len = 0;
  const void *data_in = g_bytes_get_data (good, &len);
  guint8 *bytes = g_memdup2 (data_in, len);
  int page_size = (bytes[16] << 8) | bytes[17];
  gsize page = len / page_size / 2;
  for (gsize i = 0; i < (gsize) page_size; i++)
    bytes[page * page_size + i] ^= 0xa5;
  write_bytes (f->path, bytes, len);
  g_free (bytes);
  check_partly_rescued (f, 200);
}

static void
test_truncated (Fixture *f, gconstpointer data)
{
  make_database (f->path, 200);
  g_autoptr (GBytes) good = read_bytes (f->path);
  gsize len = g_bytes_get_size (good);
  /* the last tenth of the pages gone (the games written last, and with
   * them the pages a table grew into last) */
  gsize page_size = 4096;
  write_bytes (f->path, g_bytes_get_data (good, NULL), len / page_size * 9 / 10 * page_size);
  check_partly_rescued (f, 200);
}

static void
test_truncated_header (Fixture *f, gconstpointer data)
{
  make_database (f->path, 5);
  g_autoptr (GBytes) good = read_bytes (f->path);
  write_bytes (f->path, g_bytes_get_data (good, NULL), 60);
  g_autoptr (GBytes) original = read_bytes (f->path);
  check_recovered (f, original, FOL_STORE_ERROR_CORRUPT, "broken");
}

/* A schema version above ours on the tables of ours: a wrong number, not
 * a newer file: every game is rescued. */
static void
test_too_high_version (Fixture *f, gconstpointer data)
{
  make_database (f->path, 3);
  store_test_exec (f->path, "PRAGMA user_version = 99");
  g_autoptr (FolStore) store = check_rescued (f, 3, 0);
  g_assert_nonnull (strstr (fol_store_get_recovery (store)->reason, "schema version is 99"));
}

/* A file of a newer Foliage (a table we do not know): moved aside as too
 * new, and the games this version can read and replay carried over. */
static void
test_too_new (Fixture *f, gconstpointer data)
{
  make_database (f->path, 3);
  store_test_exec (f->path, "PRAGMA user_version = 99; CREATE TABLE things_of_the_future (x)");
  g_autoptr (GBytes) original = read_bytes (f->path);
  g_autoptr (FolStore) store = check_recovered_full (f, original, FOL_STORE_ERROR_TOO_NEW, "too-new",
                                                     FOL_STORE_RECOVERY_TOO_NEW);
  g_assert_cmpuint (store_test_n_games (store), ==, 3);
}

static void
test_other_program (Fixture *f, gconstpointer data)
{
  sqlite3 *db = NULL;
  g_assert_cmpint (sqlite3_open (f->path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "CREATE TABLE bookmarks (url TEXT); INSERT INTO bookmarks VALUES ('x')",
                                 NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);
  g_autoptr (GBytes) original = read_bytes (f->path);
  check_recovered (f, original, FOL_STORE_ERROR_CORRUPT, "broken");
}

/* ---- One bad row, a wrong schema version, a dropped table ---- */

/* Six games (ids 1-6; 5 and 6 without moves, 6 in progress) and a campaign
 * of games 1 and 2, closed. */
static void
make_mixed_database (const char *path)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (FolStore) store = fol_store_new (path, &error);
  g_assert_no_error (error);
  for (int i = 1; i <= 4; i++)
    g_assert_cmpint (store_test_add_game (store, i % 2 ? "summer" : "fall", 10 + i, TRUE), ==, i);
  g_assert_cmpint (store_test_add_game (store, "summer", 0, TRUE), ==, 5);
  g_assert_cmpint (store_test_add_game (store, "fall", 0, FALSE), ==, 6);
  gint64 c = fol_store_create_campaign (store, 5, "3B", &error);
  g_assert_no_error (error);
  g_assert_true (fol_store_set_campaign_game (store, c, 0, 1, 0, &error));
  g_assert_true (fol_store_set_campaign_game_result (store, c, 0, 12, TRUE, &error));
  g_assert_true (fol_store_set_campaign_game (store, c, 1, 2, 1, &error));
  g_assert_true (fol_store_set_campaign_game_result (store, c, 1, -3, FALSE, &error));
  g_assert_no_error (error);
}

/* One row breaks a CHECK constraint (written with the constraints off): the
 * integrity check fails, and only that game is left behind. */
static void
test_check_violation (Fixture *f, gconstpointer data)
{
  make_mixed_database (f->path);
  g_assert_cmpint (store_test_query (f->path, "SELECT count(*) FROM games"), ==, 6);
  store_test_exec (f->path, "PRAGMA ignore_check_constraints = 1; UPDATE games SET status = 7 WHERE id = 2");
  g_autoptr (FolStore) store = check_rescued (f, 6, 1);
  g_autoptr (GError) error = NULL;

  /* the others kept their ids, results, details and moves */
  for (gint64 id = 1; id <= 6; id++)
    {
      g_autoptr (FolSavedGame) g = fol_store_load_game (store, id, &error);
      if (id == 2)
        {
          g_assert_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_NOT_FOUND);
          g_clear_error (&error);
          continue;
        }
      g_assert_no_error (error);
      g_assert_cmpint (fol_saved_game_get_n_moves (g), ==, id <= 4 ? 10 + id : 0);
      g_assert_cmpint (g->status, ==, id == 6 ? FOL_STORE_STATUS_IN_PROGRESS : FOL_STORE_STATUS_FINISHED);
      g_assert_cmpstr (g->options, ==, "some options");
      g_assert_cmpstr (g->seats[1].name, ==, "Computer");
      g_assert_cmpint (g->seats[1].level, ==, 2);
      if (id != 6)
        {
          int nuts = 0;
          g_assert_true (g->seats[0].has_result);
          g_assert_cmpint (g->seats[0].score, ==, 30);
          g_assert_true (fol_saved_seat_get_detail (&g->seats[0], "nuts", &nuts));
          g_assert_cmpint (nuts, ==, 3);
          g_assert_cmpint (g->finished, >, 0);
        }
    }
  g_assert_cmpint (fol_store_get_latest_unfinished (store, NULL, &error), ==, 6);

  /* the campaign came along; the slot of the lost game keeps its result */
  const FolStoreRecovery *r = fol_store_get_recovery (store);
  g_assert_cmpint (r->campaigns_rescued, ==, 1);
  g_assert_cmpint (r->campaigns_lost, ==, 0);
  g_autoptr (FolSavedCampaign) c = fol_store_load_campaign (store, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (c->side, ==, "3B");
  g_assert_cmpint (c->games[0].game_id, ==, 1);
  g_assert_cmpint (c->games[0].score, ==, 12);
  g_assert_cmpint (c->games[1].game_id, ==, 0);
  g_assert_true (c->games[1].has_result);
  g_assert_cmpint (c->games[1].score, ==, -3);
  g_assert_cmpint (c->games[1].stack, ==, 1);
}

/* A game whose stored hash is not what its moves give, besides a row that
 * breaks a constraint: neither is carried over. */
static void
test_hash_mismatch_left_behind (Fixture *f, gconstpointer data)
{
  make_mixed_database (f->path);
  store_test_exec (f->path, "UPDATE games SET hash = '0123456789abcdef' WHERE id = 3;"
                            "PRAGMA ignore_check_constraints = 1; UPDATE games SET status = 9 WHERE id = 5");
  g_autoptr (FolStore) store = check_rescued (f, 6, 2);
  g_autoptr (GError) error = NULL;
  g_autoptr (FolSavedGame) g = fol_store_load_game (store, 3, &error);
  g_assert_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_NOT_FOUND);
}

/* PRAGMA user_version lowered on a current file: the ladder would fail
 * ("table ... already exists") and lock the person out; the tables tell it
 * is not that version, and every game is rescued. */
static void
test_version_too_low (Fixture *f, gconstpointer data)
{
  for (int version = 0; version < FOL_STORE_SCHEMA_VERSION; version++)
    {
      store_test_rmdir (f->dir);
      g_assert_cmpint (g_mkdir (f->dir, 0700), ==, 0);
      make_mixed_database (f->path);
      g_autofree char *sql = g_strdup_printf ("PRAGMA user_version = %d", version);
      store_test_exec (f->path, sql);
      g_test_message ("user_version %d", version);
      g_autoptr (FolStore) store = check_rescued (f, 6, 0);
      g_assert_cmpint (fol_store_get_recovery (store)->campaigns_rescued, ==, 1);
      g_assert_cmpint (store_test_query (f->path, "PRAGMA user_version"), ==, FOL_STORE_SCHEMA_VERSION);
    }
}

/* A dropped table is found at open, not when a query fails. */
static void
test_dropped_moves (Fixture *f, gconstpointer data)
{
  make_mixed_database (f->path);
  store_test_exec (f->path, "DROP TABLE moves");
  /* games 1-4 had moves: their logs are gone, their hashes tell */
  g_autoptr (FolStore) store = check_rescued (f, 6, 4);
  g_assert_nonnull (strstr (fol_store_get_recovery (store)->reason, "moves"));
}

static void
test_dropped_campaign_games (Fixture *f, gconstpointer data)
{
  make_mixed_database (f->path);
  store_test_exec (f->path, "DROP TABLE campaign_games");
  g_autoptr (FolStore) store = check_rescued (f, 6, 0);
  g_autoptr (GError) error = NULL;
  g_autoptr (FolSavedCampaign) c = fol_store_load_campaign (store, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpint (c->games[0].game_id, ==, 0);
}

static void
test_dropped_games (Fixture *f, gconstpointer data)
{
  make_mixed_database (f->path);
  store_test_exec (f->path, "PRAGMA foreign_keys = OFF; DROP TABLE games");
  g_autoptr (FolStore) store = check_rescued (f, 0, 0);
  g_assert_cmpint (fol_store_get_recovery (store)->campaigns_rescued, ==, 1);
}

/* ---- Damage that loses nothing: repaired in place ---- */

/* A database with free pages: 60 games made, 40 deleted. */
static void
make_database_with_free_pages (const char *path)
{
  make_database (path, 60);
  g_autoptr (GError) error = NULL;
  {
    g_autoptr (FolStore) store = fol_store_new (path, &error);
    g_assert_no_error (error);
    for (gint64 id = 1; id <= 40; id++)
      g_assert_true (fol_store_delete_game (store, id, &error));
  }
  g_assert_cmpint (store_test_query (path, "PRAGMA freelist_count"), >, 4);
}

/* Sets the big-endian 32-bit field of the file header at @offset. */
static void
patch_header (const char *path, gsize offset, guint32 value)
{
  g_autoptr (GBytes) b = read_bytes (path);
  gsize len = 0;
  const guint8 *data = g_bytes_get_data (b, &len);
  g_assert_cmpuint (len, >=, 100);
  guint8 *bytes = g_memdup2 (data, len);
  bytes[offset] = value >> 24;
  bytes[offset + 1] = (value >> 16) & 0xff;
  bytes[offset + 2] = (value >> 8) & 0xff;
  bytes[offset + 3] = value & 0xff;
  write_bytes (path, bytes, len);
  g_free (bytes);
}

static guint32
header_field (const char *path, gsize offset)
{
  g_autoptr (GBytes) b = read_bytes (path);
  const guint8 *p = g_bytes_get_data (b, NULL);
  return (guint32) p[offset] << 24 | (guint32) p[offset + 1] << 16 | (guint32) p[offset + 2] << 8 | p[offset + 3];
}

static void
check_repaired (Fixture *f)
{
  g_autoptr (GBytes) damaged = read_bytes (f->path);
  g_autoptr (GError) error = NULL;
  g_autoptr (FolStore) store = fol_store_new (f->path, &error);
  g_assert_no_error (error);
  /* not moved aside: repaired where it is, nothing lost */
  g_assert_null (fol_store_get_recovered_from (store));
  g_assert_null (fol_store_get_recovery_error (store));
  g_assert_cmpuint (store_test_n_games (store), ==, 20);
  check_games_sound (store);
  const FolStoreRecovery *r = fol_store_get_recovery (store);
  g_assert_nonnull (r);
  g_assert_cmpint (r->kind, ==, FOL_STORE_RECOVERY_REPAIRED);
  g_assert_cmpint (r->games_rescued, ==, 20);
  g_assert_cmpint (r->games_lost, ==, 0);
  g_test_message ("repaired: %s; backup %s", r->reason, r->original);
  /* the backup is the file as it was, byte for byte */
  g_autofree char *prefix = g_strdup_printf ("%s.backup-", f->path);
  g_assert_true (g_str_has_prefix (r->original, prefix));
  g_autoptr (GBytes) backup = read_bytes (r->original);
  g_assert_true (g_bytes_equal (backup, damaged));
  g_clear_object (&store);
  /* and the file is sound now */
  sqlite3 *db = NULL;
  sqlite3_stmt *st = NULL;
  g_assert_cmpint (sqlite3_open_v2 (f->path, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db, "PRAGMA integrity_check", -1, &st, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (st), ==, SQLITE_ROW);
  g_assert_cmpstr ((const char *) sqlite3_column_text (st, 0), ==, "ok");
  sqlite3_finalize (st);
  sqlite3_close (db);
}

/* The header's count of free pages is wrong ("Main freelist: size is ..."). */
static void
test_freelist_count (Fixture *f, gconstpointer data)
{
  make_database_with_free_pages (f->path);
  patch_header (f->path, 36, header_field (f->path, 36) - 3);
  check_repaired (f);
}

/* The list of free pages is lost: its pages belong to nothing ("Page N is
 * never used"). */
static void
test_freelist_lost (Fixture *f, gconstpointer data)
{
  make_database_with_free_pages (f->path);
  patch_header (f->path, 32, 0);
  patch_header (f->path, 36, 0);
  check_repaired (f);
}

/* ---- The report lasts until dismissed ---- */

static void
test_report_until_dismissed (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  make_mixed_database (f->path);
  store_test_exec (f->path, "PRAGMA ignore_check_constraints = 1; UPDATE games SET status = 7 WHERE id = 4");
  gint64 report_id;
  g_autofree char *aside = NULL;
  {
    g_autoptr (FolStore) store = check_rescued (f, 6, 1);
    report_id = fol_store_get_recovery (store)->id;
    aside = g_strdup (fol_store_get_recovery (store)->original);
  }
  /* later starts: no new recovery, the same report, as a property too */
  for (int i = 0; i < 2; i++)
    {
      g_autoptr (FolStore) store = fol_store_new (f->path, &error);
      g_assert_no_error (error);
      g_assert_null (fol_store_get_recovered_from (store));
      g_assert_null (fol_store_get_recovery_error (store));
      const FolStoreRecovery *r = fol_store_get_recovery (store);
      g_assert_nonnull (r);
      g_assert_cmpint (r->id, ==, report_id);
      g_assert_cmpint (r->games_rescued, ==, 5);
      g_assert_cmpint (r->games_lost, ==, 1);
      g_assert_cmpstr (r->original, ==, aside);
      g_autoptr (FolStoreRecovery) prop = NULL;
      g_object_get (store, "recovery", &prop, NULL);
      g_assert_nonnull (prop);
      g_assert_cmpint (prop->id, ==, report_id);
      g_assert_cmpuint (store_test_n_games (store), ==, 5);
    }
  {
    g_autoptr (FolStore) store = fol_store_new (f->path, &error);
    g_assert_no_error (error);
    int notified = 0;
    g_signal_connect_swapped (store, "notify::recovery", G_CALLBACK (g_atomic_int_inc), &notified);
    g_assert_true (fol_store_dismiss_recovery (store, report_id, &error));
    g_assert_no_error (error);
    g_assert_null (fol_store_get_recovery (store));
    g_assert_cmpint (notified, ==, 1);
    /* twice is fine; an unknown report is not */
    g_assert_true (fol_store_dismiss_recovery (store, report_id, &error));
    g_assert_no_error (error);
    g_assert_false (fol_store_dismiss_recovery (store, report_id + 100, &error));
    g_assert_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_NOT_FOUND);
    g_clear_error (&error);
  }
  g_autoptr (FolStore) store = fol_store_new (f->path, &error);
  g_assert_no_error (error);
  g_assert_null (fol_store_get_recovery (store));
  /* the original is still where the report said */
  g_assert_true (g_file_test (aside, G_FILE_TEST_IS_REGULAR));
}

/* A broken file's -wal file goes with it, unchanged. */
static void
test_wal_moves_along (Fixture *f, gconstpointer data)
{
  g_autofree char *wal = g_strconcat (f->path, "-wal", NULL);
  write_bytes (f->path, "not a database at all", 21);
  write_bytes (wal, "nor a write-ahead log", 21);
  g_autoptr (GBytes) original = read_bytes (f->path);
  g_autoptr (GBytes) original_wal = read_bytes (wal);
  check_recovered (f, original, FOL_STORE_ERROR_CORRUPT, "broken");

  GDir *d = g_dir_open (f->dir, 0, NULL);
  const char *name;
  int found = 0;
  while ((name = g_dir_read_name (d)))
    if (g_str_has_prefix (name, "foliage.db.broken-") && g_str_has_suffix (name, "-wal"))
      {
        g_autofree char *p = g_build_filename (f->dir, name, NULL);
        g_autoptr (GBytes) moved = read_bytes (p);
        g_assert_true (g_bytes_equal (moved, original_wal));
        found++;
      }
  g_dir_close (d);
  g_assert_cmpint (found, ==, 1);
}

/* An empty file is a new database, not a broken one. */
static void
test_empty_file (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  write_bytes (f->path, "", 0);
  g_autoptr (FolStore) store = fol_store_new (f->path, &error);
  g_assert_no_error (error);
  g_assert_null (fol_store_get_recovered_from (store));
}

/* Two recoveries within the same second get different names. */
static void
test_two_recoveries (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  write_bytes (f->path, "junk one", 8);
  FolStore *a = fol_store_new (f->path, &error);
  g_assert_no_error (error);
  g_autofree char *aside_a = g_strdup (fol_store_get_recovered_from (a));
  g_object_unref (a);
  write_bytes (f->path, "junk two", 8);
  FolStore *b = fol_store_new (f->path, &error);
  g_assert_no_error (error);
  g_autofree char *aside_b = g_strdup (fol_store_get_recovered_from (b));
  g_object_unref (b);
  g_assert_nonnull (aside_a);
  g_assert_nonnull (aside_b);
  g_assert_cmpstr (aside_a, !=, aside_b);
  g_autoptr (GBytes) one = read_bytes (aside_a);
  g_autoptr (GBytes) two = read_bytes (aside_b);
  g_assert_cmpmem (g_bytes_get_data (one, NULL), g_bytes_get_size (one), "junk one", 8);
  g_assert_cmpmem (g_bytes_get_data (two, NULL), g_bytes_get_size (two), "junk two", 8);
}

/* The path is a folder: an error, nothing moved. */
static void
test_path_is_folder (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_assert_cmpint (g_mkdir (f->path, 0700), ==, 0);
  FolStore *store = fol_store_new (f->path, &error);
  g_assert_null (store);
  g_assert_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_OPEN);
  g_test_message ("%s", error->message);
  g_assert_true (g_file_test (f->path, G_FILE_TEST_IS_DIR));
}

/* Root ignores file permissions: run the read-only cases as "nobody". */
static gboolean
become_unprivileged (void)
{
  if (geteuid () != 0)
    return TRUE;
  if (setegid (65534) != 0 || seteuid (65534) != 0)
    return FALSE;
  return TRUE;
}

static void
become_root_again (uid_t uid)
{
  if (uid == 0)
    {
      g_assert_cmpint (seteuid (0), ==, 0);
      g_assert_cmpint (setegid (0), ==, 0);
    }
}

static void
test_read_only_folder (Fixture *f, gconstpointer data)
{
  uid_t uid = geteuid ();
  g_autofree char *ro = g_build_filename (f->dir, "ro", NULL);
  g_autofree char *existing = g_build_filename (ro, "foliage.db", NULL);
  g_autofree char *missing = g_build_filename (ro, "new.db", NULL);
  g_autofree char *subdir_db = g_build_filename (ro, "sub", "foliage.db", NULL);
  g_assert_cmpint (g_mkdir (ro, 0755), ==, 0);
  make_database (existing, 3);
  g_autoptr (GBytes) original = read_bytes (existing);
  g_assert_cmpint (g_chmod (f->dir, 0755), ==, 0);
  g_assert_cmpint (g_chmod (ro, 0555), ==, 0);
  g_assert_cmpint (g_chmod (existing, 0666), ==, 0);

  if (!become_unprivileged ())
    {
      g_test_skip ("cannot drop root privileges to test permissions");
      return;
    }
  {
    g_autoptr (GError) error = NULL;
    /* a new database in a read-only folder */
    FolStore *store = fol_store_new (missing, &error);
    g_assert_null (store);
    g_assert_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_READ_ONLY);
    g_test_message ("%s", error->message);
    g_assert_false (g_file_test (missing, G_FILE_TEST_EXISTS));
    g_clear_error (&error);

    /* a folder that cannot be created */
    store = fol_store_new (subdir_db, &error);
    g_assert_null (store);
    g_assert_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_READ_ONLY);
    g_test_message ("%s", error->message);
    g_clear_error (&error);

    /* an existing, good database in a read-only folder: not moved, not changed */
    store = fol_store_new (existing, &error);
    g_assert_null (store);
    g_assert_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_READ_ONLY);
    g_test_message ("%s", error->message);
  }
  become_root_again (uid);
  g_autoptr (GBytes) after = read_bytes (existing);
  g_assert_true (g_bytes_equal (after, original));
  g_autoptr (GDir) d = g_dir_open (ro, 0, NULL);
  int n = 0;
  while (g_dir_read_name (d))
    n++;
  g_assert_cmpint (n, ==, 1);
}

static void
test_read_only_file (Fixture *f, gconstpointer data)
{
  uid_t uid = geteuid ();
  make_database (f->path, 3);
  g_autoptr (GBytes) original = read_bytes (f->path);
  g_assert_cmpint (g_chmod (f->dir, 0777), ==, 0);
  g_assert_cmpint (g_chmod (f->path, 0444), ==, 0);
  if (!become_unprivileged ())
    {
      g_test_skip ("cannot drop root privileges to test permissions");
      return;
    }
  {
    g_autoptr (GError) error = NULL;
    FolStore *store = fol_store_new (f->path, &error);
    g_assert_null (store);
    g_assert_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_READ_ONLY);
    g_test_message ("%s", error->message);
  }
  become_root_again (uid);
  g_autoptr (GBytes) after = read_bytes (f->path);
  g_assert_true (g_bytes_equal (after, original));
}

/* The folder becomes read-only while a game is being saved: the open
 * connection keeps working and nothing saved is lost. */
static void
test_folder_becomes_read_only (Fixture *f, gconstpointer data)
{
  uid_t uid = geteuid ();
  g_autoptr (GError) error = NULL;
  g_assert_cmpint (g_chmod (f->dir, 0777), ==, 0);
  if (!become_unprivileged ())
    {
      g_test_skip ("cannot drop root privileges to test permissions");
      return;
    }
  FolStore *store = fol_store_new (f->path, &error);
  g_assert_no_error (error);
  const FolSeatSetup seats[] = { { "Ann", TRUE, 0 } };
  gint64 id = fol_store_create_game (store, "summer", 1, NULL, seats, 1, 0, &error);
  become_root_again (uid);
  g_assert_cmpint (g_chmod (f->dir, 0555), ==, 0);
  g_assert_true (become_unprivileged ());
  for (int ply = 1; ply <= 5; ply++)
    {
      g_assert_true (fol_store_append_move (store, id, ply, "G01 r0 a1", 0, ply, &error));
      g_assert_no_error (error);
    }
  g_object_unref (store);
  /* its -wal and -shm files could not be removed on close, so it may even
   * reopen for writing; either way no move is lost */
  store = fol_store_new (f->path, &error);
  if (store == NULL)
    {
      g_assert_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_READ_ONLY);
      g_test_message ("%s", error->message);
      g_clear_error (&error);
    }
  else
    {
      g_autoptr (FolSavedGame) g = fol_store_load_game (store, id, &error);
      g_assert_no_error (error);
      g_assert_cmpint (fol_saved_game_get_n_moves (g), ==, 5);
      g_object_unref (store);
    }
  become_root_again (uid);
  g_assert_cmpint (g_chmod (f->dir, 0700), ==, 0);
  store = fol_store_new (f->path, &error);
  g_assert_no_error (error);
  g_autoptr (FolSavedGame) g = fol_store_load_game (store, id, &error);
  g_assert_no_error (error);
  g_assert_cmpint (fol_saved_game_get_n_moves (g), ==, 5);
  g_object_unref (store);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  store_test_use_check ();
#define ADD(name, func) g_test_add (name, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("/store-recovery/text-file", test_text_file);
  ADD ("/store-recovery/random-bytes", test_random_bytes);
  ADD ("/store-recovery/corrupted", test_corrupted);
  ADD ("/store-recovery/one-bad-page", test_one_bad_page);
  ADD ("/store-recovery/truncated", test_truncated);
  ADD ("/store-recovery/truncated-header", test_truncated_header);
  ADD ("/store-recovery/too-high-version", test_too_high_version);
  ADD ("/store-recovery/too-new", test_too_new);
  ADD ("/store-recovery/check-violation", test_check_violation);
  ADD ("/store-recovery/hash-mismatch-left-behind", test_hash_mismatch_left_behind);
  ADD ("/store-recovery/version-too-low", test_version_too_low);
  ADD ("/store-recovery/dropped-moves", test_dropped_moves);
  ADD ("/store-recovery/dropped-campaign-games", test_dropped_campaign_games);
  ADD ("/store-recovery/dropped-games", test_dropped_games);
  ADD ("/store-recovery/freelist-count", test_freelist_count);
  ADD ("/store-recovery/freelist-lost", test_freelist_lost);
  ADD ("/store-recovery/report-until-dismissed", test_report_until_dismissed);
  ADD ("/store-recovery/other-program", test_other_program);
  ADD ("/store-recovery/wal-moves-along", test_wal_moves_along);
  ADD ("/store-recovery/empty-file", test_empty_file);
  ADD ("/store-recovery/two-recoveries", test_two_recoveries);
  ADD ("/store-recovery/path-is-folder", test_path_is_folder);
  ADD ("/store-recovery/read-only-folder", test_read_only_folder);
  ADD ("/store-recovery/read-only-file", test_read_only_file);
  ADD ("/store-recovery/folder-becomes-read-only", test_folder_becomes_read_only);
#undef ADD
  return g_test_run ();
}
