/* cli-render.c: foliage-cli render summer: a position drawn to a PNG with
 * the painter the window uses (src/ui/fol-summer-painter.c). */
#include "config.h"

#include <glib.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "summer-notation.h"
#include "fol-summer-painter.h"

static gboolean
is_placement (const SummerMove *m)
{
  return m->kind == SUMMER_MOVE_LEAF || m->kind == SUMMER_MOVE_ANIMAL || m->kind == SUMMER_MOVE_SQUIRREL
         || m->kind == SUMMER_MOVE_NUT;
}

gboolean
fol_cli_check_ply (const char *file, int ply, guint n_plies)
{
  if (ply >= 0 && (guint) ply <= n_plies)
    return TRUE;
  fprintf (stderr, "foliage-cli: %s: --ply %d is out of range: the record has %u plies, so N is 0 (the set-up) "
           "to %u\n", file, ply, n_plies, n_plies);
  return FALSE;
}

gboolean
fol_cli_take_ply (int ply, gboolean has_record, int *n_moves)
{
  if (ply == G_MININT)
    return TRUE;
  if (!has_record || *n_moves >= 0)
    {
      fprintf (stderr, "foliage-cli: --ply needs a game record, and no --moves\n");
      return FALSE;
    }
  *n_moves = ply;
  return TRUE;
}

int
fol_cli_render_summer (int argc, char **argv)
{
  g_autofree char *out = NULL;
  g_autofree char *names = NULL;
  g_autofree char *ghost = NULL;
  int width = 1100, height = 760, seat = 0, players = 2, n_moves = -1, ply = G_MININT;
  gint64 seed = 1;
  gboolean dark = FALSE, no_last = FALSE, marks = FALSE, acting = FALSE;
  GOptionEntry entries[] = {
    { "out", 'o', 0, G_OPTION_ARG_FILENAME, &out, "The PNG file to write", "FILE" },
    { "width", 'W', 0, G_OPTION_ARG_INT, &width, "Width in pixels (default 1100)", "W" },
    { "height", 'H', 0, G_OPTION_ARG_INT, &height, "Height in pixels (default 760)", "H" },
    { "seat", 0, 0, G_OPTION_ARG_INT, &seat, "The seat shown large, 1-based (default: the seat to move)", "N" },
    { "dark", 0, 0, G_OPTION_ARG_NONE, &dark, "The dark palette", NULL },
    { "moves", 'm', 0, G_OPTION_ARG_INT, &n_moves, "Replay only the first N moves of the record", "N" },
    { "ply", 0, 0, G_OPTION_ARG_INT, &ply, "Draw the position after N plies (moves) of the record, 0 the set-up; "
      "N beyond the record is an error", "N" },
    { "names", 0, 0, G_OPTION_ARG_STRING, &names, "Player names, comma-separated", "A,B,..." },
    { "ghost", 0, 0, G_OPTION_ARG_STRING, &ghost, "Show a held piece for the seat to move, e.g. \"G05 r1 e4\"", "MOVE" },
    { "marks", 0, 0, G_OPTION_ARG_NONE, &marks, "With --ghost: mark the squares where that orientation fits", NULL },
    { "no-last", 0, 0, G_OPTION_ARG_NONE, &no_last, "Do not highlight the last move", NULL },
    { "acting", 0, 0, G_OPTION_ARG_NONE, &acting, "Draw as for a person at the seat to move (the tiles they may take glow)", NULL },
    { "players", 'p', 0, G_OPTION_ARG_INT, &players, "Without POSITION: players of a fresh set-up", "N" },
    { "seed", 's', 0, G_OPTION_ARG_INT64, &seed, "Without POSITION: seed of a fresh set-up", "S" },
    { NULL }
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new ("[POSITION] --out FILE.png - draw an Indian Summer position");
  g_option_context_set_description (ctx, "POSITION is a game record (docs/notation.md); its last position is drawn "
                                         "(or the one after --moves N or --ply N). Without it, a fresh set-up for --players "
                                         "and --seed.");
  g_option_context_add_main_entries (ctx, entries, NULL);
  g_autoptr (GError) error = NULL;
  if (!g_option_context_parse (ctx, &argc, &argv, &error))
    {
      fprintf (stderr, "%s: %s\n", argv[0], error->message);
      return 2;
    }
  if (!out || argc > 2 || width < 200 || height < 150 || width > 8000 || height > 8000)
    {
      fprintf (stderr, "Usage: foliage-cli render summer [POSITION] --out FILE.png [--width W --height H] [--seat N] [--dark]\n");
      return 2;
    }
  if (!fol_cli_take_ply (ply, argc == 2, &n_moves))
    return 2;
  if (!summer_components_get (&error))
    {
      fprintf (stderr, "foliage-cli: %s\n", error->message);
      return 1;
    }

  SummerState s;
  SummerMove last = { 0 };
  int last_seat = -1;
  if (argc == 2)
    {
      g_autofree char *text = NULL;
      SummerRecord record;
      if (!g_file_get_contents (argv[1], &text, NULL, &error) || !summer_record_parse (text, &record, &error))
        {
          fprintf (stderr, "foliage-cli: %s: %s\n", argv[1], error->message);
          return 1;
        }
      if (ply != G_MININT && !fol_cli_check_ply (argv[1], ply, record.moves->len))
        {
          summer_record_clear (&record);
          return 2;
        }
      gboolean ok = summer_state_new_game (&record.setup, &s, &error);
      for (guint i = 0; ok && i < record.moves->len && (n_moves < 0 || (int) i < n_moves); i++)
        {
          const char *mt = g_ptr_array_index (record.moves, i);
          SummerMove m;
          int mover = s.current;
          ok = summer_move_parse (&s, mt, &m, &error) && summer_apply_move (&s, &m, NULL, &error);
          if (!ok)
            g_prefix_error (&error, "move %u '%s': ", i + 1, mt);
          else if (is_placement (&m))
            {
              last = m;
              last_seat = mover;
            }
        }
      summer_record_clear (&record);
      if (!ok)
        {
          fprintf (stderr, "foliage-cli: %s: %s\n", argv[1], error->message);
          return 1;
        }
    }
  else
    {
      SummerSetup setup;
      summer_setup_init (&setup, players, (uint64_t) seed);
      if (!summer_state_new_game (&setup, &s, &error))
        {
          fprintf (stderr, "foliage-cli: %s\n", error->message);
          return 2;
        }
    }
  if (seat < 0 || seat > s.n_players)
    {
      fprintf (stderr, "foliage-cli: --seat is 1..%d\n", s.n_players);
      return 2;
    }
  int main_seat = seat > 0 ? seat - 1 : s.current;

  FolSummerHighlights h;
  fol_summer_highlights_init (&h);
  h.dark = dark;
  g_auto (GStrv) name_list = names ? g_strsplit (names, ",", SUMMER_MAX_PLAYERS) : NULL;
  for (int i = 0; name_list && name_list[i] && i < SUMMER_MAX_PLAYERS; i++)
    h.names[i] = g_strstrip (name_list[i]);
  if (acting)
    h.acting_seat = s.current;
  if (last_seat >= 0 && !no_last)
    {
      h.last_seat = last_seat;
      h.last_squares = fol_summer_move_squares (&last, NULL);
    }
  if (ghost)
    {
      SummerMove gm;
      if (!summer_move_parse (&s, ghost, &gm, &error))
        {
          fprintf (stderr, "foliage-cli: --ghost: %s\n", error->message);
          return 2;
        }
      h.acting_seat = s.current;
      fol_summer_highlights_set_ghost (&h, &s, &gm);
      if (h.held == FOL_SUMMER_HELD_NONE)
        {
          fprintf (stderr, "foliage-cli: --ghost takes a Leaf tile, Animal tile, Squirrel or Nut move\n");
          return 2;
        }
      if (gm.kind == SUMMER_MOVE_LEAF)
        h.lifted_tile = gm.tile;
      if (marks)
        {
          /* every square covered by a legal placement of that orientation */
          SummerMoveList list;
          summer_legal_moves (&s, &list);
          for (int i = 0; i < list.n; i++)
            {
              const SummerMove *m = &list.moves[i];
              if (m->kind == gm.kind && m->tile == gm.tile)
                {
                  SummerMove probe = gm;
                  probe.square = m->square;
                  if (summer_check_move (&s, &probe, NULL))
                    h.legal_marks |= fol_bb_bit (m->square);
                }
            }
          summer_move_list_clear (&list);
        }
    }
  if (!fol_summer_render_png (&s, main_seat, width, height, &h, out, &error))
    {
      fprintf (stderr, "foliage-cli: %s\n", error->message);
      return 1;
    }
  return 0;
}
