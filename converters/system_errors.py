"""What the system said, in Castra's own words: a file that is missing, a folder in its place,
a permission refused, a full disk, a JSON or TOML document that does not parse, a file that is
no SQLite database.

The operating system, the JSON and TOML parsers and SQLite word their errors in English
("No such file or directory", "Expecting ',' delimiter", "file is not a database"), and those
words reached the Italian screen inside Castra's own refusals (issue 25). A refusal names the
file and the field itself; the reason inside it comes from here, chosen by the error's kind —
its errno, its exception class, SQLite's fixed messages, the JSON parser's fixed messages — and
worded through the catalogue in the reader's language. A kind Castra does not know is said by
its code (``errno EIO``) rather than in English. It sits in ``converters``, the lowest layer,
because the command line, the app, the ledger and the board reader all show such reasons.
"""

from __future__ import annotations

import errno
import json
import re

from converters.i18n import N_, _

__all__ = ["json_reason", "os_reason", "sqlite_reason", "system_reason"]

_BY_ERRNO = {
    errno.ENOENT: N_("no such file or folder"),
    errno.EACCES: N_("permission denied"),
    errno.EPERM: N_("permission denied"),
    errno.EISDIR: N_("it is a folder, not a file"),
    errno.ENOTDIR: N_("a part of the path is not a folder"),
    errno.ENOSPC: N_("the disk is full"),
    errno.EROFS: N_("the disk is read-only"),
    errno.EEXIST: N_("it already exists"),
    errno.ENAMETOOLONG: N_("the name is too long"),
    errno.ELOOP: N_("too many symbolic links"),
    errno.EIO: N_("the disk could not be read or written (input/output error)"),
    errno.ENXIO: N_("no such device"),
    errno.ENODEV: N_("no such device"),
    errno.EBUSY: N_("the file is in use"),
    errno.ETXTBSY: N_("the file is in use"),
    errno.EMFILE: N_("too many files open"),
    errno.ENFILE: N_("too many files open"),
    errno.EDQUOT: N_("the disk quota is used up"),
    errno.EFBIG: N_("the file is too large"),
    errno.EPIPE: N_("the output was closed"),
    errno.EINVAL: N_("not a valid name or place for a file"),
}
"""The reasons the operating system gives, by errno."""

_JSON = (
    ("Expecting value", N_("a value was expected")),
    (
        "Expecting property name enclosed in double quotes",
        N_("a name in double quotes was expected"),
    ),
    ("Expecting ',' delimiter", N_("a comma was expected")),
    ("Expecting ':' delimiter", N_("a colon was expected")),
    ("Unterminated string starting at", N_("a text is not closed")),
    ("Invalid control character at", N_("a control character inside a text")),
    ("Invalid \\escape", N_("an invalid escape")),
    ("Invalid \\uXXXX escape", N_("an invalid \\u escape")),
    ("Extra data", N_("more after the end of the document")),
)
"""The JSON parser's messages (CPython's json.decoder), by their start."""

_JSON_AT = N_("{reason} at line {line}, column {column}")

_SQLITE = (
    ("file is not a database", N_("not an SQLite database")),
    ("file is encrypted or is not a database", N_("not an SQLite database")),
    ("database disk image is malformed", N_("the database is damaged")),
    ("database is locked", N_("another program is writing it")),
    ("database or disk is full", N_("the disk is full")),
    ("unable to open database file", N_("the file cannot be opened")),
    ("attempt to write a readonly database", N_("the file is read-only")),
    ("disk I/O error", N_("the disk could not be read or written (input/output error)")),
)
"""SQLite's messages (fixed English texts), by what they contain."""

_TOML = re.compile(r"\(at line (?P<line>\d+), column (?P<column>\d+)\)")


def os_reason(error: OSError) -> str:
    """Why the system refused, in the reader's language ("nessun file o cartella con questo
    nome", "permesso negato"); an errno Castra does not word is said by its code."""
    known = _BY_ERRNO.get(error.errno or 0)
    if known is not None:
        return _(known)
    code = errno.errorcode.get(error.errno or 0)
    return _("system error {code}").format(code=code) if code else _("system error")


def json_reason(error: json.JSONDecodeError) -> str:
    """What is wrong in the JSON document, and where ("manca una virgola alla riga 3,
    colonna 7")."""
    reason = next((_(said) for start, said in _JSON if error.msg.startswith(start)), None)
    return _(_JSON_AT).format(
        reason=reason or _("not valid JSON"), line=error.lineno, column=error.colno
    )


def sqlite_reason(error: BaseException) -> str:
    """SQLite's complaint about a campaign file, in the reader's language."""
    text = str(error)
    said = next((_(words) for message, words in _SQLITE if message in text), None)
    return said or _("the database refused it")


def _toml_reason(error: ValueError) -> str:
    found = _TOML.search(str(error))
    if found is None:
        if "at end of document" in str(error):
            return _("not valid TOML at the end of the document (something is not closed)")
        return _("not valid TOML")
    return _(_JSON_AT).format(
        reason=_("not valid TOML"), line=found["line"], column=found["column"]
    )


def system_reason(error: BaseException) -> str:
    """The reason inside a refusal for any error the system or a parser raised, chosen by its
    kind; a refusal of Castra's own (a ValueError it worded) as it is."""
    import sqlite3
    import tomllib

    if isinstance(error, OSError):
        return os_reason(error)
    if isinstance(error, json.JSONDecodeError):
        return json_reason(error)
    if isinstance(error, tomllib.TOMLDecodeError):
        return _toml_reason(error)
    if isinstance(error, UnicodeDecodeError):
        return _("not UTF-8 text")
    if isinstance(error, sqlite3.Error):
        return sqlite_reason(error)
    return str(error)
