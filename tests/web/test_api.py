"""In-process API tests: lobby, seat tokens, hidden information, stale/malformed/illegal actions,
input validation, undo limits, bot seats, live updates and persistence across a restart."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from inferno.server.limits import Rate
from tests.web.helpers import create, humans, make_client, play, state, tok, wait_for, whole_log


def test_lobby_creates_a_token_per_human_seat_and_a_spectator_link(client: TestClient) -> None:
    g = create(client, [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "random"}, {"kind": "human"}])
    seats = g["seats"]
    assert [s["kind"] for s in seats] == ["human", "bot", "human"]
    assert "token" in seats[0] and "token" in seats[2] and "token" not in seats[1]
    assert seats[0]["token"] != seats[2]["token"]
    assert seats[0]["link"] == f"/game/{g['game']}#{seats[0]['token']}"
    assert g["spectator"]["link"].startswith(f"/game/{g['game']}#")
    assert seats[0]["name"] == "Ann"


def test_nobody_can_read_or_act_without_the_seat_token(client: TestClient) -> None:
    g = create(client, humans(2))
    other = create(client, humans(2))
    gid = g["game"]
    assert client.get(f"/api/games/{gid}/state").status_code == 403
    assert client.get(f"/api/games/{gid}/state", headers=tok("guess")).status_code == 403
    # A token of another game opens nothing here.
    assert client.get(f"/api/games/{gid}/state", headers=tok(other["seats"][0]["token"])).status_code == 403
    snap = state(client, gid, g["spectator"]["token"])
    text = "enter lust"
    r = client.post(f"/api/games/{gid}/actions", json={"version": snap["version"], "action": text})
    assert r.status_code == 403
    r = client.post(
        f"/api/games/{gid}/actions",
        json={"version": snap["version"], "action": text},
        headers=tok(g["spectator"]["token"]),
    )
    assert r.status_code == 403 and r.json()["error"] == "forbidden"
    assert state(client, gid, g["spectator"]["token"])["version"] == 0


def test_views_hide_other_hands_and_the_deck_order_RULES_D5(client: TestClient) -> None:
    g = create(client, humans(3))
    gid = g["game"]
    for s in g["seats"]:
        snap = state(client, gid, s["token"])
        assert snap["seat"] == s["seat"]
        for p, pl in enumerate(snap["state"]["players"]):
            if p == s["seat"]:
                assert pl["hand"] and all(c >= 0 for c in pl["hand"])
            else:
                assert pl["hand"] and all(c == -1 for c in pl["hand"])
        assert all(c == -1 for c in snap["state"]["deck"])
        # Only the deciding seat is given legal actions.
        assert bool(snap["legal"]) == (snap["pending"]["player"] == s["seat"])
    spec = state(client, gid, g["spectator"]["token"])
    assert spec["seat"] == -1 and spec["legal"] == []
    assert all(c == -1 for pl in spec["state"]["players"] for c in pl["hand"])
    assert "spectator_hash" not in str(spec) and "token" not in str(spec["seats"])


def _mover(client: TestClient, g: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    spec = state(client, g["game"], g["spectator"]["token"])
    token = g["seats"][spec["pending"]["player"]]["token"]
    return token, state(client, g["game"], token)


def test_stale_malformed_and_illegal_actions_get_clear_errors_and_change_nothing(client: TestClient) -> None:
    g = create(client, humans(2))
    gid = g["game"]
    token, snap = _mover(client, g)
    url = f"/api/games/{gid}/actions"
    legal = [a["text"] for a in snap["legal"]]
    r = client.post(url, json={"version": snap["version"] + 1, "action": legal[0]}, headers=tok(token))
    assert r.status_code == 409 and r.json()["error"] == "stale" and r.json()["version"] == 0
    r = client.post(url, json={"version": 0, "action": "fly to the moon"}, headers=tok(token))
    assert r.status_code == 400 and r.json()["error"] == "malformed" and "unknown action" in r.json()["message"]
    r = client.post(url, json={"version": 0, "action": "council"}, headers=tok(token))
    assert r.status_code == 422 and r.json()["error"] == "illegal" and "not legal now" in r.json()["message"]
    other = next(s["token"] for s in g["seats"] if s["token"] != token)
    r = client.post(url, json={"version": 0, "action": legal[0]}, headers=tok(other))
    assert r.status_code == 409 and r.json()["error"] == "not_your_turn"
    assert state(client, gid, token) == snap
    r = client.post(url, json={"version": 0, "action": legal[0]}, headers=tok(token))
    assert r.status_code == 200 and r.json()["version"] == 1
    # The same request again is now stale: nothing is applied twice.
    r = client.post(url, json={"version": 0, "action": legal[0]}, headers=tok(token))
    assert r.status_code == 409 and r.json()["error"] == "stale"
    assert state(client, gid, token)["version"] == 1


def test_input_is_validated_at_the_boundary(client: TestClient) -> None:
    g = create(client, humans(2))
    gid = g["game"]
    token, _ = _mover(client, g)
    url = f"/api/games/{gid}/actions"
    bad_bodies = [
        {"version": "zero", "action": "done"},
        {"version": -1, "action": "done"},
        {"version": 0, "action": ""},
        {"version": 0, "action": "x" * 81},
        {"version": 0, "action": ["enter", "lust"]},
        {"action": "done"},
    ]
    for body in bad_bodies:
        r = client.post(url, json=body, headers=tok(token))
        assert r.status_code == 400 and r.json()["error"] == "bad_request", body
    r = client.post(
        url, content=b"{" + b" " * 20_000 + b"}", headers={**tok(token), "content-type": "application/json"}
    )
    assert r.status_code == 413
    r = client.post(url, content=b"not json", headers={**tok(token), "content-type": "application/json"})
    assert r.status_code == 400
    assert client.get(f"/api/games/{gid}/state", headers=tok("x" * 65)).status_code == 400
    for seats in (
        [],
        humans(5),
        [{"kind": "bot", "bot": "nonesuch"}],
        [{"kind": "alien"}],
        [{"kind": "human", "name": "n" * 25}],
    ):
        r = client.post("/api/games", json={"seats": seats})
        assert r.status_code == 400, seats
    assert client.post("/api/games", json={"seats": humans(2), "seed": -5}).status_code == 400
    assert client.post("/api/games", json={"seats": humans(2), "side": "V/VI"}).status_code == 400
    assert client.get("/api/games/nonesuch/state", headers=tok(token)).status_code == 404
    assert state(client, gid, token)["version"] == 0


def test_action_rate_is_limited_per_seat(db_path: Path) -> None:
    with make_client(db_path, action_rate=Rate(0.01, 2)) as c:
        g = create(c, humans(2))
        token, _ = _mover(c, g)
        codes = [
            c.post(
                f"/api/games/{g['game']}/actions", json={"version": 99, "action": "done"}, headers=tok(token)
            ).status_code
            for _ in range(3)
        ]
        assert codes == [409, 409, 429]


def test_reads_are_rate_limited_per_client_with_the_same_error_shape(db_path: Path) -> None:
    with make_client(db_path, read_rate=Rate(0.01, 4)) as c:
        g = create(c, humans(2))
        gid, spec = g["game"], g["spectator"]["token"]
        assert c.get(f"/api/games/{gid}/state", headers=tok(spec)).status_code == 200
        assert c.get(f"/api/games/{gid}/board", headers=tok(spec)).status_code == 200
        # A guessed token spends the allowance too, so guessing tokens is throttled like reading.
        assert c.get(f"/api/games/{gid}/state", headers=tok("guess")).status_code == 403
        assert c.post("/api/mine", json={"games": [{"game": gid, "token": spec}]}).json()["games"]
        refused = [
            c.get(f"/api/games/{gid}/state", headers=tok(spec)),
            c.get(f"/api/games/{gid}/board", headers=tok(spec)),
            c.get(f"/api/games/{gid}/replay", params={"upto": 0}, headers=tok(spec)),
            c.post("/api/mine", json={"games": [{"game": gid, "token": spec}]}),
        ]
        for r in refused:
            assert r.status_code == 429, r.request.url
            assert r.json() == {"error": "rate_limited", "message": "too many requests; slow down"}
        with c.websocket_connect(f"/api/games/{gid}/ws") as ws:
            ws.send_json({"token": spec})
            msg = ws.receive_json()
            assert msg["type"] == "error" and msg["error"] == "rate_limited"
        # Reads and actions have separate allowances: the player to move can still play.
        mover = g["seats"][0]["token"]
        r = c.post(f"/api/games/{gid}/actions", json={"version": 0, "action": "council"}, headers=tok(mover))
        assert r.status_code in (409, 422) and r.json()["error"] != "rate_limited"


def test_the_default_read_limit_leaves_room_for_many_reloads(db_path: Path) -> None:
    """A reload reads the board, the state, opens the live connection and lists "your games"."""
    with make_client(db_path) as c:
        g = create(c, humans(2))
        gid, token = g["game"], g["seats"][0]["token"]
        for _ in range(25):
            assert c.get(f"/api/games/{gid}/board", headers=tok(token)).status_code == 200
            assert c.get(f"/api/games/{gid}/state", headers=tok(token)).status_code == 200
            assert c.post("/api/mine", json={"games": [{"game": gid, "token": token}]}).status_code == 200
            with c.websocket_connect(f"/api/games/{gid}/ws") as ws:
                ws.send_json({"token": token})
                assert ws.receive_json()["type"] == "state"


def test_bot_seats_play_on_the_server(client: TestClient) -> None:
    g = create(client, [{"kind": "bot", "bot": "random"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}], seed=3)
    me = g["seats"][1]["token"]
    for _ in range(200):  # the human answers each of its decisions until every seat has had turns
        wait_for(
            lambda: bool(state(client, g["game"], me)["legal"]) or state(client, g["game"], me)["result"] is not None
        )
        snap = state(client, g["game"], me)
        if snap["state"]["turn"] >= 5 or snap["result"] is not None:
            break
        assert snap["pending"]["player"] == 1
        r = client.post(
            f"/api/games/{g['game']}/actions",
            json={"version": snap["version"], "action": snap["legal"][0]["text"]},
            headers=tok(me),
        )
        assert r.status_code == 200
    log = state(client, g["game"], me)["log"]
    assert {0, 1, 2} <= {e["player"] for e in log if e["kind"] == "turn"}


def test_an_all_bot_game_finishes_with_scoring_and_a_replay_view(client: TestClient) -> None:
    g = create(client, [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}], seed=11)
    spec = g["spectator"]["token"]
    wait_for(lambda: state(client, g["game"], spec)["result"] is not None, timeout=60)
    end = state(client, g["game"], spec)
    res = end["result"]
    assert res["steps"] == ["fraud", "phlegethon", "extra_diplomas", "diplomas", "loans", "reputation"]
    for pr in res["players"]:
        assert pr["before_final"] + sum(pr["steps"].values()) == pr["infamy"]
    r0 = client.get(f"/api/games/{g['game']}/replay", params={"upto": 0}, headers=tok(spec)).json()
    assert r0["version"] == 0 and r0["replay"]["total"] == end["moves"]
    rn = client.get(f"/api/games/{g['game']}/replay", params={"upto": end["moves"]}, headers=tok(spec)).json()
    assert rn["state"]["hell"] == end["state"]["hell"] and rn["result"] == res
    bad = client.get(f"/api/games/{g['game']}/replay", params={"upto": end["moves"] + 1}, headers=tok(spec))
    assert bad.status_code == 400
    assert (
        client.post(
            f"/api/games/{g['game']}/actions", json={"version": end["version"], "action": "done"}, headers=tok(spec)
        ).status_code
        == 403
    )


def test_undo_takes_back_only_your_own_decisions_in_this_turn(client: TestClient) -> None:
    g = create(client, humans(2), seed=5)
    gid = g["game"]
    token, snap = _mover(client, g)
    enter = next(a["text"] for a in snap["legal"] if a["kind"] == "enter")
    assert not snap["undo"]
    r = client.post(f"/api/games/{gid}/undo", json={"version": 0}, headers=tok(token))
    assert r.status_code == 409 and r.json()["error"] == "undo_refused"
    assert (
        client.post(f"/api/games/{gid}/actions", json={"version": 0, "action": enter}, headers=tok(token)).status_code
        == 200
    )
    after = state(client, gid, token)
    other = next(s["token"] for s in g["seats"] if s["token"] != token)
    assert after["pending"]["player"] == snap["pending"]["player"]  # the Florence phase of the same turn
    assert after["undo"]
    assert client.post(f"/api/games/{gid}/undo", json={"version": 1}, headers=tok(other)).status_code == 409
    assert client.post(f"/api/games/{gid}/undo", json={"version": 0}, headers=tok(token)).json()["error"] == "stale"
    r = client.post(f"/api/games/{gid}/undo", json={"version": 1}, headers=tok(token))
    assert r.status_code == 200 and r.json()["version"] == 2  # an undo is a change too: the version grows
    back = state(client, gid, token)
    assert back["state"] == snap["state"] and back["legal"] == snap["legal"]
    assert back["version"] == 2


def test_versions_are_never_reused_after_an_undo_even_across_a_restart(db_path: Path) -> None:
    """A tab that missed updates must never act against a different state carrying the same number:
    act 0->1, undo ->2, act ->3; the old number 1 is refused as stale."""
    with make_client(db_path, action_rate=Rate(1000, 1000), read_rate=Rate(10_000, 10_000)) as c:
        g = create(c, humans(2), seed=5)
        gid = g["game"]
        token, snap = _mover(c, g)
        enter = [a["text"] for a in snap["legal"] if a["kind"] == "enter"]
        url = f"/api/games/{gid}/actions"
        assert c.post(url, json={"version": 0, "action": enter[0]}, headers=tok(token)).json()["version"] == 1
        assert c.post(f"/api/games/{gid}/undo", json={"version": 1}, headers=tok(token)).json()["version"] == 2
        r = c.post(url, json={"version": 1, "action": enter[-1]}, headers=tok(token))
        assert r.status_code == 409 and r.json()["error"] == "stale" and r.json()["version"] == 2
        assert c.post(url, json={"version": 2, "action": enter[-1]}, headers=tok(token)).json()["version"] == 3
    with make_client(db_path) as c:  # a restarted server goes on counting from the stored moves and undos
        assert state(c, gid, token)["version"] == 3


def test_the_live_connection_sends_only_new_log_lines_and_the_whole_log_after_an_undo(client: TestClient) -> None:
    """After its first message a live connection gets only the log lines added since its last one
    (``log_from`` = where they start); made whole, each message equals the seat's state on request.
    An undo can take lines back, so the message after it carries the whole log again."""
    g = create(client, humans(2), seed=5)
    gid = g["game"]
    token, snap = _mover(client, g)
    url = f"/api/games/{gid}/actions"
    with client.websocket_connect(f"/api/games/{gid}/ws") as ws:
        ws.send_json({"token": token})
        last = ws.receive_json()["data"]
        assert "log_from" not in last and last == state(client, gid, token)
        enter = next(a["text"] for a in snap["legal"] if a["kind"] == "enter")
        assert client.post(url, json={"version": 0, "action": enter}, headers=tok(token)).status_code == 200
        msg = ws.receive_json()["data"]
        assert msg["log_from"] == last["log_total"] and len(msg["log"]) == msg["log_total"] - last["log_total"] > 0
        last = whole_log(last, msg)
        assert last == state(client, gid, token) and last["undo"]
        assert client.post(f"/api/games/{gid}/undo", json={"version": 1}, headers=tok(token)).status_code == 200
        last = ws.receive_json()["data"]
        assert "log_from" not in last and last == state(client, gid, token)  # the whole log again
        rng = random.Random(3)
        for _ in range(12):
            mover, snap = _mover(client, g)
            action = rng.choice(snap["legal"])["text"]
            r = client.post(url, json={"version": snap["version"], "action": action}, headers=tok(mover))
            assert r.status_code == 200
            msg = ws.receive_json()["data"]
            assert msg["log_from"] == last["log_total"]
            last = whole_log(last, msg)
            assert last == state(client, gid, token)


def test_websocket_sends_the_seat_view_after_every_change(client: TestClient) -> None:
    g = create(client, humans(2))
    gid = g["game"]
    token, snap = _mover(client, g)
    with client.websocket_connect(f"/api/games/{gid}/ws") as ws:
        ws.send_json({"token": g["spectator"]["token"]})
        first = ws.receive_json()
        assert first["type"] == "state" and first["data"]["version"] == 0 and first["data"]["seat"] == -1
        r = client.post(
            f"/api/games/{gid}/actions", json={"version": 0, "action": snap["legal"][0]["text"]}, headers=tok(token)
        )
        assert r.status_code == 200
        nxt = ws.receive_json()
        assert nxt["data"]["version"] == 1 and nxt["data"]["legal"] == []
    with client.websocket_connect(f"/api/games/{gid}/ws") as ws:
        ws.send_json({"token": "wrong"})
        msg = ws.receive_json()
        assert msg["type"] == "error" and msg["error"] == "forbidden"


def test_my_games_lists_only_games_the_tokens_open(client: TestClient) -> None:
    a = create(client, humans(2))
    b = create(client, humans(1))
    body = {"games": [{"game": a["game"], "token": a["seats"][1]["token"]}, {"game": b["game"], "token": "nope"}]}
    games = client.post("/api/mine", json=body).json()["games"]
    assert [(x["game"], x["seat"]) for x in games] == [(a["game"], 1)]


def test_games_survive_a_restart_of_the_app(db_path: Path) -> None:
    with make_client(db_path, action_rate=Rate(1000, 1000)) as c:
        g = create(c, humans(3), seed=21)
        play(c, g, 25, random.Random(2))
        before = {s["seat"]: state(c, g["game"], s["token"]) for s in g["seats"]}
    with make_client(db_path) as c:
        after = {s["seat"]: state(c, g["game"], s["token"]) for s in g["seats"]}
    assert before == after and after[0]["version"] == 25


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=40),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=12,
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    body=st.one_of(
        json_values,
        st.fixed_dictionaries({"version": st.integers(-5, 5) | st.text(max_size=5), "action": st.text(max_size=90)}),
    ),
    path=st.sampled_from(["actions", "undo"]),
)
def test_no_request_body_crashes_the_server_or_changes_the_game(client: TestClient, body: object, path: str) -> None:
    g = create(client, humans(2), seed=1)
    token, snap = _mover(client, g)
    r = client.post(f"/api/games/{g['game']}/{path}", json=body, headers=tok(token))
    assert r.status_code < 500, r.text
    assert "error" in r.json() or r.json().get("ok") is True
    if r.status_code != 200:
        assert state(client, g["game"], token) == snap


def test_the_serve_command_is_registered_with_the_cli() -> None:
    from click.testing import CliRunner

    from inferno.cli.main import cli

    out = CliRunner().invoke(cli, ["serve", "--help"])
    assert out.exit_code == 0 and "--db" in out.output and "--new-game" in out.output


@pytest.mark.parametrize(
    ("value", "says"),
    [
        ("bogus://x", "is not a database URL this server knows"),
        ("mysql://user@host/inferno", "the database driver"),
        ("postgresql+psycopg://nobody@127.0.0.1:1/inferno", "cannot open the database"),
        ("{tmp}", "is a folder"),
        ("{tmp}/missing/games.db", "does not exist"),
    ],
)
def test_a_bad_database_gets_a_clear_error_not_a_traceback(tmp_path: Path, value: str, says: str) -> None:
    from click.testing import CliRunner

    from inferno.cli.main import cli

    out = CliRunner().invoke(cli, ["serve", "--port", "0", "--db", value.format(tmp=tmp_path)])
    assert out.exit_code in (1, 2) and says in out.output
    assert "Traceback" not in out.output and not isinstance(out.exception, (AttributeError, TypeError, KeyError))


def test_a_file_path_for_the_database_is_an_sqlite_file_there(tmp_path: Path) -> None:
    from inferno.cli.serve import database_url

    assert database_url(str(tmp_path / "games.db")) == f"sqlite:///{tmp_path / 'games.db'}"
    assert database_url("sqlite:///x.db") == "sqlite:///x.db" and database_url(None) is None


def test_the_client_is_served_locally_with_a_strict_content_security_policy(client: TestClient) -> None:
    page = client.get("/game/abc")
    assert page.status_code == 200 and "<svg" in page.text
    csp = page.headers["content-security-policy"]
    assert "script-src 'self'" in csp and "default-src 'self'" in csp
    web = Path(__file__).resolve().parents[2] / "src" / "inferno" / "web"
    assets = sorted(web.iterdir())
    assert {p.suffix for p in assets} >= {".html", ".js", ".css"}
    for asset in assets:
        r = client.get(f"/static/{asset.name}")
        assert r.status_code == 200
        text = r.text.replace("http://www.w3.org/2000/svg", "")  # the SVG namespace name, not a download
        assert "http://" not in text and "https://" not in text and "//cdn" not in text, asset.name


def test_each_player_gets_only_their_own_view_over_the_websocket_RULES_D5(client: TestClient) -> None:
    g = create(client, humans(2))
    for seat in g["seats"]:
        with client.websocket_connect(f"/api/games/{g['game']}/ws") as ws:
            ws.send_json({"token": seat["token"]})
            data = ws.receive_json()["data"]
        assert data["seat"] == seat["seat"]
        hands = [pl["hand"] for pl in data["state"]["players"]]
        assert all(c >= 0 for c in hands[seat["seat"]])
        assert all(c == -1 for p, h in enumerate(hands) if p != seat["seat"] for c in h)


def test_new_game_link_for_make_play_opens_seat_one_against_bots(tmp_path: Path) -> None:
    from inferno.cli.serve import _new_game_url
    from inferno.server.storage import Storage

    url = _new_game_url(Storage(f"sqlite:///{tmp_path / 'p.db'}"), "127.0.0.1", 8000, 3, "random", 5)
    assert url.startswith("http://127.0.0.1:8000/game/") and "#" in url
    gid, token = url.split("/game/")[1].split("#")
    with make_client(tmp_path / "p.db") as c:
        snap = state(c, gid, token)
    assert snap["seat"] == 0 and [s["kind"] for s in snap["seats"]] == ["human", "bot", "bot"]


def test_a_live_log_is_continued_only_from_a_mark_it_can_continue() -> None:
    """``SeatView.since``: the new lines from a mark of the same undo count and table notes that the view's
    log reaches back to; the whole view from no mark, after an undo or a note (earlier lines may have
    changed), from a mark ahead of the view, or from one further back than the lines it holds."""
    import orjson

    from inferno.server.seat_views import LogMark, SeatView

    d = {"log": [{"text": str(i)} for i in range(5, 10)], "log_total": 10, "version": 3}
    v = SeatView(d, LogMark(undos=0, notes=0, total=10))
    part = orjson.loads(v.since(LogMark(0, 0, 8)))
    assert part["log_from"] == 8 and part["log"] == d["log"][3:] and part["version"] == 3
    assert orjson.loads(v.since(LogMark(0, 0, 10)))["log"] == []  # nothing new
    for mark in (None, LogMark(1, 0, 8), LogMark(0, 1, 8), LogMark(0, 0, 11), LogMark(0, 0, 4)):
        assert orjson.loads(v.since(mark)) == d


def test_lobby_plays_another_board_side_only_as_a_named_variant(client: TestClient) -> None:
    """Rulebook, Boards & General Concepts: side I/II for 1-2 players, III/IV for 3-4. The lobby offers the
    sides with the one for each player count; another side is refused unless the variant is asked for,
    and then every seat sees it named (settings, the lobby's list of games, the log)."""
    sides = client.get("/api/sides").json()
    assert sides["by_players"] == {"1": "I/II", "2": "I/II", "3": "III/IV", "4": "III/IV", "5": "III/IV"}
    r = client.post("/api/games", json={"seats": humans(2), "side": "III/IV"})
    assert r.status_code == 400
    assert "variant: board side III/IV with 2 players" in r.text and "side_variant" not in r.text
    same = client.post("/api/games", json={"seats": humans(3), "side": "III/IV"})  # the usual side: no variant
    assert same.status_code == 200 and same.json()["variant"] is None
    r = client.post("/api/games", json={"seats": humans(2), "side": "III/IV", "side_variant": True})
    assert r.status_code == 200, r.text
    g = r.json()
    assert g["variant"] == "variant: board side III/IV with 2 players"
    token = g["seats"][0]["token"]
    snap = state(client, g["game"], token)
    assert snap["state"]["config"]["variant"] == g["variant"] and snap["state"]["config"]["side"] == "III/IV"
    assert any(line["text"].startswith("Variant: board side III/IV with 2 players") for line in snap["log"])
    mine = client.post("/api/mine", json={"games": [{"game": g["game"], "token": token}]}).json()["games"]
    assert mine[0]["variant"] == g["variant"]
