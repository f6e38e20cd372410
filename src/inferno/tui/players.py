"""Rich renderables for the players' boards, the Fraud market, the viewer's own hand and the decision."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.markup import escape
from rich.measure import Measurement
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from inferno.help import effect_words, endgame_words
from inferno.i18n import GAME, TERMINAL
from inferno.option_words import option_words
from inferno.rules.actions import Action
from inferno.rules.effects import endgame_loan_penalty
from inferno.rules.engine import Pending
from inferno.rules.notation import action_text
from inferno.rules.state import EMPTY, T_BARREL, T_GUEST, T_NOBLE, T_URCHIN, PlayerState, State
from inferno.tui.text import level_word, member_initials, player_text, sin_mark, sin_name

_ = TERMINAL.gettext
ngettext = TERMINAL.ngettext
pgettext = TERMINAL.pgettext
STRONG = "bold reverse"  # i18n: not for players


def tower_text(s: State, pl: PlayerState) -> Text:
    """The Tower top floor first: N Noble, U Urchin, G+sin Guest, B:colour Barrel, · empty, ─ not built."""
    r = s.rules
    per = r.spaces_per_floor
    noble, urchin = member_initials()
    guest, barrel = pgettext("initial of Guest", "G"), pgettext("initial of Barrel", "B")
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
                out.append(noble, style="bold")
            elif c == T_URCHIN:
                out.append(urchin, style="bold")
            elif T_GUEST < c < T_BARREL:
                out.append(guest)
                out.append_text(sin_mark(r, c - T_GUEST))
            else:
                out.append(f"{barrel}:{GAME.gettext(r.barrels[c - T_BARREL].id)}")
        out.append("\n")
    out.rstrip()
    return out


def bonus_words(s: State, c: int) -> str:
    """The bonus tile on Sin Track ``c`` (gained on accusing), or "" once taken."""
    tile = s.rules.bonus_tiles[s.bonus[c]] if s.bonus[c] >= 0 else None
    return f"{GAME.gettext(tile.kind)}: {effect_words(s.rules, tile.effect)}" if tile else ""


def bonus_width(s: State) -> int:
    """The widest bonus tile's words: its column keeps this width when tiles are taken."""
    r = s.rules
    return max(len(f"{GAME.gettext(tile.kind)}: {effect_words(r, tile.effect)}") for tile in r.bonus_tiles)


def tracks_table(s: State, labels: Sequence[str], bonus: bool = True) -> Table:
    """Every player's Skull on each Sin Track, with the track's overflow Infamy and (``bonus``) its bonus tile."""
    r = s.rules
    t = Table(title=_("Sin Tracks"), title_style="bold")
    t.add_column(_("track"))
    if bonus:
        t.add_column(_("bonus (on accusing)"), min_width=bonus_width(s))
    t.add_column(_("beyond end"), justify="right")
    dipl = _("Dipl")  # a Diploma, abbreviated
    cell_width = r.track_max + len(f" {r.track_max} {dipl}")  # a Skull's cell at its widest: the width never changes
    for p in range(s.num_players):
        t.add_column(player_text(p), justify="left", min_width=cell_width)
    if s.solo is not None:
        t.add_column(Text(rival_name(s), style="bold"), justify="left")
    for c in range(2, 10):
        cells = []
        for pl in s.players:
            lvl = pl.tracks[c]
            cell = Text(f"{'●' * lvl}{'○' * (r.track_max - lvl)} {lvl}")
            if pl.diplomas >> c & 1:
                cell.append(f" {dipl}", style="bold")
            cells.append(cell)
        extra = [bonus_words(s, c)] if bonus else []
        t.add_row(sin_name(r, c), *extra, f"+{r.overflow_infamy[c]}", *cells)
    return t


def bonus_table(s: State) -> Table:
    """Each Sin Track's bonus tile, gained on accusing (beside the tracks when they are apart)."""
    t = Table(title=_("Bonus tiles (on accusing)"), title_style="bold")
    t.add_column(_("track"))
    t.add_column(_("bonus"), min_width=bonus_width(s))
    for c in range(2, 10):
        t.add_row(sin_name(s.rules, c), bonus_words(s, c))
    return t


def diplomas_text(s: State, pl: PlayerState) -> Text:
    r = s.rules
    out = Text()
    for c in range(2, 10):
        if pl.diplomas >> c & 1:
            out.append_text(sin_mark(r, c))
            out.append(" ")
    if not out.plain:
        out.append(_("none"), style="dim")
    if pl.half:
        out.append(f"  +{pl.half} ½")
    return out


COLUMN = 24  # columns of one family's block: its lines are broken to fit (a label may be longer)


def listed(head: str, items: Sequence[str | Text], width: int = COLUMN, sep: str = ", ") -> Text:
    """``head`` and ``items`` (or "none"), broken between items into lines of at most ``width`` columns."""
    out = Text(head)
    line = len(head)
    if not items:
        out.append(_("none"))
        return out
    for i, item in enumerate(items):
        piece = Text(item) if isinstance(item, str) else item
        after = sep if i < len(items) - 1 else ""
        if i and line + len(piece) + len(after.rstrip()) > width:
            out.rstrip()
            out.append("\n  ")
            line = 2
        out.append_text(piece)
        out.append(after)
        line += len(piece) + len(after)
    out.rstrip()
    return out


def wrapped(text: str, width: int = COLUMN, style: str = "") -> Text:
    """Free text broken at words into lines of at most ``width`` columns."""
    return Text("\n".join(textwrap.wrap(text, width, subsequent_indent="  ")), style=style)


def player_column(s: State, p: int, label: str) -> Text:
    """One family's board as a block of lines at most :data:`COLUMN` wide (but for a long label)."""
    r = s.rules
    pl = s.players[p]
    out = player_text(p, f" {label}")
    marks = []
    if s.stack and s.stack[-1].player == p and not s.over:
        marks.append(Text(_("◀ deciding"), style=STRONG))
    if p == s.current:
        marks.append(Text(_("(turn)")))
    out.append("\n")  # a line for the marks in every block, so that the blocks' lines stay level
    out.append_text(Text(" ").join(marks))
    out.append("\n" + _("Infamy {n}").format(n=pl.infamy) + "\n", style="bold")
    money = _("Florins {florins} · Drachmas {drachmas}").format(florins=pl.florins, drachmas=pl.drachmas)
    out.append(money + "\n", style="bold")
    boat = ngettext("Boat: {n} loan", "Boat: {n} loans", pl.loans).format(n=pl.loans)
    if pl.loans:
        boat += " " + _("(end {n})").format(n=endgame_loan_penalty(s, p))
    out.append(boat + "\n")
    out.append(_("Home: {nobles} Noble {urchins} Urchin").format(nobles=pl.home[0], urchins=pl.home[1]) + "\n")
    out.append(_("To adopt: {n}").format(n=pl.reserve) + "\n")
    out.append(_("In Florence: {n}").format(n=sum(pl.florence)) + "\n")
    gates = [str(g + 1) for g in range(s.board.gates) if pl.passages >> g & 1]
    out.append_text(listed(_("Safe passages:") + " ", gates))
    out.append("\n")
    x = s.ext
    if x is not None and x.plutus:
        out.append(_("Desks of Plutus left: {n}").format(n=x.desks[p]) + "\n")
        out.append(_("Tolls received: {n}").format(n=x.desk_received[p]) + "\n")
    if x is not None and x.phlegyas:
        out.append(_("Bells: {n}").format(n=x.bells[p]) + "\n")
    panel = [GAME.gettext(b.id) for b in r.barrels if pl.panel >> b.index & 1]
    out.append_text(listed(_("Supply panel:") + " ", panel))
    out.append("\n")
    diplomas = [sin_mark(r, c) for c in range(2, 10) if pl.diplomas >> c & 1]
    out.append_text(listed(_("Diplomas:") + " ", diplomas, sep=" "))
    if pl.half:
        out.append(f"\n  +{pl.half} ½")
    out.append("\n" + _("Tower:") + "\n", style="bold")
    out.append_text(tower_text(s, pl))
    out.append("\n" + _("Fraud: {n} in hand").format(n=len(pl.hand)) + "\n")
    out.append_text(listed(_("Played:") + " ", [r.fraud_cards[c].id for c in pl.played]))
    return out


def players_table(s: State, labels: Sequence[str], per_row: int = 0) -> Table:
    """The families side by side, ``per_row`` to a row (all of them if 0), each block :data:`COLUMN` wide."""
    cols = [player_column(s, p, labels[p]) for p in range(s.num_players)]
    if s.solo is not None:
        cols.append(rival_column(s))
    per_row = per_row or len(cols)
    t = Table(title=_("Families"), title_style="bold", show_lines=True, show_header=False)
    for _i in range(min(per_row, len(cols))):
        t.add_column(min_width=COLUMN)
    for i in range(0, len(cols), per_row):
        row = cols[i : i + per_row]
        t.add_row(*row, *[""] * (min(per_row, len(cols)) - len(row)))
    return t


def rival_name(s: State) -> str:
    name = GAME.gettext(s.rules.solo.opponent_name)
    return name[0].upper() + name[1:]


def rival_column(s: State) -> Text:
    """The solo game's Rival: its Infamy, Diplomas, safe passages and its next card (open information)."""
    from inferno.rules.solo import RIVAL, next_card, variant
    from inferno.rules.solo import level as solo_level

    pl = s.players[RIVAL]
    v = variant(s)
    lv = solo_level(s)
    out = wrapped(f"{rival_name(s)} — {GAME.gettext(v.name)}, {level_word(lv.id)}", style="bold")
    if v.win == "target":
        goal = _("(you win if you reach {n} Infamy)").format(n=lv.target)
    else:
        goal = _("(you win if you beat its Infamy)")
    out.append("\n" + _("Infamy {n}").format(n=pl.infamy) + "\n", style="bold")
    out.append_text(wrapped(goal))
    out.append("\n" + _("½ Diplomas: {n}").format(n=pl.half) + "\n")
    diplomas = [sin_mark(s.rules, c) for c in range(2, 10) if pl.diplomas >> c & 1]
    out.append_text(listed(_("Diplomas:") + " ", diplomas, sep=" "))
    gates = [str(g + 1) for g in range(s.board.gates) if pl.passages >> g & 1]
    out.append("\n")
    out.append_text(listed(_("Safe passages:") + " ", gates))
    card = next_card(s)
    if card is not None:
        out.append("\n")
        nxt = _("Next card: {card} — {effect}").format(card=GAME.gettext(card.name), effect=card.describe())
        out.append_text(wrapped(nxt, style="italic"))
    assert s.solo is not None
    last = ", ".join(GAME.gettext(s.rules.solo.cards[c].name) for c in s.solo.last)
    out.append("\n")
    played = _("Last played: {cards}; {n} left in its deck").format(cards=last or _("nothing yet"), n=len(s.solo.deck))
    out.append_text(wrapped(played))
    return out


class Families:
    """The families and the Sin Tracks, laid out when drawn for the width they get (:func:`families_parts`)."""

    def __init__(self, s: State, labels: Sequence[str]) -> None:
        self.state = s
        self.labels = labels

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield from families_parts(self.state, self.labels, options.max_width)


def families_group(s: State, labels: Sequence[str]) -> RenderableType:
    return Families(s, labels)


def table_width(table: Table) -> int:
    """The columns ``table`` takes with no cell wrapped."""
    console = Console(width=1000)
    return Measurement.get(console, console.options, table).maximum


def families_parts(s: State, labels: Sequence[str], width: int) -> list[Table]:
    """The families and the Sin Tracks laid out for ``width`` columns with no cell wrapped: as many families
    to a row as fit, and each track's bonus tile beside it when that fits (else in a table of its own)."""
    per_row = s.num_players + (1 if s.solo is not None else 0)
    families = players_table(s, labels, per_row)
    while per_row > 1 and table_width(families) > width:
        per_row -= 1
        families = players_table(s, labels, per_row)
    tracks = tracks_table(s, labels)
    if table_width(tracks) <= width:
        return [families, tracks]
    return [families, tracks_table(s, labels, bonus=False), bonus_table(s)]


def families_width(s: State, labels: Sequence[str], bonus: bool = False) -> int:
    """The columns that show every family in one row with no cell wrapped: the bonus tiles in their own
    table, or (``bonus``) beside the tracks."""
    tables = [players_table(s, labels), tracks_table(s, labels, bonus=bonus)]
    return max(table_width(t) for t in (*tables, *([] if bonus else [bonus_table(s)])))


def cards_table(s: State, title: str, cards: Sequence[int]) -> Table:
    """Fraud cards: instant half (Barrel needed, two effects) and end-game half (Barrel, two effects)."""
    r = s.rules
    t = Table(title=escape(title), title_style="bold", title_justify="left")
    heads = (
        _("card"),
        _("now: Barrel"),
        _("instant effects (choose one)"),
        _("end: Barrel"),
        _("end-game effects (choose one)"),
    )
    for col in heads:
        t.add_column(col)
    for c in cards:
        if c < 0:
            t.add_row("?", "", _("(hidden)"), "", "")
            continue
        fc = r.fraud_cards[c]
        t.add_row(
            Text(fc.id, style="bold"),
            GAME.gettext(r.barrels[fc.instant_barrel].id),
            "  ".join(f"{i}) {effect_words(r, e)}" for i, e in enumerate(fc.instant, 1)),
            GAME.gettext(r.barrels[fc.endgame_barrel].id),
            "  ".join(f"{i}) {endgame_words(r, e)}" for i, e in enumerate(fc.endgame, 1)),
        )
    return t


def cards_group(s: State, viewer: int) -> RenderableType:
    """The face-up Fraud market, the deck size, and the viewer's own hand only."""
    market = _("Fraud market (deck: {n} cards face down)").format(n=len(s.deck))
    parts: list[RenderableType] = [cards_table(s, market, s.market)]
    if 0 <= viewer < s.num_players:
        hand = s.players[viewer].hand
        parts.append(cards_table(s, _("Your hand ({player})").format(player=player_text(viewer).plain), hand))
        if not hand:
            parts.append(Text("  " + _("(your hand is empty)"), style="dim"))
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
    steps = ngettext("{n} step can be taken back", "{n} steps can be taken back", undo_steps).format(n=undo_steps)
    body.append(
        "\n"
        + _("Type a number or the action's text.  Commands: help, undo ({steps}), log, board, save, quit").format(
            steps=steps
        ),
        style="dim",
    )
    title = f"{player_label_plain(pend.player)} {labels[pend.player]} — {decision_title(pend)}"
    return Panel(body, title=escape(title), title_align="left", border_style="bold")


def action_hint(s: State, pend: Pending, action: Action) -> str:
    """The option in the game's words, shown after its notation ("Invite the Heresy Guest to Tower floor 2";
    a Fraud card's half says what it does): :func:`inferno.option_words.option_words`, legal in ``s``."""
    return option_words(s, action)


def player_label_plain(p: int) -> str:
    return player_text(p).plain


def decision_title(pend: Pending) -> str:
    from inferno.help import DECISION_HELP

    entry = DECISION_HELP.get(pend.decision)
    return GAME.gettext(entry.title) if entry else pend.decision.name
