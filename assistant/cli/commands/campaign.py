"""``castra campaign``: the referee's ledger on the command line.

Start a campaign, record battles from the same figures the ``losses`` commands take, pay for
rebuilding and recruits, advance turns and winters, undo, list, export and import. A Bellum game
(docs/rules.md section B) records instead the supply centres each power holds at the end of each
year, and ``show`` gives its standings. Every
command takes ``--file PATH`` (default: your default campaign) and ``--json``. The ledger is
imported inside each handler so building the parser stays fast.
"""

from __future__ import annotations

import argparse
import functools
import getpass
import json
import os
import re
import sys
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from armylists.names import nation_key, nation_name
from armylists.scenario_texts import scenario_text
from assistant.cli.commands._converters import add_rule_option, rules_from_args
from assistant.cli.common import (
    CliError,
    add_dice_options,
    check_file_name,
    describe,
    dice_from_args,
    emit,
    not_written,
    read_json_file,
)
from assistant.cli.specs import Arg, Command, EventMaker, Fields, Refusal, add_command
from converters.i18n import N_, _, ngettext

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

    from assistant.cli.common import Subcommands
    from assistant.ledger.read_models import MeetingSummary, NationSummary
    from assistant.ledger.state import CampaignState
    from assistant.ledger.store import CampaignStore, StoredEvent
    from converters.said import Said


def register(subparsers: Subcommands) -> None:
    parser = subparsers.add_parser(
        "campaign",
        help=_("the campaign ledger: record battles, money, turns and winters (T2.5, T4–T6, D)"),
        description=(
            _(
                "Keep a campaign's record: an append-only ledger in one file per campaign. "
                "Every event is checked against the campaign as it stands; an impossible one "
                "is refused and nothing is written."
            )
        ),
    )
    commands = parser.add_subparsers(dest="campaign_command", metavar="ACTION", required=True)
    for spec in COMMANDS:
        add_command(
            commands, spec, common=_COMMON, note=_NOTE, handler=_reading_forces(_handler(spec))
        )


def _handler(spec: Command) -> Callable[[argparse.Namespace], int]:
    """What runs ``spec``: its own function, or the one way every event is recorded."""
    if spec.run is not None:
        return spec.run
    return functools.partial(_run_event, spec)


_PROVINCE_FIELDS = ("province", "to", "via", "place", "annex")
"""The options and arguments that name a province (a pair such as ``--to ARMY=PROVINCE`` is
no province's name and is left as typed)."""


def _reading_forces(handler: Callable[[argparse.Namespace], int]) -> Any:
    """``handler`` with every army or fleet name typed for it read as the campaign's own, in
    either language and any case ("roma i", "Flotta di Roma I" → "Rome I", "Rome fleet I";
    T7.2, issue 25), and every province of a shipped board likewise ("Egitto" → "Egypt"), so
    the event and ``--json`` hold the stored name; a name that is no force's or province's is
    left as typed, for the ledger to refuse."""

    def run(args: argparse.Namespace) -> int:
        from armylists.names import province_key

        # Macedon's provinces typed in either language ("Tracia" → "Thrace", issue 25).
        for field in _PROVINCE_FIELDS:
            typed = getattr(args, field, None)
            if isinstance(typed, str):
                setattr(args, field, province_key(typed))
            elif isinstance(typed, list):
                setattr(args, field, [province_key(t) if isinstance(t, str) else t for t in typed])
        if any(getattr(args, field) for field in args.force_fields):
            from armylists.names import find_name

            with _open(args) as store:
                state = store.state()
                # Tarentine forces (T7.2) and Macedon vs Persia's armies (D1).
                names = [*state.forces, *state.armies]
            for field in args.force_fields:
                typed = getattr(args, field)
                if isinstance(typed, list):
                    setattr(args, field, [find_name(t, names) or t for t in typed])
                elif isinstance(typed, str):
                    setattr(args, field, find_name(typed, names) or typed)
        return handler(args)

    return run


# ---- helpers -------------------------------------------------------------------------------


def _at_least(minimum: int, maximum: int | None = None) -> Callable[[str], int]:
    """An argparse ``type``: a whole number in range, else one line naming the option."""

    def parse(text: str) -> int:
        allowed = (
            _("a whole number from {minimum} to {maximum} (got {text!r})")
            if maximum is not None
            else _("a whole number, {minimum} or more (got {text!r})")
        ).format(minimum=minimum, maximum=maximum, text=text)
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(allowed) from None
        if value < minimum or (maximum is not None and value > maximum):
            raise argparse.ArgumentTypeError(allowed)
        return value

    return parse


def _path(args: argparse.Namespace) -> Path:
    if args.file is not None:
        if not args.file.strip():
            # An unset shell variable (--file "$CAMPAIGN") must not mean the default campaign.
            raise CliError(_("--file: empty; give the campaign file's path"))
        return check_file_name(args.file, "--file")
    from assistant.ledger.paths import default_campaign_path

    return default_campaign_path()


def _who(args: argparse.Namespace) -> str:
    if args.who:
        return str(args.who)
    try:
        return getpass.getuser()
    except (KeyError, OSError):
        return os.environ.get("USER", "")


def _open(args: argparse.Namespace) -> CampaignStore:
    from assistant.ledger.store import CampaignFileError, CampaignStore

    try:
        return CampaignStore.open(_path(args))
    except CampaignFileError as error:
        raise CliError(describe(error)) from None


def _pairs(
    values: list[str],
    option: str,
    kind: Callable[[str], Any] = int,
    minimum: int | None = 0,
    shape: str | None = None,
    nations: bool = True,
) -> dict[str, Any]:
    """``["Rome:4", "Pyrrhus:3"]`` → ``{"Rome": 4, "Pyrrhus": 3}``; errors name ``option``.

    Figures are ``minimum`` or more (0 unless said otherwise; None: any sign); ``shape`` is
    what an item looks like, for the error line (default NATION:VALUE). A shipped nation may be
    named in either language ("Roma:4"), and is kept by its key; ``nations=False`` keeps every
    name as typed (a custom campaign's own nations, or provinces)."""
    shape = shape or _("NATION:VALUE, e.g. Rome:4")
    found: dict[str, Any] = {}
    for item in values:
        name, sep, value = item.rpartition(":")
        name = name.strip()
        if not sep or not name:
            raise CliError(
                _("{option}: give {shape} (got {item!r})").format(
                    option=option, shape=shape, item=item
                )
            )
        try:
            number = kind(value.strip())
        except (ValueError, ZeroDivisionError) as error:
            reason = (
                str(error) if kind is _pm else _("not a number ({value!r})").format(value=value)
            )
            raise CliError(f"{option}: {name}: {reason}") from None
        if minimum is not None and number < minimum:
            raise CliError(
                _("{option}: {name}: {minimum} or more (got {value!r})").format(
                    option=option, name=name, minimum=minimum, value=value.strip()
                )
            )
        if nations:
            name = nation_key(name)
        if name in found:
            raise CliError(_given_twice(option, name))
        found[name] = number
    return found


def _given_twice(option: str, name: str) -> str:
    return _("{option}: {name} given twice").format(option=option, name=name)


def _read_json(name: str, option: str) -> Any:
    return read_json_file(name, option)


def _pm(text: str) -> Fraction:
    from converters.rates import check_half_pm
    from converters.rounding import as_fraction

    try:
        return check_half_pm(as_fraction(text))
    except (ValueError, ZeroDivisionError):
        raise ValueError(
            _("PM: a whole or half number, 0 or more (got {text!r})").format(text=text)
        ) from None


SHOW_WIDTH = 80
"""``campaign show`` and ``campaign victory`` fit an 80-column terminal in every language
(issue 25): a line that would not is wrapped at its words."""

_VP = N_("VP")
_NATION_COLUMNS: tuple[tuple[str, Callable[[NationSummary], int | None]], ...] = (
    # The app's Campaign table says them so (its short headings, issue 11).
    (N_("Land PM"), lambda n: n.land_pm),
    (N_("Naval PM"), lambda n: n.naval_pm),
    (N_("Decimated"), lambda n: n.decimated),
    (N_("PE"), lambda n: n.treasury),
    (N_("PP"), lambda n: n.prestige),
    (_VP, lambda n: n.victory_points),
)
_NATION_WIDTH = (14, 20)
"""The nation column: as wide as the longest name, at least 14 and at most 20 (a longer name
has a line of its own, its figures under it)."""


def _fitted(lines: list[str], width: int = SHOW_WIDTH) -> list[str]:
    """Each line as it is when it fits ``width``, else wrapped at its words: the rest of a
    line with a column (a nation's name, then its text) goes on under that column, of any
    other line two more than its own indent, so a reader sees where it goes on."""
    import textwrap

    fitted: list[str] = []
    for line in "\n".join(lines).splitlines():
        if len(line) <= width:
            fitted.append(line)
            continue
        column = re.match(r"( *)\S.*?  +(?=\S)", line)
        hang = column.end() if column else len(line) - len(line.lstrip(" ")) + 2
        indent = " " * min(hang, width // 2)
        fitted += textwrap.wrap(
            line, width, subsequent_indent=indent, break_on_hyphens=False, replace_whitespace=False
        )
    return fitted


def _nation_table(nations: Mapping[str, NationSummary]) -> list[str]:
    """T5.5: each nation's PM, decimated PM, treasury, prestige (and VP once counted) as a
    table under one heading, then its decimated batches and recruits in training."""
    columns = [
        (_(heading), figure)
        for heading, figure in _NATION_COLUMNS
        if heading != _VP or any(n.victory_points is not None for n in nations.values())
    ]
    rows = {
        name: ["—" if (said := figure(n)) is None else str(said) for _heading, figure in columns]
        for name, n in nations.items()
    }
    widths = [
        max(len(heading), *(len(row[i]) for row in rows.values()))
        for i, (heading, _figure) in enumerate(columns)
    ]
    shown = {name: nation_name(name) for name in nations}
    least, most = _NATION_WIDTH
    first = min(most, max(least, *(len(said) for said in shown.values())))

    def row(label: str, cells: list[str]) -> str:
        figures = "  ".join(cell.rjust(w) for cell, w in zip(cells, widths, strict=True))
        return f"  {label:<{first}}  {figures}"

    lines = [row(_("Nation"), [heading for heading, _figure in columns])]
    for name, cells in rows.items():
        if len(shown[name]) > first:
            lines += [f"  {shown[name]}", row("", cells)]
        else:
            lines.append(row(shown[name], cells))
        lines += _nation_notes(nations[name])
    return lines


def _nation_notes(nation: NationSummary) -> list[str]:
    """A nation's decimated PM by batch (T2.5) and its recruits in training (T6.1)."""
    notes: list[str] = []
    expiring = [
        (
            _("{pm} from turn {turn} until turn {expires}")
            if b.expires
            else _("{pm} from turn {turn}")
        ).format(pm=b.pm, turn=b.turn, expires=b.expires)
        for b in nation.decimated_batches
    ]
    if expiring:
        notes.append("      " + _("decimated: {batches}").format(batches="; ".join(expiring)))
    training = [
        _("{land} land + {naval} naval arriving turn {arrives}").format(
            land=r.land_pm, naval=r.naval_pm, arrives=r.arrives
        )
        for r in nation.training
    ]
    if training:
        notes.append("      " + _("training: {orders}").format(orders="; ".join(training)))
    return notes


def _standings_lines(state: CampaignState) -> list[str]:
    """Bellum: the standings table (rank, centres, the B2 sums, decided by) and the outcome."""
    setup = state.scenario.bellum
    if setup is None:
        return []
    from armylists.bellum import faction_name
    from assistant.cli.commands.bellum import standings_table

    rome = setup.rome
    lines = [
        _("Rome: the {faction} (B3), started with {start}; deleted: {deleted}").format(
            faction=faction_name(rome.faction),
            start=", ".join(rome.start_centres),
            deleted=", ".join(rome.deleted_centres),
        )
    ]
    result = state.bellum_standings()
    if result is None:
        lines.append(_("No year recorded yet: record year 1 with `castra campaign centres`."))
        return lines
    victory = result.victory
    if victory is not None:
        from converters.bellum import victory_said
        from converters.said import render

        lines.append(render(victory_said(victory)))
    elif result.status == "ended":
        lines.append(
            _("Year {year} played: the game is over, final ranking (B2)").format(year=result.years)
        )
    else:
        lines.append(
            _(
                "After year {year} of {last}: ranking so far (B2); {centres} centres win (B1)"
            ).format(
                year=result.years,
                last=setup.rules.last_year,
                centres=setup.rules.victory_centres,
            )
        )
    lines += standings_table(result)
    for group in result.draws:
        powers = ", ".join(group)
        if result.status == "in progress":
            lines.append(
                _("Level so far: {powers} through every tie-break (B2)").format(powers=powers)
            )
        else:
            lines.append(
                _("Draw: {powers} are level through every tie-break (B2)").format(powers=powers)
            )
    return lines


def _show_text(state: CampaignState) -> str:
    summary = state.summary()
    title, date = scenario_text(summary.title), _said(state.date_said, state.date)
    if state.scenario.bellum is not None:
        # The title on a line of its own: with the date it is more than 80 columns (issue 25).
        heading = _("{date} (of {total} years)").format(date=date, total=summary.total_turns)
        return "\n".join(_fitted([title, heading, *_standings_lines(state)]))
    lines = [title, _("{date}, of {total} turns").format(date=date, total=summary.total_turns)]
    if summary.finished:
        lines.append(_("The campaign is over."))
    elif summary.phase is not None:
        heading, *left = summary.phase.lines()
        lines += [heading, *("  " + item for item in left)]
    uses_pm = state.scenario.economy is not None
    if uses_pm:
        lines += _nation_table(summary.nations)
    if summary.armies:
        if summary.initiative:
            lines.append(_("Initiative: {side} (D6)").format(side=nation_name(summary.initiative)))
        from converters.force_names import shown_army

        sides = {army.nation: nation_name(army.nation) for army in summary.armies.values()}
        side_width = max(len(side) for side in sides.values())
        shown = {name: shown_army(name, army.nation) for name, army in summary.armies.items()}
        name_width = max(12, *(len(said) for said in shown.values()))
        for name, army in summary.armies.items():
            status = (
                _("morale {morale}").format(morale=army.morale) if army.alive else _("destroyed")
            )
            leader = " " + _("(leader)") if army.leader else ""
            lines.append(
                f"  {shown[name]:<{name_width}} {sides[army.nation]:<{side_width}} {status}{leader}"
            )
    return "\n".join(_fitted(lines))


def _recorded(
    args: argparse.Namespace,
    store: CampaignStore,
    stored: StoredEvent,
    notice: str | None = None,
) -> int:
    state = store.state()
    rolls = [roll.model_dump() for roll in stored.event.rolls]
    data = {
        "id": stored.id,
        "kind": stored.event.kind,
        "summary": stored.summary,
        "said": stored.said.model_dump() if stored.said is not None else None,
        "event": json.loads(stored.event.model_dump_json()),
        "rolls": rolls,
        "state": state.summary().to_json(),
    }
    if notice is not None:
        data["notice"] = notice
    text = f"#{stored.id} {_said(stored.said, stored.summary)}"
    from assistant.ledger.events import BattleRecorded, ProvinceSacked

    event = stored.event
    if isinstance(event, BattleRecorded | ProvinceSacked) and event.prestige_reason:
        from converters.said import render

        # The reason as data (T4.1, T4.2), in the reader's language; English as recorded.
        reason = render(event.prestige_told)
        text += "\n  " + _("prestige: {reason}").format(reason=reason)
    if rolls:
        from converters.dice import shown_purpose

        text += "\n  " + _("dice: {rolls}").format(
            rolls=", ".join(
                f"d{roll.sides}={roll.value} ({shown_purpose(roll.said)})"
                for roll in stored.event.rolls
            )
        )
    if stored.event.kind == "centres_recorded" or (
        stored.event.kind == "undone" and state.scenario.bellum is not None
    ):
        text += "\n" + "\n".join(_standings_lines(state))
    if notice is not None:
        # The notice is an English N_ template in the JSON, said in the language here.
        text += f"\n{_(notice)}"
    text += f"\n{_said(state.scenario.calendar.said(state.turn), state.date)}"
    emit(
        args,
        data,
        text,
        recorded=_("#{id} in {path}").format(id=stored.id, path=store.path),
    )
    return 0


class _Made(NamedTuple):
    """An event a command made, with what its recording needs beyond the command's spec: the
    options a refusal names when the event's fields differ by the way it was made (a sealed
    order names ``--nation``, a move at once does not), and a notice printed with it."""

    event: Any
    flags: Mapping[str, str] | None = None
    notice: str | None = None


class _Recording:
    """The campaign file one command records in: opened when the event first needs the
    campaign as it stands (or at the append), so a refusal of the typed values comes before
    any file is read, and closed once."""

    def __init__(self, args: argparse.Namespace) -> None:
        self._args = args
        self._store: CampaignStore | None = None

    @property
    def store(self) -> CampaignStore:
        if self._store is None:
            self._store = _open(self._args)
        return self._store

    def state(self) -> CampaignState:
        return self.store.state()

    def close(self) -> None:
        if self._store is not None:
            self._store.close()


def _options(*fields: str, **renamed: str) -> dict[str, str]:
    """The event fields a refusal may name that are options of the command: ``imposed_by`` is
    ``--imposed-by``; ``renamed`` for a field typed through another option (``rolls`` →
    ``--dice``)."""
    return {**{field: "--" + field.replace("_", "-") for field in fields}, **renamed}


def _flagged(message: str, flags: Mapping[str, str]) -> str:
    """``message`` with its leading field said as the option the user typed."""
    field, colon, rest = message.partition(":")
    if colon and field in flags:
        return flags[field] + colon + rest
    return message


def _described(args: argparse.Namespace, error: Exception, flags: Mapping[str, str]) -> str:
    """The ledger's refusal as the command line words every refusal (:func:`describe`)."""
    return _flagged(describe(error), flags)


def _as_said(args: argparse.Namespace, error: Exception, flags: Mapping[str, str]) -> str:
    """The ledger's refusal as it words it, its field an option when it is one (sack,
    interception, winter)."""
    return _flagged(str(error), flags)


def _run_event(spec: Command, args: argparse.Namespace) -> int:
    """The one way an event command records (:func:`_record`)."""
    assert spec.event is not None  # a spec has an event or a run (Command)
    return _record(args, spec.event, spec.flags, spec.refusal or _described)


def _record(
    args: argparse.Namespace,
    make: Fields | EventMaker,
    flags: Mapping[str, str],
    refusal: Refusal,
) -> int:
    """Make the event from the parsed values, let the ledger check and append it, print what
    was recorded. A refusal is one line naming the field as the user typed it (``flags``,
    ``refusal``), and nothing is written."""
    from assistant.ledger.state import LedgerError

    recording = _Recording(args)
    try:
        try:
            made = (
                make.make(args, _who(args)) if isinstance(make, Fields) else make(args, recording)
            )
            if not isinstance(made, _Made):
                made = _Made(made)
            if made.flags is not None:
                flags = made.flags
            stored = recording.store.append(made.event)
        except LedgerError as error:
            raise CliError(refusal(args, error, flags)) from None
        return _recorded(args, recording.store, stored, made.notice)
    finally:
        recording.close()


def _append(args: argparse.Namespace, event: Any, flags: tuple[str, ...] = ()) -> int:
    """Record ``event`` for a command that lists or records (``orders``, ``declare-war``,
    ``fall-back``), as every event is recorded; ``flags`` are its fields typed as options."""
    return _record(args, lambda _args, _recording: event, _options(*flags), _described)


# ---- handlers ------------------------------------------------------------------------------


def _run_new(args: argparse.Namespace) -> int:
    from armylists.scenarios import custom_scenario, load_scenario
    from assistant.ledger.store import CampaignFileError, CampaignStore

    prestige = _pairs(args.prestige, "--prestige", minimum=None, nations=False)
    if args.map is not None and args.scenario != "tarentine":
        raise CliError(_("--map: only the Tarentine Wars have a board (T7.1)"))
    if args.faction is not None and args.scenario != "bellum":
        raise CliError(_("--faction: only for a Bellum game (castra campaign new bellum)"))
    if args.scenario == "bellum":
        from armylists.bellum import rome_factions
        from armylists.scenarios import bellum_scenario

        if args.nation or args.treasury or args.land or args.naval or args.prestige:
            raise CliError(
                _("--nation/--treasury/--land/--naval/--prestige: not for a Bellum game")
            )
        if args.faction is None:
            names = ", ".join(f.name for f in rome_factions())
            raise CliError(
                _("--faction: Rome picks one of {names} at the start (B3)").format(names=names)
            )
        try:
            scenario = bellum_scenario(args.faction)
        except ValueError as error:
            raise CliError(f"--faction: {str(error).removeprefix('faction: ')}") from None
    elif args.scenario == "custom":
        scenario = custom_scenario(
            args.nation,
            treasuries=_pairs(args.treasury, "--treasury", nations=False),
            land_pm=_pairs(args.land, "--land", nations=False),
            naval_pm=_pairs(args.naval, "--naval", nations=False),
            prestige=prestige,
        )
    else:
        if args.nation or args.treasury or args.land or args.naval:
            raise CliError(_("--nation/--treasury/--land/--naval: only for a custom campaign"))
        try:
            scenario = load_scenario(args.scenario, prestige=prestige, map_path=args.map)
        except ValueError as error:
            if args.map is None:
                raise
            raise CliError(f"--map: {str(error).removeprefix('map: ')}") from None
    rules = rules_from_args(args)
    for name in args.no_player:
        if name not in scenario.nations:
            raise CliError(
                _("--no-player: one of {nations} (got {name!r})").format(
                    nations=", ".join(scenario.nations), name=name
                )
            )
    try:
        store = CampaignStore.create(
            _path(args),
            scenario,
            who=_who(args),
            note=args.note,
            force=args.force,
            rules=rules,
            no_player=list(dict.fromkeys(args.no_player)),
        )
    except CampaignFileError as error:
        raise CliError(describe(error)) from None
    with store:
        state = store.state()
        data = {"file": str(store.path), **state.summary().to_json()}
        text = _("New campaign in {path}").format(path=store.path) + f"\n{_show_text(state)}"
        emit(args, data, _set_aside(store, data, text), recorded=str(store.path))
    return 0


def _rules_text(state: CampaignState) -> str:
    from converters.house_rules import DEFAULT_RULES, rule_of

    upkeep = state.scenario.economy.upkeep_per_winter_fortnight if state.scenario.economy else 1
    values = state.rules.values(upkeep)
    defaults = DEFAULT_RULES.values(upkeep)
    lines = [_("House rules in force (docs/rules.md H; * differs from the default):")]
    for name, value in values.items():
        mark = "*" if value != defaults[name] else " "
        lines.append(f" {mark} {name:<28}{value!s:<16}{rule_of(name)}")
    return "\n".join(lines)


def _run_rules(args: argparse.Namespace) -> int:
    """docs/rules.md H: every option and number with the value in force now; writes nothing."""
    with _open(args) as store:
        state = store.state()
    upkeep = state.scenario.economy.upkeep_per_winter_fortnight if state.scenario.economy else 1
    emit(args, state.rules.values(upkeep), _rules_text(state))
    return 0


def _make_rule(args: argparse.Namespace, _recording: _Recording) -> Any:
    from assistant.ledger.events import RuleChanged

    if not args.reason.strip():
        raise CliError(_("--reason: say why the rule changes"))
    return RuleChanged(
        name=args.name, value=args.value, reason=args.reason, who=_who(args), note=args.note
    )


def _set_aside(store: CampaignStore, data: dict[str, Any], text: str) -> str:
    """Where ``--force`` put the file it replaced: added to ``data`` (``set_aside``) and to
    ``text``, so the referee can find it."""
    if store.set_aside is None:
        return text
    data["set_aside"] = str(store.set_aside)
    return text + "\n" + _("The old file is kept as {name}").format(name=store.set_aside)


def _run_show(args: argparse.Namespace) -> int:
    if args.json:
        # A sound file's standings are in its glance: read without the ledger's models.
        from assistant.ledger.quick_read import sound_summary

        path = _path(args)
        summary = sound_summary(path)
        if summary is not None:
            emit(args, {"file": str(path), **summary}, "")
            return 0
    with _open(args) as store:
        state = store.state()
        emit(args, {"file": str(store.path), **state.summary().to_json()}, _show_text(state))
        if args.json:
            store.glance()  # kept (when stale) for the next read: the glance holds the summary
    return 0


def _centres_from_args(args: argparse.Namespace) -> dict[str, Any]:
    """``--centres Rome=5 ...`` or ``--centres-file FILE``, as typed (names checked later)."""
    if args.centres and args.centres_file:
        raise CliError(_("--centres-file: give either --centres or --centres-file, not both"))
    if args.centres_file:
        data = _read_json(args.centres_file, "--centres-file")
        if isinstance(data, dict) and isinstance(data.get("centres"), dict):
            data = data["centres"]
        if not isinstance(data, dict) or not data:
            raise CliError(
                _(
                    "--centres-file: {path} must hold an object of centres per power, e.g. "
                    "{example}"
                ).format(path=args.centres_file, example='{"Rome": 5, "Carthage": 4}')
            )
        for name, held in data.items():
            if isinstance(held, bool) or not isinstance(held, int):
                raise CliError(
                    _("--centres-file: {name}: a whole number of centres (got {held!r})").format(
                        name=name, held=held
                    )
                )
        return dict(data)
    if not args.centres:
        raise CliError(_("--centres: give each power's centres as POWER=N, e.g. Rome=5"))
    found: dict[str, int] = {}
    for item in args.centres:
        sep = "=" if "=" in item else ":"
        name, _sep, value = item.rpartition(sep)
        name = name.strip()
        if not name:
            raise CliError(
                _("--centres: give POWER=N, e.g. Rome=5 (got {item!r})").format(item=item)
            )
        try:
            found_value = int(value.strip())
        except ValueError:
            raise CliError(
                _("--centres: {name}: not a whole number ({value!r})").format(
                    name=name, value=value
                )
            ) from None
        if name in found:
            raise CliError(_given_twice("--centres", name))
        found[name] = found_value
    return found


def _make_centres(args: argparse.Namespace, recording: _Recording) -> Any:
    """B1, B2: the year's centres, checked against the powers as they stand."""
    from assistant.ledger.record import centres_event

    centres = _centres_from_args(args)
    return centres_event(
        recording.state(),
        args.year,
        centres,
        sovereign=args.sovereign,
        who=_who(args),
        note=args.note,
    )


def _make_record(args: argparse.Namespace, recording: _Recording) -> Any:
    """T2, T4.1, D2–D4: a Macedon vs Persia game, a dice battle's log, or a table battle's
    figures per contingent."""
    from assistant.ledger.record import (
        ContingentFigures,
        battle_event,
        dba_campaign_battle,
        dice_battle_event,
    )

    state = recording.state()
    if args.meeting is not None:
        _from_meeting(args, state)
    if args.place is None:
        raise CliError(_("--place: where the battle was fought (or --meeting N, T7.4)"))
    if args.winner is None and not args.dice_log:
        raise CliError(_("--winner: a, b or draw (who won, T2.7)"))
    if state.armies:
        if not (args.army_a and args.army_b):
            raise CliError(_("--army-a/--army-b: name the two armies that fought (D2)"))
        event = dba_campaign_battle(
            state,
            place=args.place,
            army_a=args.army_a,
            army_b=args.army_b,
            winner=args.winner,
            lost_a=args.lost_a,
            lost_b=args.lost_b,
            dice=dice_from_args(args),
            general_lost=args.general_lost,
            camp_lost=args.camp_lost,
            elements_a=args.elements_a,
            elements_b=args.elements_b,
            retreat_to=args.retreat_to,
            who=_who(args),
            note=args.note,
        )
    elif args.dice_log:
        event = dice_battle_event(
            state,
            _read_json(args.dice_log, "--dice-log"),
            place=args.place,
            naval=args.system == "naval",
            city_assault=args.city_assault,
            turn=args.turn,
            who=_who(args),
            note=args.note,
        )
    else:
        event = _table_battle(args, state, ContingentFigures, battle_event)
    if args.city_taken:
        # T7.5: the city passes with its ±3 PP and prisoners in this one event.
        event = event.model_copy(update={"city_taken": True})
    return event


def _record_refusal(args: argparse.Namespace, error: Exception, _flags: Mapping[str, str]) -> str:
    """A battle's refusal: a contingent's figure named by the option it was typed with."""
    message = describe(error, _record_flags(args, error))
    if message.startswith("city_taken:"):
        message = "--city-taken:" + message.removeprefix("city_taken:")
    return message


def _from_meeting(args: argparse.Namespace, state: CampaignState) -> None:
    """T7.4: ``--meeting N`` fills the battle's place, and its sides when none is typed."""
    from assistant.ledger.meeting_battle import meeting_prefill
    from assistant.ledger.state import LedgerError

    try:
        found = meeting_prefill(state, args.meeting)
    except LedgerError as error:
        raise CliError("--" + describe(error)) from None
    if args.place is not None and args.place != found.place:
        raise CliError(
            _("--place: meeting {number} is at {province} (T7.4)").format(
                number=found.meeting, province=found.place
            )
        )
    args.place = found.place
    if found.army_a is not None:
        # D8: the game to play now, unless the referee names the armies himself
        args.army_a = args.army_a or found.army_a
        args.army_b = args.army_b or found.army_b
        return
    if state.armies or args.dice_log or args.side_a or args.side_b:
        return
    for side, contingents in (("a", found.side_a), ("b", found.side_b)):
        typed = [f"{nation}:{0 if found.naval else pm}" for nation, pm in contingents]
        setattr(args, f"side_{side}", typed)
    if found.naval and not args.fleet:
        args.fleet = [f"{n}:{pm}" for n, pm in (*found.side_a, *found.side_b)]


def _battle_line(found: Any) -> str:
    """T7.4, T3.2: the dice battle of a meeting as a ``castra battle`` command line."""
    import shlex

    words = ["castra", "battle"]
    words += [str(sum(pm for _n, pm in found.side_a)), str(sum(pm for _n, pm in found.side_b))]
    words += ["--a-allies", ",".join(f"{n}={pm}" for n, pm in found.side_a)]
    words += ["--b-allies", ",".join(f"{n}={pm}" for n, pm in found.side_b)]
    if found.defender is not None:
        words += ["--defender", found.defender, "--approach", found.approach]
    if found.pyrrhus_leads:
        words.append("--pyrrhus")  # T3.2: +1 to both sides
    if found.naval:
        words.append("--naval")
    return " ".join(shlex.quote(word) for word in words)


def _record_flags(args: argparse.Namespace, error: Exception) -> dict[str, str]:
    """T7.4: a contingent's PM refused at the battle's province is named by the flag it was
    typed with (``--side-a``/``--side-b``, ``--fleet``), or ``--dice-log`` when read from one."""
    side = getattr(error, "values", {}).get("side")
    if side is None:
        return {}
    if args.dice_log:
        return {"contingents.pm": "--dice-log", "contingents.naval_pm": "--dice-log"}
    return {"contingents.pm": f"--side-{side}", "contingents.naval_pm": "--fleet"}


def _table_battle(args: argparse.Namespace, state: Any, figures: Any, build: Any) -> Any:
    sides = {"a": _pairs(args.side_a, "--side-a", _pm), "b": _pairs(args.side_b, "--side-b", _pm)}
    if not sides["a"] or not sides["b"]:
        raise CliError(_("--side-a/--side-b: give each side's contingents as NATION:PM"))
    per: dict[str, dict[str, Any]] = {
        "battle_groups": _pairs(args.battle_groups, "--battle-groups"),
        "broken": _pairs(args.broken, "--broken"),
        "fragmented": _pairs(args.fragmented, "--fragmented"),
        "attrition": _pairs(args.attrition, "--attrition"),
        "total_eleq": _pairs(args.total_eleq, "--total-eleq", Fraction),
        "eliminated": _pairs(args.eliminated, "--eliminated", Fraction),
        "demoralised": _pairs(args.demoralised, "--demoralised", Fraction),
        "elements": _pairs(args.elements, "--elements"),
        "lost": _pairs(args.lost, "--lost"),
        "bases": _pairs(args.bases, "--bases"),
        "killed": _pairs(args.killed, "--killed"),
        "broken_bases": _pairs(args.broken_bases, "--broken-bases"),
        "pm_lost": _pairs(args.pm_lost, "--pm-lost"),
        "prisoners": _pairs(args.prisoners, "--prisoners"),
        "naval_pm": _pairs(args.fleet, "--fleet"),
        "naval_lost": _pairs(args.naval_lost, "--naval-lost"),
        "naval_captured": _pairs(args.captured, "--captured"),
    }
    fighting = set(sides["a"]) | set(sides["b"])
    for field, values in per.items():
        for name in values:
            if name not in fighting:
                option = "--" + {"naval_pm": "fleet", "naval_captured": "captured"}.get(
                    field, field
                ).replace("_", "-")
                raise CliError(_not_fighting(option, name))
    for name in args.camp_sacked:
        if name not in fighting:
            raise CliError(_not_fighting("--camp-sacked", name))
    if set(sides["a"]) & set(sides["b"]):
        raise CliError(_("--side-b: a nation cannot fight on both sides"))
    system = args.system or "manual"
    contingents = []
    for side, members in sides.items():
        for name, pm in members.items():
            values = {field: table[name] for field, table in per.items() if name in table}
            contingents.append(
                figures(
                    side=side,
                    nation=name,
                    pm=pm,
                    camp_sacked=name in args.camp_sacked,
                    **values,
                )
            )
    return build(
        state,
        place=args.place,
        system=system,
        winner=args.winner,
        contingents=contingents,
        city_assault=args.city_assault,
        turn=args.turn,
        who=_who(args),
        note=args.note,
    )


def _not_fighting(option: str, name: str) -> str:
    return _("{option}: {name} is not on either side").format(option=option, name=name)


def _make_recruit(args: argparse.Namespace, recording: _Recording) -> Any:
    """T6.1; under house rule ``orders = sealed`` a sealed order of phase 1 (T5.2, T7.3)."""
    from assistant.ledger.events import RecruitmentOrdered
    from assistant.ledger.orders import recruitment_for

    event = RecruitmentOrdered(
        nation=args.nation,
        land_pm=args.land,
        naval_pm=args.naval,
        province=args.province,
        join=args.join,
        who=_who(args),
        note=args.note,
    )
    return recruitment_for(recording.state(), event)


def _make_advance(args: argparse.Namespace, recording: _Recording) -> Any:
    """T5.3: the turn ends with its tribute, computed from the map where there is one."""
    from assistant.ledger.events import TurnAdvanced
    from assistant.ledger.map_war import turn_end_collection

    tribute = _pairs(args.tribute, "--tribute")
    state = recording.state()
    economy = state.scenario.economy is not None
    collection = turn_end_collection(state)
    if collection is not None:
        return _advance_from_map(args, collection, tribute)
    if args.full_tribute:
        if not economy:
            raise CliError(
                _("--full-tribute: {title} has no economy (no PE)").format(
                    title=scenario_text(state.scenario.title)
                )
            )
        for name, nation in state.nations.items():
            if nation.player and name not in tribute:
                tribute[name] = state.controlled_value(name)
    notice = None
    if economy and not tribute:
        # T5.3 tribute depends on where armies stand, which the ledger does not track, so
        # there is no default: say so rather than let a referee believe it was collected.
        notice = N_(
            "No tribute collected this turn (T5.3). Give --tribute NATION:PE for each nation "
            "that collects, or --full-tribute (each controlled province at its full value), "
            "or record it later with `castra campaign treasury`."
        )
    return _Made(TurnAdvanced(tribute=tribute, who=_who(args), note=args.note), notice=notice)


def _advance_from_map(
    args: argparse.Namespace,
    collection: tuple[dict[str, int], dict[str, int]],
    typed: dict[str, int],
) -> Any:
    """T5.3, T7.8: with a map the tribute is computed, never typed."""
    from assistant.ledger.events import TurnAdvanced

    if typed:
        raise CliError(
            _(
                "--tribute: computed from the map in this campaign (T7.8); correct a figure "
                "afterwards with `castra campaign treasury --nation N --pe ±K --note WHY`"
            )
        )
    computed, costs = collection
    return TurnAdvanced(tribute=computed, siege_costs=costs, who=_who(args), note=args.note)


def _tribute_lines(state: CampaignState) -> tuple[dict[str, Any], list[str]]:
    from assistant.ledger.forces import tribute_now

    result = tribute_now(state)
    data = {
        "turn": state.turn,
        "date": state.date,
        "nations": {
            nation: {"pe": pe, "provinces": result.of(nation)}
            for nation, pe in result.nations.items()
        },
        "provinces": {p.name: p.model_dump() for p in result.provinces},
    }
    lines = [
        _("Tribute at the end of {date} (T5.3):").format(date=_said(state.date_said, state.date))
    ]
    for nation, pe in result.nations.items():
        parts = ", ".join(f"{name} {value}" for name, value in result.of(nation).items() if value)
        lines.append(
            f"  {nation_name(nation):<14}"
            + _("{pe:>4} PE").format(pe=pe)
            + (f"  ({parts})" if parts else "")
        )
    for province in result.provinces:
        if province.collector is None and province.reason.startswith(
            ("sacked", "besieged", "contested")
        ):
            lines.append(f"  {province.name}: {_said(province.told, province.reason)}")
    return data, lines


def _run_tribute(args: argparse.Namespace) -> int:
    """T5.3: what ``advance`` would collect now; writes nothing."""
    with _open(args) as store:
        state = store.state()
        _need_map(state)
        data, lines = _tribute_lines(state)
        emit(args, {"file": str(store.path), **data}, "\n".join(lines))
    return 0


def _heading(state: CampaignState) -> str:
    """The campaign's title and date, as every map and list starts."""
    return f"{scenario_text(state.scenario.title)} — {_said(state.date_said, state.date)}"


def _need_map(state: CampaignState) -> None:
    if state.dba_map is not None:
        raise CliError(
            _(
                "--file: {title} has no PM, fleets or tribute on its map (its armies move by D10)"
            ).format(title=scenario_text(state.scenario.title))
        )
    if not state.forces and not state.map_note:
        from assistant.ledger.forces import board_of

        if board_of(state.scenario) is None:
            raise CliError(
                _("--file: {title} has no map (only the Tarentine Wars have a board, T7.1)").format(
                    title=scenario_text(state.scenario.title)
                )
            )


def _run_map(args: argparse.Namespace) -> int:
    """T7: the map as it stands; writes nothing."""
    from assistant.ledger.forces import map_summary

    with _open(args) as store:
        state = store.state()
        if state.dba_map is not None:
            return _dba_map(args, store.path, state)
        _need_map(state)
        board = map_summary(state)
    lines = [_heading(state)]
    if board.note:
        lines.append(_(board.note))  # the ledger's own key (MADE_BEFORE_THE_MAP), not typed text
    for name, province in board.provinces.items():
        forces = "  ".join(
            f"{nation_name(nation)} {pm.land}⚔" + (f" {pm.naval}⚓" if pm.naval else "")
            if pm.land
            else f"{nation_name(nation)} {pm.naval}⚓"
            for nation, pm in province.forces.items()
        )
        marks = "".join(
            " " + mark
            for mark, on in (
                (_("city"), province.city),
                (_("sea"), province.maritime),
                (_("besieged"), province.besieged),
                (_("sacked"), province.sacked),
            )
            if on
        )
        lines.append(
            f"  {name:<17}{nation_name(province.controller):<14}"
            + _("{pe:>3} PE").format(pe=province.value)
            + marks
            + (f"  {forces}" if forces else "")
        )
    lines.append(
        _("Forces: {forces}").format(
            forces=", ".join(
                f"{_force_shown(state, name)} ("
                + (
                    _("{pm} PM, {province}, aboard {fleet}")
                    if f.aboard
                    else _("{pm} PM, {province}")
                ).format(
                    pm=f.pm,
                    province=f.province,
                    fleet=f.aboard and _force_shown(state, f.aboard),
                )
                + ")"
                for name, f in board.forces.items()
            )
        )
    )
    emit(args, {"file": str(store.path), **board.to_json()}, "\n".join(lines))
    return 0


def _make_move(args: argparse.Namespace, recording: _Recording) -> Any:
    """T7.3 (a march, at once or as a sealed order), D10 (Macedon vs Persia's moves)."""
    from assistant.ledger.events import ArmyMoved, DbaMoved, MarchOrder

    if recording.state().dba_map is not None:
        dba = DbaMoved(
            army=args.army,
            move=args.how or "redeploy",
            to=args.to,
            via=args.via,
            who=_who(args),
            note=args.note,
        )
        return _Made(dba, _options("to", "via"))
    if args.how is not None or args.via is not None:
        raise CliError(_("--how: only the armies of Macedon vs Persia move by D10"))
    order = MarchOrder(army=args.army, to=args.to)
    sealed = _sealed_order(args, recording.state(), order)
    if sealed is not None:
        return _Made(sealed, _options("to", "nation"))
    return ArmyMoved(army=args.army, to=args.to, who=_who(args), note=args.note)


def _sealed_order(args: argparse.Namespace, state: CampaignState, order: Any) -> Any:
    """T7.3: under house rule ``orders = sealed`` a move is an order of its nation (the
    ``--nation`` given, else the force's own); None when the campaign moves at once."""
    from assistant.ledger.orders import order_for

    sealed = order_for(state, order, args.nation, who=_who(args), note=args.note)
    if sealed is None and args.nation is not None:
        raise CliError(_("--nation: only for sealed orders (house rule orders = sealed)"))
    return sealed


def _force_shown(state: CampaignState | None, name: str, nation: str | None = None) -> str:
    """An army or fleet of the campaign (or of ``nation``) as the reader names it ("Roma I",
    T7.2); a name a referee typed as typed."""
    from converters.force_names import shown_name

    force = state.forces.get(name) if state is not None else None
    if force is not None:
        return shown_name(name, force.nation, force.kind)
    return shown_name(name, nation) if nation is not None else name


def _order_line(order: Any, state: CampaignState) -> str:
    from assistant.ledger.sealed_view import order_words

    return order_words(order, state)


def _run_orders(args: argparse.Namespace) -> int:
    """T7.3: one nation's sealed orders (the referee entering for it sees only those)."""
    from assistant.ledger.events import OrderWithdrawn
    from assistant.ledger.orders import orders_of

    if args.nation in ("export", "import"):
        from assistant.cli.commands import _mail

        if args.nation == "export":
            return _mail.export_orders(args, lambda: _open(args))
        return _mail.import_orders(args, lambda: _open(args), _who(args))
    if args.orders_file is not None or args.out is not None or args.key is not None:
        raise CliError(_("ORDERS: only with orders export or orders import (orders by mail)"))
    if args.none and args.withdraw is not None:
        raise CliError(_("--none: give no orders, or withdraw one (--withdraw), not both"))
    if args.withdraw is not None:
        event = OrderWithdrawn(
            nation=args.nation, force=args.withdraw, who=_who(args), note=args.note
        )
        return _append(args, event, flags=("force",))
    if args.none:
        from assistant.ledger.events import NoOrders

        return _append(args, NoOrders(nation=args.nation, who=_who(args), note=args.note))
    with _open(args) as store:
        state = store.state()
    from assistant.ledger.state import LedgerError

    try:
        nation = state.nation(args.nation).name
    except LedgerError as error:
        raise CliError(describe(error)) from None
    if state.rules.orders != "sealed":
        raise CliError(_("nation: this campaign moves at once (house rule orders = immediate)"))
    if store.seat is not None and store.seat != nation:
        raise CliError(
            _("NATION: this is {seat}'s copy: {nation}'s orders are sealed (T7.3)").format(
                seat=nation_name(store.seat), nation=nation_name(nation)
            )
        )
    own = orders_of(state, nation).get(nation, [])
    data = {
        "nation": nation,
        "turn": state.turn,
        "orders": [order.model_dump() for order in own],
    }
    lines = [
        _("{nation}'s sealed orders, turn {turn}:").format(
            nation=nation_name(nation), turn=state.turn
        )
    ]
    lines += [f"  {_order_line(order, state)}" for order in own] or ["  " + _("none yet")]
    emit(args, data, "\n".join(lines))
    return 0


def _make_resolution(args: argparse.Namespace, recording: _Recording) -> Any:
    """T7.3: reveal every order and carry them out together, as one event."""
    from assistant.ledger.orders import resolution

    return resolution(recording.state(), who=_who(args), note=args.note)


def _meeting_line(meeting: MeetingSummary) -> str:
    from assistant.ledger.sealed_view import meeting_cells

    number, where, forces, status = meeting_cells(
        meeting, _("each side: seek or avoid? (castra campaign answer)")
    )
    line = f"  {number}. {where}: {forces} — {status}"
    pairing = meeting.pairing
    if pairing is not None:
        line += "; " + _pairing_words(pairing.pairs[0], pairing.queue)
    return line


def _pairing_words(pair: Sequence[Any], queue: Sequence[str]) -> str:
    """D8: the game to play now, and who the winner fights next."""
    from assistant.ledger.sealed_view import pairing_words

    return pairing_words(pair, queue)


def _run_meetings(args: argparse.Namespace) -> int:
    """T7.4: every meeting found this turn, sea first; writes nothing."""
    from assistant.ledger.orders import meetings_summary

    with _open(args) as store:
        state = store.state()
    if args.battle is not None:
        return _meeting_battle(args, state)
    found = meetings_summary(state)
    lines = [_("Meetings this turn (T7.4):")]
    lines += [_meeting_line(m) for m in found] or ["  " + _("none")]
    meetings = [m.to_json() for m in found]
    emit(args, {"turn": state.turn, "meetings": meetings}, "\n".join(lines))
    return 0


def _meeting_battle(args: argparse.Namespace, state: CampaignState) -> int:
    """T7.4, T3.2: what the desk and the dice battle open meeting N with; writes nothing."""
    from assistant.ledger.meeting_battle import meeting_prefill
    from assistant.ledger.state import LedgerError
    from converters.dice_battle import APPROACH_WORDS

    try:
        found = meeting_prefill(state, args.battle)
    except LedgerError as error:
        raise CliError("--battle" + describe(error).removeprefix("meeting")) from None
    if found.army_a is not None:
        data = {**found.model_dump(), "dice_battle": None}
        lines = [
            _("Battle of meeting {number} at {place}").format(
                number=found.meeting, place=found.place
            )
            + ": "
            + _pairing_words((found.army_a, found.army_b), found.queue),
            _("record it: castra campaign record --meeting {number} …").format(
                number=found.meeting
            ),
        ]
        emit(args, data, "\n".join(lines))
        return 0
    command = _battle_line(found)
    data = {**found.model_dump(), "dice_battle": command}
    sides = [
        ", ".join(f"{nation_name(n)} {pm}" for n, pm in contingents)
        for contingents in (found.side_a, found.side_b)
    ]
    lines = [
        _("Battle of meeting {number} at {place}: side A {a}; side B {b}").format(
            number=found.meeting, place=found.place, a=sides[0], b=sides[1]
        ),
        _("approach: {approach} (T3.2)").format(approach=_(APPROACH_WORDS[found.approach])),
        _("dice battle: {command}").format(command=command),
        _("record it: castra campaign record --meeting {number} …").format(number=found.meeting),
    ]
    emit(args, data, "\n".join(lines))
    return 0


def _make_player(args: argparse.Namespace, _recording: _Recording) -> Any:
    from assistant.ledger.events import PlayerChanged

    return PlayerChanged(nation=args.nation, player=not args.none, who=_who(args), note=args.note)


def _make_withdrawal(args: argparse.Namespace, recording: _Recording) -> Any:
    """T3.0, T7.4: roll the pursuit (or take the typed dice) for the withdrawal."""
    from armylists.names import find_name
    from assistant.ledger.withdrawal import withdrawal_event

    to: dict[str, str | None] = {}
    for pick in args.to:
        army, sep, province = pick.partition("=")
        if not sep or not army.strip() or not province.strip():
            raise CliError(_("--to: ARMY=PROVINCE (got {pick!r})").format(pick=pick))
        if army.strip() in to:
            raise CliError(_given_twice("--to", army.strip()))
        to[army.strip()] = province.strip()
    state = recording.state()
    # The armies typed in either language ("Roma I=Capua"), kept by their stored names.
    forces = list(state.forces)
    to = {find_name(army, forces) or army: place for army, place in to.items()}
    dice = dice_from_args(args)
    try:
        event = withdrawal_event(
            state,
            args.meeting,
            dice,
            to,
            pyrrhus_leads=args.pyrrhus,
            who=_who(args),
            note=args.note,
        )
    except LookupError:
        raise CliError(
            _("--dice: the pursuit is one d6 per PM of the pursuers; too few faces")
        ) from None
    if getattr(dice, "remaining", 0):
        raise CliError(
            ngettext(
                "--dice: the pursuit is one d6 per PM of the pursuers; {n} face left over",
                "--dice: the pursuit is one d6 per PM of the pursuers; {n} faces left over",
                dice.remaining,
            ).format(n=dice.remaining)
        )
    return event


DBA_MAP_WORDS = (
    N_("devastated"),
    N_("neutral"),
    N_("rebel"),
    N_("loyal"),
    N_("held"),
    N_("works"),
    N_("agitation"),
)
"""D12's province statuses and D11's special actions as the ledger names them (language-neutral
in ``--json``), marked here so the map's text says them with ``_()``."""


def _dba_map(args: argparse.Namespace, path: object, state: CampaignState) -> int:
    """D9–D13: provinces with holder, loyalty and status; armies with morale and deadlines."""
    from assistant.ledger.dba_map import summary
    from converters.province_names import province_name

    data = summary(state)
    lines = [_heading(state)]
    neutral = _("neutral")
    for name, province in data.provinces.items():
        loyalty = " ".join(f"{nation_name(side)} {n}" for side, n in province.loyalty.items())
        marks = " " + _("port") if province.port else (" " + _("sea") if province.maritime else "")
        lines.append(
            f"  {province_name(name):<22}"
            f"{nation_name(province.controller or '') or neutral:<10}{loyalty:<22}"
            f"{_(province.status)}{marks}"
        )
    lines.append(_("Armies:"))
    from converters.force_names import shown_army

    for name, army in data.armies.items():
        where = province_name(army.province or "") or _(
            "at sea for {to}, lands turn {turn}"
        ).format(to=province_name(army.landing_at or ""), turn=army.lands_on)
        extra = ""
        if army.action:
            extra += "  " + _("{action} until turn {turn}").format(
                action=_(army.action), turn=army.action_ends
            )
        if army.deadline is not None:
            extra += "  " + _("CUT OFF: dies turn {turn}").format(turn=army.deadline)
        lines.append(
            f"  {shown_army(name, army.side):<16}{nation_name(army.side):<10}{where:<22}"
            + _("morale {m}").format(m=army.morale)
            + extra
        )
    emit(args, {"file": str(path), **data.to_json()}, "\n".join(lines))
    return 0


def _make_loyalty(args: argparse.Namespace, _recording: _Recording) -> Any:
    from pydantic import ValidationError

    from assistant.ledger.events import LoyaltyChanged

    try:
        return LoyaltyChanged(
            province=args.province,
            side=args.side,
            by=args.by,
            roll=args.roll,
            who=_who(args),
            note=args.note,
        )
    except ValidationError:
        raise CliError(_("--by: a whole number from -6 to 6")) from None


def _run_pairing(args: argparse.Namespace) -> int:
    """D8: the pairing in a province; writes nothing."""
    from assistant.ledger.dba_map import pairing
    from assistant.ledger.state import LedgerError

    chosen: dict[str, str] = {}
    for pick in args.pick:
        army, sep, enemy = pick.partition("=")
        if not sep or not army.strip() or not enemy.strip():
            raise CliError(_("--pick: ARMY=ENEMY (got {pick!r})").format(pick=pick))
        chosen[army.strip()] = enemy.strip()
    with _open(args) as store:
        state = store.state()
    from armylists.names import find_name
    from converters.force_names import shown_army

    # D1: the armies typed in either language ("Macedonia 2"), kept by their stored names.
    chosen = {
        find_name(a, state.armies) or a: find_name(e, state.armies) or e for a, e in chosen.items()
    }
    try:
        found = pairing(state, args.province, chosen or None)
    except LedgerError as error:
        raise CliError(str(error)) from None
    lines = [_("{a} fights {d}").format(a=shown_army(a), d=shown_army(d)) for a, d in found.pairs]
    if found.queue:
        lines.append(
            _("then, the winner against: {queue}").format(
                queue=", ".join(shown_army(name) for name in found.queue)
            )
        )
    emit(args, {"province": args.province, **found.model_dump()}, "\n".join(lines))
    return 0


def _make_voyage(args: argparse.Namespace, recording: _Recording) -> Any:
    """T7.3, T3.7: a fleet's voyage, at once or as a sealed order."""
    from assistant.ledger.events import FleetSailed, VoyageOrder

    order = VoyageOrder(
        fleet=args.fleet, to=args.to, via=args.via, carry=args.carry, land=args.land
    )
    sealed = _sealed_order(args, recording.state(), order)
    if sealed is not None:
        return _Made(sealed, _options("to", "via", "carry", "land", "nation"))
    return FleetSailed(
        fleet=args.fleet,
        to=args.to,
        via=args.via,
        carry=args.carry,
        land=args.land,
        who=_who(args),
        note=args.note,
    )


def _make_sack(args: argparse.Namespace, recording: _Recording) -> Any:
    """T5.3, T4.2: the sack's money and prestige, from the province as it stands."""
    from assistant.ledger.map_war import sack_event

    return sack_event(recording.state(), args.province, args.nation, who=_who(args), note=args.note)


def _make_treaty(args: argparse.Namespace, recording: _Recording) -> Any:
    """T7.10, T4.2: a public treaty, made at once or handed in as a sealed order (T7.3)."""
    from assistant.ledger.events import TreatyMade, TreatyOrder
    from assistant.ledger.orders import diplomacy_for

    if len(args.party) < 2:
        raise CliError(_("--party: a treaty has at least two parties"))
    state = recording.state()
    order = TreatyOrder(
        parties=args.party,
        terms=args.terms,
        alliance=not args.not_alliance,
        imposed_by=args.imposed_by,
        pp=args.pp,
    )
    sealed = diplomacy_for(
        state, order, args.nation or args.party[0], who=_who(args), note=args.note
    )
    if sealed is not None:
        return _Made(sealed, _options("imposed_by", "pp", "nation", "parties"))
    if args.nation is not None:
        raise CliError(_("--nation: only for sealed orders (house rule orders = sealed)"))
    return TreatyMade(
        parties=args.party,
        terms=args.terms,
        alliance=not args.not_alliance,
        imposed_by=args.imposed_by,
        pp=args.pp,
        who=_who(args),
        note=args.note,
    )


RELATION_WORDS = {"allied": N_("allied"), "at_war": N_("at war"), "neither": N_("neither")}
"""T7.10's relations (language-neutral in ``--json``), as the list of relations says them."""


def _run_victory(args: argparse.Namespace) -> int:
    """T5.8: every nation's strategic condition as the figures stand; writes nothing."""
    from assistant.ledger.state import LedgerError
    from converters.said import render

    with _open(args) as store:
        state = store.state()
    try:
        conditions = state.victory_conditions()
    except LedgerError as error:
        raise CliError(describe(error)) from None
    data = {
        "rule": "T5.8",
        "turn": state.turn,
        "winners": state.winners,
        "conditions": [c.model_dump() for c in conditions],
    }
    lines = [_heading(state)]
    if state.winners:
        lines.append(
            _("Strategic victory (T5.8): {winners}; the campaign is over.").format(
                winners=", ".join(nation_name(n) for n in state.winners)
            )
        )
    for c in conditions:
        # The condition beside the nation, what it still lacks under it (80 columns, issue 25).
        if c.met:
            met = _("met")
            lines.append(f"  {nation_name(c.nation):<14} {_(c.condition)} — {met}")
            continue
        lines.append(f"  {nation_name(c.nation):<14} {_(c.condition)}")
        # T5.8's "PP more to pass the Etruscans" said with the nation's article (issue 25);
        # "manca:" before one item, "mancano:" before several.
        missing = "; ".join(render(lack) for lack in c.lacking)
        lacks = ngettext("lacks: {missing}", "lacks: {missing}", len(c.lacking))
        lines.append(" " * 17 + lacks.format(missing=missing))
    emit(args, data, "\n".join(_fitted(lines)))
    return 0


def _run_declare_war(args: argparse.Namespace) -> int:
    """T7.10: record a declaration of war, or list each pair of nations and its relation."""
    from assistant.ledger.events import WarDeclared
    from assistant.ledger.relations import relations_summary

    if args.nation is None and args.on is None:
        with _open(args) as store:
            rows = relations_summary(store.state())
        text = "\n".join(
            _("{a} – {b}: {relation}").format(
                a=nation_name(row.a), b=nation_name(row.b), relation=_(RELATION_WORDS[row.relation])
            )
            for row in rows
        )
        data = {"relations": [row.to_json() for row in rows], "rule": "T7.10"}
        emit(args, data, text or _("no nations"))
        return 0
    if args.nation is None or args.on is None:
        raise CliError(_("--on: name the nation that declares war and the one it declares on"))
    from assistant.ledger.events import WarOrder
    from assistant.ledger.orders import diplomacy_for

    with _open(args) as store:
        state = store.state()
    sealed = diplomacy_for(state, WarOrder(on=args.on), args.nation, who=_who(args), note=args.note)
    if sealed is not None:
        return _append(args, sealed, flags=("on",))
    event = WarDeclared(nation=args.nation, on=args.on, who=_who(args), note=args.note)
    return _append(args, event, flags=("on",))


RETREAT_HOLDINGS = (N_("own since the start"), N_("own"), N_("neutral"), N_("enemy"))
"""T4.3's kinds of province, best first, as the ledger names them (language-neutral in
``--json``), marked so the list of retreats says them with ``_()``."""


def _retreat_label(option: Any) -> str:
    """T4.3, T7.5: what a retreat is to the army, with who holds it ("neutral, Magna
    Graecia's"), and the fleet a lander goes back aboard."""
    text = _("{holding}, held by {holder}").format(
        holding=_(option.holding), holder=nation_name(option.holder)
    )
    if option.aboard is not None:
        text += ", " + _("back aboard {fleet}").format(fleet=option.aboard)
    return str(text)


def _run_fall_back(args: argparse.Namespace) -> int:
    """T4.3 (an army), T3.7 (a fleet): list the allowed retreats, or record one (or the
    surrender)."""
    from assistant.ledger.events import ArmyRetreated, FleetRetreated
    from assistant.ledger.map_war import retreats
    from assistant.ledger.naval import fleet_retreats
    from assistant.ledger.state import LedgerError

    with _open(args) as store:
        state = store.state()
    force = state.forces.get(args.army)
    fleet = force is not None and force.kind == "fleet"
    if args.to is None and not args.surrender:
        try:
            if fleet:
                places = fleet_retreats(state, args.army)
                data: dict[str, Any] = {"fleet": args.army, "options": places}
                heading = _("{fleet} may retreat to (best first, T3.7):").format(
                    fleet=_force_shown(state, args.army)
                )
                lines = [f"  {province}" for province in places]
            else:
                options = retreats(state, args.army)
                data = {"army": args.army, "options": [o.model_dump() for o in options]}
                heading = _("{army} may retreat to (best first, T4.3):").format(
                    army=_force_shown(state, args.army)
                )
                lines = [
                    f"  {o.province} ({_retreat_label(o)}"
                    + (
                        ", " + _("{pm} enemy PM: a second battle may follow").format(pm=o.enemy_pm)
                        if o.second_battle
                        else ""
                    )
                    + ")"
                    for o in options
                ]
        except LedgerError as error:
            raise CliError(str(error)) from None
        lines = lines or [_("  nowhere: it surrenders (--surrender)")]
        emit(args, data, "\n".join([heading, *lines]))
        return 0
    if args.to is not None and args.surrender:
        raise CliError(_("--surrender: either --to PROVINCE or --surrender"))
    event: ArmyRetreated | FleetRetreated = (
        FleetRetreated(fleet=args.army, to=args.to, who=_who(args), note=args.note)
        if fleet
        else ArmyRetreated(army=args.army, to=args.to, who=_who(args), note=args.note)
    )
    return _append(args, event, flags=("to",))


def _make_interception(args: argparse.Namespace, recording: _Recording) -> Any:
    """T3.6: roll (or take the typed die for) the interception."""
    from assistant.ledger.naval import interception_event

    dice = dice_from_args(args)
    event = interception_event(
        recording.state(), args.fleet, args.target, dice, who=_who(args), note=args.note
    )
    if getattr(dice, "remaining", 0):
        raise CliError(_("--dice: the interception is one d6; give one face"))
    return event


def _make_winter(args: argparse.Namespace, recording: _Recording) -> Any:
    """T5.6, T5.7, T6.2: the winter turn, its control checks read from the map if any."""
    from assistant.ledger.record import winter_event

    stationed: dict[str, int] | None = _pairs(
        args.stationed, "--stationed", shape=_("PROVINCE:PM, e.g. Heraclea:2"), nations=False
    )
    disband = _pairs(
        args.disband,
        "--disband",
        minimum=1,
        shape=_("FORCE:PM, e.g. 'Pyrrhus I:2'"),
        nations=False,
    )
    state = recording.state()
    if state.forces:
        if stationed:
            raise CliError(_("--stationed: read from the map in this campaign (T5.7, T7.8)"))
        stationed = None
    return winter_event(
        state,
        dice_from_args(args),
        storm_nation=args.storm_nation,
        stationed=stationed,
        annex=args.annex,
        disband=disband,
        who=_who(args),
        note=args.note,
    )


def _run_control(args: argparse.Namespace) -> int:
    """T5.7: what the referee needs for the winter's control checks; writes nothing."""
    from assistant.ledger.conquest import occupations

    with _open(args) as store:
        state = store.state()
    if state.forces:
        return _control_on_map(args, store.path, state, occupations(state))
    occupied = state.occupied()
    data, lines = _control_start(store.path, state, occupied)
    if occupied:
        lines.append(
            _(
                "Occupied provinces (T5.7: owner's PP + loyalty v holder's PP + PM stationed, "
                "{tie}):"
            ).format(tie=_control_tie(state))
        )
        lines.append(
            "  {:<18}{:<15}{:<15}{:>7}{:>9}{:>10}{:>11}".format(
                _("province"),
                _("homeland"),
                _("holder"),
                _("loyalty"),
                _("owner PP"),
                _("holder PP"),
                _("PM to keep"),
            )
        )
        for entry in occupied:
            loyalty = f"{entry.loyalty}{'*' if entry.loyalty_spent else ''}"
            lines.append(
                f"  {entry.province:<18}{nation_name(entry.homeland):<15}"
                f"{nation_name(entry.holder):<15}{loyalty:>7}"
                f"{entry.owner_pp:>9}{entry.occupier_pp:>10}{entry.pm_to_keep:>11}"
            )
        if any(entry.loyalty_spent for entry in occupied):
            lines.append("  " + _("* loyalty spent by an earlier check: 0 for ever"))
        lines.append(
            _(
                "In the winter turn give the PM stationed: "
                "`castra campaign winter --stationed PROVINCE:PM`."
            )
        )
    emit(args, data, "\n".join(lines))
    return 0


def _control_start(
    path: Path, state: CampaignState, occupied: list[Any]
) -> tuple[dict[str, Any], list[str]]:
    """T5.7: what both readings of ``campaign control`` print first — the JSON of the
    occupations, the heading and, with none, the line that says so."""
    data = {
        "file": str(path),
        "turn": state.turn,
        "date": state.date,
        "winter": state.is_winter,
        "occupied": [entry.model_dump() for entry in occupied],
        "loyalty_spent": list(state.loyalty_spent),
    }
    lines = [_heading(state)]
    if not occupied:
        lines.append(
            _("No occupied provinces: the winter control check (T5.7) has nothing to check.")
        )
    return data, lines


def _control_tie(state: CampaignState) -> str:
    """T5.7, house rule control_tie: who keeps a province on a tie, in words."""
    return (
        _("a tie to the holder")
        if state.rules.control_tie == "occupier"
        else _("a tie to the owner, house rule control_tie = owner")
    )


def _control_on_map(
    args: argparse.Namespace, path: Path, state: CampaignState, occupied: list[Any]
) -> int:
    """T5.7, T7.7: the provinces a nation at war with their controller occupies on the map,
    with both scores as they stand now (the winter reads the PM from the map)."""
    data, lines = _control_start(path, state, occupied)
    if occupied:
        lines.append(_control_tie(state))
    for entry in occupied:
        result = entry.check()
        lines.append(
            _(
                "  {province}: {controller} {owner_score} (PP {owner_pp} + loyalty {loyalty}) v "
                "{occupier} {occupier_score} (PP {occupier_pp} + {pm} PM standing); "
                "{needed} PM take it"
            ).format(
                province=entry.province,
                controller=nation_name(entry.controller),
                owner_score=result.owner_score,
                owner_pp=entry.owner_pp,
                loyalty=entry.loyalty,
                occupier=nation_name(entry.occupier),
                occupier_score=result.occupier_score,
                occupier_pp=entry.occupier_pp,
                pm=entry.stationed_pm,
                needed=entry.pm_to_keep,
            )
        )
    emit(args, data, "\n".join(lines))
    return 0


def _make_note(args: argparse.Namespace, _recording: _Recording) -> Any:
    from pydantic import ValidationError

    from assistant.ledger.events import NoteAdded

    try:
        return NoteAdded(note=args.text, who=_who(args))
    except ValidationError as error:
        # The note is the positional TEXT here, not a --note option.
        raise CliError(describe(error, {"note": "text"})) from None


def _run_undo(args: argparse.Namespace) -> int:
    from assistant.ledger.state import LedgerError

    store = _open(args)
    try:
        try:
            stored = store.undo(args.reason, who=_who(args))
        except LedgerError as error:
            raise CliError(describe(error)) from None
        return _recorded(args, store, stored)
    finally:
        store.close()


def _said(said: Said | None, summary: str) -> str:
    """What an event did, in the reader's language (an entry without a description, which
    only a file no Castra wrote could give, as its English summary)."""
    from converters.said import render

    return summary if said is None else render(said)


def _run_history(args: argparse.Namespace) -> int:
    with _open(args) as store:
        entries = store.history()
    data = {"events": [json.loads(entry.model_dump_json()) for entry in entries]}
    lines = []
    for entry in entries:
        when = entry.when.strftime("%Y-%m-%d %H:%M") if entry.when else "?"
        line = f"#{entry.id:<4} " + _("turn {turn:<3}").format(turn=entry.turn or "-")
        line += f" {when} {entry.who or '-'}: {_said(entry.said, entry.summary)}"
        if entry.note and entry.kind != "note":
            line += f" — {entry.note}"
        if entry.undone_by:
            line += "  " + _("[undone by #{id}: {reason}]").format(
                id=entry.undone_by, reason=entry.undo_reason
            )
        lines.append(line)
    emit(args, data, "\n".join(lines))
    return 0


def _run_players(args: argparse.Namespace) -> int:
    from assistant.cli.commands._mail import run_players

    return run_players(args, _open(args))


def _run_export(args: argparse.Namespace) -> int:
    if args.for_nation is not None:
        from assistant.cli.commands._mail import export_copy

        return export_copy(args, lambda: _open(args))
    if args.format == "csv":
        from assistant.cli.commands._export_csv import export_csv

        return export_csv(args, _open(args))
    if args.out is not None:
        if args.target is not None:
            raise CliError(_("--out: the JSON file is given once, as FILE or with --out"))
        args.target = args.out
    if args.target is None:
        raise CliError(_("FILE: the JSON file to write ('-' = stdout)"))
    from assistant.ledger.store import CampaignFileError, CampaignStore, write_new_file

    try:
        # A damaged campaign can still be exported: the events before the damage.
        store = CampaignStore.open(_path(args), salvage=True)
    except CampaignFileError as error:
        raise CliError(str(error)) from None
    with store:
        document = store.export_document()
        damage = store.damage
    left_out = None
    if damage is not None and damage.first_event is not None:
        left_out = _("{what}: #{first} and every later event left out").format(
            what=damage.what, first=damage.first_event
        )
    text = json.dumps(document, ensure_ascii=False, indent=1)
    if args.target == "-":
        sys.stdout.write(text + "\n")
        if left_out is not None:
            print(left_out, file=sys.stderr)
        return 0
    target = _export_target(args)
    try:
        write_new_file(target, text + "\n", replace=args.force)
    except FileExistsError:
        raise CliError(
            _("FILE: {name} already exists; give another name or pass --force").format(name=target)
        ) from None
    except OSError as error:
        raise not_written("FILE", target, error) from None
    count = len(document["events"])
    data: dict[str, Any] = {"file": str(target), "events": count}
    text = ngettext(
        "Exported {count} event to {name}", "Exported {count} events to {name}", count
    ).format(count=count, name=target)
    if left_out is not None:
        data["left_out"] = left_out
        text += f"\n{left_out}"
    emit(args, data, text)
    return 0


def _export_target(args: argparse.Namespace) -> Path:
    """Where ``campaign export`` may write: never over a campaign file (the campaign itself
    included) nor a folder; over another existing file only with ``--force``."""
    from assistant.ledger.store import is_campaign_file

    if not args.target.strip():
        raise CliError(_("FILE: empty; give the JSON file's name, or - for the screen"))
    target = Path(args.target)
    if target.is_dir():
        raise CliError(_("FILE: {name} is a folder; give the JSON file's name").format(name=target))
    if is_campaign_file(target):
        raise CliError(
            _("FILE: {name} is a campaign file; export never overwrites one").format(name=target)
        )
    if target.exists() and not args.force:
        raise CliError(
            _("FILE: {name} already exists; give another name or pass --force").format(name=target)
        )
    return target


def _run_import(args: argparse.Namespace) -> int:
    from assistant.ledger.store import CampaignFileError, CampaignStore

    document = read_json_file(args.source, "FILE")
    try:
        store = CampaignStore.import_document(
            document, _path(args), force=args.force, trust=args.trust
        )
    except CampaignFileError as error:
        raise CliError(describe(error)) from None
    with store:
        state = store.state()
        data = {"file": str(store.path), **state.summary().to_json()}
        count = len(document["events"])
        text = ngettext(
            "Imported {count} event into {path}", "Imported {count} events into {path}", count
        ).format(count=count, path=store.path)
        text += f"\n{_show_text(state)}"
        emit(args, data, _set_aside(store, data, text), recorded=str(store.path))
    return 0


# ---- the commands ----------------------------------------------------------------------------

_COMMON = (
    Arg(
        name="--file", metavar="PATH", help=N_("the campaign file (default: your default campaign)")
    ),
    Arg(name="--json", action="store_true", help=N_("print one JSON object")),
    Arg(name="--who", help=N_("who records it (default: your login name)")),
)
"""Every campaign command's options: which file, JSON out, who records it."""

_NOTE = Arg(name="--note", default="", help=N_("a note kept with the event"))
"""The note an event keeps: every command that records something takes it."""

_REPLACE = N_("replace an existing file (the old one is kept, renamed aside)")

_RECORD_FIGURES = (
    ("--battle-groups", "NATION:N", N_("FOG: BGs fielded")),
    ("--broken", "NATION:N", N_("FOG: BGs broken/routed/destroyed/off table")),
    ("--fragmented", "NATION:N", N_("FOG: BGs fragmented")),
    ("--attrition", "NATION:N", N_("FOG: AP total your edition counted")),
    ("--total-eleq", "NATION:X", N_("DBM: the contingent's ElEq")),
    ("--eliminated", "NATION:X", N_("DBM: ElEq eliminated")),
    ("--demoralised", "NATION:X", N_("DBM: ElEq demoralised, not eliminated")),
    ("--elements", "NATION:N", N_("DBA: elements fielded")),
    ("--lost", "NATION:N", N_("DBA: elements lost")),
    ("--bases", "NATION:N", N_("DBMM: bases fielded")),
    ("--killed", "NATION:N", N_("DBMM: bases killed")),
    ("--broken-bases", "NATION:N", N_("DBMM: bases of broken units not killed")),
    ("--pm-lost", "NATION:N", N_("dice/naval/manual: land PM lost")),
    ("--prisoners", "NATION:N", N_("land PM taken prisoner (T4.3)")),
    ("--fleet", "NATION:N", N_("naval PM it brought")),
    ("--naval-lost", "NATION:N", N_("naval PM sunk or captured")),
    ("--captured", "NATION:N", N_("enemy naval PM it captured (T3.7)")),
)
"""``record``'s per-contingent figures, one repeatable NATION:N option each (T2, D2–D4)."""

_NATION = Arg(name="--nation", required=True, type=nation_key)


def _sealed_by(whose: str) -> Arg:
    """``--nation``: under sealed orders, the nation giving this order (T7.3)."""
    return Arg(name="--nation", metavar="NATION", type=nation_key, help=whose)


COMMANDS: tuple[Command, ...] = (
    Command(
        name="new",
        help=N_("start a campaign: tarentine, macedon, custom or bellum"),
        run=_run_new,
        args=(
            Arg(name="scenario", choices=("tarentine", "macedon", "custom", "bellum")),
            Arg(
                name="--faction",
                metavar="{bruti,scipii,julii}",
                help=N_("bellum: the faction leading Rome, with its start centres (B3)"),
            ),
            Arg(
                name="--nation",
                repeat="append",
                metavar="NAME",
                help=N_("custom: a nation (repeat for each)"),
            ),
            Arg(
                name="--treasury",
                repeat="append",
                metavar="NATION:PE",
                help=N_("custom: a starting treasury"),
            ),
            Arg(
                name="--land",
                repeat="append",
                metavar="NATION:PM",
                help=N_("custom: starting land PM"),
            ),
            Arg(
                name="--naval",
                repeat="append",
                metavar="NATION:PM",
                help=N_("custom: starting naval PM"),
            ),
            Arg(
                name="--prestige",
                repeat="append",
                metavar="NATION:PP",
                help=N_("starting prestige (T5.5: 0 unless set)"),
            ),
            Arg(name="--force", action="store_true", help=_REPLACE),
            Arg(
                name="--map",
                metavar="FILE",
                help=N_(
                    "tarentine: your club's own board (TOML, as the shipped board.toml) instead of "
                    "the shipped reading (T7.1); it travels inside the campaign file"
                ),
            ),
            Arg(
                name="--no-player",
                repeat="append",
                metavar="NATION",
                help=N_(
                    "a nation nobody plays: no orders, no recruits, its forces stand (T4.4; repeat)"
                ),
            ),
        ),
        options=(add_rule_option,),
    ),
    Command(
        name="player",
        help=N_("a nation loses its player, or gets one back (T4.4)"),
        event=_make_player,
        flags=_options("player"),
        args=(
            Arg(name="nation", metavar="NATION", type=nation_key, help=N_("the nation")),
            Arg(
                name="--none",
                action="store_true",
                help=N_("nobody plays it from now on (default: somebody does)"),
            ),
        ),
    ),
    Command(
        name="rules",
        help=N_(
            "the house rules in force (docs/rules.md H): every option and number with its value"
        ),
        run=_run_rules,
        note=False,
    ),
    Command(
        name="rule",
        help=N_("change a house rule from now on (an event: replay and undo follow it)"),
        event=_make_rule,
        args=(
            Arg(name="name", metavar="NAME", help=N_("the option, e.g. control_tie")),
            Arg(name="value", metavar="VALUE", help=N_("its new value, e.g. owner")),
            Arg(name="--reason", required=True, help=N_("why the club changes it")),
        ),
    ),
    Command(
        name="show",
        help=N_("the campaign now: turn, date, forces, money, prestige (Bellum: the standings)"),
        run=_run_show,
        note=False,
    ),
    Command(
        name="centres",
        help=N_("Bellum: the supply centres each power held at the end of a year (B1, B2)"),
        event=_make_centres,
        args=(
            Arg(
                name="--year",
                type=int,
                required=True,
                help=N_("the year just ended (the next one, 1 to 20)"),
            ),
            Arg(
                name="--centres",
                repeat="extend",
                metavar="POWER=N",
                help=N_(
                    "centres a power held, e.g. Rome=5 'Greek Cities=4' (English or Italian names)"
                ),
            ),
            Arg(
                name="--centres-file",
                metavar="FILE",
                help=N_(
                    'a JSON object of centres per power instead, e.g. {"Rome": 5, "Carthage": 4}'
                ),
            ),
            Arg(
                name="--sovereign",
                metavar="POWER",
                help=N_(
                    "every surviving player proclaimed POWER sovereign this year: it wins (B1)"
                ),
            ),
        ),
    ),
    Command(
        name="record",
        help=N_("record a battle and its losses (T2, T4.1, D2–D4)"),
        event=_make_record,
        refusal=_record_refusal,
        args=(
            Arg(name="--place", help=N_("where it was fought (default: the meeting's)")),
            Arg(
                name="--meeting",
                type=_at_least(1, 999),
                metavar="N",
                help=N_("the battle of meeting N: its place and, untyped, its sides (T7.4)"),
            ),
            Arg(
                name="--system",
                choices=("fog", "dbm", "dbmm", "dba", "dice", "naval", "manual"),
                help=N_("how it was resolved (Tarentine/custom; default manual)"),
            ),
            Arg(
                name="--winner",
                choices=("a", "b", "draw"),
                help=N_("who won (T2.7); read from --dice-log when one is given"),
            ),
            Arg(
                name="--side-a",
                repeat="append",
                metavar="NATION:PM",
                help=N_("a contingent of side a (repeat for allies)"),
            ),
            Arg(
                name="--side-b",
                repeat="append",
                metavar="NATION:PM",
                help=N_("a contingent of side b (the city's defender in an assault)"),
            ),
            Arg(
                name="--turn",
                type=_at_least(1),
                help=N_("the battle's turn (default: the current turn)"),
            ),
            Arg(
                name="--city-assault",
                action="store_true",
                help=N_("side b defended a city (T3.5: its PM count double for prestige)"),
            ),
            Arg(
                name="--city-taken",
                action="store_true",
                help=N_(
                    "side a won the assault and takes the city: control, +3/−3 PP (T7.5, T4.2)"
                ),
            ),
            *(
                Arg(name=option, repeat="append", metavar=metavar, help=text)
                for option, metavar, text in _RECORD_FIGURES
            ),
            Arg(
                name="--camp-sacked",
                repeat="append",
                metavar="NATION",
                type=nation_key,
                help=N_("FOG: this contingent's camp was sacked"),
            ),
            Arg(
                name="--dice-log",
                metavar="FILE",
                help=N_(
                    "a dice battle (--system dice or naval): the JSON `castra battle --json` "
                    "printed; sides, losses, captures and dice are read from it"
                ),
            ),
            Arg(name="--army-a", help=N_("Macedon vs Persia: side a's army"), force=True),
            Arg(name="--army-b", help=N_("Macedon vs Persia: side b's army"), force=True),
            Arg(name="--lost-a", type=_at_least(0), default=0, help=N_("DBA elements side a lost")),
            Arg(name="--lost-b", type=_at_least(0), default=0, help=N_("DBA elements side b lost")),
            Arg(
                name="--elements-a",
                type=_at_least(1),
                default=12,
                help=N_("DBA elements side a fielded"),
            ),
            Arg(
                name="--elements-b",
                type=_at_least(1),
                default=12,
                help=N_("DBA elements side b fielded"),
            ),
            Arg(name="--general-lost", action="store_true", help=N_("the loser lost its general")),
            Arg(name="--camp-lost", action="store_true", help=N_("the loser lost its camp")),
            Arg(
                name="--retreat-to",
                metavar="PROVINCE",
                help=N_("Macedon vs Persia: where the beaten army retreats (D2)"),
            ),
        ),
        options=(add_dice_options,),
    ),
    Command(
        name="rebuild",
        help=N_("rebuild decimated PM, 20 PE each (T2.5)"),
        event=Fields.of("PmRebuilt", nation="nation", pm="pm"),
        args=(
            _NATION,
            Arg(name="--pm", type=_at_least(1), default=1, help=N_("how many (default 1)")),
        ),
    ),
    Command(
        name="recruit",
        help=N_("order recruits: land 40, naval 30 PE (T6.1)"),
        event=_make_recruit,
        flags=_options("province", "join"),
        args=(
            _NATION,
            Arg(name="--land", type=_at_least(0), default=0, metavar="PM", help=N_("land PM")),
            Arg(name="--naval", type=_at_least(0), default=0, metavar="PM", help=N_("naval PM")),
            Arg(name="--province", default="", help=N_("where they deploy")),
            Arg(
                name="--join",
                default="",
                metavar="ARMY",
                help=N_("the army they join there (default: a new army, T6.1)"),
            ),
        ),
    ),
    Command(
        name="advance",
        help=N_("end the turn (tribute T5.3) and start the next"),
        event=_make_advance,
        args=(
            Arg(
                name="--tribute",
                repeat="append",
                metavar="NATION:PE",
                help=N_(
                    "without a map: PE a nation collects at the end of the turn (T5.3); with the "
                    "map it is computed (correct it with `campaign treasury`, T7.8)"
                ),
            ),
            Arg(
                name="--full-tribute",
                action="store_true",
                help=N_(
                    "without a map: nations not named collect the full value of the provinces they "
                    "control; with the map the tribute is always computed (T5.3, T7.8)"
                ),
            ),
        ),
    ),
    Command(
        name="winter",
        help=N_("resolve the winter turn: upkeep, d10 event, decimated expire, control checks, VP"),
        event=_make_winter,
        flags=_options("stationed", "annex", "disband"),
        refusal=_as_said,
        args=(
            Arg(
                name="--storm-nation",
                type=nation_key,
                help=N_("who the storm strikes if several tie (T5.6, 7)"),
            ),
            Arg(
                name="--annex",
                metavar="PROVINCE",
                help=N_(
                    "the Cisalpine province the Senones annex if the die brings it (T5.6, 6; T7.9)"
                ),
            ),
            Arg(
                name="--stationed",
                repeat="append",
                metavar="PROVINCE:PM",
                help=N_(
                    "PM the occupier has stationed in an occupied province, for its control check "
                    "(T5.7; repeat for each; provinces not named count 0; see "
                    "`castra campaign control`)"
                ),
            ),
            Arg(
                name="--disband",
                repeat="append",
                metavar="FORCE:PM",
                help=N_(
                    "a nation that cannot pay its upkeep gives up PM of this army or fleet (T6.2; "
                    "repeat; its choices must add up to what it must disband)"
                ),
            ),
        ),
        options=(add_dice_options,),
    ),
    Command(
        name="control",
        help=N_("the occupied provinces and their winter control check figures (T5.7)"),
        run=_run_control,
        note=False,
    ),
    Command(
        name="map",
        help=N_("the map: every province's holder, value, neighbours and forces (T7)"),
        run=_run_map,
        note=False,
    ),
    Command(
        name="tribute",
        help=N_("this turn's tribute as it would be collected now, from the map (T5.3)"),
        run=_run_tribute,
        note=False,
    ),
    Command(
        name="move",
        help=N_("an army marches to a neighbouring province by road (T7.3)"),
        event=_make_move,
        flags=_options("to"),
        args=(
            Arg(name="army", help=N_("the army, e.g. 'Rome I'"), force=True),
            Arg(name="--to", required=True, metavar="PROVINCE", help=N_("where it marches")),
            Arg(
                name="--how",
                choices=("redeploy", "forced-march", "landing", "invasion", "retreat"),
                help=N_("Macedon vs Persia: which of D10's moves (default redeploy)"),
            ),
            Arg(
                name="--via",
                metavar="PROVINCE",
                help=N_("a forced march: the province it passes (D5)"),
            ),
            _sealed_by(
                N_("sealed orders: the nation giving the order (default: the army's own, T7.3)")
            ),
        ),
    ),
    Command(
        name="action",
        help=N_(
            "Macedon vs Persia: an army begins works or agitation for a season, or breaks off (D11)"
        ),
        event=Fields.of("SpecialActionOrdered", army="army", action="what"),
        args=(
            Arg(name="army", help=N_("the army, e.g. 'Macedon 4'"), force=True),
            Arg(name="what", choices=("works", "agitation", "break-off")),
        ),
    ),
    Command(
        name="mobilise",
        help=N_("Macedon vs Persia: forced mobilisation of a one-season army (D11)"),
        event=Fields.of("ArmyMobilised", side="side", province="province", army="army"),
        flags=_options("army"),
        args=(
            Arg(name="province", help=N_("where it is raised (it becomes devastated)")),
            Arg(name="--side", required=True, type=nation_key, help=N_("the side raising it")),
            Arg(name="--army", required=True, help=N_("the new army's name")),
        ),
    ),
    Command(
        name="loyalty",
        help=N_("Macedon vs Persia: the referee changes a province's loyalty, with a reason (D14)"),
        event=_make_loyalty,
        flags=_options("note", "side"),
        args=(
            Arg(name="province", help=N_("the province")),
            Arg(name="--side", required=True, type=nation_key, help=N_("whose loyalty")),
            Arg(name="--by", required=True, type=int, help=N_("the change, e.g. -1")),
            Arg(
                name="--roll",
                action="store_true",
                help=N_("it is a loyalty roll (D12: a loyal province holds)"),
            ),
        ),
    ),
    Command(
        name="pairing",
        help=N_("Macedon vs Persia: who fights whom in a province (D8); writes nothing"),
        run=_run_pairing,
        note=False,
        args=(
            Arg(name="province", help=N_("the province of the battle")),
            Arg(
                name="--pick",
                repeat="append",
                metavar="ARMY=ENEMY",
                help=N_("equal numbers: the attacker's choice of opponent, once per army"),
            ),
        ),
    ),
    Command(
        name="sail",
        help=N_("a fleet sails (≤ 8 stretches), perhaps carrying and landing troops (T7.3, T3.7)"),
        event=_make_voyage,
        flags=_options("to", "via", "carry", "land"),
        args=(
            Arg(name="fleet", help=N_("the fleet, e.g. 'Rome fleet I'"), force=True),
            Arg(name="--to", required=True, metavar="PROVINCE", help=N_("where it ends its move")),
            Arg(
                name="--via",
                repeat="append",
                metavar="PROVINCE",
                help=N_("a province on the way, in order (repeat; default: the shortest route)"),
            ),
            Arg(
                name="--carry",
                repeat="append",
                metavar="ARMY",
                help=N_(
                    "an army standing with the fleet at the start of the turn goes aboard (repeat)"
                ),
                force=True,
            ),
            Arg(
                name="--land",
                action="store_true",
                help=N_("land the troops aboard at the end (ends the move)"),
            ),
            _sealed_by(
                N_("sealed orders: the nation giving the order (default: the fleet's own, T7.3)")
            ),
        ),
    ),
    Command(
        name="orders",
        help=N_("a nation's sealed orders this turn; --withdraw takes one back (T7.3)"),
        run=_run_orders,
        args=(
            Arg(
                name="nation",
                metavar="NATION",
                type=nation_key,
                help=N_(
                    "the nation; or export (a player's copy: its orders to a signed file) or "
                    "import (the referee: seal a signed orders file)"
                ),
            ),
            Arg(
                name="orders_file",
                metavar="ORDERS",
                nargs="?",
                help=N_("import: the signed orders file"),
            ),
            Arg(
                name="--withdraw",
                metavar="FORCE",
                help=N_(
                    "take back the order for this army or fleet ('recruits': the recruitment "
                    "orders)"
                ),
                force=True,
            ),
            Arg(
                name="--none",
                action="store_true",
                help=N_("NATION gives no orders this turn: it has handed in (T7.3)"),
            ),
            Arg(
                name="--out",
                metavar="ORDERS",
                help=N_("export: the orders file to write (never a campaign)"),
            ),
            Arg(
                name="--key",
                metavar="KEY",
                help=N_(
                    "export: your nation's key, as the referee gave it (default: "
                    "$CASTRA_ORDERS_KEY)"
                ),
            ),
        ),
    ),
    Command(
        name="players",
        help=N_(
            "the nations with a player, each one's language and whether its orders are in; "
            "--keys prints each nation's key for orders by mail"
        ),
        run=_run_players,
        note=False,
        args=(
            Arg(
                name="nation",
                metavar="NATION",
                nargs="?",
                type=nation_key,
                help=N_("the nation (with --lang)"),
            ),
            Arg(
                name="--keys",
                action="store_true",
                help=N_("print each nation's key (give each player theirs)"),
            ),
            Arg(
                name="--lang",
                choices=("en", "it"),
                help=N_("the language of NATION's turn packet and of its seat in serve --players"),
            ),
            Arg(
                name="--rotate",
                metavar="NATION",
                type=nation_key,
                help=N_(
                    "a new session token for NATION (or referee) in castra serve --players: the "
                    "old address stops working at once"
                ),
            ),
        ),
    ),
    Command(
        name="resolve",
        help=N_(
            "reveal every nation's sealed orders and carry them out together (T5.2, T7.3, T7.4)"
        ),
        event=_make_resolution,
    ),
    Command(
        name="meetings",
        help=N_("the meetings found this turn, sea first, and what each still needs (T7.4)"),
        run=_run_meetings,
        note=False,
        args=(
            Arg(
                name="--battle",
                type=_at_least(1, 999),
                metavar="N",
                help=N_("the battle of meeting N: its place, sides and approach (T7.4, T3.2)"),
            ),
        ),
    ),
    Command(
        name="answer",
        help=N_("each side of a meeting says seek or avoid battle (T3.0, T7.4)"),
        event=Fields.of("MeetingAnswered", meeting="meeting", seek="seek"),
        flags=_options("seek"),
        args=(
            Arg(name="meeting", type=_at_least(1, 999), help=N_("the meeting's number")),
            Arg(
                name="--seek",
                repeat="append",
                metavar="NATION",
                type=nation_key,
                help=N_("a nation that seeks battle (repeat; none: neither side seeks)"),
            ),
        ),
    ),
    Command(
        name="done",
        help=N_("Macedon vs Persia: a side has moved all its armies this turn (D6 phase 2)"),
        event=Fields.of("SideDone", side="side"),
        args=(Arg(name="side", help=N_("the side that is done (the initiative's first)")),),
    ),
    Command(
        name="withdraw",
        help=N_(
            "the side of a meeting on land that avoids battle withdraws under one pursuit roll "
            "and retreats (T3.0, T3.3, T4.3)"
        ),
        event=_make_withdrawal,
        flags=_options("to", rolls="--dice"),
        args=(
            Arg(name="meeting", type=_at_least(1, 999), help=N_("the meeting's number")),
            Arg(
                name="--to",
                repeat="append",
                metavar="ARMY=PROVINCE",
                help=N_(
                    "where a withdrawing army retreats (repeat; default: the best T4.3 allows)"
                ),
            ),
            Arg(
                name="--pyrrhus",
                action=argparse.BooleanOptionalAction,
                help=N_(
                    "Pyrrhus leads in person: +1 to the pursuers' dice (T3.2; default: when one of "
                    "his armies is in the meeting)"
                ),
            ),
        ),
        options=(add_dice_options,),
    ),
    Command(
        name="land",
        help=N_("an army aboard a fleet lands where the fleet is (T7.3)"),
        event=Fields.of("TroopsLanded", army="army"),
        args=(Arg(name="army", force=True),),
    ),
    Command(
        name="rename",
        help=N_("rename an army or fleet (T7.2)"),
        event=Fields.of("ForceRenamed", force="force", name="name"),
        flags=_options("name"),
        args=(
            Arg(name="force", help=N_("its name now"), force=True),
            Arg(name="--name", required=True, help=N_("its new name")),
        ),
    ),
    Command(
        name="split",
        help=N_("part of an army or fleet becomes a new one (T7.2)"),
        event=Fields.of("ForceSplit", force="force", pm="pm", name="name"),
        flags=_options("pm", "name"),
        args=(
            Arg(name="force", force=True),
            Arg(name="--pm", type=_at_least(1), required=True, help=N_("PM that form the new one")),
            Arg(name="--name", default="", help=N_("the new one's name (default: the next free)")),
        ),
    ),
    Command(
        name="merge",
        help=N_("an army or fleet joins another in the same province (T7.2)"),
        event=Fields.of("ForcesMerged", force="force", into="into"),
        flags=_options("into"),
        args=(
            Arg(name="force", help=N_("the one that joins"), force=True),
            Arg(
                name="--into",
                required=True,
                help=N_("the one it joins (keeps its name)"),
                force=True,
            ),
        ),
    ),
    Command(
        name="siege",
        help=N_("the holder of a city attacked there shuts itself in (T7.6, T5.4)"),
        event=Fields.of("CityShutIn", province="province"),
        args=(Arg(name="province", help=N_("the city (or Lilybaeum)")),),
    ),
    Command(
        name="lift",
        help=N_("a siege ends without the city falling (T7.6)"),
        event=Fields.of("SiegeLifted", province="province"),
        args=(Arg(name="province"),),
    ),
    Command(
        name="sack",
        help=N_("an army sacks the province it stands in: 3× its value, prestige (T5.3, T4.2)"),
        event=_make_sack,
        flags=_options("nation"),
        refusal=_as_said,
        args=(
            Arg(name="province"),
            Arg(
                name="--nation",
                required=True,
                type=nation_key,
                help=N_("the sacker, whose army stands there"),
            ),
        ),
    ),
    Command(
        name="treaty",
        help=N_("a public treaty: an alliance, or a peace imposed with ±PP (T7.10, T4.2)"),
        event=_make_treaty,
        flags=_options("imposed_by", "pp"),
        args=(
            Arg(
                name="--party",
                repeat="append",
                required=True,
                metavar="NATION",
                type=nation_key,
                help=N_("repeat"),
            ),
            Arg(name="--terms", required=True, help=N_("its terms, in words")),
            _sealed_by(
                N_("sealed orders: the party handing it in (default: the first party, T7.3)")
            ),
            Arg(
                name="--not-alliance",
                action="store_true",
                help=N_("a treaty that does not ally the parties"),
            ),
            Arg(
                name="--imposed-by",
                metavar="NATION",
                type=nation_key,
                help=N_("a peace imposed by this party"),
            ),
            Arg(name="--pp", type=_at_least(0), default=0, help=N_("the imposed peace's PP")),
        ),
    ),
    Command(
        name="break",
        help=N_("a party breaks a public treaty: −5 PP (T4.2, T7.10)"),
        event=Fields.of("TreatyBroken", treaty="treaty", nation="nation"),
        flags=_options("nation"),
        args=(
            Arg(name="treaty", type=_at_least(1), help=N_("its number (1 for the first)")),
            Arg(name="--nation", required=True, type=nation_key, help=N_("who breaks it")),
        ),
    ),
    Command(
        name="victory",
        help=N_("each nation's strategic victory condition and how far it is from it (T5.8)"),
        run=_run_victory,
        note=False,
    ),
    Command(
        name="declare-war",
        help=N_(
            "a nation declares war on another (T7.10, phase 2); without --on, lists the relations"
        ),
        run=_run_declare_war,
        args=(
            Arg(name="nation", nargs="?", type=nation_key, help=N_("who declares it")),
            Arg(
                name="--on",
                metavar="NATION",
                type=nation_key,
                help=N_("the nation it declares war on"),
            ),
        ),
    ),
    Command(
        name="fall-back",
        help=N_(
            "a beaten army (T4.3) or fleet (T3.7) retreats: without --to, lists where it may "
            "go, best first"
        ),
        run=_run_fall_back,
        args=(
            Arg(name="army", metavar="FORCE", help=N_("the army or fleet"), force=True),
            Arg(name="--to", metavar="PROVINCE", help=N_("where it retreats")),
            Arg(
                name="--surrender",
                action="store_true",
                help=N_("no retreat is open: it surrenders (T4.3)"),
            ),
        ),
    ),
    Command(
        name="intercept",
        help=N_(
            "a fleet seeks battle, the enemy fleet with it avoids it: the interception roll (T3.6)"
        ),
        event=_make_interception,
        flags=_options("target"),
        refusal=_as_said,
        args=(
            Arg(name="fleet", metavar="FLEET", help=N_("the fleet that seeks battle"), force=True),
            Arg(
                name="--target",
                required=True,
                metavar="FLEET",
                help=N_("the enemy fleet that avoids it"),
                force=True,
            ),
        ),
        options=(add_dice_options,),
    ),
    Command(
        name="treasury",
        help=N_("add or take PE, with a note"),
        event=Fields.of("TreasuryAdjusted", nation="nation", pe="pe"),
        args=(
            _NATION,
            Arg(name="--pe", type=int, required=True, help=N_("PE added (+) or taken (−)")),
        ),
    ),
    Command(
        name="prestige",
        help=N_("add or take PP, with a note (T4.2)"),
        event=Fields.of("PrestigeAdjusted", nation="nation", pp="pp"),
        args=(
            _NATION,
            Arg(name="--pp", type=int, required=True, help=N_("PP added (+) or taken (−)")),
        ),
    ),
    Command(
        name="forces",
        help=N_("add or remove PM outside battle, with a note"),
        event=Fields.of("ForcesAdjusted", nation="nation", land_pm="land", naval_pm="naval"),
        args=(
            _NATION,
            Arg(name="--land", type=int, default=0, metavar="PM"),
            Arg(name="--naval", type=int, default=0, metavar="PM"),
        ),
    ),
    Command(
        name="take",
        help=N_("a province changes hands"),
        event=Fields.of("ProvinceTaken", province="province", nation="nation"),
        args=(Arg(name="--province", required=True), _NATION),
    ),
    Command(
        name="march",
        help=N_("forced march: −2 morale (D5)"),
        event=Fields.of("ForcedMarch", army="army", loyalty="loyalty"),
        args=(
            Arg(name="--army", required=True),
            Arg(
                name="--loyalty",
                type=_at_least(0, 6),
                required=True,
                help=N_("the army's current loyalty (forbidden at 2 or less)"),
            ),
        ),
    ),
    Command(
        name="retreat",
        help=N_("tactical retreat: an ordinary defeat (D5)"),
        event=Fields.of("TacticalRetreat", army="army"),
        args=(Arg(name="--army", required=True),),
    ),
    Command(
        name="note",
        help=N_("a free-text note in the record"),
        event=_make_note,
        note=False,
        args=(Arg(name="text"),),
    ),
    Command(
        name="undo",
        help=N_("cancel the last event (kept in the history)"),
        run=_run_undo,
        note=False,
        args=(Arg(name="--reason", required=True),),
    ),
    Command(
        name="history",
        help=N_("every event with who, when and what it did"),
        run=_run_history,
        note=False,
    ),
    Command(
        name="export",
        help=N_("write the campaign as one JSON document"),
        run=_run_export,
        note=False,
        args=(
            Arg(
                name="target",
                metavar="FILE",
                nargs="?",
                help=N_("the JSON file to write ('-' = stdout)"),
            ),
            Arg(
                name="--force",
                action="store_true",
                help=N_("overwrite FILE if it exists (never a campaign file)"),
            ),
            Arg(
                name="--format",
                choices=("json", "csv"),
                default="json",
                help=N_("json (default: one document to import back) or csv (spreadsheet tables)"),
            ),
            # One way for both formats (issue 27): --out FILE for JSON ('-' = stdout), --out DIR
            # for CSV; the positional FILE of JSON still works.
            Arg(
                name="--out",
                metavar="PATH",
                help=N_(
                    "json: the file to write ('-' = stdout); csv: the folder for battles.csv, "
                    "events.csv, nations.csv"
                ),
            ),
            Arg(
                name="--for",
                dest="for_nation",
                metavar="NATION",
                type=nation_key,
                help=N_(
                    "a player's copy for NATION, a campaign file (--out) without any other "
                    "nation's sealed orders, to send by mail"
                ),
            ),
        ),
    ),
    Command(
        name="import",
        help=N_("make a campaign file from an exported JSON"),
        run=_run_import,
        note=False,
        args=(
            Arg(name="source", metavar="FILE", help=N_("the JSON document")),
            Arg(name="--force", action="store_true", help=_REPLACE),
            Arg(
                name="--trust",
                action="store_true",
                help=N_(
                    "import a history whose hash chain is missing or broken (a hand-made one); its "
                    "first event records that it was imported on trust"
                ),
            ),
        ),
    ),
)
"""Every ``castra campaign`` command, in the order ``--help`` lists them."""
