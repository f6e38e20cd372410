"""Whole screens: the game as one player sees it, the final scoring, the log."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console, Group, RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.text import Text

from inferno.help import help_text
from inferno.i18n import GAME, N_, TERMINAL
from inferno.rules.engine import Pending
from inferno.rules.state import State
from inferno.rules.variants import game_side_variant
from inferno.tui.board import board_group
from inferno.tui.players import cards_group, families_group, options_panel
from inferno.tui.session import LogEntry
from inferno.tui.text import level_word, player_text

# Column heads for the final scoring steps (the engine's step keys are identifiers).
STEP_NAMES = {"extra_diplomas": N_("extra Diplomas"), "phlegethon": N_("Phlegethon"), "reputation": N_("reputation")}

_ = TERMINAL.gettext
ngettext = TERMINAL.ngettext


def step_name(key: str) -> str:
    """A final scoring step's name for players, in their language."""
    name = STEP_NAMES.get(key)
    return _(name) if name is not None else key.replace("_", " ")


# Clear the screen and the scrollback, so a hot-seat player cannot scroll up to another's hand.
CLEAR_ALL = "\033[H\033[2J\033[3J"


def clear(console: Console) -> None:
    if console.is_terminal:
        console.file.write(CLEAR_ALL)
        console.file.flush()


def entry_text(entry: LogEntry) -> Text:
    """A log entry: the action taken, then the events it caused; undone steps are marked."""
    out = Text()
    if entry.index < 0:
        out.append("\n".join(entry.lines))
        return out
    out.append_text(player_text(entry.player))
    out.append(f" #{entry.index + 1}: {entry.action}", style="bold")
    if entry.undone:
        out.append("  " + _("(undone)"), style="bold red")  # i18n: not for players (the style)
        out.stylize("strike dim")
        return out
    for line in entry.lines:
        out.append("\n    " + line)
    return out


def log_group(entries: Sequence[LogEntry], last: int | None = None) -> RenderableType:
    shown = list(entries) if last is None else list(entries)[-last:]
    return Group(*(entry_text(e) for e in shown))


def game_screen(
    v: State,
    viewer: int,
    labels: Sequence[str],
    pend: Pending | None,
    recent: Sequence[LogEntry],
    undo_steps: int = 0,
) -> RenderableType:
    """Everything a player needs: board, every family, market, own hand, recent log, the decision.

    A player's view carries no seed (it would reveal every hand), so the seed shows only on full
    states: the end of the game and the replay of a finished one.
    """
    parts: list[RenderableType] = [
        Text(header_line(v)),
        board_group(v),
        families_group(v, labels),
        cards_group(v, viewer),
        Panel(log_group(recent), title=_("Recent log"), title_align="left"),
    ]
    if pend is not None:
        parts.append(options_panel(v, pend, labels, undo_steps))
    return Group(*parts)


def header_line(v: State) -> str:
    """The game in one line: players, side (and variant), the seed on a full state, the turn."""
    variant = game_side_variant(v)
    side = v.board.side if variant is None else f"{v.board.side} ({variant.label})"
    if v.config.seed is None:
        return _("Inferno — {players}, side {side}, turn {turn}").format(
            players=_players_words(v), side=side, turn=v.turn
        )
    return _("Inferno — {players}, side {side}, seed {seed}, turn {turn}").format(
        players=_players_words(v), side=side, seed=v.config.seed, turn=v.turn
    )


def help_panel(s: State, pend: Pending) -> Panel:
    title, text, rule = help_text(s, pend.decision)
    body = Text(text + "\n")
    body.append(_("Rule: {rule}").format(rule=rule), style="italic")
    return Panel(body, title=escape(_("Help: {title}").format(title=title)), title_align="left")


def _players_words(v: State) -> str:
    if v.solo is not None and v.config.solo is not None:
        return _("solo game against the Rival ({variant}, {level})").format(
            variant=GAME.gettext(v.rules.solo.variants[v.config.solo.variant].name),
            level=level_word(v.config.solo.level),
        )
    return ngettext("{n} player", "{n} players", v.num_players).format(n=v.num_players)
