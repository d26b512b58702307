"""The ledger's words in Italian (issue 14): its summaries are recorded in English and shown in
the interface's language; ``--json`` stays the same in every language."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from assistant.cli import main
from tests.chronicle_story import build_story


@pytest.fixture
def story(tmp_path: Path) -> Path:
    """The chronicle's story campaign: battles, a rebuild, an undo and a winter (T5.6, T5.7)."""
    store = build_story(tmp_path / "story.castra")
    store.close()
    return tmp_path / "story.castra"


def _castra(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_campaign_history_reads_in_italian(story: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = _castra(capsys, "--lang", "it", "campaign", "history", "--file", str(story))
    assert code == 0
    assert "battaglia di Heraclea (turno " in out
    assert "evento invernale 8: " in out
    assert "verifica del controllo di Heraclea: " in out
    assert "Roma ha ricostituito 2 PM decimati per " in out
    for english in ("battle of ", "winter event ", "control check ", " rebuilt "):
        assert english not in out


def test_campaign_history_json_is_the_same_in_both_languages(
    story: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The history's summaries in ``--json`` are the recorded English, whatever the language."""
    outputs = []
    for language in ("en", "it"):
        code, out, _err = _castra(
            capsys, "--lang", language, "campaign", "history", "--file", str(story), "--json"
        )
        assert code == 0
        outputs.append(json.loads(out))
    assert outputs[0] == outputs[1]
    summaries = [event["summary"] for event in outputs[0]["events"]]
    assert any(summary.startswith("battle of Heraclea") for summary in summaries)


def test_an_italian_report_tells_the_winter_in_italian(
    story: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 15's winter lines reuse the ledger's English summaries: an Italian report shows
    them in Italian (T5.6 the winter event, T5.7 the control check, T5.8 the VP)."""
    out = tmp_path / "inverno.md"
    argv = ["report", "--file", str(story), "--turn", "13", "--format", "md", "--out", str(out)]
    code, _out, _err = _castra(capsys, "--lang", "it", *argv)
    assert code == 0
    text = out.read_text(encoding="utf-8")
    assert "evento invernale 8: " in text
    assert "verifica del controllo di Heraclea: " in text and " la riprende (fedeltà ora 0" in text
    assert "PV Roma " in text  # the report names the nations as the seeds do (issue 14)
    for english in ("winter event", "control check", "takes it back", "VP Rome", "PV Rome"):
        assert english not in text


# -- refusals: one line naming the field, in each language (issue 11, issue 14) ---------------


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        (
            "en",
            "castra: error: import: events[1].event.battle_recorded.contingents[0].pm_lost: "
            "at least 0 (got -1)",
        ),
        (
            "it",
            "import: events[1].event.battle_recorded.contingents[0].pm_lost: almeno 0 "
            "(ricevuto -1)",
        ),
    ],
)
def test_a_malformed_import_is_one_line_naming_the_field(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], language: str, expected: str
) -> None:
    from tests.unit.test_ledger_damage import battle_export

    document = battle_export(tmp_path)
    capsys.readouterr()
    document["events"][1]["event"]["contingents"][0]["pm_lost"] = -1
    source = tmp_path / "edited.json"
    source.write_text(json.dumps(document))
    target = tmp_path / "imported.castra"
    code, _out, err = _castra(
        capsys, "--lang", language, "campaign", "import", str(source), "--file", str(target)
    )
    assert (code, err.count("\n")) == (2, 1), err
    assert expected in err
    assert not target.exists()


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", "castra: error: --dice-log: b.contingents[0].pm_lost: a number (got '2')"),
        ("it", "--dice-log: b.contingents[0].pm_lost: un numero (ricevuto '2')"),
    ],
)
def test_a_malformed_dice_log_is_one_line_naming_the_field(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], language: str, expected: str
) -> None:
    from converters.dice import ScriptedDice
    from tests.unit.test_ledger_dice_log import ROME_WINS, battle_log

    campaign = tmp_path / "c.castra"
    assert main(["campaign", "new", "tarentine", "--file", str(campaign)]) == 0
    log = battle_log(3, 2, ScriptedDice(ROME_WINS))
    log["b"]["contingents"][0]["pm_lost"] = "2"
    path = tmp_path / "battle.json"
    path.write_text(json.dumps(log))
    capsys.readouterr()
    code, _out, err = _castra(
        capsys, "--lang", language, "campaign", "record", "--file", str(campaign),
        "--place", "Heraclea", "--system", "dice", "--dice-log", str(path),
    )  # fmt: skip
    assert (code, err.count("\n")) == (2, 1), err
    assert expected in err


def test_a_ledger_refusal_names_its_field_and_reads_in_italian(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A refusal of the ledger's own (T6.1: recruits cost PE) is worded in the interface's
    language; the field it names (the ledger's ``land_pm``) is the command's ``--land``."""
    campaign = tmp_path / "c.castra"
    assert main(["campaign", "new", "tarentine", "--file", str(campaign)]) == 0
    capsys.readouterr()
    argv = ["campaign", "recruit", "--file", str(campaign), "--nation", "Rome", "--land", "99"]
    code, _out, err = _castra(capsys, "--lang", "it", *argv)
    assert (code, err.count("\n")) == (2, 1), err
    assert err.startswith("castra: ") and ": --land: " in err
    assert "PM terrestri 99, navali 0: costo " in err and " PE (T6.1)" in err


def test_an_army_journal_recorded_in_italian_stays_english_and_reads_in_italian(
    tmp_path: Path,
) -> None:
    """D5, D10: what a Macedon vs Persia move writes in the armies' journals is recorded text.
    Recorded while the interface speaks Italian it is still stored in English (the state's JSON
    is the same in every language), and shown in Italian."""
    from armylists.scenarios import load_scenario
    from assistant.ledger.events import DbaMoved
    from assistant.ledger.store import CampaignStore
    from converters.i18n import set_language
    from converters.said import render

    set_language("it")
    with CampaignStore.create(tmp_path / "m.castra", load_scenario("macedon")) as store:
        stored = store.append(
            DbaMoved(army="Macedon 4", move="invasion", to="Hellespontine Phrygia")
        )
        retreat = store.append(DbaMoved(army="Persia 2", move="retreat", to="Greater Phrygia"))
        line = store.state().armies["Persia 2"].journal[-1]
    assert stored.summary == "Macedon 4 invades Hellespontine Phrygia: battle (D10)"
    assert retreat.summary == line.reason == "Persia 2 tactical retreat to Greater Phrygia (D5)"
    # The province in the reader's language too (issue 25, D9): "Grande Frigia".
    assert render(line.told, "it") == "Persia 2: ritirata tattica verso Grande Frigia (D5)"
