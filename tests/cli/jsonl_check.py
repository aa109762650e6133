#!/usr/bin/env python3
"""JSON Lines output read by Python, the way its users read it.

    python3 tests/cli/jsonl_check.py BUILD/sudoflow

Every command with --fields (solve, rate, canon, transform, generate) is
run twice on the same input, with line output (csv, --header) and with
--out-format jsonl.  Each jsonl line must load with json.loads as an
object whose keys are the fields in order, with numbers as numbers, text
as strings and null exactly where the line output has an empty field, and
every value must equal the line output's.  A field that may be a lower
bound (se, se_sukaku, backdoor) is a number followed by its own key,
FIELD_bound, true for a bound (the line output's ">=10.4", ">3"), false
for a value, null beside a null; so no key holds numbers in some records
and strings in others.  When pandas is importable,
pandas.read_json(lines=True, dtype=False, precise_float=True) must read
each output with the same rows, columns and values (dtype=False: pandas
would otherwise turn all-digit strings such as solutions into numbers;
precise_float=True: its fast float parser reads 1.7 as
1.7000000000000002); otherwise a note says
it was not tried.  Exits 1 on any mismatch.
"""
import csv
import io
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
INPUTS = os.path.join(HERE, "inputs")
NUMBERS = {"count", "guesses", "ns", "clues", "index", "rating", "minimal",
           "singles_closure", "automorphisms"}
BOUNDS = {"se": ">=", "se_sukaku": ">=", "backdoor": ">"}


def json_keys(fields):
    """The keys of a record with these fields, each bound's key after it."""
    keys = []
    for f in fields:
        keys += [f, f + "_bound"] if f in BOUNDS else [f]
    return keys


def bound_ok(key, got, bound, want):
    """A bound field's number and flag against the line output's text."""
    if want == "":
        return got is None and bound is None
    if not isinstance(got, (int, float)) or isinstance(got, bool) or \
            not isinstance(bound, bool):
        return False
    mark = BOUNDS[key]
    if bound != want.startswith(mark):
        return False
    text = want[len(mark):] if bound else want
    if key == "backdoor":  # ">3": at least 4
        return isinstance(got, int) and got == int(text) + bound
    return float(text) == got


def run(binary, args):
    return subprocess.run([binary] + args, check=True, stdout=subprocess.PIPE,
                          stderr=subprocess.DEVNULL).stdout


def awkward_input(directory):
    """Records whose text needs escaping, and a pencilmark file."""
    with open(os.path.join(INPUTS, "kaggle.csv")) as f:
        quiz, _ = f.read().splitlines()[1].split(",")
    lines = [quiz + ',say "hi", \\ \t x', quiz + " caf\u00e9 \udcff",
             quiz[:80], "55" + "0" * 79]
    text = os.path.join(directory, "awkward.txt")
    with open(text, "wb") as f:
        for line in lines:
            f.write(line.encode("utf-8", "surrogateescape") + b"\n")
    marks = "".join(str(k) if c == "0" or c == str(k) else "."
                    for c in quiz for k in range(1, 10))
    pencil = os.path.join(directory, "pencil.txt")
    with open(pencil, "w") as f:
        f.write(marks + "\n" + marks[:-1] + "\n")
    return text, pencil


def compare(name, fields, line_out, json_out):
    """Check the jsonl records against the csv ones; the number of them."""
    rows = list(csv.reader(io.StringIO(line_out.decode("utf-8", "replace"))))
    if rows[0] != fields:
        sys.exit("%s: csv header %r, expected %r" % (name, rows[0], fields))
    records = json_out.decode("utf-8").splitlines()
    if len(records) != len(rows) - 1:
        sys.exit("%s: %d jsonl records, %d csv" % (name, len(records),
                                                   len(rows) - 1))
    for n, (text, row) in enumerate(zip(records, rows[1:]), 1):
        obj = json.loads(text)
        if not isinstance(obj, dict) or list(obj) != json_keys(fields):
            sys.exit("%s: record %d: keys %r, expected %r"
                     % (name, n, obj, json_keys(fields)))
        for key, want in zip(fields, row):
            got = obj[key]
            if key in BOUNDS:
                ok = bound_ok(key, got, obj[key + "_bound"], want)
            elif want == "":
                ok = got is None
            elif key in NUMBERS:
                ok = isinstance(got, (int, float)) and not isinstance(
                    got, bool) and float(want) == got and (
                    key == "rating" or isinstance(got, int))
            else:
                ok = got == want
            if not ok:
                sys.exit("%s: record %d field %s: json %r, csv %r"
                         % (name, n, key, got, want))
    return len(records)


def try_pandas(name, fields, path, n):
    try:
        import pandas
    except ImportError:
        return False
    frame = pandas.read_json(path, lines=True, dtype=False,
                              precise_float=True)
    if len(frame) != n or list(frame.columns) != json_keys(fields):
        sys.exit("%s: pandas read %d rows %r" % (name, len(frame),
                                                 list(frame.columns)))
    with open(path, encoding="utf-8") as f:
        for i, text in enumerate(f):
            for key, want in json.loads(text).items():
                got = frame[key][i]
                if not (got == want or (want is None and pandas.isna(got))):
                    sys.exit("%s: pandas record %d field %s: %r, json %r"
                             % (name, i + 1, key, got, want))
    return True


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: jsonl_check.py BUILD/sudoflow")
    binary = os.path.abspath(sys.argv[1])
    with tempfile.TemporaryDirectory() as tmp:
        awkward, pencil = awkward_input(tmp)
        mixed = os.path.join(INPUTS, "mixed.txt")
        ten = os.path.join(INPUTS, "ten.txt")
        solve = "puzzle,solution,status,count,guesses,line"
        cases = [
            ("solve", ["solve", "--count"], solve, [mixed, awkward]),
            ("solve pencil", ["solve", "--count"], solve, [pencil]),
            ("rate", ["rate"], "puzzle,status,clues,rating,level,line",
             [mixed]),
            ("rate card", ["rate"], "puzzle,se,step,se_sukaku,minimal,"
             "singles_closure,backdoor,automorphisms,guesses", [mixed, ten]),
            ("generate card", ["generate", "-n", "5", "--seed", "9"],
             "puzzle,se,backdoor,minimal", []),
            ("canon", ["canon"], "canon,puzzle,line", [ten]),
            ("transform", ["transform", "--augment", "2", "--seed", "3"],
             "puzzle,solution,index,line", [ten]),
            ("generate", ["generate", "-n", "20", "--seed", "4"],
             "puzzle,solution,clues,rating,level", []),
        ]
        records, with_pandas = 0, 0
        for name, cmd, fields, files in cases:
            common = cmd + ["-q", "--fields", fields] + files
            line_out = run(binary, common + ["--header"])
            json_out = run(binary, common + ["--out-format", "jsonl"])
            n = compare(name, fields.split(","), line_out, json_out)
            records += n
            path = os.path.join(tmp, "out.jsonl")
            with open(path, "wb") as f:
                f.write(json_out)
            with_pandas += try_pandas(name, fields.split(","), path, n)
    print("jsonl check: %d records of %d commands load with json and match "
          "their line output" % (records, len(cases)))
    if with_pandas:
        print("jsonl check: pandas.read_json(lines=True, dtype=False, precise_float=True) reads "
              "all %d outputs" % with_pandas)
    else:
        print("jsonl check: pandas is not installed; "
              "pandas.read_json(lines=True) not tried")


if __name__ == "__main__":
    main()
