"""Every component explained where it sits: the eight locations, the Sin Tracks and their bonuses, the
Walls and gates, the Phlegethon, the Graveyard and Plague cards, the River Styx, Charon's loan track,
Dante's path and its stops, the Fraud market, the Guardians (shared by the terminal and the browser).

Like the decision help (:mod:`inferno.help`, whose texts the multi-step locations reuse) every amount
is read from the game's rules data, and every text cites the rulebook. The keys are the board keys
the browser draws (``location:2``, ``track:5``, ``phleg:7``, ``gate:0``, ``stop:3``, ``guardian:1``)
and a few names for whole areas (``walls``, ``graveyard``, ``styx``, ``loans``, ``dante``, ``fraud``).
"""

from __future__ import annotations

from dataclasses import dataclass

from inferno.game_words import (
    barrel_score,
    guardian_effect_words,
    guardian_name,
    loan_words,
    sin_name,
    sin_of,
    stop_name,
    stop_reward,
    words_list,
)
from inferno.help import drachmas, effect_words, florins, help_text, infamy_points, souls
from inferno.i18n import GAME, language
from inferno.rules.actions import Act, Action, Decision
from inferno.rules.citations import cite
from inferno.rules.model import EffectType, Location, LocationAction, Rules, StopKind
from inferno.rules.notation import ARG_SHAPES
from inferno.rules.state import State

_ = GAME.gettext
ngettext = GAME.ngettext
pgettext = GAME.pgettext

# What each location does when a family member is sent there: the decisions it opens, in order.
LOCATION_DECISIONS: dict[LocationAction, tuple[Decision, ...]] = {
    LocationAction.COURTYARD: (Decision.COURTYARD,),
    LocationAction.BONFIRE: (Decision.BONFIRE_EXCHANGE, Decision.BONFIRE_SECOND, Decision.BONFIRE_THIRD),
    LocationAction.WALL: (Decision.WALL_EXCHANGE, Decision.WALL_FRAUD, Decision.WALL_DELIVER),
    LocationAction.MARKET: (Decision.MARKET,),
    LocationAction.PALACE: (Decision.PALACE,),
}


@dataclass(frozen=True, slots=True)
class Component:
    """One component in words: its name, what it does (amounts from the rules data), its rule."""

    key: str
    title: str
    text: str
    rule: str  # already cited for players ("rulebook p.11: Walls of Dis")

    def to_dict(self) -> dict[str, str]:
        return {"title": self.title, "text": self.text, "rule": self.rule}

    def words(self) -> str:
        """The component on one line: "River Styx: Return Souls … (rulebook p.9: River Styx)"."""
        return _("{title}: {text} ({rule})").format(title=self.title, text=self.text, rule=self.rule)


def _params(r: Rules, action: LocationAction) -> dict[str, int]:
    for loc in r.locations:
        if loc.action is action:
            return dict(loc.params)
    return {}


def _location_name(r: Rules, action: LocationAction) -> str:
    for loc in r.locations:
        if loc.action is action:
            return GAME.gettext(loc.name)
    return action.value.upper()


def _tiles_with(r: Rules, effect: EffectType) -> list[str]:
    """The kinds of bonus tile ("silver", "gold") whose effect is ``effect``."""
    return list(dict.fromkeys(t.kind for t in r.bonus_tiles if t.effect.type is effect))


def _cards_with(r: Rules, effect: EffectType) -> int:
    return sum(1 for c in r.fraud_cards if any(e.type is effect for e in c.instant))


def _also(r: Rules, effect: EffectType) -> str:
    """ "a gold bonus or a Fraud card": the other ways to an effect, from the bonus and card data."""
    ways = [_("a {kind} bonus").format(kind=GAME.gettext(kind)) for kind in _tiles_with(r, effect)]
    if _cards_with(r, effect):
        ways.append(_("a Fraud card"))
    return words_list(ways, "or")


def _sentences(*parts: str) -> str:
    return " ".join(p for p in parts if p)


# --- locations ---------------------------------------------------------------------------------


def location_does(s: State, loc: Location) -> str:
    """What a location does when a family member is sent there, in words."""
    r = s.rules
    params = dict(loc.params)
    if loc.action is LocationAction.HAYSTACK:
        return _(
            "Adopt an Urchin: it comes from your reserve and stands beside the family member you sent. "
            "This is the only way to adopt Urchins (up to {n})."
        ).format(n=r.urchins_per_player)
    if loc.action is LocationAction.BANQUET:
        return _(
            "Build the next floor of your Tower (floors 0 to {top}): a taller Tower holds more Guests, Barrels "
            "and family members, and counts for the Tallest Tower at the end."
        ).format(top=r.tower_floors - 1)
    if loc.action is LocationAction.BANK:
        base, per = params.get("base_florins", 0), params.get("florins_per_guest", 0)
        return ngettext(
            "Gain {n} Florin, plus {per} per Guest in your Tower.",
            "Gain {n} Florins, plus {per} per Guest in your Tower.",
            base,
        ).format(n=base, per=per)
    text = ""
    for d in LOCATION_DECISIONS.get(loc.action, ()):
        title, words, _rule = help_text(s, d)
        step = _("{title}: {text}").format(title=title, text=words)
        text = _("{before} Then {after}").format(before=text, after=step) if text else step
    return text


def entry_words(loc: Location) -> str:
    """Who may enter a location and what it costs, in words."""
    if loc.urchin_only:
        return _("only Urchins may enter")
    if loc.noble_florins:
        n = loc.noble_florins
        if loc.urchin_free:
            return ngettext(
                "a Noble pays {n} Florin to enter, an Urchin enters free",
                "a Noble pays {n} Florins to enter, an Urchin enters free",
                n,
            ).format(n=n)
        return ngettext("a Noble pays {n} Florin to enter", "a Noble pays {n} Florins to enter", n).format(n=n)
    return _("free access: any family member enters free")


def _location(s: State, loc: Location) -> Component:
    r = s.rules
    sin = sin_name(r, loc.circle)
    name = GAME.gettext(loc.name)
    q = s.loc_quartiere[loc.index] if loc.index < len(s.loc_quartiere) else -1
    where = (
        _("It stands in {quartiere} ({symbol}).").format(
            quartiere=GAME.gettext(r.quartieri[q]), symbol=GAME.gettext(r.quartiere_symbols[q])
        )
        if q >= 0
        else ""
    )
    accuse = (
        _(
            "Accusing here needs a family member already here and the {sin} Guest in your Tower: a {sin} Soul "
            "enters the Graveyard and your Skull advances on the {sin} track, with its bonus."
        )
        if loc.special
        else _(
            "Anyone with a family member here may accuse here, no Guest needed: a {sin} Soul enters the "
            "Graveyard and your Skull advances on the {sin} track, with its bonus."
        )
    ).format(sin=sin_of(r, loc.circle))
    entry = _(
        "Entry: {entry}; send a family member from Home when your Soul's shield shows this quartiere, or after "
        "a bribe. Locations are never full."
    ).format(entry=entry_words(loc))
    text = _sentences(location_does(s, loc), entry, where, accuse)
    title = (
        _("{name} ({sin}, special location)") if loc.special else _("{name} ({sin}, free-access location)")
    ).format(name=name, sin=sin)
    rule = f"S0 Boards & General Concepts; S1 p.12, p.14-15; IT {loc.name}"
    return Component(f"location:{loc.index}", title, text, cite(rule))


def _quartiere(s: State, q: int) -> Component:
    r = s.rules
    here = [
        GAME.gettext(loc.name)
        for loc in r.locations
        if loc.index < len(s.loc_quartiere) and s.loc_quartiere[loc.index] == q
    ]
    text = _(
        "A quartiere of Florence, shown in Hell by the {symbol} symbol. When the Soul you move stops on a shield "
        "with this symbol, you act here in the Florence phase: {locations}. A bribe of {drachmas} lets you act "
        "in any quartiere instead."
    ).format(symbol=GAME.gettext(r.quartiere_symbols[q]), locations=words_list(here), drachmas=drachmas(r.bribe_cost))
    # i18n: not for players (a rule tag; the rulebook reference stays English)
    rule = cite("S2 The shield sets the quartiere; S1 p.11-12")
    return Component(f"quartiere:{q}", GAME.gettext(r.quartieri[q]), text, rule)


# --- Sin Tracks, bonuses, Guests, Barrels ------------------------------------------------------


def _track(s: State, c: int) -> Component:
    r = s.rules
    sin = sin_of(r, c)
    loc = next((GAME.gettext(x.name) for x in r.locations if x.circle == c), "")
    tile = r.bonus_tiles[s.bonus[c]] if 0 <= s.bonus[c] < len(r.bonus_tiles) else None
    bonus = (
        _("Its bonus ({kind}): {effect}.").format(kind=GAME.gettext(tile.kind), effect=effect_words(r, tile.effect))
        if tile
        else ""
    )
    advance = _(
        "Your Skull advances one space when you accuse at the {location}, and then you take the bonus beside the track."
    ).format(location=loc)
    rest = _(
        "The River Styx, bonuses and Fraud cards advance it too, without the bonus. Reaching space {half} gives a "
        "½ Diploma; an advance beyond space {top} scores {infamy} instead. At the end a {sin} Diploma scores the "
        "Phlegethon value of circle {circle} × your Skull level here."
    ).format(half=r.half_diploma_level, top=r.track_max, infamy=infamy_points(r.overflow_infamy[c]), sin=sin, circle=c)
    text = _sentences(advance, bonus, rest)
    return Component(
        f"track:{c}",
        _("{sin} Sin Track").format(sin=sin),
        text,
        # i18n: not for players (a rule tag; the rulebook reference stays English)
        cite("S0 Sin Tracks; S3 step 4; S1 p.16-17"),
    )


def _bonuses(s: State) -> Component:
    r = s.rules
    rows = []
    for c in range(2, 10):
        if 0 <= s.bonus[c] < len(r.bonus_tiles):
            t = r.bonus_tiles[s.bonus[c]]
            rows.append(
                _("{sin}: {kind}, {effect}").format(
                    sin=sin_name(r, c), kind=GAME.gettext(t.kind), effect=effect_words(r, t.effect)
                )
            )
    kinds = words_list(GAME.gettext(k) for k in dict.fromkeys(t.kind for t in r.bonus_tiles))
    n = len(r.bonus_tiles)
    text = ngettext(
        "{n} bonus tile ({kinds}) lies beside the Sin Tracks, placed at random at setup. You take a track's bonus "
        "only when you accuse at its location; advances by the River Styx, bonuses or Fraud cards never give it. "
        "In this game: {rows}.",
        "{n} bonus tiles ({kinds}) lie beside the Sin Tracks, placed at random at setup. You take a track's bonus "
        "only when you accuse at its location; advances by the River Styx, bonuses or Fraud cards never give it. "
        "In this game: {rows}.",
        n,
    ).format(n=n, kinds=kinds, rows="; ".join(rows))
    # i18n: not for players (a rule tag; the rulebook reference stays English)
    return Component("bonuses", _("Sin Track bonuses"), text, cite("S0 bonus only when you accuse"))


def _guest(s: State, c: int) -> Component:
    r = s.rules
    sin = sin_of(r, c)
    loc = next((GAME.gettext(x.name) for x in r.locations if x.circle == c), "")
    bank = _params(r, LocationAction.BANK).get("florins_per_guest", 0)
    text = _(
        "Invited at the {palace} to a floor of your Tower (you gain Florins equal to the floor's number). It lets "
        "you accuse at the {location}, adds {florins} at the {bank} and counts for the Most Guests award. One "
        "Guest of each colour; a family council can send it back."
    ).format(
        palace=_location_name(r, LocationAction.PALACE),
        location=loc,
        florins=florins(bank),
        bank=_location_name(r, LocationAction.BANK),
    )
    return Component(f"guest:{c}", _("{sin} Guest").format(sin=sin), text, cite("S0 Guests; IT PALACE"))


def _barrel(s: State, b: int) -> Component:
    r = s.rules
    x = r.barrels[b]
    text = _(
        "Taken at the {market} into your Tower (never two of one colour). Delivered at the {wall} to your supply "
        "panel it scores {score} at once. Owning it, in the Tower or on the panel, unlocks the Fraud card halves "
        "that show it."
    ).format(
        market=_location_name(r, LocationAction.MARKET),
        wall=_location_name(r, LocationAction.WALL),
        score=barrel_score(x.amount, x.score),
    )
    title = _("{colour} Barrel").format(colour=GAME.gettext(x.id))
    # i18n: not for players (a rule tag; the rulebook reference stays English)
    return Component(f"barrel:{b}", title, text, cite("S0 Barrels; IT MARKET and WALL"))


# --- Hell: Walls, Phlegethon, Graveyard, Plague, Styx --------------------------------------------


def _walls(s: State, gate: int = -1) -> Component:
    r = s.rules
    w = r.walls_above_circle
    bonfire = _location_name(r, LocationAction.BONFIRE)
    ways = [_("at the {bonfire}").format(bonfire=bonfire)] + [
        _("with a {kind} bonus").format(kind=GAME.gettext(k)) for k in _tiles_with(r, EffectType.SAFE_PASSAGE)
    ]
    head = _("Gate {n} of {total}.").format(n=gate + 1, total=s.board.gates) if gate >= 0 else ""
    n = s.board.gates
    body = ngettext(
        "The Walls of Dis stand between circles {above} and {below}, with {n} gate. A Soul goes from circle "
        "{above} down to circle {below} only through a gate where you have your own safe passage (other players' "
        "passages do not help you); once inside the Walls anyone may move it further down. You place a safe "
        "passage {ways}; it stays all game.",
        "The Walls of Dis stand between circles {above} and {below}, with {n} gates. A Soul goes from circle "
        "{above} down to circle {below} only through a gate where you have your own safe passage (other players' "
        "passages do not help you); once inside the Walls anyone may move it further down. You place a safe "
        "passage {ways}; it stays all game.",
        n,
    ).format(above=w - 1, below=w, n=n, ways=words_list(ways, "or"))
    key = f"gate:{gate}" if gate >= 0 else "walls"
    title = _("Walls of Dis, gate {n}").format(n=gate + 1) if gate >= 0 else _("Walls of Dis")
    # i18n: not for players (a rule tag; the rulebook reference stays English)
    return Component(key, title, _sentences(head, body), cite("S2 Walls of Dis; S1 p.11"))


def _phlegethon(s: State, c: int = 0) -> Component:
    r = s.rules
    step = _params(r, LocationAction.BONFIRE).get("phlegethon_step", 1)
    bonfire = _location_name(r, LocationAction.BONFIRE)
    head = _("The cube of circle {circle} ({sin}).").format(circle=c, sin=sin_name(r, c)) if c else ""
    starts = s.board.phleg_start[2:10]
    if len(set(starts)) == 1:
        body = _(
            "Each circle's Phlegethon cube is the multiplier of its Diplomas, from {low} to {high}; every cube starts "
            "at {start}. At the {bonfire} you may raise one cube by {step}. At final scoring Geryon's Pits are "
            "removed first, then each cube moves down one space per empty shield of its circle (never below {low}), "
            "and each Diploma scores the cube's value × its owner's Skull level."
        ).format(low=r.phleg_min, high=r.phleg_max, start=starts[0], bonfire=bonfire, step=step)
    else:
        if c:
            head += " " + _("Its cube starts at {start}.").format(start=s.board.phleg_start[c])
        body = _(
            "Each circle's Phlegethon cube is the multiplier of its Diplomas, from {low} to {high}; the cubes of "
            "circles 2 to 9 start at {starts}, in that order. "
            "At the {bonfire} you may raise one cube by {step}. At final scoring Geryon's Pits are removed first, "
            "then each cube moves down one space per empty shield of its circle (never below {low}), and each "
            "Diploma scores the cube's value × its owner's Skull level."
        ).format(low=r.phleg_min, high=r.phleg_max, starts=", ".join(map(str, starts)), bonfire=bonfire, step=step)
    key = f"phleg:{c}" if c else "phlegethon"
    title = _("Phlegethon of circle {circle}").format(circle=c) if c else _("Phlegethon")
    # i18n: not for players (a rule tag; the rulebook reference stays English)
    return Component(key, title, _sentences(head, body), cite("S3 step 2; S1 p.16-17; IT BONFIRE"))


def _graveyard(s: State, key: str = "graveyard") -> Component:
    r = s.rules
    text = _(
        "The Souls waiting to enter Hell; they belong to nobody. In the Hell phase you may ferry one across the "
        "Acheron for {drachmas} (with no Drachma you take a loan from Charon) to any shield of Limbo; if that "
        "shield is taken it moves on down at once. Every accusation puts a Soul of the location's colour here, "
        "and the River Styx sends Souls back from here. The moment it empties it refills with the {souls} of the "
        "top Plague card."
    ).format(drachmas=drachmas(r.ferry_cost), souls=souls(r.graveyard_refill))
    # i18n: not for players (a rule tag; the rulebook reference stays English)
    return Component(key, _("Graveyard"), text, cite("S0 Graveyard; S2 Hell phase; S1 p.11"))


def _plague(s: State) -> Component:
    r = s.rules
    n = len(r.plague_cards)
    text = ngettext(
        "A face-up deck of {n} card, showing {souls}. The moment the Graveyard empties, the Souls of the top "
        "card enter it and the card goes face up to the bottom of the deck. The top card is open to everyone: "
        "it shows which Souls come next.",
        "A face-up deck of {n} cards, each showing {souls}. The moment the Graveyard empties, the Souls of the "
        "top card enter it and the card goes face up to the bottom of the deck. The top card is open to "
        "everyone: it shows which Souls come next.",
        n,
    ).format(n=n, souls=souls(r.graveyard_refill))
    # i18n: not for players (a rule tag; the rulebook reference stays English)
    return Component("plague", _("Plague cards"), text, cite("S0 Plague cards and Graveyard"))


def _styx(s: State) -> Component:
    r = s.rules
    groups = {
        "U": _("one of the first {n} tracks").format(n=len(r.upper_tracks)),
        "L": _("one of the last {n} tracks").format(n=len(r.lower_tracks)),
    }
    rows = []
    for n, adv in sorted(r.styx_table.items()):
        tracks = ""
        for a in adv:
            group = groups.get(a, a)
            tracks = _("{tracks} and on {more}").format(tracks=tracks, more=group) if tracks else group
        rows.append(
            ngettext("{n} Soul: advance on {tracks}", "{n} Souls: advance on {tracks}", n).format(n=n, tracks=tracks)
        )
    cost = _params(r, LocationAction.BONFIRE).get("styx_cost", 0)
    ways = [
        _("at the {bonfire} for {drachmas}").format(
            bonfire=_location_name(r, LocationAction.BONFIRE), drachmas=drachmas(cost)
        )
    ]
    also = _also(r, EffectType.STYX)
    if also:
        ways.append(_("with {ways}").format(ways=also))
    text = _(
        "Return Souls of one colour from the Graveyard to the supply, then advance your Skull: {rows}. It never "
        "gives a track's bonus. You use it {ways}."
    ).format(rows="; ".join(rows), ways=words_list(ways, "or"))
    return Component("styx", _("River Styx"), text, cite("S0 River Styx; S1 p.9"))


# --- money ---------------------------------------------------------------------------------------


def _loans(s: State) -> Component:
    r = s.rules
    rows = [_("loan {n}, {cost}").format(n=i + 1, cost=loan_words(r, i + 1)) for i in range(len(r.loan_positions))]
    beyond = (
        ngettext("{n} Infamy point at once", "{n} Infamy points at once", -r.loan_beyond_immediate).format(
            n=-r.loan_beyond_immediate
        )
        if r.loan_beyond_immediate
        else _("nothing")
    )
    text = _(
        "When you must pay Drachmas and have none, Charon lends you {drachmas}: your Boat moves one space down "
        "the loan track. Only the Boat's last space counts at the end (final scoring step 5). What each loan "
        "costs: {rows}; each further loan costs {beyond} and the Boat stays. You never borrow just to hold coins."
    ).format(drachmas=drachmas(r.drachmas_per_loan), rows="; ".join(rows), beyond=beyond)
    # i18n: not for players (a rule tag; the rulebook reference stays English)
    return Component("loans", _("Charon's loan track"), text, cite("S0 Loans from Charon; S3 step 5"))


def _council(s: State) -> Component:
    r = s.rules
    text = _(
        "Instead of sending or accusing you may hold a family council: lose {infamy}, then bring one family "
        "member Home (from the Tower or a location), send a Guest back to the {palace} or a Barrel back to the "
        "{market}."
    ).format(
        infamy=infamy_points(r.council_cost),
        palace=_location_name(r, LocationAction.PALACE),
        market=_location_name(r, LocationAction.MARKET),
    )
    # i18n: not for players (a rule tag; the rulebook reference stays English)
    return Component("council", _("Family council"), text, cite("S2 Florence phase; IT family council"))


def _bribe(s: State) -> Component:
    r = s.rules
    text = _(
        "Pay {drachmas} (a loan if you are short) to act in any quartiere in this Florence phase. It never lets "
        "you accuse where you have no family member."
    ).format(drachmas=drachmas(r.bribe_cost))
    # i18n: not for players (a rule tag; the rulebook reference stays English)
    return Component("bribe", _("Bribe Charon"), text, cite("S2 Or bribe Charon; S1 p.11-12"))


def _tower(s: State) -> Component:
    r = s.rules
    text = _(
        "Your Tower has floors 0 to {top} with {spaces} each; you start with {floors} and build the rest at the "
        "{banquet}. A space holds a Guest, a Barrel or a family member (an accuser goes there). A family member "
        "in the Tower cannot go to Florence until the {courtyard} or a family council brings it Home."
    ).format(
        top=r.tower_floors - 1,
        spaces=ngettext("{n} space", "{n} spaces", r.spaces_per_floor).format(n=r.spaces_per_floor),
        floors=ngettext("{n} floor", "{n} floors", r.prebuilt_floors).format(n=r.prebuilt_floors),
        banquet=_location_name(r, LocationAction.BANQUET),
        courtyard=_location_name(r, LocationAction.COURTYARD),
    )
    return Component("tower", _("Tower"), text, cite("S0 Tower; IT BANQUET"))


def _home(s: State) -> Component:
    r = s.rules
    award = next(((name, pts) for ident, name, pts in r.reputation if ident == "most_home"), None)
    end = ""
    if award is not None:
        words = (
            _("At the end the Reputation award '{award}' scores {infamy}.")
            if r.reputation_in_solo
            else _("At the end the Reputation award '{award}' scores {infamy} (not in solo games).")
        )
        end = words.format(award=GAME.gettext(award[0]), infamy=infamy_points(award[1]))
    text = _(
        "Family members at Home are free to go to Florence. Nobles and Urchins can do the same things; some "
        "special locations let Urchins in free."
    )
    # i18n: not for players (a rule tag; the rulebook reference stays English)
    return Component("home", _("Home"), _sentences(text, end), cite("S0 Family members; S3 step 6"))


# --- Dante's path ------------------------------------------------------------------------------


def _stop(s: State, i: int) -> Component:
    stop = s.stops[i]
    text = _("Stop {n} of {total}, {name}: {reward}. Dante reaches it with an accusation.").format(
        n=i + 1, total=len(s.stops), name=stop_name(s, stop), reward=stop_reward(s, stop)
    )
    return Component(
        f"stop:{i}",
        _("Dante's path, stop {n}").format(n=i + 1),
        text,
        # i18n: not for players (a rule tag; the rulebook reference stays English)
        cite("S0 Dante's path; S3; IT Dante's stops"),
    )


def _dante(s: State) -> Component:
    r = s.rules
    kinds = [st.kind for st in s.stops]
    counts = [
        (
            kinds.count(StopKind.DIPLOMA),
            ngettext("{n} Diploma stop", "{n} Diploma stops", kinds.count(StopKind.DIPLOMA)),
        ),
        (kinds.count(StopKind.FRAUD), ngettext("{n} Fraud stop", "{n} Fraud stops", kinds.count(StopKind.FRAUD))),
        (kinds.count(StopKind.PAGAN), ngettext("{n} pagan stop", "{n} pagan stops", kinds.count(StopKind.PAGAN))),
    ]
    parts = [words.format(n=n) for n, words in counts if n] + [_("the final stop")]
    n = len(s.stops)
    text = _(
        "Dante's path is the game's clock: every accusation moves Dante one stop and the stop gives its reward. "
        "In this game he visits {stops}: {kinds}. A Diploma stop gives its circle's Diploma to the players "
        "furthest along that track; at the final stop the accuser scores {infamy}, its Diploma is given and every "
        "other player takes one last turn."
    ).format(
        stops=ngettext("{n} stop", "{n} stops", n).format(n=n),
        kinds=words_list(parts),
        infamy=infamy_points(r.final_stop_infamy),
    )
    # i18n: not for players (a rule tag; the rulebook reference stays English)
    return Component("dante", _("Dante's path"), text, cite("S0 Dante's path; S3 When the game ends"))


# --- Fraud cards ---------------------------------------------------------------------------------


def _fraud(s: State, key: str = "fraud") -> Component:
    r = s.rules
    cost = _params(r, LocationAction.WALL).get("fraud_cost", 0)
    ways = [
        _("at the {wall} (for {drachmas})").format(wall=_location_name(r, LocationAction.WALL), drachmas=drachmas(cost))
    ]
    also = _also(r, EffectType.FRAUD)
    if also:
        ways.append(_("with {ways}").format(ways=also))
    ways.append(_("at Dante's Fraud stops"))
    hand = ngettext("You hold {n} Fraud card;", "You hold {n} Fraud cards;", r.hand_size).format(n=r.hand_size)
    market = ngettext(
        "{n} lies face up in the market beside the deck.",
        "{n} lie face up in the market beside the deck.",
        r.market_size,
    ).format(n=r.market_size)
    text = _(
        "{hand} {market} You play one {ways}: from your hand, or from the market or the top of the deck for "
        "{drachmas} more. Left half: if you own the Barrel it shows (in your Tower or on your supply panel) you "
        "choose one of its two instant effects, otherwise the instant effect is lost. Right half: at the end, if "
        "you own its Barrel, one of its end-game effects scores. A card played from your hand is replaced free "
        "from the market or the deck."
    ).format(hand=hand, market=market, ways=words_list(ways, "or"), drachmas=drachmas(r.off_hand_extra))
    # i18n: not for players (a rule tag; the rulebook reference stays English)
    return Component(key, _("Fraud cards and market"), text, cite("S0 Fraud cards"))


def _card(s: State, i: int) -> Component:
    r = s.rules
    fc = r.fraud_cards[i]
    from inferno.help import endgame_words

    ib, eb = GAME.gettext(r.barrels[fc.instant_barrel].id), GAME.gettext(r.barrels[fc.endgame_barrel].id)
    now = words_list((effect_words(r, e) for e in fc.instant), "or")
    end = words_list((endgame_words(r, e) for e in fc.endgame), "or")
    text = _(
        "Instant, with a {instant} Barrel: {now} (without the {instant} Barrel this effect is lost). At the end, "
        "with a {endgame} Barrel, it scores Infamy: {end}."
    ).format(instant=ib, now=now, endgame=eb, end=end)
    # i18n: not for players (a rule tag; the rulebook reference stays English)
    return Component(f"card:{i}", _("Fraud card {id}").format(id=fc.id), text, cite("S0 Fraud cards"))


# --- Guardians ---------------------------------------------------------------------------------


def _guardian(s: State, slot: int) -> Component:
    r = s.rules
    g = r.guardians[s.guardians[slot]]
    cost = _params(r, LocationAction.BONFIRE).get("guardian_cost", 0)
    ways = [
        _("at the {bonfire} for {drachmas}").format(
            bonfire=_location_name(r, LocationAction.BONFIRE), drachmas=drachmas(cost)
        )
    ]
    if any(st.kind is StopKind.PAGAN for st in s.stops):
        ways.append(_("free at Dante's pagan stops"))
    also = _also(r, EffectType.GUARDIAN)
    if also:
        ways.append(_("with {ways}").format(ways=also))
    text = _(
        "When {guardian} moves, {effect}. A Guardian moves to an empty shield, and only a move lets you use its "
        "effect (you may skip it). No effect takes a Soul below its own circle. Guardians fill their shields: "
        "Souls jump over them. You move a Guardian {ways}."
    ).format(guardian=guardian_name(g), effect=guardian_effect_words(r, g), ways=words_list(ways, "or"))
    title = _("Guardian: {name}").format(name=GAME.gettext(g.name))
    return Component(f"guardian:{slot}", title, text, cite("S1 p.22-23 Guardians"))


# --- all of them -----------------------------------------------------------------------------------


_CACHE: dict[tuple[object, ...], tuple[State, dict[str, Component]]] = {}


def components(s: State) -> dict[str, Component]:
    """Every component of this game explained, by key, in the order a player meets them."""
    key = (id(s.rules), id(s.board), s.guardians, s.bonus, s.stops, s.loc_quartiere, language())
    got = _CACHE.get(key)
    if got is not None and got[0].rules is s.rules and got[0].board is s.board:
        return got[1]
    r = s.rules
    out: list[Component] = []
    out.extend(_location(s, loc) for loc in r.locations)
    out.extend(_quartiere(s, q) for q in range(len(r.quartieri)))
    out.extend([_council(s), _bribe(s)])
    out.extend(_track(s, c) for c in range(2, 10))
    out.append(_bonuses(s))
    out.append(_walls(s))
    out.extend(_walls(s, g) for g in range(s.board.gates))
    out.append(_phlegethon(s))
    out.extend(_phlegethon(s, c) for c in range(2, 10))
    out.append(_graveyard(s))
    out.extend(_graveyard(s, f"colour:{c}") for c in range(1, 10))
    out.extend([_plague(s), _styx(s), _loans(s), _dante(s)])
    out.extend(_stop(s, i) for i in range(len(s.stops)))
    out.extend([_fraud(s), _fraud(s, "deck")])
    out.extend(_card(s, i) for i in range(len(r.fraud_cards)))
    out.extend(_guardian(s, slot) for slot in range(len(s.guardians)))
    out.extend(_guest(s, c) for c in r.guest_circles)
    out.extend(_barrel(s, b) for b in range(len(r.barrels)))
    out.extend([_tower(s), _home(s)])
    table = {c.key: c for c in out}
    if len(_CACHE) > 64:
        _CACHE.clear()
    _CACHE[key] = (s, table)
    return table


# Keys that name one of many alike (every Soul colour of the Graveyard, the deck beside the market):
# left out of the list of components a player reads through.
_ALIASES = ("colour:", "deck")


def component_list(s: State) -> list[Component]:
    """The components to read through, each once."""
    return [c for k, c in components(s).items() if not k.startswith(_ALIASES)]


def components_json(s: State) -> dict[str, dict[str, str]]:
    """The texts by board key, as the browser reads them."""
    return {k: c.to_dict() for k, c in components(s).items()}


_SHAPE_KEYS = {"location", "track", "phleg", "gate", "guardian", "guest", "barrel", "card", "colour"}
_PLAIN_KEYS = {
    Act.COUNCIL: ("council",),
    Act.BRIBE: ("bribe",),
    Act.STYX: ("styx",),
    Act.DROWN: ("styx",),
    Act.FRAUD: ("fraud",),
    Act.PLAY_DECK: ("fraud",),
    Act.DRAW_DECK: ("fraud",),
    Act.ENTER: ("graveyard",),
    Act.PHLEG: ("phlegethon",),
    Act.GATE: ("walls",),
    Act.ACCUSE: ("dante",),
    Act.SWAP: ("tower",),
    Act.HOME: ("tower",),
}


def action_components(s: State, a: Action) -> list[Component]:
    """The components an action involves (its location, track, Guardian, ...), to explain them in place."""
    table = components(s)
    keys: list[str] = []
    for shape, v in zip(ARG_SHAPES.get(a.kind, ()), (a.a, a.b), strict=False):
        if shape in _SHAPE_KEYS:
            keys.append(f"{shape}:{v}")
    keys.extend(_PLAIN_KEYS.get(a.kind, ()))
    if a.kind is Act.ACCUSE and 0 <= s.dante + 1 < len(s.stops):
        keys.append(f"stop:{s.dante + 1}")
    if a.kind is Act.ENTER:
        keys = ["graveyard"]
    return [table[k] for k in dict.fromkeys(keys) if k in table]


def find_components(s: State, words: str) -> list[Component]:
    """Components whose name or key contains ``words`` (``explain styx``, ``explain banquet``)."""
    w = words.strip().lower()
    return [c for c in component_list(s) if w in c.title.lower() or w == c.key]
