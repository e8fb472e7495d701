"""Time bookeval_lib.roc against scikit-learn on 10^6 scores.

Prints the best of several runs for each and two ratios:
  * roc_curve + auc, bookeval / scikit-learn (goal: <= 1.0).  scikit-learn is
    called as ``roc_curve(real, scores, drop_intermediate=False)`` so both
    return the same points (checked before timing);
  * roc_convex_hull of that curve / scikit-learn's ``roc_curve(real, scores)``
    on the same scores (goal: <= 0.15).
Two inputs: continuous scores (almost no ties) and scores rounded to 3
decimals (many ties).

Then roc_convex_hull on 2 x 10^6 points of four kinds (a ROC curve, uniform points in
the square, points all on a concave arc, the arc with a dip every 32 points: the kind
that sent the earlier passes to a Python loop for seconds), timed against qhull
(``scipy.spatial.ConvexHull`` of the same points with (0, 0), (1, 1) and (1, 0)) in the
same run, with the peak memory of each (tracemalloc).
"""

import numpy as np
from timing import best_time, peak_memory
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
    hulls()


def hulls(size=2 * 10**6, repeats=3):
    from scipy.spatial import ConvexHull

    rng = np.random.default_rng(SEED)
    real = rng.integers(0, 2, size)
    fpr, tpr, _ = roc.roc_curve(real, rng.normal(size=size) + real)
    arc_x = np.sort(rng.random(size))
    arc_y = np.sqrt(1 - (1 - arc_x) ** 2)
    dipped = arc_y.copy()
    dipped[::32] = np.maximum(dipped[::32] - 1e-3, 0.0)
    kinds = {"ROC curve": (fpr, tpr), "uniform in the square": (rng.random(size), rng.random(size)),
             "all on a concave arc": (arc_x, arc_y), "arc, a dip every 32": (arc_x, dipped)}
    print(f"roc_convex_hull on {size:,} points against qhull, best of {repeats} runs")
    for name, (x, y) in kinds.items():
        points = np.vstack([np.column_stack([x, y]), [[0, 0], [1, 1], [1, 0]]])
        ours = best_time(lambda: roc.roc_convex_hull(x, y), repeats)
        qhull = best_time(lambda: ConvexHull(points), repeats)
        memory, qhull_memory = peak_memory(lambda: roc.roc_convex_hull(x, y)), peak_memory(lambda: ConvexHull(points))
        vertices = roc.roc_convex_hull(x, y)[0].size
        print(f"  {name:24s} {ours * 1e3:8.1f} ms {memory / 1e6:6.0f} MB   qhull {qhull * 1e3:8.1f} ms "
              f"{qhull_memory / 1e6:6.0f} MB   time ratio {ours / qhull:5.2f}  ({vertices:,} vertices)")


if __name__ == "__main__":
    main()
