/* fall-ui-test-util.h: helpers shared by the Fall widget tests
 * (tests/test-fall-board.c, test-fall-page.c). */
#pragma once

#include <gtk/gtk.h>

/* Returns: (transfer full): the picture of @w (allocated) as its snapshot
 * function draws it, in an image surface of its size. */
static inline cairo_surface_t *
fall_ui_test_render (GtkWidget *w)
{
  int width = gtk_widget_get_width (w), height = gtk_widget_get_height (w);
  g_assert_cmpint (width, >, 0);
  g_assert_cmpint (height, >, 0);
  GtkSnapshot *snap = gtk_snapshot_new ();
  GTK_WIDGET_GET_CLASS (w)->snapshot (w, snap);
  GskRenderNode *node = gtk_snapshot_free_to_node (snap);
  g_assert_nonnull (node);
  cairo_surface_t *surf = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create (surf);
  gsk_render_node_draw (node, cr);
  cairo_destroy (cr);
  gsk_render_node_unref (node);
  cairo_surface_flush (surf);
  return surf;
}
