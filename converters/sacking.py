"""Sacking a province or a city: the money at once and the prestige it wins and costs (T5.3,
T4.2).

The seed makes sacking pay (three times the value at once) and hurt (no tribute until spring,
loyalty toward the sacker −10 for ever), and weighs it in prestige: only the Senones gain, the
sacked always lose, and a nation may lose face by its own people's standards. The prestige rows
are :mod:`converters.prestige`'s; this module puts them together with the money for one sack.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from converters.i18n import N_, _
from converters.prestige import PrestigeEvent, prestige_award, sacking_penalty
from converters.said import Said, Signed, clauses, nation, said

__all__ = ["SACK_LOYALTY", "SackResult", "sack"]

GREEK_LAND = frozenset({"Magna Graecia", "Syracuse"})
"""T4.2: land that started Greek or Syracusan."""
WILD_REGIONS = frozenset({"Gallia Cisalpina", "Liguria"})
"""T4.2: Gaul and Liguria are not "civilian land"."""
SACK_LOYALTY = -10
"""T5.3: a sacked province's loyalty toward its sacker, for ever."""
CHANGE = N_("{nation} {change}: {why}")
"""One nation's prestige change with its rule ("Senones +4: T4.2 province-sacked")."""
DEEDS = {
    PrestigeEvent.CITY_SACKED: N_("T4.2 city-sacked"),
    PrestigeEvent.PROVINCE_SACKED: N_("T4.2 province-sacked"),
}
"""T4.2's rows of a sack, as the ledger names them."""


class SackResult(BaseModel):
    """What one sack brings (T5.3) and costs in prestige (T4.2)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    pe: int
    """PE the sacker takes at once: 3 × the province's value."""
    prestige: dict[str, int]
    """PP won (+) or lost (−) per nation."""
    told: list[Said]
    """Each prestige change with its rule, as data: "Senones +4: T4.2 province-sacked"."""

    @property
    def reasons(self) -> list[str]:
        """Each prestige change with its rule, in English."""
        return [reason.english() for reason in self.told]

    @property
    def said(self) -> Said:
        """Every change one after the other ("; " between them), as the ledger records it."""
        return clauses(*self.told)


def sack(
    *,
    sacker: str,
    victim: str,
    value: int,
    city: bool,
    region: str,
    started_as: str,
    at_war_with_victim: bool,
    earlier_sacks: int = 0,
) -> SackResult:
    """T5.3 and T4.2: ``sacker`` sacks a province (a ``city`` or not) of ``value`` PE in
    ``region``, held now by ``victim``, whose homeland at the start was ``started_as``.

    ``at_war_with_victim``: False when they are allied or at peace by treaty ("not formally at
    war"); ``earlier_sacks``: how many times ``sacker`` has sacked before (Carthage's first is
    tolerated). Raises ValueError naming ``province`` for land the sacker held from the start.
    """
    if started_as == sacker:
        raise ValueError(
            _("province: {nation} never sacks land it held from the start (T5.3)").format(
                nation=_(sacker)
            )
        )
    prestige: dict[str, int] = {}
    told: list[Said] = []

    def change(who: str, points: int, why: Said) -> None:
        if points:
            prestige[who] = prestige.get(who, 0) + points
            told.append(said(CHANGE, nation=nation(who), change=Signed(value=points), why=why))

    row = PrestigeEvent.CITY_SACKED if city else PrestigeEvent.PROVINCE_SACKED
    award = prestige_award(row, sacker)
    deed = said(DEEDS[row])
    change(sacker, award.actor, deed)
    if victim != sacker and victim not in ("", "Neutral"):
        change(victim, award.other, deed)
    penalty = sacking_penalty(
        sacker,
        in_gaul_or_liguria=region in WILD_REGIONS,
        at_war_with_owner=at_war_with_victim,
        started_greek_or_syracusan=started_as in GREEK_LAND,
        earlier_sacks_at_peace=earlier_sacks,
    )
    change(sacker, penalty.pp, penalty.told)
    return SackResult(pe=3 * value, prestige=prestige, told=told)
