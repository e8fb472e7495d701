"""Time bookeval_lib.roc against scikit-learn on 10^6 scores.

Prints the best of several runs for each and two ratios:
  * roc_curve + auc, bookeval / scikit-learn (goal: <= 1.0).  scikit-learn is
    called as ``roc_curve(real, scores, drop_intermediate=False)`` so both
    return the same points (checked before timing);
  * roc_convex_hull of that curve / scikit-learn's ``roc_curve(real, scores)``
    on the same scores (issue 19 goal: <= 0.15).
Two inputs: continuous scores (almost no ties) and scores rounded to 3
decimals (many ties).
"""

import numpy as np
from timing import best_time
from sklearn import metrics

from bookeval_lib import roc

SEED = 20080701
SIZE = 10**6
REPEATS = 7




def bookeval_roc_auc(real, scores):
    fpr, tpr, _ = roc.roc_curve(real, scores)
    return roc.auc(fpr, tpr)


def sklearn_roc_auc(real, scores):
    fpr, tpr, _ = metrics.roc_curve(real, scores, drop_intermediate=False)
    return metrics.auc(fpr, tpr)


def main():
    rng = np.random.default_rng(SEED)
    real = rng.integers(0, 2, SIZE)
    continuous = rng.normal(size=SIZE) + real
    inputs = {"continuous scores": continuous, "scores with ties (3 decimals)": np.round(continuous, 3)}
    print(f"roc_curve + auc on {SIZE:,} scores, best of {REPEATS} runs")
    for name, scores in inputs.items():
        ours = roc.roc_curve(real, scores)
        theirs = metrics.roc_curve(real, scores, drop_intermediate=False)
        for mine, reference in zip(ours, theirs):
            np.testing.assert_array_equal(mine, reference)
        bookeval_seconds = best_time(lambda: bookeval_roc_auc(real, scores), REPEATS)
        sklearn_seconds = best_time(lambda: sklearn_roc_auc(real, scores), REPEATS)
        print(f"  {name:30s} bookeval {bookeval_seconds * 1e3:7.1f} ms   "
              f"scikit-learn {sklearn_seconds * 1e3:7.1f} ms   "
              f"ratio {bookeval_seconds / sklearn_seconds:.2f}  ({len(ours[0]):,} points)")
        hull_seconds = best_time(lambda: roc.roc_convex_hull(ours[0], ours[1]), REPEATS)
        curve_seconds = best_time(lambda: metrics.roc_curve(real, scores), REPEATS)
        hull_size = roc.roc_convex_hull(ours[0], ours[1])[0].size
        print(f"  {'':30s} roc_convex_hull {hull_seconds * 1e3:7.1f} ms   "
              f"scikit-learn roc_curve {curve_seconds * 1e3:7.1f} ms   "
              f"ratio {hull_seconds / curve_seconds:.3f} (goal <= 0.15; {hull_size:,} vertices)")


if __name__ == "__main__":
    main()
