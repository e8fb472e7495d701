"""Values over every subset of clusters, and the Lagrangian bound on them, for the best map of clusters onto classes.

The exact searches of :mod:`bookeval_lib._merge_search` and
:mod:`bookeval_lib._kept_sets` score a map of K clusters onto C labels as a sum of
f_l(T_l) over labels, T_l the set of clusters given label l (Powers 2003,
"combining equally good classes").  This module tabulates such values over all
2^K sets: :func:`_subset_sums` (sums of columns over every subset, bit i =
cluster i), :func:`_submask_pairs` (every pair T subset of S, for the dynamic
program), :func:`_float32_table` and its rounding margin :func:`_float32_margins`
(Higham 2002, section 4.2), and :func:`_relaxation`, the Lagrangian upper bound
of "each cluster in exactly one set" at given prices (Fisher 1981).
"""
from __future__ import annotations

import functools

import numpy as np


@functools.lru_cache(maxsize=2)
def _submask_pairs(k):
    """Every pair (S, T) with T a subset of S of {0..k-1}, as bit masks, grouped by S.

    Built digit by digit: each element is outside S, in S but not T, or in T
    (3^k pairs).  Returns ``(S minus T, T, start of each S group)``.
    """
    s, t = np.zeros(1, dtype=np.intp), np.zeros(1, dtype=np.intp)
    for i in range(k):
        bit = 1 << i
        s, t = np.concatenate([s, s | bit, s | bit]), np.concatenate([t, t, t | bit])
    order = np.argsort(s, kind="stable")
    s, t = s[order], t[order]
    starts = np.flatnonzero(np.r_[True, s[1:] != s[:-1]])
    return s ^ t, t, starts


def _subset_sums(v):
    """Sums of the columns of ``v`` (m, K) over every subset of its K columns: (m, 2^K), bit i = column i.

    In float32 if ``v`` is float32, else in float64.
    """
    out = np.empty((v.shape[0], 1 << v.shape[1]), dtype=np.result_type(v.dtype, np.float32))
    out[:, 0] = 0.0
    for i in range(v.shape[1]):
        np.add(out[:, :1 << i], v[:, i:i + 1], out=out[:, 1 << i:2 << i])
    return out


def _float32_table(g, rows):
    """f_l(T) = P_T g_l(T) of every set T of clusters, in float32: (labels, 2^K) from g (labels, K) and the
    clusters' totals r (P_T = sum_{i in T} r_i, g_l(T) = sum_{i in T} g_il); see :func:`_float32_margins`.
    ``rows`` may also hold one row of totals per row of g, (labels, K)."""
    f = _subset_sums(np.ascontiguousarray(g, dtype=np.float32))
    f *= _subset_sums(np.atleast_2d(rows).astype(np.float32))
    return f


def _float32_margins(g, rows, lam):
    """How far each label's reduced values P_T g_l(T) - lam(T) from :func:`_float32_table` can be from the exact ones.

    With u = 2^-24 and gamma = (m + 2) u/(1 - (m + 2) u) for m clusters, the float32
    subset sums of g_il, of r_i and of lam_i are each within gamma times the sum of
    their terms' sizes (recursive summation, Higham 2002, Accuracy and Stability of
    Numerical Algorithms, section 4.2), and so each reduced value P_T g_l(T) - lam(T)
    is within e_l = 5 gamma (n sum_i |g_il| + sum_i |lam_i|), n = sum_i r_i; a label's
    maximum moves by at most e_l, and U (:func:`_relaxation`) by at most sum_l e_l.
    ``rows`` and ``lam`` may also hold one row per row of g, (labels, K).
    """
    u, m = 2.0 ** -24, g.shape[-1]
    gamma = (m + 2) * u / (1 - (m + 2) * u)
    return 5 * gamma * (rows.sum(axis=-1) * np.abs(g).sum(axis=-1) + np.abs(lam).sum(axis=-1))


def _relaxation(f, lam, out=None):
    """Lagrangian relaxation of "each cluster in exactly one column" at prices ``lam``.

    ``f`` holds the value of every (label, set of clusters) column, shape (labels, 2^K),
    bit i of a set = cluster i, the empty set 0.  For any map (one set T_l per label,
    the T_l a partition of the clusters) sum_l f_l(T_l) = lam(all) + sum_l [f_l(T_l) -
    lam(T_l)] <= U = sum_i lam_i + sum_l max_T [f_l(T) - lam(T)] (Fisher 1981,
    Management Science 27:1-18).  Returns ``(U, the maximising set of each label)``.
    """
    reduced = np.subtract(f, _subset_sums(lam[None, :].astype(f.dtype)), out=out)   # lam(T) in the table's precision
    top = np.argmax(reduced, axis=1)
    return lam.sum() + reduced[np.arange(f.shape[0]), top].astype(np.float64).sum(), top
