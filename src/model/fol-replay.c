/* fol-replay.c: FolReplay, a saved game position by position (see the header). */
#include "fol-replay.h"

struct _FolReplay
{
  GObject parent_instance;

  FolGame *game;                      /* at its last move, not saved */
  gint64 id;
  guint n_plies;
  /* n_plies + 1 positions of one of the two games */
  SummerState *summer;
  FallState *fall;
  /* n_plies moves: what each did, their details pointing into the positions */
  FolMoveReport *moves;
  FolSummerMoveDetail *summer_details;
  FolFallMoveDetail *fall_details;
};

G_DEFINE_FINAL_TYPE (FolReplay, fol_replay, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_GAME,
  PROP_N_PLIES,
  N_PROPS
};
static GParamSpec *properties[N_PROPS];

static void
fol_replay_finalize (GObject *object)
{
  FolReplay *self = FOL_REPLAY (object);
  g_clear_object (&self->game);
  g_free (self->summer);
  g_free (self->fall);
  g_free (self->moves);
  g_free (self->summer_details);
  g_free (self->fall_details);
  G_OBJECT_CLASS (fol_replay_parent_class)->finalize (object);
}

static void
fol_replay_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  FolReplay *self = FOL_REPLAY (object);
  switch (prop_id)
    {
    case PROP_GAME: g_value_set_object (value, self->game); break;
    case PROP_N_PLIES: g_value_set_uint (value, self->n_plies); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
fol_replay_class_init (FolReplayClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  object_class->finalize = fol_replay_finalize;
  object_class->get_property = fol_replay_get_property;

  /** FolReplay:game: the game at its last move (fol_replay_get_game()). */
  properties[PROP_GAME] = g_param_spec_object ("game", NULL, NULL, FOL_TYPE_GAME,
                                               G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  /** FolReplay:n-plies: the number of moves (fol_replay_get_n_plies()). */
  properties[PROP_N_PLIES] = g_param_spec_uint ("n-plies", NULL, NULL, 0, G_MAXUINT, 0,
                                                G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
fol_replay_init (FolReplay *self)
{
}

/* fol_game_replay()'s report of move @report->ply (0-based): position
 * ply + 1 is what it left, position 0 what the first move started from. */
static void
keep_move (FolGame *game, const FolMoveReport *report, gpointer data)
{
  FolReplay *self = data;
  guint k = report->ply;
  g_return_if_fail (k < self->n_plies);
  self->moves[k] = *report;    /* its text is the game's log, kept with the game */
  if (self->fall)
    {
      const FolFallMoveDetail *d = report->detail;
      if (k == 0)
        fall_state_copy (&self->fall[0], d->before);
      fall_state_copy (&self->fall[k + 1], d->after);
      self->fall_details[k] = (FolFallMoveDetail) { d->move, &self->fall[k], &self->fall[k + 1] };
      self->moves[k].detail = &self->fall_details[k];
    }
  else
    {
      const FolSummerMoveDetail *d = report->detail;
      if (k == 0)
        self->summer[0] = *d->before;
      self->summer[k + 1] = *d->after;
      self->summer_details[k] = (FolSummerMoveDetail) { d->move, d->info, &self->summer[k], &self->summer[k + 1] };
      self->moves[k].detail = &self->summer_details[k];
    }
}

FolReplay *
fol_replay_new_from_saved (const FolSavedGame *saved, GError **error)
{
  g_return_val_if_fail (saved != NULL, NULL);
  g_autoptr (FolGame) game = NULL;
  if (g_strcmp0 (saved->kind, "summer") == 0)
    game = FOL_GAME (fol_summer_game_new_from_saved (saved, error));
  else if (g_strcmp0 (saved->kind, "fall") == 0)
    game = FOL_GAME (fol_fall_game_new_from_saved (saved, error));
  else
    {
      g_set_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_INVALID, "saved game %" G_GINT64_FORMAT
                   " is of a kind this version cannot replay", saved->id);
      return NULL;
    }
  if (game == NULL)
    return NULL;

  g_autoptr (FolReplay) self = g_object_new (FOL_TYPE_REPLAY, NULL);
  self->id = saved->id;
  self->n_plies = fol_game_get_n_moves (game);
  self->moves = g_new0 (FolMoveReport, self->n_plies);
  if (FOL_IS_FALL_GAME (game))
    {
      /* zeroed: fall_state_copy() copies only the cells in use */
      self->fall = g_new0 (FallState, self->n_plies + 1);
      self->fall_details = g_new0 (FolFallMoveDetail, self->n_plies);
      if (self->n_plies == 0)
        fall_state_copy (&self->fall[0], fol_fall_game_get_state (FOL_FALL_GAME (game)));
    }
  else
    {
      self->summer = g_new0 (SummerState, self->n_plies + 1);
      self->summer_details = g_new0 (FolSummerMoveDetail, self->n_plies);
      if (self->n_plies == 0)
        self->summer[0] = *fol_summer_game_get_state (FOL_SUMMER_GAME (game));
    }
  /* the model tells every move again from the set-up, as it was played */
  fol_game_replay (game, keep_move, self);
  self->game = g_steal_pointer (&game);
  return g_steal_pointer (&self);
}

FolReplay *
fol_replay_new (FolStore *store, gint64 id, GError **error)
{
  g_return_val_if_fail (FOL_IS_STORE (store), NULL);
  g_autoptr (FolSavedGame) saved = fol_store_load_game (store, id, error);
  if (saved == NULL)
    return NULL;
  return fol_replay_new_from_saved (saved, error);
}

FolGame *
fol_replay_get_game (FolReplay *self)
{
  g_return_val_if_fail (FOL_IS_REPLAY (self), NULL);
  return self->game;
}

gint64
fol_replay_get_id (FolReplay *self)
{
  g_return_val_if_fail (FOL_IS_REPLAY (self), 0);
  return self->id;
}

const char *
fol_replay_get_kind (FolReplay *self)
{
  g_return_val_if_fail (FOL_IS_REPLAY (self), NULL);
  return self->fall ? "fall" : "summer";
}

guint
fol_replay_get_n_plies (FolReplay *self)
{
  g_return_val_if_fail (FOL_IS_REPLAY (self), 0);
  return self->n_plies;
}

gboolean
fol_replay_get_is_over (FolReplay *self)
{
  g_return_val_if_fail (FOL_IS_REPLAY (self), FALSE);
  return fol_game_get_is_over (self->game);
}

const FolMoveReport *
fol_replay_get_move (FolReplay *self, guint ply)
{
  g_return_val_if_fail (FOL_IS_REPLAY (self), NULL);
  g_return_val_if_fail (ply >= 1 && ply <= self->n_plies, NULL);
  return &self->moves[ply - 1];
}

guint64
fol_replay_get_hash (FolReplay *self, guint ply)
{
  g_return_val_if_fail (FOL_IS_REPLAY (self), 0);
  g_return_val_if_fail (ply <= self->n_plies, 0);
  return self->fall ? fall_state_hash (&self->fall[ply]) : summer_state_hash (&self->summer[ply]);
}

const SummerState *
fol_replay_get_summer_state (FolReplay *self, guint ply)
{
  g_return_val_if_fail (FOL_IS_REPLAY (self), NULL);
  g_return_val_if_fail (ply <= self->n_plies, NULL);
  return self->summer ? &self->summer[ply] : NULL;
}

const FallState *
fol_replay_get_fall_state (FolReplay *self, guint ply)
{
  g_return_val_if_fail (FOL_IS_REPLAY (self), NULL);
  g_return_val_if_fail (ply <= self->n_plies, NULL);
  return self->fall ? &self->fall[ply] : NULL;
}

void
fol_replay_get_fall_view (FolReplay *self, guint ply, int seat, FallState *view)
{
  g_return_if_fail (FOL_IS_REPLAY (self) && self->fall != NULL);
  g_return_if_fail (ply <= self->n_plies && (seat == 0 || seat == 1));
  fall_state_view (&self->fall[ply], seat, view);
}
