"""The in-game glossary: locations, Hell, Sin Tracks, River Styx, Dante's path and scoring.

Built from the decision help texts (``inferno.help``) and the rules data, so the amounts are those of
the game being played.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from inferno.components import location_does
from inferno.game_words import BARREL_SCORES
from inferno.help import effect_words, help_text
from inferno.i18n import GAME, TERMINAL
from inferno.rules.actions import Decision
from inferno.rules.citations import cite
from inferno.rules.model import StopKind
from inferno.rules.scoring import STEPS
from inferno.rules.state import State
from inferno.tui.compact import legend_text
from inferno.tui.screen import step_name
from inferno.tui.text import sin_name, stop_text, stop_words

_ = TERMINAL.gettext
HEAD = "bold underline"  # i18n: not for players


def rule_words(rule: str) -> str:
    """A rule citation for players: the rulebook and card references, without the data's default ids."""
    return cite(rule)


def _text(s: State, d: Decision) -> str:
    return help_text(s, d)[1]


def glossary(s: State) -> RenderableType:
    r = s.rules
    parts: list[RenderableType] = [Text(_("Symbols"), style=HEAD), legend_text(s)]

    parts.append(Text("\n" + _("Hell"), style=HEAD))
    parts.append(Text(_text(s, Decision.HELL) + "\n" + _text(s, Decision.HELL_STEP)))
    infamy = Text(_("Lying down scores:") + " ")
    for c in range(1, 10):
        infamy.append_text(sin_name(r, c))
        infamy.append(f" +{r.circle_infamy[c]}  ")
    parts.append(infamy)

    parts.append(Text("\n" + _("Florence locations"), style=HEAD))
    parts.append(Text(_text(s, Decision.FLORENCE)))
    locs = Table(show_header=True, expand=True)
    for i, col in enumerate((_("location"), _("sin"), _("entry"), _("what it does"))):
        locs.add_column(col, ratio=3 if i == 3 else None)
    for loc in r.locations:
        if loc.urchin_only:
            entry = _("Urchins only")
        elif loc.noble_florins and loc.urchin_free:
            entry = _("Noble {n} Florin, Urchin free").format(n=loc.noble_florins)
        elif loc.noble_florins:
            entry = _("Noble {n} Florin").format(n=loc.noble_florins)
        else:
            entry = _("free")
        if loc.special:
            entry += _("; accusing needs the Guest of its colour")
        locs.add_row(GAME.gettext(loc.name), sin_name(r, loc.circle), entry, location_does(s, loc))
    parts.append(locs)
    parts.append(Text(_("Family council:") + " " + _text(s, Decision.COUNCIL)))

    parts.append(Text("\n" + _("Sin Tracks"), style=HEAD))
    parts.append(Text(_text(s, Decision.TRACK)))
    tracks = Table(show_header=True)
    for col in (_("track"), _("bonus tile (taken when you accuse there)"), _("beyond the end")):
        tracks.add_column(col)
    for c in range(2, 10):
        tile = r.bonus_tiles[s.bonus[c]] if s.bonus[c] >= 0 else None
        words = f"{GAME.gettext(tile.kind)}: {effect_words(r, tile.effect)}" if tile else ""
        tracks.add_row(sin_name(r, c), words, _("+{n} Infamy").format(n=r.overflow_infamy[c]))
    parts.append(tracks)

    parts.append(Text("\n" + _("River Styx"), style=HEAD))
    parts.append(Text(_text(s, Decision.STYX)))

    parts.append(Text("\n" + _("Dante's path"), style=HEAD))
    kinds: dict[StopKind, Text] = {}
    for stop in s.stops:
        if stop.kind not in kinds:
            line = stop_text(r, stop)
            line.append(f": {stop_words(s, stop)}")
            kinds[stop.kind] = line
    parts.extend(kinds.values())

    parts.append(Text("\n" + _("Scoring"), style=HEAD))
    wall = next((GAME.gettext(x.name) for x in r.locations if x.name == "WALL"), "WALL")
    barrels = Text(_("A Barrel delivered at the {wall} scores at once:").format(wall=wall) + " ")
    for b in r.barrels:
        how = BARREL_SCORES.get(b.score, "")
        barrels.append(f"{GAME.gettext(b.id)} {b.amount}{' ' + GAME.gettext(how) if how else ''}; ")
    parts.append(barrels)
    steps = ", ".join(step_name(k) for k in STEPS)
    parts.append(Text(_("Final scoring, in order: {steps}.").format(steps=steps)))
    parts.append(Text(_text(s, Decision.ENDGAME_FRAUD) + "\n" + _text(s, Decision.EXTRA_DIPLOMA)))
    parts.append(
        Text(
            "\n"
            + _(
                "F8 or 'explain' tells what each component does: the locations, tracks, Walls, Phlegethon, "
                "Graveyard, Plague cards, River Styx, loans, Dante's stops, Fraud market and Guardians."
            ),
            style="italic",
        )
    )

    return Group(*parts)
