/* fall-components.c: loading and validating the Fall component data. */
#include "config.h"
#include "fall-components.h"
#include "fall-internal.h"

#include <stdlib.h>
#include <string.h>

#include "../common/datafile.h"

const uint8_t fall_token_count[FALL_N_TOKEN_KINDS] = { 14, 18, 12, 12, 8 };

static const char *const token_names[FALL_N_TOKEN_KINDS] = {
  "Mushroom", "Fox", "Hoopoe", "Robin", "Toad",
};

const char *
fall_token_name (FallToken t)
{
  return t < FALL_N_TOKEN_KINDS ? token_names[t] : "?";
}

char
fall_token_letter (FallToken t)
{
  return t < FALL_N_TOKEN_KINDS ? "mfhrt"[t] : '?';
}

int
fall_token_from_letter (char c)
{
  const char *p = strchr ("mfhrt", g_ascii_tolower (c));
  return c && p ? (int) (p - "mfhrt") : -1;
}

uint8_t
fall_token_icon (FallToken t)
{
  switch (t)
    {
    case FALL_MUSHROOM: return FALL_ICON_MUSHROOM;
    case FALL_FOX: return FALL_ICON_FOX;
    case FALL_HOOPOE:
    case FALL_ROBIN: return FALL_ICON_BIRD;
    default: return 0;
    }
}

const char *
fall_flower_name (FallFlower f)
{
  static const char *const names[] = { "none", "Autumn Crocus", "Daffodil", "Cosmos" };
  return f <= FALL_COSMOS ? names[f] : "?";
}

char
fall_colour_letter (FallColour c)
{
  return c < FALL_N_COLOURS ? "YRG"[c] : '?';
}

static int
colour_from_letter (char c)
{
  switch (c)
    {
    case 'Y': return FALL_YELLOW;
    case 'R': return FALL_RED;
    case 'G': return FALL_GREEN;
    default: return -1;
    }
}

static int
flower_from_letter (char c)
{
  switch (c)
    {
    case '.': return FALL_NO_FLOWER;
    case 'A': return FALL_CROCUS;
    case 'D': return FALL_DAFFODIL;
    case 'C': return FALL_COSMOS;
    default: return -1;
    }
}

int
fall_tile_index (const FallComponents *c, const char *id)
{
  for (int i = 0; i < FALL_N_TILES; i++)
    if (g_ascii_strcasecmp (c->tile[i].id, id) == 0)
      return i;
  return -1;
}

int
fall_card_index (const FallComponents *c, const char *id)
{
  for (int i = 0; i < FALL_N_CARDS; i++)
    if (g_ascii_strcasecmp (c->card[i].id, id) == 0)
      return i;
  return -1;
}

static void
tile_derive (FallLeafTile *t)
{
  t->colours = 0;
  t->n_flowers = 0;
  for (int d = 0; d < 6; d++)
    {
      t->colours |= (uint8_t) (1u << t->edge[d]);
      t->n_flowers += t->flower[d] != FALL_NO_FLOWER;
    }
  for (int k = 0; k < 6; k++)
    {
      uint32_t m = 0;
      for (int d = 0; d < 6; d++)
        m |= 1u << (3 * d + t->edge[((d - k) % 6 + 6) % 6]);
      t->edge_mask[k] = m;
    }
}

/* 3 consecutive edges of one colour and 3 of another, or 6 of one colour. */
static gboolean
edges_are_leaf_split (const uint8_t e[6], int *n_colours)
{
  int changes = 0;
  for (int d = 0; d < 6; d++)
    changes += e[d] != e[(d + 1) % 6];
  if (changes == 0)
    {
      *n_colours = 1;
      return TRUE;
    }
  *n_colours = 2;
  if (changes != 2)
    return FALSE;
  int run = 0;
  for (int d = 0; d < 6; d++)
    run += e[d] == e[0];
  return run == 3;
}

static gboolean
parse_tile_fields (FolDataFile *f, char **tok, FallLeafTile *t, gboolean start, GError **error)
{
  const char *id = tok[1], *edges = tok[2], *icons = tok[3], *flowers = tok[4];
  if (strlen (id) != 3 || (start ? strcmp (id, "S00") != 0 : (id[0] != 'L' || !g_ascii_isdigit (id[1]) || !g_ascii_isdigit (id[2]))))
    {
      g_autofree char *q = fol_quote (id);
      return fol_data_file_error (f, error, FOL_DATA_ERROR_PARSE, f->lineno,
                                  "bad tile id '%s' (expected %s)", q, start ? "S00" : "L01..L54");
    }
  memcpy (t->id, id, 4);
  if (strlen (edges) != 6)
    {
      g_autofree char *q = fol_quote (edges);
      return fol_data_file_error (f, error, FOL_DATA_ERROR_PARSE, f->lineno,
                                  "edges '%s' must be 6 letters of Y, R, G", q);
    }
  for (int d = 0; d < 6; d++)
    {
      int c = colour_from_letter (edges[d]);
      if (c < 0)
        {
          g_autofree char *q = fol_quote (edges);
          g_autofree char *qc = fol_quote ((char[]) { edges[d], '\0' });
          return fol_data_file_error (f, error, FOL_DATA_ERROR_PARSE, f->lineno,
                                      "edges '%s': '%s' is not Y, R or G", q, qc);
        }
      t->edge[d] = (uint8_t) c;
    }
  t->icons = 0;
  if (strcmp (icons, "-") != 0)
    {
      size_t n = strlen (icons);
      if (n < 1 || n > 2)
        {
          g_autofree char *q = fol_quote (icons);
          return fol_data_file_error (f, error, FOL_DATA_ERROR_PARSE, f->lineno,
                                      "icons '%s' must be one or two of F, B, M", q);
        }
      for (size_t i = 0; i < n; i++)
        {
          uint8_t bit = icons[i] == 'F' ? FALL_ICON_FOX : icons[i] == 'B' ? FALL_ICON_BIRD
                        : icons[i] == 'M' ? FALL_ICON_MUSHROOM : 0;
          if (!bit || (t->icons & bit))
            {
              g_autofree char *q = fol_quote (icons);
              return fol_data_file_error (f, error, FOL_DATA_ERROR_PARSE, f->lineno,
                                          "icons '%s' must be one or two different of F, B, M", q);
            }
          t->icons |= bit;
        }
    }
  if (strlen (flowers) != 6)
    {
      g_autofree char *q = fol_quote (flowers);
      return fol_data_file_error (f, error, FOL_DATA_ERROR_PARSE, f->lineno,
                                  "flowers '%s' must be 6 characters of A, D, C, '.'", q);
    }
  for (int c = 0; c < 6; c++)
    {
      int fl = flower_from_letter (flowers[c]);
      if (fl < 0)
        {
          g_autofree char *q = fol_quote (flowers);
          g_autofree char *qc = fol_quote ((char[]) { flowers[c], '\0' });
          return fol_data_file_error (f, error, FOL_DATA_ERROR_PARSE, f->lineno,
                                      "flowers '%s': '%s' is not A, D, C or '.'", q, qc);
        }
      t->flower[c] = (uint8_t) fl;
    }
  tile_derive (t);
  return TRUE;
}

static gboolean
load_tiles (const char *datadir, FallComponents *out, GError **error)
{
  FolDataFile f;
  if (!fol_data_file_open (&f, datadir, "fall-leaf-tiles.txt", error))
    {
      fol_data_file_clear (&f);
      return FALSE;
    }
  gboolean ok = FALSE;
  int n = 0, start_line = 0;
  int colour_sets[8] = { 0 }, icon_sets[8] = { 0 }, by_n_flowers[4] = { 0 }, by_flower[4] = { 0 };
  int lines[FALL_N_LEAF_TILES] = { 0 };
  char *line;
  while ((line = fol_data_file_next (&f)))
    {
      g_auto (GStrv) tok = g_strsplit_set (line, " \t", -1);
      /* drop empty fields from runs of blanks */
      int nt = 0;
      for (int i = 0; tok[i]; i++)
        if (*tok[i])
          tok[nt++] = tok[i];
        else
          g_free (tok[i]);
      tok[nt] = NULL;
      gboolean start = strcmp (tok[0], "start") == 0;
      if (!start && strcmp (tok[0], "tile") != 0)
        {
          g_autofree char *q = fol_quote (tok[0]);
          fol_data_file_error (&f, error, FOL_DATA_ERROR_PARSE, f.lineno,
                               "expected 'tile' or 'start', got '%s'", q);
          goto out;
        }
      if (nt != 5)
        {
          fol_data_file_error (&f, error, FOL_DATA_ERROR_PARSE, f.lineno,
                               "expected 5 fields: %s ID EDGES ICONS FLOWERS", tok[0]);
          goto out;
        }
      FallLeafTile t = { 0 };
      if (!parse_tile_fields (&f, tok, &t, start, error))
        goto out;
      int n_colours = 0;
      if (start)
        {
          if (start_line)
            {
              fol_data_file_error (&f, error, FOL_DATA_ERROR_INVALID, f.lineno,
                                   "a second starting tile (the first on line %d)", start_line);
              goto out;
            }
          /* two edges of each colour, each colour on two consecutive edges;
           * one segment of each kind on alternate corners; no icon */
          gboolean good = t.icons == 0;
          int count[3] = { 0 };
          for (int d = 0; d < 6; d++)
            count[t.edge[d]]++;
          for (int c = 0; c < 3; c++)
            good = good && count[c] == 2;
          int changes = 0;
          for (int d = 0; d < 6; d++)
            changes += t.edge[d] != t.edge[(d + 1) % 6];
          good = good && changes == 3;
          int kinds = 0, odd = 0, even = 0;
          for (int c = 0; c < 6; c++)
            if (t.flower[c])
              {
                kinds |= 1 << t.flower[c];
                if (c % 2) odd++; else even++;
              }
          good = good && kinds == 0xe && (odd == 3 || even == 3) && t.n_flowers == 3;
          if (!good)
            {
              fol_data_file_error (&f, error, FOL_DATA_ERROR_INVALID, f.lineno,
                                   "the starting tile needs two consecutive edges of each colour, "
                                   "one flower of each kind on alternate corners and no icon");
              goto out;
            }
          out->tile[FALL_START_TILE] = t;
          start_line = f.lineno;
          continue;
        }
      if (n >= FALL_N_LEAF_TILES)
        {
          fol_data_file_error (&f, error, FOL_DATA_ERROR_INVALID, f.lineno,
                               "more than %d leaf tiles", FALL_N_LEAF_TILES);
          goto out;
        }
      if (!edges_are_leaf_split (t.edge, &n_colours))
        {
          fol_data_file_error (&f, error, FOL_DATA_ERROR_INVALID, f.lineno,
                               "tile %s: edges must be one colour, or 3 consecutive of one colour "
                               "and 3 of another", t.id);
          goto out;
        }
      if (t.icons == 0)
        {
          fol_data_file_error (&f, error, FOL_DATA_ERROR_INVALID, f.lineno,
                               "tile %s: a leaf tile has one or two icons", t.id);
          goto out;
        }
      if (t.n_flowers < 1)
        {
          fol_data_file_error (&f, error, FOL_DATA_ERROR_INVALID, f.lineno,
                               "tile %s: a leaf tile has 1 to 3 flower segments", t.id);
          goto out;
        }
      if (t.n_flowers > 3)
        {
          fol_data_file_error (&f, error, FOL_DATA_ERROR_INVALID, f.lineno,
                               "tile %s: %d flower segments, at most 3", t.id, t.n_flowers);
          goto out;
        }
      for (int i = 0; i < n; i++)
        if (strcmp (out->tile[i].id, t.id) == 0)
          {
            fol_data_file_error (&f, error, FOL_DATA_ERROR_INVALID, f.lineno,
                                 "tile id %s already used on line %d", t.id, lines[i]);
            goto out;
          }
      colour_sets[t.colours]++;
      icon_sets[t.icons]++;
      by_n_flowers[t.n_flowers]++;
      for (int c = 0; c < 6; c++)
        by_flower[t.flower[c]]++;
      lines[n] = f.lineno;
      out->tile[n++] = t;
    }
  if (!start_line)
    {
      fol_data_file_error (&f, error, FOL_DATA_ERROR_INVALID, 0, "no starting tile ('start S00 ...')");
      goto out;
    }
  if (n != FALL_N_LEAF_TILES)
    {
      fol_data_file_error (&f, error, FOL_DATA_ERROR_INVALID, 0, "%d leaf tiles, expected %d",
                           n, FALL_N_LEAF_TILES);
      goto out;
    }
  {
    const int Y = 1 << FALL_YELLOW, R = 1 << FALL_RED, G = 1 << FALL_GREEN;
    struct { int set, want; const char *name; } colour_want[] = {
      { Y, 6, "yellow" }, { R, 6, "red" }, { G, 6, "green" },
      { Y | R, 12, "yellow/red" }, { R | G, 12, "red/green" }, { G | Y, 12, "green/yellow" },
    };
    for (size_t i = 0; i < G_N_ELEMENTS (colour_want); i++)
      if (colour_sets[colour_want[i].set] != colour_want[i].want)
        {
          fol_data_file_error (&f, error, FOL_DATA_ERROR_INVALID, 0, "%d %s tiles, expected %d",
                               colour_sets[colour_want[i].set], colour_want[i].name, colour_want[i].want);
          goto out;
        }
    const int F = FALL_ICON_FOX, B = FALL_ICON_BIRD, M = FALL_ICON_MUSHROOM;
    struct { int set, want; const char *name; } icon_want[] = {
      { F, 14, "Fox" }, { B, 12, "Bird" }, { M, 10, "Mushroom" },
      { F | B, 6, "Fox+Bird" }, { F | M, 6, "Fox+Mushroom" }, { B | M, 6, "Bird+Mushroom" },
    };
    for (size_t i = 0; i < G_N_ELEMENTS (icon_want); i++)
      if (icon_sets[icon_want[i].set] != icon_want[i].want)
        {
          fol_data_file_error (&f, error, FOL_DATA_ERROR_INVALID, 0, "%d %s tiles, expected %d",
                               icon_sets[icon_want[i].set], icon_want[i].name, icon_want[i].want);
          goto out;
        }
    for (int k = 1; k <= 3; k++)
      if (by_n_flowers[k] != 18)
        {
          fol_data_file_error (&f, error, FOL_DATA_ERROR_INVALID, 0,
                               "%d tiles with %d flower segments, expected 18", by_n_flowers[k], k);
          goto out;
        }
    for (int k = 1; k <= 3; k++)
      if (by_flower[k] != 36)
        {
          fol_data_file_error (&f, error, FOL_DATA_ERROR_INVALID, 0,
                               "%d %s segments, expected 36", by_flower[k], fall_flower_name (k));
          goto out;
        }
  }
  ok = TRUE;
out:
  fol_data_file_clear (&f);
  return ok;
}

static gboolean
load_season (const char *datadir, FallComponents *out, GError **error)
{
  FolDataFile f;
  if (!fol_data_file_open (&f, datadir, "fall-season-board.txt", error))
    {
      fol_data_file_clear (&f);
      return FALSE;
    }
  gboolean ok = FALSE, seen[2] = { FALSE, FALSE };
  char *line;
  while ((line = fol_data_file_next (&f)))
    {
      g_auto (GStrv) tok = g_strsplit_set (line, " \t", -1);
      char *field[16];
      int nt = 0;
      for (int i = 0; tok[i]; i++)
        if (*tok[i])
          {
            if (nt < 16)
              field[nt] = tok[i];
            nt++;
          }
      if (nt != 14 || strcmp (field[0], "side") != 0)
        {
          fol_data_file_error (&f, error, FOL_DATA_ERROR_PARSE, f.lineno,
                               "expected: side A|B and 12 token kinds (weeks 1..12)");
          goto out;
        }
      int s = strcmp (field[1], "A") == 0 ? 0 : strcmp (field[1], "B") == 0 ? 1 : -1;
      if (s < 0)
        {
          g_autofree char *q = fol_quote (field[1]);
          fol_data_file_error (&f, error, FOL_DATA_ERROR_PARSE, f.lineno, "side '%s' is not A or B", q);
          goto out;
        }
      if (seen[s])
        {
          fol_data_file_error (&f, error, FOL_DATA_ERROR_INVALID, f.lineno, "side %s given twice", field[1]);
          goto out;
        }
      seen[s] = TRUE;
      for (int w = 0; w < FALL_N_WEEKS; w++)
        {
          int k = -1;
          for (int t = 0; t < FALL_TOAD; t++)
            if (strcmp (field[2 + w], token_names[t]) == 0)
              k = t;
          if (k < 0)
            {
              g_autofree char *q = fol_quote (field[2 + w]);
              fol_data_file_error (&f, error, FOL_DATA_ERROR_PARSE, f.lineno,
                                   "week %d: '%s' is not Mushroom, Fox, Hoopoe or Robin", w + 1, q);
              goto out;
            }
          out->blocked[s][w] = (uint8_t) k;
        }
    }
  if (!seen[0] || !seen[1])
    {
      fol_data_file_error (&f, error, FOL_DATA_ERROR_INVALID, 0, "both sides A and B are needed");
      goto out;
    }
  ok = TRUE;
out:
  fol_data_file_clear (&f);
  return ok;
}

/* "N:V N:V ..." from fields[*i] on, while they look like N:V; fills a step table. */
static gboolean
parse_table (FolDataFile *f, char **fields, int nt, int *i, int8_t table[FALL_TABLE_MAX], GError **error)
{
  int last_n = 0, count = 0;
  int8_t value[FALL_TABLE_MAX] = { 0 };
  gboolean set[FALL_TABLE_MAX] = { FALSE };
  while (*i < nt && strchr (fields[*i], ':'))
    {
      const char *end = NULL;
      int n, v;
      if (!fall_scan_int (fields[*i], &end, 1, FALL_TABLE_MAX - 1, &n) || *end != ':' || n <= last_n)
        {
          g_autofree char *q = fol_quote (fields[*i]);
          return fol_data_file_error (f, error, FOL_DATA_ERROR_PARSE, f->lineno,
                                      "bad table entry '%s' (sizes 1..%d, increasing)", q, FALL_TABLE_MAX - 1);
        }
      if (!fall_scan_int (end + 1, &end, -100, 100, &v) || *end)
        {
          g_autofree char *q = fol_quote (fields[*i]);
          return fol_data_file_error (f, error, FOL_DATA_ERROR_PARSE, f->lineno,
                                      "bad table value in '%s' (-100..100)", q);
        }
      value[n] = (int8_t) v;
      set[n] = TRUE;
      last_n = n;
      count++;
      (*i)++;
    }
  if (!count)
    return fol_data_file_error (f, error, FOL_DATA_ERROR_PARSE, f->lineno, "a table N:V ... is missing");
  int8_t cur = 0;
  for (int n = 0; n < FALL_TABLE_MAX; n++)
    {
      if (set[n])
        cur = value[n];
      table[n] = cur;
    }
  return TRUE;
}

static gboolean
parse_ints (FolDataFile *f, char **fields, int nt, int i, int want, int8_t *v, GError **error)
{
  if (nt - i != want)
    return fol_data_file_error (f, error, FOL_DATA_ERROR_PARSE, f->lineno,
                                "expected %d numbers after the rule, got %d", want, nt - i);
  for (int k = 0; k < want; k++)
    {
      const char *end = NULL;
      int x;
      if (!fall_scan_int (fields[i + k], &end, -100, 100, &x) || *end)
        {
          g_autofree char *q = fol_quote (fields[i + k]);
          return fol_data_file_error (f, error, FOL_DATA_ERROR_PARSE, f->lineno,
                                      "'%s' is not a number -100..100", q);
        }
      v[k] = (int8_t) x;
    }
  return TRUE;
}

/* The longest card line: "card ID bird count", then "hoopoe" and "robin"
 * each with a step table of up to 19 entries (sizes 1..19).  A longer line
 * is refused, never cut. */
#define CARD_MAX_FIELDS (4 + 2 * FALL_TABLE_MAX)

static gboolean
load_cards (const char *datadir, FallComponents *out, GError **error)
{
  FolDataFile f;
  if (!fol_data_file_open (&f, datadir, "fall-scoring-cards.txt", error))
    {
      fol_data_file_clear (&f);
      return FALSE;
    }
  gboolean ok = FALSE;
  int n = 0, per_kind[FALL_N_CARD_KINDS] = { 0 };
  int lines[FALL_N_CARDS] = { 0 };
  char *line;
  while ((line = fol_data_file_next (&f)))
    {
      g_auto (GStrv) tok = g_strsplit_set (line, " \t", -1);
      char *field[CARD_MAX_FIELDS];
      int nt = 0;
      for (int i = 0; tok[i]; i++)
        if (*tok[i])
          {
            if (nt == CARD_MAX_FIELDS)
              {
                fol_data_file_error (&f, error, FOL_DATA_ERROR_PARSE, f.lineno,
                                     "more than %d fields on a card line", CARD_MAX_FIELDS);
                goto out;
              }
            field[nt++] = tok[i];
          }
      if (nt < 4 || strcmp (field[0], "card") != 0)
        {
          fol_data_file_error (&f, error, FOL_DATA_ERROR_PARSE, f.lineno, "expected: card ID KIND RULE ...");
          goto out;
        }
      if (n >= FALL_N_CARDS)
        {
          fol_data_file_error (&f, error, FOL_DATA_ERROR_INVALID, f.lineno, "more than %d cards", FALL_N_CARDS);
          goto out;
        }
      FallCard c = { 0 };
      if (strlen (field[1]) < 2 || strlen (field[1]) > 3)
        {
          g_autofree char *q = fol_quote (field[1]);
          fol_data_file_error (&f, error, FOL_DATA_ERROR_PARSE, f.lineno, "bad card id '%s'", q);
          goto out;
        }
      memcpy (c.id, field[1], strlen (field[1]) + 1);
      for (int i = 0; i < n; i++)
        if (strcmp (out->card[i].id, c.id) == 0)
          {
            fol_data_file_error (&f, error, FOL_DATA_ERROR_INVALID, f.lineno,
                                 "card id %s already used on line %d", c.id, lines[i]);
            goto out;
          }
      const char *kind = field[2], *rule = field[3];
      int i = 4;
      if (strcmp (kind, "flower") == 0)
        {
          c.kind = FALL_CARD_FLOWER;
          c.rule = FALL_RULE_FLOWER;
          i = 3;
          if (!parse_ints (&f, field, nt, i, 3, c.v, error))
            goto out;
        }
      else if (strcmp (kind, "fox") == 0)
        {
          c.kind = FALL_CARD_FOX;
          if (strcmp (rule, "group") == 0 || strcmp (rule, "per-fox") == 0)
            {
              c.rule = rule[0] == 'g' ? FALL_RULE_FOX_GROUP : FALL_RULE_FOX_PER_FOX;
              if (!parse_table (&f, field, nt, &i, c.table[0], error))
                goto out;
              if (i != nt)
                {
                  g_autofree char *q = fol_quote (field[i]);
                  fol_data_file_error (&f, error, FOL_DATA_ERROR_PARSE, f.lineno, "unexpected '%s'", q);
                  goto out;
                }
            }
          else if (strcmp (rule, "largest") == 0)
            {
              c.rule = FALL_RULE_FOX_LARGEST;
              if (!parse_ints (&f, field, nt, i, 1, c.v, error))
                goto out;
            }
          else
            {
              g_autofree char *q = fol_quote (rule);
              fol_data_file_error (&f, error, FOL_DATA_ERROR_PARSE, f.lineno,
                                   "unknown fox rule '%s' (group, per-fox, largest)", q);
              goto out;
            }
        }
      else if (strcmp (kind, "bird") == 0)
        {
          c.kind = FALL_CARD_BIRD;
          gboolean good = TRUE;
          if (strcmp (rule, "majority") == 0)
            c.rule = FALL_RULE_BIRD_MAJORITY, good = parse_ints (&f, field, nt, i, 3, c.v, error);
          else if (strcmp (rule, "adjacent") == 0)
            c.rule = FALL_RULE_BIRD_ADJACENT, good = parse_ints (&f, field, nt, i, 3, c.v, error);
          else if (strcmp (rule, "pairs") == 0)
            c.rule = FALL_RULE_BIRD_PAIRS, good = parse_ints (&f, field, nt, i, 1, c.v, error);
          else if (strcmp (rule, "layer") == 0)
            c.rule = FALL_RULE_BIRD_LAYER, good = parse_ints (&f, field, nt, i, 3, c.v, error);
          else if (strcmp (rule, "count") == 0)
            {
              c.rule = FALL_RULE_BIRD_COUNT;
              if (i >= nt || strcmp (field[i], "hoopoe") != 0)
                good = fol_data_file_error (&f, error, FOL_DATA_ERROR_PARSE, f.lineno, "expected 'hoopoe TABLE'");
              else
                {
                  i++;
                  good = parse_table (&f, field, nt, &i, c.table[0], error);
                  if (good && (i >= nt || strcmp (field[i], "robin") != 0))
                    good = fol_data_file_error (&f, error, FOL_DATA_ERROR_PARSE, f.lineno, "expected 'robin TABLE'");
                  else if (good)
                    {
                      i++;
                      good = parse_table (&f, field, nt, &i, c.table[1], error);
                      if (good && i != nt)
                        {
                          g_autofree char *q = fol_quote (field[i]);
                          good = fol_data_file_error (&f, error, FOL_DATA_ERROR_PARSE, f.lineno,
                                                      "unexpected '%s'", q);
                        }
                    }
                }
            }
          else
            {
              g_autofree char *q = fol_quote (rule);
              good = fol_data_file_error (&f, error, FOL_DATA_ERROR_PARSE, f.lineno,
                                          "unknown bird rule '%s' (majority, adjacent, count, pairs, layer)", q);
            }
          if (!good)
            goto out;
        }
      else
        {
          g_autofree char *q = fol_quote (kind);
          fol_data_file_error (&f, error, FOL_DATA_ERROR_PARSE, f.lineno,
                               "unknown card kind '%s' (flower, fox, bird)", q);
          goto out;
        }
      if (c.kind == FALL_CARD_FLOWER)
        {
          /* DECISIONS.md: each Flower card is a permutation of 0, 1, 3 */
          unsigned sorted = 0;
          for (int k = 0; k < 3; k++)
            sorted |= c.v[k] >= 0 && c.v[k] <= 3 ? 1u << c.v[k] : 1u << 4; /* out of range: never 0, 1, 3 */
          if (sorted != ((1u << 0) | (1u << 1) | (1u << 3)))
            {
              fol_data_file_error (&f, error, FOL_DATA_ERROR_INVALID, f.lineno,
                                   "a Flower card gives 0, 1 and 3 VP to the three kinds in some order");
              goto out;
            }
        }
      if (per_kind[c.kind] >= 6)
        {
          fol_data_file_error (&f, error, FOL_DATA_ERROR_INVALID, f.lineno, "a seventh card of kind %s", kind);
          goto out;
        }
      out->cards_of_kind[c.kind][per_kind[c.kind]++] = (uint8_t) n;
      lines[n] = f.lineno;
      out->card[n++] = c;
    }
  if (n != FALL_N_CARDS)
    {
      fol_data_file_error (&f, error, FOL_DATA_ERROR_INVALID, 0, "%d cards, expected %d (6 of each kind)",
                           n, FALL_N_CARDS);
      goto out;
    }
  ok = TRUE;
out:
  fol_data_file_clear (&f);
  return ok;
}

gboolean
fall_components_load (const char *datadir, FallComponents *out, GError **error)
{
  memset (out, 0, sizeof *out);
  return load_tiles (datadir, out, error)
         && load_season (datadir, out, error)
         && load_cards (datadir, out, error);
}

static gpointer
load_default (GError **error)
{
  FallComponents *c = g_new0 (FallComponents, 1);
  if (fall_components_load (NULL, c, error))
    return c;
  g_free (c);
  return NULL;
}

const FallComponents *
fall_components_get (GError **error)
{
  static FolDataOnce once;
  return fol_data_load_once (&once, load_default, error);
}

const FallComponents *
fall_components (void)
{
  g_autoptr (GError) error = NULL;
  const FallComponents *c = fall_components_get (&error);
  if (!c)
    g_error ("Fall component data: %s", error->message);
  return c;
}
