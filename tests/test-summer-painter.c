/* test-summer-painter.c: the Indian Summer painter (fol-summer-painter.c)
 * renders fixed positions to an image surface, without a display: pixels at
 * known squares (empty floor, green / yellow / red tiles, a Squirrel, a Hole
 * with a Berry token), hit-testing round trips, every player count, both
 * palettes, the ghost highlights and the hint; the layout's balance at
 * laptop sizes and the motion of a move (issue 11); a part of a Forest Floor
 * and a token drawn alone as the board draws them (the rules help, issue 12). */
#include "config.h"

#include <cairo.h>
#include <math.h>
#include <glib/gstdio.h>
#include <string.h>
#include "summer-test-util.h"
#include "fol-summer-painter.h"

typedef struct {
  int r, g, b;
} Px;

static Px
pixel_at (cairo_surface_t *surface, double x, double y)
{
  cairo_surface_flush (surface);
  int stride = cairo_image_surface_get_stride (surface);
  const unsigned char *data = cairo_image_surface_get_data (surface);
  int ix = (int) x, iy = (int) y;
  g_assert_cmpint (ix, >=, 0);
  g_assert_cmpint (iy, >=, 0);
  g_assert_cmpint (ix, <, cairo_image_surface_get_width (surface));
  g_assert_cmpint (iy, <, cairo_image_surface_get_height (surface));
  guint32 v = *(const guint32 *) (data + iy * stride + ix * 4);
  Px p = { (v >> 16) & 0xff, (v >> 8) & 0xff, v & 0xff };
  return p;
}

static gboolean
is_green (Px p)
{
  return p.g > p.r + 10 && p.g > p.b + 30;
}

static gboolean
is_yellow (Px p)
{
  return p.r > 180 && p.g > 130 && p.b < 140 && p.r - p.g < 80 && p.r >= p.g;
}

static gboolean
is_red (Px p)
{
  return p.r > 170 && p.r > p.g + 60 && p.r > p.b + 60;
}

static gboolean
is_floor (Px p)
{
  /* the light palette's earthy beige Area tints */
  return p.r >= 180 && p.r <= 225 && p.g >= 170 && p.g <= 210 && p.b >= 130 && p.b <= 175;
}

static gboolean
is_cream (Px p)
{
  return p.r > 225 && p.g > 210 && p.b > 185;
}

static gboolean
is_blue (Px p)
{
  return p.b > p.r + 40 && p.b > p.g + 20;
}

static gboolean
is_rust (Px p)
{
  return p.r > 140 && p.r < 190 && p.g > 70 && p.g < 115 && p.b < 80;
}

static cairo_surface_t *
render (const SummerState *s, int width, int height, int main_seat, const FolSummerHighlights *h,
        FolSummerLayout *layout)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create (surface);
  fol_summer_layout_compute (layout, s, width, height, main_seat);
  fol_summer_paint (cr, s, layout, h);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  return surface;
}

/* The pixel at (fx, fy) of a square, in fractions of the square from its top-left. */
static Px
square_pixel (cairo_surface_t *surface, const FolSummerLayout *l, int seat, int square, double fx, double fy)
{
  const FolSummerSeatGeom *g = &l->seat[seat];
  double x = g->gx + (square % SUMMER_COLS + fx) * g->cell;
  double y = g->gy + (square / SUMMER_COLS + fy) * g->cell;
  return pixel_at (surface, x, y);
}

/* Most of five points around the middle of a square show the floor. */
static gboolean
square_is_floor (cairo_surface_t *surface, const FolSummerLayout *l, int seat, int square)
{
  const double pts[5][2] = { { 0.5, 0.5 }, { 0.3, 0.3 }, { 0.7, 0.3 }, { 0.3, 0.7 }, { 0.7, 0.7 } };
  int n = 0;
  for (int i = 0; i < 5; i++)
    n += is_floor (square_pixel (surface, l, seat, square, pts[i][0], pts[i][1]));
  return n >= 3;
}

/* Most of five points of a tile's (non-Hole) square have the colour. */
static gboolean
square_has (cairo_surface_t *surface, const FolSummerLayout *l, int seat, int square, gboolean (*test) (Px))
{
  const double pts[5][2] = { { 0.5, 0.5 }, { 0.3, 0.3 }, { 0.7, 0.3 }, { 0.3, 0.7 }, { 0.7, 0.7 } };
  int n = 0;
  for (int i = 0; i < 5; i++)
    n += test (square_pixel (surface, l, seat, square, pts[i][0], pts[i][1]));
  return n >= 3;
}

/* The first legal Leaf move for the seat to move whose tile has colour
 * @colour, and, when @hole_treasure is a treasure, whose Hole covers a
 * printed one of that type (with the supply not out). */
static gboolean
find_leaf_move (const SummerState *s, int colour, int hole_treasure, SummerMove *out)
{
  const SummerComponents *c = summer_components ();
  SummerMoveList list;
  summer_legal_moves (s, &list);
  gboolean found = FALSE;
  for (int i = 0; i < list.n && !found; i++)
    {
      const SummerMove *m = &list.moves[i];
      if (m->kind != SUMMER_MOVE_LEAF || (int) c->leaf[m->tile].colour != colour)
        continue;
      int hole;
      fol_summer_move_squares (m, &hole);
      int printed_t = c->side[s->seat[s->current].side].treasure[hole];
      if (hole_treasure != SUMMER_NO_TREASURE && printed_t != hole_treasure)
        continue;
      *out = *m;
      found = TRUE;
    }
  summer_move_list_clear (&list);
  return found;
}

static void
apply (SummerState *s, const SummerMove *m)
{
  g_autoptr (GError) error = NULL;
  g_assert_true (summer_apply_move (s, m, NULL, &error));
  g_assert_no_error (error);
}

/* A non-Hole square of a placed Leaf move. */
static int
body_square (const SummerMove *m)
{
  int hole;
  FolBits72 b = fol_summer_move_squares (m, &hole);
  b &= ~fol_bb_bit (hole);
  g_assert_true (b != 0);
  return fol_bb_lowest (b);
}

/* Seat 1 with a green tile whose Hole has a Berry token, a yellow and a
 * red tile (the moves in @green, @yellow, @red); seat 2 with Squirrels on
 * a1 and b1. */
static void
pixels_position (SummerState *s, SummerMove *green, SummerMove *yellow, SummerMove *red)
{
  new_game (s, 2, 11);
  /* seat 1: a green tile whose Hole covers a printed Berry -> a Berry token */
  g_assert_true (find_leaf_move (s, SUMMER_GREEN, SUMMER_BERRY, green));
  apply (s, green);
  play (s, "end");
  /* seat 2 plays a Squirrel */
  play (s, "S a1");
  play (s, "end");
  /* seat 1: a yellow tile, then (after the turn) a red one, with Berries to refill as needed */
  g_assert_true (find_leaf_move (s, SUMMER_YELLOW, SUMMER_NO_TREASURE, yellow));
  apply (s, yellow);
  play (s, "end");
  play (s, "S b1");
  play (s, "end");
  g_assert_true (find_leaf_move (s, SUMMER_RED, SUMMER_NO_TREASURE, red));
  apply (s, red);
}

static void
test_pixels (void)
{
  SummerState s;
  SummerMove green, yellow, red;
  pixels_position (&s, &green, &yellow, &red);

  int green_hole;
  fol_summer_move_squares (&green, &green_hole);
  g_assert_cmpint (s.seat[0].token[green_hole], ==, SUMMER_BERRY);

  const int sizes[2][2] = { { 1100, 760 }, { 1600, 1000 } };
  for (int k = 0; k < 2; k++)
    {
      FolSummerLayout l;
      cairo_surface_t *surface = render (&s, sizes[k][0], sizes[k][1], 0, NULL, &l);
      /* an empty square with nothing printed shows the floor */
      const SummerFloorSide *side = &summer_components ()->side[s.seat[0].side];
      int empty = -1;
      for (int q = 0; q < SUMMER_SQUARES && empty < 0; q++)
        if (s.seat[0].cover[q] == SUMMER_NONE && side->treasure[q] == SUMMER_NO_TREASURE)
          empty = q;
      g_assert_cmpint (empty, >=, 0);
      g_assert_true (square_is_floor (surface, &l, 0, empty));
      /* the tiles in their colours */
      g_assert_true (square_has (surface, &l, 0, body_square (&green), is_green));
      g_assert_true (square_has (surface, &l, 0, body_square (&yellow), is_yellow));
      g_assert_true (square_has (surface, &l, 0, body_square (&red), is_red));
      g_assert_false (square_is_floor (surface, &l, 0, body_square (&red)));
      /* the Hole with a Berry token: a cream token with a blue berry */
      g_assert_true (is_cream (square_pixel (surface, &l, 0, green_hole, 0.5 + 0.25, 0.5)));
      g_assert_true (is_blue (square_pixel (surface, &l, 0, green_hole, 0.5, 0.5 - 0.17 * 0.435)));
      /* seat 2's Squirrel (small floor): a rust token with the cream squirrel's head */
      int a1 = sq ("a1");
      g_assert_true (is_rust (square_pixel (surface, &l, 1, a1, 0.5 - 0.25, 0.5 + 0.25)));
      g_assert_true (is_cream (square_pixel (surface, &l, 1, a1, 0.5 - 0.084, 0.5 - 0.066)));
      cairo_surface_destroy (surface);

      /* seat 2 shown large: its Squirrel is big too, seat 1's tiles small */
      surface = render (&s, sizes[k][0], sizes[k][1], 1, NULL, &l);
      g_assert_true (l.seat[1].large);
      g_assert_true (is_rust (square_pixel (surface, &l, 1, a1, 0.5 - 0.25, 0.5 + 0.25)));
      g_assert_true (square_has (surface, &l, 0, body_square (&green), is_green));
      cairo_surface_destroy (surface);
    }
}

static void
test_hit_round_trip (void)
{
  const int sizes[3][2] = { { 1100, 760 }, { 1600, 1000 }, { 800, 600 } };
  for (int n = 1; n <= SUMMER_MAX_PLAYERS; n++)
    for (int k = 0; k < 3; k++)
      for (int main_seat = 0; main_seat < n; main_seat++)
        {
          SummerState s;
          new_game (&s, n, 5);
          FolSummerLayout l;
          fol_summer_layout_compute (&l, &s, sizes[k][0], sizes[k][1], main_seat);
          g_assert_true (l.seat[main_seat].large);
          for (int seat = 0; seat < n; seat++)
            {
              g_assert_true (l.seat[seat].shown);
              /* every square of every floor inside the picture, and back */
              for (int q = 0; q < SUMMER_SQUARES; q++)
                {
                  double x, y;
                  g_assert_true (fol_summer_layout_square_center (&l, seat, q, &x, &y));
                  g_assert_cmpfloat (x, <, sizes[k][0]);
                  g_assert_cmpfloat (y, <, sizes[k][1]);
                  int got_seat;
                  g_assert_cmpint (fol_summer_layout_square_at (&l, x, y, &got_seat), ==, q);
                  g_assert_cmpint (got_seat, ==, seat);
                  FolSummerHit hit = fol_summer_layout_hit (&l, x, y);
                  g_assert_cmpint (hit.kind, ==, FOL_SUMMER_HIT_SQUARE);
                  g_assert_cmpint (hit.index, ==, q);
                }
              for (int i = 0; i < SUMMER_PATH_MAX; i++)
                {
                  const FolRect *r = &l.seat[seat].path_slot[i];
                  g_assert_cmpfloat (r->width, >, 0);
                  g_assert_cmpfloat (r->y + r->height, <=, sizes[k][1]);
                  int got_seat;
                  g_assert_cmpint (fol_summer_layout_path_slot_at (&l, r->x + r->width / 2, r->y + r->height / 2, &got_seat),
                                   ==, i);
                  g_assert_cmpint (got_seat, ==, seat);
                }
            }
          /* the smaller floors really are smaller */
          for (int seat = 0; seat < n; seat++)
            if (seat != main_seat)
              g_assert_cmpfloat (l.seat[seat].cell, <, l.seat[main_seat].cell);
          for (int a = 0; a < SUMMER_N_ANIMAL_KINDS; a++)
            {
              const FolRect *r = &l.animal_slot[a];
              FolSummerHit hit = fol_summer_layout_hit (&l, r->x + r->width / 2, r->y + r->height / 2);
              g_assert_cmpint (hit.kind, ==, FOL_SUMMER_HIT_ANIMAL);
              g_assert_cmpint (hit.index, ==, a);
            }
          if (n == 1)
            for (int t = 0; t < SUMMER_TRACK_SPACES; t++)
              {
                const FolRect *r = &l.track_slot[t];
                FolSummerHit hit = fol_summer_layout_hit (&l, r->x + r->width / 2, r->y + r->height / 2);
                g_assert_cmpint (hit.kind, ==, FOL_SUMMER_HIT_TRACK);
                g_assert_cmpint (hit.index, ==, t);
              }
          else
            for (int i = 0; i < SUMMER_COMMON_MAX; i++)
              {
                const FolRect *r = &l.common_slot[i];
                FolSummerHit hit = fol_summer_layout_hit (&l, r->x + r->width / 2, r->y + r->height / 2);
                g_assert_cmpint (hit.kind, ==, FOL_SUMMER_HIT_COMMON);
                g_assert_cmpint (hit.index, ==, i);
                g_assert_cmpfloat (r->x + r->width, <=, sizes[k][0]);
              }
        }
}

/* Plays a game with the random player for @n_moves moves. */
static void
play_random (SummerState *s, int n_moves, uint64_t seed)
{
  FolRng rng;
  fol_rng_seed (&rng, seed);
  for (int i = 0; i < n_moves && !summer_is_over (s); i++)
    {
      SummerMove m;
      g_assert_true (summer_ai_choose (s, FOL_AI_RANDOM, &rng, &m));
      apply (s, &m);
    }
}

static gboolean
not_uniform (cairo_surface_t *surface)
{
  Px a = pixel_at (surface, 2, 2);
  int w = cairo_image_surface_get_width (surface), h = cairo_image_surface_get_height (surface);
  int differ = 0;
  for (int y = 0; y < h; y += 37)
    for (int x = 0; x < w; x += 41)
      {
        Px b = pixel_at (surface, x, y);
        differ += b.r != a.r || b.g != a.g || b.b != a.b;
      }
  return differ > 50;
}

static void
test_every_player_count (void)
{
  for (int n = 1; n <= SUMMER_MAX_PLAYERS; n++)
    for (int moves = 0; moves <= 200; moves += 100)
      for (int dark = 0; dark <= 1; dark++)
        {
          SummerState s;
          new_game (&s, n, 100 + n);
          play_random (&s, moves, 7);
          FolSummerHighlights h;
          fol_summer_highlights_init (&h);
          h.dark = dark;
          h.acting_seat = s.current;
          /* a ghost: any Leaf or Squirrel move, legal or not */
          SummerMoveList list;
          summer_legal_moves (&s, &list);
          for (int i = 0; i < list.n; i++)
            if (list.moves[i].kind == SUMMER_MOVE_LEAF || list.moves[i].kind == SUMMER_MOVE_NUT)
              {
                fol_summer_highlights_set_ghost (&h, &s, &list.moves[i]);
                g_assert_true (h.ghost_legal);
                break;
              }
          summer_move_list_clear (&list);
          FolSummerLayout l;
          cairo_surface_t *surface = render (&s, 1100, 760, s.current, &h, &l);
          g_assert_true (not_uniform (surface));
          Px bg = pixel_at (surface, 1, 1);
          if (dark)
            g_assert_cmpint (bg.r + bg.g + bg.b, <, 200);
          else
            g_assert_cmpint (bg.r + bg.g + bg.b, >, 500);
          cairo_surface_destroy (surface);
          surface = render (&s, 1600, 1000, 0, &h, &l);
          g_assert_true (not_uniform (surface));
          cairo_surface_destroy (surface);
        }
}

static void
test_ghost (void)
{
  SummerState s;
  new_game (&s, 3, 21);
  SummerMove m;
  g_assert_true (find_leaf_move (&s, SUMMER_GREEN, SUMMER_BERRY, &m));
  FolSummerHighlights h;
  fol_summer_highlights_init (&h);
  fol_summer_highlights_set_ghost (&h, &s, &m);
  g_assert_cmpint (h.held, ==, FOL_SUMMER_HELD_LEAF);
  g_assert_true (h.ghost_legal);
  g_assert_cmpint (fol_bb_count (h.ghost_squares), ==, 3);
  g_assert_cmpint (h.ghost_hole, >=, 0);
  g_assert_true (h.gain_squares == fol_bb_bit (h.ghost_hole));
  g_assert_cmpint (h.complete_areas, ==, 0);

  /* the same tile over a Squirrel does not fit */
  int body = body_square (&m);
  SummerState t = s;
  t.seat[t.current].covered |= fol_bb_bit (body);
  t.seat[t.current].cover[body] = SUMMER_COVER_SQUIRREL;
  fol_summer_highlights_set_ghost (&h, &t, &m);
  g_assert_false (h.ghost_legal);
  g_assert_true (h.gain_squares == 0);

  /* a Squirrel that completes an Area */
  SummerState u = s;
  const SummerFloorSide *side = &summer_components ()->side[u.seat[u.current].side];
  FolBits72 area = side->area_mask[0];
  int last = fol_bb_lowest (area);
  for (int q = 0; q < SUMMER_SQUARES; q++)
    if (fol_bb_test (area, q) && q != last)
      {
        u.seat[u.current].covered |= fol_bb_bit (q);
        u.seat[u.current].cover[q] = SUMMER_COVER_SQUIRREL;
      }
  SummerMove squirrel = { SUMMER_MOVE_SQUIRREL, SUMMER_NONE, 0, (uint8_t) last, 0, 0 };
  fol_summer_highlights_set_ghost (&h, &u, &squirrel);
  g_assert_cmpint (h.held, ==, FOL_SUMMER_HELD_SQUIRREL);
  g_assert_true (h.ghost_legal);
  g_assert_cmpint (h.complete_areas, ==, 1);

  /* the ghost is drawn: green over the floor where it fits */
  fol_summer_highlights_set_ghost (&h, &s, &m);
  h.acting_seat = s.current;
  FolSummerLayout l;
  cairo_surface_t *surface = render (&s, 1100, 760, s.current, &h, &l);
  g_assert_true (square_has (surface, &l, s.current, body_square (&m), is_green));
  cairo_surface_destroy (surface);

  fol_summer_highlights_set_ghost (&h, &s, NULL);
  g_assert_cmpint (h.held, ==, FOL_SUMMER_HELD_NONE);
}

/* The hint colour (a violet no other mark uses), light and dark palettes. */
static gboolean
is_violet (Px p)
{
  return p.r > p.g + 30 && p.b > p.r + 30;
}

static guint
count_pixels (cairo_surface_t *surface, gboolean (*test) (Px))
{
  guint n = 0;
  int w = cairo_image_surface_get_width (surface), h = cairo_image_surface_get_height (surface);
  for (int y = 0; y < h; y += 2)
    for (int x = 0; x < w; x += 2)
      n += test (pixel_at (surface, x, y));
  return n;
}

/* A hint draws its tile translucent where it goes, in a dashed violet
 * outline, and rings the tile to take; nothing without one. */
static void
test_hint (void)
{
  SummerState s;
  new_game (&s, 2, 22);
  SummerMove m;
  g_assert_true (find_leaf_move (&s, SUMMER_RED, SUMMER_NO_TREASURE, &m));
  for (int dark = 0; dark < 2; dark++)
    {
      FolSummerHighlights h;
      fol_summer_highlights_init (&h);
      h.dark = dark;
      h.acting_seat = s.current;
      FolSummerLayout l;
      cairo_surface_t *plain = render (&s, 1100, 760, s.current, &h, &l);
      h.has_hint = TRUE;
      h.hint = m;
      cairo_surface_t *hinted = render (&s, 1100, 760, s.current, &h, &l);
      g_assert_cmpuint (count_pixels (plain, is_violet), ==, 0);
      g_assert_cmpuint (count_pixels (hinted, is_violet), >, 100);
      if (!dark)
        {
          g_assert_true (square_is_floor (plain, &l, s.current, body_square (&m)));
          g_assert_false (square_is_floor (hinted, &l, s.current, body_square (&m)));
        }
      cairo_surface_destroy (plain);
      cairo_surface_destroy (hinted);
    }
  /* the rest of a hinted turn (a replay's Expert turn) is drawn too */
  {
    FolSummerHighlights one;
    fol_summer_highlights_init (&one);
    one.acting_seat = s.current;
    one.has_hint = TRUE;
    one.hint = m;
    FolSummerLayout lo;
    cairo_surface_t *single = render (&s, 1100, 760, s.current, &one, &lo);
    int far = body_square (&m) < 36 ? 70 : 1;   /* a square away from the tile */
    one.n_more_hints = 1;
    one.more_hints[0] = (SummerMove) { .kind = SUMMER_MOVE_SQUIRREL, .tile = SUMMER_NONE, .square = (uint8_t) far };
    cairo_surface_t *both = render (&s, 1100, 760, s.current, &one, &lo);
    g_assert_cmpuint (count_pixels (both, is_violet), >, count_pixels (single, is_violet) + 10);
    cairo_surface_destroy (single);
    cairo_surface_destroy (both);
  }
  /* a Squirrel hint is drawn too; a move without a place is not (words only) */
  FolSummerHighlights h;
  fol_summer_highlights_init (&h);
  h.acting_seat = s.current;
  h.has_hint = TRUE;
  h.hint = (SummerMove) { .kind = SUMMER_MOVE_SQUIRREL, .tile = SUMMER_NONE, .square = (uint8_t) body_square (&m) };
  FolSummerLayout l;
  cairo_surface_t *squirrel = render (&s, 1100, 760, s.current, &h, &l);
  g_assert_cmpuint (count_pixels (squirrel, is_violet), >, 20);
  cairo_surface_destroy (squirrel);

  /* a hint that spends a Mushroom rings the seat's Mushroom count (the
   * panel's button may be folded away): every violet pixel of the name
   * line lies where a click spends one (fol_summer_layout_treasure_at()) */
  h.hint = (SummerMove) { .kind = SUMMER_MOVE_MUSHROOM, .tile = SUMMER_NONE, .a = SUMMER_NONE, .b = SUMMER_NONE };
  cairo_surface_t *mushroom = render (&s, 1100, 760, s.current, &h, &l);
  guint violet = count_pixels (mushroom, is_violet);
  g_assert_cmpuint (violet, >, 20);
  const FolRect *info = &l.seat[s.current].info;
  guint inside = 0;
  for (int y = (int) info->y - 10; y < (int) (info->y + info->height) + 10; y++)
    for (int x = (int) info->x; x < (int) (info->x + info->width) + 10; x++)
      if (is_violet (pixel_at (mushroom, x, y)))
        {
          inside++;
          /* within a few pixels of the count that spends a Mushroom */
          int t = -1;
          for (int dy = -6; dy <= 6 && t != SUMMER_MUSHROOM; dy += 3)
            for (int dx = -6; dx <= 6 && t != SUMMER_MUSHROOM; dx += 3)
              t = fol_summer_layout_treasure_at (&l, &s, x + dx, y + dy);
          g_assert_cmpint (t, ==, SUMMER_MUSHROOM);
        }
  g_assert_cmpuint (inside, >, 20);
  cairo_surface_destroy (mushroom);
}

/* Whether @a and @b have the same pixels inside @r. */
static gboolean
same_pixels (cairo_surface_t *a, cairo_surface_t *b, const FolRect *r)
{
  for (int y = (int) r->y; y < (int) (r->y + r->height); y++)
    for (int x = (int) r->x; x < (int) (r->x + r->width); x++)
      {
        Px pa = pixel_at (a, x, y), pb = pixel_at (b, x, y);
        if (pa.r != pb.r || pa.g != pb.g || pa.b != pb.b)
          return FALSE;
      }
  return TRUE;
}

/* A read-only picture (the replay's) draws the Player Path's tiles as for
 * a seat that may not act: no glow on the tiles to take, no key badges. */
static void
test_read_only (void)
{
  SummerState s;
  new_game (&s, 2, 22);
  FolSummerHighlights h;
  fol_summer_highlights_init (&h);
  FolSummerLayout l;
  cairo_surface_t *idle = render (&s, 1100, 760, s.current, &h, &l);
  h.acting_seat = s.current;
  cairo_surface_t *acting = render (&s, 1100, 760, s.current, &h, &l);
  h.read_only = TRUE;
  cairo_surface_t *read_only = render (&s, 1100, 760, s.current, &h, &l);
  gboolean differs = FALSE;
  for (int i = 0; i < s.seat[s.current].path_len; i++)
    {
      FolRect r = l.seat[s.current].path_slot[i];
      /* the badge sits on the slot's corner, a little outside it */
      r.x -= 8, r.y -= 8, r.width += 16, r.height += 16;
      g_assert_true (same_pixels (idle, read_only, &r));
      differs |= !same_pixels (idle, acting, &r);
    }
  g_assert_true (differs);
  cairo_surface_destroy (idle);
  cairo_surface_destroy (acting);
  cairo_surface_destroy (read_only);
}

static void
test_describe_and_png (void)
{
  SummerState s;
  new_game (&s, 2, 3);
  play (&s, "S c3");
  g_autofree char *d = fol_summer_describe_square (&s, 0, sq ("c3"));
  g_assert_nonnull (strstr (d, "c3"));
  g_assert_nonnull (strstr (d, "Squirrel"));
  g_autofree char *dir = g_dir_make_tmp ("foliage-painter-XXXXXX", NULL);
  g_assert_nonnull (dir);
  g_autofree char *path = g_build_filename (dir, "board.png", NULL);
  g_autoptr (GError) error = NULL;
  g_assert_true (fol_summer_render_png (&s, 0, 900, 640, NULL, path, &error));
  g_assert_no_error (error);
  cairo_surface_t *png = cairo_image_surface_create_from_png (path);
  g_assert_cmpint (cairo_surface_status (png), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (png), ==, 900);
  cairo_surface_destroy (png);
  g_remove (path);
  g_rmdir (dir);
  /* a folder that does not exist */
  g_autofree char *bad = g_build_filename (dir, "missing", "board.png", NULL);
  g_assert_false (fol_summer_render_png (&s, 0, 300, 200, NULL, bad, &error));
  g_assert_nonnull (error);
}

static gboolean
rects_overlap (const FolRect *a, const FolRect *b)
{
  return a->width > 0 && b->width > 0 && a->x < b->x + b->width && b->x < a->x + a->width && a->y < b->y + b->height
         && b->y < a->y + a->height;
}

static void
assert_inside (const FolRect *inner, const FolRect *outer)
{
  g_assert_cmpfloat (inner->x, >=, outer->x - 0.01);
  g_assert_cmpfloat (inner->y, >=, outer->y - 0.01);
  g_assert_cmpfloat (inner->x + inner->width, <=, outer->x + outer->width + 0.01);
  g_assert_cmpfloat (inner->y + inner->height, <=, outer->y + outer->height + 0.01);
}

/* Issue 11: at laptop sizes (the board gets about 900x650 of a 1366x768
 * screen; also 700x500 and 1400x950) the main Forest Floor is the largest
 * thing, every Player Path is one row in its order from the Backpack, the
 * Common Path's tiles are large enough to tell apart, and no card overlaps
 * another or leaves the picture. */
static void
test_layout_balance (void)
{
  const int sizes[][2] = { { 560, 400 }, { 700, 500 }, { 900, 650 }, { 1000, 620 }, { 1400, 950 }, { 1100, 760 } };
  for (int n = 1; n <= SUMMER_MAX_PLAYERS; n++)
    for (size_t k = 0; k < G_N_ELEMENTS (sizes); k++)
      for (int main_seat = 0; main_seat < n; main_seat++)
        {
          int W = sizes[k][0], H = sizes[k][1];
          SummerState s;
          new_game (&s, n, 5);
          FolSummerLayout l;
          fol_summer_layout_compute (&l, &s, W, H, main_seat);
          FolRect picture = { 0, 0, W, H };
          const FolSummerSeatGeom *g = &l.seat[main_seat];
          /* the cards: inside the picture, none over another */
          FolRect cards[SUMMER_MAX_PLAYERS + 4];
          int n_cards = 0;
          for (int i = 0; i < n; i++)
            cards[n_cards++] = l.seat[i].panel;
          cards[n_cards++] = n == 1 ? l.solo_panel : l.common_panel;
          cards[n_cards++] = l.supply_panel;
          if (l.legend_panel.width > 0)
            cards[n_cards++] = l.legend_panel;
          for (int i = 0; i < n_cards; i++)
            {
              g_assert_cmpfloat (cards[i].width, >, 0);
              assert_inside (&cards[i], &picture);
              for (int j = i + 1; j < n_cards; j++)
                g_assert_false (rects_overlap (&cards[i], &cards[j]));
            }
          for (int i = 0; i < n; i++)
            {
              const FolSummerSeatGeom *o = &l.seat[i];
              /* the floor in its card; the main floor the largest thing */
              FolRect floor_r = { o->gx, o->gy, 9 * o->cell, 8 * o->cell };
              assert_inside (&floor_r, &o->panel);
              if (i != main_seat)
                g_assert_cmpfloat (o->cell * 9, <, g->cell * 9 * 0.6);
              /* the Player Path: one row, slot 0 next to the Backpack, in the card, clear of the floor */
              g_assert_cmpfloat (o->backpack.x + o->backpack.width, <=, o->path_slot[0].x);
              assert_inside (&o->backpack, &o->panel);
              for (int q = 0; q < SUMMER_PATH_MAX; q++)
                {
                  const FolRect *r = &o->path_slot[q];
                  assert_inside (r, &o->panel);
                  g_assert_false (rects_overlap (r, &floor_r));
                  g_assert_cmpfloat (r->y, ==, o->path_slot[0].y);
                  if (q > 0)
                    g_assert_cmpfloat (r->x, >=, o->path_slot[q - 1].x + o->path_slot[q - 1].width);
                }
              g_assert_false (rects_overlap (&o->info, &floor_r));
            }
          /* the main Path's tiles readable; the Common Path's tiles too */
          /* (at 1000x620 four players leave the Common Path about 7.6 px: the height is short) */
          double min_path = W >= 900 ? 13 : W >= 700 ? 10 : 8;
          double min_common = W >= 900 && H >= 650 ? 10 : W >= 700 ? 7 : 5;
          g_assert_cmpfloat (g->path_cell, >=, min_path);
          g_assert_cmpfloat (l.small_cell, >=, min_common);
          g_assert_cmpfloat (l.small_cell, <, g->cell);
          for (int q = 0; n > 1 && q < SUMMER_COMMON_MAX; q++)
            {
              assert_inside (&l.common_slot[q], &l.common_panel);
              g_assert_false (rects_overlap (&l.common_slot[q], &l.bush));
              if (q > 0)
                g_assert_false (rects_overlap (&l.common_slot[q], &l.common_slot[q - 1]));
            }
          for (int a = 0; a < SUMMER_N_ANIMAL_KINDS; a++)
            assert_inside (&l.animal_slot[a], &l.supply_panel);
        }
}

/* A Leaf tile placed from the Player Path: the motion of issue 11. */
static void
test_motion_placement (void)
{
  SummerState before;
  new_game (&before, 2, 11);
  SummerMove m;
  g_assert_true (find_leaf_move (&before, SUMMER_RED, SUMMER_NO_TREASURE, &m));
  int slot_index = -1;
  for (int i = 0; i < before.seat[0].path_len; i++)
    if (before.seat[0].path[i] == m.tile)
      slot_index = i;
  g_assert_cmpint (slot_index, >=, 0);
  SummerState after = before;
  apply (&after, &m);

  FolSummerHighlights h;
  fol_summer_highlights_init (&h);
  FolSummerLayout l;
  cairo_surface_t *final = render (&after, 1100, 760, 0, &h, &l);
  int n = fol_summer_motion_compute (&h, &l, &before, &after, 0, &m);
  g_assert_cmpint (n, >=, 1);
  /* the placed tile flies from its Path slot onto its squares */
  const FolSummerFlight *f = &h.flights[0];
  g_assert_cmpint (f->kind, ==, FOL_SUMMER_FLIGHT_LEAF);
  g_assert_cmpint (f->tile, ==, m.tile);
  g_assert_true (h.hidden_tiles[m.tile]);
  FolRect slot;
  double cell;
  int transform;
  g_assert_true (fol_summer_layout_slot_of_tile (&l, &before, m.tile, &slot, &cell, &transform));
  g_assert_true (rects_overlap (&slot, &l.seat[0].path_slot[slot_index]));
  g_assert_cmpfloat (f->from.cell, ==, cell);
  g_assert_cmpfloat (f->to.x, ==, l.seat[0].gx + (m.square % SUMMER_COLS) * l.seat[0].cell);
  g_assert_cmpfloat (f->to.y, ==, l.seat[0].gy + (m.square / SUMMER_COLS) * l.seat[0].cell);
  g_assert_cmpint (f->to.transform, ==, m.transform);
  /* the tiles after it on the Path close up: they slide one slot to the Backpack */
  for (int i = slot_index + 1; i < before.seat[0].path_len; i++)
    {
      gboolean found = FALSE;
      for (int k = 1; k < n; k++)
        if (h.flights[k].tile == before.seat[0].path[i])
          {
            found = TRUE;
            g_assert_cmpfloat (h.flights[k].to.x, <, h.flights[k].from.x);
          }
      g_assert_true (found);
    }
  FolRect area;
  g_assert_true (fol_summer_motion_rect (&h, &area));
  g_assert_true (rects_overlap (&area, &slot));

  /* at the start the floor is still empty there; at the end the tile lies there */
  int body = body_square (&m);
  h.flight_t = 0;
  cairo_surface_t *start = render (&after, 1100, 760, 0, &h, &l);
  g_assert_true (square_is_floor (start, &l, 0, body));
  h.flight_t = 1;
  cairo_surface_t *end = render (&after, 1100, 760, 0, &h, &l);
  g_assert_true (square_has (end, &l, 0, body, is_red));
  /* once it has landed (no flights) the picture is the final one, pixel for pixel */
  fol_summer_motion_clear (&h);
  g_assert_cmpint (h.n_flights, ==, 0);
  g_assert_false (fol_summer_motion_rect (&h, &area));
  cairo_surface_t *landed = render (&after, 1100, 760, 0, &h, &l);
  int stride = cairo_image_surface_get_stride (final);
  g_assert_cmpint (memcmp (cairo_image_surface_get_data (final), cairo_image_surface_get_data (landed),
                           (size_t) stride * 760), ==, 0);
  g_assert_cmpint (memcmp (cairo_image_surface_get_data (final), cairo_image_surface_get_data (start),
                           (size_t) stride * 760), !=, 0);
  cairo_surface_destroy (final);
  cairo_surface_destroy (start);
  cairo_surface_destroy (end);
  cairo_surface_destroy (landed);
}

/* A Mushroom's taken tile leaves the opponent's Player Path (issue 11),
 * while the large floor stays the person's: it flies from that Path's
 * first slot onto the small floor of the seat that took it, whose card
 * glows as the seat to move. */
static void
test_motion_mushroom (void)
{
  SummerState s;
  new_game (&s, 3, 8);
  play (&s, "S a1");
  play (&s, "end");  /* seat 1 (a computer) to move; the person is seat 0 */
  g_assert_cmpint (s.current, ==, 1);
  play (&s, "M 1,3");
  g_assert_cmpint (s.pending, ==, SUMMER_PENDING_MUSHROOM);
  int taken = s.claim_tile[0];
  g_assert_cmpint (s.claim_src[0], ==, 0);
  g_assert_cmpint (s.seat[0].path[0], ==, taken);
  SummerMove m;
  gboolean found = FALSE;
  SummerMoveList list;
  summer_legal_moves (&s, &list);
  for (int i = 0; i < list.n && !found; i++)
    if (list.moves[i].kind == SUMMER_MOVE_LEAF && list.moves[i].tile == taken)
      {
        m = list.moves[i];
        found = TRUE;
      }
  summer_move_list_clear (&list);
  g_assert_true (found);
  SummerState after = s;
  apply (&after, &m);

  FolSummerLayout l;
  fol_summer_layout_compute (&l, &after, 1100, 760, 0);   /* the person's floor large */
  g_assert_true (l.seat[0].large);
  g_assert_false (l.seat[1].large);
  FolSummerHighlights h;
  fol_summer_highlights_init (&h);
  g_assert_cmpint (fol_summer_motion_compute (&h, &l, &s, &after, 1, &m), >=, 1);
  const FolSummerFlight *f = &h.flights[0];
  g_assert_cmpint (f->tile, ==, taken);
  /* from the person's first Path slot (next to the Backpack) ... */
  FolRect from = { f->from.x, f->from.y, f->from.cell, f->from.cell };
  assert_inside (&from, &l.seat[0].path_slot[0]);
  /* ... to the taker's small floor */
  const FolSummerSeatGeom *t = &l.seat[1];
  g_assert_cmpfloat (f->to.cell, ==, t->cell);
  FolRect taker_floor = { t->gx, t->gy, 9 * t->cell, 8 * t->cell };
  FolRect to = { f->to.x, f->to.y, f->to.cell, f->to.cell };
  assert_inside (&to, &taker_floor);
  /* at the start it is still drawn where it lay: the slot differs from the final picture */
  FolSummerHighlights plain;
  fol_summer_highlights_init (&plain);
  cairo_surface_t *final = render (&after, 1100, 760, 0, &plain, &l);
  h.flight_t = 0;
  cairo_surface_t *start = render (&after, 1100, 760, 0, &h, &l);
  const FolRect *r = &l.seat[0].path_slot[0];
  int differ = 0;
  for (int y = (int) r->y; y < r->y + r->height; y += 2)
    for (int x = (int) r->x; x < r->x + r->width; x += 2)
      {
        Px a = pixel_at (final, x, y), b = pixel_at (start, x, y);
        differ += a.r != b.r || a.g != b.g || a.b != b.b;
      }
  g_assert_cmpint (differ, >, 20);
  /* the acting seat's card glows (accent around it); the person's does not */
  const FolRect *card = &t->panel;
  Px glow = pixel_at (final, card->x + card->width / 2, card->y - 3);
  const FolRect *mine = &l.seat[2].panel;
  Px calm = pixel_at (final, mine->x + mine->width / 2, mine->y - 3);
  g_assert_cmpint (glow.r - glow.b, >, calm.r - calm.b + 10);
  cairo_surface_destroy (final);
  cairo_surface_destroy (start);
}

/* A Squirrel flies from the supply; its square is drawn empty until it lands. */
static void
test_motion_squirrel (void)
{
  SummerState before;
  new_game (&before, 2, 5);
  SummerState after = before;
  play (&after, "N b2");
  SummerMove m = { SUMMER_MOVE_NUT, SUMMER_NONE, 0, (uint8_t) sq ("b2"), 0, 0 };
  FolSummerLayout l;
  fol_summer_layout_compute (&l, &after, 1100, 760, 0);
  FolSummerHighlights h;
  fol_summer_highlights_init (&h);
  g_assert_cmpint (fol_summer_motion_compute (&h, &l, &before, &after, 0, &m), ==, 1);
  g_assert_cmpint (h.flights[0].kind, ==, FOL_SUMMER_FLIGHT_SQUIRREL);
  g_assert_true (rects_overlap (&(FolRect) { h.flights[0].from.x, h.flights[0].from.y, 2, 2 },
                                &l.supply_item[SUMMER_N_TREASURES]));
  g_assert_cmpint (h.hidden_seat, ==, 0);
  g_assert_true (h.hidden_squares == fol_bb_bit (sq ("b2")));
  cairo_surface_t *start = render (&after, 1100, 760, 0, &h, &l);
  g_assert_false (is_rust (square_pixel (start, &l, 0, sq ("b2"), 0.5 - 0.25, 0.5 + 0.25)));
  h.flight_t = 1;
  cairo_surface_t *end = render (&after, 1100, 760, 0, &h, &l);
  g_assert_true (is_rust (square_pixel (end, &l, 0, sq ("b2"), 0.5 - 0.25, 0.5 + 0.25)));
  cairo_surface_destroy (start);
  cairo_surface_destroy (end);
  /* without a move, nothing of a Squirrel flies; a position that did not change moves nothing */
  g_assert_cmpint (fol_summer_motion_compute (&h, &l, &after, &after, 0, NULL), ==, 0);
  g_assert_cmpint (h.hidden_seat, ==, -1);
}

/* Issue 12 (the rules help's pictures): a part of a Forest Floor drawn by
 * fol_summer_paint_floor_part() is the board's own picture of those
 * squares, pixel for pixel (the same squares, tiles, Holes, tokens and
 * Squirrels), in both palettes; and fol_summer_paint_token() draws the
 * token the board puts on a Hole. */
static void
test_floor_part (void)
{
  SummerState s;
  SummerMove green, yellow, red;
  pixels_position (&s, &green, &yellow, &red);
  const int parts[3][4] = { { 0, 0, 9, 8 }, { 3, 2, 4, 3 }, { 0, 0, 1, 1 } };
  for (int dark = 0; dark < 2; dark++)
    for (int seat = 0; seat < 2; seat++)
      {
        FolSummerHighlights h;
        fol_summer_highlights_init (&h);
        h.dark = dark;
        FolSummerLayout l;
        cairo_surface_t *board = render (&s, 1100, 760, seat, &h, &l);
        const FolSummerSeatGeom *g = &l.seat[seat];
        double c = g->cell;
        int stride = cairo_image_surface_get_stride (board);
        for (guint k = 0; k < G_N_ELEMENTS (parts); k++)
          {
            int col = parts[k][0], row = parts[k][1], cols = parts[k][2], rows = parts[k][3];
            /* the part drawn where the board draws those squares, in a picture of its own */
            double x0 = g->gx + col * c, y0 = g->gy + row * c;
            int w = (int) ceil (x0 + cols * c) + 1, hgt = (int) ceil (y0 + rows * c) + 1;
            cairo_surface_t *part = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, hgt);
            cairo_t *cr = cairo_create (part);
            cairo_translate (cr, x0, y0);
            fol_summer_paint_floor_part (cr, &s, seat, col, row, cols, rows, c, &h);
            g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
            cairo_destroy (cr);
            cairo_surface_flush (part);
            /* nothing outside the part */
            const guint32 *pp = (const guint32 *) cairo_image_surface_get_data (part);
            int pstride = cairo_image_surface_get_stride (part) / 4;
            g_assert_cmpuint (pp[0] >> 24, ==, 0);
            /* inside (a pixel in from the edges): the board's pixels */
            int n = 0, differ = 0;
            for (int y = (int) ceil (y0) + 1; y < (int) (y0 + rows * c) - 1; y++)
              for (int x = (int) ceil (x0) + 1; x < (int) (x0 + cols * c) - 1; x++)
                {
                  guint32 a = pp[y * pstride + x];
                  guint32 b = *(const guint32 *) (cairo_image_surface_get_data (board) + y * stride + x * 4);
                  n++;
                  for (int sh = 0; sh < 24; sh += 8)
                    if (ABS ((int) ((a >> sh) & 0xff) - (int) ((b >> sh) & 0xff)) > 2)
                      {
                        differ++;
                        break;
                      }
                }
            g_assert_cmpint (n, >, 0);
            g_test_message ("seat %d, part %u, %s: %d of %d pixels differ", seat, k, dark ? "dark" : "light", differ, n);
            g_assert_cmpint (differ, <=, n / 100);
            cairo_surface_destroy (part);
          }
        /* the Berry token on the green tile's Hole, drawn alone at the same place */
        if (seat == 0)
          {
            int hole;
            fol_summer_move_squares (&green, &hole);
            double cx = g->gx + (hole % SUMMER_COLS + 0.5) * c, cy = g->gy + (hole / SUMMER_COLS + 0.5) * c;
            cairo_surface_t *token = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1100, 760);
            cairo_t *cr = cairo_create (token);
            fol_summer_paint_token (cr, SUMMER_BERRY, cx, cy, c * 0.3, dark);
            cairo_destroy (cr);
            const double pts[4][2] = { { 0.25, 0 }, { 0, -0.17 * 0.435 }, { -0.2, 0.1 }, { 0.1, 0.2 } };
            for (int i = 0; i < 4; i++)
              {
                Px a = pixel_at (token, cx + pts[i][0] * c, cy + pts[i][1] * c);
                Px b = pixel_at (board, cx + pts[i][0] * c, cy + pts[i][1] * c);
                g_assert_cmpint (ABS (a.r - b.r) + ABS (a.g - b.g) + ABS (a.b - b.b), <=, 6);
              }
            g_assert_true (is_cream (pixel_at (token, cx + 0.25 * c, cy)));
            g_assert_true (is_blue (pixel_at (token, cx, cy - 0.17 * 0.435 * c)));
            cairo_surface_destroy (token);
          }
        cairo_surface_destroy (board);
      }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  load_components_or_die ();
  g_test_add_func ("/summer-painter/read-only", test_read_only);
  g_test_add_func ("/summer-painter/pixels", test_pixels);
  g_test_add_func ("/summer-painter/floor-part", test_floor_part);
  g_test_add_func ("/summer-painter/hit-round-trip", test_hit_round_trip);
  g_test_add_func ("/summer-painter/every-player-count", test_every_player_count);
  g_test_add_func ("/summer-painter/ghost", test_ghost);
  g_test_add_func ("/summer-painter/hint", test_hint);
  g_test_add_func ("/summer-painter/describe-and-png", test_describe_and_png);
  g_test_add_func ("/summer-painter/layout-balance", test_layout_balance);
  g_test_add_func ("/summer-painter/motion-placement", test_motion_placement);
  g_test_add_func ("/summer-painter/motion-mushroom", test_motion_mushroom);
  g_test_add_func ("/summer-painter/motion-squirrel", test_motion_squirrel);
  return g_test_run ();
}
