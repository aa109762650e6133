"""sudoflow: batch Sudoku solving, generating, rating and augmenting on
NumPy arrays, run by the sudoflow C library's OpenMP code.

Puzzles are ``uint8[N, 81]`` arrays, row-major cells, 0 = empty, 1-9 =
given (any integer dtype with values 0-9 is accepted), or sequences of
puzzle strings in the command line's ``line`` format (81 cells, ``1``-``9``
givens and ``0 . _ - *`` empty, optionally followed by a separator and
anything; a line end at the end is ignored, as from ``readlines()``).  A
string that is not a puzzle is an *invalid record*, flagged per row as
the command line flags it (status ``INVALID``, ``invalid`` set); bad
arrays (shape, dtype, values above 9) raise ``ValueError`` or
``TypeError`` instead.  Every argument is checked so: the wrong type
(a bool or a str where a number is meant, a dict or a set for puzzles)
is a ``TypeError``, a value out of range a ``ValueError``, each naming
the argument; None is an option's default (a budget: no limit; a budget
given is a finite number of seconds above 0).  Every call takes
``threads`` (``None`` or 0: all cores; at most 4096, and a call runs with
fewer when not all of them can start) and gives the same answers for
every thread count, equal to what the ``sudoflow`` command prints for the
same records and seed.

    >>> import sudoflow
    >>> r = sudoflow.solve(["4...3.......6..8..........1....5..9..8....6"
    ...                     "...7.2........1.27..5.3....4.9........"], limit=2)
    >>> sudoflow.STATUS_NAMES[r.statuses[0]], int(r.counts[0])
    ('unique', 1)

The binding uses ctypes, not cffi: ctypes is in every Python, so the
package needs no compiler step of its own and nothing beyond Debian's
``python3`` and ``python3-numpy`` (the C library is built by ``make``, as
for the command line), and a ``CDLL`` call releases the GIL for its whole
duration, which is all a batch call needs.  The per-call overhead cffi
saves is irrelevant when one call handles a whole array.
"""

import collections.abc
import numbers
import os
import queue
import threading

import numpy as np

from . import _native

__all__ = [
    "read", "solve", "rate", "card", "se_rate", "explain", "canon", "augment",
    "generate", "to_strings", "Geometry", "ReadResult", "SolveResult", "RateResult",
    "CardResult", "SeResult", "ExplainResult", "CanonResult", "AugmentResult",
    "STATUS_NAMES", "LEVEL_NAMES", "SE_STEP_NAMES", "SE_SCALES", "SYMMETRIES",
    "KERNELS",
    "SOLVED", "UNIQUE", "MULTIPLE", "UNSOLVABLE", "INVALID",
]

__version__ = "0.1.0"

_lib = _native.load()

#: Names of the status codes in ``statuses`` (index = code).
STATUS_NAMES = _native.names(_lib.sf_status_name)
SOLVED, UNIQUE, MULTIPLE, UNSOLVABLE, INVALID = range(5)
#: Names of the logic levels in ``RateResult.levels`` (index = level).
LEVEL_NAMES = _native.names(_lib.sf_level_name)
#: Names of the Sudoku Explainer steps in ``SeResult.steps`` (index =
#: step), as ``rate --fields step`` prints them.
SE_STEP_NAMES = _native.names(_lib.sf_se_step_name)
#: Clue-pattern symmetries ``generate`` accepts.
SYMMETRIES = _native.names(_lib.sf_symmetry_name)


def _kernels():
    out = []
    while True:
        k = _lib.sf_kernel_at(len(out))
        if not k:
            return tuple(out)
        out.append(k.contents.name.decode())


#: Solver kernel names; the first is the default.
KERNELS = _kernels()

_CELLS = 81
# as the command line's -j; a call runs with fewer when not all of them
# can start (memory or process limits), with the same answers
_MAX_THREADS = 4096
_NOMEM = "sudoflow: out of memory"


# ---------------------------------------------------------------- input
#
# Every argument is checked before any work: a value of the wrong type
# (a bool where a number is meant, a str where a number or a list is, a
# dict or a set where puzzles are) raises TypeError, a value of the right
# type out of range ValueError, each naming the argument.  None is an
# option's default wherever it has one.

def _threads(threads):
    if threads is None:
        return 0
    if not isinstance(threads, numbers.Integral) or isinstance(threads, bool):
        raise TypeError("threads must be an integer or None, not %r"
                        % (threads,))
    if not 0 <= threads <= _MAX_THREADS:
        raise ValueError("threads must be from 0 (or None: all cores) to "
                         "%d, not %d" % (_MAX_THREADS, threads))
    return int(threads)


def _count(name, value, low, high=2**64 - 1):
    if not isinstance(value, numbers.Integral) or isinstance(value, bool):
        raise TypeError("%s must be an integer, not %r" % (name, value))
    if not low <= value <= high:
        raise ValueError("%s must be between %d and %d, not %d"
                         % (name, low, high, value))
    return int(value)


def _flag(name, value):
    """A yes/no option: True or False (NumPy's too), 1 or 0, None for the
    default, False."""
    if value is None:
        return False
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    if isinstance(value, numbers.Integral) and value in (0, 1):
        return bool(value)
    raise TypeError("%s must be True or False, not %r" % (name, value))


def _budget(budget):
    """A time budget in seconds for the library, which takes 0 for none:
    None (no limit) gives 0.0, anything else must be a finite number
    above 0 (so a budget the caller gives never becomes "no limit")."""
    if budget is None:
        return 0.0
    if not isinstance(budget, numbers.Real) or isinstance(budget, bool):
        raise TypeError("budget must be a number of seconds or None (no "
                        "limit), not %r" % (budget,))
    try:
        value = float(budget)
    except OverflowError:
        value = float("inf")
    if not 0 < value < float("inf"):
        raise ValueError("budget must be a finite number of seconds above 0, "
                         "or None for no limit; not %r" % (budget,))
    return value


def _text(name, value):
    """A str option as the C string the library takes."""
    if not isinstance(value, str):
        raise TypeError("%s must be a str, not %r" % (name, value))
    try:
        if "\0" not in value:
            return value.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:
        pass
    raise ValueError("%s %r: not a name the library can take (a NUL "
                     "character or a lone surrogate)" % (name, value))


def _choice(name, value, known):
    """The index of a str option among the names it may take."""
    if not isinstance(value, str):
        raise TypeError("%s must be a str, one of %s; not %r"
                        % (name, ", ".join(known), value))
    if value not in known:
        raise ValueError("%s %r: one of %s" % (name, value, ", ".join(known)))
    return known.index(value)


def _from_array(a, name="puzzles", geom=None):
    """uint8[N, 81] (N*N cells of geom) C-contiguous copy or view of an
    integer array."""
    width, top = (geom.cells, geom.n) if geom else (_CELLS, 9)
    if a.dtype.kind not in "iu":
        raise TypeError("%s must have an integer dtype (uint8 cells, "
                        "0 = empty), not %s" % (name, a.dtype))
    if a.ndim != 2 or a.shape[1] != width:
        raise ValueError("%s must have shape (N, %d), not %s%s"
                         % (name, width, a.shape, "; reshape(-1, %d) it"
                            % width if a.size % width == 0 and a.size
                            else ""))
    if a.size and (a.max() > top or (a.dtype.kind == "i" and a.min() < 0)):
        row, col = np.argwhere((a < 0) | (a > top))[0]
        raise ValueError("%s[%d, %d] is %d: cells must be 0 (empty) "
                         "to %d" % (name, row, col, a[row, col], top))
    return np.ascontiguousarray(a, dtype=np.uint8)


def _from_strings(seq, threads, geom=None):
    """Parse puzzle strings as the command line parses its line format
    (of geom's size when given)."""
    n = len(seq)
    cells = np.zeros((n, geom.cells if geom else _CELLS), dtype=np.uint8)
    invalid = np.zeros(n, dtype=np.uint8)
    if n == 0:
        return cells, invalid
    try:
        if isinstance(seq[0], bytes):
            text = b"".join(seq)
        else:
            # Unencodable characters become one '?' each (never a cell),
            # so character offsets stay byte offsets.
            text = "".join(seq).encode("latin-1", "replace")
        lens = np.fromiter(map(len, seq), dtype=np.uint64, count=n)
    except TypeError:
        raise TypeError("puzzles must be an integer array or a sequence of "
                        "puzzle strings, all str or all bytes") from None
    off = np.zeros(n + 1, dtype=np.uint64)
    np.cumsum(lens, out=off[1:])
    if int(off[-1]) != len(text):
        raise TypeError("puzzles: a sequence of puzzle strings must hold "
                        "only str or only bytes")
    _lib.sf_array_parse_geom(geom._p if geom else None, None, text,
                             off.ctypes.data, n, threads, cells.ctypes.data,
                             invalid.ctypes.data)
    return cells, invalid


def _puzzles(puzzles, threads, geom=None):
    """(cells uint8[N, 81] -- N*N cells of geom --, invalid uint8[N] or
    None) from any input."""
    if isinstance(puzzles, (str, bytes)):
        puzzles = [puzzles]
    elif not isinstance(puzzles, np.ndarray) and hasattr(puzzles,
                                                         "__array__"):
        # An array-like (a data frame, a tensor) by its values, not by
        # what iterating over it gives (a data frame's column names).
        puzzles = np.asarray(puzzles)
    if isinstance(puzzles, np.ndarray):
        if puzzles.dtype.kind not in "OSU":
            return _from_array(puzzles, geom=geom), None
        if puzzles.dtype.kind != "O" and puzzles.ndim != 1:
            raise ValueError("puzzles: an array of puzzle strings must "
                             "have shape (N,), not %s" % (puzzles.shape,))
    elif isinstance(puzzles, (collections.abc.Mapping, set, frozenset)):
        # Iterating gives a mapping's keys, or a set's members in no
        # order the rows of the answer could follow.
        raise TypeError("puzzles must be a uint8[N, 81] array or a "
                        "sequence of puzzle strings, not a %s (a list of "
                        "its puzzles will do)" % type(puzzles).__name__)
    try:
        seq = list(puzzles)
    except TypeError:
        raise TypeError("puzzles must be a uint8[N, 81] array or a "
                        "sequence of puzzle strings, not %s"
                        % type(puzzles).__name__) from None
    if seq and isinstance(seq[0], np.str_):
        seq = [str(s) for s in seq]
    if not seq or isinstance(seq[0], (str, bytes)):
        return _from_strings(seq, threads, geom)
    try:
        rows = np.asarray(seq)
    except ValueError:  # rows of different lengths
        raise ValueError("puzzles: rows of different lengths; they must "
                         "make an (N, 81) integer array") from None
    return _from_array(rows, geom=geom), None


class Geometry:
    """A grid other than classic 9x9 (docs/geometry.md), for the
    ``geometry=`` argument of ``solve``, ``rate``, ``canon``, ``augment``
    and ``to_strings``: puzzles are then
    ``uint8[N, n*n]`` arrays (values 0 to n) or strings of n*n symbols
    (``1``-``9`` then ``A``-``Z``) or n*n comma- or blank-separated
    numbers.

    size     "N", "NxN" or "NxN:RxC" (boxes R rows high, C wide; default
             the shape closest to square, rows fewer: 6x6 has 2x3 boxes)
    regions  a jigsaw's N*N region labels (size may then be left out)
    variant  comma-separated: x, x-, x+, windoku, disjoint, antiknight,
             antiking, nonconsecutive
    extra    up to 8 maps of N*N labels, '.' for a cell in none: each
             label's cells hold no value twice

    A geometry that cannot be raises ValueError with the reason
    (``"6x6:4x2": boxes 4x2 do not tile 6x6``).  Attributes: n (the side),
    cells (n*n), size, regions and variant (canonical texts).  The method
    symmetries() gives the order of its symmetry group (as a float).
    """

    def __init__(self, size=None, regions=None, variant=None, extra=()):
        spec = _native.GeometrySpec()
        spec.size = _spec_text("size", size)
        spec.regions = _spec_text("regions", regions)
        spec.variant = _spec_text("variant", variant)
        if isinstance(extra, (str, bytes)):
            extra = [extra]
        extra = list(extra)
        if len(extra) > _native.SF_MAX_EXTRA:
            raise ValueError("extra: at most %d maps, not %d"
                             % (_native.SF_MAX_EXTRA, len(extra)))
        for i, m in enumerate(extra):
            spec.extra[i] = _spec_text("extra", m)
        err = _native.Error()
        p = _lib.sf_geometry_new(spec, err)
        if not p:
            if err.code == _native.SF_ERR_USAGE:
                raise ValueError(err.message.decode("utf-8", "replace"))
            raise MemoryError(_NOMEM)
        self._p = p
        self.n = _lib.sf_geometry_n(p)
        self.cells = self.n * self.n
        self.size = _lib.sf_geometry_size_text(p).decode()
        r = _lib.sf_geometry_regions_text(p)
        self.regions = r.decode() if r else None
        self.variant = _lib.sf_geometry_variant_text(p).decode()

    def symmetries(self):
        """The order of the geometry's symmetry group (docs/geometry.md);
        ValueError when the group is too large to list."""
        _group_or_raise(self)
        return _lib.sf_symmetries_geom(self._p, None)

    def __del__(self):
        p, self._p = getattr(self, "_p", None), None
        if p and _lib is not None:
            _lib.sf_geometry_free(p)

    def __repr__(self):
        parts = ["size=%r" % self.size]
        if self.regions:
            parts.append("regions=%r" % self.regions)
        if self.variant:
            parts.append("variant=%r" % self.variant)
        return "Geometry(%s)" % ", ".join(parts)


def _spec_text(name, value):
    """A geometry spec's text as bytes, or None."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise TypeError("%s must be a str, not %s"
                        % (name, type(value).__name__))
    if "\0" in value or not value.isascii():
        raise ValueError("%s must be ASCII text, not %r" % (name, value))
    return value.encode("ascii")


def _geometry(geometry):
    """The geometry argument: None (classic 9x9, also for a classic
    Geometry) or a Geometry of another grid."""
    if geometry is None:
        return None
    if not isinstance(geometry, Geometry):
        raise TypeError("geometry must be a sudoflow.Geometry or None, not "
                        "%s" % type(geometry).__name__)
    return None if _lib.sf_geometry_is_classic(geometry._p) else geometry


def _group_or_raise(geom):
    """ValueError (the library's reason) when geom's symmetry group cannot
    be had, as for 25x25 with disjoint groups."""
    err = _native.Error()
    if geom is not None and _lib.sf_symmetries_geom(geom._p, err) < 0:
        if err.code == _native.SF_ERR_USAGE:
            raise ValueError(err.message.decode("utf-8", "replace"))
        raise MemoryError(_NOMEM)


def _invalid_bool(invalid, n):
    if invalid is None:
        return np.zeros(n, dtype=bool)
    return invalid.astype(bool)


def _addr(a):
    return None if a is None else a.ctypes.data


class _Runner:
    """A thread of its own that makes one Python thread's library calls,
    so that the caller stays able to take Ctrl-C: on KeyboardInterrupt
    it cancels the call (sf_cancel, which stops it within a block of
    rows), waits for it and raises.  Kept for the thread's later calls
    (its OpenMP threads with it)."""

    _mine = threading.local()

    def __init__(self):
        self.jobs = queue.SimpleQueue()
        ready = threading.Event()
        threading.Thread(target=self._loop, args=(ready,), daemon=True,
                         name="sudoflow").start()
        ready.wait()

    def _loop(self, ready):
        self.handle = _lib.sf_cancel_handle()
        ready.set()
        while True:
            fn, args, box, done = self.jobs.get()
            box.append(fn(*args))
            done.set()

    @classmethod
    def call(cls, fn, *args):
        me = getattr(cls._mine, "runner", None)
        if me is None:
            me = cls._mine.runner = cls()
        box, done = [], threading.Event()
        me.jobs.put((fn, args, box, done))
        try:
            while not done.wait(0.05):
                pass
        except KeyboardInterrupt:
            _lib.sf_cancel(me.handle)
            done.wait()
            raise
        return box[0]


def _check(rc):
    """A library call's status: -1 out of memory, -2 cancelled (by the
    KeyboardInterrupt that _Runner raises)."""
    if rc == -2:
        raise KeyboardInterrupt
    if rc != 0:
        raise MemoryError(_NOMEM)


# -------------------------------------------------------------- results

class _Result:
    _names = ()

    def __len__(self):
        return len(getattr(self, self._names[0]))

    def __repr__(self):
        return "%s(%s)" % (type(self).__name__, ", ".join(
            "%s=<%s %s>" % (k, getattr(self, k).dtype, getattr(self, k).shape)
            for k in self._names))


class ReadResult(_Result):
    """The records of puzzle files (as the command line reads them), one
    row per record.

    puzzles  uint8[N, 81]: the cells (zeros for a record that is not a
             puzzle)
    invalid  bool[N]: the record is not a puzzle
    lines    uint64[N]: the line of its file the record starts on
    """

    _names = ("puzzles", "invalid", "lines")

    def __init__(self, puzzles, invalid, lines):
        self.puzzles = puzzles
        self.invalid = invalid
        self.lines = lines


class SolveResult(_Result):
    """What ``solve`` found, one entry per puzzle.

    solutions  uint8[N, 81]: the solution (the first the kernel finds, or
               the smallest with lex=True) when counts > 0, else zeros
    counts     uint64[N]: solutions found, at most the limit
    statuses   uint8[N]: SOLVED, UNIQUE, MULTIPLE, UNSOLVABLE or INVALID
               (names in STATUS_NAMES)
    guesses    uint64[N]: guesses the solver made
    invalid    bool[N]: the record is not a puzzle
    """

    _names = ("solutions", "counts", "statuses", "guesses", "invalid")

    def __init__(self, solutions, counts, statuses, guesses, invalid):
        self.solutions = solutions
        self.counts = counts
        self.statuses = statuses
        self.guesses = guesses
        self.invalid = invalid


class RateResult(_Result):
    """What ``rate`` found, one entry per puzzle (as ``sudoflow rate``).

    statuses   uint8[N]: solutions counted to 2 (UNIQUE, MULTIPLE, ...)
    ratings    float64[N]: mean guesses over equivalent copies, NaN when
               the puzzle has no solution or is invalid
    levels     int8[N]: logic level (index into LEVEL_NAMES), -1 likewise
    invalid    bool[N]
    """

    _names = ("statuses", "ratings", "levels", "invalid")

    def __init__(self, statuses, ratings, levels, invalid):
        self.statuses = statuses
        self.ratings = ratings
        self.levels = levels
        self.invalid = invalid


class CardResult(_Result):
    """The difficulty card (as ``rate --fields minimal,singles_closure,
    backdoor,automorphisms,guesses``; docs/ratings.md defines each), one
    entry per puzzle; -1 (automorphisms: 0) where a measure has no value
    or was not asked for.

    statuses         uint8[N]: solutions counted to 2
    guesses          uint64[N]: the guesses of that count
    minimal          int8[N]: 1 every clue is needed, 0 not; -1 unless
                     one solution
    singles_closure  int8[N]: empty cells naked and hidden singles fill;
                     -1 when there is no solution
    backdoor         int8[N]: fewest cells of the solution after which
                     singles solve it, 0 to 3, or 4 for more; -1 unless
                     one solution
    automorphisms    uint64[N]: transforms mapping the puzzle onto itself
    invalid          bool[N]
    """

    _names = ("statuses", "guesses", "minimal", "singles_closure",
              "backdoor", "automorphisms", "invalid")

    def __init__(self, *arrays):
        for name, a in zip(self._names, arrays):
            setattr(self, name, a)


class SeResult(_Result):
    """Sudoku Explainer ratings (as ``rate --fields se,step``), one entry
    per puzzle; only puzzles with exactly one solution are rated.

    ratings  float64[N]: the SE rating (1.0 to 11+), NaN when not rated
    bounds   bool[N]: the rating is a lower bound (a technique rate does
             not implement was needed, or the time budget ran out: the
             command prints it ``>=X.Y``)
    steps    int8[N]: the technique of the hardest step (index into
             SE_STEP_NAMES), -1 when not rated
    invalid  bool[N]
    """

    _names = ("ratings", "bounds", "steps", "invalid")

    def __init__(self, ratings, bounds, steps, invalid):
        self.ratings = ratings
        self.bounds = bounds
        self.steps = steps
        self.invalid = invalid


class ExplainResult(SeResult):
    """Solving traces (as ``sudoflow explain``): the steps of each
    puzzle's Sudoku Explainer rating in SE's order, in flat arrays with
    offsets (ragged).  Per puzzle, as SeResult: ratings, bounds, steps
    (the hardest step's technique), invalid, and

    step_start    int64[N+1]: puzzle i's steps are rows
                  step_start[i]:step_start[i+1] of the step arrays (none
                  for a puzzle that is not rated)

    per step (S of them):

    technique     int8[S]: index into SE_STEP_NAMES
    variant       uint8[S]: what SE's display name adds (see names())
    rating        float64[S]: the step's SE difficulty
    step_puzzle   int64[S]: the puzzle the step belongs to
    action_start  int64[S+1]: step j's actions are rows
                  action_start[j]:action_start[j+1] of the action arrays
    candidates    uint16[S, 81] with candidates=True, else None: the
                  candidates before the step (bit d-1 for digit d; a
                  filled cell has its digit as its one candidate)

    and per action (A of them), a step's placement first:

    kind          uint8[A]: 0 places the digit, 1 eliminates it (a
                  placement removes the cell's other candidates, which
                  are not listed)
    cell          uint8[A]: 0..80, row-major
    digit         uint8[A]: 1..9
    action_step   int64[A]: the step the action belongs to
    """

    _names = ("ratings", "bounds", "steps", "invalid", "step_start",
              "technique", "variant", "rating", "step_puzzle",
              "action_start", "kind", "cell", "digit", "action_step")

    def names(self):
        """SE's display name of every step ("Hidden Single", "Unique
        Rectangle type 2", "Turbot Fish"), a list of S strings."""
        pairs = np.stack([self.technique.astype(np.int64),
                          self.variant.astype(np.int64)], axis=1)
        known, back = np.unique(pairs, axis=0, return_inverse=True)
        buf = _native.ctypes.create_string_buffer(96)
        text = []
        for tech, var in known:
            _lib.sf_se_label(int(tech), int(var), buf, len(buf))
            text.append(buf.value.decode())
        return [text[k] for k in np.asarray(back).reshape(-1)]


class CanonResult(_Result):
    """Canonical forms (as ``sudoflow canon``): canon uint8[N, 81] (n*n
    for another geometry; zeros for an invalid record) and invalid
    bool[N]."""

    _names = ("canon", "invalid")

    def __init__(self, canon, invalid):
        self.canon = canon
        self.invalid = invalid


class AugmentResult(_Result):
    """Equivalent copies (as ``sudoflow transform --augment K``), N * K
    rows, the K copies of puzzle i at rows i*K .. i*K+K-1.

    puzzles    uint8[N*K, 81] (n*n for another geometry; zeros for copies
               of an invalid record)
    solutions  uint8[N*K, 81] when asked for: each copy's solution when
               the puzzle has exactly one, else zeros; otherwise None
    source     int64[N*K]: the input row of each copy
    invalid    bool[N*K]: the copy's input record is not a puzzle
    """

    _names = ("puzzles", "source", "invalid")

    def __init__(self, puzzles, solutions, source, invalid):
        self.puzzles = puzzles
        self.solutions = solutions
        self.source = source
        self.invalid = invalid


# ------------------------------------------------------------------- API

def _paths(paths):
    """read's paths as the file names the library opens."""
    if isinstance(paths, (str, bytes, os.PathLike)):
        paths = [paths]
    elif isinstance(paths, (collections.abc.Mapping, set, frozenset)):
        raise TypeError("paths must be a path or a list of paths, not a %s"
                        % type(paths).__name__)
    try:
        paths = list(paths)
    except TypeError:
        raise TypeError("paths must be a path or a list of paths, not %r"
                        % (paths,)) from None
    names = []
    for p in paths:
        if not isinstance(p, (str, bytes, os.PathLike)):
            raise TypeError("paths: %r is not a path (str, bytes or "
                            "os.PathLike)" % (p,))
        name = os.fsencode(p)
        if b"\0" in name:
            raise ValueError("paths: %r holds a NUL character" % (p,))
        names.append(name)
    if not names:
        raise ValueError("read: no paths (\"-\" is standard input)")
    return names


def read(paths, format=None, column=None):
    """The puzzles of one file or several (a path, or a list of paths read
    as one stream; "-" is standard input) as the command line reads them:
    plain or gzip, the format detected per file (``line``, ``grid`` or
    ``csv``) unless given, ``#`` comments and blank lines skipped, the csv
    puzzle column by its usual names unless ``column`` (a name or a
    1-based number) says; a ReadResult.  Pencilmark files are for the
    command line (``sudoflow solve``): they raise ValueError, as a bad
    csv column does; a missing or damaged file raises OSError, with the
    command line's message."""
    names = _paths(paths)
    opts = _native.ReaderOpts()
    opts.no_text = 1
    if format is not None:
        _choice("format", format, _native.SF_FORMATS)
        opts.format = _lib.sf_format_parse(format.encode())
    if column is not None:
        if isinstance(column, numbers.Integral) and \
                not isinstance(column, bool):
            if column < 1:
                raise ValueError("column %d: csv columns are numbered from "
                                 "1" % column)
            opts.column = b"%d" % column
        elif isinstance(column, str):
            opts.column = _text("column", column)
        else:
            raise TypeError("column must be a str (a name) or an integer "
                            "(a number from 1), not %r" % (column,))
    argv = (_native._c.c_char_p * max(len(names), 1))(*names)
    reader = _lib.sf_reader_new(argv, len(names), opts)
    if not reader:
        raise MemoryError(_NOMEM)
    parts = []
    err = _native.Error()
    try:
        while True:
            rows = 65536
            cells = np.empty((rows, _CELLS), dtype=np.uint8)
            invalid = np.empty(rows, dtype=np.uint8)
            lines = np.empty(rows, dtype=np.uint64)
            got = _lib.sf_array_read(reader, rows, cells.ctypes.data,
                                     invalid.ctypes.data, lines.ctypes.data,
                                     err)
            if got < 0:
                msg = err.message.decode(errors="replace")
                raise (ValueError if err.code == _native.SF_ERR_USAGE
                       else OSError)(msg)
            if got == 0:
                break
            parts.append((cells[:got], invalid[:got], lines[:got]))
    finally:
        _lib.sf_reader_free(reader)
    if not parts:
        return ReadResult(np.zeros((0, _CELLS), dtype=np.uint8),
                          np.zeros(0, dtype=bool), np.zeros(0, np.uint64))
    return ReadResult(np.concatenate([p[0] for p in parts]),
                      np.concatenate([p[1] for p in parts]).astype(bool),
                      np.concatenate([p[2] for p in parts]))


def solve(puzzles, limit=1, lex=False, threads=None, kernel=None,
          geometry=None):
    """Solve every puzzle; a SolveResult.

    limit     stop after this many solutions (0: count them all); 2 tells
              UNIQUE from MULTIPLE
    lex       report the lexicographically smallest solution
    threads   None or 0: all cores
    kernel    a name from KERNELS (None: the default, fastest; a kernel
              that does not serve the geometry leaves it to one that does)
    geometry  a Geometry (None: classic 9x9); puzzles and solutions then
              have n*n cells a row
    """
    limit = _count("limit", limit, 0)
    lex = _flag("lex", lex)
    nt = _threads(threads)
    k = None
    if kernel is not None:
        k = _lib.sf_kernel_find(_text("kernel", kernel))
        if not k:
            raise ValueError("unknown kernel %r (%s)"
                             % (kernel, ", ".join(KERNELS)))
    geom = _geometry(geometry)
    cells, invalid = _puzzles(puzzles, nt, geom)
    n = len(cells)
    solutions = np.empty((n, geom.cells if geom else _CELLS), dtype=np.uint8)
    counts = np.empty(n, dtype=np.uint64)
    statuses = np.empty(n, dtype=np.uint8)
    guesses = np.empty(n, dtype=np.uint64)
    _check(_Runner.call(_lib.sf_array_solve_geom, geom._p if geom else None,
        k, cells.ctypes.data, _addr(invalid), n, limit,
        _native.SF_LEX if lex else 0, nt, solutions.ctypes.data,
        counts.ctypes.data, statuses.ctypes.data, guesses.ctypes.data))
    return SolveResult(solutions, counts, statuses, guesses,
                       _invalid_bool(invalid, n))


def rate(puzzles, samples=8, threads=None, geometry=None):
    """Status, rating and logic level of every puzzle; a RateResult.

    samples   equivalent copies solved for the rating (as rate --samples)
    geometry  a Geometry (None: classic 9x9): the rating is then the
              guesses of the count to 2 and the level climbs singles,
              locked and subsets only, as ``sudoflow rate`` on such
              puzzles (docs/geometry.md)
    """
    samples = _count("samples", samples, 1, 10000)
    nt = _threads(threads)
    geom = _geometry(geometry)
    cells, invalid = _puzzles(puzzles, nt, geom)
    n = len(cells)
    statuses = np.empty(n, dtype=np.uint8)
    ratings = np.empty(n, dtype=np.float64)
    levels = np.empty(n, dtype=np.int8)
    _check(_Runner.call(_lib.sf_array_rate_geom, geom._p if geom else None,
        cells.ctypes.data, _addr(invalid), n, samples, nt,
        statuses.ctypes.data, ratings.ctypes.data, levels.ctypes.data))
    ratings[ratings < 0] = np.nan
    return RateResult(statuses, ratings, levels, _invalid_bool(invalid, n))


_CARD_MEASURES = {"minimal": 1, "singles_closure": 2, "backdoor": 4,
                  "automorphisms": 8}


def card(puzzles, measures=tuple(_CARD_MEASURES), threads=None):
    """The difficulty card of every puzzle; a CardResult.

    measures  the names of the measures to compute (statuses and guesses
              always are): one name or a list of any of minimal,
              singles_closure, backdoor, automorphisms; None: all four
    """
    if measures is None:
        measures = tuple(_CARD_MEASURES)
    elif isinstance(measures, str):
        measures = (measures,)
    elif isinstance(measures, (bytes, collections.abc.Mapping)):
        raise TypeError("measures must be a str or a list of str, not %r"
                        % (measures,))
    try:
        measures = list(measures)
    except TypeError:
        raise TypeError("measures must be a str, a list of str or None, "
                        "not %r" % (measures,)) from None
    bits = 0
    for m in measures:
        if not isinstance(m, str):
            raise TypeError("measures: %r is not a str (one of %s)"
                            % (m, ", ".join(_CARD_MEASURES)))
        if m not in _CARD_MEASURES:
            raise ValueError("measures: %r is not one of %s"
                             % (m, ", ".join(_CARD_MEASURES)))
        bits |= _CARD_MEASURES[m]
    nt = _threads(threads)
    cells, invalid = _puzzles(puzzles, nt)
    n = len(cells)
    out = (np.empty(n, np.uint8), np.empty(n, np.uint64),
           np.empty(n, np.int8), np.empty(n, np.int8), np.empty(n, np.int8),
           np.empty(n, np.uint64))
    _check(_Runner.call(_lib.sf_array_card,
        cells.ctypes.data, _addr(invalid), n, bits, nt,
        *(a.ctypes.data for a in out)))
    return CardResult(*out, _invalid_bool(invalid, n))


def _se_fields(tenths, steps, flags):
    """SeResult's ratings, bounds and steps from the library's tenths,
    steps and flags."""
    return (np.where(tenths < 0, np.nan, tenths / 10.0),
            (flags != 0) & (tenths >= 0), steps)


#: The SE scales se_rate and generate take: the classic Sudoku Explainer
#: (the ``se`` field) and Sukaku Explainer's (``se_sukaku``).
SE_SCALES = ("classic", "sukaku")


def _scale(name, scale):
    """The sf_se_scale_t of a scale name (None: classic)."""
    return 0 if scale is None else _choice(name, scale, SE_SCALES)


def se_rate(puzzles, budget=None, threads=None, scale="classic"):
    """Sudoku Explainer rating of every puzzle; an SeResult.

    budget  seconds per puzzle, a finite number above 0, as rate
            --se-budget; None: no limit
    scale   "classic" (rate's se and step fields; None too) or "sukaku"
            (Sukaku Explainer's scale: se_sukaku and step_sukaku)
    """
    sc = _scale("scale", scale)
    budget = _budget(budget)
    nt = _threads(threads)
    cells, invalid = _puzzles(puzzles, nt)
    n = len(cells)
    tenths, steps, flags = (np.empty(n, dtype=np.int16),
                            np.empty(n, dtype=np.int8),
                            np.empty(n, dtype=np.uint8))
    _check(_Runner.call(_lib.sf_array_se_scale,
        cells.ctypes.data, _addr(invalid), n, sc, budget, nt,
        tenths.ctypes.data, steps.ctypes.data, flags.ctypes.data))
    return SeResult(*_se_fields(tenths, steps, flags),
                    _invalid_bool(invalid, n))


def _copy(ptr, n, dtype):
    """n values of a C array as a NumPy array of its own (zeros when the
    array was never allocated: offsets of an empty trace)."""
    if n == 0 or not ptr:
        return np.zeros(n, dtype=dtype)
    return np.ctypeslib.as_array(ptr, shape=(n,)).astype(dtype, copy=True)


def explain(puzzles, candidates=False, budget=None, threads=None):
    """The solving trace of every puzzle with exactly one solution; an
    ExplainResult (the traces ``sudoflow explain`` writes).

    candidates  also keep each step's candidates before it
    budget      seconds per puzzle, a finite number above 0, as explain
                --se-budget (a trace stopped by it has its steps so far);
                None: no limit

    A training tensor from it, e.g. the step at which each cell is filled
    and the technique that fills it (-1 for the givens):

        t = sudoflow.explain(puzzles)
        place = t.kind == 0
        step = t.action_step[place]
        order = np.full((len(t), 81), -1, np.int16)
        tech = np.full((len(t), 81), -1, np.int8)
        i, c = t.step_puzzle[step], t.cell[place]
        order[i, c] = step - t.step_start[i]
        tech[i, c] = t.technique[step]
    """
    candidates = _flag("candidates", candidates)
    budget = _budget(budget)
    nt = _threads(threads)
    cells, invalid = _puzzles(puzzles, nt)
    n = len(cells)
    tenths, steps, flags = (np.empty(n, dtype=np.int16),
                            np.empty(n, dtype=np.int8),
                            np.empty(n, dtype=np.uint8))
    tr = _native.Trace()
    _lib.sf_trace_init(tr, 1 if candidates else 0)
    try:
        _check(_Runner.call(_lib.sf_array_explain,
            cells.ctypes.data, _addr(invalid), n, budget, nt, tr,
            tenths.ctypes.data, steps.ctypes.data, flags.ctypes.data))
        ns, na = tr.steps, tr.actions
        r = ExplainResult(*_se_fields(tenths, steps, flags),
                          _invalid_bool(invalid, n))
        r.step_start = _copy(tr.step_start, n + 1, np.int64)
        r.technique = _copy(tr.technique, ns, np.int8)
        r.variant = _copy(tr.variant, ns, np.uint8)
        r.rating = _copy(tr.tenths, ns, np.float64) / 10.0
        r.action_start = _copy(tr.action_start, ns + 1, np.int64)
        r.kind = _copy(tr.kind, na, np.uint8)
        r.cell = _copy(tr.cell, na, np.uint8)
        r.digit = _copy(tr.digit, na, np.uint8)
        r.candidates = (_copy(tr.candidates, ns * _CELLS, np.uint16)
                        .reshape(ns, _CELLS) if candidates else None)
    finally:
        _lib.sf_trace_free(tr)
    r.step_puzzle = np.repeat(np.arange(n, dtype=np.int64),
                              np.diff(r.step_start))
    r.action_step = np.repeat(np.arange(ns, dtype=np.int64),
                              np.diff(r.action_start))
    return r


def canon(puzzles, threads=None, geometry=None):
    """Canonical form of every puzzle; a CanonResult.

    geometry  a Geometry (None: classic 9x9): forms under its own
              symmetry group, n*n cells a row (ValueError when the group
              is too large to list)
    """
    nt = _threads(threads)
    geom = _geometry(geometry)
    _group_or_raise(geom)
    cells, invalid = _puzzles(puzzles, nt, geom)
    n = len(cells)
    out = np.empty((n, geom.cells if geom else _CELLS), dtype=np.uint8)
    _check(_Runner.call(_lib.sf_array_canon_geom, geom._p if geom else None,
                        cells.ctypes.data, _addr(invalid), n, nt,
                        out.ctypes.data))
    return CanonResult(out, _invalid_bool(invalid, n))


def augment(puzzles, k, seed, solutions=False, threads=None, geometry=None):
    """k random equivalent copies of every puzzle, reproducible from seed
    (the copies ``sudoflow transform --augment k --seed seed`` writes for
    the same records); an AugmentResult.  solutions=True also gives each
    copy's solution (puzzles with exactly one).  geometry: a Geometry
    (None: classic 9x9), whose own symmetries the copies are drawn from."""
    k = _count("k", k, 1, 1000000)
    seed = _count("seed", seed, 0)
    solutions = _flag("solutions", solutions)
    nt = _threads(threads)
    geom = _geometry(geometry)
    _group_or_raise(geom)
    cells, invalid = _puzzles(puzzles, nt, geom)
    n = len(cells)
    width = geom.cells if geom else _CELLS
    out = np.empty((n * k, width), dtype=np.uint8)
    sols = np.empty((n * k, width), dtype=np.uint8) if solutions else None
    _check(_Runner.call(_lib.sf_array_augment_geom, geom._p if geom else None,
                        cells.ctypes.data, _addr(invalid), n, k, seed, nt,
                        out.ctypes.data, _addr(sols)))
    source = np.repeat(np.arange(n, dtype=np.int64), k)
    return AugmentResult(out, sols, source,
                         np.repeat(_invalid_bool(invalid, n), k))


def _named(what, value, parse, known):
    """A name from known, or its index."""
    if isinstance(value, numbers.Integral) and not isinstance(value, bool):
        if 0 <= value < len(known):
            return int(value)
    elif isinstance(value, str):
        if "\0" not in value:
            v = parse(value.encode("utf-8", "replace"))
            if v >= 0:
                return v
    else:
        raise TypeError("%s must be a str (one of %s) or its index, not %r"
                        % (what, ", ".join(known), value))
    raise ValueError("unknown %s %r (%s)" % (what, value, ", ".join(known)))


def _rating(name, value):
    if not isinstance(value, numbers.Real) or isinstance(value, bool):
        raise TypeError("%s must be a number, not %r" % (name, value))
    try:
        if 0 <= value < np.inf:
            return float(value)
    except OverflowError:
        pass
    raise ValueError("%s must be a finite number >= 0, not %r"
                     % (name, value))


def generate(n, seed, clues=None, symmetry=None, level=None,
             min_rating=None, max_rating=None, min_se=None, max_se=None,
             threads=None, se_scale=None):
    """n new puzzles with exactly one solution, uint8[n, 81]: puzzles
    0..n-1 of the stream `seed`, those ``sudoflow generate -n n --seed
    seed`` writes with the same options, whatever the thread count.

    clues     exactly this many clues (None: minimal puzzles)
    symmetry  clue-pattern symmetry, a name from SYMMETRIES
    level     logic level to reach, a name from LEVEL_NAMES (or its index)
    min_rating, max_rating
              bounds of the rating (see rate) to reach
    min_se, max_se
              bounds of the Sudoku Explainer rating (see se_rate; min_se
              at most 9.0, as generate --min-se)
    se_scale  the scale of min_se and max_se: "classic" (the default) or
              "sukaku", as generate --se-scale

    ValueError when the options cannot give puzzles, or when some puzzles
    could not be made (a level out of reach, or clue counts at the edge
    of what the generator reaches), naming how many.
    """
    n = _count("n", n, 0)
    seed = _count("seed", seed, 0)
    nt = _threads(threads)
    opts = _native.GenOpts(0, 0)
    if clues is not None:
        opts.clues = _count("clues", clues, 17, 81)
    if symmetry is not None:
        opts.symmetry = _named("symmetry", symmetry,
                               _lib.sf_symmetry_parse, SYMMETRIES)
    problem = _lib.sf_gen_opts_problem(opts)
    if problem:
        raise ValueError(
            "clues=%s, symmetry=%r: %s; with this symmetry it makes %d to "
            "81 clues" % (clues, SYMMETRIES[opts.symmetry], problem.decode(),
                          _lib.sf_gen_min_clues(opts.symmetry)))
    target = _native.GenTarget(-1, 0, 0.0, 0.0, 20)
    if level is not None:
        target.level = _named("level", level, _lib.sf_level_parse,
                              LEVEL_NAMES)
    if min_rating is not None or max_rating is not None:
        lo = (-np.inf if min_rating is None
              else _rating("min_rating", min_rating))
        hi = (np.inf if max_rating is None
              else _rating("max_rating", max_rating))
        if lo > hi:
            raise ValueError("min_rating %g is above max_rating %g"
                             % (lo, hi))
        target.rated, target.min_rating, target.max_rating = 1, lo, hi
    if min_se is not None or max_se is not None:
        lo = 0.0 if min_se is None else _rating("min_se", min_se)
        hi = np.inf if max_se is None else _rating("max_se", max_se)
        if lo > 9.0:
            raise ValueError("min_se %g: at most 9.0 (puzzles rated above "
                             "it are too rare to search for)" % lo)
        if lo > hi:
            raise ValueError("min_se %g is above max_se %g" % (lo, hi))
        target.se, target.min_se, target.max_se = 1, lo, hi
        target.se_scale = _scale("se_scale", se_scale)
    elif se_scale is not None:
        _scale("se_scale", se_scale)
        raise ValueError("se_scale is for min_se and max_se")
    puzzles = np.empty((n, _CELLS), dtype=np.uint8)
    made = np.empty(n, dtype=np.uint8)
    _check(_Runner.call(_lib.sf_array_generate, opts, target, seed, n, nt,
                                  puzzles.ctypes.data, None,
                                  made.ctypes.data))
    missed, failed = int((made == 1).sum()), int((made == 2).sum())
    if missed or failed:
        raise ValueError(
            "%d of %d puzzles could not be made (%d missed the target in "
            "4096 attempts each, %d could not be made with these clues)"
            % (missed + failed, n, missed, failed))
    return puzzles


_SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def to_strings(cells, empty=".", geometry=None):
    """Rows of a uint8[N, 81] array as 81-character strings, `empty` for
    0 (the command line's ``puzzle`` field uses '.', ``solution`` '0');
    with a Geometry, rows of n*n cells in its symbols (1-9, then A-Z)."""
    geom = _geometry(geometry)
    symbols = _SYMBOLS[:geom.n] if geom else _SYMBOLS[:9]
    if not isinstance(empty, str):
        raise TypeError("empty must be a str of one character, not %r"
                        % (empty,))
    if len(empty) != 1 or not empty.isascii() or empty in symbols:
        raise ValueError("empty must be one ASCII character other than "
                         "the value symbols %s, not %r" % (symbols, empty))
    width = geom.cells if geom else _CELLS
    try:
        a = np.asarray(cells)
    except ValueError:  # rows of different lengths
        raise ValueError("cells: rows of different lengths; they must make "
                         "an (N, %d) integer array" % width) from None
    a = _from_array(a, "cells", geom)
    table = np.frombuffer((empty + symbols).encode("ascii"), dtype=np.uint8)
    text = table[a].tobytes().decode("ascii")
    return [text[i:i + width] for i in range(0, len(text), width)]
