# Inferno: `make play` and `make test` set everything up from nothing.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP_RUN := $(VENV)/.installed-run
STAMP_DEV := $(VENV)/.installed-dev
STAMP_WEB := $(VENV)/.installed-web

.PHONY: i18n docs docs-build play play-terminal snapshots test test-newest-python compiled unit-compiled bench bench-server ladder review-grades hint-follower train tune health calibrate soak-server lint typecheck unit golden clean install install-dev chromium axe postgres nginx soak-engine

$(BIN)/python:
	$(PYTHON) -m venv $(VENV) || (apt-get update && apt-get install -y python3-venv && $(PYTHON) -m venv $(VENV))
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP_RUN): $(BIN)/python pyproject.toml
	$(BIN)/pip install --quiet -e .
	touch $@

$(STAMP_DEV): $(BIN)/python pyproject.toml
	$(BIN)/pip install --quiet -e '.[dev,tui,bots,rl,sim,web,calibrate,docs]'
	touch $@ $(STAMP_RUN) $(STAMP_TUI)

$(STAMP_WEB): $(BIN)/python pyproject.toml
	$(BIN)/pip install --quiet -e '.[web,bots]'
	touch $@

install: $(STAMP_RUN)
install-dev: $(STAMP_DEV)

## Play: start the web server on the embedded defaults and print the link of a new game against bots
## (on port 8000, or on a free port it names if 8000 is taken). Both play targets run the compiled engine,
## built once into build/compiled (cached by source hash), or pure Python, with one line saying why, where no
## C compiler is found or the build fails (tools/with_engine.py; INFERNO_ENGINE=pure skips the build).
WITH_ENGINE = $(BIN)/python -m tools.with_engine
play: $(STAMP_WEB)
	$(WITH_ENGINE) $(BIN)/inferno serve --new-game 3 --any-port

## Play in the terminal (full screen): one human against two bots.
STAMP_TUI := $(VENV)/.installed-tui
$(STAMP_TUI): $(BIN)/python pyproject.toml
	$(BIN)/pip install --quiet -e '.[tui]'
	touch $@

play-terminal: $(STAMP_TUI)
	$(WITH_ENGINE) $(BIN)/inferno play --seat 1=human --seat 2=bot:greedy --seat 3=bot:greedy

## Rewrite the full-screen game's and tutorial's SVG snapshots after an intended change of their screens (and the docs' screenshots).
snapshots: $(STAMP_DEV)
	$(BIN)/pytest -q -p no:xdist tests/tui/test_app_snapshots.py tests/tui/test_learn_snapshots.py --snapshot-update
	for size in 80x24 120x40 200x60; do \
		cp tests/tui/__snapshots__/test_app_snapshots/test_mid_game_at_$$size.svg docs/images/terminal-$$size.svg; \
	done
	cp tests/tui/__snapshots__/test_learn_snapshots/test_tutorial_jump_step_at_120x40.svg docs/images/tutorial-120x40.svg

## Debian's PostgreSQL for tests/web/test_postgres.py (the test creates, starts and removes its own cluster).
postgres:
	@ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || (apt-get update && apt-get install -y postgresql)

## Debian's nginx for the test of the deployment recipe's reverse proxy (docs/play/online.md).
nginx:
	@test -x /usr/sbin/nginx || (apt-get update && apt-get install -y nginx-light)

## Debian's Chromium for the browser end-to-end tests (Playwright drives it; no browser download).
chromium:
	@test -x /usr/bin/chromium || (apt-get update && apt-get install -y chromium)

## axe-core, the accessibility checker the browser tests inject into each page (tests/web/test_browser_a11y.py),
## installed with npm (Debian's, if missing) into build/npm: nothing lands in src/.
## A new AXE_VERSION installs again (the stamp names the version).
AXE_VERSION := 4.14.1
AXE_STAMP := build/npm/.installed-axe-core-$(AXE_VERSION)
$(AXE_STAMP):
	@command -v npm >/dev/null || (apt-get update && apt-get install -y nodejs npm)
	mkdir -p build/npm
	npm install --prefix build/npm --no-save --no-package-lock --no-audit --no-fund --loglevel=error axe-core@$(AXE_VERSION)
	touch $@
axe: $(AXE_STAMP)

## The whole test suite: lint, types, the docs site, unit/rule tests, invariant harness, golden logs; then the golden
## logs, perft counts, a fifth of the invariant harness's random games, state pickling and the RL environments' tests
## again on the compiled engine, with the clean-tree test (one more full compiled build, in a fresh clone: about
## 85 s of CPU; tests/test_clean_build.py).
test: $(STAMP_DEV) chromium axe postgres nginx lint typecheck docs-build unit unit-compiled

## The test subset on the newest CPython Debian ships (the host's is the oldest the package claims): a Debian
## testing root built with debootstrap in build/debian-testing (once; it needs root and Debian's mirror), the
## package installed there from PyPI, the engine, rules, records, API, bots, i18n and server API tests run in a
## chroot (tools/newest_python.sh says which and why; 16 minutes from nothing on 2 busy cores, 7.5 of CPU).
NEWEST_PYTHON ?= 3.15
test-newest-python:
	NEWEST_PYTHON=$(NEWEST_PYTHON) bash tools/newest_python.sh

## The compiled engine (the rules modules built with mypyc) in build/compiled, rebuilt only when their
## source changes. Installs a C compiler and the Python headers with apt-get if missing; pip fetches
## mypy (with mypyc) into an isolated build environment.
COMPILED := build/compiled
compiled: $(STAMP_DEV)
	@command -v gcc >/dev/null && test -f "$$($(BIN)/python -c 'import sysconfig; print(sysconfig.get_paths()["include"])')/Python.h" \
		|| (apt-get update && apt-get install -y gcc python3-dev)
	nice -n 10 $(BIN)/python -m tools.build_compiled --jobs 2
	PYTHONPATH=$(COMPILED) $(BIN)/python -m tools.build_compiled --check

unit-compiled: compiled
	PYTHONPATH=$(COMPILED) INFERNO_ENGINE=compiled INFERNO_HARNESS_SEEDS=5 $(BIN)/pytest -n 2 -q -p no:cacheprovider \
		tests/test_compiled.py tests/test_clean_build.py tests/harness/test_golden.py tests/harness/test_perft.py tests/harness/test_invariants.py \
		tests/harness/test_copy_on_write.py tests/harness/test_pickling.py tests/harness/test_api_errors.py tests/envs \
		tests/api/test_scenario_setters.py

## The translation catalogs: extract every domain's texts, bring each language's catalog in line, compile it
## (src/inferno/locale; `python -m tools.i18n todo --lang es` lists what is left to translate).
i18n: $(STAMP_DEV)
	$(BIN)/python -m tools.i18n all

lint: $(STAMP_DEV)
	$(BIN)/ruff check src tests benchmarks tools
	$(BIN)/ruff format --check src tests benchmarks tools

typecheck: $(STAMP_DEV)
	$(BIN)/mypy

## The documentation site: `make docs` serves it on http://127.0.0.1:8000/ with live reload;
## `make docs-build` (part of `make test`) builds it into a throw-away directory, warnings as errors.
docs: $(STAMP_DEV)
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs serve

docs-build: $(STAMP_DEV)
	@out=$$(mktemp -d) && NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --site-dir $$out; rc=$$?; rm -rf $$out; exit $$rc

unit: $(STAMP_DEV)
	$(BIN)/pytest -n 2 -q

## Regenerate the golden game logs after an intended rules change.
golden: $(STAMP_DEV)
	$(BIN)/python -m tests.golden_tools

## Speed benchmarks (not part of `make test`).
bench: $(STAMP_DEV) compiled
	$(BIN)/python benchmarks/bench_engine.py --compiled $(COMPILED)
	$(BIN)/python benchmarks/bench_envs.py
	$(BIN)/python benchmarks/bench_sim.py --games 1000
	$(BIN)/python benchmarks/bench_bots.py
	PYTHONPATH=$(COMPILED) $(BIN)/python benchmarks/bench_bots.py
	$(BIN)/python benchmarks/bench_wait.py --compiled $(COMPILED)
	$(BIN)/python benchmarks/bench_review.py

## Server load benchmark (not part of `make test`): 200 concurrent games on SQLite with one process,
## over HTTP, then over the live connections flat out and at 600 moves/s offered (on the pure-Python
## engine, then on the compiled one); then on a throw-away PostgreSQL cluster with 1, 2 and 4 server
## processes sharing its database (live connections; each game's sockets spread over the processes, then
## 2 and 4 processes with each game routed to one, as the deployment recipe's proxy does).
BENCH_GAMES ?= 200
BENCH_MOVES ?= 40
BENCH_RATE ?= 600
bench-server: $(STAMP_DEV) postgres compiled
	$(BIN)/python benchmarks/load_test.py --games $(BENCH_GAMES) --moves 20 --concurrency $(BENCH_GAMES)
	$(BIN)/python benchmarks/load_test.py --games $(BENCH_GAMES) --moves $(BENCH_MOVES) --concurrency $(BENCH_GAMES) --ws
	$(BIN)/python benchmarks/load_test.py --games $(BENCH_GAMES) --moves $(BENCH_MOVES) --concurrency $(BENCH_GAMES) --ws \
		--rate $(BENCH_RATE)
	PYTHONPATH=$(COMPILED) $(BIN)/python benchmarks/load_test.py --games $(BENCH_GAMES) --moves $(BENCH_MOVES) \
		--concurrency $(BENCH_GAMES) --ws --rate $(BENCH_RATE)
	for n in 1 2 4; do \
		$(BIN)/python benchmarks/load_test.py --postgres --servers $$n --games $(BENCH_GAMES) --moves $(BENCH_MOVES) \
			--concurrency $(BENCH_GAMES) --ws || exit 1; \
	done
	for n in 2 4; do \
		$(BIN)/python benchmarks/load_test.py --postgres --servers $$n --route game --games $(BENCH_GAMES) \
			--moves $(BENCH_MOVES) --concurrency $(BENCH_GAMES) --ws || exit 1; \
	done

## Long engine soak (not part of `make test`): the parser and Action fuzzers with thousands of inputs
## over positions from many games, and the secrets audit over many more games; prints its figures.
SOAK_EXAMPLES ?= 5000
SOAK_GAMES ?= 40
SOAK_SECRET_GAMES ?= 60
soak-engine: $(STAMP_DEV)
	INFERNO_FUZZ_EXAMPLES=$(SOAK_EXAMPLES) INFERNO_FUZZ_GAMES=$(SOAK_GAMES) INFERNO_FUZZ_REPORT=1 \
		$(BIN)/pytest -p no:xdist -q -s tests/harness/test_fuzz.py
	INFERNO_SECRETS_GAMES=$(SOAK_SECRET_GAMES) $(BIN)/pytest -n 2 -q tests/harness/test_secrets.py

## The measured bot ladder (about 40 min on 2 cores).
ladder: $(STAMP_DEV)
	$(BIN)/python -m inferno.bots.ladder --greedy-games 100 --search-games 30 --workers 2

## How often the review calls a bot's moves mistakes or blunders (not part of `make test`; about 25 min
## on one core, mostly the top level playing): seat 1 of 2-player games against greedy, reviewed at the
## default depth. Targets: at least 10 per 100 decisions for the random bot, at most 2 for the top level.
REVIEW_TOP ?= expert
REVIEW_GAMES ?= 10
REVIEW_DEPTH ?= normal
review-grades: $(STAMP_DEV)
	$(BIN)/python benchmarks/review_grades.py --bot random --games $(REVIEW_GAMES) --depth $(REVIEW_DEPTH) --min-rate 10
	$(BIN)/python benchmarks/review_grades.py --bot $(REVIEW_TOP) --games $(REVIEW_GAMES) --depth $(REVIEW_DEPTH) --max-rate 2

## Do the hints teach winning play? A seat that always plays the first hint against two greedy bots, 3-player
## games (not part of `make test`; about 40 min on 2 cores, on the compiled engine). Target: at least 60% of the games.
HINT_GAMES ?= 50
hint-follower: $(STAMP_DEV)
	$(BIN)/python -m tools.with_engine $(BIN)/python benchmarks/hint_follower.py --games $(HINT_GAMES) --players 3 --opponent greedy --min-rate 0.6 --workers 2

## Rebuild the expert bot's value model from nothing (about 40 min on 2 cores): greedy self-play games, sampled
## positions, an MLP fit, then src/inferno/bots/data/value_model.npz and its note value_model.json.
## Smaller: make train TRAIN_GAMES=20.
TRAIN_GAMES ?= 400
train: $(STAMP_DEV)
	mkdir -p artifacts/train
	nice -n 10 $(BIN)/python -m inferno.bots.value_train --games $(TRAIN_GAMES) --workers 2 \
		--data artifacts/train/samples.npz --out src/inferno/bots/data/value_model.npz

## Learn the expert's evaluation weights from games (about 50 min on 2 cores, on the compiled engine): Optuna
## trials of greedy with candidate weights against greedy with the hand-written ones, the best checked on
## fresh seeds, then src/inferno/bots/data/expert_weights.json (every trial, the check, the command).
TUNE_TRIALS ?= 80
tune: $(STAMP_DEV)
	mkdir -p artifacts/tune
	nice -n 10 $(BIN)/python -m tools.with_engine $(BIN)/python -m inferno.bots.weight_tuning --trials $(TUNE_TRIALS) \
		--workers 2 --log artifacts/tune/trials.jsonl --out src/inferno/bots/data/expert_weights.json

## The data-health report on the full sample (about 40 min on 2 cores): how the default data plays.
health: $(STAMP_DEV)
	$(BIN)/inferno rules check --games 200 --bots greedy --json artifacts/health/greedy.json --plots artifacts/health/greedy
	$(BIN)/inferno rules check --games 10 --bots easy --json artifacts/health/easy.json

## Re-run the search that chose the default Hell (shields per circle, Phlegethon start) for both sides,
## starting from the chosen boards (docs/rules-data/calibration.md).
calibrate: $(STAMP_DEV)
	mkdir -p artifacts/calibrate
	$(BIN)/python -m tools.calibrate_hell --side I/II --trials 30 --games 60 --strategy-games 120 --max-start 4 --try 9,5,5,5,5,4,3,3,3/4 --out artifacts/calibrate/I_II.json
	$(BIN)/python -m tools.calibrate_hell --side III/IV --trials 20 --games 60 --max-start 4 --smaller 42 --try 10,8,7,5,4,5,3,3,3/4 --out artifacts/calibrate/III_IV.json

## Long soak of the web server (not part of `make test`): 5,000 HTTP and 500 WebSocket fuzz inputs, 30 kill -9s,
## then the long versions of the hardening tests: one address flooding the server with connections for 40 s
## under an open-file limit of 1,024, 32 hints in flight against unrelated requests' latency, a wrong-token
## flood from four addresses for a minute, votes against a present player, start-up with no games and with 20,000
## stored, and 20 SIGTERMs while bots think. Each prints its figures as JSON.
HARDENING = $(BIN)/python benchmarks/server_hardening.py
soak-server: $(STAMP_DEV)
	$(BIN)/python -m tools.soak_server --fuzz 5000 --ws 500 --kills 30
	$(HARDENING) flood --files 1024 --seconds 40
	$(HARDENING) hints --hints 32 --seconds 30
	$(HARDENING) lockout --seconds 60
	$(HARDENING) votes --seconds 30
	$(HARDENING) startup --games 20000 --repeat 5
	$(HARDENING) sigterm --tries 20

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache artifacts build
