# sudoflow -- parallel batch Sudoku engine.
#
#   make            build/sudoflow, build/libsudoflow.a and libsudoflow.so
#   make shared     just the shared library, build/libsudoflow.so
#   make run        solve the bundled sample
#   make test       every test that needs nothing beside the repository
#   make test-data  the tests on the public benchmark sets (DATA=DIR,
#                   default ../shared/data): cross-check and SE ratings
#   make check      test, then the same tests under ASan+UBSan (gcc and
#                   clang), then the batch commands under ThreadSanitizer,
#                   then distcheck and deb-test
#   make dist       build/sudoflow-VERSION.tar.gz, the release tarball
#   make distcheck  that tarball unpacked alone passes make test
#   make deb        the Debian packages of that tarball, in build/deb
#   make deb-test   they build, install (as root), work and uninstall
#   make fuzz       every fuzz target for FUZZ_SECONDS (default 60)
#   make bench      kernel throughput on the benchmark sets
#   make install    PREFIX=/usr/local DESTDIR= (also BINDIR, LIBDIR, ...)
#   make uninstall  the same settings: removes what install put there
#
# Switches: PORTABLE=1 (no -march=native), asan=1, tsan=1, WERROR=1, fuzz=1,
# MPI=1 (also build/sudoflow-mpi, with mpicc: docs/cluster.md), V=1 (show
# each command in full).  A change of switches, CC or CFLAGS rebuilds what
# it affects.  Builds run on every core unless -j says otherwise.

CC       ?= cc
MPICC    ?= mpicc
PREFIX   ?= /usr/local
BUILD    ?= build
ifeq ($(PORTABLE),1)
OPTFLAGS ?= -O3
else
OPTFLAGS ?= -O3 -march=native
endif
CFLAGS   ?= $(OPTFLAGS) -g
WARN      = -Wall -Wextra -Wshadow -Wstrict-prototypes
ifeq ($(WERROR),1)
WARN     += -Werror
endif
# (CPPFLAGS, empty unless given, is for a package build's preprocessor
# flags, such as -D_FORTIFY_SOURCE)
ALLCFLAGS = -std=c11 -D_POSIX_C_SOURCE=200809L $(WARN) -fopenmp -MMD -MP \
            -Isrc $(CPPFLAGS) $(CFLAGS) -DSF_BUILD_FLAGS='"$(strip $(CFLAGS))"'
LDLIBS    = -lz -ljansson -lm
# asan=1: AddressSanitizer and UBSan, any report fatal.  fuzz=1 (clang):
# the same plus libFuzzer's instrumentation, for the fuzz targets.
ifeq ($(fuzz),1)
asan       = 1
# small reads, so that lines and gzip members straddle them (src/io/gzin.c)
ALLCFLAGS += -fsanitize=fuzzer-no-link -DGZIN_BLOCK=61
# comparison tracing would make the kernels' bit loops ~5x slower
$(BUILD)/obj/kernel/bitboard.o: ALLCFLAGS += -fno-sanitize-coverage=trace-cmp
# the reference backtrackers are what the targets trust, not what they
# explore: no coverage there (it made them ~10x slower, most of a run)
$(BUILD)/tests/refsolve.o $(BUILD)/tests/refgeom.o: ALLCFLAGS += \
    -fno-sanitize-coverage=inline-8bit-counters,indirect-calls,trace-cmp,pc-table
endif
ifeq ($(asan),1)
SANITIZE   = -fsanitize=address,undefined -fno-sanitize-recover=all
ALLCFLAGS += $(SANITIZE) -fno-omit-frame-pointer
LDFLAGS   += $(SANITIZE)
endif
ifeq ($(tsan),1)
ALLCFLAGS += -fsanitize=thread
LDFLAGS   += -fsanitize=thread
endif
ALL_LDFLAGS = -fopenmp $(LDFLAGS)

# Every core, unless the command line gives -j (which wins); a recursive
# make shares its parent's jobs.
ifeq ($(MAKELEVEL),0)
MAKEFLAGS += -j$(shell nproc 2>/dev/null || echo 1)
endif

# Short command lines ("  CC    src/io/x.c"); V=1 shows them in full.
ifeq ($(V),1)
Q   =
say =
else ifneq ($(findstring s,$(firstword -$(MAKEFLAGS))),)
Q   = @
say =
else
Q   = @
say = printf '  %-5s %s\n' '$(1)' '$(2)';
endif

# The flags of this build, kept in $(BUILD)/flags: rewritten when they
# change, and every object depends on it, so that a new CC, CFLAGS or
# switch rebuilds what it affects.
# sudoflow-mpi's own objects have theirs, with MPICC, in $(BUILD)/flags-mpi.
FLAGS_FILE = $(BUILD)/flags
FLAGS_NOW  = $(CC) $(ALLCFLAGS) | $(ALL_LDFLAGS) $(LDLIBS)
FLAGS_MPI  = $(BUILD)/flags-mpi
ifneq ($(file <$(FLAGS_FILE)),$(FLAGS_NOW))
$(shell mkdir -p $(BUILD))
$(file >$(FLAGS_FILE),$(FLAGS_NOW))
endif
ifneq ($(file <$(FLAGS_MPI)),$(MPICC) $(FLAGS_NOW))
$(shell mkdir -p $(BUILD))
$(file >$(FLAGS_MPI),$(MPICC) $(FLAGS_NOW))
endif

# The source tree by layer (docs/architecture.md): the library is every
# folder but cli/ (the command line) and mpi/ (sudoflow-mpi's main).
LIB_DIRS = core kernel io se/grid se/steps se/chains se datasets engine dist
LIB_SRC  = $(foreach d,$(LIB_DIRS),$(wildcard src/$(d)/*.c))
CLI_SRC  = $(wildcard src/cli/*.c)
LIB_OBJ  = $(LIB_SRC:src/%.c=$(BUILD)/obj/%.o)
CLI_OBJ  = $(CLI_SRC:src/%.c=$(BUILD)/obj/%.o)
UNIT_SRC = $(wildcard tests/*/test_*.c)
UNIT_BIN = $(UNIT_SRC:tests/%.c=$(BUILD)/tests/%)
TOOL_BIN = $(BUILD)/tests/kernel/crosscheck
GEOCHECK_BIN = $(BUILD)/tests/kernel/geocheck
LIB      = $(BUILD)/libsudoflow.a
BIN      = $(BUILD)/sudoflow

# Both libraries are made from one set of objects, position-independent
# and with hidden visibility (the kernels run as fast either way): only
# the sf_ API is exported from the shared one, since src/sudoflow.h marks
# its declarations SF_API; the binary links the static archive.  The
# version is defined once, as SF_VERSION in src/sudoflow.h; the soname
# carries its major number.
VERSION := $(shell sed -n 's/^.define SF_VERSION "\(.*\)"/\1/p' src/sudoflow.h)
SONAME   = libsudoflow.so.$(firstword $(subst ., ,$(VERSION)))
SO_REAL  = $(BUILD)/libsudoflow.so.$(VERSION)
SO       = $(BUILD)/libsudoflow.so
SO_LDFLAGS = -shared -Wl,-soname,$(SONAME)
# Sanitizer builds leave the shared library out of `all` (`make shared`
# still builds it); elsewhere every symbol it uses must be resolved.
ifeq ($(asan)$(tsan)$(fuzz),)
SO_ALL      = $(SO)
SO_LDFLAGS += -Wl,--no-undefined
endif

.PHONY: all run test unit crosscheck cli fault check bench install clean deps \
        test-deps test-build test-data layers \
        tsan-run fuzz fuzz-build io-stages
.SECONDARY:

all: deps $(BIN) $(LIB) $(SO_ALL)

# What each target needs beyond the sources, installed when missing
# (scripts/deps.sh): the build needs a C compiler with OpenMP and zlib;
# only the unit tests need cmocka.  Compiling waits for the check (and
# what it installs) even under -j, and the two checks never run at once.
deps:
	@sh scripts/deps.sh

test-deps: deps
	@sh scripts/deps.sh test

$(UNIT_BIN:=.o): | test-deps

$(LIB): $(LIB_OBJ)
	@mkdir -p $(@D)
	@rm -f $@
	$(Q)$(call say,AR,$@)$(AR) rcs $@ $^

$(BIN): $(CLI_OBJ) $(LIB)
	$(Q)$(call say,LINK,$@)$(CC) $(ALL_LDFLAGS) -o $@ $(CLI_OBJ) $(LIB) $(LDLIBS)

$(BUILD)/obj/%.o: src/%.c $(FLAGS_FILE) | deps
	@mkdir -p $(@D)
	$(Q)$(call say,CC,$<)$(CC) $(ALLCFLAGS) -fPIC -fvisibility=hidden -c -o $@ $<

.PHONY: shared uninstall pkg-test

shared: deps $(SO)

$(SO_REAL): $(LIB_OBJ)
	$(Q)$(call say,LINK,$@)$(CC) $(ALL_LDFLAGS) $(SO_LDFLAGS) -o $@ $^ $(LDLIBS)

$(SO): $(SO_REAL)
	@ln -sf $(notdir $(SO_REAL)) $(BUILD)/$(SONAME)
	@ln -sf $(SONAME) $@

$(BUILD)/tests/%.o: tests/%.c $(FLAGS_FILE)
	@mkdir -p $(@D)
	$(Q)$(call say,CC,$<)$(CC) $(ALLCFLAGS) -Itests -c -o $@ $<

# The reference solvers the tests trust: classic 9x9, and any geometry.
REF_OBJ = $(BUILD)/tests/refsolve.o $(BUILD)/tests/refgeom.o $(BUILD)/tests/refvariant.o \
          $(BUILD)/tests/refgeom_text.o

$(UNIT_BIN): %: %.o $(REF_OBJ) $(LIB)
	$(Q)$(call say,LINK,$@)$(CC) $(ALL_LDFLAGS) -o $@ $< $(REF_OBJ) $(LIB) -lcmocka $(LDLIBS)

$(GEOCHECK_BIN): $(BUILD)/tests/kernel/geocheck.o $(REF_OBJ) $(LIB)
	$(Q)$(call say,LINK,$@)$(CC) $(ALL_LDFLAGS) -o $@ $^ $(LDLIBS)

$(TOOL_BIN): $(BUILD)/tests/kernel/crosscheck.o $(REF_OBJ) $(LIB)
	$(Q)$(call say,LINK,$@)$(CC) $(ALL_LDFLAGS) -o $@ $^ $(LDLIBS)

run: deps $(BIN)
	@echo "solving data/sample.txt.gz (2,000 puzzles) into $(BUILD)/sample.csv"
	$(Q)$(BIN) solve --count --fields puzzle,solution,status,guesses --header \
	    -f -o $(BUILD)/sample.csv data/sample.txt.gz
	@echo "first records of $(BUILD)/sample.csv:"; head -n 4 $(BUILD)/sample.csv

# The installed package (tests/pkg/run.sh): install into a temporary
# directory, build and run a program against it through pkg-config (shared
# and static), exported symbols, man pages, completion, uninstall.  Not in
# sanitizer builds, which leave out the shared library.
ifeq ($(asan)$(tsan)$(fuzz),)
PKG_TEST = pkg-test
endif

# The Python package (python/tests/run.sh): pytest on the package in place
# against this build's shared library and binary, then a pip install into
# a venv and pytest on the installed copy; skipped with a note when
# python3 with NumPy and pytest is missing (sh scripts/deps.sh python):
# the recipe looks for the interpreter as run.sh does, so that the stage
# is reported as skipped.
# Not in sanitizer builds, whose runtimes Python cannot load.
ifeq ($(asan)$(tsan)$(fuzz),)
PY_TEST = python-test
endif

.PHONY: python-test
python-test: all $(SO)
	$(Q)py=""; for p in $${PYTHON:-python3 /usr/bin/python3}; do \
	    if "$$p" -c 'import numpy, pytest' >/dev/null 2>&1; then \
	        py=$$p; break; fi; \
	done; \
	if [ -z "$$py" ]; then $(SKIPPED) "no python3 with numpy and pytest" \
	    "(sh scripts/deps.sh python installs them)"; \
	else PYTHON=$$py sh python/tests/run.sh $(BUILD) $(BIN); fi

# MPI=1: sudoflow-mpi, the command as one process of an MPI job: the CLI
# and the library with src/mpi/mpi_main.c (MPI's side of
# src/engine/dist.h) and the CLI's main.c renamed, built and linked with
# mpicc.  The plain build has no MPI in it.
# `make test` runs the MPI tests (tests/mpi/run.sh) when mpicc and mpirun
# are there (sh scripts/deps.sh mpi installs them); not in sanitizer
# builds, where the MPI library's own allocations would be reported.
MPI_BIN  = $(BUILD)/sudoflow-mpi
MPI_OBJ  = $(BUILD)/obj/mpi/mpi_main.o $(BUILD)/obj/mpi/cli_main.o \
           $(filter-out %/main.o,$(CLI_OBJ))
ifeq ($(MPI),1)
all: $(MPI_BIN)
endif
ifeq ($(asan)$(tsan)$(fuzz),)
MPI_TEST = mpi-test
endif

.PHONY: mpi-deps mpi-test
mpi-deps:
	@sh scripts/deps.sh mpi

$(BUILD)/obj/mpi/mpi_main.o: src/mpi/mpi_main.c $(FLAGS_MPI) | mpi-deps
	@mkdir -p $(@D)
	$(Q)$(call say,MPICC,$<)$(MPICC) $(ALLCFLAGS) -c -o $@ $<

$(BUILD)/obj/mpi/cli_main.o: src/cli/main.c $(FLAGS_FILE) | deps
	@mkdir -p $(@D)
	$(Q)$(call say,CC,$< (sf_cli_main))$(CC) $(ALLCFLAGS) -Dmain=sf_cli_main -c -o $@ $<

$(MPI_BIN): $(MPI_OBJ) $(LIB)
	$(Q)$(call say,LINK,$@)$(MPICC) $(ALL_LDFLAGS) -o $@ $(MPI_OBJ) $(LIB) $(LDLIBS)

# mpicc and mpirun, when both are there: make test builds and tests
# sudoflow-mpi then
HAVE_MPI := $(shell command -v $(MPICC) >/dev/null 2>&1 && \
                    command -v mpirun >/dev/null 2>&1 && echo 1)

mpi-test: all
	@if [ "$(HAVE_MPI)" = 1 ]; then \
	    $(MAKE) --no-print-directory $(MPI_BIN) && \
	    sh tests/mpi/run.sh $(BIN) $(MPI_BIN); \
	else $(SKIPPED) "no mpicc and mpirun" \
	    "(sh scripts/deps.sh mpi installs them)"; fi

# The same tests on MPICH (its mpicc.mpich and Hydra launcher): only
# mpi_main.c is compiled with it, against the build's library and CLI
# (which hold no MPI); CI runs them after `make test`.
.PHONY: mpich-test
MPICH_BIN = $(BUILD)/mpich/sudoflow-mpi
$(BUILD)/obj/mpi/mpi_main_mpich.o: src/mpi/mpi_main.c $(FLAGS_FILE)
	@mkdir -p $(@D)
	$(Q)$(call say,MPICC,$< (MPICH))mpicc.mpich $(ALLCFLAGS) -c -o $@ $<

$(MPICH_BIN): $(BUILD)/obj/mpi/mpi_main_mpich.o $(BUILD)/obj/mpi/cli_main.o \
              $(filter-out %/main.o,$(CLI_OBJ)) $(LIB)
	@mkdir -p $(@D)
	$(Q)$(call say,LINK,$@)mpicc.mpich $(ALL_LDFLAGS) -o $@ $^ $(LDLIBS)

mpich-test: all
	@sh scripts/deps.sh mpich
	$(MAKE) --no-print-directory $(MPICH_BIN)
	MPIRUN=mpirun.mpich sh tests/mpi/run.sh $(BIN) $(MPICH_BIN)

# A recipe that cannot run its test here says so with $(SKIPPED) REASON...
# ("STAGE: skipped, REASON") and exits 0; under tests/stages.sh it also
# writes the reason into the file $SF_STAGE_SKIP names, so that the stage
# is reported as skipped rather than passed.
SKIPPED = sf_skip() { echo "$@: skipped, $$*"; \
	  if [ -n "$${SF_STAGE_SKIP:-}" ]; then echo "$$*" >"$$SF_STAGE_SKIP"; \
	  fi; }; sf_skip

# make test: everything the stages need is built first, on every core;
# then the stages run one after another (tests/stages.sh), each with a
# line when it starts and one with its result and time, all of them even
# when one fails, and a summary at the end.  None reads anything beside
# the repository: the public benchmark sets are for `make test-data`.
TEST_STAGES = build-test layers unit crosscheck cli fault $(PKG_TEST) \
              $(PY_TEST) $(MPI_TEST)
TEST_BUILD  = all $(UNIT_BIN) $(TOOL_BIN) $(GEOCHECK_BIN) $(if $(PKG_TEST)$(PY_TEST),$(SO)) \
              $(if $(MPI_TEST),$(if $(HAVE_MPI),$(MPI_BIN)))

test: test-build
	$(RECURSIVE)@sh tests/stages.sh '$(PKG_MAKE)' $(TEST_STAGES)

test-build: test-deps
	$(Q)$(MAKE) --no-print-directory $(TEST_BUILD)

# The scripts that run make (the stages, the package tests) get make's
# name through a variable of its own, since a recipe line that names
# $(MAKE) runs even under `make -n`, and these run tests.  Such a line
# starts with $(RECURSIVE) instead: `+`, so that the makes the script
# starts share this make's jobs (without it they warn "jobserver
# unavailable" and run one job at a time), and nothing under `make -n`,
# which then prints the line and runs nothing.
PKG_MAKE = $(MAKE)
ifneq ($(findstring n,$(filter-out --%,$(firstword -$(MAKEFLAGS)))),)
RECURSIVE =
else
RECURSIVE = +
endif

# the build's behaviour, then the stages' report of a stage that passes,
# fails or skips (tests/stages.sh --self-test, through make test itself)
.PHONY: build-test
build-test:
	$(Q)sh tests/build.sh '$(PKG_MAKE)'
	$(RECURSIVE)$(Q)sh tests/stages.sh --self-test '$(PKG_MAKE)' '$(BUILD)'

# The layers of src/ (docs/architecture.md): includes and calls only
# downward, no loops (tests/layers.sh, over the sources and the objects).
layers: all
	$(Q)sh tests/layers.sh $(BUILD)/obj

pkg-test: test-deps all $(SO)
	$(RECURSIVE)$(Q)sh tests/pkg/run.sh '$(PKG_MAKE)' '$(BUILD)' '$(CC)'

unit: test-deps $(UNIT_BIN)
	@failed=""; for t in $(UNIT_BIN); do echo "== $$t"; \
	    $$t || failed="$$failed $${t##*/}"; done; \
	if [ -n "$$failed" ]; then echo "unit: FAILED:$$failed"; exit 1; fi

crosscheck: deps $(TOOL_BIN) $(GEOCHECK_BIN)
	$(Q)sh tests/kernel/crosscheck.sh $(TOOL_BIN) && $(GEOCHECK_BIN)

# make test-data: the tests that read the public benchmark sets (17-clue,
# top1465, hardest), from DATA: the cross-check on all three, SE's
# ratings of the public puzzles of data/se/ (up to 10.4; the deeper ones
# are in make check) and the unit tests that also run on top1465.
DATA ?= ../shared/data
DATA_STAGES = crosscheck-data se-data unit-data

# A recipe line that starts with this skips the rest of the line, with a
# note, when DATA does not hold the public sets (a fresh clone has none).
NEED_DATA = if [ ! -f "$(DATA)/top1465.txt" ]; then \
	    $(SKIPPED) "no public benchmark sets in $(DATA) (give" \
	    "DATA=DIR, the directory of 17_clue.txt, top1465.txt and" \
	    "hardest_1106.txt)"; exit 0; fi

test-data: test-build
	$(RECURSIVE)@$(NEED_DATA); sh tests/stages.sh '$(PKG_MAKE)' $(DATA_STAGES)

.PHONY: crosscheck-data se-data unit-data
crosscheck-data: deps $(TOOL_BIN)
	@$(NEED_DATA); sh tests/kernel/crosscheck.sh $(TOOL_BIN) $(DATA)

se-data: all
	@$(NEED_DATA); \
	sh tests/se/se_compare.sh --data $(DATA) --max-se 10.4 --exact $(BIN) && \
	sh tests/se/se_compare.sh --scale sukaku --data $(DATA) --max-se 10.4 \
	    --exact $(BIN)

DATA_UNITS = $(BUILD)/tests/datasets/test_logic \
             $(BUILD)/tests/datasets/test_equivalence

unit-data: test-deps $(DATA_UNITS)
	@$(NEED_DATA); set -e; for t in $(DATA_UNITS); do \
	    echo "== $$t (SF_DATA=$(DATA))"; SF_DATA=$(DATA) $$t; done

# The CLI golden tests, then jsonl output read by Python's json module
# and pandas, when python3 is: $PYTHON, else the first of python3 and
# /usr/bin/python3 that has pandas (sh scripts/deps.sh python installs
# it), else the first there is (the pandas part is then skipped).
cli: all
	$(Q)sh tests/cli/run.sh $(BIN)
	@py=""; for p in $${PYTHON:-python3 /usr/bin/python3}; do \
	    if "$$p" -c 'import pandas' >/dev/null 2>&1; then py=$$p; break; fi; \
	    [ -z "$$py" ] && command -v "$$p" >/dev/null 2>&1 && py=$$p; \
	done; \
	if [ -n "$$py" ]; then "$$py" tests/cli/jsonl_check.py $(BIN); \
	else echo "jsonl check: skipped (no python3)"; fi

fault: all
	$(Q)sh tests/fault/run.sh $(BIN)

# The tests, the big-input ones too (a gzip member over 4 GiB, SE's ratings
# of the puzzles that need its deepest techniques), then the
# tests under ASan+UBSan with gcc and with clang, then the batch
# commands under ThreadSanitizer (clang: libomp's Archer tool tells TSan
# about OpenMP's synchronisation; tests/engine/tsan.sh), then the release
# tarball's own make test (distcheck) and the Debian packages' test.
check: test
	@sh scripts/deps.sh check
	SF_BIG_TESTS=1 $(BUILD)/tests/io/test_output
	@if [ -f "$(DATA)/top1465.txt" ]; then \
	    $(MAKE) --no-print-directory test-data && \
	    sh tests/se/se_compare.sh --data $(DATA) --min-se 10.4 --exact $(BIN) && \
	    sh tests/se/se_compare.sh --scale sukaku --data $(DATA) --min-se 10.4 \
	        --exact $(BIN); \
	else echo "check: test-data and SE's deepest ratings skipped: no" \
	    "public benchmark sets in $(DATA) (give DATA=DIR)"; fi
	UBSAN_OPTIONS=$${UBSAN_OPTIONS:-print_stacktrace=1} \
	    $(MAKE) BUILD=build/asan-gcc CC=gcc asan=1 test
	UBSAN_OPTIONS=$${UBSAN_OPTIONS:-print_stacktrace=1} \
	    $(MAKE) BUILD=build/asan-clang CC=clang asan=1 test
	$(MAKE) BUILD=build/tsan CC=clang tsan=1 tsan-run
	$(MAKE) --no-print-directory distcheck
	$(MAKE) --no-print-directory deb-test

ARCHER ?= $(firstword $(wildcard /usr/lib/llvm-*/lib/libarcher.so))

tsan-run: all
	sh tests/engine/tsan.sh $(BIN) $(ARCHER)

# Fuzzing: every tests/fuzz/fuzz_*.c built with clang's libFuzzer, ASan
# and UBSan against a library instrumented the same way (FUZZ_BUILD), each
# run for FUZZ_SECONDS on a copy of its seed corpus (tests/fuzz/run.sh).
FUZZ_SECONDS ?= 60
FUZZ_BUILD   ?= build/fuzz
FUZZ_CC      ?= clang
FUZZ_BIN      = $(patsubst tests/fuzz/%.c,$(BUILD)/%,$(wildcard tests/fuzz/fuzz_*.c))
FUZZ_LINK     = $(REF_OBJ) $(filter-out %/main.o,$(CLI_OBJ)) $(LIB)

fuzz:
	@sh scripts/deps.sh fuzz
	$(MAKE) BUILD=$(FUZZ_BUILD) CC=$(FUZZ_CC) fuzz=1 fuzz-build
	sh tests/fuzz/run.sh $(FUZZ_BUILD) $(FUZZ_SECONDS)

fuzz-build: $(FUZZ_BIN)

$(BUILD)/fuzz_%: tests/fuzz/fuzz_%.c $(FUZZ_LINK)
	@mkdir -p $(@D)
	$(Q)$(call say,LINK,$@)$(CC) $(ALLCFLAGS) -Itests -fsanitize=fuzzer $(ALL_LDFLAGS) \
	    -o $@ $< $(FUZZ_LINK) $(LDLIBS)

bench: all
	@sh scripts/deps.sh bench
	sh bench/run.sh $(BIN) $(DATA)

# The cost of each stage of solve's input and output path beside the
# kernel's (bench/io_stages.c): make io-stages, then
# $(BUILD)/bench/io_stages FILE.
IO_STAGES = $(BUILD)/bench/io_stages
io-stages: $(IO_STAGES)
$(IO_STAGES): bench/io_stages.c $(LIB) $(FLAGS_FILE)
	@mkdir -p $(@D)
	$(Q)$(call say,CC,$<)$(CC) $(ALLCFLAGS) $(ALL_LDFLAGS) -o $@ $< $(LIB) $(LDLIBS)

# Installation: the binary (and sudoflow-mpi when MPI=1 built it), both
# libraries (the shared one with its soname and development links), the
# header, a pkg-config file, the man pages and the bash completion, each
# directory settable on its own.
# `make uninstall` with the same settings removes exactly these files.
BINDIR       ?= $(PREFIX)/bin
LIBDIR       ?= $(PREFIX)/lib
INCLUDEDIR   ?= $(PREFIX)/include
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
MANDIR       ?= $(PREFIX)/share/man
BASHCOMPDIR  ?= $(PREFIX)/share/bash-completion/completions
MAN_PAGES     = $(wildcard man/*.1)
# What a program linking the static library needs besides zlib: the
# OpenMP runtime of the compiler that built it (gcc's libgomp by name;
# clang's libomp lives in clang's own directory, which -fopenmp adds),
# threads and libm.
OMP_LIB      ?= $(if $(findstring clang,$(shell $(CC) --version 2>/dev/null)),-fopenmp,-lgomp)
pc_dir        = $(patsubst $(PREFIX)/%,$${prefix}/%,$(1))
INSTALLED     = $(BINDIR)/sudoflow $(BINDIR)/sudoflow-mpi $(INCLUDEDIR)/sudoflow.h \
                $(addprefix $(LIBDIR)/,libsudoflow.a libsudoflow.so \
                    $(SONAME) libsudoflow.so.$(VERSION)) \
                $(PKGCONFIGDIR)/sudoflow.pc $(BASHCOMPDIR)/sudoflow \
                $(addprefix $(MANDIR)/man1/,$(notdir $(MAN_PAGES)))

# written on every install (PREFIX and the directories may differ)
.PHONY: $(BUILD)/sudoflow.pc
$(BUILD)/sudoflow.pc:
	@mkdir -p $(@D)
	@{ echo 'prefix=$(PREFIX)'; \
	  echo 'libdir=$(call pc_dir,$(LIBDIR))'; \
	  echo 'includedir=$(call pc_dir,$(INCLUDEDIR))'; echo; \
	  echo 'Name: sudoflow'; \
	  echo 'Description: Parallel batch Sudoku engine (solver, readers, batch driver, datasets)'; \
	  echo 'Version: $(VERSION)'; \
	  echo 'Requires.private: zlib jansson'; \
	  echo 'Libs: -L$${libdir} -lsudoflow'; \
	  echo 'Libs.private: $(OMP_LIB) -lpthread -lm'; \
	  echo 'Cflags: -I$${includedir}'; } > $@

install: all $(SO) $(BUILD)/sudoflow.pc
	install -d $(addprefix $(DESTDIR),$(BINDIR) $(LIBDIR) $(INCLUDEDIR) \
	    $(PKGCONFIGDIR) $(MANDIR)/man1 $(BASHCOMPDIR))
	install -m 755 $(BIN) $(DESTDIR)$(BINDIR)/sudoflow
	@if [ -x $(MPI_BIN) ]; then \
	    echo install -m 755 $(MPI_BIN) $(DESTDIR)$(BINDIR)/sudoflow-mpi; \
	    install -m 755 $(MPI_BIN) $(DESTDIR)$(BINDIR)/sudoflow-mpi; fi
	install -m 644 $(LIB) $(DESTDIR)$(LIBDIR)/libsudoflow.a
	install -m 755 $(SO_REAL) $(DESTDIR)$(LIBDIR)/libsudoflow.so.$(VERSION)
	ln -sf libsudoflow.so.$(VERSION) $(DESTDIR)$(LIBDIR)/$(SONAME)
	ln -sf $(SONAME) $(DESTDIR)$(LIBDIR)/libsudoflow.so
	install -m 644 src/sudoflow.h $(DESTDIR)$(INCLUDEDIR)/sudoflow.h
	install -m 644 $(BUILD)/sudoflow.pc $(DESTDIR)$(PKGCONFIGDIR)/sudoflow.pc
	install -m 644 $(MAN_PAGES) $(DESTDIR)$(MANDIR)/man1/
	install -m 644 completion/sudoflow.bash $(DESTDIR)$(BASHCOMPDIR)/sudoflow
	@if [ -z "$(DESTDIR)" ] && [ "$$(id -u)" = 0 ]; then \
	    ldconfig 2>/dev/null || true; fi

uninstall:
	rm -f $(addprefix $(DESTDIR),$(INSTALLED))

# make dist: $(BUILD)/sudoflow-VERSION.tar.gz, the release tarball: in a
# git checkout the files of HEAD (git archive; a note says when tracked
# files differ from it), under sudoflow-VERSION/.  An unpacked tarball has
# no .git: there it archives the tree's files but build/ and $(BUILD), so
# that a tarball made from a tarball holds the same files.
# make distcheck: that tarball unpacked alone in a temporary directory
# (nothing beside it), `make dist` there giving the same files, then
# `make test` there, in its own build/.
DIST_NAME = sudoflow-$(VERSION)
DIST      = $(BUILD)/$(DIST_NAME).tar.gz

.PHONY: dist distcheck
dist:
	@mkdir -p $(BUILD)
	$(Q)set -e; rm -f $(DIST).tmp; \
	if [ -e .git ] && git rev-parse --verify -q HEAD >/dev/null; then \
	    git archive --format=tar --prefix=$(DIST_NAME)/ HEAD | \
	        gzip -n -9 >$(DIST).tmp; \
	    n=$$(git status --porcelain --untracked-files=no | wc -l); \
	    [ "$$n" = 0 ] || echo "dist: note: $$n tracked files differ from" \
	        "HEAD; the tarball holds HEAD's"; \
	else \
	    find . \( -path ./build -o -path './$(BUILD:./%=%)' \) -prune -o \
	        \( -type f -o -type l \) -print | sed 's,^\./,,' | \
	        LC_ALL=C sort >$(DIST).list; \
	    tar -cf - --no-recursion --owner=0 --group=0 --numeric-owner \
	        --transform 's,^,$(DIST_NAME)/,' -T $(DIST).list | \
	        gzip -n -9 >$(DIST).tmp; \
	    rm -f $(DIST).list; \
	fi; \
	mv $(DIST).tmp $(DIST); \
	echo "dist: $(DIST) ($$(tar -tzf $(DIST) | grep -vc '/$$') files)"

# (the listing's files, directories left out, sorted)
dist_files = tar -tzf $(1) | grep -v '/$$' | LC_ALL=C sort

distcheck: dist
	$(RECURSIVE)$(Q)set -e; \
	tmp=$$(mktemp -d "$${TMPDIR:-/tmp}/sudoflow-distcheck.XXXXXX"); \
	trap 'rm -rf "$$tmp"' EXIT; trap 'exit 130' INT; trap 'exit 143' TERM; \
	tar -xzf $(DIST) -C "$$tmp"; \
	echo "distcheck: $(DIST) unpacked in $$tmp"; \
	$(PKG_MAKE) -s --no-print-directory -C "$$tmp/$(DIST_NAME)" BUILD=build \
	    dist >/dev/null; \
	$(call dist_files,$(DIST)) >"$$tmp/files"; \
	$(call dist_files,"$$tmp/$(DIST_NAME)/build/$(DIST_NAME).tar.gz") \
	    >"$$tmp/files-again"; \
	if ! cmp -s "$$tmp/files" "$$tmp/files-again"; then \
	    echo "distcheck: make dist in the unpacked tarball gives other" \
	        "files (<: the tarball, >: again):"; \
	    diff "$$tmp/files" "$$tmp/files-again" | grep '^[<>]' | head -20; \
	    exit 1; fi; \
	rm -rf "$$tmp/$(DIST_NAME)/build"; \
	echo "distcheck: make dist there gives the same $$(wc -l <"$$tmp/files")" \
	    "files; make test there:"; \
	$(PKG_MAKE) --no-print-directory -C "$$tmp/$(DIST_NAME)" BUILD=build test; \
	echo "distcheck: $(DIST) passes make test alone"

# make deb: the Debian packages (debian/: sudoflow, libsudoflow0,
# libsudoflow-dev) built by dpkg-buildpackage from the release tarball,
# unpacked in $(BUILD)/deb, where the .deb files land.  make deb-test:
# the same in a temporary directory, then the packages installed into the
# system, used and removed again (tests/pkg/deb.sh; skipped with the reason
# when not root).  Both install what they need first (sh scripts/deps.sh
# deb: dpkg-dev, debhelper, the build dependencies, lintian).
.PHONY: deb deb-test
deb: dist
	@sh scripts/deps.sh deb
	$(Q)sh tests/pkg/deb.sh --build $(DIST) $(BUILD)/deb

deb-test: dist
	@sh scripts/deps.sh deb
	$(Q)sh tests/pkg/deb.sh $(DIST)

clean:
	rm -rf build

-include $(LIB_OBJ:.o=.d) $(CLI_OBJ:.o=.d) $(wildcard $(BUILD)/tests/*.d \
         $(BUILD)/tests/*/*.d)
-include $(wildcard $(BUILD)/obj/mpi/*.d)
-include $(wildcard $(BUILD)/fuzz_*.d)
