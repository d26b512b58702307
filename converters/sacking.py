"""Sacking a province or a city: the money at once and the prestige it wins and costs (RULES.md
T5.3, T4.2).

The seed makes sacking pay (three times the value at once) and hurt (no tribute until spring,
loyalty toward the sacker −10 for ever), and weighs it in prestige by who sacks what: only the
Senones gain from it, the sacked always lose, and civilised nations lose face for sacking the
land of a nation they are not at war with. This module is that arithmetic; the ledger supplies
the facts from the map.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from converters.i18n import _

__all__ = ["SACK_LOYALTY", "SackResult", "sack"]

SENONES = "Senones"
"""T4.2: the only nation that gains prestige by sacking."""
GREEKS = frozenset({"Magna Graecia", "Syracuse", "Pyrrhus"})
"""T4.2: the Greeks, Syracuse and Pyrrhus answer for any land that started Greek or Syracusan."""
GREEK_LAND = frozenset({"Magna Graecia", "Syracuse"})
"""T4.2: land that started Greek or Syracusan."""
CIVILISED = frozenset({"Rome", "Etruscans"})
"""T4.2: Romans and Etruscans answer only for civilian land of a nation not at war with them."""
CARTHAGE = "Carthage"
"""T4.2: Carthage answers like Rome, but its first sack is tolerated."""
WILD_REGIONS = frozenset({"Gallia Cisalpina", "Liguria"})
"""T4.2: Gaul and Liguria are not "civilian land"; the Senones are penalised for sacking there."""
SACK_LOYALTY = -10
"""T5.3: a sacked province's loyalty toward its sacker, for ever."""


class SackResult(BaseModel):
    """What one sack brings (T5.3) and costs in prestige (T4.2)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    pe: int
    """PE the sacker takes at once: 3 × the province's value."""
    prestige: dict[str, int]
    """PP won (+) or lost (−) per nation."""
    reasons: list[str]
    """Each prestige change with its rule, in words."""


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
                nation=sacker
            )
        )
    prestige: dict[str, int] = {}
    reasons: list[str] = []

    def change(nation: str, points: int, why: str) -> None:
        prestige[nation] = prestige.get(nation, 0) + points
        reasons.append(f"{nation} {points:+d}: {why}")

    what = "city" if city else "province"
    if sacker == SENONES:
        change(sacker, 8 if city else 4, f"T4.2 the Senones sack a {what}")
    if victim != sacker and victim not in ("", "Neutral"):
        change(victim, -3 if city else -1, f"T4.2 its {what} sacked")
    civilian_peace = not at_war_with_victim and region not in WILD_REGIONS
    if sacker in GREEKS and (civilian_peace or started_as in GREEK_LAND):
        change(sacker, -1, "T4.2 a Greek sacking civilian or Greek land")
    elif sacker in CIVILISED and civilian_peace:
        change(sacker, -1, "T4.2 sacking civilian land of a nation not at war with it")
    elif sacker == CARTHAGE and civilian_peace and earlier_sacks > 0:
        change(sacker, -1, "T4.2 Carthage's sacks after the first tolerated one")
    elif sacker == SENONES and region in WILD_REGIONS:
        change(sacker, -1, "T4.2 the Senones sacking in Gaul or Liguria")
    return SackResult(pe=3 * value, prestige=prestige, reasons=reasons)
