"""The independent reference for label matching: the best map found by trying every map.

Shared by tests/test_matching.py and tests/test_contingency.py (pytest puts tests/ on the path).
"""
import numpy as np
import pytest

from bookeval_lib.contingency import Contingency


def contingency_value(counts, assignment):
    """B n/N of one map, with Contingency as the independent evaluator (-1 = dropped)."""
    c = counts.shape[1]
    kept = counts[assignment >= 0]
    merged = np.array([counts[assignment == j].sum(axis=0) for j in range(c)])
    present = [j for j in range(c) if merged[j].sum() > 0 or merged[:, j].sum() > 0]
    return Contingency(merged[np.ix_(present, present)], layout="powers").informedness * kept.sum() / counts.sum()


def best_by_exhaustion(counts, allow_drop=False):
    """Brute force over every map, 2^16 at a time, from Powers' B = sum_l Pr_P(l) (recall(l) - fallout(l)).

    Each of the C^K (or (C+1)^K with drops, -1 = dropped) maps merges the clusters into a
    C x C table (rows = labels, columns = classes); the names that occur on either side are
    its labels.  B is nan when a label has no real case or all of them (0/0), as in
    Contingency; B n/N of the best map is checked against Contingency itself.
    """
    k, c = counts.shape
    choices = c + 1 if allow_drop else c
    best, best_map_found = -np.inf, None
    for first in range(0, choices ** k, 1 << 16):
        codes = np.arange(first, min(first + (1 << 16), choices ** k))
        maps = (codes[:, None] // choices ** np.arange(k)) % choices - (choices - c)
        merged = np.einsum("mkl,kc->mlc", (maps[:, :, None] == np.arange(c)).astype(float), counts)
        n = merged.sum(axis=(1, 2))                                     # kept cases of each map
        rows, cols, hits = merged.sum(axis=2), merged.sum(axis=1), np.einsum("mll->ml", merged)
        with np.errstate(divide="ignore", invalid="ignore"):
            terms = rows / n[:, None] * (hits / cols - (rows - hits) / (n[:, None] - cols))
        present = (rows > 0) | (cols > 0)
        value = np.where(present, terms, 0.0).sum(axis=1) * n / counts.sum()
        value[n == 0] = np.nan                                          # nothing kept
        if np.isfinite(value).any() and np.nanmax(value) > best:
            top = int(np.nanargmax(value))
            best, best_map_found = value[top], maps[top]
    if best_map_found is not None:
        assert best == pytest.approx(contingency_value(counts, best_map_found), abs=1e-12)
    return best
