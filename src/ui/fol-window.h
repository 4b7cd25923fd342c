#pragma once

#include <adwaita.h>
#include "fol-application.h"

G_BEGIN_DECLS

#define FOL_TYPE_WINDOW (fol_window_get_type ())
G_DECLARE_FINAL_TYPE (FolWindow, fol_window, FOL, WINDOW, AdwApplicationWindow)

/**
 * fol_window_new:
 * Returns: (transfer full): a main window of @app; its size is restored
 *   from and saved to GSettings.
 */
FolWindow *fol_window_new (FolApplication *app);

G_END_DECLS
