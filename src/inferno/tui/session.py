"""A game being played at one device: seats, bots, the running log, undo and autosave (no I/O).

The save file is the game record (config, seed, actions) with the seats and the undone steps in its
``meta``; it is written atomically after every action, so a killed process loses nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from inferno.bots.base import Bot, make_bot
from inferno.first_game import WarningsShown
from inferno.i18n import TERMINAL
from inferno.outcome import OptionWarning
from inferno.records.log import event_line
from inferno.records.record import GameRecord, RecordError, load_record, record_of, replay, save_record
from inferno.records.undo import Step, describe_step, undo, undoable
from inferno.rules.actions import Action, InfernoError
from inferno.rules.engine import apply_in_place, legal_actions, to_move, view
from inferno.rules.events import Event, events_since
from inferno.rules.notation import action_text, parse_action
from inferno.rules.setup import new_game
from inferno.rules.solo_model import SoloConfig
from inferno.rules.state import State
from inferno.tui.text import event_words

_ = TERMINAL.gettext

HUMAN = "human"
BOT_PREFIX = "bot:"


class SeatError(ValueError):
    """A bad ``--seat`` value."""


@dataclass(frozen=True, slots=True)
class Seat:
    """Who plays a seat: a person at this device, or a bot by registry name."""

    bot: str = ""  # empty for a human

    @property
    def human(self) -> bool:
        return not self.bot

    @property
    def label(self) -> str:
        return _("(you)") if self.human else _("(bot {name})").format(name=self.bot)

    def spec(self) -> str:
        return HUMAN if self.human else BOT_PREFIX + self.bot

    @classmethod
    def parse(cls, spec: str) -> Seat:
        t = spec.strip().lower()
        if t in (HUMAN, "h", "person"):
            return cls()
        if t.startswith(BOT_PREFIX):
            t = t[len(BOT_PREFIX) :]
        if not t:
            raise SeatError(_("bad seat {spec}: use 'human' or 'bot:<name>'").format(spec=repr(spec)))
        return cls(t)


def parse_seat_option(text: str) -> tuple[int, Seat]:
    """``2=bot:greedy`` -> (1, Seat('greedy')) with a 0-based seat index."""
    num, sep, spec = text.partition("=")
    if not sep or not num.strip().isdigit():
        raise SeatError(
            _("bad --seat {text}: write SEAT=human or SEAT=bot:NAME, e.g. 2=bot:random").format(text=repr(text))
        )
    idx = int(num) - 1
    if not 0 <= idx < 5:
        raise SeatError(_("bad --seat {text}: seats are numbered 1-5").format(text=repr(text)))
    return idx, Seat.parse(spec)


def parse_seat_options(texts: tuple[str, ...] | list[str]) -> dict[int, Seat]:
    """Several ``--seat`` values; naming the same seat twice is an error (not "the last one wins")."""
    out: dict[int, Seat] = {}
    for text in texts:
        idx, seat = parse_seat_option(text)
        if idx in out:
            raise SeatError(_("seat {n} is given twice (--seat {n}=...): give each seat once").format(n=idx + 1))
        out[idx] = seat
    return out


@dataclass(slots=True)
class LogEntry:
    """One action (or the setup, index -1) and the events it caused."""

    index: int
    player: int
    action: str
    lines: list[str]
    undone: bool = False


def new_events(before: tuple[Any, ...] | None, after: tuple[Any, ...] | None) -> list[Event]:
    """Events added between two points of a state's append-only event list, oldest first."""
    return events_since(after, before)


def hint_entry(player: int) -> LogEntry:
    """The log's note that a player asked for a hint (not an action: undo passes over it)."""
    from inferno.review.hints import hint_log_text

    return LogEntry(-1, player, "", [hint_log_text(player)])


def setup_entry(s: State) -> LogEntry:
    """The setup events as every seat may read them (the seed stays hidden while the game runs)."""
    rival = _rival(s)
    return LogEntry(-1, -1, "", [event_line(e, rival) for e in new_events(None, view(s, -1).events)])


def _rival(s: State) -> str | None:
    """The solo game's Rival's name for the log (None in a game between players)."""
    return s.rules.solo.opponent_name if s.solo is not None else None


@dataclass
class Session:
    """The live game: state, seats, bots, log and steps (for undo), and where it autosaves."""

    state: State
    seats: list[Seat]
    save_path: Path
    log: list[LogEntry] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)
    undone: list[dict[str, Any]] = field(default_factory=list)
    bots: dict[int, Bot] = field(default_factory=dict)
    hints: bool | None = None  # the table's hint setting (None: on only when at most one human plays)
    hints_used: list[dict[str, Any]] = field(default_factory=list)
    first_game: bool = False  # a newcomer's first game: the help open, warned once of each surprise
    warned: WarningsShown = field(default_factory=WarningsShown)  # the first game's warnings already shown

    # --- building ---------------------------------------------------------------------------

    @classmethod
    def start(
        cls,
        seats: list[Seat],
        seed: int,
        save_path: Path,
        side: str | None = None,
        rules_dir: str | None = None,
        modules: tuple[str, ...] = (),
        solo: SoloConfig | None = None,
        hints: bool | None = None,
        side_variant: bool = False,
        first_game: bool = False,
    ) -> Session:
        """A new game; another ``side`` than the player count's needs ``side_variant=True`` (a named variant)."""
        s = new_game(len(seats), seed, side, rules_dir=rules_dir, modules=modules, solo=solo, side_variant=side_variant)
        sess = cls(s, seats, save_path, hints=hints, first_game=first_game)
        sess.log.append(setup_entry(s))
        sess.make_bots()
        sess.save()
        return sess

    @classmethod
    def resume(cls, path: Path, seats: dict[int, Seat] | None = None, save_path: Path | None = None) -> Session:
        """Load a save file and rebuild the game, its log and its undo steps exactly."""
        rec = load_record(path)
        saved = [Seat.parse(x) for x in rec.meta.get("seats", [])]
        while len(saved) < rec.players:
            saved.append(Seat() if not saved else Seat("random"))
        for i, seat in (seats or {}).items():
            if i >= rec.players:
                raise SeatError(
                    _("seat {n} does not exist in this {players}-player game").format(n=i + 1, players=rec.players)
                )
            saved[i] = seat
        s = replay(rec, 0)  # checks the rules fingerprint
        sess = cls(s, saved[: rec.players], save_path or path)
        sess.log.append(setup_entry(s))
        sess.undone = list(rec.meta.get("undone", []))
        sess.hints = rec.meta.get("hints") if isinstance(rec.meta.get("hints"), bool) else None
        sess.hints_used = list(rec.meta.get("hints_used", []))
        sess.first_game = rec.meta.get("first_game") is True
        sess.warned = WarningsShown.from_list(rec.meta.get("warned"))
        for i, text in enumerate(rec.actions):
            try:
                sess._apply(parse_action(sess.state, text))
            except InfernoError as exc:
                raise RecordError(
                    _("action {n} ({action}) cannot be replayed: {error}").format(n=i + 1, action=repr(text), error=exc)
                ) from None
        for u in sess.undone:
            at = next((i for i, e in enumerate(sess.log) if e.index >= int(u["at"]) and not e.undone), len(sess.log))
            sess.log.insert(at, LogEntry(int(u["at"]), int(u["player"]), str(u["action"]), [], undone=True))
        for h in sess.hints_used:
            at = next((i for i, e in enumerate(sess.log) if e.index >= int(h["at"])), len(sess.log))
            sess.log.insert(at, hint_entry(int(h["player"])))
        sess.make_bots()
        return sess

    def make_bots(self) -> None:
        base = self.state.config.require_seed() * 10 + 1000 * self.state.version
        self.bots = {i: make_bot(seat.bot, base + i) for i, seat in enumerate(self.seats) if not seat.human}

    # --- reading ----------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.state.over

    def deciding(self) -> int:
        return to_move(self.state)

    def labels(self) -> list[str]:
        """ "(you)" for the only human at the device; with several humans (hot-seat) none is "you"."""
        several = len(self.humans()) > 1
        return [_("(human)") if seat.human and several else seat.label for seat in self.seats]

    def humans(self) -> list[int]:
        return [i for i, seat in enumerate(self.seats) if seat.human]

    def view_for(self, player: int) -> State:
        return view(self.state, player)

    def undo_steps(self, player: int) -> int:
        return undoable(self.steps, player, self.state.turn, self.deciding())

    def record(self) -> GameRecord:
        meta: dict[str, Any] = {"seats": [seat.spec() for seat in self.seats], "undone": list(self.undone)}
        if self.hints is not None:
            meta["hints"] = self.hints
        if self.hints_used:
            meta["hints_used"] = list(self.hints_used)
        if self.first_game:
            meta["first_game"] = True
            meta["warned"] = self.warned.to_list()
        return record_of(self.state, meta)

    def warnings_due(self, action: Action) -> list[OptionWarning]:
        """A first game's warnings ``action`` still deserves (none in another game)."""
        return self.warned.due(self.state, action) if self.first_game else []

    def warnings_shown(self, warnings: list[OptionWarning]) -> None:
        """The player saw ``warnings`` (and went on): they are not shown again in this game, resumed or not."""
        self.warned.shown(warnings)
        self.save()

    @property
    def hints_allowed(self) -> bool:
        """The table's setting, or by default: hints only when no other human plays."""
        from inferno.review.hints import hints_default

        return self.hints if self.hints is not None else hints_default(len(self.humans()))

    def hint(self, player: int) -> list[str]:
        """A hint for ``player`` (who must be deciding), recorded in the log and the save file."""
        from inferno.review.hints import HintError, make_hint

        if not self.hints_allowed:
            raise HintError(_("hints are off at this table (start the game with --hints to allow them)"))
        if player != self.deciding():
            raise HintError(_("a hint is for the player who decides now (Player {n})").format(n=self.deciding() + 1))

        h = make_hint(self.view_for(player), self.state.config.require_seed() * 7919 + self.state.version)
        self.hints_used.append({"at": self.state.version, "player": player})
        self.log.append(hint_entry(player))
        self.save()
        numbers = {action_text(self.state, a): i for i, a in enumerate(legal_actions(self.state), 1)}
        return h.lines(numbers)

    # --- changing ---------------------------------------------------------------------------

    def _apply(self, action: Action) -> LogEntry:
        s = self.state
        before = s.copy()
        text = action_text(s, action)
        player = to_move(s)
        mark = s.events
        apply_in_place(s, action)
        self.steps.append(describe_step(before, action, s, len(self.steps), text))
        lines = [event_words(s.rules, e, _rival(s)) for e in new_events(mark, s.events)]
        entry = LogEntry(len(self.steps) - 1, player, text, lines)
        self.log.append(entry)
        return entry

    def play(self, action: Action) -> LogEntry:
        """Apply a legal action (it raises and changes nothing otherwise), then autosave."""
        entry = self._apply(action)
        self.save()
        return entry

    def bot_move(self) -> LogEntry:
        p = self.deciding()
        bot = self.bots[p]
        choice = bot.choose(view(self.state, p), legal_actions(self.state))
        return self.play(choice)

    def take_back(self, player: int, k: int = 1) -> list[LogEntry]:
        """Undo ``player``'s last ``k`` decisions (UndoError if not allowed); the log marks them."""
        _undone, state = undo(self.record(), player, k)
        self.state = state
        del self.steps[len(self.steps) - k :]
        marked: list[LogEntry] = []
        for entry in reversed(self.log):
            if len(marked) == k:
                break
            if entry.index >= 0 and not entry.undone:
                entry.undone = True
                marked.append(entry)
                self.undone.append({"at": entry.index, "player": entry.player, "action": entry.action})
        self.save()
        return marked

    def save(self, path: Path | None = None) -> Path:
        target = path or self.save_path
        save_record(self.record(), target)
        return target
