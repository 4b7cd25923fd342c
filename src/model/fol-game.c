/* fol-game.c: FolGame, the base of FolSummerGame and FolFallGame. */
#include "fol-game.h"
#include "ai-level.h"

typedef struct {
  int seat;
  char *text;
} LoggedMove;

typedef struct
{
  GPtrArray *players;        /* FolPlayer */
  FolStore *store;
  gint64 store_id;
  guint64 seed;
  GArray *log;               /* LoggedMove */
  guint turn_start;          /* index in log of the current turn's first move */
  guint think_ms;            /* 0: each level's own cap */
  guint n_hints;
} FolGamePrivate;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (FolGame, fol_game, G_TYPE_OBJECT)
G_DEFINE_QUARK (fol-game-error-quark, fol_game_error)

enum {
  PROP_0,
  PROP_CURRENT_SEAT,
  PROP_IS_OVER,
  PROP_N_MOVES,
  PROP_STORE_ID,
  PROP_N_HINTS,
  N_PROPS
};
static GParamSpec *properties[N_PROPS];

enum {
  MOVE_APPLIED,
  TURN_STARTED,
  GAME_OVER,
  SAVE_FAILED,
  UNDONE,
  N_SIGNALS
};
static guint signals[N_SIGNALS];

static void
logged_move_clear (gpointer p)
{
  g_free (((LoggedMove *) p)->text);
}

static void
fol_game_finalize (GObject *object)
{
  FolGamePrivate *priv = fol_game_get_instance_private (FOL_GAME (object));
  g_clear_pointer (&priv->players, g_ptr_array_unref);
  g_clear_pointer (&priv->log, g_array_unref);
  g_clear_object (&priv->store);
  G_OBJECT_CLASS (fol_game_parent_class)->finalize (object);
}

static void
fol_game_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  FolGame *self = FOL_GAME (object);
  switch (prop_id)
    {
    case PROP_CURRENT_SEAT: g_value_set_int (value, fol_game_get_current_seat (self)); break;
    case PROP_IS_OVER: g_value_set_boolean (value, fol_game_get_is_over (self)); break;
    case PROP_N_MOVES: g_value_set_uint (value, fol_game_get_n_moves (self)); break;
    case PROP_STORE_ID: g_value_set_int64 (value, fol_game_get_store_id (self)); break;
    case PROP_N_HINTS: g_value_set_uint (value, fol_game_get_n_hints (self)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
fol_game_class_init (FolGameClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  object_class->finalize = fol_game_finalize;
  object_class->get_property = fol_game_get_property;

  properties[PROP_CURRENT_SEAT] = g_param_spec_int ("current-seat", NULL, NULL, -1, 7, 0,
                                                    G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_IS_OVER] = g_param_spec_boolean ("is-over", NULL, NULL, FALSE,
                                                   G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_N_MOVES] = g_param_spec_uint ("n-moves", NULL, NULL, 0, G_MAXUINT, 0,
                                                G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_STORE_ID] = g_param_spec_int64 ("store-id", NULL, NULL, 0, G_MAXINT64, 0,
                                                  G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_N_HINTS] = g_param_spec_uint ("n-hints", NULL, NULL, 0, G_MAXUINT, 0,
                                                G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * FolGame::move-applied:
   * @seat: the seat that played
   * @text: the move in the notation
   * @report: (type gpointer): a const FolMoveReport *: what the move did,
   *   valid during the emission
   */
  signals[MOVE_APPLIED] = g_signal_new ("move-applied", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                        NULL, NULL, NULL, G_TYPE_NONE, 3, G_TYPE_INT, G_TYPE_STRING,
                                        G_TYPE_POINTER);
  /** FolGame::turn-started: @seat: the seat whose turn begins */
  signals[TURN_STARTED] = g_signal_new ("turn-started", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                        NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT);
  /** FolGame::game-over: the game has ended; results are saved. */
  signals[GAME_OVER] = g_signal_new ("game-over", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                     NULL, NULL, NULL, G_TYPE_NONE, 0);
  /** FolGame::save-failed: @error: why the store refused; the game goes on in memory. */
  signals[SAVE_FAILED] = g_signal_new ("save-failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                       NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_ERROR);
  /** FolGame::undone: a move was taken back. */
  signals[UNDONE] = g_signal_new ("undone", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                  NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
fol_game_init (FolGame *self)
{
  FolGamePrivate *priv = fol_game_get_instance_private (self);
  priv->players = g_ptr_array_new_with_free_func (g_object_unref);
  priv->log = g_array_new (FALSE, TRUE, sizeof (LoggedMove));
  g_array_set_clear_func (priv->log, logged_move_clear);
}

bool
fol_game_search_stop (void *data)
{
  FolGameStop *d = data;
  return g_get_monotonic_time () >= d->deadline || g_cancellable_is_cancelled (d->cancellable);
}

void
fol_game_set_think_time (FolGame *self, guint ms)
{
  g_return_if_fail (FOL_IS_GAME (self));
  FolGamePrivate *priv = fol_game_get_instance_private (self);
  priv->think_ms = ms;
}

guint
fol_game_get_think_time (FolGame *self, int level)
{
  g_return_val_if_fail (FOL_IS_GAME (self), 0);
  FolGamePrivate *priv = fol_game_get_instance_private (self);
  if (priv->think_ms > 0)
    return priv->think_ms;
  /* guards only: each level's search ends far sooner on an ordinary machine */
  switch (level)
    {
    case FOL_AI_HARD: return 5000;
    case FOL_AI_EXPERT: return 12000;
    default: return 2000;
    }
}

static gint64
deadline (FolGame *self, int level)
{
  return g_get_monotonic_time () + (gint64) fol_game_get_think_time (self, level) * 1000;
}

static void
save_failed (FolGame *self, GError *error)
{
  g_signal_emit (self, signals[SAVE_FAILED], 0, error);
}

gboolean
fol_game_setup_seats (FolGame *self, FolPlayer **players, guint n_players, FolStore *store,
                      guint64 seed, const char *options, GError **error)
{
  FolGamePrivate *priv = fol_game_get_instance_private (self);
  priv->seed = seed;
  for (guint i = 0; i < n_players; i++)
    g_ptr_array_add (priv->players, g_object_ref (players[i]));
  if (!store)
    return TRUE;
  priv->store = g_object_ref (store);
  FolSeatSetup seats[FOL_STORE_MAX_SEATS];
  for (guint i = 0; i < n_players && i < FOL_STORE_MAX_SEATS; i++)
    seats[i] = (FolSeatSetup) { fol_player_get_name (players[i]), fol_player_get_human (players[i]),
                                fol_player_get_human (players[i]) ? 0 : fol_player_get_level (players[i]) };
  priv->store_id = fol_store_create_game (store, FOL_GAME_GET_CLASS (self)->kind, seed, options, seats,
                                          n_players, fol_game_get_hash (self), error);
  return priv->store_id > 0;
}

static void store_results (FolGame *self);

gboolean
fol_game_restore (FolGame *self, FolStore *store, const FolSavedGame *saved, GError **error)
{
  FolGamePrivate *priv = fol_game_get_instance_private (self);
  FolGameClass *klass = FOL_GAME_GET_CLASS (self);
  klass->reset (self);
  g_array_set_size (priv->log, 0);
  priv->turn_start = 0;
  for (guint i = 0; i < saved->moves->len; i++)
    {
      const FolSavedMove *m = &g_array_index (saved->moves, FolSavedMove, i);
      FolMoveReport report = { 0 };
      g_autoptr (GError) local = NULL;
      /* the seat saved with a move is the seat that was to move */
      int to_move = klass->get_current_seat (self);
      if (m->seat != to_move)
        {
          g_set_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_INVALID, "saved game %" G_GINT64_FORMAT
                       ": move %d is saved as played by seat %d, but seat %d was to move (moves.seat)",
                       saved->id, m->ply, m->seat, to_move);
          return FALSE;
        }
      if (!klass->apply_text (self, m->text, &report, &local))
        {
          /* never more of the stored text than a short quote (a damaged
           * file can hold a move of a megabyte) */
          g_autofree char *quote = fol_quote (m->text);
          g_autofree char *why = fol_store_elide (local->message, m->text);
          g_set_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_INVALID, "saved game %" G_GINT64_FORMAT
                       ": move %d ('%s') cannot be replayed: %s", saved->id, m->ply, quote, why);
          return FALSE;
        }
      LoggedMove lm = { m->seat, g_strdup (m->text) };
      g_array_append_val (priv->log, lm);
      if (report.turn_ended)
        priv->turn_start = priv->log->len;
    }
  guint64 hash = klass->get_hash (self);
  if (hash != saved->hash)
    return fol_store_set_hash_mismatch_error (error, saved->id, saved->hash, hash);
  priv->seed = saved->seed;
  for (guint i = 0; i < saved->n_seats; i++)
    g_ptr_array_add (priv->players, fol_player_new (saved->seats[i].name, saved->seats[i].human, saved->seats[i].level));
  priv->n_hints = (guint) MAX (saved->hints, 0);
  if (store == NULL)
    return TRUE;
  priv->store = g_object_ref (store);
  priv->store_id = saved->id;
  /* the program stopped between the last move and storing the results */
  if (klass->get_is_over (self) && saved->status == FOL_STORE_STATUS_IN_PROGRESS)
    store_results (self);
  return TRUE;
}

guint
fol_game_get_n_seats (FolGame *self)
{
  FolGamePrivate *priv = fol_game_get_instance_private (self);
  return priv->players->len;
}

FolPlayer *
fol_game_get_player (FolGame *self, guint seat)
{
  FolGamePrivate *priv = fol_game_get_instance_private (self);
  g_return_val_if_fail (seat < priv->players->len, NULL);
  return g_ptr_array_index (priv->players, seat);
}

int
fol_game_get_current_seat (FolGame *self)
{
  return FOL_GAME_GET_CLASS (self)->get_current_seat (self);
}

gboolean
fol_game_get_is_over (FolGame *self)
{
  return FOL_GAME_GET_CLASS (self)->get_is_over (self);
}

guint64
fol_game_get_hash (FolGame *self)
{
  return FOL_GAME_GET_CLASS (self)->get_hash (self);
}

guint64
fol_game_get_seed (FolGame *self)
{
  FolGamePrivate *priv = fol_game_get_instance_private (self);
  return priv->seed;
}

gint64
fol_game_get_store_id (FolGame *self)
{
  FolGamePrivate *priv = fol_game_get_instance_private (self);
  return priv->store_id;
}

FolStore *
fol_game_get_store (FolGame *self)
{
  FolGamePrivate *priv = fol_game_get_instance_private (self);
  return priv->store;
}

guint
fol_game_get_n_moves (FolGame *self)
{
  FolGamePrivate *priv = fol_game_get_instance_private (self);
  return priv->log->len;
}

const char *
fol_game_get_move (FolGame *self, guint ply, int *seat)
{
  FolGamePrivate *priv = fol_game_get_instance_private (self);
  g_return_val_if_fail (ply < priv->log->len, NULL);
  const LoggedMove *m = &g_array_index (priv->log, LoggedMove, ply);
  if (seat)
    *seat = m->seat;
  return m->text;
}

guint
fol_game_get_n_undoable (FolGame *self)
{
  FolGamePrivate *priv = fol_game_get_instance_private (self);
  return priv->log->len - priv->turn_start;
}

static void
store_results (FolGame *self)
{
  FolGamePrivate *priv = fol_game_get_instance_private (self);
  if (!priv->store || priv->store_id <= 0)
    return;
  FolSeatResult results[FOL_STORE_MAX_SEATS];
  FOL_GAME_GET_CLASS (self)->get_results (self, results);
  g_autoptr (GError) error = NULL;
  if (!fol_store_finish_game (priv->store, priv->store_id, results, priv->players->len, &error))
    save_failed (self, error);
}

gboolean
fol_game_apply_move (FolGame *self, const char *text, GError **error)
{
  g_return_val_if_fail (FOL_IS_GAME (self), FALSE);
  g_return_val_if_fail (text != NULL, FALSE);
  FolGamePrivate *priv = fol_game_get_instance_private (self);
  FolGameClass *klass = FOL_GAME_GET_CLASS (self);
  int seat = klass->get_current_seat (self);
  FolMoveReport report = { .seat = seat, .ply = priv->log->len };
  if (!klass->apply_text (self, text, &report, error))
    return FALSE;
  LoggedMove lm = { seat, g_strdup (text) };
  g_array_append_val (priv->log, lm);
  report.text = lm.text;
  if (priv->store && priv->store_id > 0)
    {
      g_autoptr (GError) save_error = NULL;
      if (!fol_store_append_move (priv->store, priv->store_id, (int) priv->log->len, text, seat,
                                  klass->get_hash (self), &save_error))
        save_failed (self, save_error);
    }
  if (report.turn_ended)
    priv->turn_start = priv->log->len;
  /* the results are stored before anyone hears of the last move (a page
   * shows the end screen, a campaign reads them) */
  if (report.game_over)
    store_results (self);
  g_object_freeze_notify (G_OBJECT (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_MOVES]);
  g_signal_emit (self, signals[MOVE_APPLIED], 0, seat, text, &report);
  if (report.game_over)
    {
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_IS_OVER]);
      g_signal_emit (self, signals[GAME_OVER], 0);
    }
  else if (report.turn_ended)
    {
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CURRENT_SEAT]);
      g_signal_emit (self, signals[TURN_STARTED], 0, klass->get_current_seat (self));
    }
  g_object_thaw_notify (G_OBJECT (self));
  return TRUE;
}

/* Plays the log's first @n moves again from the set-up, each one told to
 * @func (when not NULL).  The log holds only moves the rules took, so a
 * refusal is a bug. */
static void
replay_log (FolGame *self, guint n, FolMoveFunc func, gpointer user_data)
{
  FolGamePrivate *priv = fol_game_get_instance_private (self);
  FolGameClass *klass = FOL_GAME_GET_CLASS (self);
  klass->reset (self);
  for (guint i = 0; i < n; i++)
    {
      const LoggedMove *m = &g_array_index (priv->log, LoggedMove, i);
      FolMoveReport report = { .seat = m->seat, .ply = i, .text = m->text };
      g_autoptr (GError) error = NULL;
      if (!klass->apply_text (self, m->text, &report, &error))
        g_error ("replaying move %u '%s' failed: %s", i + 1, m->text, error->message);
      if (func)
        func (self, &report, user_data);
    }
}

void
fol_game_replay (FolGame *self, FolMoveFunc func, gpointer user_data)
{
  g_return_if_fail (FOL_IS_GAME (self));
  g_return_if_fail (func != NULL);
  FolGamePrivate *priv = fol_game_get_instance_private (self);
  /* the engines are deterministic (DESIGN.md): the whole log leads back to
   * the very position the game was in */
  replay_log (self, priv->log->len, func, user_data);
}

gboolean
fol_game_undo (FolGame *self, GError **error)
{
  g_return_val_if_fail (FOL_IS_GAME (self), FALSE);
  FolGamePrivate *priv = fol_game_get_instance_private (self);
  FolGameClass *klass = FOL_GAME_GET_CLASS (self);
  if (priv->log->len <= priv->turn_start || klass->get_is_over (self))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                           "no move of this turn is left to undo");
      return FALSE;
    }
  /* replay everything but the last move */
  g_array_set_size (priv->log, priv->log->len - 1);
  replay_log (self, priv->log->len, NULL, NULL);
  if (priv->store && priv->store_id > 0)
    {
      g_autoptr (GError) save_error = NULL;
      if (!fol_store_truncate_moves (priv->store, priv->store_id, (int) priv->log->len,
                                     klass->get_hash (self), &save_error))
        save_failed (self, save_error);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_MOVES]);
  g_signal_emit (self, signals[UNDONE], 0);
  return TRUE;
}

/* ---- computer moves ---- */

typedef struct {
  gpointer state;
  int level;
  guint64 seed;
  gint64 deadline;
  char *(*choose) (gconstpointer state, int level, guint64 seed, gint64 deadline, GCancellable *cancellable);
} ChooseData;

static void
choose_data_free (gpointer p)
{
  ChooseData *d = p;
  g_free (d->state);
  g_free (d);
}

static void
choose_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  ChooseData *d = task_data;
  if (g_task_return_error_if_cancelled (task))
    return;
  char *text = d->choose (d->state, d->level, d->seed, d->deadline, cancellable);
  if (g_task_return_error_if_cancelled (task))
    {
      g_free (text);
      return;
    }
  if (!text)
    g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_FAILED, "the game is over: there is no move");
  else
    g_task_return_pointer (task, text, g_free);
}

static guint64
ai_seed (FolGame *self)
{
  FolGamePrivate *priv = fol_game_get_instance_private (self);
  guint64 x = priv->seed ^ ((guint64) priv->log->len * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15));
  return x;
}

/* Runs the class's choose_move at @level for the seat to move in a worker
 * thread; @tag tells a computer move from a hint. */
static void
run_choose (FolGame *self, int level, gpointer tag, GCancellable *cancellable,
            GAsyncReadyCallback callback, gpointer user_data)
{
  FolGameClass *klass = FOL_GAME_GET_CLASS (self);
  g_autoptr (GTask) task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, tag);
  ChooseData *d = g_new0 (ChooseData, 1);
  d->state = klass->copy_state (self);
  d->level = level;
  d->seed = ai_seed (self);
  d->deadline = deadline (self, level);
  d->choose = klass->choose_move;
  g_task_set_task_data (task, d, choose_data_free);
  g_task_run_in_thread (task, choose_thread);
}

void
fol_game_choose_move_async (FolGame *self, int level, GCancellable *cancellable,
                            GAsyncReadyCallback callback, gpointer user_data)
{
  g_return_if_fail (FOL_IS_GAME (self));
  run_choose (self, level, fol_game_choose_move_async, cancellable, callback, user_data);
}

char *
fol_game_choose_move_finish (FolGame *self, GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == fol_game_choose_move_async, NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

char *
fol_game_choose_move (FolGame *self, int level)
{
  FolGameClass *klass = FOL_GAME_GET_CLASS (self);
  g_autofree gpointer state = klass->copy_state (self);
  return klass->choose_move (state, level, ai_seed (self), deadline (self, level), NULL);
}

/* ---- hints ---- */

void
fol_game_hint_async (FolGame *self, GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data)
{
  g_return_if_fail (FOL_IS_GAME (self));
  run_choose (self, FOL_AI_HARD, fol_game_hint_async, cancellable, callback, user_data);
}

char *
fol_game_hint_finish (FolGame *self, GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == fol_game_hint_async, NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

void
fol_game_add_hint (FolGame *self)
{
  g_return_if_fail (FOL_IS_GAME (self));
  FolGamePrivate *priv = fol_game_get_instance_private (self);
  priv->n_hints++;
  if (priv->store && priv->store_id > 0)
    {
      g_autoptr (GError) error = NULL;
      if (!fol_store_add_hint (priv->store, priv->store_id, &error))
        save_failed (self, error);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_HINTS]);
}

guint
fol_game_get_n_hints (FolGame *self)
{
  g_return_val_if_fail (FOL_IS_GAME (self), 0);
  FolGamePrivate *priv = fol_game_get_instance_private (self);
  return priv->n_hints;
}
