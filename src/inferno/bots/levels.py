"""The bots in words, weakest first: what the lobby and the terminal say of each level.

The order is :data:`inferno.bots.base.LADDER`; the search levels' budgets are read from
:data:`inferno.bots.search.LEVELS`, so the words follow the bots.
"""

from __future__ import annotations

from dataclasses import dataclass

from inferno.bots.base import LADDER, bot_names


@dataclass(frozen=True, slots=True)
class BotLevel:
    name: str
    words: str  # "the weakest: plays any legal move at random; …"

    @property
    def label(self) -> str:
        """The words' short head ("the weakest", "a beginner")."""
        return self.words.split(":", 1)[0]

    def to_dict(self) -> dict[str, str]:
        return {"name": self.name, "label": self.label, "words": self.words}


def _search_words(level: str) -> str:
    from inferno.bots.search import LEVELS

    cfg = LEVELS[level]
    cap = f" (at most {cfg.max_seconds:g} s)" if cfg.max_seconds else ""
    return f"searches {cfg.iterations} possible futures before each move{cap}"


_SEARCH_WORDS = {
    "easy": "a beginner: {search}, so it often misses the best move",
    "medium": "an improver: {search}",
    "hard": "strong: {search}",
}
"""The search levels' words; ``{search}`` becomes their budget (:func:`_search_words`)."""

_WORDS = {
    "random": "the weakest: plays any legal move at random; good for learning the rules",
    "greedy": "steady: takes the move that looks best now, counting its own next step",
    "expert": "the strongest: hard's search in the same thinking time, judging each position only once a move is complete",
    "rollout": "greedy's best moves played out to compare them (the hints' search)",
    "greedy-classic": "greedy with its older, weaker judgement (a yardstick)",
    "ismcts": "the medium search under its generic name",
}
"""The other bots' words, by name."""


def _words(name: str) -> str:
    if name in _SEARCH_WORDS:
        return _SEARCH_WORDS[name].format(search=_search_words(name))
    if name in _WORDS:
        return _WORDS[name]
    if name.startswith("greedy-"):
        return f"greedy playing the {name.removeprefix('greedy-')} strategy"
    return "another bot"


def bot_levels() -> list[BotLevel]:
    """Every bot available here with its words: the ladder weakest first, then the other styles."""
    return [BotLevel(n, _words(n) if n in LADDER else "another style: " + _words(n)) for n in bot_names()]
