/* fall-components.h: the Fall component data (DECISIONS.md, "Fall"):
 * 54 Leaf tiles and the starting tile, both sides of the Season board, and
 * the 18 scoring cards.  Loaded from data/ and validated at load. */
#pragma once

#include <glib.h>
#include <stdint.h>

#define FALL_N_LEAF_TILES 54
#define FALL_START_TILE 54          /* index of the starting tile */
#define FALL_N_TILES 55             /* 54 Leaf tiles + the starting tile */
#define FALL_N_WEEKS 12
#define FALL_N_SIDES 2
#define FALL_N_CARDS 18
#define FALL_TABLE_MAX 20           /* step tables hold sizes 0..19; larger use 19 */

typedef enum {
  FALL_YELLOW,
  FALL_RED,
  FALL_GREEN,
  FALL_N_COLOURS,
} FallColour;

/* Icons on tiles, as a bit mask. */
typedef enum {
  FALL_ICON_FOX = 1 << 0,
  FALL_ICON_BIRD = 1 << 1,
  FALL_ICON_MUSHROOM = 1 << 2,
} FallIcon;

typedef enum {
  FALL_NO_FLOWER,
  FALL_CROCUS,      /* Autumn Crocus, 'A' */
  FALL_DAFFODIL,    /* 'D' */
  FALL_COSMOS,      /* 'C' */
} FallFlower;
#define FALL_N_FLOWERS 3            /* kinds 1..3 */

/* Fauna and fungi tokens; the order is that of the notation letters m f h r t. */
typedef enum {
  FALL_MUSHROOM,
  FALL_FOX,
  FALL_HOOPOE,
  FALL_ROBIN,
  FALL_TOAD,
  FALL_N_TOKEN_KINDS,
} FallToken;
#define FALL_NO_TOKEN 0xff

/* The bag (DECISIONS.md, Tokens): 14 Mushroom, 18 Fox, 12 Hoopoe, 12 Robin, 8 Toad. */
#define FALL_N_TOKENS 64
extern const uint8_t fall_token_count[FALL_N_TOKEN_KINDS];

typedef enum {
  FALL_CARD_FLOWER,
  FALL_CARD_FOX,
  FALL_CARD_BIRD,
  FALL_N_CARD_KINDS,
} FallCardKind;

typedef enum {
  FALL_RULE_FLOWER,           /* v[0..2] per Crocus, Daffodil, Cosmos */
  FALL_RULE_FOX_GROUP,        /* table[0][size] per group */
  FALL_RULE_FOX_PER_FOX,      /* table[0][size] x size per group */
  FALL_RULE_FOX_LARGEST,      /* v[0] per Fox of the largest group */
  FALL_RULE_BIRD_MAJORITY,    /* v[0] per Hoopoe, v[1] per Robin, +-v[2] */
  FALL_RULE_BIRD_ADJACENT,    /* v[0] per Bird, v[1] per adjacent Toad, v[2] per adjacent Fox */
  FALL_RULE_BIRD_COUNT,       /* table[0][hoopoes] + table[1][robins] */
  FALL_RULE_BIRD_PAIRS,       /* v[0] per pair */
  FALL_RULE_BIRD_LAYER,       /* v[0..2] per Bird on layer 1..3 */
} FallCardRule;

typedef struct {
  uint8_t edge[6];            /* FallColour of edges 0..5 as printed (rotation 0) */
  uint8_t icons;              /* FallIcon mask; 0 for the starting tile */
  uint8_t flower[6];          /* FallFlower on corners 0..5 as printed */
  uint8_t colours;            /* mask of the colours shown: 1 << FallColour */
  uint8_t n_flowers;          /* segments: 0..3 */
  char id[4];                 /* "L01".."L54", "S00" */
  /* derived: for rotation k (clockwise steps), bit (3 * d + colour) is set
   * for the colour on edge d */
  uint32_t edge_mask[6];
} FallLeafTile;

typedef struct {
  char id[4];                 /* "FL1".."FL6", "F1".."F6", "B1".."B6" */
  uint8_t kind;               /* FallCardKind */
  uint8_t rule;               /* FallCardRule */
  int8_t v[3];
  int8_t table[2][FALL_TABLE_MAX];
} FallCard;

typedef struct {
  FallLeafTile tile[FALL_N_TILES];                  /* L01..L54 in file order, then S00 */
  uint8_t blocked[FALL_N_SIDES][FALL_N_WEEKS];      /* FallToken blocked in week 1..12 (index 0..11) */
  FallCard card[FALL_N_CARDS];                      /* in file order */
  uint8_t cards_of_kind[FALL_N_CARD_KINDS][6];      /* indices into card[] */
} FallComponents;

/**
 * fall_components_load:
 * @datadir: (nullable): the data folder, NULL for fol_data_dir()
 * @out: (out caller-allocates): filled on success
 * Reads fall-leaf-tiles.txt, fall-season-board.txt and fall-scoring-cards.txt
 * and checks every count and constraint of DECISIONS.md ("Fall").
 * Returns: TRUE, or FALSE with @error in FOL_DATA_ERROR naming file:line.
 */
gboolean fall_components_load (const char *datadir, FallComponents *out, GError **error);

/**
 * fall_components_get:
 * Returns: (transfer none) (nullable): the components from fol_data_dir(),
 *   loaded once per process (thread-safe); NULL with @error set when the
 *   files are missing or malformed.
 */
const FallComponents *fall_components_get (GError **error);

/**
 * fall_components:
 * Returns: (transfer none): the loaded components; aborts with the load error
 *   when the data files are missing or malformed.
 */
const FallComponents *fall_components (void);

/** Returns: the tile index 0..54 with id @id ("L07", "S00"), or -1. */
int fall_tile_index (const FallComponents *c, const char *id);
/** Returns: the card index 0..17 with id @id ("FL1", "F3", "B6"), or -1. */
int fall_card_index (const FallComponents *c, const char *id);

/** Returns: (transfer none): "Mushroom", "Fox", "Hoopoe", "Robin", "Toad" (untranslated). */
const char *fall_token_name (FallToken t);
/** Returns: the notation letter of a token kind: 'm', 'f', 'h', 'r', 't'. */
char fall_token_letter (FallToken t);
/** Returns: the token kind of notation letter @c (either case), or -1. */
int fall_token_from_letter (char c);
/** Returns: the tile icon a token needs (FALL_ICON_*), 0 for the Toad (any tile). */
uint8_t fall_token_icon (FallToken t);
/** Returns: (transfer none): "Autumn Crocus", "Daffodil", "Cosmos" for kinds 1..3. */
const char *fall_flower_name (FallFlower f);
/** Returns: 'Y', 'R', 'G'. */
char fall_colour_letter (FallColour c);

/**
 * fall_card_table_value:
 * Returns: the step table value of @card (row @row, 0 or 1) for @n >= 0.
 */
static inline int
fall_card_table_value (const FallCard *card, int row, int n)
{
  return card->table[row][n < FALL_TABLE_MAX ? n : FALL_TABLE_MAX - 1];
}
