"""Confidence intervals per second: bookeval_lib.uncertainty against statsmodels, in one run.

Prints the best of several runs of
  * Newcombe's interval for informedness on 10^6 random tables, with
    ``informedness_interval`` (building the BinaryTable is included in the time,
    so no margin is cached from an earlier run) and with statsmodels'
    ``confint_proportions_2indep(..., method="newcomb")`` on the same arrays;
  * their ratio (ours / statsmodels, the median over runs that time the two
    in alternation; goal <= 1.0) and the largest difference
    between the two sets of limits;
  * the cost of one class-stratified BCa bootstrap interval (9,999 resamples)
    on the Cabernet table of LingPipe's wines (N = 27) and on a table of N = 1,000.
"""
import warnings

import numpy as np
from timing import best_time

from bookeval_lib import BinaryTable
from bookeval_lib.uncertainty import informedness_interval

SEED = 13
TABLES = 1_000_000
REPEATS = 15  # the machine may be shared: the best of many runs is the least disturbed


def main():
    from statsmodels.stats.proportion import confint_proportions_2indep

    cells = np.random.default_rng(SEED).integers(1, 60, size=(4, TABLES))  # no empty class
    tp, fp, fn, tn = cells

    def ours():
        return informedness_interval(BinaryTable(tp=tp, fp=fp, fn=fn, tn=tn), method="newcombe")

    def peer():
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return confint_proportions_2indep(tp, tp + fn, fp, fp + tn, method="newcomb",
                                              compare="diff")

    # Time the two in alternation, so that a busy machine slows both alike: the median of the
    # paired ratios is the figure to read; the best times are shown beside it.
    pairs = [(best_time(ours, 1), best_time(peer, 1)) for _ in range(REPEATS)]
    mine, theirs = min(p[0] for p in pairs), min(p[1] for p in pairs)
    ratio = float(np.median([a / b for a, b in pairs]))
    low, high = ours()
    peer_low, peer_high = peer()
    difference = max(np.abs(low - peer_low).max(), np.abs(high - peer_high).max())
    print(f"Newcombe intervals for informedness, {TABLES:,} tables, best of {REPEATS} runs each")
    for name, seconds in (("bookeval informedness_interval", mine),
                          ("statsmodels confint_proportions_2indep", theirs)):
        print(f"  {name:<40} {seconds * 1e3:8.1f} ms   {TABLES / seconds:12,.0f} tables/s")
    print(f"  ratio bookeval / statsmodels, median of {REPEATS} paired runs: {ratio:.2f} (goal <= 1.0); "
          f"largest difference in a limit {difference:.1e}")

    for table in (BinaryTable(tp=9, fn=3, fp=4, tn=11), BinaryTable(tp=300, fn=100, fp=150, tn=450)):
        cost = best_time(lambda: informedness_interval(table, method="bootstrap", seed=SEED), 3)
        print(f"  one BCa bootstrap interval (9,999 resamples), N = {table.total:,.0f}: {cost * 1e3:7.1f} ms")


if __name__ == "__main__":
    main()
