"""Italian that agrees (issue 25): a count of 1 in the singular and 2 in the plural ("avanza 1
faccia", "avanzano 2 facce"; "manca:" before one item, "mancano:" before several), and what is
said of a fleet in the feminine, of an army in the masculine ("la flotta … si è ritirata")."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from babel.messages.pofile import read_po

from assistant.cli import main
from converters import i18n
from converters.i18n import LOCALE_DIR, ngettext


@pytest.fixture
def italian() -> Iterator[None]:
    i18n.set_language("it")
    yield
    i18n.set_language("en")


COUNTED = [
    (
        (
            "--dice: the pursuit is one d6 per PM of the pursuers; {n} face left over",
            "--dice: the pursuit is one d6 per PM of the pursuers; {n} faces left over",
        ),
        "n",
        {},
        "--dice: l'inseguimento è un d6 per PM di chi insegue; avanza 1 faccia",
        "--dice: l'inseguimento è un d6 per PM di chi insegue; avanzano 2 facce",
    ),
    (
        (
            "{name} rolls {count}: {faces} → {hits} hit on {target}+",
            "{name} rolls {count}: {faces} → {hits} hits on {target}+",
        ),
        "hits",
        {"name": "Roma", "count": 2, "faces": "5 6", "target": 5},
        "Roma tira 2: 5 6 → 1 colpo con 5+",
        "Roma tira 2: 5 6 → 2 colpi con 5+",
    ),
    (
        ("lacks: {missing}", "lacks: {missing}"),
        None,
        {"missing": "Capua"},
        "manca: Capua",
        "mancano: Capua",
    ),
]
"""Each counted message (singular, plural), the placeholder the count fills (None: the count
is the number of items listed), its other values, and the Italian at 1 and 2."""


@pytest.mark.parametrize(("message", "count", "values", "one", "two"), COUNTED)
def test_a_count_of_one_is_singular_and_two_plural(
    italian: None,
    message: tuple[str, str],
    count: str | None,
    values: dict[str, object],
    one: str,
    two: str,
) -> None:
    for number, expected in ((1, one), (2, two)):
        said = ngettext(*message, number)
        assert said.format(**values, **({count: number} if count else {})) == expected


def test_a_battles_hits_agree_with_their_count_on_the_command_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """T3.1 on the CLI: a battle in Italian says "1 colpo" and "0 colpi"."""
    code = main(
        ["--lang", "it", "battle", "2", "2", "--dice", "5,1,1,1,6,1,1",
         "--a-retreat-at", "0", "--b-retreat-at", "0", "--a-name", "Rome", "--b-name", "Pyrrhus"]
    )  # fmt: skip
    out = capsys.readouterr().out
    i18n.set_language("en")
    assert code == 0
    assert "Roma tira 2: 5 1 → 1 colpo con 5+" in out
    assert "Pirro tira 2: 1 1 → 0 colpi con 5+" in out
    assert "Risultato dopo 2 round:" in out


_PARTICIPLE = re.compile(
    r"\b(?:è|si è|sono|si sono) (?:già |stat[oaie] )?(\w+(?:at|it|ut|s|tt)[oaie])\b"
)


def _italian() -> dict[str, str]:
    with (LOCALE_DIR / "it" / "LC_MESSAGES" / "castra.po").open("rb") as handle:
        catalogue = read_po(handle, locale="it")
    return {
        m.id: m.string
        for m in catalogue
        if m.id and isinstance(m.id, str) and isinstance(m.string, str)
    }


def test_what_is_said_of_a_fleet_is_feminine() -> None:
    """Every message that starts with a fleet ("{fleet} … retreated", "the fleet {fleet} was
    not intercepted") puts its participle in the feminine: *flotta* is feminine."""
    checked = 0
    for msgid, msgstr in _italian().items():
        if not re.match(r"\{fleet\}|.*\bfleet \{fleet\}", msgid):
            continue
        for participle in _PARTICIPLE.findall(msgstr):
            checked += 1
            assert participle.endswith(("a", "e")), (msgid, msgstr)  # -a, or -e for two
    assert checked >= 4  # retreated, stayed, surrendered, not intercepted …


def test_a_move_said_of_an_army_or_a_fleet_alike_has_no_gendered_participle(
    italian: None,
) -> None:
    """A player's packet says how each order went ("Flotta di Roma I: … — giunge a Capua"):
    the same words follow an army and a fleet, so they must agree with both (T7.3, T7.4)."""
    for message in (
        "ended at {end}",
        "stayed at {end}",
        "stopped at {end}: met another fleet on the way (T7.4)",
    ):
        said = i18n._(message).format(end="Capua")
        assert said != message.format(end="Capua")
        assert not re.search(r"\b\w+(?:at|it|ut)[oa]\b", said.split(":")[0]), said
