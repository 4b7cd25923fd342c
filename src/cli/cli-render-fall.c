/* cli-render-fall.c: foliage-cli render fall: a Fall position drawn to a
 * PNG with the painter the window uses (src/ui/fol-fall-painter.c). */
#include "config.h"

#include <cairo.h>
#include <glib.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "fall-notation.h"
#include "fol-fall-painter.h"

/* The cells touched by the moves of the last turn played (or of the turn in progress). */
static void
last_turn_cells (const FallComponents *comps, const FallMove *moves, int n, FolFallHighlights *h)
{
  int start = n;
  gboolean seen_move = FALSE;
  while (start > 0)
    {
      const FallMove *m = &moves[start - 1];
      if (m->kind == FALL_MOVE_END && seen_move)
        break;
      seen_move |= m->kind != FALL_MOVE_END;
      start--;
    }
  for (int i = start; i < n && h->n_last < (int) G_N_ELEMENTS (h->last_cells); i++)
    if (moves[i].kind == FALL_MOVE_PLACE || moves[i].kind == FALL_MOVE_TOKEN || moves[i].kind == FALL_MOVE_CLAIM)
      h->last_cells[h->n_last++] = (FolHex) { moves[i].q, moves[i].r };
  (void) comps;
}

int
fol_cli_render_fall (int argc, char **argv)
{
  g_autofree char *out = NULL;
  g_autofree char *names = NULL;
  g_autofree char *ghost = NULL;
  int width = 1100, height = 760, seat = -1, n_moves = -1, ply = G_MININT;
  gint64 seed = 1;
  gboolean dark = FALSE, no_last = FALSE, marks = FALSE;
  GOptionEntry entries[] = {
    { "out", 'o', 0, G_OPTION_ARG_FILENAME, &out, "The PNG file to write", "FILE" },
    { "width", 'W', 0, G_OPTION_ARG_INT, &width, "Width in pixels (default 1100)", "W" },
    { "height", 'H', 0, G_OPTION_ARG_INT, &height, "Height in pixels (default 760)", "H" },
    { "seat", 0, 0, G_OPTION_ARG_INT, &seat, "Draw what seat N (1 or 2) sees, with its scoring cards "
      "(default: the seat to move; 0: the full state, no cards)", "N" },
    { "dark", 0, 0, G_OPTION_ARG_NONE, &dark, "The dark palette", NULL },
    { "moves", 'm', 0, G_OPTION_ARG_INT, &n_moves, "Replay only the first N moves of a game record", "N" },
    { "ply", 0, 0, G_OPTION_ARG_INT, &ply, "Draw the position after N plies (moves) of a game record, 0 the set-up; "
      "N beyond the record is an error", "N" },
    { "names", 0, 0, G_OPTION_ARG_STRING, &names, "The two player names, comma-separated", "A,B" },
    { "ghost", 0, 0, G_OPTION_ARG_STRING, &ghost, "Show a tile in hand held over a cell, e.g. \"L07@1,-2r4\"", "MOVE" },
    { "marks", 0, 0, G_OPTION_ARG_NONE, &marks, "With --ghost: mark the cells where the tile fits", NULL },
    { "no-last", 0, 0, G_OPTION_ARG_NONE, &no_last, "Do not highlight the last turn's cells", NULL },
    { "seed", 's', 0, G_OPTION_ARG_INT64, &seed, "Without POSITION: the seed of a fresh set-up", "S" },
    { NULL }
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new ("[POSITION] --out FILE.png - draw a Fall position");
  g_option_context_set_description (ctx, "POSITION is a position file (\"fall-position 1\") or a game record "
                                         "(\"fall-game 1\"), see docs/notation-fall.md; a record is replayed "
                                         "(up to --moves N, or to ply N with --ply N). Without it, a fresh set-up "
                                         "for --seed.");
  g_option_context_add_main_entries (ctx, entries, NULL);
  g_autoptr (GError) error = NULL;
  if (!g_option_context_parse (ctx, &argc, &argv, &error))
    {
      fprintf (stderr, "%s: %s\n", argv[0], error->message);
      return 2;
    }
  if (!out || argc > 2 || width < 200 || height < 150 || width > 8000 || height > 8000 || seat > 2)
    {
      fprintf (stderr, "Usage: foliage-cli render fall [POSITION] --out FILE.png [--width W --height H] [--seat N] [--dark]\n");
      return 2;
    }
  if (!fol_cli_take_ply (ply, argc == 2, &n_moves))
    return 2;
  const FallComponents *comps = fall_components_get (&error);
  if (!comps)
    {
      fprintf (stderr, "foliage-cli: %s\n", error->message);
      return 1;
    }

  FallState *s = g_new0 (FallState, 1);
  g_autoptr (GArray) moves = g_array_new (FALSE, TRUE, sizeof (FallMove));
  if (argc == 2)
    {
      g_autofree char *text = NULL;
      if (!g_file_get_contents (argv[1], &text, NULL, &error))
        {
          fprintf (stderr, "foliage-cli: %s\n", error->message);
          g_free (s);
          return 1;
        }
      const char *p = text;
      while (*p == ' ' || *p == '\n' || *p == '\t' || *p == '#')
        {
          if (*p == '#')
            while (*p && *p != '\n')
              p++;
          else
            p++;
        }
      gboolean ok;
      if (g_str_has_prefix (p, "fall-game"))
        {
          GArray *all = NULL;
          ok = fall_replay (comps, text, s, &all, &error);
          if (ok && ply != G_MININT && !fol_cli_check_ply (argv[1], ply, all->len))
            {
              g_array_unref (all);
              g_free (s);
              return 2;
            }
          if (ok && n_moves >= 0 && (guint) n_moves < all->len)
            {
              /* replay the first N moves from the set-up of the record */
              g_autoptr (GArray) none = NULL;
              g_autofree char *head = NULL;
              /* the record's header (up to "moves") with no moves */
              const char *mv = strstr (text, "\nmoves");
              head = g_strdup_printf ("%.*s\nmoves\nend\n", mv ? (int) (mv - text) : 0, text);
              ok = fall_replay (comps, head, s, &none, &error);
              for (int i = 0; ok && i < n_moves; i++)
                {
                  const char *reason = NULL;
                  ok = fall_apply (s, &g_array_index (all, FallMove, i), &reason);
                  if (!ok)
                    g_set_error (&error, G_FILE_ERROR, G_FILE_ERROR_INVAL, "move %d: %s", i + 1, reason);
                }
              g_array_set_size (all, (guint) n_moves);
            }
          if (all)
            {
              g_array_append_vals (moves, all->data, all->len);
              g_array_unref (all);
            }
        }
      else if (ply != G_MININT)
        {
          fprintf (stderr, "foliage-cli: %s: --ply needs a game record (\"fall-game 1\"), not a position\n", argv[1]);
          g_free (s);
          return 2;
        }
      else
        ok = fall_position_parse (comps, text, s, &error);
      if (!ok)
        {
          fprintf (stderr, "foliage-cli: %s: %s\n", argv[1], error->message);
          g_free (s);
          return 1;
        }
    }
  else
    fall_state_init (s, comps, (uint64_t) seed, NULL);

  /* the seat whose view is drawn */
  int viewer;
  if (seat == 0)
    viewer = -1;
  else if (seat > 0)
    viewer = seat - 1;
  else if (s->is_view)
    viewer = s->viewer;
  else
    viewer = fall_state_is_over (s) ? -1 : fall_state_current_seat (s);
  FallState *shown = s;
  FallState *view = NULL;
  if (viewer >= 0 && !s->is_view)
    {
      view = g_new0 (FallState, 1);
      fall_state_view (s, viewer, view);
      shown = view;
    }

  FolFallLayout layout;
  FolFallTransform tr;
  FolFallHighlights h;
  fol_fall_layout_compute (&layout, width, height, viewer);
  fol_fall_transform_fit (&tr, shown, &layout.board);
  fol_fall_highlights_init (&h);
  h.dark = dark;
  g_auto (GStrv) name_list = names ? g_strsplit (names, ",", 2) : NULL;
  for (int i = 0; name_list && i < 2 && name_list[i]; i++)
    h.names[i] = name_list[i];
  if (!no_last)
    last_turn_cells (comps, (const FallMove *) moves->data, (int) moves->len, &h);
  if (ghost)
    {
      FallMove gm;
      if (!fall_move_parse (comps, ghost, &gm, &error) || gm.kind != FALL_MOVE_PLACE)
        {
          fprintf (stderr, "foliage-cli: --ghost: %s\n", error ? error->message : "not a tile placement");
          g_free (view);
          g_free (s);
          return 2;
        }
      FolHex cell = { gm.q, gm.r };
      fol_fall_highlights_set_ghost (&h, shown, gm.arg, &cell, gm.rot, marks);
      if (!fall_state_is_over (shown))
        h.acting_seat = fall_state_current_seat (shown);
    }

  cairo_surface_t *surf = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create (surf);
  fol_fall_paint (cr, shown, &layout, &tr, &h);
  cairo_destroy (cr);
  cairo_status_t st = cairo_surface_write_to_png (surf, out);
  cairo_surface_destroy (surf);
  g_free (view);
  g_free (s);
  if (st != CAIRO_STATUS_SUCCESS)
    {
      fprintf (stderr, "foliage-cli: %s: %s\n", out, cairo_status_to_string (st));
      return 1;
    }
  return 0;
}
