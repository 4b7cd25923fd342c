/* ui-test-util.h: helpers shared by the UI tests of the application shell
 * (tests/test-start-page.c, test-new-game-dialog.c, test-stats-page.c,
 * test-preferences.c, test-window.c).  They run under Xvfb with
 * GSETTINGS_BACKEND=memory and an isolated data folder. */
#pragma once

#include <adwaita.h>
#include <glib/gstdio.h>
#include <sqlite3.h>
#include <stdio.h>
#include <string.h>

#include "fol-application.h"
#include "fol-window.h"
#include "fol-store.h"
#include "fol-summer-game.h"
#include "summer-ai.h"

static char *ui_test_data_dir;

static inline void
ui_test_rmdir (const char *dir)
{
  GDir *d = g_dir_open (dir, 0, NULL);
  if (d)
    {
      const char *name;
      while ((name = g_dir_read_name (d)))
        {
          g_autofree char *p = g_build_filename (dir, name, NULL);
          if (g_file_test (p, G_FILE_TEST_IS_DIR))
            ui_test_rmdir (p);
          else
            g_unlink (p);
        }
      g_dir_close (d);
    }
  g_rmdir (dir);
}

static inline void
ui_test_cleanup (void)
{
  if (ui_test_data_dir)
    ui_test_rmdir (ui_test_data_dir);
  g_clear_pointer (&ui_test_data_dir, g_free);
}

/* Skips the whole program without a display; else points XDG_DATA_HOME at a
 * new temporary folder (before anything reads it: GLib caches it) and
 * initialises GTK and libadwaita.  Returns FALSE to skip. */
static inline gboolean
ui_test_init (int *argc, char ***argv)
{
  if (!g_getenv ("DISPLAY") && !g_getenv ("WAYLAND_DISPLAY"))
    {
      printf ("1..0 # SKIP no display (run under xvfb-run)\n");
      return FALSE;
    }
  g_autoptr (GError) error = NULL;
  ui_test_data_dir = g_dir_make_tmp ("foliage-ui-test-XXXXXX", &error);
  g_assert_no_error (error);
  g_setenv ("XDG_DATA_HOME", ui_test_data_dir, TRUE);
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  gtk_test_init (argc, argv, NULL);
  adw_init ();
  return TRUE;
}

/* Returns: (transfer full): the application of a test that opens its own
 * windows (one per process: an id registers once), registered but not the
 * owner of its name on the session bus, which the UI tests share
 * (test-preferences must be the primary instance there). */
static inline FolApplication *
ui_test_application_new (void)
{
  FolApplication *app = fol_application_new ();
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, NULL));
  return app;
}

/* Deletes the default store's files: the next fol_store_new (NULL) starts
 * empty.  No store may be open. */
static inline void
ui_test_reset_store (void)
{
  g_autofree char *path = fol_store_default_path ();
  g_assert_true (g_str_has_prefix (path, ui_test_data_dir));
  const char *suffixes[] = { "", "-wal", "-shm" };
  for (guint i = 0; i < G_N_ELEMENTS (suffixes); i++)
    {
      g_autofree char *p = g_strconcat (path, suffixes[i], NULL);
      g_unlink (p);
    }
}

/* Damages the default store's file so that its integrity check fails: game
 * @id gets a status its CHECK constraint refuses (the other games stay
 * good).  No store may be open. */
static inline void
ui_test_break_check_constraint (gint64 id)
{
  g_autofree char *path = fol_store_default_path ();
  g_autofree char *sql = g_strdup_printf ("PRAGMA ignore_check_constraints = 1; "
                                          "UPDATE games SET status = 7 WHERE id = %" G_GINT64_FORMAT, id);
  sqlite3 *db = NULL;
  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, sql, NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);
}

/* A new Indian Summer game in @store: seat 0 the person "Ann", the others
 * Normal computer players. */
static inline FolSummerGame *
ui_test_new_game (FolStore *store, int n_players, guint64 seed)
{
  SummerSetup setup;
  summer_setup_init (&setup, n_players, seed);
  FolPlayer *players[SUMMER_MAX_PLAYERS];
  const char *names[] = { "Ann", "Hazel", "Rowan", "Aspen" };
  for (int i = 0; i < n_players; i++)
    players[i] = fol_player_new (names[i], i == 0, i == 0 ? 0 : FOL_AI_NORMAL);
  g_autoptr (GError) error = NULL;
  FolSummerGame *game = fol_summer_game_new (&setup, players, store, &error);
  g_assert_no_error (error);
  g_assert_nonnull (game);
  for (int i = 0; i < n_players; i++)
    g_object_unref (players[i]);
  return game;
}

/* Plays @n moves (all of them when @n < 0) with the greedy player for
 * every seat, the person's too. */
static inline void
ui_test_play (FolSummerGame *game, int n)
{
  FolGame *g = FOL_GAME (game);
  for (int i = 0; (n < 0 || i < n) && !fol_game_get_is_over (g); i++)
    {
      g_autofree char *move = fol_game_choose_move (g, FOL_AI_GREEDY);
      g_assert_nonnull (move);
      g_autoptr (GError) error = NULL;
      g_assert_true (fol_game_apply_move (g, move, &error));
      g_assert_no_error (error);
    }
}

/* Runs the main loop for @ms milliseconds. */
static inline void
ui_test_wait (guint ms)
{
  gint64 end = g_get_monotonic_time () + (gint64) ms * 1000;
  while (g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
}

static inline void
ui_test_collect_text_rec (GtkWidget *w, gboolean mapped_only, GString *out)
{
  if (mapped_only && !gtk_widget_get_mapped (w))
    return;
  /* rows show their titles and subtitles in labels too */
  if (GTK_IS_LABEL (w) && *gtk_label_get_text (GTK_LABEL (w)) != '\0')
    {
      g_string_append (out, gtk_label_get_text (GTK_LABEL (w)));
      g_string_append_c (out, '\n');
    }
  for (GtkWidget *c = gtk_widget_get_first_child (w); c; c = gtk_widget_get_next_sibling (c))
    ui_test_collect_text_rec (c, mapped_only, out);
}

/* Returns: (transfer full): the text of every label under @w that is not
 * empty, one per line. */
static inline char *
ui_test_collect_text (GtkWidget *w)
{
  GString *out = g_string_new (NULL);
  ui_test_collect_text_rec (w, FALSE, out);
  return g_string_free (out, FALSE);
}

/* Returns: (transfer full): as ui_test_collect_text(), but only the labels
 * on screen (mapped: not on a hidden page of a stack, say). */
static inline char *
ui_test_collect_mapped_text (GtkWidget *w)
{
  GString *out = g_string_new (NULL);
  ui_test_collect_text_rec (w, TRUE, out);
  return g_string_free (out, FALSE);
}

/* Returns: (transfer none) (nullable): the first widget under @w, @w
 * included, depth first, for which @match returns TRUE. */
static inline GtkWidget *
ui_test_find_first (GtkWidget *w, gboolean (*match) (GtkWidget *))
{
  if (match (w))
    return w;
  for (GtkWidget *c = gtk_widget_get_first_child (w); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = ui_test_find_first (c, match);
      if (found)
        return found;
    }
  return NULL;
}

/* Returns: (transfer none): a new main window of @app presented at @width x
 * @height (its default size: without a window manager it gets that), on an
 * empty default store, once the store is open. */
static inline FolWindow *
ui_test_open_window (FolApplication *app, int width, int height)
{
  ui_test_reset_store ();
  FolWindow *win = fol_window_new (app);
  gtk_window_set_default_size (GTK_WINDOW (win), width, height);
  gtk_window_present (GTK_WINDOW (win));
  while (fol_window_get_opening_store (win))
    g_main_context_iteration (NULL, TRUE);
  g_assert_nonnull (fol_window_get_store (win));
  return win;
}
