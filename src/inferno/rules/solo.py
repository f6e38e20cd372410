"""The solo game: the Rival family, an automatic opponent driven by its deck in ``solo.toml``.

The rulebook states that the 4th Noble is used only in the solo game and that Reputation in Florence
is not scored in it (rulebook, Boards & General Concepts; Game End & Final Scoring). The official
solo procedure is not public: the Rival is this edition's own design and all its values are data.

The Rival is ``players[1]`` of a one-seat game: it has Infamy, Skulls, ½ Diplomas, Diplomas and safe
passages like a player, so Dante's Diploma stops, track leads and final scoring treat it as one.
Its turn is an automatic step after each of yours. It moves Souls with the Hell phase's own rules
(the legal Souls, the lines, the jumps, the Walls of Dis and lying down), accuses like a player
(a Soul to the Graveyard, a Skull advance, Dante one stop down) and ends the game by sudden death
when it cannot move a Soul.
"""

from __future__ import annotations

import random

from inferno.rules.actions import Act, Action, Decision
from inferno.rules.effects import advance_track, soul_from_supply, take_from_graveyard
from inferno.rules.events import emit, gain_infamy
from inferno.rules.hell import GRAVEYARD, land_soul, list_hell, step_targets
from inferno.rules.model import Rules, StopKind
from inferno.rules.solo_model import SoloCard, SoloConfig, SoloLevel, SoloState, SoloVariant
from inferno.rules.state import EMPTY, Frame, PlayerState, State, make_frame

RIVAL = 1  # the Rival's index in ``State.players`` (it takes no seat)
RULE = "Solo game: the Rival's card"


class SoloError(ValueError):
    """Solo settings that do not exist or do not fit the game."""


def check_config(rules: Rules, solo: SoloConfig) -> None:
    """Refuse a variant or level the solo data does not define."""
    data = rules.solo
    if solo.variant not in data.variants:
        raise SoloError(f"unknown solo variant {solo.variant!r} (choose {', '.join(data.variants)})")
    levels = data.variants[solo.variant].levels
    if solo.level not in levels:
        raise SoloError(f"unknown solo level {solo.level!r} (choose {', '.join(levels)})")


def variant(s: State) -> SoloVariant:
    assert s.config.solo is not None
    return s.rules.solo.variants[s.config.solo.variant]


def level(s: State) -> SoloLevel:
    assert s.config.solo is not None
    return variant(s).levels[s.config.solo.level]


def is_rival(s: State, p: int) -> bool:
    return s.solo is not None and p == RIVAL


def next_card(s: State) -> SoloCard | None:
    """The Rival's next card (open information), or None outside a solo game."""
    if s.solo is None or not s.solo.deck or s.solo.deck[0] < 0:
        return None
    return s.rules.solo.cards[s.solo.deck[0]]


def _rng(s: State) -> random.Random:
    assert s.solo is not None
    return random.Random(f"inferno-solo:{s.config.seed}:{s.solo.shuffles}")


def setup_rival(s: State) -> None:
    """Add the Rival (``players[1]``), its starting Skulls and its shuffled deck."""
    lv = level(s)
    r = s.rules
    pl = PlayerState()
    pl.florins = pl.drachmas = pl.infamy = pl.loans = 0
    pl.tracks = [0] * 10
    pl.half = pl.diplomas = pl.passages = pl.floors = 0
    pl.tower = []
    pl.home = [0, 0]
    pl.reserve = 0
    pl.florence = [0] * (2 * len(r.locations))
    pl.hand = []
    pl.played = ()
    pl.panel = 0
    pl.family = -1
    s.players.append(pl)
    st = SoloState()
    st.deck = list(lv.deck)
    st.discard = []
    st.last = []
    st.shuffles = 0
    s.solo = st
    _rng(s).shuffle(st.deck)
    v = variant(s)
    emit(s, "solo", RIVAL, f"joins the game: {v.name}, {lv.id} ({v.description})", "Solo game set-up")
    for c in lv.start_tracks:
        advance_track(s, RIVAL, c, "the Rival's starting Skull")


def _draw(s: State) -> int:
    st = s.solo
    assert st is not None
    card = st.deck.pop(0)
    st.discard.append(card)
    if not st.deck:
        # Reshuffled at once, so the next card is always face up.
        st.shuffles += 1
        st.deck = st.discard
        st.discard = []
        _rng(s).shuffle(st.deck)
        emit(s, "solo", RIVAL, "shuffles its discard pile into a new deck", RULE)
    return card


def start_rival_turn(s: State) -> None:
    """Push the Rival's turn under the player's (it runs once the player's turn is over)."""
    if s.solo is not None and s.ender != RIVAL:
        s.stack.append(make_frame(Decision.AUTO_RIVAL, RIVAL, level(s).cards_per_turn))


def rival_card(s: State, frame: Frame) -> None:
    """Automatic step: the Rival plays the top card of its deck (``frame.a`` cards left this turn)."""
    st = s.solo
    assert st is not None
    left = frame.a
    if left == level(s).cards_per_turn:
        st.last = []
    card = s.rules.solo.cards[_draw(s)]
    st.last.append(card.index)
    emit(s, "solo_card", RIVAL, f"plays {card.name}: {card.describe()}", RULE)
    if card.passage:
        _take_passage(s)
    colour = 0
    for _ in range(card.moves):
        moved = _move_soul(s, card)
        if moved < 0:
            # No Soul can move: the engine's Hell phase finds no move and ends the game at once
            # by sudden death, as for a player (rulebook p.11).
            s.stack.append(make_frame(Decision.HELL, RIVAL))
            return
        colour = moved
    if left > 1:
        s.stack.append(make_frame(Decision.AUTO_RIVAL, RIVAL, left - 1))
    pts = level(s).infamy_per_turn + card.infamy
    if pts:
        gain_infamy(s, RIVAL, pts, "rival", f"scores {pts} Infamy in Florence", RULE)
    circle = _accusation_track(s, card, colour)
    if circle:
        _accuse(s, circle)
    _trade_halves(s)


def _take_passage(s: State) -> None:
    pl = s.players[RIVAL]
    for g in range(s.board.gates):
        if not pl.passages >> g & 1:
            s.own_player(RIVAL).passages |= 1 << g
            emit(s, "passage", RIVAL, f"places a safe passage on gate {g + 1}", RULE)
            return


def _choose_soul(s: State, card: SoloCard) -> Action | None:
    opts = list_hell(s, make_frame(Decision.HELL, RIVAL))
    if not opts:
        return None
    circle = s.board.circle
    standing = [a for a in opts if a.kind == Act.MOVE]
    ferry = [a for a in opts if a.kind == Act.ENTER]
    deepest_gy = max(ferry, key=lambda a: a.a) if ferry else None
    if card.pick == "graveyard" and deepest_gy is not None:
        return deepest_gy
    if standing:
        if card.pick == "shallowest":
            return min(standing, key=lambda a: (circle[a.a], a.a))
        return max(standing, key=lambda a: (circle[a.a], -a.a))
    return deepest_gy


def _move_soul(s: State, card: SoloCard) -> int:
    """Move one Soul by the Hell phase's rules; the colour moved, or -1 if none can move."""
    choice = _choose_soul(s, card)
    if choice is None:
        return -1
    names = s.rules.circles
    b = s.board
    if choice.kind == Act.ENTER:
        colour = choice.a
        take_from_graveyard(s, colour, 1)
        frm = GRAVEYARD
        emit(s, "ferry", RIVAL, f"ferries a {names[colour - 1].sin} Soul from the Graveyard across the Acheron", RULE)
    else:
        frm = choice.a
        colour = s.hell[frm]
        s.hell[frm] = EMPTY
        emit(s, "lift", RIVAL, f"moves the standing {names[colour - 1].sin} Soul on {b.labels[frm]}", RULE)
    while True:
        targets = step_targets(s, RIVAL, colour, frm)
        t = min(targets) if card.route == "left" else max(targets)
        if s.hell[t] == EMPTY:
            land_soul(s, RIVAL, colour, t, "the Rival's move")
            return colour
        emit(s, "jump", RIVAL, f"the Soul jumps the occupied shield {b.labels[t]}", "S2 Soul movement: jumps")
        frm = t


def _accusation_track(s: State, card: SoloCard, colour: int) -> int:
    me = s.players[RIVAL].tracks
    you = s.players[0].tracks
    if card.accuse == "landed":
        return colour if colour >= 2 else _weakest(me)
    if card.accuse == "contest":
        return max(range(2, 10), key=lambda c: (you[c] - me[c], -c))
    if card.accuse == "diploma":
        for i in range(s.dante + 1, len(s.stops)):
            stop = s.stops[i]
            if stop.kind in (StopKind.DIPLOMA, StopKind.END) and stop.circle >= 2:
                return stop.circle
        return _weakest(me)
    if card.accuse == "weakest":
        return _weakest(me)
    return 0


def _weakest(tracks: list[int]) -> int:
    return min(range(2, 10), key=lambda c: (tracks[c], c))


def _accuse(s: State, circle: int) -> None:
    """An accusation without a family member: Graveyard, Skull, Dante (rulebook p.14-15 steps 3-5)."""
    r = s.rules
    emit(s, "accuse", RIVAL, f"accuses a sinner of {r.circles[circle - 1].sin}", "S1 p.14-15 accusation")
    if soul_from_supply(s, circle):
        emit(s, "graveyard", RIVAL, f"a {r.circles[circle - 1].sin} Soul enters the Graveyard", "S1 accusation step 3")
    if s.ender < 0:
        s.stack.append(make_frame(Decision.AUTO_DANTE, RIVAL))
    advance_track(s, RIVAL, circle, "the Rival's accusation")


def _trade_halves(s: State) -> None:
    pl = s.players[RIVAL]
    if not s.rules.solo.trade_halves_at_once:
        return
    while pl.half >= 2:
        free = [c for c in range(2, 10) if not pl.diplomas >> c & 1]
        if not free:
            return
        c = max(free, key=lambda k: (pl.tracks[k], k))
        pl = s.own_player(RIVAL)
        pl.half -= 2
        pl.diplomas |= 1 << c
        emit(s, "extra_diploma", RIVAL, f"trades two ½ Diplomas for a {s.rules.circles[c - 1].sin} Diploma", RULE)


# --- The result ---------------------------------------------------------------------------------


def outcome(s: State) -> tuple[bool, int, int, str]:
    """(won, margin, bar, rank) of a finished solo game: the bar is the Rival's Infamy or the target."""
    v = variant(s)
    me = s.players[0]
    if v.win == "target":
        bar = level(s).target
        won = me.infamy >= bar
    else:
        rv = s.players[RIVAL]
        bar = rv.infamy
        won = (me.infamy, bin(me.diplomas).count("1")) >= (rv.infamy, bin(rv.diplomas).count("1"))
    margin = me.infamy - bar
    return won, margin, bar, s.rules.solo.rank(won, margin)


def solo_bar_now(s: State) -> int:
    """The bar as it stands: the Rival's Infamy so far, or the level's target."""
    return level(s).target if variant(s).win == "target" else s.players[RIVAL].infamy


def hide_deck(v: State) -> None:
    """A view shows the Rival's next card and hides the order of the rest."""
    if v.solo is not None and v.solo.deck:
        v.solo.deck = v.solo.deck[:1] + [-1] * (len(v.solo.deck) - 1)


def fill_deck(s: State, rng: random.Random) -> None:
    """Determinize: a random order of the Rival's unseen cards behind its known next card."""
    st = s.solo
    if st is None or -1 not in st.deck:
        return
    lv = level(s)
    pool = list(lv.deck)
    for c in st.discard + [c for c in st.deck if c >= 0]:
        pool.remove(c)
    rng.shuffle(pool)
    st.deck = [c if c >= 0 else pool.pop() for c in st.deck]
