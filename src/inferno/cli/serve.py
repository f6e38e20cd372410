"""``inferno serve``: the web server (lobby, games, browser client) on localhost by default."""

from __future__ import annotations

import errno
import socket
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from inferno.cli.language import Command, help_text, lang_option
from inferno.engine_build import engine_name
from inferno.i18n import N_, TERMINAL
from inferno.server import defaults as d

if TYPE_CHECKING:
    from inferno.server.settings import ServerSettings
    from inferno.server.storage import Storage

DAY = 86400.0
_ = TERMINAL.gettext


@click.command(
    "serve",
    cls=Command,
    help=N_("Serve Inferno in the browser: create games, invite friends, play against bots."),
)
@lang_option
@click.option("--host", default="127.0.0.1", show_default=True, help=N_("Address to listen on (0.0.0.0 for a LAN)."))
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535))
@click.option(
    "--any-port",
    is_flag=True,
    help=N_("If the port is taken, listen on a free one instead (and say which)."),
)
@click.option(
    "--db",
    "database_url",
    default=None,
    help=N_(
        "Database: an SQLAlchemy URL such as postgresql+psycopg://user@host/inferno, or the path of an SQLite "
        "file (default: an SQLite file in your data folder)."
    ),
)
@click.option(
    "--bot-delay",
    default=d.BOT_DELAY,
    show_default=True,
    type=click.FloatRange(0, 10),
    help=N_("Seconds between bot moves."),
)
@click.option(
    "--new-game",
    "new_game",
    type=click.IntRange(1, 4),
    default=None,
    help=N_("Create a game for this many players (you in seat 1, bots in the others) and print its URL."),
)
@click.option("--bot", default=None, help=N_("Bot for --new-game seats (default: the strongest quick built-in bot)."))
@click.option("--seed", type=int, default=None, help=N_("Seed for --new-game."))
@click.option(
    "--action-rate",
    default=d.ACTION_RATE.per_second,
    show_default=True,
    type=click.FloatRange(0.1),
    help=N_("Actions per second per seat."),
)
@click.option(
    "--create-rate",
    default=d.CREATE_RATE.per_second,
    show_default=True,
    type=click.FloatRange(0.01),
    help=N_("New games per second per address."),
)
@click.option(
    "--read-rate",
    default=d.READ_RATE.per_second,
    show_default=True,
    type=click.FloatRange(0.1),
    help=N_("Reads (game state, board, replay, live connections) per second per address."),
)
@click.option(
    "--auth-failures",
    default=int(d.AUTH_FAIL_ADDRESS.burst),
    show_default=True,
    type=click.IntRange(1),
    help=N_("Failed authentications (wrong token, unknown game) one address may make before it gets 429."),
)
@click.option(
    "--bot-workers",
    default=d.BOT_WORKERS,
    show_default=True,
    type=click.IntRange(0, 64),
    help=N_("Processes in which bots think (0: one fewer than the cores, at least one)."),
)
@click.option(
    "--bot-game-cpu",
    default=d.BOT_GAME_CPU,
    show_default=True,
    type=click.FloatRange(0.01, 64),
    help=N_("CPU seconds per second the bots of one game may use on average."),
)
@click.option(
    "--max-bot-games",
    default=d.MAX_BOT_GAMES,
    show_default=True,
    type=click.IntRange(1),
    help=N_("Unfinished games with bots one address may have running at once."),
)
@click.option(
    "--expire-unstarted",
    default=d.EXPIRE_UNSTARTED / DAY,
    show_default=True,
    type=click.FloatRange(0.001),
    help=N_("Days after which a game nobody has moved in is deleted."),
)
@click.option(
    "--expire-abandoned",
    default=d.EXPIRE_ABANDONED / DAY,
    show_default=True,
    type=click.FloatRange(0.001),
    help=N_("Days after which an unfinished game without a move is deleted (finished games are kept)."),
)
@click.option(
    "--bot-lease",
    default=d.BOT_LEASE,
    show_default=True,
    type=click.FloatRange(0.5, 3600),
    help=N_(
        "Seconds after which another server process on the same database takes over the bots of a game "
        "whose process stopped answering."
    ),
)
@click.option(
    "--max-games",
    default=d.MAX_GAMES_IN_MEMORY,
    show_default=True,
    type=click.IntRange(10),
    help=N_(
        "Games kept in memory at most; beyond, the least recently used are evicted (they reload from the "
        "database when next asked for)."
    ),
)
@click.option(
    "--vote-idle",
    default=None,
    type=click.FloatRange(1),
    help=help_text(
        N_(
            "Seconds the table must wait for a player's decision before the others may vote that they have "
            "left (tables without a clock; default from the table settings: {seconds})."
        ),
        seconds=f"{d.VOTE_IDLE:g}",
    ),
)
@click.option(
    "--vote-gone",
    default=None,
    type=click.FloatRange(1),
    help=help_text(
        N_(
            "Seconds without a page of the game open after which the others may vote that the player to move "
            "has left (tables without a clock; default {seconds})."
        ),
        seconds=f"{d.VOTE_GONE:g}",
    ),
)
@click.option(
    "--vote-grace",
    default=None,
    type=click.FloatRange(0),
    help=help_text(
        N_("Seconds after taking a seat back during which its player cannot be voted out again (default {seconds})."),
        seconds=f"{d.VOTE_GRACE:g}",
    ),
)
@click.option(
    "--max-connections",
    default=d.MAX_CONNECTIONS,
    show_default=True,
    type=click.IntRange(16),
    help=N_("Open connections in all (fewer if the open-file limit is lower); a quarter is kept for new visitors."),
)
@click.option(
    "--connections-per-address",
    default=d.CONNECTIONS_PER_ADDRESS,
    show_default=True,
    type=click.IntRange(1),
    help=N_("Open connections (HTTP and live) from one address; beyond, 429 (a trusted proxy is not capped)."),
)
@click.option(
    "--live-per-address",
    default=d.LIVE_PER_ADDRESS,
    show_default=True,
    type=click.IntRange(1),
    help=N_("Live connections (game pages open) from one address; beyond, the connection is closed with 4429."),
)
def command(
    host: str,
    port: int,
    any_port: bool,
    database_url: str | None,
    bot_delay: float,
    new_game: int | None,
    bot: str | None,
    seed: int | None,
    action_rate: float,
    create_rate: float,
    read_rate: float,
    auth_failures: int,
    bot_workers: int,
    bot_game_cpu: float,
    max_bot_games: int,
    expire_unstarted: float,
    expire_abandoned: float,
    bot_lease: float,
    max_games: int,
    vote_idle: float | None,
    vote_gone: float | None,
    vote_grace: float | None,
    max_connections: int,
    connections_per_address: int,
    live_per_address: int,
) -> None:
    """``inferno serve``: the web server."""
    try:
        from inferno.server import collector, process
        from inferno.server.app import create_app
    except ModuleNotFoundError as exc:  # pragma: no cover
        raise click.ClickException(
            _("the web extra is not installed ({module}); pip install 'inferno-game[web]'").format(module=exc.name)
        ) from None

    # Take the port before anything is printed, so a printed link never points at another program.
    sock, taken = _listen(host, port, any_port)
    if taken:
        click.echo(_("Port {port} is taken; using port {free} instead.").format(port=port, free=sock.getsockname()[1]))
    port = sock.getsockname()[1]
    storage = _open_storage(database_url)
    if new_game is not None:
        url = _new_game_url(storage, host, port, new_game, bot, seed)
        click.echo(_("New game against bots: {url}").format(url=url))
    settings = server_settings(
        storage.url,
        bot_delay=bot_delay,
        action_rate=action_rate,
        create_rate=create_rate,
        read_rate=read_rate,
        auth_failures=auth_failures,
        bot_workers=bot_workers,
        bot_game_cpu=bot_game_cpu,
        max_bot_games=max_bot_games,
        expire_unstarted=expire_unstarted,
        expire_abandoned=expire_abandoned,
        bot_lease=bot_lease,
        max_games=max_games,
        vote_idle=vote_idle,
        vote_gone=vote_gone,
        vote_grace=vote_grace,
        max_connections=max_connections,
        connections_per_address=connections_per_address,
        live_per_address=live_per_address,
    )
    app = create_app(settings, storage=storage)
    click.echo(
        _("Inferno server on {url}  ({engine} engine; database: {database})").format(
            url=f"http://{host}:{port}/", engine=engine_name(), database=storage.url
        )
    )
    collector.tune()  # after start-up: see inferno.server.collector
    process.serve(app, sock, settings, click.echo)
    click.echo(_("Inferno server stopped."))


def _rate(given: float, default: d.Rate, burst_seconds: float, least: float) -> d.Rate:
    """An allowance of ``given`` a second: the server's own (``default``) when ``given`` is its rate, else one
    whose burst is ``burst_seconds`` of it (at least ``least``)."""
    if given == default.per_second:
        return default
    return d.Rate(given, max(burst_seconds * given, least))


def server_settings(url: str | None, **given: Any) -> ServerSettings:
    """The server's settings from ``inferno serve``'s options (each default is ``ServerSettings``'s own, from
    ``inferno.server.defaults``); ``url``: the database."""
    from inferno.server.botpool import BotBudget
    from inferno.server.clocks import AWAY, AwayRule
    from inferno.server.connections import ConnectionLimits
    from inferno.server.settings import ServerSettings

    g = {**_OPTION_DEFAULTS, **given}
    fails = g["auth_failures"]
    same_fails = fails == d.AUTH_FAIL_ADDRESS.burst
    return ServerSettings(
        database_url=url,
        bot_delay=g["bot_delay"],
        action_rate=_rate(g["action_rate"], d.ACTION_RATE, 3, 10),
        create_rate=_rate(g["create_rate"], d.CREATE_RATE, 30, 60),
        read_rate=_rate(g["read_rate"], d.READ_RATE, 10, 100),
        auth_fail_address=d.AUTH_FAIL_ADDRESS if same_fails else d.Rate(fails / 60, fails),
        auth_fail_game=d.AUTH_FAIL_GAME if same_fails else d.Rate(fails / 30, max(100, 3 * fails)),
        bot_budget=BotBudget(workers=g["bot_workers"], game_cpu_per_second=g["bot_game_cpu"]),
        max_bot_games=g["max_bot_games"],
        expire_unstarted=g["expire_unstarted"] * DAY,
        expire_abandoned=g["expire_abandoned"] * DAY,
        bot_lease=g["bot_lease"],
        max_games=g["max_games"],
        away=AwayRule(
            AWAY.idle_seconds if g["vote_idle"] is None else g["vote_idle"],
            AWAY.gone_seconds if g["vote_gone"] is None else g["vote_gone"],
            AWAY.grace_seconds if g["vote_grace"] is None else g["vote_grace"],
        ),
        connections=ConnectionLimits(
            per_address=g["connections_per_address"],
            live_per_address=g["live_per_address"],
            total=g["max_connections"],
        ),
    )


def database_url(value: str | None) -> str | None:
    """``--db``: a database URL as given, or a plain file path as the URL of an SQLite file there."""
    if value is None or "://" in value:
        return value
    path = Path(value).expanduser().resolve()
    if path.is_dir():
        raise click.BadParameter(
            _("{path} is a folder; give a file name for the SQLite database").format(path=value), param_hint="--db"
        )
    if not path.parent.is_dir():
        raise click.BadParameter(_("the folder {path} does not exist").format(path=path.parent), param_hint="--db")
    return f"sqlite:///{path}"


def _open_storage(value: str | None) -> Storage:
    """The server's storage on ``--db``, or a clear error (a malformed URL, a missing driver, a database
    that cannot be reached) instead of a traceback."""
    from sqlalchemy.exc import ArgumentError, NoSuchModuleError, SQLAlchemyError

    from inferno.server.storage import Storage

    url = database_url(value)
    try:
        return Storage(url)
    except (ArgumentError, NoSuchModuleError):
        raise click.BadParameter(
            _(
                "{value} is not a database URL this server knows; use postgresql+psycopg://user@host/name, "
                "sqlite:///path/file.db or a file path"
            ).format(value=repr(value)),
            param_hint="--db",
        ) from None
    except ModuleNotFoundError as exc:
        missing = _("the database driver {module} is not installed").format(module=exc.name)
        extra = (
            # i18n: not for players (a developer tool: simulation statistics)
            " (pip install 'inferno-game[postgres]')" if "psycopg" in str(exc.name) else ""
        )  # i18n: not for players (a command)
        raise click.ClickException(missing + extra) from None
    except SQLAlchemyError as exc:
        reason = str(getattr(exc, "orig", None) or exc).strip().splitlines()[0]
        raise click.ClickException(_("cannot open the database: {reason}").format(reason=reason)) from None


def _listen(host: str, port: int, any_port: bool) -> tuple[socket.socket, bool]:
    """A listening socket on ``host:port`` (or a free port if that one is taken and ``any_port``),
    and whether the asked-for port was taken. A taken port without ``any_port`` is a clear error."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    for p in (port, 0) if any_port else (port,):
        sock = socket.socket(family, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((host, p))
        except OSError as exc:
            sock.close()
            if exc.errno == errno.EADDRINUSE and p == port and any_port:
                continue
            if exc.errno == errno.EADDRINUSE:
                raise click.ClickException(
                    _(
                        "port {port} on {host} is taken by another program; choose another with --port, "
                        "or add --any-port to use a free one"
                    ).format(port=port, host=host)
                ) from None
            raise click.ClickException(
                _("cannot listen on {address}: {reason}").format(address=f"{host}:{p}", reason=exc.strerror)
            ) from None
        sock.listen(2048)
        sock.set_inheritable(True)
        return sock, p != port
    raise click.ClickException(_("no free port"))  # pragma: no cover (binding port 0 always succeeds)


def _new_game_url(storage: object, host: str, port: int, players: int, bot: str | None, seed: int | None) -> str:
    from inferno.bots.base import bot_names
    from inferno.server.service import GameService, SeatKind, SeatSpec
    from inferno.server.storage import Storage

    assert isinstance(storage, Storage)
    names = bot_names()
    if bot is None:
        bot = "greedy" if "greedy" in names else "random"
    if bot not in names:
        raise click.ClickException(_("unknown bot {name}; known: {bots}").format(name=repr(bot), bots=", ".join(names)))
    seats = [SeatSpec(SeatKind.HUMAN, name="")] + [SeatSpec(SeatKind.BOT, bot)] * (players - 1)
    created = GameService(storage).create(seats, seed)
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    return f"http://{shown}:{port}/game/{created.game_id}#{created.seat_tokens[0]}"


# Every option's default, as ``inferno serve`` shows it (``server_settings`` fills in what is not given).
_OPTION_DEFAULTS: dict[str, Any] = {p.name: p.default for p in command.params if p.name is not None}
