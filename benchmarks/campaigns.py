"""Campaign files of a given number of events, for the benchmarks (issue 26: 100, 1,000 and
10,000 events).

The ledger is ``benchmarks/ledger.py``'s Tarentine Wars war (battles at Heraclea, each followed
by the loser's rebuild, turns and winters in between), cut at exactly the number of events
asked for: any prefix of a valid ledger is a valid ledger. Files are imported in one
transaction (glance and snapshot included) and kept in a folder between runs.

Run: ``.venv/bin/python benchmarks/campaigns.py [FOLDER]`` writes ``events-100-sS-rR-gG.castra``,
``events-1000-…`` and ``events-10000-…`` there (S, R and G: the schema, replay and glance
versions; default folder: the system's temporary folder, ``castra-benchmarks``).
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ledger import campaign_events

from assistant.ledger.glance import GLANCE_FORMAT
from assistant.ledger.state import REPLAY_VERSION
from assistant.ledger.store import EXPORT_FORMAT, SCHEMA_VERSION, CampaignStore

SIZES = (100, 1_000, 10_000)
"""The campaign sizes every benchmark row is measured on."""


def default_folder() -> Path:
    return Path(tempfile.gettempdir()) / "castra-benchmarks"


def campaign_file(events: int, folder: Path | None = None) -> Path:
    """A campaign of exactly ``events`` events in ``folder``, made once and then reused."""
    folder = folder or default_folder()
    folder.mkdir(parents=True, exist_ok=True)
    # Named after the file format, replay and glance they were made under: a file an older
    # Castra made would be replayed whole on every open (its saved state is for another
    # replay), or read the slow way (its glance is of another shape).
    path = folder / f"events-{events}-s{SCHEMA_VERSION}-r{REPLAY_VERSION}-g{GLANCE_FORMAT}.castra"
    if path.exists():
        return path
    made = campaign_events(events)[:events]  # about two events a battle: more than enough
    document = {
        "format": EXPORT_FORMAT,
        "schema_version": SCHEMA_VERSION,
        "events": [
            {"id": index, "event": event.model_dump(mode="json")}
            for index, event in enumerate(made, start=1)
        ],
    }
    part = path.with_suffix(".part")
    part.unlink(missing_ok=True)
    # A made-up history carries no hash chain: imported on purpose (as ``--trust`` does).
    CampaignStore.import_document(document, part, trust=True).close()
    part.rename(path)
    return path


def main(argv: list[str]) -> None:
    folder = Path(argv[0]) if argv else None
    for size in SIZES:
        print(campaign_file(size, folder))


if __name__ == "__main__":
    main(sys.argv[1:])
