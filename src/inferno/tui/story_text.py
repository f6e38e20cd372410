"""The story of a finished game (:mod:`inferno.records.story`) in the terminal: as a Rich renderable for
the full-screen end and the line mode, and as plain lines for the reader mode. Only drawing: the
numbers and words are the story's."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from inferno.i18n import TERMINAL
from inferno.records.story import GameStory, PlayerStory, game_story
from inferno.rules.state import State
from inferno.tui.text import player_label

_ = TERMINAL.gettext
ngettext = TERMINAL.ngettext

BAR_WIDTH = 16  # the longest bar, in characters
WINNER = "bold yellow"  # i18n: not for players


def story_names(s: State, labels: Sequence[str]) -> list[str]:
    """The players' names as the terminal shows them: "Player 1 (you)"."""
    return [
        f"{player_label(p)} {labels[p]}".strip() if p < len(labels) else player_label(p) for p in range(len(s.players))
    ]


def terminal_story(s: State, labels: Sequence[str]) -> GameStory:
    return game_story(s, story_names(s, labels))


def signed(n: int) -> str:
    return f"{n:+d}" if n else "0"


def _bars(story: GameStory) -> Table:
    top = max([1, *(abs(x.points) for p in story.players for x in p.sources)])
    t = Table(title=_("Infamy by source"), title_style="bold", show_header=False, box=None, padding=(0, 1))
    t.add_column("source")
    t.add_column("bar", min_width=BAR_WIDTH, no_wrap=True)
    t.add_column("points", justify="right")
    for p in story.players:
        head = Text(_("{name}: {n} Infamy").format(name=p.name, n=p.infamy), style=WINNER if p.winner else "bold")
        if p.winner:
            head.append("  ★ " + _("winner"))
        t.add_row(head, "", "")
        for x in p.sources:
            n = round(abs(x.points) / top * BAR_WIDTH)
            style = "red" if x.points < 0 else "yellow" if x.final else "cyan"
            t.add_row(f"  {x.name}", Text("█" * n if n else ("▏" if x.points else ""), style=style), signed(x.points))
    return t


def _table(story: GameStory, compact: bool) -> Table:
    t = Table(title=_("Final scoring in six steps"), title_style="bold")
    t.add_column(_("player"))
    t.add_column(_("in play"), justify="right")
    for st in story.steps:
        t.add_column(str(st.number) if compact else f"{st.number}. {st.title}", justify="right")
    t.add_column(_("total"), justify="right", style="bold")
    t.add_column(_("Diplomas held"), justify="right")
    for i, p in enumerate(story.players):
        name = Text(p.name, style=WINNER if p.winner else "")
        t.add_row(name, str(p.in_play), *(signed(st.points[i]) for st in story.steps), str(p.infamy), str(p.diplomas))
    if compact:
        t.caption = _("Steps: {steps}").format(steps=", ".join(f"{st.number}. {st.title}" for st in story.steps))
    return t


def story_renderable(story: GameStory, width: int = 80) -> RenderableType:
    """The whole story: the verdict, the bars, the six steps' table and their explanations, the solo
    ladder."""
    parts: list[RenderableType] = [
        Text(story.verdict, style="bold"),
        Text(_("The game ended: {how}.").format(how=story.how)),
    ]
    if story.decided:
        parts.append(Text(story.decided))
    if story.solo is not None:
        parts.append(Text(_rank_line(story)))
        parts.append(_ladder(story))
    parts += [_table(story, compact=width < 120), Text(story.in_play_note, style="italic"), _bars(story)]
    for st in story.steps:
        body = Text(f"{st.number}. {st.title}. ", style="bold")
        body.append(f"{st.text} ({st.rule})", style="")
        parts.append(body)
        for line in st.happened:
            parts.append(Text(f"   {line}"))
    return Group(*parts)


def _rank_line(story: GameStory) -> str:
    assert story.solo is not None
    return _("Your rank: {rank} (margin {margin} against {against}).").format(
        rank=story.solo.rank, margin=f"{story.solo.margin:+d}", against=story.solo.against
    )


def _ladder(story: GameStory) -> Text:
    assert story.solo is not None
    out = Text(_("Ranks, lowest first:") + "\n")
    for r in story.solo.ladder:
        line = f"  {r.name}: {r.needs}{'   ← ' + _('your place') if r.yours else ''}\n"
        out.append(line, style=WINNER if r.yours else "")
    out.rstrip()
    return out


def story_lines(story: GameStory) -> list[str]:
    """The story as lines to read one by one (the reader mode): no bars, the numbers in words."""
    out = [story.verdict, _("The game ended: {how}.").format(how=story.how)]
    if story.decided:
        out.append(story.decided)
    if story.solo is not None:
        out.append(_rank_line(story))
        place = ", " + _("your place")
        ranks = "; ".join(f"{r.name} ({r.needs}){place if r.yours else ''}" for r in story.solo.ladder)
        out.append(_("Ranks, lowest first: {ranks}.").format(ranks=ranks))
    out += [_player_line(p) for p in story.players]
    out.append(story.in_play_note)
    for st in story.steps:
        out.append(
            _("Step {n}, {title}: {text} ({rule})").format(n=st.number, title=st.title, text=st.text, rule=st.rule)
        )
        out += [f"  {line}" for line in st.happened]
    return out


def _player_line(p: PlayerStory) -> str:
    diplomas = ngettext("{n} Diploma held", "{n} Diplomas held", p.diplomas).format(n=p.diplomas)
    by = ", ".join(f"{x.name} {signed(x.points)}" for x in p.sources if x.points) or _("nothing scored")
    if p.winner:
        return _("{name}: {n} Infamy, {diplomas}, winner. By source: {sources}.").format(
            name=p.name, n=p.infamy, diplomas=diplomas, sources=by
        )
    return _("{name}: {n} Infamy, {diplomas}. By source: {sources}.").format(
        name=p.name, n=p.infamy, diplomas=diplomas, sources=by
    )
