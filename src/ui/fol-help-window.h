/* fol-help-window.h: the rules of Indian Summer in the app's own words,
 * with pictures drawn by the board's painter (parts of a real Forest Floor
 * whose pieces the rules placed), and the controls (F1). */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define FOL_TYPE_HELP_WINDOW (fol_help_window_get_type ())
G_DECLARE_FINAL_TYPE (FolHelpWindow, fol_help_window, FOL, HELP_WINDOW, AdwWindow)

/**
 * fol_help_window_new:
 * @parent: (nullable): the window the help belongs to
 * Returns: (transfer none): the help window (owned by GTK until closed).
 */
FolHelpWindow *fol_help_window_new (GtkWindow *parent);

/**
 * fol_help_window_show_section:
 * @name: a section: "goal", "turn", "placing", "treasures", "areas",
 *   "animals", "paths", "end", "solo", "controls"
 * Returns: FALSE when there is no such section.
 */
gboolean fol_help_window_show_section (FolHelpWindow *self, const char *name);

/**
 * fol_help_window_get_n_sections:
 * Returns: the number of sections.
 */
guint fol_help_window_get_n_sections (FolHelpWindow *self);

G_END_DECLS
