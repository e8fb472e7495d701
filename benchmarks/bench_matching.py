"""Benchmark: the exact B-maximising label map on notebook 11's dog/train table (12 senses x 19 classes).

Prints the time of ``best_map`` without dropping (the dynamic program over sets
of senses) against a floor measured in the same run: 12 evaluations of
``map_informedness`` (one per sense: the cost of merely scoring one candidate
move of every sense, what any local search must pay per sweep).  The ratio is
the figure of merit; the MILP it replaced took about 20 s (``--milp`` times it
once).  Asserts only that both find B = 0.4786830...
"""
import sys

import numpy as np
from timing import best_time

from bookeval_lib import matching

DOG_TRAIN = np.array([
    [2, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 13, 3, 1, 0, 0, 0, 0], [10, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 3, 0, 0, 0, 0, 0],
    [15, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 1, 0, 0, 0, 0, 0], [3, 0, 0, 0, 0, 0, 0, 0, 1, 0, 3, 0, 1, 7, 1, 0, 0, 0, 0],
    [91, 4, 4, 1, 13, 1, 2, 10, 4, 2, 7, 1, 110, 46, 7, 5, 2, 2, 0], [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1],
    [0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 6, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 11, 0, 0, 0, 0, 0, 0],
    [3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 13, 6, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 13, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 8, 1, 0, 0, 1, 0, 0], [1, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0, 0, 56, 0, 0, 0, 0, 0, 0]],
    dtype=float)
B_BEST = 0.4786830037585431


def main():
    x = DOG_TRAIN
    k = x.shape[0]
    assignment, value, states = matching.best_map(x)
    assert abs(value - B_BEST) < 1e-12, value
    ours = best_time(lambda: matching.best_map(x), 5)
    floor = best_time(lambda: [matching.map_informedness(x, assignment) for _ in range(k)], 5)
    print(f"best_map on the dog/train table, {k} senses x {x.shape[1]} classes, no dropping "
          f"({states} dynamic-program states), B = {value:.10f}")
    print(f"  floor ({k} x map_informedness): {floor * 1e3:8.3f} ms")
    print(f"  best_map:                        {ours * 1e3:8.3f} ms = {ours / floor:6.1f} x floor")
    if "--milp" in sys.argv:
        milp = best_time(lambda: matching._search_merge(x, x.sum(axis=0) > 0, 10 ** 7), 1)
        print(f"  MILP (previous method):          {milp * 1e3:8.0f} ms = {milp / floor:6.0f} x floor")


if __name__ == "__main__":
    main()
