"""The component texts over HTTP: the board the browser fetches carries every component's explanation
(made by inferno.components, as the terminal shows them), and the lobby lists the bots weakest first."""

from __future__ import annotations

from fastapi.testclient import TestClient

import inferno
from inferno.bots.base import LADDER
from inferno.components import components_json
from tests.web.helpers import create, humans, tok


def test_the_board_carries_every_components_text(client: TestClient) -> None:
    g = create(client, humans(2), seed=3)
    r = client.get(f"/api/games/{g['game']}/board", headers=tok(g["seats"][0]["token"]))
    assert r.status_code == 200, r.text
    board = r.json()
    texts = board["components"]
    # The same texts as the terminal's, for the same game.
    assert texts == components_json(inferno.new_game(players=2, seed=3))
    keys = [f"location:{loc['index']}" for loc in board["locations"]]
    keys += [f"track:{c}" for c in range(2, 10)] + [f"phleg:{c}" for c in range(2, 10)]
    keys += [f"gate:{g}" for g in range(board["gates"])] + [f"stop:{i}" for i in range(len(board["stops"]))]
    keys += [f"guardian:{x['slot']}" for x in board["guardians"]]
    keys += ["walls", "graveyard", "plague", "styx", "loans", "dante", "fraud", "deck", "council", "bribe"]
    for k in keys:
        assert texts[k]["title"] and texts[k]["text"] and texts[k]["rule"].startswith("rulebook"), k
    for loc in board["locations"]:
        assert texts[f"location:{loc['index']}"]["title"].startswith(loc["name"])


def test_the_lobby_lists_the_bots_weakest_first_with_words(client: TestClient) -> None:
    d = client.get("/api/bots").json()
    ladder = [b for b in d["bots"] if b in LADDER]
    assert ladder == [b for b in LADDER if b in d["bots"]] and ladder[0] == "random"
    assert d["bots"][: len(ladder)] == ladder  # the ladder first, the other styles after
    words = {x["name"]: x for x in d["levels"]}
    assert [x["name"] for x in d["levels"]] == d["bots"]
    assert words["random"]["label"] == "the weakest" and words["expert"]["label"] == "the strongest"
    assert "searches 50 possible futures" in words["easy"]["words"]
