"""The bots in words, weakest first: what the lobby and the terminal say of each level.

The order is :data:`inferno.bots.base.LADDER`; the search levels' budgets are read from
:data:`inferno.bots.search.LEVELS`, so the words follow the bots.
"""

from __future__ import annotations

from dataclasses import dataclass

from inferno.bots.base import LADDER, bot_names
from inferno.i18n import N_, REVIEW

_ = REVIEW.gettext


@dataclass(frozen=True, slots=True)
class BotLevel:
    name: str
    words: str  # "the weakest: plays any legal move at random; …" (in the language it was made in)

    @property
    def label(self) -> str:
        """The words' short head ("the weakest", "a beginner")."""
        return self.words.split(":", 1)[0]

    def to_dict(self) -> dict[str, str]:
        return {"name": self.name, "label": self.label, "words": self.words}


def _search_words(level: str) -> str:
    from inferno.bots.search import LEVELS

    cfg = LEVELS[level]
    if cfg.max_seconds:
        return _("searches {n} possible futures before each move (at most {seconds} s)").format(
            n=cfg.iterations, seconds=f"{cfg.max_seconds:g}"
        )
    return _("searches {n} possible futures before each move").format(n=cfg.iterations)


# The search levels' words; ``{search}`` becomes their budget (:func:`_search_words`). Each reads "label: what it
# does" in every language (``BotLevel.label`` is the part before the colon).
_SEARCH_WORDS = {
    "easy": N_("a beginner: {search}, so it often misses the best move"),
    "medium": N_("an improver: {search}"),
    "hard": N_("strong: {search}"),
}

# The other bots' words, by name.
_WORDS = {
    "random": N_("the weakest: plays any legal move at random; good for learning the rules"),
    "greedy": N_("steady: takes the move that looks best now, counting its own next step"),
    "expert": N_(
        "the strongest: hard's search, judging each position only once a move is complete, and thinking longer"
        " with three or more families"
    ),
    "rollout": N_("greedy's best moves played out to compare them (the hints' search)"),
    "greedy-classic": N_("greedy with its older, weaker judgement (a yardstick)"),
    "ismcts": N_("the medium search under its generic name"),
}


def _words(name: str) -> str:
    """The bot's words in the current language."""
    if name in _SEARCH_WORDS:
        return _(_SEARCH_WORDS[name]).format(search=_search_words(name))
    if name in _WORDS:
        return _(_WORDS[name])
    if name.startswith("greedy-"):
        return _("greedy playing the {strategy} strategy").format(strategy=name.removeprefix("greedy-"))
    return _("another bot")


def bot_levels() -> list[BotLevel]:
    """Every bot available here with its words in the current language: the ladder weakest first, then the
    other styles."""
    return [
        BotLevel(n, _words(n) if n in LADDER else _("another style: {words}").format(words=_words(n)))
        for n in bot_names()
    ]
