/* cli-deal.c: foliage-cli deal: deal codes (docs/notation.md, "Deal
 * codes"): the set-up a code names, as a game record without moves; the
 * code of a saved game; the code of a day's deal. */
#include "config.h"

#include <glib.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "fall-notation.h"
#include "fol-deal-code.h"
#include "fol-fall-game.h"
#include "fol-summer-game.h"
#include "summer-notation.h"

/* The record of @deal's set-up with no move (docs/notation.md, "Game
 * records"; docs/notation-fall.md), or NULL with @error. */
static char *
deal_record (const FolDeal *deal, GError **error)
{
  if (deal->game == FOL_DEAL_SUMMER)
    {
      SummerSetup setup;
      fol_deal_to_summer_setup (deal, &setup);
      g_autoptr (GPtrArray) none = g_ptr_array_new ();
      return summer_record_format (&setup, none);
    }
  const FallComponents *comps = fall_components_get (error);
  if (comps == NULL)
    return NULL;
  FallOptions opts;
  fol_deal_to_fall_options (deal, &opts);
  g_autofree FallState *s = g_new0 (FallState, 1);
  fall_state_init (s, comps, deal->seed, &opts);
  return fall_record_format (deal->seed, &opts, s, NULL, 0);
}

/* The code of saved game @id of the store. */
static char *
saved_game_code (gint64 id, GError **error)
{
  g_autoptr (FolStore) store = fol_cli_open_store ();
  if (store == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, "the saved games cannot be opened");
      return NULL;
    }
  g_autoptr (FolSavedGame) saved = fol_store_load_game (store, id, error);
  if (saved == NULL)
    return NULL;
  g_autoptr (FolGame) game = g_strcmp0 (saved->kind, "fall") == 0 ? FOL_GAME (fol_fall_game_load (store, id, error))
                                                                   : FOL_GAME (fol_summer_game_load (store, id, error));
  return game ? fol_deal_code_for_game (game) : NULL;
}

int
fol_cli_deal (int argc, char **argv)
{
  gint64 game_id = 0;
  g_autofree char *date_text = NULL;
  gboolean today = FALSE;
  GOptionEntry entries[] = {
    { "game", 'g', 0, G_OPTION_ARG_INT64, &game_id, "Print the code of saved game ID", "ID" },
    { "date", 0, 0, G_OPTION_ARG_STRING, &date_text, "Print the code of that day's deal of the day", "YYYY-MM-DD" },
    { "today", 0, 0, G_OPTION_ARG_NONE, &today, "Print the code of today's deal of the day (local date)", NULL },
    { NULL }
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new ("[CODE] - deal codes: a code's set-up, a game's code, "
                                                         "the deal of the day's");
  g_option_context_set_description (ctx, "With CODE (docs/notation.md, \"Deal codes\"): prints the code in its one "
                                         "form and the set-up it names as a game record without moves (replay or "
                                         "render it). With --game, --date or --today: prints that deal's code.");
  g_option_context_add_main_entries (ctx, entries, NULL);
  g_autoptr (GError) error = NULL;
  if (!g_option_context_parse (ctx, &argc, &argv, &error))
    {
      fprintf (stderr, "%s: %s\n", argv[0], error->message);
      return 2;
    }
  int n_asked = (argc == 2) + (game_id != 0) + (date_text != NULL) + today;
  if (argc > 2 || n_asked != 1 || game_id < 0)
    {
      fprintf (stderr, "Usage: foliage-cli deal CODE | --game ID | --date YYYY-MM-DD | --today\n");
      return 2;
    }

  if (argc == 2)
    {
      FolDeal deal;
      g_autofree char *record = NULL;
      g_autofree char *code = NULL;
      if (!fol_deal_code_parse (argv[1], &deal, &error) || !(code = fol_deal_code_format (&deal, &error))
          || !(record = deal_record (&deal, &error)))
        {
          fprintf (stderr, "foliage-cli: %s\n", error->message);
          return 1;
        }
      printf ("# deal code %s\n%s", code, record);
      return 0;
    }
  if (game_id > 0)
    {
      g_autofree char *code = saved_game_code (game_id, &error);
      if (code == NULL)
        {
          fprintf (stderr, "foliage-cli: %s\n", error->message);
          return 1;
        }
      printf ("%s\n", code);
      return 0;
    }

  FolDeal deal;
  if (today)
    fol_deal_of_today (&deal);
  else
    {
      /* exactly YYYY-MM-DD, digits where digits go */
      gboolean form = strlen (date_text) == 10 && date_text[4] == '-' && date_text[7] == '-';
      for (int i = 0; form && i < 10; i++)
        form = i == 4 || i == 7 || g_ascii_isdigit (date_text[i]);
      unsigned y = 0, m = 0, d = 0;
      if (form)
        sscanf (date_text, "%4u-%2u-%2u", &y, &m, &d);
      if (!form || !g_date_valid_dmy ((GDateDay) d, (GDateMonth) m, (GDateYear) y))
        {
          fprintf (stderr, "foliage-cli: --date %s: a date is written YYYY-MM-DD, such as 2024-10-31\n", date_text);
          return 2;
        }
      g_autoptr (GDate) date = g_date_new_dmy ((GDateDay) d, (GDateMonth) m, (GDateYear) y);
      fol_deal_of_the_day (date, &deal);
    }
  g_autofree char *code = fol_deal_code_format (&deal, NULL);
  printf ("%s\n", code);
  return 0;
}
