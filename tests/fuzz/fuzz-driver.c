/* fuzz-driver.c: runs a fuzz harness (LLVMFuzzerTestOneInput()) once over
 * every input file, without libFuzzer: the 'fuzz' test suite of every build
 * links each harness with this driver and runs it over the harness's seed
 * corpus and its regression files (tests/fuzz/README.md in README.md,
 * "Fuzzing").
 *
 * Usage: fuzz-HARNESS PATH...
 * Each PATH is an input file, or a folder whose files (not its subfolders,
 * in name order) are inputs; a folder that does not exist has no inputs.
 * Prints TAP: one "ok" per input, its path named first, so that the input
 * that crashes is the last one named.  A harness finds a fault by aborting
 * (or a sanitizer does), and the test fails.
 */
#include <glib.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);
extern int LLVMFuzzerInitialize (int *argc, char ***argv) __attribute__ ((weak));

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

static void
add_inputs (GPtrArray *files, const char *path)
{
  if (!g_file_test (path, G_FILE_TEST_IS_DIR))
    {
      if (g_file_test (path, G_FILE_TEST_EXISTS))
        g_ptr_array_add (files, g_strdup (path));
      return;
    }
  g_autoptr (GError) error = NULL;
  g_autoptr (GDir) dir = g_dir_open (path, 0, &error);
  if (!dir)
    {
      fprintf (stderr, "%s: %s\n", path, error->message);
      exit (1);
    }
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;
  while ((name = g_dir_read_name (dir)))
    {
      g_autofree char *full = g_build_filename (path, name, NULL);
      /* a README or .gitkeep in the folder is not an input */
      if (name[0] != '.' && strcmp (name, "README.md") != 0 && g_file_test (full, G_FILE_TEST_IS_REGULAR))
        g_ptr_array_add (names, g_strdup (name));
    }
  g_ptr_array_sort (names, compare_names);
  for (guint i = 0; i < names->len; i++)
    g_ptr_array_add (files, g_build_filename (path, g_ptr_array_index (names, i), NULL));
}

int
main (int argc, char **argv)
{
  if (argc < 2)
    {
      fprintf (stderr, "Usage: %s FILE-OR-FOLDER...\n", argv[0]);
      return 2;
    }
  if (LLVMFuzzerInitialize)
    LLVMFuzzerInitialize (&argc, &argv);

  g_autoptr (GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  for (int i = 1; i < argc; i++)
    add_inputs (files, argv[i]);

  if (files->len == 0)
    {
      printf ("1..0 # SKIP no inputs in the folders given\n");
      return 0;
    }
  printf ("1..%u\n", files->len);
  for (guint i = 0; i < files->len; i++)
    {
      const char *path = g_ptr_array_index (files, i);
      g_autofree char *contents = NULL;
      gsize len = 0;
      g_autoptr (GError) error = NULL;
      if (!g_file_get_contents (path, &contents, &len, &error))
        {
          printf ("not ok %u - %s: %s\n", i + 1, path, error->message);
          return 1;
        }
      /* named before it runs: a crash leaves this as the last line */
      printf ("# %s (%" G_GSIZE_FORMAT " bytes)\n", path, len);
      fflush (stdout);
      /* a copy of exactly the input's size, so that ASan sees any read
       * past its end, as under libFuzzer */
      uint8_t *copy = g_malloc (len ? len : 1);
      memcpy (copy, contents, len);
      LLVMFuzzerTestOneInput (copy, len);
      g_free (copy);
      printf ("ok %u - %s\n", i + 1, path);
      fflush (stdout);
    }
  return 0;
}
