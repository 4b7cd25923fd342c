#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define FOL_TYPE_APPLICATION (fol_application_get_type ())
G_DECLARE_FINAL_TYPE (FolApplication, fol_application, FOL, APPLICATION, AdwApplication)

/**
 * fol_application_new:
 * Returns: (transfer full): the application, with the app id from config.h.
 */
FolApplication *fol_application_new (void);

G_END_DECLS
