/* test-summer-par.c: the par of a solo deal (summer-par.h; issue 13,
 * "Solo par"; docs/solo-par.md).
 *
 * The par line replays through the rules to exactly the stated score, the
 * same position and budget give the same par and line, "proven" agrees with
 * an exhaustive search over every legal move on positions small enough for
 * one, and what is not a solo position is refused with an error. */
#include <glib.h>
#include <string.h>

#include "summer-par.h"
#include "summer-test-util.h"

/* Plays @line from @start through the rules; returns the final state's solo
 * score, failing the test when a move is refused or the game does not end. */
static int
replay_line (const SummerState *start, const SummerParResult *r)
{
  SummerState s = *start;
  g_assert_cmpuint (r->line->len, ==, r->line_text->len);
  for (guint i = 0; i < r->line->len; i++)
    {
      const SummerMove *m = &g_array_index (r->line, SummerMove, i);
      /* the text is the notation of the move, and reads back as it */
      g_autofree char *text = summer_move_format (&s, m);
      g_assert_cmpstr (text, ==, g_ptr_array_index (r->line_text, i));
      SummerMove parsed;
      g_autoptr (GError) error = NULL;
      g_assert_true (summer_move_parse (&s, text, &parsed, &error));
      g_assert_no_error (error);
      g_assert_true (memcmp (&parsed, m, sizeof parsed) == 0);
      if (!summer_apply_move (&s, m, NULL, &error))
        g_error ("par line move %u '%s' refused: %s", i + 1, text, error->message);
      check_invariants (&s);
    }
  g_assert_true (summer_is_over (&s));
  g_assert_cmpint (s.result[0].full, ==, r->won);
  return s.result[0].solo_score;
}

/* Solves @s with @nodes; the line must replay to exactly the par. */
static void
solve_checked (const SummerState *s, guint64 nodes, SummerParResult *r)
{
  SummerParBudget budget = { .nodes = nodes };
  g_autoptr (GError) error = NULL;
  g_assert_true (summer_par_solve (s, &budget, r, &error));
  g_assert_no_error (error);
  g_assert_cmpint (replay_line (s, r), ==, r->score);
}

typedef bool (*Reached) (const SummerState *s, int arg);

/* Plays @level's moves (its generator seeded with @ai_seed) until @reached. */
static void
play_until (SummerState *s, FolAiLevel level, uint64_t ai_seed, Reached reached, int arg)
{
  FolRng rng;
  fol_rng_seed (&rng, ai_seed);
  while (!reached (s, arg))
    {
      SummerMove m;
      g_assert_true (summer_ai_choose (s, level, &rng, &m));
      g_assert_true (summer_apply_move (s, &m, NULL, NULL));
    }
}

static bool
turn_starts (const SummerState *s, int round)
{
  return summer_is_over (s) || (s->round == round && !s->main_done && s->pending == SUMMER_PENDING_NONE);
}

static bool
in_turn (const SummerState *s, int round)
{
  return s->round >= round;
}

static bool
game_over (const SummerState *s, int unused)
{
  (void) unused;
  return summer_is_over (s);
}

static bool
in_end_phase (const SummerState *s, int unused)
{
  (void) unused;
  return s->phase != SUMMER_PHASE_PLAY;
}

/* Plays the Normal level (seeded) from a fresh solo deal until the start of
 * turn @round. */
static void
play_to_round (SummerState *s, uint64_t seed, int round)
{
  new_game (s, 1, seed);
  play_until (s, FOL_AI_NORMAL, seed * 31 + 7, turn_starts, round);
  g_assert_cmpint (s->phase, ==, SUMMER_PHASE_PLAY);
}

/* Covers every empty square of seat 0 but @keep with Squirrels (no move),
 * completing Areas the way the rules would, their tokens going back to the
 * supply, so that the position keeps every invariant; then sets the
 * treasures.  A small position for the exhaustive search. */
static void
shrink_floor (SummerState *s, FolBits72 keep, int b, int n, int m, int f)
{
  SummerSeat *seat = &s->seat[0];
  const SummerFloorSide *side = &summer_components ()->side[seat->side];
  FolBits72 fill = fol_bb_all () & ~seat->covered & ~keep;
  for (; fill; fill &= fill - 1)
    {
      int q = fol_bb_lowest (fill);
      seat->covered |= fol_bb_bit (q);
      seat->cover[q] = SUMMER_COVER_SQUIRREL;
      seat->n_squirrels++;
    }
  for (int a = 0; a < SUMMER_N_AREAS; a++)
    if (!(seat->areas_done & (1u << a)) && (seat->covered & side->area_mask[a]) == side->area_mask[a])
      {
        seat->areas_done |= (uint8_t) (1u << a);
        for (FolBits72 t = seat->tokens & side->area_mask[a]; t; t &= t - 1)
          {
            int q = fol_bb_lowest (t);
            s->supply[seat->token[q]]++;
            seat->token[q] = SUMMER_NO_TREASURE;
          }
        seat->tokens &= ~side->area_mask[a];
      }
  set_treasures (s, 0, b, n, m, f);
  check_invariants (s);
}

/* The first @k empty squares of the region around the @pick-th empty
 * square (4-connected, in square order), then the next regions. */
static FolBits72
some_empties (const SummerState *s, int pick, int k)
{
  FolBits72 empty = fol_bb_all () & ~s->seat[0].covered, keep = 0;
  int count = fol_bb_count (empty);
  g_assert_cmpint (count, >, 0);
  FolBits72 e = empty;
  for (int i = 0; i < pick % count; i++)
    e &= e - 1;
  FolBits72 seed = fol_bb_bit (fol_bb_lowest (e));
  while (k > 0 && empty)
    {
      FolBits72 region = fol_bb_flood (seed, empty);
      for (; region && k > 0; region &= region - 1, k--)
        {
          keep |= fol_bb_bit (fol_bb_lowest (region));
          empty &= ~fol_bb_bit (fol_bb_lowest (region));
        }
      if (empty)
        seed = fol_bb_bit (fol_bb_lowest (empty));
    }
  return keep;
}

/* The best final score from @s over every sequence of legal moves
 * (summer_legal_moves()), the end phase included: no reduction, no bound,
 * positions merged by summer_state_hash(). */
static int
exhaustive (const SummerState *s, GHashTable *memo)
{
  if (summer_is_over (s))
    return s->result[0].solo_score;
  uint64_t h = summer_state_hash (s);
  gpointer v;
  if (g_hash_table_lookup_extended (memo, &h, NULL, &v))
    return GPOINTER_TO_INT (v);
  SummerMoveList l;
  summer_legal_moves (s, &l);
  g_assert_cmpint (l.n, >, 0);
  int best = G_MININT;
  for (int i = 0; i < l.n; i++)
    {
      SummerState c = *s;
      g_assert_true (summer_apply_move (&c, &l.moves[i], NULL, NULL));
      best = MAX (best, exhaustive (&c, memo));
    }
  summer_move_list_clear (&l);
  g_hash_table_insert (memo, g_memdup2 (&h, sizeof h), GINT_TO_POINTER (best));
  return best;
}

static int
exhaustive_best (const SummerState *s)
{
  g_autoptr (GHashTable) memo = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  return exhaustive (s, memo);
}

/* A fresh deal with a small budget: the Expert's game, a narrow beam, the
 * branch and bound cut short.  Not proven; the line reaches its score. */
static void
test_fresh_deal_line (void)
{
  SummerState s;
  new_game (&s, 1, 3);
  SummerParResult r;
  solve_checked (&s, 2500000, &r);
  g_assert_false (r.proven);
  g_assert_false (r.capped);
  g_assert_cmpuint (r.nodes, >=, 2500000);
  g_assert_cmpint (r.score, >=, r.expert_score);
  summer_par_result_clear (&r);
  summer_par_result_clear (&r);   /* twice is safe */
}

/* Same position, same budget: same par, same line, same effort; a budget
 * too small for the search to finish from turn 7 is not proven. */
static void
test_deterministic (void)
{
  SummerState s;
  play_to_round (&s, 21, 7);
  SummerParResult a, b;
  solve_checked (&s, 600000, &a);
  solve_checked (&s, 600000, &b);
  g_assert_false (a.proven);
  g_assert_cmpint (a.score, ==, b.score);
  g_assert_cmpint (a.proven, ==, b.proven);
  g_assert_cmpuint (a.nodes, ==, b.nodes);
  g_assert_cmpuint (a.line->len, ==, b.line->len);
  g_assert_true (memcmp (a.line->data, b.line->data, a.line->len * sizeof (SummerMove)) == 0);
  summer_par_result_clear (&a);
  summer_par_result_clear (&b);
}

/* Positions small enough for the exhaustive search: the last turn, or the
 * last two, with a few empty squares and a few treasures.  The solver proves
 * its par on each, and the par is the exhaustive search's best. */
typedef struct {
  uint64_t seed;
  int round;
  int empties;
  int pick;
  int treasures[4];
} SmallCase;

static const SmallCase small_cases[] = {
  { 101, 10, 6, 0, { 1, 1, 1, 0 } },
  { 102, 10, 5, 7, { 2, 0, 1, 1 } },
  { 103, 10, 7, 3, { 0, 2, 0, 0 } },
  { 104, 10, 4, 11, { 1, 0, 2, 1 } },
  { 105, 10, 6, 5, { 3, 1, 0, 0 } },
  { 106, 10, 8, 2, { 0, 0, 0, 0 } },
  { 107, 9, 3, 4, { 1, 1, 0, 0 } },
  { 108, 9, 4, 9, { 0, 1, 1, 0 } },
  { 109, 9, 3, 1, { 2, 0, 0, 1 } },
};

static void
test_proven_matches_exhaustive (gconstpointer data)
{
  const SmallCase *c = data;
  SummerState s;
  play_to_round (&s, c->seed, c->round);
  shrink_floor (&s, some_empties (&s, c->pick, c->empties), c->treasures[0], c->treasures[1], c->treasures[2],
                c->treasures[3]);
  int best = exhaustive_best (&s);
  SummerParResult r;
  solve_checked (&s, 20000000, &r);
  g_test_message ("seed %" G_GUINT64_FORMAT ": exhaustive %d, par %d (%s, %" G_GUINT64_FORMAT " nodes, Expert %d)",
                  c->seed, best, r.score, r.proven ? "proven" : "not proven", r.nodes, r.expert_score);
  g_assert_true (r.proven);
  g_assert_cmpint (r.score, ==, best);
  summer_par_result_clear (&r);
}

/* A campaign game in progress (DECISIONS: Solo and the campaign: its own
 * stack of 25 tiles), in the middle of a turn. */
static void
test_campaign_midgame (void)
{
  SummerSetup setup;
  summer_setup_init (&setup, 1, 77);
  setup.campaign_game = 1;
  SummerState s;
  g_autoptr (GError) error = NULL;
  g_assert_true (summer_state_new_game (&setup, &s, &error));
  /* into turn 8, then one move more (a placement or a special action) */
  play_until (&s, FOL_AI_HARD, 5, in_turn, 8);
  FolRng rng;
  fol_rng_seed (&rng, 6);
  SummerMove m;
  g_assert_true (summer_ai_choose (&s, FOL_AI_HARD, &rng, &m));
  g_assert_true (summer_apply_move (&s, &m, NULL, NULL));
  SummerParResult r;
  solve_checked (&s, 800000, &r);
  g_assert_cmpint (r.score, >=, r.expert_score);
  summer_par_result_clear (&r);
}

/* The end phase: the auto-finish is optimal (DECISIONS: Solo), so proven;
 * a finished game: its own score, proven, no moves. */
static void
test_end_phase_and_over (void)
{
  SummerState s;
  play_to_round (&s, 41, 10);
  play_until (&s, FOL_AI_NORMAL, 41, in_end_phase, 0);
  g_assert_cmpint (s.phase, ==, SUMMER_PHASE_SOLO_END);
  SummerParResult r;
  solve_checked (&s, 1000, &r);
  g_assert_true (r.proven);
  g_assert_cmpint (r.score, ==, exhaustive_best (&s));
  summer_par_result_clear (&r);

  play_until (&s, FOL_AI_NORMAL, 41, game_over, 0);   /* the auto-finish */
  solve_checked (&s, 1000, &r);
  g_assert_true (r.proven);
  g_assert_cmpint (r.score, ==, s.result[0].solo_score);
  g_assert_cmpuint (r.line->len, ==, 0);
  summer_par_result_clear (&r);
}

typedef struct {
  int reports;
  uint64_t last_nodes;
  double last_fraction;
  bool stop_after_first;
} Watch;

static void
watch_progress (const SummerParProgress *p, void *data)
{
  Watch *w = data;
  g_assert_cmpuint (p->nodes, >=, w->last_nodes);
  g_assert_cmpfloat (p->fraction, >=, w->last_fraction);
  g_assert_cmpfloat (p->fraction, <=, 1.0);
  g_assert_nonnull (p->stage);
  w->last_nodes = p->nodes;
  w->last_fraction = p->fraction;
  w->reports++;
}

static bool
watch_stop (void *data)
{
  const Watch *w = data;
  return w->stop_after_first && w->reports > 0;
}

/* Progress is reported as the search goes; a stop cuts it, says so, and
 * still gives a complete line. */
static void
test_progress_and_stop (void)
{
  SummerState s;
  play_to_round (&s, 51, 6);
  Watch w = { 0 };
  SummerParBudget budget = { .nodes = 400000, .progress = watch_progress, .progress_data = &w,
                             .stop = watch_stop, .stop_data = &w };
  SummerParResult r;
  g_autoptr (GError) error = NULL;
  g_assert_true (summer_par_solve (&s, &budget, &r, &error));
  g_assert_cmpint (w.reports, >, 1);
  g_assert_false (r.capped);
  g_assert_cmpint (replay_line (&s, &r), ==, r.score);
  summer_par_result_clear (&r);

  Watch w2 = { .stop_after_first = true };
  budget.progress_data = budget.stop_data = &w2;
  g_assert_true (summer_par_solve (&s, &budget, &r, &error));
  g_assert_true (r.capped);
  g_assert_false (r.proven);
  g_assert_cmpint (replay_line (&s, &r), ==, r.score);
  summer_par_result_clear (&r);
}

/* Not a solo game, or not a position of a game: an error, nothing else. */
static void
test_bad_input (void)
{
  SummerState s;
  new_game (&s, 2, 9);
  SummerParResult r;
  g_autoptr (GError) error = NULL;
  g_assert_false (summer_par_solve (&s, NULL, &r, &error));
  g_assert_error (error, SUMMER_ERROR, SUMMER_ERROR_SETUP);
  g_assert_null (r.line);
  g_clear_error (&error);

  new_game (&s, 1, 9);
  s.seat[0].path[1] = s.seat[0].path[0];   /* a Leaf tile twice, one missing */
  g_assert_false (summer_par_solve (&s, NULL, &r, &error));
  g_assert_error (error, SUMMER_ERROR, SUMMER_ERROR_SETUP);
  g_assert_null (r.line);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  load_components_or_die ();
  g_test_add_func ("/summer-par/fresh-deal-line", test_fresh_deal_line);
  g_test_add_func ("/summer-par/deterministic", test_deterministic);
  for (guint i = 0; i < G_N_ELEMENTS (small_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/summer-par/proven-matches-exhaustive/%" G_GUINT64_FORMAT,
                                               small_cases[i].seed);
      g_test_add_data_func (path, &small_cases[i], test_proven_matches_exhaustive);
    }
  g_test_add_func ("/summer-par/campaign-midgame", test_campaign_midgame);
  g_test_add_func ("/summer-par/end-phase-and-over", test_end_phase_and_over);
  g_test_add_func ("/summer-par/progress-and-stop", test_progress_and_stop);
  g_test_add_func ("/summer-par/bad-input", test_bad_input);
  return g_test_run ();
}
