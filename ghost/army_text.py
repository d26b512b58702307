"""The ghost's order of battle as a player types it: one corps a line, read and written back.

The app's order-of-battle box and a saved battle resumed both go through here, so the text a
player types and the text shown again are one format (G2.1 brigades as strength modifiers).
"""

from __future__ import annotations

import re

from pydantic import ValidationError

from converters.errors import FieldError, field_error, naming_field
from converters.i18n import _, in_every_language
from ghost.battle import Corps, Division, GhostArmy
from ghost.gap import brigade_strength
from ghost.generals import Quality

__all__ = ["ARMY_LINE", "ArmyProblem", "army_text", "parse_army"]

ARMY_LINE = re.compile(
    r"^\s*(?P<name>[^():]*?)\s*\((?P<quality>[^\W\d_]+)\)\s*:\s*(?P<divisions>.+)$"
)
"""``NAME (QUALITY): DIVISION MODS…; DIVISION MODS…``"""


def _quality(typed: str) -> str:
    """A corps' quality typed in English or Italian, any case ("Buono" → "good", the seed's
    scarso / mediocre / buono / eccellente, G1); anything else as typed, for the refusal."""
    wanted = typed.casefold()
    for quality in Quality:
        if wanted in {said.casefold() for said in in_every_language(quality.value)}:
            return quality.value
    return typed


class ArmyProblem(FieldError):
    """The order of battle cannot be read: the field is the army box (``army``), or the army's
    part at fault (``quality``, ``brigades``, ``other_units`` …); the message names the line."""


def _on_line(number: int, problem: FieldError) -> ArmyProblem:
    """``problem`` with the line it is on: "army: line 2: {quality}: one of …", the part at
    fault named by the interface."""
    if problem.field in ("", "army"):
        return ArmyProblem(
            "army", _("line {number}: {reason}"), number=number, reason=problem.reason()
        )
    return ArmyProblem(
        "army",
        naming_field(_("line {number}: {part}: {reason}"), "part", problem.field),
        number=number,
        reason=problem.reason(),
    )


def _division(name: str, modifiers: list[int]) -> Division:
    division = Division(name=name, brigades=modifiers)
    for modifier in modifiers:
        brigade_strength(modifier)  # G2.1: a modifier is −3 … +3
    return division


def parse_army(text: str, other_units: int = 0) -> GhostArmy:
    """Read the order-of-battle box into a :class:`ghost.battle.GhostArmy`.

    One corps a line: ``NAME (QUALITY): DIVISION MODS…; DIVISION MODS…`` where MODS are the
    brigades' strength modifiers (−3 … +3, G2.1). Blank lines and ``#`` comments are skipped.
    Raises :class:`ArmyProblem` naming the line.
    """
    corps: list[Corps] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        match = ARMY_LINE.match(line)
        if match is None:
            raise ArmyProblem(
                "army",
                _("line {number}: write 'NAME (good): Division 0 +1; Division 0' (got {line!r})"),
                number=number,
                line=line.strip(),
            )
        divisions: list[Division] = []
        for part in match["divisions"].split(";"):
            words = part.split()
            if not words:
                continue
            modifiers: list[int] = []
            while words and re.fullmatch(r"[+-]?\d", words[-1]):
                modifiers.insert(0, int(words.pop()))
            if not words:
                raise ArmyProblem(
                    "army",
                    _("line {number}: a division needs a name before its brigades"),
                    number=number,
                )
            if not modifiers:
                raise ArmyProblem(
                    "army",
                    _("line {number}: {division} needs its brigades' modifiers, e.g. 0 +1"),
                    number=number,
                    division=" ".join(words),
                )
            try:
                divisions.append(_division(" ".join(words), modifiers))
            except ValidationError as error:
                raise _on_line(number, field_error(error)) from None
            except FieldError as error:
                raise _on_line(number, error) from None
        try:
            corps.append(
                Corps(quality=_quality(match["quality"]), divisions=divisions, name=match["name"])
            )
        except ValidationError as error:
            raise _on_line(number, field_error(error)) from None
    if not corps:
        raise ArmyProblem("army", _("enter at least one corps"))
    try:
        return GhostArmy(corps=corps, other_units=other_units)
    except ValidationError as error:
        problem = field_error(error, "army")
        raise ArmyProblem(problem.fields, problem.message, **problem.values) from None


def army_text(army: GhostArmy) -> str:
    """An order of battle written back in the box's format (to resume a saved battle), its
    qualities in the reader's language ("buono"), which :func:`parse_army` reads back."""
    lines = []
    for number, corps in enumerate(army.corps, start=1):
        divisions = "; ".join(
            f"{d.name} " + " ".join(f"{m:+d}" if m else "0" for m in d.brigades)
            for d in corps.divisions
        )
        name = corps.name or _("Corps {number}").format(number=number)
        quality = _(corps.quality.value)
        lines.append(f"{name} ({quality}): {divisions}")
    return "\n".join(lines) + "\n"
