"""The campaign chronicle: what the ledger holds, told as a report, a table sheet and a spreadsheet.

Gathering is pure and separate from drawing: :mod:`assistant.chronicle.story` replays the
ledger's events into a :class:`~assistant.chronicle.story.Chronicle` (turn by turn, undone
events left out), :mod:`assistant.chronicle.sheet` gathers one battle's sheet for the table, and
:mod:`assistant.chronicle.export` lays the record out as CSV rows. Only
:mod:`assistant.chronicle.charts` (pygal) and :mod:`assistant.chronicle.render` (Jinja2, typst)
import the libraries that draw, and only when called, so neither the command line nor the app
pays for them at start-up.
"""
