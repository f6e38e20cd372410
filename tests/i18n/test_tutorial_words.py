"""The tutorial reads in Spanish, Italian and Catalan (and pseudo): every chapter, title, text, citation,
held-back word and reply of the whole script, the tutorial's errors, and the browser tutorial's JSON."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from inferno.i18n import use_language
from inferno.tutorial.progress import record
from inferno.tutorial.script import SECTIONS, Step, cite_words, load_script, parse_script
from inferno.tutorial.session import StepKind, Tutorial, TutorialError

LANGUAGES = ("es", "it", "ca")
# How each language says what the tutorial answers (the start of a reply, a finished tutorial).
PLAYED = {"es": "Has jugado ", "it": "Hai giocato ", "ca": "Has jugat "}
OPPONENT = {"es": "Tu oponente ha jugado ", "it": "Il tuo avversario ha giocato ", "ca": "El teu oponent ha jugat "}
FINISHED = {
    "es": "¡juega tu primera partida!",
    "it": "gioca la tua prima partita!",
    "ca": "juga la teva primera partida!",
}
RULEBOOK = {"es": "reglamento", "it": "regolamento", "ca": "reglament"}
# Words of English sentences that none of the three languages uses as a word ("on" is Catalan, so left out).
ENGLISH = re.compile(r"\b(the|your|you|and|of|to|is|with|for|play|this|step|from)\b", re.IGNORECASE)


def english_left(text: str, step: Step | None = None) -> list[str]:
    """English words in ``text``, once the step's moves (the notation, the same in every language) are out."""
    for move in step.expected if step is not None else ():
        text = text.replace(move, "")
    return ENGLISH.findall(text)


def walk(t: Tutorial) -> None:
    """One step on: Next on an explain step, the step's first move on an act step."""
    step = t.step
    assert step is not None
    if step.kind is StepKind.EXPLAIN:
        t.next()
    else:
        assert t.play(step.expected[0]).accepted


def english_of(step: Step) -> dict[str, str]:
    with use_language("en"):
        return {"chapter": step.chapter, "title": step.title, "text": step.text, "held": step.held_back}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_step_of_the_whole_tutorial_reads_in_the_language(lang: str) -> None:
    t = Tutorial.start()
    with use_language(lang):
        while not t.done:
            step = t.step
            assert step is not None
            en = english_of(step)
            shown = {"chapter": step.chapter, "title": step.title, "text": step.text, "held": step.held_back}
            for key, text in shown.items():
                assert text and text != en[key], (lang, step.id, key, text)
                assert not english_left(text, step), (lang, step.id, key, text, english_left(text, step))
            assert step.cite.startswith(RULEBOOK[lang]) and not english_left(step.cite), (step.id, step.cite)
            assert "\n" not in step.text and "  " not in step.text, step.id
            if step.kind is StepKind.ACT:
                # The moves stay in the notation: the text and the held-back word name them as they are.
                assert step.expected[0] in step.text and step.expected[0] in step.held_back, (lang, step.id)
            walk(t)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_replies_read_in_the_language(lang: str) -> None:
    t = Tutorial.start()
    with use_language(lang):
        explain_first = t.play("enter lust")
        assert not explain_first.accepted and not english_left(explain_first.message), explain_first.message
        while t.step is not None and t.step.kind is StepKind.EXPLAIN:
            t.next()
        step = t.step
        assert step is not None
        held = t.play("fly to the moon")
        assert (held.accepted, held.message) == (False, step.held_back)
        with pytest.raises(TutorialError) as asked:
            t.next()
        assert step.expected[0] in str(asked.value) and not english_left(str(asked.value), step), str(asked.value)
        replies = []
        while not t.done:
            step = t.step
            assert step is not None
            if step.kind is StepKind.ACT:
                reply = t.play(step.expected[0])
                assert reply.accepted and reply.message.startswith(PLAYED[lang] + step.expected[0]), reply.message
                assert "You played" not in reply.message and "Your opponent" not in reply.message, reply.message
                replies.append(reply.message)
            else:
                t.next()
        assert any(OPPONENT[lang] in r for r in replies)
        finished = t.play("enter lust")
        assert not finished.accepted and finished.message.endswith(FINISHED[lang]), finished.message
        with pytest.raises(TutorialError, match=re.escape(FINISHED[lang])):
            t.next()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_chapters_read_in_the_language_and_keep_their_place(lang: str) -> None:
    t = Tutorial.start()
    with use_language("en"):
        english = t.chapter_titles
    with use_language(lang):
        titles = t.chapter_titles
        assert len(set(titles)) == len(titles) == len(english)
        assert all(a != b and not english_left(a) for a, b in zip(titles, english, strict=True)), titles
        seen = []
        while not t.done:
            step = t.step
            assert step is not None
            assert titles[t.chapter_index] == step.chapter
            seen.append(t.chapter_index)
            walk(t)
        assert seen == sorted(seen) and set(seen) == set(range(len(titles)))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_saved_tutorial_that_does_not_fit_is_said_in_the_language(lang: str) -> None:
    with use_language(lang):
        for data in (None, {"tutorial": 1, "inputs": "next"}, {"tutorial": 1, "inputs": ["fly"]}):
            with pytest.raises(TutorialError) as refused:
                Tutorial.from_json(data)
            assert not english_left(str(refused.value)), str(refused.value)


def test_progress_that_cannot_be_written_is_said_in_spanish(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("", encoding="utf-8")
    with use_language("es"):
        problem = record(Tutorial.start(), blocker / "tutorial.json")
    assert problem.startswith("No se puede guardar tu progreso en") and "el tutorial continúa" in problem


def test_the_rulebook_citations_are_translated_whole() -> None:
    cites = {s.cite_en for c in load_script() for s in c.steps}
    for cite in cites:
        assert re.fullmatch(r"rulebook p\.\d+(-\d+)?", cite) or cite.removeprefix("rulebook: ") in SECTIONS, cite
    with use_language("es"):
        assert cite_words("rulebook p.14-15") == "reglamento p. 14-15"
        assert cite_words("rulebook: Game End & Final Scoring") == "reglamento: Fin de la partida y puntuación final"
    with use_language("it"):
        assert cite_words("rulebook: Boards & General Concepts") == "regolamento: Plance e concetti generali"
    assert cite_words("rulebook p.11") == "rulebook p.11"


def test_the_glossary_words_are_used() -> None:
    steps = {s.id: s for c in load_script() for s in c.steps}
    with use_language("es"):
        assert "Cementerio" in steps["graveyard"].text and "Río Aqueronte" in steps["graveyard"].text
        assert "Murallas de Dite" in steps["walls"].text and "paso seguro" in steps["walls"].text
    with use_language("it"):
        assert "Notabile" in steps["quartiere"].text and "Mura di Dite" in steps["walls"].text
        assert "Minosse" in steps["guardian_move"].text
    with use_language("ca"):
        assert "Cementiri" in steps["graveyard"].text and "Mur de Dis" in steps["walls"].text
        assert "Rastres de Pecat" in steps["sin_track"].text and "Infàmia" in steps["goal"].text


def test_pseudo_language_reaches_every_text() -> None:
    t = Tutorial.start()
    with use_language("qps"):
        assert all(title.startswith("[") and "~" in title for title in t.chapter_titles)
        while not t.done:
            step = t.step
            assert step is not None
            for text in (step.chapter, step.title, step.text, step.held_back, step.cite):
                assert text.startswith("[") and text.endswith("]") and "~" in text, (step.id, text)
            walk(t)
        assert "~" in t.play("enter lust").message


def test_english_reads_as_the_script_writes_it() -> None:
    first = load_script()[0].steps[0]
    assert first.title == "The theme" and first.cite == "rulebook: Boards & General Concepts"
    assert first.text.startswith("Florence, in the fourteenth century. Dante is walking down through Hell, and you")
    assert "\n" not in first.text


def test_the_browser_tutorial_json_reads_in_catalan() -> None:
    from inferno.server.tutorial_routes import tutorial_json

    t = Tutorial.start()
    with use_language("ca"):
        data = tutorial_json("tid", t)
        assert data["chapters"][0] == "Benvinguts a Florència" and data["chapter"] == 0
        assert data["step"]["title"] == "L'ambientació" and data["step"]["text"].startswith("Florència, segle XIV.")
        assert data["step"]["cite"] == "reglament: Taulers i conceptes generals"
        t.next()
        while t.step is not None and t.step.kind is StepKind.EXPLAIN:
            t.next()
        reply = t.play("enter lust")
        data = tutorial_json("tid", t, reply)
    assert data["reply"]["accepted"] and data["reply"]["message"].startswith("Has jugat enter lust")
    assert data["step"]["chapter"] == "La fase de l'Infern" and data["chapter"] == 1
    assert data["step"]["text"].endswith("Juga step 1.3.")


def test_the_browser_tutorial_answers_in_the_cookies_language(tmp_path: Path) -> None:
    from tests.web.helpers import make_client

    with make_client(tmp_path / "db.sqlite") as client:
        client.cookies.set("inferno_lang", "ca")
        r = client.post("/api/tutorials", json={})
        assert r.status_code == 200, r.text
        step = r.json()["step"]
        assert step["title"] == "L'ambientació" and step["text"].startswith("Florència, segle XIV.")


def test_a_held_back_word_outside_a_table_is_refused() -> None:
    """``held_back.text`` is what the catalog's extractor finds; a plain ``held_back`` string would stay English."""
    script = (
        '[[chapter]]\nid = "c"\ntitle = "C"\n[[chapter.step]]\nid = "s"\ntitle = "S"\nkind = "act"\n'
        'cite = "rulebook p.11"\ntext = "Do it."\nexpected = ["enter lust"]\n'
    )
    (chapter,) = parse_script(script + 'held_back.text = "Not that one."\n')
    assert chapter.steps[0].held_back == "Not that one."
    with pytest.raises(TutorialError, match="held_back"):
        parse_script(script + 'held_back = "Not that one."\n')
