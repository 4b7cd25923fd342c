/* fol-fall-board.c: the Fall board widget; see fol-fall-board.h. */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "fol-fall-board.h"
#include "fol-fall-words.h"

struct _FolFallBoard
{
  GtkWidget parent_instance;

  FallState *state;             /* NULL: nothing shown */
  int viewer;
  int acting;
  char *names[2];
  FolFallLayout layout;
  FolFallTransform tr;
  gboolean fitted;
  int alloc_w, alloc_h;
  gboolean show_legal;

  FolFallHighlights hl;
  int held_tile;                /* tile in the pointer, or -1 */
  int rot;
  int token;                    /* selected token kind, or -1 */
  gboolean has_cursor;
  FolHex cursor;
  int up_toggle;
  double mouse_x, mouse_y;      /* the pointer, for zooming about it */
  gboolean has_mouse;

  /* drag */
  double drag_x, drag_y;
  double last_dx, last_dy;
  gboolean panning;
  double zoom_base;
  FolFallTransform zoom_start;
};

G_DEFINE_FINAL_TYPE (FolFallBoard, fol_fall_board, GTK_TYPE_WIDGET)

enum {
  MOVE_CHOSEN,
  REFUSED,
  SELECTION_CHANGED,
  N_SIGNALS
};
static guint signals[N_SIGNALS];

static gboolean
can_act (FolFallBoard *self)
{
  return self->state && self->acting >= 0 && !fall_state_is_over (self->state)
         && fall_state_current_seat (self->state) == self->acting;
}

static gboolean
in_hand (FolFallBoard *self, int tile)
{
  for (int i = 0; self->state && i < self->state->n_hand_tiles; i++)
    if (self->state->hand_tile[i] == tile)
      return TRUE;
  return FALSE;
}

/* Recomputes the highlights from the selection and queues a redraw. */
static void
update (FolFallBoard *self)
{
  FolFallHighlights *h = &self->hl;
  h->dark = adw_style_manager_get_dark (adw_style_manager_get_default ());
  h->names[0] = self->names[0];
  h->names[1] = self->names[1];
  h->acting_seat = can_act (self) ? self->acting : -1;
  h->has_cursor = self->has_cursor && can_act (self) && self->state->phase == FALL_PHASE_ACT;
  h->cursor = self->cursor;
  h->selected_held = -1;
  h->reveal = self->state && fall_state_is_over (self->state);
  if (self->state && self->held_tile >= 0)
    {
      fol_fall_highlights_set_ghost (h, self->state, self->held_tile, self->has_cursor ? &self->cursor : NULL, self->rot,
                                     self->show_legal);
    }
  else
    {
      fol_fall_highlights_set_ghost (h, self->state, -1, NULL, 0, FALSE);
      if (self->state && self->token >= 0)
        {
          fol_fall_highlights_set_token (h, self->state, self->token);
          h->selected_held = fol_fall_held_slot_of (self->state, self->acting, self->token);
        }
      else
        h->n_marks = 0;
      if (self->state && can_act (self) && self->state->phase == FALL_PHASE_ACT && self->token < 0)
        fol_fall_highlights_mark_claims (h, self->state);
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_signal_emit (self, signals[SELECTION_CHANGED], 0);
}

static void
emit_move (FolFallBoard *self, const FallMove *m)
{
  const char *reason = NULL;
  if (!fall_check_move (self->state, m, &reason))
    {
      g_signal_emit (self, signals[REFUSED], 0, fol_fall_reason_words (reason));
      return;
    }
  FallMove copy = *m;
  g_signal_emit (self, signals[MOVE_CHOSEN], 0, &copy);
}

/* After a new state: keep the selection when it still makes sense; with a
 * tile in hand and nothing in the pointer, take the first one. */
static void
fix_selection (FolFallBoard *self)
{
  if (!can_act (self) || self->state->phase != FALL_PHASE_ACT)
    {
      self->held_tile = -1;
      self->token = -1;
      return;
    }
  if (self->held_tile >= 0 && !in_hand (self, self->held_tile))
    self->held_tile = -1;
  if (self->token >= 0 && !self->state->held[self->acting][self->token])
    self->token = -1;
  if (self->held_tile < 0 && self->token < 0 && self->state->n_hand_tiles > 0)
    {
      self->held_tile = self->state->hand_tile[0];
      self->rot = 0;
    }
  if (self->held_tile >= 0 && !self->has_cursor)
    {
      /* start the cursor on a cell where the tile fits */
      FallMove *list = g_new (FallMove, FALL_MAX_MOVES);
      int n = fall_legal_placements (self->state, self->held_tile, list);
      if (n > 0)
        {
          self->cursor = (FolHex) { list[0].q, list[0].r };
          self->rot = list[0].rot;
          self->has_cursor = TRUE;
        }
      g_free (list);
    }
}

void
fol_fall_board_set_state (FolFallBoard *self, const FallState *state, int viewer, int acting)
{
  g_return_if_fail (FOL_IS_FALL_BOARD (self));
  if (!state)
    g_clear_pointer (&self->state, g_free);
  else
    {
      if (!self->state)
        self->state = g_new0 (FallState, 1);
      fall_state_copy (self->state, state);
    }
  gboolean viewer_changed = viewer != self->viewer;
  self->viewer = viewer;
  self->acting = acting;
  if (viewer_changed || !self->state)
    {
      self->held_tile = -1;
      self->token = -1;
    }
  if (self->alloc_w > 0)
    fol_fall_layout_compute (&self->layout, self->alloc_w, self->alloc_h, viewer);
  if (self->state && !self->fitted && self->alloc_w > 0)
    {
      fol_fall_transform_fit (&self->tr, self->state, &self->layout.board);
      self->fitted = TRUE;
    }
  if (self->state)
    fix_selection (self);
  update (self);
}

const FallState *
fol_fall_board_get_state (FolFallBoard *self)
{
  g_return_val_if_fail (FOL_IS_FALL_BOARD (self), NULL);
  return self->state;
}

void
fol_fall_board_set_names (FolFallBoard *self, const char *name0, const char *name1)
{
  g_return_if_fail (FOL_IS_FALL_BOARD (self));
  g_free (self->names[0]);
  g_free (self->names[1]);
  self->names[0] = g_strdup (name0);
  self->names[1] = g_strdup (name1);
  update (self);
}

void
fol_fall_board_set_last_cells (FolFallBoard *self, const FolHex *cells, int n)
{
  g_return_if_fail (FOL_IS_FALL_BOARD (self));
  n = CLAMP (n, 0, (int) G_N_ELEMENTS (self->hl.last_cells));
  self->hl.n_last = n;
  for (int i = 0; i < n; i++)
    self->hl.last_cells[i] = cells[i];
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
fol_fall_board_set_hint (FolFallBoard *self, const FallMove *hint)
{
  g_return_if_fail (FOL_IS_FALL_BOARD (self));
  if (!hint && !self->hl.has_hint)
    return;
  self->hl.has_hint = hint != NULL;
  if (hint)
    self->hl.hint = *hint;
  /* a move on a cell: the pointer takes what it moves (the tile, turned
   * as the hint turns it, or the token; nothing for a claim) and the
   * cursor goes to the marked cell, so that Enter plays the very move;
   * moved away, the hint's own translucent tile or token stays there.
   * Only when the pointer holds nothing or the hinted piece already: what
   * the person holds is never swapped for another piece (a tile put back,
   * a token taken); then the hint is only shown. */
  gboolean holds_nothing = self->held_tile < 0 && self->token < 0;
  if (hint && can_act (self) && self->state->phase == FALL_PHASE_ACT)
    {
      gboolean follow = FALSE;
      if (hint->kind == FALL_MOVE_PLACE && in_hand (self, hint->arg)
          && (holds_nothing || (self->held_tile == hint->arg && self->token < 0)))
        {
          self->held_tile = hint->arg;
          self->rot = hint->rot % 6;
          self->token = -1;
          follow = TRUE;
        }
      else if (hint->kind == FALL_MOVE_TOKEN && hint->arg < FALL_N_TOKEN_KINDS
               && self->state->held[self->acting][hint->arg]
               && (holds_nothing || (self->token == hint->arg && self->held_tile < 0)))
        {
          self->held_tile = -1;
          self->token = hint->arg;
          follow = TRUE;
        }
      else if (hint->kind == FALL_MOVE_CLAIM && holds_nothing)
        {
          self->held_tile = -1;
          self->token = -1;
          follow = TRUE;
        }
      if (follow)
        {
          self->cursor = (FolHex) { hint->q, hint->r };
          self->has_cursor = TRUE;
          update (self);
          return;
        }
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
fol_fall_board_get_hint (FolFallBoard *self, FallMove *hint)
{
  g_return_val_if_fail (FOL_IS_FALL_BOARD (self), FALSE);
  if (self->hl.has_hint && hint)
    *hint = self->hl.hint;
  return self->hl.has_hint;
}

void
fol_fall_board_set_show_legal (FolFallBoard *self, gboolean show)
{
  g_return_if_fail (FOL_IS_FALL_BOARD (self));
  self->show_legal = show;
  update (self);
}

void
fol_fall_board_fit (FolFallBoard *self)
{
  g_return_if_fail (FOL_IS_FALL_BOARD (self));
  if (!self->state || self->alloc_w <= 0)
    return;
  fol_fall_transform_fit (&self->tr, self->state, &self->layout.board);
  self->fitted = TRUE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
fol_fall_board_zoom (FolFallBoard *self, double factor)
{
  g_return_if_fail (FOL_IS_FALL_BOARD (self));
  const FolFallRect *b = &self->layout.board;
  fol_fall_transform_zoom (&self->tr, factor, b->x + b->width / 2, b->y + b->height / 2);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
fol_fall_board_pan (FolFallBoard *self, double dx, double dy)
{
  g_return_if_fail (FOL_IS_FALL_BOARD (self));
  self->tr.ox += dx;
  self->tr.oy += dy;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

const FolFallTransform *
fol_fall_board_get_transform (FolFallBoard *self)
{
  g_return_val_if_fail (FOL_IS_FALL_BOARD (self), NULL);
  return &self->tr;
}

const FolFallLayout *
fol_fall_board_get_layout (FolFallBoard *self)
{
  g_return_val_if_fail (FOL_IS_FALL_BOARD (self), NULL);
  return &self->layout;
}

/* ---- operations ---- */

gboolean
fol_fall_board_take (FolFallBoard *self, int slot)
{
  g_return_val_if_fail (FOL_IS_FALL_BOARD (self), FALSE);
  if (!can_act (self) || slot < 0 || slot >= FALL_OFFER)
    return FALSE;
  FallMove m = { .kind = FALL_MOVE_TAKE, .arg = (uint8_t) slot };
  if (!fall_check_move (self->state, &m, NULL))
    return FALSE;
  emit_move (self, &m);
  return TRUE;
}

gboolean
fol_fall_board_pick_tile (FolFallBoard *self, int tile)
{
  g_return_val_if_fail (FOL_IS_FALL_BOARD (self), FALSE);
  if (!can_act (self) || self->state->phase != FALL_PHASE_ACT || !in_hand (self, tile))
    return FALSE;
  if (self->held_tile != tile)
    /* the hinted tile comes turned as the hint turns it */
    self->rot = self->hl.has_hint && self->hl.hint.kind == FALL_MOVE_PLACE && self->hl.hint.arg == tile
                ? self->hl.hint.rot % 6 : 0;
  self->held_tile = tile;
  self->token = -1;
  update (self);
  return TRUE;
}

int
fol_fall_board_get_held_tile (FolFallBoard *self)
{
  g_return_val_if_fail (FOL_IS_FALL_BOARD (self), -1);
  return self->held_tile;
}

void
fol_fall_board_next_tile (FolFallBoard *self)
{
  g_return_if_fail (FOL_IS_FALL_BOARD (self));
  if (!can_act (self) || self->state->n_hand_tiles == 0)
    return;
  int next = self->state->hand_tile[0];
  if (self->held_tile == self->state->hand_tile[0] && self->state->n_hand_tiles > 1)
    next = self->state->hand_tile[1];
  fol_fall_board_pick_tile (self, next);
}

gboolean
fol_fall_board_select_token (FolFallBoard *self, int token)
{
  g_return_val_if_fail (FOL_IS_FALL_BOARD (self), FALSE);
  if (token < 0)
    {
      self->token = -1;
      update (self);
      return TRUE;
    }
  if (!can_act (self) || self->state->phase != FALL_PHASE_ACT || token >= FALL_N_TOKEN_KINDS
      || !self->state->held[self->acting][token])
    return FALSE;
  if (token == (int) fall_state_blocked_token (self->state))
    {
      g_signal_emit (self, signals[REFUSED], 0, fol_fall_reason_words ("the Season board forbids that token this week"));
      return FALSE;
    }
  self->token = token;
  self->held_tile = -1;
  update (self);
  return TRUE;
}

int
fol_fall_board_get_selected_token (FolFallBoard *self)
{
  g_return_val_if_fail (FOL_IS_FALL_BOARD (self), -1);
  return self->token;
}

void
fol_fall_board_rotate (FolFallBoard *self, int steps)
{
  g_return_if_fail (FOL_IS_FALL_BOARD (self));
  if (self->held_tile < 0 && can_act (self) && self->state->phase == FALL_PHASE_ACT && self->state->n_hand_tiles > 0)
    {
      fol_fall_board_pick_tile (self, self->state->hand_tile[0]);
      return;
    }
  if (self->held_tile < 0)
    return;
  self->rot = (((self->rot + steps) % 6) + 6) % 6;
  update (self);
}

void
fol_fall_board_set_cursor (FolFallBoard *self, FolHex cell)
{
  g_return_if_fail (FOL_IS_FALL_BOARD (self));
  if (self->has_cursor && fol_hex_equal (self->cursor, cell))
    return;
  self->cursor = cell;
  self->has_cursor = TRUE;
  update (self);
}

gboolean
fol_fall_board_get_cursor (FolFallBoard *self, FolHex *cell)
{
  g_return_val_if_fail (FOL_IS_FALL_BOARD (self), FALSE);
  if (self->has_cursor && cell)
    *cell = self->cursor;
  return self->has_cursor;
}

void
fol_fall_board_move_cursor (FolFallBoard *self, int edge)
{
  g_return_if_fail (FOL_IS_FALL_BOARD (self));
  if (!self->has_cursor)
    {
      self->cursor = (FolHex) { 0, 0 };
      self->has_cursor = TRUE;
    }
  else
    self->cursor = fol_hex_neighbour (self->cursor, edge);
  /* keep the cursor in sight */
  double x, y;
  fol_fall_transform_cell_center (&self->tr, self->cursor, &x, &y);
  const FolFallRect *b = &self->layout.board;
  double m = self->tr.size * 1.2;
  if (b->width > 0)
    {
      if (x < b->x + m)
        self->tr.ox += b->x + m - x;
      if (x > b->x + b->width - m)
        self->tr.ox -= x - (b->x + b->width - m);
      if (y < b->y + m)
        self->tr.oy += b->y + m - y;
      if (y > b->y + b->height - m)
        self->tr.oy -= y - (b->y + b->height - m);
    }
  update (self);
}

gboolean
fol_fall_board_activate (FolFallBoard *self)
{
  g_return_val_if_fail (FOL_IS_FALL_BOARD (self), FALSE);
  if (!can_act (self) || !self->has_cursor || self->state->phase != FALL_PHASE_ACT)
    return FALSE;
  FallMove m = { 0 };
  m.q = (int8_t) CLAMP (self->cursor.q, -127, 127);
  m.r = (int8_t) CLAMP (self->cursor.r, -127, 127);
  if (self->held_tile >= 0)
    {
      m.kind = FALL_MOVE_PLACE;
      m.arg = (uint8_t) self->held_tile;
      m.rot = (uint8_t) self->rot;
    }
  else if (self->token >= 0)
    {
      m.kind = FALL_MOVE_TOKEN;
      m.arg = (uint8_t) self->token;
    }
  else
    {
      int idx = fall_state_find (self->state, m.q, m.r);
      if (idx < 0 || self->state->cell[idx].token != FALL_MUSHROOM || self->state->cell[idx].marker >= 0)
        return FALSE;
      m.kind = FALL_MOVE_CLAIM;
    }
  const char *reason = NULL;
  if (!fall_check_move (self->state, &m, &reason))
    {
      g_signal_emit (self, signals[REFUSED], 0, fol_fall_reason_words (reason));
      return FALSE;
    }
  if (m.kind == FALL_MOVE_PLACE)
    self->held_tile = -1;
  if (m.kind == FALL_MOVE_TOKEN)
    self->token = -1;
  emit_move (self, &m);
  return TRUE;
}

void
fol_fall_board_cancel (FolFallBoard *self)
{
  g_return_if_fail (FOL_IS_FALL_BOARD (self));
  self->held_tile = -1;
  self->token = -1;
  update (self);
}

gboolean
fol_fall_board_get_ghost (FolFallBoard *self, FallMove *move, gboolean *legal, int *rule, int *discards)
{
  g_return_val_if_fail (FOL_IS_FALL_BOARD (self), FALSE);
  if (self->held_tile < 0 || !self->has_cursor)
    return FALSE;
  if (move)
    {
      memset (move, 0, sizeof *move);
      move->kind = FALL_MOVE_PLACE;
      move->arg = (uint8_t) self->held_tile;
      move->rot = (uint8_t) self->rot;
      move->q = (int8_t) self->cursor.q;
      move->r = (int8_t) self->cursor.r;
    }
  if (legal)
    *legal = self->hl.ghost_legal;
  if (rule)
    *rule = self->hl.ghost_rule;
  if (discards)
    *discards = self->hl.ghost_discards;
  return TRUE;
}

gboolean
fol_fall_board_end_turn (FolFallBoard *self, const guint8 discard[4])
{
  g_return_val_if_fail (FOL_IS_FALL_BOARD (self), FALSE);
  if (!can_act (self))
    return FALSE;
  FallMove m = { .kind = FALL_MOVE_END };
  memcpy (m.discard, discard, 4);
  const char *reason = NULL;
  if (!fall_check_move (self->state, &m, &reason))
    {
      g_signal_emit (self, signals[REFUSED], 0, fol_fall_reason_words (reason));
      return FALSE;
    }
  emit_move (self, &m);
  return TRUE;
}

gboolean
fol_fall_board_discard_tile (FolFallBoard *self, int tile)
{
  g_return_val_if_fail (FOL_IS_FALL_BOARD (self), FALSE);
  if (!can_act (self) || tile < 0)
    return FALSE;
  FallMove m = { .kind = FALL_MOVE_DISCARD_TILE, .arg = (uint8_t) tile };
  const char *reason = NULL;
  if (!fall_check_move (self->state, &m, &reason))
    {
      g_signal_emit (self, signals[REFUSED], 0, fol_fall_reason_words (reason));
      return FALSE;
    }
  self->held_tile = -1;
  emit_move (self, &m);
  return TRUE;
}

/* ---- input ---- */

void
fol_fall_board_click (FolFallBoard *self, double x, double y)
{
  g_return_if_fail (FOL_IS_FALL_BOARD (self));
  if (!self->state)
    return;
  FolFallHit hit = fol_fall_layout_hit (&self->layout, x, y);
  switch (hit.kind)
    {
    case FOL_FALL_HIT_OFFER:
      if (can_act (self) && self->state->phase == FALL_PHASE_TAKE)
        {
          if (!fol_fall_board_take (self, hit.index))
            g_signal_emit (self, signals[REFUSED], 0, fol_fall_reason_words ("there is no combination in that place"));
        }
      break;
    case FOL_FALL_HIT_HELD:
      if (hit.seat == self->acting && can_act (self))
        {
          int tok = fol_fall_held_token_at (self->state, hit.seat, hit.index);
          if (tok >= 0)
            fol_fall_board_select_token (self, tok == self->token ? -1 : tok);
        }
      break;
    case FOL_FALL_HIT_HAND:
      if (hit.seat == self->acting && can_act (self) && hit.index < self->state->n_hand_tiles)
        fol_fall_board_pick_tile (self, self->state->hand_tile[hit.index]);
      break;
    case FOL_FALL_HIT_BOARD:
      {
        FolHex cell = fol_fall_transform_cell_at (&self->tr, x, y);
        fol_fall_board_set_cursor (self, cell);
        fol_fall_board_activate (self);
        break;
      }
    default:
      break;
    }
}

static void
on_drag_begin (GtkGestureDrag *g, double x, double y, FolFallBoard *self)
{
  self->drag_x = x;
  self->drag_y = y;
  self->last_dx = self->last_dy = 0;
  self->panning = FALSE;
  gtk_widget_grab_focus (GTK_WIDGET (self));
}

static void
on_drag_update (GtkGestureDrag *g, double dx, double dy, FolFallBoard *self)
{
  if (!self->panning && hypot (dx, dy) > 6 && fol_fall_layout_hit (&self->layout, self->drag_x, self->drag_y).kind == FOL_FALL_HIT_BOARD)
    self->panning = TRUE;
  if (self->panning)
    {
      fol_fall_board_pan (self, dx - self->last_dx, dy - self->last_dy);
      self->last_dx = dx;
      self->last_dy = dy;
    }
}

static void
on_drag_end (GtkGestureDrag *g, double dx, double dy, FolFallBoard *self)
{
  if (self->panning)
    {
      self->panning = FALSE;
      return;
    }
  guint button = gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (g));
  if (button == GDK_BUTTON_SECONDARY)
    {
      fol_fall_board_rotate (self, 1);
      return;
    }
  fol_fall_board_click (self, self->drag_x + dx, self->drag_y + dy);
}

static void
on_motion (GtkEventControllerMotion *c, double x, double y, FolFallBoard *self)
{
  fol_fall_board_hover (self, x, y);
}

void
fol_fall_board_hover (FolFallBoard *self, double x, double y)
{
  g_return_if_fail (FOL_IS_FALL_BOARD (self));
  self->mouse_x = x;
  self->mouse_y = y;
  self->has_mouse = TRUE;
  if (self->panning || !self->state || (self->held_tile < 0 && self->token < 0))
    return;
  if (fol_fall_layout_hit (&self->layout, x, y).kind != FOL_FALL_HIT_BOARD)
    return;
  fol_fall_board_set_cursor (self, fol_fall_transform_cell_at (&self->tr, x, y));
}

static gboolean
on_scroll (GtkEventControllerScroll *c, double dx, double dy, FolFallBoard *self)
{
  GdkModifierType mods = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (c));
  if (self->held_tile >= 0 && !(mods & GDK_CONTROL_MASK))
    {
      fol_fall_board_rotate (self, dy > 0 ? 1 : dy < 0 ? -1 : 0);
      return TRUE;
    }
  double x = self->layout.board.x + self->layout.board.width / 2, y = self->layout.board.y + self->layout.board.height / 2;
  if (self->has_mouse)
    {
      x = self->mouse_x;
      y = self->mouse_y;
    }
  fol_fall_transform_zoom (&self->tr, dy < 0 ? 1.15 : dy > 0 ? 1 / 1.15 : 1, x, y);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  return TRUE;
}

static void
on_zoom_begin (GtkGesture *g, GdkEventSequence *seq, FolFallBoard *self)
{
  self->zoom_start = self->tr;
}

static void
on_zoom_changed (GtkGestureZoom *g, double scale, FolFallBoard *self)
{
  double cx, cy;
  if (!gtk_gesture_get_bounding_box_center (GTK_GESTURE (g), &cx, &cy))
    {
      cx = self->layout.board.x + self->layout.board.width / 2;
      cy = self->layout.board.y + self->layout.board.height / 2;
    }
  self->tr = self->zoom_start;
  fol_fall_transform_zoom (&self->tr, scale, cx, cy);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static gboolean
on_key (GtkEventControllerKey *c, guint keyval, guint keycode, GdkModifierType state, FolFallBoard *self)
{
  return fol_fall_board_key (self, keyval, state);
}

gboolean
fol_fall_board_key (FolFallBoard *self, guint keyval, GdkModifierType state)
{
  g_return_val_if_fail (FOL_IS_FALL_BOARD (self), FALSE);
  if (state & (GDK_CONTROL_MASK | GDK_ALT_MASK))
    return FALSE;
  switch (keyval)
    {
    case GDK_KEY_Left:
      fol_fall_board_move_cursor (self, 3);
      return TRUE;
    case GDK_KEY_Right:
      fol_fall_board_move_cursor (self, 0);
      return TRUE;
    case GDK_KEY_Up:
      fol_fall_board_move_cursor (self, (self->up_toggle++ & 1) ? 5 : 4);
      return TRUE;
    case GDK_KEY_Down:
      fol_fall_board_move_cursor (self, (self->up_toggle++ & 1) ? 1 : 2);
      return TRUE;
    case GDK_KEY_r:
      fol_fall_board_rotate (self, 1);
      return TRUE;
    case GDK_KEY_R:
      fol_fall_board_rotate (self, -1);
      return TRUE;
    case GDK_KEY_Return:
    case GDK_KEY_KP_Enter:
    case GDK_KEY_space:
      fol_fall_board_activate (self);
      return TRUE;
    case GDK_KEY_Escape:
      if (self->held_tile < 0 && self->token < 0)
        return FALSE;
      fol_fall_board_cancel (self);
      return TRUE;
    case GDK_KEY_Tab:
      /* to the other tile, or (nothing held) back to the tile in hand */
      if (self->state && (self->state->n_hand_tiles > 1 || (self->state->n_hand_tiles == 1 && self->held_tile < 0)))
        {
          fol_fall_board_next_tile (self);
          return TRUE;
        }
      return FALSE;
    case GDK_KEY_t:
    case GDK_KEY_T:
      {
        /* the next set-aside token that may be placed now (keyboard users' click on a token) */
        if (!can_act (self) || self->state->phase != FALL_PHASE_ACT)
          return FALSE;
        for (int i = 1; i <= FALL_N_TOKEN_KINDS; i++)
          {
            int k = ((self->token < 0 ? -1 : self->token) + i + FALL_N_TOKEN_KINDS) % FALL_N_TOKEN_KINDS;
            if (self->state->held[self->acting][k] && k != (int) fall_state_blocked_token (self->state))
              {
                fol_fall_board_select_token (self, k);
                if (!self->has_cursor)
                  fol_fall_board_move_cursor (self, 0);
                return TRUE;
              }
          }
        return FALSE;
      }
    case GDK_KEY_plus:
    case GDK_KEY_equal:
    case GDK_KEY_KP_Add:
      fol_fall_board_zoom (self, 1.2);
      return TRUE;
    case GDK_KEY_minus:
    case GDK_KEY_KP_Subtract:
      fol_fall_board_zoom (self, 1 / 1.2);
      return TRUE;
    case GDK_KEY_0:
    case GDK_KEY_KP_0:
      fol_fall_board_fit (self);
      return TRUE;
    case GDK_KEY_1:
    case GDK_KEY_2:
    case GDK_KEY_3:
    case GDK_KEY_4:
      return fol_fall_board_take (self, (int) (keyval - GDK_KEY_1));
    default:
      return FALSE;
    }
}

static gboolean
on_query_tooltip (GtkWidget *widget, int x, int y, gboolean keyboard, GtkTooltip *tooltip, FolFallBoard *self)
{
  if (!self->state)
    return FALSE;
  if (self->held_tile >= 0 && !keyboard)
    return FALSE;  /* a tooltip would hide the tile being placed */
  const FallState *s = self->state;
  FolFallHit hit = fol_fall_layout_hit (&self->layout, x, y);
  g_autofree char *text = NULL;
  switch (hit.kind)
    {
    case FOL_FALL_HIT_OFFER:
      if (s->offer_tile[hit.index] != FALL_NONE)
        {
          g_autofree char *tile = fol_fall_describe_tile (s->comps, s->offer_tile[hit.index]);
          /* Translators: a combination of the offer: its number, the tile, the token */
          text = g_strdup_printf (_("Combination %d: %s, with %s"), hit.index + 1, tile,
                                  fol_fall_token_with_article ((FallToken) s->offer_token[hit.index]));
        }
      break;
    case FOL_FALL_HIT_SEASON:
      text = g_strdup_printf (_("Week %d: no %s may be placed"), hit.index + 1,
                              fol_fall_token_words ((FallToken) s->comps->blocked[s->side][hit.index]));
      break;
    case FOL_FALL_HIT_HELD:
      {
        int tok = fol_fall_held_token_at (s, hit.seat, hit.index);
        if (tok >= 0)
          text = g_strdup_printf (tok == (int) fall_state_blocked_token (s) && !fall_state_is_over (s)
                                  ? _("%s set aside; it may not be placed this week")
                                  : _("%s set aside: click it, then a marked tile"),
                                  fol_fall_token_words ((FallToken) tok));
        break;
      }
    case FOL_FALL_HIT_HAND:
      if (fall_state_current_seat (s) == hit.seat && hit.index < s->n_hand_tiles)
        {
          g_autofree char *tile = fol_fall_describe_tile (s->comps, s->hand_tile[hit.index]);
          text = g_strdup_printf (_("%s, to place this turn: click it to take it"), tile);
        }
      break;
    case FOL_FALL_HIT_CARD:
      {
        uint8_t ci = s->card[hit.seat][hit.index];
        if (ci != FALL_NONE)
          text = fol_fall_card_describe (&s->comps->card[ci]);
        break;
      }
    case FOL_FALL_HIT_BOARD:
      {
        FolHex cell = fol_fall_transform_cell_at (&self->tr, x, y);
        text = fol_fall_describe_cell (s, cell.q, cell.r);
        break;
      }
    default:
      break;
    }
  if (!text)
    return FALSE;
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

/* ---- GtkWidget ---- */

static void
fol_fall_board_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  FolFallBoard *self = FOL_FALL_BOARD (widget);
  if (self->alloc_w > 0 && (width != self->alloc_w || height != self->alloc_h))
    {
      /* keep the ecosystem's centre where it was */
      FolFallRect old = self->layout.board;
      fol_fall_layout_compute (&self->layout, width, height, self->viewer);
      self->tr.ox += (self->layout.board.x + self->layout.board.width / 2) - (old.x + old.width / 2);
      self->tr.oy += (self->layout.board.y + self->layout.board.height / 2) - (old.y + old.height / 2);
    }
  else
    fol_fall_layout_compute (&self->layout, width, height, self->viewer);
  self->alloc_w = width;
  self->alloc_h = height;
  if (self->state && !self->fitted)
    {
      fol_fall_transform_fit (&self->tr, self->state, &self->layout.board);
      self->fitted = TRUE;
    }
}

static void
fol_fall_board_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  FolFallBoard *self = FOL_FALL_BOARD (widget);
  int w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);
  if (!self->state || w <= 0 || h <= 0)
    return;
  cairo_t *cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, (float) w, (float) h));
  fol_fall_paint (cr, self->state, &self->layout, &self->tr, &self->hl);
  cairo_destroy (cr);
}

static void
fol_fall_board_measure (GtkWidget *widget, GtkOrientation o, int for_size, int *min, int *nat, int *min_base, int *nat_base)
{
  *min = o == GTK_ORIENTATION_HORIZONTAL ? 480 : 400;
  *nat = o == GTK_ORIENTATION_HORIZONTAL ? 800 : 640;
}

static void
on_dark_changed (GObject *o, GParamSpec *p, FolFallBoard *self)
{
  update (self);
}

static void
fol_fall_board_dispose (GObject *object)
{
  FolFallBoard *self = FOL_FALL_BOARD (object);
  g_signal_handlers_disconnect_by_data (adw_style_manager_get_default (), self);
  g_clear_pointer (&self->state, g_free);
  g_clear_pointer (&self->names[0], g_free);
  g_clear_pointer (&self->names[1], g_free);
  G_OBJECT_CLASS (fol_fall_board_parent_class)->dispose (object);
}

static void
fol_fall_board_class_init (FolFallBoardClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  object_class->dispose = fol_fall_board_dispose;
  widget_class->snapshot = fol_fall_board_snapshot;
  widget_class->size_allocate = fol_fall_board_size_allocate;
  widget_class->measure = fol_fall_board_measure;

  /**
   * FolFallBoard::move-chosen:
   * @move: (type gpointer): the FallMove chosen, valid during the emission
   * The player chose a move that fall_check_move() accepts on the state shown.
   */
  signals[MOVE_CHOSEN] = g_signal_new ("move-chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                       NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);
  /**
   * FolFallBoard::refused:
   * @reason: why the move is not allowed, translated
   */
  signals[REFUSED] = g_signal_new ("refused", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                   G_TYPE_NONE, 1, G_TYPE_STRING);
  /**
   * FolFallBoard::selection-changed:
   * The tile or token in the pointer, its rotation or the cursor changed.
   */
  signals[SELECTION_CHANGED] = g_signal_new ("selection-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                             NULL, NULL, NULL, G_TYPE_NONE, 0);
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
fol_fall_board_init (FolFallBoard *self)
{
  self->viewer = -1;
  self->acting = -1;
  self->held_tile = -1;
  self->token = -1;
  self->show_legal = TRUE;
  fol_fall_highlights_init (&self->hl);
  self->tr.size = 40;
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_can_focus (GTK_WIDGET (self), TRUE);

  GtkGesture *drag = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), 0);
  g_signal_connect (drag, "drag-begin", G_CALLBACK (on_drag_begin), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (on_drag_update), self);
  g_signal_connect (drag, "drag-end", G_CALLBACK (on_drag_end), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));

  GtkEventController *motion = gtk_event_controller_motion_new ();
  g_signal_connect (motion, "motion", G_CALLBACK (on_motion), self);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);

  GtkEventController *scroll = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_VERTICAL
                                                                | GTK_EVENT_CONTROLLER_SCROLL_DISCRETE);
  g_signal_connect (scroll, "scroll", G_CALLBACK (on_scroll), self);
  gtk_widget_add_controller (GTK_WIDGET (self), scroll);

  GtkGesture *zoom = gtk_gesture_zoom_new ();
  g_signal_connect (zoom, "begin", G_CALLBACK (on_zoom_begin), self);
  g_signal_connect (zoom, "scale-changed", G_CALLBACK (on_zoom_changed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (zoom));

  GtkEventController *keys = gtk_event_controller_key_new ();
  g_signal_connect (keys, "key-pressed", G_CALLBACK (on_key), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);

  g_signal_connect (adw_style_manager_get_default (), "notify::dark", G_CALLBACK (on_dark_changed), self);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  g_signal_connect (self, "query-tooltip", G_CALLBACK (on_query_tooltip), self);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Fall board"),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  _("Keys 1 to 4 take a combination, the arrow keys move between cells, R rotates "
                                    "the tile, Enter places it, Escape lets go, Tab switches tiles, T picks a "
                                    "set-aside token, 0 fits the view."),
                                  -1);
}

GtkWidget *
fol_fall_board_new (void)
{
  return g_object_new (FOL_TYPE_FALL_BOARD, NULL);
}
