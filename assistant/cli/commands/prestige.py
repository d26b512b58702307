"""``castra prestige``: prestige won and lost in a battle (T4.1) or by another deed (T4.2)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from armylists.names import nation_key, nation_name
from assistant.cli.commands._converters import (
    add_rule_option,
    check_half_pm_use,
    pm_value,
    rules_from_args,
    rules_json,
    show_pm,
)
from assistant.cli.common import CliError, emit, flag
from converters.i18n import N_, _

if TYPE_CHECKING:
    from assistant.cli.common import Subcommands

_EVENTS = (
    "city-taken",
    "city-sacked",
    "province-sacked",
    "treaty-broken",
    "peace-imposed",
    "peace-agreed",
)


def register(subparsers: Subcommands) -> None:
    parser = subparsers.add_parser(
        "prestige",
        help=_("prestige after a battle (T4.1) or another deed (T4.2)"),
        description=(
            _(
                "Battle prestige (T4.1): give the four PM figures. "
                "Other deeds (T4.2): give --event and --actor instead."
            )
        ),
    )
    battle = parser.add_argument_group(_("battle (T4.1)"))
    battle.add_argument("--winner-pm", type=pm_value, metavar="N", help=_("the winner's PM"))
    battle.add_argument("--loser-pm", type=pm_value, metavar="N", help=_("the loser's PM"))
    battle.add_argument(
        "--winner-lost",
        type=pm_value,
        metavar="N",
        help=_("PM the winner lost (a city's defender may give halves: doubled hits ÷ 2, T3.5)"),
    )
    battle.add_argument(
        "--loser-lost",
        type=pm_value,
        metavar="N",
        help=_("PM the loser lost (a city's defender may give halves: doubled hits ÷ 2, T3.5)"),
    )
    battle.add_argument(
        "--city-assault",
        action="store_true",
        help=_("a city assault: the defender's PM and losses count double"),
    )
    battle.add_argument(
        "--defender",
        choices=("winner", "loser"),
        default="loser",
        help=_("who held the city in a city assault (default: loser, the city fell)"),
    )
    deed = parser.add_argument_group(_("other deeds (T4.2)"))
    deed.add_argument("--event", choices=_EVENTS, help=_("what happened"))
    deed.add_argument(
        "--actor", metavar="NATION", type=nation_key, help=_("the nation that did it")
    )
    deed.add_argument(
        "--peace-value", type=int, metavar="X", help=_("the X of an imposed peace (+X / −X)")
    )
    deed.add_argument(
        "--at-peace",
        action="store_true",
        help=_("a sack of land of a nation the sacker is not formally at war with"),
    )
    deed.add_argument(
        "--gaul-or-liguria", action="store_true", help=_("the sacked land is in Gaul or Liguria")
    )
    deed.add_argument(
        "--started-greek",
        action="store_true",
        help=_("the sacked land started the campaign Greek or Syracusan"),
    )
    deed.add_argument(
        "--earlier-sacks",
        type=int,
        default=0,
        metavar="N",
        help=_("the sacker's earlier sacks at peace (Carthage's first is tolerated)"),
    )
    add_rule_option(parser)
    parser.add_argument("--json", action="store_true", help=_("print one JSON object"))
    parser.set_defaults(handler=run)


_VICTORIES = {
    ("narrow", "minor"): N_("A narrow victory in a minor battle"),
    ("narrow", "major"): N_("A narrow victory in a major battle"),
    ("clear", "minor"): N_("A clear victory in a minor battle"),
    ("clear", "major"): N_("A clear victory in a major battle"),
}
"""T4.1's four kinds of victory, as the text output names them."""

_DEED_NAMES = {
    "city-taken": N_("City taken"),
    "city-sacked": N_("City sacked"),
    "province-sacked": N_("Province sacked"),
    "treaty-broken": N_("Treaty broken"),
    "peace-imposed": N_("Peace imposed"),
    "peace-agreed": N_("Peace agreed"),
}
"""T4.2's deeds (``--event`` values) in words."""


def _battle(args: argparse.Namespace) -> int:
    from converters.prestige import battle_prestige

    for field in ("winner_pm", "loser_pm", "winner_lost", "loser_lost"):
        if getattr(args, field) is None:
            raise CliError(
                _("{option}: required (or give --event for T4.2)").format(option=flag(field))
            )
    for field in ("winner_pm", "loser_pm"):
        if getattr(args, field) == 0:
            # Only an empty city's garrison fights with less than 1 PM, and it has ½ (T3.5).
            raise CliError(
                _("{option}: more than 0 PM (0.5 for an empty city's garrison)").format(
                    option=flag(field)
                )
            )
    # T1.4, T3.5: a half PM is only the garrison of an empty city, the defender of an assault.
    for field, side in (("winner_pm", "winner"), ("loser_pm", "loser")):
        check_half_pm_use(
            getattr(args, field),
            f"--{field.replace('_', '-')}",
            garrison=args.city_assault and args.defender == side,
        )
    result = battle_prestige(
        args.winner_pm,
        args.loser_pm,
        args.winner_lost,
        args.loser_lost,
        city_assault=args.city_assault,
        defender=args.defender,
    )
    data: dict[str, Any] = {
        "kind": result.kind,
        "size": result.size,
        "winner": result.winner,
        "loser": result.loser,
    }
    counted = ""
    if args.city_assault:
        doubled = (
            _("city assault: the winner's figures doubled")
            if args.defender == "winner"
            else _("city assault: the loser's figures doubled")
        )
        counted = " ({doubled} — {figures})".format(  # punctuation only: nothing to translate
            doubled=doubled,
            figures=_("{winner_pm} v {loser_pm} PM, losses {winner_lost} v {loser_lost}").format(
                winner_pm=show_pm(result.winner_pm),
                loser_pm=show_pm(result.loser_pm),
                winner_lost=show_pm(result.winner_lost),
                loser_lost=show_pm(result.loser_lost),
            ),
        )
    text = _("{victory}{counted}: winner {winner:+d} PP, loser {loser:+d} PP").format(
        victory=_(_VICTORIES[result.kind, result.size]),
        counted=counted,
        winner=result.winner,
        loser=result.loser,
    )
    emit(args, data, text)
    return 0


def _deed(args: argparse.Namespace) -> int:
    from converters.prestige import prestige_award, sacking_penalty

    if not args.actor:
        raise CliError(_("--actor: the nation that did it, e.g. Senones"))
    from armylists import nation_lists

    try:
        # T4.2 treats some nations apart (the Senones, Carthage …): use the canonical name.
        actor = nation_lists(args.actor).name
    except ValueError as error:
        raise CliError(f"--actor: {str(error).removeprefix('nation: ')}") from None
    if args.earlier_sacks < 0:
        raise CliError(
            _("--earlier-sacks: 0 or more (got {count})").format(count=args.earlier_sacks)
        )
    rules = rules_from_args(args)
    award = prestige_award(
        args.event, actor, peace_value=args.peace_value, senones_city=rules.senones_city
    )
    data: dict[str, Any] = {
        "event": award.event.value,
        "actor": award.actor,
        "other": award.other,
        "rules": rules_json(rules),
    }
    text = _("{event} by {actor}: actor {gain:+d} PP, other {other:+d} PP").format(
        event=_(_DEED_NAMES[args.event]),
        actor=nation_name(actor),
        gain=award.actor,
        other=award.other,
    )
    if args.event == "city-taken" and actor == "Senones":
        text += rules.note("senones_city")
    if args.event in ("city-sacked", "province-sacked"):
        from converters.said import render  # pydantic: only once a penalty is shown

        penalty = sacking_penalty(
            actor,
            in_gaul_or_liguria=args.gaul_or_liguria,
            at_war_with_owner=not args.at_peace,
            started_greek_or_syracusan=args.started_greek,
            earlier_sacks_at_peace=args.earlier_sacks,
        )
        data["sacking_penalty"] = penalty.pp
        data["actor_total"] = award.actor + penalty.pp
        text += "\n" + _("Sacking penalty {pp:+d} PP ({reason})").format(
            pp=penalty.pp, reason=render(penalty.told)
        )
    emit(args, data, text)
    return 0


def run(args: argparse.Namespace) -> int:
    if args.event is not None:
        return _deed(args)
    return _battle(args)
