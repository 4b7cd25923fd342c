/* test-cli-match.c: the match loop of foliage-cli match (src/cli/cli-match.c)
 * run in-process for both games: seats rotated over the same deals, wins
 * adding up, the baselines' strength, no illegal moves, the same result on
 * any number of threads, the command line's errors, an illegal move counted
 * and replaced, and the Wilson interval.  No timing is asserted. */
#include <glib.h>
#include <string.h>

#include "cli-match.h"
#include "summer-state.h"

/* Parses "match GAME --option ..." as the command would ("match" in
 * argv[0], as foliage-cli hands it over). */
static gboolean
parse (const char *cmdline, FolMatchSettings *settings, GError **error)
{
  g_auto (GStrv) words = NULL;
  int argc = 0;
  g_assert_true (g_shell_parse_argv (cmdline, &argc, &words, NULL));
  /* g_option_context_parse() drops the words it reads from the array
   * without freeing them: hand it a copy of the pointers */
  g_autofree char **argv = g_memdup2 (words, sizeof (char *) * (gsize) (argc + 1));
  return fol_match_parse_args (argc, argv, settings, error);
}

static void
parse_or_die (const char *cmdline, FolMatchSettings *settings)
{
  g_autoptr (GError) error = NULL;
  gboolean ok = parse (cmdline, settings, &error);
  g_assert_no_error (error);
  g_assert_true (ok);
}

typedef struct {
  GPtrArray *lines;
  int next;              /* the deal index expected next */
} Seen;

/* Checks each deal as the loop reports it: in deal order, one game per
 * rotation, seat i of rotation r holding ai[(i + r) % N]. */
static void
on_deal (const FolMatchSettings *st, const FolMatchDeal *deal, void *data)
{
  Seen *seen = data;
  g_assert_cmpint (deal->index, ==, seen->next);
  seen->next++;
  g_assert_cmpuint (deal->seed, ==, fol_match_deal_seed (st->seed, deal->index));
  g_assert_cmpint (deal->n_rotations, ==, st->n_players);
  for (int r = 0; r < deal->n_rotations; r++)
    {
      const FolMatchGameRecord *rec = &deal->game[r];
      g_assert_true (rec->finished);
      g_assert_cmpint (rec->illegal, ==, 0);
      g_assert_cmpint (rec->plies, >, 0);
      for (int seat = 0; seat < st->n_players; seat++)
        {
          g_assert_cmpint (rec->level[seat], ==, st->ai[(seat + r) % st->n_players]);
          g_assert_cmpint (rec->seat[seat].rank, >=, 1);
          g_assert_cmpint (rec->seat[seat].rank, <=, st->n_players);
          g_assert_cmpuint (rec->cpu_ms[seat]->len, >, 0);
          g_assert_cmpuint (rec->wall_ms[seat]->len, ==, rec->cpu_ms[seat]->len);
        }
    }
  g_ptr_array_add (seen->lines, fol_match_deal_format (st, deal));
}

/* Runs @cmdline with 1 and with @threads threads; both runs must give the
 * same lines and the same JSON (less what depends on the machine).
 * Returns: the result of the one-thread run. */
static FolMatchResult *
run_both (const char *cmdline, int threads)
{
  FolMatchSettings st;
  parse_or_die (cmdline, &st);
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) lines1 = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) lines2 = g_ptr_array_new_with_free_func (g_free);

  Seen seen = { lines1, 0 };
  st.threads = 1;
  FolMatchResult *one = fol_match_run (&st, on_deal, &seen, &error);
  g_assert_no_error (error);
  g_assert_nonnull (one);
  g_assert_cmpint (seen.next, ==, st.deals);

  seen = (Seen) { lines2, 0 };
  st.threads = threads;
  g_autoptr (FolMatchResult) many = fol_match_run (&st, on_deal, &seen, &error);
  g_assert_no_error (error);
  g_assert_nonnull (many);
  g_assert_cmpint (seen.next, ==, st.deals);

  g_assert_cmpuint (lines1->len, ==, lines2->len);
  for (guint i = 0; i < lines1->len; i++)
    g_assert_cmpstr (g_ptr_array_index (lines1, i), ==, g_ptr_array_index (lines2, i));
  g_autofree char *json1 = fol_match_result_to_json (one, FALSE);
  g_autofree char *json2 = fol_match_result_to_json (many, FALSE);
  g_assert_cmpstr (json1, ==, json2);
  /* the machine's part is there only when asked for */
  g_assert_null (strstr (json1, "median_ms"));
  g_autofree char *full = fol_match_result_to_json (many, TRUE);
  g_assert_nonnull (strstr (full, "\"median_ms\": "));
  g_assert_nonnull (strstr (full, "\"p95_ms\": "));
  g_assert_nonnull (strstr (full, "\"max_ms\": "));
  g_assert_nonnull (strstr (full, "\"wall_median_ms\": "));
  g_autofree char *threads_key = g_strdup_printf ("\"threads\": %d,", threads);
  g_assert_nonnull (strstr (full, threads_key));
  /* the lines name each deal once, in order */
  for (guint i = 0; i < lines1->len; i++)
    {
      g_autofree char *head = g_strdup_printf ("deal %u seed ", i + 1);
      g_assert_true (g_str_has_prefix (g_ptr_array_index (lines1, i), head));
    }
  return one;
}

/* The shared checks of a match between distinct levels. */
static void
check_totals (const FolMatchResult *r)
{
  const FolMatchSettings *st = &r->settings;
  g_assert_cmpint (r->games, ==, st->deals * st->n_players);
  g_assert_cmpint (r->illegal_moves, ==, 0);
  g_assert_cmpint (r->unfinished, ==, 0);
  double wins = 0;
  int seats = 0;
  for (int i = 0; i < r->n_levels; i++)
    {
      const FolMatchLevelStats *ls = &r->level[i];
      int sat = 0;
      for (int p = 0; p < st->n_players; p++)
        sat += st->ai[p] == ls->level;
      /* every level sits once per rotation in each seat it holds */
      g_assert_cmpint (ls->games, ==, st->deals * st->n_players * sat);
      g_assert_cmpint (ls->decisions, ==, (int) ls->cpu_ms->len);
      g_assert_cmpint (ls->decisions, >, 0);
      g_assert_cmpint (ls->time_capped, ==, 0);
      g_assert_cmpfloat (ls->rank_sum / ls->games, >=, 1.0);
      wins += ls->wins;
      seats += ls->games;
    }
  g_assert_cmpint (seats, ==, r->games * st->n_players);
  /* ties split: the wins of all levels add up to the games played */
  g_assert_cmpfloat_with_epsilon (wins, (double) r->games, 1e-9);
}

static void
test_summer_two (void)
{
  g_autoptr (FolMatchResult) r = run_both ("match summer --ai random,greedy --deals 10 --seed 3", 2);
  check_totals (r);
  g_assert_cmpint (r->n_levels, ==, 2);
  const FolMatchLevelStats *greedy = fol_match_result_level (r, FOL_AI_GREEDY);
  const FolMatchLevelStats *random = fol_match_result_level (r, FOL_AI_RANDOM);
  g_assert_nonnull (greedy);
  g_assert_nonnull (random);
  g_assert_cmpint (greedy->games, ==, 20);
  g_assert_cmpint (random->games, ==, 20);
  /* the greedy player is far stronger than the random one */
  g_assert_cmpfloat (greedy->wins / greedy->games, >=, 0.9);
  g_assert_cmpfloat (greedy->rank_sum / greedy->games, <, random->rank_sum / random->games);
  /* and leaves fewer squares empty (figure 0 of a multiplayer seat) */
  g_assert_cmpstr (r->figures[0].key, ==, "empty_squares");
  g_assert_cmpfloat (greedy->figure_sum[0], <, random->figure_sum[0]);
  g_autofree char *json = fol_match_result_to_json (r, FALSE);
  g_assert_true (g_str_has_prefix (json, "{\n  \"game\": \"summer\",\n  \"players\": 2,\n  \"ai\": [\"random\", \"greedy\"],\n"
                                         "  \"deals\": 10,\n  \"seed\": 3,\n"));
  g_assert_nonnull (strstr (json, "\"illegal_moves\": 0,"));
  g_assert_nonnull (strstr (json, "\"win_rate_ci95\": ["));
  g_assert_nonnull (strstr (json, "\"mean_empty_squares\": "));
  g_assert_nonnull (strstr (json, "\"mean_app_score\": "));
  /* the levels in the order of --ai */
  g_assert_true (strstr (json, "\"random\": {") < strstr (json, "\"greedy\": {"));
}

static void
test_summer_three (void)
{
  g_autoptr (FolMatchResult) r = run_both ("match summer --players 3 --ai random,greedy,random --deals 4 --seed 11", 3);
  check_totals (r);
  g_assert_cmpint (r->games, ==, 12);
  g_assert_cmpint (r->n_levels, ==, 2);
  g_assert_cmpint (fol_match_result_level (r, FOL_AI_GREEDY)->games, ==, 12);
  g_assert_cmpint (fol_match_result_level (r, FOL_AI_RANDOM)->games, ==, 24);
  g_assert_null (fol_match_result_level (r, FOL_AI_EXPERT));
}

static void
test_summer_four (void)
{
  g_autoptr (FolMatchResult) r = run_both ("match summer --ai greedy,random,random,random --deals 2 --seed 5", 2);
  check_totals (r);
  g_assert_cmpint (r->settings.n_players, ==, 4);
  g_assert_cmpint (r->games, ==, 8);
}

static void
test_summer_solo (void)
{
  g_autoptr (FolMatchResult) r = run_both ("match summer --players 1 --ai greedy --deals 6 --seed 2", 2);
  g_assert_cmpint (r->games, ==, 6);
  g_assert_cmpint (r->illegal_moves, ==, 0);
  g_assert_cmpint (r->unfinished, ==, 0);
  g_assert_cmpint (r->n_levels, ==, 1);
  const FolMatchLevelStats *ls = &r->level[0];
  g_assert_cmpint (ls->games, ==, 6);
  g_assert_cmpint (ls->won, >=, 0);
  g_assert_cmpint (ls->won, <=, 6);
  /* the histogram counts every game, and its mean is the mean score */
  g_assert_cmpstr (r->figures[0].key, ==, "score");
  g_assert_nonnull (ls->histogram);
  GHashTableIter it;
  gpointer key, value;
  int counted = 0;
  double sum = 0;
  g_hash_table_iter_init (&it, ls->histogram);
  while (g_hash_table_iter_next (&it, &key, &value))
    {
      counted += GPOINTER_TO_INT (value);
      sum += (double) GPOINTER_TO_INT (key) * GPOINTER_TO_INT (value);
    }
  g_assert_cmpint (counted, ==, 6);
  g_assert_cmpfloat_with_epsilon (sum, ls->figure_sum[0], 1e-9);
  g_autofree char *json = fol_match_result_to_json (r, FALSE);
  g_assert_nonnull (strstr (json, "\"won\": "));
  g_assert_nonnull (strstr (json, "\"won_rate_ci95\": ["));
  g_assert_nonnull (strstr (json, "\"mean_score\": "));
  g_assert_nonnull (strstr (json, "\"score_histogram\": {\""));
  g_assert_null (strstr (json, "\"mean_rank\""));
}

static void
test_fall_two (void)
{
  g_autoptr (FolMatchResult) r = run_both ("match fall --ai random,greedy --deals 10 --seed 4", 2);
  check_totals (r);
  const FolMatchLevelStats *greedy = fol_match_result_level (r, r->settings.ai[1]);
  const FolMatchLevelStats *random = fol_match_result_level (r, r->settings.ai[0]);
  g_assert_cmpint (greedy->games, ==, 20);
  g_assert_cmpint (random->games, ==, 20);
  g_assert_cmpfloat (greedy->wins / greedy->games, >=, 0.9);
  g_assert_cmpstr (r->figures[0].key, ==, "score");
  g_assert_cmpfloat (greedy->figure_sum[0], >, random->figure_sum[0]);
  g_autofree char *json = fol_match_result_to_json (r, FALSE);
  g_assert_true (g_str_has_prefix (json, "{\n  \"game\": \"fall\",\n  \"players\": 2,\n"));
  g_assert_nonnull (strstr (json, "\"mean_score\": "));
}

/* Every deal differs, and another seed deals other deals. */
static void
test_deal_seeds (void)
{
  g_autoptr (GHashTable) seen = g_hash_table_new (g_int64_hash, g_int64_equal);
  static gint64 seeds[200];
  for (int k = 0; k < 100; k++)
    for (int s = 0; s < 2; s++)
      {
        seeds[2 * k + s] = (gint64) fol_match_deal_seed ((uint64_t) s + 1, k);
        g_assert_false (g_hash_table_contains (seen, &seeds[2 * k + s]));
        g_hash_table_add (seen, &seeds[2 * k + s]);
      }
  g_assert_cmpuint (fol_match_deal_seed (1, 5), ==, fol_match_deal_seed (1, 5));
}

static void
test_parse (void)
{
  FolMatchSettings st;
  parse_or_die ("match summer --ai greedy,random --deals 3", &st);
  g_assert_true (st.game == &fol_match_summer);
  g_assert_cmpint (st.n_players, ==, 2);
  g_assert_cmpint (st.ai[0], ==, FOL_AI_GREEDY);
  g_assert_cmpint (st.ai[1], ==, FOL_AI_RANDOM);
  g_assert_cmpint (st.deals, ==, 3);
  g_assert_cmpuint (st.seed, ==, 1);
  g_assert_cmpint (st.threads, ==, 1);
  g_assert_cmpint (st.time_cap_ms, ==, 0);
  g_assert_cmpint (st.effort_percent, ==, 100);

  parse_or_die ("match fall --ai 'GREEDY, random' --deals 2 --seed 9 --threads 3 --time-cap 50 --effort 40", &st);
  g_assert_true (st.game == &fol_match_fall);
  g_assert_cmpint (st.n_players, ==, 2);
  g_assert_cmpint (st.ai[0], ==, fol_match_fall.level_parse ("greedy"));
  g_assert_cmpint (st.ai[1], ==, fol_match_fall.level_parse ("random"));
  g_assert_cmpuint (st.seed, ==, 9);
  g_assert_cmpint (st.threads, ==, 3);
  g_assert_cmpint (st.time_cap_ms, ==, 50);
  g_assert_cmpint (st.effort_percent, ==, 40);

  parse_or_die ("match summer --players 1 --ai expert", &st);
  g_assert_cmpint (st.n_players, ==, 1);
  g_assert_cmpint (st.ai[0], ==, FOL_AI_EXPERT);
}

static void
test_parse_errors (void)
{
  static const struct {
    const char *cmdline;
    const char *message;   /* a part of the error message */
  } bad[] = {
    { "match summer --ai greedy,bogus", "unknown level 'bogus' for summer" },
    { "match fall --ai greedy,nonsense", "unknown level 'nonsense' for fall" },
    { "match summer --players 3 --ai greedy,random", "--ai has 2 entries for 3 players" },
    { "match summer --players 2 --ai greedy", "--ai has 1 entry for 2 players" },
    { "match summer --ai greedy,random --deals 0", "--deals must be at least 1" },
    { "match summer --ai greedy,random --deals -3", "--deals must be at least 1" },
    { "match fall --ai greedy,random,random", "fall is played by 2 players, not 3" },
    { "match fall --players 1 --ai greedy", "fall is played by 2 players, not 1" },
    { "match summer --players 5 --ai a,b,c,d,e", "summer is played by 1 to 4 players, not 5" },
    { "match summer --ai greedy,random --threads 0", "--threads" },
    { "match summer --ai greedy,random --time-cap -1", "--time-cap" },
    { "match summer --ai greedy,random --effort 0", "--effort" },
    { "match summer --ai greedy,random --effort 101", "--effort" },
    { "match summer", "--ai is missing" },
    { "match", "give the game" },
    { "match chess --ai a,b", "unknown game 'chess'" },
    { "match summer fall --ai greedy,random", "unexpected argument 'fall'" },
  };
  for (size_t i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      FolMatchSettings st;
      g_autoptr (GError) error = NULL;
      g_assert_false (parse (bad[i].cmdline, &st, &error));
      g_assert_error (error, FOL_MATCH_ERROR, FOL_MATCH_ERROR_USAGE);
      if (!strstr (error->message, bad[i].message))
        g_error ("'%s': message '%s' lacks '%s'", bad[i].cmdline, error->message, bad[i].message);
    }
  /* an unknown option is GOption's error */
  FolMatchSettings st;
  g_autoptr (GError) error = NULL;
  g_assert_false (parse ("match summer --ai greedy,random --bogus", &st, &error));
  g_assert_error (error, G_OPTION_ERROR, G_OPTION_ERROR_UNKNOWN_OPTION);
}

/* A player that breaks the rules now and then: at the start of turn 3 it
 * offers a move of no kind, and on turn 5 it finds none. */
static bool
cheat_choose (const void *state, int level, FolRng *rng, FolAiSearch *search, void *move)
{
  const SummerState *s = state;
  bool ok = fol_match_summer.choose (state, level, rng, search, move);
  if (s->turn == 3 && !s->main_done && s->pending == SUMMER_PENDING_NONE)
    ((SummerMove *) move)->kind = 0xEE;
  if (s->turn == 5 && !s->main_done && s->pending == SUMMER_PENDING_NONE)
    return false;
  return ok;
}

static void
test_illegal_counted (void)
{
  FolMatchGame cheat = fol_match_summer;
  cheat.choose = cheat_choose;
  FolMatchSettings st;
  parse_or_die ("match summer --ai greedy,random --deals 2 --seed 8", &st);
  st.game = &cheat;
  g_autoptr (GError) error = NULL;
  g_autoptr (FolMatchResult) r = fol_match_run (&st, NULL, NULL, &error);
  g_assert_no_error (error);
  /* each game met both faults at least once, replaced them and went on */
  g_assert_cmpint (r->illegal_moves, >=, 2 * r->games);
  g_assert_cmpint (r->unfinished, ==, 0);
  g_autofree char *json = fol_match_result_to_json (r, FALSE);
  g_autofree char *expect = g_strdup_printf ("\"illegal_moves\": %d,", r->illegal_moves);
  g_assert_nonnull (strstr (json, expect));
}

static void
test_wilson (void)
{
  static const struct {
    double wins;
    int n;
    double lo, hi;   /* by hand: (p + z^2/2n -+ z sqrt (p(1-p)/n + z^2/4n^2)) / (1 + z^2/n), z = 1.96 */
  } cases[] = {
    { 50, 100, 0.4038, 0.5962 },
    { 0, 10, 0.0, 0.2775 },
    { 10, 10, 0.7225, 1.0 },
    { 1, 2, 0.0945, 0.9055 },
    { 9, 10, 0.5958, 0.9821 },
    { 7.5, 20, 0.1998, 0.5905 },
    { 0, 0, 0.0, 1.0 },
  };
  for (size_t i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      double lo, hi;
      fol_match_wilson (cases[i].wins, cases[i].n, &lo, &hi);
      g_assert_cmpfloat_with_epsilon (lo, cases[i].lo, 1e-4);
      g_assert_cmpfloat_with_epsilon (hi, cases[i].hi, 1e-4);
    }
}

static void
test_percentile (void)
{
  g_autoptr (GArray) a = g_array_new (FALSE, FALSE, sizeof (double));
  g_assert_cmpfloat (fol_match_percentile (a, 0.5), ==, 0.0);
  for (int i = 1; i <= 4; i++)
    {
      double v = i;
      g_array_append_val (a, v);
    }
  g_assert_cmpfloat (fol_match_percentile (a, 0.5), ==, 2.5);
  g_assert_cmpfloat (fol_match_percentile (a, 0.95), ==, 4.0);
  g_assert_cmpfloat (fol_match_percentile (a, 0.75), ==, 3.0);
  g_assert_cmpfloat (fol_match_percentile (a, 1.0), ==, 4.0);
  double v = 5;
  g_array_append_val (a, v);
  g_assert_cmpfloat (fol_match_percentile (a, 0.5), ==, 3.0);
  for (int i = 6; i <= 100; i++)
    {
      v = i;
      g_array_append_val (a, v);
    }
  g_assert_cmpfloat (fol_match_percentile (a, 0.95), ==, 95.0);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/match/wilson", test_wilson);
  g_test_add_func ("/match/percentile", test_percentile);
  g_test_add_func ("/match/deal-seeds", test_deal_seeds);
  g_test_add_func ("/match/parse", test_parse);
  g_test_add_func ("/match/parse-errors", test_parse_errors);
  g_test_add_func ("/match/summer-two", test_summer_two);
  g_test_add_func ("/match/summer-three", test_summer_three);
  g_test_add_func ("/match/summer-four", test_summer_four);
  g_test_add_func ("/match/summer-solo", test_summer_solo);
  g_test_add_func ("/match/fall-two", test_fall_two);
  g_test_add_func ("/match/illegal-counted", test_illegal_counted);
  return g_test_run ();
}
