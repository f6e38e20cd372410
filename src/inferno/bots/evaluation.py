"""A hand-written estimate of each player's final Infamy, shared by the greedy bot and the search cut-off.

The estimate reads only the state (any player's view or a determinized copy) and a few engine helpers;
it never changes the state and never decides anything about the rules. It adds to the Infamy scored
so far what the final scoring (rulebook p.16-17) would probably add:

* Diplomas held: projected Phlegethon value × Skull level (step 4);
* Diplomas still to come at Dante's stops ahead, for the players leading (or close on) each track;
* pairs of ½ Diplomas (step 3), played Fraud cards' end-game halves (step 1), the Boat's loan penalty
  (step 5) and the Reputation awards the player leads now (step 6);
* smaller terms for what helps later: money, family members at Home, Guests, Barrels, cards in hand, and
  with the P&P expansion the Bells held (Desk tolls need no term: the engine moves the Drachma from
  the mover to the Desk's owner and the money term sees it, so bots route around other players' Desks);
* the lower Hell: own safe passages are worth more the more empty shields below the Walls of Dis they
  open (only passage holders can fill them), while the game has still some way to go;
* the loans still to come: Drachmas the player will probably have to pay beyond what it holds will be
  borrowed, at the price the loan table puts on the next loans (asked from the engine);
* sudden death: as the shields above the Walls fill up, the game may end at once, so the current
  lead counts for more — a leader gains from crowding the upper Hell, a trailing player loses.

Every weight is a parameter of the bot (:class:`Weights`); every rule quantity (loan penalties, the
Walls' place, the board's lines and gates) comes from the engine and the rules data.

``utilities`` turns the estimates into one number in [0, 1] per player (how good the position is for
that player compared with the best opponent, or with 3 or more players and ``Weights.all_rivals`` its share
of the win over all of them); a finished game gives 1 for a sole winner.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from inferno.rules.actions import Decision
from inferno.rules.effects import (
    count_in_tower,
    endgame_loan_penalty,
    guests,
    has_tower_room,
    owns_barrel,
    take_loan,
    urchins_owned,
)
from inferno.rules.florence import can_accuse
from inferno.rules.model import Board, StopKind
from inferno.rules.pickling import register_frozen
from inferno.rules.scoring import endgame_value, reputation_value
from inferno.rules.solo import RIVAL
from inferno.rules.solo import level as solo_level
from inferno.rules.solo import outcome as solo_outcome
from inferno.rules.solo import variant as solo_variant
from inferno.rules.state import EMPTY, T_BARREL, T_NOBLE, T_URCHIN, PlayerState, State


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
    reputation_floor: float = 0.1  # weight of a Reputation lead at the start (1 at the end) ...
    reputation_power: float = 2.0  # ... rising as this power of the part of the game played (leads change)
    margin_scale: float = 8.0  # Infamy margin that makes a position clearly good in ``utilities``
    # With 3 or more players: win chances shared out over all the families (exp(Infamy / margin_scale), summing
    # to 1) instead of each family's margin over its best rival alone. The same numbers with 2 players.
    all_rivals: bool = False
    # The lower Hell (below the Walls of Dis), scaled by the part of the game still to play:
    passage_open: float = 1.5  # holding a safe passage that still opens an empty shield below the Walls
    lower_shield: float = 0.35  # each empty shield below the Walls the player's own passages open
    # Loans still to come: Drachmas a player expects to pay from now to the end (ferries, bribes, ...),
    # scaled by the part of the game still to play, and how much of it Florins held will cover.
    drachma_need: float = 8.0
    florin_cover: float = 0.0
    loan_foresight: float = 1.0  # share of the expected loans' table cost counted now
    # Sudden death: upper-Hell empty shields below which the danger rises (0 → 1 when none is left),
    # and how much the lead over the best opponent is amplified at full danger.
    crowd_horizon: float = 8.0
    crowd_stake: float = 0.5
    bell: float = 0.5  # P&P: a Bell held (a later free sideways slide), so it is rung when it gains more
    # Family members away from Home: one standing in Florence comes Home for free when the family
    # accuses, and the best accusation its members stand ready for is worth a share of what it brings
    # (the Skull's advance and the track's bonus); one in the Tower waits for the COURTYARD or a council.
    member_florence: float = 0.6
    member_tower: float = 0.1
    urchin: float = 2.0  # each Urchin adopted: one more family member for the rest of the game
    accuse_ready: float = 0.5  # share of the best ready accusation's worth counted now
    accuse_now: float = 1.0  # share counted when it is open right now (the family's Florence phase)
    accuse_bonus: float = 1.0  # a track's bonus and Dante's stop, on top of the Skull's advance
    half_token: float = 2.0  # a ½ Diploma token taken on the way up a track
    floor_built: float = 0.4  # each Tower floor above the ground (room for Guests, Barrels, accusers)
    # A family with nobody at Home can send no one next turn: unless it can accuse, it must bribe or
    # hold a council (2 Infamy). Counted in full with no accusation ready, in part with one.
    stranded: float = 2.5
    tower_full: float = 1.5  # no empty Tower space: no accuser can go there (U8), so no accusation
    stranded_ready: float = 0.4
    # A strategy (:mod:`inferno.bots.strategy`; seed 003: "Filling one or two circles well usually beats
    # collecting every Diploma"). The balanced defaults leave these neutral.
    empty_foresight: float = 1.0  # how much an empty shield now lowers the projected cube (× the part played)
    diploma_bonus: float = 0.0  # flat worth of each Diploma held or in prospect (a taste for many Diplomas)
    focus_circles: int = 0  # the circles of its highest Sin Tracks the family sets out to fill (0: none)
    focus_fill: float = 0.0  # each occupied shield of a focus circle, per Skull level on its track
    focus_track: float = 0.0  # each Skull level on the focus circles' tracks (Skulls pushed up where it fills)
    focus_by_lead: float = 0.0  # focus circles ranked by own level less this share of the best other's


DEFAULT_WEIGHTS = Weights()

# The estimate the bots used before family members away from Home, ready accusations, Urchins and Tower
# floors had a worth (kept as a yardstick: ``greedy-classic`` plays with it).
CLASSIC_WEIGHTS = Weights(
    drachma_need=16.0,
    reputation_floor=0.4,
    reputation_power=1.0,
    member_florence=0.0,
    member_tower=0.0,
    accuse_ready=0.0,
    accuse_now=0.0,
    half_token=0.0,
    floor_built=0.0,
    stranded=0.0,
    urchin=0.0,
    tower_full=0.0,
)


def progress(s: State) -> float:
    """How far Dante is along his path, 0 at the start, 1 at the last stop."""
    n = len(s.stops)
    return min(1.0, max(0.0, (s.dante + 1) / n)) if n else 1.0


def projected_phlegethon(s: State, w: Weights = DEFAULT_WEIGHTS) -> list[float]:
    """Each circle's Phlegethon value expected at final scoring (S3 step 2: −1 per empty shield).

    Empty shields now are likely to fill as the game goes on, so only a share of them (the part of
    the game already played, times ``w.empty_foresight``) counts against the cube.
    """
    r = s.rules
    hell = s.hell
    frac = min(1.0, progress(s) * w.empty_foresight)
    out = [0.0] * 10
    shields = s.board.circle_shields
    phleg = s.phleg
    low = float(r.phleg_min)
    for circle in range(2, 10):
        empty = [hell[t] for t in shields[circle]].count(EMPTY)
        out[circle] = max(low, phleg[circle] - empty * frac)
    return out


_LOWER_REACH: dict[int, tuple[Board, tuple[frozenset[int], ...]]] = {}
_LOWER_OPEN: dict[int, tuple[Board, dict[int, tuple[int, ...]]]] = {}
_LOAN_COSTS: dict[str, tuple[int, ...]] = {}


def lower_reach(s: State) -> tuple[frozenset[int], ...]:
    """For each gate of the Walls of Dis, the shields below the Walls a Soul can reach through it.

    Read from the board's lines: the shield under gate g (in the first circle below the Walls) and
    every shield joined below it.
    """
    b = s.board
    hit = _LOWER_REACH.get(id(b))
    if hit is not None and hit[0] is b:
        return hit[1]
    below = s.rules.walls_above_circle
    reach: list[set[int]] = [set() for _ in range(b.gates)]
    for t in b.circle_shields[below] if below < len(b.circle_shields) else ():
        g = b.gate[t]
        if g < 0:
            continue
        todo = [t]
        while todo:
            u = todo.pop()
            if u not in reach[g]:
                reach[g].add(u)
                todo.extend(b.down[u])
    out = tuple(frozenset(r) for r in reach)
    _LOWER_REACH[id(b)] = (b, out)
    return out


def open_lower_shields(s: State, p: int) -> int:
    """Empty shields below the Walls of Dis that player ``p``'s own safe passages lead to."""
    passages = s.players[p].passages
    if not passages:
        return 0
    b = s.board
    hit = _LOWER_OPEN.get(id(b))
    if hit is None or hit[0] is not b:
        hit = (b, {})
        _LOWER_OPEN[id(b)] = hit
    shields = hit[1].get(passages)
    if shields is None:  # the union of the reaches of the gates held, once per board and passage set
        union: set[int] = set()
        for g, r in enumerate(lower_reach(s)):
            if passages >> g & 1:
                union |= r
        shields = tuple(sorted(union))
        hit[1][passages] = shields
    hell = s.hell
    return [hell[t] for t in shields].count(EMPTY)


def upper_empty_shields(s: State) -> int:
    """Empty shields above the Walls of Dis (where every ferried Soul must first stop or pass)."""
    hell = s.hell
    shields = s.board.circle_shields
    return sum([hell[t] for t in shields[c]].count(EMPTY) for c in range(1, s.rules.walls_above_circle))


def sudden_death_danger(s: State, w: Weights = DEFAULT_WEIGHTS) -> float:
    """0 while the upper Hell has room, rising to 1 as its last empty shields fill."""
    if w.crowd_horizon <= 0:
        return 0.0
    room = upper_empty_shields(s)
    return max(0.0, 1.0 - room / w.crowd_horizon) ** 2


def next_loan_costs(s: State) -> tuple[int, ...]:
    """Infamy the 1st, 2nd, ... loan costs (at once and at the end), the last entry for every later loan.

    Asked from the engine: loans are taken on a scratch copy with Charon's own ``take_loan`` and
    the end-game ``endgame_loan_penalty``.
    """
    key = s.rules.fingerprint
    hit = _LOAN_COSTS.get(key)
    if hit is not None:
        return hit
    t = s.copy()
    t.record_events = False
    pl = t.own_player(0)
    pl.loans = 0
    costs = []
    for _ in range(len(s.rules.loan_positions) + 1):
        before = pl.infamy + endgame_loan_penalty(t, 0)
        take_loan(t, 0)
        costs.append(before - (pl.infamy + endgame_loan_penalty(t, 0)))
    out = tuple(costs)
    _LOAN_COSTS[key] = out
    return out


def expected_loan_cost(s: State, p: int, w: Weights = DEFAULT_WEIGHTS) -> float:
    """Infamy the loans the player will probably still need are expected to cost (≥ 0)."""
    pl = s.players[p]
    need = w.drachma_need * (1.0 - progress(s))
    short = need - pl.drachmas - w.florin_cover * pl.florins / max(1, s.rules.florins_per_drachma)
    if short <= 0:
        return 0.0
    loans = short / max(1, s.rules.drachmas_per_loan)
    costs = next_loan_costs(s)
    total = 0.0
    k = pl.loans
    while loans > 0:
        c = costs[min(k, len(costs) - 1)]
        total += c * min(1.0, loans)
        loans -= 1.0
        k += 1
    return total


def _future_diploma_circles(s: State) -> list[int]:
    return [
        stop.circle for stop in s.stops[s.dante + 1 :] if stop.kind in (StopKind.DIPLOMA, StopKind.END) and stop.circle
    ]


def diploma_share(level: int, best_other: int, w: Weights = DEFAULT_WEIGHTS) -> float:
    """The chance counted for a Diploma stop still ahead, for a Skull at ``level`` on its track when the
    best other player's Skull is at ``best_other`` (the stop goes to the player(s) furthest along)."""
    if level <= 0:
        return 0.0
    if level > best_other:
        return w.lead_share
    if level == best_other:
        return w.tie_share
    if level == best_other - 1:
        return w.behind_one_share
    return 0.0


def _track_worth(s: State, p: int, circle: int, level: int, phleg: list[float], future: list[int], w: Weights) -> float:
    """What player ``p``'s Skull at ``level`` on ``circle``'s track is expected to score through Diplomas."""
    pl = s.players[p]
    if pl.diplomas >> circle & 1:
        return phleg[circle] * level
    if circle not in future:
        return 0.0
    best_other = max((q.tracks[circle] for i, q in enumerate(s.players) if i != p), default=0)
    return diploma_share(level, best_other, w) * phleg[circle] * level


def advance_worth(s: State, p: int, circle: int, phleg: list[float], future: list[int], w: Weights) -> float:
    """Expected Infamy of one more advance on ``circle``'s Sin Track for player ``p`` (S0 Sin Tracks)."""
    r = s.rules
    level = s.players[p].tracks[circle]
    if level >= r.track_max:
        return float(r.overflow_infamy[circle])
    gain = _track_worth(s, p, circle, level + 1, phleg, future, w) - _track_worth(s, p, circle, level, phleg, future, w)
    if level + 1 == r.half_diploma_level:
        gain += w.half_token
    return gain


def ready_accusation(s: State, p: int, phleg: list[float], future: list[int], w: Weights) -> tuple[float, float]:
    """The worth of the best accusation the family's members in Florence stand ready for (0: none), and
    of the best one open right now (the family's Florence phase is pending, in its quartiere).

    Only one counts: when the family accuses, its other members in Florence come Home. Whether a
    member may accuse where it stands is asked from the engine (Guest and Tower room).
    """
    pl = s.players[p]
    fl = pl.florence
    top = s.stack[-1] if s.stack else None
    here = -2
    if top is not None and top.kind == Decision.FLORENCE and top.player == p:
        here = s.quartiere
    lq = s.loc_quartiere
    best = now = 0.0
    for loc in s.rules.locations:
        i = loc.index
        if (fl[2 * i] or fl[2 * i + 1]) and can_accuse(s, pl, loc):
            worth = advance_worth(s, p, loc.circle, phleg, future, w) + w.accuse_bonus
            best = max(best, worth)
            if here == -1 or lq[i] == here:
                now = max(now, worth)
    return best, now


def player_values(s: State, w: Weights = DEFAULT_WEIGHTS) -> list[float]:
    """Estimated final Infamy of every player (exact final scores once the game is over)."""
    if s.over:
        return [float(pl.infamy) for pl in s.players]
    phleg = projected_phlegethon(s, w)
    future = _future_diploma_circles(s)
    frac = progress(s)
    players = s.players
    values = [float(pl.infamy) + _own_terms(s, pl, p, phleg, w) for p, pl in enumerate(players)]
    for circle in future:
        levels = [pl.tracks[circle] for pl in players]
        best = max(levels)
        if best <= 0:
            continue
        for p, pl in enumerate(players):
            if pl.diplomas >> circle & 1:
                continue
            lvl = levels[p]
            best_other = max((v for q, v in enumerate(levels) if q != p), default=0)
            values[p] += diploma_share(lvl, best_other, w) * (phleg[circle] * lvl + w.diploma_bonus)
    for p, pl in enumerate(players):
        ready, now = ready_accusation(s, p, phleg, future, w)
        values[p] += max(w.accuse_ready * ready, w.accuse_now * now)
        away = sum(pl.florence)
        if away:  # they come Home when the family accuses; while it cannot, they are stuck there
            values[p] += (w.member_florence if ready > 0 else w.member_tower) * away
        if pl.home[0] + pl.home[1] == 0:
            values[p] -= w.stranded_ready * w.stranded if ready > 0 else w.stranded
    if s.num_players > 1 or s.rules.reputation_in_solo:
        weight = w.reputation_floor + (1.0 - w.reputation_floor) * frac**w.reputation_power
        for ident, _name, pts in s.rules.reputation:
            vals = [reputation_value(s, p, ident) for p in range(s.num_players)]
            best_v = max(vals)
            if best_v <= 0 and not s.rules.reputation_zero_wins:
                continue
            tied = vals.count(best_v)
            for p, v in enumerate(vals):
                if v == best_v:
                    values[p] += weight * pts / tied
    if len(players) > 1 and w.crowd_stake:
        danger = sudden_death_danger(s, w)
        if danger > 0:
            margins = [v - max(u for q, u in enumerate(values) if q != p) for p, v in enumerate(values)]
            values = [v + w.crowd_stake * danger * m for v, m in zip(values, margins, strict=True)]
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
    if w.diploma_bonus:
        total += w.diploma_bonus * bin(pl.diplomas).count("1")
    if w.focus_circles:
        circles = focus_circles(s, pl, w.focus_circles, w.focus_by_lead)
        total += w.focus_fill * focus_fill(s, pl, circles)
        if w.focus_track:
            total += w.focus_track * sum(pl.tracks[c] for c in circles)
    cards = s.rules.fraud_cards
    for card in pl.played:
        fc = cards[card]
        best_e = max(endgame_value(s, p, e) for e in fc.endgame)
        total += best_e if owns_barrel(pl, fc.endgame_barrel) else w.fraud_without_barrel * best_e
    total += endgame_loan_penalty(s, p)
    total += w.florin * pl.florins + w.drachma * pl.drachmas
    rest = 1.0 - progress(s)
    total += w.member_home * (pl.home[0] + pl.home[1])
    total += w.member_tower * count_in_tower(pl, T_NOBLE, T_URCHIN + 1)
    total += w.floor_built * (pl.floors - 1)
    if w.tower_full and s.rules.accuse_needs_tower_room and not has_tower_room(s, pl):
        total -= w.tower_full * rest
    total += w.guest * guests(pl)
    barrels = bin(pl.panel).count("1") + sum(1 for c in pl.tower if c >= T_BARREL)
    total += w.barrel * barrels
    total += w.hand_card * len(pl.hand)
    total += w.urchin * rest * urchins_owned(s, pl)
    if pl.passages and rest > 0:
        room = open_lower_shields(s, p)
        if room:
            total += rest * (w.passage_open + w.lower_shield * room)
    if w.loan_foresight:
        total -= w.loan_foresight * expected_loan_cost(s, p, w)
    if s.ext is not None:  # P&P: Bells held; Desk tolls already show in the Drachmas above
        total += w.bell * s.ext.bells[p]
    return total


def focus_circles(s: State, pl: PlayerState, count: int, by_lead: float = 0.0) -> list[int]:
    """The family's ``count`` focus circles: its highest Sin Tracks (less ``by_lead`` times the best other
    player's level on each), the lower circle first on ties; only tracks it has a Skull on."""
    players = s.players
    ranked: list[tuple[float, int]] = []
    for c in range(2, 10):
        level = pl.tracks[c]
        if level > 0:
            lead = by_lead * max((q.tracks[c] for q in players if q is not pl), default=0) if by_lead else 0.0
            ranked.append((level - lead, -c))
    ranked.sort(reverse=True)
    return [-neg for _, neg in ranked[:count]]


def focus_fill(s: State, pl: PlayerState, circles: list[int]) -> float:
    """Occupied shields of the focus ``circles``, each weighted by the family's Skull level on that circle's
    track."""
    hell = s.hell
    shields = s.board.circle_shields
    total = 0.0
    for c in circles:
        cells = [hell[t] for t in shields[c]]
        total += pl.tracks[c] * (len(cells) - cells.count(EMPTY))
    return total


def margins(s: State, w: Weights = DEFAULT_WEIGHTS) -> list[float]:
    """Every player's estimated final Infamy minus the best opponent's (exact once the game is over).

    Solo: the player's estimate minus what it must beat (the Rival's estimate or the level's target).
    """
    return _margins_of(s, player_values(s, w))


def utilities(s: State, w: Weights = DEFAULT_WEIGHTS) -> list[float]:
    """One number in [0, 1] per player: a win estimate from the margin over the best opponent (with
    ``w.all_rivals`` and 3 or more players, a share of the win over all of them, summing to 1).

    A finished game gives 1 to a sole winner, 1/k to each of k tied winners and 0 to the others.
    """
    return _utilities_of(s, player_values(s, w), w)


def utilities_and_margins(s: State, w: Weights = DEFAULT_WEIGHTS) -> tuple[list[float], list[float]]:
    """:func:`utilities` and :func:`margins` of one position, estimating it once."""
    values = player_values(s, w)
    return _utilities_of(s, values, w), _margins_of(s, values)


def _margins_of(s: State, values: list[float]) -> list[float]:
    if s.solo is not None:
        return [values[0] - solo_bar(s, values)]
    if len(values) == 1:
        return [values[0]]
    return [v - max(u for q, u in enumerate(values) if q != p) for p, v in enumerate(values)]


def _utilities_of(s: State, values: list[float], w: Weights) -> list[float]:
    n = s.num_players
    if s.solo is not None:
        if s.over:
            return [1.0 if solo_outcome(s)[0] else 0.0]
        return [1.0 / (1.0 + math.exp(-(values[0] - solo_bar(s, values)) / w.margin_scale))]
    if s.over:
        keys = [(pl.infamy, bin(pl.diplomas).count("1")) for pl in s.players]
        best = max(keys)
        k = keys.count(best)
        return [1.0 / k if key == best else 0.0 for key in keys]
    if n == 1:
        return [1.0 / (1.0 + math.exp(-(values[0] - 60.0) / (4 * w.margin_scale)))]
    if w.all_rivals and n > 2:
        top = max(values)
        shares = [math.exp((v - top) / w.margin_scale) for v in values]
        total = sum(shares)
        return [x / total for x in shares]
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


register_frozen(Weights)
