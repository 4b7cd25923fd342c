/* test-store-stats.c: statistics by SQL (src/store/fol-store-stats.c),
 * checked against figures worked out by hand on a fixed set of games.
 *
 * The games (Ann and Bob are human; "Cn" is a computer of level n):
 *
 *   summer, 1 seat   S1 Ann 12 won (finished at t=1000)
 *                    S2 Ann -4 lost (t=2000)
 *                    S3 Ann 20 won (t=3000)
 *                    S4 abandoned, S5 in progress: not counted
 *   summer, 2 seats  T1 Ann 30 won, C1 25
 *                    T2 Ann 18,     C1 22 won
 *   summer, 3 seats  U1 Ann 40 won, Bob 35, C3 38
 *                    U2 Ann 20,     Bob 25, C3 41 won
 *   fall, 2 seats    F1 Ann 50 won, C1 44
 *                    F2 Ann 33,     C2 45 won
 *                    F3 Ann 47 won, C2 40
 *                    H  Ann 10,     Bob 12 won (hot seat)
 *                    X  C2 60 won,  C3 50 (computers only: not counted)
 *
 * By game and player count (played = finished games with a human seat;
 * won = a human seat won; scores = every human seat's score):
 *   fall/2:   played 4 (F1 F2 F3 H), won 3 (F1 F3 H),
 *             scores 50 33 47 10 12: n 5, mean 152/5 = 30.4, best 50
 *   summer/1: played 3, won 2, scores 12 -4 20: n 3, mean 28/3, best 20
 *   summer/2: played 2, won 1, scores 30 18: n 2, mean 24, best 30
 *   summer/3: played 2, won 1, scores 40 35 20 25: n 4, mean 30, best 40
 *
 * Against each computer level (games with a human and that level):
 *   fall/1: F1: 1 played, 1 won, rate 1
 *   fall/2: F2 F3: 2 played, 1 won, rate 0.5   (X has no human)
 *   summer/1: T1 T2: 2 played, 1 won, rate 0.5
 *   summer/3: U1 U2: 2 played, 1 won, rate 0.5
 *
 * Solo scores over time: (1000, 12, won), (2000, -4), (3000, 20, won).
 *
 * Campaigns (results by the rules of DECISIONS.md, computed here by hand):
 *   K1 12 won, -4, 20 won: two won -> 12 + 20 = 32; 3 played, 2 won
 *   K2 -3, -5: first two lost -> third forfeit -> -8; 2 played, 0 won
 *   K3 15 won, in progress: no result; 1 played, 1 won
 *   K4 -2, abandoned: no result; 1 played, 0 won
 *   finished 2, best 32, mean (32 - 8) / 2 = 12
 */
#include <glib.h>
#include "store/fol-store.h"
#include "store/fol-store-private.h"
#include "store/fol-store-stats.h"
#include "store-test-util.h"

typedef struct {
  const char *name;
  gboolean human;
  int level;
  int score;
  gboolean won;
} Seat;

static gint64
add_game (FolStore *store, const char *kind, FolStoreStatus status, gint64 finished,
          const Seat *seats, guint n_seats)
{
  g_autoptr (GError) error = NULL;
  FolSeatSetup setup[4];
  FolSeatResult results[4];
  for (guint i = 0; i < n_seats; i++)
    {
      setup[i] = (FolSeatSetup) { seats[i].name, seats[i].human, seats[i].level };
      results[i] = (FolSeatResult) { seats[i].won ? 1 : 2, seats[i].score, seats[i].won, NULL, 0 };
    }
  fol_store_set_now_for_testing (store, finished > 0 ? finished - 500 : 10);
  gint64 id = fol_store_create_game (store, kind, 1, NULL, setup, n_seats, 0, &error);
  g_assert_no_error (error);
  g_assert_true (fol_store_append_move (store, id, 1, "G01 r0 a1", 0, 1, &error));
  if (status == FOL_STORE_STATUS_FINISHED)
    {
      fol_store_set_now_for_testing (store, finished);
      g_assert_true (fol_store_finish_game (store, id, results, n_seats, &error));
    }
  else if (status != FOL_STORE_STATUS_IN_PROGRESS)
    g_assert_true (fol_store_set_status (store, id, status, &error));
  g_assert_no_error (error);
  return id;
}

static gint64
add_campaign (FolStore *store, gint64 created, const int *scores, const gboolean *won, int n,
              FolStoreStatus status, int result)
{
  g_autoptr (GError) error = NULL;
  fol_store_set_now_for_testing (store, created);
  gint64 id = fol_store_create_campaign (store, (guint64) created, "3B", &error);
  g_assert_no_error (error);
  for (int i = 0; i < n; i++)
    g_assert_true (fol_store_set_campaign_game_result (store, id, i, scores[i], won[i], &error));
  if (status == FOL_STORE_STATUS_FINISHED)
    g_assert_true (fol_store_finish_campaign (store, id, result, &error));
  else if (status != FOL_STORE_STATUS_IN_PROGRESS)
    g_assert_true (fol_store_set_campaign_status (store, id, status, &error));
  g_assert_no_error (error);
  return id;
}

static const FolStatsByKind *
by_kind (const FolStoreStats *stats, guint i)
{
  g_assert_cmpuint (i, <, stats->by_kind->len);
  return &g_array_index (stats->by_kind, FolStatsByKind, i);
}

static const FolStatsByLevel *
by_level (const FolStoreStats *stats, guint i)
{
  g_assert_cmpuint (i, <, stats->by_level->len);
  return &g_array_index (stats->by_level, FolStatsByLevel, i);
}

static void
check_kind (const FolStatsByKind *r, const char *kind, int n_players, int played, int won,
            int n_scores, double mean, int best)
{
  g_assert_cmpstr (r->kind, ==, kind);
  g_assert_cmpint (r->n_players, ==, n_players);
  g_assert_cmpint (r->played, ==, played);
  g_assert_cmpint (r->won, ==, won);
  g_assert_cmpint (r->n_scores, ==, n_scores);
  g_assert_cmpfloat_with_epsilon (r->mean_score, mean, 1e-9);
  g_assert_cmpint (r->best_score, ==, best);
}

static void
check_level (const FolStatsByLevel *r, const char *kind, int level, int played, int won, double rate)
{
  g_assert_cmpstr (r->kind, ==, kind);
  g_assert_cmpint (r->level, ==, level);
  g_assert_cmpint (r->played, ==, played);
  g_assert_cmpint (r->won, ==, won);
  g_assert_cmpfloat_with_epsilon (r->win_rate, rate, 1e-9);
}

static void
test_empty (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = store_test_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "foliage.db", NULL);
  {
    g_autoptr (FolStore) store = fol_store_new (path, &error);
    g_assert_no_error (error);
    g_autoptr (FolStoreStats) stats = fol_store_get_stats (store, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (stats->by_kind->len, ==, 0);
    g_assert_cmpuint (stats->by_level->len, ==, 0);
    g_assert_cmpuint (stats->solo_scores->len, ==, 0);
    g_assert_cmpuint (stats->campaigns->len, ==, 0);
    g_assert_cmpint (stats->campaigns_finished, ==, 0);
    g_assert_cmpint (stats->campaign_best, ==, 0);
    g_assert_cmpint (stats->hinted_played, ==, 0);
  }
  store_test_rmdir (dir);
}

static void
test_fixed_games (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = store_test_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "foliage.db", NULL);
  g_autoptr (FolStore) store = fol_store_new (path, &error);
  g_assert_no_error (error);

  /* solo, created out of order: S2, S3, S1 */
  const Seat s2[] = { { "Ann", TRUE, 0, -4, FALSE } };
  const Seat s3[] = { { "Ann", TRUE, 0, 20, TRUE } };
  const Seat s1[] = { { "Ann", TRUE, 0, 12, TRUE } };
  gint64 id_s2 = add_game (store, "summer", FOL_STORE_STATUS_FINISHED, 2000, s2, 1);
  gint64 id_s3 = add_game (store, "summer", FOL_STORE_STATUS_FINISHED, 3000, s3, 1);
  gint64 id_s1 = add_game (store, "summer", FOL_STORE_STATUS_FINISHED, 1000, s1, 1);
  add_game (store, "summer", FOL_STORE_STATUS_ABANDONED, 0, s1, 1);
  add_game (store, "summer", FOL_STORE_STATUS_IN_PROGRESS, 0, s1, 1);

  const Seat t1[] = { { "Ann", TRUE, 0, 30, TRUE }, { "C1", FALSE, 1, 25, FALSE } };
  const Seat t2[] = { { "Ann", TRUE, 0, 18, FALSE }, { "C1", FALSE, 1, 22, TRUE } };
  add_game (store, "summer", FOL_STORE_STATUS_FINISHED, 4000, t1, 2);
  add_game (store, "summer", FOL_STORE_STATUS_FINISHED, 5000, t2, 2);

  const Seat u1[] = { { "Ann", TRUE, 0, 40, TRUE }, { "Bob", TRUE, 0, 35, FALSE }, { "C3", FALSE, 3, 38, FALSE } };
  const Seat u2[] = { { "Ann", TRUE, 0, 20, FALSE }, { "Bob", TRUE, 0, 25, FALSE }, { "C3", FALSE, 3, 41, TRUE } };
  add_game (store, "summer", FOL_STORE_STATUS_FINISHED, 6000, u1, 3);
  add_game (store, "summer", FOL_STORE_STATUS_FINISHED, 7000, u2, 3);

  const Seat f1[] = { { "Ann", TRUE, 0, 50, TRUE }, { "C1", FALSE, 1, 44, FALSE } };
  const Seat f2[] = { { "Ann", TRUE, 0, 33, FALSE }, { "C2", FALSE, 2, 45, TRUE } };
  const Seat f3[] = { { "C2", FALSE, 2, 40, FALSE }, { "Ann", TRUE, 0, 47, TRUE } };
  const Seat h[] = { { "Ann", TRUE, 0, 10, FALSE }, { "Bob", TRUE, 0, 12, TRUE } };
  const Seat x[] = { { "C2", FALSE, 2, 60, TRUE }, { "C3", FALSE, 3, 50, FALSE } };
  add_game (store, "fall", FOL_STORE_STATUS_FINISHED, 8000, f1, 2);
  add_game (store, "fall", FOL_STORE_STATUS_FINISHED, 9000, f2, 2);
  add_game (store, "fall", FOL_STORE_STATUS_FINISHED, 10000, f3, 2);
  add_game (store, "fall", FOL_STORE_STATUS_FINISHED, 11000, h, 2);
  add_game (store, "fall", FOL_STORE_STATUS_FINISHED, 12000, x, 2);

  const int k1[] = { 12, -4, 20 };
  const gboolean k1w[] = { TRUE, FALSE, TRUE };
  const int k2[] = { -3, -5 };
  const gboolean k2w[] = { FALSE, FALSE };
  const int k3[] = { 15 };
  const gboolean k3w[] = { TRUE };
  const int k4[] = { -2 };
  const gboolean k4w[] = { FALSE };
  gint64 c1 = add_campaign (store, 100, k1, k1w, 3, FOL_STORE_STATUS_FINISHED, 32);
  gint64 c2 = add_campaign (store, 200, k2, k2w, 2, FOL_STORE_STATUS_FINISHED, -8);
  gint64 c3 = add_campaign (store, 300, k3, k3w, 1, FOL_STORE_STATUS_IN_PROGRESS, 0);
  gint64 c4 = add_campaign (store, 400, k4, k4w, 1, FOL_STORE_STATUS_ABANDONED, 0);
  g_assert_true (fol_store_set_campaign_game (store, c1, 0, id_s1, 0, &error));
  g_assert_true (fol_store_set_campaign_game (store, c1, 1, id_s2, 1, &error));
  g_assert_true (fol_store_set_campaign_game (store, c1, 2, id_s3, 2, &error));

  g_autoptr (FolStoreStats) stats = fol_store_get_stats (store, &error);
  g_assert_no_error (error);

  g_assert_cmpuint (stats->by_kind->len, ==, 4);
  check_kind (by_kind (stats, 0), "fall", 2, 4, 3, 5, 30.4, 50);
  check_kind (by_kind (stats, 1), "summer", 1, 3, 2, 3, 28.0 / 3.0, 20);
  check_kind (by_kind (stats, 2), "summer", 2, 2, 1, 2, 24.0, 30);
  check_kind (by_kind (stats, 3), "summer", 3, 2, 1, 4, 30.0, 40);

  g_assert_cmpuint (stats->by_level->len, ==, 4);
  check_level (by_level (stats, 0), "fall", 1, 1, 1, 1.0);
  check_level (by_level (stats, 1), "fall", 2, 2, 1, 0.5);
  check_level (by_level (stats, 2), "summer", 1, 2, 1, 0.5);
  check_level (by_level (stats, 3), "summer", 3, 2, 1, 0.5);

  g_assert_cmpuint (stats->solo_scores->len, ==, 3);
  const FolStatsSoloScore *solo = (const FolStatsSoloScore *) stats->solo_scores->data;
  g_assert_cmpint (solo[0].time, ==, 1000);
  g_assert_cmpint (solo[0].game_id, ==, id_s1);
  g_assert_cmpint (solo[0].score, ==, 12);
  g_assert_true (solo[0].won);
  g_assert_cmpstr (solo[0].kind, ==, "summer");
  g_assert_cmpint (solo[1].time, ==, 2000);
  g_assert_cmpint (solo[1].game_id, ==, id_s2);
  g_assert_cmpint (solo[1].score, ==, -4);
  g_assert_false (solo[1].won);
  g_assert_cmpint (solo[2].time, ==, 3000);
  g_assert_cmpint (solo[2].game_id, ==, id_s3);
  g_assert_cmpint (solo[2].score, ==, 20);
  g_assert_true (solo[2].won);

  g_assert_cmpuint (stats->campaigns->len, ==, 4);
  const FolStatsCampaign *camp = (const FolStatsCampaign *) stats->campaigns->data;
  const gint64 ids[] = { c1, c2, c3, c4 };
  const int played[] = { 3, 2, 1, 1 };
  const int won[] = { 2, 0, 1, 0 };
  for (int i = 0; i < 4; i++)
    {
      g_assert_cmpint (camp[i].id, ==, ids[i]);
      g_assert_cmpint (camp[i].created, ==, 100 * (i + 1));
      g_assert_cmpint (camp[i].games_played, ==, played[i]);
      g_assert_cmpint (camp[i].games_won, ==, won[i]);
    }
  g_assert_true (camp[0].has_result);
  g_assert_cmpint (camp[0].result, ==, 32);
  g_assert_cmpint (camp[0].status, ==, FOL_STORE_STATUS_FINISHED);
  g_assert_true (camp[1].has_result);
  g_assert_cmpint (camp[1].result, ==, -8);
  g_assert_false (camp[2].has_result);
  g_assert_cmpint (camp[2].status, ==, FOL_STORE_STATUS_IN_PROGRESS);
  g_assert_false (camp[3].has_result);
  g_assert_cmpint (camp[3].status, ==, FOL_STORE_STATUS_ABANDONED);
  g_assert_cmpint (stats->campaigns_finished, ==, 2);
  g_assert_cmpint (stats->campaign_best, ==, 32);
  g_assert_cmpint (stats->hinted_played, ==, 0);
  g_assert_cmpfloat_with_epsilon (stats->campaign_mean, 12.0, 1e-9);

  /* statistics also work inside a batch */
  g_assert_true (fol_store_begin_batch (store, &error));
  g_autoptr (FolStoreStats) again = fol_store_get_stats (store, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (again->by_kind->len, ==, 4);
  g_assert_true (fol_store_end_batch (store, TRUE, &error));

  g_clear_object (&store);
  store_test_rmdir (dir);
}

/* Games in which a person was shown hints are counted apart:
 *   S1 solo Ann 12 won             -> counted
 *   S2 solo Ann 20 won, 2 hints    -> apart
 *   T1 Ann 30 won, C1 25, 1 hint   -> apart
 *   T2 Ann 18, C1 22 won           -> counted
 *   P  solo in progress, 1 hint    -> neither (not finished)
 * so summer/1: 1 played, 1 won, best 12; summer/2: 1 played, 0 won;
 * level 1: 1 played, 0 won; one solo score; 2 hinted games, both won. */
static void
test_hints_apart (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = store_test_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "foliage.db", NULL);
  g_autoptr (FolStore) store = fol_store_new (path, &error);
  g_assert_no_error (error);

  const Seat s1[] = { { "Ann", TRUE, 0, 12, TRUE } };
  const Seat s2[] = { { "Ann", TRUE, 0, 20, TRUE } };
  const Seat t1[] = { { "Ann", TRUE, 0, 30, TRUE }, { "C1", FALSE, 1, 25, FALSE } };
  const Seat t2[] = { { "Ann", TRUE, 0, 18, FALSE }, { "C1", FALSE, 1, 22, TRUE } };
  gint64 id_s1 = add_game (store, "summer", FOL_STORE_STATUS_FINISHED, 1000, s1, 1);
  /* hints are shown during the game, before it ends */
  gint64 id_s2 = add_game (store, "summer", FOL_STORE_STATUS_IN_PROGRESS, 0, s2, 1);
  g_assert_true (fol_store_add_hint (store, id_s2, &error));
  g_assert_true (fol_store_add_hint (store, id_s2, &error));
  g_assert_no_error (error);
  const FolSeatResult won20[] = { { 1, 20, TRUE, NULL, 0 } };
  fol_store_set_now_for_testing (store, 2000);
  g_assert_true (fol_store_finish_game (store, id_s2, won20, 1, &error));
  gint64 id_t1 = add_game (store, "summer", FOL_STORE_STATUS_IN_PROGRESS, 0, t1, 2);
  g_assert_true (fol_store_add_hint (store, id_t1, &error));
  const FolSeatResult t1r[] = { { 1, 30, TRUE, NULL, 0 }, { 2, 25, FALSE, NULL, 0 } };
  g_assert_true (fol_store_finish_game (store, id_t1, t1r, 2, &error));
  add_game (store, "summer", FOL_STORE_STATUS_FINISHED, 4000, t2, 2);
  gint64 id_p = add_game (store, "summer", FOL_STORE_STATUS_IN_PROGRESS, 0, s1, 1);
  g_assert_true (fol_store_add_hint (store, id_p, &error));
  g_assert_no_error (error);

  /* the count is stored with the game */
  g_autoptr (FolSavedGame) g1 = fol_store_load_game (store, id_s1, &error);
  g_autoptr (FolSavedGame) g2 = fol_store_load_game (store, id_s2, &error);
  g_assert_no_error (error);
  g_assert_cmpint (g1->hints, ==, 0);
  g_assert_cmpint (g2->hints, ==, 2);
  g_assert_false (fol_store_add_hint (store, 999, &error));
  g_assert_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);

  g_autoptr (FolStoreStats) stats = fol_store_get_stats (store, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (stats->by_kind->len, ==, 2);
  check_kind (by_kind (stats, 0), "summer", 1, 1, 1, 1, 12.0, 12);
  check_kind (by_kind (stats, 1), "summer", 2, 1, 0, 1, 18.0, 18);
  g_assert_cmpuint (stats->by_level->len, ==, 1);
  check_level (by_level (stats, 0), "summer", 1, 1, 0, 0.0);
  g_assert_cmpuint (stats->solo_scores->len, ==, 1);
  g_assert_cmpint (g_array_index (stats->solo_scores, FolStatsSoloScore, 0).game_id, ==, id_s1);
  g_assert_cmpint (stats->hinted_played, ==, 2);
  g_assert_cmpint (stats->hinted_won, ==, 2);

  g_clear_object (&store);
  store_test_rmdir (dir);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/store-stats/empty", test_empty);
  g_test_add_func ("/store-stats/fixed-games", test_fixed_games);
  g_test_add_func ("/store-stats/hints-apart", test_hints_apart);
  return g_test_run ();
}
