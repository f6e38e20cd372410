"""Reviews, hints and the bots' words read in the player's language: a review is made (and saved) in English
once, and read in each reader's language; English stays as it was."""

from __future__ import annotations

from pathlib import Path

import pytest

from inferno.bots.levels import bot_levels
from inferno.i18n import PSEUDO, use_language
from inferno.review.cards import threat_words
from inferno.review.game import GameReview, grade_word, headline_lines, summary_lines
from inferno.review.hints import hint_log_text
from inferno.review.reasons import reason_words

DATA = Path(__file__).resolve().parent.parent / "review" / "data"
REASON = (
    "better send bonfire noble (sends a noble to the BONFIRE paying 1 Florin) than bribe (takes loan #1 from "
    "Charon (+2 Drachmas)); 4 Florins less, 3 Drachmas more"
)
THREAT = (
    "Player 1 holds 2 Fraud cards (known: F20); likeliest: F20 100%, F07 6%, F11 6%; if played with their Barrels "
    "they would add about 0.0 Infamy at the end."
)
# The review's own English words (the engine's event texts inside a reason are the log's to translate).
ENGLISH = (
    "reviewed",
    "search iterations",
    "Biggest mistakes",
    "Lost per decision",
    "Hidden cards",
    "holds",
    "likeliest",
    "Fraud card",
    "better ",
    " than ",
    "Florins less",
    "Drachmas more",
    "win chance",
    "Infamy margin",
    "inaccurac",
    "blunder",
)


def _review() -> GameReview:
    return GameReview.load(DATA / "review_v1.json")


def test_english_reads_as_it_was_made() -> None:
    assert reason_words(REASON) == REASON and threat_words(THREAT) == THREAT
    assert hint_log_text(1) == "Player 2 asked for a hint"
    lines = summary_lines(_review())
    assert lines[0].startswith("Player 2: ") and "reviewed" in lines[0]


def test_a_review_reads_in_spanish() -> None:
    rv = _review()
    with use_language("es"):
        reason = reason_words(REASON)
        assert reason.startswith("mejor send bonfire noble (") and " que bribe (" in reason
        assert reason.endswith("; 4 florines menos, 3 dracmas más")
        assert threat_words(THREAT) == (
            "El Jugador 1 tiene 2 cartas de Fraude (conocidas: F20); las más probables: F20 100%, F07 6%, F11 6%; "
            "jugadas con sus Barriles añadirían unos 0.0 de Infamia al final."
        )
        assert grade_word("blunder") == "error grave"
        lines = summary_lines(rv, top=5)
        head = headline_lines(rv)
    assert lines[: len(head)] == head
    assert head[0].startswith("Jugador 2: ") and "decisiones revisadas" in head[0]
    text = "\n".join(lines)
    assert "Errores más grandes:" in text or not rv.biggest(5)
    reasons_dropped = "\n".join(line.split("; ", 1)[0] if line.startswith("  turno") else line for line in lines)
    for words in ENGLISH:
        assert words not in reasons_dropped, (words, lines)


@pytest.mark.parametrize("lang", ["it", "ca"])
def test_a_review_reads_in_italian_and_catalan(lang: str) -> None:
    with use_language(lang):
        lines = summary_lines(_review(), top=5)
        threat = threat_words(THREAT)
        reason = reason_words(REASON)
    assert lines[0].startswith({"it": "Giocatore 2: ", "ca": "Jugador 2: "}[lang])
    assert threat.startswith({"it": "Il Giocatore 1 ha 2 carte Frode", "ca": "El Jugador 1 té 2 cartes de Frau"}[lang])
    assert reason.endswith({"it": "4 fiorini in meno, 3 dracme in più", "ca": "4 florins menys, 3 dracmes més"}[lang])


def test_the_bots_words_read_in_each_language() -> None:
    english = {b.name: b for b in bot_levels()}
    assert english["random"].label == "the weakest"
    with use_language("es"):
        spanish = {b.name: b for b in bot_levels()}
    assert spanish["random"].label == "el más débil"
    assert spanish["random"].words.startswith("el más débil: juega cualquier jugada legal")
    assert set(spanish) == set(english)
    for name, level in spanish.items():
        assert level.words != english[name].words, name
        assert ":" in level.words  # "label: what it does", in every language
        for words in ("the weakest", "searches", "possible futures", "another style", "strategy", "move"):
            assert words not in level.words, (name, level.words)


def test_the_pseudo_language_reaches_every_review_text() -> None:
    with use_language(PSEUDO):
        lines = summary_lines(_review(), top=5)
        levels = bot_levels()
        threat = threat_words(THREAT)
    assert all(line.lstrip().startswith("[") for line in lines if line.strip()), lines
    assert all(b.words.startswith("[") for b in levels)
    assert threat.startswith("[")
