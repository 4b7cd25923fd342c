/* test-par.c: the par of a solo deal for the window (issue 13, "Solo par"):
 * FolPar (src/model/fol-par.c) computes in its worker thread the very par
 * and line the engine's solver gives for the same budget, keeps it in the
 * store's cache (src/store/fol-saved-par.c) and reads it from there the
 * next time without computing; a damaged row, field by field, or a line
 * that does not reach its par is told as such and computed again; the
 * store refuses a par it could not read back; a cancellation stops the
 * computation and stores nothing; the default budget and its environment
 * variable. */
#include "config.h"

#include <glib.h>
#include <string.h>

#include "fol-par.h"
#include "fol-saved-par.h"
#include "summer-notation.h"
#include "summer-par.h"
#include "par-test-util.h"
#include "store-test-util.h"

/* A small budget: the Expert's game and a little search, well under a second. */
#define NODES 20000

/* The deal of a single solo game with @seed, its side drawn. */
static void
solo_deal (FolDeal *deal, guint64 seed, int campaign_game)
{
  SummerSetup setup;
  summer_setup_init (&setup, 1, seed);
  setup.campaign_game = (int8_t) campaign_game;
  if (campaign_game >= 0)
    setup.side[0] = 4;   /* 3A: a campaign's side is always given */
  fol_deal_init_summer (deal, &setup);
}

typedef struct {
  gboolean done;
  gboolean ok;
  GError *error;
  int running_notified;
} Run;

static void
run_done (GObject *source, GAsyncResult *res, gpointer data)
{
  Run *run = data;
  run->ok = fol_par_run_finish (FOL_PAR (source), res, &run->error);
  run->done = TRUE;
}

static void
on_running (FolPar *par, GParamSpec *pspec, Run *run)
{
  if (fol_par_get_running (par))
    run->running_notified++;
}

/* Runs @par to its end in the main loop (the worker's progress and result
 * come through it); Returns: whether it gave a par. */
static gboolean
run_par (FolPar *par, FolStore *store, GCancellable *cancellable, Run *run)
{
  *run = (Run) { 0 };
  gulong id = g_signal_connect (par, "notify::running", G_CALLBACK (on_running), run);
  fol_par_run_async (par, store, cancellable, run_done, run);
  while (!run->done)
    g_main_context_iteration (NULL, TRUE);
  g_signal_handler_disconnect (par, id);
  g_assert_false (fol_par_get_running (par));
  return run->ok;
}

/* The final score of @par's record, replayed by the engine's record reader. */
static int
replayed_score (FolPar *par)
{
  g_autofree char *text = fol_par_format_record (par);
  g_assert_nonnull (text);
  SummerRecord record;
  g_autoptr (GError) error = NULL;
  g_assert_true (summer_record_parse (text, &record, &error));
  SummerState s;
  g_assert_true (summer_record_replay (&record, &s, NULL, &error));
  g_assert_no_error (error);
  summer_record_clear (&record);
  g_assert_true (summer_is_over (&s));
  return s.result[0].solo_score;
}

/* Computed once (at a low priority: the same par), the same as the
 * engine's; stored; read back the second time without a computation. */
static void
test_compute_then_cache (StoreFixture *f, gconstpointer data)
{
  FolDeal deal;
  solo_deal (&deal, 42, -1);
  SummerParResult direct;
  par_test_solve (&deal, NODES, &direct);

  g_autoptr (GError) error = NULL;
  g_autoptr (FolPar) par = fol_par_new (&deal, &error);
  g_assert_no_error (error);
  fol_par_set_nodes (par, NODES);
  fol_par_set_low_priority (par, TRUE);
  g_autofree char *code = fol_deal_code_format (&deal, NULL);
  g_assert_cmpstr (fol_par_get_deal_code (par), ==, code);
  g_assert_null (fol_par_get_result (par));
  Run run;
  g_assert_true (run_par (par, f->store, NULL, &run));
  g_assert_no_error (run.error);
  g_assert_cmpint (run.running_notified, ==, 1);
  const FolParResult *r = fol_par_get_result (par);
  g_assert_nonnull (r);
  g_assert_false (r->from_cache);
  g_assert_false (r->capped);
  g_assert_null (fol_par_get_cache_error (par));
  g_assert_cmpfloat (fol_par_get_fraction (par), ==, 1.0);
  g_assert_cmpint (r->score, ==, direct.score);
  g_assert_cmpint (r->proven, ==, direct.proven);
  g_assert_cmpint (r->won, ==, direct.won);
  g_assert_cmpint (r->expert_score, ==, direct.expert_score);
  g_assert_cmpuint (r->nodes, ==, direct.nodes);
  const char *const *line = (const char *const *) r->line;
  g_assert_cmpuint (g_strv_length ((char **) line), ==, direct.line_text->len);
  for (guint i = 0; i < direct.line_text->len; i++)
    g_assert_cmpstr (line[i], ==, g_ptr_array_index (direct.line_text, i));
  g_assert_cmpint (replayed_score (par), ==, direct.score);

  /* one row, under the deal, the solver version and the budget */
  g_assert_cmpint (store_test_query (f->path, "SELECT count(*) FROM pars"), ==, 1);
  g_autoptr (FolSavedPar) row = fol_store_load_par (f->store, code, FOL_PAR_SOLVER_VERSION, NODES, &error);
  g_assert_no_error (error);
  g_assert_cmpint (row->score, ==, direct.score);
  g_assert_cmpuint (row->nodes, ==, direct.nodes);
  g_assert_cmpint (row->created, >, 0);

  /* a second par of the deal: from the cache, never running */
  g_autoptr (FolPar) again = fol_par_new (&deal, &error);
  fol_par_set_nodes (again, NODES);
  g_assert_true (run_par (again, f->store, NULL, &run));
  g_assert_cmpint (run.running_notified, ==, 0);
  const FolParResult *cached = fol_par_get_result (again);
  g_assert_true (cached->from_cache);
  g_assert_cmpint (cached->score, ==, direct.score);
  g_assert_cmpuint (cached->nodes, ==, direct.nodes);
  g_assert_true (g_strv_equal ((const char *const *) cached->line, line));

  /* another budget is another par: computed, and a row of its own */
  g_autoptr (FolPar) other = fol_par_new (&deal, &error);
  fol_par_set_nodes (other, NODES + 1);
  g_assert_true (run_par (other, f->store, NULL, &run));
  g_assert_false (fol_par_get_result (other)->from_cache);
  g_assert_cmpint (store_test_query (f->path, "SELECT count(*) FROM pars"), ==, 2);
  summer_par_result_clear (&direct);
}

/* A campaign game's deal is its own (not the single game's of its seed),
 * and a par is computed without a store too. */
static void
test_campaign_game_without_store (void)
{
  FolDeal single, campaign;
  solo_deal (&single, 7, -1);
  solo_deal (&campaign, 7, 1);
  g_autoptr (FolPar) a = fol_par_new (&single, NULL);
  g_autoptr (FolPar) b = fol_par_new (&campaign, NULL);
  g_assert_cmpstr (fol_par_get_deal_code (a), !=, fol_par_get_deal_code (b));
  fol_par_set_nodes (b, NODES);
  Run run;
  g_assert_true (run_par (b, NULL, NULL, &run));
  SummerParResult direct;
  par_test_solve (&campaign, NODES, &direct);
  g_assert_cmpint (fol_par_get_result (b)->score, ==, direct.score);
  g_assert_cmpint (replayed_score (b), ==, direct.score);
  summer_par_result_clear (&direct);
}

typedef struct {
  const char *sql;     /* the damage */
  const char *field;   /* the column the message names */
} Damage;

/* Each damage of the row is told (CORRUPT, naming the column) and the par
 * computed again, replacing the row. */
static void
test_damaged_rows (StoreFixture *f, gconstpointer data)
{
  static const Damage damages[] = {
    { "UPDATE pars SET line = 'Z99 nowhere'", "pars.line" },
    { "UPDATE pars SET line = ''", "pars.line" },
    { "UPDATE pars SET line = substr (line, 1, instr (line, char (10)) - 1)", "pars.line" },
    { "UPDATE pars SET line = line || char (10) || 'end'", "pars.line" },
    { "UPDATE pars SET line = 42", "pars.line" },
    { "UPDATE pars SET par = 'many'", "pars.par" },
    { "UPDATE pars SET par = 5000", "pars.par" },
    { "UPDATE pars SET won = 2", "pars.won" },
    { "UPDATE pars SET won = 1 - won", "pars.won" },
    { "UPDATE pars SET proven = 'yes'", "pars.proven" },
    { "UPDATE pars SET nodes = -1", "pars.nodes" },
    { "UPDATE pars SET expert_score = par + 1", "pars.expert_score" },
    { "UPDATE pars SET created = 'yesterday'", "pars.created" },
    /* a par the line does not reach: only a replay finds it */
    { "UPDATE pars SET par = par - 1, expert_score = min (expert_score, par - 1), won = (par - 1 >= 0)",
      "pars.line" },
  };
  FolDeal deal;
  solo_deal (&deal, 2024, -1);
  g_autoptr (GError) error = NULL;
  g_autoptr (FolPar) first = fol_par_new (&deal, &error);
  fol_par_set_nodes (first, NODES);
  Run run;
  g_assert_true (run_par (first, f->store, NULL, &run));
  g_autofree char *good_line = g_strjoinv ("\n", fol_par_get_result (first)->line);

  for (guint i = 0; i < G_N_ELEMENTS (damages); i++)
    {
      g_test_message ("%s", damages[i].sql);
      store_test_exec (f->path, damages[i].sql);
      g_autoptr (FolPar) par = fol_par_new (&deal, &error);
      fol_par_set_nodes (par, NODES);
      g_assert_false (fol_par_load (par, f->store, &error));
      g_assert_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_CORRUPT);
      g_assert_nonnull (strstr (error->message, damages[i].field));
      g_assert_nonnull (strstr (error->message, fol_par_get_deal_code (par)));
      g_clear_error (&error);
      g_assert_null (fol_par_get_result (par));

      /* computed again, and the row is whole again */
      g_assert_true (run_par (par, f->store, NULL, &run));
      g_assert_false (fol_par_get_result (par)->from_cache);
      g_assert_cmpint (run.running_notified, ==, 1);
      const GError *told = fol_par_get_cache_error (par);
      g_assert_nonnull (told);
      g_assert_true (g_error_matches (told, FOL_STORE_ERROR, FOL_STORE_ERROR_CORRUPT));
      g_assert_cmpint (fol_par_get_result (par)->score, ==, fol_par_get_result (first)->score);
      g_assert_cmpint (store_test_query (f->path, "SELECT count(*) FROM pars"), ==, 1);
      g_autoptr (FolPar) reread = fol_par_new (&deal, &error);
      fol_par_set_nodes (reread, NODES);
      g_assert_true (fol_par_load (reread, f->store, &error));
      g_assert_no_error (error);
      g_autofree char *line = g_strjoinv ("\n", fol_par_get_result (reread)->line);
      g_assert_cmpstr (line, ==, good_line);
    }
}

/* The store takes only what it can read back, naming the field. */
static void
test_store_refuses (StoreFixture *f, gconstpointer data)
{
  char *line[] = { "B TL", "end", NULL };
  char *empty_move[] = { "B TL", "", NULL };
  char *broken_move[] = { "B TL\nend", NULL };
  char *none[] = { NULL };
  const FolSavedPar good = { .deal = "IS1-R-0001-ABCD", .solver = 1, .budget = 10, .score = 4, .won = TRUE,
                             .proven = FALSE, .nodes = 9, .expert_score = 2, .line = line };
  struct {
    FolSavedPar par;
    const char *field;
  } bad[] = {
    { good, "pars.deal" }, { good, "pars.solver" }, { good, "pars.budget" }, { good, "pars.par" },
    { good, "pars.won" }, { good, "pars.expert_score" }, { good, "pars.line" }, { good, "pars.line" },
    { good, "pars.line" }, { good, "pars.line" },
  };
  bad[0].par.deal = "";
  bad[1].par.solver = 0;
  bad[2].par.budget = 0;
  bad[3].par.score = -73;
  bad[4].par.won = FALSE;
  bad[5].par.expert_score = 5;
  bad[6].par.line = NULL;
  bad[7].par.line = none;
  bad[8].par.line = empty_move;
  bad[9].par.line = broken_move;
  g_autoptr (GError) error = NULL;
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_assert_false (fol_store_save_par (f->store, &bad[i].par, &error));
      g_assert_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_INVALID);
      g_assert_nonnull (strstr (error->message, bad[i].field));
      g_clear_error (&error);
    }
  g_assert_cmpint (store_test_query (f->path, "SELECT count(*) FROM pars"), ==, 0);
  g_assert_true (fol_store_save_par (f->store, &good, &error));
  g_assert_no_error (error);
  g_autoptr (FolSavedPar) back = fol_store_load_par (f->store, good.deal, 1, 10, &error);
  g_assert_no_error (error);
  g_assert_true (back->won);
  g_assert_cmpint (back->score, ==, 4);
  /* another solver version or budget: not found */
  g_assert_null (fol_store_load_par (f->store, good.deal, 2, 10, &error));
  g_assert_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_assert_null (fol_store_load_par (f->store, good.deal, 1, 11, &error));
  g_assert_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_NOT_FOUND);
}

static void
on_fraction (FolPar *par, GParamSpec *pspec, GCancellable *cancellable)
{
  if (fol_par_get_fraction (par) > 0)
    g_cancellable_cancel (cancellable);
}

/* Cancelled once it has made progress at the default budget (which would
 * take many seconds): the run ends cancelled, with no par and no row. */
static void
test_cancel (StoreFixture *f, gconstpointer data)
{
  FolDeal deal;
  solo_deal (&deal, 5, -1);
  g_autoptr (FolPar) par = fol_par_new (&deal, NULL);
  fol_par_set_nodes (par, SUMMER_PAR_DEFAULT_NODES);
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  g_signal_connect (par, "notify::fraction", G_CALLBACK (on_fraction), cancellable);
  Run run;
  g_assert_false (run_par (par, f->store, cancellable, &run));
  g_assert_error (run.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&run.error);
  g_assert_true (g_cancellable_is_cancelled (cancellable));
  g_assert_null (fol_par_get_result (par));
  g_assert_cmpint (store_test_query (f->path, "SELECT count(*) FROM pars"), ==, 0);
  /* a second run while one is under way is refused */
  g_signal_handlers_disconnect_by_data (par, cancellable);
  g_autoptr (GCancellable) second = g_cancellable_new ();
  run = (Run) { 0 };
  fol_par_run_async (par, f->store, second, run_done, &run);
  g_assert_true (fol_par_get_running (par));
  Run refused = { 0 };
  fol_par_run_async (par, f->store, NULL, run_done, &refused);
  while (!refused.done)
    g_main_context_iteration (NULL, TRUE);
  g_assert_error (refused.error, G_IO_ERROR, G_IO_ERROR_PENDING);
  g_clear_error (&refused.error);
  g_cancellable_cancel (second);
  while (!run.done)
    g_main_context_iteration (NULL, TRUE);
  g_assert_error (run.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&run.error);
}

/* Only solo deals of Indian Summer have a par. */
static void
test_not_solo (void)
{
  g_autoptr (GError) error = NULL;
  FolDeal deal;
  SummerSetup setup;
  summer_setup_init (&setup, 2, 9);
  fol_deal_init_summer (&deal, &setup);
  g_assert_null (fol_par_new (&deal, &error));
  g_assert_error (error, SUMMER_ERROR, SUMMER_ERROR_SETUP);
  g_clear_error (&error);
  fol_deal_init_fall (&deal, 9, 0, 0);
  g_assert_null (fol_par_new (&deal, &error));
  g_assert_error (error, SUMMER_ERROR, SUMMER_ERROR_SETUP);
}

/* The default budget: the environment's number when it holds one. */
static void
test_default_budget (void)
{
  FolDeal deal;
  solo_deal (&deal, 1, -1);
  g_autoptr (FolPar) par = fol_par_new (&deal, NULL);
  g_unsetenv (FOL_PAR_NODES_ENV);
  g_assert_cmpuint (fol_par_get_nodes (par), ==, SUMMER_PAR_DEFAULT_NODES);
  g_setenv (FOL_PAR_NODES_ENV, "12345", TRUE);
  g_assert_cmpuint (fol_par_get_nodes (par), ==, 12345);
  g_setenv (FOL_PAR_NODES_ENV, "a lot", TRUE);
  g_assert_cmpuint (fol_par_get_nodes (par), ==, SUMMER_PAR_DEFAULT_NODES);
  g_setenv (FOL_PAR_NODES_ENV, "0", TRUE);
  g_assert_cmpuint (fol_par_get_nodes (par), ==, SUMMER_PAR_DEFAULT_NODES);
  fol_par_set_nodes (par, 77);
  g_assert_cmpuint (fol_par_get_nodes (par), ==, 77);
  g_unsetenv (FOL_PAR_NODES_ENV);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_assert_nonnull (summer_components_get (NULL));
  /* first: it sets the environment, before any thread */
  g_test_add_func ("/par/default-budget", test_default_budget);
  g_test_add ("/par/compute-then-cache", StoreFixture, NULL, store_test_fixture_set_up, test_compute_then_cache,
              store_test_fixture_tear_down);
  g_test_add_func ("/par/campaign-game-without-store", test_campaign_game_without_store);
  g_test_add ("/par/damaged-rows", StoreFixture, NULL, store_test_fixture_set_up, test_damaged_rows,
              store_test_fixture_tear_down);
  g_test_add ("/par/store-refuses", StoreFixture, NULL, store_test_fixture_set_up, test_store_refuses,
              store_test_fixture_tear_down);
  g_test_add ("/par/cancel", StoreFixture, NULL, store_test_fixture_set_up, test_cancel,
              store_test_fixture_tear_down);
  g_test_add_func ("/par/not-solo", test_not_solo);
  return g_test_run ();
}
