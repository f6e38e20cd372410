"""Game setup for 1-5 players on either board side, from a seed (5 players with the P&P expansion)."""

from __future__ import annotations

import random
from collections.abc import Iterable
from pathlib import Path

from inferno.rules.effects import advance_track, soul_from_supply
from inferno.rules.engine import settle, start_turn
from inferno.rules.events import SETUP, emit, setup_text
from inferno.rules.model import NOBLE, URCHIN, Rules
from inferno.rules.pack import load_rules
from inferno.rules.pnp import MAX_PLAYERS, ModuleError, PnpState, check_modules, dante_stops, load_pnp
from inferno.rules.solo import SoloError, check_config, setup_rival
from inferno.rules.solo_model import SoloConfig
from inferno.rules.state import EMPTY, GUARDIAN, T_NOBLE, GameConfig, PlayerState, State
from inferno.rules.variants import VARIANT
from inferno.rules.variants import side_variant as variant_of_side


class SetupError(ValueError):
    """Bad game settings (player count, board side, rules directory)."""


def new_game(
    players: int,
    seed: int,
    side: str | None = None,
    rules: Rules | None = None,
    rules_dir: str | Path | None = None,
    record_events: bool = True,
    modules: Iterable[str] = (),
    solo: SoloConfig | None = None,
    side_variant: bool = False,
) -> State:
    """Set up a new game. ``side`` defaults to the one for the player count (S0).

    Another side than the player count's is a variant: it is refused unless ``side_variant=True``
    names it, and the game's log and record then mark it (:mod:`inferno.rules.variants`).
    ``modules`` switches on parts of the P&P expansion ("plutus", "phlegyas"); 5 players need it.
    A one-player game is the solo game against the Rival; ``solo`` picks its variant and level
    (default: the data's first variant at medium).
    """
    if rules is None:
        rules = load_rules(rules_dir)
    if not isinstance(players, int) or not 1 <= players <= MAX_PLAYERS:
        raise SetupError(f"players must be 1-{MAX_PLAYERS}, got {players!r}")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise SetupError(f"seed must be a whole number, got {seed!r}")
    if isinstance(modules, str):
        modules = (modules,)
    pnp = load_pnp(rules_dir)
    try:
        chosen = check_modules(players, modules, pnp)
    except ModuleError as exc:
        raise SetupError(str(exc)) from None
    side = side or (pnp.five_side if players == MAX_PLAYERS else rules.side_by_players[players - 1])
    if side not in rules.boards:
        raise SetupError(f"unknown board side {side!r} (choose {', '.join(rules.boards)})")
    variant = variant_of_side(rules, players, side, rules_dir)
    if variant is not None and not side_variant:
        raise SetupError(
            f"board side {side} is not the side for {players} player{'' if players == 1 else 's'}"
            f" (side {variant.rules_side}: {variant.source}); playing on it is a variant:"
            " name it with side_variant=True"
        )
    if solo is not None and players != 1:
        raise SetupError(f"the solo variants and levels are for 1 player, not {players}")
    if players == 1:
        solo = solo or SoloConfig(next(iter(rules.solo.variants)))  # the level: SoloConfig's default
        try:
            check_config(rules, solo)
        except SoloError as bad_solo:
            raise SetupError(str(bad_solo)) from None
    config = GameConfig(players, seed, side, str(rules_dir) if rules_dir is not None else None, chosen, solo)
    return setup_state(rules, config, record_events)


def setup_state(rules: Rules, config: GameConfig, record_events: bool = True) -> State:
    if config.seed is None:
        raise SetupError("a game needs a seed (a player's view has none)")
    rng = random.Random(config.seed)
    n = config.players
    s = State()
    s.rules = rules
    s.config = config
    s.board = board = rules.boards[config.side]
    pnp = load_pnp(config.rules_dir) if config.modules else None
    s.stops = dante_stops(rules, config.side, n, pnp)
    seats = n + (1 if config.solo is not None else 0)  # the solo game's Rival sits at index 1
    s.ext = PnpState.new(pnp, config.modules, n, seats) if pnp is not None else None
    s.record_events = record_events
    s.events = None
    s.actions = None
    s.viewer = -1
    s.version = 0
    s.legal_cache = None
    s.hell = [EMPTY] * board.size
    s.graveyard = [0] * 10
    s.supply = list(rules.soul_supply)
    s.tiles = list(rules.spare_tiles)
    s.phleg = list(board.phleg_start)
    s.dante = -1
    s.turn = 0
    s.ender = -1
    s.final_turns = -1
    s.stack = []
    s.quartiere = -1
    s.over = False
    s.sudden_death = False
    s.breakdown = []
    s.solo = None
    emit(s, SETUP, -1, setup_text(n, config.side), "S0 Setup")
    variant = variant_of_side(rules, n, config.side, config.rules_dir)
    if variant is not None:
        emit(s, VARIANT, -1, variant.text, variant.rule)
    if config.modules:
        names = " and ".join(m.capitalize() for m in config.modules)
        emit(s, "modules", -1, f"P&P expansion: {names}", "rulebook, Hell Phase p.11 (P&P)")

    # Locations at random by type: each quartiere gets one free and one special tile (the set-up).
    free = [loc.index for loc in rules.locations if not loc.special]
    special = [loc.index for loc in rules.locations if loc.special]
    rng.shuffle(free)
    rng.shuffle(special)
    lq = [0] * len(rules.locations)
    for q in range(4):
        lq[free[q]] = q
        lq[special[q]] = q
    s.loc_quartiere = tuple(lq)

    # Bonus tiles shuffled within type onto their track spaces (U5).
    silver = [t.index for t in rules.bonus_tiles if t.kind == "silver"]
    gold = [t.index for t in rules.bonus_tiles if t.kind == "gold"]
    rng.shuffle(silver)
    rng.shuffle(gold)
    bonus = [-1] * 10
    for c, t in zip(rules.silver_tracks, silver, strict=True):
        bonus[c] = t
    for c, t in zip(rules.gold_tracks, gold, strict=True):
        bonus[c] = t
    s.bonus = tuple(bonus)

    # One set of Guests and of Barrels per player (set-up step 3).
    s.palace = [0] * 10
    for c in rules.guest_circles:
        s.palace[c] = n
    s.barrel_market = [n] * len(rules.barrels)

    # Plague deck face up; the top card's Souls go to the Graveyard (set-up step 6).
    s.plague = list(range(len(rules.plague_cards)))
    rng.shuffle(s.plague)
    top = s.plague.pop(0)
    if rules.plague_setup_to_bottom:
        s.plague.append(top)
    for colour in rules.plague_cards[top]:
        soul_from_supply(s, colour)

    # Families.
    families = list(range(len(rules.family_cards)))
    rng.shuffle(families)
    s.players = []
    s.owned = -1  # a new game owns its players
    spaces = rules.tower_floors * rules.spaces_per_floor
    for i in range(n):
        fc = rules.family_cards[families[i]]
        pl = PlayerState()
        pl.florins = fc.florins
        pl.drachmas = fc.drachmas
        pl.infamy = 0
        pl.loans = 0
        pl.tracks = [0] * 10
        pl.half = 0
        pl.diplomas = 0
        pl.passages = 0
        pl.floors = rules.prebuilt_floors + fc.tower_floors
        pl.tower = [EMPTY] * spaces
        home, tower = rules.starting_nobles(fc, solo=n == 1)
        for k in range(tower):
            pl.tower[k] = T_NOBLE
        pl.home = [0, 0]
        pl.home[NOBLE] = home
        pl.home[URCHIN] = fc.urchins
        pl.reserve = rules.urchins_per_player - fc.urchins
        pl.florence = [0] * (2 * len(rules.locations))
        pl.hand = []
        pl.played = ()
        pl.panel = 0
        pl.family = fc.index
        s.players.append(pl)
    for i in range(n):
        for c in rules.family_cards[families[i]].skulls:
            advance_track(s, i, c, "Family card")

    # Fraud deck, hands and market (set-up step 8).
    s.deck = list(range(len(rules.fraud_cards)))
    rng.shuffle(s.deck)
    for pl in s.players:
        pl.hand = [s.deck.pop() for _ in range(rules.hand_size)]
    s.market = [s.deck.pop() for _ in range(rules.market_size)]

    # Two random Guardians on random empty shields of circles 3 and 6 (U11).
    roster = list(range(len(rules.guardians)))
    s.guardians = tuple(rng.sample(roster, rules.guardians_active))
    s.guardian_pos = []
    for slot in range(len(s.guardians)):
        circle = rules.guardian_start_circles[slot % len(rules.guardian_start_circles)]
        empty = [t for t in board.circle_shields[circle] if s.hell[t] == EMPTY]
        t = rng.choice(empty)
        s.hell[t] = GUARDIAN + slot
        s.guardian_pos.append(t)

    # The solo game's Rival (its own random stream, so the rest of the set-up is unchanged).
    if config.solo is not None:
        setup_rival(s)

    s.first_player = rng.randrange(n)
    start_turn(s, s.first_player)
    settle(s)
    return s
