/* test-stats-page.c: the statistics page shows the store's figures and
 * draws the solo score chart (and its empty state). */
#include "config.h"

#include "ui-test-util.h"
#include "fol-stats-page.h"
#include "fol-store-stats.h"
#include "fol-campaign.h"

static guint
count_drawn_pixels (FolStatsPage *page)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 600, 260);
  cairo_t *cr = cairo_create (surface);
  fol_stats_page_draw_chart (page, cr, 600, 260);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  guint n = 0;
  unsigned char *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);
  for (int y = 0; y < 260; y++)
    for (int x = 0; x < 600; x++)
      if (data[y * stride + x * 4 + 3] != 0)
        n++;
  cairo_surface_destroy (surface);
  return n;
}

static void
test_empty (void)
{
  ui_test_reset_store ();
  g_autoptr (GError) error = NULL;
  g_autoptr (FolStore) store = fol_store_new (NULL, &error);
  g_assert_no_error (error);
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());
  GtkWidget *page = fol_stats_page_new ();
  gtk_window_set_child (window, page);
  fol_stats_page_set_store (FOL_STATS_PAGE (page), store);
  gtk_window_present (window);
  g_assert_true (fol_stats_page_get_is_empty (FOL_STATS_PAGE (page)));
  g_assert_cmpuint (fol_stats_page_get_n_solo_scores (FOL_STATS_PAGE (page)), ==, 0);
  g_assert_cmpuint (count_drawn_pixels (FOL_STATS_PAGE (page)), ==, 0);
  g_autofree char *text = ui_test_collect_text (page);
  g_assert_nonnull (strstr (text, "No Statistics Yet"));
  gtk_window_destroy (window);
}

static void
test_figures (void)
{
  ui_test_reset_store ();
  g_autoptr (GError) error = NULL;
  g_autoptr (FolStore) store = fol_store_new (NULL, &error);
  g_assert_no_error (error);
  /* three solo games and one two-player game, played to the end */
  for (int i = 0; i < 3; i++)
    {
      g_autoptr (FolSummerGame) g = ui_test_new_game (store, 1, 100 + i);
      ui_test_play (g, -1);
    }
  g_autoptr (FolSummerGame) duel = ui_test_new_game (store, 2, 200);
  ui_test_play (duel, -1);
  /* and a campaign */
  g_autoptr (FolCampaign) campaign = fol_campaign_new (store, 5, -1, &error);
  g_assert_no_error (error);

  g_autoptr (FolStoreStats) stats = fol_store_get_stats (store, &error);
  g_assert_no_error (error);

  GtkWindow *window = GTK_WINDOW (gtk_window_new ());
  gtk_window_set_default_size (window, 800, 900);
  GtkWidget *page = fol_stats_page_new ();
  gtk_window_set_child (window, page);
  fol_stats_page_set_store (FOL_STATS_PAGE (page), store);
  gtk_window_present (window);
  g_assert_false (fol_stats_page_get_is_empty (FOL_STATS_PAGE (page)));
  g_assert_cmpuint (fol_stats_page_get_n_solo_scores (FOL_STATS_PAGE (page)), ==, 3);

  g_autofree char *text = ui_test_collect_text (page);
  /* one row per game and player count with the store's figures */
  for (guint i = 0; i < stats->by_kind->len; i++)
    {
      const FolStatsByKind *k = &g_array_index (stats->by_kind, FolStatsByKind, i);
      g_autofree char *best = g_strdup_printf ("\n%d\n", k->best_score);
      g_autofree char *mean = g_strdup_printf ("\n%.1f\n", k->mean_score);
      g_assert_nonnull (strstr (text, best));
      g_assert_nonnull (strstr (text, mean));
    }
  g_assert_nonnull (strstr (text, "solo"));
  g_assert_nonnull (strstr (text, "Indian Summer: Normal\n"));
  const FolStatsByLevel *l = &g_array_index (stats->by_level, FolStatsByLevel, 0);
  g_autofree char *won = g_strdup_printf ("Won %d of %d", l->won, l->played);
  g_assert_nonnull (strstr (text, won));
  g_assert_nonnull (strstr (text, "3 solo games"));
  g_assert_nonnull (strstr (text, "Campaigns started\n1\n"));

  /* the chart draws axes, labels and points */
  g_assert_cmpuint (count_drawn_pixels (FOL_STATS_PAGE (page)), >, 2000);
  ui_test_wait (100);
  gtk_window_destroy (window);
}

static void
finished_duel (FolStore *store, int level, gboolean person_won, gboolean hinted)
{
  g_autoptr (GError) error = NULL;
  /* the rows as the store writes them today (and wrote before the four
   * levels: a seat of level 0 or 1 was "random" or "greedy") */
  const FolSeatSetup seats[] = { { "Ann", TRUE, 0 }, { "Hazel", FALSE, level } };
  gint64 id = fol_store_create_game (store, "summer", 1, NULL, seats, 2, 0, &error);
  g_assert_no_error (error);
  if (hinted)
    g_assert_true (fol_store_add_hint (store, id, &error));
  const FolSeatResult results[] = { { person_won ? 1 : 2, 30, person_won, NULL, 0 },
                                    { person_won ? 2 : 1, 20, !person_won, NULL, 0 } };
  g_assert_true (fol_store_finish_game (store, id, results, 2, &error));
  g_assert_no_error (error);
}

/* Levels 0 and 1 show as Easy and Normal; games with hints are counted apart. */
static void
test_levels_and_hints (void)
{
  ui_test_reset_store ();
  g_autoptr (GError) error = NULL;
  g_autoptr (FolStore) store = fol_store_new (NULL, &error);
  g_assert_no_error (error);
  finished_duel (store, 0, TRUE, FALSE);
  finished_duel (store, 1, FALSE, FALSE);
  finished_duel (store, 1, TRUE, TRUE);
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());
  gtk_window_set_default_size (window, 800, 900);
  GtkWidget *page = fol_stats_page_new ();
  gtk_window_set_child (window, page);
  fol_stats_page_set_store (FOL_STATS_PAGE (page), store);
  gtk_window_present (window);
  g_autofree char *text = ui_test_collect_text (page);
  g_assert_nonnull (strstr (text, "Indian Summer: Easy\nWon 1 of 1"));
  /* the game with a hint is not in Normal's figures */
  g_assert_nonnull (strstr (text, "Indian Summer: Normal\nWon 0 of 1"));
  g_assert_nonnull (strstr (text, "1 game played with hints (1 won) is not counted here."));
  g_assert_null (strstr (text, "random"));
  g_assert_null (strstr (text, "greedy"));

  /* hinted games alone are still statistics */
  ui_test_wait (50);
  gtk_window_destroy (window);
  g_clear_object (&store);
  ui_test_reset_store ();
  store = fol_store_new (NULL, &error);
  g_assert_no_error (error);
  finished_duel (store, 1, TRUE, TRUE);
  fol_stats_page_set_store (FOL_STATS_PAGE (page = fol_stats_page_new ()), store);
  g_object_ref_sink (page);
  g_assert_false (fol_stats_page_get_is_empty (FOL_STATS_PAGE (page)));
  g_object_unref (page);
}

int
main (int argc, char *argv[])
{
  if (!ui_test_init (&argc, &argv))
    return 0;
  g_test_add_func ("/ui/stats-page/empty", test_empty);
  g_test_add_func ("/ui/stats-page/figures", test_figures);
  g_test_add_func ("/ui/stats-page/levels-and-hints", test_levels_and_hints);
  int ret = g_test_run ();
  ui_test_cleanup ();
  return ret;
}
