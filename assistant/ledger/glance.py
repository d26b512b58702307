"""The campaign at a glance, kept by the ledger in the campaign file with every event.

The app's first frame is drawn before the ledger can be imported (pydantic, the models and a
replay cost a few tenths of a second), yet it should show the campaign, not "Loading…". So the
ledger keeps, in the file's ``meta`` table, the little the Campaign screen shows — the
scenario, the date, the status, each nation's (or army's) row and the latest events — as plain
JSON, language-neutral (names and recorded sentences in English, translated when shown). It is
written in the same transaction as every event (append, undo, create, import), stamped with the
last event's id and its link in the hash chain (and a digest of its contents), so it is
current whoever wrote last: the command line, another app, an undo. :func:`read_glance` reads
it with the standard library alone and returns None when the stamp does not match the file as
it is now (an older Castra wrote meanwhile), or when it is missing or damaged: the app then
opens the slow way.

It is a view, not a record: never exported, never imported (an import builds its own), and
rebuilt from the events whenever it is missing or stale (:meth:`CampaignStore.glance`).

Only the reading half is imported by the first frame: :func:`glance_of` imports what it needs
from the ledger when called. The file keeps the glance as JSON; the screens read it as a typed
:class:`~assistant.ledger.read_models.Glance` (its ``from_json``).
"""

from __future__ import annotations

import json
import sqlite3
import zlib
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from assistant.ledger.models import NationState
    from assistant.ledger.read_models import Glance, GlanceNation, RelationPair
    from assistant.ledger.state import CampaignState
    from converters.said import Said

__all__ = [
    "BUILT_FOR_REPLAY",
    "GLANCE_FORMAT",
    "GLANCE_KEY",
    "RECENT_EVENTS",
    "campaign_glance",
    "forget_glance",
    "glance_of",
    "read_glance",
    "read_only",
    "recent_entry",
    "stamped",
    "stored_glance",
]

GLANCE_KEY = "campaign_glance"
"""The ``meta`` key the glance is kept under."""
GLANCE_FORMAT = 5
"""Bumped whenever the glance's shape changes: an older glance is then rebuilt, not read
(2: the standings ``castra campaign show --json`` prints, issue 26, and the turn's phase the
first frame says, issue 22; 3: each latest event's description as data, issue 21; 4: the
phase and what is left in it as descriptions (issue 21 item 4), and no line worded in English
inside a description (issue 21 item 2); 5: the date as a description, ``date_said``, which
a development Castra kept under format 4 for a while: such a glance lacked it)."""
BUILT_FOR_REPLAY = 5
"""``assistant.ledger.state.REPLAY_VERSION`` as this module stands (a test keeps the two equal;
the reader may not import the ledger's models): a glance kept by a Castra that replayed
campaigns differently is rebuilt, not shown, after an upgrade."""
RECENT_EVENTS = 12
"""How many of the latest events the glance keeps (the Campaign screen lists them)."""

_KEYS = frozenset(
    {
        "title",
        "date",
        "date_said",
        "turn",
        "total_turns",
        "finished",
        "winners",
        "relations",
        "is_winter",
        "winter_resolved",
        "phase",
        "unsettled_meetings",
        "battles",
        "house_rules",
        "tribute",
        "uses_pm",
        "nations",
        "armies",
        "map_armies",
        "recent",
        "summary",
    }
)
"""What every glance holds besides its stamp."""


def recent_entry(
    event_id: int, turn: int | None, said: Said | None, who: str, *, undone: bool = False
) -> dict[str, Any]:
    """One of the latest events as the glance keeps it: its summary in English and its
    description's plain form, which the first frame renders in the reader's language
    (:func:`converters.wording.render_data`) before pydantic is imported."""
    return {
        "id": event_id,
        "turn": turn,
        "summary": said.english() if said is not None else "",
        "said": said.model_dump() if said is not None else None,
        "who": who,
        "undone": undone,
    }


def _relations(state: CampaignState) -> tuple[RelationPair, ...]:
    from assistant.ledger.relations import relations_summary

    start = [set(group) for group in state.scenario.alliances]
    return tuple(
        row
        for row in relations_summary(state)
        if row.relation == "at_war" or (row.relation == "allied" and {row.a, row.b} not in start)
    )


def glance_of(state: CampaignState, recent: Iterable[Mapping[str, Any]]) -> Glance:
    """What the Campaign screen shows of ``state``, untranslated, with the ``recent`` events
    (oldest first, as :func:`recent_entry` keeps them; the last :data:`RECENT_EVENTS`)."""
    from assistant.ledger.map_war import turn_end_collection
    from assistant.ledger.phases import phase_summary
    from assistant.ledger.read_models import (
        DbaArmyOnMap,
        Glance,
        GlanceArmy,
        RecentEvent,
    )

    collection = turn_end_collection(state)
    map_armies: dict[str, DbaArmyOnMap] = {}
    if state.dba_map is not None:
        from assistant.ledger.dba_map import summary

        map_armies = dict(summary(state).armies)
    return Glance(
        title=state.scenario.title,
        date=state.date,
        date_said=state.date_said.model_dump(),
        turn=state.turn,
        total_turns=state.scenario.calendar.total_turns,
        finished=state.finished,
        winners=tuple(state.winners),
        # T7.10: the pairs allied by treaty or at war (the start's alliance is the scenario's).
        relations=_relations(state),
        is_winter=state.is_winter,
        winter_resolved=state.turn in state.winters_resolved,
        # T5.2, D6: the phase and what is left in it, as ``castra campaign show`` says them.
        phase=phase_summary(state),
        unsettled_meetings=sum(not m.settled for m in state.meetings),
        battles=state.battles,
        house_rules={name: f"{value}" for name, value in state.rules.changed().items()},
        tribute=dict(collection[0]) if collection else {},
        # Nations' PM (Tarentine Wars) or armies' morale (Macedon vs Persia, D1), as
        # ``castra campaign show`` decides.
        uses_pm=state.scenario.economy is not None or not state.armies,
        nations=tuple(_nation_row(nation) for nation in state.nations.values()),
        armies=tuple(
            GlanceArmy(
                name=name,
                nation=army.nation,
                morale=army.morale,
                alive=army.alive,
                leader=army.leader,
            )
            for name, army in state.armies.items()
        ),
        map_armies=map_armies,
        recent=tuple(RecentEvent.from_json(entry) for entry in recent)[-RECENT_EVENTS:],
        summary=state.summary(),
    )


def _nation_row(nation: NationState) -> GlanceNation:
    from assistant.ledger.read_models import DecimatedGlance, GlanceNation, TrainingGlance

    return GlanceNation(
        name=nation.name,
        player=nation.player,
        away=nation.away,
        land_pm=nation.land_pm,
        naval_pm=nation.naval_pm,
        decimated=tuple(DecimatedGlance(batch.pm, batch.expires) for batch in nation.decimated),
        training=tuple(
            TrainingGlance(batch.land_pm, batch.naval_pm, batch.arrives)
            for batch in nation.training
        ),
        treasury=nation.treasury,
        prestige=nation.prestige,
        victory_points=nation.victory_points,
    )


def campaign_glance(state: CampaignState, recent: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    """The glance of ``state`` (:func:`glance_of`) as the campaign file keeps it (JSON)."""
    return glance_of(state, recent).to_json()


def file_stamp(connection: sqlite3.Connection) -> list[object] | None:
    """The stamp the file has now: its last event's id and hash-chain link (None if empty)."""
    last = connection.execute("SELECT max(id) FROM events").fetchone()[0]
    if last is None:
        return None
    link = connection.execute("SELECT chain FROM checksums WHERE id = ?", (last,)).fetchone()
    return None if link is None else [int(last), str(link[0])]


def _digest(glance: Mapping[str, Any], chain: str) -> str:
    """Ties a glance's contents to the event it shows the file after: a glance changed by
    hand (or half-written by a disk) reads as damaged, not as the campaign. A CRC is enough:
    whoever edits a file on purpose could recompute any unkeyed digest, and zlib is loaded
    with Textual while hashlib would cost the first frame a millisecond."""
    body = {key: glance[key] for key in sorted(_KEYS)}
    text = f"{chain}\n{json.dumps(body, sort_keys=True)}"
    return f"{zlib.crc32(text.encode()):08x}"


def stamped(glance: Mapping[str, Any], event_id: int, chain: str) -> dict[str, Any]:
    """``glance`` as kept in the file: with its format, the event it shows the file after,
    and its digest."""
    return {
        "format": GLANCE_FORMAT,
        "replay": BUILT_FOR_REPLAY,
        "last_event": [event_id, chain],
        "digest": _digest(glance, chain),
        **glance,
    }


def stored_glance(connection: sqlite3.Connection) -> dict[str, Any] | None:
    """The glance kept in the open file if it shows the file as it is now, else None."""
    row = connection.execute("SELECT value FROM meta WHERE key = ?", (GLANCE_KEY,)).fetchone()
    if row is None:
        return None
    try:
        glance = json.loads(row[0])
    except (TypeError, ValueError, RecursionError):  # RecursionError: "[[[[…" nested deep
        return None
    if (
        not isinstance(glance, dict)
        or glance.get("format") != GLANCE_FORMAT
        or glance.get("replay") != BUILT_FOR_REPLAY
        or not glance.keys() >= _KEYS
        or not isinstance(glance["recent"], list)
    ):
        return None
    now = file_stamp(connection)
    if now is None or glance.get("last_event") != now:
        return None
    if glance.get("digest") != _digest(glance, str(now[1])):
        return None
    return glance


Read = TypeVar("Read")


def read_only(path: Path, read: Callable[[sqlite3.Connection], Read], otherwise: Read) -> Read:
    """``read`` on a read-only connection to the campaign file ``path``; ``otherwise`` for a
    missing or unreadable file. Standard library only: the app's first frame reads the file
    with it, once, before the ledger is imported."""
    try:
        if not path.is_file():
            return otherwise
        connection = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=0.1)
        try:
            return read(connection)
        finally:
            connection.close()
    except (sqlite3.Error, OSError, ValueError):
        return otherwise


def read_glance(path: Path) -> dict[str, Any] | None:
    """The glance kept in the campaign file ``path``, if it shows the file as it is now; None
    for a missing, unreadable, damaged or stale one."""
    return read_only(path, stored_glance, None)


def forget_glance(connection: sqlite3.Connection) -> None:
    """Drop the kept glance, as in a file from before the ledger kept one (the next
    :meth:`CampaignStore.glance` rebuilds it). ``benchmarks/startup.py`` uses it for a cold
    start; commit the connection afterwards."""
    connection.execute("DELETE FROM meta WHERE key = ?", (GLANCE_KEY,))
