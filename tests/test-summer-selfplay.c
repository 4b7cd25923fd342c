/* test-summer-selfplay.c: random self-play of Indian Summer with the
 * invariants checked after every move (issue 2): 2,000 games per player
 * count, every game must end. */
#include "summer-test-util.h"

static void
selfplay (int n_players, int games, SummerAiLevel level)
{
  long plies = 0;
  for (int g = 0; g < games; g++)
    {
      SummerState s;
      new_game (&s, n_players, 70000 + (uint64_t) g * 7919 + (uint64_t) n_players);
      check_invariants (&s);
      FolRng rng;
      fol_rng_seed (&rng, (uint64_t) g);
      int n = 0;
      while (!summer_is_over (&s))
        {
          /* the players pick from the legal-move list: it must agree with the check */
          check_legal_moves_agree (&s);
          SummerMove m;
          g_assert_true (summer_ai_choose (&s, level, &rng, &m));
          g_autoptr (GError) error = NULL;
          if (!summer_apply_move (&s, &m, NULL, &error))
            {
              g_autofree char *t = summer_move_format (&s, &m);
              g_error ("game %d: the AI's move %s was refused: %s", g, t, error->message);
            }
          check_invariants (&s);
          /* a turn covers at least one square, so a seat has at most 72 turns */
          g_assert_cmpint (s.turn, <=, 72 * n_players + n_players);
          g_assert_cmpint (++n, <, 100000);
        }
      plies += n;
      /* the results: ranks 1..n, a full floor ranks above any other */
      for (int i = 0; i < n_players; i++)
        {
          const SummerSeatResult *r = &s.result[i];
          g_assert_cmpint (r->rank, >=, 1);
          g_assert_cmpint (r->rank, <=, n_players);
          g_assert_cmpint (r->empty, ==, summer_empty_squares (&s, i));
          g_assert_cmpint (r->full, ==, r->empty == 0);
          for (int j = 0; j < n_players; j++)
            if (r->full && !s.result[j].full)
              g_assert_cmpint (r->rank, <, s.result[j].rank);
        }
      if (n_players > 1)
        {
          /* somebody filled the floor, or the floor filling is what ended it */
          bool any_full = false;
          for (int i = 0; i < n_players; i++)
            any_full |= s.result[i].full;
          g_assert_true (any_full);
        }
      else
        g_assert_cmpint (s.round, ==, SUMMER_SOLO_TURNS);
    }
  g_test_message ("%d %d-player games, %ld plies", games, n_players, plies);
}

static void
test_random_1 (void) { selfplay (1, 2000, FOL_AI_RANDOM); }
static void
test_random_2 (void) { selfplay (2, 2000, FOL_AI_RANDOM); }
static void
test_random_3 (void) { selfplay (3, 2000, FOL_AI_RANDOM); }
static void
test_random_4 (void) { selfplay (4, 2000, FOL_AI_RANDOM); }
static void
test_greedy (void)
{
  selfplay (1, 40, FOL_AI_GREEDY);
  selfplay (2, 20, FOL_AI_GREEDY);
  selfplay (4, 10, FOL_AI_GREEDY);
}

/* The game always ends: the same seed replays to the same hash. */
static void
test_replay_same_hash (void)
{
  for (int g = 0; g < 50; g++)
    {
      SummerState s;
      SummerSetup setup;
      summer_setup_init (&setup, 1 + g % 4, 123 + (uint64_t) g);
      g_assert_true (summer_state_new_game (&setup, &s, NULL));
      FolRng rng;
      fol_rng_seed (&rng, (uint64_t) g);
      g_autoptr (GPtrArray) log = g_ptr_array_new_with_free_func (g_free);
      while (!summer_is_over (&s))
        {
          SummerMove m;
          summer_ai_choose (&s, g % 2 ? FOL_AI_GREEDY : FOL_AI_RANDOM, &rng, &m);
          g_ptr_array_add (log, summer_move_format (&s, &m));
          g_assert_true (summer_apply_move (&s, &m, NULL, NULL));
        }
      g_autofree char *text = summer_record_format (&setup, log);
      SummerRecord rec;
      g_autoptr (GError) error = NULL;
      g_assert_true (summer_record_parse (text, &rec, &error));
      SummerState r;
      int applied = 0;
      g_assert_true (summer_record_replay (&rec, &r, &applied, &error));
      g_assert_no_error (error);
      g_assert_cmpint (applied, ==, (int) log->len);
      g_assert_cmphex (summer_state_hash (&r), ==, summer_state_hash (&s));
      summer_record_clear (&rec);
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  load_components_or_die ();
  g_test_add_func ("/summer/selfplay/random-solo", test_random_1);
  g_test_add_func ("/summer/selfplay/random-2", test_random_2);
  g_test_add_func ("/summer/selfplay/random-3", test_random_3);
  g_test_add_func ("/summer/selfplay/random-4", test_random_4);
  g_test_add_func ("/summer/selfplay/greedy", test_greedy);
  g_test_add_func ("/summer/selfplay/replay-same-hash", test_replay_same_hash);
  return g_test_run ();
}
