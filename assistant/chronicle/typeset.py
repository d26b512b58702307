"""The report's PDF typeset a part at a time, each part by typst in a child process, then joined.

typst lays a document out whole, in memory: about 0.2 MiB an event, so the PDF of a
10,000-event campaign took 2.1 GiB, and compiling the parts one after another in the same
process does not help, since typst keeps its caches between compiles (issue 26, item 5). So the
turns are cut into parts of a bounded weight (a turn with more than a part holds is cut between
its battles and its lines), each part is typeset by a child process that exits when its PDF is
written, starting on the page after the last part's, and pypdf joins the parts' pages and
their bookmarks into one document. The parent holds the chronicle's data and the PDF pages
joined so far; a child holds one part's layout. A report of one part (a turn, a year, most
whole campaigns) is one compile, as before, and a tagged PDF; one of several parts is not
tagged (joining the parts' structure trees would cost more memory than typesetting them).

Run as a script (``python -P typeset.py TEMPLATE TAGGED TIMESTAMP``, the data as JSON on its
standard input, the PDF on its standard output) it is that child: it imports typst and nothing
of Castra.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

__all__ = ["PART_WEIGHT_MOST", "report_parts", "typeset", "typeset_report"]

PART_WEIGHT_MOST = 1_500
"""The weight of one part (see :func:`_weight`): about 1,500 printed lines, some 40 pages, which
a child lays out in about 110 MiB all told, the interpreter's, typst's and the fonts' 40 included
(measured on the benchmark campaigns)."""

PDF_TIMESTAMP = datetime(2000, 1, 1, tzinfo=UTC)
"""The PDF's creation date: fixed, so the same ledger gives the same file."""

_SECTIONS = (
    ("economy", "economy"),
    ("moves", "moves"),
    ("winter", "winter_lines"),
    ("control", "control_checks"),
    ("other", "other"),
    ("notes", "notes"),
)
"""Each list of lines a turn prints after its battles, in the order printed: the label's key
(the heading) and the turn's field."""

_LINE_CHARACTERS = 110
"""About one line of the page's text: a longer bullet weighs a line more for each such run."""

_FALSE_SUSPECTS = b"/Suspects false"


def _weight(item: dict[str, Any] | str) -> int:
    """Roughly the lines ``item`` prints: a battle is its block's rows (the rules, sides,
    outcome, dice, note and record, and a row per contingent), a bullet its wrapped lines."""
    if isinstance(item, str):
        return 1 + len(item) // _LINE_CHARACTERS
    text = sum(len(str(item.get(key, ""))) for key in ("note", "recorded", "prestige_reason"))
    return (
        7
        + len(item.get("contingents", ()))
        + len(item.get("morale", ()))
        + (text // _LINE_CHARACTERS)
    )


def _turn_items(turn: dict[str, Any]) -> Iterator[tuple[str | None, dict[str, Any] | str]]:
    """What a turn prints after its heading, in order: (None, battle) for each battle, then
    (section key, line) for each line of each section."""
    for battle in turn["battles"]:
        yield None, battle
    for key, field in _SECTIONS:
        for line in turn[field]:
            yield key, line


def _quiet(turn: dict[str, Any]) -> bool:
    return not turn["battles"] and not any(turn[field] for _key, field in _SECTIONS)


def report_parts(
    turns: list[dict[str, Any]], weight_most: int = PART_WEIGHT_MOST, *, tail_weight: int = 0
) -> list[list[dict[str, Any]]]:
    """The turns cut into parts of at most ``weight_most`` (a battle heavier than that is a part
    of its own): each part a list of pieces, a piece one turn's run of battles and lines. The
    last part also holds what closes the report (``tail_weight``): when the turns leave it no
    room, it is a part of its own, with no piece.

    A turn's heading (its date, and "nothing was recorded" for a quiet one) is in its first
    piece only, and a section's heading only in the piece its first line is in, so the parts
    read one after another print what the whole report prints, in the same order."""
    parts: list[list[dict[str, Any]]] = [[]]
    room = weight_most

    def cut() -> None:
        nonlocal room
        if parts[-1]:
            parts.append([])
            room = weight_most

    for turn in turns:
        items = list(_turn_items(turn))
        # A turn's heading goes where its first battle or line goes, never alone at a part's end.
        if _HEADING + (_weight(items[0][1]) if items else 0) > room:
            cut()
        piece = _piece(turn, heading=True)
        parts[-1].append(piece)
        room -= _HEADING
        started: set[str] = set()
        for key, item in items:
            weight = _weight(item)
            if weight > room and (piece["battles"] or piece["sections"]):
                cut()
                piece = _piece(turn, heading=False)
                parts[-1].append(piece)
            if key is None:
                piece["battles"].append(item)
            elif piece["sections"] and piece["sections"][-1]["key"] == key:
                piece["sections"][-1]["lines"].append(item)
            else:
                piece["sections"].append(
                    {"key": key, "heading": key not in started, "lines": [item]}
                )
                started.add(key)
            room -= weight
    if tail_weight and tail_weight > room:
        cut()
    return parts


_HEADING = 2
"""A turn's heading weighs two lines (its rule and the space above)."""


def _piece(turn: dict[str, Any], *, heading: bool) -> dict[str, Any]:
    return {
        "date": turn["date"],
        "heading": heading,
        "quiet": _quiet(turn),
        "battles": [],
        "sections": [],
    }


def typeset(template: Path, data: dict[str, Any], *, tagged: bool = True) -> bytes:
    """``template`` typeset with ``data`` by a child process: the PDF's bytes.

    The child's memory goes back to the system when it exits, so no report leaves the
    command line or the app holding typst's caches."""
    done = subprocess.run(
        [
            sys.executable,
            "-P",  # the script's folder is not put first on the child's path
            __file__,
            str(template),
            "tagged" if tagged else "untagged",
            PDF_TIMESTAMP.isoformat(),
        ],
        input=json.dumps(data, ensure_ascii=False).encode("utf-8"),
        capture_output=True,
        check=False,
    )
    if done.returncode != 0:
        from converters.i18n import _  # here: the child, run as a script, imports no Castra

        reason = done.stderr.decode("utf-8", "replace").strip().splitlines()
        raise RuntimeError(
            _("typst could not typeset the report: {reason}").format(
                reason=reason[-1] if reason else done.returncode
            )
        )
    return _plain_mark_info(done.stdout)


def _plain_mark_info(pdf: bytes) -> bytes:
    """The PDF without the catalog's ``/Suspects false``: it is the default (PDF 1.7,
    14.7.1), and poppler (pdfinfo, pdftoppm) reads a false one as "Syntax Error: Suspects
    object is wrong type (boolean)" (issue 27, item 14). Blanked with as many spaces, so
    every byte offset in the cross-reference table stays true."""
    return pdf.replace(_FALSE_SUSPECTS, b" " * len(_FALSE_SUSPECTS), 1)


_HEAD = ("title", "scope", "colours", "economy", "packet")
"""What every part reads of the chronicle (the tail part reads all of it); the head part shows
a player's turn packet (issue 24) before the turns."""


def typeset_report(
    template: Path,
    data: dict[str, Any],
    turns: list[dict[str, Any]],
    weight_most: int | None = None,
) -> bytes:
    """The report's PDF: ``data`` (the chronicle without its turns, the labels, the charts)
    and ``turns`` typeset a part at a time (:func:`report_parts`, parts of ``weight_most``,
    by default :data:`PART_WEIGHT_MOST`) and joined."""
    parts = report_parts(turns, weight_most or PART_WEIGHT_MOST, tail_weight=_tail_weight(data))
    if len(parts) == 1:
        return typeset(template, _part_data(data, parts[0], head=True, tail=True, first_page=1))
    # The parts' PDFs are kept as they come (a few MiB all told) and joined once the last child
    # has exited: the joined pages' objects weigh ten times their bytes, and a child holds
    # its part's layout meanwhile.
    from pypdf import PdfReader

    typeset_parts: list[bytes] = []
    pages = 0
    for index, pieces in enumerate(parts):
        pdf = typeset(
            template,
            _part_data(
                data, pieces, head=index == 0, tail=index == len(parts) - 1, first_page=pages + 1
            ),
            tagged=False,
        )
        pages += len(PdfReader(io.BytesIO(pdf)).pages)
        typeset_parts.append(pdf)
    return _joined(typeset_parts, parts)


def _joined(typeset_parts: list[bytes], parts: list[list[dict[str, Any]]]) -> bytes:
    """The parts' PDFs as one: their pages in order, their bookmarks nested as one report's,
    the first part's title, language and viewer preferences."""
    from pypdf import PdfReader, PdfWriter
    from pypdf.generic import NameObject

    writer = PdfWriter()
    outline = _Outline(writer)
    for index, (pdf, pieces) in enumerate(zip(typeset_parts, parts, strict=True)):
        reader = PdfReader(io.BytesIO(pdf))
        first_page = len(writer.pages)
        writer.append(reader, import_outline=False)
        if index == 0:
            writer.add_metadata(dict(reader.metadata or {}))
            catalog = reader.root_object
            for key in ("/Lang", "/ViewerPreferences"):
                if key in catalog:
                    writer.root_object[NameObject(key)] = catalog[key].clone(writer)
        outline.add(reader, first_page, continued=_continued(pieces) if index else 0)
    written = io.BytesIO()
    writer.write(written)
    return written.getvalue()


CHART_WEIGHT = 200
"""What typst's layout of one chart costs, in lines of text (about 8 MiB, measured)."""


def _tail_weight(data: dict[str, Any]) -> int:
    """The weight of what closes the report: the nations at the close, the army journal, the
    Bellum standings, the ghost's battles and the charts."""
    chronicle = data["chronicle"]
    ghosts = sum(2 + len(ghost.get("decisions", ())) for ghost in chronicle.get("ghosts", ()))
    return (
        CHART_WEIGHT * len(data.get("charts", ()))
        + len(data.get("closing", ()))
        + len(chronicle.get("journal", ()))
        + len(chronicle.get("bellum", ()))
        + ghosts
    )


def _continued(pieces: list[dict[str, Any]]) -> int:
    """How many bookmarks a part opens with that belong to the turn the part before left off
    (the battles and sections of a piece without its turn's heading)."""
    if not pieces or pieces[0]["heading"]:
        return 0
    first = pieces[0]
    return len(first["battles"]) + sum(1 for section in first["sections"] if section["heading"])


def _part_data(
    data: dict[str, Any],
    pieces: list[dict[str, Any]],
    *,
    head: bool,
    tail: bool,
    first_page: int,
) -> dict[str, Any]:
    chronicle = data["chronicle"]
    shown = {
        **data,
        "chronicle": chronicle if tail else {k: chronicle[k] for k in _HEAD if k in chronicle},
        "part": {"head": head, "tail": tail, "first_page": first_page, "pieces": pieces},
    }
    if not tail:
        shown.update(closing=[], charts=[])
    return shown


class _Outline:
    """The joined document's bookmarks: each part's, nested as the whole report's would be.

    typst nests a part's bookmarks by their headings' levels; a part that starts in the middle
    of a turn opens with that turn's battles and sections, which belong under the turn the part
    before left open, and every part after the first has its turns under the report's title."""

    def __init__(self, writer: Any) -> None:
        self._writer = writer
        self._title: Any = None
        self._turn: Any = None

    def add(self, reader: Any, first_page: int, *, continued: int) -> None:
        items = list(reader.outline)
        index = 0
        while index < len(items):
            item = items[index]
            children = (
                items[index + 1]
                if index + 1 < len(items) and isinstance(items[index + 1], list)
                else []
            )
            index += 2 if children else 1
            if self._title is None:
                # The first part: its one top bookmark is the report's title, turns under it.
                self._title = self._copy(reader, item, first_page, None)
                self._children(reader, children, first_page, self._title, remember=True)
                continue
            if continued > 0:
                continued -= 1
                self._copy(reader, item, first_page, self._turn or self._title)
                continue
            self._turn = self._copy(reader, item, first_page, self._title)
            self._children(reader, children, first_page, self._turn)

    def _children(
        self, reader: Any, items: list[Any], first_page: int, parent: Any, *, remember: bool = False
    ) -> None:
        last = None
        for item in items:
            if isinstance(item, list):
                self._children(reader, item, first_page, last)
                continue
            last = self._copy(reader, item, first_page, parent)
            if remember:
                self._turn = last

    def _copy(self, reader: Any, item: Any, first_page: int, parent: Any) -> Any:
        from pypdf.generic import Fit

        page = first_page + reader.get_destination_page_number(item)
        fit = Fit.xyz(left=item.left, top=item.top, zoom=item.zoom)
        return self._writer.add_outline_item(
            title=item.title, page_number=page, parent=parent, fit=fit
        )


def _child(argv: list[str]) -> int:
    """The child: typeset the template with the data on standard input, the PDF to standard
    output."""
    import typst

    template, tagged, timestamp = argv
    pdf: bytes = typst.compile(
        Path(template).read_bytes(),
        sys_inputs={"data": sys.stdin.buffer.read().decode("utf-8")},
        ignore_system_fonts=True,
        timestamp=datetime.fromisoformat(timestamp),
        pdf_tags=tagged == "tagged",
    )
    sys.stdout.buffer.write(pdf)
    return 0


if __name__ == "__main__":
    sys.exit(_child(sys.argv[1:]))
