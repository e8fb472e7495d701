"""Comparing two classifiers at scale: time and peak memory of the comparison engine, in one run.

For N = 10^4, 10^5, 10^6 cases and K = 2, 10, 100 classes, two classifiers of
the same cases (real classes uniform; A gives the right label when a shared
"ease" is below 0.8, B when it is below 0.7, otherwise each a uniformly random
label of its own; and for K = 100 again with each wrong label one of the three
after the real one, errors between similar classes, which fills far fewer
joint cells), prints

  * the number of non-empty joint cells (real, A's label, B's label), which the
    cost follows: O(n_resamples x (K^2 + cells));
  * ``uncertainty.compare_predictions`` with 2,000 resamples and its default
    measures, and, for K = 2, with its default 9,999 resamples and informedness
    alone: the best time of a few runs and the peak memory that
    ``tracemalloc`` sees (numpy reports its arrays to it);
  * the floors, measured in the same run: ``np.bincount`` of the N codes of the
    joint cells (counting the N labels once, which any method must do), and,
    for K = 2, statsmodels' closed-form ``confint_proportions_2indep`` on the
    tpr and fpr counts; each time is printed as a ratio to the bincount floor.

Usage: ``python benchmarks/bench_compare.py [--small]`` (``--small``: N = 10^4 only).
"""
import sys
import tracemalloc
import warnings

import numpy as np
from timing import best_time

from bookeval_lib import uncertainty

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


def peak_memory(function):
    """Peak traced memory (bytes) of one call of ``function``, above what was allocated before."""
    tracemalloc.start()
    tracemalloc.reset_peak()
    before = tracemalloc.get_traced_memory()[0]
    function()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak - before


def main(sizes=(10 ** 4, 10 ** 5, 10 ** 6), ks=(2, 10, 100)):
    from statsmodels.stats.proportion import confint_proportions_2indep

    print(f"{'N':>9} {'K':>4} {'cells':>8}  {'what':<34} {'time':>9} {'x floor':>8} {'peak MB':>8}")
    for n in sizes:
        for k, confusable in [(k, None) for k in ks] + [(ks[-1], 3)]:
            real, a, b = cases(n, k, confusable=confusable)
            if confusable:
                print(f"{'':>9} {k:>4} {'':>8}  (wrong labels among the {confusable} after the real one)")
            floor = best_time(lambda: np.bincount((real * k + a) * k + b, minlength=k ** 3), 5)
            cells = np.count_nonzero(np.bincount((real * k + a) * k + b, minlength=k ** 3))
            rows = [("bincount floor", floor, None),
                    ("compare_predictions (2,000)", lambda: uncertainty.compare_predictions(real, a, b,
                                                                                      n_resamples=2000), 2)]
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
                    seconds, memory = function, float("nan")
                else:
                    seconds = best_time(function, repeats)
                    memory = peak_memory(function) / 2 ** 20
                print(f"{n:>9,} {k:>4} {cells:>8,}  {name:<34} {seconds:>8.3f}s {seconds / floor:>8.1f} "
                      f"{memory:>8.1f}", flush=True)


if __name__ == "__main__":
    if "--small" in sys.argv[1:]:
        main(sizes=(10 ** 4,))
    else:
        main()
