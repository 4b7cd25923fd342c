/* store-test-util.h: helpers shared by the store tests (tests/test-store*.c). */
#pragma once

#include <glib.h>
#include <glib/gstdio.h>
#include <sqlite3.h>
#include <string.h>
#include "store/fol-store.h"

/* A new temporary folder for one test's databases. */
static inline char *
store_test_tmpdir (void)
{
  g_autoptr (GError) error = NULL;
  char *dir = g_dir_make_tmp ("foliage-store-test-XXXXXX", &error);
  g_assert_no_error (error);
  return dir;
}

/* Removes @dir and everything in it (one level of subfolders). */
static inline void
store_test_rmdir (const char *dir)
{
  g_chmod (dir, 0700);
  GDir *d = g_dir_open (dir, 0, NULL);
  if (d)
    {
      const char *name;
      while ((name = g_dir_read_name (d)))
        {
          g_autofree char *p = g_build_filename (dir, name, NULL);
          if (g_file_test (p, G_FILE_TEST_IS_DIR) && !g_file_test (p, G_FILE_TEST_IS_SYMLINK))
            store_test_rmdir (p);
          else
            g_unlink (p);
        }
      g_dir_close (d);
    }
  g_rmdir (dir);
}

/* FNV-1a, 64 bits, of the moves joined by '\n': the synthetic "state hash"
 * of the store tests (the store never computes hashes itself). */
static inline guint64
store_test_hash_moves (const char *const *moves, int n)
{
  guint64 h = G_GUINT64_CONSTANT (0xcbf29ce484222325);
  for (int i = 0; i < n; i++)
    {
      if (i > 0)
        {
          h ^= '\n';
          h *= G_GUINT64_CONSTANT (0x100000001b3);
        }
      for (const unsigned char *c = (const unsigned char *) moves[i]; *c; c++)
        {
          h ^= *c;
          h *= G_GUINT64_CONSTANT (0x100000001b3);
        }
    }
  return h;
}

/* The synthetic move of ply @ply (1-based): text like "G05 r1 e4". */
static inline char *
store_test_move (int ply)
{
  static const char colours[] = "GYR";
  return g_strdup_printf ("%c%02d r%d e%d", colours[ply % 3], ply % 29 + 1, ply % 4, (ply * 7) % 9 + 1);
}

/* The whole file at @path. */
static inline GBytes *
store_test_read_bytes (const char *path)
{
  g_autoptr (GError) error = NULL;
  char *contents = NULL;
  gsize len = 0;
  g_assert_true (g_file_get_contents (path, &contents, &len, &error));
  g_assert_no_error (error);
  return g_bytes_new_take (contents, len);
}

static inline void
store_test_write_bytes (const char *path, const void *data, gsize len)
{
  g_autoptr (GError) error = NULL;
  g_assert_true (g_file_set_contents (path, data, (gssize) len, &error));
  g_assert_no_error (error);
}

/* Runs @sql on the database at @path with SQLite directly (no store open),
 * for damaging a file the way a bug or another program could. */
static inline void
store_test_exec (const char *path, const char *sql)
{
  sqlite3 *db = NULL;
  char *msg = NULL;
  g_assert_cmpint (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READWRITE, NULL), ==, SQLITE_OK);
  if (sqlite3_exec (db, sql, NULL, NULL, &msg) != SQLITE_OK)
    g_error ("%s: %s", sql, msg);
  g_assert_cmpint (sqlite3_close (db), ==, SQLITE_OK);
}

/* The first column of the first row of @sql on the database at @path. */
static inline gint64
store_test_query (const char *path, const char *sql)
{
  sqlite3 *db = NULL;
  sqlite3_stmt *st = NULL;
  g_assert_cmpint (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
  if (sqlite3_prepare_v2 (db, sql, -1, &st, NULL) != SQLITE_OK)
    g_error ("%s: %s", sql, sqlite3_errmsg (db));
  g_assert_cmpint (sqlite3_step (st), ==, SQLITE_ROW);
  gint64 v = sqlite3_column_int64 (st, 0);
  sqlite3_finalize (st);
  sqlite3_close (db);
  return v;
}

/* The check of the store tests' synthetic games (FolStoreGameCheck): the
 * stored hash is store_test_hash_moves() of the log. */
static inline gboolean
store_test_check_game (const FolSavedGame *game, GError **error)
{
  g_autoptr (GPtrArray) texts = g_ptr_array_new ();
  for (guint i = 0; i < game->moves->len; i++)
    g_ptr_array_add (texts, g_array_index (game->moves, FolSavedMove, i).text);
  guint64 replayed = store_test_hash_moves ((const char *const *) texts->pdata, (int) texts->len);
  if (replayed != game->hash)
    return fol_store_set_hash_mismatch_error (error, game->id, game->hash, replayed);
  return TRUE;
}

/* Uses store_test_check_game() for both kinds of game. */
static inline void
store_test_use_check (void)
{
  fol_store_set_game_check ("summer", store_test_check_game);
  fol_store_set_game_check ("fall", store_test_check_game);
}

/* Adds a synthetic game of @n_moves moves (seats alternating) to @store,
 * finished when @finish; returns its id. */
static inline gint64
store_test_add_game (FolStore *store, const char *kind, int n_moves, gboolean finish)
{
  g_autoptr (GError) error = NULL;
  static const FolSeatSetup seats[] = { { "Ann", TRUE, 0 }, { "Computer", FALSE, 2 } };
  static const FolResultDetail details[] = { { "nuts", 3 } };
  const FolSeatResult results[] = { { 1, 30, TRUE, details, 1 }, { 2, 20, FALSE, NULL, 0 } };
  gint64 id = fol_store_create_game (store, kind, (guint64) g_test_rand_int (), "some options", seats, 2,
                                     store_test_hash_moves (NULL, 0), &error);
  g_assert_no_error (error);
  g_autoptr (GPtrArray) moves = g_ptr_array_new_with_free_func (g_free);
  for (int ply = 1; ply <= n_moves; ply++)
    {
      g_ptr_array_add (moves, store_test_move (ply));
      guint64 hash = store_test_hash_moves ((const char *const *) moves->pdata, ply);
      g_assert_true (fol_store_append_move (store, id, ply, moves->pdata[ply - 1], (ply - 1) % 2, hash, &error));
      g_assert_no_error (error);
    }
  if (finish)
    {
      g_assert_true (fol_store_finish_game (store, id, results, 2, &error));
      g_assert_no_error (error);
    }
  return id;
}

/* The number of saved games @store lists. */
static inline guint
store_test_n_games (FolStore *store)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) list = fol_store_list_games (store, -1, &error);
  g_assert_no_error (error);
  return list->len;
}

/* A test with a fresh store of its own in a temporary folder
 * (g_test_add (…, StoreFixture, NULL, store_test_fixture_set_up, …,
 * store_test_fixture_tear_down)). */
typedef struct {
  char *dir;
  char *path;               /* the database file */
  FolStore *store;
} StoreFixture;

static inline void
store_test_fixture_set_up (StoreFixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  f->dir = store_test_tmpdir ();
  f->path = g_build_filename (f->dir, "foliage.db", NULL);
  f->store = fol_store_new (f->path, &error);
  g_assert_no_error (error);
}

static inline void
store_test_fixture_tear_down (StoreFixture *f, gconstpointer data)
{
  g_clear_object (&f->store);
  store_test_rmdir (f->dir);
  g_free (f->dir);
  g_free (f->path);
}
