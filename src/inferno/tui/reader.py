"""The screen-reader mode (``inferno play --plain`` or ``--screen-reader``, and any game off a terminal).

Plain lines only, read top to bottom: no box drawing, no tables. At each decision it says what
happened since the player's last decision, the player's counters, the decision and its numbered
options, then asks one question on one line. The board, the families, the hand and an option's
preview are read out on request (``board``, ``families``, ``hand``, ``preview N``).
"""

from __future__ import annotations

from rich.console import Console

from inferno.components import action_components, component_list, find_components
from inferno.help import effect_words, endgame_words, help_text
from inferno.i18n import GAME, N_, TERMINAL
from inferno.rules.actions import Action, Decision
from inferno.rules.engine import Pending, legal_actions
from inferno.rules.notation import action_text, is_number, shown
from inferno.rules.state import State
from inferno.tui.app.glossary import rule_words
from inferno.tui.app.preview import preview, route_words
from inferno.tui.board import dante_text
from inferno.tui.compact import florence_words, hell_words
from inferno.tui.loop import Reader, TerminalGame, interrupts_deferred
from inferno.tui.paths import SoulPath, decision_paths, matching, option_paths, whole
from inferno.tui.players import action_hint, decision_title, diplomas_text
from inferno.tui.screen import header_line
from inferno.tui.session import LogEntry, Session
from inferno.tui.story_text import story_lines, terminal_story
from inferno.tui.text import player_text

_ = TERMINAL.gettext
ngettext = TERMINAL.ngettext

NEWS_MAX = 12  # moves read out at a decision; older ones are counted ("log" reads them all)
ONE_PER_LINE = 12  # up to this many options get a line each; more share lines, four to a line
READER_COMMANDS = N_(
    "Commands: a number or an action's text plays it; to SHIELD [via SHIELD] moves the Soul there whole; "
    "preview N (what option N would do); board (Hell and Florence); families; hand; dante; options; "
    "explain [N or NAME] (what a component does: option N's, or one named, e.g. explain styx; alone: the list); "
    "why [ACTION]; hint; undo [N]; log [N]; save [FILE]; help; quit."
)


def without_rule(line: str) -> str:
    """A log line without its rule citation (the ``help`` command gives the rule)."""
    return line.rsplit("  (", 1)[0]


def entry_words(entry: LogEntry, labels: list[str]) -> str:
    """One move on one line: who, what, and what it caused."""
    if entry.index < 0:
        return "; ".join(without_rule(x) for x in entry.lines)
    who = f"{player_text(entry.player).plain} {labels[entry.player]}".strip()
    mine = f"{player_text(entry.player).plain}: "
    caused = [without_rule(x).removeprefix(mine) for x in entry.lines]
    out = f"{who}: {entry.action}"
    if entry.undone:
        return out + " " + _("(undone)")
    return out + (" — " + "; ".join(caused) if caused else "") + "."


def counters_words(s: State, p: int) -> str:
    """A player's counters in one sentence."""
    pl = s.players[p]
    out = _("Infamy {infamy}, Florins {florins}, Drachmas {drachmas}").format(
        infamy=pl.infamy, florins=pl.florins, drachmas=pl.drachmas
    )
    if pl.loans:
        out += ngettext(", {n} loan", ", {n} loans", pl.loans).format(n=pl.loans)
    x = s.ext
    if x is not None and x.phlegyas:
        out += _(", Bells: {n}").format(n=x.bells[p])
    return out


def family_words(s: State, p: int, label: str) -> str:
    """One family on one line: counters, Home, Tower, Florence, Diplomas, Sin Tracks."""
    r = s.rules
    pl = s.players[p]
    floors = ngettext("{n} Tower floor", "{n} Tower floors", pl.floors).format(n=pl.floors)
    cards = ngettext("{n} Fraud card in hand", "{n} Fraud cards in hand", len(pl.hand)).format(n=len(pl.hand))
    tracks = ", ".join(f"{GAME.gettext(r.circles[c - 1].sin)} {pl.tracks[c]}" for c in range(2, 10) if pl.tracks[c])
    gates = ", ".join(str(g + 1) for g in range(s.board.gates) if pl.passages >> g & 1)
    return _(
        "{player} {label}: {counters}. Home: {nobles} Noble, {urchins} Urchin; {floors}; {florence} in Florence; "
        "{cards}. Diplomas: {diplomas}. Sin Tracks: {tracks}. Safe passages: {gates}."
    ).format(
        player=player_text(p).plain,
        label=label,
        counters=counters_words(s, p),
        nobles=pl.home[0],
        urchins=pl.home[1],
        floors=floors,
        florence=sum(pl.florence),
        cards=cards,
        diplomas=diplomas_text(s, pl).plain,
        tracks=tracks or _("none yet"),
        gates=gates or _("none"),
    )


def hand_words(s: State, p: int) -> list[str]:
    """The player's own Fraud cards, one per line, both halves in words."""
    r = s.rules
    hand = s.players[p].hand
    who = player_text(p).plain
    out = [
        ngettext("Your hand ({player}): {n} Fraud card.", "Your hand ({player}): {n} Fraud cards.", len(hand)).format(
            player=who, n=len(hand)
        )
    ]
    either = " " + _("or") + " "
    for c in hand:
        fc = r.fraud_cards[c]
        now = either.join(effect_words(r, e) for e in fc.instant)
        end = either.join(endgame_words(r, e) for e in fc.endgame)
        out.append(
            _("{card}: now, with a {now_barrel} Barrel, {now}; at the end, with a {end_barrel} Barrel, {end}.").format(
                card=fc.id,
                now_barrel=GAME.gettext(r.barrels[fc.instant_barrel].id),
                now=now,
                end_barrel=GAME.gettext(r.barrels[fc.endgame_barrel].id),
                end=end,
            )
        )
    return out


def graveyard_words(s: State) -> str:
    """The Graveyard and the next Plague card in words."""
    r = s.rules
    souls = [f"{s.graveyard[c]} {GAME.gettext(r.circles[c - 1].sin)}" for c in range(1, 10) if s.graveyard[c]]
    out = _("Graveyard: {souls}.").format(souls=", ".join(souls) if souls else _("empty"))
    if s.plague:
        card = s.plague[0]
        sins = ", ".join(GAME.gettext(r.circles[c - 1].sin) for c in r.plague_cards[card])
        out += " " + _("Next Plague card {card}: {sins}.").format(card=GAME.gettext(r.plague_ids[card]), sins=sins)
    return out


def landing_sentence(paths: list[SoulPath]) -> str:
    """Where an option can take the Soul, in words: ``to 2.2 (Il Borgo) or 2.3 (Porta San Piero)``."""
    ends = []
    for x in paths:
        end = x.shield + (" " + _("lying down") if x.lies_down else "")
        if x.infamy:
            end += " " + _("+{n} Infamy").format(n=x.infamy)
        ends.append(end + (f" ({GAME.gettext(x.quartiere)})" if x.quartiere else ""))
    ends = list(dict.fromkeys(ends))
    if len(ends) > 1:
        return _("to {places} or {last}").format(places=", ".join(ends[:-1]), last=ends[-1])
    return _("to {place}").format(place=ends[0])


def option_lines(s: State, pend: Pending, paths: list[SoulPath] | None = None, offer: bool = False) -> list[str]:
    """The numbered options: one a line, or four a line when there are many; a Soul's options say where
    it can go, and with ``offer`` its descents over several jumps follow as options of their own."""
    texts = []
    for i, a in enumerate(pend.actions, 1):
        hint = action_hint(s, pend, a)
        landings = option_paths(paths or [], a)
        where = f", {landing_sentence(landings)}" if landings else ""
        texts.append(f"{i}. {action_text(s, a)}" + (f" ({hint})" if hint else "") + where)
    if offer:
        texts += [f"{k}. {x.words()}" for k, x in enumerate(whole(paths or []), len(pend.actions) + 1)]
    if len(texts) <= ONE_PER_LINE:
        return texts
    return ["; ".join(texts[i : i + 4]) + ";" for i in range(0, len(texts), 4)]


class ReaderGame(TerminalGame):
    """The line mode for screen readers: only what changed, one question per decision."""

    def __init__(self, session: Session, console: Console, read: Reader | None = None) -> None:
        super().__init__(session, console, read)
        self.heard: dict[int, int] = {}  # per player: how much of the log they have been told
        self.told: dict[tuple[int, str], str] = {}  # per player: the counters and hand last read out
        self.paths: list[SoulPath] = []  # the moving Soul's whole descents at this decision
        self.explained: set[Decision] = set()  # a first game: the decisions whose help was read out

    def say(self, line: str) -> None:
        self.console.print(line, markup=False, highlight=False, soft_wrap=True)

    # --- the hooks of the line mode -----------------------------------------------------------

    def bot_moved(self, entry: LogEntry) -> None:
        """Bots' moves are read out at the next human decision, as news."""

    def played(self, entry: LogEntry) -> None:
        words = entry_words(entry, self.labels())
        self.say(_("You played {move}").format(move=words.split(": ", 1)[1]))
        self.heard[entry.player] = len(self.session.log)

    def prompt(self, p: int) -> str:
        return _("{player}, which option?").format(player=player_text(p).plain) + " "

    def labels(self) -> list[str]:
        return self.session.labels()

    def show(self, p: int, pend: Pending) -> None:
        """The news since ``p``'s last decision, ``p``'s counters and the decision with its options."""
        sess = self.session
        v = sess.view_for(p)
        self.shown_to = p
        log = sess.log
        start = self.heard.get(p, 0)
        news = [e for e in log[start:] if not (e.player == p and e.index >= 0 and not e.undone)]
        if start == 0:
            self.say(header_line(v))
        if len(news) > NEWS_MAX:
            skipped = len(news) - NEWS_MAX
            self.say(
                ngettext(
                    "{n} earlier move not read; type log to hear them.",
                    "{n} earlier moves not read; type log to hear them.",
                    skipped,
                ).format(n=skipped)
            )
            news = news[-NEWS_MAX:]
        for e in news:
            self.say(entry_words(e, self.labels()))
        self.heard[p] = len(log)
        if v.dante >= 0:
            dante = _("Dante at stop {stop} of {stops}").format(stop=v.dante + 1, stops=len(v.stops))
        else:
            dante = _("Dante has not moved yet")
        last = " " + _("Last round!") if v.ender >= 0 else ""
        who = player_text(p).plain
        counters = _("You, {player}: {counters}. {dante}, turn {turn}.").format(
            player=who, counters=counters_words(v, p), dante=dante, turn=v.turn
        )
        self.tell(p, "counters", counters + last)
        ids = ", ".join(v.rules.fraud_cards[c].id for c in v.players[p].hand)
        self.tell(p, "hand", _("Your hand ({player}): {cards}.").format(player=who, cards=ids or _("no Fraud cards")))
        self.paths = decision_paths(sess.state)
        count = len(pend.actions) + len(self.offered(pend))
        self.say(
            ngettext("Your decision: {decision}. {n} option:", "Your decision: {decision}. {n} options:", count).format(
                decision=decision_title(pend), n=count
            )
        )
        for line in option_lines(sess.state, pend, self.paths, bool(self.offered(pend))):
            self.say(line)
        if sess.first_game and pend.decision not in self.explained:  # a first game: the help open, once a kind
            self.explained.add(pend.decision)
            self.say(help_text(v, pend.decision)[1] + " " + _("Type explain N for what option N's components do."))
        self.redraw = False

    def pass_screen(self, p: int) -> None:
        """Hot-seat: after the device is passed, ``p`` hears their counters and hand afresh."""
        super().pass_screen(p)
        self.told = {k: v for k, v in self.told.items() if k[0] != p}

    def tell(self, p: int, what: str, line: str) -> None:
        """Say ``line`` unless it is what ``p`` was last told about ``what`` (only changes are read)."""
        if self.told.get((p, what)) != line:
            self.told[(p, what)] = line
            self.say(line)

    def show_end(self) -> None:
        s = self.session.state
        labels = self.labels()
        for p in self.session.humans():
            for e in self.session.log[self.heard.get(p, 0) :][-NEWS_MAX:]:
                self.say(entry_words(e, labels))
            break
        self.say(header_line(s))
        self.say(_("Final scoring (rulebook p.16-17):"))
        for line in story_lines(terminal_story(s, labels)):
            self.say(line)
        for p in range(s.num_players):
            self.say(family_words(s, p, labels[p]))
        self.say(_("The game record is saved in {path}").format(path=self.session.save_path))

    # --- commands -------------------------------------------------------------------------------

    def handle(self, p: int, pend: Pending, line: str) -> Action | None:
        word, _sep, rest = line.partition(" ")
        word = word.lower()
        rest = rest.strip()
        sess = self.session
        v = sess.view_for(p)
        if word in ("help", "?", "h"):
            title, text, rule = help_text(sess.state, pend.decision)
            self.say(_("Help: {title}").format(title=title))
            self.say(text)
            self.say(_("Rule: {rule}").format(rule=rule_words(rule)))
            self.say(_(READER_COMMANDS))
            return None
        if word == "board":
            self.say(_("Hell, circle by circle:"))
            for x in hell_words(v):
                self.say(x)
            self.say(_("Florence, location by location:"))
            for x in florence_words(v):
                self.say(x)
            self.say(graveyard_words(v))
            return None
        if word in ("families", "family", "me"):
            labels = self.labels()
            for q in range(v.num_players):
                self.say(family_words(v, q, labels[q]))
            return None
        if word == "hand":
            for x in hand_words(v, p):
                self.say(x)
            return None
        if word == "dante":
            for x in dante_text(v).plain.split("\n"):
                self.say(x)
            return None
        if word in ("options", "o"):
            self.say(_("Your decision: {decision}.").format(decision=decision_title(pend)))
            for x in option_lines(sess.state, pend, self.paths, bool(self.offered(pend))):
                self.say(x)
            return None
        if word == "to":
            self.soul_to(p, rest)
            return None
        offered = self.offered(pend)
        if is_number(line) and 0 < int(line) - len(pend.actions) <= len(offered):
            self.play_path(p, offered[int(line) - len(pend.actions) - 1])
            return None
        if word in ("preview", "p"):
            self.preview(pend, rest)
            return None
        if word == "explain":
            self.explain(pend, rest)
            return None
        return super().handle(p, pend, line)

    def explain(self, pend: Pending, rest: str) -> None:
        """``explain``: the components' names; ``explain N`` option N's components; ``explain NAME`` one."""
        s = self.session.state
        if not rest:
            names = ", ".join(dict.fromkeys(c.title for c in component_list(s)))
            self.say(_("Components (explain NAME tells what one does): {names}.").format(names=names))
            return
        if is_number(rest):
            n = len(pend.actions)
            if not 1 <= int(rest) <= n:
                self.error(
                    _("explain takes an option number from 1 to {n} or a component's name, not {word}").format(
                        n=n, word=shown(rest)
                    )
                )
                return
            found = action_components(s, pend.actions[int(rest) - 1])
            if not found:
                self.say(_("That option involves no component with its own explanation: 'help' explains the decision."))
        else:
            found = find_components(s, rest)
            if not found:
                self.error(_("no component is called {name}: 'explain' alone lists them").format(name=shown(rest)))
        for c in found:
            self.say(c.words())

    def offered(self, pend: Pending) -> list[SoulPath]:
        """The whole descents numbered after the engine's options: at a jump only (at the Hell phase's
        first choice the options already say where each Soul can go, and ``to SHIELD`` plays a path)."""
        return whole(self.paths) if pend.decision == Decision.HELL_STEP else []

    def soul_to(self, p: int, words: str) -> None:
        """``to 3.4 [via 2.3]``: the whole path it names, if exactly one."""
        found = matching(self.paths, words)
        if len(found) == 1:
            self.play_path(p, found[0])
        elif not found:
            ends = ", ".join(dict.fromkeys(x.shield for x in self.paths))
            where = _("the Soul can stop on {shields}").format(shields=ends) if ends else _("no Soul is moving now")
            self.error(_("no path of the Soul ends on {name}: {where}").format(name=shown(words), where=where))
        else:
            ways = "; ".join(f"to {x.shield} via {', '.join(x.via)}" for x in found)  # i18n: not for players
            self.error(
                ngettext(
                    "{n} path ends there: {ways}. Type the one you mean",
                    "{n} paths end there: {ways}. Type the one you mean",
                    len(found),
                ).format(n=len(found), ways=ways)
            )

    def play_path(self, p: int, path: SoulPath) -> None:
        """Play a whole descent, the engine's actions in order, each checked legal in its turn."""
        sess = self.session
        done = 0
        with interrupts_deferred():
            for a in path.actions:
                if sess.over or sess.deciding() != p or a not in legal_actions(sess.state):
                    break
                sess.play(a)
                done += 1
        if done == len(path.actions):
            self.say(_("You played {move}.").format(move=path.words()))
        else:
            self.say(
                _("The path stopped after {played} of its {n} steps: choose on from here.").format(
                    played=done, n=len(path.actions)
                )
            )
        self.heard[p] = len(sess.log)
        self.redraw = True

    def preview(self, pend: Pending, rest: str) -> None:
        """``preview N``: what option N would do, worked out by the engine on a copy of the game."""
        n = len(pend.actions)
        if not is_number(rest) or not 1 <= int(rest) <= n:
            self.error(
                _("preview takes an option number from 1 to {n} (e.g. preview 1), not {word}").format(
                    n=n, word=shown(rest)
                )
            )
            return
        a = pend.actions[int(rest) - 1]
        pv = preview(self.session.state, a)
        self.say(_("Option {n}, {action}:").format(n=rest, action=action_text(self.session.state, a)))
        lines = [route_words(r) + "." for r in pv.routes] + pv.changes + pv.events
        if pv.next_step:
            lines.append(pv.next_step)
        for x in lines or [_("no change to your counters")]:
            self.say(x)
