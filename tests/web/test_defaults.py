"""One source for every default: the server's limits (``inferno.server.defaults``, read by ``ServerSettings``
and by ``inferno serve``'s options and help), the solo level and variant and the P&P modules
(``inferno.defaults``, read by the command line, the lobby, the API and the browser). A front end that
carries its own copy fails here."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, get_args

import pytest

pytest.importorskip("fastapi")

from click.testing import CliRunner
from fastapi.testclient import TestClient

import inferno
from inferno.cli import serve
from inferno.cli.solo_options import solo_config, solo_options
from inferno.defaults import PNP_MODULES, SOLO_LEVEL, SOLO_LEVELS, default_solo, solo_variant
from inferno.rules.solo_model import SoloConfig
from inferno.server import defaults as d
from inferno.server.lobby_routes import CreateGameIn, SoloIn
from inferno.server.settings import ServerSettings

SRC = Path(inferno.__file__).parent


def test_the_serve_command_builds_the_servers_own_settings_from_its_defaults() -> None:
    assert serve.server_settings("sqlite:///x.db") == ServerSettings(database_url="sqlite:///x.db")


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("bot_delay", ServerSettings().bot_delay),
        ("action_rate", ServerSettings().action_rate.per_second),
        ("create_rate", ServerSettings().create_rate.per_second),
        ("read_rate", ServerSettings().read_rate.per_second),
        ("auth_failures", ServerSettings().auth_fail_address.burst),
        ("bot_workers", ServerSettings().bot_budget.workers),
        ("bot_game_cpu", ServerSettings().bot_budget.game_cpu_per_second),
        ("max_bot_games", ServerSettings().max_bot_games),
        ("expire_unstarted", ServerSettings().expire_unstarted / 86400),
        ("expire_abandoned", ServerSettings().expire_abandoned / 86400),
        ("bot_lease", ServerSettings().bot_lease),
        ("max_games", ServerSettings().max_games),
        ("max_connections", ServerSettings().connections.total),
        ("connections_per_address", ServerSettings().connections.per_address),
        ("live_per_address", ServerSettings().connections.live_per_address),
    ],
)
def test_each_serve_option_shows_the_servers_default_in_its_help(option: str, value: float) -> None:
    params = {p.name: p for p in serve.command.params}
    assert params[option].default == value
    flag = "--" + option.replace("_", "-")
    text = " ".join(CliRunner().invoke(serve.command, ["--help"], terminal_width=200).output.split())
    shown = re.search(re.escape(flag) + r" [A-Z ]+ .*?\[default: ([0-9.]+)", text)
    assert shown is not None and float(shown.group(1)) == value, (flag, shown and shown.group(0))


def test_the_vote_options_name_the_tables_defaults() -> None:
    text = " ".join(CliRunner().invoke(serve.command, ["--help"], terminal_width=200).output.split())
    away = ServerSettings().away
    assert f"default from the table settings: {away.idle_seconds:g})" in text
    assert f"default {away.gone_seconds:g})" in text and f"(default {away.grace_seconds:g})" in text


def test_a_given_serve_option_changes_that_setting_alone() -> None:
    got = serve.server_settings(None, action_rate=5.0, max_games=50, vote_gone=5.0)
    assert got.action_rate == d.Rate(5.0, 15.0) and got.max_games == 50 and got.away.gone_seconds == 5.0
    assert got.read_rate == ServerSettings().read_rate and got.away.idle_seconds == ServerSettings().away.idle_seconds


def test_the_solo_defaults_are_the_engines() -> None:
    assert SOLO_LEVEL == SoloConfig().level and SOLO_LEVEL in SOLO_LEVELS
    assert default_solo() == SoloConfig(solo_variant(), SOLO_LEVEL)
    assert inferno.new_game(1, seed=1).config.solo == default_solo()  # the engine's own choice, unchanged
    assert solo_config(1, None, None) == default_solo() and solo_config(1, None, "hard") == SoloConfig(
        solo_variant(), "hard"
    )


def test_the_command_line_offers_the_solo_and_module_defaults() -> None:
    import click

    @click.command()
    @solo_options
    def cmd(**_: Any) -> None: ...

    text = " ".join(CliRunner().invoke(cmd, ["--help"], terminal_width=200).output.split())
    assert f"(default: {SOLO_LEVEL})" in text and f"(default: {solo_variant()})" in text


def test_the_api_and_the_lobby_offer_the_same_choices(client: TestClient) -> None:
    assert SoloIn().level == SOLO_LEVEL and SoloIn().variant == solo_variant()
    assert get_args(SoloIn.model_fields["level"].annotation) == SOLO_LEVELS
    (modules,) = get_args(CreateGameIn.model_fields["modules"].annotation)
    assert get_args(modules) == PNP_MODULES
    solo = client.get("/api/solo").json()
    assert solo["levels"] == list(SOLO_LEVELS)
    assert solo["default"] == {"variant": solo_variant(), "level": SOLO_LEVEL}
    r = client.post("/api/games", json={"seats": [{"kind": "human"}], "solo": {"level": "nope"}})
    assert r.status_code == 400 and all(level in r.json()["message"] for level in SOLO_LEVELS)
    # The browser's lobby: its module boxes are the modules, and it carries no level of its own.
    page = (SRC / "web" / "index.html").read_text(encoding="utf-8")
    assert tuple(re.findall(r'id="module-([a-z]+)" value="\1"', page)) == PNP_MODULES
    assert re.search(r'<select id="solo-level"[^>]*></select>', page)


def test_no_front_end_carries_its_own_copy_of_a_default() -> None:
    """The solo level's default and the module list are written once; the server's limits too."""
    copies = []
    for path in [
        *SRC.glob("cli/*.py"),
        *SRC.glob("server/*.py"),
        *SRC.glob("envs/*.py"),
        *SRC.glob("web/*"),
        *SRC.glob("tui/*.py"),
        SRC / "rules" / "setup.py",
    ]:
        text = path.read_text(encoding="utf-8")
        for pattern in (r"['\"]medium['\"]", r"\[\s*['\"]plutus['\"],\s*['\"]phlegyas['\"]\s*\]"):
            copies += [f"{path.relative_to(SRC)}: {m.group(0)}" for m in re.finditer(pattern, text)]
    assert not copies, copies
    serve_text = (SRC / "cli" / "serve.py").read_text(encoding="utf-8")
    literals = [m for m in re.findall(r'"--([a-z-]+)",\s*default=[0-9]', serve_text) if m != "port"]
    assert not literals, f"inferno serve must read its defaults from ServerSettings: {literals}"


def test_the_docs_table_of_serve_options_gives_the_servers_defaults() -> None:
    """docs/play/online.md lists every option with its default: each number there is the option's."""
    docs = (SRC.parent.parent / "docs" / "play" / "online.md").read_text(encoding="utf-8")
    params = {p.name: p for p in serve.command.params}
    away = ServerSettings().away
    votes = {"vote_idle": away.idle_seconds, "vote_gone": away.gone_seconds, "vote_grace": away.grace_seconds}
    rows = re.findall(r"^\| `--([a-z-]+)` \| ([0-9.]+)[ ,|]", docs, flags=re.MULTILINE)
    rows = [(flag, shown) for flag, shown in rows if flag != "host"]
    assert len(rows) >= 17, rows
    for flag, shown in rows:
        name = flag.replace("-", "_")
        want = votes[name] if name in votes else params[name].default
        assert float(shown) == float(want), (flag, shown, want)
    assert (
        f"`--read-rate` | {ServerSettings().read_rate.per_second:g}, bursts of {ServerSettings().read_rate.burst:g}"
        in docs
    )
