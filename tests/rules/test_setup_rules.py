"""Setup (RULES.md §3, §3.2, §3.4; U5, U10, U11, U16): one test per setup rule."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

import inferno
from inferno.rules.model import NOBLE, URCHIN, StopKind
from inferno.rules.state import GUARDIAN, T_NOBLE, State

DATA_DIR = Path(inferno.__file__).resolve().parent / "data"

SEEDS = range(6)


def _game(players: int, seed: int, side: str | None = None) -> State:
    return inferno.new_game(players, seed, side=side, record_events=False)


@pytest.mark.parametrize(("players", "side"), [(1, "I/II"), (2, "I/II"), (3, "III/IV"), (4, "III/IV")])
def test_board_side_follows_player_count_s0(players: int, side: str) -> None:
    """§3.1 step 1 (S0): side I/II for 1-2 players, III/IV for 3-4."""
    s = _game(players, 3)
    assert s.config.side == side
    assert s.board.side == side


@pytest.mark.parametrize(("players", "gates"), [(1, 4), (2, 4), (3, 5), (4, 5)])
def test_safe_passage_gates_per_side_s0(players: int, gates: int) -> None:
    """§3.4 (S0): 4 safe-passage gates on side I/II, 5 on III/IV."""
    assert _game(players, 0).board.gates == gates


@pytest.mark.parametrize("seed", SEEDS)
def test_each_quartiere_gets_one_free_and_one_special_location(seed: int) -> None:
    """§3.1 step 2 (S0, NE): locations placed at random by type; each quartiere one free + one special."""
    s = _game(3, seed)
    for q in range(4):
        here = [loc for loc in s.rules.locations if s.loc_quartiere[loc.index] == q]
        assert sorted(loc.special for loc in here) == [False, True]


def test_location_placement_is_random_across_seeds() -> None:
    """§3.1 step 2 (BGU: locations are randomised during setup): every tile lands in varying quartieri."""
    layouts = [_game(2, seed).loc_quartiere for seed in range(20)]
    for loc in range(8):
        assert len({lq[loc] for lq in layouts}) > 1


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_one_set_of_guests_and_barrels_per_player(players: int) -> None:
    """§3.1 step 3 (NE): one set of 4 Guests at the PALACE and 4 Barrels at the MARKET per player."""
    s = _game(players, 1)
    assert [s.palace[c] for c in s.rules.guest_circles] == [players] * 4
    assert s.barrel_market == [players] * len(s.rules.barrels)
    assert sum(s.palace) == 4 * players


@pytest.mark.parametrize("seed", SEEDS)
def test_bonus_tiles_silver_on_upper_gold_on_lower_tracks(seed: int) -> None:
    """§3.1 step 4, U5: silver tiles beside tracks 2-5, gold beside 6-9, each tile used once."""
    s = _game(2, seed)
    tiles = s.rules.bonus_tiles
    assert {tiles[s.bonus[c]].kind for c in (2, 3, 4, 5)} == {"silver"}
    assert {tiles[s.bonus[c]].kind for c in (6, 7, 8, 9)} == {"gold"}
    assert sorted(s.bonus[2:10]) == list(range(8))


def test_bonus_tiles_are_shuffled_within_type() -> None:
    """§3.1 step 4 (NE: shuffle the 8 bonus tiles)."""
    assert len({_game(2, seed).bonus for seed in range(20)}) > 1


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_phlegethon_cubes_start_on_the_sides_printed_spaces(players: int) -> None:
    """§3.1 step 5 (NE: each cube on its pre-printed start space; the Phlegethon is printed on each side of
    the main board, S0): each side's board file gives its own starts, which win over core.toml's."""
    side = "I/II" if players < 3 else "III/IV"
    with (DATA_DIR / f"board_{side.replace('/', '_')}.toml").open("rb") as f:
        starts = tomllib.load(f)["phlegethon"]["start"]["value"]
    s = _game(players, 3)
    assert s.config.side == side and len(starts) == 8 and starts != list(s.rules.phleg_start[2:10])
    assert s.phleg[2:10] == starts == list(s.board.phleg_start[2:10])


def _data_with(tmp_path: Path, name: str, old: str, new: str) -> Path:
    """``tmp_path`` holding the embedded data file ``name`` with ``old`` (which must be there) made ``new``."""
    text = (DATA_DIR / name).read_text(encoding="utf-8")
    assert old in text
    (tmp_path / name).write_text(text.replace(old, new), encoding="utf-8")
    return tmp_path


def _without_board_start(tmp_path: Path, name: str = "board_III_IV.toml") -> Path:
    """``tmp_path`` holding the embedded board file ``name`` without its own Phlegethon starts."""
    lines = (DATA_DIR / name).read_text(encoding="utf-8").splitlines(keepends=True)
    at = lines.index("[phlegethon]\n")
    assert lines[at + 1].startswith("start = ")
    (tmp_path / name).write_text("".join(lines[:at] + lines[at + 2 :]), encoding="utf-8")
    return tmp_path


def test_phlegethon_cubes_start_on_start_value(tmp_path: Path) -> None:
    """§3.1 step 5, U3: on a board whose file gives no start (a typed-in board may not), every Phlegethon
    cube starts on core.toml's start value."""
    with (DATA_DIR / "core.toml").open("rb") as f:
        start = tomllib.load(f)["phlegethon"]["start"]["value"]
    s = inferno.new_game(4, 2, rules_dir=_without_board_start(tmp_path))
    assert s.rules.boards["III/IV"].phleg_start == s.rules.phleg_start
    assert s.phleg[2:10] == list(s.rules.phleg_start[2:10]) == [start] * 8


def _core_with_start(tmp_path: Path, start: str) -> Path:
    core = (DATA_DIR / "core.toml").read_text(encoding="utf-8")
    old = "start = { value = 4,"
    assert old in core
    (tmp_path / "core.toml").write_text(core.replace(old, f"start = {{ value = {start},"), encoding="utf-8")
    return tmp_path


def test_each_phlegethon_cube_may_have_its_own_start_space(tmp_path: Path) -> None:
    """§3.1 step 5 (NE: each cube on its pre-printed start space), U3: a list of eight starts gives
    circles 2-9 their own; the cube of each circle starts on its value."""
    starts = [2, 2, 3, 3, 4, 4, 5, 5]
    rules_dir = _core_with_start(_without_board_start(tmp_path), str(starts))
    s = inferno.new_game(3, 0, rules_dir=rules_dir)
    assert s.phleg[2:10] == starts == list(s.rules.phleg_start[2:10])


def test_a_board_files_own_start_is_checked_like_cores(tmp_path: Path) -> None:
    """U3: a board file's ``phlegethon.start`` is eight starts on the 1-5 track too."""
    _data_with(tmp_path, "board_I_II.toml", "start = { value = [2,", "start = { value = [6,")
    with pytest.raises(inferno.RulesDataError, match=r"board_I_II\.toml.*phlegethon\.start.*6 is above the maximum 5"):
        inferno.load_rules(tmp_path)


@pytest.mark.parametrize(
    ("start", "message"),
    [("[2, 3]", "expected 8 entries, got 2"), ("[2, 2, 3, 3, 4, 4, 5, 6]", r"\[7\]: 6 is above the maximum 5")],
)
def test_a_start_list_needs_eight_values_on_the_track(tmp_path: Path, start: str, message: str) -> None:
    """U3: one start per circle 2-9, each on the 1-5 track (Boards & General Concepts)."""
    with pytest.raises(inferno.RulesDataError, match=r"phlegethon\.start.*" + message):
        inferno.load_rules(_core_with_start(tmp_path, start))


@pytest.mark.parametrize("seed", SEEDS)
def test_graveyard_holds_the_setup_plague_card_souls(seed: int) -> None:
    """§3.1 step 6, C7 (NE): the top Plague card's Souls go to the Graveyard, then that card is discarded
    so the next one shows; only during play does a used card go to the bottom (S0)."""
    s = _game(2, seed)
    missing = set(range(len(s.rules.plague_cards))) - set(s.plague)
    assert len(missing) == 1 and len(s.plague) == len(s.rules.plague_cards) - 1
    setup_card = missing.pop()
    expected = [0] * 10
    for colour in s.rules.plague_cards[setup_card]:
        expected[colour] += 1
    assert s.graveyard == expected
    assert sum(s.graveyard) == s.rules.graveyard_refill == 4
    for c in range(1, 10):
        assert s.graveyard[c] + s.supply[c] == s.rules.soul_supply[c]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_family_card_sets_money_nobles_urchins_floors_and_skulls(players: int) -> None:
    """§3.2 (BC, SK; S0 Nobles may start in the Tower; U16): the Family card sets the start."""
    s = _game(players, 5)
    r = s.rules
    assert len({pl.family for pl in s.players}) == players
    for pl in s.players:
        fc = r.family_cards[pl.family]
        assert (pl.florins, pl.drachmas) == (fc.florins, fc.drachmas)
        assert pl.home[NOBLE] == fc.nobles_home
        assert pl.tower.count(T_NOBLE) == fc.nobles_tower
        assert pl.home[URCHIN] == fc.urchins
        assert pl.reserve == r.urchins_per_player - fc.urchins
        assert pl.floors == r.prebuilt_floors + fc.tower_floors
        expected = [0] * 10
        for c in fc.skulls:
            expected[c] += 1
        assert pl.tracks == expected
        assert pl.infamy == 0 and pl.loans == 0 and pl.half == 0 and pl.diplomas == 0 and pl.passages == 0
        assert sum(pl.florence) == 0


def test_multiplayer_families_have_at_most_three_nobles_d1() -> None:
    """D1 (S0): multiplayer families start with the Nobles their card shows, at most 3."""
    for seed in range(10):
        s = _game(4, seed)
        for pl in s.players:
            card = s.rules.family_cards[pl.family]
            assert pl.home[NOBLE] + pl.tower.count(T_NOBLE) == card.nobles_home + card.nobles_tower <= 3


def test_solo_family_starts_with_four_nobles_whatever_its_card_s0() -> None:
    """§17, D1 (S0, rulebook, Boards & General Concepts): "The 4th Noble is only used in the solo game".
    A solo family has all 4 Nobles whichever Family card it draws: the card's Tower Nobles in the
    Tower, the rest at Home."""
    cards_seen = set()
    for seed in range(40):
        s = _game(1, seed)
        pl = s.players[0]
        fc = s.rules.family_cards[pl.family]
        cards_seen.add(fc.nobles_home + fc.nobles_tower)
        assert pl.home[NOBLE] + pl.tower.count(T_NOBLE) == 4
        assert pl.tower.count(T_NOBLE) == fc.nobles_tower
    assert cards_seen == {2, 3}  # cards showing 2 Nobles and cards showing 3 both give 4


def test_solo_nobles_are_data_with_the_seed_as_provenance() -> None:
    """The solo Noble count lives in core.toml, tagged SEED (rulebook, Boards & General Concepts);
    the multiplayer maximum of 3 is an inference from the same sentence, not a seed."""
    tags = {v.path: v.provenance for v in inferno.load_rules().provenance if v.file == "core.toml"}
    assert tags["family.solo_nobles"].tag == "SEED" and "4th Noble" in tags["family.solo_nobles"].note
    assert tags["family.max_nobles_multiplayer"].tag == "INFER"
    assert "family.solo_extra_nobles" not in tags


def test_a_rules_directory_may_not_give_a_solo_family_fewer_nobles_than_a_multiplayer_one(tmp_path: Path) -> None:
    """The 4th Noble is only used in the solo game (rulebook, Boards & General Concepts): a solo count
    below the multiplayer maximum contradicts it and is refused, naming the value."""
    _data_with(tmp_path, "core.toml", "solo_nobles = { value = 4,", "solo_nobles = { value = 2,")
    with pytest.raises(inferno.RulesDataError, match=r"family\.solo_nobles.*2 is below the minimum 3"):
        inferno.load_rules(tmp_path)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_two_fraud_cards_per_hand_and_a_market_of_three(players: int) -> None:
    """§3.1 step 8, §3.2 (S0): 2 Fraud cards per hand, a face-up market of 3, the rest in the deck."""
    s = _game(players, 4)
    assert all(len(pl.hand) == 2 for pl in s.players[:players])  # a solo game's Rival holds no cards
    assert len(s.market) == 3
    cards = [c for pl in s.players for c in pl.hand] + s.market + s.deck
    assert sorted(cards) == list(range(len(s.rules.fraud_cards)))


@pytest.mark.parametrize("seed", SEEDS)
def test_two_active_guardians_start_on_circles_3_and_6(seed: int) -> None:
    """§3.1 step 9, U11: 2 Guardians picked at random, on empty shields of circles 3 and 6."""
    s = _game(2, seed)
    assert len(s.guardians) == 2 == len(set(s.guardians))
    assert [s.board.circle[t] for t in s.guardian_pos] == [3, 6]
    for slot, t in enumerate(s.guardian_pos):
        assert s.hell[t] == GUARDIAN + slot
    assert sum(1 for c in s.hell if c != 0) == 2


def test_guardian_choice_varies_with_seed() -> None:
    """U11: the 2 active Guardians are picked at random."""
    assert len({_game(2, seed).guardians for seed in range(20)}) > 1


@pytest.mark.parametrize(("players", "length"), [(1, 12), (2, 13), (3, 14), (4, 16)])
def test_dante_path_length_per_player_count_u10(players: int, length: int) -> None:
    """U10: 16 stops for 4 players, 14 with the 3-player Shortcut, 13 on side I/II, 12 solo."""
    s = _game(players, 0)
    assert len(s.stops) == length
    assert s.dante == -1
    assert s.stops[-1].kind is StopKind.END and s.stops[-1].circle == 9


def test_three_player_shortcut_removes_two_fraud_stops_u10() -> None:
    """U10: the Shortcut removes the F before D5 and the F before D8 (same stops otherwise)."""
    four = [str(x) for x in _game(4, 0).stops]
    three = [str(x) for x in _game(3, 0).stops]
    assert four == "F D2 P F D3 D4 F D5 P D6 F D7 F D8 F END".split()
    assert three == "F D2 P F D3 D4 D5 P D6 F D7 D8 F END".split()


def test_solo_dante_starts_one_stop_further_u10() -> None:
    """U10: the solo game starts Dante one stop further along the side I/II path."""
    two = [str(x) for x in _game(2, 0).stops]
    one = [str(x) for x in _game(1, 0).stops]
    assert one == two[1:]


def test_one_diploma_stop_per_circle_2_to_9() -> None:
    """§11 (INFER from S3): Diploma stops run down the circles, one per circle 2..9 (9 at the END)."""
    for players in (1, 2, 3, 4):
        stops = _game(players, 0).stops
        circles = [x.circle for x in stops if x.kind in (StopKind.DIPLOMA, StopKind.END)]
        assert circles == list(range(2, 10))


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_same_seed_gives_identical_setup(players: int) -> None:
    """Style lesson 5: setup randomness comes from the seed alone."""
    a = inferno.state_to_dict(_game(players, 77))
    b = inferno.state_to_dict(_game(players, 77))
    assert a == b


def test_different_seeds_give_different_setups() -> None:
    """Style lesson 5: a different seed gives a different setup."""
    snaps = {repr(sorted(inferno.state_to_dict(_game(3, seed)).items())) for seed in range(5)}
    assert len(snaps) == 5


def test_first_player_is_on_their_hell_phase() -> None:
    """§3.3, §4 (S2): the game starts with the first player's Hell phase."""
    s = _game(3, 9)
    p = inferno.pending(s)
    assert p is not None
    assert p.decision is inferno.Decision.HELL
    assert p.player == s.first_player
