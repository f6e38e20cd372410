"""Log lines name the board places they concern (the browser links log and board both ways), for every
event kind seen in random games: 5 players with both P&P modules, 3 players, and a solo game."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest

from inferno.records.log import events
from inferno.rules.engine import apply_in_place, legal_actions
from inferno.rules.setup import new_game
from inferno.rules.solo_model import SoloConfig
from inferno.rules.state import State
from inferno.server.places import annotate


def _game(players: int, seed: int, **kw: object) -> State:
    s = new_game(players, seed, None, **kw)  # type: ignore[arg-type]
    rng = random.Random(seed)
    while not s.over:
        apply_in_place(s, rng.choice(legal_actions(s)))
    return s


@pytest.fixture(scope="module")
def logs() -> list[tuple[State, list[dict[str, object]]]]:
    out = []
    for s in (
        _game(5, 1, modules=("plutus", "phlegyas")),
        _game(5, 2, modules=("plutus", "phlegyas")),
        _game(3, 3),
        _game(1, 4, solo=SoloConfig("rival", "medium")),
    ):
        log = [e._asdict() for e in events(s)]
        annotate(s, log)
        out.append((s, log))
    return out


def _shields(s: State, text: str) -> list[str]:
    return [f"shield:{s.board.labels.index(x)}" for x in re.findall(r"\d+\.\d+", text) if x in s.board.labels]


# Lines about a family's money, hand or score only: they point at its board and score (``player:n``).
FAMILY_ONLY = {"pay", "loan", "exchange", "florins", "bribe", "council", "home", "haystack", "bell_gain", "half"}
FAMILY_ONLY |= {"score", "fraud_lost", "solo", "solo_card", "draw", "fraud", "bonus", "diploma", "last_round"}
FAMILY_ONLY |= {"sudden_death", "desk_free", "desk_unpaid", "desk_toll", "turn", "accuse"}


def kind_needs_place(e: dict[str, object]) -> bool:
    return int(e["player"]) >= 0 and e["kind"] not in FAMILY_ONLY  # type: ignore[call-overload]


def test_every_line_of_a_family_points_at_something(logs: list[tuple[State, list[dict[str, object]]]]) -> None:
    kinds: Counter[str] = Counter()
    for _s, log in logs:
        for e in log:
            kinds[str(e["kind"])] += 1
            if kind_needs_place(e):
                assert any(not k.startswith("player:") for k in e["places"]), e  # type: ignore[attr-defined]
    assert {"lift", "jump", "stand", "ferry", "bell", "desk", "dante", "track", "graveyard"} <= set(kinds)


def test_places_name_the_right_pieces(logs: list[tuple[State, list[dict[str, object]]]]) -> None:
    sins = {}
    for s, log in logs:
        for c in s.rules.circles:
            sins[c.sin] = c.number
        sins["pagan"] = 1
        for e in log:
            kind, text, pl = str(e["kind"]), str(e["text"]), e["places"]
            assert isinstance(pl, list)
            if kind in ("lift", "jump", "stand", "bell", "desk", "pit", "guardian") or e["source"] == "souls":
                assert [k for k in pl if k.startswith("shield:")] == _shields(s, text), e
            if kind in ("graveyard", "ferry", "pagan"):
                sin = next(w for w in sins if f"{w} Soul" in text)
                assert f"colour:{sins[sin]}" in pl, e
            if kind == "track":
                track = re.search(r"the (\w+) track", text)
                assert track and f"track:{sins[track.group(1)]}" in pl, e
            if kind == "dante" or e["source"] == "dante":
                assert "dante" in pl, e
            if kind == "dante":
                stop = re.search(r"stop (\d+) of", text)
                assert stop and f"stop:{int(stop.group(1)) - 1}" in pl, e
            if kind == "passage":
                gate = re.search(r"gate (\d+)", text)
                assert gate and f"gate:{int(gate.group(1)) - 1}" in pl, e
            if kind == "send" or (kind == "accuse" and " at the " in text):
                assert any(k.startswith("location:") for k in pl), e
            if kind == "quartiere":
                assert any(k.startswith("quartiere:") for k in pl), e
            if int(e["player"]) >= 0:  # type: ignore[call-overload]
                assert pl[-1] == f"player:{e['player']}", e
            else:
                assert not any(k.startswith("player:") for k in pl), e


def test_each_soul_move_is_a_path_from_start_to_end(logs: list[tuple[State, list[dict[str, object]]]]) -> None:
    moves = 0
    for s, log in logs:
        path: list[str] | None = None
        for e in log:
            part = e.get("path")
            if part == "start":
                assert path is None, "a move starts before the last one ended"
                assert 1 <= int(e["colour"]) <= 9  # type: ignore[call-overload]
                path = ["start"]
            elif part in ("via", "end"):
                if e["kind"] == "stand" and path is None:
                    continue  # a Soul placed by an effect, not moved
                if e["kind"] == "score" and path is None:
                    continue  # a Soul laid down by an effect
                assert path is not None, e
                path.append(str(part))
                if part == "end":
                    moves += 1
                    path = None
        assert path is None or s.over
        assert moves > 0
