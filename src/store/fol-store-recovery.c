/* fol-store-recovery.c: FolStoreRecovery, the report of a damaged file found at open. */
#include "config.h"
#include "fol-store-recovery.h"

G_DEFINE_BOXED_TYPE (FolStoreRecovery, fol_store_recovery, fol_store_recovery_copy, fol_store_recovery_free)

FolStoreRecovery *
fol_store_recovery_copy (const FolStoreRecovery *recovery)
{
  g_return_val_if_fail (recovery != NULL, NULL);
  FolStoreRecovery *copy = g_memdup2 (recovery, sizeof *recovery);
  copy->original = g_strdup (recovery->original);
  copy->reason = g_strdup (recovery->reason);
  return copy;
}

void
fol_store_recovery_free (FolStoreRecovery *recovery)
{
  if (recovery == NULL)
    return;
  g_free (recovery->original);
  g_free (recovery->reason);
  g_free (recovery);
}
