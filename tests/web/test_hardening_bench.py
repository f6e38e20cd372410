"""The hardening benchmark's long checks (``make soak-server``) run, here briefly: a wrong-token flood
never keeps the invited player out, a present player is not voted out, and SIGTERM stops the server
cleanly."""

from __future__ import annotations

import argparse

from tests.benchmark_modules import load_benchmark

bench = load_benchmark("server_hardening")


def _args(**kw: object) -> argparse.Namespace:
    return argparse.Namespace(src=None, server_args=[], **kw)


def test_the_lockout_check_lets_the_player_in_every_time() -> None:
    out = bench.lockout(_args(seconds=3, rate=5.0))
    assert set(out["player_status_counts"]) == {200}
    assert 403 in out["flood_status_counts"]


def test_the_vote_and_sigterm_checks_pass() -> None:
    votes = bench.votes(_args(seconds=1.5, gone=1.0))
    assert votes["taken_over_while_present"] == 0 and set(votes["votes_while_present"]) == {400}
    assert votes["vote_passed_seconds_after_page_closed"] is not None
    stop = bench.sigterm(_args(tries=1))
    assert stop["clean_exits_within_5s"] == 1 and stop["warnings"] == []
