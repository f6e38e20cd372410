"""``inferno review``: clear errors for bad input, and a full run with JSON and plot output."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from inferno.cli.main import cli
from inferno.records.record import load_record, save_record
from inferno.review.game import GameReview

RECORD = Path(__file__).parent / "data" / "greedy_vs_random.json"


def run(*args: str) -> tuple[int, str]:
    res = CliRunner().invoke(cli, ["review", *args])
    assert "Traceback" not in res.output
    return res.exit_code, res.output


def test_missing_file(tmp_path: Path) -> None:
    code, out = run(str(tmp_path / "nope.json"))
    assert code == 1 and "no such file" in out


def test_not_json(tmp_path: Path) -> None:
    p = tmp_path / "x.json"
    p.write_text("this is not a game", encoding="utf-8")
    code, out = run(str(p))
    assert code == 1 and "not readable JSON" in out


def test_not_a_record(tmp_path: Path) -> None:
    p = tmp_path / "x.json"
    p.write_text('{"format": "something"}', encoding="utf-8")
    code, out = run(str(p))
    assert code == 1 and "not an Inferno game record" in out


def test_directory(tmp_path: Path) -> None:
    code, out = run(str(tmp_path))
    assert code == 1 and "directory" in out


def test_bad_seat_and_depth() -> None:
    code, out = run(str(RECORD), "--seat", "3")
    assert code == 1 and "--seat must be between 1 and 2" in out
    code, out = run(str(RECORD), "--depth", "forever")
    assert code == 1 and "unknown depth 'forever'" in out


def test_unreplayable_record(tmp_path: Path) -> None:
    rec = load_record(RECORD)
    rec.actions = [*rec.actions[:5], "fly to the moon"]
    p = tmp_path / "broken.json"
    save_record(rec, p)
    code, out = run(str(p))
    assert code == 1 and "action 6" in out and "cannot be replayed" in out


def test_review_with_json_and_plot(tmp_path: Path) -> None:
    rec = load_record(RECORD)
    rec.actions = rec.actions[:60]
    p = tmp_path / "short.json"
    save_record(rec, p)
    js, png = tmp_path / "review.json", tmp_path / "standing.png"
    code, out = run(str(p), "--seat", "2", "--depth", "25", "--workers", "1", "--json", str(js), "--plot", str(png))
    assert code == 0, out
    assert out.strip().startswith("Player 2: ") and f"Review saved to {js}" in out
    assert "Lost per decision on average: win chance " in out and ", Infamy margin " in out
    rv = GameReview.load(js)
    assert rv.seat == 1 and rv.iterations == 25 and rv.decisions
    assert json.loads(js.read_text(encoding="utf-8"))["counts"] == rv.counts()
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
