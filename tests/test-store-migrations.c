/* test-store-migrations.c: the schema ladder of the store
 * (src/store/fol-store-migrations.c), from every earlier version.
 *
 * tests/fixtures/store-vN.sql is a database of schema version N with a few
 * games, as the ladder stopped at N made it (STORE_FIXTURES_DIR is set by
 * tests/meson.build); each is loaded into a temporary
 * file, opened by FolStore (which migrates it) and checked. */
#include <glib.h>
#include <sqlite3.h>
#include "store/fol-store.h"
#include "store/fol-store-private.h"
#include "store/fol-store-stats.h"
#include "store/fol-saved-analysis.h"
#include "store/fol-saved-par.h"
#include "store-test-util.h"

#define T0 G_GINT64_CONSTANT (1700000000000000)

static char *
fixture_path (int version)
{
  g_autofree char *name = g_strdup_printf ("store-v%d.sql", version);
  return g_build_filename (STORE_FIXTURES_DIR, name, NULL);
}

/* Makes @path a database from fixture version @version. */
static void
load_fixture (const char *path, int version)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *fixture = fixture_path (version);
  g_autofree char *sql = NULL;
  g_assert_true (g_file_get_contents (fixture, &sql, NULL, &error));
  g_assert_no_error (error);
  sqlite3 *db = NULL;
  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  char *msg = NULL;
  int rc = sqlite3_exec (db, sql, NULL, NULL, &msg);
  if (rc != SQLITE_OK)
    g_error ("%s: %s", fixture, msg);
  sqlite3_close (db);
}

static int
query_int (const char *path, const char *sql)
{
  sqlite3 *db = NULL;
  sqlite3_stmt *st = NULL;
  g_assert_cmpint (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db, sql, -1, &st, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (st), ==, SQLITE_ROW);
  int v = sqlite3_column_int (st, 0);
  sqlite3_finalize (st);
  sqlite3_close (db);
  return v;
}

/* The schema as text: every object's type, name, table and SQL, by name. */
static char *
schema_of (const char *path)
{
  sqlite3 *db = NULL;
  sqlite3_stmt *st = NULL;
  GString *out = g_string_new (NULL);
  g_assert_cmpint (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db, "SELECT type, name, tbl_name, sql FROM sqlite_master "
                                           "ORDER BY type, name", -1, &st, NULL), ==, SQLITE_OK);
  while (sqlite3_step (st) == SQLITE_ROW)
    g_string_append_printf (out, "%s %s %s: %s\n", sqlite3_column_text (st, 0), sqlite3_column_text (st, 1),
                            sqlite3_column_text (st, 2), sqlite3_column_text (st, 3));
  sqlite3_finalize (st);
  sqlite3_close (db);
  return g_string_free (out, FALSE);
}

/* Each fixture is exactly what the ladder makes at its version. */
static void
test_fixture_matches_ladder (gconstpointer data)
{
  int version = GPOINTER_TO_INT (data);
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = store_test_tmpdir ();
  g_autofree char *ladder = g_build_filename (dir, "ladder.db", NULL);
  g_autofree char *fixture = g_build_filename (dir, "fixture.db", NULL);

  g_assert_true (fol_store_create_at_version_for_testing (ladder, version, &error));
  g_assert_no_error (error);
  load_fixture (fixture, version);

  g_assert_cmpint (query_int (ladder, "PRAGMA user_version"), ==, version);
  g_assert_cmpint (query_int (fixture, "PRAGMA user_version"), ==, version);
  g_assert_cmpint (query_int (fixture, "PRAGMA application_id"), ==, FOL_STORE_APPLICATION_ID);
  g_autofree char *a = schema_of (ladder);
  g_autofree char *b = schema_of (fixture);
  g_assert_cmpstr (a, ==, b);
  store_test_rmdir (dir);
}

static void
check_common_games (FolStore *store)
{
  g_autoptr (GError) error = NULL;

  /* game 1: summer, solo, in progress, three moves */
  {
    g_autoptr (FolSavedGame) g = fol_store_load_game (store, 1, &error);
    g_assert_no_error (error);
    g_assert_cmpstr (g->kind, ==, "summer");
    g_assert_cmphex (g->seed, ==, 12345);
    g_assert_cmpstr (g->options, ==, "side=3B");
    g_assert_cmpint (g->status, ==, FOL_STORE_STATUS_IN_PROGRESS);
    g_assert_cmpint (g->created, ==, T0);
    g_assert_cmpint (g->updated, ==, T0 + 30);
    g_assert_cmpint (g->finished, ==, 0);
    g_assert_cmphex (g->hash, ==, 0xaa);
    g_assert_cmpuint (g->n_seats, ==, 1);
    g_assert_cmpstr (g->seats[0].name, ==, "Ann");
    g_assert_cmpint (fol_saved_game_get_n_moves (g), ==, 3);
    g_assert_cmpint (g->hints, ==, 0);
    g_assert_cmpstr (fol_saved_game_get_move (g, 1), ==, "G05 r1 e4");
    g_assert_cmpstr (fol_saved_game_get_move (g, 3), ==, "R03 r3 a1");
  }
  /* game 2: fall, finished: the finished time is filled in from updated */
  {
    g_autoptr (FolSavedGame) g = fol_store_load_game (store, 2, &error);
    g_assert_no_error (error);
    g_assert_cmpstr (g->kind, ==, "fall");
    g_assert_cmphex (g->seed, ==, G_MAXUINT64);
    g_assert_cmphex (g->hash, ==, G_MAXUINT64);
    g_assert_cmpint (g->status, ==, FOL_STORE_STATUS_FINISHED);
    g_assert_cmpint (g->finished, ==, T0 + 200);
    g_assert_cmpuint (g->n_seats, ==, 2);
    g_assert_true (g->seats[0].has_result);
    g_assert_cmpint (g->seats[0].rank, ==, 1);
    g_assert_cmpint (g->seats[0].score, ==, 23);
    g_assert_true (g->seats[0].won);
    g_assert_false (g->seats[1].human);
    g_assert_cmpint (g->seats[1].level, ==, 2);
    g_assert_cmpint (g->seats[1].score, ==, 19);
    g_assert_false (g->seats[1].won);
    g_assert_null (g->seats[0].details);
    g_assert_cmpint (fol_saved_game_get_n_moves (g), ==, 4);
    g_assert_cmpint (g_array_index (g->moves, FolSavedMove, 3).seat, ==, 1);
    g_assert_cmpint (g->hints, ==, 0);
  }
  /* game 3: abandoned, no moves */
  {
    g_autoptr (FolSavedGame) g = fol_store_load_game (store, 3, &error);
    g_assert_no_error (error);
    g_assert_cmpint (g->status, ==, FOL_STORE_STATUS_ABANDONED);
    g_assert_cmpint (g->finished, ==, 0);
    g_assert_cmpuint (g->n_seats, ==, 3);
    g_assert_cmpint (fol_saved_game_get_n_moves (g), ==, 0);
  }
}

static void
check_still_writable (FolStore *store, gint64 expected_new_id)
{
  g_autoptr (GError) error = NULL;
  const FolSeatSetup seats[] = { { "Zoe", TRUE, 0 } };

  g_assert_true (fol_store_append_move (store, 1, 4, "G06 r0 c3", 0, 0x1234, &error));
  g_assert_no_error (error);
  gint64 id = fol_store_create_game (store, "summer", 1, NULL, seats, 1, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpint (id, ==, expected_new_id);
  const FolResultDetail d[] = { { "empty-squares", 2 } };
  const FolSeatResult r[] = { { 1, -2, FALSE, d, 1 } };
  g_assert_true (fol_store_finish_game (store, id, r, 1, &error));
  gint64 cid = fol_store_create_campaign (store, 3, "2A", &error);
  g_assert_no_error (error);
  g_assert_true (fol_store_set_campaign_game (store, cid, 0, 1, 0, &error));
  g_assert_no_error (error);
  /* foreign keys hold on the migrated tables */
  g_assert_true (fol_store_delete_game (store, 1, &error));
  g_autoptr (FolSavedCampaign) c = fol_store_load_campaign (store, cid, &error);
  g_assert_no_error (error);
  g_assert_cmpint (c->games[0].game_id, ==, 0);
}

static void
test_from_v1 (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = store_test_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "foliage.db", NULL);
  load_fixture (path, 1);

  {
    g_autoptr (FolStore) store = fol_store_new (path, &error);
    g_assert_no_error (error);
    g_assert_null (fol_store_get_recovered_from (store));
    check_common_games (store);

    /* version 2 filled in the counts and names of the list */
    g_autoptr (GArray) list = fol_store_list_games (store, -1, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (list->len, ==, 3);
    const FolGameSummary *s = &g_array_index (list, FolGameSummary, 0);
    g_assert_cmpint (s->id, ==, 3);
    g_assert_cmpint (s->n_seats, ==, 3);
    g_assert_cmpint (s->n_moves, ==, 0);
    g_assert_cmpstr (s->seats, ==, "Ann, Bob, Hard");
    s = &g_array_index (list, FolGameSummary, 1);
    g_assert_cmpint (s->id, ==, 2);
    g_assert_cmpint (s->n_moves, ==, 4);
    g_assert_cmpstr (s->seats, ==, "Ann, Computer");
    s = &g_array_index (list, FolGameSummary, 2);
    g_assert_cmpint (s->id, ==, 1);
    g_assert_cmpint (s->n_moves, ==, 3);
    g_assert_cmpstr (s->seats, ==, "Ann");
    g_assert_cmpint (fol_store_get_latest_unfinished (store, NULL, &error), ==, 1);

    check_still_writable (store, 4);
  }
  g_assert_cmpint (query_int (path, "PRAGMA user_version"), ==, FOL_STORE_SCHEMA_VERSION);
  store_test_rmdir (dir);
}

static void
test_from_v2 (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = store_test_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "foliage.db", NULL);
  load_fixture (path, 2);

  {
    g_autoptr (FolStore) store = fol_store_new (path, &error);
    g_assert_no_error (error);
    g_assert_null (fol_store_get_recovered_from (store));
    check_common_games (store);

    /* game 5: a finished solo game; game 4 was deleted */
    g_autoptr (FolSavedGame) g = fol_store_load_game (store, 5, &error);
    g_assert_no_error (error);
    g_assert_cmpint (g->finished, ==, T0 + 500);
    g_assert_cmpint (g->seats[0].score, ==, -5);
    g_assert_null (fol_store_load_game (store, 4, &error));
    g_assert_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_NOT_FOUND);
    g_clear_error (&error);

    g_autoptr (GArray) list = fol_store_list_games (store, FOL_STORE_STATUS_FINISHED, &error);
    g_assert_cmpuint (list->len, ==, 2);
    g_assert_cmpint (g_array_index (list, FolGameSummary, 0).id, ==, 5);

    /* AUTOINCREMENT survived: id 4 is not reused */
    check_still_writable (store, 6);
  }
  g_assert_cmpint (query_int (path, "PRAGMA user_version"), ==, FOL_STORE_SCHEMA_VERSION);
  store_test_rmdir (dir);
}

/* Version 3, the schema before hints: every game survives with no hint,
 * the seats' levels as they were (0 and 1, the former random and greedy,
 * are Easy and Normal now by their numbers), result details, campaigns. */
static void
test_from_v3 (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = store_test_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "foliage.db", NULL);
  load_fixture (path, 3);

  {
    g_autoptr (FolStore) store = fol_store_new (path, &error);
    g_assert_no_error (error);
    g_assert_null (fol_store_get_recovered_from (store));
    check_common_games (store);
    g_assert_cmpint (query_int (path, "SELECT count(*) FROM games"), ==, 6);
    g_assert_cmpint (query_int (path, "SELECT count(*) FROM games WHERE hints = 0"), ==, 6);

    /* game 6: a finished game against computers of levels 0 and 1, with details */
    g_autoptr (FolSavedGame) g = fol_store_load_game (store, 6, &error);
    g_assert_no_error (error);
    g_assert_cmpint (g->hints, ==, 0);
    g_assert_cmpint (g->status, ==, FOL_STORE_STATUS_FINISHED);
    g_assert_cmpint (g->finished, ==, T0 + 700);
    g_assert_cmpuint (g->n_seats, ==, 3);
    g_assert_false (g->seats[1].human);
    g_assert_cmpint (g->seats[1].level, ==, 0);
    g_assert_false (g->seats[2].human);
    g_assert_cmpint (g->seats[2].level, ==, 1);
    g_assert_true (g->seats[2].won);
    int value = -1;
    g_assert_true (fol_saved_seat_get_detail (&g->seats[0], "nuts", &value));
    g_assert_cmpint (value, ==, 2);
    g_assert_true (fol_saved_seat_get_detail (&g->seats[2], "full", &value));
    g_assert_cmpint (value, ==, 1);

    /* game 7: Fall in progress; the latest game in progress */
    g_autoptr (FolSavedGame) f = fol_store_load_game (store, 7, &error);
    g_assert_no_error (error);
    g_assert_cmpint (f->hints, ==, 0);
    g_assert_cmpint (f->seats[1].level, ==, 1);
    g_assert_cmpint (fol_store_get_latest_unfinished (store, NULL, &error), ==, 7);

    /* the campaign and its game */
    g_autoptr (FolSavedCampaign) c = fol_store_load_campaign (store, 1, &error);
    g_assert_no_error (error);
    g_assert_cmpint (c->games[0].game_id, ==, 5);
    g_assert_cmpint (c->games[0].score, ==, -5);

    /* the statistics still count game 6 (no hint) */
    g_autoptr (FolStoreStats) stats = fol_store_get_stats (store, &error);
    g_assert_no_error (error);
    g_assert_cmpint (stats->hinted_played, ==, 0);
    gboolean found = FALSE;
    for (guint i = 0; i < stats->by_level->len; i++)
      {
        const FolStatsByLevel *l = &g_array_index (stats->by_level, FolStatsByLevel, i);
        if (g_strcmp0 (l->kind, "summer") == 0 && l->level == 0)
          found = l->played == 1 && l->won == 0;
      }
    g_assert_true (found);

    /* a hint counts in the migrated table */
    g_assert_true (fol_store_add_hint (store, 7, &error));
    g_assert_no_error (error);
    g_autoptr (FolSavedGame) f2 = fol_store_load_game (store, 7, &error);
    g_assert_cmpint (f2->hints, ==, 1);

    check_still_writable (store, 8);
  }
  g_assert_cmpint (query_int (path, "PRAGMA user_version"), ==, FOL_STORE_SCHEMA_VERSION);
  store_test_rmdir (dir);
}

/* Version 4, the schema before the reports of damaged files: every game
 * survives with its hints, no report is pending. */
/* Opens fixture @version in a new folder (@dir, its file @path): the store
 * migrates it as it is, with no report to show, and its first games are
 * all there. */
static FolStore *
open_fixture (int version, char **dir, char **path)
{
  g_autoptr (GError) error = NULL;
  *dir = store_test_tmpdir ();
  *path = g_build_filename (*dir, "foliage.db", NULL);
  load_fixture (*path, version);
  FolStore *store = fol_store_new (*path, &error);
  g_assert_no_error (error);
  g_assert_null (fol_store_get_recovered_from (store));
  g_assert_null (fol_store_get_recovery (store));
  check_common_games (store);
  return store;
}

static void
test_from_v4 (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;

  {
    g_autoptr (FolStore) store = open_fixture (4, &dir, &path);
    g_assert_cmpint (query_int (path, "SELECT count(*) FROM games"), ==, 7);

    /* game 7 had two hints; game 8: an Indian Summer game against an Expert computer */
    g_autoptr (FolSavedGame) f = fol_store_load_game (store, 7, &error);
    g_assert_no_error (error);
    g_assert_cmpint (f->hints, ==, 2);
    g_autoptr (FolSavedGame) g = fol_store_load_game (store, 8, &error);
    g_assert_no_error (error);
    g_assert_cmpint (g->hints, ==, 1);
    g_assert_cmpint (g->seats[1].level, ==, 3);
    g_assert_cmpint (fol_saved_game_get_n_moves (g), ==, 2);
    g_assert_cmpint (g_array_index (g->moves, FolSavedMove, 1).seat, ==, 1);
    g_assert_cmpint (fol_store_get_latest_unfinished (store, NULL, &error), ==, 8);

    g_autoptr (FolSavedCampaign) c = fol_store_load_campaign (store, 1, &error);
    g_assert_no_error (error);
    g_assert_cmpint (c->games[0].game_id, ==, 5);

    check_still_writable (store, 9);
  }
  g_assert_cmpint (query_int (path, "PRAGMA user_version"), ==, FOL_STORE_SCHEMA_VERSION);
  g_assert_cmpint (query_int (path, "SELECT count(*) FROM recoveries"), ==, 0);
  store_test_rmdir (dir);
}

/* Version 5, the schema before the analyses of games (issue 13): every
 * game survives with its moves and results, the dismissed report stays
 * dismissed, and the new table starts empty and keeps an analysis of a
 * migrated game as it was given. */
static void
test_from_v5 (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;

  {
    g_autoptr (FolStore) store = open_fixture (5, &dir, &path);
    g_assert_cmpint (query_int (path, "SELECT count(*) FROM games"), ==, 8);
    g_assert_cmpint (query_int (path, "SELECT count(*) FROM recoveries WHERE dismissed IS NOT NULL"), ==, 1);
    g_assert_cmpint (query_int (path, "SELECT count(*) FROM analyses"), ==, 0);

    /* game 9: a finished Fall game against an Expert computer */
    g_autoptr (FolSavedGame) g = fol_store_load_game (store, 9, &error);
    g_assert_no_error (error);
    g_assert_cmpstr (g->kind, ==, "fall");
    g_assert_cmpstr (g->options, ==, "side A\nfirst-player 1");
    g_assert_cmpint (g->status, ==, FOL_STORE_STATUS_FINISHED);
    g_assert_cmpint (g->seats[1].level, ==, 3);
    g_assert_cmpint (g->seats[1].score, ==, 40);
    g_assert_cmpint (fol_saved_game_get_n_moves (g), ==, 3);
    g_assert_cmpstr (fol_saved_game_get_move (g, 2), ==, "L07@1,-2r4");

    /* no analysis yet; one stored with the migrated game reads back whole */
    g_assert_null (fol_store_load_analysis (store, 9, FOL_ANALYSIS_METHOD, &error));
    g_assert_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_NOT_FOUND);
    g_clear_error (&error);
    const FolAnalysisEffort effort = { 5, 40 };
    g_autoptr (FolGameAnalysis) a = fol_game_analysis_new ("fall", 99, &effort);
    const char *played[] = { "T1", "L07@1,-2r4", "E", NULL };
    const char *suggested[] = { "T2", "L01@0,1r0", "E", NULL };
    FolAnalysisTurn t = { 1, 0, 1, 3, g_strdupv ((char **) played), g_strdupv ((char **) suggested),
                          -2.5, 1.25, 3.75, 0.5 };
    fol_game_analysis_add_turn (a, &t);
    g_assert_true (fol_store_save_analysis (store, 9, a, &error));
    g_assert_no_error (error);
    g_autoptr (FolGameAnalysis) b = fol_store_load_analysis (store, 9, FOL_ANALYSIS_METHOD, &error);
    g_assert_no_error (error);
    g_assert_cmpstr (b->kind, ==, "fall");
    g_assert_cmpuint (b->seed, ==, 99);
    g_assert_cmpint (b->effort.rollouts, ==, 5);
    g_assert_cmpint (b->effort.expert_percent, ==, 40);
    g_assert_cmpuint (b->turns->len, ==, 1);
    const FolAnalysisTurn *u = fol_game_analysis_get_turn (b, 0);
    g_assert_cmpint (u->last_ply, ==, 3);
    g_assert_true (g_strv_equal ((const char *const *) u->suggested, suggested));
    g_assert_cmpfloat (u->loss, ==, 3.75);

    check_still_writable (store, 10);
  }
  g_assert_cmpint (query_int (path, "PRAGMA user_version"), ==, FOL_STORE_SCHEMA_VERSION);
  store_test_rmdir (dir);
}

/* Version 6, the schema before the cache of solo pars (issue 13): every
 * game survives, game 9's analysis reads back as it was stored, and the new
 * table starts empty and keeps a par as it was given. */
static void
test_from_v6 (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;

  {
    g_autoptr (FolStore) store = open_fixture (6, &dir, &path);
    g_assert_cmpint (query_int (path, "SELECT count(*) FROM games"), ==, 8);
    g_assert_cmpint (query_int (path, "SELECT count(*) FROM recoveries WHERE dismissed IS NOT NULL"), ==, 1);
    g_assert_cmpint (query_int (path, "SELECT count(*) FROM pars"), ==, 0);

    /* game 9 and its analysis, untouched */
    g_autoptr (FolSavedGame) g = fol_store_load_game (store, 9, &error);
    g_assert_no_error (error);
    g_assert_cmpint (g->seats[1].score, ==, 40);
    g_assert_cmpstr (fol_saved_game_get_move (g, 2), ==, "L07@1,-2r4");
    /* (stored by analysis method 1: the current method finds none and computes again) */
    g_assert_null (fol_store_load_analysis (store, 9, FOL_ANALYSIS_METHOD, &error));
    g_assert_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_NOT_FOUND);
    g_clear_error (&error);
    g_autoptr (FolGameAnalysis) a = fol_store_load_analysis (store, 9, 1, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (a->seed, ==, 4242);
    g_assert_cmpint (a->effort.rollouts, ==, 5);
    g_assert_cmpuint (a->turns->len, ==, 1);
    const FolAnalysisTurn *t = fol_game_analysis_get_turn (a, 0);
    g_assert_cmpstr (t->suggested[1], ==, "L01@0,1r0");
    g_assert_cmpfloat (t->loss, ==, 3.75);

    /* a par stored in the new table reads back whole */
    g_assert_null (fol_store_load_par (store, "IS1-3B-0000C-ABCD", 1, 1000, &error));
    g_assert_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_NOT_FOUND);
    g_clear_error (&error);
    char *line[] = { "B TL", "R28 r1 f1", "end", NULL };
    const FolSavedPar par = { .deal = "IS1-3B-0000C-ABCD", .solver = 1, .budget = 1000, .score = -4, .won = FALSE,
                              .proven = TRUE, .nodes = 123456, .expert_score = -9, .line = line };
    g_assert_true (fol_store_save_par (store, &par, &error));
    g_assert_no_error (error);
    g_autoptr (FolSavedPar) back = fol_store_load_par (store, "IS1-3B-0000C-ABCD", 1, 1000, &error);
    g_assert_no_error (error);
    g_assert_cmpint (back->score, ==, -4);
    g_assert_true (back->proven);
    g_assert_cmpuint (back->nodes, ==, 123456);
    g_assert_cmpint (back->expert_score, ==, -9);
    g_assert_true (g_strv_equal ((const char *const *) back->line, (const char *const *) line));

    check_still_writable (store, 10);
  }
  g_assert_cmpint (query_int (path, "PRAGMA user_version"), ==, FOL_STORE_SCHEMA_VERSION);
  /* the par is not a game's: deleting games keeps it */
  g_assert_cmpint (query_int (path, "SELECT count(*) FROM pars"), ==, 1);
  store_test_rmdir (dir);
}

/* Migrating any version ends with the schema of a new database. */
static void
test_migrated_schema_is_fresh_schema (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = store_test_tmpdir ();
  g_autofree char *fresh = g_build_filename (dir, "fresh.db", NULL);
  {
    g_autoptr (FolStore) store = fol_store_new (fresh, &error);
    g_assert_no_error (error);
  }
  g_autofree char *expected = schema_of (fresh);
  g_assert_cmpint (query_int (fresh, "PRAGMA user_version"), ==, FOL_STORE_SCHEMA_VERSION);
  g_assert_cmpint (query_int (fresh, "PRAGMA application_id"), ==, FOL_STORE_APPLICATION_ID);

  for (int v = 1; v < FOL_STORE_SCHEMA_VERSION; v++)
    {
      g_autofree char *name = g_strdup_printf ("v%d.db", v);
      g_autofree char *path = g_build_filename (dir, name, NULL);
      load_fixture (path, v);
      {
        g_autoptr (FolStore) store = fol_store_new (path, &error);
        g_assert_no_error (error);
      }
      g_autofree char *migrated = schema_of (path);
      g_assert_cmpstr (migrated, ==, expected);
      g_assert_cmpint (query_int (path, "SELECT count(*) FROM pragma_foreign_key_check"), ==, 0);
    }
  store_test_rmdir (dir);
}

/* A step that fails leaves the database at the previous version, whole:
 * each step is one transaction.  At open, a file on which the ladder would
 * fail is found before it runs (its tables are not those of its version):
 * it is moved aside unchanged and its games are rescued, so the person is
 * never locked out. */
static void
test_failed_step_is_rolled_back (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = store_test_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "foliage.db", NULL);
  load_fixture (path, 1);
  /* an object in the way of version 2's index */
  sqlite3 *db = NULL;
  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "CREATE TABLE games_by_status (x)", NULL, NULL, NULL), ==, SQLITE_OK);

  /* the ladder itself */
  g_assert_false (fol_store_migrate (db, path, FOL_STORE_SCHEMA_VERSION, &error));
  g_assert_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_FAILED);
  g_assert_nonnull (strstr (error->message, "version 2"));
  g_clear_error (&error);
  sqlite3_close (db);
  g_assert_cmpint (query_int (path, "PRAGMA user_version"), ==, 1);
  /* version 2's first statements were rolled back with the rest */
  g_assert_cmpint (query_int (path, "SELECT count(*) FROM pragma_table_info ('games') WHERE name = 'n_seats'"), ==, 0);
  g_assert_cmpint (query_int (path, "SELECT count(*) FROM sqlite_master WHERE name = 'games_by_updated'"), ==, 0);
  g_assert_cmpint (query_int (path, "SELECT count(*) FROM games"), ==, 3);

  /* opening it */
  g_autoptr (GBytes) original = store_test_read_bytes (path);
  g_autoptr (FolStore) store = fol_store_new (path, &error);
  g_assert_no_error (error);
  const char *aside = fol_store_get_recovered_from (store);
  g_assert_nonnull (aside);
  g_test_message ("%s", fol_store_get_recovery_error (store)->message);
  g_autoptr (GBytes) moved = store_test_read_bytes (aside);
  g_assert_true (g_bytes_equal (moved, original));
  g_assert_cmpint (query_int (aside, "PRAGMA user_version"), ==, 1);
  /* the three games of version 1, with what later versions add */
  g_assert_cmpint (fol_store_get_recovery (store)->games_rescued, ==, 3);
  check_common_games (store);
  g_autoptr (GArray) list = fol_store_list_games (store, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (list->len, ==, 3);
  g_assert_cmpstr (g_array_index (list, FolGameSummary, 0).seats, ==, "Ann, Bob, Hard");
  g_assert_cmpint (query_int (path, "PRAGMA user_version"), ==, FOL_STORE_SCHEMA_VERSION);
  g_clear_object (&store);
  store_test_rmdir (dir);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  for (int v = 1; v < FOL_STORE_SCHEMA_VERSION; v++)
    {
      g_autofree char *name = g_strdup_printf ("/store-migrations/fixture-v%d-matches-ladder", v);
      g_test_add_data_func (name, GINT_TO_POINTER (v), test_fixture_matches_ladder);
    }
  g_test_add_func ("/store-migrations/from-v1", test_from_v1);
  g_test_add_func ("/store-migrations/from-v2", test_from_v2);
  g_test_add_func ("/store-migrations/from-v3", test_from_v3);
  g_test_add_func ("/store-migrations/from-v4", test_from_v4);
  g_test_add_func ("/store-migrations/from-v5", test_from_v5);
  g_test_add_func ("/store-migrations/from-v6", test_from_v6);
  g_test_add_func ("/store-migrations/migrated-schema-is-fresh-schema", test_migrated_schema_is_fresh_schema);
  g_test_add_func ("/store-migrations/failed-step-rolled-back", test_failed_step_is_rolled_back);
  return g_test_run ();
}
