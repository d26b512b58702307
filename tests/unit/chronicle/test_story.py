"""What the chronicle tells of a campaign: battles (T2.1, T3.5, T4.1), money (T5.3, T6.1, T2.5),
the winter and its control checks (T5.6, T5.7), undone events left out, the turns a report
covers, the army journal (D1), Bellum standings (B2) and the ghost's gap (G2.2)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from armylists.scenarios import bellum_scenario, load_scenario
from assistant.chronicle.colours import NATION_COLOURS, PALETTE, nation_colours
from assistant.chronicle.report import chronicle_of
from assistant.chronicle.story import ChronicleError
from assistant.ledger.events import ForcedMarch, NoteAdded, TurnAdvanced
from assistant.ledger.record import centres_event
from assistant.ledger.store import CampaignStore
from converters.dice import ScriptedDice
from ghost.battle import GhostBattle, TurnLosses
from ghost.generals import GeneralProfile
from tests.chronicle_story import TRIBUTE


def test_t2_1_t4_1_heraclea_is_told_with_its_losses_and_prestige(story: CampaignStore) -> None:
    chronicle = chronicle_of(story, turn=3)
    (battle,) = chronicle.battles
    assert (battle.place, battle.rules, battle.side_a, battle.side_b) == (
        "Heraclea",
        "Field of Glory",
        ["Rome"],
        ["Pyrrhus"],
    )
    assert battle.outcome == "Pyrrhus won"
    # T2.1: Rome 9 AP of 12 BGs × 4 PM = 3; Pyrrhus 4 AP of 8 × 2 PM = 1. T4.1 clear minor ±3.
    lines = {line.nation: (line.decimated, line.prestige) for line in battle.contingents}
    assert lines == {"Rome": (3, -3), "Pyrrhus": (1, 3)}
    assert battle.casualties == {"Rome": 3, "Pyrrhus": 1}
    assert battle.dice == "", "a table game rolls no die"
    assert battle.note == "the elephants broke the legions"


def test_t3_5_a_city_assault_is_told_with_its_dice(story: CampaignStore) -> None:
    (battle,) = chronicle_of(story, turn=5).battles
    assert battle.city_assault and battle.rules == "dice battle (T3)"
    assert battle.outcome == "Rome won"
    assert "4 rounds" in battle.dice and "28 dice rolled" in battle.dice


def test_undone_events_are_left_out(story: CampaignStore) -> None:
    whole = chronicle_of(story, everything=True)
    told = [line for turn in whole.turns for line in [*turn.other, *turn.economy, *turn.notes]]
    assert not any("typed by mistake" in line for line in told)
    assert all("prestige +3 PP" not in line for line in told)


def test_t5_3_t6_1_t2_5_money_is_told_in_its_turn(story: CampaignStore) -> None:
    first = chronicle_of(story, turn=1).turns[0]
    assert first.economy[0].startswith("Etruscans ordered 0 land and 1 naval PM for 30 PE")
    amounts = ", ".join(f"{nation} {pe} PE" for nation, pe in TRIBUTE.items())
    assert first.economy[-1] == f"Tribute collected (T5.3): {amounts}"
    fifth = chronicle_of(story, turn=5).turns[0]
    assert any(line.startswith("Rome rebuilt 2 decimated PM for 40 PE") for line in fifth.economy)


def test_t5_7_the_winter_control_check_is_told_apart(story: CampaignStore) -> None:
    winter = chronicle_of(story, turn=13).turns[0]
    assert winter.winter
    # Magna Graecia 0 PP + loyalty 10 against Pyrrhus 3 PP + 1 PM stationed (T5.7).
    (check,) = winter.control_checks
    assert check.startswith("control check Heraclea: Magna Graecia 10 v Pyrrhus 4")
    assert "Magna Graecia takes it back" in check
    assert any(line.startswith("winter event 8") for line in winter.winter_lines)


def test_a_turn_with_nothing_recorded_is_quiet(tmp_path: Path) -> None:
    with CampaignStore.create(tmp_path / "q.castra", load_scenario("tarentine")) as store:
        store.append(TurnAdvanced())
        store.append(NoteAdded(note="scouts report"))
        whole = chronicle_of(store, everything=True)
    assert [turn.quiet for turn in whole.turns] == [True, False]


def test_figures_at_the_close_of_the_last_turn_are_the_campaign_as_it_stands(
    story: CampaignStore,
) -> None:
    chronicle = chronicle_of(story, everything=True)
    state = story.state()
    closing = {f.nation: f for f in chronicle.history[-1].figures}
    for name, nation in state.nations.items():
        if not nation.player:
            continue
        figures = closing[name]
        assert (figures.land_pm, figures.naval_pm, figures.treasury, figures.prestige) == (
            nation.land_pm,
            nation.naval_pm,
            nation.treasury,
            nation.prestige,
        )
    pm = chronicle.series("pm")
    assert all(len(values) == state.turn for values in pm.values())
    assert pm["Rome"][-1] == state.nations["Rome"].land_pm + state.nations["Rome"].naval_pm


def test_the_default_report_is_the_last_turn_something_happened(story: CampaignStore) -> None:
    scope = chronicle_of(story).scope
    assert (scope.kind, scope.first_turn, scope.last_turn) == ("turn", 14, 14)


def test_a_year_by_number_or_by_year_bc(story: CampaignStore) -> None:
    by_number = chronicle_of(story, year=1).scope
    by_bc = chronicle_of(story, year=278).scope
    assert by_number == by_bc
    assert (by_number.first_turn, by_number.last_turn) == (1, 13), "12 turns and the winter"
    assert chronicle_of(story, year=2).scope.last_turn == story.state().turn


@pytest.mark.parametrize(
    ("asked", "field"),
    [
        ({"turn": 0}, "turn:"),
        ({"turn": 99}, "turn:"),
        ({"year": 3}, "year:"),
        ({"year": 300}, "year:"),
    ],
)
def test_turns_outside_the_campaign_are_refused_naming_the_field(
    story: CampaignStore, asked: dict[str, int], field: str
) -> None:
    with pytest.raises(ChronicleError, match=f"^{field}"):
        chronicle_of(story, **asked)


def test_d1_the_army_journal_of_macedon(tmp_path: Path) -> None:
    with CampaignStore.create(tmp_path / "m.castra", load_scenario("macedon")) as store:
        store.append(ForcedMarch(army="Macedon 2", loyalty=4))
        chronicle = chronicle_of(store, everything=True)
    assert not chronicle.economy, "Macedon vs Persia keeps no money"
    (line,) = chronicle.journal
    assert (line.army, line.nation, line.before, line.after) == ("Macedon 2", "Macedon", 3, 1)
    # The ledger's own words (issue 21): the journal above has the morale before.
    assert chronicle.turns[0].other[0].startswith("Macedon 2 forced march: morale 1 (D5")


def test_b2_bellum_standings_and_centres(tmp_path: Path) -> None:
    with CampaignStore.create(tmp_path / "b.castra", bellum_scenario("scipii")) as store:
        powers = store.state().scenario.nations
        held = {power: 4 for power in powers} | {"Carthage": 9}
        store.append(centres_event(store.state(), 1, held))
        chronicle = chronicle_of(store, everything=True)
    assert chronicle.bellum[0].power == "Carthage" and chronicle.bellum[0].rank == 1
    assert chronicle.bellum_centres["Carthage"] == [9]
    assert chronicle.bellum_status == "in progress"


def test_g2_2_the_ghost_battle_kept_with_the_campaign_is_told(story: CampaignStore) -> None:
    battle = GhostBattle(GeneralProfile(quality="good"), strength=60, units=10)
    battle.open(ScriptedDice([2]))
    battle.start_turn(TurnLosses(gr_loss=6, gf_loss=0, units_lost=0), ScriptedDice([]))
    story.save_ghost_battle(battle.state.model_dump_json())
    (ghost,) = chronicle_of(story).ghosts
    assert ghost.turn is None, "still in progress"
    assert ghost.gaps == [(1, float(battle.state.turns[0].gap_pct))]
    assert ghost.order == battle.order.value


def test_every_nation_keeps_its_colour_whatever_the_order() -> None:
    tarentine = load_scenario("tarentine").nations
    forward, backward = nation_colours(tarentine), nation_colours(reversed(tarentine))
    assert forward == backward
    assert len(set(forward.values())) == len(tarentine)
    assert forward["Rome"] == NATION_COLOURS["Rome"]


@given(st.lists(st.text(min_size=1, max_size=12), min_size=1, max_size=len(PALETTE), unique=True))
def test_unnamed_nations_of_one_campaign_never_share_a_colour(names: list[str]) -> None:
    unnamed = [name for name in names if name not in NATION_COLOURS]
    colours = nation_colours(unnamed)
    assert len(set(colours.values())) == len(unnamed)


@pytest.mark.parametrize("name", ["tarentine", "macedon"])
def test_t4_1_t4_2_d2_d5_an_older_castras_reasons_are_told_in_italian(
    name: str, tmp_path: Path
) -> None:
    """Issue 21: a campaign recorded before prestige and morale reasons were data (session
    10's Castra) is told in Italian: each battle's prestige, each army's morale change and
    each journal line in the reader's words, none of them the English the file stores."""
    import shutil

    from converters.i18n import set_language
    from tests.english_words import english_only_words, words

    data = Path(__file__).parents[1] / "data" / f"{name}-reasons-session10.castra"
    path = tmp_path / data.name
    shutil.copyfile(data, path)
    set_language("it")
    try:
        with CampaignStore.open(path) as store:
            chronicle = chronicle_of(store, everything=True)
    finally:
        set_language("en")
    said = [battle.prestige_reason for battle in chronicle.battles if battle.prestige_reason]
    said += [line for battle in chronicle.battles for line in battle.morale]
    said += [line.reason for line in chronicle.journal]
    assert len(said) == (7 if name == "tarentine" else 12 + 17)
    names = {"granicus", "macedonia", "persia"}  # the board's and the armies' own names
    for line in said:
        assert not words(line) & english_only_words() - names, line
