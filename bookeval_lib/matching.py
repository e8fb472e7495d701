"""The B-maximising many-to-one map of induced clusters onto real classes.

Powers 2003 (section "Selection, Abstention and an Example Evaluation") reduces
an unsupervised clustering to a contingency table by giving each induced
cluster (a row) the real class (a column) it predicts best: several clusters
may merge into one class label, and a catch-all cluster may be dropped, the
Bookmaker of the remaining n cases then being discounted by n/N.

For a map ``m`` (cluster i -> class m[i], or -1 = dropped) the merged table has
label sums ``P_l = sum_{m[i]=l} r_i`` (r_i = row total) and hits
``A_l = sum_{m[i]=l} X[i, l]``; over the n kept cases with kept class totals R_l,

    B(m) * n/N = (1/N) sum_l P_l (A_l/R_l - (P_l - A_l)/(n - R_l))     (1)

(Powers' bias-weighted B = sum_l Pr_P(l) (recall(l) - fallout(l)), times n/N).

:func:`best_map` maximises (1) exactly (:func:`map_informedness` and the search
for a fixed set of clusters are defined in :mod:`bookeval_lib._merge_search`):

* without dropping, n = N and R are fixed and (1) times N is
  sum_l f_l(S_l), f_l = a_l P_l A_l - b_l P_l^2 (a_l = N/(R_l (N - R_l)),
  b_l = 1/(N - R_l)), a function of the set S_l of clusters given label l
  alone.  Up to 12 non-empty clusters a dynamic program over sets of clusters,
  adding one label at a time, finds the optimum with C 3^K additions;
  from 13 to 18 clusters a Lagrangian bound over all C 2^K (label, set)
  columns, its prices from subgradient steps and then column generation on
  the LP relaxation, leaves only the columns that a better map could use, and
  an exact cover search over them finds the optimum; beyond 18, with
  d_il = X[i,l]/R_l - (r_i - X[i,l])/(N - R_l), B(l) = sum_{m[i]=l} d_il is
  linear in the cluster memberships and (1) is sum_l P_l B(l): a mixed-integer
  linear program after writing each product y_il B(l) as one variable
  (McCormick), solved by HiGHS through ``scipy.optimize.milp`` (optimal to
  HiGHS's tolerances; slow: 20 s already on the 12 x 19 table, 1.5-60 s on
  seeded tables of 19-24 clusters), run only when the caller gives it a time
  limit (else a ValueError at once, before any search);
* with dropping, n and R depend on the kept set S, but for each S the rest is
  the problem above: the optimum is max_S V(S); up to 18 non-empty clusters
  (beyond, a ValueError at once).
  :func:`bookeval_lib._kept_sets.search_kept_sets` keeps every pure cluster (one class only: never worth dropping, proved
  there), bounds the kept sets by families that share the decisions on the
  largest clusters (and, in the same pass, each kept set of the families
  left), then each set alone (by n/N max_l sum_i max(0, d_il), by a price per
  kept case, and by a Lagrangian bound with the full set's prices: up to 14
  clusters for all sets at once if their (set, subset) pairs fit in the node
  budget, else in batches of sets, most labels' terms bounded without a table),
  and solves exactly only the few S whose bounds beat the best map so far.

How long the search takes, by kind and size of table, is measured by
``benchmarks/bench_matching.py``; the figures and the history of the search are in
``benchmarks/README.md``.

numpy on a count matrix (rows = clusters, columns = classes), with scipy's HiGHS for the LP and the MILP.
"""
from __future__ import annotations

import itertools
from typing import TYPE_CHECKING

import numpy as np

from . import _checks
from ._kept_sets import drop_incumbent, search_kept_sets
from ._merge_search import _best_merge, _validate, map_informedness

if TYPE_CHECKING:                       # type hints only; nothing imported at run time
    from numpy.typing import ArrayLike

__all__ = ["map_informedness", "best_map", "exhaustive_map"]


def exhaustive_map(counts: ArrayLike, allow_drop: bool = False) -> tuple[np.ndarray | None, float]:
    """Best map by trying all C^K (or (C+1)^K) maps; for testing :func:`best_map` on small tables.

    Parameters
    ----------
    counts : array-like with shape (K, C)
        Rows = clusters, columns = real classes.
    allow_drop : bool, default=False
        Let a cluster be dropped (index -1), discounting B by the coverage.

    Returns
    -------
    assignment : ndarray with shape (K,) or None
        The class of each cluster (-1: dropped) of the first best map; None if no map has a
        defined B.
    value : float
        Its discounted B, (1) of the module docstring; -inf when no map has a defined B.

    Raises
    ------
    ValueError
        If ``counts`` is not a 2-D table of counts or proportions.

    Examples
    --------
    Clusters 0 and 1 both go to class 0: B = 18/18 - 2/12.

    >>> assignment, value = exhaustive_map([[10, 0], [8, 2], [0, 10]])
    >>> assignment.tolist(), round(value, 4)
    ([0, 0, 1], 0.8333)
    """
    x = _validate(counts)
    k, c = x.shape
    options = range(-1, c) if allow_drop else range(c)
    best, best_m = -np.inf, None
    for m in itertools.product(options, repeat=k):
        value = map_informedness(x, np.array(m))
        if np.isfinite(value) and value > best + 1e-12:
            best, best_m = value, np.array(m)
    return best_m, best


_EXACT_ROWS = 18       # beyond this many non-empty clusters only the MILP, and only when given a time limit
_RANGE = 50            # a non-zero count below 2^-50 of the total is refused (float32 bounds: see best_map)


def _scaled(x):
    """The counts times a power of two (exact) that puts them in the range every float32 bound is proved for.

    Powers of two change no rounding, so a table whose total lies in [2^-10, 2^40] is returned as it
    is; any other is scaled so that its largest count lies in [2^9, 2^10) (B and the best map do not
    change with the scale).  A non-zero count below 2^-50 of the total raises ValueError: with the
    total scaled to at most 2^10 x cells, the float32 tables' values, squares and reciprocals of sums
    of counts then stay inside float32's normal range, which the rounding margins assume.
    """
    exponent = int(np.frexp(x.max())[1])
    unit = np.ldexp(x, -exponent)                      # largest count in [1/2, 1): no overflow
    total = unit.sum()
    if unit[unit > 0].min() < 2.0 ** -_RANGE * total:
        raise ValueError(f"counts span too wide a range: a non-zero count is less than 2^-{_RANGE} of the "
                         "total, beyond what best_map's float32 bounds are proved for; set such "
                         "negligible counts to 0")
    if -10 <= exponent + np.log2(total) <= 40:
        return x
    return np.ldexp(unit, 10)


def _refuse_by_shape(clusters, allow_drop, time_limit):
    """ValueError at once, before any search, for the tables best_map will not solve (see best_map)."""
    if clusters <= _EXACT_ROWS:
        return
    if allow_drop:
        raise ValueError(
            f"best_map with allow_drop=True is exact up to {_EXACT_ROWS} non-empty clusters, and this table has "
            f"{clusters}: its kept-set search would solve mixed-integer programs of {clusters} clusters for "
            f"many of the 2^{clusters} kept sets.  Merge rare clusters (e.g. those with the fewest cases) "
            f"into one until at most {_EXACT_ROWS} remain, or use allow_drop=False with a time_limit")
    if time_limit is None:
        raise ValueError(
            f"best_map is exact and fast up to {_EXACT_ROWS} non-empty clusters, and this table has {clusters}: "
            "beyond that only a mixed-integer program (HiGHS) proves the best map, in seconds to minutes "
            "(1.5-60 s measured on tables of 19-24 clusters).  Pass time_limit=<seconds> to run it (a "
            f"ValueError if it cannot prove a map in that time), or merge rare clusters until at most "
            f"{_EXACT_ROWS} remain")


def best_map(counts: ArrayLike, allow_drop: bool = False, max_nodes: int = 2_000_000,
             time_limit: float | None = None) -> tuple[np.ndarray, float, int]:
    """The map of clusters (rows) to classes (columns) that maximises the discounted B (1).

    Exact (see the module docstring: without dropping a dynamic program up to
    12 non-empty clusters, a Lagrangian column search up to 18 (at most 0.45 s
    on the measured tables); with dropping a bounded search over kept sets, at
    most 0.6 s up to 16 non-empty clusters, median 0.2-0.55 s and at most
    0.4-0.9 s by kind at 18; all are exponential in the worst case); clusters may merge
    into one class, and with ``allow_drop`` a cluster may be dropped (index -1).
    Returns ``(assignment, value, nodes)``.

    What is refused is decided at once from the table's shape, before any search
    (a ValueError that says what to do instead): with ``allow_drop``, more than 18
    non-empty clusters; without it, more than 18 unless ``time_limit`` (seconds)
    is given, when HiGHS's mixed-integer program (``scipy.optimize.milp``, optimal
    to its tolerances) runs for at most that long and a map it has not proved
    optimal by then is a ValueError.  Counts are scaled by a power of two
    (exactly) into the range the float32 bounds are proved for, and a non-zero
    count below 2^-50 of the total is refused.  A class with no case cannot be a
    target; a class holding every case makes B undefined (in every kept set too)
    and raises ValueError, as does a search longer than ``max_nodes`` nodes (for
    the dynamic program: states, C 2^K; for the column search: cover nodes; for the
    kept-set search: every kept set, family and (set, subset) pair bounded plus the states
    of the sets solved; for the MILP: branch-and-bound nodes).  Never an unproved map.

    Parameters
    ----------
    counts : array-like with shape (K, C)
        Rows = clusters, columns = real classes; counts or proportions.
    allow_drop : bool, default=False
        Let a cluster be dropped (index -1), discounting B by the coverage n/N.
    max_nodes : int, default=2_000_000
        The most search nodes (>= 1), as above.
    time_limit : float, optional
        Seconds (> 0) for the mixed-integer program beyond 18 clusters (no dropping only).

    Returns
    -------
    assignment : ndarray with shape (K,)
        The class of each cluster (-1: dropped).
    value : float
        The discounted B of the map, (1).
    nodes : int
        The search nodes used.

    Raises
    ------
    ValueError
        If the counts are bad or span too wide a range; one class holds every case; the table
        is too large for the search; or ``max_nodes`` or ``time_limit`` is exceeded or out of
        range.

    Examples
    --------
    As :func:`exhaustive_map`, which it agrees with:

    >>> assignment, value, nodes = best_map([[10, 0], [8, 2], [0, 10]])
    >>> assignment.tolist(), round(value, 4)
    ([0, 0, 1], 0.8333)
    """
    max_nodes = _checks.positive_integer(max_nodes, "max_nodes")
    if time_limit is not None:
        time_limit = _checks.positive_number(time_limit, "time_limit")
    x = _validate(counts)
    k, c = x.shape
    cols = x.sum(axis=0)
    if (cols == x.sum()).any():                    # then also in every kept subset of the cases
        raise ValueError("one real class holds every case: B is undefined for every map")
    rows = np.flatnonzero(x.sum(axis=1) > 0)
    _refuse_by_shape(rows.size, allow_drop, time_limit)
    x = _scaled(x)
    valid = cols > 0
    lift = (lambda m: drop_incumbent(x[rows], m)[1]) if allow_drop else None
    seed, value, nodes, prices, columns = _best_merge(x, valid, max_nodes, lift=lift,
                                                      time_limit=time_limit)   # keeping all
    if not allow_drop:
        return seed, float(value), nodes

    found, value, nodes = search_kept_sets(x[rows], valid, seed[rows], value, max_nodes, used=nodes,
                                           prices=prices, columns=columns)
    assignment = seed.copy()                       # an empty cluster changes nothing: it keeps its label
    assignment[rows] = found
    return assignment, float(value), nodes
