"""Build a specific position for tests and rule questions.

Start from a seeded set-up, change what matters with the setters (each checks its input and
returns the scenario, so calls chain), then open a decision for a player::

    >>> from inferno.rules.scenario import Scenario
    >>> from inferno.rules.position import Sin, Soul
    >>> sc = Scenario(players=2, seed=1)
    >>> sc.shield("4.2", Soul(Sin.GREED, lying=True)).passage(1, gate=3)
    <Scenario: 2 players, seed 1, side I/II>
    >>> state = sc.hell_phase(0)  # seat 0 (the game's player 1) must now move a Soul
    >>> sc.position.shield("4.2"), sorted(sc.position.player(1).passages)
    (Soul(sin=<Sin.GREED: 'greed'>, lying=True, tile=False), [3])
    >>> sc.passage(1, gate=12)
    Traceback (most recent call last):
    ...
    inferno.rules.position.UnknownNameError: no gate 12 (the Walls of Dis have gates 1 to 4 on board side I/II)

Seats are numbered from 0 (seat 0 is the game's player 1). Setters raise :class:`ScenarioError`
for a position the pieces cannot make, and
:class:`~inferno.rules.position.UnknownNameError` for a name that is not in the game; both are
``ValueError`` subclasses with a message a player can read.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import SupportsIndex

from inferno.rules.actions import Decision, InfernoError
from inferno.rules.boards import ShieldSpec, with_board
from inferno.rules.engine import settle
from inferno.rules.model import MEMBER_KINDS
from inferno.rules.pack import load_rules
from inferno.rules.pnp import DESK, default_side
from inferno.rules.position import (
    Barrel,
    Desk,
    Empty,
    Guardian,
    Guest,
    Member,
    Pit,
    Position,
    ShieldContent,
    Sin,
    Soul,
    TowerSpace,
    UnknownNameError,
    barrel_index,
    card_index,
    circle_of,
    gate_index,
    guardian_roster_index,
    location_index,
    plague_index,
    shield_index,
    sin_of,
    stop_index,
)
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
    TILE,
    Frame,
    State,
)


class ScenarioError(InfernoError):
    """A position the game's pieces cannot make (too few Souls in the supply, a full Tower floor ...)."""


# A number a setter checks itself, refusing anything but a whole number with a ScenarioError in words.
# Typed as a protocol (which int satisfies and text does not), so mypy still flags a wrong type while the
# compiled build, which checks an ``int`` argument at the call with a TypeError of its own, lets the
# setter say what is wrong, as the pure-Python build does.
Whole = SupportsIndex


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


class Scenario:
    """Start from a seeded setup, change what matters, then open a decision for a player.

    ``board`` replaces the board side the game plays on with shields given in code (see
    :mod:`inferno.rules.boards`) instead of a folder of data files. Another ``side`` than the player
    count's is a variant: name it with ``side_variant=True`` (as for :func:`inferno.new_game`).
    """

    def __init__(
        self,
        players: int = 2,
        seed: int = 0,
        side: str | None = None,
        rules_dir: str | Path | None = None,
        modules: Iterable[str] = (),
        board: Sequence[ShieldSpec] | None = None,
        side_variant: bool = False,
    ) -> None:
        rules = None
        if board is not None:
            base = load_rules(rules_dir)
            side = side or default_side(base, players, rules_dir)
            rules = with_board(base, side, board)
        self.state: State = new_game(
            players, seed, side, rules=rules, rules_dir=rules_dir, modules=modules, side_variant=side_variant
        )
        self.state.stack = []
        self.state.legal_cache = None

    def __repr__(self) -> str:
        c = self.state.config
        return f"<Scenario: {c.players} player{'' if c.players == 1 else 's'}, seed {c.seed}, side {c.side}>"

    @property
    def position(self) -> Position:
        """The position so far, read in the game's words."""
        return Position(self.state)

    def _shield(self, label: str) -> int:
        return shield_index(self.state, label)

    def _circle(self, sin: str | Sin) -> int:
        return circle_of(self.state, sin)

    def _seat(self, p: object) -> int:
        n = len(self.state.players)
        if not isinstance(p, int) or isinstance(p, bool) or not 0 <= p < n:
            raise ScenarioError(f"no seat {p!r}: this game has seats 0 to {n - 1} (seat 0 is player 1)")
        return p

    def _changed(self) -> Scenario:
        self.state.legal_cache = None
        return self

    @staticmethod
    def _number(value: object, what: str, lo: int = 0, hi: int | None = None) -> int:
        if not isinstance(value, int) or isinstance(value, bool):
            raise ScenarioError(f"{what} must be a whole number, not {value!r}")
        if value < lo or (hi is not None and value > hi):
            span = f"{lo} or more" if hi is None else f"{lo} to {hi}"
            raise ScenarioError(f"{what} must be {span}, not {value}")
        return value

    # --- Hell: any shield's content ------------------------------------------------------------

    def shield(self, name: str, content: ShieldContent) -> Scenario:
        """Put ``content`` on shield ``name``: ``Empty()``, ``Soul(Sin.GREED, lying=True)``, ``Pit()``,
        ``Guardian("cerberus")`` (an active Guardian moves there) or, with Plutus, ``Desk(seat)``.

        Whatever was there goes back where it came from (a Soul to the supply, a Desk to its
        owner); a Guardian stays unless it is the one being moved.
        """
        s = self.state
        t = self._shield(name)
        old = s.hell[t]
        if content == Empty() and old == EMPTY:
            return self
        slot = -1
        if isinstance(content, Guardian):
            g = guardian_roster_index(s, content.id)
            if g not in s.guardians:
                active = ", ".join(s.rules.guardians[i].id for i in s.guardians) or "none"
                raise ScenarioError(f"{content} is not in this game (active Guardians: {active}); see guardians()")
            slot = s.guardians.index(g)
            if old == GUARDIAN + slot:
                return self
        if GUARDIAN <= old < DESK and old != PIT:
            here = s.rules.guardians[s.guardians[old - GUARDIAN]].id
            raise ScenarioError(f"shield {name} holds Guardian {here.capitalize()}: move it to another shield first")
        self._lift(t)
        try:
            code = self._claim(content, name)
        except InfernoError:
            self._take(old)  # put back what was there
            s.hell[t] = old
            raise
        self._take(code)
        if slot >= 0:
            s.hell[s.guardian_pos[slot]] = EMPTY
            s.guardian_pos[slot] = t
        s.hell[t] = code
        return self._changed()

    def empty(self, name: str) -> Scenario:
        """Empty shield ``name`` (see :meth:`shield`)."""
        return self.shield(name, Empty())

    def _claim(self, content: ShieldContent, name: str) -> int:
        """The code of ``content``, checking its piece is available (nothing is taken yet)."""
        s = self.state
        if isinstance(content, Empty):
            return EMPTY
        if isinstance(content, Pit):
            return PIT
        if isinstance(content, Soul):
            c = sin_of(s, content.sin).circle
            if content.tile:
                if not content.lying:
                    raise ScenarioError("a spare Soul tile always lies down (Soul(..., lying=True, tile=True))")
                if s.tiles[c] <= 0:
                    raise ScenarioError(f"no spare {content.sin.label} Soul tile left")
                return TILE + c
            if s.supply[c] <= 0:
                raise ScenarioError(f"no {content.sin.label} Soul left in the supply")
            return (LYING + c) if content.lying else c
        if isinstance(content, Guardian):
            return GUARDIAN + s.guardians.index(guardian_roster_index(s, content.id))
        if isinstance(content, Desk):
            if s.ext is None or not s.ext.plutus:
                raise ScenarioError("this game is not played with Plutus: there are no Desks")
            owner = self._seat(content.owner)
            if s.ext.desks[owner] <= 0:
                raise ScenarioError(f"player {owner + 1} has no Desk left to place")
            return DESK + owner
        raise ScenarioError(f"{content!r} cannot go on a shield (Empty, Soul, Pit, Guardian or Desk)")

    def _take(self, code: int) -> None:
        """Take the piece of ``code`` from where it waits (the supply, the spare tiles, a Desk reserve)."""
        s = self.state
        if 0 < code < TILE:
            s.supply[code % 10] -= 1
        elif TILE <= code < GUARDIAN:
            s.tiles[code % 10] -= 1
        elif code >= DESK and s.ext is not None:
            s.ext.desks[code - DESK] -= 1

    def _lift(self, t: int) -> None:
        """Take what is on shield ``t`` back (Souls to the supply, a Desk to its owner)."""
        s = self.state
        old = s.hell[t]
        if 0 < old < TILE:
            s.supply[old % 10] += 1
        elif TILE <= old < GUARDIAN:
            s.tiles[old % 10] += 1
        elif old >= DESK and s.ext is not None:
            s.ext.desks[old - DESK] += 1
        s.hell[t] = EMPTY

    # --- the families --------------------------------------------------------------------------

    def passage(self, p: Whole, gate: int | str) -> Scenario:
        """Give seat ``p`` a safe passage on ``gate`` (1-based, as printed: ``3`` or ``"gate 3"``)."""
        self.state.own_player(self._seat(p)).passages |= 1 << gate_index(self.state, gate)
        return self._changed()

    def passages(self, p: Whole, *gates: int | str) -> Scenario:
        """Seat ``p``'s safe passages are exactly on ``gates`` (none if no gate is given)."""
        bits = 0
        for g in gates:
            bits |= 1 << gate_index(self.state, g)
        self.state.own_player(self._seat(p)).passages = bits
        return self._changed()

    def diplomas(self, p: Whole, *sins: str | Sin) -> Scenario:
        """Seat ``p`` holds a Diploma in exactly the circles of ``sins``."""
        self.state.own_player(self._seat(p)).diplomas = sum(1 << c for c in {self._circle(x) for x in sins})
        return self._changed()

    def half_diplomas(self, p: Whole, n: Whole) -> Scenario:
        """Seat ``p`` holds ``n`` half-Diploma tokens."""
        self.state.own_player(self._seat(p)).half = self._number(n, "half-Diplomas")
        return self._changed()

    def track(self, p: Whole, sin: str | Sin, level: Whole) -> Scenario:
        """Put seat ``p``'s Skull on ``level`` of the Sin Track of ``sin`` (lust to treachery)."""
        c = self._circle(sin)
        if c == 1:
            raise ScenarioError("there is no pagan Sin Track (the tracks are lust to treachery)")
        top = self.state.rules.track_max
        self.state.own_player(self._seat(p)).tracks[c] = self._number(
            level, f"a level on the {Sin.of_circle(c).label} track", 0, top
        )
        return self._changed()

    def tracks(self, p: Whole, **levels: Whole) -> Scenario:
        """Several tracks at once: ``tracks(0, greed=2, lust=1)``."""
        for sin, level in levels.items():
            self.track(p, sin, level)
        return self

    def money(
        self, p: Whole, florins: Whole | None = None, drachmas: Whole | None = None, loans: Whole | None = None
    ) -> Scenario:
        """Seat ``p``'s Florins, Drachmas and loans from Charon (those given)."""
        pl = self.state.own_player(self._seat(p))
        if florins is not None:
            pl.florins = self._number(florins, "Florins")
        if drachmas is not None:
            pl.drachmas = self._number(drachmas, "Drachmas")
        if loans is not None:
            pl.loans = self._number(loans, "loans", 0, len(self.state.rules.loan_positions))
        return self._changed()

    def infamy(self, p: Whole, points: Whole) -> Scenario:
        """Seat ``p``'s Infamy (it may be below zero)."""
        self.state.own_player(self._seat(p)).infamy = self._number(points, "Infamy", lo=-(10**6))
        return self._changed()

    def hand(self, p: Whole, *cards: str) -> Scenario:
        """Seat ``p``'s hand of Fraud cards, by id (``"F03"``); see :meth:`fraud_cards`."""
        if len(set(cards)) != len(cards):
            raise ScenarioError("a Fraud card can be in a hand only once")
        for c in cards:
            card_index(self.state, c)
        return self.fraud_cards(hands={self._seat(p): tuple(c.strip().upper() for c in cards)})._changed()

    def home(self, p: Whole, nobles: Whole | None = None, urchins: Whole | None = None) -> Scenario:
        """How many Nobles and Urchins seat ``p`` has at Home (those given)."""
        pl = self.state.own_player(self._seat(p))
        if nobles is not None:
            most = self.state.rules.family_nobles(solo=self.state.num_players == 1)
            pl.home[0] = self._number(nobles, "Nobles at Home", 0, most)
        if urchins is not None:
            pl.home[1] = self._number(urchins, "Urchins at Home", 0, self.state.rules.urchins_per_player)
        return self._changed()

    def floors(self, p: Whole, n: Whole) -> Scenario:
        """Seat ``p``'s Tower has ``n`` floors built (the ground floor counts); floors above must be empty."""
        r = self.state.rules
        seat = self._seat(p)
        pl = self.state.own_player(seat)
        built = self._number(n, "Tower floors", 1, r.tower_floors)
        if any(pl.tower[built * r.spaces_per_floor :]):
            raise ScenarioError(
                f"player {seat + 1}'s Tower has pieces above floor {built - 1}: empty those floors first"
            )
        pl.floors = built
        return self._changed()

    # --- the board around ----------------------------------------------------------------------

    def phlegethon(self, sin: str | Sin, level: Whole) -> Scenario:
        """Put the Phlegethon cube of circle ``sin`` (lust to treachery) on ``level``."""
        r = self.state.rules
        c = self._circle(sin)
        if c == 1:
            raise ScenarioError("the Phlegethon has no cube on the pagans' circle (lust to treachery)")
        self.state.phleg[c] = self._number(
            level, f"the {Sin.of_circle(c).label} Phlegethon cube", r.phleg_min, r.phleg_max
        )
        return self._changed()

    def dante_at(self, stop: str | int) -> Scenario:
        """Put Dante on a stop by name: ``"start"``, ``"D4"``, ``"END"``, or its number (``5``: the fifth stop)."""
        self.state.dante = stop_index(self.state, stop)
        return self._changed()

    def plague_deck(self, *cards: str) -> Scenario:
        """The Plague deck holds exactly ``cards``, top card first (``"P03"``)."""
        idx = [plague_index(self.state, c) for c in cards]
        if len(set(idx)) != len(idx):
            raise ScenarioError("a Plague card can be in the deck only once")
        self.state.plague = idx
        return self._changed()

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
            raise ScenarioError(f"shield {shield} is not empty")
        if s.supply[c] <= 0:
            raise ScenarioError(f"no {sin} Soul left in the supply")
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
            raise ScenarioError("this game is not played with Plutus")
        if s.hell[t] != EMPTY or s.ext.desks[owner] <= 0:
            raise ScenarioError(f"shield {shield} is not empty or player {owner + 1} has no Desk left")
        s.ext.desks[owner] -= 1
        s.hell[t] = DESK + owner
        return self

    def bells(self, p: Whole, n: Whole) -> Scenario:
        """P&P: player ``p`` holds ``n`` Bells (taken from or given back to Phlegyas's supply)."""
        s = self.state
        if s.ext is None or not s.ext.phlegyas:
            raise ScenarioError("this game is not played with Phlegyas")
        seat = self._seat(p)
        bells = self._number(n, "Bells")
        if s.ext.bell_supply + s.ext.bells[seat] - bells < 0:
            raise ScenarioError("Phlegyas has not that many Bells")
        s.ext.bell_supply += s.ext.bells[seat] - bells
        s.ext.bells[seat] = bells
        return self

    def guardian(self, slot: Whole, shield: str) -> Scenario:
        """Move the Guardian of active slot ``slot`` to ``shield`` (:meth:`shield` takes it by name)."""
        s = self.state
        t = self._shield(shield)
        g = self._number(slot, "a Guardian slot", 0, len(s.guardians) - 1)
        s.hell[s.guardian_pos[g]] = EMPTY
        s.hell[t] = GUARDIAN + g
        s.guardian_pos[g] = t
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

    def graveyard(self, **counts: Whole) -> Scenario:
        """Set the Graveyard's Souls by sin id: ``graveyard(lust=2, pagan=1)`` (others go back to the supply)."""
        s = self.state
        want = {self._circle(sin): self._number(n, f"{sin} Souls in the Graveyard") for sin, n in counts.items()}
        for c, n in want.items():
            have = s.supply[c] + s.graveyard[c]
            if n > have:
                raise ScenarioError(
                    f"only {_count(have, Sin.of_circle(c).label + ' Soul')} can go to the Graveyard (the rest are in Hell)"
                )
        for c in range(1, 10):
            s.supply[c] += s.graveyard[c]
            s.graveyard[c] = 0
        for c, n in want.items():
            s.supply[c] -= n
            s.graveyard[c] = n
        return self._changed()

    def player(self, p: Whole, **fields: object) -> Scenario:
        """Set player fields; ``tracks`` takes {sin: level}, ``passages`` a list of gates (1-based).

        The other fields are the state's own (``florins``, ``drachmas``, ``infamy``, ``loans``,
        ``half``, ``floors``, ``home`` ...); the named setters (:meth:`track`, :meth:`money`,
        :meth:`home` ...) check their values.
        """
        pl = self.state.own_player(self._seat(p))
        for k, v in fields.items():
            if k == "tracks":
                if not isinstance(v, dict):
                    raise ScenarioError("tracks takes {sin: level}")
                for sin, lvl in v.items():
                    pl.tracks[self._circle(sin)] = int(lvl)
            elif k in ("passages", "diplomas", "hand", "played", "panel"):
                if not isinstance(v, (list, tuple)):
                    raise ScenarioError(f"{k} takes a list")
                if k == "passages":
                    pl.passages = sum(1 << gate_index(self.state, g) for g in v)
                elif k == "diplomas":
                    pl.diplomas = sum(1 << self._circle(sin) for sin in v)
                elif k == "hand":
                    pl.hand = [self._card(c) for c in v]
                elif k == "played":
                    pl.played = tuple(self._card(c) for c in v)
                else:
                    pl.panel = sum(1 << self._barrel(b) for b in v)
            else:
                if k not in PLAYER_FIELDS:
                    raise ScenarioError(f"unknown player field {k!r}")
                setattr(pl, k, v)
        return self._changed()

    def _card(self, ident: str) -> int:
        return card_index(self.state, ident)

    def _barrel(self, ident: str) -> int:
        return barrel_index(self.state, ident)

    def tower(self, p: Whole, floor: Whole, *items: str | TowerSpace) -> Scenario:
        """Fill floor ``floor`` of seat ``p``'s Tower (building it if needed), space by space.

        Items are ``Member.NOBLE``, ``Member.URCHIN``, ``Guest(Sin.HERESY)``, ``Barrel("grey")``,
        ``Empty()``, or the short words ``noble``, ``urchin``, ``guest:<sin>``, ``barrel:<id>``.
        """
        s = self.state
        r = s.rules
        pl = s.own_player(self._seat(p))
        per = r.spaces_per_floor
        f = self._number(floor, "a Tower floor", 0, r.tower_floors - 1)
        if len(items) > per:
            raise ScenarioError(f"a Tower floor has {_count(per, 'space')}, not {len(items)}")
        codes = [self._tower_code(item) for item in items]
        guests = sum(1 for c in codes if T_GUEST <= c < T_BARREL)
        if guests > r.max_guests_per_floor:
            raise ScenarioError(f"a Tower floor holds at most {_count(r.max_guests_per_floor, 'Guest')}")
        pl.floors = max(pl.floors, f + 1)
        for k in range(per):
            pl.tower[f * per + k] = codes[k] if k < len(codes) else EMPTY
        return self._changed()

    def _tower_code(self, item: str | TowerSpace) -> int:
        if isinstance(item, Empty):
            return EMPTY
        if isinstance(item, Guest):
            return T_GUEST + self._circle(item.sin)
        if isinstance(item, Barrel):
            return T_BARREL + self._barrel(item.id)
        if isinstance(item, Member):
            return T_NOBLE if item is Member.NOBLE else T_URCHIN
        if not isinstance(item, str):
            raise ScenarioError(f"{item!r} cannot go in the Tower (a Noble, an Urchin, a Guest or a Barrel)")
        kind, _, arg = item.partition(":")
        if kind == "noble":
            return T_NOBLE
        if kind == "urchin":
            return T_URCHIN
        if kind == "guest":
            return T_GUEST + self._circle(arg)
        if kind == "barrel":
            return T_BARREL + self._barrel(arg)
        raise ScenarioError(f"unknown Tower item {item!r} (noble, urchin, guest:<sin> or barrel:<id>)")

    def at(self, p: Whole, location: str, member: str | Member = "noble", n: Whole = 1) -> Scenario:
        """Put ``n`` more family members of seat ``p`` at a location in Florence (``"bank"``)."""
        i = location_index(self.state, location)
        kind = str(member).strip().lower()
        if kind not in MEMBER_KINDS:
            raise ScenarioError(f"unknown family member {member!r} (noble or urchin)")
        more = self._number(n, "family members", 1)
        self.state.own_player(self._seat(p)).florence[2 * i + MEMBER_KINDS.index(kind)] += more
        return self._changed()

    def quartiere_of(self, location: str) -> int:
        return self.state.loc_quartiere[location_index(self.state, location)]

    def bonus(self, sin: str | Sin, tile: str) -> Scenario:
        """Put a bonus tile beside a track (swapping with where it was): ``bonus("greed", "silver_florins")``."""
        s = self.state
        c = self._circle(sin)
        found = [t.index for t in s.rules.bonus_tiles if t.id == tile]
        if not found:
            raise UnknownNameError(
                f"unknown bonus tile {tile!r} (one of {', '.join(t.id for t in s.rules.bonus_tiles)})"
            )
        b = list(s.bonus)
        if c not in s.rules.silver_tracks and c not in s.rules.gold_tracks:
            raise ScenarioError(f"no bonus tile lies beside the {Sin.of_circle(c).label} track")
        j = b.index(found[0])
        b[j], b[c] = b[c], b[j]
        s.bonus = tuple(b)
        return self._changed()

    def location_in(self, location: str, quartiere: str) -> Scenario:
        """Put a location tile in a quartiere (by name), swapping with the tile of its kind there."""
        s = self.state
        r = s.rules
        i = location_index(s, location)
        names = [q.lower() for q in r.quartieri]
        if not isinstance(quartiere, str) or quartiere.strip().lower() not in names:
            raise UnknownNameError(f"unknown quartiere {quartiere!r} (one of {', '.join(r.quartieri)})")
        q = names.index(quartiere.strip().lower())
        lq = list(s.loc_quartiere)
        other = next(j for j, loc in enumerate(r.locations) if lq[j] == q and loc.special == r.locations[i].special)
        lq[i], lq[other] = lq[other], lq[i]
        s.loc_quartiere = tuple(lq)
        return self._changed()

    def palace(self, sin: str | Sin, guests: Whole) -> Scenario:
        """How many Guests of ``sin``'s colour are left at the PALACE."""
        s = self.state
        c = self._circle(sin)
        if c not in s.rules.guest_circles:
            sins = ", ".join(Sin.of_circle(g).value for g in s.rules.guest_circles)
            raise ScenarioError(f"the PALACE has no {Sin.of_circle(c).label} Guests (Guests are {sins})")
        s.palace[c] = self._number(guests, f"{Sin.of_circle(c).label} Guests", 0, s.num_players)
        return self._changed()

    def market_barrels(self, barrel: str, n: Whole) -> Scenario:
        """How many Barrels of one kind (``"grey"``) are left at the MARKET."""
        s = self.state
        b = barrel_index(s, barrel)
        s.barrel_market[b] = self._number(n, f"{s.rules.barrels[b].id} Barrels", 0, s.num_players)
        return self._changed()

    def first_player(self, seat: int) -> Scenario:
        """The seat holding the first-player marker (who plays first in each round)."""
        self.state.first_player = self._seat(seat)
        return self._changed()

    def dante(self, stop_index: Whole) -> Scenario:
        """Put Dante on a stop by the engine's index (-1 = his first space); :meth:`dante_at` takes names."""
        self.state.dante = self._number(stop_index, "Dante's stop index", -1, len(self.state.stops) - 1)
        return self._changed()

    def _open(self, frame: Frame, p: int) -> State:
        s = self.state
        s.current = p
        s.stack = [frame]
        s.legal_cache = None
        settle(s)
        return s

    def hell_phase(self, p: Whole) -> State:
        """Player ``p`` is to move a Soul (sudden death is detected as in play)."""
        seat = self._seat(p)
        return self._open(Frame(Decision.HELL, seat), seat)

    def florence_phase(self, p: Whole, location: str | None = None, bribed: bool = False) -> State:
        """Player ``p`` is in the Florence phase, in the quartiere of ``location`` if given."""
        seat = self._seat(p)
        self.state.quartiere = self.quartiere_of(location) if location else 0
        return self._open(Frame(Decision.FLORENCE, seat, int(bribed)), seat)

    def decision(self, frame: tuple[int, ...]) -> State:
        """Open any decision frame directly, e.g. ``(Decision.STYX, 0, 3)`` or a :class:`Frame`: kind,
        player and the arguments :data:`~inferno.rules.state.FRAME_ARGS` names for that kind."""
        f = Frame(*frame)
        return self._open(f, f.player)

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
        for i, pl in enumerate(s.players):
            s.own_player(i).hand = [c for c in pl.hand if c not in named]
        s.market = [c for c in s.market if c not in named]
        s.deck = [c for c in s.deck if c not in named]
        for p, ids in want_hands.items():
            s.deck[:0] = s.players[p].hand
            s.own_player(p).hand = ids
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
