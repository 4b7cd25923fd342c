/* test-store-recovery.c: bad database files (src/store/fol-store.c, opening).
 *
 * A file that is not a database, a damaged, truncated or random one, or one
 * from a newer version is never overwritten: it is moved aside, byte for
 * byte, a new database is started and the caller is told.  A read-only
 * folder or file gives a clear error and changes nothing. */
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

/* A real database of @n_games finished games, closed (no -wal left). */
static void
make_database (const char *path, int n_games)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (FolStore) store = fol_store_new (path, &error);
  g_assert_no_error (error);
  const FolSeatSetup seats[] = { { "Ann", TRUE, 0 }, { "Computer", FALSE, 2 } };
  const FolSeatResult results[] = { { 1, 30, TRUE, NULL, 0 }, { 2, 20, FALSE, NULL, 0 } };
  fol_store_set_durable (store, FALSE);
  g_assert_true (fol_store_begin_batch (store, &error));
  for (int i = 0; i < n_games; i++)
    {
      gint64 id = fol_store_create_game (store, i % 2 ? "fall" : "summer", i, "some options", seats, 2, i, &error);
      g_assert_no_error (error);
      for (int ply = 1; ply <= 30; ply++)
        {
          g_autofree char *move = store_test_move (ply);
          g_assert_true (fol_store_append_move (store, id, ply, move, ply % 2, ply, &error));
        }
      g_assert_true (fol_store_finish_game (store, id, results, 2, &error));
    }
  g_assert_true (fol_store_end_batch (store, TRUE, &error));
  g_assert_no_error (error);
}

static GBytes *
read_bytes (const char *path)
{
  g_autoptr (GError) error = NULL;
  char *contents = NULL;
  gsize len = 0;
  g_assert_true (g_file_get_contents (path, &contents, &len, &error));
  g_assert_no_error (error);
  return g_bytes_new_take (contents, len);
}

static void
write_bytes (const char *path, const void *data, gsize len)
{
  g_autoptr (GError) error = NULL;
  g_assert_true (g_file_set_contents (path, data, (gssize) len, &error));
  g_assert_no_error (error);
}

/* Opens @f->path, which holds @original: the store must open a new, empty
 * database, say so with @code, and have moved the file aside unchanged to
 * PATH.@tag-YYYYMMDD-HHMMSS. */
static void
check_recovered (Fixture *f, GBytes *original, FolStoreError code, const char *tag)
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

  /* byte-identical where it was moved */
  g_autoptr (GBytes) moved = read_bytes (aside);
  g_assert_true (g_bytes_equal (moved, original));

  /* the new database works */
  g_autoptr (GArray) list = fol_store_list_games (store, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (list->len, ==, 0);
  const FolSeatSetup seats[] = { { "Ann", TRUE, 0 } };
  gint64 id = fol_store_create_game (store, "summer", 1, NULL, seats, 1, 0, &error);
  g_assert_no_error (error);
  g_assert_true (fol_store_append_move (store, id, 1, "G01 r0 a1", 0, 1, &error));
  g_assert_no_error (error);
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
  check_recovered (f, original, FOL_STORE_ERROR_CORRUPT, "broken");
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
  g_autoptr (GBytes) original = read_bytes (f->path);
  check_recovered (f, original, FOL_STORE_ERROR_CORRUPT, "broken");
}

static void
test_truncated (Fixture *f, gconstpointer data)
{
  make_database (f->path, 200);
  g_autoptr (GBytes) good = read_bytes (f->path);
  gsize len = g_bytes_get_size (good);
  /* half the pages gone */
  write_bytes (f->path, g_bytes_get_data (good, NULL), len / 2);
  g_autoptr (GBytes) original = read_bytes (f->path);
  check_recovered (f, original, FOL_STORE_ERROR_CORRUPT, "broken");
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

static void
test_too_new (Fixture *f, gconstpointer data)
{
  make_database (f->path, 3);
  sqlite3 *db = NULL;
  g_assert_cmpint (sqlite3_open (f->path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "PRAGMA user_version = 99", NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);
  g_autoptr (GBytes) original = read_bytes (f->path);
  check_recovered (f, original, FOL_STORE_ERROR_TOO_NEW, "too-new");
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
#define ADD(name, func) g_test_add (name, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("/store-recovery/text-file", test_text_file);
  ADD ("/store-recovery/random-bytes", test_random_bytes);
  ADD ("/store-recovery/corrupted", test_corrupted);
  ADD ("/store-recovery/one-bad-page", test_one_bad_page);
  ADD ("/store-recovery/truncated", test_truncated);
  ADD ("/store-recovery/truncated-header", test_truncated_header);
  ADD ("/store-recovery/too-new", test_too_new);
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
