/* fall-notation.c: moves, positions and records as text; see docs/notation-fall.md. */
#include "fall-notation.h"
#include "fall-internal.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/datafile.h"

/* ---- helpers shared by the parsers -------------------------------- */

/* The most tokens an END can name: 2 kept from earlier turns and the (at
 * most) 2 taken this turn (rulebook "Game Mechanics"; DECISIONS.md Tokens). */
#define END_MAX_DISCARDS (FALL_MAX_HELD + 2)

gboolean
fall_scan_int (const char *p, const char **end, int lo, int hi, int *out)
{
  gboolean neg = FALSE;
  if (*p == '-' && lo < 0)
    {
      neg = TRUE;
      p++;
    }
  if (!g_ascii_isdigit (*p) || (*p == '0' && (neg || g_ascii_isdigit (p[1]))))
    return FALSE;
  long v = 0;
  for (int digits = 0; g_ascii_isdigit (*p); p++)
    {
      if (++digits > 9)
        return FALSE;
      v = v * 10 + (*p - '0');
    }
  if (neg)
    v = -v;
  if (v < lo || v > hi)
    return FALSE;
  *out = (int) v;
  *end = p;
  return TRUE;
}

/* The whole of @text is a canonical integer in @lo..@hi. */
static gboolean
parse_int (const char *text, int lo, int hi, int *out)
{
  const char *end;
  return fall_scan_int (text, &end, lo, hi, out) && !*end;
}

/* "Q,R", both canonical integers in -FALL_COORD_MAX..FALL_COORD_MAX. */
static gboolean
scan_coord (const char *p, int *q, int *r, const char **end)
{
  return fall_scan_int (p, &p, -FALL_COORD_MAX, FALL_COORD_MAX, q) && *p == ','
         && fall_scan_int (p + 1, end, -FALL_COORD_MAX, FALL_COORD_MAX, r);
}

/* An unsigned 64-bit decimal number, canonical ("0" or no leading zero). */
static gboolean
parse_u64 (const char *text, uint64_t *out)
{
  const char *p = text;
  if (!g_ascii_isdigit (*p) || (*p == '0' && p[1]))
    return FALSE;
  uint64_t v = 0;
  for (; *p; p++)
    {
      if (!g_ascii_isdigit (*p))
        return FALSE;
      unsigned d = (unsigned) (*p - '0');
      if (v > (G_MAXUINT64 - d) / 10)
        return FALSE;
      v = v * 10 + d;
    }
  *out = v;
  return TRUE;
}

/* Exactly 16 lower-case hex digits, as "%016" PRIx64 writes them. */
static gboolean
parse_hex64 (const char *text, uint64_t *out)
{
  uint64_t v = 0;
  int i = 0;
  for (; text[i]; i++)
    {
      char c = text[i];
      if (i >= 16 || !(g_ascii_isdigit (c) || (c >= 'a' && c <= 'f')))
        return FALSE;
      v = v << 4 | (uint64_t) g_ascii_xdigit_value (c);
    }
  if (i != 16)
    return FALSE;
  *out = v;
  return TRUE;
}

/* The tile with exactly the id @id ("L07", "S00"; case matters), or -1. */
static int
tile_exact (const FallComponents *comps, const char *id)
{
  for (int i = 0; i < FALL_N_TILES; i++)
    if (strcmp (comps->tile[i].id, id) == 0)
      return i;
  return -1;
}

/* The card with exactly the id @id ("FL1", "F3", "B6"), or -1. */
static int
card_exact (const FallComponents *comps, const char *id)
{
  for (int i = 0; i < FALL_N_CARDS; i++)
    if (strcmp (comps->card[i].id, id) == 0)
      return i;
  return -1;
}

/* The token kind of the lower-case notation letter @c, or -1. */
static int
token_exact (char c)
{
  const char *p = c ? strchr ("mfhrt", c) : NULL;
  return p ? (int) (p - "mfhrt") : -1;
}

/* ---- moves ---------------------------------------------------------- */

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
        /* "E-" and the letters in the order m f h r: at most
         * END_MAX_DISCARDS of them, exactly what fall_move_parse() reads */
        int total = 0;
        for (int k = 0; k < 4; k++)
          total += m->discard[k];
        if (total > END_MAX_DISCARDS)
          {
            snprintf (buf, size, "?");
            break;
          }
        char tail[END_MAX_DISCARDS + 1];
        int n = 0;
        for (int k = 0; k < 4; k++)
          for (int i = 0; i < m->discard[k]; i++)
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
move_error (GError **error, const char *text, const char *why)
{
  g_autofree char *quoted = fol_quote (text);
  g_set_error (error, FOL_DATA_ERROR, FOL_DATA_ERROR_PARSE, "bad move '%s': %s", quoted, why);
  return FALSE;
}

gboolean
fall_move_parse (const FallComponents *comps, const char *text, FallMove *out, GError **error)
{
  memset (out, 0, sizeof *out);
  const char *t = text, *end = NULL;
  int q, r;
  switch (t[0])
    {
    case 'T':
      if (t[1] < '1' || t[1] > '4' || t[2])
        return move_error (error, text, "expected T1, T2, T3 or T4");
      out->kind = FALL_MOVE_TAKE;
      out->arg = (uint8_t) (t[1] - '1');
      return TRUE;
    case 'E':
      out->kind = FALL_MOVE_END;
      if (!t[1])
        return TRUE;
      if (t[1] != '-' || !t[2])
        return move_error (error, text, "expected E, or E- and the tokens put back in the box");
      {
        int n = 0, last = 0;
        for (const char *p = t + 2; *p; p++)
          {
            int k = token_exact (*p);
            if (k < 0 || k == FALL_TOAD)
              return move_error (error, text, "the tokens put back are letters m, f, h, r");
            if (k < last)
              return move_error (error, text, "the tokens put back are written in the order m f h r");
            if (++n > END_MAX_DISCARDS)
              return move_error (error, text, "at most 4 tokens are put back at the end of a turn");
            out->discard[k]++;
            last = k;
          }
      }
      return TRUE;
    case 'X':
      {
        int tile = tile_exact (comps, t + 1);
        if (tile < 0 || tile == FALL_START_TILE)
          return move_error (error, text, "expected X and a tile id L01..L54");
        out->kind = FALL_MOVE_DISCARD_TILE;
        out->arg = (uint8_t) tile;
        return TRUE;
      }
    case 'C':
      if (t[1] != '@' || !scan_coord (t + 2, &q, &r, &end) || *end)
        return move_error (error, text, "expected C@Q,R (Q and R in -100..100)");
      out->kind = FALL_MOVE_CLAIM;
      out->q = (int8_t) q;
      out->r = (int8_t) r;
      return TRUE;
    case 'L':
      {
        const char *at = strchr (t, '@');
        if (!at || at - t != 3)
          return move_error (error, text, "expected TILE@Q,RrN");
        char id[4];
        memcpy (id, t, 3);
        id[3] = '\0';
        int tile = tile_exact (comps, id);
        if (tile < 0 || tile == FALL_START_TILE)
          return move_error (error, text, "unknown tile id (L01..L54)");
        if (!scan_coord (at + 1, &q, &r, &end) || end[0] != 'r' || end[1] < '0' || end[1] > '5' || end[2])
          return move_error (error, text, "expected TILE@Q,RrN (Q and R in -100..100, N in 0..5)");
        out->kind = FALL_MOVE_PLACE;
        out->arg = (uint8_t) tile;
        out->q = (int8_t) q;
        out->r = (int8_t) r;
        out->rot = (uint8_t) (end[1] - '0');
        return TRUE;
      }
    default:
      {
        int k = token_exact (t[0]);
        if (k < 0)
          break;
        if (t[1] != '@' || !scan_coord (t + 2, &q, &r, &end) || *end)
          return move_error (error, text, "expected a token letter, then @Q,R (Q and R in -100..100)");
        out->kind = FALL_MOVE_TOKEN;
        out->arg = (uint8_t) k;
        out->q = (int8_t) q;
        out->r = (int8_t) r;
        return TRUE;
      }
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

/* ---- parsing positions ---------------------------------------------- */

/* The lines that may appear once; "cards", "held" and "stack" once per seat
 * or stack.  Each has its label for messages. */
enum {
  K_SIDE, K_FIRST, K_WEEK, K_TURN, K_PHASE, K_TO_TAKE, K_MOVES, K_VIEW,
  K_CARDS, K_CARDS1, K_MARKERS, K_HELD, K_HELD1, K_OFFER, K_HAND,
  K_STACK, K_STACK2, K_STACK3, K_STACK4, K_BAG, K_OFFERED, K_DISCARDED, K_BOXED, K_RNG,
  N_KEYS,
};

static const char *const key_label[N_KEYS] = {
  "side", "first-player", "week", "turn", "phase", "to-take", "moves", "view",
  "cards 0", "cards 1", "markers", "held 0", "held 1", "offer", "hand",
  "stack 1", "stack 2", "stack 3", "stack 4", "bag", "offered", "discarded", "boxed", "rng",
};

typedef struct {
  const FallComponents *comps;
  FallState *out;
  GError **error;
  int lineno;                        /* the line being read */
  int seen[N_KEYS];                  /* the line of each, 0 = not given */
  int tile_line[FALL_N_TILES];       /* where each tile is, 0 = nowhere */
  FallCell cells[FALL_N_TILES];      /* the stacks, in line order */
  int cell_line[FALL_N_TILES];
  int n_cells;
  int hidden_line;                   /* the first stack or bag line with a '?' */
  int known_line;                    /* the first stack or bag line with a known tile or token */
} PosParser;

static gboolean
pos_error (PosParser *ps, int lineno, const char *format, ...) G_GNUC_PRINTF (3, 4);

/* Sets the error, naming @lineno (0: the position as a whole).  Returns FALSE. */
static gboolean
pos_error (PosParser *ps, int lineno, const char *format, ...)
{
  va_list ap;
  va_start (ap, format);
  g_autofree char *msg = g_strdup_vprintf (format, ap);
  va_end (ap);
  if (lineno > 0)
    g_set_error (ps->error, FOL_DATA_ERROR, FOL_DATA_ERROR_PARSE, "position line %d: %s", lineno, msg);
  else
    g_set_error (ps->error, FOL_DATA_ERROR, FOL_DATA_ERROR_PARSE, "position: %s", msg);
  return FALSE;
}

/* @text quoted for a message, freed with the parser's line. */
#define Q(text) (quoted = (g_free (quoted), fol_quote (text)))

/* Marks line kind @key as given; refuses a second one. */
static gboolean
once (PosParser *ps, int key)
{
  if (ps->seen[key])
    return pos_error (ps, ps->lineno, "a second '%s' line (the first is line %d)", key_label[key], ps->seen[key]);
  ps->seen[key] = ps->lineno;
  return TRUE;
}

/* Notes that tile @tile stands on this line; refuses one given twice. */
static gboolean
use_tile (PosParser *ps, int tile)
{
  if (ps->tile_line[tile])
    return pos_error (ps, ps->lineno, "tile %s is given twice (also on line %d)", ps->comps->tile[tile].id,
                      ps->tile_line[tile]);
  ps->tile_line[tile] = ps->lineno;
  return TRUE;
}

/* A Leaf tile id (not the starting tile), exactly as written by the format. */
static gboolean
leaf_tile (PosParser *ps, const char *id, int *tile)
{
  *tile = tile_exact (ps->comps, id);
  if (*tile < 0 || *tile == FALL_START_TILE)
    {
      g_autofree char *q = fol_quote (id);
      return pos_error (ps, ps->lineno, "'%s' is not a Leaf tile id (L01..L54)", q);
    }
  return use_tile (ps, *tile);
}

/* 1 to @max token letters (a set of tokens: any order; the format writes
 * them in the order m f h r t), or '-' for none. */
static gboolean
parse_token_counts (const char *text, int max, uint8_t count[FALL_N_TOKEN_KINDS])
{
  memset (count, 0, FALL_N_TOKEN_KINDS);
  if (strcmp (text, "-") == 0)
    return TRUE;
  int n = 0;
  for (const char *p = text; *p; p++)
    {
      int k = token_exact (*p);
      if (k < 0 || ++n > max)
        return FALSE;
      count[k]++;
    }
  return n > 0;
}

static gboolean
parse_line (PosParser *ps, char **f, int nf)
{
  FallState *out = ps->out;
  const FallComponents *comps = ps->comps;
  const char *key = f[0];
  g_autofree char *quoted = NULL;
  int v = 0;
#define NEED(cond, ...) do { if (!(cond)) return pos_error (ps, ps->lineno, __VA_ARGS__); } while (0)
#define ONCE(k) do { if (!once (ps, (k))) return FALSE; } while (0)
  if (strcmp (key, "side") == 0)
    {
      ONCE (K_SIDE);
      NEED (nf == 2 && (strcmp (f[1], "A") == 0 || strcmp (f[1], "B") == 0), "expected side A or B");
      out->side = f[1][0] == 'B';
    }
  else if (strcmp (key, "first-player") == 0)
    {
      ONCE (K_FIRST);
      NEED (nf == 2 && parse_int (f[1], 0, 1, &v), "expected first-player 0 or 1");
      out->first_player = (uint8_t) v;
    }
  else if (strcmp (key, "week") == 0)
    {
      ONCE (K_WEEK);
      NEED (nf == 2 && parse_int (f[1], 1, FALL_N_WEEKS, &v), "expected week 1..12");
      out->week = (uint8_t) v;
    }
  else if (strcmp (key, "turn") == 0)
    {
      ONCE (K_TURN);
      NEED (nf == 2 && parse_int (f[1], 0, 3, &v), "expected turn 0..3");
      out->turn = (uint8_t) v;
    }
  else if (strcmp (key, "phase") == 0)
    {
      ONCE (K_PHASE);
      int ph = -1;
      for (int i = 0; i < 3 && nf == 2; i++)
        if (strcmp (f[1], phase_names[i]) == 0)
          ph = i;
      NEED (ph >= 0, "expected phase take, act or over");
      out->phase = (uint8_t) ph;
    }
  else if (strcmp (key, "to-take") == 0)
    {
      ONCE (K_TO_TAKE);
      NEED (nf == 2 && parse_int (f[1], 0, 2, &v), "expected to-take 0..2");
      out->to_take = (uint8_t) v;
    }
  else if (strcmp (key, "moves") == 0)
    {
      ONCE (K_MOVES);
      NEED (nf == 2 && parse_int (f[1], 0, 65535, &v), "expected moves 0..65535");
      out->n_moves = (uint16_t) v;
    }
  else if (strcmp (key, "view") == 0)
    {
      ONCE (K_VIEW);
      NEED (nf == 2 && parse_int (f[1], 0, 1, &v), "expected view 0 or 1");
      out->is_view = 1;
      out->viewer = (uint8_t) v;
    }
  else if (strcmp (key, "cards") == 0)
    {
      NEED (nf == 5 && parse_int (f[1], 0, 1, &v), "expected cards SEAT FLOWER FOX BIRD (SEAT 0 or 1)");
      ONCE (K_CARDS + v);
      for (int k = 0; k < FALL_N_CARD_KINDS; k++)
        {
          if (strcmp (f[2 + k], "?") == 0)
            continue;
          int ci = card_exact (comps, f[2 + k]);
          NEED (ci >= 0 && comps->card[ci].kind == k, "'%s' is not a %s card (or '?')", Q (f[2 + k]),
                k == 0 ? "Flower" : k == 1 ? "Fox" : "Bird");
          out->card[v][k] = (uint8_t) ci;
        }
    }
  else if (strcmp (key, "markers") == 0)
    {
      ONCE (K_MARKERS);
      int a, b;
      NEED (nf == 3 && parse_int (f[1], 0, FALL_MARKERS, &a) && parse_int (f[2], 0, FALL_MARKERS, &b),
            "expected markers N N (0..8)");
      out->markers[0] = (uint8_t) a;
      out->markers[1] = (uint8_t) b;
    }
  else if (strcmp (key, "held") == 0)
    {
      NEED (nf == 3 && parse_int (f[1], 0, 1, &v), "expected held SEAT TOKENS (SEAT 0 or 1)");
      ONCE (K_HELD + v);
      NEED (parse_token_counts (f[2], END_MAX_DISCARDS, out->held[v]),
            "'%s': expected 1 to 4 token letters m f h r t, or -", Q (f[2]));
    }
  else if (strcmp (key, "boxed") == 0)
    {
      ONCE (K_BOXED);
      NEED (nf == 2 && parse_token_counts (f[1], FALL_N_TOKENS, out->boxed),
            "expected boxed TOKENS (up to 64 letters m f h r t, or -)");
    }
  else if (strcmp (key, "offer") == 0)
    {
      ONCE (K_OFFER);
      NEED (nf == 1 + FALL_OFFER, "expected offer and 4 places (TILE:TOKEN or -)");
      for (int i = 0; i < FALL_OFFER; i++)
        {
          char *place = f[1 + i];
          if (strcmp (place, "-") == 0)
            continue;
          char *colon = strchr (place, ':');
          NEED (colon && colon[1] && !colon[2], "'%s': expected TILE:TOKEN or -", Q (place));
          int k = colon[1] == '-' ? FALL_NONE : token_exact (colon[1]);
          NEED (k >= 0, "'%s': the token is a letter m f h r t, or -", Q (place));
          *colon = '\0';
          int tile;
          if (!leaf_tile (ps, place, &tile))
            return FALSE;
          out->offer_tile[i] = (uint8_t) tile;
          out->offer_token[i] = (uint8_t) k;
        }
    }
  else if (strcmp (key, "hand") == 0 || strcmp (key, "discarded") == 0)
    {
      gboolean hand = key[0] == 'h';
      ONCE (hand ? K_HAND : K_DISCARDED);
      int max = hand ? 2 : FALL_N_LEAF_TILES;
      NEED (nf >= 2, "expected %s and tiles, or -", key);
      NEED (nf - 1 <= max, "more than %d tiles", max);
      uint8_t *list = hand ? out->hand_tile : out->discarded_tile;
      int n = 0;
      if (!(nf == 2 && strcmp (f[1], "-") == 0))
        for (int i = 1; i < nf; i++)
          {
            int tile;
            if (!leaf_tile (ps, f[i], &tile))
              return FALSE;
            list[n++] = (uint8_t) tile;
          }
      if (hand)
        out->n_hand_tiles = (uint8_t) n;
      else
        out->n_discarded_tiles = (uint8_t) n;
    }
  else if (strcmp (key, "stack") == 0)
    {
      NEED (nf >= 3 && parse_int (f[1], 1, FALL_N_STACKS, &v), "expected stack 1..4 and tiles, or -");
      int st = v - 1;
      ONCE (K_STACK + st);
      NEED (nf - 2 <= FALL_STACK_MAX, "more than %d tiles in a stack", FALL_STACK_MAX);
      int n = 0;
      if (!(nf == 3 && strcmp (f[2], "-") == 0))
        for (int i = 2; i < nf; i++)
          {
            int tile = FALL_NONE;
            if (strcmp (f[i], "?") == 0)
              ps->hidden_line = ps->hidden_line ? ps->hidden_line : ps->lineno;
            else
              {
                if (!leaf_tile (ps, f[i], &tile))
                  return FALSE;
                ps->known_line = ps->known_line ? ps->known_line : ps->lineno;
              }
            out->stack[st][n++] = (uint8_t) tile;
          }
      out->n_stack[st] = (uint8_t) n;
    }
  else if (strcmp (key, "bag") == 0)
    {
      ONCE (K_BAG);
      NEED (nf == 2, "expected bag TOKENS (letters, or -)");
      if (strcmp (f[1], "-") != 0)
        {
          /* every count is checked before anything is written */
          NEED (strlen (f[1]) <= FALL_N_TOKENS, "more than %d tokens in the bag", FALL_N_TOKENS);
          int n = 0;
          for (const char *p = f[1]; *p; p++)
            {
              int k = *p == '?' ? FALL_NONE : token_exact (*p);
              NEED (k >= 0, "'%s': a token is a letter m f h r t ('?' in a view)", Q (f[1]));
              if (k == FALL_NONE)
                ps->hidden_line = ps->hidden_line ? ps->hidden_line : ps->lineno;
              else
                ps->known_line = ps->known_line ? ps->known_line : ps->lineno;
              out->bag[n++] = (uint8_t) k;
            }
          out->n_bag = (uint8_t) n;
        }
    }
  else if (strcmp (key, "offered") == 0)
    {
      ONCE (K_OFFERED);
      NEED (nf == 2 && parse_int (f[1], 0, FALL_TILES_PLAYED, &v), "expected offered 0..48");
      out->tiles_offered = (uint8_t) v;
    }
  else if (strcmp (key, "rng") == 0)
    {
      ONCE (K_RNG);
      NEED (nf == 5, "expected rng and four words of 16 hex digits");
      for (int i = 0; i < 4; i++)
        NEED (parse_hex64 (f[1 + i], &out->rng.s[i]), "'%s' is not a word of 16 hex digits (0-9, a-f)",
              Q (f[1 + i]));
    }
  else if (strcmp (key, "cell") == 0)
    {
      NEED (nf >= 3, "expected cell Q,R TILE/ROT ... [TOKEN]");
      NEED (ps->n_cells < FALL_N_TILES, "more than %d stacks", FALL_N_TILES);
      FallCell *c = &ps->cells[ps->n_cells];
      memset (c, 0, sizeof *c);
      c->token = FALL_NO_TOKEN;
      c->marker = -1;
      int q, r;
      const char *end;
      NEED (scan_coord (f[1], &q, &r, &end) && !*end, "'%s' is not Q,R (each -100..100)", Q (f[1]));
      for (int i = 0; i < ps->n_cells; i++)
        NEED (ps->cells[i].q != q || ps->cells[i].r != r, "a second stack on cell %d,%d (the first is on line %d)",
              q, r, ps->cell_line[i]);
      c->q = (int8_t) q;
      c->r = (int8_t) r;
      int last = nf;
      if (!strchr (f[nf - 1], '/'))
        {
          const char *tk = f[nf - 1];
          int k = token_exact (tk[0]);
          NEED (k >= 0 && (!tk[1] || (k == FALL_MUSHROOM && (tk[1] == '0' || tk[1] == '1') && !tk[2])),
                "'%s': expected a token m f h r t (a Mushroom with its marker: m0, m1)", Q (tk));
          if (tk[1])
            c->marker = (int8_t) (tk[1] - '0');
          c->token = (uint8_t) k;
          last = nf - 1;
        }
      NEED (last - 2 >= 1 && last - 2 <= FALL_MAX_HEIGHT, "a stack has 1 to 3 tiles");
      for (int i = 2; i < last; i++)
        {
          char *slash = strchr (f[i], '/');
          NEED (slash && slash[1] >= '0' && slash[1] <= '5' && !slash[2], "'%s': expected TILE/ROT (ROT 0..5)",
                Q (f[i]));
          *slash = '\0';
          int tile = tile_exact (comps, f[i]);
          NEED (tile >= 0, "'%s' is not a tile id (L01..L54, S00)", Q (f[i]));
          NEED (tile != FALL_START_TILE || (last == 3 && q == 0 && r == 0),
                "the starting tile stands alone at 0,0");
          if (!use_tile (ps, tile))
            return FALSE;
          c->tile[c->height] = (uint8_t) tile;
          c->rot[c->height] = (uint8_t) (slash[1] - '0');
          c->height++;
        }
      NEED (c->token == FALL_NO_TOKEN || c->tile[c->height - 1] != FALL_START_TILE,
            "no token on the starting tile");
      ps->cell_line[ps->n_cells++] = ps->lineno;
    }
  else
    NEED (FALSE, "unknown field '%s'", Q (key));
#undef NEED
#undef ONCE
  return TRUE;
}

/* Every stack is joined to the starting tile through stacks next to each
 * other (rulebook "Tile Placement Rules": a tile is placed next to or on
 * top of tiles already in the ecosystem).  Returns the index of a stack
 * that is not (the first in line order), or -1. */
static int
unconnected_stack (const PosParser *ps)
{
  gboolean reached[FALL_N_TILES] = { FALSE };
  int queue[FALL_N_TILES], head = 0, tail = 0;
  for (int i = 0; i < ps->n_cells; i++)
    if (ps->cells[i].q == 0 && ps->cells[i].r == 0)
      {
        reached[i] = TRUE;
        queue[tail++] = i;
      }
  while (head < tail)
    {
      const FallCell *a = &ps->cells[queue[head++]];
      for (int j = 0; j < ps->n_cells; j++)
        {
          const FallCell *b = &ps->cells[j];
          if (reached[j] || fol_hex_direction_to ((FolHex) { a->q, a->r }, (FolHex) { b->q, b->r }) < 0)
            continue;
          reached[j] = TRUE;
          queue[tail++] = j;
        }
    }
  for (int i = 0; i < ps->n_cells; i++)
    if (!reached[i])
      return i;
  return -1;
}

/* What must hold across lines, whatever their order. */
static gboolean
check_position (PosParser *ps)
{
  FallState *out = ps->out;
  /* the starting tile, and an ecosystem in one piece */
  int start = -1;
  for (int i = 0; i < ps->n_cells; i++)
    if (ps->cells[i].tile[0] == FALL_START_TILE)
      start = i;
  if (start < 0)
    return pos_error (ps, 0, "no starting tile ('cell 0,0 S00/0')");
  /* a game in play is one connected ecosystem (a finished one, where no
   * tile is placed any more, may show groups apart: positions made up for
   * scoring) */
  int lost = out->phase == FALL_PHASE_OVER ? -1 : unconnected_stack (ps);
  if (lost >= 0)
    return pos_error (ps, ps->cell_line[lost],
                      "the stack on %d,%d is not connected to the starting tile (every tile is placed next to "
                      "one already in the ecosystem)", ps->cells[lost].q, ps->cells[lost].r);
  /* a seat's view hides the stacks and the bag, a full state hides nothing */
  if (out->is_view && ps->known_line)
    return pos_error (ps, ps->known_line, "a seat's view ('view' on line %d) shows the stacks and the bag as '?'",
                      ps->seen[K_VIEW]);
  if (!out->is_view && ps->hidden_line)
    return pos_error (ps, ps->hidden_line, "'?' (hidden) is only in a seat's view (a 'view' line)");
  /* each card is held by one seat at most */
  for (int k = 0; k < FALL_N_CARD_KINDS; k++)
    if (out->card[0][k] != FALL_NONE && out->card[0][k] == out->card[1][k])
      return pos_error (ps, ps->seen[K_CARDS1], "card %s is held by both seats",
                        ps->comps->card[out->card[0][k]].id);
  /* the week's course: phase, turn, combinations still to take, hand */
  int phase_line = ps->seen[K_PHASE];
  int full = out->turn == 1 ? 2 : 1;
  if (!ps->seen[K_TO_TAKE] && out->phase == FALL_PHASE_TAKE && out->n_hand_tiles < full)
    out->to_take = (uint8_t) (full - out->n_hand_tiles);   /* what the turn still takes */
  if (out->phase == FALL_PHASE_OVER)
    {
      if (out->week != FALL_N_WEEKS || out->turn != 3 || out->to_take || out->n_hand_tiles)
        {
          /* name the phase line, or else the line that contradicts the default */
          int line = phase_line ? phase_line
                     : out->week != FALL_N_WEEKS ? ps->seen[K_WEEK]
                     : out->turn != 3 ? ps->seen[K_TURN]
                     : out->to_take ? ps->seen[K_TO_TAKE] : ps->seen[K_HAND];
          return pos_error (ps, line, "a finished game (phase over%s) is at week 12, turn 3, with nothing to "
                            "take and no tile in hand", phase_line ? "" : ", as no phase line is given");
        }
    }
  else
    {
      if (out->turn > 2)
        return pos_error (ps, ps->seen[K_TURN], "turn 3 only once the game is over (phase over)");
      if (out->phase == FALL_PHASE_TAKE && out->to_take < 1)
        return pos_error (ps, phase_line, "in phase take a combination is left to take (to-take 1..%d)", full);
      if (out->phase == FALL_PHASE_TAKE && out->to_take + out->n_hand_tiles > full)
        return pos_error (ps, phase_line, "turn %d takes %d combination%s in all, not %d to take and %d tile%s "
                          "in hand", out->turn, full, full == 1 ? "" : "s", out->to_take, out->n_hand_tiles,
                          out->n_hand_tiles == 1 ? "" : "s");
      if (out->phase == FALL_PHASE_ACT && out->to_take)
        return pos_error (ps, phase_line, "while acting (phase act) nothing is left to take (to-take 0)");
    }
  /* held tokens: at most 2 (and no Toad) between one's turns, 4 during it */
  int seat = fall_state_current_seat (out);
  for (int p = 0; p < 2; p++)
    {
      int held = 0;
      for (int k = 0; k < FALL_N_TOKEN_KINDS; k++)
        held += out->held[p][k];
      gboolean between = out->phase == FALL_PHASE_OVER || p != seat
                         || (out->phase == FALL_PHASE_TAKE && out->to_take == (out->turn == 1 ? 2 : 1));
      if (between && (held > FALL_MAX_HELD || out->held[p][FALL_TOAD]))
        return pos_error (ps, ps->seen[K_HELD + p], "seat %d holds %d token%s%s between its turns: at most 2, "
                          "and no Toad", p, held, held == 1 ? "" : "s", out->held[p][FALL_TOAD] ? " (a Toad)" : "");
      int to_come = out->phase == FALL_PHASE_TAKE && p == seat ? out->to_take : 0;
      if (held + to_come > END_MAX_DISCARDS)
        return pos_error (ps, ps->seen[K_HELD + p], "seat %d holds %d tokens and takes %d more: at most 4 "
                          "in a turn", p, held, to_come);
    }
  /* no more tokens of a kind than the game has */
  int tokens[FALL_N_TOKEN_KINDS] = { 0 };
  for (int k = 0; k < FALL_N_TOKEN_KINDS; k++)
    tokens[k] = out->held[0][k] + out->held[1][k] + out->boxed[k];
  for (int i = 0; i < out->n_bag; i++)
    if (out->bag[i] != FALL_NONE)
      tokens[out->bag[i]]++;
  for (int i = 0; i < FALL_OFFER; i++)
    if (out->offer_tile[i] != FALL_NONE && out->offer_token[i] != FALL_NONE)
      tokens[out->offer_token[i]]++;
  int used_markers[2] = { 0, 0 };
  for (int i = 0; i < ps->n_cells; i++)
    {
      if (ps->cells[i].token != FALL_NO_TOKEN)
        tokens[ps->cells[i].token]++;
      if (ps->cells[i].marker >= 0)
        used_markers[ps->cells[i].marker]++;
    }
  for (int k = 0; k < FALL_N_TOKEN_KINDS; k++)
    if (tokens[k] > fall_token_count[k])
      return pos_error (ps, 0, "%d %s tokens, but the game has %d", tokens[k], fall_token_name (k),
                        fall_token_count[k]);
  /* Mushroom markers: 8 per seat, on the board or in reserve */
  for (int p = 0; p < 2; p++)
    {
      if (used_markers[p] > FALL_MARKERS)
        return pos_error (ps, 0, "%d of seat %d's markers on the board, but a seat has %d", used_markers[p], p,
                          FALL_MARKERS);
      if (!ps->seen[K_MARKERS])
        out->markers[p] = (uint8_t) (FALL_MARKERS - used_markers[p]);
      else if (out->markers[p] + used_markers[p] > FALL_MARKERS)
        return pos_error (ps, ps->seen[K_MARKERS], "seat %d: %d markers in reserve and %d on the board, "
                          "more than %d", p, out->markers[p], used_markers[p], FALL_MARKERS);
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
  g_autofree PosParser *ps = g_new0 (PosParser, 1);
  ps->comps = comps;
  ps->out = out;
  ps->error = error;
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  gboolean header = FALSE;
  for (int ln = 0; lines[ln]; ln++)
    {
      ps->lineno = ln + 1;
      char *hash = strchr (lines[ln], '#');
      if (hash)
        *hash = '\0';
      g_auto (GStrv) raw = g_strsplit_set (g_strstrip (lines[ln]), " \t", -1);
      char *f[64];
      int nf = 0;
      for (int i = 0; raw[i]; i++)
        if (*raw[i])
          {
            if (nf >= (int) G_N_ELEMENTS (f))
              return pos_error (ps, ps->lineno, "more than %d fields", (int) G_N_ELEMENTS (f));
            f[nf++] = raw[i];
          }
      if (!nf)
        continue;
      if (!header)
        {
          if (nf != 2 || strcmp (f[0], "fall-position") != 0 || strcmp (f[1], "1") != 0)
            return pos_error (ps, ps->lineno, "expected 'fall-position 1'");
          header = TRUE;
          continue;
        }
      if (!parse_line (ps, f, nf))
        return FALSE;
    }
  if (!header)
    return pos_error (ps, 1, "expected 'fall-position 1'");
  if (!check_position (ps))
    return FALSE;
  for (int i = 0; i < ps->n_cells; i++)
    for (int h = 0; h < ps->cells[i].height; h++)
      out->n_placed += ps->cells[i].tile[h] != FALL_START_TILE;
  const char *reason = NULL;
  if (!fall_state_set_stacks (out, ps->cells, ps->n_cells, &reason))
    return pos_error (ps, 0, "%s", reason);
  return TRUE;
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

static gboolean
record_error (GError **error, int code, int lineno, const char *format, ...) G_GNUC_PRINTF (4, 5);

static gboolean
record_error (GError **error, int code, int lineno, const char *format, ...)
{
  va_list ap;
  va_start (ap, format);
  g_autofree char *msg = g_strdup_vprintf (format, ap);
  va_end (ap);
  if (lineno > 0)
    g_set_error (error, FOL_DATA_ERROR, code, "record line %d: %s", lineno, msg);
  else
    g_set_error (error, FOL_DATA_ERROR, code, "record: %s", msg);
  return FALSE;
}

/* Reads @record; with @replay, sets the game up at "moves" and plays every
 * move as it is read (so that an illegal one is named with its line). */
static gboolean
record_read (const FallComponents *comps, const char *record, uint64_t *seed_out, FallOptions *opts_out,
             GArray *moves, gboolean *has_hash_out, uint64_t *hash_out, FallState *replay, GError **error)
{
  enum { HEADER, SETUP, MOVES, AFTER } part = HEADER;
  enum { L_SEED, L_SIDE, L_FIRST, L_HASH, N_LINES };
  static const char *const line_name[N_LINES] = { "seed", "side", "first-player", "hash" };
  int seen[N_LINES] = { 0 };
  uint64_t seed = 0, hash = 0;
  FallOptions opts = FALL_OPTIONS_RANDOM;
  g_auto (GStrv) lines = g_strsplit (record, "\n", -1);
  for (int ln = 0; lines[ln]; ln++)
    {
      int lineno = ln + 1;
      char *comment = strchr (lines[ln], '#');
      if (comment)
        *comment = '\0';
      char *line = g_strstrip (lines[ln]);
      if (!*line)
        continue;
      if (part == HEADER)
        {
          if (strcmp (line, "fall-game 1") != 0)
            return record_error (error, FOL_DATA_ERROR_PARSE, lineno, "expected 'fall-game 1'");
          part = SETUP;
          continue;
        }
      g_auto (GStrv) raw = g_strsplit_set (line, " \t", -1);
      if (part == MOVES)
        {
          if (strcmp (line, "end") == 0)
            {
              part = AFTER;
              continue;
            }
          for (int i = 0; raw[i]; i++)
            {
              if (!*raw[i])
                continue;
              FallMove m;
              g_autoptr (GError) local = NULL;
              if (!fall_move_parse (comps, raw[i], &m, &local))
                return record_error (error, FOL_DATA_ERROR_PARSE, lineno, "%s", local->message);
              const char *reason = NULL;
              if (replay && !fall_apply (replay, &m, &reason))
                {
                  g_autofree char *quoted = fol_quote (raw[i]);
                  return record_error (error, FOL_DATA_ERROR_INVALID, lineno, "move %u '%s' is illegal: %s",
                                       moves->len + 1, quoted, reason);
                }
              g_array_append_val (moves, m);
            }
          continue;
        }
      char *f[3] = { NULL, NULL, NULL };
      int nf = 0;
      for (int i = 0; raw[i]; i++)
        if (*raw[i] && nf++ < 3)
          f[nf - 1] = raw[i];
      int key = -1;
      for (int k = 0; k < N_LINES; k++)
        if (strcmp (f[0], line_name[k]) == 0)
          key = k;
      if (key >= 0 && (key == L_HASH) != (part == AFTER))
        return record_error (error, FOL_DATA_ERROR_PARSE, lineno, "the '%s' line comes %s the moves",
                             line_name[key], key == L_HASH ? "after" : "before");
      if (key >= 0 && seen[key])
        return record_error (error, FOL_DATA_ERROR_PARSE, lineno, "a second '%s' line (the first is line %d)",
                             line_name[key], seen[key]);
      if (key >= 0)
        seen[key] = lineno;
      if (key == L_SEED)
        {
          if (nf != 2 || !parse_u64 (f[1], &seed))
            return record_error (error, FOL_DATA_ERROR_PARSE, lineno, "expected seed and a number 0..%" PRIu64,
                                 G_MAXUINT64);
        }
      else if (key == L_SIDE)
        {
          if (nf != 2 || (strcmp (f[1], "A") != 0 && strcmp (f[1], "B") != 0 && strcmp (f[1], "random") != 0))
            return record_error (error, FOL_DATA_ERROR_PARSE, lineno, "expected side A, B or random");
          opts.side = f[1][0] == 'A' ? 0 : f[1][0] == 'B' ? 1 : -1;
        }
      else if (key == L_FIRST)
        {
          if (nf != 2 || (strcmp (f[1], "0") != 0 && strcmp (f[1], "1") != 0 && strcmp (f[1], "random") != 0))
            return record_error (error, FOL_DATA_ERROR_PARSE, lineno, "expected first-player 0, 1 or random");
          opts.first_player = f[1][0] == '0' ? 0 : f[1][0] == '1' ? 1 : -1;
        }
      else if (key == L_HASH)
        {
          if (nf != 2 || !parse_hex64 (f[1], &hash))
            return record_error (error, FOL_DATA_ERROR_PARSE, lineno, "expected hash and 16 hex digits (0-9, a-f)");
        }
      else if (nf == 1 && strcmp (f[0], "moves") == 0 && part == SETUP)
        {
          if (!seen[L_SEED])
            return record_error (error, FOL_DATA_ERROR_PARSE, lineno, "no seed before the moves");
          if (replay)
            fall_state_init (replay, comps, seed, &opts);
          part = MOVES;
        }
      else
        {
          g_autofree char *quoted = fol_quote (line);
          return record_error (error, FOL_DATA_ERROR_PARSE, lineno, "unexpected '%s'", quoted);
        }
    }
  if (part == HEADER)
    return record_error (error, FOL_DATA_ERROR_PARSE, 1, "expected 'fall-game 1'");
  if (part == SETUP)
    return record_error (error, FOL_DATA_ERROR_PARSE, 0, "no 'moves' section");
  if (part == MOVES)
    return record_error (error, FOL_DATA_ERROR_PARSE, 0, "no 'end' after the moves");
  if (seed_out)
    *seed_out = seed;
  if (opts_out)
    *opts_out = opts;
  if (has_hash_out)
    *has_hash_out = seen[L_HASH] > 0;
  if (hash_out)
    *hash_out = hash;
  return TRUE;
}

gboolean
fall_record_parse (const FallComponents *comps, const char *record, uint64_t *seed, FallOptions *opts,
                   GArray **moves_out, gboolean *has_hash, uint64_t *hash, GError **error)
{
  g_autoptr (GArray) moves = g_array_new (FALSE, TRUE, sizeof (FallMove));
  if (!record_read (comps, record, seed, opts, moves, has_hash, hash, NULL, error))
    return FALSE;
  if (moves_out)
    *moves_out = g_steal_pointer (&moves);
  return TRUE;
}

gboolean
fall_replay (const FallComponents *comps, const char *record, FallState *out, GArray **moves_out,
             GError **error)
{
  g_autoptr (GArray) moves = g_array_new (FALSE, TRUE, sizeof (FallMove));
  gboolean has_hash = FALSE;
  uint64_t want_hash = 0;
  if (!record_read (comps, record, NULL, NULL, moves, &has_hash, &want_hash, out, error))
    return FALSE;
  if (has_hash && fall_state_hash (out) != want_hash)
    return record_error (error, FOL_DATA_ERROR_INVALID, 0,
                         "the final state hash %016" PRIx64 " differs from the recorded %016" PRIx64,
                         fall_state_hash (out), want_hash);
  if (moves_out)
    *moves_out = g_steal_pointer (&moves);
  return TRUE;
}
