/* ai-search.h: the game-independent parts of the computer players' search
 * (DESIGN.md: "a small game-independent search helper in engine/common/"):
 * effort budgets, the time-cap check, and the beam of a turn planner that
 * keeps the best children of each group of moves apart.  Both games' Hard
 * and Expert plan a turn with it (summer-ai-plan.c, fall-ai-plan.c). */
#pragma once

#include <glib.h>
#include <stdbool.h>
#include <stdint.h>

#include "ai-level.h"

#define FOL_BEAM_MAX_GROUPS 4
#define FOL_BEAM_MOVE_SIZE 16

/* One child position in a beam search, as the game scored it. */
typedef struct {
  double h;                            /* its judgement: higher is kept first */
  int parent;                          /* the index of the node it comes from */
  int order;                           /* unique and increasing in generation order: breaks ties */
  uint8_t group;                       /* the quota it counts against, < FOL_BEAM_MAX_GROUPS */
  uint64_t key;                        /* equal for transpositions (the same position reached twice) */
  uint8_t move[FOL_BEAM_MOVE_SIZE];    /* the game's move that leads to it (opaque here) */
} FolBeamCand;

/* How wide a beam is, per group of moves. */
typedef struct {
  int n_groups;
  int per_parent[FOL_BEAM_MAX_GROUPS]; /* best children kept per node, by group */
  int cap[FOL_BEAM_MAX_GROUPS];        /* best children kept per layer, by group */
} FolBeam;

/**
 * fol_ai_effort:
 * @full: the level's own count (beam width, plans, samples)
 * @least: the smallest count that still searches
 * Returns: @full scaled by @search's effort_percent (0 or 100: unchanged;
 *   1..99 scales down, never up), at least @least.
 */
int fol_ai_effort (const FolAiSearch *search, int full, int least);

/**
 * fol_ai_stop_now:
 * @search: (nullable)
 * Returns: TRUE when @search's time cap or cancellation says stop; then
 *   @search->capped is set.  Called between search steps only.
 */
bool fol_ai_stop_now (FolAiSearch *search);

/**
 * fol_beam_keep_children:
 * @children: (element-type FolBeamCand): the children of one node, sorted here
 * @layer: (element-type FolBeamCand): receives the best @beam->per_parent[g]
 *   children of each group g, best first
 */
void fol_beam_keep_children (GArray *children, const FolBeam *beam, GArray *layer);

/**
 * fol_beam_select:
 * @layer: (element-type FolBeamCand): the kept children of all nodes, sorted here
 * @chosen: (out caller-allocates): the indices into @layer of the next
 *   layer's nodes, best first; room for the sum of @beam->cap
 * Keeps the best @beam->cap[g] children of each group over the layer, a
 * position reached twice (equal keys) once.
 * Returns: how many were chosen.
 */
int fol_beam_select (GArray *layer, const FolBeam *beam, int *chosen);

/** Returns: the sum of @beam->cap, the most nodes a layer holds. */
int fol_beam_width (const FolBeam *beam);

/* The head of every element of a ranked list of plans (both games' Plan
 * structs start with it). */
typedef struct {
  double value;                        /* the plan's judgement: higher ranks first */
  uint64_t key;                        /* plans with equal keys are one plan */
} FolPlanRank;

/**
 * fol_plans_insert:
 * @plans: @max elements of @size bytes, each starting with a FolPlanRank,
 *   the first *@n of them in use, best first
 * @n: (inout): how many are in use
 * Makes room for a plan of @value and @key in its rank: a plan of equal key
 * that is at least as good keeps its place (NULL), a worse one is dropped;
 * a plan that would rank below @max plans is not taken (NULL); the last
 * one drops out when the list is full.
 * Returns: (nullable): the element to fill, its rank head already set.
 */
void *fol_plans_insert (void *plans, size_t size, int *n, int max, double value, uint64_t key);
