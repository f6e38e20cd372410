"""The tutorial's steps, read from ``script.toml`` (package data), in chapters.

The script is English; its titles, texts and held-back words are the ``tutorial`` catalog's msgids
(extracted from the TOML) and are translated when a front end reads them (:class:`Step`'s properties).
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache
from importlib import resources

from inferno.i18n import N_, TUTORIAL
from inferno.rules.actions import InfernoError

_ = TUTORIAL.gettext

DEFAULT_HELD_BACK = N_("Not yet: this step asks for something else. Try the move it names.")
# The rulebook's sections the script cites ("rulebook: <section>"), translated where shown.
SECTIONS: tuple[str, ...] = (N_("Boards & General Concepts"), N_("Game End & Final Scoring"))
# The script's citations, as it writes them (English, like its other texts).
_PAGES = re.compile(r"rulebook p\.(\S+)")  # i18n: not for players
_SECTION = re.compile(r"rulebook: (.+)")


class TutorialError(InfernoError):
    """A tutorial that cannot go on: a saved tutorial that does not fit, or a step asked out of turn."""


class StepKind(Enum):
    """An explain step only needs "next"; an act step asks the learner for a move."""

    EXPLAIN = "explain"
    ACT = "act"


def _words(source: str) -> str:
    """``source`` (an English msgid of the script) in the current language, on one line."""
    return " ".join(_(source).split())


def cite_words(cite: str) -> str:
    """A rulebook citation of the script ("rulebook p.11", "rulebook: <section>") in the current language."""
    pages = _PAGES.fullmatch(cite)
    if pages:
        return _("rulebook p.{pages}").format(pages=pages[1])
    section = _SECTION.fullmatch(cite)
    if section:
        return _("rulebook: {section}").format(section=_(section[1]))
    return _(cite)


@dataclass(frozen=True)
class Step:
    """One thing explained, and for an act step the moves that do it (in the usual action notation).

    The ``*_en`` fields are the script's English (the catalog's msgids); the properties of the same names
    without ``_en`` are what players read, in the current language."""

    id: str
    chapter_en: str  # the chapter's title
    title_en: str
    text_en: str  # as the script has it, line breaks and all
    cite_en: str  # the rulebook page or section, e.g. "rulebook p.11"
    kind: StepKind
    expected: tuple[str, ...]
    target: str  # "option", a component key (``inferno.components``) or "" for none
    held_back_en: str

    @property
    def chapter(self) -> str:
        """The chapter's title."""
        return _(self.chapter_en)

    @property
    def title(self) -> str:
        return _(self.title_en)

    @property
    def text(self) -> str:
        """What the step explains, on one line."""
        return _words(self.text_en)

    @property
    def cite(self) -> str:
        return cite_words(self.cite_en)

    @property
    def held_back(self) -> str:
        """The friendly word for a move this step does not ask for."""
        return _words(self.held_back_en)


@dataclass(frozen=True)
class Chapter:
    """A chapter's title, its steps, and the prepared positions steps start from, by step id (a step
    without one continues the game; the chapter's ``opening`` is its first step's)."""

    id: str
    title_en: str
    steps: tuple[Step, ...]
    openings: tuple[tuple[str, str], ...]

    @property
    def title(self) -> str:
        """The chapter's title in the current language."""
        return _(self.title_en)


def _text(raw: dict[str, object], key: str, where: str, default: str | None = None) -> str:
    value = raw.get(key, default)
    if not isinstance(value, str):
        raise TutorialError(f"the tutorial script's {where} has no {key}")  # i18n: not for players
    return value if key == "text" else value.strip()


def _held_back(raw: dict[str, object], where: str) -> str:
    """A step's ``held_back.text`` (a table, so the catalog's extractor finds it as a ``text``)."""
    value = raw.get("held_back")
    if value is None:
        return DEFAULT_HELD_BACK
    if not isinstance(value, dict):
        raise TutorialError(
            f"the tutorial script's {where} has a held_back that is not a table"  # i18n: not for players
        )
    return _text(value, "text", f"{where} held_back")


def _step(raw: dict[str, object], chapter: str) -> Step:
    # Where a fault in the script is, for the script's authors.
    sid = _text(raw, "id", f"chapter {chapter!r} step")  # i18n: not for players
    where = f"step {sid!r}"  # i18n: not for players
    kind = StepKind(_text(raw, "kind", where))
    expected = raw.get("expected", [])
    if not isinstance(expected, list) or not all(isinstance(e, str) for e in expected):
        raise TutorialError(f"the tutorial script's {where} has a bad expected list")  # i18n: not for players
    if (kind is StepKind.ACT) != bool(expected):
        raise TutorialError(
            f"the tutorial script's {where}: only act steps name expected moves"  # i18n: not for players
        )
    return Step(
        id=sid,
        chapter_en=chapter,
        title_en=_text(raw, "title", where),
        text_en=_text(raw, "text", where),
        cite_en=_text(raw, "cite", where),
        kind=kind,
        expected=tuple(expected),
        target=_text(raw, "target", where, "option" if kind is StepKind.ACT else ""),
        held_back_en=_held_back(raw, where),
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
            raise TutorialError(f"the tutorial script's chapter {title!r} has no steps")  # i18n: not for players
        openings = [(st.id, _text(r, "opening", st.id, "")) for st, r in zip(steps, raws, strict=True)]
        first = _text(raw, "opening", title, "")
        if first:
            openings[0] = (steps[0].id, first)
        chapters.append(Chapter(_text(raw, "id", title), title, steps, tuple((i, o) for i, o in openings if o)))
    ids = [s.id for c in chapters for s in c.steps]
    if len(set(ids)) != len(ids):
        raise TutorialError("the tutorial script repeats a step id")  # i18n: not for players
    return tuple(chapters)


@lru_cache(maxsize=1)
def load_script() -> tuple[Chapter, ...]:
    """The packaged tutorial script."""
    return parse_script(resources.files("inferno.tutorial").joinpath("script.toml").read_text(encoding="utf-8"))
