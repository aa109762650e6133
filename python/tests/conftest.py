"""Shared fixtures: the command line to compare against and puzzle sets.

SUDOFLOW_CLI names the `sudoflow` binary (default: build/sudoflow of the
source tree); tests that compare with it are skipped when it is missing.
Puzzles come from the project's data/ directory.
"""

import gzip
import os
import subprocess

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))


def _cli_path():
    path = os.environ.get("SUDOFLOW_CLI") or os.path.join(ROOT, "build",
                                                          "sudoflow")
    return path if os.access(path, os.X_OK) else None


@pytest.fixture(scope="session")
def cli():
    """run(args, lines) -> stdout lines of `sudoflow ARGS FILE` on lines."""
    path = _cli_path()
    if path is None:
        pytest.skip("no sudoflow binary (set SUDOFLOW_CLI)")

    def run(args, lines=None, tmp=None):
        cmd = [path] + list(args) + ["-q"]
        data = None
        if lines is not None:
            cmd.append("-")
            data = "".join(line + "\n" for line in lines).encode("latin-1")
        p = subprocess.run(cmd, input=data, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, check=False)
        assert p.returncode == 0, p.stderr.decode()
        return p.stdout.decode().splitlines()

    return run


def load(name, count=None):
    """Puzzle lines of data/NAME (gzip), the first `count` of them."""
    path = os.path.join(ROOT, "data", name)
    if not os.path.exists(path):
        pytest.skip("no %s" % path)
    with gzip.open(path, "rt") as f:
        lines = [line.rstrip("\n") for line in f
                 if line.strip() and not line.startswith("#")]
    return lines[:count]
