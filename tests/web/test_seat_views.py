"""A seat's view built from the part every seat shares (one per version) equals the view built for that
seat alone, and the log kept from version to version equals the log built from scratch, after undos
too: the server's per-version sharing changes what it costs, never what a seat receives."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")

import orjson

import inferno
from inferno.help import DECISION_HELP
from inferno.help import _amounts as help_amounts
from inferno.option_words import option_words
from inferno.outcome import namer, next_words, outcome_lines, warnings_of
from inferno.records.log import events
from inferno.records.undo import undoable
from inferno.rules import position
from inferno.rules.citations import cite
from inferno.rules.notation import action_text
from inferno.rules.serialize import state_to_dict
from inferno.rules.solo_model import SoloConfig
from inferno.rules.state import GUARDIAN, linked_to_list
from inferno.server import clocks, places, views
from inferno.server.seat_views import Shared, log_lines, moves_made
from inferno.server.service import GameService, SeatKind, SeatSpec
from inferno.server.sessions import served_version
from inferno.server.storage import Storage
from inferno.server.views import SPECTATOR, log_line_json, public_json, seat_json
from tests.web.helpers import whole_log

GAMES = [
    (3, 11, (), None),
    (4, 12, ("plutus", "phlegyas"), None),
    (5, 13, ("plutus", "phlegyas"), None),
    (1, 14, (), SoloConfig("rival", "medium")),
]


def _alone(s: inferno.State, seat: int) -> dict[str, Any]:
    """The state part of ``seat``'s view, built from its own view of the game."""
    d = state_to_dict(inferno.view(s, seat), actions=False)
    d.pop("format", None)
    d.pop("format_version", None)
    return d


def _scratch_log(s: inferno.State) -> list[dict[str, Any]]:
    lines = [log_line_json(e) for e in events(s)]
    places.annotate(s, lines)
    return lines


@pytest.mark.parametrize(("players", "seed", "modules", "solo"), GAMES)
def test_seat_view_from_the_shared_part_equals_its_own_view(
    players: int, seed: int, modules: tuple[str, ...], solo: SoloConfig | None
) -> None:
    s = inferno.new_game(players, seed, modules=modules, solo=solo)
    rng = random.Random(seed)
    checked = 0
    while not s.over and checked < 60:
        pub = public_json(s, seed=seed, seed_chosen=False)
        for seat in [SPECTATOR, *range(players)]:
            d = seat_json(pub, s, seat)
            assert d["state"]["config"] == pub["state"]["config"]
            alone = _alone(s, seat)
            alone["config"] = d["state"]["config"]  # the public settings replace the view's own
            assert d["state"] == alone, (seat, s.version)
            mine = (p := inferno.pending(s)) is not None and p.player == seat
            assert bool(d["legal"]) == mine
        assert not pub["legal"]  # the shared part never carries a seat's actions
        for _ in range(rng.randint(1, 6)):
            if s.over:
                break
            inferno.apply_in_place(s, rng.choice(inferno.legal_actions(s)))
        checked += 1


def test_the_kept_log_and_move_count_equal_those_from_scratch_forward_and_after_undos() -> None:
    s = inferno.new_game(3, 21, modules=("plutus",))
    rng = random.Random(21)
    history = [s]
    before: Shared | None = None
    for step in range(220):
        if step % 37 == 36:  # an undo: back to an earlier version, whose log the kept one does not continue
            s = history[rng.randrange(len(history))]
        elif not s.over:
            s = inferno.apply(s, rng.choice(inferno.legal_actions(s)))
            history.append(s)
        lines, moves = log_lines(s, before), moves_made(s, before)
        assert lines == _scratch_log(s), step
        assert moves == len(linked_to_list(s.actions)) == s.version, step
        before = Shared(s, {}, s.events, lines, moves)


@pytest.mark.parametrize(("players", "seed", "modules", "solo"), GAMES)
def test_a_preview_played_without_log_lines_reaches_the_same_state(
    players: int, seed: int, modules: tuple[str, ...], solo: SoloConfig | None
) -> None:
    """Previews play each action on a copy that records no log lines: every legal action (whose outcome
    the preview reads) leads to the same state as when it is played with its log."""
    s = inferno.new_game(players, seed, modules=modules, solo=solo)
    rng = random.Random(seed + 1)
    for _ in range(40):
        if s.over:
            break
        for a in inferno.legal_actions(s):
            quiet = s.copy()
            quiet.record_events = False
            inferno.apply_in_place(quiet, a, rollback=False)
            logged = inferno.apply(s, a)
            assert quiet.events is s.events  # nothing was logged
            q, w = state_to_dict(quiet), state_to_dict(logged)
            q.pop("record_events")
            w.pop("record_events")
            assert q == w, a
        for _ in range(rng.randint(1, 4)):
            if not s.over:
                inferno.apply_in_place(s, rng.choice(inferno.legal_actions(s)))


# ----- the server's views against a straightforward construction -----------------------------------

SPECS = [  # players (or seats: "h" human, "b" bot), side, modules, solo, turn clock
    ("hh", "I/II", (), None, 0.0),
    ("hhh", "III/IV", (), None, 60.0),
    ("hhb", "I/II", ("plutus",), None, 0.0),
    ("hhhh", "III/IV", ("plutus", "phlegyas"), None, 60.0),
    ("hhhb", "I/II", ("phlegyas",), None, 0.0),
    ("h", "III/IV", (), SoloConfig("rival", "medium"), 0.0),
    ("h", "I/II", (), SoloConfig("plague", "hard"), 0.0),
    ("hhhhh", "I/II", ("plutus", "phlegyas"), None, 0.0),
]


class _Clock:
    t = 1_000_000.0

    def __call__(self) -> float:
        return self.t


def _reference_preview(s: inferno.State, a: inferno.Action) -> dict[str, Any] | None:
    """A preview as the engine gives it: the action played on a copy, what everyone sees compared."""
    if a.kind not in views._PREVIEWED:
        return None
    p = inferno.pending(s).player  # type: ignore[union-attr]
    new = inferno.apply(s, a)
    before, after = s.players[p], new.players[p]
    out: dict[str, Any] = {
        "infamy": after.infamy - before.infamy,
        "florins": after.florins - before.florins,
        "drachmas": after.drachmas - before.drachmas,
    }
    if new.turn == s.turn:
        changed = [i for i in range(len(s.hell)) if s.hell[i] != new.hell[i]]
        out["shields"] = changed
        out["stops"] = [i for i in changed if 0 < new.hell[i] < GUARDIAN]
        if new.quartiere != s.quartiere and new.quartiere >= 0:
            out["quartiere"] = s.rules.quartieri[new.quartiere]
    out["words"] = outcome_lines(s, new, p, a)
    out["next"] = next_words(s, new, p, namer(s, p))
    warned = warnings_of(s, new, p, a)
    if warned:
        out["warnings"] = [w.to_dict() for w in warned]
    return out


def _reference_help(s: inferno.State, decision: inferno.Decision) -> tuple[str, str, str]:
    entry = DECISION_HELP.get(decision)
    if entry is None:
        return decision.name.replace("_", " ").capitalize(), "Choose one of the listed actions.", "the rulebook"
    return entry.title, entry.text.format(**help_amounts(s)), cite(entry.rule)


def _reference_log(s: inferno.State, seen: dict[Any, dict[str, Any]]) -> list[dict[str, Any]]:
    """Every log line with its places, each found by ``places.places`` itself (``seen``: per game)."""
    out = []
    for e in events(s):
        d = dict(e._asdict())
        d["rule"] = cite(d["rule"])
        if e not in seen:  # the board's names made afresh for this game (no cache answers), then put back
            kept = dict(places._NAMES)
            places._NAMES.clear()
            seen[e] = places._extra(s, e.kind, e.player, e.text, d.get("source", ""))
            places._NAMES.clear()
            places._NAMES.update(kept)
        out.append({**d, **seen[e]})
    return out


def _reference_view(svc: GameService, gid: str, seat: int, lines: list[dict[str, Any]]) -> dict[str, Any]:
    """``seat``'s view built from scratch: its own view of the state, the engine's pending decision, legal
    actions and previews, the whole log (``lines``, from ``_reference_log``), and the server's additions."""
    sess = svc.sessions[gid]
    s, row = sess.state, sess.row
    state = state_to_dict(inferno.view(s, seat), actions=False)
    del state["format"], state["format_version"]
    state["config"] = views.public_config(s, row.seed, row.seed_chosen)
    pend = inferno.pending(s)
    pend_json = None
    if pend is not None:
        title, text, rule = _reference_help(s, pend.decision)
        pend_json = {"player": pend.player, "decision": pend.decision.name.lower(), "title": title}
        pend_json.update(explain=text, rule=rule)
    legal = []
    if pend is not None and pend.player == seat and row.seats[seat].kind == "human":
        for a in inferno.legal_actions(s):
            text = action_text(s, a)
            kind = a.kind.name.lower()
            legal.append({"text": text, "words": option_words(s, a), "kind": kind, "targets": views.action_targets(a)})
            legal[-1]["preview"] = _reference_preview(s, a)
    notes = sess.table.notes
    moves = len(linked_to_list(s.actions))
    return {
        "schema_version": views.SCHEMA_VERSION,
        "state": state,
        "pieces": _reference_pieces(s),
        "moves": moves,
        "pending": pend_json,
        "legal": legal,
        "log": clocks.with_notes(lines[-views.LOG_TAIL :], len(lines), notes),
        "log_total": len(lines) + len(notes),
        "last_move": views.last_move_json(s),
        "result": views.result_json(s),
        "solo": views.solo_view(inferno.view(s, SPECTATOR)),
        "game": gid,
        "seat": seat,
        "version": served_version(sess),
        "seats": [{"seat": i, "kind": x.kind, "bot": x.bot, "name": x.name} for i, x in enumerate(row.seats)],
        "undo": undoable(sess.steps, seat, s.turn, inferno.to_move(s)) > 0 if not s.over else False,
        "table": clocks.table_json(sess, _vote_at(svc, gid)),
    }


def _reference_pieces(s: inferno.State) -> dict[str, Any]:
    """The pieces by name, decoded by the engine's own named layer (``inferno.rules.position``)."""
    slots = {s.rules.guardians[g].id: i for i, g in enumerate(s.guardians)}

    def shield(code: int) -> dict[str, Any]:
        got = position.shield_content(s, code)
        if isinstance(got, position.Soul):
            return {"piece": "soul", "sin": got.sin.value, "lying": got.lying, "tile": got.tile}
        if isinstance(got, position.Guardian):
            return {"piece": "guardian", "slot": slots[got.id], "id": got.id}
        if isinstance(got, position.Desk):
            return {"piece": "desk", "owner": got.owner}
        return {"piece": str(got).lower()}

    def space(code: int) -> dict[str, Any]:
        got = position.tower_content(s, code)
        if isinstance(got, position.Guest):
            return {"piece": "guest", "sin": got.sin.value}
        if isinstance(got, position.Barrel):
            return {"piece": "barrel", "index": position.barrel_index(s, got.id), "id": got.id}
        return {"piece": str(got)}

    return {
        "shields": [shield(v) for v in s.hell],
        "families": [
            {
                "tower": [space(v) for v in p.tower],
                "passages": [g for g in range(s.board.gates) if p.passages & (1 << g)],
                "diplomas": [position.Sin.of_circle(c).value for c in range(1, 10) if p.diplomas & (1 << c)],
                "panel": [b.id for b in s.rules.barrels if p.panel & (1 << b.index)],
            }
            for p in s.players
        ],
    }


def _vote_at(svc: GameService, gid: str) -> float | None:
    """When a vote against the player to move may open: the idle rule, and the absence the views show."""
    sess = svc.sessions[gid]
    if sess.state.over:
        return None
    p = inferno.to_move(sess.state)
    return clocks.vote_opens(sess, p, svc.presence.shown_since(gid, p), svc.away)


def _check_views(svc: GameService, gid: str, seen: dict[Any, dict[str, Any]], sent: dict[int, Any]) -> None:
    """Every seat's and the spectator's view as the server builds, encodes and sends it (whole, and as
    a live connection's continuation of its last message) equals the one built from scratch."""
    sess = svc.sessions[gid]
    lines = _reference_log(sess.state, seen)
    for seat in [SPECTATOR, *range(sess.row.players)]:
        want = _reference_view(svc, gid, seat, lines)
        v = svc.live_view(gid, seat)
        assert v is not None
        assert v.data == want and list(v.data) == list(want), (seat, want["version"])
        assert orjson.loads(v.full()) == want
        last = sent.get(seat)
        if last is not None:  # a live connection's next message continues the log it was sent
            got = whole_log(last[1], orjson.loads(v.since(last[0])))
            assert got["log"][len(got["log"]) - len(want["log"]) :] == want["log"]
            assert {**got, "log": want["log"]} == want
        sent[seat] = (v.mark, want)


def _random_step(svc: GameService, gid: str, clock: _Clock, rng: random.Random) -> None:
    """One change of the game: mostly a move (by whoever is to move, bots included), sometimes a take-back,
    a turn clock running out, a vote, or a player taking a seat back."""
    sess = svc.sessions[gid]
    s, seats = sess.state, sess.row.seats
    version, p = served_version(sess), inferno.to_move(s)
    roll = rng.random()
    taken = [i for i, x in enumerate(seats) if clocks.taken_over(x)]
    if taken and roll < 0.1:
        clocks.reclaim(svc, gid, rng.choice(taken))
    elif roll < 0.06 and sess.table.seconds > 0:
        clock.t += sess.table.seconds + 1
        clocks.time_out(svc, gid)
    elif roll < 0.09 and len(seats) > 2 and seats[p].kind == "human":
        voters = [i for i, x in enumerate(seats) if x.kind == "human" and i != p]
        if voters:  # time passes until the player to move is away (past any grace after a return)
            clock.t += svc.away.idle_seconds + svc.away.grace_seconds + sess.table.seconds + 1
            clocks.vote(svc, gid, rng.choice(voters), p)
    elif roll < 0.2 and seats[p].kind == "human" and undoable(sess.steps, p, s.turn, p) > 0:
        svc.undo(gid, p, version)
    elif seats[p].kind == "human":
        svc.act(gid, p, version, action_text(s, rng.choice(inferno.legal_actions(s))))
    else:
        assert svc.bot_step(gid)


@pytest.mark.parametrize(("seats", "side", "modules", "solo", "clock"), SPECS)
def test_every_view_the_server_sends_equals_one_built_from_scratch(
    tmp_path: Path, seats: str, side: str, modules: tuple[str, ...], solo: SoloConfig | None, clock: float
) -> None:
    """Seeded games of 1 to 5 players on both board sides, with and without the P&P modules, solo, bots,
    take-backs, turn clocks running out, votes and seats taken back: at every step every seat's view and
    the spectator's (data, encoding, live continuation) equal the straightforward construction."""
    fake = _Clock()
    svc = GameService(Storage(f"sqlite:///{tmp_path / 'g.db'}"))
    svc.now = fake
    specs = [SeatSpec(SeatKind.HUMAN) if c == "h" else SeatSpec(SeatKind.BOT, "random") for c in seats]
    rng = random.Random(len(seats) * 100 + len(modules))
    for game in range(2):
        gid = svc.create(
            specs,
            seed=rng.randrange(1000),
            side=side,
            modules=modules,
            solo=solo,
            turn_seconds=clock,
            side_variant=True,
        )
        gid = gid.game_id
        seen: dict[Any, dict[str, Any]] = {}
        sent: dict[int, Any] = {}
        for _ in range(400 if game == 0 else 40):
            _check_views(svc, gid, seen, sent)
            if svc.sessions[gid].state.over:
                break
            _random_step(svc, gid, fake, rng)
