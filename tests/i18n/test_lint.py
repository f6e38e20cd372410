"""No player-facing text bypasses the translation functions (tools/i18n_lint.py), in every catalog's sources."""

from __future__ import annotations

from pathlib import Path

import pytest
from tools.i18n_lint import _html, _javascript, _python, findings, reads_as_prose

from inferno.i18n import DOMAINS


@pytest.mark.parametrize("domain", DOMAINS)
def test_no_untranslated_player_text(domain: str) -> None:
    found = [str(f) for f in findings(domain)]
    assert not found, "\n".join(found[:40]) + f"\n({len(found)} texts bypass the translation functions)"


@pytest.mark.parametrize(
    ("text", "prose"),
    [
        ("sends a Noble", True),
        ("{n} Souls wait", True),
        ("Game over", True),
        ("location:2", False),
        ("HAYSTACK", False),
        ("track_level", False),
        ("https://example.org/a b", False),
        ("Cerberus", False),
        ("A B", False),
    ],
)
def test_what_reads_as_prose(text: str, prose: bool) -> None:
    assert reads_as_prose(text) is prose


def test_python_lint_skips_translated_docstrings_and_marked_lines(tmp_path: Path) -> None:
    src = tmp_path / "m.py"
    src.write_text(
        '"""A module docstring here."""\n'
        'a = _("sends a Noble")\n'
        'b = ngettext("{n} Soul waits", "{n} Souls wait", 2)\n'
        'c = "the Graveyard is empty"\n'
        'd = f"{a} takes a loan"\n'
        'e = "an internal error"  # i18n: not for players\n',
        encoding="utf-8",
    )
    assert [(f.line, f.text) for f in _python(src)] == [(4, "the Graveyard is empty"), (5, "{x} takes a loan")]


def test_javascript_lint_reads_t_calls_and_template_literals(tmp_path: Path) -> None:
    src = tmp_path / "a.js"
    src.write_text(
        'el.textContent = t("Your turn now", {x: f("a b c")});\n'
        "el.title = `Waiting for ${name} to play`;\n"
        'const k = "data-key";\n'
        'log("socket was closed"); // i18n: not for players\n',
        encoding="utf-8",
    )
    assert [(f.line, f.text) for f in _javascript(src)] == [(2, "Waiting for ${name} to play")]


def test_html_lint_wants_marks(tmp_path: Path) -> None:
    src = tmp_path / "p.html"
    src.write_text(
        '<p data-i18n="Choose a seat">Choose a seat</p>\n'
        "<p>Pick your <b>family</b> now</p>\n"
        '<button title="Undo the last move" data-i18n-title="Undo the last move">Undo</button>\n'
        '<button aria-label="Close the help">x</button>\n'
        "<script>const a = 'not html text';</script>\n",
        encoding="utf-8",
    )
    assert [(f.line, f.text) for f in _html(src)] == [(2, "Pick your"), (4, "Close the help")]
