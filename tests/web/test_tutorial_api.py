"""The browser tutorial's routes: a tutorial started, read, moved on and played through to its end on the
real tutorial script; a move other than the step's held back with the tutorial's word; bad input (an
unknown tutorial, a malformed action, Next on a step that asks for a move) answered in words with a 4xx;
a tutorial resumed after the server restarts."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient

from inferno.server.errors import ErrorCode, Refused
from inferno.server.storage import Storage
from inferno.server.tutorial_routes import TutorialDesk, tutorials
from inferno.tutorial.session import Tutorial
from tests.web.helpers import make_client


def _start(c: TestClient) -> dict[str, Any]:
    r = c.post("/api/tutorials", json={})
    assert r.status_code == 200, r.text
    return dict(r.json())


def _step_on(c: TestClient, t: dict[str, Any]) -> dict[str, Any]:
    """The tutorial one step on: Next on a step that explains, the first expected move on one that asks."""
    step = t["step"]
    if step["kind"] == "explain":
        r = c.post(f"/api/tutorials/{t['id']}/next", json={})
    else:
        r = c.post(f"/api/tutorials/{t['id']}/play", json={"action": step["expected"][0]})
    assert r.status_code == 200, r.text
    out = dict(r.json())
    assert out["index"] == t["index"] + 1, (step, out["reply"])
    return out


def _to_kind(c: TestClient, t: dict[str, Any], kind: str) -> dict[str, Any]:
    while t["step"]["kind"] != kind:
        t = _step_on(c, t)
    return t


def test_a_new_tutorial_shows_its_first_step_and_the_game_as_the_game_page_gets_it(client: TestClient) -> None:
    t = _start(client)
    first = Tutorial.start()
    assert first.step is not None
    assert (t["index"], t["total"], t["done"]) == (0, first.total, False)
    assert t["step"]["title"] == first.step.title and t["step"]["cite"] == first.step.cite
    assert t["chapters"] == first.chapter_titles and t["chapter"] == 0
    assert t["reply"] is None
    # The game page's shapes: a seat view (state, pieces, pending, legal, log, seats) and the board's layout.
    view = t["view"]
    assert view["seat"] == first.seat and view["seats"][first.seat]["name"] == "You"
    assert {"state", "pieces", "pending", "legal", "log", "version"} <= set(view)
    assert {"shields", "locations", "components"} <= set(t["board"])
    again = client.get(f"/api/tutorials/{t['id']}")
    assert again.status_code == 200 and again.json()["index"] == 0


def test_the_whole_tutorial_is_played_through_the_routes_to_its_end(client: TestClient) -> None:
    t = _start(client)
    seen = 0
    while not t["done"]:
        t = _step_on(client, t)
        seen += 1
    assert seen == t["total"] and t["step"] is None and t["index"] == t["total"]
    assert t["chapter"] == len(t["chapters"])
    # Nothing more to do: said in words, with a 4xx.
    r = client.post(f"/api/tutorials/{t['id']}/play", json={"action": "done"})
    assert r.status_code == 409 and "finished" in r.json()["message"]
    r = client.post(f"/api/tutorials/{t['id']}/next", json={})
    assert r.status_code == 400 and "finished" in r.json()["message"].lower()


def test_another_move_is_held_back_with_the_tutorials_word_and_nothing_changes(client: TestClient) -> None:
    t = _to_kind(client, _start(client), "act")
    other = [a["text"] for a in t["view"]["legal"] if a["text"] not in t["step"]["expected"]]
    assert other, "the first step asking for a move offers other options too"
    held = Tutorial.start()
    while held.step is not None and held.step.id != t["step"]["id"]:
        held.next()
    assert held.step is not None
    r = client.post(f"/api/tutorials/{t['id']}/play", json={"action": other[0]})
    assert r.status_code == 200
    out = r.json()
    assert out["reply"] == {"accepted": False, "message": held.step.held_back}
    assert out["index"] == t["index"] and out["view"]["version"] == t["view"]["version"]
    assert client.get(f"/api/tutorials/{t['id']}").json()["index"] == t["index"]
    # On a step that only explains, a move waits for Next.
    t2 = _start(client)
    assert t2["step"]["kind"] == "explain"
    r = client.post(f"/api/tutorials/{t2['id']}/play", json={"action": "done"})
    assert r.status_code == 200 and r.json()["reply"]["accepted"] is False and r.json()["index"] == 0


def test_bad_input_is_answered_in_words_with_a_4xx(client: TestClient) -> None:
    t = _to_kind(client, _start(client), "act")
    tid = t["id"]
    cases = [
        ("get", "/api/tutorials/nosuchtutorial", None, 404, "no such tutorial"),
        ("get", "/api/tutorials/" + "a" * 40, None, 404, "no such tutorial"),
        ("post", "/api/tutorials/..%2f..%2fetc/next", {}, 404, ""),
        ("post", "/api/tutorials/nosuchtutorial/next", {}, 404, "no such tutorial"),
        ("post", "/api/tutorials/nosuchtutorial/play", {"action": "done"}, 404, "no such tutorial"),
        ("post", f"/api/tutorials/{tid}/next", {}, 400, "asks for a move"),
        ("post", f"/api/tutorials/{tid}/play", {"action": "xyzzy 1 2"}, 400, "no move of the game"),
        ("post", f"/api/tutorials/{tid}/play", {"action": ""}, 400, "action"),
        ("post", f"/api/tutorials/{tid}/play", {"action": 5}, 400, "action"),
        ("post", f"/api/tutorials/{tid}/play", {"move": "done"}, 400, "action"),
        ("post", f"/api/tutorials/{tid}/play", {"action": "x" * 500}, 400, "action"),
    ]
    for method, path, body, status, words in cases:
        r = client.post(path, json=body) if method == "post" else client.get(path)
        assert r.status_code == status, (path, body, r.text)
        message = r.json().get("message", r.json().get("detail", ""))
        assert words in str(message), (path, body, message)
        assert "Traceback" not in r.text and "Error" not in str(message)
    assert client.get(f"/api/tutorials/{tid}").json()["index"] == t["index"]


def test_a_tutorial_resumes_at_its_step_after_the_server_restarts(db_path: Path) -> None:
    with make_client(db_path) as c:
        t = _start(c)
        for _ in range(4):
            t = _step_on(c, t)
    with make_client(db_path) as c:  # a new server on the same database: the tutorial is replayed from it
        again = c.get(f"/api/tutorials/{t['id']}").json()
        assert (again["index"], again["step"], again["view"]["version"]) == (
            t["index"],
            t["step"],
            t["view"]["version"],
        )
        assert _step_on(c, again)["index"] == t["index"] + 1


def test_a_stored_tutorial_that_no_longer_fits_is_refused_in_words(db_path: Path) -> None:
    with make_client(db_path) as c:
        t = _start(c)
        engine = sa.create_engine(f"sqlite:///{db_path}")
        with engine.begin() as conn:
            conn.execute(tutorials.update().where(tutorials.c.id == t["id"]).values(data='{"tutorial": 99}', moves=7))
        engine.dispose()
        r = c.get(f"/api/tutorials/{t['id']}")
        assert r.status_code == 404 and "start a new one" in r.json()["message"]


def test_the_tutorial_page_is_served_with_the_strict_content_policy(client: TestClient) -> None:
    r = client.get("/tutorial")
    assert r.status_code == 200 and 'src="/static/tutorial.js"' in r.text
    assert "script-src 'self'" in r.headers["content-security-policy"]
    assert "<script>" not in r.text and "style=" not in r.text


def test_the_board_the_page_has_is_not_sent_again(client: TestClient) -> None:
    t = _start(client)
    assert t["board"] is not None and len(t["board_id"]) == 16
    same = client.get(f"/api/tutorials/{t['id']}", headers={"X-Inferno-Board": t["board_id"]}).json()
    assert same["board"] is None and same["board_id"] == t["board_id"]
    assert same["view"] == t["view"]  # the rest is all there
    moved = client.post(f"/api/tutorials/{t['id']}/next", json={}, headers={"X-Inferno-Board": t["board_id"]}).json()
    assert moved["board"] is None and moved["index"] == 1
    other = client.get(f"/api/tutorials/{t['id']}", headers={"X-Inferno-Board": "0" * 16}).json()
    assert other["board"] == t["board"]
    r = client.get(f"/api/tutorials/{t['id']}", headers={"X-Inferno-Board": "x" * 100})
    assert r.status_code == 400 and "x-inferno-board" in r.json()["message"].lower()


def test_two_server_processes_on_one_database_share_each_tutorial(db_path: Path) -> None:
    """Each process keeps recent tutorials in memory; one that changed elsewhere is read again from the
    database, and a change made over an older one is refused (409), never stored."""
    url = f"sqlite:///{db_path}"
    one, two = TutorialDesk(Storage(url)), TutorialDesk(Storage(url))
    tid, _tut = one.start()
    assert one.read(tid)["index"] == 0 and two.read(tid)["index"] == 0  # both keep it in memory now
    assert two.next(tid)["index"] == 1
    assert one.read(tid)["index"] == 1  # changed elsewhere: read again
    assert one.next(tid)["index"] == 2 and two.read(tid)["index"] == 2
    tut, moves = one._load(tid)
    two.next(tid)  # a change between one's read and its write
    tut.next()
    with pytest.raises(Refused) as refused:
        one._save(tid, tut, moves)
    assert refused.value.code is ErrorCode.STALE and "moved on" in refused.value.message
    assert one.read(tid)["index"] == two.read(tid)["index"] == 3
    one.storage.close()
    two.storage.close()
