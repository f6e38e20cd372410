"""``GET /api/games/{id}/story``: the story of a finished game for the browser's end screen (each
player's Infamy by source, the six steps of final scoring explained, who won and by what, the solo
Rival's row and rank ladder), built by :mod:`inferno.records.story` with the seats' names."""

from __future__ import annotations

from typing import Any

from fastapi import Depends, FastAPI

from inferno.i18n import SERVER
from inferno.records.story import game_story
from inferno.server.errors import ErrorCode, Refused
from inferno.server.gate import Gate
from inferno.server.seats import shown_name
from inferno.server.service import GameService

_ = SERVER.gettext


def story_json(service: GameService, game_id: str) -> dict[str, Any]:
    """The story of the finished game ``game_id`` as JSON; refused while the game goes on."""
    sess = service.fresh(game_id)
    with sess.lock:
        s = sess.state
        if not s.over:
            raise Refused(ErrorCode.BAD_REQUEST, _("the game is not over yet: its story is told at the end"))
        names = [shown_name(seat.name) for seat in sess.row.seats]
        return game_story(s, names).to_dict()


def install(app: FastAPI, service: GameService, gate: Gate) -> None:
    """Add the story route; a read of the game like its state (``gate.reader``)."""

    @app.get("/api/games/{game_id}/story")
    def story(game_id: str, _seat: int = Depends(gate.reader)) -> dict[str, Any]:
        return story_json(service, game_id)
