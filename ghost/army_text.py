"""The ghost's order of battle as a player types it: one corps a line, read and written back.

The app's order-of-battle box and a saved battle resumed both go through here, so the text a
player types and the text shown again are one format (G2.1 brigades as strength modifiers).
"""

from __future__ import annotations

import re

from pydantic import ValidationError

from ghost.battle import Corps, Division, GhostArmy

__all__ = ["ARMY_LINE", "ArmyProblem", "army_text", "parse_army"]

ARMY_LINE = re.compile(r"^\s*(?P<name>[^():]*?)\s*\((?P<quality>[a-z]+)\)\s*:\s*(?P<divisions>.+)$")
"""``NAME (QUALITY): DIVISION MODS…; DIVISION MODS…``"""


class ArmyProblem(ValueError):
    """The order of battle cannot be read; the message names the line."""


def _problem(error: ValidationError | ValueError) -> str:
    if isinstance(error, ValidationError):
        first = error.errors()[0]
        where = ".".join(str(part) for part in first.get("loc", ()))
        return f"{where}: {first['msg']}" if where else str(first["msg"])
    return str(error)


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
                f"army line {number}: write 'NAME (good): Division 0 +1; Division 0' "
                f"(got {line.strip()!r})"
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
                    f"army line {number}: a division needs a name before its brigades"
                )
            if not modifiers:
                raise ArmyProblem(
                    f"army line {number}: {' '.join(words)} needs its brigades' modifiers, "
                    "e.g. 0 +1"
                )
            try:
                divisions.append(Division(name=" ".join(words), brigades=modifiers))
            except ValidationError as error:
                raise ArmyProblem(f"army line {number}: {error.errors()[0]['msg']}") from None
        try:
            corps.append(Corps(quality=match["quality"], divisions=divisions, name=match["name"]))
        except ValidationError as error:
            first = error.errors()[0]
            where = ".".join(str(p) for p in first["loc"])
            raise ArmyProblem(f"army line {number}: {where}: {first['msg']}") from None
    if not corps:
        raise ArmyProblem("army: enter at least one corps")
    try:
        army = GhostArmy(corps=corps, other_units=other_units)
        for corps_ in army.corps:
            for division in corps_.divisions:
                _ = division.strength  # G2.1 checks the modifiers are −3 … +3
    except (ValidationError, ValueError) as error:
        raise ArmyProblem(f"army: {_problem(error)}") from None
    return army


def army_text(army: GhostArmy) -> str:
    """An order of battle written back in the box's format (to resume a saved battle)."""
    lines = []
    for number, corps in enumerate(army.corps, start=1):
        divisions = "; ".join(
            f"{d.name} " + " ".join(f"{m:+d}" if m else "0" for m in d.brigades)
            for d in corps.divisions
        )
        lines.append(f"{corps.name or f'Corps {number}'} ({corps.quality.value}): {divisions}")
    return "\n".join(lines) + "\n"
