"""Copies share the players' pieces until one side changes them (``State.own_player``).

A change made without taking ownership first would leak into every state sharing that player, and a
rule that keeps reading a player it did not own across a change would read stale pieces. Both are
looked for here, over seeded bot games of 1 to 5 players (solo games against the Rival, both board
sides, the P&P modules), with and without the event log: at sampled positions, every legal action,
followed by the first legal action after it, is played

- on a copy, in place: the original's full snapshot stays the same;
- on the original, the first action in place with rollback, while a copy of it is kept: the copy
  stays the same (the second action, without rollback, changes in place whatever the original
  claimed back after its rollback copy);
- with ``apply``;

and each result must equal the same actions played on a copy that owns all of its players (so never
shares a piece). Views and determinized views of each position must leave it unchanged too, and
copies of the positions kept while the game goes on must stay as they were.
"""

from __future__ import annotations

import random
from typing import Any, NamedTuple

import pytest

import inferno
from tests.harness.play import SIDES, random_steps

STRIDE = 2  # one position checked every STRIDE decisions, and every one once final scoring has begun
SOLO = [
    inferno.SoloConfig("rival", "easy"),
    inferno.SoloConfig("pilgrimage", "medium"),
    inferno.SoloConfig("plague", "hard"),
]
PNP_MODULES = (("plutus",), ("phlegyas",), ("plutus", "phlegyas"))


class Game(NamedTuple):
    players: int
    side: str | None
    modules: tuple[str, ...]
    bot: str
    seed: int
    log: bool
    solo: inferno.SoloConfig | None

    def new(self) -> inferno.State:
        return inferno.new_game(
            self.players,
            self.seed,
            side=self.side,
            modules=self.modules,
            solo=self.solo,
            record_events=self.log,
            side_variant=True,
        )

    def name(self) -> str:
        where = self.side or "+".join(self.modules)
        tail = ("-log" if self.log else "") + (f"-{self.solo.variant}" if self.solo else "")
        return f"{self.bot}-p{self.players}-{where}-s{self.seed}{tail}"


def _games() -> list[Game]:
    """One game per setup and bot, seeded by its place in the list: 1-4 players on each side (one player:
    a solo game, cycling through the variants), the P&P modules at 4 and 5 players; the event log on in
    every other game."""
    out: list[Game] = []
    for bot in ("random", "accuser"):
        setups: list[tuple[int, str | None, tuple[str, ...]]] = [(n, side, ()) for n in (1, 2, 3, 4) for side in SIDES]
        setups += [(n, None, m) for m in PNP_MODULES for n in (4, 5)]
        for n, side, modules in setups:
            solo = SOLO[sum(g.players == 1 for g in out) % len(SOLO)] if n == 1 else None
            seed = len(out)
            out.append(Game(n, side, modules, bot, seed, seed % 2 == 0, solo))
    # Where an extra Diploma goes is chosen only when ½ Diplomas pair up at the end: rare with these bots,
    # so one game known to reach it is added.
    out.append(Game(2, "I/II", (), "accuser", 48, False, None))
    return out


GAMES = _games()


def _snap(s: inferno.State) -> dict[str, Any]:
    """The state's full snapshot (without the action log, which is compared by identity) and its events."""
    return {
        "state": inferno.state_to_dict(s, actions=False),
        "actions": id(s.actions),
        "events": id(s.events),
        "viewer": s.viewer,
    }


def _since(node: Any, head: Any) -> list[Any]:
    """The items a linked log gained after ``head``, newest first."""
    out = []
    while node is not None and node is not head:
        out.append(node[0])
        node = node[1]
    assert node is head
    return out


def _result(s: inferno.State, before: inferno.State) -> tuple[dict[str, Any], list[Any], list[Any]]:
    """What was played on ``before`` to reach ``s``: the snapshot, and the actions and events added."""
    return inferno.state_to_dict(s, actions=False), _since(s.actions, before.actions), _since(s.events, before.events)


def _then_first(t: inferno.State) -> None:
    """One more action, the first legal one, in place without rollback: any player ``t`` claims to own
    but still shares is changed in place here."""
    if not t.over:
        inferno.apply_in_place(t, inferno.legal_actions(t)[0], rollback=False)


def _owning_copy(s: inferno.State) -> inferno.State:
    """A copy that owns every player: nothing it changes is shared, so no stale piece can be read."""
    t = s.copy()
    for p in range(len(t.players)):
        t.own_player(p)
    assert all(a is not b for a, b in zip(t.players, s.players, strict=True))
    return t


def _check_position(s: inferno.State, rng: random.Random) -> None:
    before = _snap(s)
    acts = inferno.legal_actions(s)
    for a in acts:
        ref = _owning_copy(s)
        inferno.apply_in_place(ref, a, rollback=False)
        _then_first(ref)
        want = _result(ref, s)

        c = s.copy()  # shares every player with s
        inferno.apply_in_place(c, a, rollback=False)
        _then_first(c)
        assert _result(c, s) == want, f"{a}: a copy sharing its players plays it differently"
        assert _snap(s) == before, f"{a} played on a copy changed the original"

        o = s.copy()
        kept = o.copy()
        inferno.apply_in_place(o, a)  # with rollback: copies o once more, then takes the copy's players back
        _then_first(o)
        assert _result(o, s) == want, f"{a}: played in place with rollback differs"
        assert _snap(kept) == before, f"{a} played on a state changed an earlier copy of it"

        t = inferno.apply(s, a)
        if not t.over:
            t = inferno.apply(t, inferno.legal_actions(t)[0])
        assert _result(t, s) == want, f"{a}: apply differs"
        assert _snap(s) == before, f"apply({a}) changed its input"
    for p in [*range(s.num_players), -1]:
        v = inferno.view(s, p)
        seen = _snap(v)
        inferno.determinize(v, rng)
        assert _snap(v) == seen, "determinize changed its view"
    assert _snap(s) == before, "a view changed the state"


def _positions(g: Game) -> list[inferno.State]:
    """Copies of the sampled positions, kept while the game goes on in place: each must stay as it was."""
    s = g.new()
    out = []
    for step in random_steps(s, g.seed, bot=g.bot):
        if step.index % STRIDE == 0 or s.breakdown:
            out.append((s.copy(), _snap(s)))
    for t, snap in out:
        assert _snap(t) == snap, "the game played on changed a copy taken earlier"
    return [t for t, _ in out] + [s]


@pytest.mark.parametrize("game", GAMES, ids=[g.name() for g in GAMES])
def test_copies_never_share_a_change(game: Game) -> None:
    rng = random.Random(game.seed)
    s = game.new()
    for step in random_steps(s, game.seed, bot=game.bot):
        if step.index % STRIDE == 0 or s.breakdown:
            _check_position(s, rng)
    assert s.over


def test_sampled_positions_play_every_action_kind() -> None:
    """The positions checked above list every kind of action, so every handler runs on a shared copy."""
    listed: set[inferno.Act] = set()
    for g in GAMES:
        for s in _positions(g):
            listed.update(a.kind for a in inferno.legal_actions(s))
    assert listed == set(inferno.Act)


def test_a_change_without_ownership_would_be_seen() -> None:
    """Copies share their players; ``own_player`` gives the copy its own before a change."""
    s = inferno.new_game(3, 5)
    c = s.copy()
    assert all(a is b for a, b in zip(c.players, s.players, strict=True))
    florins = s.players[1].florins
    c.own_player(1).florins += 5
    c.own_player(1).tower[0] = 99
    assert s.players[1].florins == florins and s.players[1].tower[0] != 99
    assert c.players[1].florins == florins + 5 and c.players[1] is not s.players[1]
    assert c.own_player(1) is c.players[1]  # owned now: no second copy
    s.own_player(2).home[0] += 1  # the original must take ownership too
    assert c.players[2].home[0] == s.players[2].home[0] - 1
    shared = c.copy()
    shared.players[0].florins += 1  # a change that skips own_player ...
    assert c.players[0].florins == shared.players[0].florins  # ... leaks: what the test above looks for
