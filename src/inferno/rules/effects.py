"""Shared mechanisms: money and loans, Sin Tracks, the Graveyard and Soul supply, the Tower."""

from __future__ import annotations

from inferno.rules.events import count, emit, gain_infamy
from inferno.rules.model import NOBLE
from inferno.rules.state import EMPTY, LYING, T_BARREL, T_GUEST, T_NOBLE, T_URCHIN, TILE, PlayerState, State


def take_loan(s: State, p: int) -> None:
    """Charon's loan: Boat one space down, 2 Drachmas, immediate penalty as the table says (S0)."""
    r = s.rules
    pl = s.own_player(p)
    pl.loans += 1
    pl.drachmas += r.drachmas_per_loan
    if pl.loans <= len(r.loan_positions):
        immediate = r.loan_positions[pl.loans - 1][0]
    else:
        immediate = r.loan_beyond_immediate
    if not s.record_events:
        pl.infamy += immediate
        return
    emit(
        s,
        "loan",
        p,
        f"takes loan #{pl.loans} from Charon (+{count(r.drachmas_per_loan, 'Drachma')})",
        "S0 Loans from Charon",
    )
    if immediate:
        gain_infamy(s, p, immediate, "loans", f"pays for loan #{pl.loans} in Infamy at once", "S0 loan table")


def pay_drachmas(s: State, p: int, amount: int, why: str) -> None:
    """Pay Drachmas, borrowing from Charon only while short (S0: a Drachma cost is never closed)."""
    if amount <= 0:
        return
    pl = s.own_player(p)
    while pl.drachmas < amount:
        take_loan(s, p)
    pl.drachmas -= amount
    if s.record_events:
        emit(s, "pay", p, f"pays {count(amount, 'Drachma')} ({why})", "S0 Money")


def endgame_loan_penalty(s: State, p: int) -> int:
    """Infamy lost at the end for the Boat's position on the Loan track (S0, S3)."""
    n = s.players[p].loans
    if n == 0:
        return 0
    pos = s.rules.loan_positions
    return pos[min(n, len(pos)) - 1][1]


def advance_track(s: State, p: int, circle: int, why: str) -> None:
    """One advance on a Sin Track: ½ Diploma at the 4th space, Infamy beyond it (S0). No bonus."""
    r = s.rules
    pl = s.own_player(p)
    level = pl.tracks[circle]
    name = r.circles[circle - 1].sin
    if level >= r.track_max:
        pts = r.overflow_infamy[circle]
        if s.record_events:
            emit(s, "track", p, f"advances past the end of the {name} track ({why})", "S0 Sin Tracks")
        gain_infamy(s, p, pts, "tracks", f"scores for advancing beyond the {name} track's end", "S0 Sin Tracks; U4")
        return
    pl.tracks[circle] = level + 1
    if s.record_events:
        emit(s, "track", p, f"advances on the {name} track to {level + 1} ({why})", "S0 Sin Tracks")
    if level + 1 == r.half_diploma_level:
        pl.half += 1
        if s.record_events:
            emit(s, "half", p, f"takes a ½ Diploma token for reaching space {level + 1} on {name}", "S0 Sin Tracks")


def _free_meeple(s: State, colour: int) -> bool:
    """Colour exhaustion (S0): swap a lying Soul in its own circle for a spare tile."""
    if s.tiles[colour] <= 0:
        return False
    b = s.board
    for t in b.circle_shields[colour]:
        if s.hell[t] == LYING + colour:
            s.hell[t] = TILE + colour
            s.tiles[colour] -= 1
            s.supply[colour] += 1
            if s.record_events:
                emit(
                    s,
                    "tile",
                    -1,
                    f"a spare tile replaces the {s.rules.circles[colour - 1].sin} Soul on {b.labels[t]}",
                    "S0 Graveyard: colour runs out",
                )
            return True
    return False


def soul_from_supply(s: State, colour: int) -> bool:
    """Take one meeple of ``colour`` from the supply into the Graveyard (False if none can be had)."""
    if s.supply[colour] <= 0 and not _free_meeple(s, colour):
        if s.record_events:
            emit(
                s,
                "exhausted",
                -1,
                f"no {s.rules.circles[colour - 1].sin} Soul is left to place",
                "S0; DEFAULT: nothing is placed",
            )
        return False
    s.supply[colour] -= 1
    s.graveyard[colour] += 1
    return True


def refill_graveyard(s: State) -> None:
    """The moment the Graveyard empties, add the top Plague card's Souls; card to the bottom (S0)."""
    tries = 0
    while sum(s.graveyard) == 0 and tries < len(s.plague):
        tries += 1
        card = s.plague.pop(0)
        s.plague.append(card)
        names = []
        for colour in s.rules.plague_cards[card]:
            if soul_from_supply(s, colour):
                names.append(s.rules.circles[colour - 1].sin)
        if s.record_events:
            emit(
                s,
                "plague",
                -1,
                f"Plague card {s.rules.plague_ids[card]} refills the Graveyard: {', '.join(names) or 'nothing'}",
                "S0 Graveyard and Plague cards",
            )


def take_from_graveyard(s: State, colour: int, n: int) -> None:
    """Remove ``n`` Souls of a colour from the Graveyard, refilling it if it empties."""
    s.graveyard[colour] -= n
    if s.graveyard[colour] == 0 and sum(s.graveyard) == 0:
        refill_graveyard(s)


def award_diploma(s: State, circle: int, why: str) -> None:
    """Dante's Diploma: every player furthest along that track places one (U10: none if nobody)."""
    best = max(pl.tracks[circle] for pl in s.players)
    name = s.rules.circles[circle - 1].sin
    if best <= 0:
        if s.record_events:
            emit(s, "diploma", -1, f"nobody is on the {name} track: no Diploma ({why})", "U10")
        return
    leaders = [i for i, pl in enumerate(s.players) if pl.tracks[circle] == best]
    if not s.rules.diploma_ties_all and len(leaders) > 1:
        if s.record_events:
            emit(s, "diploma", -1, f"{name} Diploma tied: nobody places it ({why})", "U10")
        return
    for i in leaders:
        if s.players[i].diplomas >> circle & 1:
            continue
        s.own_player(i).diplomas |= 1 << circle
        if s.record_events:
            emit(s, "diploma", i, f"places a {name} Diploma ({why})", "S3; IT Diploma stops")


# --- Tower -----------------------------------------------------------------------------------


def built_spaces(s: State, pl: PlayerState) -> int:
    return pl.floors * s.rules.spaces_per_floor


def floor_has_room(s: State, pl: PlayerState, floor: int, guest: bool = False) -> bool:
    """An empty space on a built floor (and, for a Guest, room under the Guests-per-floor limit)."""
    if floor >= pl.floors:
        return False
    n = s.rules.spaces_per_floor
    spaces = pl.tower[floor * n : floor * n + n]
    if EMPTY not in spaces:
        return False
    if guest:
        return sum(1 for c in spaces if T_GUEST < c < T_BARREL) < s.rules.max_guests_per_floor
    return True


def put_in_tower(s: State, pl: PlayerState, floor: int, code: int) -> None:
    """Put ``code`` on an empty space of ``floor`` (``pl`` from ``s.own_player``)."""
    n = s.rules.spaces_per_floor
    i = pl.tower.index(EMPTY, floor * n, floor * n + n)
    pl.tower[i] = code


def has_tower_room(s: State, pl: PlayerState) -> bool:
    return EMPTY in pl.tower[: built_spaces(s, pl)]


def guest_floor(s: State, pl: PlayerState, circle: int) -> int:
    """Floor holding the Guest of ``circle``'s colour, or -1."""
    code = T_GUEST + circle
    if code in pl.tower:
        return pl.tower.index(code) // s.rules.spaces_per_floor
    return -1


def count_in_tower(pl: PlayerState, lo: int, hi: int) -> int:
    return sum(1 for c in pl.tower if lo <= c < hi)


def guests(pl: PlayerState) -> int:
    return count_in_tower(pl, T_GUEST + 1, T_BARREL)


def owns_barrel(pl: PlayerState, barrel: int) -> bool:
    """A Barrel is owned in the Tower or on the supply panel (S0)."""
    return bool(pl.panel >> barrel & 1) or (T_BARREL + barrel) in pl.tower


def urchins_owned(s: State, pl: PlayerState) -> int:
    return s.rules.urchins_per_player - pl.reserve


def member_code(kind: int) -> int:
    return T_NOBLE if kind == NOBLE else T_URCHIN


def remove_member_from_tower(pl: PlayerState, kind: int, floor: int, per: int) -> None:
    """Take a family member of ``kind`` out of the Tower, from ``floor`` (``per`` spaces a floor;
    ``pl`` from ``State.own_player``)."""
    code = member_code(kind)
    for i in range(floor * per + per - 1, floor * per - 1, -1):
        if pl.tower[i] == code:
            pl.tower[i] = EMPTY
            return
    raise AssertionError("no such family member in the Tower")


def circle_is_full(s: State, circle: int) -> bool:
    hell = s.hell
    return all(hell[t] != EMPTY for t in s.board.circle_shields[circle])
