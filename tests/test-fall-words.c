/* test-fall-words.c: Fall in words (src/ui/fall/fol-fall-words.c), issue 12:
 * - places are named by what a player sees, never by coordinates
 *   (fol_fall_words_place()): a stack by the tile it covers, an empty cell
 *   by the starting tile, by a player's last tile ("your last tile" to that
 *   player), between two tiles, a tile that looks like another by its
 *   neighbour;
 * - the log of whole games (every move in words, as the page's log says
 *   them) and the hints show no coordinates;
 * - in week 12 the tokens kept aside that no later turn can use
 *   (fol_fall_game_unusable_held()) and the END that puts them back are
 *   said as discarded because the game ends. */
#include "config.h"

#include <glib.h>
#include <string.h>

#include "fall-ai.h"
#include "fall-notation.h"
#include "fol-fall-game.h"
#include "fol-fall-words.h"

static const char *const names[2] = { "Norma", "Hazel" };

/* The starting tile; a red one-colour tile (L07) at 1,0; a stack of 3 at
 * -1,0 (green L15 on top) with a Fox; a green tile (L14) with a Hoopoe at
 * 0,1. */
#define WEEK_5 \
  "fall-position 1\n" \
  "side A\n" \
  "week 5\n" \
  "turn 0\n" \
  "phase take\n" \
  "offer L20:f L21:h L22:r L23:m\n" \
  "cell 0,0 S00/0\n" \
  "cell 1,0 L07/0\n"
static const char *position =
  WEEK_5
  "cell -1,0 L08/0 L09/0 L15/0 f\n"
  "cell 0,1 L14/0 h\n";

static FallState *
parse (const char *text)
{
  g_autoptr (GError) error = NULL;
  const FallComponents *comps = fall_components_get (&error);
  g_assert_no_error (error);
  FallState *s = g_new0 (FallState, 1);
  g_assert_true (fall_position_parse (comps, text, s, &error));
  g_assert_no_error (error);
  return s;
}

static void
assert_place (const FallState *s, int q, int r, int viewer, const FolFallPlacements *placed, const char *want)
{
  g_autofree char *got = fol_fall_words_place (s, (FolHex) { q, r }, viewer, names, placed);
  g_assert_cmpstr (got, ==, want);
}

/* Whether @text shows something like axial coordinates ("1,-2", "(0, 1)"). */
static gboolean
has_coordinates (const char *text)
{
  static GRegex *re;
  if (!re)
    re = g_regex_new ("-?[0-9]+ *, *-?[0-9]+", 0, 0, NULL);
  return g_regex_match (re, text, 0, NULL);
}

/* The pattern finds coordinates (the test of the log below can fail). */
static void
test_pattern (void)
{
  g_assert_true (has_coordinates ("Norma placed a red tile at 1,-2"));
  g_assert_true (has_coordinates ("next to the starting tile (0, 1)"));
  g_assert_false (has_coordinates ("Norma put 3 Fox tokens back in the box"));
}

static void
test_places (void)
{
  FallState *s = parse (position);
  /* a stack: the tile it covers, by its colours and token */
  assert_place (s, 1, 0, -1, NULL, "on top of the red tile");
  assert_place (s, -1, 0, -1, NULL, "on top of the green Fox tile");
  assert_place (s, 0, 1, -1, NULL, "on top of the green Hoopoe tile");
  assert_place (s, 0, 0, -1, NULL, "on top of the starting tile");
  /* far from every tile */
  assert_place (s, 5, 5, -1, NULL, "away from the ecosystem");

  /* who placed what: Hazel the red tile at 1,0 last, Norma the green one at 0,1 */
  FolFallPlacements placed;
  fol_fall_placements_init (&placed);
  placed.cell[0] = (FolHex) { -1, 0 };
  placed.seat[0] = 0;
  placed.cell[1] = (FolHex) { 0, 1 };
  placed.seat[1] = 0;
  placed.cell[2] = (FolHex) { 1, 0 };
  placed.seat[2] = 1;
  placed.n = 3;
  /* next to one tile only: a player's last tile, "your" to that player */
  assert_place (s, 2, 0, -1, &placed, "next to Hazel's last tile");
  assert_place (s, 2, 0, 1, &placed, "next to your last tile");
  assert_place (s, 2, 0, 0, &placed, "next to Hazel's last tile");
  /* between two: the most recent first, the starting tile last */
  assert_place (s, 1, -1, -1, &placed, "between Hazel's last tile and the starting tile");
  assert_place (s, 1, 1, 0, &placed, "between Hazel's last tile and your last tile");
  assert_place (s, -1, 1, -1, &placed, "between Norma's last tile and the green Fox tile");
  /* stacking on someone's last tile */
  assert_place (s, 1, 0, 1, &placed, "on top of your last tile");
  g_free (s);

  /* the first tile of the game: next to the starting tile */
  g_autoptr (GError) error = NULL;
  s = g_new0 (FallState, 1);
  fall_state_init (s, fall_components_get (&error), 7, NULL);
  g_assert_no_error (error);
  for (int d = 0; d < 6; d++)
    {
      FolHex h = fol_hex_neighbour ((FolHex) { 0, 0 }, d);
      assert_place (s, h.q, h.r, 0, NULL, "next to the starting tile");
    }
  g_free (s);
}

/* Two green tiles look alike: the one named gets the tile next to it. */
static void
test_places_alike (void)
{
  FallState *s = parse (WEEK_5
                        "cell -1,0 L14/0\n"
                        "cell 2,0 L18/0\n");
  g_autofree char *a = fol_fall_words_place (s, (FolHex) { -1, 0 }, -1, names, NULL);
  g_autofree char *b = fol_fall_words_place (s, (FolHex) { 2, 0 }, -1, names, NULL);
  g_assert_cmpstr (a, ==, "on top of the green tile next to the starting tile");
  g_assert_cmpstr (b, ==, "on top of the green tile next to the red tile");
  g_free (s);
}

/* A whole game (greedy moves for both seats, several seeds): every line the
 * log gets, and the hint for every move, in words without coordinates;
 * each tile's place said by the words of places. */
static void
test_game_log (void)
{
  g_autoptr (GError) error = NULL;
  const FallComponents *comps = fall_components_get (&error);
  g_assert_no_error (error);
  FallState *s = g_new0 (FallState, 1), *view = g_new0 (FallState, 1);
  for (guint64 seed = 1; seed <= 3; seed++)
    {
      fall_state_init (s, comps, seed, NULL);
      FolRng rng;
      fol_rng_seed (&rng, seed);
      FolFallPlacements placed;
      fol_fall_placements_init (&placed);
      int lines = 0, places = 0;
      while (!fall_state_is_over (s))
        {
          fall_state_view (s, fall_state_current_seat (s), view);
          FallMove m;
          g_assert_true (fall_ai_choose (view, FOL_AI_GREEDY, &rng, &m));
          g_autofree char *line = fol_fall_describe_move (s, &m, names, &placed);
          g_autofree char *hint = fol_fall_describe_hint (view, &m, names, &placed);
          g_assert_false (has_coordinates (hint));
          if (line)
            {
              lines++;
              g_test_message ("%s", line);
              if (has_coordinates (line))
                g_error ("a log line with coordinates: %s", line);
              if (m.kind == FALL_MOVE_PLACE)
                {
                  g_autofree char *where = fol_fall_words_place (s, (FolHex) { m.q, m.r }, -1, names, &placed);
                  g_assert_nonnull (strstr (line, where));
                  places++;
                }
            }
          fol_fall_placements_add (&placed, s, &m);
          g_assert_true (fall_apply (s, &m, NULL));
        }
      g_assert_cmpint (places, ==, placed.n);
      g_assert_cmpint (places, >, 40);
      g_assert_cmpint (lines, >, 100);
    }
  g_free (s);
  g_free (view);
}

/* Week 12: what no later turn can place, and the log's words for it. */
static void
test_week_12 (void)
{
  /* week 12 is even: seat 2 (the first player of week 2) plays turns 0 and
   * 2, seat 1 turn 1; the Season board's side A forbids Hoopoes in week 12 */
  static const char *last_turn =
    "fall-position 1\n"
    "side A\n"
    "first-player 0\n"
    "week 12\n"
    "turn 1\n"
    "phase act\n"
    "held 0 fh\n"
    "held 1 r\n"
    "offer - - - L23:m\n"
    "cell 0,0 S00/0\n"
    "cell 1,0 L07/0\n";
  FallState *s = parse (last_turn);
  g_assert_cmpint (fall_state_current_seat (s), ==, 0);
  guint8 unusable[4];
  g_assert_cmpint (fol_fall_game_unusable_held (s, 0, unusable), ==, 2);
  g_assert_cmpint (unusable[FALL_FOX], ==, 1);
  g_assert_cmpint (unusable[FALL_HOOPOE], ==, 1);
  FallMove end = { .kind = FALL_MOVE_END };
  memcpy (end.discard, unusable, 4);
  g_assert_true (fall_check_move (s, &end, NULL));
  g_autofree char *line = fol_fall_describe_move (s, &end, names, NULL);
  g_assert_cmpstr (line, ==, "Norma ended the turn; a Fox and a Hoopoe kept aside were discarded: the game ends this week");
  g_free (s);

  /* the first player's first turn of week 12: only the Hoopoe is of no more use */
  static const char *first_turn =
    "fall-position 1\n"
    "side A\n"
    "first-player 0\n"
    "week 12\n"
    "turn 0\n"
    "phase act\n"
    "held 1 fhr\n"
    "offer L20:f L21:h L22:r -\n"
    "cell 0,0 S00/0\n"
    "cell 1,0 L07/0\n";
  s = parse (first_turn);
  g_assert_cmpint (fall_state_current_seat (s), ==, 1);
  g_assert_cmpint (fol_fall_game_unusable_held (s, 1, unusable), ==, 1);
  g_assert_cmpint (unusable[FALL_HOOPOE], ==, 1);
  g_assert_cmpint (unusable[FALL_FOX] + unusable[FALL_ROBIN] + unusable[FALL_MUSHROOM], ==, 0);
  memset (&end, 0, sizeof end);
  end.kind = FALL_MOVE_END;
  end.discard[FALL_HOOPOE] = 1;
  g_autofree char *one = fol_fall_describe_move (s, &end, names, NULL);
  g_assert_cmpstr (one, ==, "Hazel ended the turn; a Hoopoe kept aside was discarded: the game ends this week");
  /* a token chosen besides: said apart */
  end.discard[FALL_FOX] = 1;
  g_autofree char *both = fol_fall_describe_move (s, &end, names, NULL);
  g_assert_cmpstr (both, ==, "Hazel ended the turn and put a Fox back in the box; a Hoopoe kept aside was discarded: "
                             "the game ends this week");
  g_free (s);

  /* before week 12 every token may still be placed later */
  s = parse (position);
  s->held[0][FALL_FOX] = 1;
  g_assert_cmpint (fol_fall_game_unusable_held (s, 0, unusable), ==, 0);
  g_free (s);
}

/* The player card's count of tokens set aside, short and in a sentence. */
static void
test_held (void)
{
  FallState *s = parse (position);
  g_autofree char *none = fol_fall_held_count_words (s, 0);
  g_assert_cmpstr (none, ==, "0 set aside");
  g_autofree char *said_none = fol_fall_held_words (s, 0, "Norma");
  g_assert_cmpstr (said_none, ==, "Norma has no tokens set aside.");
  s->held[0][FALL_FOX] = 1;
  g_autofree char *one = fol_fall_held_words (s, 0, "Norma");
  g_assert_cmpstr (one, ==, "Norma has 1 token set aside: Fox.");
  s->held[0][FALL_HOOPOE] = 1;
  g_assert_cmpint (fol_fall_held_count (s, 0), ==, 2);
  g_autofree char *two = fol_fall_held_count_words (s, 0);
  g_assert_cmpstr (two, ==, "2 set aside");
  g_autofree char *said_two = fol_fall_held_words (s, 0, "Norma");
  g_assert_cmpstr (said_two, ==, "Norma has 2 tokens set aside: Fox, Hoopoe.");
  g_assert_cmpint (fol_fall_held_count (s, 1), ==, 0);
  g_free (s);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/fall-words/pattern", test_pattern);
  g_test_add_func ("/fall-words/places", test_places);
  g_test_add_func ("/fall-words/places-alike", test_places_alike);
  g_test_add_func ("/fall-words/game-log", test_game_log);
  g_test_add_func ("/fall-words/week-12", test_week_12);
  g_test_add_func ("/fall-words/held", test_held);
  return g_test_run ();
}
