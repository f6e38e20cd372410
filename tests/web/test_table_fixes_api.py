"""The server's side of the table fixes: a hint after an undo, the defaults a 5-player lobby offers, a
refusal in the game's words, and a turn clock that waits for its player to arrive (on a fake clock)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from inferno.server import clocks
from inferno.server.service import GameService, SeatKind, SeatSpec
from inferno.server.storage import Storage
from tests.web.helpers import human_to_move, humans, state, tok, wait_for


def test_a_hint_after_an_undo_answers_for_the_version_the_seat_sees(client: TestClient) -> None:
    """The seat's view counts undos in its version: a hint asked with that version is answered."""
    g = client.post("/api/games", json={"seats": humans(2), "seed": 5, "hints": True}).json()
    token, snap = human_to_move(client, g)
    game = g["game"]
    text = snap["legal"][0]["text"]
    r = client.post(f"/api/games/{game}/actions", json={"version": snap["version"], "action": text}, headers=tok(token))
    assert r.status_code == 200, r.text
    after = state(client, game, token)
    r = client.post(f"/api/games/{game}/undo", json={"version": after["version"]}, headers=tok(token))
    assert r.status_code == 200, r.text
    back = state(client, game, token)
    assert back["version"] != back["moves"]  # the undo counts: the version is no longer the moves made
    r = client.post(f"/api/games/{game}/hint", json={"version": back["version"]}, headers=tok(token))
    assert r.status_code == 200, r.text
    assert {o["text"] for o in r.json()["options"]} <= {a["text"] for a in back["legal"]}
    # The note names the move the hint came before (the moves made, not the view's version).
    notes = client.get(f"/api/games/{game}/hints", headers=tok(token)).json()["notes"]
    assert [n["version"] for n in notes] == [back["moves"]]
    # An older version is still refused, with the version to use.
    r = client.post(f"/api/games/{game}/hint", json={"version": snap["version"]}, headers=tok(token))
    assert r.status_code == 409 and r.json()["version"] == back["version"]


def test_the_lobby_is_told_which_modules_five_players_need(client: TestClient) -> None:
    r = client.get("/api/modules")
    assert r.status_code == 200
    d = r.json()
    assert d["modules"] == ["plutus", "phlegyas"]
    assert d["by_players"]["5"] == ["plutus", "phlegyas"]
    assert d["by_players"]["3"] == []


def test_five_players_without_a_module_are_refused_in_the_games_words(client: TestClient) -> None:
    r = client.post("/api/games", json={"seats": humans(5), "seed": 1, "modules": []})
    assert r.status_code == 400
    text = r.json()["message"]
    assert "5-player game needs the P&P expansion" in text
    assert "--" not in text and "module plutus" not in text


class FakeClock:
    def __init__(self, t: float = 1_000_000.0) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t


def _clocked(tmp_path: Path, clock: FakeClock, **kw: Any) -> tuple[GameService, str]:
    svc = GameService(Storage(f"sqlite:///{tmp_path / 'g.db'}"))
    svc.now = clock
    gid = svc.create([SeatSpec(SeatKind.HUMAN, name="Ann"), SeatSpec(SeatKind.HUMAN, name="Bob")], seed=4, **kw)
    return svc, gid.game_id


def test_a_seats_clock_waits_until_its_player_arrives(tmp_path: Path) -> None:
    clock = FakeClock()
    svc, gid = _clocked(tmp_path, clock, turn_seconds=60)
    snap = svc.snapshot(gid, -1)
    mover = snap["pending"]["player"]
    # Shown before it starts: the mover's clock waits, with the table's start time.
    assert snap["table"]["clock"] is None
    assert snap["table"]["waiting"] == {"seat": mover, "starts_at": clock.t + clocks.START_WITHIN}
    # Nobody may vote them out before a whole turn has passed after the table's start time.
    assert snap["table"]["vote"] == {"seat": mover, "opens_at": clock.t + clocks.START_WITHIN + 60}
    clock.t += 50
    assert clocks.expired(svc.storage, clock()) == []
    assert svc.arrive(gid, 1 - mover)  # the other player arrives: the mover's clock still waits
    assert svc.snapshot(gid, -1)["table"]["clock"] is None
    before = svc.snapshot(gid, -1)["version"]
    assert svc.arrive(gid, mover)  # the mover arrives: a whole turn from now
    snap = svc.snapshot(gid, -1)
    assert snap["table"]["clock"] == {"seat": mover, "deadline": clock.t + 60}
    assert snap["table"]["waiting"] is None and snap["version"] > before
    assert not svc.arrive(gid, mover)  # once only: a reload changes nothing
    assert svc.snapshot(gid, -1)["version"] == snap["version"]


def test_the_tables_start_time_starts_the_clock_of_a_player_who_never_came(tmp_path: Path) -> None:
    clock = FakeClock()
    svc, gid = _clocked(tmp_path, clock, turn_seconds=60, clock_start=30)
    mover = svc.snapshot(gid, -1)["pending"]["player"]
    clock.t += 29
    assert clocks.expired(svc.storage, clock()) == []
    clock.t += 2
    assert clocks.expired(svc.storage, clock()) == [gid]
    before = svc.snapshot(gid, -1)["version"]
    assert not clocks.time_out(svc, gid)  # not a timeout: the clock starts
    snap = svc.snapshot(gid, -1)
    assert snap["table"]["clock"] == {"seat": mover, "deadline": clock.t + 60}
    assert snap["version"] > before
    assert clocks.expired(svc.storage, clock()) == []


def test_no_clock_no_arrival_to_write(tmp_path: Path) -> None:
    clock = FakeClock()
    svc, gid = _clocked(tmp_path, clock)
    before = svc.snapshot(gid, -1)
    assert not svc.arrive(gid, 0)
    after = svc.snapshot(gid, -1)
    assert after["version"] == before["version"] and after["table"]["waiting"] is None


def test_earlier_log_lines_than_a_view_carries_are_there_to_read(client: TestClient) -> None:
    g = client.post("/api/games", json={"seats": [{"kind": "bot", "bot": "random"}] * 2, "seed": 12}).json()
    spec = g["spectator"]["token"]
    wait_for(lambda: state(client, g["game"], spec)["result"] is not None, timeout=120)
    snap = state(client, g["game"], spec)
    total = snap["log_total"]
    assert total > len(snap["log"])  # a whole game has more lines than a view carries
    part = client.get(f"/api/games/{g['game']}/log", params={"upto": total, "count": 5}, headers=tok(spec)).json()
    assert part["log"] == snap["log"][-5:] and part["from"] == total - 5 and part["total"] == total
    first = client.get(f"/api/games/{g['game']}/log", params={"upto": 3}, headers=tok(spec)).json()
    assert first["from"] == 0 and len(first["log"]) == 3
    r = client.get(f"/api/games/{g['game']}/log", params={"upto": -1}, headers=tok(spec))
    assert r.status_code == 400
    r = client.get(f"/api/games/{g['game']}/log", params={"upto": 3})
    assert r.status_code == 403
