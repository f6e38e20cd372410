"""The reference observation: the vector of :mod:`inferno.envs.observation` built the slow, plain way,
from ``inferno.view(state, player)`` (so it cannot read a hidden card) with one loop per segment.

The fast encoder reads the compact state with numpy; the tests compare the two over many positions.
Only the layout (segment offsets) is shared with the code under test.
"""

from __future__ import annotations

import numpy as np

from inferno.envs.observation import DECISIONS, FRAME_ARGS, MAX_PLAYERS, STOP_KINDS, ObservationEncoder
from inferno.rules.engine import view as make_view
from inferno.rules.pnp import DESK
from inferno.rules.solo_model import LEVELS
from inferno.rules.state import GUARDIAN, LYING, PIT, T_BARREL, T_GUEST, T_NOBLE, T_URCHIN, TILE, State


def _shield_category(enc: ObservationEncoder, code: int, me: int, n: int) -> int:
    if code == 0:
        return 0
    if 1 <= code <= 9:
        return code
    if LYING + 1 <= code <= LYING + 9:
        return 9 + code - LYING
    if TILE + 1 <= code <= TILE + 9:
        return 18 + code - TILE
    if GUARDIAN <= code < GUARDIAN + enc.slots:
        return 28 + code - GUARDIAN
    if code == PIT:
        return 28 + enc.slots
    if DESK <= code < DESK + n:
        return 28 + enc.slots + 1 + (code - DESK - me) % n
    raise AssertionError(f"unknown shield code {code}")


def _space_category(code: int, circles: int) -> int:
    if code == 0:
        return 0
    if code == T_NOBLE:
        return 1
    if code == T_URCHIN:
        return 2
    if T_GUEST < code <= T_GUEST + circles:
        return 2 + code - T_GUEST
    if code >= T_BARREL:
        return 3 + circles + code - T_BARREL
    raise AssertionError(f"unknown Tower code {code}")


def reference_encode(enc: ObservationEncoder, s: State, player: int) -> np.ndarray:
    """The observation of ``player`` computed from their view only."""
    v = make_view(s, player)
    r = enc.rules
    at, pat = enc.at, enc.pat
    out = np.zeros(enc.size, dtype=np.float64)
    me = v.viewer
    n = len(v.players)  # a solo game's Rival is players[1]: it takes slot 1
    out[at["side"] + enc.sides.index(v.board.side)] = 1
    if v.ext is not None:
        out[at["modules"]] = 1 if v.ext.plutus else 0
        if v.ext.phlegyas:
            out[at["modules"] + 1] = 1
            out[at["modules"] + 2] = v.ext.bell_supply / v.ext.data.bells_total
    for t, code in enumerate(v.hell):
        out[at["hell"] + t * enc.cells + _shield_category(enc, code, me, n)] = 1
    for name, values, scale in (
        ("graveyard", v.graveyard, 9),
        ("supply", v.supply, 9),
        ("tiles", v.tiles, 1),
        ("phlegethon", v.phleg, r.phleg_max),
        ("palace", v.palace, 4),
    ):
        for c in range(1, 10):
            out[at[name] + c - 1] = values[c] / scale
    if v.plague:
        colours = r.plague_cards[v.plague[0]]
        for c in colours:
            out[at["plague"] + c - 1] = colours.count(c) / 4
    out[at["plague"] + 9] = len(v.plague) / 12
    for slot, g in enumerate(v.guardians):
        out[at["guardians"] + slot * len(r.guardians) + g] = 1
    for loc, q in enumerate(v.loc_quartiere):
        out[at["quartieri"] + loc * len(r.quartieri) + q] = 1
    for c in range(1, 10):
        if v.bonus[c] >= 0:
            out[at["bonus"] + (c - 1) * len(r.bonus_tiles) + v.bonus[c]] = 1
    for b, k in enumerate(v.barrel_market):
        out[at["barrel_market"] + b] = k / 4
    for c in v.market:
        if c >= 0:
            out[at["fraud_market"] + c] = 1
    out[at["fraud_market"] + len(r.fraud_cards)] = len(v.deck) / len(r.fraud_cards)
    o = at["dante"]
    out[o] = (v.dante + 1) / len(v.stops)
    if v.dante + 1 < len(v.stops):
        nxt = v.stops[v.dante + 1]
        out[o + 1 + STOP_KINDS.index(nxt.kind)] = 1
        if nxt.circle:
            out[o + 1 + len(STOP_KINDS) + nxt.circle - 1] = 1
    o = at["turn"]
    out[o] = v.turn / 100
    out[o + 1] = 1 if v.ender >= 0 else 0
    out[o + 2] = max(v.final_turns, 0) / 4
    out[o + 3 + (v.quartiere if v.quartiere >= 0 else len(r.quartieri))] = 1
    o = at["decision"]
    if not v.over and v.stack:
        frame = v.stack[-1]
        out[o + DECISIONS.index(frame[0])] = 1
        for i, x in enumerate(frame[2 : 2 + FRAME_ARGS]):
            out[o + len(DECISIONS) + i] = x / 50
        out[o + len(DECISIONS) + FRAME_ARGS + (frame[1] - me) % n] = 1
    out[o + len(DECISIONS) + FRAME_ARGS + MAX_PLAYERS + (v.current - me) % n] = 1
    if v.solo is not None:
        cfg = v.config.solo
        assert cfg is not None
        var = r.solo.variants[cfg.variant]
        lv = var.levels[cfg.level]
        o = at["solo"]
        nv = len(r.solo.variants)
        nsolo = len(r.solo.cards)
        out[o] = 1
        out[o + 1 + list(r.solo.variants).index(cfg.variant)] = 1
        out[o + 1 + nv + LEVELS.index(cfg.level)] = 1
        b = o + 1 + nv + len(LEVELS)
        out[b] = lv.target / 100 if var.win == "target" else 0
        out[b + 1] = lv.cards_per_turn / 3
        b += 2
        assert all(c == -1 for c in v.solo.deck[1:])  # the view hides all but the next card
        if v.solo.deck:
            out[b + v.solo.deck[0]] = 1
        for c in v.solo.last:
            out[b + nsolo + c] += 1 / 3
        for c in range(nsolo):
            out[b + 2 * nsolo + c] = (list(lv.deck).count(c) - v.solo.discard.count(c)) / 4
        out[b + 3 * nsolo] = len(v.solo.deck) / len(lv.deck)
    for k in range(n):
        q = (me + k) % n
        pl = v.players[q]
        o = at[f"player_{k}"]
        out[o] = 1
        m = o + pat["money"]
        out[m : m + 4] = (pl.florins / 20, pl.drachmas / 10, pl.infamy / 100, pl.loans / 4)
        for c in range(1, 10):
            out[o + pat["tracks"] + c - 1] = pl.tracks[c] / r.track_max
            if pl.diplomas >> c & 1:
                out[o + pat["diplomas"] + c - 1] = 1
        out[o + pat["half"]] = pl.half / 4
        for gate in range(enc.gates):
            if pl.passages >> gate & 1:
                out[o + pat["passages"] + gate] = 1
        out[o + pat["floors"]] = pl.floors / r.tower_floors
        for i, code in enumerate(pl.tower):
            out[o + pat["tower"] + i * enc.space_cats + _space_category(code, len(r.circles))] = 1
        h = o + pat["home"]
        out[h : h + 3] = (pl.home[0] / 5, pl.home[1] / 5, pl.reserve / 5)
        for i, x in enumerate(pl.florence):
            out[o + pat["florence"] + i] = x / 4
        hd = o + pat["hand"]
        if k == 0:
            for c in pl.hand:
                out[hd + c] = 1
        else:
            assert all(c == -1 for c in pl.hand)  # the view hides the other hands
        out[hd + len(r.fraud_cards)] = len(pl.hand) / 4
        for c in pl.played:
            out[o + pat["played"] + c] = 1
        for b in range(len(r.barrels)):
            if pl.panel >> b & 1:
                out[o + pat["panel"] + b] = 1
        if pl.family >= 0:
            out[o + pat["family"] + pl.family] = 1
        if v.ext is not None and q < len(v.ext.desks):
            x = v.ext
            p = o + pat["pnp"]
            out[p : p + 4] = (x.desks[q] / 2, x.bells[q] / 4, x.desk_paid[q] / 20, x.desk_received[q] / 20)
    return np.clip(out, -1.0, 1.0).astype(np.float32)
