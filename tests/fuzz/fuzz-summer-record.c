/* fuzz-summer-record.c: an Indian Summer game record (docs/notation.md,
 * "Game records": what `foliage-cli replay` reads and `selfplay --records`
 * writes), parsed and replayed.
 *
 * Input: the record text (it ends at the first NUL byte).
 *
 * When summer_record_parse() accepts it:
 * - summer_record_replay() either plays every move, or fails with an error
 *   and the count of moves it applied;
 * - a replay by hand (set-up, then each move parsed and played) applies the
 *   same number of moves and reaches the same state hash, with the
 *   invariants of the self-play tests after every move, and every move
 *   formats back to its text;
 * - summer_record_format() of the set-up and moves parses back to the
 *   same set-up and moves.
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

static gboolean
same_setup (const SummerSetup *a, const SummerSetup *b)
{
  if (a->seed != b->seed || a->n_players != b->n_players || a->campaign_game != b->campaign_game)
    return FALSE;
  for (int i = 0; i < SUMMER_MAX_PLAYERS; i++)
    if (i < a->n_players && a->side[i] != b->side[i])
      return FALSE;
  return TRUE;
}

/* Plays @record move by move; returns the number of moves applied. */
static guint
replay_by_hand (const SummerRecord *record, SummerState *s)
{
  g_autoptr (GError) error = NULL;
  if (!summer_state_new_game (&record->setup, s, &error))
    return 0;
  check_invariants (s);
  for (guint i = 0; i < record->moves->len; i++)
    {
      const char *text = g_ptr_array_index (record->moves, i);
      SummerMove m;
      if (!summer_move_parse (s, text, &m, NULL))
        return i;
      g_autofree char *again = summer_move_format (s, &m);
      if (strcmp (again, text) != 0)
        fuzz_fail ("move %u '%.80s' is accepted as the move written '%s'", i + 1, text, again);
      if (!summer_apply_move (s, &m, NULL, NULL))
        return i;
      check_invariants (s);
    }
  return record->moves->len;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autofree char *text = fuzz_text (data, MIN (size, FUZZ_MAX_INPUT));
  SummerRecord record;
  g_autoptr (GError) error = NULL;
  if (!summer_record_parse (text, &record, &error))
    {
      if (!g_error_matches (error, SUMMER_ERROR, SUMMER_ERROR_PARSE))
        fuzz_fail ("a record refused without a parse error: %s", error->message);
      return 0;
    }

  SummerState s;
  int n_applied = -1;
  gboolean ok = summer_record_replay (&record, &s, &n_applied, &error);
  if (ok != (error == NULL))
    fuzz_fail ("summer_record_replay returned %d with the error %s", ok, error ? error->message : "unset");
  if (n_applied < 0 || (guint) n_applied > record.moves->len || (ok && (guint) n_applied != record.moves->len))
    fuzz_fail ("summer_record_replay applied %d of %u moves (%s)", n_applied, record.moves->len,
               ok ? "succeeded" : "failed");
  if (ok)
    check_invariants (&s);

  SummerState by_hand;
  guint n_by_hand = replay_by_hand (&record, &by_hand);
  if (n_by_hand != (guint) n_applied)
    fuzz_fail ("the replay applied %d moves, the replay by hand %u", n_applied, n_by_hand);
  if (ok && summer_state_hash (&s) != summer_state_hash (&by_hand))
    fuzz_fail ("the replay and the replay by hand end in different states");

  /* the record written back reads as the same game */
  g_autofree char *again = summer_record_format (&record.setup, record.moves);
  SummerRecord record2;
  g_autoptr (GError) error2 = NULL;
  if (!summer_record_parse (again, &record2, &error2))
    fuzz_fail ("the record formatted back does not parse: %s\n%s", error2->message, again);
  if (!same_setup (&record.setup, &record2.setup))
    fuzz_fail ("the record formatted back has another set-up:\n%s", again);
  if (record2.moves->len != record.moves->len)
    fuzz_fail ("the record formatted back has %u moves, not %u", record2.moves->len, record.moves->len);
  for (guint i = 0; i < record.moves->len; i++)
    if (strcmp (g_ptr_array_index (record.moves, i), g_ptr_array_index (record2.moves, i)) != 0)
      fuzz_fail ("move %u of the record formatted back differs", i + 1);
  summer_record_clear (&record2);
  summer_record_clear (&record);
  return 0;
}
