"""Readable and machine-readable game logs built from the engine's events."""

from __future__ import annotations

from typing import Any

from inferno.i18n import GAME, LOG, N_
from inferno.records.event_words import event_text
from inferno.rules.citations import cite
from inferno.rules.events import Event, events_since
from inferno.rules.notation import action_text
from inferno.rules.scoring import STEPS, Result
from inferno.rules.state import State, linked_to_list

_ = LOG.gettext


def events(s: State) -> list[Event]:
    """The event log, oldest first."""
    return events_since(s.events)


def player_name(p: int, rival: str | None = None) -> str:
    """``Player n``; in a solo game (``rival`` = the Rival's name) index 1 is the Rival."""
    if rival is not None and p == 1:
        name = GAME.gettext(rival)
        return name[:1].upper() + name[1:]
    return _("Player {n}").format(n=p + 1) if p >= 0 else _("Game")


def points_mark(points: int) -> str:
    """An event's Infamy change as the log marks it after its text: " [+2 Infamy]" ("" for none)."""
    return " " + _("[{points} Infamy]").format(points=f"{points:+d}") if points else ""


def event_line(e: Event, rival: str | None = None) -> str:
    """One event in words: who, what (in the reader's language) and the rule."""
    pts = points_mark(e.points)
    return f"{player_name(e.player, rival)}: {event_text(e.text)}{pts}  ({cite(e.rule)})"


def log_lines(s: State) -> list[str]:
    """The whole event log in words, one line per event, each naming its rule."""
    rival = s.rules.solo.opponent_name if s.solo is not None else None
    return [event_line(e, rival) for e in events(s)]


def log_json(s: State) -> list[dict[str, Any]]:
    """The event log as JSON-ready dicts."""
    return [e._asdict() for e in events(s)]


def action_lines(s: State) -> list[str]:
    return [action_text(s, a) for a in linked_to_list(s.actions)]


# The scoring table's column heads, short to fit.
_HEADS = {
    "fraud": N_("fraud"),
    "phlegethon": N_("phleg"),
    "extra_diplomas": N_("extra"),
    "diplomas": N_("diplomas"),
    "loans": N_("loans"),
    "reputation": N_("reput"),
}


def scoring_table(r: Result) -> list[str]:
    """Final scoring by S3 step for every player, as text lines (columns widen for longer words)."""
    names = [player_name(pr.player) for pr in r.players]
    heads = [_(_HEADS.get(step, step)) for step in STEPS]
    in_play, total, dipl = _("in play"), _("total"), _("dipl")
    name_w = max([10, *(len(n) + 1 for n in names)])
    play_w = max(8, len(in_play) + 1)
    step_w = [max(9, len(h) + 1) for h in heads]
    total_w, dipl_w = max(7, len(total) + 1), max(5, len(dipl) + 1)
    head = (
        f"{'':{name_w}}{in_play:>{play_w}}"
        + "".join(f"{h:>{w}}" for h, w in zip(heads, step_w, strict=True))
        + f"{total:>{total_w}}{dipl:>{dipl_w}}"
    )
    lines = [head]
    for pr, name in zip(r.players, names, strict=True):
        mark = " *" if pr.winner else ""
        lines.append(
            f"{name:{name_w}}{pr.before_final:>{play_w}}"
            + "".join(f"{pr.steps[step]:>{w}}" for step, w in zip(STEPS, step_w, strict=True))
            + f"{pr.infamy:>{total_w}}{pr.diplomas:>{dipl_w}}{mark}"
        )
    how = _("sudden death") if r.sudden_death else _("Dante reached the end")
    winners = ", ".join(player_name(p) for p in r.winners)
    lines.append(_("Winner(s): {winners} ({how})").format(winners=winners, how=how))
    return lines
