#!/usr/bin/python3
"""singles_waves.py -- the work a singles-only puzzle holds, for the
lower bound in docs/bench.md ("The physical side").

For every puzzle of a file (81 cells a line, '.' or '0' empty; gzip
read when the name ends in .gz) it counts the givens, the placements
left to make (81 less the givens), and the waves of singles: each wave
places, all at once, every naked single (a cell with one candidate) and
every hidden single (a digit with one place in a row, column or box) of
the grid the waves before it left.  A wave can only start once the one
before it is placed, so the number of waves is the length of the chain
of dependent placements any solver must walk, however wide a machine.
Puzzles that singles do not solve are counted and left out.

Usage: bench/singles_waves.py FILE...
Prints one line a file: puzzles, mean givens, mean placements, mean,
median and largest number of waves.
"""
import gzip
import statistics
import sys

UNITS = ([[9 * r + c for c in range(9)] for r in range(9)] +
         [[9 * r + c for r in range(9)] for c in range(9)] +
         [[27 * (b // 3) + 3 * (b % 3) + 9 * r + c
           for r in range(3) for c in range(3)] for b in range(9)])
PEERS = [sorted({p for u in UNITS if i in u for p in u} - {i})
         for i in range(81)]


def candidates(grid):
    """Candidate digits (a set) of every empty cell."""
    return {i: set(range(1, 10)) - {grid[p] for p in PEERS[i]}
            for i in range(81) if grid[i] == 0}


def wave(grid):
    """The singles of this grid: {cell: digit}; None on a contradiction."""
    cand = candidates(grid)
    found = {}
    for i, c in cand.items():
        if not c:
            return None
        if len(c) == 1:
            found[i] = next(iter(c))
    for u in UNITS:
        for d in range(1, 10):
            if any(grid[i] == d for i in u):
                continue
            places = [i for i in u if grid[i] == 0 and d in cand[i]]
            if not places:
                return None
            if len(places) == 1:
                found.setdefault(places[0], d)
    return found


def waves(grid):
    """Number of waves singles need to fill the grid, or None."""
    n = 0
    while 0 in grid:
        found = wave(grid)
        if not found:
            return None
        for i, d in found.items():
            grid[i] = d
        n += 1
    return n


def puzzles(name):
    opener = gzip.open if name.endswith(".gz") else open
    with opener(name, "rt") as f:
        for line in f:
            line = line.strip()
            if len(line) >= 81 and not line.startswith("#"):
                yield [0 if ch in ".0" else int(ch) for ch in line[:81]]


def main(names):
    for name in names:
        givens, counts, left_out = [], [], 0
        for grid in puzzles(name):
            g = 81 - grid.count(0)
            n = waves(grid)
            if n is None:
                left_out += 1
                continue
            givens.append(g)
            counts.append(n)
        if not counts:
            print(f"{name}: no puzzle solved by singles ({left_out} left out)")
            continue
        print(f"{name}: {len(counts)} puzzles ({left_out} left out), "
              f"givens {statistics.mean(givens):.1f}, "
              f"placements {81 - statistics.mean(givens):.1f}, "
              f"waves mean {statistics.mean(counts):.2f} "
              f"median {statistics.median(counts):g} max {max(counts)}")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit("usage: bench/singles_waves.py FILE...")
    main(sys.argv[1:])
