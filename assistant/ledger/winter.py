"""The winter turn (T5.6, T6.2, T2.5, T5.7, T5.8): upkeep paid or PM disbanded, the winter
event, decimated PM expired, control checks, victory points and the campaign's end — as check,
evolve and describe (:mod:`assistant.ledger.family`).

The winter's evolve returns what each of its steps did as descriptions (upkeep, the event,
the map's part, the control checks, the VP: a key and typed values, issue 21), in the order
they happened; describe says them one after the other.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from armylists.scenario_texts import SCENARIO_TEXTS
from armylists.scenarios import WinterEventSpec
from assistant.ledger import conquest, map_war, upkeep
from assistant.ledger.errors import LedgerFieldError
from assistant.ledger.events import WinterResolved
from assistant.ledger.family import Family
from converters import said as sd
from converters.i18n import N_, _

if TYPE_CHECKING:
    from assistant.ledger.models import CampaignData, NationState

__all__ = ["WINTER_RESOLVED", "pay_upkeep"]


def _event_rolled(
    state: CampaignData, event: WinterResolved
) -> tuple[int, WinterEventSpec, int, WinterEventSpec]:
    """(the die's face, the event it names, how often that event happened before, the event
    in effect: the last one once the named one has happened as often as it may, T5.6)."""
    table = state.scenario.winter_events
    assert table is not None
    face = next(roll for roll in event.rolls if roll.sides == table.die).value
    spec = table.event_for(face)
    happened = state.winter_event_counts.get(spec.key, 0)
    effective = spec if happened < table.times_at_most else table.event_for(table.die)
    return face, spec, happened, effective


def _storm_loser(
    state: CampaignData, event: WinterResolved, effective: WinterEventSpec
) -> str | None:
    """T5.6 (7): the nation the storm strikes, the one with most naval PM (with the map,
    T7.9: after upkeep, Pyrrhus away left out); a refusal naming ``storm_nation`` when the
    event names another, or none among several tied."""
    if not effective.naval_pm:
        if event.storm_nation is not None:
            raise LedgerFieldError("storm_nation", N_("only for the storm (7)"))
        return None
    fleets = state.nations
    if event.on_map:
        # T7.9: the storm strikes the nation with most naval PM *after* upkeep.
        scratch = state.model_copy(deep=True)
        pay_upkeep(scratch, skip_away=True, mercenaries=event.mercenaries, choice=event.disband)
        fleets = {n: x for n, x in scratch.nations.items() if not x.away}
    most = max(n.naval_pm for n in fleets.values())
    tied = [n.name for n in fleets.values() if n.naval_pm == most and most > 0]
    if event.storm_nation is not None:
        if event.storm_nation not in tied:
            raise LedgerFieldError(
                "storm_nation",
                N_("the storm strikes the nation with most naval PM: {tied}"),
                tied=", ".join(tied) or _("nobody has fleets"),
            )
        return event.storm_nation
    if len(tied) > 1:
        raise LedgerFieldError(
            "storm_nation",
            N_("{tied} tie for most naval PM; name the one the storm strikes"),
            tied=", ".join(tied),
        )
    return tied[0] if tied else None


def _check_winter(state: CampaignData, event: WinterResolved) -> None:
    table = state.scenario.winter_events
    if not state.is_winter or table is None:
        raise LedgerFieldError("turn", N_("{date} is not a winter turn"), date=state.date_said)
    if state.turn in state.winters_resolved:
        raise LedgerFieldError(
            "turn", N_("the winter of turn {turn} is already resolved"), turn=state.turn
        )
    if event.occupation and (event.stationed or not state.forces):
        raise LedgerFieldError(
            "stationed",
            N_("read from the map in this campaign (T5.7, T7.8)"),
        )
    if event.stationed is not None:
        # Before the die is looked at, so a form can check the PM before rolling it.
        state.check_stationed(event.stationed)
    # T6.2: the nation's choice of what to disband, checked whole before any die is read.
    upkeep.check_choice(state, event.disband, skip_away=event.on_map, mercenaries=event.mercenaries)
    dice = [roll for roll in event.rolls if roll.sides == table.die]
    if len(dice) != 1:
        raise LedgerFieldError(
            "rolls", N_("the winter needs exactly one d{die} (T5.6)"), die=table.die
        )
    _face, _spec, _happened, effective = _event_rolled(state, event)
    _storm_loser(state, event, effective)
    if event.on_map:
        map_war.check_winter_map(state, effective.key, event.annex)
    elif event.annex is not None:
        raise LedgerFieldError("annex", N_("only in a campaign with a map (T7.9)"))


DISBANDED_WORDS = (
    N_("land"),
    N_("naval"),
    N_("mercenary"),
    N_("training land"),
    N_("training naval"),
)
"""What unpaid upkeep disbands (T6.2, T5.5), as the winter's line names each."""


def _event_text(text: str) -> sd.Said | sd.Typed:
    """A winter event's text: the seed's words for a shipped scenario's, as typed otherwise."""
    return sd.said(text) if text in SCENARIO_TEXTS else sd.typed(text)


def _evolve_winter(
    state: CampaignData, event: WinterResolved, _event_id: int
) -> tuple[sd.Said, ...]:
    calendar = state.scenario.calendar
    face, spec, happened, effective = _event_rolled(state, event)
    storm_loser = _storm_loser(state, event, effective)
    lines: list[sd.Said] = []
    # T6.2 upkeep first: it is owed for the PM kept when winter comes.
    lines.extend(
        pay_upkeep(
            state, skip_away=event.on_map, mercenaries=event.mercenaries, choice=event.disband
        )
    )
    # T5.6 the winter event.
    state.winter_event_counts[spec.key] = happened + 1
    if effective is spec:
        lines.append(
            sd.said(N_("winter event {face}: {what}"), face=face, what=_event_text(spec.text))
        )
    else:
        lines.append(
            sd.said(
                N_("winter event {face}: {event} has happened twice: nothing (T5.6)"),
                face=face,
                event=sd.typed(spec.key),
            )
        )
    target = state.nations.get(effective.nation or "")
    if event.on_map and effective.key != "storm":
        lines.extend(map_war.winter_on_map(state, effective, happened, event.annex))
    elif effective.key == "barbarians" and target is not None:
        if happened == 0:
            target.away = True
        else:
            target.away = False
            target.prestige += effective.second_time_prestige
    elif effective.land_pm and target is not None:
        target.land_pm += effective.land_pm
    elif storm_loser is not None:
        loser = state.nations[storm_loser]
        lost = min(loser.naval_pm, -effective.naval_pm)
        loser.naval_pm -= lost
        lines.append(
            sd.said(
                N_("storm: {nation} loses {lost} naval PM"),
                nation=sd.nation(storm_loser),
                lost=lost,
            )
        )
    # T2.5 decimated PM not rebuilt by now are gone.
    for nation in state.nations.values():
        gone = _expire_decimated(nation, at=state.turn)
        if gone:
            # One PM "expires", more "expire" (issue 27); the plural template reads the
            # winters recorded before either way.
            template = (
                N_("{nation}: {gone} decimated PM expires")
                if gone == 1
                else N_("{nation}: {gone} decimated PM expire")
            )
            lines.append(sd.said(template, nation=sd.nation(nation.name), gone=gone))
    # T5.7 control checks: after the event (its prestige counts), before the VP, which
    # count the PE of the provinces each nation then controls (T5.8).
    if event.occupation:
        lines.extend(conquest.occupation_checks(state))
    elif event.stationed is not None:
        lines.extend(_control_checks(state, event.stationed))
    # T5.8 victory points.
    final = state.turn >= calendar.total_turns
    economy = state.economy()
    for nation in state.nations.values():
        if not nation.player or (event.on_map and nation.away):
            continue  # T7.9: a nation off the map scores no VP while away
        points = (
            state.controlled_value(nation.name) + nation.land_pm + nation.naval_pm + nation.prestige
        )
        if final:
            points += nation.treasury // economy.final_vp_treasury_pe
        nation.victory_points = points
    scores = sd.listing(
        sd.said(
            "{nation} {vp}",
            nation=sd.nation(n.name),
            vp=sd.typed("None") if n.victory_points is None else n.victory_points,
        )
        for n in state.nations.values()
        if n.player
    )
    lines.append(sd.said(N_("VP {scores}"), scores=scores))
    state.winters_resolved.append(state.turn)
    if event.victory:
        # T5.8: after the control checks and the VP, every nation that meets its
        # condition wins; the campaign then ends.
        state.winners = [c.nation for c in state.victory_conditions() if c.met]
        if state.winners:
            state.finished = True
            lines.append(
                sd.said(
                    N_("strategic victory (T5.8): {winners}; the campaign is over"),
                    winners=sd.listing(sd.nation(winner) for winner in state.winners),
                )
            )
    if final and not state.winners:
        state.finished = True
        lines.append(sd.said(N_("the campaign is over (T5.1)")))
    return tuple(lines)


def pay_upkeep(
    state: CampaignData,
    *,
    skip_away: bool,
    mercenaries: bool = False,
    choice: dict[str, int] | None = None,
) -> list[sd.Said]:
    """T6.2: every player nation pays its winter upkeep or disbands what it cannot keep;
    with the map, a nation away (Pyrrhus in Greece, T7.9) pays none; ``mercenaries``
    (T5.5): the employer pays for its mercenaries and disbands them first; ``choice``:
    the forces whose PM each nation chose to give up (:mod:`assistant.ledger.upkeep`)."""
    lines: list[sd.Said] = []
    for nation in state.nations.values():
        if not nation.player or (skip_away and nation.away):
            continue
        paid, disbanded = upkeep.settle(state, nation, mercenaries=mercenaries)
        nation.treasury -= paid
        left, chosen = upkeep.disband_chosen(state, nation, disbanded, choice or {})
        _disband(state, nation, left, mercenaries=mercenaries)
        if disbanded:
            what = sd.listing(
                sd.said("{pm} {what}", pm=n, what=sd.said(kind)) for kind, n in disbanded.items()
            )
            lines.append(
                sd.said(
                    N_("{nation} upkeep {paid} PE (unpaid, disbanded: {what})"),
                    nation=sd.nation(nation.name),
                    paid=paid,
                    what=what,
                )
            )
        elif paid:
            lines.append(
                sd.said(N_("{nation} upkeep {paid} PE"), nation=sd.nation(nation.name), paid=paid)
            )
        lines.extend(chosen)
    return lines


def _control_checks(state: CampaignData, stationed: dict[str, int]) -> list[sd.Said]:
    """T5.7: check every occupied province; the homeland takes back those it wins, and each
    checked province's loyalty is 0 for ever. Returns what the history says of each."""
    lines: list[sd.Said] = []
    for entry in state.occupied():
        result = entry.check(stationed.get(entry.province, 0))
        if result.keeper == "owner":
            state.control[entry.province] = entry.homeland
            outcome = sd.said(N_("{nation} takes it back"), nation=sd.nation(entry.homeland))
        else:
            outcome = sd.said(N_("{nation} keeps it"), nation=sd.nation(entry.holder))
        if entry.province not in state.loyalty_spent:
            state.loyalty_spent.append(entry.province)
        lines.append(
            conquest.control_checked(
                state,
                entry.province,
                (entry.homeland, result.owner_score),
                (entry.holder, result.occupier_score),
                outcome,
            )
        )
    return lines


def _disband(
    state: CampaignData,
    nation: NationState,
    disbanded: dict[str, int],
    *,
    mercenaries: bool = False,
) -> None:
    if mercenaries and state.mercenary_pm(nation.name)[0]:
        # T5.5: a nation's own debt disbands its own PM, never those another pays for.
        own = [
            f
            for f in state.forces.values()
            if f.nation == nation.name and f.kind == "army" and f.paid_by is None
        ]
        left = disbanded.get("land", 0)
        for force in reversed(own):
            taken = min(left, force.pm)
            force.pm -= taken
            left -= taken
            if force.pm == 0:
                del state.forces[force.name]
    left = disbanded.get("mercenary", 0)
    for force in [f for f in state.forces.values() if f.paid_by == nation.name]:
        # T5.5: the employer's unpaid mercenaries leave the map and their nation's PM.
        taken = min(left, force.pm)
        force.pm -= taken
        state.nations[force.nation].land_pm -= taken
        left -= taken
        if force.pm == 0:
            del state.forces[force.name]
    nation.land_pm -= disbanded.get("land", 0)
    nation.naval_pm -= disbanded.get("naval", 0)
    for what, field in (("training land", "land_pm"), ("training naval", "naval_pm")):
        left = disbanded.get(what, 0)
        for batch in reversed(nation.training):
            taken = min(left, getattr(batch, field))
            setattr(batch, field, getattr(batch, field) - taken)
            left -= taken
    nation.training = [b for b in nation.training if b.land_pm or b.naval_pm]


def _expire_decimated(nation: NationState, *, at: int) -> int:
    """T2.5: batches whose winter has been resolved are gone; how many PM."""
    gone = sum(b.pm for b in nation.decimated if b.expires is not None and b.expires <= at)
    if gone:
        nation.decimated = [b for b in nation.decimated if b.expires is None or b.expires > at]
    return gone


def _describe_winter(event: WinterResolved, lines: tuple[sd.Said, ...]) -> sd.Said:
    return sd.clauses(*lines)


WINTER_RESOLVED = Family(_check_winter, _evolve_winter, _describe_winter)
