/* test-analysis.c: the analysis of a finished game (issue 13, "Analysis"):
 * the engines' run over a game's turns (analysis.h, summer-analysis.h,
 * fall-analysis.h), what it must never see, its determinism and its stop;
 * the store's analyses (fol-saved-analysis.h), a damaged one included;
 * the model's runner in a worker thread (fol-analysis.h); and
 * foliage-cli analyse.  All at a small effort: 2 rollouts, Expert at 10%. */
#include <glib/gstdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "fall-ai.h"
#include "fall-analysis.h"
#include "fall-notation.h"
#include "fol-analysis.h"
#include "fol-fall-game.h"
#include "fol-saved-analysis.h"
#include "fol-summer-game.h"
#include "summer-analysis.h"
#include "store-test-util.h"
#include "summer-test-util.h"

static const FolAnalysisEffort small = { 2, 10 };

/* ---- games to analyse ---- */

/* Plays a whole Indian Summer game of @n_players with Normal in every seat;
 * returns its moves, the final position in @end. */
static GPtrArray *
play_summer (int n_players, uint64_t seed, SummerState *initial, SummerState *end)
{
  new_game (initial, n_players, seed);
  *end = *initial;
  GPtrArray *moves = g_ptr_array_new_with_free_func (g_free);
  FolRng rng;
  fol_rng_seed (&rng, seed * 7 + 1);
  while (!summer_is_over (end))
    {
      SummerMove m;
      g_assert_true (summer_ai_choose (end, FOL_AI_NORMAL, &rng, &m));
      g_ptr_array_add (moves, summer_move_format (end, &m));
      g_assert_true (summer_apply_move (end, &m, NULL, NULL));
      g_assert_cmpuint (moves->len, <, 2000);
    }
  return moves;
}

/* The same for Fall, Normal in both seats, each from its own view. */
static GPtrArray *
play_fall (uint64_t seed, FallState *initial, FallState *end)
{
  const FallComponents *comps = fall_components ();
  fall_state_init (initial, comps, seed, NULL);
  fall_state_copy (end, initial);
  g_autofree FallState *view = g_new (FallState, 1);
  GPtrArray *moves = g_ptr_array_new_with_free_func (g_free);
  FolRng rng;
  fol_rng_seed (&rng, seed);
  while (!fall_state_is_over (end))
    {
      fall_state_view (end, fall_state_current_seat (end), view);
      FallMove m;
      g_assert_true (fall_ai_choose (view, FOL_AI_NORMAL, &rng, &m));
      char buf[64];
      g_ptr_array_add (moves, g_strdup (fall_move_format (end, &m, buf, sizeof buf)));
      g_assert_true (fall_apply (end, &m, NULL));
    }
  return moves;
}

static FolAnalysisRun
small_run (uint64_t seed, uint32_t seats)
{
  return (FolAnalysisRun) { .effort = small, .seed = seed, .seats = seats };
}

static void
assert_analyses_equal (const FolGameAnalysis *a, const FolGameAnalysis *b)
{
  g_assert_cmpstr (a->kind, ==, b->kind);
  g_assert_cmpint (a->method, ==, b->method);
  g_assert_cmpuint (a->seed, ==, b->seed);
  g_assert_cmpint (a->effort.rollouts, ==, b->effort.rollouts);
  g_assert_cmpint (a->effort.expert_percent, ==, b->effort.expert_percent);
  g_assert_cmpuint (a->turns->len, ==, b->turns->len);
  for (guint i = 0; i < a->turns->len; i++)
    {
      const FolAnalysisTurn *s = fol_game_analysis_get_turn (a, i), *t = fol_game_analysis_get_turn (b, i);
      g_assert_cmpint (s->turn, ==, t->turn);
      g_assert_cmpint (s->seat, ==, t->seat);
      g_assert_cmpint (s->first_ply, ==, t->first_ply);
      g_assert_cmpint (s->last_ply, ==, t->last_ply);
      g_assert_true (g_strv_equal ((const char *const *) s->played, (const char *const *) t->played));
      g_assert_true (g_strv_equal ((const char *const *) s->suggested, (const char *const *) t->suggested));
      g_assert_cmpfloat (s->value_played, ==, t->value_played);
      g_assert_cmpfloat (s->value_suggested, ==, t->value_suggested);
      g_assert_cmpfloat (s->loss, ==, t->loss);
      g_assert_cmpfloat (s->std_error, ==, t->std_error);
    }
}

/* What holds for every analysed turn: the plies of the log in order, the
 * played moves the log's, the loss the difference of the values, a turn
 * Expert would have played the same costing exactly nothing. */
static void
check_turns (const FolGameAnalysis *a, GPtrArray *moves, uint32_t seats)
{
  int last = 0, last_turn = 0;
  for (guint i = 0; i < a->turns->len; i++)
    {
      const FolAnalysisTurn *t = fol_game_analysis_get_turn (a, i);
      g_assert_true (seats & (1u << t->seat));
      g_assert_cmpint (t->first_ply, >, last);
      g_assert_cmpint (t->turn, >, last_turn);
      g_assert_cmpint (t->last_ply, >=, t->first_ply);
      g_assert_cmpint (t->last_ply, <=, (int) moves->len);
      g_assert_cmpuint (g_strv_length (t->played), ==, t->last_ply - t->first_ply + 1);
      for (int k = 0; t->played[k]; k++)
        g_assert_cmpstr (t->played[k], ==, g_ptr_array_index (moves, t->first_ply - 1 + k));
      g_assert_cmpuint (g_strv_length (t->suggested), >=, 1);
      g_assert_cmpfloat_with_epsilon (t->loss, t->value_suggested - t->value_played, 1e-9);
      g_assert_cmpfloat (t->std_error, >=, 0);
      if (g_strv_equal ((const char *const *) t->played, (const char *const *) t->suggested))
        {
          g_assert_cmpfloat (t->loss, ==, 0);
          g_assert_cmpfloat (t->std_error, ==, 0);
        }
      last = t->last_ply;
      last_turn = t->turn;
    }
}

/* ---- the engines ---- */

/* Says "no choice" anywhere in every even-numbered turn. */
static bool
odd_turns_only (const void *state)
{
  return summer_analysis_game ()->turn_number (state) % 2 == 1;
}

/* A turn of forced moves only is not analysed (FolAnalysisGame's
 * has_choice): the Indian Summer adapter with has_choice answering no on
 * even turns analyses the odd turns only, the same ones as the full
 * analysis (same values: each turn is analysed alone), and the real
 * adapter says a fresh solo deal's first turn has a choice. */
static void
test_no_choice_not_analysed (void)
{
  SummerState initial, end;
  g_autoptr (GPtrArray) moves = play_summer (1, 4242, &initial, &end);
  FolAnalysisRun run = small_run (11, 1);
  g_autoptr (GError) error = NULL;
  g_assert_true (summer_analysis_game ()->has_choice (&initial));
  g_autoptr (FolGameAnalysis) all = fol_analyse_game (summer_analysis_game (), &initial,
                                                      (const char *const *) moves->pdata, (int) moves->len, &run,
                                                      &error);
  g_assert_no_error (error);
  FolAnalysisGame odd = *summer_analysis_game ();
  odd.has_choice = odd_turns_only;
  g_autoptr (FolGameAnalysis) some = fol_analyse_game (&odd, &initial, (const char *const *) moves->pdata,
                                                       (int) moves->len, &run, &error);
  g_assert_no_error (error);
  guint k = 0;
  for (guint i = 0; i < all->turns->len; i++)
    {
      const FolAnalysisTurn *t = fol_game_analysis_get_turn (all, i);
      if (t->turn % 2 == 0)
        continue;
      g_assert_cmpuint (k, <, some->turns->len);
      const FolAnalysisTurn *u = fol_game_analysis_get_turn (some, k++);
      g_assert_cmpint (u->turn, ==, t->turn);
      g_assert_cmpint (u->first_ply, ==, t->first_ply);
      g_assert_cmpfloat (u->loss, ==, t->loss);
    }
  g_assert_cmpuint (k, ==, some->turns->len);
  g_assert_cmpuint (some->turns->len, <, all->turns->len);
  int n = 0;
  fol_game_analysis_total_loss (some, 0, &n);
  g_assert_cmpint (n, ==, (int) some->turns->len);
}

/* A solo game: every turn analysed, the log covered without a gap, each
 * suggested turn legal from the turn's start and ending the turn there;
 * after the end phase the game is over, so its value is the real score. */
static void
test_summer_solo (void)
{
  SummerState initial, end;
  g_autoptr (GPtrArray) moves = play_summer (1, 4242, &initial, &end);
  FolAnalysisRun run = small_run (11, 1);
  g_autoptr (GError) error = NULL;
  g_autoptr (FolGameAnalysis) a = fol_analyse_game (summer_analysis_game (), &initial,
                                                    (const char *const *) moves->pdata, (int) moves->len, &run,
                                                    &error);
  g_assert_no_error (error);
  g_assert_cmpstr (a->kind, ==, "summer");
  g_assert_cmpint (a->method, ==, FOL_ANALYSIS_METHOD);
  check_turns (a, moves, 1);
  /* 10 turns and the end phase (or fewer turns when the floor filled early) */
  const FolAnalysisTurn *first = fol_game_analysis_get_turn (a, 0);
  const FolAnalysisTurn *final = fol_game_analysis_get_turn (a, a->turns->len - 1);
  g_assert_cmpint (first->first_ply, ==, 1);
  g_assert_cmpint (final->last_ply, ==, (int) moves->len);
  g_assert_cmpuint (a->turns->len, ==, (guint) end.turn);
  for (guint i = 1; i < a->turns->len; i++)
    g_assert_cmpint (fol_game_analysis_get_turn (a, i)->first_ply, ==,
                     fol_game_analysis_get_turn (a, i - 1)->last_ply + 1);
  g_assert_cmpfloat (final->value_played, ==, end.result[0].solo_score);
  g_assert_cmpfloat (final->std_error, ==, 0);

  /* each suggested turn from its start */
  SummerState s = initial;
  for (guint i = 0; i < a->turns->len; i++)
    {
      const FolAnalysisTurn *t = fol_game_analysis_get_turn (a, i);
      SummerMove ghost[FOL_ANALYSIS_MAX_TURN_MOVES];
      SummerState after;
      int n = 0;
      g_assert_true (summer_analysis_parse_turn (&s, (const char *const *) t->suggested, ghost,
                                                 G_N_ELEMENTS (ghost), &n, &after, &error));
      g_assert_no_error (error);
      g_assert_cmpint (n, ==, (int) g_strv_length (t->suggested));
      g_assert_true (after.turn == s.turn + 1);
      g_assert_true (summer_analysis_parse_turn (&s, (const char *const *) t->played, ghost, G_N_ELEMENTS (ghost),
                                                 &n, &s, &error));
    }
  g_assert_cmpuint (summer_state_hash (&s), ==, summer_state_hash (&end));
}

/* The numeric ranking score orders the seats of finished games exactly as
 * their ranks do (DECISIONS: Multiplayer, ranking). */
static void
test_rank_score (void)
{
  for (int g = 0; g < 12; g++)
    {
      SummerState initial, end;
      g_autoptr (GPtrArray) moves = play_summer (2 + g % 3, 500 + (uint64_t) g, &initial, &end);
      for (int i = 0; i < end.n_players; i++)
        for (int j = 0; j < end.n_players; j++)
          {
            const SummerSeatResult *a = &end.result[i], *b = &end.result[j];
            double sa = fol_analysis_summer_rank_score (a->full, a->nuts, a->berry, a->empty);
            double sb = fol_analysis_summer_rank_score (b->full, b->nuts, b->berry, b->empty);
            g_assert_cmpint (a->rank < b->rank, ==, sa > sb);
            g_assert_cmpint (a->rank == b->rank, ==, sa == sb);
          }
      /* and the margin is the seat's score less the best other one */
      double best_other = -G_MAXDOUBLE;
      for (int j = 1; j < end.n_players; j++)
        best_other = MAX (best_other, fol_analysis_summer_rank_score (end.result[j].full, end.result[j].nuts,
                                                                      end.result[j].berry, end.result[j].empty));
      const SummerSeatResult *r0 = &end.result[0];
      g_assert_cmpfloat (summer_analysis_margin (&end, 0), ==,
                         fol_analysis_summer_rank_score (r0->full, r0->nuts, r0->berry, r0->empty) - best_other);
    }
}

/* Two players, one seat analysed: only its turns; the same game, seed and
 * effort give the very same analysis. */
static void
test_summer_deterministic (void)
{
  SummerState initial, end;
  g_autoptr (GPtrArray) moves = play_summer (2, 77, &initial, &end);
  FolAnalysisRun run = small_run (5, 1u << 1);
  g_autoptr (GError) error = NULL;
  const FolAnalysisGame *game = summer_analysis_game ();
  g_autoptr (FolGameAnalysis) a = fol_analyse_game (game, &initial, (const char *const *) moves->pdata,
                                                    (int) moves->len, &run, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (a->turns->len, >=, 8);
  check_turns (a, moves, 1u << 1);
  for (guint i = 0; i < a->turns->len; i++)
    g_assert_cmpint (fol_game_analysis_get_turn (a, i)->turn % 2, ==, 0);
  g_autoptr (FolGameAnalysis) b = fol_analyse_game (game, &initial, (const char *const *) moves->pdata,
                                                    (int) moves->len, &run, &error);
  g_assert_no_error (error);
  assert_analyses_equal (a, b);
  g_autoptr (FolGameAnalysis) c = fol_game_analysis_copy (a);
  assert_analyses_equal (a, c);
}

/* Expert and the rollouts see only what the seat saw: a position that
 * differs from the real one only in the order of the face-down reserve
 * gives the same analysis of the turn (no tile of the reserve is drawn in
 * the turns of this test: the Common Path holds more than 7). */
static void
test_summer_no_peeking (void)
{
  SummerState initial, end;
  g_autoptr (GPtrArray) moves = play_summer (2, 31, &initial, &end);
  /* the first turn of seat 0 */
  SummerState s = initial;
  g_autoptr (GPtrArray) turn = g_ptr_array_new ();
  for (guint i = 0; i < moves->len; i++)
    {
      const char *text = g_ptr_array_index (moves, i);
      g_ptr_array_add (turn, (gpointer) text);
      SummerMove m;
      SummerMoveInfo info;
      g_assert_true (summer_move_parse (&s, text, &m, NULL) && summer_apply_move (&s, &m, &info, NULL));
      if (info.turn_ended)
        break;
    }
  g_ptr_array_add (turn, NULL);
  g_assert_cmpint (initial.reserve_len, >, 10);
  g_assert_cmpint (s.reserve_len, ==, initial.reserve_len);

  SummerState other = initial;
  FolRng rng;
  fol_rng_seed (&rng, 99);
  fol_rng_shuffle_u8 (&rng, other.reserve, other.reserve_len);
  g_assert_cmpint (memcmp (other.reserve, initial.reserve, initial.reserve_len), !=, 0);

  FolAnalysisRun run = small_run (3, 1);
  FolAnalysisTurn a, b;
  g_autoptr (GError) error = NULL;
  const FolAnalysisGame *game = summer_analysis_game ();
  g_assert_true (fol_analyse_turn (game, &initial, (const char *const *) turn->pdata, &run, &a, &error));
  g_assert_no_error (error);
  g_assert_true (fol_analyse_turn (game, &other, (const char *const *) turn->pdata, &run, &b, &error));
  g_assert_no_error (error);
  g_assert_true (g_strv_equal ((const char *const *) a.suggested, (const char *const *) b.suggested));
  g_assert_cmpfloat (a.value_played, ==, b.value_played);
  g_assert_cmpfloat (a.value_suggested, ==, b.value_suggested);
  g_assert_cmpfloat (a.std_error, ==, b.std_error);
  fol_analysis_turn_clear (&a);
  fol_analysis_turn_clear (&b);
}

/* Replays a Fall game's first @n moves. */
static void
fall_replay_n (FallState *s, const FallState *initial, GPtrArray *moves, guint n)
{
  fall_state_copy (s, initial);
  for (guint i = 0; i < n; i++)
    {
      FallMove m;
      g_assert_true (fall_move_parse (s->comps, g_ptr_array_index (moves, i), &m, NULL));
      g_assert_true (fall_apply (s, &m, NULL));
    }
}

/* A Fall game, seat 0: its turns only, covered in order, each suggested
 * turn legal from its start and ending the turn. */
static void
test_fall_game (void)
{
  g_autofree FallState *initial = g_new (FallState, 1);
  g_autofree FallState *end = g_new (FallState, 1);
  g_autofree FallState *s = g_new (FallState, 1);
  g_autofree FallState *after = g_new (FallState, 1);
  g_autoptr (GPtrArray) moves = play_fall (808, initial, end);
  FolAnalysisRun run = small_run (808, 1);
  g_autoptr (GError) error = NULL;
  g_autoptr (FolGameAnalysis) a = fol_analyse_game (fall_analysis_game (), initial,
                                                    (const char *const *) moves->pdata, (int) moves->len, &run,
                                                    &error);
  g_assert_no_error (error);
  g_assert_cmpstr (a->kind, ==, "fall");
  g_assert_cmpuint (a->turns->len, ==, 18);   /* 12 weeks, 3 turns each, half of them seat 0's */
  check_turns (a, moves, 1);
  for (guint i = 0; i < a->turns->len; i++)
    {
      const FolAnalysisTurn *t = fol_game_analysis_get_turn (a, i);
      fall_replay_n (s, initial, moves, (guint) t->first_ply - 1);
      g_assert_cmpint (fall_state_current_seat (s), ==, 0);
      FallMove ghost[FOL_ANALYSIS_MAX_TURN_MOVES];
      int n = 0;
      g_assert_true (fall_analysis_parse_turn (s, (const char *const *) t->suggested, ghost, G_N_ELEMENTS (ghost),
                                               &n, after, &error));
      g_assert_no_error (error);
      g_assert_cmpint (ghost[n - 1].kind, ==, FALL_MOVE_END);
      g_assert_true (fall_state_is_over (after) || fall_state_current_seat (after) == 1);
    }
}

/* Fall: Expert and the rollouts see the seat's view only: the opponent's
 * cards, the stacks and the bag changed (a turn that does not end a week)
 * give the same analysis of the turn. */
static void
test_fall_no_peeking (void)
{
  g_autofree FallState *initial = g_new (FallState, 1);
  g_autofree FallState *end = g_new (FallState, 1);
  g_autofree FallState *start = g_new (FallState, 1);
  g_autofree FallState *other = g_new (FallState, 1);
  g_autoptr (GPtrArray) moves = play_fall (1234, initial, end);
  /* the second turn of week 2 (ends no week) */
  guint first = 0;
  fall_state_copy (start, initial);
  while (!(start->week == 2 && start->turn == 1))
    fall_replay_n (start, initial, moves, ++first);
  g_autoptr (GPtrArray) turn = g_ptr_array_new ();
  for (guint i = first; i < moves->len; i++)
    {
      g_ptr_array_add (turn, g_ptr_array_index (moves, i));
      if (strcmp (g_ptr_array_index (moves, i), "E") == 0 || g_str_has_prefix (g_ptr_array_index (moves, i), "E-"))
        break;
    }
  g_ptr_array_add (turn, NULL);

  int me = fall_state_current_seat (start), opp = 1 - me;
  fall_state_copy (other, start);
  const FallComponents *comps = start->comps;
  for (int k = 0; k < FALL_N_CARD_KINDS; k++)
    for (int i = 0; i < 6; i++)
      {
        uint8_t c = comps->cards_of_kind[k][i];
        if (c != start->card[me][k] && c != start->card[opp][k])
          {
            other->card[opp][k] = c;
            break;
          }
      }
  FolRng rng;
  fol_rng_seed (&rng, 5);
  fol_rng_shuffle_u8 (&rng, other->bag, other->n_bag);
  /* the face-down tiles of the four stacks, dealt again in another order */
  uint8_t tiles[FALL_N_STACKS * FALL_STACK_MAX];
  int n = 0;
  for (int st = 0; st < FALL_N_STACKS; st++)
    for (int i = 0; i < other->n_stack[st]; i++)
      tiles[n++] = other->stack[st][i];
  fol_rng_shuffle_u8 (&rng, tiles, (size_t) n);
  n = 0;
  for (int st = 0; st < FALL_N_STACKS; st++)
    for (int i = 0; i < other->n_stack[st]; i++)
      other->stack[st][i] = tiles[n++];
  g_assert_cmpuint (fall_state_hash (other), !=, fall_state_hash (start));
  g_autofree char *invariant = fall_state_check_invariants (other);
  g_assert_null (invariant);

  FolAnalysisRun run = small_run (9, 1u << me);
  FolAnalysisTurn a, b;
  g_autoptr (GError) error = NULL;
  const FolAnalysisGame *game = fall_analysis_game ();
  g_assert_true (fol_analyse_turn (game, start, (const char *const *) turn->pdata, &run, &a, &error));
  g_assert_no_error (error);
  g_assert_true (fol_analyse_turn (game, other, (const char *const *) turn->pdata, &run, &b, &error));
  g_assert_no_error (error);
  g_assert_true (g_strv_equal ((const char *const *) a.suggested, (const char *const *) b.suggested));
  g_assert_cmpfloat (a.value_played, ==, b.value_played);
  g_assert_cmpfloat (a.value_suggested, ==, b.value_suggested);
  fol_analysis_turn_clear (&a);
  fol_analysis_turn_clear (&b);
}

typedef struct {
  int calls;
  int stop_after;
} StopCount;

static bool
stop_after (void *data)
{
  StopCount *c = data;
  return ++c->calls > c->stop_after;
}

/* A run stops when asked, mid-turn; a move the rules refuse and a game
 * that does not replay to its hash are refused, naming why. */
static void
test_stop_and_refusals (void)
{
  SummerState initial, end;
  g_autoptr (GPtrArray) moves = play_summer (1, 9, &initial, &end);
  const FolAnalysisGame *game = summer_analysis_game ();
  g_autoptr (GError) error = NULL;

  StopCount count = { 0, 5 };
  FolAnalysisRun run = small_run (1, 1);
  run.stop = stop_after;
  run.stop_data = &count;
  g_assert_null (fol_analyse_game (game, &initial, (const char *const *) moves->pdata, (int) moves->len, &run,
                                   &error));
  g_assert_error (error, FOL_ANALYSIS_ERROR, FOL_ANALYSIS_ERROR_STOPPED);
  g_assert_cmpint (count.calls, >, 5);
  g_clear_error (&error);

  run = small_run (1, 1);
  run.check_hash = true;
  run.final_hash = summer_state_hash (&end) ^ 1;
  g_assert_null (fol_analyse_game (game, &initial, (const char *const *) moves->pdata, (int) moves->len, &run,
                                   &error));
  g_assert_error (error, FOL_ANALYSIS_ERROR, FOL_ANALYSIS_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "hash"));
  g_clear_error (&error);

  /* move 3 replaced by text that is no move */
  g_free (g_ptr_array_index (moves, 2));
  g_ptr_array_index (moves, 2) = g_strdup ("Q z9");
  g_assert_null (fol_analyse_game (game, &initial, (const char *const *) moves->pdata, (int) moves->len, &run,
                                   &error));
  g_assert_error (error, FOL_ANALYSIS_ERROR, FOL_ANALYSIS_ERROR_INVALID);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "move 3"));
}

/* The summary: each seat's total loss, its worst turns largest first
 * (the earlier of equal ones first, only turns that cost something). */
static void
test_summary (void)
{
  const FolAnalysisEffort effort = { 4, 100 };
  g_autoptr (FolGameAnalysis) a = fol_game_analysis_new ("summer", 1, &effort);
  const double losses[] = { 1.5, -2.0, 3.0, 0.0, 3.0, 0.5 };
  const char *one[] = { "end", NULL };
  for (int i = 0; i < (int) G_N_ELEMENTS (losses); i++)
    {
      FolAnalysisTurn t = { i + 1, i % 2, i + 1, i + 1, g_strdupv ((char **) one), g_strdupv ((char **) one),
                            0, losses[i], losses[i], 0 };
      fol_game_analysis_add_turn (a, &t);
    }
  int n = 0;
  g_assert_cmpfloat (fol_game_analysis_total_loss (a, -1, &n), ==, 6.0);
  g_assert_cmpint (n, ==, 6);
  g_assert_cmpfloat (fol_game_analysis_total_loss (a, 0, &n), ==, 7.5);
  g_assert_cmpint (n, ==, 3);
  guint worst[4];
  g_assert_cmpint (fol_game_analysis_worst_turns (a, -1, 4, worst), ==, 4);
  g_assert_cmpuint (worst[0], ==, 2);
  g_assert_cmpuint (worst[1], ==, 4);
  g_assert_cmpuint (worst[2], ==, 0);
  g_assert_cmpuint (worst[3], ==, 5);
  g_assert_cmpint (fol_game_analysis_worst_turns (a, 1, 4, worst), ==, 1);
  g_assert_cmpuint (worst[0], ==, 5);
  g_assert_cmpint (fol_game_analysis_worst_turns (a, 0, 2, worst), ==, 2);
  g_assert_cmpuint (worst[0], ==, 2);
  g_assert_cmpuint (worst[1], ==, 4);
}

/* ---- the store and the model ---- */

typedef StoreFixture Fixture;

/* Plays @game to its end with the Normal level in every seat (a person's
 * moves too); returns @game. */
static FolGame *
play_to_end (FolGame *game)
{
  g_autoptr (GError) error = NULL;
  while (!fol_game_get_is_over (game))
    {
      g_autofree char *move = fol_game_choose_move (game, FOL_AI_NORMAL);
      g_assert_true (fol_game_apply_move (game, move, &error));
      g_assert_no_error (error);
    }
  return game;
}

/* A finished solo game of Ann's, saved: played by the Normal level for her. */
static FolGame *
finished_solo (Fixture *f, uint64_t seed)
{
  g_autoptr (GError) error = NULL;
  SummerSetup setup;
  summer_setup_init (&setup, 1, seed);
  g_autoptr (FolPlayer) ann = fol_player_new ("Ann", TRUE, 0);
  FolPlayer *players[] = { ann };
  FolGame *game = FOL_GAME (fol_summer_game_new (&setup, players, f->store, &error));
  g_assert_no_error (error);
  return play_to_end (game);
}

/* A finished Fall game between Ann and a Normal computer, saved. */
static FolGame *
finished_fall (Fixture *f, uint64_t seed)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (FolPlayer) ann = fol_player_new ("Ann", TRUE, 0);
  g_autoptr (FolPlayer) aspen = fol_player_new ("Aspen", FALSE, FOL_AI_NORMAL);
  FolPlayer *players[] = { ann, aspen };
  FolGame *game = FOL_GAME (fol_fall_game_new (seed, NULL, players, f->store, &error));
  g_assert_no_error (error);
  return play_to_end (game);
}

/* The analysis of a saved game made through the model, synchronously. */
static FolGameAnalysis *
analyse_now (FolGame *game)
{
  g_autoptr (FolAnalysis) analysis = fol_analysis_new (game);
  fol_analysis_set_effort (analysis, &small);
  g_autoptr (GError) error = NULL;
  g_assert_true (fol_analysis_run (analysis, NULL, &error));
  g_assert_no_error (error);
  return fol_game_analysis_copy (fol_analysis_get_result (analysis));
}

/* Saved and read back whole, for both games; another method is not read;
 * a game changed since is not read; a wrong kind or a turn outside the
 * game is refused; deleting the game deletes its analysis. */
static void
test_store_save_reload (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (FolGame) solo = finished_solo (f, 321);
  g_autoptr (FolGame) fall = finished_fall (f, 322);
  gint64 solo_id = fol_game_get_store_id (solo), fall_id = fol_game_get_store_id (fall);
  g_autoptr (FolGameAnalysis) a = analyse_now (solo);
  g_autoptr (FolGameAnalysis) b = analyse_now (fall);
  g_assert_cmpuint (b->turns->len, ==, 18);      /* Ann's turns only */

  /* fol_analysis_run stored both */
  g_autoptr (FolGameAnalysis) a2 = fol_store_load_analysis (f->store, solo_id, FOL_ANALYSIS_METHOD, &error);
  g_assert_no_error (error);
  assert_analyses_equal (a, a2);
  g_autoptr (FolGameAnalysis) b2 = fol_store_load_analysis (f->store, fall_id, FOL_ANALYSIS_METHOD, &error);
  g_assert_no_error (error);
  assert_analyses_equal (b, b2);
  /* and after the store is opened again */
  g_clear_object (&f->store);
  f->store = fol_store_new (f->path, &error);
  g_assert_no_error (error);
  g_autoptr (FolGameAnalysis) a3 = fol_store_load_analysis (f->store, solo_id, FOL_ANALYSIS_METHOD, &error);
  g_assert_no_error (error);
  assert_analyses_equal (a, a3);

  g_assert_null (fol_store_load_analysis (f->store, solo_id, FOL_ANALYSIS_METHOD + 1, &error));
  g_assert_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_assert_null (fol_store_load_analysis (f->store, 999, FOL_ANALYSIS_METHOD, &error));
  g_assert_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);

  g_assert_false (fol_store_save_analysis (f->store, fall_id, a, &error));
  g_assert_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_INVALID);
  g_clear_error (&error);
  g_autoptr (FolGameAnalysis) bad = fol_game_analysis_copy (b);
  g_array_index (bad->turns, FolAnalysisTurn, 0).seat = 2;
  g_assert_false (fol_store_save_analysis (f->store, fall_id, bad, &error));
  g_assert_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_INVALID);
  g_clear_error (&error);
  g_autoptr (FolGameAnalysis) late = fol_game_analysis_copy (b);
  g_array_index (late->turns, FolAnalysisTurn, late->turns->len - 1).last_ply = 10000;
  g_assert_false (fol_store_save_analysis (f->store, fall_id, late, &error));
  g_assert_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (fol_store_save_analysis (f->store, 999, b, &error));
  g_assert_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);

  /* the game changed since (another hash): not read */
  g_autofree char *change = g_strdup_printf ("UPDATE games SET hash = '0000000000005eed' WHERE id = %"
                                             G_GINT64_FORMAT, solo_id);
  store_test_exec (f->path, change);
  g_assert_null (fol_store_load_analysis (f->store, solo_id, FOL_ANALYSIS_METHOD, &error));
  g_assert_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, "changed"));
  g_clear_error (&error);

  g_assert_cmpint (store_test_query (f->path, "SELECT count(*) FROM analyses"), ==, 2);
  g_assert_true (fol_store_delete_game (f->store, fall_id, &error));
  g_assert_cmpint (store_test_query (f->path, "SELECT count(*) FROM analyses"), ==, 1);
}

/* A damaged analysis row never keeps its game from loading: the analysis
 * says what is wrong (naming the field), the game loads and replays as
 * before, its row untouched, and a new analysis replaces the damaged one. */
static void
test_store_corrupt (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (FolGame) game = finished_solo (f, 77);
  gint64 id = fol_game_get_store_id (game);
  g_autoptr (FolGameAnalysis) a = analyse_now (game);
  guint64 hash = fol_game_get_hash (game);
  const struct {
    const char *sql;
    const char *field;
  } damages[] = {
    { "UPDATE analyses SET turns = '[(1, 0, 1' WHERE game_id = 1", "analyses.turns" },
    { "UPDATE analyses SET turns = '[(1, 0, 1, 2, [''end''], [''end''], 1.0, 2.0, 3.0)]' WHERE game_id = 1",
      "analyses.turns" },
    { "UPDATE analyses SET turns = '[(1, 5, 1, 2, [''end''], [''end''], 1.0, 1.0, 0.0, 0.0)]' WHERE game_id = 1",
      "analyses.turns" },
    { "UPDATE analyses SET turns = X'00ff' WHERE game_id = 1", "analyses.turns" },
    { "UPDATE analyses SET rollouts = 0 WHERE game_id = 1", "analyses.rollouts" },
    { "UPDATE analyses SET seed = 'many' WHERE game_id = 1", "analyses.seed" },
  };
  for (guint i = 0; i < G_N_ELEMENTS (damages); i++)
    {
      g_assert_true (fol_store_save_analysis (f->store, id, a, &error));
      g_assert_no_error (error);
      store_test_exec (f->path, damages[i].sql);
      g_autoptr (FolAnalysis) analysis = fol_analysis_new (game);
      g_assert_false (fol_analysis_load (analysis, &error));
      g_assert_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_CORRUPT);
      g_test_message ("%s", error->message);
      g_assert_nonnull (strstr (error->message, damages[i].field));
      g_assert_null (fol_analysis_get_result (analysis));
      g_clear_error (&error);
      /* the game itself */
      g_autoptr (FolSummerGame) again = fol_summer_game_load (f->store, id, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (fol_game_get_hash (FOL_GAME (again)), ==, hash);
      g_assert_true (fol_game_get_is_over (FOL_GAME (again)));
      g_autoptr (FolSavedGame) saved = fol_store_load_game (f->store, id, &error);
      g_assert_no_error (error);
      g_assert_cmpint (saved->status, ==, FOL_STORE_STATUS_FINISHED);
      g_assert_cmpint (fol_saved_game_get_n_moves (saved), ==, (int) fol_game_get_n_moves (game));
    }
  /* a new analysis replaces the damaged row */
  g_autoptr (FolGameAnalysis) b = analyse_now (game);
  g_autoptr (FolAnalysis) analysis = fol_analysis_new (game);
  g_assert_true (fol_analysis_load (analysis, &error));
  g_assert_no_error (error);
  assert_analyses_equal (b, fol_analysis_get_result (analysis));
  g_assert_cmpint (store_test_query (f->path, "SELECT count(*) FROM analyses"), ==, 1);
}

typedef struct {
  GThread *main_thread;
  gboolean done;
  gboolean ok;
  GError *error;
  guint notifies;
  guint last_done;
  gboolean monotonic;
} Watch;

static void
on_turns_done (FolAnalysis *analysis, GParamSpec *pspec, Watch *w)
{
  /* progress is told in the main context's thread, never the worker's */
  g_assert_true (g_thread_self () == w->main_thread);
  guint done = fol_analysis_get_turns_done (analysis);
  if (done < w->last_done)
    w->monotonic = FALSE;
  w->last_done = done;
  w->notifies++;
}

static void
on_run_done (GObject *source, GAsyncResult *result, gpointer data)
{
  Watch *w = data;
  w->ok = fol_analysis_run_finish (FOL_ANALYSIS (source), result, &w->error);
  w->done = TRUE;
}

static void
wait_for (Watch *w)
{
  while (!w->done)
    g_main_context_iteration (NULL, TRUE);
}

/* In a worker thread: the call returns at once, running; the progress
 * comes in the main thread, turn by turn, to all of them; at the end the
 * result is there and stored, and a new FolAnalysis of the game loads it
 * without computing. */
static void
test_model_async (Fixture *f, gconstpointer data)
{
  g_autoptr (FolGame) game = finished_solo (f, 55);
  g_autoptr (FolAnalysis) analysis = fol_analysis_new (game);
  g_assert_cmpuint (fol_analysis_get_seats (analysis), ==, 1);
  fol_analysis_set_effort (analysis, &small);
  Watch w = { g_thread_self (), .monotonic = TRUE };
  g_signal_connect (analysis, "notify::turns-done", G_CALLBACK (on_turns_done), &w);
  fol_analysis_run_async (analysis, NULL, on_run_done, &w);
  g_assert_true (fol_analysis_get_running (analysis));
  g_assert_cmpuint (fol_analysis_get_turns_done (analysis), ==, 0);
  g_assert_null (fol_analysis_get_result (analysis));
  /* a second run while one is under way is refused */
  Watch w2 = { g_thread_self () };
  fol_analysis_run_async (analysis, NULL, on_run_done, &w2);
  wait_for (&w2);
  g_assert_false (w2.ok);
  g_assert_error (w2.error, G_IO_ERROR, G_IO_ERROR_PENDING);
  g_clear_error (&w2.error);

  wait_for (&w);
  g_assert_no_error (w.error);
  g_assert_true (w.ok);
  g_assert_false (fol_analysis_get_running (analysis));
  const FolGameAnalysis *a = fol_analysis_get_result (analysis);
  g_assert_nonnull (a);
  g_assert_cmpuint (fol_analysis_get_n_turns (analysis), ==, a->turns->len);
  g_assert_cmpuint (fol_analysis_get_turns_done (analysis), ==, a->turns->len);
  g_assert_cmpfloat (fol_analysis_get_fraction (analysis), ==, 1.0);
  g_assert_cmpuint (w.notifies, ==, a->turns->len);
  g_assert_true (w.monotonic);
  g_assert_cmpuint (a->seed, ==, fol_game_get_seed (game));

  /* the worker's result is the engine's for the same game */
  g_autoptr (FolGameAnalysis) sync = analyse_now (game);
  assert_analyses_equal (a, sync);

  g_autoptr (FolAnalysis) reopened = fol_analysis_new (game);
  g_autoptr (GError) error = NULL;
  g_assert_true (fol_analysis_load (reopened, &error));
  g_assert_no_error (error);
  assert_analyses_equal (a, fol_analysis_get_result (reopened));
}

/* A cancelled run ends with G_IO_ERROR_CANCELLED, not running, with no
 * result and nothing stored; a game not saved is analysed in memory. */
static void
test_model_cancel (Fixture *f, gconstpointer data)
{
  g_autoptr (FolGame) game = finished_solo (f, 56);
  g_autoptr (FolAnalysis) analysis = fol_analysis_new (game);
  fol_analysis_set_effort (analysis, &small);
  g_autoptr (GCancellable) cancel = g_cancellable_new ();
  g_cancellable_cancel (cancel);
  Watch w = { g_thread_self () };
  fol_analysis_run_async (analysis, cancel, on_run_done, &w);
  wait_for (&w);
  g_assert_false (w.ok);
  g_assert_error (w.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&w.error);
  g_assert_false (fol_analysis_get_running (analysis));
  g_assert_null (fol_analysis_get_result (analysis));
  g_assert_cmpint (store_test_query (f->path, "SELECT count(*) FROM analyses"), ==, 0);
  g_autoptr (GError) error = NULL;
  g_assert_false (fol_analysis_load (analysis, &error));
  g_assert_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);

  /* the same game in memory only: a game of two computers, every seat */
  SummerSetup setup;
  summer_setup_init (&setup, 2, 57);
  g_autoptr (FolPlayer) a = fol_player_new ("Hazel", FALSE, FOL_AI_NORMAL);
  g_autoptr (FolPlayer) b = fol_player_new ("Rowan", FALSE, FOL_AI_NORMAL);
  FolPlayer *players[] = { a, b };
  g_autoptr (FolSummerGame) free_game = fol_summer_game_new (&setup, players, NULL, &error);
  g_assert_no_error (error);
  g_autoptr (FolAnalysis) in_memory = fol_analysis_new (FOL_GAME (free_game));
  g_assert_cmpuint (fol_analysis_get_seats (in_memory), ==, 3);
  g_assert_false (fol_analysis_load (in_memory, &error));
  g_assert_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_NOT_FOUND);
}

/* ---- foliage-cli analyse ---- */

static char *
run_cli (const char *const *args, int expect_status)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_ptr_array_add (argv, (gpointer) FOLIAGE_CLI);
  g_ptr_array_add (argv, (gpointer) "analyse");
  for (int i = 0; args[i]; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  char *out = NULL;
  g_autofree char *err = NULL;
  int status = 0;
  g_autoptr (GError) error = NULL;
  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, &status,
                               &error));
  g_assert_no_error (error);
  if (err && *err)
    g_test_message ("stderr: %s", err);
  g_assert_cmpint (WIFEXITED (status) ? WEXITSTATUS (status) : -1, ==, expect_status);
  return out;
}

/* The text: one line per turn in the promised form, the same turns as
 * the engine's run at the same settings; --json: one JSON object with the
 * same; a saved game by its id, stored afterwards; bad usage refused. */
static void
test_cli (Fixture *f, gconstpointer data)
{
  g_autofree FallState *initial = g_new (FallState, 1);
  g_autofree FallState *end = g_new (FallState, 1);
  g_autoptr (GPtrArray) moves = play_fall (2024, initial, end);
  g_autoptr (GArray) fmoves = g_array_new (FALSE, FALSE, sizeof (FallMove));
  for (guint i = 0; i < moves->len; i++)
    {
      FallMove m;
      g_assert_true (fall_move_parse (initial->comps, g_ptr_array_index (moves, i), &m, NULL));
      g_array_append_val (fmoves, m);
    }
  const FallOptions opts = { initial->side, initial->first_player };
  g_autofree char *record = fall_record_format (2024, &opts, end, (const FallMove *) fmoves->data,
                                                (int) fmoves->len);
  g_autofree char *path = g_build_filename (f->dir, "fall.txt", NULL);
  g_assert_true (g_file_set_contents (path, record, -1, NULL));

  FolAnalysisRun run = small_run (2024, 1u << 1);
  g_autoptr (GError) error = NULL;
  g_autoptr (FolGameAnalysis) a = fall_analyse_record (record, &run, &error);
  g_assert_no_error (error);

  const char *text_args[] = { path, "--rollouts", "2", "--effort", "10", "--seat", "2", NULL };
  g_autofree char *text = run_cli (text_args, 0);
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  g_autoptr (GRegex) re = g_regex_new ("^Turn (\\d+) \\(ply (\\d+)-(\\d+)\\): played .+, Expert .+, "
                                       "loss (-?\\d+\\.\\d) ± (\\d+\\.\\d) points$", 0, 0, NULL);
  for (guint i = 0; i < a->turns->len; i++)
    {
      const FolAnalysisTurn *t = fol_game_analysis_get_turn (a, i);
      g_autoptr (GMatchInfo) mi = NULL;
      g_assert_nonnull (lines[i]);
      g_assert_true (g_regex_match (re, lines[i], 0, &mi));
      g_autofree char *turn = g_match_info_fetch (mi, 1);
      g_autofree char *first = g_match_info_fetch (mi, 2);
      g_autofree char *loss = g_match_info_fetch (mi, 4);
      g_assert_cmpint (atoi (turn), ==, t->turn);
      g_assert_cmpint (atoi (first), ==, t->first_ply);
      char expect[G_ASCII_DTOSTR_BUF_SIZE];
      g_ascii_formatd (expect, sizeof expect, "%.1f", t->loss);
      g_assert_cmpstr (strcmp (expect, "-0.0") == 0 ? "0.0" : expect, ==, loss);
    }
  g_assert_true (g_str_has_prefix (lines[a->turns->len], "Seat 2: total loss "));

  const char *json_args[] = { path, "-r", "2", "-e", "10", "--seat", "2", "--json", NULL };
  g_autofree char *json = run_cli (json_args, 0);
  g_assert_true (g_str_has_prefix (json, "{\n  \"game\": \"fall\","));
  g_assert_true (g_str_has_suffix (json, "\n  ]\n}\n"));
  g_assert_nonnull (strstr (json, "\"rollouts\": 2,"));
  /* the seat's turns with a choice (a Fall player has 18 turns in all) */
  g_autofree char *seats = g_strdup_printf ("\"seats\": [\n    {\"seat\": 2, \"name\": \"Seat 2\", \"turns\": %u,",
                                            a->turns->len);
  g_assert_nonnull (strstr (json, seats));
  g_autofree char *turn1 = g_strdup_printf ("{\"turn\": %d, \"seat\": 2, \"first_ply\": %d, \"last_ply\": %d, "
                                            "\"played\": [\"%s\"",
                                            fol_game_analysis_get_turn (a, 0)->turn,
                                            fol_game_analysis_get_turn (a, 0)->first_ply,
                                            fol_game_analysis_get_turn (a, 0)->last_ply,
                                            fol_game_analysis_get_turn (a, 0)->played[0]);
  g_assert_nonnull (strstr (json, turn1));

  /* a saved game by its id: analysed and stored */
  g_autoptr (FolGame) solo = finished_solo (f, 58);
  g_autofree char *id = g_strdup_printf ("%" G_GINT64_FORMAT, fol_game_get_store_id (solo));
  const char *id_args[] = { "--db", f->path, id, "-r", "2", "-e", "10", NULL };
  g_autofree char *by_id = run_cli (id_args, 0);
  g_assert_true (g_str_has_prefix (by_id, "Turn 1 (ply 1-"));
  g_assert_nonnull (strstr (by_id, "\nAnn: total loss "));
  g_autoptr (FolGameAnalysis) stored = fol_store_load_analysis (f->store, fol_game_get_store_id (solo),
                                                                FOL_ANALYSIS_METHOD, &error);
  g_assert_no_error (error);
  g_assert_cmpint (stored->effort.rollouts, ==, 2);

  const char *bad_rollouts[] = { path, "--rollouts", "1", NULL };
  g_free (run_cli (bad_rollouts, 2));
  const char *bad_seat[] = { path, "--seat", "0", NULL };
  g_free (run_cli (bad_seat, 2));
  const char *no_such_seat[] = { path, "--seat", "3", "-r", "2", NULL };
  g_free (run_cli (no_such_seat, 1));
  const char *missing[] = { "/nonexistent/record.txt", NULL };
  g_free (run_cli (missing, 1));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  load_components_or_die ();
  g_test_add_func ("/analysis/summer/solo", test_summer_solo);
  g_test_add_func ("/analysis/no-choice-not-analysed", test_no_choice_not_analysed);
  g_test_add_func ("/analysis/summer/rank-score", test_rank_score);
  g_test_add_func ("/analysis/summer/deterministic", test_summer_deterministic);
  g_test_add_func ("/analysis/summer/no-peeking", test_summer_no_peeking);
  g_test_add_func ("/analysis/fall/game", test_fall_game);
  g_test_add_func ("/analysis/fall/no-peeking", test_fall_no_peeking);
  g_test_add_func ("/analysis/stop-and-refusals", test_stop_and_refusals);
  g_test_add_func ("/analysis/summary", test_summary);
#define ADD(path, fn) g_test_add (path, Fixture, NULL, store_test_fixture_set_up, fn, store_test_fixture_tear_down)
  ADD ("/analysis/store/save-reload", test_store_save_reload);
  ADD ("/analysis/store/corrupt-row", test_store_corrupt);
  ADD ("/analysis/model/async", test_model_async);
  ADD ("/analysis/model/cancel", test_model_cancel);
  ADD ("/analysis/cli", test_cli);
#undef ADD
  return g_test_run ();
}
