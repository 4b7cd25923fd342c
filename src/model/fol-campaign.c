/* fol-campaign.c: FolCampaign. */
#include "fol-campaign.h"

#include "summer-components.h"

struct _FolCampaign
{
  GObject parent_instance;
  FolStore *store;
  gint64 id;
  guint64 seed;
  int side;
  gint64 game_id[3];
  gboolean played[3];
  int score[3];
  gboolean won[3];
  gboolean finished;
};

G_DEFINE_FINAL_TYPE (FolCampaign, fol_campaign, G_TYPE_OBJECT)

static void
fol_campaign_finalize (GObject *object)
{
  FolCampaign *self = FOL_CAMPAIGN (object);
  g_clear_object (&self->store);
  G_OBJECT_CLASS (fol_campaign_parent_class)->finalize (object);
}

static void
fol_campaign_class_init (FolCampaignClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = fol_campaign_finalize;
}

static void
fol_campaign_init (FolCampaign *self)
{
}

FolCampaign *
fol_campaign_new (FolStore *store, guint64 seed, int side, GError **error)
{
  const SummerComponents *c = summer_components_get (error);
  if (!c)
    return NULL;
  if (side < -1 || side >= SUMMER_N_SIDES)
    {
      g_set_error (error, SUMMER_ERROR, SUMMER_ERROR_SETUP, "a Forest Floor side is 1A to 6B");
      return NULL;
    }
  if (side < 0)
    {
      /* the side the campaign's games would draw: the first game's set-up */
      SummerSetup setup;
      summer_setup_init (&setup, 1, seed);
      setup.campaign_game = 0;
      SummerState s;
      if (!summer_state_new_game (&setup, &s, error))
        return NULL;
      side = s.seat[0].side;
    }
  g_autoptr (FolCampaign) self = g_object_new (FOL_TYPE_CAMPAIGN, NULL);
  self->store = g_object_ref (store);
  self->seed = seed;
  self->side = side;
  self->id = fol_store_create_campaign (store, seed, c->side[side].name, error);
  if (self->id <= 0)
    return NULL;
  return g_steal_pointer (&self);
}

FolCampaign *
fol_campaign_load (FolStore *store, gint64 id, GError **error)
{
  const SummerComponents *c = summer_components_get (error);
  if (!c)
    return NULL;
  g_autoptr (FolSavedCampaign) saved = fol_store_load_campaign (store, id, error);
  if (!saved)
    return NULL;
  g_autoptr (FolCampaign) self = g_object_new (FOL_TYPE_CAMPAIGN, NULL);
  self->store = g_object_ref (store);
  self->id = id;
  self->seed = saved->seed;
  self->side = summer_side_index (c, saved->side);
  if (self->side < 0)
    {
      g_autofree char *quote = fol_quote (saved->side);
      g_set_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_INVALID,
                   "campaign %" G_GINT64_FORMAT " has an unknown Forest Floor side '%s'", id, quote);
      return NULL;
    }
  for (int i = 0; i < 3; i++)
    {
      const FolCampaignGame *g = &saved->games[i];
      self->game_id[i] = g->game_id;
      self->played[i] = g->has_result;
      self->score[i] = g->score;
      self->won[i] = g->won;
    }
  self->finished = saved->status == FOL_STORE_STATUS_FINISHED;
  return g_steal_pointer (&self);
}

gint64 fol_campaign_get_id (FolCampaign *self) { return self->id; }
guint64 fol_campaign_get_seed (FolCampaign *self) { return self->seed; }
int fol_campaign_get_side (FolCampaign *self) { return self->side; }
gboolean fol_campaign_get_is_finished (FolCampaign *self) { return self->finished; }

int
fol_campaign_get_n_played (FolCampaign *self)
{
  int n = 0;
  while (n < 3 && self->played[n])
    n++;
  return n;
}

gboolean
fol_campaign_get_game_result (FolCampaign *self, int index, int *score, gboolean *won)
{
  g_return_val_if_fail (index >= 0 && index < 3, FALSE);
  if (!self->played[index])
    return FALSE;
  if (score)
    *score = self->score[index];
  if (won)
    *won = self->won[index];
  return TRUE;
}

gint64
fol_campaign_get_game_id (FolCampaign *self, int index)
{
  g_return_val_if_fail (index >= 0 && index < 3, 0);
  return self->game_id[index];
}

int
fol_campaign_get_result (FolCampaign *self, gboolean *forfeit)
{
  bool won[3], ff = false;
  for (int i = 0; i < 3; i++)
    won[i] = self->won[i];
  int r = summer_campaign_result (won, self->score, fol_campaign_get_n_played (self), &ff);
  if (forfeit)
    *forfeit = ff;
  return r;
}

FolSummerGame *
fol_campaign_continue_game (FolCampaign *self, FolPlayer *player, GError **error)
{
  if (self->finished)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, "the campaign is finished");
      return NULL;
    }
  int k = fol_campaign_get_n_played (self);
  if (self->game_id[k] > 0)
    return fol_summer_game_load (self->store, self->game_id[k], error);
  SummerSetup setup;
  summer_setup_init (&setup, 1, self->seed);
  setup.side[0] = (int8_t) self->side;
  setup.campaign_game = (int8_t) k;
  g_autoptr (FolSummerGame) game = fol_summer_game_new (&setup, &player, self->store, error);
  if (!game)
    return NULL;
  self->game_id[k] = fol_game_get_store_id (FOL_GAME (game));
  if (!fol_store_set_campaign_game (self->store, self->id, (guint) k, self->game_id[k], k, error))
    return NULL;
  return g_steal_pointer (&game);
}

gboolean
fol_campaign_record_game (FolCampaign *self, FolSummerGame *game, GError **error)
{
  gint64 gid = fol_game_get_store_id (FOL_GAME (game));
  int k = -1;
  for (int i = 0; i < 3; i++)
    if (self->game_id[i] == gid && gid > 0)
      k = i;
  const SummerState *s = fol_summer_game_get_state (game);
  if (k < 0 || !summer_is_over (s))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           "the game is not a finished game of this campaign");
      return FALSE;
    }
  self->played[k] = TRUE;
  self->score[k] = s->result[0].solo_score;
  self->won[k] = s->result[0].full;
  if (!fol_store_set_campaign_game_result (self->store, self->id, (guint) k, self->score[k], self->won[k], error))
    return FALSE;
  int result = fol_campaign_get_result (self, NULL);
  if (result != G_MININT)
    {
      self->finished = TRUE;
      return fol_store_finish_campaign (self->store, self->id, result, error);
    }
  return TRUE;
}
