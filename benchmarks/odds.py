"""How fast are the exact dice-battle odds (T3.8), and how far off is sampling?

Prints the time to compute the exact odds of a 50 v 50 PM dice battle with retreat thresholds
(A retreats at 15 PM, B at 20), the time of a 100,000-trial Monte Carlo of the same battle
(plain Python ``random``; each side's hits per round drawn from its binomial distribution,
which is what rolling the dice one by one gives, only faster), and the absolute difference of
every figure. The target is under 50 ms for the exact odds, and faster than the sampling.

Run: ``python benchmarks/odds.py [PM_A PM_B A_RETREAT_AT B_RETREAT_AT [TRIALS]]``
"""

from __future__ import annotations

import bisect
import math
import random
import statistics
import sys
import time

from converters.odds import battle_odds

FIELDS = ("a_wins", "b_wins", "draw", "both_withdraw", "a_expected_left", "b_expected_left")


def hit_sampler(rng: random.Random, chance: float, most_dice: int):
    """``hits(n)``: hits scored by n dice, each hitting with ``chance``."""
    cumulative: list[list[float]] = []
    for dice in range(most_dice + 1):
        running, table = 0.0, []
        for hits in range(dice + 1):
            running += math.comb(dice, hits) * chance**hits * (1 - chance) ** (dice - hits)
            table.append(running)
        table[-1] = 1.0
        cumulative.append(table)

    def hits(dice: int) -> int:
        return bisect.bisect_right(cumulative[dice], rng.random())

    return hits


def monte_carlo(pm_a: int, pm_b: int, a_at: int, b_at: int, trials: int, seed: int = 1):
    rng = random.Random(seed)
    a_hits = hit_sampler(rng, 1 / 3, pm_a)  # 5+ on a d6
    b_hits = hit_sampler(rng, 1 / 3, pm_b)
    totals = dict.fromkeys(FIELDS, 0.0)
    for _ in range(trials):
        a, b = pm_a, pm_b
        while True:
            a, b = max(a - b_hits(b), 0), max(b - a_hits(a), 0)
            if a == 0 or b == 0:
                key = "draw" if a == b else "a_wins" if a else "b_wins"
                break
            a_goes, b_goes = a <= a_at, b <= b_at
            if a_goes and b_goes:
                key = "both_withdraw"
                break
            if a_goes:  # retreats alone: one pursuit roll by B
                a, key = max(a - b_hits(b), 0), "b_wins"
                break
            if b_goes:
                b, key = max(b - a_hits(a), 0), "a_wins"
                break
        totals[key] += 1
        totals["a_expected_left"] += a
        totals["b_expected_left"] += b
    return {field: value / trials for field, value in totals.items()}


def main(argv: list[str]) -> None:
    pm_a, pm_b, a_at, b_at = (int(x) for x in argv[:4]) if len(argv) >= 4 else (50, 50, 15, 20)
    trials = int(argv[4]) if len(argv) > 4 else 100_000
    print(f"Dice battle {pm_a} v {pm_b} PM, hits on 5+, A retreats at {a_at}, B at {b_at}")

    exact = battle_odds(pm_a, pm_b, 5, 5, a_at, b_at)
    wall, cpu = [], []
    for _ in range(9):
        started, started_cpu = time.perf_counter(), time.process_time()
        battle_odds(pm_a, pm_b, 5, 5, a_at, b_at)
        wall.append(time.perf_counter() - started)
        cpu.append(time.process_time() - started_cpu)
    exact_time = statistics.median(wall)
    print(
        f"exact odds:   {1000 * exact_time:8.1f} ms wall, median of 9 "
        f"(best {1000 * min(wall):.1f} ms; CPU median {1000 * statistics.median(cpu):.1f} ms)"
    )

    started, started_cpu = time.perf_counter(), time.process_time()
    sampled = monte_carlo(pm_a, pm_b, a_at, b_at, trials)
    sampled_time = time.perf_counter() - started
    sampled_cpu = time.process_time() - started_cpu
    print(
        f"Monte Carlo:  {1000 * sampled_time:8.1f} ms wall ({trials:,} trials; "
        f"CPU {1000 * sampled_cpu:.1f} ms)"
    )
    print(f"exact is {sampled_time / exact_time:.0f}× faster")
    print()
    print(f"{'figure':<16}{'exact':>14}{'Monte Carlo':>14}{'|difference|':>14}")
    for field in FIELDS:
        value, estimate = getattr(exact, field), sampled[field]
        print(f"{field:<16}{value:>14.6f}{estimate:>14.6f}{abs(value - estimate):>14.6f}")


if __name__ == "__main__":
    main(sys.argv[1:])
