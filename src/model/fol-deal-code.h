/* fol-deal-code.h: deal codes, short texts that name a deal (the game, the
 * players, the seed and the sides) so that a person can read one aloud or
 * paste it into New Game and play the very same deal (issue 13, "Shareable
 * deals"); and the deal of the day.  The form is in docs/notation.md,
 * "Deal codes". */
#pragma once

#include <glib.h>
#include "fol-game.h"
#include "summer-state.h"
#include "fall-state.h"

G_BEGIN_DECLS

#define FOL_DEAL_CODE_ERROR (fol_deal_code_error_quark ())
/* Why a text is not a deal code (fol_deal_code_parse()); the messages are
 * English, a window words them itself by the code. */
typedef enum {
  FOL_DEAL_CODE_ERROR_EMPTY,      /* nothing but blanks and dashes */
  FOL_DEAL_CODE_ERROR_CHARACTER,  /* a character no code has (only letters and digits) */
  FOL_DEAL_CODE_ERROR_GAME,       /* it does not start with IS (Indian Summer) or FA (Fall) */
  FOL_DEAL_CODE_ERROR_PLAYERS,    /* a player count the game is not played with */
  FOL_DEAL_CODE_ERROR_CAMPAIGN,   /* a campaign game not 1-3, or one of several players */
  FOL_DEAL_CODE_ERROR_SIDE,       /* a side (or Fall's first player) that is not one, or two seats on one board */
  FOL_DEAL_CODE_ERROR_LENGTH,     /* too few or too many characters after the sides */
  FOL_DEAL_CODE_ERROR_CHECKSUM,   /* the check character does not match: a character is mistyped */
  FOL_DEAL_CODE_ERROR_SEED,       /* a seed above 2^64 - 1, or one written with more leading zeros than its form */
} FolDealCodeError;
GQuark fol_deal_code_error_quark (void);

/* The games a deal code names: its first two letters. */
typedef enum {
  FOL_DEAL_SUMMER,   /* "IS": Indian Summer */
  FOL_DEAL_FALL,     /* "FA": Fall */
} FolDealGame;

/* The digits of the seed in a code: at least this many (a seed below
 * 2^35, as New Game draws them, fits: fol_deal_code_random_seed()), at
 * most 13 (2^64 - 1). */
#define FOL_DEAL_CODE_SEED_DIGITS 7
#define FOL_DEAL_CODE_SEED_MAX_DIGITS 13

/**
 * FolDeal:
 * @game: the game
 * @seed: the seed of the game's generator: every random choice of the deal
 *   (the tiles and their order, the sides drawn, the cards, the bag)
 * @n_players: Indian Summer 1..4, Fall 2
 * @side: Indian Summer: the Forest Floor side of each seat in turn order
 *   (seat 0 starts), 0..11 for 1A..6B, or -1 drawn from the seed at set-up
 *   (DECISIONS.md, "Forest Floor"); the engine's SummerSetup.side
 * @campaign_game: Indian Summer solo: -1 a single game, or 0..2 for game
 *   1..3 of a campaign with this seed (its stack of 25 of the 75 tiles;
 *   DECISIONS.md, "Solo (1 player) and the campaign"); else -1
 * @season_side: Fall: the Season board side, 0 (A) or 1 (B)
 * @first_player: Fall: the first player of week 1, seat 0 or 1
 *
 * Everything that makes a deal: the same FolDeal sets up the same game, to
 * the last tile (summer_state_new_game(), fall_state_init()).  Fall's
 * side and first player are the values played, never "at random": the
 * engine draws both from the seed whether given or not, so a drawn one and
 * the same one given are the same deal, with one code.
 */
typedef struct {
  FolDealGame game;
  guint64 seed;
  int n_players;
  int side[SUMMER_MAX_PLAYERS];
  int campaign_game;
  int season_side;
  int first_player;
} FolDeal;

/**
 * fol_deal_init_summer:
 * @deal: (out caller-allocates): the deal
 * @setup: an Indian Summer set-up (players, seed, sides, campaign game)
 * Makes the deal of @setup; fol_deal_to_summer_setup() gives @setup back.
 */
void fol_deal_init_summer (FolDeal *deal, const SummerSetup *setup);

/**
 * fol_deal_init_fall:
 * @deal: (out caller-allocates): the deal
 * @seed: the seed
 * @season_side: 0 (A) or 1 (B), as played (FallState.side)
 * @first_player: 0 or 1, as played (FallState.first_player)
 */
void fol_deal_init_fall (FolDeal *deal, guint64 seed, int season_side, int first_player);

/**
 * fol_deal_to_summer_setup:
 * @deal: an Indian Summer deal
 * @setup: (out caller-allocates): its set-up, for summer_state_new_game()
 *   or fol_summer_game_new()
 */
void fol_deal_to_summer_setup (const FolDeal *deal, SummerSetup *setup);

/**
 * fol_deal_to_fall_options:
 * @deal: a Fall deal
 * @opts: (out caller-allocates): its Season board side and first player,
 *   for fall_state_init() or fol_fall_game_new() with @deal->seed
 */
void fol_deal_to_fall_options (const FolDeal *deal, FallOptions *opts);

/**
 * fol_deal_check:
 * Returns: TRUE when @deal is one that a code can name and the rules can
 *   set up, else FALSE with @error (FOL_DEAL_CODE_ERROR_PLAYERS, _CAMPAIGN
 *   or _SIDE, as fol_deal_code_parse() would refuse its code).
 */
gboolean fol_deal_check (const FolDeal *deal, GError **error);

/**
 * fol_deal_equal:
 * Returns: whether @a and @b are the same deal (the fields the game uses).
 */
gboolean fol_deal_equal (const FolDeal *a, const FolDeal *b);

/**
 * fol_deal_code_format:
 * @deal: the deal
 * Returns: (transfer full) (nullable): its code in the one form
 *   docs/notation.md gives ("IS2-3BR-K7QX-M2PD"), capitals, groups joined
 *   by dashes; NULL with @error as fol_deal_check() when @deal is not one.
 */
char *fol_deal_code_format (const FolDeal *deal, GError **error);

/**
 * fol_deal_code_parse:
 * @text: (nullable): what a person typed or pasted
 * @deal: (out caller-allocates): the deal, when @text is a code
 * Reads a deal code as docs/notation.md, "Deal codes" writes it: letters in
 * either case, blanks and dashes anywhere (they are layout), I, L and O in
 * the seed and check characters read as 1, 1 and 0 (Crockford base 32).
 * Returns: TRUE, or FALSE with @error (FOL_DEAL_CODE_ERROR) saying what is
 *   wrong and quoting at most FOL_QUOTE_MAX characters of @text; @deal is
 *   then unchanged.
 */
gboolean fol_deal_code_parse (const char *text, FolDeal *deal, GError **error);

/**
 * fol_deal_from_game:
 * @game: an Indian Summer or Fall game (new, in progress or over)
 * @deal: (out caller-allocates): the deal it was set up with
 */
void fol_deal_from_game (FolGame *game, FolDeal *deal);

/**
 * fol_deal_code_for_game:
 * @game: an Indian Summer or Fall game (new, in progress or over)
 * Returns: (transfer full): the code of the deal @game was set up with
 *   (what "Copy deal code" puts on the clipboard); pasted into New Game it
 *   deals the same game again.
 */
char *fol_deal_code_for_game (FolGame *game);

/**
 * fol_deal_new_game:
 * @deal: the deal
 * @players: (array): @deal->n_players players, one per seat in turn order
 * @store: (nullable): where to save the game after every move
 * Returns: (transfer full) (nullable): a new game of @deal: a single game
 *   (a campaign game's deal is played on its own, with that game's stack),
 *   or NULL with @error (FOL_DEAL_CODE_ERROR as fol_deal_check(), or what
 *   fol_summer_game_new() and fol_fall_game_new() report).
 */
FolGame *fol_deal_new_game (const FolDeal *deal, FolPlayer **players, FolStore *store, GError **error);

/**
 * fol_deal_code_random_seed:
 * Returns: a seed drawn at random below 2^35, so that its code has the
 *   shortest form (seven seed digits): what New Game deals without a seed.
 */
guint64 fol_deal_code_random_seed (void);

/**
 * fol_deal_of_the_day_seed:
 * @date: a valid day
 * Returns: the seed of that day's deal, the same for everyone on that day:
 *   the 64-bit FNV-1a hash of the date written "YYYY-MM-DD" (ISO 8601,
 *   ASCII), folded to 35 bits as (h ^ (h >> 35)) & (2^35 - 1)
 *   (docs/notation.md, "Deal of the day").
 */
guint64 fol_deal_of_the_day_seed (const GDate *date);

/**
 * fol_deal_of_the_day:
 * @date: a valid day (a window passes today's, in local time)
 * @deal: (out caller-allocates): that day's deal: a single solo game of
 *   Indian Summer with fol_deal_of_the_day_seed(), its Forest Floor side
 *   drawn from the seed
 */
void fol_deal_of_the_day (const GDate *date, FolDeal *deal);

/**
 * fol_deal_of_today:
 * @deal: (out caller-allocates): today's deal: fol_deal_of_the_day() of
 *   the local date now
 */
void fol_deal_of_today (FolDeal *deal);

G_END_DECLS
