/* fol-fall-painter.c: drawing a Fall position; see fol-fall-painter.h. */
#include "config.h"

#include <glib/gi18n.h>
#include <gio/gio.h>
#include <math.h>
#include <pango/pangocairo.h>
#include <string.h>

#include "fol-fall-painter.h"
#include "fol-fall-words.h"

#define SQRT3 1.7320508075688772

typedef struct {
  double r, g, b;
} Rgb;

/* Leaf colours (Okabe-Ito based), yellow red green; patterns tell them apart too. */
static const Rgb leaf_rgb[FALL_N_COLOURS] = {
  { 0.93, 0.78, 0.25 },
  { 0.84, 0.37, 0.10 },
  { 0.16, 0.60, 0.45 },
};
static const Rgb flower_rgb[FALL_N_FLOWERS + 1] = {
  { 0, 0, 0 },
  { 0.49, 0.25, 0.66 },   /* Autumn Crocus: violet, triangle */
  { 0.90, 0.62, 0.00 },   /* Daffodil: orange-yellow, circle */
  { 0.80, 0.20, 0.55 },   /* Cosmos: pink, star */
};
static const Rgb token_rgb[FALL_N_TOKEN_KINDS] = {
  { 0.55, 0.35, 0.22 },   /* Mushroom: brown */
  { 0.93, 0.48, 0.12 },   /* Fox: orange */
  { 0.85, 0.66, 0.42 },   /* Hoopoe: buff */
  { 0.75, 0.20, 0.18 },   /* Robin: red */
  { 0.42, 0.55, 0.14 },   /* Toad: olive */
};
static const Rgb seat_rgb[2] = {
  { 0.00, 0.45, 0.70 },   /* blue, square */
  { 0.13, 0.13, 0.13 },   /* black, circle */
};

static void
set_rgb (cairo_t *cr, Rgb c, double a)
{
  cairo_set_source_rgba (cr, c.r, c.g, c.b, a);
}

static const Rgb white = { 1, 1, 1 };

/* Strokes the current path twice and clears it: @under @under_w wide, then
 * @over @over_w wide on top (an outline ringed in another colour). */
static void
stroke_two (cairo_t *cr, Rgb under, double under_w, Rgb over, double over_w)
{
  set_rgb (cr, under, 1);
  cairo_set_line_width (cr, under_w);
  cairo_stroke_preserve (cr);
  set_rgb (cr, over, 1);
  cairo_set_line_width (cr, over_w);
  cairo_stroke (cr);
}

/* ---- highlights ---- */

void
fol_fall_highlights_init (FolFallHighlights *h)
{
  memset (h, 0, sizeof *h);
  h->acting_seat = -1;
  h->selected_offer = -1;
  h->selected_held = -1;
  h->ghost_tile = -1;
  h->ghost_discards = -1;
}

static void
add_mark (FolFallHighlights *h, int q, int r, FolFallMark kind)
{
  for (int i = 0; i < h->n_marks; i++)
    if (h->mark_cell[i].q == q && h->mark_cell[i].r == r)
      {
        if (kind == FOL_FALL_MARK_FITS || h->mark[i] == FOL_FALL_MARK_NONE)
          h->mark[i] = (guint8) kind;
        return;
      }
  if (h->n_marks >= FOL_FALL_MAX_MARKS)
    return;
  h->mark_cell[h->n_marks] = (FolHex) { q, r };
  h->mark[h->n_marks++] = (guint8) kind;
}

void
fol_fall_highlights_set_ghost (FolFallHighlights *h, const FallState *s, int tile, const FolHex *cell, int rot,
                               gboolean marks)
{
  h->n_marks = 0;
  h->ghost = tile >= 0;
  h->ghost_on_board = FALSE;
  h->ghost_tile = tile;
  h->ghost_rot = ((rot % 6) + 6) % 6;
  h->ghost_legal = FALSE;
  h->ghost_rule = 0;
  h->ghost_discards = -1;
  h->ghost_match_edges = 0;
  h->ghost_reason = NULL;
  if (tile < 0)
    return;
  const FallLeafTile *t = &s->comps->tile[tile];
  if (marks)
    {
      FallMove *list = g_new (FallMove, FALL_MAX_MOVES);
      int n = fall_legal_placements (s, tile, list);
      for (int i = 0; i < n; i++)
        add_mark (h, list[i].q, list[i].r, list[i].rot == h->ghost_rot ? FOL_FALL_MARK_FITS : FOL_FALL_MARK_FITS_OTHER);
      g_free (list);
    }
  if (!cell)
    return;
  h->ghost_on_board = TRUE;
  h->ghost_cell = *cell;
  FallMove m = { .kind = FALL_MOVE_PLACE, .arg = (uint8_t) tile, .rot = (uint8_t) h->ghost_rot,
                 .q = (int8_t) CLAMP (cell->q, -127, 127), .r = (int8_t) CLAMP (cell->r, -127, 127) };
  h->ghost_legal = ABS (cell->q) < 120 && ABS (cell->r) < 120 && fall_check_move (s, &m, &h->ghost_reason);
  int idx = fall_state_find (s, cell->q, cell->r);
  if (idx < 0)
    return;
  const FallCell *c = &s->cell[idx];
  for (int d = 0; d < 6; d++)
    if (c->emask & t->edge_mask[h->ghost_rot] & (7u << (3 * d)))
      h->ghost_match_edges |= (guint8) (1u << d);
  if (h->ghost_legal)
    {
      h->ghost_rule = h->ghost_match_edges ? 1 : 2;
      if (c->height && c->token != FALL_NO_TOKEN)
        h->ghost_discards = c->token;
    }
}

void
fol_fall_highlights_set_token (FolFallHighlights *h, const FallState *s, int token)
{
  h->n_marks = 0;
  if (token < 0)
    return;
  for (int i = 0; i < s->n_cells; i++)
    {
      const FallCell *c = &s->cell[i];
      if (!c->height)
        continue;
      FallMove m = { .kind = FALL_MOVE_TOKEN, .arg = (uint8_t) token, .q = c->q, .r = c->r };
      if (fall_check_move (s, &m, NULL))
        add_mark (h, c->q, c->r, FOL_FALL_MARK_TOKEN);
    }
}

void
fol_fall_highlights_mark_claims (FolFallHighlights *h, const FallState *s)
{
  for (int i = 0; i < s->n_cells; i++)
    {
      const FallCell *c = &s->cell[i];
      if (!c->height || c->token != FALL_MUSHROOM || c->marker >= 0)
        continue;
      FallMove m = { .kind = FALL_MOVE_CLAIM, .q = c->q, .r = c->r };
      if (fall_check_move (s, &m, NULL))
        add_mark (h, c->q, c->r, FOL_FALL_MARK_CLAIM);
    }
}

/* ---- layout and transform ---- */

static FolFallRect
rect (double x, double y, double w, double h)
{
  return (FolFallRect) { x, y, w, h };
}

static gboolean
in_rect (const FolFallRect *r, double x, double y)
{
  return x >= r->x && y >= r->y && x < r->x + r->width && y < r->y + r->height;
}

void
fol_fall_layout_compute (FolFallLayout *l, int width, int height, int viewer)
{
  memset (l, 0, sizeof *l);
  l->width = width;
  l->height = height;
  l->viewer = viewer;
  double w = width, h = height;
  l->unit = CLAMP (MIN (w, h) / 62.0, 8.5, 14.0);
  double u = l->unit, g = u * 0.6;
  double top_h = CLAMP (h * 0.19, 84, 150);
  double bottom_h = CLAMP (h * 0.19, 92, 160);
  if (top_h + bottom_h > h * 0.6)
    {
      top_h = h * 0.28;
      bottom_h = h * 0.3;
    }
  l->top = rect (0, 0, w, top_h);
  l->bottom = rect (0, h - bottom_h, w, bottom_h);
  l->board = rect (0, top_h, w, h - top_h - bottom_h);

  /* the offer: 4 slots; then the Season board with the week */
  double slot_h = top_h - 2 * g;
  double slot_w = MIN (slot_h * 1.25, (w - 340 - 7 * g) / 4.0);
  slot_w = MAX (slot_w, 50);
  for (int i = 0; i < FALL_OFFER; i++)
    l->offer_slot[i] = rect (g + i * (slot_w + g), g, slot_w, slot_h);
  double sx = g + FALL_OFFER * (slot_w + g) + g;
  l->season = rect (sx, g, MAX (w - sx - g, 60), slot_h);
  double cw = MIN (l->season.width / FALL_N_WEEKS, slot_h * 0.5);
  int per_row = FALL_N_WEEKS;
  if (cw < 24)
    {
      per_row = 6;
      cw = MIN (l->season.width / 6, slot_h * 0.32);
    }
  double cell_h = per_row == FALL_N_WEEKS ? MIN (cw * 1.25, slot_h * 0.48) : MIN (cw, slot_h * 0.32);
  double cy0 = l->season.y + u * 1.9;
  for (int i = 0; i < FALL_N_WEEKS; i++)
    l->season_week[i] = rect (l->season.x + (i % per_row) * cw, cy0 + (i / per_row) * (cell_h + 2), cw - 2, cell_h);

  /* the bottom: two seat panels, then the viewer's cards */
  double panel_w = MIN (w * 0.24, 270);
  if (viewer < 0)
    panel_w = MIN ((w - 3 * g) / 2, 360);
  double py = l->bottom.y + g, ph = bottom_h - 2 * g;
  /* the hand's two tiles sit at the right end; four held tokens fit beside
   * them (a fifth and sixth, which needs two Toad-free takes on top of two
   * kept, may run under them) */
  double ts = MIN (ph * 0.5, panel_w * 0.2);
  double hs = MIN (ph * 0.42, (panel_w - 2 * ts - 3 * g) / 4.0);
  for (int p = 0; p < 2; p++)
    {
      l->seat_panel[p] = rect (g + p * (panel_w + g), py, panel_w, ph);
      for (int i = 0; i < FOL_FALL_HELD_SLOTS; i++)
        l->held_slot[p][i] = rect (l->seat_panel[p].x + g * 0.7 + i * hs, py + ph - hs - g * 0.6, hs - 2, hs - 2);
      /* the hand: two tiles at the panel's right end, above the held tokens' row */
      for (int i = 0; i < 2; i++)
        l->hand_slot[p][i] = rect (l->seat_panel[p].x + panel_w - (2 - i) * (ts + 2) - g * 0.3,
                                   py + ph - ts - g * 0.4, ts, ts);
    }
  if (viewer >= 0)
    {
      double cx = g + 2 * (panel_w + g);
      double card_w = MIN ((w - cx - g) / 3 - g, 300);
      for (int k = 0; k < FALL_N_CARD_KINDS; k++)
        l->card[k] = rect (cx + k * (card_w + g), py, MAX (card_w, 10), ph);
    }
}

void
fol_fall_transform_fit (FolFallTransform *t, const FallState *s, const FolFallRect *area)
{
  fol_fall_transform_fit_room (t, s, area, 0);
}

void
fol_fall_transform_fit_room (FolFallTransform *t, const FallState *s, const FolFallRect *area, double room)
{
  double minx = 0, maxx = 0, miny = 0, maxy = 0;
  gboolean any = FALSE;
  for (int i = 0; i < s->n_cells; i++)
    {
      double x, y;
      fol_hex_to_pixel ((FolHex) { s->cell[i].q, s->cell[i].r }, 1.0, &x, &y);
      if (!any)
        {
          minx = maxx = x;
          miny = maxy = y;
          any = TRUE;
        }
      minx = MIN (minx, x);
      maxx = MAX (maxx, x);
      miny = MIN (miny, y);
      maxy = MAX (maxy, y);
    }
  /* hex extents at size 1: half width sqrt(3)/2, half height 1 */
  double ew = (maxx - minx) + SQRT3 + 0.3 + 2 * room * SQRT3, eh = (maxy - miny) + 2.0 + 0.3 + 2 * room * 1.5;
  double size = MIN (area->width / ew, area->height / eh);
  t->size = CLAMP (size, 8, 90);
  t->ox = area->x + area->width / 2 - t->size * (minx + maxx) / 2;
  t->oy = area->y + area->height / 2 - t->size * (miny + maxy) / 2;
}

void
fol_fall_transform_zoom (FolFallTransform *t, double factor, double x, double y)
{
  double size = CLAMP (t->size * factor, 8, 160);
  double f = size / t->size;
  t->ox = x - (x - t->ox) * f;
  t->oy = y - (y - t->oy) * f;
  t->size = size;
}

FolHex
fol_fall_transform_cell_at (const FolFallTransform *t, double x, double y)
{
  double px = (x - t->ox) / t->size, py = (y - t->oy) / t->size;
  double fq = (SQRT3 / 3 * px - py / 3), fr = 2.0 / 3 * py;
  double fs = -fq - fr;
  double rq = round (fq), rr = round (fr), rs = round (fs);
  double dq = fabs (rq - fq), dr = fabs (rr - fr), ds = fabs (rs - fs);
  if (dq > dr && dq > ds)
    rq = -rr - rs;
  else if (dr > ds)
    rr = -rq - rs;
  return (FolHex) { (int) rq, (int) rr };
}

void
fol_fall_transform_cell_center (const FolFallTransform *t, FolHex cell, double *x, double *y)
{
  fol_hex_to_pixel (cell, t->size, x, y);
  *x += t->ox;
  *y += t->oy;
}

FolFallHit
fol_fall_layout_hit (const FolFallLayout *l, double x, double y)
{
  FolFallHit hit = { FOL_FALL_HIT_NONE, -1, -1 };
  for (int i = 0; i < FALL_OFFER; i++)
    if (in_rect (&l->offer_slot[i], x, y))
      return (FolFallHit) { FOL_FALL_HIT_OFFER, -1, i };
  for (int i = 0; i < FALL_N_WEEKS; i++)
    if (in_rect (&l->season_week[i], x, y))
      return (FolFallHit) { FOL_FALL_HIT_SEASON, -1, i };
  for (int p = 0; p < 2; p++)
    for (int i = 0; i < 2; i++)
      if (in_rect (&l->hand_slot[p][i], x, y))
        return (FolFallHit) { FOL_FALL_HIT_HAND, p, i };
  for (int p = 0; p < 2; p++)
    for (int i = 0; i < FOL_FALL_HELD_SLOTS; i++)
      if (in_rect (&l->held_slot[p][i], x, y))
        return (FolFallHit) { FOL_FALL_HIT_HELD, p, i };
  if (l->viewer >= 0)
    for (int k = 0; k < FALL_N_CARD_KINDS; k++)
      if (in_rect (&l->card[k], x, y))
        return (FolFallHit) { FOL_FALL_HIT_CARD, l->viewer, k };
  if (in_rect (&l->board, x, y))
    hit.kind = FOL_FALL_HIT_BOARD;
  return hit;
}

int
fol_fall_held_token_at (const FallState *s, int seat, int slot)
{
  int n = 0;
  for (int k = 0; k < FALL_N_TOKEN_KINDS; k++)
    for (int i = 0; i < s->held[seat][k]; i++)
      if (n++ == slot)
        return k;
  return -1;
}

int
fol_fall_held_slot_of (const FallState *s, int seat, int token)
{
  int n = 0;
  for (int k = 0; k < FALL_N_TOKEN_KINDS; k++)
    {
      if (k == token && s->held[seat][k])
        return n;
      n += s->held[seat][k];
    }
  return -1;
}

/* ---- drawing helpers ---- */

static void
hex_path (cairo_t *cr, double cx, double cy, double size)
{
  for (int c = 0; c < 6; c++)
    {
      double x, y;
      fol_hex_corner_pixel (c, size, &x, &y);
      if (c == 0)
        cairo_move_to (cr, cx + x, cy + y);
      else
        cairo_line_to (cr, cx + x, cy + y);
    }
  cairo_close_path (cr);
}

static void
rounded_rect (cairo_t *cr, const FolFallRect *r, double rad)
{
  double x = r->x, y = r->y, w = r->width, h = r->height;
  rad = MIN (rad, MIN (w, h) / 2);
  cairo_new_sub_path (cr);
  cairo_arc (cr, x + w - rad, y + rad, rad, -G_PI / 2, 0);
  cairo_arc (cr, x + w - rad, y + h - rad, rad, 0, G_PI / 2);
  cairo_arc (cr, x + rad, y + h - rad, rad, G_PI / 2, G_PI);
  cairo_arc (cr, x + rad, y + rad, rad, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
}

/* Text in a box of width @w (wrapped; 0: no wrapping); @align 0 left, 1 centre, 2 right.
 * Returns the height used. */
static double
text (cairo_t *cr, const char *str, double x, double y, double w, double size, gboolean bold, int align)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *fd = pango_font_description_from_string ("Sans");
  pango_font_description_set_absolute_size (fd, size * PANGO_SCALE);
  pango_font_description_set_weight (fd, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
  pango_layout_set_font_description (layout, fd);
  if (w > 0)
    {
      pango_layout_set_width (layout, (int) (w * PANGO_SCALE));
      pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
      pango_layout_set_alignment (layout, align == 1 ? PANGO_ALIGN_CENTER : align == 2 ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT);
    }
  pango_layout_set_text (layout, str, -1);
  int pw, ph;
  pango_layout_get_pixel_size (layout, &pw, &ph);
  double tx = x;
  if (w <= 0 && align == 1)
    tx = x - pw / 2.0;
  else if (w <= 0 && align == 2)
    tx = x - pw;
  cairo_move_to (cr, tx, y);
  pango_cairo_show_layout (cr, layout);
  cairo_new_path (cr);
  pango_font_description_free (fd);
  g_object_unref (layout);
  return ph;
}

/* centred on (cx, cy) */
static void
text_centered (cairo_t *cr, const char *str, double cx, double cy, double size, gboolean bold)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *fd = pango_font_description_from_string ("Sans");
  pango_font_description_set_absolute_size (fd, MAX (size, 1) * PANGO_SCALE);
  pango_font_description_set_weight (fd, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
  pango_layout_set_font_description (layout, fd);
  pango_layout_set_text (layout, str, -1);
  PangoRectangle ink, logical;
  pango_layout_get_pixel_extents (layout, &ink, &logical);
  cairo_move_to (cr, cx - logical.width / 2.0, cy - logical.height / 2.0);
  pango_cairo_show_layout (cr, layout);
  cairo_new_path (cr);
  pango_font_description_free (fd);
  g_object_unref (layout);
}

/* The pattern over a leaf colour (red stripes, green dots; NULL for yellow),
 * made once per process and kept (transfer none). */
static cairo_pattern_t *
pattern_for (int colour)
{
  static cairo_pattern_t *cache[FALL_N_COLOURS];
  if (colour == FALL_YELLOW || colour < 0 || colour >= FALL_N_COLOURS)
    return NULL;
  if (cache[colour])
    return cache[colour];
  cairo_surface_t *surf = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 8, 8);
  cairo_t *pc = cairo_create (surf);
  cairo_set_source_rgba (pc, 0, 0, 0, 0.22);
  if (colour == FALL_RED)
    {
      /* diagonal stripes */
      cairo_set_line_width (pc, 1.6);
      cairo_move_to (pc, -2, 10);
      cairo_line_to (pc, 10, -2);
      cairo_move_to (pc, -2, 2);
      cairo_line_to (pc, 2, -2);
      cairo_move_to (pc, 6, 10);
      cairo_line_to (pc, 10, 6);
      cairo_stroke (pc);
    }
  else
    {
      /* dots */
      cairo_arc (pc, 2, 2, 1.1, 0, 2 * G_PI);
      cairo_arc (pc, 6, 6, 1.1, 0, 2 * G_PI);
      cairo_fill (pc);
    }
  cairo_destroy (pc);
  cairo_pattern_t *p = cairo_pattern_create_for_surface (surf);
  cairo_pattern_set_extend (p, CAIRO_EXTEND_REPEAT);
  cairo_surface_destroy (surf);
  cache[colour] = p;
  return p;
}

/* The outline of a token's shape. */
static void
token_path (cairo_t *cr, int token, double cx, double cy, double r)
{
  switch (token)
    {
    case FALL_MUSHROOM:
      cairo_new_sub_path (cr);
      cairo_arc (cr, cx, cy, r, 0, 2 * G_PI);
      break;
    case FALL_FOX:  /* a triangle pointing down, like a fox's head */
      cairo_move_to (cr, cx - r * 1.08, cy - r * 0.72);
      cairo_line_to (cr, cx + r * 1.08, cy - r * 0.72);
      cairo_line_to (cr, cx, cy + r * 1.05);
      cairo_close_path (cr);
      break;
    case FALL_HOOPOE:  /* a diamond */
      cairo_move_to (cr, cx, cy - r * 1.12);
      cairo_line_to (cr, cx + r * 1.05, cy);
      cairo_line_to (cr, cx, cy + r * 1.12);
      cairo_line_to (cr, cx - r * 1.05, cy);
      cairo_close_path (cr);
      break;
    case FALL_ROBIN:  /* a rounded square */
      {
        FolFallRect sq = { cx - r * 0.85, cy - r * 0.85, r * 1.7, r * 1.7 };
        rounded_rect (cr, &sq, r * 0.3);
        break;
      }
    default:  /* Toad: an octagon */
      for (int i = 0; i < 8; i++)
        {
          double a = G_PI / 8 + i * G_PI / 4;
          if (i == 0)
            cairo_move_to (cr, cx + r * cos (a), cy + r * sin (a));
          else
            cairo_line_to (cr, cx + r * cos (a), cy + r * sin (a));
        }
      cairo_close_path (cr);
      break;
    }
}

static const char *
token_letter (int token)
{
  /* Translators: one-letter marks drawn on the tokens: Mushroom, Fox, Hoopoe, Robin, Toad; keep them distinct */
  static const char *letters[] = { N_("M"), N_("F"), N_("H"), N_("R"), N_("T") };
  return token >= 0 && token < FALL_N_TOKEN_KINDS ? _(letters[token]) : "?";
}

/* An ellipse centred at (@x, @y), radii @rx, @ry, turned by @angle (a new sub-path). */
static void
ellipse (cairo_t *cr, double x, double y, double rx, double ry, double angle)
{
  cairo_save (cr);
  cairo_translate (cr, x, y);
  cairo_rotate (cr, angle);
  cairo_scale (cr, rx, ry);
  cairo_new_sub_path (cr);
  cairo_arc (cr, 0, 0, 1, 0, 2 * G_PI);
  cairo_restore (cr);
}

/* A closed polygon of @n points (x, y pairs) (a new sub-path). */
static void
polygon (cairo_t *cr, const double *pts, int n)
{
  cairo_move_to (cr, pts[0], pts[1]);
  for (int i = 1; i < n; i++)
    cairo_line_to (cr, pts[2 * i], pts[2 * i + 1]);
  cairo_close_path (cr);
}

/* The silhouette of a token's animal or mushroom (issue 12), filled with
 * the current source in a box of half-size @r centred at (@cx, @cy): a
 * fox's head with its ears, a hoopoe with its crest and long bill, a
 * plump robin, a squat toad seen from above, a mushroom.  Each piece is
 * filled on its own (pieces overlap). */
static void
paint_silhouette (cairo_t *cr, int token, double cx, double cy, double r)
{
  cairo_save (cr);
  cairo_translate (cr, cx, cy);
  cairo_scale (cr, r, r);
  switch (token)
    {
    case FALL_MUSHROOM:
      {
        /* the cap, then the stem */
        cairo_move_to (cr, -0.98, 0.02);
        cairo_curve_to (cr, -0.98, -0.6, -0.52, -0.9, 0, -0.9);
        cairo_curve_to (cr, 0.52, -0.9, 0.98, -0.6, 0.98, 0.02);
        cairo_curve_to (cr, 0.5, 0.12, -0.5, 0.12, -0.98, 0.02);
        cairo_close_path (cr);
        cairo_fill (cr);
        cairo_move_to (cr, -0.3, 0.05);
        cairo_line_to (cr, -0.36, 0.72);
        cairo_curve_to (cr, -0.36, 0.92, 0.36, 0.92, 0.36, 0.72);
        cairo_line_to (cr, 0.3, 0.05);
        cairo_close_path (cr);
        cairo_fill (cr);
        break;
      }
    case FALL_FOX:
      {
        /* a fox's head from the front: pointed ears, cheek tufts, the snout */
        static const double head[] = { 0, 0.88, -0.42, 0.32, -0.95, 0.02, -0.62, -0.28, -0.82, -0.98,
                                       -0.28, -0.56, 0.28, -0.56, 0.82, -0.98, 0.62, -0.28, 0.95, 0.02, 0.42, 0.32 };
        polygon (cr, head, G_N_ELEMENTS (head) / 2);
        cairo_fill (cr);
        break;
      }
    case FALL_HOOPOE:
      {
        /* facing left: the body sloping to the tail, the neck and head,
         * the long down-curved bill, the fan of the crest; white wing bars */
        ellipse (cr, 0.18, 0.28, 0.56, 0.3, 0.4);
        cairo_fill (cr);
        static const double neck[] = { -0.6, -0.12, -0.3, -0.4, 0.05, -0.02, -0.2, 0.3 };
        polygon (cr, neck, 4);
        cairo_fill (cr);
        ellipse (cr, -0.4, -0.2, 0.24, 0.22, 0);
        cairo_fill (cr);
        cairo_move_to (cr, -0.58, -0.28);
        cairo_curve_to (cr, -0.82, -0.22, -0.97, -0.02, -1.0, 0.22);
        cairo_curve_to (cr, -0.9, 0.04, -0.76, -0.1, -0.56, -0.13);
        cairo_close_path (cr);
        cairo_fill (cr);
        for (int i = 0; i < 5; i++)
          {
            double a = -2.1 + i * 0.36, len = i == 0 ? 0.52 : 0.7;
            double bx = -0.36, by = -0.3;
            cairo_move_to (cr, bx + 0.16 * cos (a - 1.5), by + 0.16 * sin (a - 1.5));
            cairo_line_to (cr, bx + len * cos (a), by + len * sin (a));
            cairo_line_to (cr, bx + 0.16 * cos (a + 1.5), by + 0.16 * sin (a + 1.5));
            cairo_close_path (cr);
            cairo_fill (cr);
          }
        static const double tail[] = { 0.55, 0.4, 1.0, 0.62, 0.94, 0.8, 0.48, 0.6 };
        polygon (cr, tail, 4);
        cairo_fill (cr);
        /* the wing bars, in the token's own colour */
        cairo_save (cr);
        cairo_set_source_rgb (cr, 0.85, 0.66, 0.42);
        cairo_set_line_width (cr, 0.08);
        for (int i = 0; i < 3; i++)
          {
            cairo_move_to (cr, 0.12 + i * 0.2, 0.12 + i * 0.08);
            cairo_line_to (cr, 0.0 + i * 0.2, 0.42 + i * 0.08);
          }
        cairo_stroke (cr);
        cairo_restore (cr);
        break;
      }
    case FALL_ROBIN:
      {
        /* a plump round body, the head, a short bill, the tail up, legs */
        ellipse (cr, 0.1, 0.16, 0.6, 0.55, 0);
        cairo_fill (cr);
        ellipse (cr, -0.3, -0.4, 0.36, 0.36, 0);
        cairo_fill (cr);
        static const double bill[] = { -0.6, -0.5, -0.98, -0.38, -0.6, -0.28 };
        polygon (cr, bill, 3);
        cairo_fill (cr);
        static const double tail[] = { 0.5, 0.02, 0.95, -0.42, 1.02, -0.2, 0.62, 0.36 };
        polygon (cr, tail, 4);
        cairo_fill (cr);
        cairo_rectangle (cr, -0.06, 0.62, 0.09, 0.32);
        cairo_rectangle (cr, 0.2, 0.62, 0.09, 0.32);
        cairo_fill (cr);
        break;
      }
    default:
      {
        /* a toad from above: a squat body, two eye bumps, bent legs */
        ellipse (cr, 0, 0.12, 0.62, 0.58, 0);
        cairo_fill (cr);
        ellipse (cr, -0.36, -0.42, 0.23, 0.21, 0);
        cairo_fill (cr);
        ellipse (cr, 0.36, -0.42, 0.23, 0.21, 0);
        cairo_fill (cr);
        for (int side = -1; side <= 1; side += 2)
          {
            double back[] = { side * 0.4, 0.35, side * 1.0, 0.5, side * 0.78, 0.95, side * 0.55, 0.72 };
            polygon (cr, back, 4);
            cairo_fill (cr);
            double front[] = { side * 0.45, -0.1, side * 0.98, -0.2, side * 0.95, 0.05, side * 0.5, 0.2 };
            polygon (cr, front, 4);
            cairo_fill (cr);
          }
        break;
      }
    }
  cairo_restore (cr);
}

/* Where a token's silhouette sits in its shape: centre offset and half-size, in units of r. */
static void
silhouette_box (int token, double *dy, double *k)
{
  switch (token)
    {
    case FALL_FOX: *dy = -0.3; *k = 0.62; break;     /* the triangle is wide at the top */
    case FALL_HOOPOE: *dy = 0.02; *k = 0.64; break;  /* the diamond's middle */
    case FALL_ROBIN: *dy = -0.02; *k = 0.66; break;
    case FALL_MUSHROOM: *dy = -0.04; *k = 0.68; break;
    default: *dy = 0; *k = 0.7; break;
    }
}

/* A letter in a small white badge centred at (@x, @y): a token's at its
 * lower right (the letter cue for colour-blind players), the question mark
 * of an unclaimed Mushroom. */
static void
letter_badge (cairo_t *cr, const char *letter, double x, double y, double br)
{
  cairo_new_sub_path (cr);
  cairo_arc (cr, x, y, br, 0, 2 * G_PI);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_fill_preserve (cr);
  cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
  cairo_set_line_width (cr, MAX (0.6, br * 0.14));
  cairo_stroke (cr);
  text_centered (cr, letter, x, y, br * 1.45, TRUE);
}

/* Whether a token's colour is light (a dark silhouette on it) or dark (a white one). */
static gboolean
token_is_light (int token)
{
  return token == FALL_FOX || token == FALL_HOOPOE;
}

/* A token; with @picture (and room) its silhouette and a letter badge,
 * else its letter alone (the Season board's small cells). */
static void
paint_token (cairo_t *cr, int token, double cx, double cy, double r, gboolean picture)
{
  cairo_save (cr);
  token_path (cr, token, cx, cy + (token == FALL_FOX ? -r * 0.1 : 0), r);
  set_rgb (cr, token_rgb[token], 1);
  cairo_fill_preserve (cr);
  stroke_two (cr, white, MAX (1.2, r * 0.14), (Rgb) { 0.1, 0.1, 0.1 }, MAX (0.6, r * 0.05));
  if (picture && r >= 9)
    {
      /* large enough for a picture: the animal's silhouette, and the letter in a badge */
      double dy, k;
      silhouette_box (token, &dy, &k);
      if (token_is_light (token))
        cairo_set_source_rgb (cr, 0.16, 0.1, 0.05);
      else
        cairo_set_source_rgb (cr, 1, 1, 1);
      paint_silhouette (cr, token, cx, cy + dy * r, k * r);
      letter_badge (cr, token_letter (token), cx + r * 0.8, cy + r * 0.74, MAX (4.5, r * 0.36));
    }
  else
    {
      if (token == FALL_HOOPOE)
        cairo_set_source_rgb (cr, 0.15, 0.1, 0.05);
      else
        cairo_set_source_rgb (cr, 1, 1, 1);
      text_centered (cr, token_letter (token), cx, cy - (token == FALL_FOX ? r * 0.18 : 0), r * 0.95, TRUE);
    }
  cairo_restore (cr);
}

void
fol_fall_paint_token (cairo_t *cr, int token, double cx, double cy, double r)
{
  paint_token (cr, token, cx, cy, r, TRUE);
}

double
fol_fall_paint_token_row (cairo_t *cr, const int *tokens, int n, const FolFallRect *area)
{
  /* a token's shape reaches about 1.12 r from its centre, its badge a little more */
  double r = MIN (area->height / 2.5, area->width / MAX (n, 1) / 2.6);
  double step = r * 2.6, x = area->x + step / 2, y = area->y + area->height / 2;
  for (int i = 0; i < n; i++, x += step)
    if (tokens[i] >= 0 && tokens[i] < FALL_N_TOKEN_KINDS)
      paint_token (cr, tokens[i], x, y, r, TRUE);
  return n * step;
}

/* A tile's icon: the hollow shape of the tokens it allows. */
static void
paint_icon (cairo_t *cr, int icon, double cx, double cy, double r)
{
  int token = icon == FALL_ICON_FOX ? FALL_FOX : icon == FALL_ICON_BIRD ? FALL_HOOPOE : FALL_MUSHROOM;
  cairo_save (cr);
  token_path (cr, token, cx, cy, r);
  cairo_set_source_rgba (cr, 1, 1, 1, 0.88);
  cairo_fill_preserve (cr);
  set_rgb (cr, token_rgb[token], 1);
  if (token == FALL_HOOPOE)
    cairo_set_source_rgb (cr, 0.25, 0.35, 0.6);
  cairo_set_line_width (cr, MAX (1, r * 0.18));
  cairo_stroke (cr);
  /* Translators: one-letter marks of the icons on Leaf tiles: Fox, Bird, Mushroom */
  const char *letter = icon == FALL_ICON_FOX ? C_("icon", "F") : icon == FALL_ICON_BIRD ? C_("icon", "B") : C_("icon", "M");
  cairo_set_source_rgb (cr, 0.15, 0.15, 0.15);
  text_centered (cr, letter, cx, cy - (token == FALL_FOX ? r * 0.2 : 0), r * 0.85, TRUE);
  cairo_restore (cr);
}

static void
flower_glyph (cairo_t *cr, int kind, double x, double y, double r)
{
  switch (kind)
    {
    case FALL_CROCUS:
      cairo_move_to (cr, x, y - r * 1.15);
      cairo_line_to (cr, x + r, y + r * 0.75);
      cairo_line_to (cr, x - r, y + r * 0.75);
      cairo_close_path (cr);
      break;
    case FALL_DAFFODIL:
      cairo_new_sub_path (cr);
      cairo_arc (cr, x, y, r * 0.95, 0, 2 * G_PI);
      break;
    default: /* Cosmos: a four-point star */
      for (int i = 0; i < 8; i++)
        {
          double a = -G_PI / 2 + i * G_PI / 4, rr = i % 2 ? r * 0.42 : r * 1.2;
          if (i == 0)
            cairo_move_to (cr, x + rr * cos (a), y + rr * sin (a));
          else
            cairo_line_to (cr, x + rr * cos (a), y + rr * sin (a));
        }
      cairo_close_path (cr);
      break;
    }
  set_rgb (cr, flower_rgb[kind], 1);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, 0.1, 0.1, 0.1, 0.85);
  cairo_set_line_width (cr, MAX (0.6, r * 0.18));
  cairo_stroke (cr);
  if (kind == FALL_DAFFODIL)
    {
      cairo_arc (cr, x, y, r * 0.4, 0, 2 * G_PI);
      cairo_set_source_rgb (cr, 0.85, 0.35, 0.0);
      cairo_fill (cr);
    }
}

void
fol_fall_paint_flower (cairo_t *cr, int kind, double cx, double cy, double r)
{
  cairo_save (cr);
  flower_glyph (cr, kind, cx, cy, r);
  cairo_restore (cr);
}

static void
corner_angle (int corner, double *a)
{
  *a = (30.0 + 60.0 * corner) * G_PI / 180.0;
}

void
fol_fall_paint_tile (cairo_t *cr, const FallComponents *comps, int tile, int rot, double cx, double cy,
                     double size, int height, gboolean dark)
{
  const FallLeafTile *t = &comps->tile[tile];
  cairo_save (cr);
  /* edges: the triangle from the centre to each edge in its colour */
  for (int d = 0; d < 6; d++)
    {
      int colour = t->edge[(d - rot + 12) % 6];
      double x0, y0, x1, y1;
      fol_hex_corner_pixel (d + 5, size, &x0, &y0);
      fol_hex_corner_pixel (d, size, &x1, &y1);
      cairo_move_to (cr, cx, cy);
      cairo_line_to (cr, cx + x0, cy + y0);
      cairo_line_to (cr, cx + x1, cy + y1);
      cairo_close_path (cr);
      set_rgb (cr, leaf_rgb[colour], 1);
      cairo_fill_preserve (cr);
      /* a hairline of the same colour hides the seam between two triangles */
      cairo_set_line_width (cr, 0.8);
      cairo_stroke_preserve (cr);
      cairo_pattern_t *p = pattern_for (colour);
      if (p)
        {
          cairo_set_source (cr, p);
          cairo_fill (cr);
        }
      else
        cairo_new_path (cr);
    }
  /* the split between two colours: a thin dark line through opposite corners */
  for (int d = 0; d < 6; d++)
    if (t->edge[(d - rot + 12) % 6] != t->edge[(d + 1 - rot + 12) % 6])
      {
        double x, y;
        fol_hex_corner_pixel (d, size, &x, &y);
        cairo_move_to (cr, cx, cy);
        cairo_line_to (cr, cx + x, cy + y);
      }
  cairo_set_source_rgba (cr, 0.2, 0.15, 0.1, 0.5);
  cairo_set_line_width (cr, MAX (0.8, size * 0.03));
  cairo_stroke (cr);

  /* flower segments: a pale sector at each corner with the flower's shape */
  for (int c = 0; c < 6; c++)
    {
      int kind = t->flower[(c - rot + 12) % 6];
      if (!kind)
        continue;
      double px, py, a;
      fol_hex_corner_pixel (c, size, &px, &py);
      corner_angle (c, &a);
      double back = a + G_PI, fr = size * 0.36;
      cairo_move_to (cr, cx + px, cy + py);
      cairo_arc (cr, cx + px, cy + py, fr, back - G_PI / 3, back + G_PI / 3);
      cairo_close_path (cr);
      cairo_set_source_rgba (cr, 1, 1, 1, 0.88);
      cairo_fill (cr);
      flower_glyph (cr, kind, cx + px + cos (back) * fr * 0.55, cy + py + sin (back) * fr * 0.55, size * 0.1);
    }

  /* icons */
  int icons[3], n_icons = 0;
  if (t->icons & FALL_ICON_FOX)
    icons[n_icons++] = FALL_ICON_FOX;
  if (t->icons & FALL_ICON_BIRD)
    icons[n_icons++] = FALL_ICON_BIRD;
  if (t->icons & FALL_ICON_MUSHROOM)
    icons[n_icons++] = FALL_ICON_MUSHROOM;
  for (int i = 0; i < n_icons; i++)
    paint_icon (cr, icons[i], cx + (n_icons == 2 ? (i ? 0.24 : -0.24) * size : 0), cy + size * 0.05, size * 0.2);

  /* the layer: a border getting heavier, and the number */
  hex_path (cr, cx, cy, size - (height >= 2 ? size * 0.04 : 0));
  if (height <= 1)
    {
      cairo_set_source_rgba (cr, 0.25, 0.2, 0.15, 0.8);
      cairo_set_line_width (cr, MAX (1, size * 0.035));
    }
  else if (height == 2)
    {
      cairo_set_source_rgb (cr, 0.25, 0.22, 0.2);
      cairo_set_line_width (cr, MAX (2, size * 0.09));
    }
  else
    {
      cairo_set_source_rgb (cr, 0.05, 0.05, 0.05);
      cairo_set_line_width (cr, MAX (3, size * 0.15));
    }
  cairo_stroke (cr);
  if (height >= 1 && tile != FALL_START_TILE)
    {
      double bx = cx - size * 0.6, by = cy - size * 0.02, br = size * 0.17;
      cairo_arc (cr, bx, by, br, 0, 2 * G_PI);
      if (height == 1)
        cairo_set_source_rgb (cr, 1, 1, 1);
      else if (height == 2)
        cairo_set_source_rgb (cr, 0.45, 0.45, 0.45);
      else
        cairo_set_source_rgb (cr, 0.05, 0.05, 0.05);
      cairo_fill_preserve (cr);
      cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
      cairo_set_line_width (cr, MAX (0.6, size * 0.02));
      cairo_stroke (cr);
      char num[4];
      g_snprintf (num, sizeof num, "%d", height);
      if (height == 1)
        cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
      else
        cairo_set_source_rgb (cr, 1, 1, 1);
      text_centered (cr, num, bx, by, br * 1.5, TRUE);
    }
  if (tile == FALL_START_TILE)
    {
      cairo_set_source_rgba (cr, 1, 1, 1, 0.9);
      cairo_arc (cr, cx, cy, size * 0.3, 0, 2 * G_PI);
      cairo_fill (cr);
      cairo_set_source_rgb (cr, 0.2, 0.2, 0.2);
      /* Translators: the mark of the starting tile (short) */
      text_centered (cr, C_("tile", "Start"), cx, cy, size * 0.17, TRUE);
    }
  (void) dark;
  cairo_restore (cr);
}

/* A marker; with @picture (and room) the Mushroom's silhouette on it, else
 * a plain disc or square (the seat's mark beside its name). */
static void
paint_marker (cairo_t *cr, int seat, double cx, double cy, double r, gboolean dark, gboolean picture)
{
  cairo_save (cr);
  /* seat 1 a square, seat 2 a circle, in the seat's colour */
  if (seat == 0)
    {
      FolFallRect sq = { cx - r, cy - r, 2 * r, 2 * r };
      rounded_rect (cr, &sq, r * 0.18);
    }
  else
    {
      cairo_new_sub_path (cr);
      cairo_arc (cr, cx, cy, r, 0, 2 * G_PI);
    }
  if (dark && seat == 1)
    /* on dark ground black stays black: blacker than the dark panels */
    cairo_set_source_rgb (cr, 0.02, 0.02, 0.02);
  else
    set_rgb (cr, seat_rgb[seat & 1], 1);
  cairo_fill_preserve (cr);
  if (dark)
    {
      /* a light outline keeps it apart from the dark ground (issue 12); the
       * small plain mark beside a name gets a bolder, whiter one, or it
       * reads faint on the dark card */
      double v = picture ? 0.85 : 0.95;
      cairo_set_source_rgb (cr, v, v, v);
      cairo_set_line_width (cr, picture ? MAX (1.2, r * 0.16) : MAX (2.0, r * 0.26));
      cairo_stroke (cr);
    }
  else
    {
      /* a dark line round a white ring: apart from the light ground and the leaves */
      stroke_two (cr, (Rgb) { 0.08, 0.08, 0.08 }, MAX (1.6, r * 0.22), white, MAX (0.9, r * 0.1));
    }
  if (picture && r >= 8)
    {
      /* a marker sits on a Mushroom: its silhouette in white */
      cairo_set_source_rgb (cr, 1, 1, 1);
      paint_silhouette (cr, FALL_MUSHROOM, cx, cy - r * 0.02, r * 0.6);
    }
  cairo_restore (cr);
}

void
fol_fall_paint_marker (cairo_t *cr, int seat, double cx, double cy, double r, gboolean dark)
{
  paint_marker (cr, seat, cx, cy, r, dark, TRUE);
}

/* Seat @seat's marker on the Mushroom of the cell centred at (@x, @y): it
 * covers the token, as on the table, at two thirds of the cell's height
 * (more than a third of a hexagon's width, issue 12). */
static void
paint_cell_marker (cairo_t *cr, int seat, double x, double y, double size, gboolean dark)
{
  fol_fall_paint_marker (cr, seat, x, y + size * 0.05, seat == 0 ? size * 0.36 : size * 0.38, dark);
}

const char *
fol_fall_seat_colour_words (int seat)
{
  /* Translators: the colour of a player's Mushroom markers */
  return seat == 0 ? _("blue") : _("black");
}

/* ---- the ecosystem ---- */

static void
dash (cairo_t *cr, double on)
{
  double d[2] = { on, on };
  cairo_set_dash (cr, d, 2, 0);
}

/* The token that stacking a tile on the cell centred at (@x, @y) would put
 * back in the box, crossed out at the cell's upper right. */
static void
paint_discard_badge (cairo_t *cr, int token, double x, double y, double size)
{
  double tx = x + size * 0.7, ty = y - size * 0.72, r = size * 0.28;
  cairo_arc (cr, tx, ty, r * 1.55, 0, 2 * G_PI);
  cairo_set_source_rgba (cr, 1, 1, 1, 0.95);
  cairo_fill_preserve (cr);
  cairo_set_source_rgb (cr, 0.85, 0.05, 0.05);
  cairo_set_line_width (cr, MAX (1.5, size * 0.05));
  cairo_stroke (cr);
  fol_fall_paint_token (cr, token, tx, ty, r);
  cairo_move_to (cr, tx - r * 1.2, ty - r * 1.2);
  cairo_line_to (cr, tx + r * 1.2, ty + r * 1.2);
  cairo_move_to (cr, tx + r * 1.2, ty - r * 1.2);
  cairo_line_to (cr, tx - r * 1.2, ty + r * 1.2);
  cairo_set_source_rgb (cr, 0.85, 0.05, 0.05);
  cairo_set_line_width (cr, MAX (2.5, size * 0.08));
  cairo_stroke (cr);
}

/* ---- the hint ---- */

/* The hint colour, violet as Indian Summer's hint (fol-summer-painter.c):
 * no other mark of the Fall board uses it. */
static Rgb
hint_rgb (gboolean dark)
{
  return dark ? (Rgb) { 0xC7 / 255.0, 0xA0 / 255.0, 0xFF / 255.0 } : (Rgb) { 0x7A / 255.0, 0x3F / 255.0, 0xC8 / 255.0 };
}

/* Whether @h has a hint to draw for the seat to move of @s. */
static gboolean
hint_shown (const FallState *s, const FolFallHighlights *h)
{
  return h && h->has_hint && h->acting_seat >= 0 && !fall_state_is_over (s)
         && fall_state_current_seat (s) == h->acting_seat;
}

/* Strokes the current path as a hint's outline: dashed, in the hint colour,
 * over a halo that keeps it readable on any tile (and apart from the other
 * marks for colour-blind players: none of them is dashed this way). */
static void
stroke_hint (cairo_t *cr, gboolean dark, double width)
{
  if (dark)
    cairo_set_source_rgba (cr, 0.08, 0.08, 0.08, 0.85);
  else
    cairo_set_source_rgba (cr, 1, 1, 1, 0.9);
  cairo_set_line_width (cr, width + 3);
  cairo_stroke_preserve (cr);
  double d[2] = { width * 2.4, width * 1.4 };
  cairo_set_dash (cr, d, 2, 0);
  set_rgb (cr, hint_rgb (dark), 1);
  cairo_set_line_width (cr, width);
  cairo_stroke (cr);
  cairo_set_dash (cr, NULL, 0, 0);
}

/* A dashed ring round @r: the combination or the tile in hand a hint uses. */
static void
hint_ring_rect (cairo_t *cr, const FolFallRect *r, double width, gboolean dark)
{
  double m = width * 0.6 + 1;
  FolFallRect o = { r->x - m, r->y - m, r->width + 2 * m, r->height + 2 * m };
  rounded_rect (cr, &o, 6 + m);
  stroke_hint (cr, dark, width);
}

/* The hint on the ecosystem, in two passes: @under draws the translucent
 * tile, token or marker (below the tile in the pointer), the other pass the
 * dashed outline on top of everything. */
static void
paint_hint_cell (cairo_t *cr, const FallState *s, const FolFallTransform *tr, const FolFallHighlights *h,
                 gboolean under)
{
  const FallMove *m = &h->hint;
  if (m->kind != FALL_MOVE_PLACE && m->kind != FALL_MOVE_TOKEN && m->kind != FALL_MOVE_CLAIM)
    return;
  gboolean dark = h->dark;
  double size = tr->size, x, y;
  fol_fall_transform_cell_center (tr, (FolHex) { m->q, m->r }, &x, &y);
  int idx = fall_state_find (s, m->q, m->r);
  int height = idx >= 0 ? s->cell[idx].height : 0;
  if (under)
    {
      if (m->kind == FALL_MOVE_PLACE)
        {
          /* a ground under the translucent tile: no mark shows through it,
           * and a stack below only faintly */
          double ground = height == 0 ? 1.0 : 0.7;
          hex_path (cr, x, y, size);
          if (dark)
            cairo_set_source_rgba (cr, 0.16, 0.17, 0.16, ground);
          else
            cairo_set_source_rgba (cr, 0.90, 0.88, 0.82, ground);
          cairo_fill (cr);
        }
      cairo_push_group (cr);
      if (m->kind == FALL_MOVE_PLACE)
        fol_fall_paint_tile (cr, s->comps, m->arg, m->rot, x, y, size, MIN (height + 1, FALL_MAX_HEIGHT), dark);
      else if (m->kind == FALL_MOVE_TOKEN)
        {
          fol_fall_paint_token (cr, m->arg, x, y + size * 0.05, size * 0.34);
          /* a Mushroom placed with a marker left is claimed at once */
          if (m->arg == FALL_MUSHROOM && s->markers[h->acting_seat] > 0)
            paint_cell_marker (cr, h->acting_seat, x, y, size, dark);
        }
      else
        paint_cell_marker (cr, h->acting_seat, x, y, size, dark);
      cairo_pop_group_to_source (cr);
      /* translucent: a tile not yet there, never mistaken for one placed */
      cairo_paint_with_alpha (cr, m->kind == FALL_MOVE_PLACE ? 0.55 : 0.7);
      if (m->kind == FALL_MOVE_PLACE)
        {
          hex_path (cr, x, y, size);
          set_rgb (cr, hint_rgb (dark), 0.12);
          cairo_fill (cr);
        }
      return;
    }
  double w = MAX (2.5, size * 0.09);
  if (m->kind == FALL_MOVE_PLACE)
    hex_path (cr, x, y, size * 0.95);
  else
    {
      cairo_new_sub_path (cr);
      cairo_arc (cr, x, y + size * 0.05, size * 0.62, 0, 2 * G_PI);
    }
  stroke_hint (cr, dark, w);
  /* stacking on a token: it goes back in the box (as for the tile in the pointer) */
  if (m->kind == FALL_MOVE_PLACE && height > 0 && s->cell[idx].token != FALL_NO_TOKEN)
    paint_discard_badge (cr, s->cell[idx].token, x, y, size);
}

/* ---- motion ---- */

/* The piece of @kind still moving into place on cell (@q, @r), or NULL. */
static const FolFallAnim *
anim_at (const FolFallHighlights *h, int q, int r, int kind)
{
  for (int i = 0; h && i < h->n_anim; i++)
    if (h->anim[i].kind == kind && h->anim[i].cell.q == q && h->anim[i].cell.r == r && h->anim[i].progress < 1)
      return &h->anim[i];
  return NULL;
}

/* Starts drawing a piece centred at (@x, @y) that is moving into place
 * (@a; NULL: in place, drawn directly): it falls from @rise pixels above,
 * @grow larger, and fades in.  end_arriving() paints it. */
static void
begin_arriving (cairo_t *cr, const FolFallAnim *a, double x, double y, double rise, double grow)
{
  if (!a)
    return;
  double p = CLAMP (a->progress, 0, 1);
  double e = 1 - (1 - p) * (1 - p) * (1 - p);   /* ease out */
  double sc = 1 + grow * (1 - e);
  cairo_push_group (cr);
  cairo_translate (cr, x, y - (1 - e) * rise);
  cairo_scale (cr, sc, sc);
  cairo_translate (cr, -x, -y);
}

static void
end_arriving (cairo_t *cr, const FolFallAnim *a)
{
  if (!a)
    return;
  cairo_pop_group_to_source (cr);
  cairo_paint_with_alpha (cr, CLAMP (a->progress * 2, 0, 1));
}

/* The stack height drawn at @c: the tile still coming is not there yet underneath. */
static int
shown_height (const FolFallHighlights *h, const FallCell *c)
{
  return c->height - (c->height && anim_at (h, c->q, c->r, FOL_FALL_ANIM_TILE) ? 1 : 0);
}

void
fol_fall_paint_ecosystem (cairo_t *cr, const FallState *s, const FolFallRect *area, const FolFallTransform *tr,
                          const FolFallHighlights *h)
{
  gboolean dark = h && h->dark;
  double size = tr->size;
  cairo_save (cr);
  cairo_rectangle (cr, area->x, area->y, area->width, area->height);
  cairo_clip (cr);
  if (dark)
    cairo_set_source_rgb (cr, 0.16, 0.17, 0.16);
  else
    cairo_set_source_rgb (cr, 0.90, 0.88, 0.82);
  cairo_paint (cr);

  /* empty cells next to tiles: where a tile may go */
  for (int i = 0; i < s->n_cells; i++)
    {
      const FallCell *c = &s->cell[i];
      if (c->height)
        continue;
      double x, y;
      fol_fall_transform_cell_center (tr, (FolHex) { c->q, c->r }, &x, &y);
      hex_path (cr, x, y, size * 0.96);
      if (dark)
        cairo_set_source_rgba (cr, 1, 1, 1, 0.12);
      else
        cairo_set_source_rgba (cr, 0.3, 0.25, 0.15, 0.2);
      cairo_set_line_width (cr, 1);
      dash (cr, 3);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
    }
  /* stacks: the lower layers peek out below the top tile */
  for (int i = 0; i < s->n_cells; i++)
    {
      const FallCell *c = &s->cell[i];
      int height = shown_height (h, c);
      if (height < 2)
        continue;
      double x, y;
      fol_fall_transform_cell_center (tr, (FolHex) { c->q, c->r }, &x, &y);
      for (int l = height - 1; l >= 1; l--)
        {
          hex_path (cr, x + l * size * 0.07, y + l * size * 0.09, size * 0.98);
          cairo_set_source_rgba (cr, 0.1, 0.08, 0.05, 0.45 + 0.15 * l);
          cairo_fill (cr);
        }
    }
  /* the tiles */
  for (int i = 0; i < s->n_cells; i++)
    {
      const FallCell *c = &s->cell[i];
      if (!c->height)
        continue;
      double x, y;
      fol_fall_transform_cell_center (tr, (FolHex) { c->q, c->r }, &x, &y);
      if (x < area->x - 2 * size || x > area->x + area->width + 2 * size || y < area->y - 2 * size
          || y > area->y + area->height + 2 * size)
        continue;
      const FolFallAnim *a = anim_at (h, c->q, c->r, FOL_FALL_ANIM_TILE);
      if (a && c->height >= 2)
        {
          /* the stack as it was, with the token the new tile puts back in the box */
          fol_fall_paint_tile (cr, s->comps, c->tile[c->height - 2], c->rot[c->height - 2], x, y, size, c->height - 1, dark);
          if (a->covered_token >= 0 && a->covered_token < FALL_N_TOKEN_KINDS)
            fol_fall_paint_token (cr, a->covered_token, x, y + size * 0.05, size * 0.34);
        }
      begin_arriving (cr, a, x, y, size * 0.6, 0.15);
      fol_fall_paint_tile (cr, s->comps, fall_cell_top (c), c->rot[c->height - 1], x, y, size, c->height, dark);
      end_arriving (cr, a);
    }
  /* complete Flowers: a ring round the vertex where the three segments meet */
  for (int i = 0; i < s->n_cells; i++)
    {
      const FallCell *c = &s->cell[i];
      if (!c->height)
        continue;
      for (int corner = 0; corner < 2; corner++)
        {
          int kind = fall_cell_flower (s, c, corner);
          uint8_t a = c->nb[corner], b = c->nb[corner + 1];
          if (!kind || a == FALL_NONE || b == FALL_NONE)
            continue;
          if (fall_cell_flower (s, &s->cell[a], corner + 2) != kind || fall_cell_flower (s, &s->cell[b], corner + 4) != kind)
            continue;
          double x, y, px, py;
          fol_fall_transform_cell_center (tr, (FolHex) { c->q, c->r }, &x, &y);
          fol_hex_corner_pixel (corner, size, &px, &py);
          cairo_arc (cr, x + px, y + py, size * 0.34, 0, 2 * G_PI);
          cairo_set_source_rgba (cr, 1, 1, 1, 0.95);
          cairo_fill_preserve (cr);
          stroke_two (cr, flower_rgb[kind], MAX (2, size * 0.08), (Rgb) { 0.1, 0.1, 0.1 }, 1);
          flower_glyph (cr, kind, x + px, y + py, size * 0.17);
        }
    }
  /* tokens and markers */
  for (int i = 0; i < s->n_cells; i++)
    {
      const FallCell *c = &s->cell[i];
      if (!c->height || c->token == FALL_NO_TOKEN)
        continue;
      double x, y;
      fol_fall_transform_cell_center (tr, (FolHex) { c->q, c->r }, &x, &y);
      /* a token coming with its tile comes with it, then settles */
      const FolFallAnim *a = anim_at (h, c->q, c->r, FOL_FALL_ANIM_TILE);
      if (!a)
        a = anim_at (h, c->q, c->r, FOL_FALL_ANIM_TOKEN);
      const FolFallAnim *am = anim_at (h, c->q, c->r, FOL_FALL_ANIM_MARKER);
      begin_arriving (cr, a, x, y, size * 0.6, 0.5);
      /* a claimed Mushroom: the marker covers it, as on the table */
      if (!(c->token == FALL_MUSHROOM && c->marker >= 0 && !am))
        fol_fall_paint_token (cr, c->token, x, y + size * 0.05, size * 0.34);
      begin_arriving (cr, am, x, y, size * 0.6, 0.5);
      if (c->token == FALL_MUSHROOM && c->marker >= 0)
        paint_cell_marker (cr, c->marker, x, y, size, dark);
      else if (c->token == FALL_MUSHROOM)
        {
          /* unclaimed: a question mark on a white badge at its upper right */
          letter_badge (cr, "?", x + size * 0.34, y - size * 0.3, MAX (4, size * 0.13));
        }
      end_arriving (cr, am);
      end_arriving (cr, a);
    }
  /* the last move */
  for (int i = 0; h && i < h->n_last; i++)
    {
      double x, y;
      fol_fall_transform_cell_center (tr, h->last_cells[i], &x, &y);
      hex_path (cr, x, y, size * 0.9);
      stroke_two (cr, (Rgb) { 0.1, 0.1, 0.1 }, MAX (4, size * 0.13), (Rgb) { 1.0, 0.85, 0.1 }, MAX (2, size * 0.07));
    }
  /* marks */
  for (int i = 0; h && i < h->n_marks; i++)
    {
      double x, y;
      fol_fall_transform_cell_center (tr, h->mark_cell[i], &x, &y);
      switch (h->mark[i])
        {
        case FOL_FALL_MARK_FITS:
        case FOL_FALL_MARK_FITS_OTHER:
          {
            /* empty cells are filled; on a stack only the outline, so the tile stays readable */
            int idx = fall_state_find (s, h->mark_cell[i].q, h->mark_cell[i].r);
            gboolean stack = idx >= 0 && s->cell[idx].height > 0;
            hex_path (cr, x, y, size * (stack ? 0.86 : 0.8));
            cairo_set_source_rgba (cr, 0.1, 0.75, 0.3, h->mark[i] == FOL_FALL_MARK_FITS && !stack ? 0.3 : 0.0);
            cairo_fill_preserve (cr);
            cairo_set_source_rgb (cr, 0.0, 0.5, 0.2);
            cairo_set_line_width (cr, h->mark[i] == FOL_FALL_MARK_FITS ? (stack ? MAX (3, size * 0.09) : 2.5) : 1.2);
          }
          if (h->mark[i] == FOL_FALL_MARK_FITS_OTHER)
            dash (cr, 4);
          cairo_stroke (cr);
          cairo_set_dash (cr, NULL, 0, 0);
          break;
        case FOL_FALL_MARK_TOKEN:
        case FOL_FALL_MARK_CLAIM:
          cairo_arc (cr, x, y + size * 0.05, size * 0.5, 0, 2 * G_PI);
          cairo_set_source_rgb (cr, 0.0, 0.35, 0.8);
          cairo_set_line_width (cr, MAX (2.5, size * 0.08));
          dash (cr, MAX (3, size * 0.12));
          cairo_stroke (cr);
          cairo_set_dash (cr, NULL, 0, 0);
          break;
        default:
          break;
        }
    }
  /* the hint lies under whatever the pointer holds */
  if (hint_shown (s, h))
    paint_hint_cell (cr, s, tr, h, TRUE);
  /* the tile in the pointer */
  if (h && h->ghost && h->ghost_on_board && h->ghost_tile >= 0)
    {
      double x, y;
      fol_fall_transform_cell_center (tr, h->ghost_cell, &x, &y);
      int idx = fall_state_find (s, h->ghost_cell.q, h->ghost_cell.r);
      int height = idx >= 0 ? s->cell[idx].height : 0;
      cairo_push_group (cr);
      fol_fall_paint_tile (cr, s->comps, h->ghost_tile, h->ghost_rot, x, y, size, MIN (height + 1, 3), dark);
      cairo_pop_group_to_source (cr);
      cairo_paint_with_alpha (cr, h->ghost_legal ? 0.92 : 0.55);
      /* the edges meeting the same colour */
      for (int d = 0; d < 6 && h->ghost_legal; d++)
        if (h->ghost_match_edges & (1u << d))
          {
            double x0, y0, x1, y1;
            fol_hex_corner_pixel (d + 5, size, &x0, &y0);
            fol_hex_corner_pixel (d, size, &x1, &y1);
            cairo_move_to (cr, x + x0 * 0.92, y + y0 * 0.92);
            cairo_line_to (cr, x + x1 * 0.92, y + y1 * 0.92);
          }
      cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_set_line_width (cr, MAX (3, size * 0.12));
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
      cairo_stroke (cr);
      hex_path (cr, x, y, size);
      if (h->ghost_legal)
        cairo_set_source_rgb (cr, 0.0, 0.6, 0.25);
      else
        cairo_set_source_rgb (cr, 0.85, 0.1, 0.1);
      cairo_set_line_width (cr, MAX (3, size * 0.1));
      if (!h->ghost_legal)
        dash (cr, MAX (4, size * 0.15));
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
      if (!h->ghost_legal)
        {
          double r = size * 0.3;
          cairo_move_to (cr, x - r, y - r);
          cairo_line_to (cr, x + r, y + r);
          cairo_move_to (cr, x + r, y - r);
          cairo_line_to (cr, x - r, y + r);
          cairo_set_source_rgb (cr, 0.85, 0.1, 0.1);
          cairo_set_line_width (cr, MAX (3, size * 0.1));
          cairo_stroke (cr);
        }
      if (h->ghost_discards >= 0)
        paint_discard_badge (cr, h->ghost_discards, x, y, size);
      if (h->ghost_legal && size >= 18)
        {
          /* Translators: the placement rule that allows the tile in the pointer (short, drawn on the board) */
          const char *rule = h->ghost_rule == 1 ? _("rule 1") : _("rule 2");
          cairo_set_source_rgb (cr, 0, 0, 0);
          FolFallRect bg = { x - size * 0.55, y + size * 0.52, size * 1.1, size * 0.34 };
          rounded_rect (cr, &bg, 3);
          cairo_set_source_rgba (cr, 0, 0.35, 0.12, 0.9);
          cairo_fill (cr);
          cairo_set_source_rgb (cr, 1, 1, 1);
          text_centered (cr, rule, x, y + size * 0.69, size * 0.22, TRUE);
        }
    }
  /* the keyboard cursor */
  if (h && h->has_cursor)
    {
      double x, y;
      fol_fall_transform_cell_center (tr, h->cursor, &x, &y);
      hex_path (cr, x, y, size * 1.02);
      cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_set_line_width (cr, 3);
      cairo_stroke_preserve (cr);
      cairo_set_source_rgb (cr, 0, 0, 0);
      cairo_set_line_width (cr, 1.5);
      dash (cr, 4);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
    }
  /* the hint's outline stays visible over the tile in the pointer */
  if (hint_shown (s, h))
    paint_hint_cell (cr, s, tr, h, FALSE);
  cairo_restore (cr);
}

/* ---- the strips ---- */

static void
panel_bg (cairo_t *cr, const FolFallRect *r, gboolean dark, gboolean accent)
{
  rounded_rect (cr, r, 6);
  if (dark)
    cairo_set_source_rgb (cr, 0.22, 0.22, 0.22);
  else
    cairo_set_source_rgb (cr, 1, 0.99, 0.96);
  cairo_fill_preserve (cr);
  if (accent)
    {
      cairo_set_source_rgb (cr, 0.1, 0.45, 0.85);
      cairo_set_line_width (cr, 3);
    }
  else
    {
      cairo_set_source_rgba (cr, 0.4, 0.35, 0.3, 0.6);
      cairo_set_line_width (cr, 1);
    }
  cairo_stroke (cr);
}

static void
fg (cairo_t *cr, gboolean dark, double a)
{
  if (dark)
    cairo_set_source_rgba (cr, 0.95, 0.95, 0.95, a);
  else
    cairo_set_source_rgba (cr, 0.12, 0.1, 0.08, a);
}

static const char *
seat_name (const FolFallHighlights *h, int seat, char *buf, size_t size)
{
  if (h && h->names[seat])
    return h->names[seat];
  g_snprintf (buf, size, _("Player %d"), seat + 1);
  return buf;
}

void
fol_fall_paint_card (cairo_t *cr, const FallCard *card, const FolFallRect *r, const int *vp, gboolean dark)
{
  static const Rgb kind_rgb[FALL_N_CARD_KINDS] = { { 0.49, 0.25, 0.66 }, { 0.93, 0.48, 0.12 }, { 0.25, 0.45, 0.75 } };
  cairo_save (cr);
  rounded_rect (cr, r, 6);
  cairo_clip_preserve (cr);
  if (!card)
    {
      cairo_set_source_rgb (cr, 0.35, 0.3, 0.25);
      cairo_fill (cr);
      cairo_set_source_rgb (cr, 1, 1, 1);
      text_centered (cr, _("hidden card"), r->x + r->width / 2, r->y + r->height / 2, MIN (r->height * 0.18, 13), TRUE);
      cairo_restore (cr);
      return;
    }
  if (dark)
    cairo_set_source_rgb (cr, 0.25, 0.25, 0.25);
  else
    cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_fill (cr);
  double band = MIN (r->height * 0.24, 22);
  cairo_rectangle (cr, r->x, r->y, r->width, band);
  set_rgb (cr, kind_rgb[card->kind], 1);
  cairo_fill (cr);
  double fs = CLAMP (band * 0.55, 7, 13);
  cairo_set_source_rgb (cr, 1, 1, 1);
  g_autofree char *title = g_strdup_printf ("%s %s", fol_fall_card_kind_words ((FallCardKind) card->kind), card->id);
  /* shrink a long (translated) title to one line */
  double tfs = MIN (fs, (r->width - 10) / (0.62 * MAX (1, g_utf8_strlen (title, -1))));
  text (cr, title, r->x + 5, r->y + (band - tfs * 1.3) / 2, 0, tfs, TRUE, 0);
  g_autofree char *desc = fol_fall_card_describe (card);
  fg (cr, dark, 1);
  double small = CLAMP (MIN (r->width / 17.0, (r->height - band) / 5.5), 7, 12);
  text (cr, desc, r->x + 5, r->y + band + 2, r->width - 10, small, FALSE, 0);
  if (vp)
    {
      /* Translators: the VP a scoring card would give if the game ended now */
      g_autofree char *now = g_strdup_printf (_("now %d VP"), *vp);
      FolFallRect bg = { r->x + r->width - fs * 6.2, r->y + r->height - fs * 1.9, fs * 6.2, fs * 1.9 };
      cairo_rectangle (cr, bg.x, bg.y, bg.width, bg.height);
      set_rgb (cr, kind_rgb[card->kind], 0.95);
      cairo_fill (cr);
      cairo_set_source_rgb (cr, 1, 1, 1);
      text_centered (cr, now, bg.x + bg.width / 2, bg.y + bg.height / 2, fs * 1.05, TRUE);
    }
  cairo_restore (cr);
  cairo_save (cr);
  rounded_rect (cr, r, 6);
  cairo_set_source_rgba (cr, 0.2, 0.2, 0.2, 0.7);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
  cairo_restore (cr);
}

static void
paint_top (cairo_t *cr, const FallState *s, const FolFallLayout *l, const FolFallHighlights *h)
{
  gboolean dark = h && h->dark;
  double u = l->unit;
  int acting = h ? h->acting_seat : -1;
  gboolean can_take = acting >= 0 && s->phase == FALL_PHASE_TAKE && fall_state_current_seat (s) == acting;
  for (int i = 0; i < FALL_OFFER; i++)
    {
      const FolFallRect *r = &l->offer_slot[i];
      gboolean taken = s->offer_tile[i] == FALL_NONE;
      panel_bg (cr, r, dark, !taken && (can_take || (h && h->selected_offer == i)));
      fg (cr, dark, 0.8);
      char num[8];
      g_snprintf (num, sizeof num, "%d", i + 1);
      text (cr, num, r->x + 5, r->y + 3, 0, u * 1.1, TRUE, 0);
      if (taken)
        {
          fg (cr, dark, 0.45);
          /* Translators: an empty place of the offer */
          text_centered (cr, _("taken"), r->x + r->width / 2, r->y + r->height / 2, u, FALSE);
          continue;
        }
      double size = MIN (r->height * 0.4, r->width * 0.3);
      fol_fall_paint_tile (cr, s->comps, s->offer_tile[i], 0, r->x + r->width * 0.38, r->y + r->height * 0.52, size, 0, dark);
      fol_fall_paint_token (cr, s->offer_token[i], r->x + r->width * 0.83, r->y + r->height * 0.52, size * 0.38);
      if (s->offer_token[i] == fall_state_blocked_token (s))
        {
          /* blocked this week: a slash */
          double tx = r->x + r->width * 0.83, ty = r->y + r->height * 0.52, rr = size * 0.5;
          cairo_move_to (cr, tx - rr, ty + rr);
          cairo_line_to (cr, tx + rr, ty - rr);
          cairo_set_source_rgb (cr, 0.8, 0.05, 0.05);
          cairo_set_line_width (cr, 2.5);
          cairo_stroke (cr);
        }
    }

  /* the combination a hint takes */
  if (hint_shown (s, h) && h->hint.kind == FALL_MOVE_TAKE && h->hint.arg < FALL_OFFER)
    hint_ring_rect (cr, &l->offer_slot[h->hint.arg], MAX (3, u * 0.3), dark);

  /* the week and the Season board */
  const FolFallRect *sr = &l->season;
  fg (cr, dark, 1);
  g_autofree char *week = s->phase == FALL_PHASE_OVER ? g_strdup (_("The game is over"))
                          : g_strdup_printf (_("Week %d of 12"), s->week);
  text (cr, week, sr->x, sr->y, 0, u * 1.2, TRUE, 0);
  int blocked_now = s->week - 1;
  for (int i = 0; i < FALL_N_WEEKS; i++)
    {
      const FolFallRect *r = &l->season_week[i];
      gboolean now = s->phase != FALL_PHASE_OVER && i == blocked_now;
      gboolean next = s->phase != FALL_PHASE_OVER && i == blocked_now + 1;
      gboolean past = s->phase == FALL_PHASE_OVER || i < blocked_now;
      rounded_rect (cr, r, 3);
      if (now)
        cairo_set_source_rgb (cr, 1.0, 0.9, 0.55);
      else if (dark)
        cairo_set_source_rgb (cr, 0.25, 0.25, 0.25);
      else
        cairo_set_source_rgb (cr, 0.97, 0.95, 0.9);
      cairo_fill_preserve (cr);
      cairo_set_source_rgba (cr, 0.2, 0.2, 0.2, now ? 1 : 0.5);
      cairo_set_line_width (cr, now ? 3 : 1);
      if (next)
        {
          dash (cr, 3);
          cairo_set_line_width (cr, 2);
        }
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
      char num[8];
      g_snprintf (num, sizeof num, "%d", i + 1);
      if (now)
        cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
      else
        fg (cr, dark, 0.75);
      text_centered (cr, num, r->x + r->width / 2, r->y + r->height * 0.2, MIN (u * 0.85, r->width * 0.4), now);
      int tok = s->comps->blocked[s->side][i];
      double tr = MIN (r->width * 0.3, r->height * 0.25);
      cairo_push_group (cr);
      paint_token (cr, tok, r->x + r->width / 2, r->y + r->height * 0.62, tr, FALSE);
      cairo_pop_group_to_source (cr);
      cairo_paint_with_alpha (cr, past && !now ? 0.35 : 1);
      if (now || next)
        {
          fg (cr, dark, 1);
          /* Translators: marks under the Season board: this week, next week (keep short) */
          text_centered (cr, now ? _("now") : _("next"), r->x + r->width / 2, r->y + r->height + u * 0.7, u * 0.8, TRUE);
        }
    }
  int tiles_left = 0;
  for (int i = 0; i < FALL_N_STACKS; i++)
    tiles_left += s->n_stack[i];
  int weeks_left = FALL_N_WEEKS - s->week;
  g_autofree char *left = g_strdup_printf (_("Season board side %c: the token that may not be placed each week. "
                                             "Tiles left: %d (%d more weeks) · Tokens in the bag: %d"),
                                           s->side ? 'B' : 'A', tiles_left, MAX (weeks_left, 0), s->n_bag);
  const FolFallRect *last = &l->season_week[FALL_N_WEEKS - 1];
  fg (cr, dark, 0.85);
  text (cr, left, sr->x, last->y + last->height + u * 1.5, sr->width, u * 0.9, FALSE, 0);
}

static void
paint_bottom (cairo_t *cr, const FallState *s, const FolFallLayout *l, const FolFallHighlights *h)
{
  gboolean dark = h && h->dark;
  double u = l->unit;
  int current = s->phase == FALL_PHASE_OVER ? -1 : fall_state_current_seat (s);
  FallToken blocked = fall_state_blocked_token (s);
  for (int p = 0; p < 2; p++)
    {
      const FolFallRect *r = &l->seat_panel[p];
      panel_bg (cr, r, dark, p == current);
      char buf[32];
      const char *name = seat_name (h, p, buf, sizeof buf);
      /* the seat's mark: its marker's colour and shape, plain */
      paint_marker (cr, p, r->x + u * 1.1, r->y + u * 1.2, u * 0.7, dark, FALSE);
      fg (cr, dark, 1);
      int winner = -2;
      if (s->phase == FALL_PHASE_OVER && l->viewer < 0)
        {
          FallScore both[2];
          winner = fall_result (s, both);
        }
      g_autofree char *title = p == current ? g_strdup_printf (_("%s — to play"), name)
                               : winner == p ? g_strdup_printf (_("%s — wins"), name)
                               : winner == -1 ? g_strdup_printf (_("%s — shared win"), name)
                               : g_strdup (name);
      text (cr, title, r->x + u * 2.1, r->y + u * 0.4, r->width - u * 2.5, u * 1.05, TRUE, 0);
      if (s->phase == FALL_PHASE_OVER && l->viewer < 0)
        {
          /* the end: the cards revealed with what they gave */
          FallScore sc;
          fall_score_seat (s, NULL, p, false, &sc);
          int part_vp[3] = { sc.flowers, sc.foxes, sc.birds };
          double ly = r->y + u * 2.0;
          fg (cr, dark, 0.9);
          for (int k = 0; k < FALL_N_CARD_KINDS; k++)
            {
              uint8_t ci = s->card[p][k];
              g_autofree char *line = ci == FALL_NONE
                ? g_strdup_printf ("%s: %s", fol_fall_card_kind_words ((FallCardKind) k), _("hidden card"))
                /* Translators: the end of the game: a card and what it gave ("Fox card F2: 15 VP") */
                : g_strdup_printf (_("%s %s: %d VP"), fol_fall_card_kind_words ((FallCardKind) k), s->comps->card[ci].id,
                                   part_vp[k]);
              ly += text (cr, line, r->x + u * 0.6, ly, r->width - u, u * 0.85, FALSE, 0);
            }
          g_autofree char *mush = g_strdup_printf (_("Mushrooms: %d VP"), sc.mushrooms);
          ly += text (cr, mush, r->x + u * 0.6, ly, r->width - u, u * 0.85, FALSE, 0);
          g_autofree char *total = g_strdup_printf (_("Total: %d VP"), sc.total);
          text (cr, total, r->x + u * 0.6, ly, r->width - u, u * 0.95, TRUE, 0);
          continue;
        }
      g_autofree char *markers = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d %s marker left", "%d %s markers left",
                                                                  s->markers[p]),
                                                     s->markers[p], fol_fall_seat_colour_words (p));
      fg (cr, dark, 0.8);
      double ly = r->y + u * 2.0;
      ly += text (cr, markers, r->x + u * 0.6, ly, r->width - u, u * 0.85, FALSE, 0);
      int n_held = fol_fall_held_count (s, p);
      if (n_held > 0)
        {
          /* the count in words beside the icons: "2 set aside" */
          g_autofree char *aside = fol_fall_held_count_words (s, p);
          text (cr, aside, r->x + u * 0.6, ly, r->width - u, u * 0.85, FALSE, 0);
        }
      if (n_held == 0)
        {
          fg (cr, dark, 0.5);
          text (cr, _("no tokens set aside"), r->x + u * 0.6, l->held_slot[p][0].y + l->held_slot[p][0].height / 2 - u * 0.6,
                r->width - u, u * 0.85, FALSE, 0);
        }
      for (int i = 0; i < FOL_FALL_HELD_SLOTS; i++)
        {
          int tok = fol_fall_held_token_at (s, p, i);
          if (tok < 0)
            break;
          const FolFallRect *hr = &l->held_slot[p][i];
          double cx = hr->x + hr->width / 2, cy = hr->y + hr->height / 2, rr = hr->width * 0.36;
          if (h && h->acting_seat == p && h->selected_held == i)
            {
              cairo_arc (cr, cx, cy, hr->width * 0.52, 0, 2 * G_PI);
              cairo_set_source_rgb (cr, 0.1, 0.45, 0.85);
              cairo_fill (cr);
            }
          fol_fall_paint_token (cr, tok, cx, cy, rr);
          if (tok == (int) blocked && s->phase != FALL_PHASE_OVER)
            {
              cairo_move_to (cr, cx - rr, cy + rr);
              cairo_line_to (cr, cx + rr, cy - rr);
              cairo_set_source_rgb (cr, 0.8, 0.05, 0.05);
              cairo_set_line_width (cr, 2);
              cairo_stroke (cr);
            }
        }
      if (p == current && s->n_hand_tiles)
        {
          /* the tiles taken this turn and not yet placed; the one in the pointer faded */
          for (int i = 0; i < s->n_hand_tiles && i < 2; i++)
            {
              const FolFallRect *hr = &l->hand_slot[p][i];
              gboolean lifted = h && h->ghost && h->ghost_tile == s->hand_tile[i] && (i == 0 || s->hand_tile[0] != s->hand_tile[1]);
              cairo_push_group (cr);
              fol_fall_paint_tile (cr, s->comps, s->hand_tile[i], lifted ? h->ghost_rot : 0, hr->x + hr->width / 2,
                                   hr->y + hr->height / 2, hr->width * 0.5, 0, dark);
              cairo_pop_group_to_source (cr);
              cairo_paint_with_alpha (cr, lifted ? 0.35 : 1);
            }
          fg (cr, dark, 0.7);
          /* Translators: above the tiles taken this turn and not yet placed (short) */
          text (cr, _("to place"), l->hand_slot[p][0].x, l->hand_slot[p][0].y - u * 1.1, 0, u * 0.8, FALSE, 0);
        }
      /* what a hint uses: the tile in hand, or the set-aside token */
      if (p == current && hint_shown (s, h))
        {
          const FallMove *m = &h->hint;
          if (m->kind == FALL_MOVE_PLACE || m->kind == FALL_MOVE_DISCARD_TILE)
            {
              for (int i = 0; i < s->n_hand_tiles && i < 2; i++)
                if (s->hand_tile[i] == m->arg)
                  {
                    hint_ring_rect (cr, &l->hand_slot[p][i], MAX (2.5, u * 0.22), dark);
                    break;
                  }
            }
          else if (m->kind == FALL_MOVE_TOKEN)
            {
              int slot = fol_fall_held_slot_of (s, p, m->arg);
              if (slot >= 0 && slot < FOL_FALL_HELD_SLOTS)
                {
                  const FolFallRect *hr = &l->held_slot[p][slot];
                  cairo_new_sub_path (cr);
                  cairo_arc (cr, hr->x + hr->width / 2, hr->y + hr->height / 2, hr->width * 0.62, 0, 2 * G_PI);
                  stroke_hint (cr, dark, MAX (2, u * 0.2));
                }
            }
        }
    }
  /* the viewer's cards */
  if (l->viewer >= 0)
    {
      FallTally t;
      fall_tally (s, &t);
      for (int k = 0; k < FALL_N_CARD_KINDS; k++)
        {
          uint8_t ci = s->card[l->viewer][k];
          const FallCard *card = ci == FALL_NONE ? NULL : &s->comps->card[ci];
          int vp = card ? fall_card_score (card, &t, NULL) : 0;
          fol_fall_paint_card (cr, card, &l->card[k], card ? &vp : NULL, dark);
        }
    }
}

void
fol_fall_paint (cairo_t *cr, const FallState *s, const FolFallLayout *l, const FolFallTransform *t,
                const FolFallHighlights *h)
{
  cairo_save (cr);
  if (h && h->dark)
    cairo_set_source_rgb (cr, 0.12, 0.12, 0.12);
  else
    cairo_set_source_rgb (cr, 0.96, 0.94, 0.89);
  cairo_paint (cr);
  fol_fall_paint_ecosystem (cr, s, &l->board, t, h);
  paint_top (cr, s, l, h);
  paint_bottom (cr, s, l, h);
  cairo_restore (cr);
}

gboolean
fol_fall_render_png (const FallState *state, int viewer, int width, int height, gboolean dark, const char *path,
                     GError **error)
{
  FolFallLayout l;
  FolFallTransform t;
  FolFallHighlights h;
  fol_fall_layout_compute (&l, width, height, viewer);
  fol_fall_transform_fit (&t, state, &l.board);
  fol_fall_highlights_init (&h);
  h.dark = dark;
  cairo_surface_t *surf = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create (surf);
  fol_fall_paint (cr, state, &l, &t, &h);
  cairo_destroy (cr);
  cairo_status_t st = cairo_surface_write_to_png (surf, path);
  cairo_surface_destroy (surf);
  if (st != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "%s: %s", path, cairo_status_to_string (st));
      return FALSE;
    }
  return TRUE;
}
