"""Each option in words, for the player who reads the list of options (the browser and the terminal).

The notation (``guest heresy 2``) stays what a player types and what the server is sent; these words say
the same option in the game's terms ("Invite the Heresy Guest to Tower floor 2"). They only name what
the option is: what it costs and gains is the engine's preview (:mod:`inferno.outcome`). The pending
decision (the engine's stack) tells what a bare ``done``, ``floor`` or ``effect`` means.
"""

from __future__ import annotations

from collections.abc import Callable

from inferno.game_words import guardian_name
from inferno.help import decision_amounts, effect_words, endgame_words
from inferno.i18n import EXPLAIN, N_
from inferno.rules.actions import Act, Action, Decision
from inferno.rules.explain_words import barrel_name, location_forms, member_name, sin_of
from inferno.rules.state import TOWER_LOC, State

_ = EXPLAIN.gettext
ngettext = EXPLAIN.ngettext

# What "done" means at each decision that offers it (any other: "Done: go on without it").
_DONE = {
    Decision.COURTYARD: N_("Done: leave the COURTYARD"),
    Decision.BONFIRE_EXCHANGE: N_("Done: change no more Florins"),
    Decision.WALL_EXCHANGE: N_("Done: change no more Florins"),
    Decision.BONFIRE_SECOND: N_("Done: neither Phlegethon nor safe passage"),
    Decision.BONFIRE_THIRD: N_("Done: neither Guardian nor River Styx"),
    Decision.WALL_FRAUD: N_("Done: play no Fraud card"),
    Decision.WALL_DELIVER: N_("Done: deliver no Barrel"),
    Decision.TOWER_HOME: N_("Done: bring nobody else Home"),
    Decision.GUARDIAN_MOVE: N_("Done: move no Guardian"),
    Decision.GUARDIAN_EFFECT: N_("Done: skip the Guardian's effect"),
    Decision.FRAUD_SOURCE: N_("Done: play no Fraud card"),
    Decision.ENDGAME_FRAUD: N_("Done: no end-game effect for this card"),
    Decision.BELL: N_("Done: ring no Bell, the Soul descends from where it is"),
    Decision.STYX: N_("Done: return no Souls"),
    Decision.PHLEG: N_("Done: raise no more Phlegethon cubes"),
}


def _decision(s: State) -> Decision | None:
    """The pending decision's kind (None once the game is over)."""
    if s.over or not s.stack:
        return None
    return Decision(s.stack[-1][0])


def _sin(s: State, c: int) -> str:
    """The sin of circle ``c`` as a name's complement ("Heresy" in "the Heresy Guest")."""
    return sin_of(s, c)


def _member(k: int) -> str:
    return member_name(k)


def _shield(s: State, t: int) -> str:
    return _("shield {shield}").format(shield=s.board.labels[t])


def _space(s: State, v: int) -> str:
    per = s.rules.spaces_per_floor
    return _("Tower floor {floor}, space {space}").format(floor=v // per, space=v % per + 1)


def _to(s: State, li: int) -> str:
    """ "to the BANQUET"."""
    return location_forms(s.rules.locations[li].name)[2]


def _at(s: State, li: int) -> str:
    """ "at the BANQUET"."""
    return location_forms(s.rules.locations[li].name)[1]


def _card(s: State, c: int) -> str:
    return _("Fraud card {card}").format(card=s.rules.fraud_cards[c].id) if c >= 0 else _("a Fraud card")


def _drachmas(n: int) -> str:
    return ngettext("{n} Drachma", "{n} Drachmas", n).format(n=n)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _done(s: State, a: Action) -> str:
    d = _decision(s)
    if d is None:
        return _("Done")
    return _(_DONE.get(d, N_("Done: go on without it")))


def _floor(s: State, a: Action) -> str:
    d = _decision(s)
    if d is Decision.LEAVE_FLOOR:
        kind = s.stack[-1][2]
        return _("The {member} on Tower floor {floor} goes Home").format(member=_member(kind), floor=a.a)
    return _("The accuser goes to Tower floor {floor}").format(floor=a.a)


def _effect(s: State, a: Action) -> str:
    d = _decision(s)
    frame = s.stack[-1] if s.stack else None
    if frame is None or d not in (Decision.FRAUD_EFFECT, Decision.ENDGAME_FRAUD):
        return _("Effect {n}").format(n=a.a + 1)
    card = s.rules.fraud_cards[frame[2]]
    if d is Decision.FRAUD_EFFECT:
        return _("Instant effect {n} of {card}: {effect}").format(
            n=a.a + 1, card=card.id, effect=effect_words(s.rules, card.instant[a.a])
        )
    return _("End-game effect {n} of {card}: {effect}").format(
        n=a.a + 1, card=card.id, effect=endgame_words(s.rules, card.endgame[a.a])
    )


def _target(s: State, a: Action) -> str:
    frame = s.stack[-1] if s.stack else None
    who = _("the Guardian")
    if frame is not None and _decision(s) is Decision.GUARDIAN_EFFECT:
        who = guardian_name(s.rules.guardians[s.guardians[frame[2]]])
    who = _cap(who)
    if a.a == a.b:  # a Pit dug on an empty shield, or a Soul petrified where it stands
        if s.hell[a.a] == 0:
            return _("{guardian} digs a Pit on the empty {shield}").format(guardian=who, shield=_shield(s, a.a))
        return _("{guardian}: the Soul on {shield} lies down where it stands").format(
            guardian=who, shield=_shield(s, a.a)
        )
    return _("{guardian}: the Soul on {shield} goes to {target}").format(
        guardian=who, shield=_shield(s, a.a), target=_shield(s, a.b)
    )


def _recall(s: State, a: Action) -> str:
    if a.a == TOWER_LOC:
        return _("Council: bring your {member} Home from the Tower").format(member=_member(a.b))
    where = location_forms(s.rules.locations[a.a].name)[3]
    return _("Council: bring your {member} Home {from_location}").format(member=_member(a.b), from_location=where)


def _amount(s: State, key: str) -> int:
    return decision_amounts(s).get(key, 0)


def _bribe(s: State, a: Action) -> str:
    n = s.rules.bribe_cost
    return ngettext(
        "Bribe: pay {n} Drachma to act in any quartiere", "Bribe: pay {n} Drachmas to act in any quartiere", n
    ).format(n=n)


def _council(s: State, a: Action) -> str:
    n = s.rules.council_cost
    return ngettext("Family council: lose {n} Infamy point", "Family council: lose {n} Infamy points", n).format(n=n)


def _exchange(s: State, a: Action) -> str:
    return ngettext("Change {n} Florin into Drachmas", "Change {n} Florins into Drachmas", a.a).format(n=a.a)


def _drown(s: State, a: Action) -> str:
    return ngettext(
        "River Styx: return {n} {sin} Soul from the Graveyard",
        "River Styx: return {n} {sin} Souls from the Graveyard",
        a.b,
    ).format(n=a.b, sin=_sin(s, a.a))


_Words = Callable[[State, Action], str]
_WORDS: dict[Act, _Words] = {
    Act.ENTER: lambda s, a: _("Ferry a {sin} Soul across the Acheron").format(sin=_sin(s, a.a)),
    Act.MOVE: lambda s, a: _("Move the {sin} Soul on {shield}").format(
        sin=_sin(s, s.hell[a.a]), shield=_shield(s, a.a)
    ),
    Act.STEP: lambda s, a: _("The Soul follows the line to {shield}").format(shield=_shield(s, a.a)),
    Act.BRIBE: _bribe,
    Act.SEND: lambda s, a: _("Send a {member} {to_location}").format(member=_member(a.b), to_location=_to(s, a.a)),
    Act.ACCUSE: lambda s, a: _("Accuse {at_location} with your {member} there").format(
        at_location=_at(s, a.a), member=_member(a.b)
    ),
    Act.COUNCIL: _council,
    Act.DONE: _done,
    Act.HOME: lambda s, a: _("Bring a {member} from the Tower Home").format(member=_member(a.a)),
    Act.SWAP: lambda s, a: _("Swap {space} with {other}").format(space=_space(s, a.a), other=_space(s, a.b)),
    Act.EXCHANGE: _exchange,
    Act.PHLEG: lambda s, a: _("Raise the Phlegethon cube of the circle of {sin}").format(sin=_sin(s, a.a)),
    Act.GATE: lambda s, a: _("Safe passage on gate {gate} of the Walls of Dis").format(gate=a.a + 1),
    Act.GUARDIAN: lambda s, a: _("Pay {drachmas} to move a Guardian").format(
        drachmas=_drachmas(_amount(s, "guardian_cost"))
    ),
    Act.STYX: lambda s, a: _("Pay {drachmas} to use the River Styx").format(
        drachmas=_drachmas(_amount(s, "styx_cost"))
    ),
    Act.FRAUD: lambda s, a: _("Pay {drachmas} to play a Fraud card").format(
        drachmas=_drachmas(_amount(s, "fraud_cost"))
    ),
    Act.DELIVER: lambda s, a: _("Deliver your {colour} Barrel to your supply panel").format(colour=barrel_name(s, a.a)),
    Act.BARREL: lambda s, a: _("Take the {colour} Barrel to Tower floor {floor}").format(
        colour=barrel_name(s, a.a), floor=a.b
    ),
    Act.GUEST: lambda s, a: _("Invite the {sin} Guest to Tower floor {floor}").format(sin=_sin(s, a.a), floor=a.b),
    Act.RECALL: _recall,
    Act.DISMISS: lambda s, a: _("Council: send your {sin} Guest back to the PALACE").format(sin=_sin(s, a.a)),
    Act.RETURN: lambda s, a: _("Council: send your {colour} Barrel back to the MARKET").format(
        colour=barrel_name(s, a.a)
    ),
    Act.DROWN: _drown,
    Act.TRACK: lambda s, a: _("Advance on the {sin} track").format(sin=_sin(s, a.a)),
    Act.GMOVE: lambda s, a: _("Move {guardian} to the empty {shield}").format(
        guardian=guardian_name(s.rules.guardians[s.guardians[a.a]]), shield=_shield(s, a.b)
    ),
    Act.TARGET: _target,
    Act.PLAY: lambda s, a: _("Play {card} from your hand").format(card=_card(s, a.a)),
    Act.BUY: lambda s, a: _("Play {card} from the market").format(card=_card(s, a.a)),
    Act.PLAY_DECK: lambda s, a: _("Play the top card of the Fraud deck"),
    Act.EFFECT: _effect,
    Act.DRAW: lambda s, a: _("Take {card} from the market as your replacement").format(card=_card(s, a.a)),
    Act.DRAW_DECK: lambda s, a: _("Take the top card of the Fraud deck as your replacement"),
    Act.DIPLOMA: lambda s, a: _("Place an extra Diploma on the {sin} circle").format(sin=_sin(s, a.a)),
    Act.FLOOR: _floor,
    Act.DESK: lambda s, a: _("Place your Desk of Plutus on the empty {shield}").format(shield=_shield(s, a.a)),
    Act.BELL: lambda s, a: _("Ring a Bell: the Soul slides to {shield}, then descends").format(shield=_shield(s, a.a)),
}


def option_words(s: State, action: Action) -> str:
    """``action``, legal now in ``s``, in words ("Invite the Heresy Guest to Tower floor 2")."""
    return _WORDS[Act(action[0])](s, action)
