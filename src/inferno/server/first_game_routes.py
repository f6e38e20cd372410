"""A first game for newcomers, on the web server: the mark that a game was created as one, and the
warnings its player has already seen (each kind is shown once per game, a reload included).

* ``POST /api/games`` with ``"first_game": true`` marks the new game (:mod:`inferno.server.lobby_routes`).
* ``GET /api/games/{id}/first-game``: whether the game is a first game, and the warnings already shown.
* ``POST /api/games/{id}/first-game/warned`` ``{"kind": "loan"}``: a seat saw that warning (and confirmed).

A small table of its own holds both (created when the server starts, so older databases get it too).
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from fastapi import Depends, FastAPI, Request
from pydantic import BaseModel

from inferno.i18n import N_, SERVER
from inferno.outcome import WarningKind
from inferno.server.errors import ErrorCode, Refused
from inferno.server.gate import Gate, Token
from inferno.server.storage import Storage, metadata

_ = SERVER.gettext

first_games = sa.Table(
    "first_games",
    metadata,
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("warned", sa.String(200), nullable=False, default=""),  # the kinds shown, comma-separated
)


class WarnedIn(BaseModel):
    kind: WarningKind


class FirstGames:
    """Which games are first games, and the warnings each has shown, in the database."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        metadata.create_all(storage.engine, tables=[first_games])

    def mark(self, game_id: str) -> None:
        with self.storage.transaction() as conn:
            conn.execute(first_games.insert().values(game_id=game_id, warned=""))

    def _row(self, game_id: str) -> str | None:
        with self.storage.engine.connect() as conn:
            row = conn.execute(sa.select(first_games.c.warned).where(first_games.c.game_id == game_id)).first()
        return None if row is None else str(row[0])

    def state(self, game_id: str) -> dict[str, Any]:
        """``first_game``: the game was created as one; ``warned``: the warnings already shown."""
        row = self._row(game_id)
        return {"first_game": row is not None, "warned": [k for k in (row or "").split(",") if k]}

    def warned(self, game_id: str, kind: WarningKind) -> dict[str, Any]:
        """Note that ``kind`` was shown; the game's state after."""
        row = self._row(game_id)
        if row is None:
            raise Refused(ErrorCode.BAD_REQUEST, _("this game was not created as a first game"))
        kinds = [k for k in row.split(",") if k]
        if kind.value not in kinds:
            kinds.append(kind.value)
            with self.storage.transaction() as conn:
                conn.execute(
                    first_games.update().where(first_games.c.game_id == game_id).values(warned=",".join(kinds))
                )
        return {"first_game": True, "warned": kinds}


def install(app: FastAPI, first: FirstGames, gate: Gate) -> None:
    """Add the first game's two routes: a read takes its seat from ``gate.reader``; noting a warning is a
    seat's action (spectators see no warnings)."""

    async def warned_asked(game_id: str, body: WarnedIn, request: Request, token: Token = None) -> tuple[int, WarnedIn]:
        return await gate.acting(game_id, request, token, spectators=N_("spectators see no warnings")), body

    @app.get("/api/games/{game_id}/first-game")
    def first_game(game_id: str, _seat: int = Depends(gate.reader)) -> dict[str, Any]:
        return first.state(game_id)

    @app.post("/api/games/{game_id}/first-game/warned")
    def note_warned(game_id: str, asked: tuple[int, WarnedIn] = Depends(warned_asked)) -> dict[str, Any]:
        return first.warned(game_id, asked[1].kind)
