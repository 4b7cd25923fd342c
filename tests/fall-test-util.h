/* fall-test-util.h: helpers shared by the Fall engine tests. */
#pragma once

#include <glib.h>
#include <string.h>

#include "fall-ai.h"
#include "fall-components.h"
#include "fall-notation.h"
#include "fall-scoring.h"
#include "fall-state.h"

static const FallComponents *C;

static inline void
fall_test_init (void)
{
  C = fall_components ();
}

/* The tile index of @id; fails the test if unknown. */
static inline int
T (const char *id)
{
  int i = fall_tile_index (C, id);
  g_assert_cmpint (i, >=, 0);
  return i;
}

/* A position from text (fall_position_parse); fails the test on error. */
static inline FallState *
pos_new (const char *text)
{
  FallState *s = g_new0 (FallState, 1);
  g_autoptr (GError) error = NULL;
  if (!fall_position_parse (C, text, s, &error))
    g_error ("position does not parse: %s\n%s", error->message, text);
  return s;
}

static inline FallMove
mv (const char *text)
{
  FallMove m;
  g_autoptr (GError) error = NULL;
  if (!fall_move_parse (C, text, &m, &error))
    g_error ("%s", error->message);
  return m;
}

/* Plays @text; returns NULL when applied, else the reason (and then checks
 * that the state did not change). */
static inline const char *
try_move (FallState *s, const char *text)
{
  FallMove m = mv (text);
  uint64_t before = fall_state_hash (s);
  const char *reason = NULL;
  if (fall_apply (s, &m, &reason))
    return NULL;
  g_assert_nonnull (reason);
  g_assert_cmphex (fall_state_hash (s), ==, before);
  return reason;
}

/* Plays the space-separated moves of @text; each must be legal. */
static inline void
play (FallState *s, const char *text)
{
  g_auto (GStrv) moves = g_strsplit (text, " ", -1);
  for (int i = 0; moves[i]; i++)
    {
      if (!*moves[i])
        continue;
      const char *reason = try_move (s, moves[i]);
      if (reason)
        g_error ("move %s is illegal: %s", moves[i], reason);
    }
}

static inline void
assert_illegal (FallState *s, const char *text, const char *reason_part)
{
  const char *reason = try_move (s, text);
  if (!reason)
    g_error ("move %s was accepted; expected refusal '%s'", text, reason_part);
  if (reason_part && !strstr (reason, reason_part))
    g_error ("move %s refused with '%s'; expected '%s'", text, reason, reason_part);
}

/* Whether @m is in the legal move list of @s. */
static inline gboolean
is_generated (const FallState *s, const FallMove *m)
{
  static FallMoveList list;
  fall_legal_moves (s, &list);
  for (int i = 0; i < list.n; i++)
    if (fall_move_equal (&list.m[i], m))
      return TRUE;
  return FALSE;
}

static inline int
cell_at (const FallState *s, int q, int r)
{
  int i = fall_state_find (s, q, r);
  g_assert_cmpint (i, >=, 0);
  return i;
}

/* Score of @seat. */
static inline int
score_of (const FallState *s, int seat)
{
  FallScore sc;
  fall_score_seat (s, NULL, seat, TRUE, &sc);
  return sc.total;
}
