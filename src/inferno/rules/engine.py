"""The engine's public functions: legal actions, apply, pending decision, views.

Every front-end, bot and environment drives the game through these and nothing else.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from inferno.i18n import EXPLAIN, N_
from inferno.rules import (
    choices,
    dante,
    florence,
    fraud,
    guardians,
    hell,
    locations,
    phlegyas,
    plutus,
    scoring,
    solo,
)
from inferno.rules.actions import (
    AUTO,
    Act,
    Action,
    Decision,
    GameOverError,
    HiddenInformationError,
    IllegalActionError,
    MalformedActionError,
)
from inferno.rules.events import emit
from inferno.rules.explain_words import DOING, who_words
from inferno.rules.notation import action_text, action_word
from inferno.rules.pickling import register_frozen
from inferno.rules.state import STATE_FIELDS, Frame, State, make_frame

Lister = Callable[[State, Frame], list[Action]]
Applier = Callable[[State, Frame, Action], None]

HANDLERS: Final[dict[int, tuple[Lister, Applier]]] = {
    Decision.HELL: (hell.list_hell, hell.apply_hell),
    Decision.HELL_STEP: (hell.list_step, hell.apply_step),
    Decision.FLORENCE: (florence.list_florence, florence.apply_florence),
    Decision.COUNCIL: (florence.list_council, florence.apply_council),
    Decision.COURTYARD: (locations.list_courtyard, locations.apply_courtyard),
    Decision.BONFIRE_EXCHANGE: (locations.list_exchange, locations.apply_exchange),
    Decision.BONFIRE_SECOND: (locations.list_bonfire_second, locations.apply_bonfire_second),
    Decision.BONFIRE_THIRD: (locations.list_bonfire_third, locations.apply_bonfire_third),
    Decision.WALL_EXCHANGE: (locations.list_exchange, locations.apply_exchange),
    Decision.WALL_FRAUD: (locations.list_wall_fraud, locations.apply_wall_fraud),
    Decision.WALL_DELIVER: (locations.list_deliver, locations.apply_deliver),
    Decision.MARKET: (locations.list_market, locations.apply_market),
    Decision.PALACE: (locations.list_palace, locations.apply_palace),
    Decision.GATE: (choices.list_gate, choices.apply_gate),
    Decision.TRACK: (choices.list_track, choices.apply_track),
    Decision.TOWER_HOME: (choices.list_tower_home, choices.apply_tower_home),
    Decision.PHLEG: (choices.list_phleg, choices.apply_phleg),
    Decision.STYX: (choices.list_styx, choices.apply_styx),
    Decision.GUARDIAN_MOVE: (guardians.list_move, guardians.apply_move),
    Decision.GUARDIAN_EFFECT: (guardians.list_effect, guardians.apply_effect),
    Decision.FRAUD_SOURCE: (fraud.list_source, fraud.apply_source),
    Decision.FRAUD_EFFECT: (fraud.list_effect, fraud.apply_effect),
    Decision.FRAUD_DRAW: (fraud.list_draw, fraud.apply_draw),
    Decision.ENDGAME_FRAUD: (scoring.list_endgame, scoring.apply_endgame),
    Decision.EXTRA_DIPLOMA: (scoring.list_extra, scoring.apply_extra),
    Decision.ACCUSER_FLOOR: (florence.list_accuser_floor, florence.apply_accuser_floor),
    Decision.LEAVE_FLOOR: (choices.list_leave_floor, choices.apply_leave_floor),
    Decision.DESK: (plutus.list_desk, plutus.apply_desk),
    Decision.BELL: (hell.list_bell, phlegyas.apply_bell),
}

AUTOMATIC: Final[dict[int, Callable[[State, Frame], None]]] = {
    Decision.AUTO_DANTE: dante.advance_dante,
    Decision.AUTO_REFILL_MARKET: fraud.refill_market,
    Decision.AUTO_FINAL_FRAUD: scoring.push_final_fraud,
    Decision.AUTO_PHLEGETHON: scoring.adjust_phlegethon,
    Decision.AUTO_EXTRA_DIPLOMAS: scoring.push_extra_diplomas,
    Decision.AUTO_FINISH: scoring.finish,
    Decision.AUTO_RIVAL: solo.rival_card,
}


def _no_lister(s: State, frame: Frame) -> list[Action]:
    raise KeyError(frame.kind)  # not a decision the engine knows (what HANDLERS[kind] raised)


def _no_applier(s: State, frame: Frame, action: Action) -> None:
    raise KeyError(frame.kind)


# HANDLERS as two lists indexed by the decision's number: an index costs less than a dict lookup and a
# tuple index on every decision.
_LISTERS: Final[list[Lister]] = [HANDLERS[k][0] if k in HANDLERS else _no_lister for k in range(max(Decision) + 1)]
_APPLIERS: Final[list[Applier]] = [HANDLERS[k][1] if k in HANDLERS else _no_applier for k in range(max(Decision) + 1)]

_DONE_ONLY: Final = [Action(Act.DONE)]
# Enum members read once: each ``Decision.X`` at run time is a class attribute lookup through the enum's
# metaclass, several times the cost of reading a module constant.
_HELL: Final = Decision.HELL


@dataclass(frozen=True, slots=True)
class Pending:
    """The decision the game waits for: who decides, what kind, and the options."""

    player: int
    decision: Decision
    actions: tuple[Action, ...]


def start_turn(s: State, p: int) -> None:
    s.current = p
    s.turn += 1
    s.quartiere = -1
    if s.record_events:
        emit(s, "turn", p, f"turn {s.turn}", "S2 Your turn")  # i18n: not for players (an event: see records)
    solo.start_rival_turn(s)
    s.stack.append(make_frame(_HELL, p))


def _end_turn(s: State) -> None:
    if s.ender >= 0:
        if s.final_turns == 0:
            scoring.start_final_scoring(s)
            return
        s.final_turns -= 1
    start_turn(s, (s.current + 1) % s.config.players)  # s.num_players


def _sudden_death(s: State) -> None:
    p = s.stack[-1].player
    emit(
        s,
        "sudden_death",
        p,
        "cannot move any Soul: the game ends at once (sudden death)",  # i18n: not for players (an event)
        "S2, S1 p.11, S3 Sudden death",  # i18n: not for players (a rule tag)
    )
    s.stack.pop()
    s.sudden_death = True
    s.ender = p
    dante.sudden_death_dante(s)
    scoring.start_final_scoring(s)


def settle(s: State) -> None:
    """Run automatic steps and skip empty optional decisions until a real decision waits."""
    stack = s.stack
    while True:
        if s.over:
            s.legal_cache = []
            return
        if not stack:
            _end_turn(s)
            stack = s.stack
            continue
        frame = stack[-1]
        kind = frame.kind
        if kind >= AUTO:
            stack.pop()
            AUTOMATIC[kind](s, frame)
            stack = s.stack
            continue
        opts = _LISTERS[kind](s, frame)
        if not opts:
            if kind == _HELL:
                _sudden_death(s)
                stack = s.stack
                continue
            stack.pop()
            continue
        if opts == _DONE_ONLY:
            stack.pop()
            continue
        s.legal_cache = opts
        return


def legal_actions(s: State) -> list[Action]:
    """The legal actions of the pending decision (empty when the game is over)."""
    if s.over:
        return []
    cache = s.legal_cache
    if cache is None:
        if s.viewer >= 0 and s.stack and s.stack[-1].player != s.viewer:
            return []
        frame = s.stack[-1]
        cache = _LISTERS[frame.kind](s, frame)
        s.legal_cache = cache
    return list(cache)


def pending(s: State) -> Pending | None:
    """Who must decide what now, or None when the game is over."""
    if s.over:
        return None
    frame = s.stack[-1]
    return Pending(frame.player, Decision(frame.kind), tuple(legal_actions(s)))


def to_move(s: State) -> int:
    """The player who must decide now (-1 when the game is over)."""
    return -1 if s.over else s.stack[-1].player


# Every argument the engine uses is a small index or count; anything outside this is not an action.
_ARG_LIMIT: Final = 1 << 31


def _what(v: object) -> str:
    """A short, safe description of a value for error messages (never its full text)."""
    if type(v) is int:
        # i18n: not for players (the Python API's own errors, for programmers)
        return str(v) if -_ARG_LIMIT < v < _ARG_LIMIT else "a huge number"
    return f"a {type(v).__name__}"


def well_formed(action: object) -> Action:
    """``action`` as an Action with an Act kind and two whole-number arguments, else MalformedActionError."""
    if not (isinstance(action, tuple) and len(action) == 3):
        raise MalformedActionError(
            f"not an action: expected (kind, a, b), got {_what(action)}"
        )  # i18n: not for players
    kind, a, b = action
    for name, v in (("a", a), ("b", b)):
        if type(v) is not int:
            raise MalformedActionError(
                f"an action's argument {name} must be a whole number, got {_what(v)}"
            )  # i18n: not for players
        if not -_ARG_LIMIT < v < _ARG_LIMIT:
            raise MalformedActionError(f"an action's argument {name} is out of range")  # i18n: not for players
    if type(kind) is Act:
        return action if type(action) is Action else Action(kind, a, b)
    if type(kind) is not int:
        raise MalformedActionError(
            f"an action's kind must be an action kind, got {_what(kind)}"
        )  # i18n: not for players
    try:
        return Action(Act(kind), a, b)
    except ValueError:
        raise MalformedActionError(f"unknown action kind {_what(kind)}") from None  # i18n: not for players


# The public functions take ``action: object`` and check it in ``_check``: typed ``Action``, the compiled
# build would refuse anything else with TypeError at the call, before MalformedActionError could be raised.
def _check(s: State, action: object) -> Action:
    if s.over:
        raise GameOverError(EXPLAIN.gettext("the game is over"))
    if s.viewer >= 0:
        # i18n: not for players (the Python API's own error, for programmers)
        raise HiddenInformationError("a player's view cannot be played on; determinize it first")
    opts = s.legal_cache
    if type(action) is Action and opts is not None:
        # Read the fields as plain objects: typed as an Action's, compiled code would check them as it
        # reads them and raise TypeError on an Action built with wrong types.
        t: tuple[object, ...] = action
        if type(t[0]) is Act and type(t[1]) is int and type(t[2]) is int and action in opts:
            return action
    act = well_formed(action)
    if opts is None:
        opts = legal_actions(s)
    if act not in opts:
        raise IllegalActionError(_not_legal(s, act))
    return act


def _not_legal(s: State, act: Action) -> str:
    """Why ``act`` is refused, in the game's words: the action in its notation, and who must do what now
    (the full "why not" is ``inferno.rules.explain``'s, which asks the engine)."""
    frame = s.stack[-1]
    doing = EXPLAIN.gettext(DOING.get(Decision(frame.kind), N_("decide")))
    player = who_words(s, frame.player)
    try:
        shown = action_text(s, act)
    except (IndexError, ValueError, KeyError):  # an argument the state cannot name
        return EXPLAIN.gettext("that '{word}' action is not legal now: {player} must {doing}").format(
            word=action_word(act.kind), player=player, doing=doing
        )
    return EXPLAIN.gettext("'{action}' is not legal now: {player} must {doing}").format(
        action=shown, player=player, doing=doing
    )


def _step(s: State, act: Action) -> None:
    frame = s.stack.pop()
    s.legal_cache = None
    _APPLIERS[frame.kind](s, frame, act)
    s.actions = (act, s.actions)
    s.version += 1
    settle(s)


def _restore(s: State, saved: State) -> None:
    for slot in STATE_FIELDS:
        setattr(s, slot, getattr(saved, slot))


def apply_in_place(s: State, action: object, *, rollback: bool = True) -> None:
    """Apply a legal action to ``s`` itself (fast path for bots and simulations).

    A malformed action (anything but an :class:`Action` of an action kind and two whole numbers)
    raises MalformedActionError, an illegal one IllegalActionError; either leaves the state unchanged,
    and so does any failure while the action is carried out (the state is restored to what it was
    before the call). Loops that own their state and drop it on an error (simulations, search,
    replays) pass ``rollback=False`` to skip the copy this costs; the checks of the action stay the
    same.
    """
    act = _check(s, action)
    if not rollback:  # the loops that own their state (simulations, search) come this way
        _step(s, act)
        return
    owned = s.owned
    saved = s.copy()
    try:
        _step(s, act)
    except BaseException:
        _restore(s, saved)
        raise
    s.owned |= owned  # the copy is dropped: players no other state shared before are this state's alone again


def apply(s: State, action: object) -> State:
    """Return the state after ``action``; ``s`` itself is not changed.

    A malformed action (anything but an :class:`Action` of an action kind and two whole numbers)
    raises MalformedActionError, an illegal one IllegalActionError.
    """
    act = _check(s, action)
    t = s.copy()
    _step(t, act)
    return t


def view(s: State, player: int) -> State:
    """What ``player`` may see: other hands and the deck order are hidden (-1), and so is the seed.

    ``player = -1`` gives a spectator's view (every hand hidden). The seed decides every hidden
    card, so a view's ``config.seed`` is None (the log never names it). Each family's part of a view
    depends on that family's pieces and on ``player`` only (the server reuses the parts it has made).
    """
    v = s.copy()
    v.viewer = player if player >= 0 else s.num_players
    v.config = s.config.public()
    for i, pl in enumerate(v.players):
        if i != player:
            v.own_player(i).hand = [-1] * len(pl.hand)
    v.deck = [-1] * len(v.deck)
    solo.hide_deck(v)
    if s.over or v.stack[-1].player != player:
        v.legal_cache = None
    return v


def determinize(v: State, rng: random.Random) -> State:
    """Fill a view's hidden cards with a random deal consistent with what its player has seen."""
    s = v.copy()
    seen = set(s.market)
    for pl in s.players:
        seen.update(c for c in pl.hand if c >= 0)
        seen.update(pl.played)
    unseen = [c for c in range(len(s.rules.fraud_cards)) if c not in seen]
    rng.shuffle(unseen)
    for i, pl in enumerate(s.players):
        s.own_player(i).hand = [c if c >= 0 else unseen.pop() for c in pl.hand]
    s.deck = [c if c >= 0 else unseen.pop() for c in s.deck]
    solo.fill_deck(s, rng)
    s.viewer = -1
    s.legal_cache = None
    return s


register_frozen(Pending)
