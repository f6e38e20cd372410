"""A game's record is read from the engine: result(), the event log and the actions chosen."""

from __future__ import annotations

import pytest

from inferno.bots.base import make_bot, play_game
from inferno.records.log import events
from inferno.rules.scoring import result
from inferno.rules.setup import new_game
from inferno.sim.game import SimConfig, bot_seed, play_one
from inferno.sim.record import FINAL_SOURCES, PLAY_SOURCES, GameSummary


def test_sources_add_up_to_final_infamy_and_nothing_is_untagged(some_games: list[GameSummary]) -> None:
    """Every Infamy change carries one of the known sources, so they sum to the final score (S3)."""
    for g in some_games:
        for seat in g.seats:
            assert seat.sources["other"] == 0, (g.seed, seat.seat, seat.sources)
            assert sum(seat.sources.values()) == seat.infamy


def test_final_sources_match_the_s3_steps(some_games: list[GameSummary]) -> None:
    """S3 steps 1, 4, 5, 6 score through the sources final_fraud, diplomas, loan_end, reputation;
    everything before final scoring adds up to the in-play Infamy."""
    pairs = {"final_fraud": "fraud", "diplomas": "diplomas", "loan_end": "loans", "reputation": "reputation"}
    for g in some_games:
        for seat in g.seats:
            for src, step in pairs.items():
                assert seat.sources[src] == seat.steps[step], (g.seed, src)
            assert sum(seat.sources[s] for s in PLAY_SOURCES) == seat.before_final
            assert set(pairs) == set(FINAL_SOURCES)


def test_record_counts_agree_with_the_event_log() -> None:
    """Visits and accusations come from the actions; the engine's 'send', 'accuse' and 'loan'
    events and the council's Infamy payments (S2 Florence phase, S0 loans) must count the same."""
    for players in (2, 4):
        cfg = SimConfig(players, ("random",) * players)
        for seed in (5, 6):
            rec = play_one(cfg, seed)
            s = new_game(players, seed)
            play_game(s, [make_bot("random", bot_seed(seed, p)) for p in range(players)])
            evs = events(s)
            for seat in rec.seats:
                mine = [e.kind for e in evs if e.player == seat.seat]
                assert sum(seat.visits.values()) == mine.count("send")
                assert seat.accusations == mine.count("accuse")
                assert seat.loans == mine.count("loan")
                paid = [e for e in evs if e.player == seat.seat and e.kind == "score" and e.source == "council"]
                assert seat.councils == len(paid)


def test_record_matches_the_same_game_played_by_play_game() -> None:
    """The simulator's loop gives bots the same views as bots.base.play_game: same game, same result."""
    cfg = SimConfig(3, ("random",) * 3)
    for seed in (11, 12, 13):
        rec = play_one(cfg, seed)
        s = new_game(3, seed)
        play_game(s, [make_bot("random", bot_seed(seed, p)) for p in range(3)])
        res = result(s)
        assert rec.winners == res.winners
        assert [x.infamy for x in rec.seats] == [p.infamy for p in res.players]
        assert [x.steps for x in rec.seats] == [p.steps for p in res.players]
        assert (rec.turns, rec.decisions, rec.sudden_death) == (s.turn, s.version, s.sudden_death)


def test_dict_and_flat_row_round_trip(some_games: list[GameSummary]) -> None:
    for g in some_games:
        assert GameSummary.from_dict(g.to_dict()) == g
        assert GameSummary.from_row(g.to_row()) == g
        assert GameSummary.from_row({k: str(v) for k, v in g.to_row().items()}) == g  # as CSV gives it


def test_bot_seeds_depend_on_game_seed_and_seat_only() -> None:
    assert bot_seed(0, 0) == bot_seed(0, 0)
    seeds = {bot_seed(g, seat) for g in range(50) for seat in range(4)}
    assert len(seeds) == 200
    assert bot_seed(7, 2) == 5911049178904110378  # pinned: changing the derivation changes every result


def test_rotation_gives_every_bot_every_seat() -> None:
    cfg = SimConfig(3, ("a", "b", "c"), rotate=True)
    assert [cfg.lineup(s) for s in range(3)] == [("a", "b", "c"), ("b", "c", "a"), ("c", "a", "b")]
    assert SimConfig(3, ("a", "b", "c")).lineup(1) == ("a", "b", "c")
    with pytest.raises(ValueError, match="3 players need 3 bots"):
        SimConfig(3, ("a", "b"))


def test_same_seed_same_record() -> None:
    cfg = SimConfig(2, ("random", "random"))
    assert play_one(cfg, 3) == play_one(cfg, 3)
    assert play_one(cfg, 3) != play_one(cfg, 4)
