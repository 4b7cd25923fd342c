/* test-store-crash.c: no committed move is lost when the program dies
 * (src/store/fol-store.c, fol_store_append_move()).
 *
 * The test binary re-executes itself as a child ("--child DB"): the child
 * autosaves synthetic games move by move (moves like "G05 r1 e4", the "state
 * hash" is FNV-1a of the moves joined by newlines) and, after each commit,
 * writes "GAME PLY" to its stdout, a pipe.  The parent reads a random number
 * of those reports, kills the child with SIGKILL at that (random) point of
 * its work, and reopens the database: it must open without recovery, every
 * game's log must be the synthetic prefix with the matching hash, and no
 * reported move may be missing.  200 times on one database; then 40 more
 * kills while a new database is being created.
 *
 * A rescue of the games of a damaged file killed half-way ("--rescue-child
 * DB N": the child's check of rescued games kills it at the N-th game) is
 * done again at the next open, and one that kills the program every time is
 * given up after three attempts: the person is never locked out. */
#include <glib.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>
#include "store/fol-store.h"
#include "store-test-util.h"

#define N_KILLS 200
#define MOVES_PER_GAME 40

static const FolSeatSetup seats[] = { { "Ann", TRUE, 0 }, { "Computer", FALSE, 2 } };

/* ---- The child ---- */

static void
report (gint64 id, int ply)
{
  char line[64];
  int n = g_snprintf (line, sizeof line, "%" G_GINT64_FORMAT " %d\n", id, ply);
  if (write (STDOUT_FILENO, line, n) != n)
    _exit (3);
}

static int
child_main (const char *path)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (FolStore) store = fol_store_new (path, &error);
  if (store == NULL)
    {
      g_printerr ("child: %s\n", error->message);
      return 2;
    }
  for (;;)
    {
      gint64 id = fol_store_get_latest_unfinished (store, NULL, &error);
      if (error)
        break;
      g_autoptr (GPtrArray) moves = g_ptr_array_new_with_free_func (g_free);
      if (id == 0)
        {
          id = fol_store_create_game (store, "summer", g_random_int (), "crash-test", seats, 2,
                                      store_test_hash_moves (NULL, 0), &error);
          if (id == 0)
            break;
        }
      else
        {
          g_autoptr (FolSavedGame) game = fol_store_load_game (store, id, &error);
          if (game == NULL)
            break;
          for (guint i = 0; i < game->moves->len; i++)
            g_ptr_array_add (moves, g_strdup (g_array_index (game->moves, FolSavedMove, i).text));
        }
      for (int ply = (int) moves->len + 1; ply <= MOVES_PER_GAME; ply++)
        {
          g_ptr_array_add (moves, store_test_move (ply));
          guint64 hash = store_test_hash_moves ((const char *const *) moves->pdata, ply);
          if (!fol_store_append_move (store, id, ply, moves->pdata[ply - 1], (ply - 1) % 2, hash, &error))
            break;
          report (id, ply);
        }
      if (error)
        break;
      const FolSeatResult results[] = { { 1, 30, TRUE, NULL, 0 }, { 2, 20, FALSE, NULL, 0 } };
      if (!fol_store_finish_game (store, id, results, 2, &error))
        break;
    }
  g_printerr ("child: %s\n", error->message);
  return 1;
}

/* The check of the rescue child: SIGKILL at the checks_left-th game. */
static int checks_left;

static gboolean
check_or_die (const FolSavedGame *game, GError **error)
{
  if (checks_left-- == 0)
    kill (getpid (), SIGKILL);
  return store_test_check_game (game, error);
}

static int
rescue_child_main (const char *path, int n)
{
  checks_left = n;
  fol_store_set_game_check ("summer", check_or_die);
  fol_store_set_game_check ("fall", check_or_die);
  g_autoptr (GError) error = NULL;
  g_autoptr (FolStore) store = fol_store_new (path, &error);
  if (store == NULL)
    {
      g_printerr ("rescue child: %s\n", error->message);
      return 2;
    }
  return 0;
}

/* ---- The parent ---- */

/* Checks every game in @path; @reported maps game id -> last reported ply. */
static void
check_database (const char *path, GHashTable *reported, int *n_games, int *n_moves)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (FolStore) store = fol_store_new (path, &error);
  g_assert_no_error (error);
  g_assert_null (fol_store_get_recovered_from (store));

  g_autoptr (GArray) list = fol_store_list_games (store, -1, &error);
  g_assert_no_error (error);
  int in_progress = 0;
  *n_games = (int) list->len;
  *n_moves = 0;
  for (guint i = 0; i < list->len; i++)
    {
      const FolGameSummary *s = &g_array_index (list, FolGameSummary, i);
      g_autoptr (FolSavedGame) game = fol_store_load_game (store, s->id, &error);
      g_assert_no_error (error);
      int n = fol_saved_game_get_n_moves (game);
      g_assert_cmpint (n, ==, s->n_moves);
      g_assert_cmpint (n, <=, MOVES_PER_GAME);
      *n_moves += n;

      /* a prefix of the synthetic game, with its hash */
      g_autoptr (GPtrArray) texts = g_ptr_array_new ();
      for (int ply = 1; ply <= n; ply++)
        {
          const FolSavedMove *m = &g_array_index (game->moves, FolSavedMove, ply - 1);
          g_autofree char *expected = store_test_move (ply);
          g_assert_cmpint (m->ply, ==, ply);
          g_assert_cmpint (m->seat, ==, (ply - 1) % 2);
          g_assert_cmpstr (m->text, ==, expected);
          g_ptr_array_add (texts, m->text);
        }
      g_assert_cmphex (game->hash, ==, store_test_hash_moves ((const char *const *) texts->pdata, n));

      /* nothing reported as saved is missing */
      int last = GPOINTER_TO_INT (g_hash_table_lookup (reported, &game->id));
      g_assert_cmpint (n, >=, last);

      if (game->status == FOL_STORE_STATUS_FINISHED)
        {
          g_assert_cmpint (n, ==, MOVES_PER_GAME);
          g_assert_true (game->seats[0].has_result);
          g_assert_cmpint (game->seats[0].score, ==, 30);
        }
      else
        {
          g_assert_cmpint (game->status, ==, FOL_STORE_STATUS_IN_PROGRESS);
          in_progress++;
        }
    }
  g_assert_cmpint (in_progress, <=, 1);
}

static void
test_sigkill (void)
{
  g_autofree char *dir = store_test_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "foliage.db", NULL);
  g_autofree char *self_exe = g_file_read_link ("/proc/self/exe", NULL);
  g_assert_nonnull (self_exe);
  g_autoptr (GHashTable) reported = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  int total_reports = 0, n_games = 0, n_moves = 0, killed_before_report = 0;

  for (int iter = 0; iter < N_KILLS; iter++)
    {
      g_autoptr (GError) error = NULL;
      const char *argv[] = { self_exe, "--child", path, NULL };
      GPid pid;
      int out_fd = -1;
      g_assert_true (g_spawn_async_with_pipes (NULL, (char **) argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD,
                                               NULL, NULL, &pid, NULL, &out_fd, NULL, &error));
      g_assert_no_error (error);
      FILE *out = fdopen (out_fd, "r");
      g_assert_nonnull (out);

      /* the kill point: after 0..24 reports, then 0..1999 µs more */
      int wait_reports = g_test_rand_int_range (0, 25);
      int extra_us = g_test_rand_int_range (0, 2000);
      char line[64];
      int got = 0;
      gboolean eof = FALSE;
      while (got < wait_reports && !(eof = fgets (line, sizeof line, out) == NULL))
        {
          gint64 id = 0;
          int ply = 0;
          g_assert_cmpint (sscanf (line, "%" G_GINT64_FORMAT " %d", &id, &ply), ==, 2);
          g_hash_table_replace (reported, g_memdup2 (&id, sizeof id), GINT_TO_POINTER (ply));
          got++;
        }
      g_assert_false (eof); /* the child never stops by itself */
      if (extra_us > 0)
        g_usleep (extra_us);
      g_assert_cmpint (kill (pid, SIGKILL), ==, 0);
      /* what it reported before dying counts too */
      while (fgets (line, sizeof line, out))
        {
          gint64 id = 0;
          int ply = 0;
          if (sscanf (line, "%" G_GINT64_FORMAT " %d", &id, &ply) == 2)
            {
              g_hash_table_replace (reported, g_memdup2 (&id, sizeof id), GINT_TO_POINTER (ply));
              got++;
            }
        }
      fclose (out);
      int status = 0;
      g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
      g_assert_true (WIFSIGNALED (status));
      g_assert_cmpint (WTERMSIG (status), ==, SIGKILL);
      g_spawn_close_pid (pid);
      total_reports += got;
      killed_before_report += got == 0;

      check_database (path, reported, &n_games, &n_moves);
    }
  g_test_message ("%d kills, %d moves reported (%d kills before the first report), %d games, %d moves stored",
                  N_KILLS, total_reports, killed_before_report, n_games, n_moves);
  g_assert_cmpint (n_moves, >=, total_reports);
  g_assert_cmpint (n_games, >, 1);
  store_test_rmdir (dir);
}

/* Killed while creating a new database (the whole migration ladder) or
 * its first game: the file still opens as a good database. */
static void
test_sigkill_while_creating (void)
{
  g_autofree char *dir = store_test_tmpdir ();
  g_autofree char *self_exe = g_file_read_link ("/proc/self/exe", NULL);
  int opened_empty = 0;

  for (int iter = 0; iter < 40; iter++)
    {
      g_autoptr (GError) error = NULL;
      g_autofree char *name = g_strdup_printf ("new-%d.db", iter);
      g_autofree char *path = g_build_filename (dir, name, NULL);
      const char *argv[] = { self_exe, "--child", path, NULL };
      GPid pid;
      int out_fd = -1;
      g_assert_true (g_spawn_async_with_pipes (NULL, (char **) argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD,
                                               NULL, NULL, &pid, NULL, &out_fd, NULL, &error));
      g_usleep (g_test_rand_int_range (0, 8000));
      g_assert_cmpint (kill (pid, SIGKILL), ==, 0);
      int status = 0;
      g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
      g_spawn_close_pid (pid);
      close (out_fd);

      g_autoptr (FolStore) store = fol_store_new (path, &error);
      g_assert_no_error (error);
      g_assert_null (fol_store_get_recovered_from (store));
      g_autoptr (GArray) list = fol_store_list_games (store, -1, &error);
      g_assert_no_error (error);
      opened_empty += list->len == 0;
    }
  g_test_message ("40 kills while creating, %d left no game yet", opened_empty);
  store_test_rmdir (dir);
}

/* Runs the rescue child on @path, which must be killed (at its @n-th game). */
static void
run_rescue_child (const char *path, int n)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *self_exe = g_file_read_link ("/proc/self/exe", NULL);
  g_autofree char *count = g_strdup_printf ("%d", n);
  const char *argv[] = { self_exe, "--rescue-child", path, count, NULL };
  GPid pid;
  g_assert_true (g_spawn_async (NULL, (char **) argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL, &pid, &error));
  g_assert_no_error (error);
  int status = 0;
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  g_spawn_close_pid (pid);
  g_assert_true (WIFSIGNALED (status));
  g_assert_cmpint (WTERMSIG (status), ==, SIGKILL);
}

/* Eight games, one breaking a CHECK constraint: seven can be rescued.
 * Returns where the damaged file was moved by the (killed) child. */
static char *
damaged_database_killed_rescue (const char *path, int n, GBytes **original)
{
  {
    g_autoptr (GError) error = NULL;
    g_autoptr (FolStore) store = fol_store_new (path, &error);
    g_assert_no_error (error);
    for (int i = 0; i < 8; i++)
      store_test_add_game (store, i % 2 ? "fall" : "summer", 5 + i, i % 3 == 0);
  }
  store_test_exec (path, "PRAGMA ignore_check_constraints = 1; UPDATE games SET status = 5 WHERE id = 3");
  *original = store_test_read_bytes (path);
  run_rescue_child (path, n);

  /* killed in the middle: the original was moved aside, a new file with a
   * report waiting for its games is in its place */
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_path_get_dirname (path);
  g_autoptr (GDir) d = g_dir_open (dir, 0, &error);
  g_assert_no_error (error);
  char *aside = NULL;
  const char *name;
  while ((name = g_dir_read_name (d)))
    if (g_str_has_prefix (name, "foliage.db.broken-") && !g_str_has_suffix (name, "-wal")
        && !g_str_has_suffix (name, "-shm") && !g_str_has_suffix (name, ".rescuing"))
      {
        g_assert_null (aside);
        aside = g_build_filename (dir, name, NULL);
      }
  g_assert_nonnull (aside);
  g_assert_cmpint (store_test_query (path, "SELECT count(*) FROM games"), ==, 0);
  g_assert_cmpint (store_test_query (path, "SELECT done FROM recoveries"), ==, 0);
  return aside;
}

static void
test_rescue_killed (void)
{
  g_autofree char *dir = store_test_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "foliage.db", NULL);
  g_autoptr (GBytes) original = NULL;
  g_autofree char *aside = damaged_database_killed_rescue (path, 4, &original);
  g_autofree char *rescuing = g_strconcat (aside, ".rescuing", NULL);
  g_assert_true (g_file_test (rescuing, G_FILE_TEST_IS_DIR));

  /* the next open finishes the job */
  g_autoptr (GError) error = NULL;
  g_autoptr (FolStore) store = fol_store_new (path, &error);
  g_assert_no_error (error);
  g_assert_null (fol_store_get_recovered_from (store));
  const FolStoreRecovery *r = fol_store_get_recovery (store);
  g_assert_nonnull (r);
  g_assert_true (r->complete);
  g_assert_cmpstr (r->original, ==, aside);
  g_assert_cmpint (r->games_rescued, ==, 7);
  g_assert_cmpint (r->games_lost, ==, 1);
  g_autoptr (GArray) list = fol_store_list_games (store, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (list->len, ==, 7);
  g_assert_false (g_file_test (rescuing, G_FILE_TEST_EXISTS));
  g_autoptr (GBytes) moved = store_test_read_bytes (aside);
  g_assert_true (g_bytes_equal (moved, original));
  g_clear_object (&store);
  store_test_rmdir (dir);
}

/* A rescue that kills the program every time: given up after three
 * attempts, the report says so, the person can play on. */
static void
test_rescue_always_killed (void)
{
  g_autofree char *dir = store_test_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "foliage.db", NULL);
  g_autoptr (GBytes) original = NULL;
  g_autofree char *aside = damaged_database_killed_rescue (path, 0, &original);
  run_rescue_child (path, 0);
  run_rescue_child (path, 0);
  g_assert_cmpint (store_test_query (path, "SELECT attempts FROM recoveries"), ==, 3);

  g_autoptr (GError) error = NULL;
  g_autoptr (FolStore) store = fol_store_new (path, &error);
  g_assert_no_error (error);
  const FolStoreRecovery *r = fol_store_get_recovery (store);
  g_assert_nonnull (r);
  g_assert_true (r->complete);
  g_assert_cmpint (r->games_rescued, ==, 0);
  g_assert_nonnull (strstr (r->reason, "could not be carried over"));
  g_autofree char *rescuing = g_strconcat (aside, ".rescuing", NULL);
  g_assert_false (g_file_test (rescuing, G_FILE_TEST_EXISTS));
  g_autoptr (GBytes) moved = store_test_read_bytes (aside);
  g_assert_true (g_bytes_equal (moved, original));
  g_assert_cmpint (store_test_add_game (store, "summer", 3, FALSE), >, 0);
  g_clear_object (&store);
  store_test_rmdir (dir);
}

int
main (int argc, char *argv[])
{
  if (argc == 3 && g_str_equal (argv[1], "--child"))
    return child_main (argv[2]);
  if (argc == 4 && g_str_equal (argv[1], "--rescue-child"))
    return rescue_child_main (argv[2], atoi (argv[3]));

  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/store-crash/sigkill", test_sigkill);
  g_test_add_func ("/store-crash/sigkill-while-creating", test_sigkill_while_creating);
  g_test_add_func ("/store-crash/rescue-killed", test_rescue_killed);
  g_test_add_func ("/store-crash/rescue-always-killed", test_rescue_always_killed);
  return g_test_run ();
}
