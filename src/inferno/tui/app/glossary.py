"""The in-game glossary: locations, Hell, Sin Tracks, River Styx, Dante's path and scoring.

Built from the decision help texts (``inferno.help``) and the rules data, so the amounts are those of
the game being played.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from inferno.components import BARREL_SCORES, location_does
from inferno.help import effect_words, help_text
from inferno.rules.actions import Decision
from inferno.rules.citations import cite
from inferno.rules.model import StopKind
from inferno.rules.scoring import STEPS
from inferno.rules.state import State
from inferno.tui.compact import legend_text
from inferno.tui.screen import STEP_NAMES
from inferno.tui.text import sin_name, stop_text, stop_words


def rule_words(rule: str) -> str:
    """A rule citation for players: the rulebook and card references, without the data's default ids."""
    return cite(rule)


def _text(s: State, d: Decision) -> str:
    return help_text(s, d)[1]


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
        locs.add_row(loc.name, sin_name(r, loc.circle), entry, location_does(s, loc))
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
    parts.append(
        Text(
            "\nF8 or 'explain' tells what each component does: the locations, tracks, Walls, Phlegethon, "
            "Graveyard, Plague cards, River Styx, loans, Dante's stops, Fraud market and Guardians.",
            style="italic",
        )
    )
    return Group(*parts)
