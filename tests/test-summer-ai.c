/* test-summer-ai.c: the Indian Summer computer levels (issue 9): legal
 * moves in self-play with the invariants, determinism, no peeking at the
 * reserve's hidden order, and positions built for what only a player who
 * plans the whole turn finds.  Strength is measured with foliage-cli match,
 * never here; the strong levels play at a small effort where a full one
 * would make the suite slow. */
#include "summer-test-util.h"
#include "summer-ai-private.h"

/* Effort for the strong levels in these tests (percent of their own). */
#define TEST_EFFORT 25

static bool
choose (const SummerState *s, int level, uint64_t seed, SummerMove *m)
{
  FolRng rng;
  fol_rng_seed (&rng, seed);
  FolAiSearch search = { .effort_percent = level >= FOL_AI_HARD && level <= FOL_AI_EXPERT ? TEST_EFFORT : 100 };
  return summer_ai_choose_full (s, (SummerAiLevel) level, &rng, &search, m);
}

/* Plays @games games of @n_players with @level in every seat, checking every
 * move against the rules and the invariants after it. */
static void
selfplay (int level, int n_players, int games)
{
  for (int g = 0; g < games; g++)
    {
      SummerState s;
      new_game (&s, n_players, 91000 + (uint64_t) g * 104729 + (uint64_t) n_players * 7 + (uint64_t) level);
      int plies = 0;
      while (!summer_is_over (&s))
        {
          SummerMove m;
          g_assert_true (choose (&s, level, (uint64_t) plies * 31 + (uint64_t) g, &m));
          g_autoptr (GError) error = NULL;
          if (!summer_apply_move (&s, &m, NULL, &error))
            {
              g_autofree char *t = summer_move_format (&s, &m);
              g_error ("%s, %d players, game %d: move %s refused: %s", fol_ai_level_name (level), n_players, g, t,
                       error->message);
            }
          check_invariants (&s);
          g_assert_cmpint (++plies, <, 5000);
        }
    }
}

static void
test_selfplay (gconstpointer data)
{
  int level = GPOINTER_TO_INT (data);
  /* the strong levels are slower: fewer games, all player counts */
  int scale = level == FOL_AI_EXPERT ? 1 : level == FOL_AI_HARD ? 3 : 10;
  selfplay (level, 1, 10 * scale);
  selfplay (level, 2, 10 * scale);
  selfplay (level, 3, 5 * scale);
  selfplay (level, 4, 5 * scale);
}

/* Positions from games of every player count, a few plies apart. */
static GArray *
sample_positions (void)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (SummerState));
  for (int n = 1; n <= 4; n++)
    for (int g = 0; g < 2; g++)
      {
        SummerState s;
        new_game (&s, n, 5000 + (uint64_t) (n * 10 + g));
        FolRng rng;
        fol_rng_seed (&rng, (uint64_t) g);
        for (int ply = 0; !summer_is_over (&s); ply++)
          {
            if (ply % 9 == 4)
              g_array_append_val (out, s);
            SummerMove m;
            g_assert_true (summer_ai_choose (&s, FOL_AI_NORMAL, &rng, &m));
            g_assert_true (summer_apply_move (&s, &m, NULL, NULL));
          }
      }
  return out;
}

static bool
same_move (const SummerMove *a, const SummerMove *b)
{
  return a->kind == b->kind && a->tile == b->tile && a->transform == b->transform && a->square == b->square
         && a->a == b->a && a->b == b->b;
}

static void
test_deterministic (void)
{
  g_autoptr (GArray) pos = sample_positions ();
  for (int level = 0; level < FOL_N_AI_LEVELS; level++)
    for (guint i = 0; i < pos->len; i += (level == FOL_AI_EXPERT ? 3 : 1))
      {
        const SummerState *s = &g_array_index (pos, SummerState, i);
        SummerState copy;
        memcpy (&copy, s, sizeof copy);
        SummerMove a, b;
        g_assert_true (choose (s, level, 77 + i, &a));
        g_assert_true (choose (&copy, level, 77 + i, &b));
        g_assert_true (same_move (&a, &b));
        /* the search leaves the position untouched */
        g_assert_cmpuint (summer_state_hash (s), ==, summer_state_hash (&copy));
      }
}

/* Changing only what no seat can see (the reserve's order, and the game's
 * own generator) changes no level's move. */
static void
test_no_peeking (void)
{
  g_autoptr (GArray) pos = sample_positions ();
  int checked = 0;
  for (guint i = 0; i < pos->len; i++)
    {
      const SummerState *s = &g_array_index (pos, SummerState, i);
      if (s->n_players == 1 || s->reserve_len < 2)
        continue;
      SummerState other;
      memcpy (&other, s, sizeof other);
      FolRng shuffle;
      fol_rng_seed (&shuffle, 999 + i);
      fol_rng_shuffle_u8 (&shuffle, other.reserve, other.reserve_len);
      fol_rng_seed (&other.rng, 4242 + i);
      g_assert_cmpuint (summer_state_hash (s), !=, summer_state_hash (&other));
      for (int level = 0; level < FOL_N_AI_LEVELS; level++)
        {
          if (level == FOL_AI_EXPERT && i % 3 != 0)
            continue;
          SummerMove a, b;
          g_assert_true (choose (s, level, 5 + i, &a));
          g_assert_true (choose (&other, level, 5 + i, &b));
          g_assert_true (same_move (&a, &b));
        }
      checked++;
    }
  g_assert_cmpint (checked, >=, 10);
}

/* Plays the seat to move's whole turn at @level; returns its moves as text
 * ("B F Y01... Y02... end"), kinds only for treasures. */
static GPtrArray *
play_turn (SummerState *s, int level)
{
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);
  int seat = s->current;
  uint16_t turn = s->turn;
  while (!summer_is_over (s) && s->turn == turn && s->current == seat)
    {
      SummerMove m;
      FolRng rng;
      fol_rng_seed (&rng, 1);
      FolAiSearch search = { 0 };
      g_assert_true (summer_ai_choose_full (s, (SummerAiLevel) level, &rng, &search, &m));
      g_ptr_array_add (out, summer_move_format (s, &m));
      g_assert_true (summer_apply_move (s, &m, NULL, NULL));
      g_assert_cmpuint (out->len, <, 30);
    }
  return out;
}

static int
count_prefix (GPtrArray *moves, const char *prefix)
{
  int n = 0;
  for (guint i = 0; i < moves->len; i++)
    n += g_str_has_prefix (g_ptr_array_index (moves, i), prefix);
  return n;
}

static int
index_of_prefix (GPtrArray *moves, const char *prefix)
{
  for (guint i = 0; i < moves->len; i++)
    if (g_str_has_prefix (g_ptr_array_index (moves, i), prefix))
      return (int) i;
  return -1;
}

static char *
joined (GPtrArray *moves)
{
  g_ptr_array_add (moves, NULL);
  char *s = g_strjoinv (" | ", (char **) moves->pdata);
  g_ptr_array_remove_index (moves, moves->len - 1);
  return s;
}

/* The first red tile whose every orientation is at least 3x3 (so it cannot
 * lie in a strip two squares high). */
static int
wide_red (void)
{
  const SummerComponents *c = summer_components ();
  for (int t = 0; t < SUMMER_N_LEAF_TILES; t++)
    {
      if (c->leaf[t].shape.n_cells != 5)
        continue;
      const FolOrientationSet *set = &c->leaf[t].orientations;
      bool wide = true;
      for (int o = 0; o < set->n; o++)
        wide &= set->o[o].width >= 3 && set->o[o].height >= 3;
      if (wide)
        return t;
    }
  g_assert_not_reached ();
  return -1;
}

/* The rulebook's turn example in small: one tile on the Path that fits
 * nowhere, a Berry and a Feather.  The Berry first fills the Path so that
 * the Feather places two tiles.  A single best move (Normal) places a
 * Squirrel, or spends the Berry and stops, and the Feather waits. */
static void
test_hard_berry_then_feather (void)
{
  SummerState s;
  new_game (&s, 2, 31);
  /* only the two bottom rows are free: a 3x3 red fits nowhere */
  GString *keep = g_string_new (NULL);
  for (int q = 7 * 9 - 9; q < SUMMER_SQUARES; q++)
    {
      g_autofree char *name = summer_square_name (q);
      g_string_append_printf (keep, "%s ", name);
    }
  fill_except (&s, 0, keep->str);
  g_string_free (keep, TRUE);
  const char *red = summer_components ()->leaf[wide_red ()].id;
  set_path (&s, 0, red);
  set_common_head (&s, "Y01 Y02 Y03 Y04 G01");
  set_treasures (&s, 0, 1, 0, 0, 1);
  set_treasures (&s, 1, 0, 0, 0, 0);
  SummerState normal;
  memcpy (&normal, &s, sizeof normal);

  g_autoptr (GPtrArray) hard = play_turn (&s, FOL_AI_HARD);
  g_autofree char *h = joined (hard);
  g_test_message ("Hard: %s", h);
  /* expected: B, F, two yellow tiles, end */
  g_assert_cmpstr (g_ptr_array_index (hard, 0), ==, "B");
  g_assert_cmpstr (g_ptr_array_index (hard, 1), ==, "F");
  g_assert_cmpint (count_prefix (hard, "Y"), ==, 2);
  g_assert_cmpint (s.seat[0].n_leaves, ==, 2);

  g_autoptr (GPtrArray) greedy = play_turn (&normal, FOL_AI_NORMAL);
  g_autofree char *g = joined (greedy);
  g_test_message ("Normal: %s", g);
  g_assert_cmpint (normal.seat[0].n_leaves, <, 2);
}

/* Area 1 lacks one square and a Feather token lies on one of its Holes; a
 * Nut's Squirrel completes it, and the Feather it pays places two tiles. */
static void
test_hard_nut_area_feather (void)
{
  SummerState s;
  new_game (&s, 2, 32);
  SummerSeat *seat = &s.seat[0];
  const SummerFloorSide *side = &summer_components ()->side[seat->side];
  FolBits72 area1 = side->area_mask[0];
  int gap = fol_bb_lowest (area1);
  int hole = fol_bb_lowest (area1 & ~fol_bb_bit (gap));
  /* everything covered but the gap, the hole square and the two Areas
   * farthest from Area 1 (room for two red tiles) */
  GString *keep = g_string_new (NULL);
  for (int q = 0; q < SUMMER_SQUARES; q++)
    {
      int a = side->area[q];
      if (q == gap || q == hole || a == side->area[71] || a == side->area[71 - 3])
        {
          g_autofree char *name = summer_square_name (q);
          g_string_append_printf (keep, "%s ", name);
        }
    }
  fill_except (&s, 0, keep->str);
  g_string_free (keep, TRUE);
  g_autofree char *hole_name = summer_square_name (hole);
  put_hole (&s, 0, hole_name, false);
  s.supply[SUMMER_FEATHER]--;
  seat->token[hole] = SUMMER_FEATHER;
  seat->tokens |= fol_bb_bit (hole);
  set_path (&s, 0, "R01 R02 R03");
  set_treasures (&s, 0, 0, 1, 0, 0);
  set_treasures (&s, 1, 0, 0, 0, 0);
  g_autofree char *gap_name = summer_square_name (gap);
  g_autofree char *nut = g_strdup_printf ("N %s", gap_name);

  g_autoptr (GPtrArray) hard = play_turn (&s, FOL_AI_HARD);
  g_autofree char *h = joined (hard);
  g_test_message ("Hard: %s", h);
  /* expected: N <gap> (Area 1 complete, the Feather taken), F, two tiles, end */
  g_assert_cmpstr (g_ptr_array_index (hard, 0), ==, nut);
  g_assert_cmpint (index_of_prefix (hard, "F"), ==, 1);
  g_assert_cmpint (count_prefix (hard, "R"), ==, 2);
  g_assert_true (s.seat[0].areas_done & 1);
  g_assert_cmpint (s.seat[0].n_leaves, ==, 2);
}

/* The opponent has room for exactly one more tile, the shape of G01, the
 * first tile of Hard's Path.  Without a Mushroom in the opponent's hands
 * Hard places its red tile (more squares); when the opponent holds one, it
 * places G01 instead, which the Mushroom would otherwise take to finish the
 * opponent's floor.  Normal, one move deep, places the red tile both times. */
static void
test_hard_keeps_tile_from_mushroom (void)
{
  SummerState s;
  new_game (&s, 2, 33);
  const SummerComponents *c = summer_components ();
  int g01 = leaf ("G01"), r01 = leaf ("R01");
  const FolOrientation *o = &c->leaf[g01].orientations.o[0];
  FolBits72 shape = fol_orientation_at (o, 0);
  GString *keep = g_string_new (NULL);
  for (int q = 0; q < SUMMER_SQUARES; q++)
    if (fol_bb_test (shape, q))
      {
        g_autofree char *name = summer_square_name (q);
        g_string_append_printf (keep, "%s ", name);
      }
  fill_except (&s, 1, keep->str);
  g_string_free (keep, TRUE);
  set_path (&s, 0, "G01 R01");
  set_treasures (&s, 0, 0, 0, 0, 0);
  set_treasures (&s, 1, 0, 0, 0, 0);

  SummerMove m;
  FolRng rng;
  fol_rng_seed (&rng, 1);
  g_assert_true (summer_ai_choose (&s, FOL_AI_HARD, &rng, &m));
  g_assert_cmpint (m.kind, ==, SUMMER_MOVE_LEAF);
  g_assert_cmpint (m.tile, ==, r01);

  set_treasures (&s, 1, 0, 0, 1, 0);
  g_assert_true (summer_ai_choose (&s, FOL_AI_HARD, &rng, &m));
  g_autofree char *t = summer_move_format (&s, &m);
  g_test_message ("Hard with the opponent's Mushroom: %s", t);
  g_assert_cmpint (m.kind, ==, SUMMER_MOVE_LEAF);
  g_assert_cmpint (m.tile, ==, g01);

  g_assert_true (summer_ai_choose (&s, FOL_AI_NORMAL, &rng, &m));
  g_assert_cmpint (m.tile, ==, r01);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  load_components_or_die ();
  for (int level = 0; level < FOL_N_AI_LEVELS; level++)
    {
      g_autofree char *path = g_strdup_printf ("/summer-ai/selfplay/%s", fol_ai_level_name (level));
      g_test_add_data_func (path, GINT_TO_POINTER (level), test_selfplay);
    }
  g_test_add_func ("/summer-ai/deterministic", test_deterministic);
  g_test_add_func ("/summer-ai/no-peeking", test_no_peeking);
  g_test_add_func ("/summer-ai/hard/berry-then-feather", test_hard_berry_then_feather);
  g_test_add_func ("/summer-ai/hard/nut-area-feather", test_hard_nut_area_feather);
  g_test_add_func ("/summer-ai/hard/keeps-tile-from-mushroom", test_hard_keeps_tile_from_mushroom);
  return g_test_run ();
}
