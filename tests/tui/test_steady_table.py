"""SteadyTable: a switch back to a screen keeps the lines its tables drew (issue 26), and a
change of colours (another theme) still redraws them."""

from __future__ import annotations

from typing import Any

from textual.app import App, ComposeResult
from textual.widgets import DataTable

from assistant.tui.widgets.steady_table import SteadyTable


class _TableApp(App[None]):
    """A SteadyTable and a DataTable with the same rows, one above the other."""

    CSS = "DataTable { height: 5; }"

    def compose(self) -> ComposeResult:
        for table in (SteadyTable(cursor_type="row"), DataTable[str](cursor_type="row")):
            table.zebra_stripes = True
            table.can_focus = False  # alike: a focused table draws its header apart
            table.add_columns("Nation", "PM")
            for nation, pm in (("Rome", "16"), ("Carthage", "12"), ("Pyrrhus", "9")):
                table.add_row(nation, pm, key=nation)
            yield table


def _lines(table: Any) -> list[Any]:
    return [table.render_line(y) for y in range(4)]


async def test_a_restyle_that_changes_no_colour_keeps_the_lines_drawn() -> None:
    app = _TableApp()
    async with app.run_test(size=(40, 10)) as pilot:
        await pilot.pause()
        table = app.query_one(SteadyTable)
        before = _lines(table)
        app.update_styles(app.screen)  # what showing a screen again does
        await pilot.pause()
        after = _lines(table)
        assert all(old is new for old, new in zip(before, after, strict=True))


async def test_another_theme_redraws_the_table_as_a_datatable_draws_it() -> None:
    app = _TableApp()
    async with app.run_test(size=(40, 12)) as pilot:
        await pilot.pause()
        steady, plain = app.query(DataTable).results()
        assert isinstance(steady, SteadyTable) and not isinstance(plain, SteadyTable)
        dark = _lines(steady)
        for theme in ("textual-light", "textual-dark", "nord"):
            app.theme = theme
            await pilot.pause()
            assert [list(line) for line in _lines(steady)] == [
                list(line) for line in _lines(plain)
            ], theme
        assert _lines(steady)[0] is not dark[0]
        # Only the classes' colours change (the table's own background stays): still redrawn.
        app.stylesheet.add_source(
            "DataTable > .datatable--header { background: red; }"
            " DataTable > .datatable--even-row { background: green; }",
            read_from=("test", "colours"),
        )
        app.refresh_css(animate=False)
        await pilot.pause()
        assert [list(line) for line in _lines(steady)] == [list(line) for line in _lines(plain)]
