/* summer-notation.c: the Indian Summer move notation (docs/notation.md). */
#include "summer-notation.h"
#include "datafile.h"

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
          /* as given: a legal choice has the lower seat first (summer_check_move) */
          if (m->b == SUMMER_NONE)
            return g_strdup_printf ("M %d", m->a + 1);
          return g_strdup_printf ("M %d,%d", m->a + 1, m->b + 1);
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

/* ------------------------------------------------------------------ */
/* Parsing                                                             */

static gboolean
parse_error (GError **error, const char *text, const char *what)
{
  g_autofree char *q = fol_quote (text);
  g_set_error (error, SUMMER_ERROR, SUMMER_ERROR_PARSE, "'%s': %s", q, what);
  return FALSE;
}

/* A number in canonical decimal: digits only, no sign, no spaces, no
 * leading zero unless it is "0"; @min..@max. */
static gboolean
canonical_number (const char *t, guint64 min, guint64 max, guint64 *out)
{
  if (!t || !*t || (t[0] == '0' && t[1] != '\0'))
    return FALSE;
  for (const char *p = t; *p; p++)
    if (!g_ascii_isdigit (*p))
      return FALSE;
  return g_ascii_string_to_unsigned (t, 10, min, max, out, NULL);
}

/* A seat of a Mushroom, written 1-based in canonical decimal. */
static int
seat_parse (const SummerState *s, const char *t)
{
  guint64 v;
  if (!canonical_number (t, 1, (guint64) s->n_players, &v))
    return -1;
  return (int) v - 1;
}

/* The longest move, "A hedgehog r0 c3" and the like, has 16 characters. */
#define MOVE_MAX_LEN 32
#define MOVE_MAX_WORDS 4

gboolean
summer_move_parse (const SummerState *s, const char *text, SummerMove *m, GError **error)
{
  const SummerComponents *c = summer_components ();
  memset (m, 0, sizeof *m);
  m->tile = SUMMER_NONE;
  if (!*text)
    return parse_error (error, text, "empty move");
  if (strnlen (text, MOVE_MAX_LEN + 1) > MOVE_MAX_LEN)
    return parse_error (error, text, "too long to be a move");
  for (const char *p = text; *p; p++)
    if (*p != ' ' && !g_ascii_isgraph (*p))
      return parse_error (error, text, "a move is written in letters, digits, ',' and '-', "
                                       "its words separated by single spaces");
  /* the words: separated by exactly one space, none before or after */
  char buf[MOVE_MAX_LEN + 1];
  char *words[MOVE_MAX_WORDS] = { NULL };
  int n = 0;
  g_strlcpy (buf, text, sizeof buf);
  for (char *p = buf;;)
    {
      char *sp = strchr (p, ' ');
      if (sp)
        *sp = '\0';
      if (!*p)
        return parse_error (error, text, "the words of a move are separated by single spaces, "
                                         "with no space before or after");
      if (n == MOVE_MAX_WORDS)
        return parse_error (error, text, "too many words");
      words[n++] = p;
      if (!sp)
        break;
      p = sp + 1;
    }

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
          /* seats 1-based, plain digits, the lower first (Rulebook:
           * Mushroom: the order of placing is free, so the order of the
           * opponents means nothing; one move has one form) */
          g_auto (GStrv) seats = g_strsplit (words[1], ",", -1);
          guint ns = g_strv_length (seats);
          if (ns > 2)
            return parse_error (error, text, "a Mushroom names at most two opponents: M 2,4");
          int a = seat_parse (s, seats[0]);
          int b = ns == 2 ? seat_parse (s, seats[1]) : SUMMER_NONE;
          if (a < 0 || b < 0)
            {
              g_autofree char *what = g_strdup_printf ("seats are written 1 to %d, plain digits, e.g. M 2,4",
                                                       s->n_players);
              return parse_error (error, text, what);
            }
          if (b != SUMMER_NONE && b < a)
            {
              g_autofree char *what = g_strdup_printf ("write the lower seat first, M %d,%d: the claimed tiles "
                                                       "are placed in the order of your choice", b + 1, a + 1);
              return parse_error (error, text, what);
            }
          m->a = (uint8_t) a;
          m->b = (uint8_t) b;
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
      int k = n == 4 ? summer_animal_index (c, words[1]) : -1;
      int tr = n == 4 ? transform_parse (words[2]) : -1;
      int sq = n == 4 ? summer_square_parse (words[3]) : -1;
      /* the kind in lower case, as summer_move_format() writes it */
      g_autofree char *kind = k >= 0 ? g_ascii_strdown (c->animal[k].name, -1) : NULL;
      if (k < 0 || strcmp (kind, words[1]) != 0 || tr < 0 || sq < 0)
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

/* The header keys, each allowed once. */
enum { KEY_GAME, KEY_SEED, KEY_PLAYERS, KEY_SIDES, KEY_CAMPAIGN, N_KEYS };
static const char *record_keys[N_KEYS] = { "game", "seed", "players", "sides", "campaign-game" };

static gboolean
record_error (GError **error, int line, const char *text, const char *what)
{
  g_autofree char *q = fol_quote (text);
  g_set_error (error, SUMMER_ERROR, SUMMER_ERROR_PARSE, "line %d: '%s': %s", line, q, what);
  return FALSE;
}

static gboolean
record_parse_header (const SummerComponents *c, const char *text, SummerRecord *r, int *n_sides,
                     int *key_line, GError **error)
{
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  bool in_moves = false;
  for (int i = 0; lines[i]; i++)
    {
      char *line = lines[i];
      int ln = i + 1;
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
      /* the words of a header line: separated by blanks */
      g_auto (GStrv) all = g_strsplit_set (line, " \t", -1);
      g_autoptr (GPtrArray) wa = g_ptr_array_new ();
      for (int k = 0; all[k]; k++)
        if (*all[k])
          g_ptr_array_add (wa, all[k]);
      const char *const *w = (const char *const *) wa->pdata;
      int nw = (int) wa->len;
      if (nw == 0)
        continue;
      if (strcmp (w[0], "moves") == 0)
        {
          if (nw != 1)
            return record_error (error, ln, line, "the line 'moves' stands alone; the moves follow on the next lines");
          in_moves = true;
          continue;
        }
      int key = -1;
      for (int k = 0; k < N_KEYS; k++)
        if (strcmp (w[0], record_keys[k]) == 0)
          key = k;
      if (key < 0)
        return record_error (error, ln, line, "not a record line (game, seed, players, sides, campaign-game, moves)");
      if (key_line[key])
        {
          g_autofree char *what = g_strdup_printf ("'%s' was given on line %d already", record_keys[key], key_line[key]);
          return record_error (error, ln, line, what);
        }
      key_line[key] = ln;
      guint64 v;
      switch (key)
        {
        case KEY_GAME:
          if (nw != 2 || strcmp (w[1], "summer") != 0)
            return record_error (error, ln, line, "an Indian Summer record says 'game summer'");
          break;
        case KEY_SEED:
          if (nw != 2 || !canonical_number (w[1], 0, G_MAXUINT64, &v))
            return record_error (error, ln, line, "the seed is a number 0 to 18446744073709551615, plain digits");
          r->setup.seed = v;
          break;
        case KEY_PLAYERS:
          if (nw != 2 || !canonical_number (w[1], 1, SUMMER_MAX_PLAYERS, &v))
            return record_error (error, ln, line, "players is a number 1 to 4");
          r->setup.n_players = (uint8_t) v;
          break;
        case KEY_SIDES:
          /* one per seat; the count is checked against players at the end */
          if (nw < 2 || nw > 1 + SUMMER_MAX_PLAYERS)
            return record_error (error, ln, line, "sides names one Forest Floor side per player, 1 to 4 of them");
          for (int k = 1; k < nw; k++)
            {
              int sd = strcmp (w[k], "random") == 0 ? -1 : summer_side_index (c, w[k]);
              if (sd < 0 && strcmp (w[k], "random") != 0)
                return record_error (error, ln, line, "a Forest Floor side is 1A to 6B, or random");
              /* the name exactly as summer_record_format() writes it */
              if (sd >= 0 && strcmp (c->side[sd].name, w[k]) != 0)
                {
                  g_autofree char *what = g_strdup_printf ("write the side %s", c->side[sd].name);
                  return record_error (error, ln, line, what);
                }
              r->setup.side[k - 1] = (int8_t) sd;
            }
          *n_sides = nw - 1;
          break;
        case KEY_CAMPAIGN:
          if (nw != 2 || !canonical_number (w[1], 1, 3, &v))
            return record_error (error, ln, line, "campaign-game is 1, 2 or 3");
          r->setup.campaign_game = (int8_t) (v - 1);
          break;
        default:
          g_assert_not_reached ();
        }
    }
  return TRUE;
}

gboolean
summer_record_parse (const char *text, SummerRecord *r, GError **error)
{
  const SummerComponents *c = summer_components_get (error);
  if (!c)
    return FALSE;
  memset (r, 0, sizeof *r);
  summer_setup_init (&r->setup, 0, 0);
  r->moves = g_ptr_array_new_with_free_func (g_free);
  int n_sides = -1;
  int key_line[N_KEYS] = { 0 };
  if (!record_parse_header (c, text, r, &n_sides, key_line, error))
    {
      summer_record_clear (r);
      return FALSE;
    }
  if (!key_line[KEY_GAME] || !key_line[KEY_PLAYERS])
    {
      g_set_error_literal (error, SUMMER_ERROR, SUMMER_ERROR_PARSE,
                           "a record needs the lines 'game summer' and 'players N'");
      summer_record_clear (r);
      return FALSE;
    }
  /* Every seat has one Forest Floor (Rulebook: Set-up A): as many sides as players. */
  if (n_sides >= 0 && n_sides != r->setup.n_players)
    {
      g_set_error (error, SUMMER_ERROR, SUMMER_ERROR_PARSE,
                   "line %d: the record names %d Forest Floor side%s for %d player%s: give one per player "
                   "(random to draw it)", key_line[KEY_SIDES], n_sides, n_sides == 1 ? "" : "s",
                   r->setup.n_players, r->setup.n_players == 1 ? "" : "s");
      summer_record_clear (r);
      return FALSE;
    }
  if (r->setup.campaign_game >= 0 && r->setup.n_players != 1)
    {
      g_set_error (error, SUMMER_ERROR, SUMMER_ERROR_PARSE,
                   "line %d: campaign-game is for solo records (players 1)", key_line[KEY_CAMPAIGN]);
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
      if (!summer_move_parse (state, text, &m, &local))
        {
          /* the parse error quotes the text already */
          g_set_error (error, SUMMER_ERROR, local->code, "move %u: %s", i + 1, local->message);
          g_error_free (local);
          return FALSE;
        }
      if (!summer_apply_move (state, &m, NULL, &local))
        {
          g_autofree char *q = fol_quote (text);
          g_set_error (error, SUMMER_ERROR, local->code, "move %u ('%s'): %s", i + 1, q, local->message);
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
