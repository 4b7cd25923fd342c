/* fol-summer-board.c: the Indian Summer board widget (see the header).
 *
 * All drawing is fol_summer_paint() (fol-summer-painter.c) into
 * gtk_snapshot_append_cairo(); the rules work for a held piece (is it legal,
 * which squares give a treasure, which Areas complete) is done once when it
 * moves, never in snapshot.  Pointer and keys go through the same public
 * operations the tests call. */
#include "config.h"

#include <glib/gi18n.h>
#include <adwaita.h>
#include <string.h>

#include "fol-summer-board.h"
#include "fol-summer-painter.h"
#include "summer-notation.h"

#define DRAG_THRESHOLD 6.0
#define CENTRE_SQUARE (3 * SUMMER_COLS + 4)
#define MOTION_USEC (220 * 1000)        /* a move's motion: about 200 ms (issue 11) */

struct _FolSummerBoard
{
  GtkWidget parent_instance;

  SummerState *state;             /* owned copy, or NULL */
  int viewer;                     /* as given to set_state: -1 nobody acts */
  int main_seat;
  char *names[SUMMER_MAX_PLAYERS];
  gboolean show_legal;
  gboolean dark;
  gulong dark_handler;

  FolSummerLayout layout;
  gboolean layout_valid;
  FolSummerHighlights hl;
  GdkTexture *base;               /* the picture without the held-piece overlay, or NULL */

  /* the held piece */
  SummerMoveKind held_kind;       /* LEAF, ANIMAL, SQUIRREL, NUT; or END for nothing */
  int held_tile;                  /* leaf index or animal kind */
  int transform;                  /* 0..7 as the player turned it */
  int cursor;                     /* the square under the pointer or keyboard cursor */
  SummerMove *legal;              /* legal moves of the held piece */
  int n_legal;

  /* the pointer */
  gboolean press_picked;          /* this press took a tile into the pointer */
  gboolean press_moved;
  double press_x, press_y;
  gboolean pointer_seen;          /* pointer_x, pointer_y hold the last pointer position */
  double pointer_x, pointer_y;

  /* the keyboard cursor shows once the keys are used, until the pointer is (issue 11) */
  gboolean keys_used;

  /* the last move outlined (fol_summer_board_set_last_move()) */
  gboolean has_last_move;
  int last_move_seat;
  SummerMove last_move;

  /* motion (issue 11): the last move's pieces fly into place */
  SummerState *prev;              /* the position before the last set_state(), or NULL */
  SummerState *pending_before;    /* set_last_move() came first: the move starts here */
  uint64_t pending_after;         /* ... and leads to the state with this hash */
  int pending_seat;
  SummerMove pending_move;
  uint64_t animated_after;        /* the last move animated: its seat, move and result */
  int animated_seat;
  SummerMove animated_move;
  gboolean animate;               /* fol_summer_board_set_animate() */
  guint tick_id;
  gint64 motion_start;            /* frame time of the motion's first frame, or 0 */

  /* the accessible description (issue 11) */
  char *last_move_text;
  char *description;
};

G_DEFINE_FINAL_TYPE (FolSummerBoard, fol_summer_board, GTK_TYPE_WIDGET)

enum {
  SIGNAL_MOVE_CHOSEN,
  SIGNAL_HELD_CHANGED,
  SIGNAL_TILE_REFUSED,
  SIGNAL_TREASURE_CLICKED,
  N_SIGNALS
};
static guint signals[N_SIGNALS];

/* The cached picture is out of date (state, size, palette, lifted tile). */
static void
invalidate_base (FolSummerBoard *self)
{
  g_clear_object (&self->base);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* ------------------------------------------------------------------ */
/* State of the held piece                                             */

static gboolean
holding (FolSummerBoard *self)
{
  return self->held_kind != SUMMER_MOVE_END;
}

static gboolean
can_act (FolSummerBoard *self)
{
  return self->state && self->viewer >= 0 && self->viewer == self->state->current
         && self->state->phase != SUMMER_PHASE_OVER;
}

static const FolOrientation *
held_orientation (FolSummerBoard *self)
{
  const FolOrientationSet *set;
  if (self->held_kind == SUMMER_MOVE_LEAF)
    set = &summer_components ()->leaf[self->held_tile].orientations;
  else if (self->held_kind == SUMMER_MOVE_ANIMAL)
    set = &summer_components ()->animal[self->held_tile].orientations;
  else
    return NULL;
  return &set->o[set->of_transform[self->transform & 7]];
}

/* The square under the cursor for an anchor: the middle of the tile's box. */
static int
handle_square (const FolOrientation *o, int anchor)
{
  int x = anchor % SUMMER_COLS + (o->width - 1) / 2, y = anchor / SUMMER_COLS + (o->height - 1) / 2;
  return y * SUMMER_COLS + x;
}

/* Keeps the cursor on the squares where the held piece's box, centred on
 * it, lies inside the Forest Floor (issue 11): then every arrow key moves
 * the piece by one square or, at the edge, leaves it where it is, also
 * right after a turn or a flip; the keys never get stuck. */
static void
clamp_cursor (FolSummerBoard *self)
{
  const FolOrientation *o = holding (self) ? held_orientation (self) : NULL;
  if (!o || self->cursor < 0)
    return;
  int hx = (o->width - 1) / 2, hy = (o->height - 1) / 2;
  int x = CLAMP (self->cursor % SUMMER_COLS, hx, SUMMER_COLS - o->width + hx);
  int y = CLAMP (self->cursor / SUMMER_COLS, hy, SUMMER_ROWS - o->height + hy);
  self->cursor = y * SUMMER_COLS + x;
}

/* The move the held piece makes at the cursor: the tile's box is centred on
 * the cursor square and kept inside the Forest Floor (snapped to the grid). */
static gboolean
compute_held_move (FolSummerBoard *self, SummerMove *m)
{
  memset (m, 0, sizeof *m);
  if (!holding (self))
    return FALSE;
  m->kind = (uint8_t) self->held_kind;
  m->tile = SUMMER_NONE;
  int cursor = self->cursor >= 0 ? self->cursor : CENTRE_SQUARE;
  const FolOrientation *o = held_orientation (self);
  if (!o)
    {
      m->square = (uint8_t) cursor;
      return TRUE;
    }
  m->tile = (uint8_t) self->held_tile;
  m->transform = o->transform;
  int ax = cursor % SUMMER_COLS - (o->width - 1) / 2, ay = cursor / SUMMER_COLS - (o->height - 1) / 2;
  ax = CLAMP (ax, 0, SUMMER_COLS - o->width);
  ay = CLAMP (ay, 0, SUMMER_ROWS - o->height);
  m->square = (uint8_t) (ay * SUMMER_COLS + ax);
  return TRUE;
}

/* ------------------------------------------------------------------ */
/* Words for the accessible description (issue 11)                     */

/* The name shown for @seat (transfer full). */
static char *
seat_label (FolSummerBoard *self, int seat)
{
  if (seat >= 0 && seat < SUMMER_MAX_PLAYERS && self->names[seat] && self->names[seat][0])
    return g_strdup (self->names[seat]);
  return g_strdup_printf (_("Player %d"), seat + 1);
}

/* The shape of a polyomino of 3 to 5 cells in words: "straight", "L-shaped"
 * (the usual letter names of the tetrominoes and pentominoes). */
static const char *
shape_words (const FolOrientationSet *set)
{
  const FolOrientation *o = &set->o[0];
  for (int k = 0; k < set->n; k++)
    if (set->o[k].width >= set->o[k].height)
      {
        o = &set->o[k];
        break;
      }
  gboolean g[FOL_POLY_MAX_CELLS + 2][FOL_POLY_MAX_CELLS + 2] = { { FALSE } };
  int rows[FOL_POLY_MAX_CELLS + 2] = { 0 };
  for (int i = 0; i < o->n_cells; i++)
    {
      g[o->cells[i].y + 1][o->cells[i].x + 1] = TRUE;   /* a border of empty cells around */
      rows[o->cells[i].y]++;
    }
  int w = o->width, h = o->height, n = o->n_cells;
  /* the cell with most neighbours */
  int best = 0, bx = 0, by = 0;
  for (int i = 0; i < n; i++)
    {
      int x = o->cells[i].x + 1, y = o->cells[i].y + 1;
      int d = g[y - 1][x] + g[y + 1][x] + g[y][x - 1] + g[y][x + 1];
      if (d > best)
        {
          best = d;
          bx = x - 1;
          by = y - 1;
        }
    }
  /* a row of two or one cells: where its cells lie */
  int short_row = rows[0] <= rows[h - 1] ? 0 : h - 1;
  int first = -1, last = -1;
  for (int x = 0; x < w; x++)
    if (g[short_row + 1][x + 1])
      {
        if (first < 0)
          first = x;
        last = x;
      }
  /* TRANSLATORS: the shape of a Leaf tile in the board's description for screen readers, in
   * "red Leaf tile R12, L-shaped, 5 squares"; the letters are the usual names of the shapes */
  if (n == 3)
    return w == 3 ? C_("tile shape", "straight") : C_("tile shape", "bent");
  if (n == 4)
    {
      if (w == 4)
        return C_("tile shape", "straight");
      if (w == 2)
        return C_("tile shape", "square");
      if (rows[0] == 2)
        return C_("tile shape", "S-shaped");
      return first == 1 ? C_("tile shape", "T-shaped") : C_("tile shape", "L-shaped");
    }
  if (w == 5)
    return C_("tile shape", "straight");
  if (w == 4)
    {
      if (rows[short_row] == 2)
        return C_("tile shape", "N-shaped");
      return first == 0 || first == 3 ? C_("tile shape", "L-shaped") : C_("tile shape", "Y-shaped");
    }
  if (h == 2)
    return last - first == 1 ? C_("tile shape", "P-shaped") : C_("tile shape", "U-shaped");
  /* three by three */
  if (best == 4)
    return C_("tile shape", "X-shaped");
  if (best == 3)
    return bx == 1 && by == 1 ? C_("tile shape", "F-shaped") : C_("tile shape", "T-shaped");
  gboolean middle_line = (g[2][1] && g[2][2] && g[2][3]) || (g[1][2] && g[2][2] && g[3][2]);
  gboolean edge_line = FALSE;
  for (int k = 0; k < 3; k += 2)
    edge_line |= (g[k + 1][1] && g[k + 1][2] && g[k + 1][3]) || (g[1][k + 1] && g[2][k + 1] && g[3][k + 1]);
  if (middle_line)
    return C_("tile shape", "Z-shaped");
  return edge_line ? C_("tile shape", "V-shaped") : C_("tile shape", "W-shaped");
}

/* "red Leaf tile R12, L-shaped, 5 squares" (transfer full) */
static char *
leaf_words (int tile)
{
  const SummerLeafTile *t = &summer_components ()->leaf[tile];
  g_autofree char *name = NULL;
  switch (t->colour)
    {
    /* TRANSLATORS: a Leaf tile in the board's description for screen readers; %s is its id, "G05" */
    case SUMMER_GREEN: name = g_strdup_printf (_("green Leaf tile %s"), t->id); break;
    /* TRANSLATORS: a Leaf tile in the board's description for screen readers; %s is its id, "Y05" */
    case SUMMER_YELLOW: name = g_strdup_printf (_("yellow Leaf tile %s"), t->id); break;
    /* TRANSLATORS: a Leaf tile in the board's description for screen readers; %s is its id, "R05" */
    default: name = g_strdup_printf (_("red Leaf tile %s"), t->id); break;
    }
  /* TRANSLATORS: a Leaf tile, its shape and its size: "red Leaf tile R12, L-shaped, 5 squares" */
  return g_strdup_printf (_("%s, %s, %d squares"), name, shape_words (&t->orientations), t->shape.n_cells);
}

/* How a held piece is turned (SummerMove transform 0..7: the notation's r0-r3, f0-f3). */
static const char *
orientation_words (int transform)
{
  switch (transform & 7)
    {
    /* TRANSLATORS: how a held tile is turned (the notation's r0) */
    case 0: return _("as printed");
    case 1: return _("turned a quarter clockwise");
    case 2: return _("turned half round");
    case 3: return _("turned a quarter anticlockwise");
    /* TRANSLATORS: how a held tile is turned: flipped over, left to right (F; the notation's f0) */
    case 4: return _("flipped");
    case 5: return _("flipped and turned a quarter clockwise");
    case 6: return _("flipped and turned half round");
    default: return _("flipped and turned a quarter anticlockwise");
    }
}

/* "c4 c5 d5" (transfer full) */
static char *
squares_words (FolBits72 squares)
{
  GString *s = g_string_new (NULL);
  for (int q = 0; q < SUMMER_SQUARES; q++)
    if (fol_bb_test (squares, q))
      {
        g_autofree char *name = summer_square_name (q);
        g_string_append_printf (s, "%s%s", s->len ? " " : "", name);
      }
  return g_string_free (s, FALSE);
}

/* The held piece, where it is and whether it fits (transfer full), or NULL. */
static char *
held_words (FolSummerBoard *self)
{
  SummerMove m;
  if (!self->state || !compute_held_move (self, &m))
    return NULL;
  gboolean fits = self->hl.ghost_legal;   /* update_ghost() checked it */
  const char *fit = fits ? _("The held piece fits here.") : _("The held piece does not fit here.");
  g_autofree char *anchor = summer_square_name (m.square);
  int hole = -1;
  g_autofree char *covered = squares_words (fol_summer_move_squares (&m, &hole));
  switch (m.kind)
    {
    case SUMMER_MOVE_LEAF:
      {
        g_autofree char *tile = leaf_words (m.tile);
        g_autofree char *hole_name = summer_square_name (hole >= 0 ? hole : m.square);
        /* TRANSLATORS: the held Leaf tile in the board's description: the tile, how it is turned;
         * its anchor square (as in the notation: the top-left corner of its box), the squares it covers
         * and its Hole's square, then whether it fits: "In hand: red Leaf tile R12, L-shaped, 5 squares;
         * turned half round. At c4, covering c4 c5 c6 d6 e6, the Hole on c5." */
        return g_strdup_printf (_("In hand: %s; %s. At %s, covering %s, the Hole on %s. %s"), tile,
                                orientation_words (m.transform), anchor, covered, hole_name, fit);
      }
    case SUMMER_MOVE_ANIMAL:
      /* TRANSLATORS: the held Animal tile in the board's description: its name ("Hedgehog"), how it
       * is turned; its anchor square and the squares it covers, then whether it fits */
      return g_strdup_printf (_("In hand: Animal tile %s; %s. At %s, covering %s. %s"),
                              fol_summer_animal_word (m.tile), orientation_words (m.transform), anchor, covered, fit);
    default:
      /* TRANSLATORS: a Squirrel held over a square, in the board's description, then whether it fits */
      return g_strdup_printf (_("In hand: a Squirrel, at %s. %s"), anchor, fit);
    }
}

/* Keeps the accessible description saying what matters now (issue 11):
 * whose turn it is, the piece in hand, where it is and whether it fits (or
 * the keyboard cursor's square), what the last move did. */
static void
update_accessible (FolSummerBoard *self)
{
  if (!self->state)
    return;
  GString *d = g_string_new (NULL);
  const SummerState *s = self->state;
  if (s->phase == SUMMER_PHASE_OVER)
    g_string_append (d, _("The game is over."));
  else
    {
      g_autofree char *name = seat_label (self, s->current);
      /* TRANSLATORS: whose turn it is, in the board's description for screen readers; %s is a name */
      g_string_append_printf (d, _("%s to play."), name);
    }
  g_autofree char *held = held_words (self);
  if (held)
    g_string_append_printf (d, " %s", held);
  else
    {
      int sq = self->cursor >= 0 ? self->cursor : CENTRE_SQUARE;
      g_autofree char *where = fol_summer_describe_square (s, self->main_seat, sq);
      g_string_append_printf (d, " %s.", where);
    }
  if (self->last_move_text && self->last_move_text[0])
    {
      gsize n = strlen (self->last_move_text);
      gboolean stop = strchr (".!?", self->last_move_text[n - 1]) != NULL;
      /* TRANSLATORS: in the board's description for screen readers; %s is the game log's line */
      g_string_append (d, " ");
      g_string_append_printf (d, _("Last move: %s"), self->last_move_text);
      if (!stop)
        g_string_append (d, ".");
    }
  int path_len = can_act (self) && !self->state->main_done ? self->state->seat[self->viewer].path_len : 0;
  if (!held && path_len > 0)
    {
      g_string_append (d, " ");
      /* TRANSLATORS: in the board's description for screen readers; %d is the number of tiles in the
       * Player Path (the keys 1 to %d take them) */
      g_string_append_printf (d, ngettext ("Pick the Leaf tile with %d, turn it with R, flip it with F, move it "
                                           "with the arrow keys, place it with Enter.",
                                           "Pick a Leaf tile with 1 to %d, turn it with R, flip it with F, move it "
                                           "with the arrow keys, place it with Enter.", path_len),
                              path_len);
    }
  if (g_strcmp0 (d->str, self->description) != 0)
    {
      g_free (self->description);
      self->description = g_strdup (d->str);
      gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, d->str, -1);
    }
  g_string_free (d, TRUE);
}

/* Recomputes the ghost (legal, gains, Areas) after the held piece moved or turned. */
static void
update_ghost (FolSummerBoard *self)
{
  SummerMove m;
  if (self->state && compute_held_move (self, &m))
    {
      fol_summer_highlights_set_ghost (&self->hl, self->state, &m);
      self->hl.cursor_square = -1;
      self->hl.legal_marks = 0;
      if (self->show_legal)
        {
          const FolOrientation *o = held_orientation (self);
          for (int i = 0; i < self->n_legal; i++)
            {
              const SummerMove *lm = &self->legal[i];
              if (o && lm->transform != o->transform)
                continue;
              self->hl.legal_marks |= fol_bb_bit (o ? handle_square (o, lm->square) : lm->square);
            }
        }
    }
  else
    {
      fol_summer_highlights_set_ghost (&self->hl, self->state, NULL);
      self->hl.legal_marks = 0;
      /* the keyboard cursor: only for a person using the keys (issue 11) */
      self->hl.cursor_square = self->keys_used ? self->cursor : -1;
    }
  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Collects the legal moves of the held piece (kind and tile). */
static void
collect_legal (FolSummerBoard *self)
{
  g_clear_pointer (&self->legal, g_free);
  self->n_legal = 0;
  if (!self->state || !holding (self))
    return;
  SummerMoveList list;
  summer_legal_moves (self->state, &list);
  self->legal = g_new (SummerMove, MAX (list.n, 1));
  for (int i = 0; i < list.n; i++)
    {
      const SummerMove *m = &list.moves[i];
      if (m->kind != self->held_kind)
        continue;
      if ((m->kind == SUMMER_MOVE_LEAF || m->kind == SUMMER_MOVE_ANIMAL) && m->tile != self->held_tile)
        continue;
      self->legal[self->n_legal++] = *m;
    }
  summer_move_list_clear (&list);
}

static void
set_held (FolSummerBoard *self, SummerMoveKind kind, int tile)
{
  self->held_kind = kind;
  self->held_tile = tile;
  self->transform = 0;
  self->hl.lifted_tile = kind == SUMMER_MOVE_LEAF ? tile : -1;
  invalidate_base (self);
  if (self->cursor < 0)
    self->cursor = CENTRE_SQUARE;
  /* the hinted tile comes turned and flipped as the hint shows it, over the
   * hint's place, so that Enter (or a click on the ghost) plays the hint */
  const SummerMove *h = &self->hl.hint;
  if (self->hl.has_hint && h->kind == kind && (kind == SUMMER_MOVE_LEAF || kind == SUMMER_MOVE_ANIMAL)
      && h->tile == tile)
    {
      self->transform = h->transform & 7;
      const FolOrientation *o = held_orientation (self);
      if (o)
        self->cursor = handle_square (o, h->square);
    }
  clamp_cursor (self);
  collect_legal (self);
  update_ghost (self);
  g_signal_emit (self, signals[SIGNAL_HELD_CHANGED], 0);
}

void
fol_summer_board_cancel (FolSummerBoard *self)
{
  g_return_if_fail (FOL_IS_SUMMER_BOARD (self));
  gboolean was = holding (self);
  self->held_kind = SUMMER_MOVE_END;
  self->held_tile = -1;
  self->hl.lifted_tile = -1;
  g_clear_pointer (&self->legal, g_free);
  self->n_legal = 0;
  if (was)
    invalidate_base (self);
  update_ghost (self);
  if (was)
    g_signal_emit (self, signals[SIGNAL_HELD_CHANGED], 0);
}

/* ------------------------------------------------------------------ */
/* Public operations                                                   */

GtkWidget *
fol_summer_board_new (void)
{
  return g_object_new (FOL_TYPE_SUMMER_BOARD, NULL);
}

/* ------------------------------------------------------------------ */
/* Motion (issue 11)                                                   */

static void ensure_layout (FolSummerBoard *self);

/* Whether moves are animated now: fol_summer_board_set_animate() and the
 * desktop's "gtk-enable-animations" (GNOME's "reduce animation" turns it
 * off), on a board that is drawn. */
static gboolean
animations_enabled (FolSummerBoard *self)
{
  gboolean enabled = TRUE;
  g_object_get (gtk_widget_get_settings (GTK_WIDGET (self)), "gtk-enable-animations", &enabled, NULL);
  return self->animate && enabled && gtk_widget_get_mapped (GTK_WIDGET (self));
}

/* Ends the motion: the final picture. */
static void
stop_motion (FolSummerBoard *self)
{
  if (self->tick_id)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->tick_id);
      self->tick_id = 0;
    }
  if (self->hl.n_flights > 0)
    {
      fol_summer_motion_clear (&self->hl);
      invalidate_base (self);
    }
}

static gboolean
motion_tick (GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
  FolSummerBoard *self = FOL_SUMMER_BOARD (widget);
  gint64 now = gdk_frame_clock_get_frame_time (clock);
  if (self->motion_start == 0)
    self->motion_start = now;
  double t = (double) (now - self->motion_start) / MOTION_USEC;
  if (t >= 1.0 || self->hl.n_flights == 0)
    {
      self->tick_id = 0;
      if (self->hl.n_flights > 0)
        {
          fol_summer_motion_clear (&self->hl);
          invalidate_base (self);
        }
      return G_SOURCE_REMOVE;
    }
  self->hl.flight_t = t;
  gtk_widget_queue_draw (widget);
  return G_SOURCE_CONTINUE;
}

/* Animates @move of @seat from @before to the state shown (when animations are on). */
static void
start_motion (FolSummerBoard *self, const SummerState *before, int seat, const SummerMove *move)
{
  stop_motion (self);
  self->animated_after = summer_state_hash (self->state);
  self->animated_seat = seat;
  self->animated_move = *move;
  if (!animations_enabled (self))
    return;
  ensure_layout (self);
  if (!self->layout_valid || fol_summer_motion_compute (&self->hl, &self->layout, before, self->state, seat, move) == 0)
    {
      fol_summer_motion_clear (&self->hl);
      return;
    }
  self->motion_start = 0;
  self->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), motion_tick, NULL, NULL);
  invalidate_base (self);
}

/* Whether @move of @seat played from @before leads to @after; the hash of
 * the result in *result_hash. */
static gboolean
move_leads_to (const SummerState *before, int seat, const SummerMove *move, uint64_t *result_hash)
{
  if (!before || before->current != seat)
    return FALSE;
  g_autofree SummerState *copy = g_memdup2 (before, sizeof *before);
  if (!summer_apply_move (copy, move, NULL, NULL))
    return FALSE;
  *result_hash = summer_state_hash (copy);
  return TRUE;
}

void
fol_summer_board_set_state (FolSummerBoard *self, const SummerState *state, int viewer)
{
  g_return_if_fail (FOL_IS_SUMMER_BOARD (self));
  fol_summer_board_cancel (self);
  if (!state)
    {
      stop_motion (self);
      g_clear_pointer (&self->state, g_free);
      g_clear_pointer (&self->prev, g_free);
      g_clear_pointer (&self->pending_before, g_free);
      self->layout_valid = FALSE;
      invalidate_base (self);
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return;
    }
  int old_n = self->state ? self->state->n_players : 0;
  int old_main = self->main_seat;
  gboolean same = self->state && memcmp (self->state, state, sizeof *state) == 0;
  if (!same)
    {
      /* a new position: what was moving lands; the old one is kept to
       * animate a move reported after it (fol_summer_board_set_last_move()) */
      stop_motion (self);
      self->animated_after = 0;
      if (self->state)
        {
          if (!self->prev)
            self->prev = g_new (SummerState, 1);
          memcpy (self->prev, self->state, sizeof *state);
        }
      else
        g_clear_pointer (&self->prev, g_free);
    }
  if (!self->state)
    self->state = g_new (SummerState, 1);
  memcpy (self->state, state, sizeof *state);
  self->viewer = viewer >= 0 && viewer < state->n_players ? viewer : -1;
  self->main_seat = self->viewer >= 0 ? self->viewer : state->current;
  if (old_n != state->n_players || old_main != self->main_seat)
    self->layout_valid = FALSE;
  self->hl.acting_seat = can_act (self) ? self->viewer : -1;
  if (!same && self->pending_before)
    {
      /* the move was reported before this position came: animate it now */
      if (summer_state_hash (state) == self->pending_after && old_n == state->n_players)
        start_motion (self, self->pending_before, self->pending_seat, &self->pending_move);
      g_clear_pointer (&self->pending_before, g_free);
    }
  invalidate_base (self);
  update_ghost (self);
}

void
fol_summer_board_set_last_move (FolSummerBoard *self, int seat, const SummerMove *move)
{
  g_return_if_fail (FOL_IS_SUMMER_BOARD (self));
  self->has_last_move = move != NULL;
  self->last_move_seat = move ? seat : -1;
  if (move)
    self->last_move = *move;
  self->hl.last_seat = move ? seat : -1;
  self->hl.last_squares = move ? fol_summer_move_squares (move, NULL) : 0;
  g_clear_pointer (&self->pending_before, g_free);
  if (!move)
    {
      stop_motion (self);
      g_clear_pointer (&self->last_move_text, g_free);
      update_accessible (self);
    }
  else
    {
      uint64_t after;
      gboolean again = self->state && self->animated_after == summer_state_hash (self->state)
                       && self->animated_seat == seat && memcmp (&self->animated_move, move, sizeof *move) == 0;
      if (again)
        ;  /* told twice: it moves once */
      else if (move_leads_to (self->state, seat, move, &after))
        {
          /* the position shown is the one before the move: the next set_state() brings its result */
          self->pending_before = g_memdup2 (self->state, sizeof *self->state);
          self->pending_after = after;
          self->pending_seat = seat;
          self->pending_move = *move;
        }
      else if (move_leads_to (self->prev, seat, move, &after) && after == summer_state_hash (self->state))
        start_motion (self, self->prev, seat, move);
    }
  invalidate_base (self);
}

/**
 * fol_summer_board_get_last_move:
 * @seat: (out) (optional): who played it
 * @move: (out) (optional): the move
 * Returns: whether a last move is shown (fol_summer_board_set_last_move()).
 */
gboolean
fol_summer_board_get_last_move (FolSummerBoard *self, int *seat, SummerMove *move)
{
  g_return_val_if_fail (FOL_IS_SUMMER_BOARD (self), FALSE);
  if (seat)
    *seat = self->last_move_seat;
  if (move)
    *move = self->has_last_move ? self->last_move : (SummerMove) { 0 };
  return self->has_last_move;
}

/**
 * fol_summer_board_set_last_move_text:
 * @text: (nullable): the game log's line of the last move
 * What the last move did, in the accessible description (issue 11).
 */
void
fol_summer_board_set_last_move_text (FolSummerBoard *self, const char *text)
{
  g_return_if_fail (FOL_IS_SUMMER_BOARD (self));
  g_free (self->last_move_text);
  self->last_move_text = g_strdup (text);
  update_accessible (self);
}

/**
 * fol_summer_board_set_animate:
 * Whether the board animates moves (default TRUE); even so, only while
 * GtkSettings:gtk-enable-animations is TRUE.
 */
void
fol_summer_board_set_animate (FolSummerBoard *self, gboolean animate)
{
  g_return_if_fail (FOL_IS_SUMMER_BOARD (self));
  self->animate = animate;
  if (!animate)
    stop_motion (self);
}

/**
 * fol_summer_board_get_animating:
 * @progress: (out) (optional): how far the motion is, 0..1
 * Returns: whether a move's pieces are flying now.
 */
gboolean
fol_summer_board_get_animating (FolSummerBoard *self, double *progress)
{
  g_return_val_if_fail (FOL_IS_SUMMER_BOARD (self), FALSE);
  gboolean on = self->hl.n_flights > 0;
  if (progress)
    *progress = on ? self->hl.flight_t : 1.0;
  return on;
}

/**
 * fol_summer_board_get_description:
 * Returns: (transfer none) (nullable): the accessible description the board
 *   keeps (for tests).
 */
const char *
fol_summer_board_get_description (FolSummerBoard *self)
{
  g_return_val_if_fail (FOL_IS_SUMMER_BOARD (self), NULL);
  return self->description;
}

/* Whether the board draws @m as a hint's piece on the floor. */
static gboolean
drawn_hint (const SummerMove *m)
{
  return m->kind == SUMMER_MOVE_LEAF || m->kind == SUMMER_MOVE_ANIMAL || m->kind == SUMMER_MOVE_SQUIRREL
         || m->kind == SUMMER_MOVE_NUT;
}

void
fol_summer_board_set_hint (FolSummerBoard *self, const SummerMove *hint)
{
  g_return_if_fail (FOL_IS_SUMMER_BOARD (self));
  gboolean drawn = hint && drawn_hint (hint);
  if (!drawn && !self->hl.has_hint)
    return;
  self->hl.has_hint = drawn;
  self->hl.n_more_hints = 0;
  if (drawn)
    self->hl.hint = *hint;
  invalidate_base (self);
}

void
fol_summer_board_set_hint_turn (FolSummerBoard *self, const SummerMove *moves, int n_moves)
{
  g_return_if_fail (FOL_IS_SUMMER_BOARD (self));
  g_return_if_fail (n_moves == 0 || moves != NULL);
  int first = -1;
  for (int i = 0; i < n_moves && first < 0; i++)
    if (moves[i].kind == SUMMER_MOVE_LEAF)
      first = i;
  for (int i = 0; i < n_moves && first < 0; i++)
    if (drawn_hint (&moves[i]))
      first = i;
  fol_summer_board_set_hint (self, first >= 0 ? &moves[first] : NULL);
  if (first < 0)
    return;
  for (int i = 0; i < n_moves && self->hl.n_more_hints < FOL_SUMMER_MAX_MORE_HINTS; i++)
    if (i != first && drawn_hint (&moves[i]))
      self->hl.more_hints[self->hl.n_more_hints++] = moves[i];
  invalidate_base (self);
}

void
fol_summer_board_set_show_legal (FolSummerBoard *self, gboolean show)
{
  g_return_if_fail (FOL_IS_SUMMER_BOARD (self));
  self->show_legal = show;
  update_ghost (self);
}

/**
 * fol_summer_board_set_names:
 * @names: (nullable) (array zero-terminated=1): the players' names by seat
 * The names shown over each Forest Floor (default "Player N").
 */
void
fol_summer_board_set_names (FolSummerBoard *self, const char *const *names)
{
  g_return_if_fail (FOL_IS_SUMMER_BOARD (self));
  gboolean ended = names == NULL;   /* past the array's terminating NULL: never read */
  for (int i = 0; i < SUMMER_MAX_PLAYERS; i++)
    {
      g_clear_pointer (&self->names[i], g_free);
      if (!ended && !names[i])
        ended = TRUE;
      if (!ended)
        self->names[i] = g_strdup (names[i]);
      self->hl.names[i] = self->names[i];
    }
  invalidate_base (self);
  update_accessible (self);
}

gboolean
fol_summer_board_pick_tile (FolSummerBoard *self, int tile)
{
  g_return_val_if_fail (FOL_IS_SUMMER_BOARD (self), FALSE);
  if (!can_act (self) || tile < 0 || tile >= SUMMER_N_LEAF_TILES)
    return FALSE;
  SummerMoveKind old_kind = self->held_kind;
  int old_tile = self->held_tile, old_transform = self->transform;
  self->held_kind = SUMMER_MOVE_LEAF;
  self->held_tile = tile;
  collect_legal (self);
  if (self->n_legal == 0)
    {
      /* not placeable now: keep whatever was held, and say so */
      self->held_kind = old_kind;
      self->held_tile = old_tile;
      self->transform = old_transform;
      collect_legal (self);
      g_signal_emit (self, signals[SIGNAL_TILE_REFUSED], 0, tile);
      return FALSE;
    }
  set_held (self, SUMMER_MOVE_LEAF, tile);
  return TRUE;
}

void
fol_summer_board_arm_squirrel (FolSummerBoard *self, SummerMoveKind kind)
{
  g_return_if_fail (FOL_IS_SUMMER_BOARD (self));
  g_return_if_fail (kind == SUMMER_MOVE_SQUIRREL || kind == SUMMER_MOVE_NUT);
  if (!can_act (self))
    return;
  set_held (self, kind, -1);
}

void
fol_summer_board_arm_animal (FolSummerBoard *self, int kind)
{
  g_return_if_fail (FOL_IS_SUMMER_BOARD (self));
  if (!can_act (self) || kind < 0 || kind >= SUMMER_N_ANIMAL_KINDS)
    return;
  set_held (self, SUMMER_MOVE_ANIMAL, kind);
}

void
fol_summer_board_rotate (FolSummerBoard *self)
{
  g_return_if_fail (FOL_IS_SUMMER_BOARD (self));
  if (!holding (self))
    return;
  /* a quarter turn clockwise after the current picture: R . R^k . M^f */
  self->transform = (self->transform & 4) | ((self->transform + 1) & 3);
  clamp_cursor (self);
  update_ghost (self);
}

void
fol_summer_board_flip (FolSummerBoard *self)
{
  g_return_if_fail (FOL_IS_SUMMER_BOARD (self));
  if (!holding (self))
    return;
  /* mirror the current picture left-right: M . R^k . M^f = R^-k . M^(f+1) */
  self->transform = ((self->transform & 4) ^ 4) | ((4 - (self->transform & 3)) & 3);
  clamp_cursor (self);
  update_ghost (self);
}

void
fol_summer_board_move_cursor (FolSummerBoard *self, int dx, int dy)
{
  g_return_if_fail (FOL_IS_SUMMER_BOARD (self));
  int c = self->cursor >= 0 ? self->cursor : CENTRE_SQUARE;
  int x = CLAMP (c % SUMMER_COLS + dx, 0, SUMMER_COLS - 1);
  int y = CLAMP (c / SUMMER_COLS + dy, 0, SUMMER_ROWS - 1);
  self->cursor = y * SUMMER_COLS + x;
  clamp_cursor (self);
  update_ghost (self);
}

void
fol_summer_board_set_cursor (FolSummerBoard *self, int square)
{
  g_return_if_fail (FOL_IS_SUMMER_BOARD (self));
  if (square < 0 || square >= SUMMER_SQUARES || square == self->cursor)
    return;
  self->cursor = square;
  clamp_cursor (self);
  update_ghost (self);
}

gboolean
fol_summer_board_drop (FolSummerBoard *self)
{
  g_return_val_if_fail (FOL_IS_SUMMER_BOARD (self), FALSE);
  SummerMove m;
  if (!can_act (self) || !compute_held_move (self, &m))
    return FALSE;
  if (!summer_check_move (self->state, &m, NULL))
    {
      gtk_widget_error_bell (GTK_WIDGET (self));
      return FALSE;
    }
  /* let go first: the handler usually hands us the next state */
  fol_summer_board_cancel (self);
  g_signal_emit (self, signals[SIGNAL_MOVE_CHOSEN], 0, &m);
  return TRUE;
}

gboolean
fol_summer_board_get_held (FolSummerBoard *self, SummerMove *move, gboolean *legal)
{
  g_return_val_if_fail (FOL_IS_SUMMER_BOARD (self), FALSE);
  SummerMove m = { 0 };
  gboolean held = self->state && compute_held_move (self, &m);
  if (move)
    *move = m;
  if (legal)
    *legal = held && summer_check_move (self->state, &m, NULL);
  return held;
}

/**
 * fol_summer_board_get_cursor_shown:
 * Returns: whether the keyboard cursor is drawn now: nothing is held, the
 *   board has the focus, and its keys were used since the pointer last was
 *   (issue 11).
 */
gboolean
fol_summer_board_get_cursor_shown (FolSummerBoard *self)
{
  g_return_val_if_fail (FOL_IS_SUMMER_BOARD (self), FALSE);
  return self->state && !holding (self) && self->hl.cursor_square >= 0 && gtk_widget_has_focus (GTK_WIDGET (self));
}

/**
 * fol_summer_board_get_cursor:
 * Returns: the square the held piece is centred on (or the keyboard cursor), or -1.
 */
int
fol_summer_board_get_cursor (FolSummerBoard *self)
{
  g_return_val_if_fail (FOL_IS_SUMMER_BOARD (self), -1);
  return self->cursor;
}

/**
 * fol_summer_board_get_layout:
 * Returns: (transfer none) (nullable): the geometry of the last allocation
 *   (NULL before the first one or without a state); for tests and the view.
 */
const FolSummerLayout *
fol_summer_board_get_layout (FolSummerBoard *self)
{
  g_return_val_if_fail (FOL_IS_SUMMER_BOARD (self), NULL);
  return self->state && self->layout_valid ? &self->layout : NULL;
}

/* ------------------------------------------------------------------ */
/* Pointer                                                             */

static void
ensure_layout (FolSummerBoard *self)
{
  if (!self->state)
    return;
  int w = gtk_widget_get_width (GTK_WIDGET (self)), h = gtk_widget_get_height (GTK_WIDGET (self));
  if (w <= 0 || h <= 0)
    {
      w = 1100;
      h = 760;
    }
  if (self->layout_valid && self->layout.width == w && self->layout.height == h)
    return;
  fol_summer_layout_compute (&self->layout, self->state, w, h, self->main_seat);
  self->layout_valid = TRUE;
}

/* A tile lying at @hit that the viewer may take now, or -1. */
static int
tile_at_hit (FolSummerBoard *self, const FolSummerHit *hit)
{
  const SummerState *s = self->state;
  int tile = -1;
  switch (hit->kind)
    {
    case FOL_SUMMER_HIT_PATH:
      if (hit->index < s->seat[hit->seat].path_len)
        tile = s->seat[hit->seat].path[hit->index];
      break;
    case FOL_SUMMER_HIT_COMMON:
      if (hit->index < s->common_len)
        tile = s->common[hit->index];
      break;
    case FOL_SUMMER_HIT_TRACK:
      tile = s->track[hit->index] == SUMMER_NONE ? -1 : s->track[hit->index];
      break;
    case FOL_SUMMER_HIT_SOLO_PATH:
      if (hit->index < s->solo_len[hit->seat])
        tile = s->solo_path[hit->seat][hit->index];
      break;
    default:
      break;
    }
  return tile;
}

/* The pointer is used on the board (a press, or a motion to somewhere
 * else: GTK repeats a motion where the pointer already is when the widgets
 * under it change, and that is no use): the keyboard cursor goes away
 * until the keys are used again (issue 11). */
static void
pointer_used (FolSummerBoard *self, double x, double y, gboolean press)
{
  gboolean moved = !self->pointer_seen || x != self->pointer_x || y != self->pointer_y;
  self->pointer_seen = TRUE;
  self->pointer_x = x;
  self->pointer_y = y;
  if ((press || moved) && self->keys_used)
    {
      self->keys_used = FALSE;
      update_ghost (self);
    }
}

/**
 * fol_summer_board_pointer_press:
 * What a primary button press at (@x, @y) does (widget coordinates): on a
 * tile the viewer may place, takes it; on an Animal tile, arms it; on the
 * viewer's floor with a piece held, moves it there.  The gesture calls
 * this; tests may too.
 */
void
fol_summer_board_pointer_press (FolSummerBoard *self, double x, double y)
{
  g_return_if_fail (FOL_IS_SUMMER_BOARD (self));
  pointer_used (self, x, y, TRUE);
  self->press_picked = FALSE;
  self->press_moved = FALSE;
  self->press_x = x;
  self->press_y = y;
  if (!self->state)
    return;
  ensure_layout (self);
  FolSummerHit hit = fol_summer_layout_hit (&self->layout, x, y);
  if (hit.kind == FOL_SUMMER_HIT_SQUARE)
    {
      if (hit.seat == self->main_seat)
        fol_summer_board_set_cursor (self, hit.index);
      return;
    }
  /* the person's own treasure counts, and the supply's Squirrels: what
   * the panel's action buttons do, from the board (a folded panel hides them) */
  if (can_act (self) && self->main_seat == self->viewer && !holding (self))
    {
      int t = fol_summer_layout_treasure_at (&self->layout, self->state, x, y);
      if (t < 0 && hit.kind == FOL_SUMMER_HIT_SUPPLY && hit.index == SUMMER_N_TREASURES)
        t = SUMMER_N_TREASURES;
      if (t >= 0)
        {
          g_signal_emit (self, signals[SIGNAL_TREASURE_CLICKED], 0, t);
          self->press_picked = TRUE;
          return;
        }
    }
  if (hit.kind == FOL_SUMMER_HIT_ANIMAL && can_act (self))
    {
      if (self->state->animals_left[hit.index] > 0)
        {
          fol_summer_board_arm_animal (self, hit.index);
          self->press_picked = TRUE;
        }
      return;
    }
  int tile = tile_at_hit (self, &hit);
  if (tile >= 0 && !(holding (self) && self->held_kind == SUMMER_MOVE_LEAF && self->held_tile == tile))
    self->press_picked = fol_summer_board_pick_tile (self, tile);
}

/**
 * fol_summer_board_pointer_motion:
 * The pointer moved to (@x, @y) (widget coordinates): the held piece
 * follows it; the keyboard cursor goes away (issue 11).
 */
void
fol_summer_board_pointer_motion (FolSummerBoard *self, double x, double y)
{
  g_return_if_fail (FOL_IS_SUMMER_BOARD (self));
  pointer_used (self, x, y, FALSE);
  if (!self->state)
    return;
  ensure_layout (self);
  if (ABS (x - self->press_x) > DRAG_THRESHOLD || ABS (y - self->press_y) > DRAG_THRESHOLD)
    self->press_moved = TRUE;
  int seat;
  int sq = fol_summer_layout_square_at (&self->layout, x, y, &seat);
  if (sq >= 0 && seat == self->main_seat && holding (self))
    fol_summer_board_set_cursor (self, sq);
}

/**
 * fol_summer_board_pointer_release:
 * The primary button was released at (@x, @y): over the viewer's floor
 * this places the held piece (a click there, or the end of a drag from the
 * Path); a click that only took a tile keeps holding it.
 * Returns: whether a move was chosen.
 */
gboolean
fol_summer_board_pointer_release (FolSummerBoard *self, double x, double y)
{
  g_return_val_if_fail (FOL_IS_SUMMER_BOARD (self), FALSE);
  if (!self->state || !holding (self))
    return FALSE;
  fol_summer_board_pointer_motion (self, x, y);
  int seat;
  int sq = fol_summer_layout_square_at (&self->layout, x, y, &seat);
  if (sq < 0 || seat != self->main_seat)
    return FALSE;
  if (self->press_picked && !self->press_moved)
    return FALSE;
  return fol_summer_board_drop (self);
}

static void
on_drag_begin (GtkGestureDrag *gesture, double x, double y, FolSummerBoard *self)
{
  gtk_widget_grab_focus (GTK_WIDGET (self));
  fol_summer_board_pointer_press (self, x, y);
}

static void
on_drag_update (GtkGestureDrag *gesture, double dx, double dy, FolSummerBoard *self)
{
  double sx, sy;
  if (gtk_gesture_drag_get_start_point (gesture, &sx, &sy))
    fol_summer_board_pointer_motion (self, sx + dx, sy + dy);
}

static void
on_drag_end (GtkGestureDrag *gesture, double dx, double dy, FolSummerBoard *self)
{
  double sx, sy;
  if (gtk_gesture_drag_get_start_point (gesture, &sx, &sy))
    fol_summer_board_pointer_release (self, sx + dx, sy + dy);
}

static void
on_other_click (GtkGestureClick *gesture, int n_press, double x, double y, FolSummerBoard *self)
{
  guint button = gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (gesture));
  if (!holding (self))
    return;
  if (button == GDK_BUTTON_SECONDARY)
    fol_summer_board_rotate (self);
  else if (button == GDK_BUTTON_MIDDLE)
    fol_summer_board_flip (self);
}

static void
on_motion (GtkEventControllerMotion *controller, double x, double y, FolSummerBoard *self)
{
  fol_summer_board_pointer_motion (self, x, y);
}

static gboolean
on_scroll (GtkEventControllerScroll *controller, double dx, double dy, FolSummerBoard *self)
{
  if (!holding (self) || dy == 0)
    return FALSE;
  int turns = dy > 0 ? 1 : 3;
  for (int i = 0; i < turns; i++)
    fol_summer_board_rotate (self);
  return TRUE;
}

/* What a key does to the board (fol_summer_board_key()). */
static gboolean
key_action (FolSummerBoard *self, guint keyval, GdkModifierType modifiers)
{
  if (modifiers & (GDK_CONTROL_MASK | GDK_ALT_MASK))
    return FALSE;
  switch (keyval)
    {
    case GDK_KEY_r:
    case GDK_KEY_R:
      if (!holding (self))
        return FALSE;
      for (int i = 0; i < ((modifiers & GDK_SHIFT_MASK) ? 3 : 1); i++)
        fol_summer_board_rotate (self);
      return TRUE;
    case GDK_KEY_f:
    case GDK_KEY_F:
      if (!holding (self))
        return FALSE;
      fol_summer_board_flip (self);
      return TRUE;
    case GDK_KEY_Left: case GDK_KEY_KP_Left:
      fol_summer_board_move_cursor (self, -1, 0);
      return TRUE;
    case GDK_KEY_Right: case GDK_KEY_KP_Right:
      fol_summer_board_move_cursor (self, 1, 0);
      return TRUE;
    case GDK_KEY_Up: case GDK_KEY_KP_Up:
      fol_summer_board_move_cursor (self, 0, -1);
      return TRUE;
    case GDK_KEY_Down: case GDK_KEY_KP_Down:
      fol_summer_board_move_cursor (self, 0, 1);
      return TRUE;
    case GDK_KEY_Return: case GDK_KEY_KP_Enter: case GDK_KEY_ISO_Enter: case GDK_KEY_space: case GDK_KEY_KP_Space:
      if (!holding (self))
        return FALSE;
      fol_summer_board_drop (self);
      return TRUE;
    case GDK_KEY_Escape:
      if (!holding (self))
        return FALSE;
      fol_summer_board_cancel (self);
      return TRUE;
    default:
      break;
    }
  if (keyval >= GDK_KEY_1 && keyval <= GDK_KEY_6 && can_act (self))
    {
      int i = (int) (keyval - GDK_KEY_1);
      const SummerState *s = self->state;
      int tile = -1;
      if (s->pending == SUMMER_PENDING_MUSHROOM)
        {
          /* 1 and 2 stay the tiles they were when the Mushroom took them */
          if (i < 2 && s->claim_tile[i] != SUMMER_NONE)
            tile = s->claim_tile[i];
        }
      else if (i < s->seat[s->current].path_len)
        tile = s->seat[s->current].path[i];
      if (tile >= 0)
        return fol_summer_board_pick_tile (self, tile);
    }
  return FALSE;
}

/**
 * fol_summer_board_key:
 * What key @keyval does (the key controller calls this; tests may too):
 * R / Shift+R rotate, F flip, arrows move, Enter or space drop, Escape
 * cancel, 1-6 take that tile of the Player Path (during a Mushroom, 1-2 the
 * claimed tiles).
 * A key used shows the keyboard cursor (issue 11) until the pointer is
 * used on the board.
 * Returns: whether the key was used.
 */
gboolean
fol_summer_board_key (FolSummerBoard *self, guint keyval, GdkModifierType modifiers)
{
  g_return_val_if_fail (FOL_IS_SUMMER_BOARD (self), FALSE);
  if (!key_action (self, keyval, modifiers))
    return FALSE;
  /* the keys are used: the keyboard cursor shows (issue 11) */
  if (!self->keys_used)
    {
      self->keys_used = TRUE;
      update_ghost (self);
    }
  return TRUE;
}

static gboolean
on_key_pressed (GtkEventControllerKey *controller, guint keyval, guint keycode, GdkModifierType state,
                FolSummerBoard *self)
{
  return fol_summer_board_key (self, keyval, state);
}

static gboolean
on_query_tooltip (GtkWidget *widget, int x, int y, gboolean keyboard, GtkTooltip *tooltip, gpointer data)
{
  FolSummerBoard *self = FOL_SUMMER_BOARD (widget);
  if (!self->state)
    return FALSE;
  SummerMove held;
  gboolean legal;
  if (!keyboard && fol_summer_board_get_held (self, &held, &legal))
    return FALSE;  /* a tooltip would hide the squares the piece is moved over */
  ensure_layout (self);
  FolSummerHit hit;
  if (keyboard)
    {
      hit.kind = FOL_SUMMER_HIT_SQUARE;
      hit.seat = self->main_seat;
      hit.index = self->cursor >= 0 ? self->cursor : CENTRE_SQUARE;
    }
  else
    hit = fol_summer_layout_hit (&self->layout, x, y);
  g_autofree char *text = NULL;
  const SummerComponents *c = summer_components ();
  /* the person's own treasures and the supply's Squirrels: what a click does
   * (the words of the panel's buttons) */
  int treasure = keyboard || !can_act (self) || self->main_seat != self->viewer ? -1
                 : fol_summer_layout_treasure_at (&self->layout, self->state, x, y);
  if (treasure < 0 && !keyboard && can_act (self) && self->main_seat == self->viewer
      && hit.kind == FOL_SUMMER_HIT_SUPPLY && hit.index == SUMMER_N_TREASURES)
    treasure = SUMMER_N_TREASURES;
  if (treasure >= 0)
    {
      static const char *const what[SUMMER_N_TREASURES + 1] = {
        N_("Pay 1 Berry: refill your Player Path to 5, or take a 6th tile"),
        N_("Pay 1 Nut: place a Squirrel on an empty square"),
        N_("Pay 1 Mushroom: take the first tile of your opponent and the one next to the Bush (solo: the tiles on the Mushroom spaces) and place them"),
        N_("Pay 1 Feather: place 2 Leaf tiles of your Player Path"),
        N_("Place a Squirrel on an empty square as your Main Action"),
      };
      gtk_tooltip_set_text (tooltip, _(what[treasure]));
      return TRUE;
    }
  switch (hit.kind)
    {
    case FOL_SUMMER_HIT_SQUARE:
      text = fol_summer_describe_square (self->state, hit.seat, hit.index);
      break;
    case FOL_SUMMER_HIT_ANIMAL:
      text = g_strdup_printf (_("%s: %d left. Click to place one on free Holes of this shape."),
                              fol_summer_animal_word (hit.index), self->state->animals_left[hit.index]);
      break;
    default:
      {
        int tile = tile_at_hit (self, &hit);
        if (tile < 0)
          return FALSE;
        static const char *const colours[SUMMER_N_COLOURS] = { N_("green"), N_("yellow"), N_("red") };
        gboolean mine = can_act (self);
        text = g_strdup_printf (mine ? _("Leaf tile %s (%s). Click or drag to place it; R or the wheel rotates, F flips.")
                                     : _("Leaf tile %s (%s)"),
                                c->leaf[tile].id, _(colours[c->leaf[tile].colour]));
      }
      break;
    }
  if (!text || !*text)
    return FALSE;
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

/* ------------------------------------------------------------------ */
/* GtkWidget                                                           */

/* Paints the picture without the held piece into a texture, at the
 * widget's scale factor: drawn again only when the position, the size, the
 * palette or the lifted tile change, not when the pointer moves. */
static GdkTexture *
render_base (FolSummerBoard *self, int w, int h)
{
  int scale = MAX (gtk_widget_get_scale_factor (GTK_WIDGET (self)), 1);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w * scale, h * scale);
  cairo_surface_set_device_scale (surface, scale, scale);
  cairo_t *cr = cairo_create (surface);
  fol_summer_paint_base (cr, self->state, &self->layout, &self->hl);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  int stride = cairo_image_surface_get_stride (surface);
  GBytes *bytes = g_bytes_new (cairo_image_surface_get_data (surface), (gsize) stride * (gsize) (h * scale));
  GdkTexture *texture = gdk_memory_texture_new (w * scale, h * scale, GDK_MEMORY_DEFAULT, bytes, (gsize) stride);
  g_bytes_unref (bytes);
  cairo_surface_destroy (surface);
  return texture;
}

static void
fol_summer_board_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  FolSummerBoard *self = FOL_SUMMER_BOARD (widget);
  int w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);
  if (!self->state || w <= 0 || h <= 0)
    return;
  ensure_layout (self);
  if (self->hl.dark != self->dark)
    {
      self->hl.dark = self->dark;
      g_clear_object (&self->base);
    }
  int scale = MAX (gtk_widget_get_scale_factor (widget), 1);
  if (self->base && (gdk_texture_get_width (self->base) != w * scale || gdk_texture_get_height (self->base) != h * scale))
    g_clear_object (&self->base);
  if (!self->base)
    self->base = render_base (self, w, h);
  gtk_snapshot_append_texture (snapshot, self->base, &GRAPHENE_RECT_INIT (0, 0, w, h));
  FolRect r;
  /* the pieces in flight: a cairo node over the way they go */
  if (fol_summer_motion_rect (&self->hl, &r))
    {
      cairo_t *cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (r.x, r.y, r.width, r.height));
      fol_summer_paint_motion (cr, &self->layout, &self->hl);
      cairo_destroy (cr);
    }
  /* the held piece: a small cairo node over the acting seat's floor only */
  if ((holding (self) || (self->hl.cursor_square >= 0 && gtk_widget_has_focus (widget)))
      && fol_summer_layout_overlay_rect (&self->layout, &self->hl, &r))
    {
      cairo_t *cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (r.x, r.y, r.width, r.height));
      fol_summer_paint_overlay (cr, self->state, &self->layout, &self->hl);
      cairo_destroy (cr);
    }
}

static void
fol_summer_board_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  FolSummerBoard *self = FOL_SUMMER_BOARD (widget);
  if (self->layout_valid && (self->layout.width != width || self->layout.height != height))
    stop_motion (self);  /* the flights' ends are of the old size */
  self->layout_valid = FALSE;
  g_clear_object (&self->base);
  ensure_layout (self);
}

static void
fol_summer_board_measure (GtkWidget *widget, GtkOrientation orientation, int for_size, int *minimum,
                          int *natural, int *minimum_baseline, int *natural_baseline)
{
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = 560;
      *natural = 1100;
    }
  else
    {
      *minimum = 400;
      *natural = 760;
    }
}

/* A board that is not drawn has nothing moving: the page may be waiting for the motion's end. */
static void
fol_summer_board_unmap (GtkWidget *widget)
{
  stop_motion (FOL_SUMMER_BOARD (widget));
  GTK_WIDGET_CLASS (fol_summer_board_parent_class)->unmap (widget);
}

static void
on_dark_changed (AdwStyleManager *manager, GParamSpec *pspec, FolSummerBoard *self)
{
  self->dark = adw_style_manager_get_dark (manager);
  invalidate_base (self);
}

static void
fol_summer_board_dispose (GObject *object)
{
  FolSummerBoard *self = FOL_SUMMER_BOARD (object);
  stop_motion (self);
  if (self->dark_handler)
    {
      g_signal_handler_disconnect (adw_style_manager_get_default (), self->dark_handler);
      self->dark_handler = 0;
    }
  G_OBJECT_CLASS (fol_summer_board_parent_class)->dispose (object);
}

static void
fol_summer_board_finalize (GObject *object)
{
  FolSummerBoard *self = FOL_SUMMER_BOARD (object);
  g_free (self->state);
  g_free (self->prev);
  g_free (self->pending_before);
  g_free (self->last_move_text);
  g_free (self->description);
  g_free (self->legal);
  g_clear_object (&self->base);
  for (int i = 0; i < SUMMER_MAX_PLAYERS; i++)
    g_free (self->names[i]);
  G_OBJECT_CLASS (fol_summer_board_parent_class)->finalize (object);
}

static void
fol_summer_board_class_init (FolSummerBoardClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = fol_summer_board_dispose;
  object_class->finalize = fol_summer_board_finalize;
  widget_class->snapshot = fol_summer_board_snapshot;
  widget_class->size_allocate = fol_summer_board_size_allocate;
  widget_class->measure = fol_summer_board_measure;
  widget_class->unmap = fol_summer_board_unmap;

  /**
   * FolSummerBoard::move-chosen:
   * @move: (type gpointer): the const SummerMove* the player chose, legal
   *   in the state last set; valid during the emission only
   * The player dropped a held piece where it fits.
   */
  signals[SIGNAL_MOVE_CHOSEN] = g_signal_new ("move-chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                              NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);
  /**
   * FolSummerBoard::held-changed:
   * A piece was taken into the pointer or let go (for hints and buttons).
   */
  signals[SIGNAL_HELD_CHANGED] = g_signal_new ("held-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                               NULL, NULL, NULL, G_TYPE_NONE, 0);

  /**
   * FolSummerBoard::tile-refused:
   * @tile: the Leaf tile (an index of the components)
   * The player picked (a click, its number key, a button) a Leaf tile
   * that fits nowhere on the Forest Floor now: nothing was taken.
   */
  signals[SIGNAL_TILE_REFUSED] = g_signal_new ("tile-refused", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                               NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT);

  /**
   * FolSummerBoard::treasure-clicked:
   * @treasure: a SummerTreasure, or SUMMER_N_TREASURES for the supply's
   *   Squirrels
   * The person to act clicked one of the treasure counts of their own
   * Forest Floor (to spend it) or the supply's Squirrels (to take one as
   * the Main Action); the page plays the action as its buttons do, when
   * it is legal.  Emitted on the viewer's turn only.
   */
  signals[SIGNAL_TREASURE_CLICKED] = g_signal_new ("treasure-clicked", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                                   0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT);

  gtk_widget_class_set_css_name (widget_class, "summer-board");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
fol_summer_board_init (FolSummerBoard *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  self->viewer = -1;
  self->held_kind = SUMMER_MOVE_END;
  self->held_tile = -1;
  self->cursor = -1;
  self->show_legal = TRUE;
  self->animate = TRUE;
  fol_summer_highlights_init (&self->hl);

  gtk_widget_set_focusable (widget, TRUE);
  gtk_widget_set_focus_on_click (widget, TRUE);
  gtk_widget_set_has_tooltip (widget, TRUE);
  g_signal_connect (widget, "query-tooltip", G_CALLBACK (on_query_tooltip), NULL);

  GtkGesture *drag = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), GDK_BUTTON_PRIMARY);
  g_signal_connect (drag, "drag-begin", G_CALLBACK (on_drag_begin), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (on_drag_update), self);
  g_signal_connect (drag, "drag-end", G_CALLBACK (on_drag_end), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (drag));

  GtkGesture *click = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), 0);
  g_signal_connect (click, "pressed", G_CALLBACK (on_other_click), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (click));

  GtkEventController *motion = gtk_event_controller_motion_new ();
  g_signal_connect (motion, "motion", G_CALLBACK (on_motion), self);
  gtk_widget_add_controller (widget, motion);

  GtkEventController *scroll = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_VERTICAL
                                                                | GTK_EVENT_CONTROLLER_SCROLL_DISCRETE);
  g_signal_connect (scroll, "scroll", G_CALLBACK (on_scroll), self);
  gtk_widget_add_controller (widget, scroll);

  GtkEventController *keys = gtk_event_controller_key_new ();
  g_signal_connect (keys, "key-pressed", G_CALLBACK (on_key_pressed), self);
  gtk_widget_add_controller (widget, keys);
  g_signal_connect (widget, "notify::scale-factor", G_CALLBACK (invalidate_base), NULL);

  /* the keyboard cursor shows while the board has the focus */
  GtkEventController *focus = gtk_event_controller_focus_new ();
  g_signal_connect_swapped (focus, "enter", G_CALLBACK (gtk_widget_queue_draw), self);
  g_signal_connect_swapped (focus, "leave", G_CALLBACK (gtk_widget_queue_draw), self);
  gtk_widget_add_controller (widget, focus);

  AdwStyleManager *manager = adw_style_manager_get_default ();
  self->dark = adw_style_manager_get_dark (manager);
  self->dark_handler = g_signal_connect (manager, "notify::dark", G_CALLBACK (on_dark_changed), self);

  /* the description follows the position (update_description()) */
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Forest Floor"), -1);
}

/* Added for the replay view (issue 13): what the board shows, for tests. */
const SummerState *
fol_summer_board_get_state (FolSummerBoard *self)
{
  g_return_val_if_fail (FOL_IS_SUMMER_BOARD (self), NULL);
  return self->state;
}

void
fol_summer_board_set_read_only (FolSummerBoard *self, gboolean read_only)
{
  g_return_if_fail (FOL_IS_SUMMER_BOARD (self));
  self->hl.read_only = read_only;
  gtk_widget_set_can_target (GTK_WIDGET (self), !read_only);
  invalidate_base (self);
}
