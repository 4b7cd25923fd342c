/* test-model-crash.c: real Indian Summer games autosaved move by move by a
 * child process that is killed with SIGKILL at random points, 200 times
 * (issue 4).  After every kill the database must open without recovery,
 * every saved game must load through FolSummerGame (replay of the whole log
 * and the state-hash check), and no move the child reported as committed
 * may be missing.  The child resumes the game in progress each time, as the
 * app does with "Continue". */
#include <glib.h>
#include <signal.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fol-summer-game.h"
#include "summer-ai.h"
#include "store-test-util.h"

#define N_KILLS 200

static void
report (gint64 id, guint ply)
{
  char line[64];
  int n = g_snprintf (line, sizeof line, "%" G_GINT64_FORMAT " %u\n", id, ply);
  if (write (STDOUT_FILENO, line, n) != n)
    _exit (3);
}

static void
on_save_failed (FolGame *game, GError *error, gpointer data)
{
  g_printerr ("child: save failed: %s\n", error->message);
  _exit (4);
}

static int
child_main (const char *path)
{
  g_autoptr (GError) error = NULL;
  if (!summer_components_get (&error))
    return 2;
  g_autoptr (FolStore) store = fol_store_new (path, &error);
  if (!store)
    return 2;
  for (guint64 n = 0;; n++)
    {
      gint64 id = fol_store_get_latest_unfinished (store, "summer", &error);
      if (error)
        return 2;
      g_autoptr (FolSummerGame) game = NULL;
      if (id > 0)
        game = fol_summer_game_load (store, id, &error);
      else
        {
          SummerSetup setup;
          summer_setup_init (&setup, 1 + (int) (g_random_int () % 4), g_random_int ());
          FolPlayer *players[4];
          for (int i = 0; i < setup.n_players; i++)
            players[i] = fol_player_new (i ? "Computer" : "Ann", i == 0, FOL_AI_GREEDY);
          game = fol_summer_game_new (&setup, players, store, &error);
          for (int i = 0; i < setup.n_players; i++)
            g_object_unref (players[i]);
        }
      if (!game)
        {
          g_printerr ("child: %s\n", error->message);
          return 2;
        }
      g_signal_connect (game, "save-failed", G_CALLBACK (on_save_failed), NULL);
      FolGame *g = FOL_GAME (game);
      while (!fol_game_get_is_over (g))
        {
          g_autofree char *m = fol_game_choose_move (g, g_random_boolean () ? FOL_AI_GREEDY : FOL_AI_RANDOM);
          if (!fol_game_apply_move (g, m, &error))
            return 2;
          report (fol_game_get_store_id (g), fol_game_get_n_moves (g));
        }
    }
  return 0;
}

static void
check_database (const char *path, GHashTable *reported, int *n_games, long *n_moves)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (FolStore) store = fol_store_new (path, &error);
  g_assert_no_error (error);
  g_assert_null (fol_store_get_recovered_from (store));
  g_autoptr (GArray) list = fol_store_list_games (store, -1, &error);
  g_assert_no_error (error);
  *n_games = (int) list->len;
  *n_moves = 0;
  int in_progress = 0;
  for (guint i = 0; i < list->len; i++)
    {
      const FolGameSummary *s = &g_array_index (list, FolGameSummary, i);
      g_autoptr (FolSummerGame) game = fol_summer_game_load (store, s->id, &error);
      if (!game)
        g_error ("game %" G_GINT64_FORMAT " does not load: %s", s->id, error->message);
      guint n = fol_game_get_n_moves (FOL_GAME (game));
      *n_moves += n;
      guint last = GPOINTER_TO_UINT (g_hash_table_lookup (reported, &s->id));
      g_assert_cmpuint (n, >=, last);
      if (s->status == FOL_STORE_STATUS_IN_PROGRESS)
        in_progress++;
      else
        g_assert_true (fol_game_get_is_over (FOL_GAME (game)));
    }
  g_assert_cmpint (in_progress, <=, 1);
}

static void
test_sigkill_real_games (void)
{
  g_autofree char *dir = store_test_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "foliage.db", NULL);
  g_autofree char *self_exe = g_file_read_link ("/proc/self/exe", NULL);
  g_autoptr (GHashTable) reported = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  long total_reports = 0, n_moves = 0;
  int n_games = 0;
  for (int iter = 0; iter < N_KILLS; iter++)
    {
      g_autoptr (GError) error = NULL;
      const char *argv[] = { self_exe, "--child", path, NULL };
      GPid pid;
      int out_fd = -1;
      g_assert_true (g_spawn_async_with_pipes (NULL, (char **) argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD,
                                               NULL, NULL, &pid, NULL, &out_fd, NULL, &error));
      FILE *out = fdopen (out_fd, "r");
      int wait_reports = g_test_rand_int_range (0, 40);
      char line[64];
      int got = 0;
      while (got < wait_reports && fgets (line, sizeof line, out))
        {
          gint64 id;
          guint ply;
          g_assert_cmpint (sscanf (line, "%" G_GINT64_FORMAT " %u", &id, &ply), ==, 2);
          g_hash_table_replace (reported, g_memdup2 (&id, sizeof id), GUINT_TO_POINTER (ply));
          got++;
        }
      g_usleep (g_test_rand_int_range (0, 1500));
      g_assert_cmpint (kill (pid, SIGKILL), ==, 0);
      while (fgets (line, sizeof line, out))
        {
          gint64 id;
          guint ply;
          if (sscanf (line, "%" G_GINT64_FORMAT " %u", &id, &ply) == 2)
            {
              g_hash_table_replace (reported, g_memdup2 (&id, sizeof id), GUINT_TO_POINTER (ply));
              got++;
            }
        }
      fclose (out);
      int status = 0;
      g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
      g_spawn_close_pid (pid);
      /* killed, never an error exit of its own */
      g_assert_true (WIFSIGNALED (status));
      total_reports += got;
      check_database (path, reported, &n_games, &n_moves);
    }
  g_test_message ("%d kills, %ld moves reported, %d games, %ld moves stored", N_KILLS, total_reports, n_games, n_moves);
  g_assert_cmpint (n_moves, >=, total_reports);
  store_test_rmdir (dir);
}

int
main (int argc, char *argv[])
{
  if (argc == 3 && g_strcmp0 (argv[1], "--child") == 0)
    return child_main (argv[2]);
  g_test_init (&argc, &argv, NULL);
  g_autoptr (GError) error = NULL;
  g_assert_nonnull (summer_components_get (&error));
  g_test_add_func ("/model/crash/sigkill-real-games", test_sigkill_real_games);
  return g_test_run ();
}
