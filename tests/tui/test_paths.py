"""A Soul's descent chosen whole: the paths come from the engine, and choosing one in the
full-screen game plays exactly the engine's actions it lists."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

import inferno
from inferno.rules.actions import Act, Decision
from inferno.tui.paths import decision_paths, matching, soul_paths, whole
from inferno.tui.session import Seat, Session


def _positions(seed: int, players: int = 3, n: int = 400) -> list[inferno.State]:
    """Hell decisions of a random game, as copies."""
    s = inferno.new_game(players, seed)
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        if s.over:
            break
        pend = inferno.pending(s)
        assert pend is not None
        if pend.decision in (Decision.HELL, Decision.HELL_STEP):
            out.append(s.copy())
        inferno.apply_in_place(s, rng.choice(inferno.legal_actions(s)))
    return out


def test_every_path_is_the_engines_own_descent() -> None:
    checked = 0
    for s in _positions(3):
        for path in soul_paths(s):
            t = s
            for a in path.actions:  # each action legal in turn, on the real game
                assert a in inferno.legal_actions(t)
                t = inferno.apply(t, a)
            shield = t.board.index[path.shield]
            assert t.hell[shield] != s.hell[shield]  # the Soul is there now
            assert not path.quartiere or t.rules.quartieri[t.quartiere] == path.quartiere
            p = inferno.to_move(s)
            assert t.players[p].infamy - s.players[p].infamy == path.infamy
            checked += 1
    assert checked > 50


def test_a_path_over_several_jumps_is_found_and_named_by_its_way() -> None:
    multi = [x for s in _positions(3) for x in whole(soul_paths(s)) if x.actions[0].kind == Act.STEP]
    assert multi, "a descent over two jumps"
    x = multi[0]
    assert x.via and x.words().startswith(f"Soul to {x.shield} via {', '.join(x.via)}")
    assert matching([x], f"{x.shield} via {x.via[0]}") == [x]
    assert matching([x], "9.9") == []


async def _choose_a_whole_path(tmp_path: Path) -> None:
    from inferno.tui.app import InfernoApp

    sess = Session.start([Seat(), Seat("greedy")], 3, tmp_path / "g.json")
    app = InfernoApp(sess, pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(2000):
            if app.pend is not None and app.pend.decision == Decision.HELL and whole(app.paths):
                break
            if app.pend is not None:
                await pilot.press("enter")
            await pilot.pause()
        pend = app.pend
        assert pend is not None
        paths = whole(decision_paths(sess.state))
        path = paths[-1]
        number = len(pend.actions) + len(paths)  # whole paths come after the engine's options
        before = len([e for e in sess.log if e.index >= 0])
        await pilot.press(*str(number), "enter")
        await pilot.pause()
        played = [e for e in sess.log if e.index >= 0][before:]
        assert [e.action for e in played[: len(path.actions)]] == [
            inferno.action_text(s, a) for s, a in _states(sess, before, path.actions)
        ]
        assert sess.state.hell[sess.state.board.index[path.shield]] != 0
        # A typed "to SHIELD" names a path; a shield no path reaches gets a clear answer.
        for _ in range(2000):
            if app.pend is not None and app.pend.decision == Decision.HELL and whole(app.paths):
                break
            if app.pend is not None:
                await pilot.press("enter")
            await pilot.pause()
        app.command("to 9.9")
        assert "No path of the Soul ends on '9.9'" in str(app.query_one("#message").render())
        target = next(x for x in app.paths if len(matching(app.paths, x.shield)) == 1)
        app.command(f"to {target.shield}")
        await pilot.pause()
        assert sess.state.hell[sess.state.board.index[target.shield]] != 0


def _states(
    sess: Session, before: int, actions: tuple[inferno.Action, ...]
) -> list[tuple[inferno.State, inferno.Action]]:
    """Each action with the position it was played in (to word it as the log did)."""
    from inferno.records.record import replay

    s = replay(sess.record(), before)
    out = []
    for a in actions:
        out.append((s, a))
        s = inferno.apply(s, a)
    return out


def test_choosing_a_whole_path_plays_its_actions(tmp_path: Path) -> None:
    pytest.importorskip("textual")
    asyncio.run(_choose_a_whole_path(tmp_path))


def test_the_screen_reader_mode_says_where_each_option_goes_and_plays_a_typed_path(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from inferno.cli.main import cli
    from inferno.records.record import load_record

    save = tmp_path / "r.json"
    args = ["play", "--plain", "--seat", "1=human", "--seat", "2=bot:greedy", "--seed", "5", "--save", str(save)]
    out = CliRunner().invoke(cli, args, input="to 9.9\nto 2.3\nquit\n").output
    assert (
        "1. move 1.4 (Move the Lust Soul on shield 1.4), to 2.2 lying down +1 Infamy (Il Borgo) or 2.3 lying down +1 Infamy (Porta San Piero)"
        in out
    )
    assert "no path of the Soul ends on '9.9': the Soul can stop on 2.2, 2.3" in out
    assert "You played Soul on 1.4 to 2.3, lies down, +1 Infamy; act in Porta San Piero (K)." in out
    assert load_record(save).actions[-2:] == ["move 1.4", "step 2.3"]
