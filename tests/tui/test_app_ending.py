"""The full-screen game's end (Textual pilot) and the line mode's: the story at once, its totals against
``result()`` for seeded games of 2, 4 and 5 players (P&P) and solo, and one key to the review."""

from __future__ import annotations

import asyncio
import io
from pathlib import Path

import pytest
from click.testing import CliRunner
from rich.console import Console

from inferno.cli.main import cli
from inferno.records.record import load_record, replay
from inferno.rules.pack import load_rules
from inferno.rules.solo_model import SoloConfig
from inferno.tui.app.app import InfernoApp
from inferno.tui.app.ending import REVIEW, EndScreen
from inferno.tui.session import Seat, Session
from tests.tui.story_check import check_end_text

SOLO = SoloConfig(next(iter(load_rules().solo.variants)), "medium")
GAMES = [
    pytest.param(2, 3, (), None, id="2p"),
    pytest.param(4, 5, (), None, id="4p"),
    pytest.param(5, 9, ("plutus", "phlegyas"), None, id="5p-pnp"),
    pytest.param(1, 4, (), SOLO, id="solo"),
]


def _text(screen: EndScreen, width: int) -> str:
    console = Console(width=width, record=True, file=io.StringIO())
    console.print(screen.body())
    return console.export_text()


async def _bots_to_the_end(sess: Session, key: str) -> str:
    """Play a bots-only game in the app to its end screen; check it; press ``key`` there."""
    app = InfernoApp(sess, pace=0)
    async with app.run_test(size=(140, 50)) as pilot:
        for _ in range(20_000):
            # the end screen, once its widgets are mounted (it can be current a moment before)
            if isinstance(app.screen, EndScreen) and len(app.screen.query("#review")):
                break
            await pilot.pause()
        screen = app.screen
        assert isinstance(screen, EndScreen)
        text = _text(screen, 140)
        check_end_text(sess.state, text)
        assert "Review this game (r)" in str(screen.query_one("#review").label)
        await pilot.press(key)
        await pilot.pause()
    return app.outcome


@pytest.mark.parametrize(("players", "seed", "modules", "solo"), GAMES)
def test_the_full_screen_end_shows_the_story_and_its_sums(
    tmp_path: Path, players: int, seed: int, modules: tuple[str, ...], solo: SoloConfig | None
) -> None:
    seats = [Seat("random")] * players
    sess = Session.start(seats, seed, tmp_path / "g.json", modules=modules, solo=solo)
    outcome = asyncio.run(_bots_to_the_end(sess, "r" if players == 2 else "enter"))
    assert outcome == (REVIEW if players == 2 else "over")  # r asks for the review, Enter quits


def test_the_end_screen_reads_at_80_columns_totals_first(tmp_path: Path) -> None:
    """At 80 columns: who won first, then the six steps' totals (steps by number), then the bars."""
    sess = Session.start([Seat("random")] * 5, 9, tmp_path / "g.json", modules=("plutus", "phlegyas"))
    while not sess.over:
        sess.bot_move()
    labels = ["(you)"] + ["(bot random)"] * 4
    text = _text(EndScreen(sess.state, labels, tmp_path / "g.json"), 80)
    check_end_text(sess.state, text)
    assert "…" not in text and f"Seed {sess.state.config.seed}" in text
    assert text.index(" wins ") < text.index("Final scoring in six steps") < text.index("Infamy by source")
    assert '"In play" is the Infamy scored during the game' in text
    assert "Diplomas held" in text and "4. Diplomas" in text  # the two "Diplomas" columns have their own names
    assert "rulebook p.16-17: final scoring step 2" in text


@pytest.mark.parametrize(("players", "seed", "modules", "solo"), GAMES)
def test_the_line_mode_end_tells_the_story(
    tmp_path: Path, players: int, seed: int, modules: tuple[str, ...], solo: SoloConfig | None
) -> None:
    save = tmp_path / "g.json"
    args = ["play", "--plain", "--seed", str(seed), "--save", str(save)]
    args += [x for i in range(1, players + 1) for x in ("--seat", f"{i}=bot:random")]
    args += [x for m in modules for x in ("--module", m)]
    if solo is not None:
        args += ["--solo-variant", solo.variant, "--solo-level", solo.level]
    res = CliRunner().invoke(cli, args, input="")
    assert res.exit_code == 0, res.output
    s = replay(load_record(save))
    out = res.output
    assert "Final scoring (rulebook p.16-17)" in out and "Step 2, Adjust the Phlegethon" in out
    for pr, line in zip(_rows(s), _player_lines(out), strict=True):
        assert line.split(":")[1].strip().startswith(f"{pr} Infamy")
    if solo is not None:
        assert "Ranks, lowest first:" in out and "your place" in out and "The Rival:" in out


def _rows(s: object) -> list[int]:
    from inferno.rules.scoring import result

    r = result(s)  # type: ignore[arg-type]
    return [pr.infamy for pr in (*r.players, *([r.solo.rival] if r.solo is not None else []))]


def _player_lines(out: str) -> list[str]:
    return [line for line in out.splitlines() if " Infamy, " in line and "By source:" in line]


def test_r_at_the_line_modes_question_reviews_the_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The line mode asks once at the end; `r` reviews the human's seat as `inferno review` does."""
    from inferno.cli.play import review_after_game
    from inferno.review.game import GameReview
    from inferno.tui.reader import ReaderGame

    sess = Session.start([Seat(), Seat("random")], 3, tmp_path / "g.json")
    asked: list[str] = []

    def read(prompt: str) -> str:
        asked.append(prompt)
        return "r" if sess.over else "1"

    game = ReaderGame(sess, Console(file=io.StringIO(), width=100), read=read)
    assert game.run() == 0 and sess.over
    assert asked[-1].startswith("Type r and Enter to review this game now (Player 1)") and game.review_seat == 0
    canned = GameReview.load(Path(__file__).parents[1] / "review" / "data" / "review_v1.json")
    seen: list[int] = []

    def fake_review(rec: object, seat: int, depth: object, **kw: object) -> GameReview:
        seen.append(seat)
        return canned

    monkeypatch.setattr("inferno.review.game.review_game", fake_review)
    review_after_game(tmp_path / "g.json", 0)
    out = capsys.readouterr().out
    assert seen == [0] and "Reviewing this game (quick depth)" in out and "decisions reviewed" in out
