/* fol-store-stats.c: statistics computed by SQL from the stored games.
 * Not a hot path: the queries are prepared for each call. */
#include "config.h"
#include "fol-store-stats.h"
#include "fol-store-private.h"

/* finished games with at least one human seat */
#define PLAYED_GAMES \
  "g.status = 1 AND EXISTS (SELECT 1 FROM seats h WHERE h.game_id = g.id AND h.human)"
/* those of them played without hints: the ones the figures count */
#define COUNTED_GAMES PLAYED_GAMES " AND g.hints = 0"
#define HUMAN_WON \
  "EXISTS (SELECT 1 FROM seats w WHERE w.game_id = g.id AND w.human AND w.won)"

static const char by_kind_sql[] =
  "SELECT g.kind, g.n_seats, count(*), sum(" HUMAN_WON "), "
  "  (SELECT count(s.score) FROM games g2 JOIN seats s ON s.game_id = g2.id AND s.human "
  "   WHERE g2.status = 1 AND g2.hints = 0 AND g2.kind = g.kind AND g2.n_seats = g.n_seats), "
  "  (SELECT avg(s.score) FROM games g2 JOIN seats s ON s.game_id = g2.id AND s.human "
  "   WHERE g2.status = 1 AND g2.hints = 0 AND g2.kind = g.kind AND g2.n_seats = g.n_seats), "
  "  (SELECT max(s.score) FROM games g2 JOIN seats s ON s.game_id = g2.id AND s.human "
  "   WHERE g2.status = 1 AND g2.hints = 0 AND g2.kind = g.kind AND g2.n_seats = g.n_seats) "
  "FROM games g WHERE " COUNTED_GAMES " "
  "GROUP BY g.kind, g.n_seats ORDER BY g.kind, g.n_seats";

static const char by_level_sql[] =
  "SELECT g.kind, c.level, count(DISTINCT g.id), "
  "  count(DISTINCT CASE WHEN " HUMAN_WON " THEN g.id END) "
  "FROM games g JOIN seats c ON c.game_id = g.id AND NOT c.human "
  "WHERE " COUNTED_GAMES " "
  "GROUP BY g.kind, c.level ORDER BY g.kind, c.level";

static const char solo_sql[] =
  "SELECT g.finished, g.id, g.kind, s.score, s.won "
  "FROM games g JOIN seats s ON s.game_id = g.id AND s.seat = 0 "
  "WHERE g.status = 1 AND g.hints = 0 AND g.n_seats = 1 AND s.human AND s.score IS NOT NULL "
  "ORDER BY g.finished, g.id";

static const char hinted_sql[] =
  "SELECT count(*), coalesce (sum(" HUMAN_WON "), 0) FROM games g WHERE " PLAYED_GAMES " AND g.hints > 0";

static const char campaigns_sql[] =
  "SELECT c.id, c.created, c.status, c.result, "
  "  (SELECT count(*) FROM campaign_games cg WHERE cg.campaign_id = c.id AND cg.score IS NOT NULL), "
  "  (SELECT count(*) FROM campaign_games cg WHERE cg.campaign_id = c.id AND cg.won) "
  "FROM campaigns c ORDER BY c.created, c.id";

typedef void (*RowFunc) (sqlite3_stmt *st, FolStoreStats *stats);

static void
by_kind_row (sqlite3_stmt *st, FolStoreStats *stats)
{
  FolStatsByKind r;
  r.kind = g_intern_string ((const char *) sqlite3_column_text (st, 0));
  r.n_players = sqlite3_column_int (st, 1);
  r.played = sqlite3_column_int (st, 2);
  r.won = sqlite3_column_int (st, 3);
  r.n_scores = sqlite3_column_int (st, 4);
  r.mean_score = sqlite3_column_double (st, 5);
  r.best_score = sqlite3_column_int (st, 6);
  g_array_append_val (stats->by_kind, r);
}

static void
by_level_row (sqlite3_stmt *st, FolStoreStats *stats)
{
  FolStatsByLevel r;
  r.kind = g_intern_string ((const char *) sqlite3_column_text (st, 0));
  r.level = sqlite3_column_int (st, 1);
  r.played = sqlite3_column_int (st, 2);
  r.won = sqlite3_column_int (st, 3);
  r.win_rate = r.played > 0 ? (double) r.won / r.played : 0.0;
  g_array_append_val (stats->by_level, r);
}

static void
solo_row (sqlite3_stmt *st, FolStoreStats *stats)
{
  FolStatsSoloScore r;
  r.time = sqlite3_column_int64 (st, 0);
  r.game_id = sqlite3_column_int64 (st, 1);
  r.kind = g_intern_string ((const char *) sqlite3_column_text (st, 2));
  r.score = sqlite3_column_int (st, 3);
  r.won = sqlite3_column_int (st, 4) != 0;
  g_array_append_val (stats->solo_scores, r);
}

static void
hinted_row (sqlite3_stmt *st, FolStoreStats *stats)
{
  stats->hinted_played = sqlite3_column_int (st, 0);
  stats->hinted_won = sqlite3_column_int (st, 1);
}

static void
campaign_row (sqlite3_stmt *st, FolStoreStats *stats)
{
  FolStatsCampaign r;
  r.id = sqlite3_column_int64 (st, 0);
  r.created = sqlite3_column_int64 (st, 1);
  r.status = sqlite3_column_int (st, 2);
  r.has_result = sqlite3_column_type (st, 3) != SQLITE_NULL;
  r.result = sqlite3_column_int (st, 3);
  r.games_played = sqlite3_column_int (st, 4);
  r.games_won = sqlite3_column_int (st, 5);
  g_array_append_val (stats->campaigns, r);
}

static gboolean
run_query (FolStore *self, const char *sql, RowFunc func, FolStoreStats *stats, GError **error)
{
  sqlite3 *db = fol_store_get_db (self);
  sqlite3_stmt *st = NULL;
  int rc = sqlite3_prepare_v2 (db, sql, -1, &st, NULL);
  if (rc == SQLITE_OK)
    {
      while ((rc = sqlite3_step (st)) == SQLITE_ROW)
        func (st, stats);
      if (rc == SQLITE_DONE)
        rc = SQLITE_OK;
    }
  if (rc != SQLITE_OK)
    fol_store_error_from_sqlite (db, rc, fol_store_get_path (self), "compute the statistics", error);
  sqlite3_finalize (st);
  return rc == SQLITE_OK;
}

FolStoreStats *
fol_store_get_stats (FolStore *self, GError **error)
{
  g_return_val_if_fail (FOL_IS_STORE (self), NULL);

  sqlite3 *db = fol_store_get_db (self);
  g_autoptr (FolStoreStats) stats = g_new0 (FolStoreStats, 1);
  stats->by_kind = g_array_new (FALSE, FALSE, sizeof (FolStatsByKind));
  stats->by_level = g_array_new (FALSE, FALSE, sizeof (FolStatsByLevel));
  stats->solo_scores = g_array_new (FALSE, FALSE, sizeof (FolStatsSoloScore));
  stats->campaigns = g_array_new (FALSE, FALSE, sizeof (FolStatsCampaign));

  /* one snapshot for all the queries (a savepoint nests inside a batch) */
  int rc = sqlite3_exec (db, "SAVEPOINT fol_stats", NULL, NULL, NULL);
  if (rc != SQLITE_OK)
    {
      fol_store_error_from_sqlite (db, rc, fol_store_get_path (self), "compute the statistics", error);
      return NULL;
    }
  gboolean ok = run_query (self, by_kind_sql, by_kind_row, stats, error)
                && run_query (self, by_level_sql, by_level_row, stats, error)
                && run_query (self, solo_sql, solo_row, stats, error)
                && run_query (self, hinted_sql, hinted_row, stats, error)
                && run_query (self, campaigns_sql, campaign_row, stats, error);
  sqlite3_exec (db, "RELEASE fol_stats", NULL, NULL, NULL);
  if (!ok)
    return NULL;

  gint64 sum = 0;
  for (guint i = 0; i < stats->campaigns->len; i++)
    {
      const FolStatsCampaign *c = &g_array_index (stats->campaigns, FolStatsCampaign, i);
      if (!c->has_result)
        continue;
      if (stats->campaigns_finished == 0 || c->result > stats->campaign_best)
        stats->campaign_best = c->result;
      stats->campaigns_finished++;
      sum += c->result;
    }
  if (stats->campaigns_finished > 0)
    stats->campaign_mean = (double) sum / stats->campaigns_finished;
  return g_steal_pointer (&stats);
}

void
fol_store_stats_free (FolStoreStats *stats)
{
  if (stats == NULL)
    return;
  g_clear_pointer (&stats->by_kind, g_array_unref);
  g_clear_pointer (&stats->by_level, g_array_unref);
  g_clear_pointer (&stats->solo_scores, g_array_unref);
  g_clear_pointer (&stats->campaigns, g_array_unref);
  g_free (stats);
}
