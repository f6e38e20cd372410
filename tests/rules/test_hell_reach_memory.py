"""S2 (S1 p.11) Hell-phase listing: what the engine remembers between positions never changes a listing.

The Hell listing keeps per-board tables and masks of positions it has met; a listing made with those
memories cleared must equal one made with them warm, in every position of random games.
"""

from __future__ import annotations

import random

import inferno
from inferno.rules import hell
from inferno.rules.actions import Decision


def test_hell_listing_same_with_cold_and_warm_memory_s2() -> None:
    """S2 Move one Soul / Soul movement: the listings do not depend on the remembered masks."""
    checked = 0
    for seed in range(6):
        rng = random.Random(seed)
        s = inferno.new_game(4, seed, record_events=False)
        while not s.over:
            frame = s.stack[-1]
            if frame[0] in (Decision.HELL, Decision.HELL_STEP):
                lister = hell.list_hell if frame[0] == Decision.HELL else hell.list_step
                warm = lister(s, frame)
                hell._REACH.clear()
                cold = lister(s, frame)
                assert warm == cold == inferno.legal_actions(s)
                checked += 1
            acts = inferno.legal_actions(s)
            inferno.apply_in_place(s, acts[rng.randrange(len(acts))], rollback=False)
    assert checked > 100


def test_graveyard_entries_are_the_colours_that_can_enter_s2() -> None:
    """S2 Charon's ferry: each listed Graveyard colour has a first step to a legal stop, and no
    unlisted colour with Souls in the Graveyard has one."""
    for seed in range(4):
        rng = random.Random(seed)
        s = inferno.new_game(4, seed, record_events=False)
        while not s.over:
            frame = s.stack[-1]
            if frame[0] == Decision.HELL:
                listed = {a.a for a in inferno.legal_actions(s) if a.kind == inferno.Act.ENTER}
                p = frame[1]
                able = {c for c in range(1, 10) if s.graveyard[c] > 0 and hell.step_targets(s, p, c, hell.GRAVEYARD)}
                assert listed == able
            acts = inferno.legal_actions(s)
            inferno.apply_in_place(s, acts[rng.randrange(len(acts))], rollback=False)
