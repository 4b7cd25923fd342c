/* fol-fall-painter.h: drawing a Fall position with Cairo.
 *
 * Pure Cairo and PangoCairo, no GTK (DESIGN.md, "Layers"), so the board
 * widget, `foliage-cli render fall` and the tests draw the very same
 * picture:
 *
 *   FolFallLayout layout;
 *   FolFallTransform view;
 *   fol_fall_layout_compute (&layout, width, height, viewer);
 *   fol_fall_transform_fit (&view, state, &layout.board);   // only when asked
 *   fol_fall_paint (cr, state, &layout, &view, &highlights); // highlights may be NULL
 *
 * The picture: a strip at the top with the offer (four tile-and-token
 * combinations), the week and the Season board, tiles and tokens left; the
 * ecosystem in the middle (pan and zoom through the transform); a strip at
 * the bottom with each player's Mushroom markers and set-aside tokens and
 * the viewer's three scoring cards with the VP they would give now.
 *
 * Colour-blind safety: the three leaf colours also differ by pattern
 * (yellow plain, red stripes, green dots); tokens by shape and letter
 * (Mushroom circle M, Fox triangle F, Hoopoe diamond H, Robin square R,
 * Toad octagon T) and, large enough, by a silhouette of the animal or the
 * mushroom with the letter in a badge (issue 12); flowers by shape
 * (Autumn Crocus triangle, Daffodil circle, Cosmos four-point star); the
 * players' markers by shape (seat 1 a blue square, seat 2 a black circle,
 * outlined in white, the black one black in the dark palette too): on a
 * claimed Mushroom the marker covers the token, wider than a third of the
 * hexagon. */
#pragma once

#include <cairo.h>
#include <glib.h>
#include "fall-state.h"
#include "fall-scoring.h"

G_BEGIN_DECLS

#define FOL_FALL_HELD_SLOTS 6

typedef struct {
  double x, y, width, height;
} FolFallRect;

/**
 * FolFallTransform:
 * Where the ecosystem is drawn: the picture position of the centre of cell
 * (0, 0) and the hex size (centre to corner) in pixels.  The board changes
 * it when the person pans, zooms or asks for a fit, and re-fits it when the
 * ecosystem no longer fits the view unless the person has panned or zoomed
 * since the last fit (issue 11).
 */
typedef struct {
  double ox, oy;
  double size;
} FolFallTransform;

/**
 * FolFallLayout:
 * The geometry of one picture (fol_fall_layout_compute()).  Plain data.
 */
typedef struct {
  int width, height;
  double unit;                         /* the base font size */
  int viewer;                          /* whose cards are drawn, -1: none */
  FolFallRect top;                     /* offer, week, Season board */
  FolFallRect board;                   /* the ecosystem */
  FolFallRect bottom;                  /* players and cards */
  FolFallRect offer_slot[FALL_OFFER];
  FolFallRect season;
  FolFallRect season_week[FALL_N_WEEKS];
  FolFallRect seat_panel[2];
  FolFallRect held_slot[2][FOL_FALL_HELD_SLOTS];
  FolFallRect hand_slot[2][2];         /* the tiles taken this turn, not yet placed */
  FolFallRect card[FALL_N_CARD_KINDS];
} FolFallLayout;

/* Marks on cells (FolFallHighlights.marks). */
typedef enum {
  FOL_FALL_MARK_NONE,
  FOL_FALL_MARK_FITS,         /* the held tile fits here with its current rotation */
  FOL_FALL_MARK_FITS_OTHER,   /* it fits here with another rotation */
  FOL_FALL_MARK_TOKEN,        /* the selected token may go here */
  FOL_FALL_MARK_CLAIM,        /* an unclaimed Mushroom the player may claim */
} FolFallMark;

#define FOL_FALL_MAX_MARKS FALL_MAX_CELLS

/* Motion (issue 11): what is coming into place on a cell (FolFallAnim.kind). */
typedef enum {
  FOL_FALL_ANIM_TILE,         /* the cell's top tile, and what it carries */
  FOL_FALL_ANIM_TOKEN,        /* the token on the top tile (with its marker) */
  FOL_FALL_ANIM_MARKER,       /* a Mushroom marker alone (a claim) */
} FolFallAnimKind;

#define FOL_FALL_MAX_ANIM 8

/**
 * FolFallAnim:
 * A piece of the ecosystem still moving into place (the board's motion):
 * at @progress 0 it is not there yet (the cell shows what was there before),
 * at 1 it is in place; in between it falls in from a little above, larger
 * and translucent.  Drawing never depends on it otherwise: the same
 * position with no anim (or progress 1) is the final picture.
 */
typedef struct {
  FolHex cell;
  int kind;                           /* FolFallAnimKind */
  int covered_token;                  /* a tile stacked on a token: that token (it goes back in the box), else -1 */
  double progress;                    /* 0 .. 1 */
} FolFallAnim;

/**
 * FolFallHighlights:
 * Everything drawn on top of the position.  Start with
 * fol_fall_highlights_init(); fol_fall_highlights_set_ghost() and
 * fol_fall_highlights_set_token() do the rules work.
 */
typedef struct {
  gboolean dark;
  const char *names[2];               /* (nullable) the players' names */
  int acting_seat;                    /* the seat that may act now, or -1 */
  /* the last move(s): cells outlined */
  int n_last;
  FolHex last_cells[8];
  /* the offer slot or held token selected by the user, or -1 */
  int selected_offer;
  int selected_held;                  /* held slot of acting_seat */
  /* the tile in the pointer */
  gboolean ghost;
  gboolean ghost_on_board;            /* at a cell (else only in the hand) */
  int ghost_tile;
  int ghost_rot;
  FolHex ghost_cell;
  gboolean ghost_legal;
  int ghost_rule;                     /* 1 or 2 when legal (rule 1 preferred), else 0 */
  int ghost_discards;                 /* the FallToken stacking would put back in the box, or -1 */
  guint8 ghost_match_edges;           /* bit d: edge d meets an edge of the same colour */
  const char *ghost_reason;           /* why not (fall_check_move()), or NULL */
  /* marks */
  int n_marks;
  FolHex mark_cell[FOL_FALL_MAX_MARKS];
  guint8 mark[FOL_FALL_MAX_MARKS];    /* FolFallMark */
  /* the keyboard cursor */
  gboolean has_cursor;
  FolHex cursor;
  /* a hint for the acting seat (the move the Hard level would make), drawn
   * in the hint colour (violet) with dashed outlines, under whatever the
   * pointer holds: a TAKE rings its offer slot; a PLACE shows the tile
   * translucent at its cell and rotation, and rings it in the hand; a
   * DISCARD_TILE rings it in the hand; a TOKEN shows the token translucent
   * on its tile and rings it among the set-aside tokens; a CLAIM rings the
   * Mushroom and shows the seat's marker on it, translucent.  An END is
   * not drawn (the page says it in words). */
  gboolean has_hint;
  FallMove hint;
  /* the end of the game: every card shown (both seats) */
  gboolean reveal;
  /* pieces still moving into place (FolFallAnim) */
  int n_anim;
  FolFallAnim anim[FOL_FALL_MAX_ANIM];
} FolFallHighlights;

/** fol_fall_highlights_init: nothing highlighted, light palette. */
void fol_fall_highlights_init (FolFallHighlights *h);

/**
 * fol_fall_highlights_set_ghost:
 * @state: the position (a view of the seat to move)
 * @tile: a tile in hand, or -1 to clear the ghost
 * @cell: (nullable): where the tile is (NULL: not over a cell)
 * @rot: its rotation 0..5
 * @marks: whether to mark every cell where @tile fits
 * Fills the ghost: legality (fall_check_move()), the rule that allows it,
 * the edges meeting the same colour, the token stacking would discard,
 * and (with @marks) the cells where it fits with this or another rotation.
 */
void fol_fall_highlights_set_ghost (FolFallHighlights *h, const FallState *state, int tile,
                                    const FolHex *cell, int rot, gboolean marks);

/**
 * fol_fall_highlights_set_token:
 * @token: a FallToken held by the seat to move, or -1 to clear
 * Marks every cell where that token may go now.
 */
void fol_fall_highlights_set_token (FolFallHighlights *h, const FallState *state, int token);

/** Marks the unclaimed Mushrooms the seat to move may claim (adds to the marks). */
void fol_fall_highlights_mark_claims (FolFallHighlights *h, const FallState *state);

/**
 * fol_fall_layout_compute:
 * @layout: (out caller-allocates): the geometry of a @width x @height picture
 * @viewer: whose scoring cards are drawn at the bottom, or -1
 */
void fol_fall_layout_compute (FolFallLayout *layout, int width, int height, int viewer);

/**
 * fol_fall_transform_fit:
 * @t: (out caller-allocates): a transform showing every tile of @state and
 *   the cells next to them, centred in @area
 */
void fol_fall_transform_fit (FolFallTransform *t, const FallState *state, const FolFallRect *area);

/**
 * fol_fall_transform_fit_room:
 * @room: the room to leave on each side, in rings of cells (0: as
 *   fol_fall_transform_fit())
 * As fol_fall_transform_fit(), with room for the ecosystem to grow by
 * @room rings before it no longer fits (the board's re-fits, issue 11).
 */
void fol_fall_transform_fit_room (FolFallTransform *t, const FallState *state, const FolFallRect *area, double room);

/**
 * fol_fall_transform_zoom:
 * Zooms by @factor about the picture point (@x, @y) (which stays put);
 * the hex size stays within 8..160 pixels.
 */
void fol_fall_transform_zoom (FolFallTransform *t, double factor, double x, double y);

/** Returns: the cell under the picture point (@x, @y). */
FolHex fol_fall_transform_cell_at (const FolFallTransform *t, double x, double y);

/** Computes the picture position of the centre of @cell. */
void fol_fall_transform_cell_center (const FolFallTransform *t, FolHex cell, double *x, double *y);

/* What a point of the picture is over (fol_fall_layout_hit()). */
typedef enum {
  FOL_FALL_HIT_NONE,
  FOL_FALL_HIT_BOARD,        /* the ecosystem: use fol_fall_transform_cell_at() */
  FOL_FALL_HIT_OFFER,        /* index: offer slot 0..3 */
  FOL_FALL_HIT_HELD,         /* seat, index: held slot */
  FOL_FALL_HIT_HAND,         /* seat, index: hand slot (s->hand_tile[index]) */
  FOL_FALL_HIT_CARD,         /* index: FallCardKind of the viewer's cards */
  FOL_FALL_HIT_SEASON,       /* index: week 0..11 */
} FolFallHitKind;

typedef struct {
  FolFallHitKind kind;
  int seat;
  int index;
} FolFallHit;

/** Returns: what the picture point (@x, @y) is over. */
FolFallHit fol_fall_layout_hit (const FolFallLayout *layout, double x, double y);

/**
 * fol_fall_held_token_at:
 * Returns: the FallToken in held slot @slot of @seat (the held tokens in
 *   the order Mushroom, Fox, Hoopoe, Robin, Toad), or -1 when empty.
 */
int fol_fall_held_token_at (const FallState *state, int seat, int slot);

/** Returns: the held slot of the first @token held by @seat, or -1. */
int fol_fall_held_slot_of (const FallState *state, int seat, int token);

/**
 * fol_fall_paint:
 * @cr: the picture covers (0, 0, layout->width, layout->height)
 * @highlights: (nullable): NULL draws the position alone, light palette
 */
void fol_fall_paint (cairo_t *cr, const FallState *state, const FolFallLayout *layout,
                     const FolFallTransform *t, const FolFallHighlights *highlights);

/**
 * fol_fall_paint_ecosystem:
 * Draws the ecosystem alone into @area (clipped), as fol_fall_paint() does
 * (used by the rules help for its small examples).
 */
void fol_fall_paint_ecosystem (cairo_t *cr, const FallState *state, const FolFallRect *area,
                               const FolFallTransform *t, const FolFallHighlights *highlights);

/**
 * fol_fall_paint_tile:
 * Draws Leaf tile @tile turned @rot steps clockwise, centred at (@cx, @cy)
 * with hex size @size; @height 1..3 draws the layer (border and number;
 * 0: none).
 */
void fol_fall_paint_tile (cairo_t *cr, const FallComponents *comps, int tile, int rot, double cx, double cy,
                          double size, int height, gboolean dark);

/**
 * fol_fall_paint_token:
 * Draws a token of kind @token (FallToken) of radius @r centred at (@cx,
 * @cy): its colour and shape, and its silhouette with the letter in a
 * badge at the lower right (only the letter when @r is below 9).
 */
void fol_fall_paint_token (cairo_t *cr, int token, double cx, double cy, double r);

/**
 * fol_fall_paint_token_row:
 * @tokens: (array length=n): FallToken kinds
 * @area: where to draw them
 * Draws the tokens side by side in @area from its left, as large as its
 * height allows, each as fol_fall_paint_token() draws it: the pictures of
 * the rules help and of the end table are the board's tokens.
 * Returns: the width used, in the units of @cr.
 */
double fol_fall_paint_token_row (cairo_t *cr, const int *tokens, int n, const FolFallRect *area);

/**
 * fol_fall_paint_marker:
 * Draws seat @seat's Mushroom marker centred at (@cx, @cy), @r across half:
 * a blue square (seat 0) or a black circle (seat 1), with a white Mushroom
 * silhouette when @r is 8 or more (the seat's mark beside its name at the
 * bottom is the same marker, plain).  Light palette: ringed in white and a
 * dark line; @dark: a light outline, and the black one black still (darker
 * than the dark ground), never a hollow ring (issue 12).
 */
void fol_fall_paint_marker (cairo_t *cr, int seat, double cx, double cy, double r, gboolean dark);
/** Draws the symbol of Flower @kind (FALL_CROCUS..FALL_COSMOS) centred at (@cx, @cy), radius @r. */
void fol_fall_paint_flower (cairo_t *cr, int kind, double cx, double cy, double r);

/** Returns: (transfer none): the name of the colour of seat @seat's markers ("blue"), translated. */
const char *fol_fall_seat_colour_words (int seat);

/**
 * fol_fall_paint_card:
 * Draws scoring card @card (or a face-down card when NULL) in @rect; with
 * @vp non-NULL, the VP it would give now.
 */
void fol_fall_paint_card (cairo_t *cr, const FallCard *card, const FolFallRect *rect, const int *vp, gboolean dark);

/**
 * fol_fall_render_png:
 * @viewer: whose cards are drawn, -1 for none
 * Renders @state fitted to a @width x @height PNG at @path.
 * Returns: TRUE, or FALSE with @error (G_IO_ERROR) set.
 */
gboolean fol_fall_render_png (const FallState *state, int viewer, int width, int height, gboolean dark,
                              const char *path, GError **error);

G_END_DECLS
