"""Build of the sudoflow Python package.

The package is pure Python (ctypes) plus the project's shared library,
which the build makes with the project's own Makefile (`make shared`, on
every core, in a build directory of its own) and copies into the package
as sudoflow/libsudoflow.so.  The C sources are the directory above this
one, or SUDOFLOW_SOURCE; SUDOFLOW_BUILD names the make build directory to
use (default: build/python-lib in the source tree, kept from one install
to the next, so that a second install does not compile again).  pip shows
"Building wheel for sudoflow ... started" while it runs (about 10 s on two
cores), and `pip install -v` each compiler line.  The package's version is
the library's, SF_VERSION in src/sudoflow.h, read from there so that it is
written in one place (tests/pkg/run.sh checks every copy against it).
Offline with Debian's packages:

    /usr/bin/python3 -m venv --system-site-packages venv
    venv/bin/pip install --no-build-isolation ./python
"""

import os
import re
import shutil
import subprocess
import sys


def _need(module, package):
    """Stop with the exact fix when the interpreter lacks a module: the
    usual cause is a python3 (pyenv, conda) ahead of Debian's on PATH,
    which Debian's python3-* packages do not serve."""
    try:
        __import__(module)
    except ImportError:
        raise SystemExit(
            "sudoflow: %s has no '%s' module, which the build needs "
            "(Debian's package %s provides it for /usr/bin/python3).  "
            "Without a package index, make the venv with Debian's "
            "interpreter: /usr/bin/python3 -m venv --system-site-packages "
            "venv; venv/bin/pip install --no-build-isolation ./python"
            % (sys.executable, module, package))


_need("wheel", "python3-wheel")
_need("numpy", "python3-numpy")

from setuptools import setup  # noqa: E402 (after the checks above)
from setuptools.command.build_py import build_py  # noqa: E402
from setuptools.dist import Distribution  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


def source_dir():
    src = os.environ.get("SUDOFLOW_SOURCE") or os.path.dirname(HERE)
    if not os.path.isfile(os.path.join(src, "src", "sudoflow.h")):
        raise SystemExit("sudoflow: no C sources in %s (set SUDOFLOW_SOURCE "
                         "to the sudoflow source tree)" % src)
    return os.path.abspath(src)


def version():
    """SF_VERSION of the C sources' public header."""
    header = os.path.join(source_dir(), "src", "sudoflow.h")
    with open(header, encoding="utf-8") as f:
        m = re.search(r'^#define SF_VERSION "([^"]+)"', f.read(), re.M)
    if not m:
        raise SystemExit("sudoflow: no SF_VERSION in %s" % header)
    return m.group(1)


class BuildWithLibrary(build_py):
    """build_py, then `make shared` and the library into the package."""

    def run(self):
        super().run()
        out = os.environ.get("SUDOFLOW_BUILD") or os.path.join(
            source_dir(), "build", "python-lib")
        out = os.path.abspath(out)
        jobs = str(os.cpu_count() or 1)
        cmd = ["make", "-C", source_dir(), "-j" + jobs, "BUILD=" + out,
               "shared"]
        self.announce("building the C library: " + " ".join(cmd), level=2)
        subprocess.check_call(cmd)
        real = os.path.realpath(os.path.join(out, "libsudoflow.so"))
        dest = os.path.join(self.build_lib, "sudoflow", "libsudoflow.so")
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        shutil.copyfile(real, dest)
        os.chmod(dest, 0o755)


class BinaryDistribution(Distribution):
    """The wheel holds a compiled library: tag it for this platform."""

    def has_ext_modules(self):
        return True


setup(
    name="sudoflow",
    version=version(),
    description="Batch Sudoku solving, generating, rating and augmenting "
                "on NumPy arrays (the sudoflow C library, OpenMP)",
    license="MIT",
    packages=["sudoflow"],
    python_requires=">=3.8",
    install_requires=["numpy"],
    cmdclass={"build_py": BuildWithLibrary},
    distclass=BinaryDistribution,
    zip_safe=False,
)
