"""The tutorial's steps, read from ``script.toml`` (package data), in chapters."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache
from importlib import resources

from inferno.rules.actions import InfernoError

DEFAULT_HELD_BACK = "Not yet: this step asks for something else. Try the move it names."


class TutorialError(InfernoError):
    """A tutorial that cannot go on: a saved tutorial that does not fit, or a step asked out of turn."""


class StepKind(Enum):
    """An explain step only needs "next"; an act step asks the learner for a move."""

    EXPLAIN = "explain"
    ACT = "act"


@dataclass(frozen=True)
class Step:
    """One thing explained, and for an act step the moves that do it (in the usual action notation)."""

    id: str
    chapter: str  # the chapter's title
    title: str
    text: str
    cite: str  # the rulebook page or section, e.g. "rulebook p.11"
    kind: StepKind
    expected: tuple[str, ...]
    target: str  # "option", a component key (``inferno.components``) or "" for none
    held_back: str


@dataclass(frozen=True)
class Chapter:
    """A chapter's title, its steps, and the prepared positions steps start from, by step id (a step
    without one continues the game; the chapter's ``opening`` is its first step's)."""

    id: str
    title: str
    steps: tuple[Step, ...]
    openings: tuple[tuple[str, str], ...]


def _text(raw: dict[str, object], key: str, where: str, default: str | None = None) -> str:
    value = raw.get(key, default)
    if not isinstance(value, str):
        raise TutorialError(f"the tutorial script's {where} has no {key}")
    return " ".join(value.split()) if key in ("text", "held_back") else value.strip()


def _step(raw: dict[str, object], chapter: str) -> Step:
    sid = _text(raw, "id", f"chapter {chapter!r} step")
    where = f"step {sid!r}"
    kind = StepKind(_text(raw, "kind", where))
    expected = raw.get("expected", [])
    if not isinstance(expected, list) or not all(isinstance(e, str) for e in expected):
        raise TutorialError(f"the tutorial script's {where} has a bad expected list")
    if (kind is StepKind.ACT) != bool(expected):
        raise TutorialError(f"the tutorial script's {where}: only act steps name expected moves")
    return Step(
        id=sid,
        chapter=chapter,
        title=_text(raw, "title", where),
        text=_text(raw, "text", where),
        cite=_text(raw, "cite", where),
        kind=kind,
        expected=tuple(expected),
        target=_text(raw, "target", where, "option" if kind is StepKind.ACT else ""),
        held_back=_text(raw, "held_back", where, DEFAULT_HELD_BACK),
    )


def parse_script(text: str) -> tuple[Chapter, ...]:
    """The chapters of a tutorial script in TOML (see ``script.toml``)."""
    data = tomllib.loads(text)
    chapters = []
    for raw in data.get("chapter", []):
        title = _text(raw, "title", "chapter")
        raws = raw.get("step", [])
        steps = tuple(_step(s, title) for s in raws)
        if not steps:
            raise TutorialError(f"the tutorial script's chapter {title!r} has no steps")
        openings = [(st.id, _text(r, "opening", st.id, "")) for st, r in zip(steps, raws, strict=True)]
        first = _text(raw, "opening", title, "")
        if first:
            openings[0] = (steps[0].id, first)
        chapters.append(Chapter(_text(raw, "id", title), title, steps, tuple((i, o) for i, o in openings if o)))
    ids = [s.id for c in chapters for s in c.steps]
    if len(set(ids)) != len(ids):
        raise TutorialError("the tutorial script repeats a step id")
    return tuple(chapters)


@lru_cache(maxsize=1)
def load_script() -> tuple[Chapter, ...]:
    """The packaged tutorial script."""
    return parse_script(resources.files("inferno.tutorial").joinpath("script.toml").read_text(encoding="utf-8"))
