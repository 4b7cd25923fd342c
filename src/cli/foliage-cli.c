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

static const FolCliCommand commands[] = {
  /* Indian Summer */
  { "selfplay summer", fol_cli_summer_selfplay, "play whole Indian Summer games between computer players" },
  { "replay", fol_cli_summer_replay, "replay a game record and print the final position and hash" },
  { "show", fol_cli_summer_show, "print a position (a game record's end, or a fresh set-up) as text" },
  { "bench summer", fol_cli_summer_bench, "placement checks and random games per second" },
  { "data check", fol_cli_data_check, "load and validate every component data file" },
  /* Fall: added by the Fall engine */
};

static void
usage (FILE *out)
{
  fprintf (out, "Usage: foliage-cli COMMAND [OPTIONS]\n\nCommands:\n");
  for (size_t i = 0; i < G_N_ELEMENTS (commands); i++)
    fprintf (out, "  %-18s %s\n", commands[i].name, commands[i].summary);
  fprintf (out, "\nRun foliage-cli COMMAND --help for a command's options.\n");
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
