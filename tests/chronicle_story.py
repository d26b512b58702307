"""A short Tarentine Wars campaign told through the ledger's own API, for the chronicle's tests.

One campaign year and a bit: the Etruscans build a fleet (T6.1); Pyrrhus beats Rome at
Heraclea in a FOG game (T2.1, T4.1); a prestige award is recorded and undone (it must not be
told); Carthage storms Roma in a dice battle (T3.5) and loses; Rome rebuilds decimated PM
(T2.5) with tribute (T5.3); Pyrrhus takes Heraclea and the winter's control check (T5.7)
gives it back; the winter's event and upkeep (T5.6, T6.2); a note in the second year. The
ledger's clock is frozen by the caller, so every run writes the same file.
"""

from __future__ import annotations

from pathlib import Path

from assistant.ledger.events import (
    NoteAdded,
    PmRebuilt,
    PrestigeAdjusted,
    ProvinceTaken,
    RecruitmentOrdered,
    TreasuryAdjusted,
    TurnAdvanced,
)
from assistant.ledger.record import dice_battle_event, winter_event
from assistant.ledger.store import CampaignStore
from converters.dice import ScriptedDice
from tests.battle_places import ONE_AT_A_TIME, tarentine_starting
from tests.unit.test_ledger_campaign import city_assault_log
from tests.unit.test_ledger_campaign import heraclea as heraclea_battle

TRIBUTE = {"Rome": 20, "Pyrrhus": 5, "Carthage": 10}
"""PE collected at the end of every turn of the story (T5.3)."""


def _advance(store: CampaignStore, to_turn: int) -> None:
    while store.state().turn < to_turn:
        store.append(TurnAdvanced(tribute=TRIBUTE, who="Referee"))


def build_story(path: Path) -> CampaignStore:
    """The story's campaign file at ``path``, open (the caller closes it)."""
    # T7.4: the story's battles are fought where the armies stand: Rome's 4 PM and Pyrrhus' 2
    # at Heraclea, Carthage's 4 before Roma, where Rome keeps 3.
    scenario = tarentine_starting(
        ("Rome", "Heraclea", 4), ("Pyrrhus", "Heraclea", 2), ("Carthage", "Roma", 4)
    )
    store = CampaignStore.create(path, scenario, who="Referee", rules=ONE_AT_A_TIME)
    store.append(
        RecruitmentOrdered(
            nation="Etruscans", naval_pm=1, province="Pisae", who="Referee", note="a new fleet"
        )
    )
    store.append(NoteAdded(note="Pyrrhus lands at Tarentum | the Greeks rejoice", who="Referee"))
    _advance(store, 3)
    # Heraclea as the ledger's own tests record it (T2.1, T4.1), with who and why.
    heraclea = heraclea_battle(store).model_copy(
        update={"who": "Referee", "note": "the elephants broke the legions"}
    )
    store.append(heraclea)
    store.append(PrestigeAdjusted(nation="Rome", pp=3, note="typed by mistake", who="Referee"))
    store.undo("wrong nation", who="Referee")
    store.append(TreasuryAdjusted(nation="Pyrrhus", pe=10, note="Tarentine gold", who="Referee"))
    _advance(store, 5)
    faces = [3, 2, 4, 6, 1, 1, 5, 1, 3, 5, 1, 5, 2, 1, 1, 4, 4, 1, 2, 1, 5, 4, 1, 5, 1, 2, 6, 6]
    roma = dice_battle_event(
        store.state(), city_assault_log(faces), place="Roma", city_assault=True, who="Referee"
    )
    store.append(roma)
    store.append(PmRebuilt(nation="Rome", pm=2, who="Referee"))
    store.append(
        ProvinceTaken(province="Heraclea", nation="Pyrrhus", who="Referee", note="after the battle")
    )
    _advance(store, 13)
    store.append(
        winter_event(store.state(), ScriptedDice([8]), stationed={"Heraclea": 1}, who="Referee")
    )
    _advance(store, 14)
    store.append(NoteAdded(note="Spring: envoys from Rome to Pyrrhus", who="Referee"))
    return store
