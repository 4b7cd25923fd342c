/* fol-fold.h: when a page's side panel folds away.
 *
 * The game page and the replay page show a board beside a side panel of a
 * stable width, in an AdwFlap.  libadwaita folds a flap when its children's
 * minimum widths do not fit, which knows nothing of the board's shape: an
 * Indian Summer board beside the panel at 1000x700 got a Forest Floor of
 * 37 px squares with 170 px of empty room under it (issue 11).  These two
 * functions let the page decide instead: the flap folds when the board,
 * at the height it gets, would be narrower than it needs to be comfortable
 * (the page's own figure: Indian Summer's from its layout,
 * fol_summer_layout_compute(); otherwise FOL_GAME_PAGE_BOARD_MIN_WIDTH).
 *
 * A page built on them has no layout manager; its measure() calls
 * fol_fold_measure() and its size_allocate() fol_fold_allocate().
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/**
 * fol_fold_measure:
 * @child: the page's only child (the flap, or a widget holding only it)
 * @flap: the flap
 * Measures @child for GtkWidgetClass.measure() (the arguments as there),
 * except that the minimum width is the folded flap's: a page is never kept
 * wider than it needs to be folded, whether @flap is folded now or not.
 */
void fol_fold_measure (GtkWidget *child, AdwFlap *flap, GtkOrientation orientation, int for_size,
                       int *minimum, int *natural, int *minimum_baseline, int *natural_baseline);

/**
 * fol_fold_board_height:
 * @flap: the flap: the page's child, or the first of a vertical box's
 *   children whose others lie under it (a bar of buttons across the page)
 * @board_slot: @flap's content, or the widget in it that holds the board
 *   (the content a vertical box of it and what lies under the board)
 * @height: the page's height in pixels
 * Returns: the height in pixels the board gets in a page of @height (what
 *   lies under it, at its natural height, taken away), at least 1
 */
int fol_fold_board_height (AdwFlap *flap, GtkWidget *board_slot, int height);

/**
 * fol_fold_allocate:
 * @child: the page's only child, as for fol_fold_measure()
 * @flap: the flap
 * @board_width: the narrowest board, in pixels, that is comfortable at
 *   the height it gets (fol_fold_board_height())
 * Folds @flap (AdwFlap:fold-policy "always") when @width cannot hold a
 * board of @board_width (and whatever else the content needs) beside the
 * side panel, unfolds it (policy "never") when it can, then allocates
 * @child the page's whole @width x @height.
 */
void fol_fold_allocate (GtkWidget *child, AdwFlap *flap, int width, int height, int baseline, int board_width);

G_END_DECLS
