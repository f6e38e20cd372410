"""S2 (S1 p.11) Hell-phase listing: what the engine remembers between positions never changes a listing.

The Hell listing keeps per-board tables and masks of positions it has met; a listing made with those
memories cleared must equal one made with them warm, in every position of random games. Nor do its
fast paths change a listing: the shields' numbering and the size of its tables do not matter.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator

import pytest

import inferno
from inferno.rules import hell
from inferno.rules.actions import Act, Action, Decision
from inferno.rules.state import Frame, State, make_frame


def _positions(seed: int) -> Iterator[tuple[State, Frame, random.Random]]:
    """Every position of a seeded random 4-player game, with its frame and the game's generator (the
    next move is drawn from it once the caller is done with the position)."""
    rng = random.Random(seed)
    s = inferno.new_game(4, seed, record_events=False)
    while not s.over:
        yield s, s.stack[-1], rng
        acts = inferno.legal_actions(s)
        inferno.apply_in_place(s, acts[rng.randrange(len(acts))], rollback=False)


def test_hell_listing_same_with_cold_and_warm_memory_s2() -> None:
    """S2 Move one Soul / Soul movement: the listings do not depend on the remembered masks."""
    checked = 0
    for seed in range(6):
        for s, frame, _ in _positions(seed):
            if frame[0] in (Decision.HELL, Decision.HELL_STEP):
                lister = hell.list_hell if frame[0] == Decision.HELL else hell.list_step
                warm = lister(s, frame)
                hell._REACH.clear()
                cold = lister(s, frame)
                assert warm == cold == inferno.legal_actions(s)
                checked += 1
    assert checked > 100


def test_graveyard_entries_are_the_colours_that_can_enter_s2() -> None:
    """S2 Charon's ferry: each listed Graveyard colour has a first step to a legal stop, and no
    unlisted colour with Souls in the Graveyard has one."""
    for seed in range(4):
        for s, frame, _ in _positions(seed):
            if frame[0] == Decision.HELL:
                listed = {a.a for a in inferno.legal_actions(s) if a.kind == inferno.Act.ENTER}
                p = frame[1]
                able = {c for c in range(1, 10) if s.graveyard[c] > 0 and hell.step_targets(s, p, c, hell.GRAVEYARD)}
                assert listed == able


def _renumbered(s: State, rng: random.Random) -> tuple[State, list[int]]:
    """A copy of ``s`` on the same board with its shields numbered in a shuffled order (so no circle's
    shields are numbered one after another), and the new number of each old shield."""
    b = s.board
    n = len(b.labels)
    new = list(range(n))
    rng.shuffle(new)
    old = [0] * n
    for i, j in enumerate(new):
        old[j] = i

    def renumber(t: int) -> int:
        return new[t] if t >= 0 else t

    board = dataclasses.replace(
        b,
        labels=tuple(b.labels[old[j]] for j in range(n)),
        circle=tuple(b.circle[old[j]] for j in range(n)),
        symbol=tuple(b.symbol[old[j]] for j in range(n)),
        down=tuple(tuple(renumber(u) for u in b.down[old[j]]) for j in range(n)),
        up=tuple(tuple(renumber(u) for u in b.up[old[j]]) for j in range(n)),
        straight=tuple(renumber(b.straight[old[j]]) for j in range(n)),
        gate=tuple(b.gate[old[j]] for j in range(n)),
        circle_shields=tuple(tuple(sorted(renumber(t) for t in row)) for row in b.circle_shields),
        index={k: renumber(v) for k, v in b.index.items()},
    )
    c = s.copy()
    c.board = board
    c.hell = [s.hell[old[j]] for j in range(n)]
    return c, new


def test_hell_listing_same_on_any_numbering_and_without_tables_s2(monkeypatch: pytest.MonkeyPatch) -> None:
    """S2 Move one Soul / Soul movement: the listing's fast paths (circles numbered one after another,
    whole tables per circle) list what the general ones do: on a board whose shields are renumbered,
    and with every circle worked out shield by shield."""
    checked = 0
    for seed in range(3):
        for s, frame, rng in _positions(seed):
            kind = frame[0]
            if kind in (Decision.HELL, Decision.HELL_STEP) and rng.random() < 0.5:
                lister = hell.list_hell if kind == Decision.HELL else hell.list_step
                listed = lister(s, frame)
                moved, new = _renumbered(s, rng)
                _, p, a, frm = frame
                moved_frame = make_frame(kind, p, a, frm if kind == Decision.HELL or frm < 0 else new[frm])
                shield_acts = (Act.MOVE, Act.STEP)
                expected = {Action(x.kind, new[x.a] if x.kind in shield_acts else x.a, x.b) for x in listed}
                assert set(lister(moved, moved_frame)) == expected
                with monkeypatch.context() as m:
                    m.setattr(hell, "_TABLE_BITS", 0)
                    hell._REACH.clear()
                    assert lister(s, frame) == listed
                hell._REACH.clear()
                checked += 1
    assert checked > 100
