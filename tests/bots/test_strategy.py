"""Strategies for the seed-003 comparison: a circle filler and a Diploma collector (evaluation weights only)."""

from __future__ import annotations

import random
from dataclasses import replace

import inferno
from inferno.bots.base import make_bot, play_game
from inferno.bots.evaluation import DEFAULT_WEIGHTS, focus_circles, player_values, projected_phlegethon
from inferno.bots.strategy import STRATEGY_WEIGHTS, Strategy
from inferno.rules.state import EMPTY
from tests.bots.conftest import advance_to_choice


def _position() -> inferno.State:
    s = advance_to_choice(inferno.new_game(2, seed=3, record_events=False), random.Random(3), 120)
    assert 0.0 < s.dante + 1 < len(s.stops)
    return s


def test_balanced_is_the_bots_own_estimate() -> None:
    assert STRATEGY_WEIGHTS[Strategy.BALANCED] == DEFAULT_WEIGHTS


def test_the_filler_values_an_occupied_shield_of_its_best_track_and_nothing_elsewhere() -> None:
    """Seed 003: a Sin Track scores nothing without a full circle, so the filler fills its best circles."""
    s = _position()
    filler = STRATEGY_WEIGHTS[Strategy.FILLER]
    assert projected_phlegethon(s, filler) == projected_phlegethon(s, DEFAULT_WEIGHTS)  # the balanced cubes
    me = s.own_player(0)
    me.tracks[:] = [0] * len(me.tracks)
    me.tracks[5] = 3
    empty = [t for t in s.board.circle_shields[5] if s.hell[t] == EMPTY]
    other = [t for t in s.board.circle_shields[8] if s.hell[t] == EMPTY]
    assert empty and other
    soul = next(c for c in s.hell if c != EMPTY)
    base = player_values(s, filler)[0]
    s.hell[other[0]] = soul
    assert player_values(s, filler)[0] == base  # circle 8: no Skull there, not a focus circle
    s.hell[other[0]] = EMPTY
    s.hell[empty[0]] = soul
    assert player_values(s, filler)[0] > base + filler.focus_fill * 3 - 1e-9


def test_focus_circles_are_the_highest_tracks_the_lower_circle_first_or_ranked_by_the_lead() -> None:
    """A filler's focus: its highest Sin Tracks; with ``focus_by_lead``, less the best rival's level there."""
    s = _position()
    me, rival = s.own_player(0), s.own_player(1)
    me.tracks[:] = [0] * len(me.tracks)
    rival.tracks[:] = [0] * len(rival.tracks)
    me.tracks[4] = me.tracks[7] = 3
    me.tracks[3] = 2
    rival.tracks[4] = 3
    assert focus_circles(s, me, 1) == [4]  # a tie: the lower circle first
    assert focus_circles(s, me, 2) == [4, 7]
    assert focus_circles(s, me, 1, by_lead=1.0) == [7]  # level 3, nobody else there
    assert focus_circles(s, me, 2, by_lead=1.0) == [7, 3]  # circle 4 is shared: no lead at all
    assert focus_circles(s, me, 3, by_lead=1.0) == [7, 3, 4]


def test_focus_track_prizes_a_higher_skull_on_a_focus_track_only() -> None:
    s = _position()
    w = replace(STRATEGY_WEIGHTS[Strategy.FILLER], focus_fill=0.0, focus_track=2.0)
    plain = replace(w, focus_track=0.0)
    me = s.own_player(0)
    me.tracks[:] = [0] * len(me.tracks)
    me.tracks[6] = 2
    me.tracks[8] = 1
    gap = player_values(s, w)[0] - player_values(s, plain)[0]
    assert abs(gap - 2.0 * 2) < 1e-9  # the focus circle is 6 (level 2); circle 8 counts nothing


def test_the_collector_expects_the_cubes_to_stay_higher_and_prizes_every_diploma() -> None:
    s = _position()
    collector = STRATEGY_WEIGHTS[Strategy.COLLECTOR]
    mine = projected_phlegethon(s, collector)[2:]
    balanced = projected_phlegethon(s, DEFAULT_WEIGHTS)[2:]
    assert all(b <= c <= now for b, c, now in zip(balanced, mine, s.phleg[2:10], strict=True))
    assert mine != balanced  # some circle's empty shields weigh less on its cube
    base = player_values(s, collector)[0]
    s.own_player(0).diplomas |= 1 << 6
    s.own_player(0).tracks[6] = 1
    gained = player_values(s, collector)[0] - base
    assert gained >= projected_phlegethon(s, collector)[6] + collector.diploma_bonus - 1e-9


def test_strategy_bots_are_registered_and_play_a_whole_game() -> None:
    s = inferno.new_game(2, seed=4, record_events=False)
    play_game(s, [make_bot("greedy-filler", 1), make_bot("greedy-collector", 2)])
    assert s.over
