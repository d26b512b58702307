"""``castra losses``: a table battle's casualties → the contingent's campaign PM lost (T2)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from assistant.cli.commands._converters import (
    add_rate_option,
    add_rule_option,
    check_not_huge,
    rates_from_args,
)
from assistant.cli.common import CliError, add_dice_options, dice_from_args, emit
from converters.i18n import _

if TYPE_CHECKING:
    from assistant.cli.common import Subcommands
    from converters.losses import LandLosses


def register(subparsers: Subcommands) -> None:
    parser = subparsers.add_parser(
        "losses",
        help=_("table casualties → campaign PM lost, per contingent (T2)"),
        description=(
            _(
                "Convert one contingent's casualties on the table into campaign PM lost (nearest "
                "whole PM, half up, never more than it had). Lost land PM go to the decimated pool "
                "(T2.5)."
            )
        ),
    )
    systems = parser.add_subparsers(dest="loss_model", metavar="MODEL", required=True)

    fog = systems.add_parser("fog", help=_("Field of Glory: attrition points over BGs (T2.1)"))
    fog.add_argument("--pm", type=int, required=True, help=_("the contingent's PM"))
    fog.add_argument(
        "--battle-groups", type=int, required=True, metavar="N", help=_("BGs it fielded")
    )
    fog.add_argument(
        "--broken",
        type=int,
        default=0,
        metavar="N",
        help=_("BGs broken/routed/destroyed/off table"),
    )
    fog.add_argument("--fragmented", type=int, default=0, metavar="N", help=_("BGs fragmented"))
    fog.add_argument("--camp-sacked", action="store_true", help=_("its camp was sacked"))
    fog.add_argument(
        "--attrition",
        type=int,
        metavar="N",
        help=_("the AP total your FOG edition counted, instead of --broken"),
    )
    _outcome(fog, draw=True)
    add_rate_option(fog)
    add_rule_option(fog)
    fog.set_defaults(handler=_run_fog)

    dbm = systems.add_parser("dbm", help=_("DBM: element equivalents (T2.2)"))
    dbm.add_argument("--pm", type=int, required=True, help=_("the contingent's PM"))
    dbm.add_argument(
        "--total-eleq", required=True, metavar="X", help=_("its ElEq (halves allowed)")
    )
    dbm.add_argument("--eliminated", required=True, metavar="X", help=_("ElEq eliminated"))
    dbm.add_argument(
        "--demoralised", default="0", metavar="X", help=_("ElEq demoralised but not eliminated")
    )
    _outcome(dbm)
    dbm.set_defaults(handler=_run_dbm)

    dbmm = systems.add_parser("dbmm", help=_("DBMM: bases killed (and broken) over bases (T2.2b)"))
    dbmm.add_argument("--pm", type=int, required=True, help=_("the contingent's PM"))
    dbmm.add_argument("--bases", type=int, required=True, metavar="N", help=_("bases fielded"))
    dbmm.add_argument("--killed", type=int, required=True, metavar="N", help=_("bases killed"))
    dbmm.add_argument(
        "--broken",
        type=int,
        default=0,
        metavar="N",
        help=_("bases of its broken units not killed (the loser counts them)"),
    )
    _outcome(dbmm)
    dbmm.set_defaults(handler=_run_dbmm)

    dba = systems.add_parser("dba", help=_("DBA: elements lost over elements fielded (T2.3)"))
    dba.add_argument("--pm", type=int, required=True, help=_("the contingent's PM"))
    dba.add_argument("--elements", type=int, required=True, metavar="N", help=_("elements fielded"))
    dba.add_argument("--lost", type=int, required=True, metavar="N", help=_("elements lost"))
    _outcome(dba)
    dba.set_defaults(handler=_run_dba)

    recovery = systems.add_parser(
        "recovery", help=_('the "recovery" model: 1d6 per lost base, 5+ recovers it (T2.6)')
    )
    recovery.add_argument("--pm", type=int, required=True, help=_("the contingent's land PM"))
    recovery.add_argument("--bases", type=int, required=True, metavar="N", help=_("bases fielded"))
    recovery.add_argument(
        "--destroyed", type=int, required=True, metavar="N", help=_("bases destroyed")
    )
    recovery.add_argument(
        "--routed", type=int, required=True, metavar="N", help=_("bases in routed units")
    )
    recovery.add_argument(
        "--naval-lost",
        type=int,
        default=0,
        metavar="N",
        help=_("naval points lost (sunk if not recovered)"),
    )
    recovery.add_argument(
        "--field", action="store_true", help=_("its side holds the battlefield (+2)")
    )
    recovery.add_argument(
        "--commander-killed", action="store_true", help=_("its commander was killed (−1)")
    )
    recovery.add_argument("--allied", action="store_true", help=_("allied land troops (−1)"))
    add_dice_options(recovery)
    add_rate_option(recovery)
    add_rule_option(recovery)
    recovery.add_argument("--json", action="store_true", help=_("print one JSON object"))
    recovery.set_defaults(handler=_run_recovery)


def _outcome(parser: argparse.ArgumentParser, *, draw: bool = False) -> None:
    parser.add_argument(
        "--outcome",
        choices=("won", "lost", "draw") if draw else ("won", "lost"),
        required=True,
        help=(
            _("how the battle went for it (a draw: it counts its own AP as a loser, T2.1)")
            if draw
            else _("how the battle went for it")
        ),
    )
    parser.add_argument("--json", action="store_true", help=_("print one JSON object"))


def _emit_land(args: argparse.Namespace, result: LandLosses, extra: dict[str, Any]) -> int:
    data: dict[str, Any] = {
        "pm_lost": result.pm_lost,
        "pm_left": result.pm_left,
        "decimated": result.decimated,
        **extra,
    }
    dump = result.model_dump(mode="json")
    share = _("{pm} PM × {counted} ÷ {out_of}").format(
        pm=result.pm, counted=dump["counted"], out_of=dump["out_of"]
    )
    heading = {
        "won": _("{system} losses (winner)"),
        "lost": _("{system} losses (loser)"),
        "draw": _("{system} losses (draw, counted as a loser)"),
    }[result.outcome]
    text = "\n".join(
        (
            heading.format(system=result.system.upper())
            + ": "
            + _("{share} → {lost} PM lost, {left} PM left").format(
                share=share, lost=result.pm_lost, left=result.pm_left
            ),
            _(
                "Decimated (T2.5): {decimated} PM, each rebuilt for half the recruitment cost "
                "up to and including the next winter turn"
            ).format(decimated=result.decimated),
        )
    )
    from converters.losses import fog_army_break

    broken = fog_army_break(result)
    if broken:
        text += "\n" + broken
    emit(args, data, text)
    return 0


def _run_fog(args: argparse.Namespace) -> int:
    from converters.losses import fog_losses

    result = fog_losses(
        args.pm,
        args.battle_groups,
        args.outcome,
        broken=args.broken,
        fragmented=args.fragmented,
        camp_sacked=args.camp_sacked,
        attrition=args.attrition,
        rates=rates_from_args(args, "fog"),
    )
    return _emit_land(
        args, result, {"effective_ap": result.effective_ap, "army_broken": result.army_broken}
    )


def _run_dbm(args: argparse.Namespace) -> int:
    from converters.losses import dbm_losses

    for option, text in (
        ("--total-eleq", args.total_eleq),
        ("--eliminated", args.eliminated),
        ("--demoralised", args.demoralised),
    ):
        check_not_huge(text, option)
    result = dbm_losses(
        args.pm, args.total_eleq, args.eliminated, args.outcome, demoralised=args.demoralised
    )
    return _emit_land(args, result, {"counted_eleq": result.model_dump(mode="json")["counted"]})


def _run_dbmm(args: argparse.Namespace) -> int:
    from converters.losses import dbmm_losses

    result = dbmm_losses(args.pm, args.bases, args.killed, args.broken, args.outcome)
    return _emit_land(args, result, {"counted_bases": result.model_dump(mode="json")["counted"]})


def _run_dba(args: argparse.Namespace) -> int:
    from converters.losses import dba_losses

    result = dba_losses(args.pm, args.elements, args.lost, args.outcome)
    return _emit_land(args, result, {})


def _run_recovery(args: argparse.Namespace) -> int:
    from converters.losses import recovery_losses

    dice = dice_from_args(args)
    result = recovery_losses(
        args.pm,
        args.bases,
        args.destroyed,
        args.routed,
        dice,
        holds_field=args.field,
        commander_killed=args.commander_killed,
        allied=args.allied,
        naval_lost=args.naval_lost,
        rates=rates_from_args(args, None),
    )
    unused = getattr(dice, "remaining", 0)
    if unused:
        # One die per lost base and naval point (T2.6): extra faces mean the count is wrong.
        raise CliError(
            _(
                "--dice: {given} faces given, but T2.6 rolls one per lost base and naval point: "
                "{needed} here"
            ).format(given=len(dice.rolls) + unused, needed=len(dice.rolls))
        )
    data = {
        "pm_lost": result.pm_lost,
        "pm_left": result.pm_left,
        "decimated": result.decimated,
        "recovered": result.recovered,
        "unrecovered": result.unrecovered,
        "naval_recovered": result.naval_recovered,
        "rolls": [roll.model_dump(mode="json") for roll in result.rolls],
    }
    from converters.dice import shown_purpose

    lines = [
        _("{purpose}: rolled {die}").format(purpose=shown_purpose(roll.said), die=roll.die)
        + (f" {roll.modifier:+d} = {roll.total}" if roll.modifier else "")
        + " → "
        + (_("recovered") if roll.recovered else _("lost"))
        for roll in result.rolls
    ]
    lines.append(
        _(
            "Recovered {recovered} of {lost_bases} lost bases; {pm} PM × {unrecovered} ÷ "
            "{bases} → {pm_lost} PM lost (decimated, T2.5), {pm_left} PM left"
        ).format(
            recovered=result.recovered,
            lost_bases=result.lost_bases,
            pm=result.pm,
            unrecovered=result.unrecovered,
            bases=result.bases,
            pm_lost=result.pm_lost,
            pm_left=result.pm_left,
        )
    )
    if result.naval_lost:
        lines.append(
            _("Naval: {recovered} of {lost} PN recovered, {sunk} sunk").format(
                recovered=result.naval_recovered,
                lost=result.naval_lost,
                sunk=result.naval_lost - result.naval_recovered,
            )
        )
    emit(args, data, "\n".join(lines))
    return 0
