/* cli-test-util.h: helpers of the tests that run foliage-cli as a program
 * (tests/test-cli-render.c, test-cli-deal.c): tests/meson.build puts the
 * path of the program built in FOLIAGE_CLI, and each test works in a
 * temporary folder of its own. */
#pragma once

#include <glib.h>
#include <glib/gstdio.h>
#include <stdarg.h>
#include <sys/wait.h>

/* The test's folder: the program runs in it, records and pictures go there. */
static char *cli_test_dir;

/* Makes the folder from @template ("foliage-cli-NAME-XXXXXX").  Returns:
 * FALSE when FOLIAGE_CLI is not set (the test then fails). */
static inline gboolean
cli_test_init (const char *template)
{
  if (g_getenv ("FOLIAGE_CLI") == NULL)
    {
      g_printerr ("FOLIAGE_CLI is not set (tests/meson.build sets it to the foliage-cli built)\n");
      return FALSE;
    }
  g_autoptr (GError) error = NULL;
  cli_test_dir = g_dir_make_tmp (template, &error);
  g_assert_no_error (error);
  return TRUE;
}

/* Removes the folder and its files. */
static inline void
cli_test_cleanup (void)
{
  g_autoptr (GDir) d = g_dir_open (cli_test_dir, 0, NULL);
  const char *name;
  while (d && (name = g_dir_read_name (d)))
    {
      g_autofree char *p = g_build_filename (cli_test_dir, name, NULL);
      g_unlink (p);
    }
  g_rmdir (cli_test_dir);
  g_clear_pointer (&cli_test_dir, g_free);
}

/* Runs foliage-cli in the folder with the arguments from @first on
 * (NULL-terminated).  Returns: its exit status; its standard output and
 * error in @out and @err (optional). */
static inline int
run_cli (char **out, char **err, const char *first, ...)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_ptr_array_add (argv, (gpointer) g_getenv ("FOLIAGE_CLI"));
  va_list ap;
  va_start (ap, first);
  for (const char *a = first; a; a = va_arg (ap, const char *))
    g_ptr_array_add (argv, (gpointer) a);
  va_end (ap);
  g_ptr_array_add (argv, NULL);
  g_autofree char *out_text = NULL;
  g_autofree char *err_text = NULL;
  int status = 0;
  g_autoptr (GError) error = NULL;
  g_assert_true (g_spawn_sync (cli_test_dir, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out_text,
                               &err_text, &status, &error));
  g_assert_no_error (error);
  if (out)
    *out = g_steal_pointer (&out_text);
  if (err)
    *err = g_steal_pointer (&err_text);
  if (g_spawn_check_wait_status (status, NULL))
    return 0;
  g_assert_true (WIFEXITED (status));
  return WEXITSTATUS (status);
}
