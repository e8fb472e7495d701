"""bookeval_lib.matching: the exact B-maximising many-to-one map, against exhaustive search."""
import itertools
import time

import numpy as np
import pytest

from bookeval_lib.contingency import Contingency
from bookeval_lib.matching import best_map, map_informedness


def _exhaustive(counts, allow_drop):
    """Brute force with Contingency as the independent evaluator of each map."""
    k, c = counts.shape
    total, best = counts.sum(), -np.inf
    for m in itertools.product(range(-1 if allow_drop else 0, c), repeat=k):
        m = np.array(m)
        kept = counts[m >= 0]
        if kept.sum() == 0:
            continue
        merged = np.array([counts[m == j].sum(axis=0) for j in range(c)])
        present = [j for j in range(c) if merged[j].sum() > 0 or merged[:, j].sum() > 0]
        value = Contingency(merged[np.ix_(present, present)], layout="powers").informedness * kept.sum() / total
        if np.isfinite(value):
            best = max(best, value)
    return best


@pytest.mark.parametrize("seed", range(60))
@pytest.mark.parametrize("allow_drop", [False, True])
def test_best_map_equals_exhaustive_search(seed, allow_drop):
    rng = np.random.default_rng(seed)
    k, c = int(rng.integers(1, 6)), int(rng.integers(2, 5))
    counts = rng.integers(0, 12, size=(k, c)).astype(float)
    if seed % 2:
        counts[rng.random((k, c)) < 0.5] = 0          # sparse tables: empty rows and classes
    expected = _exhaustive(counts, allow_drop) if counts.sum() else -np.inf
    if not np.isfinite(expected):
        with pytest.raises(ValueError):
            best_map(counts, allow_drop=allow_drop)
        return
    assignment, value, _ = best_map(counts, allow_drop=allow_drop)
    assert value == pytest.approx(expected, abs=1e-9)
    assert map_informedness(counts, assignment) == pytest.approx(value, abs=1e-12)


def test_issue_example_merges_the_first_two_clusters():
    # rows = clusters, columns = classes; merged: .5 * 1 + .5 * (1 - 20/60) = 5/6
    assignment, value, _ = best_map([[20, 0, 0], [20, 0, 0], [0, 20, 20]])
    assert assignment[0] == assignment[1] == 0
    assert value == pytest.approx(5 / 6)


def test_map_informedness_by_hand():
    # clusters 0, 1 -> class 0, cluster 2 dropped: kept [[20, 10], [0, 0]] over classes 0, 1 with
    # n = 30 of N = 60: P_0 = 30, A_0 = 20, R_0 = 20: B = 1 * (20/20 - 10/10) = 0, so 0
    counts = np.array([[20, 0], [0, 10], [15, 15]])
    assert map_informedness(counts, np.array([0, 0, -1])) == pytest.approx(0.0)
    # cluster 0 -> 0, 1 -> 1, 2 dropped: B = 1 on 30 of 60 cases: .5
    assert map_informedness(counts, np.array([0, 1, -1])) == pytest.approx(0.5)
    assert np.isnan(map_informedness(counts, np.array([-1, -1, -1])))
    with pytest.raises(ValueError, match="assignment"):
        map_informedness(counts, np.array([0, 2, 0]))


def test_bad_counts_raise():
    with pytest.raises(ValueError, match="2-D"):
        best_map([1, 2, 3])
    with pytest.raises(ValueError, match="non-negative"):
        best_map([[1, -1], [0, 2]])
    with pytest.raises(ValueError, match="every case"):
        best_map([[3, 0], [4, 0]])


def test_node_limit_raises_instead_of_returning_an_unproved_map():
    counts = np.random.default_rng(0).integers(0, 20, size=(8, 6)).astype(float)   # needs 13 MILP nodes
    for allow_drop in (False, True):
        with pytest.raises(ValueError, match="max_nodes"):
            best_map(counts, allow_drop=allow_drop, max_nodes=1)
