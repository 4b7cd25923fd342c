#!/usr/bin/env python3
"""gen-summer-data.py: writes the Indian Summer component data files.

    build-aux/gen-summer-data.py [DATADIR]      (default: data/ beside build-aux/)

An offline helper, run by hand: the files it writes (data/summer-leaf-tiles.txt,
data/summer-forest-floors.txt, data/summer-animal-tiles.txt) are committed and
read at start-up; nothing is generated at run time (DECISIONS.md).  The output
is deterministic: a fixed-seed splitmix64 generator, no Python `random`.

The constraints it satisfies (and src/engine/summer/summer-components.c checks):
  * Leaf tiles: 17 green trominoes, 29 yellow tetrominoes, 29 red pentominoes,
    each with exactly one Hole; every free shape at least once in its colour;
    a (free shape, Hole position up to symmetry) class at most 3 times for
    yellow and red.  Green has only 4 classes for 17 tiles, so they are spread
    5/4/4/4 (docs/rules-notes.md).
  * Forest Floors: 12 sides, 6 Areas of 3x4 squares each with 4 treasures,
    8 Berries / 7 Nuts / 6 Mushrooms / 3 Feathers per side, at least 2 types
    per Area, no two sides with the same layout.  For a natural look no two
    treasures touch orthogonally and an Area has at most one Feather.
  * Animal tiles: the table of DECISIONS.md.
"""

import os
import sys

# --------------------------------------------------------------------------
# deterministic pseudo-random numbers

class SplitMix64:
    def __init__(self, seed):
        self.state = seed & 0xFFFFFFFFFFFFFFFF

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        return z ^ (z >> 31)

    def below(self, n):
        # rejection sampling: unbiased
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            v = self.next()
            if v < limit:
                return v % n

    def shuffle(self, items):
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


# --------------------------------------------------------------------------
# polyominoes

def parse(pattern):
    """cells [(x, y)] in reading order of a pattern such as '##/#.'"""
    cells = []
    for y, row in enumerate(pattern.split('/')):
        for x, ch in enumerate(row):
            if ch in '#O':
                cells.append((x, y))
    return cells


def transform(cells, t):
    out = []
    for x, y in cells:
        if t & 4:
            x = -x
        for _ in range(t & 3):
            x, y = -y, x
        out.append((x, y))
    return out


def normalise(cells):
    mx = min(x for x, _ in cells)
    my = min(y for _, y in cells)
    return [(x - mx, y - my) for x, y in cells]


def free_key(cells):
    return min(tuple(sorted(normalise(transform(cells, t)), key=lambda c: (c[1], c[0])))
               for t in range(8))


def hole_key(cells, hole):
    best = None
    for t in range(8):
        n = normalise(transform(cells, t))
        k = (tuple(sorted(n, key=lambda c: (c[1], c[0]))), n[hole])
        if best is None or k < best:
            best = k
    return best


def hole_classes(pattern):
    """the Hole classes of a shape: lists of cell indices equivalent under its symmetries,
    in reading order of their first cell"""
    cells = parse(pattern)
    classes = {}
    for i in range(len(cells)):
        classes.setdefault(hole_key(cells, i), []).append(i)
    return sorted(classes.values())


def render(pattern, hole):
    """the pattern with cell number @hole (reading order) shown as 'O'"""
    out, i = [], 0
    for ch in pattern:
        if ch == '#':
            out.append('O' if i == hole else '#')
            i += 1
        else:
            out.append(ch)
    return ''.join(out)


# The free shapes as printed, with how many tiles of each.  Names: the usual
# letters (Golomb), with the size added to I, L and T.  The counts favour the
# bent shapes, as a puzzle designer would; each shape's tiles are spread over
# its Hole classes by spread().
GREEN = [
    ('I3', 'straight tromino', '###', 8),
    ('L3', 'bent tromino', '##/#.', 9),
]
YELLOW = [
    ('I4', 'straight tetromino', '####', 4),
    ('O4', 'square tetromino', '##/##', 3),
    ('T4', 'T tetromino', '###/.#.', 7),
    ('S4', 'S tetromino', '.##/##.', 5),
    ('L4', 'L tetromino', '###/#..', 10),
]
RED = [
    ('F', 'F pentomino', '.##/##./.#.', 3),
    ('I5', 'straight pentomino', '#####', 2),
    ('L5', 'L pentomino', '####/#...', 3),
    ('N', 'N pentomino', '##../.###', 3),
    ('P', 'P pentomino', '##/##/#.', 3),
    ('T5', 'T pentomino', '###/.#./.#.', 2),
    ('U', 'U pentomino', '#.#/###', 2),
    ('V', 'V pentomino', '#../#../###', 2),
    ('W', 'W pentomino', '#../##./.##', 2),
    ('X', 'X pentomino', '.#./###/.#.', 2),
    ('Y', 'Y pentomino', '####/.#..', 3),
    ('Z', 'Z pentomino', '##./.#./.##', 2),
]


def spread(rng, shapes, total, cap, letter, colour):
    """Tiles [(id, colour, pattern, shape name)]: each shape's tiles spread
    over its Hole classes as evenly as possible (at most @cap per class);
    which classes get the extra tiles is drawn at random."""
    if sum(s[3] for s in shapes) != total:
        raise SystemExit('%s: the shape counts do not add up to %d' % (colour, total))
    tiles = []
    for name, _, pattern, n in shapes:
        classes = hole_classes(pattern)
        count = [0] * len(classes)
        while sum(count) < n:
            level = min(count)
            if level >= cap:
                raise SystemExit('%s: %d tiles do not fit %d classes x %d' % (name, n, len(classes), cap))
            low = [k for k in range(len(classes)) if count[k] == level]
            rng.shuffle(low)
            for k in low[: n - sum(count)]:
                count[k] += 1
        for k, cl in enumerate(classes):
            for i in range(count[k]):
                tiles.append((name, render(pattern, cl[i % len(cl)])))   # vary the cell within the class
    return [('%s%02d' % (letter, i + 1), colour, pat, name) for i, (name, pat) in enumerate(tiles)]


def leaf_file(rng):
    lines = [
        '# summer-leaf-tiles.txt: the 75 Leaf tiles of Indian Summer (DECISIONS.md, "Leaf tiles").',
        '# Written by build-aux/gen-summer-data.py (deterministic); edit by hand or re-run it.',
        '#',
        '# One tile per line:  ID COLOUR PATTERN',
        '#   ID       stable id: G01..G17 green (3 cells), Y01..Y29 yellow (4 cells),',
        '#            R01..R29 red (5 cells), in this order',
        '#   COLOUR   green, yellow or red',
        "#   PATTERN  the tile as printed, rows top to bottom separated by '/':",
        "#            '#' a cell, 'O' the Hole (a cell of the tile too), '.' no cell",
        '# Tiles may be rotated and flipped in play.  Every free tromino, tetromino and',
        '# pentomino appears at least once in its colour; a (shape, Hole position up to',
        '# symmetry) pair appears at most 3 times (green: at most 5, see docs/rules-notes.md).',
        "# In this file a '#' starts a comment only at the start of a line or as a word",
        "# of its own (with white space after it), so patterns may use '#'.",
    ]
    for letter, colour, shapes, total, cap in (('G', 'green', GREEN, 17, 5),
                                               ('Y', 'yellow', YELLOW, 29, 3),
                                               ('R', 'red', RED, 29, 3)):
        tiles = spread(rng, shapes, total, cap, letter, colour)
        size = len(parse(shapes[0][2]))
        lines += ['', '# ---- %s: %d tiles of %d cells ----' % (colour, total, size)]
        prev = None
        for tid, col, pat, name in tiles:
            if name != prev:
                desc = next(s[1] for s in shapes if s[0] == name)
                lines.append('# %s' % desc)
                prev = name
            lines.append('%s %-6s %s' % (tid, col, pat))
    return '\n'.join(lines) + '\n'


# --------------------------------------------------------------------------
# Forest Floors

COLS, ROWS = 9, 8
TREASURES = 'B' * 8 + 'N' * 7 + 'M' * 6 + 'F' * 3


def area_of(r, c):
    return (r // 4) * 3 + c // 3       # 0..5


def side_layout(rng):
    """an 8x9 grid of treasure letters / '.'"""
    while True:
        tokens = list(TREASURES)
        rng.shuffle(tokens)
        groups = [tokens[4 * a: 4 * a + 4] for a in range(6)]
        if all(len(set(g)) >= 2 and g.count('F') <= 1 for g in groups):
            break
    while True:
        grid = [['.'] * COLS for _ in range(ROWS)]
        ok = True
        for a in range(6):
            r0, c0 = (a // 3) * 4, (a % 3) * 3
            squares = [(r0 + r, c0 + c) for r in range(4) for c in range(3)]
            for _ in range(200):
                rng.shuffle(squares)
                pick = squares[:4]
                if all(grid[r + dr][c + dc] == '.'
                       for r, c in pick
                       for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0))
                       if 0 <= r + dr < ROWS and 0 <= c + dc < COLS) and \
                   all(abs(r1 - r2) + abs(c1 - c2) > 1 for r1, c1 in pick for r2, c2 in pick if (r1, c1) != (r2, c2)):
                    break
            else:
                ok = False
                break
            pick.sort()
            for (r, c), t in zip(pick, groups[a]):
                grid[r][c] = t
        if ok:
            return [''.join(row) for row in grid]


def floor_file(rng):
    lines = [
        '# summer-forest-floors.txt: the 12 Forest Floor sides of Indian Summer',
        '# (DECISIONS.md, "Forest Floor").',
        '# Written by build-aux/gen-summer-data.py (deterministic); edit by hand or re-run it.',
        '#',
        '# Each side is a block, the sides in the order 1A, 1B, 2A, ..., 6B:',
        '#   side NAME',
        '#   8 lines of 9 digits: the Area (1-6) of each square, top row first.  The',
        '#     Areas are blocks of 3 columns x 4 rows, 3 across and 2 down, numbered',
        '#     left to right, top to bottom.',
        "#   8 lines of 9 characters: the printed treasure of each square: 'B' Berry,",
        "#     'N' Nut, 'M' Mushroom, 'F' Feather, '.' none.",
        '# Each Area shows exactly 4 treasures of at least 2 types; each side 8 Berries,',
        '# 7 Nuts, 6 Mushrooms and 3 Feathers; no two sides have the same layout.',
    ]
    seen = set()
    for board in range(1, 7):
        for face in 'AB':
            while True:
                grid = side_layout(rng)
                if tuple(grid) not in seen:
                    seen.add(tuple(grid))
                    break
            lines += ['', 'side %d%s' % (board, face), '# Areas']
            for r in range(ROWS):
                lines.append(''.join(str(area_of(r, c) + 1) for c in range(COLS)))
            lines.append('# treasures')
            lines += grid
    return '\n'.join(lines) + '\n'


# --------------------------------------------------------------------------
# Animal tiles

ANIMALS = [
    ('Mouse', 6, '-', '##', 'domino'),
    ('Hare', 4, '-', '###', 'straight 3'),
    ('Owl', 4, '-', '##/#.', 'bent (L) 3'),
    ('Hedgehog', 3, '-', '##/##', 'square 2x2'),
    ('Racoon', 1, 'M', '###/.#.', 'T 4, a Mushroom on it at set-up'),
    ('Fox', 1, 'F', '###/#..', 'L 4, a Feather on it at set-up'),
    ('Badger', 1, 'N', '####', 'straight 4, a Nut on it at set-up'),
]


def animal_file():
    lines = [
        '# summer-animal-tiles.txt: the 20 Animal tiles of Indian Summer, 7 kinds',
        '# (DECISIONS.md, "Animal tiles").',
        '# Written by build-aux/gen-summer-data.py (deterministic); edit by hand or re-run it.',
        '#',
        '# One kind per line, in this order:  NAME COUNT SETUP_TREASURE PATTERN',
        '#   COUNT           how many tiles of the kind',
        "#   SETUP_TREASURE  the treasure placed on each at set-up: 'B' Berry, 'N' Nut,",
        "#                   'M' Mushroom, 'F' Feather, or '-' none",
        "#   PATTERN         rows separated by '/': '#' a cell, '.' no cell (no Hole)",
        '# Animal tiles may be rotated and flipped.',
        "# A '#' starts a comment only at the start of a line or as a word of its own.",
        '',
    ]
    width = max(len(a[0]) for a in ANIMALS)
    for name, count, setup, pattern, desc in ANIMALS:
        row = '%-*s %d %s %s' % (width, name, count, setup, pattern)
        lines.append('%-24s # %s' % (row, desc))
    return '\n'.join(lines) + '\n'


def main():
    datadir = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'data')
    files = {
        'summer-leaf-tiles.txt': leaf_file(SplitMix64(0x1EAF5)),
        'summer-forest-floors.txt': floor_file(SplitMix64(0xF0E57)),
        'summer-animal-tiles.txt': animal_file(),
    }
    for name, text in files.items():
        with open(os.path.join(datadir, name), 'w', encoding='utf-8', newline='\n') as f:
            f.write(text)


if __name__ == '__main__':
    main()
