/* fol-saved-campaign.h: a solo campaign as read from the store
 * (FolSavedCampaign, a reference-counted boxed type with public read-only
 * fields).  Times are microseconds since the Unix epoch, UTC. */
#pragma once

#include <glib-object.h>
#include "fol-saved-game.h"

G_BEGIN_DECLS

/* A campaign has three games. */
#define FOL_CAMPAIGN_N_GAMES 3

/**
 * FolCampaignGame:
 * @game_id: the saved game playing this slot, 0 for none (not started,
 *   forfeit, or deleted)
 * @stack: which of the three stacks (0 .. 2) the game uses, -1 unknown
 * @has_result: whether @score and @won are set
 * @score: the game's score
 * @won: whether it was won
 */
typedef struct {
  gint64 game_id;
  int stack;
  gboolean has_result;
  int score;
  gboolean won;
} FolCampaignGame;

/**
 * FolSavedCampaign:
 * @id: the campaign's id
 * @seed: the seed that shuffled the three stacks
 * @side: the Forest Floor side of all three games, such as "3B"
 * @status: in progress, finished or abandoned
 * @created: when the campaign was created
 * @updated: when it last changed
 * @has_result: whether @result is set (the campaign is finished)
 * @result: the overall result
 * @games: the three games; a slot never set has game_id 0, stack -1 and no
 *   result
 *
 * Read-only for its users: get one from fol_store_load_campaign().
 */
typedef struct {
  gint64 id;
  guint64 seed;
  char *side;
  FolStoreStatus status;
  gint64 created;
  gint64 updated;
  gboolean has_result;
  int result;
  FolCampaignGame games[FOL_CAMPAIGN_N_GAMES];
  /*< private >*/
  gatomicrefcount ref_count;
} FolSavedCampaign;

#define FOL_TYPE_SAVED_CAMPAIGN (fol_saved_campaign_get_type ())
GType fol_saved_campaign_get_type (void) G_GNUC_CONST;

/**
 * fol_saved_campaign_new:
 * Returns: (transfer full): an empty campaign (every slot empty), for the
 *   store and tests.
 */
FolSavedCampaign *fol_saved_campaign_new (void);

/**
 * fol_saved_campaign_ref:
 * Returns: (transfer full): @campaign, with one more reference.
 */
FolSavedCampaign *fol_saved_campaign_ref (FolSavedCampaign *campaign);

/**
 * fol_saved_campaign_unref:
 * Drops one reference; the last one frees the campaign.
 */
void fol_saved_campaign_unref (FolSavedCampaign *campaign);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (FolSavedCampaign, fol_saved_campaign_unref)

G_END_DECLS
