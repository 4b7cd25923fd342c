/* fol-store-recovery.h: what the store did with a damaged file of saved
 * games it found at open (FolStoreRecovery, a boxed type with public
 * read-only fields).  The report is kept in the database until the person
 * dismisses it (fol_store_dismiss_recovery()), so every later start still
 * shows it.  Times are microseconds since the Unix epoch, UTC. */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/**
 * FolStoreRecoveryKind:
 * @FOL_STORE_RECOVERY_RESCUED: the file was damaged, or its tables did not
 *   match its schema version: it was moved aside unchanged and every game
 *   that could still be read and replays to its stored hash was carried
 *   into a new file
 * @FOL_STORE_RECOVERY_TOO_NEW: the file was written by a newer Foliage: it
 *   was moved aside unchanged (a newer Foliage can still open it there) and
 *   the games this version can read and replay were carried into a new file
 * @FOL_STORE_RECOVERY_REPAIRED: damage that loses nothing (the list of free
 *   pages only) was repaired in place after a backup copy; no game was lost
 *
 * What happened.  The values are stored in the database: never renumber.
 */
typedef enum {
  FOL_STORE_RECOVERY_RESCUED = 0,
  FOL_STORE_RECOVERY_TOO_NEW = 1,
  FOL_STORE_RECOVERY_REPAIRED = 2,
} FolStoreRecoveryKind;

/**
 * FolStoreRecovery:
 * @id: the report's id, for fol_store_dismiss_recovery()
 * @kind: what happened
 * @time: when it happened
 * @original: (type filename): where the original file is kept, byte for
 *   byte: the file moved aside (%FOL_STORE_RECOVERY_RESCUED,
 *   %FOL_STORE_RECOVERY_TOO_NEW) or the copy made before the repair
 *   (%FOL_STORE_RECOVERY_REPAIRED)
 * @reason: why, in English, for logs (such as "damaged: Page 13: ...");
 *   stored text in it is cut to 40 characters
 * @games_rescued: the saved games carried into the new file (for a repair:
 *   the games in the repaired file)
 * @games_lost: the saved games found in the original that could not be read
 *   or did not replay to their stored hash (they are still in the original)
 * @campaigns_rescued: the solo campaigns carried over
 * @campaigns_lost: the campaigns found that could not be read
 * @complete: FALSE while the games are still to be carried over (an attempt
 *   was interrupted: the next open tries again, at most three times)
 */
typedef struct {
  gint64 id;
  FolStoreRecoveryKind kind;
  gint64 time;
  char *original;
  char *reason;
  int games_rescued;
  int games_lost;
  int campaigns_rescued;
  int campaigns_lost;
  gboolean complete;
} FolStoreRecovery;

#define FOL_TYPE_STORE_RECOVERY (fol_store_recovery_get_type ())
GType fol_store_recovery_get_type (void) G_GNUC_CONST;

/**
 * fol_store_recovery_copy:
 * Returns: (transfer full): a deep copy of @recovery.
 */
FolStoreRecovery *fol_store_recovery_copy (const FolStoreRecovery *recovery);

/**
 * fol_store_recovery_free:
 * Frees @recovery and its strings.
 */
void fol_store_recovery_free (FolStoreRecovery *recovery);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (FolStoreRecovery, fol_store_recovery_free)

G_END_DECLS
