""" "Why can't I?" for the browser: the engine's explanation of an action or of a clicked piece or place,
computed on the asking seat's own view (so a reason never names what that seat cannot see)."""

from __future__ import annotations

from typing import Any, Protocol

from inferno.i18n import SERVER
from inferno.rules.actions import Act, Action
from inferno.rules.engine import view
from inferno.rules.explain import Explanation, decision_summary, explain, explain_place
from inferno.rules.notation import ARG_SHAPES
from inferno.rules.state import State
from inferno.server.errors import ErrorCode, Refused
from inferno.server.sessions import Session

# The board keys of actions without arguments (as ``views.action_targets`` names them).
_ = SERVER.gettext
_PLAIN = {
    "bribe": (Act.BRIBE,),
    "council": (Act.COUNCIL,),
    "done": (Act.DONE,),
    "deck": (Act.PLAY_DECK, Act.DRAW_DECK),
    "bonfire:guardian": (Act.GUARDIAN,),
    "styx": (Act.STYX,),
    "wall:fraud": (Act.FRAUD,),
}


class WhyService(Protocol):
    """What the explainer reads a game from (``GameService``)."""

    def fresh(self, game_id: str) -> Session: ...


_SHAPES = frozenset(sh for shapes in ARG_SHAPES.values() for sh in shapes)
MAX_VALUE = 1 << 16


def _json(e: Explanation) -> dict[str, Any]:
    return {
        "legal": e.legal,
        "why": e.why.value,
        "reason": e.reason,
        "rule": e.rule,
        "text": e.text,
        "action": e.action,
    }


def _target(v: State, seat: int, key: str) -> list[Explanation]:
    plain = _PLAIN.get(key)
    if plain is not None:
        answers = [explain(v, seat, Action(k)) for k in plain]
        legal = [e for e in answers if e.legal]
        return legal[:1] or answers[:1]
    shape, _sep, num = key.partition(":")
    if shape not in _SHAPES or not (num.isascii() and num.isdigit()) or int(num) >= MAX_VALUE:
        raise Refused(ErrorCode.BAD_REQUEST, _("target must be a board place such as shield:12 or location:2"))
    return explain_place(v, seat, shape, int(num))


def why_not(s: State, seat: int, a: Action, fallback: str) -> str:
    """Why ``seat`` may not take ``a`` in ``s``, in the game's words: the action in its notation and the
    "why can't I?" explanation of its rule, asked on the seat's own view (it names nothing hidden);
    ``fallback`` (the engine's own words) if the explainer finds it legal there."""
    e = explain(view(s, seat), seat, a)
    if e.legal:
        return fallback
    if e.action:
        return _("'{action}' is not legal now: {why}").format(action=e.action, why=e.text)
    return _("that action is not legal now: {why}").format(why=e.text)


def why_json(service: WhyService, game_id: str, seat: int, action: str | None, target: str | None) -> dict[str, Any]:
    """The answer for ``seat``: ``action`` (its text form), ``target`` (a board key), or neither (the
    pending decision in brief). ``answers`` holds one or two explanations; ``text`` joins them."""
    sess = service.fresh(game_id)
    with sess.lock:
        v = view(sess.state, seat)
    if action is not None and target is not None:
        raise Refused(ErrorCode.BAD_REQUEST, _("ask about an action or a target, not both"))
    if action is not None:
        answers = [explain(v, seat, action)]
    elif target is not None:
        answers = _target(v, seat, target)
    else:
        answers = [decision_summary(v, seat)]
    return {"answers": [_json(e) for e in answers], "text": _("; or ").join(e.text for e in answers)}
