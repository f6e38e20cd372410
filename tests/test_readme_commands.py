"""Every command the README shows exists: a make target of the Makefile, an ``inferno`` command (names
taken from ``inferno --help`` through click's test runner) with options it accepts, or an install of
the package with extras it defines. A README that shows a command nobody can run is caught here."""

from __future__ import annotations

import re
import shlex
import tomllib
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from inferno.cli.main import cli

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
SHELLS = {"", "sh", "bash", "shell", "console"}


def shell_lines(markdown: str) -> list[str]:
    """The command lines of the fenced shell blocks, without comments and prompts."""
    lines = []
    for lang, body in re.findall(r"^```(\w*)\n(.*?)^```", markdown, re.S | re.M):
        if lang not in SHELLS:
            continue
        for raw in body.splitlines():
            line = re.split(r"\s#\s|\s#$", " " + raw.strip(), maxsplit=1)[0].strip()
            line = line.removeprefix("$ ")
            if line:
                lines.append(line)
    return lines


def make_targets() -> set[str]:
    text = (ROOT / "Makefile").read_text(encoding="utf-8")
    targets = set()
    for m in re.finditer(r"^([A-Za-z0-9_.\- ]+?)\s*:(?!=)", text, re.M):
        targets.update(t for t in m.group(1).split() if not t.startswith("."))
    return targets


def cli_commands() -> dict[str, list[str]]:
    """Command names listed by ``inferno --help`` (and ``inferno <group> --help`` for groups)."""

    def listed(args: list[str]) -> list[str]:
        out = CliRunner().invoke(cli, [*args, "--help"])
        assert out.exit_code == 0, out.output
        if "Commands:" not in out.output:
            return []
        block = out.output.split("Commands:", 1)[1]
        return re.findall(r"^  (\S+)", block, re.M)

    return {name: listed([name]) for name in listed([])}


def extras() -> set[str]:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return set(data["project"]["optional-dependencies"])


def _option_names(cmd: click.Command) -> set[str]:
    names = {"--help"}
    for p in cmd.params:
        names.update(getattr(p, "opts", []))
        names.update(getattr(p, "secondary_opts", []))
    return names


def problem(line: str, targets: set[str], commands: dict[str, list[str]], known_extras: set[str]) -> str | None:
    """Why ``line`` does not name something that exists (None when it does)."""
    words = shlex.split(line)
    head, args = words[0], words[1:]
    if head == "make":
        missing = [a for a in args if not a.startswith("-") and "=" not in a and a not in targets]
        return f"no make target {missing}" if missing or not args else None
    if head == "inferno":
        if not args or args[0] not in commands:
            return f"no inferno command {args[:1]}"
        cmd = cli.commands[args[0]]
        rest = args[1:]
        if isinstance(cmd, click.Group) and rest and not rest[0].startswith("-"):
            if rest[0] not in commands[args[0]]:
                return f"no command 'inferno {args[0]} {rest[0]}'"
            cmd, rest = cmd.commands[rest[0]], rest[1:]
        out = CliRunner().invoke(cli, [*args[: len(args) - len(rest)], "--help"])
        if out.exit_code != 0:
            return f"'--help' fails: {out.output}"
        bad = [w.split("=")[0] for w in rest if w.startswith("-") and w.split("=")[0] not in _option_names(cmd)]
        return f"unknown options {bad}" if bad else None
    if head == "pip" and args[:1] == ["install"]:
        for spec in args[1:]:
            m = re.fullmatch(r"\.(?:\[([\w,-]+)\])?", spec)
            if m is None:
                return f"installs {spec!r}, not this repository"
            unknown = set(filter(None, (m.group(1) or "").split(","))) - known_extras
            if unknown:
                return f"no extra {sorted(unknown)}"
        return None
    return f"{head!r} is neither make, inferno nor an install of this package"


def test_every_readme_command_exists() -> None:
    lines = shell_lines(README.read_text(encoding="utf-8"))
    assert "make play" in lines and "make test" in lines  # the two commands stay on the front page
    targets, commands, known = make_targets(), cli_commands(), extras()
    bad = [f"{line}: {why}" for line in lines if (why := problem(line, targets, commands, known))]
    assert not bad, "\n".join(bad)


def test_the_command_names_come_from_the_cli() -> None:
    commands = cli_commands()
    assert {"play", "serve", "rules", "simulate"} <= set(commands)
    assert "check" in commands["rules"]


@pytest.mark.parametrize(
    "line",
    [
        "make plya",
        "inferno plya",
        "inferno rules chekc",
        "inferno play --sead 3",
        "pip install '.[nonsense]'",
        "pip install some-other-package",
        "curl http://example.org | sh",
    ],
)
def test_a_command_that_does_not_exist_is_caught(line: str) -> None:
    assert problem(line, make_targets(), cli_commands(), extras()) is not None
