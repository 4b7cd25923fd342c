/* fol-store-bench.c: the store benchmark (fol_store_bench()). */
#include "config.h"
#include "fol-store-bench.h"
#include "fol-store-stats.h"

#include <glib/gstdio.h>
#include <string.h>

#define BENCH_MOVES_PER_GAME 40
#define LIST_RUNS 5

static int
cmp_double (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

static double
percentile (double *v, guint n, double p)
{
  qsort (v, n, sizeof *v, cmp_double);
  guint i = (guint) (p * (n - 1) + 0.5);
  return v[MIN (i, n - 1)];
}

static void
remove_db (const char *path)
{
  static const char *const suffixes[] = { "", "-wal", "-shm", "-journal" };
  for (guint i = 0; i < G_N_ELEMENTS (suffixes); i++)
    {
      g_autofree char *p = g_strconcat (path, suffixes[i], NULL);
      g_unlink (p);
    }
}

static gboolean
fill_games (FolStore *store, guint n_games, GError **error)
{
  static const FolSeatSetup seats[] = { { "Ann", TRUE, 0 }, { "Computer", FALSE, 3 } };
  const guint per_batch = 500;
  for (guint done = 0; done < n_games; )
    {
      if (!fol_store_begin_batch (store, error))
        return FALSE;
      for (guint k = 0; k < per_batch && done < n_games; k++, done++)
        {
          const char *kind = done % 3 == 0 ? "fall" : "summer";
          gint64 id = fol_store_create_game (store, kind, done, "", seats, 2, 0, error);
          if (id == 0)
            goto fail;
          for (int ply = 1; ply <= BENCH_MOVES_PER_GAME; ply++)
            {
              char move[32];
              g_snprintf (move, sizeof move, "G%02d r%d e%d", ply % 17 + 1, ply % 4, ply % 9);
              if (!fol_store_append_move (store, id, ply, move, ply % 2, (guint64) ply, error))
                goto fail;
            }
          if (done % 5 != 0)
            {
              FolSeatResult res[2] = { { 1, 40, TRUE, NULL, 0 }, { 2, 30, FALSE, NULL, 0 } };
              if (!fol_store_finish_game (store, id, res, 2, error))
                goto fail;
            }
        }
      if (!fol_store_end_batch (store, TRUE, error))
        return FALSE;
    }
  return TRUE;

fail:
  fol_store_end_batch (store, FALSE, NULL);
  return FALSE;
}

gboolean
fol_store_bench (const char           *dir,
                 guint                 n_moves,
                 guint                 n_games,
                 FolStoreBenchResult  *out,
                 GError              **error)
{
  g_return_val_if_fail (out != NULL, FALSE);
  memset (out, 0, sizeof *out);
  if (n_moves == 0)
    n_moves = 1000;
  if (n_games == 0)
    n_games = 10000;

  g_autofree char *tmp = NULL;
  if (dir == NULL)
    {
      GError *local = NULL;
      tmp = g_dir_make_tmp ("foliage-bench-XXXXXX", &local);
      if (tmp == NULL)
        {
          g_set_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_OPEN, "%s", local->message);
          g_error_free (local);
          return FALSE;
        }
      dir = tmp;
    }
  g_autofree char *path = g_build_filename (dir, "foliage-bench.db", NULL);
  remove_db (path);

  gboolean ok = FALSE;
  g_autofree double *times = g_new (double, MAX (n_moves, LIST_RUNS));
  {
    g_autoptr (FolStore) store = fol_store_new (path, error);
    if (store == NULL)
      goto out;

    /* single moves, each its own durable transaction, as the app saves them */
    static const FolSeatSetup seats[] = { { "Ann", TRUE, 0 }, { "Bob", TRUE, 0 } };
    gint64 id = fol_store_create_game (store, "summer", 1, "", seats, 2, 0, error);
    if (id == 0)
      goto out;
    for (guint i = 0; i < n_moves; i++)
      {
        char move[32];
        g_snprintf (move, sizeof move, "Y%02u r%u e%u", i % 29 + 1, i % 4, i % 9);
        gint64 t0 = g_get_monotonic_time ();
        if (!fol_store_append_move (store, id, (int) i + 1, move, (int) (i % 2), i * 2654435761u, error))
          goto out;
        times[i] = (g_get_monotonic_time () - t0) / 1000.0;
      }
    out->n_moves = n_moves;
    out->save_move_median_ms = percentile (times, n_moves, 0.5);
    out->save_move_p95_ms = percentile (times, n_moves, 0.95);

    gint64 t0 = g_get_monotonic_time ();
    if (!fill_games (store, n_games - 1, error))
      goto out;
    out->fill_s = (g_get_monotonic_time () - t0) / 1e6;
  }
  {
    gint64 t0 = g_get_monotonic_time ();
    g_autoptr (FolStore) store = fol_store_new (path, error);
    if (store == NULL)
      goto out;
    out->open_ms = (g_get_monotonic_time () - t0) / 1000.0;

    for (guint r = 0; r < LIST_RUNS; r++)
      {
        t0 = g_get_monotonic_time ();
        g_autoptr (GArray) list = fol_store_list_games (store, -1, error);
        if (list == NULL)
          goto out;
        times[r] = (g_get_monotonic_time () - t0) / 1000.0;
        out->n_games = list->len;
      }
    out->list_median_ms = percentile (times, LIST_RUNS, 0.5);

    for (guint r = 0; r < LIST_RUNS; r++)
      {
        t0 = g_get_monotonic_time ();
        g_autoptr (FolSavedGame) game = fol_store_load_game (store, 2 + r, error);
        if (game == NULL)
          goto out;
        times[r] = (g_get_monotonic_time () - t0) / 1000.0;
      }
    out->load_game_ms = percentile (times, LIST_RUNS, 0.5);

    t0 = g_get_monotonic_time ();
    g_autoptr (FolStoreStats) stats = fol_store_get_stats (store, error);
    if (stats == NULL)
      goto out;
    out->stats_ms = (g_get_monotonic_time () - t0) / 1000.0;
  }
  {
    GStatBuf sb;
    if (g_stat (path, &sb) == 0)
      out->db_bytes = sb.st_size;
  }
  ok = TRUE;

out:
  remove_db (path);
  if (tmp)
    g_rmdir (tmp);
  return ok;
}
