/* foliage-cli.c: the headless tool over engine + model + store.
 *
 *   foliage-cli COMMAND [ARGS...]
 *
 * Each command lives in a cli-*.c file and is listed in the table below. */
#include "config.h"

#include <glib.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"

const char *fol_cli_db_path;

static const FolCliCommand commands[] = {
  /* Indian Summer */
  { "selfplay summer", fol_cli_summer_selfplay, "play whole Indian Summer games between computer players" },
  { "replay", fol_cli_summer_replay, "replay a game record and print the final position and hash" },
  { "show", fol_cli_summer_show, "print a position (a game record's end, or a fresh set-up) as text" },
  { "bench summer", fol_cli_summer_bench, "placement checks and random games per second" },
  { "data check", fol_cli_data_check, "load and validate every component data file" },
  { "render summer", fol_cli_render_summer, "draw a position to a PNG with the window's painter" },
  { "render fall", fol_cli_render_fall, "draw a Fall position to a PNG with the window's painter" },
  { "deal", fol_cli_deal, "print the set-up of a deal code, or the code of a saved game or of the deal of the day" },
  /* saved games, campaigns, statistics */
  { "games", fol_cli_games, "list the saved games" },
  { "resume", fol_cli_resume, "finish a saved game with computer players" },
  { "stats", fol_cli_stats, "print the statistics of the saved games" },
  { "campaign new", fol_cli_campaign_new, "start a solo campaign of Indian Summer" },
  { "campaign play", fol_cli_campaign_play, "play a campaign's next game with a computer player" },
  { "campaign show", fol_cli_campaign_show, "show a campaign's games and result" },
  { "bench store", fol_cli_store_bench, "time saving a move and listing 10,000 saved games" },
  /* Fall: added by the Fall engine */
  { "selfplay fall", fol_cli_fall_selfplay, "play whole Fall games between computer players" },
  { "score fall", fol_cli_fall_score, "print both players' score breakdown of a Fall position" },
  { "bench fall", fol_cli_fall_bench, "legal placements and random Fall games per second" },
  /* both games */
  { "match", fol_cli_match, "play computer levels against each other over the same deals, seats rotated" },
  { "par", fol_cli_par, "the best final score a solo Indian Summer deal allows, and its winning line" },
  { "soak", fol_cli_soak, "play many self-play games, every invariant and round trip checked after every move" },
  { "analyse", fol_cli_analyse, "each turn of a finished game against the Expert level's, with the points it cost" },
};

static void
usage (FILE *out)
{
  fprintf (out, "Usage: foliage-cli COMMAND [OPTIONS]\n\nCommands:\n");
  for (size_t i = 0; i < G_N_ELEMENTS (commands); i++)
    fprintf (out, "  %-18s %s\n", commands[i].name, commands[i].summary);
  fprintf (out, "\nEvery command takes --db PATH, the database of saved games (default:\n"
                "$XDG_DATA_HOME/" APP_ID "/foliage.db).\n"
                "Run foliage-cli COMMAND --help for a command's options.\n");
}

int
main (int argc, char *argv[])
{
  setlocale (LC_ALL, "");
  if (argc < 2 || strcmp (argv[1], "--help") == 0 || strcmp (argv[1], "-h") == 0)
    {
      usage (argc < 2 ? stderr : stdout);
      return argc < 2 ? 2 : 0;
    }
  /* --db PATH / --db=PATH is accepted by every command (issue 4): take it out here */
  for (int i = 1; i < argc; i++)
    {
      const char *db = NULL;
      int drop = 0;
      if (strcmp (argv[i], "--db") == 0 && i + 1 < argc)
        {
          db = argv[i + 1];
          drop = 2;
        }
      else if (g_str_has_prefix (argv[i], "--db="))
        {
          db = argv[i] + 5;
          drop = 1;
        }
      if (!drop)
        continue;
      fol_cli_db_path = db;
      memmove (&argv[i], &argv[i + drop], sizeof (char *) * (size_t) (argc - i - drop + 1));
      argc -= drop;
      i--;
    }
  if (argc < 2)
    {
      usage (stderr);
      return 2;
    }
  /* longest match first: two-word commands ("selfplay summer") before one-word ones */
  for (int words = 2; words >= 1; words--)
    {
      if (argc < 1 + words)
        continue;
      g_autofree char *name = words == 2 ? g_strdup_printf ("%s %s", argv[1], argv[2]) : g_strdup (argv[1]);
      for (size_t i = 0; i < G_N_ELEMENTS (commands); i++)
        if (strcmp (commands[i].name, name) == 0)
          {
            /* the command sees argv[0] = "foliage-cli NAME" and its own options */
            int sub_argc = argc - words;
            char **sub_argv = argv + words;
            g_autofree char *prog = g_strdup_printf ("foliage-cli %s", name);
            sub_argv[0] = prog;
            return commands[i].run (sub_argc, sub_argv);
          }
    }
  fprintf (stderr, "foliage-cli: unknown command '%s'\n\n", argv[1]);
  usage (stderr);
  return 2;
}
