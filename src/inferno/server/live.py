"""Messages a live connection may send after its token: actions, with a clear answer for anything else."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from inferno.server.errors import ErrorCode, Refused

ACT_HELP = 'send {"type": "act", "action": "<action text>", "version": <the version you saw>, "id": <any>}'
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
        return Refused(ErrorCode.BAD_REQUEST, "messages must be text (JSON); " + ACT_HELP)
    if len(text) > max_len:
        return Refused(ErrorCode.BAD_REQUEST, "message too large")
    try:
        msg: Any = json.loads(text)
    except (ValueError, RecursionError):
        return Refused(ErrorCode.BAD_REQUEST, "messages must be JSON; " + ACT_HELP)
    if not isinstance(msg, dict) or msg.get("type") != "act":
        return Refused(ErrorCode.BAD_REQUEST, "unknown message; " + ACT_HELP)
    action, version, ident = msg.get("action"), msg.get("version"), msg.get("id")
    if not isinstance(action, str) or not action.strip() or len(action) > MAX_ACTION_TEXT:
        return Refused(ErrorCode.BAD_REQUEST, "the action must be its text, e.g. 'step 3.2'; " + ACT_HELP)
    if not isinstance(version, int) or isinstance(version, bool) or not 0 <= version < 2**31:
        return Refused(ErrorCode.BAD_REQUEST, "the version must be the whole number you last saw; " + ACT_HELP)
    if isinstance(ident, (dict, list)) or (isinstance(ident, str) and len(ident) > 64):
        return Refused(ErrorCode.BAD_REQUEST, "the id must be a short number or text; " + ACT_HELP)
    return WsAct(action, version, ident)
