"""Observations of many games at once: the rows of one preallocated array, written together."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from inferno.envs.observation import ObservationEncoder, _codes, _fits, _Game, _Layout
from inferno.rules.state import State


class ObservationBatch:
    """The observations of ``n`` games, written together into the rows of one preallocated array.

    ``encode(states, players)`` fills row ``i`` of :attr:`out` (float32, ``(n, encoder.size)``) with
    ``encoder.encode(states[i], players[i])`` and returns :attr:`out` itself. The small ints of all
    ``n`` games go through one gather and one scatter, and a game's fixed part (its template) is
    copied into its row's template only when the game changes (a reset), so the numpy calls per step
    do not grow with ``n``. The array is reused: copy it to keep an observation past the next call.
    """

    def __init__(self, encoder: ObservationEncoder, n: int) -> None:
        if n < 1:
            raise ValueError(f"need at least one game, got {n}")
        self.encoder = encoder
        self.n = n
        self.out = np.zeros((n, encoder.size), dtype=np.float32)
        self._flat = self.out.reshape(-1)  # a view: the scatter writes through it
        self._templates = np.zeros_like(self.out)
        self._games: list[_Game | None] = [None] * n
        self._layouts: list[_Layout | None] = [None] * n
        self._observers = [-1] * n
        self._base = np.zeros(0, dtype=np.intp)
        self._off = np.zeros(0, dtype=np.intp)
        self._neg = np.zeros(0, dtype=np.uint8)
        self._stale = True

    def encode(self, states: Sequence[State], players: Sequence[int]) -> np.ndarray:
        """Row ``i`` = the observation of ``players[i]`` in ``states[i]``; returns :attr:`out`."""
        enc = self.encoder
        n = self.n
        if len(states) != n or len(players) != n:
            raise ValueError(f"need {n} states and {n} players, got {len(states)} and {len(players)}")
        size = enc.size
        games, layouts, observers = self._games, self._layouts, self._observers
        current: list[_Game] = []
        small: list[int] = []
        for i in range(n):
            s = states[i]
            me = enc._observer(s, players[i])
            g = games[i]
            if g is None or me != observers[i] or not _fits(g, s):
                g = games[i] = enc._game(s, me)
                observers[i] = me
                self._templates[i] = g.template
                if g.layout is not layouts[i]:
                    layouts[i] = g.layout
                    self._stale = True
            current.append(g)
            small += enc._small(s, me, g)
        if self._stale:  # where each game's small ints go: rebuilt when a game's layout changes
            lays = [g.layout for g in current]
            self._base = np.concatenate([lay.base + i * size for i, lay in enumerate(lays)])
            self._off = np.concatenate([lay.off for lay in lays])
            self._neg = np.concatenate([lay.neg for lay in lays])
            self._stale = False
        k = self._off + _codes(small, self._neg)
        np.copyto(self.out, self._templates)
        flat = self._flat
        flat[self._base + enc._rel[k]] = enc._val[k]
        extras = enc._extras
        for i, g in enumerate(current):
            extras(flat, i * size, states[i], g)
        return self.out
