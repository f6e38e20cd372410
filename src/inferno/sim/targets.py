"""The calibration targets of the rules data, each with its source and the way to fix the data.

One table (:data:`TARGETS`) that the data-health report (``inferno rules check``) and a calibration
tool both read. A target judges one figure:

- of one player count's games (:class:`Measures`, built by ``CountHealth.measures()`` in
  :mod:`inferno.sim.health`), with :func:`check_count`;
- of the rules data itself (the two board sides), with :func:`check_rules`;
- of a strategy comparison played elsewhere (:class:`StrategyComparison`), with
  :func:`check_comparison`; without one its verdict says it was not measured.

Every verdict names the target's source (a rulebook sentence, a public review or guide, or the
project's own reasoning) and, when missed, which way to move the data.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Protocol

from inferno.rules.model import Rules
from inferno.sim.analysis import wilson

# --- printing a figure with the decimals that decide it --------------------------------------------


def _side(value: float, edge: float) -> int:
    """-1, 0 or 1: ``value`` below, on or above ``edge``."""
    if math.isclose(value, edge, rel_tol=0.0, abs_tol=1e-12):
        return 0
    return 1 if value > edge else -1


def decisive_digits(value: float, edges: Iterable[float], digits: int, most: int = 6) -> int:
    """The fewest decimals, from ``digits`` up to ``most``, at which ``value`` prints on the same side of
    every edge as it is: 4.96 against an edge of 5 needs 2 (``4.96``), not 0 (``5``) or 1 (``5.0``)."""
    marks = list(edges)
    for d in range(digits, most + 1):
        shown = float(f"{value:.{d}f}")
        if all(_side(shown, e) == _side(value, e) for e in marks):
            return d
    return most


def number(value: float, digits: int) -> str:
    """``value`` with ``digits`` decimals, never as "-0" or "-0.0"."""
    s = f"{value:.{digits}f}"
    return s[1:] if s.startswith("-") and not s.strip("-0.") else s


def percent(rate: float, digits: int = 0, edges: Iterable[float] = ()) -> str:
    """``rate`` (a fraction) as a percentage with ``digits`` decimals, or more when fewer would print it
    on one of ``edges`` (a target's bounds, as fractions) that it is not on: ``4.96%``, never ``5%``."""
    d = decisive_digits(rate * 100, [e * 100 for e in edges], digits)
    return f"{number(rate * 100, d)}%"


# --- the targets -------------------------------------------------------------------------------------


class TargetKey(StrEnum):
    """The targets, by a stable key (for JSON and for a calibration tool)."""

    SUDDEN_DEATH = "sudden_death"
    FULL_CIRCLES = "full_circles"
    PHLEGETHON_AT_MINIMUM = "phlegethon_at_minimum"
    SOULS_SHARE = "souls_share"
    DIPLOMAS_SHARE = "diplomas_share"
    GAME_LENGTH = "game_length"
    SEAT_FAIRNESS = "seat_fairness"
    LARGER_HELL = "larger_hell"
    LARGER_LOWER_HELL = "larger_lower_hell"
    EMPTY_CIRCLE_CUBE = "empty_circle_cube"
    CIRCLE_FILLER = "circle_filler"


class Scope(StrEnum):
    """What a target judges."""

    GAMES = "games"  # one player count's simulated games
    RULES_DATA = "rules data"  # the rules data itself
    COMPARISON = "strategy comparison"  # games played elsewhere, given to the report


class Unit(StrEnum):
    """How a target's figure prints."""

    SHARE = "share"  # a fraction, printed as a percentage
    PER_GAME = "per game"  # a mean per game
    ROUNDS = "rounds"
    P_VALUE = "p-value"
    SHIELDS = "shields"
    CUBE = "Phlegethon value"


class SourceKind(StrEnum):
    """Where a target comes from."""

    RULEBOOK = "rulebook"
    REVIEW = "public review or guide"
    PROJECT = "the project's reasoning"


@dataclass(frozen=True, slots=True)
class Source:
    """A target's source: the kind, where it is, and its words (``quote``) or what it says in ours
    (``gist``)."""

    kind: SourceKind
    where: str
    quote: str = ""
    gist: str = ""

    def text(self) -> str:
        if self.quote:
            return f'{self.where}: "{self.quote}"'
        return f"{self.where}: {self.gist}" if self.gist else self.where


@dataclass(frozen=True, slots=True)
class Bounds:
    """The values a target accepts: ``low`` and/or ``high`` (``None`` for no bound), each included
    unless its ``*_strict`` flag says the bound itself misses."""

    low: float | None = None
    high: float | None = None
    low_strict: bool = False
    high_strict: bool = False

    @property
    def edges(self) -> tuple[float, ...]:
        return tuple(e for e in (self.low, self.high) if e is not None)

    def side(self, value: float) -> int:
        """-1 below the accepted values, 1 above them, 0 within."""
        if self.low is not None and (value < self.low or (self.low_strict and value == self.low)):
            return -1
        if self.high is not None and (value > self.high or (self.high_strict and value == self.high)):
            return 1
        return 0

    def text(self, unit: Unit) -> str:
        """The goal in words: ``≤ 5%``, ``≥ 1``, ``< 25%``, ``25%–40%``, ``> 0``."""

        def show(v: float) -> str:
            if unit is Unit.SHARE:
                return percent(v)
            return f"{v:g}"

        if unit is Unit.P_VALUE:
            return "p " + Bounds.text(self, Unit.PER_GAME)
        if self.low is not None and self.high is not None:
            return f"{show(self.low)}–{show(self.high)}"
        if self.high is not None:
            return f"{'<' if self.high_strict else '≤'} {show(self.high)}"
        if self.low is not None:
            return f"{'>' if self.low_strict else '≥'} {show(self.low)}"
        return "any"


@dataclass(frozen=True, slots=True)
class PlayTime:
    """Minutes of play a public source gives for one player count (setup and teaching excluded)."""

    players: int
    low: int
    high: int
    source: str


# The published play time, and the minutes one turn (a Soul moved and one Florence action) takes at the
# table; the rounds band of a player count is its play time over its players' turns:
# ``low = time.low / (players × slowest turn)``, ``high = time.high / (players × quickest turn)``.
PLAY_TIMES: tuple[PlayTime, ...] = (
    PlayTime(2, 75, 105, "a Polish review: about an hour and a half with 2 players"),
    PlayTime(3, 100, 140, "Czech and Italian reviews: about two hours"),
    PlayTime(4, 120, 180, "a Polish review: two to three hours with 4 players"),
    PlayTime(5, 150, 210, "the 4-player time and about half an hour more for a fifth family (the project's estimate)"),
)
TURN_MINUTES = (1.5, 3.0)  # the project's estimate of one turn at the table, quickest to slowest


def rounds_band(players: int) -> Bounds:
    """The rounds a game of ``players`` should last (see :data:`PLAY_TIMES`). A solo game is measured
    in the player's turns and should last about as long as a 2-player game."""
    n = 2 if players == 1 else players
    time = next((t for t in PLAY_TIMES if t.players == n), None)
    if time is None:
        raise ValueError(f"no play time for {players} players")
    quick, slow = TURN_MINUTES
    return Bounds(round(time.low / (n * slow), 1), round(time.high / (n * quick), 1))


@dataclass(frozen=True, slots=True)
class Target:
    """One calibration target: what it measures, the accepted values, its source and which way to
    move the data when the measurement falls below (``fix_if_low``) or above (``fix_if_high``)."""

    key: TargetKey
    name: str  # what it measures, in the game's words
    scope: Scope
    unit: Unit
    bounds: Bounds
    source: Source
    fix_if_low: str = ""
    fix_if_high: str = ""
    min_players: int = 1  # the fewest players it applies to
    by_players: tuple[tuple[int, Bounds], ...] = ()  # bounds that depend on the player count
    note: str = ""  # how the bounds were chosen, when not plain from the source

    def bounds_for(self, players: int | None) -> Bounds:
        """The accepted values for ``players`` (the general bounds when none depend on it)."""
        return dict(self.by_players).get(players, self.bounds) if players is not None else self.bounds

    def applies_to(self, players: int) -> bool:
        return players >= self.min_players

    def fix(self, side: int) -> str:
        """Which way to move the data when the figure is below (-1) or above (1) the target."""
        return self.fix_if_low if side < 0 else self.fix_if_high if side > 0 else ""


_END = "rulebook, Game End & Final Scoring"
_BOARDS = "rulebook, Boards & General Concepts"
_TEACHING = "a teaching guide for the game (IronTarkles, Teaches: Inferno)"
_THIRDS = "about a third of a player's points come from placing Souls and a third from Diplomas"
_FEWER_SHIELDS = (
    "make Hell smaller (fewer shields per circle), or give the Plague cards more Souls of the circles that stay empty"
)

TARGETS: tuple[Target, ...] = (
    Target(
        TargetKey.SUDDEN_DEATH,
        "games ended by sudden death",
        Scope.GAMES,
        Unit.SHARE,
        Bounds(high=0.05),
        Source(SourceKind.REVIEW, _TEACHING, "This is a different endgame trigger that shouldn't come up."),
        fix_if_high="make Hell larger: more shields (in Limbo they lower no cube), more of them below the Walls of Dis",
        note="The rulebook ends a game when Dante reaches his final stop (Game End & Final Scoring); sudden death"
        " is its exception, allowed in at most 1 game in 20 between competent players.",
    ),
    Target(
        TargetKey.FULL_CIRCLES,
        "full sin circles per game at the end",
        Scope.GAMES,
        Unit.PER_GAME,
        Bounds(low=1.0),
        Source(SourceKind.RULEBOOK, _END, "Filling one or two circles well usually beats collecting every Diploma."),
        fix_if_low=_FEWER_SHIELDS,
        note="A circle is full when none of its shields is empty after the Phlegethon step; at least one per game"
        " on average, or the rulebook's advice could not be followed.",
    ),
    Target(
        TargetKey.PHLEGETHON_AT_MINIMUM,
        "Phlegethon cubes at their minimum at the end",
        Scope.GAMES,
        Unit.SHARE,
        Bounds(high=0.25, high_strict=True),
        Source(
            SourceKind.RULEBOOK,
            _BOARDS,
            "Phlegethon — one cube per circle: the multiplier (1–5) for that circle's Diplomas.",
        ),
        fix_if_high=_FEWER_SHIELDS + ", or start the Phlegethon cubes higher",
        note="Each empty shield moves its circle's cube one space down at the end (p.16–17); fewer than a quarter"
        " of the cubes may end at the bottom, or the multiplier stops mattering.",
    ),
    Target(
        TargetKey.SOULS_SHARE,
        "winners' points from Souls",
        Scope.GAMES,
        Unit.SHARE,
        Bounds(0.25, 0.40),
        Source(SourceKind.REVIEW, _TEACHING, gist=_THIRDS),
        fix_if_low="a lower Phlegethon start, so that Diplomas weigh less against Souls",
        fix_if_high="fuller circles and a higher Phlegethon start, so that Diplomas weigh more (fewer shields per"
        " circle)",
        note="Roughly a third: from a quarter to two fifths of a winner's gains (the player's in a solo game).",
    ),
    Target(
        TargetKey.DIPLOMAS_SHARE,
        "winners' points from Diplomas",
        Scope.GAMES,
        Unit.SHARE,
        Bounds(0.25, 0.40),
        Source(SourceKind.REVIEW, _TEACHING, gist=_THIRDS),
        fix_if_low="keep the Phlegethon cubes higher: fewer shields per circle, a higher Phlegethon start",
        fix_if_high="a lower Phlegethon start or more shields per circle (more points outside Hell, from Fraud"
        " cards or Barrels, cannot do it alone: they lower the Souls' share as much)",
        note="Roughly a third: from a quarter to two fifths of a winner's gains (the player's in a solo game)."
        " With the Souls' share in its band too, Diplomas may bring at most 1.6 times what Souls bring.",
    ),
    Target(
        TargetKey.GAME_LENGTH,
        "rounds per game",
        Scope.GAMES,
        Unit.ROUNDS,
        rounds_band(2),
        Source(
            SourceKind.REVIEW,
            "reviews of the game",
            gist="about an hour and a half with 2 players, two to three hours with 4 (a Polish review); about two"
            " hours (Czech and Italian reviews)",
        ),
        fix_if_low="a longer Dante's path (more stops)",
        fix_if_high="a shorter Dante's path (fewer stops)",
        by_players=tuple((n, rounds_band(n)) for n in (1, 2, 3, 4, 5)),
        note="A game ends when accusations have carried Dante to his final stop. The band is the play time over the"
        " players' turns at 1.5 to 3 minutes a turn; a solo game, counted in the player's turns, as long as a"
        " 2-player game.",
    ),
    Target(
        TargetKey.SEAT_FAIRNESS,
        "seats' win rates against equal shares (chi-square test)",
        Scope.GAMES,
        Unit.P_VALUE,
        Bounds(low=0.01),
        Source(
            SourceKind.PROJECT,
            "the project's rule",
            gist="no seat may win significantly more or less often than its fair share",
        ),
        fix_if_low="look at what differs between seats: who goes first, the starting Florins and Drachmas, the last"
        " round after Dante's final stop",
        min_players=2,
        note="A chi-square test of the sole wins by seat; p below 0.01 means a seat's win rate is off.",
    ),
    Target(
        TargetKey.LARGER_HELL,
        "shields in Hell, side III/IV less side I/II",
        Scope.RULES_DATA,
        Unit.SHIELDS,
        Bounds(low=0, low_strict=True),
        Source(
            SourceKind.RULEBOOK,
            _BOARDS,
            "its Hell and Dante's path are laid out for more players",
        ),
        fix_if_low="more shields on the III/IV side than on the I/II side",
    ),
    Target(
        TargetKey.LARGER_LOWER_HELL,
        "shields below the Walls of Dis, side III/IV less side I/II",
        Scope.RULES_DATA,
        Unit.SHIELDS,
        Bounds(low=0),
        Source(
            SourceKind.RULEBOOK,
            _BOARDS,
            "its Hell and Dante's path are laid out for more players",
        ),
        fix_if_low="at least as many shields below the Walls of Dis on the III/IV side as on the I/II side",
        note="A Hell laid out for more players is not smaller below the Walls either.",
    ),
    Target(
        TargetKey.EMPTY_CIRCLE_CUBE,
        "a circle's Phlegethon value when it ends empty, highest of any side",
        Scope.RULES_DATA,
        Unit.CUBE,
        Bounds(high=1),
        Source(
            SourceKind.RULEBOOK,
            _END,
            "a Skull at the top of a track earns just 1 point per level if its circle stays empty",
        ),
        fix_if_high="start that circle's cube lower, or give the circle more shields: a cube may start at most one"
        " space above its circle's number of shields",
        note="An empty circle moves its cube one space left per shield, so it ends at its start less its shields"
        " (at least 1).",
    ),
    Target(
        TargetKey.CIRCLE_FILLER,
        "a circle filler's wins against a Diploma collector",
        Scope.COMPARISON,
        Unit.SHARE,
        Bounds(low=0.5, low_strict=True),
        Source(SourceKind.RULEBOOK, _END, "Filling one or two circles well usually beats collecting every Diploma."),
        fix_if_low="fewer circles that fill by themselves (more shields per circle, or a lower Phlegethon start), so"
        " that one or two circles filled on purpose pay more than Diplomas everywhere. Measured so far, no board"
        " gave the tuned filler more than half, and a searching family won less the more it cared about filling:"
        " a better player of the filling plan may be needed before the data can be judged by this target",
        note="Measured by a separate strategy comparison (played by the report with --strategy-games, or given to it);"
        " 'usually' is more than half.",
    ),
)


def target(key: TargetKey, targets: Sequence[Target] = TARGETS) -> Target:
    """The target of ``key`` in ``targets``."""
    for t in targets:
        if t.key is key:
            return t
    raise KeyError(key)


# --- measurements and verdicts ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Estimate:
    """A measured figure with its 95% interval."""

    value: float
    low: float
    high: float


@dataclass(frozen=True, slots=True)
class Measures:
    """The figures the targets judge in one player count's games (see ``CountHealth.measures()``)."""

    players: int
    games: int
    sudden_death: Estimate  # share of games
    full_circles: Estimate  # sin circles (2–9) full at the end, per game
    phlegethon_at_minimum: Estimate | None  # share of Phlegethon cubes at their minimum at the end (None: unknown)
    souls_share: Estimate | None  # share of a winner's gains (the player's in solo; None: no winner)
    diplomas_share: Estimate | None
    rounds: Estimate
    seat_p: float  # chi-square test of the sole wins by seat (1 in solo)


class Measurable(Protocol):
    """Anything that gives :class:`Measures` (the report's ``CountHealth``)."""

    def measures(self) -> Measures: ...


@dataclass(frozen=True, slots=True)
class StrategyComparison:
    """Games between a circle filler and a Diploma collector: the filler's wins (a shared win counts its
    share)."""

    wins: float
    games: int
    players: int | None = None
    bots: tuple[str, str] | None = None  # the filler's and the collector's bots, when the report played them

    def estimate(self) -> Estimate:
        low, high = wilson(self.wins, self.games)
        return Estimate(self.wins / self.games if self.games else 0.0, low, high)

    @classmethod
    def parse(cls, text: str) -> StrategyComparison:
        """``"62/100"``: 62 wins in 100 games."""
        wins, sep, games = text.partition("/")
        try:
            w, g = int(wins), int(games)
        except ValueError:
            raise ValueError(f"{text!r} is not WINS/GAMES, such as 62/100") from None
        if not sep or g < 1 or not 0 <= w <= g:
            raise ValueError(f"{text!r} is not WINS/GAMES with 0 ≤ WINS ≤ GAMES, such as 62/100")
        return cls(w, g)


class Status(StrEnum):
    MET = "met"
    MISSED = "missed"
    NOT_MEASURED = "not measured"


@dataclass(frozen=True, slots=True)
class Verdict:
    """One target judged: the figure, the goal, whether it is met, and if not, which way to fix the data.

    ``decided`` says whether the whole 95% interval lies on the verdict's side of the goal (a verdict on
    a sample too small to decide reads "met" or "missed" with ``decided`` false).
    """

    target: Target
    players: int | None  # None for a target of the rules data or of a comparison over every count
    status: Status
    measured: Estimate | None
    shown: str  # the figure as printed, with the decimals that decide it
    goal: str
    decided: bool = True

    @property
    def key(self) -> TargetKey:
        return self.target.key

    @property
    def ok(self) -> bool:
        """Met, or not measured (a target nobody measured fails nothing)."""
        return self.status is not Status.MISSED

    @property
    def fix(self) -> str:
        """Which way to move the data (empty unless missed)."""
        if self.status is not Status.MISSED or self.measured is None:
            return ""
        return self.target.fix(self.target.bounds_for(self.players).side(self.measured.value))

    @property
    def source(self) -> str:
        return self.target.source.text()

    def to_dict(self) -> dict[str, Any]:
        return {
            "key": self.key.value,
            "target": self.target.name,
            "players": self.players,
            "status": self.status.value,
            "ok": self.ok,
            "decided": self.decided,
            "measured": None
            if self.measured is None
            else {"value": self.measured.value, "low": self.measured.low, "high": self.measured.high},
            "shown": self.shown,
            "goal": self.goal,
            "source": self.source,
            "source_kind": self.target.source.kind.value,
            "fix": self.fix,
        }


def _digits(value: float, edges: Sequence[float], digits: int) -> int:
    """The decimals that decide ``value`` against ``edges`` and never print a value that is not zero
    as zero (a p-value of 0.004 is not "0.00")."""
    d = decisive_digits(value, edges, digits)
    while value and not float(f"{value:.{d}f}") and d < 6:
        d += 1
    return d


def _shown(unit: Unit, e: Estimate, bounds: Bounds, interval: bool) -> str:
    """The figure with the decimals that decide it against ``bounds``, and its interval if asked."""
    k, suffix = (100.0, "%") if unit is Unit.SHARE else (1.0, "")
    base = {
        Unit.SHARE: 1 if interval else 0,
        Unit.PER_GAME: 2,
        Unit.ROUNDS: 1,
        Unit.P_VALUE: 2,
        Unit.SHIELDS: 0,
        Unit.CUBE: 0,
    }
    d = _digits(e.value * k, [b * k for b in bounds.edges], base[unit])
    text = number(e.value * k, d) + suffix
    if unit is Unit.P_VALUE:
        return f"p = {text}"
    return f"{text} ({number(e.low * k, d)}–{number(e.high * k, d)}{suffix})" if interval else text


def judge(t: Target, measured: Estimate | None, players: int | None, interval: bool = True) -> Verdict:
    """The verdict of ``t`` on a figure (``None``: not measured)."""
    bounds = t.bounds_for(players)
    goal = bounds.text(t.unit)
    if measured is None:
        return Verdict(t, players, Status.NOT_MEASURED, None, "", goal, decided=False)
    side = bounds.side(measured.value)
    decided = bounds.side(measured.low) == side == bounds.side(measured.high)
    status = Status.MET if side == 0 else Status.MISSED
    return Verdict(t, players, status, measured, _shown(t.unit, measured, bounds, interval), goal, decided)


def _from_measures(key: TargetKey, m: Measures) -> Estimate | None:
    p = Estimate(m.seat_p, m.seat_p, m.seat_p)
    return {
        TargetKey.SUDDEN_DEATH: m.sudden_death,
        TargetKey.FULL_CIRCLES: m.full_circles,
        TargetKey.PHLEGETHON_AT_MINIMUM: m.phlegethon_at_minimum,
        TargetKey.SOULS_SHARE: m.souls_share,
        TargetKey.DIPLOMAS_SHARE: m.diplomas_share,
        TargetKey.GAME_LENGTH: m.rounds,
        TargetKey.SEAT_FAIRNESS: p,
    }.get(key)


def check_count(h: Measurable | Measures, targets: Sequence[Target] = TARGETS) -> tuple[Verdict, ...]:
    """The verdicts of the game targets on one player count's games (``h``: the report's
    ``CountHealth`` or its :class:`Measures`), in the order of ``targets``; targets of other scopes and
    targets that do not apply to the player count are left out."""
    m = h if isinstance(h, Measures) else h.measures()
    return tuple(
        judge(t, _from_measures(t.key, m), m.players, interval=t.unit is not Unit.P_VALUE)
        for t in targets
        if t.scope is Scope.GAMES and t.applies_to(m.players)
    )


def hell_sizes(rules: Rules) -> dict[str, tuple[int, int]]:
    """Per board side: (shields in Hell, shields below the Walls of Dis)."""
    walls = rules.walls_above_circle
    out = {}
    for side, board in rules.boards.items():
        below = sum(len(board.circle_shields[k]) for k in range(walls, len(board.circle_shields)))
        out[side] = (board.size, below)
    return out


def empty_circle_cubes(rules: Rules) -> dict[tuple[str, int], int]:
    """Per board side and sin circle: the Phlegethon value the circle's cube ends at when the circle stays
    empty (its start less one space per shield, at least 1)."""
    return {
        (side, k): max(rules.phleg_min, board.phleg_start[k] - len(board.circle_shields[k]))
        for side, board in rules.boards.items()
        for k in range(2, len(board.circle_shields))
    }


def _empty_circle_verdict(t: Target, rules: Rules) -> Verdict:
    """The empty-circle target's verdict, naming the circles whose cube stays above its goal."""
    cubes = empty_circle_cubes(rules)
    worst = float(max(cubes.values()))
    v = judge(t, Estimate(worst, worst, worst), None, interval=False)
    high: dict[str, list[int]] = {}
    for (side, k), value in cubes.items():
        if t.bounds.side(value) > 0:
            high.setdefault(side, []).append(k)
    where = "; ".join(
        f"side {side} circle{'s' if len(ks) > 1 else ''} {', '.join(map(str, ks))}" for side, ks in sorted(high.items())
    )
    shown = number(worst, 0) + (f" ({where})" if where else "")
    return Verdict(v.target, None, v.status, v.measured, shown, v.goal, v.decided)


def check_rules(rules: Rules, targets: Sequence[Target] = TARGETS) -> tuple[Verdict, ...]:
    """The verdicts of the rules-data targets: the side for 3–4 players against the side for 1–2 (the
    sides the rules data names for those counts), and every side's empty circles."""
    small, large = rules.side_by_players[0], rules.side_by_players[-1]
    sizes = hell_sizes(rules)
    diffs = {
        TargetKey.LARGER_HELL: sizes[large][0] - sizes[small][0],
        TargetKey.LARGER_LOWER_HELL: sizes[large][1] - sizes[small][1],
    }
    out = []
    for t in targets:
        if t.scope is Scope.RULES_DATA and t.key in diffs:
            d = float(diffs[t.key])
            v = judge(t, Estimate(d, d, d), None, interval=False)
            i = 0 if t.key is TargetKey.LARGER_HELL else 1
            shown = f"{number(d, 0)} ({large} {sizes[large][i]}, {small} {sizes[small][i]})"
            out.append(Verdict(v.target, None, v.status, v.measured, shown, v.goal, v.decided))
        elif t.key is TargetKey.EMPTY_CIRCLE_CUBE:
            out.append(_empty_circle_verdict(t, rules))
    return tuple(out)


def _played_by(comparison: StrategyComparison) -> str:
    return "" if comparison.bots is None else f" ({comparison.bots[0]} against {comparison.bots[1]})"


def check_comparison(comparison: StrategyComparison | None, targets: Sequence[Target] = TARGETS) -> tuple[Verdict, ...]:
    """The verdicts of the comparison targets: not measured without a ``comparison``."""
    e = comparison.estimate() if comparison is not None else None
    players = comparison.players if comparison is not None else None
    out = []
    for t in targets:
        if t.scope is Scope.COMPARISON:
            v = judge(t, e, players)
            if comparison is not None:
                v = Verdict(
                    v.target,
                    v.players,
                    v.status,
                    v.measured,
                    f"{comparison.wins:g} of {comparison.games}{_played_by(comparison)}: {v.shown}",
                    v.goal,
                    v.decided,
                )
            out.append(v)
    return tuple(out)
