/* test-summer-data.c: the Indian Summer component data (data/summer-*.txt)
 * against DECISIONS.md, and the loader's errors on malformed files
 * (src/engine/summer/summer-components.c). */
#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>
#include "summer-components.h"
#include "datafile.h"

#define LEAF_FILE "summer-leaf-tiles.txt"
#define FLOOR_FILE "summer-forest-floors.txt"
#define ANIMAL_FILE "summer-animal-tiles.txt"

static const char *const data_files[] = { LEAF_FILE, FLOOR_FILE, ANIMAL_FILE };

static const SummerComponents *
components (void)
{
  GError *error = NULL;
  const SummerComponents *c = summer_components_get (&error);
  g_assert_no_error (error);
  g_assert_nonnull (c);
  return c;
}

static FolPolyomino
shape_from (const char *rows)
{
  FolPolyomino p = { 0 };
  p.hole = -1;
  int x = 0, y = 0;
  for (const char *c = rows; *c; c++)
    {
      if (*c == '/')
        {
          y++;
          x = 0;
          continue;
        }
      if (*c == '#' || *c == 'O')
        {
          if (*c == 'O')
            p.hole = (int8_t) p.n_cells;
          p.cells[p.n_cells].x = (int8_t) x;
          p.cells[p.n_cells].y = (int8_t) y;
          p.n_cells++;
        }
      x++;
    }
  return p;
}

/* The pattern of @p in the data file notation, such as "#O/#.". */
static char *
pattern_of (const FolPolyomino *p)
{
  int w = 0, h = 0;
  for (int i = 0; i < p->n_cells; i++)
    {
      w = MAX (w, p->cells[i].x + 1);
      h = MAX (h, p->cells[i].y + 1);
    }
  GString *s = g_string_new (NULL);
  for (int y = 0; y < h; y++)
    {
      if (y > 0)
        g_string_append_c (s, '/');
      for (int x = 0; x < w; x++)
        {
          char ch = '.';
          for (int i = 0; i < p->n_cells; i++)
            if (p->cells[i].x == x && p->cells[i].y == y)
              ch = i == p->hole ? 'O' : '#';
          g_string_append_c (s, ch);
        }
    }
  return g_string_free (s, FALSE);
}

/* ------------------------------------------------------------------------ */
/* the data as shipped */

static void
test_supply (void)
{
  static const int limit[] = { 30, 24, 18, 8 };
  static const char *const names[] = { "Berry", "Nut", "Mushroom", "Feather" };
  for (int t = 0; t < SUMMER_N_TREASURES; t++)
    {
      g_assert_cmpint (summer_supply_limit[t], ==, limit[t]);
      g_assert_cmpstr (summer_treasure_name (t), ==, names[t]);
      g_assert_cmpint (summer_treasure_letter (t), ==, "BNMF"[t]);
    }
}

static void
test_leaf_counts (void)
{
  const SummerComponents *c = components ();
  static const int size[] = { 3, 4, 5 };
  static const int count[] = { 17, 29, 29 };
  int n[SUMMER_N_COLOURS] = { 0 };

  for (int i = 0; i < SUMMER_N_LEAF_TILES; i++)
    {
      const SummerLeafTile *t = &c->leaf[i];
      g_assert_cmpint (t->colour, <, SUMMER_N_COLOURS);
      /* in order: greens, yellows, reds, each numbered from 01 */
      if (i > 0)
        g_assert_cmpint (t->colour, >=, c->leaf[i - 1].colour);
      n[t->colour]++;
      g_autofree char *id = g_strdup_printf ("%c%02d", "GYR"[t->colour], n[t->colour]);
      g_assert_cmpstr (t->id, ==, id);
      g_assert_cmpint (summer_leaf_index (c, id), ==, i);
      g_assert_cmpint (t->shape.n_cells, ==, size[t->colour]);
      g_assert_cmpint (t->shape.hole, >=, 0);
      g_assert_cmpint (t->shape.hole, <, t->shape.n_cells);
      g_assert_true (fol_polyomino_is_connected (&t->shape));

      FolOrientationSet set;
      fol_polyomino_orientations (&t->shape, &set);
      g_assert_cmpint (t->orientations.n, ==, set.n);
      g_assert_cmpint (t->orientations.n, >=, 1);
      g_assert_cmpint (t->orientations.n, <=, 8);
      for (int k = 0; k < t->orientations.n; k++)
        {
          g_assert_cmpint (t->orientations.o[k].n_cells, ==, size[t->colour]);
          g_assert_cmpint (t->orientations.o[k].hole, >=, 0);
          g_assert_true (t->orientations.o[k].mask != 0);
        }
    }
  for (int col = 0; col < SUMMER_N_COLOURS; col++)
    g_assert_cmpint (n[col], ==, count[col]);
  g_assert_cmpint (summer_leaf_index (c, "R29"), ==, 74);
  g_assert_cmpint (summer_leaf_index (c, "G18"), ==, -1);
  g_assert_cmpint (summer_leaf_index (c, ""), ==, -1);
}

static const struct {
  SummerColour colour;
  const char *name;
  const char *pattern;
} free_shapes[] = {
  { SUMMER_GREEN, "I3", "###" },
  { SUMMER_GREEN, "L3", "##/#." },
  { SUMMER_YELLOW, "I4", "####" },
  { SUMMER_YELLOW, "O4", "##/##" },
  { SUMMER_YELLOW, "T4", "###/.#." },
  { SUMMER_YELLOW, "S4", ".##/##." },
  { SUMMER_YELLOW, "L4", "###/#.." },
  { SUMMER_RED, "F", ".##/##./.#." },
  { SUMMER_RED, "I5", "#####" },
  { SUMMER_RED, "L5", "####/#..." },
  { SUMMER_RED, "N", "##../.###" },
  { SUMMER_RED, "P", "##/##/#." },
  { SUMMER_RED, "T5", "###/.#./.#." },
  { SUMMER_RED, "U", "#.#/###" },
  { SUMMER_RED, "V", "#../#../###" },
  { SUMMER_RED, "W", "#../##./.##" },
  { SUMMER_RED, "X", ".#./###/.#." },
  { SUMMER_RED, "Y", "####/.#.." },
  { SUMMER_RED, "Z", "##./.#./.##" },
};

static void
test_leaf_shapes (void)
{
  const SummerComponents *c = components ();

  /* the 19 free shapes are distinct, and each is used in its colour */
  for (gsize s = 0; s < G_N_ELEMENTS (free_shapes); s++)
    {
      FolPolyomino p = shape_from (free_shapes[s].pattern);
      uint64_t key = fol_polyomino_free_key (&p);
      for (gsize r = 0; r < s; r++)
        {
          FolPolyomino q = shape_from (free_shapes[r].pattern);
          g_assert_cmpuint (fol_polyomino_free_key (&q), !=, key);
        }
      int used = 0;
      for (int i = 0; i < SUMMER_N_LEAF_TILES; i++)
        if (fol_polyomino_free_key (&c->leaf[i].shape) == key)
          {
            g_assert_cmpint (c->leaf[i].colour, ==, free_shapes[s].colour);
            used++;
          }
      if (used == 0)
        g_error ("no tile has the free shape %s", free_shapes[s].name);
    }
  /* and there are no others: every tile is one of the 19 */
  for (int i = 0; i < SUMMER_N_LEAF_TILES; i++)
    {
      gboolean known = FALSE;
      for (gsize s = 0; s < G_N_ELEMENTS (free_shapes) && !known; s++)
        {
          FolPolyomino p = shape_from (free_shapes[s].pattern);
          known = fol_polyomino_free_key (&p) == fol_polyomino_free_key (&c->leaf[i].shape);
        }
      g_assert_true (known);
    }
}

static void
test_leaf_hole_classes (void)
{
  const SummerComponents *c = components ();
  /* DECISIONS.md: at most 3 per (shape, Hole class).  Green has 4 classes for
   * 17 tiles, so it is spread 5/4/4/4 (docs/rules-notes.md). */
  static const int cap[] = { 5, 3, 3 };
  GHashTable *classes[SUMMER_N_COLOURS];

  for (int col = 0; col < SUMMER_N_COLOURS; col++)
    classes[col] = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  for (int i = 0; i < SUMMER_N_LEAF_TILES; i++)
    {
      const SummerLeafTile *t = &c->leaf[i];
      gint64 key = (gint64) fol_polyomino_hole_key (&t->shape);
      int n = GPOINTER_TO_INT (g_hash_table_lookup (classes[t->colour], &key)) + 1;
      if (n > cap[t->colour])
        g_error ("tile %s is number %d of its (shape, Hole) class", t->id, n);
      g_hash_table_insert (classes[t->colour], g_memdup2 (&key, sizeof key), GINT_TO_POINTER (n));
    }

  /* green: all 4 classes (I3 end, I3 middle, L3 corner, L3 end), as evenly as possible */
  g_assert_cmpint (g_hash_table_size (classes[SUMMER_GREEN]), ==, 4);
  int hist[6] = { 0 };
  GHashTableIter iter;
  gpointer value;
  g_hash_table_iter_init (&iter, classes[SUMMER_GREEN]);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      g_assert_cmpint (GPOINTER_TO_INT (value), >=, 4);
      g_assert_cmpint (GPOINTER_TO_INT (value), <=, 5);
      hist[GPOINTER_TO_INT (value)]++;
    }
  g_assert_cmpint (hist[5], ==, 1);
  g_assert_cmpint (hist[4], ==, 3);

  /* Hole positions vary: yellow and red need at least 29 / 3 classes */
  g_assert_cmpint (g_hash_table_size (classes[SUMMER_YELLOW]), >=, 10);
  g_assert_cmpint (g_hash_table_size (classes[SUMMER_RED]), >=, 10);
  for (int col = 0; col < SUMMER_N_COLOURS; col++)
    g_hash_table_unref (classes[col]);
}

static void
test_floors (void)
{
  const SummerComponents *c = components ();
  static const int per_side[] = { 8, 7, 6, 3 };

  for (int s = 0; s < SUMMER_N_SIDES; s++)
    {
      const SummerFloorSide *side = &c->side[s];
      char name[3] = { (char) ('1' + s / 2), "AB"[s % 2], 0 };
      g_assert_cmpstr (side->name, ==, name);
      g_assert_cmpint (side->board, ==, s / 2 + 1);
      g_assert_cmpint (summer_side_index (c, name), ==, s);
      name[1] = g_ascii_tolower (name[1]);
      g_assert_cmpint (summer_side_index (c, name), ==, s);

      FolBits72 all_areas = 0, all_treasures = 0;
      int area_count[SUMMER_N_AREAS][SUMMER_N_TREASURES] = { { 0 } };
      for (int sq = 0; sq < SUMMER_SQUARES; sq++)
        {
          int row = sq / SUMMER_COLS, col = sq % SUMMER_COLS;
          int a = side->area[sq];
          g_assert_cmpint (a, ==, (row / 4) * 3 + col / 3);
          g_assert_true (fol_bb_test (side->area_mask[a], sq));
          int t = side->treasure[sq];
          g_assert_cmpint (t, <=, SUMMER_NO_TREASURE);
          for (int u = 0; u < SUMMER_N_TREASURES; u++)
            g_assert_cmpint (fol_bb_test (side->treasure_mask[u], sq), ==, t == u);
          if (t != SUMMER_NO_TREASURE)
            area_count[a][t]++;
        }
      for (int a = 0; a < SUMMER_N_AREAS; a++)
        {
          g_assert_cmpint (fol_bb_count (side->area_mask[a]), ==, 12);
          g_assert_true ((all_areas & side->area_mask[a]) == 0);
          all_areas |= side->area_mask[a];
          int total = 0, types = 0;
          for (int t = 0; t < SUMMER_N_TREASURES; t++)
            {
              total += area_count[a][t];
              types += area_count[a][t] > 0;
            }
          g_assert_cmpint (total, ==, 4);
          g_assert_cmpint (types, >=, 2);
        }
      g_assert_true (all_areas == fol_bb_all ());
      for (int t = 0; t < SUMMER_N_TREASURES; t++)
        {
          g_assert_cmpint (fol_bb_count (side->treasure_mask[t]), ==, per_side[t]);
          g_assert_true ((all_treasures & side->treasure_mask[t]) == 0);
          all_treasures |= side->treasure_mask[t];
        }
      g_assert_cmpint (fol_bb_count (all_treasures), ==, 24);

      for (int r = 0; r < s; r++)
        g_assert_false (memcmp (c->side[r].treasure, side->treasure, sizeof side->treasure) == 0);
    }
  g_assert_cmpint (summer_side_index (c, "7A"), ==, -1);
  g_assert_cmpint (summer_side_index (c, "1"), ==, -1);
}

static void
test_animals (void)
{
  const SummerComponents *c = components ();
  static const struct {
    const char *name;
    int count;
    int treasure;
    const char *pattern;
  } table[SUMMER_N_ANIMAL_KINDS] = {
    { "Mouse", 6, SUMMER_NO_TREASURE, "##" },
    { "Hare", 4, SUMMER_NO_TREASURE, "###" },
    { "Owl", 4, SUMMER_NO_TREASURE, "##/#." },
    { "Hedgehog", 3, SUMMER_NO_TREASURE, "##/##" },
    { "Racoon", 1, SUMMER_MUSHROOM, "###/.#." },
    { "Fox", 1, SUMMER_FEATHER, "###/#.." },
    { "Badger", 1, SUMMER_NUT, "####" },
  };
  int total = 0;

  for (int k = 0; k < SUMMER_N_ANIMAL_KINDS; k++)
    {
      const SummerAnimalInfo *a = &c->animal[k];
      g_assert_cmpstr (a->name, ==, table[k].name);
      g_assert_cmpint (a->count, ==, table[k].count);
      g_assert_cmpint (a->setup_treasure, ==, table[k].treasure);
      g_assert_cmpint (a->shape.hole, ==, -1);
      FolPolyomino want = shape_from (table[k].pattern);
      g_assert_cmpint (a->shape.n_cells, ==, want.n_cells);
      g_assert_cmpuint (fol_polyomino_free_key (&a->shape), ==, fol_polyomino_free_key (&want));
      FolOrientationSet set;
      fol_polyomino_orientations (&want, &set);
      g_assert_cmpint (a->orientations.n, ==, set.n);
      for (int o = 0; o < a->orientations.n; o++)
        g_assert_cmpint (a->orientations.o[o].hole, ==, -1);
      g_assert_cmpint (summer_animal_index (c, table[k].name), ==, k);
      g_autofree char *upper = g_ascii_strup (table[k].name, -1);
      g_assert_cmpint (summer_animal_index (c, upper), ==, k);
      total += a->count;
    }
  g_assert_cmpint (total, ==, SUMMER_N_ANIMAL_TILES);
  g_assert_cmpint (summer_animal_index (c, "Squirrel"), ==, -1);
  /* orientation counts: domino 2, straight 3 2, L3 4, square 1, T 4, L4 8, straight 4 2 */
  static const int n_orient[] = { 2, 2, 4, 1, 4, 8, 2 };
  for (int k = 0; k < SUMMER_N_ANIMAL_KINDS; k++)
    g_assert_cmpint (c->animal[k].orientations.n, ==, n_orient[k]);
}

static void
test_get_once (void)
{
  const SummerComponents *c = components ();
  g_assert_true (summer_components_get (NULL) == c);
  g_assert_true (summer_components () == c);
}

static gpointer
get_in_thread (gpointer data)
{
  return (gpointer) summer_components_get (NULL);
}

static void
test_get_threads (void)
{
  if (g_test_subprocess ())
    {
      /* a fresh process: the threads race for the first load */
      GThread *threads[8];
      for (guint i = 0; i < G_N_ELEMENTS (threads); i++)
        threads[i] = g_thread_new ("get", get_in_thread, NULL);
      gpointer first = g_thread_join (threads[0]);
      g_assert_nonnull (first);
      for (guint i = 1; i < G_N_ELEMENTS (threads); i++)
        g_assert_true (g_thread_join (threads[i]) == first);
      g_assert_true (summer_components () == first);
      return;
    }
  g_test_trap_subprocess (NULL, 0, 0);
  g_test_trap_assert_passed ();
}

static void
test_get_error_kept (void)
{
  if (g_test_subprocess ())
    {
      /* before anything reads fol_data_dir(): an empty data folder */
      g_autofree char *dir = g_dir_make_tmp ("foliage-summer-XXXXXX", NULL);
      g_assert_nonnull (dir);
      g_setenv ("FOLIAGE_DATA_DIR", dir, TRUE);
      GError *e1 = NULL, *e2 = NULL;
      g_assert_null (summer_components_get (&e1));
      g_assert_null (summer_components_get (&e2));
      g_assert_null (summer_components_get (NULL));
      g_assert_error (e1, FOL_DATA_ERROR, FOL_DATA_ERROR_IO);
      g_assert_error (e2, FOL_DATA_ERROR, FOL_DATA_ERROR_IO);
      g_assert_cmpstr (e1->message, ==, e2->message);
      g_assert_nonnull (strstr (e1->message, LEAF_FILE));
      g_error_free (e1);
      g_error_free (e2);
      g_rmdir (dir);
      summer_components ();     /* aborts */
      return;
    }
  g_test_trap_subprocess (NULL, 0, 0);
  g_test_trap_assert_failed ();
  g_test_trap_assert_stderr ("*" LEAF_FILE "*");
}

/* ------------------------------------------------------------------------ */
/* malformed files: a copy of the data in a temporary folder, one change each */

static char *
copy_data (void)
{
  GError *error = NULL;
  char *dir = g_dir_make_tmp ("foliage-summer-XXXXXX", &error);
  g_assert_no_error (error);
  for (gsize i = 0; i < G_N_ELEMENTS (data_files); i++)
    {
      g_autofree char *from = g_build_filename (fol_data_dir (), data_files[i], NULL);
      g_autofree char *to = g_build_filename (dir, data_files[i], NULL);
      g_autofree char *text = NULL;
      gsize len;
      g_file_get_contents (from, &text, &len, &error);
      g_assert_no_error (error);
      g_file_set_contents (to, text, (gssize) len, &error);
      g_assert_no_error (error);
    }
  return dir;
}

static void
remove_data (char *dir)
{
  for (gsize i = 0; i < G_N_ELEMENTS (data_files); i++)
    {
      g_autofree char *path = g_build_filename (dir, data_files[i], NULL);
      g_unlink (path);
    }
  g_assert_cmpint (g_rmdir (dir), ==, 0);
  g_free (dir);
}

static GPtrArray *
read_lines (const char *dir, const char *name)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autofree char *text = NULL;
  GError *error = NULL;
  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  g_auto (GStrv) split = g_strsplit (text, "\n", -1);
  GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);
  for (int i = 0; split[i]; i++)
    g_ptr_array_add (lines, g_strdup (split[i]));
  return lines;
}

static void
write_lines (const char *dir, const char *name, GPtrArray *lines)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_ptr_array_add (lines, NULL);
  g_autofree char *text = g_strjoinv ("\n", (char **) lines->pdata);
  g_ptr_array_remove_index (lines, lines->len - 1);
  GError *error = NULL;
  g_file_set_contents (path, text, -1, &error);
  g_assert_no_error (error);
}

#define LINE(lines, i) ((char *) g_ptr_array_index ((lines), (i)))

/* The index of the first line that starts with @prefix. */
static guint
find_line (GPtrArray *lines, const char *prefix)
{
  for (guint i = 0; i < lines->len; i++)
    if (g_str_has_prefix (LINE (lines, i), prefix))
      return i;
  g_error ("no line starts with '%s'", prefix);
}

/* The index of the @k-th (from 0) data line after line @from: not blank, not a comment. */
static guint
data_line_after (GPtrArray *lines, guint from, int k)
{
  for (guint i = from + 1; i < lines->len; i++)
    {
      const char *l = LINE (lines, i);
      if (*l && *l != '#' && k-- == 0)
        return i;
    }
  g_error ("not %d data lines after line %u", k, from + 1);
}

static void
set_line (GPtrArray *lines, guint i, char *text)
{
  g_free (lines->pdata[i]);
  lines->pdata[i] = text;
}

/* @line with white-space separated field @n replaced by @value. */
static char *
with_field (const char *line, int n, const char *value)
{
  g_auto (GStrv) field = g_strsplit_set (line, " \t", -1);
  g_autoptr (GPtrArray) out = g_ptr_array_new ();
  int k = 0;
  for (int i = 0; field[i]; i++)
    if (*field[i])
      g_ptr_array_add (out, k++ == n ? (char *) value : field[i]);
  g_ptr_array_add (out, NULL);
  return g_strjoinv (" ", (char **) out->pdata);
}

static const char *
field_of (const char *line, int n, char *buf, gsize size)
{
  g_auto (GStrv) field = g_strsplit_set (line, " \t", -1);
  int k = 0;
  for (int i = 0; field[i]; i++)
    if (*field[i] && k++ == n)
      {
        g_strlcpy (buf, field[i], size);
        return buf;
      }
  g_error ("line '%s' has no field %d", line, n);
}

/* Loads @dir, which must fail with a message naming @file, "@file:@lineno: "
 * when @lineno > 0, and containing @what. */
static void
assert_load_error (const char *dir, const char *file, int lineno, const char *what)
{
  g_autofree SummerComponents *c = g_new0 (SummerComponents, 1);
  GError *error = NULL;
  g_assert_false (summer_components_load (dir, c, &error));
  g_assert_nonnull (error);
  g_assert_true (error->domain == FOL_DATA_ERROR);
  g_test_message ("%s", error->message);

  g_autofree char *tag = lineno > 0 ? g_strdup_printf ("%s:%d: ", file, lineno) : g_strdup (file);
  if (!strstr (error->message, tag))
    g_assert_cmpstr (error->message, ==, tag);       /* fails, showing both */
  g_autofree char *path = g_build_filename (dir, file, NULL);
  if (!g_str_has_prefix (error->message, path))
    g_assert_cmpstr (error->message, ==, path);
  if (what && !strstr (error->message, what))
    g_assert_cmpstr (error->message, ==, what);
  g_error_free (error);
}

/* One corruption: changes @lines of @file and returns the 1-based line the
 * error must name. */
typedef struct {
  const char *file;
  guint (*corrupt) (GPtrArray *lines);
  const char *what;
} Case;

static void
run_case (gconstpointer data)
{
  const Case *k = data;
  char *dir = copy_data ();
  g_autoptr (GPtrArray) lines = read_lines (dir, k->file);
  guint lineno = k->corrupt (lines);
  write_lines (dir, k->file, lines);
  assert_load_error (dir, k->file, (int) lineno, k->what);
  remove_data (dir);
}

/* --- leaf tiles --- */

static guint
leaf_bad_colour (GPtrArray *lines)
{
  guint i = find_line (lines, "Y07 ");
  set_line (lines, i, with_field (LINE (lines, i), 1, "purple"));
  return i + 1;
}

static guint
leaf_wrong_colour (GPtrArray *lines)
{
  guint i = find_line (lines, "G12 ");
  set_line (lines, i, with_field (LINE (lines, i), 1, "red"));
  return i + 1;
}

static guint
leaf_two_holes (GPtrArray *lines)
{
  guint i = find_line (lines, "R05 ");
  char buf[32];
  char *pattern = g_strdup (field_of (LINE (lines, i), 2, buf, sizeof buf));
  *strchr (pattern, '#') = 'O';
  set_line (lines, i, with_field (LINE (lines, i), 2, pattern));
  g_free (pattern);
  return i + 1;
}

static guint
leaf_no_hole (GPtrArray *lines)
{
  guint i = find_line (lines, "G02 ");
  set_line (lines, i, with_field (LINE (lines, i), 2, "###"));
  return i + 1;
}

static guint
leaf_size (GPtrArray *lines)
{
  guint i = find_line (lines, "Y10 ");
  set_line (lines, i, with_field (LINE (lines, i), 2, "O####"));
  return i + 1;
}

static guint
leaf_disconnected (GPtrArray *lines)
{
  guint i = find_line (lines, "G03 ");
  set_line (lines, i, with_field (LINE (lines, i), 2, "O#.#"));
  return i + 1;
}

static guint
leaf_bad_char (GPtrArray *lines)
{
  guint i = find_line (lines, "R17 ");
  set_line (lines, i, with_field (LINE (lines, i), 2, "O#x/##"));
  return i + 1;
}

static guint
leaf_ragged (GPtrArray *lines)
{
  guint i = find_line (lines, "R20 ");
  set_line (lines, i, with_field (LINE (lines, i), 2, "O#/##/#"));
  return i + 1;
}

static guint
leaf_extra_field (GPtrArray *lines)
{
  guint i = find_line (lines, "Y01 ");
  set_line (lines, i, g_strconcat (LINE (lines, i), " extra", NULL));
  return i + 1;
}

static guint
leaf_missing_id (GPtrArray *lines)
{
  /* G05 gone: the error is at G06, now one line up */
  guint i = find_line (lines, "G05 ");
  g_ptr_array_remove_index (lines, i);
  return i + 1;
}

static guint
leaf_too_few (GPtrArray *lines)
{
  guint i = find_line (lines, "R29 ");
  g_ptr_array_remove_index (lines, i);
  return find_line (lines, "R28 ") + 1;
}

static guint
leaf_too_many (GPtrArray *lines)
{
  guint i = find_line (lines, "R29 ");
  g_ptr_array_insert (lines, (int) i + 1, g_strdup ("R30 red O####"));
  return i + 2;
}

static guint
leaf_hole_cap (GPtrArray *lines)
{
  /* find a yellow (shape, Hole) class with 3 tiles and give it a 4th, taken
   * from a shape that keeps at least one tile */
  const SummerComponents *c = components ();
  int first = summer_leaf_index (c, "Y01");
  int last = summer_leaf_index (c, "Y29");
  for (int i = first; i <= last; i++)
    {
      uint64_t key = fol_polyomino_hole_key (&c->leaf[i].shape);
      int members[4], n = 0;
      for (int j = first; j <= last; j++)
        if (fol_polyomino_hole_key (&c->leaf[j].shape) == key && n < 4)
          members[n++] = j;
      if (n != 3)
        continue;
      for (int j = first; j <= last; j++)
        {
          uint64_t shape = fol_polyomino_free_key (&c->leaf[j].shape);
          if (fol_polyomino_hole_key (&c->leaf[j].shape) == key)
            continue;
          int same_shape = 0;
          for (int m = first; m <= last; m++)
            same_shape += fol_polyomino_free_key (&c->leaf[m].shape) == shape;
          if (same_shape < 2)
            continue;
          /* tile j joins the class; the error is at the 4th in file order */
          g_autofree char *pattern = pattern_of (&c->leaf[i].shape);
          g_autofree char *prefix = g_strconcat (c->leaf[j].id, " ", NULL);
          guint at = find_line (lines, prefix);
          set_line (lines, at, with_field (LINE (lines, at), 2, pattern));
          int fourth = MAX (j, members[2]);
          g_autofree char *fourth_prefix = g_strconcat (c->leaf[fourth].id, " ", NULL);
          return find_line (lines, fourth_prefix) + 1;
        }
    }
  g_error ("no yellow class with 3 tiles");
}

static guint
leaf_shape_missing (GPtrArray *lines)
{
  /* every X pentomino becomes another red shape with a Hole class that has room */
  const SummerComponents *c = components ();
  FolPolyomino x = shape_from (".#./###/.#.");
  uint64_t x_key = fol_polyomino_free_key (&x);
  int first = summer_leaf_index (c, "R01"), n_x = 0;
  for (int i = first; i < SUMMER_N_LEAF_TILES; i++)
    n_x += fol_polyomino_free_key (&c->leaf[i].shape) == x_key;
  g_assert_cmpint (n_x, >=, 1);

  g_autofree char *replacement = NULL;
  for (int i = first; i < SUMMER_N_LEAF_TILES && !replacement; i++)
    {
      if (fol_polyomino_free_key (&c->leaf[i].shape) == x_key)
        continue;
      for (int h = 0; h < c->leaf[i].shape.n_cells && !replacement; h++)
        {
          FolPolyomino p = c->leaf[i].shape;
          p.hole = (int8_t) h;
          uint64_t key = fol_polyomino_hole_key (&p);
          int used = 0;
          for (int j = first; j < SUMMER_N_LEAF_TILES; j++)
            used += fol_polyomino_hole_key (&c->leaf[j].shape) == key;
          if (used + n_x <= 3)
            replacement = pattern_of (&p);
        }
    }
  g_assert_nonnull (replacement);
  for (int i = first; i < SUMMER_N_LEAF_TILES; i++)
    if (fol_polyomino_free_key (&c->leaf[i].shape) == x_key)
      {
        g_autofree char *prefix = g_strconcat (c->leaf[i].id, " ", NULL);
        guint at = find_line (lines, prefix);
        set_line (lines, at, with_field (LINE (lines, at), 2, replacement));
      }
  /* reported at the last red tile */
  return find_line (lines, "R29 ") + 1;
}

static guint
leaf_comments (GPtrArray *lines)
{
  /* not an error: comments where patterns use '#' too */
  guint i = find_line (lines, "G01 ");
  set_line (lines, i, g_strconcat (LINE (lines, i), "   # a comment ## with #O", NULL));
  g_ptr_array_insert (lines, (int) i, g_strdup ("   #comment with leading space"));
  g_ptr_array_insert (lines, (int) i, g_strdup ("#"));
  /* ... and the one error of the case, to show the lines still count */
  guint j = find_line (lines, "G04 ");
  set_line (lines, j, with_field (LINE (lines, j), 1, "blue"));
  return j + 1;
}

/* --- Forest Floors --- */

/* The index of the line of treasure row @row (0..7) of side @name. */
static guint
treasure_row (GPtrArray *lines, const char *name, int row)
{
  g_autofree char *header = g_strconcat ("side ", name, NULL);
  return data_line_after (lines, find_line (lines, header), 8 + row);
}

static guint
area_row (GPtrArray *lines, const char *name, int row)
{
  g_autofree char *header = g_strconcat ("side ", name, NULL);
  return data_line_after (lines, find_line (lines, header), row);
}

static guint
floor_row_length (GPtrArray *lines)
{
  guint i = treasure_row (lines, "2B", 3);
  LINE (lines, i)[8] = '\0';
  return i + 1;
}

static guint
floor_area_row_length (GPtrArray *lines)
{
  guint i = area_row (lines, "5A", 6);
  set_line (lines, i, g_strconcat (LINE (lines, i), "6", NULL));
  return i + 1;
}

static guint
floor_missing_side (GPtrArray *lines)
{
  /* drop side 3B: the error names the line of side 4A, where 3B was due */
  guint from = find_line (lines, "side 3B");
  guint to = find_line (lines, "side 4A");
  g_ptr_array_remove_range (lines, from, to - from);
  return find_line (lines, "side 4A") + 1;
}

static guint
floor_missing_last_side (GPtrArray *lines)
{
  guint from = find_line (lines, "side 6B");
  g_ptr_array_set_size (lines, (int) from);
  /* reported at the last line read: side 6A's last treasure row */
  return treasure_row (lines, "6A", 7) + 1;
}

static guint
floor_duplicate_side (GPtrArray *lines)
{
  guint i = find_line (lines, "side 2B");
  set_line (lines, i, g_strdup ("side 2A"));
  return i + 1;
}

static guint
floor_area_five (GPtrArray *lines)
{
  /* a 5th treasure in Area 1 of side 2A, on its last row */
  guint i = treasure_row (lines, "2A", 3);
  char *row = LINE (lines, i);
  char *dot = memchr (row, '.', 3);
  g_assert_nonnull (dot);
  *dot = 'B';
  return i + 1;
}

static guint
floor_area_three (GPtrArray *lines)
{
  /* Area 5 of side 4B loses a treasure: reported once the Area is read (row 8) */
  for (int r = 4; r < 8; r++)
    {
      char *row = LINE (lines, treasure_row (lines, "4B", r));
      for (int col = 3; col < 6; col++)
        if (row[col] != '.')
          {
            row[col] = '.';
            return treasure_row (lines, "4B", 7) + 1;
          }
    }
  g_error ("Area 5 of side 4B has no treasure");
}

static guint
floor_one_type (GPtrArray *lines)
{
  /* Area 3 of side 1A shows 4 Nuts */
  for (int r = 0; r < 4; r++)
    {
      char *row = LINE (lines, treasure_row (lines, "1A", r));
      for (int col = 6; col < 9; col++)
        if (row[col] != '.')
          row[col] = 'N';
    }
  return treasure_row (lines, "1A", 3) + 1;
}

static guint
floor_totals (GPtrArray *lines)
{
  /* on side 5B, one Berry becomes a Nut in an Area that keeps 2 types */
  for (int a = 0; a < SUMMER_N_AREAS; a++)
    {
      int r0 = (a / 3) * 4, c0 = (a % 3) * 3;
      char letters[5] = { 0 };
      int n = 0, berry_row = -1, berry_col = -1;
      for (int r = r0; r < r0 + 4; r++)
        for (int col = c0; col < c0 + 3; col++)
          {
            char ch = LINE (lines, treasure_row (lines, "5B", r))[col];
            if (ch == '.')
              continue;
            if (ch == 'B' && berry_row < 0)
              {
                berry_row = r;
                berry_col = col;
                ch = 'N';
              }
            letters[n++] = ch;
          }
      gboolean two_types = FALSE;
      for (int k = 1; k < n; k++)
        two_types |= letters[k] != letters[0];
      if (berry_row >= 0 && two_types)
        {
          LINE (lines, treasure_row (lines, "5B", berry_row))[berry_col] = 'N';
          return find_line (lines, "side 5B") + 1;
        }
    }
  g_error ("no Berry to change on side 5B");
}

static guint
floor_same_layout (GPtrArray *lines)
{
  for (int r = 0; r < 8; r++)
    set_line (lines, treasure_row (lines, "3B", r), g_strdup (LINE (lines, treasure_row (lines, "3A", r))));
  return find_line (lines, "side 3B") + 1;
}

static guint
floor_area_digit (GPtrArray *lines)
{
  guint i = area_row (lines, "4A", 1);
  LINE (lines, i)[4] = '7';
  return i + 1;
}

static guint
floor_area_block (GPtrArray *lines)
{
  /* column 4 of row 6 is in Area 5; claim 6 */
  guint i = area_row (lines, "6A", 5);
  LINE (lines, i)[4] = '6';
  return i + 1;
}

static guint
floor_bad_treasure (GPtrArray *lines)
{
  guint i = treasure_row (lines, "1B", 6);
  LINE (lines, i)[0] = 'X';
  return i + 1;
}

static guint
floor_bad_header (GPtrArray *lines)
{
  guint i = find_line (lines, "side 2A");
  set_line (lines, i, g_strdup ("sid 2A"));
  return i + 1;
}

/* --- Animal tiles --- */

static guint
animal_count (GPtrArray *lines)
{
  guint i = find_line (lines, "Fox ");
  set_line (lines, i, with_field (LINE (lines, i), 1, "2"));
  return i + 1;
}

static guint
animal_hole (GPtrArray *lines)
{
  guint i = find_line (lines, "Hedgehog ");
  set_line (lines, i, with_field (LINE (lines, i), 3, "O#/##"));
  return i + 1;
}

static guint
animal_shape (GPtrArray *lines)
{
  guint i = find_line (lines, "Owl ");
  set_line (lines, i, with_field (LINE (lines, i), 3, "###"));
  return i + 1;
}

static guint
animal_treasure (GPtrArray *lines)
{
  guint i = find_line (lines, "Racoon ");
  set_line (lines, i, with_field (LINE (lines, i), 2, "N"));
  return i + 1;
}

static guint
animal_missing (GPtrArray *lines)
{
  g_ptr_array_remove_index (lines, find_line (lines, "Badger "));
  return find_line (lines, "Fox ") + 1;
}

static guint
animal_order (GPtrArray *lines)
{
  guint hare = find_line (lines, "Hare "), owl = find_line (lines, "Owl ");
  gpointer t = lines->pdata[hare];
  lines->pdata[hare] = lines->pdata[owl];
  lines->pdata[owl] = t;
  return hare + 1;
}

static const struct {
  const char *path;
  Case c;
} cases[] = {
  { "/summer-data/malformed/leaf/bad-colour", { LEAF_FILE, leaf_bad_colour, "colour 'purple'" } },
  { "/summer-data/malformed/leaf/colour-not-id", { LEAF_FILE, leaf_wrong_colour, "G12 is red" } },
  { "/summer-data/malformed/leaf/two-holes", { LEAF_FILE, leaf_two_holes, "2 Holes" } },
  { "/summer-data/malformed/leaf/no-hole", { LEAF_FILE, leaf_no_hole, "0 Holes" } },
  { "/summer-data/malformed/leaf/size", { LEAF_FILE, leaf_size, "5 cells" } },
  { "/summer-data/malformed/leaf/disconnected", { LEAF_FILE, leaf_disconnected, "not connected" } },
  { "/summer-data/malformed/leaf/bad-char", { LEAF_FILE, leaf_bad_char, "'x'" } },
  { "/summer-data/malformed/leaf/ragged", { LEAF_FILE, leaf_ragged, "differ in length" } },
  { "/summer-data/malformed/leaf/extra-field", { LEAF_FILE, leaf_extra_field, "4 fields" } },
  { "/summer-data/malformed/leaf/missing-id", { LEAF_FILE, leaf_missing_id, "expected tile id G05, found 'G06'" } },
  { "/summer-data/malformed/leaf/too-few", { LEAF_FILE, leaf_too_few, "after 74 Leaf tiles" } },
  { "/summer-data/malformed/leaf/too-many", { LEAF_FILE, leaf_too_many, "more than 75" } },
  { "/summer-data/malformed/leaf/hole-cap", { LEAF_FILE, leaf_hole_cap, "at most 3 yellow tiles" } },
  { "/summer-data/malformed/leaf/shape-missing", { LEAF_FILE, leaf_shape_missing, "X pentomino" } },
  { "/summer-data/malformed/leaf/comments", { LEAF_FILE, leaf_comments, "colour 'blue'" } },
  { "/summer-data/malformed/floor/row-length", { FLOOR_FILE, floor_row_length, "8 characters" } },
  { "/summer-data/malformed/floor/area-row-length", { FLOOR_FILE, floor_area_row_length, "10 characters" } },
  { "/summer-data/malformed/floor/missing-side", { FLOOR_FILE, floor_missing_side, "expected side 3B here, found side 4A" } },
  { "/summer-data/malformed/floor/missing-last-side", { FLOOR_FILE, floor_missing_last_side, "side 6B is missing" } },
  { "/summer-data/malformed/floor/duplicate-side", { FLOOR_FILE, floor_duplicate_side, "side 2A appears a second time" } },
  { "/summer-data/malformed/floor/area-five", { FLOOR_FILE, floor_area_five, "Area 1 of side 2A shows more than 4" } },
  { "/summer-data/malformed/floor/area-three", { FLOOR_FILE, floor_area_three, "Area 5 of side 4B shows 3 treasures" } },
  { "/summer-data/malformed/floor/one-type", { FLOOR_FILE, floor_one_type, "only Nuts" } },
  { "/summer-data/malformed/floor/totals", { FLOOR_FILE, floor_totals, "side 5B shows 7 Berries, 8 Nuts" } },
  { "/summer-data/malformed/floor/same-layout", { FLOOR_FILE, floor_same_layout, "same treasure layout as side 3A" } },
  { "/summer-data/malformed/floor/area-digit", { FLOOR_FILE, floor_area_digit, "'7' is not an Area" } },
  { "/summer-data/malformed/floor/area-block", { FLOOR_FILE, floor_area_block, "belongs to Area 5" } },
  { "/summer-data/malformed/floor/bad-treasure", { FLOOR_FILE, floor_bad_treasure, "'X' is not a treasure" } },
  { "/summer-data/malformed/floor/bad-header", { FLOOR_FILE, floor_bad_header, "expected 'side NAME'" } },
  { "/summer-data/malformed/animal/count", { ANIMAL_FILE, animal_count, "the Fox count must be 1, not 2" } },
  { "/summer-data/malformed/animal/hole", { ANIMAL_FILE, animal_hole, "Hedgehog has a Hole" } },
  { "/summer-data/malformed/animal/shape", { ANIMAL_FILE, animal_shape, "Owl is a bent" } },
  { "/summer-data/malformed/animal/treasure", { ANIMAL_FILE, animal_treasure, "Racoon carries Mushroom" } },
  { "/summer-data/malformed/animal/missing", { ANIMAL_FILE, animal_missing, "Badger is missing" } },
  { "/summer-data/malformed/animal/order", { ANIMAL_FILE, animal_order, "expected the Hare" } },
};

static void
test_binary_file (void)
{
  char *dir = copy_data ();
  g_autofree char *path = g_build_filename (dir, ANIMAL_FILE, NULL);
  static const char bytes[] = { 'M', 'o', 'u', 's', 'e', 0, 1, 2, (char) 0xff, '\n' };
  GError *error = NULL;
  g_file_set_contents (path, bytes, sizeof bytes, &error);
  g_assert_no_error (error);
  assert_load_error (dir, ANIMAL_FILE, 0, "not a UTF-8 text file");
  remove_data (dir);
}

static void
test_missing_file (void)
{
  char *dir = copy_data ();
  g_autofree char *path = g_build_filename (dir, FLOOR_FILE, NULL);
  g_assert_cmpint (g_unlink (path), ==, 0);
  g_autofree SummerComponents *c = g_new0 (SummerComponents, 1);
  GError *error = NULL;
  g_assert_false (summer_components_load (dir, c, &error));
  g_assert_error (error, FOL_DATA_ERROR, FOL_DATA_ERROR_IO);
  g_error_free (error);
  assert_load_error (dir, FLOOR_FILE, 0, NULL);
  remove_data (dir);
}

static void
test_copy_loads (void)
{
  /* the unchanged copy loads, equal to the shipped data */
  char *dir = copy_data ();
  g_autofree SummerComponents *c = g_new0 (SummerComponents, 1);
  GError *error = NULL;
  g_assert_true (summer_components_load (dir, c, &error));
  g_assert_no_error (error);
  g_assert_true (memcmp (c, components (), sizeof *c) == 0);
  remove_data (dir);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/summer-data/supply", test_supply);
  g_test_add_func ("/summer-data/leaf/counts", test_leaf_counts);
  g_test_add_func ("/summer-data/leaf/shapes", test_leaf_shapes);
  g_test_add_func ("/summer-data/leaf/hole-classes", test_leaf_hole_classes);
  g_test_add_func ("/summer-data/floors", test_floors);
  g_test_add_func ("/summer-data/animals", test_animals);
  g_test_add_func ("/summer-data/get/once", test_get_once);
  g_test_add_func ("/summer-data/get/threads", test_get_threads);
  g_test_add_func ("/summer-data/get/error-kept", test_get_error_kept);
  g_test_add_func ("/summer-data/copy-loads", test_copy_loads);
  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    g_test_add_data_func (cases[i].path, &cases[i].c, run_case);
  g_test_add_func ("/summer-data/malformed/binary-file", test_binary_file);
  g_test_add_func ("/summer-data/malformed/missing-file", test_missing_file);
  return g_test_run ();
}
