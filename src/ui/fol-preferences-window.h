/* fol-preferences-window.h: Preferences, bound to GSettings: legal
 * placements shown, the computer's speed, confirm before ending a turn,
 * and the style (system, light, dark). */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define FOL_TYPE_PREFERENCES_WINDOW (fol_preferences_window_get_type ())
G_DECLARE_FINAL_TYPE (FolPreferencesWindow, fol_preferences_window, FOL, PREFERENCES_WINDOW, AdwPreferencesWindow)

/**
 * fol_preferences_window_new:
 * @parent: (nullable): the window it belongs to
 * Returns: (transfer none): the preferences window (owned by GTK until
 *   closed); every change is written to GSettings at once.
 */
FolPreferencesWindow *fol_preferences_window_new (GtkWindow *parent);

/**
 * fol_preferences_window_speed_to_index:
 * @ms: an "animation-speed" value: the computer's pace in milliseconds a
 *   move (fol_game_page_set_animation_delay())
 * Returns: the row of the speed choice nearest @ms: 0 slow (1500), 1 normal
 *   (900), 2 fast (350), 3 instant (0).  A value saved before these paces
 *   (450, 150) gets the nearest one.
 */
guint fol_preferences_window_speed_to_index (int ms);

/**
 * fol_preferences_window_index_to_speed:
 * Returns: the milliseconds of speed choice @index (see above).
 */
int fol_preferences_window_index_to_speed (guint index);

G_END_DECLS
