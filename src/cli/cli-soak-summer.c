/* cli-soak-summer.c: what the soak checks of Indian Summer (cli-soak.h),
 * over the match adapter fol_match_summer. */
#include "config.h"

#include <string.h>

#include "cli-soak.h"
#include "summer-notation.h"
#include "summer-state.h"

/* Moves outside the list tried in each position (summer_state_check_move_list()
 * already tries every Alternative Main Action and forgo). */
#define TRIED_MOVES 4

/* Random sides; a solo game is a single one or one of the three games of a
 * campaign (DECISIONS: Solo and the campaign), each a quarter of the time. */
static gboolean
summer_soak_new_game (void *state, uint64_t seed, int n_players, FolRng *rng, GError **error)
{
  SummerSetup setup;
  summer_setup_init (&setup, n_players, seed);
  if (n_players == 1)
    setup.campaign_game = (int8_t) ((int) fol_rng_below (rng, 4) - 1);
  return summer_state_new_game (&setup, state, error);
}

static const char *
summer_soak_kind (const void *state)
{
  static const char *const players[] = { NULL, "solo", "2 players", "3 players", "4 players" };
  const SummerState *s = state;
  if (s->n_players == 1 && s->setup.campaign_game >= 0)
    return "solo campaign";
  return s->n_players <= SUMMER_MAX_PLAYERS ? players[s->n_players] : "?";
}

/* The state hash after @m in @s, or 0 when @m is refused. */
static uint64_t
hash_after (const SummerState *s, const SummerMove *m)
{
  SummerState t = *s;
  return summer_apply_move (&t, m, NULL, NULL) ? summer_state_hash (&t) : 0;
}

/* A placement near the legal ones: a listed Leaf or Animal placement with
 * another transform, a listed Squirrel on another square, or a tile of the
 * Path anywhere. */
static SummerMove
nearby_move (const SummerState *s, const SummerMoveList *l, FolRng *rng)
{
  SummerMove m = { SUMMER_MOVE_LEAF, 0, 0, 0, 0, 0 };
  const SummerSeat *seat = &s->seat[s->current];
  if (l->n && fol_rng_below (rng, 2))
    {
      m = l->moves[fol_rng_below (rng, (uint32_t) l->n)];
      if (m.kind == SUMMER_MOVE_LEAF || m.kind == SUMMER_MOVE_ANIMAL)
        {
          m.transform = (uint8_t) fol_rng_below (rng, 8);
          return m;
        }
      if (m.kind == SUMMER_MOVE_SQUIRREL || m.kind == SUMMER_MOVE_NUT)
        {
          m.square = (uint8_t) fol_rng_below (rng, SUMMER_SQUARES);
          return m;
        }
      m = (SummerMove) { SUMMER_MOVE_LEAF, 0, 0, 0, 0, 0 };
    }
  m.tile = seat->path_len ? seat->path[fol_rng_below (rng, seat->path_len)]
                          : (uint8_t) fol_rng_below (rng, SUMMER_N_LEAF_TILES);
  m.transform = (uint8_t) fol_rng_below (rng, 8);
  m.square = (uint8_t) fol_rng_below (rng, SUMMER_SQUARES);
  return m;
}

/* A placement the check accepts is listed: as itself, or as the same
 * orientation under another transform code (the list has each picture
 * once), which gives the same position. */
static char *
check_tried_moves (const SummerState *s, FolRng *rng)
{
  SummerMoveList l;
  summer_legal_moves (s, &l);
  char *problem = NULL;
  for (int i = 0; i < TRIED_MOVES && !problem; i++)
    {
      SummerMove m = nearby_move (s, &l, rng);
      if (!summer_check_move (s, &m, NULL))
        continue;
      uint64_t want = hash_after (s, &m);
      bool found = false;
      for (int k = 0; k < l.n && !found; k++)
        {
          const SummerMove *x = &l.moves[k];
          found = x->kind == m.kind && x->tile == m.tile && x->square == m.square && hash_after (s, x) == want;
        }
      if (!found)
        {
          g_autofree char *t = summer_move_format (s, &m);
          problem = g_strdup_printf ("%s is accepted but missing from the legal-move list", t);
        }
    }
  summer_move_list_clear (&l);
  return problem;
}

static char *
summer_soak_check_position (const void *state, FolRng *rng)
{
  const SummerState *s = state;
  char *problem = summer_state_check_invariants (s);
  if (problem || summer_is_over (s))
    return problem;
  problem = summer_state_check_move_list (s);
  return problem ? problem : check_tried_moves (s, rng);
}

static char *
summer_soak_check_move_text (const void *before, const void *move, const char *text, const void *after)
{
  (void) move;
  SummerMove parsed;
  g_autoptr (GError) error = NULL;
  if (!summer_move_parse (before, text, &parsed, &error))
    return g_strdup_printf ("its text does not parse: %s", error->message);
  g_autofree char *again = summer_move_format (before, &parsed);
  if (strcmp (again, text) != 0)
    return g_strdup_printf ("its text parses to a move written '%s'", again);
  if (hash_after (before, &parsed) != summer_state_hash (after))
    return g_strdup ("its text parses to another move");
  return NULL;
}

static char *
summer_soak_check_record (const void *final, uint64_t seed, GPtrArray *texts, GArray *moves)
{
  (void) seed;
  (void) moves;
  const SummerState *s = final;
  g_autofree char *text = summer_record_format (&s->setup, texts);
  SummerRecord record;
  g_autoptr (GError) error = NULL;
  if (!summer_record_parse (text, &record, &error))
    return g_strdup_printf ("the game record does not parse: %s", error->message);
  g_autofree char *again = summer_record_format (&record.setup, record.moves);
  char *problem = NULL;
  SummerState replayed;
  int applied = 0;
  if (strcmp (again, text) != 0)
    problem = g_strdup ("the game record parses to a record written differently");
  else if (!summer_record_replay (&record, &replayed, &applied, &error))
    problem = g_strdup_printf ("the game record does not replay: %s", error->message);
  else if (applied != (int) texts->len)
    problem = g_strdup_printf ("the game record replays %d of %u moves", applied, texts->len);
  else if (summer_state_hash (&replayed) != summer_state_hash (s))
    problem = g_strdup ("the game record replays to another state hash");
  summer_record_clear (&record);
  return problem;
}

const FolSoakGame fol_soak_summer = {
  .match = &fol_match_summer,
  .new_game = summer_soak_new_game,
  .kind = summer_soak_kind,
  .check_position = summer_soak_check_position,
  .check_move_text = summer_soak_check_move_text,
  .check_record = summer_soak_check_record,
};
