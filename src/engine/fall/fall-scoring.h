/* fall-scoring.h: end-of-game scoring of Fall (rulebook "Flowers", "Fauna
 * and Fungi Tokens", "End of Game", "Scoring Card Details"; DECISIONS.md
 * "Scoring cards"). */
#pragma once

#include "fall-state.h"

#define FALL_MAX_SCORE_LINES 24

/* What the ecosystem holds, counted once for both players. */
typedef struct {
  int flowers[FALL_N_FLOWERS + 1];     /* complete Flowers by kind 1..3 */
  int n_fox_groups;
  uint8_t fox_group[FALL_N_TOKENS];    /* sizes of the separate groups of Foxes */
  int foxes;
  int hoopoes, robins, toads;
  int birds_on_layer[FALL_MAX_HEIGHT + 1];  /* Birds by the layer 1..3 of the tile under them */
  int bird_toad_pairs;                 /* sum over Birds of adjacent Toads */
  int bird_fox_pairs;                  /* sum over Birds of adjacent Foxes */
  int mushrooms[2][FALL_MAX_HEIGHT + 1];    /* claimed Mushrooms per seat by layer */
  int unclaimed_mushrooms;
} FallTally;

typedef struct {
  char label[72];                      /* untranslated English, for the CLI and logs */
  int vp;
} FallScoreLine;

typedef struct {
  int total;
  int flowers;                         /* VP from the Flower card */
  int foxes;                           /* VP from the Fox card */
  int birds;                           /* VP from the Bird card */
  int mushrooms;                       /* VP from the seat's Mushroom markers: 1/3/6 by layer */
  int n_lines;
  FallScoreLine line[FALL_MAX_SCORE_LINES];
} FallScore;

/**
 * fall_tally:
 * @out: (out caller-allocates): the counts of the ecosystem of @s.  A Flower
 *   is complete at a corner shared by three cells whose top tiles show a
 *   segment of the same kind there (DECISIONS.md, Geometry); Fox groups are
 *   connected over edge-adjacent cells; "adjacent" means neighbouring cells'
 *   top tiles.
 */
void fall_tally (const FallState *s, FallTally *out);

/**
 * fall_card_score:
 * @card: (nullable): a scoring card, NULL for a hidden one (scores 0)
 * @lines: (nullable) (out caller-allocates): the lines explaining the VP are
 *   appended here when non-NULL
 * Returns: the VP @card gives for the ecosystem @t (DECISIONS.md, Scoring cards).
 */
int fall_card_score (const FallCard *card, const FallTally *t, FallScore *lines);

/**
 * fall_score_seat:
 * @t: (nullable): the tally of @s, or NULL to compute it
 * @with_lines: whether to fill @out->line (slower)
 * Computes the score of @seat (0, 1) from its three cards (a hidden card,
 * FALL_NONE in a view, counts 0) and its claimed Mushrooms.
 */
void fall_score_seat (const FallState *s, const FallTally *t, int seat, bool with_lines, FallScore *out);

/**
 * fall_result:
 * @scores: (out caller-allocates): both seats' scores with their lines
 * Returns: the winning seat, or -1 when the win is shared.  Ties are broken
 *   by the most Mushroom VP, then the most Flower VP (rulebook "End of Game").
 */
int fall_result (const FallState *s, FallScore scores[2]);

/**
 * fall_score_format:
 * Returns: (transfer full): a text breakdown of both seats' cards, every
 *   line of both scores, the totals and the winner.
 */
char *fall_score_format (const FallState *s);
