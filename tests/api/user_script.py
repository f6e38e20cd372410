"""A user's script written against the position API (type-checked with mypy --strict by test_typing.py)."""

from __future__ import annotations

import inferno
from inferno import Empty, Guardian, Member, PendingDecision, Pit, Position, Scenario, Sin, Soul


def describe(pos: Position, name: str) -> str:
    """What is on a shield, in words."""
    match pos.shield(name):
        case Soul(sin=sin, lying=True):
            return f"{name}: a {sin.label} Soul lying down"
        case Soul(sin=sin):
            return f"{name}: a standing {sin.label} Soul"
        case Guardian(id=gid):
            return f"{name}: the Guardian {gid}"
        case Pit():
            return f"{name}: a Pit"
        case Empty():
            return f"{name}: empty"
        case other:
            return f"{name}: {other}"


def main() -> list[str]:
    sc = Scenario(players=2, seed=1)
    sc.shield("4.2", Soul(Sin.GREED, lying=True)).passage(1, gate=3)
    sc.tower(0, 1, Member.URCHIN).tracks(0, greed=2).graveyard(lust=2).dante_at("D3")
    state = sc.hell_phase(0)
    pos = Position(state)
    decision: PendingDecision | None = pos.decision
    assert decision is not None
    lines = [describe(pos, "4.2"), describe(pos, "4.3")]
    me = pos.player(decision.player)
    greed: int = me.tracks[Sin.GREED]
    gates: list[int] = sorted(pos.player(1).passages)
    urchins: int = sum(1 for floor in me.tower.floors for space in floor if space is Member.URCHIN)
    lines.append(f"player {decision.player + 1} decides {decision.kind.name.lower()}: {', '.join(decision.texts)}")
    lines.append(f"Greed track {greed}, passages of player 2 {gates}, Urchins in the Tower {urchins}")
    lines.append(f"Dante at {pos.dante.name} ({pos.dante.number} of {pos.dante.total})")
    lines.append(f"Graveyard lust {pos.graveyard[Sin.LUST]}, Plague deck {pos.plague_deck_size}")
    choice = decision.option(decision.texts[0])
    after = inferno.apply(state, choice)
    lines.append(f"after {inferno.action_text(state, choice)}: {Position(after).decision}")
    return lines


if __name__ == "__main__":
    print("\n".join(main()))
