/* fol-fall-help.h: the rules of Fall in the app's own words, with small
 * examples drawn by the painter and the 18 scoring cards explained one by
 * one (each with a worked example).  A scrollable page; the shell shows it
 * for F1 in a Fall game (e.g. in its help window). */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define FOL_TYPE_FALL_HELP (fol_fall_help_get_type ())
G_DECLARE_FINAL_TYPE (FolFallHelp, fol_fall_help, FOL, FALL_HELP, GtkWidget)

/** Returns: (transfer floating): the rules page of Fall. */
GtkWidget *fol_fall_help_new (void);

/**
 * fol_fall_help_new_window:
 * @parent: (nullable): the window it belongs to
 * Returns: (transfer none): a window showing the page (destroyed on close).
 */
GtkWidget *fol_fall_help_new_window (GtkWindow *parent);

/**
 * fol_fall_token_picture_new:
 * @tokens: (array length=n): FallToken kinds (copied)
 * @height: the picture's height in pixels
 * Returns: (transfer floating): a picture of the tokens side by side, as
 *   the board draws them (fol_fall_paint_token_row(): shape, colour,
 *   silhouette and letter), named "token-picture" with the tokens' names
 *   as its accessible label: the rules help's and the end table's.
 */
GtkWidget *fol_fall_token_picture_new (const int *tokens, int n, int height);

G_END_DECLS
