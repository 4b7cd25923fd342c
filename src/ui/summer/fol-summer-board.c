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
};

G_DEFINE_FINAL_TYPE (FolSummerBoard, fol_summer_board, GTK_TYPE_WIDGET)

enum {
  SIGNAL_MOVE_CHOSEN,
  SIGNAL_HELD_CHANGED,
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

static void
update_accessible (FolSummerBoard *self)
{
  if (!self->state)
    return;
  int seat = self->main_seat;
  int sq = self->cursor >= 0 ? self->cursor : CENTRE_SQUARE;
  g_autofree char *where = fol_summer_describe_square (self->state, seat, sq);
  g_autofree char *text = NULL;
  if (holding (self))
    text = g_strdup_printf ("%s. %s", where, self->hl.ghost_legal ? _("The held piece fits here.")
                                                                  : _("The held piece does not fit here."));
  else
    text = g_strdup (where);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1);
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
      self->hl.cursor_square = self->cursor;
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

void
fol_summer_board_set_state (FolSummerBoard *self, const SummerState *state, int viewer)
{
  g_return_if_fail (FOL_IS_SUMMER_BOARD (self));
  fol_summer_board_cancel (self);
  if (!state)
    {
      g_clear_pointer (&self->state, g_free);
      self->layout_valid = FALSE;
      invalidate_base (self);
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return;
    }
  int old_n = self->state ? self->state->n_players : 0;
  int old_main = self->main_seat;
  if (!self->state)
    self->state = g_new (SummerState, 1);
  memcpy (self->state, state, sizeof *state);
  self->viewer = viewer >= 0 && viewer < state->n_players ? viewer : -1;
  self->main_seat = self->viewer >= 0 ? self->viewer : state->current;
  if (old_n != state->n_players || old_main != self->main_seat)
    self->layout_valid = FALSE;
  self->hl.acting_seat = can_act (self) ? self->viewer : -1;
  invalidate_base (self);
  update_ghost (self);
}

void
fol_summer_board_set_last_move (FolSummerBoard *self, int seat, const SummerMove *move)
{
  g_return_if_fail (FOL_IS_SUMMER_BOARD (self));
  self->hl.last_seat = move ? seat : -1;
  self->hl.last_squares = move ? fol_summer_move_squares (move, NULL) : 0;
  invalidate_base (self);
}

void
fol_summer_board_set_hint (FolSummerBoard *self, const SummerMove *hint)
{
  g_return_if_fail (FOL_IS_SUMMER_BOARD (self));
  gboolean drawn = hint && (hint->kind == SUMMER_MOVE_LEAF || hint->kind == SUMMER_MOVE_ANIMAL
                            || hint->kind == SUMMER_MOVE_SQUIRREL || hint->kind == SUMMER_MOVE_NUT);
  if (!drawn && !self->hl.has_hint)
    return;
  self->hl.has_hint = drawn;
  if (drawn)
    self->hl.hint = *hint;
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
  for (int i = 0; i < SUMMER_MAX_PLAYERS; i++)
    {
      g_clear_pointer (&self->names[i], g_free);
      if (names)
        {
          gboolean ended = FALSE;
          for (int k = 0; k <= i; k++)
            if (!names[k])
              ended = TRUE;
          if (!ended)
            self->names[i] = g_strdup (names[i]);
        }
      self->hl.names[i] = self->names[i];
    }
  invalidate_base (self);
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
      /* not placeable now: keep whatever was held */
      self->held_kind = old_kind;
      self->held_tile = old_tile;
      self->transform = old_transform;
      collect_legal (self);
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
  update_ghost (self);
}

void
fol_summer_board_set_cursor (FolSummerBoard *self, int square)
{
  g_return_if_fail (FOL_IS_SUMMER_BOARD (self));
  if (square < 0 || square >= SUMMER_SQUARES || square == self->cursor)
    return;
  self->cursor = square;
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

/** fol_summer_board_pointer_motion: the pointer moved to (@x, @y): the held piece follows it. */
void
fol_summer_board_pointer_motion (FolSummerBoard *self, double x, double y)
{
  g_return_if_fail (FOL_IS_SUMMER_BOARD (self));
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

/**
 * fol_summer_board_key:
 * What key @keyval does (the key controller calls this; tests may too):
 * R / Shift+R rotate, F flip, arrows move, Enter or space drop, Escape
 * cancel, 1-6 take that tile of the Player Path (during a Mushroom, 1-2 the
 * claimed tiles).
 * Returns: whether the key was used.
 */
gboolean
fol_summer_board_key (FolSummerBoard *self, guint keyval, GdkModifierType modifiers)
{
  g_return_val_if_fail (FOL_IS_SUMMER_BOARD (self), FALSE);
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
          int n = 0;
          for (int k = 0; k < 2; k++)
            if (s->claim_tile[k] != SUMMER_NONE && n++ == i)
              tile = s->claim_tile[k];
        }
      else if (i < s->seat[s->current].path_len)
        tile = s->seat[s->current].path[i];
      if (tile >= 0)
        return fol_summer_board_pick_tile (self, tile);
    }
  return FALSE;
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
  /* the held piece: a small cairo node over the acting seat's floor only */
  FolRect r;
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

  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Indian Summer board"),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  _("Pick a Leaf tile with 1 to 6, turn it with R, flip it with F, move it with the arrow keys, place it with Enter."),
                                  -1);
}
