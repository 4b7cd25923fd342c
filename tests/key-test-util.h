/* key-test-util.h: sending a key press to a window in the UI tests as GTK
 * would deliver it, so that tests see which widget has the keys. */
#pragma once

#include <gtk/gtk.h>

/* What a key press does in the window: it goes to the focus widget, then up
 * its ancestors, to each key controller (GTK's bubble phase), until one
 * handles it.  FALSE when nothing did (the key went to a button, say). */
static inline gboolean
send_key_to_window (GtkWidget *win, guint keyval)
{
  GtkWidget *focus = gtk_window_get_focus (GTK_WINDOW (win));
  if (!focus)
    return FALSE;
  for (GtkWidget *w = focus; w; w = gtk_widget_get_parent (w))
    {
      g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (w);
      for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
        {
          g_autoptr (GtkEventController) c = g_list_model_get_item (controllers, i);
          gboolean handled = FALSE;
          if (GTK_IS_EVENT_CONTROLLER_KEY (c))
            g_signal_emit_by_name (c, "key-pressed", keyval, 0u, (GdkModifierType) 0, &handled);
          if (handled)
            return TRUE;
        }
    }
  return FALSE;
}
