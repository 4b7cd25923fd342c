/* fol-summer-game.c: FolSummerGame. */
#include "fol-summer-game.h"

#include <string.h>
#include "summer-ai.h"
#include "summer-notation.h"

struct _FolSummerGame
{
  FolGame parent_instance;
  SummerSetup setup;
  SummerState initial;
  SummerState state;
  SummerState before;           /* the position before the last move (its detail's) */
  FolSummerMoveDetail detail;   /* what the last move did */
  FolSeatResult results[SUMMER_MAX_PLAYERS];
  FolResultDetail details[SUMMER_MAX_PLAYERS][4];
};

G_DEFINE_FINAL_TYPE (FolSummerGame, fol_summer_game, FOL_TYPE_GAME)

static gboolean
summer_apply_text (FolGame *game, const char *text, FolMoveReport *report, GError **error)
{
  FolSummerGame *self = FOL_SUMMER_GAME (game);
  SummerMove m;
  SummerMoveInfo info;
  if (!summer_move_parse (&self->state, text, &m, error))
    return FALSE;
  self->before = self->state;
  if (!summer_apply_move (&self->state, &m, &info, error))
    return FALSE;
  self->detail = (FolSummerMoveDetail) { m, info, &self->before, &self->state };
  report->turn_ended = info.turn_ended;
  report->game_over = info.game_over;
  report->detail = &self->detail;
  return TRUE;
}

static void
summer_reset (FolGame *game)
{
  FolSummerGame *self = FOL_SUMMER_GAME (game);
  self->state = self->initial;
}

static guint64
summer_get_hash (FolGame *game)
{
  return summer_state_hash (&FOL_SUMMER_GAME (game)->state);
}

static int
summer_get_current_seat (FolGame *game)
{
  return FOL_SUMMER_GAME (game)->state.current;
}

static gboolean
summer_get_is_over (FolGame *game)
{
  return summer_is_over (&FOL_SUMMER_GAME (game)->state);
}

static gpointer
summer_copy_state (FolGame *game)
{
  return g_memdup2 (&FOL_SUMMER_GAME (game)->state, sizeof (SummerState));
}

static char *
summer_choose_move (gconstpointer state, int level, guint64 seed, gint64 deadline, GCancellable *cancellable)
{
  FolGameStop stop = { deadline, cancellable };
  const SummerState *s = state;
  FolRng rng;
  fol_rng_seed (&rng, seed);
  SummerMove m;
  if (level < 0 || level >= FOL_N_AI_LEVELS)
    level = FOL_AI_NORMAL;
  FolAiSearch search = { .stop = fol_game_search_stop, .stop_data = &stop };
  if (!summer_ai_choose_full (s, (SummerAiLevel) level, &rng, &search, &m))
    return NULL;
  return summer_move_format (s, &m);
}

static void
summer_get_results (FolGame *game, FolSeatResult *out)
{
  FolSummerGame *self = FOL_SUMMER_GAME (game);
  const SummerState *s = &self->state;
  for (int i = 0; i < s->n_players; i++)
    {
      const SummerSeatResult *r = &s->result[i];
      FolResultDetail *d = self->details[i];
      d[0] = (FolResultDetail) { "empty-squares", r->empty };
      d[1] = (FolResultDetail) { "nuts", r->nuts };
      d[2] = (FolResultDetail) { "berry", r->berry };
      d[3] = (FolResultDetail) { "full", r->full };
      out[i] = (FolSeatResult) {
        .rank = r->rank,
        .score = s->n_players == 1 ? r->solo_score : r->app_score,
        .won = s->n_players == 1 ? r->full : r->rank == 1,
        .details = d,
        .n_details = 4,
      };
    }
}

static void
fol_summer_game_class_init (FolSummerGameClass *klass)
{
  FolGameClass *game_class = FOL_GAME_CLASS (klass);
  game_class->kind = "summer";
  game_class->apply_text = summer_apply_text;
  game_class->reset = summer_reset;
  game_class->get_hash = summer_get_hash;
  game_class->get_current_seat = summer_get_current_seat;
  game_class->get_is_over = summer_get_is_over;
  game_class->copy_state = summer_copy_state;
  game_class->choose_move = summer_choose_move;
  game_class->get_results = summer_get_results;
}

static void
fol_summer_game_init (FolSummerGame *self)
{
}

char *
fol_summer_game_options (const SummerSetup *setup)
{
  /* the record's set-up lines after "players"; see summer_record_format() */
  g_autofree char *record = summer_record_format (setup, NULL);
  GString *out = g_string_new (NULL);
  g_auto (GStrv) lines = g_strsplit (record, "\n", -1);
  for (int i = 0; lines[i]; i++)
    if (g_str_has_prefix (lines[i], "sides ") || g_str_has_prefix (lines[i], "campaign-game "))
      g_string_append_printf (out, "%s\n", lines[i]);
  return g_string_free (out, FALSE);
}

FolSummerGame *
fol_summer_game_new (const SummerSetup *setup, FolPlayer **players, FolStore *store, GError **error)
{
  g_autoptr (FolSummerGame) self = g_object_new (FOL_TYPE_SUMMER_GAME, NULL);
  if (!summer_state_new_game (setup, &self->initial, error))
    return NULL;
  self->setup = *setup;
  self->state = self->initial;
  g_autofree char *options = fol_summer_game_options (setup);
  if (!fol_game_setup_seats (FOL_GAME (self), players, setup->n_players, store, setup->seed, options, error))
    return NULL;
  return g_steal_pointer (&self);
}

/* Rebuilds @saved by replay (fol_game_restore(): @store NULL only checks). */
static FolSummerGame *
summer_from_saved (FolStore *store, const FolSavedGame *saved, GError **error)
{
  gint64 id = saved->id;
  if (g_strcmp0 (saved->kind, "summer") != 0)
    {
      g_set_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_INVALID, "saved game %" G_GINT64_FORMAT
                   " is not an Indian Summer game", id);
      return NULL;
    }
  /* the set-up: the stored options are record lines */
  g_autofree char *head = g_strdup_printf ("game summer\nseed %" G_GUINT64_FORMAT "\nplayers %u\n%s",
                                           saved->seed, saved->n_seats, saved->options ? saved->options : "");
  SummerRecord record;
  g_autoptr (GError) local = NULL;
  if (!summer_record_parse (head, &record, &local))
    {
      g_autofree char *why = fol_store_elide (local->message, saved->options);
      g_set_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_INVALID, "saved game %" G_GINT64_FORMAT
                   " has an unreadable set-up (games.options): %s", id, why);
      return NULL;
    }
  g_autoptr (FolSummerGame) self = g_object_new (FOL_TYPE_SUMMER_GAME, NULL);
  self->setup = record.setup;
  summer_record_clear (&record);
  if (!summer_state_new_game (&self->setup, &self->initial, &local))
    {
      g_set_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_INVALID, "saved game %" G_GINT64_FORMAT
                   " cannot be set up: %s", id, local->message);
      return NULL;
    }
  if (!fol_game_restore (FOL_GAME (self), store, saved, error))
    return NULL;
  return g_steal_pointer (&self);
}

FolSummerGame *
fol_summer_game_load (FolStore *store, gint64 id, GError **error)
{
  g_autoptr (FolSavedGame) saved = fol_store_load_game (store, id, error);
  if (!saved)
    return NULL;
  return summer_from_saved (store, saved, error);
}

FolSummerGame *
fol_summer_game_new_from_saved (const FolSavedGame *saved, GError **error)
{
  g_return_val_if_fail (saved != NULL, NULL);
  return summer_from_saved (NULL, saved, error);
}

/* The store's check of an Indian Summer game rescued from a damaged file
 * (FolStoreGameCheck): the load path above, without a store. */
static gboolean
summer_check_saved (const FolSavedGame *saved, GError **error)
{
  g_autoptr (FolSummerGame) game = summer_from_saved (NULL, saved, error);
  return game != NULL;
}

/* Wherever the model is linked in (the app, the CLI), the store checks
 * rescued games by replay: set before main() runs. */
__attribute__ ((constructor)) static void
summer_register_store_check (void)
{
  fol_store_set_game_check ("summer", summer_check_saved);
}

const SummerState *
fol_summer_game_get_state (FolSummerGame *self)
{
  g_return_val_if_fail (FOL_IS_SUMMER_GAME (self), NULL);
  return &self->state;
}

gboolean
fol_summer_game_apply (FolSummerGame *self, const SummerMove *move, SummerMoveInfo *info, GError **error)
{
  g_return_val_if_fail (FOL_IS_SUMMER_GAME (self), FALSE);
  g_return_val_if_fail (move != NULL, FALSE);
  g_autofree char *text = summer_move_format (&self->state, move);
  if (!fol_game_apply_move (FOL_GAME (self), text, error))
    return FALSE;
  if (info)
    *info = self->detail.info;
  return TRUE;
}

gboolean
fol_summer_game_preview (FolSummerGame *self, const SummerMove *move, SummerMoveInfo *info, GError **error)
{
  g_return_val_if_fail (FOL_IS_SUMMER_GAME (self), FALSE);
  g_return_val_if_fail (move != NULL && info != NULL, FALSE);
  g_autofree SummerState *copy = g_memdup2 (&self->state, sizeof self->state);
  return summer_apply_move (copy, move, info, error);
}
