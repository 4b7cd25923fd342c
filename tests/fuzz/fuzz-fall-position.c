/* fuzz-fall-position.c: a Fall position text (docs/notation-fall.md,
 * "Positions": what `foliage-cli score fall` and `render fall` read).
 *
 * Input: the position text (it ends at the first NUL byte).
 *
 * When fall_position_parse() accepts it:
 * - fall_position_format() writes a text that parses again, to a state
 *   with the same hash, which formats to the very same text (round trip);
 * - fall_legal_moves() lists moves that fall_check_move() accepts, and
 *   the first and last of them can be played.
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
play_listed (const FallState *s, int i)
{
  g_autofree FallState *t = g_memdup2 (s, sizeof *s);
  const char *reason = NULL;
  if (!fall_apply (t, &list->m[i], &reason))
    {
      char text[64];
      fall_move_format (s, &list->m[i], text, sizeof text);
      fuzz_fail ("the listed move %s is refused: %s", text, reason);
    }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autofree char *text = fuzz_text (data, MIN (size, FUZZ_MAX_INPUT));
  g_autofree FallState *s = g_new0 (FallState, 1);
  g_autoptr (GError) error = NULL;
  if (!fall_position_parse (comps, text, s, &error))
    {
      if (!g_error_matches (error, FOL_DATA_ERROR, FOL_DATA_ERROR_PARSE))
        fuzz_fail ("a position refused without a parse error: %s", error->message);
      return 0;
    }

  g_autofree char *formatted = fall_position_format (s);
  g_autofree FallState *again = g_new0 (FallState, 1);
  if (!fall_position_parse (comps, formatted, again, &error))
    fuzz_fail ("the position formatted back does not parse: %s\n%s", error->message, formatted);
  if (fall_state_hash (s) != fall_state_hash (again))
    fuzz_fail ("the position formatted back has another hash:\n%s", formatted);
  g_autofree char *formatted2 = fall_position_format (again);
  if (strcmp (formatted, formatted2) != 0)
    fuzz_fail ("the position formatted back formats differently:\n%s\n---\n%s", formatted, formatted2);

  int n = fall_legal_moves (s, list);
  for (int i = 0; i < n; i++)
    {
      const char *reason = NULL;
      if (!fall_check_move (s, &list->m[i], &reason))
        {
          char move[64];
          fall_move_format (s, &list->m[i], move, sizeof move);
          fuzz_fail ("the listed move %s is refused: %s", move, reason);
        }
    }
  if (n > 0)
    {
      play_listed (s, 0);
      play_listed (s, n - 1);
    }
  return 0;
}
