#!/bin/sh
# The Python package's tests against a build tree (`make python-test`,
# part of `make test`):
#
#   sh python/tests/run.sh BUILD_DIR CLI_BINARY
#
# 1. pytest on the package as it is in python/, loading BUILD_DIR's
#    libsudoflow.so and comparing with CLI_BINARY;
# 2. the installation a user makes offline: a venv with
#    --system-site-packages, `pip install --no-build-isolation --no-index`
#    of a copy of python/ (its build runs `make shared` into BUILD_DIR,
#    which is already up to date), then the tests again on the installed
#    copy.
#
# The interpreter is $PYTHON, else the first of python3 and /usr/bin/python3
# that has NumPy and pytest; when there is none the tests are skipped
# (`sh scripts/deps.sh python` installs Debian's packages).
set -e
build=$(cd "$1" && pwd)
cli=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
root=$(cd "$(dirname "$0")/../.." && pwd)

py=""
for p in ${PYTHON:-python3 /usr/bin/python3}; do
    if "$p" -c 'import numpy, pytest' >/dev/null 2>&1; then
        py=$p
        break
    fi
done
if [ -z "$py" ]; then
    echo "python-test: skipped (no python3 with numpy and pytest; install" \
        "them with: sh scripts/deps.sh python)"
    exit 0
fi

echo "== python: pytest in place ($py)"
SUDOFLOW_LIBRARY=$build/libsudoflow.so SUDOFLOW_CLI=$cli \
    PYTHONPATH=$root/python PYTHONDONTWRITEBYTECODE=1 \
    "$py" -m pytest -q -p no:cacheprovider --doctest-modules \
    "$root/python/tests" "$root/python/sudoflow"

if ! "$py" -c 'import ensurepip, venv' >/dev/null 2>&1; then
    echo "python-test: pip install skipped (no venv module; install" \
        "python3-venv)"
    exit 0
fi
echo "== python: pip install into a venv, then pytest on the installed copy"
work=$build/python-install
rm -rf "$work"
mkdir -p "$work/src"
cp -R "$root/python/sudoflow" "$root/python/setup.py" \
    "$root/python/pyproject.toml" "$work/src/"
rm -rf "$work/src/sudoflow/__pycache__"
"$py" -m venv --system-site-packages "$work/venv"
SUDOFLOW_SOURCE=$root SUDOFLOW_BUILD=$build \
    "$work/venv/bin/python" -m pip install -q --no-build-isolation \
    --no-index --disable-pip-version-check "$work/src" >"$work/pip.log" 2>&1 ||
    { cat "$work/pip.log"; exit 1; }
cd "$work"
SUDOFLOW_CLI=$cli PYTHONDONTWRITEBYTECODE=1 "$work/venv/bin/python" -c '
import os, sys, sudoflow
where = os.path.dirname(sudoflow.__file__)
assert where.startswith(sys.prefix), where
assert os.path.isfile(os.path.join(where, "libsudoflow.so"))
print("installed:", where)'
SUDOFLOW_CLI=$cli PYTHONDONTWRITEBYTECODE=1 "$work/venv/bin/python" -m pytest \
    -q -p no:cacheprovider "$root/python/tests"
