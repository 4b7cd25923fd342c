#include "config.h"
#include "datafile.h"

#include <glib/gstdio.h>
#include <string.h>

G_DEFINE_QUARK (fol-data-error-quark, fol_data_error)

/* The running executable's absolute path, symbolic links resolved, or NULL
 * where /proc/self/exe does not exist. */
static const char *
executable_path (void)
{
  static char *path;
  static gsize once;
  if (g_once_init_enter (&once))
    {
      path = g_file_read_link ("/proc/self/exe", NULL);
      g_once_init_leave (&once, 1);
    }
  return path;
}

/* The configured PREFIX without trailing '/' (so "/" gives ""). */
static char *
configured_prefix (void)
{
  char *prefix = g_strdup (PREFIX);
  gsize len = strlen (prefix);
  while (len > 0 && prefix[len - 1] == '/')
    prefix[--len] = '\0';
  return prefix;
}

/* The prefix the running executable is installed in (see
 * fol_installed_path()), or NULL. */
static const char *
executable_prefix (void)
{
  static char *dir;
  static gsize once;
  if (g_once_init_enter (&once))
    {
      const char *exe = executable_path ();
      g_autofree char *prefix = configured_prefix ();
      gsize len = strlen (prefix);
      /* BINDIR below PREFIX, from its '/': "/bin" */
      const char *bin = BINDIR;
      if (exe && g_str_has_prefix (bin, prefix) && bin[len] == '/')
        {
          g_autofree char *exe_dir = g_path_get_dirname (exe);
          if (g_str_has_suffix (exe_dir, bin + len))
            dir = g_strndup (exe_dir, strlen (exe_dir) - strlen (bin + len));
        }
      g_once_init_leave (&once, 1);
    }
  return dir;
}

char *
fol_installed_path (const char *path)
{
  const char *dir = executable_prefix ();
  if (!dir)
    return NULL;
  g_autofree char *prefix = configured_prefix ();
  gsize len = strlen (prefix);
  if (g_str_has_prefix (path, prefix) && (path[len] == '/' || path[len] == '\0'))
    return g_strconcat (dir, path + len, NULL);
  return g_strdup (path);
}

const char *
fol_uninstalled_build_dir (void)
{
  static char *dir;
  static gsize once;
  if (g_once_init_enter (&once))
    {
      /* exe has its links resolved, BUILD_ROOT may not: compare the folders
       * themselves, each of exe's ancestors against BUILD_ROOT */
      const char *exe = executable_path ();
      GStatBuf root;
      if (exe && !executable_prefix () && g_stat (BUILD_ROOT, &root) == 0)
        {
          g_autofree char *d = g_path_get_dirname (exe);
          for (;;)
            {
              GStatBuf st;
              if (g_stat (d, &st) == 0 && st.st_dev == root.st_dev && st.st_ino == root.st_ino)
                {
                  dir = g_strdup (BUILD_ROOT);
                  break;
                }
              g_autofree char *up = g_path_get_dirname (d);
              if (g_str_equal (up, d))
                break;
              g_free (d);
              d = g_steal_pointer (&up);
            }
        }
      g_once_init_leave (&once, 1);
    }
  return dir;
}

static gboolean
has_data_files (const char *dir)
{
  g_autofree char *path = g_build_filename (dir, "summer-leaf-tiles.txt", NULL);
  return g_file_test (path, G_FILE_TEST_EXISTS);
}

const char *
fol_data_dir (void)
{
  static char *dir;
  static gsize once;
  if (g_once_init_enter (&once))
    {
      const char *env = g_getenv ("FOLIAGE_DATA_DIR");
      g_autofree char *installed = fol_installed_path (PKGDATADIR);
      if (env && *env)
        dir = g_strdup (env);
      else if (installed && has_data_files (installed))
        dir = g_steal_pointer (&installed);
      else if (!fol_uninstalled_build_dir () && has_data_files (PKGDATADIR))
        dir = g_strdup (PKGDATADIR);
      else if (has_data_files (SOURCE_DATADIR))
        dir = g_strdup (SOURCE_DATADIR);
      else
        dir = g_strdup (PKGDATADIR);
      g_once_init_leave (&once, 1);
    }
  return dir;
}

gboolean
fol_data_file_open (FolDataFile *f, const char *datadir, const char *name, GError **error)
{
  memset (f, 0, sizeof *f);
  f->path = g_build_filename (datadir ? datadir : fol_data_dir (), name, NULL);
  gsize len = 0;
  GError *local = NULL;
  if (!g_file_get_contents (f->path, &f->contents, &len, &local))
    {
      g_set_error (error, FOL_DATA_ERROR, FOL_DATA_ERROR_IO, "%s: %s", f->path, local->message);
      g_error_free (local);
      return FALSE;
    }
  if (memchr (f->contents, '\0', len) || !g_utf8_validate (f->contents, (gssize) len, NULL))
    return fol_data_file_error (f, error, FOL_DATA_ERROR_PARSE, 0, "not a UTF-8 text file");
  f->lines = g_strsplit (f->contents, "\n", -1);
  f->n_lines = (int) g_strv_length (f->lines);
  return TRUE;
}

char *
fol_data_file_next (FolDataFile *f)
{
  while (f->lines && f->pos < f->n_lines)
    {
      char *line = f->lines[f->pos++];
      f->lineno = f->pos;
      char *hash = strchr (line, '#');
      if (hash)
        *hash = '\0';
      g_strstrip (line);
      if (*line)
        return line;
    }
  return NULL;
}

char *
fol_data_file_next_patterns (FolDataFile *f)
{
  while (f->lines && f->pos < f->n_lines)
    {
      char *line = f->lines[f->pos++];
      f->lineno = f->pos;
      g_strstrip (line);
      for (char *p = line; *p; p++)
        if (*p == '#' && (p == line || (g_ascii_isspace (p[-1]) && (p[1] == '\0' || g_ascii_isspace (p[1])))))
          {
            *p = '\0';
            break;
          }
      g_strchomp (line);
      if (*line)
        return line;
    }
  return NULL;
}

gboolean
fol_data_file_error (FolDataFile *f, GError **error, FolDataError code, int lineno,
                     const char *format, ...)
{
  va_list ap;
  va_start (ap, format);
  g_autofree char *msg = g_strdup_vprintf (format, ap);
  va_end (ap);
  if (lineno > 0)
    g_set_error (error, FOL_DATA_ERROR, code, "%s:%d: %s", f->path, lineno, msg);
  else
    g_set_error (error, FOL_DATA_ERROR, code, "%s: %s", f->path, msg);
  return FALSE;
}

void
fol_data_file_clear (FolDataFile *f)
{
  g_clear_pointer (&f->path, g_free);
  g_clear_pointer (&f->contents, g_free);
  g_clear_pointer (&f->lines, g_strfreev);
  f->n_lines = f->pos = f->lineno = 0;
}

gconstpointer
fol_data_load_once (FolDataOnce *once, FolDataLoadFunc load, GError **error)
{
  if (g_once_init_enter (&once->done))
    {
      once->data = load (&once->error);
      g_once_init_leave (&once->done, 1);
    }
  if (!once->data)
    g_propagate_error (error, g_error_copy (once->error));
  return once->data;
}

char *
fol_quote (const char *text)
{
  GString *q = g_string_new (NULL);
  const char *p = text ? text : "";
  for (int n = 0; *p && n < FOL_QUOTE_MAX; n++)
    {
      gunichar ch = g_utf8_get_char_validated (p, -1);
      if (ch == (gunichar) -1 || ch == (gunichar) -2)
        {
          g_string_append_c (q, '?');
          p++;
          continue;
        }
      if (g_unichar_isprint (ch))
        g_string_append_unichar (q, ch);
      else
        g_string_append_c (q, '?');
      p = g_utf8_next_char (p);
    }
  if (*p)
    g_string_append (q, "…");
  return g_string_free (q, FALSE);
}
