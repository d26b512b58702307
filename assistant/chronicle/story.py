"""The campaign told turn by turn: the ledger's events gathered into what a report shows.

A referee publishes a report after every turn; everything in it is already in the ledger. This
module replays the events (undone ones left out, exactly as the campaign state does) and tells
each one with what the ledger itself said when it applied it (the summary the History shows),
so every kind of event is told — one added to the ledger tomorrow too — and nothing is worked
out a second time here. It keeps, for every turn, the battles with their sides, rules,
casualties, decimated PM, prestige and dice; the money spent and collected, sacks included;
what moved on the map; the winter, what its event did and its control checks (T5.6, T5.7);
and each nation's figures at the close of the turn — the ledger's state once everything of the
turn, its tribute included, was applied — which the charts draw. It reads no file and draws
nothing: :mod:`assistant.chronicle.render` lays a :class:`Chronicle` out in Markdown, HTML or
PDF, and the app's Chronicle screen shows the same text.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel, ConfigDict, Field

from armylists.names import nation_name
from armylists.scenario_texts import scenario_text
from assistant.chronicle.colours import nation_colours
from assistant.ledger.conquest import CONTROL_CHECK
from assistant.ledger.events import (
    BattleRecorded,
    CampaignCreated,
    GhostBattleFinished,
    NoteAdded,
    OrderGiven,
    OrdersResolved,
    OrderWithdrawn,
    TurnAdvanced,
    Undone,
    WinterResolved,
)
from assistant.ledger.state import CampaignState, initial_state
from assistant.ledger.store import StoredEvent
from converters.i18n import N_, _, ngettext
from converters.said import Said, clauses, clauses_of, render, said

if TYPE_CHECKING:
    from ghost.battle import BattleState

__all__ = [
    "BattleStory",
    "Chronicle",
    "ChronicleError",
    "ContingentLine",
    "GhostStory",
    "JournalLine",
    "MapForce",
    "MapProvince",
    "NationFigures",
    "PacketSection",
    "PlayerPacket",
    "ReportScope",
    "TurnStory",
    "gather",
    "report_scope",
]

ScopeKind = Literal["turn", "year", "all"]


class ChronicleError(ValueError):
    """A report that cannot be made as asked: one line naming the field (``turn``, ``year``)."""


class _Told(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class ReportScope(_Told):
    """Which turns a report covers."""

    kind: ScopeKind
    """One turn, one campaign year, or the whole campaign."""
    first_turn: int
    """The first turn told."""
    last_turn: int
    """The last turn told (the charts run from turn 1 to here)."""
    label: str
    """The report's subtitle, e.g. "Turn 3, May 278 BC (1st fortnight)" (a turn's date stays
    English, as ``--json`` gives it)."""
    told: Said = Field(exclude=True)
    """The subtitle as a description, said in the reader's language where it is shown."""

    def shown(self) -> str:
        """The subtitle in the reader's language."""
        return render(self.told)


class ContingentLine(_Told):
    """One contingent of a battle, as the report's table shows it (T2.4)."""

    side: Literal["a", "b"]
    """The side it fought on."""
    nation: str
    """Its nation."""
    army: str | None
    """Its army (Macedon vs Persia)."""
    forces: str | None = None
    """On a board, the armies and fleets of its nation that stood where it was fought (T7.4),
    e.g. "Rome II, Rome fleet I"; the army of Macedon vs Persia."""
    pm: str
    """Land PM fielded, "½" for an empty city's garrison (T3.5)."""
    decimated: int
    """Land PM lost, gone to the decimated pool (T2.5)."""
    prisoners: int
    """Land PM taken prisoner (T4.3)."""
    naval_pm: int
    """Naval PM it brought."""
    naval_lost: int
    """Naval PM sunk or captured (T2.5, T3.7)."""
    naval_captured: int
    """Enemy naval PM it captured (T3.7)."""
    prestige: int
    """PP its nation won (+) or lost (−) in this battle (T4.1)."""

    @property
    def casualties(self) -> int:
        """Every PM it lost: decimated, prisoners and ships."""
        return self.decimated + self.prisoners + self.naval_lost


class BattleStory(_Told):
    """One battle as the report tells it."""

    event_id: int
    """The ledger event that recorded it."""
    turn: int
    """The turn it was fought."""
    place: str
    """Where."""
    rules: str
    """The rules used: a table game's ruleset, the dice of T3, a naval battle, counted losses."""
    side_a: list[str]
    """Side a's nations, in the order recorded."""
    side_b: list[str]
    """Side b's nations."""
    outcome: str
    """Who won, in words (T2.7)."""
    city_assault: bool
    """Side b defended a city (T3.5)."""
    contingents: list[ContingentLine]
    """Every contingent of both sides."""
    prestige_reason: str
    """How the prestige was computed (T4.1), in the reader's language."""
    dice: str
    """The dice summary: rounds and dice rolled; empty for a table game with no die."""
    morale: list[str]
    """Macedon vs Persia: each army's morale change (D2–D4)."""
    note: str
    """The referee's note."""
    recorded: str = ""
    """What the ledger said when it applied the battle (a city taken, the map's losses …), in
    the report's language."""

    @property
    def casualties(self) -> dict[str, int]:
        """PM lost per nation (decimated, prisoners and ships), for the casualties chart."""
        lost: dict[str, int] = {}
        for line in self.contingents:
            lost[line.nation] = lost.get(line.nation, 0) + line.casualties
        return lost


class NationFigures(_Told):
    """A nation's figures at the close of a turn."""

    nation: str
    """The nation."""
    land_pm: int
    """Land PM in play."""
    naval_pm: int
    """Naval PM in play."""
    decimated: int
    """Decimated PM that can still be rebuilt (T2.5)."""
    training: int
    """PM ordered and still training (T6.1)."""
    treasury: int
    """PE in the treasury."""
    prestige: int
    """PP."""
    victory_points: int | None
    """VP at the last winter (T5.8)."""

    @property
    def pm_in_play(self) -> int:
        """Land and naval PM in play, the figure the PM chart draws."""
        return self.land_pm + self.naval_pm


class TurnStory(_Told):
    """Everything that happened in one turn, in the order it was recorded."""

    turn: int
    """The turn."""
    date: str
    """Its date, e.g. "Turn 3, May 278 BC (1st fortnight)"."""
    winter: bool
    """A winter turn (T5.1)."""
    battles: list[BattleStory]
    """Its battles."""
    economy: list[str]
    """Recruitment, rebuilding, tribute and treasury changes, nation by nation."""
    winter_lines: list[str]
    """The winter: upkeep, the winter event, decimated PM expiring, VP (T5.6–T5.8, T6.2)."""
    control_checks: list[str]
    """The winter's control checks of occupied provinces (T5.7)."""
    other: list[str]
    """Provinces taken, prestige and forces adjusted, treaties, rules changed, forced marches
    and tactical retreats, and any event of a kind the report has no section for."""
    notes: list[str]
    """Free notes."""
    figures: list[NationFigures]
    """Each player nation at the close of the turn: after everything recorded in it, the
    tribute and siege costs collected as it ended included (T5.3, T5.4)."""
    moves: list[str] = []
    """On the map: marches, voyages, landings, retreats, sieges and interceptions (T7)."""

    @property
    def quiet(self) -> bool:
        """Nothing was recorded in this turn."""
        return not (
            self.battles
            or self.economy
            or self.winter_lines
            or self.control_checks
            or self.other
            or self.notes
            or self.moves
        )


class JournalLine(_Told):
    """One line of an army's journal (D1)."""

    turn: int
    """The turn."""
    army: str
    """The army."""
    nation: str
    """Its side."""
    before: int
    """Morale before."""
    after: int
    """Morale after."""
    reason: str
    """Why, with the rule."""


class GhostStory(_Told):
    """A solo battle against the ghost (G2, G3): finished and kept in the ledger, or the one
    still in progress in the campaign file."""

    general: str
    """The ghost general, e.g. "Fabius (cautious)"."""
    order: str
    """Its order now."""
    over: bool
    """The ghost has left the field."""
    gaps: list[tuple[int, float]]
    """(ghost turn, gap %) for every turn played: the gap chart (G2.2)."""
    decisions: list[str]
    """Each turn's order and reason."""
    turn: int | None = None
    """The campaign turn it ended in; None for the battle still in progress."""


class MapForce(_Told):
    """One nation's armies and fleets standing in a province (T7.2)."""

    nation: str
    """The nation (a mercenary army counts under its own nation, as on the board)."""
    land_pm: int
    """Land PM of its armies there."""
    naval_pm: int
    """Naval PM of its fleets there."""


class MapProvince(_Told):
    """One province on the map of the turn: where it lies, who holds it, who stands there."""

    name: str
    """The province."""
    lat: float
    """Its chief town's latitude (degrees north), from the campaign's board (T7.1)."""
    lon: float
    """Its chief town's longitude (degrees east)."""
    controller: str
    """The nation that controls it (T5.5)."""
    city: bool
    """A city (T3.5)."""
    forces: list[MapForce]
    """The forces standing there, nation by nation; empty when none."""
    besieged: bool
    """A city under siege (T5.4, T7.6)."""
    sacked: bool
    """Sacked this year: no tribute until spring (T5.3)."""
    neighbours: dict[str, list[str]] = {}
    """The provinces it is linked to by ``road``, ``mountain`` pass, ``sea`` stretch and open-sea
    ``crossing`` (T7.1, T7.3), so the maps of the turn can draw the board's links."""


class BellumLine(_Told):
    """One power in the Bellum standings (B1, B2)."""

    rank: int
    """Its rank."""
    power: str
    """The power."""
    centres: int
    """Centres held at the end of the last year."""
    decided_by: str
    """What separated it from those level with it (B2)."""


class PacketSection(_Told):
    """One part of a player's turn packet: a heading and its lines."""

    heading: str
    """What it tells (its orders, its meetings …), in the packet's language."""
    lines: list[str]
    """Its lines; empty: said so under the heading."""


class PlayerPacket(_Told):
    """A turn told from one nation's side (:mod:`assistant.chronicle.packet`)."""

    nation: str
    """The nation."""
    title: str
    """The packet's heading, e.g. "Rome's turn 3"."""
    sections: list[PacketSection]
    """Its orders and what became of them, its meetings, its battles, its money and prestige."""


class Chronicle(_Told):
    """A report's whole content: the turns told, the figures charted, the side stories."""

    title: str
    """The campaign's title."""
    scenario: str
    """The scenario's key (tarentine, macedon, custom, bellum)."""
    scope: ReportScope
    """The turns the report covers."""
    nations: list[str]
    """The player nations, in the scenario's order."""
    colours: dict[str, str]
    """Nation → its colour (#rrggbb), the same in every chart and in the app."""
    economy: bool
    """The campaign has money and prestige (not Macedon vs Persia, not Bellum)."""
    turns: list[TurnStory]
    """The turns in scope, oldest first."""
    history: list[TurnStory]
    """Every turn from 1 to the scope's last: the charts' figures."""
    journal: list[JournalLine]
    """Macedon vs Persia: every army journal line in scope (D1)."""
    bellum: list[BellumLine]
    """Bellum: the standings after the last year recorded (B2)."""
    bellum_centres: dict[str, list[int]]
    """Bellum: each power's centres per year, year 1 first."""
    bellum_status: str
    """Bellum: in progress, won or ended, in words."""
    ghosts: list[GhostStory]
    """The solo battles against the ghost that ended in the turns told, oldest first, then the
    one still in progress, if any."""
    map: list[MapProvince] = []
    """The map at the close of the scope's last turn; empty in a campaign without a board."""
    packet: PlayerPacket | None = None
    """A player's turn packet: the turn from its nation's side, first; None: the public
    report."""

    @property
    def battles(self) -> list[BattleStory]:
        """Every battle in scope, oldest first."""
        return [battle for turn in self.turns for battle in turn.battles]

    def series(self, figure: Literal["pm", "treasury", "prestige"]) -> dict[str, list[int]]:
        """Nation → the figure at the close of each turn from 1 to the scope's last."""
        found: dict[str, list[int]] = {nation: [] for nation in self.nations}
        for turn in self.history:
            for figures in turn.figures:
                if figures.nation not in found:
                    continue
                value = {
                    "pm": figures.pm_in_play,
                    "treasury": figures.treasury,
                    "prestige": figures.prestige,
                }[figure]
                found[figures.nation].append(value)
        return found


# ---- the scope --------------------------------------------------------------------------


def last_active_turn(events: Sequence[StoredEvent]) -> int:
    """The last turn anything but a turn change was recorded for (1 for a new campaign)."""
    undone = _undone(events)
    turns = [
        stored.event.turn or 1
        for stored in events
        if stored.id not in undone
        and not isinstance(stored.event, CampaignCreated | TurnAdvanced | Undone)
    ]
    return max(turns, default=1)


def report_scope(
    state: CampaignState,
    events: Sequence[StoredEvent],
    *,
    turn: int | None = None,
    year: int | None = None,
    everything: bool = False,
) -> ReportScope:
    """The turns a report covers: ``turn``, the campaign ``year`` (1, 2 … or the year BC, e.g.
    278), the whole campaign, or by default the last turn something was recorded in."""
    calendar = state.scenario.calendar
    if everything:
        whole = said(N_("The whole campaign"))
        return ReportScope(
            kind="all", first_turn=1, last_turn=state.turn, label=whole.english(), told=whole
        )
    if year is not None:
        first_bc = calendar.start_year_bc
        if 1 <= year <= calendar.years:
            index = year - 1
        elif first_bc - calendar.years < year <= first_bc:
            index = first_bc - year
        else:
            raise ChronicleError(
                _(
                    "year: a campaign year from 1 to {last} or a year from {first} to {end} BC "
                    "(got {year})"
                ).format(
                    last=calendar.years,
                    first=first_bc,
                    end=first_bc - calendar.years + 1,
                    year=year,
                )
            )
        first = index * calendar.year_length + 1
        if first > state.turn:
            raise ChronicleError(
                _("year: year {year} has not begun; the campaign is at turn {turn}").format(
                    year=year, turn=state.turn
                )
            )
        last = min(state.turn, (index + 1) * calendar.year_length)
        label = said(N_("Year {number}, {bc} BC"), number=index + 1, bc=first_bc - index)
        return ReportScope(
            kind="year", first_turn=first, last_turn=last, label=label.english(), told=label
        )
    chosen = last_active_turn(events) if turn is None else turn
    if not 1 <= chosen <= state.turn:
        raise ChronicleError(
            _("turn: a turn from 1 to {turn}, the current one (got {chosen})").format(
                turn=state.turn, chosen=chosen
            )
        )
    return ReportScope(
        kind="turn",
        first_turn=chosen,
        last_turn=chosen,
        label=calendar.date(chosen),
        told=calendar.said(chosen),
    )


# ---- gathering ---------------------------------------------------------------------------


def _undone(events: Sequence[StoredEvent]) -> set[int]:
    return {stored.event.target for stored in events if isinstance(stored.event, Undone)}


def _show_pm(pm: Fraction | int) -> str:
    value = Fraction(pm)
    if value.denominator == 1:
        return str(value.numerator)
    whole = value.numerator // value.denominator
    return f"{whole or ''}½"


def _rules(resolution: str) -> str:
    if resolution in ("fog", "dbm", "dba"):
        from armylists import ruleset_name

        return ruleset_name(resolution)  # type: ignore[arg-type]
    return {
        "dice": _("dice battle (T3)"),
        "naval": _("naval battle (T3.6)"),
        "manual": _("losses as counted by the referee"),
    }[resolution]


def _dice_summary(event: BattleRecorded) -> str:
    parts: list[str] = []
    log = event.dice_log or []
    rounds = sum(1 for entry in log if entry.get("kind") == "round")
    if rounds:
        parts.append(ngettext("{count} round", "{count} rounds", rounds).format(count=rounds))
    if any(entry.get("kind") == "pursuit" for entry in log):
        parts.append(_("a pursuit roll (T3.3)"))
    hits_a = sum(int(entry.get("a_hits", 0)) for entry in log)
    hits_b = sum(int(entry.get("b_hits", 0)) for entry in log)
    if rounds:
        parts.append(_("hits: side a {a}, side b {b}").format(a=hits_a, b=hits_b))
    captures = [entry for entry in log if entry.get("kind") == "capture"]
    for capture in captures:
        parts.append(
            _("{count} ships captured (T3.7)").format(count=int(capture.get("captured", 0)))
        )
    if event.rolls:
        count = len(event.rolls)
        parts.append(
            ngettext("{count} die rolled", "{count} dice rolled", count).format(count=count)
        )
    return "; ".join(parts)


def _fielded(state: CampaignState, event: BattleRecorded) -> dict[str, str]:
    """T7.4: nation → its armies (for land PM) and fleets (for naval PM) standing where a
    battle on the board is fought, read from the state before the battle is applied."""
    from assistant.ledger.forces import on_map

    found: dict[str, list[str]] = {}
    for contingent in event.contingents:
        kinds = {"army"} if contingent.pm else set()
        kinds |= {"fleet"} if contingent.naval_pm else set()
        names = found.setdefault(contingent.nation, [])
        for force in on_map(state):
            if (
                force.nation == contingent.nation
                and force.province == event.place
                and force.kind in kinds
                and force.name not in names
            ):
                names.append(force.name)
    return {nation: ", ".join(names) for nation, names in found.items() if names}


def _battle(
    event_id: int, event: BattleRecorded, recorded: str, fielded: dict[str, str]
) -> BattleStory:
    side_a = [c.nation for c in event.contingents if c.side == "a"]
    side_b = [c.nation for c in event.contingents if c.side == "b"]
    if event.winner == "draw":
        outcome = _("a draw: neither side won")
    else:
        winners = side_a if event.winner == "a" else side_b
        outcome = _("{nations} won").format(
            nations=", ".join(nation_name(n) for n in dict.fromkeys(winners))
        )
        if event.defeat is not None:
            outcome += " " + (
                _("(crushing defeat, D2)")
                if event.defeat == "crushing"
                else _("(ordinary defeat, D2)")
            )
    prestige_given: set[str] = set()
    lines: list[ContingentLine] = []
    for c in event.contingents:
        # A nation with two contingents shows its battle prestige once.
        points = 0 if c.nation in prestige_given else event.prestige.get(c.nation, 0)
        prestige_given.add(c.nation)
        lines.append(
            ContingentLine(
                side=c.side,
                nation=c.nation,
                army=c.army,
                forces=c.army or fielded.get(c.nation),
                pm=_show_pm(c.pm),
                decimated=c.pm_lost,
                prisoners=c.prisoners,
                naval_pm=c.naval_pm,
                naval_lost=c.naval_lost,
                naval_captured=c.naval_captured,
                prestige=points,
            )
        )
    morale = [
        _("{army} morale {before} → {after}").format(
            army=change.army, before=change.before, after=change.after
        )
        + (" " + _("(ceases to exist)") if change.disbanded else "")
        + f" — {render(change.told)}"
        for change in event.morale
    ]
    return BattleStory(
        event_id=event_id,
        turn=event.turn or 1,
        place=event.place,
        rules=_rules(event.resolution),
        side_a=list(dict.fromkeys(side_a)),
        side_b=list(dict.fromkeys(side_b)),
        outcome=outcome,
        city_assault=event.city_assault,
        contingents=lines,
        prestige_reason=render(event.prestige_told),
        dice=_dice_summary(event),
        morale=morale,
        note=event.note,
        recorded=recorded,
    )


def _figures(state: CampaignState) -> list[NationFigures]:
    return [
        NationFigures(
            nation=nation.name,
            land_pm=nation.land_pm,
            naval_pm=nation.naval_pm,
            decimated=nation.decimated_pm,
            training=sum(batch.land_pm + batch.naval_pm for batch in nation.training),
            treasury=nation.treasury,
            prestige=nation.prestige,
            victory_points=nation.victory_points,
        )
        for nation in state.nations.values()
        if nation.player
    ]


def _map(state: CampaignState) -> list[MapProvince]:
    """The provinces as ``castra campaign map`` shows them now; none without a board, nor for a
    DBA campaign, whose map holds whole armies (D9–D13), not PM."""
    from assistant.ledger.forces import board_of, map_summary

    if board_of(state.scenario) is None or state.scenario.armies:
        return []
    return [
        MapProvince(
            name=name,
            lat=entry.lat,
            lon=entry.lon,
            controller=entry.controller,
            city=entry.city,
            forces=[
                MapForce(nation=nation, land_pm=pm.land, naval_pm=pm.naval)
                for nation, pm in entry.forces.items()
            ],
            besieged=entry.besieged,
            sacked=entry.sacked,
            neighbours={
                "road": list(entry.neighbours.road),
                "mountain": list(entry.neighbours.mountain),
                "sea": list(entry.neighbours.sea),
                "crossing": list(entry.neighbours.crossing),
            },
        )
        for name, entry in map_summary(state).provinces.items()
    ]


def _with_note(text: str, note: str) -> str:
    return f"{text} — {note}" if note.strip() else text


SECTIONS: dict[str, str] = {
    "recruitment_ordered": "economy",
    "pm_rebuilt": "economy",
    "treasury_adjusted": "economy",
    "province_sacked": "economy",
    "turn_advanced": "economy",
    "army_moved": "moves",
    "fleet_sailed": "moves",
    "troops_landed": "moves",
    "force_renamed": "moves",
    "force_split": "moves",
    "forces_merged": "moves",
    "city_shut_in": "moves",
    "siege_lifted": "moves",
    "army_retreated": "moves",
    "fleet_retreated": "moves",
    "interception_rolled": "moves",
    "order_given": "moves",
    "order_withdrawn": "moves",
    "orders_resolved": "moves",
    "meeting_answered": "moves",
    "no_orders": "moves",
    "withdrawal_pursued": "moves",
    "side_done": "moves",
    "dba_moved": "moves",
    "army_mobilised": "moves",
    "special_action": "moves",
    "note": "notes",
}
"""Event kind → the section of its turn that tells it; any kind not named here (a new one
included) is told under "Other events", and battles and the winter have sections of their
own."""

PUBLIC = ""
"""Who reads a report: every nation, so no nation's sealed orders before they are revealed."""

TOLD_ELSEWHERE = frozenset({"campaign_created", "undone", "ghost_battle_finished"})
"""Kinds no turn section tells: the creation is the report's title, an undo takes its target
out of the story, a finished ghost battle has its own section (G2.2)."""


class _TurnNotes:
    """What one turn collects while the events are replayed."""

    def __init__(self) -> None:
        self.battles: list[BattleStory] = []
        self.economy: list[str] = []
        self.winter: list[str] = []
        self.control: list[str] = []
        self.other: list[str] = []
        self.notes: list[str] = []
        self.moves: list[str] = []

    def section(self, name: str) -> list[str]:
        return {
            "economy": self.economy,
            "moves": self.moves,
            "notes": self.notes,
        }.get(name, self.other)


def _amounts(amounts: dict[str, int]) -> str:
    return ", ".join(f"{nation_name(nation)} {pe} PE" for nation, pe in amounts.items())


def _winter_lines(told: Said) -> list[tuple[bool, str]]:
    """What the ledger said the winter did, a line each in the report's language, each marked
    True if it is a control check (T5.7): its upkeep, its event in the scenario's words (one
    line, though the seed's text holds a "; ", T5.6), what that did on the map, the VP the
    winter left (T5.8)."""
    return [(line.key == CONTROL_CHECK, render(line)) for line in clauses_of(told)]


TURN_ENDED = frozenset({N_("turn {turn} ended"), N_("now {date}")})
"""The clauses of a turn's end its section's heading says already ("turn 3 ended; now …")."""

COLLECTED = frozenset({N_("tribute {amounts}"), N_("siege costs (T5.4) {amounts}")})
"""The clauses of a turn's end the report says with the nations' names, apart (T5.3, T5.4)."""


def _turn_end(event: TurnAdvanced, told: Said) -> list[str]:
    """What the end of a turn collected, paid and brought (T5.3, T5.4, T6.1), from the event
    and what the ledger said of it."""
    lines = []
    if event.tribute:
        lines.append(
            _("Tribute collected (T5.3): {amounts}").format(amounts=_amounts(event.tribute))
        )
    if event.siege_costs:
        lines.append(
            _("Siege costs paid (T5.4): {amounts}").format(amounts=_amounts(event.siege_costs))
        )
    rest = [part for part in clauses_of(told) if part.key not in TURN_ENDED | COLLECTED]
    if rest:
        lines.append(render(clauses(*rest)))
    if lines and event.note.strip():
        lines[-1] = _with_note(lines[-1], event.note)
    return lines


def _tell(
    stored: StoredEvent,
    state: CampaignState,
    notes: dict[int, _TurnNotes],
    revealed: set[int],
    viewer: str = PUBLIC,
    sealed: Collection[tuple[int, int]] = (),
) -> None:
    """Apply one event to ``state`` and write down, in its turn's notes, what the ledger said
    it did; a sealed order stays untold until its turn's orders are carried out (T7.3: a
    report is published to every nation). A player's packet (``viewer``, a nation) tells its
    own orders and never another nation's, revealed or not: it shows what they did. Another
    nation's answer to a meeting whose answers are still ``sealed`` is not told (T3.0)."""
    from assistant.ledger.orders_seen import may_see

    event = stored.event
    turn = event.turn or state.turn
    told = notes.setdefault(turn, _TurnNotes())
    fielded = _fielded(state, event) if isinstance(event, BattleRecorded) else {}
    said = state.apply(event, stored.id)
    if event.kind in TOLD_ELSEWHERE or not may_see(viewer, event, revealed, sealed):
        return
    if (
        viewer != PUBLIC
        and isinstance(event, OrderGiven | OrderWithdrawn)
        and event.nation != viewer
    ):
        return
    match event:
        case BattleRecorded():
            told.battles.append(_battle(stored.id, event, render(said), fielded))
        case WinterResolved():
            for control, line in _winter_lines(said):
                (told.control if control else told.winter).append(line)
            if event.note.strip():
                told.winter.append(event.note)
        case TurnAdvanced():
            told.economy.extend(_turn_end(event, said))
        case NoteAdded():
            told.notes.append(event.note)
        case _:
            told.section(SECTIONS.get(event.kind, "other")).append(
                _with_note(render(said), event.note)
            )


def _ghosts(
    finished: list[GhostBattleFinished], scope: ReportScope, ghost_json: str | None
) -> list[GhostStory]:
    """The ghost battles that ended in the turns told, then the one in progress unless it is
    the last one kept (a battle the ghost left stays on the Ghost screen until ctrl+n)."""
    from assistant.ledger.solo import same_battle
    from ghost.battle import BattleState

    told: list[GhostStory] = []
    for event in finished:
        if not scope.first_turn <= (event.turn or 1) <= scope.last_turn:
            continue
        story = _ghost(BattleState.model_validate(event.battle), event.turn)
        if story is not None:
            told.append(story)
    if ghost_json is None or (finished and same_battle(finished[-1].battle, ghost_json)):
        return told
    try:
        kept = BattleState.model_validate_json(ghost_json)
    except ValueError:
        return told
    in_progress = _ghost(kept, None)
    return told + ([in_progress] if in_progress is not None else [])


def _ghost(state: BattleState, turn: int | None) -> GhostStory | None:
    from ghost.battle import GhostBattle

    try:
        battle = GhostBattle.from_state(state)
    except ValueError:
        return None
    # The order, quality, personality and side are the ghost's words (G1, G3), each a key of
    # the catalogue, and each decision's reason its description: said in the report's language.
    decisions = [
        _("turn {turn}: {order} — {reason}").format(
            turn=record.turn,
            order=_(record.summary.order.value),
            reason=render(record.summary.said),
        )
        for record in state.turns
    ]
    return GhostStory(
        general=_("{quality} {personality} general ({side})").format(
            quality=_(state.general.quality.value),
            personality=_(state.general.personality.value),
            side=_(state.general.side),
        ),
        order=_(battle.order.value),
        over=battle.battle_over,
        gaps=[(record.turn, float(record.gap_pct)) for record in state.turns],
        decisions=decisions,
        turn=turn,
    )


def gather(
    events: Sequence[StoredEvent],
    scope: ReportScope,
    *,
    ghost_json: str | None = None,
    viewer: str = PUBLIC,
    sealed: Collection[tuple[int, int]] = (),
) -> Chronicle:
    """The chronicle of ``events`` (a whole ledger, oldest first) for the turns of ``scope``.

    ``ghost_json`` is the solo battle in progress in the campaign file
    (``store.ghost_battle()``); the finished ones are the ledger's ``ghost_battle_finished``
    events. ``viewer``: who reads it, everyone (:data:`PUBLIC`) or one nation (its packet);
    ``sealed``: the meetings whose answers are not public yet
    (:func:`~assistant.ledger.orders_seen.sealed_answers`, T3.0)."""
    if not events or not isinstance(events[0].event, CampaignCreated):
        raise ChronicleError(_("file: a campaign starts with its creation event"))
    created = events[0].event
    undone = _undone(events)
    state = initial_state(created)
    notes: dict[int, _TurnNotes] = {}
    closing: dict[int, list[NationFigures]] = {}
    # The map is drawn as the scope's last turn closes, like the figures beside it.
    board: list[MapProvince] | None = None
    finished: list[GhostBattleFinished] = []
    revealed = {
        stored.event.turn or 0
        for stored in events
        if isinstance(stored.event, OrdersResolved) and stored.id not in undone
    }
    for stored in events[1:]:
        if isinstance(stored.event, Undone) or stored.id in undone:
            continue
        if isinstance(stored.event, GhostBattleFinished):
            finished.append(stored.event)
        ending = state.turn if isinstance(stored.event, TurnAdvanced) else None
        _tell(stored, state, notes, revealed, viewer, sealed)
        if ending is not None:
            # The turn's close is the ledger's state once its end is applied: the tribute
            # collected and siege costs paid as it ended are in (T5.3, T5.4).
            closing[ending] = _figures(state)
            if ending == scope.last_turn:
                board = _map(state)
    closing.setdefault(state.turn, _figures(state))
    if board is None:
        board = _map(state) if state.turn == scope.last_turn else []
    calendar = state.scenario.calendar
    history: list[TurnStory] = []
    for turn in range(1, scope.last_turn + 1):
        told = notes.get(turn, _TurnNotes())
        history.append(
            TurnStory(
                turn=turn,
                date=render(calendar.said(turn)),
                winter=calendar.is_winter(turn),
                battles=told.battles,
                economy=told.economy,
                winter_lines=told.winter,
                control_checks=told.control,
                other=told.other,
                notes=told.notes,
                moves=told.moves,
                figures=closing.get(turn, []),
            )
        )
    turns = [story for story in history if story.turn >= scope.first_turn]
    journal = [
        JournalLine(
            turn=entry.turn,
            army=army.name,
            nation=army.nation,
            before=entry.before,
            after=entry.after,
            reason=render(entry.told),
        )
        for army in state.armies.values()
        for entry in army.journal
        if scope.first_turn <= entry.turn <= scope.last_turn
    ]
    journal.sort(key=lambda line: line.turn)
    standings = state.bellum_standings()
    bellum = (
        []
        if standings is None
        else [
            BellumLine(
                rank=row.rank, power=row.power, centres=row.centres, decided_by=row.decided_by
            )
            for row in standings.rows
        ]
    )
    status = (
        ""
        if standings is None
        else {"won": _("won"), "ended": _("ended"), "in progress": _("in progress")}[
            standings.status
        ]
    )
    nations = list(state.scenario.nations)
    return Chronicle(
        title=scenario_text(state.scenario.title),
        scenario=state.scenario.key,
        scope=scope,
        nations=nations,
        colours=nation_colours(nations),
        economy=state.scenario.economy is not None and state.scenario.bellum is None,
        turns=turns,
        history=history,
        journal=journal,
        bellum=bellum,
        bellum_centres={power: list(row) for power, row in state.centres.items()},
        bellum_status=status,
        ghosts=_ghosts(finished, scope, ghost_json),
        map=board,
    )
