"""Benchmark: every BinaryTable measure for 10^6 random tables, against a floor.

The floor is what one numpy divide per measure costs: the same number of
``numpy.divide`` calls on 10^6 float64 values, each into a fresh array,
timed in the same run.  Prints both times and the ratio (goal:
<= 4).  The measured call builds the table from integer counts (so the cells
are converted to float64 once) and reads every measure in MEASURES plus
``f_measure(2)``.  Also prints scikit-learn's matthews_corrcoef on 10^6 labels
(one table) for scale, and, if PyCM is installed, the time per table against
PyCM's per-table ConfusionMatrix.  This is a benchmark, not a test: it
asserts nothing.
"""
import numpy as np
from timing import best_time

from bookeval_lib import MEASURES, BinaryTable

TABLES = 10**6
REPEATS = 7
COUNT = len(MEASURES) + 1   # every property and f_measure(2)


def all_measures(cells):
    table = BinaryTable(tp=cells[0], fp=cells[1], fn=cells[2], tn=cells[3])
    return [getattr(table, name) for name in MEASURES] + [table.f_measure(2.0)]


def floor(numerators, denominators):
    return [np.divide(numerators[i % 4], denominators[i % 4]) for i in range(COUNT)]


def main():
    rng = np.random.default_rng(2026)
    cells = rng.integers(0, 1000, size=(4, TABLES))
    numerators = cells.astype(np.float64)
    denominators = numerators + 1.0
    ours = best_time(lambda: all_measures(cells), REPEATS)
    divides = best_time(lambda: floor(numerators, denominators), REPEATS)
    print(f"bookeval: {COUNT} measures for {TABLES:,} tables: {ours:.3f} s "
          f"({ours / TABLES * 1e9:.0f} ns per table)")
    print(f"floor: {COUNT} numpy divides of {TABLES:,} float64 values, each into a fresh array: "
          f"{divides:.3f} s")
    print(f"ratio bookeval / floor: {ours / divides:.2f} (goal <= 4)")

    from sklearn.metrics import matthews_corrcoef
    real = rng.integers(0, 2, size=TABLES)
    predicted = np.where(rng.random(TABLES) < 0.8, real, 1 - real)
    sklearn_time = best_time(lambda: matthews_corrcoef(real, predicted), REPEATS)
    print(f"scikit-learn matthews_corrcoef on {TABLES:,} labels (one table): {sklearn_time:.3f} s; "
          f"ratio bookeval (all measures, 10^6 tables) / scikit-learn (one measure, one table): "
          f"{ours / sklearn_time:.2f}")

    try:
        from pycm import ConfusionMatrix
    except ImportError:
        print("PyCM is not installed: skipping the per-table comparison (pip install pycm)")
        return
    sample = 200
    matrices = [{1: {1: int(cells[0, i]), 0: int(cells[1, i])}, 0: {1: int(cells[2, i]), 0: int(cells[3, i])}}
                for i in range(sample)]
    # PyCM's matrix is {actual: {predicted: count}}; PyCM computes all its statistics on construction.
    pycm_time = best_time(lambda: [ConfusionMatrix(matrix={a: {p: m[p][a] for p in m} for a in (1, 0)})
                                    for m in matrices], repeats=1) / sample
    print(f"PyCM: {pycm_time * 1e6:.0f} us per table (all of its statistics); "
          f"ratio bookeval / PyCM per table: {ours / TABLES / pycm_time:.6f}")


if __name__ == "__main__":
    main()
