"""Tests of the sudoflow Python package.

Answers are compared with the command line's output on the same records,
field by field as it prints them; they are also checked on their own
terms (solutions are Latin-square grids holding the givens, copies and
puzzles have the canonical form of their source, generated puzzles have
one solution), so a fault shared by both sides still shows.  Every batch
call gives the same arrays for 1, 2 and 3 threads, and bad input raises
the documented exceptions.
"""

import os

import numpy as np
import pytest

import sudoflow
from conftest import ROOT, load

BAD_RECORDS = [
    "not a puzzle",
    "1" * 80,
    "1" * 82,
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3..."
    ".4.9.......x",
]


def to_cells(lines):
    """Independent parse of clean 81-character lines (digits, '.', '0')."""
    raw = np.frombuffer("".join(lines).encode(), dtype=np.uint8)
    cells = raw.reshape(-1, 81).astype(np.int16) - ord("0")
    cells[cells < 0] = 0  # '.'
    return cells.astype(np.uint8)


def is_solution(puzzle, grid):
    """grid completes puzzle and every unit holds 1..9 once."""
    g = grid.reshape(9, 9)
    boxes = g.reshape(3, 3, 3, 3).transpose(0, 2, 1, 3).reshape(9, 9)
    want = np.arange(1, 10)
    units_ok = all((np.sort(u) == want).all()
                   for m in (g, g.T, boxes) for u in m)
    givens = puzzle != 0
    return units_ok and (grid[givens] == puzzle[givens]).all()


def field(cells, empty):
    return sudoflow.to_strings(cells[None, :], empty)[0]


# --------------------------------------------------------------- solving

def _cells_of(line):
    return np.array([int(c) if c in "123456789" else 0 for c in line[:81]],
                    dtype=np.uint8)


@pytest.mark.parametrize("limit,lex", [(1, False), (2, False), (5, True),
                                       (0, False)])
def test_solve_matches_cli(cli, limit, lex):
    lines = (load("sample.txt.gz", 300) + load("multi.txt.gz", 100) +
             load("random.txt.gz", 200) + BAD_RECORDS +
             ["11" + "." * 79, load("sample.txt.gz", 1)[0] + ",rating=3"])
    if limit == 0:  # counting every solution: few solutions each
        lines = load("multi.txt.gz", 50) + BAD_RECORDS
    args = ["solve", "--in-format", "line", "--limit", str(limit),
            "--fields", "puzzle,solution,status,count,guesses"]
    if lex:
        args.append("--lex")
    want = cli(args, lines)
    r = sudoflow.solve(lines, limit=limit, lex=lex)
    got = []
    for i, line in enumerate(lines):
        puzzle = "" if r.invalid[i] else field(_cells_of(line), ".")
        sol = field(r.solutions[i], "0") if r.counts[i] else ""
        got.append(",".join([puzzle, sol,
                             sudoflow.STATUS_NAMES[r.statuses[i]],
                             str(r.counts[i]), str(r.guesses[i])]))
    assert got == want


def test_solutions_are_solutions():
    lines = load("sample.txt.gz", 500)
    cells = to_cells(lines)
    r = sudoflow.solve(cells, limit=2)
    assert (r.statuses == sudoflow.UNIQUE).all()
    assert (r.counts == 1).all()
    for p, s in zip(cells, r.solutions):
        assert is_solution(p, s)


def test_lex_is_smallest():
    # the first open cell of the smallest solution holds the smallest
    # digit that still leaves a solution
    lines = load("manysol.txt.gz", 20)
    sols = sudoflow.solve(lines, lex=True).solutions
    for line, sol in zip(lines, sols):
        cells = _cells_of(line)
        assert is_solution(cells, sol)
        c = int(np.argmax(cells == 0))
        tries = np.repeat(cells[None, :], 9, axis=0)
        tries[:, c] = np.arange(1, 10)
        r = sudoflow.solve(tries)
        assert int(np.argmax(r.counts > 0)) + 1 == sol[c]


def test_arrays_and_strings_agree():
    lines = load("random.txt.gz", 300)
    a = sudoflow.solve(lines, limit=2)
    b = sudoflow.solve(to_cells(lines), limit=2)
    c = sudoflow.solve(to_cells(lines).astype(np.int64), limit=2)
    for x in (b, c):
        for name in ("solutions", "counts", "statuses", "guesses"):
            assert (getattr(a, name) == getattr(x, name)).all()


def test_invalid_and_unsolvable_rows():
    good = load("sample.txt.gz", 1)[0]
    lines = [good] + BAD_RECORDS + ["11" + "." * 79,
                                    good + ";note", good.encode().decode()]
    r = sudoflow.solve(lines, limit=2)
    assert list(r.invalid) == [False] + [True] * 4 + [False] * 3
    names = [sudoflow.STATUS_NAMES[s] for s in r.statuses]
    assert names == ["unique"] + ["invalid"] * 4 + ["unsolvable", "unique",
                                                    "unique"]
    assert (r.solutions[1:6] == 0).all() and (r.counts[1:6] == 0).all()
    # bytes records and non-Latin-1 text
    rb = sudoflow.solve([s.encode() for s in lines], limit=2)
    assert (rb.statuses == r.statuses).all()
    ru = sudoflow.solve(["\u00e9" * 81, good + "\u2603"], limit=2)
    assert list(ru.invalid) == [True, True]


def test_line_ends_are_not_part_of_records():
    lines = load("sample.txt.gz", 20)
    a = sudoflow.solve(lines)
    for end in ("\n", "\r\n"):
        b = sudoflow.solve([line + end for line in lines])
        assert (a.solutions == b.solutions).all() and not b.invalid.any()
    c = sudoflow.solve([lines[0] + "\n\n", lines[0] + "\r", "\n"])
    assert list(c.invalid) == [True, False, True]


def test_single_string_and_empty_input():
    good = load("sample.txt.gz", 1)[0]
    assert sudoflow.solve(good).solutions.shape == (1, 81)
    for empty in ([], np.zeros((0, 81), np.uint8)):
        r = sudoflow.solve(empty)
        assert r.solutions.shape == (0, 81) and len(r) == 0


# --------------------------------------------------------------- reading

def test_read_formats(tmp_path):
    """read() takes what the command line takes: gzip with # comments,
    grids, csv (column by name), several files as one stream, and flags
    records that are not puzzles."""
    lines = load("random.txt.gz", 20)
    gz = os.path.join(ROOT, "data", "random.txt.gz")
    r = sudoflow.read(gz)
    assert (r.puzzles[:20] == to_cells([x[:81] for x in lines])).all()
    assert not r.invalid.any() and r.lines[0] > 1  # after the # header
    grid = tmp_path / "g.txt"
    grid.write_text("".join(lines[0][9 * k:9 * k + 9].replace(".", "0") +
                            "\n" for k in range(9)))
    csv = tmp_path / "c.csv"
    csv.write_text("id,board\n1,%s\n2,%s\n" % (lines[1][:81], "x" * 81))
    r = sudoflow.read([str(grid), str(csv)], column="board")
    assert (r.puzzles[0] == to_cells([lines[0][:81]])[0]).all()
    assert (r.puzzles[1] == to_cells([lines[1][:81]])[0]).all()
    assert list(r.invalid) == [False, False, True]
    assert list(r.lines) == [1, 2, 3]
    assert (r.puzzles[2] == 0).all()


def test_read_errors(tmp_path):
    csv = tmp_path / "c.csv"
    csv.write_text("id,board\n1,%s\n" % load("sample.txt.gz", 1)[0])
    with pytest.raises(ValueError, match="--column"):
        sudoflow.read(str(csv))
    with pytest.raises(OSError, match="nosuch"):
        sudoflow.read(str(tmp_path / "nosuch.txt"))
    with pytest.raises(ValueError, match="format"):
        sudoflow.read(str(csv), format="pencil")
    with pytest.raises(ValueError, match="no paths"):
        sudoflow.read([])


# ------------------------------------------------------------ generating

@pytest.mark.parametrize("opts,args", [
    ({}, []),
    ({"clues": 30, "symmetry": "rot180"}, ["--clues", "30", "--symmetry",
                                           "rot180"]),
    ({"level": "subsets"}, ["--level", "subsets"]),
    ({"min_rating": 2, "max_rating": 6.5}, ["--min-rating", "2",
                                            "--max-rating", "6.5"]),
])
def test_generate_matches_cli(cli, opts, args):
    n = 40 if "clues" in opts or not opts else 4
    want = cli(["generate", "-n", str(n), "--seed", "20240601"] + args)
    got = sudoflow.generate(n, 20240601, **opts)
    assert sudoflow.to_strings(got) == want
    r = sudoflow.solve(got, limit=2)
    assert (r.statuses == sudoflow.UNIQUE).all()
    if "clues" in opts:
        assert ((got != 0).sum(axis=1) == opts["clues"]).all()
        assert ((got != 0) == (got[:, ::-1] != 0)).all()  # rot180
    if "level" in opts:
        levels = sudoflow.rate(got).levels
        assert all(sudoflow.LEVEL_NAMES[v] == opts["level"] for v in levels)
    if "min_rating" in opts:
        ratings = sudoflow.rate(got).ratings
        assert ((ratings >= 2) & (ratings <= 6.5)).all()


def test_generate_seed_and_prefix():
    a = sudoflow.generate(12, 7)
    assert (sudoflow.generate(5, 7) == a[:5]).all()
    assert not (sudoflow.generate(12, 8) == a).all(axis=1).any()


# --------------------------------------------------------------- rating

def test_rate_matches_cli(cli):
    lines = (load("sample.txt.gz", 60) + load("multi.txt.gz", 20) +
             BAD_RECORDS + ["11" + "." * 79])
    want = cli(["rate", "--in-format", "line",
                "--fields", "status,rating,level"], lines)
    r = sudoflow.rate(lines)
    got = []
    for i in range(len(lines)):
        rating = "" if np.isnan(r.ratings[i]) else "%.2f" % r.ratings[i]
        level = "" if r.levels[i] < 0 else sudoflow.LEVEL_NAMES[r.levels[i]]
        got.append(",".join([sudoflow.STATUS_NAMES[r.statuses[i]], rating,
                             level]))
    assert got == want
    assert list(r.invalid[-5:]) == [True] * 4 + [False]


def test_card_matches_cli(cli):
    lines = (load("sample.txt.gz", 60) + load("multi.txt.gz", 20) +
             load("easy.txt.gz", 20) + BAD_RECORDS + ["11" + "." * 79])
    fields = "status,guesses,minimal,singles_closure,backdoor,automorphisms"
    want = cli(["rate", "--in-format", "line", "--fields", fields], lines)
    r = sudoflow.card(lines)

    def text(v, none=-1):
        return "" if v == none else str(v)

    got = []
    for i in range(len(lines)):
        guesses = "" if r.invalid[i] else str(r.guesses[i])
        backdoor = ">3" if r.backdoor[i] > 3 else text(r.backdoor[i])
        got.append(",".join([sudoflow.STATUS_NAMES[r.statuses[i]], guesses,
                             text(r.minimal[i]), text(r.singles_closure[i]),
                             backdoor, text(r.automorphisms[i], 0)]))
    assert got == want
    # Only what is asked for is computed.
    some = sudoflow.card(lines, measures="backdoor")
    assert (some.backdoor == r.backdoor).all()
    assert (some.minimal == -1).all() and (some.automorphisms == 0).all()
    with pytest.raises(ValueError):
        sudoflow.card(lines, measures=("minimal", "nope"))


def test_rating_is_class_invariant():
    lines = load("sample.txt.gz", 20)
    copies = sudoflow.augment(lines, 3, 5).puzzles
    r0 = sudoflow.rate(lines)
    r1 = sudoflow.rate(copies)
    assert (np.repeat(r0.ratings, 3) == r1.ratings).all()


def _se_reference(count_per_band):
    """(puzzle, SE's rating, SE's step) rows of data/se/ratings.csv, the
    first count_per_band of each band of the scale."""
    import csv
    import os
    from conftest import ROOT
    rows, seen = [], {}
    with open(os.path.join(ROOT, "data", "se", "ratings.csv")) as f:
        for row in csv.DictReader(f):
            band = min(int(float(row["se"])) // 2, 4)
            if seen.get(band, 0) < count_per_band:
                seen[band] = seen.get(band, 0) + 1
                rows.append((row["puzzle"], float(row["se"]), row["step"]))
    return rows


def test_se_rate_matches_sudoku_explainer():
    rows = _se_reference(6)
    r = sudoflow.se_rate([p for p, _, _ in rows], threads=2)
    assert len(r) == len(rows) >= 25
    for i, (_, se, _) in enumerate(rows):
        assert r.ratings[i] == pytest.approx(se), i
        assert not r.bounds[i]
        assert sudoflow.SE_STEP_NAMES[r.steps[i]] not in ("beyond", "over")


def test_se_rate_matches_cli(cli):
    lines = ([p for p, _, _ in _se_reference(3)] + BAD_RECORDS +
             ["11" + "." * 79, "." * 81])
    want = cli(["rate", "--in-format", "line", "--fields", "se,step"], lines)
    r = sudoflow.se_rate(lines)
    got = []
    for i in range(len(lines)):
        if np.isnan(r.ratings[i]):
            got.append(",")
            continue
        got.append("%s%.1f,%s" % (">=" if r.bounds[i] else "", r.ratings[i],
                                  sudoflow.SE_STEP_NAMES[r.steps[i]]))
    assert got == want
    assert r.invalid[len(lines) - 6:len(lines) - 2].all()


def test_generate_se_target_matches_cli(cli):
    got = sudoflow.generate(20, 9, min_se=4, max_se=5.9, threads=2)
    want = cli(["generate", "-n", "20", "--seed", "9", "--min-se", "4",
                "--max-se", "5.9"])
    assert sudoflow.to_strings(got) == want
    r = sudoflow.se_rate(got)
    assert ((r.ratings >= 4) & (r.ratings <= 5.9) & ~r.bounds).all()
    with pytest.raises(ValueError):
        sudoflow.generate(1, 1, min_se=9.5)


def test_se_rate_sukaku_scale_matches_sukaku_explainer(cli):
    """scale="sukaku" against Sukaku Explainer's ratings of the same
    puzzles (data/se/sukaku_ratings.csv, row for row with ratings.csv),
    and against rate's se_sukaku field."""
    import csv
    import os
    from conftest import ROOT
    with open(os.path.join(ROOT, "data", "se", "sukaku_ratings.csv")) as f:
        want = {row["puzzle"]: float(row["se_sukaku"])
                for row in csv.DictReader(f)}
    puzzles = [p for p, _, _ in _se_reference(6)]
    r = sudoflow.se_rate(puzzles, threads=2, scale="sukaku")
    classic = sudoflow.se_rate(puzzles, threads=2)
    assert [r.ratings[i] for i in range(len(puzzles))] == \
        pytest.approx([want[p] for p in puzzles])
    assert (r.ratings != classic.ratings).any()  # the scales differ
    lines = cli(["rate", "--in-format", "line", "--fields", "se_sukaku"],
                puzzles)
    assert lines == ["%.1f" % x for x in r.ratings]
    with pytest.raises(ValueError):
        sudoflow.se_rate(puzzles, scale="explainer")


def test_generate_sukaku_se_target_matches_cli(cli):
    got = sudoflow.generate(6, 3, min_se=5.4, max_se=6.1, threads=2,
                            se_scale="sukaku")
    want = cli(["generate", "-n", "6", "--seed", "3", "--min-se", "5.4",
                "--max-se", "6.1", "--se-scale", "sukaku"])
    assert sudoflow.to_strings(got) == want
    r = sudoflow.se_rate(got, scale="sukaku")
    assert ((r.ratings >= 5.4) & (r.ratings <= 6.1) & ~r.bounds).all()
    with pytest.raises(ValueError):
        sudoflow.generate(1, 1, se_scale="sukaku")  # no SE target


def test_se_rate_budget():
    hard = [p for p, se, _ in _se_reference(40) if se >= 8.5][:2]
    assert hard
    r = sudoflow.se_rate(hard, budget=1e-6)
    assert r.bounds.all()
    with pytest.raises(ValueError):
        sudoflow.se_rate(hard, budget=-1)


# ------------------------------------------------------------- explain

def test_explain_matches_cli(cli):
    lines = ([p for p, _, _ in _se_reference(2)] + BAD_RECORDS +
             ["11" + "." * 79, "." * 81])
    want = cli(["explain", "--in-format", "line", "--out-format", "line"],
               lines)
    t = sudoflow.explain(lines, threads=2)
    names = t.names()
    got = []
    for j in range(len(t.technique)):
        for a in range(t.action_start[j], t.action_start[j + 1]):
            i = t.step_puzzle[j]
            got.append("%d,%d,%s,%s,%.1f,%s,%d,%d" % (
                i + 1, j - t.step_start[i] + 1,
                sudoflow.SE_STEP_NAMES[t.technique[j]], names[j],
                t.rating[j], "eliminate" if t.kind[a] else "place",
                t.cell[a], t.digit[a]))
    assert got == want
    r = sudoflow.se_rate(lines)
    np.testing.assert_array_equal(t.ratings, r.ratings)
    np.testing.assert_array_equal(t.steps, r.steps)
    assert (np.diff(t.step_start)[np.isnan(t.ratings)] == 0).all()


def test_explain_replays_and_makes_a_tensor():
    puzzles = load("sample.txt.gz", 60)
    t = sudoflow.explain(puzzles, candidates=True)
    sol = sudoflow.solve(puzzles).solutions
    cells = np.zeros_like(sol)
    given = np.array([[0 if ch in ".0" else int(ch) for ch in p[:81]]
                      for p in puzzles], dtype=np.uint8)
    assert t.candidates.shape == (len(t.technique), 81)
    for j in range(len(t.technique)):
        a = slice(t.action_start[j], t.action_start[j + 1])
        i = t.step_puzzle[j]
        placed = t.kind[a] == 0
        assert (t.digit[a][placed] == sol[i, t.cell[a][placed]]).all()
        assert (t.digit[a][~placed] != sol[i, t.cell[a][~placed]]).all()
        bits = t.candidates[j, t.cell[a]] >> (t.digit[a] - 1) & 1
        assert bits.all()  # each action's digit was still a candidate
    # the docstring's tensor: every empty cell gets a step, givens -1
    place = t.kind == 0
    step = t.action_step[place]
    order = np.full((len(t), 81), -1, np.int16)
    i, c = t.step_puzzle[step], t.cell[place]
    order[i, c] = step - t.step_start[i]
    assert ((order >= 0) == (given == 0)).all()
    cells[i, c] = t.digit[place]
    np.testing.assert_array_equal(cells + given, sol)
    one = sudoflow.explain(puzzles, threads=1)
    for k in ("step_start", "technique", "variant", "rating", "kind",
              "cell", "digit"):
        np.testing.assert_array_equal(getattr(one, k), getattr(t, k))
    assert one.candidates is None


def test_explain_empty_and_budget():
    t = sudoflow.explain(np.zeros((0, 81), np.uint8))
    assert len(t) == 0 and list(t.step_start) == [0]
    assert len(t.technique) == 0 and t.names() == []
    hard = [p for p, se, _ in _se_reference(40) if se >= 8.5][:1]
    t = sudoflow.explain(hard, budget=1e-6)
    assert t.bounds.all()
    with pytest.raises(ValueError):
        sudoflow.explain(hard, budget=float("nan"))


# ---------------------------------------------------- canon and augment

def test_canon_matches_cli(cli):
    lines = load("random.txt.gz", 200) + BAD_RECORDS
    want = cli(["canon", "--in-format", "line"], lines)
    r = sudoflow.canon(lines)
    got = ["" if bad else s
           for bad, s in zip(r.invalid, sudoflow.to_strings(r.canon))]
    assert got == want


def test_augment_matches_cli(cli):
    lines = load("sample.txt.gz", 50) + load("multi.txt.gz", 10) + [
        BAD_RECORDS[0]]
    want = cli(["transform", "--in-format", "line", "--augment", "3",
                "--seed", "99", "--fields", "puzzle,solution,index"], lines)
    r = sudoflow.augment(lines, 3, 99, solutions=True)
    got = []
    for i in range(len(r)):
        puzzle = "" if r.invalid[i] else field(r.puzzles[i], ".")
        sol = "" if not r.solutions[i].any() else field(r.solutions[i], "0")
        got.append("%s,%s,%d" % (puzzle, sol, r.source[i] + 1))
    assert got == want


def test_copies_are_equivalent_and_solved():
    lines = load("sample.txt.gz", 30)
    r = sudoflow.augment(lines, 4, 1234, solutions=True)
    c0 = sudoflow.canon(lines).canon
    c1 = sudoflow.canon(r.puzzles).canon
    assert (np.repeat(c0, 4, axis=0) == c1).all()
    for p, s in zip(r.puzzles, r.solutions):
        assert is_solution(p, s)
    assert not (sudoflow.augment(lines, 4, 1235).puzzles ==
                r.puzzles).all(axis=1).all()


# ------------------------------------------------------------- threads

def test_same_answers_for_any_thread_count():
    lines = (load("random.txt.gz", 400) + load("manysol.txt.gz", 50) +
             BAD_RECORDS)
    calls = {
        "solve": lambda t: sudoflow.solve(lines, limit=3, threads=t),
        "lex": lambda t: sudoflow.solve(lines, lex=True, threads=t),
        "rate": lambda t: sudoflow.rate(lines[:120], threads=t),
        "canon": lambda t: sudoflow.canon(lines, threads=t),
        "augment": lambda t: sudoflow.augment(lines[:100], 8, 5,
                                              solutions=True, threads=t),
        "generate": lambda t: sudoflow.generate(30, 11, threads=t),
    }
    for name, call in calls.items():
        results = [call(t) for t in (1, 2, 3)]
        for other in results[1:]:
            if isinstance(other, np.ndarray):
                assert (other == results[0]).all(), name
                continue
            for key in other._names:
                a, b = getattr(results[0], key), getattr(other, key)
                assert np.array_equal(a, b, equal_nan=a.dtype.kind == "f"), \
                    (name, key)


# ----------------------------------------------------------- bad input

@pytest.mark.parametrize("bad,exc,words", [
    (np.zeros((3, 81), np.float64), TypeError, "integer dtype"),
    (np.zeros((3, 81), bool), TypeError, "integer dtype"),
    (np.zeros((3, 80), np.uint8), ValueError, "shape"),
    (np.zeros((2, 9, 9), np.uint8), ValueError, "reshape"),
    (np.zeros(81, np.uint8), ValueError, "shape"),
    (np.full((2, 81), 10, np.uint8), ValueError, "puzzles[0, 0] is 10"),
    (np.full((2, 81), -1, np.int32), ValueError, "is -1"),
    (["." * 81, b"." * 81], TypeError, "str or all bytes"),
    (["." * 81, 5], TypeError, "puzzle strings"),
    (42, TypeError, "not int"),
    ([[1, 2, 3]], ValueError, "shape"),
])
def test_bad_puzzles_raise(bad, exc, words):
    for call in (sudoflow.solve, sudoflow.rate, sudoflow.canon,
                 lambda p: sudoflow.augment(p, 2, 1)):
        with pytest.raises(exc) as e:
            call(bad)
        assert words in str(e.value)


@pytest.mark.parametrize("call,exc", [
    (lambda: sudoflow.solve([], threads=-1), ValueError),
    (lambda: sudoflow.solve([], threads=1.5), TypeError),
    (lambda: sudoflow.solve([], threads=4097), ValueError),
    (lambda: sudoflow.solve([], limit=-1), ValueError),
    (lambda: sudoflow.solve([], kernel="fastest"), ValueError),
    (lambda: sudoflow.rate([], samples=0), ValueError),
    (lambda: sudoflow.augment([], 0, 1), ValueError),
    (lambda: sudoflow.augment([], 1, -1), ValueError),
    (lambda: sudoflow.generate(1, 1, clues=16), ValueError),
    (lambda: sudoflow.generate(1, 1, clues=21, symmetry="rot90"), ValueError),
    (lambda: sudoflow.generate(1, 1, symmetry="spiral"), ValueError),
    (lambda: sudoflow.generate(1, 1, level="hardest"), ValueError),
    (lambda: sudoflow.generate(-1, 1), ValueError),
    (lambda: sudoflow.generate(1, 1, min_rating=-1), ValueError),
    (lambda: sudoflow.generate(1, 1, max_rating=float("inf")), ValueError),
    (lambda: sudoflow.generate(1, 1, min_rating=3, max_rating=2), ValueError),
    (lambda: sudoflow.generate(1, 1, min_rating="2"), TypeError),
    (lambda: sudoflow.generate(1, 2**64), ValueError),
])
def test_bad_options_raise(call, exc):
    with pytest.raises(exc):
        call()


# ------------------------------------------------------ argument checks
#
# One rule for every argument of every call: a value of the wrong type
# raises TypeError, a value of the right type out of range ValueError, and
# either message names the argument; None is the default where an option
# has one.

EMPTY_GRID = "." * 81  # many solutions: every call answers it at once

PUZZLE_CALLS = {
    "solve": sudoflow.solve,
    "rate": sudoflow.rate,
    "card": sudoflow.card,
    "se_rate": sudoflow.se_rate,
    "explain": sudoflow.explain,
    "canon": sudoflow.canon,
    "augment": lambda p: sudoflow.augment(p, 2, 1),
}

BUDGET_CALLS = {"se_rate": sudoflow.se_rate, "explain": sudoflow.explain}


def _names(name):
    """A match= pattern: the argument's name as a word of the message."""
    return r"(?<![\w])%s(?![\w])" % name


@pytest.mark.parametrize("call", sorted(BUDGET_CALLS))
@pytest.mark.parametrize("budget", [
    "1", "0", b"1", True, False, np.bool_(True), [1], 1j,
    __import__("decimal").Decimal("1"),
])
def test_budget_of_another_type_raises_type_error(call, budget):
    with pytest.raises(TypeError, match=_names("budget")):
        BUDGET_CALLS[call]([EMPTY_GRID], budget=budget)


@pytest.mark.parametrize("call", sorted(BUDGET_CALLS))
@pytest.mark.parametrize("budget", [
    0, 0.0, -0.0, np.float64(0), -1, -1e-9, float("nan"), float("inf"),
    float("-inf"), 10**400, __import__("fractions").Fraction(1, 10**400),
])
def test_budget_not_finite_above_zero_raises_value_error(call, budget):
    """0 is no budget at all to the library: a budget the caller gives
    must never become "no limit"."""
    with pytest.raises(ValueError, match=_names("budget")):
        BUDGET_CALLS[call]([EMPTY_GRID], budget=budget)


def test_budget_none_is_the_default_and_no_limit(monkeypatch):
    """None (the default) reaches the library as 0.0, its "none"; a budget
    given reaches it as that many seconds, however small."""
    import fractions
    import inspect
    puzzles = load("sample.txt.gz", 5)
    where = {"se_rate": 4, "explain": 3}  # the budget's place in the C call
    seen = []
    real = sudoflow._Runner.call

    def spy(fn, *args):
        seen.append(args)
        return real(fn, *args)

    monkeypatch.setattr(sudoflow._Runner, "call", staticmethod(spy))
    for name, call in BUDGET_CALLS.items():
        assert inspect.signature(call).parameters["budget"].default is None
        want = call(puzzles)
        assert not want.bounds.any()
        for budget, c_budget in [(None, 0.0), (3600, 3600.0),
                                 (np.float32(1800), 1800.0),
                                 (fractions.Fraction(7200, 2), 3600.0)]:
            seen.clear()
            got = call(puzzles, budget=budget)
            assert seen[-1][where[name]] == c_budget
            assert type(seen[-1][where[name]]) is float
            np.testing.assert_array_equal(got.ratings, want.ratings)
        seen.clear()
        call([EMPTY_GRID], budget=5e-324)
        assert seen[-1][where[name]] == 5e-324


def test_card_measures_none_is_all_and_wrong_types_raise():
    lines = load("sample.txt.gz", 10) + load("multi.txt.gz", 5)
    full = sudoflow.card(lines)
    none = sudoflow.card(lines, measures=None)
    for key in full._names:
        np.testing.assert_array_equal(getattr(full, key), getattr(none, key))
    for bad in (5, 1.5, True, b"minimal", [b"minimal"], [["minimal"]],
                ["minimal", 3], [None], {"minimal": 1}):
        with pytest.raises(TypeError, match=_names("measures")):
            sudoflow.card(lines, measures=bad)
    with pytest.raises(ValueError, match=_names("measures")):
        sudoflow.card(lines, measures="")
    # any iterable of names still does, and an empty one computes none
    some = sudoflow.card(lines, measures=iter(["backdoor"]))
    np.testing.assert_array_equal(some.backdoor, full.backdoor)
    assert (sudoflow.card(lines, measures=[]).minimal == -1).all()


@pytest.mark.parametrize("call", sorted(PUZZLE_CALLS))
@pytest.mark.parametrize("bad", [
    {"a": 1}, {}, {EMPTY_GRID: 1}, {EMPTY_GRID}, frozenset([EMPTY_GRID]),
    42, 1.5, True, None, object(),
])
def test_puzzles_that_are_no_sequence_raise_type_error(call, bad):
    """A dict's keys or a set's members are not rows of puzzles: they used
    to become invalid records (explain({'a': 1}) gave one) or, worse,
    rows in an order of their own."""
    with pytest.raises(TypeError, match=_names("puzzles")):
        PUZZLE_CALLS[call](bad)


@pytest.mark.parametrize("call", sorted(PUZZLE_CALLS))
@pytest.mark.parametrize("bad", [
    [[0] * 81, [0] * 80],
    np.array([[EMPTY_GRID, EMPTY_GRID]]),
    np.array(EMPTY_GRID),
])
def test_puzzles_of_the_wrong_shape_raise_value_error(call, bad):
    with pytest.raises(ValueError, match=_names("puzzles")):
        PUZZLE_CALLS[call](bad)


class _Frame:
    """An array-like whose iteration gives its column names, as a data
    frame's does."""

    def __init__(self, a):
        self.a = a

    def __array__(self, dtype=None, copy=None):
        return self.a if dtype is None else self.a.astype(dtype)

    def __iter__(self):
        return iter(["puzzle"])

    def __len__(self):
        return 1


def test_array_like_puzzles_are_taken_by_their_values():
    cells = to_cells(load("sample.txt.gz", 4))
    want = sudoflow.solve(cells)
    got = sudoflow.solve(_Frame(cells))
    assert not got.invalid.any()
    np.testing.assert_array_equal(got.solutions, want.solutions)
    with pytest.raises(TypeError, match=_names("puzzles")):
        sudoflow.solve(_Frame(cells.astype(np.float64)))


@pytest.mark.parametrize("call,name", [
    (lambda v: sudoflow.solve([EMPTY_GRID], lex=v), "lex"),
    (lambda v: sudoflow.explain([EMPTY_GRID], candidates=v), "candidates"),
    (lambda v: sudoflow.augment([EMPTY_GRID], 1, 1, solutions=v),
     "solutions"),
])
def test_flags_are_true_or_false(call, name):
    for bad in ("no", "", "False", 2, -1, 1.0, [True], b"1"):
        with pytest.raises(TypeError, match=_names(name)):
            call(bad)
    for good in (True, False, 1, 0, np.bool_(True), np.int64(0), None):
        call(good)


SAMPLE = os.path.join(ROOT, "data", "sample.txt.gz")


@pytest.mark.parametrize("call,exc,name", [
    (lambda: sudoflow.solve([], threads=True), TypeError, "threads"),
    (lambda: sudoflow.solve([], limit=True), TypeError, "limit"),
    (lambda: sudoflow.solve([], limit="2"), TypeError, "limit"),
    (lambda: sudoflow.solve([], kernel=0), TypeError, "kernel"),
    (lambda: sudoflow.solve([], kernel=b"bitboard"), TypeError, "kernel"),
    (lambda: sudoflow.solve([], kernel=sudoflow.KERNELS[0] + "\0x"),
     ValueError, "kernel"),
    (lambda: sudoflow.rate([], samples="8"), TypeError, "samples"),
    (lambda: sudoflow.rate([], samples=True), TypeError, "samples"),
    (lambda: sudoflow.se_rate([], scale=0), TypeError, "scale"),
    (lambda: sudoflow.se_rate([], scale=["sukaku"]), TypeError, "scale"),
    (lambda: sudoflow.se_rate([], scale="Classic"), ValueError, "scale"),
    (lambda: sudoflow.augment([], True, 1), TypeError, "k"),
    (lambda: sudoflow.augment([], 2, "1"), TypeError, "seed"),
    (lambda: sudoflow.generate(True, 1), TypeError, "n"),
    (lambda: sudoflow.generate(1, 1.0), TypeError, "seed"),
    (lambda: sudoflow.generate(1, 1, clues="30"), TypeError, "clues"),
    (lambda: sudoflow.generate(1, 1, symmetry=True), TypeError, "symmetry"),
    (lambda: sudoflow.generate(1, 1, symmetry=1.0), TypeError, "symmetry"),
    (lambda: sudoflow.generate(1, 1, symmetry="rot180\0"), ValueError,
     "symmetry"),
    (lambda: sudoflow.generate(1, 1, level=True), TypeError, "level"),
    (lambda: sudoflow.generate(1, 1, level=[2]), TypeError, "level"),
    (lambda: sudoflow.generate(1, 1, min_rating="2"), TypeError,
     "min_rating"),
    (lambda: sudoflow.generate(1, 1, max_rating=True), TypeError,
     "max_rating"),
    (lambda: sudoflow.generate(1, 1, min_rating=float("nan")), ValueError,
     "min_rating"),
    (lambda: sudoflow.generate(1, 1, min_se=True), TypeError, "min_se"),
    (lambda: sudoflow.generate(1, 1, max_se=float("nan")), ValueError,
     "max_se"),
    (lambda: sudoflow.generate(1, 1, min_se=10**400), ValueError, "min_se"),
    (lambda: sudoflow.generate(1, 1, min_se=2, se_scale=0), TypeError,
     "se_scale"),
    (lambda: sudoflow.generate(1, 1, min_se=2, se_scale=""), ValueError,
     "se_scale"),
    (lambda: sudoflow.generate(1, 1, se_scale=1), TypeError, "se_scale"),
    (lambda: sudoflow.to_strings(np.zeros((1, 81), np.uint8), empty=0),
     TypeError, "empty"),
    (lambda: sudoflow.to_strings(np.zeros((1, 81), np.uint8), empty=b"."),
     TypeError, "empty"),
    (lambda: sudoflow.to_strings(np.zeros((1, 81), np.uint8), empty=""),
     ValueError, "empty"),
    (lambda: sudoflow.to_strings(np.zeros((1, 81), np.uint8),
                                 empty="\u00e9"), ValueError, "empty"),
    (lambda: sudoflow.to_strings(np.zeros((1, 81), np.uint8), empty="1"),
     ValueError, "empty"),
    (lambda: sudoflow.to_strings([EMPTY_GRID]), TypeError, "cells"),
    (lambda: sudoflow.to_strings(np.zeros((2, 80), np.uint8)), ValueError,
     "cells"),
    (lambda: sudoflow.to_strings([[0] * 81, [0] * 80]), ValueError, "cells"),
    (lambda: sudoflow.read(5), TypeError, "paths"),
    (lambda: sudoflow.read([5]), TypeError, "paths"),
    (lambda: sudoflow.read([SAMPLE, None]), TypeError, "paths"),
    (lambda: sudoflow.read({SAMPLE: 1}), TypeError, "paths"),
    (lambda: sudoflow.read({SAMPLE}), TypeError, "paths"),
    (lambda: sudoflow.read(SAMPLE + "\0x"), ValueError, "paths"),
    (lambda: sudoflow.read(SAMPLE, format=1), TypeError, "format"),
    (lambda: sudoflow.read(SAMPLE, column=True), TypeError, "column"),
    (lambda: sudoflow.read(SAMPLE, column=1.5), TypeError, "column"),
    (lambda: sudoflow.read(SAMPLE, column=0), ValueError, "column"),
    (lambda: sudoflow.read(SAMPLE, column="a\0b"), ValueError, "column"),
])
def test_bad_option_raises_naming_it(call, exc, name):
    with pytest.raises(exc, match=_names(name)):
        call()


def test_options_of_the_right_types_still_do(tmp_path):
    """What the checks let through: NumPy integers and bools, None for a
    default, a csv column by number, a path-like."""
    lines = load("sample.txt.gz", 6)
    want = sudoflow.solve(lines, limit=2, lex=True)
    got = sudoflow.solve(lines, limit=np.uint8(2), lex=np.bool_(True),
                         threads=np.int64(2), kernel=None)
    np.testing.assert_array_equal(got.solutions, want.solutions)
    classic = sudoflow.se_rate(lines)
    np.testing.assert_array_equal(sudoflow.se_rate(lines, scale=None).ratings,
                                  classic.ratings)
    assert sudoflow.to_strings(to_cells(lines[:1]), empty="0")[0] == \
        lines[0][:81].replace(".", "0")
    csv = tmp_path / "c.csv"
    csv.write_text("id,board\n1,%s\n" % lines[0])
    for column in ("board", 2, np.int32(2)):
        r = sudoflow.read(csv, column=column)
        np.testing.assert_array_equal(r.puzzles, to_cells(lines[:1]))
    assert sudoflow.generate(2, 1, level=sudoflow.LEVEL_NAMES.index(
        "subsets")).shape == (2, 81)


def test_unreachable_clue_count_is_reported():
    # at the fewest clues the generator reaches, about half the requests
    # fail; among 16 some do
    with pytest.raises(ValueError, match="could not be made"):
        sudoflow.generate(16, 3, clues=20)


def test_kernels_agree():
    lines = load("random.txt.gz", 200)
    a = sudoflow.solve(lines, limit=2, kernel=sudoflow.KERNELS[0])
    for k in sudoflow.KERNELS[1:]:
        b = sudoflow.solve(lines, limit=2, kernel=k)
        assert (a.statuses == b.statuses).all()
        assert (a.counts == b.counts).all()


def test_bench_script_reads_bundled_sets(cli):
    """python/bench/solve.py runs on the bundled gzip sets (a # header
    line) and checks its solutions against the command line's."""
    import subprocess
    import sys
    script = os.path.join(ROOT, "python", "bench", "solve.py")
    exe = os.environ.get("SUDOFLOW_CLI") or os.path.join(ROOT, "build",
                                                         "sudoflow")
    p = subprocess.run([sys.executable, script,
                        os.path.join(ROOT, "data", "multi.txt.gz"),
                        "--repeat", "1", "--cli", exe],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       check=False)
    assert p.returncode == 0, p.stderr.decode()
    assert b"2000 puzzles" in p.stdout


def test_setup_names_the_interpreter_to_use():
    """An interpreter without the build's modules (a pyenv or conda python3
    ahead of Debian's on PATH) gets the exact fix, not pip's 'invalid
    command bdist_wheel'."""
    import subprocess
    import sys
    setup = os.path.join(ROOT, "python", "setup.py")
    code = ("import sys; sys.modules['wheel'] = None; "
            "sys.argv = ['setup.py', '--name']; "
            "exec(compile(open(%r).read(), %r, 'exec'))" % (setup, setup))
    p = subprocess.run([sys.executable, "-c", code], stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, check=False)
    assert p.returncode != 0
    assert b"/usr/bin/python3 -m venv --system-site-packages venv" in \
        p.stderr + p.stdout


def test_venv_and_builds_are_ignored_by_git():
    """A venv made as the README shows and the package build's outputs
    stay out of git status."""
    import subprocess
    if not os.path.isdir(os.path.join(ROOT, ".git")):
        pytest.skip("not a git checkout")
    for path in ["venv/bin/python", "python/build/lib/x.py",
                 "python/sudoflow.egg-info/PKG-INFO", "build/python-lib/x.o"]:
        p = subprocess.run(["git", "-C", ROOT, "check-ignore", "-q", path],
                           check=False)
        assert p.returncode == 0, path


def test_threads_that_cannot_start_do_not_end_python():
    """More threads than an address-space limit lets start: the call runs
    with fewer (the same answers), and the interpreter lives on (the
    OpenMP runtime would end the process)."""
    import subprocess
    import sys
    code = """if True:
        import resource, numpy as np, sudoflow
        want = sudoflow.solve(np.zeros((40000, 81), np.uint8), threads=1)
        resource.setrlimit(resource.RLIMIT_AS, (1500 << 20, 1500 << 20))
        r = sudoflow.solve(np.zeros((40000, 81), np.uint8), threads=3000)
        assert (r.solutions == want.solutions).all()
        print("alive")
    """
    p = subprocess.run([sys.executable, "-c", code], stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, check=False)
    assert p.returncode == 0 and p.stdout == b"alive\n", p.stderr.decode()


def test_ctrl_c_stops_a_long_call():
    """SIGINT during a long call (generating puzzles rated SE 8 and up,
    minutes of work) raises KeyboardInterrupt within a fraction of a
    second (the call is cancelled: sf_cancel), and the next call works;
    it used to raise only when the whole batch was done.  The child
    takes SIGINT as Python does by default even when started with it
    ignored (as a shell starts a background job)."""
    import subprocess
    import sys
    code = """if True:
        import os, signal, threading, time, sudoflow
        signal.signal(signal.SIGINT, signal.default_int_handler)
        threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGINT)).start()
        t0 = time.time()
        try:
            sudoflow.generate(500, seed=1, min_se=8.0, threads=2)
        except KeyboardInterrupt:
            print("interrupted after %.1f s" % (time.time() - t0))
        print(int(sudoflow.solve(["." * 81]).counts[0]))
    """
    p = subprocess.run([sys.executable, "-c", code], stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, timeout=60, check=False)
    out = p.stdout.decode().split()
    assert p.returncode == 0, p.stderr.decode()
    assert out[0] == "interrupted" and float(out[2]) < 5, out
    assert out[-1] == "1"


# ------------------------------------------------------------ geometries

JIGSAW6 = "111222113322133342534444555664556666"

GEOMETRIES = [
    ({"size": "6x6"}, []),
    ({"size": "8x8", "variant": "x"}, ["--variant", "x"]),
    ({"regions": JIGSAW6}, ["--regions", JIGSAW6]),
    ({"size": "12x12"}, []),
]


def _geom_puzzles(cli, kwargs, opts, n):
    """n puzzles of the geometry made by the command line, a few records
    that are not puzzles, and one with a clash."""
    size = kwargs.get("size", "6x6")
    lines = cli(["generate", "-n", str(n), "--seed", "4", "--geometry", size]
                + opts)
    side = len(lines[0])
    return lines + ["1" * 5, "x" * side, "11" + "." * (side - 2)]


@pytest.mark.parametrize("kwargs,opts", GEOMETRIES)
def test_geometry_solve_and_rate_match_cli(cli, kwargs, opts):
    g = sudoflow.Geometry(**kwargs)
    lines = _geom_puzzles(cli, kwargs, opts, 30)
    want = cli(["solve", "--count", "--lex", "--geometry", g.size] + opts +
               ["--fields", "status,count,guesses,solution"], lines)
    r = sudoflow.solve(lines, limit=2, lex=True, geometry=g)
    sols = sudoflow.to_strings(r.solutions, geometry=g)
    got = [",".join([sudoflow.STATUS_NAMES[r.statuses[i]], str(r.counts[i]),
                     str(r.guesses[i]), sols[i] if r.counts[i] else ""])
           for i in range(len(lines))]
    assert got == want
    assert r.solutions.shape == (len(lines), g.cells)
    want = cli(["rate", "--geometry", g.size] + opts +
               ["--fields", "status,rating,level"], lines)
    rr = sudoflow.rate(lines, geometry=g)
    got = []
    for i in range(len(lines)):
        rating = "" if np.isnan(rr.ratings[i]) else "%.2f" % rr.ratings[i]
        level = "" if rr.levels[i] < 0 else sudoflow.LEVEL_NAMES[rr.levels[i]]
        got.append(",".join([sudoflow.STATUS_NAMES[rr.statuses[i]], rating,
                             level]))
    assert got == want


def test_geometry_arrays_and_strings_agree(cli):
    g = sudoflow.Geometry("6x6")
    lines = _geom_puzzles(cli, {"size": "6x6"}, [], 20)[:20]
    a = sudoflow.solve(lines, limit=2, geometry=g)
    cells = np.array([[0 if ch == "." else int(ch) for ch in line]
                      for line in lines], dtype=np.int32)
    b = sudoflow.solve(cells, limit=2, geometry=g, threads=1)
    for name in ("solutions", "counts", "statuses", "guesses"):
        assert (getattr(a, name) == getattr(b, name)).all()
    assert (a.statuses == sudoflow.UNIQUE).all()


def test_geometry_errors():
    with pytest.raises(ValueError, match="do not tile"):
        sudoflow.Geometry("6x6:4x2")
    with pytest.raises(ValueError, match="no box shape"):
        sudoflow.Geometry("7x7")
    with pytest.raises(TypeError, match="size must be a str"):
        sudoflow.Geometry(6)
    with pytest.raises(TypeError, match="geometry must be"):
        sudoflow.solve(["." * 36], geometry="6x6")
    g = sudoflow.Geometry("4x4")
    with pytest.raises(ValueError, match=r"shape \(N, 16\)"):
        sudoflow.solve(np.zeros((2, 81), dtype=np.uint8), geometry=g)
    with pytest.raises(ValueError, match="0 \\(empty\\) to 4"):
        sudoflow.solve(np.full((1, 16), 5, dtype=np.uint8), geometry=g)
    # a classic Geometry is the classic path
    c = sudoflow.Geometry("9x9")
    line = load("sample.txt.gz", 1)[0]
    assert (sudoflow.solve([line], geometry=c).solutions ==
            sudoflow.solve([line]).solutions).all()


@pytest.mark.parametrize("kwargs,opts", GEOMETRIES)
def test_geometry_canon_and_augment_match_cli(cli, kwargs, opts):
    g = sudoflow.Geometry(**kwargs)
    lines = _geom_puzzles(cli, kwargs, opts, 12)
    want = cli(["canon", "--geometry", g.size] + opts, lines)
    got = sudoflow.to_strings(sudoflow.canon(lines, geometry=g).canon,
                              geometry=g)
    assert [w if w else None for w in want] == [
        None if inv else s for s, inv in
        zip(got, sudoflow.canon(lines, geometry=g).invalid)]
    want = cli(["transform", "--augment", "3", "--seed", "9",
                "--fields", "puzzle,solution", "--geometry", g.size] + opts,
               lines)
    r = sudoflow.augment(lines, 3, 9, solutions=True, geometry=g)
    assert r.puzzles.shape == (3 * len(lines), g.cells)
    puz = sudoflow.to_strings(r.puzzles, geometry=g)
    sol = sudoflow.to_strings(r.solutions, empty="0", geometry=g)
    got = ["%s,%s" % ("" if r.invalid[i] else puz[i],
                      sol[i] if r.solutions[i].any() else "")
           for i in range(len(puz))]
    assert got == want
    # every copy has its puzzle's form
    c = sudoflow.canon(r.puzzles, geometry=g).canon
    c0 = sudoflow.canon(lines, geometry=g).canon
    assert (c == np.repeat(c0, 3, axis=0)).all()


def test_geometry_symmetries():
    assert sudoflow.Geometry("6x6").symmetries() == 3456 * 720
    assert sudoflow.Geometry("9x9").symmetries() == 2 * 6**8 * 362880
    assert sudoflow.Geometry("9x9", variant="x").symmetries() == 96 * 362880
    big = sudoflow.Geometry("25x25", variant="disjoint")
    with pytest.raises(ValueError, match="too many to list"):
        big.symmetries()
    with pytest.raises(ValueError, match="too many to list"):
        sudoflow.canon(["." * 625], geometry=big)
