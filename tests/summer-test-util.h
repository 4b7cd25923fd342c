/* summer-test-util.h: shared helpers of the Indian Summer tests: building
 * positions by hand, and the invariants checked after every move. */
#pragma once

#include <glib.h>
#include <string.h>
#include "summer-state.h"
#include "summer-notation.h"
#include "summer-ai.h"

static inline void
load_components_or_die (void)
{
  g_autoptr (GError) error = NULL;
  const SummerComponents *c = summer_components_get (&error);
  g_assert_no_error (error);
  g_assert_nonnull (c);
}

static inline void
new_game (SummerState *s, int n_players, uint64_t seed)
{
  SummerSetup setup;
  summer_setup_init (&setup, n_players, seed);
  g_autoptr (GError) error = NULL;
  g_assert_true (summer_state_new_game (&setup, s, &error));
  g_assert_no_error (error);
}

static inline int
sq (const char *name)
{
  int v = summer_square_parse (name);
  g_assert_cmpint (v, >=, 0);
  return v;
}

static inline int
leaf (const char *id)
{
  int v = summer_leaf_index (summer_components (), id);
  g_assert_cmpint (v, >=, 0);
  return v;
}

/* Parses and applies @text; fails the test when it is not legal. */
static inline SummerMoveInfo
play (SummerState *s, const char *text)
{
  SummerMove m;
  SummerMoveInfo info;
  g_autoptr (GError) error = NULL;
  if (!summer_move_parse (s, text, &m, &error) || !summer_apply_move (s, &m, &info, &error))
    g_error ("move '%s' refused: %s", text, error->message);
  return info;
}

/* Asserts @text is refused with an error, and the state is unchanged. */
static inline void
refuse (SummerState *s, const char *text, const char *why_part)
{
  SummerMove m;
  g_autoptr (GError) error = NULL;
  SummerState before = *s;
  if (!summer_move_parse (s, text, &m, &error))
    g_error ("move '%s' does not parse: %s", text, error->message);
  g_assert_false (summer_apply_move (s, &m, NULL, &error));
  g_assert_error (error, SUMMER_ERROR, SUMMER_ERROR_ILLEGAL);
  if (why_part && !strstr (error->message, why_part))
    g_error ("'%s' refused with '%s', expected a reason with '%s'", text, error->message, why_part);
  g_assert_true (memcmp (&before, s, sizeof before) == 0);
}

/* Sets @seat's Player Path to the tiles named in @ids ("G01 Y05"), taking
 * them from wherever they are (Common Path, reserve, other paths, solo
 * paths and track) so that every tile stays accounted for once.  Tiles
 * displaced from the Path go to the end of the reserve (multiplayer) or the
 * Top Path's right end (solo, room permitting). */
static inline void
remove_tile_everywhere (SummerState *s, int t)
{
  for (int i = 0; i < s->n_players; i++)
    for (int k = 0; k < s->seat[i].path_len; k++)
      if (s->seat[i].path[k] == t)
        {
          memmove (&s->seat[i].path[k], &s->seat[i].path[k + 1], s->seat[i].path_len - k - 1);
          s->seat[i].path_len--;
          k--;
        }
  for (int k = 0; k < s->common_len; k++)
    if (s->common[k] == t)
      {
        memmove (&s->common[k], &s->common[k + 1], s->common_len - k - 1);
        s->common_len--;
        k--;
      }
  for (int k = 0; k < s->reserve_len; k++)
    if (s->reserve[k] == t)
      {
        memmove (&s->reserve[k], &s->reserve[k + 1], s->reserve_len - k - 1);
        s->reserve_len--;
        k--;
      }
  for (int p = 0; p < 2; p++)
    for (int k = 0; k < s->solo_len[p]; k++)
      if (s->solo_path[p][k] == t)
        {
          memmove (&s->solo_path[p][k], &s->solo_path[p][k + 1], s->solo_len[p] - k - 1);
          s->solo_len[p]--;
          k--;
        }
  for (int k = 0; k < SUMMER_TRACK_SPACES; k++)
    if (s->track[k] == t)
      s->track[k] = SUMMER_NONE;
}

static inline void
set_path (SummerState *s, int seat, const char *ids)
{
  g_auto (GStrv) w = g_strsplit (ids, " ", -1);
  SummerSeat *st = &s->seat[seat];
  uint8_t old[SUMMER_PATH_MAX];
  int n_old = st->path_len;
  memcpy (old, st->path, n_old);
  st->path_len = 0;
  for (int i = 0; w[i]; i++)
    {
      if (!*w[i])
        continue;
      int t = leaf (w[i]);
      remove_tile_everywhere (s, t);
      st->path[st->path_len++] = (uint8_t) t;
    }
  /* the old path tiles not kept go back to the reserve / solo Top Path */
  for (int k = 0; k < n_old; k++)
    {
      bool kept = false;
      for (int j = 0; j < st->path_len; j++)
        kept |= st->path[j] == old[k];
      if (kept)
        continue;
      if (s->n_players > 1)
        s->reserve[s->reserve_len++] = old[k];
      else
        {
          /* solo: put it on whichever track or Path space is free */
          bool put = false;
          for (int p = 0; p < 2 && !put; p++)
            if (s->solo_len[p] < SUMMER_PATH_REFILL)
              {
                s->solo_path[p][s->solo_len[p]++] = old[k];
                put = true;
              }
          for (int sp = 0; sp < SUMMER_TRACK_M1 && !put; sp++)
            if (s->track[sp] == SUMMER_NONE)
              {
                s->track[sp] = old[k];
                put = true;
              }
          g_assert_true (put);
        }
    }
}

/* Puts @ids ("Y01 Y02") at the head of the Common Path, in that order. */
static inline void
set_common_head (SummerState *s, const char *ids)
{
  g_auto (GStrv) w = g_strsplit (ids, " ", -1);
  int n = (int) g_strv_length (w);
  for (int i = n - 1; i >= 0; i--)
    {
      int t = leaf (w[i]);
      remove_tile_everywhere (s, t);
      memmove (&s->common[1], &s->common[0], s->common_len);
      s->common[0] = (uint8_t) t;
      s->common_len++;
    }
}

/* A Hole (of some Leaf tile) on @square, with the token of its printed
 * treasure taken from the supply when @with_token. */
static inline void
put_hole (SummerState *s, int seat, const char *square, bool with_token)
{
  int q = sq (square);
  SummerSeat *st = &s->seat[seat];
  g_assert_false (fol_bb_test (st->covered, q));
  st->covered |= fol_bb_bit (q);
  st->holes |= fol_bb_bit (q);
  st->cover[q] = SUMMER_COVER_SQUIRREL;
  int t = summer_components ()->side[st->side].treasure[q];
  if (with_token && t != SUMMER_NO_TREASURE)
    {
      g_assert_cmpint (s->supply[t], >, 0);
      s->supply[t]--;
      st->token[q] = (uint8_t) t;
      st->tokens |= fol_bb_bit (q);
    }
}

/* Sets a seat's treasures, moving tokens to or from the supply. */
static inline void
set_treasures (SummerState *s, int seat, int b, int n, int m, int f)
{
  int want[4] = { b, n, m, f };
  for (int t = 0; t < SUMMER_N_TREASURES; t++)
    {
      int diff = want[t] - s->seat[seat].treasures[t];
      g_assert_cmpint (s->supply[t] - diff, >=, 0);
      s->supply[t] = (uint8_t) (s->supply[t] - diff);
      s->seat[seat].treasures[t] = (uint8_t) want[t];
    }
}

/* Puts Squirrels (directly, no move) on the listed squares ("a1 b1 c1"). */
static inline void
put_squirrels (SummerState *s, int seat, const char *squares)
{
  g_auto (GStrv) w = g_strsplit (squares, " ", -1);
  for (int i = 0; w[i]; i++)
    if (*w[i])
      {
        int q = sq (w[i]);
        g_assert_false (fol_bb_test (s->seat[seat].covered, q));
        s->seat[seat].covered |= fol_bb_bit (q);
        s->seat[seat].cover[q] = SUMMER_COVER_SQUIRREL;
        s->seat[seat].n_squirrels++;
      }
}

/* Covers every square of the Forest Floor except those listed, with Squirrels. */
static inline void
fill_except (SummerState *s, int seat, const char *keep_empty)
{
  FolBits72 keep = 0;
  g_auto (GStrv) w = g_strsplit (keep_empty, " ", -1);
  for (int i = 0; w[i]; i++)
    if (*w[i])
      keep |= fol_bb_bit (sq (w[i]));
  for (int q = 0; q < SUMMER_SQUARES; q++)
    if (!fol_bb_test (keep, q) && !fol_bb_test (s->seat[seat].covered, q))
      {
        s->seat[seat].covered |= fol_bb_bit (q);
        s->seat[seat].cover[q] = SUMMER_COVER_SQUIRREL;
        s->seat[seat].n_squirrels++;
      }
}

/* The squares of Area @area (1..6) of @seat's side. */
static inline FolBits72
area_mask (const SummerState *s, int seat, int area)
{
  return summer_components ()->side[s->seat[seat].side].area_mask[area - 1];
}

static inline int
printed (const SummerState *s, int seat, const char *square)
{
  return summer_components ()->side[s->seat[seat].side].treasure[sq (square)];
}

/* Invariants after every move (issue 2): summer_state_check_invariants(),
 * failing the test with its description. */
static inline void
check_invariants (const SummerState *s)
{
  g_autofree char *problem = summer_state_check_invariants (s);
  if (problem)
    g_error ("invariant broken: %s", problem);
}

/* Issue 15: the legal-move list and summer_check_move agree
 * (summer_state_check_move_list()); fails the test when they do not. */
static inline void
check_legal_moves_agree (const SummerState *s)
{
  g_autofree char *problem = summer_state_check_move_list (s);
  if (problem)
    g_error ("%s", problem);
}
