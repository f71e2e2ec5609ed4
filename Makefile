# Locomotion — the two promised commands are `make demo` and `make test`.
# Every target first makes sure FFTW (libfftw3-dev), zlib (zlib1g-dev) and pkg-config are present.

SWIFT ?= swift
ARGS ?=
DEMO_FILE := Sources/LocomotionCLI/Resources/uci-hapt-walk-exp01.csv
APT_PACKAGES := libfftw3-dev zlib1g-dev pkg-config

.PHONY: all deps build demo test test-asan test-tsan fuzz fuzz-smoke fuzz-build fuzz-corpus fuzz-campaign fuzz-merge soak bench bench-check bench-baseline bench-smoke bench-e2e slurm-check docs lint format clean model

all: build

deps:
	@if command -v pkg-config >/dev/null 2>&1 && pkg-config --exists fftw3 zlib; then \
		exit 0; \
	elif [ "$$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then \
		echo "Installing $(APT_PACKAGES) with apt-get..."; \
		apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q $(APT_PACKAGES); \
	else \
		echo "FFTW 3 and zlib (with pkg-config) are required but were not found." >&2; \
		echo "  Debian/Ubuntu: sudo apt-get update && sudo apt-get install -y $(APT_PACKAGES)" >&2; \
		echo "  macOS:         brew install fftw zlib pkg-config" >&2; \
		exit 1; \
	fi

build: deps
	$(SWIFT) build

demo: deps
	$(SWIFT) build -c release --product locomotion
	$$($(SWIFT) build -c release --show-bin-path)/locomotion demo

test: deps
	$(SWIFT) test
	$(SWIFT) test --package-path Examples/ClientPackage

# The whole suite under AddressSanitizer or ThreadSanitizer (separate build folders; slow).
test-asan: deps
	LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/Sanitizers/lsan.supp $(SWIFT) test --sanitize=address --scratch-path .build/asan

test-tsan: deps
	$(SWIFT) test --sanitize=thread --scratch-path .build/tsan

# libFuzzer targets (Fuzz/, a package of its own so `make test` never builds them), built with
# AddressSanitizer. `make fuzz` runs each for FUZZ_SECONDS from a scratch copy of its committed
# corpus (Fuzz/Corpus/<target>, which the run does not grow) and prints the totals; a crash or an invariant
# violation stops it with the input saved under .build/fuzz-runs/<target>/ (docs/Reliability.md).
FUZZ_TARGETS := FuzzRecordingReader FuzzModelLoader FuzzDetector FuzzRowParsing FuzzExportReaders FuzzZipArchive \
	FuzzResampler
FUZZ_SECONDS ?= 60
# libFuzzer's random seed; 0 picks a new one each run. The CI smoke run fixes it, so a red CI
# can be reproduced.
FUZZ_SEED ?= 0
# One -sanitize list: swiftc keeps only the last -sanitize flag, so `--sanitize=fuzzer
# --sanitize=address` would build without libFuzzer's coverage (SwiftPM still links libFuzzer).
FUZZ_BUILD := $(SWIFT) build --package-path Fuzz -c release --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address \
	--scratch-path .build/fuzz
# libFuzzer reports the crash; Swift's own backtracer would only slow it under ASan.
FUZZ_ENV := SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0

fuzz-build: deps
	$(FUZZ_BUILD)

fuzz: fuzz-build
	@bin=$$($(FUZZ_BUILD) --show-bin-path) && for target in $(FUZZ_TARGETS); do \
		run=.build/fuzz-runs/$$target && rm -rf $$run && mkdir -p $$run/corpus && \
		cp Fuzz/Corpus/$$target/* $$run/corpus/ && \
		echo "== $$target: $(FUZZ_SECONDS) s from $$(ls Fuzz/Corpus/$$target | wc -l) seeds ($$(cat Fuzz/Corpus/$$target/* | wc -c) bytes)" && \
		(cd $$run && $(FUZZ_ENV) $$bin/$$target -max_total_time=$(FUZZ_SECONDS) -seed=$(FUZZ_SEED) \
			-max_len=$$(sh $$OLDPWD/Fuzz/max-len.sh $$target) \
			-print_final_stats=1 -artifact_prefix=$$OLDPWD/$$run/ corpus > log.txt 2>&1); status=$$?; \
		grep -E '^#[0-9]+[[:space:]]+DONE|stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb)' $$run/log.txt; \
		if [ $$status -ne 0 ]; then grep -aE 'invariant violated|ERROR:|Fatal error' $$run/log.txt | head -5; \
			echo "$$target failed: the input is in $$run/ (crash-*), the log in $$run/log.txt" >&2; exit 1; fi; \
	done

# A long campaign, resumable across runs and sessions: each target for FUZZ_CAMPAIGN_SECONDS on one
# core at the lowest CPU priority, FUZZ_CAMPAIGN_JOBS targets at a time (one per core by default),
# each from the corpus it has grown so far, with every run's executions appended to
# $(FUZZ_CAMPAIGN_DIR)/ledger.tsv and the totals printed (Fuzz/campaign.sh). By default 480 s per
# target; FUZZ_CAMPAIGN_SECONDS=3600 is the hour per target the 10 M executions are measured
# against (docs/Reliability.md). FUZZ_TARGETS="FuzzResampler" runs one target.
FUZZ_CAMPAIGN_DIR ?= .build/fuzz-campaign
FUZZ_CAMPAIGN_SECONDS ?= 480
FUZZ_CAMPAIGN_JOBS ?= $(shell nproc 2>/dev/null || sysctl -n hw.ncpu 2>/dev/null || echo 1)
# The fuzzers' niceness: 19 uses only idle cores; 0 shares busy ones fairly.
FUZZ_CAMPAIGN_NICE ?= 19
# The campaign's build: libFuzzer's coverage without AddressSanitizer by default, about twice the
# executions per second; every input a campaign keeps is replayed under AddressSanitizer by
# `make fuzz-merge` before it joins Fuzz/Corpus, and `make fuzz-smoke` runs under it
# (docs/Reliability.md, "Cost per input"). FUZZ_CAMPAIGN_SANITIZERS=fuzzer,address runs the
# campaign under AddressSanitizer too.
FUZZ_CAMPAIGN_SANITIZERS ?= fuzzer
FUZZ_CAMPAIGN_BUILD := $(SWIFT) build --package-path Fuzz -c release --sanitize=fuzzer \
	-Xswiftc -sanitize=$(FUZZ_CAMPAIGN_SANITIZERS) \
	--scratch-path .build/$(if $(filter fuzzer,$(FUZZ_CAMPAIGN_SANITIZERS)),fuzz-noasan,fuzz)
fuzz-campaign: deps
	$(FUZZ_CAMPAIGN_BUILD)
	@NICE=$(FUZZ_CAMPAIGN_NICE) sh Fuzz/campaign.sh $$($(FUZZ_CAMPAIGN_BUILD) --show-bin-path) $(FUZZ_CAMPAIGN_DIR) \
		$(FUZZ_CAMPAIGN_SECONDS) $(FUZZ_CAMPAIGN_JOBS) $(FUZZ_TARGETS)

# Folds what a campaign found into the committed corpora: each target's campaign corpus is first
# replayed whole under AddressSanitizer (the campaign may have run without it; a memory error
# stops the merge with the input named in replay.txt), then merged into Fuzz/Corpus/<target> with
# libFuzzer's -merge=1, which adds only the inputs that reach new coverage (the seeds stay), so
# the corpus grows from run to run and stays small.
fuzz-merge: fuzz-build
	@bin=$$($(FUZZ_BUILD) --show-bin-path) && for target in $(FUZZ_TARGETS); do \
		[ -d $(FUZZ_CAMPAIGN_DIR)/$$target/corpus ] || continue; \
		$(FUZZ_ENV) $$bin/$$target -runs=0 -max_len=$$(sh Fuzz/max-len.sh $$target) \
			$(FUZZ_CAMPAIGN_DIR)/$$target/corpus > $(FUZZ_CAMPAIGN_DIR)/$$target/replay.txt 2>&1 || \
			{ echo "$$target: a campaign input fails under AddressSanitizer: $(FUZZ_CAMPAIGN_DIR)/$$target/replay.txt" >&2; \
			exit 1; }; \
		before=$$(ls Fuzz/Corpus/$$target | wc -l); \
		$(FUZZ_ENV) $$bin/$$target -merge=1 -max_len=$$(sh Fuzz/max-len.sh $$target) Fuzz/Corpus/$$target \
			$(FUZZ_CAMPAIGN_DIR)/$$target/corpus > $(FUZZ_CAMPAIGN_DIR)/$$target/merge.txt 2>&1 || exit 1; \
		echo "$$target: $$before -> $$(ls Fuzz/Corpus/$$target | wc -l) inputs ($$(cat Fuzz/Corpus/$$target/* | wc -c) bytes)"; \
	done

# The short run .ci/run does: about 30 s per target.
fuzz-smoke:
	$(MAKE) fuzz FUZZ_SECONDS=30 FUZZ_SEED=1

# Rewrites Fuzz/Corpus from the targets' own synthetic seeds (Fuzz/Sources/*/Seeds.swift),
# dropping what campaigns added (make fuzz-merge adds it back from a campaign's corpora).
fuzz-corpus: fuzz-build
	@bin=$$($(FUZZ_BUILD) --show-bin-path) && for target in $(FUZZ_TARGETS); do \
		rm -rf Fuzz/Corpus/$$target && mkdir -p Fuzz/Corpus/$$target && \
		LOCOMOTION_FUZZ_WRITE_CORPUS=Fuzz/Corpus/$$target $(FUZZ_ENV) $$bin/$$target || exit 1; \
	done

# Benchmarks/ is a package of its own (the executable, its C baseline over FFTW, the test support
# linked from Tests/Support), built in release mode under .build/benchmarks.
BENCH_BUILD := $(SWIFT) build --package-path Benchmarks -c release --scratch-path $(CURDIR)/.build/benchmarks

# Regenerates the bundled model (docs/Model.md, "Reproducing it") from ../shared/data: the licensed
# recordings with one augmented copy each, grouped by source, the kind chosen leave-one-source-out,
# the temperature fitted to the held-out probabilities. Python prepares the corpus; `locomotion train`
# trains the model. MODEL_DATA names the shared data folder.
MODEL_DATA ?= ../shared/data
MODEL_KIND ?= bayes
MODEL_CORPUS := .build/training-sources
model: deps
	$(SWIFT) build -c release --product locomotion
	python3 Benchmarks/activity/prepare_training.py --data $(MODEL_DATA) --licensed-only --augment 1 \
		--group-by source --out $(MODEL_CORPUS) --force
	.build/release/locomotion train $(MODEL_CORPUS) --kind $(MODEL_KIND) --folds groups --calibrate \
		--date 2026-12-03 --out Sources/Locomotion/Resources/activity-model.json

bench: deps
	$(BENCH_BUILD) --product LocomotionBenchmarks
	$$($(BENCH_BUILD) --show-bin-path)/LocomotionBenchmarks $(ARGS)

# The regression guard: every matrix kernel at 50 Hz and 2.56 s windows against the committed file,
# each cell's time over FFTW from C's in the same rounds (the median of three passes) over the
# baseline's and over the machine factor (the median cell's ratio); a cell over its limit is measured
# four more times and judged on the median of all seven. Fails when a cell is more than 30 % slower
# (45 % under 1 µs per op or for a kernel that allocates), when the median cell is 30 % slower, or
# when a cell allocates where it did not (docs/Benchmarks.md). `make bench-baseline` rewrites the
# file (on the machine that runs the check).
BENCH_BASELINE := Benchmarks/matrix-baseline.json
BENCH_CHECK_ARGS := --suite matrix --rates 50 --windows 2.56 --no-python --rounds 21 --batch-ms 2

bench-check: deps
	$(BENCH_BUILD) --product LocomotionBenchmarks
	$$($(BENCH_BUILD) --show-bin-path)/LocomotionBenchmarks $(BENCH_CHECK_ARGS) --check $(BENCH_BASELINE)

bench-baseline: deps
	$(BENCH_BUILD) --product LocomotionBenchmarks
	$$($(BENCH_BUILD) --show-bin-path)/LocomotionBenchmarks $(BENCH_CHECK_ARGS) --write-baseline $(BENCH_BASELINE)

# One short round of every kernel: the benchmarks build and run (CI; no timing is judged).
bench-smoke: deps
	$(BENCH_BUILD) --product LocomotionBenchmarks
	$$($(BENCH_BUILD) --show-bin-path)/LocomotionBenchmarks --smoke

# End to end (docs/Benchmarks.md): the release locomotion binary analyzes a generated 7-day and
# 1-day 50 Hz recording (about 1.2 GB and 0.2 GB under the temporary folder, deleted afterwards
# unless LOCOMOTION_BENCH_KEEP=1) beside pandas.read_csv, then 20 files with --jobs 1 and 2.
# Takes several minutes, so it is not part of bench-smoke or .ci/run.
bench-e2e: deps
	$(BENCH_BUILD) --product locomotion
	$(BENCH_BUILD) --product LocomotionBenchmarks
	$$($(BENCH_BUILD) --show-bin-path)/LocomotionBenchmarks --suite e2e --suite files $(ARGS)
# The soak: the streaming detector over SOAK_HOURS (default a week) of simulated 50 Hz session with
# GPS and OS reports, resident memory sampled every simulated hour, then the first
# SOAK_COMPARE_HOURS checked against the batch path (docs/Reliability.md). Release; not in CI.
SOAK_HOURS ?= 168
SOAK_COMPARE_HOURS ?= 6

soak: deps
	$(BENCH_BUILD) --product LocomotionBenchmarks
	$$($(BENCH_BUILD) --show-bin-path)/LocomotionBenchmarks --soak $(SOAK_HOURS) $(SOAK_COMPARE_HOURS)

# A single-node Slurm on this machine runs deploy/slurm's analyze array over generated recordings
# and the merged result must equal one unsharded run (docs/Scaling.md). Installs slurm-wlm and
# munge when missing (root); takes a few minutes, so it is not part of .ci/run.
slurm-check: deps
	$(SWIFT) build -c release --product locomotion
	deploy/slurm/check.sh $$($(SWIFT) build -c release --show-bin-path)/locomotion

# API documentation with the toolchain's docc (no plugin needed): SwiftPM's symbol graphs, then
# one static site per library module under .build/docs/<Module>, from its catalog
# Sources/<Module>/<Module>.docc (landing page, topic groups, articles). A docc warning (an
# unresolved link, an undocumented or misnamed parameter) fails the target.
DOC_MODULES := LocomotionDSP Locomotion LocomotionReport LocomotionSimulation

# `dump-symbol-graph` also tries the test modules, which a fresh clone has not built, and then exits
# non-zero although every library module's graph is written; so its status is not the check: the
# graphs are deleted first, and copying each module's graph fails the target when it is missing.
docs: deps
	mkdir -p .build && rm -rf $$($(SWIFT) build --show-bin-path)/../symbolgraph
	$(SWIFT) package dump-symbol-graph --minimum-access-level public > .build/dump-symbol-graph.log 2>&1 || \
		grep -E "^error: Failed to emit symbol graph for '($$(echo $(DOC_MODULES) | tr ' ' '|'))'" .build/dump-symbol-graph.log \
		| (! grep .) || { tail -20 .build/dump-symbol-graph.log; exit 1; }
	mkdir -p .build/docs && for module in $(DOC_MODULES); do \
		rm -rf .build/symbol-graphs/$$module && mkdir -p .build/symbol-graphs/$$module && \
		cp $$($(SWIFT) build --show-bin-path)/../symbolgraph/$$module.symbols.json .build/symbol-graphs/$$module/ && \
		docc convert Sources/$$module/$$module.docc --additional-symbol-graph-dir .build/symbol-graphs/$$module \
			--fallback-display-name $$module --fallback-bundle-identifier org.locomotion.$$module \
			--transform-for-static-hosting --warnings-as-errors --output-path .build/docs/$$module || exit 1; \
	done
	@echo "Documentation written to .build/docs/{$$(echo $(DOC_MODULES) | tr ' ' ',')}"

# Style check against .swift-format (120 columns, 4-space indentation); `make format` rewrites the
# files instead. Fails on any finding, and on a cycle between the folders of a library module
# (Scripts/folder_dag.py; `python3 Scripts/folder_dag.py --graph Sources/Locomotion` prints the arrows).
LINT_PATHS := Package.swift Sources Tests Benchmarks Examples Fuzz

lint:
	$(SWIFT) format lint --strict --recursive $(LINT_PATHS)
	python3 Scripts/folder_dag.py Sources/Locomotion Sources/LocomotionDSP

format:
	$(SWIFT) format format --in-place --recursive $(LINT_PATHS)

clean:
	rm -rf .build
