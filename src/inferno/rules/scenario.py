"""Build a specific position for tests and rule questions.

Example::

    sc = Scenario(players=2, seed=1)
    sc.clear_hell().soul("2.1", "lust").player(0, drachmas=0)
    state = sc.hell_phase(0)          # player 1 (index 0) must now move a Soul
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from inferno.rules.actions import Decision
from inferno.rules.engine import settle
from inferno.rules.model import MEMBER_KINDS
from inferno.rules.pnp import DESK
from inferno.rules.scoring import start_final_scoring
from inferno.rules.setup import new_game
from inferno.rules.state import (
    EMPTY,
    GUARDIAN,
    LYING,
    PIT,
    PLAYER_FIELDS,
    T_BARREL,
    T_GUEST,
    T_NOBLE,
    T_URCHIN,
    State,
)


class Scenario:
    """Start from a seeded setup, change what matters, then open a decision for a player."""

    def __init__(
        self,
        players: int = 2,
        seed: int = 0,
        side: str | None = None,
        rules_dir: str | Path | None = None,
        modules: Iterable[str] = (),
    ) -> None:
        self.state: State = new_game(players, seed, side, rules_dir=rules_dir, modules=modules)
        self.state.stack = []
        self.state.legal_cache = None

    def _shield(self, label: str) -> int:
        try:
            return self.state.board.index[label]
        except KeyError:
            raise ValueError(f"unknown shield {label!r}") from None

    def _circle(self, sin: str) -> int:
        c = self.state.rules.circle_by_id(sin)
        if c is None:
            raise ValueError(f"unknown sin {sin!r}")
        return c

    def clear_hell(self, keep_guardians: bool = True) -> Scenario:
        """Empty every shield (Souls go back to the supply; Guardians stay unless told)."""
        s = self.state
        for t, c in enumerate(s.hell):
            if 0 < c < GUARDIAN:
                colour = c % 10
                if c < 20:
                    s.supply[colour] += 1
                else:
                    s.tiles[colour] += 1
                s.hell[t] = EMPTY
            elif c == PIT or (c >= GUARDIAN and not keep_guardians):
                s.hell[t] = EMPTY
        if not keep_guardians:
            s.guardians = ()
            s.guardian_pos = []
        return self

    def soul(self, shield: str, sin: str, lying: bool = False) -> Scenario:
        """Put a Soul meeple from the supply on a shield (standing unless ``lying``)."""
        s = self.state
        t, c = self._shield(shield), self._circle(sin)
        if s.hell[t] != EMPTY:
            raise ValueError(f"shield {shield} is not empty")
        if s.supply[c] <= 0:
            raise ValueError(f"no {sin} Soul left in the supply")
        s.supply[c] -= 1
        s.hell[t] = (LYING + c) if lying else c
        return self

    def fill(self, shield: str) -> Scenario:
        """Block a shield with a Pit (something that is not a Soul)."""
        self.state.hell[self._shield(shield)] = PIT
        return self

    def desk(self, shield: str, owner: int) -> Scenario:
        """P&P: place one of ``owner``'s Desks (from their reserve) on an empty shield."""
        s = self.state
        t = self._shield(shield)
        if s.ext is None or not s.ext.plutus:
            raise ValueError("this game is not played with Plutus")
        if s.hell[t] != EMPTY or s.ext.desks[owner] <= 0:
            raise ValueError(f"shield {shield} is not empty or player {owner + 1} has no Desk left")
        s.ext.desks[owner] -= 1
        s.hell[t] = DESK + owner
        return self

    def bells(self, p: int, n: int) -> Scenario:
        """P&P: player ``p`` holds ``n`` Bells (taken from or given back to Phlegyas's supply)."""
        s = self.state
        if s.ext is None or not s.ext.phlegyas:
            raise ValueError("this game is not played with Phlegyas")
        s.ext.bell_supply += s.ext.bells[p] - n
        if s.ext.bell_supply < 0:
            raise ValueError("Phlegyas has not that many Bells")
        s.ext.bells[p] = n
        return self

    def guardian(self, slot: int, shield: str) -> Scenario:
        s = self.state
        t = self._shield(shield)
        s.hell[s.guardian_pos[slot]] = EMPTY
        s.hell[t] = GUARDIAN + slot
        s.guardian_pos[slot] = t
        return self

    def guardians(self, *ids: str) -> Scenario:
        """Choose which Guardians are active (by id); they keep their current shields if any."""
        s = self.state
        roster = [g.id for g in s.rules.guardians]
        for slot, pos in enumerate(s.guardian_pos):
            if s.hell[pos] == GUARDIAN + slot:
                s.hell[pos] = EMPTY
        s.guardians = tuple(roster.index(i) for i in ids)
        s.guardian_pos = []
        free = [t for t in range(len(s.hell)) if s.hell[t] == EMPTY]
        for slot in range(len(ids)):
            t = free[-1 - slot]
            s.hell[t] = GUARDIAN + slot
            s.guardian_pos.append(t)
        return self

    def graveyard(self, **counts: int) -> Scenario:
        """Set the Graveyard's Souls by sin id (others go back to the supply)."""
        s = self.state
        for c in range(1, 10):
            s.supply[c] += s.graveyard[c]
            s.graveyard[c] = 0
        for sin, n in counts.items():
            c = self._circle(sin)
            s.supply[c] -= n
            s.graveyard[c] = n
        return self

    def player(self, p: int, **fields: object) -> Scenario:
        """Set player fields; ``tracks`` takes {sin: level}, ``passages`` a list of gates (1-based)."""
        pl = self.state.players[p]
        for k, v in fields.items():
            if k == "tracks":
                assert isinstance(v, dict)
                for sin, lvl in v.items():
                    pl.tracks[self._circle(sin)] = int(lvl)
            elif k == "passages":
                assert isinstance(v, (list, tuple))
                pl.passages = sum(1 << (g - 1) for g in v)
            elif k == "diplomas":
                assert isinstance(v, (list, tuple))
                pl.diplomas = sum(1 << self._circle(sin) for sin in v)
            elif k == "hand":
                assert isinstance(v, (list, tuple))
                pl.hand = [self._card(c) for c in v]
            elif k == "played":
                assert isinstance(v, (list, tuple))
                pl.played = tuple(self._card(c) for c in v)
            elif k == "panel":
                assert isinstance(v, (list, tuple))
                pl.panel = sum(1 << self._barrel(b) for b in v)
            else:
                if k not in PLAYER_FIELDS:
                    raise ValueError(f"unknown player field {k!r}")
                setattr(pl, k, v)
        return self

    def _card(self, ident: str) -> int:
        c = self.state.rules.card_by_id(ident)
        if c is None:
            raise ValueError(f"unknown card {ident!r}")
        return c.index

    def _barrel(self, ident: str) -> int:
        b = self.state.rules.barrel_by_id(ident)
        if b is None:
            raise ValueError(f"unknown Barrel {ident!r}")
        return b.index

    def tower(self, p: int, floor: int, *items: str) -> Scenario:
        """Fill a floor: items are ``noble``, ``urchin``, ``guest:<sin>``, ``barrel:<id>``."""
        s = self.state
        pl = s.players[p]
        per = s.rules.spaces_per_floor
        pl.floors = max(pl.floors, floor + 1)
        for k in range(per):
            pl.tower[floor * per + k] = EMPTY
        for k, item in enumerate(items):
            kind, _, arg = item.partition(":")
            if kind == "noble":
                code = T_NOBLE
            elif kind == "urchin":
                code = T_URCHIN
            elif kind == "guest":
                code = T_GUEST + self._circle(arg)
            elif kind == "barrel":
                code = T_BARREL + self._barrel(arg)
            else:
                raise ValueError(f"unknown tower item {item!r}")
            pl.tower[floor * per + k] = code
        return self

    def at(self, p: int, location: str, member: str = "noble", n: int = 1) -> Scenario:
        """Put ``n`` family members of player ``p`` at a location in Florence."""
        loc = self.state.rules.location_by_id(location)
        if loc is None:
            raise ValueError(f"unknown location {location!r}")
        self.state.players[p].florence[2 * loc.index + MEMBER_KINDS.index(member)] += n
        return self

    def quartiere_of(self, location: str) -> int:
        loc = self.state.rules.location_by_id(location)
        if loc is None:
            raise ValueError(f"unknown location {location!r}")
        return self.state.loc_quartiere[loc.index]

    def bonus(self, sin: str, tile: str) -> Scenario:
        """Put a bonus tile beside a track (swapping with where it was)."""
        s = self.state
        c = self._circle(sin)
        idx = next(t.index for t in s.rules.bonus_tiles if t.id == tile)
        b = list(s.bonus)
        j = b.index(idx)
        b[j], b[c] = b[c], b[j]
        s.bonus = tuple(b)
        return self

    def dante(self, stop_index: int) -> Scenario:
        """Put Dante on a stop (index in this game's stop list; -1 = his first space)."""
        self.state.dante = stop_index
        return self

    def _open(self, frame: tuple[int, ...], p: int) -> State:
        s = self.state
        s.current = p
        s.stack = [frame]
        s.legal_cache = None
        settle(s)
        return s

    def hell_phase(self, p: int) -> State:
        """Player ``p`` is to move a Soul (sudden death is detected as in play)."""
        return self._open((Decision.HELL, p), p)

    def florence_phase(self, p: int, location: str | None = None, bribed: bool = False) -> State:
        """Player ``p`` is in the Florence phase, in the quartiere of ``location`` if given."""
        self.state.quartiere = self.quartiere_of(location) if location else 0
        return self._open((Decision.FLORENCE, p, int(bribed)), p)

    def decision(self, frame: tuple[int, ...]) -> State:
        """Open any decision frame directly, e.g. ``(Decision.STYX, 0, 3)``."""
        return self._open(frame, frame[1])

    # --- helpers added for the rules tests (tests/rules) ------------------------------------------

    def fraud_cards(
        self,
        market: tuple[str, ...] | None = None,
        deck_top: tuple[str, ...] = (),
        hands: dict[int, tuple[str, ...]] | None = None,
    ) -> Scenario:
        """Set hands, the Fraud market and the top of the deck (``deck_top`` top card first), by card id.

        Named cards are first taken from wherever they were; cards displaced from a hand or the
        market go to the bottom of the deck, so every card stays in exactly one place.
        """
        s = self.state
        hands = hands or {}
        want_market = [self._card(c) for c in market] if market is not None else None
        want_hands = {p: [self._card(c) for c in ids] for p, ids in hands.items()}
        top = [self._card(c) for c in deck_top]
        named = set(top) | set(want_market or ()) | {c for ids in want_hands.values() for c in ids}
        for pl in s.players:
            pl.hand = [c for c in pl.hand if c not in named]
        s.market = [c for c in s.market if c not in named]
        s.deck = [c for c in s.deck if c not in named]
        for p, ids in want_hands.items():
            s.deck[:0] = s.players[p].hand
            s.players[p].hand = ids
        if want_market is not None:
            s.deck[:0] = s.market
            s.market = want_market
        s.deck.extend(reversed(top))
        return self

    def final_scoring(self, ender: int) -> State:
        """Start final scoring as if player ``ender`` had taken Dante to the end (S3)."""
        s = self.state
        s.ender = ender
        s.final_turns = 0
        s.current = ender
        start_final_scoring(s)
        s.legal_cache = None
        settle(s)
        return s
