/* fol-stats-page.h: the statistics of the stored games: per game and player
 * count, against each computer level, the solo score over time (a chart
 * drawn with Cairo) and the solo campaigns. */
#pragma once

#include <adwaita.h>
#include "fol-store.h"

G_BEGIN_DECLS

#define FOL_TYPE_STATS_PAGE (fol_stats_page_get_type ())
G_DECLARE_FINAL_TYPE (FolStatsPage, fol_stats_page, FOL, STATS_PAGE, AdwBin)

/**
 * fol_stats_page_new:
 * Returns: (transfer floating): a statistics page without a store (it shows
 *   its empty state until fol_stats_page_set_store()).
 */
GtkWidget *fol_stats_page_new (void);

/**
 * fol_stats_page_set_store:
 * @store: (nullable): where the statistics come from
 * Sets the store and reads the statistics (fol_stats_page_refresh()).
 */
void fol_stats_page_set_store (FolStatsPage *self, FolStore *store);

/**
 * fol_stats_page_refresh:
 * Reads the statistics again (fol_store_get_stats()).
 */
void fol_stats_page_refresh (FolStatsPage *self);

/**
 * fol_stats_page_get_n_solo_scores:
 * Returns: how many solo games the chart shows.
 */
guint fol_stats_page_get_n_solo_scores (FolStatsPage *self);

/**
 * fol_stats_page_get_is_empty:
 * Returns: whether the page shows its empty state (no finished game).
 */
gboolean fol_stats_page_get_is_empty (FolStatsPage *self);

/**
 * fol_stats_page_draw_chart:
 * @cr: where to draw
 * @width: the chart's width in pixels
 * @height: its height
 *
 * Draws the solo score chart as the page shows it (for tests and the
 * command-line tool).
 */
void fol_stats_page_draw_chart (FolStatsPage *self, cairo_t *cr, int width, int height);

G_END_DECLS
