/* summer-ai-private.h: what the Indian Summer computer players share
 * between summer-ai.c (levels, greedy) and summer-ai-plan.c (turn planner,
 * Hard and Expert).  Not for use outside the engine's AI. */
#pragma once

#include "summer-ai.h"

/* Does some orientation of Leaf tile @tile fit on @free_sq? */
bool summer_ai_leaf_fits (int tile, FolBits72 free_sq);

/* Tenths of a square for the placements a pending Mushroom or Feather of
 * @me will make: @per_square per square of the tiles still to place (the
 * claimed tiles that fit; the Path's largest fitting tiles). 0 otherwise. */
int summer_ai_pending_bonus (const SummerState *after, int me, int per_square);

/* Hard and Expert on a determinized copy (summer_ai_determinize()).
 * Return FALSE when they found no plan (the caller falls back to Normal). */
bool summer_ai_hard_choose (const SummerState *s, FolRng *rng, FolAiSearch *search, SummerMove *move);
bool summer_ai_expert_choose (const SummerState *s, FolRng *rng, FolAiSearch *search, SummerMove *move);

/* Hard's judgement of @seat's position in tenths of a square (higher is
 * better); exported for the tests. */
int summer_ai_hard_evaluate (const SummerState *s, int seat);
