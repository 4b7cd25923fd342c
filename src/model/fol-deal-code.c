/* fol-deal-code.c: deal codes (docs/notation.md, "Deal codes"). */
#include "fol-deal-code.h"

#include <string.h>
#include "datafile.h"
#include "fol-fall-game.h"
#include "fol-summer-game.h"

G_DEFINE_QUARK (fol-deal-code-error-quark, fol_deal_code_error)

/* Crockford's base 32: the digits, then the letters but I, L, O and U. */
static const char crockford[] = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
#define BASE 32

/* The longest text a code can be once blanks and dashes are gone:
 * "IS4" + four sides of two + 13 seed digits + the check. */
#define MAX_CODE_LEN (3 + 2 * SUMMER_MAX_PLAYERS + FOL_DEAL_CODE_SEED_MAX_DIGITS + 1)

/* The seed and check characters of a code are grouped by this many. */
#define GROUP 4

/* Returns: the value 0..31 of capital letter or digit @c in Crockford's
 * base 32 (I and L read as 1, O as 0), or -1 for U. */
static int
symbol_value (char c)
{
  if (c == 'I' || c == 'L')
    return 1;
  if (c == 'O')
    return 0;
  const char *p = strchr (crockford, c);
  return c != '\0' && p != NULL ? (int) (p - crockford) : -1;
}

/* Luhn mod N (N = 32) over the values of @len characters of @text, each a
 * capital letter or digit with a value: the sum that the check character
 * makes a multiple of 32.  @with_check: the last character is the check
 * (weighted 1), else it is yet to come (the last one given is weighted 2). */
static int
luhn_sum (const char *text, size_t len, gboolean with_check)
{
  int factor = with_check ? 1 : 2, sum = 0;
  for (size_t i = len; i-- > 0;)
    {
      int addend = factor * symbol_value (text[i]);
      sum += addend / BASE + addend % BASE;
      factor = 3 - factor;
    }
  return sum % BASE;
}

static void
deal_clear (FolDeal *deal, FolDealGame game)
{
  memset (deal, 0, sizeof *deal);
  deal->game = game;
  for (int i = 0; i < SUMMER_MAX_PLAYERS; i++)
    deal->side[i] = -1;
  deal->campaign_game = -1;
  deal->season_side = -1;
  deal->first_player = -1;
}

void
fol_deal_init_summer (FolDeal *deal, const SummerSetup *setup)
{
  g_return_if_fail (deal != NULL && setup != NULL);
  deal_clear (deal, FOL_DEAL_SUMMER);
  deal->seed = setup->seed;
  deal->n_players = setup->n_players;
  for (int i = 0; i < setup->n_players && i < SUMMER_MAX_PLAYERS; i++)
    deal->side[i] = setup->side[i];
  deal->campaign_game = setup->campaign_game;
}

void
fol_deal_init_fall (FolDeal *deal, guint64 seed, int season_side, int first_player)
{
  g_return_if_fail (deal != NULL);
  deal_clear (deal, FOL_DEAL_FALL);
  deal->seed = seed;
  deal->n_players = 2;
  deal->season_side = season_side;
  deal->first_player = first_player;
}

void
fol_deal_to_summer_setup (const FolDeal *deal, SummerSetup *setup)
{
  g_return_if_fail (deal != NULL && deal->game == FOL_DEAL_SUMMER && setup != NULL);
  summer_setup_init (setup, deal->n_players, deal->seed);
  for (int i = 0; i < deal->n_players && i < SUMMER_MAX_PLAYERS; i++)
    setup->side[i] = (int8_t) deal->side[i];
  setup->campaign_game = (int8_t) deal->campaign_game;
}

void
fol_deal_to_fall_options (const FolDeal *deal, FallOptions *opts)
{
  g_return_if_fail (deal != NULL && deal->game == FOL_DEAL_FALL && opts != NULL);
  opts->side = deal->season_side;
  opts->first_player = deal->first_player;
}

/* The name of Forest Floor side @side (0..11): "1A" .. "6B". */
static void
side_name (int side, char out[3])
{
  out[0] = (char) ('1' + side / 2);
  out[1] = side % 2 ? 'B' : 'A';
  out[2] = '\0';
}

/* The deal's first fault as FOL_DEAL_CODE_ERROR, prefixed with @prefix. */
static gboolean
check_deal (const FolDeal *deal, const char *prefix, GError **error)
{
  if (deal->game == FOL_DEAL_FALL)
    {
      if (deal->n_players != 2)
        g_set_error (error, FOL_DEAL_CODE_ERROR, FOL_DEAL_CODE_ERROR_PLAYERS, "%sFall is a game for 2 players, "
                     "not %d", prefix, deal->n_players);
      else if (deal->campaign_game != -1)
        g_set_error (error, FOL_DEAL_CODE_ERROR, FOL_DEAL_CODE_ERROR_CAMPAIGN, "%sFall has no campaign", prefix);
      else if (deal->season_side != 0 && deal->season_side != 1)
        g_set_error (error, FOL_DEAL_CODE_ERROR, FOL_DEAL_CODE_ERROR_SIDE, "%sthe Season board side is A or B",
                     prefix);
      else if (deal->first_player != 0 && deal->first_player != 1)
        g_set_error (error, FOL_DEAL_CODE_ERROR, FOL_DEAL_CODE_ERROR_SIDE, "%sthe first player is 1 or 2", prefix);
      else
        return TRUE;
      return FALSE;
    }
  if (deal->game != FOL_DEAL_SUMMER)
    {
      g_set_error (error, FOL_DEAL_CODE_ERROR, FOL_DEAL_CODE_ERROR_GAME, "%sthe game is Indian Summer (IS) or "
                   "Fall (FA)", prefix);
      return FALSE;
    }
  if (deal->n_players < 1 || deal->n_players > SUMMER_MAX_PLAYERS)
    {
      g_set_error (error, FOL_DEAL_CODE_ERROR, FOL_DEAL_CODE_ERROR_PLAYERS, "%sIndian Summer takes 1 to 4 players, "
                   "not %d", prefix, deal->n_players);
      return FALSE;
    }
  if (deal->campaign_game < -1 || deal->campaign_game > 2 || (deal->campaign_game >= 0 && deal->n_players != 1))
    {
      g_set_error (error, FOL_DEAL_CODE_ERROR, FOL_DEAL_CODE_ERROR_CAMPAIGN, "%sa campaign game is a solo game "
                   "numbered 1 to 3", prefix);
      return FALSE;
    }
  for (int i = 0; i < deal->n_players; i++)
    {
      if (deal->side[i] < -1 || deal->side[i] >= SUMMER_N_SIDES)
        {
          g_set_error (error, FOL_DEAL_CODE_ERROR, FOL_DEAL_CODE_ERROR_SIDE, "%splayer %d's Forest Floor side is "
                       "1A to 6B, or R to draw it", prefix, i + 1);
          return FALSE;
        }
      for (int j = 0; j < i; j++)
        if (deal->side[i] >= 0 && deal->side[j] >= 0 && deal->side[i] / 2 == deal->side[j] / 2)
          {
            g_set_error (error, FOL_DEAL_CODE_ERROR, FOL_DEAL_CODE_ERROR_SIDE, "%splayers %d and %d cannot both "
                         "play on Forest Floor %d", prefix, j + 1, i + 1, deal->side[i] / 2 + 1);
            return FALSE;
          }
    }
  return TRUE;
}

gboolean
fol_deal_check (const FolDeal *deal, GError **error)
{
  g_return_val_if_fail (deal != NULL, FALSE);
  return check_deal (deal, "", error);
}

gboolean
fol_deal_equal (const FolDeal *a, const FolDeal *b)
{
  g_return_val_if_fail (a != NULL && b != NULL, FALSE);
  if (a->game != b->game || a->seed != b->seed || a->n_players != b->n_players)
    return FALSE;
  if (a->game == FOL_DEAL_FALL)
    return a->season_side == b->season_side && a->first_player == b->first_player;
  for (int i = 0; i < a->n_players && i < SUMMER_MAX_PLAYERS; i++)
    if (a->side[i] != b->side[i])
      return FALSE;
  return a->campaign_game == b->campaign_game;
}

char *
fol_deal_code_format (const FolDeal *deal, GError **error)
{
  g_return_val_if_fail (deal != NULL, NULL);
  if (!fol_deal_check (deal, error))
    return NULL;
  /* the head and the sides, then the seed's digits, most significant first */
  GString *plain = g_string_new (NULL);
  if (deal->game == FOL_DEAL_FALL)
    g_string_append_printf (plain, "FA2%c%c", deal->season_side ? 'B' : 'A', deal->first_player ? '2' : '1');
  else
    {
      g_string_append_printf (plain, "IS%d", deal->n_players);
      if (deal->campaign_game >= 0)
        g_string_append_printf (plain, "C%d", deal->campaign_game + 1);
      for (int i = 0; i < deal->n_players; i++)
        {
          char name[3];
          side_name (deal->side[i], name);
          g_string_append (plain, deal->side[i] < 0 ? "R" : name);
        }
    }
  gsize head_len = plain->len;
  char digits[FOL_DEAL_CODE_SEED_MAX_DIGITS];
  int n = 0;
  for (guint64 v = deal->seed; v > 0 || n < FOL_DEAL_CODE_SEED_DIGITS; v /= BASE)
    digits[n++] = crockford[v % BASE];
  while (n > 0)
    g_string_append_c (plain, digits[--n]);
  g_string_append_c (plain, crockford[(BASE - luhn_sum (plain->str, plain->len, FALSE)) % BASE]);

  /* written: the head, the sides, the seed and check in groups of four */
  GString *code = g_string_new (NULL);
  gsize sides_at = deal->game == FOL_DEAL_FALL ? 3 : deal->campaign_game >= 0 ? 5 : 3;
  g_string_append_len (code, plain->str, (gssize) sides_at);
  g_string_append_c (code, '-');
  g_string_append_len (code, plain->str + sides_at, (gssize) (head_len - sides_at));
  for (gsize i = head_len; i < plain->len; i++)
    {
      if ((i - head_len) % GROUP == 0)
        g_string_append_c (code, '-');
      g_string_append_c (code, plain->str[i]);
    }
  g_string_free (plain, TRUE);
  return g_string_free (code, FALSE);
}

/* Reads what the person typed as a code's letters and digits: blanks and
 * dashes left out, letters in capitals.  Returns: (transfer full): that
 * text, or NULL with @error for a character no code has or a text far too
 * long to be one. */
static char *
normalise (const char *text, const char *quote, GError **error)
{
  GString *out = g_string_new (NULL);
  for (const char *p = text; *p; p++)
    {
      if (g_ascii_isspace (*p) || *p == '-')
        continue;
      if (!g_ascii_isalnum (*p))
        {
          /* the character as it shows, or '?' for bytes that are not printable text */
          char shown[8] = "?";
          gunichar c = (guchar) *p < 0x80 ? (gunichar) (guchar) *p : g_utf8_get_char_validated (p, -1);
          if (c < 0x80 ? g_ascii_isprint ((char) c) : c < 0x110000 && g_unichar_isprint (c))
            shown[g_unichar_to_utf8 (c, shown)] = '\0';
          g_set_error (error, FOL_DEAL_CODE_ERROR, FOL_DEAL_CODE_ERROR_CHARACTER, "'%s' is not a deal code: "
                       "'%s' is in none (letters, digits, blanks and dashes only)", quote, shown);
          g_string_free (out, TRUE);
          return NULL;
        }
      if (out->len == MAX_CODE_LEN + 1)
        break;
      g_string_append_c (out, g_ascii_toupper (*p));
    }
  return g_string_free (out, FALSE);
}

/* Reads the players, campaign game and sides of an Indian Summer code from
 * @p into @deal; returns the first character after them, or NULL with
 * @error. */
static const char *
parse_summer_head (const char *p, FolDeal *deal, const char *quote, GError **error)
{
  if (*p < '1' || *p > '4')
    {
      g_set_error (error, FOL_DEAL_CODE_ERROR, FOL_DEAL_CODE_ERROR_PLAYERS, "'%s' is not a deal code: IS "
                   "(Indian Summer) is followed by the number of players, 1 to 4", quote);
      return NULL;
    }
  deal->n_players = *p++ - '0';
  if (*p == 'C')
    {
      p++;
      if (*p < '1' || *p > '3' || deal->n_players != 1)
        {
          g_set_error (error, FOL_DEAL_CODE_ERROR, FOL_DEAL_CODE_ERROR_CAMPAIGN, "'%s' is not a deal code: only a "
                       "solo game (IS1) is a campaign game, C1, C2 or C3", quote);
          return NULL;
        }
      deal->campaign_game = *p++ - '1';
    }
  for (int i = 0; i < deal->n_players; i++)
    {
      if (*p == 'R')
        p++;
      else if (*p >= '1' && *p <= '6' && (p[1] == 'A' || p[1] == 'B'))
        {
          deal->side[i] = (p[0] - '1') * 2 + (p[1] == 'B');
          p += 2;
        }
      else
        {
          g_set_error (error, FOL_DEAL_CODE_ERROR, FOL_DEAL_CODE_ERROR_SIDE, "'%s' is not a deal code: player %d's "
                       "Forest Floor side is 1A to 6B, or R to draw it", quote, i + 1);
          return NULL;
        }
    }
  return p;
}

/* The same for Fall: the players, the Season board side, the first player. */
static const char *
parse_fall_head (const char *p, FolDeal *deal, const char *quote, GError **error)
{
  if (*p != '2')
    {
      g_set_error (error, FOL_DEAL_CODE_ERROR, FOL_DEAL_CODE_ERROR_PLAYERS, "'%s' is not a deal code: Fall is a game "
                   "for 2 players (FA2)", quote);
      return NULL;
    }
  deal->n_players = 2;
  p++;
  if ((p[0] != 'A' && p[0] != 'B') || (p[1] != '1' && p[1] != '2'))
    {
      g_set_error (error, FOL_DEAL_CODE_ERROR, FOL_DEAL_CODE_ERROR_SIDE, "'%s' is not a deal code: FA2 is followed "
                   "by the Season board side, A or B, and the first player, 1 or 2", quote);
      return NULL;
    }
  deal->season_side = p[0] == 'B';
  deal->first_player = p[1] - '1';
  return p + 2;
}

/* Reads the seed and check characters @body (capitals and digits) into
 * @deal->seed, with the check over the whole code @plain. */
static gboolean
parse_seed (const char *plain, const char *body, FolDeal *deal, const char *quote, GError **error)
{
  size_t len = strlen (body);
  if (len < FOL_DEAL_CODE_SEED_DIGITS + 1 || len > FOL_DEAL_CODE_SEED_MAX_DIGITS + 1)
    {
      g_set_error (error, FOL_DEAL_CODE_ERROR, FOL_DEAL_CODE_ERROR_LENGTH, "'%s' is not a deal code: it is too %s; "
                   "after the sides come %d to %d characters of seed and one check character", quote,
                   len <= FOL_DEAL_CODE_SEED_DIGITS ? "short" : "long", FOL_DEAL_CODE_SEED_DIGITS,
                   FOL_DEAL_CODE_SEED_MAX_DIGITS);
      return FALSE;
    }
  for (size_t i = 0; i < len; i++)
    if (symbol_value (body[i]) < 0)
      {
        g_set_error (error, FOL_DEAL_CODE_ERROR, FOL_DEAL_CODE_ERROR_CHARACTER, "'%s' is not a deal code: its "
                     "seed is written without the letter %c", quote, body[i]);
        return FALSE;
      }
  if (luhn_sum (plain, strlen (plain), TRUE) != 0)
    {
      g_set_error (error, FOL_DEAL_CODE_ERROR, FOL_DEAL_CODE_ERROR_CHECKSUM, "'%s' is not a deal code: its check "
                   "character does not match, a character is mistyped", quote);
      return FALSE;
    }
  size_t n_digits = len - 1;
  int first = symbol_value (body[0]);
  if (n_digits > FOL_DEAL_CODE_SEED_DIGITS && first == 0)
    {
      g_set_error (error, FOL_DEAL_CODE_ERROR, FOL_DEAL_CODE_ERROR_SEED, "'%s' is not a deal code: its seed has "
                   "more than %d digits and a leading zero", quote, FOL_DEAL_CODE_SEED_DIGITS);
      return FALSE;
    }
  /* 13 digits hold 65 bits: below 2^64 the first one holds 4, 0 to F */
  if (n_digits == FOL_DEAL_CODE_SEED_MAX_DIGITS && first >= BASE / 2)
    {
      g_set_error (error, FOL_DEAL_CODE_ERROR, FOL_DEAL_CODE_ERROR_SEED, "'%s' is not a deal code: its seed is "
                   "above 18446744073709551615", quote);
      return FALSE;
    }
  guint64 seed = 0;
  for (size_t i = 0; i < n_digits; i++)
    seed = seed * BASE + (guint64) symbol_value (body[i]);
  deal->seed = seed;
  return TRUE;
}

gboolean
fol_deal_code_parse (const char *text, FolDeal *deal, GError **error)
{
  g_return_val_if_fail (deal != NULL, FALSE);
  g_autofree char *quote = fol_quote (text);
  g_autofree char *plain = normalise (text ? text : "", quote, error);
  if (plain == NULL)
    return FALSE;
  if (*plain == '\0')
    {
      g_set_error_literal (error, FOL_DEAL_CODE_ERROR, FOL_DEAL_CODE_ERROR_EMPTY, "no deal code given");
      return FALSE;
    }
  if (strlen (plain) > MAX_CODE_LEN)
    {
      g_set_error (error, FOL_DEAL_CODE_ERROR, FOL_DEAL_CODE_ERROR_LENGTH, "'%s' is not a deal code: it is too "
                   "long; a code has at most %d letters and digits", quote, MAX_CODE_LEN);
      return FALSE;
    }
  FolDeal d;
  const char *p;
  if (g_str_has_prefix (plain, "IS"))
    {
      deal_clear (&d, FOL_DEAL_SUMMER);
      p = parse_summer_head (plain + 2, &d, quote, error);
    }
  else if (g_str_has_prefix (plain, "FA"))
    {
      deal_clear (&d, FOL_DEAL_FALL);
      p = parse_fall_head (plain + 2, &d, quote, error);
    }
  else
    {
      g_set_error (error, FOL_DEAL_CODE_ERROR, FOL_DEAL_CODE_ERROR_GAME, "'%s' is not a deal code: a code starts "
                   "with IS (Indian Summer) or FA (Fall)", quote);
      return FALSE;
    }
  if (p == NULL || !parse_seed (plain, p, &d, quote, error))
    return FALSE;
  g_autofree char *prefix = g_strdup_printf ("'%s' is not a deal code: ", quote);
  if (!check_deal (&d, prefix, error))
    return FALSE;
  *deal = d;
  return TRUE;
}

void
fol_deal_from_game (FolGame *game, FolDeal *deal)
{
  g_return_if_fail (FOL_IS_SUMMER_GAME (game) || FOL_IS_FALL_GAME (game));
  g_return_if_fail (deal != NULL);
  if (FOL_IS_FALL_GAME (game))
    {
      const FallState *s = fol_fall_game_get_state (FOL_FALL_GAME (game));
      fol_deal_init_fall (deal, fol_game_get_seed (game), s->side, s->first_player);
    }
  else
    fol_deal_init_summer (deal, &fol_summer_game_get_state (FOL_SUMMER_GAME (game))->setup);
}

char *
fol_deal_code_for_game (FolGame *game)
{
  g_return_val_if_fail (FOL_IS_SUMMER_GAME (game) || FOL_IS_FALL_GAME (game), NULL);
  FolDeal deal;
  fol_deal_from_game (game, &deal);
  /* a game was set up by the rules, so its deal is one a code names */
  return fol_deal_code_format (&deal, NULL);
}

FolGame *
fol_deal_new_game (const FolDeal *deal, FolPlayer **players, FolStore *store, GError **error)
{
  g_return_val_if_fail (deal != NULL && players != NULL, NULL);
  if (!fol_deal_check (deal, error))
    return NULL;
  if (deal->game == FOL_DEAL_FALL)
    {
      FallOptions opts;
      fol_deal_to_fall_options (deal, &opts);
      return FOL_GAME (fol_fall_game_new (deal->seed, &opts, players, store, error));
    }
  SummerSetup setup;
  fol_deal_to_summer_setup (deal, &setup);
  return FOL_GAME (fol_summer_game_new (&setup, players, store, error));
}

/* The seed bits of a code's shortest form: 7 digits of 5 bits. */
#define SHORT_SEED_BITS (5 * FOL_DEAL_CODE_SEED_DIGITS)
#define SHORT_SEED_MASK ((G_GUINT64_CONSTANT (1) << SHORT_SEED_BITS) - 1)

guint64
fol_deal_code_random_seed (void)
{
  guint64 high = g_random_int (), low = g_random_int ();
  return ((high << 32) | low) & SHORT_SEED_MASK;
}

guint64
fol_deal_of_the_day_seed (const GDate *date)
{
  g_return_val_if_fail (date != NULL && g_date_valid (date), 0);
  char text[16];
  g_snprintf (text, sizeof text, "%04u-%02u-%02u", (guint) g_date_get_year (date), (guint) g_date_get_month (date),
              (guint) g_date_get_day (date));
  /* FNV-1a, 64 bits */
  guint64 h = G_GUINT64_CONSTANT (0xcbf29ce484222325);
  for (const char *c = text; *c; c++)
    {
      h ^= (guchar) *c;
      h *= G_GUINT64_CONSTANT (0x100000001b3);
    }
  return (h ^ (h >> SHORT_SEED_BITS)) & SHORT_SEED_MASK;
}

void
fol_deal_of_the_day (const GDate *date, FolDeal *deal)
{
  g_return_if_fail (deal != NULL);
  SummerSetup setup;
  summer_setup_init (&setup, 1, fol_deal_of_the_day_seed (date));
  fol_deal_init_summer (deal, &setup);
}

void
fol_deal_of_today (FolDeal *deal)
{
  g_return_if_fail (deal != NULL);
  g_autoptr (GDateTime) now = g_date_time_new_now_local ();
  int year, month, day;
  g_date_time_get_ymd (now, &year, &month, &day);
  g_autoptr (GDate) date = g_date_new_dmy ((GDateDay) day, (GDateMonth) month, (GDateYear) year);
  fol_deal_of_the_day (date, deal);
}
