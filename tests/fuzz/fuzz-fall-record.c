/* fuzz-fall-record.c: a Fall game record (docs/notation-fall.md, "Game
 * records": what `foliage-cli selfplay fall --records` writes), parsed and
 * replayed with fall_replay().
 *
 * Input: the record text (it ends at the first NUL byte).
 *
 * When fall_replay() accepts it (every move legal, the hash right):
 * - fall_state_check_invariants() finds nothing in the final state;
 * - playing the moves it returns from the set-up by hand, each formatted
 *   and parsed back to the same move, with the invariants after every one,
 *   ends in the same state;
 * - fall_record_format() of the game replays to the same state.
 * The seed for these is read from the record's "seed N" line; the side
 * and first player from the final state (both are drawn at set-up even
 * when fixed, so fixing them to what was drawn sets up the same game).
 */
#include "fuzz-util.h"
#include "datafile.h"
#include "fall-components.h"
#include "fall-notation.h"
#include "fall-state.h"

static const FallComponents *comps;

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  fuzz_init_common ();
  comps = fall_components ();
  return 0;
}

/* The value of the record's last "seed N" line before "moves". */
static gboolean
record_seed (const char *record, uint64_t *seed)
{
  gboolean found = FALSE;
  g_auto (GStrv) lines = g_strsplit (record, "\n", -1);
  for (int i = 0; lines[i]; i++)
    {
      char *hash = strchr (lines[i], '#');
      if (hash)
        *hash = '\0';
      g_auto (GStrv) w = g_strsplit_set (g_strstrip (lines[i]), " \t", -1);
      char *f[3] = { NULL, NULL, NULL };
      int nf = 0;
      for (int k = 0; w[k]; k++)
        if (*w[k] && nf < 3)
          f[nf++] = w[k];
      if (nf == 1 && strcmp (f[0], "moves") == 0)
        break;
      if (nf == 2 && strcmp (f[0], "seed") == 0)
        {
          char *end;
          *seed = g_ascii_strtoull (f[1], &end, 10);
          found = !*end;
        }
    }
  return found;
}

static void
check_invariants (const FallState *s, guint after)
{
  g_autofree char *problem = fall_state_check_invariants (s);
  if (problem)
    fuzz_fail ("after move %u: %s", after, problem);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autofree char *text = fuzz_text (data, MIN (size, FUZZ_MAX_INPUT));
  g_autofree FallState *out = g_new0 (FallState, 1);
  g_autoptr (GArray) moves = NULL;
  g_autoptr (GError) error = NULL;
  if (!fall_replay (comps, text, out, &moves, &error))
    {
      if (!error || error->domain != FOL_DATA_ERROR)
        fuzz_fail ("a record refused without a FOL_DATA_ERROR");
      return 0;
    }
  if (!moves)
    fuzz_fail ("fall_replay succeeded without its moves");
  check_invariants (out, moves->len);

  uint64_t seed;
  if (!record_seed (text, &seed))
    fuzz_fail ("a record accepted without a seed line that reads as a number");
  FallOptions opts = { out->side, out->first_player };
  g_autofree FallState *s = g_new0 (FallState, 1);
  fall_state_init (s, comps, seed, &opts);
  for (guint i = 0; i < moves->len; i++)
    {
      const FallMove *m = &g_array_index (moves, FallMove, i);
      char buf[64];
      fall_move_format (s, m, buf, sizeof buf);
      FallMove again;
      if (!fall_move_parse (comps, buf, &again, NULL) || !fall_move_equal (m, &again))
        fuzz_fail ("move %u is written '%s', which does not parse back to it", i + 1, buf);
      const char *reason = NULL;
      if (!fall_apply (s, m, &reason))
        fuzz_fail ("move %u '%s' is refused in the replay by hand: %s", i + 1, buf, reason);
      check_invariants (s, i + 1);
    }
  if (fall_state_hash (s) != fall_state_hash (out))
    fuzz_fail ("the replay by hand ends in another state");

  g_autofree char *formatted = fall_record_format (seed, &opts, out, (const FallMove *) moves->data, (int) moves->len);
  g_autofree FallState *again = g_new0 (FallState, 1);
  if (!fall_replay (comps, formatted, again, NULL, &error))
    fuzz_fail ("the record formatted back does not replay: %s\n%s", error->message, formatted);
  if (fall_state_hash (again) != fall_state_hash (out))
    fuzz_fail ("the record formatted back ends in another state");
  return 0;
}
