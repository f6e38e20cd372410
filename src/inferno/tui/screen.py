"""Whole screens: the game as one player sees it, the final scoring, the log."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console, Group, RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from inferno.help import help_text
from inferno.rules.engine import Pending
from inferno.rules.scoring import STEPS, result
from inferno.rules.state import State
from inferno.rules.variants import game_side_variant
from inferno.tui.board import board_group
from inferno.tui.players import cards_group, families_group, options_panel
from inferno.tui.session import LogEntry
from inferno.tui.text import player_text

# Column heads for the final scoring steps (the engine's step keys are identifiers).
STEP_NAMES = {"extra_diplomas": "extra Diplomas", "phlegethon": "Phlegethon", "reputation": "reputation"}

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
        out.append("  (undone)", style="bold red")
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
        Panel(log_group(recent), title="Recent log", title_align="left"),
    ]
    if pend is not None:
        parts.append(options_panel(v, pend, labels, undo_steps))
    return Group(*parts)


def header_line(v: State) -> str:
    """The game in one line: players, side (and variant), the seed on a full state, the turn."""
    seed = "" if v.config.seed is None else f", seed {v.config.seed}"
    variant = game_side_variant(v)
    marked = f" ({variant.label})" if variant is not None else ""
    return f"Inferno — {_players_words(v)}, side {v.board.side}{marked}{seed}, turn {v.turn}"


def help_panel(s: State, pend: Pending) -> Panel:
    title, text, rule = help_text(s, pend.decision)
    body = Text(text + "\n")
    body.append(f"Rule: {rule}", style="italic")
    return Panel(body, title=escape(f"Help: {title}"), title_align="left")


def verdict_words(s: State) -> str:
    """How the game ended and who won, in one or two sentences."""
    r = result(s)
    how = "sudden death" if r.sudden_death else "Dante reached the end of his path"
    if r.solo is not None:
        verdict = "You win" if r.solo.won else "You lose"
        bar = "the target" if s.rules.solo.variants[r.solo.variant].win == "target" else "the Rival's"
        return (
            f"Game over ({how}). {verdict}: {r.players[0].infamy} Infamy against {bar} {r.solo.bar} "
            f"(margin {r.solo.margin:+d}). Rank: {r.solo.rank}."
        )
    if len(r.players) == 1:
        return f"Game over ({how}). Final score: {r.players[0].infamy} Infamy."
    return f"Game over ({how}). Winner{'s' if len(r.winners) > 1 else ''}: " + ", ".join(
        player_text(p).plain for p in r.winners
    )


def _rival_label(s: State) -> Text:
    name = s.rules.solo.opponent_name
    return Text(name[:1].upper() + name[1:] + " (the Rival)", style="bold")


def scoring_table(s: State, labels: Sequence[str]) -> Table:
    """Final scoring step by step for every player, the winner marked (a solo game: you and the Rival)."""
    r = result(s)
    solo = len(r.players) == 1
    t = Table(title="Final scoring (rulebook: game end)", title_style="bold")
    t.add_column("player")
    t.add_column("in play", justify="right")
    for step in STEPS:
        t.add_column(STEP_NAMES.get(step, step.replace("_", " ")), justify="right")
    t.add_column("total", justify="right", style="bold")
    t.add_column("Diplomas", justify="right")
    rows = [(player_text(pr.player, f" {labels[pr.player]}"), pr) for pr in r.players]
    if r.solo is not None:
        rows.append((_rival_label(s), r.solo.rival))
    for name, pr in rows:
        if pr.winner and not solo:
            name.append("  ★ winner", style="bold yellow")
        t.add_row(
            name,
            str(pr.before_final),
            *(str(pr.steps.get(step, 0)) for step in STEPS),
            str(pr.infamy),
            str(pr.diplomas),
        )
    t.caption = verdict_words(s)
    return t


def totals_table(s: State, labels: Sequence[str]) -> Table:
    """The final totals only (fits 80 columns): each player's Infamy and Diplomas, the winner marked."""
    r = result(s)
    solo = len(r.players) == 1
    t = Table(title="Final scoring", title_style="bold")
    t.add_column("player")
    t.add_column("Infamy", justify="right", style="bold")
    t.add_column("Diplomas", justify="right")
    rows = [(player_text(pr.player, f" {labels[pr.player]}"), pr) for pr in r.players]
    if r.solo is not None:
        rows.append((_rival_label(s), r.solo.rival))
    for name, pr in sorted(rows, key=lambda x: x[1].rank if not solo else 0):
        if pr.winner and not solo:
            name.append("  ★ winner", style="bold yellow")
        t.add_row(name, str(pr.infamy), str(pr.diplomas))
    return t


def end_summary(s: State, labels: Sequence[str]) -> RenderableType:
    """The end of the game: the totals, how it ended and who won, and the seed."""
    seed = "" if s.config.seed is None else f"Seed {s.config.seed}."
    return Group(totals_table(s, labels), Text(verdict_words(s)), Text(seed))


def _players_words(v: State) -> str:
    if v.solo is not None and v.config.solo is not None:
        return (
            f"solo game against the Rival ({v.rules.solo.variants[v.config.solo.variant].name}, {v.config.solo.level})"
        )
    return f"{v.num_players} player{'s' if v.num_players != 1 else ''}"
