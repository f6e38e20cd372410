"""Defaults that the sources leave open are data, not code: changing the data file changes play (D4)."""

from __future__ import annotations

from pathlib import Path

import inferno
from inferno import Decision, Scenario
from tests.rules.helpers import decision, do, placeholder_rules, texts

DATA = Path(inferno.__file__).parent / "data"


def _override(tmp_path: Path, name: str, old: str, new: str) -> Path:
    text = (DATA / name).read_text(encoding="utf-8")
    assert old in text
    tmp_path.mkdir(parents=True, exist_ok=True)
    (tmp_path / name).write_text(text.replace(old, new), encoding="utf-8")
    return tmp_path


def _furies_targets(rules_dir: Path | None) -> set[str]:
    sc = Scenario(2, 1, rules_dir=rules_dir).clear_hell(keep_guardians=False).guardians("furies").guardian(0, "2.5")
    sc.soul("4.3", "heresy")
    s = do(sc.decision((Decision.GUARDIAN_MOVE, 0, 1)), "gmove furies 3.3")
    return {t.split()[2] for t in texts(s) if t.startswith("target 4.3")}


def test_furies_reach_is_data_u11(tmp_path: Path) -> None:
    """U11 'sideways': adjacent shields by default; `reach = "any"` in guardians.toml opens the whole row."""
    board = Path(placeholder_rules())
    assert _furies_targets(board) == {"4.2", "4.4"}
    tmp_path.mkdir(parents=True, exist_ok=True)
    for f in board.iterdir():
        (tmp_path / f.name).write_bytes(f.read_bytes())
    d = _override(tmp_path, "guardians.toml", 'reach = { value = "adjacent"', 'reach = { value = "any"')
    assert _furies_targets(d) == {"4.1", "4.2", "4.4", "4.5"}


def _accuser_floor(rules_dir: Path | None) -> int:
    sc = Scenario(2, 3, rules_dir=rules_dir)
    sc.player(0, home=[0, 0], florence=[0] * 16, tower=[0] * 10, floors=3)
    sc.at(0, "bank", "noble")
    s = do(sc.florence_phase(0, "bank"), "accuse bank noble")
    tower = s.players[0].tower
    return next(i for i, c in enumerate(tower) if c) // s.rules.spaces_per_floor


def test_accuser_fallback_floor_is_data_d3(tmp_path: Path) -> None:
    """D3, S1 p.14-15: by default the player chooses the accuser's floor; the data can instead make the
    engine take the lowest or the highest floor with room (no decision)."""
    sc = Scenario(2, 3)
    sc.player(0, home=[0, 0], florence=[0] * 16, tower=[0] * 10, floors=3)
    sc.at(0, "bank", "noble")
    s = do(sc.florence_phase(0, "bank"), "accuse bank noble")
    assert decision(s) is Decision.ACCUSER_FLOOR
    assert texts(s) == ["floor 0", "floor 1", "floor 2"]
    old = 'accuser_fallback = { value = "choose"'
    low = _override(tmp_path / "low", "core.toml", old, 'accuser_fallback = { value = "lowest"')
    assert _accuser_floor(low) == 0
    high = _override(tmp_path / "high", "core.toml", old, 'accuser_fallback = { value = "highest"')
    assert _accuser_floor(high) == 2
