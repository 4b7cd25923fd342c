#!/usr/bin/env python3
"""Offline generator of the Fall component data files (not run by the build).

    build-aux/gen-fall-data.py [DATA_DIR]

Writes data/fall-leaf-tiles.txt from a fixed seed so that every count of
DECISIONS.md ("Fall", Leaf tiles) holds:
  colours: 6 yellow, 6 red, 6 green one-colour; 12 each yellow/red,
           red/green, green/yellow two-colour;
  icons:   one icon: Fox 14, Bird 12, Mushroom 10; two icons: 6 each of
           Fox+Bird, Fox+Mushroom, Bird+Mushroom;
  flowers: 18 tiles with 1 segment, 18 with 2, 18 with 3; 36 of each kind.
The season board and scoring card files are written by hand.  The output is
committed; the engine only reads it (DECISIONS.md: nothing generated at run
time).  Rerunning gives the very same file.
"""
import random
import sys

SEED = 20261130

def main():
    out_dir = sys.argv[1] if len(sys.argv) > 1 else "data"
    rng = random.Random(SEED)
    colours = ["Y"] * 6 + ["R"] * 6 + ["G"] * 6 + ["YR"] * 12 + ["RG"] * 12 + ["GY"] * 12
    icons = ["F"] * 14 + ["B"] * 12 + ["M"] * 10 + ["FB"] * 6 + ["FM"] * 6 + ["BM"] * 6
    # flower sets: 18 x three kinds, 6 x each pair, 6 x each single kind
    flowers = [["A", "D", "C"]] * 18
    flowers += [["A", "D"]] * 6 + [["D", "C"]] * 6 + [["C", "A"]] * 6
    flowers += [["A"]] * 6 + [["D"]] * 6 + [["C"]] * 6
    # spread icons and flowers evenly over the colour groups: deal them in
    # a shuffled order over the colour-sorted tiles
    rng.shuffle(icons)
    rng.shuffle(flowers)
    icons.sort(key=lambda s: (len(s), s))
    # interleave so each colour group gets a mix: deal round robin
    order = list(range(54))
    groups = {}
    for i, c in enumerate(colours):
        groups.setdefault(c, []).append(i)
    dealt = []
    keys = list(groups)
    while any(groups[k] for k in keys):
        for k in keys:
            if groups[k]:
                dealt.append(groups[k].pop(0))
    tile_icons = [None] * 54
    for slot, i in enumerate(dealt):
        tile_icons[i] = icons[slot]
    tile_flowers = [None] * 54
    for i in order:
        kinds = list(flowers[i])
        rng.shuffle(kinds)
        corners = ["."] * 6
        if len(kinds) == 3:
            start = rng.randrange(2)
            pos = [start, start + 2, start + 4]
        else:
            pos = rng.sample(range(6), len(kinds))
        for k, p in zip(kinds, pos):
            corners[p] = k
        tile_flowers[i] = "".join(corners)
    lines = []
    lines.append("# fall-leaf-tiles.txt: the 54 Leaf tiles and the starting tile of Fall.")
    lines.append("# Generated once by build-aux/gen-fall-data.py (seed %d); edit with care:" % SEED)
    lines.append("# the loader checks every count of DECISIONS.md (\"Fall\", Leaf tiles).")
    lines.append("#")
    lines.append("# tile ID EDGES ICONS FLOWERS")
    lines.append("#   ID       stable id, L01..L54 (the starting tile: S00)")
    lines.append("#   EDGES    colour of edges 0..5, clockwise from east (see hexgrid.h):")
    lines.append("#            Y yellow, R red, G green; a two-colour tile has 3 consecutive")
    lines.append("#            edges of each colour")
    lines.append("#   ICONS    F Fox, B Bird (Hoopoe or Robin), M Mushroom; one or two; '-' none")
    lines.append("#   FLOWERS  the flower segment on corners 0..5 (corner c between edges c")
    lines.append("#            and c+1): A Autumn Crocus, D Daffodil, C Cosmos, '.' none")
    lines.append("")
    lines.append("start S00 YYRRGG - A.D.C.")
    lines.append("")
    for i in range(54):
        c = colours[i]
        edges = c * 6 if len(c) == 1 else c[0] * 3 + c[1] * 3
        lines.append("tile L%02d %s %-2s %s" % (i + 1, edges, tile_icons[i], tile_flowers[i]))
    with open(out_dir + "/fall-leaf-tiles.txt", "w") as f:
        f.write("\n".join(lines) + "\n")

if __name__ == "__main__":
    main()
