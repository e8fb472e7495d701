"""Benchmark: the per-label report of 10^6 cases and 20 classes from pandas labels, against numpy strings.

``metrics.bookmaker_report(y_true, y_pred)`` with the labels given as numpy strings (the peer, timed in the
same run), a pandas Series of Python strings (object), a pandas ``"string"`` Series, a pandas categorical
and numpy integer codes (the floor: no strings at all).  pandas strings and categoricals are coded through
pandas' own codes (``_checks._pandas_factorized``: ``pandas.factorize`` or the categorical's codes),
so their goal is a ratio <= 1.5 against numpy strings (before: 20.9 s, 8.9 s against 3.3 s).  Prints
seconds, the ratio to numpy strings and the peak memory (tracemalloc) of each.  Asserts nothing.
"""
import sys

import numpy as np
import pandas as pd
from timing import best_time, peak_memory

from bookeval_lib.metrics import bookmaker_report

N = int(sys.argv[1]) if len(sys.argv) > 1 else 10 ** 6
K, SEED, REPEATS = 20, 0, 3


def main():
    rng = np.random.default_rng(SEED)
    names = np.array([f"class_{i:02d}" for i in range(K)])
    real = rng.integers(0, K, N)
    said = np.where(rng.random(N) < 0.7, real, rng.integers(0, K, N))
    kinds = {"numpy strings (peer)": (names[real], names[said]),
             "pandas object": (pd.Series(names[real], dtype=object), pd.Series(names[said], dtype=object)),
             "pandas string": (pd.Series(names[real], dtype="string"), pd.Series(names[said], dtype="string")),
             "pandas categorical": (pd.Series(names[real], dtype="category"),
                                    pd.Series(names[said], dtype="category")),
             "numpy integers (floor)": (real, said)}
    bookmaker_report(*kinds["numpy integers (floor)"])           # imports, first-call costs
    print(f"bookmaker_report, N = {N:,}, K = {K}, best of {REPEATS}")
    peer = None
    for kind, (y_true, y_pred) in kinds.items():
        seconds = best_time(lambda: bookmaker_report(y_true, y_pred), repeats=REPEATS)
        peer = peer or seconds
        peak = peak_memory(lambda: bookmaker_report(y_true, y_pred)) / 2 ** 20
        print(f"  {kind:24} {seconds:7.3f} s   x numpy strings {seconds / peer:5.2f}   peak {peak:6.0f} MB")


if __name__ == "__main__":
    main()
