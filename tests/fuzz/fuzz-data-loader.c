/* fuzz-data-loader.c: the component data loaders (summer_components_load(),
 * fall_components_load()) reading a damaged data file.
 *
 * Input: byte 0 picks the file (byte % 6, in the order of files[] below),
 * the rest is its contents.  The other files of the folder are the real
 * ones of data/ (copied at start into a temporary folder, removed at exit).
 *
 * Whatever the contents, the loader either fails with a FOL_DATA_ERROR or
 * succeeds; Fall components that load are then good enough for the rules:
 * a game set up with them plays its first moves (legal moves picked from
 * the list) with fall_state_check_invariants() finding nothing.
 */
#include "fuzz-util.h"
#include <glib/gstdio.h>
#include "datafile.h"
#include "fall-components.h"
#include "fall-notation.h"
#include "fall-state.h"
#include "summer-components.h"

static const char *const files[] = {
  "summer-leaf-tiles.txt",
  "summer-forest-floors.txt",
  "summer-animal-tiles.txt",
  "fall-leaf-tiles.txt",
  "fall-season-board.txt",
  "fall-scoring-cards.txt",
};
#define N_FILES G_N_ELEMENTS (files)

static char *dir;                  /* the temporary data folder */
static GBytes *original[N_FILES];  /* the real contents */
/* allocated once: big blocks allocated and freed for every input cost more
 * than the loading itself under ASan */
static FallMoveList *list;
static SummerComponents *summer;
static FallComponents *fall;
static FallState *state;

static void
write_file (const char *name, const void *data, size_t size)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  FILE *f = fopen (path, "wb");
  if (!f || fwrite (data, 1, size, f) != size || fclose (f) != 0)
    {
      fprintf (stderr, "cannot write %s\n", path);
      abort ();
    }
}

static void
remove_dir (void)
{
  for (size_t i = 0; i < N_FILES; i++)
    {
      g_autofree char *path = g_build_filename (dir, files[i], NULL);
      g_unlink (path);
    }
  g_rmdir (dir);
}

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  fuzz_init_common ();
  g_autoptr (GError) error = NULL;
  dir = g_dir_make_tmp ("foliage-fuzz-data-XXXXXX", &error);
  if (!dir)
    g_error ("%s", error->message);
  for (size_t i = 0; i < N_FILES; i++)
    {
      g_autofree char *path = g_build_filename (fol_data_dir (), files[i], NULL);
      char *contents;
      gsize len;
      if (!g_file_get_contents (path, &contents, &len, &error))
        g_error ("%s", error->message);
      original[i] = g_bytes_new_take (contents, len);
      write_file (files[i], contents, len);
    }
  atexit (remove_dir);
  list = g_new0 (FallMoveList, 1);
  summer = g_new0 (SummerComponents, 1);
  fall = g_new0 (FallComponents, 1);
  state = g_new0 (FallState, 1);
  return 0;
}

/* A few moves of a game with @comps, picked from the legal-move list. */
static void
play_fall (const FallComponents *comps)
{
  FallState *s = state;
  fall_state_init (s, comps, 1, NULL);
  for (int i = 0; i < 40; i++)
    {
      g_autofree char *problem = fall_state_check_invariants (s);
      if (problem)
        fuzz_fail ("after %d moves with loaded components: %s", i, problem);
      int n = fall_legal_moves (s, list);
      if (n == 0)
        break;
      const char *reason = NULL;
      if (!fall_apply (s, &list->m[(i * 7) % n], &reason))
        fuzz_fail ("a listed move is refused: %s", reason);
    }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  if (size < 1)
    return 0;
  size = MIN (size, FUZZ_MAX_INPUT);
  size_t which = data[0] % N_FILES;
  write_file (files[which], data + 1, size - 1);

  g_autoptr (GError) error = NULL;
  gboolean ok;
  if (which < 3)
    {
      memset (summer, 0, sizeof *summer);
      ok = summer_components_load (dir, summer, &error);
    }
  else
    {
      memset (fall, 0, sizeof *fall);
      ok = fall_components_load (dir, fall, &error);
      if (ok)
        play_fall (fall);
    }
  if (ok != (error == NULL) || (error && error->domain != FOL_DATA_ERROR))
    fuzz_fail ("the loader returned %d with the error %s", ok, error ? error->message : "unset");

  gsize len;
  const void *real = g_bytes_get_data (original[which], &len);
  write_file (files[which], real, len);
  return 0;
}
