/* store-test-util.h: helpers shared by the store tests (tests/test-store*.c). */
#pragma once

#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>

/* A new temporary folder for one test's databases. */
static inline char *
store_test_tmpdir (void)
{
  g_autoptr (GError) error = NULL;
  char *dir = g_dir_make_tmp ("foliage-store-test-XXXXXX", &error);
  g_assert_no_error (error);
  return dir;
}

/* Removes @dir and everything in it (one level of subfolders). */
static inline void
store_test_rmdir (const char *dir)
{
  g_chmod (dir, 0700);
  GDir *d = g_dir_open (dir, 0, NULL);
  if (d)
    {
      const char *name;
      while ((name = g_dir_read_name (d)))
        {
          g_autofree char *p = g_build_filename (dir, name, NULL);
          if (g_file_test (p, G_FILE_TEST_IS_DIR) && !g_file_test (p, G_FILE_TEST_IS_SYMLINK))
            store_test_rmdir (p);
          else
            g_unlink (p);
        }
      g_dir_close (d);
    }
  g_rmdir (dir);
}

/* FNV-1a, 64 bits, of the moves joined by '\n': the synthetic "state hash"
 * of the store tests (the store never computes hashes itself). */
static inline guint64
store_test_hash_moves (const char *const *moves, int n)
{
  guint64 h = G_GUINT64_CONSTANT (0xcbf29ce484222325);
  for (int i = 0; i < n; i++)
    {
      if (i > 0)
        {
          h ^= '\n';
          h *= G_GUINT64_CONSTANT (0x100000001b3);
        }
      for (const unsigned char *c = (const unsigned char *) moves[i]; *c; c++)
        {
          h ^= *c;
          h *= G_GUINT64_CONSTANT (0x100000001b3);
        }
    }
  return h;
}

/* The synthetic move of ply @ply (1-based): text like "G05 r1 e4". */
static inline char *
store_test_move (int ply)
{
  static const char colours[] = "GYR";
  return g_strdup_printf ("%c%02d r%d e%d", colours[ply % 3], ply % 29 + 1, ply % 4, (ply * 7) % 9 + 1);
}
