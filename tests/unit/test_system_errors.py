"""The system's complaints in Castra's words (issue 25): a missing file, a refused permission,
JSON or TOML that does not parse, a file that is no SQLite database — each one line naming the
file and the option, exit 2, and in Italian no English word ("No such file or directory",
"Expecting value", "file is not a database" used to reach the Italian command line)."""

from __future__ import annotations

import errno
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from converters import i18n
from converters.system_errors import json_reason, os_reason, sqlite_reason, system_reason
from tests.english_words import words
from tests.unit.test_i18n_cli_words import ENGLISH_ONLY
from tests.unit.test_ledger_cli import run


@pytest.fixture
def italian() -> Iterator[None]:
    i18n.set_language("it")
    yield
    i18n.set_language("en")


def _english_in(text: str) -> set[str]:
    # A path is the user's own; only the words around it are Castra's.
    return words(" ".join(w for w in text.split() if "/" not in w)) & ENGLISH_ONLY


def test_every_errno_castra_words_reads_in_italian(italian: None) -> None:
    for code in (errno.ENOENT, errno.EACCES, errno.EISDIR, errno.ENOTDIR, errno.ENOSPC,
                 errno.EROFS, errno.EEXIST, errno.ENAMETOOLONG, errno.EIO):  # fmt: skip
        said = os_reason(OSError(code, "English words from the system"))
        assert said and not _english_in(said), (code, said)
    assert (
        os_reason(FileNotFoundError(errno.ENOENT, "x")) == "nessun file o cartella con questo nome"
    )
    assert os_reason(PermissionError(errno.EACCES, "x")) == "permesso negato"
    # One Castra does not word is said by its code, never by the system's English.
    assert os_reason(OSError(errno.EXDEV, "Invalid cross-device link")) == (
        "errore di sistema EXDEV"
    )


def test_the_json_parsers_complaint_is_said_with_its_place(italian: None) -> None:
    for text, expected in (
        ('{"a": }', "manca un valore alla riga 1, colonna 7"),
        ("{bad", "manca un nome tra virgolette doppie alla riga 1, colonna 2"),
        ('{"a": 1 "b": 2}', "manca una virgola alla riga 1, colonna 9"),
        ('{"a": 1}\n{}', "altro testo dopo la fine del documento alla riga 2, colonna 1"),
    ):
        with pytest.raises(json.JSONDecodeError) as caught:
            json.loads(text)
        assert json_reason(caught.value) == expected
    i18n.set_language("en")
    with pytest.raises(json.JSONDecodeError) as caught:
        json.loads('{"a": }')
    assert system_reason(caught.value) == "a value was expected at line 1, column 7"


def test_sqlites_complaints_are_said_by_what_they_mean(italian: None) -> None:
    import sqlite3

    assert sqlite_reason(sqlite3.DatabaseError("file is not a database")) == (
        "non è un database SQLite"
    )
    assert sqlite_reason(sqlite3.OperationalError("database or disk is full")) == (
        "il disco è pieno"
    )
    assert sqlite_reason(sqlite3.DatabaseError("something new")) == "il database l'ha rifiutato"


@pytest.fixture
def files(tmp_path: Path) -> Path:
    (tmp_path / "bad.json").write_text('{"events": [1, }', encoding="utf-8")
    (tmp_path / "latin1.json").write_bytes(b'{"nome": "citt\xe0"}')
    (tmp_path / "fake.castra").write_bytes(b"SQLite format 3\x00" + b"\x01" * 2000)
    (tmp_path / "bad.toml").write_text("places = [\n", encoding="utf-8")
    return tmp_path


def _refused_in_italian(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    try:
        code, out, err = run(capsys, "--lang", "it", *argv)
    finally:
        i18n.set_language("en")
    lines = err.strip().splitlines()
    assert code == 2 and not out and len(lines) == 1, err
    assert lines[0].startswith("castra: errore: "), err
    assert not _english_in(lines[0]), lines[0]
    return lines[0]


def _import_refused(capsys: pytest.CaptureFixture[str], source: Path) -> str:
    """``campaign import SOURCE`` in Italian, refused; no campaign is made."""
    made = source.parent / "new.castra"
    line = _refused_in_italian(capsys, "campaign", "import", str(source), "--file", str(made))
    assert not made.exists()
    return line


def test_a_missing_file_on_the_cli_in_italian(
    files: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = files / "nowhere.json"
    line = _import_refused(capsys, missing)
    assert line == (
        f"castra: errore: FILE: impossibile leggere {missing} "
        "(nessun file o cartella con questo nome)"
    )


def test_a_refused_permission_on_the_cli_in_italian(
    files: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The tests may run as root, who reads any file: the refusal is the system's own
    PermissionError, raised where Castra reads the file."""
    guarded = files / "guarded.json"
    guarded.write_text("{}", encoding="utf-8")
    reading = Path.read_text

    def refuse(self: Path, *args: object, **kwargs: object) -> str:
        if self == guarded:
            raise PermissionError(errno.EACCES, "Permission denied", str(self))
        return reading(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Path, "read_text", refuse)
    line = _import_refused(capsys, guarded)
    assert line == f"castra: errore: FILE: impossibile leggere {guarded} (permesso negato)"


def test_json_that_does_not_parse_on_the_cli_in_italian(
    files: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = files / "bad.json"
    line = _import_refused(capsys, bad)
    assert line == (
        f"castra: errore: FILE: {bad} non è JSON (manca un valore alla riga 1, colonna 16)"
    )
    latin1 = files / "latin1.json"
    line = _import_refused(capsys, latin1)
    assert line == f"castra: errore: FILE: {latin1} non è testo UTF-8 (byte 15)"


def test_a_file_that_is_no_database_on_the_cli_in_italian(
    files: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fake = files / "fake.castra"
    before = fake.read_bytes()
    line = _refused_in_italian(capsys, "campaign", "show", "--file", str(fake))
    assert line == (
        f"castra: errore: file: {fake} è danneggiato (non è un database SQLite); "
        "non aperto, lasciato invariato"
    )
    assert fake.read_bytes() == before


def test_a_board_that_is_no_toml_on_the_cli_in_italian(
    files: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    line = _refused_in_italian(
        capsys, "campaign", "new", "tarentine", "--map", str(files / "bad.toml"),
        "--file", str(files / "new.castra"),
    )  # fmt: skip
    assert line.startswith("castra: errore: --map: non è un tabellone TOML (TOML non valido")
    assert line.endswith("alla fine del documento (qualcosa non è chiuso))"), line
    missing = files / "nowhere.toml"
    line = _refused_in_italian(
        capsys, "campaign", "new", "tarentine", "--map", str(missing),
        "--file", str(files / "new.castra"),
    )  # fmt: skip
    assert line == (
        f"castra: errore: --map: impossibile leggere {missing}: "
        "nessun file o cartella con questo nome"
    )
    assert not (files / "new.castra").exists()
