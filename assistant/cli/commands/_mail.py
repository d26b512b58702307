"""Orders by mail on the command line (T7.3): the players and their keys, a player's copy,
the signed orders file written from it and imported by the referee.

The checks are the ledger's (:mod:`assistant.ledger.mail`, :mod:`assistant.ledger.players`);
this module reads the options and files, and says in one line what was done or refused.
"""

from __future__ import annotations

import argparse
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from armylists.names import nation_name
from assistant.cli.common import CliError, check_file_name, describe, emit, not_written
from converters.i18n import _, ngettext
from converters.system_errors import os_reason

if TYPE_CHECKING:
    from assistant.ledger.store import CampaignStore

__all__ = ["export_copy", "export_orders", "import_orders", "run_players"]

KEY_VARIABLE = "CASTRA_ORDERS_KEY"
"""Where ``orders export`` finds the key when ``--key`` is not given (kept out of ``ps``)."""


def _refusal(error: Exception, where: str | None = None) -> CliError:
    line = describe(error, in_document=where is not None)
    return CliError(f"{where}: {line}" if where else line)


def run_players(args: argparse.Namespace, store: CampaignStore) -> int:
    """``campaign players``: each nation with a player, its language and whether its orders
    are in this turn (names only, T7.3); ``--keys`` their keys; ``NATION --lang`` sets one."""
    from assistant.ledger.mail import nation_keys
    from assistant.ledger.players import languages, set_language
    from assistant.ledger.state import LedgerError

    if args.rotate is not None:
        return _rotate(args, store)
    with store:
        state = store.state()
        try:
            if args.lang is not None:
                if args.nation is None:
                    raise CliError(_("--lang: give the NATION whose language it is"))
                set_language(store, state.nation(args.nation).name, args.lang)
            elif args.nation is not None:
                raise CliError(_("NATION: only with --lang (the language of its packet)"))
            keys = nation_keys(store) if args.keys else {}
        except LedgerError as error:
            raise _refusal(error) from None
        kept = languages(store)
        seat = store.seat
        handed_in = store.handed_in()
    rows = []
    for name, standing in state.nations.items():
        if not standing.player or standing.unplayed:
            continue
        row: dict[str, Any] = {
            "nation": name,
            "lang": kept.get(name),
            "orders_in": name in handed_in,
        }
        if keys:
            row["key"] = keys[name]
        rows.append(row)
    lines = [_("Players, turn {turn}:").format(turn=state.turn)]
    if seat is not None:
        lines[0] += " " + _("({nation}'s copy)").format(nation=nation_name(seat))
    for row in rows:
        line = f"  {nation_name(row['nation']):<14} {row['lang'] or '-':<3} " + (
            # T7.3: a nation that said "no orders" has handed in as much as one with orders in.
            _("handed in") if row["orders_in"] else _("not handed in yet")
        )
        if "key" in row:
            line += "  " + _("key {key}").format(key=row["key"])
        lines.append(line)
    emit(args, {"turn": state.turn, "players": rows}, "\n".join(lines))
    return 0


def _rotate(args: argparse.Namespace, store: CampaignStore) -> int:
    """``campaign players --rotate NATION``: a new session token; the old one fails at once."""
    from assistant.ledger.players import REFEREE_SEAT, rotate_session
    from assistant.ledger.state import LedgerError

    with store:
        if store.seat is not None:
            raise CliError(
                _("--rotate: this is {nation}'s copy: tokens are the referee's").format(
                    nation=nation_name(store.seat)
                )
            )
        if args.rotate.casefold() in ("referee", "arbitro"):
            seat = REFEREE_SEAT
        else:
            try:
                nation = store.state().nation(args.rotate, "rotate")
            except LedgerError as error:
                raise _refusal(error) from None
            if not nation.player or nation.unplayed:
                raise CliError(
                    _("--rotate: {nation} has no player (T4.4)").format(
                        nation=nation_name(nation.name)
                    )
                )
            seat = nation.name
        token = rotate_session(store, seat)
    who = _("the referee") if seat == REFEREE_SEAT else nation_name(seat)
    text = _(
        "New session token for {who}: {token} (its address: the same port, ?token={token}); "
        "the old one no longer opens"
    ).format(who=who, token=token)
    emit(args, {"seat": seat, "token": token}, text)
    return 0


def export_copy(args: argparse.Namespace, opener: Callable[[], CampaignStore]) -> int:
    """``campaign export --for NATION --out F``: a player's copy, a campaign file holding what
    NATION may see (never another nation's sealed orders) and marked as NATION's."""
    from assistant.ledger.mail import copy_meta, player_events
    from assistant.ledger.state import LedgerError
    from assistant.ledger.store import CampaignFileError, CampaignStore

    target = args.out if args.out is not None else args.target
    if args.out is not None and args.target is not None:
        raise CliError(_("--out: the copy is given once, as FILE or with --out"))
    if target is None or target == "-" or args.format != "json":
        raise CliError(_("--for: the player's copy is a campaign file: give it with --out FILE"))
    check_file_name(target, "--out")
    if Path(target).exists() and not args.force:
        raise CliError(
            _("--out: {name} already exists; give another name or pass --force").format(name=target)
        )
    with opener() as store:
        if Path(target).resolve() == store.path.resolve():
            raise CliError(_("--out: {name} is the campaign itself").format(name=target))
        if store.seat is not None:
            raise CliError(
                _(
                    "--for: this is {nation}'s copy: copies are made from the referee's campaign"
                ).format(nation=nation_name(store.seat))
            )
        try:
            nation = store.state().nation(args.for_nation, "for").name
            meta = copy_meta(store, nation)
        except LedgerError as error:
            raise _refusal(error) from None
        from assistant.ledger.orders import sealed_answers

        # T3.0: the copy holds no other side's answer to a meeting still being answered.
        events = player_events(store.events(), nation, sealed_answers(store.state()))
    try:
        copy = CampaignStore.build_copy(target, events, meta, force=args.force)
    except CampaignFileError as error:
        raise CliError(describe(error)) from None
    except OSError as error:
        raise not_written("--out", target, error) from None
    with copy:
        turn = copy.state().turn
    text = _(
        "{nation}'s copy, turn {turn}, written to {name}: send it with {nation}'s key "
        "(castra campaign players --keys)"
    ).format(nation=nation_name(nation), turn=turn, name=copy.path)
    emit(
        args,
        {"file": str(copy.path), "nation": nation, "turn": turn, "events": len(events)},
        text,
    )
    return 0


def export_orders(args: argparse.Namespace, opener: Callable[[], CampaignStore]) -> int:
    """``campaign orders export --out ORDERS``: the copy's orders this turn, signed."""
    from assistant.ledger.mail import orders_document
    from assistant.ledger.state import LedgerError
    from assistant.ledger.store import is_campaign_file, write_new_file

    if args.orders_file is not None:
        raise CliError(_("ORDERS: export writes to --out ORDERS"))
    if not args.out:
        raise CliError(_("--out: the orders file to write"))
    check_file_name(args.out, "--out")
    key = args.key if args.key is not None else os.environ.get(KEY_VARIABLE, "")
    if not key:
        raise CliError(
            _("--key: your nation's key, as the referee gave it (or ${variable})").format(
                variable=KEY_VARIABLE
            )
        )
    with opener() as store:
        try:
            document = orders_document(store, key)
        except LedgerError as error:
            raise _refusal(error) from None
    target = Path(args.out)
    if target.is_dir() or is_campaign_file(target):
        raise CliError(_("--out: {name} is a folder or a campaign file").format(name=target))
    try:
        write_new_file(target, json.dumps(document, ensure_ascii=False, indent=1) + "\n")
    except FileExistsError:
        raise CliError(
            _("--out: {name} already exists; give another name").format(name=target)
        ) from None
    except OSError as error:
        raise not_written("--out", target, error) from None
    count = len(document["orders"])
    text = ngettext(
        "{count} order of {nation}, turn {turn}, signed in {name}: send it to the referee",
        "{count} orders of {nation}, turn {turn}, signed in {name}: send it to the referee",
        count,
    ).format(
        count=count, nation=nation_name(document["nation"]), turn=document["turn"], name=target
    )
    emit(args, {"file": str(target), **document}, text)
    return 0


def import_orders(args: argparse.Namespace, opener: Callable[[], CampaignStore], who: str) -> int:
    """``campaign orders import ORDERS``: the referee seals a player's signed orders, all of
    them in one transaction or none."""
    from assistant.ledger.mail import (
        MOST_ORDERS_BYTES,
        orders_to_seal,
        parse_orders,
        refuse_a_copy,
    )
    from assistant.ledger.state import LedgerError

    name = args.orders_file
    if not name:
        raise CliError(_("ORDERS: the signed orders file to import"))
    check_file_name(name, "ORDERS")
    with opener() as store:
        try:
            refuse_a_copy(store)
        except LedgerError as error:
            raise _refusal(error) from None
        try:
            with open(name, "rb") as stream:
                data = stream.read(MOST_ORDERS_BYTES + 1)
        except OSError as error:
            raise CliError(
                _("ORDERS: cannot read {path} ({reason})").format(
                    path=name, reason=os_reason(error)
                )
            ) from None
        try:
            document = parse_orders(data)
            nation, events = orders_to_seal(
                store, document, who=who, note=args.note or _("orders by mail")
            )
            stored = store.append_all(events)
        except LedgerError as error:
            raise _refusal(error, "ORDERS") from None
        orders = store.state().orders.get(nation, [])
    count = len(orders)
    text = ngettext(
        "{nation}: {count} sealed order this turn, from {name}",
        "{nation}: {count} sealed orders this turn, from {name}",
        count,
    ).format(nation=nation_name(nation), count=count, name=name)
    if not stored:
        text += " " + _("(the same as already sealed: nothing written)")
    data_out = {
        "nation": nation,
        "turn": document["turn"],
        "orders": [order.model_dump() for order in orders],
        "recorded": [entry.id for entry in stored],
    }
    emit(args, data_out, text, recorded=_("{nation}'s orders").format(nation=nation))
    return 0
