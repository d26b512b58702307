"""``castra serve``: the same app in a browser through textual-serve, built but never started."""

from __future__ import annotations

import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any, ClassVar

import pytest

from assistant.cli import main


class _FakeServer:
    """Records how textual-serve's Server was built; serving does nothing."""

    built: ClassVar[list[_FakeServer]] = []

    def __init__(self, command: str, **options: Any) -> None:
        self.command = command
        self.options = options
        self.served = False
        _FakeServer.built.append(self)

    def serve(self, debug: bool = False) -> None:
        self.served = True


@pytest.fixture
def fake_server(monkeypatch: pytest.MonkeyPatch) -> type[_FakeServer]:
    import textual_serve.server

    _FakeServer.built = []
    monkeypatch.setattr(textual_serve.server, "Server", _FakeServer)
    return _FakeServer


@pytest.mark.parametrize(
    "arguments",
    [
        ["--campaign", "CAMPAIGN", "serve"],
        ["serve", "--campaign", "CAMPAIGN"],
    ],
    ids=["campaign-before-serve", "campaign-after-serve"],
)
def test_serve_runs_castra_on_the_campaign_in_each_browser_tab(
    fake_server: type[_FakeServer], tmp_path: Path, arguments: list[str]
) -> None:
    campaign = tmp_path / "my campaign.castra"
    argv = [str(campaign) if part == "CAMPAIGN" else part for part in arguments]
    assert main([*argv, "--port", "8123"]) == 0
    (server,) = fake_server.built
    assert shlex.split(server.command) == [
        sys.executable,
        "-m",
        "assistant",
        "--campaign",
        str(campaign.resolve()),
    ]
    assert server.options["host"] == "localhost"
    assert server.options["port"] == 8123
    assert server.options["title"] == "Castra"
    assert server.served


def test_serve_without_campaign_opens_the_default_one(fake_server: type[_FakeServer]) -> None:
    assert main(["serve"]) == 0
    (server,) = fake_server.built
    assert shlex.split(server.command) == [sys.executable, "-m", "assistant"]
    assert server.options["port"] == 8000


def test_a_port_out_of_range_is_one_line_and_exit_2(
    fake_server: type[_FakeServer], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["serve", "--port", "70000"]) == 2
    assert capsys.readouterr().err == "castra: error: --port: a port is 1 to 65535 (got 70000)\n"
    assert fake_server.built == []


def test_the_serve_command_module_imports_no_textual() -> None:
    probe = (
        "import sys, assistant.cli.commands.serve; "
        "print(any(m == 'textual' or m.startswith(('textual.', 'textual_serve')) "
        "for m in sys.modules))"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "False"
