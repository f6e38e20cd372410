"""A hand-written estimate of each player's final Infamy, shared by the greedy bot and the search cut-off.

The estimate reads only the state (any player's view or a determinized copy) and a few engine helpers;
it never changes the state and never decides anything about the rules. It adds to the Infamy scored
so far what the final scoring (S3, RULES.md §16.2) would probably add:

* Diplomas held: projected Phlegethon value × Skull level (step 4);
* Diplomas still to come at Dante's stops ahead, for the players leading (or close on) each track;
* pairs of ½ Diplomas (step 3), played Fraud cards' end-game halves (step 1), the Boat's loan penalty
  (step 5) and the Reputation awards the player leads now (step 6);
* smaller terms for what helps later: money, family members at Home, Guests, Barrels, cards in hand.

``utilities`` turns the estimates into one number in [0, 1] per player (how good the position is for
that player compared with the best opponent); a finished game gives 1 for a sole winner.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from inferno.rules.effects import endgame_loan_penalty, guests, owns_barrel
from inferno.rules.model import StopKind
from inferno.rules.scoring import endgame_value, reputation_value
from inferno.rules.solo import RIVAL
from inferno.rules.solo import level as solo_level
from inferno.rules.solo import outcome as solo_outcome
from inferno.rules.solo import variant as solo_variant
from inferno.rules.state import EMPTY, T_BARREL, PlayerState, State


@dataclass(frozen=True, slots=True)
class Weights:
    """The evaluation's tunable numbers (Infamy points per unit unless noted)."""

    florin: float = 0.35
    drachma: float = 0.55
    member_home: float = 0.6
    guest: float = 0.8
    barrel: float = 0.5
    hand_card: float = 0.6
    lead_share: float = 0.85  # chance a sole leader on a track gets a future Diploma stop
    tie_share: float = 0.65  # same for a tied leader (ties all score, U10)
    behind_one_share: float = 0.25  # same for a player one space behind
    fraud_without_barrel: float = 0.3  # fraction of a played card's end-game value without its Barrel
    reputation_floor: float = 0.4  # weight of a Reputation lead at the start (1 at the end)
    margin_scale: float = 8.0  # Infamy margin that makes a position clearly good in ``utilities``


DEFAULT_WEIGHTS = Weights()


def progress(s: State) -> float:
    """How far Dante is along his path, 0 at the start, 1 at the last stop."""
    n = len(s.stops)
    return min(1.0, max(0.0, (s.dante + 1) / n)) if n else 1.0


def projected_phlegethon(s: State) -> list[float]:
    """Each circle's Phlegethon value expected at final scoring (S3 step 2: −1 per empty shield).

    Empty shields now are likely to fill as the game goes on, so only a share of them (the part of
    the game already played) counts against the cube.
    """
    r = s.rules
    hell = s.hell
    frac = progress(s)
    out = [0.0] * 10
    for circle in range(2, 10):
        empty = sum(1 for t in s.board.circle_shields[circle] if hell[t] == EMPTY)
        out[circle] = max(float(r.phleg_min), s.phleg[circle] - empty * frac)
    return out


def _future_diploma_circles(s: State) -> list[int]:
    return [
        stop.circle for stop in s.stops[s.dante + 1 :] if stop.kind in (StopKind.DIPLOMA, StopKind.END) and stop.circle
    ]


def player_values(s: State, w: Weights = DEFAULT_WEIGHTS) -> list[float]:
    """Estimated final Infamy of every player (exact final scores once the game is over)."""
    if s.over:
        return [float(pl.infamy) for pl in s.players]
    phleg = projected_phlegethon(s)
    future = _future_diploma_circles(s)
    frac = progress(s)
    players = s.players
    values = [float(pl.infamy) + _own_terms(s, pl, p, phleg, w) for p, pl in enumerate(players)]
    for circle in future:
        levels = [pl.tracks[circle] for pl in players]
        best = max(levels)
        if best <= 0:
            continue
        leaders = levels.count(best)
        for p, pl in enumerate(players):
            if pl.diplomas >> circle & 1:
                continue
            lvl = levels[p]
            if lvl == best:
                share = w.lead_share if leaders == 1 else w.tie_share
            elif lvl == best - 1 and lvl > 0:
                share = w.behind_one_share
            else:
                continue
            values[p] += share * phleg[circle] * lvl
    if s.num_players > 1 or s.rules.reputation_in_solo:
        weight = w.reputation_floor + (1.0 - w.reputation_floor) * frac
        for ident, _name, pts in s.rules.reputation:
            vals = [reputation_value(s, p, ident) for p in range(s.num_players)]
            best_v = max(vals)
            if best_v <= 0 and not s.rules.reputation_zero_wins:
                continue
            tied = vals.count(best_v)
            for p, v in enumerate(vals):
                if v == best_v:
                    values[p] += weight * pts / tied
    return values


def _own_terms(s: State, pl: PlayerState, p: int, phleg: list[float], w: Weights) -> float:
    """The parts of one player's estimate that do not depend on the other players."""
    total = 0.0
    best_free = 0.0
    for circle in range(2, 10):
        v = phleg[circle] * pl.tracks[circle]
        if pl.diplomas >> circle & 1:
            total += v
        elif v > best_free:
            best_free = v
    pairs, odd = divmod(pl.half, 2)
    total += pairs * best_free + odd * 0.4 * best_free
    cards = s.rules.fraud_cards
    for card in pl.played:
        fc = cards[card]
        best_e = max(endgame_value(s, p, e) for e in fc.endgame)
        total += best_e if owns_barrel(pl, fc.endgame_barrel) else w.fraud_without_barrel * best_e
    total += endgame_loan_penalty(s, p)
    total += w.florin * pl.florins + w.drachma * pl.drachmas
    total += w.member_home * (pl.home[0] + pl.home[1])
    total += w.guest * guests(pl)
    barrels = bin(pl.panel).count("1") + sum(1 for c in pl.tower if c >= T_BARREL)
    total += w.barrel * barrels
    total += w.hand_card * len(pl.hand)
    return total


def utilities(s: State, w: Weights = DEFAULT_WEIGHTS) -> list[float]:
    """One number in [0, 1] per player: a win estimate from the margin over the best opponent.

    A finished game gives 1 to a sole winner, 1/k to each of k tied winners and 0 to the others.
    """
    n = s.num_players
    if s.solo is not None:
        if s.over:
            return [1.0 if solo_outcome(s)[0] else 0.0]
        values = player_values(s, w)
        return [1.0 / (1.0 + math.exp(-(values[0] - solo_bar(s, values)) / w.margin_scale))]
    if s.over:
        keys = [(pl.infamy, bin(pl.diplomas).count("1")) for pl in s.players]
        best = max(keys)
        k = keys.count(best)
        return [1.0 / k if key == best else 0.0 for key in keys]
    values = player_values(s, w)
    if n == 1:
        return [1.0 / (1.0 + math.exp(-(values[0] - 60.0) / (4 * w.margin_scale)))]
    out = []
    for p in range(n):
        rival = max(v for q, v in enumerate(values) if q != p)
        out.append(1.0 / (1.0 + math.exp(-(values[p] - rival) / w.margin_scale)))
    return out


def solo_bar(s: State, values: list[float]) -> float:
    """What the solo player must beat: the Rival's estimated Infamy, or the level's target."""
    if s.solo is not None and solo_variant(s).win == "target":
        return float(solo_level(s).target)
    return values[RIVAL]
