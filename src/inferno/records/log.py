"""Readable and machine-readable game logs built from the engine's events."""

from __future__ import annotations

from typing import Any

from inferno.rules.citations import cite
from inferno.rules.events import Event
from inferno.rules.notation import action_text
from inferno.rules.scoring import STEPS, Result
from inferno.rules.state import State, linked_to_list


def events(s: State) -> list[Event]:
    """The event log, oldest first."""
    return linked_to_list(s.events)


def player_name(p: int, rival: str | None = None) -> str:
    """``Player n``; in a solo game (``rival`` = the Rival's name) index 1 is the Rival."""
    if rival is not None and p == 1:
        return rival[0].upper() + rival[1:]
    return f"Player {p + 1}" if p >= 0 else "Game"


def event_line(e: Event, rival: str | None = None) -> str:
    pts = f" [{e.points:+d} Infamy]" if e.points else ""
    return f"{player_name(e.player, rival)}: {e.text}{pts}  ({cite(e.rule)})"


def log_lines(s: State) -> list[str]:
    """The whole event log in words, one line per event, each naming its rule."""
    rival = s.rules.solo.opponent_name if s.solo is not None else None
    return [event_line(e, rival) for e in events(s)]


def log_json(s: State) -> list[dict[str, Any]]:
    """The event log as JSON-ready dicts."""
    return [e._asdict() for e in events(s)]


def action_lines(s: State) -> list[str]:
    return [action_text(s, a) for a in linked_to_list(s.actions)]


def scoring_table(r: Result) -> list[str]:
    """Final scoring by S3 step for every player, as text lines."""
    short = {"extra_diplomas": "extra", "phlegethon": "phleg", "reputation": "reput"}
    head = (
        f"{'':10}{'in play':>8}" + "".join(f"{short.get(step, step):>9}" for step in STEPS) + f"{'total':>7}{'dipl':>5}"
    )
    lines = [head]
    for pr in r.players:
        mark = " *" if pr.winner else ""
        lines.append(
            f"{player_name(pr.player):10}{pr.before_final:>8}"
            + "".join(f"{pr.steps[step]:>9}" for step in STEPS)
            + f"{pr.infamy:>7}{pr.diplomas:>5}{mark}"
        )
    how = "sudden death" if r.sudden_death else "Dante reached the end"
    lines.append(f"Winner(s): {', '.join(player_name(p) for p in r.winners)} ({how})")
    return lines
