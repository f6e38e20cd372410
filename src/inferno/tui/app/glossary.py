"""The in-game glossary: locations, Hell, Sin Tracks, River Styx, Dante's path and scoring.

Built from the decision help texts (``inferno.help``) and the rules data, so the amounts are those of
the game being played.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from inferno.help import DECISION_HELP, effect_words, help_text
from inferno.rules.actions import Decision
from inferno.rules.citations import cite
from inferno.rules.model import LocationAction, StopKind
from inferno.rules.scoring import STEPS
from inferno.rules.state import State
from inferno.tui.compact import legend_text
from inferno.tui.screen import STEP_NAMES
from inferno.tui.text import sin_name, stop_text, stop_words

# What each location does when a family member is sent there: the decisions it opens.
LOCATION_DECISIONS: dict[LocationAction, tuple[Decision, ...]] = {
    LocationAction.COURTYARD: (Decision.COURTYARD,),
    LocationAction.BONFIRE: (Decision.BONFIRE_EXCHANGE, Decision.BONFIRE_SECOND, Decision.BONFIRE_THIRD),
    LocationAction.WALL: (Decision.WALL_EXCHANGE, Decision.WALL_FRAUD, Decision.WALL_DELIVER),
    LocationAction.MARKET: (Decision.MARKET,),
    LocationAction.PALACE: (Decision.PALACE,),
}
BARREL_SCORES = {"per_guest": "per Guest", "per_floor": "per Tower floor built", "per_urchin": "per Urchin"}


def rule_words(rule: str) -> str:
    """A rule citation for players: the rulebook and card references, without the data's default ids."""
    return cite(rule)


def _text(s: State, d: Decision) -> str:
    return help_text(s, d)[1]


def _location_words(s: State, action: LocationAction, params: dict[str, int]) -> str:
    if action is LocationAction.HAYSTACK:
        return "Adopt an Urchin: it is placed beside the family member you sent."
    if action is LocationAction.BANQUET:
        return "Build the next floor of your Tower."
    if action is LocationAction.BANK:
        base, per = params.get("base_florins", 0), params.get("florins_per_guest", 0)
        return f"Gain {base} Florins, plus {per} per Guest in your Tower."
    return " Then ".join(DECISION_HELP[d].title + ": " + _text(s, d) for d in LOCATION_DECISIONS[action])


def glossary(s: State) -> RenderableType:
    r = s.rules
    parts: list[RenderableType] = [Text("Symbols", style="bold underline"), legend_text(s)]

    parts.append(Text("\nHell", style="bold underline"))
    parts.append(Text(_text(s, Decision.HELL) + "\n" + _text(s, Decision.HELL_STEP)))
    infamy = Text("Lying down scores: ")
    for c in range(1, 10):
        infamy.append_text(sin_name(r, c))
        infamy.append(f" +{r.circle_infamy[c]}  ")
    parts.append(infamy)

    parts.append(Text("\nFlorence locations", style="bold underline"))
    parts.append(Text(_text(s, Decision.FLORENCE)))
    locs = Table(show_header=True, expand=True)
    for col in ("location", "sin", "entry", "what it does"):
        locs.add_column(col, ratio=3 if col == "what it does" else None)
    for loc in r.locations:
        if loc.urchin_only:
            entry = "Urchins only"
        elif loc.noble_florins:
            entry = f"Noble {loc.noble_florins} Florin" + (", Urchin free" if loc.urchin_free else "")
        else:
            entry = "free"
        if loc.special:
            entry += "; accusing needs the Guest of its colour"
        locs.add_row(loc.name, sin_name(r, loc.circle), entry, _location_words(s, loc.action, dict(loc.params)))
    parts.append(locs)
    parts.append(Text("Family council: " + _text(s, Decision.COUNCIL)))

    parts.append(Text("\nSin Tracks", style="bold underline"))
    parts.append(Text(_text(s, Decision.TRACK)))
    tracks = Table(show_header=True)
    for col in ("track", "bonus tile (taken when you accuse there)", "beyond the end"):
        tracks.add_column(col)
    for c in range(2, 10):
        tile = r.bonus_tiles[s.bonus[c]] if s.bonus[c] >= 0 else None
        words = f"{tile.kind}: {effect_words(r, tile.effect)}" if tile else ""
        tracks.add_row(sin_name(r, c), words, f"+{r.overflow_infamy[c]} Infamy")
    parts.append(tracks)

    parts.append(Text("\nRiver Styx", style="bold underline"))
    parts.append(Text(_text(s, Decision.STYX)))

    parts.append(Text("\nDante's path", style="bold underline"))
    kinds: dict[StopKind, Text] = {}
    for stop in s.stops:
        if stop.kind not in kinds:
            line = stop_text(r, stop)
            line.append(f": {stop_words(s, stop)}")
            kinds[stop.kind] = line
    parts.extend(kinds.values())

    parts.append(Text("\nScoring", style="bold underline"))
    barrels = Text("A Barrel delivered at the WALL scores at once: ")
    for b in r.barrels:
        how = BARREL_SCORES.get(b.score, "")
        barrels.append(f"{b.id} {b.amount}{' ' + how if how else ''}; ")
    parts.append(barrels)
    steps = ", ".join(STEP_NAMES.get(k, k.replace("_", " ")) for k in STEPS)
    parts.append(Text(f"Final scoring, in order: {steps}."))
    parts.append(Text(_text(s, Decision.ENDGAME_FRAUD) + "\n" + _text(s, Decision.EXTRA_DIPLOMA)))
    return Group(*parts)
