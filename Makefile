# CarePress: `make run` builds and renders the sample project; `make test` runs the whole suite.
SWIFT ?= swift
BIN_RELEASE := .build/release/carepress

.PHONY: run build test test-deps lint format unit pytest clean

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
	$(SWIFT) format lint --strict --recursive --parallel Package.swift Sources Tests

format:
	$(SWIFT) format format --in-place --recursive --parallel Package.swift Sources Tests

clean:
	rm -rf .build
