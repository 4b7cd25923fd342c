/* test-fall-data.c: the Fall component data files and their validation
 * (src/engine/fall/fall-components.c; DECISIONS.md "Fall"). */
#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>

#include "datafile.h"
#include "fall-components.h"

static const FallComponents *C;

static void
test_tile_counts (void)
{
  const int Y = 1 << FALL_YELLOW, R = 1 << FALL_RED, G = 1 << FALL_GREEN;
  int colours[8] = { 0 }, icons[8] = { 0 }, by_n[4] = { 0 }, by_kind[4] = { 0 };
  for (int i = 0; i < FALL_N_LEAF_TILES; i++)
    {
      const FallLeafTile *t = &C->tile[i];
      colours[t->colours]++;
      icons[t->icons]++;
      by_n[t->n_flowers]++;
      for (int c = 0; c < 6; c++)
        by_kind[t->flower[c]]++;
      /* one colour, or 3 consecutive edges of each of two */
      int changes = 0;
      for (int d = 0; d < 6; d++)
        changes += t->edge[d] != t->edge[(d + 1) % 6];
      g_assert_true (changes == 0 || changes == 2);
      g_autofree char *want = g_strdup_printf ("L%02d", i + 1);
      g_assert_cmpstr (t->id, ==, want);
    }
  g_assert_cmpint (colours[Y], ==, 6);
  g_assert_cmpint (colours[R], ==, 6);
  g_assert_cmpint (colours[G], ==, 6);
  g_assert_cmpint (colours[Y | R], ==, 12);
  g_assert_cmpint (colours[R | G], ==, 12);
  g_assert_cmpint (colours[G | Y], ==, 12);
  g_assert_cmpint (icons[FALL_ICON_FOX], ==, 14);
  g_assert_cmpint (icons[FALL_ICON_BIRD], ==, 12);
  g_assert_cmpint (icons[FALL_ICON_MUSHROOM], ==, 10);
  g_assert_cmpint (icons[FALL_ICON_FOX | FALL_ICON_BIRD], ==, 6);
  g_assert_cmpint (icons[FALL_ICON_FOX | FALL_ICON_MUSHROOM], ==, 6);
  g_assert_cmpint (icons[FALL_ICON_BIRD | FALL_ICON_MUSHROOM], ==, 6);
  g_assert_cmpint (by_n[1], ==, 18);
  g_assert_cmpint (by_n[2], ==, 18);
  g_assert_cmpint (by_n[3], ==, 18);
  g_assert_cmpint (by_kind[FALL_CROCUS], ==, 36);
  g_assert_cmpint (by_kind[FALL_DAFFODIL], ==, 36);
  g_assert_cmpint (by_kind[FALL_COSMOS], ==, 36);
}

static void
test_starting_tile (void)
{
  const FallLeafTile *s = &C->tile[FALL_START_TILE];
  g_assert_cmpstr (s->id, ==, "S00");
  g_assert_cmpint (s->icons, ==, 0);
  int count[3] = { 0 };
  for (int d = 0; d < 6; d++)
    {
      count[s->edge[d]]++;
      /* each colour on two consecutive edges */
      g_assert_true (s->edge[d] == s->edge[(d + 1) % 6] || s->edge[d] == s->edge[(d + 5) % 6]);
    }
  g_assert_cmpint (count[FALL_YELLOW], ==, 2);
  g_assert_cmpint (count[FALL_RED], ==, 2);
  g_assert_cmpint (count[FALL_GREEN], ==, 2);
  int kinds = 0;
  for (int c = 0; c < 6; c++)
    if (s->flower[c])
      {
        kinds |= 1 << s->flower[c];
        g_assert_false (s->flower[(c + 1) % 6]);  /* alternate corners */
      }
  g_assert_cmpint (kinds, ==, (1 << 1) | (1 << 2) | (1 << 3));
}

static void
test_season_board (void)
{
  static const FallToken a[12] = { FALL_ROBIN, FALL_ROBIN, FALL_MUSHROOM, FALL_FOX, FALL_HOOPOE, FALL_MUSHROOM,
                                   FALL_ROBIN, FALL_FOX, FALL_HOOPOE, FALL_FOX, FALL_MUSHROOM, FALL_HOOPOE };
  static const FallToken b[12] = { FALL_HOOPOE, FALL_FOX, FALL_FOX, FALL_ROBIN, FALL_MUSHROOM, FALL_HOOPOE,
                                   FALL_ROBIN, FALL_MUSHROOM, FALL_FOX, FALL_ROBIN, FALL_HOOPOE, FALL_MUSHROOM };
  for (int w = 0; w < 12; w++)
    {
      g_assert_cmpint (C->blocked[0][w], ==, a[w]);
      g_assert_cmpint (C->blocked[1][w], ==, b[w]);
    }
}

static void
test_bag_counts (void)
{
  g_assert_cmpint (fall_token_count[FALL_MUSHROOM], ==, 14);
  g_assert_cmpint (fall_token_count[FALL_FOX], ==, 18);
  g_assert_cmpint (fall_token_count[FALL_HOOPOE], ==, 12);
  g_assert_cmpint (fall_token_count[FALL_ROBIN], ==, 12);
  g_assert_cmpint (fall_token_count[FALL_TOAD], ==, 8);
  int sum = 0;
  for (int k = 0; k < FALL_N_TOKEN_KINDS; k++)
    sum += fall_token_count[k];
  g_assert_cmpint (sum, ==, FALL_N_TOKENS);
}

static const FallCard *
card (const char *id)
{
  int i = fall_card_index (C, id);
  g_assert_cmpint (i, >=, 0);
  return &C->card[i];
}

static void
test_cards (void)
{
  int per_kind[3] = { 0 };
  for (int i = 0; i < FALL_N_CARDS; i++)
    per_kind[C->card[i].kind]++;
  g_assert_cmpint (per_kind[FALL_CARD_FLOWER], ==, 6);
  g_assert_cmpint (per_kind[FALL_CARD_FOX], ==, 6);
  g_assert_cmpint (per_kind[FALL_CARD_BIRD], ==, 6);
  /* Flower cards 0/3/1, 3/1/0, 1/0/3, 3/0/1, 0/1/3, 1/3/0 */
  static const int fl[6][3] = { { 0, 3, 1 }, { 3, 1, 0 }, { 1, 0, 3 }, { 3, 0, 1 }, { 0, 1, 3 }, { 1, 3, 0 } };
  for (int i = 0; i < 6; i++)
    {
      g_autofree char *id = g_strdup_printf ("FL%d", i + 1);
      const FallCard *c = card (id);
      g_assert_cmpint (c->kind, ==, FALL_CARD_FLOWER);
      for (int k = 0; k < 3; k++)
        g_assert_cmpint (c->v[k], ==, fl[i][k]);
    }
  /* Fox group tables by size 1..8 */
  static const int f1[9] = { 0, -1, 0, 4, 4, 4, 8, 8, 8 };
  static const int f2[9] = { 0, 0, 3, 6, 10, 10, 10, 10, 10 };
  static const int f3[9] = { 0, 0, 5, 0, 0, 0, 0, 0, 0 };
  static const int f6[9] = { 0, 1, 2, 4, 7, 11, 11, 11, 11 };
  for (int n = 1; n <= 8; n++)
    {
      g_assert_cmpint (fall_card_table_value (card ("F1"), 0, n), ==, f1[n]);
      g_assert_cmpint (fall_card_table_value (card ("F2"), 0, n), ==, f2[n]);
      g_assert_cmpint (fall_card_table_value (card ("F3"), 0, n), ==, f3[n]);
      g_assert_cmpint (fall_card_table_value (card ("F6"), 0, n), ==, f6[n]);
      /* F5: 1 -> 2; 2+ -> -1 per Fox */
      g_assert_cmpint (fall_card_table_value (card ("F5"), 0, n) * n, ==, n == 1 ? 2 : -n);
    }
  g_assert_cmpint (card ("F1")->rule, ==, FALL_RULE_FOX_GROUP);
  g_assert_cmpint (card ("F5")->rule, ==, FALL_RULE_FOX_PER_FOX);
  g_assert_cmpint (card ("F4")->rule, ==, FALL_RULE_FOX_LARGEST);
  g_assert_cmpint (card ("F4")->v[0], ==, 2);
  g_assert_cmpint (card ("F1")->table[0][30 > FALL_TABLE_MAX - 1 ? FALL_TABLE_MAX - 1 : 30], ==, 8);
  /* Birds */
  g_assert_cmpint (card ("B1")->rule, ==, FALL_RULE_BIRD_MAJORITY);
  g_assert_cmpint (card ("B1")->v[0], ==, 2);
  g_assert_cmpint (card ("B1")->v[1], ==, 1);
  g_assert_cmpint (card ("B1")->v[2], ==, 3);
  g_assert_cmpint (card ("B4")->rule, ==, FALL_RULE_BIRD_MAJORITY);
  g_assert_cmpint (card ("B4")->v[0], ==, 1);
  g_assert_cmpint (card ("B4")->v[1], ==, 2);
  g_assert_cmpint (card ("B4")->v[2], ==, -3);
  g_assert_cmpint (card ("B2")->rule, ==, FALL_RULE_BIRD_ADJACENT);
  g_assert_cmpint (card ("B2")->v[0], ==, 2);
  g_assert_cmpint (card ("B2")->v[1], ==, 1);
  g_assert_cmpint (card ("B2")->v[2], ==, -1);
  static const int h3[6] = { 0, 1, 6, 8, 3, 3 }, r3[6] = { 0, 4, -2, -2, 4, 4 };
  for (int n = 0; n < 6; n++)
    {
      g_assert_cmpint (fall_card_table_value (card ("B3"), 0, n), ==, h3[n]);
      g_assert_cmpint (fall_card_table_value (card ("B3"), 1, n), ==, r3[n]);
    }
  g_assert_cmpint (card ("B5")->rule, ==, FALL_RULE_BIRD_PAIRS);
  g_assert_cmpint (card ("B5")->v[0], ==, 3);
  g_assert_cmpint (card ("B6")->rule, ==, FALL_RULE_BIRD_LAYER);
  g_assert_cmpint (card ("B6")->v[0], ==, 1);
  g_assert_cmpint (card ("B6")->v[1], ==, 3);
  g_assert_cmpint (card ("B6")->v[2], ==, 5);
}

/* ---- malformed files ---------------------------------------------- */

static const char *const files[] = { "fall-leaf-tiles.txt", "fall-season-board.txt", "fall-scoring-cards.txt" };

/* Copies the three data files into a new temporary folder, replacing line
 * @lineno (1-based) of @file by @replacement (NULL: delete it; lineno 0:
 * append @replacement). */
static char *
broken_copy (const char *file, int lineno, const char *replacement)
{
  g_autoptr (GError) error = NULL;
  char *dir = g_dir_make_tmp ("fall-data-XXXXXX", &error);
  g_assert_no_error (error);
  for (size_t i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *src = g_build_filename (fol_data_dir (), files[i], NULL);
      g_autofree char *text = NULL;
      g_assert_true (g_file_get_contents (src, &text, NULL, &error));
      if (strcmp (files[i], file) == 0)
        {
          g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
          GString *out = g_string_new (NULL);
          for (int l = 0; lines[l]; l++)
            {
              if (l + 1 == lineno)
                {
                  if (replacement)
                    g_string_append_printf (out, "%s\n", replacement);
                  continue;
                }
              if (lines[l + 1] || *lines[l])
                g_string_append_printf (out, "%s\n", lines[l]);
            }
          if (lineno == 0)
            g_string_append_printf (out, "%s\n", replacement);
          g_free (text);
          text = g_string_free (out, FALSE);
        }
      g_autofree char *dst = g_build_filename (dir, files[i], NULL);
      g_assert_true (g_file_set_contents (dst, text, -1, &error));
    }
  return dir;
}

static void
remove_copy (char *dir)
{
  for (size_t i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *p = g_build_filename (dir, files[i], NULL);
      g_unlink (p);
    }
  g_rmdir (dir);
  g_free (dir);
}

/* The number of the line holding @needle in data file @file. */
static int
line_of (const char *file, const char *needle)
{
  g_autofree char *src = g_build_filename (fol_data_dir (), file, NULL);
  g_autofree char *text = NULL;
  g_assert_true (g_file_get_contents (src, &text, NULL, NULL));
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  for (int l = 0; lines[l]; l++)
    if (strstr (lines[l], needle))
      return l + 1;
  g_assert_not_reached ();
  return 0;
}

static void
expect_error (const char *file, int lineno, const char *replacement, int code, const char *where,
              const char *message_part)
{
  char *dir = broken_copy (file, lineno, replacement);
  FallComponents *c = g_new (FallComponents, 1);
  g_autoptr (GError) error = NULL;
  g_assert_false (fall_components_load (dir, c, &error));
  g_assert_error (error, FOL_DATA_ERROR, code);
  if (g_test_verbose ())
    g_printerr ("%s\n", error->message);
  g_assert_nonnull (strstr (error->message, where));
  if (message_part)
    g_assert_nonnull (strstr (error->message, message_part));
  g_free (c);
  remove_copy (dir);
}

static void
test_malformed (void)
{
  int l07 = line_of ("fall-leaf-tiles.txt", "tile L07");
  g_autofree char *at07 = g_strdup_printf ("fall-leaf-tiles.txt:%d:", l07);
  /* a bad colour letter */
  expect_error ("fall-leaf-tiles.txt", l07, "tile L07 RRRRRX B ....CA", FOL_DATA_ERROR_PARSE, at07, "'X'");
  /* edges not split 3 + 3 */
  expect_error ("fall-leaf-tiles.txt", l07, "tile L07 RRGRRR B ....CA", FOL_DATA_ERROR_INVALID, at07, "consecutive");
  /* a missing field */
  expect_error ("fall-leaf-tiles.txt", l07, "tile L07 RRRRRR B", FOL_DATA_ERROR_PARSE, at07, "5 fields");
  /* a repeated id */
  expect_error ("fall-leaf-tiles.txt", l07, "tile L06 RRRRRR B ....CA", FOL_DATA_ERROR_INVALID, at07, "already used");
  /* no icon, four segments */
  expect_error ("fall-leaf-tiles.txt", l07, "tile L07 RRRRRR - ....CA", FOL_DATA_ERROR_INVALID, at07, "icon");
  expect_error ("fall-leaf-tiles.txt", l07, "tile L07 RRRRRR B ..ADCA", FOL_DATA_ERROR_INVALID, at07, "at most 3");
  /* counts over the file: one red tile turned green breaks the colour counts */
  expect_error ("fall-leaf-tiles.txt", l07, "tile L07 GGGGGG B ....CA", FOL_DATA_ERROR_INVALID,
                "fall-leaf-tiles.txt: ", "expected 6");
  /* a Fox icon instead of Bird breaks the icon counts */
  expect_error ("fall-leaf-tiles.txt", l07, "tile L07 RRRRRR F ....CA", FOL_DATA_ERROR_INVALID,
                "fall-leaf-tiles.txt: ", "15 Fox tiles, expected 14");
  /* a tile too few */
  expect_error ("fall-leaf-tiles.txt", l07, NULL, FOL_DATA_ERROR_INVALID, "fall-leaf-tiles.txt: ", "53 leaf tiles");
  /* a bad starting tile */
  int ls = line_of ("fall-leaf-tiles.txt", "start S00");
  g_autofree char *ats = g_strdup_printf ("fall-leaf-tiles.txt:%d:", ls);
  expect_error ("fall-leaf-tiles.txt", ls, "start S00 YRYRGG - A.D.C.", FOL_DATA_ERROR_INVALID, ats, "starting tile");
  /* season board */
  int la = line_of ("fall-season-board.txt", "side A");
  g_autofree char *ata = g_strdup_printf ("fall-season-board.txt:%d:", la);
  expect_error ("fall-season-board.txt", la, "side A Robin Robin Toad Fox Hoopoe Mushroom Robin Fox Hoopoe Fox Mushroom Hoopoe",
                FOL_DATA_ERROR_PARSE, ata, "week 3");
  expect_error ("fall-season-board.txt", la, "side A Robin Robin", FOL_DATA_ERROR_PARSE, ata, NULL);
  expect_error ("fall-season-board.txt", la, NULL, FOL_DATA_ERROR_INVALID, "fall-season-board.txt: ", "both sides");
  /* cards */
  int lf = line_of ("fall-scoring-cards.txt", "card F2 ");
  g_autofree char *atf = g_strdup_printf ("fall-scoring-cards.txt:%d:", lf);
  expect_error ("fall-scoring-cards.txt", lf, "card F2 fox group 1:0 3:3 2:6", FOL_DATA_ERROR_PARSE, atf, "increasing");
  expect_error ("fall-scoring-cards.txt", lf, "card F2 fox biggest 2", FOL_DATA_ERROR_PARSE, atf, "unknown fox rule");
  expect_error ("fall-scoring-cards.txt", lf, "card F1 fox largest 2", FOL_DATA_ERROR_INVALID, atf, "already used");
  int lfl = line_of ("fall-scoring-cards.txt", "card FL2");
  g_autofree char *atfl = g_strdup_printf ("fall-scoring-cards.txt:%d:", lfl);
  expect_error ("fall-scoring-cards.txt", lfl, "card FL2 flower 3 3 0", FOL_DATA_ERROR_INVALID, atfl, "0, 1 and 3");
  /* out of range before the check (a negative or huge VP once shifted a bit by it: found by fuzzing) */
  expect_error ("fall-scoring-cards.txt", lfl, "card FL2 flower 0 3 -1", FOL_DATA_ERROR_INVALID, atfl, "0, 1 and 3");
  expect_error ("fall-scoring-cards.txt", lfl, "card FL2 flower 0 1 35", FOL_DATA_ERROR_INVALID, atfl, "0, 1 and 3");
  expect_error ("fall-scoring-cards.txt", 0, "card B7 bird pairs 2", FOL_DATA_ERROR_INVALID,
                "fall-scoring-cards.txt:", "more than 18 cards");
  /* F2 turned into a seventh Bird card: the error names the line of the seventh one read (B6) */
  g_autofree char *atb6 = g_strdup_printf ("fall-scoring-cards.txt:%d:", line_of ("fall-scoring-cards.txt", "card B6"));
  expect_error ("fall-scoring-cards.txt", lf, "card B7 bird pairs 2", FOL_DATA_ERROR_INVALID, atb6, "seventh");
  expect_error ("fall-scoring-cards.txt", lf, NULL, FOL_DATA_ERROR_INVALID, "fall-scoring-cards.txt: ", "17 cards");
}

/* A card line longer than any card needs is refused, never cut; the
 * longest a card can be (two full step tables, 44 fields) loads whole (it
 * was once read as its first 32 fields: the Robin table stopped at 7). */
static void
test_card_line_fields (void)
{
  int lb3 = line_of ("fall-scoring-cards.txt", "card B3");
  g_autofree char *at = g_strdup_printf ("fall-scoring-cards.txt:%d:", lb3);
  GString *longest = g_string_new ("card B3 bird count hoopoe");
  for (int n = 1; n < FALL_TABLE_MAX; n++)
    g_string_append_printf (longest, " %d:%d", n, n == 19 ? 7 : 1);
  g_string_append (longest, " robin");
  for (int n = 1; n < FALL_TABLE_MAX; n++)
    g_string_append_printf (longest, " %d:%d", n, -n);
  g_autofree char *ok_line = g_string_free (longest, FALSE);
  {
    g_auto (GStrv) w = g_strsplit (ok_line, " ", -1);
    g_assert_cmpint (g_strv_length (w), ==, 4 + 2 * FALL_TABLE_MAX);
  }
  char *dir = broken_copy ("fall-scoring-cards.txt", lb3, ok_line);
  FallComponents *c = g_new (FallComponents, 1);
  g_autoptr (GError) error = NULL;
  g_assert_true (fall_components_load (dir, c, &error));
  g_assert_no_error (error);
  const FallCard *b3 = &c->card[fall_card_index (c, "B3")];
  g_assert_cmpint (fall_card_table_value (b3, 0, 19), ==, 7);
  g_assert_cmpint (fall_card_table_value (b3, 1, 19), ==, -19);
  g_free (c);
  remove_copy (dir);
  /* one field more: refused with file and line */
  g_autofree char *too_long = g_strdup_printf ("%s 20:1", ok_line);
  expect_error ("fall-scoring-cards.txt", lb3, too_long, FOL_DATA_ERROR_PARSE, at, "more than 44 fields");
}

/* Numbers in the card file are written one way only: no '+', no leading
 * zeros, no "-0"; and messages quote at most 40 characters of a field. */
static void
test_card_numbers_canonical (void)
{
  int lb5 = line_of ("fall-scoring-cards.txt", "card B5");
  g_autofree char *at5 = g_strdup_printf ("fall-scoring-cards.txt:%d:", lb5);
  expect_error ("fall-scoring-cards.txt", lb5, "card B5 bird pairs +3", FOL_DATA_ERROR_PARSE, at5, "'+3' is not a number");
  expect_error ("fall-scoring-cards.txt", lb5, "card B5 bird pairs 03", FOL_DATA_ERROR_PARSE, at5, "'03' is not a number");
  expect_error ("fall-scoring-cards.txt", lb5, "card B5 bird pairs -0", FOL_DATA_ERROR_PARSE, at5, "'-0' is not a number");
  expect_error ("fall-scoring-cards.txt", lb5, "card B5 bird pairs 101", FOL_DATA_ERROR_PARSE, at5, "'101'");
  int lf2 = line_of ("fall-scoring-cards.txt", "card F2 ");
  g_autofree char *at2 = g_strdup_printf ("fall-scoring-cards.txt:%d:", lf2);
  expect_error ("fall-scoring-cards.txt", lf2, "card F2 fox group 1:0 2:+3", FOL_DATA_ERROR_PARSE, at2, "bad table value in '2:+3'");
  expect_error ("fall-scoring-cards.txt", lf2, "card F2 fox group 1:0 02:3", FOL_DATA_ERROR_PARSE, at2, "bad table entry '02:3'");
  expect_error ("fall-scoring-cards.txt", lf2, "card F2 fox group 1:0 +2:3", FOL_DATA_ERROR_PARSE, at2, "bad table entry '+2:3'");
  /* a very long field is quoted briefly */
  GString *rule = g_string_new ("card F2 fox ");
  for (int i = 0; i < 100000; i++)
    g_string_append_c (rule, 'z');
  g_autofree char *long_rule = g_string_free (rule, FALSE);
  char *dir = broken_copy ("fall-scoring-cards.txt", lf2, long_rule);
  FallComponents *c = g_new (FallComponents, 1);
  g_autoptr (GError) error = NULL;
  g_assert_false (fall_components_load (dir, c, &error));
  g_assert_nonnull (strstr (error->message, "unknown fox rule 'zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz…'"));
  g_assert_cmpint (strlen (error->message), <, 300);
  g_free (c);
  remove_copy (dir);
}

static void
test_missing_file (void)
{
  g_autoptr (GError) error = NULL;
  char *dir = g_dir_make_tmp ("fall-empty-XXXXXX", &error);
  FallComponents *c = g_new (FallComponents, 1);
  g_assert_false (fall_components_load (dir, c, &error));
  g_assert_error (error, FOL_DATA_ERROR, FOL_DATA_ERROR_IO);
  g_assert_nonnull (strstr (error->message, "fall-leaf-tiles.txt"));
  g_free (c);
  g_rmdir (dir);
  g_free (dir);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  C = fall_components ();
  g_test_add_func ("/fall-data/tile-counts", test_tile_counts);
  g_test_add_func ("/fall-data/starting-tile", test_starting_tile);
  g_test_add_func ("/fall-data/season-board", test_season_board);
  g_test_add_func ("/fall-data/bag", test_bag_counts);
  g_test_add_func ("/fall-data/cards", test_cards);
  g_test_add_func ("/fall-data/malformed-names-file-and-line", test_malformed);
  g_test_add_func ("/fall-data/card-line-longer-than-any-card-refused", test_card_line_fields);
  g_test_add_func ("/fall-data/card-numbers-canonical", test_card_numbers_canonical);
  g_test_add_func ("/fall-data/missing-file", test_missing_file);
  return g_test_run ();
}
