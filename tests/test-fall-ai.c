/* test-fall-ai.c: the computer players of Fall (src/engine/fall/fall-ai.c,
 * fall-ai-plan.c): every level plays only legal moves, decides the same way
 * from the same view and seed, never from what its seat cannot see, and
 * avoids the faults the levels were written to fix (built positions). */
#include "fall-test-util.h"
#include "fall-ai-private.h"

#include <inttypes.h>

/* Hard and Expert at a quarter of their effort where many moves are asked
 * for (they are slow under the sanitizers); the built positions use the
 * levels' own effort. */
#define TEST_EFFORT 25

static const FolAiLevel all_levels[] = {
  FOL_AI_EASY, FOL_AI_NORMAL, FOL_AI_HARD, FOL_AI_EXPERT, FOL_AI_RANDOM, FOL_AI_GREEDY,
};

static int
effort_of (FolAiLevel level)
{
  return level == FOL_AI_HARD || level == FOL_AI_EXPERT ? TEST_EFFORT : 0;
}

/* For the positions of games: every fourth at the levels' own effort. */
static int
effort_at (FolAiLevel level, int index)
{
  return index % 4 == 0 ? 0 : effort_of (level);
}

static const char *
move_text (const FallState *s, const FallMove *m)
{
  static char buf[32];
  return fall_move_format (s, m, buf, sizeof buf);
}

static void
assert_invariants (const FallState *s, const char *where, uint64_t seed, int move)
{
  char *problem = fall_state_check_invariants (s);
  if (problem)
    g_error ("%s, seed %" PRIu64 ", move %d: %s", where, seed, move, problem);
}

/* @level's move for the seat to move in the full state @s, from that
 * seat's view, with a generator seeded with @seed. */
static FallMove
ai_move (const FallState *s, FolAiLevel level, uint64_t seed, int effort)
{
  g_autofree FallState *view = g_new (FallState, 1);
  fall_state_view (s, fall_state_current_seat (s), view);
  FolRng rng;
  fol_rng_seed (&rng, seed);
  FolAiSearch search = { .effort_percent = effort };
  FallMove m;
  g_assert_true (fall_ai_choose_full (view, level, &rng, &search, &m));
  g_assert_false (search.capped);
  g_assert_true (fall_check_move (s, &m, NULL));
  return m;
}

/* ---- self-play -------------------------------------------------------- */

typedef struct {
  FolAiLevel level;
  int games;
  uint64_t seed;
} SelfplayCase;

/* @games whole games of @level against itself, each move checked against
 * the legal moves of the full state and played through fall_apply(), the
 * invariants checked after every move. */
static void
test_selfplay (gconstpointer data)
{
  const SelfplayCase *tc = data;
  g_autofree FallState *s = g_new (FallState, 1);
  g_autofree FallState *view = g_new (FallState, 1);
  g_autofree FallMoveList *legal = g_new (FallMoveList, 1);
  int moves = 0, wins[3] = { 0 }, total_vp = 0, tokens_boxed = 0;
  uint64_t nodes = 0;
  for (int g = 0; g < tc->games; g++)
    {
      uint64_t seed = tc->seed + (uint64_t) g;
      /* both sides of the Season board and both first players */
      FallOptions opts = { g % 2, (g / 2) % 2 };
      fall_state_init (s, C, seed, &opts);
      FolRng rng[2];
      fol_rng_seed (&rng[0], seed * 7 + 1);
      fol_rng_seed (&rng[1], seed * 7 + 2);
      assert_invariants (s, fol_ai_level_name (tc->level), seed, 0);
      int move = 0, turns = 0;
      while (!fall_state_is_over (s))
        {
          int seat = fall_state_current_seat (s);
          fall_state_view (s, seat, view);
          FolAiSearch search = { .effort_percent = effort_of (tc->level) };
          FallMove m;
          g_assert_true (fall_ai_choose_full (view, tc->level, &rng[seat], &search, &m));
          g_assert_false (search.capped);
          nodes += search.nodes;
          /* one of the moves the rules list for the full state */
          fall_legal_moves (s, legal);
          gboolean listed = FALSE;
          for (int i = 0; i < legal->n && !listed; i++)
            listed = fall_move_equal (&legal->m[i], &m);
          if (!listed)
            g_error ("%s, seed %" PRIu64 ", move %d: %s is not a legal move", fol_ai_level_name (tc->level),
                     seed, move, move_text (s, &m));
          const char *reason = NULL;
          if (!fall_apply (s, &m, &reason))
            g_error ("%s, seed %" PRIu64 ", move %d: %s refused: %s", fol_ai_level_name (tc->level), seed, move,
                     move_text (s, &m), reason);
          move++;
          assert_invariants (s, fol_ai_level_name (tc->level), seed, move);
          if (m.kind == FALL_MOVE_END)
            {
              int held = 0;
              for (int k = 0; k < FALL_N_TOKEN_KINDS; k++)
                held += s->held[seat][k];
              g_assert_cmpint (held, <=, FALL_MAX_HELD);
              g_assert_cmpint (s->held[seat][FALL_TOAD], ==, 0);
              turns++;
            }
          g_assert_cmpint (move, <, 2000);
        }
      /* 12 weeks of 3 turns, 48 tiles played */
      g_assert_cmpint (turns, ==, 36);
      g_assert_cmpint (s->n_placed + s->n_discarded_tiles, ==, FALL_TILES_PLAYED);
      moves += move;
      for (int k = 0; k < FALL_N_TOKEN_KINDS; k++)
        tokens_boxed += s->boxed[k];
      FallScore sc[2];
      int w = fall_result (s, sc);
      wins[w < 0 ? 2 : w]++;
      total_vp += sc[0].total + sc[1].total;
    }
  g_test_message ("%s: %d games, %d moves, wins %d/%d/%d shared, mean score %.1f, %.1f tokens boxed a game, "
                  "%" PRIu64 " nodes",
                  fol_ai_level_name (tc->level), tc->games, moves, wins[0], wins[1], wins[2],
                  total_vp / (2.0 * tc->games), tokens_boxed / (double) tc->games, nodes);
}

/* ---- positions from games ------------------------------------------- */

/* Calls @fn on every @every-th position (full state) of a few games played
 * by Normal and Easy with some random moves mixed in, so the positions
 * cover every phase, both seats, held tokens and late weeks. */
typedef void (*PositionFn) (const FallState *s, int index, gpointer data);

static int
for_positions (int games, int every, PositionFn fn, gpointer data)
{
  g_autofree FallState *s = g_new (FallState, 1);
  g_autofree FallState *view = g_new (FallState, 1);
  int index = 0, ply = 0;
  for (int g = 0; g < games; g++)
    {
      FallOptions opts = { g % 2, (g / 2) % 2 };
      fall_state_init (s, C, 900 + (uint64_t) g, &opts);
      FolRng rng;
      fol_rng_seed (&rng, 77 + (uint64_t) g);
      while (!fall_state_is_over (s))
        {
          if (ply++ % every == 0)
            fn (s, index++, data);
          int seat = fall_state_current_seat (s);
          fall_state_view (s, seat, view);
          FolAiLevel level = fol_rng_below (&rng, 5) == 0 ? FOL_AI_RANDOM : seat ? FOL_AI_EASY : FOL_AI_NORMAL;
          FallMove m;
          g_assert_true (fall_ai_choose (view, level, &rng, &m));
          g_assert_true (fall_apply (s, &m, NULL));
        }
    }
  return index;
}

/* Same view and same AI seed: the same move, every level, and the view is
 * left as it was.  The second round asks the levels in the opposite order,
 * so that nothing one call leaves behind (scratch buffers) changes the next. */
static void
check_deterministic (const FallState *s, int index, gpointer data)
{
  int *n_levels_asked = data;
  int seat = fall_state_current_seat (s);
  g_autofree FallState *v1 = g_new (FallState, 1);
  g_autofree FallState *v2 = g_new (FallState, 1);
  fall_state_view (s, seat, v1);
  fall_state_copy (v2, v1);
  uint64_t hash = fall_state_hash (v1);
  g_assert_cmphex (fall_state_hash (v2), ==, hash);
  const int n = G_N_ELEMENTS (all_levels);
  FallMove first[G_N_ELEMENTS (all_levels)];
  uint64_t nodes[G_N_ELEMENTS (all_levels)];
  for (int round = 0; round < 2; round++)
    for (int j = 0; j < n; j++)
      {
        int i = round ? n - 1 - j : j;
        FolAiLevel level = all_levels[i];
        FallState *v = round ? v2 : v1;
        FolRng rng;
        fol_rng_seed (&rng, 4242 + (uint64_t) index);
        FolAiSearch search = { .effort_percent = effort_at (level, index) };
        FallMove m;
        g_assert_true (fall_ai_choose_full (v, level, &rng, &search, &m));
        g_assert_false (search.capped);
        g_assert_cmphex (fall_state_hash (v), ==, hash);
        g_assert_true (fall_check_move (s, &m, NULL));
        if (!round)
          {
            first[i] = m;
            nodes[i] = search.nodes;
            (*n_levels_asked)++;
            continue;
          }
        if (!fall_move_equal (&first[i], &m))
          {
            char a[32];
            g_error ("position %d, %s: %s the first time, %s the second", index, fol_ai_level_name (level),
                     fall_move_format (s, &first[i], a, sizeof a), move_text (s, &m));
          }
        g_assert_cmpuint (nodes[i], ==, search.nodes);
      }
}

static void
test_deterministic (void)
{
  int asked = 0;
  int positions = for_positions (5, 7, check_deterministic, &asked);
  g_test_message ("%d positions, %d moves asked twice", positions, asked);
  g_assert_cmpint (positions, >, 40);
  g_assert_cmpint (asked, ==, positions * (int) G_N_ELEMENTS (all_levels));
}

/* A full state that @seat cannot tell from @s: the opponent's three cards
 * replaced by other cards of the same kinds that @seat does not hold, the
 * bag shuffled, the face-down tiles permuted among all the stacks (each
 * stack keeping its size), and another game generator. */
static void
change_hidden (const FallState *s, int seat, FolRng *rng, FallState *out)
{
  fall_state_copy (out, s);
  for (int k = 0; k < FALL_N_CARD_KINDS; k++)
    {
      uint8_t choice[6];
      int n = 0;
      for (int i = 0; i < 6; i++)
        {
          uint8_t c = C->cards_of_kind[k][i];
          if (c != s->card[seat][k] && c != s->card[1 - seat][k])
            choice[n++] = c;
        }
      g_assert_cmpint (n, ==, 4);
      out->card[1 - seat][k] = choice[fol_rng_below (rng, (uint32_t) n)];
    }
  fol_rng_shuffle_u8 (rng, out->bag, out->n_bag);
  uint8_t tiles[FALL_N_LEAF_TILES];
  int n = 0;
  for (int st = 0; st < FALL_N_STACKS; st++)
    for (int i = 0; i < out->n_stack[st]; i++)
      tiles[n++] = out->stack[st][i];
  fol_rng_shuffle_u8 (rng, tiles, (size_t) n);
  n = 0;
  for (int st = 0; st < FALL_N_STACKS; st++)
    for (int i = 0; i < out->n_stack[st]; i++)
      out->stack[st][i] = tiles[n++];
  fol_rng_seed (&out->rng, fol_rng_next (rng));
}

typedef struct {
  int positions;
  int moves_compared;
} HiddenStats;

static void
check_hidden (const FallState *s, int index, gpointer data)
{
  HiddenStats *st = data;
  int seat = fall_state_current_seat (s);
  g_autofree FallState *other = g_new (FallState, 1);
  g_autofree FallState *v1 = g_new (FallState, 1);
  g_autofree FallState *v2 = g_new (FallState, 1);
  FolRng rng;
  fol_rng_seed (&rng, 31 + (uint64_t) index);
  change_hidden (s, seat, &rng, other);
  assert_invariants (other, "changed hidden information", 0, index);
  /* the full states differ (the opponent's cards at least), the views not */
  g_assert_cmphex (fall_state_hash (other), !=, fall_state_hash (s));
  for (int k = 0; k < FALL_N_CARD_KINDS; k++)
    g_assert_cmpint (other->card[1 - seat][k], !=, s->card[1 - seat][k]);
  fall_state_view (s, seat, v1);
  fall_state_view (other, seat, v2);
  g_assert_cmphex (fall_state_hash (v1), ==, fall_state_hash (v2));
  for (size_t i = 0; i < G_N_ELEMENTS (all_levels); i++)
    {
      FolAiLevel level = all_levels[i];
      uint64_t seed = 5150 + (uint64_t) index * 16 + i;
      FallMove a = ai_move (s, level, seed, effort_at (level, index));
      FallMove b = ai_move (other, level, seed, effort_at (level, index));
      if (!fall_move_equal (&a, &b))
        {
          char buf[32];
          g_autofree char *text = fall_position_format (s);
          g_error ("position %d, %s: %s, but %s once the hidden information changed\n%s", index,
                   fol_ai_level_name (level), fall_move_format (s, &a, buf, sizeof buf), move_text (s, &b), text);
        }
      st->moves_compared++;
    }
  st->positions++;
}

static void
test_hidden_information (void)
{
  HiddenStats st = { 0 };
  for_positions (5, 5, check_hidden, &st);
  g_test_message ("%d positions, %d moves compared", st.positions, st.moves_compared);
  g_assert_cmpint (st.positions, >, 60);
}

/* ---- built positions ---------------------------------------------- */

/* A full state from a position text that lists no stacks and no bag: the
 * tiles seen nowhere go face down into the four stacks (sized as the set-up
 * and the weeks so far leave them: 14, 14, 13, 13 less one a week) and the
 * tokens seen nowhere into the bag, in an order drawn from @seed, so every
 * tile and token is accounted for. */
static FallState *
built_new (const char *text, uint64_t seed)
{
  FallState *s = pos_new (text);
  g_assert_false (s->is_view);
  gboolean seen[FALL_N_TILES] = { FALSE };
  int tokens[FALL_N_TOKEN_KINDS] = { 0 };
  for (int i = 0; i < s->n_cells; i++)
    {
      const FallCell *c = &s->cell[i];
      for (int h = 0; h < c->height; h++)
        seen[c->tile[h]] = TRUE;
      if (c->height && c->token != FALL_NO_TOKEN)
        tokens[c->token]++;
    }
  for (int i = 0; i < FALL_OFFER; i++)
    {
      if (s->offer_tile[i] != FALL_NONE)
        seen[s->offer_tile[i]] = TRUE;
      if (s->offer_token[i] != FALL_NONE)
        tokens[s->offer_token[i]]++;
    }
  for (int i = 0; i < s->n_hand_tiles; i++)
    seen[s->hand_tile[i]] = TRUE;
  for (int i = 0; i < s->n_discarded_tiles; i++)
    seen[s->discarded_tile[i]] = TRUE;
  for (int k = 0; k < FALL_N_TOKEN_KINDS; k++)
    tokens[k] += s->held[0][k] + s->held[1][k] + s->boxed[k];
  FolRng rng;
  fol_rng_seed (&rng, seed);
  uint8_t tiles[FALL_N_LEAF_TILES];
  int n = 0;
  for (int t = 0; t < FALL_N_LEAF_TILES; t++)
    if (!seen[t])
      tiles[n++] = (uint8_t) t;
  g_assert_cmpint (n, ==, FALL_N_LEAF_TILES - s->tiles_offered);
  fol_rng_shuffle_u8 (&rng, tiles, (size_t) n);
  static const int set_up[FALL_N_STACKS] = { 14, 14, 13, 13 };
  int at = 0;
  for (int st = 0; st < FALL_N_STACKS; st++)
    {
      s->n_stack[st] = (uint8_t) (set_up[st] - s->week);
      for (int i = 0; i < s->n_stack[st]; i++)
        s->stack[st][i] = tiles[at++];
    }
  g_assert_cmpint (at, ==, n);
  s->n_bag = 0;
  for (int k = 0; k < FALL_N_TOKEN_KINDS; k++)
    {
      g_assert_cmpint (tokens[k], <=, fall_token_count[k]);
      for (int i = tokens[k]; i < fall_token_count[k]; i++)
        s->bag[s->n_bag++] = (uint8_t) k;
    }
  fol_rng_shuffle_u8 (&rng, s->bag, s->n_bag);
  fol_rng_seed (&s->rng, fol_rng_next (&rng));
  assert_invariants (s, "built position", seed, 0);
  return s;
}

static void
assert_move (const FallState *s, const FallMove *m, const char *expected, const char *who)
{
  const char *text = move_text (s, m);
  if (strcmp (text, expected) != 0)
    g_error ("%s played %s, expected %s", who, text, expected);
}

/* Every move of @level for the rest of the current seat's turn in @s,
 * played; returns the turn as text (freed by the caller). */
static char *
play_turn (FallState *s, FolAiLevel level, uint64_t seed)
{
  GString *text = g_string_new (NULL);
  int seat = fall_state_current_seat (s);
  for (int i = 0; i < 40 && !fall_state_is_over (s) && fall_state_current_seat (s) == seat; i++)
    {
      FallMove m = ai_move (s, level, seed + (uint64_t) i, 0);
      g_string_append_printf (text, "%s%s", text->len ? " " : "", move_text (s, &m));
      g_assert_true (fall_apply (s, &m, NULL));
      if (m.kind == FALL_MOVE_END)
        return g_string_free (text, FALSE);
    }
  g_error ("the turn did not end: %s", text->str);
}

/* The Fox, Hoopoe and Robin held at the end of seat 0's turn in week 2
 * (side A: Robins blocked).  The only free Fox tile is L09 at -1,1; the
 * Bird tiles L01 at 1,0 and L02 at 0,1 are free, but a Hoopoe scores -2 by
 * B4 (1 VP, and -3 with more Hoopoes than Robins).  Three tokens held: one
 * goes back in the box at the end of the turn unless one is placed. */
#define FOX_POSITION(fox_card)                                                                  \
  "fall-position 1\nside A\nfirst-player 0\nweek 2\nturn 1\nphase act\nto-take 0\nmoves 16\n"   \
  "cards 0 FL1 " fox_card " B4\ncards 1 FL2 F1 B1\n"                                             \
  "held 0 fhr\nheld 1 -\n"                                                                       \
  "offer - L10:m - -\noffered 8\nboxed h\n"                                                      \
  "cell 0,0 S00/0\n"                                                                             \
  "cell 1,0 L01/0\n"                                                                             \
  "cell 0,1 L02/0\n"                                                                             \
  "cell -1,1 L09/0\n"                                                                            \
  "cell -1,0 L12/0 m0\n"                                                                         \
  "cell 0,-1 L17/0 m1\n"                                                                         \
  "cell 1,-1 L14/0 t\n"                                                                          \
  "cell 2,0 L06/0\n"

static void
test_fox_placed_not_boxed (void)
{
  /* F2 (1 -> 0; 2 -> 3; 3 -> 6; 4+ -> 10): a lone Fox scores 0, so the Fox
   * costs nothing on its tile, and it would be boxed otherwise */
  g_autofree FallState *s = built_new (FOX_POSITION ("F2"), 1);
  g_assert_cmpint (fall_state_current_seat (s), ==, 0);
  g_assert_cmpint (fall_state_blocked_token (s), ==, FALL_ROBIN);
  g_autofree FallState *t = g_new (FallState, 1);
  fall_state_copy (t, s);
  play (t, "f@-1,1");
  FallScore sc;
  fall_score_seat (t, NULL, 0, FALSE, &sc);
  g_assert_cmpint (sc.foxes, ==, 0);
  /* the Hoopoe would cost 2 */
  fall_state_copy (t, s);
  play (t, "h@1,0");
  g_assert_cmpint (score_of (t, 0), ==, score_of (s, 0) - 2);

  for (uint64_t seed = 1; seed <= 8; seed++)
    {
      FallMove m = ai_move (s, FOL_AI_NORMAL, seed, 0);
      assert_move (s, &m, "f@-1,1", "Normal");
      /* the greedy baseline keeps the Hoopoe and the Robin (two free Bird
       * tiles each, against one Fox tile) and boxes the Fox: the fault */
      m = ai_move (s, FOL_AI_GREEDY, seed, 0);
      assert_move (s, &m, "E-f", "greedy");
    }
  /* Normal's whole turn: the Fox on its tile, then the end, keeping two */
  fall_state_copy (t, s);
  g_autofree char *turn = play_turn (t, FOL_AI_NORMAL, 1);
  g_assert_cmpstr (turn, ==, "f@-1,1 E");

  /* Hard judges a lone Fox by the opponent's cards as well (F1 -1, F3 0,
   * F4 +2, F5 +2, F6 +1: +0.8 expected), so with F2 it keeps the Fox aside
   * for later; it must not box it */
  for (uint64_t seed = 1; seed <= 3; seed++)
    {
      FallMove m = ai_move (s, FOL_AI_HARD, seed, 0);
      g_test_message ("Hard with F2: %s", move_text (s, &m));
      g_assert_true (m.kind == FALL_MOVE_TOKEN || m.kind == FALL_MOVE_END);
      if (m.kind == FALL_MOVE_END)
        g_assert_cmpint (m.discard[FALL_FOX], ==, 0);
      else
        assert_move (s, &m, "f@-1,1", "Hard");
    }
  /* with F6 (a lone Fox: 1 VP) the Fox goes on its tile */
  g_autofree FallState *f6 = built_new (FOX_POSITION ("F6"), 1);
  for (uint64_t seed = 1; seed <= 3; seed++)
    {
      FallMove m = ai_move (f6, FOL_AI_HARD, seed, 0);
      assert_move (f6, &m, "f@-1,1", "Hard");
      m = ai_move (f6, FOL_AI_NORMAL, seed, 0);
      assert_move (f6, &m, "f@-1,1", "Normal");
    }
}

/* The end of seat 0's turn in week 2, side B (Foxes blocked in weeks 2
 * and 3, allowed in week 4), holding a Fox and two Hoopoes (Hoopoes were
 * blocked in week 1).  The Fox has a free tile for later, L03 at 1,0; no
 * Bird tile is free (L02 has a Toad, L07 a Robin).  One token must go. */
#define KEEP_FOX_POSITION                                                                       \
  "fall-position 1\nside B\nfirst-player 0\nweek 2\nturn 1\nphase act\nto-take 0\nmoves 16\n"   \
  "cards 0 FL1 F2 B1\ncards 1 FL2 F1 B2\n"                                                        \
  "held 0 fhh\nheld 1 -\n"                                                                       \
  "offer - L10:m - -\noffered 8\nboxed r\n"                                                      \
  "cell 0,0 S00/0\n"                                                                             \
  "cell 1,0 L03/0\n"                                                                             \
  "cell 0,1 L02/0 t\n"                                                                           \
  "cell -1,1 L07/0 r\n"                                                                          \
  "cell -1,0 L12/0 m0\n"                                                                         \
  "cell 0,-1 L17/0 m1\n"                                                                         \
  "cell 1,-1 L18/0\n"                                                                            \
  "cell 2,0 L06/0 m1\n"

/* The mirror: side A, week 2 (Robins blocked, allowed from week 3), two
 * Foxes and a Robin held; the Robin has a free tile for later, L01 at 1,0;
 * no Fox tile is free (L03 has a Fox, L09 a Toad). */
#define KEEP_ROBIN_POSITION                                                                     \
  "fall-position 1\nside A\nfirst-player 0\nweek 2\nturn 1\nphase act\nto-take 0\nmoves 16\n"   \
  "cards 0 FL1 F2 B1\ncards 1 FL2 F1 B2\n"                                                        \
  "held 0 ffr\nheld 1 -\n"                                                                       \
  "offer - L10:m - -\noffered 8\nboxed h\n"                                                      \
  "cell 0,0 S00/0\n"                                                                             \
  "cell 1,0 L01/0\n"                                                                             \
  "cell 0,1 L03/0 f\n"                                                                           \
  "cell -1,1 L09/0 t\n"                                                                          \
  "cell -1,0 L12/0 m0\n"                                                                         \
  "cell 0,-1 L17/0 m1\n"                                                                         \
  "cell 1,-1 L18/0\n"                                                                            \
  "cell 2,0 L06/0 m1\n"

/* Free top tiles showing @icon (no token, not the starting tile). */
static int
free_tiles_with (const FallState *s, uint8_t icon)
{
  int n = 0;
  for (int i = 0; i < s->n_cells; i++)
    {
      const FallCell *c = &s->cell[i];
      n += c->height && c->token == FALL_NO_TOKEN && (C->tile[fall_cell_top (c)].icons & icon);
    }
  return n;
}

static void
check_keeps (const char *text, FallToken placeable, FallToken other, const char *expected)
{
  g_autofree FallState *s = built_new (text, 1);
  g_autofree FallMoveList *legal = g_new (FallMoveList, 1);
  /* nothing can be placed now: only ends */
  fall_legal_moves (s, legal);
  for (int i = 0; i < legal->n; i++)
    g_assert_cmpint (legal->m[i].kind, ==, FALL_MOVE_END);
  g_assert_cmpint (fall_state_blocked_token (s), ==, placeable);
  /* the placeable kind: a free tile now, allowed in a later week */
  g_assert_cmpint (free_tiles_with (s, fall_token_icon (placeable)), ==, 1);
  gboolean later = FALSE;
  for (int w = s->week + 1; w <= FALL_N_WEEKS; w++)
    later |= C->blocked[s->side][w - 1] != placeable;
  g_assert_true (later);
  /* the other kind: no free tile anywhere */
  g_assert_cmpint (free_tiles_with (s, fall_token_icon (other)), ==, 0);
  for (uint64_t seed = 1; seed <= 8; seed++)
    {
      FallMove m = ai_move (s, FOL_AI_NORMAL, seed, 0);
      assert_move (s, &m, expected, "Normal");
      g_assert_cmpint (m.discard[placeable], ==, 0);
    }
  /* Hard values a held token by whether a tile can still take it, so it
   * keeps the placeable one too */
  FallMove hard = ai_move (s, FOL_AI_HARD, 1, 0);
  g_test_message ("Hard: %s (Normal: %s)", move_text (s, &hard), expected);
  assert_move (s, &hard, expected, "Hard");
}

static void
test_end_keeps_placeable_token (void)
{
  /* keep the Fox and a Hoopoe, box the other Hoopoe */
  check_keeps (KEEP_FOX_POSITION, FALL_FOX, FALL_HOOPOE, "E-h");
  /* keep the Robin and a Fox, box the other Fox */
  check_keeps (KEEP_ROBIN_POSITION, FALL_ROBIN, FALL_FOX, "E-f");
}

/* Week 2, side A (Robins blocked), seat 0 to take the first combination of
 * the week; seat 1 takes two next.  Every combination carries a Robin (kept
 * aside either way), and every tile shows only Crocus segments (L40, L05)
 * or only Cosmos (L10, L32), so they are worth the same to seat 0, whose
 * FL1 scores Crocus 0.  But the start tile's corner 0 and L06 at 1,0 show
 * Crocus at the corner of the empty cell 0,1, and of the offer only L05
 * (all yellow: it fits at 0,1, whose neighbours show yellow) can complete
 * it there (rotation 2).  The opponent's Flower card is hidden; over the
 * five seat 0 does not hold (FL2..FL6: 3, 1, 3, 0, 1) a Crocus is worth 1.6
 * to it.  With @rot "1", L06 turns its Crocus away and nothing is left to
 * complete. */
#define FLOWER_POSITION FLOWER_POSITION_ROT ("0")
#define FLOWER_POSITION_ROT(rot)                                                                \
  "fall-position 1\nside A\nfirst-player 1\nweek 2\nturn 0\nphase take\nto-take 1\nmoves 12\n"  \
  "cards 0 FL1 F1 B1\ncards 1 FL2 F2 B2\n"                                                       \
  "held 0 -\nheld 1 r\n"                                                                         \
  "offer L40:r L10:r L05:r L32:r\noffered 8\nboxed fr\n"                                         \
  "cell 0,0 S00/0\n"                                                                             \
  "cell 1,0 L06/" rot " m1\n"                                                                    \
  "cell -1,0 L11/0\n"                                                                            \
  "cell 0,-1 L14/0\n"                                                                            \
  "cell 1,-1 L13/0\n"

static int
crocuses (const FallState *s)
{
  FallTally t;
  fall_tally (s, &t);
  return t.flowers[FALL_CROCUS];
}

/* Whether the seat to move in @s (taking two combinations) can complete a
 * Crocus with one of the tiles it may take. */
static gboolean
can_complete_crocus (const FallState *s)
{
  g_autofree FallState *taken = g_new (FallState, 1);
  g_autofree FallState *placed = g_new (FallState, 1);
  g_autofree FallMove *buf = g_new (FallMove, FALL_MAX_MOVES);
  int before = crocuses (s);
  g_assert_cmpint (s->phase, ==, FALL_PHASE_TAKE);
  g_assert_cmpint (s->to_take, ==, 2);
  for (int a = 0; a < FALL_OFFER; a++)
    for (int b = a + 1; b < FALL_OFFER; b++)
      {
        if (s->offer_tile[a] == FALL_NONE || s->offer_tile[b] == FALL_NONE)
          continue;
        fall_state_copy (taken, s);
        FallMove ta = { .kind = FALL_MOVE_TAKE, .arg = (uint8_t) a };
        FallMove tb = { .kind = FALL_MOVE_TAKE, .arg = (uint8_t) b };
        g_assert_true (fall_apply (taken, &ta, NULL));
        g_assert_true (fall_apply (taken, &tb, NULL));
        for (int h = 0; h < taken->n_hand_tiles; h++)
          {
            int n = fall_legal_placements (taken, taken->hand_tile[h], buf);
            for (int i = 0; i < n; i++)
              {
                fall_state_copy (placed, taken);
                g_assert_true (fall_apply (placed, &buf[i], NULL));
                if (crocuses (placed) > before)
                  return TRUE;
              }
          }
      }
  return FALSE;
}

static void
test_hard_takes_opponents_flower (void)
{
  g_autofree FallState *s = built_new (FLOWER_POSITION, 1);
  g_autofree FallState *t = g_new (FallState, 1);
  /* the cards: nothing for seat 0, 1.6 expected for the opponent */
  g_assert_cmpint (C->card[s->card[0][FALL_CARD_FLOWER]].v[FALL_CROCUS - 1], ==, 0);
  int sum = 0;
  for (int i = 0; i < 6; i++)
    {
      const FallCard *card = &C->card[C->cards_of_kind[FALL_CARD_FLOWER][i]];
      if (C->cards_of_kind[FALL_CARD_FLOWER][i] != s->card[0][FALL_CARD_FLOWER])
        sum += card->v[FALL_CROCUS - 1];
    }
  g_assert_cmpint (sum, ==, 8);
  /* L05 completes the Crocus at 0,1; L40 does not fit there at all */
  g_assert_cmpint (crocuses (s), ==, 0);
  fall_state_copy (t, s);
  play (t, "T3 L05@0,1r2");
  g_assert_cmpint (crocuses (t), ==, 1);
  fall_state_copy (t, s);
  play (t, "T1");
  for (int rot = 0; rot < 6; rot++)
    {
      g_autofree char *place = g_strdup_printf ("L40@0,1r%d", rot);
      FallMove m = mv (place);
      g_assert_false (fall_check_move (t, &m, NULL));
    }
  /* had seat 0 taken T1 (Normal finishing its turn), the opponent could
   * take L05 and complete the Crocus */
  g_autofree char *rest = play_turn (t, FOL_AI_NORMAL, 1);
  g_assert_cmpint (crocuses (t), ==, 0);
  g_assert_true (can_complete_crocus (t));

  /* Hard takes L05 (T3), though T1 comes first among equals */
  for (uint64_t seed = 1; seed <= 4; seed++)
    {
      FallMove m = ai_move (s, FOL_AI_HARD, seed, 0);
      assert_move (s, &m, "T3", "Hard");
    }
  /* Expert at its own effort (at a quarter, 4 samples of the opponent's
   * cards, it may not draw one that values the Crocus) */
  FallMove m;
  for (uint64_t seed = 1; seed <= 2; seed++)
    {
      m = ai_move (s, FOL_AI_EXPERT, seed, 0);
      assert_move (s, &m, "T3", "Expert");
    }
  /* and its turn leaves the opponent no Crocus to complete */
  fall_state_copy (t, s);
  g_autofree char *turn = play_turn (t, FOL_AI_HARD, 1);
  g_test_message ("Hard's turn: %s", turn);
  g_assert_true (g_str_has_prefix (turn, "T3 "));
  g_assert_cmpint (crocuses (t), ==, 0);
  g_assert_false (can_complete_crocus (t));

  /* Normal does not see it: it takes the Cosmos tiles */
  int normal_t3 = 0;
  for (uint64_t seed = 1; seed <= 10; seed++)
    {
      m = ai_move (s, FOL_AI_NORMAL, seed, 0);
      g_assert_cmpint (m.kind, ==, FALL_MOVE_TAKE);
      normal_t3 += m.arg == 2;
    }
  g_assert_cmpint (normal_t3, <, 10);

  /* with the Crocus turned away, L05 is worth no more than L40: not T3 */
  g_autofree FallState *control = built_new (FLOWER_POSITION_ROT ("1"), 1);
  m = ai_move (control, FOL_AI_HARD, 1, 0);
  g_test_message ("Hard without the Crocus: %s", move_text (control, &m));
  g_assert_cmpint (m.kind, ==, FALL_MOVE_TAKE);
  g_assert_cmpint (m.arg, !=, 2);
}

/* ---- reading the opponent's cards ----------------------------------- */

static void
card_vps (const FallState *s, int vp[FALL_N_CARDS])
{
  FallTally t;
  fall_tally (s, &t);
  for (int c = 0; c < FALL_N_CARDS; c++)
    vp[c] = fall_card_score (&C->card[c], &t, NULL);
}

/* The public record of what each seat's turns did for every card
 * (FallState.turn_gain): at each turn's end, card_vp is every card's VP and
 * the two seats' gains add up to it; a view keeps the record, the state's
 * hash leaves it out (stored games keep their hashes).  From it the odds of
 * the opponent's cards (fall_ai_card_odds()) favour its real cards: over
 * 40 games of Normal against Normal the real card's mean odds rise from the
 * uniform 0.2 to above 0.4 by week 12 (0.55 measured over 200 games). */
static void
test_reads_opponents_cards (void)
{
  g_autofree FallState *s = g_new (FallState, 1);
  g_autofree FallState *view = g_new (FallState, 1);
  double odds_sum[FALL_N_WEEKS + 1] = { 0 };
  int odds_n[FALL_N_WEEKS + 1] = { 0 };
  for (int g = 0; g < 40; g++)
    {
      FallOptions opts = { g % 2, (g / 2) % 2 };
      fall_state_init (s, C, 7100 + (uint64_t) g, &opts);
      int start[FALL_N_CARDS];
      card_vps (s, start);
      for (int c = 0; c < FALL_N_CARDS; c++)
        {
          g_assert_cmpint (s->card_vp[c], ==, start[c]);
          g_assert_cmpint (s->turn_gain[0][c], ==, 0);
          g_assert_cmpint (s->turn_gain[1][c], ==, 0);
        }
      FolRng rng;
      fol_rng_seed (&rng, 99 + (uint64_t) g);
      while (!fall_state_is_over (s))
        {
          int seat = fall_state_current_seat (s), week = s->week;
          fall_state_view (s, seat, view);
          FallMove m;
          g_assert_true (fall_ai_choose (view, FOL_AI_NORMAL, &rng, &m));
          g_assert_true (fall_apply (s, &m, NULL));
          if (m.kind != FALL_MOVE_END)
            continue;
          int now[FALL_N_CARDS];
          card_vps (s, now);
          for (int c = 0; c < FALL_N_CARDS; c++)
            {
              g_assert_cmpint (s->card_vp[c], ==, now[c]);
              g_assert_cmpint (s->turn_gain[0][c] + s->turn_gain[1][c], ==, now[c] - start[c]);
            }
          if (s->week == week && !fall_state_is_over (s))
            continue;
          /* a week ended: how seat 0 reads seat 1's cards */
          fall_state_view (s, 0, view);
          g_assert_cmpmem (view->turn_gain, sizeof view->turn_gain, s->turn_gain, sizeof s->turn_gain);
          for (int k = 0; k < FALL_N_CARD_KINDS; k++)
            {
              uint8_t cards[6];
              double odds[6], total = 0;
              int n = fall_ai_card_odds (view, k, cards, odds);
              g_assert_cmpint (n, ==, 5);
              for (int i = 0; i < n; i++)
                {
                  g_assert_cmpint (cards[i], !=, s->card[0][k]);
                  g_assert_cmpfloat (odds[i], >, 0);
                  total += odds[i];
                  if (cards[i] == s->card[1][k])
                    {
                      odds_sum[week] += odds[i];
                      odds_n[week]++;
                    }
                }
              g_assert_cmpfloat_with_epsilon (total, 1.0, 1e-9);
            }
        }
    }
  for (int w = 1; w <= FALL_N_WEEKS; w++)
    g_test_message ("week %d: the real card's mean odds %.3f", w, odds_sum[w] / odds_n[w]);
  g_assert_cmpint (odds_n[1], ==, 40 * FALL_N_CARD_KINDS);
  g_assert_cmpfloat (odds_sum[1] / odds_n[1], <, 0.3);
  g_assert_cmpfloat (odds_sum[FALL_N_WEEKS] / odds_n[FALL_N_WEEKS], >, 0.4);
  g_assert_cmpfloat (odds_sum[FALL_N_WEEKS] / odds_n[FALL_N_WEEKS], >, odds_sum[4] / odds_n[4]);

  /* the record is not part of the hash */
  uint64_t hash = fall_state_hash (s);
  s->turn_gain[1][3] += 5;
  g_assert_cmphex (fall_state_hash (s), ==, hash);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  fall_test_init ();
  static const SelfplayCase selfplay[] = {
    { FOL_AI_EASY, 100, 10000 },
    { FOL_AI_NORMAL, 100, 20000 },
    { FOL_AI_HARD, 20, 30000 },
    { FOL_AI_EXPERT, 6, 40000 },
    { FOL_AI_RANDOM, 100, 50000 },
    { FOL_AI_GREEDY, 100, 60000 },
  };
  for (size_t i = 0; i < G_N_ELEMENTS (selfplay); i++)
    {
      g_autofree char *path = g_strdup_printf ("/fall-ai/selfplay/%s", fol_ai_level_name (selfplay[i].level));
      g_test_add_data_func (path, &selfplay[i], test_selfplay);
    }
  g_test_add_func ("/fall-ai/deterministic", test_deterministic);
  g_test_add_func ("/fall-ai/hidden-information", test_hidden_information);
  g_test_add_func ("/fall-ai/fox-placed-not-boxed", test_fox_placed_not_boxed);
  g_test_add_func ("/fall-ai/end-keeps-placeable-token", test_end_keeps_placeable_token);
  g_test_add_func ("/fall-ai/hard-takes-opponents-flower", test_hard_takes_opponents_flower);
  g_test_add_func ("/fall-ai/reads-opponents-cards", test_reads_opponents_cards);
  return g_test_run ();
}
