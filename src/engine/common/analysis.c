/* analysis.c: the analysis of a finished game, the game-independent part
 * (analysis.h): the run over a game's turns, Expert's turn, the paired
 * rollouts and their statistics. */
#include "analysis.h"

#include <math.h>
#include <string.h>

G_DEFINE_QUARK (fol-analysis-error-quark, fol_analysis_error)

/* ---- the result ---- */

void
fol_analysis_turn_clear (FolAnalysisTurn *turn)
{
  g_clear_pointer (&turn->played, g_strfreev);
  g_clear_pointer (&turn->suggested, g_strfreev);
}

static void
turn_clear_func (gpointer p)
{
  fol_analysis_turn_clear (p);
}

FolGameAnalysis *
fol_game_analysis_new (const char *kind, uint64_t seed, const FolAnalysisEffort *effort)
{
  g_return_val_if_fail (kind != NULL && effort != NULL, NULL);
  FolGameAnalysis *a = g_new0 (FolGameAnalysis, 1);
  a->kind = g_strdup (kind);
  a->method = FOL_ANALYSIS_METHOD;
  a->seed = seed;
  a->effort = *effort;
  a->turns = g_array_new (FALSE, TRUE, sizeof (FolAnalysisTurn));
  g_array_set_clear_func (a->turns, turn_clear_func);
  return a;
}

FolGameAnalysis *
fol_game_analysis_copy (const FolGameAnalysis *analysis)
{
  g_return_val_if_fail (analysis != NULL, NULL);
  FolGameAnalysis *a = fol_game_analysis_new (analysis->kind, analysis->seed, &analysis->effort);
  a->method = analysis->method;
  for (guint i = 0; i < analysis->turns->len; i++)
    {
      FolAnalysisTurn t = g_array_index (analysis->turns, FolAnalysisTurn, i);
      t.played = g_strdupv (t.played);
      t.suggested = g_strdupv (t.suggested);
      g_array_append_val (a->turns, t);
    }
  return a;
}

void
fol_game_analysis_free (FolGameAnalysis *analysis)
{
  if (!analysis)
    return;
  g_free (analysis->kind);
  g_array_unref (analysis->turns);
  g_free (analysis);
}

void
fol_game_analysis_add_turn (FolGameAnalysis *analysis, FolAnalysisTurn *turn)
{
  g_return_if_fail (analysis != NULL && turn != NULL);
  g_array_append_val (analysis->turns, *turn);
  memset (turn, 0, sizeof *turn);
}

const FolAnalysisTurn *
fol_game_analysis_get_turn (const FolGameAnalysis *analysis, guint i)
{
  g_return_val_if_fail (analysis != NULL && i < analysis->turns->len, NULL);
  return &g_array_index (analysis->turns, FolAnalysisTurn, i);
}

double
fol_game_analysis_total_loss (const FolGameAnalysis *analysis, int seat, int *n_turns)
{
  double sum = 0;
  int n = 0;
  for (guint i = 0; i < analysis->turns->len; i++)
    {
      const FolAnalysisTurn *t = fol_game_analysis_get_turn (analysis, i);
      if (seat >= 0 && t->seat != seat)
        continue;
      sum += t->loss;
      n++;
    }
  if (n_turns)
    *n_turns = n;
  return sum;
}

int
fol_game_analysis_worst_turns (const FolGameAnalysis *analysis, int seat, int max, guint *out)
{
  int n = 0;
  for (guint i = 0; i < analysis->turns->len; i++)
    {
      const FolAnalysisTurn *t = fol_game_analysis_get_turn (analysis, i);
      if ((seat >= 0 && t->seat != seat) || !(t->loss > 0))
        continue;
      /* insertion into the best @max so far, largest loss first, ties in game order */
      int at = n;
      while (at > 0 && fol_game_analysis_get_turn (analysis, out[at - 1])->loss < t->loss)
        at--;
      if (at >= max)
        continue;
      if (n == max)
        n--;
      memmove (&out[at + 1], &out[at], (size_t) (n - at) * sizeof *out);
      out[at] = i;
      n++;
    }
  return n;
}

double
fol_analysis_summer_rank_score (bool full, int nuts, int berry, int empty)
{
  return full ? nuts + 0.5 * berry : -(double) empty;
}

/* ---- one turn ---- */

/* A seed for turn @turn's stream @k (0: Expert's generator; k + 1: rollout k). */
static uint64_t
derive_seed (uint64_t seed, int turn, int k)
{
  uint64_t x = seed ^ ((uint64_t) turn * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15))
               ^ ((uint64_t) k * G_GUINT64_CONSTANT (0xD1B54A32D192ED03));
  return fol_splitmix64 (&x);
}

static bool
stopped (const FolAnalysisRun *run, GError **error)
{
  if (run->stop && run->stop (run->stop_data))
    {
      g_set_error_literal (error, FOL_ANALYSIS_ERROR, FOL_ANALYSIS_ERROR_STOPPED, "the analysis was stopped");
      return true;
    }
  return false;
}

/* Plays Expert's turn on @state (the turn's start), its moves into @texts. */
static gboolean
expert_turn (const FolAnalysisGame *game, void *state, int turn, const FolAnalysisRun *run, GPtrArray *texts,
             GError **error)
{
  FolRng rng;
  fol_rng_seed (&rng, derive_seed (run->seed, turn, 0));
  for (int i = 0; i < FOL_ANALYSIS_MAX_TURN_MOVES; i++)
    {
      FolAiSearch search = {
        .stop = run->stop,
        .stop_data = run->stop_data,
        .effort_percent = run->effort.expert_percent,
      };
      bool ended = false;
      char *text = game->expert_move (state, &rng, &search, &ended);
      if (stopped (run, error))
        {
          g_free (text);
          return FALSE;
        }
      if (!text)
        {
          g_set_error (error, FOL_ANALYSIS_ERROR, FOL_ANALYSIS_ERROR_FAILED,
                       "turn %d: the Expert level found no move", turn);
          return FALSE;
        }
      g_ptr_array_add (texts, text);
      if (ended)
        return TRUE;
    }
  g_set_error (error, FOL_ANALYSIS_ERROR, FOL_ANALYSIS_ERROR_FAILED,
               "turn %d: the Expert level did not end its turn within %d moves", turn, FOL_ANALYSIS_MAX_TURN_MOVES);
  return FALSE;
}

/* Plays the turn @played on @state: every move legal, the last one (only)
 * ending the turn. */
static gboolean
played_turn (const FolAnalysisGame *game, void *state, int turn, const char *const *played, GError **error)
{
  int n = played ? (int) g_strv_length ((char **) played) : 0;
  for (int i = 0; i < n; i++)
    {
      bool ended = false;
      g_autoptr (GError) local = NULL;
      if (!game->apply_text (state, played[i], NULL, &ended, &local))
        {
          g_set_error (error, FOL_ANALYSIS_ERROR, FOL_ANALYSIS_ERROR_INVALID, "turn %d, move %d: %s", turn, i + 1,
                       local->message);
          return FALSE;
        }
      if (ended != (i == n - 1))
        {
          g_set_error (error, FOL_ANALYSIS_ERROR, FOL_ANALYSIS_ERROR_INVALID,
                       ended ? "turn %d: move %d ends the turn before its last move"
                             : "turn %d: its last move (%d) does not end the turn", turn, i + 1);
          return FALSE;
        }
    }
  if (n == 0)
    {
      g_set_error (error, FOL_ANALYSIS_ERROR, FOL_ANALYSIS_ERROR_INVALID, "turn %d has no move", turn);
      return FALSE;
    }
  return TRUE;
}

gboolean
fol_analysis_parse_turn (const FolAnalysisGame *game, const void *start, const char *const *texts, void *moves,
                         int max, int *n_moves, void *end, GError **error)
{
  g_return_val_if_fail (game != NULL && start != NULL && texts != NULL && n_moves != NULL, FALSE);
  g_autofree void *s = g_malloc (game->state_size);
  game->copy (s, start);
  int n = 0;
  for (; texts[n]; n++)
    {
      if (n >= max)
        {
          g_set_error (error, FOL_ANALYSIS_ERROR, FOL_ANALYSIS_ERROR_INVALID, "the turn has more than %d moves", max);
          return FALSE;
        }
      bool ended = false;
      GError *local = NULL;
      if (!game->apply_text (s, texts[n], (char *) moves + (size_t) n * game->move_size, &ended, &local))
        {
          g_propagate_prefixed_error (error, local, "move %d of the turn: ", n + 1);
          return FALSE;
        }
    }
  *n_moves = n;
  if (end)
    game->copy (end, s);
  return TRUE;
}

static gboolean
same_moves (const char *const *a, GPtrArray *b)
{
  guint n = g_strv_length ((char **) a);
  if (n != b->len)
    return FALSE;
  for (guint i = 0; i < n; i++)
    if (strcmp (a[i], g_ptr_array_index (b, i)) != 0)
      return FALSE;
  return TRUE;
}

gboolean
fol_analyse_turn (const FolAnalysisGame *game, const void *start, const char *const *played,
                  const FolAnalysisRun *run, FolAnalysisTurn *out, GError **error)
{
  g_return_val_if_fail (game != NULL && start != NULL && run != NULL && out != NULL, FALSE);
  memset (out, 0, sizeof *out);
  const int turn = game->turn_number (start);
  const int seat = game->current_seat (start);
  g_autofree void *after_played = g_malloc (game->state_size);
  g_autofree void *after_expert = g_malloc (game->state_size);
  game->copy (after_played, start);
  if (!played_turn (game, after_played, turn, played, error))
    return FALSE;
  g_autoptr (GPtrArray) suggested = g_ptr_array_new_with_free_func (g_free);
  game->copy (after_expert, start);
  if (!expert_turn (game, after_expert, turn, run, suggested, error))
    return FALSE;

  /* the same turn reaches the same position: the rollouts would be equal */
  gboolean same = same_moves (played, suggested);
  int k_max = MAX (run->effort.rollouts, 2);
  double sum_a = 0, sum_b = 0, sum_d = 0, sum_dd = 0;
  for (int k = 0; k < k_max; k++)
    {
      if (stopped (run, error))
        return FALSE;
      uint64_t seed = derive_seed (run->seed, turn, k + 1);
      double a = game->rollout (after_played, seat, seed);
      double b = same ? a : game->rollout (after_expert, seat, seed);
      sum_a += a;
      sum_b += b;
      sum_d += b - a;
      sum_dd += (b - a) * (b - a);
    }
  double mean_d = sum_d / k_max;
  double var = (sum_dd - k_max * mean_d * mean_d) / (k_max - 1);
  out->turn = turn;
  out->seat = seat;
  out->played = g_strdupv ((char **) played);
  g_ptr_array_add (suggested, NULL);
  out->suggested = (char **) g_ptr_array_free (g_steal_pointer (&suggested), FALSE);
  out->value_played = sum_a / k_max;
  out->value_suggested = sum_b / k_max;
  out->loss = same ? 0 : mean_d;
  out->std_error = same || var <= 0 ? 0 : sqrt (var / k_max);
  return TRUE;
}

/* ---- the whole game ---- */

typedef struct {
  int first_ply;
  int last_ply;
  void *start;
  GPtrArray *moves;     /* the turn's texts, NULL-terminated */
  bool choice;          /* one of its moves had another legal move beside it */
} PendingTurn;

static void
pending_turn_clear (gpointer p)
{
  PendingTurn *t = p;
  g_free (t->start);
  g_clear_pointer (&t->moves, g_ptr_array_unref);
}

/* Replays the game, keeping the start and the moves of every complete
 * turn of the seats in @seats. */
static GArray *
collect_turns (const FolAnalysisGame *game, const void *initial, const char *const *moves, int n_moves,
               const FolAnalysisRun *run, GError **error)
{
  const uint32_t seats = run->seats;
  g_autoptr (GArray) turns = g_array_new (FALSE, TRUE, sizeof (PendingTurn));
  g_array_set_clear_func (turns, pending_turn_clear);
  g_autofree void *cur = g_malloc (game->state_size);
  game->copy (cur, initial);
  PendingTurn open = { 0 };
  for (int i = 0; i < n_moves; i++)
    {
      if (!open.moves && (seats & (1u << game->current_seat (cur))))
        {
          open.first_ply = i + 1;
          open.start = g_malloc (game->state_size);
          game->copy (open.start, cur);
          open.moves = g_ptr_array_new_with_free_func (g_free);
        }
      bool ended = false;
      g_autoptr (GError) local = NULL;
      if (open.moves && !open.choice)
        open.choice = game->has_choice (cur);
      if (!game->apply_text (cur, moves[i], NULL, &ended, &local))
        {
          g_autofree char *quote = g_strndup (moves[i], 40);
          g_set_error (error, FOL_ANALYSIS_ERROR, FOL_ANALYSIS_ERROR_INVALID, "move %d ('%s') cannot be replayed: %s",
                       i + 1, quote, local->message);
          pending_turn_clear (&open);
          return NULL;
        }
      if (open.moves)
        g_ptr_array_add (open.moves, g_strdup (moves[i]));
      if (ended && open.moves && !open.choice)
        {
          /* every move forced: nothing to analyse */
          pending_turn_clear (&open);
          memset (&open, 0, sizeof open);
        }
      else if (ended && open.moves)
        {
          open.last_ply = i + 1;
          g_ptr_array_add (open.moves, NULL);
          g_array_append_val (turns, open);
          memset (&open, 0, sizeof open);
        }
      else if (ended)
        memset (&open, 0, sizeof open);
    }
  pending_turn_clear (&open);     /* a turn not ended is not analysed */
  if (run->check_hash && game->hash (cur) != run->final_hash)
    {
      g_set_error (error, FOL_ANALYSIS_ERROR, FOL_ANALYSIS_ERROR_INVALID,
                   "the game does not replay to its state hash (%016" G_GINT64_MODIFIER "x, replayed %016"
                   G_GINT64_MODIFIER "x)", run->final_hash, game->hash (cur));
      return NULL;
    }
  return g_steal_pointer (&turns);
}

FolGameAnalysis *
fol_analyse_game (const FolAnalysisGame *game, const void *initial, const char *const *moves, int n_moves,
                  const FolAnalysisRun *run, GError **error)
{
  g_return_val_if_fail (game != NULL && initial != NULL && run != NULL, NULL);
  g_return_val_if_fail (n_moves == 0 || moves != NULL, NULL);
  g_autoptr (GArray) turns = collect_turns (game, initial, moves, n_moves, run, error);
  if (!turns)
    return NULL;
  /* the effort as used: fewer than 2 rollouts are 2 (fol_analyse_turn()) */
  FolAnalysisEffort effort = { MAX (run->effort.rollouts, 2), run->effort.expert_percent };
  g_autoptr (FolGameAnalysis) analysis = fol_game_analysis_new (game->kind, run->seed, &effort);
  int total = (int) turns->len;
  if (run->progress)
    run->progress (0, total, run->progress_data);
  for (int i = 0; i < total; i++)
    {
      const PendingTurn *p = &g_array_index (turns, PendingTurn, i);
      FolAnalysisTurn t;
      if (!fol_analyse_turn (game, p->start, (const char *const *) p->moves->pdata, run, &t, error))
        return NULL;
      t.first_ply = p->first_ply;
      t.last_ply = p->last_ply;
      fol_game_analysis_add_turn (analysis, &t);
      if (run->progress)
        run->progress (i + 1, total, run->progress_data);
    }
  return g_steal_pointer (&analysis);
}
