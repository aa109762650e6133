"""Build of the sudoflow Python package.

The package is pure Python (ctypes) plus the project's shared library,
which the build makes with the project's own Makefile (`make shared`, in a
build directory of its own) and copies into the package as
sudoflow/libsudoflow.so.  The C sources are the directory above this one,
or SUDOFLOW_SOURCE; SUDOFLOW_BUILD names the make build directory to use
(default: one under this build's temporary directory).  Offline with
Debian's packages:

    python3 -m venv --system-site-packages venv
    venv/bin/pip install --no-build-isolation ./python
"""

import os
import shutil
import subprocess

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.dist import Distribution

HERE = os.path.dirname(os.path.abspath(__file__))


def source_dir():
    src = os.environ.get("SUDOFLOW_SOURCE") or os.path.dirname(HERE)
    if not os.path.isfile(os.path.join(src, "src", "sudoflow.h")):
        raise SystemExit("sudoflow: no C sources in %s (set SUDOFLOW_SOURCE "
                         "to the sudoflow source tree)" % src)
    return os.path.abspath(src)


class BuildWithLibrary(build_py):
    """build_py, then `make shared` and the library into the package."""

    def run(self):
        super().run()
        build = self.get_finalized_command("build")
        out = os.environ.get("SUDOFLOW_BUILD") or os.path.join(
            os.path.abspath(build.build_temp), "libsudoflow")
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
    version="0.1.0",
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
