"""``benchmarks/turn.py`` times what issue 22 asks of it (7 nations × 10 orders carried out
together, T7.3, T7.4): a benchmark whose forces the ledger had taken off the map again (T7.2)
timed an empty turn, so this checks that every order is carried out and meetings are found."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from assistant.ledger.orders import resolution

BENCHMARK = Path(__file__).parents[2] / "benchmarks" / "turn.py"


def test_t7_3_the_turn_benchmark_carries_out_seventy_orders_of_seven_nations() -> None:
    spec = importlib.util.spec_from_file_location("turn_benchmark", BENCHMARK)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    state = module.campaign_with_orders()
    assert len(state.orders) == 7
    assert sum(len(orders) for orders in state.orders.values()) == 70
    event = resolution(state)
    assert len(event.moves) == 70, "every ordered force is carried out"
    assert sum(move.end != move.start for move in event.moves) > 35
    assert event.meetings, "enough forces cross for meetings to be found (T7.4)"
