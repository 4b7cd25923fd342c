/* fol-fall-game.c: FolFallGame. */
#include "fol-fall-game.h"

#include <string.h>
#include "fall-ai.h"
#include "fall-notation.h"
#include "fall-scoring.h"

struct _FolFallGame
{
  FolGame parent_instance;
  guint64 seed;
  FallOptions opts;
  FallState *initial;
  FallState *state;
  FallState *before;            /* the position before the last move (its detail's) */
  FolFallMoveDetail detail;     /* what the last move did */
  FolSeatResult results[2];
  FolResultDetail details[2][5];
};

G_DEFINE_FINAL_TYPE (FolFallGame, fol_fall_game, FOL_TYPE_GAME)

static gboolean
fall_apply_text (FolGame *game, const char *text, FolMoveReport *report, GError **error)
{
  FolFallGame *self = FOL_FALL_GAME (game);
  FallMove m;
  GError *local = NULL;
  if (!fall_move_parse (self->state->comps, text, &m, &local))
    {
      /* at most a short quote of the text: it may come from a damaged file */
      g_autofree char *quote = fol_quote (text);
      g_autofree char *why = fol_store_elide (local->message, text);
      g_set_error (error, FOL_GAME_ERROR, FOL_GAME_ERROR_PARSE, "'%s': %s", quote, why);
      g_error_free (local);
      return FALSE;
    }
  const char *reason = NULL;
  fall_state_copy (self->before, self->state);
  if (!fall_apply (self->state, &m, &reason))
    {
      g_autofree char *quote = fol_quote (text);
      g_set_error (error, FOL_GAME_ERROR, FOL_GAME_ERROR_ILLEGAL, "'%s': %s", quote, reason ? reason : "illegal move");
      return FALSE;
    }
  self->detail = (FolFallMoveDetail) { m, self->before, self->state };
  report->turn_ended = m.kind == FALL_MOVE_END;
  report->game_over = fall_state_is_over (self->state);
  report->detail = &self->detail;
  return TRUE;
}

int
fol_fall_game_unusable_held (const FallState *s, int seat, guint8 unusable[4])
{
  g_return_val_if_fail (s != NULL && seat >= 0 && seat < 2, 0);
  memset (unusable, 0, 4);
  if (s->week < FALL_N_WEEKS || fall_state_is_over (s))
    return 0;
  /* the seat's later turns this week: turn 2 is the first player's */
  gboolean later_turn = s->turn == 0 && fall_state_first_player_of_week (s, s->week) == seat;
  FallToken blocked = fall_state_blocked_token (s);
  int n = 0;
  for (int k = 0; k < 4; k++)
    if (!later_turn || k == (int) blocked)
      {
        unusable[k] = s->held[seat][k];
        n += unusable[k];
      }
  return n;
}

static void
fall_reset (FolGame *game)
{
  FolFallGame *self = FOL_FALL_GAME (game);
  fall_state_copy (self->state, self->initial);
}

static guint64
fall_get_hash (FolGame *game)
{
  return fall_state_hash (FOL_FALL_GAME (game)->state);
}

static int
fall_get_current_seat (FolGame *game)
{
  return fall_state_current_seat (FOL_FALL_GAME (game)->state);
}

static gboolean
fall_get_is_over (FolGame *game)
{
  return fall_state_is_over (FOL_FALL_GAME (game)->state);
}

/* The worker gets the view of the seat to move only: the computer decides
 * from what that seat may know (issue 3, hidden information). */
static gpointer
fall_copy_state (FolGame *game)
{
  FolFallGame *self = FOL_FALL_GAME (game);
  FallState *view = g_new (FallState, 1);
  fall_state_view (self->state, fall_state_current_seat (self->state), view);
  return view;
}

/* The seat's view is the state handed over (copy_state makes it), so the
 * computer cannot see the opponent's cards, the bag or the stacks. */
static char *
fall_choose_move (gconstpointer state, int level, guint64 seed, gint64 deadline, GCancellable *cancellable)
{
  const FallState *view = state;
  FolRng rng;
  fol_rng_seed (&rng, seed);
  if (level < 0 || level >= FOL_N_AI_LEVELS)
    level = FOL_AI_NORMAL;
  FolGameStop stop = { deadline, cancellable };
  FolAiSearch search = { .stop = fol_game_search_stop, .stop_data = &stop };
  FallMove m;
  if (!fall_ai_choose_full (view, (FallAiLevel) level, &rng, &search, &m))
    return NULL;
  char buf[64];
  return g_strdup (fall_move_format (view, &m, buf, sizeof buf));
}

static void
fall_get_results (FolGame *game, FolSeatResult *out)
{
  FolFallGame *self = FOL_FALL_GAME (game);
  FallScore sc[2];
  int winner = fall_result (self->state, sc);
  for (int i = 0; i < 2; i++)
    {
      FolResultDetail *d = self->details[i];
      d[0] = (FolResultDetail) { "flowers", sc[i].flowers };
      d[1] = (FolResultDetail) { "foxes", sc[i].foxes };
      d[2] = (FolResultDetail) { "birds", sc[i].birds };
      d[3] = (FolResultDetail) { "mushrooms", sc[i].mushrooms };
      d[4] = (FolResultDetail) { "shared-win", winner < 0 };
      out[i] = (FolSeatResult) {
        .rank = winner < 0 || winner == i ? 1 : 2,
        .score = sc[i].total,
        .won = winner < 0 || winner == i,
        .details = d,
        .n_details = 5,
      };
    }
}

static void
fol_fall_game_finalize (GObject *object)
{
  FolFallGame *self = FOL_FALL_GAME (object);
  g_free (self->initial);
  g_free (self->state);
  g_free (self->before);
  G_OBJECT_CLASS (fol_fall_game_parent_class)->finalize (object);
}

static void
fol_fall_game_class_init (FolFallGameClass *klass)
{
  FolGameClass *game_class = FOL_GAME_CLASS (klass);
  G_OBJECT_CLASS (klass)->finalize = fol_fall_game_finalize;
  game_class->kind = "fall";
  game_class->apply_text = fall_apply_text;
  game_class->reset = fall_reset;
  game_class->get_hash = fall_get_hash;
  game_class->get_current_seat = fall_get_current_seat;
  game_class->get_is_over = fall_get_is_over;
  game_class->copy_state = fall_copy_state;
  game_class->choose_move = fall_choose_move;
  game_class->get_results = fall_get_results;
}

static void
fol_fall_game_init (FolFallGame *self)
{
  self->initial = g_new0 (FallState, 1);
  self->state = g_new0 (FallState, 1);
  self->before = g_new0 (FallState, 1);
}

char *
fol_fall_game_options (const FallOptions *opts)
{
  FallOptions o = opts ? *opts : FALL_OPTIONS_RANDOM;
  return g_strdup_printf ("side %s\nfirst-player %s\n",
                          o.side < 0 ? "random" : o.side ? "B" : "A",
                          o.first_player < 0 ? "random" : o.first_player ? "2" : "1");
}

static gboolean
options_parse (const char *text, FallOptions *opts)
{
  *opts = FALL_OPTIONS_RANDOM;
  g_auto (GStrv) lines = g_strsplit (text ? text : "", "\n", -1);
  for (int i = 0; lines[i]; i++)
    {
      g_auto (GStrv) w = g_strsplit (g_strstrip (lines[i]), " ", 2);
      if (!w[0] || !*w[0])
        continue;
      if (!w[1])
        return FALSE;
      if (strcmp (w[0], "side") == 0)
        {
          if (strcmp (w[1], "A") == 0) opts->side = 0;
          else if (strcmp (w[1], "B") == 0) opts->side = 1;
          else if (strcmp (w[1], "random") != 0) return FALSE;
        }
      else if (strcmp (w[0], "first-player") == 0)
        {
          if (strcmp (w[1], "1") == 0) opts->first_player = 0;
          else if (strcmp (w[1], "2") == 0) opts->first_player = 1;
          else if (strcmp (w[1], "random") != 0) return FALSE;
        }
      else
        return FALSE;
    }
  return TRUE;
}

FolFallGame *
fol_fall_game_new (guint64 seed, const FallOptions *opts, FolPlayer **players, FolStore *store, GError **error)
{
  const FallComponents *comps = fall_components_get (error);
  if (!comps)
    return NULL;
  g_autoptr (FolFallGame) self = g_object_new (FOL_TYPE_FALL_GAME, NULL);
  self->seed = seed;
  self->opts = opts ? *opts : FALL_OPTIONS_RANDOM;
  fall_state_init (self->initial, comps, seed, &self->opts);
  fall_state_copy (self->state, self->initial);
  g_autofree char *options = fol_fall_game_options (&self->opts);
  if (!fol_game_setup_seats (FOL_GAME (self), players, 2, store, seed, options, error))
    return NULL;
  return g_steal_pointer (&self);
}

/* Rebuilds @saved by replay (fol_game_restore(): @store NULL only checks). */
static FolFallGame *
fall_from_saved (FolStore *store, const FolSavedGame *saved, GError **error)
{
  const FallComponents *comps = fall_components_get (error);
  if (!comps)
    return NULL;
  FallOptions opts;
  if (g_strcmp0 (saved->kind, "fall") != 0 || saved->n_seats != 2 || !options_parse (saved->options, &opts))
    {
      g_set_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_INVALID,
                   "saved game %" G_GINT64_FORMAT " is not a Fall game this version can read", saved->id);
      return NULL;
    }
  g_autoptr (FolFallGame) self = g_object_new (FOL_TYPE_FALL_GAME, NULL);
  self->seed = saved->seed;
  self->opts = opts;
  fall_state_init (self->initial, comps, saved->seed, &opts);
  fall_state_copy (self->state, self->initial);
  if (!fol_game_restore (FOL_GAME (self), store, saved, error))
    return NULL;
  return g_steal_pointer (&self);
}

FolFallGame *
fol_fall_game_load (FolStore *store, gint64 id, GError **error)
{
  const FallComponents *comps = fall_components_get (error);
  if (!comps)
    return NULL;
  g_autoptr (FolSavedGame) saved = fol_store_load_game (store, id, error);
  if (!saved)
    return NULL;
  return fall_from_saved (store, saved, error);
}

FolFallGame *
fol_fall_game_new_from_saved (const FolSavedGame *saved, GError **error)
{
  g_return_val_if_fail (saved != NULL, NULL);
  return fall_from_saved (NULL, saved, error);
}

/* The store's check of a Fall game rescued from a damaged file
 * (FolStoreGameCheck): the load path above, without a store. */
static gboolean
fall_check_saved (const FolSavedGame *saved, GError **error)
{
  g_autoptr (FolFallGame) game = fall_from_saved (NULL, saved, error);
  return game != NULL;
}

/* Wherever the model is linked in (the app, the CLI), the store checks
 * rescued games by replay: set before main() runs. */
__attribute__ ((constructor)) static void
fall_register_store_check (void)
{
  fol_store_set_game_check ("fall", fall_check_saved);
}

const FallState *
fol_fall_game_get_state (FolFallGame *self)
{
  g_return_val_if_fail (FOL_IS_FALL_GAME (self), NULL);
  return self->state;
}

void
fol_fall_game_get_view (FolFallGame *self, int seat, FallState *view)
{
  g_return_if_fail (FOL_IS_FALL_GAME (self));
  fall_state_view (self->state, seat, view);
}

gboolean
fol_fall_game_apply (FolFallGame *self, const FallMove *move, GError **error)
{
  g_return_val_if_fail (FOL_IS_FALL_GAME (self), FALSE);
  g_return_val_if_fail (move != NULL, FALSE);
  char buf[64];
  return fol_game_apply_move (FOL_GAME (self), fall_move_format (self->state, move, buf, sizeof buf), error);
}
