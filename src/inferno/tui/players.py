"""Rich renderables for the players' boards, the Fraud market, the viewer's own hand and the decision."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from inferno.help import effect_words, endgame_words
from inferno.rules.actions import Act, Action, Decision
from inferno.rules.effects import endgame_loan_penalty
from inferno.rules.engine import Pending
from inferno.rules.notation import action_text
from inferno.rules.state import EMPTY, T_BARREL, T_GUEST, T_NOBLE, T_URCHIN, PlayerState, State
from inferno.tui.text import player_text, sin_mark, sin_name


def tower_text(s: State, pl: PlayerState) -> Text:
    """The Tower top floor first: N Noble, U Urchin, G+sin Guest, B:colour Barrel, · empty, ─ not built."""
    r = s.rules
    per = r.spaces_per_floor
    out = Text()
    for f in range(r.tower_floors - 1, -1, -1):
        out.append(f"{f}:", style="bold" if f < pl.floors else "dim")
        if f >= pl.floors:
            out.append(" ─" * per + "\n", style="dim")
            continue
        for k in range(per):
            c = pl.tower[f * per + k]
            out.append(" ")
            if c == EMPTY:
                out.append("·", style="dim")
            elif c == T_NOBLE:
                out.append("N", style="bold")
            elif c == T_URCHIN:
                out.append("U", style="bold")
            elif T_GUEST < c < T_BARREL:
                out.append("G")
                out.append_text(sin_mark(r, c - T_GUEST))
            else:
                out.append(f"B:{r.barrels[c - T_BARREL].id}")
        out.append("\n")
    out.rstrip()
    return out


def tracks_table(s: State, labels: Sequence[str]) -> Table:
    """Every player's Skull on each Sin Track, with the track's bonus tile and overflow Infamy."""
    r = s.rules
    t = Table(title="Sin Tracks", title_style="bold")
    t.add_column("track")
    t.add_column("bonus (on accusing)")
    t.add_column("beyond end", justify="right")
    for p in range(s.num_players):
        t.add_column(player_text(p), justify="left")
    if s.solo is not None:
        t.add_column(Text(rival_name(s), style="bold"), justify="left")
    for c in range(2, 10):
        tile = r.bonus_tiles[s.bonus[c]] if s.bonus[c] >= 0 else None
        bonus = f"{tile.kind}: {effect_words(r, tile.effect)}" if tile else ""
        cells = []
        for pl in s.players:
            lvl = pl.tracks[c]
            cell = Text(f"{'●' * lvl}{'○' * (r.track_max - lvl)} {lvl}")
            if pl.diplomas >> c & 1:
                cell.append(" Dipl", style="bold")
            cells.append(cell)
        t.add_row(sin_name(r, c), bonus, f"+{r.overflow_infamy[c]}", *cells)
    return t


def diplomas_text(s: State, pl: PlayerState) -> Text:
    r = s.rules
    out = Text()
    for c in range(2, 10):
        if pl.diplomas >> c & 1:
            out.append_text(sin_mark(r, c))
            out.append(" ")
    if not out.plain:
        out.append("none", style="dim")
    if pl.half:
        out.append(f"  +{pl.half} ½")
    return out


def player_column(s: State, p: int, label: str) -> Text:
    """One player's board as a text block."""
    r = s.rules
    pl = s.players[p]
    out = player_text(p, f" {label}")
    if s.stack and s.stack[-1][1] == p and not s.over:
        out.append("  ◀ deciding", style="bold reverse")
    if p == s.current:
        out.append("  (turn)")
    out.append(f"\nInfamy {pl.infamy}   Florins {pl.florins}   Drachmas {pl.drachmas}\n", style="bold")
    boat = f"Boat: {pl.loans} loan{'s' if pl.loans != 1 else ''}"
    if pl.loans:
        boat += f" (end {endgame_loan_penalty(s, p)})"
    out.append(boat + "\n")
    out.append(f"Home: {pl.home[0]} Noble {pl.home[1]} Urchin; to adopt: {pl.reserve}\n")
    away = sum(pl.florence)
    if away:
        out.append(f"In Florence: {away}\n")
    gates = [str(g + 1) for g in range(s.board.gates) if pl.passages >> g & 1]
    out.append(f"Safe passages: {', '.join(gates) or 'none'}\n")
    x = s.ext
    if x is not None and x.plutus:
        out.append(f"Desks of Plutus still to place: {x.desks[p]}; tolls received {x.desk_received[p]}\n")
    if x is not None and x.phlegyas:
        out.append(f"Bells: {x.bells[p]}\n")
    panel = [b.id for b in r.barrels if pl.panel >> b.index & 1]
    out.append(f"Supply panel: {', '.join(panel) or 'none'}\n")
    out.append("Diplomas: ")
    out.append_text(diplomas_text(s, pl))
    out.append("\nTower:\n", style="bold")
    out.append_text(tower_text(s, pl))
    played = ", ".join(r.fraud_cards[c].id for c in pl.played)
    out.append(f"\nFraud: {len(pl.hand)} in hand; played {played or 'none'}")
    return out


def players_table(s: State, labels: Sequence[str]) -> Table:
    t = Table(title="Families", title_style="bold", show_lines=True, show_header=False)
    for _ in s.players:
        t.add_column(ratio=1)
    cols = [player_column(s, p, labels[p]) for p in range(s.num_players)]
    if s.solo is not None:
        cols.append(rival_column(s))
    t.add_row(*cols)
    return t


def rival_name(s: State) -> str:
    name = s.rules.solo.opponent_name
    return name[0].upper() + name[1:]


def rival_column(s: State) -> Text:
    """The solo game's Rival: its Infamy, Diplomas, safe passages and its next card (open information)."""
    from inferno.rules.solo import RIVAL, next_card, variant
    from inferno.rules.solo import level as solo_level

    pl = s.players[RIVAL]
    v = variant(s)
    lv = solo_level(s)
    out = Text(f"{rival_name(s)} — {v.name}, {lv.id}\n", style="bold")
    goal = f"reach {lv.target} Infamy" if v.win == "target" else "beat its Infamy"
    out.append(f"Infamy {pl.infamy}   (you win if you {goal})\n", style="bold")
    out.append(f"½ Diplomas: {pl.half}   Diplomas: ")
    out.append_text(diplomas_text(s, pl))
    gates = [str(g + 1) for g in range(s.board.gates) if pl.passages >> g & 1]
    out.append(f"\nSafe passages: {', '.join(gates) or 'none'}")
    card = next_card(s)
    if card is not None:
        out.append(f"\nNext card: {card.name} — {card.describe()}", style="italic")
    assert s.solo is not None
    last = ", ".join(s.rules.solo.cards[c].name for c in s.solo.last)
    out.append(f"\nLast played: {last or 'nothing yet'}; {len(s.solo.deck)} left in its deck")
    return out


def families_group(s: State, labels: Sequence[str]) -> RenderableType:
    return Group(players_table(s, labels), tracks_table(s, labels))


def cards_table(s: State, title: str, cards: Sequence[int]) -> Table:
    """Fraud cards: instant half (Barrel needed, two effects) and end-game half (Barrel, two effects)."""
    r = s.rules
    t = Table(title=escape(title), title_style="bold", title_justify="left")
    for col in ("card", "now: Barrel", "instant effects (choose one)", "end: Barrel", "end-game effects (choose one)"):
        t.add_column(col)
    for c in cards:
        if c < 0:
            t.add_row("?", "", "(hidden)", "", "")
            continue
        fc = r.fraud_cards[c]
        t.add_row(
            Text(fc.id, style="bold"),
            r.barrels[fc.instant_barrel].id,
            "  ".join(f"{i}) {effect_words(r, e)}" for i, e in enumerate(fc.instant, 1)),
            r.barrels[fc.endgame_barrel].id,
            "  ".join(f"{i}) {endgame_words(r, e)}" for i, e in enumerate(fc.endgame, 1)),
        )
    return t


def cards_group(s: State, viewer: int) -> RenderableType:
    """The face-up Fraud market, the deck size, and the viewer's own hand only."""
    parts: list[RenderableType] = [cards_table(s, f"Fraud market (deck: {len(s.deck)} cards face down)", s.market)]
    if 0 <= viewer < s.num_players:
        hand = s.players[viewer].hand
        parts.append(cards_table(s, f"Your hand ({player_text(viewer).plain})", hand))
        if not hand:
            parts.append(Text("  (your hand is empty)", style="dim"))
    return Group(*parts)


def options_panel(s: State, pend: Pending, labels: Sequence[str], undo_steps: int) -> Panel:
    """The pending decision with its legal actions numbered, in the engine's notation."""
    body = Text()
    for i, a in enumerate(pend.actions, 1):
        body.append(f"{i:>3}. ", style="bold")
        body.append(action_text(s, a))
        hint = action_hint(s, pend, a)
        if hint:
            body.append(f"   ({hint})", style="dim")
        body.append("\n")
    body.append("\nType a number or the action's text.  Commands: help, undo", style="dim")
    body.append(f" ({undo_steps} step{'s' if undo_steps != 1 else ''} can be taken back)", style="dim")
    body.append(", log, board, save, quit", style="dim")
    title = f"{player_label_plain(pend.player)} {labels[pend.player]} — {decision_title(pend)}"
    return Panel(body, title=escape(title), title_align="left", border_style="bold")


def action_hint(s: State, pend: Pending, action: Action) -> str:
    """Words for choices whose notation is only a number: a Fraud card's two halves."""
    if action.kind != Act.EFFECT or not s.stack:
        return ""
    frame = s.stack[-1]
    card = s.rules.fraud_cards[frame[2]]
    if pend.decision == Decision.FRAUD_EFFECT:
        return f"{card.id}: {effect_words(s.rules, card.instant[action.a])}"
    if pend.decision == Decision.ENDGAME_FRAUD:
        return f"{card.id}: {endgame_words(s.rules, card.endgame[action.a])}"
    return ""


def player_label_plain(p: int) -> str:
    return player_text(p).plain


def decision_title(pend: Pending) -> str:
    from inferno.help import DECISION_HELP

    entry = DECISION_HELP.get(pend.decision)
    return entry.title if entry else pend.decision.name
