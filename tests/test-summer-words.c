/* test-summer-words.c: Indian Summer moves in words (src/ui/summer/fol-summer-words.c),
 * the sentences of the game log.  Run in English (no translation loaded). */
#include <glib.h>
#include <string.h>
#include "fol-summer-words.h"
#include "summer-test-util.h"

/* Plays greedy 2-player games until a move matches @want; returns its
 * sentence, with @out_info the engine's report. */
typedef gboolean (*Wanted) (const SummerState *before, const SummerState *after, const SummerMove *m,
                            const SummerMoveInfo *info);

static char *
first_sentence (Wanted want, SummerMoveInfo *out_info, int *out_drawn_from_reserve)
{
  const char *names[] = { "Ann", "Hazel", NULL };
  for (uint64_t seed = 1; seed < 50; seed++)
    {
      SummerState s;
      new_game (&s, 2, seed);
      FolRng rng;
      fol_rng_seed (&rng, seed);
      while (!summer_is_over (&s))
        {
          SummerMove m;
          g_assert_true (summer_ai_choose (&s, FOL_AI_GREEDY, &rng, &m));
          SummerState before = s;
          SummerMoveInfo info;
          g_autoptr (GError) error = NULL;
          g_assert_true (summer_apply_move (&s, &m, &info, &error));
          if (want (&before, &s, &m, &info))
            {
              *out_info = info;
              *out_drawn_from_reserve = before.reserve_len - s.reserve_len;
              return fol_summer_describe_move (&before, &s, &m, &info, names, 0);
            }
        }
    }
  g_assert_not_reached ();
  return NULL;
}

static gboolean
path_refilled_by_a_placement (const SummerState *before, const SummerState *after, const SummerMove *m,
                              const SummerMoveInfo *info)
{
  return m->kind == SUMMER_MOVE_LEAF && info->tiles_drawn > 0 && after->reserve_len == before->reserve_len;
}

static gboolean
common_path_refilled (const SummerState *before, const SummerState *after, const SummerMove *m,
                      const SummerMoveInfo *info)
{
  return after->reserve_len < before->reserve_len;
}

static gboolean
plain_placement (const SummerState *before, const SummerState *after, const SummerMove *m,
                 const SummerMoveInfo *info)
{
  return m->kind == SUMMER_MOVE_LEAF && info->tiles_drawn == 0 && after->reserve_len == before->reserve_len;
}

/* Rulebook, Player Path: the last tile placed, the Path refills at once
 * from the Common Path; the log says so, with the count. */
static void
test_player_path_refill (void)
{
  SummerMoveInfo info;
  int from_reserve;
  g_autofree char *line = first_sentence (path_refilled_by_a_placement, &info, &from_reserve);
  g_assert_true (g_str_has_prefix (line, "Ann placed a ") || g_str_has_prefix (line, "Hazel placed a "));
  g_autofree char *tail = g_strdup_printf (". The Player Path was empty: %d tile%s came from the Common Path",
                                           info.tiles_drawn, info.tiles_drawn == 1 ? "" : "s");
  g_assert_true (g_str_has_suffix (line, tail));
}

/* DECISIONS.md: below 7 tiles the Common Path is refilled from the reserve;
 * the log says how many came. */
static void
test_common_path_refill (void)
{
  SummerMoveInfo info;
  int from_reserve;
  g_autofree char *line = first_sentence (common_path_refilled, &info, &from_reserve);
  g_assert_cmpint (from_reserve, >, 0);
  g_autofree char *tail = g_strdup_printf (". The Common Path was refilled with %d tile%s from the reserve",
                                           from_reserve, from_reserve == 1 ? "" : "s");
  g_assert_true (g_str_has_suffix (line, tail));
}

/* A placement that draws nothing says nothing of Paths. */
static void
test_no_refill_words (void)
{
  SummerMoveInfo info;
  int from_reserve;
  g_autofree char *line = first_sentence (plain_placement, &info, &from_reserve);
  g_assert_null (strstr (line, "Path was"));
  g_assert_null (strstr (line, "refilled"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  load_components_or_die ();
  g_test_add_func ("/summer-words/player-path-refill", test_player_path_refill);
  g_test_add_func ("/summer-words/common-path-refill", test_common_path_refill);
  g_test_add_func ("/summer-words/no-refill-words", test_no_refill_words);
  return g_test_run ();
}
