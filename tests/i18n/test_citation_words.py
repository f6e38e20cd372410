"""Rule citations in the reader's language: every rule tag the game writes (its events, components, decision
help, outcomes, story, "why can't I?" answers and tutorial) reads in Spanish, Italian and Catalan with every
topic translated and every page reference kept, and is pseudo-localised in ``qps``; English is unchanged."""

from __future__ import annotations

import ast
import re
import tomllib
from functools import cache
from pathlib import Path

import pytest

import inferno
import inferno.components
import inferno.records.story
from inferno.help import DECISION_HELP
from inferno.i18n import use_language
from inferno.records.log import events
from inferno.records.story import game_story
from inferno.rules.citations import cite, known_topic, topic_words, topics

from .test_event_words import TRANSLATED, _games

PACKAGE = Path(inferno.__file__).parent
TAG = re.compile(r"(S[0-3]|IT|LM|NE|BC|RG|BM|[UD]\d+)\b|(the )?rulebook\b")
PAGE = re.compile(r"p\.\d+(?:-\d+)?")
# Where the codes and templates themselves are written, not rule tags.
NOT_TAGS = ("rules/citations.py", "rules/citation_words.py")


def _says(text: str, words: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(words)}(?!\w)", text) is not None


def _written_tags() -> set[str]:
    """Every whole string literal of the package that is a rule tag or a rulebook reference."""
    found: set[str] = set()
    for path in sorted(PACKAGE.rglob("*.py")):
        if str(path.relative_to(PACKAGE)) in NOT_TAGS:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        parts = {id(v) for node in ast.walk(tree) if isinstance(node, ast.JoinedStr) for v in node.values}
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in parts:
                text = node.value
                # A format template or a pattern (``rulebook p.{pages}``, ``rulebook p\.(\S+)``) is not a tag.
                if TAG.match(text) and len(text) < 120 and not any(c in text for c in "\n{\\("):
                    found.add(text)
    return found


def _recorded(monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """The tags the components and the story cite (some built from the game's data), as they cite them."""
    seen: set[str] = set()

    def record(rule: str) -> str:
        seen.add(rule)
        return cite(rule)

    monkeypatch.setattr(inferno.components, "cite", record)
    monkeypatch.setattr(inferno.components, "_CACHE", {})
    monkeypatch.setattr(inferno.records.story, "cite", record)
    for players in (1, 2, 3, 4):
        inferno.components.components(inferno.new_game(players, players))
    inferno.components.components(inferno.new_game(5, 5, modules=("plutus", "phlegyas")))
    for s in _games()[::6]:
        game_story(s)
    return seen


@cache
def _static_tags() -> frozenset[str]:
    tags = _written_tags()
    tags |= {e.rule for s in _games() for e in events(s)}
    tags |= {entry.rule for entry in DECISION_HELP.values()}
    script = tomllib.loads((PACKAGE / "tutorial" / "script.toml").read_text(encoding="utf-8"))
    tags |= {step["cite"] for chapter in script["chapter"] for step in chapter["step"] if "cite" in step}
    return frozenset(tags)


@pytest.fixture(scope="module")
def all_tags() -> frozenset[str]:
    with pytest.MonkeyPatch.context() as mp:
        return _static_tags() | _recorded(mp)


def test_the_tags_cover_the_game(all_tags: frozenset[str]) -> None:
    assert len(all_tags) >= 100, len(all_tags)
    assert "rulebook, Hell Phase p.11 (P&P: Plutus)" in all_tags  # an event of the P&P modules
    assert "S0 Boards & General Concepts; S1 p.12, p.14-15; IT PALACE" in all_tags  # a component
    assert "rulebook: Boards & General Concepts" in all_tags  # the tutorial


def test_every_topic_is_in_the_table(all_tags: frozenset[str]) -> None:
    unknown = sorted({(tag, t) for tag in all_tags for t in topics(tag) if not known_topic(t)})
    assert not unknown, unknown


@pytest.mark.parametrize("lang", TRANSLATED)
def test_citations_read_in_every_language(lang: str, all_tags: frozenset[str]) -> None:
    for tag in sorted(all_tags):
        english = cite(tag)
        with use_language(lang):
            shown = cite(tag)
            left = [t for t in topics(tag) if _says(shown, t) and topic_words(t) != t]
        if english == tag and not topics(tag) and not TAG.match(tag):
            continue  # not a citation
        assert shown != english, (lang, tag, shown)
        assert "rulebook" not in shown, (lang, tag, shown)
        assert not left, (lang, tag, shown, left)
        assert PAGE.findall(shown) == PAGE.findall(english), (lang, tag, shown)
        assert "{" not in shown and "}" not in shown, shown


def test_pseudo_language_translates_every_citation(all_tags: frozenset[str]) -> None:
    with use_language("qps"):
        for tag in all_tags:
            if topics(tag) or TAG.match(tag):
                assert "~" in cite(tag), tag


@pytest.mark.parametrize(
    ("lang", "tag", "words"),
    [
        ("es", "S2 Florence phase; S1 p.12", "reglamento p.12: fase de Florencia"),
        (
            "es",
            "S3 step 6 Reputation; U20",
            "reglamento: puntuación final, paso 6: Reputación; una opción por defecto de esta edición",
        ),
        ("es", "IT family council", "resumen didáctico de IronTarkles: consejo de familia"),
        ("it", "S0 River Styx; S1 p.9", "regolamento p.9: Fiume Stige"),
        ("it", "rulebook, Hell Phase p.11 (P&P: Plutus)", "regolamento p.11: fase dell'Inferno (P&P: Pluto)"),
        ("ca", "S2 Walls of Dis; S1 p.11", "reglament p.11: Mur de Dis"),
        ("ca", "S0; D3 accuser_floor_rule", "reglament; la interpretació de les regles d'aquesta edició"),
        ("ca", "rulebook p.14-15", "reglament p.14-15"),
        ("es", "Solo game: the Rival's card", "Partida en solitario: la carta del Rival"),
        ("es", "S0 Something new", "reglamento: Something new"),  # an unknown topic stays as written
        ("es", "Dante reached the end", "Dante reached the end"),  # not a citation
    ],
)
def test_known_citations(lang: str, tag: str, words: str) -> None:
    with use_language(lang):
        assert cite(tag) == words


def test_the_cache_is_per_language() -> None:
    tag = "S2 Walls of Dis; S1 p.11"
    assert cite(tag) == "rulebook p.11: Walls of Dis"
    with use_language("es"):
        assert cite(tag) == "reglamento p.11: Murallas de Dite"
    with use_language("it"):
        assert cite(tag) == "regolamento p.11: Mura di Dite"
    assert cite(tag) == "rulebook p.11: Walls of Dis"
    assert cite("rulebook, Hell Phase p.11") == "rulebook, Hell Phase p.11"  # English keeps words as written
