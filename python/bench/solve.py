"""Throughput of sudoflow.solve on a puzzle file, against the command line.
A benchmark, not a test: it reports numbers and checks nothing but that
both sides give the same solutions.

    python3 python/bench/solve.py FILE [--threads N] [--cli build/sudoflow]
                                  [--repeat R]

FILE holds one 81-character puzzle per line.  Reported, in puzzles/s:

  load        the file into a uint8[N, 81] array (NumPy, outside the
              library: reading files is the command line's job)
  solve       sudoflow.solve on that array (the best of R runs, each
              run beside a run of the command line)
  load+solve  both, as a script that starts from the file does
  strings     sudoflow.solve on the file's lines as a list of str (the
              library parses them), lines read included
  cli         `sudoflow solve -q -j N FILE > /dev/null` (read, parse,
              solve, write; the best of R runs), with --cli
"""

import argparse
import os
import resource
import subprocess
import time

import numpy as np

import sudoflow


def load(path):
    """uint8[N, 81] from a file of puzzle lines, the 81 cells first ('.'
    or '0' empty), LF or CRLF line ends."""
    raw = np.fromfile(path, dtype=np.uint8)
    if len(raw) and raw[-1] != ord("\n"):
        raw = np.append(raw, np.uint8(ord("\n")))
    ends = np.flatnonzero(raw == ord("\n"))
    starts = np.concatenate(([0], ends[:-1] + 1))
    if ((ends - starts) < 81).any():
        raise SystemExit("%s: a line shorter than 81 characters" % path)
    table = np.zeros(256, dtype=np.uint8)
    table[ord("1"):ord("9") + 1] = np.arange(1, 10)
    cells = np.empty((len(starts), 81), dtype=np.uint8)
    step = 65536  # rows at a time, to keep the index array small
    cols = np.arange(81, dtype=np.int64)
    for i in range(0, len(starts), step):
        rows = starts[i:i + step, None] + cols
        cells[i:i + step] = table[raw[rows]]
    return cells


def cpu_seconds():
    """CPU time of this process (all its threads) and its children."""
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def best(runs, fn):
    """(wall seconds, CPU seconds) of the fastest of runs calls, and the
    last call's result."""
    times = []
    for _ in range(runs):
        t, c = time.perf_counter(), cpu_seconds()
        out = fn()
        times.append((time.perf_counter() - t, cpu_seconds() - c))
    return min(times), out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("file")
    ap.add_argument("--threads", type=int, default=0)
    ap.add_argument("--cli", help="the sudoflow binary to compare with")
    ap.add_argument("--repeat", type=int, default=3)
    a = ap.parse_args()

    t_load, cells = best(1, lambda: load(a.file))
    n = len(cells)
    cmd = [a.cli, "solve", "-q", "-j", str(a.threads), a.file]

    def cli():
        with open(os.devnull, "wb") as null:
            subprocess.run(cmd, stdout=null, check=True)

    # the two in alternation, so that a change in the machine's load
    # hits both
    solves, clis = [], []
    for _ in range(a.repeat):
        t, r = best(1, lambda: sudoflow.solve(cells, threads=a.threads))
        solves.append(t)
        if a.cli:
            clis.append(best(1, cli)[0])
    t_solve = min(solves)

    def from_strings():
        with open(a.file) as f:
            return sudoflow.solve(f.read().splitlines(), threads=a.threads)

    t_str, r2 = best(1, from_strings)
    assert (r2.solutions == r.solutions).all()
    load_solve = (t_load[0] + t_solve[0], t_load[1] + t_solve[1])
    rows = [("load", t_load), ("solve", t_solve),
            ("load+solve", load_solve), ("strings", t_str)]
    if a.cli:
        t_cli = min(clis)
        rows.append(("cli", t_cli))
        out = subprocess.run(cmd[:-1] + ["--fields", "solution", a.file],
                             stdout=subprocess.PIPE, check=True).stdout
        assert out.decode().splitlines() == sudoflow.to_strings(
            r.solutions, "0")
    print("%s: %d puzzles, threads %s" % (a.file, n, a.threads or "all"))
    print("  %-10s %8s %12s %8s %14s" % ("", "wall s", "puzzles/s", "CPU s",
                                          "puzzles/CPU s"))
    for name, (wall, cpu) in rows:
        print("  %-10s %8.3f %12.0f %8.3f %14.0f"
              % (name, wall, n / wall, cpu, n / cpu))
    if a.cli:
        cli_wall, cli_cpu = t_cli
        for name, (wall, cpu) in rows[1:4]:
            print("  %s / cli: %.2f by wall time, %.2f by CPU time"
                  % (name, cli_wall / wall, cli_cpu / cpu))


if __name__ == "__main__":
    main()
