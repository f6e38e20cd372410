"""What every room of the server shares: its settings, the game service, the live-update hub, the gate
(seat checks and rate limits), the review desk and the first games' warnings."""

from __future__ import annotations

from dataclasses import dataclass

from inferno.server.first_game_routes import FirstGames
from inferno.server.gate import Gate
from inferno.server.hub import Hub
from inferno.server.review_routes import ReviewDesk
from inferno.server.service import GameService
from inferno.server.settings import ServerSettings


@dataclass(frozen=True, slots=True)
class Rooms:
    """The server's shared parts, handed to each module of routes when the app is built."""

    settings: ServerSettings
    service: GameService
    hub: Hub
    gate: Gate
    desk: ReviewDesk
    first: FirstGames  # first games for newcomers: the mark and the warnings shown
