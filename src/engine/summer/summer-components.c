/* summer-components.c: loading and validating the Indian Summer component
 * data (data/summer-*.txt; DECISIONS.md, "Indian Summer").
 *
 * Every count and constraint DECISIONS.md states is checked here, so the rest
 * of the engine may rely on them; a broken file is a GError in FOL_DATA_ERROR
 * of the form "PATH:LINE: what is wrong". */
#include "config.h"
#include "summer-components.h"

#include <string.h>
#include "../common/datafile.h"

const uint8_t summer_supply_limit[SUMMER_N_TREASURES] = { 30, 24, 18, 8 };

#define LEAF_FILE "summer-leaf-tiles.txt"
#define FLOOR_FILE "summer-forest-floors.txt"
#define ANIMAL_FILE "summer-animal-tiles.txt"

static const char *const treasure_names[SUMMER_N_TREASURES] = { "Berry", "Nut", "Mushroom", "Feather" };
static const char *const treasure_plurals[SUMMER_N_TREASURES] = { "Berries", "Nuts", "Mushrooms", "Feathers" };
static const char treasure_letters[SUMMER_N_TREASURES] = { 'B', 'N', 'M', 'F' };

/* Per colour: name, id letter, cells, tiles, and the most tiles one
 * (free shape, Hole class) pair may have.  DECISIONS.md says 3; green has
 * only 4 classes for its 17 tiles, so they are spread 5/4/4/4 and the cap is
 * 5 there (docs/rules-notes.md). */
static const struct {
  const char *name;
  char letter;
  int size;
  int count;
  int hole_cap;
} colours[SUMMER_N_COLOURS] = {
  { "green", 'G', 3, 17, 5 },
  { "yellow", 'Y', 4, 29, 3 },
  { "red", 'R', 5, 29, 3 },
};

/* Treasures printed on one Forest Floor side, by type. */
static const int side_treasures[SUMMER_N_TREASURES] = { 8, 7, 6, 3 };
#define TREASURES_PER_AREA 4

/* Every free tromino, tetromino and pentomino, for naming shapes in messages
 * and checking that each appears in its colour. */
static const struct {
  const char *name;
  const char *pattern;
} free_shapes[] = {
  { "straight tromino I3", "###" },
  { "bent tromino L3", "##/#." },
  { "straight tetromino I4", "####" },
  { "square tetromino O4", "##/##" },
  { "T tetromino", "###/.#." },
  { "S tetromino", ".##/##." },
  { "L tetromino", "###/#.." },
  { "F pentomino", ".##/##./.#." },
  { "straight pentomino I5", "#####" },
  { "L pentomino", "####/#..." },
  { "N pentomino", "##../.###" },
  { "P pentomino", "##/##/#." },
  { "T pentomino", "###/.#./.#." },
  { "U pentomino", "#.#/###" },
  { "V pentomino", "#../#../###" },
  { "W pentomino", "#../##./.##" },
  { "X pentomino", ".#./###/.#." },
  { "Y pentomino", "####/.#.." },
  { "Z pentomino", "##./.#./.##" },
};

/* The Animal tiles (DECISIONS.md, "Animal tiles"), in SummerAnimalKind order. */
static const struct {
  const char *name;
  int count;
  int setup_treasure;
  const char *shape_name;
  const char *pattern;
} animal_table[SUMMER_N_ANIMAL_KINDS] = {
  { "Mouse", 6, SUMMER_NO_TREASURE, "domino", "##" },
  { "Hare", 4, SUMMER_NO_TREASURE, "straight 3", "###" },
  { "Owl", 4, SUMMER_NO_TREASURE, "bent (L) 3", "##/#." },
  { "Hedgehog", 3, SUMMER_NO_TREASURE, "2x2 square", "##/##" },
  { "Racoon", 1, SUMMER_MUSHROOM, "T 4", "###/.#." },
  { "Fox", 1, SUMMER_FEATHER, "L 4", "###/#.." },
  { "Badger", 1, SUMMER_NUT, "straight 4", "####" },
};

/* ------------------------------------------------------------------------ */
/* helpers */

/* The white-space separated fields of @line. */
static char **
split_fields (const char *line, int *n_fields)
{
  char **fields = g_strsplit_set (line, " \t", -1);
  int n = 0;
  for (int i = 0; fields[i]; i++)
    {
      if (*fields[i])
        fields[n++] = fields[i];
      else
        g_free (fields[i]);
    }
  fields[n] = NULL;
  *n_fields = n;
  return fields;
}

/* Reads a PATTERN such as "#O/#." into @out: the cells in reading order,
 * x to the right and y downwards, the first 'O' as the Hole; @n_holes gets the
 * number of 'O'.  Returns: NULL, or a newly allocated text saying what is wrong. */
static char *
read_pattern (const char *pattern, FolPolyomino *out, int *n_holes)
{
  int x = 0, y = 0, width = -1;

  memset (out, 0, sizeof *out);
  out->hole = -1;
  *n_holes = 0;
  for (const char *p = pattern;; p++)
    {
      if (*p == '/' || *p == '\0')
        {
          if (x == 0)
            return g_strdup_printf ("the pattern '%s' has an empty row", pattern);
          if (width >= 0 && x != width)
            return g_strdup_printf ("the rows of the pattern '%s' differ in length", pattern);
          width = x;
          if (*p == '\0')
            break;
          x = 0;
          y++;
          continue;
        }
      if (*p != '#' && *p != 'O' && *p != '.')
        return g_strdup_printf ("the pattern '%s' has '%c'; patterns use '#', 'O', '.' and '/'",
                                pattern, *p);
      if (x >= FOL_POLY_MAX_CELLS || y >= FOL_POLY_MAX_CELLS)
        return g_strdup_printf ("the pattern '%s' is larger than %dx%d",
                                pattern, FOL_POLY_MAX_CELLS, FOL_POLY_MAX_CELLS);
      if (*p != '.')
        {
          if (out->n_cells == FOL_POLY_MAX_CELLS)
            return g_strdup_printf ("the pattern '%s' has more than %d cells", pattern, FOL_POLY_MAX_CELLS);
          if (*p == 'O' && (*n_holes)++ == 0)
            out->hole = (int8_t) out->n_cells;
          out->cells[out->n_cells].x = (int8_t) x;
          out->cells[out->n_cells].y = (int8_t) y;
          out->n_cells++;
        }
      x++;
    }
  if (out->n_cells == 0)
    return g_strdup_printf ("the pattern '%s' has no cells", pattern);
  if (!fol_polyomino_is_connected (out))
    return g_strdup_printf ("the cells of the pattern '%s' are not connected", pattern);
  return NULL;
}

/* A built-in pattern (the tables above), which cannot be wrong. */
static FolPolyomino
builtin_shape (const char *pattern)
{
  FolPolyomino shape;
  int n_holes;
  g_autofree char *problem = read_pattern (pattern, &shape, &n_holes);
  g_assert (problem == NULL);
  return shape;
}

static int
treasure_of_letter (char c)
{
  for (int t = 0; t < SUMMER_N_TREASURES; t++)
    if (treasure_letters[t] == c)
      return t;
  return -1;
}

static const char *
side_name_of (int index)
{
  static const char *const names[SUMMER_N_SIDES] = {
    "1A", "1B", "2A", "2B", "3A", "3B", "4A", "4B", "5A", "5B", "6A", "6B",
  };
  return names[index];
}

/* ------------------------------------------------------------------------ */
/* Leaf tiles */

static gboolean
check_leaf_sets (FolDataFile *f, SummerComponents *out, const int *lines, GError **error)
{
  uint64_t hole_keys[SUMMER_N_LEAF_TILES];

  for (int i = 0; i < SUMMER_N_LEAF_TILES; i++)
    {
      const SummerLeafTile *tile = &out->leaf[i];
      hole_keys[i] = fol_polyomino_hole_key (&tile->shape);
      int same = 0;
      g_autoptr (GString) others = g_string_new (NULL);
      for (int j = 0; j < i; j++)
        if (out->leaf[j].colour == tile->colour && hole_keys[j] == hole_keys[i])
          {
            same++;
            g_string_append_printf (others, " %s", out->leaf[j].id);
          }
      if (same + 1 > colours[tile->colour].hole_cap)
        return fol_data_file_error (f, error, FOL_DATA_ERROR_INVALID, lines[i],
                                    "tile %s has the same shape and Hole position (up to symmetry) as%s; "
                                    "at most %d %s tiles may share them",
                                    tile->id, others->str, colours[tile->colour].hole_cap,
                                    colours[tile->colour].name);
    }

  /* every free shape at least once in its colour */
  for (gsize s = 0; s < G_N_ELEMENTS (free_shapes); s++)
    {
      FolPolyomino shape = builtin_shape (free_shapes[s].pattern);
      uint64_t key = fol_polyomino_free_key (&shape);
      int colour = shape.n_cells - 3;
      int last = -1;
      gboolean found = FALSE;
      for (int i = 0; i < SUMMER_N_LEAF_TILES && !found; i++)
        if (out->leaf[i].colour == (SummerColour) colour)
          {
            last = i;
            found = fol_polyomino_free_key (&out->leaf[i].shape) == key;
          }
      if (!found)
        return fol_data_file_error (f, error, FOL_DATA_ERROR_INVALID, last >= 0 ? lines[last] : 0,
                                    "no %s tile has the shape of the %s (%s); every free shape of %d "
                                    "cells must appear at least once",
                                    colours[colour].name, free_shapes[s].name, free_shapes[s].pattern,
                                    shape.n_cells);
    }
  return TRUE;
}

static gboolean
load_leaf_tiles (const char *datadir, SummerComponents *out, GError **error)
{
  FolDataFile f;
  int lines[SUMMER_N_LEAF_TILES] = { 0 };
  int n = 0, last_line = 0;
  gboolean ok = FALSE;
  char *line;

  if (!fol_data_file_open (&f, datadir, LEAF_FILE, error))
    goto out;
  while ((line = fol_data_file_next_patterns (&f)))
    {
      int n_fields;
      g_auto (GStrv) field = split_fields (line, &n_fields);
      last_line = f.lineno;
      if (n == SUMMER_N_LEAF_TILES)
        {
          fol_data_file_error (&f, error, FOL_DATA_ERROR_INVALID, f.lineno,
                               "more than %d Leaf tiles", SUMMER_N_LEAF_TILES);
          goto out;
        }
      if (n_fields != 3)
        {
          fol_data_file_error (&f, error, FOL_DATA_ERROR_PARSE, f.lineno,
                               "expected 'ID COLOUR PATTERN', found %d field%s",
                               n_fields, n_fields == 1 ? "" : "s");
          goto out;
        }

      /* the id: G01..G17, Y01..Y29, R01..R29 in order */
      int colour = n < colours[0].count ? 0 : n < colours[0].count + colours[1].count ? 1 : 2;
      int number = n + 1;
      for (int c = 0; c < colour; c++)
        number -= colours[c].count;
      char expected[8];
      g_snprintf (expected, sizeof expected, "%c%02d", colours[colour].letter, number);
      if (strcmp (field[0], expected) != 0)
        {
          fol_data_file_error (&f, error, FOL_DATA_ERROR_INVALID, f.lineno,
                               "expected tile id %s, found '%s' (ids run G01..G%02d, Y01..Y%02d, R01..R%02d, "
                               "in this order)",
                               expected, field[0], colours[0].count, colours[1].count, colours[2].count);
          goto out;
        }

      int named = -1;
      for (int c = 0; c < SUMMER_N_COLOURS; c++)
        if (strcmp (field[1], colours[c].name) == 0)
          named = c;
      if (named < 0)
        {
          fol_data_file_error (&f, error, FOL_DATA_ERROR_PARSE, f.lineno,
                               "tile %s: unknown colour '%s' (green, yellow or red)", expected, field[1]);
          goto out;
        }
      if (named != colour)
        {
          fol_data_file_error (&f, error, FOL_DATA_ERROR_INVALID, f.lineno,
                               "tile %s is %s, but its id makes it %s",
                               expected, field[1], colours[colour].name);
          goto out;
        }

      SummerLeafTile *tile = &out->leaf[n];
      int n_holes;
      g_autofree char *problem = read_pattern (field[2], &tile->shape, &n_holes);
      if (problem)
        {
          fol_data_file_error (&f, error, FOL_DATA_ERROR_PARSE, f.lineno, "tile %s: %s", expected, problem);
          goto out;
        }
      if (n_holes != 1)
        {
          fol_data_file_error (&f, error, FOL_DATA_ERROR_INVALID, f.lineno,
                               "tile %s has %d Holes; a Leaf tile has exactly one ('O')", expected, n_holes);
          goto out;
        }
      if (tile->shape.n_cells != colours[colour].size)
        {
          fol_data_file_error (&f, error, FOL_DATA_ERROR_INVALID, f.lineno,
                               "tile %s has %d cells; %s tiles have %d",
                               expected, tile->shape.n_cells, colours[colour].name, colours[colour].size);
          goto out;
        }
      memcpy (tile->id, expected, sizeof tile->id);
      tile->colour = (SummerColour) colour;
      fol_polyomino_orientations (&tile->shape, &tile->orientations);
      lines[n++] = f.lineno;
    }
  if (n < SUMMER_N_LEAF_TILES)
    {
      fol_data_file_error (&f, error, FOL_DATA_ERROR_INVALID, last_line,
                           "the file ends after %d Leaf tiles; expected %d", n, SUMMER_N_LEAF_TILES);
      goto out;
    }
  ok = check_leaf_sets (&f, out, lines, error);
out:
  fol_data_file_clear (&f);
  return ok;
}

/* ------------------------------------------------------------------------ */
/* Forest Floors */

/* The Area (0..5) a square lies in: 3 columns x 4 rows each, 3 across, 2 down. */
static int
block_area (int row, int col)
{
  return (row / 4) * 3 + col / 3;
}

/* Reads the next line, which must be a row of 9 characters.  FALSE with @error at the end. */
static gboolean
read_floor_row (FolDataFile *f, int last_line, const char *side, const char *what, int row,
                const char **text, GError **error)
{
  *text = fol_data_file_next (f);
  if (!*text)
    return fol_data_file_error (f, error, FOL_DATA_ERROR_PARSE, last_line,
                                "side %s ends after %d of its %d %s rows", side, row, SUMMER_ROWS, what);
  int len = (int) strlen (*text);
  if (len != SUMMER_COLS)
    return fol_data_file_error (f, error, FOL_DATA_ERROR_PARSE, f->lineno,
                                "side %s, %s row %d: '%s' has %d characters; expected %d",
                                side, what, row + 1, *text, len, SUMMER_COLS);
  return TRUE;
}

static gboolean
check_area (FolDataFile *f, const SummerFloorSide *side, int area, GError **error)
{
  int count[SUMMER_N_TREASURES] = { 0 };
  int total = 0, types = 0, some = 0;

  for (int sq = 0; sq < SUMMER_SQUARES; sq++)
    if (side->area[sq] == area && side->treasure[sq] != SUMMER_NO_TREASURE)
      count[side->treasure[sq]]++;
  for (int t = 0; t < SUMMER_N_TREASURES; t++)
    {
      total += count[t];
      if (count[t] > 0)
        {
          types++;
          some = t;
        }
    }
  if (total != TREASURES_PER_AREA)
    return fol_data_file_error (f, error, FOL_DATA_ERROR_INVALID, f->lineno,
                                "Area %d of side %s shows %d treasures; every Area shows %d",
                                area + 1, side->name, total, TREASURES_PER_AREA);
  if (types < 2)
    return fol_data_file_error (f, error, FOL_DATA_ERROR_INVALID, f->lineno,
                                "Area %d of side %s shows only %s; every Area shows at least 2 types",
                                area + 1, side->name, treasure_plurals[some]);
  return TRUE;
}

static gboolean
load_side (FolDataFile *f, SummerComponents *out, int index, int header_line, int *last_line,
           GError **error)
{
  SummerFloorSide *side = &out->side[index];
  const char *name = side->name;
  const char *text;
  int per_area[SUMMER_N_AREAS] = { 0 };

  for (int row = 0; row < SUMMER_ROWS; row++)
    {
      if (!read_floor_row (f, *last_line, name, "Area", row, &text, error))
        return FALSE;
      *last_line = f->lineno;
      for (int col = 0; col < SUMMER_COLS; col++)
        {
          char c = text[col];
          int sq = row * SUMMER_COLS + col;
          if (c < '1' || c > '0' + SUMMER_N_AREAS)
            return fol_data_file_error (f, error, FOL_DATA_ERROR_PARSE, f->lineno,
                                        "side %s, Area row %d, column %d: '%c' is not an Area (1-%d)",
                                        name, row + 1, col + 1, c, SUMMER_N_AREAS);
          if (c - '1' != block_area (row, col))
            return fol_data_file_error (f, error, FOL_DATA_ERROR_INVALID, f->lineno,
                                        "side %s, Area row %d, column %d is in Area %c; the Areas are "
                                        "blocks of 3 columns x 4 rows, so it belongs to Area %d",
                                        name, row + 1, col + 1, c, block_area (row, col) + 1);
          side->area[sq] = (uint8_t) (c - '1');
          side->area_mask[c - '1'] |= fol_bb_bit (sq);
        }
    }
  /* implied by the block check, kept so that the data's meaning is explicit */
  for (int a = 0; a < SUMMER_N_AREAS; a++)
    g_assert (fol_bb_count (side->area_mask[a]) == SUMMER_SQUARES / SUMMER_N_AREAS);

  for (int row = 0; row < SUMMER_ROWS; row++)
    {
      if (!read_floor_row (f, *last_line, name, "treasure", row, &text, error))
        return FALSE;
      *last_line = f->lineno;
      for (int col = 0; col < SUMMER_COLS; col++)
        {
          char c = text[col];
          int sq = row * SUMMER_COLS + col;
          int t = c == '.' ? SUMMER_NO_TREASURE : treasure_of_letter (c);
          if (t < 0)
            return fol_data_file_error (f, error, FOL_DATA_ERROR_PARSE, f->lineno,
                                        "side %s, treasure row %d, column %d: '%c' is not a treasure "
                                        "(B, N, M, F or '.')",
                                        name, row + 1, col + 1, c);
          side->treasure[sq] = (uint8_t) t;
          if (t == SUMMER_NO_TREASURE)
            continue;
          side->treasure_mask[t] |= fol_bb_bit (sq);
          if (++per_area[side->area[sq]] > TREASURES_PER_AREA)
            return fol_data_file_error (f, error, FOL_DATA_ERROR_INVALID, f->lineno,
                                        "Area %d of side %s shows more than %d treasures",
                                        side->area[sq] + 1, name, TREASURES_PER_AREA);
        }
      /* an Area is complete once its last row is read */
      if (row % 4 == 3)
        for (int a = (row / 4) * 3; a < (row / 4) * 3 + 3; a++)
          if (!check_area (f, side, a, error))
            return FALSE;
    }

  gboolean totals_ok = TRUE;
  for (int t = 0; t < SUMMER_N_TREASURES; t++)
    totals_ok &= fol_bb_count (side->treasure_mask[t]) == side_treasures[t];
  if (!totals_ok)
    return fol_data_file_error (f, error, FOL_DATA_ERROR_INVALID, header_line,
                                "side %s shows %d Berries, %d Nuts, %d Mushrooms and %d Feathers; "
                                "every side shows %d, %d, %d and %d",
                                name, fol_bb_count (side->treasure_mask[SUMMER_BERRY]),
                                fol_bb_count (side->treasure_mask[SUMMER_NUT]),
                                fol_bb_count (side->treasure_mask[SUMMER_MUSHROOM]),
                                fol_bb_count (side->treasure_mask[SUMMER_FEATHER]),
                                side_treasures[0], side_treasures[1], side_treasures[2], side_treasures[3]);
  for (int j = 0; j < index; j++)
    if (memcmp (out->side[j].treasure, side->treasure, sizeof side->treasure) == 0)
      return fol_data_file_error (f, error, FOL_DATA_ERROR_INVALID, header_line,
                                  "side %s has the same treasure layout as side %s; no two sides may",
                                  name, out->side[j].name);
  return TRUE;
}

static gboolean
load_forest_floors (const char *datadir, SummerComponents *out, GError **error)
{
  FolDataFile f;
  int n = 0, last_line = 0;
  gboolean ok = FALSE;
  char *line;

  if (!fol_data_file_open (&f, datadir, FLOOR_FILE, error))
    goto out;
  while ((line = fol_data_file_next (&f)))
    {
      int n_fields;
      g_auto (GStrv) field = split_fields (line, &n_fields);
      int header_line = last_line = f.lineno;
      if (n_fields != 2 || strcmp (field[0], "side") != 0)
        {
          fol_data_file_error (&f, error, FOL_DATA_ERROR_PARSE, f.lineno,
                               "expected 'side NAME', found '%s'", line);
          goto out;
        }
      const char *name = field[1];
      if (strlen (name) != 2 || name[0] < '1' || name[0] > '6' || (name[1] != 'A' && name[1] != 'B'))
        {
          fol_data_file_error (&f, error, FOL_DATA_ERROR_PARSE, f.lineno,
                               "'%s' is not a side name (1A, 1B, ..., 6B)", name);
          goto out;
        }
      if (n == SUMMER_N_SIDES || strcmp (name, side_name_of (n)) != 0)
        {
          int seen = -1;
          for (int j = 0; j < n; j++)
            if (strcmp (name, side_name_of (j)) == 0)
              seen = j;
          if (seen >= 0)
            fol_data_file_error (&f, error, FOL_DATA_ERROR_INVALID, f.lineno,
                                 "side %s appears a second time", name);
          else
            fol_data_file_error (&f, error, FOL_DATA_ERROR_INVALID, f.lineno,
                                 "expected side %s here, found side %s (the sides come in the "
                                 "order 1A, 1B, 2A, ..., 6B, each once)",
                                 side_name_of (n), name);
          goto out;
        }
      SummerFloorSide *side = &out->side[n];
      memcpy (side->name, name, 3);
      side->board = (uint8_t) (name[0] - '0');
      if (!load_side (&f, out, n, header_line, &last_line, error))
        goto out;
      n++;
    }
  if (n < SUMMER_N_SIDES)
    {
      fol_data_file_error (&f, error, FOL_DATA_ERROR_INVALID, last_line,
                           "side %s is missing (the file ends after %d of the %d sides)",
                           side_name_of (n), n, SUMMER_N_SIDES);
      goto out;
    }
  ok = TRUE;
out:
  fol_data_file_clear (&f);
  return ok;
}

/* ------------------------------------------------------------------------ */
/* Animal tiles */

static gboolean
load_animal_tiles (const char *datadir, SummerComponents *out, GError **error)
{
  FolDataFile f;
  int n = 0, total = 0, last_line = 0;
  gboolean ok = FALSE;
  char *line;

  if (!fol_data_file_open (&f, datadir, ANIMAL_FILE, error))
    goto out;
  while ((line = fol_data_file_next_patterns (&f)))
    {
      int n_fields;
      g_auto (GStrv) field = split_fields (line, &n_fields);
      last_line = f.lineno;
      if (n == SUMMER_N_ANIMAL_KINDS)
        {
          fol_data_file_error (&f, error, FOL_DATA_ERROR_INVALID, f.lineno,
                               "more than %d kinds of Animal tiles", SUMMER_N_ANIMAL_KINDS);
          goto out;
        }
      if (n_fields != 4)
        {
          fol_data_file_error (&f, error, FOL_DATA_ERROR_PARSE, f.lineno,
                               "expected 'NAME COUNT SETUP_TREASURE PATTERN', found %d field%s",
                               n_fields, n_fields == 1 ? "" : "s");
          goto out;
        }
      if (strcmp (field[0], animal_table[n].name) != 0)
        {
          fol_data_file_error (&f, error, FOL_DATA_ERROR_INVALID, f.lineno,
                               "expected the %s here, found '%s' (the kinds come in the order Mouse, "
                               "Hare, Owl, Hedgehog, Racoon, Fox, Badger)",
                               animal_table[n].name, field[0]);
          goto out;
        }
      SummerAnimalInfo *info = &out->animal[n];
      g_strlcpy (info->name, field[0], sizeof info->name);

      guint64 count;
      if (!g_ascii_string_to_unsigned (field[1], 10, 1, SUMMER_N_ANIMAL_TILES, &count, NULL))
        {
          fol_data_file_error (&f, error, FOL_DATA_ERROR_PARSE, f.lineno,
                               "the %s: '%s' is not a count (1-%d)", info->name, field[1], SUMMER_N_ANIMAL_TILES);
          goto out;
        }
      if ((int) count != animal_table[n].count)
        {
          fol_data_file_error (&f, error, FOL_DATA_ERROR_INVALID, f.lineno,
                               "the %s count must be %d, not %d", info->name, animal_table[n].count, (int) count);
          goto out;
        }
      info->count = (uint8_t) count;
      total += (int) count;

      int t = strcmp (field[2], "-") == 0 ? SUMMER_NO_TREASURE
              : strlen (field[2]) == 1 ? treasure_of_letter (field[2][0]) : -1;
      if (t < 0)
        {
          fol_data_file_error (&f, error, FOL_DATA_ERROR_PARSE, f.lineno,
                               "the %s: '%s' is not a treasure (B, N, M, F) or '-'", info->name, field[2]);
          goto out;
        }
      if (t != animal_table[n].setup_treasure)
        {
          int want = animal_table[n].setup_treasure;
          fol_data_file_error (&f, error, FOL_DATA_ERROR_INVALID, f.lineno,
                               "the %s carries %s at set-up, not %s", info->name,
                               want == SUMMER_NO_TREASURE ? "no treasure" : treasure_names[want],
                               t == SUMMER_NO_TREASURE ? "none" : treasure_names[t]);
          goto out;
        }
      info->setup_treasure = (uint8_t) t;

      int n_holes;
      g_autofree char *problem = read_pattern (field[3], &info->shape, &n_holes);
      if (problem)
        {
          fol_data_file_error (&f, error, FOL_DATA_ERROR_PARSE, f.lineno, "the %s: %s", info->name, problem);
          goto out;
        }
      if (n_holes > 0)
        {
          fol_data_file_error (&f, error, FOL_DATA_ERROR_INVALID, f.lineno,
                               "the %s has a Hole ('O'); Animal tiles have none", info->name);
          goto out;
        }
      FolPolyomino want = builtin_shape (animal_table[n].pattern);
      if (fol_polyomino_free_key (&info->shape) != fol_polyomino_free_key (&want))
        {
          fol_data_file_error (&f, error, FOL_DATA_ERROR_INVALID, f.lineno,
                               "the %s is a %s (%s), not '%s'", info->name,
                               animal_table[n].shape_name, animal_table[n].pattern, field[3]);
          goto out;
        }
      fol_polyomino_orientations (&info->shape, &info->orientations);
      n++;
    }
  if (n < SUMMER_N_ANIMAL_KINDS)
    {
      fol_data_file_error (&f, error, FOL_DATA_ERROR_INVALID, last_line,
                           "the %s is missing (the file ends after %d of the %d kinds)",
                           animal_table[n].name, n, SUMMER_N_ANIMAL_KINDS);
      goto out;
    }
  if (total != SUMMER_N_ANIMAL_TILES)
    {
      fol_data_file_error (&f, error, FOL_DATA_ERROR_INVALID, last_line,
                           "%d Animal tiles in all; expected %d", total, SUMMER_N_ANIMAL_TILES);
      goto out;
    }
  ok = TRUE;
out:
  fol_data_file_clear (&f);
  return ok;
}

/* ------------------------------------------------------------------------ */
/* public */

gboolean
summer_components_load (const char *datadir, SummerComponents *out, GError **error)
{
  g_return_val_if_fail (out != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  memset (out, 0, sizeof *out);
  return load_leaf_tiles (datadir, out, error)
         && load_forest_floors (datadir, out, error)
         && load_animal_tiles (datadir, out, error);
}

static gpointer
load_default (GError **error)
{
  SummerComponents *c = g_new0 (SummerComponents, 1);
  if (summer_components_load (NULL, c, error))
    return c;
  g_free (c);
  return NULL;
}

const SummerComponents *
summer_components_get (GError **error)
{
  static FolDataOnce once;
  return fol_data_load_once (&once, load_default, error);
}

const SummerComponents *
summer_components (void)
{
  GError *error = NULL;
  const SummerComponents *c = summer_components_get (&error);
  if (!c)
    g_error ("Indian Summer component data: %s", error->message);
  return c;
}

int
summer_leaf_index (const SummerComponents *c, const char *id)
{
  g_return_val_if_fail (c != NULL, -1);
  g_return_val_if_fail (id != NULL, -1);

  for (int i = 0; i < SUMMER_N_LEAF_TILES; i++)
    if (strcmp (c->leaf[i].id, id) == 0)
      return i;
  return -1;
}

int
summer_side_index (const SummerComponents *c, const char *name)
{
  g_return_val_if_fail (c != NULL, -1);
  g_return_val_if_fail (name != NULL, -1);

  for (int i = 0; i < SUMMER_N_SIDES; i++)
    if (g_ascii_strcasecmp (c->side[i].name, name) == 0)
      return i;
  return -1;
}

int
summer_animal_index (const SummerComponents *c, const char *name)
{
  g_return_val_if_fail (c != NULL, -1);
  g_return_val_if_fail (name != NULL, -1);

  for (int i = 0; i < SUMMER_N_ANIMAL_KINDS; i++)
    if (g_ascii_strcasecmp (c->animal[i].name, name) == 0)
      return i;
  return -1;
}

const char *
summer_treasure_name (SummerTreasure t)
{
  g_return_val_if_fail ((unsigned) t < SUMMER_N_TREASURES, NULL);
  return treasure_names[t];
}

char
summer_treasure_letter (SummerTreasure t)
{
  g_return_val_if_fail ((unsigned) t < SUMMER_N_TREASURES, '?');
  return treasure_letters[t];
}
