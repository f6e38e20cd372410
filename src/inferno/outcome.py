"""What an option would cost and gain, in words (shared by the terminal's preview and the browser's).

The engine plays the option on a copy of the game; this module only describes the difference for the
deciding player: Infamy now and at the end, Florins, Drachmas, Charon's loans with their number and
end-game penalty, Sin Tracks and Diplomas, family members moved, a Fraud card's instant effect lost for
a missing Barrel, the Dante stop an accusation triggers and who gets what there, a Guardian's effect,
and the decision it leads to. Nothing here decides a rule.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from inferno.game_words import guardian_effect_words, guardian_name, loan_words, stop_name, stop_reward
from inferno.help import DECISION_HELP, effect_words, endgame_words, help_title
from inferno.i18n import EXPLAIN, GAME, N_
from inferno.records.event_words import event_text
from inferno.records.log import player_name
from inferno.rules.actions import Act, Action, Decision
from inferno.rules.citations import cite
from inferno.rules.dante import advance_dante
from inferno.rules.effects import endgame_loan_penalty, owns_barrel
from inferno.rules.engine import apply, apply_in_place, pending, to_move
from inferno.rules.events import Event, events_since
from inferno.rules.explain_words import barrel_name, sin_of
from inferno.rules.guardians import effect_targets
from inferno.rules.model import NOBLE, URCHIN, StopKind
from inferno.rules.state import T_BARREL, T_GUEST, T_NOBLE, T_URCHIN, PlayerState, State

# Event kinds whose news these lines already tell (a preview listing the engine's events leaves them out).
TOLD = frozenset({"loan", "fraud_lost", "dante", "diploma", "pagan", "last_round"})
_KINDS = ((NOBLE, N_("Nobles"), T_NOBLE), (URCHIN, N_("Urchins"), T_URCHIN))

_ = EXPLAIN.gettext
ngettext = EXPLAIN.ngettext
pgettext = EXPLAIN.pgettext

Namer = Callable[[int], str]
# The actions that take an accusation's bonus, and those whose words read the engine's events (a preview
# made on a copy that records none can leave the others unrecorded).
_ACCUSING = frozenset({Act.ACCUSE, Act.FLOOR})
NEEDS_EVENTS = frozenset({Act.ACCUSE, Act.FLOOR, Act.PLAY, Act.BUY, Act.PLAY_DECK, Act.TARGET})
# The engine's events that say what a Guardian's effect did.
_GUARDIAN_NEWS = frozenset({"pit", "petrify", "guardian_effect", "stand", "score"})


def rival_name(s: State) -> str | None:
    """The solo game's Rival's name (None in a game between players)."""
    return s.rules.solo.opponent_name if s.solo is not None else None


def namer(s: State, p: int) -> Namer:
    """Names as the deciding player ``p`` reads them: "you", "Player 2", the solo Rival's name."""
    rival = rival_name(s)
    return lambda q: _("you") if q == p else player_name(q, rival)


def new_events(before: State, after: State) -> list[Event]:
    """The events ``after`` logged since ``before``, oldest first."""
    return events_since(after.events, before.events)


def _change(name: str, x: int, y: int) -> str:
    return f"{name} {x} → {y} ({y - x:+d})"


def _money(before: State, after: State, p: int) -> list[str]:
    r = before.rules
    a, b = before.players[p], after.players[p]
    out = [
        _change(_(n), x, y)
        for n, x, y in ((N_("Infamy"), a.infamy, b.infamy), (N_("Florins"), a.florins, b.florins))
        if x != y
    ]
    if a.drachmas != b.drachmas or a.loans != b.loans:
        out.append(_change(_("Drachmas"), a.drachmas, b.drachmas))
    for n in range(a.loans + 1, b.loans + 1):
        d = r.drachmas_per_loan
        out.append(
            ngettext(
                "takes loan {n} from Charon (+{drachmas} Drachma): {cost}",
                "takes loan {n} from Charon (+{drachmas} Drachmas): {cost}",
                d,
            ).format(n=n, drachmas=d, cost=loan_words(r, n))
        )
    end_a, end_b = endgame_loan_penalty(before, p), endgame_loan_penalty(after, p)
    if end_a != end_b:
        out.append(_("Infamy at the end for loans: {before} → {after}").format(before=end_a, after=end_b))
    return out


def _family(a: PlayerState, b: PlayerState) -> list[str]:
    if a.home == b.home and a.florence == b.florence and a.tower == b.tower and a.reserve == b.reserve:
        return []
    out = []
    for k, word, code in _KINDS:
        places = (
            (_("Home"), a.home[k], b.home[k]),
            (_("Florence"), sum(a.florence[k::2]), sum(b.florence[k::2])),
            (_("Tower"), a.tower.count(code), b.tower.count(code)),
        )
        moved = [f"{where} {x} → {y}" for where, x, y in places if x != y]
        if moved:
            out.append(_("{members}: {moves}").format(members=_(word), moves=", ".join(moved)))
    if a.reserve != b.reserve:
        out.append(_change(_("Urchins in reserve"), a.reserve, b.reserve))
    return out


def _tower(before: State, a: PlayerState, b: PlayerState) -> list[str]:
    if a.tower == b.tower and a.floors == b.floors and a.panel == b.panel and a.passages == b.passages:
        return []
    out = []
    if a.floors != b.floors:
        out.append(_change(_("Tower floors"), a.floors, b.floors))
    guests = (sum(1 for v in a.tower if T_GUEST <= v < T_BARREL), sum(1 for v in b.tower if T_GUEST <= v < T_BARREL))
    if guests[0] != guests[1]:
        out.append(_change(_("Guests in the Tower"), *guests))
    barrels = (sum(1 for v in a.tower if v >= T_BARREL), sum(1 for v in b.tower if v >= T_BARREL))
    if barrels[0] != barrels[1]:
        out.append(_change(_("Barrels in the Tower"), *barrels))
    if a.panel != b.panel:
        out.append(_change(_("Barrels on the supply panel"), bin(a.panel).count("1"), bin(b.panel).count("1")))
    if a.passages != b.passages:
        gates = [str(g + 1) for g in range(before.board.gates) if (b.passages & ~a.passages) >> g & 1]
        if gates:
            out.append(_("safe passage on gate {gates}").format(gates=", ".join(gates)))
    return out


def _tracks(before: State, a: PlayerState, b: PlayerState, diplomas: bool = True) -> list[str]:
    out = []
    for c in range(2, 10):
        if a.tracks[c] != b.tracks[c]:
            out.append(
                _("{sin} track {before} → {after}").format(sin=sin_of(before, c), before=a.tracks[c], after=b.tracks[c])
            )
    for c in range(2 if diplomas else 10, 10):
        if b.diplomas >> c & 1 and not a.diplomas >> c & 1:
            out.append(_("{sin} Diploma placed").format(sin=sin_of(before, c)))
    if a.half != b.half:
        out.append(_("½ Diplomas {before} → {after}").format(before=a.half, after=b.half))
    if len(a.hand) != len(b.hand):
        out.append(_("Fraud cards in hand {before} → {after}").format(before=len(a.hand), after=len(b.hand)))
    return out


def _fraud(before: State, after: State, p: int, told: list[Event]) -> list[str]:
    """A Fraud card played: its instant effect lost when the engine says the Barrel is missing, and what its
    end-game half will score (Infamy at the end) if its Barrel is owned then."""
    r = before.rules
    a, b = before.players[p], after.players[p]
    if len(b.played) <= len(a.played):
        return []
    fc = r.fraud_cards[b.played[-1]]
    out = []
    if any(e.kind == "fraud_lost" and e.player == p for e in told):
        out.append(
            _("you own no {colour} Barrel: the instant effect of {card} is lost").format(
                colour=barrel_name(before, fc.instant_barrel), card=fc.id
            )
        )
    barrel = barrel_name(before, fc.endgame_barrel)
    owned = _("you own one") if owns_barrel(b, fc.endgame_barrel) else _("you have none yet")
    end = _(" or ").join(endgame_words(r, e) for e in fc.endgame)
    out.append(
        _("Infamy at the end: {effects}, if you own a {colour} Barrel then ({owned})").format(
            effects=end, colour=barrel, owned=owned
        )
    )
    return out


def _graveyard(before: State, after: State) -> list[str]:
    if before.graveyard == after.graveyard:
        return []
    return [
        ngettext("a {sin} Soul enters the Graveyard", "{n} {sin} Souls enter the Graveyard", n).format(
            n=n, sin=sin_of(before, c)
        )
        for c in range(1, 10)
        if (n := after.graveyard[c] - before.graveyard[c]) > 0
    ]


def _bonus_kind(kind: str) -> str:
    """A bonus tile's kind ("silver", "gold") as it qualifies the bonus, translated."""
    forms = {"silver": pgettext("bonus", "silver"), "gold": pgettext("bonus", "gold")}
    return forms.get(kind, kind)


def _bonus(before: State, action: Action, p: int, told: list[Event]) -> list[str]:
    """The bonus an accusation takes (the engine logs it; its effect is read from the tile)."""
    if action.kind not in _ACCUSING or not any(e.kind == "bonus" and e.player == p for e in told):
        return []
    r = before.rules
    if action.kind is Act.ACCUSE:
        li = action.a
    elif before.stack and before.stack[-1][0] == Decision.ACCUSER_FLOOR:
        li = before.stack[-1][2]
    else:
        return []
    c = r.locations[li].circle
    tile = r.bonus_tiles[before.bonus[c]]
    return [
        _("takes the {bonus} bonus of the {sin} track: {effect}").format(
            bonus=_bonus_kind(tile.kind), sin=sin_of(before, c), effect=effect_words(r, tile.effect)
        )
    ]


def _pushed(base: State, moved: State, d: Decision) -> bool:
    """Whether a decision of kind ``d`` waits in ``moved`` that did not in ``base``."""
    return sum(1 for f in moved.stack if f[0] == d) > sum(1 for f in base.stack if f[0] == d)


def _stop_news(base: State, moved: State, p: int, name: Namer) -> str:
    """What Dante's new stop gave, from the engine's own resolution of it (``base`` → ``moved``)."""
    r = base.rules
    stop = moved.stops[moved.dante]
    head = _("Dante descends to stop {n} of {stops}, {stop}").format(
        n=moved.dante + 1, stops=len(moved.stops), stop=stop_name(moved, stop)
    )
    got: list[str] = []
    if stop.kind in (StopKind.DIPLOMA, StopKind.END):
        sin = sin_of(base, stop.circle)
        takers = [
            q
            for q in range(len(moved.players))
            if moved.players[q].diplomas >> stop.circle & 1 and not base.players[q].diplomas >> stop.circle & 1
        ]
        if takers == [p]:
            got.append(_("{player} place the {sin} Diploma").format(player=name(p), sin=sin))
        elif len(takers) == 1:
            got.append(_("{player} places the {sin} Diploma").format(player=name(takers[0]), sin=sin))
        elif takers:
            who = _(" and ").join(name(q) for q in takers)
            got.append(_("{players} place the {sin} Diploma").format(players=who, sin=sin))
        else:
            got.append(_("nobody gets the {sin} Diploma").format(sin=sin))
        if stop.kind is StopKind.END:
            n = r.final_stop_infamy
            got.append(
                ngettext(
                    "you score {n} Infamy point; every other player has one last turn",
                    "you score {n} Infamy points; every other player has one last turn",
                    n,
                ).format(n=n)
            )
    elif stop.kind is StopKind.PAGAN:
        if moved.graveyard[1] > base.graveyard[1]:
            got.append(_("a pagan Soul enters the Graveyard"))
        if _pushed(base, moved, Decision.GUARDIAN_MOVE):
            got.append(_("you may move a Guardian, free"))
    else:
        if _pushed(base, moved, Decision.FRAUD_SOURCE):
            got.append(_("you may play a Fraud card"))
    if not got:
        return head
    return _("{stop}: {news}").format(stop=head, news="; ".join(got))


def _dante(before: State, after: State, p: int, action: Action, name: Namer) -> list[str]:
    if after.dante != before.dante and after.dante < len(after.stops):
        return [_stop_news(before, after, p, name)]
    if after.over:
        return []
    if action.kind is Act.ACCUSE and before.ender >= 0:
        return [_("Dante stays at his final stop: this is the last round")]
    # Dante moves once the accusation's own choices (the accuser's floor, the bonus) are made: the
    # engine resolves his stop on a copy, as the tracks stand now.
    frames = [f for f in after.stack if f[0] == Decision.AUTO_DANTE and f[1] == p]
    if not frames or after.dante + 1 >= len(after.stops):
        return []
    moved = after.copy()
    advance_dante(moved, frames[-1])
    return [
        _("{news} (after your next choices, as the tracks stand now)").format(news=_stop_news(after, moved, p, name))
    ]


def _guardian(before: State, after: State, p: int, action: Action) -> list[str]:
    if action.kind is not Act.GMOVE:
        return []
    r = before.rules
    slot = action.a
    g = r.guardians[after.guardians[slot]]
    n = len(effect_targets(after, p, slot))
    reach = (
        ngettext("{n} choice for its effect from there", "{n} choices for its effect from there", n).format(n=n)
        if n
        else _("nothing in reach there: its effect would do nothing")
    )
    who = guardian_name(g)
    return [
        _("{guardian} moves to {shield} ({reach}); then {effect}").format(
            guardian=f"{who[:1].upper()}{who[1:]}",
            shield=after.board.labels[action.b],
            reach=reach,
            effect=guardian_effect_words(r, g),
        )
    ]


def _deciding(s: State) -> tuple[int, Decision] | None:
    """Who decides what in ``s`` (the engine's pending decision without listing its actions)."""
    if s.over:
        return None
    frame = s.stack[-1]
    return frame[1], Decision(frame[0])


def next_words(before: State, after: State, p: int, name: Namer) -> str:
    """The decision the option leads to, in words."""
    if before.solo is not None and after.turn != before.turn:  # never what the Rival's hidden cards do
        rival = rival_name(before)
        return _("then {rival} plays from its face-down deck").format(
            rival=GAME.gettext(rival) if rival else _("the Rival")
        )
    if after.over:
        return _("the game ends")
    nxt, now = _deciding(after), _deciding(before)
    if nxt is None or now is None:
        return ""
    if nxt[0] == p and nxt[1] != now[1]:
        titled = nxt[1] in DECISION_HELP
        return _("then: {decision}").format(decision=help_title(nxt[1]) if titled else _("a further choice"))
    if nxt[0] != p:
        return _("then {player} decides").format(player=name(nxt[0]))
    return ""


def outcome_lines(before: State, after: State, p: int, action: Action, name: Namer | None = None) -> list[str]:
    """Every cost and gain of ``action`` for player ``p``: ``after`` is the engine's answer, the action
    played on a copy of ``before``. Events are read when ``after`` recorded them."""
    name = name or namer(before, p)
    nxt = pending(after) if action.kind is Act.ACCUSE else None
    if nxt is not None and nxt.decision == Decision.ACCUSER_FLOOR and nxt.actions:
        # The accuser's floor comes first; the rest of the accusation is the same whichever floor.
        follow = apply(after, nxt.actions[0])
        return [*outcome_lines(before, follow, p, action, name), _("you choose the accuser's Tower floor first")]
    a, b = before.players[p], after.players[p]
    told = new_events(before, after)
    # In a solo game the Rival's turn follows at once, played from its face-down deck: what it changes
    # (Dante, the Diplomas he gives, the Graveyard) is no part of this option's words.
    rival = before.solo is not None and after.turn != before.turn
    out: list[str] = []
    if a is not b:  # a player's pieces are copied only when the engine changes them
        out.extend(_money(before, after, p))
        out.extend(_tracks(before, a, b, diplomas=not rival))
        out.extend(_family(a, b))
        out.extend(_tower(before, a, b))
    if action.kind is Act.BRIBE:
        out.append(_("you may act in any quartiere"))
    if not rival:
        out.extend(_graveyard(before, after))
    out.extend(_bonus(before, action, p, told))
    out.extend(_fraud(before, after, p, told))
    out.extend(_rival_turn(before, p, action, name) if rival else _dante(before, after, p, action, name))
    out.extend(_guardian(before, after, p, action))
    if action.kind is Act.TARGET:
        out.extend(event_text(e.text) for e in told if e.player == p and e.kind in _GUARDIAN_NEWS)
    return out


def _rival_turn(before: State, p: int, action: Action, name: Namer) -> list[str]:
    """The option ends the turn of a solo game: the stop Dante reaches if it finishes an accusation
    (named, not resolved: the Rival plays before the words could tell who gets what)."""
    out = []
    accusing = action.kind in _ACCUSING or any(f[0] == Decision.AUTO_DANTE and f[1] == p for f in before.stack)
    i = before.dante + 1
    if accusing and before.ender < 0 and i < len(before.stops):
        stop = before.stops[i]
        out.append(
            _("Dante descends to stop {n} of {stops}, {stop}: {reward}").format(
                n=i + 1, stops=len(before.stops), stop=stop_name(before, stop), reward=stop_reward(before, stop)
            )
        )
    return out


# --- warnings before an option a newcomer may not expect ------------------------------------------


class WarningKind(StrEnum):
    """What a newcomer is warned of before the first time (the first game's warnings)."""

    LOAN = "loan"
    COUNCIL = "council"
    FRAUD_LOST = "fraud_lost"


@dataclass(frozen=True, slots=True)
class OptionWarning:
    """One warning: its kind, a title, what the option does in words, and the rule cited."""

    kind: WarningKind
    title: str
    text: str
    rule: str

    def to_dict(self) -> dict[str, str]:
        return {"kind": self.kind.value, "title": self.title, "text": self.text, "rule": self.rule}


def warnings_of(before: State, after: State, p: int, action: Action) -> list[OptionWarning]:
    """The warnings ``action`` deserves: it takes a loan from Charon, it holds a family council, or it plays
    a Fraud card whose instant effect is lost for want of its Barrel. ``after`` is the engine's answer (the
    action played on a copy of ``before``, events recorded for the lost effect)."""
    r = before.rules
    a, b = before.players[p], after.players[p]
    out: list[OptionWarning] = []
    if b.loans > a.loans:
        n = b.loans
        k = n - a.loans
        d = r.drachmas_per_loan * k
        taken = ngettext("a loan", "{n} loans", k).format(n=k)
        out.append(
            OptionWarning(
                WarningKind.LOAN,
                _("This takes a loan from Charon"),
                ngettext(
                    "You have too few Drachmas: this option takes {taken} from Charon (+{drachmas} Drachma); "
                    "loan {n} costs {cost}.",
                    "You have too few Drachmas: this option takes {taken} from Charon (+{drachmas} Drachmas); "
                    "loan {n} costs {cost}.",
                    d,
                ).format(taken=taken, drachmas=d, n=n, cost=loan_words(r, n)),
                cite("S0 Loans from Charon; S3 step 5"),  # i18n: not for players (a rule tag: cite reads it)
            )
        )
    if action.kind is Act.COUNCIL:
        lost = a.infamy - b.infamy
        out.append(
            OptionWarning(
                WarningKind.COUNCIL,
                _("This is a family council"),
                ngettext(
                    "A family council replaces sending or accusing this turn: you lose {n} Infamy point, "
                    "then bring one family member Home, or send a Guest or a Barrel back.",
                    "A family council replaces sending or accusing this turn: you lose {n} Infamy points, "
                    "then bring one family member Home, or send a Guest or a Barrel back.",
                    abs(lost),
                ).format(n=lost),
                cite("S2 Florence phase; IT family council"),  # i18n: not for players (a rule tag: cite reads it)
            )
        )
    if len(b.played) > len(a.played) and any(
        e.kind == "fraud_lost" and e.player == p for e in new_events(before, after)
    ):
        fc = r.fraud_cards[b.played[-1]]
        out.append(
            OptionWarning(
                WarningKind.FRAUD_LOST,
                _("This Fraud card's instant effect is lost"),
                _(
                    "You own no {colour} Barrel: the instant effect of {card} is lost. "
                    "The card still counts at the end if you own the Barrel of its right half then."
                ).format(colour=barrel_name(before, fc.instant_barrel), card=fc.id),
                cite("S0 Fraud cards: left half"),  # i18n: not for players (a rule tag: cite reads it)
            )
        )
    return out


def option_warnings(s: State, action: Action) -> list[OptionWarning]:
    """The warnings for ``action``, legal now in ``s``, from the engine playing it on a copy (none for an
    option whose outcome depends on a hidden card: the top of the Fraud deck)."""
    if s.over or action.kind in (Act.PLAY_DECK, Act.DRAW_DECK):
        return []
    p = to_move(s)
    new = s.copy()
    new.record_events = True
    apply_in_place(new, action, rollback=False)
    return warnings_of(s, new, p, action)
