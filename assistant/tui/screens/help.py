"""Every key of every screen on one page, read from the screens' own bindings.

Built from ``BINDINGS`` rather than written by hand, so a key added to a screen appears here
without anyone remembering to document it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, ClassVar, cast

from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from assistant.tui.widgets.footer import CastraFooter
from assistant.tui.widgets.header import CastraHeader
from converters.i18n import N_, _, key_label

if TYPE_CHECKING:
    from assistant.tui.app import CastraApp

__all__ = ["HelpScreen", "house_rules_rows", "key_sections"]

HelpSection = tuple[str, list[tuple[str, str]]]


def _own_bindings(screen_class: type) -> list[Binding]:
    """The bindings a Castra class (and its Castra bases) declares, most derived first."""
    seen: set[str] = set()
    found: list[Binding] = []
    for klass in screen_class.__mro__:
        if not klass.__module__.startswith("assistant."):
            continue
        declared: Iterable[BindingType] = klass.__dict__.get("BINDINGS", [])
        for binding in Binding.make_bindings(declared):
            if binding.key in seen or not binding.description:
                continue
            seen.add(binding.key)
            found.append(binding)
    return found


def _rows(app: App[object], bindings: Iterable[Binding]) -> list[tuple[str, str]]:
    """(keys, what they do), keys sharing one action and description shown together.

    The footer's word for a key is short so a screen's keys fit in 120 columns; where the
    binding has a longer tooltip, Help shows it after that word.
    """
    grouped: dict[tuple[str, str], list[str]] = {}
    for binding in bindings:
        said = key_label(binding.description)
        if binding.tooltip:
            said = f"{said} — {_(binding.tooltip)}"
        grouped.setdefault((binding.action, said), []).append(app.get_key_display(binding))
    return [(_(" or ").join(keys), said) for (_action, said), keys in grouped.items()]


def _offered(app: App[object], screen_class: type) -> list[Binding]:
    """The bindings of ``screen_class`` the one at the keyboard may use (T7.3: a player's
    Help lists no referee's key; the class's ``act_for`` says what each key does)."""
    from textual.actions import parse

    from assistant.tui.ledger_service import castra_app

    bindings = _own_bindings(screen_class)
    act_for = getattr(screen_class, "act_for", None)
    if act_for is None:
        return bindings
    ledger = castra_app(app).ledger
    offered = []
    for binding in bindings:
        _namespace, name, parameters = parse(binding.action)
        if ledger.may(act_for(name, parameters)):
            offered.append(binding)
    return offered


def key_sections(app: App[object]) -> list[HelpSection]:
    """("Everywhere" and one section per screen or form) → rows of (keys, what they do).

    The app lists its screens in ``help_screens()``; the "Everywhere" section is the app's own
    bindings plus moving between fields.
    """
    everywhere = _rows(app, _offered(app, type(app)))
    everywhere.append(("tab / shift+tab", _("Next / previous field or table")))
    # Key names as printed on the keys: an Italian keyboard says "Invio".
    everywhere.append((_("↑ ↓ enter"), _("Move in a table or list; enter chooses")))
    sections: list[HelpSection] = [(_("Everywhere"), everywhere)]
    for title, screen_class in cast("CastraApp", app).help_screens():
        rows = _rows(app, _offered(app, screen_class))
        if rows:
            sections.append((_(title), rows))
    return sections


def house_rules_rows(app: App[object]) -> list[tuple[str, str]]:
    """docs/rules.md H: each house rule option with the value in force in the open campaign (the
    defaults without one), its rule id and the values it can take."""
    from typing import get_args

    from assistant.tui.ledger_service import castra_app
    from converters.house_rules import OPTION_RULE, HouseRules

    ledger = castra_app(app).ledger
    rules = ledger.house_rules()
    rows = []
    for name, rule in OPTION_RULE.items():
        # The values are keys (castra campaign rule NAME VALUE takes them); "or" is a word.
        first, *others = get_args(HouseRules.model_fields[name].annotation)
        choices = first
        for other in others:
            choices = _("{choice} or {other}").format(choice=choices, other=other)
        rows.append((name, f"{getattr(rules, name)}  ({rule}; {choices})"))
    # T7.3: only the referee changes a rule (assistant.ledger.players.seat_may): a player's
    # Help says where the numbers are, not how to change them.
    numbers = (
        _("rates, AP, upkeep: castra campaign rules; change: castra campaign rule NAME VALUE")
        if ledger.may("rule")
        else _("rates, AP, upkeep: castra campaign rules")
    )
    rows.append((_("numbers"), numbers))
    return rows


class HelpScreen(Screen[None]):
    """Keys of the whole app; escape (or F1 again) goes back to where you were."""

    TITLE = N_("Help")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", N_("Back")),
        Binding("f1", "close", N_("Back"), show=False),
    ]

    def compose(self) -> ComposeResult:
        yield CastraHeader()
        with VerticalScroll(id="help-body"):
            for title, rows in key_sections(self.app):
                yield Static(title, classes="help-title")
                width = max(len(keys) for keys, _said in rows)
                lines = [f"  {keys:<{width}}  {description}" for keys, description in rows]
                yield Static("\n".join(lines), classes="help-keys", markup=False)
            rules = house_rules_rows(self.app)
            yield Static(_("House rules of this campaign (docs/rules.md H)"), classes="help-title")
            width = max(len(name) for name, _value in rules)
            lines = [f"  {name:<{width}}  {value}" for name, value in rules]
            yield Static("\n".join(lines), classes="help-keys", markup=False)
        yield CastraFooter()

    def action_close(self) -> None:
        self.app.pop_screen()
