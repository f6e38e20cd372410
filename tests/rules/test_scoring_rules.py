"""Final scoring in the six steps of S3, the winner and ``inferno.result`` (RULES.md §16; S3; S1 p.16-17; U20)."""

from __future__ import annotations

import pytest

import inferno
from inferno import Scenario
from inferno.rules.actions import Decision
from inferno.rules.state import State
from tests.rules.helpers import do, placeholder_rules, texts

SINS = ("lust", "gluttony", "greed", "sloth", "heresy", "violence", "fraud", "treachery")


def neutral(players: int = 3, seed: int = 1) -> Scenario:
    """Every player with nothing that scores at the end: 0 Infamy, empty 1-floor Tower, no money."""
    sc = Scenario(players, seed, rules_dir=placeholder_rules())
    for p in range(players):
        pl = sc.state.players[p]
        sc.player(
            p,
            infamy=0,
            tower=[0] * len(pl.tower),
            floors=1,
            home=[0, 0],
            florence=[0] * len(pl.florence),
            florins=0,
            drachmas=0,
            loans=0,
            half=0,
            diplomas=[],
            tracks=dict.fromkeys(SINS, 0),
            played=[],
            panel=[],
            reserve=4,
        )
    return sc


def finish(s: State) -> State:
    """Decline every remaining final-scoring choice ('done' / first Diploma circle)."""
    while not s.over:
        acts = inferno.legal_actions(s)
        done = [a for a in acts if a.kind is inferno.Act.DONE]
        s = inferno.apply(s, done[0] if done else acts[0])
    return s


def steps(s: State, p: int) -> dict[str, int]:
    return inferno.result(s).players[p].steps


# --- step 1: Fraud cards -----------------------------------------------------------------------


def test_fraud_step_runs_in_reverse_order_from_the_last_player_s3() -> None:
    """§16.2 step 1 (S3): reverse order, from the last player to take a turn back to the ender."""
    sc = neutral(4)
    for p in range(4):
        sc.player(p, played=["F04"]).tower(p, 0, "barrel:grey")
    s = sc.final_scoring(ender=1)
    order = []
    while not s.over:
        pend = inferno.pending(s)
        assert pend is not None and pend.decision is Decision.ENDGAME_FRAUD
        order.append(pend.player)
        s = do(s, "done")
    assert order == [0, 3, 2, 1]


def test_fraud_step_needs_the_endgame_barrel_s3() -> None:
    """§16.2 step 1 (S3; S0): only cards whose end-game Barrel the player owns (Tower or panel)."""
    sc = neutral(3).player(0, played=["F04", "F01"]).tower(0, 0, "barrel:grey")  # F01 wants burgundy
    sc.player(1, played=["F01"], panel=["burgundy"])
    s = sc.final_scoring(ender=0)
    seen = []
    while not s.over:
        p = inferno.pending(s)
        assert p is not None
        seen.append(p.player)
        s = do(s, "done")
    assert seen == [1, 0]


def test_fraud_step_one_of_two_effects_or_neither_s3() -> None:
    """§16.2 step 1 (S3): apply one of its two end-game effects, or neither."""
    sc = neutral(2).player(0, played=["F04"], floors=3).tower(0, 0, "barrel:grey", "guest:heresy")
    s = sc.final_scoring(ender=0)
    assert texts(s) == ["done", "effect 1", "effect 2"]
    assert steps(finish(do(s, "effect 1")), 0)["fraud"] == 1  # 1 per Guest
    assert steps(finish(do(s, "effect 2")), 0)["fraud"] == 2  # 1 per built floor
    assert steps(finish(do(s, "done")), 0)["fraud"] == 0


@pytest.mark.parametrize(
    ("ident", "barrel", "half", "points"),
    [
        ("F01", "burgundy", "effect 1", 2),  # 1 per Guest: 2 Guests
        ("F01", "burgundy", "effect 2", 6),  # 3 per full circle: circles 8 and 9
        ("F02", "beige", "effect 1", 2),  # 1 per built floor: floors 1 and 2
        ("F03", "green", "effect 1", 2),  # 2 per Diploma of the last four: heresy
        ("F03", "green", "effect 2", 3),  # 1 per Urchin owned: 3
        ("F07", "grey", "effect 1", 3),  # 1 per 2 Florins: 7 Florins
        ("F08", "burgundy", "effect 2", 4),  # 2 per Diploma of the first four: lust, sloth
    ],
)
def test_fraud_endgame_effects_u12(ident: str, barrel: str, half: str, points: int) -> None:
    """U12: each end-game effect counts what it names, at step 1 of final scoring."""
    sc = neutral(2).player(0, played=[ident], florins=7, reserve=1, floors=3, diplomas=["lust", "sloth", "heresy"])
    sc.tower(0, 0, f"barrel:{barrel}", "guest:heresy").tower(0, 1, "guest:fraud")
    sc.clear_hell(keep_guardians=False)
    for shield in ("8.1", "8.2", "8.3"):
        sc.soul(shield, "fraud", lying=True)
    for shield in ("9.1", "9.2", "9.3"):
        sc.soul(shield, "treachery", lying=True)
    s = finish(do(sc.final_scoring(ender=0), half))
    assert steps(s, 0)["fraud"] == points


# --- step 2: Phlegethon ------------------------------------------------------------------------


def test_phlegethon_drops_one_per_empty_shield_min_one_s1_p16() -> None:
    """§16.2 step 2 (S3; S1 p.16-17): Pits removed first; -1 per empty shield; Guardians occupy; min 1."""
    sc = neutral(2).clear_hell(keep_guardians=False).guardians("cerberus", "geryon")
    for shield in ("2.1", "2.2", "2.3", "2.4", "2.5"):
        sc.soul(shield, "lust", lying=True)
    for shield in ("3.1", "3.2", "3.3", "3.4"):
        sc.soul(shield, "gluttony", lying=True)
    sc.fill("3.5")  # a Geryon Pit: removed first, so this shield counts as empty
    for shield in ("4.1", "4.2", "4.3"):
        sc.soul(shield, "greed", lying=True)
    sc.soul("4.4", "heresy")  # a standing Soul fills its shield
    sc.guardian(0, "4.5").guardian(1, "6.1")  # Guardians fill their shields
    sc.state.phleg[6] = 5
    s = finish(sc.final_scoring(ender=0))
    assert s.phleg[2:10] == [3, 2, 3, 1, 2, 1, 1, 1]
    assert 40 not in s.hell  # no Pit left


# --- step 3: extra Diplomas --------------------------------------------------------------------


def test_pairs_of_half_diplomas_buy_a_diploma_where_you_have_none_s3() -> None:
    """§16.2 step 3 (S3): each pair of ½ tokens buys a Diploma in an area where you have none."""
    sc = neutral(2).player(0, half=5, diplomas=["lust", "greed"])
    s = sc.final_scoring(ender=0)
    p = inferno.pending(s)
    assert p is not None and p.decision is Decision.EXTRA_DIPLOMA and p.player == 0
    assert "diploma lust" not in texts(s) and "diploma greed" not in texts(s)
    assert len(texts(s)) == 6
    s = do(s, "diploma violence")
    assert "diploma violence" not in texts(s)
    s = do(s, "diploma treachery")
    assert s.over  # the odd fifth token is worth nothing
    assert s.players[0].diplomas == (1 << 2) | (1 << 4) | (1 << 7) | (1 << 9)


def test_extra_diplomas_in_reverse_order_s3() -> None:
    """§16.2 step 3 (S3): in reverse order again."""
    sc = neutral(3)
    for p in range(3):
        sc.player(p, half=2)
    s = sc.final_scoring(ender=2)
    order = []
    while not s.over:
        pend = inferno.pending(s)
        assert pend is not None
        order.append(pend.player)
        s = inferno.apply(s, inferno.legal_actions(s)[0])
    assert order == [1, 0, 2]


# --- step 4: Diplomas --------------------------------------------------------------------------


def test_diploma_scores_cube_times_skull_level_s3() -> None:
    """§16.2 step 4 (S3; S1 p.16-17): Phlegethon value × your Skull level on that track."""
    sc = neutral(2).clear_hell(keep_guardians=False)
    for k in range(1, 6):
        sc.soul(f"2.{k}", "lust", lying=True)  # circle 2 full: cube stays 3
    sc.state.phleg[2] = 5
    sc.player(0, diplomas=["lust", "gluttony", "greed"], tracks={"lust": 4, "gluttony": 2, "greed": 0})
    s = finish(sc.final_scoring(ender=0))
    # lust 5 x 4 = 20; gluttony cube 1 (all empty) x 2 = 2; greed x 0 = 0
    assert steps(s, 0)["diplomas"] == 22


def test_extra_diploma_scores_too_s3() -> None:
    """§16.2 steps 3-4 (S3): a Diploma bought with ½ tokens scores like any other."""
    sc = neutral(2).player(0, half=2, tracks={"sloth": 4})
    s = do(sc.final_scoring(ender=0), "diploma sloth")
    assert steps(s, 0)["diplomas"] == 4  # empty circle 5: cube 1 x 4


# --- step 5: loans -----------------------------------------------------------------------------


@pytest.mark.parametrize(("loans", "penalty"), [(0, 0), (1, -2), (2, -4), (3, -2), (4, -4), (6, -4)])
def test_loans_endgame_penalty_s0_s3(loans: int, penalty: int) -> None:
    """§15, §16.2 step 5 (S0 loan table; S3): lose the points beside your Boat."""
    s = finish(neutral(2).player(0, loans=loans).final_scoring(ender=0))
    assert steps(s, 0)["loans"] == penalty


# --- step 6: Reputation ------------------------------------------------------------------------


def test_reputation_awards_4_4_3_3_s3() -> None:
    """§16.2 step 6 (S3): Tallest Tower 4, Most Guests 4, Most Florins 3, Most at Home 3."""
    sc = neutral(3)
    sc.player(0, floors=3).player(1, florins=4, home=[1, 1]).player(2, home=[1, 0])
    sc.tower(1, 0, "guest:heresy")
    s = finish(sc.final_scoring(ender=0))
    assert [steps(s, p)["reputation"] for p in range(3)] == [4, 4 + 3 + 3, 0]


def test_reputation_ties_all_score_u20() -> None:
    """§16.2 step 6 (S3 'the player or players'), U20: every tied leader scores the full award."""
    sc = neutral(3).player(0, florins=5, floors=2).player(1, florins=5, floors=2).player(2, florins=2)
    s = finish(sc.final_scoring(ender=0))
    assert [steps(s, p)["reputation"] for p in range(3)] == [7, 7, 0]


def test_reputation_zero_never_wins_u20() -> None:
    """U20: with 0 Guests, 0 Florins and 0 at Home for everyone, those awards go to nobody."""
    sc = neutral(3).player(2, floors=2)
    s = finish(sc.final_scoring(ender=0))
    assert [steps(s, p)["reputation"] for p in range(3)] == [0, 0, 4]


def test_reputation_not_used_in_solo_s3() -> None:
    """§16.2 step 6, §17 (S3): Reputation is not used in the solo game."""
    sc = neutral(1).player(0, floors=4, florins=9, home=[2, 1])
    sc.tower(0, 0, "guest:heresy")
    s = finish(sc.final_scoring(ender=0))
    assert steps(s, 0)["reputation"] == 0


# --- winner and the result breakdown -----------------------------------------------------------


def test_highest_infamy_wins_s3() -> None:
    """§16.3 (S3): the highest Infamy wins."""
    sc = neutral(3).player(0, infamy=20, floors=2).player(1, infamy=23).player(2, infamy=10)
    r = inferno.result(finish(sc.final_scoring(ender=0)))
    assert r.winners == (0,)  # 20 + 4 (Tallest Tower) beats 23
    assert [p.rank for p in r.players] == [1, 2, 3]


def test_tie_broken_by_most_diplomas_s3() -> None:
    """§16.3 (S3): ties go to the most Diplomas."""
    sc = neutral(2).player(0, infamy=10, diplomas=["lust"]).player(1, infamy=10, diplomas=["lust", "greed"])
    r = inferno.result(finish(sc.final_scoring(ender=0)))
    assert r.winners == (1,)
    assert r.players[1].diplomas == 2 and r.players[0].rank == 2


def test_full_tie_shares_the_victory_s3() -> None:
    """§16.3 (S3): if still tied, the tied players share the victory."""
    sc = neutral(3).player(0, infamy=10, diplomas=["lust"]).player(1, infamy=10, diplomas=["greed"])
    sc.player(2, infamy=3)
    r = inferno.result(finish(sc.final_scoring(ender=0)))
    assert r.winners == (0, 1)
    assert [p.winner for p in r.players] == [True, True, False]
    assert [p.rank for p in r.players] == [1, 1, 3]


def test_result_breakdown_by_step_s3() -> None:
    """§16.2 (S3): ``inferno.result`` reports each step's points and the score before final scoring."""
    sc = neutral(2).clear_hell(keep_guardians=False)
    sc.player(0, infamy=30, played=["F04"], loans=2, floors=3, half=2, tracks={"gluttony": 3, "lust": 2})
    sc.player(0, diplomas=["lust"])
    sc.tower(0, 0, "barrel:grey", "guest:heresy")
    sc.player(1, infamy=12, florins=3, home=[1, 0])
    s = sc.final_scoring(ender=1)
    s = do(s, "effect 2", "diploma gluttony")  # F04: 1 per built floor = 2
    r = inferno.result(s)
    p0, p1 = r.players
    assert p0.steps == {
        "fraud": 2,
        "phlegethon": 0,
        "extra_diplomas": 0,
        "diplomas": 1 * 2 + 1 * 3,  # every circle empty: cubes at 1
        "loans": -4,
        "reputation": 4 + 4,
    }
    assert p0.before_final == 30 and p0.infamy == 30 + 2 + 5 - 4 + 8
    assert p1.steps["reputation"] == 3 + 3 and p1.infamy == 18
    assert r.winners == (0,) and not r.sudden_death and r.ended_by == 1
    assert s.players[0].infamy == p0.infamy
