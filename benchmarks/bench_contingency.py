"""Benchmark: every Contingency measure for K = 8, 100, 1000 against a one-pass numpy floor.

The measured call builds ``Contingency(counts, layout="powers")`` from a K x K
integer matrix and reads every aggregate of :meth:`Contingency.measures`, the
per-label arrays (bias, prevalence, recall, precision, fallout, B(l), M(c))
and :attr:`Contingency.undefined`.  The floor computes the same numbers
straight from the count matrix in one pass of numpy (margins, diagonal, one
divide per measure), timed in the same run, the two alternating so that a
change in the machine's load affects both.  Prints both times and the ratio
(goal: <= 3 for every K).  A benchmark, not a test: it asserts nothing.
"""
import numpy as np
from timing import best_time

from bookeval_lib import Contingency

SIZES = (8, 100, 1000)
REPEATS = 15
PER_LABEL = ("bias", "prevalence", "recall_per_label", "precision_per_label", "fallout_per_label",
             "informedness_per_label", "markedness_per_label")


def ours(counts):
    table = Contingency(counts, layout="powers")
    values = table.measures()
    values.update({name: getattr(table, name) for name in PER_LABEL})
    values["undefined"] = table.undefined
    return values


def floor(counts):
    """The same measures from the counts, one numpy pass each (no validation, no care for cancellation)."""
    counts = counts.astype(np.float64)
    n = counts.sum()
    rows, cols, diag = counts.sum(axis=1), counts.sum(axis=0), np.diag(counts)
    bias, prevalence = rows / n, cols / n
    recall, precision = diag / cols, diag / rows
    fallout, dual = (rows - diag) / (n - cols), (cols - diag) / (n - rows)
    b, m = recall - fallout, precision - dual
    covariance = n * diag.sum() - rows @ cols
    return {"accuracy": diag.sum() / n, "informedness": bias @ b, "markedness": prevalence @ m,
            "matthews_correlation": covariance / np.sqrt((n * n - rows @ rows) * (n * n - cols @ cols)),
            "kappa": covariance / (n * n - rows @ cols), "informedness_macro": b.mean(),
            "informedness_prevalence_weighted": prevalence @ b,
            "adjusted_balanced_accuracy": (recall.mean() - 1 / recall.size) / (1 - 1 / recall.size),
            "bias": bias, "prevalence": prevalence, "recall_per_label": recall,
            "precision_per_label": precision, "fallout_per_label": fallout,
            "informedness_per_label": b, "markedness_per_label": m}


def main():
    rng = np.random.default_rng(2026)
    for k in SIZES:
        counts = rng.integers(0, 100, size=(k, k)) + np.diag(rng.integers(100, 1000, size=k))
        calls = max(1, 20_000 // k)
        ours_time = floor_time = float("inf")
        for _ in range(REPEATS):           # alternate, keep the least disturbed run of each
            ours_time = min(ours_time, best_time(lambda: [ours(counts) for _ in range(calls)], 1) / calls)
            floor_time = min(floor_time, best_time(lambda: [floor(counts) for _ in range(calls)], 1) / calls)
        print(f"K = {k:4d}: Contingency, every measure: {ours_time * 1e6:9.1f} us; "
              f"one-pass numpy floor: {floor_time * 1e6:8.1f} us; ratio {ours_time / floor_time:6.2f} "
              f"(goal <= 3)")


if __name__ == "__main__":
    main()
