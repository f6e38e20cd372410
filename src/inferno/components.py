"""Every component explained where it sits: the eight locations, the Sin Tracks and their bonuses, the
Walls and gates, the Phlegethon, the Graveyard and Plague cards, the River Styx, Charon's loan track,
Dante's path and its stops, the Fraud market, the Guardians (shared by the terminal and the browser).

Like the decision help (:mod:`inferno.help`, whose texts the multi-step locations reuse) every amount
is read from the game's rules data, and every text cites the rulebook. The keys are the board keys
the browser draws (``location:2``, ``track:5``, ``phleg:7``, ``gate:0``, ``stop:3``, ``guardian:1``)
and a few names for whole areas (``walls``, ``graveyard``, ``styx``, ``loans``, ``dante``, ``fraud``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from inferno.help import DECISION_HELP, effect_words, help_text
from inferno.rules.actions import Act, Action, Decision
from inferno.rules.citations import cite
from inferno.rules.model import EffectType, Guardian, GuardianEffect, Location, LocationAction, Rules, Stop, StopKind
from inferno.rules.notation import ARG_SHAPES
from inferno.rules.state import State

# What each location does when a family member is sent there: the decisions it opens, in order.
LOCATION_DECISIONS: dict[LocationAction, tuple[Decision, ...]] = {
    LocationAction.COURTYARD: (Decision.COURTYARD,),
    LocationAction.BONFIRE: (Decision.BONFIRE_EXCHANGE, Decision.BONFIRE_SECOND, Decision.BONFIRE_THIRD),
    LocationAction.WALL: (Decision.WALL_EXCHANGE, Decision.WALL_FRAUD, Decision.WALL_DELIVER),
    LocationAction.MARKET: (Decision.MARKET,),
    LocationAction.PALACE: (Decision.PALACE,),
}
BARREL_SCORES = {"per_guest": "per Guest", "per_floor": "per Tower floor built", "per_urchin": "per Urchin"}


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
        return f"{self.title}: {self.text} ({self.rule})"


def plural(n: int, word: str) -> str:
    """``n`` and ``word`` in the right number: "1 Drachma", "2 Drachmas"."""
    return f"{n} {word}{'' if abs(n) == 1 else 's'}"


def _words_list(items: Iterable[str], last: str = "and") -> str:
    xs = list(items)
    if len(xs) <= 1:
        return "".join(xs)
    return ", ".join(xs[:-1]) + f" {last} " + xs[-1]


def _params(r: Rules, action: LocationAction) -> dict[str, int]:
    for loc in r.locations:
        if loc.action is action:
            return dict(loc.params)
    return {}


def _location_name(r: Rules, action: LocationAction) -> str:
    for loc in r.locations:
        if loc.action is action:
            return loc.name
    return action.value.upper()


def _tiles_with(r: Rules, effect: EffectType) -> list[str]:
    """The kinds of bonus tile ("silver", "gold") whose effect is ``effect``."""
    return list(dict.fromkeys(t.kind for t in r.bonus_tiles if t.effect.type is effect))


def _cards_with(r: Rules, effect: EffectType) -> int:
    return sum(1 for c in r.fraud_cards if any(e.type is effect for e in c.instant))


def _also(r: Rules, effect: EffectType) -> str:
    """ ", a gold bonus or a Fraud card": the other ways to an effect, from the bonus and card data."""
    ways = [f"a {kind} bonus" for kind in _tiles_with(r, effect)]
    if _cards_with(r, effect):
        ways.append("a Fraud card")
    return _words_list(ways, "or")


# --- locations ---------------------------------------------------------------------------------


def location_does(s: State, loc: Location) -> str:
    """What a location does when a family member is sent there, in words."""
    r = s.rules
    params = dict(loc.params)
    if loc.action is LocationAction.HAYSTACK:
        return (
            "Adopt an Urchin: it comes from your reserve and stands beside the family member you sent. "
            f"This is the only way to adopt Urchins (up to {r.urchins_per_player})."
        )
    if loc.action is LocationAction.BANQUET:
        return (
            f"Build the next floor of your Tower (floors 0 to {r.tower_floors - 1}): a taller Tower holds more "
            "Guests, Barrels and family members, and counts for the Tallest Tower at the end."
        )
    if loc.action is LocationAction.BANK:
        base, per = params.get("base_florins", 0), params.get("florins_per_guest", 0)
        return f"Gain {plural(base, 'Florin')}, plus {per} per Guest in your Tower."
    return " Then ".join(
        DECISION_HELP[d].title + ": " + help_text(s, d)[1] for d in LOCATION_DECISIONS.get(loc.action, ())
    )


def entry_words(loc: Location) -> str:
    """Who may enter a location and what it costs, in words."""
    if loc.urchin_only:
        return "only Urchins may enter"
    if loc.noble_florins:
        noble = f"a Noble pays {plural(loc.noble_florins, 'Florin')} to enter"
        return noble + (", an Urchin enters free" if loc.urchin_free else "")
    return "free access: any family member enters free"


def _location(s: State, loc: Location) -> Component:
    r = s.rules
    sin = r.circles[loc.circle - 1].sin
    q = s.loc_quartiere[loc.index] if loc.index < len(s.loc_quartiere) else -1
    where = f" It stands in {r.quartieri[q]} ({r.quartiere_symbols[q]})." if q >= 0 else ""
    accuse = (
        f"Accusing here needs a family member already here and the {sin} Guest in your Tower"
        if loc.special
        else "Anyone with a family member here may accuse here, no Guest needed"
    )
    text = (
        f"{location_does(s, loc)} Entry: {entry_words(loc)}; send a family member from Home when your Soul's "
        f"shield shows this quartiere, or after a bribe. Locations are never full.{where} {accuse}: a {sin} Soul "
        f"enters the Graveyard and your Skull advances on the {sin} track, with its bonus."
    )
    kind = "special location" if loc.special else "free-access location"
    rule = f"S0 Boards & General Concepts; S1 p.12, p.14-15; IT {loc.name}"
    return Component(f"location:{loc.index}", f"{loc.name} ({sin}, {kind})", text, cite(rule))


def _quartiere(s: State, q: int) -> Component:
    r = s.rules
    here = [loc.name for loc in r.locations if loc.index < len(s.loc_quartiere) and s.loc_quartiere[loc.index] == q]
    text = (
        f"A quartiere of Florence, shown in Hell by the {r.quartiere_symbols[q]} symbol. When the Soul you move "
        f"stops on a shield with this symbol, you act here in the Florence phase: {_words_list(here)}. A bribe of "
        f"{plural(r.bribe_cost, 'Drachma')} lets you act in any quartiere instead."
    )
    return Component(f"quartiere:{q}", r.quartieri[q], text, cite("S2 The shield sets the quartiere; S1 p.11-12"))


# --- Sin Tracks, bonuses, Guests, Barrels ------------------------------------------------------


def _track(s: State, c: int) -> Component:
    r = s.rules
    sin = r.circles[c - 1].sin
    loc = next((x.name for x in r.locations if x.circle == c), "")
    tile = r.bonus_tiles[s.bonus[c]] if 0 <= s.bonus[c] < len(r.bonus_tiles) else None
    bonus = f" Its bonus ({tile.kind}): {effect_words(r, tile.effect)}." if tile else ""
    text = (
        f"Your Skull advances one space when you accuse at the {loc}, and then you take the bonus beside the "
        f"track.{bonus} The River Styx, bonuses and Fraud cards advance it too, without the bonus. Reaching "
        f"space {r.half_diploma_level} gives a ½ Diploma; an advance beyond space {r.track_max} scores "
        f"{plural(r.overflow_infamy[c], 'Infamy point')} instead. At the end a {sin} Diploma scores the "
        f"Phlegethon value of circle {c} × your Skull level here."
    )
    return Component(f"track:{c}", f"{sin} Sin Track", text, cite("S0 Sin Tracks; S3 step 4; S1 p.16-17"))


def _bonuses(s: State) -> Component:
    r = s.rules
    rows = []
    for c in range(2, 10):
        if 0 <= s.bonus[c] < len(r.bonus_tiles):
            t = r.bonus_tiles[s.bonus[c]]
            rows.append(f"{r.circles[c - 1].sin}: {t.kind}, {effect_words(r, t.effect)}")
    kinds = _words_list(dict.fromkeys(t.kind for t in r.bonus_tiles))
    text = (
        f"{plural(len(r.bonus_tiles), 'bonus tile')} ({kinds}) lie beside the Sin Tracks, placed at random at "
        "setup. You take a track's bonus only when you accuse at its location; advances by the River Styx, "
        "bonuses or Fraud cards never give it. In this game: " + "; ".join(rows) + "."
    )
    return Component("bonuses", "Sin Track bonuses", text, cite("S0 bonus only when you accuse"))


def _guest(s: State, c: int) -> Component:
    r = s.rules
    sin = r.circles[c - 1].sin
    loc = next((x.name for x in r.locations if x.circle == c), "")
    palace = _location_name(r, LocationAction.PALACE)
    bank = _params(r, LocationAction.BANK).get("florins_per_guest", 0)
    text = (
        f"Invited at the {palace} to a floor of your Tower (you gain Florins equal to the floor's number). It lets "
        f"you accuse at the {loc}, adds {plural(bank, 'Florin')} at the {_location_name(r, LocationAction.BANK)} "
        "and counts for the Most Guests award. One Guest of each colour; a family council can send it back."
    )
    return Component(f"guest:{c}", f"{sin} Guest", text, cite("S0 Guests; IT PALACE"))


def _barrel(s: State, b: int) -> Component:
    r = s.rules
    x = r.barrels[b]
    how = BARREL_SCORES.get(x.score, "")
    score = f"{plural(x.amount, 'Infamy point')}{' ' + how if how else ''}"
    text = (
        f"Taken at the {_location_name(r, LocationAction.MARKET)} into your Tower (never two of one colour). "
        f"Delivered at the {_location_name(r, LocationAction.WALL)} to your supply panel it scores {score} at "
        "once. Owning it, in the Tower or on the panel, unlocks the Fraud card halves that show it."
    )
    return Component(f"barrel:{b}", f"{x.id} Barrel", text, cite("S0 Barrels; IT MARKET and WALL"))


# --- Hell: Walls, Phlegethon, Graveyard, Plague, Styx --------------------------------------------


def _walls(s: State, gate: int = -1) -> Component:
    r = s.rules
    w = r.walls_above_circle
    bonfire = _location_name(r, LocationAction.BONFIRE)
    ways = [f"at the {bonfire}"] + [f"with a {k} bonus" for k in _tiles_with(r, EffectType.SAFE_PASSAGE)]
    head = f"Gate {gate + 1} of {s.board.gates}. " if gate >= 0 else ""
    text = head + (
        f"The Walls of Dis stand between circles {w - 1} and {w}, with {plural(s.board.gates, 'gate')}. A Soul "
        f"goes from circle {w - 1} down to circle {w} only through a gate where you have your own safe passage "
        "(other players' passages do not help you); once inside the Walls anyone may move it further down. "
        f"You place a safe passage {_words_list(ways, 'or')}; it stays all game."
    )
    key = f"gate:{gate}" if gate >= 0 else "walls"
    return Component(
        key, "Walls of Dis" + (f", gate {gate + 1}" if gate >= 0 else ""), text, cite("S2 Walls of Dis; S1 p.11")
    )


def _phlegethon(s: State, c: int = 0) -> Component:
    r = s.rules
    step = _params(r, LocationAction.BONFIRE).get("phlegethon_step", 1)
    bonfire = _location_name(r, LocationAction.BONFIRE)
    head = f"The cube of circle {c} ({r.circles[c - 1].sin}). " if c else ""
    text = head + (
        f"Each circle's Phlegethon cube is the multiplier of its Diplomas, from {r.phleg_min} to {r.phleg_max}; "
        f"every cube starts at {r.phleg_start}. At the {bonfire} you may raise one cube by {step}. At final "
        "scoring Geryon's Pits are removed first, then each cube moves down one space per empty shield of its "
        f"circle (never below {r.phleg_min}), and each Diploma scores the cube's value × its owner's Skull level."
    )
    key = f"phleg:{c}" if c else "phlegethon"
    return Component(
        key, "Phlegethon" + (f" of circle {c}" if c else ""), text, cite("S3 step 2; S1 p.16-17; IT BONFIRE")
    )


def _graveyard(s: State, key: str = "graveyard") -> Component:
    r = s.rules
    text = (
        "The Souls waiting to enter Hell; they belong to nobody. In the Hell phase you may ferry one across the "
        f"Acheron for {plural(r.ferry_cost, 'Drachma')} (with no Drachma you take a loan from Charon) to any shield "
        "of Limbo; if that shield is taken it moves on down at once. Every accusation puts a Soul of the "
        "location's colour here, and the River Styx sends Souls back from here. The moment it empties it refills "
        f"with the {plural(r.graveyard_refill, 'Soul')} of the top Plague card."
    )
    return Component(key, "Graveyard", text, cite("S0 Graveyard; S2 Hell phase; S1 p.11"))


def _plague(s: State) -> Component:
    r = s.rules
    text = (
        f"A face-up deck of {plural(len(r.plague_cards), 'card')}, each showing {plural(r.graveyard_refill, 'Soul')}. "
        "The moment the Graveyard empties, the Souls of the top card enter it and the card goes face up to the "
        "bottom of the deck. The top card is open to everyone: it shows which Souls come next."
    )
    return Component("plague", "Plague cards", text, cite("S0 Plague cards and Graveyard"))


def _styx(s: State) -> Component:
    r = s.rules
    groups = {
        "U": f"one of the first {len(r.upper_tracks)} tracks",
        "L": f"one of the last {len(r.lower_tracks)} tracks",
    }
    rows = [
        f"{plural(n, 'Soul')}: advance on {' and on '.join(groups.get(a, a) for a in adv)}"
        for n, adv in sorted(r.styx_table.items())
    ]
    cost = _params(r, LocationAction.BONFIRE).get("styx_cost", 0)
    ways = [f"at the {_location_name(r, LocationAction.BONFIRE)} for {plural(cost, 'Drachma')}"]
    also = _also(r, EffectType.STYX)
    if also:
        ways.append(f"with {also}")
    text = (
        "Return Souls of one colour from the Graveyard to the supply, then advance your Skull: "
        + "; ".join(rows)
        + f". It never gives a track's bonus. You use it {' or '.join(ways)}."
    )
    return Component("styx", "River Styx", text, cite("S0 River Styx; S1 p.9"))


# --- money ---------------------------------------------------------------------------------------


def loan_words(r: Rules, n: int) -> str:
    """What the ``n``th loan costs: its Infamy at once (if any) and the Infamy lost at the end."""
    if n <= len(r.loan_positions):
        now, end = r.loan_positions[n - 1]
    else:
        now, end = r.loan_beyond_immediate, r.loan_positions[-1][1] if r.loan_positions else 0
    parts = []
    if now:
        parts.append(f"{plural(-now, 'Infamy point')} lost at once")
    parts.append(f"{plural(-end, 'Infamy point')} lost at the end" if end else "nothing lost at the end")
    return ", ".join(parts)


def _loans(s: State) -> Component:
    r = s.rules
    rows = [f"loan {i + 1}, {loan_words(r, i + 1)}" for i in range(len(r.loan_positions))]
    beyond = f"{plural(-r.loan_beyond_immediate, 'Infamy point')} at once" if r.loan_beyond_immediate else "nothing"
    text = (
        "When you must pay Drachmas and have none, Charon lends you "
        f"{plural(r.drachmas_per_loan, 'Drachma')}: your Boat moves one space down the loan track. Only the "
        "Boat's last space counts at the end (final scoring step 5). What each loan costs: "
        + "; ".join(rows)
        + f"; each further loan costs {beyond} and the Boat stays. You never borrow just to hold coins."
    )
    return Component("loans", "Charon's loan track", text, cite("S0 Loans from Charon; S3 step 5"))


def _council(s: State) -> Component:
    r = s.rules
    text = (
        f"Instead of sending or accusing you may hold a family council: lose {plural(r.council_cost, 'Infamy point')}, "
        f"then bring one family member Home (from the Tower or a location), send a Guest back to the "
        f"{_location_name(r, LocationAction.PALACE)} or a Barrel back to the {_location_name(r, LocationAction.MARKET)}."
    )
    return Component("council", "Family council", text, cite("S2 Florence phase; IT family council"))


def _bribe(s: State) -> Component:
    r = s.rules
    text = (
        f"Pay {plural(r.bribe_cost, 'Drachma')} (a loan if you are short) to act in any quartiere in this Florence "
        "phase. It never lets you accuse where you have no family member."
    )
    return Component("bribe", "Bribe Charon", text, cite("S2 Or bribe Charon; S1 p.11-12"))


def _tower(s: State) -> Component:
    r = s.rules
    banquet = _location_name(r, LocationAction.BANQUET)
    text = (
        f"Your Tower has floors 0 to {r.tower_floors - 1} with {plural(r.spaces_per_floor, 'space')} each; you "
        f"start with {plural(r.prebuilt_floors, 'floor')} and build the rest at the {banquet}. A space holds a "
        f"Guest, a Barrel or a family member (an accuser goes there). A family member in the Tower cannot go to "
        f"Florence until the {_location_name(r, LocationAction.COURTYARD)} or a family council brings it Home."
    )
    return Component("tower", "Tower", text, cite("S0 Tower; IT BANQUET"))


def _home(s: State) -> Component:
    r = s.rules
    award = next(((name, pts) for ident, name, pts in r.reputation if ident == "most_home"), None)
    end = ""
    if award is not None:
        solo = "" if r.reputation_in_solo else " (not in solo games)"
        end = f" At the end the Reputation award '{award[0]}' scores {plural(award[1], 'Infamy point')}{solo}."
    text = (
        "Family members at Home are free to go to Florence. Nobles and Urchins can do the same things; some "
        f"special locations let Urchins in free.{end}"
    )
    return Component("home", "Home", text, cite("S0 Family members; S3 step 6"))


# --- Dante's path ------------------------------------------------------------------------------


def stop_reward(s: State, stop: Stop) -> str:
    """What a stop on Dante's path gives, in words."""
    r = s.rules
    if stop.kind is StopKind.FRAUD:
        return (
            "the accuser may play a Fraud card (from hand, or from the market or the deck for "
            f"{plural(r.off_hand_extra, 'Drachma')} more)"
        )
    if stop.kind is StopKind.PAGAN:
        guardian = ", and the accuser may move a Guardian and use its effect, free" if s.guardians else ""
        return f"a pagan Soul enters the Graveyard (while any is left){guardian}"
    sin = r.circles[stop.circle - 1].sin
    ties = "every tied player places one" if r.diploma_ties_all else "a tie gives it to nobody"
    diploma = (
        f"the {sin} Diploma goes to the player furthest along the {sin} track ({ties}; with nobody on the track, "
        "nobody gets it)"
    )
    if stop.kind is StopKind.DIPLOMA:
        return diploma
    return (
        f"the accuser scores {plural(r.final_stop_infamy, 'Infamy point')}, {diploma}, and every other player "
        "takes one last turn"
    )


def stop_name(s: State, stop: Stop) -> str:
    """A stop's name in words: "the Lust Diploma stop", "a Fraud stop", "the final stop"."""
    if stop.kind is StopKind.FRAUD:
        return "a Fraud stop"
    if stop.kind is StopKind.PAGAN:
        return "a pagan stop"
    sin = s.rules.circles[stop.circle - 1].sin
    return f"the {sin} Diploma stop" if stop.kind is StopKind.DIPLOMA else f"the final stop ({sin} Diploma)"


def _stop(s: State, i: int) -> Component:
    stop = s.stops[i]
    name = stop_name(s, stop)
    text = f"Stop {i + 1} of {len(s.stops)}, {name}: {stop_reward(s, stop)}. Dante reaches it with an accusation."
    return Component(f"stop:{i}", f"Dante's path, stop {i + 1}", text, cite("S0 Dante's path; S3; IT Dante's stops"))


def _dante(s: State) -> Component:
    r = s.rules
    kinds = [st.kind for st in s.stops]
    parts = [
        plural(kinds.count(StopKind.DIPLOMA), "Diploma stop"),
        plural(kinds.count(StopKind.FRAUD), "Fraud stop"),
        plural(kinds.count(StopKind.PAGAN), "pagan stop"),
    ]
    parts = [x for x in parts if not x.startswith("0 ")] + ["the final stop"]
    text = (
        "Dante's path is the game's clock: every accusation moves Dante one stop and the stop gives its reward. "
        f"In this game he visits {plural(len(s.stops), 'stop')}: {_words_list(parts)}. A "
        "Diploma stop gives its circle's Diploma to the players furthest along that track; at the final stop "
        f"the accuser scores {plural(r.final_stop_infamy, 'Infamy point')}, its Diploma is given and every other "
        "player takes one last turn."
    )
    return Component("dante", "Dante's path", text, cite("S0 Dante's path; S3 When the game ends"))


# --- Fraud cards ---------------------------------------------------------------------------------


def _fraud(s: State, key: str = "fraud") -> Component:
    r = s.rules
    wall = _location_name(r, LocationAction.WALL)
    cost = _params(r, LocationAction.WALL).get("fraud_cost", 0)
    ways = [f"at the {wall} (for {plural(cost, 'Drachma')})"]
    also = _also(r, EffectType.FRAUD)
    if also:
        ways.append(f"with {also}")
    ways.append("at Dante's Fraud stops")
    text = (
        f"You hold {plural(r.hand_size, 'Fraud card')}; {r.market_size} lie face up in the market beside the "
        f"deck. You play one {_words_list(ways, 'or')}: from your hand, or from the market or the top of the "
        f"deck for {plural(r.off_hand_extra, 'Drachma')} more. Left half: if you own the Barrel it shows (in your "
        "Tower or on your supply panel) you choose one of its two instant effects, otherwise the instant effect "
        "is lost. Right half: at the end, if you own its Barrel, one of its end-game effects scores. A card "
        "played from your hand is replaced free from the market or the deck."
    )
    return Component(key, "Fraud cards and market", text, cite("S0 Fraud cards"))


def _card(s: State, i: int) -> Component:
    r = s.rules
    fc = r.fraud_cards[i]
    from inferno.help import endgame_words

    ib, eb = r.barrels[fc.instant_barrel].id, r.barrels[fc.endgame_barrel].id
    now = " or ".join(effect_words(r, e) for e in fc.instant)
    end = " or ".join(endgame_words(r, e) for e in fc.endgame)
    text = (
        f"Instant, with a {ib} Barrel: {now} (without the {ib} Barrel this effect is lost). At the end, with a "
        f"{eb} Barrel, it scores Infamy: {end}."
    )
    return Component(f"card:{i}", f"Fraud card {fc.id}", text, cite("S0 Fraud cards"))


# --- Guardians ---------------------------------------------------------------------------------


# Guardians whose names are not proper names take the article in a sentence ("the Minotaur moves").
_COMMON_NAMES = frozenset({"minotaur", "furies"})


def guardian_name(g: Guardian) -> str:
    """A Guardian's name as a sentence uses it: "Geryon", "the Minotaur"."""
    return f"the {g.name}" if g.id in _COMMON_NAMES else g.name


def guardian_effect_words(r: Rules, g: Guardian) -> str:
    """What a Guardian's effect does, in words (from its effect in the rules data)."""
    e = g.effect
    near = "one standing Soul on a shield joined to the Guardian's new shield by a line"
    if e is GuardianEffect.PIT:
        return (
            f"it digs a Pit on an empty shield joined to its new shield by a line (at most {g.max_pits} Pits in "
            "Hell). A Pit fills its shield: Souls jump over it; at final scoring Pits are removed first, so their "
            "shields count as empty for the Phlegethon"
        )
    if e is GuardianEffect.PETRIFY:
        return f"{near} lies down where it stands: it scores nothing and fills that shield for good"
    if e is GuardianEffect.STRAIGHT_DROP:
        what = f"{near} drops straight down its straight line to the first empty shield"
    elif e is GuardianEffect.DROP_ONE:
        what = f"{near} moves down one line to an empty shield of the next circle"
    elif e is GuardianEffect.JUDGE:
        what = f"{near} goes down to an empty shield of its own circle that its lines reach"
    else:
        where = "any empty shield of its circle" if g.reach == "any" else "an empty shield beside it in its circle"
        what = f"{near} slides sideways to {where}"
    lies = (
        "; there it lies down and you score that circle's Infamy"
        if e is GuardianEffect.JUDGE
        else "; in its own circle it lies down and you score that circle's Infamy"
    )
    walls = (
        "; it may cross the Walls of Dis without a safe passage"
        if g.crosses_walls
        else "; through the Walls of Dis it needs your own safe passage"
    )
    return what + lies + (walls if e is not GuardianEffect.SIDEWAYS else "")


def _guardian(s: State, slot: int) -> Component:
    r = s.rules
    g = r.guardians[s.guardians[slot]]
    cost = _params(r, LocationAction.BONFIRE).get("guardian_cost", 0)
    ways = [f"at the {_location_name(r, LocationAction.BONFIRE)} for {plural(cost, 'Drachma')}"]
    if any(st.kind is StopKind.PAGAN for st in s.stops):
        ways.append("free at Dante's pagan stops")
    also = _also(r, EffectType.GUARDIAN)
    if also:
        ways.append(f"with {also}")
    text = (
        f"When {guardian_name(g)} moves, {guardian_effect_words(r, g)}. A Guardian moves to an empty shield, and only a "
        "move lets you use its effect (you may skip it). No effect takes a Soul below its own circle. Guardians "
        f"fill their shields: Souls jump over them. You move a Guardian {_words_list(ways, 'or')}."
    )
    return Component(f"guardian:{slot}", f"Guardian: {g.name}", text, cite("S1 p.22-23 Guardians"))


# --- all of them -----------------------------------------------------------------------------------


_CACHE: dict[tuple[object, ...], tuple[State, dict[str, Component]]] = {}


def components(s: State) -> dict[str, Component]:
    """Every component of this game explained, by key, in the order a player meets them."""
    key = (id(s.rules), id(s.board), s.guardians, s.bonus, s.stops, s.loc_quartiere)
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
