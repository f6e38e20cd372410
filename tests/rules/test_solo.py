"""The solo game (RULES.md §17, §20 U17): the 4th Noble, no Reputation, the Rival's cards (solo.toml),
its accusations moving Dante, sudden death by the Rival, the result and the rank of the score table."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

import inferno
from inferno.rules.actions import Decision
from inferno.rules.engine import apply_in_place, legal_actions, settle
from inferno.rules.model import Rules
from inferno.rules.scoring import result
from inferno.rules.solo import RIVAL, next_card
from inferno.rules.solo_model import LEVELS, SoloCard, SoloConfig
from inferno.rules.state import EMPTY, LYING, Frame, State

CFG = SoloConfig("rival", "medium")


def _game(seed: int = 1, solo: SoloConfig = CFG) -> State:
    return inferno.new_game(1, seed, solo=solo)


def _card(s: State, **kw: object) -> SoloCard:
    base = {"moves": 0, "pick": "deepest", "route": "left", "accuse": "none", "infamy": 0, "passage": False}
    base.update(kw)
    return SoloCard(0, "test", "Test", **base)  # type: ignore[arg-type]


def _play_card(s: State, card: SoloCard) -> None:
    """Put ``card`` on top of the Rival's deck and let the Rival play it (one card) as an automatic step."""
    solo = s.solo
    assert solo is not None
    cards = list(s.rules.solo.cards)
    cards[0] = card
    s.rules = _with_cards(s, tuple(cards))
    solo.deck[0] = 0
    s.stack.append(Frame(Decision.AUTO_RIVAL, RIVAL, 1))
    s.legal_cache = None
    settle(s)


def _with_cards(s: State, cards: tuple[SoloCard, ...]) -> Rules:
    return dataclasses.replace(s.rules, solo=dataclasses.replace(s.rules.solo, cards=cards))


def test_fourth_noble_only_in_the_solo_game_rulebook_general_concepts() -> None:
    """Rulebook, Boards & General Concepts: "The 4th Noble is only used in the solo game"."""
    solo = _game(3)
    duo = inferno.new_game(2, 3)
    r = solo.rules
    fc = r.family_cards[solo.players[0].family]
    assert solo.players[0].home[0] + fc.nobles_tower == r.solo_nobles == 4
    for pl in duo.players:
        assert pl.home[0] == r.family_cards[pl.family].nobles_home


def test_reputation_is_not_scored_in_solo_rulebook_final_scoring() -> None:
    """Rulebook, Game End & Final Scoring, Reputation in Florence: "Not used in the solo game"."""
    s = _game(5)
    rng = random.Random(5)
    while not s.over:
        apply_in_place(s, rng.choice(legal_actions(s)))
    assert all(row[5] == 0 for row in s.breakdown)
    assert not [e for e in inferno.events(s) if e.source == "reputation"]


def test_one_player_is_the_solo_game_and_solo_options_need_one_player() -> None:
    s = inferno.new_game(1, 2)
    assert s.config.solo == SoloConfig("rival", "medium") and s.solo is not None and len(s.players) == 2
    with pytest.raises(inferno.SetupError, match="1 player"):
        inferno.new_game(2, 2, solo=CFG)
    with pytest.raises(inferno.SetupError, match="unknown solo variant"):
        inferno.new_game(1, 2, solo=SoloConfig("nope", "easy"))
    with pytest.raises(inferno.SetupError, match="unknown solo level"):
        inferno.new_game(1, 2, solo=SoloConfig("rival", "impossible"))
    assert inferno.new_game(3, 2).solo is None


def test_level_start_tracks_and_deck_come_from_the_data() -> None:
    s = _game(4, SoloConfig("rival", "hard"))
    lv = s.rules.solo.variants["rival"].levels["hard"]
    assert lv.start_tracks and all(s.players[RIVAL].tracks[c] == 1 for c in lv.start_tracks)
    assert s.solo is not None and sorted(s.solo.deck) == sorted(lv.deck)


def test_level_infamy_per_turn_comes_with_every_card_the_rival_plays() -> None:
    """A level's Florence Infamy is scored per card: twice a turn when it plays two (the Plague Year)."""
    s = _game(17, SoloConfig("plague", "hard"))
    data = s.rules.solo
    plague = data.variants["plague"]
    lv = dataclasses.replace(plague.levels["hard"], infamy_per_turn=3)
    levels = {**plague.levels, "hard": lv}
    variants = {**data.variants, "plague": dataclasses.replace(plague, levels=levels)}
    cards = (_card(s, infamy=1), *data.cards[1:])
    s.rules = dataclasses.replace(s.rules, solo=dataclasses.replace(data, cards=cards, variants=variants))
    assert s.solo is not None and lv.cards_per_turn == 2
    s.solo.deck[:2] = [0, 0]
    before = s.players[RIVAL].infamy
    s.stack.append(Frame(Decision.AUTO_RIVAL, RIVAL, lv.cards_per_turn))
    s.legal_cache = None
    settle(s)
    assert s.players[RIVAL].infamy == before + 2 * (3 + 1)


@pytest.mark.parametrize("variant", ["rival", "plague"])
def test_harder_levels_give_the_rival_more_infamy_per_card(variant: str) -> None:
    """Where you must beat the Rival, a harder level never scores it less Florence Infamy per card
    (the level's Infamy per turn plus its deck's mean card Infamy), and hard scores it more than easy."""
    data = inferno.load_rules().solo
    assert data.variants[variant].win == "rival"

    def per_card(level: str) -> float:
        lv = data.variants[variant].levels[level]
        return lv.infamy_per_turn + sum(data.cards[i].infamy for i in lv.deck) / len(lv.deck)

    easy, medium, hard = (per_card(level) for level in LEVELS)
    assert easy <= medium <= hard and easy < hard


def test_the_next_card_is_open_and_the_rest_of_the_deck_hidden() -> None:
    s = _game(6)
    v = inferno.view(s, 0)
    assert v.solo is not None and s.solo is not None
    assert v.solo.deck[0] == s.solo.deck[0] >= 0 and set(v.solo.deck[1:]) == {-1}
    assert next_card(v) == next_card(s)
    d = inferno.determinize(v, random.Random(1))
    assert d.solo is not None and d.solo.deck[0] == s.solo.deck[0]
    assert sorted(d.solo.deck) == sorted(s.solo.deck)


def test_card_moves_a_soul_with_the_hell_rules_and_scores_its_circle() -> None:
    """The Rival's Soul follows the lines down and lies down in its own circle, scoring its Infamy (S2)."""
    s = _game(7)
    hell_before = s.hell[:]
    infamy = s.players[RIVAL].infamy
    _play_card(s, _card(s, moves=1, pick="graveyard"))
    moved = [t for t in range(len(s.hell)) if s.hell[t] != hell_before[t]]
    assert len(moved) == 1
    t = moved[0]
    c = s.hell[t]
    if c > LYING:
        assert s.board.circle[t] == c - LYING
        assert s.players[RIVAL].infamy == infamy + s.rules.circle_infamy[c - LYING]
    else:
        assert 0 < c < LYING and s.board.circle[t] < c
    assert [e for e in inferno.events(s) if e.kind == "ferry" and e.player == RIVAL]


def test_card_accusation_graveyard_skull_and_dante() -> None:
    """An accusation: a Soul to the Graveyard, the Skull one step, Dante one stop (rulebook p.14-15)."""
    s = _game(8)
    gy, dante = sum(s.graveyard), s.dante
    track = s.players[RIVAL].tracks[:]
    _play_card(s, _card(s, accuse="weakest"))
    changed = [c for c in range(2, 10) if s.players[RIVAL].tracks[c] != track[c]]
    assert len(changed) == 1 and s.players[RIVAL].tracks[changed[0]] == track[changed[0]] + 1
    assert sum(s.graveyard) == gy + 1
    assert s.dante == dante + 1


def test_card_contest_accuses_on_the_players_best_track() -> None:
    s = _game(9)
    best = max(range(2, 10), key=lambda c: (s.players[0].tracks[c] - s.players[RIVAL].tracks[c], -c))
    before = s.players[RIVAL].tracks[best]
    _play_card(s, _card(s, accuse="contest"))
    assert s.players[RIVAL].tracks[best] == before + 1


def test_card_diploma_accuses_on_dantes_next_diploma_and_can_win_it() -> None:
    """Dante's Diploma stop goes to the track leader (S3), so the Rival's Skulls compete for it."""
    s = _game(10)
    nxt = next(st for st in s.stops[s.dante + 1 :] if st.circle >= 2)
    s.own_player(RIVAL).tracks[nxt.circle] = 3
    s.own_player(0).tracks[nxt.circle] = 0
    while s.stops[s.dante + 1] is not nxt:
        s.dante += 1
    _play_card(s, _card(s, accuse="diploma"))
    assert s.players[RIVAL].diplomas >> nxt.circle & 1


def test_card_passage_and_infamy() -> None:
    s = _game(11)
    lv = s.rules.solo.variants["rival"].levels["medium"]
    _play_card(s, _card(s, passage=True, infamy=3))
    assert s.players[RIVAL].passages == 1
    assert s.players[RIVAL].infamy == 3 + lv.infamy_per_turn


def test_rival_turn_comes_after_each_player_turn() -> None:
    s = _game(12)
    assert s.stack[0] == Frame(Decision.AUTO_RIVAL, RIVAL, 1)
    rng = random.Random(2)
    while s.turn < 3:
        apply_in_place(s, rng.choice(legal_actions(s)))
    plays = [e for e in inferno.events(s) if e.kind == "solo_card"]
    assert len(plays) == 2


def test_rival_that_cannot_move_ends_the_game_by_sudden_death_rulebook_p11() -> None:
    s = _game(13)
    for t in range(len(s.hell)):
        if s.hell[t] == EMPTY:
            s.hell[t] = LYING + s.board.circle[t] if s.board.circle[t] >= 1 else s.hell[t]
    s.graveyard = [0] * 10
    _play_card(s, _card(s, moves=1))
    assert s.over and s.sudden_death and s.ender == RIVAL


def _finished(solo: SoloConfig, seed: int) -> State:
    s = inferno.new_game(1, seed, solo=solo)
    rng = random.Random(seed)
    while not s.over:
        apply_in_place(s, rng.choice(legal_actions(s)))
    return s


def test_result_wins_against_the_rival_and_ranks_by_margin() -> None:
    s = _finished(CFG, 14)
    me, rv = s.players[0], s.players[RIVAL]
    r = result(s)
    assert r.solo is not None and len(r.players) == 1
    assert r.solo.bar == rv.infamy and r.solo.margin == me.infamy - rv.infamy
    won = (me.infamy, bin(me.diplomas).count("1")) >= (rv.infamy, bin(rv.diplomas).count("1"))
    assert r.solo.won == won == r.players[0].winner
    assert r.winners == ((0,) if won else ())
    # Forcing the score shows both outcomes and the ranks of the table.
    s.own_player(0).infamy = rv.infamy + 30
    r = result(s)
    assert r.solo is not None and r.solo.won and r.solo.rank == "Master of Hell"
    s.own_player(0).infamy = rv.infamy - 100
    r = result(s)
    assert r.solo is not None and not r.solo.won and r.solo.rank == "Lost Soul"
    s.own_player(0).infamy = rv.infamy - 5
    assert result(s).solo.rank == "Penitent"  # type: ignore[union-attr]
    assert json.loads(json.dumps(result(s).to_dict()))["solo"]["rank"] == "Penitent"


def test_result_of_the_target_variant_ignores_the_rivals_score() -> None:
    cfg = SoloConfig("pilgrimage", "hard")
    s = _finished(cfg, 15)
    target = s.rules.solo.variants["pilgrimage"].levels["hard"].target
    s.own_player(0).infamy = target
    s.own_player(RIVAL).infamy = target + 50
    r = result(s)
    assert r.solo is not None and r.solo.won and r.solo.bar == target and r.solo.margin == 0
    s.own_player(0).infamy = target - 1
    assert not result(s).solo.won  # type: ignore[union-attr]


def test_rank_table_picks_the_best_reached_rank() -> None:
    data = inferno.load_rules().solo
    assert data.rank(True, 0) == "Pilgrim" and data.rank(True, 10) == "Judge of Souls"
    assert data.rank(False, -25) == "Wandering Shade" and data.rank(False, -26) == "Lost Soul"


@pytest.mark.parametrize("variant", ["rival", "pilgrimage", "plague"])
def test_solo_game_snapshot_and_record_round_trip(variant: str) -> None:
    s = _finished(SoloConfig(variant, "easy"), 16)
    d = inferno.state_to_dict(s)
    loaded = inferno.state_from_dict(json.loads(json.dumps(d)))
    assert inferno.state_to_dict(loaded) == d
    again = inferno.replay(inferno.GameRecord.from_dict(json.loads(json.dumps(inferno.record_of(s).to_dict()))))
    assert again.config.solo == SoloConfig(variant, "easy")
    assert inferno.state_to_dict(again) == d
    bad = dict(d, solo_fingerprint="0" * 16)
    with pytest.raises(inferno.SnapshotError, match="solo"):
        inferno.state_from_dict(bad)


def test_no_card_value_is_untagged_and_all_are_default() -> None:
    """Every value of solo.toml has a provenance tag, DEFAULT (the official solo procedure is not public)."""
    r = inferno.load_rules()
    tags = {v.provenance.tag.value for v in r.provenance if v.file == "solo.toml"}
    assert tags == {"DEFAULT"}
