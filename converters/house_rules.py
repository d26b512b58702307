"""House rules: every reading a club may settle otherwise, as data (docs/rules.md, section H).

Clubs always adapt campaign rules. Rather than hard-code one reading, each arguable point is a
named option with the project's reading as default; a campaign stores its choice, the stateless
commands take ``--rule NAME=VALUE``, and a change mid-campaign is a ledger event, so a replay
uses the options in force at each event. The configurable numbers (T1.1–T1.3 rates, T2.1 AP,
T6.2 upkeep) are options too: they are the fields of :class:`~converters.rates.ConversionRates`.

This module only holds the choice and its parsing. Each reading is applied by one function in
the module of its rule (grep for the rule id): T3.3 :func:`pursue_both`, T3.6
``converters.dice_battle.interception_roll``, T4.2 ``converters.prestige.prestige_award``,
T5.7 ``converters.control.control_keeper``, T1.8 ``converters.budgets.advise_resolution``,
T2.6 :func:`loss_model`, G3.2 ``ghost.orders.GhostGeneral.may_change_to``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, ValidationError

from converters.i18n import N_, _
from converters.said import Said, said, typed

NOTE = N_(" (house rule {name} = {value})")
"""The note on a result that followed a club's reading, not ours."""

if TYPE_CHECKING:
    # The rates are imported when first asked for: the stateless commands that take
    # ``--rule`` but no number (odds, prestige …) never build ConversionRates (issue 26).
    from converters.rates import ConversionRates

__all__ = [
    "DEFAULT_RULES",
    "OPTION_RULE",
    "BothRetreat",
    "ControlTie",
    "ForcedMarchBar",
    "HouseRules",
    "Interception",
    "LossModel",
    "MercenaryUpkeep",
    "OrderChange",
    "Orders",
    "SenonesCity",
    "SmallBattle",
    "loss_model",
    "option_names",
    "parse_rule_items",
    "pursue_both",
    "rule_of",
]

Interception = Literal["at_most", "at_least"]
"""T3.6: a fleet is caught if the roll is at most (Reading) or at least the sum."""
BothRetreat = Literal["no_pursuit", "both_pursued"]
"""T3.3: when both sides retreat, nobody is pursued (Reading) or both suffer a pursuit roll."""
SenonesCity = Literal["no_change", "owner_loses"]
"""T4.2: a city taken by the Senones changes nobody's prestige (Reading), or its owner loses 3."""
ControlTie = Literal["occupier", "owner"]
"""T5.7: a tied control check goes to the occupier, who holds it (Reading), or to the owner."""
SmallBattle = Literal["either_side", "both_sides"]
"""T1.8: dice when either side (Reading) or both sides have fewer than 2 PM."""
LossModel = Literal["table", "recovery"]
"""T2.6: campaign losses from the table's figures (T2.1–T2.3) or by the recovery roll."""
MercenaryUpkeep = Literal["employer", "own"]
"""T5.5, T6.2: mercenaries' upkeep and siege costs are paid by the nation employing them
(Reading) or by their own nation."""
ForcedMarchBar = Literal["morale", "province_loyalty"]
"""D5: a forced march is barred to an army whose morale is 2 or less (Reading), or where the
province's loyalty to its side is 2 or less (the seed's words)."""
OrderChange = Literal["sign_inversion", "threshold_cross"]
"""G3.2: orders change when the gap's sign has inverted (Reading) or only when the other
threshold is reached."""

Orders = Literal["sealed", "immediate"]
"""T5.2, T7.3: orders handed in sealed and carried out together (Reading), or each move carried
out as it is entered (a club moving the figures on a table one by one)."""

OPTION_RULE: dict[str, str] = {
    "interception": "T3.6",
    "both_retreat": "T3.3",
    "senones_city": "T4.2",
    "control_tie": "T5.7",
    "small_battle": "T1.8",
    "losses": "T2.6",
    "order_change": "G3.2",
    "orders": "T7.3",
    "mercenary_upkeep": "T5.5",
    "forced_march_bar": "D5",
}
"""Each named option and the rule whose reading it chooses (docs/rules.md H)."""

_RATE_RULES: dict[str, str] = {
    "fog_points_per_pm": "T1.1",
    "dbm_points_per_pm": "T1.2",
    "dba_elements_per_pm": "T1.3",
    "dba_elements_per_command": "T1.3",
    "dice_min_pm": "T1.8",
    "dice_ratio": "T1.8",
    "fog_ap_broken": "T2.1",
    "fog_ap_fragmented": "T2.1",
    "fog_ap_camp": "T2.1",
    "recovery_target": "T2.6",
    "recovery_holds_field": "T2.6",
    "recovery_routed": "T2.6",
    "recovery_commander_killed": "T2.6",
    "recovery_allied": "T2.6",
    "upkeep_per_winter_fortnight": "T6.2",
}
"""Each configurable number and its rule; all but the upkeep are ConversionRates fields."""

MOST_NUMBER = 1_000_000
"""No campaign needs a configurable number beyond this; a larger one is a typing mistake."""

UPKEEP = "upkeep_per_winter_fortnight"
"""T6.2's number lives in the scenario's economy; the option overrides it when set."""
DEFAULT_UPKEEP = 1
"""T6.2: 1 PE per PM per winter fortnight (the seed's)."""


class HouseRules(BaseModel):
    """The options in force (docs/rules.md H), defaults first, and the numbers changed."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    interception: Interception = "at_most"
    """T3.6."""
    both_retreat: BothRetreat = "no_pursuit"
    """T3.3."""
    senones_city: SenonesCity = "no_change"
    """T4.2."""
    control_tie: ControlTie = "occupier"
    """T5.7."""
    small_battle: SmallBattle = "either_side"
    """T1.8."""
    losses: LossModel = "table"
    """T2.6."""
    order_change: OrderChange = "sign_inversion"
    """G3.2."""
    orders: Orders = "sealed"
    """T5.2, T7.3 (a campaign created before the option reads ``immediate``: see
    ``assistant.ledger.events.CampaignCreated``)."""
    mercenary_upkeep: MercenaryUpkeep = "employer"
    """T5.5, T6.2."""
    forced_march_bar: ForcedMarchBar = "morale"
    """D5."""
    numbers: dict[str, int] = {}
    """The configurable numbers changed from their defaults (T1, T2, T6.2), by name."""

    def rates(self, base: ConversionRates | None = None) -> ConversionRates:
        """``base`` (the shipped rates if None) with the numbers this campaign changed (the
        upkeep is not a rate)."""
        from converters.rates import DEFAULT_RATES, ConversionRates

        base = DEFAULT_RATES if base is None else base
        changed = {k: v for k, v in self.numbers.items() if k != UPKEEP}
        if not changed:
            return base
        return ConversionRates.model_validate({**base.model_dump(), **changed})

    def upkeep(self, scenario_default: int = DEFAULT_UPKEEP) -> int:
        """T6.2: PE per PM per winter fortnight: the option if set, else the scenario's."""
        return self.numbers.get(UPKEEP, scenario_default)

    def with_rule(self, name: str, value: str) -> HouseRules:
        """These rules with option ``name`` set to ``value`` (typed as text); a ValueError
        naming the option and listing what is valid otherwise."""
        name = name.strip()
        value = value.strip()
        if name in OPTION_RULE:
            allowed: tuple[str, ...] = get_args(type(self).model_fields[name].annotation)
            if value not in allowed:
                raise ValueError(
                    _("rule {name}: one of {allowed} (got {value!r})").format(
                        name=name, allowed=", ".join(allowed), value=value
                    )
                )
            return self.model_copy(update={name: value})
        if name in _RATE_RULES:
            try:
                number = int(value)
            except ValueError:
                raise ValueError(
                    _("rule {name}: a whole number (got {value!r})").format(name=name, value=value)
                ) from None
            if abs(number) > MOST_NUMBER:
                raise ValueError(
                    _("rule {name}: at most {most} (got {value})").format(
                        name=name, most=MOST_NUMBER, value=value
                    )
                )
            numbers = {**self.numbers, name: number}
            try:
                HouseRules(numbers=numbers).rates()  # the number's own bounds (ConversionRates)
            except ValidationError as error:
                message = error.errors()[0].get("msg", "invalid value")
                raise ValueError(
                    _("rule {name}: {message} (got {value})").format(
                        name=name, message=message, value=number
                    )
                ) from None
            if name == UPKEEP and number < 0:
                raise ValueError(
                    _("rule {name}: 0 or more (got {value})").format(name=name, value=number)
                )
            return self.model_copy(update={"numbers": numbers})
        raise ValueError(
            _("rule: unknown option {name!r}; one of {names}").format(
                name=name, names=", ".join(option_names())
            )
        )

    def values(self, scenario_upkeep: int = DEFAULT_UPKEEP) -> dict[str, Any]:
        """Every option and every configurable number with its value in force, in the order
        of docs/rules.md H (``castra campaign rules --json``)."""
        shown: dict[str, Any] = {name: getattr(self, name) for name in OPTION_RULE}
        rates = self.rates().model_dump()
        for name in _RATE_RULES:
            shown[name] = self.upkeep(scenario_upkeep) if name == UPKEEP else rates[name]
        return shown

    def changed(self) -> dict[str, Any]:
        """Only the options and numbers that differ from the defaults (a number differs only
        once set: the rates are read only then)."""
        shown = {
            name: getattr(self, name)
            for name in OPTION_RULE
            if getattr(self, name) != getattr(DEFAULT_RULES, name)
        }
        if self.numbers:
            values = self.values()
            shown.update({name: values[name] for name in _RATE_RULES if name in self.numbers})
        return shown

    def note(self, name: str) -> str:
        """ " (house rule NAME = VALUE)" when option ``name`` is not the default, else "", so an
        explanation names the reading it followed."""
        value = getattr(self, name)
        if value == getattr(DEFAULT_RULES, name):
            return ""
        return self.note_for(name, value)

    def note_said(self, name: str) -> Said | None:
        """:meth:`note` as data, for what the ledger says (None for the default reading)."""
        value = getattr(self, name)
        if value == getattr(DEFAULT_RULES, name):
            return None
        return said(NOTE, name=typed(name), value=typed(str(value)))

    @staticmethod
    def note_for(name: str, value: object) -> str:
        """ " (house rule NAME = VALUE)": the reading a result followed, when it is not ours."""
        return _(NOTE).format(name=name, value=value)


DEFAULT_RULES = HouseRules()
"""The project's readings and the seed's numbers."""


def option_names() -> list[str]:
    """Every option and configurable number, as ``--rule`` accepts them."""
    return [*OPTION_RULE, *_RATE_RULES]


def rule_of(name: str) -> str:
    """The rule id an option or number belongs to ("T3.6")."""
    return OPTION_RULE.get(name) or _RATE_RULES[name]


def parse_rule_items(
    items: list[str] | tuple[str, ...], base: HouseRules = DEFAULT_RULES
) -> HouseRules:
    """``["interception=at_least", "fog_points_per_pm=500"]`` applied over ``base``."""
    rules = base
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise ValueError(
                _("rule: give NAME=VALUE, e.g. interception=at_least (got {item!r})").format(
                    item=item
                )
            )
        rules = rules.with_rule(name, value)
    return rules


def pursue_both(rules: HouseRules) -> bool:
    """T3.3 (house rule ``both_retreat``): when both sides retreat after the same round, does
    each suffer a pursuit roll by the other? The Reading (``no_pursuit``): no, both withdraw;
    ``both_pursued``: yes, both roll at once against each other, and still nobody wins."""
    return rules.both_retreat == "both_pursued"


def loss_model(rules: HouseRules) -> LossModel:
    """T2.6 (house rule ``losses``): campaign losses from the table's figures (T2.1–T2.3), or
    by the recovery roll of the campaigns without reinforcements."""
    return rules.losses
