"""The server on a real PostgreSQL: a throw-away cluster (Debian's postgresql package, ``make test``
installs it) is created with initdb in a temporary directory, started with pg_ctl on a loopback port,
used through psycopg, and removed at the end."""

from __future__ import annotations

import glob
import os
import random
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import psycopg
import pytest

from inferno.server.limits import Rate
from inferno.server.storage import GameRow, SeatRow, StaleWriteError, Storage
from tests.web.helpers import create, humans, make_client, play, state, tok, wait_for
from tests.web.server_process import free_port

FAST = {"action_rate": Rate(1000, 1000), "read_rate": Rate(10_000, 10_000)}


def _pg_bin(name: str) -> str:
    """Debian keeps the server programs in /usr/lib/postgresql/<version>/bin (newest version first)."""
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"), key=lambda p: int(Path(p).parts[4]), reverse=True)
    path = found[0] if found else shutil.which(name)
    assert path, f"{name} not found: apt-get install -y postgresql (make test does it)"
    return path


def _run(cmd: list[str]) -> None:
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, f"{' '.join(cmd)} failed:\n{out.stdout}\n{out.stderr}"


@dataclass(frozen=True)
class Postgres:
    port: int

    def url(self, database: str) -> str:
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/{database}"

    def new_database(self, name: str) -> str:
        """Create an empty database and return its SQLAlchemy URL."""
        with psycopg.connect(host="127.0.0.1", port=self.port, user="postgres", dbname="postgres") as conn:
            conn.autocommit = True
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)


@pytest.fixture(scope="module")
def postgres() -> Iterator[Postgres]:
    """A temporary PostgreSQL cluster on a loopback port, run as the ``postgres`` user when we are root."""
    as_pg = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
    base = Path(tempfile.mkdtemp(prefix="inferno-pg-"))
    data = base / "data"
    if as_pg:
        shutil.chown(base, "postgres")
    port = free_port()
    options = f"-p {port} -k {base} -c listen_addresses=127.0.0.1 -c fsync=off"
    pg_ctl = _pg_bin("pg_ctl")
    try:
        _run([*as_pg, _pg_bin("initdb"), "-D", str(data), "-A", "trust", "-U", "postgres", "--no-sync"])
        _run([*as_pg, pg_ctl, "-D", str(data), "-l", str(base / "log"), "-o", options, "-w", "start"])
        yield Postgres(port)
    finally:
        if (data / "postmaster.pid").exists():
            stop = [*as_pg, pg_ctl, "-D", str(data), "-m", "immediate", "-w", "stop"]
            subprocess.run(stop, capture_output=True, timeout=60)
        shutil.rmtree(base, ignore_errors=True)


def _row(gid: str) -> GameRow:
    seats = [SeatRow("human", "", "Ann", "a" * 64), SeatRow("bot", "random", "Bot", "")]
    return GameRow(gid, 1.0, 2, 2**31 - 1, "I/II", "f" * 64, seats, "b" * 64)


def test_storage_round_trips_games_and_moves_on_postgresql(postgres: Postgres) -> None:
    store = Storage(postgres.new_database("storage"))
    try:
        store.create_game(_row("g1"))
        store.create_game(_row("g2"))
        store.append_move("g1", 0, 0, "enter lust", over=False)
        store.append_move("g1", 1, 0, "done", over=False)
        # A second write at an index already stored is refused: the version check of the database.
        with pytest.raises(StaleWriteError):
            store.append_move("g1", 1, 1, "council", over=False)
        store.append_move("g2", 0, 1, "done", over=True)
        g1 = store.load_game("g1")
        assert g1 is not None and g1.moves == [(0, "enter lust"), (0, "done")] and not g1.over
        assert g1.seats == _row("g1").seats and g1.seed == 2**31 - 1
        assert [g.id for g in store.load_games(unfinished_only=True)] == ["g1"]
        assert {g.id for g in store.load_games()} == {"g1", "g2"}
        store.truncate_moves("g1", 1)
        g1 = store.load_game("g1")
        assert g1 is not None and g1.moves == [(0, "enter lust")]
        assert store.load_game("nonesuch") is None
    finally:
        store.close()


def test_a_game_on_postgresql_is_identical_after_a_restart(postgres: Postgres) -> None:
    url = postgres.new_database("restart")
    with make_client(url, **FAST) as c:
        g = create(c, humans(3), seed=21)
        played = play(c, g, 25, random.Random(2))
        before = {s["seat"]: state(c, g["game"], s["token"]) for s in g["seats"]}
        spectator = state(c, g["game"], g["spectator"]["token"])
    assert len(played) == 25
    with make_client(url) as c:  # a new app and service on the same database
        after = {s["seat"]: state(c, g["game"], s["token"]) for s in g["seats"]}
        assert state(c, g["game"], g["spectator"]["token"]) == spectator
        # Play goes on from where it was.
        mover = g["seats"][after[0]["pending"]["player"]]["token"]
        snap = state(c, g["game"], mover)
        r = c.post(
            f"/api/games/{g['game']}/actions",
            json={"version": snap["version"], "action": snap["legal"][0]["text"]},
            headers=tok(mover),
        )
        assert r.status_code == 200 and r.json()["version"] == 26
    assert before == after and after[0]["version"] == 25


def test_a_bot_game_finishes_on_postgresql_and_reloads_after_eviction(postgres: Postgres) -> None:
    with make_client(postgres.new_database("bots"), **FAST) as c:
        g = create(c, [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}], seed=11)
        spec = g["spectator"]["token"]
        wait_for(lambda: state(c, g["game"], spec)["result"] is not None, timeout=90)
        end = state(c, g["game"], spec)
        assert c.app.state.service.evict(g["game"])  # type: ignore[attr-defined]
        assert state(c, g["game"], spec) == end
        r = c.get(f"/api/games/{g['game']}/replay", params={"upto": end["moves"]}, headers=tok(spec)).json()
        assert r["result"] == end["result"]
