"""The board side follows the player count; another side is only a named variant.

Rulebook, Boards & General Concepts: "the I/II side for 1–2 players and the III/IV side for 3–4". The
engine plays that side by default, refuses another one unless the variant is named
(``side_variant=True``), and then marks it in the game's log and record; the commands that start games
say so before the game starts.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

import inferno
from inferno.cli.main import cli
from inferno.records.record import GameRecord, load_record, record_of, replay
from inferno.records.undo import undo
from inferno.sim.record import GameSummary
from tests.harness.play import random_steps

VARIANT_LINE = "Game: Variant: board side III/IV with 2 players (the rules use side I/II)"


@pytest.mark.parametrize(("players", "side"), [(1, "III/IV"), (2, "III/IV"), (3, "I/II"), (4, "I/II")])
def test_another_side_is_refused_unless_the_variant_is_named_s0(players: int, side: str) -> None:
    """S0: the side for the player count is the rule; another side is not accepted silently."""
    with pytest.raises(inferno.SetupError, match=r"is not the side for .* variant"):
        inferno.new_game(players, 3, side=side)
    s = inferno.new_game(players, 3, side=side, side_variant=True)
    v = inferno.game_side_variant(s)
    assert s.board.side == side and v is not None and v.rules_side != side
    assert v.label == f"variant: board side {side} with {players} player{'s' if players > 1 else ''}"


@pytest.mark.parametrize(("players", "side"), [(1, "I/II"), (2, "I/II"), (3, "III/IV"), (4, "III/IV")])
def test_the_player_counts_side_is_no_variant_s0(players: int, side: str) -> None:
    for s in (inferno.new_game(players, 3), inferno.new_game(players, 3, side=side, side_variant=True)):
        assert s.board.side == side and inferno.game_side_variant(s) is None
        assert not any("Variant" in line for line in inferno.log_lines(s))
        assert "side_variant" not in record_of(s).to_dict()["config"]


def test_a_fifth_player_takes_the_expansions_side() -> None:
    with pytest.raises(inferno.SetupError, match="P&P expansion's data"):
        inferno.new_game(5, 3, side="I/II", modules=("plutus",))
    s = inferno.new_game(5, 3, side="I/II", modules=("plutus",), side_variant=True)
    assert inferno.log_lines(s)[1].startswith("Game: Variant: board side I/II with 5 players")


def test_the_log_and_the_record_mark_the_variant_and_it_replays(tmp_path: Path) -> None:
    s = inferno.new_game(2, 4, side="III/IV", side_variant=True)
    assert inferno.log_lines(s)[1] == f"{VARIANT_LINE}  (rulebook: Boards & General Concepts)"
    for _ in zip(range(30), random_steps(s, 4), strict=False):
        pass
    inferno.save_game(s, tmp_path / "g.json")
    data = json.loads((tmp_path / "g.json").read_text(encoding="utf-8"))
    assert data["config"]["side"] == "III/IV" and data["config"]["side_variant"] is True
    rec = load_record(tmp_path / "g.json")
    assert rec.side_variant
    again = replay(rec)
    assert inferno.state_to_dict(again) == inferno.state_to_dict(s)
    assert inferno.log_lines(again) == inferno.log_lines(s)


def test_a_record_from_before_variants_were_marked_still_replays_as_the_variant() -> None:
    """Older records name their side but not the variant: they replay, and the log marks it."""
    s = inferno.new_game(2, 4, side="III/IV", side_variant=True)
    old = record_of(s).to_dict()
    del old["config"]["side_variant"]
    again = replay(GameRecord.from_dict(old))
    assert VARIANT_LINE in inferno.log_lines(again)[1]


def test_taking_a_move_back_keeps_every_setting() -> None:
    """Undo rebuilds the game from its shortened record: the variant, the P&P modules and the solo
    settings stay (they were dropped before)."""
    checked = 0
    for kw in (
        {"players": 2, "side": "III/IV", "side_variant": True},
        {"players": 3, "modules": ("phlegyas",)},
        {"players": 1, "solo": inferno.SoloConfig("plague", "hard")},
    ):
        s = inferno.new_game(seed=6, **kw)  # type: ignore[arg-type]
        p = inferno.to_move(s)
        inferno.apply_in_place(s, inferno.legal_actions(s)[0])
        if inferno.to_move(s) != p:
            continue
        checked += 1
        rec = record_of(s)
        shorter, back = undo(rec, p)
        assert (shorter.side_variant, shorter.modules, shorter.solo) == (rec.side_variant, rec.modules, rec.solo)
        assert back.config == inferno.new_game(seed=6, **kw).config  # type: ignore[arg-type]
    assert checked == 3


def _cli(args: list[str]) -> tuple[int, str, str]:
    res = CliRunner().invoke(cli, args)
    return res.exit_code, res.stdout, res.stderr


def test_demo_says_the_side_is_a_variant_and_its_log_marks_it() -> None:
    code, out, err = _cli(["demo", "--players", "2", "--seed", "4", "--side", "III/IV"])
    assert code == 0, out + err
    assert err.startswith("Warning: variant: board side III/IV with 2 players (the rules use side I/II:")
    assert VARIANT_LINE in out and "side III/IV (variant: board side III/IV with 2 players)" in out
    code, out, err = _cli(["demo", "--players", "2", "--seed", "4", "--side", "I/II", "--quiet"])
    assert code == 0 and err == "" and "Variant" not in out


def test_simulate_marks_the_variant_and_plays_that_side(tmp_path: Path) -> None:
    out = tmp_path / "g.jsonl"
    args = ["simulate", "-n", "1", "-p", "2", "--side", "III/IV", "-j", "1", "-q", "-o", str(out)]
    code, _stdout, err = _cli(args)
    assert code == 0, err
    assert "Warning: variant: board side III/IV with 2 players" in err
    rec = GameSummary.from_dict(json.loads(out.read_text(encoding="utf-8").splitlines()[0]))
    assert rec.side == "III/IV" and rec.side_variant
    code, text, err = _cli(["analyse", str(out)])
    assert code == 0, err
    assert "side III/IV (variant)" in text
