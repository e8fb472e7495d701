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

:func:`best_map` maximises (1) exactly:

* without dropping, n = N and R are fixed and (1) times N is
  sum_l f_l(S_l), f_l = a_l P_l A_l - b_l P_l^2 (a_l = N/(R_l (N - R_l)),
  b_l = 1/(N - R_l)), a function of the set S_l of clusters given label l
  alone.  Up to 13 non-empty clusters a dynamic program over sets of clusters,
  adding one label at a time, finds the optimum with C 3^K additions (0.1 s for
  notebook 11's 12 x 19 table); beyond that, with d_il = X[i,l]/R_l -
  (r_i - X[i,l])/(N - R_l), B(l) = sum_{m[i]=l} d_il is linear in the cluster
  memberships and (1) is sum_l P_l B(l): a mixed-integer linear program after
  writing each product y_il B(l) as one variable (McCormick), solved by HiGHS
  through ``scipy.optimize.milp`` (optimal to HiGHS's tolerances; slow: 20 s
  on the 12 x 19 table);
* with dropping, n and R depend on the map; a depth-first branch and bound
  (largest clusters first) bounds B(l) = recall(l) - fallout(l) from the partial map by
  the largest reachable recall and the smallest reachable fallout, and a still
  undecided cluster i adds at most ``max(0, r_i max_l B_ub(l))``.

Pure numpy on a count matrix (rows = clusters, columns = classes).
"""
from __future__ import annotations

import functools
import itertools

import numpy as np

__all__ = ["map_informedness", "best_map", "exhaustive_map"]


def _validate(counts):
    matrix = np.asarray(counts, dtype=np.float64)
    if matrix.ndim != 2 or 0 in matrix.shape:
        raise ValueError(f"counts must be a non-empty 2-D matrix (rows = clusters, columns = classes), "
                         f"not shape {matrix.shape}")
    if not np.isfinite(matrix).all() or (matrix < 0).any():
        raise ValueError("counts must be finite and non-negative")
    if matrix.sum() <= 0:
        raise ValueError("counts hold no case")
    return matrix


def map_informedness(counts, assignment):
    """Discounted Bookmaker (1) of one map; ``assignment[i]`` = class index or -1 (dropped).

    nan when the merged table leaves B undefined (no kept case, a label whose
    class has no kept case, or a label whose class holds every kept case).
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
    used = p > 0
    if (r[used] == 0).any() or (r[used] == n).any():
        return np.nan
    terms = p[used] * (a[used] / r[used] - (p[used] - a[used]) / (n - r[used]))
    return float(terms.sum() / total)


def exhaustive_map(counts, allow_drop=False):
    """Best map by trying all C^K (or (C+1)^K) maps; for testing :func:`best_map` on small tables."""
    x = _validate(counts)
    k, c = x.shape
    options = range(-1, c) if allow_drop else range(c)
    best, best_m = -np.inf, None
    for m in itertools.product(options, repeat=k):
        value = map_informedness(x, np.array(m))
        if np.isfinite(value) and value > best + 1e-12:
            best, best_m = value, np.array(m)
    return best_m, best

_DP_ROWS = 13          # the subset DP costs C 3^K: 0.1 s at K = 12, 0.3 s at 13 (x3 per extra row)


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


def _search_merge(x, valid, max_nodes):
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
                  options={"mip_rel_gap": 0.0, "node_limit": max_nodes})
    if result.status == 2:                                             # infeasible: no valid label
        return None, -np.inf, 0
    if result.status != 0:
        raise ValueError(f"the search stopped (max_nodes={max_nodes}) without proving a map optimal: "
                         f"{result.message}")
    found = np.argmax(result.x[:kc].reshape(k, c), axis=1)             # y is 0/1 up to 1e-9
    return found, map_informedness(x, found), int(getattr(result, "mip_node_count", 0))


def _search_drop(x, order, valid, max_nodes):
    k, c = x.shape
    xs, total = x[order], x.sum()
    rows = xs.sum(axis=1)
    suffix_x = np.vstack([np.cumsum(xs[::-1], axis=0)[::-1], np.zeros(c)])   # undecided column mass
    suffix_r = np.append(np.cumsum(rows[::-1])[::-1], 0.0)
    best = {"value": -np.inf, "map": None}
    nodes = [0]
    current = np.empty(k, dtype=int)

    def upper(t, p, a, kept_col, n):
        # largest reachable recall and smallest reachable fallout of each label
        a_max = a + suffix_x[t]
        other = kept_col - a
        with np.errstate(divide="ignore", invalid="ignore"):
            recall = np.where(a_max + other > 0, a_max / (a_max + other), 1.0)
            room = (n - kept_col) + (suffix_r[t] - suffix_x[t])
            fallout = np.where(p - a > 0, (p - a) / room, 0.0)
        b_ub = np.where(valid, np.minimum(1.0, recall - fallout), -2.0)   # B >= -1: -2 never helps
        gain = np.maximum(0.0, rows[t:, None] * b_ub[None, :]).max(axis=1).sum()
        return (np.sum(np.where(p > 0, p * b_ub, 0.0)) + gain) / total

    def visit(t, p, a, kept_col, n):
        nodes[0] += 1
        if nodes[0] > max_nodes:
            raise ValueError(f"the search exceeded max_nodes={max_nodes}")
        if t == k:
            value = map_informedness(xs, current)
            if np.isfinite(value) and value > best["value"]:
                best["value"], best["map"] = value, current.copy()
            return
        if upper(t, p, a, kept_col, n) <= best["value"] + 1e-12:
            return
        # children: the label this cluster predicts best first, dropping last
        share = np.where(valid, xs[t] / np.where(kept_col + suffix_x[t] > 0, kept_col + suffix_x[t], 1), -np.inf)
        for l in list(np.argsort(-share)) + [-1]:
            if l >= 0 and not valid[l]:
                continue
            current[t] = l
            if l < 0:
                visit(t + 1, p, a, kept_col, n)
            else:
                step = np.arange(c) == l
                visit(t + 1, p + step * rows[t], a + step * xs[t, l], kept_col + xs[t], n + rows[t])

    visit(0, np.zeros(c), np.zeros(c), np.zeros(c), 0.0)
    return best["map"], best["value"], nodes[0]


def best_map(counts, allow_drop=False, max_nodes=2_000_000):
    """The map of clusters (rows) to classes (columns) that maximises the discounted B (1).

    Exact (see the module docstring: a dynamic program without dropping up to
    13 non-empty clusters, a MILP beyond, branch and bound with dropping; the
    last two are exponential in the worst case); clusters may merge
    into one class, and with ``allow_drop`` a cluster may be dropped (index -1).
    Returns ``(assignment, value, nodes)``.  A class with no case cannot be a
    target; without dropping, a class holding every case makes B undefined and
    raises ValueError, as does a search longer than ``max_nodes`` nodes (for
    the dynamic program: states, C 2^K).
    """
    x = _validate(counts)
    k, c = x.shape
    cols = x.sum(axis=0)
    if not allow_drop and (cols == x.sum()).any():
        raise ValueError("one real class holds every case: B is undefined for every map")
    valid = cols > 0
    if not allow_drop:
        rows = np.flatnonzero(x.sum(axis=1) > 0)       # an empty cluster changes no P_l, A_l: any label
        if rows.size <= _DP_ROWS:
            nodes = int(valid.sum()) << rows.size
            if nodes > max_nodes:
                raise ValueError(f"the dynamic program needs {nodes} states, more than max_nodes={max_nodes}")
            found, _ = _search_merge_dp(x[rows], valid)
            assignment = np.full(k, np.argmax(valid))
            assignment[rows] = found
            value = map_informedness(x, assignment)
        else:
            assignment, value, nodes = _search_merge(x, valid, int(max_nodes))
    else:
        order = np.argsort(-x.sum(axis=1), kind="stable")              # largest clusters first
        found, value, nodes = _search_drop(x, order, valid, int(max_nodes))
        assignment = None if found is None else np.empty(k, dtype=int)
        if found is not None:
            assignment[order] = found
    if assignment is None:
        raise ValueError("no map gives a defined Bookmaker")
    return assignment, float(value), nodes
