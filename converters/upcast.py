"""What an older Castra stored as English inside its events, read once as a description.

Events are facts: a campaign file keeps them as they were written, and its hash chain vouches
for every byte (issue 21). Before descriptions, a die's purpose ("T3.0 pursuit of a side
refusing battle", "T5.6 winter event, Turn 13, winter 278/277 BC") was stored as the English
sentence a template made. As eventsourcing's upcasting does for an event of an older version
(its ``examples/aggregate7``: the stored state is converted once, as it is read, by a function
that knows that version's shape), such a string is read here, once, into a
:class:`~converters.said.Said` by matching the templates of the Castra that wrote it, so it
reads in the reader's language; a string no template made (a referee's own words, a club's
purpose) is :class:`~converters.said.Typed`, shown as written.

Prestige and morale reasons (T4.1, T4.2, D2–D5) were stored the same way until session 10, several
clauses joined by "; " ("Senones +4: T4.2 province-sacked; Senones -1: …"): :func:`upcast_clauses`
reads each clause so.

The ghost general's decisions (G3.1–G3.4) were stored the same way: a solo battle in progress
is kept in the campaign file beside the events, and a finished one inside its
``ghost_battle_finished`` event, each decision with its English ``reason``; those reasons are
read here too. The ghost's other words — the PP allocation's notes and its generals' roles
(G4.1–G4.3) and the clock's choice (G4.4) — were never stored (they are shown and forgotten),
so no template of theirs is here.

This module is frozen: :data:`TEMPLATES` is the English Castra wrote up to session 10 (December
2026), taken from the templates of that version, and it is never reworded — a template changed
later is a new key, and a file written before the change still reads through the old one here.
Nothing else in Castra matches templates.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from converters.i18n import N_
from converters.said import Nation, Number, Province, Said, Signed, Typed, Value, clauses
from converters.wording import SHIPPED_NATIONS, render_data

__all__ = [
    "AS_WRITTEN",
    "SIDE",
    "TEMPLATES",
    "WORDS",
    "beside",
    "made",
    "upcast",
    "upcast_clauses",
]

SIDE = "{purpose}, {side}"
"""A battle's side after its purpose ("T3.1 round 2, Rome"): a key with no words of its own
(``converters.dice.SIDE``, which says it today)."""

TEMPLATES: tuple[str, ...] = (
    # Dice purposes (converters.dice_battle, converters.morale, converters.losses, the ghost,
    # the ledger's winter and pursuit).
    N_("T3.1 round {number}"),
    N_("T3.3 pursuit"),
    N_("T3.0 pursuit of a side refusing battle"),
    N_("T3.3 pursuit (house rule both_retreat = both_pursued)"),
    N_("T3.6 interception"),
    N_("T3.7 capture, {side}"),
    N_("D3 morale check after a crushing defeat (morale {morale})"),
    N_("T2.6 recovery: {label} {number} of {of}"),
    N_("T5.6 winter event, {date}"),
    N_("T5.6 winter event"),
    N_("{purpose}, hits on {target}+ (T3.1, T3.2)"),
    N_("{purpose} (missing die)"),
    N_("G1 quality"),
    N_("G1 personality"),
    N_("G3.1 opening order"),
    N_("G3.2 unfavourable gap: manoeuvre or retreat"),
    N_("G3.3 retreat countdown (needs {value}+)"),
    N_("G4.2 {role}: which division (re-roll one already activated)"),
    N_("G4.2 {role}: PP for {name} (at most {left})"),
    N_("G4.2 {role}: reserve points (at most {left})"),
    N_("G4.2 {role}: clock points (at most {left})"),
    N_("G4.3 army general: clock points (d{half})"),
    N_("G4.3 army general: activate {name}? (4–6 yes)"),
    N_("G4.3 army general: PP for {name} (at most {left})"),
    N_("G4.4 which clock die to subtract"),
    N_("corps {number}"),
    # The campaign's dates inside a purpose (armylists.scenarios.Calendar.said).
    N_("Turn {turn}, winter {year}/{next_year} BC"),
    N_("Turn {turn}, {month} {year} BC ({half} fortnight)"),
    N_("Turn {turn}, {month} {year} BC ({season})"),
    N_("Year {turn}, {year} BC"),
    # Prestige reasons (assistant.ledger.record, converters.sacking, converters.prestige).
    N_(
        "T4.1 {kind} {size} victory: ±{points} "
        "(T3.5 city: the defender counted as {pm} PM, {lost} lost)"
    ),
    N_("T4.1 {kind} {size} victory: ±{points}"),
    N_("T4.2 city-sacked"),
    N_("T4.2 province-sacked"),
    N_("T4.2: the Senones sacked land in Gaul or Liguria"),
    N_("T4.2: the Senones may sack outside Gaul and Liguria"),
    N_("T4.2: sacked land that started Greek or Syracusan"),
    N_("T4.2: Carthage's first such sack is tolerated"),
    N_("T4.2: sacked civilian land of a nation it is not at war with"),
    N_("T4.2: no sacking penalty applies to {sacker}"),
    N_("{nation} {change}: {why}"),
    # Morale reasons of the army journal (assistant.ledger.record, converters.morale).
    N_("D4 triumph +2 at {place}"),
    N_("D4 victory +1 at {place}"),
    N_("D2 {defeat} defeat at {place}"),
    N_("D4 {change}"),
    N_("D3: rolled {roll}, above morale {morale}: the army ceases to exist"),
    N_("D3: rolled {roll}, not above morale {morale}: the army holds together"),
    N_("D3: ordinary defeat with morale already 0: the army disbands"),
    N_("D3: ordinary defeat, morale {morale}: no check needed"),
    N_("D5: tactical retreat with morale already 0: the army disbands"),
    N_("D5: tactical retreat counts as an ordinary defeat"),
    N_("D5: forbidden at morale 2 or less (morale {morale})"),
    N_("D5: forbidden at loyalty 2 or less (loyalty {loyalty})"),
    N_("D5: a forced march cannot end in an invasion"),
    N_("D5: forced march, −2 morale at once"),
    # The ghost's reasons (ghost.orders, G3.1–G3.4), kept in a saved or finished battle: the
    # house rule around a whole reason first, then each reason, then what a reason says inside.
    N_("{reason} (house rule order_change = {house_rule})"),
    N_("Opening order: 1d6 {roll}, {verdict}."),
    N_("The battle is over for the ghost ({order}); nothing changes."),
    N_("Gap {gap} crossed the +{threshold}% threshold in the ghost's favour: attack (no roll)."),
    N_("Gap {gap} crossed the -{threshold}% threshold against the ghost: 1d6 {roll}, {verdict}."),
    N_("Gap {gap} is {where}: the {order} order stands."),
    N_("The army has already left the field."),
    N_("{lost} reached the {limit} limit: the army leaves the field."),
    N_("{lost}, under the {limit} limit: the army stays."),
    N_("No countdown: the battle is over for the ghost ({order})."),
    N_("No countdown: the gap is not at the -{threshold}% threshold."),
    N_("Gap {gap}: {why}, so the retreat countdown starts from 4."),
    N_(
        "Gap {gap} unfavourable and not shrinking; the retreat value is down to {value}, which "
        "any roll reaches: automatic general retreat."
    ),
    N_("Gap {gap} unfavourable and not shrinking; retreat value {value}: 1d6 {roll}, {verdict}."),
    N_("within ±{threshold}%"),
    N_("still on the {side} side, where the order was given"),
    N_(
        "at the {side} threshold, but its sign has not been the other way round since the "
        "order was given"
    ),
    N_("{lost} of {units} units lost ({percent}%)"),
    N_("{face}{modifier} = {total}"),
    N_("{number}%"),
    # A battle's side after its purpose ("T3.1 round 2, Rome"): tried last, it has no words.
    SIDE,
)
"""The English templates an older Castra stored, most specific first (the first that matches
the whole string is the one that made it)."""

WORDS: frozenset[str] = frozenset(
    # The words a template's value may be, each a catalogue entry of its own (the months,
    # seasons and fortnights of armylists.scenarios, the kinds of base of converters.losses).
    {
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
        "spring",
        "summer",
        "autumn",
        "winter",
        "1st",
        "2nd",
        "destroyed base",
        "routed base",
        "naval point",
        "narrow",
        "clear",
        "minor",
        "major",
        "ordinary",
        "crushing",
        # The ghost's orders, the gap's sides and the verdicts of its reasons (ghost.orders).
        "pre_battle",
        "attack",
        "manoeuvre",
        "retreat",
        "left_field",
        "favourable",
        "neutral",
        "unfavourable",
        "3 or less: attack",
        "4 or more: manoeuvre/defence",
        "3 or less: manoeuvre/defence",
        "4 or more: general retreat",
        "general retreat",
        "the order stands",
        "first turn at an unfavourable gap",
        "the gap shrank",
    }
)
"""Words of the catalogue a value inside a template was (a month, a season, a base's kind, a
victory's kind and size, a defeat's kind)."""

_PLACEHOLDER = re.compile(r"\{(\w+)\}")

_NUMBERS = frozenset(
    {
        "number",
        "of",
        "morale",
        "left",
        "half",
        "target",
        "turn",
        "year",
        "next_year",
        "value",
        "points",
        "loyalty",
        "face",
        "threshold",
        "units",
        "percent",
    }
)
"""The values that were always a whole number (matched as digits only, so "T3.1 round 2,
Rome" is a round's purpose and a side, not round "2, Rome")."""

_MATCHED = {
    # The values that were always a PM figure (whole or a half, "0.5"), or a change ("+4",
    # "-1", "−2"), matched as such.
    "pm": r"\d+(?:\.\d+)?",
    "change": r"[+\-−]\d+",
}
_FIGURES = frozenset({"pm", "lost"})
"""The values that were a PM figure where a figure was written ("{lost} lost" of T4.1; the
ghost's "{lost}, under the {limit} limit" is a phrase of its own)."""
_FIGURE = re.compile(r"\d+(?:\.\d+)?")
_PLACES = frozenset({"place"})
"""The values that were always a place of the board."""

_SIGNED = frozenset({"modifier"})
"""The values that were always a signed whole number ("+1", "-2": an order roll's modifier)."""

_WHOLE = frozenset({"total"})
"""The values that were a whole number that may be negative (a modified roll, "1-2 = -1")."""

_TYPED = frozenset({"house_rule"})
"""The values that were an option's value as the club set it ("threshold_cross"), not a word."""

_GAP = re.compile(r"[+-]\d+(?:\.\d+)?%")
"""A gap as the ghost's reasons wrote it (G2.2): signed, to one decimal at most ("+14.9%")."""

_PATTERNS = {
    **dict.fromkeys(_NUMBERS, r"\d+"),
    **dict.fromkeys(_SIGNED, r"[+-]\d+"),
    **dict.fromkeys(_WHOLE, r"-?\d+"),
    **_MATCHED,
}


@cache
def _pattern(template: str) -> re.Pattern[str]:
    parts = _PLACEHOLDER.split(template)
    # split gives text, name, text, name, …: the text is matched as is, each name as a group.
    regex = "".join(
        f"(?P<{part}>{_PATTERNS.get(part, '.+?')})" if index % 2 else re.escape(part)
        for index, part in enumerate(parts)
    )
    return re.compile(regex, re.DOTALL)


AS_WRITTEN = "{text}"
"""The key of text no template made: it has no words of its own, its value is the text."""


def upcast(text: str) -> Said:
    """``text``, as an older Castra stored it, as the description that made it; text no
    template made, as written (a :class:`~converters.said.Typed` value)."""
    found = _read(text)
    return found if isinstance(found, Said) else Said(key=AS_WRITTEN, values={"text": found})


def upcast_clauses(text: str) -> Said:
    """``text``, a reason an older Castra stored as clauses joined by "; " (a sack's prestige
    changes, a beaten army's D2, D3 and D4), as the descriptions that made them, one after
    the other; a clause no template made, as written. In English it reads as stored."""
    # No template of a reason has "; " in it: a value never spans two clauses.
    return clauses(*(upcast(clause) for clause in text.split("; ")))


def beside(data: Any, english: str) -> tuple[Any, str | None]:
    """A stored model's ``data`` with its description (``said``), and the English as an older
    Castra wrote it when that is all it stored (else None).

    A model that keeps a description writes its English as ``english`` (a roll's ``purpose``,
    a ghost decision's ``reason``) beside it; an older Castra wrote that field alone, which is
    read here, once, by its template. The model writes such a record back as it was, so the
    bytes an export's hash chain vouches for stay what that Castra made."""
    if not isinstance(data, dict) or english not in data:
        return data, None
    data = dict(data)
    written = data.pop(english)
    if "said" in data:
        return data, None  # the English of what it says, written beside it
    if isinstance(written, Said):
        return {**data, "said": written}, None
    return {**data, "said": upcast(str(written))}, str(written)


def made(text: str) -> bool:
    """``text`` is what one of :data:`TEMPLATES` made, whole (a side after a purpose only
    when that purpose is one too): not a place the app put before it ("Winter: …")."""
    found = _read(text)
    if not isinstance(found, Said):
        return False
    if found.key == SIDE:
        return isinstance(found.values["purpose"], Said)
    return True


def _read(text: str) -> Value:
    for template in TEMPLATES:
        matched = _pattern(template).fullmatch(text)
        if matched is not None:
            values = {name: _named(name, part) for name, part in matched.groupdict().items()}
            return Said(key=template, values=values)
    return Typed(text=text)


def _named(name: str, part: str) -> Value:
    if name in _SIGNED:
        return Signed(value=int(part))
    if name in _WHOLE:
        return Number(value=int(part))
    if name in _TYPED:
        return Typed(text=part)
    # A figure, a change or a place is read as one only when it says again what was stored
    # ("+04" is not a change Castra wrote): else as written.
    value: Value
    if name in _FIGURES and _FIGURE.fullmatch(part):
        value = Number(value=int(part) if part.isdigit() else float(part))
    elif name == "change":
        value = Signed(value=int(part.replace("−", "-")), minus="−" if "−" in part else "-")
    elif name in _PLACES:
        value = Province(name=part)
    else:
        return _value(part)
    return value if render_data(value.model_dump(), "en") == part else Typed(text=part)


def _value(part: str) -> Value:
    if _GAP.fullmatch(part):
        return Said(key="{number}%", values={"number": Number(value=float(part[:-1]), spec="+g")})
    if part.isascii() and part.isdigit() and part == str(int(part)):
        return Number(value=int(part))
    if part in SHIPPED_NATIONS:
        return Nation(name=part)
    if part in WORDS:
        return Said(key=part)
    return _read(part)
