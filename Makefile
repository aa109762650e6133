# sudoflow -- parallel batch Sudoku engine.
#
#   make            build/sudoflow and build/libsudoflow.a
#   make run        solve the bundled sample
#   make test       unit tests, cross-check against the reference, CLI tests
#   make check      test, then the same tests under AddressSanitizer+UBSan
#   make bench      kernel throughput on the benchmark sets
#   make install    PREFIX=/usr/local DESTDIR=
#
# Switches: PORTABLE=1 (no -march=native), asan=1, tsan=1, WERROR=1,
# ISAL=0 (inflate gzip input with zlib even when ISA-L is installed).

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
# ISA-L's inflate reads gzip input ~2.5x as fast as zlib's (src/gzin.c);
# used when its header and library are found (Debian: libisal-dev).
ISAL     ?= $(shell printf '#include <isa-l/igzip_lib.h>\nint main(void){isal_inflate_init(0);return 0;}\n' | \
              $(CC) -x c -o /dev/null - -lisal >/dev/null 2>&1 && echo 1 || echo 0)
ifeq ($(ISAL),1)
ALLCFLAGS += -DSF_HAVE_ISAL
LDLIBS    += -lisal
endif
ifeq ($(asan),1)
ALLCFLAGS += -fsanitize=address,undefined -fno-omit-frame-pointer
LDFLAGS   += -fsanitize=address,undefined
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

.PHONY: all run test unit crosscheck cli check bench install clean deps
.SECONDARY:

all: deps $(BIN) $(LIB)

deps:
	@sh scripts/deps.sh

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

test: unit crosscheck cli

unit: deps $(UNIT_BIN)
	@set -e; for t in $(UNIT_BIN); do echo "== $$t"; $$t; done

crosscheck: deps $(TOOL_BIN)
	sh tests/crosscheck.sh $(TOOL_BIN) $(DATA)

cli: all
	sh tests/cli/run.sh $(BIN)

check: test
	$(MAKE) BUILD=build/asan asan=1 test

bench: all
	sh bench/run.sh $(BIN) $(DATA)

install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib $(DESTDIR)$(PREFIX)/include
	install -m 755 $(BIN) $(DESTDIR)$(PREFIX)/bin/sudoflow
	install -m 644 $(LIB) $(DESTDIR)$(PREFIX)/lib/libsudoflow.a
	install -m 644 src/sudoflow.h $(DESTDIR)$(PREFIX)/include/sudoflow.h

clean:
	rm -rf build

-include $(LIB_OBJ:.o=.d) $(CLI_OBJ:.o=.d) $(wildcard $(BUILD)/tests/*.d)
