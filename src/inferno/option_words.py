"""Each option in words, for the player who reads the list of options (the browser and the terminal).

The notation (``guest heresy 2``) stays what a player types and what the server is sent; these words say
the same option in the game's terms ("Invite the Heresy Guest to Tower floor 2"). They only name what
the option is: what it costs and gains is the engine's preview (:mod:`inferno.outcome`). The pending
decision (the engine's stack) tells what a bare ``done``, ``floor`` or ``effect`` means.
"""

from __future__ import annotations

from collections.abc import Callable

from inferno.components import guardian_name, plural
from inferno.help import decision_amounts, effect_words, endgame_words
from inferno.rules.actions import Act, Action, Decision
from inferno.rules.model import MEMBER_KINDS
from inferno.rules.state import TOWER_LOC, State

# What "done" means at each decision that offers it (any other: "Done: go on without it").
_DONE = {
    Decision.COURTYARD: "Done: leave the COURTYARD",
    Decision.BONFIRE_EXCHANGE: "Done: change no more Florins",
    Decision.WALL_EXCHANGE: "Done: change no more Florins",
    Decision.BONFIRE_SECOND: "Done: neither Phlegethon nor safe passage",
    Decision.BONFIRE_THIRD: "Done: neither Guardian nor River Styx",
    Decision.WALL_FRAUD: "Done: play no Fraud card",
    Decision.WALL_DELIVER: "Done: deliver no Barrel",
    Decision.TOWER_HOME: "Done: bring nobody else Home",
    Decision.GUARDIAN_MOVE: "Done: move no Guardian",
    Decision.GUARDIAN_EFFECT: "Done: skip the Guardian's effect",
    Decision.FRAUD_SOURCE: "Done: play no Fraud card",
    Decision.ENDGAME_FRAUD: "Done: no end-game effect for this card",
    Decision.BELL: "Done: ring no Bell, the Soul descends from where it is",
    Decision.STYX: "Done: return no Souls",
    Decision.PHLEG: "Done: raise no more Phlegethon cubes",
}


def _decision(s: State) -> Decision | None:
    """The pending decision's kind (None once the game is over)."""
    if s.over or not s.stack:
        return None
    return Decision(s.stack[-1][0])


def _sin(s: State, c: int) -> str:
    return s.rules.circles[c - 1].sin


def _member(k: int) -> str:
    return MEMBER_KINDS[k].capitalize()


def _shield(s: State, t: int) -> str:
    return f"shield {s.board.labels[t]}"


def _space(s: State, v: int) -> str:
    per = s.rules.spaces_per_floor
    return f"Tower floor {v // per}, space {v % per + 1}"


def _location(s: State, li: int) -> str:
    return f"the {s.rules.locations[li].name}"


def _card(s: State, c: int) -> str:
    return f"Fraud card {s.rules.fraud_cards[c].id}" if c >= 0 else "a Fraud card"


def _florins(n: int) -> str:
    return plural(n, "Florin")


def _drachmas(n: int) -> str:
    return plural(n, "Drachma")


def _done(s: State, a: Action) -> str:
    d = _decision(s)
    return _DONE.get(d, "Done: go on without it") if d is not None else "Done"


def _floor(s: State, a: Action) -> str:
    d = _decision(s)
    if d is Decision.LEAVE_FLOOR:
        kind = MEMBER_KINDS[s.stack[-1][2]]
        return f"The {kind.capitalize()} on Tower floor {a.a} goes Home"
    return f"The accuser goes to Tower floor {a.a}"


def _effect(s: State, a: Action) -> str:
    d = _decision(s)
    frame = s.stack[-1] if s.stack else None
    if frame is None or d not in (Decision.FRAUD_EFFECT, Decision.ENDGAME_FRAUD):
        return f"Effect {a.a + 1}"
    card = s.rules.fraud_cards[frame[2]]
    if d is Decision.FRAUD_EFFECT:
        return f"Instant effect {a.a + 1} of {card.id}: {effect_words(s.rules, card.instant[a.a])}"
    return f"End-game effect {a.a + 1} of {card.id}: {endgame_words(s.rules, card.endgame[a.a])}"


def _target(s: State, a: Action) -> str:
    frame = s.stack[-1] if s.stack else None
    who = "the Guardian"
    if frame is not None and _decision(s) is Decision.GUARDIAN_EFFECT:
        who = guardian_name(s.rules.guardians[s.guardians[frame[2]]])
    if a.a == a.b:  # a Pit dug on an empty shield, or a Soul petrified where it stands
        if s.hell[a.a] == 0:
            return f"{who[:1].upper()}{who[1:]} digs a Pit on the empty {_shield(s, a.a)}"
        return f"{who[:1].upper()}{who[1:]}: the Soul on {_shield(s, a.a)} lies down where it stands"
    return f"{who[:1].upper()}{who[1:]}: the Soul on {_shield(s, a.a)} goes to {_shield(s, a.b)}"


def _recall(s: State, a: Action) -> str:
    where = "the Tower" if a.a == TOWER_LOC else _location(s, a.a)
    return f"Council: bring your {_member(a.b)} Home from {where}"


def _amount(s: State, key: str) -> int:
    return decision_amounts(s).get(key, 0)


_Words = Callable[[State, Action], str]
_WORDS: dict[Act, _Words] = {
    Act.ENTER: lambda s, a: f"Ferry a {_sin(s, a.a)} Soul across the Acheron",
    Act.MOVE: lambda s, a: f"Move the {_sin(s, s.hell[a.a])} Soul on {_shield(s, a.a)}",
    Act.STEP: lambda s, a: f"The Soul follows the line to {_shield(s, a.a)}",
    Act.BRIBE: lambda s, a: f"Bribe: pay {_drachmas(s.rules.bribe_cost)} to act in any quartiere",
    Act.SEND: lambda s, a: f"Send a {_member(a.b)} to {_location(s, a.a)}",
    Act.ACCUSE: lambda s, a: f"Accuse at {_location(s, a.a)} with your {_member(a.b)} there",
    Act.COUNCIL: lambda s, a: f"Family council: lose {plural(s.rules.council_cost, 'Infamy point')}",
    Act.DONE: _done,
    Act.HOME: lambda s, a: f"Bring a {_member(a.a)} from the Tower Home",
    Act.SWAP: lambda s, a: f"Swap {_space(s, a.a)} with {_space(s, a.b)}",
    Act.EXCHANGE: lambda s, a: f"Change {_florins(a.a)} into Drachmas",
    Act.PHLEG: lambda s, a: f"Raise the Phlegethon cube of the circle of {_sin(s, a.a)}",
    Act.GATE: lambda s, a: f"Safe passage on gate {a.a + 1} of the Walls of Dis",
    Act.GUARDIAN: lambda s, a: f"Pay {_drachmas(_amount(s, 'guardian_cost'))} to move a Guardian",
    Act.STYX: lambda s, a: f"Pay {_drachmas(_amount(s, 'styx_cost'))} to use the River Styx",
    Act.FRAUD: lambda s, a: f"Pay {_drachmas(_amount(s, 'fraud_cost'))} to play a Fraud card",
    Act.DELIVER: lambda s, a: f"Deliver your {s.rules.barrels[a.a].id} Barrel to your supply panel",
    Act.BARREL: lambda s, a: f"Take the {s.rules.barrels[a.a].id} Barrel to Tower floor {a.b}",
    Act.GUEST: lambda s, a: f"Invite the {_sin(s, a.a)} Guest to Tower floor {a.b}",
    Act.RECALL: _recall,
    Act.DISMISS: lambda s, a: f"Council: send your {_sin(s, a.a)} Guest back to the PALACE",
    Act.RETURN: lambda s, a: f"Council: send your {s.rules.barrels[a.a].id} Barrel back to the MARKET",
    Act.DROWN: lambda s, a: f"River Styx: return {plural(a.b, _sin(s, a.a) + ' Soul')} from the Graveyard",
    Act.TRACK: lambda s, a: f"Advance on the {_sin(s, a.a)} track",
    Act.GMOVE: lambda s, a: f"Move {guardian_name(s.rules.guardians[s.guardians[a.a]])} to the empty {_shield(s, a.b)}",
    Act.TARGET: _target,
    Act.PLAY: lambda s, a: f"Play {_card(s, a.a)} from your hand",
    Act.BUY: lambda s, a: f"Play {_card(s, a.a)} from the market",
    Act.PLAY_DECK: lambda s, a: "Play the top card of the Fraud deck",
    Act.EFFECT: _effect,
    Act.DRAW: lambda s, a: f"Take {_card(s, a.a)} from the market as your replacement",
    Act.DRAW_DECK: lambda s, a: "Take the top card of the Fraud deck as your replacement",
    Act.DIPLOMA: lambda s, a: f"Place an extra Diploma on the {_sin(s, a.a)} circle",
    Act.FLOOR: _floor,
    Act.DESK: lambda s, a: f"Place your Desk of Plutus on the empty {_shield(s, a.a)}",
    Act.BELL: lambda s, a: f"Ring a Bell: the Soul slides to {_shield(s, a.a)}, then descends",
}


def option_words(s: State, action: Action) -> str:
    """``action``, legal now in ``s``, in words ("Invite the Heresy Guest to Tower floor 2")."""
    return _WORDS[Act(action[0])](s, action)
