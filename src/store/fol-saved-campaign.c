/* fol-saved-campaign.c: FolSavedCampaign, a solo campaign as read from the store. */
#include "config.h"
#include "fol-saved-campaign.h"

G_DEFINE_BOXED_TYPE (FolSavedCampaign, fol_saved_campaign, fol_saved_campaign_ref, fol_saved_campaign_unref)

FolSavedCampaign *
fol_saved_campaign_new (void)
{
  FolSavedCampaign *c = g_new0 (FolSavedCampaign, 1);
  g_atomic_ref_count_init (&c->ref_count);
  c->side = g_strdup ("");
  for (int i = 0; i < FOL_CAMPAIGN_N_GAMES; i++)
    c->games[i].stack = -1;
  return c;
}

FolSavedCampaign *
fol_saved_campaign_ref (FolSavedCampaign *campaign)
{
  g_return_val_if_fail (campaign != NULL, NULL);
  g_atomic_ref_count_inc (&campaign->ref_count);
  return campaign;
}

void
fol_saved_campaign_unref (FolSavedCampaign *campaign)
{
  g_return_if_fail (campaign != NULL);
  if (!g_atomic_ref_count_dec (&campaign->ref_count))
    return;
  g_free (campaign->side);
  g_free (campaign);
}
