/* fol-preferences-window.c: Preferences. */
#include "config.h"

#include <glib/gi18n.h>

#include "fol-preferences-window.h"
#include "fol-game-page.h"

struct _FolPreferencesWindow
{
  AdwPreferencesWindow parent_instance;

  GSettings *settings;

  GtkSwitch *show_legal_switch;
  GtkSwitch *confirm_end_switch;
  AdwComboRow *speed_row;
  AdwComboRow *style_row;
};

G_DEFINE_FINAL_TYPE (FolPreferencesWindow, fol_preferences_window, ADW_TYPE_PREFERENCES_WINDOW)

/* the computer's paces, ms a move: Slow, Normal, Fast, Instant (docs/computer-players.md) */
static const int speeds[] = {
  FOL_GAME_PAGE_PACE_SLOW, FOL_GAME_PAGE_PACE_NORMAL, FOL_GAME_PAGE_PACE_FAST, FOL_GAME_PAGE_PACE_INSTANT,
};
static const char *const schemes[] = { "system", "light", "dark" };

guint
fol_preferences_window_speed_to_index (int ms)
{
  guint best = 0;
  for (guint i = 1; i < G_N_ELEMENTS (speeds); i++)
    if (ABS (ms - speeds[i]) < ABS (ms - speeds[best]))
      best = i;
  return best;
}

int
fol_preferences_window_index_to_speed (guint index)
{
  return speeds[MIN (index, G_N_ELEMENTS (speeds) - 1)];
}

static gboolean
speed_get_mapping (GValue *value, GVariant *variant, gpointer user_data)
{
  g_value_set_uint (value, fol_preferences_window_speed_to_index (g_variant_get_int32 (variant)));
  return TRUE;
}

static GVariant *
speed_set_mapping (const GValue *value, const GVariantType *type, gpointer user_data)
{
  return g_variant_new_int32 (fol_preferences_window_index_to_speed (g_value_get_uint (value)));
}

static gboolean
scheme_get_mapping (GValue *value, GVariant *variant, gpointer user_data)
{
  const char *nick = g_variant_get_string (variant, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (schemes); i++)
    if (g_str_equal (nick, schemes[i]))
      {
        g_value_set_uint (value, i);
        return TRUE;
      }
  g_value_set_uint (value, 0);
  return TRUE;
}

static GVariant *
scheme_set_mapping (const GValue *value, const GVariantType *type, gpointer user_data)
{
  guint i = g_value_get_uint (value);
  return g_variant_new_string (schemes[MIN (i, G_N_ELEMENTS (schemes) - 1)]);
}

static void
fol_preferences_window_dispose (GObject *object)
{
  FolPreferencesWindow *self = FOL_PREFERENCES_WINDOW (object);
  gtk_widget_dispose_template (GTK_WIDGET (self), FOL_TYPE_PREFERENCES_WINDOW);
  g_clear_object (&self->settings);
  G_OBJECT_CLASS (fol_preferences_window_parent_class)->dispose (object);
}

static void
fol_preferences_window_class_init (FolPreferencesWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = fol_preferences_window_dispose;
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/foliage/Foliage/ui/fol-preferences-window.ui");
  gtk_widget_class_bind_template_child (widget_class, FolPreferencesWindow, show_legal_switch);
  gtk_widget_class_bind_template_child (widget_class, FolPreferencesWindow, confirm_end_switch);
  gtk_widget_class_bind_template_child (widget_class, FolPreferencesWindow, speed_row);
  gtk_widget_class_bind_template_child (widget_class, FolPreferencesWindow, style_row);
}

static void
fol_preferences_window_init (FolPreferencesWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->settings = g_settings_new (APP_ID);
  g_settings_bind (self->settings, "show-legal-placements", self->show_legal_switch, "active",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "confirm-end-turn", self->confirm_end_switch, "active", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind_with_mapping (self->settings, "animation-speed", self->speed_row, "selected",
                                G_SETTINGS_BIND_DEFAULT, speed_get_mapping, speed_set_mapping, NULL, NULL);
  g_settings_bind_with_mapping (self->settings, "color-scheme", self->style_row, "selected",
                                G_SETTINGS_BIND_DEFAULT, scheme_get_mapping, scheme_set_mapping, NULL, NULL);
}

FolPreferencesWindow *
fol_preferences_window_new (GtkWindow *parent)
{
  return g_object_new (FOL_TYPE_PREFERENCES_WINDOW, "transient-for", parent, NULL);
}
