/* fol-help-window.c: the rules of Indian Summer, with pictures drawn by the
 * board's painter. */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "fol-help-window.h"
#include "fol-summer-painter.h"
#include "fol-summer-words.h"

/* ---- the drawn examples ----
 *
 * Each picture is a part of a real Forest Floor side drawn by the board's
 * painter (fol_summer_paint_floor_part()): the same squares, printed
 * treasures, Leaf tiles with their Holes and tokens, Squirrels and Animal
 * tiles as in a game (issue 12).  Its position is made by the rules: each
 * piece of @cover is given to the one player of a solo game and placed by
 * summer_apply_move(), so the tokens on the Holes, the Areas completed and
 * what an Animal tile takes are the engine's.  @cover has one string per
 * row shown: '.' nothing; a lower-case letter a Leaf tile (one letter, one
 * tile; its capital the tile's Hole), placed in letter order and coloured
 * as @tiles says ('g' green, 'y' yellow, 'r' red): the tile of that colour
 * whose shape, turned and flipped, covers those squares with its Hole there;
 * then '*' a Squirrel (a Nut's Special Action); last the Animal tiles of
 * @animals, over the Holes of the tiles: '1' to '9' an Animal tile of the
 * shape its squares make.  The last piece placed is outlined as the board
 * outlines the last move, unless @still. */

#define EX_MAX_ROWS 8
#define EX_CELL 42

typedef struct {
  const char *name;
  const char *side;             /* the Forest Floor side, "1A" */
  int col, row, cols, rows;     /* the part of it shown */
  const char *cover[EX_MAX_ROWS];
  const char *tiles;
  const char *animals[EX_MAX_ROWS]; /* (nullable) */
  gboolean still;               /* no piece was just placed: none outlined */
} Example;

static const Example examples[] = {
  { .name = "floor", .side = "1A", .col = 0, .row = 0, .cols = 9, .rows = 8,
    .cover = { "...aa....", "...Aa....", "...a.....", ".........",
               ".........", "......bB.", ".......bb", "........." },
    .tiles = "ry", .still = TRUE },
  { .name = "hole", .side = "1A", .col = 2, .row = 0, .cols = 5, .rows = 4,
    .cover = { ".....", "aAa..", ".a...", "....." },
    .tiles = "y" },
  { .name = "area", .side = "1A", .col = 0, .row = 0, .cols = 6, .rows = 4,
    .cover = { "aAa...", "bBb...", "Ccb...", "ccc..." },
    .tiles = "gyr" },
  { .name = "squirrel", .side = "1A", .col = 5, .row = 0, .cols = 4, .rows = 4,
    .cover = { ".aAa", ".a*B", ".ccb", ".Cbb" },
    .tiles = "yyg" },
  { .name = "animal", .side = "1A", .col = 0, .row = 4, .cols = 4, .rows = 4,
    .cover = { "aaA.", "abB.", "cbb.", "ccC." },
    .tiles = "yyy",
    .animals = { "..1.", "..1.", "....", "...." } },
};

/* The squares of @ex's cover holding @piece (a Leaf tile's Hole counted as
 * its tile), as cells of the whole Forest Floor sorted by row, then
 * column, as FolOrientation's are; the Hole's index in *hole (or -1). */
static int
piece_cells (const Example *ex, char piece, FolCell *cells, int *hole)
{
  int n = 0;
  *hole = -1;
  for (int y = 0; y < ex->rows; y++)
    for (int x = 0; x < ex->cols; x++)
      {
        char c = g_ascii_isdigit (piece) ? (ex->animals[0] ? ex->animals[y][x] : '.') : ex->cover[y][x];
        if (c != piece && !(g_ascii_islower (piece) && c == g_ascii_toupper (piece)))
          continue;
        g_return_val_if_fail (n < FOL_POLY_MAX_CELLS, 0);
        if (c != piece)
          *hole = n;
        cells[n].x = (int8_t) (ex->col + x);
        cells[n].y = (int8_t) (ex->row + y);
        n++;
      }
  return n;
}

/* The orientation in @set that covers @cells (@n, sorted) with its Hole on
 * cell @hole (-1: none); its anchor square in *anchor. */
static const FolOrientation *
orientation_covering (const FolOrientationSet *set, const FolCell *cells, int n, int hole, int *anchor)
{
  for (int k = 0; k < set->n; k++)
    {
      const FolOrientation *o = &set->o[k];
      gboolean same = o->n_cells == n && o->hole == hole;
      for (int i = 0; same && i < n; i++)
        same = o->cells[i].x == cells[i].x - cells[0].x + o->cells[0].x
               && o->cells[i].y == cells[i].y - cells[0].y + o->cells[0].y;
      if (same)
        {
          *anchor = (cells[0].y - o->cells[0].y) * SUMMER_COLS + cells[0].x - o->cells[0].x;
          return o;
        }
    }
  return NULL;
}

/* The move that places the piece @piece of @ex, a Leaf tile of @colour not
 * in @used (then marked used), a Squirrel or an Animal tile. */
static gboolean
piece_move (const Example *ex, char piece, int colour, gboolean *used, SummerMove *m)
{
  const SummerComponents *c = summer_components ();
  FolCell cells[FOL_POLY_MAX_CELLS];
  int hole, anchor;
  int n = piece_cells (ex, piece, cells, &hole);
  *m = (SummerMove) { .tile = SUMMER_NONE };
  if (n == 1 && piece == '*')
    {
      m->kind = SUMMER_MOVE_NUT;
      m->square = (uint8_t) (cells[0].y * SUMMER_COLS + cells[0].x);
      return TRUE;
    }
  for (int t = 0; t < SUMMER_N_LEAF_TILES && g_ascii_islower (piece); t++)
    {
      const FolOrientation *o;
      if (used[t] || (int) c->leaf[t].colour != colour
          || !(o = orientation_covering (&c->leaf[t].orientations, cells, n, hole, &anchor)))
        continue;
      used[t] = TRUE;
      *m = (SummerMove) { .kind = SUMMER_MOVE_LEAF, .tile = (uint8_t) t, .transform = o->transform,
                          .square = (uint8_t) anchor };
      return TRUE;
    }
  for (int k = 0; k < SUMMER_N_ANIMAL_KINDS && g_ascii_isdigit (piece); k++)
    {
      const FolOrientation *o = orientation_covering (&c->animal[k].orientations, cells, n, -1, &anchor);
      if (!o)
        continue;
      *m = (SummerMove) { .kind = SUMMER_MOVE_ANIMAL, .tile = (uint8_t) k, .transform = o->transform,
                          .square = (uint8_t) anchor };
      return TRUE;
    }
  return FALSE;
}

/* Places @m for the one player of @s, as the rules do, whatever the turn:
 * the Leaf tile is put on the Player Path first (twice, so that placing it
 * leaves the Path not empty), a Nut given for a Squirrel. */
static gboolean
scene_play (SummerState *s, const SummerMove *m)
{
  SummerSeat *seat = &s->seat[0];
  s->main_done = false;
  s->pending = SUMMER_PENDING_NONE;
  if (m->kind == SUMMER_MOVE_LEAF)
    {
      seat->path[0] = seat->path[1] = m->tile;
      seat->path_len = 2;
    }
  else if (m->kind == SUMMER_MOVE_NUT)
    seat->treasures[SUMMER_NUT] = 1;
  g_autoptr (GError) error = NULL;
  if (!summer_apply_move (s, m, NULL, &error))
    {
      g_warning ("a picture of the rules: %s", error->message);
      return FALSE;
    }
  return TRUE;
}

/* Builds the position of @ex in @state, the piece placed last in @last.
 * Returns: FALSE when a piece of @ex matches no tile or the rules refuse
 *   it (a mistake in the pictures: the window's test catches it). */
static gboolean
build_example (const Example *ex, SummerState *state, SummerMove *last)
{
  const SummerComponents *c = summer_components_get (NULL);
  SummerSetup setup;
  summer_setup_init (&setup, 1, 1);
  if (!c || (setup.side[0] = (int8_t) summer_side_index (c, ex->side)) < 0
      || !summer_state_new_game (&setup, state, NULL))
    return FALSE;
  gboolean used[SUMMER_N_LEAF_TILES] = { FALSE };
  /* the Leaf tiles in letter order, the Squirrel, the Animal tiles */
  g_autoptr (GString) pieces = g_string_new (NULL);
  for (int i = 0; ex->tiles[i]; i++)
    g_string_append_c (pieces, (char) ('a' + i));
  g_string_append (pieces, "*123456789");
  gboolean placed = FALSE;
  for (gsize i = 0; i < pieces->len; i++)
    {
      const char *colour = i < strlen (ex->tiles) ? strchr ("gyr", ex->tiles[i]) : NULL;
      FolCell cells[FOL_POLY_MAX_CELLS];
      int hole;
      if (piece_cells (ex, pieces->str[i], cells, &hole) == 0)
        continue;
      if (!piece_move (ex, pieces->str[i], colour ? (int) (colour - "gyr") : -1, used, last) || !scene_play (state, last))
        return FALSE;
      placed = TRUE;
    }
  return placed;
}

/* A picture's position, built once. */
typedef struct {
  const Example *ex;
  gboolean ok;
  SummerState state;
  SummerMove last;
} Picture;

static void
draw_example (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer user_data)
{
  const Picture *pic = user_data;
  if (!pic->ok)
    return;
  const Example *ex = pic->ex;
  FolSummerHighlights h;
  fol_summer_highlights_init (&h);
  h.dark = adw_style_manager_get_dark (adw_style_manager_get_default ());
  h.last_seat = ex->still ? -1 : 0;
  h.last_squares = fol_summer_move_squares (&pic->last, NULL);
  cairo_translate (cr, floor ((width - ex->cols * EX_CELL) / 2.0), floor ((height - ex->rows * EX_CELL) / 2.0));
  fol_summer_paint_floor_part (cr, &pic->state, 0, ex->col, ex->row, ex->cols, ex->rows, EX_CELL, &h);
}

/* the treasures in order of value, with their names: tokens as on the board */
static void
draw_treasure_ranking (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer user_data)
{
  GdkRGBA fg;
  gtk_style_context_get_color (gtk_widget_get_style_context (GTK_WIDGET (area)), &fg);
  gboolean dark = adw_style_manager_get_dark (adw_style_manager_get_default ());
  double step = 88, x0 = (width - 3 * step) / 2;
  PangoLayout *layout = gtk_widget_create_pango_layout (GTK_WIDGET (area), NULL);
  for (int i = 0; i < SUMMER_N_TREASURES; i++)
    {
      double x = x0 + i * step;
      fol_summer_paint_token (cr, (SummerTreasure) i, x, 24, 17, dark);
      cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.9);
      pango_layout_set_text (layout, fol_summer_treasure_words (i, 1), -1);
      int tw, th;
      pango_layout_get_pixel_size (layout, &tw, &th);
      cairo_move_to (cr, x - tw / 2.0, 48);
      pango_cairo_show_layout (cr, layout);
      if (i < SUMMER_N_TREASURES - 1)
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

  Picture pictures[G_N_ELEMENTS (examples)];
  GPtrArray *areas;             /* the drawing areas, drawn again when the style turns dark or light */
  gulong dark_handler;

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
add_drawing (FolHelpWindow *self, GtkBox *box, GtkDrawingAreaDrawFunc func, gpointer data, int w, int h,
             const char *caption)
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
  g_ptr_array_add (self->areas, area);
}

static void
add_example (FolHelpWindow *self, GtkBox *box, const char *name, const char *caption)
{
  for (guint i = 0; i < G_N_ELEMENTS (examples); i++)
    if (g_str_equal (examples[i].name, name))
      {
        Picture *pic = &self->pictures[i];
        pic->ex = &examples[i];
        pic->ok = build_example (pic->ex, &pic->state, &pic->last);
        add_drawing (self, box, draw_example, pic, MAX (pic->ex->cols * EX_CELL, 260), pic->ex->rows * EX_CELL, caption);
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
  add_example (self, b, "floor", _("A Forest Floor: six Areas of twelve squares with printed treasures, and two Leaf "
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
  add_example (self, b, "hole", _("A yellow tile placed with its Hole over a printed Nut: a Nut token is put on the Hole."));

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
  add_drawing (self, b, draw_treasure_ranking, NULL, 340, 72, _("The treasures from the lowest value to the highest."));

  b = add_section (self, "areas", _("Areas"));
  add_par (b, _("An Area is complete when all its 12 squares are covered by Leaf tiles and Squirrels; "
                "squares under Holes count as covered. At once you take every token lying on the Holes of "
                "that Area into your supply. Tokens in Areas not yet complete stay where they are."));
  add_example (self, b, "area", _("The red tile completes the left Area: the Berry and the Nut that lay on its Holes went into "
                               "your supply, and its Holes are free again."));
  add_example (self, b, "squirrel", _("A Squirrel fills the last empty square and completes the Area."));

  b = add_section (self, "animals", _("Animal Tiles"));
  add_par (b, _("At any time in your turn you may lay an Animal tile over free Holes (Holes with no token "
                "on them) that are next to each other in the Animal's shape. It may be smaller than the "
                "group of Holes but covers nothing else. For each treasure printed under those Holes, take "
                "one from the supply."));
  add_par (b, _("The Racoon, the Fox and the Badger carry a treasure from the start of the game: whoever "
                "places one takes that treasure as well."));
  add_example (self, b, "animal", _("A Mouse laid over two free Holes, one over a printed Nut: you take a Nut."));

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

/* The pictures follow the style: the board's dark palette in dark mode. */
static void
on_dark_changed (AdwStyleManager *manager, GParamSpec *pspec, FolHelpWindow *self)
{
  for (guint i = 0; i < self->areas->len; i++)
    gtk_widget_queue_draw (g_ptr_array_index (self->areas, i));
}

static void
fol_help_window_dispose (GObject *object)
{
  FolHelpWindow *self = FOL_HELP_WINDOW (object);
  if (self->dark_handler)
    {
      g_signal_handler_disconnect (adw_style_manager_get_default (), self->dark_handler);
      self->dark_handler = 0;
    }
  g_clear_pointer (&self->areas, g_ptr_array_unref);
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
  self->areas = g_ptr_array_new ();
  build_sections (self);
  self->dark_handler = g_signal_connect (adw_style_manager_get_default (), "notify::dark",
                                         G_CALLBACK (on_dark_changed), self);
}

FolHelpWindow *
fol_help_window_new (GtkWindow *parent)
{
  return g_object_new (FOL_TYPE_HELP_WINDOW, "transient-for", parent, NULL);
}
