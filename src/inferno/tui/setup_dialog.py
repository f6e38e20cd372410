"""The short interactive set-up run by ``inferno play`` without options."""

from __future__ import annotations

import random
from collections.abc import Callable

from rich.console import Console

from inferno.bots.base import bot_names
from inferno.bots.levels import bot_levels
from inferno.defaults import PNP_MODULES, SOLO_LEVEL, default_modules
from inferno.i18n import GAME, REVIEW, TERMINAL
from inferno.rules.pack import load_rules
from inferno.rules.pnp import check_modules, load_pnp
from inferno.rules.solo_model import LEVELS, SoloConfig
from inferno.tui.session import Seat, SeatError

Reader = Callable[[str], str]
_ = TERMINAL.gettext


def ask(read: Reader, console: Console, prompt: str, default: str, check: Callable[[str], object]) -> str:
    """Ask until ``check`` accepts the answer (blank = default)."""
    while True:
        answer = read(f"{prompt} [{default}]: ").strip() or default
        try:
            check(answer)
        except (ValueError, SeatError) as exc:
            console.print(f"✗ {exc}", style="bold red", markup=False)  # i18n: not for players (the style)
            continue
        return answer


def _players(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= 5:
        raise ValueError(_("choose 1, 2, 3, 4 or 5 players (5 with the P&P expansion)"))
    return int(text)


MODULE_ANSWERS = {"none": (), "plutus": ("plutus",), "phlegyas": ("phlegyas",), "both": ("plutus", "phlegyas")}


def parse_modules(text: str, players: int) -> tuple[str, ...]:
    """The P&P answer (none, plutus, phlegyas or both), checked against the player count."""
    t = text.strip().lower()
    if t not in MODULE_ANSWERS:
        raise ValueError(_("answer none, plutus, phlegyas or both"))
    modules = MODULE_ANSWERS[t]
    check_modules(players, modules, load_pnp())
    return modules


def interactive_modules(read: Reader, console: Console, players: int) -> tuple[str, ...]:
    """Ask which P&P expansion modules to play with (Plutus's Desks, Phlegyas's Bells)."""
    default = "both" if default_modules(players) == PNP_MODULES else "none"
    answer = ask(
        read,
        console,
        _("P&P expansion: none, plutus (Desks), phlegyas (Bells) or both"),
        default,
        lambda x: parse_modules(x, players),
    )
    return parse_modules(answer, players)


def _seat(text: str) -> Seat:
    seat = Seat.parse(text)
    if not seat.human and seat.bot not in bot_names():
        raise SeatError(
            _("there is no bot called {name}: answer human, or bot:NAME with NAME one of {bots}").format(
                name=repr(seat.bot), bots=", ".join(bot_names())
            )
        )
    return seat


def _seed(text: str) -> int:
    if not text.strip().lstrip("-").isdigit():
        raise ValueError(_("the seed is a whole number such as 42, not {text}").format(text=repr(text)))
    return int(text)


def interactive_setup(read: Reader, console: Console) -> tuple[list[Seat], int, tuple[str, ...], SoloConfig | None]:
    """Players, the P&P expansion modules, who plays each seat (human or a bot), the solo variant and
    level (1 player), and the seed."""
    console.print(_("New game of Inferno. Press Enter to accept a [default]."), markup=False)
    levels = ", ".join(f"{b.name} ({REVIEW.gettext(b.label)})" for b in bot_levels())
    console.print(_("Bots available, weakest first: {bots}").format(bots=levels), markup=False)
    n = _players(ask(read, console, _("Players (1-5)"), "3", _players))
    modules = interactive_modules(read, console, n)
    seats = []
    for i in range(n):
        default = "human" if i == 0 else "bot:random"
        seats.append(_seat(ask(read, console, _("Seat {n}: human or bot:NAME").format(n=i + 1), default, _seat)))
    solo = _ask_solo(read, console) if n == 1 else None
    seed = _seed(ask(read, console, _("Seed"), str(random.randrange(1_000_000)), _seed))
    return seats, seed, modules, solo


def _ask_solo(read: Reader, console: Console) -> SoloConfig:
    """The solo game's variant and level, chosen from the solo data."""
    data = load_rules().solo
    console.print(_("Solo game against the Rival. Variants:"), markup=False)
    for sv in data.variants.values():
        console.print(f"  {sv.id}: {GAME.gettext(sv.name)} — {GAME.gettext(sv.description)}", markup=False)
    names = tuple(data.variants)

    def variant(text: str) -> str:
        if text not in names:
            raise ValueError(_("choose one of {choices}").format(choices=", ".join(names)))
        return text

    def level(text: str) -> str:
        if text not in LEVELS:
            raise ValueError(_("choose one of {choices}").format(choices=", ".join(LEVELS)))
        return text

    v = variant(ask(read, console, _("Variant ({choices})").format(choices=", ".join(names)), names[0], variant))
    lv = level(ask(read, console, _("Level ({choices})").format(choices=", ".join(LEVELS)), SOLO_LEVEL, level))

    return SoloConfig(v, lv)
