# CarePress: `make run` builds and renders the sample project; `make test` runs the whole suite.
SWIFT ?= swift
BIN_RELEASE := .build/release/carepress

.PHONY: run build test test-deps lint format unit pytest bench profile clean

run: build
	$(BIN_RELEASE) build --content Content --templates Templates --output Output; status=$$?; \
	  echo; echo "Open Output/index.html in a browser (the guide is Output/guide/index.html)."; exit $$status

build:
	@scripts/ensure-deps build
	$(SWIFT) build -c release --product carepress

test: test-deps lint unit pytest

test-deps:
	@scripts/ensure-deps test

unit:
	$(SWIFT) build
	$(SWIFT) test

pytest:
	$(SWIFT) build
	.venv/bin/python -m pytest -q Tests/python

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

# Instruction counts of a 500-consult build under callgrind (repeatable on a noisy machine); see README.
profile:
	@scripts/ensure-deps profile
	scripts/profile

clean:
	rm -rf .build
