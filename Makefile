# sudoflow -- parallel batch Sudoku engine.
#
#   make            build/sudoflow and build/libsudoflow.a
#   make run        solve the bundled sample
#   make test       unit tests, cross-check against the reference, CLI tests
#   make check      test, then the same tests under ASan+UBSan (gcc and
#                   clang), then the batch commands under ThreadSanitizer
#   make fuzz       every fuzz target for FUZZ_SECONDS (default 60)
#   make bench      kernel throughput on the benchmark sets
#   make install    PREFIX=/usr/local DESTDIR=
#
# Switches: PORTABLE=1 (no -march=native), asan=1, tsan=1, WERROR=1, fuzz=1.

CC       ?= cc
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
ALLCFLAGS = -std=c11 -D_POSIX_C_SOURCE=200809L $(WARN) -fopenmp -MMD -MP \
            -Isrc $(CFLAGS) -DSF_BUILD_FLAGS='"$(strip $(CFLAGS))"' 
LDLIBS    = -lz -lm
# asan=1: AddressSanitizer and UBSan, any report fatal.  fuzz=1 (clang):
# the same plus libFuzzer's instrumentation, for the fuzz targets.
ifeq ($(fuzz),1)
asan       = 1
# small reads, so that lines and gzip members straddle them (src/gzin.c)
ALLCFLAGS += -fsanitize=fuzzer-no-link -DGZIN_BLOCK=61
# comparison tracing would make the kernels' bit loops ~5x slower
$(BUILD)/obj/kernel_%.o: ALLCFLAGS += -fno-sanitize-coverage=trace-cmp
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

LIB_SRC  = $(filter-out src/main.c src/cli_%.c,$(wildcard src/*.c))
CLI_SRC  = src/main.c $(wildcard src/cli_*.c)
LIB_OBJ  = $(LIB_SRC:src/%.c=$(BUILD)/obj/%.o)
CLI_OBJ  = $(CLI_SRC:src/%.c=$(BUILD)/obj/%.o)
UNIT_SRC = $(wildcard tests/test_*.c)
UNIT_BIN = $(UNIT_SRC:tests/%.c=$(BUILD)/tests/%)
TOOL_BIN = $(BUILD)/tests/crosscheck
LIB      = $(BUILD)/libsudoflow.a
BIN      = $(BUILD)/sudoflow

DATA    ?= ../shared/data

.PHONY: all run test unit crosscheck cli fault check bench install clean deps \
        test-deps \
        tsan-run fuzz fuzz-build
.SECONDARY:

all: deps $(BIN) $(LIB)

# What each target needs beyond the sources, installed when missing
# (scripts/deps.sh): the build needs a C compiler with OpenMP and zlib;
# only the unit tests need cmocka.
deps:
	@sh scripts/deps.sh

test-deps:
	@sh scripts/deps.sh test

$(LIB): $(LIB_OBJ)
	@mkdir -p $(@D)
	$(AR) rcs $@ $^

$(BIN): $(CLI_OBJ) $(LIB)
	$(CC) $(ALL_LDFLAGS) -o $@ $(CLI_OBJ) $(LIB) $(LDLIBS)

$(BUILD)/obj/%.o: src/%.c
	@mkdir -p $(@D)
	$(CC) $(ALLCFLAGS) -c -o $@ $<

$(BUILD)/tests/%.o: tests/%.c
	@mkdir -p $(@D)
	$(CC) $(ALLCFLAGS) -Itests -c -o $@ $<

$(BUILD)/tests/test_%: $(BUILD)/tests/test_%.o $(BUILD)/tests/refsolve.o $(LIB)
	$(CC) $(ALL_LDFLAGS) -o $@ $< $(BUILD)/tests/refsolve.o $(LIB) -lcmocka $(LDLIBS)

$(TOOL_BIN): $(BUILD)/tests/crosscheck.o $(BUILD)/tests/refsolve.o $(LIB)
	$(CC) $(ALL_LDFLAGS) -o $@ $^ $(LDLIBS)

run: all
	$(BIN) solve --count --fields puzzle,solution,status,guesses --header \
	    -f -o $(BUILD)/sample.csv data/sample.txt.gz
	@echo "first records of $(BUILD)/sample.csv:"; head -n 4 $(BUILD)/sample.csv

test: unit crosscheck cli fault

unit: test-deps $(UNIT_BIN)
	@set -e; for t in $(UNIT_BIN); do echo "== $$t"; $$t; done

crosscheck: deps $(TOOL_BIN)
	sh tests/crosscheck.sh $(TOOL_BIN) $(DATA)

cli: all
	sh tests/cli/run.sh $(BIN)

fault: all
	sh tests/fault/run.sh $(BIN)

# The tests, the big-input ones too (a gzip member over 4 GiB), then the
# tests under ASan+UBSan with gcc and with clang, then the batch
# commands under ThreadSanitizer (clang: libomp's Archer tool tells TSan
# about OpenMP's synchronisation; tests/tsan.sh).
check: test
	@sh scripts/deps.sh check
	SF_BIG_TESTS=1 $(BUILD)/tests/test_output
	UBSAN_OPTIONS=$${UBSAN_OPTIONS:-print_stacktrace=1} \
	    $(MAKE) BUILD=build/asan-gcc CC=gcc asan=1 test
	UBSAN_OPTIONS=$${UBSAN_OPTIONS:-print_stacktrace=1} \
	    $(MAKE) BUILD=build/asan-clang CC=clang asan=1 test
	$(MAKE) BUILD=build/tsan CC=clang tsan=1 tsan-run

ARCHER ?= $(firstword $(wildcard /usr/lib/llvm-*/lib/libarcher.so))

tsan-run: all
	sh tests/tsan.sh $(BIN) $(ARCHER)

# Fuzzing: every tests/fuzz/fuzz_*.c built with clang's libFuzzer, ASan
# and UBSan against a library instrumented the same way (FUZZ_BUILD), each
# run for FUZZ_SECONDS on a copy of its seed corpus (tests/fuzz/run.sh).
FUZZ_SECONDS ?= 60
FUZZ_BUILD   ?= build/fuzz
FUZZ_CC      ?= clang
FUZZ_BIN      = $(patsubst tests/fuzz/%.c,$(BUILD)/%,$(wildcard tests/fuzz/fuzz_*.c))
FUZZ_LINK     = $(BUILD)/tests/refsolve.o $(filter-out %/main.o,$(CLI_OBJ)) $(LIB)

fuzz:
	@sh scripts/deps.sh fuzz
	$(MAKE) BUILD=$(FUZZ_BUILD) CC=$(FUZZ_CC) fuzz=1 fuzz-build
	sh tests/fuzz/run.sh $(FUZZ_BUILD) $(FUZZ_SECONDS)

fuzz-build: $(FUZZ_BIN)

$(BUILD)/fuzz_%: tests/fuzz/fuzz_%.c $(FUZZ_LINK)
	@mkdir -p $(@D)
	$(CC) $(ALLCFLAGS) -Itests -fsanitize=fuzzer $(ALL_LDFLAGS) \
	    -o $@ $< $(FUZZ_LINK) $(LDLIBS)

bench: all
	@sh scripts/deps.sh bench
	sh bench/run.sh $(BIN) $(DATA)

install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib $(DESTDIR)$(PREFIX)/include
	install -m 755 $(BIN) $(DESTDIR)$(PREFIX)/bin/sudoflow
	install -m 644 $(LIB) $(DESTDIR)$(PREFIX)/lib/libsudoflow.a
	install -m 644 src/sudoflow.h $(DESTDIR)$(PREFIX)/include/sudoflow.h

clean:
	rm -rf build

-include $(LIB_OBJ:.o=.d) $(CLI_OBJ:.o=.d) $(wildcard $(BUILD)/tests/*.d)
-include $(wildcard $(BUILD)/fuzz_*.d)
