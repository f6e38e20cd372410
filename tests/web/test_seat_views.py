"""A seat's view built from the part every seat shares (one per version) equals the view built for that
seat alone, and the log kept from version to version equals the log built from scratch, after undos
too: the server's per-version sharing changes what it costs, never what a seat receives."""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("fastapi")

import inferno
from inferno.records.log import events
from inferno.rules.serialize import state_to_dict
from inferno.rules.solo_model import SoloConfig
from inferno.rules.state import linked_to_list
from inferno.server import places
from inferno.server.seat_views import Shared, log_lines, moves_made
from inferno.server.views import SPECTATOR, log_line_json, public_json, seat_json

GAMES = [
    (3, 11, (), None),
    (4, 12, ("plutus", "phlegyas"), None),
    (5, 13, ("plutus", "phlegyas"), None),
    (1, 14, (), SoloConfig("rival", "medium")),
]


def _alone(s: inferno.State, seat: int) -> dict[str, Any]:
    """The state part of ``seat``'s view, built from its own view of the game."""
    d = state_to_dict(inferno.view(s, seat), actions=False)
    d.pop("format", None)
    d.pop("format_version", None)
    return d


def _scratch_log(s: inferno.State) -> list[dict[str, Any]]:
    lines = [log_line_json(e) for e in events(s)]
    places.annotate(s, lines)
    return lines


@pytest.mark.parametrize(("players", "seed", "modules", "solo"), GAMES)
def test_seat_view_from_the_shared_part_equals_its_own_view(
    players: int, seed: int, modules: tuple[str, ...], solo: SoloConfig | None
) -> None:
    s = inferno.new_game(players, seed, modules=modules, solo=solo)
    rng = random.Random(seed)
    checked = 0
    while not s.over and checked < 60:
        pub = public_json(s, seed=seed, seed_chosen=False)
        for seat in [SPECTATOR, *range(players)]:
            d = seat_json(pub, s, seat)
            assert d["state"]["config"] == pub["state"]["config"]
            alone = _alone(s, seat)
            alone["config"] = d["state"]["config"]  # the public settings replace the view's own
            assert d["state"] == alone, (seat, s.version)
            mine = (p := inferno.pending(s)) is not None and p.player == seat
            assert bool(d["legal"]) == mine
        assert not pub["legal"]  # the shared part never carries a seat's actions
        for _ in range(rng.randint(1, 6)):
            if s.over:
                break
            inferno.apply_in_place(s, rng.choice(inferno.legal_actions(s)))
        checked += 1


def test_the_kept_log_and_move_count_equal_those_from_scratch_forward_and_after_undos() -> None:
    s = inferno.new_game(3, 21, modules=("plutus",))
    rng = random.Random(21)
    history = [s]
    before: Shared | None = None
    for step in range(220):
        if step % 37 == 36:  # an undo: back to an earlier version, whose log the kept one does not continue
            s = history[rng.randrange(len(history))]
        elif not s.over:
            s = inferno.apply(s, rng.choice(inferno.legal_actions(s)))
            history.append(s)
        lines, moves = log_lines(s, before), moves_made(s, before)
        assert lines == _scratch_log(s), step
        assert moves == len(linked_to_list(s.actions)) == s.version, step
        before = Shared(s, {}, s.events, lines, moves)


@pytest.mark.parametrize(("players", "seed", "modules", "solo"), GAMES)
def test_a_preview_played_without_log_lines_reaches_the_same_state(
    players: int, seed: int, modules: tuple[str, ...], solo: SoloConfig | None
) -> None:
    """Previews play each action on a copy that records no log lines: every legal action (whose outcome
    the preview reads) leads to the same state as when it is played with its log."""
    s = inferno.new_game(players, seed, modules=modules, solo=solo)
    rng = random.Random(seed + 1)
    for _ in range(40):
        if s.over:
            break
        for a in inferno.legal_actions(s):
            quiet = s.copy()
            quiet.record_events = False
            inferno.apply_in_place(quiet, a, rollback=False)
            logged = inferno.apply(s, a)
            assert quiet.events is s.events  # nothing was logged
            q, w = state_to_dict(quiet), state_to_dict(logged)
            q.pop("record_events")
            w.pop("record_events")
            assert q == w, a
        for _ in range(rng.randint(1, 4)):
            if not s.over:
                inferno.apply_in_place(s, rng.choice(inferno.legal_actions(s)))
