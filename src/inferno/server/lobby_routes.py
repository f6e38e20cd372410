"""The lobby's routes: the pages, the choices a new game offers (bots, clocks, solo games, sides), a new
game, and the summaries of a browser's own games."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from fastapi import Depends, FastAPI, Request
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field

from inferno.bots.base import bot_names
from inferno.bots.levels import bot_levels
from inferno.defaults import PNP_MODULES, SOLO_LEVEL, SOLO_LEVELS, default_modules, solo_variant
from inferno.i18n import SERVER
from inferno.rules.solo_model import SoloConfig
from inferno.server.context import Rooms
from inferno.server.errors import ErrorCode, Refused
from inferno.server.gate import GAME_ID
from inferno.server.schema import SCHEMA_VERSION, seat_view_schema
from inferno.server.seats import shown_name
from inferno.server.service import Created, GameService, SeatKind, SeatSpec
from inferno.server.tables import CLOCK_CHOICES, DEFAULT_BOT, MAX_SECONDS, MIN_SECONDS
from inferno.server.views import sides_json, solo_json, variant_label

WEB_DIR = Path(__file__).resolve().parent.parent / "web"
_ = SERVER.gettext
ngettext = SERVER.ngettext

# The choices the API accepts, from their one source (``inferno.defaults``), so that a request's error
# lists them as they are.
if TYPE_CHECKING:
    SoloLevel = str
    PnpModule = str
else:
    SoloLevel = Literal[SOLO_LEVELS]
    PnpModule = Literal[PNP_MODULES]


class SeatIn(BaseModel):
    kind: Literal["human", "bot"] = "human"
    bot: str = Field(default="random", max_length=32, pattern=r"^[a-z0-9_-]*$")
    name: str = Field(default="", max_length=24)


class SoloIn(BaseModel):
    variant: str = Field(default_factory=solo_variant, max_length=32, pattern=r"^[a-z0-9_-]+$")
    level: SoloLevel = SOLO_LEVEL


class CreateGameIn(BaseModel):
    seats: list[SeatIn] = Field(min_length=1, max_length=5)
    seed: int | None = Field(default=None, ge=0, le=2**31 - 1)
    side: Literal["I/II", "III/IV"] | None = None
    side_variant: bool = False  # another side than the player count's: a named variant, marked for every seat
    modules: list[PnpModule] = Field(default_factory=list, max_length=len(PNP_MODULES))
    solo: SoloIn | None = None  # the solo game's variant and level (1 seat only)
    turn_seconds: float = Field(default=0, ge=0, le=MAX_SECONDS)  # each turn's clock; 0: none
    takeover_bot: str = Field(default="", max_length=32, pattern=r"^[a-z0-9_-]*$")  # plays a seat left
    # The table's start time, in seconds from now: every clock runs from then on, its player arrived or
    # not (before, a seat's clock waits for its player to open their link). None: the table's default.
    clock_start: float | None = Field(default=None, ge=0, le=MAX_SECONDS)
    hints: bool | None = None  # the table allows hints (default: only when at most one human plays)
    first_game: bool = False  # a newcomer's first game: warned once of a loan, a council, a lost Fraud effect


class MineItem(BaseModel):
    game: str = Field(pattern=GAME_ID)
    token: str = Field(min_length=1, max_length=64)


class MineIn(BaseModel):
    games: list[MineItem] = Field(max_length=100)


def created_json(c: Created, service: GameService) -> dict[str, Any]:
    sess = service.session(c.game_id)
    seats = []
    for i, (seat, tok) in enumerate(zip(sess.row.seats, c.seat_tokens, strict=True)):
        item: dict[str, Any] = {"seat": i, "kind": seat.kind, "bot": seat.bot, "name": shown_name(seat.name)}
        if tok is not None:
            item["token"] = tok
            item["link"] = f"/game/{c.game_id}#{tok}"
        seats.append(item)
    return {
        "game": c.game_id,
        "seats": seats,
        "spectator": {"token": c.spectator_token, "link": f"/game/{c.game_id}#{c.spectator_token}"},
        "variant": variant_label(sess.state),
    }


def install(app: FastAPI, rooms: Rooms) -> None:
    """Add the pages and the lobby's routes to the app."""
    _install_pages(app)
    _install_lobby(app, rooms)


def _install_pages(app: FastAPI) -> None:
    """The browser client's pages and static files."""

    @app.get("/", include_in_schema=False)
    def index() -> FileResponse:
        return FileResponse(WEB_DIR / "index.html")

    @app.get("/game/{game_id}", include_in_schema=False)
    def game_page(game_id: str) -> FileResponse:
        return FileResponse(WEB_DIR / "index.html")

    app.mount("/static", StaticFiles(directory=WEB_DIR), name="static")


def _install_lobby(app: FastAPI, rooms: Rooms) -> None:
    """The choices a new game offers, a new game, and a browser's own games."""
    service, gate, settings, desk = rooms.service, rooms.gate, rooms.settings, rooms.desk

    @app.get("/api/bots")
    def bots() -> dict[str, Any]:
        """The bots, weakest first, each with what it does in words (``levels``)."""
        levels = bot_levels()
        return {"bots": [b.name for b in levels], "levels": [b.to_dict() for b in levels]}

    @app.get("/api/table")
    def table_choices() -> dict[str, Any]:
        return {
            "clocks": CLOCK_CHOICES,
            "min_seconds": MIN_SECONDS,
            "bot": DEFAULT_BOT,
            "bots": bot_names(),
        }

    @app.get("/api/solo")
    def solo_choices() -> dict[str, Any]:
        return solo_json()

    @app.get("/api/modules")
    def module_choices() -> dict[str, Any]:
        """The P&P modules, and those a game of each player count starts with in the lobby."""
        return {"modules": list(PNP_MODULES), "by_players": {str(n): list(default_modules(n)) for n in range(1, 6)}}

    @app.get("/api/sides")
    def side_choices() -> dict[str, Any]:
        return sides_json()

    @app.get("/api/schema/seat_view.v{version}.json")
    def view_schema(version: int) -> dict[str, Any]:
        """The JSON schema of the seat view (and of the live connection's messages) of ``version``."""
        if version != SCHEMA_VERSION:
            raise Refused(
                ErrorCode.NOT_FOUND,
                _("this server speaks version {version} of the seat view").format(version=SCHEMA_VERSION),
            )
        return seat_view_schema(version)

    def creates(body: CreateGameIn, request: Request) -> tuple[str, CreateGameIn]:
        """A new game's allowance of the address (after the body is read: a malformed one spends none)."""
        return gate.creator(request), body

    @app.post("/api/games")
    def create_game(asked: tuple[str, CreateGameIn] = Depends(creates)) -> dict[str, Any]:
        addr, body = asked
        specs = [SeatSpec(SeatKind(x.kind), x.bot if x.kind == "bot" else "", x.name.strip()) for x in body.seats]
        if any(x.kind is SeatKind.BOT for x in specs) and service.bot_games_of(addr) >= settings.max_bot_games:
            raise Refused(
                ErrorCode.RATE_LIMITED,
                ngettext(
                    "you already have {n} unfinished game with bots; finish it first",
                    "you already have {n} unfinished games with bots; finish one first",
                    settings.max_bot_games,
                ).format(n=settings.max_bot_games),
            )
        solo = SoloConfig(body.solo.variant, body.solo.level) if body.solo is not None else None
        created = service.create(
            specs,
            body.seed,
            body.side,
            creator=addr,
            modules=body.modules,
            solo=solo,
            turn_seconds=body.turn_seconds,
            takeover_bot=body.takeover_bot,
            side_variant=body.side_variant,
            clock_start=body.clock_start,
        )
        hints = desk.set_table(created.game_id, body.hints, sum(1 for x in specs if x.kind is SeatKind.HUMAN))
        if body.first_game:
            rooms.first.mark(created.game_id)
        service.publish(created.game_id)
        return {**created_json(created, service), "hints": hints, "first_game": body.first_game}

    def reads_mine(body: MineIn, request: Request) -> tuple[str, MineIn]:
        return gate.reads(request), body

    @app.post("/api/mine")
    def my_games(asked: tuple[str, MineIn] = Depends(reads_mine)) -> dict[str, Any]:
        addr, body = asked
        out = []
        for item in body.games:
            try:
                summary = service.summary(item.game, gate.seat_of(addr, item.game, item.token))
                out.append({**summary, "first_game": rooms.first.state(item.game)["first_game"]})
            except Refused as exc:
                if exc.code is ErrorCode.RATE_LIMITED:
                    break  # every guess counts: no more checks for this address now
                continue
        return {"games": out}
