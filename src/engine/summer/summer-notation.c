/* summer-notation.c: the Indian Summer move notation (docs/notation.md). */
#include "summer-notation.h"

#include <stdlib.h>
#include <string.h>

char *
summer_square_name (int square)
{
  return g_strdup_printf ("%c%d", 'a' + square % SUMMER_COLS, square / SUMMER_COLS + 1);
}

int
summer_square_parse (const char *t)
{
  if (!t || t[0] < 'a' || t[0] > 'i' || t[1] < '1' || t[1] > '8' || t[2] != '\0')
    return -1;
  return (t[1] - '1') * SUMMER_COLS + (t[0] - 'a');
}

static const char *transform_names[8] = { "r0", "r1", "r2", "r3", "f0", "f1", "f2", "f3" };

static int
transform_parse (const char *t)
{
  for (int i = 0; i < 8; i++)
    if (strcmp (t, transform_names[i]) == 0)
      return i;
  return -1;
}

static int
treasure_from_letter (char ch)
{
  switch (ch)
    {
    case 'B': return SUMMER_BERRY;
    case 'N': return SUMMER_NUT;
    case 'M': return SUMMER_MUSHROOM;
    case 'F': return SUMMER_FEATHER;
    default: return -1;
    }
}

static const char *
path_end_name (int path, int end)
{
  static const char *names[2][2] = { { "TL", "TR" }, { "BL", "BR" } };
  return names[path & 1][end & 1];
}

static gboolean
path_end_parse (const char *t, uint8_t *path, uint8_t *end)
{
  if (!t || strlen (t) != 2 || (t[0] != 'T' && t[0] != 'B') || (t[1] != 'L' && t[1] != 'R'))
    return FALSE;
  *path = t[0] == 'T' ? SUMMER_TOP_PATH : SUMMER_BOTTOM_PATH;
  *end = t[1] == 'L' ? SUMMER_LEFT : SUMMER_RIGHT;
  return TRUE;
}

char *
summer_move_format (const SummerState *s, const SummerMove *m)
{
  const SummerComponents *c = summer_components ();
  g_autofree char *sq = summer_square_name (m->square < SUMMER_SQUARES ? m->square : 0);
  switch (m->kind)
    {
    case SUMMER_MOVE_LEAF:
      return g_strdup_printf ("%s %s %s", c->leaf[m->tile].id, transform_names[m->transform & 7], sq);
    case SUMMER_MOVE_SQUIRREL:
      return g_strdup_printf ("S %s", sq);
    case SUMMER_MOVE_NUT:
      return g_strdup_printf ("N %s", sq);
    case SUMMER_MOVE_BERRY:
      if (s->n_players == 1)
        return g_strdup_printf ("B %s", path_end_name (m->a, m->b));
      return g_strdup ("B");
    case SUMMER_MOVE_MUSHROOM:
      if (s->n_players >= 3)
        {
          if (m->b == SUMMER_NONE)
            return g_strdup_printf ("M %d", m->a + 1);
          return g_strdup_printf ("M %d,%d", MIN (m->a, m->b) + 1, MAX (m->a, m->b) + 1);
        }
      return g_strdup ("M");
    case SUMMER_MOVE_FEATHER:
      return g_strdup ("F");
    case SUMMER_MOVE_EXCHANGE:
      if (m->b == m->a + 1)
        return g_strdup_printf ("X 2%c-%c", summer_treasure_letter (m->a), summer_treasure_letter (m->b));
      return g_strdup_printf ("X %c-%c", summer_treasure_letter (m->a), summer_treasure_letter (m->b));
    case SUMMER_MOVE_ANIMAL:
      {
        g_autofree char *name = g_ascii_strdown (c->animal[m->tile].name, -1);
        return g_strdup_printf ("A %s %s %s", name, transform_names[m->transform & 7], sq);
      }
    case SUMMER_MOVE_FORGO:
      if (m->tile == SUMMER_NONE)
        return g_strdup ("forgo");
      return g_strdup_printf ("forgo %s", c->leaf[m->tile].id);
    case SUMMER_MOVE_REFILL:
      return g_strdup_printf ("R %s", path_end_name (m->a, m->b));
    case SUMMER_MOVE_END:
      return g_strdup ("end");
    default:
      return g_strdup ("?");
    }
}

static gboolean
parse_error (GError **error, const char *text, const char *what)
{
  g_set_error (error, SUMMER_ERROR, SUMMER_ERROR_PARSE, "'%s': %s", text, what);
  return FALSE;
}

gboolean
summer_move_parse (const SummerState *s, const char *text, SummerMove *m, GError **error)
{
  const SummerComponents *c = summer_components ();
  g_auto (GStrv) w = g_strsplit_set (text, " \t", -1);
  /* drop empty words from repeated spaces */
  char *words[6] = { NULL };
  int n = 0;
  for (int i = 0; w[i]; i++)
    if (*w[i])
      {
        if (n == 6)
          return parse_error (error, text, "too many words");
        words[n++] = w[i];
      }
  memset (m, 0, sizeof *m);
  m->tile = SUMMER_NONE;
  if (n == 0)
    return parse_error (error, text, "empty move");

  const char *w0 = words[0];
  int tile = summer_leaf_index (c, w0);
  if (tile >= 0)
    {
      int tr, sq;
      if (n != 3 || (tr = transform_parse (words[1])) < 0 || (sq = summer_square_parse (words[2])) < 0)
        return parse_error (error, text, "a Leaf tile is written ID TRANSFORM SQUARE, e.g. G05 r1 e4");
      *m = (SummerMove) { SUMMER_MOVE_LEAF, (uint8_t) tile, (uint8_t) tr, (uint8_t) sq, 0, 0 };
      return TRUE;
    }
  if (strcmp (w0, "S") == 0 || strcmp (w0, "N") == 0)
    {
      int sq;
      if (n != 2 || (sq = summer_square_parse (words[1])) < 0)
        return parse_error (error, text, "a Squirrel is written S SQUARE or N SQUARE, e.g. N c7");
      *m = (SummerMove) { w0[0] == 'S' ? SUMMER_MOVE_SQUIRREL : SUMMER_MOVE_NUT, SUMMER_NONE, 0, (uint8_t) sq, 0, 0 };
      return TRUE;
    }
  if (strcmp (w0, "B") == 0 || strcmp (w0, "R") == 0)
    {
      uint8_t kind = w0[0] == 'B' ? SUMMER_MOVE_BERRY : SUMMER_MOVE_REFILL;
      *m = (SummerMove) { kind, SUMMER_NONE, 0, 0, 0, 0 };
      if (s->n_players == 1 || kind == SUMMER_MOVE_REFILL)
        {
          if (n != 2 || !path_end_parse (words[1], &m->a, &m->b))
            return parse_error (error, text, "in a solo game name the Path and its end: TL, TR, BL or BR");
        }
      else if (n != 1)
        return parse_error (error, text, "a Berry is written B");
      return TRUE;
    }
  if (strcmp (w0, "M") == 0)
    {
      *m = (SummerMove) { SUMMER_MOVE_MUSHROOM, SUMMER_NONE, 0, 0, SUMMER_NONE, SUMMER_NONE };
      if (s->n_players >= 3)
        {
          if (n != 2)
            return parse_error (error, text, "name the opponents: M 2,4 (or M 2 when only one has tiles)");
          char *end = NULL;
          long a = strtol (words[1], &end, 10);
          if (a < 1 || a > s->n_players)
            return parse_error (error, text, "no such seat");
          m->a = (uint8_t) (a - 1);
          if (*end == ',')
            {
              char *end2 = NULL;
              long b = strtol (end + 1, &end2, 10);
              if (b < 1 || b > s->n_players || *end2)
                return parse_error (error, text, "no such seat");
              m->b = (uint8_t) (b - 1);
            }
          else if (*end)
            return parse_error (error, text, "seats are written 2,4");
        }
      else if (n != 1)
        return parse_error (error, text, "a Mushroom is written M");
      return TRUE;
    }
  if (strcmp (w0, "F") == 0 && n == 1)
    {
      *m = (SummerMove) { SUMMER_MOVE_FEATHER, SUMMER_NONE, 0, 0, 0, 0 };
      return TRUE;
    }
  if (strcmp (w0, "X") == 0)
    {
      const char *t = n == 2 ? words[1] : "";
      bool two = t[0] == '2';
      if (two)
        t++;
      int a = treasure_from_letter (t[0]);
      int b = t[0] && t[1] == '-' ? treasure_from_letter (t[2]) : -1;
      if (a < 0 || b < 0 || t[3] != '\0' || two != (b == a + 1) || (!two && b >= a))
        return parse_error (error, text, "an exchange is written X N-B (one for one lower) or X 2B-N (two for the next higher)");
      *m = (SummerMove) { SUMMER_MOVE_EXCHANGE, SUMMER_NONE, 0, 0, (uint8_t) a, (uint8_t) b };
      return TRUE;
    }
  if (strcmp (w0, "A") == 0)
    {
      int k, tr, sq;
      if (n != 4 || (k = summer_animal_index (c, words[1])) < 0 || (tr = transform_parse (words[2])) < 0
          || (sq = summer_square_parse (words[3])) < 0)
        return parse_error (error, text, "an Animal tile is written A KIND TRANSFORM SQUARE, e.g. A hedgehog r0 c3");
      *m = (SummerMove) { SUMMER_MOVE_ANIMAL, (uint8_t) k, (uint8_t) tr, (uint8_t) sq, 0, 0 };
      return TRUE;
    }
  if (strcmp (w0, "forgo") == 0)
    {
      *m = (SummerMove) { SUMMER_MOVE_FORGO, SUMMER_NONE, 0, 0, 0, 0 };
      if (n == 2)
        {
          int t = summer_leaf_index (c, words[1]);
          if (t < 0)
            return parse_error (error, text, "no such Leaf tile");
          m->tile = (uint8_t) t;
        }
      else if (n != 1)
        return parse_error (error, text, "forgo is written forgo or forgo ID");
      return TRUE;
    }
  if (strcmp (w0, "end") == 0 && n == 1)
    {
      *m = (SummerMove) { SUMMER_MOVE_END, SUMMER_NONE, 0, 0, 0, 0 };
      return TRUE;
    }
  return parse_error (error, text, "not a move");
}

/* ------------------------------------------------------------------ */
/* Records                                                             */

gboolean
summer_record_parse (const char *text, SummerRecord *r, GError **error)
{
  const SummerComponents *c = summer_components_get (error);
  if (!c)
    return FALSE;
  memset (r, 0, sizeof *r);
  summer_setup_init (&r->setup, 0, 0);
  r->moves = g_ptr_array_new_with_free_func (g_free);
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  bool in_moves = false, have_game = false;
  for (int i = 0; lines[i]; i++)
    {
      char *line = lines[i];
      char *hash = strchr (line, '#');
      if (hash)
        *hash = '\0';
      g_strstrip (line);
      if (!*line)
        continue;
      if (in_moves)
        {
          /* several moves may share a line, separated by ';' */
          g_auto (GStrv) parts = g_strsplit (line, ";", -1);
          for (int k = 0; parts[k]; k++)
            {
              g_strstrip (parts[k]);
              if (*parts[k])
                g_ptr_array_add (r->moves, g_strdup (parts[k]));
            }
          continue;
        }
      g_auto (GStrv) w = g_strsplit_set (line, " \t", -1);
      const char *key = w[0];
      int nw = (int) g_strv_length (w);
      if (strcmp (key, "game") == 0)
        {
          if (nw != 2 || strcmp (w[1], "summer") != 0)
            goto bad;
          have_game = true;
        }
      else if (strcmp (key, "seed") == 0)
        {
          guint64 v;
          if (nw != 2 || !g_ascii_string_to_unsigned (w[1], 10, 0, G_MAXUINT64, &v, NULL))
            goto bad;
          r->setup.seed = v;
        }
      else if (strcmp (key, "players") == 0)
        {
          guint64 v;
          if (nw != 2 || !g_ascii_string_to_unsigned (w[1], 10, 1, SUMMER_MAX_PLAYERS, &v, NULL))
            goto bad;
          r->setup.n_players = (uint8_t) v;
        }
      else if (strcmp (key, "sides") == 0)
        {
          if (nw < 2 || nw > 1 + SUMMER_MAX_PLAYERS)
            goto bad;
          for (int k = 1; k < nw; k++)
            {
              if (strcmp (w[k], "random") == 0)
                continue;
              int sd = summer_side_index (c, w[k]);
              if (sd < 0)
                goto bad;
              r->setup.side[k - 1] = (int8_t) sd;
            }
        }
      else if (strcmp (key, "campaign-game") == 0)
        {
          guint64 v;
          if (nw != 2 || !g_ascii_string_to_unsigned (w[1], 10, 1, 3, &v, NULL))
            goto bad;
          r->setup.campaign_game = (int8_t) (v - 1);
        }
      else if (strcmp (key, "moves") == 0 && nw == 1)
        in_moves = true;
      else
        goto bad;
      continue;
    bad:
      g_set_error (error, SUMMER_ERROR, SUMMER_ERROR_PARSE, "line %d: '%s' is not a valid record line", i + 1, line);
      summer_record_clear (r);
      return FALSE;
    }
  if (!have_game || r->setup.n_players == 0)
    {
      g_set_error_literal (error, SUMMER_ERROR, SUMMER_ERROR_PARSE,
                           "a record needs the lines 'game summer' and 'players N'");
      summer_record_clear (r);
      return FALSE;
    }
  return TRUE;
}

void
summer_record_clear (SummerRecord *r)
{
  g_clear_pointer (&r->moves, g_ptr_array_unref);
}

char *
summer_record_format (const SummerSetup *setup, GPtrArray *moves)
{
  const SummerComponents *c = summer_components ();
  GString *s = g_string_new ("# Foliage game record (docs/notation.md)\ngame summer\n");
  g_string_append_printf (s, "seed %" G_GUINT64_FORMAT "\nplayers %d\n", setup->seed, setup->n_players);
  g_string_append (s, "sides");
  for (int i = 0; i < setup->n_players; i++)
    g_string_append_printf (s, " %s", setup->side[i] >= 0 ? c->side[setup->side[i]].name : "random");
  g_string_append_c (s, '\n');
  if (setup->campaign_game >= 0)
    g_string_append_printf (s, "campaign-game %d\n", setup->campaign_game + 1);
  g_string_append (s, "moves\n");
  for (guint i = 0; moves && i < moves->len; i++)
    g_string_append_printf (s, "%s\n", (const char *) g_ptr_array_index (moves, i));
  return g_string_free (s, FALSE);
}

gboolean
summer_record_replay (const SummerRecord *r, SummerState *state, int *n_applied, GError **error)
{
  if (n_applied)
    *n_applied = 0;
  if (!summer_state_new_game (&r->setup, state, error))
    return FALSE;
  for (guint i = 0; i < r->moves->len; i++)
    {
      const char *text = g_ptr_array_index (r->moves, i);
      SummerMove m;
      GError *local = NULL;
      if (!summer_move_parse (state, text, &m, &local) || !summer_apply_move (state, &m, NULL, &local))
        {
          g_set_error (error, SUMMER_ERROR, local->code, "move %u ('%s'): %s", i + 1, text, local->message);
          g_error_free (local);
          return FALSE;
        }
      if (n_applied)
        *n_applied = (int) i + 1;
    }
  return TRUE;
}

/* ------------------------------------------------------------------ */
/* Text picture                                                        */

static void
append_path (GString *s, const SummerComponents *c, const uint8_t *tiles, int n)
{
  for (int k = 0; k < n; k++)
    g_string_append_printf (s, " %s", c->leaf[tiles[k]].id);
  if (n == 0)
    g_string_append (s, " (empty)");
}

char *
summer_state_describe (const SummerState *st)
{
  const SummerComponents *c = summer_components ();
  GString *s = g_string_new (NULL);
  static const char *phases[] = { "play", "solo end phase", "game over" };
  if (st->n_players == 1)
    g_string_append_printf (s, "Solo game, turn %d of 10, %s\n", st->round, phases[st->phase]);
  else
    g_string_append_printf (s, "%d players, round %d, seat %d to play, %s%s\n", st->n_players, st->round,
                            st->current + 1, phases[st->phase], st->end_triggered ? ", last round" : "");
  g_string_append_printf (s, "Supply: %d Berries, %d Nuts, %d Mushrooms, %d Feathers\n",
                          st->supply[0], st->supply[1], st->supply[2], st->supply[3]);
  g_string_append (s, "Animal tiles left:");
  for (int k = 0; k < SUMMER_N_ANIMAL_KINDS; k++)
    g_string_append_printf (s, " %s %d", c->animal[k].name, st->animals_left[k]);
  g_string_append_c (s, '\n');
  if (st->n_players == 1)
    {
      g_string_append (s, "Top Path:");
      append_path (s, c, st->solo_path[0], st->solo_len[0]);
      g_string_append (s, "\nBottom Path:");
      append_path (s, c, st->solo_path[1], st->solo_len[1]);
      g_string_append (s, "\nTrack (X10..X1 M1 M2):");
      for (int k = 0; k < SUMMER_TRACK_SPACES; k++)
        g_string_append_printf (s, " %s", st->track[k] == SUMMER_NONE ? "--" : c->leaf[st->track[k]].id);
      g_string_append_c (s, '\n');
    }
  else
    {
      g_string_append_printf (s, "Common Path (%d, Bush first):", st->common_len);
      append_path (s, c, st->common, st->common_len);
      g_string_append_printf (s, "\nReserve: %d tiles\n", st->reserve_len);
    }
  for (int i = 0; i < st->n_players; i++)
    {
      const SummerSeat *seat = &st->seat[i];
      g_string_append_printf (s, "\nSeat %d%s: Forest Floor %s, %d empty squares, treasures B%d N%d M%d F%d\n",
                              i + 1, i == st->current && st->phase != SUMMER_PHASE_OVER ? " (to play)" : "",
                              c->side[seat->side].name, summer_empty_squares (st, i),
                              seat->treasures[0], seat->treasures[1], seat->treasures[2], seat->treasures[3]);
      g_string_append (s, "Player Path:");
      append_path (s, c, seat->path, seat->path_len);
      g_string_append (s, "\n    a b c d e f g h i\n");
      for (int r = 0; r < SUMMER_ROWS; r++)
        {
          g_string_append_printf (s, "  %d", r + 1);
          for (int col = 0; col < SUMMER_COLS; col++)
            {
              int sq = r * SUMMER_COLS + col;
              char ch;
              if (seat->animal[sq] != SUMMER_NONE)
                ch = '@';
              else if (fol_bb_test (seat->holes, sq))
                ch = seat->token[sq] != SUMMER_NO_TREASURE ? summer_treasure_letter (seat->token[sq]) : 'o';
              else if (seat->cover[sq] == SUMMER_COVER_SQUIRREL)
                ch = '*';
              else if (seat->cover[sq] != SUMMER_NONE)
                ch = "gyr"[c->leaf[seat->cover[sq]].colour];
              else
                {
                  int t = c->side[seat->side].treasure[sq];
                  ch = t == SUMMER_NO_TREASURE ? '.' : (char) g_ascii_tolower (summer_treasure_letter (t));
                }
              g_string_append_printf (s, " %c", ch);
            }
          g_string_append_c (s, '\n');
        }
      if (st->phase == SUMMER_PHASE_OVER)
        {
          const SummerSeatResult *r = &st->result[i];
          if (st->n_players == 1)
            g_string_append_printf (s, "Result: %s, score %d\n", r->full ? "won" : "lost", r->solo_score);
          else
            g_string_append_printf (s, "Result: rank %d, %s, %d empty, %d Nuts, %d Berry (app score %d)\n",
                                    r->rank, r->full ? "full" : "not full", r->empty, r->nuts, r->berry, r->app_score);
        }
    }
  g_string_append (s, "\nKey: g/y/r Leaf tile (green/yellow/red), o empty Hole, B/N/M/F token on a Hole,\n"
                      "     * Squirrel, @ Animal tile, b/n/m/f printed treasure, . empty\n");
  return g_string_free (s, FALSE);
}
