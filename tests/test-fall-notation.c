/* test-fall-notation.c: move notation, positions, the state hash, game
 * records and replay (src/engine/fall/fall-notation.c, fall-state.c). */
#include "fall-test-util.h"
#include "datafile.h"

#include <inttypes.h>
#include <stdio.h>

#define GOLDEN_SETUP G_GUINT64_CONSTANT (0xa7b3f1ba787f3ec9)
#define GOLDEN_END G_GUINT64_CONSTANT (0x7dfe16efc65db958)

/* Plays a random game from @seed, calling @each before every move. */
typedef void (*EachFn) (const FallState *s, const FallMoveList *legal, gpointer data);

static void
random_game (uint64_t seed, GArray *moves, FallState *s, EachFn each, gpointer data)
{
  static FallMoveList list;
  FolRng rng;
  fol_rng_seed (&rng, seed * 31 + 7);
  fall_state_init (s, C, seed, NULL);
  while (fall_legal_moves (s, &list))
    {
      if (each)
        each (s, &list, data);
      FallMove m = list.m[fol_rng_below (&rng, (uint32_t) list.n)];
      g_assert_true (fall_apply (s, &m, NULL));
      if (moves)
        g_array_append_val (moves, m);
    }
}

static void
check_move_round_trip (const FallState *s, const FallMoveList *legal, gpointer data)
{
  int *count = data;
  for (int i = 0; i < legal->n; i++)
    {
      char buf[32];
      fall_move_format (s, &legal->m[i], buf, sizeof buf);
      FallMove back;
      g_autoptr (GError) error = NULL;
      g_assert_true (fall_move_parse (C, buf, &back, &error));
      g_assert_no_error (error);
      if (!fall_move_equal (&back, &legal->m[i]))
        g_error ("%s does not round-trip", buf);
      char again[32];
      g_assert_cmpstr (fall_move_format (s, &back, again, sizeof again), ==, buf);
      (*count)++;
    }
}

static void
test_move_round_trip (void)
{
  g_autofree FallState *s = g_new (FallState, 1);
  int count = 0;
  for (uint64_t seed = 1; seed <= 5; seed++)
    random_game (seed, NULL, s, check_move_round_trip, &count);
  g_assert_cmpint (count, >, 10000);
  /* the forms of the notation */
  static const char *good[] = { "T1", "T4", "L07@1,-2r4", "XL54", "f@0,-3", "t@-10,12", "m@1,1", "h@2,2",
                                "r@3,3", "C@-1,2", "E", "E-f", "E-mmhr" };
  for (size_t i = 0; i < G_N_ELEMENTS (good); i++)
    {
      FallMove m;
      g_assert_true (fall_move_parse (C, good[i], &m, NULL));
      char buf[32];
      g_assert_cmpstr (fall_move_format (s, &m, buf, sizeof buf), ==, good[i]);
    }
  static const char *bad[] = { "", "T0", "T5", "T12", "L99@1,0r0", "S00@1,0r0", "L07@1,0r6", "L07@1,0", "L07@1r0",
                               "E-t", "E-", "E-x", "x@1,0", "f@1", "f@a,b", "C@1", "XL00", "F@1,0", "q", "L07@1,0r1x" };
  for (size_t i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      FallMove m;
      g_autoptr (GError) error = NULL;
      if (fall_move_parse (C, bad[i], &m, &error))
        g_error ("'%s' parsed", bad[i]);
      g_assert_error (error, FOL_DATA_ERROR, FOL_DATA_ERROR_PARSE);
    }
}

static void
check_position_round_trip (const FallState *s, const FallMoveList *legal, gpointer data)
{
  int *count = data;
  if ((*count)++ % 7)
    return;
  g_autofree char *text = fall_position_format (s);
  FallState back;
  g_autoptr (GError) error = NULL;
  if (!fall_position_parse (C, text, &back, &error))
    g_error ("%s\n%s", error->message, text);
  g_autofree char *again = fall_position_format (&back);
  g_assert_cmpstr (again, ==, text);
  g_assert_cmphex (fall_state_hash (&back), ==, fall_state_hash (s));
  g_assert_null (fall_state_check_invariants (&back));
  static FallMoveList list;
  fall_legal_moves (&back, &list);
  g_assert_cmpint (list.n, ==, legal->n);
  for (int i = 0; i < list.n; i++)
    g_assert_true (fall_check_move (s, &list.m[i], NULL));
  /* a view round-trips too */
  FallState view, vback;
  fall_state_view (s, fall_state_current_seat (s), &view);
  g_autofree char *vtext = fall_position_format (&view);
  g_assert_true (fall_position_parse (C, vtext, &vback, NULL));
  g_assert_cmphex (fall_state_hash (&vback), ==, fall_state_hash (&view));
}

static void
test_position_round_trip (void)
{
  g_autofree FallState *s = g_new (FallState, 1);
  int count = 0;
  for (uint64_t seed = 10; seed <= 14; seed++)
    random_game (seed, NULL, s, check_position_round_trip, &count);
  /* the final position too */
  check_position_round_trip (s, &(FallMoveList) { 0 }, &(int) { 0 });
}

static void
test_position_errors (void)
{
  static const struct { const char *text; const char *where; } bad[] = {
    { "fall-game 1\n", "line 1" },
    { "fall-position 1\nweek 13\n", "line 2" },
    { "fall-position 1\nside C\n", "line 2" },
    { "fall-position 1\n\ncell 0,0 S00/0\ncell 1,0 L01/0 L01/1\n", "line 4" },
    { "fall-position 1\ncell 0,0 S00/0\ncell 1,0 L01/0 L02/0 L03/0 L04/0\n", "line 3" },
    { "fall-position 1\ncell 0,0 S00/0\ncell 1,0 L01/7\n", "line 3" },
    { "fall-position 1\ncell 0,0 S00/0 f\n", "line 2" },
    { "fall-position 1\ncell 1,0 L01/0 f1\n", "line 2" },
    { "fall-position 1\ncards 0 F1 FL1 B1\n", "line 2" },
    { "fall-position 1\nheld 0 fxz\n", "line 2" },
    { "fall-position 1\nbogus 1\n", "line 2" },
    { "fall-position 1\ncell 0,0 S00/0\ncell 0,0 L01/0\n", "two stacks" },
  };
  for (size_t i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      FallState s;
      g_autoptr (GError) error = NULL;
      if (fall_position_parse (C, bad[i].text, &s, &error))
        g_error ("parsed: %s", bad[i].text);
      if (!strstr (error->message, bad[i].where))
        g_error ("'%s' does not name '%s'", error->message, bad[i].where);
    }
}

static void
test_hash_stable (void)
{
  /* golden values: the set-up and the state hash must never change for a
   * seed (saved games are checked against them) */
  g_autofree FallState *s = g_new (FallState, 1);
  fall_state_init (s, C, 1, NULL);
  uint64_t h0 = fall_state_hash (s);
  g_autoptr (GArray) moves = g_array_new (FALSE, FALSE, sizeof (FallMove));
  random_game (1, moves, s, NULL, NULL);
  uint64_t h1 = fall_state_hash (s);
  if (g_test_verbose ())
    g_printerr ("set-up %016" PRIx64 " end %016" PRIx64 " moves %u\n", h0, h1, moves->len);
  g_assert_cmphex (h0, ==, GOLDEN_SETUP);
  g_assert_cmphex (h1, ==, GOLDEN_END);
  /* the hash covers hidden fields: the bag order, the cards */
  fall_state_init (s, C, 1, NULL);
  uint8_t t = s->bag[0];
  s->bag[0] = s->bag[1];
  s->bag[1] = t;
  if (s->bag[0] != s->bag[1])
    g_assert_cmphex (fall_state_hash (s), !=, h0);
}

static void
test_record_replay (void)
{
  g_autofree FallState *s = g_new (FallState, 1), *r = g_new (FallState, 1);
  for (uint64_t seed = 100; seed < 104; seed++)
    {
      g_autoptr (GArray) moves = g_array_new (FALSE, FALSE, sizeof (FallMove));
      random_game (seed, moves, s, NULL, NULL);
      FallOptions none = FALL_OPTIONS_RANDOM;
      g_autofree char *rec = fall_record_format (seed, &none, s, (FallMove *) moves->data, (int) moves->len);
      g_autoptr (GError) error = NULL;
      GArray *back = NULL;
      g_assert_true (fall_replay (C, rec, r, &back, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (back->len, ==, moves->len);
      g_array_unref (back);
      g_assert_cmphex (fall_state_hash (r), ==, fall_state_hash (s));
      g_assert_true (fall_state_is_over (r));
      /* a wrong recorded hash is refused */
      char *hline = strstr (rec, "hash ");
      g_assert_nonnull (hline);
      hline[5] = hline[5] == '0' ? '1' : '0';
      g_clear_error (&error);
      g_assert_false (fall_replay (C, rec, r, NULL, &error));
      g_assert_nonnull (strstr (error->message, "hash"));
    }
  /* an illegal move is named with its number and the reason */
  const char *rec = "fall-game 1\nseed 5\nside A\nfirst-player 0\nmoves\nT1 E\nend\n";
  g_autoptr (GError) error = NULL;
  g_assert_false (fall_replay (C, rec, r, NULL, &error));
  g_assert_nonnull (strstr (error->message, "move 2"));
  g_assert_nonnull (strstr (error->message, "placed"));
  /* fixed options replay the same */
  FallOptions o = { 1, 0 };
  fall_state_init (s, C, 9, &o);
  FallMove m = mv ("T3");
  g_assert_true (fall_apply (s, &m, NULL));
  g_autofree char *rec2 = fall_record_format (9, &o, s, &m, 1);
  g_assert_nonnull (strstr (rec2, "side B"));
  g_assert_true (fall_replay (C, rec2, r, NULL, NULL));
  g_assert_cmphex (fall_state_hash (r), ==, fall_state_hash (s));
}

static void
test_view_hides (void)
{
  g_autofree FallState *s = g_new (FallState, 1), *v = g_new (FallState, 1), *w = g_new (FallState, 1);
  fall_state_init (s, C, 42, NULL);
  fall_state_view (s, 0, v);
  g_assert_true (v->is_view);
  for (int k = 0; k < FALL_N_CARD_KINDS; k++)
    {
      g_assert_cmpint (v->card[0][k], ==, s->card[0][k]);
      g_assert_cmpint (v->card[1][k], ==, FALL_NONE);
    }
  g_assert_cmpuint (v->rng.s[0] | v->rng.s[1] | v->rng.s[2] | v->rng.s[3], ==, 0);
  g_assert_cmpint (v->n_bag, ==, s->n_bag);
  for (int i = 0; i < v->n_bag; i++)
    g_assert_cmpint (v->bag[i], ==, FALL_NONE);
  for (int st = 0; st < FALL_N_STACKS; st++)
    {
      g_assert_cmpint (v->n_stack[st], ==, s->n_stack[st]);
      for (int i = 0; i < v->n_stack[st]; i++)
        g_assert_cmpint (v->stack[st][i], ==, FALL_NONE);
    }
  /* what the view shows is public: change the hidden parts, same view */
  FallState *t = g_new (FallState, 1);
  *t = *s;
  FolRng rng;
  fol_rng_seed (&rng, 1);
  fol_rng_shuffle_u8 (&rng, t->bag, t->n_bag);
  uint8_t x = t->stack[0][0];
  t->stack[0][0] = t->stack[3][5];
  t->stack[3][5] = x;
  for (int k = 0; k < FALL_N_CARD_KINDS; k++)
    t->card[1][k] = C->cards_of_kind[k][0] == t->card[0][k] ? C->cards_of_kind[k][1] : C->cards_of_kind[k][0];
  t->rng.s[0] ^= 12345;
  g_assert_cmphex (fall_state_hash (t), !=, fall_state_hash (s));
  fall_state_view (t, 0, w);
  g_assert_cmphex (fall_state_hash (w), ==, fall_state_hash (v));
  g_autofree char *a = fall_position_format (v);
  g_autofree char *b = fall_position_format (w);
  g_assert_cmpstr (a, ==, b);
  g_free (t);
}

static void
test_position_fuzz (void)
{
  /* damaged positions are refused with an error or parse to something
   * that prints and parses again the same; never a crash */
  g_autofree FallState *s = g_new (FallState, 1);
  g_autoptr (GArray) moves = g_array_new (FALSE, FALSE, sizeof (FallMove));
  random_game (77, moves, s, NULL, NULL);
  g_autofree char *text = fall_position_format (s);
  size_t len = strlen (text);
  FolRng rng;
  fol_rng_seed (&rng, 5);
  static const char alphabet[] = "0123456789-,:/?LSFBmfhrt \n#ABCDEXYZ";
  int parsed = 0;
  for (int i = 0; i < 3000; i++)
    {
      g_autofree char *t = g_strdup (text);
      int n = 1 + (int) fol_rng_below (&rng, 4);
      for (int k = 0; k < n; k++)
        t[fol_rng_below (&rng, (uint32_t) len)] = alphabet[fol_rng_below (&rng, sizeof alphabet - 1)];
      FallState *p = g_new (FallState, 1);
      GError *error = NULL;
      if (fall_position_parse (C, t, p, &error))
        {
          parsed++;
          g_autofree char *again = fall_position_format (p);
          FallState *q = g_new (FallState, 1);
          g_assert_true (fall_position_parse (C, again, q, NULL));
          g_autofree char *third = fall_position_format (q);
          g_assert_cmpstr (third, ==, again);
          g_free (q);
        }
      else
        {
          g_assert_nonnull (error);
          g_error_free (error);
        }
      g_free (p);
    }
  g_assert_cmpint (parsed, >, 0);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  fall_test_init ();
  g_test_add_func ("/fall-notation/move-round-trip", test_move_round_trip);
  g_test_add_func ("/fall-notation/position-round-trip", test_position_round_trip);
  g_test_add_func ("/fall-notation/position-errors-name-the-line", test_position_errors);
  g_test_add_func ("/fall-notation/hash-stable", test_hash_stable);
  g_test_add_func ("/fall-notation/record-and-replay", test_record_replay);
  g_test_add_func ("/fall-notation/view-hides-hidden-information", test_view_hides);
  g_test_add_func ("/fall-notation/position-fuzz", test_position_fuzz);
  return g_test_run ();
}
