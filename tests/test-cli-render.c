/* test-cli-render.c: `foliage-cli render summer|fall RECORD --ply N`
 * (src/cli/cli-render.c, cli-render-fall.c), run as the program: the
 * picture of ply N of a whole record is the very picture of a record cut
 * after its first N moves (0: the set-up; N = all: the end), a position
 * other than the end's when N is not the end, and a ply beyond the
 * record, a negative one, one without a record or with --moves are
 * refused with exit status 2 and the range in the message.  The records
 * come from the program's own self-play. */
#include <glib/gstdio.h>
#include <string.h>

#include "cli-test-util.h"
#include "fall-notation.h"
#include "summer-notation.h"

static char *
read_file (const char *name)
{
  g_autofree char *path = g_build_filename (cli_test_dir, name, NULL);
  char *text = NULL;
  gsize len = 0;
  g_autoptr (GError) error = NULL;
  g_assert_true (g_file_get_contents (path, &text, &len, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (len, >, 0);
  return text;
}

static void
write_file (const char *name, const char *text)
{
  g_autofree char *path = g_build_filename (cli_test_dir, name, NULL);
  g_autoptr (GError) error = NULL;
  g_assert_true (g_file_set_contents (path, text, -1, &error));
  g_assert_no_error (error);
}

/* The two PNG files hold the same picture (cairo writes one the same way
 * every time). */
static gboolean
same_png (const char *a, const char *b)
{
  g_autofree char *pa = g_build_filename (cli_test_dir, a, NULL);
  g_autofree char *pb = g_build_filename (cli_test_dir, b, NULL);
  g_autofree char *da = NULL, *db = NULL;
  gsize la = 0, lb = 0;
  g_assert_true (g_file_get_contents (pa, &da, &la, NULL));
  g_assert_true (g_file_get_contents (pb, &db, &lb, NULL));
  g_assert_cmpuint (la, >, 1000);
  return la == lb && memcmp (da, db, la) == 0;
}

/* ply N of @record drawn by --ply, and the record @cut (its first N moves)
 * drawn without: the same picture. */
static void
assert_ply_is_cut (const char *game, const char *record, int n, const char *cut)
{
  g_autofree char *ply = g_strdup_printf ("%d", n);
  g_autofree char *cut_name = g_strdup_printf ("cut-%d.txt", n);
  write_file (cut_name, cut);
  g_assert_cmpint (run_cli (NULL, NULL, "render", game, record, "--ply", ply, "--out", "ply.png", NULL), ==, 0);
  g_assert_cmpint (run_cli (NULL, NULL, "render", game, cut_name, "--out", "cut.png", NULL), ==, 0);
  if (!same_png ("ply.png", "cut.png"))
    g_error ("%s --ply %d differs from the record cut after %d moves", game, n, n);
}

/* The refusals: beyond the record, negative, no record, with --moves. */
static void
assert_refusals (const char *game, const char *record, guint n_plies)
{
  g_autofree char *beyond = g_strdup_printf ("%u", n_plies + 1);
  g_autofree char *range = g_strdup_printf ("the record has %u plies, so N is 0 (the set-up) to %u", n_plies,
                                            n_plies);
  g_autofree char *err = NULL;
  g_assert_cmpint (run_cli (NULL, &err, "render", game, record, "--ply", beyond, "--out", "x.png", NULL), ==, 2);
  g_assert_nonnull (strstr (err, "out of range"));
  g_assert_nonnull (strstr (err, range));
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_cli (NULL, &err, "render", game, record, "--ply", "-1", "--out", "x.png", NULL), ==, 2);
  g_assert_nonnull (strstr (err, range));
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_cli (NULL, &err, "render", game, "--ply", "0", "--out", "x.png", NULL), ==, 2);
  g_assert_nonnull (strstr (err, "--ply needs a game record"));
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_cli (NULL, &err, "render", game, record, "--ply", "1", "--moves", "1", "--out", "x.png", NULL), ==, 2);
  g_assert_nonnull (strstr (err, "no --moves"));
  g_autofree char *x = g_build_filename (cli_test_dir, "x.png", NULL);
  g_assert_false (g_file_test (x, G_FILE_TEST_EXISTS));
}

static void
test_summer (void)
{
  g_assert_cmpint (run_cli (NULL, NULL, "selfplay", "summer", "--players", "2", "--ai", "greedy,greedy", "--games", "1",
                            "--seed", "3", "--records", ".", NULL), ==, 0);
  g_autofree char *text = read_file ("game-3.txt");
  SummerRecord record;
  g_autoptr (GError) error = NULL;
  g_assert_true (summer_record_parse (text, &record, &error));
  g_assert_no_error (error);
  guint n = record.moves->len;
  g_assert_cmpuint (n, >, 20);
  const guint plies[] = { 0, 1, 10, n - 1, n };
  for (guint k = 0; k < G_N_ELEMENTS (plies); k++)
    {
      g_autoptr (GPtrArray) first = g_ptr_array_new ();
      for (guint i = 0; i < plies[k]; i++)
        g_ptr_array_add (first, g_ptr_array_index (record.moves, i));
      g_autofree char *cut = summer_record_format (&record.setup, first);
      assert_ply_is_cut ("summer", "game-3.txt", (int) plies[k], cut);
    }
  /* the set-up is not the end */
  g_assert_cmpint (run_cli (NULL, NULL, "render", "summer", "game-3.txt", "--ply", "0", "--out", "a.png", NULL), ==, 0);
  g_assert_cmpint (run_cli (NULL, NULL, "render", "summer", "game-3.txt", "--out", "b.png", NULL), ==, 0);
  g_assert_false (same_png ("a.png", "b.png"));
  assert_refusals ("summer", "game-3.txt", n);
  summer_record_clear (&record);
}

static void
test_fall (void)
{
  g_assert_cmpint (run_cli (NULL, NULL, "selfplay", "fall", "--ai", "greedy,greedy", "--games", "1", "--seed", "5",
                            "--records", ".", NULL), ==, 0);
  g_autofree char *text = read_file ("fall-5.txt");
  g_autoptr (GError) error = NULL;
  const FallComponents *comps = fall_components_get (&error);
  g_assert_no_error (error);
  guint64 seed;
  FallOptions opts;
  g_autoptr (GArray) moves = NULL;
  g_assert_true (fall_record_parse (comps, text, &seed, &opts, &moves, NULL, NULL, &error));
  g_assert_no_error (error);
  guint n = moves->len;
  g_assert_cmpuint (n, >, 40);
  const guint plies[] = { 0, 1, 17, n - 1, n };
  g_autofree FallState *s = g_new0 (FallState, 1);
  for (guint k = 0; k < G_N_ELEMENTS (plies); k++)
    {
      fall_state_init (s, comps, seed, &opts);
      for (guint i = 0; i < plies[k]; i++)
        g_assert_true (fall_apply (s, &g_array_index (moves, FallMove, i), NULL));
      g_autofree char *cut = fall_record_format (seed, &opts, s, (const FallMove *) moves->data, (int) plies[k]);
      assert_ply_is_cut ("fall", "fall-5.txt", (int) plies[k], cut);
    }
  g_assert_cmpint (run_cli (NULL, NULL, "render", "fall", "fall-5.txt", "--ply", "0", "--out", "a.png", NULL), ==, 0);
  g_assert_cmpint (run_cli (NULL, NULL, "render", "fall", "fall-5.txt", "--out", "b.png", NULL), ==, 0);
  g_assert_false (same_png ("a.png", "b.png"));
  assert_refusals ("fall", "fall-5.txt", n);
  /* a position file has no plies */
  fall_state_init (s, comps, seed, &opts);
  g_autofree char *position = fall_position_format (s);
  write_file ("position.txt", position);
  g_autofree char *err = NULL;
  g_assert_cmpint (run_cli (NULL, &err, "render", "fall", "position.txt", "--ply", "0", "--out", "x.png", NULL), ==, 2);
  g_assert_nonnull (strstr (err, "not a position"));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  if (!cli_test_init ("foliage-cli-render-XXXXXX"))
    return 1;
  g_test_add_func ("/cli/render/summer-ply", test_summer);
  g_test_add_func ("/cli/render/fall-ply", test_fall);
  int ret = g_test_run ();
  cli_test_cleanup ();
  return ret;
}
