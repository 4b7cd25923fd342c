/* fol-stats-page.c: the statistics page and its solo score chart. */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "fol-stats-page.h"
#include "fol-start-page.h"
#include "fol-new-game-dialog.h"
#include "fol-store-stats.h"

struct _FolStatsPage
{
  AdwBin parent_instance;

  FolStore *store;
  GArray *solo;                 /* FolStatsSoloScore, oldest first */
  gboolean empty;

  GtkStack *stack;
  GtkGrid *kind_grid;
  GtkLabel *hinted_label;       /* "N games played with hints ... not counted here" */
  GtkListBox *level_list;
  GtkStack *chart_stack;
  GtkDrawingArea *chart_area;
  GtkLabel *chart_caption;
  GtkListBox *campaign_list;
};

G_DEFINE_FINAL_TYPE (FolStatsPage, fol_stats_page, ADW_TYPE_BIN)

enum {
  PROP_0,
  PROP_STORE,
  N_PROPS
};
static GParamSpec *properties[N_PROPS];

/* ---- the chart ---- */

static double
nice_step (double range)
{
  double raw = range / 4.0;
  if (raw <= 0)
    return 1;
  double mag = pow (10, floor (log10 (raw)));
  double f = raw / mag;
  double nice = f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10;
  return MAX (1, nice * mag);
}

static void
draw_text (cairo_t *cr, PangoLayout *layout, const char *text, double x, double y, double xalign, double yalign)
{
  pango_layout_set_text (layout, text, -1);
  int w, h;
  pango_layout_get_pixel_size (layout, &w, &h);
  cairo_move_to (cr, x - xalign * w, y - yalign * h);
  pango_cairo_show_layout (cr, layout);
}

static void
get_colors (FolStatsPage *self, GdkRGBA *fg, GdkRGBA *line, GdkRGBA *won, GdkRGBA *lost)
{
  gtk_style_context_get_color (gtk_widget_get_style_context (GTK_WIDGET (self)), fg);
  gboolean dark = adw_style_manager_get_dark (adw_style_manager_get_default ());
  /* the GNOME palette: blue line; won and lost differ in shape as well as colour */
  gdk_rgba_parse (line, dark ? "#78aeed" : "#1c71d8");
  gdk_rgba_parse (won, dark ? "#57e389" : "#26a269");
  gdk_rgba_parse (lost, dark ? "#ff7b63" : "#c01c28");
}

void
fol_stats_page_draw_chart (FolStatsPage *self, cairo_t *cr, int width, int height)
{
  g_return_if_fail (FOL_IS_STATS_PAGE (self));
  GdkRGBA fg, line, won, lost;
  get_colors (self, &fg, &line, &won, &lost);
  guint n = self->solo ? self->solo->len : 0;

  PangoLayout *layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), NULL);
  PangoFontDescription *font = pango_font_description_from_string ("Sans 9");
  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);

  const double left = 52, right = 16, top = 28, bottom = 40;
  double pw = width - left - right, ph = height - top - bottom;
  if (pw < 20 || ph < 20 || n == 0)
    {
      g_object_unref (layout);
      return;
    }

  int lo = 0, hi = 0;
  for (guint i = 0; i < n; i++)
    {
      int s = g_array_index (self->solo, FolStatsSoloScore, i).score;
      lo = MIN (lo, s);
      hi = MAX (hi, s);
    }
  double step = nice_step (MAX (hi - lo, 4));
  double ymin = floor (lo / step) * step, ymax = ceil (hi / step) * step;
  if (ymax <= ymin)
    ymax = ymin + step;
#define Y(v) (top + ph - ((v) - ymin) / (ymax - ymin) * ph)
#define X(i) (n == 1 ? left + pw / 2 : left + pw * (double) (i) / (double) (n - 1))

  /* grid lines and the score axis */
  cairo_set_line_width (cr, 1);
  for (double v = ymin; v <= ymax + step / 2; v += step)
    {
      double y = round (Y (v)) + 0.5;
      cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, v == 0 ? 0.45 : 0.12);
      cairo_move_to (cr, left, y);
      cairo_line_to (cr, left + pw, y);
      cairo_stroke (cr);
      g_autofree char *label = g_strdup_printf ("%d", (int) v);
      cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.7);
      draw_text (cr, layout, label, left - 8, y, 1.0, 0.5);
    }
  cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.6);
  cairo_move_to (cr, left + 0.5, top);
  cairo_line_to (cr, left + 0.5, top + ph);
  cairo_line_to (cr, left + pw, top + ph);
  cairo_stroke (cr);

  /* the game axis: game numbers, as many as fit */
  guint max_labels = MAX (2, (guint) (pw / 44));
  guint every = MAX (1, (n + max_labels - 1) / max_labels);
  cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.7);
  for (guint i = 0; i < n; i++)
    if (i % every == 0 || i == n - 1)
      {
        if (i != n - 1 && n - 1 - i < every / 2 + 1 && i != 0)
          continue;
        g_autofree char *label = g_strdup_printf ("%u", i + 1);
        draw_text (cr, layout, label, X (i), top + ph + 4, 0.5, 0.0);
      }
  /* Translators: the horizontal axis of the solo score chart */
  draw_text (cr, layout, _("Solo games, oldest first"), left + pw / 2, height - 2, 0.5, 1.0);
  /* Translators: the vertical axis of the solo score chart */
  draw_text (cr, layout, _("Score"), left - 8, 4, 1.0, 0.0);

  /* the line */
  cairo_set_source_rgba (cr, line.red, line.green, line.blue, 0.8);
  cairo_set_line_width (cr, 2);
  for (guint i = 0; i < n; i++)
    {
      double x = X (i), y = Y (g_array_index (self->solo, FolStatsSoloScore, i).score);
      if (i == 0)
        cairo_move_to (cr, x, y);
      else
        cairo_line_to (cr, x, y);
    }
  cairo_stroke (cr);

  /* the points: a filled disc for a won game, a hollow square for a lost one */
  double r = n > 60 ? 3 : 5;
  for (guint i = 0; i < n; i++)
    {
      const FolStatsSoloScore *s = &g_array_index (self->solo, FolStatsSoloScore, i);
      double x = X (i), y = Y (s->score);
      cairo_new_path (cr);
      if (s->won)
        {
          cairo_set_source_rgb (cr, won.red, won.green, won.blue);
          cairo_arc (cr, x, y, r, 0, 2 * G_PI);
          cairo_fill (cr);
        }
      else
        {
          cairo_set_source_rgb (cr, lost.red, lost.green, lost.blue);
          cairo_set_line_width (cr, 2);
          cairo_rectangle (cr, x - r + 1, y - r + 1, 2 * r - 2, 2 * r - 2);
          cairo_stroke (cr);
        }
    }

  /* the legend, top right */
  /* Translators: the chart's legend: a won solo game */
  const char *won_text = _("won");
  /* Translators: the chart's legend: a lost solo game */
  const char *lost_text = _("lost");
  int w1, w2, h;
  pango_layout_set_text (layout, won_text, -1);
  pango_layout_get_pixel_size (layout, &w1, &h);
  pango_layout_set_text (layout, lost_text, -1);
  pango_layout_get_pixel_size (layout, &w2, &h);
  double lx = left + pw - (w1 + w2 + 60), ly = 10;
  cairo_new_path (cr);
  cairo_set_source_rgb (cr, won.red, won.green, won.blue);
  cairo_arc (cr, lx + 5, ly, 5, 0, 2 * G_PI);
  cairo_fill (cr);
  cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.8);
  draw_text (cr, layout, won_text, lx + 14, ly, 0, 0.5);
  lx += 14 + w1 + 16;
  cairo_set_source_rgb (cr, lost.red, lost.green, lost.blue);
  cairo_set_line_width (cr, 2);
  cairo_rectangle (cr, lx + 1, ly - 4, 8, 8);
  cairo_stroke (cr);
  cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.8);
  draw_text (cr, layout, lost_text, lx + 14, ly, 0, 0.5);
#undef X
#undef Y
  g_object_unref (layout);
}

static void
chart_draw (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer user_data)
{
  fol_stats_page_draw_chart (FOL_STATS_PAGE (user_data), cr, width, height);
}

/* ---- the figures ---- */

static GtkWidget *
cell (const char *text, gboolean header, float xalign)
{
  GtkWidget *label = gtk_label_new (text);
  gtk_label_set_xalign (GTK_LABEL (label), xalign);
  if (header)
    gtk_widget_add_css_class (label, "heading");
  else
    gtk_widget_add_css_class (label, "numeric");
  return label;
}

static void
clear_container (GtkWidget *w)
{
  GtkWidget *child;
  while ((child = gtk_widget_get_first_child (w)) != NULL)
    {
      if (GTK_IS_LIST_BOX (w))
        gtk_list_box_remove (GTK_LIST_BOX (w), child);
      else
        gtk_grid_remove (GTK_GRID (w), child);
    }
}

static char *
percent (int part, int whole)
{
  if (whole <= 0)
    return g_strdup ("–");
  /* Translators: a percentage */
  return g_strdup_printf (_("%.0f %%"), 100.0 * part / whole);
}

static void
fill_kinds (FolStatsPage *self, const FolStoreStats *stats)
{
  GtkGrid *g = self->kind_grid;
  clear_container (GTK_WIDGET (g));
  const char *heads[] = { N_("Game"), N_("Players"), N_("Played"), N_("Won"), N_("Mean score"), N_("Best score") };
  for (int c = 0; c < 6; c++)
    gtk_grid_attach (g, cell (_(heads[c]), TRUE, c == 0 ? 0.0f : 1.0f), c, 0, 1, 1);
  gtk_widget_set_hexpand (gtk_grid_get_child_at (g, 0, 0), TRUE);
  for (guint i = 0; i < stats->by_kind->len; i++)
    {
      const FolStatsByKind *k = &g_array_index (stats->by_kind, FolStatsByKind, i);
      g_autofree char *players = k->n_players == 1
                                 /* Translators: in the Players column of the statistics: one player */
                                 ? g_strdup (C_("players", "solo"))
                                 : g_strdup_printf ("%d", k->n_players);
      g_autofree char *played = g_strdup_printf ("%d", k->played);
      g_autofree char *pct = percent (k->won, k->played);
      /* Translators: games won and the percentage, such as "3 (60 %)" */
      g_autofree char *won = g_strdup_printf (_("%d (%s)"), k->won, pct);
      g_autofree char *mean = k->n_scores ? g_strdup_printf ("%.1f", k->mean_score) : g_strdup ("–");
      g_autofree char *best = k->n_scores ? g_strdup_printf ("%d", k->best_score) : g_strdup ("–");
      int r = (int) i + 1;
      gtk_grid_attach (g, cell (fol_start_page_kind_name (k->kind), FALSE, 0.0f), 0, r, 1, 1);
      gtk_grid_attach (g, cell (players, FALSE, 1.0f), 1, r, 1, 1);
      gtk_grid_attach (g, cell (played, FALSE, 1.0f), 2, r, 1, 1);
      gtk_grid_attach (g, cell (won, FALSE, 1.0f), 3, r, 1, 1);
      gtk_grid_attach (g, cell (mean, FALSE, 1.0f), 4, r, 1, 1);
      gtk_grid_attach (g, cell (best, FALSE, 1.0f), 5, r, 1, 1);
    }
  if (stats->by_kind->len == 0)
    gtk_grid_attach (g, cell (stats->hinted_played ? _("No finished game without hints yet.")
                                                   : _("No finished game yet."), FALSE, 0.0f), 0, 1, 6, 1);
  /* games with hints are counted apart: they say nothing of unaided play */
  gtk_widget_set_visible (GTK_WIDGET (self->hinted_label), stats->hinted_played > 0);
  if (stats->hinted_played > 0)
    {
      /* Translators: under the table of games; the games in which a person asked for hints are not in it */
      g_autofree char *text = g_strdup_printf (ngettext ("%d game played with hints (%d won) is not counted here.",
                                                         "%d games played with hints (%d won) are not counted here.",
                                                         (gulong) stats->hinted_played),
                                               stats->hinted_played, stats->hinted_won);
      gtk_label_set_text (self->hinted_label, text);
    }
}

static void
fill_levels (FolStatsPage *self, const FolStoreStats *stats)
{
  clear_container (GTK_WIDGET (self->level_list));
  for (guint i = 0; i < stats->by_level->len; i++)
    {
      const FolStatsByLevel *l = &g_array_index (stats->by_level, FolStatsByLevel, i);
      GtkWidget *row = adw_action_row_new ();
      /* Translators: the game and the computer level, such as "Indian Summer: Normal" */
      g_autofree char *title = g_strdup_printf (_("%s: %s"), fol_start_page_kind_name (l->kind),
                                                fol_new_game_dialog_level_name (l->level));
      g_autofree char *pct = percent (l->won, l->played);
      /* Translators: games won against a computer level, such as "Won 3 of 5 (60 %)" */
      g_autofree char *sub = g_strdup_printf (_("Won %d of %d (%s)"), l->won, l->played, pct);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), sub);
      GtkWidget *bar = gtk_level_bar_new_for_interval (0, 1);
      gtk_level_bar_set_value (GTK_LEVEL_BAR (bar), CLAMP (l->win_rate, 0, 1));
      gtk_widget_set_size_request (bar, 160, -1);
      gtk_widget_set_valign (bar, GTK_ALIGN_CENTER);
      gtk_level_bar_remove_offset_value (GTK_LEVEL_BAR (bar), GTK_LEVEL_BAR_OFFSET_LOW);
      gtk_level_bar_remove_offset_value (GTK_LEVEL_BAR (bar), GTK_LEVEL_BAR_OFFSET_HIGH);
      gtk_level_bar_remove_offset_value (GTK_LEVEL_BAR (bar), GTK_LEVEL_BAR_OFFSET_FULL);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), bar);
      gtk_list_box_append (self->level_list, row);
    }
  if (stats->by_level->len == 0)
    {
      GtkWidget *row = adw_action_row_new ();
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("No game against a computer player yet"));
      gtk_list_box_append (self->level_list, row);
    }
}

static void
add_figure_row (GtkListBox *list, const char *title, const char *value)
{
  GtkWidget *row = adw_action_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  GtkWidget *label = gtk_label_new (value);
  gtk_widget_add_css_class (label, "numeric");
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), label);
  gtk_list_box_append (list, row);
}

static void
fill_campaigns (FolStatsPage *self, const FolStoreStats *stats)
{
  clear_container (GTK_WIDGET (self->campaign_list));
  int in_progress = 0;
  for (guint i = 0; i < stats->campaigns->len; i++)
    if (g_array_index (stats->campaigns, FolStatsCampaign, i).status == FOL_STORE_STATUS_IN_PROGRESS)
      in_progress++;
  g_autofree char *started = g_strdup_printf ("%u", stats->campaigns->len);
  g_autofree char *finished = g_strdup_printf ("%d", stats->campaigns_finished);
  g_autofree char *playing = g_strdup_printf ("%d", in_progress);
  g_autofree char *best = stats->campaigns_finished ? g_strdup_printf ("%d", stats->campaign_best) : g_strdup ("–");
  g_autofree char *mean = stats->campaigns_finished ? g_strdup_printf ("%.1f", stats->campaign_mean) : g_strdup ("–");
  add_figure_row (self->campaign_list, _("Campaigns started"), started);
  add_figure_row (self->campaign_list, _("Campaigns finished"), finished);
  add_figure_row (self->campaign_list, _("Campaigns in progress"), playing);
  add_figure_row (self->campaign_list, _("Best result"), best);
  add_figure_row (self->campaign_list, _("Mean result"), mean);
}

static void
fill_chart (FolStatsPage *self, const FolStoreStats *stats)
{
  g_clear_pointer (&self->solo, g_array_unref);
  self->solo = g_array_new (FALSE, FALSE, sizeof (FolStatsSoloScore));
  int won = 0;
  for (guint i = 0; i < stats->solo_scores->len; i++)
    {
      const FolStatsSoloScore *s = &g_array_index (stats->solo_scores, FolStatsSoloScore, i);
      if (g_strcmp0 (s->kind, "summer") != 0)
        continue;
      g_array_append_val (self->solo, *s);
      won += s->won;
    }
  guint n = self->solo->len;
  gtk_stack_set_visible_child_name (self->chart_stack, n ? "chart" : "empty");
  if (n > 0)
    {
      /* Translators: under the solo score chart */
      g_autofree char *caption = g_strdup_printf (ngettext ("%u solo game, %d won.", "%u solo games, %d won.", n),
                                                  n, won);
      gtk_label_set_text (self->chart_caption, caption);
    }
  gtk_widget_queue_draw (GTK_WIDGET (self->chart_area));
}

void
fol_stats_page_refresh (FolStatsPage *self)
{
  g_return_if_fail (FOL_IS_STATS_PAGE (self));
  g_autoptr (FolStoreStats) stats = NULL;
  if (self->store != NULL)
    {
      g_autoptr (GError) error = NULL;
      stats = fol_store_get_stats (self->store, &error);
      if (stats == NULL)
        g_message ("statistics: %s", error->message);
    }
  self->empty = stats == NULL || (stats->by_kind->len == 0 && stats->campaigns->len == 0 && stats->hinted_played == 0);
  gtk_stack_set_visible_child_name (self->stack, self->empty ? "empty" : "stats");
  if (stats == NULL)
    {
      g_clear_pointer (&self->solo, g_array_unref);
      return;
    }
  fill_kinds (self, stats);
  fill_levels (self, stats);
  fill_chart (self, stats);
  fill_campaigns (self, stats);
}

void
fol_stats_page_set_store (FolStatsPage *self, FolStore *store)
{
  g_return_if_fail (FOL_IS_STATS_PAGE (self));
  if (g_set_object (&self->store, store))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STORE]);
  fol_stats_page_refresh (self);
}

guint
fol_stats_page_get_n_solo_scores (FolStatsPage *self)
{
  g_return_val_if_fail (FOL_IS_STATS_PAGE (self), 0);
  return self->solo ? self->solo->len : 0;
}

gboolean
fol_stats_page_get_is_empty (FolStatsPage *self)
{
  g_return_val_if_fail (FOL_IS_STATS_PAGE (self), TRUE);
  return self->empty;
}

static void
dark_changed_cb (AdwStyleManager *manager, GParamSpec *pspec, FolStatsPage *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self->chart_area));
}

static void
fol_stats_page_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  FolStatsPage *self = FOL_STATS_PAGE (object);
  switch (prop_id)
    {
    case PROP_STORE:
      g_value_set_object (value, self->store);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
fol_stats_page_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  FolStatsPage *self = FOL_STATS_PAGE (object);
  switch (prop_id)
    {
    case PROP_STORE:
      fol_stats_page_set_store (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
fol_stats_page_dispose (GObject *object)
{
  FolStatsPage *self = FOL_STATS_PAGE (object);
  g_clear_object (&self->store);
  g_clear_pointer (&self->solo, g_array_unref);
  G_OBJECT_CLASS (fol_stats_page_parent_class)->dispose (object);
}

static void
fol_stats_page_class_init (FolStatsPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = fol_stats_page_dispose;
  object_class->get_property = fol_stats_page_get_property;
  object_class->set_property = fol_stats_page_set_property;

  properties[PROP_STORE] = g_param_spec_object ("store", NULL, NULL, FOL_TYPE_STORE,
                                                G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/foliage/Foliage/ui/fol-stats-page.ui");
  gtk_widget_class_bind_template_child (widget_class, FolStatsPage, stack);
  gtk_widget_class_bind_template_child (widget_class, FolStatsPage, kind_grid);
  gtk_widget_class_bind_template_child (widget_class, FolStatsPage, hinted_label);
  gtk_widget_class_bind_template_child (widget_class, FolStatsPage, level_list);
  gtk_widget_class_bind_template_child (widget_class, FolStatsPage, chart_stack);
  gtk_widget_class_bind_template_child (widget_class, FolStatsPage, chart_area);
  gtk_widget_class_bind_template_child (widget_class, FolStatsPage, chart_caption);
  gtk_widget_class_bind_template_child (widget_class, FolStatsPage, campaign_list);
}

static void
fol_stats_page_init (FolStatsPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->empty = TRUE;
  gtk_drawing_area_set_draw_func (self->chart_area, chart_draw, self, NULL);
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark", G_CALLBACK (dark_changed_cb), self, 0);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->chart_area), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Chart of the solo scores, oldest game first"), -1);
}

GtkWidget *
fol_stats_page_new (void)
{
  return g_object_new (FOL_TYPE_STATS_PAGE, NULL);
}
