/* report-test-util.h: what the model's move reports say (FolMoveReport),
 * kept past their emission, for tests/test-model-summer.c and
 * test-model-fall.c: each test keeps a game-specific record whose first
 * member is a ToldMove. */
#pragma once

#include "fol-game.h"

/* The game-independent part of a report, with the state hashes before and after the move. */
typedef struct {
  int seat;
  guint ply;
  char *text;
  gboolean turn_ended, game_over;
  guint64 before, after;
} ToldMove;

static inline ToldMove
told_move (const FolMoveReport *r, guint64 before, guint64 after)
{
  return (ToldMove) { r->seat, r->ply, g_strdup (r->text), r->turn_ended, r->game_over, before, after };
}

/* A GArray clear function for records that begin with a ToldMove. */
static inline void
told_clear (gpointer p)
{
  g_free (((ToldMove *) p)->text);
}

/* A replay told @a again as @b. */
static inline void
assert_told_same (const ToldMove *a, const ToldMove *b)
{
  g_assert_cmpint (a->seat, ==, b->seat);
  g_assert_cmpuint (a->ply, ==, b->ply);
  g_assert_cmpstr (a->text, ==, b->text);
  g_assert_cmpint (a->turn_ended, ==, b->turn_ended);
  g_assert_cmpint (a->game_over, ==, b->game_over);
  g_assert_cmphex (a->before, ==, b->before);
  g_assert_cmphex (a->after, ==, b->after);
}

/* What a test listens with: its keeping function and where it keeps. */
typedef struct {
  FolMoveFunc keep;
  GArray *told;
} ToldListener;

/* ::move-applied: its seat and text are the report's; the report is kept. */
static inline void
told_on_applied (FolGame *g, int seat, const char *text, const FolMoveReport *r, ToldListener *l)
{
  g_assert_cmpint (seat, ==, r->seat);
  g_assert_cmpstr (text, ==, r->text);
  l->keep (g, r, l->told);
}

/* fol_game_replay() tells @g's whole log again: the same reports as @told
 * (records of @size bytes kept by @keep), and @g ends where it was.
 * Returns: (transfer full): the records told again, for the game's own
 *   fields. */
static inline GArray *
assert_replay_tells (FolGame *g, FolMoveFunc keep, GArray *told, gsize size)
{
  guint64 end = fol_game_get_hash (g);
  GArray *again = g_array_new (FALSE, TRUE, (guint) size);
  g_array_set_clear_func (again, told_clear);
  fol_game_replay (g, keep, again);
  g_assert_cmpuint (again->len, ==, told->len);
  g_assert_cmpuint (again->len, ==, fol_game_get_n_moves (g));
  for (guint i = 0; i < told->len; i++)
    assert_told_same ((const ToldMove *) (told->data + i * size), (const ToldMove *) (again->data + i * size));
  g_assert_cmphex (fol_game_get_hash (g), ==, end);
  return again;
}
