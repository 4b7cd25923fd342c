/* fall-notation.c: moves, positions and records as text; see docs/notation-fall.md. */
#include "fall-notation.h"
#include "fall-internal.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/datafile.h"

char *
fall_move_format (const FallState *s, const FallMove *m, char *buf, size_t size)
{
  const FallComponents *c = s->comps;
  switch (m->kind)
    {
    case FALL_MOVE_TAKE:
      snprintf (buf, size, "T%d", m->arg + 1);
      break;
    case FALL_MOVE_PLACE:
      snprintf (buf, size, "%s@%d,%dr%d", m->arg < FALL_N_TILES ? c->tile[m->arg].id : "L??", m->q, m->r, m->rot);
      break;
    case FALL_MOVE_DISCARD_TILE:
      snprintf (buf, size, "X%s", m->arg < FALL_N_TILES ? c->tile[m->arg].id : "L??");
      break;
    case FALL_MOVE_TOKEN:
      snprintf (buf, size, "%c@%d,%d", fall_token_letter (m->arg), m->q, m->r);
      break;
    case FALL_MOVE_CLAIM:
      snprintf (buf, size, "C@%d,%d", m->q, m->r);
      break;
    case FALL_MOVE_END:
      {
        char tail[16];
        int n = 0;
        for (int k = 0; k < 4; k++)
          for (int i = 0; i < m->discard[k] && n < 14; i++)
            tail[n++] = fall_token_letter (k);
        tail[n] = '\0';
        snprintf (buf, size, n ? "E-%s" : "E", tail);
        break;
      }
    default:
      snprintf (buf, size, "?");
    }
  return buf;
}

static gboolean
parse_coord (const char *p, int *q, int *r, const char **end)
{
  char *e;
  long a = strtol (p, &e, 10);
  if (e == p || *e != ',')
    return FALSE;
  const char *p2 = e + 1;
  long b = strtol (p2, &e, 10);
  if (e == p2 || a < -127 || a > 127 || b < -127 || b > 127)
    return FALSE;
  *q = (int) a;
  *r = (int) b;
  *end = e;
  return TRUE;
}

static gboolean
move_error (GError **error, const char *text, const char *why)
{
  g_set_error (error, FOL_DATA_ERROR, FOL_DATA_ERROR_PARSE, "bad move '%s': %s", text, why);
  return FALSE;
}

gboolean
fall_move_parse (const FallComponents *comps, const char *text, FallMove *out, GError **error)
{
  g_autofree char *t = g_strstrip (g_strdup (text));
  memset (out, 0, sizeof *out);
  const char *p = t, *end = NULL;
  int q, r;
  if (t[0] == 'T' && t[1] >= '1' && t[1] <= '4' && !t[2])
    {
      out->kind = FALL_MOVE_TAKE;
      out->arg = (uint8_t) (t[1] - '1');
      return TRUE;
    }
  if (t[0] == 'E' && (!t[1] || t[1] == '-'))
    {
      out->kind = FALL_MOVE_END;
      if (t[1])
        {
          if (!t[2])
            return move_error (error, text, "no tokens after 'E-'");
          for (p = t + 2; *p; p++)
            {
              int k = fall_token_from_letter (*p);
              if (k < 0 || k == FALL_TOAD || out->discard[k] >= 4)
                return move_error (error, text, "discards are letters m, f, h, r");
              out->discard[k]++;
            }
        }
      return TRUE;
    }
  if (t[0] == 'X')
    {
      int tile = fall_tile_index (comps, t + 1);
      if (tile < 0 || tile == FALL_START_TILE)
        return move_error (error, text, "unknown tile id");
      out->kind = FALL_MOVE_DISCARD_TILE;
      out->arg = (uint8_t) tile;
      return TRUE;
    }
  if (t[0] == 'C' && t[1] == '@')
    {
      if (!parse_coord (t + 2, &q, &r, &end) || *end)
        return move_error (error, text, "expected C@Q,R");
      out->kind = FALL_MOVE_CLAIM;
      out->q = (int8_t) q;
      out->r = (int8_t) r;
      return TRUE;
    }
  if (t[0] && t[1] == '@' && fall_token_from_letter (t[0]) >= 0 && g_ascii_islower (t[0]))
    {
      if (!parse_coord (t + 2, &q, &r, &end) || *end)
        return move_error (error, text, "expected a token letter, then @Q,R");
      out->kind = FALL_MOVE_TOKEN;
      out->arg = (uint8_t) fall_token_from_letter (t[0]);
      out->q = (int8_t) q;
      out->r = (int8_t) r;
      return TRUE;
    }
  const char *at = strchr (t, '@');
  if (t[0] == 'L' && at)
    {
      g_autofree char *id = g_strndup (t, (gsize) (at - t));
      int tile = fall_tile_index (comps, id);
      if (tile < 0 || tile == FALL_START_TILE)
        return move_error (error, text, "unknown tile id");
      if (!parse_coord (at + 1, &q, &r, &end) || end[0] != 'r' || end[1] < '0' || end[1] > '5' || end[2])
        return move_error (error, text, "expected TILE@Q,RrN with N in 0..5");
      out->kind = FALL_MOVE_PLACE;
      out->arg = (uint8_t) tile;
      out->q = (int8_t) q;
      out->r = (int8_t) r;
      out->rot = (uint8_t) (end[1] - '0');
      return TRUE;
    }
  return move_error (error, text, "not a move (T, L..@, X, m/f/h/r/t@, C@, E)");
}

/* ---- positions ------------------------------------------------------ */

static const char *const phase_names[] = { "take", "act", "over" };

static void
append_tokens (GString *out, const uint8_t count[FALL_N_TOKEN_KINDS])
{
  int n = 0;
  for (int k = 0; k < FALL_N_TOKEN_KINDS; k++)
    for (int i = 0; i < count[k]; i++, n++)
      g_string_append_c (out, fall_token_letter (k));
  if (!n)
    g_string_append_c (out, '-');
}

static int
cmp_cells (const void *a, const void *b)
{
  const FallCell *x = *(const FallCell *const *) a, *y = *(const FallCell *const *) b;
  return x->q != y->q ? x->q - y->q : x->r - y->r;
}

char *
fall_position_format (const FallState *s)
{
  const FallComponents *c = s->comps;
  GString *out = g_string_new ("fall-position 1\n");
  g_string_append_printf (out, "side %c\nfirst-player %d\nweek %d\nturn %d\nphase %s\nto-take %d\nmoves %d\n",
                          s->side ? 'B' : 'A', s->first_player, s->week, s->turn,
                          phase_names[s->phase < 3 ? s->phase : 2], s->to_take, s->n_moves);
  if (s->is_view)
    g_string_append_printf (out, "view %d\n", s->viewer);
  for (int p = 0; p < 2; p++)
    {
      g_string_append_printf (out, "cards %d", p);
      for (int k = 0; k < FALL_N_CARD_KINDS; k++)
        g_string_append_printf (out, " %s", s->card[p][k] == FALL_NONE ? "?" : c->card[s->card[p][k]].id);
      g_string_append_c (out, '\n');
    }
  g_string_append_printf (out, "markers %d %d\n", s->markers[0], s->markers[1]);
  for (int p = 0; p < 2; p++)
    {
      g_string_append_printf (out, "held %d ", p);
      append_tokens (out, s->held[p]);
      g_string_append_c (out, '\n');
    }
  g_string_append (out, "offer");
  for (int i = 0; i < FALL_OFFER; i++)
    {
      if (s->offer_tile[i] == FALL_NONE)
        g_string_append (out, " -");
      else
        g_string_append_printf (out, " %s:%c", c->tile[s->offer_tile[i]].id,
                                s->offer_token[i] == FALL_NONE ? '-' : fall_token_letter (s->offer_token[i]));
    }
  g_string_append (out, "\nhand");
  for (int i = 0; i < s->n_hand_tiles; i++)
    g_string_append_printf (out, " %s", c->tile[s->hand_tile[i]].id);
  if (!s->n_hand_tiles)
    g_string_append (out, " -");
  g_string_append_c (out, '\n');
  for (int st = 0; st < FALL_N_STACKS; st++)
    {
      g_string_append_printf (out, "stack %d", st + 1);
      for (int i = 0; i < s->n_stack[st]; i++)
        g_string_append_printf (out, " %s", s->stack[st][i] == FALL_NONE ? "?" : c->tile[s->stack[st][i]].id);
      if (!s->n_stack[st])
        g_string_append (out, " -");
      g_string_append_c (out, '\n');
    }
  g_string_append (out, "bag ");
  for (int i = 0; i < s->n_bag; i++)
    g_string_append_c (out, s->bag[i] == FALL_NONE ? '?' : fall_token_letter (s->bag[i]));
  if (!s->n_bag)
    g_string_append_c (out, '-');
  g_string_append_printf (out, "\noffered %d\ndiscarded", s->tiles_offered);
  for (int i = 0; i < s->n_discarded_tiles; i++)
    g_string_append_printf (out, " %s", c->tile[s->discarded_tile[i]].id);
  if (!s->n_discarded_tiles)
    g_string_append (out, " -");
  g_string_append (out, "\nboxed ");
  append_tokens (out, s->boxed);
  g_string_append_printf (out, "\nrng %016" PRIx64 " %016" PRIx64 " %016" PRIx64 " %016" PRIx64 "\n",
                          s->rng.s[0], s->rng.s[1], s->rng.s[2], s->rng.s[3]);
  const FallCell *occ[FALL_MAX_CELLS];
  int n = 0;
  for (int i = 0; i < s->n_cells; i++)
    if (s->cell[i].height)
      occ[n++] = &s->cell[i];
  qsort (occ, n, sizeof occ[0], cmp_cells);
  for (int i = 0; i < n; i++)
    {
      const FallCell *cl = occ[i];
      g_string_append_printf (out, "cell %d,%d", cl->q, cl->r);
      for (int h = 0; h < cl->height; h++)
        g_string_append_printf (out, " %s/%d", c->tile[cl->tile[h]].id, cl->rot[h]);
      if (cl->token != FALL_NO_TOKEN)
        {
          g_string_append_printf (out, " %c", fall_token_letter (cl->token));
          if (cl->token == FALL_MUSHROOM && cl->marker >= 0)
            g_string_append_printf (out, "%d", cl->marker);
        }
      g_string_append_c (out, '\n');
    }
  return g_string_free (out, FALSE);
}

static gboolean
pos_error (GError **error, int lineno, const char *format, ...) G_GNUC_PRINTF (3, 4);

static gboolean
pos_error (GError **error, int lineno, const char *format, ...)
{
  va_list ap;
  va_start (ap, format);
  g_autofree char *msg = g_strdup_vprintf (format, ap);
  va_end (ap);
  g_set_error (error, FOL_DATA_ERROR, FOL_DATA_ERROR_PARSE, "position line %d: %s", lineno, msg);
  return FALSE;
}

static gboolean
parse_int (const char *text, int lo, int hi, int *out)
{
  char *end;
  long v = strtol (text, &end, 10);
  if (end == text || *end || v < lo || v > hi)
    return FALSE;
  *out = (int) v;
  return TRUE;
}

static gboolean
parse_token_counts (const char *text, uint8_t count[FALL_N_TOKEN_KINDS])
{
  memset (count, 0, FALL_N_TOKEN_KINDS);
  if (strcmp (text, "-") == 0)
    return TRUE;
  for (const char *p = text; *p; p++)
    {
      int k = fall_token_from_letter (*p);
      if (k < 0 || !g_ascii_islower (*p) || count[k] >= FALL_N_TOKENS)
        return FALSE;
      count[k]++;
    }
  return TRUE;
}

gboolean
fall_position_parse (const FallComponents *comps, const char *text, FallState *out, GError **error)
{
  memset (out, 0, sizeof *out);
  out->comps = comps;
  out->week = FALL_N_WEEKS;
  out->turn = 3;
  out->phase = FALL_PHASE_OVER;
  out->tiles_offered = FALL_TILES_PLAYED;
  memset (out->card, FALL_NONE, sizeof out->card);
  memset (out->offer_tile, FALL_NONE, sizeof out->offer_tile);
  memset (out->offer_token, FALL_NONE, sizeof out->offer_token);
  gboolean markers_given = FALSE;
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  FallCell *cells = g_new0 (FallCell, FALL_N_TILES);
  int n_cells = 0;
  gboolean ok = FALSE, header = FALSE;
  int tile_used[FALL_N_TILES] = { 0 };
  for (int ln = 0; lines[ln]; ln++)
    {
      int lineno = ln + 1;
      char *hash = strchr (lines[ln], '#');
      if (hash)
        *hash = '\0';
      g_auto (GStrv) raw = g_strsplit_set (g_strstrip (lines[ln]), " \t", -1);
      char *f[64];
      int nf = 0;
      for (int i = 0; raw[i]; i++)
        if (*raw[i])
          {
            if (nf >= 64)
              {
                pos_error (error, lineno, "too many fields");
                goto out;
              }
            f[nf++] = raw[i];
          }
      if (!nf)
        continue;
      if (!header)
        {
          if (nf != 2 || strcmp (f[0], "fall-position") != 0 || strcmp (f[1], "1") != 0)
            {
              pos_error (error, lineno, "expected 'fall-position 1'");
              goto out;
            }
          header = TRUE;
          continue;
        }
      const char *key = f[0];
      int v = 0;
#define NEED(cond, ...) do { if (!(cond)) { pos_error (error, lineno, __VA_ARGS__); goto out; } } while (0)
      if (strcmp (key, "side") == 0)
        {
          NEED (nf == 2 && (strcmp (f[1], "A") == 0 || strcmp (f[1], "B") == 0), "side A or B");
          out->side = f[1][0] == 'B';
        }
      else if (strcmp (key, "first-player") == 0)
        {
          NEED (nf == 2 && parse_int (f[1], 0, 1, &v), "first-player 0 or 1");
          out->first_player = (uint8_t) v;
        }
      else if (strcmp (key, "week") == 0)
        {
          NEED (nf == 2 && parse_int (f[1], 1, FALL_N_WEEKS, &v), "week 1..12");
          out->week = (uint8_t) v;
        }
      else if (strcmp (key, "turn") == 0)
        {
          NEED (nf == 2 && parse_int (f[1], 0, 3, &v), "turn 0..3");
          out->turn = (uint8_t) v;
        }
      else if (strcmp (key, "phase") == 0)
        {
          NEED (nf == 2, "phase take, act or over");
          int ph = -1;
          for (int i = 0; i < 3; i++)
            if (strcmp (f[1], phase_names[i]) == 0)
              ph = i;
          NEED (ph >= 0, "phase take, act or over");
          out->phase = (uint8_t) ph;
        }
      else if (strcmp (key, "to-take") == 0)
        {
          NEED (nf == 2 && parse_int (f[1], 0, 2, &v), "to-take 0..2");
          out->to_take = (uint8_t) v;
        }
      else if (strcmp (key, "moves") == 0)
        {
          NEED (nf == 2 && parse_int (f[1], 0, 65535, &v), "moves 0..65535");
          out->n_moves = (uint16_t) v;
        }
      else if (strcmp (key, "view") == 0)
        {
          NEED (nf == 2 && parse_int (f[1], 0, 1, &v), "view 0 or 1");
          out->is_view = 1;
          out->viewer = (uint8_t) v;
        }
      else if (strcmp (key, "cards") == 0)
        {
          NEED (nf == 5 && parse_int (f[1], 0, 1, &v), "cards SEAT FLOWER FOX BIRD");
          for (int k = 0; k < FALL_N_CARD_KINDS; k++)
            {
              if (strcmp (f[2 + k], "?") == 0)
                {
                  out->card[v][k] = FALL_NONE;
                  continue;
                }
              int ci = fall_card_index (comps, f[2 + k]);
              NEED (ci >= 0 && comps->card[ci].kind == k, "'%s' is not a %s card", f[2 + k],
                    k == 0 ? "Flower" : k == 1 ? "Fox" : "Bird");
              out->card[v][k] = (uint8_t) ci;
            }
        }
      else if (strcmp (key, "markers") == 0)
        {
          int a, b;
          NEED (nf == 3 && parse_int (f[1], 0, FALL_MARKERS, &a) && parse_int (f[2], 0, FALL_MARKERS, &b),
                "markers N N (0..8)");
          out->markers[0] = (uint8_t) a;
          out->markers[1] = (uint8_t) b;
          markers_given = TRUE;
        }
      else if (strcmp (key, "held") == 0)
        {
          NEED (nf == 3 && parse_int (f[1], 0, 1, &v) && parse_token_counts (f[2], out->held[v]),
                "held SEAT TOKENS (letters m f h r t, or -)");
        }
      else if (strcmp (key, "boxed") == 0)
        {
          NEED (nf == 2 && parse_token_counts (f[1], out->boxed), "boxed TOKENS (letters, or -)");
        }
      else if (strcmp (key, "offer") == 0)
        {
          NEED (nf == 1 + FALL_OFFER, "offer needs 4 places (TILE:TOKEN or -)");
          for (int i = 0; i < FALL_OFFER; i++)
            {
              if (strcmp (f[1 + i], "-") == 0)
                continue;
              char *colon = strchr (f[1 + i], ':');
              NEED (colon && colon[1] && !colon[2], "'%s': expected TILE:TOKEN", f[1 + i]);
              *colon = '\0';
              int tile = fall_tile_index (comps, f[1 + i]);
              NEED (tile >= 0 && tile != FALL_START_TILE && !tile_used[tile]++, "bad or repeated tile '%s'", f[1 + i]);
              int k = colon[1] == '-' ? FALL_NONE : fall_token_from_letter (colon[1]);
              NEED (k >= 0, "bad token '%c'", colon[1]);
              out->offer_tile[i] = (uint8_t) tile;
              out->offer_token[i] = (uint8_t) k;
            }
        }
      else if (strcmp (key, "hand") == 0 || strcmp (key, "discarded") == 0 || strcmp (key, "stack") == 0)
        {
          gboolean is_stack = key[0] == 's';
          int first = 1, st = 0, max = key[0] == 'h' ? 2 : key[0] == 'd' ? FALL_N_LEAF_TILES : FALL_STACK_MAX;
          if (is_stack)
            {
              NEED (nf >= 3 && parse_int (f[1], 1, FALL_N_STACKS, &st), "stack 1..4 TILES (or -)");
              st--;
              first = 2;
            }
          uint8_t *list = key[0] == 'h' ? out->hand_tile : key[0] == 'd' ? out->discarded_tile : out->stack[st];
          int n = 0;
          if (!(nf == first + 1 && strcmp (f[first], "-") == 0))
            for (int i = first; i < nf; i++)
              {
                NEED (n < max, "too many tiles");
                if (is_stack && strcmp (f[i], "?") == 0)
                  {
                    list[n++] = FALL_NONE;
                    continue;
                  }
                int tile = fall_tile_index (comps, f[i]);
                NEED (tile >= 0 && tile != FALL_START_TILE && (out->is_view && is_stack ? TRUE : !tile_used[tile]++),
                      "bad or repeated tile '%s'", f[i]);
                list[n++] = (uint8_t) tile;
              }
          if (key[0] == 'h')
            out->n_hand_tiles = (uint8_t) n;
          else if (key[0] == 'd')
            out->n_discarded_tiles = (uint8_t) n;
          else
            out->n_stack[st] = (uint8_t) n;
        }
      else if (strcmp (key, "bag") == 0)
        {
          NEED (nf == 2, "bag TOKENS (letters, or -)");
          if (strcmp (f[1], "-") != 0)
            {
              NEED (strlen (f[1]) <= FALL_N_TOKENS, "more than 64 tokens in the bag");
              for (const char *p = f[1]; *p; p++)
                {
                  if (*p == '?')
                    {
                      out->bag[out->n_bag++] = FALL_NONE;
                      continue;
                    }
                  int k = fall_token_from_letter (*p);
                  NEED (k >= 0 && g_ascii_islower (*p), "bad token '%c' in the bag", *p);
                  out->bag[out->n_bag++] = (uint8_t) k;
                }
            }
        }
      else if (strcmp (key, "offered") == 0)
        {
          NEED (nf == 2 && parse_int (f[1], 0, FALL_N_LEAF_TILES, &v), "offered 0..54");
          out->tiles_offered = (uint8_t) v;
        }
      else if (strcmp (key, "rng") == 0)
        {
          NEED (nf == 5, "rng and four 64-bit hex words");
          for (int i = 0; i < 4; i++)
            {
              char *end;
              out->rng.s[i] = g_ascii_strtoull (f[1 + i], &end, 16);
              NEED (end != f[1 + i] && !*end, "'%s' is not a hex word", f[1 + i]);
            }
        }
      else if (strcmp (key, "cell") == 0)
        {
          NEED (nf >= 3, "cell Q,R TILE/ROT ... [TOKEN]");
          NEED (n_cells < FALL_N_TILES, "more than 55 stacks");
          FallCell *c = &cells[n_cells];
          memset (c, 0, sizeof *c);
          c->token = FALL_NO_TOKEN;
          c->marker = -1;
          int q, r;
          const char *end;
          NEED (parse_coord (f[1], &q, &r, &end) && !*end && q >= -100 && q <= 100 && r >= -100 && r <= 100,
                "'%s' is not Q,R (-100..100)", f[1]);
          c->q = (int8_t) q;
          c->r = (int8_t) r;
          int last = nf;
          if (!strchr (f[nf - 1], '/'))
            {
              const char *tk = f[nf - 1];
              int k = fall_token_from_letter (tk[0]);
              NEED (k >= 0 && g_ascii_islower (tk[0]), "bad token '%s'", tk);
              if (tk[1])
                {
                  NEED (k == FALL_MUSHROOM && (tk[1] == '0' || tk[1] == '1') && !tk[2],
                        "'%s': only a Mushroom carries a marker (m0, m1)", tk);
                  c->marker = (int8_t) (tk[1] - '0');
                }
              c->token = (uint8_t) k;
              last = nf - 1;
            }
          NEED (last - 2 >= 1 && last - 2 <= FALL_MAX_HEIGHT, "a stack has 1 to 3 tiles");
          for (int i = 2; i < last; i++)
            {
              char *slash = strchr (f[i], '/');
              NEED (slash && slash[1] >= '0' && slash[1] <= '5' && !slash[2], "'%s': expected TILE/ROT", f[i]);
              *slash = '\0';
              int tile = fall_tile_index (comps, f[i]);
              NEED (tile >= 0 && !tile_used[tile]++, "bad or repeated tile '%s'", f[i]);
              NEED (tile != FALL_START_TILE || (last == 3 && q == 0 && r == 0),
                    "the starting tile stands alone at 0,0");
              c->tile[c->height] = (uint8_t) tile;
              c->rot[c->height] = (uint8_t) (slash[1] - '0');
              c->height++;
            }
          NEED (c->token == FALL_NO_TOKEN || c->tile[c->height - 1] != FALL_START_TILE,
                "no token on the starting tile");
          for (int h = 0; h < c->height; h++)
            out->n_placed += c->tile[h] != FALL_START_TILE;
          n_cells++;
        }
      else
        NEED (FALSE, "unknown field '%s'", key);
#undef NEED
    }
  if (!header)
    {
      pos_error (error, 1, "expected 'fall-position 1'");
      goto out;
    }
  {
    const char *reason = NULL;
    if (!fall_state_set_stacks (out, cells, n_cells, &reason))
      {
        g_set_error (error, FOL_DATA_ERROR, FOL_DATA_ERROR_PARSE, "position: %s", reason);
        goto out;
      }
  }
  if (!markers_given)
    {
      out->markers[0] = out->markers[1] = FALL_MARKERS;
      for (int i = 0; i < out->n_cells; i++)
        if (out->cell[i].marker >= 0 && out->markers[out->cell[i].marker])
          out->markers[out->cell[i].marker]--;
    }
  ok = TRUE;
out:
  g_free (cells);
  return ok;
}

/* ---- records and replay --------------------------------------------- */

char *
fall_record_format (uint64_t seed, const FallOptions *opts, const FallState *final_state,
                    const FallMove *moves, int n)
{
  GString *out = g_string_new ("fall-game 1\n");
  g_string_append_printf (out, "seed %" PRIu64 "\n", seed);
  int side = opts ? opts->side : -1, first = opts ? opts->first_player : -1;
  g_string_append_printf (out, "side %s\n", side == 0 ? "A" : side == 1 ? "B" : "random");
  g_string_append_printf (out, "first-player %s\n", first == 0 ? "0" : first == 1 ? "1" : "random");
  g_string_append (out, "moves\n");
  char buf[32];
  int col = 0;
  for (int i = 0; i < n; i++)
    {
      fall_move_format (final_state, &moves[i], buf, sizeof buf);
      g_string_append_printf (out, col ? " %s" : "%s", buf);
      col++;
      if (moves[i].kind == FALL_MOVE_END)
        {
          g_string_append_c (out, '\n');
          col = 0;
        }
    }
  if (col)
    g_string_append_c (out, '\n');
  g_string_append_printf (out, "end\nhash %016" PRIx64 "\n", fall_state_hash (final_state));
  return g_string_free (out, FALSE);
}

gboolean
fall_replay (const FallComponents *comps, const char *record, FallState *out, GArray **moves_out,
             GError **error)
{
  g_auto (GStrv) lines = g_strsplit (record, "\n", -1);
  uint64_t seed = 0;
  FallOptions opts = FALL_OPTIONS_RANDOM;
  gboolean header = FALSE, have_seed = FALSE, in_moves = FALSE, started = FALSE, have_hash = FALSE;
  uint64_t want_hash = 0;
  g_autoptr (GArray) moves = g_array_new (FALSE, TRUE, sizeof (FallMove));
  for (int ln = 0; lines[ln]; ln++)
    {
      int lineno = ln + 1;
      char *hash = strchr (lines[ln], '#');
      if (hash)
        *hash = '\0';
      char *line = g_strstrip (lines[ln]);
      if (!*line)
        continue;
      if (!header)
        {
          if (strcmp (line, "fall-game 1") != 0)
            {
              g_set_error (error, FOL_DATA_ERROR, FOL_DATA_ERROR_PARSE, "record line %d: expected 'fall-game 1'", lineno);
              return FALSE;
            }
          header = TRUE;
          continue;
        }
      g_auto (GStrv) raw = g_strsplit_set (line, " \t", -1);
      if (in_moves)
        {
          if (strcmp (line, "end") == 0)
            {
              in_moves = FALSE;
              continue;
            }
          for (int i = 0; raw[i]; i++)
            {
              if (!*raw[i])
                continue;
              FallMove m;
              g_autoptr (GError) local = NULL;
              if (!fall_move_parse (comps, raw[i], &m, &local))
                {
                  g_set_error (error, FOL_DATA_ERROR, FOL_DATA_ERROR_PARSE, "record line %d: %s", lineno, local->message);
                  return FALSE;
                }
              const char *reason = NULL;
              if (!fall_apply (out, &m, &reason))
                {
                  g_set_error (error, FOL_DATA_ERROR, FOL_DATA_ERROR_INVALID,
                               "record line %d: move %u '%s' is illegal: %s", lineno, moves->len + 1, raw[i], reason);
                  return FALSE;
                }
              g_array_append_val (moves, m);
            }
          continue;
        }
      char *f[3] = { NULL, NULL, NULL };
      int nf = 0;
      for (int i = 0; raw[i]; i++)
        if (*raw[i] && nf < 3)
          f[nf++] = raw[i];
      if (nf == 2 && strcmp (f[0], "seed") == 0)
        {
          char *end;
          seed = g_ascii_strtoull (f[1], &end, 10);
          have_seed = !*end;
        }
      else if (nf == 2 && strcmp (f[0], "side") == 0)
        opts.side = strcmp (f[1], "A") == 0 ? 0 : strcmp (f[1], "B") == 0 ? 1 : -1;
      else if (nf == 2 && strcmp (f[0], "first-player") == 0)
        opts.first_player = strcmp (f[1], "0") == 0 ? 0 : strcmp (f[1], "1") == 0 ? 1 : -1;
      else if (nf == 1 && strcmp (f[0], "moves") == 0 && !started)
        {
          if (!have_seed)
            {
              g_set_error (error, FOL_DATA_ERROR, FOL_DATA_ERROR_PARSE, "record line %d: no seed before the moves", lineno);
              return FALSE;
            }
          fall_state_init (out, comps, seed, &opts);
          in_moves = started = TRUE;
        }
      else if (nf == 2 && strcmp (f[0], "hash") == 0)
        {
          char *end;
          want_hash = g_ascii_strtoull (f[1], &end, 16);
          have_hash = !*end;
        }
      else
        {
          g_set_error (error, FOL_DATA_ERROR, FOL_DATA_ERROR_PARSE, "record line %d: unexpected '%s'", lineno, line);
          return FALSE;
        }
    }
  if (!started)
    {
      g_set_error (error, FOL_DATA_ERROR, FOL_DATA_ERROR_PARSE, "record: no 'moves' section");
      return FALSE;
    }
  if (have_hash && fall_state_hash (out) != want_hash)
    {
      g_set_error (error, FOL_DATA_ERROR, FOL_DATA_ERROR_INVALID,
                   "record: the final state hash %016" PRIx64 " differs from the recorded %016" PRIx64,
                   fall_state_hash (out), want_hash);
      return FALSE;
    }
  if (moves_out)
    *moves_out = g_steal_pointer (&moves);
  return TRUE;
}
