"""Rules data (STYLE lesson 8; RULES.md §0): every value has a provenance tag; a rules directory
overrides files one by one; a broken file is refused with a message naming the file and the entry;
a corrected file changes the engine's behaviour through the API and the CLI."""

from __future__ import annotations

import json
import re
import shutil
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

import inferno
from inferno import Act
from inferno.rules.pack import EXPANSION_FILES, FILES
from inferno.rules.pnp import data_provenance
from inferno.rules.provenance import Tag

DATA = Path(inferno.__file__).parent / "data"
FERRY = (
    'ferry_cost = { value = 1, provenance = "SEED: rulebook, Boards & General Concepts and rulebook, Hell Phase p.11'
    " (Charon's 1-Drachma fare)\" }"
)


def _invoke(args: list[str]) -> Result:
    """Run the ``inferno`` command in-process (imported here so that a broken CLI plugin fails only CLI tests)."""
    from inferno.cli.main import cli

    return CliRunner().invoke(cli, args)


def _override(tmp: Path, name: str, old: str, new: str) -> Path:
    """A rules directory holding a copy of one embedded file with ``old`` replaced by ``new``."""
    text = (DATA / name).read_text(encoding="utf-8")
    assert text.count(old) >= 1, f"{old!r} not found in {name}"
    d = tmp / "rules"
    d.mkdir(exist_ok=True)
    (d / name).write_text(text.replace(old, new, 1), encoding="utf-8")
    return d


def test_embedded_data_loads_with_a_tag_on_every_value() -> None:
    r = inferno.load_rules()
    assert r.source == "embedded"
    files = {v.file for v in r.provenance}
    assert files == set(FILES)
    for v in r.provenance:
        assert isinstance(v.provenance.tag, Tag), v
        assert v.path, v
    counts = Counter(v.provenance.tag for v in r.provenance)
    assert counts[Tag.SEED] > 0 and counts[Tag.DEFAULT] > 0


BROKEN = [
    # (file, old text, new text, entry named, reason named)
    ("core.toml", "[hell]", "[[[hell", "<file>", "not valid TOML"),
    ("core.toml", FERRY, "", "money.ferry_cost", "missing"),
    ("fraud_cards.toml", 'instant_barrel = "grey"\n', "", "card[0].instant_barrel", "missing"),
    ("board_I_II.toml", 'down = ["2.1", "2.2"]', 'down = ["2.1", "9.99"]', "shield 1.1", "unknown shield '9.99'"),
    ("core.toml", "walls_above_circle = 6", "walls_above_circle = 12", "hell.walls_above_circle", "above the maximum"),
    ("family_cards.toml", "urchins = 0, tower_floors", "urchins = 7, tower_floors", "deck.cards[0].urchins", "above"),
    (
        "family_cards.toml",
        "urchins = 0, tower_floors",
        "urchins = 1, tower_floors",
        "deck.cards[0].urchins",
        "Urchins must be adopted at the HAYSTACK",
    ),
    (
        "bonuses.toml",
        'effect = { type = "florins", amount = 2 }',
        'effect = { type = "drachmas", amount = 2 }',
        "tile[1].effect",
        "Drachmas come only from changing Florins or from Charon's loans",
    ),
    (
        "fraud_cards.toml",
        '{ type = "styx", amount = 1 }',
        '{ type = "styx", amount = 5 }',
        "card[2].instant[1]",
        "Styx",
    ),
    ("core.toml", FERRY, FERRY.replace("SEED", "GUESS"), "money.ferry_cost.provenance", "unknown provenance tag"),
    ("core.toml", "[hell]\n", "[extra]\nfoo = 1\n\n[hell]\n", "", "extra.foo has no provenance"),
]


@pytest.mark.parametrize(("name", "old", "new", "entry", "reason"), BROKEN, ids=[b[3] or b[4] for b in BROKEN])
def test_broken_file_is_refused_naming_file_and_entry(
    tmp_path: Path, name: str, old: str, new: str, entry: str, reason: str
) -> None:
    d = _override(tmp_path, name, old, new)
    with pytest.raises(inferno.RulesDataError) as info:
        inferno.load_rules(d)
    err = info.value
    assert err.file == str(d / name)
    assert err.entry.startswith(entry) if entry else True
    assert name in str(err) and entry in str(err) and reason in str(err), str(err)
    with pytest.raises(inferno.RulesDataError):
        inferno.new_game(2, 0, rules_dir=d)
    cli_run = _invoke(["demo", "--quiet", "--seed", "1", "--rules-dir", str(d)])
    assert cli_run.exit_code != 0 and name in cli_run.output


def test_unknown_file_in_rules_dir_is_refused(tmp_path: Path) -> None:
    (tmp_path / "core_v2.toml").write_text("x = 1\n")
    with pytest.raises(inferno.RulesDataError, match=r"core_v2\.toml"):
        inferno.load_rules(tmp_path)


def _ferry_payments(s: inferno.State) -> list[int]:
    """Drachmas paid at each ENTER of a random game (loans counted back in): S2 'pay 1 Drachma to Charon'."""
    from tests.harness.play import random_steps

    paid = []
    per_loan = s.rules.drachmas_per_loan
    for step in random_steps(s, 3):
        if step.choice.kind != Act.ENTER:
            continue
        pl = s.players[inferno.to_move(s)]
        before = (pl.drachmas, pl.loans)
        after_state = inferno.apply(s, step.choice)
        after = after_state.players[inferno.to_move(s)]
        paid.append(before[0] + per_loan * (after.loans - before[1]) - after.drachmas)
    return paid


def test_corrected_copy_changes_the_ferry_cost(tmp_path: Path) -> None:
    """A rules directory with ferry_cost = 2 makes every ferry cost 2 Drachmas instead of 1 (S0, S2)."""
    d = _override(tmp_path, "core.toml", FERRY, FERRY.replace("value = 1", "value = 2"))
    assert inferno.load_rules(d).ferry_cost == 2
    default = _ferry_payments(inferno.new_game(2, 3))
    corrected_game = inferno.new_game(2, 3, rules_dir=d)
    corrected = _ferry_payments(corrected_game)
    assert default and set(default) == {1}
    assert corrected and set(corrected) == {2}
    assert corrected_game.rules.fingerprint != inferno.load_rules().fingerprint
    assert corrected_game.config.rules_dir == str(d)


def test_record_with_rules_dir_replays_with_those_rules(tmp_path: Path) -> None:
    """A game record keeps its rules directory and fingerprint; other rules data refuse to replay it."""
    from tests.harness.play import random_steps

    d = _override(tmp_path, "core.toml", FERRY, FERRY.replace("value = 1", "value = 2"))
    s = inferno.new_game(3, 8, rules_dir=d)
    for step in random_steps(s, 8):
        if step.index == 80:
            break
    rec = inferno.record_of(s)
    assert inferno.state_to_dict(inferno.replay(rec)) == inferno.state_to_dict(s)
    rec.rules_dir = None
    with pytest.raises(inferno.RecordError, match="fingerprint"):
        inferno.replay(rec)


def test_cli_demo_uses_rules_dir(tmp_path: Path) -> None:
    """`inferno demo --rules-dir` plays with the corrected ferry cost."""
    d = _override(tmp_path, "core.toml", FERRY, FERRY.replace("value = 1", "value = 2"))
    args = ["demo", "--players", "2", "--seed", "5"]
    default = _invoke(args)
    corrected = _invoke([*args, "--rules-dir", str(d)])
    assert default.exit_code == 0 and corrected.exit_code == 0, corrected.output
    ferry = "(Charon's ferry across the Acheron)"
    assert f"pays 1 Drachma {ferry}" in default.output
    assert f"pays 2 Drachmas {ferry}" not in default.output
    assert f"pays 2 Drachmas {ferry}" in corrected.output
    assert f"pays 1 Drachma {ferry}" not in corrected.output


def test_cli_rules_lists_default_values_and_counts() -> None:
    """`inferno rules` shows per-file counts by tag; `--tag DEFAULT --json` lists exactly the DEFAULT values."""
    r = inferno.load_rules()
    every = data_provenance()
    out = _invoke(["rules"])
    assert out.exit_code == 0, out.output
    assert "DEFAULT" in out.output and r.fingerprint in out.output
    header = next(line for line in out.output.splitlines() if "SEED" in line and "DEFAULT" in line)
    tags = re.findall(r"[A-Z]+", header)
    for name in (*FILES, *EXPANSION_FILES):  # the P&P expansion's pnp.toml is listed too
        row = next(line for line in out.output.splitlines() if re.search(rf"\b{re.escape(name)}\b", line))
        shown = dict(zip(tags, map(int, re.findall(r"\b\d+\b", row.split(name, 1)[1])), strict=True))
        expected = Counter(v.provenance.tag.value for v in every if v.file == name)
        assert expected and shown == {t: expected.get(t, 0) for t in tags}, name
    listed = json.loads(_invoke(["rules", "--tag", "DEFAULT", "--json"]).output)
    defaults = [v for v in every if v.provenance.tag is Tag.DEFAULT]
    assert "pnp.toml" in {x["file"] for x in listed}
    assert len(listed) == len(defaults) > 0
    assert {x["tag"] for x in listed} == {"DEFAULT"}
    assert all(x["source"] for x in listed), "every DEFAULT value names its source"
    full = _invoke(["rules", "--full", "--tag", "DEFAULT"])
    assert full.exit_code == 0 and "ferry_cost" not in full.output and "placeholder" in full.output


def test_cli_rules_reports_broken_data(tmp_path: Path) -> None:
    d = _override(tmp_path, "core.toml", FERRY, "")
    out = _invoke(["rules", "--rules-dir", str(d)])
    assert out.exit_code != 0
    assert "core.toml" in out.output and "money.ferry_cost" in out.output


def test_rules_data_copy_is_identical_to_embedded(tmp_path: Path) -> None:
    """A directory holding unchanged copies gives the same rules and fingerprint as the embedded data."""
    d = tmp_path / "same"
    d.mkdir()
    for name in FILES:
        shutil.copy(DATA / name, d / name)
    r = inferno.load_rules(d)
    assert r.fingerprint == inferno.load_rules().fingerprint
    assert r.source == str(d)


def test_cli_rules_warns_where_a_rules_dir_contradicts_the_rulebook(tmp_path: Path) -> None:
    """A rulebook value (SEED in the embedded data) changed in a rules directory is named by `inferno rules`."""
    d = _override(tmp_path, "core.toml", FERRY, FERRY.replace("value = 1", "value = 2"))
    out = _invoke(["rules", "--rules-dir", str(d)])
    assert out.exit_code == 0, out.output
    assert "Warning: core.toml, money.ferry_cost: your data has 2 where the rulebook states 1" in out.output
    assert "Warning" not in _invoke(["rules"]).output
