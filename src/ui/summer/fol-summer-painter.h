/* fol-summer-painter.h: drawing an Indian Summer position with Cairo.
 *
 * Pure Cairo and PangoCairo, no GTK (DESIGN.md, "Layers": the drawing of a
 * board is a function of (state, geometry, highlights) into a cairo_t), so
 * the board widget, the command-line tool and the tests render the very
 * same picture.  Three steps:
 *
 *   FolSummerLayout layout;
 *   fol_summer_layout_compute (&layout, state, width, height, main_seat);
 *   fol_summer_paint (cr, state, &layout, &highlights);   // highlights may be NULL
 *
 * and the hit-testing helpers map a point back to a seat and square, a
 * Player Path slot, an Animal tile, etc.  The Summer components must be
 * loaded (summer_components_get()) before any call, as for any state. */
#pragma once

#include <cairo.h>
#include <glib.h>
#include "summer-state.h"

G_BEGIN_DECLS

/* A rectangle in the picture's coordinates (pixels). */
typedef struct {
  double x, y, width, height;
} FolRect;

/* Where one seat's Forest Floor, name line and Player Path are drawn. */
typedef struct {
  gboolean shown;                         /* the seat exists */
  gboolean large;                         /* the main seat */
  FolRect panel;                          /* the seat's whole card */
  FolRect info;                           /* name, treasures, counts */
  double gx, gy;                          /* top-left corner of square a1 */
  double cell;                            /* side of one square */
  FolRect path_slot[SUMMER_PATH_MAX];     /* Player Path in one row, [0] next to the Backpack (the
                                             tile a Mushroom takes), then left to right */
  double path_cell;                       /* cell size of the tiles in the slots */
  FolRect backpack;
  FolRect stats;                          /* the main seat: its empty squares and Squirrels, the
                                             header's second line */
} FolSummerSeatGeom;

/**
 * FolSummerLayout:
 * The geometry of one picture: computed once per size, main seat and
 * player count (fol_summer_layout_compute()), then used by the painter and
 * by hit-testing.  Plain data: copy it freely.
 */
typedef struct {
  int width, height;
  int n_players;
  int main_seat;
  double unit;                            /* the main square size: fonts scale with it */
  FolSummerSeatGeom seat[SUMMER_MAX_PLAYERS];
  /* multiplayer: the Common Path, the Bush first */
  FolRect common_panel;
  FolRect bush;
  FolRect common_slot[SUMMER_COMMON_MAX];
  /* supply and Animal tiles */
  FolRect supply_panel;
  FolRect supply_item[SUMMER_N_TREASURES + 1];   /* the four treasures, then Squirrels */
  FolRect animal_slot[SUMMER_N_ANIMAL_KINDS];
  /* solo: the Top and Bottom Paths and the track X10..X1 M1 M2 */
  FolRect solo_panel;
  FolRect solo_slot[2][SUMMER_PATH_REFILL];
  FolRect track_slot[SUMMER_TRACK_SPACES];
  double small_cell;                      /* cell size of tiles on paths, track, animals */
  FolRect legend_panel;                   /* what the treasures do, when there is room (solo) */
} FolSummerLayout;

/* Motion (issue 11): a piece on its way from where it lay to where it goes. */
typedef enum {
  FOL_SUMMER_FLIGHT_LEAF,     /* tile = Leaf tile index */
  FOL_SUMMER_FLIGHT_ANIMAL,   /* tile = SummerAnimalKind */
  FOL_SUMMER_FLIGHT_SQUIRREL,
} FolSummerFlightKind;

/* One end of a flight: the box of the piece's cells (cell size @cell) in
 * the picture, the piece turned by @transform (0..7, as SummerMove), and how
 * opaque it is there. */
typedef struct {
  double x, y, cell;
  int transform;
  double alpha;
} FolSummerFlightEnd;

/**
 * FolSummerFlight:
 * A piece drawn between @from and @to at the highlights' flight_t (0..1,
 * eased): a Leaf tile from its Path slot to the Forest Floor (a Mushroom's
 * taken tile from the opponent's Path or the Common Path), a tile moving
 * along or between Paths, a tile arriving from the reserve (fades in where
 * it goes) or leaving the picture (fades out), a Squirrel or an Animal tile
 * from the supply to the floor.
 */
typedef struct {
  FolSummerFlightKind kind;
  int tile;
  FolSummerFlightEnd from, to;
} FolSummerFlight;

/* The most pieces of a hinted turn drawn beside the first. */
#define FOL_SUMMER_MAX_MORE_HINTS 6
#define FOL_SUMMER_MAX_FLIGHTS 48

/* What is held by the pointer (FolSummerHighlights.held). */
typedef enum {
  FOL_SUMMER_HELD_NONE,
  FOL_SUMMER_HELD_LEAF,       /* ghost.kind SUMMER_MOVE_LEAF */
  FOL_SUMMER_HELD_ANIMAL,     /* ghost.kind SUMMER_MOVE_ANIMAL */
  FOL_SUMMER_HELD_SQUIRREL,   /* ghost.kind SUMMER_MOVE_SQUIRREL or SUMMER_MOVE_NUT */
} FolSummerHeld;

/**
 * FolSummerHighlights:
 * Everything drawn on top of the position.  Start from
 * fol_summer_highlights_init(); fill the ghost with
 * fol_summer_highlights_set_ghost() (it does the rules work, so the paint
 * itself only draws).
 */
typedef struct {
  gboolean dark;                          /* the dark palette */
  const char *names[SUMMER_MAX_PLAYERS];  /* (nullable) shown names; NULL: "Player N" */
  int acting_seat;                        /* the seat that may act now (tiles to pick glow), or -1 */
  /* the last move */
  int last_seat;                          /* -1: none */
  FolBits72 last_squares;
  /* the held piece at the cursor */
  FolSummerHeld held;
  SummerMove ghost;                       /* the move the held piece would make */
  gboolean ghost_legal;
  FolBits72 ghost_squares;                /* squares of the ghost on the board */
  int ghost_hole;                         /* the ghost's Hole square, or -1 */
  FolBits72 gain_squares;                 /* squares that would give a treasure */
  guint8 complete_areas;                  /* bit a: Area a+1 would be completed */
  FolBits72 legal_marks;                  /* squares marked as places the held piece fits (0: none) */
  int lifted_tile;                        /* the Leaf tile taken into the pointer (drawn faded), or -1 */
  int cursor_square;                      /* keyboard cursor on the acting seat's floor, or -1 */
  /* the picture takes no input (a replay): no tile glows as one to take,
   * no key badges; a hint is still drawn */
  gboolean read_only;
  /* a hint (the move a stronger player would make) for the acting seat */
  gboolean has_hint;
  SummerMove hint;
  /* the rest of the hinted turn's pieces (a replay's Expert turn: a tile,
   * then a Squirrel, then a Mouse), drawn as the hint is but not ringed */
  int n_more_hints;
  SummerMove more_hints[FOL_SUMMER_MAX_MORE_HINTS];                        /* drawn when a LEAF, ANIMAL, SQUIRREL or NUT move: a
                                             translucent piece with a dashed outline in the hint
                                             colour, and the tile or Animal tile to take ringed */
  /* motion (issue 11; fol_summer_motion_compute()): while pieces fly, the base
   * picture leaves them out where they land and fol_summer_paint_motion() draws them */
  int n_flights;                          /* 0: nothing moves */
  FolSummerFlight flights[FOL_SUMMER_MAX_FLIGHTS];
  double flight_t;                        /* progress 0..1 (eased by the painter) */
  gboolean hidden_tiles[SUMMER_N_LEAF_TILES]; /* Leaf tiles in flight: not drawn in their slot or on a floor */
  int hidden_seat;                        /* whose floor hidden_squares are on, or -1 */
  FolBits72 hidden_squares;               /* a Squirrel or Animal tile in flight: drawn as before it came */
} FolSummerHighlights;

/** fol_summer_highlights_init: empty highlights (nothing held, no last move). */
void fol_summer_highlights_init (FolSummerHighlights *h);

/**
 * fol_summer_highlights_set_ghost:
 * @state: the position the ghost is shown on
 * @move: (nullable): a SUMMER_MOVE_LEAF, _ANIMAL, _SQUIRREL or _NUT move of
 *   the seat to move; NULL clears the ghost
 * Fills the ghost fields: its squares and Hole, whether summer_check_move()
 * accepts it, and, when legal, the squares that would give a treasure and
 * the Areas that would be completed (found by playing it on a copy).
 */
void fol_summer_highlights_set_ghost (FolSummerHighlights *h, const SummerState *state, const SummerMove *move);

/**
 * fol_summer_move_squares:
 * @hole: (out) (optional): the Hole square of a Leaf tile, else -1
 * Returns: the squares a Leaf, Animal, Squirrel or Nut move covers (0 for
 *   other moves or a move that would stick out of the Forest Floor).
 */
FolBits72 fol_summer_move_squares (const SummerMove *move, int *hole);

/* How much of the full height's square size the main Forest Floor keeps at
 * fol_summer_layout_comfortable_width(). */
#define FOL_SUMMER_LAYOUT_COMFORT 0.9

/**
 * fol_summer_layout_comfortable_width:
 * @n_players: 1..4
 * @height: the picture's height in pixels
 *
 * The narrowest picture of @height whose main Forest Floor keeps
 * FOL_SUMMER_LAYOUT_COMFORT of the square size the height allows (the
 * width then limits it no more than that): below it, the floor shrinks
 * with empty room under it, and a game page folds its side panel away
 * instead (issue 11: "the board is always the largest thing on screen").
 *
 * Returns: a width in pixels
 */
int fol_summer_layout_comfortable_width (int n_players, int height);

/**
 * fol_summer_layout_compute:
 * @layout: (out caller-allocates): the geometry
 * @state: the position (only its player count is used)
 * @width: @height: the picture's size in pixels
 * @main_seat: the seat shown large (0..n_players-1)
 *
 * The main seat's card at the left (about 60 % of the width, or the full
 * height): its Forest Floor, the largest thing in the picture, with its
 * Player Path as one row under it.  The right column: the Common Path (or
 * the solo Paths and track) in rows as few to a row as leave the opponents
 * room, the supply and Animal tiles, then the opponents' cards in turn
 * order, each with its Player Path in one row from its Backpack (issue 11).
 * No card overlaps another; at about 900x650 the Common Path's tiles have
 * cells of 10 px or more and the main Path's 13 px or more.
 */
void fol_summer_layout_compute (FolSummerLayout *layout, const SummerState *state,
                                int width, int height, int main_seat);

/**
 * fol_summer_paint:
 * @cr: where to draw; the picture covers (0, 0, layout->width, layout->height)
 * @highlights: (nullable): NULL draws the position alone, light palette
 * Draws the whole position.  The seat to move has its card outlined in the
 * accent colour; when it is not the main seat (a computer's turn while the
 * person's floor stays large) its card glows as well (issue 11).
 */
void fol_summer_paint (cairo_t *cr, const SummerState *state, const FolSummerLayout *layout,
                       const FolSummerHighlights *highlights);

/**
 * fol_summer_paint_base:
 * The picture without the held-piece overlay (ghost, gains, completing
 * Areas, legal marks, keyboard cursor) and without the pieces in flight:
 * what a widget may cache while the pointer or the pieces move.
 * fol_summer_paint() = base + motion + overlay.
 */
void fol_summer_paint_base (cairo_t *cr, const SummerState *state, const FolSummerLayout *layout,
                            const FolSummerHighlights *highlights);

/**
 * fol_summer_paint_floor_part:
 * @cr: where to draw: square (@col, @row) gets its top-left corner at (0, 0)
 * @state: the position
 * @seat: whose Forest Floor (0..n_players-1)
 * @col: @row: the first column (0..8) and row (0..7) drawn
 * @cols: @rows: how many columns and rows (inside the 9x8 Forest Floor)
 * @cell: the side of one square, in pixels
 * @highlights: (nullable): the palette (dark) and the last move, outlined
 *   when its seat is @seat; NULL: the light palette, no last move
 * Draws part of @seat's Forest Floor exactly as the board draws it (the
 * same squares tinted per Area, printed treasures, Leaf tiles with their
 * Holes and tokens, Squirrels, Animal tiles, Area borders and completed
 * Areas' badges), clipped to @cols x @rows squares: the pictures of the
 * rules help (issue 12).
 */
void fol_summer_paint_floor_part (cairo_t *cr, const SummerState *state, int seat, int col, int row, int cols,
                                  int rows, double cell, const FolSummerHighlights *highlights);

/**
 * fol_summer_paint_token:
 * @treasure: the treasure
 * @cx: @cy: the centre; @r: the radius, in pixels
 * @dark: the dark palette
 * Draws a treasure token (a cream disc with the treasure's icon) as the
 * board draws one on a Hole.
 */
void fol_summer_paint_token (cairo_t *cr, SummerTreasure treasure, double cx, double cy, double r, gboolean dark);

/**
 * fol_summer_paint_overlay:
 * Draws only the held-piece overlay on the acting seat's Forest Floor,
 * inside fol_summer_layout_overlay_rect().
 */
void fol_summer_paint_overlay (cairo_t *cr, const SummerState *state, const FolSummerLayout *layout,
                               const FolSummerHighlights *highlights);

/**
 * fol_summer_motion_compute:
 * @h: the highlights to fill (flights, hidden_tiles, hidden_seat,
 *   hidden_squares; flight_t is set to 0)
 * @layout: the geometry both positions are drawn with
 * @before: the position before @move
 * @after: the position after it (the one the base picture shows)
 * @seat: who played @move
 * @move: (nullable): the move; NULL moves only what changed place
 * Plans the motion of one move (issue 11): the placed Leaf tile flies from
 * its slot (its Player Path, or an opponent's Path or the Common Path for a
 * Mushroom's tile: it visibly leaves that Path) onto @seat's Forest Floor,
 * turning as it goes; a Squirrel or Animal tile flies from the supply; the
 * tiles that changed slot (a Path closing up after its first tile left, a
 * refill from the Common Path) slide to their new slot; tiles that appear
 * fade in, tiles that leave the picture fade out.
 * Returns: the number of flights (0: nothing to animate).
 */
int fol_summer_motion_compute (FolSummerHighlights *h, const FolSummerLayout *layout, const SummerState *before,
                               const SummerState *after, int seat, const SummerMove *move);

/** fol_summer_motion_clear: no flights, nothing hidden (the final picture). */
void fol_summer_motion_clear (FolSummerHighlights *h);

/**
 * fol_summer_motion_rect:
 * Returns: FALSE when nothing flies; else the area the flights cross, in @r.
 */
gboolean fol_summer_motion_rect (const FolSummerHighlights *h, FolRect *r);

/**
 * fol_summer_paint_motion:
 * Draws the flights of @h at h->flight_t (the pieces the base picture leaves
 * out).  fol_summer_paint() = base + motion + overlay.
 */
void fol_summer_paint_motion (cairo_t *cr, const FolSummerLayout *layout, const FolSummerHighlights *highlights);

/**
 * fol_summer_layout_slot_of_tile:
 * @slot: (out): the slot's rectangle
 * @cell: (out): the cell size the tile is drawn with there
 * @transform: (out): the orientation it is shown in
 * Returns: whether Leaf tile @tile lies in a slot of the picture in @state
 *   (a Player Path, the Common Path, a solo Path or the track).
 */
gboolean fol_summer_layout_slot_of_tile (const FolSummerLayout *layout, const SummerState *state, int tile,
                                         FolRect *slot, double *cell, int *transform);

/**
 * fol_summer_layout_overlay_rect:
 * Returns: FALSE when no seat acts; else the area the overlay draws in, in @r.
 */
gboolean fol_summer_layout_overlay_rect (const FolSummerLayout *layout, const FolSummerHighlights *highlights,
                                         FolRect *r);

/**
 * fol_summer_layout_treasure_at:
 * @state: the position drawn (its counts place the treasures)
 * @x: @y: a point of the picture, in pixels
 * The main seat's treasure counts, drawn at the right of its name line,
 * can be clicked to spend one (the board does it: Berry, Nut, Mushroom,
 * Feather; Rulebook: Special actions, Main action).
 * Returns: the SummerTreasure whose icon or count lies at (@x, @y), or -1
 */
int fol_summer_layout_treasure_at (const FolSummerLayout *layout, const SummerState *state, double x, double y);

/* What a point of the picture is over (fol_summer_layout_hit()). */
typedef enum {
  FOL_SUMMER_HIT_NONE,
  FOL_SUMMER_HIT_SQUARE,      /* seat, index = square 0..71 */
  FOL_SUMMER_HIT_PATH,        /* seat, index = Player Path slot 0..5 */
  FOL_SUMMER_HIT_COMMON,      /* index = Common Path position (0 next to the Bush) */
  FOL_SUMMER_HIT_SOLO_PATH,   /* seat = SUMMER_TOP_PATH / SUMMER_BOTTOM_PATH, index = 0..4 from the left */
  FOL_SUMMER_HIT_TRACK,       /* index = track space 0..11 (X10 .. X1 M1 M2) */
  FOL_SUMMER_HIT_ANIMAL,      /* index = SummerAnimalKind */
  FOL_SUMMER_HIT_SUPPLY,      /* index = SummerTreasure, or SUMMER_N_TREASURES for Squirrels */
} FolSummerHitKind;

typedef struct {
  FolSummerHitKind kind;
  int seat;
  int index;
} FolSummerHit;

/**
 * fol_summer_layout_hit:
 * Returns: what (@x, @y) is over.  Slots are reported whether or not a tile
 *   lies in them; the caller checks the state.
 */
FolSummerHit fol_summer_layout_hit (const FolSummerLayout *layout, double x, double y);

/**
 * fol_summer_layout_square_at:
 * @seat: (out) (optional): whose Forest Floor
 * Returns: the square 0..71 under (@x, @y), or -1.
 */
int fol_summer_layout_square_at (const FolSummerLayout *layout, double x, double y, int *seat);

/**
 * fol_summer_layout_square_center:
 * Returns: FALSE when @seat is not drawn; else the centre of @square in (@x, @y).
 */
gboolean fol_summer_layout_square_center (const FolSummerLayout *layout, int seat, int square,
                                          double *x, double *y);

/**
 * fol_summer_layout_path_slot_at:
 * @seat: (out) (optional): whose Player Path
 * Returns: the Player Path slot 0..5 under (@x, @y), or -1.
 */
int fol_summer_layout_path_slot_at (const FolSummerLayout *layout, double x, double y, int *seat);

/**
 * fol_summer_describe_square:
 * Returns: (transfer full): a sentence about @square of @seat's Forest Floor
 *   for tooltips and screen readers ("e4, Area 2: a red Leaf tile's Hole
 *   with a Nut on it").
 */
char *fol_summer_describe_square (const SummerState *state, int seat, int square);

/** Returns: (transfer none): the translated name of an Animal tile kind ("Hedgehog"). */
const char *fol_summer_animal_word (int kind);

/**
 * fol_summer_render_png:
 * @highlights: (nullable): the dark flag, names, last move to show
 * Renders @state as the board widget would to a PNG of @width x @height.
 * Returns: TRUE, or FALSE with @error set (G_FILE_ERROR) when writing fails.
 */
gboolean fol_summer_render_png (const SummerState *state, int main_seat, int width, int height,
                                const FolSummerHighlights *highlights, const char *path, GError **error);

G_END_DECLS
