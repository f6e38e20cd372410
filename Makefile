# Inferno: `make play` and `make test` set everything up from nothing.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP_RUN := $(VENV)/.installed-run
STAMP_DEV := $(VENV)/.installed-dev

.PHONY: play test bench lint typecheck unit golden clean install install-dev

$(BIN)/python:
	$(PYTHON) -m venv $(VENV) || (apt-get update && apt-get install -y python3-venv && $(PYTHON) -m venv $(VENV))
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP_RUN): $(BIN)/python pyproject.toml
	$(BIN)/pip install --quiet -e .
	touch $@

$(STAMP_DEV): $(BIN)/python pyproject.toml
	$(BIN)/pip install --quiet -e '.[dev,tui,bots,rl,sim,web]'
	touch $@ $(STAMP_RUN)

install: $(STAMP_RUN)
install-dev: $(STAMP_DEV)

## Play: for now a full seeded game between random players, with its log and final scoring.
play: $(STAMP_RUN)
	$(BIN)/inferno demo --players 3

## The whole test suite: lint, types, unit/rule tests, invariant harness, golden logs.
test: $(STAMP_DEV) lint typecheck unit

lint: $(STAMP_DEV)
	$(BIN)/ruff check src tests benchmarks tools
	$(BIN)/ruff format --check src tests benchmarks tools

typecheck: $(STAMP_DEV)
	$(BIN)/mypy

unit: $(STAMP_DEV)
	$(BIN)/pytest -n 2 -q

## Regenerate the golden game logs after an intended rules change.
golden: $(STAMP_DEV)
	$(BIN)/python -m tests.golden_tools

## Speed benchmarks (not part of `make test`).
bench: $(STAMP_DEV)
	$(BIN)/python benchmarks/bench_engine.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
