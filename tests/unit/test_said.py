"""What was said is data (issue 21 item 2): a description is a key and typed values, rendered
in the reader's language when it is shown; in English it is the sentence Castra recorded.

Every key the ledger says over a recorded year of every event kind (tests/chronicle_year.py,
recorded by the fixture itself, so the keys are the same whichever tests ran before) has its
Italian in the catalogue with the same placeholders, and its Italian rendering has no word only
the English side of the catalogue uses; text a person typed comes out exactly as typed — the
referee's note "March" stays "March" (not "marzo"). What an older Castra stored in English
inside its events (dice purposes) is read once through the frozen templates of
:mod:`converters.upcast`. Every key of the source, said on any path, is checked too
(tests/unit/test_said_keys.py)."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from armylists.scenarios import load_scenario
from assistant.ledger.events import NoteAdded, TreasuryAdjusted
from assistant.ledger.store import CampaignStore
from converters import said as sd
from converters.dice import Roll
from converters.i18n import _catalogue, set_language
from converters.upcast import AS_WRITTEN, TEMPLATES, WORDS, made, upcast, upcast_clauses
from converters.wording import SHIPPED_NATIONS, render_data
from tests.chronicle_year import bellum_year, macedon_season, sealed_turn, tarentine_year
from tests.english_words import english_only_words, words
from tests.said_values import every_value

CAMPAIGNS: dict[str, Callable[[Path], CampaignStore]] = {
    "tarentine": tarentine_year,
    "sealed": sealed_turn,
    "macedon": macedon_season,
    "bellum": bellum_year,
}
"""Recorded campaigns that together use every event kind (a test of the chronicle says so)."""


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    set_language("en")


@pytest.fixture(scope="module")
def told(tmp_path_factory: pytest.TempPathFactory) -> list[sd.Said]:
    """What the ledger said of every event of the recorded campaigns."""
    said: list[sd.Said] = []
    for name, build in CAMPAIGNS.items():
        store = build(tmp_path_factory.mktemp(name) / f"{name}.castra")
        try:
            said += [entry.said for entry in store.history() if entry.said is not None]
        finally:
            store.close()
    return said


def _has_words(key: str) -> bool:
    return any(character.isalpha() for character in sd.PLACEHOLDER.sub("", key))


def test_every_key_has_its_italian_with_the_same_placeholders(told: list[sd.Said]) -> None:
    catalogue = _catalogue("it")
    assert catalogue is not None
    keys = {v.key for said in told for v in every_value(said) if isinstance(v, sd.Said)}
    assert len(keys) > 80, "the year says something of every event kind"
    lines = {"winter event {face}: {what}", "VP {scores}", "{force} −{pm} PM at {province}"}
    assert lines | {"{force} +{pm} PM at {province} (T6.1)"} <= keys, (
        "the winter's and the map's own lines are descriptions too (issue 21 item 2)"
    )
    keys |= set(TEMPLATES) | WORDS
    missing = []
    for key in sorted(keys):
        if not _has_words(key) or key in SHIPPED_NATIONS:
            continue  # "{nation} {pp}": no words of its own to translate
        italian = catalogue.gettext(key)
        if italian == key and words(sd.PLACEHOLDER.sub(" ", key)) & english_only_words():
            missing.append(key)
        assert sd.placeholders(italian) == sd.placeholders(key), key
    assert not missing, f"keys with no Italian: {missing}"


def test_every_description_reads_in_italian_with_no_english_word(told: list[sd.Said]) -> None:
    """Each description rendered whole in Italian: no word only English uses other than
    names, except in what a person typed."""
    english = english_only_words()
    for said in told:
        if any(isinstance(v, sd.Typed) for v in every_value(said)):
            continue
        italian = sd.render(said, "it")
        names = {  # names are not English words: "Hellenic levy" is an army's name
            word
            for v in every_value(said)
            if isinstance(v, sd.Force | sd.Province | sd.Nation)
            for word in words(render_data(v.model_dump(), "it"))
        }
        left = words(italian) & english - names
        assert not left, f"{italian!r} keeps English {left}"


def test_english_rendering_is_the_recorded_sentence(told: list[sd.Said]) -> None:
    """The history's English summary is the description rendered in English, in either
    active language (what ``--json`` and the older tests read)."""
    set_language("it")
    for said in told[:50]:
        assert sd.render(said, "en") == said.english()
        assert "PE" not in said.english() or "tesoro" not in said.english()


def test_a_referees_note_march_stays_march(tmp_path: Path) -> None:
    """Typed text is never translated: the note "March" is "nota: March" in Italian."""
    store = tarentine_year(tmp_path / "year.castra")
    try:
        store.append(NoteAdded(note="March"))
        entry = store.history()[-1]
    finally:
        store.close()
    assert entry.said is not None
    assert sd.render(entry.said, "en") == "note: March"
    assert sd.render(entry.said, "it") == "nota: March"


def test_a_description_reads_in_the_readers_language_when_shown(tmp_path: Path) -> None:
    store = tarentine_year(tmp_path / "year.castra")
    try:
        store.append(TreasuryAdjusted(nation="Carthage", pe=-2, note="bribe"))
        entry = store.history()[-1]
    finally:
        store.close()
    assert entry.said is not None
    assert entry.summary == sd.render(entry.said, "en")
    assert entry.summary.startswith("Carthage treasury -2 PE → ")
    assert sd.render(entry.said, "it").startswith("Cartagine tesoro -2 PE → ")


def test_the_plain_form_round_trips_and_renders_alike(told: list[sd.Said]) -> None:
    """``--json`` and the glance carry the plain form; read back, it is the same description,
    and the one renderer says it alike from either."""
    for said in told:
        plain = json.loads(said.model_dump_json())
        assert sd.Said.model_validate(plain) == said
        assert render_data(plain, "it") == sd.render(said, "it")


_text = st.text(max_size=40)


@given(note=_text, nation=_text)
def test_typed_text_and_a_clubs_nation_come_out_exactly_as_typed(note: str, nation: str) -> None:
    """Hostile or odd text ("{x}", "March", "Rome I") is shown as typed, in every language;
    a nation that is no shipped one is the club's own word."""
    said = sd.said("note: {note}", note=sd.typed(note))
    assert sd.render(said, "it") == "nota: " + note
    club = sd.said("{nation}", nation=sd.nation(nation))
    expected = nation if nation not in SHIPPED_NATIONS else sd.render(club, "it")
    assert sd.render(club, "it") == expected
    assert sd.render(club, "en") == nation


def test_the_shipped_nations_are_the_scenarios_nations() -> None:
    from armylists.names import NATION_NAMES

    assert frozenset(NATION_NAMES) == SHIPPED_NATIONS


OLD_FILE = Path(__file__).parent / "data" / "tarentine-schema2.castra"
"""A Tarentine campaign written by an older Castra (before checksums, schema 2)."""


def test_a_file_written_by_an_older_castra_reads_in_italian(tmp_path: Path) -> None:
    """Its events were recorded before descriptions: replayed, each is described afresh, and
    the whole history reads in Italian; the note and the undo's reason stay as typed."""
    path = tmp_path / "old.castra"
    shutil.copyfile(OLD_FILE, path)
    store = CampaignStore.open(path)
    try:
        entries = store.history()
    finally:
        store.close()
    shown = [sd.render(entry.said, "it") for entry in entries if entry.said is not None]
    assert len(shown) == len(entries)
    assert shown[1:] == [
        "Roma tesoro +5 PE → 21 PE",
        "turno 1 concluso; ora Turno 2, aprile 278 a.C. (2ª quindicina); tributo Roma 3 PE",
        "nota: omens",
        "stornato #4: typo",
        "Cartagine prestigio +2 PP → 2 PP",
    ]
    assert shown[0].startswith("campagna creata: Le Guerre Tarantine")
    assert [entry.summary for entry in entries] == [
        sd.render(entry.said, "en") for entry in entries if entry.said is not None
    ]


SESSION_9_FILE = Path(__file__).parent / "data" / "tarentine-session9.castra"
"""The Tarentine year of tests/chronicle_year.py as the Castra of session 9 recorded it
(before the ledger said its winter and map lines as data): its events keep dice purposes
and reasons as English strings, and its snapshot and glance are that Castra's."""


def test_a_file_recorded_before_descriptions_of_the_winter_reads_in_italian(
    tmp_path: Path,
) -> None:
    """Its winter, map moves and deployments read in Italian with no English word beyond
    names; its English history is the sentences that Castra showed; and replayed by today's
    ledger its figures are those that Castra saved (the snapshot)."""
    from assistant.ledger.state import replay

    path = tmp_path / "session9.castra"
    shutil.copyfile(SESSION_9_FILE, path)
    store = CampaignStore.open(path)
    try:
        saved = store.state()
        entries = store.history()
        events = [(stored.id, stored.event) for stored in store.events()]
    finally:
        store.close()
    assert replay(events).model_dump() == saved.model_dump(), "its figures are unchanged"
    winter = next(entry for entry in entries if entry.kind == "winter_resolved")
    assert winter.summary.startswith("Rome upkeep 96 PE; Carthage upkeep 96 PE;")
    assert winter.said is not None
    italian = sd.render(winter.said, "it")
    assert italian.startswith("Roma mantenimento 96 PE; Cartagine mantenimento 96 PE;")
    assert "evento invernale 4:" in italian and "PV Roma 30, Cartagine 33" in italian
    english = english_only_words()
    for entry in entries:
        assert entry.said is not None
        if any(isinstance(v, sd.Typed) for v in every_value(entry.said)):
            continue  # a note, an undo's reason: as typed
        names = {
            word
            for v in every_value(entry.said)
            if isinstance(v, sd.Force | sd.Province | sd.Nation)
            for word in words(render_data(v.model_dump(), "it"))
        }
        shown = sd.render(entry.said, "it")
        assert not words(shown) & english - names, shown


def test_the_dice_purposes_an_older_castra_stored_are_upcast_to_what_said_them(
    tmp_path: Path,
) -> None:
    """Each die's purpose in the session-9 file is read as the template that made it (no
    purpose is left as typed), English as stored, Italian from the catalogue."""
    path = tmp_path / "session9.castra"
    shutil.copyfile(SESSION_9_FILE, path)
    store = CampaignStore.open(path)
    try:
        rolls = [roll for stored in store.events() for roll in stored.event.rolls]
    finally:
        store.close()
    assert {roll.purpose for roll in rolls} >= {
        "T3.6 interception",
        "T5.6 winter event, Turn 13, winter 278/277 BC",
    }
    english = english_only_words()
    for roll in rolls:
        assert made(roll.purpose), roll.purpose
        assert sd.render(roll.said, "en") == roll.purpose
        assert not words(sd.render(roll.said, "it")) & english, roll.purpose
    winter = upcast("T5.6 winter event, Turn 13, winter 278/277 BC")
    assert sd.render(winter, "it") == "T5.6 evento invernale, Turno 13, inverno 278/277 a.C."


@pytest.mark.parametrize(
    ("stored", "italian"),
    [
        (
            "T3.0 pursuit of a side refusing battle",
            "T3.0 inseguimento di una parte che rifiuta la battaglia",
        ),
        ("T3.1 round 2, Rome", "T3.1 round 2, Roma"),
        (
            "T3.3 pursuit, Carthage, hits on 4+ (T3.1, T3.2)",
            "T3.3 inseguimento, Cartagine, colpisce con 4+ (T3.1, T3.2)",
        ),
        ("T2.6 recovery: routed base 2 of 3", "T2.6 recupero: basetta in rotta 2 di 3"),
        (
            "G4.2 corps 2: PP for Left wing (at most 3)",
            "G4.2 corpo 2: PP per Left wing (al massimo 3)",
        ),
    ],
)
def test_an_old_purpose_is_read_by_its_template(stored: str, italian: str) -> None:
    said = upcast(stored)
    assert made(stored)
    assert sd.render(said, "en") == stored
    assert sd.render(said, "it") == italian


@given(text=st.text(max_size=60))
def test_a_purpose_no_template_made_is_shown_as_written(text: str) -> None:
    """A club's own purpose ("Omens", "{x}") reads as written in every language."""
    said = upcast(text)
    assert sd.render(said, "en") == text
    if not made(text):
        assert said.key == AS_WRITTEN
        assert sd.render(said, "it") == text


@given(
    text=st.lists(
        st.sampled_from(
            ["Rome +4: T4.2 city-sacked", "D4 −1", "Black -02: x", "T4.1 clear major victory: ±05"]
        )
        | st.text(max_size=20),
        max_size=4,
    ).map("; ".join)
)
def test_an_old_reason_reads_in_english_exactly_as_stored(text: str) -> None:
    """A reason an older Castra stored (clauses joined by "; ", T4.1, T4.2, D2–D5), or any
    text in its place, reads in English byte for byte as stored: a figure written otherwise
    than Castra writes it ("-02", "05") stays as written."""
    assert sd.render(upcast_clauses(text), "en") == text


def test_a_new_die_keeps_its_purpose_as_data_beside_its_english(tmp_path: Path) -> None:
    """A die rolled today is stored with what it was rolled for as a description (``said``)
    and its English beside it (``purpose``, as ``--json`` shows it); read back, no template is
    matched: the description is the stored one, the winter's date in the reader's words."""
    import sqlite3

    path = tmp_path / "year.castra"
    tarentine_year(path).close()
    with sqlite3.connect(path) as connection:
        payloads = [json.loads(row[0]) for row in connection.execute("SELECT payload FROM events")]
    rolls = [roll for payload in payloads for roll in payload.get("rolls", [])]
    winter = next(roll for roll in rolls if roll["purpose"].startswith("T5.6 winter event"))
    assert winter["said"]["key"] == "T5.6 winter event, {date}"
    assert all(set(roll) == {"sides", "value", "purpose", "said"} for roll in rolls)
    stored = Roll.model_validate(winter)
    assert stored.said == sd.Said.model_validate(winter["said"])
    assert sd.render(stored.said, "en") == winter["purpose"]
    assert sd.render(stored.said, "it").startswith("T5.6 evento invernale, Turno 13, inverno")


def test_an_export_by_an_older_castra_imports_with_its_hash_chain_whole(tmp_path: Path) -> None:
    """The session-9 Castra's export of that file (its dice purposes English strings) imports:
    each old roll is written back as that Castra wrote it, so every link of the chain holds;
    and the imported campaign exports the same document again."""
    exported = json.loads((SESSION_9_FILE.parent / "tarentine-session9-export.json").read_text())
    with CampaignStore.import_document(exported, tmp_path / "imported.castra") as store:
        again = json.loads(json.dumps(store.export_document()))
        rolls = [roll for stored in store.events() for roll in stored.event.rolls]
    assert again["events"] == exported["events"]
    assert rolls and all(roll.said.key != AS_WRITTEN for roll in rolls)


# ---- Prestige and morale reasons (T4.1, T4.2, D2–D6) ------------------------------------------


def _italian_has_no_english(said: sd.Said) -> None:
    """``said`` in Italian: no word only English uses, other than the names it holds."""
    names = {
        word
        for v in every_value(said)
        if isinstance(v, sd.Force | sd.Province | sd.Nation)
        for word in words(render_data(v.model_dump(), "it"))
    }
    shown = sd.render(said, "it")
    assert not words(shown) & english_only_words() - names, shown


def _keys(said: sd.Said) -> set[str]:
    return {v.key for v in every_value(said) if isinstance(v, sd.Said)}


def _reason_templates(*prefixes: str) -> set[str]:
    """The templates of the rules' reasons an older Castra stored, by their rule ids."""
    return {template for template in TEMPLATES if template.startswith(prefixes)}


def test_every_prestige_reason_the_rules_give_reads_in_italian() -> None:
    """T4.1 for every kind × size, the T3.5 city clause (either side behind the walls, half a
    PM too), and every T4.2 clause a sack says: each in Italian with no English word, and in
    English the sentence Castra has always recorded."""
    from fractions import Fraction

    from converters.prestige import battle_prestige, battle_said, sacking_penalty
    from converters.sacking import sack

    said: list[sd.Said] = []
    table = {
        ("narrow", "minor"): (2, 2, 0, 1),
        ("narrow", "major"): (4, 4, 1, 2),
        ("clear", "minor"): (2, 2, 0, 2),
        ("clear", "major"): (5, 5, 1, 4),
    }
    for (kind, size), figures in table.items():
        outcome = battle_prestige(*figures)
        assert (outcome.kind, outcome.size) == (kind, size)
        said.append(battle_said(outcome))
        assert said[-1].english() == f"T4.1 {kind} {size} victory: ±{outcome.winner}"
    walls = battle_prestige(3, Fraction(1, 2), 0, Fraction(1, 2), city_assault=True)
    said.append(battle_said(walls, "loser"))
    assert said[-1].english() == (
        "T4.1 narrow minor victory: ±1 (T3.5 city: the defender counted as 1 PM, 1 lost)"
    )
    held = battle_prestige(2, 1, Fraction(1, 2), 1, city_assault=True, defender="winner")
    said.append(battle_said(held, "winner"))
    assert said[-1].english().endswith("(T3.5 city: the defender counted as 4 PM, 1 lost)")
    assert sd.render(said[-1], "it").endswith(
        "(T3.5 città: il difensore contato come 4 PM, 1 persi)"
    )
    # T4.2: every clause of converters.prestige, and each sack's rows.
    for sacker, gaul, at_war, greek, earlier in [
        ("Senones", True, True, False, 0),
        ("Senones", False, False, False, 0),
        ("Syracuse", False, True, True, 0),
        ("Carthage", False, False, False, 0),
        ("Rome", False, False, False, 0),
        ("Carthage", False, False, False, 1),
        ("Pyrrhus", True, True, False, 0),
    ]:
        said.append(
            sacking_penalty(
                sacker,
                in_gaul_or_liguria=gaul,
                at_war_with_owner=at_war,
                started_greek_or_syracusan=greek,
                earlier_sacks_at_peace=earlier,
            ).told
        )
    for sacker, city in [("Senones", True), ("Senones", False), ("Rome", True), ("Rome", False)]:
        result = sack(
            sacker=sacker,
            victim="Magna Graecia",
            value=3,
            city=city,
            region="Gallia Cisalpina",
            started_as="Magna Graecia",
            at_war_with_victim=False,
        )
        said.append(result.said)
        assert result.said.english() == "; ".join(result.reasons)
    assert set().union(*map(_keys, said)) >= _reason_templates("T4.1", "T4.2"), "every clause"
    for each in said:
        _italian_has_no_english(each)


def test_every_morale_reason_the_rules_give_reads_in_italian(tmp_path: Path) -> None:
    """D2–D4 as a DBA battle records them for both armies (a victory, a triumph the beaten
    army survives or not, a defeat at morale 0), D5's forced march and tactical retreat (and
    their refusals), D6's initiative: each in Italian with no English word."""
    from assistant.ledger.events import ForcedMarch, TacticalRetreat
    from assistant.ledger.record import dba_campaign_battle
    from converters.dice import ScriptedDice
    from converters.house_rules import HouseRules
    from converters.morale import forced_march, initiative, morale_check

    store = CampaignStore.create(
        tmp_path / "macedon.castra", load_scenario("macedon"), rules=HouseRules(orders="immediate")
    )
    with store:
        store.append(ForcedMarch(army="Macedon 2", loyalty=4))
        for _ in range(4):
            store.append(TacticalRetreat(army="Persia 5"))
        for a, b, winner, lost_a, lost_b, faces in [
            ("Macedon 5", "Persia 2", "a", 1, 2, []),
            ("Macedon 3", "Persia 3", "a", 0, 6, [2]),
            ("Macedon 4", "Persia 4", "b", 6, 0, [6]),
            ("Macedon 5", "Persia 2", "a", 1, 2, []),
            ("Macedon 5", "Persia 2", "a", 1, 2, []),
            ("Macedon 5", "Persia 2", "a", 1, 2, []),
        ]:
            battle = dba_campaign_battle(
                store.state(), place="Granicus", army_a=a, army_b=b, winner=winner,
                lost_a=lost_a, lost_b=lost_b, dice=ScriptedDice(faces),
            )  # fmt: skip
            store.append(battle)
            for change in battle.morale:
                assert change.said is not None and change.said.english() == change.reason
        journal = [e for army in store.state().armies.values() for e in army.journal]
    said = [entry.told for entry in journal]
    assert all(entry.said is not None for entry in journal), "a new journal keeps the data"
    said += [
        forced_march(morale, 3, ends_in_invasion=end).said
        for morale, end in [(2, False), (4, True)]
    ]
    said.append(forced_march(4, 2, bar="province_loyalty").said)
    said.append(morale_check(3, "crushing", ScriptedDice([5])).said)
    said += [initiative(victories).said for victories in ([], [("Persia", "triumph")])]
    assert set().union(*map(_keys, said)) >= _reason_templates("D2", "D3:", "D4", "D5", "D6")
    for each in said:
        _italian_has_no_english(each)
    assert sd.render(journal[0].told, "it") == "D5: marcia forzata, −2 al morale subito"


REASONS_FILES = {
    "tarentine": Path(__file__).parent / "data" / "tarentine-reasons-session10.castra",
    "macedon": Path(__file__).parent / "data" / "macedon-reasons-session10.castra",
}
"""Battles (T4.1 every kind × size, both T3.5 city clauses, a naval battle, a draw), sacks
(every T4.2 clause a sack records) and DBA battles, forced marches and tactical retreats
(D2–D5) as the Castra of session 10 recorded them before their reasons were data: English
strings, and that Castra's snapshot and army journals."""


def _stored(name: str, tmp_path: Path) -> tuple[list[tuple[str, Any]], Any]:
    """The events of ``name``'s file as stored (payload, event) and its state, opened from a
    copy."""
    import sqlite3

    from assistant.ledger.events import EVENT_ADAPTER

    path = tmp_path / REASONS_FILES[name].name
    shutil.copyfile(REASONS_FILES[name], path)
    with sqlite3.connect(path) as connection:
        payloads = [row[0] for row in connection.execute("SELECT payload FROM events ORDER BY id")]
    connection.close()
    store = CampaignStore.open(path)
    try:
        events = [stored.event for stored in store.events()]
        state = store.state()
    finally:
        store.close()
    assert [EVENT_ADAPTER.dump_json(event).decode() for event in events] == payloads, (
        "each old event is written back byte for byte (no empty description added)"
    )
    return list(zip(payloads, events, strict=True)), state


def test_an_older_castras_prestige_reasons_read_in_italian(tmp_path: Path) -> None:
    """Each battle's and sack's reason in the session-10 file is read through the templates
    that made it (no clause left as written): its English is the stored string, its Italian
    has no English word."""
    from assistant.ledger.events import BattleRecorded, ProvinceSacked

    stored, _state = _stored("tarentine", tmp_path)
    reasons = [
        event
        for _payload, event in stored
        if isinstance(event, BattleRecorded | ProvinceSacked) and event.prestige_reason
    ]
    assert len(reasons) == 11
    keys: set[str] = set()
    for event in reasons:
        assert event.prestige_said is None
        told = event.prestige_told
        assert sd.render(told, "en") == event.prestige_reason
        assert not any(isinstance(v, sd.Typed) for v in every_value(told)), event.prestige_reason
        _italian_has_no_english(told)
        keys |= _keys(told)
    recorded = _reason_templates("T4.1", "T4.2 ", "T4.2: the Senones sacked", "T4.2: sacked")
    assert keys >= recorded | {"{nation} {change}: {why}"}
    sack = next(e for e in reasons if isinstance(e, ProvinceSacked) and e.province == "Verona")
    assert sd.render(sack.prestige_told, "it") == (
        "Senoni +4: T4.2 provincia saccheggiata; "
        "Senoni -1: T4.2: i Senoni hanno saccheggiato un territorio in Gallia o in Liguria"
    )


def test_an_older_castras_morale_reasons_and_journal_read_in_italian(tmp_path: Path) -> None:
    """The D2–D4 reasons the session-10 file's DBA battles stored, and every line of its army
    journals (D5 ones too), read in Italian with the English unchanged."""
    from assistant.ledger.events import BattleRecorded

    stored, state = _stored("macedon", tmp_path)
    changes = [
        change
        for _payload, event in stored
        if isinstance(event, BattleRecorded)
        for change in event.morale
    ]
    journal = [entry for army in state.armies.values() for entry in army.journal]
    assert len(changes) == 12 and len(journal) == 17
    keys: set[str] = set()
    for reason, told in [(c.reason, c.told) for c in changes] + [
        (e.reason, e.told) for e in journal
    ]:
        assert sd.render(told, "en") == reason
        assert not any(isinstance(v, sd.Typed) for v in every_value(told)), reason
        _italian_has_no_english(told)
        keys |= _keys(told)
    assert keys >= _reason_templates(
        "D2", "D3: rolled", "D3: ordinary", "D4", "D5: tactical", "D5: forced"
    )
    beaten = next(c for c in changes if c.army == "Persia 3")
    assert sd.render(beaten.told, "it") == (
        "D2 sconfitta schiacciante a Granicus; "
        "D3: uscito 2, non sopra il morale 3: l'esercito resta unito; D4 −2"
    )


def test_a_sack_and_a_battle_carry_their_reason_as_data_beside_the_english(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--json`` of a sack carries the English reason and, beside it, the description
    (``{"kind", "key", "values"}``); the line the command prints in Italian says it in
    Italian, the English one as recorded."""
    from tests.unit.test_ledger_cli import run, run_json

    path = str(tmp_path / "sack.castra")
    run_json(capsys, "campaign", "new", "tarentine", "--rule", "orders=immediate", "--file", path)
    run_json(capsys, "campaign", "move", "Etruscans II", "--to", "Roma", "--file", path)
    event = run_json(capsys, "campaign", "sack", "Roma", "--nation", "Etruscans", "--file", path)[
        "event"
    ]
    english = (
        "Rome -3: T4.2 city-sacked; "
        "Etruscans -1: T4.2: sacked civilian land of a nation it is not at war with"
    )
    assert event["prestige_reason"] == english
    assert set(event["prestige_said"]) == {"kind", "key", "values"}
    assert sd.render(sd.Said.model_validate(event["prestige_said"]), "en") == english
    run_json(capsys, "campaign", "undo", "--reason", "again in Italian", "--file", path)
    code, out, err = run(
        capsys, "--lang", "it", "campaign", "sack", "Roma", "--nation", "Etruscans", "--file", path
    )
    assert code == 0, err
    assert (
        "prestigio: Roma -3: T4.2 città saccheggiata; Etruschi -1: T4.2: ha saccheggiato un "
        "territorio civile di una nazione con cui non è in guerra"
    ) in out


def test_show_json_carries_each_journal_reason_as_data_beside_the_english(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``castra campaign show --json`` of a campaign recorded before reasons were data: each
    line of each army journal keeps its English ``reason`` and, beside it, the description
    (D2–D5) that says it, in English the same sentence, in Italian with no English word."""
    from tests.unit.test_ledger_cli import run_json

    path = tmp_path / "macedon.castra"
    shutil.copyfile(REASONS_FILES["macedon"], path)
    armies = run_json(capsys, "campaign", "show", "--file", str(path))["armies"]
    lines = [line for army in armies.values() for line in army["journal"]]
    assert len(lines) == 17
    for line in lines:
        said = sd.Said.model_validate(line["said"])
        assert render_data(line["said"], "en") == line["reason"]
        _italian_has_no_english(said)
