"""Why an action is not legal now, in the game's words, with the rulebook reference.

``explain(state, player, action)`` answers "why can't I?" for any action (an :class:`Action` or its
text form): it first asks the engine whether the action is legal (the pending decision's own list is
the only authority), and when it is not, names the rule that forbids it by asking the same checks the
legality code uses (entry requirements, Tower room, the Hell phase's masks, ...). Front ends only
display the answer. On a player's view it never reveals hidden information: a card that is not in
your hand is "not in your hand", never "in Player 2's hand".
"""

from __future__ import annotations

from inferno.i18n import EXPLAIN, GAME
from inferno.rules import florence
from inferno.rules.actions import Act, Action, Decision, MalformedActionError
from inferno.rules.engine import legal_actions, well_formed
from inferno.rules.explain_checks import (
    BY_DECISION,
)
from inferno.rules.explain_words import (
    DOING,
    FINAL,
    FLORENCE,
    HELL,
    KINDS,
    STYX,
    WHEN,
    Explanation,
    Why,
    _bad_argument,
    _Result,
    _safe_text,
    rule_words,
    who_words,
)
from inferno.rules.notation import ARG_SHAPES, parse_action
from inferno.rules.state import State

__all__ = ["Explanation", "Why", "decision_summary", "explain", "explain_place", "explain_text"]

_ = EXPLAIN.gettext
ngettext = EXPLAIN.ngettext


def _not_now(s: State, decision: Decision, act: Action) -> _Result:
    doing = _(DOING[decision])
    if act.kind == Act.DONE:
        return (
            Why.MUST_CHOOSE,
            _("this step cannot be skipped: you must {doing}").format(doing=doing),
            WHEN[Act.DONE][1],
        )
    when, rule = WHEN[act.kind]
    return Why.WRONG_STEP, _("not now: you must {doing}; {when}").format(doing=doing, when=_(when)), rule


def _fallback(s: State, decision: Decision, act: Action) -> _Result:
    """An illegal choice of the right kind that no specific check names (kept short and honest)."""
    return (
        Why.WRONG_STEP,
        _("that is not one of the choices now: you must {doing}").format(doing=_(DOING[decision])),
        WHEN[act.kind][1],
    )


def _answer(legal: bool, why: Why, reason: str, rule: str, action: str = "") -> Explanation:
    """An explanation with its rulebook reference in the reader's language."""
    return Explanation(legal, why, reason, rule_words(rule), action)


def _not_your_turn(s: State, player: int, decision: Decision) -> Explanation:
    return _answer(
        False,
        Why.NOT_YOUR_TURN,
        _("it is not your turn: {player} must {doing}").format(player=who_words(s, player), doing=_(DOING[decision])),
        HELL,
    )


def explain(s: State, player: int, action: object) -> Explanation:
    """Whether ``player`` may take ``action`` (an :class:`Action` or its text) now and, if not, which
    rule forbids it (never raises, whatever ``action`` is; on a view, names nothing the view hides).

    What :func:`~inferno.rules.engine.apply` refuses as malformed is malformed here too.
    """
    try:
        act = parse_action(s, action) if isinstance(action, str) else well_formed(action)
    except MalformedActionError as exc:
        return Explanation(False, Why.MALFORMED, str(exc), "")
    if s.over:
        return _answer(False, Why.GAME_OVER, _("the game is over"), FINAL)
    frame = s.stack[-1]
    decision = Decision(frame.kind)
    if frame.player != player:
        return _not_your_turn(s, frame.player, decision)
    bad = _bad_argument(s, act)
    if bad:
        return _answer(False, bad[0], bad[1], bad[2])
    text = _safe_text(s, act)
    if act in legal_actions(s):
        return Explanation(True, Why.LEGAL, _("'{action}' is legal now").format(action=text), "", text)
    if act.kind not in KINDS[decision] or (act.kind == Act.DONE and act not in legal_actions(s)):
        found: _Result | None = _not_now(s, decision, act)
    else:
        fn = BY_DECISION.get(decision)
        found = fn(s, player, frame, act) if fn else None
    if found is None:
        found = _fallback(s, decision, act)
    return _answer(False, found[0], found[1], found[2], text)


def explain_text(s: State, player: int, text: str) -> Explanation:
    """:func:`explain` for an action as typed."""
    return explain(s, player, text)


def decision_summary(s: State, player: int) -> Explanation:
    """``why`` without an action: what the pending decision asks and its main constraints, briefly."""
    if s.over:
        return _answer(False, Why.GAME_OVER, _("the game is over"), FINAL)
    frame = s.stack[-1]
    decision = Decision(frame.kind)
    if frame.player != player:
        return _not_your_turn(s, frame.player, decision)
    n = len(legal_actions(s))
    parts = [
        ngettext("you must {doing} ({n} choice)", "you must {doing} ({n} choices)", n).format(
            doing=_(DOING[decision]), n=n
        )
    ]
    rule = _decision_rule(decision)
    pl = s.players[player]
    if decision == Decision.HELL:
        parts.append(
            _(
                "a standing Soul moves down the lines and never below its own circle; "
                "it crosses the Walls of Dis only through a gate where you have your own safe passage"
            )
        )
        rule = HELL
    elif decision == Decision.FLORENCE:
        q = florence.acting_quartiere(s, frame)
        if q >= 0:
            parts.append(
                _("you act in the quartiere {quartiere} unless you bribe Charon").format(
                    quartiere=GAME.gettext(s.rules.quartieri[q])
                )
            )
        else:
            parts.append(_("you may act in any quartiere"))
        parts.append(_("you accuse only with a family member already at the location"))
        rule = FLORENCE
    elif decision in (Decision.BONFIRE_EXCHANGE, Decision.WALL_EXCHANGE):
        parts.append(
            _("you have {florins}; at most {most} here").format(
                florins=ngettext("{n} Florin", "{n} Florins", pl.florins).format(n=pl.florins),
                most=ngettext("{n} Florin", "{n} Florins", frame.a).format(n=frame.a),
            )
        )
    elif decision == Decision.STYX:
        parts.append(
            ngettext("at most {n} Soul of one colour", "at most {n} Souls of one colour", frame.a).format(n=frame.a)
        )
        rule = STYX
    elif decision == Decision.COURTYARD:
        parts.append(
            _("{members} may still come Home, {swaps} left").format(
                members=ngettext("{n} family member", "{n} family members", frame.a).format(n=frame.a),
                swaps=ngettext("{n} swap", "{n} swaps", frame.b).format(n=frame.b),
            )
        )
    return _answer(False, Why.WRONG_STEP, "; ".join(parts), rule)


# --- a clicked piece or place: which action it would be, and why it is not legal ---------------


def _candidates(s: State, player: int, shape: str, value: int) -> list[Action]:
    """The actions a click on ``shape`` ``value`` could mean now (the pending decision's kinds first)."""
    legal = legal_actions(s) if not s.over and s.stack[-1].player == player else []
    decision = Decision(s.stack[-1].kind) if not s.over else None
    kinds = sorted(KINDS[decision]) if decision is not None else []
    out: list[Action] = []
    for kind in kinds:
        shapes = ARG_SHAPES.get(kind, ())
        for pos, sh in enumerate(shapes):
            if sh != shape:
                continue
            others = sorted({(a.b if pos == 0 else a.a) for a in legal if a.kind == kind}) or [0]
            for o in others[:2]:
                out.append(Action(kind, value, o) if pos == 0 else Action(kind, o, value))
    if not out:  # nothing of the pending decision points there: the first kind that does
        for kind in Act:
            shapes = ARG_SHAPES.get(kind, ())
            if shape in shapes:
                pos = shapes.index(shape)
                out.append(Action(kind, value, 0) if pos == 0 else Action(kind, 0, value))
                break
    return out


# Shapes that belong to no step of their own (a Tower floor, a family member): a click on one when the
# pending decision does not use it just says what the decision asks.
_NO_OWN_STEP = frozenset({"floor", "member", "space", "number", "half"})


def _decision_rule(decision: Decision) -> str:
    return WHEN[min(KINDS[decision])][1]


def explain_place(s: State, player: int, shape: str, value: int) -> list[Explanation]:
    """Why clicking a piece or place (an argument shape of :data:`ARG_SHAPES` and its value, e.g.
    ``("shield", 12)``) does nothing legal now: one explanation per distinct reason (at most two), or
    the legal action it names. Unknown shapes get a plain answer."""
    acts = _candidates(s, player, shape, value)
    if s.over:
        return [_answer(False, Why.GAME_OVER, _("the game is over"), FINAL)]
    decision = Decision(s.stack[-1].kind)
    if acts and acts[0].kind not in KINDS[decision] and shape in _NO_OWN_STEP and s.stack[-1].player == player:
        reason = _("not now: you must {doing}").format(doing=_(DOING[decision]))
        return [_answer(False, Why.WRONG_STEP, reason, _decision_rule(decision))]
    if not acts:
        return [Explanation(False, Why.NO_SUCH, _("nothing can be done with that"), "")]
    answers = [explain(s, player, a) for a in acts]
    legal = [e for e in answers if e.legal]
    if legal:
        return legal[:1]
    out: list[Explanation] = []
    for e in answers:
        if all(e.text != x.text for x in out):
            out.append(e)
    return out[:2]
