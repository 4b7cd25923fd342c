/* test-fall-notation.c: move notation, positions, the state hash, game
 * records and replay (src/engine/fall/fall-notation.c, fall-state.c). */
#include "config.h"
#include "fall-test-util.h"
#include "datafile.h"

#include <inttypes.h>
#include <stdio.h>

/* The regression inputs of the fuzz harnesses (tests/fuzz/regressions/). */
#define REGRESSIONS SOURCE_DATADIR "/../tests/fuzz/regressions"

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
                                "r@3,3", "C@-1,2", "E", "E-f", "E-mmhr", "E-mfhr", "L54@-100,100r5", "C@0,0" };
  for (size_t i = 0; i < G_N_ELEMENTS (good); i++)
    {
      FallMove m;
      g_assert_true (fall_move_parse (C, good[i], &m, NULL));
      char buf[32];
      g_assert_cmpstr (fall_move_format (s, &m, buf, sizeof buf), ==, good[i]);
    }
  static const char *bad[] = { "", "T0", "T5", "T12", "L99@1,0r0", "S00@1,0r0", "L07@1,0r6", "L07@1,0", "L07@1r0",
                               "E-t", "E-", "E-x", "x@1,0", "f@1", "f@a,b", "C@1", "XL00", "F@1,0", "q", "L07@1,0r1x",
                               /* not canonical: blanks, signs, zeros, case, order */
                               " T1", "T1 ", "T1\n", "E ", "L07@+1,0r0", "L07@01,0r0", "L07@-0,0r0", "L07@1,00r0",
                               "L07@ 1,0r0", "L07@1, 0r0", "f@+1,0", "C@1,-01", "l07@1,0r0", "XL7", "Xl07", "xL07",
                               "E-F", "E-hf", "E-rm", "E-mmmmf", "E-ffffm", "E-m-f", "XS00",
                               /* out of range */
                               "L07@101,0r0", "f@0,-101", "C@1000000000000,0", "L07@99999999999,0r0" };
  for (size_t i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      FallMove m;
      g_autoptr (GError) error = NULL;
      if (fall_move_parse (C, bad[i], &m, &error))
        g_error ("'%s' parsed", bad[i]);
      g_assert_error (error, FOL_DATA_ERROR, FOL_DATA_ERROR_PARSE);
    }
}

/* Every END with 0..4 tokens put back is written "E" or "E-" and its letters
 * in the order m f h r, and read back as the same move; more than 4 (no
 * rule makes such a move) are written "?", and 5 letters are refused. */
static void
test_end_discards (void)
{
  g_autofree FallState *s = g_new (FallState, 1);
  fall_state_init (s, C, 1, NULL);
  int round_trips = 0;
  for (int code = 0; code < 5 * 5 * 5 * 5; code++)
    {
      FallMove m = { .kind = FALL_MOVE_END };
      int total = 0;
      for (int k = 0, c = code; k < 4; k++, c /= 5)
        total += m.discard[k] = (uint8_t) (c % 5);
      char buf[24];
      fall_move_format (s, &m, buf, sizeof buf);
      if (total > 4)
        {
          g_assert_cmpstr (buf, ==, "?");
          continue;
        }
      FallMove back;
      g_autoptr (GError) error = NULL;
      if (!fall_move_parse (C, buf, &back, &error))
        g_error ("%s: %s", buf, error->message);
      g_assert_true (fall_move_equal (&back, &m));
      g_assert_cmpint (strlen (buf), ==, total ? 2 + total : 1);
      round_trips++;
    }
  g_assert_cmpint (round_trips, ==, 70);   /* the 4-kind multisets of 0..4 tokens */
  FallMove m;
  g_autoptr (GError) error = NULL;
  g_assert_false (fall_move_parse (C, "E-mfhrr", &m, &error));
  g_assert_nonnull (strstr (error->message, "at most 4"));
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
    { "fall-position 1\ncell 0,0 S00/0\ncell 0,0 L01/0\n", "line 3: a second stack on cell 0,0 (the first is on line 2)" },
    { "fall-position 1\ncell 0,0 L01/0\ncell 0,0 S00/0\n", "line 3: a second stack on cell 0,0 (the first is on line 2)" },
    { "fall-position 1\ncell 1,0 L01/0 S00/0\n", "line 2: the starting tile stands alone at 0,0" },
    /* counts are bounded before anything is written */
    { "fall-position 1\ncell 0,0 S00/0\nhand L01 L02 L03\n", "line 3: more than 2 tiles" },
    { "fall-position 1\ncell 0,0 S00/0\nstack 1 L01 L02 L03 L04 L05 L06 L07 L08 L09 L10 L11 L12 L13 L14 L15\n",
      "line 3: more than 14 tiles in a stack" },
    { "fall-position 1\ncell 0,0 S00/0\nheld 0 mffhr\n", "line 3: 'mffhr': expected 1 to 4 token letters" },
    { "fall-position 1\ncell 0,0 S00/0\nboxed mmmmmmmmmmmmmmmm\n", "16 Mushroom tokens, but the game has 14" },
    { "fall-position 1\ncell 0,0 S00/0\nbag mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm\n",
      "line 3: more than 64 tokens in the bag" },
    /* the starting tile, coordinates, one connected ecosystem */
    { "fall-position 1\ncell 1,0 L01/0\n", "position: no starting tile" },
    { "fall-position 1\n", "position: no starting tile" },
    { "fall-position 1\ncell 0,0 S00/0\ncell 101,0 L01/0\n", "line 3: '101,0' is not Q,R (each -100..100)" },
    { "fall-position 1\nweek 3\nturn 0\nphase act\ncell 0,0 S00/0\ncell 2,0 L01/0\n",
      "line 6: the stack on 2,0 is not connected to the starting tile" },
    { "fall-position 1\nweek 3\nturn 0\nphase act\ncell 0,0 S00/0\ncell 100,-100 L01/0\n",
      "line 6: the stack on 100,-100 is not connected" },
    /* the week's course */
    { "fall-position 1\nweek 3\ncell 0,0 S00/0\n", "line 2: a finished game (phase over, as no phase line is given)" },
    { "fall-position 1\nturn 1\nweek 12\ncell 0,0 S00/0\n", "line 2: a finished game" },
    { "fall-position 1\nweek 12\nphase over\nhand L01\ncell 0,0 S00/0\n", "line 3: a finished game (phase over) is" },
    { "fall-position 1\nweek 3\nturn 3\nphase act\ncell 0,0 S00/0\n", "line 3: turn 3 only once the game is over" },
    { "fall-position 1\nweek 3\nturn 0\nphase act\nto-take 1\ncell 0,0 S00/0\n", "line 4: while acting" },
    { "fall-position 1\nweek 3\nturn 0\nphase take\nhand L01\ncell 0,0 S00/0\n", "line 4: in phase take" },
    { "fall-position 1\nweek 3\nturn 1\nphase take\nto-take 2\nhand L01\ncell 0,0 S00/0\n",
      "line 4: turn 1 takes 2 combinations in all, not 2 to take and 1 tile in hand" },
    { "fall-position 1\nweek 3\nturn 0\nphase act\nheld 1 mf\nheld 0 mmfft\ncell 0,0 S00/0\n", "line 6: 'mmfft'" },
    { "fall-position 1\nweek 3\nfirst-player 0\nturn 0\nphase act\nheld 1 mfh\ncell 0,0 S00/0\n",
      "line 6: seat 1 holds 3 tokens between its turns" },
    { "fall-position 1\nweek 3\nfirst-player 0\nturn 0\nphase act\nheld 1 t\ncell 0,0 S00/0\n", "(a Toad)" },
    { "fall-position 1\nweek 3\nfirst-player 0\nturn 1\nphase take\nto-take 1\nheld 1 mfhr\nhand L01\n"
      "cell 0,0 S00/0\n", "line 7: seat 1 holds 4 tokens and takes 1 more" },
    /* cards, markers, hidden parts */
    { "fall-position 1\ncards 0 FL1 F1 B1\ncards 1 FL2 F1 B2\ncell 0,0 S00/0\n", "line 3: card F1 is held by both seats" },
    { "fall-position 1\ncards 0 fl1 F1 B1\ncell 0,0 S00/0\n", "line 2: 'fl1' is not a Flower card" },
    { "fall-position 1\nmarkers 8 8\ncell 0,0 S00/0\ncell 1,0 L41/0 m1\n", "line 2: seat 1: 8 markers in reserve and 1" },
    { "fall-position 1\ncell 0,0 S00/0\nstack 1 ? ?\n", "line 3: '?' (hidden) is only in a seat's view" },
    { "fall-position 1\ncell 0,0 S00/0\nbag m?\n", "line 3: '?' (hidden) is only in a seat's view" },
    { "fall-position 1\nstack 2 L01\ncell 0,0 S00/0\nview 0\n", "line 2: a seat's view ('view' on line 4)" },
    /* canonical numbers and words */
    { "fall-position 1\nweek +3\n", "line 2: expected week 1..12" },
    { "fall-position 1\nweek 03\n", "line 2: expected week 1..12" },
    { "fall-position 1\nmoves -0\n", "line 2: expected moves" },
    { "fall-position 1\nmarkers 8 +8\n", "line 2: expected markers" },
    { "fall-position 1\ncell +0,0 S00/0\n", "line 2: '+0,0' is not Q,R" },
    { "fall-position 1\ncell 0,-0 S00/0\n", "line 2: '0,-0' is not Q,R" },
    { "fall-position 1\ncell 0,0 s00/0\n", "line 2: 's00' is not a tile id" },
    { "fall-position 1\ncell 0,0 S00/0\ncell 1,0 L01/0 F\n", "line 3: 'F': expected a token" },
    { "fall-position 1\nrng 0123456789ABCDEF 0 0 0\n", "line 2: '0123456789ABCDEF' is not a word of 16 hex digits" },
    { "fall-position 1\nrng 0x23456789abcdef 0000000000000000 0000000000000000 0000000000000000\n", "line 2: '0x" },
    { "fall-position 1\nrng 123 0000000000000000 0000000000000000 0000000000000000\n", "line 2: '123'" },
    { "fall-position 1\noffer L01:M - - -\n", "line 2: 'L01:M': the token is a letter" },
    { "fall-position 1\noffer l01:m - - -\n", "line 2: 'l01' is not a Leaf tile id" },
    { "fall-position 1\ncell 0,0 S00/0\nhand\n", "line 3: expected hand and tiles, or -" },
    { "fall-position 1\nphase Act\n", "line 2: expected phase take, act or over" },
  };
  for (size_t i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      FallState s;
      g_autoptr (GError) error = NULL;
      if (fall_position_parse (C, bad[i].text, &s, &error))
        g_error ("parsed: %s", bad[i].text);
      if (!strstr (error->message, bad[i].where))
        g_error ("'%s' does not name '%s'", error->message, bad[i].where);
      g_assert_error (error, FOL_DATA_ERROR, FOL_DATA_ERROR_PARSE);
    }
}

/* A real position with every line (and one with "view"): each line kind
 * that appears once is refused when repeated, at its second line, wherever
 * the repetition stands. */
static void
test_position_lines_once (void)
{
  g_autofree FallState *s = g_new (FallState, 1), *v = g_new (FallState, 1), *p = g_new (FallState, 1);
  fall_state_init (s, C, 3, NULL);
  play (s, "T1");
  fall_state_view (s, 1, v);
  g_autofree char *full = fall_position_format (s);
  g_autofree char *view = fall_position_format (v);
  GHashTable *kinds = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  const char *texts[] = { full, view };
  for (int t = 0; t < 2; t++)
    {
      g_auto (GStrv) lines = g_strsplit (texts[t], "\n", -1);
      int n = (int) g_strv_length (lines);
      for (int i = 1; i < n; i++)
        {
          if (!*lines[i] || g_str_has_prefix (lines[i], "cell "))
            continue;
          /* "cards 0", "held 1", "stack 3": the word and the seat or stack */
          g_auto (GStrv) w = g_strsplit (lines[i], " ", 3);
          gboolean indexed = !strcmp (w[0], "cards") || !strcmp (w[0], "held") || !strcmp (w[0], "stack");
          g_autofree char *label = indexed ? g_strdup_printf ("%s %s", w[0], w[1]) : g_strdup (w[0]);
          g_hash_table_add (kinds, g_strdup (label));
          /* the copy at the end, and at the start (after the header) */
          g_autofree char *after = g_strdup_printf ("%s%s\n", texts[t], lines[i]);
          g_autofree char *before = g_strdup_printf ("fall-position 1\n%s\n%s", lines[i], texts[t] + strlen ("fall-position 1\n"));
          g_autofree char *want_after = g_strdup_printf ("position line %d: a second '%s' line (the first is line %d)",
                                                         n, label, i + 1);
          g_autofree char *want_before = g_strdup_printf ("position line %d: a second '%s' line (the first is line 2)",
                                                          i + 2, label);
          const char *variants[2][2] = { { after, want_after }, { before, want_before } };
          for (int k = 0; k < 2; k++)
            {
              g_autoptr (GError) error = NULL;
              g_assert_false (fall_position_parse (C, variants[k][0], p, &error));
              g_assert_error (error, FOL_DATA_ERROR, FOL_DATA_ERROR_PARSE);
              g_assert_cmpstr (error->message, ==, variants[k][1]);
            }
        }
    }
  /* side first-player week turn phase to-take moves view, cards x2, markers,
   * held x2, offer, hand, stack x4, bag, offered, discarded, boxed, rng */
  g_assert_cmpint (g_hash_table_size (kinds), ==, 24);
  g_hash_table_unref (kinds);
}

/* What spans lines does not depend on their order. */
static void
test_position_order_independent (void)
{
  static const struct { const char *a, *b, *want; } pairs[] = {
    { "cell 0,0 S00/0", "cell 0,0 L01/0", "a second stack on cell 0,0" },
    { "cell 1,0 L01/0", "cell 1,0 L02/0", "a second stack on cell 1,0" },
    { "cell 1,0 L01/0", "hand L01", "tile L01 is given twice" },
    { "cell 1,0 L01/0", "discarded L02 L01", "tile L01 is given twice" },
    { "stack 1 L05", "offer L05:m - - -", "tile L05 is given twice" },
    { "view 0", "stack 1 L05", "a seat's view" },
    { "view 0", "bag mf", "a seat's view" },
    { "bag ??", "offered 4", "'?' (hidden) is only in a seat's view" },
    { "cards 0 FL1 F1 B1", "cards 1 FL1 F2 B2", "card FL1 is held by both seats" },
    { "markers 8 8", "cell 1,0 L41/0 m0", "seat 0: 8 markers in reserve and 1 on the board" },
  };
  for (size_t i = 0; i < G_N_ELEMENTS (pairs); i++)
    for (int order = 0; order < 2; order++)
      {
        const char *first = order ? pairs[i].b : pairs[i].a, *second = order ? pairs[i].a : pairs[i].b;
        gboolean start = g_str_has_prefix (first, "cell 0,0") || g_str_has_prefix (second, "cell 0,0");
        g_autofree char *text = g_strdup_printf ("fall-position 1\n%s%s\n%s\n", start ? "" : "cell 0,0 S00/0\n",
                                                 first, second);
        FallState p;
        g_autoptr (GError) error = NULL;
        if (fall_position_parse (C, text, &p, &error))
          g_error ("parsed:\n%s", text);
        if (!strstr (error->message, pairs[i].want))
          g_error ("'%s' does not say '%s'", error->message, pairs[i].want);
      }
}

/* The ecosystem: connected to the starting tile while tiles are placed;
 * a finished position made up for scoring may show groups apart, with
 * coordinates up to 100 (their neighbours still fit). */
static void
test_position_ecosystem (void)
{
  g_autofree FallState *s = pos_new ("fall-position 1\ncell 0,0 S00/0\ncell 100,-100 L01/0 f\n"
                                     "cell -100,100 L41/0 m1\ncell 1,0 L02/0\n");
  g_assert_cmpint (s->markers[1], ==, 7);
  g_assert_cmpint (s->n_placed, ==, 3);
  int c = cell_at (s, 100, -100);
  for (int d = 0; d < 6; d++)
    {
      const FallCell *n = &s->cell[s->cell[c].nb[d]];
      g_assert_cmpint (n->q, ==, 100 + fol_hex_dirs[d].q);
      g_assert_cmpint (n->r, ==, -100 + fol_hex_dirs[d].r);
    }
  static FallMoveList list;
  g_assert_cmpint (fall_legal_moves (s, &list), ==, 0);
  /* the same stacks in play are refused (fall_state_set_stacks() too) */
  g_autoptr (GError) error = NULL;
  FallState p;
  g_assert_false (fall_position_parse (C, "fall-position 1\nweek 5\nturn 0\nphase act\nhand L03\ncell 0,0 S00/0\n"
                                       "cell 100,-100 L01/0 f\ncell 1,0 L02/0\n", &p, &error));
  g_assert_nonnull (strstr (error->message, "line 7: the stack on 100,-100 is not connected to the starting tile"));
  FallCell cells[2] = { { .q = 0, .r = 0, .height = 1, .tile = { FALL_START_TILE }, .token = FALL_NO_TOKEN, .marker = -1 },
                        { .q = 2, .r = 0, .height = 1, .tile = { 0 }, .token = FALL_NO_TOKEN, .marker = -1 } };
  const char *reason = NULL;
  fall_state_init (&p, C, 1, NULL);
  g_assert_false (fall_state_set_stacks (&p, cells, 2, &reason));
  g_assert_cmpstr (reason, ==, "a stack is not connected to the starting tile");
  cells[1].q = 1;
  g_assert_true (fall_state_set_stacks (&p, cells, 2, &reason));
  g_assert_false (fall_state_set_stacks (&p, cells + 1, 1, &reason));
  g_assert_cmpstr (reason, ==, "no starting tile at 0,0");
  /* a long chain in play: every cell next to it fits the table, and the
   * game goes on without an assertion */
  GString *chain = g_string_new ("fall-position 1\nweek 12\nturn 0\nphase act\nfirst-player 1\nhand L13\n"
                                 "offered 48\ncell 0,0 S00/0\n");
  for (int i = 1; i <= 52; i++)
    g_string_append_printf (chain, "cell %d,0 L%02d/0\n", i, i < 13 ? i : i + 1);
  g_autofree char *chain_text = g_string_free (chain, FALSE);
  g_autofree FallState *long_chain = pos_new (chain_text);
  g_assert_cmpint (long_chain->n_cells, ==, 53 + 2 * 53 + 4);
  int n = fall_legal_moves (long_chain, &list);
  g_assert_cmpint (n, >, 0);
  for (int i = 0; i < n; i++)
    {
      FallState t = *long_chain;
      g_assert_true (fall_apply (&t, &list.m[i], NULL));
      g_assert_cmpint (t.n_cells, <=, FALL_MAX_CELLS);
    }
}

/* Error messages quote at most about 40 characters of what they refuse. */
static void
test_errors_quote_briefly (void)
{
  GString *huge = g_string_new (NULL);
  for (int i = 0; i < 1024 * 1024; i++)
    g_string_append_c (huge, "xL9@,-"[i % 6]);
  g_autofree char *h = g_string_free (huge, FALSE);
  g_autofree char *pos_field = g_strdup_printf ("fall-position 1\ncell 0,0 S00/0\n%s 1\n", h);
  g_autofree char *pos_tile = g_strdup_printf ("fall-position 1\ncell 0,0 S00/0\nhand L%s\n", h);
  g_autofree char *pos_cell = g_strdup_printf ("fall-position 1\ncell 0,0 S00/0\ncell 1%s L01/0\n", h);
  g_autofree char *pos_rng = g_strdup_printf ("fall-position 1\nrng %s 0 0 0\n", h);
  g_autofree char *move_l = g_strdup_printf ("L01@%s", h);
  g_autofree char *move_x = g_strdup_printf ("X%s", h);
  g_autofree char *rec_line = g_strdup_printf ("fall-game 1\nseed 1\n%s\nmoves\nend\n", h);
  g_autofree char *rec_move = g_strdup_printf ("fall-game 1\nseed 1\nmoves\nT1 %s\nend\n", h);
  /* invalid UTF-8 and control characters come out as valid text */
  const char *odd = "fall-position 1\n\xff\xfe\x01\x7f\xc3\xa9t\xc3 1\n";
  struct { int kind; const char *text; } cases[] = {
    { 0, pos_field }, { 0, pos_tile }, { 0, pos_cell }, { 0, pos_rng }, { 0, odd },
    { 1, move_l }, { 1, move_x }, { 1, h }, { 2, rec_line }, { 2, rec_move },
  };
  for (size_t i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GError) error = NULL;
      FallState s;
      FallMove m;
      gboolean ok = cases[i].kind == 0 ? fall_position_parse (C, cases[i].text, &s, &error)
                    : cases[i].kind == 1 ? fall_move_parse (C, cases[i].text, &m, &error)
                    : fall_replay (C, cases[i].text, &s, NULL, &error);
      g_assert_false (ok);
      if (g_test_verbose ())
        g_printerr ("%s\n", error->message);
      g_assert_true (g_utf8_validate (error->message, -1, NULL));
      g_assert_cmpint (g_utf8_strlen (error->message, -1), <, 160);
      if (cases[i].text != odd)
        g_assert_nonnull (strstr (error->message, "…"));
      for (const char *p = error->message; *p; p++)
        g_assert_cmpint ((guchar) *p, >=, 0x20);
    }
}

/* Plays a few games with the Normal computer player; at every ply the full
 * position and the mover's view format, parse and format again to exactly
 * the same text (and hash), and every legal move's text reads back as the
 * same move and formats to exactly the same text. */
static void
check_text_round_trip (const FallState *s)
{
  g_autofree char *text = fall_position_format (s);
  g_autofree FallState *back = g_new (FallState, 1);
  g_autoptr (GError) error = NULL;
  if (!fall_position_parse (C, text, back, &error))
    g_error ("%s\n%s", error->message, text);
  g_autofree char *again = fall_position_format (back);
  g_assert_cmpstr (again, ==, text);
  g_assert_cmphex (fall_state_hash (back), ==, fall_state_hash (s));
}

static void
test_real_games_round_trip (void)
{
  g_autofree FallState *s = g_new (FallState, 1), *view = g_new (FallState, 1);
  static FallMoveList list;
  int positions = 0, move_texts = 0, ends_with_discards = 0;
  for (uint64_t seed = 1; seed <= 3; seed++)
    {
      fall_state_init (s, C, seed, NULL);
      FolRng rng[2];
      fol_rng_seed (&rng[0], seed * 2 + 1);
      fol_rng_seed (&rng[1], seed * 2 + 2);
      for (;;)
        {
          int seat = fall_state_current_seat (s);
          fall_state_view (s, seat, view);
          check_text_round_trip (s);
          check_text_round_trip (view);
          positions++;
          int n = fall_legal_moves (s, &list);
          for (int i = 0; i < n; i++)
            {
              char buf[24], again[24];
              fall_move_format (s, &list.m[i], buf, sizeof buf);
              FallMove back;
              g_autoptr (GError) error = NULL;
              if (!fall_move_parse (C, buf, &back, &error))
                g_error ("%s: %s", buf, error->message);
              g_assert_true (fall_move_equal (&back, &list.m[i]));
              g_assert_cmpstr (fall_move_format (s, &back, again, sizeof again), ==, buf);
              move_texts++;
              ends_with_discards += list.m[i].kind == FALL_MOVE_END && buf[1] == '-';
            }
          if (fall_state_is_over (s))
            break;
          FallMove m;
          g_assert_true (fall_ai_choose (view, FOL_AI_NORMAL, &rng[seat], &m));
          g_assert_true (fall_apply (s, &m, NULL));
        }
    }
  g_assert_cmpint (positions, >, 300);
  g_assert_cmpint (move_texts, >, 10000);
  g_assert_cmpint (ends_with_discards, >, 0);
}

static char *
read_text (const char *path)
{
  g_autofree char *text = NULL;
  gsize len = 0;
  g_autoptr (GError) error = NULL;
  if (!g_file_get_contents (path, &text, &len, &error))
    g_error ("%s", error->message);
  /* as the fuzz driver does: the input ends at the first NUL byte */
  return g_strndup (text, len);
}

static int
compare_paths (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* The files of tests/fuzz/regressions/@name, sorted; at least one. */
static GPtrArray *
regression_files (const char *name)
{
  g_autofree char *dir = g_build_filename (REGRESSIONS, name, NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (GDir) d = g_dir_open (dir, 0, &error);
  g_assert_no_error (error);
  GPtrArray *files = g_ptr_array_new_with_free_func (g_free);
  const char *f;
  while ((f = g_dir_read_name (d)))
    if (f[0] != '.' && strcmp (f, "README.md") != 0)
      g_ptr_array_add (files, g_build_filename (dir, f, NULL));
  g_ptr_array_sort (files, compare_paths);
  g_assert_cmpuint (files->len, >, 0);
  return files;
}

/* Each input that once crashed a parser (or was wrongly accepted) is now
 * refused with a clear error (naming its line when it has one), or, if
 * accepted, formats back to a text that parses to the same and formats to
 * exactly itself. */
static void
test_position_regressions (void)
{
  g_autoptr (GPtrArray) files = regression_files ("fall-position");
  g_autofree FallState *s = g_new (FallState, 1), *back = g_new (FallState, 1);
  for (guint i = 0; i < files->len; i++)
    {
      g_autofree char *text = read_text (files->pdata[i]);
      g_autoptr (GError) error = NULL;
      if (!fall_position_parse (C, text, s, &error))
        {
          g_assert_error (error, FOL_DATA_ERROR, FOL_DATA_ERROR_PARSE);
          g_assert_true (g_str_has_prefix (error->message, "position line ") || g_str_has_prefix (error->message, "position: "));
          g_assert_cmpint (strlen (error->message), <, 200);
          if (g_test_verbose ())
            g_printerr ("%s: %s\n", (char *) files->pdata[i], error->message);
          continue;
        }
      g_autofree char *formatted = fall_position_format (s);
      if (!fall_position_parse (C, formatted, back, &error))
        g_error ("%s: formatted back, %s", (char *) files->pdata[i], error->message);
      g_autofree char *again = fall_position_format (back);
      g_assert_cmpstr (again, ==, formatted);
      g_assert_cmphex (fall_state_hash (back), ==, fall_state_hash (s));
    }
}

static void
test_record_regressions (void)
{
  g_autoptr (GPtrArray) files = regression_files ("fall-record");
  g_autofree FallState *s = g_new (FallState, 1), *back = g_new (FallState, 1);
  for (guint i = 0; i < files->len; i++)
    {
      g_autofree char *text = read_text (files->pdata[i]);
      g_autoptr (GError) error = NULL;
      g_autoptr (GArray) moves = NULL;
      if (!fall_replay (C, text, s, &moves, &error))
        {
          g_assert_true (error->domain == FOL_DATA_ERROR);
          g_assert_true (g_str_has_prefix (error->message, "record line ") || g_str_has_prefix (error->message, "record: "));
          g_assert_cmpint (strlen (error->message), <, 200);
          if (g_test_verbose ())
            g_printerr ("%s: %s\n", (char *) files->pdata[i], error->message);
          continue;
        }
      uint64_t seed;
      FallOptions opts;
      g_assert_true (fall_record_parse (C, text, &seed, &opts, NULL, NULL, NULL, NULL));
      g_autofree char *formatted = fall_record_format (seed, &opts, s, (FallMove *) moves->data, (int) moves->len);
      g_assert_true (fall_replay (C, formatted, back, NULL, NULL));
      g_assert_cmphex (fall_state_hash (back), ==, fall_state_hash (s));
      g_autofree char *again = fall_record_format (seed, &opts, back, (FallMove *) moves->data, (int) moves->len);
      g_assert_cmpstr (again, ==, formatted);
    }
}

static void
test_record_errors (void)
{
  static const struct { const char *text, *want; } bad[] = {
    { "seed 1\n", "record line 1: expected 'fall-game 1'" },
    { "fall-game 1\nseed 1\nseed 1\nmoves\nend\n", "record line 3: a second 'seed' line (the first is line 2)" },
    { "fall-game 1\nseed 1\nside A\nside B\nmoves\nend\n", "record line 4: a second 'side' line" },
    { "fall-game 1\nseed 1\nfirst-player 0\nfirst-player 0\nmoves\nend\n", "record line 4: a second 'first-player'" },
    { "fall-game 1\nseed 1\nmoves\nend\nhash 0000000000000000\nhash 0000000000000000\n", "record line 6: a second 'hash'" },
    { "fall-game 1\nseed +1\nmoves\nend\n", "record line 2: expected seed and a number" },
    { "fall-game 1\nseed 01\nmoves\nend\n", "record line 2: expected seed" },
    { "fall-game 1\nseed 18446744073709551616\nmoves\nend\n", "record line 2: expected seed" },
    { "fall-game 1\nseed -1\nmoves\nend\n", "record line 2: expected seed" },
    { "fall-game 1\nseed 1\nside a\nmoves\nend\n", "record line 3: expected side A, B or random" },
    { "fall-game 1\nseed 1\nfirst-player 2\nmoves\nend\n", "record line 3: expected first-player 0, 1 or random" },
    { "fall-game 1\nseed 1\nmoves\nend\nhash 47F095AA4E9AA7D6\n", "record line 5: expected hash and 16 hex digits" },
    { "fall-game 1\nseed 1\nmoves\nend\nhash 47f095aa4e9aa7d\n", "record line 5: expected hash" },
    { "fall-game 1\nseed 1\nhash 0000000000000000\nmoves\nend\n", "record line 3: the 'hash' line comes after the moves" },
    { "fall-game 1\nseed 1\nmoves\nend\nseed 2\n", "record line 5: the 'seed' line comes before the moves" },
    { "fall-game 1\nside A\nmoves\nend\n", "record line 3: no seed before the moves" },
    { "fall-game 1\nseed 1\nmoves\nT1\n", "record: no 'end' after the moves" },
    { "fall-game 1\nseed 1\n", "record: no 'moves' section" },
    { "fall-game 1\nseed 1\nmoves\nend\nmoves\n", "record line 5: unexpected 'moves'" },
    { "fall-game 1\nseed 1\nmoves\nT+1\nend\n", "record line 4: bad move 'T+1'" },
  };
  for (size_t i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      FallState s;
      g_autoptr (GError) error = NULL;
      if (fall_replay (C, bad[i].text, &s, NULL, &error))
        g_error ("replayed: %s", bad[i].text);
      g_assert_error (error, FOL_DATA_ERROR, FOL_DATA_ERROR_PARSE);
      if (!strstr (error->message, bad[i].want))
        g_error ("'%s' does not say '%s'", error->message, bad[i].want);
      g_clear_error (&error);
      g_assert_false (fall_record_parse (C, bad[i].text, NULL, NULL, NULL, NULL, NULL, &error));
      if (!strstr (bad[i].text, "T+1"))
        g_assert_nonnull (strstr (error->message, bad[i].want));
    }
  /* what fall_record_parse() reads, without playing */
  uint64_t seed = 0, hash = 0;
  FallOptions opts;
  gboolean has_hash = TRUE;
  GArray *moves = NULL;
  g_assert_true (fall_record_parse (C, "fall-game 1 # a comment\n\nseed 18446744073709551615\nside B\n"
                                    "first-player random\nmoves\nT1 E\n  T2\tT3\nend\n",
                                    &seed, &opts, &moves, &has_hash, &hash, NULL));
  g_assert_cmpuint (seed, ==, G_MAXUINT64);
  g_assert_cmpint (opts.side, ==, 1);
  g_assert_cmpint (opts.first_player, ==, -1);
  g_assert_false (has_hash);
  g_assert_cmpuint (moves->len, ==, 4);
  g_array_unref (moves);
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
  g_test_add_func ("/fall-notation/end-discards-format-and-parse-agree", test_end_discards);
  g_test_add_func ("/fall-notation/position-errors-name-the-line", test_position_errors);
  g_test_add_func ("/fall-notation/position-lines-appear-once", test_position_lines_once);
  g_test_add_func ("/fall-notation/position-checks-independent-of-line-order", test_position_order_independent);
  g_test_add_func ("/fall-notation/position-ecosystem-connected-in-play", test_position_ecosystem);
  g_test_add_func ("/fall-notation/errors-quote-at-most-40-characters", test_errors_quote_briefly);
  g_test_add_func ("/fall-notation/real-games-round-trip-exactly", test_real_games_round_trip);
  g_test_add_func ("/fall-notation/position-regressions-refused-or-round-trip", test_position_regressions);
  g_test_add_func ("/fall-notation/record-regressions-refused-or-round-trip", test_record_regressions);
  g_test_add_func ("/fall-notation/record-errors-name-the-line", test_record_errors);
  g_test_add_func ("/fall-notation/hash-stable", test_hash_stable);
  g_test_add_func ("/fall-notation/record-and-replay", test_record_replay);
  g_test_add_func ("/fall-notation/view-hides-hidden-information", test_view_hides);
  g_test_add_func ("/fall-notation/position-fuzz", test_position_fuzz);
  return g_test_run ();
}
