"""Turn packets (issue 24 item 3): each player's turn told from its nation's side (T7.3, T7.4).

Every nation's packet holds its own orders as given and what became of them, its meetings,
its battles, its money and prestige — and, in the whole text of every packet, never another
nation's sealed order of that turn, before the orders are carried out or after.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from armylists.names import nation_name
from assistant.ledger.store import CampaignStore
from converters.force_names import shown_name
from converters.i18n import set_language
from tests.unit.test_ledger_cli import run, run_json

ORDERS = {
    "Rome": [("Rome I", "Corfinium"), ("Rome II", "Canova")],
    "Carthage": [("Carthage I", "Utica")],
    "Magna Graecia": [("Magna Graecia III", "Roma")],
}
"""The turn's sealed orders (armies marching); Rome I and Magna Graecia III cross on the road
Roma–Corfinium and meet (T7.4)."""

VOYAGES = {"Rome": [("Rome fleet I", "Neapolis", "Capua")]}
"""A sealed voyage and its route (T7.3): the packet says the route as the orders do."""


@pytest.fixture
def campaign(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    path = str(tmp_path / "heraclea.castra")
    assert run(capsys, "campaign", "new", "tarentine", "--file", path)[0] == 0
    for orders in ORDERS.values():
        for army, to in orders:
            assert run(capsys, "campaign", "move", army, "--to", to, "--file", path)[0] == 0
    for voyages in VOYAGES.values():
        for fleet, to, via in voyages:
            sail = ["campaign", "sail", fleet, "--to", to, "--via", via, "--file", path]
            assert run(capsys, *sail)[0] == 0
    return path


def _said(language: str, template: str, **values: str) -> str:
    """``template`` in ``language``, forces and nations named as that language names them."""
    set_language(language)
    from converters.i18n import _

    try:
        return _(template).format(**values)
    finally:
        set_language("en")


def _named(language: str, name: str) -> str:
    set_language(language)
    try:
        return shown_name(name)
    finally:
        set_language("en")


def _order_phrases(nation: str, army: str, to: str) -> list[str]:
    """Every way a report words an order of ``nation`` (its sealed order, or the order line),
    in both languages."""
    phrases = []
    for language in ("en", "it"):
        for said in {army, _named(language, army)}:
            set_language(language)
            shown = nation_name(nation)
            phrases += [
                _said(language, "sealed order of {nation}: {army} to march to {to}",
                      nation=shown, army=said, to=to),
                _said(language, "{army} marches to {to}", army=said, to=to),
                _said(language, "sealed order of {nation}: {fleet} to sail to {to}",
                      nation=shown, fleet=said, to=to),
                _said(language, "{fleet} sails to {to}", fleet=said, to=to),
            ]  # fmt: skip
    set_language("en")
    return phrases


def _text(path: Path) -> str:
    if path.suffix == ".pdf":
        return "\n".join(
            page.extract_text() for page in PdfReader(io.BytesIO(path.read_bytes())).pages
        )
    return path.read_text(encoding="utf-8").replace("&#39;", "'")


def _packets(
    capsys: pytest.CaptureFixture[str], campaign: str, folder: Path, fmt: str
) -> dict[str, str]:
    shown = run_json(capsys, "campaign", "players", "--file", campaign)  # the nations with a player
    data = run_json(
        capsys, "report", "--turn", "1", "--all-players", "--out", str(folder), "--format", fmt,
        "--file", campaign,
    )  # fmt: skip
    assert {p["nation"] for p in data["packets"]} == {row["nation"] for row in shown["players"]}
    return {p["nation"]: _text(Path(p["report"])) for p in data["packets"]}


@pytest.mark.parametrize("language", ["en", "it"])
@pytest.mark.parametrize("resolved", [False, True], ids=["orders-sealed", "orders-carried-out"])
@pytest.mark.parametrize("fmt", ["md", "html"])
def test_t7_3_each_packet_has_its_own_orders_and_never_another_nations(
    campaign: str,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    fmt: str,
    resolved: bool,
    language: str,
) -> None:
    """Each nation's packet, in its player's language, words its orders as the command line
    and the app do (``sealed_view.order_words``: "Roma I marcia verso Corfinium", a voyage with
    its route) and holds no other nation's order in either language (issue 25)."""
    players = run_json(capsys, "campaign", "players", "--file", campaign)["players"]
    for row in players:
        argv = ["campaign", "players", row["nation"], "--lang", language, "--file", campaign]
        assert run(capsys, *argv)[0] == 0
    if resolved:
        assert run(capsys, "campaign", "resolve", "--file", campaign)[0] == 0
    packets = _packets(capsys, campaign, tmp_path / "packets", fmt)
    with CampaignStore.open(campaign) as store:
        ended = {name: force.province for name, force in store.state().forces.items()}
    set_language(language)
    for nation, text in packets.items():
        set_language(language)
        title = _said(language, "{nation}'s turn {turn}", nation=nation_name(nation), turn="1")
        assert title in text, (nation, title)
        own = [
            (_said(language, "{army} marches to {to}", army=_named(language, army), to=to), army)
            for army, to in ORDERS.get(nation, [])
        ] + [
            (
                _said(language, "{fleet} sails to {to}", fleet=_named(language, fleet), to=to)
                + " "
                + _said(language, "via {via}", via=via),
                fleet,
            )
            for fleet, to, via in VOYAGES.get(nation, [])
        ]
        for said, force in own:
            if resolved:
                # what became of it: where the ledger says the force stands now
                outcome = "|".join(
                    re.escape(_said(language, words, end=ended[force]))
                    for words in ("ended at {end}", "stayed at {end}")
                )
                assert re.search(f"{re.escape(said)} — ({outcome})", text), (nation, said)
            else:
                assert f"{said} — {_said(language, 'not carried out yet')}" in text, said
            if language == "it":
                # Named as the reader does: "Roma I marcia", never the stored "Rome I marcia".
                stored = said.replace(_named("it", force), force, 1)
                assert stored == said or stored not in text, (nation, stored)
        for other in {*ORDERS, *VOYAGES} - {nation}:
            for force, to, *_route in [*ORDERS.get(other, []), *VOYAGES.get(other, [])]:
                for phrase in _order_phrases(other, force, to):
                    assert phrase not in text, (nation, phrase)


def test_t7_4_a_packet_tells_its_meetings_battles_money_and_prestige(
    campaign: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert run(capsys, "campaign", "resolve", "--file", campaign)[0] == 0
    assert run(capsys, "campaign", "answer", "1", "--seek", "Rome", "--file", campaign)[0] == 0
    packets = _packets(capsys, campaign, tmp_path / "packets", "md")
    rome, carthage = packets["Rome"], packets["Carthage"]
    meeting = rome.split("### Its meetings (T7.4)")[1].split("###")[0]
    assert "Rome I (Rome)" in meeting and "Magna Graecia III (Magna Graecia)" in meeting
    assert "Rome fleet I sails to Neapolis via Capua" in rome
    assert "battle sought by Rome" in meeting
    assert "none this turn" in carthage.split("### Its meetings (T7.4)")[1].split("###")[0]
    with CampaignStore.open(campaign) as store:
        state = store.state()
    for nation, text in packets.items():
        figures = state.nations[nation]
        assert f"treasury {figures.treasury} PE, prestige {figures.prestige} PP" in text, nation


def test_t7_3_a_packet_is_written_in_its_players_language(
    campaign: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert (
        run(capsys, "campaign", "players", "Carthage", "--lang", "it", "--file", campaign)[0] == 0
    )
    packets = _packets(capsys, campaign, tmp_path / "packets", "md")
    assert "Turno 1 di Cartagine" in packets["Carthage"]
    assert "Cartagine I marcia verso Utica" in packets["Carthage"]
    assert "Carthage I" not in packets["Carthage"]
    assert "Rome's turn 1" in packets["Rome"]
    out = tmp_path / "rome-it.md"
    code, _out, err = run(
        capsys, "--lang", "it", "report", "--turn", "1", "--for", "Rome", "--format", "md",
        "--out", str(out), "--file", campaign,
    )  # fmt: skip
    assert code == 0, err
    assert "Turno 1 di Roma" in out.read_text()


def test_t7_3_a_pdf_packet_holds_no_other_nations_orders(
    campaign: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "carthage.pdf"
    code, _out, err = run(
        capsys, "report", "--turn", "1", "--for", "Carthage", "--format", "pdf", "--out", str(out),
        "--file", campaign,
    )  # fmt: skip
    assert code == 0, err
    text = " ".join(_text(out).split())
    assert "Carthage I marches to Utica" in text
    for other in ("Rome", "Magna Graecia"):
        for army, to in ORDERS[other]:
            for phrase in _order_phrases(other, army, to):
                assert phrase not in text, phrase


BAD = [
    pytest.param(["--for", "Atlantis"], "--for", id="unknown-nation"),
    pytest.param(["--for", "Neutral", "--year", "1"], "--turn", id="a-year"),
    pytest.param(["--all-players"], "--out", id="all-without-a-folder"),
    pytest.param(["--for", "Rome", "--all-players"], "not allowed", id="both"),
    pytest.param(["--for", "Rome", "--turn", "99"], "--turn", id="a-turn-not-played"),
]


@pytest.mark.parametrize(("argv", "words"), BAD)
def test_a_bad_packet_request_is_one_line(
    campaign: str, capsys: pytest.CaptureFixture[str], argv: list[str], words: str
) -> None:
    code, _out, err = run(capsys, "report", *argv, "--file", campaign)
    assert code == 2 and err.count("\n") == 1 and words in err, err


def test_t7_3_a_players_copy_writes_only_its_own_packet(
    campaign: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    copy = str(tmp_path / "rome.castra")
    assert (
        run(capsys, "campaign", "export", "--for", "Rome", "--out", copy, "--file", campaign)[0]
        == 0
    )
    code, _out, err = run(capsys, "report", "--for", "Carthage", "--file", copy)
    assert code == 2 and "Rome's copy" in err
    out = tmp_path / "mine.md"
    code, _out, err = run(
        capsys, "report", "--for", "Rome", "--format", "md", "--out", str(out), "--file", copy
    )
    assert code == 0, err
    assert "Rome I marches to Corfinium" in out.read_text()
