/* fol-par.c: FolPar, the par of a solo deal computed in a worker thread and
 * kept in the store's cache (fol-par.h).
 *
 * Thread safety: the worker gets a Job holding its own copy of the deal's
 * start and the run's settings, and the engine's read-only component data;
 * it never touches the FolPar or the store.  Progress reaches the object
 * through idle callbacks in the caller's main context; the result is set
 * and stored there, in the thread that owns the store.  The worker is a
 * thread of its own rather than one of GLib's pool, so that it can run at a
 * lower priority (fol_par_set_low_priority()) and ends with its run. */
#include "config.h"
#include "fol-par.h"

#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/resource.h>
#endif

#include "fol-saved-par.h"
#include "summer-notation.h"
#include "summer-par.h"

/* The nice value of a low-priority worker (fol_par_set_low_priority()). */
#define LOW_PRIORITY_NICE 10

struct _FolPar
{
  GObject parent_instance;
  FolDeal deal;
  char *deal_code;
  SummerState start;            /* the deal's start */
  guint64 nodes;                /* 0: the default */
  guint time_cap;               /* seconds, 0: none */
  gboolean low_priority;
  gboolean running;
  double fraction;
  gboolean has_result;
  FolParResult result;          /* valid with has_result */
  GError *cache_error;
};

G_DEFINE_FINAL_TYPE (FolPar, fol_par, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_DEAL_CODE,
  PROP_RUNNING,
  PROP_FRACTION,
  PROP_HAS_RESULT,
  N_PROPS
};
static GParamSpec *properties[N_PROPS];

static void
fol_par_finalize (GObject *object)
{
  FolPar *self = FOL_PAR (object);
  g_free (self->deal_code);
  g_strfreev (self->result.line);
  g_clear_error (&self->cache_error);
  G_OBJECT_CLASS (fol_par_parent_class)->finalize (object);
}

static void
fol_par_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  FolPar *self = FOL_PAR (object);
  switch (prop_id)
    {
    case PROP_DEAL_CODE: g_value_set_string (value, self->deal_code); break;
    case PROP_RUNNING: g_value_set_boolean (value, self->running); break;
    case PROP_FRACTION: g_value_set_double (value, self->fraction); break;
    case PROP_HAS_RESULT: g_value_set_boolean (value, self->has_result); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
fol_par_class_init (FolParClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  object_class->finalize = fol_par_finalize;
  object_class->get_property = fol_par_get_property;

  properties[PROP_DEAL_CODE] = g_param_spec_string ("deal-code", NULL, NULL, NULL,
                                                    G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_RUNNING] = g_param_spec_boolean ("running", NULL, NULL, FALSE,
                                                   G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_FRACTION] = g_param_spec_double ("fraction", NULL, NULL, 0.0, 1.0, 0.0,
                                                   G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* notified each time a result is set, whether it was there before or not */
  properties[PROP_HAS_RESULT] = g_param_spec_boolean ("has-result", NULL, NULL, FALSE,
                                                      G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
fol_par_init (FolPar *self)
{
  self->time_cap = FOL_PAR_TIME_CAP_SECONDS;
}

FolPar *
fol_par_new (const FolDeal *deal, GError **error)
{
  g_return_val_if_fail (deal != NULL, NULL);
  if (!fol_deal_check (deal, error))
    return NULL;
  if (deal->game != FOL_DEAL_SUMMER || deal->n_players != 1)
    {
      g_set_error_literal (error, SUMMER_ERROR, SUMMER_ERROR_SETUP,
                           "a par is computed for deals of solo Indian Summer only");
      return NULL;
    }
  g_autoptr (FolPar) self = g_object_new (FOL_TYPE_PAR, NULL);
  self->deal = *deal;
  SummerSetup setup;
  fol_deal_to_summer_setup (deal, &setup);
  if (!summer_state_new_game (&setup, &self->start, error))
    return NULL;
  self->deal_code = fol_deal_code_format (deal, error);
  if (self->deal_code == NULL)
    return NULL;
  return g_steal_pointer (&self);
}

const char *
fol_par_get_deal_code (FolPar *self)
{
  g_return_val_if_fail (FOL_IS_PAR (self), NULL);
  return self->deal_code;
}

void
fol_par_set_nodes (FolPar *self, guint64 nodes)
{
  g_return_if_fail (FOL_IS_PAR (self));
  self->nodes = nodes;
}

guint64
fol_par_get_nodes (FolPar *self)
{
  g_return_val_if_fail (FOL_IS_PAR (self), 0);
  if (self->nodes > 0)
    return self->nodes;
  const char *env = g_getenv (FOL_PAR_NODES_ENV);
  guint64 n = 0;
  if (env != NULL && g_ascii_string_to_unsigned (env, 10, 1, G_MAXINT64, &n, NULL))
    return n;
  return SUMMER_PAR_DEFAULT_NODES;
}

void
fol_par_set_time_cap (FolPar *self, guint seconds)
{
  g_return_if_fail (FOL_IS_PAR (self));
  self->time_cap = seconds;
}

void
fol_par_set_low_priority (FolPar *self, gboolean low)
{
  g_return_if_fail (FOL_IS_PAR (self));
  self->low_priority = low;
}

gboolean
fol_par_get_running (FolPar *self)
{
  g_return_val_if_fail (FOL_IS_PAR (self), FALSE);
  return self->running;
}

double
fol_par_get_fraction (FolPar *self)
{
  g_return_val_if_fail (FOL_IS_PAR (self), 0.0);
  return self->fraction;
}

const FolParResult *
fol_par_get_result (FolPar *self)
{
  g_return_val_if_fail (FOL_IS_PAR (self), NULL);
  return self->has_result ? &self->result : NULL;
}

const GError *
fol_par_get_cache_error (FolPar *self)
{
  g_return_val_if_fail (FOL_IS_PAR (self), NULL);
  return self->cache_error;
}

char *
fol_par_format_record (FolPar *self)
{
  g_return_val_if_fail (FOL_IS_PAR (self), NULL);
  if (!self->has_result)
    return NULL;
  g_autoptr (GPtrArray) moves = g_ptr_array_new ();
  for (int i = 0; self->result.line[i]; i++)
    g_ptr_array_add (moves, self->result.line[i]);
  return summer_record_format (&self->start.setup, moves);
}

/* Takes @result (its line: transfer full) as the result, and tells it. */
static void
set_result (FolPar *self, const FolParResult *result)
{
  g_strfreev (self->result.line);
  self->result = *result;
  self->has_result = TRUE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HAS_RESULT]);
}

/* ---- the cache ---- */

/* Whether @par's line plays from the deal's start to the end of the game
 * with its score and outcome; FALSE with the reason in @why. */
static gboolean
line_reaches_par (FolPar *self, const FolSavedPar *par, char **why)
{
  SummerState s = self->start;
  for (int i = 0; par->line[i]; i++)
    {
      g_autoptr (GError) error = NULL;
      SummerMove m;
      if (summer_is_over (&s))
        {
          *why = g_strdup_printf ("the line goes on after the end of the game (move %d)", i + 1);
          return FALSE;
        }
      if (!summer_move_parse (&s, par->line[i], &m, &error) || !summer_apply_move (&s, &m, NULL, &error))
        {
          *why = g_strdup_printf ("move %d of the line cannot be played: %s", i + 1, error->message);
          return FALSE;
        }
    }
  if (!summer_is_over (&s))
    {
      *why = g_strdup ("the line ends before the end of the game");
      return FALSE;
    }
  if (s.result[0].solo_score != par->score || (gboolean) s.result[0].full != par->won)
    {
      *why = g_strdup_printf ("the line scores %d, not the par %d", s.result[0].solo_score, par->score);
      return FALSE;
    }
  return TRUE;
}

gboolean
fol_par_load (FolPar *self, FolStore *store, GError **error)
{
  g_return_val_if_fail (FOL_IS_PAR (self), FALSE);
  g_return_val_if_fail (FOL_IS_STORE (store), FALSE);
  g_autoptr (FolSavedPar) par = fol_store_load_par (store, self->deal_code, FOL_PAR_SOLVER_VERSION,
                                                    fol_par_get_nodes (self), error);
  if (par == NULL)
    return FALSE;
  g_autofree char *why = NULL;
  if (!line_reaches_par (self, par, &why))
    {
      g_set_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_CORRUPT,
                   "The stored par of deal %s in “%s” is damaged: %s (pars.line)", self->deal_code,
                   fol_store_get_path (store), why);
      return FALSE;
    }
  const FolParResult result = {
    .score = par->score,
    .proven = par->proven,
    .won = par->won,
    .expert_score = par->expert_score,
    .nodes = par->nodes,
    .line = g_steal_pointer (&par->line),
    .from_cache = TRUE,
  };
  set_result (self, &result);
  return TRUE;
}

/* Keeps the computed result in @store; a refusal is only told. */
static void
save_result (FolPar *self, FolStore *store)
{
  const FolParResult *r = &self->result;
  FolSavedPar par = {
    .deal = self->deal_code,
    .solver = FOL_PAR_SOLVER_VERSION,
    .budget = fol_par_get_nodes (self),
    .score = r->score,
    .won = r->won,
    .proven = r->proven,
    .nodes = r->nodes,
    .expert_score = r->expert_score,
    .line = r->line,
  };
  g_autoptr (GError) error = NULL;
  if (!fol_store_save_par (store, &par, &error))
    g_message ("the par of deal %s is not kept: %s", self->deal_code, error->message);
}

/* ---- the computation ---- */

/* What the worker gets: its own copies only. */
typedef struct {
  SummerState start;
  guint64 nodes;
  gint64 deadline;              /* monotonic µs; 0: none */
  gboolean low_priority;
  gboolean timed_out;           /* the deadline stopped the search */
  int percent;                  /* the progress, in whole percent (atomic) */
  int progress_queued;          /* a progress idle waits in @context (atomic) */
  GCancellable *cancellable;
  GMainContext *context;
  GTask *task;                  /* the worker's task: it owns the job */
} Job;

static void
job_free (gpointer p)
{
  Job *job = p;
  g_clear_object (&job->cancellable);
  g_clear_pointer (&job->context, g_main_context_unref);
  g_free (job);
}

static void
result_free (gpointer p)
{
  summer_par_result_clear (p);
  g_free (p);
}

static void
set_running (FolPar *self, gboolean running)
{
  if (self->running == running)
    return;
  self->running = running;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
}

static void
set_fraction (FolPar *self, double fraction)
{
  if (self->fraction == fraction)
    return;
  self->fraction = fraction;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FRACTION]);
}

/* In the main context (@data: the worker's task): the latest progress. */
static gboolean
progress_idle (gpointer data)
{
  Job *job = g_task_get_task_data (data);
  FolPar *self = g_task_get_source_object (data);
  g_atomic_int_set (&job->progress_queued, 0);
  /* a progress that arrives after the end is stale */
  if (self->running)
    set_fraction (self, g_atomic_int_get (&job->percent) / 100.0);
  return G_SOURCE_REMOVE;
}

/* In the worker: a whole percent more is told to the main context, by one
 * idle at a time (the latest percent, however many came meanwhile). */
static void
job_progress (const SummerParProgress *progress, void *data)
{
  Job *job = data;
  int percent = (int) (CLAMP (progress->fraction, 0.0, 1.0) * 100);
  if (percent == g_atomic_int_get (&job->percent))
    return;
  g_atomic_int_set (&job->percent, percent);
  if (g_atomic_int_compare_and_exchange (&job->progress_queued, 0, 1))
    g_main_context_invoke_full (job->context, G_PRIORITY_DEFAULT, progress_idle, g_object_ref (job->task),
                                g_object_unref);
}

static bool
job_stop (void *data)
{
  Job *job = data;
  if (g_cancellable_is_cancelled (job->cancellable))
    return true;
  if (job->deadline > 0 && g_get_monotonic_time () > job->deadline)
    job->timed_out = TRUE;
  return job->timed_out;
}

/* The worker: solves, then returns the SummerParResult (or the error) to
 * the task, whose callback runs in the caller's main context. */
static gpointer
solve_thread (gpointer data)
{
  g_autoptr (GTask) task = data;
  Job *job = g_task_get_task_data (task);
#if defined(__linux__)
  /* this thread alone: on Linux the nice value is a thread's, and "who" 0
   * is the calling thread; it ends with the run, so it is never restored */
  if (job->low_priority && setpriority (PRIO_PROCESS, 0, LOW_PRIORITY_NICE) != 0)
    g_debug ("the par's worker keeps its priority");
#endif
  SummerParBudget budget = {
    .nodes = job->nodes,
    .stop = job_stop,
    .stop_data = job,
    .progress = job_progress,
    .progress_data = job,
  };
  SummerParResult *r = g_new0 (SummerParResult, 1);
  GError *error = NULL;
  if (!summer_par_solve (&job->start, &budget, r, &error))
    {
      g_free (r);
      g_task_return_error (task, error);
    }
  else if (r->capped && g_cancellable_is_cancelled (job->cancellable))
    {
      result_free (r);
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, "The par was not computed: cancelled");
    }
  else if (r->line->len == 0)
    {
      /* cut before the Expert's game ended: no line at all */
      result_free (r);
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_TIMED_OUT,
                               "The par was not computed: no line was found within the time cap");
    }
  else
    g_task_return_pointer (task, r, result_free);
  return NULL;
}

/* In the caller's main context: keep and store the result, then tell the caller. */
static void
solve_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  FolPar *self = FOL_PAR (source);
  g_autoptr (GTask) outer = user_data;
  GError *error = NULL;
  SummerParResult *r = g_task_propagate_pointer (G_TASK (result), &error);
  if (r)
    {
      GStrvBuilder *b = g_strv_builder_new ();
      for (guint i = 0; i < r->line_text->len; i++)
        g_strv_builder_add (b, g_ptr_array_index (r->line_text, i));
      const FolParResult computed = {
        .score = r->score,
        .proven = r->proven,
        .won = r->won,
        .capped = r->capped,
        .expert_score = r->expert_score,
        .nodes = r->nodes,
        .line = g_strv_builder_end (b),
      };
      g_strv_builder_unref (b);
      result_free (r);
      set_fraction (self, 1.0);
      set_result (self, &computed);
      FolStore *store = g_task_get_task_data (outer);
      /* a par cut by the time cap is not what the budget gives: not kept */
      if (store && !computed.capped)
        save_result (self, store);
    }
  set_running (self, FALSE);
  if (error)
    g_task_return_error (outer, error);
  else
    g_task_return_boolean (outer, TRUE);
}

void
fol_par_run_async (FolPar *self, FolStore *store, GCancellable *cancellable, GAsyncReadyCallback callback,
                   gpointer user_data)
{
  g_return_if_fail (FOL_IS_PAR (self));
  g_return_if_fail (store == NULL || FOL_IS_STORE (store));
  g_autoptr (GTask) outer = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (outer, fol_par_run_async);
  /* the run's own outcome: a par found before a cancellation is kept */
  g_task_set_check_cancellable (outer, FALSE);
  if (store)
    g_task_set_task_data (outer, g_object_ref (store), g_object_unref);
  if (self->running)
    {
      g_task_return_new_error (outer, G_IO_ERROR, G_IO_ERROR_PENDING, "The par is being computed already");
      return;
    }
  if (store)
    {
      g_autoptr (GError) error = NULL;
      if (fol_par_load (self, store, &error))
        {
          g_task_return_boolean (outer, TRUE);
          return;
        }
      if (!g_error_matches (error, FOL_STORE_ERROR, FOL_STORE_ERROR_NOT_FOUND))
        {
          /* a damaged row (or a store that cannot be read): computed again, and replaced */
          g_message ("%s; it is computed again", error->message);
          g_clear_error (&self->cache_error);
          self->cache_error = g_steal_pointer (&error);
        }
    }
  Job *job = g_new0 (Job, 1);
  job->start = self->start;
  job->nodes = fol_par_get_nodes (self);
  job->deadline = self->time_cap ? g_get_monotonic_time () + (gint64) self->time_cap * G_USEC_PER_SEC : 0;
  job->low_priority = self->low_priority;
  job->percent = -1;
  job->cancellable = cancellable ? g_object_ref (cancellable) : g_cancellable_new ();
  job->context = g_main_context_ref_thread_default ();
  set_fraction (self, 0.0);
  set_running (self, TRUE);
  /* the inner task does not check @cancellable: the worker says
   * G_IO_ERROR_CANCELLED itself, and solve_done always runs ("running"
   * goes FALSE) */
  GTask *inner = g_task_new (self, NULL, solve_done, g_steal_pointer (&outer));
  g_task_set_task_data (inner, job, job_free);
  job->task = inner;
  GError *error = NULL;
  GThread *thread = g_thread_try_new ("fol-par", solve_thread, inner, &error);
  if (thread)
    g_thread_unref (thread);
  else
    {
      g_task_return_error (inner, error);
      g_object_unref (inner);
    }
}

gboolean
fol_par_run_finish (FolPar *self, GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == fol_par_run_async, FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}
