"""No view lets a seat (or a spectator) learn another seat's hidden cards (rulebook S0 Fraud cards:
a hand is secret, the deck is face down; the docs, "What each seat can see": docs/library/hidden-information.md).

For games of 2-4 players at their start, middle and near their end, every view any seat or a
spectator gets is dumped whole (every slot of the state, its log and its legal options) and audited:

* the other seats' hands and the deck order are hidden;
* the view is the same whatever the hidden cards are (they are re-dealt and the view compared);
* every number in it, also inside texts, is tried as a seed: ``new_game(players, k, side)`` with
  none of them deals this game's cards;
* no Fraud card is named in the log unless it was face up at some point;
* nothing in it is a random generator or other live object.
"""

from __future__ import annotations

import functools
import json
import os
import random
import re
from enum import IntEnum
from typing import Any

import pytest

import inferno
from inferno.rules.state import State, linked_to_list
from tests.harness.play import random_steps

HIDDEN = -1
# Seeds of realistic size (a server draws them from a large range); small ones would also appear as
# ordinary counts in any view and be found by the seed scan below, which is the point of that scan.
GAMES = [(2, 918_273_645, "random"), (3, 1_234_567_891, "accuser"), (4, 2_061_234_567, "random")]
GAMES += [(4, 1_777_777_777, "accuser"), (3, 1_500_000_001, "random")]
EXTRA = int(os.environ.get("INFERNO_SECRETS_GAMES", "0"))  # more games for `make soak-engine`
GAMES += [(2 + g % 3, 1_000_003 * (g + 1) + 987_654_321, ("random", "accuser")[g % 2]) for g in range(EXTRA)]
# Slots that hold static data shared by every game with the same rules, side and player count.
STATIC = {"rules", "board", "stops"}


@functools.cache
def _game(players: int, seed: int, bot: str) -> tuple[list[State], frozenset[int]]:
    """Positions at the start, middle and three decisions before the end; and every Fraud card that
    was face up (market or played) at any point of the game."""
    s = inferno.new_game(players, seed)
    length = sum(1 for _ in random_steps(s, seed, bot=bot))
    wanted = {0, length // 2, max(length - 3, 0)}
    s = inferno.new_game(players, seed)
    out: list[State] = []
    public: set[int] = set()
    for step in random_steps(s, seed, bot=bot):
        public.update(step.state.market)
        for pl in step.state.players:
            public.update(pl.played)
        if step.index in wanted:
            out.append(step.state.copy())
    public.update(c for pl in s.players for c in pl.played)
    return out, frozenset(public)


def _plain(x: Any) -> Any:
    """JSON-able form of a slot's value; anything else (a generator, a live object) fails the test."""
    if x is None or type(x) in (bool, int, str):
        return x
    if isinstance(x, IntEnum):  # action and decision kinds
        return int(x)
    if isinstance(x, tuple | list):
        return [_plain(i) for i in x]
    if isinstance(x, inferno.GameConfig):
        return x.to_dict()
    raise AssertionError(f"a view holds a {type(x).__name__}: {x!r:.80}")


def payload(v: State) -> dict[str, Any]:
    """Everything a view carries, slot by slot (the event and action logs as lists)."""
    out: dict[str, Any] = {}
    for slot in State.__slots__:
        if slot in STATIC:
            continue
        value = getattr(v, slot)
        if slot in ("events", "actions"):
            value = linked_to_list(value)
        if slot == "players":
            out[slot] = [{f: _plain(getattr(p, f)) for f in type(p).__slots__} for p in value]
        else:
            out[slot] = _plain(value)
    out["legal"] = _plain(inferno.legal_actions(v))
    return out


def numbers(d: Any) -> set[int]:
    """Every integer in a JSON document, also digits written inside its strings."""
    text = json.dumps(d)
    return {int(m) for m in re.findall(r"-?\d+", text)}


def hidden_deal(s: State, viewer: int) -> tuple[Any, ...]:
    """What ``viewer`` must not know: the other seats' hands and the deck order."""
    return (tuple(tuple(pl.hand) for i, pl in enumerate(s.players) if i != viewer), tuple(s.deck))


@functools.cache
def _deal_of_seed(players: int, seed: int, side: str) -> tuple[Any, ...]:
    t = inferno.new_game(players, seed, side, record_events=False, side_variant=True)
    return tuple(tuple(pl.hand) for pl in t.players), tuple(t.deck)


def seeds_that_rebuild(players: int, side: str, start_deal: tuple[Any, ...], candidates: set[int]) -> set[int]:
    """The candidate numbers that, used as a seed, deal exactly this game's opening cards."""
    return {k for k in candidates if _deal_of_seed(players, k, side) == start_deal}


def _views(s: State) -> list[tuple[int, State]]:
    return [(p, inferno.view(s, p)) for p in [*range(s.num_players), -1]]


def _redealt(s: State, viewer: int, rng: random.Random) -> State:
    """``s`` with the cards ``viewer`` cannot see shuffled among their places."""
    t = s.copy()
    places = [(i, k) for i, pl in enumerate(t.players) if i != viewer for k in range(len(pl.hand))]
    cards = [t.players[i].hand[k] for i, k in places] + t.deck
    rng.shuffle(cards)
    for i, k in places:
        t.own_player(i).hand[k] = cards.pop()
    t.deck = cards
    t.legal_cache = None
    inferno.legal_actions(t)
    return t


IDS = [f"p{n}-s{seed}-{bot}" for n, seed, bot in GAMES]


@pytest.mark.parametrize(("players", "seed", "bot"), GAMES, ids=IDS)
def test_views_hide_other_hands_and_the_deck(players: int, seed: int, bot: str) -> None:
    for s in _game(players, seed, bot)[0]:
        for p, v in _views(s):
            for q, pl in enumerate(v.players):
                assert pl.hand == (s.players[q].hand if q == p else [HIDDEN] * len(s.players[q].hand))
            assert v.deck == [HIDDEN] * len(s.deck)
            assert v.config.seed is None and v.config.players == players and v.config.side == s.config.side
            assert v.rules is s.rules and v.board is s.board and v.stops == s.stops, "static data only"


@pytest.mark.parametrize(("players", "seed", "bot"), GAMES, ids=IDS)
def test_views_do_not_depend_on_the_hidden_cards(players: int, seed: int, bot: str) -> None:
    """Re-dealing what a seat cannot see leaves that seat's view exactly the same."""
    rng = random.Random(seed)
    for s in _game(players, seed, bot)[0]:
        for p, v in _views(s):
            for _ in range(3):
                alt = _redealt(s, p, rng)
                assert payload(inferno.view(alt, p)) == payload(v)


@pytest.mark.parametrize(("players", "seed", "bot"), GAMES, ids=IDS)
def test_no_number_in_any_view_rebuilds_the_deal(players: int, seed: int, bot: str) -> None:
    """Every number any view contains, tried as the seed, deals other cards than this game's."""
    positions, _ = _game(players, seed, bot)
    side = positions[0].config.side
    start_deal = _deal_of_seed(players, seed, side)
    found: set[int] = set()
    for s in positions:
        for _p, v in _views(s):
            found |= numbers(payload(v))
    assert seed not in found, "the seed itself is in a view"
    assert seeds_that_rebuild(players, side, start_deal, found) == set()
    # The check is able to fail: with the seed among the numbers it finds it.
    assert seeds_that_rebuild(players, side, start_deal, {*list(found)[:5], seed}) == {seed}


def test_the_seed_scan_catches_a_leaky_view() -> None:
    """A view that still carried the seed (as views did before) is caught by the same scan."""
    players, seed, bot = GAMES[0]
    s = _game(players, seed, bot)[0][1]
    leaky = inferno.view(s, 0)
    leaky.config = s.config
    start_deal = _deal_of_seed(players, seed, s.config.side)
    assert seeds_that_rebuild(players, s.config.side, start_deal, numbers(payload(leaky))) == {seed}
    full_log = s.copy()
    full_log.config = s.config.public()
    assert seed not in numbers(payload(full_log)), "the full state's log never names the seed"


@pytest.mark.parametrize(("players", "seed", "bot"), GAMES, ids=IDS)
def test_the_log_names_only_cards_that_were_face_up(players: int, seed: int, bot: str) -> None:
    positions, public = _game(players, seed, bot)
    ids = {c.id: c.index for c in positions[0].rules.fraud_cards}
    pattern = re.compile(r"\b(" + "|".join(map(re.escape, ids)) + r")\b")
    for s in positions:
        v = inferno.view(s, -1)
        named = {ids[m] for e in inferno.events(v) for m in pattern.findall(e.text)}
        assert named <= public, f"hidden cards named in the log: {sorted(named - public)}"


def test_the_payload_covers_every_slot() -> None:
    """A new State slot must be added to this audit (or declared static data) before it ships."""
    players, seed, bot = GAMES[0]
    s = _game(players, seed, bot)[0][0]
    d = payload(inferno.view(s, 0))
    assert set(d) == (set(State.__slots__) - STATIC) | {"legal"}
    assert set(inferno.rules.state.PlayerState.__slots__) == set(d["players"][0])


@pytest.mark.parametrize(("players", "seed", "bot"), GAMES[:2], ids=IDS[:2])
def test_a_determinized_view_deals_from_the_bots_generator_not_the_seed(players: int, seed: int, bot: str) -> None:
    """determinize() fills the hidden cards from the caller's generator: different generators give
    different deals, and none of them is the real one more often than chance."""
    s = _game(players, seed, bot)[0][1]
    v = inferno.view(s, 0)
    deals = {hidden_deal(inferno.determinize(v, random.Random(k)), 0) for k in range(20)}
    assert len(deals) > 1
    real = hidden_deal(s, 0)
    assert sum(d == real for d in deals) <= 1
    d = inferno.determinize(v, random.Random(1))
    assert d.config.seed is None
