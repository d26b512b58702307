"""Issue 21 item 4: one wording and one rule check for both interfaces.

Each result or refusal below used to be worded (or checked) twice, once by the command line
and once by the app. They now come from one function in ``converters/`` or the ledger; these
tests hold the command line to that function's words, in English and in Italian. The app's
side is held to the same functions in ``tests/tui/test_dice_battle.py`` and
``tests/tui/test_annibui_screen.py``.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from armylists.annibui import rates
from armylists.scenarios import load_scenario
from assistant.cli import main
from assistant.cli.commands.campaign import _show_text
from assistant.ledger import CampaignStore
from assistant.ledger.events import DbaMoved, Meeting, TurnAdvanced
from assistant.ledger.models import MeetingState
from assistant.ledger.phases import NAME, NUMBER, Phase, phases_of
from assistant.ledger.record import dba_campaign_battle
from assistant.ledger.state import CampaignState, LedgerError
from assistant.tui.screens.campaign import phase_text
from converters.annibui import discipline_check, discipline_lines
from converters.dice import ScriptedDice
from converters.dice_battle import (
    NAVAL_NO_DOUBLING,
    check_interception,
    interception_line,
    interception_roll,
)
from converters.errors import FieldError
from converters.house_rules import HouseRules
from converters.i18n import _, set_language
from converters.odds import MOST_ODDS_DICE, TOO_MANY_DICE, battle_odds, check_battle
from tests.battle_places import ONE_AT_A_TIME

LANGUAGES = ["en", "it"]


@contextmanager
def use_language(language: str) -> Iterator[None]:
    set_language(language)
    try:
        yield
    finally:
        set_language("en")


def refusal(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """The one line a refused command prints, without the program's prefix."""
    assert main(list(argv)) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1, error
    return error.split(": ", 2)[2].rstrip("\n")


def printed(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(list(argv)) == 0
    return capsys.readouterr().out.rstrip("\n")


# -- T3.6 interception: one line, one check ------------------------------------------------------

T3_6_ROLLS = [
    pytest.param(2, 1, 1, 4, "at_most", id="T3.6 4 <= 2+1+1 caught"),
    pytest.param(2, 1, 1, 5, "at_most", id="T3.6 5 > 2+1+1 escapes"),
    pytest.param(2, 3, 0, 5, "at_least", id="T3.6 at_least 5 >= 5 caught"),
    pytest.param(2, 3, 0, 4, "at_least", id="T3.6 at_least 4 < 5 escapes"),
]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("seeking", "avoiding", "carried", "face", "reading"), T3_6_ROLLS)
def test_t3_6_castra_intercept_prints_the_converters_line(
    capsys: pytest.CaptureFixture[str],
    language: str,
    seeking: int,
    avoiding: int,
    carried: int,
    face: int,
    reading: str,
) -> None:
    argv = [str(seeking), str(avoiding), "--carried", str(carried), "--dice", str(face)]
    shown = printed(
        capsys, "--lang", language, "intercept", *argv, "--rule", f"interception={reading}"
    )
    rules = HouseRules().with_rule("interception", reading)
    roll = interception_roll(seeking, avoiding, carried, ScriptedDice([face]), rules=rules)
    with use_language(language):
        assert shown == interception_line(roll, seeking, avoiding, carried, "B")
    caught = face <= seeking + avoiding + carried
    if reading == "at_least":
        caught = face >= seeking + avoiding + carried
        assert "interception = at_least" in shown, "the line names the reading it followed"
    assert roll.intercepted is caught


T3_6_REFUSED = [
    pytest.param((0, 1, 0), "seeking_fleet_pm", ["0", "1"], "FLEET_A_PM", id="T3.6 no fleet"),
    pytest.param((2, 0, 0), "avoiding_fleet_pm", ["2", "0"], "FLEET_B_PM", id="T3.6 no fleet B"),
    pytest.param(
        (2, 1, 2), "troops_carried_pm", ["2", "1", "--carried", "2"], "--carried", id="T3.7 room"
    ),
    pytest.param((-1, 1, 0), "seeking_fleet_pm", ["-1", "1"], "FLEET_A_PM", id="negative"),
]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("figures", "field", "argv", "option"), T3_6_REFUSED)
def test_t3_6_one_check_refuses_on_the_command_line_in_its_words(
    capsys: pytest.CaptureFixture[str],
    language: str,
    figures: tuple[int, int, int],
    field: str,
    argv: list[str],
    option: str,
) -> None:
    with use_language(language):
        with pytest.raises(FieldError) as caught:
            check_interception(*figures)
        reason = caught.value.reason()
    assert caught.value.field == field
    assert refusal(capsys, "--lang", language, "intercept", *argv) == f"{option}: {reason}"


# -- T3.8 odds: one bound on the dice a side -----------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(
    ("argv", "option", "dice"),
    [
        pytest.param([str(MOST_ODDS_DICE + 1), "3"], "PM_A", MOST_ODDS_DICE + 1, id="A"),
        pytest.param(["3", str(MOST_ODDS_DICE + 1)], "PM_B", MOST_ODDS_DICE + 1, id="B"),
        # T3.5: behind walls B rolls two dice per PM, so 31 PM are 62 dice.
        pytest.param(["3", "31", "--city"], "PM_B", 62, id="T3.5 city doubles B's dice"),
    ],
)
def test_t3_8_odds_beyond_the_bound_refused_in_the_converters_words(
    capsys: pytest.CaptureFixture[str], language: str, argv: list[str], option: str, dice: int
) -> None:
    with use_language(language):
        reason = _(TOO_MANY_DICE).format(most=MOST_ODDS_DICE, dice=dice)
    assert refusal(capsys, "--lang", language, "odds", *argv) == f"{option}: {reason}"


def test_t3_8_odds_at_the_bound_are_given() -> None:
    assert main(["odds", str(MOST_ODDS_DICE), str(MOST_ODDS_DICE), "--json"]) == 0
    assert main(["odds", "3", str(MOST_ODDS_DICE // 2), "--city", "--json"]) == 0
    with pytest.raises(FieldError) as caught:
        battle_odds(3, MOST_ODDS_DICE // 2 + 1, city_defender="b")
    assert caught.value.field == "pm_b"


def test_t3_8_a_dice_battle_beyond_the_bound_is_fought_with_its_odds_left_out(
    capsys: pytest.CaptureFixture[str],
) -> None:
    big = str(MOST_ODDS_DICE + 10)
    assert (
        main(["battle", big, big, "--seed", "3", "--a-retreat-at", "0", "--b-retreat-at", "0"]) == 0
    )
    out = capsys.readouterr().out
    assert f"odds shown up to {MOST_ODDS_DICE} dice a side (T3.8)" in out
    assert "Odds if both fight on" not in out.split("Round 1")[0]


@pytest.mark.parametrize(
    ("figures", "field", "option"),
    [
        pytest.param(["0", "3"], "pm_a", "PM_A", id="T3.1 no PM"),
        pytest.param(["3", "0"], "pm_b", "PM_B", id="T3.5 only a city has a garrison"),
        pytest.param(["-2", "3"], "pm_a", "PM_A", id="negative"),
        pytest.param(["3", "3", "--a-target", "7"], "a_target", "--a-target", id="T3.2 target"),
        pytest.param(
            ["3", "3", "--b-retreat-at", "-1"], "b_retreat_at", "--b-retreat-at", id="T3.3"
        ),
    ],
)
@pytest.mark.parametrize("command", ["odds", "battle"])
def test_odds_and_battle_refuse_a_side_with_the_rules_own_check(
    capsys: pytest.CaptureFixture[str], command: str, figures: list[str], field: str, option: str
) -> None:
    pm_a, pm_b = int(figures[0]), int(figures[1])
    target = int(figures[3]) if "--a-target" in figures else 5
    retreat = int(figures[3]) if "--b-retreat-at" in figures else 0
    with pytest.raises(FieldError) as caught:
        check_battle(pm_a, pm_b, target, 5, 0, retreat)
    assert caught.value.field == field
    assert refusal(capsys, command, *figures) == f"{option}: {caught.value.reason()}"


# -- T3.5 a naval battle has no city doubling ----------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_t3_5_naval_city_refused_with_the_setups_words(
    capsys: pytest.CaptureFixture[str], language: str
) -> None:
    with use_language(language):
        reason = _(NAVAL_NO_DOUBLING)
    shown = refusal(capsys, "--lang", language, "battle", "2", "2", "--naval", "--city")
    assert shown == f"--naval: {reason}"


# -- A4 discipline: the same lines ---------------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(
    ("units", "lost", "dis", "captain"),
    [
        pytest.param(8, 4, 5, False, id="A4 holds"),
        pytest.param(8, 4, 4, False, id="A4 flees"),
        pytest.param(8, 4, 4, True, id="A4 the captain's bonus"),
        pytest.param(8, 8, 5, False, id="A4 every unit lost: destroyed"),
    ],
)
def test_a4_castra_annibui_discipline_prints_the_converters_lines(
    capsys: pytest.CaptureFixture[str],
    language: str,
    units: int,
    lost: int,
    dis: int,
    captain: bool,
) -> None:
    argv = ["--units", str(units), "--lost", str(lost), "--dis", str(dis)]
    argv += ["--captain"] if captain else []
    shown = printed(capsys, "--lang", language, "annibui", "discipline", *argv)
    check = discipline_check(units, lost, dis, captain=captain, rates=rates())
    with use_language(language):
        assert shown == "\n".join(discipline_lines(check))


# -- D2 a DBA game has a loser: the ledger refuses a draw ----------------------------------------


@pytest.fixture
def macedon(tmp_path: Path) -> Iterator[CampaignStore]:
    with CampaignStore.create(
        tmp_path / "m.castra", load_scenario("macedon"), rules=ONE_AT_A_TIME
    ) as opened:
        opened.append(DbaMoved(army="Persia 3", move="redeploy", to="Paphlagonia"))
        opened.append(TurnAdvanced())
        opened.append(DbaMoved(army="Macedon 4", move="invasion", to="Hellespontine Phrygia"))
        yield opened


def test_d2_the_ledger_refuses_a_draw_and_the_command_line_says_its_words(
    macedon: CampaignStore, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(LedgerError) as caught:
        dba_campaign_battle(
            macedon.state(),
            place="Hellespontine Phrygia",
            army_a="Macedon 4",
            army_b="Persia 2",
            winner="draw",
            lost_a=1,
            lost_b=1,
            dice=ScriptedDice([]),
        )
    assert str(caught.value).startswith("winner: ") and "D2" in str(caught.value)
    before = len(macedon.events())
    path = str(macedon.path)
    macedon.close()
    argv = ["campaign", "record", "--file", path, "--place", "Hellespontine Phrygia"]
    argv += ["--army-a", "Macedon 4", "--army-b", "Persia 2", "--winner", "draw"]
    argv += ["--lost-a", "1", "--lost-b", "1"]
    shown = refusal(capsys, *argv)
    assert shown == "--winner: " + str(caught.value).removeprefix("winner: ")
    with CampaignStore.open(path) as reopened:
        assert len(reopened.events()) == before, "nothing written"


def _at_every_phase(scenario: str, tmp_path: Path) -> Iterator[tuple[Phase, CampaignState]]:
    """A new campaign of ``scenario`` put at each phase of its turn (T5.2's eleven and the
    winter, D6's six), with something left in it: an unsettled meeting (T7.4) and, on the
    Macedon map, the side with the initiative (D6 phase 2)."""
    with CampaignStore.create(tmp_path / f"{scenario}.castra", load_scenario(scenario)) as store:
        state = store.state()
    phases = phases_of(state)
    assert phases is not None
    first, second = (
        ("Rome I", "Magna Graecia I") if scenario == "tarentine" else ("Macedon 1", "Persia 1")
    )
    meeting = MeetingState(
        meeting=Meeting(number=1, province="Tarentum", at_sea=False, forces=[first, second])
    )
    update: dict[str, object] = {"meetings": [meeting]}
    if scenario == "macedon":
        update["initiative"] = "Macedon"
    for phase in phases:
        yield phase, state.model_copy(update={**update, "phase": phase})


@pytest.mark.parametrize("scenario", ["tarentine", "macedon"])
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_command_line_and_the_app_say_every_phase_alike(
    scenario: str, language: str, tmp_path: Path
) -> None:
    """T5.2, D6 (issue 21 item 4): ``campaign show`` and the Campaign screen say the phase's
    name, its rule and what is left in it with the same words, the ledger's descriptions, for
    every phase of the turn; in English as before, in Italian in Italian."""
    seen = 0
    for phase, state in _at_every_phase(scenario, tmp_path):
        with use_language(language):
            shown = _show_text(state)
            summary = state.summary().phase
            assert summary is not None
            app = phase_text(summary).lstrip("\n").splitlines()
            english = [f"Phase: {NAME[phase]} ({NUMBER[phase]})", *("  " + i for i in summary.left)]
        # The command line folds a line at 80 columns: the same words, in the same order.
        assert " ".join(" ".join(app).split()) in " ".join(shown.split()), phase
        assert len(app) >= 2, "the meeting is left to settle"
        if language == "en":
            assert app == english
        else:
            assert all(line != said for line, said in zip(app, english, strict=True)), app
            assert app[0].startswith("Fase: ")
            if phase is not Phase.winter:
                assert app[0].endswith(" fase {})".format(NUMBER[phase].rsplit(" ", 1)[1]))
            for word in ("phase", "settle", "meeting", "initiative", "moves"):
                assert word not in "\n".join(app), (word, app)
        seen += 1
    assert seen == (12 if scenario == "tarentine" else 7)
