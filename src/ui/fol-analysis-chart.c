/* fol-analysis-chart.c: FolAnalysisChart, the analysis of a game drawn as
 * bars along the game (see the header). */
#include "config.h"

#include <math.h>
#include <glib/gi18n.h>

#include "fol-analysis-chart.h"

/* Room for every seat's marks. */
#define MAX_MARKS (FOL_ANALYSIS_CHART_MARKS_PER_SEAT * 8)

/* The layout, in pixels. */
#define PAD_RIGHT 6.0
#define PAD_BOTTOM 4.0
#define MARK_RADIUS FOL_ANALYSIS_CHART_MARK_RADIUS
#define MARK_STRIP (2 * MARK_RADIUS + 4)   /* a row of marks */
#define MARK_GAP 2.0          /* the least room between two marks in a row */
#define PLOT_HEIGHT 98.0      /* the bars' area, under the marks */
#define LEGEND_HEIGHT 16.0
#define HIT_SLOP 3.0
#define SCALE_WIDTH 26.0      /* the scale's numbers on the left */

struct _FolAnalysisChart
{
  GtkWidget parent_instance;

  FolGameAnalysis *analysis;    /* NULL: nothing drawn */
  guint n_plies;
  GStrv turn_labels;            /* one per turn, or NULL */
  GStrv seat_names;             /* or NULL */
  guint ply;
  guint marks[MAX_MARKS];
  guint n_marks;
  guint mark_row[MAX_MARKS];    /* the row of mark k, 0 the top (mark_rows()) */
  guint32 seats;                /* the seats analysed, a bit each */
  double top, bottom;           /* the points at the plot's top and bottom edges */
  char *description;
};

G_DEFINE_FINAL_TYPE (FolAnalysisChart, fol_analysis_chart, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_PLY,
  N_PROPS
};
static GParamSpec *properties[N_PROPS];

enum {
  SIGNAL_TURN_ACTIVATED,
  N_SIGNALS
};
static guint signals[N_SIGNALS];

/* The seats' colours: Okabe and Ito's palette for colour-blind readers
 * (orange, bluish green, reddish purple, vermillion), apart from the blue
 * of the position line. */
static const double seat_rgb[4][3] = {
  { 0.90, 0.62, 0.00 },
  { 0.00, 0.62, 0.45 },
  { 0.80, 0.47, 0.65 },
  { 0.84, 0.37, 0.00 },
};

/* ---- the marks ---- */

/* Ordered by loss, the largest first; ties: the earlier turn. */
static int
compare_marks (gconstpointer a, gconstpointer b, gpointer data)
{
  const FolGameAnalysis *analysis = data;
  guint i = *(const guint *) a, j = *(const guint *) b;
  double la = fol_game_analysis_get_turn (analysis, i)->loss, lb = fol_game_analysis_get_turn (analysis, j)->loss;
  if (la != lb)
    return la > lb ? -1 : 1;
  return i < j ? -1 : i > j;
}

guint
fol_analysis_chart_pick_marks (const FolGameAnalysis *analysis, guint *out, guint max)
{
  g_return_val_if_fail (analysis != NULL && (out != NULL || max == 0), 0);
  guint n_turns = analysis->turns->len, n = 0;
  guint32 seen = 0;
  g_autofree guint *worst = g_new (guint, MAX (n_turns, 1));
  for (guint t = 0; t < n_turns; t++)
    {
      int seat = fol_game_analysis_get_turn (analysis, t)->seat;
      if (seat < 0 || seat >= 32 || (seen & (1u << seat)))
        continue;
      seen |= 1u << seat;
      /* every positive loss of the seat, the largest first: the first few
       * that are clearly more than noise */
      int n_worst = fol_game_analysis_worst_turns (analysis, seat, (int) n_turns, worst);
      guint taken = 0;
      for (int k = 0; k < n_worst && taken < FOL_ANALYSIS_CHART_MARKS_PER_SEAT && n < max; k++)
        {
          const FolAnalysisTurn *turn = fol_game_analysis_get_turn (analysis, worst[k]);
          if (turn->loss > FOL_ANALYSIS_CHART_MIN_LOSS && turn->loss > FOL_ANALYSIS_CHART_MIN_ERRORS * turn->std_error)
            {
              out[n++] = worst[k];
              taken++;
            }
        }
    }
  g_qsort_with_data (out, (int) n, sizeof (guint), compare_marks, (gpointer) analysis);
  return n;
}

/* ---- words ---- */

char *
fol_analysis_chart_format_points (double points)
{
  double a = fabs (points);
  /* tenths only where they say something: below 10 points, and not ".0" */
  if (a >= 9.95 || fabs (a - round (a)) < 0.05)
    return g_strdup_printf ("%.0f", round (a));
  return g_strdup_printf ("%.1f", a);
}

char *
fol_analysis_chart_describe_turn (FolAnalysisChart *self, guint turn)
{
  g_return_val_if_fail (FOL_IS_ANALYSIS_CHART (self), NULL);
  g_return_val_if_fail (self->analysis != NULL && turn < self->analysis->turns->len, NULL);
  const FolAnalysisTurn *t = fol_game_analysis_get_turn (self->analysis, turn);
  g_autofree char *label = self->turn_labels && turn < g_strv_length (self->turn_labels)
    ? g_strdup (self->turn_labels[turn])
    /* Translators: an analysed turn without a better name; %d is the game's turn number */
    : g_strdup_printf (_("Turn %d"), t->turn);
  g_autofree char *loss = fol_analysis_chart_format_points (t->loss);
  g_autofree char *error = fol_analysis_chart_format_points (t->std_error);
  /* a standard error of 0: Expert's turn reached the very same position, nothing to be unsure of */
  gboolean sure = g_str_equal (error, "0");
  if (t->loss >= 0 && sure)
    /* Translators: a turn of the analysis whose cost is certain: "Round 7: Ann's turn: about 4 points lost" */
    return g_strdup_printf (_("%s: about %s points lost"), label, loss);
  if (sure)
    /* Translators: a turn of the analysis that did better than the Expert level's turn would have, for certain:
       "Round 7: Ann's turn: about 1.5 points better than Expert" */
    return g_strdup_printf (_("%s: about %s points better than Expert"), label, loss);
  if (t->loss >= 0)
    /* Translators: a turn of the analysis: "Round 7: Ann's turn: about 4.2 points lost (± 1.1)" */
    return g_strdup_printf (_("%s: about %s points lost (± %s)"), label, loss, error);
  /* Translators: a turn of the analysis that did better than the Expert level's turn would have:
     "Round 7: Ann's turn: about 1.5 points better than Expert (± 0.6)" */
  return g_strdup_printf (_("%s: about %s points better than Expert (± %s)"), label, loss, error);
}

/* The accessible description: the marked turns, or that there are none. */
static void
update_description (FolAnalysisChart *self)
{
  g_clear_pointer (&self->description, g_free);
  if (self->analysis != NULL)
    {
      GString *s = g_string_new (NULL);
      if (self->n_marks == 0)
        g_string_append_printf (s, _("No turn cost clearly more than Expert's (more than %.0f points and twice "
                                     "its standard error)."), FOL_ANALYSIS_CHART_MIN_LOSS);
      else
        g_string_append (s, _("The turns that cost most:"));
      for (guint k = 0; k < self->n_marks; k++)
        {
          g_autofree char *turn = fol_analysis_chart_describe_turn (self, self->marks[k]);
          /* Translators: one of the marked turns in the chart's description: its number, then the turn */
          g_string_append_printf (s, _(" %u. %s."), k + 1, turn);
        }
      self->description = g_string_free (s, FALSE);
    }
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  self->description ? self->description : "", -1);
}

/* ---- geometry ---- */

typedef struct {
  double x0, x1;     /* the plot's left and right edges */
  double slot;       /* the width of each turn's slot */
  double y0, y1;     /* its top (the highest bar's top) and bottom */
  double mark_y;     /* the centre line of the top row of marks */
  double legend_y;   /* the legend's top, when there is one */
} Geometry;

static gboolean
several_seats (FolAnalysisChart *self)
{
  return (self->seats & (self->seats - 1)) != 0;
}

/* The centre of slot @i: every analysed turn has a slot of the same width,
 * in the game's order. */
static double
slot_centre (FolAnalysisChart *self, double x0, double x1, guint i)
{
  double slot = (x1 - x0) / MAX (self->analysis->turns->len, 1);
  return CLAMP (x0 + slot * (i + 0.5), x0 + MARK_RADIUS, x1 - MARK_RADIUS);
}

/* Lays the marks out in rows for a chart @width px wide, so that no two
 * overlap: from the left, each mark in the top row with room for it
 * (self->mark_row).  Returns: the rows used (at least 1). */
static guint
mark_rows (FolAnalysisChart *self, double width)
{
  double x0 = SCALE_WIDTH, x1 = MAX (x0 + 1, width - PAD_RIGHT);
  double row_end[MAX_MARKS];
  guint n_rows = 0, order[MAX_MARKS];
  for (guint k = 0; k < self->n_marks; k++)
    order[k] = k;
  /* by their turn's slot, the leftmost first (insertion: a few marks) */
  for (guint k = 1; k < self->n_marks; k++)
    for (guint j = k; j > 0 && self->marks[order[j - 1]] > self->marks[order[j]]; j--)
      {
        guint swap = order[j];
        order[j] = order[j - 1];
        order[j - 1] = swap;
      }
  for (guint j = 0; j < self->n_marks; j++)
    {
      guint k = order[j], row = 0;
      double x = slot_centre (self, x0, x1, self->marks[k]);
      while (row < n_rows && row_end[row] + MARK_GAP > x - MARK_RADIUS)
        row++;
      if (row == n_rows)
        n_rows++;
      row_end[row] = x + MARK_RADIUS;
      self->mark_row[k] = row;
    }
  return MAX (n_rows, 1);
}

/* The height above the bars: the legend and the marks' rows. */
static double
head_height (FolAnalysisChart *self, guint n_rows)
{
  return (several_seats (self) ? LEGEND_HEIGHT : 0) + n_rows * MARK_STRIP;
}

static gboolean
geometry (FolAnalysisChart *self, Geometry *g)
{
  double w = gtk_widget_get_width (GTK_WIDGET (self)), h = gtk_widget_get_height (GTK_WIDGET (self));
  if (self->analysis == NULL || w <= 0 || h <= 0)
    return FALSE;
  guint n_rows = mark_rows (self, w);
  g->legend_y = 0;
  g->mark_y = (several_seats (self) ? LEGEND_HEIGHT : 0) + MARK_STRIP / 2;
  g->x0 = SCALE_WIDTH;
  g->x1 = MAX (g->x0 + 1, w - PAD_RIGHT);
  g->slot = (g->x1 - g->x0) / MAX (self->analysis->turns->len, 1);
  g->y0 = head_height (self, n_rows);
  g->y1 = MAX (g->y0 + 1, h - PAD_BOTTOM);
  return TRUE;
}

/* Where position @ply lies: within the slot of the turn it belongs to (by
 * the turn's moves), else at the edge after the turns played before it. */
static double
ply_x (FolAnalysisChart *self, const Geometry *g, guint ply)
{
  guint before = 0;
  for (guint i = 0; i < self->analysis->turns->len; i++)
    {
      const FolAnalysisTurn *t = fol_game_analysis_get_turn (self->analysis, i);
      guint start = (guint) t->first_ply - 1, end = (guint) t->last_ply;
      if (ply >= start && ply < end)
        return g->x0 + g->slot * (i + (double) (ply - start) / (end - start));
      if (end <= ply)
        before = i + 1;
    }
  return g->x0 + g->slot * before;
}

static double
value_y (FolAnalysisChart *self, const Geometry *g, double v)
{
  v = CLAMP (v, self->bottom, self->top);
  return g->y0 + (self->top - v) / (self->top - self->bottom) * (g->y1 - g->y0);
}

/* The bar of turn @i: its slot, less a gap on each side (at most 1 px,
 * the bar at least 2 px wide). */
static void
bar_span (FolAnalysisChart *self, const Geometry *g, guint i, double *left, double *right)
{
  double gap = MIN (1.0, g->slot * 0.15);
  double l = g->x0 + g->slot * i + gap, r = g->x0 + g->slot * (i + 1) - gap;
  if (r - l < 2)
    {
      double c = (l + r) / 2;
      l = c - 1;
      r = c + 1;
    }
  *left = l;
  *right = r;
}

/* The scale: from 0 (or the lowest loss, at most half the top below 0) to
 * the largest loss, 2 points at least, in whole points. */
static void
fit_scale (FolAnalysisChart *self)
{
  double hi = FOL_ANALYSIS_CHART_MIN_LOSS, lo = 0;
  for (guint i = 0; i < self->analysis->turns->len; i++)
    {
      const FolAnalysisTurn *t = fol_game_analysis_get_turn (self->analysis, i);
      hi = MAX (hi, t->loss);
      lo = MIN (lo, t->loss);
    }
  self->top = ceil (hi);
  self->bottom = MAX (floor (lo), -ceil (self->top / 2));
}

/* ---- drawing ---- */

/* Draws @text in the widget's font a little smaller, its point (@xalign,
 * @yalign) of its box at (@x, @y).  Returns: its width in pixels. */
static int
draw_text (FolAnalysisChart *self, cairo_t *cr, const char *text, double x, double y, double xalign, double yalign)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), text);
  PangoAttrList *attrs = pango_attr_list_new ();
  pango_attr_list_insert (attrs, pango_attr_scale_new (0.8));
  pango_layout_set_attributes (layout, attrs);
  pango_attr_list_unref (attrs);
  int w, h;
  pango_layout_get_pixel_size (layout, &w, &h);
  cairo_move_to (cr, x - w * xalign, y - h * yalign);
  pango_cairo_show_layout (cr, layout);
  g_object_unref (layout);
  return w;
}

static void
set_seat_colour (cairo_t *cr, int seat, double alpha)
{
  const double *c = seat_rgb[((seat % 4) + 4) % 4];
  cairo_set_source_rgba (cr, c[0], c[1], c[2], alpha);
}

static void
draw_legend (FolAnalysisChart *self, cairo_t *cr, const Geometry *g, const GdkRGBA *fg)
{
  double x = g->x0;
  for (int seat = 0; seat < 32 && self->seat_names; seat++)
    {
      if (!(self->seats & (1u << seat)) || seat >= (int) g_strv_length (self->seat_names))
        continue;
      set_seat_colour (cr, seat, 1);
      cairo_rectangle (cr, x, g->legend_y + 4, 9, 9);
      cairo_fill (cr);
      gdk_cairo_set_source_rgba (cr, fg);
      x += 12 + draw_text (self, cr, self->seat_names[seat], x + 12, g->legend_y + 8.5, 0, 0.5) + 10;
    }
}

static void
draw_mark (FolAnalysisChart *self, cairo_t *cr, const Geometry *g, guint k, const GdkRGBA *fg, gboolean dark)
{
  double x, y;
  fol_analysis_chart_get_turn_point (self, self->marks[k], TRUE, &x, &y);
  cairo_arc (cr, x, y, MARK_RADIUS, 0, 2 * G_PI);
  gdk_cairo_set_source_rgba (cr, fg);
  cairo_fill (cr);
  /* the number in the background's colour, on the text's */
  if (dark)
    cairo_set_source_rgb (cr, 0.12, 0.12, 0.12);
  else
    cairo_set_source_rgb (cr, 1, 1, 1);
  g_autofree char *number = g_strdup_printf ("%u", k + 1);
  draw_text (self, cr, number, x, y, 0.5, 0.5);
}

static void
fol_analysis_chart_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  FolAnalysisChart *self = FOL_ANALYSIS_CHART (widget);
  Geometry g;
  if (!geometry (self, &g))
    return;
  GdkRGBA fg;
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &fg);
  G_GNUC_END_IGNORE_DEPRECATIONS
  gboolean dark = fg.red + fg.green + fg.blue > 1.5;
  cairo_t *cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, gtk_widget_get_width (widget),
                                                                          gtk_widget_get_height (widget)));
  if (several_seats (self))
    draw_legend (self, cr, &g, &fg);

  /* the scale: the top value, the zero line */
  double zero = value_y (self, &g, 0);
  GdkRGBA dim = fg;
  dim.alpha *= 0.6;
  gdk_cairo_set_source_rgba (cr, &dim);
  g_autofree char *top = g_strdup_printf ("%.0f", self->top);
  draw_text (self, cr, top, g.x0 - 4, g.y0, 1, 0.2);
  draw_text (self, cr, "0", g.x0 - 4, zero, 1, 0.5);
  if (self->bottom < 0)
    {
      g_autofree char *bottom = g_strdup_printf ("%.0f", self->bottom);
      draw_text (self, cr, bottom, g.x0 - 4, g.y1, 1, 0.8);
    }
  dim.alpha = fg.alpha * 0.25;
  gdk_cairo_set_source_rgba (cr, &dim);
  cairo_set_line_width (cr, 1);
  cairo_move_to (cr, g.x0, g.y0 + 0.5);
  cairo_line_to (cr, g.x1, g.y0 + 0.5);
  cairo_stroke (cr);
  dim.alpha = fg.alpha * 0.6;
  gdk_cairo_set_source_rgba (cr, &dim);
  cairo_move_to (cr, g.x0, floor (zero) + 0.5);
  cairo_line_to (cr, g.x1, floor (zero) + 0.5);
  cairo_stroke (cr);

  /* the bars, lighter below the line (better than Expert), and the errors */
  for (guint i = 0; i < self->analysis->turns->len; i++)
    {
      const FolAnalysisTurn *t = fol_game_analysis_get_turn (self->analysis, i);
      double l, r;
      bar_span (self, &g, i, &l, &r);
      double y = value_y (self, &g, t->loss);
      set_seat_colour (cr, t->seat, t->loss >= 0 ? 0.95 : 0.45);
      cairo_rectangle (cr, l, MIN (y, zero), r - l, MAX (fabs (zero - y), 1));
      cairo_fill (cr);
      if (t->std_error > 0)
        {
          double c = floor ((l + r) / 2) + 0.5;
          dim.alpha = fg.alpha * 0.7;
          gdk_cairo_set_source_rgba (cr, &dim);
          cairo_move_to (cr, c, value_y (self, &g, t->loss + t->std_error));
          cairo_line_to (cr, c, value_y (self, &g, t->loss - t->std_error));
          cairo_stroke (cr);
        }
    }

  /* the position shown: a line in the accent blue */
  double x = floor (ply_x (self, &g, self->ply)) + 0.5;
  if (dark)
    cairo_set_source_rgb (cr, 0.47, 0.68, 0.93);
  else
    cairo_set_source_rgb (cr, 0.11, 0.44, 0.85);
  cairo_set_line_width (cr, 2);
  cairo_move_to (cr, x, g.y0 - 2);
  cairo_line_to (cr, x, g.y1);
  cairo_stroke (cr);

  for (guint k = 0; k < self->n_marks; k++)
    draw_mark (self, cr, &g, k, &fg, dark);
  cairo_destroy (cr);
}

static void
fol_analysis_chart_measure (GtkWidget *widget, GtkOrientation orientation, int for_size, int *minimum, int *natural,
                            int *minimum_baseline, int *natural_baseline)
{
  FolAnalysisChart *self = FOL_ANALYSIS_CHART (widget);
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    *minimum = *natural = 160;
  else
    {
      /* the marks' rows depend on the width given */
      guint n_rows = self->analysis != NULL && for_size > 0 ? mark_rows (self, for_size) : 1;
      *minimum = *natural = (int) ceil (head_height (self, n_rows) + PLOT_HEIGHT + PAD_BOTTOM);
    }
}

static GtkSizeRequestMode
fol_analysis_chart_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

/* ---- input ---- */

int
fol_analysis_chart_click (FolAnalysisChart *self, double x, double y)
{
  g_return_val_if_fail (FOL_IS_ANALYSIS_CHART (self), -1);
  Geometry g;
  if (!geometry (self, &g))
    return -1;
  int found = -1;
  /* a mark first: it lies over its bar's neighbours too */
  for (guint k = 0; k < self->n_marks && found < 0; k++)
    {
      double mx, my;
      fol_analysis_chart_get_turn_point (self, self->marks[k], TRUE, &mx, &my);
      if (hypot (x - mx, y - my) <= MARK_RADIUS + 1)
        found = (int) self->marks[k];
    }
  /* else the nearest bar within reach */
  double best = HIT_SLOP;
  for (guint i = 0; found < 0 && i < self->analysis->turns->len; i++)
    {
      double l, r;
      bar_span (self, &g, i, &l, &r);
      double d = x < l ? l - x : x > r ? x - r : 0;
      if (d <= best && y >= g.y0 - MARK_STRIP && y <= g.y1 + PAD_BOTTOM)
        {
          best = d;
          found = (int) i;
          if (d == 0)
            break;
        }
    }
  if (found >= 0)
    g_signal_emit (self, signals[SIGNAL_TURN_ACTIVATED], 0, (guint) found);
  return found;
}

static void
on_released (GtkGestureClick *gesture, int n_press, double x, double y, FolAnalysisChart *self)
{
  if (fol_analysis_chart_click (self, x, y) >= 0)
    gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
}

/* The turn under (@x, @y) without activating it, for the tooltip. */
static int
turn_at (FolAnalysisChart *self, double x)
{
  Geometry g;
  if (!geometry (self, &g))
    return -1;
  for (guint i = 0; i < self->analysis->turns->len; i++)
    {
      double l, r;
      bar_span (self, &g, i, &l, &r);
      if (x >= l - HIT_SLOP && x <= r + HIT_SLOP)
        return (int) i;
    }
  return -1;
}

static gboolean
on_query_tooltip (GtkWidget *widget, int x, int y, gboolean keyboard, GtkTooltip *tooltip, gpointer data)
{
  FolAnalysisChart *self = FOL_ANALYSIS_CHART (widget);
  int turn = turn_at (self, x);
  if (turn < 0)
    return FALSE;
  g_autofree char *text = fol_analysis_chart_describe_turn (self, (guint) turn);
  g_autofree char *more = g_strdup_printf ("%s\n%s", text, _("Click to see Expert's turn."));
  gtk_tooltip_set_text (tooltip, more);
  return TRUE;
}

/* ---- the object ---- */

static void
fol_analysis_chart_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_PLY: fol_analysis_chart_set_ply (FOL_ANALYSIS_CHART (object), g_value_get_uint (value)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
fol_analysis_chart_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_PLY: g_value_set_uint (value, FOL_ANALYSIS_CHART (object)->ply); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
fol_analysis_chart_finalize (GObject *object)
{
  FolAnalysisChart *self = FOL_ANALYSIS_CHART (object);
  g_clear_pointer (&self->analysis, fol_game_analysis_free);
  g_strfreev (self->turn_labels);
  g_strfreev (self->seat_names);
  g_free (self->description);
  G_OBJECT_CLASS (fol_analysis_chart_parent_class)->finalize (object);
}

static void
fol_analysis_chart_class_init (FolAnalysisChartClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  object_class->set_property = fol_analysis_chart_set_property;
  object_class->get_property = fol_analysis_chart_get_property;
  object_class->finalize = fol_analysis_chart_finalize;
  widget_class->snapshot = fol_analysis_chart_snapshot;
  widget_class->measure = fol_analysis_chart_measure;
  widget_class->get_request_mode = fol_analysis_chart_get_request_mode;
  gtk_widget_class_set_css_name (widget_class, "analysischart");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);

  /** FolAnalysisChart:ply: the position the chart's line marks (fol_analysis_chart_set_ply()). */
  properties[PROP_PLY] = g_param_spec_uint ("ply", NULL, NULL, 0, G_MAXUINT, 0,
                                            G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * FolAnalysisChart::turn-activated:
   * @turn: the index of the turn clicked in the analysis's turns
   * A bar or a mark was clicked (fol_analysis_chart_click()).
   */
  signals[SIGNAL_TURN_ACTIVATED] = g_signal_new ("turn-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                                 NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
}

static void
fol_analysis_chart_init (FolAnalysisChart *self)
{
  GtkGesture *click = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_PRIMARY);
  g_signal_connect (click, "released", G_CALLBACK (on_released), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  g_signal_connect (self, "query-tooltip", G_CALLBACK (on_query_tooltip), NULL);
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "pointer");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  /* Translators: the accessible name of the analysis chart in the replay */
                                  _("Points lost per turn against Expert"), -1);
}

/* ---- public ---- */

GtkWidget *
fol_analysis_chart_new (void)
{
  return g_object_new (FOL_TYPE_ANALYSIS_CHART, NULL);
}

void
fol_analysis_chart_set_analysis (FolAnalysisChart *self, const FolGameAnalysis *analysis, guint n_plies,
                                 const char *const *turn_labels, const char *const *seat_names)
{
  g_return_if_fail (FOL_IS_ANALYSIS_CHART (self));
  g_clear_pointer (&self->analysis, fol_game_analysis_free);
  g_clear_pointer (&self->turn_labels, g_strfreev);
  g_clear_pointer (&self->seat_names, g_strfreev);
  self->n_marks = 0;
  self->seats = 0;
  if (analysis != NULL)
    {
      self->analysis = fol_game_analysis_copy (analysis);
      self->n_plies = n_plies;
      self->turn_labels = g_strdupv ((char **) turn_labels);
      self->seat_names = g_strdupv ((char **) seat_names);
      for (guint i = 0; i < analysis->turns->len; i++)
        {
          int seat = fol_game_analysis_get_turn (analysis, i)->seat;
          if (seat >= 0 && seat < 32)
            self->seats |= 1u << seat;
        }
      self->n_marks = fol_analysis_chart_pick_marks (analysis, self->marks, MAX_MARKS);
      fit_scale (self);
    }
  update_description (self);
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

void
fol_analysis_chart_set_ply (FolAnalysisChart *self, guint ply)
{
  g_return_if_fail (FOL_IS_ANALYSIS_CHART (self));
  if (self->ply == ply)
    return;
  self->ply = ply;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PLY]);
}

guint
fol_analysis_chart_get_ply (FolAnalysisChart *self)
{
  g_return_val_if_fail (FOL_IS_ANALYSIS_CHART (self), 0);
  return self->ply;
}

const guint *
fol_analysis_chart_get_marks (FolAnalysisChart *self, guint *n_marks)
{
  g_return_val_if_fail (FOL_IS_ANALYSIS_CHART (self) && n_marks != NULL, NULL);
  *n_marks = self->n_marks;
  return self->marks;
}

gboolean
fol_analysis_chart_get_turn_point (FolAnalysisChart *self, guint turn, gboolean mark, double *x, double *y)
{
  g_return_val_if_fail (FOL_IS_ANALYSIS_CHART (self) && x != NULL && y != NULL, FALSE);
  Geometry g;
  if (!geometry (self, &g) || turn >= self->analysis->turns->len)
    return FALSE;
  const FolAnalysisTurn *t = fol_game_analysis_get_turn (self->analysis, turn);
  double l, r;
  bar_span (self, &g, turn, &l, &r);
  *x = (l + r) / 2;
  if (!mark)
    {
      *y = (value_y (self, &g, t->loss) + value_y (self, &g, 0)) / 2;
      return TRUE;
    }
  for (guint k = 0; k < self->n_marks; k++)
    if (self->marks[k] == turn)
      {
        /* inside the chart, even for a bar at its edge; in its row */
        *x = slot_centre (self, g.x0, g.x1, turn);
        *y = g.mark_y + self->mark_row[k] * MARK_STRIP;
        return TRUE;
      }
  return FALSE;
}

const char *
fol_analysis_chart_get_description (FolAnalysisChart *self)
{
  g_return_val_if_fail (FOL_IS_ANALYSIS_CHART (self), NULL);
  return self->description;
}
