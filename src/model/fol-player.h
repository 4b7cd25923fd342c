/* fol-player.h: one seat's player: a name, a person or a computer, its level. */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

#define FOL_TYPE_PLAYER (fol_player_get_type ())
G_DECLARE_FINAL_TYPE (FolPlayer, fol_player, FOL, PLAYER, GObject)

/**
 * fol_player_new:
 * @name: the name shown, UTF-8, not empty
 * @human: TRUE for a person at the desk, FALSE for a computer player
 * @level: the computer level (the engines' SummerAiLevel / FallAiLevel
 *   numbering: 0 random, 1 greedy); ignored for a person
 * Returns: (transfer full): the player
 */
FolPlayer *fol_player_new (const char *name, gboolean human, int level);

const char *fol_player_get_name (FolPlayer *self);
gboolean fol_player_get_human (FolPlayer *self);
int fol_player_get_level (FolPlayer *self);

G_END_DECLS
