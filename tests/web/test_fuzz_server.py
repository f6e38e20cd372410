"""The HTTP/WebSocket fuzzer against a real ``inferno serve`` process on loopback (bounded here;
``make soak-server`` runs thousands of inputs): no answer is a 5xx, no refused request changes the game,
and the server logs no traceback."""

from __future__ import annotations

from pathlib import Path

from tests.web.fuzz import fuzz
from tests.web.server_process import ServerProcess

# Failed authentications are throttled (tested in test_hardening); here they must not be, or the fuzzer
# would mostly see 429s.
FUZZ_SERVER = ["--auth-failures", "1000000", "--action-rate", "1000"]


def test_fuzzing_a_real_server_gives_no_5xx_no_state_change_and_no_traceback(tmp_path: Path) -> None:
    srv = ServerProcess(tmp_path / "fuzz.db", read_rate=100_000, extra=FUZZ_SERVER).start()
    try:
        report = fuzz(srv.url, seed=1, http_rounds=160, ws_rounds=40)
    finally:
        srv.stop()
    assert report.failures == []
    assert all(code < 500 for code in report.statuses)
    # The inputs reached the interesting answers: malformed, forbidden, unknown, stale, too large, accepted.
    assert {400, 403, 404, 409, 413} <= set(report.statuses), report.statuses
    assert report.accepted >= 1
    assert {1003, 1007} <= set(report.close_codes), report.close_codes
    # The tutorial's routes too: found, not found, malformed, too large, and a step played or held back.
    assert {200, 400, 404, 413} <= set(report.tutorial_statuses), report.tutorial_statuses
    log = srv.log.read_text()
    assert "Traceback" not in log and "ERROR" not in log, log[-2000:]
