"""One campaign, one SQLite file: an append-only event log that never loses a battle.

Every event is one transaction (``BEGIN IMMEDIATE``), checked against the state replayed inside
that same transaction, so two processes appending at once both see each other's events and a
killed writer leaves either the whole event or nothing. The file is in WAL mode with a schema
version in a ``meta`` table; a file from a newer Castra, or a damaged one, is refused with one
line and never written to. A snapshot of the replayed state, keyed by the last event id, makes
opening a long campaign cheap; the event log stays the truth and the snapshot is rebuilt from it
whenever it does not match.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import shutil
import sqlite3
import tempfile
from collections.abc import Callable, Iterator, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict, ValidationError

from armylists.scenarios import Scenario
from assistant.ledger.events import EVENT_ADAPTER, CampaignCreated, Event, Undone
from assistant.ledger.glance import (
    GLANCE_KEY,
    RECENT_EVENTS,
    campaign_glance,
    file_stamp,
    glance_of,
    recent_entry,
    stamped,
    stored_glance,
)
from assistant.ledger.paths import has_sqlite_header
from assistant.ledger.quick_read import link as _link
from assistant.ledger.quick_read import snapshot_digest as _snapshot_digest
from assistant.ledger.read_models import Glance
from assistant.ledger.state import (
    REPLAY_VERSION,
    CampaignState,
    LedgerError,
    LedgerFieldError,
    replay,
    replay_as_recorded,
    undo_summary,
)
from converters.errors import FieldError, field_error, plain_name
from converters.house_rules import HouseRules
from converters.i18n import N_, _
from converters.said import Said
from converters.system_errors import sqlite_reason

if TYPE_CHECKING:
    from assistant.ledger.players import Unread

__all__ = [
    "APPLICATION",
    "EXPORT_FORMAT",
    "SCHEMA_VERSION",
    "CampaignFileError",
    "CampaignStore",
    "Damage",
    "DamagedFileError",
    "HistoryEntry",
    "StoredEvent",
    "is_campaign_file",
    "write_new_file",
]

APPLICATION = "castra-campaign"
"""What the ``meta`` table says a Castra campaign file is."""
SCHEMA_VERSION = 3
"""The file layout this Castra writes; older files are migrated, newer ones refused.

1: the first layout. 2: Bellum games (a scenario with ``bellum``, ``centres_recorded``
events), which a Castra reading only version 1 could not replay, so it must refuse them.
3: checksums (a hash chain over the events, and the snapshot's digest), which a Castra that
does not keep them up to date would break, so it must refuse them."""
GHOST_BATTLE_KEY = "ghost_battle"
EXPORT_FORMAT = "castra-campaign-export"
"""The ``format`` field of an exported JSON document."""
BUSY_TIMEOUT_MS = 15_000
"""How long a writer waits for another process's transaction to finish."""

_SIDE_SUFFIXES = ("-wal", "-shm")
"""SQLite's side files of a campaign in WAL mode: they belong with it wherever it goes."""

_CHECKSUMS = """
CREATE TABLE checksums (id INTEGER PRIMARY KEY, chain TEXT NOT NULL);
"""
"""Event ``id``'s link in the hash chain: sha256 of the link before it, the id and the stored
payload (see :func:`_link`). Written with the event, in the same transaction."""

_SCHEMA = (
    """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE events (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,
    turn INTEGER,
    who TEXT NOT NULL,
    recorded_at TEXT NOT NULL,
    payload TEXT NOT NULL
);
CREATE TRIGGER events_are_never_changed BEFORE UPDATE ON events
BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
CREATE TRIGGER events_are_never_deleted BEFORE DELETE ON events
BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
CREATE TABLE snapshot (
    slot INTEGER PRIMARY KEY CHECK (slot = 1),
    last_event_id INTEGER NOT NULL,
    replay_version INTEGER NOT NULL,
    state TEXT NOT NULL,
    digest TEXT
);
"""
    + _CHECKSUMS
)


def _v1_to_v2(connection: sqlite3.Connection) -> None:
    """Version 2 only adds what version 1 cannot read (Bellum); every version 1 row is
    already a valid version 2 row, so nothing is rewritten (the ledger is append-only)."""


def _v2_to_v3(connection: sqlite3.Connection) -> None:
    """Version 3 adds the checksums. The events are read and replayed first (a damaged one
    stops the migration, which writes nothing); the snapshot is then rebuilt from them, so a
    saved state changed by hand before the upgrade is not carried over."""
    rows = list(connection.execute("SELECT id, payload FROM events ORDER BY id"))
    events = [
        (event_id, _parse(event_id, payload, Path("the campaign file")))
        for event_id, payload in rows
    ]
    state = _replay_checked(events)
    connection.execute(_CHECKSUMS.replace("CREATE TABLE", "CREATE TABLE IF NOT EXISTS"))
    connection.execute("DELETE FROM checksums")
    columns = {row[1] for row in connection.execute("PRAGMA table_info(snapshot)")}
    if "digest" not in columns:
        connection.execute("ALTER TABLE snapshot ADD COLUMN digest TEXT")
    # The chain covers the payloads as stored: a model that gained a field since would
    # write them back differently, and the file would look changed by hand on its next open.
    chain = ""
    links = []
    for event_id, payload in rows:
        chain = _link(chain, event_id, payload)
        links.append((event_id, chain))
    connection.executemany("INSERT INTO checksums (id, chain) VALUES (?, ?)", links)
    _write_snapshot(connection, state, chain)


# Version n → n+1, run inside one transaction when an older file is opened.
MIGRATIONS: dict[int, Callable[[sqlite3.Connection], None]] = {1: _v1_to_v2, 2: _v2_to_v3}


class CampaignFileError(ValueError):
    """A campaign file that cannot be used (missing, damaged, newer, not a campaign).

    The file is left exactly as it was.
    """


def refused(field: str, message: str, **values: Any) -> CampaignFileError:
    """``file: …``: the field as the ledger names it (language-neutral), then ``message`` (an
    ``N_`` template) in the interface's language."""
    return CampaignFileError(f"{field}: " + _(message).format(**values))


class ImportRefusal(FieldError, CampaignFileError):
    """A value an imported document may not hold, with its place in the document
    (``events[1].event.pe``). No flag or label names a place in a file, so every interface
    shows it as the file has it: ``import: events[1].event.pe: at least 0``."""

    def text(self, name: Callable[[str], str] = plain_name) -> str:
        return f"import: {'/'.join(self.fields)}: {self.reason(name)}"


def busy_error(path: Path, error: sqlite3.OperationalError) -> CampaignFileError:
    """The one line for a write lock another process held past the busy timeout: who holds
    it (when the system says), that nothing was recorded, and to retry."""
    if "locked" not in str(error) and "busy" not in str(error):
        return refused(
            "file", N_("cannot open {path}: {error}"), path=path, error=sqlite_reason(error)
        )
    from assistant.ledger.locks import lock_holders

    holders = ", ".join(lock_holders(path)) or _("another program")
    return CampaignFileError(
        _(
            "file: {path} is being written by {holders} and stayed locked for {seconds} s; "
            "nothing was recorded: try again when it is done"
        ).format(path=path, holders=holders, seconds=BUSY_TIMEOUT_MS // 1000)
    )


class Damage(BaseModel):
    """What is wrong with a campaign file, found by its checksums (:meth:`CampaignStore.open`)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    first_event: int | None
    """The first event that cannot be trusted (it and every later one); None when the events
    are sound and only the saved state is not."""
    what: str
    """What is damaged, in words."""

    def message(self, path: Path) -> str:
        """One line: what is damaged, that nothing was written, and how to recover."""
        if self.first_event is None:
            recover = _(
                "rebuild it from the events with `castra campaign export --file {path} "
                "all.json` and `castra campaign import all.json --file NEW`"
            )
        elif self.first_event <= 1:
            recover = _("go back to a backup")
        else:
            recover = _(
                "`castra campaign export --file {path} good.json` keeps the events before "
                "#{first}, then `castra campaign import good.json --file NEW`; "
                "or go back to a backup"
            )
        return _("file: {path} is damaged: {what}; nothing written. To recover, {recover}").format(
            path=path, what=self.what, recover=recover.format(path=path, first=self.first_event)
        )


_SNAPSHOT_CHANGED = N_("its saved state was changed outside Castra (it does not match the events)")


class DamagedFileError(CampaignFileError, LedgerError):
    """Damage found by the checksums (:class:`Damage`): on opening, or when catching up with
    events another process wrote. A LedgerError too, so a write refused for it is reported
    like any refused event; nothing is written."""


class StoredEvent(BaseModel):
    """An event as the ledger holds it, with its id."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: int
    """Position in the ledger, from 1 (the creation)."""
    event: Event
    """The event, with ``turn`` and ``when`` filled in."""
    summary: str = ""
    """What it did, in English (filled in by :meth:`CampaignStore.append` and ``undo``)."""
    said: Said | None = None
    """What it did, as data: shown in the reader's language (:func:`converters.said.render`)."""


class HistoryEntry(BaseModel):
    """One line of ``castra campaign history``."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: int
    """Event id."""
    kind: str
    """Event kind."""
    turn: int | None
    """Turn it belongs to."""
    who: str
    """Who entered it."""
    when: datetime | None
    """When it was recorded (UTC)."""
    summary: str
    """What it did, in English (as recorded before descriptions; ``--json`` keeps it)."""
    said: Said | None = None
    """What it did, as data: shown in the reader's language (:func:`converters.said.render`)."""
    note: str = ""
    """The note typed with it."""
    undone_by: int | None = None
    """Id of the undo that cancelled it, if any."""
    undo_reason: str | None = None
    """Why it was undone."""


def _now() -> datetime:
    return datetime.now(UTC)


def _connect(path: Path, *, create: bool = False) -> sqlite3.Connection:
    mode = "rwc" if create else "rw"
    connection = sqlite3.connect(
        f"{path.resolve().as_uri()}?mode={mode}",
        uri=True,
        timeout=BUSY_TIMEOUT_MS / 1000,
        isolation_level=None,
        check_same_thread=False,
    )
    try:
        connection.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        connection.execute("PRAGMA synchronous = FULL")
    except BaseException:
        connection.close()
        raise
    return connection


FULL_DISK = N_(
    "the disk holding {path} is full: nothing was recorded; free some space and try again"
)
"""Every write refused for lack of space (issue 28)."""

FULL_DISK_FREE = 1024 * 1024
"""Bytes free below which a disk that refused a write is called full."""


def disk_is_full(path: Path) -> bool:
    """Whether the disk holding ``path`` has (almost) no room left."""
    try:
        return shutil.disk_usage(path.parent if path.suffix else path).free < FULL_DISK_FREE
    except OSError:
        return False


def _full_disk_stopped(file: Path, error: BaseException) -> bool:
    """Whether opening ``file`` failed only because its disk is full (SQLite reports a
    shared-memory file it could not make as a disk I/O error), with no WAL left to read."""
    # A refusal says SQLite's complaint in the reader's words: SQLite's own is its context.
    text = f"{error} {error.__context__ or ''}"
    if "disk I/O error" not in text and "full" not in text:
        return False
    wal = Path(f"{file}-wal")
    with contextlib.suppress(OSError):
        if wal.exists() and wal.stat().st_size > 0:
            return False
    return disk_is_full(file)


def _connect_frozen(path: Path) -> sqlite3.Connection:
    """A read-only connection that makes no file beside ``path`` (no -shm, no -wal, no temp
    file): for a disk with no room left."""
    connection = sqlite3.connect(
        f"{path.resolve().as_uri()}?mode=ro&immutable=1",
        uri=True,
        isolation_level=None,
        check_same_thread=False,
    )
    connection.execute("PRAGMA temp_store = MEMORY")
    return connection


def _payload(event: Event) -> str:
    return EVENT_ADAPTER.dump_json(event).decode()


def _parse(event_id: int, payload: str, path: Path) -> Event:
    try:
        return EVENT_ADAPTER.validate_json(payload, context={"stored": True})
    except ValidationError as error:
        raise refused(
            "file",
            N_(
                "{path} is damaged: event #{event_id} cannot be read ({why}); not opened, left "
                "unchanged"
            ),
            path=path,
            event_id=event_id,
            why=field_error(error).text(),
        ) from None


MOST_EVENT_ID = 2**63 - 1
"""The largest event id SQLite stores (an INTEGER is 64 bits)."""


class CampaignStore:
    """One campaign file. Open with :meth:`open`, start one with :meth:`create`.

    Every method that writes runs one transaction; a refused event (:class:`LedgerError`)
    writes nothing. States returned by :meth:`state` are never changed afterwards (each
    append builds a new one), but do not modify them yourself.
    """

    def __init__(self, path: Path, connection: sqlite3.Connection) -> None:
        self.path = path
        self._connection = connection
        self._state: CampaignState | None = None
        self._replayed_whole = False
        """Whether the last state read came from replaying every event (no saved state fit)."""
        self.set_aside: Path | None = None
        """Where the file this one replaced (``force``) was renamed to, if it did."""
        self.damage: Damage | None = None
        """What is damaged in the file (only ever set on a store opened with ``salvage``)."""
        self._salvaging = False
        self._version = SCHEMA_VERSION
        self.full_disk = False
        """The file was opened read-only because its disk is full: it reads, every write is
        refused saying so."""
        self.seat: str | None = None
        """The one nation this store records for (a player's copy, or a player's session in
        ``castra serve --players``): every other event, and every undo, is refused
        (:mod:`assistant.ledger.players`). None: the referee's, who records everything."""
        self._history: list[HistoryEntry] | None = None
        """The history as :meth:`history` last read it, extended by this store's own writes:
        the app's History screen asks again after every event, and a whole replay of a long
        campaign for one more line took seconds."""
        self._unread: Unread | None = None
        """What this store's seat may not read, as last worked out: the events since are the
        only ones read again for it (issue 26)."""
        self._recent_written: tuple[list[object], list[dict[str, Any]]] | None = None
        """The latest events this store last wrote into the file's glance, with the file's
        stamp then (its last event and link): the next event's glance adds to them without
        reading and checking the whole glance back (issue 21: a fifth of every record). Any
        other write to the file changes the stamp, and the glance is read as before."""

    # ---- opening and creating ----------------------------------------------------------

    @classmethod
    def open(cls, path: str | os.PathLike[str], *, salvage: bool = False) -> CampaignStore:
        """Open an existing campaign; refuse (CampaignFileError) a missing, foreign, damaged
        or newer file without writing to it.

        Damage is looked for on every open: each event against its checksum (a hash chain)
        and the saved state against the events (item 5 of issue 10); the cost is measured
        in ``benchmarks/ledger.py``. ``salvage`` opens a damaged file for
        :meth:`export_document` only: it exports the events before the first damaged one,
        and :attr:`damage` says what was left out; nothing else may be done with it.
        """
        file = Path(path)
        _check_header(file)
        side_files = (Path(f"{file}-wal"), Path(f"{file}-shm"))
        existed = {side for side in side_files if side.exists()}
        try:
            return cls._open_with(file, _connect, salvage, side_files, existed)
        except (sqlite3.OperationalError, CampaignFileError) as error:
            if not _full_disk_stopped(file, error):
                raise
        # The disk is full: SQLite cannot make the shared-memory file a WAL reader needs.
        # Nobody can write to this disk now, and the file has no WAL to merge, so it is read
        # as it stands, read-only (issue 28): show, report and export still work.
        _remove_side_files(side_files, existed)
        store = cls._open_with(file, _connect_frozen, salvage, (), set())
        store.full_disk = True
        return store

    @classmethod
    def _open_with(
        cls,
        file: Path,
        connect: Callable[[Path], sqlite3.Connection],
        salvage: bool,
        side_files: tuple[Path, Path] | tuple[()],
        existed: set[Path],
    ) -> CampaignStore:
        """:meth:`open` through ``connect``; on a refusal, the side files SQLite made for it
        (those not in ``existed``) are removed."""
        connection: sqlite3.Connection | None = None
        try:
            connection = connect(file)
            store = cls(file, connection)
            store._check_file(migrate=not salvage)
            store.damage = store.find_damage()
            if salvage:
                store._salvaging = True
                return store
            if store.damage is not None:
                raise DamagedFileError(store.damage.message(file))
            store._state = store._state_kept()
            store.seat = store.player_copy_of()
            return store
        except BaseException as error:
            if connection is not None:
                connection.close()
            if len(side_files) == 2:
                _remove_side_files(side_files, existed)
            if isinstance(error, sqlite3.OperationalError):
                raise busy_error(file, error) from None
            if isinstance(error, sqlite3.DatabaseError):
                raise refused(
                    "file",
                    N_("{path} is damaged ({why}); not opened, left unchanged"),
                    path=file,
                    why=sqlite_reason(error),
                ) from None
            raise

    @classmethod
    def create(
        cls,
        path: str | os.PathLike[str],
        scenario: Scenario,
        *,
        who: str = "",
        note: str = "",
        force: bool = False,
        rules: HouseRules | None = None,
        no_player: Sequence[str] = (),
    ) -> CampaignStore:
        """Start a new campaign file from ``scenario``, with its house ``rules`` (docs/rules.md H;
        the defaults if None) and the player nations nobody plays (``no_player``, T4.4).

        An existing file is refused unless ``force``; then it is not deleted but renamed
        aside (``NAME.replaced-YYYYmmddTHHMMSS``) so nothing is ever lost.
        """
        created = CampaignCreated(
            scenario=scenario,
            rules=rules or HouseRules(),
            no_player=list(no_player),
            turn=1,
            who=who,
            when=_now(),
            note=note,
        )
        return cls._build(Path(path), [(1, created)], force=force)

    @classmethod
    def import_document(
        cls,
        document: dict[str, Any],
        path: str | os.PathLike[str],
        *,
        force: bool = False,
        trust: bool = False,
    ) -> CampaignStore:
        """Make a campaign file from an exported JSON document (see :meth:`export_document`).

        The whole document is read and replayed before the file is made: a bad document
        leaves no file behind. Its events must carry the hash chain the export wrote, link
        after link, with ids 1, 2, 3 …: an edited note, a removed or reordered event is
        refused (issue 28). ``trust`` imports such a history on purpose (a hand-made one),
        and its creation event records that it was (``imported_on_trust``).
        """
        if not isinstance(document, dict) or document.get("format") != EXPORT_FORMAT:
            raise ImportRefusal(
                "format", _("not a Castra campaign export (format {format})"), format=EXPORT_FORMAT
            )
        version = document.get("schema_version")
        if isinstance(version, bool) or not isinstance(version, int) or version < 1:
            raise ImportRefusal(
                "schema_version", _("a whole number from 1 (got {version!r})"), version=version
            )
        if version > SCHEMA_VERSION:
            raise ImportRefusal(
                "schema_version",
                _("{version!r} is newer than this Castra reads ({newest})"),
                version=version,
                newest=SCHEMA_VERSION,
            )
        raw_events = document.get("events")
        if not isinstance(raw_events, list) or not raw_events:
            raise ImportRefusal("events", _("a list with at least the creation event"))
        events: list[tuple[int, Event]] = []
        for position, item in enumerate(raw_events, start=1):
            where = f"events[{position - 1}]"
            if not isinstance(item, dict) or not {"id", "event"} <= item.keys():
                raise ImportRefusal(where, _('an object with "id" and "event"'))
            if (
                isinstance(item["id"], bool)
                or not isinstance(item["id"], int)
                or not 1 <= item["id"] <= MOST_EVENT_ID
            ):
                place = f"{where}.id"
                raise ImportRefusal(
                    place,
                    _("a whole number from 1 to {most} (got {id!r})"),
                    most=MOST_EVENT_ID,
                    id=item["id"],
                )
            try:
                event = EVENT_ADAPTER.validate_python(item["event"])
            except ValidationError as error:
                refusal = field_error(error, positions=True)
                place = ".".join((f"{where}.event", *refusal.fields))
                raise ImportRefusal(place, N_("{reason}"), reason=refusal.reason()) from None
            coerced = _first_coercion(item["event"], EVENT_ADAPTER.dump_python(event, mode="json"))
            if coerced is not None:
                field, raw, wanted = coerced
                place = f"{where}.event.{field}"
                raise ImportRefusal(
                    place, _("{wanted}, as written (got {raw!r})"), wanted=wanted, raw=raw
                )
            event_id = item["id"]
            events.append((event_id, event))
        broken = _broken_chain(raw_events, events)
        if broken is not None and not trust:
            raise broken
        if broken is not None:
            first_id, created = events[0]
            if isinstance(created, CampaignCreated):
                events[0] = (first_id, created.model_copy(update={"imported_on_trust": _now()}))
        solo = document.get(GHOST_BATTLE_KEY)
        if solo is not None and not isinstance(solo, str):
            raise ImportRefusal(GHOST_BATTLE_KEY, _("the battle's JSON as a string"))
        store = cls._build(Path(path), events, force=force)
        if solo is not None:
            store.save_ghost_battle(solo)
        return store

    @classmethod
    def _build(
        cls,
        path: Path,
        events: list[tuple[int, Event]],
        *,
        force: bool,
        meta: dict[str, str] | None = None,
    ) -> CampaignStore:
        ids = [event_id for event_id, _event in events]
        if ids != sorted(set(ids)) or ids[0] != 1:
            raise refused("events", N_("ids must rise from 1 without repeats"))
        # Replay first: nothing is written for a campaign that does not add up, nor for one
        # whose undone events could not have been recorded when they were (its history).
        try:
            state, summaries = replay_as_recorded(events)
        except LedgerError as error:
            raise refused("file", N_("{reason}"), reason=error) from None
        if path.is_dir():
            raise CampaignFileError(
                _("file: {path} is a folder; give the campaign file's name").format(path=path)
            )
        if path.exists() and not force:
            raise refused(
                "file",
                N_(
                    "{path} already exists; choose another --file or pass --force (the old file "
                    "is kept, renamed aside)"
                ),
                path=path,
            )
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary_name = tempfile.mkstemp(
            prefix=f".{path.name}.", suffix=".new", dir=path.parent
        )
        os.close(handle)
        temporary = Path(temporary_name)
        try:
            connection = _connect(temporary, create=True)
            try:
                connection.execute("PRAGMA journal_mode = WAL")
                connection.executescript(_SCHEMA)
                connection.execute("BEGIN IMMEDIATE")
                connection.executemany(
                    "INSERT INTO meta (key, value) VALUES (?, ?)",
                    [
                        ("application", APPLICATION),
                        ("schema_version", str(SCHEMA_VERSION)),
                        ("created_at", _now().isoformat()),
                        *(meta or {}).items(),
                    ],
                )
                chain = _write_events(connection, "", events)
                _write_snapshot(connection, state, chain)
                _write_glance(connection, state, chain, _recent(events, summaries))
                connection.execute("COMMIT")
            finally:
                connection.close()
            set_aside = _set_aside(path) if path.exists() and force else None
            try:
                # A hard link fails if someone made the file meanwhile: never overwrite.
                os.link(temporary, path)
            except FileExistsError:
                raise refused("file", N_("{path} already exists"), path=path) from None
        finally:
            for leftover in (temporary, Path(f"{temporary}-wal"), Path(f"{temporary}-shm")):
                with contextlib.suppress(FileNotFoundError):
                    leftover.unlink()
        store = cls.open(path)
        store.set_aside = set_aside
        return store

    @classmethod
    def build_copy(
        cls,
        path: str | os.PathLike[str],
        events: list[tuple[int, Event]],
        meta: dict[str, str],
        *,
        force: bool = False,
    ) -> CampaignStore:
        """A new campaign file holding only ``events`` (replayed first, as :meth:`create`),
        with ``meta`` kept beside them: a player's copy (:mod:`assistant.ledger.mail`)."""
        return cls._build(Path(path), events, force=force, meta=meta)

    def _check_file(self, *, migrate: bool = True) -> None:
        connection = self._connection
        tables = {
            row[0]
            for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
        }
        if not {"meta", "events"} <= tables:
            raise refused(
                "file", N_("{path} is not a Castra campaign; left unchanged"), path=self.path
            )
        meta = dict(connection.execute("SELECT key, value FROM meta").fetchall())
        if meta.get("application") != APPLICATION:
            raise refused(
                "file", N_("{path} is not a Castra campaign; left unchanged"), path=self.path
            )
        try:
            version = int(meta.get("schema_version", ""))
        except ValueError:
            version = 0
        if version < 1 or (version < SCHEMA_VERSION and version not in MIGRATIONS):
            raise refused(
                "file",
                N_("{path} is damaged (schema version {version!r}); not opened, left unchanged"),
                path=self.path,
                version=meta.get("schema_version"),
            )
        if version > SCHEMA_VERSION:
            raise refused(
                "file",
                N_(
                    "{path} was written by a newer Castra (schema {version}; this one reads up to "
                    "{newest}); not opened, left unchanged"
                ),
                path=self.path,
                version=version,
                newest=SCHEMA_VERSION,
            )
        check = connection.execute("PRAGMA quick_check").fetchone()
        if not check or check[0] != "ok":
            raise refused(
                "file",
                N_("{path} is damaged ({why}); not opened, left unchanged"),
                path=self.path,
                # SQLite's own report is English: said as what it means.
                why=_("its integrity check failed") if check else _("unreadable"),
            )
        self._version = version
        if version < SCHEMA_VERSION and migrate:
            self._migrate()

    def _migrate(self) -> None:
        with self._transaction() as connection:
            # Read again inside the transaction: another process may have migrated meanwhile.
            row = connection.execute(
                "SELECT value FROM meta WHERE key = 'schema_version'"
            ).fetchone()
            version = int(row[0])
            for step in range(version, SCHEMA_VERSION):
                MIGRATIONS[step](connection)
            connection.execute(
                "UPDATE meta SET value = ? WHERE key = 'schema_version'", (str(SCHEMA_VERSION),)
            )
        self._version = SCHEMA_VERSION

    def find_damage(self) -> Damage | None:
        """The first event that does not match its checksum, or a saved state that does not
        match the events; None if the file is sound. Reads every event (once per open)."""
        if self._version < 3:
            return None  # opened to salvage before migration: no checksums yet
        damage = self._broken_link(self._connection, after=0)
        if damage is not None:
            return damage
        row = self._connection.execute(
            "SELECT last_event_id, state, digest FROM snapshot WHERE slot = 1"
        ).fetchone()
        if row is not None and row[2] != _snapshot_digest(
            self._chain_at(self._connection, row[0]), row[1]
        ):
            return Damage(first_event=None, what=_(_SNAPSHOT_CHANGED))
        return None

    def _broken_link(self, connection: sqlite3.Connection, after: int) -> Damage | None:
        """Check the hash chain of the events after ``after`` (whose own link is trusted)."""
        previous = self._chain_at(connection, after)
        rows = connection.execute(
            "SELECT e.id, e.payload, c.chain FROM events e LEFT JOIN checksums c ON c.id = e.id "
            "WHERE e.id > ? ORDER BY e.id",
            (after,),
        )
        for event_id, payload, stored in rows:
            previous = _link(previous, event_id, payload)
            if stored != previous:
                return Damage(
                    first_event=event_id,
                    what=_(
                        "event #{id} was changed outside Castra (it does not match its checksum)"
                    ).format(id=event_id),
                )
        missing = connection.execute(
            "SELECT min(id) FROM checksums WHERE id > ? AND id NOT IN (SELECT id FROM events)",
            (after,),
        ).fetchone()[0]
        if missing is not None:
            return Damage(first_event=missing, what=_("event #{id} was deleted").format(id=missing))
        return None

    def _chain_at(self, connection: sqlite3.Connection, event_id: int) -> str:
        if event_id == 0:
            return ""
        row = connection.execute("SELECT chain FROM checksums WHERE id = ?", (event_id,)).fetchone()
        if row is None:
            damage = Damage(
                first_event=event_id,
                what=_("event #{id} has no checksum").format(id=event_id),
            )
            raise DamagedFileError(damage.message(self.path))
        return str(row[0])

    def _check_links(self, connection: sqlite3.Connection, after: int) -> None:
        damage = self._broken_link(connection, after)
        if damage is not None:
            raise DamagedFileError(damage.message(self.path))

    def close(self) -> None:
        """Close the file (the store cannot be used afterwards)."""
        self._connection.close()

    def __enter__(self) -> CampaignStore:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    # ---- reading -----------------------------------------------------------------------

    def state(self) -> CampaignState:
        """The campaign as it stands now, including events other processes appended."""
        if self._salvaging:
            raise refused(
                "file", N_("{path} was opened to export what can be saved"), path=self.path
            )
        last = self._last_id(self._connection)
        if self._state is None or self._state.last_event_id != last:
            self._state = self._state_kept()
        if self.seat is not None and set(self._state.orders) - {self.seat}:
            # A player reads only its own sealed orders (T7.3); the checks use them all.
            own = {n: list(o) for n, o in self._state.orders.items() if n == self.seat}
            return self._state.model_copy(update={"orders": own})
        return self._state

    def handed_in(self) -> set[str]:
        """The nations that have handed in this turn (:func:`~assistant.ledger.orders_seen.
        handed_in`: orders in, or "no orders" said): their names only, which every player may
        know (T7.3), even where the orders themselves are hidden."""
        from assistant.ledger.orders_seen import handed_in

        self.state()
        assert self._state is not None
        return handed_in(self._state)

    def events(self) -> list[StoredEvent]:
        """Every event, oldest first, undone ones and undos included (a player's: those it
        may read)."""
        return self.events_after(0)

    def events_after(self, event_id: int) -> list[StoredEvent]:
        """The events recorded after ``event_id``, oldest first (a player's: those it may
        read): what a reader that has read up to it has not seen yet."""
        events = self._read_events(self._connection, after=event_id)
        hidden = self._hidden(events)
        return [
            StoredEvent(id=event_id, event=event)
            for event_id, event in events
            if event_id not in hidden
        ]

    def _hidden(self, events: list[tuple[int, Event]] | None = None) -> frozenset[int]:
        """The events a player's store does not show (none for the referee's), worked out
        from those recorded since last time (``events`` if they reach back to them, else read
        here), or afresh if the file now holds fewer events than were taken in (replaced)."""
        if self.seat is None:
            return frozenset()
        from assistant.ledger.orders_seen import sealed_answers
        from assistant.ledger.players import Unread

        unread = self._unread
        last = self._last_id(self._connection)
        if unread is None or unread.seat != self.seat or unread.last_id > last:
            unread = Unread(seat=self.seat)
        if not events or events[0][0] > unread.last_id + 1:
            events = self._read_events(self._connection, after=unread.last_id)
        # T3.0: the other sides' answers to a meeting not every side has answered yet too.
        self._unread = unread.taking(events, sealed_answers(self.state()))
        return self._unread.hidden

    def history(self) -> list[HistoryEntry]:
        """Every event with who, when and what it did; undone ones marked with the undo."""
        entries = self._whole_history()
        hidden = self._hidden()
        return [entry for entry in entries if entry.id not in hidden]

    def _whole_history(self) -> list[HistoryEntry]:
        last = self._last_id(self._connection)
        if self._history is not None and _last_entry_id(self._history) == last:
            return list(self._history)
        events = self._read_events(self._connection)
        undos = {
            event.target: (event_id, event.reason)
            for event_id, event in events
            if isinstance(event, Undone)
        }
        _state, summaries = replay_as_recorded(events, lenient=True)
        entries = [
            _history_entry(event_id, event, summaries.get(event_id), undos.get(event_id))
            for event_id, event in events
        ]
        self._history = entries
        return list(entries)

    def _extend_history(self, stored: StoredEvent) -> None:
        """Add this store's own new event to the history read before it (if it was read, and
        nothing else was written in between: then the next :meth:`history` reads it afresh)."""
        entries = self._history
        if entries is None:
            return
        if _last_entry_id(entries) != stored.id - 1:
            self._history = None
            return
        event = stored.event
        if isinstance(event, Undone):
            entries = [
                entry.model_copy(update={"undone_by": stored.id, "undo_reason": event.reason})
                if entry.id == event.target
                else entry
                for entry in entries
            ]
        entries.append(_history_entry(stored.id, event, stored.said))
        self._history = entries

    def export_document(self) -> dict[str, Any]:
        """The whole campaign as one JSON-ready document; :meth:`import_document` reads it
        back into an identical campaign (the solo battle in progress included)."""
        limit = self.damage.first_event if self.damage is not None else None
        rows = self._connection.execute(
            "SELECT id, payload FROM events WHERE id < ? ORDER BY id",
            (limit if limit is not None else 2**62,),
        ).fetchall()
        events = []
        hidden = self._hidden()  # a player's session exports what its player may read
        for event_id, payload in rows:
            if event_id in hidden:
                continue
            if self._salvaging:
                try:
                    EVENT_ADAPTER.validate_json(payload, context={"stored": True})
                except ValidationError:
                    self.damage = Damage(
                        first_event=event_id,
                        what=_("event #{id} cannot be read").format(id=event_id),
                    )
                    break
            events.append({"id": event_id, "event": json.loads(payload)})
        _link_exported(events)
        document: dict[str, Any] = {
            "format": EXPORT_FORMAT,
            "schema_version": SCHEMA_VERSION,
            "events": events,
        }
        solo = self.ghost_battle()
        if solo is not None:
            document[GHOST_BATTLE_KEY] = solo
        return document

    def glance(self) -> Glance:
        """The campaign at a glance (:mod:`assistant.ledger.glance`): the one kept in the file
        when it is current, else built from the events and kept (when the file can be
        written: a file from before the ledger kept one gets one on its first open)."""
        shown = stored_glance(self._connection)
        if shown is not None:
            try:
                return self._glanced(Glance.from_json(shown))
            except (KeyError, TypeError, ValueError, AttributeError):
                pass  # its stamp is checked, not its contents: one of another shape is rebuilt
        state = self.state()
        chain = self._chain_at(self._connection, state.last_event_id)
        recent = self._recent(self._connection)
        glance = glance_of(state, recent)
        self._keep_cache(
            state.last_event_id,
            lambda connection: _write_glance(connection, state, chain, recent),
        )
        return self._glanced(glance)

    def _glanced(self, glance: Glance) -> Glance:
        """The glance as this store's reader may see it: a player's without the latest events
        it may not read (another nation's sealed orders)."""
        hidden = self._hidden()
        if not hidden:
            return glance
        return glance._replace(recent=tuple(e for e in glance.recent if e.id not in hidden))

    def _recent(self, connection: sqlite3.Connection) -> list[dict[str, Any]]:
        """The latest events for the glance, as :meth:`history` words them (a full replay:
        only when the kept glance cannot simply be extended)."""
        events = self._read_events(connection)
        return _recent(events, replay_as_recorded(events, lenient=True)[1])

    # ---- the solo battle kept with the campaign ------------------------------------------

    def ghost_battle(self) -> str | None:
        """The ghost's solo battle in progress (its state as JSON), or None.

        A solo battle is not a campaign event: it changes no nation, and undoing a campaign
        event must not rewind the ghost. It lives in the campaign file beside the record so
        that closing the app between two ghost turns, or exporting the campaign, keeps it.
        """
        row = self._connection.execute(
            "SELECT value FROM meta WHERE key = ?", (GHOST_BATTLE_KEY,)
        ).fetchone()
        return None if row is None else str(row[0])

    def save_ghost_battle(self, state_json: str | None) -> None:
        """Keep ``state_json`` as the solo battle in progress; None puts it aside (one
        transaction: the file holds the old battle or the new one, never half of one)."""
        with self._transaction() as connection:
            if state_json is None:
                connection.execute("DELETE FROM meta WHERE key = ?", (GHOST_BATTLE_KEY,))
            else:
                connection.execute(
                    "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)",
                    (GHOST_BATTLE_KEY, state_json),
                )

    def finish_ghost_battle(self, *, put_aside: bool, who: str = "") -> StoredEvent | None:
        """The solo battle in progress has ended: keep its record in the ledger as a
        ``ghost_battle_finished`` event (G2, G3), unless the last one in force already holds it
        (a battle ends once however often it is told so); ``put_aside`` also clears it, for a
        new one. One transaction: the battle is never lost between the two. Returns the event
        written, or None (no battle, or not opened yet, or already kept)."""
        from assistant.ledger.events import GhostBattleFinished
        from assistant.ledger.solo import same_battle

        stored: StoredEvent | None = None
        work = self._state
        with self._transaction() as connection:
            row = connection.execute(
                "SELECT value FROM meta WHERE key = ?", (GHOST_BATTLE_KEY,)
            ).fetchone()
            battle = None if row is None else json.loads(row[0])
            if battle is not None and battle.get("opening") is not None:
                events = self._read_events(connection)
                undone = {e.target for _id, e in events if isinstance(e, Undone)}
                kept = [
                    e.battle
                    for event_id, e in events
                    if isinstance(e, GhostBattleFinished) and event_id not in undone
                ]
                if not kept or not same_battle(kept[-1], battle):
                    event = GhostBattleFinished(battle=battle, who=who)
                    stored, work = self._append_within(connection, event)
            if put_aside:
                connection.execute("DELETE FROM meta WHERE key = ?", (GHOST_BATTLE_KEY,))
        self._state = work
        if stored is not None:
            self._extend_history(stored)
        return stored

    # ---- what is kept beside the record: keys, players, the copy's mark ----------------

    def read_meta(self, key: str) -> str | None:
        """The value kept under ``key`` beside the record (never exported), or None."""
        row = self._connection.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return None if row is None else str(row[0])

    def write_meta(self, key: str, value: str | None, *, keep: bool = False) -> str | None:
        """Keep ``value`` under ``key`` (None removes it); ``keep`` leaves a value already
        there (two referees asking for the keys at once make one secret). One transaction;
        returns the value kept."""
        with self._transaction() as connection:
            if value is None:
                connection.execute("DELETE FROM meta WHERE key = ?", (key,))
            else:
                connection.execute(
                    f"INSERT OR {'IGNORE' if keep else 'REPLACE'} INTO meta (key, value) "
                    "VALUES (?, ?)",
                    (key, value),
                )
            row = connection.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return None if row is None else str(row[0])

    def campaign_id(self) -> str:
        """What names this campaign in an orders file: the sha256 of its creation event as
        stored (a copy carries its campaign's)."""
        import hashlib  # here, not at the top: opening a campaign to read it needs none

        from assistant.ledger.mail import PLAYER_COPY_KEY, copy_mark

        mark = copy_mark(self.read_meta(PLAYER_COPY_KEY))
        if mark is not None:
            return mark.campaign
        row = self._connection.execute("SELECT payload FROM events WHERE id = 1").fetchone()
        return hashlib.sha256(str(row[0]).encode()).hexdigest()

    def player_copy_of(self) -> str | None:
        """The nation this file is a player's copy for, or None (the referee's campaign)."""
        from assistant.ledger.mail import PLAYER_COPY_KEY, copy_mark

        mark = copy_mark(self.read_meta(PLAYER_COPY_KEY))
        return None if mark is None else mark.nation

    # ---- writing -----------------------------------------------------------------------

    def append_all(self, events: Sequence[Event]) -> list[StoredEvent]:
        """Record every one of ``events`` in one transaction: all of them, or (the first
        refused raises its LedgerError) none."""
        stored: list[StoredEvent] = []
        before = self._state
        try:
            with self._transaction() as connection:
                for event in events:
                    entry, self._state = self._append_within(connection, event)
                    stored.append(entry)
        except BaseException:
            self._state = before
            raise
        for entry in stored:
            self._extend_history(entry)
        return stored

    def check(self, event: Event) -> None:
        """Raise LedgerError if ``event`` would be refused now; writes nothing."""
        if self.seat is not None:
            from assistant.ledger.players import check_seat

            check_seat(self.seat, event)
        self.state().model_copy(deep=True).check(event)

    def append(self, event: Event) -> StoredEvent:
        """Record ``event`` (one transaction) and return it with its id, turn and time.

        Refused with :class:`LedgerError` (nothing written) if it cannot happen in the state
        replayed inside the transaction, i.e. after every event other processes recorded.
        """
        if isinstance(event, CampaignCreated | Undone):
            raise LedgerFieldError(
                "kind", N_("{kind} is written by create/undo, not append"), kind=event.kind
            )
        with self._transaction() as connection:
            stored, work = self._append_within(connection, event)
        self._state = work
        self._extend_history(stored)
        return stored

    def _append_within(
        self, connection: sqlite3.Connection, event: Event
    ) -> tuple[StoredEvent, CampaignState]:
        """Check, write and apply ``event`` inside the open transaction; the state after it."""
        if self.seat is not None:
            from assistant.ledger.players import check_seat

            check_seat(self.seat, event)
        state = self._catch_up(connection)
        work = state.model_copy(deep=True)
        event_id = state.last_event_id + 1
        update: dict[str, Any] = {"when": event.when or _now()}
        if event.turn is None:
            update["turn"] = state.turn
        filled: Event = event.model_copy(update=update)
        # model_copy skips validation; round-trip so what is stored is what replay reads.
        filled = EVENT_ADAPTER.validate_json(_payload(filled))
        # Checks made only for new events (bounds added later, T7.8, T7.4) run here, so
        # older files whose events predate them keep replaying.
        told = work.record(filled, event_id)
        shown = self._recent_now(connection)  # read before the event: the file as it is now
        chain = _write_events(
            connection, self._chain_at(connection, event_id - 1), [(event_id, filled)]
        )
        _write_snapshot(connection, work, chain)
        recent = (
            [*shown, recent_entry(event_id, filled.turn, told, filled.who)]
            if shown is not None
            else self._recent(connection)
        )
        _write_glance(connection, work, chain, recent)
        self._recent_written = ([event_id, chain], recent[-RECENT_EVENTS:])
        stored = StoredEvent(id=event_id, event=filled, summary=told.english(), said=told)
        return stored, work

    def undo(self, reason: str, *, who: str = "") -> StoredEvent:
        """Cancel the last event still in force, with ``reason``; both stay in the history."""
        if self.seat is not None:
            from assistant.ledger.players import refuse_undo

            refuse_undo(self.seat)
        if not reason.strip():
            raise LedgerFieldError("reason", N_("say why the event is undone"))
        with self._transaction() as connection:
            events = self._read_events(connection)
            undone = {e.target for _id, e in events if isinstance(e, Undone)}
            candidates = [
                (event_id, event)
                for event_id, event in events
                if event_id not in undone and not isinstance(event, CampaignCreated | Undone)
            ]
            if not candidates:
                raise LedgerFieldError("undo", N_("nothing left to undo"))
            target_id, _target = candidates[-1]
            # The undo is dated with the current turn; only the state after it needs a full
            # replay (the cancelled event may lie anywhere behind undone ones).
            turn = self._catch_up(connection).turn
            event_id = events[-1][0] + 1
            undo = Undone(target=target_id, reason=reason, who=who, when=_now(), turn=turn)
            events.append((event_id, undo))
            new_state = _replay_checked(events)
            shown = stored_glance(connection)  # read before the undo: its stamp is the file now
            chain = _write_events(
                connection, self._chain_at(connection, event_id - 1), [(event_id, undo)]
            )
            _write_snapshot(connection, new_state, chain)
            told = undo_summary(target_id, reason)
            if shown is not None:
                recent = [
                    {**entry, "undone": True} if entry.get("id") == target_id else entry
                    for entry in shown["recent"]
                ]
                recent.append(recent_entry(event_id, turn, told, who))
            else:
                recent = self._recent(connection)
            _write_glance(connection, new_state, chain, recent)
        self._state = new_state
        stored = StoredEvent(id=event_id, event=undo, summary=told.english(), said=told)
        self._extend_history(stored)
        return stored

    # ---- internals ---------------------------------------------------------------------

    def _recent_now(self, connection: sqlite3.Connection) -> list[dict[str, Any]] | None:
        """The latest events the file's glance keeps now (None: it keeps no current glance):
        this store's own last write while the file is as it left it, else read back."""
        written = self._recent_written
        if written is not None and written[0] == file_stamp(connection):
            return written[1]
        shown = stored_glance(connection)
        return None if shown is None else list(shown["recent"])

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        if self._salvaging:
            raise refused(
                "file", N_("{path} was opened to export what can be saved"), path=self.path
            )
        if self.full_disk:
            raise refused("file", FULL_DISK, path=self.path)
        connection = self._connection
        try:
            connection.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as error:
            raise busy_error(self.path, error) from None
        try:
            yield connection
        except BaseException:
            connection.execute("ROLLBACK")
            raise
        connection.execute("COMMIT")

    @staticmethod
    def _last_id(connection: sqlite3.Connection) -> int:
        row = connection.execute("SELECT max(id) FROM events").fetchone()
        return int(row[0] or 0)

    def _read_events(
        self, connection: sqlite3.Connection, after: int = 0
    ) -> list[tuple[int, Event]]:
        rows = connection.execute(
            "SELECT id, payload FROM events WHERE id > ? ORDER BY id", (after,)
        ).fetchall()
        return [(event_id, _parse(event_id, payload, self.path)) for event_id, payload in rows]

    def _catch_up(self, connection: sqlite3.Connection) -> CampaignState:
        """The state after the last event in the file, from the cache where possible."""
        last = self._last_id(connection)
        if self._state is not None and self._state.last_event_id == last:
            return self._state
        if self._state is not None and self._state.last_event_id < last:
            self._check_links(connection, after=self._state.last_event_id)
            tail = self._read_events(connection, after=self._state.last_event_id)
            if not any(isinstance(event, Undone) for _id, event in tail):
                state = self._state.model_copy(deep=True)
                for event_id, event in tail:
                    state.apply(event, event_id)
                return state
        return self._load_state(connection)

    def _load_state(self, connection: sqlite3.Connection | None = None) -> CampaignState:
        connection = connection or self._connection
        last = self._last_id(connection)
        row = connection.execute(
            "SELECT last_event_id, replay_version, state, digest FROM snapshot WHERE slot = 1"
        ).fetchone()
        if row is not None and row[3] != _snapshot_digest(
            self._chain_at(connection, row[0]), row[2]
        ):
            damage = Damage(first_event=None, what=_(_SNAPSHOT_CHANGED))
            raise DamagedFileError(damage.message(self.path))
        if row is not None and row[1] == REPLAY_VERSION and row[0] <= last:
            self._check_links(connection, after=row[0])
            try:
                state = CampaignState.model_validate_json(row[2])
            except ValidationError:
                state = None
            if state is not None:
                tail = self._read_events(connection, after=row[0])
                if not any(isinstance(event, Undone) for _id, event in tail):
                    try:
                        for event_id, event in tail:
                            state.apply(event, event_id)
                    except LedgerError as error:
                        raise refused(
                            "file",
                            N_("{path} is damaged: {why}; not opened, left unchanged"),
                            path=self.path,
                            why=error,
                        ) from None
                    return state
        self._replayed_whole = True
        return _replay_checked(self._read_events(connection), self.path)

    def _state_kept(self) -> CampaignState:
        """The state after the last event in the file (:meth:`_load_state`); one replayed whole
        is kept as the file's saved state, so that the next open reads it instead of replaying
        every event again: a file last written by an older Castra (another replay version) is
        replayed once, not on every open until its next event."""
        self._replayed_whole = False
        state = self._load_state()
        if self._replayed_whole:
            self._keep_cache(
                state.last_event_id,
                lambda connection: _write_snapshot(
                    connection, state, self._chain_at(connection, state.last_event_id)
                ),
            )
        return state

    def _keep_cache(self, last_event_id: int, write: Callable[[sqlite3.Connection], None]) -> None:
        """``write`` a view of the file (its glance, its saved state) made after event
        ``last_event_id``, if that is still the last event. A cache: a read-only file, or one
        another process is writing, is left as it is rather than waited for."""
        self._connection.execute("PRAGMA busy_timeout = 100")
        try:
            with self._transaction() as connection:
                if self._last_id(connection) == last_event_id:
                    write(connection)
        except (CampaignFileError, sqlite3.Error):
            pass
        finally:
            self._connection.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")


def _history_entry(
    event_id: int, event: Event, said: Said | None, undo: tuple[int, str] | None = None
) -> HistoryEntry:
    """One line of the history: ``undo`` is the id and reason of the undo that cancelled it."""
    return HistoryEntry(
        id=event_id,
        kind=event.kind,
        turn=event.turn,
        who=event.who,
        when=event.when,
        summary=said.english() if said is not None else "",
        said=said,
        note=event.note,
        undone_by=undo[0] if undo else None,
        undo_reason=undo[1] if undo else None,
    )


def _last_entry_id(entries: list[HistoryEntry]) -> int:
    return entries[-1].id if entries else 0


def _remove_side_files(side_files: tuple[Path, Path], existed: set[Path]) -> None:
    """After a refused open, remove the empty WAL and shared-memory files SQLite made for it,
    so a refused file's folder is left as it was. A WAL with anything in it is kept."""
    wal, shm = side_files
    if wal in existed or shm in existed:
        return
    with contextlib.suppress(OSError):
        if wal.exists() and wal.stat().st_size > 0:
            return
        for side in side_files:
            side.unlink(missing_ok=True)


def _set_aside(path: Path) -> Path:
    """Rename ``path`` to the first free ``NAME.replaced-STAMP[-N]``, with its WAL side files
    (which may hold its last events), and return the new name.

    Never overwrites: each name is taken with a hard link, which fails on an existing file,
    so two replacements within the same second keep both old files.
    """
    stamp = _now().strftime("%Y%m%dT%H%M%S")
    for attempt in itertools.count(1):
        backup = path.with_name(
            f"{path.name}.replaced-{stamp}" + (f"-{attempt}" if attempt > 1 else "")
        )
        if any(Path(f"{backup}{side}").exists() for side in _SIDE_SUFFIXES):
            continue
        try:
            os.link(path, backup)
        except FileExistsError:
            continue
        break
    for side in _SIDE_SUFFIXES:
        with contextlib.suppress(FileNotFoundError, FileExistsError):
            os.link(f"{path}{side}", f"{backup}{side}")
            os.unlink(f"{path}{side}")
    path.unlink()
    return backup


def is_campaign_file(path: Path) -> bool:
    """True if ``path`` is an SQLite file (a campaign, or any database) or the side file of
    one: things no export or other plain write may overwrite."""
    for side in (*_SIDE_SUFFIXES, "-journal"):
        if path.name.endswith(side) and is_campaign_file(path.with_name(path.name[: -len(side)])):
            return True
    try:
        return has_sqlite_header(path)
    except OSError:
        return False


def write_new_file(path: Path, text: str, *, replace: bool = False) -> None:
    """Write ``text`` to ``path`` whole or not at all (a temporary file in the same folder,
    then renamed). An existing file is left alone (FileExistsError) unless ``replace``; a
    campaign file never is replaced."""
    handle, temporary_name = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    temporary = Path(temporary_name)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        if replace and not is_campaign_file(path):
            os.replace(temporary, path)
        else:
            os.link(temporary, path)
    finally:
        temporary.unlink(missing_ok=True)


def _json_kind(value: object) -> str:
    if isinstance(value, bool):
        return _("true or false")
    if isinstance(value, int | float):
        return _("a number")
    if isinstance(value, str):
        return _("text")
    return (
        _("null") if value is None else _("a list") if isinstance(value, list) else _("an object")
    )


def _first_coercion(raw: object, read: object, path: str = "") -> tuple[str, object, str] | None:
    """Strictness for imports: the first value of ``raw`` (an event as the file has it) that
    validation had to convert — ``"3"`` read as 3, ``1`` as true — as (field, value, what it
    should be); None if every value was already of its kind. ``read`` is the validated event
    dumped back to JSON (unknown keys are refused by the models themselves)."""
    if isinstance(raw, dict) and isinstance(read, dict):
        for key, value in raw.items():
            found = _first_coercion(value, read.get(key), f"{path}.{key}" if path else key)
            if found is not None:
                return found
        return None
    if isinstance(raw, list) and isinstance(read, list):
        for index, (value, kept) in enumerate(zip(raw, read, strict=False)):
            found = _first_coercion(value, kept, f"{path}.{index}")
            if found is not None:
                return found
        return None
    if _json_kind(raw) != _json_kind(read):
        return path, raw, _json_kind(read)
    return None


def _check_header(path: Path) -> None:
    if not path.exists():
        raise refused(
            "file", N_("no campaign at {path}; start one with `castra campaign new`"), path=path
        )
    if not path.is_file():
        raise refused("file", N_("{path} is not a file"), path=path)
    if not has_sqlite_header(path):
        raise refused(
            "file",
            N_(
                "{path} is damaged or not a Castra campaign (no SQLite header); not opened, left "
                "unchanged"
            ),
            path=path,
        )


def _row(event_id: int, event: Event) -> tuple[int, str, int | None, str, str, str]:
    when = event.when.isoformat() if event.when else ""
    return (event_id, event.kind, event.turn, event.who, when, _payload(event))


def _link_exported(events: list[dict[str, Any]]) -> None:
    """Give each exported event its link of a hash chain (``"chain"``), as :func:`_link`
    makes them, over the event as this Castra writes it: the file's own chain was checked when
    it was opened, and an event stored by an older Castra (without a field added since) is
    linked as it will read back on import."""
    previous = ""
    for item in events:
        event = EVENT_ADAPTER.validate_python(item["event"], context={"stored": True})
        previous = _link(previous, item["id"], _payload(event))
        item["chain"] = previous


_TRUST = N_("import a hand-made history on purpose with --trust")


def _broken_chain(
    raw_events: list[dict[str, Any]], events: list[tuple[int, Event]]
) -> ImportRefusal | None:
    """Where the export's hash chain breaks (:func:`_link_exported`): the first event whose id
    does not follow the one before, or whose link is missing or does not match; None when
    every link holds."""
    previous = ""
    for position, ((event_id, event), item) in enumerate(zip(events, raw_events, strict=True)):
        where = f"events[{position}]"
        if event_id != position + 1:
            return ImportRefusal(
                f"{where}.id",
                _("ids follow each other from 1 (expected {expected}, got {id}); {trust}"),
                expected=position + 1,
                id=event_id,
                trust=_(_TRUST),
            )
        previous = _link(previous, event_id, _payload(event))
        given = item.get("chain")
        if not isinstance(given, str):
            return ImportRefusal(
                f"{where}.chain",
                _("missing: this export carries no hash chain; {trust}"),
                trust=_(_TRUST),
            )
        if given != previous:
            return ImportRefusal(
                f"{where}.chain",
                _(
                    "does not match: this event, or one before it, was changed or removed "
                    "after the export; {trust}"
                ),
                trust=_(_TRUST),
            )
    return None


def _write_events(
    connection: sqlite3.Connection, previous: str, events: list[tuple[int, Event]]
) -> str:
    """Insert ``events`` with their checksums after the link ``previous``; the last link."""
    connection.executemany(
        "INSERT INTO events (id, kind, turn, who, recorded_at, payload) VALUES (?, ?, ?, ?, ?, ?)",
        [_row(event_id, event) for event_id, event in events],
    )
    return _write_checksums(connection, previous, events)


def _write_checksums(
    connection: sqlite3.Connection, previous: str, events: list[tuple[int, Event]]
) -> str:
    links = []
    for event_id, event in events:
        previous = _link(previous, event_id, _payload(event))
        links.append((event_id, previous))
    connection.executemany("INSERT INTO checksums (id, chain) VALUES (?, ?)", links)
    return previous


def _write_snapshot(connection: sqlite3.Connection, state: CampaignState, chain: str) -> None:
    state_json = state.model_dump_json()
    connection.execute(
        "INSERT OR REPLACE INTO snapshot (slot, last_event_id, replay_version, state, digest) "
        "VALUES (1, ?, ?, ?, ?)",
        (state.last_event_id, REPLAY_VERSION, state_json, _snapshot_digest(chain, state_json)),
    )


def _recent(events: list[tuple[int, Event]], summaries: dict[int, Said]) -> list[dict[str, Any]]:
    """The glance's latest events, with their recorded summaries (oldest first)."""
    undone = {event.target for _id, event in events if isinstance(event, Undone)}
    return [
        recent_entry(
            event_id, event.turn, summaries.get(event_id), event.who, undone=event_id in undone
        )
        for event_id, event in events[-RECENT_EVENTS:]
    ]


def _write_glance(
    connection: sqlite3.Connection,
    state: CampaignState,
    chain: str,
    recent: list[dict[str, Any]],
) -> None:
    """Keep the glance of ``state`` (the file after the event whose link is ``chain``) in
    the open transaction. It is a view: should building it fail, the event is still recorded
    and the stale glance is dropped (the next :meth:`CampaignStore.glance` rebuilds it)."""
    try:
        glance = stamped(campaign_glance(state, recent), state.last_event_id, chain)
    except Exception:  # never lose an event over a view of it
        connection.execute("DELETE FROM meta WHERE key = ?", (GLANCE_KEY,))
        return
    connection.execute(
        "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (GLANCE_KEY, json.dumps(glance))
    )


def _replay_checked(events: list[tuple[int, Event]], path: Path | None = None) -> CampaignState:
    try:
        return replay(events)
    except LedgerError as error:
        if path is None:
            raise refused("file", N_("{reason}"), reason=error) from None
        raise refused("file", N_("{path} is damaged: {reason}"), path=path, reason=error) from None
