"""The event log in every language: each text the engine writes is read by a template of
:mod:`inferno.records.event_words`, written again byte for byte in English, and fully translated in
Spanish, Italian and Catalan (and pseudo-localised in ``qps``)."""

from __future__ import annotations

import re
from functools import cache

import pytest

import inferno
from inferno.i18n import use_language
from inferno.records.event_words import Parsed, event_text, parse_event, render_event
from inferno.records.log import events, log_lines, scoring_table
from inferno.records.story import game_story
from inferno.rules.scoring import result

from ..harness.play import SIDES, random_steps

TRANSLATED = ("es", "it", "ca")
_FIELD = re.compile(r"\{\w+\}")


def _play(players: int, seed: int, side: str | None, bot: str, modules: tuple[str, ...] = ()) -> inferno.State:
    solo = None
    if players == 1:
        solo = inferno.SoloConfig(
            ("rival", "pilgrimage", "plague")[seed % 3], ("easy", "medium", "hard")[seed // 3 % 3]
        )
    s = inferno.new_game(players, seed, side=side, modules=modules, solo=solo, side_variant=True)
    for _ in random_steps(s, seed, bot=bot):
        pass
    return s


@cache
def _games() -> tuple[inferno.State, ...]:
    """Seeded random games of every kind: 1-5 players, both board sides, both bots, the P&P modules."""
    games = []
    seed = 0
    mods: tuple[tuple[str, ...], ...] = ((), ("plutus",), ("phlegyas",), ("plutus", "phlegyas"))
    for players in (1, 2, 3, 4):
        for side in SIDES:
            for bot in ("random", "accuser"):
                for k in range(3):
                    seed += 1
                    modules = () if players == 1 else mods[(seed + k) % 4]
                    games.append(_play(players, seed, side, bot, modules))
    for seed in (101, 102):
        games.append(_play(5, seed, None, "accuser", ("plutus", "phlegyas")))
    return tuple(games)


@cache
def _texts() -> tuple[str, ...]:
    return tuple(sorted({e.text for s in _games() for e in events(s)}))


def _nodes(p: Parsed) -> list[Parsed]:
    """A read text and every phrase nested in it."""
    out = [p]
    for v in p.values.values():
        if isinstance(v, Parsed):
            out += _nodes(v)
        elif isinstance(v, tuple):
            for sub in v:
                out += _nodes(sub)
    return out


def _english_phrases(p: Parsed) -> set[str]:
    """The English words of the templates a text was read with, in runs of two words or more."""
    found = set()
    for node in _nodes(p):
        for form in (node.template.singular, node.template.plural or ""):
            for chunk in _FIELD.split(form):
                chunk = chunk.strip(" :,()#+")
                if " " in chunk and re.search(r"[a-z]{3}", chunk):
                    found.add(chunk)
    return found


def test_the_games_cover_the_engine() -> None:
    """The games reach most of the templates (so the checks below read a real variety of texts)."""
    used = {parse_event(t).template.singular for t in _texts()}  # type: ignore[union-attr]
    assert len(used) >= 75, len(used)


def test_every_event_text_is_read_by_a_template() -> None:
    unknown = [t for t in _texts() if parse_event(t) is None]
    assert not unknown, unknown[:10]


def test_english_round_trip_is_byte_identical() -> None:
    with use_language("en"):
        for text in _texts():
            parsed = parse_event(text)
            assert parsed is not None, text
            assert render_event(parsed) == text
            assert event_text(text) is text


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_english_template_text_remains(lang: str) -> None:
    with use_language(lang):
        for text in _texts():
            parsed = parse_event(text)
            assert parsed is not None, text
            shown = event_text(text)
            if _FIELD.sub("", parsed.template.singular):  # a Reputation award's name alone is a data name
                assert shown != text, (lang, text)
            left = [phrase for phrase in _english_phrases(parsed) if phrase in shown]
            assert not left, (lang, text, shown, left)
            assert "{" not in shown and "}" not in shown, shown


def test_pseudo_language_translates_every_template() -> None:
    with use_language("qps"):
        for text in _texts():
            parsed = parse_event(text)
            assert parsed is not None
            if _FIELD.sub("", parsed.template.singular):
                assert "~" in event_text(text), text


def test_unknown_text_and_english_come_back_unchanged() -> None:
    with use_language("es"):
        assert event_text("something no template knows") == "something no template knows"
    assert event_text("turn 3") == "turn 3"
    with use_language("es"):
        assert event_text("turn 3") == "turno 3"


def test_nested_reasons_and_plurals_in_spanish() -> None:
    with use_language("es"):
        assert event_text("gains 2 Florins (Fraud card F07)") == "gana 2 florines (carta de Fraude F07)"
        assert event_text("gains 1 Florin (silver bonus)") == "gana 1 florín (bonificación de plata)"
        assert event_text("lays a Lust Soul down on 2.3 (Hell phase)") == (
            "tumba un Alma de Lujuria en 2.3 (fase del Infierno)"
        )
        assert event_text("changes 3 Florins into 3 Drachmas") == "cambia 3 florines por 3 dracmas"
        assert event_text("P&P expansion: Plutus and Phlegyas") == "expansión P&P: Pluto y Flegias"
    with use_language("ca"):
        assert event_text("trades two ½ Diplomas for a Greed Diploma") == (
            "canvia dos ½ Diplomes per un Diploma d'Avarícia"
        )
    with use_language("it"):
        assert event_text("brings an urchin from the Tower Home (effect)") == (
            "riporta un Monello dalla Torre a Casa (effetto)"
        )


def test_log_lines_story_and_scoring_table_read_in_spanish() -> None:
    s = next(g for g in _games() if g.num_players == 3 and not g.sudden_death)
    english = log_lines(s)
    with use_language("es"):
        lines = log_lines(s)
        table = scoring_table(result(s))
        story = game_story(s)
    assert len(lines) == len(english) and lines != english
    assert lines[0].startswith("Partida: partida de 3 jugadores")
    assert not any(line.startswith("Player ") for line in lines)
    assert "en juego" in table[0] and table[-1].startswith("Ganador(es): Jugador")
    assert story.how == "Dante llegó al final de su camino"
    assert "Infamia" in story.verdict and " wins " not in story.verdict
    assert story.steps[0].title == "Cartas de Fraude"
    assert all(p.name.startswith("Jugador ") for p in story.players)
    assert log_lines(s) == english  # the language was only the block's


def test_solo_story_reads_in_italian() -> None:
    s = next(g for g in _games() if g.num_players == 1)
    with use_language("it"):
        story = game_story(s)
    assert story.players[0].name == "Tu"
    assert story.verdict.startswith(("Vinci:", "Perdi:"))
    assert story.solo is not None
    assert all(r.needs and "win" not in r.needs for r in story.solo.ladder)


# Texts the random games rarely reach, written as the engine writes them.
RARE = (
    "the Tower is full: the accusing noble comes Home",
    "cannot pay the toll of Player 2's Desk on 3.4",
    "Lust Diploma tied: nobody places it (Dante's stop D2)",
    "no Lust Soul is left to place",
    "gains 2 Florins (gold bonus)",
    "pays 1 Drachma (a Guardian)",
    "Plague card P03 refills the Graveyard: nothing",
    "nobody is on the Fraud track: no Diploma (sudden death, Dante passes END)",
)


@pytest.mark.parametrize("text", RARE)
def test_rare_texts(text: str) -> None:
    parsed = parse_event(text)
    assert parsed is not None
    assert render_event(parsed) == text
    for lang in TRANSLATED:
        with use_language(lang):
            shown = event_text(text)
        assert shown != text
        assert not [phrase for phrase in _english_phrases(parsed) if phrase in shown], (lang, shown)


def test_pseudo_log_and_story() -> None:
    s = next(g for g in _games() if g.num_players == 2)
    with use_language("qps"):
        lines = log_lines(s)
        story = game_story(s)
        table = scoring_table(result(s))
    assert all("~" in line.split(": ", 1)[1] for line in lines)
    assert all("~" in step.title and "~" in step.text for step in story.steps)
    assert "~" in story.how and "~" in table[-1]
