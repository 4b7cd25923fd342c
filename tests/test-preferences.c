/* test-preferences.c: the Preferences window writes GSettings (memory
 * backend) and the colour scheme reaches AdwStyleManager; the rules help
 * has its sections. */
#include "config.h"

#include "ui-test-util.h"
#include "fol-application.h"
#include "fol-preferences-window.h"
#include "fol-help-window.h"
#include "fol-game-page.h"

static void
find_widgets (GtkWidget *w, GType type, GPtrArray *out)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (w, type))
    g_ptr_array_add (out, w);
  for (GtkWidget *c = gtk_widget_get_first_child (w); c; c = gtk_widget_get_next_sibling (c))
    find_widgets (c, type, out);
}

static GtkWidget *
find_row (GtkWidget *root, GType type, const char *title)
{
  g_autoptr (GPtrArray) rows = g_ptr_array_new ();
  find_widgets (root, type, rows);
  for (guint i = 0; i < rows->len; i++)
    if (g_strcmp0 (adw_preferences_row_get_title (rows->pdata[i]), title) == 0)
      return rows->pdata[i];
  return NULL;
}

static void
test_preferences_write_settings (void)
{
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  FolPreferencesWindow *prefs = fol_preferences_window_new (NULL);
  gtk_window_present (GTK_WINDOW (prefs));

  /* the switches */
  g_autoptr (GPtrArray) switches = g_ptr_array_new ();
  find_widgets (GTK_WIDGET (prefs), GTK_TYPE_SWITCH, switches);
  g_assert_cmpuint (switches->len, ==, 2);
  g_assert_true (g_settings_get_boolean (settings, "show-legal-placements"));
  g_assert_true (gtk_switch_get_active (switches->pdata[0]));
  gtk_switch_set_active (switches->pdata[0], FALSE);
  g_assert_false (g_settings_get_boolean (settings, "show-legal-placements"));
  g_assert_false (g_settings_get_boolean (settings, "confirm-end-turn"));
  gtk_switch_set_active (switches->pdata[1], TRUE);
  g_assert_true (g_settings_get_boolean (settings, "confirm-end-turn"));
  /* and back from GSettings to the window */
  g_settings_set_boolean (settings, "show-legal-placements", TRUE);
  for (int i = 0; i < 100 && !gtk_switch_get_active (switches->pdata[0]); i++)
    ui_test_wait (10);
  g_assert_true (gtk_switch_get_active (switches->pdata[0]));

  /* the computer's pace, ms a move: slow 1500, normal 900 (the default), fast 350, instant 0;
   * slow enough that a person follows a computer's turn (issue 11: it was 450) */
  AdwComboRow *speed = ADW_COMBO_ROW (find_row (GTK_WIDGET (prefs), ADW_TYPE_COMBO_ROW, "Computer _speed"));
  g_assert_nonnull (speed);
  g_assert_cmpint (g_settings_get_int (settings, "animation-speed"), ==, 900);
  g_assert_cmpuint (adw_combo_row_get_selected (speed), ==, 1);
  const int ms[] = { 1500, 900, 350, 0 };
  for (guint i = 0; i < 4; i++)
    {
      adw_combo_row_set_selected (speed, i);
      g_assert_cmpint (g_settings_get_int (settings, "animation-speed"), ==, ms[i]);
      g_assert_cmpint (fol_preferences_window_index_to_speed (i), ==, ms[i]);
      g_assert_cmpuint (fol_preferences_window_speed_to_index (ms[i]), ==, i);
    }
  /* every pace but Instant leaves the board's motion (about 200 ms) a pause after it */
  for (guint i = 0; i < 3; i++)
    g_assert_cmpint (ms[i] - FOL_GAME_PAGE_MOTION_MS, >=, 150);
  /* a value of another version (the old normal pace, 450) shows as the nearest choice */
  g_settings_set_int (settings, "animation-speed", 450);
  for (int i = 0; i < 100 && adw_combo_row_get_selected (speed) != 2; i++)
    ui_test_wait (10);
  g_assert_cmpuint (adw_combo_row_get_selected (speed), ==, 2);
  g_settings_reset (settings, "animation-speed");

  /* the style */
  AdwComboRow *style = ADW_COMBO_ROW (find_row (GTK_WIDGET (prefs), ADW_TYPE_COMBO_ROW, "S_tyle"));
  g_assert_nonnull (style);
  adw_combo_row_set_selected (style, 2);
  g_assert_cmpint (g_settings_get_enum (settings, "color-scheme"), ==, 2);
  adw_combo_row_set_selected (style, 0);
  g_assert_cmpint (g_settings_get_enum (settings, "color-scheme"), ==, 0);
  gtk_window_destroy (GTK_WINDOW (prefs));
}

/* GSettings tells other instances of a change from the main loop */
static AdwColorScheme
scheme_after_change (AdwStyleManager *sm, AdwColorScheme expected)
{
  for (int i = 0; i < 100 && adw_style_manager_get_color_scheme (sm) != expected; i++)
    ui_test_wait (10);
  return adw_style_manager_get_color_scheme (sm);
}

/* The application of the tests that need one, registered once (an id
 * registers once per process); this test must be the primary instance. */
static FolApplication *the_app;

static FolApplication *
test_app (void)
{
  if (!the_app)
    {
      the_app = fol_application_new ();
      g_assert_true (g_application_register (G_APPLICATION (the_app), NULL, NULL));
    }
  return the_app;
}

static void
test_color_scheme_applied (void)
{
  FolApplication *app = test_app ();
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  AdwStyleManager *sm = adw_style_manager_get_default ();
  g_settings_set_string (settings, "color-scheme", "dark");
  g_assert_cmpint (scheme_after_change (sm, ADW_COLOR_SCHEME_FORCE_DARK), ==, ADW_COLOR_SCHEME_FORCE_DARK);
  g_assert_true (adw_style_manager_get_dark (sm));
  g_settings_set_string (settings, "color-scheme", "light");
  g_assert_cmpint (scheme_after_change (sm, ADW_COLOR_SCHEME_FORCE_LIGHT), ==, ADW_COLOR_SCHEME_FORCE_LIGHT);
  g_settings_set_string (settings, "color-scheme", "system");
  g_assert_cmpint (scheme_after_change (sm, ADW_COLOR_SCHEME_DEFAULT), ==, ADW_COLOR_SCHEME_DEFAULT);
  /* the actions of the primary menu exist, with their shortcuts */
  const char *actions[] = { "new-game", "preferences", "rules", "about", "quit" };
  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    g_assert_true (g_action_group_has_action (G_ACTION_GROUP (app), actions[i]));
  g_auto (GStrv) accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app), "app.rules");
  g_assert_cmpstr (accels[0], ==, "F1");
  g_auto (GStrv) new_accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app), "app.new-game");
  g_assert_cmpstr (new_accels[0], ==, "<Control>n");
}

static gboolean
is_about_window (GtkWidget *w)
{
  return ADW_IS_ABOUT_WINDOW (w) && gtk_widget_get_visible (w);
}

/* The About window (app.about) credits the program's authors and
 * translators and both board games' designers and publishers (issue 12). */
static void
test_about (void)
{
  FolApplication *app = test_app ();
  g_action_group_activate_action (G_ACTION_GROUP (app), "about", NULL);
  GtkWidget *about = NULL;
  GListModel *toplevels = gtk_window_get_toplevels ();
  for (guint i = 0; i < g_list_model_get_n_items (toplevels) && !about; i++)
    {
      g_autoptr (GtkWidget) w = g_list_model_get_item (toplevels, i);
      if (is_about_window (w))
        about = w;
    }
  g_assert_nonnull (about);
  ui_test_wait (50);
  AdwAboutWindow *window = ADW_ABOUT_WINDOW (about);
  g_assert_cmpstr (adw_about_window_get_application_name (window), ==, "Foliage");
  g_assert_cmpstr (adw_about_window_get_developer_name (window), ==, "The Foliage developers");
  g_assert_cmpstr (adw_about_window_get_translator_credits (window), !=, "");
  g_assert_cmpint (adw_about_window_get_license_type (window), ==, GTK_LICENSE_GPL_3_0);
  g_assert_true (g_str_has_prefix (adw_about_window_get_website (window), "https://"));
  /* what the window shows, its credits page included */
  g_autofree char *text = ui_test_collect_text (about);
  const char *credits[] = { "The Foliage developers", "Uwe Rosenberg (Indian Summer)", "Edition Spielwiese (Indian Summer)",
                            "Giampaolo Razzino (Fall)", "Little Rocket Games (Fall)", "Board Game Design",
                            "Board Game Publishers" };
  for (guint i = 0; i < G_N_ELEMENTS (credits); i++)
    if (!strstr (text, credits[i]))
      g_error ("the About window does not say “%s”:\n%s", credits[i], text);
  gtk_window_destroy (GTK_WINDOW (about));
  ui_test_wait (50);
}

static void
test_help_sections (void)
{
  FolHelpWindow *help = fol_help_window_new (NULL);
  gtk_window_present (GTK_WINDOW (help));
  g_assert_cmpuint (fol_help_window_get_n_sections (help), ==, 10);
  const char *sections[] = { "goal", "turn", "placing", "treasures", "areas", "animals", "paths", "end", "solo",
                             "controls" };
  for (guint i = 0; i < G_N_ELEMENTS (sections); i++)
    g_assert_true (fol_help_window_show_section (help, sections[i]));
  g_assert_false (fol_help_window_show_section (help, "nothing"));
  /* the drawn examples */
  g_autoptr (GPtrArray) areas = g_ptr_array_new ();
  find_widgets (GTK_WIDGET (help), GTK_TYPE_DRAWING_AREA, areas);
  g_assert_cmpuint (areas->len, >=, 5);
  ui_test_wait (100);
  gtk_window_destroy (GTK_WINDOW (help));
}

int
main (int argc, char *argv[])
{
  if (!ui_test_init (&argc, &argv))
    return 0;
  g_test_add_func ("/ui/preferences/write-settings", test_preferences_write_settings);
  g_test_add_func ("/ui/preferences/color-scheme", test_color_scheme_applied);
  g_test_add_func ("/ui/preferences/help-sections", test_help_sections);
  g_test_add_func ("/ui/preferences/about", test_about);
  int ret = g_test_run ();
  g_clear_object (&the_app);
  ui_test_cleanup ();
  return ret;
}
