"""Loading libsudoflow and declaring the C functions the package calls.

The library is the one built with the package (``libsudoflow.so`` beside
this file), or the file named by the environment variable
``SUDOFLOW_LIBRARY`` (used to test a build tree without installing it).
It is opened with ``ctypes.CDLL``, which releases the GIL for the whole of
every call, so the OpenMP threads of a batch call run while other Python
threads go on.  Arrays are passed as raw addresses of C-contiguous NumPy
buffers that the caller keeps alive for the call.
"""

import ctypes
import os

_c = ctypes
_ptr = _c.c_void_p  # a NumPy buffer's address, or None for NULL


class GenOpts(_c.Structure):
    """sf_gen_opts_t"""

    _fields_ = [("clues", _c.c_int), ("symmetry", _c.c_int)]


class GenTarget(_c.Structure):
    """sf_gen_target_t"""

    _fields_ = [
        ("level", _c.c_int),
        ("rated", _c.c_int),
        ("min_rating", _c.c_double),
        ("max_rating", _c.c_double),
        ("steps", _c.c_uint),
        ("se", _c.c_int),
        ("min_se", _c.c_double),
        ("max_se", _c.c_double),
        ("se_scale", _c.c_int),
    ]


class ReaderOpts(_c.Structure):
    """sf_reader_opts_t"""

    _fields_ = [
        ("format", _c.c_int),
        ("column", _c.c_char_p),
        ("no_text", _c.c_int),
        ("inflate", _c.c_int),
        ("max_record", _c.c_size_t),
        ("on_note", _c.c_void_p),
        ("note_ctx", _c.c_void_p),
        ("pencil", _c.c_int),
        ("geometry", _c.c_void_p),
        ("sizes", _c.c_int),
        ("alphabet", _c.c_void_p),
    ]


class Error(_c.Structure):
    """sf_error_t"""

    _fields_ = [("code", _c.c_int), ("message", _c.c_char * 512)]


SF_MAX_EXTRA = 8


class GeometrySpec(_c.Structure):
    """sf_geometry_spec_t"""

    _fields_ = [("size", _c.c_char_p), ("regions", _c.c_char_p),
                ("variant", _c.c_char_p),
                ("extra", _c.c_char_p * SF_MAX_EXTRA)]


class Trace(_c.Structure):
    """sf_trace_t"""

    _fields_ = [
        ("puzzles", _c.c_size_t), ("steps", _c.c_size_t),
        ("actions", _c.c_size_t),
        ("step_start", _c.POINTER(_c.c_size_t)),
        ("technique", _c.POINTER(_c.c_int8)),
        ("variant", _c.POINTER(_c.c_uint8)),
        ("tenths", _c.POINTER(_c.c_int16)),
        ("action_start", _c.POINTER(_c.c_size_t)),
        ("kind", _c.POINTER(_c.c_uint8)),
        ("cell", _c.POINTER(_c.c_uint8)),
        ("digit", _c.POINTER(_c.c_uint8)),
        ("candidates", _c.POINTER(_c.c_uint16)),
        ("with_candidates", _c.c_int),
        ("cap_", _c.c_size_t * 3),
    ]


class _KernelHead(_c.Structure):
    """The first member of sf_kernel_t, all the package reads of it."""

    _fields_ = [("name", _c.c_char_p)]


# name: (result type, argument types)
_SIGNATURES = {
    "sf_status_name": (_c.c_char_p, [_c.c_int]),
    "sf_level_name": (_c.c_char_p, [_c.c_int]),
    "sf_symmetry_name": (_c.c_char_p, [_c.c_int]),
    "sf_level_parse": (_c.c_int, [_c.c_char_p]),
    "sf_symmetry_parse": (_c.c_int, [_c.c_char_p]),
    "sf_kernel_at": (_c.POINTER(_KernelHead), [_c.c_size_t]),
    "sf_kernel_find": (_c.c_void_p, [_c.c_char_p]),
    "sf_gen_opts_problem": (_c.c_char_p, [_c.POINTER(GenOpts)]),
    "sf_gen_min_clues": (_c.c_int, [_c.c_int]),
    "sf_format_parse": (_c.c_int, [_c.c_char_p]),
    "sf_cancel_handle": (_c.c_void_p, []),
    "sf_cancel": (None, [_c.c_void_p]),
    "sf_reader_new": (
        _c.c_void_p, [_c.POINTER(_c.c_char_p), _c.c_size_t,
                      _c.POINTER(ReaderOpts)],
    ),
    "sf_reader_free": (None, [_c.c_void_p]),
    "sf_array_read": (
        _c.c_long,
        [_c.c_void_p, _c.c_size_t, _ptr, _ptr, _ptr, _c.POINTER(Error)],
    ),
    "sf_array_parse": (
        _c.c_int,
        [_ptr, _ptr, _c.c_size_t, _c.c_int, _ptr, _ptr],
    ),
    "sf_array_solve": (
        _c.c_int,
        [_ptr, _ptr, _ptr, _c.c_size_t, _c.c_uint64, _c.c_uint, _c.c_int,
         _ptr, _ptr, _ptr, _ptr],
    ),
    "sf_array_rate": (
        _c.c_int,
        [_ptr, _ptr, _c.c_size_t, _c.c_uint, _c.c_int, _ptr, _ptr, _ptr],
    ),
    "sf_geometry_new": (
        _c.c_void_p, [_c.POINTER(GeometrySpec), _c.POINTER(Error)],
    ),
    "sf_geometry_free": (None, [_c.c_void_p]),
    "sf_geometry_n": (_c.c_int, [_c.c_void_p]),
    "sf_geometry_is_classic": (_c.c_int, [_c.c_void_p]),
    "sf_geometry_size_text": (_c.c_char_p, [_c.c_void_p]),
    "sf_geometry_regions_text": (_c.c_char_p, [_c.c_void_p]),
    "sf_geometry_variant_text": (_c.c_char_p, [_c.c_void_p]),
    "sf_symmetries_geom": (_c.c_double, [_c.c_void_p, _c.POINTER(Error)]),
    "sf_array_parse_geom": (
        _c.c_int,
        [_c.c_void_p, _c.c_void_p, _ptr, _ptr, _c.c_size_t, _c.c_int, _ptr,
         _ptr],
    ),
    "sf_array_solve_geom": (
        _c.c_int,
        [_c.c_void_p, _ptr, _ptr, _ptr, _c.c_size_t, _c.c_uint64, _c.c_uint,
         _c.c_int, _ptr, _ptr, _ptr, _ptr],
    ),
    "sf_array_rate_geom": (
        _c.c_int,
        [_c.c_void_p, _ptr, _ptr, _c.c_size_t, _c.c_uint, _c.c_int, _ptr,
         _ptr, _ptr],
    ),
    "sf_array_card": (
        _c.c_int,
        [_ptr, _ptr, _c.c_size_t, _c.c_uint, _c.c_int, _ptr, _ptr, _ptr,
         _ptr, _ptr, _ptr],
    ),
    "sf_se_step_name": (_c.c_char_p, [_c.c_int]),
    "sf_array_se": (
        _c.c_int,
        [_ptr, _ptr, _c.c_size_t, _c.c_double, _c.c_int, _ptr, _ptr, _ptr],
    ),
    "sf_array_se_scale": (
        _c.c_int,
        [_ptr, _ptr, _c.c_size_t, _c.c_int, _c.c_double, _c.c_int, _ptr,
         _ptr, _ptr],
    ),
    "sf_trace_init": (None, [_c.POINTER(Trace), _c.c_int]),
    "sf_trace_free": (None, [_c.POINTER(Trace)]),
    "sf_se_label": (_c.c_int, [_c.c_int, _c.c_uint, _c.c_char_p,
                               _c.c_size_t]),
    "sf_array_explain": (
        _c.c_int,
        [_ptr, _ptr, _c.c_size_t, _c.c_double, _c.c_int,
         _c.POINTER(Trace), _ptr, _ptr, _ptr],
    ),
    "sf_array_canon": (
        _c.c_int,
        [_ptr, _ptr, _c.c_size_t, _c.c_int, _ptr],
    ),
    "sf_array_canon_geom": (
        _c.c_int,
        [_c.c_void_p, _ptr, _ptr, _c.c_size_t, _c.c_int, _ptr],
    ),
    "sf_array_augment": (
        _c.c_int,
        [_ptr, _ptr, _c.c_size_t, _c.c_uint64, _c.c_uint64, _c.c_int,
         _ptr, _ptr],
    ),
    "sf_array_augment_geom": (
        _c.c_int,
        [_c.c_void_p, _ptr, _ptr, _c.c_size_t, _c.c_uint64, _c.c_uint64,
         _c.c_int, _ptr, _ptr],
    ),
    "sf_array_generate": (
        _c.c_int,
        [_c.POINTER(GenOpts), _c.POINTER(GenTarget), _c.c_uint64,
         _c.c_size_t, _c.c_int, _ptr, _ptr, _ptr],
    ),
}

# Values of the C enums the package passes.
SF_LEX = 1
SF_FORMATS = ("line", "grid", "csv")  # sf_format_t values 1, 2, 3
SF_ERR_USAGE = 1


def library_path():
    """The shared library this package loads."""
    path = os.environ.get("SUDOFLOW_LIBRARY")
    if path:
        return path
    return os.path.join(os.path.dirname(os.path.abspath(__file__)),
                        "libsudoflow.so")


def load():
    """Open the library and declare the functions.  OSError when absent."""
    path = library_path()
    try:
        lib = _c.CDLL(path)
    except OSError as e:
        raise ImportError(
            "sudoflow: cannot load the C library %s (%s); install the "
            "package with pip, which builds it, or set SUDOFLOW_LIBRARY"
            % (path, e)) from e
    for name, (res, args) in _SIGNATURES.items():
        f = getattr(lib, name)
        f.restype = res
        f.argtypes = args
    return lib


def names(lib_fn):
    """Names of the values 0, 1, ... of a C enum, up to the first "?"."""
    out = []
    while True:
        name = lib_fn(len(out))
        if name is None or name == b"?":
            return tuple(out)
        out.append(name.decode())
