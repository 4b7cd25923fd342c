/* fol-new-game-dialog.h: the New Game dialog: the game (Indian Summer or
 * Fall), 1-4 players, each a person or a computer with a level and a name,
 * a Forest Floor side per player (shown as a picture of the side), solo
 * game or campaign, the start player (Fall: the first player and the
 * Season board side), and an optional seed, or a deal code that sets the
 * whole deal (docs/notation.md, "Deal codes").  It proposes the choices
 * started last (the settings' new-game-* keys). */
#pragma once

#include <adwaita.h>
#include "fol-store.h"
#include "fol-summer-game.h"
#include "fol-campaign.h"
#include "fall-state.h"

G_BEGIN_DECLS

#define FOL_TYPE_NEW_GAME_DIALOG (fol_new_game_dialog_get_type ())
G_DECLARE_FINAL_TYPE (FolNewGameDialog, fol_new_game_dialog, FOL, NEW_GAME_DIALOG, AdwWindow)

/* A seat's player in fol_new_game_dialog_set_seat(): a person, or a
 * computer level offered to people (ai-level.h: FOL_AI_EASY .. FOL_AI_EXPERT). */
#define FOL_SEAT_PERSON (-1)

/**
 * fol_new_game_dialog_new:
 * @parent: (nullable): the window the dialog is modal for
 * @store: (nullable): where new games are saved; NULL plays them unsaved
 *   (and offers no campaign)
 * Returns: (transfer none): the dialog (owned by GTK until it is closed),
 *   showing the choices of the game started last through it (GSettings
 *   new-game-* keys), at first one person against one Normal computer
 *   player of Indian Summer, the start player drawn at random.
 */
FolNewGameDialog *fol_new_game_dialog_new (GtkWindow *parent, FolStore *store);

/** fol_new_game_dialog_set_n_seats: sets the number of players, 1..4 (the spin button). */
void fol_new_game_dialog_set_n_seats (FolNewGameDialog *self, guint n_seats);

/**
 * fol_new_game_dialog_set_seat:
 * @seat: 0..3
 * @name: (nullable): the player's name, NULL to keep it
 * @level: %FOL_SEAT_PERSON or a computer level, FOL_AI_EASY .. FOL_AI_EXPERT
 * @side: the Forest Floor side 0..11 (1A..6B), or -1 for random
 * Sets the seat's rows as a user would.  A level the game does not offer
 * (Fall: Hard and Expert, for now) chooses the strongest one it offers
 * below it, and comes back when the game is changed to one that offers it.
 */
void fol_new_game_dialog_set_seat (FolNewGameDialog *self, guint seat, const char *name, int level, int side);

/**
 * fol_new_game_dialog_set_start_player:
 * @seat: the player who plays first, 0..3 (the dialog's Player 1..4), or
 *   -1 to draw one at random
 * Sets the start player of Indian Summer, or the first player of Fall
 * (seat 0 or 1), for the game shown, as the Start player (First player) row
 * does.  Each game keeps its own choice.
 */
void fol_new_game_dialog_set_start_player (FolNewGameDialog *self, int seat);

/**
 * fol_new_game_dialog_set_season_side:
 * @side: Fall's Season board side, 0 (A) or 1 (B), or -1 at random
 */
void fol_new_game_dialog_set_season_side (FolNewGameDialog *self, int side);

/**
 * fol_new_game_dialog_get_fall_options:
 * @options: (out caller-allocates): the Season board side and the first
 *   player chosen for Fall (-1 each: at random, drawn by the engine from
 *   the seed, fall_state_init())
 */
void fol_new_game_dialog_get_fall_options (FolNewGameDialog *self, FallOptions *options);

/** fol_new_game_dialog_set_campaign: with one player, a campaign (TRUE) or a single game. */
void fol_new_game_dialog_set_campaign (FolNewGameDialog *self, gboolean campaign);

/** fol_new_game_dialog_set_seed_text: the seed entry's text ("" for a random deal). */
void fol_new_game_dialog_set_seed_text (FolNewGameDialog *self, const char *text);

/**
 * fol_new_game_dialog_set_deal_code:
 * @code: (nullable): a deal code (docs/notation.md, "Deal codes"), or NULL
 *   or "" for none
 * Opens "Play a deal from a code" and types @code into its entry, as a
 * person pasting it would.  A valid code fills in and locks the game, the
 * number of players (a single game), each seat's Forest Floor side, the
 * start player (Indian Summer: the first seat, as the code's seats are in
 * turn order; Fall: the code's first player), the Season board side and
 * the seed, so that Start deals exactly that deal; any other text shows
 * why it is no code (fol_new_game_dialog_get_error()) and Start is
 * insensitive.
 */
void fol_new_game_dialog_set_deal_code (FolNewGameDialog *self, const char *code);

/**
 * fol_new_game_dialog_get_has_deal_code:
 * Returns: whether a valid deal code is entered (it sets the deal).
 */
gboolean fol_new_game_dialog_get_has_deal_code (FolNewGameDialog *self);

/**
 * fol_new_game_dialog_get_setup:
 * @setup: (out caller-allocates): players, sides, seed (a random seed when
 *   the entry is empty: each call draws a new one, below 2^35 so that its
 *   deal code is short: fol_deal_code_random_seed()), in turn order
 * @players: (out) (optional) (transfer full) (element-type FolPlayer): one
 *   per seat, in turn order
 *
 * The game chosen.  Indian Summer's seats are in turn order: the start
 * player's first, then the others in the dialog's order (rulebook, Game
 * flow: "Beginning with the start player you each take 1 turn in clockwise
 * order"), so seat 0 is the start player, as the engine has it.  A start
 * player "at random" is drawn from the seed, so that a seed shared with the
 * same choices gives the same game.  Fall keeps the dialog's order (its
 * first player is an option: fol_new_game_dialog_get_fall_options()).
 * @campaign: (out) (optional): whether a solo campaign was chosen
 * With a deal code entered, the set-up is the code's (its seed, sides and
 * campaign game; seats in the dialog's order) and @campaign FALSE: a
 * campaign game's deal is played as one game.
 * Returns: FALSE with @error (G_IO_ERROR_INVALID_ARGUMENT) saying what to
 *   fix, as the dialog shows it (two players on one board, an empty name,
 *   a text that is not a deal code).
 */
gboolean fol_new_game_dialog_get_setup (FolNewGameDialog *self, SummerSetup *setup, GPtrArray **players,
                                        gboolean *campaign, GError **error);

/**
 * fol_new_game_dialog_get_error:
 * Returns: (transfer none) (nullable): the message shown under the players,
 *   or NULL when the choices are fine (Start is then sensitive).
 */
const char *fol_new_game_dialog_get_error (FolNewGameDialog *self);

/**
 * fol_new_game_dialog_start:
 * What Start does: creates the game (fol_summer_game_new(),
 * fol_fall_game_new(), or fol_campaign_new() and
 * fol_campaign_continue_game()), remembers the choices for the next time,
 * deletes the games started earlier that never had a move
 * (fol_store_delete_unstarted_games()), emits ::play with the game and
 * closes the dialog.
 * Returns: FALSE when the choices are refused (the dialog says why).
 */
gboolean fol_new_game_dialog_start (FolNewGameDialog *self);

/**
 * fol_new_game_dialog_level_name:
 * @level: a computer level (ai-level.h)
 * Returns: (transfer none): its translated name, for the dialog, the
 *   statistics and wherever a level shows: "Easy", "Normal", "Hard",
 *   "Expert" (a seat saved before the four levels with level 0 or 1 shows
 *   as Easy or Normal); the CLI's baselines "Random (test)", "Greedy
 *   (test)"; "Unknown level" for any other number.
 */
const char *fol_new_game_dialog_level_name (int level);

/**
 * fol_new_game_dialog_level_description:
 * @level: a computer level offered to people (Easy .. Expert)
 * Returns: (transfer none): one translated line that tells a person what
 *   to expect of it ("Makes mistakes; good for learning the game"), or ""
 *   for other levels.
 */
const char *fol_new_game_dialog_level_description (int level);

/**
 * fol_new_game_dialog_offered_levels:
 * @kind: "summer" or "fall"
 * @n_levels: (out): how many
 * Returns: (transfer none) (array length=n_levels): the computer levels
 *   the New Game dialog offers for that game, weakest first: Easy, Normal,
 *   Hard and Expert, for Indian Summer and for Fall alike.
 */
const int *fol_new_game_dialog_offered_levels (const char *kind, guint *n_levels);

/**
 * fol_new_game_dialog_parse_seed:
 * @text: (nullable): what the user typed
 * @seed: (out): the seed: the number itself for digits, else a 64-bit hash
 *   of the text (so words can be shared as well)
 * Returns: FALSE when @text is empty (a random deal).
 */
gboolean fol_new_game_dialog_parse_seed (const char *text, guint64 *seed);

G_END_DECLS
