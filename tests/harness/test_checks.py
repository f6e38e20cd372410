"""The invariant checks themselves can fail: each one catches a deliberately corrupted state."""

from __future__ import annotations

from collections.abc import Callable

import pytest

import inferno
from inferno.rules.state import EMPTY, LYING, T_BARREL, T_GUEST, T_NOBLE
from tests.harness import checks
from tests.harness.play import play_prefix


def _first(values: list[int], wanted: Callable[[int], bool]) -> int:
    return next(i for i, v in enumerate(values) if wanted(v))


def _lose_a_soul(s: inferno.State) -> None:
    c = _first(s.supply, lambda v: v > 0)
    s.supply[c] -= 1


def _soul_below_its_circle(s: inferno.State) -> None:
    t = _first(s.hell, lambda v: v == EMPTY)
    s.hell[t] = 1  # a pagan Soul standing: it would have lain down in Limbo, and may never go lower
    s.supply[1] -= 1


def _extra_noble(s: inferno.State) -> None:
    s.own_player(0).home[0] += 1


def _guest_from_nowhere(s: inferno.State) -> None:
    pl = s.own_player(0)
    pl.tower[pl.tower.index(EMPTY)] = T_GUEST + s.rules.guest_circles[0]


def _barrel_twice(s: inferno.State) -> None:
    pl = s.own_player(0)
    pl.tower[pl.tower.index(EMPTY)] = T_BARREL
    pl.panel |= 1
    s.barrel_market[0] -= 2


def _duplicate_card(s: inferno.State) -> None:
    s.own_player(0).hand.append(s.market[0])


def _negative_money(s: inferno.State) -> None:
    s.own_player(0).drachmas = -1


def _guardian_moved_silently(s: inferno.State) -> None:
    s.guardian_pos[0] = _first(s.hell, lambda v: v == EMPTY)


def _noble_on_unbuilt_floor(s: inferno.State) -> None:
    pl = s.own_player(0)
    pl.tower[-1] = T_NOBLE
    pl.home[0] -= 1


def _lying_soul_turned_tile(s: inferno.State) -> None:
    t = _first(s.hell, lambda v: LYING < v < LYING + 10)
    s.hell[t] += 10  # a spare tile appears without being taken from the spare tiles


CORRUPTIONS = [
    (_lose_a_soul, checks.check_souls),
    (_soul_below_its_circle, checks.check_soul_places),
    (_extra_noble, checks.check_family),
    (_guest_from_nowhere, checks.check_guests_and_barrels),
    (_barrel_twice, checks.check_guests_and_barrels),
    (_duplicate_card, checks.check_cards),
    (_negative_money, checks.check_bounds),
    (_guardian_moved_silently, checks.check_guardians),
    (_noble_on_unbuilt_floor, checks.check_tower),
    (_lying_soul_turned_tile, checks.check_souls),
]


@pytest.mark.parametrize(("corrupt", "check"), CORRUPTIONS, ids=[c.__name__.strip("_") for c, _ in CORRUPTIONS])
def test_check_catches_corruption(
    corrupt: Callable[[inferno.State], None], check: Callable[[inferno.State], None]
) -> None:
    s = play_prefix(3, 4, 120)
    checks.check_all(s)
    corrupt(s)
    with pytest.raises(AssertionError):
        check(s)


def test_ledger_catches_unexplained_infamy() -> None:
    s = play_prefix(2, 4, 30)
    ledger = checks.InfamyLedger(s)
    s.own_player(1).infamy += 1
    with pytest.raises(AssertionError, match="Infamy"):
        ledger.update(s)
