/* test-store.c: saved games and campaigns in the store (src/store/fol-store.c). */
#include <glib.h>
#include <sqlite3.h>
#include "store/fol-store.h"
#include "store/fol-store-bench.h"
#include "store/fol-store-private.h"
#include "store-test-util.h"

static const FolSeatSetup two_seats[] = {
  { "Ann", TRUE, 0 },
  { "Computer", FALSE, 3 },
};

typedef struct {
  char *dir;
  char *path;
  FolStore *store;
} Fixture;

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  f->dir = store_test_tmpdir ();
  f->path = g_build_filename (f->dir, "foliage.db", NULL);
  f->store = fol_store_new (f->path, &error);
  g_assert_no_error (error);
  g_assert_nonnull (f->store);
  g_assert_null (fol_store_get_recovered_from (f->store));
  g_assert_null (fol_store_get_recovery_error (f->store));
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  g_clear_object (&f->store);
  store_test_rmdir (f->dir);
  g_free (f->dir);
  g_free (f->path);
}

static void
reopen (Fixture *f)
{
  g_autoptr (GError) error = NULL;
  g_clear_object (&f->store);
  f->store = fol_store_new (f->path, &error);
  g_assert_no_error (error);
  g_assert_null (fol_store_get_recovered_from (f->store));
}

static int
count_rows (FolStore *store, const char *sql)
{
  sqlite3_stmt *st = NULL;
  g_assert_cmpint (sqlite3_prepare_v2 (fol_store_get_db (store), sql, -1, &st, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (st), ==, SQLITE_ROW);
  int n = sqlite3_column_int (st, 0);
  sqlite3_finalize (st);
  return n;
}

/* Appends moves ply .. ply + n - 1 of the synthetic game. */
static void
append_synthetic (FolStore *store, gint64 id, int from, int n, int n_seats)
{
  for (int ply = from; ply < from + n; ply++)
    {
      g_autoptr (GError) error = NULL;
      g_autofree char *move = store_test_move (ply);
      g_assert_true (fol_store_append_move (store, id, ply, move, (ply - 1) % n_seats, (guint64) ply * 1000, &error));
      g_assert_no_error (error);
    }
}

static void
test_default_path (void)
{
  /* XDG_DATA_HOME is a fresh folder: this test runs first, before anything
   * reads (and caches) the user data folder */
  g_autoptr (GError) error = NULL;
  g_autofree char *home = store_test_tmpdir ();
  g_setenv ("XDG_DATA_HOME", home, TRUE);
  g_assert_cmpstr (g_get_user_data_dir (), ==, home);
  g_autofree char *expected = g_build_filename (g_get_user_data_dir (), "io.github.foliage.Foliage", "foliage.db", NULL);
  g_autofree char *path = fol_store_default_path ();
  g_assert_cmpstr (path, ==, expected);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));

  g_autoptr (FolStore) store = fol_store_new (NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (fol_store_get_path (store), ==, expected);
  g_assert_true (g_file_test (expected, G_FILE_TEST_IS_REGULAR));
  g_autofree char *prop = NULL;
  g_autofree char *recovered = NULL;
  g_object_get (store, "path", &prop, "recovered-from", &recovered, NULL);
  g_assert_cmpstr (prop, ==, expected);
  g_assert_null (recovered);
  g_assert_cmpint (count_rows (store, "PRAGMA user_version"), ==, FOL_STORE_SCHEMA_VERSION);
  g_assert_cmpint (count_rows (store, "PRAGMA foreign_keys"), ==, 1);
  g_assert_cmpint (count_rows (store, "PRAGMA synchronous"), ==, 2); /* FULL */
  g_assert_cmpint (count_rows (store, "PRAGMA busy_timeout"), ==, 5000);
  fol_store_set_durable (store, FALSE);
  g_assert_cmpint (count_rows (store, "PRAGMA synchronous"), ==, 1); /* NORMAL */
  g_clear_object (&store);
  g_autofree char *app_dir = g_path_get_dirname (expected);
  store_test_rmdir (app_dir);
  store_test_rmdir (home);
}

static void
test_create_load (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  const guint64 seed = G_MAXUINT64;               /* above G_MAXINT64: stored as a negative int64 */
  const guint64 hash0 = G_GUINT64_CONSTANT (0x8000000000000001);

  fol_store_set_now_for_testing (f->store, 1000000);
  gint64 id = fol_store_create_game (f->store, "summer", seed, "side=3B tiles=75", two_seats, 2, hash0, &error);
  g_assert_no_error (error);
  g_assert_cmpint (id, >, 0);

  {
    g_autoptr (FolSavedGame) g = fol_store_load_game (f->store, id, &error);
    g_assert_no_error (error);
    g_assert_cmpint (g->id, ==, id);
    g_assert_cmpstr (g->kind, ==, "summer");
    g_assert_cmphex (g->seed, ==, seed);
    g_assert_cmpstr (g->options, ==, "side=3B tiles=75");
    g_assert_cmpint (g->status, ==, FOL_STORE_STATUS_IN_PROGRESS);
    g_assert_cmpint (g->created, ==, 1000000);
    g_assert_cmpint (g->updated, ==, 1000000);
    g_assert_cmpint (g->finished, ==, 0);
    g_assert_cmphex (g->hash, ==, hash0);
    g_assert_cmpuint (g->n_seats, ==, 2);
    g_assert_cmpstr (g->seats[0].name, ==, "Ann");
    g_assert_true (g->seats[0].human);
    g_assert_cmpint (g->seats[0].level, ==, 0);
    g_assert_cmpstr (g->seats[1].name, ==, "Computer");
    g_assert_false (g->seats[1].human);
    g_assert_cmpint (g->seats[1].level, ==, 3);
    g_assert_false (g->seats[0].has_result);
    g_assert_cmpint (fol_saved_game_get_n_moves (g), ==, 0);
  }

  const char *moves[] = { "G05 r1 e4", "Y12 r0 f2 m", "R03 r3 a1", "pass" };
  for (int i = 0; i < 4; i++)
    {
      fol_store_set_now_for_testing (f->store, 2000000 + i);
      guint64 h = store_test_hash_moves (moves, i + 1);
      g_assert_true (fol_store_append_move (f->store, id, i + 1, moves[i], i % 2, h, &error));
      g_assert_no_error (error);
    }

  reopen (f);
  g_autoptr (FolSavedGame) g = fol_store_load_game (f->store, id, &error);
  g_assert_no_error (error);
  g_assert_cmpint (fol_saved_game_get_n_moves (g), ==, 4);
  for (int i = 0; i < 4; i++)
    {
      const FolSavedMove *m = &g_array_index (g->moves, FolSavedMove, i);
      g_assert_cmpint (m->ply, ==, i + 1);
      g_assert_cmpint (m->seat, ==, i % 2);
      g_assert_cmpstr (m->text, ==, moves[i]);
      g_assert_cmpstr (fol_saved_game_get_move (g, i + 1), ==, moves[i]);
    }
  g_assert_cmphex (g->hash, ==, store_test_hash_moves (moves, 4));
  g_assert_cmpint (g->created, ==, 1000000);
  g_assert_cmpint (g->updated, ==, 2000003);
  g_assert_cmphex (g->seed, ==, seed);

  /* seeds round-trip over the whole 64-bit range */
  const guint64 seeds[] = { 0, 1, G_MAXINT64, (guint64) G_MAXINT64 + 1, G_MAXUINT64 - 1 };
  for (guint i = 0; i < G_N_ELEMENTS (seeds); i++)
    {
      gint64 sid = fol_store_create_game (f->store, "fall", seeds[i], NULL, two_seats, 2, seeds[i], &error);
      g_assert_no_error (error);
      g_autoptr (FolSavedGame) sg = fol_store_load_game (f->store, sid, &error);
      g_assert_no_error (error);
      g_assert_cmphex (sg->seed, ==, seeds[i]);
      g_assert_cmphex (sg->hash, ==, seeds[i]);
      g_assert_cmpstr (sg->options, ==, "");
      g_assert_cmpstr (sg->kind, ==, "fall");
    }
}

static void
test_bad_arguments (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  FolSeatSetup nine[9];
  for (int i = 0; i < 9; i++)
    nine[i] = (FolSeatSetup) { "P", TRUE, 0 };
  const FolSeatSetup unnamed[] = { { "", TRUE, 0 } };

  g_assert_cmpint (fol_store_create_game (f->store, "chess", 1, NULL, two_seats, 2, 0, &error), ==, 0);
  g_assert_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_cmpint (fol_store_create_game (f->store, "fall", 1, NULL, two_seats, 0, 0, &error), ==, 0);
  g_assert_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_cmpint (fol_store_create_game (f->store, "summer", 1, NULL, nine, 9, 0, &error), ==, 0);
  g_assert_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_cmpint (fol_store_create_game (f->store, "summer", 1, NULL, unnamed, 1, 0, &error), ==, 0);
  g_assert_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_INVALID);
  g_clear_error (&error);
  /* a level no engine knows (what the load refuses, the store never writes) */
  const FolSeatSetup unknown_level[] = { { "Ann", TRUE, 0 }, { "Computer", FALSE, 99 } };
  g_assert_cmpint (fol_store_create_game (f->store, "summer", 1, NULL, unknown_level, 2, 0, &error), ==, 0);
  g_assert_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_cmpint (count_rows (f->store, "SELECT count(*) FROM games"), ==, 0);

  gint64 id = fol_store_create_game (f->store, "fall", 7, NULL, two_seats, 2, 0, &error);
  g_assert_no_error (error);
  append_synthetic (f->store, id, 1, 3, 2);

  /* wrong plies: a gap, a repeat */
  g_assert_false (fol_store_append_move (f->store, id, 5, "A", 0, 1, &error));
  g_assert_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (fol_store_append_move (f->store, id, 3, "A", 0, 1, &error));
  g_assert_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_INVALID);
  g_clear_error (&error);
  /* bad seat, empty move, unknown game */
  g_assert_false (fol_store_append_move (f->store, id, 4, "A", 2, 1, &error));
  g_assert_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (fol_store_append_move (f->store, id, 4, "", 0, 1, &error));
  g_assert_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (fol_store_append_move (f->store, 9999, 1, "A", 0, 1, &error));
  g_assert_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, "9999"));
  g_clear_error (&error);
  g_assert_null (fol_store_load_game (f->store, 9999, &error));
  g_assert_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);

  /* a finished game takes no more moves */
  g_assert_true (fol_store_set_status (f->store, id, FOL_STORE_STATUS_FINISHED, &error));
  g_assert_false (fol_store_append_move (f->store, id, 4, "A", 1, 1, &error));
  g_assert_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_INVALID);
  g_clear_error (&error);
  /* results must match the seats */
  FolSeatResult one = { 1, 10, TRUE, NULL, 0 };
  g_assert_false (fol_store_finish_game (f->store, id, &one, 1, &error));
  g_assert_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (fol_store_set_status (f->store, id, 7, &error));
  g_assert_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_INVALID);
  g_clear_error (&error);

  /* nothing above changed the game */
  g_autoptr (FolSavedGame) g = fol_store_load_game (f->store, id, &error);
  g_assert_no_error (error);
  g_assert_cmpint (fol_saved_game_get_n_moves (g), ==, 3);
  g_assert_cmphex (g->hash, ==, 3000);
  g_assert_false (g->seats[0].has_result);
}

/* Rows holding what the store never writes (put there by another program,
 * a bug, or a damaged file that passes the integrity check): the game is
 * refused at load with a message naming it and the field, quoting at most
 * FOL_QUOTE_MAX characters of stored text; the other games load. */
static void
test_out_of_range_fields (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  gint64 ids[9];
  for (int i = 0; i < 9; i++)
    ids[i] = store_test_add_game (f->store, i % 2 ? "fall" : "summer", 4, FALSE);
  g_autofree char *huge = g_strnfill (1 << 20, 'x');
  struct {
    const char *sql;
    const char *field;
  } cases[] = {
    { "UPDATE moves SET seat = 99 WHERE game_id = ?1 AND ply = 2", "moves.seat" },
    { "UPDATE moves SET seat = -1 WHERE game_id = ?1 AND ply = 1", "moves.seat" },
    { "UPDATE seats SET level = 99 WHERE game_id = ?1 AND seat = 1", "seats.level" },
    { "UPDATE games SET seed = 'twelve' WHERE id = ?1", "games.seed" },
    { "UPDATE games SET kind = ?2 WHERE id = ?1", "games.kind" },
    { "UPDATE moves SET move = '' WHERE game_id = ?1 AND ply = 3", "moves.move" },
    { "DELETE FROM moves WHERE game_id = ?1 AND ply = 4", "games.n_moves" },
    { "UPDATE games SET hash = ?2 WHERE id = ?1", "games.hash" },
  };
  sqlite3 *db = fol_store_get_db (f->store);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      sqlite3_stmt *st = NULL;
      g_assert_cmpint (sqlite3_prepare_v2 (db, cases[i].sql, -1, &st, NULL), ==, SQLITE_OK);
      sqlite3_bind_int64 (st, 1, ids[i]);
      sqlite3_bind_text (st, 2, huge, -1, SQLITE_STATIC);
      g_assert_cmpint (sqlite3_step (st), ==, SQLITE_DONE);
      g_assert_cmpint (sqlite3_changes (db), ==, 1);
      sqlite3_finalize (st);
    }
  /* none of this is damage the integrity check sees: the file opens as is */
  reopen (f);
  g_assert_null (fol_store_get_recovery (f->store));
  g_assert_cmpuint (store_test_n_games (f->store), ==, 9);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (FolSavedGame) g = fol_store_load_game (f->store, ids[i], &error);
      g_assert_null (g);
      g_assert_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_CORRUPT);
      g_test_message ("%s", error->message);
      g_autofree char *game = g_strdup_printf ("Saved game %" G_GINT64_FORMAT " ", ids[i]);
      g_assert_true (g_str_has_prefix (error->message, game));
      g_assert_nonnull (strstr (error->message, cases[i].field));
      /* the path, the words and at most a short quote of the stored text */
      g_assert_cmpuint (strlen (error->message), <, strlen (f->path) + 200);
      g_clear_error (&error);
    }
  /* the other game loads */
  g_autoptr (FolSavedGame) g = fol_store_load_game (f->store, ids[8], &error);
  g_assert_no_error (error);
  g_assert_cmpint (fol_saved_game_get_n_moves (g), ==, 4);
  g_assert_true (store_test_check_game (g, &error));
}

static void
test_quote (void)
{
  g_autofree char *short_text = fol_quote ("G05 r1 e4");
  g_assert_cmpstr (short_text, ==, "G05 r1 e4");
  g_autofree char *null_text = fol_quote (NULL);
  g_assert_cmpstr (null_text, ==, "");
  g_autofree char *huge = g_strnfill (1 << 20, 'y');
  g_autofree char *cut = fol_quote (huge);
  g_assert_cmpint (g_utf8_strlen (cut, -1), ==, FOL_QUOTE_MAX + 1);
  g_assert_true (g_str_has_suffix (cut, "…"));
  /* one line of valid UTF-8 */
  g_autofree char *odd = fol_quote ("a\nb\xff\xfe\tc");
  g_assert_cmpstr (odd, ==, "a?b???c");
  g_autofree char *accents = fol_quote ("Älöwë");
  g_assert_cmpstr (accents, ==, "Älöwë");

  /* a parser's message that carries the whole text */
  g_autofree char *msg = g_strdup_printf ("bad move '%s': no such tile", huge);
  g_autofree char *elided = fol_store_elide (msg, huge);
  g_autofree char *expected = g_strdup_printf ("bad move '%s': no such tile", cut);
  g_assert_cmpstr (elided, ==, expected);
  g_autofree char *kept = fol_store_elide ("bad move 'G05': why", "G05");
  g_assert_cmpstr (kept, ==, "bad move 'G05': why");
  g_autofree char *none = fol_store_elide ("no text here", huge);
  g_assert_cmpstr (none, ==, "no text here");
}

static void
test_truncate (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  gint64 id = fol_store_create_game (f->store, "summer", 3, NULL, two_seats, 2, 0, &error);
  g_assert_no_error (error);
  append_synthetic (f->store, id, 1, 6, 2);
  g_assert_true (fol_store_truncate_moves (f->store, id, 4, 4000, &error));
  g_assert_no_error (error);
  g_assert_false (fol_store_truncate_moves (f->store, id, 5, 1, &error));
  g_assert_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_INVALID);
  g_clear_error (&error);
  append_synthetic (f->store, id, 5, 2, 2);
  g_autoptr (FolSavedGame) g = fol_store_load_game (f->store, id, &error);
  g_assert_no_error (error);
  g_assert_cmpint (fol_saved_game_get_n_moves (g), ==, 6);
  g_assert_cmphex (g->hash, ==, 6000);
  g_autofree char *m5 = store_test_move (5);
  g_assert_cmpstr (fol_saved_game_get_move (g, 5), ==, m5);
}

static void
test_finish (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  const FolSeatSetup seats[] = { { "Ann", TRUE, 0 }, { "Bob", TRUE, 0 }, { "Easy", FALSE, 1 } };
  gint64 id = fol_store_create_game (f->store, "summer", 3, NULL, seats, 3, 0, &error);
  g_assert_no_error (error);
  append_synthetic (f->store, id, 1, 9, 3);

  const FolResultDetail ann_details[] = { { "empty-squares", 0 }, { "nuts", 4 } };
  const FolResultDetail bob_details[] = { { "empty-squares", 3 } };
  const FolSeatResult results[] = {
    { 1, 42, TRUE, ann_details, 2 },
    { 3, -3, FALSE, bob_details, 1 },
    { 2, 17, FALSE, NULL, 0 },
  };
  fol_store_set_now_for_testing (f->store, 5000000);
  g_assert_true (fol_store_finish_game (f->store, id, results, 3, &error));
  g_assert_no_error (error);

  g_autoptr (FolSavedGame) g = fol_store_load_game (f->store, id, &error);
  g_assert_no_error (error);
  g_assert_cmpint (g->status, ==, FOL_STORE_STATUS_FINISHED);
  g_assert_cmpint (g->finished, ==, 5000000);
  g_assert_cmpint (g->updated, ==, 5000000);
  int v = -1;
  g_assert_true (g->seats[0].has_result);
  g_assert_cmpint (g->seats[0].rank, ==, 1);
  g_assert_cmpint (g->seats[0].score, ==, 42);
  g_assert_true (g->seats[0].won);
  g_assert_true (fol_saved_seat_get_detail (&g->seats[0], "nuts", &v));
  g_assert_cmpint (v, ==, 4);
  g_assert_true (fol_saved_seat_get_detail (&g->seats[0], "empty-squares", &v));
  g_assert_cmpint (v, ==, 0);
  g_assert_cmpint (g->seats[1].score, ==, -3);
  g_assert_false (g->seats[1].won);
  g_assert_true (fol_saved_seat_get_detail (&g->seats[1], "empty-squares", &v));
  g_assert_cmpint (v, ==, 3);
  g_assert_false (fol_saved_seat_get_detail (&g->seats[1], "nuts", NULL));
  g_assert_false (fol_saved_seat_get_detail (&g->seats[2], "nuts", NULL));
  g_assert_cmpint (g->seats[2].rank, ==, 2);

  /* finishing again replaces the results and their details */
  const FolSeatResult again[] = { { 2, 40, FALSE, NULL, 0 }, { 1, 41, TRUE, NULL, 0 }, { 3, 1, FALSE, NULL, 0 } };
  g_assert_true (fol_store_finish_game (f->store, id, again, 3, &error));
  g_assert_no_error (error);
  g_assert_cmpint (count_rows (f->store, "SELECT count(*) FROM seat_details"), ==, 0);
  g_autoptr (FolSavedGame) g2 = fol_store_load_game (f->store, id, &error);
  g_assert_cmpint (g2->seats[1].score, ==, 41);
  g_assert_true (g2->seats[1].won);
  g_assert_null (g2->seats[0].details);
}

static void
test_status_delete_latest (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_assert_cmpint (fol_store_get_latest_unfinished (f->store, NULL, &error), ==, 0);
  g_assert_no_error (error);

  gint64 ids[4];
  const char *kinds[4] = { "summer", "fall", "summer", "fall" };
  for (int i = 0; i < 4; i++)
    {
      fol_store_set_now_for_testing (f->store, 1000 * (i + 1));
      ids[i] = fol_store_create_game (f->store, kinds[i], i, NULL, two_seats, 2, 0, &error);
      g_assert_no_error (error);
    }
  g_assert_cmpint (fol_store_get_latest_unfinished (f->store, NULL, &error), ==, ids[3]);
  g_assert_cmpint (fol_store_get_latest_unfinished (f->store, "summer", &error), ==, ids[2]);

  /* a move makes game 0 the latest */
  fol_store_set_now_for_testing (f->store, 9000);
  append_synthetic (f->store, ids[0], 1, 1, 2);
  g_assert_cmpint (fol_store_get_latest_unfinished (f->store, NULL, &error), ==, ids[0]);

  fol_store_set_now_for_testing (f->store, 10000);
  g_assert_true (fol_store_set_status (f->store, ids[0], FOL_STORE_STATUS_ABANDONED, &error));
  g_assert_cmpint (fol_store_get_latest_unfinished (f->store, NULL, &error), ==, ids[3]);
  g_assert_true (fol_store_set_status (f->store, ids[3], FOL_STORE_STATUS_FINISHED, &error));
  g_assert_cmpint (fol_store_get_latest_unfinished (f->store, NULL, &error), ==, ids[2]);
  g_assert_cmpint (fol_store_get_latest_unfinished (f->store, "fall", &error), ==, ids[1]);
  {
    g_autoptr (FolSavedGame) g = fol_store_load_game (f->store, ids[3], &error);
    g_assert_cmpint (g->finished, ==, 10000);
    g_assert_cmpint (g->status, ==, FOL_STORE_STATUS_FINISHED);
  }
  /* back in progress: no finished time */
  g_assert_true (fol_store_set_status (f->store, ids[0], FOL_STORE_STATUS_IN_PROGRESS, &error));
  {
    g_autoptr (FolSavedGame) g = fol_store_load_game (f->store, ids[0], &error);
    g_assert_cmpint (g->status, ==, FOL_STORE_STATUS_IN_PROGRESS);
    g_assert_cmpint (g->finished, ==, 0);
  }

  /* delete: the game, its seats and moves */
  g_assert_true (fol_store_delete_game (f->store, ids[0], &error));
  g_assert_no_error (error);
  g_assert_null (fol_store_load_game (f->store, ids[0], &error));
  g_assert_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_assert_false (fol_store_delete_game (f->store, ids[0], &error));
  g_assert_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_assert_false (fol_store_set_status (f->store, ids[0], FOL_STORE_STATUS_FINISHED, &error));
  g_assert_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_autofree char *sql = g_strdup_printf ("SELECT (SELECT count(*) FROM moves WHERE game_id = %" G_GINT64_FORMAT ")"
                                          " + (SELECT count(*) FROM seats WHERE game_id = %" G_GINT64_FORMAT ")",
                                          ids[0], ids[0]);
  g_assert_cmpint (count_rows (f->store, sql), ==, 0);

  /* ids are never reused */
  gint64 id5 = fol_store_create_game (f->store, "fall", 1, NULL, two_seats, 2, 0, &error);
  g_assert_cmpint (id5, >, ids[3]);
}

static void
test_list (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  const FolSeatSetup three[] = { { "Ann", TRUE, 0 }, { "Bob", TRUE, 0 }, { "Hard", FALSE, 5 } };
  fol_store_set_now_for_testing (f->store, 100);
  gint64 a = fol_store_create_game (f->store, "summer", 1, NULL, three, 3, 0, &error);
  fol_store_set_now_for_testing (f->store, 200);
  gint64 b = fol_store_create_game (f->store, "fall", 2, NULL, two_seats, 2, 0, &error);
  fol_store_set_now_for_testing (f->store, 300);
  gint64 c = fol_store_create_game (f->store, "summer", 3, NULL, three, 1, 0, &error);
  g_assert_no_error (error);
  fol_store_set_now_for_testing (f->store, 400);
  append_synthetic (f->store, a, 1, 5, 3);
  fol_store_set_now_for_testing (f->store, 500);
  g_assert_true (fol_store_set_status (f->store, b, FOL_STORE_STATUS_FINISHED, &error));

  g_autoptr (GArray) all = fol_store_list_games (f->store, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (all->len, ==, 3);
  const FolGameSummary *s0 = &g_array_index (all, FolGameSummary, 0);
  const FolGameSummary *s1 = &g_array_index (all, FolGameSummary, 1);
  const FolGameSummary *s2 = &g_array_index (all, FolGameSummary, 2);
  g_assert_cmpint (s0->id, ==, b);
  g_assert_cmpint (s1->id, ==, a);
  g_assert_cmpint (s2->id, ==, c);
  g_assert_cmpstr (s0->kind, ==, "fall");
  g_assert_cmpint (s0->status, ==, FOL_STORE_STATUS_FINISHED);
  g_assert_cmpstr (s0->seats, ==, "Ann, Computer");
  g_assert_cmpint (s0->updated, ==, 500);
  g_assert_cmpint (s0->created, ==, 200);
  g_assert_cmpint (s1->n_moves, ==, 5);
  g_assert_cmpint (s1->n_seats, ==, 3);
  g_assert_cmpstr (s1->seats, ==, "Ann, Bob, Hard");
  g_assert_cmpint (s2->n_seats, ==, 1);
  g_assert_cmpstr (s2->seats, ==, "Ann");
  g_assert_cmpint (s2->n_moves, ==, 0);

  g_autoptr (GArray) playing = fol_store_list_games (f->store, FOL_STORE_STATUS_IN_PROGRESS, &error);
  g_assert_cmpuint (playing->len, ==, 2);
  g_assert_cmpint (g_array_index (playing, FolGameSummary, 0).id, ==, a);
  g_autoptr (GArray) abandoned = fol_store_list_games (f->store, FOL_STORE_STATUS_ABANDONED, &error);
  g_assert_cmpuint (abandoned->len, ==, 0);
}

/* The saved games list reads the seats with their results without the
 * log, and counts the moves that end a turn. */
static void
test_seats_and_count (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  const FolSeatSetup three[] = { { "Ann", TRUE, 0 }, { "Bob", TRUE, 0 }, { "Hazel", FALSE, 2 } };
  gint64 id = fol_store_create_game (f->store, "fall", 1, NULL, three, 3, 0, &error);
  g_assert_no_error (error);
  g_autoptr (GArray) seats = fol_store_load_seats (f->store, id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (seats->len, ==, 3);
  const FolSavedSeat *hazel = &g_array_index (seats, FolSavedSeat, 2);
  g_assert_cmpstr (g_array_index (seats, FolSavedSeat, 0).name, ==, "Ann");
  g_assert_true (g_array_index (seats, FolSavedSeat, 1).human);
  g_assert_cmpstr (hazel->name, ==, "Hazel");
  g_assert_false (hazel->human);
  g_assert_cmpint (hazel->level, ==, 2);
  g_assert_false (hazel->has_result);

  /* a turn ends with "E" or "E-..." (Fall's notation); other moves do not */
  const char *moves[] = { "T1", "L07@1,-2r4", "E", "T2", "E-fh", "T3", "XL07", "f@0,1" };
  for (int i = 0; i < (int) G_N_ELEMENTS (moves); i++)
    {
      g_assert_true (fol_store_append_move (f->store, id, i + 1, moves[i], i % 3, (guint64) i, &error));
      g_assert_no_error (error);
    }
  g_assert_cmpint (fol_store_count_moves (f->store, id, "E*", &error), ==, 2);
  g_assert_no_error (error);
  g_assert_cmpint (fol_store_count_moves (f->store, id, "T?", &error), ==, 3);
  g_assert_cmpint (fol_store_count_moves (f->store, id, "end", &error), ==, 0);
  /* case-sensitive */
  g_assert_cmpint (fol_store_count_moves (f->store, id, "e*", &error), ==, 0);
  g_assert_cmpint (fol_store_count_moves (f->store, id + 100, "E*", &error), ==, -1);
  g_assert_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);
  /* an undo takes the count back */
  g_assert_true (fol_store_truncate_moves (f->store, id, 4, 7, &error));
  g_assert_cmpint (fol_store_count_moves (f->store, id, "E*", &error), ==, 1);

  /* the results once finished, with their details */
  const FolResultDetail details[] = { { "flowers", 9 } };
  const FolSeatResult results[] = {
    { 2, 40, FALSE, NULL, 0 }, { 3, 31, FALSE, NULL, 0 }, { 1, 54, TRUE, details, 1 },
  };
  g_assert_true (fol_store_finish_game (f->store, id, results, 3, &error));
  g_autoptr (GArray) done = fol_store_load_seats (f->store, id, &error);
  g_assert_no_error (error);
  hazel = &g_array_index (done, FolSavedSeat, 2);
  g_assert_true (hazel->has_result);
  g_assert_true (hazel->won);
  g_assert_cmpint (hazel->score, ==, 54);
  g_assert_cmpint (hazel->rank, ==, 1);
  int v = 0;
  g_assert_true (fol_saved_seat_get_detail (hazel, "flowers", &v));
  g_assert_cmpint (v, ==, 9);
  g_assert_cmpint (g_array_index (done, FolSavedSeat, 0).score, ==, 40);

  g_assert_null (fol_store_load_seats (f->store, id + 100, &error));
  g_assert_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_NOT_FOUND);
}

/* Games that never had a move are deleted when a newer game starts, but
 * never a game with moves, a finished or abandoned one, a campaign's, or
 * one created after the new game. */
static void
test_delete_unstarted (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  const FolSeatSetup solo[] = { { "Ann", TRUE, 0 } };
  gint64 empty1 = fol_store_create_game (f->store, "summer", 1, NULL, two_seats, 2, 0, &error);
  gint64 played = fol_store_create_game (f->store, "summer", 2, NULL, two_seats, 2, 0, &error);
  append_synthetic (f->store, played, 1, 1, 2);
  gint64 undone = fol_store_create_game (f->store, "fall", 3, NULL, two_seats, 2, 0, &error);
  append_synthetic (f->store, undone, 1, 2, 2);
  g_assert_true (fol_store_truncate_moves (f->store, undone, 0, 0, &error));
  gint64 abandoned = fol_store_create_game (f->store, "fall", 4, NULL, two_seats, 2, 0, &error);
  g_assert_true (fol_store_set_status (f->store, abandoned, FOL_STORE_STATUS_ABANDONED, &error));
  gint64 campaign = fol_store_create_campaign (f->store, 5, "3B", &error);
  gint64 in_campaign = fol_store_create_game (f->store, "summer", 5, NULL, solo, 1, 0, &error);
  g_assert_true (fol_store_set_campaign_game (f->store, campaign, 0, in_campaign, 0, &error));
  gint64 newest = fol_store_create_game (f->store, "summer", 6, NULL, two_seats, 2, 0, &error);
  gint64 later = fol_store_create_game (f->store, "summer", 7, NULL, two_seats, 2, 0, &error);
  g_assert_no_error (error);

  g_assert_cmpint (fol_store_delete_unstarted_games (f->store, newest, &error), ==, 2);
  g_assert_no_error (error);
  gint64 gone[] = { empty1, undone };
  for (guint i = 0; i < G_N_ELEMENTS (gone); i++)
    {
      g_assert_null (fol_store_load_game (f->store, gone[i], &error));
      g_assert_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_NOT_FOUND);
      g_clear_error (&error);
    }
  gint64 kept[] = { played, abandoned, in_campaign, newest, later };
  for (guint i = 0; i < G_N_ELEMENTS (kept); i++)
    {
      g_autoptr (FolSavedGame) g = fol_store_load_game (f->store, kept[i], &error);
      g_assert_no_error (error);
    }
  g_assert_cmpint (count_rows (f->store, "SELECT count(*) FROM seats"), ==, 2 * 4 + 1);
  /* again: nothing left to delete */
  g_assert_cmpint (fol_store_delete_unstarted_games (f->store, newest, &error), ==, 0);
}

static void
test_campaign (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  const FolSeatSetup solo[] = { { "Ann", TRUE, 0 } };
  g_assert_cmpint (fol_store_get_latest_unfinished_campaign (f->store, &error), ==, 0);

  fol_store_set_now_for_testing (f->store, 100);
  gint64 cid = fol_store_create_campaign (f->store, G_MAXUINT64 - 5, "4A", &error);
  g_assert_no_error (error);
  g_assert_cmpint (cid, >, 0);
  g_assert_cmpint (fol_store_create_campaign (f->store, 1, "", &error), ==, 0);
  g_assert_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_INVALID);
  g_clear_error (&error);

  {
    g_autoptr (FolSavedCampaign) c = fol_store_load_campaign (f->store, cid, &error);
    g_assert_no_error (error);
    g_assert_cmphex (c->seed, ==, G_MAXUINT64 - 5);
    g_assert_cmpstr (c->side, ==, "4A");
    g_assert_cmpint (c->status, ==, FOL_STORE_STATUS_IN_PROGRESS);
    g_assert_false (c->has_result);
    for (int i = 0; i < 3; i++)
      {
        g_assert_cmpint (c->games[i].game_id, ==, 0);
        g_assert_cmpint (c->games[i].stack, ==, -1);
        g_assert_false (c->games[i].has_result);
      }
  }

  gint64 g1 = fol_store_create_game (f->store, "summer", 11, "campaign", solo, 1, 0, &error);
  gint64 g2 = fol_store_create_game (f->store, "summer", 12, "campaign", solo, 1, 0, &error);
  g_assert_no_error (error);
  fol_store_set_now_for_testing (f->store, 200);
  g_assert_true (fol_store_set_campaign_game (f->store, cid, 0, g1, 2, &error));
  g_assert_true (fol_store_set_campaign_game_result (f->store, cid, 0, 14, TRUE, &error));
  g_assert_true (fol_store_set_campaign_game (f->store, cid, 1, g2, 0, &error));
  g_assert_true (fol_store_set_campaign_game_result (f->store, cid, 1, -4, FALSE, &error));
  g_assert_no_error (error);
  /* bad slot, bad stack, unknown game, unknown campaign */
  g_assert_false (fol_store_set_campaign_game (f->store, cid, 3, g1, 0, &error));
  g_assert_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (fol_store_set_campaign_game (f->store, cid, 2, g1, 3, &error));
  g_assert_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (fol_store_set_campaign_game (f->store, cid, 2, 777, 1, &error));
  g_assert_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_assert_false (fol_store_set_campaign_game_result (f->store, 555, 0, 1, TRUE, &error));
  g_assert_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);

  g_assert_cmpint (fol_store_get_latest_unfinished_campaign (f->store, &error), ==, cid);

  /* the third game is forfeit (no game id), the result is known */
  g_assert_true (fol_store_set_campaign_game (f->store, cid, 2, 0, 1, &error));
  fol_store_set_now_for_testing (f->store, 300);
  g_assert_true (fol_store_finish_campaign (f->store, cid, 10, &error));
  g_assert_no_error (error);
  g_assert_cmpint (fol_store_get_latest_unfinished_campaign (f->store, &error), ==, 0);

  /* deleting a game keeps the campaign's slot */
  g_assert_true (fol_store_delete_game (f->store, g2, &error));
  reopen (f);
  {
    g_autoptr (FolSavedCampaign) c = fol_store_load_campaign (f->store, cid, &error);
    g_assert_no_error (error);
    g_assert_cmpint (c->status, ==, FOL_STORE_STATUS_FINISHED);
    g_assert_true (c->has_result);
    g_assert_cmpint (c->result, ==, 10);
    g_assert_cmpint (c->created, ==, 100);
    g_assert_cmpint (c->updated, ==, 300);
    g_assert_cmpint (c->games[0].game_id, ==, g1);
    g_assert_cmpint (c->games[0].stack, ==, 2);
    g_assert_true (c->games[0].has_result);
    g_assert_cmpint (c->games[0].score, ==, 14);
    g_assert_true (c->games[0].won);
    g_assert_cmpint (c->games[1].game_id, ==, 0);
    g_assert_cmpint (c->games[1].stack, ==, 0);
    g_assert_cmpint (c->games[1].score, ==, -4);
    g_assert_false (c->games[1].won);
    g_assert_cmpint (c->games[2].game_id, ==, 0);
    g_assert_cmpint (c->games[2].stack, ==, 1);
    g_assert_false (c->games[2].has_result);
  }

  gint64 cid2 = fol_store_create_campaign (f->store, 5, "1B", &error);
  g_assert_true (fol_store_set_campaign_status (f->store, cid2, FOL_STORE_STATUS_ABANDONED, &error));
  g_autoptr (GPtrArray) list = fol_store_list_campaigns (f->store, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (list->len, ==, 2);
  FolSavedCampaign *first = g_ptr_array_index (list, 0);
  g_assert_cmpint (first->id, ==, cid2);
  g_assert_cmpint (first->status, ==, FOL_STORE_STATUS_ABANDONED);

  g_assert_true (fol_store_delete_campaign (f->store, cid, &error));
  g_assert_null (fol_store_load_campaign (f->store, cid, &error));
  g_assert_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_assert_cmpint (count_rows (f->store, "SELECT count(*) FROM campaign_games"), ==, 0);
  /* its games stay */
  g_autoptr (FolSavedGame) g = fol_store_load_game (f->store, g1, &error);
  g_assert_no_error (error);
}

static void
test_hash_mismatch_error (void)
{
  g_autoptr (GError) error = NULL;
  g_assert_false (fol_store_set_hash_mismatch_error (&error, 42, 0xabc, G_MAXUINT64));
  g_assert_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_HASH_MISMATCH);
  g_assert_nonnull (strstr (error->message, "game 42 "));
  g_assert_nonnull (strstr (error->message, "0000000000000abc"));
  g_assert_nonnull (strstr (error->message, "ffffffffffffffff"));
  g_assert_false (fol_store_set_hash_mismatch_error (NULL, 1, 2, 3));
}

static void
test_batch (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_assert_true (fol_store_begin_batch (f->store, &error));
  gint64 id = fol_store_create_game (f->store, "fall", 1, NULL, two_seats, 2, 0, &error);
  append_synthetic (f->store, id, 1, 10, 2);
  /* a failing call inside the batch undoes only itself */
  g_assert_false (fol_store_append_move (f->store, id, 20, "X", 0, 0, &error));
  g_assert_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_true (fol_store_begin_batch (f->store, &error));
  append_synthetic (f->store, id, 11, 5, 2);
  g_assert_true (fol_store_end_batch (f->store, FALSE, &error)); /* inner rolled back */
  g_assert_true (fol_store_end_batch (f->store, TRUE, &error));
  g_assert_no_error (error);
  {
    g_autoptr (FolSavedGame) g = fol_store_load_game (f->store, id, &error);
    g_assert_cmpint (fol_saved_game_get_n_moves (g), ==, 10);
  }

  g_assert_true (fol_store_begin_batch (f->store, &error));
  gint64 id2 = fol_store_create_game (f->store, "fall", 2, NULL, two_seats, 2, 0, &error);
  g_assert_cmpint (id2, >, 0);
  g_assert_true (fol_store_end_batch (f->store, FALSE, &error));
  g_assert_null (fol_store_load_game (f->store, id2, &error));
  g_assert_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_NOT_FOUND);
}

/* A full disk, simulated with a page limit: the save fails with FULL, the
 * store stays usable and nothing saved before is lost. */
static void
test_disk_full (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  sqlite3 *db = fol_store_get_db (f->store);
  gint64 id = fol_store_create_game (f->store, "summer", 1, NULL, two_seats, 2, 0, &error);
  g_assert_no_error (error);
  int pages = count_rows (f->store, "PRAGMA page_count");
  g_autofree char *limit = g_strdup_printf ("PRAGMA max_page_count = %d", pages + 2);
  g_assert_cmpint (sqlite3_exec (db, limit, NULL, NULL, NULL), ==, SQLITE_OK);

  g_autofree char *long_move = g_strnfill (300, 'm');
  int ply = 1;
  for (; ply < 10000; ply++)
    if (!fol_store_append_move (f->store, id, ply, long_move, 0, ply, &error))
      break;
  g_assert_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_FULL);
  g_assert_nonnull (strstr (error->message, "full"));
  g_clear_error (&error);
  g_assert_cmpint (ply, >, 1);

  /* other writes fail the same way, reads work */
  g_autofree char *big_options = g_strnfill (50000, 'o');
  g_assert_cmpint (fol_store_create_game (f->store, "fall", 1, big_options, two_seats, 2, 0, &error), ==, 0);
  g_assert_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_FULL);
  g_clear_error (&error);
  {
    g_autoptr (FolSavedGame) g = fol_store_load_game (f->store, id, &error);
    g_assert_no_error (error);
    g_assert_cmpint (fol_saved_game_get_n_moves (g), ==, ply - 1);
    g_assert_cmphex (g->hash, ==, (guint64) ply - 1);
  }
  /* space again: the game goes on */
  g_assert_cmpint (sqlite3_exec (db, "PRAGMA max_page_count = 1000000", NULL, NULL, NULL), ==, SQLITE_OK);
  g_assert_true (fol_store_append_move (f->store, id, ply, long_move, 0, ply, &error));
  g_assert_no_error (error);
}

/* Two stores on one file (the app and the CLI): each sees the other's
 * commits; a writer waits for the other's transaction, up to the busy
 * timeout, then gets BUSY. */
static void
test_two_connections (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (FolStore) other = fol_store_new (f->path, &error);
  g_assert_no_error (error);
  gint64 id = fol_store_create_game (f->store, "fall", 1, NULL, two_seats, 2, 0, &error);
  append_synthetic (f->store, id, 1, 2, 2);
  {
    g_autoptr (FolSavedGame) g = fol_store_load_game (other, id, &error);
    g_assert_no_error (error);
    g_assert_cmpint (fol_saved_game_get_n_moves (g), ==, 2);
  }
  append_synthetic (other, id, 3, 1, 2);
  {
    g_autoptr (FolSavedGame) g = fol_store_load_game (f->store, id, &error);
    g_assert_cmpint (fol_saved_game_get_n_moves (g), ==, 3);
  }

  g_assert_true (fol_store_begin_batch (f->store, &error));
  append_synthetic (f->store, id, 4, 1, 2);
  sqlite3_busy_timeout (fol_store_get_db (other), 20);
  g_assert_false (fol_store_append_move (other, id, 5, "X", 0, 0, &error));
  g_assert_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_BUSY);
  g_clear_error (&error);
  {
    /* reads see the last commit meanwhile */
    g_autoptr (FolSavedGame) g = fol_store_load_game (other, id, &error);
    g_assert_no_error (error);
    g_assert_cmpint (fol_saved_game_get_n_moves (g), ==, 3);
  }
  g_assert_true (fol_store_end_batch (f->store, TRUE, &error));
  append_synthetic (other, id, 5, 1, 2);
  g_autoptr (GArray) list = fol_store_list_games (f->store, -1, &error);
  g_assert_cmpint (g_array_index (list, FolGameSummary, 0).n_moves, ==, 5);
}

/* fol_store_new_async(): the same open in a worker thread, its result in
 * the caller's main context. */
static void
got_result (GObject *source, GAsyncResult *result, gpointer data)
{
  *(GAsyncResult **) data = g_object_ref (result);
}

static GAsyncResult *
wait_result (GAsyncResult **result)
{
  while (*result == NULL)
    g_main_context_iteration (NULL, TRUE);
  return *result;
}

static GThread *check_thread;

static gboolean
thread_noting_check (const FolSavedGame *game, GError **error)
{
  check_thread = g_thread_self ();
  return TRUE;
}

static void
test_open_async (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  gint64 id = fol_store_create_game (f->store, "summer", 1, NULL, two_seats, 2, 0, &error);
  g_assert_no_error (error);
  append_synthetic (f->store, id, 1, 2, 2);

  /* a good file: the store, with its games */
  g_autoptr (GAsyncResult) result = NULL;
  fol_store_new_async (f->path, NULL, got_result, &result);
  g_autoptr (FolStore) other = fol_store_new_finish (wait_result (&result), &error);
  g_assert_no_error (error);
  g_assert_cmpstr (fol_store_get_path (other), ==, f->path);
  g_autoptr (FolSavedGame) g = fol_store_load_game (other, id, &error);
  g_assert_no_error (error);
  g_assert_cmpint (fol_saved_game_get_n_moves (g), ==, 2);
  g_clear_object (&other);
  g_clear_object (&result);

  /* cancelled: the open runs to its end, the store is closed again */
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  fol_store_new_async (f->path, cancellable, got_result, &result);
  g_cancellable_cancel (cancellable);
  g_assert_null (fol_store_new_finish (wait_result (&result), &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&error);
  g_clear_object (&result);

  /* a folder that cannot be made: the error of fol_store_new() */
  g_autofree char *file = g_build_filename (f->dir, "a-file", NULL);
  g_assert_true (g_file_set_contents (file, "", 0, NULL));
  g_autofree char *bad = g_build_filename (file, "foliage.db", NULL);
  fol_store_new_async (bad, NULL, got_result, &result);
  g_assert_null (fol_store_new_finish (wait_result (&result), &error));
  g_assert_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_OPEN);
  g_clear_error (&error);
  g_clear_object (&result);

  /* a damaged file: the salvage, with its replay checks, runs in the worker */
  gint64 bad_id = fol_store_create_game (f->store, "summer", 2, NULL, two_seats, 2, 0, &error);
  g_assert_no_error (error);
  g_clear_object (&f->store);
  sqlite3 *db = NULL;
  g_assert_cmpint (sqlite3_open (f->path, &db), ==, SQLITE_OK);
  g_autofree char *sql = g_strdup_printf ("PRAGMA ignore_check_constraints = 1; "
                                          "UPDATE games SET status = 7 WHERE id = %" G_GINT64_FORMAT, bad_id);
  g_assert_cmpint (sqlite3_exec (db, sql, NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);
  FolStoreGameCheck real = fol_store_get_game_check ("summer");
  fol_store_set_game_check ("summer", thread_noting_check);
  check_thread = NULL;
  fol_store_new_async (f->path, NULL, got_result, &result);
  f->store = fol_store_new_finish (wait_result (&result), &error);
  fol_store_set_game_check ("summer", real);
  g_assert_no_error (error);
  g_assert_nonnull (fol_store_get_recovered_from (f->store));
  g_assert_nonnull (check_thread);
  g_assert_true (check_thread != g_thread_self ());
  g_autoptr (GArray) list = fol_store_list_games (f->store, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (list->len, ==, 1);
}

static void
test_bench (void)
{
  g_autoptr (GError) error = NULL;
  FolStoreBenchResult r;
  gboolean full = g_test_perf ();
  g_assert_true (fol_store_bench (NULL, full ? 1000 : 200, full ? 10000 : 500, &r, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (r.n_games, ==, full ? 10000 : 500);
  g_test_message ("save one move: median %.3f ms, p95 %.3f ms (%u moves)",
                  r.save_move_median_ms, r.save_move_p95_ms, r.n_moves);
  g_test_message ("list %u games: median %.2f ms; open %.1f ms; load a game %.3f ms; stats %.1f ms; "
                  "fill %.2f s; %" G_GINT64_FORMAT " bytes",
                  r.n_games, r.list_median_ms, r.open_ms, r.load_game_ms, r.stats_ms, r.fill_s, r.db_bytes);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/store/default-path", test_default_path);
#define ADD(name, func) g_test_add (name, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("/store/create-load", test_create_load);
  ADD ("/store/bad-arguments", test_bad_arguments);
  ADD ("/store/out-of-range-fields", test_out_of_range_fields);
  ADD ("/store/truncate", test_truncate);
  ADD ("/store/finish", test_finish);
  ADD ("/store/status-delete-latest", test_status_delete_latest);
  ADD ("/store/list", test_list);
  ADD ("/store/campaign", test_campaign);
  ADD ("/store/seats-and-count", test_seats_and_count);
  ADD ("/store/delete-unstarted", test_delete_unstarted);
  ADD ("/store/batch", test_batch);
  ADD ("/store/disk-full", test_disk_full);
  ADD ("/store/two-connections", test_two_connections);
  ADD ("/store/open-async", test_open_async);
#undef ADD
  g_test_add_func ("/store/hash-mismatch-error", test_hash_mismatch_error);
  g_test_add_func ("/store/quote", test_quote);
  g_test_add_func ("/store/bench", test_bench);
  return g_test_run ();
}
