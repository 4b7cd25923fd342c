/* test-fall-painter.c: the Fall painter (src/ui/fol-fall-painter.c) draws
 * known positions with the right colours at known cells, hit-testing
 * finds cells, offer slots and held tokens again, a PNG is written, the
 * score lines in words add up to the engine's scores, a hint is drawn
 * (dashed violet, the tile translucent) and said in words, tokens show
 * their silhouettes and claimed Mushrooms a marker a third of a hexagon
 * wide, outlined in both palettes, the black marker black in the dark one
 * too (issue 12). */
#include "config.h"

#include <cairo.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "fall-ai.h"
#include "fall-notation.h"
#include "fall-scoring.h"
#include "fol-fall-painter.h"
#include "fol-fall-words.h"

#define W 900
#define H 700

/* Cells: the starting tile; a red one-colour tile (L07) at 1,0 on layer 1;
 * a stack of 3 at -1,0 (L08 L09 red, L15 green on top) with a Fox;
 * a green tile (L14) with a Hoopoe at 0,1. */
static const char *position =
  "fall-position 1\n"
  "side A\n"
  "week 5\n"
  "turn 0\n"
  "phase take\n"
  "held 0 fh\n"
  "offer L20:f L21:h L22:r L23:m\n"
  "cell 0,0 S00/0\n"
  "cell 1,0 L07/0\n"
  "cell -1,0 L08/0 L09/0 L15/0 f\n"
  "cell 0,1 L14/0 h\n";

typedef struct {
  cairo_surface_t *surf;
  FolFallLayout layout;
  FolFallTransform tr;
  FallState state;
} Picture;

static void
render (Picture *p, const char *text, const FolFallHighlights *h)
{
  g_autoptr (GError) error = NULL;
  const FallComponents *comps = fall_components_get (&error);
  g_assert_no_error (error);
  g_assert_true (fall_position_parse (comps, text, &p->state, &error));
  g_assert_no_error (error);
  fol_fall_layout_compute (&p->layout, W, H, -1);
  /* a fixed transform, not a fit: the cells land where the test expects */
  p->tr.size = 40;
  p->tr.ox = p->layout.board.x + p->layout.board.width / 2;
  p->tr.oy = p->layout.board.y + p->layout.board.height / 2;
  p->surf = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, W, H);
  cairo_t *cr = cairo_create (p->surf);
  fol_fall_paint (cr, &p->state, &p->layout, &p->tr, h);
  cairo_destroy (cr);
  cairo_surface_flush (p->surf);
}

static void
pixel (Picture *p, double x, double y, int *r, int *g, int *b)
{
  int ix = (int) lround (x), iy = (int) lround (y);
  g_assert_cmpint (ix, >=, 0);
  g_assert_cmpint (iy, >=, 0);
  g_assert_cmpint (ix, <, W);
  g_assert_cmpint (iy, <, H);
  const guint8 *data = cairo_image_surface_get_data (p->surf);
  int stride = cairo_image_surface_get_stride (p->surf);
  guint32 v = *(const guint32 *) (data + iy * stride + ix * 4);
  *r = (v >> 16) & 0xff;
  *g = (v >> 8) & 0xff;
  *b = v & 0xff;
}

typedef gboolean (*Pred) (int r, int g, int b);

/* how many pixels of the 9 x 9 square around (x, y) match */
static int
count (Picture *p, double x, double y, Pred pred)
{
  int n = 0;
  for (int dy = -4; dy <= 4; dy++)
    for (int dx = -4; dx <= 4; dx++)
      {
        int r, g, b;
        pixel (p, x + dx, y + dy, &r, &g, &b);
        n += pred (r, g, b);
      }
  return n;
}

static gboolean is_red (int r, int g, int b) { return r > 150 && r > g + 60 && r > b + 80; }
static gboolean is_green (int r, int g, int b) { return g > 100 && g > r + 50 && g > b + 10; }
static gboolean is_dark (int r, int g, int b) { return r < 60 && g < 60 && b < 60; }
static gboolean is_orange (int r, int g, int b) { return r > 200 && g > 90 && g < 170 && b < 90; }
static gboolean is_buff (int r, int g, int b) { return r > 190 && g > 140 && g < 200 && b > 80 && b < 140; }

static void
cell_center (Picture *p, int q, int r, double *x, double *y)
{
  fol_fall_transform_cell_center (&p->tr, (FolHex) { q, r }, x, y);
}

static void
test_edge_colours (void)
{
  Picture p;
  render (&p, position, NULL);
  double x, y;
  /* the red tile at 1,0: its east triangle, away from icons and flowers */
  cell_center (&p, 1, 0, &x, &y);
  g_assert_cmpint (count (&p, x + 22, y, is_red), >=, 40);
  /* the same point of the green top tile at -1,0 is green (only the top tile shows) */
  cell_center (&p, -1, 0, &x, &y);
  g_assert_cmpint (count (&p, x + 22, y + 8, is_green), >=, 30);
  g_assert_cmpint (count (&p, x + 22, y + 8, is_red), ==, 0);
  /* an empty cell shows the board's background, not a leaf colour */
  cell_center (&p, 3, 0, &x, &y);
  g_assert_cmpint (count (&p, x, y, is_red) + count (&p, x, y, is_green), ==, 0);
  cairo_surface_destroy (p.surf);
}

static void
test_layer_shading (void)
{
  Picture p;
  render (&p, position, NULL);
  double x, y;
  /* layer 3: a heavy black border, 3 px inside the east edge */
  double apothem = 40 * 0.96 * sqrt (3.0) / 2;
  cell_center (&p, -1, 0, &x, &y);
  int r, g, b;
  pixel (&p, x + apothem - 2, y, &r, &g, &b);
  g_assert_true (is_dark (r, g, b));
  /* layer 1: the same point is the leaf colour */
  cell_center (&p, 1, 0, &x, &y);
  pixel (&p, x + 40 * sqrt (3.0) / 2 - 4, y, &r, &g, &b);
  g_assert_true (is_red (r, g, b));
  /* the layer numbers: a black badge (3) on the stack, white (1) on the single tile */
  cell_center (&p, -1, 0, &x, &y);
  g_assert_cmpint (count (&p, x - 40 * 0.6, y - 40 * 0.02, is_dark), >=, 30);
  cell_center (&p, 1, 0, &x, &y);
  g_assert_cmpint (count (&p, x - 40 * 0.6, y - 40 * 0.02, is_dark), <, 20);
  cairo_surface_destroy (p.surf);
}

/* how many pixels of the rectangle (x0, y0)-(x1, y1), clipped to the picture, match */
static int
count_in (Picture *p, double x0, double y0, double x1, double y1, Pred pred)
{
  int n = 0;
  for (int y = MAX (0, (int) y0); y < MIN (H, (int) y1); y++)
    for (int x = MAX (0, (int) x0); x < MIN (W, (int) x1); x++)
      {
        int r, g, b;
        pixel (p, x, y, &r, &g, &b);
        n += pred (r, g, b);
      }
  return n;
}

static gboolean is_darker_than_buff (int r, int g, int b) { return r < 160 && g < 120 && b < 80; }
static gboolean is_white (int r, int g, int b) { return r > 215 && g > 215 && b > 215; }
static gboolean is_seat_blue (int r, int g, int b) { return r < 40 && g > 90 && g < 140 && b > 150 && b < 210; }
static gboolean is_seat_black (int r, int g, int b) { return r < 50 && g < 50 && b < 50 && ABS (r - b) < 12; }

/* The tokens keep their colour and shape, with the animal's silhouette in
 * them (issue 12): a dark fox's head in the orange triangle, a dark hoopoe
 * in the buff diamond, a white robin in the red square; the letter in a
 * white badge at the lower right. */
static void
test_tokens (void)
{
  Picture p;
  render (&p, position, NULL);
  double x, y, r = 40 * 0.34;
  /* the Fox */
  cell_center (&p, -1, 0, &x, &y);
  double cy = y + 40 * 0.05;
  g_assert_cmpint (count_in (&p, x - r, cy - r, x + r, cy + r, is_orange), >=, 120);
  g_assert_cmpint (count_in (&p, x - r * 0.4, cy - r * 0.6, x + r * 0.4, cy, is_dark), >=, 40);
  g_assert_cmpint (count (&p, x + r * 0.8, cy + r * 0.74, is_white), >=, 12);
  /* the Hoopoe */
  cell_center (&p, 0, 1, &x, &y);
  cy = y + 40 * 0.05;
  g_assert_cmpint (count_in (&p, x - r, cy - r, x + r, cy + r, is_buff), >=, 80);
  g_assert_cmpint (count_in (&p, x - r * 0.6, cy - r * 0.6, x + r * 0.6, cy + r * 0.6, is_dark), >=, 25);
  /* its crest, above and left of where a letter would be */
  g_assert_cmpint (count_in (&p, x - r * 0.6, cy - r * 0.65, x + r * 0.2, cy - r * 0.36, is_darker_than_buff), >=, 6);
  /* the offer shows a Fox token in slot 1: orange, with its dark head */
  const FolFallRect *s = &p.layout.offer_slot[0];
  double ox = s->x + s->width * 0.83, oy = s->y + s->height * 0.52;
  g_assert_cmpint (count_in (&p, ox - 12, oy - 12, ox + 12, oy + 12, is_orange), >=, 40);
  g_assert_cmpint (count_in (&p, ox - 6, oy - 8, ox + 6, oy, is_dark), >=, 12);
  cairo_surface_destroy (p.surf);
}

/* Claimed Mushrooms on one-colour tiles: seat 1's blue square on a yellow
 * tile, seat 2's black circle on a green one; an unclaimed one on red. */
static const char *marker_position =
  "fall-position 1\n"
  "side A\n"
  "week 5\n"
  "turn 0\n"
  "phase take\n"
  "markers 7 7\n"
  "offer L20:f L21:h L22:r L23:m\n"
  "cell 0,0 S00/0\n"
  "cell 1,0 L06/0 m0\n"
  "cell 0,1 L18/0 m1\n"
  "cell -1,0 L12/0 m\n";

static gboolean is_leaf_yellow (int r, int g, int b) { return r > 200 && g > 170 && b < 110; }
static gboolean is_leaf_green (int r, int g, int b) { return is_green (r, g, b) || (g > 80 && g > r + 40 && g > b); }

/* Along the row @y: the width of the run of pixels round @x that are not
 * the tile's colour @leaf (what is drawn on the tile there); whether a
 * white pixel lies within 4 px of both ends; how many pixels of the run
 * @seat accepts. */
static int
run_width (Picture *p, double x, double y, Pred leaf, Pred seat, gboolean *outlined, int *n_seat)
{
  int cx = (int) lround (x), x0 = cx, x1 = cx, r, g, b;
  for (;; x0--)
    {
      pixel (p, x0 - 1, y, &r, &g, &b);
      if (leaf (r, g, b))
        break;
    }
  for (;; x1++)
    {
      pixel (p, x1 + 1, y, &r, &g, &b);
      if (leaf (r, g, b))
        break;
    }
  gboolean left = FALSE, right = FALSE;
  for (int i = 0; i < 4; i++)
    {
      pixel (p, x0 + i, y, &r, &g, &b);
      left |= is_white (r, g, b);
      pixel (p, x1 - i, y, &r, &g, &b);
      right |= is_white (r, g, b);
    }
  *outlined = left && right;
  *n_seat = 0;
  for (int i = x0; i <= x1; i++)
    {
      pixel (p, i, y, &r, &g, &b);
      *n_seat += seat (r, g, b);
    }
  return x1 - x0 + 1;
}

/* The markers' position drawn in the light or @dark palette. */
static void
render_markers (Picture *p, gboolean dark)
{
  FolFallHighlights h;
  fol_fall_highlights_init (&h);
  h.dark = dark;
  render (p, marker_position, &h);
}

/* A claimed Mushroom's marker is at least a third of a hexagon's width,
 * in its seat's colour and shape, outlined in white so that the black one
 * stays apart from dark ground in the dark palette (issue 12). */
static void
test_markers (void)
{
  for (int dark = 0; dark < 2; dark++)
    {
      Picture p;
      render_markers (&p, dark);
      double size = 40, third = sqrt (3.0) * size / 3, x, y;
      gboolean outlined;
      int n_seat;
      /* seat 1: a blue square; rows below its middle (away from the layer badge) and near its top */
      cell_center (&p, 1, 0, &x, &y);
      double cy = y + size * 0.05;
      g_assert_cmpint (run_width (&p, x, cy + size * 0.2, is_leaf_yellow, is_seat_blue, &outlined, &n_seat), >=, third);
      g_assert_true (outlined);
      g_assert_cmpint (n_seat, >=, 12);
      g_assert_cmpint (run_width (&p, x, cy - size * 0.33, is_leaf_yellow, is_seat_blue, &outlined, &n_seat), >=, third);
      /* seat 2: a black circle: as wide, and narrower near its top than a square */
      cell_center (&p, 0, 1, &x, &y);
      cy = y + size * 0.05;
      g_assert_cmpint (run_width (&p, x, cy + size * 0.2, is_leaf_green, is_seat_black, &outlined, &n_seat), >=, third);
      g_assert_true (outlined);
      g_assert_cmpint (n_seat, >=, 12);
      g_assert_cmpint (run_width (&p, x, cy - size * 0.36, is_leaf_green, is_seat_black, &outlined, &n_seat), <, third - 2);
      /* unclaimed: the brown Mushroom token, no marker's colour */
      cell_center (&p, -1, 0, &x, &y);
      g_assert_cmpint (count_in (&p, x - 20, y - 18, x + 20, y + 22, is_seat_blue), ==, 0);
      g_assert_cmpint (count_in (&p, x - 20, y - 18, x + 20, y + 22, is_seat_black), <, 40);
      cairo_surface_destroy (p.surf);
    }
}

static gboolean is_black (int r, int g, int b) { return r < 20 && g < 20 && b < 20; }
static gboolean is_whitish (int r, int g, int b) { return r > 225 && g > 225 && b > 225; }

/* The markers beside the players' names at the bottom, in both palettes:
 * the black one is a black disc (darker than the dark panel under it, not
 * a hollow ring) with a light outline in the dark palette; the blue one
 * blue (issue 12). */
static void
test_card_markers (void)
{
  for (int dark = 0; dark < 2; dark++)
    {
      Picture p;
      render_markers (&p, dark);
      double u = p.layout.unit, mr = u * 0.7;
      for (int seat = 0; seat < 2; seat++)
        {
          const FolFallRect *panel = &p.layout.seat_panel[seat];
          double x = panel->x + u * 1.1, y = panel->y + u * 1.2;
          int r, g, b;
          pixel (&p, x, y, &r, &g, &b);
          if (seat == 0)
            {
              g_assert_true (is_seat_blue (r, g, b));
              continue;
            }
          /* the centre, and most of the disc, black; in the dark palette
           * blacker than the panel under it (a dark grey read as a hollow ring) */
          Pred black = dark ? is_black : is_seat_black;
          g_assert_true (black (r, g, b));
          g_assert_cmpint (count_in (&p, x - mr * 0.5, y - mr * 0.5, x + mr * 0.5, y + mr * 0.5, black), >=,
                           (int) (mr * mr * 0.6));
          if (dark)
            {
              /* a light outline round it, bold and near white, not faint: left,
               * right, above and below, several pixels of a 5 x 5 box across the ring */
              int d = (int) ceil (mr);
              g_assert_cmpint (count_in (&p, x - d - 2, y - 2, x - d + 2, y + 2, is_whitish), >=, 3);
              g_assert_cmpint (count_in (&p, x + d - 2, y - 2, x + d + 2, y + 2, is_whitish), >=, 3);
              g_assert_cmpint (count_in (&p, x - 2, y - d - 2, x + 2, y - d + 2, is_whitish), >=, 3);
              g_assert_cmpint (count_in (&p, x - 2, y + d - 2, x + 2, y + d + 2, is_whitish), >=, 3);
            }
        }
      cairo_surface_destroy (p.surf);
    }
}

static gboolean is_ink (int r, int g, int b) { return r < 130 && g < 130 && b < 130; }

/* The player card says in words how many tokens are set aside ("2 set
 * aside", under the markers line), not only by their icons: the seat that
 * holds a Fox and a Hoopoe has text there, the one with none not. */
static void
test_held_count (void)
{
  Picture p;
  render (&p, position, NULL);
  g_assert_cmpint (fol_fall_held_count (&p.state, 0), ==, 2);
  g_assert_cmpint (fol_fall_held_count (&p.state, 1), ==, 0);
  double u = p.layout.unit;
  int ink[2];
  for (int seat = 0; seat < 2; seat++)
    {
      const FolFallRect *panel = &p.layout.seat_panel[seat];
      ink[seat] = count_in (&p, panel->x + u * 0.5, panel->y + u * 3.0, panel->x + panel->width * 0.5,
                            p.layout.held_slot[seat][0].y - 1, is_ink);
    }
  g_assert_cmpint (ink[0], >, ink[1] + 20);
  cairo_surface_destroy (p.surf);
}

static void
test_ghost (void)
{
  g_autoptr (GError) error = NULL;
  const FallComponents *comps = fall_components_get (&error);
  FallState *s = g_new0 (FallState, 1);
  fall_state_init (s, comps, 3, NULL);
  FallMove take = { .kind = FALL_MOVE_TAKE, .arg = 0 };
  g_assert_true (fall_apply (s, &take, NULL));
  FallMove *list = g_new (FallMove, FALL_MAX_MOVES);
  int n = fall_legal_placements (s, s->hand_tile[0], list);
  g_assert_cmpint (n, >, 0);
  FolFallHighlights h;
  fol_fall_highlights_init (&h);
  FolHex cell = { list[0].q, list[0].r };
  fol_fall_highlights_set_ghost (&h, s, list[0].arg, &cell, list[0].rot, TRUE);
  g_assert_true (h.ghost_legal);
  g_assert_cmpint (h.ghost_rule, ==, 1);      /* next to the starting tile: rule 1 */
  g_assert_cmpint (h.ghost_match_edges, !=, 0);
  g_assert_cmpint (h.ghost_discards, ==, -1);
  g_assert_cmpint (h.n_marks, >, 0);
  /* the starting tile: nothing may go there */
  FolHex start = { 0, 0 };
  fol_fall_highlights_set_ghost (&h, s, list[0].arg, &start, 0, FALSE);
  g_assert_false (h.ghost_legal);
  g_assert_nonnull (h.ghost_reason);
  g_free (list);
  g_free (s);
}

static void
test_hit_round_trip (void)
{
  FolFallLayout l;
  fol_fall_layout_compute (&l, W, H, 0);
  FolFallTransform t = { 437.5, 351.25, 33 };
  for (int q = -6; q <= 6; q++)
    for (int r = -6; r <= 6; r++)
      {
        double x, y;
        fol_fall_transform_cell_center (&t, (FolHex) { q, r }, &x, &y);
        for (int k = 0; k < 6; k++)
          {
            /* the centre and points well inside the hex */
            double px = x + (k ? 0.7 * 33 * cos (k * G_PI / 3) * 0.85 : 0);
            double py = y + (k ? 0.7 * 33 * sin (k * G_PI / 3) * 0.85 : 0);
            FolHex back = fol_fall_transform_cell_at (&t, px, py);
            g_assert_cmpint (back.q, ==, q);
            g_assert_cmpint (back.r, ==, r);
          }
      }
  for (int i = 0; i < FALL_OFFER; i++)
    {
      FolFallHit hit = fol_fall_layout_hit (&l, l.offer_slot[i].x + l.offer_slot[i].width / 2,
                                            l.offer_slot[i].y + l.offer_slot[i].height / 2);
      g_assert_cmpint (hit.kind, ==, FOL_FALL_HIT_OFFER);
      g_assert_cmpint (hit.index, ==, i);
    }
  for (int p = 0; p < 2; p++)
    for (int i = 0; i < 2; i++)
      {
        FolFallHit hit = fol_fall_layout_hit (&l, l.hand_slot[p][i].x + l.hand_slot[p][i].width / 2,
                                              l.hand_slot[p][i].y + l.hand_slot[p][i].height / 2);
        g_assert_cmpint (hit.kind, ==, FOL_FALL_HIT_HAND);
        g_assert_cmpint (hit.seat, ==, p);
        g_assert_cmpint (hit.index, ==, i);
      }
  for (int p = 0; p < 2; p++)
    for (int i = 0; i < 4; i++)
      {
        FolFallHit hit = fol_fall_layout_hit (&l, l.held_slot[p][i].x + l.held_slot[p][i].width / 2,
                                              l.held_slot[p][i].y + l.held_slot[p][i].height / 2);
        g_assert_cmpint (hit.kind, ==, FOL_FALL_HIT_HELD);
        g_assert_cmpint (hit.seat, ==, p);
        g_assert_cmpint (hit.index, ==, i);
      }
  FolFallHit hit = fol_fall_layout_hit (&l, l.board.x + l.board.width / 2, l.board.y + l.board.height / 2);
  g_assert_cmpint (hit.kind, ==, FOL_FALL_HIT_BOARD);
  /* held slots map to tokens in m f h r t order */
  Picture p;
  render (&p, position, NULL);
  g_assert_cmpint (fol_fall_held_token_at (&p.state, 0, 0), ==, FALL_FOX);
  g_assert_cmpint (fol_fall_held_token_at (&p.state, 0, 1), ==, FALL_HOOPOE);
  g_assert_cmpint (fol_fall_held_token_at (&p.state, 0, 2), ==, -1);
  g_assert_cmpint (fol_fall_held_slot_of (&p.state, 0, FALL_HOOPOE), ==, 1);
  cairo_surface_destroy (p.surf);
}

static void
test_zoom_keeps_point (void)
{
  FolFallTransform t = { 100, 80, 30 };
  FolHex before = fol_fall_transform_cell_at (&t, 250, 200);
  fol_fall_transform_zoom (&t, 1.7, 250, 200);
  FolHex after = fol_fall_transform_cell_at (&t, 250, 200);
  g_assert_cmpint (before.q, ==, after.q);
  g_assert_cmpint (before.r, ==, after.r);
  g_assert_cmpfloat (t.size, ==, 51);
}

static void
test_png (void)
{
  g_autoptr (GError) error = NULL;
  const FallComponents *comps = fall_components_get (&error);
  FallState *s = g_new0 (FallState, 1);
  fall_state_init (s, comps, 9, NULL);
  g_autofree char *dir = g_dir_make_tmp ("fall-painter-XXXXXX", &error);
  g_assert_no_error (error);
  g_autofree char *path = g_build_filename (dir, "start.png", NULL);
  g_assert_true (fol_fall_render_png (s, 0, 640, 480, FALSE, path, &error));
  g_assert_no_error (error);
  cairo_surface_t *img = cairo_image_surface_create_from_png (path);
  g_assert_cmpint (cairo_surface_status (img), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (img), ==, 640);
  cairo_surface_destroy (img);
  g_remove (path);
  g_rmdir (dir);
  g_free (s);
}

/* The lines in words add up to the engine's score, in whole games. */
static void
test_score_lines (void)
{
  g_autoptr (GError) error = NULL;
  const FallComponents *comps = fall_components_get (&error);
  FallState *s = g_new0 (FallState, 1), *view = g_new0 (FallState, 1);
  for (uint64_t seed = 1; seed <= 12; seed++)
    {
      fall_state_init (s, comps, seed, NULL);
      FolRng rng;
      fol_rng_seed (&rng, seed);
      while (!fall_state_is_over (s))
        {
          fall_state_view (s, fall_state_current_seat (s), view);
          FallMove m;
          g_assert_true (fall_ai_choose (view, seed % 2 ? FOL_AI_GREEDY : FOL_AI_RANDOM, &rng, &m));
          g_assert_true (fall_apply (s, &m, NULL));
        }
      FallScore sc[2];
      fall_result (s, sc);
      FallTally t;
      fall_tally (s, &t);
      for (int p = 0; p < 2; p++)
        {
          g_autoptr (GArray) lines = fol_fall_score_lines (comps, &t, s->card[p], p);
          int sum = 0, parts[4] = { 0 };
          for (guint i = 0; i < lines->len; i++)
            {
              const FolFallScoreLine *l = &g_array_index (lines, FolFallScoreLine, i);
              g_assert_nonnull (l->label);
              sum += l->vp;
              parts[l->part] += l->vp;
            }
          g_assert_cmpint (sum, ==, sc[p].total);
          g_assert_cmpint (parts[0], ==, sc[p].flowers);
          g_assert_cmpint (parts[1], ==, sc[p].foxes);
          g_assert_cmpint (parts[2], ==, sc[p].birds);
          g_assert_cmpint (parts[3], ==, sc[p].mushrooms);
        }
      /* and a whole finished game draws */
      FolFallLayout l;
      FolFallTransform tr;
      fol_fall_layout_compute (&l, 800, 600, 0);
      fol_fall_transform_fit (&tr, s, &l.board);
      cairo_surface_t *surf = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 800, 600);
      cairo_t *cr = cairo_create (surf);
      fol_fall_paint (cr, s, &l, &tr, NULL);
      g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
      cairo_destroy (cr);
      cairo_surface_destroy (surf);
    }
  g_free (s);
  g_free (view);
}

static void
test_words (void)
{
  g_autoptr (GError) error = NULL;
  const FallComponents *comps = fall_components_get (&error);
  for (int c = 0; c < FALL_N_CARDS; c++)
    {
      g_autofree char *d = fol_fall_card_describe (&comps->card[c]);
      g_assert_nonnull (d);
      g_assert_cmpint (strlen (d), >, 20);
    }
  g_autofree char *two = fol_fall_tile_colours_words (comps, fall_tile_index (comps, "L19"));
  g_assert_cmpstr (two, ==, "yellow and red");
  g_assert_cmpstr (fol_fall_reason_words ("a stack holds at most 3 tiles"), ==, "A stack holds at most 3 tiles.");
  /* cells in words, for tooltips */
  FallState *pos = g_new0 (FallState, 1);
  g_assert_true (fall_position_parse (comps, position, pos, NULL));
  g_autofree char *stack = fol_fall_describe_cell (pos, -1, 0);
  g_assert_true (g_str_has_prefix (stack, "Layer 3: green tile; icons: Fox"));
  g_assert_nonnull (strstr (stack, "Token: Fox."));
  g_autofree char *none = fol_fall_describe_cell (pos, 5, 5);
  g_assert_null (none);
  g_free (pos);
  FallState *s = g_new0 (FallState, 1);
  fall_state_init (s, comps, 3, NULL);
  FallMove take = { .kind = FALL_MOVE_TAKE, .arg = 1 };
  static const char *const norma[2] = { "Norma", "Norma" };
  g_autofree char *line = fol_fall_describe_move (s, &take, norma, NULL);
  g_assert_true (g_str_has_prefix (line, "Norma took the "));
  g_free (s);
}

/* An act-phase position of seat 0: the L20 tile in hand, a Fox and two
 * Hoopoes and a Robin held, an unclaimed Mushroom at 1,0, 3 markers left. */
static const char *act_position =
  "fall-position 1\n"
  "side A\n"
  "week 5\n"
  "turn 0\n"
  "phase act\n"
  "markers 3 8\n"
  "held 0 fhhr\n"
  "offer - L21:h L22:r L23:m\n"
  "hand L20\n"
  "cell 0,0 S00/0\n"
  "cell 1,0 L07/0 m\n"
  "cell -1,0 L08/0 L09/0 L15/0 f\n"
  "cell 0,1 L14/0 h\n";

static gboolean is_hint_light (int r, int g, int b) { return ABS (r - 0x7A) < 14 && ABS (g - 0x3F) < 14 && ABS (b - 0xC8) < 14; }
static gboolean is_hint_dark (int r, int g, int b) { return ABS (r - 0xC7) < 14 && ABS (g - 0xA0) < 14 && ABS (b - 0xFF) < 14; }

/* around an offer slot: a band a few pixels wide just outside it */
static int
count_round (Picture *p, const FolFallRect *r, Pred pred)
{
  return count_in (p, r->x - 8, r->y - 8, r->x + r->width + 8, r->y + r->height + 8, pred)
         - count_in (p, r->x + 2, r->y + 2, r->x + r->width - 2, r->y + r->height - 2, pred);
}

static void
picture_clear (Picture *p)
{
  cairo_surface_destroy (p->surf);
}

/* A hint is drawn in the hint colour only while its seat may act: a TAKE
 * rings its offer slot (and no other); a PLACE shows the tile translucent
 * at its cell in a dashed outline; the dark palette has its own violet. */
static void
test_hint_drawing (void)
{
  FolFallHighlights h;
  fol_fall_highlights_init (&h);
  Picture plain, hinted, idle;
  render (&plain, position, &h);
  g_assert_cmpint (count_in (&plain, 0, 0, W, H, is_hint_light), ==, 0);
  h.has_hint = TRUE;
  h.hint = (FallMove) { .kind = FALL_MOVE_TAKE, .arg = 2 };
  render (&idle, position, &h);    /* nobody acts: nothing drawn */
  g_assert_cmpint (count_in (&idle, 0, 0, W, H, is_hint_light), ==, 0);
  h.acting_seat = 0;
  render (&hinted, position, &h);
  g_assert_cmpint (count_round (&hinted, &hinted.layout.offer_slot[2], is_hint_light), >, 40);
  g_assert_cmpint (count_round (&hinted, &hinted.layout.offer_slot[0], is_hint_light), ==, 0);
  picture_clear (&plain);
  picture_clear (&idle);
  picture_clear (&hinted);

  /* a tile to place: translucent at its cell, the outline in violet */
  g_autoptr (GError) error = NULL;
  const FallComponents *comps = fall_components_get (&error);
  FallState *s = g_new0 (FallState, 1);
  g_assert_true (fall_position_parse (comps, act_position, s, &error));
  FallMove *list = g_new (FallMove, FALL_MAX_MOVES);
  int n = fall_legal_placements (s, s->hand_tile[0], list);
  g_assert_cmpint (n, >, 0);
  FallMove place = list[0];
  for (int i = 0; i < n; i++)
    if (fall_state_find (s, list[i].q, list[i].r) < 0 || !s->cell[fall_state_find (s, list[i].q, list[i].r)].height)
      {
        place = list[i];   /* an empty cell: the tile there is the hint's alone */
        break;
      }
  g_free (list);
  g_free (s);
  for (int dark = 0; dark < 2; dark++)
    {
      Pred violet = dark ? is_hint_dark : is_hint_light;
      fol_fall_highlights_init (&h);
      h.dark = dark;
      h.acting_seat = 0;
      render (&plain, act_position, &h);
      h.has_hint = TRUE;
      h.hint = place;
      render (&hinted, act_position, &h);
      double x, y;
      cell_center (&hinted, place.q, place.r, &x, &y);
      double size = hinted.tr.size;
      g_assert_cmpint (count_in (&plain, x - size, y - size, x + size, y + size, violet), ==, 0);
      g_assert_cmpint (count_in (&hinted, x - size * 1.1, y - size * 1.1, x + size * 1.1, y + size * 1.1, violet), >, 40);
      /* the tile itself is there, but faded: the centre is neither the ground nor a full-colour leaf */
      int r0, g0, b0, r1, g1, b1;
      pixel (&plain, x + size * 0.3, y + size * 0.45, &r0, &g0, &b0);
      pixel (&hinted, x + size * 0.3, y + size * 0.45, &r1, &g1, &b1);
      g_assert_true (r0 != r1 || g0 != g1 || b0 != b1);
      picture_clear (&plain);
      picture_clear (&hinted);
    }
}

/* The hint in words, for each kind of move. */
static void
test_hint_words (void)
{
  g_autoptr (GError) error = NULL;
  const FallComponents *comps = fall_components_get (&error);
  FallState *s = g_new0 (FallState, 1);
  fall_state_init (s, comps, 3, NULL);
  FallMove take = { .kind = FALL_MOVE_TAKE, .arg = 1 };
  g_autofree char *col = fol_fall_tile_colours_words (comps, s->offer_tile[1]);
  g_autofree char *expect = g_strdup_printf ("Hint: take the second combination (the %s tile with %s).", col,
                                             fol_fall_token_with_article ((FallToken) s->offer_token[1]));
  static const char *const names[2] = { "Norma", "Hazel" };
  g_autofree char *words = fol_fall_describe_hint (s, &take, names, NULL);
  g_assert_cmpstr (words, ==, expect);

  g_assert_true (fall_position_parse (comps, act_position, s, &error));
  g_assert_no_error (error);
  int tile = s->hand_tile[0];
  g_autofree char *tcol = fol_fall_tile_colours_words (comps, tile);
  struct {
    FallMove m;
    const char *text;   /* @: the colours of the tile in hand */
  } cases[] = {
    /* places named by the tiles there (fol_fall_words_place()), never by coordinates */
    { { .kind = FALL_MOVE_PLACE, .arg = (uint8_t) tile, .q = 1, .r = 1 },
      "Hint: place the @ tile between the green Hoopoe tile and the red Mushroom tile (marked), turned as shown." },
    { { .kind = FALL_MOVE_PLACE, .arg = (uint8_t) tile, .q = 1, .r = 0 },
      "Hint: stack the @ tile on top of the red Mushroom tile (layer 2, marked), turned as shown; the Mushroom there goes back to the box." },
    { { .kind = FALL_MOVE_PLACE, .arg = (uint8_t) tile, .q = 0, .r = 1 },
      "Hint: stack the @ tile on top of the green Hoopoe tile (layer 2, marked), turned as shown; the Hoopoe there goes back to the box." },
    { { .kind = FALL_MOVE_DISCARD_TILE, .arg = (uint8_t) tile }, "Hint: the @ tile fits nowhere: discard it." },
    { { .kind = FALL_MOVE_TOKEN, .arg = FALL_FOX, .q = 0, .r = 1 }, "Hint: place a Fox on top of the green Hoopoe tile (marked)." },
    { { .kind = FALL_MOVE_TOKEN, .arg = FALL_MUSHROOM, .q = 0, .r = 1 },
      "Hint: place the Mushroom on top of the green Hoopoe tile (marked) and claim it with a marker." },
    { { .kind = FALL_MOVE_CLAIM, .q = 1, .r = 0 }, "Hint: claim the Mushroom on top of the red Mushroom tile (marked) with one of your markers." },
    { { .kind = FALL_MOVE_END }, "Hint: end your turn." },
    /* two of one kind: "two Hoopoes", never "a Hoopoe and a Hoopoe" */
    { { .kind = FALL_MOVE_END, .discard = { 0, 1, 2, 0 } }, "Hint: end your turn and put a Fox and two Hoopoes back in the box." },
    { { .kind = FALL_MOVE_END, .discard = { 0, 0, 2, 0 } }, "Hint: end your turn and put two Hoopoes back in the box." },
    { { .kind = FALL_MOVE_END, .discard = { 1, 1, 0, 1 } }, "Hint: end your turn and put a Mushroom, a Fox and a Robin back in the box." },
    { { .kind = FALL_MOVE_END, .discard = { 0, 3, 0, 0 } }, "Hint: end your turn and put 3 Fox tokens back in the box." },
    { { .kind = FALL_MOVE_END, .discard = { 0, 0, 0, 1 } }, "Hint: end your turn and put a Robin back in the box." },
  };
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GString) want = g_string_new (cases[i].text);
      g_string_replace (want, "@", tcol, 0);
      g_autofree char *got = fol_fall_describe_hint (s, &cases[i].m, names, NULL);
      g_assert_cmpstr (got, ==, want->str);
    }
  /* the claim is a legal move there, and so is placing the tile */
  FallMove claim = { .kind = FALL_MOVE_CLAIM, .q = 1, .r = 0 };
  g_assert_true (fall_check_move (s, &claim, NULL));
  /* no marker left: the Mushroom stays unclaimed */
  s->markers[0] = 0;
  g_autofree char *unclaimed = fol_fall_describe_hint (s, &cases[5].m, names, NULL);
  g_assert_cmpstr (unclaimed, ==, "Hint: place the Mushroom on top of the green Hoopoe tile (marked), unclaimed: no marker left.");
  /* the log line says the boxed tokens the same way as the hint */
  FallMove end2 = { .kind = FALL_MOVE_END, .discard = { 0, 0, 2, 0 } };
  g_autofree char *log2 = fol_fall_describe_move (s, &end2, names, NULL);
  g_assert_cmpstr (log2, ==, "Norma ended the turn and put two Hoopoes back in the box");
  FallMove end3 = { .kind = FALL_MOVE_END, .discard = { 0, 1, 2, 0 } };
  g_autofree char *log3 = fol_fall_describe_move (s, &end3, names, NULL);
  g_assert_cmpstr (log3, ==, "Norma ended the turn and put a Fox and two Hoopoes back in the box");
  g_free (s);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/fall-painter/edge-colours", test_edge_colours);
  g_test_add_func ("/fall-painter/layer-shading", test_layer_shading);
  g_test_add_func ("/fall-painter/tokens", test_tokens);
  g_test_add_func ("/fall-painter/markers", test_markers);
  g_test_add_func ("/fall-painter/card-markers", test_card_markers);
  g_test_add_func ("/fall-painter/held-count", test_held_count);
  g_test_add_func ("/fall-painter/ghost", test_ghost);
  g_test_add_func ("/fall-painter/hit-round-trip", test_hit_round_trip);
  g_test_add_func ("/fall-painter/zoom-keeps-point", test_zoom_keeps_point);
  g_test_add_func ("/fall-painter/png", test_png);
  g_test_add_func ("/fall-painter/score-lines", test_score_lines);
  g_test_add_func ("/fall-painter/words", test_words);
  g_test_add_func ("/fall-painter/hint-drawing", test_hint_drawing);
  g_test_add_func ("/fall-painter/hint-words", test_hint_words);
  return g_test_run ();
}
