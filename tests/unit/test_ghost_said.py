"""The ghost's reasons, notes and roles are descriptions, said in the reader's language (issue 21
item 2; docs/rules.md G1–G4).

Every decision the orders machine can take (each verdict of G3.1–G3.4, the G3.3 countdown), the
G4.4 clock choice, the G4.2/G4.3 allocation notes and the generals' roles: in Italian with no
word only English uses, in English the sentence Castra always printed (``castra ghost --json``
still prints it), and, stored by an older Castra as English, read back as the same description.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from assistant.cli import main
from assistant.ledger.solo import battle_record
from converters import said as sd
from converters.dice import ScriptedDice, SeededDice
from converters.upcast import upcast
from ghost.battle import GhostBattle, TurnLosses
from ghost.clock import choose_clock
from ghost.decisions import Decision
from ghost.generals import GeneralProfile, Personality, Quality
from ghost.orders import GhostGeneral
from ghost.priority import CorpsCommand, PpAllocation, PpOrder, allocate_pp
from tests.english_words import english_only_words, words
from tests.unit.test_ghost_cli import PP_SCRIPT

ORGANISED = GeneralProfile(personality=Personality.organised)
"""Modifier −1, gap threshold 12 %, leaves the field at 25 % of units lost (G1)."""


def _battle(order_change: Any = "sign_inversion", personality: Personality = Personality.organised):
    general = GeneralProfile(personality=personality)
    return GhostBattle(general, strength=100, units=10, order_change=order_change)


def _losses(gr: int = 0, gf: int = 0, lost: int = 0) -> TurnLosses:
    return TurnLosses(gr_loss=gr, gf_loss=gf, units_lost=lost)


def _last(battle: GhostBattle, index: int = -1) -> Decision:
    return battle.state.turns[-1].decisions[index]


def every_decision() -> dict[str, Decision]:
    """One decision of each kind, on a strength-100, 10-unit army (a gap of N loss points is
    N %), worked from G3.1–G3.4 by hand."""
    told: dict[str, Decision] = {}
    attack = _battle()
    told["G3.1 attack"] = attack.open(ScriptedDice([2]))  # 2 − 1 = 1 ≤ 3
    told["G3.1 manoeuvre"] = _battle().open(ScriptedDice([6]))  # 6 − 1 = 5 ≥ 4
    attack.start_turn(_losses(gr=15), ScriptedDice([]))  # +15 % ≥ +12 %
    told["G3.2 favourable"], told["G3.4 under"] = _last(attack, 0), _last(attack, 1)
    attack.end_turn(ScriptedDice([]))
    told["G3.3 not unfavourable"] = _last(attack)
    attack.start_turn(_losses(gr=15, gf=10), ScriptedDice([]))  # +5 %: within ±12 %
    told["G3.2 within"] = _last(attack, 0)
    attack.end_turn(ScriptedDice([]))
    attack.start_turn(_losses(gr=15, gf=30), ScriptedDice([2]))  # −15 %: 2 − 1 = 1 ≤ 3
    told["G3.2 manoeuvre"] = _last(attack, 0)
    attack.end_turn(ScriptedDice([]))
    told["G3.3 first turn"] = _last(attack)
    attack.start_turn(_losses(gr=15, gf=30), ScriptedDice([]))
    told["G3.2 sign not inverted"] = _last(attack, 0)
    attack.end_turn(ScriptedDice([2]))  # value 3: 2 − 1 = 1 < 3
    told["G3.3 stands"] = _last(attack)
    attack.start_turn(_losses(gr=17, gf=30), ScriptedDice([]))  # −13 % > −15 %: shrank
    attack.end_turn(ScriptedDice([]))
    told["G3.3 shrank"] = _last(attack)
    attack.start_turn(_losses(gr=17, gf=31), ScriptedDice([]))
    attack.end_turn(ScriptedDice([6]))  # value 3: 6 − 1 = 5 ≥ 3
    told["G3.3 retreat"] = _last(attack)
    attack.start_turn(_losses(gr=17, gf=31, lost=3), ScriptedDice([]))
    told["G3.2 over"] = _last(attack, 0)
    attack.end_turn(ScriptedDice([]))
    told["G3.3 over"] = _last(attack)
    retreat = _battle()
    retreat.open(ScriptedDice([2]))
    retreat.start_turn(_losses(gf=13), ScriptedDice([6]))  # −13 %: 6 − 1 = 5 ≥ 4
    told["G3.2 retreat"] = _last(retreat, 0)
    unstable = _battle(personality=Personality.unstable)  # +2: value 3 ≤ 1 + 2
    unstable.open(ScriptedDice([1]))
    unstable.start_turn(_losses(gf=10), ScriptedDice([1]))
    unstable.end_turn(ScriptedDice([]))
    unstable.start_turn(_losses(gf=10), ScriptedDice([]))
    unstable.end_turn(ScriptedDice([]))
    told["G3.3 automatic"] = _last(unstable)
    crossing = _battle("threshold_cross")
    crossing.open(ScriptedDice([2]))
    crossing.start_turn(_losses(gr=15), ScriptedDice([]))
    crossing.end_turn(ScriptedDice([]))
    crossing.start_turn(_losses(gr=16), ScriptedDice([]))
    told["G3.2 house rule"] = _last(crossing, 0)
    leaving = GhostGeneral(ORGANISED, 100, 10)
    leaving.open(ScriptedDice([2]))
    told["G3.4 reached"] = leaving.check_losses(3)  # 30 % ≥ 25 %
    told["G3.4 already left"] = leaving.check_losses(3)
    return told


ENGLISH = {
    "G3.1 attack": "Opening order: 1d6 2-1 = 1, 3 or less: attack.",
    "G3.1 manoeuvre": "Opening order: 1d6 6-1 = 5, 4 or more: manoeuvre/defence.",
    "G3.2 favourable": (
        "Gap +15% crossed the +12% threshold in the ghost's favour: attack (no roll)."
    ),
    "G3.4 under": "0 of 10 units lost (0%), under the 25% limit: the army stays.",
    "G3.3 not unfavourable": "No countdown: the gap is not at the -12% threshold.",
    "G3.2 within": "Gap +5% is within ±12%: the attack order stands.",
    "G3.2 manoeuvre": (
        "Gap -15% crossed the -12% threshold against the ghost: 1d6 2-1 = 1, "
        "3 or less: manoeuvre/defence."
    ),
    "G3.3 first turn": (
        "Gap -15%: first turn at an unfavourable gap, so the retreat countdown starts from 4."
    ),
    "G3.2 sign not inverted": (
        "Gap -15% is at the unfavourable threshold, but its sign has not been the other way "
        "round since the order was given: the manoeuvre order stands."
    ),
    "G3.3 stands": (
        "Gap -15% unfavourable and not shrinking; retreat value 3: 1d6 2-1 = 1, the order stands."
    ),
    "G3.3 shrank": "Gap -13%: the gap shrank, so the retreat countdown starts from 4.",
    "G3.3 retreat": (
        "Gap -14% unfavourable and not shrinking; retreat value 3: 1d6 6-1 = 5, general retreat."
    ),
    "G3.2 over": "The battle is over for the ghost (retreat); nothing changes.",
    "G3.3 over": "No countdown: the battle is over for the ghost (retreat).",
    "G3.2 retreat": (
        "Gap -13% crossed the -12% threshold against the ghost: 1d6 6-1 = 5, "
        "4 or more: general retreat."
    ),
    "G3.3 automatic": (
        "Gap -10% unfavourable and not shrinking; the retreat value is down to 3, which any "
        "roll reaches: automatic general retreat."
    ),
    "G3.2 house rule": (
        "Gap +16% is still on the favourable side, where the order was given: the attack order "
        "stands. (house rule order_change = threshold_cross)"
    ),
    "G3.4 reached": "3 of 10 units lost (30%) reached the 25% limit: the army leaves the field.",
    "G3.4 already left": "The army has already left the field.",
}
"""What Castra printed for each decision before its reasons were descriptions."""


def _typed_words(description: sd.Said) -> set[str]:
    """The words of what a person typed (a division's name) or a club set (a house rule's
    value) inside ``description``: never translated, so no English word to count."""
    found: set[str] = set()
    for value in description.values.values():
        if isinstance(value, sd.Typed):
            found |= words(value.text)
        elif isinstance(value, sd.Said):
            found |= _typed_words(value)
        elif isinstance(value, sd.Listing):
            for item in value.items:
                if isinstance(item, sd.Said):
                    found |= _typed_words(item)
    return found


def _english_left(description: sd.Said) -> set[str]:
    return words(sd.render(description, "it")) & english_only_words() - _typed_words(description)


def test_every_ghost_decision_reads_in_italian_with_no_english_word() -> None:
    told = every_decision()
    assert set(told) == set(ENGLISH), "one decision of each kind of G3.1–G3.4"
    for kind, decision in told.items():
        italian = sd.render(decision.said, "it")
        assert italian != decision.reason, kind
        assert not _english_left(decision.said), f"{kind}: {italian!r}"


def test_every_ghost_decision_in_english_is_the_sentence_castra_printed() -> None:
    told = every_decision()
    assert {kind: decision.reason for kind, decision in told.items()} == ENGLISH
    assert all(sd.render(d.said, "en") == d.reason for d in told.values())


def test_a_gap_reads_with_the_readers_decimal_separator() -> None:
    """G2.2: a gap of −14.3 % is "-14.3%" in English and "-14,3%" in Italian."""
    battle = GhostBattle(ORGANISED, strength=70, units=10)
    battle.open(ScriptedDice([2]))
    decision = battle.start_turn(_losses(gf=10), ScriptedDice([2]))  # −10/70 = −14.29 %
    assert decision.reason.startswith("Gap -14.3% crossed")
    assert sd.render(decision.said, "it").startswith("Il gap -14,3% ")


def test_a_turn_of_several_decisions_is_each_description_in_turn() -> None:
    """A turn's summary (G3.2 then G3.4) keeps each reason a description of its own."""
    battle = _battle()
    battle.open(ScriptedDice([2]))
    summary = battle.start_turn(_losses(gr=15), ScriptedDice([]))
    listing = summary.said.values["reasons"]
    assert isinstance(listing, sd.Listing)
    assert list(listing.items) == [d.said for d in battle.state.turns[-1].decisions]
    assert summary.reason == f"{ENGLISH['G3.2 favourable']} {ENGLISH['G3.4 under']}"
    assert not _english_left(summary.said)


def test_every_stored_english_reason_upcasts_to_the_description_that_made_it() -> None:
    """A decision saved by an older Castra (English ``reason`` alone) reads as the same
    description this Castra makes, and is written back byte for byte as it was stored."""
    for kind, decision in every_decision().items():
        assert upcast(decision.reason) == decision.said, kind
        stored = {k: v for k, v in decision.model_dump(mode="json").items() if k != "said"}
        read = Decision.model_validate(stored)
        assert read == decision, kind
        assert read.model_dump(mode="json") == stored, kind


SESSION_9_EXPORT = Path(__file__).parent / "data" / "tarentine-session9-export.json"


def test_a_ghost_battle_kept_by_session_9_reads_in_italian() -> None:
    """The ``ghost_battle_finished`` event of a campaign written by the previous Castra: its
    English reasons read in Italian, and its record is written back as it was."""
    events = json.loads(SESSION_9_EXPORT.read_text(encoding="utf-8"))["events"]
    (kept,) = [e["event"] for e in events if e["event"]["kind"] == "ghost_battle_finished"]
    state = battle_record(kept["battle"])
    assert state.opening is not None
    decisions = [state.opening, *(d for turn in state.turns for d in turn.decisions)]
    assert len(decisions) == 3
    for decision in decisions:
        assert not isinstance(decision.said.values.get("text"), sd.Typed), decision.reason
        assert not _english_left(decision.said), sd.render(decision.said, "it")
    assert sd.render(state.opening.said, "it") == "Ordine iniziale: 1d6 2-1 = 1, 3 o meno: attacco."
    assert state.model_dump(mode="json") == kept["battle"]


@pytest.mark.parametrize("personality", list(Personality))
@pytest.mark.parametrize("face", [1, 6])
def test_g4_4_every_clock_choice_reads_in_italian(personality: Personality, face: int) -> None:
    choice = choose_clock(personality, (2, 5), ScriptedDice([face]))
    taken = f"rolled {face}, takes the {choice.choice} die, {choice.subtract}."
    assert choice.reason.endswith(taken)
    assert not _english_left(choice.said), sd.render(choice.said, "it")


NOTES = {
    "{role} gives {amount} PP to {name}.",
    "{role} puts {own_reserve} PP in reserve.",
    "{role} puts {own_clock} PP on the clock.",
    "{role} loses {left} PP.",
    "army general puts {army_clock} PP on the clock.",
    "army general tops up {weakest} by 1 PP.",
    "army general skips {name}: out of his {radius}″ radius.",
    "army general does not activate {name} ({face}).",
    "army general activates {name} with {amount} PP.",
    "army general loses {left} PP.",
}
"""Every note of the G4.2–G4.3 allocation."""


def _allocations() -> list[PpAllocation]:
    """Seeded allocations on rosters that make every note: corps with few and many PP, a
    division beyond the army general's radius, divisions no corps general reaches."""
    orders = [
        PpOrder(
            side="north",
            army=ORGANISED,
            corps=[CorpsCommand(quality=Quality.good, divisions=["Wadsworth", "Doubleday"])],
        ),
        PpOrder(
            side="south",
            army=GeneralProfile(side="south", quality=Quality.excellent),
            corps=[
                CorpsCommand(quality=Quality.poor, divisions=["Wadsworth", "Doubleday"]),
                CorpsCommand(quality=Quality.excellent, divisions=["Robinson", "Barlow", "Ames"]),
            ],
            out_of_radius=["Barlow"],
        ),
        PpOrder(
            side="north",
            army=GeneralProfile(quality=Quality.mediocre),
            corps=[
                CorpsCommand(
                    quality=Quality.poor, divisions=["Wadsworth", "Doubleday", "Robinson", "Barlow"]
                )
            ],
            out_of_radius=["Doubleday"],
        ),
    ]
    return [allocate_pp(order, SeededDice(seed)) for order in orders for seed in range(40)]


def test_g4_every_allocation_note_and_role_reads_in_italian() -> None:
    allocations = _allocations()
    notes = [note for allocation in allocations for note in allocation.notes]
    assert {note.key for note in notes} == NOTES
    for note in notes:
        assert not _english_left(note), sd.render(note, "it")
    roles = {g.role: sd.render(g.said, "it") for a in allocations for g in a.generals}
    assert roles == {"army": "esercito", "corps 1": "corpo 1", "corps 2": "corpo 2"}


# --- castra ghost ------------------------------------------------------------------------------

REPLAY = {
    "general": {"quality": "good", "personality": "organised", "side": "north"},
    "strength": 100,
    "units": 10,
    "dice": [2, 2, 2, 6],
    "turns": [
        {"gr_loss": 15, "gf_loss": 0, "units_lost": 0},
        {"gr_loss": 15, "gf_loss": 10, "units_lost": 0},
        {"gr_loss": 15, "gf_loss": 30, "units_lost": 1},
        {"gr_loss": 15, "gf_loss": 30, "units_lost": 1},
        {"gr_loss": 15, "gf_loss": 31, "units_lost": 3},
    ],
}


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert (code, err) == (0, ""), err
    return out


def _commands(tmp_path: Path) -> list[list[str]]:
    replay, pp = tmp_path / "replay.json", tmp_path / "pp.json"
    replay.write_text(json.dumps(REPLAY), encoding="utf-8")
    pp.write_text(json.dumps(PP_SCRIPT), encoding="utf-8")
    return [
        ["ghost", "new", "--side", "south", "--seed", "3"],
        ["ghost", "replay", str(replay)],
        ["ghost", "pp", str(pp)],
        ["ghost", "clock", "--personality", "prudent", "--dice", "2,5", "--roll", "6"],
    ]


def test_castra_ghost_in_italian_has_no_english_word(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    english = english_only_words()
    for command in _commands(tmp_path):
        out = _run(capsys, "--lang", "it", *command)
        shown = out
        for division in ("Wadsworth", "Doubleday", "Robinson", "Barlow"):  # names, as typed
            shown = shown.replace(division, "")
        assert not words(shown) & english, f"{command[1]}: {out}"
        # the same in English is English: the Italian above is not the English passed through
        assert _run(capsys, *command) != out


def test_castra_ghost_json_is_the_same_in_both_languages_with_the_descriptions(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    for command in _commands(tmp_path):
        english = json.loads(_run(capsys, *command, "--json"))
        assert json.loads(_run(capsys, "--lang", "it", *command, "--json")) == english
    replay = json.loads(_run(capsys, *_commands(tmp_path)[1], "--json"))
    for turn in replay["turns"]:
        said = sd.Said.model_validate(turn["said"])
        assert sd.render(said, "en") == turn["reason"]
        assert [sd.Said.model_validate(r["said"]).english() for r in turn["rolls"]] == [
            r["for"] for r in turn["rolls"]
        ]
    pp = json.loads(_run(capsys, *_commands(tmp_path)[2], "--json"))
    assert [sd.Said.model_validate(g["said"]).english() for g in pp["generals"]] == [
        g["role"] for g in pp["generals"]
    ]


def test_a_division_named_as_typed_stays_as_typed_in_italian(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Division names are what the player typed: "March" and "retreat" are not the month or
    the order (G4.2, G4.3), in the notes and in the dice's purposes alike."""
    script = {**PP_SCRIPT, "out_of_radius": ["March"]}
    script["corps"] = [
        {"quality": "poor", "divisions": ["Wadsworth", "March", "Robinson", "retreat"]}
    ]
    path = tmp_path / "pp.json"
    path.write_text(json.dumps(script), encoding="utf-8")
    out = _run(capsys, "--lang", "it", "ghost", "pp", str(path))
    assert "  il generale d'armata salta March: fuori dal suo raggio di 2″.\n" in out
    assert "  il generale d'armata attiva retreat con 2 PP.\n" in out
    assert "attivare retreat? (4–6 sì)" in out
    assert "marzo" not in out and "ritirata" not in out
