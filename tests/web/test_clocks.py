"""Turn clocks and seats never lost, on a fake clock (no test waits on wall time): a human's clock runs
out and the table's bot takes the seat over, plays only what that seat may play, and gives the seat
back when its player returns with the seat link; the other humans' majority vote does the same; the
log says so; the clock and the takeover live in the database, so a second process (a second service
on the same database, SQLite here and PostgreSQL below) sees them and may be the one that acts."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from inferno.server import clocks, presence
from inferno.server.errors import Refused
from inferno.server.service import GameService, SeatKind, SeatSpec
from inferno.server.storage import Storage
from tests.web.helpers import make_client, tok, wait_for
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
    g = svc.create([HUMAN, BOT], seed=3, turn_seconds=60, takeover_bot="random", clock_start=0)
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
    gid = svc.create([HUMAN, BOT], seed=5, turn_seconds=30, clock_start=0).game_id
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
        svc.create([HUMAN, BOB], seed=1, turn_seconds=1, clock_start=0)
    with pytest.raises(Refused, match="unknown bot"):
        svc.create([HUMAN, BOB], seed=1, takeover_bot="nobody")


def _away(svc: GameService, clock: FakeClock) -> None:
    """Time passes until the player to move counts as away (the table has waited long for them)."""
    clock.t += svc.away.idle_seconds + 1


def test_a_majority_of_the_other_humans_votes_a_player_out(tmp_path: Path) -> None:
    clock = FakeClock()
    svc = _service(f"sqlite:///{tmp_path / 'g.db'}", clock)
    gid = svc.create([HUMAN, BOB, CAT, BOT], seed=2, takeover_bot="random").game_id
    _bots_until_human(svc, gid)
    p = svc.snapshot(gid, -1)["pending"]["player"]
    a, b = (i for i in range(3) if i != p)  # the other humans
    with pytest.raises(Refused, match="another player's seat"):
        clocks.vote(svc, gid, a, a)
    _away(svc, clock)
    first = clocks.vote(svc, gid, a, p)
    assert first == {"votes": 1, "needed": 2, "taken_over": False}  # the two other humans
    assert svc.snapshot(gid, b)["table"]["votes"] == {str(p): [a]}
    assert clocks.vote(svc, gid, a, p)["votes"] == 1  # a second vote of the same player does not count
    done = clocks.vote(svc, gid, b, p)
    assert done["taken_over"]
    snap = svc.snapshot(gid, a)
    assert snap["table"]["taken_over"] == [p] and snap["table"]["votes"] == {}
    assert any("left the table, by the other players' vote" in line for line in _lines(svc, gid))
    with pytest.raises(Refused, match="played by a bot already"):
        clocks.vote(svc, gid, a, p)
    with pytest.raises(Refused, match="take it back first"):
        clocks.vote(svc, gid, p, a)  # the seat voted out cannot vote until its player is back
    assert svc.bot_step(gid)  # the bot plays for that player
    clocks.reclaim(svc, gid, p)
    assert svc.snapshot(gid, p)["seats"][p]["kind"] == "human"


def test_a_present_player_is_never_voted_out_and_an_away_one_may_be(tmp_path: Path) -> None:
    """Two humans: one vote is a majority, but only against a player who is away. At move 0 the player
    deciding is not; with their page open they are not before the table has waited ``idle_seconds``;
    with no page open they are after ``gone_seconds``; a vote against a player who is not to decide
    never opens."""
    clock = FakeClock()
    svc = _service(f"sqlite:///{tmp_path / 'g.db'}", clock)
    gid = svc.create([HUMAN, BOB], seed=4).game_id
    p = svc.snapshot(gid, -1)["pending"]["player"]
    q = 1 - p
    with pytest.raises(Refused, match="still at the table"):
        clocks.vote(svc, gid, q, p)  # deciding at move 0
    with pytest.raises(Refused, match="not the player the table is waiting for"):
        clocks.vote(svc, gid, p, q)
    svc.presence.opened(gid, p)  # p's page is open
    clock.t += svc.away.gone_seconds + 1
    with pytest.raises(Refused, match="still at the table; a vote that they have left opens in 9 minutes"):
        clocks.vote(svc, gid, q, p)
    assert svc.snapshot(gid, q)["table"]["votes"] == {}
    svc.presence.closed(gid, p, clock())  # p closes the page ...
    clock.t += svc.away.gone_seconds - 1
    with pytest.raises(Refused, match="still at the table"):
        clocks.vote(svc, gid, q, p)
    clock.t += 2  # ... and stays away
    assert clocks.vote(svc, gid, q, p)["taken_over"]


def test_a_player_who_took_the_seat_back_is_not_voted_out_again_at_once(tmp_path: Path) -> None:
    clock = FakeClock()
    svc = _service(f"sqlite:///{tmp_path / 'g.db'}", clock)
    gid = svc.create([HUMAN, BOB], seed=4).game_id
    p = svc.snapshot(gid, -1)["pending"]["player"]
    q = 1 - p
    _away(svc, clock)
    assert clocks.vote(svc, gid, q, p)["taken_over"]
    clocks.reclaim(svc, gid, p)  # back before the bot moved: the table still waits for p
    assert svc.snapshot(gid, -1)["pending"]["player"] == p
    clock.t += svc.away.gone_seconds + 1  # no page open: away again, but within the grace after coming back
    with pytest.raises(Refused, match="still at the table"):
        clocks.vote(svc, gid, q, p)
    clock.t = svc.session(gid).table.reclaimed[p] + svc.away.grace_seconds + 1
    assert clocks.vote(svc, gid, q, p)["taken_over"]


def test_on_a_table_with_a_clock_a_player_is_away_only_when_their_time_has_run_out(tmp_path: Path) -> None:
    clock = FakeClock()
    svc = _service(f"sqlite:///{tmp_path / 'g.db'}", clock)
    gid = svc.create([HUMAN, BOB], seed=4, turn_seconds=3600, clock_start=0).game_id
    p = svc.snapshot(gid, -1)["pending"]["player"]
    _away(svc, clock)  # no page open and long idle: on this table the clock decides
    with pytest.raises(Refused, match="still has time on the clock"):
        clocks.vote(svc, gid, 1 - p, p)
    clock.t += 3600
    assert clocks.vote(svc, gid, 1 - p, p)["taken_over"]


def test_every_view_says_when_a_vote_may_open(tmp_path: Path) -> None:
    """The table in every seat's view gives the moment a vote against the player to move may open: the
    idle rule while their page is open (or was never opened here), earlier once their page has stayed
    closed a few seconds (``settle``; a reload changes nothing), never while the game waits for nobody."""
    clock = FakeClock()
    svc = _service(f"sqlite:///{tmp_path / 'g.db'}", clock)
    gid = svc.create([HUMAN, BOB], seed=4).game_id
    p = svc.snapshot(gid, -1)["pending"]["player"]
    start = clock()
    idle = {"seat": p, "opens_at": start + svc.away.idle_seconds}
    assert svc.snapshot(gid, 1 - p)["table"]["vote"] == idle
    assert not svc.presence.opened(gid, p)  # the views showed p present: nothing changes
    clock.t += 5
    assert svc.presence.closed(gid, p, clock())  # a reload: closed ...
    assert not svc.presence.opened(gid, p)  # ... and open again before it settled
    assert not svc.presence.settle(gid, p, clock())
    assert svc.presence.closed(gid, p, clock())  # closed for good
    assert svc.presence.settle(gid, p, clock())  # a few seconds later
    svc.presence_changed(gid)
    assert svc.snapshot(gid, -1)["table"]["vote"] == {"seat": p, "opens_at": start + 5 + svc.away.gone_seconds}
    assert svc.presence.opened(gid, p)  # back: the views change again
    svc.presence_changed(gid)
    assert svc.snapshot(gid, -1)["table"]["vote"] == idle
    clock.t += 5
    _first_legal(svc, gid, p)  # a move: the table waits anew, from now
    mover = svc.snapshot(gid, -1)["pending"]["player"]
    assert svc.snapshot(gid, -1)["table"]["vote"] == {"seat": mover, "opens_at": clock() + svc.away.idle_seconds}
    bots = svc.create([BOT, BOT], seed=2).game_id
    assert svc.snapshot(bots, -1)["table"]["vote"] is None  # no human to wait for


def test_a_seat_taken_back_while_another_human_decides_leaves_that_human_s_clock_alone(tmp_path: Path) -> None:
    """RULES.md has no clocks: the table's own rule (docs/play/browser-table.md) gives a player who takes a seat
    back a fresh budget on their own turn only; the human deciding meanwhile keeps the budget of this turn."""
    clock = FakeClock()
    svc = _service(f"sqlite:///{tmp_path / 'g.db'}", clock)
    gid = svc.create([HUMAN, BOB, CAT], seed=2, turn_seconds=60, takeover_bot="random", clock_start=0).game_id
    out = svc.snapshot(gid, -1)["pending"]["player"]
    clock.t += 61
    assert clocks.time_out(svc, gid)  # the bot plays that seat now, to the end of its turn
    _bots_until_human(svc, gid)
    p = svc.snapshot(gid, -1)["pending"]["player"]
    assert p != out and svc.snapshot(gid, -1)["table"]["taken_over"] == [out]
    before = svc.snapshot(gid, -1)["table"]["clock"]
    assert before["seat"] == p
    clock.t += 20
    clocks.reclaim(svc, gid, out)
    assert svc.snapshot(gid, -1)["table"]["clock"] == before  # not a fresh 60 seconds for the player deciding


def test_a_vote_lapses_when_the_player_moves(tmp_path: Path) -> None:
    clock = FakeClock()
    svc = _service(f"sqlite:///{tmp_path / 'g.db'}", clock)
    gid = svc.create([HUMAN, BOB, CAT], seed=2).game_id
    p = svc.snapshot(gid, -1)["pending"]["player"]
    _away(svc, clock)
    clocks.vote(svc, gid, (p + 1) % 3, p)
    assert svc.snapshot(gid, 1)["table"]["votes"] == {str(p): [(p + 1) % 3]}
    _first_legal(svc, gid, p)  # the player is at the table after all
    assert svc.snapshot(gid, 1)["table"]["votes"] == {}


def test_a_second_service_on_the_same_database_sees_and_acts_on_the_clock(tmp_path: Path) -> None:
    clock = FakeClock()
    url = f"sqlite:///{tmp_path / 'g.db'}"
    a = _service(url, clock, shared=True)
    b = _service(url, clock, shared=True)
    gid = a.create([HUMAN, BOB], seed=4, turn_seconds=10, clock_start=0).game_id
    assert b.snapshot(gid, 1)["table"]["clock"]["seat"] == 0  # the clock is in the database
    clock.t += 11
    assert clocks.time_out(b, gid)  # the other process notices first
    assert not clocks.time_out(a, gid)  # and the first one does not take the seat twice
    assert a.snapshot(gid, 1)["table"]["taken_over"] == [0]
    assert a.bot_to_move(gid)
    clocks.reclaim(a, gid, 0)
    assert b.snapshot(gid, 1)["table"]["taken_over"] == []
    assert b.snapshot(gid, 0)["seats"][0]["kind"] == "human"


def test_a_player_with_a_page_open_on_another_process_is_present_there_too(tmp_path: Path) -> None:
    """Two processes on one database: the one holding the player's live connection notes it now and then,
    and the other refuses a vote against that player until the page has been closed for ``gone_seconds``."""
    clock = FakeClock()
    url = f"sqlite:///{tmp_path / 'g.db'}"
    a = _service(url, clock, shared=True)
    b = _service(url, clock, shared=True)
    gid = a.create([HUMAN, BOB], seed=4).game_id
    p = a.snapshot(gid, -1)["pending"]["player"]
    b.presence.opened(gid, p)  # p's page is open on b ...
    clock.t += a.away.gone_seconds + 1
    presence.write_seen(b.storage, b.presence.open_seats(), clock())  # ... which b notes
    with pytest.raises(Refused, match="still at the table"):
        clocks.vote(a, gid, 1 - p, p)
    b.presence.closed(gid, p, clock())
    presence.write_seen(b.storage, [(gid, p)], clock())  # b notes when the page closed
    clock.t += a.away.gone_seconds - 1
    with pytest.raises(Refused, match="still at the table"):
        clocks.vote(a, gid, 1 - p, p)
    clock.t += 2
    assert clocks.vote(a, gid, 1 - p, p)["taken_over"]


def test_a_live_connection_makes_its_player_present(tmp_path: Path) -> None:
    """Over the app: a vote against a player whose page is open is refused; once the page has closed, every
    view says when the vote opens (after the page stayed closed a few seconds), and then it passes."""
    with make_client(tmp_path / "g.db", away=clocks.AwayRule(600, 2, 600)) as c:
        svc = c.app.state.service  # type: ignore[attr-defined]
        clock = FakeClock(float(int(time.time())))  # whole seconds: the views give times to the millisecond
        svc.now = clock
        g = _app_game(c, {"seats": [{"kind": "human"}, {"kind": "human"}], "seed": 1})
        gid, spec = g["game"], g["spectator"]["token"]
        p = c.get(f"/api/games/{gid}/state", headers=tok(spec)).json()["pending"]["player"]
        other = g["seats"][1 - p]["token"]

        def opens() -> float:
            return float(c.get(f"/api/games/{gid}/state", headers=tok(spec)).json()["table"]["vote"]["opens_at"])

        idle = opens()
        assert idle == clock() + 600
        with c.websocket_connect(f"/api/games/{gid}/ws") as ws:
            ws.send_json({"token": g["seats"][p]["token"]})
            ws.receive_json()
            wait_for(lambda: svc.presence.connected(gid, p))
            clock.t += 3
            r = c.post(f"/api/games/{gid}/vote", json={"seat": p}, headers=tok(other))
            assert r.status_code == 400 and "still at the table" in r.json()["message"]
            closed_at = clock()
        wait_for(lambda: opens() == closed_at + 2)  # shown once the page stayed closed a second
        clock.t += 2
        assert c.post(f"/api/games/{gid}/vote", json={"seat": p}, headers=tok(other)).json()["taken_over"]


def test_takeover_on_postgresql_with_two_services(postgres: Postgres) -> None:  # noqa: F811
    clock = FakeClock()
    url = postgres.new_database("clocks_two_services")
    a = _service(url, clock)
    b = _service(url, clock)
    assert a.shared and b.shared
    gid = a.create([HUMAN, BOB], seed=6, turn_seconds=5, takeover_bot="random", clock_start=0).game_id
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
        clock = FakeClock(time.time())
        c.app.state.service.now = clock  # type: ignore[attr-defined]
        assert c.get("/api/table").json()["clocks"][0] == 0
        g = _app_game(
            c, {"seats": [{"kind": "human"}, {"kind": "human"}], "turn_seconds": 120, "clock_start": 0, "seed": 1}
        )
        gid, t0, t1 = g["game"], g["seats"][0]["token"], g["seats"][1]["token"]
        r = c.get(f"/api/games/{gid}/state", headers=tok(t1))
        assert r.json()["table"]["seconds"] == 120 and float(r.headers["X-Inferno-Now"]) > 0
        p = r.json()["pending"]["player"]
        mover, other = (t0, t1) if p == 0 else (t1, t0)
        early = c.post(f"/api/games/{gid}/vote", json={"seat": p}, headers=tok(other))
        assert early.status_code == 400 and "still has time on the clock" in early.json()["message"]
        clock.t += 121
        assert c.post(f"/api/games/{gid}/vote", json={"seat": p}, headers=tok(other)).json()["taken_over"]
        assert c.post(f"/api/games/{gid}/vote", json={"seat": p}, headers={}).status_code == 403
        spec = g["spectator"]["token"]
        assert c.post(f"/api/games/{gid}/vote", json={"seat": p}, headers=tok(spec)).status_code == 403
        assert c.post(f"/api/games/{gid}/reclaim", headers=tok(other)).status_code == 400
        assert c.post(f"/api/games/{gid}/reclaim", headers=tok(mover)).json() == {"ok": True}
        bad = c.post("/api/games", json={"seats": [{"kind": "human"}], "turn_seconds": 1})
        assert bad.status_code == 400 and "turn clock" in bad.json()["message"]
