"""The first game on the server: the lobby's mark, the warnings already shown kept with the game, the
options' words and the warnings in each option's preview."""

from __future__ import annotations

from pathlib import Path

from inferno import Scenario
from inferno.server.views import legal_json
from tests.web.helpers import human_to_move, humans, make_client, tok


def _first_game(c: object) -> dict[str, object]:
    body = {"seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]}
    r = c.post("/api/games", json={**body, "seed": 3, "first_game": True, "hints": True})  # type: ignore[attr-defined]
    assert r.status_code == 200, r.text
    return dict(r.json())


def test_a_first_game_keeps_the_warnings_it_showed(tmp_path: Path) -> None:
    with make_client(tmp_path / "g.db") as c:
        g = _first_game(c)
        assert g["first_game"] is True and g["hints"] is True
        game, token = g["game"], g["seats"][0]["token"]
        assert c.get(f"/api/games/{game}/first-game", headers=tok(token)).json() == {
            "first_game": True,
            "warned": [],
        }
        for _ in range(2):  # noting it twice keeps it once
            r = c.post(f"/api/games/{game}/first-game/warned", json={"kind": "loan"}, headers=tok(token))
            assert r.status_code == 200 and r.json()["warned"] == ["loan"]
        r = c.post(f"/api/games/{game}/first-game/warned", json={"kind": "council"}, headers=tok(token))
        assert r.json()["warned"] == ["loan", "council"]
        assert c.get(f"/api/games/{game}/first-game", headers=tok(token)).json()["warned"] == ["loan", "council"]
        bad = c.post(f"/api/games/{game}/first-game/warned", json={"kind": "free lunch"}, headers=tok(token))
        assert bad.status_code == 400
        spectator = g["spectator"]["token"]  # type: ignore[index]
        r = c.post(f"/api/games/{game}/first-game/warned", json={"kind": "loan"}, headers=tok(spectator))
        assert r.status_code == 403 and "spectators" in r.json()["message"]
        mine = c.post("/api/mine", json={"games": [{"game": game, "token": token}]}).json()
        assert mine["games"][0]["first_game"] is True


def test_another_game_is_no_first_game(tmp_path: Path) -> None:
    with make_client(tmp_path / "g.db") as c:
        g = c.post("/api/games", json={"seats": [{"kind": "human"}, {"kind": "bot"}], "seed": 1}).json()
        game, token = g["game"], g["seats"][0]["token"]
        assert c.get(f"/api/games/{game}/first-game", headers=tok(token)).json()["first_game"] is False
        r = c.post(f"/api/games/{game}/first-game/warned", json={"kind": "loan"}, headers=tok(token))
        assert r.status_code == 400 and "not created as a first game" in r.json()["message"]


def test_every_option_has_words(tmp_path: Path) -> None:
    with make_client(tmp_path / "g.db") as c:
        g = c.post("/api/games", json={"seats": humans(3), "seed": 3, "first_game": True}).json()
        _token, snap = human_to_move(c, g)
        assert snap["legal"] and all(a["words"] and a["words"] != a["text"] for a in snap["legal"])


def test_an_option_taking_a_loan_carries_its_warning() -> None:
    s = Scenario(2, 1).money(0, drachmas=0, loans=0).florence_phase(0, "bank")
    items = {x["text"]: x for x in legal_json(s)}
    assert [w["kind"] for w in items["bribe"]["preview"]["warnings"]] == ["loan"]
    assert [w["kind"] for w in items["council"]["preview"]["warnings"]] == ["council"]
    assert "warnings" not in items["send bank noble"]["preview"]
    assert items["council"]["words"].startswith("Family council")
