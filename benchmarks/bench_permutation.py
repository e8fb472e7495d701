"""Benchmark: ``clustering.permutation_null`` on 200,000 cases, 1,000 permutations, by counts against by cases.

``method="counts"`` (the default) draws each permutation's table (multivariate hypergeometric, cell by cell,
vectorised over the permutations); ``method="cases"`` (the peer, timed in the same run) shuffles the
200,000 label codes of every permutation and counts them.  18 induced classes and 12 labels, seeded.  The
goal: under 2 s for 1,000 permutations (before: about 6 s); prints the seconds of each, the ratio
counts/cases, and counts against the 2 s goal.  The case shuffle is timed on 100 permutations and scaled
by 10 (it is linear in the permutations), so the run stays short.  Asserts nothing.
"""
import numpy as np
from timing import best_time

from bookeval_lib import clustering

SEED, N, CLASSES, LABELS, PERMUTATIONS = 2003, 200_000, 18, 12, 1000


def main():
    rng = np.random.default_rng(SEED)
    induced, real = rng.integers(0, CLASSES, N), rng.integers(0, LABELS, N)
    clustering.permutation_null(real, induced, n_permutations=10, seed=SEED)            # first-call costs
    counts = best_time(lambda: clustering.permutation_null(real, induced, n_permutations=PERMUTATIONS,
                                                           seed=SEED), repeats=3)
    cases = 10 * best_time(lambda: clustering.permutation_null(real, induced, n_permutations=PERMUTATIONS // 10,
                                                               seed=SEED, method="cases"), repeats=2)
    print(f"permutation_null, {N:,} cases, {CLASSES} classes x {LABELS} labels, {PERMUTATIONS:,} permutations")
    print(f"  by counts (default)  {counts:6.2f} s")
    print(f"  by cases (peer)      {cases:6.2f} s   (100 permutations x 10)")
    print(f"  counts / cases       {counts / cases:6.3f}")
    print(f"  counts / 2 s goal    {counts / 2.0:6.3f}")


if __name__ == "__main__":
    main()
