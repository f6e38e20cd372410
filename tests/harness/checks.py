"""Invariant checks on a state, each citing the rule it protects.

Each check raises AssertionError with a message naming the quantity that broke; ``check_all`` runs
them all. None of them re-implements a rule: they count pieces and compare with the rules data.
"""

from __future__ import annotations

import itertools
from collections import Counter
from typing import Any

import inferno
from inferno.rules.events import as_event
from inferno.rules.model import NOBLE, URCHIN
from inferno.rules.pnp import DESK
from inferno.rules.state import EMPTY, GUARDIAN, LYING, PIT, T_BARREL, T_GUEST, T_NOBLE, T_URCHIN, TILE


def check_souls(s: inferno.State) -> None:
    """Souls are conserved per colour (S0 Graveyard, supply and spare tiles; U15).

    Meeples: supply + Graveyard + meeples on shields (standing or lying) + the Soul moving along a jump
    chain (held by a HELL_STEP decision, or a P&P BELL decision before it descends) = the colour's supply at setup.
    Tiles: spare tiles on shields + spare tiles left = the colour's spare tiles.
    """
    r = s.rules
    hell = s.hell
    on_shields = Counter(hell)
    moving = [f[2] for f in s.stack if f[0] in (inferno.Decision.HELL_STEP, inferno.Decision.BELL)]
    assert len(moving) <= 1, f"{len(moving)} Souls moving at once"
    for c in range(1, 10):
        on_board = on_shields[c] + on_shields[LYING + c] + moving.count(c)
        total = s.supply[c] + s.graveyard[c] + on_board
        assert total == r.soul_supply[c], f"colour {c}: {total} meeples, expected {r.soul_supply[c]}"
        assert min(s.supply[c], s.graveyard[c]) >= 0, f"colour {c}: negative supply or Graveyard"
        tiles = on_shields[TILE + c] + s.tiles[c]
        assert tiles == r.spare_tiles[c], f"colour {c}: {tiles} spare tiles, expected {r.spare_tiles[c]}"
        assert s.tiles[c] >= 0, f"colour {c}: negative spare tiles"
    valid = {EMPTY, PIT, *range(1, 10), *range(LYING + 1, LYING + 10), *range(TILE + 1, TILE + 10)}
    valid.update(GUARDIAN + slot for slot in range(len(s.guardians)))
    if s.ext is not None and s.ext.plutus:
        valid.update(DESK + p for p in range(s.num_players))
    bad = [(t, c) for t, c in enumerate(hell) if c not in valid]
    assert not bad, f"unknown shield contents {bad}"


def check_soul_places(s: inferno.State) -> None:
    """No Soul is ever below its own circle (S1, S2); a standing Soul is above it, since a Soul that
    reaches its own circle lies down (S2); spare tiles replace Souls lying in their own circle (S0)."""
    circle = s.board.circle
    labels = s.board.labels
    for t, c in enumerate(s.hell):
        if 0 < c < LYING:
            assert circle[t] < c, f"standing colour-{c} Soul on {labels[t]} (circle {circle[t]})"
        elif LYING < c < TILE:
            assert circle[t] <= c, f"lying colour-{c - LYING} Soul below its circle on {labels[t]}"
        elif TILE < c < GUARDIAN:
            assert circle[t] == c - TILE, f"spare colour-{c - TILE} tile outside its circle on {labels[t]}"


def check_turn_start(s: inferno.State) -> None:
    """When a turn starts (a Soul to move), the Fraud market is full and hands hold their cards (S0 Fraud
    cards: a card played from hand is replaced; the market refills from the deck)."""
    if s.over or s.stack[-1][0] != inferno.Decision.HELL:
        return
    r = s.rules
    if s.deck:
        assert len(s.market) == r.market_size, f"market holds {len(s.market)} cards with a deck of {len(s.deck)}"
    for p, pl in enumerate(seated(s)):
        assert len(pl.hand) <= r.hand_size, f"player {p} holds {len(pl.hand)} cards"
        if s.deck:
            assert len(pl.hand) == r.hand_size, f"player {p} holds {len(pl.hand)} cards, deck not empty"


def check_guardians(s: inferno.State) -> None:
    """Each active Guardian stands on exactly one shield, where the state says (S1 p.22-23; U11)."""
    for slot, t in enumerate(s.guardian_pos):
        assert s.hell[t] == GUARDIAN + slot, f"Guardian slot {slot} is not on shield {t}"
        assert s.hell.count(GUARDIAN + slot) == 1, f"Guardian slot {slot} appears more than once"
    pits = s.hell.count(PIT)
    most = max((g.max_pits for g in s.rules.guardians), default=0)
    assert pits <= most, f"{pits} Pits, more than any Guardian may dig ({most})"


def check_family(s: inferno.State) -> None:
    """Family members are conserved (S0; §3.2): Nobles Home + Tower + Florence as dealt;
    Urchins reserve + Home + Tower + Florence = urchins_per_player."""
    r = s.rules
    for p, pl in enumerate(seated(s)):
        fc = r.family_cards[pl.family]
        nobles = pl.home[NOBLE] + pl.tower.count(T_NOBLE) + sum(pl.florence[NOBLE::2])
        dealt = sum(r.starting_nobles(fc, solo=s.num_players == 1))
        assert nobles == dealt, f"player {p}: {nobles} Nobles, expected {dealt}"
        urchins = pl.reserve + pl.home[URCHIN] + pl.tower.count(T_URCHIN) + sum(pl.florence[URCHIN::2])
        assert urchins == r.urchins_per_player, f"player {p}: {urchins} Urchins, expected {r.urchins_per_player}"
        assert min(pl.home[NOBLE], pl.home[URCHIN], pl.reserve, *pl.florence) >= 0, f"player {p}: negative count"


def check_tower(s: inferno.State) -> None:
    """Tower contents sit on built floors, within the Guests-per-floor limit (S0 Tower; §7)."""
    r = s.rules
    per = r.spaces_per_floor
    for p, pl in enumerate(seated(s)):
        assert r.prebuilt_floors <= pl.floors <= r.tower_floors, f"player {p}: {pl.floors} floors"
        unbuilt = [c for c in pl.tower[pl.floors * per :] if c != EMPTY]
        assert not unbuilt, f"player {p}: pieces {unbuilt} on unbuilt floors"
        for f in range(pl.floors):
            floor = pl.tower[f * per : f * per + per]
            n_guests = sum(1 for c in floor if T_GUEST < c < T_BARREL)
            assert n_guests <= r.max_guests_per_floor, f"player {p}: {n_guests} Guests on floor {f}"


def check_guests_and_barrels(s: inferno.State) -> None:
    """Guests and Barrels are conserved: one set per player at the PALACE/MARKET, in Towers or
    on supply panels (§3.1 step 3); a family holds at most one of each (S0)."""
    r = s.rules
    n = s.num_players
    nb = len(r.barrels)
    held = [0] * (T_BARREL + nb)
    for p, pl in enumerate(seated(s)):
        items = [c for c in pl.tower if c > T_GUEST]
        assert len(items) == len(set(items)), f"player {p} holds two Guests or Barrels alike: {sorted(items)}"
        for c in items:
            held[c] += 1
        for b in range(nb):
            if pl.panel >> b & 1:
                assert T_BARREL + b not in items, f"player {p} has Barrel {b} in the Tower and on the panel"
                held[T_BARREL + b] += 1
    for c in range(1, 10):
        expected = n if c in r.guest_circles else 0
        assert s.palace[c] >= 0 and s.palace[c] + held[T_GUEST + c] == expected, (
            f"Guest {c}: {s.palace[c]} at the PALACE + {held[T_GUEST + c]} held != {expected}"
        )
    for b in range(nb):
        market = s.barrel_market[b]
        assert market >= 0 and market + held[T_BARREL + b] == n, (
            f"Barrel {b}: {market} at the MARKET + {held[T_BARREL + b]} owned != {n}"
        )


def check_cards(s: inferno.State) -> None:
    """Fraud cards are conserved: deck + market + hands + played = every card once (S0 Fraud cards)."""
    cards = s.deck + s.market
    for pl in s.players:
        cards += pl.hand
        cards += pl.played
    n = len(s.rules.fraud_cards)
    assert sorted(cards) == list(range(n)), f"Fraud cards not conserved: {len(cards)} of {n}, {sorted(cards)}"
    assert len(s.market) <= s.rules.market_size, f"market holds {len(s.market)} cards"


def check_bounds(s: inferno.State) -> None:
    """Money never negative (S0 Money: costs borrow from Charon), tracks and cubes in range (S0; S3)."""
    r = s.rules
    for p, pl in enumerate(s.players):
        assert pl.florins >= 0 and pl.drachmas >= 0, f"player {p}: {pl.florins} Florins, {pl.drachmas} Drachmas"
        assert pl.loans >= 0 and pl.half >= 0, f"player {p}: {pl.loans} loans, {pl.half} half Diplomas"
        bad = [c for c in range(2, 10) if not 0 <= pl.tracks[c] <= r.track_max]
        assert not bad, f"player {p}: tracks {bad} out of 0..{r.track_max}"
    bad = [c for c in range(2, 10) if not r.phleg_min <= s.phleg[c] <= r.phleg_max]
    assert not bad, f"Phlegethon cubes {bad} out of {r.phleg_min}..{r.phleg_max}"
    assert -1 <= s.dante < len(s.stops), f"Dante on stop {s.dante} of {len(s.stops)}"


def seated(s: inferno.State) -> list[inferno.PlayerState]:
    """The families in seats (a solo game's Rival, ``players[1]``, has no family, Tower or money)."""
    return s.players[: s.num_players]


def check_rival(s: inferno.State) -> None:
    """Solo game: the Rival is players[1] with no pieces or money, and its deck is conserved: deck +
    discard pile = the level's cards (solo data), the next card face up (a view hides only the rest)."""
    if s.solo is None:
        assert len(s.players) == s.num_players
        return
    assert s.num_players == 1 and len(s.players) == 2, "a solo game holds the player and the Rival"
    rv = s.players[1]
    assert rv.florins == rv.drachmas == rv.loans == 0 and not rv.hand and not rv.played and not rv.tower
    assert rv.home == [0, 0] and not any(rv.florence)
    level = s.rules.solo.variants[s.config.solo.variant].levels[s.config.solo.level]
    assert s.solo.deck, "the Rival's next card is always known"
    if -1 not in s.solo.deck:
        assert sorted(s.solo.deck + s.solo.discard) == sorted(level.deck), "the Rival's deck is not conserved"


def check_pnp(s: inferno.State) -> None:
    """P&P pieces are conserved (pnp.toml): each family's Desks on the board + in reserve = desks_per_player,
    all on the Desk circle; Bells held + Phlegyas's supply = bells_total; Desk tolls move Drachmas between
    players only (paid = received, and nobody is paid for crossing their own Desk)."""
    x = s.ext
    if x is None:
        assert not s.config.modules, "modules switched on but no expansion state"
        return
    d = x.data
    for p in range(s.num_players):
        placed = [t for t, c in enumerate(s.hell) if c == DESK + p]
        expected = d.desks_per_player if x.plutus else 0
        assert x.desks[p] >= 0 and len(placed) + x.desks[p] == expected, (
            f"player {p}: {len(placed)} Desks placed + {x.desks[p]} held != {expected}"
        )
        assert all(s.board.circle[t] == d.desk_circle for t in placed), f"player {p}: Desk off circle {d.desk_circle}"
        assert x.bells[p] >= 0, f"player {p}: negative Bells"
    total = d.bells_total if x.phlegyas else 0
    assert x.bell_supply >= 0 and sum(x.bells) + x.bell_supply == total, (
        f"Bells: {sum(x.bells)} held + {x.bell_supply} with Phlegyas != {total}"
    )
    assert sum(x.desk_paid) == sum(x.desk_received), f"Desk tolls paid {x.desk_paid} != received {x.desk_received}"
    if not x.plutus:
        assert sum(x.desk_paid) == 0


class DrachmaLedger:
    """Follows a game step by step: a player's Drachmas change during another player's turn only by the Desk
    tolls they receive (rulebook, Hell phase p.11, P&P: the Drachma is paid to the Desk's owner), and each
    toll leaves the payer's purse — Drachmas paid between players are conserved."""

    def __init__(self, s: inferno.State) -> None:
        self._last = self._read(s)

    @staticmethod
    def _read(s: inferno.State) -> tuple[list[int], list[int], list[int], list[int]]:
        x = s.ext
        n = s.num_players
        return (
            [pl.drachmas for pl in s.players],
            [pl.loans for pl in s.players],
            list(x.desk_paid) if x is not None else [0] * n,
            list(x.desk_received) if x is not None else [0] * n,
        )

    def update(self, s: inferno.State, mover: int) -> None:
        money, loans, paid, got = self._read(s)
        money0, loans0, paid0, got0 = self._last
        per_loan = s.rules.drachmas_per_loan
        for p in range(s.num_players):
            received = got[p] - got0[p]
            assert received >= 0 and paid[p] >= paid0[p], f"player {p}: Desk toll counters went back"
            if p != mover:
                assert paid[p] == paid0[p], f"player {p} paid a toll in another player's decision"
                change = money[p] - money0[p]
                assert change == received, f"player {p}: Drachmas changed by {change}, Desk tolls received {received}"
            else:
                assert received == 0, f"player {p} was paid for crossing their own Desk"
                # the mover's purse falls by the tolls paid, after any loans they had to take
                toll = paid[p] - paid0[p]
                if toll:
                    assert money[p] - money0[p] <= (loans[p] - loans0[p]) * per_loan - toll, (
                        f"player {p}: paid {toll} in tolls but the purse did not fall by it"
                    )
        assert sum(paid) - sum(paid0) == sum(got) - sum(got0)
        self._last = (money, loans, paid, got)


CHECKS = (
    check_rival,
    check_souls,
    check_soul_places,
    check_turn_start,
    check_guardians,
    check_family,
    check_tower,
    check_guests_and_barrels,
    check_cards,
    check_bounds,
    check_pnp,
)


def check_all(s: inferno.State) -> None:
    """Every conservation and bounds invariant."""
    for check in CHECKS:
        check(s)


def events_since(s: inferno.State, head: Any) -> list[inferno.Event]:
    """Events appended to ``s``'s log since its head was ``head`` (a node of the log's linked list), oldest first."""
    out = []
    node = s.events
    while node is not None and node is not head:
        out.append(as_event(node[0]))
        node = node[1]
    assert node is head, "the event log was rewritten, not appended to"
    out.reverse()
    return out


class InfamyLedger:
    """Follows the event log and checks that each player's Infamy is the sum of its events' points.

    New events are found by walking the log's linked list back to the node seen last time, so the
    cost per step is the number of new events.
    """

    def __init__(self, s: inferno.State) -> None:
        assert s.record_events, "the ledger needs a state that records events"
        self.points = [0] * len(s.players)  # a solo game's Rival (players[1]) scores too
        self.head: Any = None
        self.update(s)

    def update(self, s: inferno.State) -> None:
        new = events_since(s, self.head)
        self.head = s.events
        for e in new:
            if e.points:
                assert 0 <= e.player < len(s.players), f"event with points but no player: {e}"
                self.points[e.player] += e.points
        infamy = [pl.infamy for pl in s.players]
        assert infamy == self.points, f"Infamy {infamy} but the event log explains {self.points}"


def check_finished(s: inferno.State) -> None:
    """A finished game's log agrees with its result (S3): turns go round in order, the last round gives every
    other player one turn, and the score before final scoring is what the log says it was."""
    assert s.over
    log = inferno.events(s)
    n = s.num_players
    turns = [i for i, e in enumerate(log) if e.kind == "turn"]
    order = [log[i].player for i in turns]
    assert order[0] == s.first_player
    assert all(b == (a + 1) % n for a, b in itertools.pairwise(order)), f"turn order {order}"
    assert len(turns) == s.turn
    final = next(i for i, e in enumerate(log) if e.kind == "final")
    last_round = [i for i, e in enumerate(log) if e.kind == "last_round"]
    sudden = [e for e in log if e.kind == "sudden_death"]
    assert len(sudden) == int(s.sudden_death), f"{len(sudden)} sudden-death events, flag {s.sudden_death}"
    if not s.sudden_death:
        assert len(last_round) == 1, "the game ended without Dante reaching the end"
        after = [i for i in turns if i > last_round[0]]
        # Solo: when the Rival takes Dante to the end, the player has one last turn (S3).
        expected = n if s.solo is not None and s.ender == 1 else n - 1
        assert len(after) == expected, f"{len(after)} turns after the last round began, expected {expected}"
    r = inferno.result(s)
    for p in range(n):
        before = sum(e.points for e in log[:final] if e.player == p)
        assert r.players[p].before_final == before, f"player {p}: before_final {r.players[p].before_final} != {before}"
        assert sum(r.players[p].steps.values()) == s.players[p].infamy - before
    assert s.version == len(inferno.record_of(s).actions)
