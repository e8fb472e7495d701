"""Simulated tables per second: bookeval_lib.montecarlo against case-by-case simulation.

Prints the best of several runs of
  * ``simulate_tables`` (binomial counts, vectorised over tables) for the
    notebook's 110,000-table run, alone and with the seven Figure 2 measures;
  * the naive peer: every case simulated with ``informed_decisions`` and
    counted with ``BinaryTable.from_labels``, one table at a time (timed on
    1,100 tables and reported as a rate);
and the ratio of the two rates.  Goal: the 110,000-table run in well under a
few seconds.
"""

import numpy as np
from timing import best_time

from bookeval_lib import BinaryTable
from bookeval_lib.course.replications.figure2 import figure2_measures, stepped_informedness
from bookeval_lib.montecarlo import informed_decisions, simulate_tables

SEED = 2008
N_CASES = 100
REPEATS = 5




def case_by_case(levels, seed):
    """The peer: simulate each of N cases of each table, then count the table."""
    rng = np.random.default_rng(seed)
    tables = []
    for g in levels:
        prevalence, guess_bias = rng.uniform(0.0, 1.0, 2)
        real = rng.random(N_CASES) < prevalence
        while real.all() or not real.any():  # both real classes must occur
            real = rng.random(N_CASES) < prevalence
        predicted = informed_decisions(real, g, guess_bias, rng)
        tables.append(BinaryTable.from_labels(real, predicted))
    return tables


def main():
    levels = stepped_informedness(11, 10_000)  # 110,000 tables
    small = stepped_informedness(11, 100)  # 1,100 tables for the slow peer
    simulate = best_time(lambda: simulate_tables(levels, n_cases=N_CASES, seed=SEED), REPEATS)
    with_measures = best_time(
        lambda: figure2_measures(simulate_tables(levels, n_cases=N_CASES, seed=SEED).table))
    peer = best_time(lambda: case_by_case(small, SEED), repeats=2)
    rate = levels.size / simulate
    peer_rate = small.size / peer
    print(f"Monte Carlo tables of N = {N_CASES} cases, best of {REPEATS} runs")
    print(f"  simulate_tables, {levels.size:,} tables      {simulate * 1e3:8.1f} ms   "
          f"{rate:12,.0f} tables/s")
    print(f"  + seven Figure 2 measures           {with_measures * 1e3:8.1f} ms   "
          f"{levels.size / with_measures:12,.0f} tables/s")
    print(f"  case by case (peer), {small.size:,} tables    {peer * 1e3:8.1f} ms   "
          f"{peer_rate:12,.0f} tables/s")
    print(f"  ratio simulate_tables / case by case: {rate / peer_rate:,.0f}x faster")


if __name__ == "__main__":
    main()
