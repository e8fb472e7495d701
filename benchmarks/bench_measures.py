"""Benchmark: every BinaryTable measure for 10^6 random tables.

Goal (issue 2): all measures for 10^6 tables in under 0.3 s on the project's 2-core machine.
Prints the time, the ratio to scikit-learn's matthews_corrcoef on 10^6 labels (one table),
and, if PyCM is installed, the time per table against PyCM's per-table ConfusionMatrix.
This is a benchmark, not a test: it asserts nothing.
"""
import numpy as np
from timing import best_time

from bookeval_lib import MEASURES, BinaryTable

TABLES = 10**6
REPEATS = 5




def all_measures(cells):
    table = BinaryTable(tp=cells[0], fp=cells[1], fn=cells[2], tn=cells[3])
    return [getattr(table, name) for name in MEASURES] + [table.f_measure(2.0)]


def main():
    rng = np.random.default_rng(2026)
    cells = rng.integers(0, 1000, size=(4, TABLES))
    ours = best_time(lambda: all_measures(cells), REPEATS)
    print(f"bookeval: {len(MEASURES) + 1} measures for {TABLES:,} tables: {ours:.3f} s "
          f"({ours / TABLES * 1e9:.0f} ns per table; goal < 0.300 s)")

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
