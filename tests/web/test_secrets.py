"""No payload a seat or a spectator can get lets it work out another seat's hand or the deck while the
game runs (rulebook p. 6: Fraud cards in hand are kept secret; the docs, "What the server sends": docs/contributing/server.md).

For games at several stages, every payload (state over HTTP and WebSocket, board, "your games", error
bodies, the bot's view) is searched for anything seed-like: every whole number in it, and every run of
digits in its texts, is fed to ``new_game`` and must not rebuild the hidden hands or the deck."""

from __future__ import annotations

import random
import re
from typing import Any

from fastapi.testclient import TestClient

from inferno.rules.setup import new_game
from inferno.server.service import GameService
from tests.web.helpers import create, humans, play, state, tok, wait_for


def _numbers(obj: Any, out: set[int]) -> set[int]:
    if isinstance(obj, bool):
        return out
    if isinstance(obj, int):
        out.add(obj)
    elif isinstance(obj, float) and obj.is_integer():
        out.add(int(obj))
    elif isinstance(obj, str):
        out.update(int(x) for x in re.findall(r"\d+", obj))
    elif isinstance(obj, dict):
        for k, v in obj.items():
            _numbers(k, out)
            _numbers(v, out)
    elif isinstance(obj, list | tuple):
        for v in obj:
            _numbers(v, out)
    return out


def _secrets(players: int, seed: int, side: str) -> tuple[list[list[int]], list[int]]:
    """The hands and the deck (with the open market first) a seed deals."""
    s = new_game(players, seed, side, side_variant=True)
    return [list(p.hand) for p in s.players], list(s.market) + list(s.deck)


def _payloads(c: TestClient, g: dict[str, Any], token: str) -> list[Any]:
    gid = g["game"]
    out: list[Any] = [
        state(c, gid, token),
        c.get(f"/api/games/{gid}/board", headers=tok(token)).json(),
        c.post("/api/mine", json={"games": [{"game": gid, "token": token}]}).json(),
        c.post(f"/api/games/{gid}/actions", json={"version": 0, "action": "nonsense"}, headers=tok(token)).json(),
        c.post(f"/api/games/{gid}/actions", json={"version": 99999, "action": "done"}, headers=tok(token)).json(),
        c.post(f"/api/games/{gid}/undo", json={"version": 0}, headers=tok(token)).json(),
        c.get(f"/api/games/{gid}/replay", headers=tok(token)).json(),
    ]
    with c.websocket_connect(f"/api/games/{gid}/ws") as ws:
        ws.send_json({"token": token})
        out.append(ws.receive_json())
    return out


def _assert_nothing_rebuilds_the_deal(
    c: TestClient, g: dict[str, Any], players: int, seed: int, side: str, extra: list[Any] = ()
) -> int:
    hands, deck = _secrets(players, seed, side)
    viewers = [(i, s["token"]) for i, s in enumerate(g["seats"]) if "token" in s] + [(-1, g["spectator"]["token"])]
    tried = 0
    for seat, token in viewers:
        payloads = _payloads(c, g, token) + list(extra)
        for n in _numbers(payloads, set()):
            if not 0 <= n < 2**64:
                continue
            tried += 1
            h, d = _secrets(players, n, side)
            assert d != deck, f"the number {n} in seat {seat}'s payloads rebuilds the deck"
            # One 2-card hand out of a small deck is matched by chance by about one number in 500, and two
            # hands by about one in 250,000: among the hundreds of small numbers in the payloads, one
            # matched the other two seats' hands of a drawn seed now and then. A seed that leaked deals
            # every hand, the viewer's own included (which the viewer knows), which chance does not.
            assert h != hands, f"the number {n} in seat {seat}'s payloads rebuilds every hand"
    return tried


def _service(c: TestClient) -> GameService:
    svc = c.app.state.service  # type: ignore[attr-defined]
    assert isinstance(svc, GameService)
    return svc


def test_no_payload_at_any_stage_rebuilds_hidden_hands_or_the_deck(client: TestClient) -> None:
    g = create(client, humans(3), seed=None)  # the server draws the seed
    row = _service(client).session(g["game"]).row
    assert not row.seed_chosen and row.seed >= 2**31  # drawn from far more seeds than anyone can try
    rng = random.Random(3)
    tried = 0
    for moves in (0, 25, 60):  # the start, the first rounds, later on
        if moves:
            play(client, g, moves, rng)
        tried += _assert_nothing_rebuilds_the_deal(client, g, 3, row.seed, row.side)
        spec = state(client, g["game"], g["spectator"]["token"])
        assert spec["state"]["config"] == {
            "players": 3,
            "side": row.side,
            "variant": None,
            "seed": None,
            "seed_chosen_by_creator": False,
            "modules": [],
        }
    assert tried > 100  # the check looked at plenty of numbers


def test_a_bot_gets_its_own_view_without_the_seed(client: TestClient) -> None:
    g = create(client, [{"kind": "human"}, {"kind": "human"}], seed=None)
    svc = _service(client)
    sess = svc.session(g["game"])
    bot = type(sess.row.seats[0])("bot", "random", "b", "")
    sess.row.seats[:] = [bot, bot]  # both seats bots, in memory only
    turn = svc.bot_request(g["game"])
    assert turn is not None
    assert turn.view["config"]["seed"] != sess.row.seed
    assert sess.row.seed not in _numbers(turn.view, set())
    hidden = turn.view["players"][1 - turn.player]["hand"]
    assert hidden and all(c == -1 for c in hidden) and all(c == -1 for c in turn.view["deck"])


def test_a_chosen_seed_is_flagged_to_every_seat_hidden_while_playing_and_shown_after_the_game(
    client: TestClient,
) -> None:
    seed = 1_234_567_891
    g = create(client, [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}], seed=seed)
    gid, spec = g["game"], g["spectator"]["token"]
    first = state(client, gid, spec)
    if first["result"] is None:
        assert first["state"]["config"]["seed"] is None
        assert first["state"]["config"]["seed_chosen_by_creator"] is True
        assert seed not in _numbers(first, set())
    wait_for(lambda: state(client, gid, spec)["result"] is not None, timeout=120)
    end = state(client, gid, spec)
    assert end["state"]["config"]["seed"] == seed and end["state"]["config"]["seed_chosen_by_creator"] is True
    replay = client.get(f"/api/games/{gid}/replay?upto=0", headers=tok(spec)).json()
    assert replay["state"]["config"]["seed"] == seed


def test_a_chosen_seed_is_hidden_and_flagged_in_a_human_game_too(client: TestClient) -> None:
    seed = 987_654_321
    g = create(client, humans(2), seed=seed)
    play(client, g, 5, random.Random(1))
    for s in [*g["seats"], g["spectator"]]:
        payloads = _payloads(client, g, s["token"])
        assert seed not in _numbers(payloads, set())
        assert payloads[0]["state"]["config"]["seed_chosen_by_creator"] is True


def test_a_chosen_seed_leaves_the_log_text_as_it_is(client: TestClient) -> None:
    """The log never names the seed, so no number in it is masked: with the seed 3 a log line still
    says "3" where the game does (it once read "on 1.(hidden until the game ends)")."""
    import inferno
    from inferno.records.log import log_lines

    g = client.post("/api/games", json={"seats": [{"kind": "human"}] * 2, "seed": 3}).json()
    gid, token = g["game"], g["seats"][0]["token"]
    for _ in range(12):
        snap = client.get(f"/api/games/{gid}/state", headers={"X-Inferno-Token": token}).json()
        token = g["seats"][snap["pending"]["player"]]["token"]
        snap = client.get(f"/api/games/{gid}/state", headers={"X-Inferno-Token": token}).json()
        client.post(
            f"/api/games/{gid}/actions",
            json={"version": snap["version"], "action": snap["legal"][0]["text"]},
            headers={"X-Inferno-Token": token},
        )
    snap = client.get(f"/api/games/{gid}/state", headers={"X-Inferno-Token": token}).json()
    texts = [e["text"] for e in snap["log"]]
    assert not any("hidden" in t for t in texts)
    s = inferno.new_game(2, 3)
    assert texts[0] == log_lines(s)[0].split(": ", 1)[1].rsplit("  (", 1)[0]
