#!/usr/bin/env bash
# `make test-newest-python`: part of the test suite on the newest CPython Debian ships, from nothing.
#
# The host's Python is the oldest the package claims (3.11); no newer one is installed by the ordinary
# means of a machine that reaches only PyPI, Debian's mirror and npm (PyPI has no CPython builds:
# pbs-installer and uv download theirs from elsewhere). So this builds a Debian testing root with
# debootstrap in build/debian-testing (git ignores build/), installs the package there with pip and runs
# the subset below in a chroot. Needs root. Every mount lives in a private mount namespace (unshare),
# so none outlives the run.
#
# Settings (environment or make variables): NEWEST_PYTHON (3.15), DEBIAN_SUITE (testing), DEBIAN_MIRROR,
# NEWEST_ROOT (build/debian-$DEBIAN_SUITE), NEWEST_WORKERS (pytest workers, 2), NEWEST_TESTS (pytest's
# arguments instead of the subset below).
set -euo pipefail
cd "$(dirname "$0")/.."

PY="${NEWEST_PYTHON:-3.15}"
SUITE="${DEBIAN_SUITE:-testing}"
MIRROR="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
ROOT="$(realpath -m "${NEWEST_ROOT:-build/debian-$SUITE}")"
WORKERS="${NEWEST_WORKERS:-2}"
VENV="/opt/venv-$PY"
# The extras the subset imports: everything but rl and sim (open_spiel, ray and pygame publish no wheels
# for the newest Python yet) and the browser's tools.
EXTRAS="test,bots,web,tui,calibrate,train,postgres,docs"

say() { printf 'newest-python: %s\n' "$*"; }
die() {
	printf 'newest-python: FAILED: %s\n' "$*" >&2
	exit 1
}

[ "$(id -u)" = 0 ] || die "needs root (debootstrap, chroot and mount namespaces)"
command -v git >/dev/null || die "needs git (the files to test are the repository's)"

# Run a command in the root: a private mount namespace (/proc, a tmpfs /dev/shm for multiprocessing's
# semaphores), a clean environment (the host's proxy settings kept).
in_root() {
	local keep=(PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8
		TERM=dumb DEBIAN_FRONTEND=noninteractive PIP_DISABLE_PIP_VERSION_CHECK=1 "CI=${CI:-}")
	local v
	for v in http_proxy https_proxy no_proxy HTTP_PROXY HTTPS_PROXY NO_PROXY PIP_INDEX_URL; do
		if [ -n "${!v:-}" ]; then keep+=("$v=${!v}"); fi
	done
	unshare --mount --pid --fork --mount-proc="$ROOT/proc" \
		sh -c 'mount -t tmpfs -o mode=1777 tmpfs "$1/dev/shm" && shift && exec chroot "$@"' \
		sh "$ROOT" "$ROOT" env -i "${keep[@]}" "$@"
}

mirror_reachable() {
	local url="$MIRROR/dists/$SUITE/InRelease"
	if command -v curl >/dev/null; then
		curl -fsS --max-time 60 -o /dev/null "$url" 2>&1
	else
		wget -q --timeout=60 -O /dev/null "$url" 2>&1
	fi || die "Debian's package mirror is unreachable ($url): it is needed to build the Debian $SUITE root
with Python $PY (set DEBIAN_MIRROR to another mirror)"
}

# 1. The root, built once: debootstrap into a folder beside it, moved into place when complete.
if [ ! -x "$ROOT/usr/bin/python$PY" ] && [ ! -d "$ROOT/usr" ]; then
	command -v debootstrap >/dev/null || {
		say "installing debootstrap (Debian's package)"
		apt-get update -qq && apt-get install -y -qq debootstrap >/dev/null
	} || die "could not install debootstrap with apt-get"
	mirror_reachable
	partial="$ROOT.partial"
	if findmnt -rn -o TARGET | grep -q "^$partial"; then die "$partial has mounts; unmount them first"; fi
	rm -rf "$partial"
	mkdir -p "$(dirname "$ROOT")"
	say "building a Debian $SUITE root with python$PY in $ROOT (a few minutes)"
	# debootstrap has no script for a suite newer than itself; Debian's is the same from bookworm on (sid).
	debootstrap --variant=minbase --include="python$PY,python$PY-venv,ca-certificates" \
		"$SUITE" "$partial" "$MIRROR" /usr/share/debootstrap/scripts/sid >"$ROOT.debootstrap.log" 2>&1 ||
		die "debootstrap failed (last lines of $ROOT.debootstrap.log):
$(tail -5 "$ROOT.debootstrap.log")"
	mv "$partial" "$ROOT"
fi
cp -L /etc/resolv.conf "$ROOT/etc/resolv.conf"
if [ ! -x "$ROOT/usr/bin/python$PY" ]; then
	mirror_reachable
	say "installing python$PY in $ROOT"
	# A mirror frozen at a date serves an expired Release file; its packages are still checked against
	# their signed lists.
	in_root sh -c "apt-get -o Acquire::Check-Valid-Until=false update -qq &&
		apt-get install -y -qq --no-install-recommends python$PY python$PY-venv >/dev/null" ||
		die "could not install python$PY in the Debian $SUITE root"
fi

# 2. The host's own certificate authorities (a proxy's, say), so pip in the root trusts what the host does.
if compgen -G "/usr/local/share/ca-certificates/*.crt" >/dev/null; then
	cp /usr/local/share/ca-certificates/*.crt "$ROOT/usr/local/share/ca-certificates/"
	in_root update-ca-certificates >/dev/null 2>&1 || die "update-ca-certificates failed in the root"
fi

# 3. The files of the repository (tracked and new, as git sees them), copied afresh.
rm -rf "$ROOT/project"
mkdir -p "$ROOT/project"
git ls-files -z --cached --others --exclude-standard | tar --null -T - -cf - | tar -xf - -C "$ROOT/project"

# 4. The package and the extras the subset needs, from PyPI.
say "installing the package on $(in_root "python$PY" -VV | head -1)"
in_root sh -c "[ -x $VENV/bin/python ] || python$PY -m venv $VENV" || die "could not make a venv with python$PY"
in_root "$VENV/bin/pip" install -q -e "/project[$EXTRAS]" ||
	die "pip could not install the package with [$EXTRAS] on Python $PY (see above)"

# 5. The subset: the engine, its rules and data, records, the public API, the bots, reviews and hints, the
# tutorial, the translations and the server's API (in-process and as a process), and the repository's own
# checks. Left out, each run on 3.11 by `make test`: the browser (Chromium is not in the root),
# PostgreSQL (no server in the root), the compiled engine, the terminal app (tests/tui), the RL
# environments and simulations (tests/envs, tests/sim: open_spiel and ray have no wheels for the newest
# Python), the benchmark helpers (catanatron), and the two pages, the plot and the analysis that need those extras.
TESTS=(tests/rules tests/harness tests/api tests/bots tests/review tests/tutorial tests/i18n tests/web)
for f in tests/test_*.py; do
	case "$f" in tests/test_compiled.py | tests/test_clean_build.py | tests/test_bench_engine.py) ;; *) TESTS+=("$f") ;; esac
done
SKIP=(--ignore-glob='tests/web/test_browser*'
	--ignore=tests/web/test_postgres.py --ignore=tests/web/test_cluster.py
	--deselect=tests/web/test_clocks.py::test_takeover_on_postgresql_with_two_services
	"--deselect=tests/test_docs_examples.py::test_python_examples_run[docs/research/environments.md]"
	"--deselect=tests/test_docs_examples.py::test_python_examples_run[docs/research/observation.md]"
	--deselect=tests/review/test_review_cli.py::test_review_with_json_and_plot
	--deselect=tests/rules/test_board_side_variant.py::test_simulate_marks_the_variant_and_plays_that_side)
if [ -n "${NEWEST_TESTS:-}" ]; then # a developer's own choice, e.g. NEWEST_TESTS=tests/web/test_stop.py
	read -r -a TESTS <<<"$NEWEST_TESTS"
	SKIP=()
fi
say "running the subset on Python $PY with $WORKERS workers"
in_root sh -c 'cd /project && py=$1 && n=$2 && shift 2 && exec "$py" -m pytest -q -p no:cacheprovider -n "$n" "$@"' \
	sh "$VENV/bin/python" "$WORKERS" "${TESTS[@]}" "${SKIP[@]}"
