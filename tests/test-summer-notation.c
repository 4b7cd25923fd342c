/* test-summer-notation.c: the move notation and game records (docs/notation.md),
 * parse/format round trip, and the stable state hash. */
#include "summer-test-util.h"

#include <stdlib.h>

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

/* Issue 14: a clear parse error: SUMMER_ERROR_PARSE, one line of valid
 * UTF-8 that quotes at most 40 characters of the input (then "…"), so a
 * megabyte of input never puts megabytes on stderr. */
static void
assert_clear_error (const GError *error, const char *input)
{
  g_assert_nonnull (error);
  g_assert_true (error->domain == SUMMER_ERROR);
  g_assert_true (g_utf8_validate (error->message, -1, NULL));
  g_assert_null (strchr (error->message, '\n'));
  g_assert_cmpuint (strlen (error->message), >, 0);
  /* 40 quoted characters of up to 4 bytes, "…", and the explanation */
  if (g_utf8_strlen (error->message, -1) > 40 + 1 + 200)
    g_error ("the error for '%.40s…' is too long: %s", input, error->message);
  if (strlen (input) > 40 && g_utf8_validate (input, -1, NULL) && strstr (error->message, input))
    g_error ("the error quotes the whole input: %.80s…", error->message);
}

/* Parses @text in @s: either refused with a clear error, or accepted and
 * written back as exactly @text (issue 14: one move, one text). */
static gboolean
parse_refused_or_round_trips (const SummerState *s, const char *text, SummerMove *m)
{
  g_autoptr (GError) error = NULL;
  if (!summer_move_parse (s, text, m, &error))
    {
      g_assert_error (error, SUMMER_ERROR, SUMMER_ERROR_PARSE);
      assert_clear_error (error, text);
      return FALSE;
    }
  g_autofree char *back = summer_move_format (s, m);
  if (strcmp (back, text) != 0)
    g_error ("'%s' is accepted but written back as '%s'", text, back);
  return TRUE;
}

/* Issue 14: exactly the canonical form parses: digits without '+' or
 * leading zeros, words separated by single spaces, names as written by
 * summer_move_format(), the lower seat of a Mushroom first. */
static void
test_canonical_only (void)
{
  SummerState four, three, two, solo;
  new_game (&four, 4, 1);
  new_game (&three, 3, 1);
  new_game (&two, 2, 1);
  new_game (&solo, 1, 1);
  const char *bad[] = { "M +2,4", "M 2,+4", "M 02,4", "M 2,04", "M 0,2", "M -2,4", "M 2,-4", "M +3",
                        "M 03", "M  2,4", " M 2,4", "M 2,4 ", "M 2, 4", "M 2 ,4", "M 2,4,3", "M 2,",
                        "M ,4", "M 2.4", "M 4,2", "M 3,2", "M 5,2", "M 99999999999999999999,2",
                        "M 2,99999999999999999999", "M 0x2,4", "M 2,4\\n", "M\t2,4",
                        "G05  r1 e4", "G05\tr1 e4", " G05 r1 e4", "G05 r1 e4 ", "G05 r1 e4\\n",
                        "g05 r1 e4", "G05 R1 e4", "G05 r1 E4", "A Hedgehog r0 c3", "A HEDGEHOG r0 c3",
                        "a hedgehog r0 c3", "S c7\r", "S  c7", "s c7", "END", "end ", " end", "forgo ",
                        "forgo  G05", "forgo g05", "X 2b-n", "X  F-B", "x F-B", "B  ", "F ", "M" };
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      SummerMove m;
      g_autoptr (GError) error = NULL;
      if (summer_move_parse (&four, bad[i], &m, &error))
        g_error ("'%s' should not parse", bad[i]);
      g_assert_error (error, SUMMER_ERROR, SUMMER_ERROR_PARSE);
      assert_clear_error (error, bad[i]);
    }
  /* the messages name what to write */
  SummerMove m;
  g_autoptr (GError) error = NULL;
  g_assert_false (summer_move_parse (&four, "M 4,2", &m, &error));
  g_assert_nonnull (strstr (error->message, "M 2,4"));
  g_clear_error (&error);
  g_assert_false (summer_move_parse (&four, "M +2,4", &m, &error));
  g_assert_nonnull (strstr (error->message, "plain digits"));
  g_clear_error (&error);
  g_assert_false (summer_move_parse (&four, "G05  r1 e4", &m, &error));
  g_assert_nonnull (strstr (error->message, "single spaces"));
  g_clear_error (&error);
  /* seats beyond the player count */
  g_assert_false (summer_move_parse (&three, "M 2,4", &m, NULL));
  g_assert_true (summer_move_parse (&three, "M 2,3", &m, NULL));
  /* 1-2 players: a Mushroom names no seat */
  g_assert_false (summer_move_parse (&two, "M 2", &m, NULL));
  g_assert_false (summer_move_parse (&solo, "M 1", &m, NULL));
  /* the canonical forms do parse, and write back as themselves */
  const char *good[] = { "M 2,4", "M 1,3", "M 3,4", "M 2", "M 4", "G05 r1 e4", "A hedgehog r0 c3",
                         "S c7", "forgo G05", "X 2B-N", "end" };
  for (guint i = 0; i < G_N_ELEMENTS (good); i++)
    g_assert_true (parse_refused_or_round_trips (&four, good[i], &m));
}

/* Issue 14: errors quote a short prefix of the input, never all of it. */
static void
test_long_input (void)
{
  SummerState s;
  new_game (&s, 4, 1);
  /* a megabyte of move text */
  gsize len = 1024 * 1024;
  g_autofree char *huge = g_malloc (len + 1);
  memset (huge, 'M', len);
  huge[len] = '\0';
  memcpy (huge, "G05 r1 ", 7);
  SummerMove m;
  g_autoptr (GError) error = NULL;
  g_assert_false (summer_move_parse (&s, huge, &m, &error));
  g_assert_error (error, SUMMER_ERROR, SUMMER_ERROR_PARSE);
  assert_clear_error (error, huge);
  g_assert_true (g_str_has_prefix (error->message, "'G05 r1 MMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMM…'"));
  g_assert_cmpuint (strlen (error->message), <, 120);
  g_clear_error (&error);
  /* a short move is quoted whole, without "…" */
  g_assert_false (summer_move_parse (&s, "hello", &m, &error));
  g_assert_cmpstr (error->message, ==, "'hello': not a move");
  g_clear_error (&error);
  /* bytes that are not text are shown as '?': the message stays UTF-8 */
  g_assert_false (summer_move_parse (&s, "M 2\xff,4 \xc3\x28", &m, &error));
  assert_clear_error (error, "");
  g_assert_true (g_str_has_prefix (error->message, "'M 2?,4 ?('"));
  g_clear_error (&error);
  /* 40 characters of several bytes each are quoted whole: the cut falls between characters */
  GString *wide = g_string_new (NULL);
  for (int i = 0; i < 60; i++)
    g_string_append (wide, "…");
  g_assert_false (summer_move_parse (&s, wide->str, &m, &error));
  assert_clear_error (error, wide->str);
  g_string_free (wide, TRUE);
  g_clear_error (&error);

  /* a record's long line, and a long move in a record's replay */
  GString *rec = g_string_new ("game summer\nplayers 2\nseed ");
  for (int i = 0; i < 100000; i++)
    g_string_append_c (rec, '9');
  SummerRecord r;
  g_assert_false (summer_record_parse (rec->str, &r, &error));
  assert_clear_error (error, rec->str);
  g_assert_true (g_str_has_prefix (error->message, "line 3: 'seed 99999"));
  g_clear_error (&error);
  g_string_assign (rec, "game summer\nplayers 2\nmoves\n");
  g_string_append (rec, huge);
  g_assert_true (summer_record_parse (rec->str, &r, &error));
  SummerState st;
  g_assert_false (summer_record_replay (&r, &st, NULL, &error));
  assert_clear_error (error, huge);
  g_assert_true (g_str_has_prefix (error->message, "move 1: 'G05 r1 MMM"));
  summer_record_clear (&r);
  g_clear_error (&error);
  /* an illegal move (not a parse error) is quoted too */
  g_assert_true (summer_record_parse ("game summer\nplayers 2\nmoves\nS a1\nS a2\n", &r, NULL));
  g_assert_false (summer_record_replay (&r, &st, NULL, &error));
  g_assert_error (error, SUMMER_ERROR, SUMMER_ERROR_ILLEGAL);
  g_assert_true (g_str_has_prefix (error->message, "move 2 ('S a2'): "));
  summer_record_clear (&r);
  g_string_free (rec, TRUE);
}

/* Issue 14: the header of a record: as many Forest Floor sides as players,
 * each line once, values in canonical form. */
static void
test_record_header (void)
{
  struct { const char *text; const char *why; } bad[] = {
    { "game summer\nseed 1\nplayers 2\nsides 1A 2B 3A\n", "3 Forest Floor sides for 2 players" },
    { "game summer\nseed 1\nplayers 3\nsides 1A 2B\n", "2 Forest Floor sides for 3 players" },
    { "game summer\nsides 1A 2B 3A 4B\nplayers 2\n", "4 Forest Floor sides for 2 players" },
    { "game summer\nplayers 1\nsides 1A random\n", "2 Forest Floor sides for 1 player" },
    { "game summer\nplayers 4\nsides 1A 2A 3A 4A 5A\n", "one Forest Floor side per player" },
    { "game summer\nseed 1\nseed 2\nplayers 2\n", "given on line 2 already" },
    { "game summer\nplayers 2\nplayers 2\n", "given on line 2 already" },
    { "game summer\ngame summer\nplayers 2\n", "given on line 1 already" },
    { "game summer\nplayers 2\nsides 1A 2B\nsides 1A 2B\n", "given on line 3 already" },
    { "game summer\nplayers 1\ncampaign-game 1\ncampaign-game 2\n", "given on line 3 already" },
    { "game summer\nseed +1\nplayers 2\n", "plain digits" },
    { "game summer\nseed 007\nplayers 2\n", "plain digits" },
    { "game summer\nseed -1\nplayers 2\n", "plain digits" },
    { "game summer\nseed 18446744073709551616\nplayers 2\n", "plain digits" },
    { "game summer\nplayers 02\n", "players is" },
    { "game summer\nplayers +2\n", "players is" },
    { "game summer\nplayers 0\n", "players is" },
    { "game summer\nplayers 5\n", "players is" },
    { "game summer\nplayers 1\ncampaign-game 02\n", "campaign-game is" },
    { "game summer\nplayers 1\ncampaign-game 4\n", "campaign-game is" },
    { "game summer\nplayers 3\ncampaign-game 2\n", "solo records" },
    { "game summer\nplayers 2\nsides 1a 2B\n", "write the side 1A" },
    { "game summer\nplayers 2\nsides Random 2B\n", "1A to 6B, or random" },
    { "game summer\nplayers 2\nsides 7A 2B\n", "1A to 6B, or random" },
    { "game fall\nplayers 2\n", "game summer" },
    { "game summer\nplayers 2\nmoves now\n", "stands alone" },
    { "game summer\nplayers 2\nseats 2\n", "not a record line" },
    { "game summer\nseed 1\n", "'players N'" },
    { "players 2\n", "'game summer'" },
  };
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      SummerRecord r;
      g_autoptr (GError) error = NULL;
      if (summer_record_parse (bad[i].text, &r, &error))
        g_error ("record %u should be refused:\n%s", i, bad[i].text);
      g_assert_error (error, SUMMER_ERROR, SUMMER_ERROR_PARSE);
      assert_clear_error (error, bad[i].text);
      if (!strstr (error->message, bad[i].why))
        g_error ("record %u refused with '%s', expected '%s'", i, error->message, bad[i].why);
    }
  /* as many sides as players, "random" for a drawn one; blanks between words and comments are layout */
  SummerRecord r;
  g_autoptr (GError) error = NULL;
  g_assert_true (summer_record_parse ("# x\n  game summer \nplayers 4\nsides\t1A  random 3B random # c\n",
                                      &r, &error));
  g_assert_no_error (error);
  g_assert_cmpint (r.setup.side[0], ==, 0);
  g_assert_cmpint (r.setup.side[1], ==, -1);
  g_assert_cmpint (r.setup.side[2], ==, 5);
  g_assert_cmpint (r.setup.side[3], ==, -1);
  summer_record_clear (&r);
  /* no sides line: every side drawn */
  g_assert_true (summer_record_parse ("game summer\nseed 0\nplayers 3\n", &r, &error));
  g_assert_cmpint (r.setup.side[0], ==, -1);
  g_assert_cmpuint (r.setup.seed, ==, 0);
  summer_record_clear (&r);
  g_assert_true (summer_record_parse ("game summer\nseed 18446744073709551615\nplayers 1\nsides 6B\ncampaign-game 3\n",
                                      &r, &error));
  g_assert_cmpuint (r.setup.seed, ==, G_MAXUINT64);
  g_assert_cmpint (r.setup.campaign_game, ==, 2);
  summer_record_clear (&r);
}

/* A record: refused with a clear error, or accepted and formatted to a
 * record that parses to the same set-up and moves and formats to itself
 * (comments, blank lines and moves sharing a line are layout); its moves,
 * replayed, are each refused clearly or written back as themselves. */
static void
check_record_text (const char *text)
{
  SummerRecord r;
  g_autoptr (GError) error = NULL;
  if (!summer_record_parse (text, &r, &error))
    {
      g_assert_error (error, SUMMER_ERROR, SUMMER_ERROR_PARSE);
      assert_clear_error (error, text);
      return;
    }
  g_autofree char *out = summer_record_format (&r.setup, r.moves);
  SummerRecord r2;
  if (!summer_record_parse (out, &r2, &error))
    g_error ("the formatted record does not parse: %s\n%s", error->message, out);
  g_assert_true (memcmp (&r.setup, &r2.setup, sizeof r.setup) == 0);
  g_assert_cmpuint (r.moves->len, ==, r2.moves->len);
  for (guint i = 0; i < r.moves->len; i++)
    g_assert_cmpstr (g_ptr_array_index (r.moves, i), ==, g_ptr_array_index (r2.moves, i));
  g_autofree char *out2 = summer_record_format (&r2.setup, r2.moves);
  g_assert_cmpstr (out, ==, out2);
  summer_record_clear (&r2);

  /* replay by hand: every accepted move text is its own format */
  SummerState s;
  if (summer_state_new_game (&r.setup, &s, &error))
    for (guint i = 0; i < r.moves->len; i++)
      {
        SummerMove m;
        if (!parse_refused_or_round_trips (&s, g_ptr_array_index (r.moves, i), &m))
          break;
        if (!summer_apply_move (&s, &m, NULL, &error))
          {
            assert_clear_error (error, g_ptr_array_index (r.moves, i));
            break;
          }
      }
  else
    assert_clear_error (error, text);
  g_clear_error (&error);
  SummerState end;
  if (!summer_record_replay (&r, &end, NULL, &error))
    assert_clear_error (error, text);
  summer_record_clear (&r);
}

static GPtrArray *
regression_files (const char *kind)
{
  g_autofree char *dir = g_build_filename (FUZZ_REGRESSIONS_DIR, kind, NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (GDir) d = g_dir_open (dir, 0, &error);
  g_assert_no_error (error);
  GPtrArray *files = g_ptr_array_new_with_free_func (g_free);
  const char *name;
  while ((name = g_dir_read_name (d)))
    g_ptr_array_add (files, g_build_filename (dir, name, NULL));
  g_assert_cmpuint (files->len, >, 0);
  return files;
}

/* Issue 14: every regression input of the move harness
 * (tests/fuzz/regressions/summer-move/, read as tests/fuzz/fuzz-summer-move.c
 * reads it: byte 0 the players, 1 + byte % 4; bytes 1-8 the seed,
 * little-endian; then one move per line, "?N" for legal move N) has each
 * line refused with a clear error, or accepted and written back as exactly
 * that line. */
static void
test_move_regressions (void)
{
  g_autoptr (GPtrArray) files = regression_files ("summer-move");
  for (guint f = 0; f < files->len; f++)
    {
      g_autofree char *data = NULL;
      gsize len = 0;
      g_autoptr (GError) error = NULL;
      g_assert_true (g_file_get_contents (g_ptr_array_index (files, f), &data, &len, &error));
      g_test_message ("%s", (const char *) g_ptr_array_index (files, f));
      if (len == 0)
        continue;
      const guint8 *bytes = (const guint8 *) data;
      uint64_t seed = 0;
      for (gsize i = 1; i < 9 && i < len; i++)
        seed |= (uint64_t) bytes[i] << (8 * (i - 1));
      SummerState s;
      new_game (&s, 1 + bytes[0] % SUMMER_MAX_PLAYERS, seed);
      gsize header = MIN (len, 9);
      g_autofree char *text = g_strndup (data + header, len - header);
      g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
      for (int i = 0; lines[i]; i++)
        {
          g_autofree char *picked = NULL;
          const char *line = lines[i];
          if (line[0] == '?')
            {
              SummerMoveList l;
              summer_legal_moves (&s, &l);
              if (l.n)
                picked = summer_move_format (&s, &l.moves[strtoul (line + 1, NULL, 10) % (unsigned long) l.n]);
              summer_move_list_clear (&l);
              if (!picked)
                continue;
              line = picked;
            }
          SummerMove m;
          g_autoptr (GError) illegal = NULL;
          if (parse_refused_or_round_trips (&s, line, &m) && !summer_apply_move (&s, &m, NULL, &illegal))
            {
              g_assert_error (illegal, SUMMER_ERROR, SUMMER_ERROR_ILLEGAL);
              assert_clear_error (illegal, line);
            }
        }
    }
}

/* Issue 14: every regression input of the record harness
 * (tests/fuzz/regressions/summer-record/) is refused with a clear error or
 * formats back to itself (check_record_text). */
static void
test_record_regressions (void)
{
  g_autoptr (GPtrArray) files = regression_files ("summer-record");
  for (guint f = 0; f < files->len; f++)
    {
      g_autofree char *text = NULL;
      g_autoptr (GError) error = NULL;
      g_assert_true (g_file_get_contents (g_ptr_array_index (files, f), &text, NULL, &error));
      g_test_message ("%s", (const char *) g_ptr_array_index (files, f));
      check_record_text (text);
    }
}

/* Issue 14: accepted texts write back as themselves.  Texts near the real
 * ones (every legal move of positions of random games, with characters
 * changed, added, removed, doubled, case-swapped) are refused with a clear
 * error or formatted back exactly. */
static void
test_mutations_round_trip (void)
{
  static const char alphabet[] = " ,-+0123456789abcdefghirBFGMNRSXYfr\t";
  long accepted = 0, tried = 0;
  for (int g = 0; g < 8; g++)
    {
      SummerState s;
      new_game (&s, 1 + g % 4, 4000 + (uint64_t) g);
      FolRng rng;
      fol_rng_seed (&rng, 77 + (uint64_t) g);
      while (!summer_is_over (&s))
        {
          SummerMoveList l;
          summer_legal_moves (&s, &l);
          for (int i = 0; i < l.n; i += 1 + (int) fol_rng_below (&rng, 4))
            {
              g_autofree char *text = summer_move_format (&s, &l.moves[i]);
              for (int k = 0; k < 6; k++)
                {
                  GString *t = g_string_new (text);
                  guint pos = fol_rng_below (&rng, (uint32_t) t->len + 1);
                  char ch = alphabet[fol_rng_below (&rng, sizeof alphabet - 1)];
                  switch (fol_rng_below (&rng, 5))
                    {
                    case 0: g_string_insert_c (t, pos, ch); break;
                    case 1: if (pos < t->len) t->str[pos] = ch; break;
                    case 2: if (pos < t->len) g_string_erase (t, pos, 1); break;
                    case 3: if (pos < t->len) g_string_insert_c (t, pos, t->str[pos]); break;
                    default:
                      if (pos < t->len)
                        t->str[pos] = g_ascii_isupper (t->str[pos]) ? g_ascii_tolower (t->str[pos])
                                                                    : g_ascii_toupper (t->str[pos]);
                      break;
                    }
                  SummerMove m;
                  accepted += parse_refused_or_round_trips (&s, t->str, &m);
                  tried++;
                  g_string_free (t, TRUE);
                }
            }
          SummerMove m = l.moves[fol_rng_below (&rng, (uint32_t) l.n)];
          summer_move_list_clear (&l);
          g_assert_true (summer_apply_move (&s, &m, NULL, NULL));
        }
    }
  g_test_message ("%ld mutated texts, %ld accepted", tried, accepted);
  g_assert_cmpint (tried, >, 10000);
  g_assert_cmpint (accepted, >, 0);
}

/* Issue 14: games of the Normal level, every player count: at every
 * position every legal move's text parses to the same move (the same
 * effect) and formats back to the same text; a Mushroom's struct is exactly
 * the listed one; each game's record formats back to itself and replays to
 * the game's hash. */
static void
test_normal_games_round_trip (void)
{
  long checked = 0;
  int mushrooms = 0;
  for (int g = 0; g < 40; g++)
    {
      int np = 1 + g % 4;
      SummerSetup setup;
      summer_setup_init (&setup, np, 5100 + (uint64_t) g);
      SummerState s;
      g_assert_true (summer_state_new_game (&setup, &s, NULL));
      FolRng rng;
      fol_rng_seed (&rng, 31 + (uint64_t) g);
      g_autoptr (GPtrArray) log = g_ptr_array_new_with_free_func (g_free);
      while (!summer_is_over (&s))
        {
          SummerMoveList l;
          summer_legal_moves (&s, &l);
          for (int i = 0; i < l.n; i++)
            {
              const SummerMove *lm = &l.moves[i];
              g_autofree char *text = summer_move_format (&s, lm);
              SummerMove back;
              g_autoptr (GError) error = NULL;
              if (!summer_move_parse (&s, text, &back, &error))
                g_error ("'%s' does not parse back: %s", text, error->message);
              g_autofree char *again = summer_move_format (&s, &back);
              g_assert_cmpstr (again, ==, text);
              if (lm->kind == SUMMER_MOVE_MUSHROOM)
                {
                  g_assert_cmpint (back.a, ==, lm->a);
                  g_assert_cmpint (back.b, ==, lm->b);
                  mushrooms++;
                }
              SummerState a = s, b = s;
              g_assert_true (summer_apply_move (&a, lm, NULL, NULL));
              g_assert_true (summer_apply_move (&b, &back, NULL, NULL));
              g_assert_cmphex (summer_state_hash (&a), ==, summer_state_hash (&b));
              checked++;
            }
          summer_move_list_clear (&l);
          SummerMove m;
          g_assert_true (summer_ai_choose (&s, FOL_AI_NORMAL, &rng, &m));
          g_ptr_array_add (log, summer_move_format (&s, &m));
          g_assert_true (summer_apply_move (&s, &m, NULL, NULL));
        }
      g_autofree char *text = summer_record_format (&setup, log);
      check_record_text (text);
      SummerRecord rec;
      g_assert_true (summer_record_parse (text, &rec, NULL));
      SummerState r;
      g_autoptr (GError) error = NULL;
      g_assert_true (summer_record_replay (&rec, &r, NULL, &error));
      g_assert_no_error (error);
      g_assert_cmphex (summer_state_hash (&r), ==, summer_state_hash (&s));
      summer_record_clear (&rec);
    }
  g_test_message ("%ld legal moves of Normal games round-tripped, %d of them Mushrooms", checked, mushrooms);
  g_assert_cmpint (checked, >, 10000);
  g_assert_cmpint (mushrooms, >, 0);
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
  g_test_add_func ("/summer/notation/canonical-only", test_canonical_only);
  g_test_add_func ("/summer/notation/long-input", test_long_input);
  g_test_add_func ("/summer/notation/record-header", test_record_header);
  g_test_add_func ("/summer/notation/mutations-round-trip", test_mutations_round_trip);
  g_test_add_func ("/summer/notation/normal-games-round-trip", test_normal_games_round_trip);
  g_test_add_func ("/summer/notation/move-regressions", test_move_regressions);
  g_test_add_func ("/summer/notation/record-regressions", test_record_regressions);
  return g_test_run ();
}
