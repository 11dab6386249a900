# CarePress: `make run` builds and renders the sample project; `make test` runs the whole suite.
SWIFT ?= swift
BIN_RELEASE := .build/release/carepress

.PHONY: run build test test-deps lint format unit pytest fuzz-smoke fuzz bench bench-filter bench-pdf profile clean

run: build
	$(BIN_RELEASE) build --content Content --templates Templates --output Output; status=$$?; \
	  echo; echo "Open Output/index.html in a browser (the guide is Output/guide/index.html)."; exit $$status

build:
	@scripts/ensure-deps build
	$(SWIFT) build -c release --product carepress

test: test-deps lint unit fuzz-smoke pytest

test-deps:
	@scripts/ensure-deps test

unit:
	$(SWIFT) build
	$(SWIFT) test

pytest:
	$(SWIFT) build
	.venv/bin/python -m pytest -q Tests/python

# The libFuzzer targets (Tests/Fuzz/README.md), built into .build-fuzz/ with AddressSanitizer. `make test` runs each
# briefly and deterministically from the committed corpus; `make fuzz` runs each for FUZZ_SECONDS (default 300),
# or only some: `make fuzz FUZZ_TARGETS="yaml matcher"`.
fuzz-smoke:
	@scripts/ensure-deps fuzz
	SWIFT=$(SWIFT) scripts/fuzz smoke

FUZZ_SECONDS ?= 300
FUZZ_TARGETS ?=
fuzz:
	@scripts/ensure-deps fuzz
	SWIFT=$(SWIFT) FUZZ_SECONDS=$(FUZZ_SECONDS) scripts/fuzz long $(FUZZ_TARGETS)

lint:
	$(SWIFT) format lint --strict --recursive --parallel Package.swift Plugins Sources Tests

format:
	$(SWIFT) format format --in-place --recursive --parallel Package.swift Plugins Sources Tests

# The batch benchmark (never part of `make test`): N consults (default 10,000) plus a tenth as many physio and
# stack records; full, no-op and one-changed builds timed beside cmark and Hugo. `make bench N=100000` for memory.
N ?= 10000
bench:
	@scripts/ensure-deps bench
	python3 scripts/bench.py --records $(N)
	python3 scripts/bench_pdf.py --reports $(PDF_N) --process-reports $(PDF_PROCESS_N)

# The PDF benchmark alone: PDF_N reports through the DevTools pipeline (build --pdf) against one
# `chromium --print-to-pdf` process per report for PDF_PROCESS_N of them (about a second each), same parallelism.
PDF_N ?= 1000
PDF_PROCESS_N ?= $(PDF_N)
bench-pdf:
	@scripts/ensure-deps bench
	python3 scripts/bench_pdf.py --reports $(PDF_N) --process-reports $(PDF_PROCESS_N)

# The reports filter at N reports (default 100,000) in headless Chromium: the first filter's time to results.
bench-filter:
	@scripts/ensure-deps test
	$(SWIFT) build
	.venv/bin/python scripts/bench-filter.py --records $(or $(FILTER_N),100000)

# Instruction counts of a 500-consult build under callgrind (repeatable on a noisy machine); see README.
profile:
	@scripts/ensure-deps profile
	scripts/profile

clean:
	rm -rf .build .build-fuzz
