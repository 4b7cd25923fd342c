/* fol-help-window.c: the rules help with drawn examples. */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "fol-help-window.h"

/* ---- the drawn examples ----
 *
 * A small piece of Forest Floor as three maps of equal size, one string per
 * row:
 *   area:     the Area of each square, '0'..'5' (borders are drawn between Areas)
 *   printed:  a printed treasure: 'B' Berry, 'N' Nut, 'M' Mushroom, 'F' Feather, '.' none
 *   cover:    '.' uncovered; a letter: a Leaf tile (the same letter, one tile), its
 *             capital: that tile's Hole; '*' a Squirrel; '1'..'9' an Animal tile
 * tiles gives each tile letter's colour ('g' green, 'y' yellow, 'r' red), in
 * letter order from 'a'.  Tokens lie on the Holes over printed treasures
 * unless no_tokens is set. */

#define EX_MAX_ROWS 8
#define EX_CELL 42

typedef struct {
  const char *name;
  int cols, rows;
  const char *area[EX_MAX_ROWS];
  const char *printed[EX_MAX_ROWS];
  const char *cover[EX_MAX_ROWS];
  const char *tiles;
  char highlight_area;          /* '0'..'5' or 0 */
  gboolean no_tokens;
  const char *animal_name;      /* drawn on the Animal tile, untranslated key */
} Example;

static const Example examples[] = {
  { .name = "floor", .cols = 9, .rows = 8,
    .area = { "000111222", "000111222", "000111222", "000111222",
              "333444555", "333444555", "333444555", "333444555" },
    .printed = { "B...N..M.", "..M...B..", ".N...F..N", "....B....",
                 ".B..M...B", "N......N.", "..F.B...M", "M....N..." },
    .cover = { "aa.......", "aA.......", ".........", ".........",
               ".......bb", ".......Bb", "........b", "........." },
    .tiles = "yr" },
  { .name = "hole", .cols = 5, .rows = 4,
    .area = { "00000", "00000", "00011", "00011" },
    .printed = { ".....", "..N..", ".....", "....B" },
    .cover = { ".....", ".aAa.", "..a..", "....." },
    .tiles = "y" },
  { .name = "area", .cols = 6, .rows = 4,
    .area = { "000111", "000111", "000111", "000111" },
    .printed = { "......", "B...M.", ".N....", "......" },
    .cover = { "aab...", "Abb...", "cCb...", "ccc..." },
    .tiles = "gyr", .highlight_area = '0' },
  { .name = "squirrel", .cols = 5, .rows = 3,
    .area = { "00001", "00001", "00001" },
    .printed = { "....N", ".....", "....." },
    .cover = { "aabb.", "A*bB.", "cccc." },
    .tiles = "gyy", .highlight_area = '0', .no_tokens = TRUE },
  { .name = "animal", .cols = 5, .rows = 3,
    .area = { "00000", "00000", "00000" },
    .printed = { ".....", ".N...", "....." },
    .cover = { "aaabb", "c12bb", "cc..." },
    .tiles = "yrg", .no_tokens = TRUE, .animal_name = "Mouse" },
};

static void
set_rgb (cairo_t *cr, const char *spec, double alpha)
{
  GdkRGBA c;
  gdk_rgba_parse (&c, spec);
  cairo_set_source_rgba (cr, c.red, c.green, c.blue, alpha);
}

/* A treasure as a small icon centred at (x, y): a Berry a blue disc, a Nut a
 * brown acorn, a Mushroom a red cap on a stem, a Feather a pale quill.  Also
 * the shapes differ, for colour-blind eyes. */
static void
draw_treasure (cairo_t *cr, char t, double x, double y, double r, gboolean token)
{
  cairo_new_path (cr);
  if (token)
    {
      /* a token: a round counter with a rim */
      set_rgb (cr, "#fdfbf4", 1);
      cairo_arc (cr, x, y, r, 0, 2 * G_PI);
      cairo_fill_preserve (cr);
      set_rgb (cr, "#5e4a2e", 1);
      cairo_set_line_width (cr, 1.5);
      cairo_stroke (cr);
      r *= 0.75;
    }
  switch (t)
    {
    case 'B':
      set_rgb (cr, "#3a5fb0", 1);
      cairo_arc (cr, x, y + r * 0.1, r * 0.6, 0, 2 * G_PI);
      cairo_fill (cr);
      set_rgb (cr, "#2e7d32", 1);
      cairo_rectangle (cr, x - r * 0.1, y - r * 0.75, r * 0.2, r * 0.3);
      cairo_fill (cr);
      break;
    case 'N':
      set_rgb (cr, "#8d5a2b", 1);
      cairo_save (cr);
      cairo_translate (cr, x, y + r * 0.15);
      cairo_scale (cr, 0.5, 0.62);
      cairo_arc (cr, 0, 0, r, 0, 2 * G_PI);
      cairo_restore (cr);
      cairo_fill (cr);
      set_rgb (cr, "#5a3a1a", 1);
      cairo_rectangle (cr, x - r * 0.55, y - r * 0.6, r * 1.1, r * 0.35);
      cairo_fill (cr);
      break;
    case 'M':
      set_rgb (cr, "#efe6d2", 1);
      cairo_rectangle (cr, x - r * 0.15, y - r * 0.05, r * 0.3, r * 0.7);
      cairo_fill (cr);
      set_rgb (cr, "#c62828", 1);
      cairo_arc (cr, x, y, r * 0.65, G_PI, 2 * G_PI);
      cairo_close_path (cr);
      cairo_fill (cr);
      break;
    case 'F':
      set_rgb (cr, "#6b7f99", 1);
      cairo_save (cr);
      cairo_translate (cr, x, y);
      cairo_rotate (cr, -G_PI / 4);
      cairo_scale (cr, 0.28, 0.8);
      cairo_arc (cr, 0, 0, r, 0, 2 * G_PI);
      cairo_restore (cr);
      cairo_fill (cr);
      set_rgb (cr, "#2b2b2b", 1);
      cairo_set_line_width (cr, 1);
      cairo_move_to (cr, x - r * 0.6, y + r * 0.6);
      cairo_line_to (cr, x + r * 0.5, y - r * 0.5);
      cairo_stroke (cr);
      break;
    default:
      break;
    }
}

static const char *
tile_colour (char c)
{
  switch (c)
    {
    case 'g': return "#6aa84f";
    case 'y': return "#e8b22e";
    case 'r': return "#c8553d";
    default: return "#999999";
    }
}

static char
cover_at (const Example *ex, int x, int y)
{
  if (x < 0 || y < 0 || x >= ex->cols || y >= ex->rows)
    return 0;
  return ex->cover[y][x];
}

/* which piece a square belongs to (a tile's Hole counts as its tile) */
static char
piece_at (const Example *ex, int x, int y)
{
  char c = cover_at (ex, x, y);
  return g_ascii_isupper (c) ? g_ascii_tolower (c) : c;
}

static void
draw_example (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer user_data)
{
  const Example *ex = user_data;
  const double cell = EX_CELL, pad = 6;
  double ox = floor ((width - ex->cols * cell) / 2), oy = pad;
  const char *floor_tint[] = { "#efe3c2", "#dfe8c9", "#e8d6c6", "#d9e2e6", "#eadfd0", "#e0d9c9" };

  /* the floor with its printed treasures */
  for (int y = 0; y < ex->rows; y++)
    for (int x = 0; x < ex->cols; x++)
      {
        int a = ex->area[y][x] - '0';
        set_rgb (cr, floor_tint[CLAMP (a, 0, 5)], 1);
        cairo_rectangle (cr, ox + x * cell, oy + y * cell, cell, cell);
        cairo_fill (cr);
        set_rgb (cr, "#b8a77f", 1);
        cairo_set_line_width (cr, 1);
        cairo_rectangle (cr, ox + x * cell + 0.5, oy + y * cell + 0.5, cell - 1, cell - 1);
        cairo_stroke (cr);
        if (ex->printed[y][x] != '.')
          draw_treasure (cr, ex->printed[y][x], ox + (x + 0.5) * cell, oy + (y + 0.5) * cell, cell * 0.3, FALSE);
      }

  /* Leaf tiles, Squirrels, Animal tiles */
  for (int y = 0; y < ex->rows; y++)
    for (int x = 0; x < ex->cols; x++)
      {
        char c = ex->cover[y][x];
        double cx = ox + x * cell, cy = oy + y * cell;
        if (g_ascii_islower (c))
          {
            set_rgb (cr, tile_colour (ex->tiles[c - 'a']), 1);
            cairo_rectangle (cr, cx, cy, cell, cell);
            cairo_fill (cr);
            /* leaf veins */
            set_rgb (cr, "#ffffff", 0.25);
            cairo_set_line_width (cr, 1);
            cairo_move_to (cr, cx + 4, cy + cell - 4);
            cairo_line_to (cr, cx + cell - 4, cy + 4);
            cairo_stroke (cr);
          }
        else if (g_ascii_isupper (c))
          {
            /* the tile around its Hole */
            set_rgb (cr, tile_colour (ex->tiles[g_ascii_tolower (c) - 'a']), 1);
            cairo_rectangle (cr, cx, cy, cell, cell);
            cairo_new_sub_path (cr);
            cairo_arc_negative (cr, cx + cell / 2, cy + cell / 2, cell * 0.36, 2 * G_PI, 0);
            cairo_fill (cr);
            set_rgb (cr, "#3b2f1e", 0.8);
            cairo_set_line_width (cr, 1.5);
            cairo_arc (cr, cx + cell / 2, cy + cell / 2, cell * 0.36, 0, 2 * G_PI);
            cairo_stroke (cr);
            if (ex->printed[y][x] != '.' && !ex->no_tokens)
              draw_treasure (cr, ex->printed[y][x], cx + cell / 2, cy + cell / 2, cell * 0.3, TRUE);
          }
        else if (c == '*')
          {
            /* a Squirrel: a round body with a big curled tail */
            set_rgb (cr, "#b5651d", 1);
            cairo_arc (cr, cx + cell * 0.42, cy + cell * 0.58, cell * 0.22, 0, 2 * G_PI);
            cairo_fill (cr);
            cairo_arc (cr, cx + cell * 0.40, cy + cell * 0.30, cell * 0.13, 0, 2 * G_PI);
            cairo_fill (cr);
            cairo_set_line_width (cr, cell * 0.14);
            cairo_arc (cr, cx + cell * 0.66, cy + cell * 0.45, cell * 0.18, G_PI * 0.5, G_PI * 1.7);
            cairo_stroke (cr);
          }
        else if (g_ascii_isdigit (c))
          {
            /* an Animal tile over a Hole, a little see-through to show what it covers */
            set_rgb (cr, "#3b2f1e", 0.8);
            cairo_set_line_width (cr, 1.5);
            cairo_arc (cr, cx + cell / 2, cy + cell / 2, cell * 0.36, 0, 2 * G_PI);
            cairo_stroke (cr);
            set_rgb (cr, "#7a6a58", 0.62);
            cairo_rectangle (cr, cx, cy, cell, cell);
            cairo_fill (cr);
          }
      }

  /* outlines: between different pieces, and thick between Areas */
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_SQUARE);
  for (int y = 0; y <= ex->rows; y++)
    for (int x = 0; x <= ex->cols; x++)
      for (int dir = 0; dir < 2; dir++)
        {
          /* dir 0: the edge left of (x, y); dir 1: the edge above (x, y) */
          int ax = dir == 0 ? x - 1 : x, ay = dir == 0 ? y : y - 1;
          if ((dir == 0 && y == ex->rows) || (dir == 1 && x == ex->cols))
            continue;
          char p = piece_at (ex, x, y), q = piece_at (ex, ax, ay);
          gboolean pc = p != 0 && p != '.', qc = q != 0 && q != '.';
          double x0 = ox + x * cell, y0 = oy + y * cell;
          double x1 = dir == 0 ? x0 : x0 + cell, y1 = dir == 0 ? y0 + cell : y0;
          if ((pc || qc) && p != q)
            {
              gboolean animal = g_ascii_isdigit (p) || g_ascii_isdigit (q);
              set_rgb (cr, animal ? "#3d3228" : "#2d2a1f", 0.9);
              cairo_set_line_width (cr, 2);
              if (animal && g_ascii_isdigit (p) && g_ascii_isdigit (q))
                continue;
              cairo_move_to (cr, x0, y0);
              cairo_line_to (cr, x1, y1);
              cairo_stroke (cr);
            }
          char ap = (x < ex->cols && y < ex->rows) ? ex->area[y][x] : 0;
          char aq = (ax >= 0 && ay >= 0 && ax < ex->cols && ay < ex->rows) ? ex->area[ay][ax] : 0;
          if (ap && aq && ap != aq)
            {
              set_rgb (cr, "#6b5530", 0.9);
              cairo_set_line_width (cr, 3);
              cairo_move_to (cr, x0, y0);
              cairo_line_to (cr, x1, y1);
              cairo_stroke (cr);
            }
          if (ex->highlight_area && (ap == ex->highlight_area) != (aq == ex->highlight_area))
            {
              set_rgb (cr, "#1c71d8", 1);
              cairo_set_line_width (cr, 4);
              cairo_move_to (cr, x0, y0);
              cairo_line_to (cr, x1, y1);
              cairo_stroke (cr);
            }
        }

  if (ex->animal_name != NULL)
    {
      /* the Animal tile's name over it */
      int minx = ex->cols, miny = ex->rows, maxx = -1;
      for (int y = 0; y < ex->rows; y++)
        for (int x = 0; x < ex->cols; x++)
          if (g_ascii_isdigit (ex->cover[y][x]))
            {
              minx = MIN (minx, x);
              maxx = MAX (maxx, x);
              miny = MIN (miny, y);
            }
      PangoLayout *layout = gtk_widget_create_pango_layout (GTK_WIDGET (area), NULL);
      /* Translators: the name of an Animal tile in a drawn example */
      pango_layout_set_text (layout, g_str_equal (ex->animal_name, "Mouse") ? _("Mouse") : ex->animal_name, -1);
      int tw, th;
      pango_layout_get_pixel_size (layout, &tw, &th);
      cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_move_to (cr, ox + (minx + maxx + 1) * cell / 2 - tw / 2.0, oy + miny * cell + cell - th - 1);
      pango_cairo_show_layout (cr, layout);
      g_object_unref (layout);
    }
}

/* the treasures in order of value, with their solo points */
static void
draw_treasure_ranking (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer user_data)
{
  const char order[] = "BNMF";
  GdkRGBA fg;
  gtk_style_context_get_color (gtk_widget_get_style_context (GTK_WIDGET (area)), &fg);
  double step = 88, x0 = (width - 3 * step) / 2;
  PangoLayout *layout = gtk_widget_create_pango_layout (GTK_WIDGET (area), NULL);
  const char *names[] = { _("Berry"), _("Nut"), _("Mushroom"), _("Feather") };
  for (int i = 0; i < 4; i++)
    {
      double x = x0 + i * step;
      draw_treasure (cr, order[i], x, 24, 16, TRUE);
      cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.9);
      pango_layout_set_text (layout, names[i], -1);
      int tw, th;
      pango_layout_get_pixel_size (layout, &tw, &th);
      cairo_move_to (cr, x - tw / 2.0, 46);
      pango_cairo_show_layout (cr, layout);
      if (i < 3)
        {
          pango_layout_set_text (layout, "<", -1);
          pango_layout_get_pixel_size (layout, &tw, &th);
          cairo_move_to (cr, x + step / 2 - tw / 2.0, 24 - th / 2.0);
          pango_cairo_show_layout (cr, layout);
        }
    }
  g_object_unref (layout);
}

/* ---- the window ---- */

struct _FolHelpWindow
{
  AdwWindow parent_instance;

  GtkStack *stack;
  guint n_sections;
};

G_DEFINE_FINAL_TYPE (FolHelpWindow, fol_help_window, ADW_TYPE_WINDOW)

static GtkBox *
add_section (FolHelpWindow *self, const char *name, const char *title)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  gtk_widget_set_margin_top (box, 24);
  gtk_widget_set_margin_bottom (box, 32);
  gtk_widget_set_margin_start (box, 24);
  gtk_widget_set_margin_end (box, 24);
  GtkWidget *heading = gtk_label_new (title);
  gtk_widget_add_css_class (heading, "title-2");
  gtk_label_set_xalign (GTK_LABEL (heading), 0);
  gtk_label_set_wrap (GTK_LABEL (heading), TRUE);
  gtk_box_append (GTK_BOX (box), heading);

  GtkWidget *clamp = adw_clamp_new ();
  adw_clamp_set_maximum_size (ADW_CLAMP (clamp), 680);
  adw_clamp_set_child (ADW_CLAMP (clamp), box);
  GtkWidget *scroll = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroll), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroll), clamp);
  gtk_stack_add_titled (self->stack, scroll, name, title);
  self->n_sections++;
  return GTK_BOX (box);
}

static void
add_par (GtkBox *box, const char *text)
{
  GtkWidget *label = gtk_label_new (text);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_use_markup (GTK_LABEL (label), TRUE);
  gtk_label_set_selectable (GTK_LABEL (label), FALSE);
  gtk_box_append (box, label);
}

static void
add_item (GtkBox *box, const char *text)
{
  /* Translators: a bullet point in the rules; keep the markup */
  g_autofree char *item = g_strdup_printf (_("•  %s"), text);
  add_par (box, item);
}

static void
add_heading (GtkBox *box, const char *text)
{
  GtkWidget *label = gtk_label_new (text);
  gtk_widget_add_css_class (label, "heading");
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_margin_top (label, 6);
  gtk_box_append (box, label);
}

static void
add_drawing (GtkBox *box, GtkDrawingAreaDrawFunc func, gpointer data, int w, int h, const char *caption)
{
  GtkWidget *frame = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_add_css_class (frame, "card");
  gtk_widget_set_halign (frame, GTK_ALIGN_CENTER);
  gtk_widget_set_margin_top (frame, 6);
  gtk_widget_set_margin_bottom (frame, 6);
  GtkWidget *area = gtk_drawing_area_new ();
  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (area), w);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (area), h);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (area), func, data, NULL);
  gtk_widget_set_margin_top (area, 12);
  gtk_widget_set_margin_start (area, 12);
  gtk_widget_set_margin_end (area, 12);
  gtk_accessible_update_property (GTK_ACCESSIBLE (area), GTK_ACCESSIBLE_PROPERTY_LABEL, caption, -1);
  GtkWidget *label = gtk_label_new (caption);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 50);
  gtk_label_set_justify (GTK_LABEL (label), GTK_JUSTIFY_CENTER);
  gtk_widget_add_css_class (label, "caption");
  gtk_widget_set_margin_bottom (label, 12);
  gtk_widget_set_margin_start (label, 12);
  gtk_widget_set_margin_end (label, 12);
  gtk_box_append (GTK_BOX (frame), area);
  gtk_box_append (GTK_BOX (frame), label);
  gtk_box_append (box, frame);
}

static void
add_example (GtkBox *box, const char *name, const char *caption)
{
  for (guint i = 0; i < G_N_ELEMENTS (examples); i++)
    if (g_str_equal (examples[i].name, name))
      {
        const Example *ex = &examples[i];
        add_drawing (box, draw_example, (gpointer) ex, MAX (ex->cols * EX_CELL + 12, 260), ex->rows * EX_CELL + 12, caption);
        return;
      }
  g_return_if_reached ();
}

static void
build_sections (FolHelpWindow *self)
{
  GtkBox *b;

  b = add_section (self, "goal", _("Goal"));
  add_par (b, _("Each player has a Forest Floor: a board of 72 squares in six Areas of 12 squares, with "
                "treasures printed on some of them. You cover it with Leaf tiles, green (3 squares), "
                "yellow (4) and red (5), each with one Hole."));
  add_example (b, "floor", _("A Forest Floor: six Areas of twelve squares with printed treasures, and two Leaf "
                             "tiles placed: the red tile's Hole is over a printed Nut, which gives a Nut token; the yellow "
                             "tile's Hole is over an empty square."));
  add_par (b, _("The first player to cover every square of their Forest Floor ends the game, and covering "
                "it all is how you win. Treasures are not points: they give you extra actions, so spend "
                "them. They only break ties at the end."));

  b = add_section (self, "turn", _("Your Turn"));
  add_par (b, _("In your turn you take exactly one <b>Main Action</b>; you cannot pass:"));
  add_item (b, _("place one Leaf tile from your Player Path on your Forest Floor, or"));
  add_item (b, _("place one Squirrel on one empty square, or"));
  add_item (b, _("instead, spend a Mushroom or a Feather for its <b>Alternative Main Action</b>."));
  add_par (b, _("Before and after the Main Action you may take as many <b>Special Actions</b> as you "
                "like: spend a Berry or a Nut, or exchange treasures. Then end your turn; the next player "
                "goes on."));

  b = add_section (self, "placing", _("Placing Tiles"));
  add_par (b, _("Leaf tiles, Squirrels and Animal tiles follow the same rules:"));
  add_item (b, _("only on your own Forest Floor, and never over its edge;"));
  add_item (b, _("never over another tile, a Squirrel or an Animal tile;"));
  add_item (b, _("turn and flip them any way you like; they need not touch other tiles;"));
  add_item (b, _("they may lie across the border of two Areas and over printed treasures;"));
  add_item (b, _("once your Main Action is done, what you placed stays where it is."));
  add_example (b, "hole", _("A yellow tile placed with its Hole over a printed Nut: a Nut token is put on the Hole."));

  b = add_section (self, "treasures", _("Treasures"));
  add_par (b, _("When the Hole of a Leaf tile lies over a printed treasure, a token of that treasure from "
                "the supply is put on the Hole. A Hole over an empty square gives nothing, and neither "
                "does a Squirrel on a printed treasure. The tokens come to you when their Area is "
                "complete. Spend a treasure by giving it back to the supply:"));
  add_heading (b, _("Berry (Special Action)"));
  add_par (b, _("Refill your Player Path to five tiles. With five tiles already, take a sixth. You never "
                "hold more than six."));
  add_heading (b, _("Nut (Special Action)"));
  add_par (b, _("Place a Squirrel on one empty square of your Forest Floor."));
  add_heading (b, _("Mushroom (Alternative Main Action)"));
  add_par (b, _("Take the first tile (the one next to the Backpack) from the Paths of two other players "
                "and place both. With two players, take your opponent's first tile and the tile next to "
                "the Bush. You may leave one of them only when it fits nowhere."));
  add_heading (b, _("Feather (Alternative Main Action)"));
  add_par (b, _("Place two tiles from your Player Path. At most one Mushroom or Feather a turn."));
  add_heading (b, _("Exchanges"));
  add_par (b, _("In your turn, as often as you like: give one treasure for one of a lower value, or two of "
                "the same kind for one of the next higher value."));
  add_drawing (b, draw_treasure_ranking, NULL, 340, 72, _("The treasures from the lowest value to the highest."));

  b = add_section (self, "areas", _("Areas"));
  add_par (b, _("An Area is complete when all its 12 squares are covered by Leaf tiles and Squirrels; "
                "squares under Holes count as covered. At once you take every token lying on the Holes of "
                "that Area into your supply. Tokens in Areas not yet complete stay where they are."));
  add_example (b, "area", _("The left Area is complete: the Berry and the Nut on its Holes go into your supply."));
  add_example (b, "squirrel", _("A Squirrel fills the last empty square and completes the Area."));

  b = add_section (self, "animals", _("Animal Tiles"));
  add_par (b, _("At any time in your turn you may lay an Animal tile over free Holes (Holes with no token "
                "on them) that are next to each other in the Animal's shape. It may be smaller than the "
                "group of Holes but covers nothing else. For each treasure printed under those Holes, take "
                "one from the supply."));
  add_par (b, _("The Racoon, the Fox and the Badger carry a treasure from the start of the game: whoever "
                "places one takes that treasure as well."));
  add_example (b, "animal", _("A Mouse laid over two free Holes, one over a printed Nut: you take a Nut."));

  b = add_section (self, "paths", _("Player Path and Common Path"));
  add_par (b, _("Your <b>Player Path</b> is the row of tiles by your Backpack. You start with five: two "
                "green, two yellow and one red."));
  add_par (b, _("When you place its last tile, refill it at once with five tiles from the <b>Common "
                "Path</b>, always the tile next to the Bush, which then moves on. When the Common Path is "
                "down to fewer than seven tiles, it is topped up from the reserve. The order of the tiles "
                "never changes."));

  b = add_section (self, "end", _("End of the Game"));
  add_par (b, _("When a player's Forest Floor is full, the round is played to its end so that everyone "
                "had the same number of turns. Then everyone exchanges their treasures for Nuts and spends "
                "them on Squirrels for empty squares; an Area completed this way gives more treasures to "
                "exchange."));
  add_par (b, _("Whoever covered the whole Forest Floor wins. When several did, the most Nuts left wins, "
                "then a Berry left; otherwise they share the win. Everyone else ranks by empty squares, "
                "fewest first."));

  b = add_section (self, "solo", _("Solo Game and Campaign"));
  add_par (b, _("Alone, you play 25 tiles in exactly ten turns. There is no Common Path: a Top Path and a "
                "Bottom Path of five tiles each lie on the board, and a track of ten tiles counts the turns; "
                "each turn one of them moves along to the Mushroom spaces."));
  add_item (b, _("When your Player Path is empty, choose a Path and one of its ends and take tiles from "
                 "there until you have five. A Berry does the same; with five tiles it buys a sixth from "
                 "either Path."));
  add_item (b, _("A Mushroom takes the tiles on the two Mushroom spaces."));
  add_par (b, _("After ten turns, exchange treasures for Nuts and Squirrels. With the Forest Floor full you "
                "win and score what is left: a Berry 1 point, a Nut 2, a Mushroom 3, a Feather 4. "
                "Otherwise you lose, with one minus point per empty square. A score of 0 is a fine "
                "result."));
  add_par (b, _("A <b>campaign</b> is three solo games that share out all 75 tiles and use one Forest "
                "Floor. Its result is the total of your two best won games; with only one won game, the "
                "total of your two worst lost games. After two lost games the third is forfeit."));

  b = add_section (self, "controls", _("Controls"));
  add_item (b, _("<b>Pick up</b> a tile: click it in your Player Path, drag it, or press 1 to 6 for the first to "
                 "sixth tile of the Path."));
  add_item (b, _("<b>Rotate</b>: R or the mouse wheel. <b>Flip</b>: F."));
  add_item (b, _("<b>Move</b> it over your Forest Floor with the mouse or the arrow keys: it snaps to the "
                 "squares, green where it fits and red where it does not. The squares that would get a "
                 "treasure and the Areas that would be completed are marked."));
  add_item (b, _("<b>Place</b> it with a click or Enter; Escape puts it back."));
  add_item (b, _("The treasure buttons show what they cost and work only when allowed. Squirrels and Animal "
                 "tiles are placed like Leaf tiles."));
  add_item (b, _("<b>Undo</b> (Ctrl+Z) takes back the moves of your current turn. <b>End turn</b> (Ctrl+Enter) "
                 "passes to the next player."));
  add_item (b, _("<b>Hint</b> (H) shows the move the Hard computer player would make now: outlined on your "
                 "Forest Floor and said in words. A game played with hints is counted apart in the statistics."));
  add_item (b, _("Ctrl+N starts a new game, F1 shows these rules, Ctrl+Q quits. Every move is saved: "
                 "quit at any time and continue later."));
}

gboolean
fol_help_window_show_section (FolHelpWindow *self, const char *name)
{
  g_return_val_if_fail (FOL_IS_HELP_WINDOW (self), FALSE);
  if (gtk_stack_get_child_by_name (self->stack, name) == NULL)
    return FALSE;
  gtk_stack_set_visible_child_name (self->stack, name);
  return TRUE;
}

guint
fol_help_window_get_n_sections (FolHelpWindow *self)
{
  g_return_val_if_fail (FOL_IS_HELP_WINDOW (self), 0);
  return self->n_sections;
}

static void
fol_help_window_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), FOL_TYPE_HELP_WINDOW);
  G_OBJECT_CLASS (fol_help_window_parent_class)->dispose (object);
}

static void
fol_help_window_class_init (FolHelpWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = fol_help_window_dispose;
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/foliage/Foliage/ui/fol-help-window.ui");
  gtk_widget_class_bind_template_child (widget_class, FolHelpWindow, stack);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
fol_help_window_init (FolHelpWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  build_sections (self);
}

FolHelpWindow *
fol_help_window_new (GtkWindow *parent)
{
  return g_object_new (FOL_TYPE_HELP_WINDOW, "transient-for", parent, NULL);
}
