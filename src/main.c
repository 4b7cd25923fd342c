/* main.c: the Foliage desktop application.  Before GTK starts it finds the
 * settings schema and translations of this very build: in its prefix once
 * installed (also when the install was moved, e.g. by DESTDIR), in the build
 * tree when run from there; without a schema it says so in one line and
 * exits 1 instead of GSettings aborting. */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "datafile.h"
#include "fol-application.h"

/* Whether @dir is one of the schema folders GSettings reads anyway (the XDG
 * data folders'). */
static gboolean
is_default_schema_dir (const char *dir)
{
  g_autofree char *user = g_build_filename (g_get_user_data_dir (), "glib-2.0", "schemas", NULL);
  if (g_str_equal (dir, user))
    return TRUE;
  for (const char * const *d = g_get_system_data_dirs (); *d; d++)
    {
      g_autofree char *sys = g_build_filename (*d, "glib-2.0", "schemas", NULL);
      if (g_str_equal (dir, sys))
        return TRUE;
    }
  return FALSE;
}

/* The folder holding this build's compiled schema outside the default ones,
 * or NULL: the prefix's schema folder for an installed program (a /opt or a
 * moved install is not among XDG_DATA_DIRS), the build tree's data/ for an
 * uninstalled run. */
static char *
own_schema_dir (void)
{
  g_autofree char *dir = fol_installed_path (SCHEMADIR);
  const char *build = fol_uninstalled_build_dir ();
  if (!dir && build)
    dir = g_build_filename (build, "data", NULL);
  if (!dir || is_default_schema_dir (dir))
    return NULL;
  g_autofree char *compiled = g_build_filename (dir, "gschemas.compiled", NULL);
  return g_file_test (compiled, G_FILE_TEST_EXISTS) ? g_steal_pointer (&dir) : NULL;
}

/* The folder of the translations: the prefix's for an installed program, the
 * build tree's po/ (po/LANG/LC_MESSAGES/foliage.mo) for an uninstalled run. */
static char *
locale_dir (void)
{
  char *dir = fol_installed_path (LOCALEDIR);
  const char *build = fol_uninstalled_build_dir ();
  if (!dir && build)
    dir = g_build_filename (build, "po", NULL);
  return dir ? dir : g_strdup (LOCALEDIR);
}

int
main (int argc, char *argv[])
{
  g_autofree char *locales = locale_dir ();
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, locales);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  /* GSettings reads GSETTINGS_SCHEMA_DIR once, when its default schema
   * source is first made: add our folder before anything does, after the
   * folders the caller set (the first one wins). */
  g_autofree char *schemas = own_schema_dir ();
  if (schemas)
    {
      const char *set = g_getenv ("GSETTINGS_SCHEMA_DIR");
      g_autofree char *value = set && *set ? g_strjoin (G_SEARCHPATH_SEPARATOR_S, set, schemas, NULL)
                                           : g_strdup (schemas);
      g_setenv ("GSETTINGS_SCHEMA_DIR", value, TRUE);
    }
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr (GSettingsSchema) schema = source ? g_settings_schema_source_lookup (source, APP_ID, TRUE) : NULL;
  if (schema == NULL)
    {
      /* Translators: printed on the terminal when Foliage is started without
       * its settings schema; %s is the schema id (io.github.foliage.Foliage).
       * Keep "foliage:", "meson install" and "./build-aux/run" as they are:
       * the program's name and two commands. */
      g_printerr (_("foliage: settings schema %s not found: install Foliage (meson install) or start it from its source tree with ./build-aux/run\n"),
                  APP_ID);
      return 1;
    }

  g_autoptr (FolApplication) app = fol_application_new ();
  return g_application_run (G_APPLICATION (app), argc, argv);
}
