"""Throughput of sudoflow.solve on a puzzle file, against the command line.
A benchmark, not a test: it reports numbers and checks nothing but that
both sides give the same solutions.

    python3 python/bench/solve.py FILE [--threads N] [--cli build/sudoflow]
                                  [--repeat R]

FILE is any puzzle file the command line reads, other than pencilmarks:
line, grid or csv, plain or gzip, with # comments.  Reported, in
puzzles/s:

  load        sudoflow.read: the file into a uint8[N, 81] array
  solve       sudoflow.solve on that array (the best of R runs, each
              run beside a run of the command line)
  load+solve  both, as a script that starts from the file does
  strings     sudoflow.solve on the file's lines as a list of str (the
              library parses them), lines read included; only for a
              plain line-format file
  cli         `sudoflow solve -q -j N FILE > /dev/null` (read, parse,
              solve, write; the best of R runs), with --cli
"""

import argparse
import os
import resource
import subprocess
import time

import sudoflow


def load(path):
    """The file's records as the command line reads them: a ReadResult."""
    return sudoflow.read(path)


def plain_lines(path):
    """The file's lines when it is plain line-format text, else None."""
    with open(path, "rb") as f:
        if f.read(2) == b"\x1f\x8b":
            return None
    with open(path) as f:
        lines = [x for x in f.read().splitlines()
                 if x.strip() and not x.startswith("#")]
    return lines if lines and len(lines[0]) >= 81 else None


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

    t_load, records = best(1, lambda: load(a.file))
    cells = records.puzzles[~records.invalid]  # the puzzles among them
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

    load_solve = (t_load[0] + t_solve[0], t_load[1] + t_solve[1])
    rows = [("load", t_load), ("solve", t_solve), ("load+solve", load_solve)]
    if plain_lines(a.file) is not None:
        def from_strings():
            return sudoflow.solve(plain_lines(a.file), threads=a.threads)

        t_str, r2 = best(1, from_strings)
        assert (r2.solutions == r.solutions).all()
        rows.append(("strings", t_str))
    if a.cli:
        t_cli = min(clis)
        rows.append(("cli", t_cli))
        out = subprocess.run(cmd[:-1] + ["--fields", "solution",
                                         "--out-format", "line", a.file],
                             stdout=subprocess.PIPE, check=True).stdout
        want = [x for x, bad in zip(out.decode().splitlines(),
                                    records.invalid) if not bad]
        got = [x if k else "" for x, k in
               zip(sudoflow.to_strings(r.solutions, "0"), r.counts)]
        assert want == got, "the solutions differ from the command line's"
    print("%s: %d puzzles, threads %s" % (a.file, n, a.threads or "all"))
    print("  %-10s %8s %12s %8s %14s" % ("", "wall s", "puzzles/s", "CPU s",
                                          "puzzles/CPU s"))
    for name, (wall, cpu) in rows:
        print("  %-10s %8.3f %12.0f %8.3f %14.0f"
              % (name, wall, n / wall, cpu, n / cpu))
    if a.cli:
        cli_wall, cli_cpu = t_cli
        for name, (wall, cpu) in rows[1:-1]:
            print("  %s / cli: %.2f by wall time, %.2f by CPU time"
                  % (name, cli_wall / wall, cli_cpu / cpu))


if __name__ == "__main__":
    main()
