"""The competence profile: its counts agree with an independent count of the same games, old records
still load, and ``python -m inferno.bots.habits`` prints it.

Councils are chosen in the Florence phase instead of sending or accusing (rulebook p.12); a Diploma
scores the Phlegethon value times the Skull level (rulebook p.16–17); only the HAYSTACK adopts Urchins.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from inferno.bots.base import make_bot
from inferno.bots.habits import main, profile_games, seat_lineup
from inferno.rules.actions import Act, Action, Decision
from inferno.rules.effects import circle_is_full
from inferno.rules.engine import apply_in_place, legal_actions, pending, to_move, view
from inferno.rules.setup import new_game
from inferno.sim.game import SimConfig, bot_seed, play_one
from inferno.sim.health import competence_profile, profile_rows
from inferno.sim.record import SIN_CIRCLES, DecisionTally, GameSummary, SeatRecord

GAMES = ((2, "random", 1), (2, "random", 2), (3, "random", 3), (4, "random", 4), (2, "greedy", 5))


def _replay(players: int, bot: str, seed: int) -> dict[str, list[int]]:
    """Play the same game in a loop of its own and count, per seat, from the decisions and the state."""
    s = new_game(players, seed)
    bots = [make_bot(bot, bot_seed(seed, p)) for p in range(players)]
    start_reserve = [pl.reserve for pl in s.players]
    counts = {k: [0] * players for k in ("with", "bribe", "forced", "councils", "bonfire", "taken")}
    while not s.over:
        p = to_move(s)
        decision = s.stack[-1][0]
        legal = legal_actions(s)
        choice = bots[p].choose(view(s, p), legal)
        if choice.kind == Act.COUNCIL:
            counts["councils"][p] += 1
            assert decision == Decision.FLORENCE
            others = [a.kind for a in legal if a.kind != Act.COUNCIL]
            key = "with" if {Act.SEND, Act.ACCUSE} & set(others) else "bribe" if others else "forced"
            counts[key][p] += 1
        if decision == Decision.BONFIRE_SECOND and any(a.kind == Act.GATE for a in legal):
            counts["bonfire"][p] += 1
            counts["taken"][p] += choice.kind == Act.GATE
        apply_in_place(s, choice)
    counts["urchins"] = [start_reserve[p] - pl.reserve for p, pl in enumerate(s.players)]
    counts["full"] = [sum(circle_is_full(s, c) for c in SIN_CIRCLES), int(circle_is_full(s, 1))]
    counts["diploma_points"] = [
        sum(s.phleg[c] * pl.tracks[c] for c in SIN_CIRCLES if pl.diplomas >> c & 1) for pl in s.players
    ]
    return counts


@pytest.fixture(scope="module")
def games() -> list[tuple[GameSummary, dict[str, list[int]]]]:
    return [(play_one(SimConfig(n, (bot,) * n), seed), _replay(n, bot, seed)) for n, bot, seed in GAMES]


def test_profile_counts_agree_with_an_independent_count(games: list[tuple[GameSummary, dict[str, list[int]]]]) -> None:
    for rec, c in games:
        for x in rec.seats:
            p = x.seat
            assert x.councils == c["councils"][p]
            assert (x.councils_with_alternative, x.councils_bribe_only, x.councils_forced) == (
                c["with"][p],
                c["bribe"][p],
                c["forced"][p],
            )
            assert (x.bonfire_offers, x.bonfire_passages) == (c["bonfire"][p], c["taken"][p])
            assert x.urchins == c["urchins"][p]
            assert len(x.diploma_scores) == x.diplomas
            assert sum(d.points for d in x.diploma_scores) == x.sources["diplomas"] == c["diploma_points"][p]
            for d in x.diploma_scores:
                assert d.points == d.phlegethon * d.level and 2 <= d.circle <= 9
        assert [rec.full_circles, int(rec.limbo_full)] == c["full"]
    seats = [x for rec, _ in games for x in rec.seats]
    # the sample exercises every kind of council and some adoptions
    assert all(sum(getattr(x, k) for x in seats) > 0 for k in ("councils_with_alternative", "councils_bribe_only"))
    assert sum(x.urchins for x in seats) > 0


def test_a_council_is_classed_by_the_other_legal_actions() -> None:
    t = DecisionTally()
    council, bribe = Action(Act.COUNCIL), Action(Act.BRIBE)
    t.count(Decision.FLORENCE, [bribe, Action(Act.SEND, 2, 0), council], council)
    t.count(Decision.FLORENCE, [Action(Act.ACCUSE, 1, 1), council], council)
    t.count(Decision.FLORENCE, [bribe, council], council)
    t.count(Decision.FLORENCE, [council], council)
    t.count(Decision.FLORENCE, [bribe, Action(Act.SEND, 2, 0), council], Action(Act.SEND, 2, 0))
    assert (t.councils_with_alternative, t.councils_bribe_only, t.councils_forced) == (2, 1, 1)
    gate = Action(Act.GATE, 0)
    t.count(Decision.BONFIRE_SECOND, [Action(Act.PHLEG, 3), gate], gate)
    t.count(Decision.BONFIRE_SECOND, [Action(Act.PHLEG, 3), gate], Action(Act.PHLEG, 3))
    t.count(Decision.GATE, [gate], gate)  # a bonus's passage: an offer, but not at the BONFIRE
    assert (t.bonfire_offers, t.bonfire_passages, t.passage_offers) == (2, 1, 3)


NEW_SEAT_FIELDS = (
    "councils_with_alternative",
    "councils_bribe_only",
    "councils_forced",
    "bonfire_offers",
    "bonfire_passages",
    "urchins",
    "diploma_scores",
)


def test_old_records_load_with_the_new_figures_at_zero(games: list[tuple[GameSummary, dict[str, list[int]]]]) -> None:
    rec = games[0][0]
    d = rec.to_dict()
    for k in ("full_circles", "limbo_full"):
        del d[k]
    for seat in d["seats"]:
        for k in NEW_SEAT_FIELDS:
            del seat[k]
    row = {k: v for k, v in rec.to_row().items() if not any(k.endswith(f) for f in NEW_SEAT_FIELDS)}
    for old in (GameSummary.from_dict(d), GameSummary.from_row(row)):
        assert old.full_circles == rec.full_circles  # read from the empty shields the old record has
        for x, new in zip(old.seats, rec.seats, strict=True):
            assert x.councils == new.councils and x.loans == new.loans
            assert all(not getattr(x, k) for k in NEW_SEAT_FIELDS)
    for x in rec.seats:  # and a new one keeps them both ways
        assert SeatRecord.from_dict(x.to_dict()) == x
    assert GameSummary.from_row({k: str(v) for k, v in rec.to_row().items()}) == rec


def test_profile_sums_the_records(games: list[tuple[GameSummary, dict[str, list[int]]]]) -> None:
    recs = [rec for rec, _ in games if rec.players == 2 and rec.bots[0] == "random"]
    p = competence_profile(recs, "random")
    seats = [x for r in recs for x in r.seats]
    assert (p.games, p.seats) == (2, 4)
    assert p.councils.mean == pytest.approx(sum(x.councils for x in seats) / 4)
    assert p.councils_while_able.count == sum(x.councils_with_alternative for x in seats)
    assert p.councils_while_able.total == sum(x.councils for x in seats)
    scores = [d for x in seats for d in x.diploma_scores]
    assert p.at_one.total == len(scores) and p.at_one.count == sum(d.phlegethon == 1 for d in scores)
    assert p.points["council"].mean == pytest.approx(sum(x.sources["council"] for x in seats) / 4)
    assert 0.0 <= p.urchins.low <= p.urchins.mean <= p.urchins.high
    names = [name for name, _ in profile_rows(p)]
    assert "councils per seat" in names and "loans per seat" in names and "Diplomas scored at ×1" in names
    with pytest.raises(ValueError, match="no games with hard"):
        competence_profile(recs, "hard")


def test_profile_games_play_through_the_simulator() -> None:
    assert seat_lineup(("greedy", "random"), 3) == ("greedy", "random", "greedy")
    [rec] = profile_games(3, ("greedy", "random"), [7])
    assert rec == play_one(SimConfig(3, ("greedy", "random", "greedy")), 7)


def test_habits_command_prints_the_profile(tmp_path: Path) -> None:
    out = tmp_path / "habits.json"
    res = CliRunner().invoke(
        main, ["-p", "2", "-n", "2", "--seed", "5", "--bot", "random", "--json", str(out)], env={"COLUMNS": "200"}
    )
    assert res.exit_code == 0, res.output
    for words in ("sudden death", "loans/player", "Competence profile: random", "councils per seat", "×1"):
        assert words in res.output
    data = json.loads(out.read_text())
    assert [g["seed"] for g in data["games"]] == [5, 6]
    assert [(p["bot"], p["players"], p["games"]) for p in data["profiles"]] == [("random", 2, 2)]


def test_habits_command_names_an_unknown_bot() -> None:
    res = CliRunner().invoke(main, ["-p", "2", "-n", "1", "--bot", "nosuchbot"])
    assert res.exit_code == 2 and "nosuchbot" in res.output


def test_pending_names_the_decision_the_tally_reads() -> None:
    """play_one tallies from the engine's public pending(): its player and legal actions are the loop's."""
    s = new_game(2, 3)
    now = pending(s)
    assert now is not None and now.player == to_move(s) and list(now.actions) == legal_actions(s)
