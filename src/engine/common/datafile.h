/* datafile.h: reading the plain-text component data files under data/.
 *
 * The files are line based: '#' starts a comment running to the end of the
 * line, blank lines are skipped, fields are separated by white space.  Every
 * error names the file and the line (DECISIONS.md: "a malformed file is a
 * clear error naming file and line").
 */
#pragma once

#include <glib.h>

#define FOL_DATA_ERROR (fol_data_error_quark ())

typedef enum {
  FOL_DATA_ERROR_IO,        /* the file could not be read */
  FOL_DATA_ERROR_PARSE,     /* a line does not have the expected form */
  FOL_DATA_ERROR_INVALID,   /* well formed, but breaks a count or constraint */
} FolDataError;

GQuark fol_data_error_quark (void);

typedef struct {
  char *path;               /* the full path, for messages */
  char *contents;
  char **lines;
  int n_lines;
  int pos;                  /* index of the next line to read */
  int lineno;               /* 1-based number of the line last returned */
} FolDataFile;

/**
 * fol_data_dir:
 * Returns: (transfer none): the folder of the component data files, the
 *   first of: the environment variable FOLIAGE_DATA_DIR if set; for an
 *   installed program, its own prefix's pkgdatadir (fol_installed_path(), so
 *   a relocated install reads its own copy), then the configured PKGDATADIR;
 *   the source tree's data/ when it exists (uninstalled runs: the app, the
 *   CLI and the tests from the build tree); else PKGDATADIR, which the load
 *   errors then name.  Computed once.
 */
const char *fol_data_dir (void);

/**
 * fol_installed_path:
 * @path: an absolute path fixed at configure time under PREFIX, such as
 *   PKGDATADIR, SCHEMADIR or LOCALEDIR from config.h
 *
 * The running executable counts as installed when it lies in a folder that
 * ends as BINDIR does below PREFIX (".../bin"); its prefix is that folder's
 * ancestor.  This lets an install moved after the fact (meson install
 * --destdir, a copied tree) find its own files.  Linux only (reads
 * /proc/self/exe); elsewhere every program counts as not installed.
 *
 * Returns: (transfer full) (nullable): @path moved from PREFIX to the
 *   running executable's prefix (@path unchanged when it is not under
 *   PREFIX, or the install was not moved); NULL when the executable is not
 *   installed.  The path need not exist.
 */
char *fol_installed_path (const char *path);

/**
 * fol_uninstalled_build_dir:
 * Returns: (transfer none) (nullable): the build tree's top folder
 *   (BUILD_ROOT) when the running executable lies in it and is not
 *   an installed program (fol_installed_path()): an uninstalled run, which
 *   uses the build tree's compiled schema and translations and the source
 *   tree's data.  NULL otherwise.  Computed once.
 */
const char *fol_uninstalled_build_dir (void);

/**
 * fol_data_file_open:
 * @datadir: (nullable): the folder, or NULL for fol_data_dir()
 * @name: the file name, such as "summer-leaf-tiles.txt"
 * Returns: TRUE, or FALSE with @error set (FOL_DATA_ERROR_IO) naming the path.
 */
gboolean fol_data_file_open (FolDataFile *f, const char *datadir, const char *name, GError **error);

/**
 * fol_data_file_next:
 * Returns: (transfer none) (nullable): the next line that is not blank once
 *   its comment is removed, with surrounding white space stripped; NULL at
 *   the end of the file.  f->lineno is then its line number.
 */
char *fol_data_file_next (FolDataFile *f);

/**
 * fol_data_file_error:
 * Sets @error to "PATH:LINE: message" in FOL_DATA_ERROR with @code.
 * @lineno: the line, or 0 for the file as a whole.  Returns FALSE.
 */
gboolean fol_data_file_error (FolDataFile *f, GError **error, FolDataError code, int lineno,
                              const char *format, ...) G_GNUC_PRINTF (5, 6);

/**
 * fol_data_file_next_patterns:
 * Like fol_data_file_next(), for files whose fields draw shapes with '#'
 * (such as "#O/#."): there a '#' starts a comment only as the first thing
 * on the line or as a word of its own (white space before it, white space
 * or the end of the line after it).
 * Returns: (transfer none) (nullable): the next line, or NULL at the end.
 */
char *fol_data_file_next_patterns (FolDataFile *f);

void fol_data_file_clear (FolDataFile *f);

/* The state of a component set loaded once per process (fol_data_load_once()). */
typedef struct {
  gsize done;
  gpointer data;             /* the loaded set, or NULL */
  GError *error;             /* why loading failed, or NULL */
} FolDataOnce;

/* Loads a component set into a new buffer; NULL with @error on failure. */
typedef gpointer (*FolDataLoadFunc) (GError **error);

/**
 * fol_data_load_once:
 * The first caller runs @load (thread-safe); every caller then gets the
 * same set, or, when loading failed, NULL with a copy of the same error.
 * Returns: (transfer none) (nullable): the loaded set.
 */
gconstpointer fol_data_load_once (FolDataOnce *once, FolDataLoadFunc load, GError **error);

/**
 * FOL_QUOTE_MAX:
 * The most characters of input (a move, a line, a stored field) that an
 * error message quotes (issue 14: a megabyte of input must not end up in a
 * message).
 */
#define FOL_QUOTE_MAX 40

/**
 * fol_quote:
 * @text: (nullable): the input an error message names
 * Returns: (transfer full): at most %FOL_QUOTE_MAX characters of @text, with
 *   "…" when it was cut; bytes that are not printable UTF-8 become '?', so
 *   the result is one line of valid UTF-8 ("" for NULL).  Reads no further
 *   into @text than it quotes.
 */
char *fol_quote (const char *text);
