/* test-summer-notation.c: the move notation and game records (docs/notation.md),
 * parse/format round trip, and the stable state hash. */
#include "summer-test-util.h"

static void
test_squares (void)
{
  g_assert_cmpint (summer_square_parse ("a1"), ==, 0);
  g_assert_cmpint (summer_square_parse ("i1"), ==, 8);
  g_assert_cmpint (summer_square_parse ("a2"), ==, 9);
  g_assert_cmpint (summer_square_parse ("i8"), ==, 71);
  g_assert_cmpint (summer_square_parse ("j1"), ==, -1);
  g_assert_cmpint (summer_square_parse ("a9"), ==, -1);
  g_assert_cmpint (summer_square_parse ("a10"), ==, -1);
  g_assert_cmpint (summer_square_parse (""), ==, -1);
  g_autofree char *n = summer_square_name (40);
  g_assert_cmpstr (n, ==, "e5");
}

static void
check_text_round_trip (const SummerState *s, const char *text)
{
  SummerMove m;
  g_autoptr (GError) error = NULL;
  g_assert_true (summer_move_parse (s, text, &m, &error));
  g_assert_no_error (error);
  g_autofree char *back = summer_move_format (s, &m);
  g_assert_cmpstr (back, ==, text);
}

static void
test_examples_round_trip (void)
{
  SummerState two, four, solo;
  new_game (&two, 2, 1);
  new_game (&four, 4, 1);
  new_game (&solo, 1, 1);
  const char *both[] = { "G05 r1 e4", "R29 f3 a1", "S c7", "N i8", "F", "X 2B-N", "X F-B", "X 2M-F",
                         "A hedgehog r0 c3", "A fox f2 h6", "forgo", "forgo Y17", "end" };
  for (guint i = 0; i < G_N_ELEMENTS (both); i++)
    {
      check_text_round_trip (&two, both[i]);
      check_text_round_trip (&solo, both[i]);
    }
  check_text_round_trip (&two, "B");
  check_text_round_trip (&two, "M");
  check_text_round_trip (&four, "M 2,4");
  check_text_round_trip (&four, "M 3");
  check_text_round_trip (&solo, "B TL");
  check_text_round_trip (&solo, "B BR");
  check_text_round_trip (&solo, "R BL");
  check_text_round_trip (&solo, "M");
}

static void
test_bad_text (void)
{
  SummerState s, solo;
  new_game (&s, 3, 1);
  new_game (&solo, 1, 1);
  const char *bad[] = { "", "   ", "G99 r0 a1", "G05 r8 a1", "G05 r0 z1", "G05 r0", "S", "S a0",
                        "X B-N", "X 2B-M", "X N-N", "X Q-B", "M", "M 0,2", "M 2;3", "M 9", "A dragon r0 a1",
                        "A mouse r0", "forgo G99", "end now", "F F", "R", "hello",
                        "G05 r0 a1 extra words here too" };
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      SummerMove m;
      g_autoptr (GError) error = NULL;
      if (summer_move_parse (&s, bad[i], &m, &error))
        g_error ("'%s' should not parse", bad[i]);
      g_assert_error (error, SUMMER_ERROR, SUMMER_ERROR_PARSE);
    }
  /* solo Berry needs a Path and end; multiplayer Berry takes none */
  SummerMove m;
  g_assert_false (summer_move_parse (&solo, "B", &m, NULL));
  g_assert_false (summer_move_parse (&s, "B TL", &m, NULL));
}

/* Every legal move of thousands of positions formats and parses back to
 * the same move (issue 2: parse/format round trip). */
static void
test_all_legal_moves_round_trip (void)
{
  long checked = 0;
  for (int g = 0; g < 16; g++)
    {
      SummerState s;
      new_game (&s, 1 + g % 4, 900 + (uint64_t) g);
      FolRng rng;
      fol_rng_seed (&rng, (uint64_t) g);
      while (!summer_is_over (&s))
        {
          SummerMoveList l;
          summer_legal_moves (&s, &l);
          for (int i = 0; i < l.n; i++)
            {
              g_autofree char *text = summer_move_format (&s, &l.moves[i]);
              SummerMove back;
              g_autoptr (GError) error = NULL;
              if (!summer_move_parse (&s, text, &back, &error))
                g_error ("'%s' does not parse back: %s", text, error->message);
              g_autofree char *again = summer_move_format (&s, &back);
              g_assert_cmpstr (again, ==, text);
              /* the same move: same effect on the state */
              SummerState a = s, b = s;
              g_assert_true (summer_apply_move (&a, &l.moves[i], NULL, NULL));
              g_assert_true (summer_apply_move (&b, &back, NULL, NULL));
              g_assert_cmphex (summer_state_hash (&a), ==, summer_state_hash (&b));
              checked++;
            }
          SummerMove m = l.moves[fol_rng_below (&rng, (uint32_t) l.n)];
          summer_move_list_clear (&l);
          summer_apply_move (&s, &m, NULL, NULL);
        }
    }
  g_test_message ("%ld moves round-tripped", checked);
  g_assert_cmpint (checked, >, 10000);
}

/* Transform codes that give the same orientation are the same move. */
static void
test_equivalent_transforms (void)
{
  SummerState s;
  new_game (&s, 2, 3);
  set_path (&s, 0, "G05");   /* #O#: r0 == r2, r1 == r3 */
  SummerState a = s, b = s;
  play (&a, "G05 r0 a1");
  play (&b, "G05 r2 a1");
  g_assert_cmphex (summer_state_hash (&a), ==, summer_state_hash (&b));
}

static void
test_record_round_trip (void)
{
  const char *text =
    "# a comment\n"
    "game summer\n"
    "seed 77\n"
    "players 3\n"
    "sides 1A random 6B\n"
    "moves\n"
    "S a1; end   # two moves on a line\n"
    "S a1\n"
    "end\n";
  SummerRecord r;
  g_autoptr (GError) error = NULL;
  g_assert_true (summer_record_parse (text, &r, &error));
  g_assert_cmpint (r.setup.n_players, ==, 3);
  g_assert_cmpuint (r.setup.seed, ==, 77);
  g_assert_cmpint (r.setup.side[0], ==, 0);
  g_assert_cmpint (r.setup.side[1], ==, -1);
  g_assert_cmpint (r.setup.side[2], ==, 11);
  g_assert_cmpint (r.moves->len, ==, 4);
  SummerState s;
  int n = 0;
  g_assert_true (summer_record_replay (&r, &s, &n, &error));
  g_assert_cmpint (n, ==, 4);
  g_assert_cmpint (s.current, ==, 2);
  g_autofree char *out = summer_record_format (&r.setup, r.moves);
  SummerRecord r2;
  g_assert_true (summer_record_parse (out, &r2, &error));
  g_assert_cmpint (r2.moves->len, ==, 4);
  g_autofree char *out2 = summer_record_format (&r2.setup, r2.moves);
  g_assert_cmpstr (out, ==, out2);
  summer_record_clear (&r);
  summer_record_clear (&r2);

  /* bad records name the line or the move */
  const char *bad[] = { "game fall\nplayers 2\n", "game summer\n", "game summer\nplayers 9\n",
                        "game summer\nplayers 2\nsides 1A 1B\nmoves\n",
                        "game summer\nplayers 2\nbogus line\n" };
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      SummerRecord rb;
      g_autoptr (GError) e2 = NULL;
      SummerState st;
      gboolean ok = summer_record_parse (bad[i], &rb, &e2);
      if (ok)
        {
          /* parses, but the set-up is refused (two seats on board 1) */
          g_assert_false (summer_record_replay (&rb, &st, NULL, &e2));
          summer_record_clear (&rb);
        }
      g_assert_nonnull (e2);
    }
  SummerRecord rm;
  g_assert_true (summer_record_parse ("game summer\nplayers 2\nmoves\nS a1\nS a2\n", &rm, NULL));
  g_autoptr (GError) e3 = NULL;
  int applied = -1;
  g_assert_false (summer_record_replay (&rm, &s, &applied, &e3));
  g_assert_cmpint (applied, ==, 1);
  g_assert_nonnull (strstr (e3->message, "move 2 ('S a2')"));
  summer_record_clear (&rm);
}

/* The hash is stable: a fixed set-up and move list give a fixed value on
 * every machine (a change here means saved games no longer verify). */
static void
test_hash_stable (void)
{
  SummerState s;
  SummerSetup setup;
  summer_setup_init (&setup, 2, 2024);
  setup.side[0] = 0;
  setup.side[1] = 3;
  g_assert_true (summer_state_new_game (&setup, &s, NULL));
  uint64_t h0 = summer_state_hash (&s);
  play (&s, "S a1");
  uint64_t h1 = summer_state_hash (&s);
  g_assert_cmphex (h0, !=, h1);
  play (&s, "end");
  SummerState again;
  g_assert_true (summer_state_new_game (&setup, &again, NULL));
  g_assert_cmphex (summer_state_hash (&again), ==, h0);
  g_test_message ("hash of the set-up: %016" G_GINT64_MODIFIER "x", h0);
  g_assert_cmphex (h0, ==, G_GUINT64_CONSTANT (0x5890ddc17e8f552d));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  load_components_or_die ();
  g_test_add_func ("/summer/notation/squares", test_squares);
  g_test_add_func ("/summer/notation/examples", test_examples_round_trip);
  g_test_add_func ("/summer/notation/bad-text", test_bad_text);
  g_test_add_func ("/summer/notation/all-legal-moves", test_all_legal_moves_round_trip);
  g_test_add_func ("/summer/notation/equivalent-transforms", test_equivalent_transforms);
  g_test_add_func ("/summer/notation/record", test_record_round_trip);
  g_test_add_func ("/summer/notation/hash-stable", test_hash_stable);
  return g_test_run ();
}
