/* fuzz-summer-move.c: Indian Summer moves, as text, applied to a live game.
 *
 * Input: byte 0 picks the players (1 + byte % 4: the digits '0'-'3' give
 * 1-4 players too), bytes 1-8 the seed (little-endian; missing bytes are
 * 0), the rest is move texts, one per line (docs/notation.md), played in
 * turn from the set-up of summer_setup_init() (random sides).  A line "?N" stands for legal move
 * number N (modulo their count) of the position, formatted with
 * summer_move_format(): it lets the fuzzer reach late positions.
 *
 * For every line that summer_move_parse() accepts:
 * - summer_check_move() and summer_apply_move() agree, and a refused move
 *   leaves the state unchanged;
 * - after an applied move, the invariants of the self-play tests hold
 *   (check_invariants() of tests/summer-test-util.h: every tile accounted
 *   for once, treasures conserved, Areas complete exactly when covered...)
 *   and the legal-move list agrees with the check (check_legal_moves_agree());
 * - summer_move_format() writes the move as the very text parsed (issue 14:
 *   a parser accepts exactly its notation, and every accepted input formats
 *   back to itself);
 * - a legal move is in summer_legal_moves() (up to the transform code of
 *   an orientation with the same picture: the same state hash once played).
 */
#include "fuzz-util.h"
#include "../summer-test-util.h"

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  fuzz_init_common ();
  load_components_or_die ();
  return 0;
}

/* The state after playing @m in @before, or FALSE when refused. */
static gboolean
play_copy (const SummerState *before, const SummerMove *m, SummerState *after)
{
  *after = *before;
  return summer_apply_move (after, m, NULL, NULL);
}

/* Whether summer_legal_moves(@before) holds a move with the effect of @m
 * (whose result is @after): the list has each placement once per distinct
 * orientation, so an equal move may carry another transform code. */
static gboolean
listed (const SummerState *before, const SummerMove *m, const SummerState *after)
{
  uint64_t want = summer_state_hash (after);
  SummerMoveList l;
  summer_legal_moves (before, &l);
  gboolean found = FALSE;
  for (int i = 0; i < l.n && !found; i++)
    {
      const SummerMove *x = &l.moves[i];
      if (x->kind != m->kind || x->tile != m->tile)
        continue;
      if ((m->kind == SUMMER_MOVE_LEAF || m->kind == SUMMER_MOVE_ANIMAL || m->kind == SUMMER_MOVE_SQUIRREL
           || m->kind == SUMMER_MOVE_NUT)
          && x->square != m->square)
        continue;
      SummerState t;
      found = play_copy (before, x, &t) && summer_state_hash (&t) == want;
    }
  summer_move_list_clear (&l);
  return found;
}

/* The text of legal move @pick (modulo their count), or NULL when none. */
static char *
pick_legal (const SummerState *s, unsigned long pick)
{
  SummerMoveList l;
  summer_legal_moves (s, &l);
  char *text = l.n ? summer_move_format (s, &l.moves[pick % (unsigned long) l.n]) : NULL;
  summer_move_list_clear (&l);
  return text;
}

static void
play_line (SummerState *s, const char *line)
{
  g_autofree char *picked = NULL;
  if (line[0] == '?')
    {
      picked = pick_legal (s, strtoul (line + 1, NULL, 10));
      if (!picked)
        return;
      line = picked;
    }

  SummerMove m;
  g_autoptr (GError) error = NULL;
  if (!summer_move_parse (s, line, &m, &error))
    {
      if (!g_error_matches (error, SUMMER_ERROR, SUMMER_ERROR_PARSE))
        fuzz_fail ("'%.80s' refused without a parse error", line);
      if (picked)
        fuzz_fail ("the formatted legal move '%.80s' does not parse: %s", line, error->message);
      return;
    }
  /* a parser accepts exactly the notation: what it accepts formats back to itself */
  g_autofree char *text = summer_move_format (s, &m);
  if (strcmp (text, line) != 0)
    fuzz_fail ("'%.80s' is accepted as the move written '%.80s'", line, text);

  SummerState before;
  memcpy (&before, s, sizeof before);
  g_autoptr (GError) check_error = NULL;
  gboolean legal = summer_check_move (s, &m, &check_error);
  gboolean applied = summer_apply_move (s, &m, NULL, &error);
  if (legal != applied)
    fuzz_fail ("'%.80s': summer_check_move says %s, summer_apply_move %s", line, legal ? "legal" : "illegal",
               applied ? "played it" : "refused it");
  if (!applied)
    {
      if (!g_error_matches (error, SUMMER_ERROR, SUMMER_ERROR_ILLEGAL))
        fuzz_fail ("'%.80s' refused without SUMMER_ERROR_ILLEGAL", line);
      if (memcmp (&before, s, sizeof before) != 0)
        fuzz_fail ("the refused move '%.80s' changed the state", line);
      if (picked)
        fuzz_fail ("the legal move '%.80s' was refused: %s", line, error->message);
      return;
    }

  check_invariants (s);
  if (!summer_is_over (s))
    check_legal_moves_agree (s);

  if (!listed (&before, &m, s))
    fuzz_fail ("'%.80s' was played but is not in the legal-move list", line);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  if (size < 1)
    return 0;
  size = MIN (size, FUZZ_MAX_INPUT);
  SummerSetup setup;
  summer_setup_init (&setup, 1 + data[0] % SUMMER_MAX_PLAYERS, fuzz_read_le (data + 1, size - 1, 8));
  SummerState s;
  g_autoptr (GError) error = NULL;
  if (!summer_state_new_game (&setup, &s, &error))
    fuzz_fail ("set-up refused: %s", error->message);
  check_invariants (&s);

  size_t header = size < 9 ? size : 9;
  g_autofree char *text = fuzz_text (data + header, size - header);
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  for (int i = 0; lines[i]; i++)
    play_line (&s, lines[i]);
  return 0;
}
