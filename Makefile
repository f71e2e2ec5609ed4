# Locomotion — the two promised commands are `make demo` and `make test`.
# Every target first makes sure FFTW (libfftw3-dev) and pkg-config are present.

SWIFT ?= swift
ARGS ?=
DEMO_FILE := Sources/LocomotionCLI/Resources/uci-hapt-walk-exp01.csv
APT_PACKAGES := libfftw3-dev pkg-config

.PHONY: all deps build demo test bench docs format clean

all: build

deps:
	@if command -v pkg-config >/dev/null 2>&1 && pkg-config --exists fftw3; then \
		exit 0; \
	elif [ "$$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then \
		echo "Installing $(APT_PACKAGES) with apt-get..."; \
		apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q $(APT_PACKAGES); \
	else \
		echo "FFTW 3 (with pkg-config) is required but was not found." >&2; \
		echo "  Debian/Ubuntu: sudo apt-get update && sudo apt-get install -y $(APT_PACKAGES)" >&2; \
		echo "  macOS:         brew install fftw pkg-config" >&2; \
		exit 1; \
	fi

build: deps
	$(SWIFT) build

demo: deps
	$(SWIFT) build -c release --product locomotion
	$$($(SWIFT) build -c release --show-bin-path)/locomotion demo

test: deps
	$(SWIFT) test

bench: deps
	$(SWIFT) build -c release --product LocomotionBenchmarks
	$$($(SWIFT) build -c release --show-bin-path)/LocomotionBenchmarks $(ARGS)

docs: deps
	$(SWIFT) package --allow-writing-to-directory docs/api generate-documentation 2>/dev/null || \
		echo "DocC plugin unavailable; use 'swift build' symbol graphs with docc directly." >&2

format:
	swift-format format --in-place --recursive Package.swift Sources Tests Benchmarks

clean:
	rm -rf .build
