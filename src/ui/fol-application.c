/* fol-application.c: the application object: actions, shortcuts, windows,
 * the colour scheme. */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>

#include "fol-application.h"
#include "fol-window.h"
#include "fol-preferences-window.h"

struct _FolApplication
{
  AdwApplication parent_instance;

  GSettings *settings;
};

G_DEFINE_FINAL_TYPE (FolApplication, fol_application, ADW_TYPE_APPLICATION)

static FolWindow *
main_window (GApplication *app, gboolean create)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (app));
  /* the active window may be a dialog: find the main window */
  if (window != NULL && !FOL_IS_WINDOW (window))
    window = gtk_window_get_transient_for (window);
  if (window == NULL || !FOL_IS_WINDOW (window))
    {
      window = NULL;
      for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l; l = l->next)
        if (FOL_IS_WINDOW (l->data))
          {
            window = l->data;
            break;
          }
    }
  if (window == NULL && create)
    window = GTK_WINDOW (fol_window_new (FOL_APPLICATION (app)));
  return window ? FOL_WINDOW (window) : NULL;
}

/* ---- FOLIAGE_BENCH_STARTUP=1: the start-up figures for build-aux/bench-startup ---- */

/* The resident set size of this process (VmRSS), KiB, or -1. */
static gint64
bench_rss_kib (void)
{
  g_autofree char *status = NULL;
  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL))
    return -1;
  const char *line = strstr (status, "\nVmRSS:");
  return line ? g_ascii_strtoll (line + strlen ("\nVmRSS:"), NULL, 10) : -1;
}

/* The processor time this process has used so far, all threads, user and
 * system, microseconds. */
static gint64
bench_cpu_usec (void)
{
  struct rusage ru;
  if (getrusage (RUSAGE_SELF, &ru) != 0)
    return -1;
  return ((gint64) ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * G_USEC_PER_SEC
         + ru.ru_utime.tv_usec + ru.ru_stime.tv_usec;
}

/* One line on stdout: "foliage-bench-startup EVENT TIME RSS CPU", TIME the
 * wall clock in microseconds since the epoch (g_get_real_time(), as the
 * script's $EPOCHREALTIME), RSS in KiB, CPU the processor time used so far
 * in microseconds. */
static void
bench_report (const char *event)
{
  printf ("foliage-bench-startup %s %" G_GINT64_FORMAT " %" G_GINT64_FORMAT " %" G_GINT64_FORMAT "\n", event,
          g_get_real_time (), bench_rss_kib (), bench_cpu_usec ());
  fflush (stdout);
}

/* The frame after the start page has listed the saved games: "ready", and
 * the program quits. */
static void
bench_ready_frame (GdkFrameClock *clock, FolWindow *window)
{
  g_signal_handlers_disconnect_by_func (clock, bench_ready_frame, window);
  bench_report ("ready");
  g_application_quit (G_APPLICATION (gtk_window_get_application (GTK_WINDOW (window))));
}

static void
bench_wait_ready_frame (FolWindow *window)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  g_signal_connect (clock, "after-paint", G_CALLBACK (bench_ready_frame), window);
  gtk_widget_queue_draw (GTK_WIDGET (window));
}

static void
bench_store_opened (FolWindow *window)
{
  if (fol_window_get_opening_store (window))
    return;
  g_signal_handlers_disconnect_by_func (window, bench_store_opened, NULL);
  bench_wait_ready_frame (window);
}

/* The window's first frame: "first-frame". */
static void
bench_first_frame (GdkFrameClock *clock, FolWindow *window)
{
  g_signal_handlers_disconnect_by_func (clock, bench_first_frame, window);
  bench_report ("first-frame");
  if (fol_window_get_opening_store (window))
    g_signal_connect (window, "notify::opening-store", G_CALLBACK (bench_store_opened), NULL);
  else
    bench_wait_ready_frame (window);
}

static void
bench_window_mapped (GtkWidget *window)
{
  g_signal_handlers_disconnect_by_func (window, bench_window_mapped, NULL);
  g_signal_connect (gtk_widget_get_frame_clock (window), "after-paint", G_CALLBACK (bench_first_frame), window);
}

static void
fol_application_activate (GApplication *app)
{
  FolWindow *window = main_window (app, TRUE);
  if (g_getenv ("FOLIAGE_BENCH_STARTUP") != NULL && !gtk_widget_get_mapped (GTK_WIDGET (window)))
    g_signal_connect (window, "map", G_CALLBACK (bench_window_mapped), NULL);
  gtk_window_present (GTK_WINDOW (window));
}

static void
quit_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  /* every game is saved after each move: quitting loses nothing */
  g_application_quit (G_APPLICATION (user_data));
}

static void
new_game_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  fol_window_new_game (main_window (G_APPLICATION (user_data), TRUE));
}

static void
rules_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  fol_window_show_rules (main_window (G_APPLICATION (user_data), TRUE));
}

static void
preferences_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  FolPreferencesWindow *prefs = fol_preferences_window_new (GTK_WINDOW (main_window (G_APPLICATION (user_data), TRUE)));
  gtk_window_present (GTK_WINDOW (prefs));
}

/* About Foliage: the program, its authors and translators, its licence, and
 * the two board games it plays with their designers and publishers (issue
 * 12): Indian Summer by Uwe Rosenberg (Edition Spielwiese), Fall by
 * Giampaolo Razzino (Little Rocket Games). */
static void
about_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  GApplication *app = G_APPLICATION (user_data);
  /* Translators: the authors of the program, as a group */
  const char *developers[] = { _("The Foliage developers"), NULL };
  GtkWidget *about = g_object_new (ADW_TYPE_ABOUT_WINDOW,
                                   "transient-for", main_window (app, FALSE),
                                   "modal", TRUE,
                                   "application-name", _("Foliage"),
                                   "application-icon", APP_ID,
                                   "version", PACKAGE_VERSION,
                                   "comments", _("Two autumn tile-laying games: Indian Summer and Fall. "
                                                 "Play them alone, against the computer, or with friends at one desk."),
                                   "developer-name", developers[0],
                                   "developers", developers,
                                   "website", "https://github.com/foliage/foliage",
                                   "issue-url", "https://github.com/foliage/foliage/issues",
                                   "license-type", GTK_LICENSE_GPL_3_0,
                                   /* Translators: put your names here, one per line */
                                   "translator-credits", _("translator-credits"),
                                   NULL);
  /* the board games: who designed them, who publishes them */
  const char *designers[] = {
    /* Translators: the designer of a board game and the game, in the About window's credits */
    _("Uwe Rosenberg (Indian Summer)"),
    /* Translators: the designer of a board game and the game, in the About window's credits */
    _("Giampaolo Razzino (Fall)"),
    NULL,
  };
  const char *publishers[] = {
    /* Translators: the publisher of a board game and the game, in the About window's credits */
    _("Edition Spielwiese (Indian Summer)"),
    /* Translators: the publisher of a board game and the game, in the About window's credits */
    _("Little Rocket Games (Fall)"),
    NULL,
  };
  /* Translators: a heading of the About window's credits: who designed the two board games */
  adw_about_window_add_credit_section (ADW_ABOUT_WINDOW (about), _("Board Game Design"), designers);
  /* Translators: a heading of the About window's credits: who publishes the two board games */
  adw_about_window_add_credit_section (ADW_ABOUT_WINDOW (about), _("Board Game Publishers"), publishers);
  gtk_window_present (GTK_WINDOW (about));
}

static const GActionEntry app_entries[] = {
  { .name = "new-game", .activate = new_game_activated },
  { .name = "preferences", .activate = preferences_activated },
  { .name = "rules", .activate = rules_activated },
  { .name = "about", .activate = about_activated },
  { .name = "quit", .activate = quit_activated },
};

static void
apply_color_scheme (FolApplication *self)
{
  static const AdwColorScheme schemes[] = {
    ADW_COLOR_SCHEME_DEFAULT, ADW_COLOR_SCHEME_FORCE_LIGHT, ADW_COLOR_SCHEME_FORCE_DARK,
  };
  int v = g_settings_get_enum (self->settings, "color-scheme");
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                      schemes[CLAMP (v, 0, (int) G_N_ELEMENTS (schemes) - 1)]);
}

static void
color_scheme_changed_cb (GSettings *settings, const char *key, FolApplication *self)
{
  apply_color_scheme (self);
}

static void
set_accels (GtkApplication *app, const char *action, const char *accel)
{
  const char *accels[] = { accel, NULL };
  gtk_application_set_accels_for_action (app, action, accels);
}

static void
fol_application_startup (GApplication *app)
{
  FolApplication *self = FOL_APPLICATION (app);
  G_APPLICATION_CLASS (fol_application_parent_class)->startup (app);
  g_action_map_add_action_entries (G_ACTION_MAP (app), app_entries, G_N_ELEMENTS (app_entries), app);
  set_accels (GTK_APPLICATION (app), "app.quit", "<Control>q");
  set_accels (GTK_APPLICATION (app), "app.new-game", "<Control>n");
  set_accels (GTK_APPLICATION (app), "app.rules", "F1");
  set_accels (GTK_APPLICATION (app), "app.preferences", "<Control>comma");
  /* the keyboard shortcuts window, built when first shown (fol-window.c) */
  set_accels (GTK_APPLICATION (app), "win.show-help-overlay", "<Control>question");

  self->settings = g_settings_new (APP_ID);
  g_signal_connect_object (self->settings, "changed::color-scheme", G_CALLBACK (color_scheme_changed_cb), self, 0);
  apply_color_scheme (self);
}

static void
fol_application_dispose (GObject *object)
{
  FolApplication *self = FOL_APPLICATION (object);
  g_clear_object (&self->settings);
  G_OBJECT_CLASS (fol_application_parent_class)->dispose (object);
}

static void
fol_application_class_init (FolApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);
  object_class->dispose = fol_application_dispose;
  app_class->activate = fol_application_activate;
  app_class->startup = fol_application_startup;
}

static void
fol_application_init (FolApplication *self)
{
}

FolApplication *
fol_application_new (void)
{
  return g_object_new (FOL_TYPE_APPLICATION,
                       "application-id", APP_ID,
                       "flags", G_APPLICATION_DEFAULT_FLAGS,
                       "resource-base-path", "/io/github/foliage/Foliage",
                       NULL);
}
