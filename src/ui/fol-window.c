/* fol-window.c: the main window. */
#include "config.h"

#include <glib/gi18n.h>

#include "fol-window.h"

struct _FolWindow
{
  AdwApplicationWindow parent_instance;

  GSettings *settings;
  AdwStatusPage *status_page;
};

G_DEFINE_FINAL_TYPE (FolWindow, fol_window, ADW_TYPE_APPLICATION_WINDOW)

static void
fol_window_dispose (GObject *object)
{
  FolWindow *self = FOL_WINDOW (object);
  gtk_widget_dispose_template (GTK_WIDGET (self), FOL_TYPE_WINDOW);
  g_clear_object (&self->settings);
  G_OBJECT_CLASS (fol_window_parent_class)->dispose (object);
}

static void
fol_window_class_init (FolWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = fol_window_dispose;
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/foliage/Foliage/ui/fol-window.ui");
  gtk_widget_class_bind_template_child (widget_class, FolWindow, status_page);
}

static void
fol_window_init (FolWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->settings = g_settings_new (APP_ID);
  g_settings_bind (self->settings, "window-width", self, "default-width", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "window-height", self, "default-height", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "window-maximized", self, "maximized", G_SETTINGS_BIND_DEFAULT);
}

FolWindow *
fol_window_new (FolApplication *app)
{
  return g_object_new (FOL_TYPE_WINDOW, "application", app, NULL);
}
