"""The compact board: Hell one line per circle and one glyph per shield, Florence one line per location.

It fits 80 columns (Hell and Florence side by side) and uses more room when there is some (each
shield's quartiere, each location's entry cost). The same board is also read out as sentences
(:func:`hell_words`, :func:`florence_words`, :func:`shield_words`) for the screen-reader mode and a
shield's detail. Everything is read from a (viewed) state; nothing here decides a rule.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rich.text import Text

from inferno.i18n import GAME, N_, TERMINAL
from inferno.rules.model import MEMBER_KINDS, Location
from inferno.rules.pnp import DESK
from inferno.rules.state import EMPTY, GUARDIAN, LYING, PIT, TILE, State
from inferno.tui.text import member_initials, player_text, quartiere_mark, sin_mark, sin_style, sins_legend

HEAD = 11  # columns of a circle's head: "6 ✝H +3 ♨2 "
NAME = 9  # columns of a location's name (HAYSTACK, COURTYARD ...)
GAP = 2  # columns between Hell and Florence side by side
STRONG = "bold reverse"  # i18n: not for players
RED = "bold red"  # i18n: not for players
HEAD_STYLE = "bold underline"  # i18n: not for players

_ = TERMINAL.gettext
ngettext = TERMINAL.ngettext


def shield_glyph(s: State, t: int) -> Text:
    """Two columns for what is on a shield: ``♣G`` standing Soul, ``♣g`` lying, ``▭g`` spare tile,
    ``♜C`` Guardian, ``⌂2`` Desk of player 2, ``◎`` Pit, ``·`` empty."""
    c = s.hell[t]
    r = s.rules
    if c == EMPTY:
        return Text("· ", style="dim")
    if c < LYING:
        return sin_mark(r, c)
    if c < TILE:
        return sin_mark(r, c - LYING, lying=True)
    if c < GUARDIAN:
        return Text("▭") + Text(r.circles[c - TILE - 1].letter.lower(), style=sin_style(r, c - TILE, lying=True))
    if c < PIT:
        return Text(f"♜{GAME.gettext(r.guardians[s.guardians[c - GUARDIAN]].name)[:1]}", style=STRONG)
    if c >= DESK:
        return Text("⌂", style="bold") + player_text(c - DESK, "")[-1:]
    return Text("◎ ", style="bold")


def hell_width(s: State, quartieri: bool) -> int:
    widest = max(len(row) for row in s.board.circle_shields[1:10])
    return HEAD + widest * (4 if quartieri else 3) - 1


def _walls_line(s: State, quartieri: bool) -> Text:
    """The Walls of Dis above their circle: ``g1`` a gate (with its number), ``▓▓`` closed wall."""
    b = s.board
    out = Text(("  " + _("Walls"))[:HEAD].ljust(HEAD), style=RED)
    for i, t in enumerate(b.circle_shields[s.rules.walls_above_circle]):
        if i:
            out.append(" ")
        if quartieri:
            out.append(" ")
        g = b.gate[t]
        out.append(f"g{g + 1}" if g >= 0 else "▓▓", style=RED if g >= 0 else "dim red")  # i18n: not for players
    return out


def hell_lines(s: State, marks: Mapping[int, str] | None = None, quartieri: bool = False) -> list[Text]:
    """Circles 1-9 (and the Walls of Dis), one line each: circle, sin, Infamy for lying down, Phlegethon
    cube, then every shield left to right (shield ``3.4`` is circle 3's fourth). ``marks`` styles shields
    (the legal targets, what the highlighted option touches); ``quartieri`` adds each shield's quartiere."""
    r = s.rules
    b = s.board
    out: list[Text] = []
    for circle in range(1, 10):
        if circle == r.walls_above_circle:
            out.append(_walls_line(s, quartieri))
        head = Text(f"{circle} ", style="bold") + sin_mark(r, circle)
        head.append(f" +{r.circle_infamy[circle]}")
        head.append(f" ♨{s.phleg[circle]}" if circle >= 2 else "")
        head.pad_right(HEAD - len(head))
        for i, t in enumerate(b.circle_shields[circle]):
            if i:
                head.append(" ")
            if quartieri:
                q = b.symbol[t]
                head.append(quartiere_mark(r, q), style=HEAD_STYLE if s.quartiere == q else "dim")
            cell = shield_glyph(s, t)
            mark = (marks or {}).get(t)
            if mark:
                cell.stylize(mark)
            head.append_text(cell)
        out.append(head)
    return out


def _members(s: State, loc: Location) -> Text:
    out = Text()
    for p, pl in enumerate(s.players):
        counts = [pl.florence[2 * loc.index + k] for k in range(len(MEMBER_KINDS))]
        if any(counts):
            if out:
                out.append(" ")
            out.append_text(player_text(p, "")[-1:])
            initials = member_initials()
            out.append(":" + "".join(initials[k] * n for k, n in enumerate(counts)))
    return out


def entry_words(loc: Location, short: bool = False) -> str:
    """What entering a location costs: ``Urchins only``, ``Noble 2 Florins, Urchin free``, ``free``
    (``short``: ``Noble 2F, U free``)."""
    if loc.urchin_only:
        return _("Urchins only")
    n = loc.noble_florins
    if n:
        if short:
            return _("Noble {n}F, U free").format(n=n) if loc.urchin_free else _("Noble {n}F").format(n=n)
        if loc.urchin_free:
            return ngettext("Noble {n} Florin, Urchin free", "Noble {n} Florins, Urchin free", n).format(n=n)
        return ngettext("Noble {n} Florin", "Noble {n} Florins", n).format(n=n)
    return _("free")


ENTRY = 17  # columns of the short entry cost and its gap


def florence_lines(s: State, marks: Mapping[int, str] | None = None, entry: bool = False) -> list[Text]:
    """Florence's eight locations, one line each: name, quartiere, who is there (``1:NU`` = Player 1's
    Noble and Urchin); this turn's quartiere is underlined. ``entry`` adds the entry cost."""
    r = s.rules
    title = Text(_("Florence"), style="bold")
    if s.quartiere >= 0:
        title.append(" · " + _("now") + " ", style="bold")
        title.append(quartiere_mark(r, s.quartiere), style=HEAD_STYLE)
        title.append(f" {GAME.gettext(r.quartieri[s.quartiere])}", style="bold")
    out = [title]
    locs = sorted(r.locations, key=lambda loc: (s.loc_quartiere[loc.index], loc.index))
    for loc in locs:
        q = s.loc_quartiere[loc.index]
        line = Text(GAME.gettext(loc.name).ljust(NAME), style=(marks or {}).get(loc.index, "bold"))
        line.append(" ")
        line.append(quartiere_mark(r, q), style=HEAD_STYLE if s.quartiere == q else "")
        line.append(" ")
        if entry:
            line.append(entry_words(loc, short=True).ljust(ENTRY), style="dim")
        line.append_text(_members(s, loc))
        out.append(line)
    return out


DESK_LEGEND = N_("⌂ Desk")
LEGEND = (  # most needed first: the pieces that fit the width are shown, in this order
    N_("F6 details"),
    N_("♜ Guardian"),
    N_("· empty"),
    N_("▭ tile"),
    N_("◎ Pit"),
    DESK_LEGEND,
    N_("N/U Noble/Urchin"),
    N_("+N Infamy lying down"),
    N_("♨ Phlegethon"),
)


def legend_line(s: State, width: int = 200) -> Text:
    """What the compact board's glyphs mean, on one line of at most ``width`` columns."""
    r = s.rules
    out = sin_mark(r, 3)
    out.append(" " + _("standing") + " ")
    out.append_text(sin_mark(r, 3, lying=True))
    out.append(" " + _("lying"))
    shown = [_(w) for w in LEGEND if w != DESK_LEGEND or (s.ext is not None and s.ext.plutus)]
    pieces = [shown[0]]
    for w in shown[1:]:
        if len(out) + sum(len(p) + 2 for p in [*pieces, w]) <= width:
            pieces.append(w)
    order = [w for w in shown if w in pieces]
    out.append("  " + "  ".join(order[1:] + order[:1]), style="dim")
    return out


def legend_text(s: State) -> Text:
    """The compact board's symbols in full: each sin's mark, the shield glyphs, the quartieri's marks."""
    r = s.rules
    out = sins_legend(r)
    out.append("\n" + _("Shields:") + " ", style="bold")
    out.append_text(sin_mark(r, 3))
    out.append(" " + _("a standing Soul (upper-case letter)") + " · ")
    out.append_text(sin_mark(r, 3, lying=True))
    out.append(
        " "
        + _(
            "a lying Soul (lower-case) · ▭g a spare tile · ♜C a Guardian (its initial) · ⌂2 a Desk of "
            "player 2 · ◎ a Pit · · empty. A circle's line starts with the Infamy for lying down there (+N) "
            "and its Phlegethon cube (♨N)."
        )
    )
    out.append("\n" + _("Quartieri:") + " ", style="bold")
    for q, name in enumerate(r.quartieri):
        style = HEAD_STYLE if s.quartiere == q else ""
        out.append(
            f"{quartiere_mark(r, q)} {GAME.gettext(name)} ({GAME.gettext(r.quartiere_symbols[q])})  ", style=style
        )
    out.append("\n" + _("Florence:") + " ", style="bold")
    noble, urchin = member_initials()
    out.append(
        _("1:{noble}{urchin} is player 1's Noble and Urchin at that location.").format(noble=noble, urchin=urchin)
    )
    return out


def board_layout(s: State, width: int) -> tuple[bool, bool, bool]:
    """How the board fits ``width`` columns: (each shield's quartiere shown, entry costs shown, Hell and
    Florence side by side)."""
    for quartieri, entry in ((True, True), (True, False), (False, True), (False, False)):
        flo = florence_lines(s, None, entry)
        if hell_width(s, quartieri) + GAP + max(len(line) for line in flo[1:]) <= width:
            return quartieri, entry, True
    return False, False, False


def board_lines(
    s: State, width: int, marks: Mapping[int, str] | None = None, places: Mapping[int, str] | None = None
) -> list[Text]:
    """Hell beside Florence when ``width`` allows (else one above the other), then the legend; each
    shield's quartiere and each location's entry cost are added where there is room."""
    quartieri, entry, beside = board_layout(s, width)
    hell = hell_lines(s, marks, quartieri)
    flo = florence_lines(s, places, entry)
    if not beside:
        return [*hell, Text(""), *flo, legend_line(s, width)]
    left = hell_width(s, quartieri)
    flo[0].truncate(width - left - GAP, overflow="ellipsis")
    out = []
    for i in range(max(len(hell), len(flo))):
        line = Text()  # a fresh line: the Hell part's base style must not run on into Florence
        if i < len(hell):
            line.append_text(hell[i])
        if i < len(flo):
            line.pad_right(left + GAP - len(line))
            line.append_text(flo[i])
        out.append(line)
    out.append(legend_line(s, width))
    return out


def spot_at(s: State, width: int, row: int, col: int) -> tuple[str, int] | None:
    """What is drawn at ``row``, ``col`` of the board laid out at ``width``: ("shield", index),
    ("location", index) or None."""
    quartieri, _rows, beside = board_layout(s, width)
    rows: list[int] = []  # the circle drawn on each of Hell's lines (0: the Walls)
    for circle in range(1, 10):
        if circle == s.rules.walls_above_circle:
            rows.append(0)
        rows.append(circle)
    cell = 4 if quartieri else 3
    if 0 <= row < len(rows) and rows[row] and col < hell_width(s, quartieri):
        i = (col - HEAD) // cell
        shields = s.board.circle_shields[rows[row]]
        if col >= HEAD and 0 <= i < len(shields):
            return "shield", shields[i]
        return None
    first = 1 if beside else len(rows) + 2  # Florence's first location line (after its title)
    if beside and col < hell_width(s, quartieri) + GAP:
        return None
    locs = sorted(s.rules.locations, key=lambda loc: (s.loc_quartiere[loc.index], loc.index))
    if 0 <= row - first < len(locs):
        return "location", locs[row - first].index
    return None


def board_text(
    s: State, width: int, marks: Mapping[int, str] | None = None, places: Mapping[int, str] | None = None
) -> Text:
    return Text("\n", no_wrap=True, overflow="crop").join(board_lines(s, width, marks, places))


# --- the board in words (screen reader, a shield's detail) -------------------------------------


def content_words(s: State, t: int) -> str:
    """What is on a shield, in words."""
    c = s.hell[t]
    r = s.rules
    if c == EMPTY:
        return _("empty")
    if c < LYING:
        return _("a standing {sin} Soul").format(sin=GAME.gettext(r.circles[c - 1].sin))
    if c < TILE:
        return _("a lying {sin} Soul").format(sin=GAME.gettext(r.circles[c - LYING - 1].sin))
    if c < GUARDIAN:
        return _("a spare {sin} tile, lying").format(sin=GAME.gettext(r.circles[c - TILE - 1].sin))
    if c < PIT:
        return _("the Guardian {name}").format(name=GAME.gettext(r.guardians[s.guardians[c - GUARDIAN]].name))
    if c >= DESK:
        return _("a Desk of Plutus of {player}").format(player=player_text(c - DESK).plain)
    return _("a Pit")


def shield_words(s: State, t: int) -> str:
    """One shield: name, quartiere, what is on it, the lines down, its gate."""
    b = s.board
    r = s.rules
    q = b.symbol[t]
    out = (
        f"{b.labels[t]} ({GAME.gettext(r.quartieri[q])}, {GAME.gettext(r.quartiere_symbols[q])}): {content_words(s, t)}"
    )
    if b.down[t]:
        out += _("; lines down to {shields}").format(shields=", ".join(b.labels[u] for u in b.down[t]))
    if b.circle[t] == r.walls_above_circle:
        g = b.gate[t]
        if g < 0:
            out += _("; the Walls of Dis are closed above it")
        else:
            holders = [player_text(p).plain for p, pl in enumerate(s.players) if pl.passages >> g & 1]
            who = ", ".join(holders) or _("nobody")
            out += _("; gate {n} above it (safe passage: {players})").format(n=g + 1, players=who)
    return out


def hell_words(s: State) -> list[str]:
    """Hell circle by circle, each shield with what is on it (empty shields are counted, not listed)."""
    r = s.rules
    b = s.board
    out = []
    for circle in range(1, 10):
        shields = b.circle_shields[circle]
        filled = [f"{b.labels[t]} {content_words(s, t)}" for t in shields if s.hell[t] != EMPTY]
        empty = len(shields) - len(filled)
        head = _("Circle {n}, {sin}: lying down scores {infamy} Infamy").format(
            n=circle, sin=GAME.gettext(r.circles[circle - 1].sin), infamy=r.circle_infamy[circle]
        )
        if circle >= 2:
            head += _(", Phlegethon {n}").format(n=s.phleg[circle])
        body = "; ".join(filled) if filled else _("No pieces")
        more = ngettext("; {n} empty shield", "; {n} empty shields", empty).format(n=empty) if filled and empty else ""
        out.append(f"{head}. {body}{more}.")
    return out


def florence_words(s: State) -> list[str]:
    """Florence location by location: quartiere, entry cost and who is there."""
    r = s.rules
    out = []
    if s.quartiere >= 0:
        out.append(
            _("This turn's quartiere: {name} ({symbol}).").format(
                name=GAME.gettext(r.quartieri[s.quartiere]), symbol=GAME.gettext(r.quartiere_symbols[s.quartiere])
            )
        )
    for loc in sorted(r.locations, key=lambda loc: (s.loc_quartiere[loc.index], loc.index)):
        q = s.loc_quartiere[loc.index]
        who = []
        for p, pl in enumerate(s.players):
            for k, kind in enumerate(MEMBER_KINDS):
                n = pl.florence[2 * loc.index + k]
                if n:
                    if kind == MEMBER_KINDS[0]:
                        count = ngettext("{n} Noble", "{n} Nobles", n).format(n=n)
                    else:
                        count = ngettext("{n} Urchin", "{n} Urchins", n).format(n=n)
                    who.append(f"{player_text(p).plain} {count}")
        there = ", ".join(who) if who else _("nobody")
        out.append(
            _("{location}, in {quartiere}, entry {entry}: {who}.").format(
                location=GAME.gettext(loc.name),
                quartiere=GAME.gettext(r.quartieri[q]),
                entry=entry_words(loc),
                who=there,
            )
        )

    return out


def find_shield(s: State, label: str) -> int | None:
    """A shield by its label (``3.4``), or None."""
    return s.board.index.get(label.strip())


def labels_of(s: State, shields: Sequence[int]) -> str:
    return ", ".join(s.board.labels[t] for t in shields)
