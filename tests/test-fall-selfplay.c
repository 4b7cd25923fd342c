/* test-fall-selfplay.c: whole games between the computer players with the
 * invariants checked after every move, and the computer players deciding
 * from their view only (src/engine/fall/fall-ai.c). */
#include "fall-test-util.h"

#include <inttypes.h>

typedef struct {
  int games, finished, moves, turns, wins[2], shared;
  int max_held_at_turn_end;
  int discarded_tiles, toads_boxed;
} Stats;

/* The invariants of issue 3, after every move. */
static void
check (const FallState *s, uint64_t seed, int move)
{
  char *problem = fall_state_check_invariants (s);
  if (problem)
    g_error ("seed %" PRIu64 " move %d: %s", seed, move, problem);
  for (int i = 0; i < s->n_cells; i++)
    {
      const FallCell *c = &s->cell[i];
      g_assert_cmpint (c->height, <=, 3);
      if (c->q == 0 && c->r == 0)
        {
          /* nothing on the starting tile */
          g_assert_cmpint (c->height, ==, 1);
          g_assert_cmpint (c->tile[0], ==, FALL_START_TILE);
          g_assert_cmpint (c->token, ==, FALL_NO_TOKEN);
        }
    }
}

static void
play_one (uint64_t seed, const FallAiLevel ai[2], Stats *st)
{
  static FallState s, view;
  fall_state_init (&s, C, seed, NULL);
  FolRng rng[2];
  fol_rng_seed (&rng[0], seed * 2 + 1);
  fol_rng_seed (&rng[1], seed * 2 + 2);
  check (&s, seed, 0);
  int move = 0;
  while (!fall_state_is_over (&s))
    {
      int seat = fall_state_current_seat (&s);
      fall_state_view (&s, seat, &view);
      FallMove m;
      g_assert_true (fall_ai_choose (&view, ai[seat], &rng[seat], &m));
      const char *reason = NULL;
      if (!fall_apply (&s, &m, &reason))
        {
          char buf[32];
          g_error ("seed %" PRIu64 ": %s refused: %s", seed, fall_move_format (&s, &m, buf, sizeof buf), reason);
        }
      move++;
      check (&s, seed, move);
      if (m.kind == FALL_MOVE_END)
        {
          int held = 0;
          for (int k = 0; k < FALL_N_TOKEN_KINDS; k++)
            held += s.held[seat][k];
          g_assert_cmpint (held, <=, 2);
          g_assert_cmpint (s.held[seat][FALL_TOAD], ==, 0);
          st->max_held_at_turn_end = MAX (st->max_held_at_turn_end, held);
          st->turns++;
        }
      g_assert_cmpint (move, <, 2000);
    }
  g_assert_cmpint (s.tiles_offered, ==, 48);
  g_assert_cmpint (s.n_placed + s.n_discarded_tiles, ==, 48);
  g_assert_cmpint (s.week, ==, 12);
  st->games++;
  st->finished++;
  st->moves += move;
  st->discarded_tiles += s.n_discarded_tiles;
  st->toads_boxed += s.boxed[FALL_TOAD];
  FallScore sc[2];
  int w = fall_result (&s, sc);
  if (w < 0)
    st->shared++;
  else
    st->wins[w]++;
}

static void
test_random_selfplay (void)
{
  Stats st = { 0 };
  const FallAiLevel ai[2] = { FOL_AI_RANDOM, FOL_AI_RANDOM };
  int n = 2000;
  for (int i = 0; i < n; i++)
    play_one (1000 + (uint64_t) i, ai, &st);
  g_assert_cmpint (st.finished, ==, n);
  /* 12 weeks x 3 turns */
  g_assert_cmpint (st.turns, ==, 36 * n);
  g_assert_cmpint (st.max_held_at_turn_end, ==, 2);
  g_test_message ("%d games, %d moves, %d/%d/%d wins, %d tiles discarded, %d Toads boxed", st.games, st.moves,
                  st.wins[0], st.wins[1], st.shared, st.discarded_tiles, st.toads_boxed);
}

static void
test_greedy_beats_random (void)
{
  Stats st = { 0 };
  const FallAiLevel ai[2] = { FOL_AI_GREEDY, FOL_AI_RANDOM };
  for (int i = 0; i < 30; i++)
    play_one (5000 + (uint64_t) i, ai, &st);
  const FallAiLevel ai2[2] = { FOL_AI_RANDOM, FOL_AI_GREEDY };
  Stats st2 = { 0 };
  for (int i = 0; i < 30; i++)
    play_one (6000 + (uint64_t) i, ai2, &st2);
  g_test_message ("greedy as seat 0: %d of 30; as seat 1: %d of 30", st.wins[0], st2.wins[1]);
  g_assert_cmpint (st.wins[0], >=, 25);
  g_assert_cmpint (st2.wins[1], >=, 25);
  Stats st3 = { 0 };
  const FallAiLevel gg[2] = { FOL_AI_GREEDY, FOL_AI_GREEDY };
  for (int i = 0; i < 10; i++)
    play_one (7000 + (uint64_t) i, gg, &st3);
  g_assert_cmpint (st3.finished, ==, 10);
}

/* The same game position with other hidden information: the opponent's
 * cards, the bag order, the order of the face-down tiles. */
static void
scramble_hidden (const FallState *s, int seat, uint64_t salt, FallState *out)
{
  fall_state_copy (out, s);
  FolRng rng;
  fol_rng_seed (&rng, salt);
  fol_rng_shuffle_u8 (&rng, out->bag, out->n_bag);
  uint8_t all[FALL_N_LEAF_TILES];
  int n = 0;
  for (int st = 0; st < FALL_N_STACKS; st++)
    for (int i = 0; i < out->n_stack[st]; i++)
      all[n++] = out->stack[st][i];
  fol_rng_shuffle_u8 (&rng, all, (size_t) n);
  n = 0;
  for (int st = 0; st < FALL_N_STACKS; st++)
    for (int i = 0; i < out->n_stack[st]; i++)
      out->stack[st][i] = all[n++];
  for (int k = 0; k < FALL_N_CARD_KINDS; k++)
    {
      /* any card of the kind that the seat itself does not hold */
      uint8_t pick;
      do
        pick = C->cards_of_kind[k][fol_rng_below (&rng, 6)];
      while (pick == out->card[seat][k]);
      out->card[1 - seat][k] = pick;
    }
  out->rng.s[0] ^= salt;
}

static void
test_choice_ignores_hidden_information (void)
{
  static FallState s, other, v1, v2;
  int decisions = 0, changed = 0;
  for (uint64_t seed = 1; seed <= 12; seed++)
    {
      fall_state_init (&s, C, seed, NULL);
      FolRng game_rng;
      fol_rng_seed (&game_rng, seed);
      while (!fall_state_is_over (&s))
        {
          int seat = fall_state_current_seat (&s);
          scramble_hidden (&s, seat, seed * 1000 + (uint64_t) decisions, &other);
          changed += fall_state_hash (&other) != fall_state_hash (&s);
          fall_state_view (&s, seat, &v1);
          fall_state_view (&other, seat, &v2);
          g_assert_cmphex (fall_state_hash (&v1), ==, fall_state_hash (&v2));
          for (int level = 0; level < FOL_N_AI_LEVELS; level++)
            {
              /* the searching levels at a quarter of their effort, on every
               * sixth decision (test-fall-ai covers them further) */
              bool strong = level == FOL_AI_HARD || level == FOL_AI_EXPERT;
              if (strong && decisions % 6 != 0)
                continue;
              FolAiSearch e1 = { .effort_percent = strong ? 25 : 100 }, e2 = e1;
              FolRng r1, r2;
              fol_rng_seed (&r1, (uint64_t) decisions);
              fol_rng_seed (&r2, (uint64_t) decisions);
              FallMove a, b;
              g_assert_true (fall_ai_choose_full (&v1, level, &r1, &e1, &a));
              g_assert_true (fall_ai_choose_full (&v2, level, &r2, &e2, &b));
              g_assert_true (fall_move_equal (&a, &b));
              g_assert_true (fall_check_move (&s, &a, NULL));
              g_assert_true (fall_check_move (&other, &a, NULL));
            }
          decisions++;
          /* go on with the greedy player's move, sometimes a random one */
          FallMove m;
          fall_ai_choose (&v1, fol_rng_below (&game_rng, 4) ? FOL_AI_GREEDY : FOL_AI_RANDOM, &game_rng, &m);
          g_assert_true (fall_apply (&s, &m, NULL));
        }
    }
  g_assert_cmpint (decisions, >, 1000);
  g_assert_cmpint (changed, ==, decisions);
}

static void
test_reproducible (void)
{
  /* a seed and the players give the same game twice */
  static FallState a, b, v;
  for (int rep = 0; rep < 2; rep++)
    {
      FallState *s = rep ? &b : &a;
      fall_state_init (s, C, 31337, NULL);
      FolRng rng[2];
      fol_rng_seed (&rng[0], 1);
      fol_rng_seed (&rng[1], 2);
      while (!fall_state_is_over (s))
        {
          int seat = fall_state_current_seat (s);
          fall_state_view (s, seat, &v);
          FallMove m;
          fall_ai_choose (&v, seat ? FOL_AI_RANDOM : FOL_AI_GREEDY, &rng[seat], &m);
          g_assert_true (fall_apply (s, &m, NULL));
        }
    }
  g_assert_cmphex (fall_state_hash (&a), ==, fall_state_hash (&b));
}

static void
test_invariant_checker_catches (void)
{
  /* the checker used above is not vacuous: each broken state is reported */
  static FallState s, t;
  fall_state_init (&s, C, 8, NULL);
  FallMove take = mv ("T1");
  g_assert_true (fall_apply (&s, &take, NULL));
  FallMove buf[FALL_MAX_MOVES];
  g_assert_cmpint (fall_legal_placements (&s, s.hand_tile[0], buf), >, 0);
  g_assert_true (fall_apply (&s, &buf[0], NULL));
  g_assert_null (fall_state_check_invariants (&s));
  int c = fall_state_find (&s, buf[0].q, buf[0].r);
  struct { const char *what; int how; } cases[] = {
    { "a fourth layer", 0 }, { "a token on the starting tile", 1 }, { "a tile twice", 2 },
    { "a token lost", 3 }, { "three tokens held", 4 }, { "a tile offered too many", 5 },
    { "a Fox on a tile without its icon", 6 },
  };
  for (size_t i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      fall_state_copy (&t, &s);
      FallCell *cell = &t.cell[c];
      switch (cases[i].how)
        {
        case 0:
          cell->height = 4;
          break;
        case 1:
          t.cell[0].token = FALL_TOAD;
          t.boxed[FALL_TOAD]--;
          break;
        case 2:
          t.stack[0][0] = cell->tile[0];
          break;
        case 3:
          t.n_bag--;
          break;
        case 4:
          for (int j = 0; j < 3; j++)
            t.held[1 - fall_state_current_seat (&t)][t.bag[--t.n_bag]]++;
          break;
        case 5:
          t.tiles_offered++;
          break;
        case 6:
          for (int k = 0; k < FALL_N_LEAF_TILES; k++)
            if (!(C->tile[k].icons & FALL_ICON_FOX))
              {
                /* swap that tile in for the placed one */
                for (int st = 0; st < FALL_N_STACKS; st++)
                  for (int j = 0; j < t.n_stack[st]; j++)
                    if (t.stack[st][j] == k)
                      {
                        t.stack[st][j] = cell->tile[0];
                        cell->tile[0] = (uint8_t) k;
                        cell->token = FALL_FOX;
                        t.boxed[FALL_FOX]--;
                        goto swapped;
                      }
              }
        swapped:
          break;
        default:
          break;
        }
      char *problem = fall_state_check_invariants (&t);
      if (!problem)
        g_error ("not caught: %s", cases[i].what);
      g_test_message ("%s: %s", cases[i].what, problem);
      g_free (problem);
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  fall_test_init ();
  g_test_add_func ("/fall-selfplay/random-2000-games-invariants", test_random_selfplay);
  g_test_add_func ("/fall-selfplay/greedy-beats-random", test_greedy_beats_random);
  g_test_add_func ("/fall-selfplay/choice-ignores-hidden-information", test_choice_ignores_hidden_information);
  g_test_add_func ("/fall-selfplay/reproducible", test_reproducible);
  g_test_add_func ("/fall-selfplay/invariant-checker-catches", test_invariant_checker_catches);
  return g_test_run ();
}
