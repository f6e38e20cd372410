"""Rich renderables for the shared board: Hell, the Graveyard and Plague deck, Florence, Dante's path.

Everything is read from a (viewed) state; nothing here decides a rule.
"""

from __future__ import annotations

from collections.abc import Mapping

from rich.console import Group, RenderableType
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from inferno.i18n import GAME, TERMINAL
from inferno.rules.model import MEMBER_KINDS
from inferno.rules.pnp import DESK
from inferno.rules.state import EMPTY, GUARDIAN, LYING, PIT, TILE, State
from inferno.tui.text import (
    entry_words,
    members_word,
    player_text,
    quartiere_mark,
    sin_mark,
    sin_name,
    sins_legend,
    stop_text,
    stop_words,
)

_ = TERMINAL.gettext
PALACE, MARKET = "PALACE", "MARKET"  # the locations' names in the rules data (the game catalog translates them)
STRONG = "bold reverse"  # i18n: not for players
RED = "bold red"  # i18n: not for players
HEAD = "bold underline"  # i18n: not for players


def shield_content(s: State, t: int, compact: bool = False) -> Text:
    """What stands on a shield: ``·`` empty, ``▲♣G`` standing Soul, ``▬♣g`` lying, ``▭♣g`` tile,
    ``♜Name`` Guardian, ``◎Pit``."""
    c = s.hell[t]
    r = s.rules
    if c == EMPTY:
        return Text("·", style="dim")
    if c < LYING:
        return Text("▲") + sin_mark(r, c)
    if c < TILE:
        return Text("▬", style="dim") + sin_mark(r, c - LYING, lying=True)
    if c < GUARDIAN:
        return Text("▭", style="dim") + sin_mark(r, c - TILE, lying=True)
    if c < PIT:
        name = GAME.gettext(r.guardians[s.guardians[c - GUARDIAN]].name)
        return Text(f"♜{name[:3] if compact else name}", style=STRONG)
    if c >= DESK:  # P&P: a Desk of Plutus, crossing it costs a Drachma paid to its owner
        return Text("⌂" if compact else "⌂" + _("Desk of") + " ", style="bold") + player_text(c - DESK)
    return Text("◎" + _("Pit"), style="bold")


def _shield_cell(s: State, t: int, marks: Mapping[int, str] | None = None, compact: bool = False) -> Text:
    """A shield's label, quartiere and content; ``marks`` styles chosen shields (targets, landing)."""
    b = s.board
    q = b.symbol[t]
    mark = (marks or {}).get(t, "")
    cell = Text(b.labels[t] if compact else f"{b.labels[t]} ", style=mark or "bold")
    qm = quartiere_mark(s.rules, q)
    cell.append(qm if compact else f"[{qm}]", style="underline" if s.quartiere == q else "")
    cell.append(" ")
    cell.append_text(shield_content(s, t, compact))
    if b.down[t] and not compact:
        cell.append("\n↓" + " ".join(b.labels[u] for u in b.down[t]), style="dim")
    return cell


def _gates_row(s: State, width: int, compact: bool = False) -> list[Text]:
    """One cell per circle-6 shield: its gate and who holds a safe passage there."""
    b = s.board
    cells = []
    below = b.circle_shields[s.rules.walls_above_circle]
    for t in below:
        g = b.gate[t]
        if g < 0:  # no gate above this shield: the Walls are closed there
            cells.append(Text(_("wall") if compact else _("no gate"), style="dim red"))  # i18n: not for players
            continue
        holders = [p for p, pl in enumerate(s.players) if pl.passages >> g & 1]
        cell = Text(_("gate {n}").format(n=g + 1) + (" " if compact else ": "), style=RED)
        if holders:
            for i, p in enumerate(holders):
                if i:
                    cell.append(",")
                cell.append_text(player_text(p))
        else:
            cell.append("–" if compact else _("none"), style="dim")
        cells.append(cell)
    return cells + [Text("")] * (width - len(cells))


def hell_table(s: State, marks: Mapping[int, str] | None = None, compact: bool = False) -> Table:
    """Hell circle by circle: sin, Infamy for lying down, Phlegethon cube, and every shield.

    ``marks`` maps shields to a style (legal targets, a previewed landing); ``compact`` fits 80 columns.
    """
    b = s.board
    r = s.rules
    width = max(len(row) for row in b.circle_shields[1:10])
    t = Table(
        title=_("Hell"), show_lines=not compact, expand=False, title_style="bold", padding=(0, 0 if compact else 1)
    )
    t.add_column(_("circle"), no_wrap=True)
    for i in range(width):
        t.add_column(str(i + 1), no_wrap=True, min_width=0 if compact else 12)
    for circle in range(1, 10):
        if circle == r.walls_above_circle:
            walls = Text(_("Walls") if compact else _("Walls of Dis"), style=RED)
            t.add_row(walls, *_gates_row(s, width, compact))
        head = Text(f"{circle} ", style="bold") + (sin_mark(r, circle) if compact else sin_name(r, circle))
        infamy = r.circle_infamy[circle]
        head.append(f" +{infamy}" if compact else "\n" + _("lie: +{n}").format(n=infamy))
        if circle >= 2:
            head.append(f" ♨{s.phleg[circle]}" if compact else "  " + _("Phleg {n}").format(n=s.phleg[circle]))
        row = [_shield_cell(s, u, marks, compact) for u in b.circle_shields[circle]]
        t.add_row(head, *(row + [Text("")] * (width - len(row))))
    return t


def graveyard_text(s: State) -> Text:
    r = s.rules
    out = Text(_("Graveyard:") + " ", style="bold")
    any_soul = False
    for c in range(1, 10):
        n = s.graveyard[c]
        if n:
            any_soul = True
            out.append_text(sin_mark(r, c))
            out.append(f"×{n}  ")
    if not any_soul:
        out.append(_("empty"), style="dim")
    if s.plague:
        card = s.plague[0]
        out.append("   " + _("Next Plague card") + " ", style="bold")
        out.append(f"{GAME.gettext(r.plague_ids[card])}: ")
        for c in r.plague_cards[card]:
            out.append_text(sin_mark(r, c))
            out.append(" ")
    return out


def legend_text(s: State) -> Text:
    r = s.rules
    out = sins_legend(r)
    shields = _("Shields: ▲ standing Soul · ▬ lying Soul · ▭ spare tile · ♜ Guardian · ◎ Pit · [K] quartiere")
    out.append("\n" + shields, "dim")
    out.append("\n" + _("Quartieri:") + " ", style="bold")
    for q, name in enumerate(r.quartieri):
        style = HEAD if s.quartiere == q else ""
        out.append(
            f"[{quartiere_mark(r, q)}] {GAME.gettext(name)} ({GAME.gettext(r.quartiere_symbols[q])})  ", style=style
        )
    return out


def florence_table(s: State, marks: Mapping[int, str] | None = None) -> Table:
    """Florence's quartieri, their two locations, entry costs and every family member there.

    ``marks`` maps location indices to a style (the legal targets of the pending decision)."""
    r = s.rules
    title = _("Florence")
    if s.quartiere >= 0:
        mark, qname = quartiere_mark(r, s.quartiere), GAME.gettext(r.quartieri[s.quartiere])
        title += " " + _("(this turn's quartiere: [{mark}] {name})").format(mark=mark, name=qname)
    t = Table(title=escape(title), title_style="bold", show_lines=False)
    for col in (_("quartiere"), _("location"), _("sin"), _("entry"), _("family members there")):
        t.add_column(col)
    for q, qname in enumerate(r.quartieri):
        locs = [loc for loc in r.locations if s.loc_quartiere[loc.index] == q]
        for i, loc in enumerate(locs):
            qcell = Text(f"[{quartiere_mark(r, q)}] {GAME.gettext(qname)}" if i == 0 else "")
            if s.quartiere == q and i == 0:
                qcell.stylize(HEAD)
            entry = entry_words(loc.noble_florins, loc.urchin_free, loc.urchin_only)
            if loc.special:
                entry += _("; Guest to accuse")
            members = Text()
            for p, pl in enumerate(s.players):
                counts = [pl.florence[2 * loc.index + k] for k in range(len(MEMBER_KINDS))]
                if any(counts):
                    members.append_text(player_text(p))
                    members.append(": " + ", ".join(members_word(k, n) for k, n in enumerate(counts) if n) + "  ")
            name = Text(GAME.gettext(loc.name), style=(marks or {}).get(loc.index, "bold"))
            t.add_row(qcell, name, sin_name(r, loc.circle), entry, members)
    return t


def supply_text(s: State) -> Text:
    """What is left at the PALACE (Guests) and the MARKET (Barrels)."""
    r = s.rules
    palace, market = GAME.gettext(PALACE), GAME.gettext(MARKET)
    out = Text(_("{palace} Guests left:").format(palace=palace) + " ", style="bold")
    for c in r.guest_circles:
        out.append_text(sin_mark(r, c))
        out.append(f"×{s.palace[c]} ")
    out.append("   " + _("{market} Barrels left:").format(market=market) + " ", style="bold")
    out.append("  ".join(f"{GAME.gettext(b.id)}×{s.barrel_market[b.index]}" for b in r.barrels))
    x = s.ext
    if x is not None and x.phlegyas:
        out.append("\n" + _("Phlegyas's Bells left: {n}").format(n=x.bell_supply), style="bold")
    return out


def dante_text(s: State, ahead: int = 3) -> Text:
    """Dante's path with his position and what the next stops give."""
    out = Text(_("Dante's path:") + " ", style="bold")
    for i, stop in enumerate(s.stops):
        piece = stop_text(s.rules, stop)
        if i <= s.dante:
            piece.stylize("dim strike")  # i18n: not for players
        if i == s.dante:
            out.append("☗", style=RED)
        out.append_text(piece)
        out.append(" ")
    if s.dante < 0:
        out.append(" " + _("(Dante has not moved yet)"), style="dim")
    nxt = s.stops[s.dante + 1 : s.dante + 1 + ahead]
    if nxt:
        out.append("\n" + _("Next stops:") + " ", style="bold")
        out.append("; ".join(f"{i + s.dante + 2}. {stop} = {stop_words(s, stop)}" for i, stop in enumerate(nxt)))
    else:
        out.append("\n" + _("Dante has reached his last stop: this is the last round."), style=RED)

    return out


def board_group(s: State) -> RenderableType:
    """The shared board as one renderable."""
    return Group(legend_text(s), hell_table(s), graveyard_text(s), dante_text(s), florence_table(s), supply_text(s))
