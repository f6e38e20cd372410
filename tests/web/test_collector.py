"""The server's garbage-collector settings (inferno.server.collector): start-up objects frozen, young
collections rarer, and ``inferno serve`` applying them before it serves."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from inferno.server import collector


@pytest.fixture
def restored_collector() -> Iterator[None]:
    before = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*before)


@pytest.mark.usefixtures("restored_collector")
def test_tune_freezes_what_exists_and_sets_the_thresholds() -> None:
    gc.unfreeze()
    kept = [[i] for i in range(100)]  # objects made before tuning, as the server's modules and app
    collector.tune(collector.Thresholds(young=5_000, middle=7, old=9))
    assert gc.get_threshold() == (5_000, 7, 9)
    assert gc.get_freeze_count() >= len(kept)


@pytest.mark.usefixtures("restored_collector")
def test_serve_tunes_the_collector_before_serving(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import uvicorn

    from inferno.cli.main import cli

    order: list[str] = []
    monkeypatch.setattr(collector, "tune", lambda *a: order.append("tune"))
    monkeypatch.setattr(uvicorn.Server, "run", lambda self, sockets=None: order.append("run"))
    # uvicorn's logging set-up would bind handlers to the runner's stream, which closes after the call.
    monkeypatch.setattr(uvicorn.Config, "configure_logging", lambda self: None)
    out = CliRunner().invoke(cli, ["serve", "--port", "0", "--db", str(tmp_path / "games.db")])
    assert out.exit_code == 0, out.output
    assert order == ["tune", "run"]
