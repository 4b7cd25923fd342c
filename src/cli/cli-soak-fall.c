/* cli-soak-fall.c: what the soak checks of Fall (cli-soak.h), over the
 * match adapter fol_match_fall (whose state starts with its FallState). */
#include "config.h"

#include <string.h>

#include "cli-soak.h"
#include "fall-notation.h"
#include "fall-state.h"

/* Moves outside the list tried in each position, drawn near the legal ones. */
#define TRIED_MOVES 24

/* The set-up of fol_match_fall: the Season board side and the first player
 * drawn from @seed (fall_state_init()), so both sides are played. */
static gboolean
fall_soak_new_game (void *state, uint64_t seed, int n_players, FolRng *rng, GError **error)
{
  (void) rng;
  return fol_match_fall.new_deal (state, seed, n_players, error);
}

static const char *
fall_soak_kind (const void *state)
{
  return ((const FallState *) state)->side ? "side B" : "side A";
}

static bool
listed (const FallMoveList *list, const FallMove *m)
{
  for (int i = 0; i < list->n; i++)
    if (fall_move_equal (&list->m[i], m))
      return true;
  return false;
}

/* A move of any kind near the legal ones: an offer slot (or one past), a
 * tile in hand (or any) on a cell of the ecosystem in any rotation, any
 * token on any cell, a claim of any cell, tokens put back. */
static FallMove
nearby_move (const FallState *s, FolRng *rng)
{
  FallMove m = { 0 };
  const FallCell *c = &s->cell[fol_rng_below (rng, MAX (s->n_cells, 1))];
  int hand = s->n_hand_tiles ? s->hand_tile[fol_rng_below (rng, s->n_hand_tiles)] : FALL_NONE;
  m.kind = (uint8_t) fol_rng_below (rng, FALL_MOVE_END + 1);
  switch (m.kind)
    {
    case FALL_MOVE_TAKE:
      m.arg = (uint8_t) fol_rng_below (rng, FALL_OFFER + 1);
      break;
    case FALL_MOVE_PLACE:
    case FALL_MOVE_DISCARD_TILE:
      m.arg = (uint8_t) (hand != FALL_NONE && fol_rng_below (rng, 4) ? (uint32_t) hand : fol_rng_below (rng, FALL_N_LEAF_TILES));
      m.rot = (uint8_t) fol_rng_below (rng, 6);
      break;
    case FALL_MOVE_TOKEN:
      m.arg = (uint8_t) fol_rng_below (rng, FALL_N_TOKEN_KINDS);
      break;
    case FALL_MOVE_END:
      for (int k = 0; k < 4; k++)
        m.discard[k] = (uint8_t) fol_rng_below (rng, 3);
      break;
    default:
      break;
    }
  m.q = c->q;
  m.r = c->r;
  return m;
}

/* Every listed move passes fall_check_move(), and a move tried outside the
 * list is refused by it (it: "exactly the moves fall_legal_moves() lists
 * are legal"). */
static char *
check_move_list (const FallState *s, FolRng *rng)
{
  g_autofree FallMoveList *list = g_new (FallMoveList, 1);
  fall_legal_moves (s, list);
  char buf[64];
  const char *reason = NULL;
  if (list->n == 0)
    return g_strdup ("no legal move in a game not over");
  for (int i = 0; i < list->n; i++)
    if (!fall_check_move (s, &list->m[i], &reason))
      return g_strdup_printf ("the legal move %s is refused: %s", fall_move_format (s, &list->m[i], buf, sizeof buf),
                              reason ? reason : "no reason");
  for (int i = 0; i < TRIED_MOVES; i++)
    {
      FallMove m = nearby_move (s, rng);
      bool ok = fall_check_move (s, &m, NULL);
      if (ok != listed (list, &m))
        return g_strdup_printf ("%s is %s but %s the legal-move list", fall_move_format (s, &m, buf, sizeof buf),
                                ok ? "accepted" : "refused", ok ? "missing from" : "in");
    }
  return NULL;
}

static char *
fall_soak_check_position (const void *state, FolRng *rng)
{
  const FallState *s = state;
  char *problem = fall_state_check_invariants (s);
  if (problem || fall_state_is_over (s))
    return problem;
  /* the view the computer player is handed */
  int seat = fall_state_current_seat (s);
  g_autofree FallState *view = g_new (FallState, 1);
  fall_state_view (s, seat, view);
  g_autofree char *in_view = fall_state_check_invariants (view);
  if (in_view)
    return g_strdup_printf ("in the view of seat %d: %s", seat + 1, in_view);
  return check_move_list (s, rng);
}

static char *
fall_soak_check_move_text (const void *before, const void *move, const char *text, const void *after)
{
  (void) after;
  const FallState *s = before;
  FallMove parsed;
  g_autoptr (GError) error = NULL;
  if (!fall_move_parse (s->comps, text, &parsed, &error))
    return g_strdup_printf ("its text does not parse: %s", error->message);
  char buf[64];
  if (strcmp (fall_move_format (s, &parsed, buf, sizeof buf), text) != 0)
    return g_strdup_printf ("its text parses to a move written '%s'", buf);
  if (!fall_move_equal (&parsed, move))
    return g_strdup ("its text parses to another move");
  return NULL;
}

static char *
fall_soak_check_record (const void *final, uint64_t seed, GPtrArray *texts, GArray *moves)
{
  (void) texts;
  const FallState *s = final;
  g_autofree char *text = fall_record_format (seed, NULL, s, (const FallMove *) moves->data, (int) moves->len);
  g_autofree FallState *replayed = g_new (FallState, 1);
  g_autoptr (GArray) read = NULL;
  g_autoptr (GError) error = NULL;
  if (!fall_replay (s->comps, text, replayed, &read, &error))
    return g_strdup_printf ("the game record does not replay: %s", error->message);
  if (read->len != moves->len)
    return g_strdup_printf ("the game record reads %u of %u moves", read->len, moves->len);
  if (fall_state_hash (replayed) != fall_state_hash (s))
    return g_strdup ("the game record replays to another state hash");
  g_autofree char *again = fall_record_format (seed, NULL, replayed, (const FallMove *) read->data, (int) read->len);
  if (strcmp (again, text) != 0)
    return g_strdup ("the game record parses to a record written differently");
  return NULL;
}

const FolSoakGame fol_soak_fall = {
  .match = &fol_match_fall,
  .new_game = fall_soak_new_game,
  .kind = fall_soak_kind,
  .check_position = fall_soak_check_position,
  .check_move_text = fall_soak_check_move_text,
  .check_record = fall_soak_check_record,
};
