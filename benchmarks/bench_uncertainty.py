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
    on the Cabernet table of LingPipe's wines (N = 27) and on a table of N = 1,000;
  * scale: at N = 10^4, 10^5, 10^6 cases, the time (best of 3) and the peak memory
    (tracemalloc) of the three bootstrap intervals (9,999 resamples, drawn as cells) on one
    table, and of ``metrics.bookmaker_report(confidence=0.95)`` on N labels of K = 2, 10, 100
    classes, each as a ratio to statsmodels' closed-form ``confint_proportions_2indep``
    (Newcombe) on the same counts (the table's two rates; the K one-vs-rest tables),
    measured in the same run, and the report's time without ``confidence`` beside it (counting
    the N labels dominates at N = 10^6).  Goal: under a second and 200 MB at N = 10^6; a
    bootstrap interval may cost up to about n_resamples times the closed form.
"""
import warnings

import numpy as np
from timing import best_time, peak_memory

from bookeval_lib import BinaryTable, metrics
from bookeval_lib.uncertainty import correlation_interval, informedness_interval, markedness_interval

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
    scale()


def _measured(function, repeats=3):
    return best_time(function, repeats), peak_memory(function)


def scale():
    from statsmodels.stats.proportion import confint_proportions_2indep

    def closed_form(tp, rp, fp, rn):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return confint_proportions_2indep(tp, rp, fp, rn, method="newcomb", compare="diff")

    rng = np.random.default_rng(SEED)
    print("\nscale: time (best of 3) and peak memory (tracemalloc); ratios to statsmodels' closed form "
          "on the same counts")
    for total in (10 ** 4, 10 ** 5, 10 ** 6):
        tp, fp, fn, tn = rng.multinomial(total, [0.3, 0.15, 0.1, 0.45])
        table = BinaryTable(tp=tp, fp=fp, fn=fn, tn=tn)
        peer_time, peer_memory = _measured(lambda: closed_form(tp, tp + fn, fp, fp + tn))
        for name, function in (("informedness_interval bootstrap", informedness_interval),
                               ("markedness_interval bootstrap", markedness_interval),
                               ("correlation_interval bootstrap", correlation_interval)):
            seconds, memory = _measured(lambda: function(table, method="bootstrap", seed=SEED))
            print(f"  N = {total:>9,}  {name:<34} {seconds * 1e3:8.1f} ms {memory / 1e6:7.2f} MB   "
                  f"x statsmodels: time {seconds / peer_time:8.0f}  memory {memory / peer_memory:6.0f}")
        for k in (2, 10, 100):
            real = rng.integers(0, k, total)
            predicted = np.where(rng.random(total) < 0.6, real, rng.integers(0, k, total))
            counts = metrics.contingency(real, predicted).square()     # rows = predicted
            hits, rows, cols = np.diag(counts), counts.sum(axis=1), counts.sum(axis=0)
            one_vs_rest = (hits, cols, rows - hits, total - cols)         # TP, RP, FP, RN per label
            peer_time, peer_memory = _measured(lambda: closed_form(*one_vs_rest))
            seconds, memory = _measured(lambda: metrics.bookmaker_report(real, predicted, confidence=0.95,
                                                                         output_dict=True))
            plain = best_time(lambda: metrics.bookmaker_report(real, predicted, output_dict=True), 3)
            print(f"  N = {total:>9,}  bookmaker_report K = {k:<3}             {seconds * 1e3:8.1f} ms "
                  f"{memory / 1e6:7.2f} MB   x statsmodels: time {seconds / peer_time:8.0f}  "
                  f"memory {memory / peer_memory:6.0f}   (without confidence: {plain * 1e3:.1f} ms)")


if __name__ == "__main__":
    main()
