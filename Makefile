# tradechart: build, run, test, benchmark, install.
SWIFT   ?= swift
PREFIX  ?= /usr/local
RELEASE := .build/release
DEBUG   := .build/debug
# The Swift runtime linked into the binary: only the pages used are loaded, so the viewer
# starts in less time and memory than with the shared libraries (issue 24: 16.6 -> 13.0 MiB).
# The processor the release build is made for, like a C compiler's -march=native: Haswell's
# instruction set (AVX2, FMA, BMI2; Intel 2013, AMD 2015 on) where this machine has it, else
# any x86-64 (and any processor elsewhere). The results are the same bit for bit (Swift fuses
# no multiplication and addition into an FMA); the indicators' pass runs a fifth fewer
# instructions (issue 25). A binary to copy to other machines: `make build TARGET_CPU=`.
HASWELL := avx2 bmi1 bmi2 fma f16c movbe popcnt abm
ifeq ($(origin TARGET_CPU),undefined)
TARGET_CPU := $(shell for x in $(HASWELL); do grep -m1 '^flags' /proc/cpuinfo 2>/dev/null | grep -qw $$x || exit 0; done; echo haswell)
endif
RELEASE_FLAGS := -c release --static-swift-stdlib \
	$(if $(TARGET_CPU),-Xswiftc -target-cpu -Xswiftc $(TARGET_CPU) -Xcc -march=$(TARGET_CPU))

.PHONY: build run test bench fuzz install clean

## build: release build of the viewer
build:
	$(SWIFT) build $(RELEASE_FLAGS) --product tradechart

## run: build and open the viewer on the bundled DAX data
run: build
	$(RELEASE)/tradechart Data/dax.csv

## test: build everything and run every test (unit, snapshot, end-to-end in tmux)
test:
	$(SWIFT) build
	TRADECHART_BIN=$(CURDIR)/$(DEBUG)/tradechart $(SWIFT) test

## bench: release build, then print the benchmark table
bench:
	$(SWIFT) build $(RELEASE_FLAGS) --product tradechart
	$(SWIFT) build $(RELEASE_FLAGS) --product TradeChartBench
	$(SWIFT) build $(RELEASE_FLAGS) --product CReferenceReader
	TRADECHART_BIN=$(CURDIR)/$(RELEASE)/tradechart $(RELEASE)/TradeChartBench

## fuzz: libFuzzer + ASan on the loader (optimised, so more inputs a second) for FUZZ_SECONDS
## (default 600) in FUZZ_JOBS processes (default 1; each writes fuzz-N.log), seeded with the hostile fixtures.
## Leak checks are off: they stop the world for every input that allocates more, and ARC leaks are not crashes.
FUZZ_SECONDS ?= 600
FUZZ_JOBS ?= 1
fuzz:
	$(SWIFT) build $(RELEASE_FLAGS) --product TradeChartFuzz -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING --scratch-path .build-fuzz
	mkdir -p fuzz-corpus
	.build-fuzz/release/TradeChartFuzz fuzz-corpus Tests/TradeChartCoreTests/Fixtures/Hostile Tests/TradeChartSystemTests/Compression/Fixtures \
		-max_total_time=$(FUZZ_SECONDS) -max_len=65536 -timeout=10 -print_final_stats=1 -detect_leaks=0 \
		$(if $(filter-out 1,$(FUZZ_JOBS)),-jobs=$(FUZZ_JOBS) -workers=$(FUZZ_JOBS))

## install: copy the release binary to $(PREFIX)/bin
install: build
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 755 $(RELEASE)/tradechart $(DESTDIR)$(PREFIX)/bin/tradechart

## clean: remove every build and fuzz folder these targets create, the fuzz corpus and libFuzzer's
## crash, leak, timeout and job log files (bench-data/ stays: it is slow to make)
clean:
	rm -rf .build .build-fuzz fuzz-corpus
	rm -f crash-* leak-* timeout-* oom-* slow-unit-* fuzz-*.log
