"""``castra battle``: roll out a dice battle (T3) round by round at the terminal.

Each round shows both sides' dice, the losses and the live exact odds, then asks each side
"continue or retreat?" — unless ``--a-retreat-at`` / ``--b-retreat-at`` answers for it. If the
input ends (EOF) while a side is being asked, the battle stops with one line on stderr and
exit code 2: guessing "continue" for a side that can no longer answer could fight a battle its
player never agreed to. Give both thresholds to run without any input (scripts, ``--json``).
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any, TextIO

from armylists.names import nation_name
from assistant.cli.commands.odds import (
    add_battle_numbers,
    check_battle_numbers,
    describe_odds,
    odds_refusal,
)
from assistant.cli.common import CliError, add_dice_options, dice_from_args, emit
from converters.i18n import N_, _, ngettext

if TYPE_CHECKING:
    from assistant.cli.common import Subcommands
    from converters.dice_battle import Choice, SideId

__all__ = ["register"]


def register(subparsers: Subcommands) -> None:
    parser = subparsers.add_parser(
        "battle",
        help=_("fight a dice battle round by round (T3)"),
        description=(
            _(
                "Play a dice battle (T3.1–T3.5, T2.7): each round both sides roll one d6 per PM; "
                "after each round each side continues or retreats (a side retreating alone "
                "suffers one pursuit roll). Sides without --a-retreat-at/--b-retreat-at are asked "
                "on the terminal; if the input ends the battle stops with exit code 2."
            )
        ),
    )
    add_battle_numbers(parser)
    add_dice_options(parser)
    parser.add_argument("--a-name", default="A", metavar="NAME", help=_("side A's name in the log"))
    parser.add_argument("--b-name", default="B", metavar="NAME", help=_("side B's name in the log"))
    parser.add_argument(
        "--a-allies",
        metavar="NATION=PM,…",
        help=_("side A's contingents, e.g. Rome=3,Campanians=2 (they add up to PM_A; T3.4)"),
    )
    parser.add_argument("--b-allies", metavar="NATION=PM,…", help=_("the same for side B"))
    parser.add_argument(
        "--defender",
        choices=("a", "b"),
        help=_("the defending side (T3.2, T3.5; default b with --city or --approach)"),
    )
    parser.add_argument(
        "--approach",
        choices=("open", "mountain_road", "landing"),
        default="open",
        help=(
            _(
                "how the attacker came: mountain_road or landing give the defender (B unless "
                "--defender says otherwise) +1 (T3.2)"
            )
        ),
    )
    parser.add_argument(
        "--pyrrhus", action="store_true", help=_("Pyrrhus leads in person: +1 to both (T3.2)")
    )
    parser.add_argument(
        "--naval",
        action="store_true",
        help=_("a naval battle: the winner rolls for captures afterwards (T3.7)"),
    )
    parser.add_argument(
        "--json", action="store_true", help=_("print the result and round log as one JSON object")
    )
    parser.set_defaults(handler=run)


def _contingents(text: str | None, name: str, pm: int, option: str) -> list[tuple[str, int]]:
    """``Rome=3,Campanians=2`` → [("Rome", 3), ("Campanians", 2)], adding up to ``pm``."""
    if not text:
        return [(name, pm)]
    contingents: list[tuple[str, int]] = []
    for part in text.split(","):
        nation, _equals, figure = part.partition("=")
        nation, figure = nation.strip(), figure.strip()
        if not nation or not figure.isdigit():
            raise CliError(
                _("{option}: give NATION=PM pairs, e.g. Rome=3,Campanians=2 (got {part!r})").format(
                    option=option, part=part
                )
            )
        if int(figure) == 0:
            raise CliError(
                _("{option}: each contingent has at least 1 PM (got {part!r})").format(
                    option=option, part=part
                )
            )
        contingents.append((nation, int(figure)))
    total = sum(figure for _nation, figure in contingents)
    if total != pm:
        raise CliError(
            _("{option}: the contingents add up to {total} PM, not the side's {pm}").format(
                option=option, total=total, pm=pm
            )
        )
    return contingents


def _faces(rolls: tuple[int, ...]) -> str:
    return " ".join(str(face) for face in rolls) if rolls else "—"


def _strength(state: Any, side: str) -> str:
    dice = state.total_dice(side)
    pm = state.pm_left(side)
    shown = str(int(pm)) if pm.denominator == 1 else f"{float(pm):g}"
    if state.setup.walls(side) == "none":
        return _("{pm} PM").format(pm=shown)
    return ngettext(
        "{pm} PM ({dice} die behind walls)", "{pm} PM ({dice} dice behind walls)", dice
    ).format(pm=shown, dice=dice)


def _describe_record(record: Any, state: Any) -> list[str]:
    setup = state.setup
    heading = (
        _("Round {number}")
        if record.kind == "round"
        else _("Both pursued after round {number} (house rule both_retreat = both_pursued)")
        if record.a_rolls and record.b_rolls
        else _("Pursuit after round {number}")
        if record.number
        else _("Pursuit (battle refused, T3.0)")
    )
    lines = [heading.format(number=record.number)]
    for side, rolls, hits in (
        ("a", record.a_rolls, record.a_hits),
        ("b", record.b_rolls, record.b_hits),
    ):
        if record.kind == "pursuit" and not rolls:
            continue
        name = nation_name(setup.side(side).name)
        lines.append(
            "  "
            + ngettext(
                "{name} rolls {count}: {faces} → {hits} hit on {target}+",
                "{name} rolls {count}: {faces} → {hits} hits on {target}+",
                hits,
            ).format(
                name=name,
                count=len(rolls),
                faces=_faces(rolls),
                hits=hits,
                target=setup.target(side),
            )
        )
    for side, losses, rolled, other_rolled in (
        ("a", record.a_losses, record.a_rolls, record.b_rolls),
        ("b", record.b_losses, record.b_rolls, record.a_rolls),
    ):
        if record.kind == "pursuit" and rolled and not other_rolled:
            continue  # a lone pursuer takes no losses (both_pursued: both roll and lose)
        name = nation_name(setup.side(side).name)
        split = ""
        contingents = setup.side(side).contingents
        if len(contingents) > 1:
            split = (
                " ("
                + ", ".join(
                    f"{nation_name(contingent.nation)} {lost}"
                    for contingent, lost in zip(contingents, losses, strict=True)
                )
                + ")"
            )
        lines.append(
            "  "
            + _("{name} loses {lost}{split} → {strength} left").format(
                name=name, lost=sum(losses), split=split, strength=_strength(state, side)
            )
        )
    return lines


_OUTCOME = {
    "a_wins": N_("{a} wins"),
    "b_wins": N_("{b} wins"),
    "draw": N_("draw: both wiped out in the same round"),
    "both_withdrew": N_("both withdraw: nobody wins"),
}


def _read_line(prompt: str, ask_in: TextIO, tell: TextIO, wanted: str) -> str:
    """One answer typed (or piped) in; the end of the input stops the battle (exit 2)."""
    print(prompt, end="", file=tell, flush=True)
    line = ask_in.readline()
    if not line:
        print(file=tell)
        raise CliError(
            _(
                "stdin: input ended while waiting for {wanted}; nothing was recorded "
                "(give --a-retreat-at/--b-retreat-at and --seed or --dice to run without input)"
            ).format(wanted=wanted)
        )
    answer = line.strip()
    if not ask_in.isatty():
        print(answer, file=tell)  # piped answers are not echoed: keep the log readable
    return answer


def _ask(name: str, ask_in: TextIO, tell: TextIO) -> Choice:
    while True:
        prompt = _("{name}: continue or retreat? [c/r] ").format(name=name)
        wanted = _("{name}'s choice").format(name=name)
        answer = _read_line(prompt, ask_in, tell, wanted).lower()
        # The English words work in every language, so a script typed once keeps working.
        if answer in ("c", "continue", _("continue").lower()):
            return "continue"
        if answer in ("r", "retreat", _("retreat").lower()):
            return "retreat"
        print(
            "  " + _("answer c (continue) or r (retreat); got {answer!r}").format(answer=answer),
            file=tell,
        )


def run(args: argparse.Namespace) -> int:
    check_battle_numbers(args)
    from assistant.cli.commands._converters import rules_from_args, rules_json

    rules = rules_from_args(args)
    for option, name in (("--a-name", args.a_name), ("--b-name", args.b_name)):
        if not name.strip():
            raise CliError(
                _("{option}: give the side a name (got an empty one)").format(option=option)
            )
    defender = args.defender or ("b" if args.city or args.approach != "open" else None)
    if args.city and defender != "b":
        raise CliError(_("--defender: with --city the city's defender is B"))
    from converters.dice_battle import (
        BattleSetup,
        BattleSide,
        Contingent,
        decide,
        fight_round,
        finish_battle,
        live_odds,
        retreat_at,
        start_battle,
    )

    a_allies = _contingents(args.a_allies, args.a_name, args.pm_a, "--a-allies")
    b_allies = _contingents(args.b_allies, args.b_name, args.pm_b, "--b-allies")
    try:
        setup = BattleSetup(
            a=BattleSide(
                name=args.a_name,
                contingents=tuple(Contingent(nation=n, pm=pm) for n, pm in a_allies),
                base_target=args.a_target,
            ),
            b=BattleSide(
                name=args.b_name,
                contingents=tuple(Contingent(nation=n, pm=pm) for n, pm in b_allies),
                base_target=args.b_target,
            ),
            defender=defender,
            attacker_approach=args.approach,
            pyrrhus_leads=args.pyrrhus,
            city_assault=args.city,
            naval=args.naval,
            both_retreat=rules.both_retreat,
        )
    except ValueError as error:
        # BattleSetup's own check (a naval battle has no city doubling, T3.5; a side needs PM):
        # the dice-battle screen shows the same words.
        raise odds_refusal(error) from None
    # With --json stdout carries only the final object; the play-by-play goes to stderr, held
    # back until the user is asked something or the battle ends, so that a refusal met on the
    # way (the --dice ran out) stays one line.
    out = sys.stderr if args.json else sys.stdout
    held: list[str] = []

    def show(line: str = "") -> None:
        if args.json:
            held.append(line)
        else:
            print(line, file=out)

    def release() -> None:
        for line in held:
            print(line, file=out)
        held.clear()

    def ask_choice(side: SideId) -> Choice:
        release()
        return _ask(setup.side(side).name, sys.stdin, out)

    def ask_face(prompt: str) -> str:
        release()
        return _read_line(prompt, sys.stdin, out, _("a die's face"))

    if args.physical:
        from converters.dice import AskingDice

        dice: Any = AskingDice(ask=ask_face, tell=lambda message: show(f"  {message}"))
    else:
        dice = dice_from_args(args)
    thresholds: dict[SideId, int | None] = {"a": args.a_retreat_at, "b": args.b_retreat_at}
    auto = {side: retreat_at(k) for side, k in thresholds.items() if k is not None}

    def odds_line(state: Any) -> str:
        from converters.odds import MOST_ODDS_DICE, ODDS_NOT_SHOWN, odds_fit

        if not odds_fit(state.total_dice("a"), state.total_dice("b")):
            return "  " + _(ODDS_NOT_SHOWN).format(most=MOST_ODDS_DICE)
        odds = live_odds(state, thresholds["a"] or 0, thresholds["b"] or 0)
        return "  " + _("Odds if both fight on: {odds}").format(
            odds=describe_odds(odds, nation_name(setup.a.name), nation_name(setup.b.name))
        )

    state = start_battle(setup)
    show(
        " · ".join(
            _("{name}: {strength}, hits on {target}+").format(
                name=nation_name(setup.side(side).name),
                strength=_strength(state, side),
                target=setup.target(side),
            )
            for side in ("a", "b")
        )
    )
    show(odds_line(state))
    while not state.over:
        state = fight_round(state, dice)
        for line in _describe_record(state.rounds[-1], state):
            show(line)
        if state.over:
            break
        show(odds_line(state))
        choices: dict[SideId, Choice] = {
            side: auto[side](state, side) if side in auto else ask_choice(side)
            for side in ("a", "b")
        }
        if "a" in auto or "b" in auto:
            automatic = ", ".join(
                (
                    _("{name} continues") if choices[side] == "continue" else _("{name} retreats")
                ).format(name=nation_name(setup.side(side).name))
                for side in ("a", "b")
                if side in auto
            )
            show("  " + _("by retreat threshold: {choices}").format(choices=automatic))
        state = decide(state, choices["a"], choices["b"], dice)
        if state.over and state.rounds[-1].kind == "pursuit":
            for line in _describe_record(state.rounds[-1], state):
                show(line)
    result = finish_battle(state, dice)
    capture = result.capture
    summary = _(_OUTCOME[result.outcome]).format(
        a=nation_name(setup.a.name), b=nation_name(setup.b.name)
    )
    lines = [
        ngettext(
            "Result: {summary} after {rounds} round",
            "Result: {summary} after {rounds} rounds",
            result.rounds_fought,
        ).format(summary=summary, rounds=result.rounds_fought)
    ]
    for side_result in (result.a, result.b):
        prisoners = (
            ", " + _("{pm} taken prisoner").format(pm=side_result.prisoners)
            if side_result.prisoners
            else ""
        )
        lines.append(
            "  "
            + _("{name}: lost {lost} of {start} PM{prisoners}, {left} PM left").format(
                name=nation_name(side_result.name),
                lost=side_result.pm_lost,
                start=side_result.pm_start,
                prisoners=prisoners,
                left=side_result.pm_left,
            )
        )
        if len(side_result.contingents) > 1:
            for contingent in side_result.contingents:
                taken = (
                    ", " + _("{pm} prisoner").format(pm=contingent.prisoners)
                    if contingent.prisoners
                    else ""
                )
                lines.append(
                    "    "
                    + _("{nation}: lost {lost} of {start}{taken}, {left} left").format(
                        nation=nation_name(contingent.nation),
                        lost=contingent.pm_lost,
                        start=contingent.pm_start,
                        taken=taken,
                        left=contingent.pm_left,
                    )
                )
    if capture is not None:
        lines.append(
            "  "
            + _("captured {captured}, sunk {sunk} (T3.7)").format(
                captured=capture.captured, sunk=capture.sunk
            )
        )
    data: dict[str, Any] = result.model_dump(mode="json")
    data["rolls"] = [roll.model_dump(mode="json") for roll in dice.rolls]
    data["rules"] = rules_json(rules)
    release()
    if args.json:
        emit(args, data, "")
    else:
        show("\n".join(lines))
    return 0
