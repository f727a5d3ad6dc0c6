# tradechart: build, run, test, benchmark, install.
SWIFT   ?= swift
PREFIX  ?= /usr/local
RELEASE := .build/release
DEBUG   := .build/debug
# The Swift runtime linked into the binary: only the pages used are loaded, so the viewer
# starts in less time and memory than with the shared libraries (issue 24: 16.6 -> 13.0 MiB).
RELEASE_FLAGS := -c release --static-swift-stdlib

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
