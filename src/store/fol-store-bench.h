/* fol-store-bench.h: the store benchmark, for `foliage-cli bench store`. */
#pragma once

#include "fol-store.h"

G_BEGIN_DECLS

/**
 * FolStoreBenchResult:
 * @n_moves: how many single moves were saved and timed
 * @save_move_median_ms: median time to save one move (its own durable
 *   transaction: fol_store_append_move()), milliseconds
 * @save_move_p95_ms: the 95th percentile of the same, milliseconds
 * @n_games: how many games the database held for the list
 * @fill_s: time to write those games (in batches), seconds
 * @list_median_ms: median time of fol_store_list_games() over all of them
 *   (5 runs), milliseconds
 * @open_ms: time to open the full database (with its integrity check),
 *   milliseconds
 * @load_game_ms: median time to load one game of 40 moves, milliseconds
 * @stats_ms: time of fol_store_get_stats() over all the games, milliseconds
 * @db_bytes: size of the database file with all the games
 */
typedef struct {
  guint n_moves;
  double save_move_median_ms;
  double save_move_p95_ms;
  guint n_games;
  double fill_s;
  double list_median_ms;
  double open_ms;
  double load_game_ms;
  double stats_ms;
  gint64 db_bytes;
} FolStoreBenchResult;

/**
 * fol_store_bench:
 * @dir: (nullable) (type filename): an existing folder for the scratch
 *   database (its file, foliage-bench.db, is replaced and removed), or NULL
 *   for a new temporary folder (removed afterwards)
 * @n_moves: how many moves to save and time one by one (0: 1000)
 * @n_games: how many games to list (0: 10,000), each of 2 seats and 40 moves
 * @out: (out caller-allocates): the figures
 *
 * Measures the store on a scratch database: saving single moves, then
 * listing @n_games saved games, opening and loading.  Takes about 2 s for
 * the defaults on an SSD.
 *
 * Returns: TRUE, or FALSE with @error set.
 */
gboolean fol_store_bench (const char           *dir,
                          guint                 n_moves,
                          guint                 n_games,
                          FolStoreBenchResult  *out,
                          GError              **error);

G_END_DECLS
