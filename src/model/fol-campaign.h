/* fol-campaign.h: a solo campaign of Indian Summer: three games from the 75
 * tiles split into three stacks, one Forest Floor side, and the overall
 * result (Rulebook: Scoring of 3 games; DECISIONS.md: Campaign). */
#pragma once

#include "fol-summer-game.h"

G_BEGIN_DECLS

#define FOL_TYPE_CAMPAIGN (fol_campaign_get_type ())
G_DECLARE_FINAL_TYPE (FolCampaign, fol_campaign, FOL, CAMPAIGN, GObject)

/**
 * fol_campaign_new:
 * @store: where the campaign and its games are saved
 * @seed: shuffles the three stacks (and draws the side when @side is -1)
 * @side: the Forest Floor side 0..11 for all three games, or -1 to draw it
 * Returns: (transfer full) (nullable): the campaign, or NULL with @error
 *   (FOL_STORE_ERROR, FOL_DATA_ERROR).
 */
FolCampaign *fol_campaign_new (FolStore *store, guint64 seed, int side, GError **error);

/**
 * fol_campaign_load:
 * Returns: (transfer full) (nullable): the stored campaign @id, or NULL with @error.
 */
FolCampaign *fol_campaign_load (FolStore *store, gint64 id, GError **error);

gint64 fol_campaign_get_id (FolCampaign *self);
guint64 fol_campaign_get_seed (FolCampaign *self);
/** Returns: the Forest Floor side index 0..11 of all three games. */
int fol_campaign_get_side (FolCampaign *self);
/** Returns: games finished so far (0..3). */
int fol_campaign_get_n_played (FolCampaign *self);
/** Returns: whether the campaign is decided (three games, or the third forfeit). */
gboolean fol_campaign_get_is_finished (FolCampaign *self);
/**
 * fol_campaign_get_game_result:
 * @index: 0..2
 * Returns: TRUE and the score and won flag of game @index when it is finished.
 */
gboolean fol_campaign_get_game_result (FolCampaign *self, int index, int *score, gboolean *won);
/** Returns: the saved game id of game @index, or 0. */
gint64 fol_campaign_get_game_id (FolCampaign *self, int index);
/**
 * fol_campaign_get_result:
 * @forfeit: (out) (optional): whether the third game was forfeit
 * Returns: the overall result, or G_MININT while undecided.
 */
int fol_campaign_get_result (FolCampaign *self, gboolean *forfeit);

/**
 * fol_campaign_continue_game:
 * @player: the solo player
 * Returns: (transfer full) (nullable): the campaign's game in progress
 *   (loaded from the store), or the next game, newly set up with the next
 *   stack; NULL with @error when the campaign is finished
 *   (G_IO_ERROR_NOT_SUPPORTED) or the store fails.
 */
FolSummerGame *fol_campaign_continue_game (FolCampaign *self, FolPlayer *player, GError **error);

/**
 * fol_campaign_record_game:
 * Takes the result of @game (one of this campaign's, finished) into the
 * campaign and decides it when it can be decided.
 * Returns: FALSE with @error when the store fails or @game is not finished.
 */
gboolean fol_campaign_record_game (FolCampaign *self, FolSummerGame *game, GError **error);

G_END_DECLS
