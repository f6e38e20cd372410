"""The server under a careless or hostile client: failed authentications throttled, bot games capped
per address, bots thinking in the worker pool within budgets, WebSocket first frames answered with a
close code, oversized chunked bodies refused, unstarted and abandoned games expired, old databases
upgraded (docs/contributing/server.md, "What the server sends" and the limits under "Modules")."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from inferno.rules.actions import Act, Action
from inferno.server.botpool import BotBudget, BotPool, GameBudget
from inferno.server.limits import FailureLimiter, Rate
from inferno.server.service import GameService
from inferno.server.settings import AUTH_FAIL_ADDRESS, AUTH_FAIL_GAME
from inferno.server.storage import Storage
from tests.web.helpers import create, humans, make_client, play, state, tok

SLOW_REFILL = Rate(per_second=1e-6, burst=AUTH_FAIL_ADDRESS.burst)  # the documented number, no refill


@pytest.fixture
def strict(db_path: Path) -> Iterator[TestClient]:
    with make_client(db_path, auth_fail_address=SLOW_REFILL, read_rate=Rate(10_000, 10_000)) as c:
        yield c


def _service(c: TestClient) -> GameService:
    svc = c.app.state.service  # type: ignore[attr-defined]
    assert isinstance(svc, GameService)
    return svc


@pytest.mark.parametrize("what", ["action", "undo", "unknown game"])
def test_failed_authentications_get_429_after_the_documented_number(strict: TestClient, what: str) -> None:
    g = create(strict, humans(2), seed=None)
    gid = "nosuchgame" if what == "unknown game" else g["game"]
    path = f"/api/games/{gid}/undo" if what == "undo" else f"/api/games/{gid}/actions"
    body = {"version": 0} if what == "undo" else {"version": 0, "action": "done"}
    codes = [strict.post(path, json=body, headers=tok(f"wrong{i}")).status_code for i in range(40)]
    n = int(AUTH_FAIL_ADDRESS.burst)
    assert codes[:n] == [404 if what == "unknown game" else 403] * n
    assert codes[n:] == [429] * (40 - n)
    # Now this address is held up even with a good token (the token is not even checked).
    r = strict.get(f"/api/games/{g['game']}/state", headers=tok(g["seats"][0]["token"]))
    assert r.status_code == 429 and r.json()["error"] == "rate_limited"


class FakeClock:
    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


def test_wrong_tokens_from_four_addresses_at_their_allowed_rate_never_lock_a_player_out() -> None:
    """The lockout: four addresses send wrong tokens against one game, each as fast as its allowance
    lets it, for ten minutes; a fifth address (the invited player, opening the link for the first time)
    is never refused, and the flooders are held up by their own failures."""
    clock = FakeClock()
    lim = FailureLimiter(AUTH_FAIL_ADDRESS, AUTH_FAIL_GAME, clock=clock)
    refused_flood = 0
    for tick in range(600 * 10):  # ten minutes in tenths of a second
        clock.t = tick / 10
        for a in range(4):
            if lim.blocked(f"10.0.0.{a}"):
                refused_flood += 1
            else:
                lim.failed(f"10.0.0.{a}", "g")
        if tick % 50 == 0:
            assert not lim.blocked("10.0.9.9")  # the player's address: its token is checked, so it gets in
    # The flood itself was held up, more than each address's allowance alone would: once the game's
    # allowance is spent, every failure against it costs its address four.
    checked = 4 * 6000 - refused_flood
    own = AUTH_FAIL_ADDRESS.burst + AUTH_FAIL_ADDRESS.per_second * 600
    assert checked < 0.75 * 4 * own, (checked, own)


def test_a_correct_token_from_a_new_address_gets_in_during_a_wrong_token_flood(db_path: Path) -> None:
    """Through the app: four addresses use up their own allowances and the game's with wrong tokens; the
    seat-2 player, from an address that never opened the game, gets the state and plays."""
    with make_client(db_path, read_rate=Rate(10_000, 10_000)) as c:
        g = create(c, humans(2), seed=None)
        gid = g["game"]
        app = c.app
        flooders = [TestClient(app, client=(f"10.0.0.{a}", 4000 + a)) for a in range(4)]
        codes: dict[int, int] = {}
        for i in range(60):
            for f in flooders:
                r = f.get(f"/api/games/{gid}/state", headers=tok(f"wrong{i}"))
                codes[r.status_code] = codes.get(r.status_code, 0) + 1
        assert codes.get(429, 0) > 0 and codes.get(403, 0) > 0
        player = TestClient(app, client=("10.0.9.9", 5000))
        t2 = g["seats"][1]["token"]
        assert player.get(f"/api/games/{gid}/state", headers=tok(t2)).status_code == 200
        assert player.get(f"/api/games/{gid}/state", headers=tok("wrong")).status_code == 403
        assert player.get(f"/api/games/{gid}/state", headers=tok(t2)).status_code == 200
        r = flooders[0].get(f"/api/games/{gid}/state", headers=tok(g["seats"][0]["token"]))
        assert r.status_code == 429 and "your address" in r.json()["message"]  # held up by its own failures


def test_a_spectator_undo_is_forbidden_like_its_action(client: TestClient) -> None:
    g = create(client, humans(2), seed=3)
    play(client, g, 2, __import__("random").Random(2))
    spec = tok(g["spectator"]["token"])
    v = state(client, g["game"], g["spectator"]["token"])["version"]
    act = client.post(f"/api/games/{g['game']}/actions", json={"version": v, "action": "done"}, headers=spec)
    undo = client.post(f"/api/games/{g['game']}/undo", json={"version": v}, headers=spec)
    assert act.status_code == undo.status_code == 403
    assert undo.json()["error"] == "forbidden"


def test_a_chunked_body_over_the_limit_gets_413(client: TestClient) -> None:
    g = create(client, humans(2), seed=3)

    def chunks() -> Iterator[bytes]:
        for _ in range(40):
            yield b"x" * 1000

    r = client.post(f"/api/games/{g['game']}/actions", content=chunks(), headers=tok(g["seats"][0]["token"]))
    assert r.status_code == 413 and r.json()["message"] == "request body too large"
    small = client.post(  # a chunked body within the limit still works
        f"/api/games/{g['game']}/actions",
        content=iter([b'{"version": 0,', b' "action": "nonsense"}']),
        headers={**tok(g["seats"][0]["token"]), "content-type": "application/json"},
    )
    assert small.status_code in (400, 409)


@pytest.mark.parametrize(
    ("frame", "code", "words"),
    [
        (b"\x00\x01binary", 1003, "must be the text"),
        ("[" * 2000 + "]" * 2000, 1007, "must be JSON"),
        ("{" * 10, 1007, "must be JSON"),
        ('{"token": "' + "x" * 5000 + '"}', 1009, "too large"),
        ('{"token": "wrong"}', 4403, "opens no seat"),
    ],
)
def test_a_bad_first_websocket_frame_gets_a_close_code_and_no_traceback(
    client: TestClient, caplog: pytest.LogCaptureFixture, frame: str | bytes, code: int, words: str
) -> None:
    g = create(client, humans(2), seed=3)
    with caplog.at_level(logging.DEBUG), client.websocket_connect(f"/api/games/{g['game']}/ws") as ws:
        if isinstance(frame, bytes):
            ws.send_bytes(frame)
        else:
            ws.send_text(frame)
        msg = ws.receive_json()
        assert msg["type"] == "error" and words in msg["message"]
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_text()
        assert closed.value.code == code
    assert not [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]


def test_one_address_may_run_only_a_few_games_with_bots(db_path: Path) -> None:
    with make_client(db_path, bot_delay=30.0, max_bot_games=2) as c:
        bots = [{"kind": "human"}, {"kind": "bot", "bot": "hard"}]
        assert c.post("/api/games", json={"seats": bots}).status_code == 200
        assert c.post("/api/games", json={"seats": bots}).status_code == 200
        r = c.post("/api/games", json={"seats": bots})
        assert r.status_code == 429 and "unfinished games with bots" in r.json()["message"]
        assert c.post("/api/games", json={"seats": humans(2)}).status_code == 200  # human games are not capped


def test_a_games_cpu_budget_makes_its_bots_wait_once_spent() -> None:
    gb = GameBudget(BotBudget(game_cpu_per_second=0.5, game_cpu_burst=2.0))
    assert gb.wait_needed() == 0
    gb.spend(3.0)  # a second over the budget: two seconds to earn it back at 0.5 CPU-s a second
    assert 1.9 < gb.wait_needed() <= 2.1


def test_a_bot_decision_over_its_time_limit_becomes_a_legal_random_one(caplog: pytest.LogCaptureFixture) -> None:
    from inferno.rules.engine import legal_actions, view
    from inferno.rules.serialize import state_to_dict
    from inferno.rules.setup import new_game

    s = new_game(2, 5, None)
    acts = legal_actions(s)
    pool = BotPool(BotBudget(workers=1, decision_seconds=0.001))
    try:
        a = asyncio.run(pool.choose("g", "hard", 1, state_to_dict(view(s, 0)), acts))
    finally:
        pool.close()
    assert a in acts
    assert any("took too long" in r.getMessage() for r in caplog.records)


def test_a_bot_in_the_pool_chooses_a_legal_action() -> None:
    from inferno.rules.engine import legal_actions, to_move, view
    from inferno.rules.serialize import state_to_dict
    from inferno.rules.setup import new_game

    s = new_game(3, 8, None)
    acts = legal_actions(s)
    pool = BotPool(BotBudget(workers=1))
    try:
        a = asyncio.run(pool.choose("g", "greedy", 1, state_to_dict(view(s, to_move(s))), acts))
    finally:
        pool.close()
    assert isinstance(a, Action) and a in acts and a.kind in set(Act)


def test_unstarted_and_abandoned_games_expire_and_finished_ones_stay(client: TestClient) -> None:
    svc = _service(client)
    unstarted = create(client, humans(2), seed=3)
    started = create(client, humans(2), seed=4)
    play(client, started, 3, __import__("random").Random(1))
    day = 86400.0
    now = time.time()
    assert svc.expire(7 * day, 90 * day, now=now + 1 * day) == []
    assert svc.expire(7 * day, 90 * day, now=now + 8 * day) == [unstarted["game"]]
    assert client.get(f"/api/games/{unstarted['game']}/state", headers=tok("x")).status_code == 404
    assert state(client, started["game"], started["spectator"]["token"])["version"] == 3
    assert svc.expire(7 * day, 90 * day, now=now + 91 * day) == [started["game"]]
    assert svc.storage.count_games() == 0
    # Many at once go a few a transaction, so the database's writer lock is never held long.
    games = {create(client, humans(2), seed=None)["game"] for _ in range(5)}
    later = time.time() + 8 * day
    assert set(svc.storage.expire_games(later, 0, batch=2, most=4)) < games  # at most 4 in one call
    assert svc.storage.count_games() == 1
    assert len(svc.storage.expire_games(later, 0, batch=2)) == 1


def test_an_older_database_gets_the_new_columns(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.db'}"
    engine = sa.create_engine(url)
    with engine.begin() as conn:
        conn.execute(
            sa.text(
                "CREATE TABLE games (id VARCHAR(32) PRIMARY KEY, created_at FLOAT NOT NULL, updated_at FLOAT NOT NULL,"
                " players INTEGER NOT NULL, seed BIGINT NOT NULL, side VARCHAR(16) NOT NULL,"
                " rules_fingerprint VARCHAR(64) NOT NULL, seats TEXT NOT NULL, spectator_hash VARCHAR(64) NOT NULL,"
                " version INTEGER NOT NULL, over BOOLEAN NOT NULL)"
            )
        )
        conn.execute(
            sa.text("INSERT INTO games VALUES ('old', 1, 1, 2, 5, 'I/II', 'x', '[]', 'h', 0, 0)"),
        )
    engine.dispose()
    store = Storage(url)
    try:
        row = store.load_game("old")
        assert row is not None and row.seed_chosen is False
        assert store.bot_turn_games() == []
    finally:
        store.close()
