"""The "why can't I?" answers, the options in words and the previews read in Spanish, Italian, Catalan and the
pseudo language: seeded random games (every player count, P&P, solo) are walked and, at each position, every
legal option, the outcome of a sample of them, the pending decision's summary and the reasons for a sample
of illegal actions are rendered in each language, without an exception and without English left in them.

The texts of other catalogs that these words embed (effect words, Guardian names, loan costs, player names,
data names) are replaced by marked stand-ins, so only this catalog's own words are judged here."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator

import pytest

import inferno.option_words as option_words_module
import inferno.outcome as outcome_module
from inferno import Scenario
from inferno.defaults import PNP_MODULES, default_solo
from inferno.i18n import GAME, use_language
from inferno.option_words import option_words
from inferno.outcome import namer, new_events, next_words, outcome_lines, warnings_of
from inferno.rules.actions import Act, Action
from inferno.rules.citations import cite
from inferno.rules.engine import apply_in_place, legal_actions, to_move
from inferno.rules.explain import Explanation, decision_summary, explain, explain_place
from inferno.rules.notation import ARG_SHAPES
from inferno.rules.setup import new_game
from inferno.rules.state import State

LANGS = ("es", "it", "ca")

# English words of this catalog's sentences that no translation keeps (words that Spanish, Italian or
# Catalan share with English, like "no", "Noble" or "Limbo", are left out; a word after an apostrophe is
# an elided Catalan or Italian one, like the "or", gold, of "d'or").
_ENGLISH = re.compile(
    r"(?<!['’])\b(the|you|your|must|only|with|from|there|cannot|have|is|not|of|to|at|and|or|Soul|Souls|Graveyard|"
    r"Florin|Drachmas?|Tower|floor|shield|Guests?|Barrels?|Player|rulebook|Phase|Done|Send|Move|Take|Pay|"
    r"choose|choices?|empty|loan|Guardian|Bell|Desk|Pit|card|track|circle|gate|Infamy|Home|Urchins?)\b"
)
_MARKED = re.compile(r"⟨[^⟩]*⟩|'[^']*'")  # other catalogs' stand-ins, and the notation quoted back


def _left_english(text: str) -> list[str]:
    return _ENGLISH.findall(_MARKED.sub("", text))


def _marked(*_args: object) -> str:
    return "⟨x⟩"


@pytest.fixture
def own_words_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """Other catalogs' words as marked stand-ins: what remains is this catalog's."""
    for module in (option_words_module, outcome_module):
        for name in ("effect_words", "endgame_words", "guardian_name"):
            if hasattr(module, name):
                monkeypatch.setattr(module, name, _marked)
    for name in ("guardian_effect_words", "loan_words", "stop_name", "stop_reward"):
        monkeypatch.setattr(outcome_module, name, _marked)
    monkeypatch.setattr(outcome_module, "player_name", _marked)
    monkeypatch.setattr(outcome_module, "DECISION_HELP", {})
    monkeypatch.setattr(GAME, "gettext", lambda text: f"⟨{text}⟩")


def _games() -> Iterator[tuple[str, State]]:
    yield "2 players", new_game(2, 11)
    yield "4 players", new_game(4, 14)
    yield "3 players, P&P", new_game(3, 23, modules=PNP_MODULES)
    yield "solo", new_game(1, 31, solo=default_solo())


def _walk(s: State, seed: int, moves: int) -> Iterator[State]:
    rng = random.Random(seed)
    for _ in range(moves):
        if s.over:
            return
        yield s
        s = s.copy()
        apply_in_place(s, rng.choice(legal_actions(s)))


def _illegal(s: State, rng: random.Random, n: int) -> list[Action]:
    """``n`` well-formed actions of any kind, their arguments within the game's ranges (most not legal)."""
    out = []
    kinds = list(Act)
    for _ in range(n):
        kind = rng.choice(kinds)
        shapes = ARG_SHAPES.get(kind, ())
        args = [rng.randrange(0, 12) for _ in shapes] + [0, 0]
        out.append(Action(kind, args[0], args[1]))
    return out


def _render(s: State, rng: random.Random, with_outcome: bool) -> list[tuple[str, str]]:
    """Every text this catalog makes at ``s`` (each with where it came from), in the current language."""
    p = to_move(s)
    texts: list[tuple[str, str]] = []
    legal = legal_actions(s)
    for a in legal:
        texts.append((f"option {a}", option_words(s, a)))
    answers: list[Explanation] = [decision_summary(s, p), decision_summary(s, (p + 1) % len(s.players))]
    answers += [explain(s, p, a) for a in _illegal(s, rng, 12)]
    answers += [explain(s, (p + 1) % len(s.players), legal[0])]
    for shape in ("shield", "location", "colour", "floor", "member"):
        answers += explain_place(s, p, shape, rng.randrange(0, 6))
    texts += [(f"why {e.why} {e.action}", e.text) for e in answers if not e.legal and e.why != "malformed"]
    if with_outcome:
        for a in rng.sample(legal, min(3, len(legal))):
            after = s.copy()
            after.record_events = True
            apply_in_place(after, a, rollback=False)
            told = {ev.text for ev in new_events(s, after)}  # the log's words (its own catalog)
            lines = [x for x in outcome_lines(s, after, p, a, namer(s, p)) if x not in told]
            lines.append(next_words(s, after, p, namer(s, p)))
            lines += [w.title for w in warnings_of(s, after, p, a)] + [w.text for w in warnings_of(s, after, p, a)]
            lines += [w.rule for w in warnings_of(s, after, p, a)]
            texts += [(f"outcome {a}", x) for x in lines if x]
    return texts


def _every_text(start: State, seed: int, moves: int, check: Callable[[str, str], None]) -> int:
    rng = random.Random(seed)
    n = 0
    for i, s in enumerate(_walk(start.copy(), seed, moves)):
        for where, text in _render(s, rng, with_outcome=i % 4 == 0):
            check(where, text)
            n += 1
    return n


@pytest.mark.usefixtures("own_words_only")
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("name", "start"), list(_games()), ids=[n for n, _ in _games()])
def test_random_games_read_without_english(lang: str, name: str, start: State) -> None:
    def check(where: str, text: str) -> None:
        left = _left_english(text)
        assert not left, f"{name} [{lang}] {where}: {text!r} keeps English {left}"

    with use_language(lang):
        assert _every_text(start, 5, 400, check) > 200


@pytest.mark.usefixtures("own_words_only")
@pytest.mark.parametrize(("name", "start"), list(_games())[:2], ids=[n for n, _ in _games()][:2])
def test_random_games_read_in_the_pseudo_language(name: str, start: State) -> None:
    """Every text goes through the catalog: each is pseudo-localised (or made of pseudo-localised parts)."""

    def check(where: str, text: str) -> None:
        assert "~" in text, f"{name} [qps] {where}: {text!r} is not translated"

    with use_language("qps"):
        assert _every_text(start, 7, 80, check) > 100


def test_english_is_unchanged_by_the_catalog() -> None:
    """The same position reads the same in English with or without a language set."""
    s = new_game(3, 5)
    rng = random.Random(1)
    plain = _render(s, rng, with_outcome=True)
    with use_language("en"):
        assert _render(s, random.Random(1), with_outcome=True) == plain


def test_a_why_not_reads_in_spanish_italian_and_catalan() -> None:
    s = new_game(2, 11)
    p = to_move(s)
    wrong = Action(Act.BARREL, 0, 0)  # the MARKET's step, asked in the Hell phase
    english = explain(s, p, wrong)
    assert english.text.startswith("not now: you must move one Soul in the Hell phase")
    assert english.rule == "rulebook, Boards & General Concepts"
    want = {
        "es": ("ahora no: debes mover un Alma en la fase del Infierno", "reglamento, Tableros y conceptos generales"),
        "it": ("non ora: devi muovere un'Anima nella fase dell'Inferno", "regolamento, Plance e concetti generali"),
        "ca": ("ara no: has de moure una Ànima a la fase de l'Infern", "reglament, Taulers i conceptes generals"),
    }
    for lang, (reason, rule) in want.items():
        with use_language(lang):
            e = explain(s, p, wrong)
        assert e.reason.startswith(reason) and e.rule == rule and e.why == english.why
        assert e.action == english.action  # the notation never changes
    with use_language("qps"):
        assert "~" in explain(s, p, wrong).text


def test_options_and_warnings_read_in_spanish() -> None:
    s = Scenario(2, 1).player(0, infamy=10).florence_phase(0, "bank")
    council = next(a for a in legal_actions(s) if a.kind is Act.COUNCIL)
    bribe = next(a for a in legal_actions(s) if a.kind is Act.BRIBE)
    after = s.copy()
    after.record_events = True
    apply_in_place(after, council, rollback=False)
    with use_language("es"):
        assert option_words(s, council).startswith("Consejo de familia: perder")
        assert option_words(s, bribe).startswith("Soborno: pagar")
        (warning,) = warnings_of(s, after, 0, council)
        assert warning.title == "Esto es un consejo de familia"
        assert "pierdes" in warning.text and warning.rule.startswith("reglamento: fase de Florencia")
        assert any(line.startswith("Infamia 10 → ") for line in outcome_lines(s, after, 0, council))
    assert warnings_of(s, after, 0, council)[0].title == "This is a family council"


def test_the_warnings_cite_in_the_readers_language() -> None:
    tags = ("S0 Loans from Charon; S3 step 5", "S2 Florence phase; IT family council", "S0 Fraud cards: left half")
    english = [cite(t) for t in tags]
    with use_language("es"):
        assert all(cite(t) != e and cite(t).startswith("reglamento") for t, e in zip(tags, english, strict=True))
