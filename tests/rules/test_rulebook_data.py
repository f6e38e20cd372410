"""Default data that must agree with the rulebook excerpts (the excerpts win over placeholders).

Drachmas (rulebook, Boards & General Concepts): "You only get them by changing Florins or by borrowing
from Charon." Urchins (same page): "Urchins must be adopted at the HAYSTACK." Plague set-up (RULES.md
§3.1 step 6, C7): the set-up card is discarded; only in play does a used card go to the bottom (S0).
U8: no accusation without an empty Tower space — a data value, not a literal.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import inferno
from inferno import Scenario
from inferno.rules.actions import Decision
from inferno.rules.model import EffectType
from inferno.rules.state import T_NOBLE
from tests.harness.play import random_steps
from tests.rules.helpers import decision, do, texts

DATA = Path(inferno.__file__).parent / "data"


def _override(tmp: Path, name: str, old: str, new: str) -> Path:
    text = (DATA / name).read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {name}"
    d = tmp / "rules"
    d.mkdir(exist_ok=True)
    (d / name).write_text(text.replace(old, new, 1), encoding="utf-8")
    return d


def test_no_default_card_or_bonus_gives_drachmas_s0() -> None:
    """S0 (Boards & General Concepts): Drachmas come only from changing Florins or Charon's loans."""
    r = inferno.load_rules()
    effects = [e for c in r.fraud_cards for e in c.instant] + [t.effect for t in r.bonus_tiles]
    assert effects and "drachmas" not in {e.type.value for e in effects}
    assert "drachmas" not in {t.value for t in EffectType}


@pytest.mark.parametrize("players", [2, 4])
def test_drachmas_only_from_florins_or_loans_in_play_s0(players: int) -> None:
    """S0: in a whole game, no step gives a player more Drachmas than the Florins changed plus the loans
    taken in that step (1 Florin = 1 Drachma by default)."""
    s = inferno.new_game(players, 11)
    per_loan = s.rules.drachmas_per_loan
    rate = s.rules.florins_per_drachma
    gains = 0
    before = [(pl.florins, pl.drachmas, pl.loans) for pl in s.players]
    for _ in random_steps(s, 11):
        after = [(pl.florins, pl.drachmas, pl.loans) for pl in s.players]
        for (f0, d0, l0), (f1, d1, l1) in zip(before, after, strict=True):
            if d1 > d0:
                gains += 1
                assert d1 - d0 <= per_loan * (l1 - l0) + max(0, f0 - f1) // rate
        before = after
    assert gains > 0


def test_effect_giving_drachmas_is_refused_with_the_rule_s0(tmp_path: Path) -> None:
    """S0: a Fraud card giving Drachmas is refused, and the message cites the rule."""
    d = _override(tmp_path, "fraud_cards.toml", '{ type = "florins", amount = 2 }', '{ type = "drachmas", amount = 2 }')
    with pytest.raises(inferno.RulesDataError) as info:
        inferno.load_rules(d)
    msg = str(info.value)
    assert "card[0].instant[1]" in msg
    assert "Drachmas come only from changing Florins or from Charon's loans" in msg
    assert "rulebook" in msg


def test_no_family_card_starts_with_an_urchin_s0() -> None:
    """S0: "Urchins must be adopted at the HAYSTACK" — every player starts with all 4 in reserve."""
    r = inferno.load_rules()
    assert all(fc.urchins == 0 for fc in r.family_cards)
    s = inferno.new_game(4, 3)
    assert all(pl.reserve == r.urchins_per_player and pl.home[1] == 0 for pl in s.players)


def test_family_card_with_an_urchin_is_refused_s0(tmp_path: Path) -> None:
    """S0: a Family card starting with an Urchin is refused, naming the card and the rule."""
    d = _override(tmp_path, "family_cards.toml", "urchins = 0, tower_floors", "urchins = 1, tower_floors")
    with pytest.raises(inferno.RulesDataError) as info:
        inferno.load_rules(d)
    msg = str(info.value)
    assert "deck.cards[0].urchins" in msg and "Urchins must be adopted at the HAYSTACK" in msg


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_setup_plague_card_is_discarded_not_cycled_c7(seed: int) -> None:
    """§3.1 step 6 (NE), C7: the set-up Plague card is discarded; the deck keeps the other cards in order."""
    s = inferno.new_game(2, seed)
    n = len(s.rules.plague_cards)
    assert len(s.plague) == n - 1 and len(set(s.plague)) == n - 1


def test_setup_plague_card_to_bottom_is_data_c7(tmp_path: Path) -> None:
    """C7: the set-up handling is a data value; switching it cycles the set-up card to the bottom."""
    old = "plague_setup_card_to_bottom = { value = false"
    d = _override(tmp_path, "core.toml", old, old.replace("false", "true"))
    default = inferno.new_game(2, 4)
    cycled = inferno.new_game(2, 4, rules_dir=d)
    assert cycled.plague[:-1] == default.plague
    assert sorted(cycled.plague) == list(range(len(cycled.rules.plague_cards)))


def _full_tower_accuser(rules_dir: Path | None) -> Scenario:
    """Player 0: one Noble at the BANK, a one-floor Tower full of Nobles, nobody at Home."""
    sc = Scenario(2, 1, rules_dir=rules_dir)
    pl = sc.state.players[0]
    sc.player(0, home=[0, 0], tower=[0] * len(pl.tower), floors=1, florence=[0] * len(pl.florence))
    sc.tower(0, 0, "noble", "noble")
    return sc.at(0, "bank")


def test_accusing_with_a_full_tower_follows_the_data_u8(tmp_path: Path) -> None:
    """U8 (DEFAULT in core.toml): no empty Tower space, no accusation; with the data value switched off
    the accusation is legal and the accuser comes Home with the rest of the family."""
    default = _full_tower_accuser(None).florence_phase(0, "bank")
    assert "accuse bank noble" not in texts(default)
    old = "accuse_needs_tower_room = { value = true"
    d = _override(tmp_path, "core.toml", old, old.replace("true", "false"))
    sc = _full_tower_accuser(d)
    s = sc.florence_phase(0, "bank")
    assert "accuse bank noble" in texts(s)
    s = do(s, "accuse bank noble")
    pl = s.players[0]
    assert pl.tower[:2] == [T_NOBLE, T_NOBLE] and pl.home[0] == 1 and sum(pl.florence) == 0


def _two_floor_nobles() -> Scenario:
    """Player 0: Nobles on floors 0 and 2 of a three-floor Tower, nobody at Home or in Florence."""
    sc = Scenario(2, 1)
    pl = sc.state.players[0]
    sc.player(0, home=[0, 0], tower=[0] * len(pl.tower), floors=3, florence=[0] * len(pl.florence))
    return sc.tower(0, 0, "noble").tower(0, 1, "guest:heresy").tower(0, 2, "noble")


def test_player_chooses_which_family_member_leaves_the_tower_s0() -> None:
    """S0 (Family members: the COURTYARD or a family council brings them home): when members of the
    chosen kind stand on several floors, the player picks the floor whose member goes Home."""
    s = _two_floor_nobles().decision((Decision.TOWER_HOME, 0, 1))
    s = do(s, "home noble")
    assert decision(s) is Decision.LEAVE_FLOOR
    assert texts(s) == ["floor 0", "floor 2"]
    s = do(s, "floor 0")
    pl = s.players[0]
    assert pl.tower[0] == 0 and pl.tower[4] == T_NOBLE and pl.home[0] == 1


def test_council_recall_from_the_tower_offers_the_floor_s0() -> None:
    """S0, family council: recalling a Noble from the Tower asks which floor's Noble comes Home."""
    s = _two_floor_nobles().decision((Decision.COUNCIL, 0))
    s = do(s, "recall tower noble")
    assert decision(s) is Decision.LEAVE_FLOOR
    s = do(s, "floor 2")
    pl = s.players[0]
    assert pl.tower[0] == T_NOBLE and pl.tower[4] == 0 and pl.home[0] == 1


def test_courtyard_floor_choice_comes_before_the_next_courtyard_step_s0() -> None:
    """S0, COURTYARD: the floor is chosen at once, then the COURTYARD goes on (second member or swaps)."""
    s = _two_floor_nobles().decision((Decision.COURTYARD, 0, 2, 2))
    s = do(s, "home noble")
    assert decision(s) is Decision.LEAVE_FLOOR
    s = do(s, "floor 2")
    assert decision(s) is Decision.COURTYARD
    s = do(s, "home noble")  # one Noble left: no floor decision
    assert s.players[0].home[0] == 2 and T_NOBLE not in s.players[0].tower


def test_single_floor_needs_no_leave_choice_s0() -> None:
    """S0: with the kind's members on one floor only, no floor decision is asked."""
    sc = Scenario(2, 1)
    pl = sc.state.players[0]
    sc.player(0, home=[0, 0], tower=[0] * len(pl.tower), floors=2, florence=[0] * len(pl.florence))
    s = do(sc.tower(0, 1, "noble", "noble").decision((Decision.TOWER_HOME, 0, 1)), "home noble")
    assert s.players[0].home[0] == 1 and s.players[0].tower[2:4].count(T_NOBLE) == 1
    assert decision(s) is not Decision.LEAVE_FLOOR


def test_provenance_cites_the_rulebook_not_project_notes() -> None:
    """Every provenance note speaks to users: no internal notes, section numbers or issue numbers; a
    SEED value names the rulebook excerpt (page or section) that states it."""
    r = inferno.load_rules()
    for v in r.provenance:
        note = str(v.provenance)
        assert "RULES.md" not in note and "§" not in note and "#" not in note, (v.file, v.path, note)
        if v.provenance.tag.value == "SEED":
            assert "rulebook" in v.provenance.note, (v.file, v.path, note)


def test_guardian_effects_are_defaults_p22() -> None:
    """Rulebook p.22-23 names Cerberus and the Minotaur and says they move Souls or cross the Walls under
    their own conditions, but states no effect: the effects and Wall crossings are DEFAULT."""
    r = inferno.load_rules()
    for v in r.provenance:
        if v.file == "guardians.toml" and v.path.endswith((".effect", ".crosses_walls", ".max_pits", ".reach")):
            assert "DEFAULT" in str(v.provenance), (v.path, str(v.provenance))


def test_guardians_are_seed_only_where_a_rulebook_excerpt_names_them() -> None:
    """The excerpts name Cerberus and the Minotaur (p.22-23) and Geryon with his Pits (Game End & Final
    Scoring); Minos is named by no excerpt, only by a shop page, so his name is SINGLE, not SEED or CONF."""
    r = inferno.load_rules()
    by_id = {g.id: g.index for g in r.guardians}
    names = {v.path: v.provenance for v in r.provenance if v.file == "guardians.toml" and v.path.endswith(".name")}
    for ident in ("cerberus", "minotaur", "geryon"):
        assert names[f"guardian[{by_id[ident]}].name"].tag.value == "SEED"
    minos = names[f"guardian[{by_id['minos']}].name"]
    assert minos.tag.value == "SINGLE" and "shop page" in minos.note


def test_docs_tag_counts_match_the_data() -> None:
    """The docs' counts of values by provenance tag (docs/rules-data/index.md) are those of the embedded data."""
    import re
    from collections import Counter

    doc = (Path(inferno.__file__).parents[2] / "docs" / "rules-data" / "index.md").read_text(encoding="utf-8")
    found = re.search(r"SEED (\d+), CONF (\d+), SINGLE (\d+),\s+INFER (\d+), DEFAULT (\d+)\.", doc)
    assert found, "the rules-data page lists the tag counts"
    from inferno.rules.pnp import data_provenance

    counts = Counter(v.provenance.tag.value for v in data_provenance())  # what `inferno rules` counts
    expected = [counts[t] for t in ("SEED", "CONF", "SINGLE", "INFER", "DEFAULT")]
    assert [int(x) for x in found.groups()] == expected
