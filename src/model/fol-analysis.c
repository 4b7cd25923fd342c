/* fol-analysis.c: FolAnalysis, the analysis of a game run in a worker
 * thread (fol-analysis.h).
 *
 * Thread safety: the worker gets a Job, everything in it its own copy (the
 * set-up position, the move texts, the run's settings) and the engines'
 * read-only component data; it never touches the FolAnalysis, its game or
 * the store.  Progress reaches the object through idle callbacks in the
 * caller's main context, and the result is stored there, in the thread
 * that owns the store. */
#include "fol-analysis.h"

#include <string.h>
#include "fall-analysis.h"
#include "fol-fall-game.h"
#include "fol-saved-analysis.h"
#include "fol-summer-game.h"
#include "summer-analysis.h"

G_DEFINE_BOXED_TYPE (FolGameAnalysis, fol_game_analysis, fol_game_analysis_copy, fol_game_analysis_free)

struct _FolAnalysis
{
  GObject parent_instance;
  FolGame *game;
  FolAnalysisEffort effort;
  guint64 seed;
  guint32 seats;
  FolGameAnalysis *result;
  gboolean running;
  guint turns_done;
  guint n_turns;
};

G_DEFINE_FINAL_TYPE (FolAnalysis, fol_analysis, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_GAME,
  PROP_RESULT,
  PROP_RUNNING,
  PROP_TURNS_DONE,
  PROP_N_TURNS,
  PROP_FRACTION,
  N_PROPS
};
static GParamSpec *properties[N_PROPS];

enum {
  SAVE_FAILED,
  N_SIGNALS
};
static guint signals[N_SIGNALS];

static void
fol_analysis_dispose (GObject *object)
{
  FolAnalysis *self = FOL_ANALYSIS (object);
  g_clear_object (&self->game);
  G_OBJECT_CLASS (fol_analysis_parent_class)->dispose (object);
}

static void
fol_analysis_finalize (GObject *object)
{
  FolAnalysis *self = FOL_ANALYSIS (object);
  g_clear_pointer (&self->result, fol_game_analysis_free);
  G_OBJECT_CLASS (fol_analysis_parent_class)->finalize (object);
}

static void
fol_analysis_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  FolAnalysis *self = FOL_ANALYSIS (object);
  switch (prop_id)
    {
    case PROP_GAME: g_value_set_object (value, self->game); break;
    case PROP_RESULT: g_value_set_boxed (value, self->result); break;
    case PROP_RUNNING: g_value_set_boolean (value, self->running); break;
    case PROP_TURNS_DONE: g_value_set_uint (value, self->turns_done); break;
    case PROP_N_TURNS: g_value_set_uint (value, self->n_turns); break;
    case PROP_FRACTION: g_value_set_double (value, fol_analysis_get_fraction (self)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* The seats of the persons; every seat when no person played. */
static guint32
person_seats (FolGame *game)
{
  guint32 seats = 0, all = 0;
  for (guint i = 0; i < fol_game_get_n_seats (game) && i < 32; i++)
    {
      all |= 1u << i;
      if (fol_player_get_human (fol_game_get_player (game, i)))
        seats |= 1u << i;
    }
  return seats ? seats : all;
}

static void
fol_analysis_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  FolAnalysis *self = FOL_ANALYSIS (object);
  switch (prop_id)
    {
    case PROP_GAME:
      self->game = g_value_dup_object (value);
      self->seed = fol_game_get_seed (self->game);
      self->seats = person_seats (self->game);
      break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
fol_analysis_class_init (FolAnalysisClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  object_class->dispose = fol_analysis_dispose;
  object_class->finalize = fol_analysis_finalize;
  object_class->get_property = fol_analysis_get_property;
  object_class->set_property = fol_analysis_set_property;

  properties[PROP_GAME] = g_param_spec_object ("game", NULL, NULL, FOL_TYPE_GAME,
                                               G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_RESULT] = g_param_spec_boxed ("result", NULL, NULL, FOL_TYPE_GAME_ANALYSIS,
                                                G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_RUNNING] = g_param_spec_boolean ("running", NULL, NULL, FALSE,
                                                   G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_TURNS_DONE] = g_param_spec_uint ("turns-done", NULL, NULL, 0, G_MAXUINT, 0,
                                                   G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_N_TURNS] = g_param_spec_uint ("n-turns", NULL, NULL, 0, G_MAXUINT, 0,
                                                G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_FRACTION] = g_param_spec_double ("fraction", NULL, NULL, 0.0, 1.0, 0.0,
                                                   G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * FolAnalysis::save-failed:
   * @error: why the store refused the result; it is kept in memory
   */
  signals[SAVE_FAILED] = g_signal_new ("save-failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                       NULL, G_TYPE_NONE, 1, G_TYPE_ERROR);
}

static void
fol_analysis_init (FolAnalysis *self)
{
  self->effort = FOL_ANALYSIS_EFFORT_DEFAULT;
}

FolAnalysis *
fol_analysis_new (FolGame *game)
{
  g_return_val_if_fail (FOL_IS_SUMMER_GAME (game) || FOL_IS_FALL_GAME (game), NULL);
  return g_object_new (FOL_TYPE_ANALYSIS, "game", game, NULL);
}

FolGame *
fol_analysis_get_game (FolAnalysis *self)
{
  g_return_val_if_fail (FOL_IS_ANALYSIS (self), NULL);
  return self->game;
}

void
fol_analysis_set_effort (FolAnalysis *self, const FolAnalysisEffort *effort)
{
  g_return_if_fail (FOL_IS_ANALYSIS (self) && effort != NULL);
  self->effort = *effort;
}

void
fol_analysis_set_seed (FolAnalysis *self, guint64 seed)
{
  g_return_if_fail (FOL_IS_ANALYSIS (self));
  self->seed = seed;
}

void
fol_analysis_set_seats (FolAnalysis *self, guint32 seats)
{
  g_return_if_fail (FOL_IS_ANALYSIS (self));
  self->seats = seats;
}

guint32
fol_analysis_get_seats (FolAnalysis *self)
{
  g_return_val_if_fail (FOL_IS_ANALYSIS (self), 0);
  return self->seats;
}

const FolGameAnalysis *
fol_analysis_get_result (FolAnalysis *self)
{
  g_return_val_if_fail (FOL_IS_ANALYSIS (self), NULL);
  return self->result;
}

gboolean
fol_analysis_get_running (FolAnalysis *self)
{
  g_return_val_if_fail (FOL_IS_ANALYSIS (self), FALSE);
  return self->running;
}

guint
fol_analysis_get_turns_done (FolAnalysis *self)
{
  g_return_val_if_fail (FOL_IS_ANALYSIS (self), 0);
  return self->turns_done;
}

guint
fol_analysis_get_n_turns (FolAnalysis *self)
{
  g_return_val_if_fail (FOL_IS_ANALYSIS (self), 0);
  return self->n_turns;
}

double
fol_analysis_get_fraction (FolAnalysis *self)
{
  g_return_val_if_fail (FOL_IS_ANALYSIS (self), 0.0);
  return self->n_turns ? (double) self->turns_done / self->n_turns : 0.0;
}

static void
set_result (FolAnalysis *self, FolGameAnalysis *result)
{
  g_clear_pointer (&self->result, fol_game_analysis_free);
  self->result = result;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RESULT]);
}

gboolean
fol_analysis_load (FolAnalysis *self, GError **error)
{
  g_return_val_if_fail (FOL_IS_ANALYSIS (self), FALSE);
  FolStore *store = fol_game_get_store (self->game);
  gint64 id = fol_game_get_store_id (self->game);
  if (!store || id <= 0)
    {
      g_set_error_literal (error, FOL_STORE_ERROR, FOL_STORE_ERROR_NOT_FOUND, "The game is not saved");
      return FALSE;
    }
  FolGameAnalysis *a = fol_store_load_analysis (store, id, FOL_ANALYSIS_METHOD, error);
  if (!a)
    return FALSE;
  set_result (self, a);
  return TRUE;
}

/* ---- the run ---- */

/* What the worker gets: its own copies only. */
typedef struct {
  const FolAnalysisGame *game;
  gpointer initial;              /* the position after set-up */
  GStrv moves;                   /* the game's moves in the notation */
  FolAnalysisRun run;
  GCancellable *cancellable;
  GMainContext *context;         /* where progress is told (NULL: the calling thread) */
  FolAnalysis *self;             /* not used by the worker but to reference it for a progress idle:
                                    the task keeps it alive */
} Job;

static void
job_free (gpointer p)
{
  Job *job = p;
  g_free (job->initial);
  g_strfreev (job->moves);
  g_clear_object (&job->cancellable);
  g_clear_pointer (&job->context, g_main_context_unref);
  g_free (job);
}

static void
set_progress (FolAnalysis *self, guint done, guint total)
{
  g_object_freeze_notify (G_OBJECT (self));
  if (self->n_turns != total)
    {
      self->n_turns = total;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_TURNS]);
    }
  if (self->turns_done != done)
    {
      self->turns_done = done;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TURNS_DONE]);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FRACTION]);
  g_object_thaw_notify (G_OBJECT (self));
}

static void
set_running (FolAnalysis *self, gboolean running)
{
  self->running = running;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
}

typedef struct {
  FolAnalysis *self;
  guint done, total;
} Progress;

static gboolean
progress_idle (gpointer p)
{
  Progress *pr = p;
  set_progress (pr->self, pr->done, pr->total);
  return G_SOURCE_REMOVE;
}

static void
progress_free (gpointer p)
{
  Progress *pr = p;
  g_object_unref (pr->self);
  g_free (pr);
}

static void
job_progress (int done, int total, void *data)
{
  Job *job = data;
  if (!job->context)
    {
      set_progress (job->self, (guint) done, (guint) total);
      return;
    }
  Progress *pr = g_new (Progress, 1);
  *pr = (Progress) { g_object_ref (job->self), (guint) done, (guint) total };
  g_main_context_invoke_full (job->context, G_PRIORITY_DEFAULT, progress_idle, pr, progress_free);
}

static bool
job_stop (void *data)
{
  return g_cancellable_is_cancelled (((Job *) data)->cancellable);
}

/* Everything the worker needs from the game, copied: the game's adapter,
 * its position after set-up (rebuilt from what the state keeps of its
 * set-up: the engines are deterministic) and its moves. */
static Job *
job_new (FolAnalysis *self, GCancellable *cancellable)
{
  Job *job = g_new0 (Job, 1);
  FolGame *game = self->game;
  if (FOL_IS_SUMMER_GAME (game))
    {
      const SummerState *s = fol_summer_game_get_state (FOL_SUMMER_GAME (game));
      SummerState *initial = g_new (SummerState, 1);
      if (!summer_state_new_game (&s->setup, initial, NULL))
        g_error ("a game in play cannot be set up again");
      job->game = summer_analysis_game ();
      job->initial = initial;
    }
  else
    {
      const FallState *s = fol_fall_game_get_state (FOL_FALL_GAME (game));
      FallState *initial = g_new (FallState, 1);
      /* the side and first player drawn at set-up, given back: the same draws */
      FallOptions opts = { s->side, s->first_player };
      fall_state_init (initial, s->comps, fol_game_get_seed (game), &opts);
      job->game = fall_analysis_game ();
      job->initial = initial;
    }
  guint n = fol_game_get_n_moves (game);
  job->moves = g_new0 (char *, n + 1);
  for (guint i = 0; i < n; i++)
    job->moves[i] = g_strdup (fol_game_get_move (game, i, NULL));
  job->run = (FolAnalysisRun) {
    .effort = self->effort,
    .seed = self->seed,
    .seats = self->seats,
    .check_hash = true,
    .final_hash = fol_game_get_hash (game),
    .stop = job_stop,
    .stop_data = job,
    .progress = job_progress,
    .progress_data = job,
  };
  job->cancellable = cancellable ? g_object_ref (cancellable) : g_cancellable_new ();
  job->self = self;
  return job;
}

static FolGameAnalysis *
job_run (Job *job, GError **error)
{
  g_autoptr (GError) local = NULL;
  FolGameAnalysis *a = fol_analyse_game (job->game, job->initial, (const char *const *) job->moves,
                                         (int) g_strv_length (job->moves), &job->run, &local);
  if (a)
    return a;
  if (g_error_matches (local, FOL_ANALYSIS_ERROR, FOL_ANALYSIS_ERROR_STOPPED))
    g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CANCELLED, "The analysis was cancelled");
  else
    g_propagate_error (error, g_steal_pointer (&local));
  return NULL;
}

/* In the main context: keep and store the result. */
static void
finish_run (FolAnalysis *self, FolGameAnalysis *result)
{
  set_result (self, result);
  FolStore *store = fol_game_get_store (self->game);
  gint64 id = fol_game_get_store_id (self->game);
  if (store && id > 0)
    {
      g_autoptr (GError) error = NULL;
      if (!fol_store_save_analysis (store, id, result, &error))
        g_signal_emit (self, signals[SAVE_FAILED], 0, error);
    }
}

static gboolean
begin_run (FolAnalysis *self, GError **error)
{
  if (self->running)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_PENDING, "The game is being analysed already");
      return FALSE;
    }
  set_running (self, TRUE);
  set_progress (self, 0, 0);
  return TRUE;
}

gboolean
fol_analysis_run (FolAnalysis *self, GCancellable *cancellable, GError **error)
{
  g_return_val_if_fail (FOL_IS_ANALYSIS (self), FALSE);
  if (!begin_run (self, error))
    return FALSE;
  Job *job = job_new (self, cancellable);
  FolGameAnalysis *a = job_run (job, error);
  job_free (job);
  if (a)
    finish_run (self, a);
  set_running (self, FALSE);
  return a != NULL;
}

static void
run_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  GError *error = NULL;
  FolGameAnalysis *a = job_run (task_data, &error);
  if (a)
    g_task_return_pointer (task, a, (GDestroyNotify) fol_game_analysis_free);
  else
    g_task_return_error (task, error);
}

/* The worker's end, in the caller's main context (after every progress
 * idle: they were queued before it). */
static void
run_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  FolAnalysis *self = FOL_ANALYSIS (source);
  g_autoptr (GTask) outer = user_data;
  GError *error = NULL;
  FolGameAnalysis *a = g_task_propagate_pointer (G_TASK (result), &error);
  if (a)
    finish_run (self, a);
  set_running (self, FALSE);
  if (a)
    g_task_return_boolean (outer, TRUE);
  else
    g_task_return_error (outer, error);
}

void
fol_analysis_run_async (FolAnalysis *self, GCancellable *cancellable, GAsyncReadyCallback callback,
                        gpointer user_data)
{
  g_return_if_fail (FOL_IS_ANALYSIS (self));
  GTask *outer = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (outer, fol_analysis_run_async);
  /* the run's own outcome: a run done before the cancellation is kept */
  g_task_set_check_cancellable (outer, FALSE);
  GError *error = NULL;
  if (!begin_run (self, &error))
    {
      g_task_return_error (outer, error);
      g_object_unref (outer);
      return;
    }
  Job *job = job_new (self, cancellable);
  job->context = g_main_context_ref_thread_default ();
  /* the inner task's check of @cancellable is off: the run itself says
   * G_IO_ERROR_CANCELLED, and run_done always runs (running goes FALSE) */
  g_autoptr (GTask) inner = g_task_new (self, NULL, run_done, outer);
  g_task_set_task_data (inner, job, job_free);
  g_task_run_in_thread (inner, run_thread);
}

gboolean
fol_analysis_run_finish (FolAnalysis *self, GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == fol_analysis_run_async, FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}
