"""What an event family is: three small pieces the ledger runs in order for each event.

- **check** refuses an event that cannot happen now with a :class:`LedgerFieldError` (one line
  naming the field) and changes nothing. It runs when an event is recorded.
- **recheck** (optional; by default the same as check) is what a *recorded* event must still
  meet when the log is replayed, so a log Castra never wrote is refused as it opens. It leaves
  out the rules added after campaign files were written (T7.8's treasury bound, T7.4's standing
  PM and meetings), so those files keep opening.
- **evolve** turns the old state into the new one — no checks, no words — and returns what
  happened (the figures the description needs, e.g. a cost or a treasury after).
- **describe** says what happened, from the event and what evolve returned: the one place
  each history summary is built, as data (:class:`converters.said.Said`: a key and typed
  values), rendered in the reader's language where it is shown.

Reading (speed): evolve changes the state it is given in place, so replaying 10,000 events
copies nothing; check never changes it, and the store evolves only a copy of its state, and
only once check has passed (docs/architecture.md).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Generic, TypeVar

from assistant.ledger.errors import LedgerFieldError
from converters.i18n import N_
from converters.said import Said

if TYPE_CHECKING:
    from assistant.ledger.models import CampaignData

__all__ = ["Family", "need_note"]

E = TypeVar("E")
H = TypeVar("H")


@dataclass(frozen=True, slots=True)
class Family(Generic[E, H]):
    """One kind of event's check, evolve and describe (see the module's docstring)."""

    check: Callable[[CampaignData, E], None]
    """Refuse the event, or return; never changes the state."""
    evolve: Callable[[CampaignData, E, int], H]
    """Change the state in place (the event's id given, for journals); what happened."""
    describe: Callable[[E, H], Said]
    """What happened, as the history says it."""
    recheck: Callable[[CampaignData, E], None] | None = None
    """What a recorded event must meet on replay; None: the same as :attr:`check`."""

    def replay_check(self, state: CampaignData, event: E) -> None:
        """Refuse a recorded event that could never have been recorded."""
        (self.recheck or self.check)(state, event)


def need_note(note: str) -> None:
    """Refuse an event whose required note is empty."""
    if not note.strip():
        raise LedgerFieldError("note", N_("say why (a short note is required for this event)"))
