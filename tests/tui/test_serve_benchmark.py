"""``benchmarks/serve.py`` counts what issue 24's load asks of it: orders typed by keys in each
player's served session, acknowledged on screen, against the file (T7.3). A driver whose keys
went nowhere would count 0 given, 0 in the file and "0 lost": this checks it counts real ones.
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

import pytest

from tests.tui.served_sessions import REFEREE, castra, serving_players

pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("textual_serve") is None,
    reason="textual-serve is not installed (castra serve needs it)",
)

BENCHMARK = Path(__file__).parents[2] / "benchmarks" / "serve.py"

PLAYED = ("Rome", "Carthage")
"""The tiny campaign's players: every other nation has none (T4.4)."""


async def test_t7_3_the_load_run_counts_orders_typed_in_each_players_session(
    tmp_path: Path,
) -> None:
    spec = importlib.util.spec_from_file_location("serve_benchmark", BENCHMARK)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    env = {**os.environ, "CASTRA_HOME": str(tmp_path)}
    campaign = tmp_path / "tiny.castra"
    unplayed = [n for n in module.MARCHES if n not in PLAYED]
    castra(
        "campaign", "new", "tarentine", "--file", str(campaign),
        *(option for nation in unplayed for option in ("--no-player", nation)),
        env=env,
    )  # fmt: skip
    with serving_players(campaign, env, tmp_path / "urls.txt") as printed:
        assert set(printed) == {REFEREE, *PLAYED}
        tally = await module.drive(printed, campaign, 5.0)
    for nation in PLAYED:
        assert tally.given[nation] >= 1, f"{nation} gave no order by keys"
        assert tally.withdrawn[nation] == tally.given[nation], "each given order withdrawn"
        assert tally.in_file[nation] == (tally.given[nation], tally.withdrawn[nation])
    assert tally.lost == 0
    assert tally.reads >= 3, "the referee read its screens meanwhile"
    assert set(tally.locked) == {REFEREE, *PLAYED} and not any(tally.locked.values())
