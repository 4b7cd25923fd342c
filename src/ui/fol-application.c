/* fol-application.c: the application object: actions, shortcuts, windows. */
#include "config.h"

#include <glib/gi18n.h>

#include "fol-application.h"
#include "fol-window.h"

struct _FolApplication
{
  AdwApplication parent_instance;
};

G_DEFINE_FINAL_TYPE (FolApplication, fol_application, ADW_TYPE_APPLICATION)

static void
fol_application_activate (GApplication *app)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (app));
  if (window == NULL)
    window = GTK_WINDOW (fol_window_new (FOL_APPLICATION (app)));
  gtk_window_present (window);
}

static void
quit_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  g_application_quit (G_APPLICATION (user_data));
}

static void
about_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  GtkApplication *app = GTK_APPLICATION (user_data);
  const char *developers[] = { "The Foliage developers", NULL };
  GtkWidget *about = g_object_new (ADW_TYPE_ABOUT_WINDOW,
                                   "transient-for", gtk_application_get_active_window (app),
                                   "application-name", _("Foliage"),
                                   "application-icon", APP_ID,
                                   "version", PACKAGE_VERSION,
                                   "comments", _("Two autumn tile-laying games: Indian Summer and Fall"),
                                   "developers", developers,
                                   "license-type", GTK_LICENSE_GPL_3_0,
                                   /* Translators: put your names here, one per line */
                                   "translator-credits", _("translator-credits"),
                                   NULL);
  gtk_window_present (GTK_WINDOW (about));
}

static const GActionEntry app_entries[] = {
  { .name = "quit", .activate = quit_activated },
  { .name = "about", .activate = about_activated },
};

static void
fol_application_startup (GApplication *app)
{
  G_APPLICATION_CLASS (fol_application_parent_class)->startup (app);
  g_action_map_add_action_entries (G_ACTION_MAP (app), app_entries, G_N_ELEMENTS (app_entries), app);
  const char *quit_accels[] = { "<Control>q", NULL };
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "app.quit", quit_accels);
}

static void
fol_application_class_init (FolApplicationClass *klass)
{
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);
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
