"""The game's words read in every language (inferno.components, inferno.help): every component text and
every decision's help renders in Spanish, Italian, Catalan and the pseudo language without an English
sentence left, with the glossary's terms, and English stays what it was."""

from __future__ import annotations

import dataclasses
import re

import pytest

import inferno
from inferno.components import component_list, components
from inferno.game_words import guardian_name, loan_words, sin_of, stop_name
from inferno.help import DECISION_HELP, effect_words, endgame_words, help_text, help_title
from inferno.i18n import GAME, use_language
from inferno.rules.model import StopKind
from inferno.rules.state import State

LANGS = ("es", "it", "ca")
# Words of an English sentence that none of the three languages writes: one left means an untranslated text.
ENGLISH = re.compile(
    r"\b(the|and|your|with|when|you|of|to|for|at|is|it|from|Soul|Souls|Drachmas?|Florins?|Infamy|Graveyard|"
    r"Guests?|Barrels?|track|Skull|Lust|Gluttony|Greed|Sloth|Heresy|Violence|Treachery|Paganism|stop|bonus tile)\b"
)
COMMAND = re.compile(r"'[^']*'")  # the action notation ('move 3.2', 'done') never changes


def _games() -> list[State]:
    return [inferno.new_game(players=p, seed=seed) for p, seed in ((1, 3), (2, 3), (3, 7), (4, 5))]


def _english_left(text: str) -> list[str]:
    return ENGLISH.findall(COMMAND.sub("", text))


def _texts(s: State) -> list[tuple[str, str]]:
    out = [(c.key, c.title) for c in components(s).values()] + [(c.key, c.text) for c in components(s).values()]
    for d in DECISION_HELP:
        title, text, _rule = help_text(s, d)
        out += [(d.name, title), (d.name, text)]
    r = s.rules
    for fc in r.fraud_cards:
        out += [(fc.id, effect_words(r, e)) for e in fc.instant] + [(fc.id, endgame_words(r, e)) for e in fc.endgame]
    out += [(t.id, effect_words(r, t.effect)) for t in r.bonus_tiles]
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_every_component_and_decision_reads_in_the_language(lang: str) -> None:
    for s in _games():
        with use_language(lang):
            texts = _texts(s)
        for key, text in texts:
            assert text.strip(), key
            assert not _english_left(text), (lang, key, _english_left(text), text)
            assert "{" not in text and "}" not in text, (lang, key, text)  # every placeholder filled


@pytest.mark.parametrize(
    ("lang", "styx", "graveyard", "soul"),
    [
        ("es", "Estigia", "Cementerio", "Alma"),
        ("it", "Stige", "Cimitero", "Anima"),
        ("ca", "Estix", "Cementiri", "Ànima"),
    ],
)
def test_the_glossary_terms_are_used(lang: str, styx: str, graveyard: str, soul: str) -> None:
    s = inferno.new_game(players=2, seed=3)
    with use_language(lang):
        table = components(s)
        assert styx in table["styx"].title and styx in table["graveyard"].text
        assert table["graveyard"].title == graveyard and soul in table["graveyard"].text
        assert styx in help_text(s, inferno.Decision.STYX)[0]


def test_spanish_reads_naturally() -> None:
    s = inferno.new_game(players=2, seed=3)
    with use_language("es"):
        table = components(s)
        bank = next(loc for loc in s.rules.locations if loc.name == "BANK")
        assert "Gana 2 florines, más 1 por cada Invitado en tu Torre." in table[f"location:{bank.index}"].text
        assert table["track:2"].title == "Marcador de Pecado de la Lujuria"
        assert "1 Alma: avanza en uno de los 4 primeros marcadores" in table["styx"].text
        assert help_title(inferno.Decision.HELL) == "Fase del Infierno: mueve un Alma"


def test_a_sin_naming_a_thing_takes_each_languages_article() -> None:
    r = inferno.new_game(players=2, seed=3).rules
    greed = next(i + 1 for i, c in enumerate(r.circles) if c.sin == "Greed")
    expect = {"en": "Greed", "es": "de la Avaricia", "it": "dell'Avarizia", "ca": "de l'Avarícia"}
    for lang, words in expect.items():
        with use_language(lang):
            assert sin_of(r, greed) == words
            assert GAME.gettext("Greed") in {"Greed", "Avaricia", "Avarizia", "Avarícia"}


def test_plurals_follow_the_number() -> None:
    r = inferno.new_game(players=2, seed=3).rules
    with use_language("es"):
        words = [loan_words(r, n) for n in range(1, len(r.loan_positions) + 2)]
    assert all("punto" in w or "nada" in w for w in words)
    assert not any("1 puntos" in w for w in words)


def test_guardians_take_their_article_in_a_sentence() -> None:
    s = inferno.new_game(players=2, seed=3)
    furies = next(g for g in s.rules.guardians if g.id == "furies")
    minos = next(g for g in s.rules.guardians if g.id == "minos")
    with use_language("it"):
        assert guardian_name(furies) == "le Furie"
        assert guardian_name(minos) == "Minosse"
    with use_language("ca"):
        assert guardian_name(furies) == "les Fúries"


def test_every_text_is_pseudo_localised() -> None:
    """qps: every text went through a translation call (each carries the pseudo padding "~")."""
    for s in _games():
        with use_language("qps"):
            texts = _texts(s)
            stops = [stop_name(s, st) for st in s.stops]
        for key, text in texts + [("stop", x) for x in stops]:
            assert "~" in text, (key, text)


def test_the_language_is_read_when_the_texts_are_made() -> None:
    """No text is kept across languages: the same game reads in each language in turn."""
    s = inferno.new_game(players=2, seed=3)
    english = components(s)["styx"].text
    with use_language("es"):
        spanish = components(s)["styx"].text
        assert help_text(s, inferno.Decision.STYX)[1].startswith("Devuelve Almas")
    with use_language("it"):
        assert components(s)["styx"].title == "Fiume Stige"
    assert components(s)["styx"].text == english and english != spanish
    assert english.startswith("Return Souls of one colour from the Graveyard")
    assert help_text(s, inferno.Decision.STYX)[1].startswith("Return Souls")


def test_component_list_in_every_language_keeps_its_keys() -> None:
    s = inferno.new_game(players=3, seed=7)
    keys = [c.key for c in component_list(s)]
    for lang in (*LANGS, "qps"):
        with use_language(lang):
            assert [c.key for c in component_list(s)] == keys


def test_stop_names_in_spanish() -> None:
    s = inferno.new_game(players=2, seed=3)
    with use_language("es"):
        names = {st.kind: stop_name(s, st) for st in s.stops}
    assert names[StopKind.FRAUD] == "una parada de Fraude"
    assert names[StopKind.PAGAN] == "una parada pagana"
    assert names[StopKind.DIPLOMA].startswith("la parada del Diploma de")


def test_amounts_from_the_data_take_their_number_in_every_language() -> None:
    """A cost of 1 or 3 reads "1 dracma", "3 dracmas" (the help's costs too), whatever the data says."""
    s = inferno.new_game(players=2, seed=3)
    for cost, words in ((1, "1 dracma"), (3, "3 dracmas")):
        t = s.copy()
        t.rules = dataclasses.replace(s.rules, ferry_cost=cost, bribe_cost=cost)
        with use_language("es"):
            assert f"por {words} (" in components(t)["graveyard"].text
            assert f"Paga {words} (" in components(t)["bribe"].text
            assert f"por {words} ('enter lust')" in help_text(t, inferno.Decision.HELL)[1]
            assert f"'bribe' por {words} para" in help_text(t, inferno.Decision.FLORENCE)[1]
