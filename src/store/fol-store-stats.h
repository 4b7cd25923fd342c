/* fol-store-stats.h: statistics computed by SQL from the stored games.
 *
 * Which games count: finished games (status finished) with at least one
 * human seat, played without hints; computer-only games (the CLI's
 * self-play) and games in progress or abandoned are left out, and games in
 * which a person was shown a hint (fol_store_add_hint()) are counted apart
 * (FolStoreStats.hinted_played), so that win rates and scores stay those of
 * unaided play.  "Won" means a human seat won. */
#pragma once

#include "fol-store.h"

G_BEGIN_DECLS

/**
 * FolStatsByKind:
 * @kind: (transfer none): "summer" or "fall" (interned)
 * @n_players: the number of seats of those games
 * @played: finished games with a human seat, played without hints
 * @won: those of them a human seat won
 * @n_scores: the number of human seats' scores counted below
 * @mean_score: the mean of the human seats' final scores (0 when none)
 * @best_score: the best of them (0 when none)
 */
typedef struct {
  const char *kind;
  int n_players;
  int played;
  int won;
  int n_scores;
  double mean_score;
  int best_score;
} FolStatsByKind;

/**
 * FolStatsByLevel:
 * @kind: (transfer none): "summer" or "fall" (interned)
 * @level: a computer level
 * @played: finished games without hints with a human seat and a computer seat of @level
 * @won: those of them a human seat won
 * @win_rate: @won / @played (0 when @played is 0)
 */
typedef struct {
  const char *kind;
  int level;
  int played;
  int won;
  double win_rate;
} FolStatsByLevel;

/**
 * FolStatsSoloScore:
 * @time: when the game was finished (µs since the epoch)
 * @game_id: the game
 * @kind: (transfer none): the game's kind (interned)
 * @score: the solo player's final score
 * @won: whether the game was won
 */
typedef struct {
  gint64 time;
  gint64 game_id;
  const char *kind;
  int score;
  gboolean won;
} FolStatsSoloScore;

/**
 * FolStatsCampaign:
 * @id: the campaign
 * @created: when it was started
 * @status: in progress, finished or abandoned
 * @has_result: whether @result is set
 * @result: the overall result
 * @games_played: how many of its three games have a result
 * @games_won: how many of them were won
 */
typedef struct {
  gint64 id;
  gint64 created;
  FolStoreStatus status;
  gboolean has_result;
  int result;
  int games_played;
  int games_won;
} FolStatsCampaign;

/**
 * FolStoreStats:
 * @by_kind: (element-type FolStatsByKind): per game and player count,
 *   ordered by kind then player count
 * @by_level: (element-type FolStatsByLevel): per game and computer level,
 *   ordered by kind then level
 * @solo_scores: (element-type FolStatsSoloScore): every finished one-seat
 *   game with a human seat and no hint, oldest first (solo scores over time)
 * @campaigns: (element-type FolStatsCampaign): every campaign, oldest first
 * @campaigns_finished: how many campaigns have a result
 * @campaign_best: the best campaign result (0 when none)
 * @campaign_mean: the mean campaign result (0 when none)
 * @hinted_played: finished games with a human seat in which hints were
 *   shown (left out of @by_kind, @by_level and @solo_scores)
 * @hinted_won: those of them a human seat won
 *
 * Free with fol_store_stats_free().
 */
typedef struct {
  GArray *by_kind;
  GArray *by_level;
  GArray *solo_scores;
  GArray *campaigns;
  int campaigns_finished;
  int campaign_best;
  double campaign_mean;
  int hinted_played;
  int hinted_won;
} FolStoreStats;

/**
 * fol_store_get_stats:
 *
 * Computes every statistic in one read transaction.
 *
 * Returns: (transfer full) (nullable): the statistics, or NULL with @error
 *   set.
 */
FolStoreStats *fol_store_get_stats (FolStore *self, GError **error);

/**
 * fol_store_stats_free:
 * Frees @stats and its arrays (NULL is allowed).
 */
void fol_store_stats_free (FolStoreStats *stats);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (FolStoreStats, fol_store_stats_free)

G_END_DECLS
