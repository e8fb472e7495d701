"""Benchmark: the exact B-maximising label map on notebook 12's dog/train table (12 senses x 19 classes).

Prints the time of ``best_map`` without dropping against a floor measured in
the same run: K evaluations of ``map_informedness`` (one per cluster: the cost
of merely scoring one candidate move of every cluster, what any local search
pays per sweep), on the table itself (the dynamic program) and with 6 seeded
random clusters added (18 x 19, the column search).  The ratios are the figures
of merit; the MILP they replaced took about 20 s on the first and 190 s on the
second (``--milp`` times the first once).  With dropping allowed (the kept-set
search) the table is timed against the same floor and against the plain exact
method it improves on: solving every one of the 4095 kept sets of senses with
the dynamic program.  Two seeded synthetic tables of 18 clusters x 17 classes
(the size of the paper's dog/train clustering), one of uniform random counts
and one of Zipf-sized classes in heavy-tailed clusters, show the kept-set
search where it is slowest.  A table shaped like Powers' own dog/train
clustering (18 clusters; the sense totals of his Table 1, most cases in two
catch-all clusters, senses of 1 or 2 cases), where the Lagrangian prices stall and
the search needs column generation on the LP, is timed both ways: before that
step it took 79 s without dropping and 102 s with it.  Last, the slowest kind
found with dropping: sparse counts of 0-3 in 17 small clusters and one
catch-all row holding most cases, where tens of thousands of kept sets reach the
Lagrangian bounds (6.3 s before most labels' terms were bounded without a table).
Last, beyond 18 clusters: the time best_map takes to refuse a 24 x 17 table (both ways,
decided from its shape), and the MILP given a time limit on a 20 x 5 table.  Asserts only that
B = 0.4786830... both ways on dog/train, and on the dog/train-like table the B of
HiGHS's MILP (94 s).
"""
import sys
from pathlib import Path

import numpy as np
from timing import best_time

from bookeval_lib import _merge_search as merge_search, matching

DOG_TRAIN = np.array([
    [2, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 13, 3, 1, 0, 0, 0, 0], [10, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 3, 0, 0, 0, 0, 0],
    [15, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 1, 0, 0, 0, 0, 0], [3, 0, 0, 0, 0, 0, 0, 0, 1, 0, 3, 0, 1, 7, 1, 0, 0, 0, 0],
    [91, 4, 4, 1, 13, 1, 2, 10, 4, 2, 7, 1, 110, 46, 7, 5, 2, 2, 0], [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1],
    [0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 6, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 11, 0, 0, 0, 0, 0, 0],
    [3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 13, 6, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 13, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 8, 1, 0, 0, 1, 0, 0], [1, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0, 0, 56, 0, 0, 0, 0, 0, 0]],
    dtype=float)
B_BEST = 0.4786830037585431

# A seeded synthetic table shaped like the dog/train clustering of Powers 2003 (how it was made: its header)
DOG_TRAIN_LIKE = np.loadtxt(Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "dog_train_like.csv",
                            delimiter=",")
B_LIKE = 0.6643916047922257     # both ways (HiGHS's MILP; the search before the LP step took 79 s)


def report(name, x, repeats=5):
    """Time best_map on x against k evaluations of map_informedness; return the map's value."""
    k = x.shape[0]
    assignment, value, nodes = matching.best_map(x)
    ours = best_time(lambda: matching.best_map(x), repeats)
    floor = best_time(lambda: [matching.map_informedness(x, assignment) for _ in range(k)], repeats)
    print(f"{name}: {k} clusters x {x.shape[1]} classes, no dropping ({nodes} states or nodes), B = {value:.10f}")
    print(f"  floor ({k} x map_informedness): {floor * 1e3:8.3f} ms")
    print(f"  best_map:                        {ours * 1e3:8.3f} ms = {ours / floor:6.1f} x floor")
    return value


def every_kept_set(x):
    """The plain exact method with dropping: the no-drop optimum of every kept set of rows, times n/N."""
    k, best = x.shape[0], -np.inf
    for s in range(1, 1 << k):
        rows = np.flatnonzero((s >> np.arange(k)) & 1)
        sub = x[rows]
        if (sub.sum(axis=0) == sub.sum()).any():
            continue
        found, _ = merge_search._search_merge_dp(sub, sub.sum(axis=0) > 0)
        m = np.full(k, -1)
        m[rows] = found
        best = max(best, matching.map_informedness(x, m))
    return best


def report_drop(name, x, repeats=5, plain=True):
    """Time best_map(allow_drop=True) against the floor and (plain=True) against solving every kept set."""
    k = x.shape[0]
    assignment, value, nodes = matching.best_map(x, allow_drop=True)
    ours = best_time(lambda: matching.best_map(x, allow_drop=True), repeats)
    floor = best_time(lambda: [matching.map_informedness(x, assignment) for _ in range(k)], repeats)
    print(f"{name}: {k} clusters x {x.shape[1]} classes, with dropping ({nodes} bounds and states), "
          f"B n/N = {value:.10f}, {(assignment < 0).sum()} dropped")
    print(f"  floor ({k} x map_informedness):  {floor * 1e3:8.3f} ms")
    print(f"  best_map(allow_drop=True):        {ours * 1e3:8.3f} ms = {ours / floor:6.1f} x floor")
    if plain:
        slow = best_time(lambda: every_kept_set(x), 1)
        print(f"  every kept set by the DP (plain): {slow * 1e3:8.0f} ms = {slow / ours:6.1f} x best_map")
        assert abs(every_kept_set(x) - value) < 1e-12
    return value


def main():
    value = report("dog/train (dynamic program)", DOG_TRAIN)
    assert abs(value - B_BEST) < 1e-12, value
    value = report_drop("dog/train (kept-set search)", DOG_TRAIN)
    assert abs(value - B_BEST) < 1e-12, value
    rng = np.random.default_rng(0)       # 6 more clusters of a few cases each: the column search
    extra = rng.integers(0, 4, size=(6, 19)) * (rng.random((6, 19)) < 0.3)
    report("dog/train + 6 random clusters (column search)", np.vstack([DOG_TRAIN, extra]))
    report_drop("dog/train + 6 random clusters (kept-set search)", np.vstack([DOG_TRAIN, extra]), 1, plain=False)
    rng = np.random.default_rng(1)       # the size the issue names: 18 clusters x 17 classes, two kinds
    uniform = rng.integers(0, 6, size=(18, 17)) * (rng.random((18, 17)) < 0.4)
    uniform[uniform.sum(axis=1) == 0, 0] = 1
    report_drop("18 x 17, uniform random counts (kept-set search)", uniform.astype(float), 1, plain=False)
    sizes = (rng.pareto(1.0, 18) * 10 + 1).astype(int)          # heavy-tailed clusters, Zipf-sized classes
    zipf = 1 / np.arange(1, 18)
    skewed = np.array([rng.multinomial(size, rng.dirichlet(3 * zipf / zipf.sum())) for size in sizes])
    report_drop("18 x 17, Zipf classes in heavy-tailed clusters (kept-set search)", skewed.astype(float), 1,
                plain=False)
    value = report("18 x 18 shaped like the dog/train clustering (column search, LP)", DOG_TRAIN_LIKE, 1)
    assert abs(value - B_LIKE) < 1e-12, value
    value = report_drop("18 x 18 shaped like the dog/train clustering (kept-set search)", DOG_TRAIN_LIKE, 1,
                        plain=False)
    assert abs(value - B_LIKE) < 1e-12, value
    rng = np.random.default_rng(5003)    # 17 small clusters of counts 0-3 and a catch-all row
    sparse = rng.integers(0, 4, size=(18, 17)) * (rng.random((18, 17)) < 0.5)
    sparse[0] += rng.integers(5, 30, size=17)
    report_drop("18 x 17, sparse counts and a catch-all row (kept-set search)", sparse.astype(float), 1,
                plain=False)
    beyond_eighteen()
    if "--milp" in sys.argv:
        x = DOG_TRAIN
        floor = best_time(lambda: [matching.map_informedness(x, x.argmax(axis=1)) for _ in range(len(x))], 5)
        milp = best_time(lambda: merge_search._search_merge(x, x.sum(axis=0) > 0, 10 ** 7), 1)
        print(f"  MILP on dog/train (previous method): {milp * 1e3:8.0f} ms = {milp / floor:6.0f} x floor")


def beyond_eighteen():
    """24 x 17 uniform counts: refused at once both ways (the MILP ran 62 s before; with dropping the
    refusal came after it, 48 s); then the MILP with a time limit on a 20 x 5 table (1.5 s before)."""
    from timing import best_time
    x = np.random.default_rng(2417).integers(0, 20, size=(24, 17)).astype(float)
    floor = best_time(lambda: [matching.map_informedness(x, x.argmax(axis=1)) for _ in range(len(x))], 5)
    for allow_drop in (False, True):
        def refused():
            try:
                matching.best_map(x, allow_drop=allow_drop)
            except ValueError:
                return
            raise AssertionError("not refused")
        seconds = best_time(refused, 5)
        print(f"24 x 17, allow_drop={allow_drop}: refused in {seconds * 1e3:.3f} ms = {seconds / floor:.2f} x floor "
              f"({len(x)} x map_informedness, {floor * 1e3:.3f} ms)")
    x = np.random.default_rng(2005).integers(0, 20, size=(20, 5)).astype(float)
    seconds = best_time(lambda: matching.best_map(x, time_limit=60), 1)
    print(f"20 x 5 without dropping, time_limit=60: the MILP proved the map in {seconds:.2f} s")


if __name__ == "__main__":
    main()
