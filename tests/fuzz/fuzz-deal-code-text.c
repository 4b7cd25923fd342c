/* fuzz-deal-code-text.c: a deal code (docs/notation.md, "Deal codes") as a
 * person types or pastes it into New Game.
 *
 * Input: the text (it ends at the first NUL byte).
 *
 * When fol_deal_code_parse() refuses it: the error is FOL_DEAL_CODE_ERROR
 * with a short message of valid UTF-8, and the deal is untouched.
 *
 * When it accepts it:
 * - the deal is one the rules set up (fol_deal_check(); Indian Summer:
 *   summer_state_new_game() accepts its set-up);
 * - fol_deal_code_format() writes it back, and that code reads as the same
 *   deal and is written again unchanged;
 * - the input is that code in another layout only: without blanks and
 *   dashes and in capitals, the two are the same character by character,
 *   but for I, L and O typed for 1, 1 and 0 (only one form is accepted).
 */
#include "fuzz-util.h"
#include "fol-deal-code.h"
#include "summer-components.h"

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  fuzz_init_common ();
  g_autoptr (GError) error = NULL;
  if (!summer_components_get (&error))
    fuzz_fail ("the component data: %s", error->message);
  return 0;
}

/* @text without blanks and dashes, in capitals, I L O read as 1 1 0. */
static char *
letters (const char *text)
{
  GString *s = g_string_new (NULL);
  for (const char *p = text; *p; p++)
    {
      if (g_ascii_isspace (*p) || *p == '-')
        continue;
      char c = g_ascii_toupper (*p);
      g_string_append_c (s, c == 'I' || c == 'L' ? '1' : c == 'O' ? '0' : c);
    }
  return g_string_free (s, FALSE);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autofree char *text = fuzz_text (data, MIN (size, FUZZ_MAX_INPUT));
  FolDeal deal, before;
  memset (&deal, 0x5a, sizeof deal);
  before = deal;
  g_autoptr (GError) error = NULL;
  if (!fol_deal_code_parse (text, &deal, &error))
    {
      if (error == NULL || error->domain != FOL_DEAL_CODE_ERROR)
        fuzz_fail ("a text refused without a deal code error: %s", error ? error->message : "unset");
      if (!g_utf8_validate (error->message, -1, NULL) || strlen (error->message) > 400)
        fuzz_fail ("the message is not short valid UTF-8 (%zu bytes)", strlen (error->message));
      if (memcmp (&deal, &before, sizeof deal) != 0)
        fuzz_fail ("a refused code changed the deal");
      return 0;
    }
  if (error != NULL)
    fuzz_fail ("an accepted code with an error set: %s", error->message);
  if (!fol_deal_check (&deal, &error))
    fuzz_fail ("an accepted code names a deal that is not one: %s", error->message);
  if (deal.game == FOL_DEAL_SUMMER)
    {
      SummerSetup setup;
      fol_deal_to_summer_setup (&deal, &setup);
      SummerState s;
      if (!summer_state_new_game (&setup, &s, &error))
        fuzz_fail ("an accepted code cannot be set up: %s", error->message);
    }

  g_autofree char *code = fol_deal_code_format (&deal, &error);
  if (code == NULL)
    fuzz_fail ("an accepted code is not written back: %s", error->message);
  FolDeal again;
  if (!fol_deal_code_parse (code, &again, &error))
    fuzz_fail ("the code written back '%s' is refused: %s", code, error->message);
  if (!fol_deal_equal (&deal, &again))
    fuzz_fail ("the code written back '%s' is another deal", code);
  g_autofree char *code2 = fol_deal_code_format (&again, NULL);
  if (g_strcmp0 (code, code2) != 0)
    fuzz_fail ("the code '%s' is written again as '%s'", code, code2);

  g_autofree char *typed = letters (text);
  g_autofree char *written = letters (code);
  if (strcmp (typed, written) != 0)
    fuzz_fail ("'%.80s' is accepted as the code '%s', which reads differently", text, code);
  return 0;
}
