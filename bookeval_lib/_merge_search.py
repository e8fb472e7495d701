"""The discounted Bookmaker of a map of clusters onto classes, and the best map of a fixed set of clusters.

Powers 2003 (section "Selection, Abstention and an Example Evaluation") gives
each induced cluster (a row) the real class (a column) it predicts best, several
clusters merging into one label, and discounts B of the n kept cases by n/N.
For a map with label sums P_l, hits A_l and kept class totals R_l (see
:mod:`bookeval_lib.matching`), :func:`map_informedness` is

    B(m) * n/N = (1/N) sum_l P_l (A_l/R_l - (P_l - A_l)/(n - R_l))     (1)

With every cluster kept, (1) times N is sum_l f_l(S_l), f_l = a_l P_l A_l - b_l P_l^2,
a function of the set S_l of clusters given label l alone, and :func:`_best_merge`
maximises it exactly: up to 12 non-empty clusters by a dynamic program over sets of
clusters (:func:`_search_merge_dp`); up to 18 by a Lagrangian bound over the (label,
set) columns, priced by subgradient steps and column generation on the LP relaxation,
and an exact cover search (:func:`_search_merge_columns`); beyond, by HiGHS's
mixed-integer program (:func:`_search_merge`).  :func:`bookeval_lib.matching.best_map`
runs it on the whole table, :func:`bookeval_lib._kept_sets.search_kept_sets` on the kept
sets it must solve; both use the subset tables, float32 margins and Lagrangian
relaxation of :mod:`bookeval_lib._subset_tables`.

numpy on a count matrix (rows = clusters, columns = classes), with scipy's HiGHS for the LP and the MILP.
"""
from __future__ import annotations

import itertools
from typing import TYPE_CHECKING

import numpy as np

from . import _checks
from ._subset_tables import _float32_margins, _float32_table, _relaxation, _submask_pairs

if TYPE_CHECKING:                       # type hints only; nothing imported at run time
    from numpy.typing import ArrayLike

__all__ = ["map_informedness"]


def _validate(counts):
    matrix = _checks.counts(counts, "counts")
    if matrix.ndim != 2 or 0 in matrix.shape:
        raise ValueError(f"counts must be a non-empty 2-D matrix (rows = clusters, columns = classes), "
                         f"got shape {matrix.shape}")
    if matrix.sum() <= 0:
        raise ValueError("counts hold no case")
    return matrix


def map_informedness(counts: ArrayLike, assignment: ArrayLike) -> float:
    """Discounted Bookmaker (1) of one map; ``assignment[i]`` = class index or -1 (dropped).

    nan when the merged table leaves B undefined (no kept case, a label whose
    class has no kept case, or a label whose class holds every kept case).

    For the map m, with P_l and A_l the cases and the hits of the clusters given label l and
    R_l the kept cases of class l (:mod:`bookeval_lib.matching`, equation (1)):

        B(m) * n/N = (1/N) sum_l P_l (A_l/R_l - (P_l - A_l)/(n - R_l)).

    Parameters
    ----------
    counts : array-like with shape (K, C)
        Rows = clusters, columns = real classes; counts or proportions.
    assignment : array-like of int with shape (K,)
        The class index (0 .. C-1) given to each cluster, or -1 where the cluster is dropped.

    Returns
    -------
    float
        The discounted Bookmaker B(m) n/N of the map; nan where B is undefined.

    Raises
    ------
    ValueError
        If ``counts`` is not a non-empty 2-D matrix of counts or proportions holding some
        case; if ``assignment`` is not K whole numbers in -1 .. C-1.

    Examples
    --------
    Clusters 0 and 1 merged into class 0 and cluster 2 given class 1: P = (20, 10),
    A = (18, 10), R = (18, 12), N = 30, so (1) is (20 (18/18 - 2/12) + 10 (10/12 - 0/18))/30
    = 25/30.  Dropping cluster 1 instead keeps n = 20 cases, all hits, B = 1, discounted by
    20/30:

    >>> counts = [[10, 0], [8, 2], [0, 10]]
    >>> round(map_informedness(counts, [0, 0, 1]), 4), round(map_informedness(counts, [0, -1, 1]), 4)
    (0.8333, 0.6667)
    """
    x = _validate(counts)
    k, c = x.shape
    m = np.asarray(assignment)
    if m.shape != (k,) or m.dtype.kind not in "iu" or (m < -1).any() or (m >= c).any():
        raise ValueError(f"assignment must be {k} class indices in -1 .. {c - 1}")
    kept = m >= 0
    n, total = x[kept].sum(), x.sum()
    if n == 0:
        return np.nan
    one_hot = (m[:, None] == np.arange(c)).astype(float)               # (K, C)
    rows = x.sum(axis=1)
    p = one_hot.T @ rows                                                # P_l
    a = np.einsum("il,il->l", one_hot, x)                               # A_l
    r = x[kept].sum(axis=0)                                             # R_l (kept)
    terms = _label_terms(n, r, p, a)[p > 0]
    return float(terms.sum() / total) if not np.isnan(terms).any() else np.nan


def _label_terms(n, r, p, a):
    """Each label's P_l B(l) in counts, P_l (A_l/R_l - (P_l - A_l)/(n - R_l)); (1) is their sum over N.

    0 for an unused label (P_l = 0), nan for a used one whose class has no kept
    case or all of them (R_l <= 0 or R_l >= n: sums in another order can put R_l a
    rounding above n).  Over any leading axes, ``n`` without the label axis.
    """
    n = np.asarray(n)[..., None]
    used = p > 0
    with np.errstate(divide="ignore", invalid="ignore"):
        terms = np.where(used, p * (a / r - (p - a) / (n - r)), 0.0)
    return np.where(used & ((r <= 0) | (r >= n)), np.nan, terms)


_DP_ROWS = 12          # the subset DP costs C 3^K: 0.1 s at K = 12 (x3 per extra row)


def _search_merge_dp(x, valid):
    """No dropping, exactly, by dynamic programming over sets of clusters (any real counts).

    Without dropping n = N and R_l are fixed, so (1) times N is
    sum_l f_l(S_l) with f_l(S) = a_l P A - b_l P^2 of the set S_l of clusters
    given label l (P, A its sums of r_i and X[i, l]; a_l = N/(R_l (N - R_l)),
    b_l = 1/(N - R_l)).  Labels are added one at a time:
    F_l(S) = max over T in S of F_{l-1}(S - T) + f_l(T) is the best value
    of giving the clusters S labels among the first l (T = those given l);
    the optimum is F_C(all clusters).  C 3^K additions, no approximation;
    the map is read back by finding, label by label, a T that attains the maximum.
    """
    k, c = x.shape
    total, rows, cols = x.sum(), x.sum(axis=1), x.sum(axis=0)
    labels = np.flatnonzero(valid)
    a = total / (cols[labels] * (total - cols[labels]))
    b = 1.0 / (total - cols[labels])
    bits = ((np.arange(1 << k)[:, None] >> np.arange(k)) & 1).astype(np.float64)
    p, hits = bits @ rows, bits @ x[:, labels]                          # P(S), A_l(S)
    f = np.ascontiguousarray((a * p[:, None] * hits - b * (p * p)[:, None]).T)   # (labels, 2^K)
    rest, sub, starts = _submask_pairs(k)
    table = np.full((len(labels) + 1, 1 << k), -np.inf)
    table[0, 0] = 0.0
    pair, part = np.empty(rest.size), np.empty(rest.size)
    for j in range(len(labels)):
        np.add(np.take(table[j], rest, out=pair), np.take(f[j], sub, out=part), out=pair)
        table[j + 1] = np.maximum.reduceat(pair, starts)
    found, s = np.empty(k, dtype=int), (1 << k) - 1
    for j in range(len(labels), 0, -1):                                 # read the map back
        subsets = np.flatnonzero((np.arange(1 << k) & ~s) == 0)          # T in S
        t = subsets[np.argmax(table[j - 1][s ^ subsets] + f[j - 1][subsets])]
        found[(t >> np.arange(k)) & 1 == 1] = labels[j - 1]
        s ^= t
    return found, len(labels) << k


_LP_GAP = 1e-4         # the column search runs the LP when U exceeds the incumbent by more (relative)
_SCREEN_PAIRS = 20_000  # (child, column) pairs screened at once in the cover search
_COLUMN_ROWS = 18      # the column search stores C 2^K float32 values, and as many reduced: 36 MB at K = 18


def _column_values(x, rows, a, b, label, mask):
    """f_l(T) = P_T (a_l A_l(T) - b_l P_T) of columns (``label``, set ``mask``), from the counts, in float64.

    ``a``, ``b``: each column's coefficients.  Returns the values and the columns'
    clusters, (columns, K) of 0/1.
    """
    holds = ((mask[:, None] >> np.arange(x.shape[0])) & 1).astype(np.float64)
    size = holds @ rows
    return size * (a * np.einsum("ck,kc->c", holds, x[:, label]) - b * size), holds


def _local_search(x, rows, m, a, b):
    """Move one cluster at a time to the label that most raises sum_l a_l P_l A_l - b_l P_l^2, until none does."""
    k, c = x.shape
    m = m.copy()
    p = np.bincount(m, weights=rows, minlength=c)
    hits = np.bincount(m, weights=x[np.arange(k), m], minlength=c)
    improved = True
    while improved:
        improved = False
        for i in range(k):
            p[m[i]] -= rows[i]
            hits[m[i]] -= x[i, m[i]]
            gain = a * (rows[i] * hits + p * x[i] + rows[i] * x[i]) - b * (2 * p * rows[i] + rows[i] ** 2)
            best = int(np.argmax(gain))
            if gain[best] > gain[m[i]] + 1e-12 * (1.0 + abs(gain[m[i]])):
                m[i], improved = best, True
            p[m[i]] += rows[i]
            hits[m[i]] += x[i, m[i]]
    return m


def _search_merge_columns(x, valid, max_nodes, iterations=40, floor=-np.inf, table=None, prices=None,
                          columns=None, lift=None):
    """No dropping, exactly: Lagrangian bound, then a search over the columns it cannot rule out.

    With ``floor`` (a value, in units of sum_l f_l, that the caller already has
    from elsewhere) only maps worth more than ``floor`` are sought: the result
    is the optimum if that exceeds ``floor``, else some map worth at most ``floor``.
    ``table`` (the values f_l(T) below in float32, from :func:`_float32_table`,
    rows = the valid labels), ``prices`` (start
    prices lam) and ``columns`` (``(classes, sets)``: columns to start the LP with),
    when the caller has them, save building the table and some steps.  ``lift``,
    a function of a map (the incumbent, once the bound is final) returning a value
    the caller can reach otherwise (with dropping: the moves with drops from it),
    raises the floor to it before the cover search.
    Returns ``(map, cover nodes, the prices of the bound U, the LP's columns)``.

    With f_l(T) = a_l P A - b_l P^2 of a set T of clusters given label l (see
    :func:`_search_merge_dp`) and any prices lam_i, every map (one set T_l per
    label, the T_l a partition of the clusters) has value
    sum_l f_l(T_l) = U - sum_l s_l(T_l), where h_l = max_T [f_l(T) - lam(T)],
    U = sum_i lam_i + sum_l h_l and the slack s_l(T) = h_l - f_l(T) + lam(T) >= 0
    (Lagrangian relaxation of "each cluster once"; Fisher 1981, Management
    Science 27:1-18).  So a map better than an incumbent of value v uses only
    columns (l, T) with s_l(T) < U - v.  All C 2^K values f_l(T) are tabulated
    in float32, lam is improved by subgradient steps (Polyak's step towards v;
    each step's relaxed solution, repaired and locally improved, can raise v),
    then, while U - v is more than 0.01 % of v, by column generation on the LP
    relaxation (:func:`_lp_prices`: the subgradient steps can stall far above the
    LP's value, by 1-4 % on tables with classes of 1 or 2 cases, where the LP is
    nearly exact), whose solutions also give maps.  The columns whose float32
    slack is within U - v plus the table's margins (:func:`_float32_margins`)
    are evaluated again from the counts in float64 (:func:`_column_values`),
    which gives U and each kept column's slack exactly; then a
    depth-first exact cover over the surviving columns (branching on the
    cluster in fewest of them, cheapest first) finds the optimum.  A partial
    cover is abandoned when its slack plus a lower bound on the rest exceeds
    U - v: each open cluster's least share of a column's slack, or a
    Lagrangian bound of the remaining cover (:func:`_residual_bound`), or
    when the same clusters were already covered by the same labels at no more
    slack, or (checked for a node's children at once) when an open cluster lies
    in no column it could still use; when only two labels have columns left, the completions (one
    column, or one of each label) are looked up at once.  Exact; exponential
    in the worst case (many maps within U - v).
    """
    k, c = x.shape
    total, rows, cols = x.sum(), x.sum(axis=1), x.sum(axis=0)
    labels = np.flatnonzero(valid)
    a, b = np.zeros(c), np.full(c, np.inf)                             # b = inf: never a target
    a[labels] = total / (cols[labels] * (total - cols[labels]))
    b[labels] = 1.0 / (total - cols[labels])
    # f_l(T) = P_T (a_l A_l(T) - b_l P_T), the bracket a sum over the clusters of T: (labels, 2^K), in float32
    g = a[labels][:, None] * x[:, labels].T - b[labels][:, None] * rows
    f32 = _float32_table(g, rows) if table is None else table
    bit = np.arange(k)
    tol = 1e-9 * total

    def value(m):                                                       # sum_l f_l(T_l), exactly
        p = np.bincount(m, weights=rows, minlength=c)[labels]
        hits = np.bincount(m, weights=x[np.arange(k), m], minlength=c)[labels]
        return float(np.sum(p * (a[labels] * hits - b[labels] * p)))

    starts = [np.argmax(np.where(valid, x / np.where(valid, cols, 1), -np.inf), axis=1),
              np.argmax(np.where(valid, rows[:, None] * (a * x - b * rows[:, None]), -np.inf), axis=1)]
    if floor == -np.inf:                                                # else the floor is the incumbent
        starts = [_local_search(x, rows, s, a, np.where(valid, b, total)) for s in starts]
    best_m = max(starts, key=value)
    best_value = value(best_m)
    best = max(best_value, floor)
    lam = f32[:, 1 << bit].max(axis=0).astype(np.float64) if prices is None else prices   # a cluster alone
    bound, bound_lam, step = np.inf, lam, 2.0                         # Held and Karp's first step
    stalled, tops = 0, []
    reduced = np.empty_like(f32)                                        # the steps only choose prices

    def consider(label_rows, sets, order, improve_all):
        """Write the columns onto a copy of the incumbent in ``order`` (the last wins), improve the map by
        local search (every map, or only those within 2 % of the best; none when the floor is the
        incumbent) and keep it if it beats the incumbent."""
        nonlocal best_m, best_value, best
        m = best_m.copy()
        for j in order:
            m[(sets[j] >> bit) & 1 == 1] = labels[label_rows[j]]
        if floor == -np.inf and (improve_all or value(m) > best_value - 0.02 * abs(best_value)):
            m = _local_search(x, rows, m, a, np.where(valid, b, total))
        worth = value(m)
        if worth > best_value:
            best_m, best_value = m, worth
        best = max(best, worth)

    for _ in range(iterations if prices is None else 0):                 # a caller's prices are refined already
        relaxed, top = _relaxation(f32, lam, out=reduced)
        if relaxed < bound - tol:
            bound, bound_lam, stalled = relaxed, lam, 0
        else:
            stalled += 1
            if stalled == 3:
                step, stalled = step / 2, 0
        tops.append(top)
        # repair the relaxed solution (its best column last) into a map
        consider(np.arange(labels.size), top, np.argsort(reduced[np.arange(labels.size), top]), False)
        gradient = 1.0 - ((top[:, None] >> bit) & 1).sum(axis=0)
        if bound - best <= tol or not gradient.any():
            break
        lam = lam - step * (relaxed - best) / (gradient @ gradient) * gradient

    def improve(label_rows, sets, y):                                   # a map from an LP solution y
        order = np.argsort(y)
        consider(label_rows, sets, order[y[order] > 1e-9], True)       # the largest share last
        return best + tol

    # the LP starts from the steps' relaxed solutions, the incumbent's columns and the caller's
    masks = np.zeros(c, dtype=np.intp)
    np.bitwise_or.at(masks, best_m, 1 << bit)
    tops.append(masks[labels])
    lp_columns = (np.tile(np.arange(labels.size), len(tops)), np.concatenate(tops))
    if columns is not None:
        given = np.isin(columns[0], labels)
        lp_columns = (np.r_[lp_columns[0], np.searchsorted(labels, columns[0][given])],
                      np.r_[lp_columns[1], columns[1][given]])
    if not np.isfinite(bound):                                          # no steps: U at the given prices
        bound = _relaxation(f32, bound_lam, out=reduced)[0]
    if bound - best > tol + _LP_GAP * abs(best):                        # else the cover search is short
        bound, bound_lam, lp_columns = _lp_prices(f32, bound_lam, bound, best + tol, lp_columns[0], lp_columns[1], improve)
    lp_columns = (labels[lp_columns[0]], lp_columns[1])
    if lift is not None:                                                # a value the caller can reach otherwise
        best = max(best, lift(best_m))
    # U and the columns within U - best of their label's best, from the float32 table widened by its
    # margins e_l (each reduced value within e_l), then exactly: every column that could be kept, and
    # each label's best, are among the candidates
    _relaxation(f32, bound_lam, out=reduced)
    high = reduced.max(axis=1).astype(np.float64)
    e = _float32_margins(g, rows, bound_lam)
    if bound_lam.sum() + (high + e).sum() <= best + tol:                # no map beats the incumbent
        return best_m, 0, bound_lam, lp_columns
    label_of, mask = np.nonzero(reduced >= (high - (bound_lam.sum() + (high + e).sum() - best + tol) - 2 * e)[:, None])
    worth, holds = _column_values(x, rows, a[labels][label_of], b[labels][label_of], labels[label_of], mask)
    exact = worth - holds @ bound_lam                                   # f_l(T) - lam(T)
    h = np.zeros(labels.size)                                           # the empty set: 0
    np.maximum.at(h, label_of, exact)
    bound = bound_lam.sum() + h.sum()                                   # U, exactly, at the kept prices
    if bound <= best + tol:
        return best_m, 0, bound_lam, lp_columns
    keep = (mask > 0) & (exact >= h[label_of] - (bound - best + tol))   # slack h_l - (f - lam)
    label_of, mask, worth = label_of[keep], mask[keep], worth[keep]
    s = h[label_of] - exact[keep]
    least = h.copy()                                                    # an unused label costs h_l
    np.minimum.at(least, label_of, s)
    extra = s - least[label_of]                                         # slack above the label's least
    order = np.argsort(extra, kind="stable")                            # cheapest first: the loop stops early
    label_of, mask, extra, worth = label_of[order], mask[order], extra[order], worth[order]
    holds = (mask[:, None] >> bit) & 1 == 1                             # (columns, K)
    share = extra / holds.sum(axis=1)
    weight = extra / (holds @ rows)
    holds_f = holds.astype(np.float64)
    empty = h - least                                                   # leaving a label unused
    floor = least.sum()
    state = {"best": best, "columns": None, "nodes": 0}
    chosen: list[int] = []

    def visit(alive, covered, used, spent):
        # alive: indices of the columns still usable (label unused, no covered cluster), cheapest first
        state["nodes"] += 1
        if state["nodes"] > max_nodes:
            raise ValueError(f"the search exceeded max_nodes={max_nodes}")
        if covered == full:
            total_value = sum(worth[j] for j in chosen)
            if total_value > state["best"]:
                state["best"], state["columns"] = total_value, list(chosen)
            return
        # the same clusters covered by the same labels: the completions are the same, and one with no
        # more slack spent has already been searched with a budget at least as large
        if seen.get((covered, used), np.inf) <= spent:
            return
        seen[covered, used] = spent
        budget = bound - state["best"] + tol - floor - spent
        alive = alive[extra[alive] <= budget]
        if not alive.size:                                              # open clusters, no column left
            return
        left = np.unique(label_of[alive])
        if left.size <= 2:                                              # one column, or two, complete the cover
            finish(alive, left, full ^ covered)
            return
        open_ = ((full ^ covered) >> bit) & 1 == 1
        cover = holds[alive][:, open_]                                  # every open cluster needs a column
        count = cover.sum(axis=0)
        # each open cluster lies in exactly one chosen column: charge it a share of that column's extra
        # slack (equal shares, or shares by row total); the least share of each, summed, is a bound
        least_equal = np.where(cover, share[alive][:, None], np.inf).min(axis=0, initial=np.inf)
        least_size = np.where(cover, weight[alive][:, None] * rows[open_], np.inf).min(axis=0, initial=np.inf)
        equal, by_size = least_equal.sum(), least_size.sum()
        if max(equal, by_size) > budget:
            return
        if _residual_bound(extra[alive], holds_f[alive], label_of[alive], empty, used, open_, budget):
            return
        i = int(np.flatnonzero(open_)[np.argmin(count)])
        cols = alive[holds[alive, i]]                                   # cheapest first
        # a child's columns are among these, so its bound is at least the least shares of the clusters
        # it leaves open: drop at once the children that bound already rules out
        inside = holds[cols][:, open_]
        reach = spent + extra[cols] + np.maximum(equal - inside @ least_equal, by_size - inside @ least_size)
        state["nodes"] += int((reach > bound - state["best"] + tol - floor).sum())
        cols = cols[reach <= bound - state["best"] + tol - floor]
        # a child state already searched at no more slack is skipped (as visit would): no alive list needed.
        # Siblings cannot reach each other's states (a deeper state uses more labels), so all are checked now
        children = zip(cols.tolist(), label_of[cols].tolist(), (covered | mask[cols]).tolist(),
                       (used | 1 << label_of[cols]).tolist(), (spent + extra[cols]).tolist())
        fresh = [child for child in children if seen_get((child[2], child[3]), np.inf) > child[4]]
        state["nodes"] += cols.size - len(fresh)
        if 1 < len(fresh):
            # a child leaving open a cluster that none of its columns (the parent's of another label,
            # disjoint from its own, within its budget) holds has no completion: mark it searched
            # (in chunks of at most _SCREEN_PAIRS (child, column) pairs)
            picked = np.array([child[0] for child in fresh])
            room = bound - state["best"] + tol - floor - spent - extra[picked]
            dead = np.empty(picked.size, dtype=bool)
            step = max(1, _SCREEN_PAIRS // alive.size)
            alive_label, alive_mask, alive_extra = label_of[alive], mask[alive], extra[alive]
            for lo in range(0, picked.size, step):
                part = picked[lo:lo + step]
                usable = ((alive_label != label_of[part][:, None]) & (alive_mask & mask[part][:, None] == 0)
                          & (alive_extra <= room[lo:lo + step, None]))
                reached = np.bitwise_or.reduce(np.where(usable, alive_mask, 0), axis=1)
                dead[lo:lo + step] = ((full ^ covered) & ~mask[part] & ~reached) != 0
            for child in itertools.compress(fresh, dead.tolist()):
                seen[child[2], child[3]] = child[4]
            state["nodes"] += int(dead.sum())
            fresh = list(itertools.compress(fresh, (~dead).tolist()))
        for col, label, now_covered, now_used, cost in fresh:
            if cost > bound - state["best"] + tol - floor:
                break
            chosen.append(col)
            visit(alive[(label_of[alive] != label) & (mask[alive] & mask_of[col] == 0)], now_covered, now_used, cost)
            chosen.pop()

    def finish(alive, left, rest):
        # with two labels left, every completion is one alive column equal to ``rest`` or two, one of each
        # label, that split it: the second found by its set among the other label's sorted columns
        first = alive[mask[alive] == rest]
        second = np.full(first.size, -1)                                # -1: no second column
        if left.size == 2:
            one, other = alive[label_of[alive] == left[0]], alive[label_of[alive] == left[1]]
            order = np.argsort(mask[other])
            want = rest ^ mask[one]
            at = np.minimum(np.searchsorted(mask[other][order], want), order.size - 1)
            hit = (mask[other][order][at] == want) & (want != 0)
            first, second = np.r_[first, one[hit]], np.r_[second, other[order[at[hit]]]]
        if first.size:
            values = worth[first] + np.where(second >= 0, worth[second], 0.0)
            j = int(np.argmax(values))
            total_value = sum(worth[col] for col in chosen) + values[j]
            if total_value > state["best"]:
                pair = [int(col) for col in (first[j], second[j]) if col >= 0]
                state["best"], state["columns"] = total_value, chosen + pair

    seen: dict[tuple, float] = {}
    full, mask_of = (1 << k) - 1, mask.tolist()
    seen_get = seen.get
    visit(np.arange(mask.size), 0, 0, 0.0)
    if state["columns"] is not None:
        for col in state["columns"]:
            best_m[(mask_of[col] >> bit) & 1 == 1] = labels[label_of[col]]
    return best_m, state["nodes"], bound_lam, lp_columns


def _lp_prices(f, lam, bound, target, label_of, sets, improve, rounds=100, close=1e-4, stop=0.05):
    """Prices of the LP relaxation of the exact cover by column generation, from prices ``lam`` (U = ``bound``).

    The master LP maximises sum f_l(T) y_lT over the columns found so far (label
    rows ``label_of``, sets ``sets`` to start), each cluster covered once (its
    price lam_i, the dual) and each label at most once; the relaxation at the
    master's prices (smoothed towards the best so far: Wentges 1997, Int. Trans.
    Oper. Res. 4:151-163) adds each label's best column, until U comes within
    ``close`` (relative) of ``target``, or within ``stop`` times U - ``target`` of
    the master's value, which no prices can beat (the column search needs no
    more: the rest is the cover search's), or no column is added.  ``improve(label
    rows, sets, y)`` makes a map of each master solution and returns the target
    it sets.  Returns ``(U, lam, the columns)``, U the least found.
    """
    from scipy.optimize import linprog

    n_labels, k = f.shape[0], lam.size
    keep = sets > 0
    found = set(zip(label_of[keep].tolist(), sets[keep].tolist()))
    bit = np.arange(k)
    best, best_lam = bound, lam
    for _ in range(rounds):
        label_of, mask = np.array(sorted(found)).T
        cover = ((mask[None, :] >> bit[:, None]) & 1).astype(np.float64)
        once = (label_of[None, :] == np.arange(n_labels)[:, None]).astype(np.float64)
        result = linprog(-f[label_of, mask].astype(np.float64), A_ub=once, b_ub=np.ones(n_labels), A_eq=cover,
                         b_eq=np.ones(k), bounds=(0, None), method="highs")
        if result.status != 0:
            break
        dual = -result.eqlin.marginals
        value = -result.fun
        target = max(target, improve(label_of, mask, result.x))
        # Wentges' smoothing: price halfway between the best prices and the master's, unless that finds
        # no column the master's prices would price in (then at the master's own)
        for lam in ((best_lam + dual) / 2, dual) if np.isfinite(best) else (dual,):
            relaxed, top = _relaxation(f, lam)
            if relaxed < best:
                best, best_lam = relaxed, lam
            reduced = f[np.arange(n_labels), top] - (((top[:, None] >> bit) & 1) @ dual)
            new = {(j, t) for j, t, gain in zip(range(n_labels), top.tolist(), reduced.tolist())
                   if t and gain > -result.ineqlin.marginals[j] + 1e-9 * abs(value)} - found
            if new:
                break
        if best - target <= close * abs(target) or best - value <= stop * (best - target) or not new:
            break
        found |= new
    label_of, sets = np.array(sorted(found), dtype=np.intp).reshape(-1, 2).T
    return best, best_lam, (label_of, sets)


def _residual_bound(extra, holds, label_of, empty, used, open_, budget, steps=3):
    """True when no completion of a partial cover costs at most ``budget``.

    The completion gives each unused label l its empty set (cost ``empty[l]``) or
    one of the alive columns c (cost ``extra[c]``, clusters ``holds[c]``), the
    columns covering the open clusters exactly once.  For any prices mu on the
    open clusters its cost is at least sum_i mu_i + sum_l min(empty_l,
    min_c (extra_c - mu(c))) (Lagrangian relaxation of the cover, Fisher 1981);
    a few subgradient steps (Polyak's step towards ``budget``) raise mu.
    """
    free = ((used >> np.arange(empty.size)) & 1) == 0
    mu = np.zeros(open_.size)
    for _ in range(steps):
        reduced = extra - holds @ mu
        cost = empty.copy()
        np.minimum.at(cost, label_of, reduced)
        relaxed = mu[open_].sum() + cost[free].sum()
        if relaxed > budget:
            return True
        picked = (reduced <= cost[label_of]) & (reduced < empty[label_of])
        gradient = np.where(open_, 1.0 - holds[picked].sum(axis=0), 0.0)
        norm = gradient @ gradient
        if norm == 0:
            return False
        mu = mu + (budget - relaxed) / norm * gradient
    return False


def _search_merge(x, valid, max_nodes, time_limit=None):
    """No dropping: maximise sum_l P_l B_l exactly as a mixed-integer linear program.

    B_l = sum_i d_il y_il is linear in the 0/1 memberships y, with
    d_il = X[i, l]/R_l - (r_i - X[i, l])/(N - R_l); the product y_il B_l is the
    variable z_il, pinned by z <= hi_l y and z <= B_l - lo_l (1 - y) (exact for
    binary y, lo_l <= B_l <= hi_l).  Solved by HiGHS (``scipy.optimize.milp``).
    """
    from scipy.optimize import Bounds, LinearConstraint, milp
    from scipy.sparse import coo_array, eye_array, hstack, kron, vstack

    k, c = x.shape
    total, rows, cols = x.sum(), x.sum(axis=1), x.sum(axis=0)
    with np.errstate(divide="ignore", invalid="ignore"):
        d = np.where(valid, x / cols - (rows[:, None] - x) / (total - cols), 0.0)
    hi = np.minimum(1.0, np.maximum(d, 0).sum(axis=0))
    lo = np.maximum(-1.0, np.minimum(d, 0).sum(axis=0))
    kc = k * c
    eye = eye_array(kc, format="csr")
    label_of = kron(np.ones((1, k)), eye_array(c)).tocsr()             # (C, KC): picks y_il of label l
    one_label = hstack([kron(eye_array(k), np.ones((1, c))), coo_array((k, kc + c))])
    defines_b = hstack([-(label_of.multiply(d.reshape(1, kc))), coo_array((c, kc)), eye_array(c)])
    z_below_hi = hstack([-eye.multiply(np.tile(hi, k)[:, None]), eye, coo_array((kc, c))])
    z_below_b = hstack([-eye.multiply(np.tile(lo, k)[:, None]), eye, -label_of.T])
    a = vstack([one_label, defines_b, z_below_hi, z_below_b]).tocsr()
    lower = np.concatenate([np.ones(k), np.zeros(c), np.full(kc, -np.inf), np.full(kc, -np.inf)])
    upper = np.concatenate([np.ones(k), np.zeros(c), np.zeros(kc), -np.tile(lo, k)])
    y_upper = np.tile(valid.astype(float), k)
    bounds = Bounds(np.concatenate([np.zeros(kc), np.full(kc, min(lo.min(), 0.0)), lo]),
                    np.concatenate([y_upper, np.full(kc, max(hi.max(), 0.0)), hi]))
    cost = np.concatenate([np.zeros(kc), -np.repeat(rows, c) / total, np.zeros(c)])
    result = milp(cost, constraints=LinearConstraint(a, lower, upper), bounds=bounds,
                  integrality=np.concatenate([np.ones(kc), np.zeros(kc + c)]),
                  options={"mip_rel_gap": 0.0, "node_limit": max_nodes,
                           **({} if time_limit is None else {"time_limit": float(time_limit)})})
    if result.status == 2:                                             # infeasible: no valid label
        return None, -np.inf, 0
    if result.status != 0:
        raise ValueError(f"the search stopped (max_nodes={max_nodes}, time_limit={time_limit}) without proving "
                         f"a map optimal: {result.message}")
    found = np.argmax(result.x[:kc].reshape(k, c), axis=1)             # y is 0/1 up to 1e-9
    return found, map_informedness(x, found), int(getattr(result, "mip_node_count", 0))




def _best_merge(x, valid, max_nodes, floor=-np.inf, table=None, prices=None, columns=None, lift=None,
                time_limit=None):
    """The best map without dropping: dynamic program, column search or MILP by the number of clusters.

    ``floor``, ``table``, ``prices``, ``columns``, ``lift``: see :func:`_search_merge_columns` (the other two
    ignore them and always find the optimum; ``time_limit``: the MILP's, in seconds; ``table``, ``columns`` and ``lift``'s maps are over the non-empty
    clusters).
    Returns ``(assignment, value, nodes, prices, columns)``, the prices and LP columns those of the
    column search over the non-empty clusters (None from the other two).
    """
    k = x.shape[0]
    rows = np.flatnonzero(x.sum(axis=1) > 0)           # an empty cluster changes no P_l, A_l: any label
    if rows.size > _COLUMN_ROWS:
        return (*_search_merge(x, valid, max_nodes, time_limit), None, None)
    if rows.size <= _DP_ROWS and table is None:        # a caller's table (a kept set's): the column search
        nodes = int(valid.sum()) << rows.size
        if nodes > max_nodes:
            raise ValueError(f"the dynamic program needs {nodes} states, more than max_nodes={max_nodes}")
        found, _ = _search_merge_dp(x[rows], valid)
        prices = columns = None
    else:
        found, nodes, prices, columns = _search_merge_columns(x[rows], valid, max_nodes, floor=floor, table=table,
                                                              prices=prices, columns=columns, lift=lift)
    assignment = np.full(k, np.argmax(valid))
    assignment[rows] = found
    return assignment, map_informedness(x, assignment), nodes, prices, columns
