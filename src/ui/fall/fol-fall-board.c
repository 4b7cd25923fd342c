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

  /* the view: re-fitted as the ecosystem grows until the person pans or zooms */
  gboolean user_view;           /* the person panned or zoomed since the last fit */
  gboolean view_moving;         /* a re-fit under way, from view_from to view_to */
  FolFallTransform view_from, view_to;
  gint64 view_start;            /* frame time in µs; 0: at the next frame */
  double view_progress;         /* 0 .. 1 */

  /* motion: the pieces coming into place are self->hl.anim */
  gint64 anim_start[FOL_FALL_MAX_ANIM];   /* frame time in µs; 0: at the next frame */
  guint tick_id;

  /* who placed which tile: the words name places by them */
  FolFallPlacements placed;

  /* the accessible description */
  char *last_move_text;
  char *description;
};

/* How long a piece takes to come into place, and the view to re-fit (µs). */
#define PIECE_MOTION_US (200 * 1000)
#define VIEW_MOTION_US (250 * 1000)

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

/* ---- the accessible description ---- */

static const char *
name_of (FolFallBoard *self, int seat, char *buf, gsize size)
{
  if (seat >= 0 && seat < 2 && self->names[seat])
    return self->names[seat];
  g_snprintf (buf, size, _("Player %d"), seat + 1);
  return buf;
}

/* Where the cursor is, for screen readers, named as the game log names
 * places (fol_fall_words_place(), spoken to the viewer), and what lies there. */
static char *
cursor_words (FolFallBoard *self)
{
  const FallState *s = self->state;
  g_autofree char *where = fol_fall_words_place (s, self->cursor, self->viewer, (const char *const *) self->names,
                                                 &self->placed);
  g_autofree char *stack = fol_fall_describe_cell (s, self->cursor.q, self->cursor.r);
  if (stack)
    /* Translators: the board's description for screen readers: where the keyboard cursor is (a place:
     * "on top of the red Fox tile") and the stack there ("Layer 2: red tile; icons: Fox. Token: Fox.") */
    return g_strdup_printf (_("The cursor is %s. %s"), where, stack);
  /* Translators: the board's description for screen readers: where the keyboard cursor is (a place:
   * "next to the starting tile", "between your last tile and the green tile", "away from the ecosystem") */
  return g_strdup_printf (_("The cursor is on an empty cell %s."), where);
}

/* Whether the held tile fits on the cursor cell turned another way. */
static gboolean
fits_turned (FolFallBoard *self)
{
  for (int rot = 0; rot < 6; rot++)
    {
      FallMove m = { .kind = FALL_MOVE_PLACE, .arg = (uint8_t) self->held_tile, .rot = (uint8_t) rot,
                     .q = (int8_t) CLAMP (self->cursor.q, -127, 127), .r = (int8_t) CLAMP (self->cursor.r, -127, 127) };
      if (rot != self->rot && fall_check_move (self->state, &m, NULL))
        return TRUE;
    }
  return FALSE;
}

/* Whether the acting seat holds a token it may place this week. */
static gboolean
holds_placeable_token (FolFallBoard *self)
{
  for (int k = 0; k < FALL_N_TOKEN_KINDS; k++)
    if (self->state->held[self->acting][k] && k != (int) fall_state_blocked_token (self->state))
      return TRUE;
  return FALSE;
}

char *
fol_fall_board_describe_keys (FolFallBoard *self)
{
  g_return_val_if_fail (FOL_IS_FALL_BOARD (self), NULL);
  GString *out = g_string_new (NULL);
  if (can_act (self) && self->state->phase == FALL_PHASE_TAKE)
    g_string_append (out, _("Keys 1 to 4 take a combination."));
  else if (can_act (self) && self->held_tile >= 0)
    {
      g_string_append (out, _("The arrow keys move the tile between cells, R turns it (Shift+R back), Enter places "
                              "it, Escape lets go of it."));
      if (self->state->n_hand_tiles > 1)
        g_string_append_printf (out, " %s", _("Tab takes the other tile."));
    }
  else if (can_act (self) && self->token >= 0)
    g_string_append (out, _("The arrow keys move the token between cells, Enter places it, Escape lets go of it."));
  else if (can_act (self))
    {
      if (self->state->n_hand_tiles > 0)
        g_string_append (out, _("Tab takes the tile in your hand again."));
      else if (holds_placeable_token (self))
        g_string_append (out, _("T picks a set-aside token to place."));
      if (self->hl.n_marks > 0 && self->token < 0 && self->state->n_hand_tiles == 0)
        g_string_append_printf (out, "%s%s", out->len ? " " : "",
                                _("The arrow keys move between cells, Enter claims the marked Mushroom there."));
    }
  if (self->state)
    g_string_append_printf (out, "%s%s", out->len ? " " : "", _("+ and − zoom, 0 fits the view."));
  return g_string_free (out, FALSE);
}

/* What matters now, in words (the accessible description): whose turn, the
 * tile or token in hand, where the cursor is and whether it fits there
 * (and why not), what the last move did; then the keys. */
static char *
describe_now (FolFallBoard *self)
{
  const FallState *s = self->state;
  if (!s)
    /* Translators: the board's description for screen readers while no position is shown (the pass-the-device screen) */
    return g_strdup (_("Nothing is shown."));
  GPtrArray *said = g_ptr_array_new_with_free_func (g_free);
  char buf[32];
  gboolean act = can_act (self);
  if (fall_state_is_over (s))
    g_ptr_array_add (said, g_strdup (_("The game is over.")));
  else if (act && s->phase == FALL_PHASE_TAKE)
    /* Translators: the board's description for screen readers: the week and what to do */
    g_ptr_array_add (said, g_strdup_printf (_("Week %d of 12. Your turn: take a combination with the keys 1 to 4."),
                                            s->week));
  else if (act)
    /* Translators: the board's description for screen readers: the week and whose turn it is */
    g_ptr_array_add (said, g_strdup_printf (_("Week %d of 12. Your turn."), s->week));
  else
    /* Translators: the board's description for screen readers: the week and whose turn it is (a name) */
    g_ptr_array_add (said, g_strdup_printf (_("Week %d of 12. It is %s's turn."), s->week,
                                            name_of (self, fall_state_current_seat (s), buf, sizeof buf)));

  /* the players' cards: the tokens each keeps set aside */
  if (!fall_state_is_over (s))
    for (int p = 0; p < 2; p++)
      g_ptr_array_add (said, fol_fall_held_words (s, p, name_of (self, p, buf, sizeof buf)));

  gboolean acting = act && s->phase == FALL_PHASE_ACT;
  if (acting && self->held_tile >= 0)
    {
      g_autofree char *tile = fol_fall_describe_tile (s->comps, self->held_tile);
      /* Translators: the board's description for screen readers: the tile in hand
       * ("red and green tile; icons: Fox; flowers: Cosmos") and its rotation (1 to 6) */
      g_ptr_array_add (said, g_strdup_printf (_("In hand: %s, turned to position %d of 6."), tile, self->rot + 1));
    }
  else if (acting && self->token >= 0)
    /* Translators: the board's description for screen readers: the token being placed ("a Fox") */
    g_ptr_array_add (said, g_strdup_printf (_("Placing %s."), fol_fall_token_with_article ((FallToken) self->token)));

  if (acting && self->has_cursor)
    {
      g_ptr_array_add (said, cursor_words (self));
      FallMove m = { .q = (int8_t) CLAMP (self->cursor.q, -127, 127), .r = (int8_t) CLAMP (self->cursor.r, -127, 127) };
      const char *reason = NULL;
      const FolFallHighlights *h = &self->hl;
      if (self->held_tile >= 0 && h->ghost_legal && h->ghost_discards >= 0)
        /* Translators: the board's description for screen readers: the tile in hand fits on the cursor's cell,
         * by rule 1 or 2, and stacking it puts the token there ("Fox") back in the box */
        g_ptr_array_add (said, g_strdup_printf (_("It fits there by rule %d; the %s there would go back to the box."),
                                                h->ghost_rule, fol_fall_token_words ((FallToken) h->ghost_discards)));
      else if (self->held_tile >= 0 && h->ghost_legal)
        /* Translators: the board's description for screen readers: the tile in hand fits on the cursor's cell, by rule 1 or 2 */
        g_ptr_array_add (said, g_strdup_printf (_("It fits there by rule %d."), h->ghost_rule));
      else if (self->held_tile >= 0 && fits_turned (self))
        /* Translators: the board's description for screen readers */
        g_ptr_array_add (said, g_strdup (_("It fits there turned another way: R turns it.")));
      else if (self->held_tile >= 0)
        /* Translators: the board's description for screen readers: why the tile in hand
         * does not fit on the cursor's cell (a sentence of the rule check) */
        g_ptr_array_add (said, g_strdup_printf (_("It does not fit there: %s"), fol_fall_reason_words (h->ghost_reason)));
      else if (self->token >= 0)
        {
          m.kind = FALL_MOVE_TOKEN;
          m.arg = (uint8_t) self->token;
          if (fall_check_move (s, &m, &reason))
            /* Translators: the board's description for screen readers: the token being placed may go on the cursor's tile */
            g_ptr_array_add (said, g_strdup (_("It may go there: Enter places it.")));
          else
            /* Translators: the board's description for screen readers: why the token may not go there (a sentence) */
            g_ptr_array_add (said, g_strdup_printf (_("It may not go there: %s"), fol_fall_reason_words (reason)));
        }
      else
        {
          m.kind = FALL_MOVE_CLAIM;
          if (fall_check_move (s, &m, NULL))
            /* Translators: the board's description for screen readers */
            g_ptr_array_add (said, g_strdup (_("Enter claims this Mushroom with one of your markers.")));
        }
    }
  if (self->last_move_text && *self->last_move_text)
    {
      /* the log's lines end without a full stop */
      gsize n = strlen (self->last_move_text);
      gboolean stop = strchr (".!?", self->last_move_text[n - 1]) != NULL;
      /* Translators: the board's description for screen readers: the game log's line of the latest move */
      g_autofree char *last = g_strdup_printf (_("Last move: %s"), self->last_move_text);
      g_ptr_array_add (said, stop ? g_steal_pointer (&last) : g_strconcat (last, ".", NULL));
    }
  g_ptr_array_add (said, fol_fall_board_describe_keys (self));
  g_ptr_array_add (said, NULL);
  char *text = g_strjoinv (" ", (char **) said->pdata);
  g_ptr_array_unref (said);
  return text;
}

/* Keeps the accessible description up to date (only when it changes). */
static void
update_description (FolFallBoard *self)
{
  g_autofree char *text = describe_now (self);
  if (g_strcmp0 (text, self->description) == 0)
    return;
  g_free (self->description);
  self->description = g_steal_pointer (&text);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, self->description, -1);
}

/* ---- motion ---- */

/* Whether things may move: GtkSettings:gtk-enable-animations (GNOME's
 * "reduce animation" turns it off) and the board on screen. */
static gboolean
animations_enabled (FolFallBoard *self)
{
  gboolean on = TRUE;
  g_object_get (gtk_widget_get_settings (GTK_WIDGET (self)), "gtk-enable-animations", &on, NULL);
  return on && gtk_widget_get_mapped (GTK_WIDGET (self));
}

/* Puts everything in place at once. */
static void
finish_motion (FolFallBoard *self)
{
  self->hl.n_anim = 0;
  if (self->view_moving)
    self->tr = self->view_to;
  self->view_moving = FALSE;
  if (self->tick_id)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->tick_id);
  self->tick_id = 0;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static double
ease_out (double p)
{
  p = CLAMP (p, 0, 1);
  return 1 - (1 - p) * (1 - p) * (1 - p);
}

static gboolean
on_tick (GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
  FolFallBoard *self = FOL_FALL_BOARD (widget);
  if (!animations_enabled (self))
    {
      self->tick_id = 0;
      finish_motion (self);
      return G_SOURCE_REMOVE;
    }
  gint64 now = gdk_frame_clock_get_frame_time (clock);
  int n = 0;
  for (int i = 0; i < self->hl.n_anim; i++)
    {
      gint64 start = self->anim_start[i] ? self->anim_start[i] : now;
      double p = (double) (now - start) / PIECE_MOTION_US;
      if (p >= 1)
        continue;
      self->hl.anim[n] = self->hl.anim[i];
      self->hl.anim[n].progress = p;
      self->anim_start[n++] = start;
    }
  self->hl.n_anim = n;
  if (self->view_moving)
    {
      if (!self->view_start)
        self->view_start = now;
      double p = (double) (now - self->view_start) / VIEW_MOTION_US;
      self->view_progress = MIN (p, 1.0);
      if (p >= 1)
        {
          self->tr = self->view_to;
          self->view_moving = FALSE;
        }
      else
        {
          double e = ease_out (p);
          self->tr.ox = self->view_from.ox + (self->view_to.ox - self->view_from.ox) * e;
          self->tr.oy = self->view_from.oy + (self->view_to.oy - self->view_from.oy) * e;
          self->tr.size = self->view_from.size + (self->view_to.size - self->view_from.size) * e;
        }
    }
  gtk_widget_queue_draw (widget);
  if (n == 0 && !self->view_moving)
    {
      self->tick_id = 0;
      return G_SOURCE_REMOVE;
    }
  return G_SOURCE_CONTINUE;
}

static void
ensure_ticking (FolFallBoard *self)
{
  if (!self->tick_id)
    self->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), on_tick, NULL, NULL);
}

/* Adds a piece coming into place (a piece already coming on that cell starts again). */
static void
add_anim (FolFallBoard *self, FolHex cell, FolFallAnimKind kind, int covered_token)
{
  int i = 0;
  while (i < self->hl.n_anim && !(self->hl.anim[i].kind == (int) kind && fol_hex_equal (self->hl.anim[i].cell, cell)))
    i++;
  if (i == FOL_FALL_MAX_ANIM)
    return;
  if (i == self->hl.n_anim)
    self->hl.n_anim++;
  self->hl.anim[i] = (FolFallAnim) { cell, kind, covered_token, 0.0 };
  self->anim_start[i] = 0;
}

/* What changed from @old to @new in the ecosystem, set moving into place:
 * each new top tile, token and marker.  Nothing moves after an undo, a
 * jump (a game opened: more than a few pieces at once), or with the
 * animations off. */
static void
start_motion (FolFallBoard *self, const FallState *old, const FallState *new)
{
  if (!old || !new || !animations_enabled (self) || new->n_moves <= old->n_moves || new->n_moves > old->n_moves + 12)
    return;
  FolFallAnim found[FOL_FALL_MAX_ANIM];
  int n = 0;
  for (int i = 0; i < new->n_cells; i++)
    {
      const FallCell *c = &new->cell[i];
      if (!c->height)
        continue;
      int j = fall_state_find (old, c->q, c->r);
      const FallCell *o = j >= 0 && old->cell[j].height ? &old->cell[j] : NULL;
      int old_height = o ? o->height : 0;
      FolHex cell = { c->q, c->r };
      if (c->height < old_height)
        return;  /* not a later position of the same game */
      FolFallAnim a = { cell, -1, -1, 0 };
      if (c->height > old_height)
        {
          a.kind = FOL_FALL_ANIM_TILE;
          if (o && c->height == old_height + 1 && o->token != FALL_NO_TOKEN)
            a.covered_token = o->token;
        }
      else if (c->token != FALL_NO_TOKEN && (!o || o->token != c->token))
        a.kind = FOL_FALL_ANIM_TOKEN;
      else if (c->token == FALL_MUSHROOM && c->marker >= 0 && o && o->marker < 0)
        a.kind = FOL_FALL_ANIM_MARKER;
      else
        continue;
      if (n == FOL_FALL_MAX_ANIM)
        return;  /* too much at once */
      found[n++] = a;
    }
  for (int i = 0; i < n; i++)
    add_anim (self, found[i].cell, (FolFallAnimKind) found[i].kind, found[i].covered_token);
  if (self->hl.n_anim)
    ensure_ticking (self);
}

/* ---- the view ---- */

/* Moves the view to @to: gliding there when @smooth and animations are on. */
static void
set_view (FolFallBoard *self, const FolFallTransform *to, gboolean smooth)
{
  if (smooth && animations_enabled (self))
    {
      self->view_from = self->tr;
      self->view_to = *to;
      self->view_start = 0;
      self->view_progress = 0;
      self->view_moving = TRUE;
      ensure_ticking (self);
    }
  else
    {
      self->view_moving = FALSE;
      self->tr = *to;
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* The person takes the view over: a re-fit under way stops where it is. */
static void
take_view (FolFallBoard *self)
{
  self->view_moving = FALSE;
  self->user_view = TRUE;
}

/* The room left round the ecosystem, in hexes, when the board re-fits the
 * view by itself: a few more tiles fit before the next re-fit. */
#define REFIT_ROOM 1.0

/* Whether the ecosystem (its tiles and the ring of cells next to them,
 * where one can play) no longer fits inside the view with a small margin:
 * only then does the board re-fit by itself (issue 11: the picture does
 * not jump after every tile). */
static gboolean
needs_fit (FolFallBoard *self)
{
  const FolFallTransform *t = self->view_moving ? &self->view_to : &self->tr;
  const FolFallRect *b = &self->layout.board;
  double hw = t->size * 0.866, hh = t->size, margin = MIN (4.0, t->size * 0.1);
  for (int i = 0; i < self->state->n_cells; i++)
    {
      double x, y;
      fol_fall_transform_cell_center (t, (FolHex) { self->state->cell[i].q, self->state->cell[i].r }, &x, &y);
      if (x - hw < b->x + margin || x + hw > b->x + b->width - margin || y - hh < b->y + margin
          || y + hh > b->y + b->height - margin)
        return TRUE;
    }
  return FALSE;
}

/* Fits the view to the ecosystem when it is due: the first time (tight),
 * and when it no longer fits the view (with room to grow) unless the
 * person has panned or zoomed. */
static void
auto_fit (FolFallBoard *self, gboolean smooth)
{
  if (!self->state || self->alloc_w <= 0 || self->layout.board.width <= 0 || self->layout.board.height <= 0)
    return;
  FolFallTransform fit;
  if (!self->fitted)
    {
      fol_fall_transform_fit (&fit, self->state, &self->layout.board);
      self->fitted = TRUE;
      self->user_view = FALSE;
      set_view (self, &fit, FALSE);
    }
  else if (!self->user_view && needs_fit (self))
    {
      fol_fall_transform_fit_room (&fit, self->state, &self->layout.board, REFIT_ROOM);
      /* at the smallest size there is no better fit: nothing moves */
      const FolFallTransform *t = self->view_moving ? &self->view_to : &self->tr;
      if (fabs (fit.size - t->size) > 1e-3 || fabs (fit.ox - t->ox) > 0.5 || fabs (fit.oy - t->oy) > 0.5)
        set_view (self, &fit, smooth);
    }
}

/* Pans the view so that @cell is inside the ecosystem's area, with a margin
 * (at most half the area, so that the cell never ends beyond the far edge). */
static void
keep_in_view (FolFallBoard *self, FolHex cell)
{
  const FolFallRect *b = &self->layout.board;
  if (b->width <= 0 || b->height <= 0)
    return;
  if (self->view_moving)
    {
      self->tr = self->view_to;
      self->view_moving = FALSE;
    }
  double x, y;
  fol_fall_transform_cell_center (&self->tr, cell, &x, &y);
  double mx = MIN (self->tr.size * 1.2, b->width / 2), my = MIN (self->tr.size * 1.2, b->height / 2);
  if (x < b->x + mx)
    self->tr.ox += b->x + mx - x;
  else if (x > b->x + b->width - mx)
    self->tr.ox -= x - (b->x + b->width - mx);
  if (y < b->y + my)
    self->tr.oy += b->y + my - y;
  else if (y > b->y + b->height - my)
    self->tr.oy -= y - (b->y + b->height - my);
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
  update_description (self);
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

/* Whether placing @m would remove a token: stacking on a tile bearing one
 * (rulebook "Tile Placement Rules", DECISIONS.md "Placement"). */
static gboolean
removes_token (const FallState *s, const FallMove *m)
{
  int idx = fall_state_find (s, m->q, m->r);
  return idx >= 0 && s->cell[idx].height > 0 && s->cell[idx].token != FALL_NO_TOKEN;
}

/* Puts the held tile's cursor where it starts: the legal cell nearest the
 * cursor (the last cell played), else the starting tile, that removes no
 * token; one that stacks on a token only when nothing else is legal.  The
 * current rotation is kept where it fits. */
static void
start_held_tile (FolFallBoard *self)
{
  FallMove *list = g_new (FallMove, FALL_MAX_MOVES);
  int n = fall_legal_placements (self->state, self->held_tile, list);
  FolHex from = self->has_cursor ? self->cursor : (FolHex) { 0, 0 };
  int best = -1, best_cost = G_MAXINT;
  for (int i = 0; i < n; i++)
    {
      int cost = (removes_token (self->state, &list[i]) ? 100000 : 0)
                 + 2 * fol_hex_distance (from, (FolHex) { list[i].q, list[i].r }) + (list[i].rot != self->rot);
      if (cost < best_cost)
        {
          best = i;
          best_cost = cost;
        }
    }
  if (best >= 0)
    {
      self->cursor = (FolHex) { list[best].q, list[best].r };
      self->rot = list[best].rot;
      self->has_cursor = TRUE;
    }
  g_free (list);
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
      /* a tile just taken starts on a cell where it fits, removing no token if it can */
      start_held_tile (self);
    }
  else if (self->held_tile >= 0 && !self->has_cursor)
    start_held_tile (self);
}

void
fol_fall_board_set_state (FolFallBoard *self, const FallState *state, int viewer, int acting)
{
  g_return_if_fail (FOL_IS_FALL_BOARD (self));
  g_autofree FallState *old = self->state && state ? g_memdup2 (self->state, sizeof *self->state) : NULL;
  if (!state)
    {
      g_clear_pointer (&self->state, g_free);
      finish_motion (self);
    }
  else
    {
      if (!self->state)
        self->state = g_new0 (FallState, 1);
      fall_state_copy (self->state, state);
      start_motion (self, old, self->state);
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
  auto_fit (self, TRUE);
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

const FolHex *
fol_fall_board_get_last_cells (FolFallBoard *self, int *n)
{
  g_return_val_if_fail (FOL_IS_FALL_BOARD (self), NULL);
  *n = self->hl.n_last;
  return self->hl.last_cells;
}

void
fol_fall_board_set_last_move_text (FolFallBoard *self, const char *text)
{
  g_return_if_fail (FOL_IS_FALL_BOARD (self));
  if (g_strcmp0 (text, self->last_move_text) == 0)
    return;
  g_free (self->last_move_text);
  self->last_move_text = g_strdup (text);
  update_description (self);
}

void
fol_fall_board_set_placements (FolFallBoard *self, const FolFallPlacements *placed)
{
  g_return_if_fail (FOL_IS_FALL_BOARD (self));
  if (placed)
    self->placed = *placed;
  else
    fol_fall_placements_init (&self->placed);
  update_description (self);
}

const char *
fol_fall_board_get_description (FolFallBoard *self)
{
  g_return_val_if_fail (FOL_IS_FALL_BOARD (self), NULL);
  return self->description;
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
  self->user_view = FALSE;
  if (!self->state || self->alloc_w <= 0)
    return;
  FolFallTransform fit;
  fol_fall_transform_fit (&fit, self->state, &self->layout.board);
  self->fitted = TRUE;
  set_view (self, &fit, FALSE);
}

gboolean
fol_fall_board_get_auto_fit (FolFallBoard *self)
{
  g_return_val_if_fail (FOL_IS_FALL_BOARD (self), FALSE);
  return !self->user_view;
}

double
fol_fall_board_get_motion (FolFallBoard *self)
{
  g_return_val_if_fail (FOL_IS_FALL_BOARD (self), 1.0);
  double p = 1.0;
  for (int i = 0; i < self->hl.n_anim; i++)
    p = MIN (p, self->hl.anim[i].progress);
  if (self->view_moving)
    p = MIN (p, self->view_progress);
  return p;
}

void
fol_fall_board_zoom (FolFallBoard *self, double factor)
{
  g_return_if_fail (FOL_IS_FALL_BOARD (self));
  const FolFallRect *b = &self->layout.board;
  take_view (self);
  fol_fall_transform_zoom (&self->tr, factor, b->x + b->width / 2, b->y + b->height / 2);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
fol_fall_board_pan (FolFallBoard *self, double dx, double dy)
{
  g_return_if_fail (FOL_IS_FALL_BOARD (self));
  take_view (self);
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

/* The tile nearest the cursor (else the starting tile) where @token may
 * be placed now, in *@cell; FALSE when none may take it. */
static gboolean
token_target (FolFallBoard *self, int token, FolHex *cell)
{
  g_autofree FallMoveList *list = g_new (FallMoveList, 1);
  fall_legal_moves (self->state, list);
  FolHex from = self->has_cursor ? self->cursor : (FolHex) { 0, 0 };
  int best_d = G_MAXINT;
  for (int i = 0; i < list->n; i++)
    {
      const FallMove *m = &list->m[i];
      int d = fol_hex_distance (from, (FolHex) { m->q, m->r });
      if (m->kind == FALL_MOVE_TOKEN && m->arg == token && d < best_d)
        {
          *cell = (FolHex) { m->q, m->r };
          best_d = d;
        }
    }
  return best_d < G_MAXINT;
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
  /* the cursor on the nearest tile that takes it; none: the token stays
   * aside, and the person is told */
  FolHex cell;
  if (!token_target (self, token, &cell))
    {
      g_signal_emit (self, signals[REFUSED], 0, fol_fall_reason_words ("no free tile shows that token's icon"));
      return FALSE;
    }
  self->token = token;
  self->held_tile = -1;
  self->cursor = cell;
  self->has_cursor = TRUE;
  keep_in_view (self, self->cursor);
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
  /* a cell far out of the ecosystem: no further (a move's cell is a small number) */
  self->cursor.q = CLAMP (self->cursor.q, -100, 100);
  self->cursor.r = CLAMP (self->cursor.r, -100, 100);
  /* keep the cursor in sight: the view follows it past any edge */
  keep_in_view (self, self->cursor);
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
  take_view (self);
  fol_fall_transform_zoom (&self->tr, dy < 0 ? 1.15 : dy > 0 ? 1 / 1.15 : 1, x, y);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  return TRUE;
}

static void
on_zoom_begin (GtkGesture *g, GdkEventSequence *seq, FolFallBoard *self)
{
  take_view (self);
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
        /* the next set-aside token that may be placed now (keyboard users'
         * click on a token), the cursor on the nearest tile that takes it */
        if (!can_act (self) || self->state->phase != FALL_PHASE_ACT)
          return FALSE;
        gboolean held = FALSE;
        for (int i = 1; i <= FALL_N_TOKEN_KINDS; i++)
          {
            int k = ((self->token < 0 ? -1 : self->token) + i + FALL_N_TOKEN_KINDS) % FALL_N_TOKEN_KINDS;
            FolHex cell;
            if (!self->state->held[self->acting][k])
              continue;
            held = TRUE;
            if (k != (int) fall_state_blocked_token (self->state) && token_target (self, k, &cell))
              return fol_fall_board_select_token (self, k);
          }
        if (held)
          g_signal_emit (self, signals[REFUSED], 0, fol_fall_reason_words ("no free tile shows that token's icon"));
        return held;
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
    case GDK_KEY_Home:
    case GDK_KEY_KP_Home:
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
      double dx = (self->layout.board.x + self->layout.board.width / 2) - (old.x + old.width / 2);
      double dy = (self->layout.board.y + self->layout.board.height / 2) - (old.y + old.height / 2);
      FolFallTransform *moved[] = { &self->tr, &self->view_from, &self->view_to };
      for (guint i = 0; i < G_N_ELEMENTS (moved); i++)
        {
          moved[i]->ox += dx;
          moved[i]->oy += dy;
        }
    }
  else
    fol_fall_layout_compute (&self->layout, width, height, self->viewer);
  self->alloc_w = width;
  self->alloc_h = height;
  /* the first fit, or a re-fit when the ecosystem no longer fits the new size */
  auto_fit (self, FALSE);
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
fol_fall_board_unmap (GtkWidget *widget)
{
  finish_motion (FOL_FALL_BOARD (widget));
  GTK_WIDGET_CLASS (fol_fall_board_parent_class)->unmap (widget);
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
  if (self->tick_id)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->tick_id);
  self->tick_id = 0;
  g_clear_pointer (&self->state, g_free);
  g_clear_pointer (&self->last_move_text, g_free);
  g_clear_pointer (&self->description, g_free);
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
  widget_class->unmap = fol_fall_board_unmap;

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
  /* Translators: the accessible name of the Fall board (the ecosystem of Leaf tiles, with the offer and the players' panels) */
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Ecosystem"), -1);
  update_description (self);
}

GtkWidget *
fol_fall_board_new (void)
{
  return g_object_new (FOL_TYPE_FALL_BOARD, NULL);
}
