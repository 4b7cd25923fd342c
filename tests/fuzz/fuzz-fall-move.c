/* fuzz-fall-move.c: Fall moves, as text, applied to a live game.
 *
 * Input: byte 0 picks the set-up options (Season board side byte % 3 and
 * first player byte / 3 % 3: 0 random, 1 the first, 2 the second), bytes
 * 1-8 the seed (little-endian; missing bytes are 0), the rest is moves in
 * the notation (docs/notation-fall.md), separated by any white space, as
 * in a record.  A word "?N" stands for legal move number N (modulo their
 * count), formatted with fall_move_format(): it lets the fuzzer reach late
 * positions.
 *
 * For every word that fall_move_parse() accepts:
 * - it formats back to itself (issue 14: a parser accepts exactly its
 *   notation);
 * - fall_check_move() and fall_apply() agree, a refused move comes with a
 *   reason and leaves the state unchanged;
 * - a legal move is in fall_legal_moves() ("exactly the moves
 *   fall_legal_moves() lists are legal"), and after it
 *   fall_state_check_invariants() finds nothing.
 */
#include "fuzz-util.h"
#include "datafile.h"
#include "fall-components.h"
#include "fall-notation.h"
#include "fall-state.h"

static const FallComponents *comps;
static FallMoveList *list;

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  fuzz_init_common ();
  comps = fall_components ();
  list = g_new0 (FallMoveList, 1);
  return 0;
}

static void
check_invariants (const FallState *s, const char *after)
{
  g_autofree char *problem = fall_state_check_invariants (s);
  if (problem)
    fuzz_fail ("after '%.80s': %s", after, problem);
}

static void
play_word (FallState *s, const char *word)
{
  char picked[64];
  if (word[0] == '?')
    {
      int n = fall_legal_moves (s, list);
      if (n == 0)
        return;
      fall_move_format (s, &list->m[strtoul (word + 1, NULL, 10) % (unsigned long) n], picked, sizeof picked);
      word = picked;
    }

  FallMove m;
  g_autoptr (GError) error = NULL;
  if (!fall_move_parse (comps, word, &m, &error))
    {
      if (!g_error_matches (error, FOL_DATA_ERROR, FOL_DATA_ERROR_PARSE))
        fuzz_fail ("'%.80s' refused without a parse error", word);
      if (word == picked)
        fuzz_fail ("the formatted legal move '%s' does not parse: %s", word, error->message);
      return;
    }
  char text[64];
  fall_move_format (s, &m, text, sizeof text);
  if (strcmp (text, word) != 0)
    fuzz_fail ("'%.80s' is accepted as the move written '%s'", word, text);

  FallState *before = g_memdup2 (s, sizeof *s);
  const char *check_reason = NULL, *reason = NULL;
  bool legal = fall_check_move (s, &m, &check_reason);
  bool applied = fall_apply (s, &m, &reason);
  if (legal != applied)
    fuzz_fail ("'%s': fall_check_move says %s, fall_apply %s", word, legal ? "legal" : "illegal",
               applied ? "played it" : "refused it");
  if (!applied)
    {
      if (!reason || !check_reason)
        fuzz_fail ("'%s' refused without a reason", word);
      if (memcmp (before, s, sizeof *s) != 0)
        fuzz_fail ("the refused move '%s' changed the state", word);
      if (word == picked)
        fuzz_fail ("the legal move '%s' was refused: %s", word, reason);
      g_free (before);
      return;
    }
  check_invariants (s, word);

  int n = fall_legal_moves (before, list);
  bool found = false;
  for (int i = 0; i < n && !found; i++)
    found = fall_move_equal (&list->m[i], &m);
  if (!found)
    fuzz_fail ("'%s' was played but is not in the legal-move list", word);
  g_free (before);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  if (size < 1)
    return 0;
  size = MIN (size, FUZZ_MAX_INPUT);
  FallOptions opts = { data[0] % 3 - 1, data[0] / 3 % 3 - 1 };
  FallState *s = g_new0 (FallState, 1);
  fall_state_init (s, comps, fuzz_read_le (data + 1, size - 1, 8), &opts);
  check_invariants (s, "the set-up");

  size_t header = size < 9 ? size : 9;
  g_autofree char *text = fuzz_text (data + header, size - header);
  g_auto (GStrv) words = g_strsplit_set (text, " \t\n\r\f\v", -1);
  for (int i = 0; words[i]; i++)
    if (*words[i])
      play_word (s, words[i]);
  g_free (s);
  return 0;
}
