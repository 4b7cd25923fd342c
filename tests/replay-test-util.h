/* replay-test-util.h: what a live game showed, ply by ply, for the replay
 * tests (tests/test-model-replay.c, test-replay-page.c): a game is played
 * with the model and the state hashes are recorded after every move, to be
 * compared with what the replay shows at each position. */
#pragma once

#include "fol-fall-game.h"
#include "fol-summer-game.h"
#include "ai-level.h"

/* What the live game showed at one ply: the full state's hash and, for
 * Fall, each seat's view's (fol_fall_game_get_view()). */
typedef struct {
  guint64 hash;
  guint64 view[2];
} LivePosition;

static inline LivePosition
live_position (FolGame *g)
{
  LivePosition p = { fol_game_get_hash (g), { 0, 0 } };
  if (FOL_IS_FALL_GAME (g))
    {
      g_autofree FallState *view = g_new0 (FallState, 1);
      for (int seat = 0; seat < 2; seat++)
        {
          fol_fall_game_get_view (FOL_FALL_GAME (g), seat, view);
          p.view[seat] = fall_state_hash (view);
        }
    }
  else
    g_assert_cmphex (p.hash, ==, summer_state_hash (fol_summer_game_get_state (FOL_SUMMER_GAME (g))));
  return p;
}

/* Plays @n moves (to the end when @n < 0), every seat at @level; returns
 * (transfer full) what the game showed before the first move and after
 * each: element k is position k. */
static inline GArray *
play_recording (FolGame *g, int n, int level)
{
  GArray *live = g_array_new (FALSE, FALSE, sizeof (LivePosition));
  LivePosition p = live_position (g);
  g_array_append_val (live, p);
  for (int i = 0; (n < 0 || i < n) && !fol_game_get_is_over (g); i++)
    {
      g_autofree char *move = fol_game_choose_move (g, level);
      g_assert_nonnull (move);
      g_autoptr (GError) error = NULL;
      g_assert_true (fol_game_apply_move (g, move, &error));
      g_assert_no_error (error);
      p = live_position (g);
      g_array_append_val (live, p);
    }
  return live;
}

/* A new Fall game in @store: "Norma", a person, against "Amedeo", a
 * computer at @level. */
static inline FolFallGame *
replay_test_new_fall (FolStore *store, guint64 seed, int level)
{
  g_autoptr (FolPlayer) a = fol_player_new ("Norma", TRUE, 0);
  g_autoptr (FolPlayer) b = fol_player_new ("Amedeo", FALSE, level);
  FolPlayer *players[2] = { a, b };
  g_autoptr (GError) error = NULL;
  FolFallGame *game = fol_fall_game_new (seed, NULL, players, store, &error);
  g_assert_no_error (error);
  return game;
}
