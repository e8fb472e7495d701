"""Comparing two classifiers at scale: time and peak memory of the comparison engine, in one run.

For N = 10^4, 10^5, 10^6 cases and K = 2, 10, 100 classes, two classifiers of
the same cases (real classes uniform; A gives the right label when a shared
"ease" is below 0.8, B when it is below 0.7, otherwise each a uniformly random
label of its own; and for K = 100 again with each wrong label one of the three
after the real one, errors between similar classes, which fills far fewer
joint cells), prints

  * the number of non-empty joint cells (real, A's label, B's label), which the
    cost of drawing cells follows: O(n_resamples x (K + cells));
  * ``uncertainty.compare_predictions`` (2,000 resamples, its default measures,
    ``method="auto"``: the path it chose, "cells" or "normal" sums, is printed)
    and, for K = 2, with its default 9,999 resamples and informedness alone: the best time of a few runs and the peak memory that
    ``tracemalloc`` sees (numpy reports its arrays to it); where auto chose the
    normal sums, also the cell path (``method="cells"``) once at N <= 10^5, and
    the time the labels' coding alone takes (``_checks.coded_labels``, outside
    the engine);
  * the floors, measured in the same run: ``np.bincount`` of the N codes of the
    joint cells (counting the N labels once, which any method must do), and,
    for K = 2, statsmodels' closed-form ``confint_proportions_2indep`` on the
    tpr and fpr counts; each time is printed as a ratio to the bincount floor.

Times are the best of a few runs by the wall clock and by the process's CPU
time (all threads); the machine the README's figures come from has two cores
shared with other jobs, where the CPU time is the steadier figure.  BLAS runs
on one thread (``OPENBLAS_NUM_THREADS=1`` unless set): the normal path's
matrix products are small (2,000 x 400 by 400 x 400 at K = 100), and a second
BLAS thread on a busy machine spins and waits (it took the normal path at
N = 10^4, K = 100 from 0.13 s to 0.57 s of CPU time here).

Usage: ``python benchmarks/bench_compare.py [--small]`` (``--small``: N = 10^4 only).
"""
import os
import sys
import time
import warnings

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")      # before numpy loads OpenBLAS

import numpy as np
from timing import best_time, peak_memory

from bookeval_lib import _checks, uncertainty

SEED = 29


def cases(n, k, seed=SEED, confusable=None):
    """Real classes and the labels of A and B; a wrong label is uniform over the K labels, or with
    ``confusable=m`` one of the m labels after the real one (errors between similar classes)."""
    rng = np.random.default_rng(seed)
    real = rng.integers(0, k, n)
    ease = rng.random(n)

    def guess():
        return rng.integers(0, k, n) if confusable is None else (real + rng.integers(1, confusable + 1, n)) % k

    a = np.where(ease < 0.8, real, guess())
    b = np.where(ease < 0.7, real, guess())
    return real, a, b


def main(sizes=(10 ** 4, 10 ** 5, 10 ** 6), ks=(2, 10, 100)):
    from statsmodels.stats.proportion import confint_proportions_2indep

    print(f"{'N':>9} {'K':>4} {'cells':>8}  {'what':<40} {'wall':>8} {'x floor':>8} {'cpu':>8} {'peak MB':>8}")
    for n in sizes:
        for k, confusable in [(k, None) for k in ks] + [(ks[-1], 3)]:
            real, a, b = cases(n, k, confusable=confusable)
            if confusable:
                print(f"{'':>9} {k:>4} {'':>8}  (wrong labels among the {confusable} after the real one)")
            floor = best_time(lambda: np.bincount((real * k + a) * k + b, minlength=k ** 3), 5)
            cells = np.count_nonzero(np.bincount((real * k + a) * k + b, minlength=k ** 3))
            chosen = uncertainty.compare_predictions(real, a, b, n_resamples=2000)["informedness"].difference.method
            path = "normal" if "normal" in chosen else "cells"
            rows = [("bincount floor", floor, None),
                    (f"compare_predictions (2,000), {path}", lambda: uncertainty.compare_predictions(real, a, b, n_resamples=2000), 2)]
            if path == "normal":
                rows.append(("  of which the labels' coding", lambda: _checks.coded_labels(
                    real, [a, b], None, ("y_pred_a", "y_pred_b")), 2))
                if n <= 10 ** 5:
                    rows.append(("compare_predictions (2,000), cells",
                                 lambda: uncertainty.compare_predictions(real, a, b, n_resamples=2000, method="cells"), 1))
            if k == 2:
                tp, rp = np.count_nonzero(a & real), np.count_nonzero(real)
                fp, rn = np.count_nonzero(a & ~real.astype(bool)), n - np.count_nonzero(real)

                def peer():
                    with warnings.catch_warnings():
                        warnings.simplefilter("ignore")
                        return confint_proportions_2indep(tp, rp, fp, rn, method="newcomb", compare="diff")

                rows += [("statsmodels confint_2indep", peer, 5),
                         ("compare_predictions, B (9,999)",
                          lambda: uncertainty.compare_predictions(real, a, b, measures="informedness"), 2)]
            for name, function, repeats in rows:
                if repeats is None:
                    seconds, cpu, memory = function, float("nan"), float("nan")
                else:
                    seconds = best_time(function, repeats)
                    cpu = best_time(function, repeats, clock=time.process_time)
                    memory = peak_memory(function) / 2 ** 20
                cpu = "" if np.isnan(cpu) else f"{cpu:.3f}s"
                print(f"{n:>9,} {k:>4} {cells:>8,}  {name:<40} {seconds:>7.3f}s {seconds / floor:>8.1f} "
                      f"{cpu:>8} {memory:>8.1f}", flush=True)


if __name__ == "__main__":
    if "--small" in sys.argv[1:]:
        main(sizes=(10 ** 4,))
    else:
        main()
