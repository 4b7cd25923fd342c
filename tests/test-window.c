/* test-window.c: the application window opens and shows the app's name
 * (runs under Xvfb: GTK_A11Y=test, GSETTINGS_BACKEND=memory). */
#include "config.h"

#include <adwaita.h>
#include <stdio.h>
#include "fol-application.h"
#include "fol-window.h"

static void
test_window_shows_name (void)
{
  g_autoptr (FolApplication) app = fol_application_new ();
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, NULL));
  FolWindow *win = fol_window_new (app);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (win)), ==, "Foliage");
  gtk_window_present (GTK_WINDOW (win));
  /* the status page carries the name and the description */
  GtkWidget *content = adw_application_window_get_content (ADW_APPLICATION_WINDOW (win));
  gboolean found = FALSE;
  for (GtkWidget *child = gtk_widget_get_first_child (content); child; child = gtk_widget_get_next_sibling (child))
    if (ADW_IS_STATUS_PAGE (child))
      {
        g_assert_cmpstr (adw_status_page_get_title (ADW_STATUS_PAGE (child)), ==, "Foliage");
        g_assert_cmpstr (adw_status_page_get_icon_name (ADW_STATUS_PAGE (child)), ==, APP_ID);
        found = TRUE;
      }
  g_assert_true (found);
  /* the app icon is found (from the resources when not installed) */
  GtkIconTheme *theme = gtk_icon_theme_get_for_display (gdk_display_get_default ());
  g_assert_true (gtk_icon_theme_has_icon (theme, APP_ID));
  /* the window size is bound to GSettings */
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  gtk_window_set_default_size (GTK_WINDOW (win), 900, 700);
  g_assert_cmpint (g_settings_get_int (settings, "window-width"), ==, 900);
  gtk_window_destroy (GTK_WINDOW (win));
}

int
main (int argc, char *argv[])
{
  if (!g_getenv ("DISPLAY") && !g_getenv ("WAYLAND_DISPLAY"))
    {
      /* UI tests need a display: ./build-aux/test runs them under xvfb-run */
      printf ("1..0 # SKIP no display (run under xvfb-run)\n");
      return 0;
    }
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  g_test_add_func ("/ui/window/shows-name", test_window_shows_name);
  return g_test_run ();
}
