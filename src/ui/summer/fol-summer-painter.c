/* fol-summer-painter.c: drawing an Indian Summer position with Cairo
 * (see fol-summer-painter.h). */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>
#include <pango/pangocairo.h>

#include "fol-summer-painter.h"
#include "summer-notation.h"

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

/* ------------------------------------------------------------------ */
/* Palette: a calm autumn one, light and dark                          */

typedef struct {
  double r, g, b;
} Rgb;

typedef struct {
  Rgb bg, panel, panel_edge, text, text_dim, accent;
  Rgb floor[SUMMER_N_AREAS];
  Rgb grid, area_edge;
  Rgb leaf[SUMMER_N_COLOURS], leaf_edge[SUMMER_N_COLOURS], leaf_vein[SUMMER_N_COLOURS];
  Rgb hole_rim;
  Rgb token, token_edge;
  Rgb squirrel, squirrel_fg;
  Rgb animal, animal_edge, animal_fg;
  Rgb treasure[SUMMER_N_TREASURES], treasure_dark[SUMMER_N_TREASURES];
  Rgb legal, illegal, gain, complete, last;
  Rgb hint;
  Rgb slot;
} Palette;

#define RGB(hex) { ((hex) >> 16 & 0xff) / 255.0, ((hex) >> 8 & 0xff) / 255.0, ((hex) & 0xff) / 255.0 }

static const Palette light_palette = {
  .bg = RGB (0xEFE6D6), .panel = RGB (0xFAF5EB), .panel_edge = RGB (0xD8CBB3),
  .text = RGB (0x3A2E22), .text_dim = RGB (0x7C6A55), .accent = RGB (0xB5562B),
  .floor = { RGB (0xD2C39A), RGB (0xC8C095), RGB (0xD4BE95), RGB (0xC9BF98), RGB (0xD3C29C), RGB (0xC5BD93) },
  .grid = RGB (0x8E7A55), .area_edge = RGB (0x5A4632),
  .leaf = { RGB (0x7FA243), RGB (0xE2B13A), RGB (0xC8532F) },
  .leaf_edge = { RGB (0x46621E), RGB (0x92681A), RGB (0x7C2A14) },
  .leaf_vein = { RGB (0xA9C56F), RGB (0xF3D27A), RGB (0xE2866A) },
  .hole_rim = RGB (0x3C2E1E),
  .token = RGB (0xFBF4E4), .token_edge = RGB (0x7A6240),
  .squirrel = RGB (0xA85B2E), .squirrel_fg = RGB (0xFBEBD3),
  .animal = RGB (0x8D7E6E), .animal_edge = RGB (0x4E4337), .animal_fg = RGB (0xEDE4D6),
  .treasure = { RGB (0x3E5CB8), RGB (0xB9772F), RGB (0xC73A2C), RGB (0x24897E) },
  .treasure_dark = { RGB (0x1F2F6B), RGB (0x5E3A15), RGB (0x6E1A12), RGB (0x123F3A) },
  .legal = RGB (0x2E9B4F), .illegal = RGB (0xD23A2A), .gain = RGB (0xF2C230), .complete = RGB (0xF6D55C),
  .last = RGB (0x2F7FD0),
  .hint = RGB (0x7A3FC8),
  .slot = RGB (0xE8DDC8),
};

static const Palette dark_palette = {
  .bg = RGB (0x1E1B17), .panel = RGB (0x2A2621), .panel_edge = RGB (0x453D33),
  .text = RGB (0xEFE5D3), .text_dim = RGB (0xAD9E88), .accent = RGB (0xE08A55),
  .floor = { RGB (0x5E5340), RGB (0x57533D), RGB (0x5F513E), RGB (0x58523F), RGB (0x5D5241), RGB (0x55523D) },
  .grid = RGB (0x2F291F), .area_edge = RGB (0x9C8A68),
  .leaf = { RGB (0x6E913A), RGB (0xC99C32), RGB (0xB44A2A) },
  .leaf_edge = { RGB (0x2D4012), RGB (0x5E430E), RGB (0x55190A) },
  .leaf_vein = { RGB (0x93B25A), RGB (0xE2BF63), RGB (0xD27355) },
  .hole_rim = RGB (0x0F0C08),
  .token = RGB (0xEDE3CE), .token_edge = RGB (0x3A2E1E),
  .squirrel = RGB (0xB86A3A), .squirrel_fg = RGB (0xFBEBD3),
  .animal = RGB (0x7C6F62), .animal_edge = RGB (0x2A241D), .animal_fg = RGB (0xEDE4D6),
  .treasure = { RGB (0x5A78D6), RGB (0xC98A42), RGB (0xD9483A), RGB (0x2FA597) },
  .treasure_dark = { RGB (0x1F2F6B), RGB (0x5E3A15), RGB (0x6E1A12), RGB (0x123F3A) },
  .legal = RGB (0x46C46B), .illegal = RGB (0xF0553F), .gain = RGB (0xF6CB3E), .complete = RGB (0xF6D55C),
  .last = RGB (0x5FA8F0),
  .hint = RGB (0xC7A0FF),
  .slot = RGB (0x37322B),
};

static void
set_rgb (cairo_t *cr, Rgb c)
{
  cairo_set_source_rgb (cr, c.r, c.g, c.b);
}

static void
set_rgba (cairo_t *cr, Rgb c, double a)
{
  cairo_set_source_rgba (cr, c.r, c.g, c.b, a);
}

static Rgb
mix (Rgb a, Rgb b, double t)
{
  Rgb c = { a.r + (b.r - a.r) * t, a.g + (b.g - a.g) * t, a.b + (b.b - a.b) * t };
  return c;
}

/* ------------------------------------------------------------------ */
/* Small geometry helpers                                              */

static FolRect
rect (double x, double y, double w, double h)
{
  FolRect r = { x, y, w, h };
  return r;
}

static gboolean
rect_contains (const FolRect *r, double x, double y)
{
  return r->width > 0 && x >= r->x && x < r->x + r->width && y >= r->y && y < r->y + r->height;
}

static void
rounded_rect (cairo_t *cr, double x, double y, double w, double h, double r)
{
  r = MIN (r, MIN (w, h) / 2);
  cairo_new_sub_path (cr);
  cairo_arc (cr, x + w - r, y + r, r, -M_PI / 2, 0);
  cairo_arc (cr, x + w - r, y + h - r, r, 0, M_PI / 2);
  cairo_arc (cr, x + r, y + h - r, r, M_PI / 2, M_PI);
  cairo_arc (cr, x + r, y + r, r, M_PI, 3 * M_PI / 2);
  cairo_close_path (cr);
}

/* Draws what follows into a group clipped to (x, y, w, h), so the
 * intermediate surface stays small; end_alpha() paints it with an alpha. */
static void
begin_alpha (cairo_t *cr, double x, double y, double w, double h)
{
  cairo_save (cr);
  cairo_rectangle (cr, floor (x), floor (y), ceil (w) + 2, ceil (h) + 2);
  cairo_clip (cr);
  cairo_push_group (cr);
}

static void
end_alpha (cairo_t *cr, double alpha)
{
  cairo_pop_group_to_source (cr);
  cairo_paint_with_alpha (cr, alpha);
  cairo_restore (cr);
}

static const SummerComponents *
comp (void)
{
  return summer_components ();
}

/* The orientation of an Animal tile shown in the supply: the flattest one. */
static const FolOrientation *
display_orientation (const FolOrientationSet *set)
{
  const FolOrientation *best = &set->o[0];
  for (int k = 1; k < set->n; k++)
    if (set->o[k].height < best->height
        || (set->o[k].height == best->height && set->o[k].width > best->width))
      best = &set->o[k];
  return best;
}

/* A Path slot, in cells of the tile drawn in it (issue 11): room for a box
 * of SLOT_BOX_W x SLOT_BOX_H cells and a margin.  Every Leaf tile fits such
 * a box in some orientation except the straight five, which is drawn with
 * cells 4/5 as large; slots this compact let the Paths' tiles be drawn larger. */
#define SLOT_BOX_W 4
#define SLOT_BOX_H 3
#define SLOT_W 4.6                      /* slot width */
#define SLOT_H 3.5                      /* slot height */
#define SLOT_STEP 4.95                  /* from one slot to the next in a row */
#define ROW_UNITS(n) ((n) * SLOT_STEP - (SLOT_STEP - SLOT_W))   /* width of a row of n slots */

/* The orientation of a Leaf tile shown in a slot: the flattest one that
 * fits the slot's box (the widest of those), and the scale of its cells. */
static const FolOrientation *
slot_orientation (const FolOrientationSet *set, double *scale)
{
  const FolOrientation *best = NULL;
  for (int k = 0; k < set->n; k++)
    {
      const FolOrientation *o = &set->o[k];
      if (o->width > SLOT_BOX_W || o->height > SLOT_BOX_H)
        continue;
      if (!best || o->height < best->height || (o->height == best->height && o->width > best->width))
        best = o;
    }
  if (best)
    {
      *scale = 1.0;
      return best;
    }
  best = display_orientation (set);
  *scale = MIN ((double) SLOT_BOX_W / best->width, (double) SLOT_BOX_H / best->height);
  return best;
}

/* ------------------------------------------------------------------ */
/* Text                                                                */

typedef enum { ALIGN_LEFT, ALIGN_CENTER, ALIGN_RIGHT } Align;

/* Draws @text with its top at @y; returns its width. */
static double
draw_text (cairo_t *cr, const char *text, double x, double y, double px, gboolean bold, Align align, Rgb colour,
           double max_width)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *fd = pango_font_description_from_string ("Cantarell, Noto Sans, DejaVu Sans, Sans");
  pango_font_description_set_absolute_size (fd, MAX (px, 4.0) * PANGO_SCALE);
  pango_font_description_set_weight (fd, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
  pango_layout_set_font_description (layout, fd);
  pango_layout_set_text (layout, text, -1);
  if (max_width > 0)
    {
      pango_layout_set_width (layout, (int) (max_width * PANGO_SCALE));
      pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
    }
  int w, h;
  pango_layout_get_pixel_size (layout, &w, &h);
  double dx = align == ALIGN_LEFT ? 0 : align == ALIGN_CENTER ? -w / 2.0 : -w;
  set_rgb (cr, colour);
  cairo_move_to (cr, x + dx, y);
  pango_cairo_show_layout (cr, layout);
  cairo_new_path (cr);
  pango_font_description_free (fd);
  g_object_unref (layout);
  return w;
}

static double
text_width (cairo_t *cr, const char *text, double px, gboolean bold)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *fd = pango_font_description_from_string ("Cantarell, Noto Sans, DejaVu Sans, Sans");
  pango_font_description_set_absolute_size (fd, MAX (px, 4.0) * PANGO_SCALE);
  pango_font_description_set_weight (fd, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
  pango_layout_set_font_description (layout, fd);
  pango_layout_set_text (layout, text, -1);
  int w, h;
  pango_layout_get_pixel_size (layout, &w, &h);
  pango_font_description_free (fd);
  g_object_unref (layout);
  return w;
}

/* ------------------------------------------------------------------ */
/* Icons: treasures, Squirrel, Bush, Backpack, paw                      */

/* Blueberries: three round berries with a crown. */
static void
icon_berry (cairo_t *cr, const Palette *p, double cx, double cy, double s)
{
  const double pts[3][2] = { { -0.2, 0.14 }, { 0.2, 0.14 }, { 0.0, -0.17 } };
  for (int i = 0; i < 3; i++)
    {
      double x = cx + pts[i][0] * s, y = cy + pts[i][1] * s;
      cairo_arc (cr, x, y, 0.22 * s, 0, 2 * M_PI);
      set_rgb (cr, p->treasure[SUMMER_BERRY]);
      cairo_fill_preserve (cr);
      set_rgb (cr, p->treasure_dark[SUMMER_BERRY]);
      cairo_set_line_width (cr, MAX (0.035 * s, 0.6));
      cairo_stroke (cr);
      /* the little crown of a blueberry */
      cairo_arc (cr, x + 0.03 * s, y - 0.03 * s, 0.055 * s, 0, 2 * M_PI);
      set_rgb (cr, p->treasure_dark[SUMMER_BERRY]);
      cairo_fill (cr);
      cairo_arc (cr, x - 0.08 * s, y - 0.09 * s, 0.045 * s, 0, 2 * M_PI);
      cairo_set_source_rgba (cr, 1, 1, 1, 0.55);
      cairo_fill (cr);
    }
}

/* An acorn: a round nut under a scaly cap with a stalk. */
static void
icon_nut (cairo_t *cr, const Palette *p, double cx, double cy, double s)
{
  double lw = MAX (0.035 * s, 0.6);
  /* nut */
  cairo_save (cr);
  cairo_translate (cr, cx, cy + 0.1 * s);
  cairo_scale (cr, 0.3 * s, 0.34 * s);
  cairo_arc (cr, 0, 0, 1, 0, M_PI);
  cairo_line_to (cr, -1, -0.2);
  cairo_line_to (cr, 1, -0.2);
  cairo_close_path (cr);
  cairo_restore (cr);
  set_rgb (cr, p->treasure[SUMMER_NUT]);
  cairo_fill_preserve (cr);
  set_rgb (cr, p->treasure_dark[SUMMER_NUT]);
  cairo_set_line_width (cr, lw);
  cairo_stroke (cr);
  /* tip */
  cairo_arc (cr, cx, cy + 0.45 * s, 0.04 * s, 0, 2 * M_PI);
  cairo_fill (cr);
  /* cap */
  cairo_save (cr);
  cairo_translate (cr, cx, cy + 0.04 * s);
  cairo_scale (cr, 0.38 * s, 0.26 * s);
  cairo_arc (cr, 0, 0, 1, M_PI, 2 * M_PI);
  cairo_close_path (cr);
  cairo_restore (cr);
  set_rgb (cr, p->treasure_dark[SUMMER_NUT]);
  cairo_fill (cr);
  /* cap texture */
  cairo_set_source_rgba (cr, 1, 1, 1, 0.25);
  cairo_set_line_width (cr, lw * 0.8);
  for (int i = -2; i <= 2; i++)
    {
      cairo_move_to (cr, cx + i * 0.12 * s - 0.05 * s, cy - 0.12 * s);
      cairo_line_to (cr, cx + i * 0.12 * s + 0.05 * s, cy + 0.0 * s);
    }
  cairo_stroke (cr);
  /* stalk */
  set_rgb (cr, p->treasure_dark[SUMMER_NUT]);
  cairo_set_line_width (cr, MAX (0.07 * s, 0.8));
  cairo_move_to (cr, cx, cy - 0.2 * s);
  cairo_line_to (cr, cx + 0.05 * s, cy - 0.36 * s);
  cairo_stroke (cr);
}

/* A toadstool: a red dome with white dots on a pale stem. */
static void
icon_mushroom (cairo_t *cr, const Palette *p, double cx, double cy, double s)
{
  double lw = MAX (0.035 * s, 0.6);
  /* stem */
  rounded_rect (cr, cx - 0.12 * s, cy - 0.02 * s, 0.24 * s, 0.44 * s, 0.08 * s);
  cairo_set_source_rgb (cr, 0.96, 0.92, 0.82);
  cairo_fill_preserve (cr);
  set_rgb (cr, p->treasure_dark[SUMMER_MUSHROOM]);
  cairo_set_line_width (cr, lw);
  cairo_stroke (cr);
  /* cap */
  cairo_save (cr);
  cairo_translate (cr, cx, cy + 0.04 * s);
  cairo_scale (cr, 0.44 * s, 0.42 * s);
  cairo_arc (cr, 0, 0, 1, M_PI, 2 * M_PI);
  cairo_close_path (cr);
  cairo_restore (cr);
  set_rgb (cr, p->treasure[SUMMER_MUSHROOM]);
  cairo_fill_preserve (cr);
  set_rgb (cr, p->treasure_dark[SUMMER_MUSHROOM]);
  cairo_stroke (cr);
  /* dots */
  const double dots[4][3] = { { -0.22, -0.08, 0.07 }, { 0.05, -0.22, 0.08 }, { 0.24, -0.06, 0.06 }, { -0.04, -0.04, 0.05 } };
  cairo_set_source_rgb (cr, 1, 0.98, 0.94);
  for (int i = 0; i < 4; i++)
    {
      cairo_arc (cr, cx + dots[i][0] * s, cy + dots[i][1] * s, dots[i][2] * s, 0, 2 * M_PI);
      cairo_fill (cr);
    }
}

/* A jay feather: a slanted vane with dark bars and a quill. */
static void
icon_feather (cairo_t *cr, const Palette *p, double cx, double cy, double s)
{
  double lw = MAX (0.035 * s, 0.6);
  cairo_save (cr);
  cairo_translate (cr, cx, cy);
  cairo_rotate (cr, M_PI / 4);
  cairo_move_to (cr, 0, -0.48 * s);
  cairo_curve_to (cr, 0.2 * s, -0.3 * s, 0.2 * s, 0.15 * s, 0.02 * s, 0.3 * s);
  cairo_line_to (cr, -0.02 * s, 0.3 * s);
  cairo_curve_to (cr, -0.2 * s, 0.15 * s, -0.2 * s, -0.3 * s, 0, -0.48 * s);
  cairo_close_path (cr);
  set_rgb (cr, p->treasure[SUMMER_FEATHER]);
  cairo_fill_preserve (cr);
  cairo_save (cr);
  cairo_clip_preserve (cr);
  set_rgb (cr, p->treasure_dark[SUMMER_FEATHER]);
  cairo_set_line_width (cr, 0.06 * s);
  for (int i = 0; i < 4; i++)
    {
      double y = -0.3 * s + i * 0.16 * s;
      cairo_move_to (cr, -0.25 * s, y + 0.06 * s);
      cairo_line_to (cr, 0.25 * s, y - 0.02 * s);
    }
  cairo_stroke (cr);
  cairo_restore (cr);
  set_rgb (cr, p->treasure_dark[SUMMER_FEATHER]);
  cairo_set_line_width (cr, lw);
  cairo_stroke (cr);
  /* quill */
  cairo_set_line_width (cr, MAX (0.05 * s, 0.7));
  cairo_move_to (cr, 0, -0.4 * s);
  cairo_line_to (cr, 0, 0.48 * s);
  cairo_stroke (cr);
  cairo_restore (cr);
}

static void
draw_treasure (cairo_t *cr, const Palette *p, int t, double cx, double cy, double s)
{
  cairo_new_path (cr);
  switch (t)
    {
    case SUMMER_BERRY: icon_berry (cr, p, cx, cy, s); break;
    case SUMMER_NUT: icon_nut (cr, p, cx, cy, s); break;
    case SUMMER_MUSHROOM: icon_mushroom (cr, p, cx, cy, s); break;
    case SUMMER_FEATHER: icon_feather (cr, p, cx, cy, s); break;
    default: break;
    }
}

/* A treasure token: a cream disc with the treasure's icon. */
static void
draw_token (cairo_t *cr, const Palette *p, int t, double cx, double cy, double r)
{
  cairo_arc (cr, cx + r * 0.08, cy + r * 0.1, r, 0, 2 * M_PI);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.3);
  cairo_fill (cr);
  cairo_arc (cr, cx, cy, r, 0, 2 * M_PI);
  set_rgb (cr, p->token);
  cairo_fill_preserve (cr);
  set_rgb (cr, p->token_edge);
  cairo_set_line_width (cr, MAX (r * 0.09, 0.8));
  cairo_stroke (cr);
  draw_treasure (cr, p, t, cx, cy, r * 1.45);
}

/* A sitting squirrel seen from the side, facing left, its bushy tail
 * curled up behind its back. */
static void
draw_squirrel_figure (cairo_t *cr, Rgb fg, double cx, double cy, double s)
{
  cairo_new_path (cr);
  set_rgb (cr, fg);
  cairo_save (cr);
  cairo_translate (cr, cx, cy);
  /* tail: a thick plume */
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_width (cr, 0.2 * s);
  cairo_move_to (cr, 0.08 * s, 0.3 * s);
  cairo_curve_to (cr, 0.4 * s, 0.26 * s, 0.42 * s, -0.22 * s, 0.2 * s, -0.32 * s);
  cairo_curve_to (cr, 0.08 * s, -0.37 * s, 0.02 * s, -0.3 * s, 0.06 * s, -0.22 * s);
  cairo_stroke (cr);
  /* body */
  cairo_save (cr);
  cairo_translate (cr, -0.06 * s, 0.14 * s);
  cairo_rotate (cr, 0.25);
  cairo_scale (cr, 0.15 * s, 0.21 * s);
  cairo_arc (cr, 0, 0, 1, 0, 2 * M_PI);
  cairo_restore (cr);
  cairo_fill (cr);
  /* head with a pointed snout, and an ear */
  cairo_arc (cr, -0.14 * s, -0.11 * s, 0.11 * s, 0, 2 * M_PI);
  cairo_fill (cr);
  cairo_move_to (cr, -0.2 * s, -0.16 * s);
  cairo_line_to (cr, -0.33 * s, -0.06 * s);
  cairo_line_to (cr, -0.16 * s, -0.02 * s);
  cairo_close_path (cr);
  cairo_fill (cr);
  cairo_move_to (cr, -0.13 * s, -0.2 * s);
  cairo_line_to (cr, -0.09 * s, -0.34 * s);
  cairo_line_to (cr, -0.04 * s, -0.17 * s);
  cairo_close_path (cr);
  cairo_fill (cr);
  /* feet */
  cairo_save (cr);
  cairo_translate (cr, -0.1 * s, 0.34 * s);
  cairo_scale (cr, 0.1 * s, 0.04 * s);
  cairo_arc (cr, 0, 0, 1, 0, 2 * M_PI);
  cairo_restore (cr);
  cairo_fill (cr);
  cairo_restore (cr);
}

static void
draw_squirrel_token (cairo_t *cr, const Palette *p, double cx, double cy, double r)
{
  cairo_arc (cr, cx + r * 0.08, cy + r * 0.1, r, 0, 2 * M_PI);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.3);
  cairo_fill (cr);
  cairo_arc (cr, cx, cy, r, 0, 2 * M_PI);
  set_rgb (cr, p->squirrel);
  cairo_fill_preserve (cr);
  set_rgb (cr, mix (p->squirrel, p->hole_rim, 0.5));
  cairo_set_line_width (cr, MAX (r * 0.08, 0.8));
  cairo_stroke (cr);
  draw_squirrel_figure (cr, p->squirrel_fg, cx, cy, r * 1.5);
}

/* A paw print (Animal tiles). */
static void
draw_paw (cairo_t *cr, Rgb fg, double cx, double cy, double s)
{
  set_rgb (cr, fg);
  cairo_save (cr);
  cairo_translate (cr, cx, cy + 0.1 * s);
  cairo_scale (cr, 0.2 * s, 0.16 * s);
  cairo_arc (cr, 0, 0, 1, 0, 2 * M_PI);
  cairo_restore (cr);
  cairo_fill (cr);
  const double toes[4][2] = { { -0.21, -0.1 }, { -0.08, -0.22 }, { 0.08, -0.22 }, { 0.21, -0.1 } };
  for (int i = 0; i < 4; i++)
    {
      cairo_arc (cr, cx + toes[i][0] * s, cy + toes[i][1] * s, 0.07 * s, 0, 2 * M_PI);
      cairo_fill (cr);
    }
}

/* The Berry Bush that marks the head of the Common Path. */
static void
draw_bush (cairo_t *cr, const Palette *p, double cx, double cy, double s)
{
  const double blobs[6][3] = { { -0.25, 0.1, 0.24 }, { 0.25, 0.1, 0.24 }, { 0, -0.12, 0.27 },
                               { -0.14, -0.2, 0.2 }, { 0.16, -0.18, 0.2 }, { 0, 0.16, 0.26 } };
  for (int pass = 0; pass < 2; pass++)
    for (int i = 0; i < 6; i++)
      {
        cairo_arc (cr, cx + blobs[i][0] * s, cy + blobs[i][1] * s, blobs[i][2] * s + (pass ? 0 : 0.03 * s), 0, 2 * M_PI);
        if (pass == 0)
          set_rgb (cr, mix (p->leaf_edge[SUMMER_GREEN], p->hole_rim, 0.3));
        else
          set_rgb (cr, mix (p->leaf[SUMMER_GREEN], p->leaf_edge[SUMMER_GREEN], 0.25 + 0.08 * (i % 3)));
        cairo_fill (cr);
      }
  const double berries[5][2] = { { -0.2, 0.05 }, { 0.12, -0.15 }, { 0.25, 0.15 }, { -0.05, 0.25 }, { -0.18, -0.22 } };
  for (int i = 0; i < 5; i++)
    {
      cairo_arc (cr, cx + berries[i][0] * s, cy + berries[i][1] * s, 0.06 * s, 0, 2 * M_PI);
      set_rgb (cr, p->treasure[SUMMER_BERRY]);
      cairo_fill (cr);
    }
}

/* The Backpack at the front of a Player Path. */
static void
draw_backpack (cairo_t *cr, const Palette *p, const FolRect *r)
{
  double s = MIN (r->width, r->height);
  double cx = r->x + r->width / 2, cy = r->y + r->height / 2;
  Rgb bag = { 0.55, 0.38, 0.22 }, edge = { 0.3, 0.2, 0.1 };
  cairo_set_line_width (cr, MAX (s * 0.05, 0.8));
  /* straps loop */
  cairo_arc (cr, cx, cy - 0.28 * s, 0.14 * s, M_PI, 2 * M_PI);
  set_rgb (cr, edge);
  cairo_stroke (cr);
  rounded_rect (cr, cx - 0.3 * s, cy - 0.3 * s, 0.6 * s, 0.72 * s, 0.16 * s);
  set_rgb (cr, bag);
  cairo_fill_preserve (cr);
  set_rgb (cr, edge);
  cairo_stroke (cr);
  /* flap */
  cairo_move_to (cr, cx - 0.3 * s, cy - 0.08 * s);
  cairo_curve_to (cr, cx - 0.2 * s, cy + 0.08 * s, cx + 0.2 * s, cy + 0.08 * s, cx + 0.3 * s, cy - 0.08 * s);
  cairo_stroke (cr);
  rounded_rect (cr, cx - 0.18 * s, cy + 0.14 * s, 0.36 * s, 0.2 * s, 0.05 * s);
  set_rgb (cr, mix (bag, edge, 0.4));
  cairo_fill (cr);
  cairo_arc (cr, cx, cy + 0.02 * s, 0.04 * s, 0, 2 * M_PI);
  set_rgb (cr, p->gain);
  cairo_fill (cr);
}

/* ------------------------------------------------------------------ */
/* Leaf tiles                                                          */

static guint32
tile_hash (int tile)
{
  guint32 h = (guint32) tile * 2654435761u;
  return h ^ (h >> 15);
}

/* The outline of the cells of @cells (n, relative (x, y)) at (@ox, @oy) with cell @c:
 * only the edges not shared by two cells of the set. */
static void
cells_outline_path (cairo_t *cr, const FolCell *cells, int n, double ox, double oy, double c)
{
  for (int i = 0; i < n; i++)
    {
      int x = cells[i].x, y = cells[i].y;
      gboolean up = FALSE, down = FALSE, left = FALSE, right = FALSE;
      for (int j = 0; j < n; j++)
        {
          if (cells[j].x == x && cells[j].y == y - 1) up = TRUE;
          if (cells[j].x == x && cells[j].y == y + 1) down = TRUE;
          if (cells[j].x == x - 1 && cells[j].y == y) left = TRUE;
          if (cells[j].x == x + 1 && cells[j].y == y) right = TRUE;
        }
      double X = ox + x * c, Y = oy + y * c;
      if (!up) { cairo_move_to (cr, X, Y); cairo_line_to (cr, X + c, Y); }
      if (!down) { cairo_move_to (cr, X, Y + c); cairo_line_to (cr, X + c, Y + c); }
      if (!left) { cairo_move_to (cr, X, Y); cairo_line_to (cr, X, Y + c); }
      if (!right) { cairo_move_to (cr, X + c, Y); cairo_line_to (cr, X + c, Y + c); }
    }
}

/* Leaf veins over one cell: a midrib and side veins, direction from the tile. */
static void
draw_veins (cairo_t *cr, const Palette *p, int colour, int tile, double X, double Y, double c, int salt)
{
  if (c < 9)
    return;
  guint32 h = tile_hash (tile * 31 + salt);
  gboolean diag = h & 1;
  cairo_save (cr);
  cairo_rectangle (cr, X, Y, c, c);
  cairo_clip (cr);
  set_rgba (cr, p->leaf_vein[colour], 0.55);
  cairo_set_line_width (cr, MAX (c * 0.035, 0.6));
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  double cx = X + c / 2, cy = Y + c / 2;
  cairo_translate (cr, cx, cy);
  cairo_rotate (cr, (diag ? 1 : -1) * M_PI / 4 + ((h >> 3) & 1) * M_PI / 2);
  cairo_move_to (cr, -0.42 * c, 0);
  cairo_line_to (cr, 0.42 * c, 0);
  for (int i = -1; i <= 1; i++)
    {
      double x = i * 0.22 * c;
      cairo_move_to (cr, x, 0);
      cairo_curve_to (cr, x + 0.06 * c, -0.1 * c, x + 0.12 * c, -0.16 * c, x + 0.18 * c, -0.22 * c);
      cairo_move_to (cr, x, 0);
      cairo_curve_to (cr, x + 0.06 * c, 0.1 * c, x + 0.12 * c, 0.16 * c, x + 0.18 * c, 0.22 * c);
    }
  cairo_stroke (cr);
  cairo_restore (cr);
}

/* A Hole: a dark-rimmed opening that shows the floor (and its printed treasure). */
static void
draw_hole (cairo_t *cr, const Palette *p, Rgb floor, double X, double Y, double c, int printed, int token)
{
  double in = c * 0.13;
  rounded_rect (cr, X + in, Y + in, c - 2 * in, c - 2 * in, c * 0.22);
  set_rgb (cr, floor);
  cairo_fill_preserve (cr);
  /* inner shadow: the tile's thickness */
  cairo_save (cr);
  cairo_clip_preserve (cr);
  set_rgba (cr, p->hole_rim, 0.45);
  cairo_set_line_width (cr, c * 0.12);
  cairo_stroke_preserve (cr);
  cairo_restore (cr);
  set_rgba (cr, p->hole_rim, 0.9);
  cairo_set_line_width (cr, MAX (c * 0.03, 0.8));
  cairo_stroke (cr);
  if (token != SUMMER_NO_TREASURE)
    draw_token (cr, p, token, X + c / 2, Y + c / 2, c * 0.3);
  else if (printed != SUMMER_NO_TREASURE)
    {
      /* printed on the floor, seen through the Hole: muted, so that a token stands out */
      begin_alpha (cr, X, Y, c, c);
      draw_treasure (cr, p, printed, X + c / 2, Y + c / 2, c * 0.48);
      end_alpha (cr, 0.5);
    }
}

/* A whole Leaf tile in orientation @o with its box at (@ox, @oy). */
static void
draw_leaf_shape (cairo_t *cr, const Palette *p, int tile, const FolOrientation *o, double ox, double oy, double c,
                 double alpha, Rgb hole_floor)
{
  int colour = comp ()->leaf[tile].colour;
  gboolean group = alpha < 1.0;
  if (group)
    begin_alpha (cr, ox - c * 0.1, oy - c * 0.1, o->width * c + c * 0.2, o->height * c + c * 0.2);
  for (int i = 0; i < o->n_cells; i++)
    {
      double X = ox + o->cells[i].x * c, Y = oy + o->cells[i].y * c;
      cairo_rectangle (cr, X, Y, c, c);
      set_rgb (cr, p->leaf[colour]);
      cairo_fill (cr);
      if (i != o->hole)
        draw_veins (cr, p, colour, tile, X, Y, c, i);
    }
  cells_outline_path (cr, o->cells, o->n_cells, ox, oy, c);
  set_rgb (cr, p->leaf_edge[colour]);
  cairo_set_line_width (cr, MAX (c * 0.08, 1.0));
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_SQUARE);
  cairo_stroke (cr);
  if (o->hole >= 0)
    draw_hole (cr, p, hole_floor, ox + o->cells[o->hole].x * c, oy + o->cells[o->hole].y * c, c,
               SUMMER_NO_TREASURE, SUMMER_NO_TREASURE);
  if (group)
    end_alpha (cr, alpha);
}

/* Where a Leaf tile lies in a slot whose tiles have cells of @pc: centred,
 * in slot_orientation(); its box's corner in (*ox, *oy), its cell in *c. */
static const FolOrientation *
slot_tile_place (int tile, const FolRect *slot, double pc, double *ox, double *oy, double *c)
{
  double scale;
  const FolOrientation *o = slot_orientation (&comp ()->leaf[tile].orientations, &scale);
  *c = pc * scale;
  *ox = slot->x + (slot->width - o->width * *c) / 2;
  *oy = slot->y + (slot->height - o->height * *c) / 2;
  return o;
}

/* A Leaf tile shown in a slot, centred (slot_tile_place()). */
static void
draw_leaf_in_slot (cairo_t *cr, const Palette *p, int tile, const FolRect *slot, double pc, double alpha)
{
  double ox, oy, c;
  const FolOrientation *o = slot_tile_place (tile, slot, pc, &ox, &oy, &c);
  /* a soft shadow */
  cairo_save (cr);
  cairo_translate (cr, c * 0.12, c * 0.15);
  for (int i = 0; i < o->n_cells; i++)
    cairo_rectangle (cr, ox + o->cells[i].x * c, oy + o->cells[i].y * c, c, c);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.18 * alpha);
  cairo_fill (cr);
  cairo_restore (cr);
  draw_leaf_shape (cr, p, tile, o, ox, oy, c, alpha, p->floor[0]);
}

static void
draw_slot (cairo_t *cr, const Palette *p, const FolRect *r, double radius)
{
  rounded_rect (cr, r->x, r->y, r->width, r->height, radius);
  set_rgb (cr, p->slot);
  cairo_fill (cr);
}

/* ------------------------------------------------------------------ */
/* Layout                                                              */

void
fol_summer_highlights_init (FolSummerHighlights *h)
{
  memset (h, 0, sizeof *h);
  h->acting_seat = -1;
  h->last_seat = -1;
  h->ghost_hole = -1;
  h->lifted_tile = -1;
  h->cursor_square = -1;
  h->hidden_seat = -1;
}

/* Lays out a seat's Player Path as one row (issue 11), in its real order:
 * slot 0 next to the Backpack at (@x, @y), the slots' tiles with cells of @pc
 * (the rulebook, "Player Path": the Backpack marks the beginning of the
 * line; a Mushroom takes the tile next to it). */
static void
layout_path_row (FolSummerSeatGeom *g, double x, double y, double pc)
{
  double bs = SLOT_H * pc;
  g->backpack = rect (x, y, bs, bs);
  double x0 = x + bs + 0.3 * pc;
  for (int i = 0; i < SUMMER_PATH_MAX; i++)
    g->path_slot[i] = rect (x0 + i * SLOT_STEP * pc, y, SLOT_W * pc, SLOT_H * pc);
  g->path_cell = pc;
}

/* The width of a Player Path row (Backpack and six slots) with cells of @pc. */
static double
path_row_width (double pc)
{
  return (SLOT_H + 0.3 + ROW_UNITS (SUMMER_PATH_MAX)) * pc;
}

/* Parts of the main seat's card, in units of its square size c. */
#define MAIN_PAD 0.3                    /* inner padding */
#define MAIN_INFO_H 0.95                /* name and status line, then the counts line */
#define MAIN_PATH_PC 0.275              /* Path cells: the row spans the floor's width */
#define MAIN_H_UNITS (2 * 0.6 * MAIN_PAD + MAIN_INFO_H + 0.12 + 8 + 0.25 + SLOT_H * MAIN_PATH_PC)
#define MAIN_W_UNITS (9 + 2 * MAIN_PAD)

/* Parts of an opponent's card: the name line and the treasure line, in units of c. */
#define OPP_INFO_H 0.82

/* The height of the supply and Animal tiles panel for a right column of
 * width @rw; the rows' heights in *row1, *row2 and the Animal cell in *acell. */
static double
supply_height (double c, double rw, double ip, double title, double *row1, double *row2, double *acell)
{
  double inner = rw - 2 * ip;
  double aw = inner / SUMMER_N_ANIMAL_KINDS;
  *acell = MIN (0.2 * c, (aw - 4) / 4.4);
  double fs = MIN (0.2 * c, aw / 5.2);
  *row2 = 2 * *acell + 0.12 * c + 2.4 * fs;
  *row1 = 0.55 * c;
  return title + *row1 + *row2 + ip * 0.5;
}

/* The Common Path's rows: the Bush, then up to 20 tiles, @cols to a row. */
static double
common_height (double sc, int cols, double title, double ip)
{
  int rows = (SUMMER_COMMON_MAX + 1 + cols - 1) / cols;
  return title + (rows * SLOT_STEP - (SLOT_STEP - SLOT_H)) * sc + ip * 0.6;
}

/* An opponent's card in @panel_h: the floor left, the name, treasures and
 * the Player Path row right of it ("side"), or the floor on top and the rest
 * under it ("stacked"), whichever gives the larger floor. */
static void
layout_opponent (FolSummerSeatGeom *o, double rx, double oy, double rw, double ph, double c)
{
  double ipad = round (0.15 * c);
  double info_h = OPP_INFO_H * c;
  o->shown = TRUE;
  /* side by side: the Path row's cells about 2/3 of the floor's */
  double k = 0.65;
  double oc_side = MIN ((ph - 2 * ipad) / 8.0, (rw - 3 * ipad) / (9 + k * (SLOT_H + 0.3 + ROW_UNITS (SUMMER_PATH_MAX))));
  /* stacked */
  double pc_st = MIN (0.22 * c, (rw - 2 * ipad) / (SLOT_H + 0.3 + ROW_UNITS (SUMMER_PATH_MAX)));
  double below = 0.12 * c + info_h + SLOT_H * pc_st;
  double oc_stack = MIN ((rw - 2 * ipad) / 9.0, (ph - 2 * ipad - below) / 8.0);
  gboolean stacked = oc_stack > oc_side + 1;
  double oc = floor (MAX (MIN (stacked ? oc_stack : oc_side, 0.5 * c), 4));
  o->cell = oc;
  if (stacked)
    {
      double h = 8 * oc + 2 * ipad + below;
      o->panel = rect (rx, oy, rw, MIN (ph, h));
      o->gx = rx + (rw - 9 * oc) / 2;
      o->gy = oy + ipad;
      double ix = rx + ipad, iw = rw - 2 * ipad;
      double iy = o->gy + 8 * oc + 0.12 * c;
      o->info = rect (ix, iy, iw, info_h);
      layout_path_row (o, ix + (iw - path_row_width (pc_st)) / 2, iy + info_h, pc_st);
      return;
    }
  o->panel = rect (rx, oy, rw, MIN (ph, 8 * oc + 2 * ipad));
  o->gx = rx + ipad;
  o->gy = oy + ipad;
  double ix = o->gx + 9 * oc + ipad;
  double iw = rx + rw - ipad - ix;
  o->info = rect (ix, o->gy, iw, info_h);
  /* the Path row at the floor's bottom, under the name and treasures */
  double pc = MIN (0.22 * c, iw / (SLOT_H + 0.3 + ROW_UNITS (SUMMER_PATH_MAX)));
  pc = MIN (pc, (8 * oc - info_h) / SLOT_H);
  pc = MAX (pc, 2);
  layout_path_row (o, ix, o->gy + 8 * oc - SLOT_H * pc, pc);
}

/* The share of the picture's width the main seat's card may take; the
 * right column keeps the rest (at least about 40 %: the Paths, the supply,
 * the opponents). */
static double
main_width_ratio (int n_players)
{
  return n_players >= 3 ? 0.58 : 0.6;
}

/* The margin around and between the cards for a picture of @w x @h. */
static double
layout_margin (double w, double h)
{
  return MAX (6.0, round (MIN (w, h) * 0.014));
}

int
fol_summer_layout_comfortable_width (int n_players, int height)
{
  double H = MAX (height, 150);
  double m = layout_margin (H, H);
  double c = (H - 2 * m) / MAIN_H_UNITS;
  return (int) ceil (3 * m + FOL_SUMMER_LAYOUT_COMFORT * c * MAIN_W_UNITS / main_width_ratio (CLAMP (n_players, 1, 4)));
}

void
fol_summer_layout_compute (FolSummerLayout *l, const SummerState *state, int width, int height, int main_seat)
{
  memset (l, 0, sizeof *l);
  int n = state->n_players;
  l->width = width;
  l->height = height;
  l->n_players = n;
  l->main_seat = CLAMP (main_seat, 0, n - 1);
  double W = MAX (width, 200), H = MAX (height, 150);
  double m = layout_margin (W, H);

  /* the main seat, large, on the left: the largest thing in the picture;
   * the right column keeps about 40 % of the width for the Paths, the
   * supply and the opponents */
  double c = MIN ((H - 2 * m) / MAIN_H_UNITS, (W - 3 * m) * main_width_ratio (n) / MAIN_W_UNITS);
  c = floor (MAX (c, 4));
  l->unit = c;
  double pad = round (MAIN_PAD * c);
  FolSummerSeatGeom *g = &l->seat[l->main_seat];
  g->shown = TRUE;
  g->large = TRUE;
  g->cell = c;
  g->panel = rect (m, m, 9 * c + 2 * pad, H - 2 * m);
  g->info = rect (m + pad, m + pad * 0.6, 9 * c, MAIN_INFO_H * c);
  g->stats = rect (g->info.x, g->info.y + 0.5 * c, 9 * c, 0.42 * c);
  g->gx = m + pad;
  g->gy = g->info.y + g->info.height + 0.12 * c;
  /* the Player Path: one row under the floor, from the Backpack at its left */
  double pc = floor (MAIN_PATH_PC * c * 4) / 4;
  layout_path_row (g, g->gx, g->gy + 8 * c + 0.25 * c, pc);
  /* the panel hugs its contents */
  double bottom = g->path_slot[0].y + g->path_slot[0].height;
  g->panel.height = MIN (g->panel.height, bottom + pad * 0.6 - g->panel.y);

  /* the right column */
  double rx = g->panel.x + g->panel.width + m;
  double rw = W - rx - m;
  double y = m;
  double ip = round (0.22 * c);          /* inner padding of the right panels */
  double title = 0.34 * c + ip;
  double row1, row2, acell;
  double supply_h = supply_height (c, rw, ip, title, &row1, &row2, &acell);
  int n_opp = n - 1;

  if (n == 1)
    {
      /* Top Path, the track in two rows of six, Bottom Path */
      double sc = MIN ((rw - 2 * ip) / ROW_UNITS (6), 0.3 * c);
      double sw = SLOT_STEP * sc, sh = SLOT_H * sc, label = 0.3 * c;
      l->small_cell = sc;
      double x0 = rx + ip;
      double yy = y + title;
      double inner = rw - 2 * ip;
      for (int i = 0; i < SUMMER_PATH_REFILL; i++)
        l->solo_slot[SUMMER_TOP_PATH][i] = rect (x0 + (inner - ROW_UNITS (5) * sc) / 2 + i * sw, yy, SLOT_W * sc, sh);
      yy += sh + title * 0.9;
      for (int k = 0; k < SUMMER_TRACK_SPACES; k++)
        {
          int row = k / 6, col = k % 6;
          l->track_slot[k] = rect (x0 + (inner - ROW_UNITS (6) * sc) / 2 + col * sw, yy + row * (sh + label),
                                   SLOT_W * sc, sh);
        }
      yy += 2 * (sh + label) + title * 0.9 - label * 0.3;
      for (int i = 0; i < SUMMER_PATH_REFILL; i++)
        l->solo_slot[SUMMER_BOTTOM_PATH][i] = rect (x0 + (inner - ROW_UNITS (5) * sc) / 2 + i * sw, yy, SLOT_W * sc, sh);
      yy += sh + ip;
      l->solo_panel = rect (rx, y, rw, yy - y);
      y = yy + m;
    }
  else
    {
      /* the Common Path: the Bush, then 20 tiles in rows; as few to a row
       * (as large) as leaves the opponents their room */
      double avail = H - 2 * m - supply_h - m;
      /* the fewest to a row that leaves the opponents' floors squares of
       * opp_min; when none does, the best balance of the two */
      static const int col_options[] = { 6, 7, 8, 11 };
      double opp_min = n_opp == 1 ? 0.3 * c : MAX (8, 0.18 * c);
      int cols = -1, balanced = 7;
      double best = -1;
      for (size_t k = 0; k < G_N_ELEMENTS (col_options) && cols < 0; k++)
        {
          double sck = MIN ((rw - 2 * ip) / ROW_UNITS (col_options[k]), 0.3 * c);
          double ph = (avail - common_height (sck, col_options[k], title, ip) - m - (n_opp - 1) * m) / n_opp;
          FolSummerSeatGeom probe = { 0 };
          layout_opponent (&probe, rx, 0, rw, ph, c);
          if (probe.cell >= floor (opp_min))
            cols = col_options[k];
          double score = MIN (sck, 0.8 * probe.cell);
          if (score > best + 0.01)
            {
              best = score;
              balanced = col_options[k];
            }
        }
      if (cols < 0)
        cols = balanced;
      double sc = MIN ((rw - 2 * ip) / ROW_UNITS (cols), 0.3 * c);
      l->small_cell = sc;
      double x0 = rx + ip, y0 = y + title;
      l->bush = rect (x0, y0, SLOT_W * sc, SLOT_H * sc);
      for (int i = 0; i < SUMMER_COMMON_MAX; i++)
        {
          int k = i + 1;
          l->common_slot[i] = rect (x0 + (k % cols) * SLOT_STEP * sc, y0 + (k / cols) * SLOT_STEP * sc,
                                    SLOT_W * sc, SLOT_H * sc);
        }
      l->common_panel = rect (rx, y, rw, common_height (sc, cols, title, ip));
      y += l->common_panel.height + m;
    }

  /* supply and Animal tiles: two rows */
  {
    double inner = rw - 2 * ip;
    double aw = inner / SUMMER_N_ANIMAL_KINDS;
    l->supply_panel = rect (rx, y, rw, supply_h);
    double iw = inner / (SUMMER_N_TREASURES + 1);
    for (int t = 0; t <= SUMMER_N_TREASURES; t++)
      l->supply_item[t] = rect (rx + ip + t * iw, y + title, iw, row1);
    for (int k = 0; k < SUMMER_N_ANIMAL_KINDS; k++)
      l->animal_slot[k] = rect (rx + ip + k * aw, y + title + row1 + 0.1 * c, aw - 2, row2);
    y += l->supply_panel.height + m;
  }

  /* solo: what the treasures do, in the room left */
  if (n == 1 && H - m - y > 2.6 * c)
    l->legend_panel = rect (rx, y, rw, MIN (H - m - y, 3.6 * c));

  /* the opponents, small, in turn order after the main seat */
  if (n_opp > 0)
    {
      double avail = H - m - y;
      double ph = (avail - (n_opp - 1) * m) / n_opp;
      /* each gets an equal share; the cards are stacked as tall as they are */
      for (int d = 1; d < n; d++)
        {
          FolSummerSeatGeom *o = &l->seat[(l->main_seat + d) % n];
          layout_opponent (o, rx, y, rw, ph, c);
          y += o->panel.height + m;
        }
    }
}

/* ------------------------------------------------------------------ */
/* Hit-testing                                                         */

int
fol_summer_layout_square_at (const FolSummerLayout *l, double x, double y, int *seat)
{
  for (int s = 0; s < l->n_players; s++)
    {
      const FolSummerSeatGeom *g = &l->seat[s];
      if (!g->shown)
        continue;
      double fx = (x - g->gx) / g->cell, fy = (y - g->gy) / g->cell;
      if (fx >= 0 && fy >= 0 && fx < SUMMER_COLS && fy < SUMMER_ROWS)
        {
          if (seat)
            *seat = s;
          return (int) fy * SUMMER_COLS + (int) fx;
        }
    }
  if (seat)
    *seat = -1;
  return -1;
}

gboolean
fol_summer_layout_square_center (const FolSummerLayout *l, int seat, int square, double *x, double *y)
{
  if (seat < 0 || seat >= l->n_players || !l->seat[seat].shown || square < 0 || square >= SUMMER_SQUARES)
    return FALSE;
  const FolSummerSeatGeom *g = &l->seat[seat];
  *x = g->gx + (square % SUMMER_COLS + 0.5) * g->cell;
  *y = g->gy + (square / SUMMER_COLS + 0.5) * g->cell;
  return TRUE;
}

int
fol_summer_layout_path_slot_at (const FolSummerLayout *l, double x, double y, int *seat)
{
  for (int s = 0; s < l->n_players; s++)
    for (int i = 0; i < SUMMER_PATH_MAX && l->seat[s].shown; i++)
      if (rect_contains (&l->seat[s].path_slot[i], x, y))
        {
          if (seat)
            *seat = s;
          return i;
        }
  if (seat)
    *seat = -1;
  return -1;
}

/* The width draw_treasure_counts() will use. */
static double
treasure_counts_width (cairo_t *cr, const uint8_t counts[SUMMER_N_TREASURES], double size)
{
  double w = 0;
  for (int t = 0; t < SUMMER_N_TREASURES; t++)
    {
      char buf[16];
      g_snprintf (buf, sizeof buf, "%d", counts[t]);
      w += size * 1.02 + text_width (cr, buf, size * 0.72, TRUE) + size * 0.45;
    }
  return w;
}

/* Where the main seat's treasure counts lie (icon and number), in
 * @rects, as fol_summer_paint() draws them: right-aligned on the name line. */
static gboolean
treasure_rects (const FolSummerLayout *l, const SummerState *state, FolRect rects[SUMMER_N_TREASURES])
{
  if (l->main_seat < 0 || l->main_seat >= l->n_players || state->n_players != l->n_players)
    return FALSE;
  const FolSummerSeatGeom *g = &l->seat[l->main_seat];
  if (!g->shown || !g->large)
    return FALSE;
  double u = l->unit, ts = 0.5 * u;
  double top = g->info.y + (g->info.height - ts) / 2;
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  cairo_t *cr = cairo_create (surface);
  const uint8_t *counts = state->seat[l->main_seat].treasures;
  double cx = g->info.x + g->info.width - treasure_counts_width (cr, counts, ts) + ts * 0.45;
  for (int t = 0; t < SUMMER_N_TREASURES; t++)
    {
      char buf[16];
      g_snprintf (buf, sizeof buf, "%d", counts[t]);
      double w = ts * 1.02 + text_width (cr, buf, ts * 0.72, TRUE);
      rects[t] = rect (cx - 0.2 * ts, top - 0.2 * ts, w + 0.45 * ts, 1.4 * ts);
      cx += w + ts * 0.45;
    }
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  return TRUE;
}

int
fol_summer_layout_treasure_at (const FolSummerLayout *l, const SummerState *state, double x, double y)
{
  g_return_val_if_fail (l != NULL && state != NULL, -1);
  FolRect r[SUMMER_N_TREASURES];
  if (!treasure_rects (l, state, r))
    return -1;
  for (int t = 0; t < SUMMER_N_TREASURES; t++)
    if (rect_contains (&r[t], x, y))
      return t;
  return -1;
}

FolSummerHit
fol_summer_layout_hit (const FolSummerLayout *l, double x, double y)
{
  FolSummerHit hit = { FOL_SUMMER_HIT_NONE, -1, -1 };
  int seat;
  int sq = fol_summer_layout_square_at (l, x, y, &seat);
  if (sq >= 0)
    {
      hit.kind = FOL_SUMMER_HIT_SQUARE;
      hit.seat = seat;
      hit.index = sq;
      return hit;
    }
  int slot = fol_summer_layout_path_slot_at (l, x, y, &seat);
  if (slot >= 0)
    {
      hit.kind = FOL_SUMMER_HIT_PATH;
      hit.seat = seat;
      hit.index = slot;
      return hit;
    }
  for (int i = 0; i < SUMMER_COMMON_MAX; i++)
    if (rect_contains (&l->common_slot[i], x, y))
      {
        hit.kind = FOL_SUMMER_HIT_COMMON;
        hit.index = i;
        return hit;
      }
  for (int p = 0; p < 2; p++)
    for (int i = 0; i < SUMMER_PATH_REFILL; i++)
      if (rect_contains (&l->solo_slot[p][i], x, y))
        {
          hit.kind = FOL_SUMMER_HIT_SOLO_PATH;
          hit.seat = p;
          hit.index = i;
          return hit;
        }
  for (int k = 0; k < SUMMER_TRACK_SPACES; k++)
    if (rect_contains (&l->track_slot[k], x, y))
      {
        hit.kind = FOL_SUMMER_HIT_TRACK;
        hit.index = k;
        return hit;
      }
  for (int k = 0; k < SUMMER_N_ANIMAL_KINDS; k++)
    if (rect_contains (&l->animal_slot[k], x, y))
      {
        hit.kind = FOL_SUMMER_HIT_ANIMAL;
        hit.index = k;
        return hit;
      }
  for (int t = 0; t <= SUMMER_N_TREASURES; t++)
    if (rect_contains (&l->supply_item[t], x, y))
      {
        hit.kind = FOL_SUMMER_HIT_SUPPLY;
        hit.index = t;
        return hit;
      }
  return hit;
}

/* ------------------------------------------------------------------ */
/* Ghosts                                                              */

FolBits72
fol_summer_move_squares (const SummerMove *m, int *hole)
{
  if (hole)
    *hole = -1;
  if (m->square >= SUMMER_SQUARES)
    return 0;
  switch (m->kind)
    {
    case SUMMER_MOVE_SQUIRREL:
    case SUMMER_MOVE_NUT:
      return fol_bb_bit (m->square);
    case SUMMER_MOVE_LEAF:
    case SUMMER_MOVE_ANIMAL:
      {
        const FolOrientationSet *set;
        if (m->kind == SUMMER_MOVE_LEAF)
          {
            if (m->tile >= SUMMER_N_LEAF_TILES)
              return 0;
            set = &comp ()->leaf[m->tile].orientations;
          }
        else
          {
            if (m->tile >= SUMMER_N_ANIMAL_KINDS)
              return 0;
            set = &comp ()->animal[m->tile].orientations;
          }
        const FolOrientation *o = &set->o[set->of_transform[m->transform & 7]];
        if (!fol_bb_test (o->anchors, m->square))
          return 0;
        if (hole && o->hole >= 0)
          *hole = m->square + o->cells[o->hole].y * SUMMER_COLS + o->cells[o->hole].x;
        return fol_orientation_at (o, m->square);
      }
    default:
      return 0;
    }
}

void
fol_summer_highlights_set_ghost (FolSummerHighlights *h, const SummerState *s, const SummerMove *m)
{
  h->held = FOL_SUMMER_HELD_NONE;
  h->ghost_legal = FALSE;
  h->ghost_squares = 0;
  h->ghost_hole = -1;
  h->gain_squares = 0;
  h->complete_areas = 0;
  if (!m)
    return;
  switch (m->kind)
    {
    case SUMMER_MOVE_LEAF: h->held = FOL_SUMMER_HELD_LEAF; break;
    case SUMMER_MOVE_ANIMAL: h->held = FOL_SUMMER_HELD_ANIMAL; break;
    case SUMMER_MOVE_SQUIRREL:
    case SUMMER_MOVE_NUT: h->held = FOL_SUMMER_HELD_SQUIRREL; break;
    default: return;
    }
  h->ghost = *m;
  h->ghost_squares = fol_summer_move_squares (m, &h->ghost_hole);
  h->ghost_legal = summer_check_move (s, m, NULL);
  if (!h->ghost_legal)
    return;
  const SummerSeat *seat = &s->seat[s->current];
  const SummerFloorSide *side = &comp ()->side[seat->side];
  if (m->kind == SUMMER_MOVE_LEAF && h->ghost_hole >= 0
      && side->treasure[h->ghost_hole] != SUMMER_NO_TREASURE && s->supply[side->treasure[h->ghost_hole]] > 0)
    h->gain_squares = fol_bb_bit (h->ghost_hole);
  if (m->kind == SUMMER_MOVE_ANIMAL)
    for (int t = 0; t < SUMMER_N_TREASURES; t++)
      h->gain_squares |= h->ghost_squares & side->treasure_mask[t];
  SummerState *copy = g_new (SummerState, 1);
  memcpy (copy, s, sizeof *copy);
  SummerMoveInfo info;
  if (summer_apply_move (copy, m, &info, NULL))
    h->complete_areas = info.areas_completed;
  g_free (copy);
}

/* ------------------------------------------------------------------ */
/* Painting a Forest Floor                                             */

static const char *
seat_name (const FolSummerHighlights *h, int seat, char *buf, size_t len)
{
  if (h && h->names[seat] && h->names[seat][0])
    return h->names[seat];
  g_snprintf (buf, len, _("Player %d"), seat + 1);
  return buf;
}

static void
draw_panel (cairo_t *cr, const Palette *p, const FolRect *r, double radius, gboolean active)
{
  rounded_rect (cr, r->x + 1.5, r->y + 2.5, r->width, r->height, radius);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.12);
  cairo_fill (cr);
  rounded_rect (cr, r->x, r->y, r->width, r->height, radius);
  set_rgb (cr, p->panel);
  cairo_fill_preserve (cr);
  set_rgb (cr, active ? p->accent : p->panel_edge);
  cairo_set_line_width (cr, active ? 2.0 : 1.0);
  cairo_stroke (cr);
}

/* Treasure counts in a row: icon then the number; returns the width used. */
static double
draw_treasure_counts (cairo_t *cr, const Palette *p, const uint8_t counts[SUMMER_N_TREASURES], double x, double y,
                      double size, gboolean dim_zero)
{
  double x0 = x;
  for (int t = 0; t < SUMMER_N_TREASURES; t++)
    {
      gboolean dim = dim_zero && counts[t] == 0;
      if (dim)
        begin_alpha (cr, x - 2, y - 2, size * 3.5, size * 1.4);
      draw_treasure (cr, p, t, x + size / 2, y + size / 2, size);
      char buf[16];
      g_snprintf (buf, sizeof buf, "%d", counts[t]);
      double w = draw_text (cr, buf, x + size * 1.02, y + size * 0.08, size * 0.72, TRUE, ALIGN_LEFT, p->text, 0);
      if (dim)
        end_alpha (cr, 0.35);
      x += size * 1.02 + w + size * 0.45;
    }
  return x - x0;
}

static void
draw_floor (cairo_t *cr, const Palette *p, const SummerState *s, int seat_i, const FolSummerSeatGeom *g,
            const FolSummerHighlights *h)
{
  const SummerSeat *seat = &s->seat[seat_i];
  const SummerFloorSide *side = &comp ()->side[seat->side];
  double c = g->cell, gx = g->gx, gy = g->gy;

  /* what is shown: the pieces in flight (fol_summer_motion_compute()) are
   * left out where they land, the floor drawn as before they came */
  uint8_t cover[SUMMER_SQUARES];
  FolBits72 holes = seat->holes, animals = seat->animals;
  for (int sq = 0; sq < SUMMER_SQUARES; sq++)
    {
      int t = seat->cover[sq];
      gboolean hid_sq = h && h->hidden_seat == seat_i && fol_bb_test (h->hidden_squares, sq);
      gboolean hidden = (t < SUMMER_N_LEAF_TILES && h && h->hidden_tiles[t]) || (hid_sq && t == SUMMER_COVER_SQUIRREL);
      cover[sq] = hidden ? SUMMER_NONE : (uint8_t) t;
      if (hidden)
        holes &= ~fol_bb_bit (sq);
      if (hid_sq || hidden)
        animals &= ~fol_bb_bit (sq);
    }

  /* the board under the grid: a slight frame */
  rounded_rect (cr, gx - c * 0.12, gy - c * 0.12, 9 * c + c * 0.24, 8 * c + c * 0.24, c * 0.18);
  set_rgb (cr, mix (p->area_edge, p->floor[0], 0.35));
  cairo_fill (cr);

  /* the squares, tinted per Area */
  for (int sq = 0; sq < SUMMER_SQUARES; sq++)
    {
      double X = gx + (sq % SUMMER_COLS) * c, Y = gy + (sq / SUMMER_COLS) * c;
      Rgb f = p->floor[side->area[sq] % SUMMER_N_AREAS];
      cairo_rectangle (cr, X, Y, c, c);
      set_rgb (cr, f);
      cairo_fill (cr);
    }
  /* a little ground texture: speckles, fixed per square */
  if (c >= 14)
    for (int sq = 0; sq < SUMMER_SQUARES; sq++)
      {
        double X = gx + (sq % SUMMER_COLS) * c, Y = gy + (sq / SUMMER_COLS) * c;
        guint32 hsh = tile_hash (sq * 7 + seat->side * 131);
        for (int k = 0; k < 3; k++)
          {
            double px = X + ((hsh >> (k * 5)) & 31) / 31.0 * c * 0.8 + c * 0.1;
            double py = Y + ((hsh >> (k * 5 + 15)) & 31) / 31.0 * c * 0.8 + c * 0.1;
            cairo_arc (cr, px, py, c * 0.025, 0, 2 * M_PI);
            set_rgba (cr, p->grid, 0.35);
            cairo_fill (cr);
          }
      }
  /* grid lines */
  set_rgba (cr, p->grid, 0.35);
  cairo_set_line_width (cr, MAX (c * 0.012, 0.5));
  for (int x = 1; x < SUMMER_COLS; x++)
    {
      cairo_move_to (cr, gx + x * c, gy);
      cairo_line_to (cr, gx + x * c, gy + 8 * c);
    }
  for (int y = 1; y < SUMMER_ROWS; y++)
    {
      cairo_move_to (cr, gx, gy + y * c);
      cairo_line_to (cr, gx + 9 * c, gy + y * c);
    }
  cairo_stroke (cr);

  /* printed treasures on squares still empty (under Holes: drawn with the Hole) */
  for (int sq = 0; sq < SUMMER_SQUARES; sq++)
    if (side->treasure[sq] != SUMMER_NO_TREASURE && cover[sq] == SUMMER_NONE)
      {
        double X = gx + (sq % SUMMER_COLS) * c, Y = gy + (sq / SUMMER_COLS) * c;
        cairo_arc (cr, X + c / 2, Y + c / 2, c * 0.36, 0, 2 * M_PI);
        cairo_set_source_rgba (cr, 1, 1, 1, p == &dark_palette ? 0.08 : 0.22);
        cairo_fill (cr);
        draw_treasure (cr, p, side->treasure[sq], X + c / 2, Y + c / 2, c * 0.62);
      }

  /* Area numbers, faint, in each Area's top-left square when it is empty */
  if (c >= 20)
    for (int a = 0; a < SUMMER_N_AREAS; a++)
      {
        FolBits72 am = side->area_mask[a];
        if (!am)
          continue;
        int sq = fol_bb_lowest (am);
        if (cover[sq] != SUMMER_NONE)
          continue;
        char buf[4];
        g_snprintf (buf, sizeof buf, "%d", a + 1);
        cairo_save (cr);
        draw_text (cr, buf, gx + (sq % SUMMER_COLS) * c + c * 0.07, gy + (sq / SUMMER_COLS) * c + c * 0.02,
                   c * 0.22, TRUE, ALIGN_LEFT, mix (p->floor[a], p->area_edge, 0.55), 0);
        cairo_restore (cr);
      }

  /* Leaf tiles: fill cells, veins, then outlines between different tiles */
  for (int sq = 0; sq < SUMMER_SQUARES; sq++)
    {
      int t = cover[sq];
      if (t >= SUMMER_N_LEAF_TILES)
        continue;
      int colour = comp ()->leaf[t].colour;
      double X = gx + (sq % SUMMER_COLS) * c, Y = gy + (sq / SUMMER_COLS) * c;
      cairo_rectangle (cr, X, Y, c, c);
      set_rgb (cr, p->leaf[colour]);
      cairo_fill (cr);
      if (!fol_bb_test (holes, sq))
        draw_veins (cr, p, colour, t, X, Y, c, sq);
    }
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_SQUARE);
  for (int sq = 0; sq < SUMMER_SQUARES; sq++)
    {
      int t = cover[sq];
      if (t >= SUMMER_N_LEAF_TILES)
        continue;
      int x = sq % SUMMER_COLS, y = sq / SUMMER_COLS;
      double X = gx + x * c, Y = gy + y * c;
      double in = MAX (c * 0.035, 0.5);
      set_rgb (cr, p->leaf_edge[comp ()->leaf[t].colour]);
      cairo_set_line_width (cr, MAX (c * 0.07, 1.0));
      if (y == 0 || cover[sq - SUMMER_COLS] != t)
        { cairo_move_to (cr, X, Y + in); cairo_line_to (cr, X + c, Y + in); }
      if (y == SUMMER_ROWS - 1 || cover[sq + SUMMER_COLS] != t)
        { cairo_move_to (cr, X, Y + c - in); cairo_line_to (cr, X + c, Y + c - in); }
      if (x == 0 || cover[sq - 1] != t)
        { cairo_move_to (cr, X + in, Y); cairo_line_to (cr, X + in, Y + c); }
      if (x == SUMMER_COLS - 1 || cover[sq + 1] != t)
        { cairo_move_to (cr, X + c - in, Y); cairo_line_to (cr, X + c - in, Y + c); }
      cairo_stroke (cr);
    }
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);

  /* Holes (and their tokens), not under an Animal tile */
  for (int sq = 0; sq < SUMMER_SQUARES; sq++)
    if (fol_bb_test (holes, sq) && !fol_bb_test (animals, sq))
      draw_hole (cr, p, p->floor[side->area[sq] % SUMMER_N_AREAS], gx + (sq % SUMMER_COLS) * c,
                 gy + (sq / SUMMER_COLS) * c, c, side->treasure[sq], seat->token[sq]);

  /* Animal tiles: one shape per tile over its Holes */
  for (int k = 0; k < seat->n_animals; k++)
    {
      FolCell cells[SUMMER_SQUARES];
      int nc = 0;
      for (int sq = 0; sq < SUMMER_SQUARES; sq++)
        if (fol_bb_test (animals, sq) && seat->animal[sq] == k && nc < FOL_POLY_MAX_CELLS)
          {
            cells[nc].x = (int8_t) (sq % SUMMER_COLS);
            cells[nc].y = (int8_t) (sq / SUMMER_COLS);
            nc++;
          }
      if (nc == 0)
        continue;
      double in = c * 0.08;
      for (int i = 0; i < nc; i++)
        {
          cairo_rectangle (cr, gx + cells[i].x * c + in, gy + cells[i].y * c + in, c - 2 * in, c - 2 * in);
          /* bridge towards neighbours of the same tile */
          for (int j = 0; j < nc; j++)
            {
              if (cells[j].x == cells[i].x + 1 && cells[j].y == cells[i].y)
                cairo_rectangle (cr, gx + cells[i].x * c + c - in - 1, gy + cells[i].y * c + in, 2 * in + 2, c - 2 * in);
              if (cells[j].y == cells[i].y + 1 && cells[j].x == cells[i].x)
                cairo_rectangle (cr, gx + cells[i].x * c + in, gy + cells[i].y * c + c - in - 1, c - 2 * in, 2 * in + 2);
            }
        }
      set_rgb (cr, p->animal);
      cairo_fill (cr);
      cairo_save (cr);
      cairo_translate (cr, in, in);
      cairo_scale (cr, 1, 1);
      cairo_restore (cr);
      /* outline: the cells' union shrunk a little */
      cairo_save (cr);
      cairo_set_line_width (cr, MAX (c * 0.05, 1));
      set_rgb (cr, p->animal_edge);
      cells_outline_path (cr, cells, nc, gx + in * 0, gy + in * 0, c);
      cairo_restore (cr);
      cairo_new_path (cr);
      for (int i = 0; i < nc; i++)
        draw_paw (cr, p->animal_fg, gx + (cells[i].x + 0.5) * c, gy + (cells[i].y + 0.5) * c, c * 0.7);
    }

  /* Squirrels */
  for (int sq = 0; sq < SUMMER_SQUARES; sq++)
    if (cover[sq] == SUMMER_COVER_SQUIRREL)
      draw_squirrel_token (cr, p, gx + (sq % SUMMER_COLS + 0.5) * c, gy + (sq / SUMMER_COLS + 0.5) * c, c * 0.4);

  /* Area borders, drawn over everything */
  set_rgb (cr, p->area_edge);
  cairo_set_line_width (cr, MAX (c * 0.06, 1.2));
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  for (int sq = 0; sq < SUMMER_SQUARES; sq++)
    {
      int x = sq % SUMMER_COLS, y = sq / SUMMER_COLS;
      if (x + 1 < SUMMER_COLS && side->area[sq] != side->area[sq + 1])
        {
          cairo_move_to (cr, gx + (x + 1) * c, gy + y * c);
          cairo_line_to (cr, gx + (x + 1) * c, gy + (y + 1) * c);
        }
      if (y + 1 < SUMMER_ROWS && side->area[sq] != side->area[sq + SUMMER_COLS])
        {
          cairo_move_to (cr, gx + x * c, gy + (y + 1) * c);
          cairo_line_to (cr, gx + (x + 1) * c, gy + (y + 1) * c);
        }
    }
  cairo_stroke (cr);
  rounded_rect (cr, gx, gy, 9 * c, 8 * c, c * 0.06);
  cairo_set_line_width (cr, MAX (c * 0.07, 1.4));
  cairo_stroke (cr);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);

  /* completed Areas: a small leaf-green check badge */
  if (c >= 12)
    for (int a = 0; a < SUMMER_N_AREAS; a++)
      if (seat->areas_done & (1u << a))
        {
          FolBits72 am = side->area_mask[a];
          int lo = fol_bb_lowest (am);
          int hi = lo;
          for (int sq = 0; sq < SUMMER_SQUARES; sq++)
            if (fol_bb_test (am, sq))
              hi = sq;
          double bx = gx + (hi % SUMMER_COLS + 1) * c - c * 0.2, by = gy + (lo / SUMMER_COLS) * c + c * 0.2;
          double r = MAX (c * 0.15, 4);
          cairo_arc (cr, bx, by, r, 0, 2 * M_PI);
          set_rgb (cr, p->legal);
          cairo_fill_preserve (cr);
          cairo_set_source_rgb (cr, 1, 1, 1);
          cairo_set_line_width (cr, MAX (r * 0.18, 0.8));
          cairo_stroke (cr);
          cairo_move_to (cr, bx - r * 0.45, by);
          cairo_line_to (cr, bx - r * 0.1, by + r * 0.38);
          cairo_line_to (cr, bx + r * 0.5, by - r * 0.35);
          cairo_set_line_width (cr, MAX (r * 0.28, 1));
          cairo_stroke (cr);
        }

  if (!h)
    return;

  /* the last move (once it has landed) */
  if (h->last_seat == seat_i && h->last_squares && h->n_flights == 0)
    {
      for (int sq = 0; sq < SUMMER_SQUARES; sq++)
        if (fol_bb_test (h->last_squares, sq))
          {
            double X = gx + (sq % SUMMER_COLS) * c, Y = gy + (sq / SUMMER_COLS) * c;
            cairo_rectangle (cr, X, Y, c, c);
            cairo_set_source_rgba (cr, 1, 1, 1, 0.16);
            cairo_fill (cr);
          }
      FolCell cells[SUMMER_SQUARES];
      int nc = 0;
      for (int sq = 0; sq < SUMMER_SQUARES; sq++)
        if (fol_bb_test (h->last_squares, sq))
          {
            cells[nc].x = (int8_t) (sq % SUMMER_COLS);
            cells[nc].y = (int8_t) (sq / SUMMER_COLS);
            nc++;
          }
      cells_outline_path (cr, cells, nc, gx, gy, c);
      set_rgb (cr, p->last);
      cairo_set_line_width (cr, MAX (c * 0.09, 2));
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_SQUARE);
      double dash[] = { MAX (c * 0.22, 4), MAX (c * 0.12, 2) };
      cairo_set_dash (cr, dash, 2, 0);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
    }

}

/* The hint on the acting seat's floor: the piece it places, translucent,
 * inside a dashed outline in the hint colour (a colour no other mark uses,
 * and a dashed line as well, for colour-blind players). */

/* Strokes the current path in the hint colour, dashed @on / @off, @width
 * wide (the hint's outline and its rings share this look). */
static void
stroke_hint_dashed (cairo_t *cr, const Palette *p, double width, double on, double off)
{
  double dash[] = { on, off };
  cairo_set_dash (cr, dash, 2, 0);
  set_rgb (cr, p->hint);
  cairo_set_line_width (cr, width);
  cairo_stroke (cr);
  cairo_set_dash (cr, NULL, 0, 0);
}

static void
draw_hint (cairo_t *cr, const Palette *p, const SummerState *s, int seat_i, const FolSummerSeatGeom *g,
           const FolSummerHighlights *h)
{
  const SummerMove *m = &h->hint;
  int hole;
  FolBits72 squares = fol_summer_move_squares (m, &hole);
  if (!squares)
    return;
  const SummerFloorSide *side = &comp ()->side[s->seat[seat_i].side];
  double c = g->cell, gx = g->gx, gy = g->gy;
  const double alpha = 0.5;
  if (m->kind == SUMMER_MOVE_LEAF)
    {
      const FolOrientationSet *set = &comp ()->leaf[m->tile].orientations;
      const FolOrientation *o = &set->o[set->of_transform[m->transform & 7]];
      double ox = gx + (m->square % SUMMER_COLS) * c, oy = gy + (m->square / SUMMER_COLS) * c;
      draw_leaf_shape (cr, p, m->tile, o, ox, oy, c, alpha, p->floor[side->area[hole >= 0 ? hole : 0] % SUMMER_N_AREAS]);
    }
  else if (m->kind == SUMMER_MOVE_ANIMAL)
    {
      begin_alpha (cr, gx, gy, SUMMER_COLS * c, SUMMER_ROWS * c);
      for (int sq = 0; sq < SUMMER_SQUARES; sq++)
        if (fol_bb_test (squares, sq))
          {
            double X = gx + (sq % SUMMER_COLS) * c, Y = gy + (sq / SUMMER_COLS) * c;
            cairo_rectangle (cr, X, Y, c, c);
            set_rgb (cr, p->animal);
            cairo_fill (cr);
            draw_paw (cr, p->animal_fg, X + c / 2, Y + c / 2, c * 0.7);
          }
      end_alpha (cr, alpha);
    }
  else
    {
      int sq = m->square;
      double X = gx + (sq % SUMMER_COLS + 0.5) * c, Y = gy + (sq / SUMMER_COLS + 0.5) * c;
      begin_alpha (cr, X - c / 2, Y - c / 2, c, c);
      draw_squirrel_token (cr, p, X, Y, c * 0.4);
      end_alpha (cr, 0.6);
    }
  /* a light wash and the dashed outline */
  FolCell cells[SUMMER_SQUARES];
  int nc = 0;
  for (int sq = 0; sq < SUMMER_SQUARES; sq++)
    if (fol_bb_test (squares, sq))
      {
        cells[nc].x = (int8_t) (sq % SUMMER_COLS);
        cells[nc].y = (int8_t) (sq / SUMMER_COLS);
        cairo_rectangle (cr, gx + cells[nc].x * c, gy + cells[nc].y * c, c, c);
        nc++;
      }
  set_rgba (cr, p->hint, 0.14);
  cairo_fill (cr);
  cells_outline_path (cr, cells, nc, gx, gy, c);
  double w = MAX (c * 0.09, 2.5);
  stroke_hint_dashed (cr, p, w, w * 2.4, w * 1.5);
}

/* The held piece and its consequences, on the acting seat's floor. */
static void
draw_floor_overlay (cairo_t *cr, const Palette *p, const SummerState *s, int seat_i, const FolSummerSeatGeom *g,
                    const FolSummerHighlights *h)
{
  const SummerSeat *seat = &s->seat[seat_i];
  const SummerFloorSide *side = &comp ()->side[seat->side];
  double c = g->cell, gx = g->gx, gy = g->gy;

  /* Areas that the held piece would complete */
  for (int a = 0; a < SUMMER_N_AREAS; a++)
    if (h->complete_areas & (1u << a))
      for (int sq = 0; sq < SUMMER_SQUARES; sq++)
        if (fol_bb_test (side->area_mask[a], sq))
          {
            double X = gx + (sq % SUMMER_COLS) * c, Y = gy + (sq / SUMMER_COLS) * c;
            cairo_rectangle (cr, X, Y, c, c);
            set_rgba (cr, p->complete, 0.26);
            cairo_fill (cr);
          }
  if (h->complete_areas)
    {
      /* a bright border around those Areas */
      set_rgb (cr, p->complete);
      cairo_set_line_width (cr, MAX (c * 0.08, 2));
      for (int sq = 0; sq < SUMMER_SQUARES; sq++)
        {
          int a = side->area[sq];
          if (!(h->complete_areas & (1u << a)))
            continue;
          int x = sq % SUMMER_COLS, y = sq / SUMMER_COLS;
          double X = gx + x * c, Y = gy + y * c;
          if (y == 0 || side->area[sq - SUMMER_COLS] != a) { cairo_move_to (cr, X, Y); cairo_line_to (cr, X + c, Y); }
          if (y == SUMMER_ROWS - 1 || side->area[sq + SUMMER_COLS] != a) { cairo_move_to (cr, X, Y + c); cairo_line_to (cr, X + c, Y + c); }
          if (x == 0 || side->area[sq - 1] != a) { cairo_move_to (cr, X, Y); cairo_line_to (cr, X, Y + c); }
          if (x == SUMMER_COLS - 1 || side->area[sq + 1] != a) { cairo_move_to (cr, X + c, Y); cairo_line_to (cr, X + c, Y + c); }
        }
      cairo_stroke (cr);
    }

  /* legal placement marks */
  for (int sq = 0; sq < SUMMER_SQUARES && h->held != FOL_SUMMER_HELD_NONE; sq++)
    if (fol_bb_test (h->legal_marks, sq))
      {
        cairo_arc (cr, gx + (sq % SUMMER_COLS + 0.5) * c, gy + (sq / SUMMER_COLS + 0.5) * c, MAX (c * 0.075, 2), 0, 2 * M_PI);
        set_rgba (cr, p->legal, 0.65);
        cairo_fill_preserve (cr);
        cairo_set_source_rgba (cr, 1, 1, 1, 0.8);
        cairo_set_line_width (cr, 1);
        cairo_stroke (cr);
      }

  /* the ghost of the held piece */
  if (h->held != FOL_SUMMER_HELD_NONE && h->ghost_squares)
    {
      Rgb tint = h->ghost_legal ? p->legal : p->illegal;
      if (h->held == FOL_SUMMER_HELD_LEAF && h->ghost.tile < SUMMER_N_LEAF_TILES)
        {
          const FolOrientationSet *set = &comp ()->leaf[h->ghost.tile].orientations;
          const FolOrientation *o = &set->o[set->of_transform[h->ghost.transform & 7]];
          double ox = gx + (h->ghost.square % SUMMER_COLS) * c, oy = gy + (h->ghost.square / SUMMER_COLS) * c;
          draw_leaf_shape (cr, p, h->ghost.tile, o, ox, oy, c, h->ghost_legal ? 0.93 : 0.55,
                           p->floor[side->area[h->ghost_hole >= 0 ? h->ghost_hole : 0] % SUMMER_N_AREAS]);
          if (h->ghost_hole >= 0 && side->treasure[h->ghost_hole] != SUMMER_NO_TREASURE)
            draw_treasure (cr, p, side->treasure[h->ghost_hole], ox + (o->cells[o->hole].x + 0.5) * c,
                           oy + (o->cells[o->hole].y + 0.5) * c, c * 0.48);
        }
      else if (h->held == FOL_SUMMER_HELD_SQUIRREL)
        {
          int sq = h->ghost.square;
          begin_alpha (cr, gx + (sq % SUMMER_COLS) * c, gy + (sq / SUMMER_COLS) * c, c, c);
          draw_squirrel_token (cr, p, gx + (sq % SUMMER_COLS + 0.5) * c, gy + (sq / SUMMER_COLS + 0.5) * c, c * 0.4);
          end_alpha (cr, 0.85);
        }
      else
        for (int sq = 0; sq < SUMMER_SQUARES; sq++)
          if (fol_bb_test (h->ghost_squares, sq))
            {
              double X = gx + (sq % SUMMER_COLS) * c, Y = gy + (sq / SUMMER_COLS) * c;
              cairo_rectangle (cr, X + c * 0.08, Y + c * 0.08, c * 0.84, c * 0.84);
              set_rgba (cr, p->animal, 0.8);
              cairo_fill (cr);
              draw_paw (cr, p->animal_fg, X + c / 2, Y + c / 2, c * 0.7);
            }
      /* tint and outline: green fits, red does not */
      FolCell cells[SUMMER_SQUARES];
      int nc = 0;
      for (int sq = 0; sq < SUMMER_SQUARES; sq++)
        if (fol_bb_test (h->ghost_squares, sq))
          {
            cells[nc].x = (int8_t) (sq % SUMMER_COLS);
            cells[nc].y = (int8_t) (sq / SUMMER_COLS);
            double X = gx + cells[nc].x * c, Y = gy + cells[nc].y * c;
            cairo_rectangle (cr, X, Y, c, c);
            set_rgba (cr, tint, h->ghost_legal ? 0.06 : 0.35);
            cairo_fill (cr);
            nc++;
          }
      cells_outline_path (cr, cells, nc, gx, gy, c);
      set_rgb (cr, tint);
      cairo_set_line_width (cr, MAX (c * 0.1, 2.5));
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_SQUARE);
      cairo_stroke (cr);
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
      if (!h->ghost_legal)
        {
          /* a cross as well as the colour, for colour-blind players */
          for (int i = 0; i < nc; i++)
            {
              double X = gx + (cells[i].x + 0.5) * c, Y = gy + (cells[i].y + 0.5) * c, r = c * 0.16;
              cairo_move_to (cr, X - r, Y - r);
              cairo_line_to (cr, X + r, Y + r);
              cairo_move_to (cr, X + r, Y - r);
              cairo_line_to (cr, X - r, Y + r);
            }
          set_rgba (cr, p->illegal, 0.9);
          cairo_set_line_width (cr, MAX (c * 0.06, 1.5));
          cairo_stroke (cr);
        }
      /* squares that would give a treasure: a golden ring */
      for (int sq = 0; sq < SUMMER_SQUARES; sq++)
        if (fol_bb_test (h->gain_squares, sq))
          {
            double X = gx + (sq % SUMMER_COLS + 0.5) * c, Y = gy + (sq / SUMMER_COLS + 0.5) * c;
            cairo_arc (cr, X, Y, c * 0.43, 0, 2 * M_PI);
            set_rgb (cr, p->gain);
            cairo_set_line_width (cr, MAX (c * 0.09, 2.5));
            cairo_stroke (cr);
            /* a small "+" badge */
            double bx = X + c * 0.32, by = Y - c * 0.32, r = MAX (c * 0.15, 5);
            cairo_arc (cr, bx, by, r, 0, 2 * M_PI);
            set_rgb (cr, p->gain);
            cairo_fill (cr);
            set_rgb (cr, p->hole_rim);
            cairo_set_line_width (cr, MAX (r * 0.3, 1));
            cairo_move_to (cr, bx - r * 0.55, by);
            cairo_line_to (cr, bx + r * 0.55, by);
            cairo_move_to (cr, bx, by - r * 0.55);
            cairo_line_to (cr, bx, by + r * 0.55);
            cairo_stroke (cr);
          }
    }
  else if (h->cursor_square >= 0 && h->cursor_square < SUMMER_SQUARES)
    {
      int sq = h->cursor_square;
      rounded_rect (cr, gx + (sq % SUMMER_COLS) * c + 2, gy + (sq / SUMMER_COLS) * c + 2, c - 4, c - 4, c * 0.1);
      set_rgb (cr, p->last);
      cairo_set_line_width (cr, 2.5);
      cairo_stroke (cr);
    }
}

/* Is @tile one the acting seat may pick now? */
static gboolean
tile_pickable (const SummerState *s, const FolSummerHighlights *h, int tile)
{
  if (!h || h->acting_seat < 0 || h->acting_seat != s->current || s->phase != SUMMER_PHASE_PLAY)
    return FALSE;
  if (s->pending == SUMMER_PENDING_MUSHROOM)
    return tile == s->claim_tile[0] || tile == s->claim_tile[1];
  const SummerSeat *seat = &s->seat[s->current];
  gboolean on_path = FALSE;
  for (int i = 0; i < seat->path_len; i++)
    if (seat->path[i] == tile)
      on_path = TRUE;
  if (!on_path)
    return FALSE;
  return s->pending == SUMMER_PENDING_FEATHER || (s->pending == SUMMER_PENDING_NONE && !s->main_done);
}

/* A dashed ring in the hint colour around @r: the tile or Animal tile a hint takes. */
static void
draw_hint_ring (cairo_t *cr, const Palette *p, const FolRect *r, double width)
{
  double m = width * 0.6;
  rounded_rect (cr, r->x - m, r->y - m, r->width + 2 * m, r->height + 2 * m, width * 2);
  stroke_hint_dashed (cr, p, width, width * 2.2, width * 1.4);
}

/* The key that takes @tile (issue 11: 1-6 the Player Path in its drawn
 * order, 1-2 a Mushroom's claimed tiles, each keeping its key once the
 * other is placed), or 0. */
static int
tile_key (const SummerState *s, const FolSummerHighlights *h, int tile)
{
  if (!tile_pickable (s, h, tile))
    return 0;
  if (s->pending == SUMMER_PENDING_MUSHROOM)
    {
      /* each keeps its key after the other is placed */
      for (int k = 0; k < 2; k++)
        if (s->claim_tile[k] != SUMMER_NONE && s->claim_tile[k] == tile)
          return k + 1;
      return 0;
    }
  const SummerSeat *seat = &s->seat[s->current];
  for (int i = 0; i < seat->path_len; i++)
    if (seat->path[i] == tile)
      return i + 1;
  return 0;
}

/* A small badge with the key that takes a tile, at the slot's top-left corner. */
static void
draw_key_badge (cairo_t *cr, const Palette *p, const FolRect *slot, int key, double pc)
{
  double r = MAX (pc * 0.5, 6);
  double cx = slot->x + r * 0.55, cy = slot->y + r * 0.55;
  cairo_arc (cr, cx, cy, r, 0, 2 * M_PI);
  set_rgb (cr, p->panel);
  cairo_fill_preserve (cr);
  set_rgb (cr, p->text_dim);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
  char buf[4];
  g_snprintf (buf, sizeof buf, "%d", key);
  draw_text (cr, buf, cx, cy - r * 0.72, r * 1.3, TRUE, ALIGN_CENTER, p->text, 0);
}

/* A tile in a slot, with the pickable glow, the lifted state, the key that
 * takes it and the hint's ring; nothing while it is in flight. */
static void
draw_slot_tile (cairo_t *cr, const Palette *p, const SummerState *s, const FolSummerHighlights *h, int tile,
                const FolRect *slot, double pc)
{
  if (h && tile >= 0 && tile < SUMMER_N_LEAF_TILES && h->hidden_tiles[tile])
    return;
  gboolean pick = tile_pickable (s, h, tile);
  gboolean lifted = h && h->lifted_tile == tile;
  if (pick && !h->read_only)
    {
      rounded_rect (cr, slot->x, slot->y, slot->width, slot->height, pc * 0.5);
      set_rgba (cr, p->complete, lifted ? 0.08 : 0.2);
      cairo_fill_preserve (cr);
      set_rgba (cr, p->complete, lifted ? 0.35 : 0.9);
      cairo_set_line_width (cr, MAX (pc * 0.12, 1.5));
      cairo_stroke (cr);
    }
  draw_leaf_in_slot (cr, p, tile, slot, pc, lifted ? 0.3 : 1.0);
  if (pick && h->has_hint && h->hint.kind == SUMMER_MOVE_LEAF && h->hint.tile == tile)
    draw_hint_ring (cr, p, slot, MAX (pc * 0.16, 2));
  int key = h && !h->read_only ? tile_key (s, h, tile) : 0;
  if (key > 0 && !lifted)
    draw_key_badge (cr, p, slot, key, pc);
}

/* A soft glow of the accent colour around @r: the card of the seat whose
 * turn it is while another seat's floor is shown large (a computer's turn,
 * issue 11: the large floor stays, the acting seat's card lights up). */
static void
draw_turn_glow (cairo_t *cr, const Palette *p, const FolRect *r, double radius)
{
  for (int i = 5; i >= 1; i--)
    {
      double e = i * 1.6;
      rounded_rect (cr, r->x - e, r->y - e, r->width + 2 * e, r->height + 2 * e, radius + e);
      set_rgba (cr, p->accent, 0.07 * (6 - i));
      cairo_set_line_width (cr, 2.2);
      cairo_stroke (cr);
    }
}

static void
draw_seat (cairo_t *cr, const Palette *p, const SummerState *s, int seat_i, const FolSummerLayout *l,
           const FolSummerHighlights *h)
{
  const FolSummerSeatGeom *g = &l->seat[seat_i];
  const SummerSeat *seat = &s->seat[seat_i];
  double u = l->unit;
  gboolean to_move = s->current == seat_i && s->phase != SUMMER_PHASE_OVER;
  if (to_move && !g->large)
    draw_turn_glow (cr, p, &g->panel, u * 0.2);
  draw_panel (cr, p, &g->panel, u * 0.2, to_move);
  if (to_move && !g->large)
    {
      rounded_rect (cr, g->panel.x, g->panel.y, g->panel.width, g->panel.height, u * 0.2);
      set_rgb (cr, p->accent);
      cairo_set_line_width (cr, 3);
      cairo_stroke (cr);
    }

  char buf[64];
  const char *name = seat_name (h, seat_i, buf, sizeof buf);
  int empty = summer_empty_squares (s, seat_i);
  if (g->large)
    {
      /* the name and what happens now; under it the empty squares and
       * Squirrels; the treasures at the right */
      double fs = 0.34 * u;
      double ts = 0.5 * u;
      double counts_w = treasure_counts_width (cr, seat->treasures, ts);
      double x = g->info.x, y = g->info.y;
      double room = g->info.width - counts_w - fs;
      double w = draw_text (cr, name, x, y, fs, TRUE, ALIGN_LEFT, p->text, room * 0.55);
      g_autofree char *status = NULL;
      if (s->phase == SUMMER_PHASE_OVER && l->n_players == 1)
        status = s->result[seat_i].solo_score >= 0
                 /* Translators: the solo board's header at the end (short: it shares a line with the name): "won · 23 points" */
                 ? g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "won · %d point", "won · %d points",
                                                 s->result[seat_i].solo_score), s->result[seat_i].solo_score)
                 /* Translators: the solo board's header at the end of a lost game: "lost · -5" */
                 : g_strdup_printf (_("lost · %d"), s->result[seat_i].solo_score);
      else if (s->phase == SUMMER_PHASE_OVER)
        /* Translators: a board's header at the end (short: it shares a line with the name): "80 points · place 1" */
        status = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d point · place %d", "%d points · place %d",
                                               s->result[seat_i].app_score),
                                  s->result[seat_i].app_score, s->result[seat_i].rank);
      else if (l->n_players == 1)
        status = s->phase == SUMMER_PHASE_SOLO_END ? g_strdup (_("end phase"))
                 : s->pending == SUMMER_PENDING_MUSHROOM ? g_strdup (_("place the Mushroom tiles"))
                 : s->pending == SUMMER_PENDING_REFILL ? g_strdup (_("refill your Player Path"))
                 : s->pending == SUMMER_PENDING_FEATHER
                   ? g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Feather: place %d more tile", "Feather: place %d more tiles",
                                                   s->feather_left), s->feather_left)
                 : g_strdup_printf (_("turn %d of %d"), s->round, SUMMER_SOLO_TURNS);
      else if (to_move && s->pending == SUMMER_PENDING_MUSHROOM)
        status = g_strdup (_("place the Mushroom tiles"));
      else if (to_move && s->pending == SUMMER_PENDING_FEATHER)
        status = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Feather: place %d more tile", "Feather: place %d more tiles",
                                               s->feather_left), s->feather_left);
      else if (to_move && s->pending == SUMMER_PENDING_REFILL)
        status = g_strdup (_("refill your Player Path"));
      else if (to_move)
        status = g_strdup_printf (_("to play · round %d"), s->round);
      else
        status = g_strdup_printf (_("round %d"), s->round);
      draw_text (cr, status, x + w + fs * 0.6, y + fs * 0.15, fs * 0.78, FALSE, ALIGN_LEFT,
                 to_move ? p->accent : p->text_dim, MAX (room - w - fs * 0.6, 10));
      /* empty squares and Squirrels */
      g_autofree char *emp = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d empty square", "%d empty squares", empty), empty);
      g_autofree char *sq = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d Squirrel", "%d Squirrels", seat->n_squirrels),
                                             seat->n_squirrels);
      double sfs = fs * 0.72;
      double ew = draw_text (cr, emp, g->stats.x, g->stats.y + 0.04 * u, sfs, TRUE, ALIGN_LEFT, empty ? p->text : p->legal,
                             room);
      draw_text (cr, "·", g->stats.x + ew + sfs * 0.45, g->stats.y + 0.04 * u, sfs, FALSE, ALIGN_LEFT, p->text_dim, 0);
      draw_text (cr, sq, g->stats.x + ew + sfs * 1.3, g->stats.y + 0.04 * u, sfs, FALSE, ALIGN_LEFT, p->text_dim,
                 MAX (room - ew - sfs * 1.3, 10));
      /* treasures at the right */
      double right = g->info.x + g->info.width;
      draw_treasure_counts (cr, p, seat->treasures, right - counts_w + ts * 0.45,
                            g->info.y + (g->info.height - ts) / 2, ts, TRUE);
      /* a hint that spends a treasure rings its count (the panel's button
       * may be folded away) */
      int spent = !h || !h->has_hint || s->current != seat_i ? -1
                  : h->hint.kind == SUMMER_MOVE_MUSHROOM ? SUMMER_MUSHROOM
                  : h->hint.kind == SUMMER_MOVE_FEATHER ? SUMMER_FEATHER
                  : h->hint.kind == SUMMER_MOVE_BERRY ? SUMMER_BERRY : -1;
      FolRect rings[SUMMER_N_TREASURES];
      if (spent >= 0 && treasure_rects (l, s, rings))
        draw_hint_ring (cr, p, &rings[spent], MAX (2.0, 0.05 * u));
    }
  else
    {
      /* the name (a dot when it is this seat's turn), then its treasures and empty squares */
      double fs = 0.3 * u;
      double x = g->info.x, y = g->info.y;
      if (to_move)
        {
          cairo_arc (cr, x + fs * 0.35, y + fs * 0.65, fs * 0.28, 0, 2 * M_PI);
          set_rgb (cr, p->accent);
          cairo_fill (cr);
          x += fs * 0.9;
        }
      draw_text (cr, name, x, y, fs, TRUE, ALIGN_LEFT, to_move ? p->accent : p->text, g->info.x + g->info.width - x);
      double ts = 0.3 * u;
      double tw = draw_treasure_counts (cr, p, seat->treasures, g->info.x, y + fs * 1.4, ts, TRUE);
      g_autofree char *emp = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d empty", "%d empty", empty), empty);
      if (tw + text_width (cr, emp, fs * 0.8, FALSE) + fs < g->info.width)
        draw_text (cr, emp, g->info.x + g->info.width, y + fs * 1.4, fs * 0.8, FALSE, ALIGN_RIGHT, p->text_dim, 0);
    }

  draw_floor (cr, p, s, seat_i, g, h);
  /* the hint lies under whatever the pointer holds (the overlay) */
  if (h && h->has_hint && seat_i == h->acting_seat)
    {
      draw_hint (cr, p, s, seat_i, g, h);
      for (int i = 0; i < MIN (h->n_more_hints, FOL_SUMMER_MAX_MORE_HINTS); i++)
        {
          FolSummerHighlights more = *h;
          more.hint = h->more_hints[i];
          draw_hint (cr, p, s, seat_i, g, &more);
        }
    }

  /* the Player Path, one row from the Backpack */
  draw_backpack (cr, p, &g->backpack);
  for (int i = 0; i < SUMMER_PATH_MAX; i++)
    {
      const FolRect *slot = &g->path_slot[i];
      if (slot->width <= 0)
        continue;
      if (i < seat->path_len)
        {
          draw_slot (cr, p, slot, g->path_cell * 0.5);
          draw_slot_tile (cr, p, s, h, seat->path[i], slot, g->path_cell);
        }
      else if (i < SUMMER_PATH_REFILL || g->large)
        {
          rounded_rect (cr, slot->x + 1, slot->y + 1, slot->width - 2, slot->height - 2, g->path_cell * 0.5);
          set_rgba (cr, p->panel_edge, 0.6);
          double dash[] = { 3, 3 };
          cairo_set_dash (cr, dash, 2, 0);
          cairo_set_line_width (cr, 1);
          cairo_stroke (cr);
          cairo_set_dash (cr, NULL, 0, 0);
        }
    }
}

/* ------------------------------------------------------------------ */
/* Common Path, solo paths and track, supply, Animal tiles              */

static void
panel_title (cairo_t *cr, const Palette *p, const FolRect *panel, double u, const char *title, const char *right)
{
  double ip = round (0.22 * u);
  draw_text (cr, title, panel->x + ip, panel->y + ip * 0.6, 0.27 * u, TRUE, ALIGN_LEFT, p->text, 0);
  if (right)
    draw_text (cr, right, panel->x + panel->width - ip, panel->y + ip * 0.6 + 0.03 * u, 0.24 * u, FALSE, ALIGN_RIGHT,
               p->text_dim, 0);
}

static void
draw_common (cairo_t *cr, const Palette *p, const SummerState *s, const FolSummerLayout *l, const FolSummerHighlights *h)
{
  double u = l->unit, sc = l->small_cell;
  draw_panel (cr, p, &l->common_panel, u * 0.2, FALSE);
  g_autofree char *res = g_strdup_printf (_("%d in the reserve"), s->reserve_len);
  panel_title (cr, p, &l->common_panel, u, _("Common Path"), res);
  /* the Bush, with the queue running from it */
  draw_slot (cr, p, &l->bush, sc * 0.5);
  draw_bush (cr, p, l->bush.x + l->bush.width / 2, l->bush.y + l->bush.height / 2, MIN (l->bush.width, l->bush.height) * 0.9);
  for (int i = 0; i < SUMMER_COMMON_MAX; i++)
    {
      const FolRect *r = &l->common_slot[i];
      if (i < s->common_len)
        {
          if (i == 0)
            {
              rounded_rect (cr, r->x - 1, r->y - 1, r->width + 2, r->height + 2, sc * 0.5);
              set_rgba (cr, p->accent, 0.22);
              cairo_fill (cr);
            }
          draw_slot_tile (cr, p, s, h, s->common[i], r, sc);
        }
      else
        {
          rounded_rect (cr, r->x + 1, r->y + 1, r->width - 2, r->height - 2, sc * 0.5);
          set_rgba (cr, p->panel_edge, 0.5);
          cairo_set_line_width (cr, 1);
          cairo_stroke (cr);
        }
    }
}

static void
draw_solo (cairo_t *cr, const Palette *p, const SummerState *s, const FolSummerLayout *l, const FolSummerHighlights *h)
{
  double u = l->unit, sc = l->small_cell;
  draw_panel (cr, p, &l->solo_panel, u * 0.2, FALSE);
  double ip = round (0.22 * u);
  const char *titles[2] = { _("Top Path"), _("Bottom Path") };
  for (int path = 0; path < 2; path++)
    {
      const FolRect *first = &l->solo_slot[path][0];
      draw_text (cr, titles[path], l->solo_panel.x + ip, first->y - 0.34 * u - ip * 0.3, 0.27 * u, TRUE, ALIGN_LEFT,
                 p->text, 0);
      for (int i = 0; i < SUMMER_PATH_REFILL; i++)
        {
          const FolRect *r = &l->solo_slot[path][i];
          draw_slot (cr, p, r, sc * 0.5);
          if (i < s->solo_len[path])
            draw_slot_tile (cr, p, s, h, s->solo_path[path][i], r, sc);
        }
    }
  /* the track */
  const FolRect *t0 = &l->track_slot[0];
  draw_text (cr, _("Track"), l->solo_panel.x + ip, t0->y - 0.34 * u - ip * 0.3, 0.27 * u, TRUE, ALIGN_LEFT, p->text, 0);
  for (int k = 0; k < SUMMER_TRACK_SPACES; k++)
    {
      const FolRect *r = &l->track_slot[k];
      gboolean mush = k >= SUMMER_TRACK_M1;
      int x_num = SUMMER_TRACK_M1 - k;  /* X10 at 0 .. X1 at 9 */
      gboolean now = !mush && x_num == s->round && s->phase == SUMMER_PHASE_PLAY;
      rounded_rect (cr, r->x, r->y, r->width, r->height, sc * 0.5);
      set_rgb (cr, mush ? mix (p->slot, p->treasure[SUMMER_MUSHROOM], 0.15) : p->slot);
      cairo_fill (cr);
      if (mush)
        {
          begin_alpha (cr, r->x, r->y, r->width, r->height);
          draw_treasure (cr, p, SUMMER_MUSHROOM, r->x + r->width / 2, r->y + r->height / 2, r->height * 0.7);
          end_alpha (cr, 0.35);
        }
      if (s->track[k] != SUMMER_NONE)
        draw_slot_tile (cr, p, s, h, s->track[k], r, sc);
      char buf[8];
      if (mush)
        g_snprintf (buf, sizeof buf, "M%d", k - SUMMER_TRACK_M1 + 1);
      else
        g_snprintf (buf, sizeof buf, "X%d", x_num);
      double lx = r->x + r->width / 2, ly = r->y + r->height + 0.02 * u;
      if (now)
        {
          double tw = text_width (cr, buf, 0.22 * u, TRUE);
          rounded_rect (cr, lx - tw / 2 - 4, ly, tw + 8, 0.28 * u, 0.1 * u);
          set_rgb (cr, p->accent);
          cairo_fill (cr);
          draw_text (cr, buf, lx, ly, 0.22 * u, TRUE, ALIGN_CENTER, p->panel, 0);
        }
      else
        draw_text (cr, buf, lx, ly, 0.22 * u, mush, ALIGN_CENTER, mush ? p->treasure[SUMMER_MUSHROOM] : p->text_dim, 0);
    }
}

static void
draw_supply (cairo_t *cr, const Palette *p, const SummerState *s, const FolSummerLayout *l,
             const FolSummerHighlights *h)
{
  double u = l->unit;
  draw_panel (cr, p, &l->supply_panel, u * 0.2, FALSE);
  panel_title (cr, p, &l->supply_panel, u, _("Supply and Animal tiles"), NULL);
  for (int t = 0; t <= SUMMER_N_TREASURES; t++)
    {
      const FolRect *r = &l->supply_item[t];
      double is = MIN (MIN (r->height * 0.8, 0.5 * u), r->width * 0.42);
      double fs = MIN (0.28 * u, r->width * 0.24);
      double cx = r->x + is * 0.6, cy = r->y + r->height / 2;
      char buf[16];
      if (t < SUMMER_N_TREASURES)
        {
          draw_token (cr, p, t, cx, cy, is * 0.5);
          g_snprintf (buf, sizeof buf, "%d", s->supply[t]);
        }
      else
        {
          draw_squirrel_token (cr, p, cx, cy, is * 0.5);
          g_snprintf (buf, sizeof buf, "∞");
        }
      draw_text (cr, buf, cx + is * 0.62, cy - fs * 0.62, fs, TRUE, ALIGN_LEFT,
                 t < SUMMER_N_TREASURES && s->supply[t] == 0 ? p->illegal : p->text, 0);
    }
  /* Animal tiles: shape, count left, and the set-up treasure still on Racoon, Fox, Badger */
  for (int k = 0; k < SUMMER_N_ANIMAL_KINDS; k++)
    {
      const FolRect *r = &l->animal_slot[k];
      const SummerAnimalInfo *a = &comp ()->animal[k];
      const FolOrientation *o = display_orientation (&a->orientations);
      double ac = MIN (0.2 * u, (r->width - 2) / 4.4);   /* as supply_height() */
      double ox = r->x + (r->width - o->width * ac) / 2, oy = r->y + (2.0 * ac - o->height * ac) / 2 + 2;
      double alpha = s->animals_left[k] > 0 ? 1.0 : 0.3;
      if (alpha < 1.0)
        begin_alpha (cr, r->x - ac, r->y - ac, r->width + 2 * ac, 3.4 * ac);
      for (int i = 0; i < o->n_cells; i++)
        {
          cairo_rectangle (cr, ox + o->cells[i].x * ac, oy + o->cells[i].y * ac, ac, ac);
          set_rgb (cr, p->animal);
          cairo_fill (cr);
          draw_paw (cr, p->animal_fg, ox + (o->cells[i].x + 0.5) * ac, oy + (o->cells[i].y + 0.5) * ac, ac * 0.75);
        }
      cells_outline_path (cr, o->cells, o->n_cells, ox, oy, ac);
      set_rgb (cr, p->animal_edge);
      cairo_set_line_width (cr, MAX (ac * 0.08, 1));
      cairo_stroke (cr);
      if (s->animal_token[k] != SUMMER_NO_TREASURE)
        draw_token (cr, p, s->animal_token[k], ox + o->width * ac - ac * 0.1, oy + ac * 0.1, MAX (ac * 0.55, 5));
      if (alpha < 1.0)
        end_alpha (cr, alpha);
      double fs = MIN (0.2 * u, (r->width + 2) / 5.2);
      draw_text (cr, fol_summer_animal_word (k), r->x + r->width / 2, oy + 2.0 * ac + 0.04 * u, fs, FALSE, ALIGN_CENTER,
                 s->animals_left[k] ? p->text : p->text_dim, r->width + 6);
      if (h && h->has_hint && h->acting_seat >= 0 && h->hint.kind == SUMMER_MOVE_ANIMAL && h->hint.tile == k)
        draw_hint_ring (cr, p, r, MAX (ac * 0.16, 2));
      char buf[16];
      g_snprintf (buf, sizeof buf, "×%d", s->animals_left[k]);
      draw_text (cr, buf, r->x + r->width / 2, oy + 2.0 * ac + 0.06 * u + fs * 1.15, fs, TRUE, ALIGN_CENTER,
                 s->animals_left[k] ? p->text : p->illegal, 0);
    }
}

/* Draws @text wrapped into @width; returns its height. */
static double
draw_text_wrapped (cairo_t *cr, const char *text, double x, double y, double px, double width, Rgb colour)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *fd = pango_font_description_from_string ("Cantarell, Noto Sans, DejaVu Sans, Sans");
  pango_font_description_set_absolute_size (fd, MAX (px, 4.0) * PANGO_SCALE);
  pango_layout_set_font_description (layout, fd);
  pango_layout_set_text (layout, text, -1);
  pango_layout_set_width (layout, (int) (MAX (width, 10) * PANGO_SCALE));
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  int w, h;
  pango_layout_get_pixel_size (layout, &w, &h);
  set_rgb (cr, colour);
  cairo_move_to (cr, x, y);
  pango_cairo_show_layout (cr, layout);
  cairo_new_path (cr);
  pango_font_description_free (fd);
  g_object_unref (layout);
  return h;
}

/* What each treasure does, and the exchange rule (solo, where there is room). */
static void
draw_legend (cairo_t *cr, const Palette *p, const SummerState *s, const FolSummerLayout *l)
{
  const FolRect *r = &l->legend_panel;
  double u = l->unit;
  draw_panel (cr, p, r, u * 0.2, FALSE);
  panel_title (cr, p, r, u, _("What treasures do"), NULL);
  double ip = round (0.22 * u);
  const char *what[SUMMER_N_TREASURES] = {
    s->n_players == 1 ? _("Refill your Path from either end of the Top or Bottom Path.")
                      : _("Refill your Path, or take a 6th tile."),
    _("Place a Squirrel on an empty square."),
    s->n_players == 1 ? _("Main Action: place the tiles on M1 and M2.")
                      : _("Main Action: place two opponents' first tiles."),
    _("Main Action: place two tiles of your Path."),
  };
  double fs = MIN (0.21 * u, r->height / 11);
  double tx = r->x + ip + 0.55 * u, tw = r->x + r->width - ip - tx;
  double y = r->y + 0.34 * u + ip * 1.3;
  for (int t = 0; t < SUMMER_N_TREASURES; t++)
    {
      draw_treasure (cr, p, t, r->x + ip + 0.22 * u, y + fs * 0.7, 0.4 * u);
      double h = draw_text_wrapped (cr, what[t], tx, y, fs, tw, p->text);
      y += MAX (h, 0.36 * u) + fs * 0.45;
    }
  draw_text_wrapped (cr, _("Exchange: one treasure for one of lower value, or two alike for one of the next higher."),
                     r->x + ip, y + fs * 0.2, fs * 0.92, r->width - 2 * ip, p->text_dim);
}

static const Palette *
palette (const FolSummerHighlights *h)
{
  return h && h->dark ? &dark_palette : &light_palette;
}

void
fol_summer_paint_base (cairo_t *cr, const SummerState *s, const FolSummerLayout *l, const FolSummerHighlights *h)
{
  const Palette *p = palette (h);
  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, l->width, l->height);
  set_rgb (cr, p->bg);
  cairo_fill (cr);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);

  if (l->n_players == 1)
    draw_solo (cr, p, s, l, h);
  else
    draw_common (cr, p, s, l, h);
  draw_supply (cr, p, s, l, h);
  if (l->legend_panel.width > 0)
    draw_legend (cr, p, s, l);
  for (int i = 0; i < l->n_players; i++)
    if (l->seat[i].shown)
      draw_seat (cr, p, s, i, l, h);
  cairo_restore (cr);
}

void
fol_summer_paint_floor_part (cairo_t *cr, const SummerState *state, int seat, int col, int row, int cols, int rows,
                             double cell, const FolSummerHighlights *highlights)
{
  g_return_if_fail (state != NULL && seat >= 0 && seat < state->n_players);
  g_return_if_fail (col >= 0 && row >= 0 && cols > 0 && rows > 0 && col + cols <= SUMMER_COLS
                    && row + rows <= SUMMER_ROWS && cell > 0);
  FolSummerSeatGeom g = { .shown = TRUE, .gx = -col * cell, .gy = -row * cell, .cell = cell };
  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, cols * cell, rows * cell);
  cairo_clip (cr);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  draw_floor (cr, palette (highlights), state, seat, &g, highlights);
  cairo_restore (cr);
}

void
fol_summer_paint_token (cairo_t *cr, SummerTreasure treasure, double cx, double cy, double r, gboolean dark)
{
  g_return_if_fail (treasure < SUMMER_N_TREASURES);
  cairo_save (cr);
  draw_token (cr, dark ? &dark_palette : &light_palette, treasure, cx, cy, r);
  cairo_restore (cr);
}

gboolean
fol_summer_layout_overlay_rect (const FolSummerLayout *l, const FolSummerHighlights *h, FolRect *r)
{
  if (!h || h->acting_seat < 0 || h->acting_seat >= l->n_players || !l->seat[h->acting_seat].shown)
    return FALSE;
  const FolSummerSeatGeom *g = &l->seat[h->acting_seat];
  double m = g->cell * 0.2;
  *r = rect (g->gx - m, g->gy - m, 9 * g->cell + 2 * m, 8 * g->cell + 2 * m);
  return TRUE;
}

void
fol_summer_paint_overlay (cairo_t *cr, const SummerState *s, const FolSummerLayout *l, const FolSummerHighlights *h)
{
  FolRect r;
  if (!fol_summer_layout_overlay_rect (l, h, &r))
    return;
  cairo_save (cr);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  draw_floor_overlay (cr, palette (h), s, h->acting_seat, &l->seat[h->acting_seat], h);
  cairo_restore (cr);
}

void
fol_summer_paint (cairo_t *cr, const SummerState *s, const FolSummerLayout *l, const FolSummerHighlights *h)
{
  fol_summer_paint_base (cr, s, l, h);
  fol_summer_paint_motion (cr, l, h);
  fol_summer_paint_overlay (cr, s, l, h);
}

/* ------------------------------------------------------------------ */
/* Motion (issue 11)                                                   */

void
fol_summer_motion_clear (FolSummerHighlights *h)
{
  h->n_flights = 0;
  h->flight_t = 0;
  memset (h->hidden_tiles, 0, sizeof h->hidden_tiles);
  h->hidden_seat = -1;
  h->hidden_squares = 0;
}

/* Where Leaf tile @tile lies in a slot of the picture of @s: the slot, and
 * the tile's box, cell and orientation there (slot_tile_place()). */
static gboolean
tile_slot (const FolSummerLayout *l, const SummerState *s, int tile, FolRect *slot, FolSummerFlightEnd *end,
           int *where)
{
  const FolRect *r = NULL;
  double pc = l->small_cell;
  int w = -1;                           /* which row of slots: a seat, the Common Path, a solo Path, the track */
  for (int i = 0; i < s->n_players && !r; i++)
    for (int k = 0; k < s->seat[i].path_len && k < SUMMER_PATH_MAX && !r; k++)
      if (s->seat[i].path[k] == tile && l->seat[i].shown)
        {
          r = &l->seat[i].path_slot[k];
          pc = l->seat[i].path_cell;
          w = i;
        }
  if (s->n_players > 1)
    for (int i = 0; i < s->common_len && i < SUMMER_COMMON_MAX && !r; i++)
      if (s->common[i] == tile)
        {
          r = &l->common_slot[i];
          w = SUMMER_SRC_COMMON;
        }
  if (s->n_players == 1)
    {
      for (int p = 0; p < 2 && !r; p++)
        for (int i = 0; i < s->solo_len[p] && i < SUMMER_PATH_REFILL && !r; i++)
          if (s->solo_path[p][i] == tile)
            {
              r = &l->solo_slot[p][i];
              w = SUMMER_MAX_PLAYERS + p;
            }
      for (int k = 0; k < SUMMER_TRACK_SPACES && !r; k++)
        if (s->track[k] == tile)
          {
            r = &l->track_slot[k];
            w = SUMMER_SRC_M1;
          }
    }
  if (!r || r->width <= 0)
    return FALSE;
  if (where)
    *where = w;
  if (slot)
    *slot = *r;
  if (end)
    {
      const FolOrientation *o = slot_tile_place (tile, r, pc, &end->x, &end->y, &end->cell);
      end->transform = o->transform;
      end->alpha = 1.0;
    }
  return TRUE;
}

gboolean
fol_summer_layout_slot_of_tile (const FolSummerLayout *l, const SummerState *s, int tile, FolRect *slot, double *cell,
                                int *transform)
{
  FolSummerFlightEnd end;
  if (tile < 0 || tile >= SUMMER_N_LEAF_TILES || !tile_slot (l, s, tile, slot, &end, NULL))
    return FALSE;
  if (cell)
    *cell = end.cell;
  if (transform)
    *transform = end.transform;
  return TRUE;
}

static FolSummerFlight *
add_flight (FolSummerHighlights *h, FolSummerFlightKind kind, int tile, const FolSummerFlightEnd *from,
            const FolSummerFlightEnd *to)
{
  if (h->n_flights >= FOL_SUMMER_MAX_FLIGHTS)
    return NULL;
  FolSummerFlight *f = &h->flights[h->n_flights++];
  f->kind = kind;
  f->tile = tile;
  f->from = *from;
  f->to = *to;
  return f;
}

/* The same end, transparent: where a piece fades in or out. */
static FolSummerFlightEnd
faded (const FolSummerFlightEnd *e)
{
  FolSummerFlightEnd f = *e;
  f.alpha = 0;
  return f;
}

int
fol_summer_motion_compute (FolSummerHighlights *h, const FolSummerLayout *l, const SummerState *before,
                           const SummerState *after, int seat, const SummerMove *m)
{
  fol_summer_motion_clear (h);
  if (!before || !after || before->n_players != l->n_players || after->n_players != l->n_players)
    return 0;
  gboolean on_floor = m && seat >= 0 && seat < l->n_players && l->seat[seat].shown && m->square < SUMMER_SQUARES;
  const FolSummerSeatGeom *g = on_floor ? &l->seat[seat] : NULL;
  FolSummerFlightEnd land = { 0 };
  if (g)
    {
      land.x = g->gx + (m->square % SUMMER_COLS) * g->cell;
      land.y = g->gy + (m->square / SUMMER_COLS) * g->cell;
      land.cell = g->cell;
      land.transform = m->transform & 7;
      land.alpha = 1.0;
    }

  /* the placed piece first: it is drawn over the tiles that slide */
  FolBits72 squares = g ? fol_summer_move_squares (m, NULL) : 0;
  if (squares && m->kind == SUMMER_MOVE_LEAF && after->seat[seat].cover[fol_bb_lowest (squares)] == m->tile)
    {
      FolSummerFlightEnd from;
      if (!tile_slot (l, before, m->tile, NULL, &from, NULL))
        {
          /* from nowhere shown: it fades in a little above its place */
          from = faded (&land);
          from.y -= land.cell * 0.5;
        }
      if (add_flight (h, FOL_SUMMER_FLIGHT_LEAF, m->tile, &from, &land))
        h->hidden_tiles[m->tile] = TRUE;
    }
  else if (g && (m->kind == SUMMER_MOVE_SQUIRREL || m->kind == SUMMER_MOVE_NUT))
    {
      /* from the Squirrels in the supply */
      const FolRect *r = &l->supply_item[SUMMER_N_TREASURES];
      double is = MIN (MIN (r->height * 0.8, 0.5 * l->unit), r->width * 0.42);
      FolSummerFlightEnd from = { r->x + is * 0.6 - is / 2, r->y + r->height / 2 - is / 2, is, 0, 0.6 };
      if (add_flight (h, FOL_SUMMER_FLIGHT_SQUIRREL, -1, &from, &land))
        {
          h->hidden_seat = seat;
          h->hidden_squares = fol_bb_bit (m->square);
        }
    }
  else if (g && m->kind == SUMMER_MOVE_ANIMAL && m->tile < SUMMER_N_ANIMAL_KINDS)
    {
      /* from its place in the supply, in the shape shown there */
      const FolRect *r = &l->animal_slot[m->tile];
      const FolOrientation *o = display_orientation (&comp ()->animal[m->tile].orientations);
      double ac = MIN (0.2 * l->unit, (r->width - 2) / 4.4);
      FolSummerFlightEnd from = { r->x + (r->width - o->width * ac) / 2, r->y + (2.0 * ac - o->height * ac) / 2 + 2, ac,
                                  o->transform, 0.6 };
      if (add_flight (h, FOL_SUMMER_FLIGHT_ANIMAL, m->tile, &from, &land))
        {
          h->hidden_seat = seat;
          h->hidden_squares = squares;
        }
    }

  /* every other tile that changed place between the slots: a Path closing
   * up, a refill, the Common Path moving on; new ones fade in, gone ones out */
  for (int t = 0; t < SUMMER_N_LEAF_TILES; t++)
    {
      if (h->hidden_tiles[t])
        continue;
      FolSummerFlightEnd a, b;
      int wa, wb;
      gboolean was = tile_slot (l, before, t, NULL, &a, &wa), is = tile_slot (l, after, t, NULL, &b, &wb);
      FolSummerFlight *f = NULL;
      if (was && is && wa == wb && fabs (a.y - b.y) > 0.5 && h->n_flights + 1 < FOL_SUMMER_MAX_FLIGHTS)
        {
          /* along a Path that wraps into rows: out of the row to the left,
           * into the row above from the right, not across the others */
          double step = SLOT_STEP * l->small_cell * 0.6;
          FolSummerFlightEnd out = faded (&a), in = faded (&b);
          out.x -= step;
          in.x += step;
          add_flight (h, FOL_SUMMER_FLIGHT_LEAF, t, &a, &out);
          f = add_flight (h, FOL_SUMMER_FLIGHT_LEAF, t, &in, &b);
        }
      else if (was && is)
        {
          if (fabs (a.x - b.x) > 0.5 || fabs (a.y - b.y) > 0.5 || fabs (a.cell - b.cell) > 0.01)
            f = add_flight (h, FOL_SUMMER_FLIGHT_LEAF, t, &a, &b);
        }
      else if (is)
        {
          FolSummerFlightEnd from = faded (&b);
          f = add_flight (h, FOL_SUMMER_FLIGHT_LEAF, t, &from, &b);
        }
      else if (was)
        {
          /* left the picture (not onto a floor: that is the placed tile) */
          FolSummerFlightEnd to = faded (&a);
          f = add_flight (h, FOL_SUMMER_FLIGHT_LEAF, t, &a, &to);
        }
      if (f)
        h->hidden_tiles[t] = TRUE;
    }
  return h->n_flights;
}

/* The box of a flight's piece at one end, in the orientation of that end. */
static const FolOrientation *
flight_orientation (const FolSummerFlight *f, int transform)
{
  const FolOrientationSet *set = f->kind == FOL_SUMMER_FLIGHT_ANIMAL ? &comp ()->animal[f->tile].orientations
                                                                     : &comp ()->leaf[f->tile].orientations;
  return &set->o[set->of_transform[transform & 7]];
}

/* The size of a flight's piece at @e, in cells. */
static void
flight_box (const FolSummerFlight *f, const FolSummerFlightEnd *e, double *w, double *hgt)
{
  if (f->kind == FOL_SUMMER_FLIGHT_SQUIRREL)
    {
      *w = *hgt = e->cell;
      return;
    }
  const FolOrientation *o = flight_orientation (f, e->transform);
  *w = o->width * e->cell;
  *hgt = o->height * e->cell;
}

gboolean
fol_summer_motion_rect (const FolSummerHighlights *h, FolRect *r)
{
  if (!h || h->n_flights <= 0)
    return FALSE;
  double x0 = G_MAXDOUBLE, y0 = G_MAXDOUBLE, x1 = -G_MAXDOUBLE, y1 = -G_MAXDOUBLE;
  for (int i = 0; i < h->n_flights; i++)
    {
      const FolSummerFlight *f = &h->flights[i];
      const FolSummerFlightEnd *ends[2] = { &f->from, &f->to };
      double wmax = 0, hmax = 0;
      for (int k = 0; k < 2; k++)
        {
          double w, hh;
          flight_box (f, ends[k], &w, &hh);
          wmax = MAX (wmax, w);
          hmax = MAX (hmax, hh);
        }
      for (int k = 0; k < 2; k++)
        {
          /* a piece turning between its ends is drawn centred on the way:
           * leave room for the larger of its boxes around each end */
          double cw, ch;
          flight_box (f, ends[k], &cw, &ch);
          double cx = ends[k]->x + cw / 2, cy = ends[k]->y + ch / 2;
          double e = MAX (wmax, hmax) / 2 + MAX (f->from.cell, f->to.cell) * 0.5 + 2;
          x0 = MIN (x0, cx - e);
          y0 = MIN (y0, cy - e);
          x1 = MAX (x1, cx + e);
          y1 = MAX (y1, cy + e);
        }
    }
  x0 = floor (x0);
  y0 = floor (y0);
  *r = rect (x0, y0, ceil (x1) - x0, ceil (y1) - y0);
  return TRUE;
}

/* A piece of a flight, its box centred on (@cx, @cy). */
static void
draw_flying_piece (cairo_t *cr, const Palette *p, const FolSummerFlight *f, int transform, double cx, double cy,
                   double c, double alpha, double lift)
{
  if (alpha <= 0.01)
    return;
  if (f->kind == FOL_SUMMER_FLIGHT_SQUIRREL)
    {
      begin_alpha (cr, cx - c, cy - c, 2 * c, 2 * c);
      draw_squirrel_token (cr, p, cx, cy, c * 0.4);
      end_alpha (cr, alpha);
      return;
    }
  const FolOrientation *o = flight_orientation (f, transform);
  double ox = cx - o->width * c / 2, oy = cy - o->height * c / 2;
  /* the shadow of a piece in the air */
  if (lift > 0)
    {
      cairo_save (cr);
      cairo_translate (cr, lift * 0.6, lift);
      for (int i = 0; i < o->n_cells; i++)
        cairo_rectangle (cr, ox + o->cells[i].x * c, oy + o->cells[i].y * c, c, c);
      cairo_set_source_rgba (cr, 0, 0, 0, 0.22 * alpha);
      cairo_fill (cr);
      cairo_restore (cr);
    }
  if (f->kind == FOL_SUMMER_FLIGHT_LEAF)
    {
      draw_leaf_shape (cr, p, f->tile, o, ox, oy, c, alpha, p->floor[0]);
      return;
    }
  begin_alpha (cr, ox - c, oy - c, (o->width + 2) * c, (o->height + 2) * c);
  for (int i = 0; i < o->n_cells; i++)
    {
      double X = ox + o->cells[i].x * c, Y = oy + o->cells[i].y * c;
      cairo_rectangle (cr, X, Y, c, c);
      set_rgb (cr, p->animal);
      cairo_fill (cr);
      draw_paw (cr, p->animal_fg, X + c / 2, Y + c / 2, c * 0.7);
    }
  cells_outline_path (cr, o->cells, o->n_cells, ox, oy, c);
  set_rgb (cr, p->animal_edge);
  cairo_set_line_width (cr, MAX (c * 0.06, 1));
  cairo_stroke (cr);
  end_alpha (cr, alpha);
}

void
fol_summer_paint_motion (cairo_t *cr, const FolSummerLayout *l, const FolSummerHighlights *h)
{
  if (!h || h->n_flights <= 0)
    return;
  const Palette *p = palette (h);
  double t = CLAMP (h->flight_t, 0.0, 1.0);
  double e = 1 - (1 - t) * (1 - t) * (1 - t);     /* ease out: quick, then settling */
  cairo_save (cr);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  for (int i = 0; i < h->n_flights; i++)
    {
      const FolSummerFlight *f = &h->flights[i];
      double fw, fh, tw, th;
      flight_box (f, &f->from, &fw, &fh);
      flight_box (f, &f->to, &tw, &th);
      double cx = (f->from.x + fw / 2) + ((f->to.x + tw / 2) - (f->from.x + fw / 2)) * e;
      double cy = (f->from.y + fh / 2) + ((f->to.y + th / 2) - (f->from.y + fh / 2)) * e;
      double c = f->from.cell + (f->to.cell - f->from.cell) * e;
      double alpha = f->from.alpha + (f->to.alpha - f->from.alpha) * e;
      /* a piece that travels far (to a floor) is lifted on its way: a shadow under it */
      double fx = f->from.x + fw / 2, fy = f->from.y + fh / 2, tx = f->to.x + tw / 2, ty = f->to.y + th / 2;
      gboolean far = hypot (tx - fx, ty - fy) > 8 * MAX (f->from.cell, f->to.cell);
      double lift = far ? sin (M_PI * t) * c * 0.35 : 0;
      /* a piece that turns on its way shows its new side from halfway on */
      draw_flying_piece (cr, p, f, e < 0.5 ? f->from.transform : f->to.transform, cx, cy, c, alpha, lift);
    }
  cairo_restore (cr);
}

/* ------------------------------------------------------------------ */
/* Words and files                                                     */

const char *
fol_summer_animal_word (int kind)
{
  switch (kind)
    {
    case SUMMER_MOUSE: return _("Mouse");
    case SUMMER_HARE: return _("Hare");
    case SUMMER_OWL: return _("Owl");
    case SUMMER_HEDGEHOG: return _("Hedgehog");
    case SUMMER_RACOON: return _("Racoon");
    case SUMMER_FOX: return _("Fox");
    case SUMMER_BADGER: return _("Badger");
    default: return "";
    }
}

/* The name of treasure @t in a square's description ("empty, a Nut
 * printed"): with a context, as the words' own (fol-summer-words.c) have
 * plurals under the same English. */
static const char *
treasure_word (int t)
{
  switch (t)
    {
    /* TRANSLATORS: a printed treasure in a square's description for tooltips and screen readers */
    case SUMMER_BERRY: return C_("printed treasure", "Berry");
    case SUMMER_NUT: return C_("printed treasure", "Nut");
    case SUMMER_MUSHROOM: return C_("printed treasure", "Mushroom");
    case SUMMER_FEATHER: return C_("printed treasure", "Feather");
    default: return "";
    }
}

char *
fol_summer_describe_square (const SummerState *s, int seat_i, int sq)
{
  if (seat_i < 0 || seat_i >= s->n_players || sq < 0 || sq >= SUMMER_SQUARES)
    return g_strdup ("");
  const SummerSeat *seat = &s->seat[seat_i];
  const SummerFloorSide *side = &comp ()->side[seat->side];
  g_autofree char *name = summer_square_name (sq);
  int printed = side->treasure[sq];
  const char *colours[SUMMER_N_COLOURS] = { _("green"), _("yellow"), _("red") };
  g_autofree char *what = NULL;
  if (seat->cover[sq] == SUMMER_COVER_SQUIRREL)
    what = g_strdup (_("a Squirrel"));
  else if (seat->cover[sq] < SUMMER_N_LEAF_TILES)
    {
      const char *colour = colours[comp ()->leaf[seat->cover[sq]].colour];
      if (!fol_bb_test (seat->holes, sq))
        what = g_strdup_printf (_("a %s Leaf tile"), colour);
      else if (fol_bb_test (seat->animals, sq))
        what = g_strdup_printf (_("an Animal tile on the Hole of a %s Leaf tile"), colour);
      else if (seat->token[sq] != SUMMER_NO_TREASURE)
        what = g_strdup_printf (_("the Hole of a %s Leaf tile with a %s on it"), colour, treasure_word (seat->token[sq]));
      else if (printed != SUMMER_NO_TREASURE)
        what = g_strdup_printf (_("the Hole of a %s Leaf tile over a printed %s"), colour, treasure_word (printed));
      else
        what = g_strdup_printf (_("the empty Hole of a %s Leaf tile"), colour);
    }
  else if (printed != SUMMER_NO_TREASURE)
    what = g_strdup_printf (_("empty, a %s printed"), treasure_word (printed));
  else
    what = g_strdup (_("empty"));
  /* TRANSLATORS: square name, Area number, what lies there */
  return g_strdup_printf (_("%s, Area %d: %s"), name, side->area[sq] + 1, what);
}

gboolean
fol_summer_render_png (const SummerState *state, int main_seat, int width, int height,
                       const FolSummerHighlights *highlights, const char *path, GError **error)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create (surface);
  FolSummerLayout layout;
  fol_summer_layout_compute (&layout, state, width, height, main_seat);
  fol_summer_paint (cr, state, &layout, highlights);
  cairo_destroy (cr);
  cairo_status_t st = cairo_surface_write_to_png (surface, path);
  cairo_surface_destroy (surface);
  if (st != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED, _("Could not write %s: %s"), path,
                   cairo_status_to_string (st));
      return FALSE;
    }
  return TRUE;
}
