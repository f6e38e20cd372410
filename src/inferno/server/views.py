"""JSON for the browser: a player's view of the game, its legal actions with what they touch, and the
static board layout taken from the rules data (never hard-coded here)."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from functools import cache, lru_cache
from itertools import compress
from operator import ne
from typing import Any

from inferno.components import components_json
from inferno.defaults import SOLO_LEVEL, SOLO_LEVELS, solo_variant
from inferno.help import effect_words, endgame_words, help_text
from inferno.i18n import ENGLISH, GAME, language
from inferno.option_words import option_words
from inferno.outcome import NEEDS_EVENTS, namer, next_words, outcome_lines, warnings_of
from inferno.records.log import events
from inferno.rules.actions import Act, Action
from inferno.rules.citations import cite
from inferno.rules.engine import apply_in_place, legal_actions, pending, to_move, view
from inferno.rules.events import Event
from inferno.rules.model import Board, Rules
from inferno.rules.notation import ARG_SHAPES, action_text
from inferno.rules.pack import load_rules
from inferno.rules.pnp import DESK, MAX_PLAYERS, default_side
from inferno.rules.scoring import STEPS, result
from inferno.rules.serialize import player_to_dict, state_to_dict
from inferno.rules.state import (
    EMPTY,
    GUARDIAN,
    LYING,
    PIT,
    T_BARREL,
    T_GUEST,
    T_NOBLE,
    T_URCHIN,
    TILE,
    TOWER_LOC,
    PlayerState,
    State,
)
from inferno.rules.variants import game_side_variant

SPECTATOR = -1  # the seat number of a spectator (who sees no hand)
# The version of the seat view's JSON schema (server/schema/seat_view.v<N>.json), carried by every view as
# ``schema_version``: raised when a field is removed or changes its meaning, not when one is added.
SCHEMA_VERSION = 1
LOG_TAIL = 400  # log lines a view carries (the newest); ``log_total`` counts them all

# What each action argument points at on the board, so the client can highlight it.
# "shield:12", "colour:3" (a Graveyard Soul), "location:2", "member:0", ...
_TARGETS = ARG_SHAPES
_PLAIN_TARGET = {
    Act.BRIBE: "bribe",
    Act.COUNCIL: "council",
    Act.DONE: "done",
    Act.PLAY_DECK: "deck",
    Act.DRAW_DECK: "deck",
    Act.GUARDIAN: "bonfire:guardian",
    Act.STYX: "styx",
    Act.FRAUD: "wall:fraud",
}


def action_targets(a: Action) -> list[str]:
    """The board keys an action involves, e.g. ``["location:2", "member:0"]``."""
    plain = _PLAIN_TARGET.get(a.kind)
    if plain is not None:
        return [plain]
    out = []
    for shape, v in zip(_TARGETS.get(a.kind, ()), (a.a, a.b), strict=False):
        if shape != "number":
            out.append(f"{shape}:{v}")
    return out


# Actions whose preview is shown before they are played: their outcome depends on nothing hidden
# (no card is drawn or revealed to the player while they resolve), so the preview tells nothing a seat
# may not know. Playing or drawing from the top of the deck reveals a card: never previewed.
_PREVIEWED = frozenset(Act) - {Act.PLAY_DECK, Act.DRAW_DECK}
# Targets of a past move that everyone may see on the board (never a card: a hand is secret).
_PUBLIC_TARGET = ("shield:", "location:", "colour:", "gate:", "guest:", "barrel:", "phleg:", "track:", "styx")


def preview(s: State, a: Action, mover: int | None = None) -> dict[str, Any] | None:
    """What playing ``a`` would change: the mover's Infamy, Florins and Drachmas, the quartiere where
    Florence is played, the shields whose piece changes, and every cost and gain in words (``words``,
    :mod:`inferno.outcome`) with the decision it leads to (``next``). Computed by the engine on a copy;
    None for actions whose outcome depends on hidden cards. ``mover``: who decides now, if the caller
    knows."""
    if a.kind not in _PREVIEWED:
        return None
    p = to_move(s) if mover is None else mover
    new = s.copy()
    new.record_events = a.kind in NEEDS_EVENTS  # their words read the engine's events (a lost Fraud effect)
    try:
        apply_in_place(new, a, rollback=False)
    except Exception:  # a legal action always applies; a preview must never break the view
        return None
    before, after = s.players[p], new.players[p]
    out: dict[str, Any] = {
        "infamy": after.infamy - before.infamy,
        "florins": after.florins - before.florins,
        "drachmas": after.drachmas - before.drachmas,
    }
    if new.turn == s.turn:
        hell, now = s.hell, new.hell
        changed = [] if hell == now else list(compress(range(len(hell)), map(ne, hell, now)))
        out["shields"] = changed
        out["stops"] = [i for i in changed if 0 < now[i] < GUARDIAN]  # where a Soul now is
        if new.quartiere != s.quartiere and new.quartiere >= 0:
            out["quartiere"] = s.rules.quartieri[new.quartiere]
    out["words"] = outcome_lines(s, new, p, a)
    out["next"] = next_words(s, new, p, namer(s, p))
    warned = warnings_of(s, new, p, a)
    if warned:  # a loan, a council, a Fraud card's lost effect: a first game warns of each once
        out["warnings"] = [w.to_dict() for w in warned]
    return out


_KIND = {k: k.name.lower() for k in Act}
# An action's text, kind and board targets depend on the game's rules and board only (never on the state
# of play), so each board keeps them per action once made; read only. The text of an action naming a
# Guardian depends on the game's Guardians too: those are kept apart, per game's Guardians.
_Item = tuple[str, str, tuple[str, ...]]
_ITEMS: dict[tuple[int, int], tuple[Rules, Board, dict[Any, _Item]]] = {}
_BY_GUARDIANS = frozenset(k for k, shapes in ARG_SHAPES.items() if "guardian" in shapes)


def _items(s: State) -> dict[Any, _Item]:
    key = (id(s.rules), id(s.board))
    got = _ITEMS.get(key)
    if got is None or got[0] is not s.rules or got[1] is not s.board or len(got[2]) > 50_000:
        if len(_ITEMS) > 64:
            _ITEMS.clear()
        got = _ITEMS[key] = (s.rules, s.board, {})
    return got[2]


def _item(s: State, items: dict[Any, _Item], a: Action) -> _Item:
    """The text, kind and targets of legal action ``a`` in ``s`` (``items``: ``_items(s)``)."""
    key: Any = (a, s.guardians) if a.kind in _BY_GUARDIANS else a
    it = items.get(key)
    if it is None:
        it = items[key] = (action_text(s, a), _KIND[a.kind], tuple(action_targets(a)))
    return it


def legal_json(s: State, with_preview: bool = True) -> list[dict[str, Any]]:
    """The legal actions as JSON: text, kind, board targets and (``with_preview``) preview."""
    items, mover = _items(s), to_move(s)
    out = []
    for a in legal_actions(s):
        it = _item(s, items, a)
        item: dict[str, Any] = {"text": it[0], "words": option_words(s, a), "kind": it[1], "targets": list(it[2])}
        if with_preview:
            item["preview"] = preview(s, a, mover)
        out.append(item)
    return out


def last_move_json(s: State, moves: int | None = None) -> dict[str, Any] | None:
    """The last move's number and the public board places it touched (for highlighting it); ``moves``:
    the moves made so far, if the caller knows them."""
    if s.actions is None:
        return None
    a = s.actions[0]
    targets = [k for k in action_targets(a) if k.startswith(_PUBLIC_TARGET)]
    return {"index": _length(s.actions) if moves is None else moves, "targets": targets}


def result_json(s: State) -> dict[str, Any] | None:
    if not s.over:
        return None
    r = result(s)
    return {
        "steps": list(STEPS),
        "players": [
            {
                "player": p.player,
                "infamy": p.infamy,
                "before_final": p.before_final,
                "steps": dict(p.steps),
                "diplomas": p.diplomas,
                "rank": p.rank,
                "winner": p.winner,
            }
            for p in r.players
        ],
        "winners": list(r.winners),
        "sudden_death": r.sudden_death,
        "ended_by": r.ended_by,
        "solo": r.solo.to_dict() if r.solo is not None else None,
    }


def variant_label(s: State) -> str | None:
    """The game's board-side variant as every seat reads it ("variant: board side III/IV with 2 players"),
    or None when the game is on its player count's side."""
    v = game_side_variant(s)
    return v.label if v is not None else None


def public_config(s: State, seed: int, seed_chosen: bool) -> dict[str, Any]:
    """The game's settings as every seat may know them: the seed only once the game is over (whoever
    knows it can deal every hidden card), whether the game's creator chose it, and a board-side variant."""
    return {
        "players": s.config.players,
        "side": s.config.side,
        "variant": variant_label(s),
        "seed": seed if s.over else None,
        "seed_chosen_by_creator": seed_chosen,
        "modules": list(s.config.modules),
    }


# The pieces in the game's words, in lists indexed by the state's codes (see ``_pieces``): the same few
# objects serve every view (callers must not modify them).
_PIECES: dict[tuple[int, tuple[int, ...], str], tuple[Rules, list[dict[str, Any] | None]]] = {}


def _shield_piece(s: State, code: int) -> dict[str, Any]:
    """What a Hell shield holds, by name: ``{"piece": "soul", "sin": "greed", "lying": false, ...}``."""
    r = s.rules
    if code == EMPTY:
        return {"piece": "empty"}
    if code == PIT:
        return {"piece": "pit"}
    if code >= DESK:
        return {"piece": "desk", "owner": code - DESK}
    if code >= GUARDIAN:
        slot = code - GUARDIAN
        return {"piece": "guardian", "slot": slot, "id": r.guardians[s.guardians[slot]].id}
    lying, tile, circle = code > LYING, code > TILE, code % 10
    return {"piece": "soul", "sin": r.circles[circle - 1].id, "lying": lying, "tile": tile}


def _tower_piece(s: State, code: int) -> dict[str, Any]:
    """What a Tower space holds, by name: ``{"piece": "guest", "sin": "lust"}``, ``{"piece": "noble"}``."""
    r = s.rules
    if code == EMPTY:
        return {"piece": "empty"}
    if code == T_NOBLE:
        return {"piece": "noble"}
    if code == T_URCHIN:
        return {"piece": "urchin"}
    if code >= T_BARREL:
        return {"piece": "barrel", "index": code - T_BARREL, "id": r.barrels[code - T_BARREL].id}
    return {"piece": "guest", "sin": r.circles[code - T_GUEST - 1].id}


def _pieces(s: State, codes: list[int], kind: str) -> list[dict[str, Any]]:
    """The pieces of ``codes`` by name (``kind``: "shield" or "tower"), each made once per rules data (and,
    for the shields, per game's Guardians in play) in a list indexed by code."""
    key = (id(s.rules), s.guardians if kind == "shield" else (), kind)
    got = _PIECES.get(key)
    if got is None or got[0] is not s.rules:
        if len(_PIECES) > 256:
            _PIECES.clear()
        size = DESK + MAX_PLAYERS if kind == "shield" else T_BARREL + len(s.rules.barrels)
        got = _PIECES[key] = (s.rules, [None] * size)
    table, make = got[1], _shield_piece if kind == "shield" else _tower_piece
    return [table[v] or _made(table, v, make(s, v)) for v in codes]


def _made(table: list[dict[str, Any] | None], code: int, piece: dict[str, Any]) -> dict[str, Any]:
    table[code] = piece
    return piece


def family_pieces(s: State, p: PlayerState) -> dict[str, Any]:
    """A family's pieces in the game's words: its Tower spaces, the Gates it may pass safely, the sins
    of its Diplomas and the Barrels on its panel."""
    r = s.rules
    return {
        "tower": _pieces(s, p.tower, "tower"),
        "passages": [g for g in range(s.board.gates) if p.passages >> g & 1],
        "diplomas": [c.id for c in r.circles if p.diplomas >> c.number & 1],
        "panel": [b.id for b in r.barrels if p.panel >> b.index & 1],
    }


def pieces_json(s: State, before: tuple[State, dict[str, Any]] | None = None) -> dict[str, Any]:
    """The pieces on the board and in the families' Towers by name, as the state's integer codes hold
    them. ``before``: an earlier state and its ``public_json``; the families whose pieces are the same
    objects in ``s`` take their part over."""
    families = None
    if before is not None and len(before[0].players) == len(s.players):
        made, old = before[0].players, before[1]["pieces"]["families"]
        families = [old[i] if p is made[i] else family_pieces(s, p) for i, p in enumerate(s.players)]
    return {
        "shields": _pieces(s, s.hell, "shield"),
        "families": families if families is not None else [family_pieces(s, p) for p in s.players],
    }


@cache
def _event_words() -> Callable[[str], str]:
    """The event texts' words in the current language (``inferno.records.event_words.event_text``, which
    reads the engine's English text anew in the player's language), or the English text as it is where
    that module is not there."""
    try:
        module = importlib.import_module("inferno.records.event_words")
    except ImportError:
        return str
    words: Callable[[str], str] = module.event_text
    return words


@lru_cache(maxsize=16384)
def _event_json(e: Event, lang: str) -> dict[str, Any]:
    """One log line as JSON in ``lang`` (the current language), its text and its rule in words. Events
    never change (and never name the seed), so each is encoded once per language for every seat and
    version that shows it. Callers must not modify it."""
    d = e._asdict()
    if lang != ENGLISH:
        d["text"] = _event_words()(d["text"])
    d["rule"] = cite(d["rule"])
    return d


def public_json(
    full: State,
    *,
    seed: int,
    seed_chosen: bool,
    log: list[dict[str, Any]] | None = None,
    moves: int | None = None,
    before: tuple[State, dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """What every seat sees of ``full``, built once per version and shared: the spectator's state (every
    hand hidden), the decision pending, the log (``log``: its lines as JSON if the caller keeps them,
    else built from the events), the last move, the result and the solo Rival. ``moves``: the moves made
    so far, if the caller counts them. ``before``: an earlier state and its ``public_json``, whose parts
    for the families whose pieces are the same objects in ``full`` (unchanged) are taken over. ``seat_json``
    adds a seat's own part. Callers must not modify it."""
    pub = view(full, SPECTATOR)
    players = None
    if before is not None and len(before[0].players) == len(full.players):
        made, old = before[0].players, before[1]["state"]["players"]
        players = [old[i] if p is made[i] else player_to_dict(pub.players[i]) for i, p in enumerate(full.players)]
    d = state_to_dict(pub, actions=False, players=players)
    d.pop("format", None)
    d.pop("format_version", None)
    d["config"] = public_config(full, seed, seed_chosen)
    lang = language()
    lines = log if log is not None else [_event_json(e, lang) for e in events(full)]
    pend = pending(full)
    pend_json = None
    if pend is not None:
        _title, text, rule = help_text(full, pend.decision)
        pend_json = {
            "player": pend.player,
            "decision": pend.decision.name.lower(),
            "title": _title,
            "explain": text,
            "rule": rule,
        }
    if moves is None:
        moves = _length(full.actions)
    return {
        "schema_version": SCHEMA_VERSION,
        "state": d,
        "pieces": pieces_json(full, before),
        "moves": moves,
        "pending": pend_json,
        "legal": [],
        "log": lines[-LOG_TAIL:],
        "log_total": len(lines),
        "last_move": last_move_json(full, moves),
        "result": result_json(full),
        "solo": solo_view(pub),
    }


def seat_json(public: dict[str, Any], full: State, seat: int, *, legal: bool = True) -> dict[str, Any]:
    """The JSON ``seat`` receives (-1: a spectator): ``public`` (``public_json`` of ``full``) with the
    seat's own hand, and (unless not ``legal``) its legal actions when it is to decide. ``public`` is not
    changed."""
    d = dict(public)
    if seat >= 0:
        d["state"] = seat_state(public["state"], full, seat)
        if legal and to_move(full) == seat:
            d["legal"] = legal_json(full)
    return d


def seat_state(public: dict[str, Any], full: State, seat: int) -> dict[str, Any]:
    """The state part of ``seat``'s view: ``public`` (that of ``public_json``) with the seat's own hand."""
    state = dict(public)
    players = list(state["players"])
    players[seat] = {**players[seat], "hand": list(full.players[seat].hand)}
    state["players"] = players
    state["viewer"] = seat
    return state


def view_json(full: State, seat: int, *, seed: int | None = None, seed_chosen: bool = False) -> dict[str, Any]:
    """The JSON a seat receives (seat -1 = spectator).

    Nothing in it lets the seat work out another seat's hand or the deck while the game runs: the
    seat's view (``inferno.view``) hides them, and the seed (``seed``, or the state's own) is left out
    of the settings and the log until the game is over.
    """
    seed = full.config.require_seed() if seed is None else seed
    return seat_json(public_json(full, seed=seed, seed_chosen=seed_chosen), full, seat)


def log_line_json(e: Event) -> dict[str, Any]:
    """One log line as JSON data of its own, its text in English (the caller may add to it: the board
    places it concerns are read from the English text, then ``line_text`` words it for the reader)."""
    return dict(_event_json(e, ENGLISH))


def line_text(e: Event) -> str:
    """The text of ``e``'s log line in the current language."""
    text: str = _event_json(e, language())["text"]
    return text


def _length(node: tuple[Any, ...] | None) -> int:
    """Items of an append-only linked log."""
    n = 0
    while node is not None:
        n += 1
        node = node[1]
    return n


def sides_json() -> dict[str, Any]:
    """The board sides the lobby offers and the side for each player count (another side is a variant)."""
    rules = load_rules()
    return {
        "sides": list(rules.boards),
        "by_players": {str(n): default_side(rules, n) for n in range(1, MAX_PLAYERS + 1)},
    }


def _data(name: str) -> str:
    """A name or text of the rules data (a location, a Guardian, a solo mode...) in the current language."""
    return GAME.gettext(name) if name else name


def solo_json() -> dict[str, Any]:
    """The solo variants and levels the lobby offers (from the solo data), and the default of each."""
    data = load_rules().solo
    return {
        "opponent": _data(data.opponent_name),
        "levels": list(SOLO_LEVELS),
        "default": {"variant": solo_variant(), "level": SOLO_LEVEL},
        "variants": [
            {
                "id": v.id,
                "name": _data(v.name),
                "description": _data(v.description),
                "win": v.win,
                "levels": list(v.levels),
            }
            for v in data.variants.values()
        ],
        "ranks": [{"name": _data(r.name), "won": r.won, "min_margin": r.min_margin} for r in data.ranks],
    }


def solo_view(v: State) -> dict[str, Any] | None:
    """The solo game's Rival as everyone sees it: its pieces, its next card (face up), its deck size."""
    if v.solo is None or v.config.solo is None:
        return None
    from inferno.rules.solo import RIVAL, next_card, variant
    from inferno.rules.solo import level as solo_level

    rv = v.players[RIVAL]
    var = variant(v)
    lv = solo_level(v)
    card = next_card(v)
    cards = v.rules.solo.cards
    name = _data(v.rules.solo.opponent_name)
    return {
        "name": name[0].upper() + name[1:],
        "player": RIVAL,
        "variant": var.id,
        "variant_name": _data(var.name),
        "description": _data(var.description),
        "level": lv.id,
        "win": var.win,
        "target": lv.target,
        "infamy": rv.infamy,
        "tracks": rv.tracks[2:10],
        "half": rv.half,
        "diplomas": [c for c in range(2, 10) if rv.diplomas >> c & 1],
        "passages": [g for g in range(v.board.gates) if rv.passages >> g & 1],
        "next_card": {"name": _data(card.name), "text": card.describe()} if card is not None else None,
        "last_played": [_data(cards[c].name) for c in v.solo.last],
        "deck_left": len(v.solo.deck),
    }


def board_json(s: State) -> dict[str, Any]:
    """Static layout and component data for drawing: everything comes from the rules data."""
    r, b = s.rules, s.board
    return {
        "side": b.side,
        "circles": [
            {
                "number": c.number,
                "id": c.id,
                "sin": _data(c.sin),
                "colour": c.colour,
                "hex": c.hex,
                "glyph": c.glyph,
                "letter": c.letter,
            }
            for c in r.circles
        ],
        "circle_infamy": list(r.circle_infamy),
        "shields": {
            "labels": list(b.labels),
            "circle": list(b.circle),
            "symbol": list(b.symbol),
            "down": [list(x) for x in b.down],
            "gate": list(b.gate),
            "circle_shields": [list(x) for x in b.circle_shields],
        },
        "gates": b.gates,
        "walls_above_circle": r.walls_above_circle,
        "quartieri": list(r.quartieri),
        "quartiere_symbols": list(r.quartiere_symbols),
        "locations": [
            {
                "index": loc.index,
                "id": loc.id,
                "name": _data(loc.name),
                "circle": loc.circle,
                "special": loc.special,
                "noble_florins": loc.noble_florins,
                "urchin_free": loc.urchin_free,
                "urchin_only": loc.urchin_only,
            }
            for loc in r.locations
        ],
        "stops": [{"kind": st.kind.value, "circle": st.circle, "label": str(st)} for st in s.stops],
        "barrels": [{"index": x.index, "id": x.id, "score": x.score, "amount": x.amount} for x in r.barrels],
        "fraud_cards": [
            {
                "index": c.index,
                "id": c.id,
                "instant_barrel": c.instant_barrel,
                "instant": [effect_words(r, e) for e in c.instant],
                "endgame_barrel": c.endgame_barrel,
                "endgame": [endgame_words(r, e) for e in c.endgame],
            }
            for c in r.fraud_cards
        ],
        "guardians": [
            {"slot": i, "id": r.guardians[g].id, "name": _data(r.guardians[g].name)} for i, g in enumerate(s.guardians)
        ],
        "bonus_tiles": [
            {
                "index": t.index,
                "id": t.id,
                "kind": t.kind,
                "text": effect_words(r, t.effect),
            }
            for t in r.bonus_tiles
        ],
        "plague_cards": [list(c) for c in r.plague_cards],
        "family_cards": [{"index": f.index, "id": f.id} for f in r.family_cards],
        "reputation": [{"id": a, "name": _data(n), "points": p} for a, n, p in r.reputation],
        "tower_floors": r.tower_floors,
        "spaces_per_floor": r.spaces_per_floor,
        "track_max": r.track_max,
        "upper_tracks": list(r.upper_tracks),
        "lower_tracks": list(r.lower_tracks),
        "phleg_min": r.phleg_min,
        "phleg_max": r.phleg_max,
        "loan_positions": [list(x) for x in r.loan_positions],
        "styx_table": {str(k): list(v) for k, v in r.styx_table.items()},
        "guest_circles": list(r.guest_circles),
        # P&P: where Plutus's Desks and Phlegyas's Bells are gained (None without the expansion).
        "pnp": {"desk_circle": s.ext.data.desk_circle, "bell_circle": s.ext.data.bell_circle}
        if s.ext is not None
        else None,
        # Every component explained (what it does, what it costs, who may enter), by board key, with its
        # rulebook page: the texts the terminal shows too (inferno.components).
        "components": components_json(s),
        # The board key of the Tower as a place a family member is recalled from (a council's target).
        "tower_key": f"place:{TOWER_LOC}",
        # How the engine's state lists encode pieces (inferno.rules.state). The browser reads the view's
        # ``pieces`` (by name) instead; these stay for clients that decode the state themselves.
        "codes": {
            "hell": {"lying": LYING, "tile": TILE, "guardian": GUARDIAN, "pit": PIT, "desk": DESK},
            "tower": {"noble": T_NOBLE, "urchin": T_URCHIN, "guest": T_GUEST, "barrel": T_BARREL},
            "tower_place": TOWER_LOC,
        },
    }
