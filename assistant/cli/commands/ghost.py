"""``castra ghost``: the Altar of Freedom ghost general from the command line (docs/rules.md G).

``new`` rolls a general (G1), ``replay`` replays a battle script through the orders machine
(G3), ``pp`` allocates one turn's priority points (G4.1–G4.3) and ``clock`` picks the clock die
(G4.4). The rules are imported inside the handlers so ``--json`` calls start fast.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any

from assistant.cli.commands._converters import add_rule_option, rules_from_args, rules_json
from assistant.cli.common import (
    CliError,
    add_dice_options,
    asking_dice,
    describe,
    dice_from_args,
    emit,
    parse_dice_list,
    read_json_file,
    seed_number,
)
from converters.i18n import _, format_number

if TYPE_CHECKING:
    from assistant.cli.common import Subcommands
    from converters.dice import Roll

PERSONALITIES = ("unstable", "prudent", "organised", "aggressive")


def register(subparsers: Subcommands) -> None:
    """Add ``castra ghost new|replay|pp|clock``."""
    ghost = subparsers.add_parser(
        "ghost",
        help=_("the solo ghost general (Altar of Freedom v1.7)"),
        description=_("The Altar of Freedom ghost general: generals, orders, PP and the clock."),
    )
    commands = ghost.add_subparsers(dest="ghost_command", metavar="SUBCOMMAND", required=True)

    new = commands.add_parser("new", help=_("roll a ghost general (G1)"))
    new.add_argument("--side", required=True, choices=("north", "south"), help=_("his side"))
    add_dice_options(new)
    add_rule_option(new)
    new.add_argument("--json", action="store_true", help=_("print one JSON object"))
    new.set_defaults(handler=_new)

    replay = commands.add_parser(
        "replay", help=_("replay a battle script: the ghost's orders (G3)")
    )
    replay.add_argument("file", metavar="FILE", help=_("JSON battle script"))
    replay.add_argument(
        "--physical", action="store_true", help=_("ask for each die instead of the script's dice")
    )
    add_rule_option(replay)
    replay.add_argument("--json", action="store_true", help=_("print one JSON object"))
    replay.set_defaults(handler=_replay)

    pp = commands.add_parser("pp", help=_("allocate one turn's priority points (G4.1–G4.3)"))
    pp.add_argument("file", metavar="FILE", help=_("JSON PP script"))
    pp.add_argument(
        "--physical", action="store_true", help=_("ask for each die instead of the script's dice")
    )
    pp.add_argument("--json", action="store_true", help=_("print one JSON object"))
    pp.set_defaults(handler=_pp)

    clock = commands.add_parser("clock", help=_("which offered d6 to take off the clock (G4.4)"))
    clock.add_argument("--personality", required=True, choices=PERSONALITIES)
    clock.add_argument(
        "--dice", required=True, metavar="X,Y", help=_("the two d6 offered, e.g. 2,5")
    )
    source = clock.add_mutually_exclusive_group()
    source.add_argument("--roll", type=int, metavar="R", help=_("the choosing d6, as rolled"))
    source.add_argument(
        "--seed", type=seed_number, help=_("roll the choosing d6 with a seeded generator")
    )
    source.add_argument(
        "--physical", action="store_true", help=_("ask for the choosing d6 on the terminal")
    )
    clock.add_argument("--json", action="store_true", help=_("print one JSON object"))
    clock.set_defaults(handler=_clock)


def _load_script(path_text: str, model: Any) -> Any:
    """Read and validate a JSON script; any problem is one line naming the field.

    Validation is strict: a number must be a JSON whole number (not ``"50"``, ``50.0`` or
    ``true``), since a script that says something else is a mistake worth reporting.
    """
    from pydantic import ValidationError

    read_json_file(path_text, "FILE")  # missing, not UTF-8, not JSON, too deep: one line
    text = Path(path_text).read_text(encoding="utf-8")
    try:
        return model.model_validate_json(text, strict=True)
    except ValidationError as error:
        line = describe(error, in_document=True)
        # a whole-script check: its message already starts with the field it is about
        raise CliError(line if ": " in line else f"script: {line}") from error


def _rolls_text(rolls: list[Roll]) -> str:
    from converters.said import render

    # Each die's purpose is a description (G3.1 opening order …), said in the reader's words.
    shown = (f"d{r.sides}={r.value} ({render(r.said)})" for r in rolls)
    return ", ".join(shown) or _("no dice")


def _new(args: argparse.Namespace) -> int:
    from ghost.generals import generate_general

    if args.dice is not None and len(parse_dice_list(args.dice)) != 2:
        # G1 rolls exactly two d8: a third face would be silently ignored
        raise CliError(_("--dice: give the two d8 faces, quality then personality, e.g. 6,3"))
    rules = rules_from_args(args)
    dice = asking_dice() if args.physical else dice_from_args(args)
    generated = generate_general(args.side, dice)
    data: dict[str, Any] = generated.general.summary()
    if rules_json(rules):
        data["rules"] = rules_json(rules)  # the house rules the battle will be fought with
    from converters.said import render

    rolled = ", ".join(f"{render(roll.said)} d8={roll.value}" for roll in generated.rolls)
    text = "\n".join(
        [
            _("Ghost general ({side}): {quality}, {personality}  [{rolled}]").format(
                # G1's side, quality and personality are the catalogue's own words.
                side=_(args.side),
                quality=_(str(data["quality"])),
                personality=_(str(data["personality"])),
                rolled=rolled,
            ),
            "  "
            + _(
                "order modifier {modifier:+d}; command points {command_points}, "
                "radius {radius}″; PP bonus {pp_bonus}"
            ).format(**data),
            "  "
            + _(
                "gap threshold ±{gap_threshold}%; leaves the field at {leave_at} of units lost"
            ).format(gap_threshold=data["gap_threshold"], leave_at=f"{data['leave_at']}%"),
        ]
    )
    emit(args, data, text)
    return 0


def _replay(args: argparse.Namespace) -> int:
    from ghost.replay import ReplayScript, replay, replay_output, script_rules

    script = _load_script(args.file, ReplayScript)
    try:
        from_script = script_rules(script)
    except ValueError as error:
        raise CliError(f"{args.file}: {error}") from None
    rules = rules_from_args(args, from_script)
    battle = replay(script, asking_dice() if args.physical else None, rule_items=args.rule)
    data = replay_output(battle)
    data["rules"] = rules_json(rules)
    from converters.said import render

    opening = battle.state.opening
    lines = [render(opening.said) if opening else _("No opening order.")]
    for record, turn in zip(battle.state.turns, data["turns"], strict=True):
        lines.append(
            _("Turn {turn}: gap {gap}% → {order}").format(
                turn=turn["turn"],
                gap=format_number(turn["gap_pct"], signed=True),
                order=_(turn["order"]),  # an Order's key (G3), a word of the catalogue
            )
        )
        lines.extend(f"  {decision.rule} {render(decision.said)}" for decision in record.decisions)
    lines.append(_("Final order: {order}").format(order=_(data["final"])))
    emit(args, data, "\n".join(lines))
    return 0


def _pp(args: argparse.Namespace) -> int:
    from converters.said import render
    from ghost.replay import PpScript, pp_output, run_pp

    script = _load_script(args.file, PpScript)
    allocation = run_pp(script, asking_dice() if args.physical else None)
    data = pp_output(allocation)
    generals = ", ".join(f"{render(g.said)} {g.pp} PP" for g in allocation.generals)
    divisions = ", ".join(f"{name} {pp}" for name, pp in data["divisions"].items())
    lines = [
        _("Generals: {generals}").format(generals=generals),
        _("Divisions: {divisions}").format(divisions=divisions),
        _("Reserve {reserve}, clock {clock}, lost {lost}").format(**data),
    ]
    lines.extend(f"  {render(note)}" for note in allocation.notes)
    lines.append(_("Dice: {dice}").format(dice=_rolls_text(allocation.rolls)))
    emit(args, data, "\n".join(lines))
    return 0


def _clock(args: argparse.Namespace) -> int:
    from converters.dice import ScriptedDice, SeededDice
    from converters.said import render
    from ghost.clock import choose_clock
    from ghost.generals import Personality

    offered = parse_dice_list(args.dice)
    if len(offered) != 2 or any(value > 6 for value in offered):
        raise CliError(_("--dice: give the two d6 offered, each 1 to 6, e.g. 2,5"))
    if args.roll is not None:
        if not 1 <= args.roll <= 6:
            raise CliError(_("--roll: a d6 shows 1 to 6 (got {roll})").format(roll=args.roll))
        dice: Any = ScriptedDice([args.roll])
    elif args.physical:
        dice = asking_dice()
    else:
        dice = SeededDice(args.seed)
    choice = choose_clock(Personality(args.personality), (offered[0], offered[1]), dice)
    data = {"subtract": choice.subtract, "choice": choice.choice}
    text = _("Subtract {subtract} from the clock.").format(subtract=choice.subtract)
    emit(args, data, f"{text} {render(choice.said)}")
    return 0
