/* summer-components.h: the Indian Summer component data (DECISIONS.md,
 * "Indian Summer"): 75 Leaf tiles, 12 Forest Floor sides, 7 kinds of Animal
 * tiles, and the treasure supply limits.  Loaded from data/ and validated. */
#pragma once

#include <glib.h>
#include <stdint.h>
#include "../common/polyomino.h"

typedef enum {
  SUMMER_BERRY,
  SUMMER_NUT,
  SUMMER_MUSHROOM,
  SUMMER_FEATHER,
  SUMMER_N_TREASURES,
} SummerTreasure;

/* "no treasure" in per-square arrays */
#define SUMMER_NO_TREASURE SUMMER_N_TREASURES

typedef enum {
  SUMMER_GREEN,   /* 3 cells */
  SUMMER_YELLOW,  /* 4 cells */
  SUMMER_RED,     /* 5 cells */
  SUMMER_N_COLOURS,
} SummerColour;

typedef enum {
  SUMMER_MOUSE,
  SUMMER_HARE,
  SUMMER_OWL,
  SUMMER_HEDGEHOG,
  SUMMER_RACOON,
  SUMMER_FOX,
  SUMMER_BADGER,
  SUMMER_N_ANIMAL_KINDS,
} SummerAnimalKind;

#define SUMMER_N_LEAF_TILES 75
#define SUMMER_N_SIDES 12
#define SUMMER_N_AREAS 6
#define SUMMER_N_ANIMAL_TILES 20
#define SUMMER_COLS 9
#define SUMMER_ROWS 8
#define SUMMER_SQUARES 72

/* Supply limits (DECISIONS.md, Supply): 30 Berries, 24 Nuts, 18 Mushrooms, 8 Feathers. */
extern const uint8_t summer_supply_limit[SUMMER_N_TREASURES];

typedef struct {
  char id[4];                  /* stable id from the data file: "G01".."G17", "Y01".."Y29", "R01".."R29" */
  SummerColour colour;
  FolPolyomino shape;          /* as printed, with its Hole (shape.hole >= 0) */
  FolOrientationSet orientations;
} SummerLeafTile;

typedef struct {
  char name[4];                /* "1A" .. "6B" */
  uint8_t board;               /* 1..6 */
  uint8_t area[SUMMER_SQUARES];       /* Area index 0..5 (printed as 1..6), per square, from the file */
  uint8_t treasure[SUMMER_SQUARES];   /* SummerTreasure or SUMMER_NO_TREASURE */
  FolBits72 area_mask[SUMMER_N_AREAS];
  FolBits72 treasure_mask[SUMMER_N_TREASURES];
} SummerFloorSide;

typedef struct {
  char name[12];               /* "Mouse", "Hare", ... as in the data file */
  uint8_t count;               /* how many tiles of this kind */
  uint8_t setup_treasure;      /* SummerTreasure placed on it at set-up, or SUMMER_NO_TREASURE */
  FolPolyomino shape;          /* no Hole */
  FolOrientationSet orientations;
} SummerAnimalInfo;

typedef struct {
  SummerLeafTile leaf[SUMMER_N_LEAF_TILES];     /* in file order: greens, yellows, reds */
  SummerFloorSide side[SUMMER_N_SIDES];         /* "1A","1B","2A",...,"6B" */
  SummerAnimalInfo animal[SUMMER_N_ANIMAL_KINDS]; /* in SummerAnimalKind order */
} SummerComponents;

/**
 * summer_components_load:
 * @datadir: (nullable): the data folder, NULL for fol_data_dir()
 * @out: (out caller-allocates): filled on success
 * Reads summer-leaf-tiles.txt, summer-forest-floors.txt and
 * summer-animal-tiles.txt and checks every count and constraint that
 * DECISIONS.md states.
 * Returns: TRUE, or FALSE with @error in FOL_DATA_ERROR naming file and line.
 */
gboolean summer_components_load (const char *datadir, SummerComponents *out, GError **error);

/**
 * summer_components_get:
 * Returns: (transfer none) (nullable): the components from fol_data_dir(),
 *   loaded once per process (thread-safe); NULL with @error set when the
 *   data files are missing or malformed.
 */
const SummerComponents *summer_components_get (GError **error);

/**
 * summer_components:
 * Returns: (transfer none): the loaded components.  Only for code running
 *   after a successful summer_components_get(); aborts otherwise.
 */
const SummerComponents *summer_components (void);

/** Returns: the leaf tile index 0..74 with id @id ("G01"), or -1. */
int summer_leaf_index (const SummerComponents *c, const char *id);
/** Returns: the side index 0..11 named @name ("1A".."6B", case-insensitive), or -1. */
int summer_side_index (const SummerComponents *c, const char *name);
/** Returns: the animal kind whose name is @name (case-insensitive), or -1. */
int summer_animal_index (const SummerComponents *c, const char *name);

/** Returns: (transfer none): "Berry", "Nut", "Mushroom", "Feather" (untranslated). */
const char *summer_treasure_name (SummerTreasure t);
/** Returns: the letter of a treasure in the notation: 'B', 'N', 'M', 'F'. */
char summer_treasure_letter (SummerTreasure t);
