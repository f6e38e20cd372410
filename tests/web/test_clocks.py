"""Turn clocks and seats never lost, on a fake clock (no test waits on wall time): a human's clock runs
out and the table's bot takes the seat over, plays only what that seat may play, and gives the seat
back when its player returns with the seat link; the other humans' majority vote does the same; the
log says so; the clock and the takeover live in the database, so a second process (a second service
on the same database, SQLite here and PostgreSQL below) sees them and may be the one that acts."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from inferno.server import clocks
from inferno.server.errors import Refused
from inferno.server.service import GameService, SeatKind, SeatSpec
from inferno.server.storage import Storage
from tests.web.helpers import make_client, tok
from tests.web.test_postgres import Postgres, postgres  # noqa: F401  (the cluster fixture)

HUMAN = SeatSpec(SeatKind.HUMAN, name="Ann")
BOB = SeatSpec(SeatKind.HUMAN, name="Bob")
CAT = SeatSpec(SeatKind.HUMAN, name="Cat")
BOT = SeatSpec(SeatKind.BOT, "random", "Bot")


class FakeClock:
    def __init__(self, t: float = 1_000_000.0) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t


def _service(url: str, clock: FakeClock, shared: bool | None = None) -> GameService:
    svc = GameService(Storage(url), shared=shared)
    svc.now = clock
    return svc


def _first_legal(svc: GameService, gid: str, seat: int) -> None:
    snap = svc.snapshot(gid, seat)
    svc.act(gid, seat, snap["version"], snap["legal"][0]["text"])


def _bots_until_human(svc: GameService, gid: str) -> None:
    for _ in range(500):
        if not svc.bot_step(gid):
            return


def _lines(svc: GameService, gid: str) -> list[str]:
    return [f"{e['kind']}|{e['player']}|{e['text']}" for e in svc.snapshot(gid, -1)["log"]]


def test_timeout_takeover_and_reclaim_on_a_fake_clock(tmp_path: Path) -> None:
    clock = FakeClock()
    svc = _service(f"sqlite:///{tmp_path / 'g.db'}", clock)
    g = svc.create([HUMAN, BOT], seed=3, turn_seconds=60, takeover_bot="random")
    gid = g.game_id
    table = svc.snapshot(gid, 0)["table"]
    assert table["clock"] == {"seat": 0, "deadline": clock.t + 60}
    # Not yet: 59 seconds pass, nothing happens; the player moves and the budget of this turn goes on.
    clock.t += 59
    assert clocks.expired(svc.storage, clock()) == []
    assert not clocks.time_out(svc, gid)
    # Time runs out: the seat is the table's bot's now, and the log says so.
    clock.t += 2
    assert clocks.expired(svc.storage, clock()) == [gid]
    v = svc.snapshot(gid, 0)["version"]
    assert clocks.time_out(svc, gid)
    assert not clocks.time_out(svc, gid)  # once only
    snap = svc.snapshot(gid, 0)
    assert snap["version"] > v  # a new served version: every tab redraws
    assert snap["table"]["taken_over"] == [0] and snap["table"]["clock"] is None
    assert snap["seats"][0]["kind"] == "bot" and snap["seats"][0]["bot"] == "random"
    assert any(
        line.startswith("takeover|0|ran out of time; the random bot plays this seat") for line in _lines(svc, gid)
    )
    # The player's own moves are refused while the bot plays; the bot plays the seat from its view.
    with pytest.raises(Refused, match="a bot plays your seat"):
        svc.act(gid, 0, snap["version"], "done")
    assert svc.bot_to_move(gid)
    turn = svc.bot_request(gid)
    assert turn is not None and turn.player == 0
    assert turn.view["config"]["seed"] == 0  # the bot sees the seat's view, never the seed
    for i, pl in enumerate(turn.view["players"]):
        if i != 0:
            assert all(c == -1 for c in pl["hand"])
    # The player comes back with the seat link (the token still opens the seat) and takes it back.
    assert svc.authorize(gid, g.seat_tokens[0]) == 0
    clocks.reclaim(svc, gid, 0)
    with pytest.raises(Refused, match="already"):
        clocks.reclaim(svc, gid, 0)
    snap = svc.snapshot(gid, 0)
    assert snap["table"]["taken_over"] == [] and snap["seats"][0]["kind"] == "human"
    assert not svc.bot_answer(turn, turn.actions[0])  # the bot's late answer no longer counts
    assert snap["table"]["clock"] == {"seat": 0, "deadline": clock.t + 60}  # a fresh budget
    assert any(line.startswith("reclaim|0|is back and takes the seat back") for line in _lines(svc, gid))
    _first_legal(svc, gid, 0)  # and plays again


def test_the_clock_starts_for_each_new_turn_and_stops_for_bots(tmp_path: Path) -> None:
    clock = FakeClock()
    svc = _service(f"sqlite:///{tmp_path / 'g.db'}", clock)
    gid = svc.create([HUMAN, BOT], seed=5, turn_seconds=30).game_id
    _bots_until_human(svc, gid)
    start = svc.session(gid).state.turn
    deadline = svc.snapshot(gid, 0)["table"]["clock"]["deadline"]
    while svc.session(gid).state.turn == start and not svc.bot_to_move(gid):
        clock.t += 1
        _first_legal(svc, gid, 0)
        if svc.session(gid).state.turn == start and not svc.bot_to_move(gid):
            assert svc.snapshot(gid, 0)["table"]["clock"]["deadline"] == deadline  # one budget per turn
    if svc.bot_to_move(gid):
        assert svc.snapshot(gid, 0)["table"]["clock"] is None  # bots have no clock
        _bots_until_human(svc, gid)
    assert svc.snapshot(gid, 0)["table"]["clock"] == {"seat": 0, "deadline": clock.t + 30}


def test_no_clock_by_default_and_bad_clocks_are_refused(tmp_path: Path) -> None:
    svc = _service(f"sqlite:///{tmp_path / 'g.db'}", FakeClock())
    gid = svc.create([HUMAN, BOB], seed=1).game_id
    table = svc.snapshot(gid, 0)["table"]
    assert table["seconds"] == 0 and table["clock"] is None and table["bot"] == clocks.DEFAULT_BOT
    with pytest.raises(Refused, match="turn clock runs from"):
        svc.create([HUMAN, BOB], seed=1, turn_seconds=1)
    with pytest.raises(Refused, match="unknown bot"):
        svc.create([HUMAN, BOB], seed=1, takeover_bot="nobody")


def test_a_majority_of_the_other_humans_votes_a_player_out(tmp_path: Path) -> None:
    clock = FakeClock()
    svc = _service(f"sqlite:///{tmp_path / 'g.db'}", clock)
    gid = svc.create([HUMAN, BOB, CAT, BOT], seed=2, takeover_bot="random").game_id
    with pytest.raises(Refused, match="another player's seat"):
        clocks.vote(svc, gid, 1, 1)
    first = clocks.vote(svc, gid, 1, 0)
    assert first == {"votes": 1, "needed": 2, "taken_over": False}  # Bob and Cat are the other humans
    assert svc.snapshot(gid, 2)["table"]["votes"] == {"0": [1]}
    assert clocks.vote(svc, gid, 1, 0)["votes"] == 1  # a second vote of the same player does not count
    done = clocks.vote(svc, gid, 2, 0)
    assert done["taken_over"]
    snap = svc.snapshot(gid, 1)
    assert snap["table"]["taken_over"] == [0] and snap["table"]["votes"] == {}
    assert any("left the table, by the other players' vote" in line for line in _lines(svc, gid))
    with pytest.raises(Refused, match="played by a bot already"):
        clocks.vote(svc, gid, 1, 0)
    with pytest.raises(Refused, match="take it back first"):
        clocks.vote(svc, gid, 0, 1)  # the seat voted out cannot vote until its player is back
    assert svc.bot_step(gid)  # the bot plays for Ann
    clocks.reclaim(svc, gid, 0)
    assert svc.snapshot(gid, 0)["seats"][0]["kind"] == "human"


def test_a_seat_taken_back_while_another_human_decides_leaves_that_human_s_clock_alone(tmp_path: Path) -> None:
    """RULES.md has no clocks: the table's own rule (docs/play/browser-table.md) gives a player who takes a seat
    back a fresh budget on their own turn only; the human deciding meanwhile keeps the budget of this turn."""
    clock = FakeClock()
    svc = _service(f"sqlite:///{tmp_path / 'g.db'}", clock)
    gid = svc.create([HUMAN, BOB, CAT], seed=2, turn_seconds=60, takeover_bot="random").game_id
    p = svc.snapshot(gid, -1)["pending"]["player"]
    out = (p + 1) % 3
    others = [i for i in range(3) if i != out]
    for voter in others:
        if voter != p:
            clocks.vote(svc, gid, voter, out)
    clocks.vote(svc, gid, p, out)  # a majority of the other humans: the bot plays that seat now
    assert svc.snapshot(gid, -1)["table"]["taken_over"] == [out]
    before = svc.snapshot(gid, -1)["table"]["clock"]
    assert before["seat"] == p
    clock.t += 20
    clocks.reclaim(svc, gid, out)
    assert svc.snapshot(gid, -1)["table"]["clock"] == before  # not a fresh 60 seconds for the player deciding


def test_a_vote_lapses_when_the_player_moves(tmp_path: Path) -> None:
    svc = _service(f"sqlite:///{tmp_path / 'g.db'}", FakeClock())
    gid = svc.create([HUMAN, BOB, CAT], seed=2).game_id
    p = svc.snapshot(gid, -1)["pending"]["player"]
    clocks.vote(svc, gid, (p + 1) % 3, p)
    assert svc.snapshot(gid, 1)["table"]["votes"] == {str(p): [(p + 1) % 3]}
    _first_legal(svc, gid, p)  # the player is at the table after all
    assert svc.snapshot(gid, 1)["table"]["votes"] == {}


def test_a_second_service_on_the_same_database_sees_and_acts_on_the_clock(tmp_path: Path) -> None:
    clock = FakeClock()
    url = f"sqlite:///{tmp_path / 'g.db'}"
    a = _service(url, clock, shared=True)
    b = _service(url, clock, shared=True)
    gid = a.create([HUMAN, BOB], seed=4, turn_seconds=10).game_id
    assert b.snapshot(gid, 1)["table"]["clock"]["seat"] == 0  # the clock is in the database
    clock.t += 11
    assert clocks.time_out(b, gid)  # the other process notices first
    assert not clocks.time_out(a, gid)  # and the first one does not take the seat twice
    assert a.snapshot(gid, 1)["table"]["taken_over"] == [0]
    assert a.bot_to_move(gid)
    clocks.reclaim(a, gid, 0)
    assert b.snapshot(gid, 1)["table"]["taken_over"] == []
    assert b.snapshot(gid, 0)["seats"][0]["kind"] == "human"


def test_takeover_on_postgresql_with_two_services(postgres: Postgres) -> None:  # noqa: F811
    clock = FakeClock()
    url = postgres.new_database("clocks_two_services")
    a = _service(url, clock)
    b = _service(url, clock)
    assert a.shared and b.shared
    gid = a.create([HUMAN, BOB], seed=6, turn_seconds=5, takeover_bot="random").game_id
    clock.t += 6
    assert clocks.expired(b.storage, clock()) == [gid]
    assert clocks.time_out(b, gid)
    assert not clocks.time_out(a, gid)
    # b took over and holds the bot claim: a does not run the bot meanwhile, b does.
    assert a.bot_request(gid) is None
    assert b.bot_step(gid)
    assert a.snapshot(gid, 1)["table"]["taken_over"] == [0]
    with pytest.raises(Refused, match="take it back first"):  # Ann's seat cannot vote while the bot plays it
        clocks.vote(a, gid, 0, 1)
    clocks.reclaim(a, gid, 0)
    assert b.snapshot(gid, 0)["table"]["taken_over"] == []


def _app_game(c: TestClient, body: dict[str, Any]) -> dict[str, Any]:
    r = c.post("/api/games", json=body)
    assert r.status_code == 200, r.text
    return dict(r.json())


def test_http_clock_vote_and_reclaim(tmp_path: Path) -> None:
    with make_client(tmp_path / "g.db") as c:
        assert c.get("/api/table").json()["clocks"][0] == 0
        g = _app_game(c, {"seats": [{"kind": "human"}, {"kind": "human"}], "turn_seconds": 120})
        gid, t0, t1 = g["game"], g["seats"][0]["token"], g["seats"][1]["token"]
        r = c.get(f"/api/games/{gid}/state", headers=tok(t1))
        assert r.json()["table"]["seconds"] == 120 and float(r.headers["X-Inferno-Now"]) > 0
        assert c.post(f"/api/games/{gid}/vote", json={"seat": 0}, headers=tok(t1)).json()["taken_over"]
        assert c.post(f"/api/games/{gid}/vote", json={"seat": 0}, headers={}).status_code == 403
        spec = g["spectator"]["token"]
        assert c.post(f"/api/games/{gid}/vote", json={"seat": 0}, headers=tok(spec)).status_code == 403
        assert c.post(f"/api/games/{gid}/reclaim", headers=tok(t1)).status_code == 400
        assert c.post(f"/api/games/{gid}/reclaim", headers=tok(t0)).json() == {"ok": True}
        bad = c.post("/api/games", json={"seats": [{"kind": "human"}], "turn_seconds": 1})
        assert bad.status_code == 400 and "turn clock" in bad.json()["message"]
