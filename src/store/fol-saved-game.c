/* fol-saved-game.c: FolSavedGame, a saved game as read from the store. */
#include "config.h"
#include "fol-saved-game.h"

G_DEFINE_BOXED_TYPE (FolSavedGame, fol_saved_game, fol_saved_game_ref, fol_saved_game_unref)

const char *
fol_store_status_to_string (FolStoreStatus status)
{
  switch (status)
    {
    case FOL_STORE_STATUS_IN_PROGRESS:
      return "in-progress";
    case FOL_STORE_STATUS_FINISHED:
      return "finished";
    case FOL_STORE_STATUS_ABANDONED:
      return "abandoned";
    default:
      return "unknown";
    }
}

gboolean
fol_saved_seat_get_detail (const FolSavedSeat *seat, const char *key, int *value)
{
  gpointer v = NULL;
  g_return_val_if_fail (seat != NULL && key != NULL, FALSE);
  if (seat->details == NULL || !g_hash_table_lookup_extended (seat->details, key, NULL, &v))
    return FALSE;
  if (value)
    *value = GPOINTER_TO_INT (v);
  return TRUE;
}

static void
saved_move_clear (gpointer data)
{
  FolSavedMove *m = data;
  g_clear_pointer (&m->text, g_free);
}

FolSavedGame *
fol_saved_game_new (guint n_seats)
{
  FolSavedGame *game = g_new0 (FolSavedGame, 1);
  g_atomic_ref_count_init (&game->ref_count);
  game->kind = "";
  game->options = g_strdup ("");
  game->n_seats = n_seats;
  game->seats = g_new0 (FolSavedSeat, MAX (n_seats, 1));
  game->moves = g_array_new (FALSE, TRUE, sizeof (FolSavedMove));
  g_array_set_clear_func (game->moves, saved_move_clear);
  return game;
}

FolSavedGame *
fol_saved_game_ref (FolSavedGame *game)
{
  g_return_val_if_fail (game != NULL, NULL);
  g_atomic_ref_count_inc (&game->ref_count);
  return game;
}

void
fol_saved_game_unref (FolSavedGame *game)
{
  g_return_if_fail (game != NULL);
  if (!g_atomic_ref_count_dec (&game->ref_count))
    return;
  for (guint i = 0; i < game->n_seats; i++)
    {
      g_free (game->seats[i].name);
      g_clear_pointer (&game->seats[i].details, g_hash_table_unref);
    }
  g_free (game->seats);
  g_free (game->options);
  g_array_unref (game->moves);
  g_free (game);
}

const char *
fol_saved_game_get_move (const FolSavedGame *game, int ply)
{
  g_return_val_if_fail (game != NULL, NULL);
  g_return_val_if_fail (ply >= 1 && (guint) ply <= game->moves->len, NULL);
  return g_array_index (game->moves, FolSavedMove, ply - 1).text;
}

int
fol_saved_game_get_n_moves (const FolSavedGame *game)
{
  g_return_val_if_fail (game != NULL, 0);
  return (int) game->moves->len;
}

void
fol_game_summary_clear (FolGameSummary *summary)
{
  g_clear_pointer (&summary->seats, g_free);
}
