"""Messages a live connection may send after its token: actions, with a clear answer for anything else."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import orjson

from inferno.i18n import SERVER
from inferno.server.errors import ErrorCode, Refused

_ = SERVER.gettext
MAX_ACTION_TEXT = 200  # the longest action text the game has is far shorter


@dataclass(frozen=True, slots=True)
class WsAct:
    """An action sent on the live connection; ``id`` comes back in the answer (any JSON scalar)."""

    action: str
    version: int
    id: str | int | float | bool | None


def parse_ws_act(text: str | None, max_len: int) -> WsAct | Refused:
    """The action of a message, or the refusal to send back (never an exception)."""
    if text is None:
        return Refused(ErrorCode.BAD_REQUEST, _with_help(_("messages must be text (JSON)")))
    if len(text) > max_len:
        return Refused(ErrorCode.BAD_REQUEST, _("message too large"))
    try:
        msg: Any = orjson.loads(text)  # nesting past 1024 levels is refused on every Python (``json``'s limit varies)
    except orjson.JSONDecodeError:
        return Refused(ErrorCode.BAD_REQUEST, _with_help(_("messages must be JSON")))
    if not isinstance(msg, dict) or msg.get("type") != "act":
        return Refused(ErrorCode.BAD_REQUEST, _with_help(_("unknown message")))
    action, version, ident = msg.get("action"), msg.get("version"), msg.get("id")
    if not isinstance(action, str) or not action.strip() or len(action) > MAX_ACTION_TEXT:
        return Refused(ErrorCode.BAD_REQUEST, _with_help(_("the action must be its text, e.g. 'step 3.2'")))
    if not isinstance(version, int) or isinstance(version, bool) or not 0 <= version < 2**31:
        return Refused(ErrorCode.BAD_REQUEST, _with_help(_("the version must be the whole number you last saw")))
    if isinstance(ident, (dict, list)) or (isinstance(ident, str) and len(ident) > 64):
        return Refused(ErrorCode.BAD_REQUEST, _with_help(_("the id must be a short number or text")))
    return WsAct(action, version, ident)


def _with_help(why: str) -> str:
    """``why`` with how a message that plays an action reads."""
    return _(
        '{why}; send {{"type": "act", "action": "<action text>", "version": <the version you saw>, "id": <any>}}'
    ).format(why=why)
