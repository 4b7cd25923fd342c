/* fol-analysis-chart.h: the small chart of a game's analysis in the replay
 * (issue 13, "Analysis"; docs/computer-players.md, "Analysis of a game"):
 * one bar per analysed turn, each in a slot of the same width in the game's
 * order (so that the bars' areas add up as their heights do), as high as
 * the points the turn cost against the turn the Expert level would have
 * played (below the zero line: the turn did better than Expert), with its
 * standard error as a thin line; each seat in its own colour, named in a
 * legend when several seats were analysed.  The turns that cost most are
 * marked with a number over their bar (fol_analysis_chart_pick_marks()),
 * in as many rows as keep any two marks apart, and a line follows the
 * position the replay shows (within the slot of the turn it belongs to).  A click on a bar or a
 * mark emits ::turn-activated.  Screen readers get the chart as an image
 * whose description names the marked turns. */
#pragma once

#include <gtk/gtk.h>
#include "analysis.h"

G_BEGIN_DECLS

/* The most turns marked per seat. */
#define FOL_ANALYSIS_CHART_MARKS_PER_SEAT 3

/* A turn is marked only when its loss is above this many points ... */
#define FOL_ANALYSIS_CHART_MIN_LOSS 2.0
/* ... and above this many standard errors (clearly more than noise). */
#define FOL_ANALYSIS_CHART_MIN_ERRORS 2.0

/* The radius of a numbered mark, in pixels: no two marks' centres are
 * closer than twice this. */
#define FOL_ANALYSIS_CHART_MARK_RADIUS 7.0

#define FOL_TYPE_ANALYSIS_CHART (fol_analysis_chart_get_type ())
G_DECLARE_FINAL_TYPE (FolAnalysisChart, fol_analysis_chart, FOL, ANALYSIS_CHART, GtkWidget)

/** Returns: (transfer floating): an empty chart (it draws nothing until fol_analysis_chart_set_analysis()). */
GtkWidget *fol_analysis_chart_new (void);

/**
 * fol_analysis_chart_pick_marks:
 * @analysis: a game's analysis
 * @out: (out caller-allocates) (array length=max): indices into
 *   @analysis's turns
 * @max: room in @out
 *
 * The turns worth a mark: for each seat, of its turns whose loss is above
 * both FOL_ANALYSIS_CHART_MIN_LOSS points and FOL_ANALYSIS_CHART_MIN_ERRORS
 * times its standard error (a loss within the rollouts' noise is not a
 * mistake), the FOL_ANALYSIS_CHART_MARKS_PER_SEAT largest
 * (fol_game_analysis_worst_turns(): ties to the earlier turn); all of them
 * ordered by loss, the largest first (ties: the earlier turn).
 *
 * Returns: how many were written (0 .. @max).
 */
guint fol_analysis_chart_pick_marks (const FolGameAnalysis *analysis, guint *out, guint max);

/**
 * fol_analysis_chart_set_analysis:
 * @analysis: (nullable): the analysis to draw (copied), or NULL for none
 * @n_plies: the game's number of moves (the position line's range,
 *   0 .. @n_plies)
 * @turn_labels: (array zero-terminated=1) (nullable): one short name per
 *   turn of @analysis, translated, as the replay names the position at its
 *   start ("Round 7: Ann's turn"), for the tooltips and the description
 * @seat_names: (array zero-terminated=1) (nullable): every seat's name,
 *   for the legend
 * Draws @analysis and marks its worst turns (fol_analysis_chart_pick_marks()).
 */
void fol_analysis_chart_set_analysis (FolAnalysisChart *self, const FolGameAnalysis *analysis, guint n_plies,
                                      const char *const *turn_labels, const char *const *seat_names);

/**
 * fol_analysis_chart_set_ply:
 * @ply: the position the replay shows (0 .. the game's moves): the chart's
 *   line is drawn there.  Also the "ply" property.
 */
void fol_analysis_chart_set_ply (FolAnalysisChart *self, guint ply);

/** Returns: the position the chart's line marks (fol_analysis_chart_set_ply()). */
guint fol_analysis_chart_get_ply (FolAnalysisChart *self);

/**
 * fol_analysis_chart_get_marks:
 * @n_marks: (out): how many turns are marked
 * Returns: (transfer none) (array length=n_marks): the marked turns, as
 *   indices into the analysis's turns; mark k carries the number k + 1.
 */
const guint *fol_analysis_chart_get_marks (FolAnalysisChart *self, guint *n_marks);

/**
 * fol_analysis_chart_describe_turn:
 * @turn: an index into the analysis's turns
 * Returns: (transfer full): the turn and what it cost, translated ("Round
 *   7: Ann's turn: about 4.2 points lost (± 1.1)"; a turn that did better
 *   than Expert: "... about 1.5 points better than Expert (± 0.6)"; the
 *   "±" part left out when the standard error is 0), as the tooltip and
 *   the description say it; points by fol_analysis_chart_format_points().
 */
char *fol_analysis_chart_describe_turn (FolAnalysisChart *self, guint turn);

/**
 * fol_analysis_chart_format_points:
 * @points: a number of points (its sign is dropped)
 * Returns: (transfer full): @points as the analysis's words say it: whole
 *   points from 10 up and when the tenths are 0 ("12", "4"), else to a
 *   tenth ("4.2"); "0" for a standard error that is no uncertainty.
 */
char *fol_analysis_chart_format_points (double points);

/**
 * fol_analysis_chart_get_turn_point:
 * @turn: an index into the analysis's turns
 * @mark: TRUE: the centre of the turn's mark (it must be marked; the marks
 *   lie in rows over the bars so that none overlaps another); FALSE: the
 *   middle of its bar (its slot's centre)
 * @x: (out): in the chart's coordinates, pixels
 * @y: (out): in the chart's coordinates, pixels
 * Returns: FALSE when the chart is not laid out, @turn does not exist, or
 *   (with @mark) is not marked.
 */
gboolean fol_analysis_chart_get_turn_point (FolAnalysisChart *self, guint turn, gboolean mark, double *x, double *y);

/**
 * fol_analysis_chart_click:
 * @x: in the chart's coordinates, pixels
 * @y: in the chart's coordinates, pixels
 * What a click at (@x, @y) does (the chart's click gesture calls it): on a
 * mark, or on or within 3 px of a bar (the nearest), emits ::turn-activated.
 * Returns: the turn clicked, or -1 for none.
 */
int fol_analysis_chart_click (FolAnalysisChart *self, double x, double y);

/**
 * fol_analysis_chart_get_description:
 * Returns: (transfer none) (nullable): the accessible description (the
 *   marked turns, fol_analysis_chart_describe_turn(), or that no turn cost
 *   clearly more than Expert's), for tests.
 */
const char *fol_analysis_chart_get_description (FolAnalysisChart *self);

G_END_DECLS
