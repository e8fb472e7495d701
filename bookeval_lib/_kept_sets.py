"""The B-maximising map of clusters onto classes when clusters may be dropped: a search over kept sets.

Powers 2003 lets a catch-all cluster abstain and discounts B by the coverage
n/N.  A map with dropping is a kept set S of clusters and a map of S without
dropping (:mod:`bookeval_lib._merge_search`), so the best map is the best over
every S of V(S) = B n/N of the best no-drop map of S.  :func:`search_kept_sets`
bounds the 2^K kept sets, families of them first, and solves exactly only
those that could beat the best map found so far.  Called by
:func:`bookeval_lib.matching.best_map`; pure numpy.
"""
from __future__ import annotations

import numpy as np

from ._subset_tables import _float32_margins, _float32_table, _relaxation, _submask_pairs, _subset_sums
from ._merge_search import _best_merge, _label_terms, map_informedness


def _prices(f, lam, target, steps, tops=None):
    """Subgradient steps on :func:`_relaxation` (Polyak's step towards ``target``); the best ``(U, lam)``.

    ``tops``, a list, gets each step's relaxed solution (the set of each row of ``f``).
    """
    bit = np.arange(lam.size)
    best, best_lam, step = np.inf, lam, 2.0                             # Held and Karp's first step
    reduced = np.empty_like(f)
    for _ in range(steps):
        bound, top = _relaxation(f, lam, out=reduced)
        if tops is not None:
            tops.append(top)
        if bound < best:
            best, best_lam = bound, lam
        else:
            step /= 2
        gradient = 1.0 - ((top[:, None] >> bit) & 1).sum(axis=0)
        if bound <= target or not gradient.any():
            break
        lam = lam - step * (bound - target) / (gradient @ gradient) * gradient
    return best, best_lam


_PAIR_ROWS = 14        # batch Lagrangian bounds of kept sets up to 3^K (set, subset) pairs: 4.8 M at K = 14


def search_kept_sets(x: np.ndarray, valid: np.ndarray, seed: np.ndarray, seed_value: float, max_nodes: int,
                     used: int = 0, prices: np.ndarray | None = None,
                     columns: tuple[np.ndarray, np.ndarray] | None = None, steps: int = 30,
                     refine: int = 20) -> tuple[np.ndarray, float, int]:
    """With dropping, exactly: bound every kept set, solve only those that could beat the incumbent.

    A map with dropping is a kept set S (n, R_l its totals) and a map of S
    without dropping, so the optimum is max_S V(S), V(S) = the no-drop optimum
    of the rows S, times n/N.  Two facts shrink the search, with
    W = sum_l P_l B(l) = B n and d_il(S) = X[i,l]/R_l - (r_i - X[i,l])/(n - R_l):

    * in a best map of S every label used has B(l) >= 0.  For any cluster i,
      sum_l w_l d_il = 0 with w_l = R_l (n - R_l)/n, so if the most negative
      label c (clusters T) had B(c) = sum_{i in T} d_ic < 0, some usable l' != c
      has D = sum_{i in T} d_il' > 0, and moving T to l' raises W by
      P_l' D + P_T (B(l') - B(c) + D) > 0 (B(l') = 0 if l' was unused);
    * so a pure cluster j (all r_j cases in one class c) is never worth dropping:
      adding it to a best map of S with label c leaves every P_k - A_k and R_k
      (k != c) as they were and raises n - R_k, so no fallout rises; recall(c)
      does not fall, so B(c) >= 0 does not fall while P_c grows: V(S + j) >= V(S).
      Only kept sets holding every pure cluster are searched.

    Starting from a map that keeps every cluster (``seed``, value
    ``seed_value``: the best such map, or one whose moves with drops already
    reach at least as much as the best such map; ``prices`` and ``columns``, the
    Lagrangian prices and LP columns of its column search, if any), as improved
    by single moves of a cluster to another label or out
    (:func:`drop_incumbent`), each S != all must pass, in turn:

    * B <= max_l B(l) and B(l) = sum_{i -> l} d_il(S) <= beta_l(S) = sum_{i in S}
      max(0, d_il(S)): so V(S) <= (n/N) max_l beta_l(S);
    * a bound of its family, kept sets sharing the decisions on the largest
      clusters, or of S alone from the columns of the family it is left in
      (:func:`_alive_families`);
    * a bound with one price per kept case (:func:`_mass_bounds`);
    * the Lagrangian bound (:func:`~bookeval_lib._merge_search._relaxation`)
      of its columns f_l(T) = a_l P_T A_l(T) - b_l P_T^2, T a subset of S, with
      a_l, b_l of S and the full set's prices: up to ``_PAIR_ROWS`` clusters, if
      the (set, subset) pairs fit in ``max_nodes``, for all sets at once
      (:func:`_paired_bounds`); else in batches of sets as the search reaches
      them (:func:`_batch_bounds`), each label's term first bounded without a
      table if the tables are large (:func:`_label_excess`).

    The survivors, highest of the earlier bounds first, get that last bound again with a few
    subgradient steps (on a float32 table, plus a proved rounding margin:
    :func:`~bookeval_lib._merge_search._float32_margins`), and, if still above the incumbent, an exact
    solution (:func:`~bookeval_lib._merge_search._best_merge`, from those prices,
    its LP started from the steps' relaxed solutions and the full set's LP
    columns inside S, and told the incumbent, so that it only looks for better
    maps); the search
    stops at the first of those earlier bounds below the incumbent.  Exact (a map better by more
    than 1e-12 in B n/N is never missed) for any K; the 2^K
    sets all get the first bound (``used`` + 2^K nodes, counted before any table
    is built, then one per family, pair and set bounded, plus the states of the
    sets solved).
    """
    k, c = x.shape
    nodes = used + (1 << k)
    if nodes > max_nodes:
        raise ValueError(f"the kept-set search bounds all 2^{k} kept sets of {k} non-empty clusters, "
                         f"more than max_nodes={max_nodes}")
    total, rows = x.sum(), x.sum(axis=1)
    bit, every = np.arange(k), (1 << k) - 1
    n = _subset_sums(rows[None, :])[0]                                  # n(S), also P(T)
    kept_cols = _subset_sums(np.ascontiguousarray(x.T))                 # R_l(S), also A_l(T): (C, 2^K)
    usable = valid[:, None] & (kept_cols > 0) & (kept_cols < n)          # a label with 0 < R_l < n
    tol = 1e-12 * total
    best, best_m = seed_value * total, seed                            # in units of B n: sum_l P_l B(l)
    pure = int(np.sum(1 << np.flatnonzero((x > 0).sum(axis=1) == 1)))  # kept in every set searched
    moved, moved_value = drop_incumbent(x, seed)                        # a better incumbent, if moves find one
    if moved_value > best + tol:
        best, best_m = moved_value, moved

    def table(s, members):                                             # f_l(T) of the rows of S, (C, 2^|S|)
        a, b = _coefficients(kept_cols[:, s], n[s], usable[:, s])
        # f_l(T) = P_T g_l(T), g_l(T) = sum_{i in T} g_il = a_l A_l(T) - b_l P_T, in float32
        g = a[:, None] * x[members].T - b[:, None] * rows[members]
        f = _float32_table(g, rows[members])
        f[~usable[:, s], 1:] = -np.inf
        return f, g

    lam, lp_columns = prices, columns                                   # the no-drop search's, if it had some
    if lam is None:
        f_all, _ = table(every, bit)
        _, lam = _prices(f_all, f_all[:, 1 << bit].max(axis=0).astype(np.float64), best, steps)

    share, every_set = x / rows[:, None], np.arange(every + 1)
    searched = np.flatnonzero(every_set & pure == pure)
    beta = np.zeros(searched.size)
    for _, gain in _label_betas(share, n, kept_cols, usable, searched):
        np.maximum(beta, gain, out=beta)
    bound = np.zeros(every + 1)                                         # 0: a set not searched
    bound[searched] = n[searched] * beta                                # (n/N) max_l beta_l(S), times N
    lam_sum = _subset_sums(lam[None, :])[0]                            # lam(T) of every set of clusters
    by_family, families = _alive_families(rows, n, kept_cols, lam, lam_sum, valid, best + tol, pure, bound)
    nodes += families
    np.minimum(bound, by_family, out=bound)
    screened = usable.any(axis=0) & (bound > best + tol) & (every_set & pure == pure)
    screened[every] = False
    sets = np.flatnonzero(screened)
    bound = np.minimum(bound[sets], _mass_bounds(sets, share, n, kept_cols, usable, best + tol))
    live = bound > best + tol
    screened[sets[~live]] = False
    sets, bound = sets[live], bound[live]
    # all (set, subset) pairs at once, if they fit in the node budget (up to 3^14 = 4.8 M); else in batches
    volume = int(np.sum(1 << ((sets[:, None] >> bit) & 1).sum(axis=1)))   # (set, subset) pairs: 2^|S| each
    pairs = volume if k <= _PAIR_ROWS else max_nodes + 1
    paired = bool(sets.size) and nodes + pairs <= max_nodes
    if paired:
        lagrangian, pairs = _paired_bounds(screened, lam_sum, n, kept_cols, usable)
        bound, nodes = np.minimum(bound, lagrangian), nodes + pairs
    else:                                                               # else set by set, in batches as reached
        terms = (_label_excess(sets, n, kept_cols, usable, lam, lam_sum) if volume > _CERTIFY_SETS * (k << k)
                 else np.where(usable[:, sets].T, np.inf, 0.0))        # each label's term, bounded or unknown
        lagrangian = np.full(sets.size, np.inf)
    if nodes > max_nodes:
        raise ValueError(f"the kept-set search needs {nodes} bounds, more than max_nodes={max_nodes}")

    order, reached = np.argsort(-bound, kind="stable"), 0              # by the bounds before the Lagrangian
    for at, j in enumerate(order):                                     # ones, which favour large sets: a better
        if bound[j] <= best + tol:                                     # incumbent found early rules out more
            break
        if not paired and at >= reached:                               # the next batch, twice the last
            reached = max(at + 64, 2 * at)
            batch = order[at:reached]
            batch = batch[bound[batch] > best + tol]
            lagrangian[batch] = _batch_bounds(sets[batch], x, rows, n, kept_cols, usable, lam, lam_sum,
                                              terms[batch], best + tol)
            nodes += batch.size
            if nodes > max_nodes:
                raise ValueError(f"the kept-set search exceeded max_nodes={max_nodes}")
        if lagrangian[j] <= best + tol:
            continue
        s = int(sets[j])
        members = np.flatnonzero((s >> bit) & 1)
        f, g = table(s, members)                                       # float32, with a proved margin
        margin = _float32_margins(g, rows[members], lam[members]).sum()
        tops: list[np.ndarray] = []
        refined, refined_lam = _prices(f, lam[members], best - margin, refine, tops)
        nodes += 1
        if nodes > max_nodes:
            raise ValueError(f"the kept-set search exceeded max_nodes={max_nodes}")
        if refined + _float32_margins(g, rows[members], refined_lam).sum() <= best + tol:
            continue
        try:
            found, _, states, _, _ = _best_merge(x[members], usable[:, s], max_nodes - nodes, floor=best,
                                                 table=f[usable[:, s]], prices=refined_lam,
                                                 columns=_start_columns(tops, lp_columns, s, members))
        except ValueError:
            raise ValueError(f"the kept-set search exceeded max_nodes={max_nodes}") from None
        nodes += states
        if nodes > max_nodes:
            raise ValueError(f"the kept-set search exceeded max_nodes={max_nodes}")
        m = np.full(k, -1)
        m[members] = found
        value = map_informedness(x, m) * total
        if value > best + tol:
            best, best_m = value, m
    return best_m, best / total, nodes


_BATCH_VALUES = 1 << 19    # float32 values of the tables built at once by _batch_bounds (2 MB)
_LEVEL = 0.3               # _label_excess's second level, a share of the median of its first bounds
_CERTIFY_SETS = 2          # _label_excess (four minima over 2^K sets a label) if the tables exceed this times K 2^K


def _batch_bounds(sets, x, rows, n, kept_cols, usable, lam, lam_sum, terms, beat):
    """Bounds of W = B n of the kept sets ``sets``, each at most its Lagrangian bound at prices ``lam``.

    U(S) = lam(S) + sum_l max_{T in S} [f_l(T) - lam(T)] (``lam_sum``: lam(T) of every T), f_l(T) = P_T g_l(T)
    with the coefficients of S (the refine's first step, :func:`_prices`), given ``terms``, a bound of
    each label's term of each set (:func:`_label_excess`, or inf: unknown; 0 for a label not
    usable): while a set's bound exceeds ``beat``, the term of its label with the largest such
    bound is replaced by its value from a float32 table plus the proved margin of
    :func:`~bookeval_lib._merge_search._float32_margins`.  The tables of (set, label) pairs of m
    clusters are built together, ``_BATCH_VALUES`` values at a time, so that numpy's calls
    are shared.
    """
    k, c = x.shape
    held = ((sets[:, None] >> np.arange(k)) & 1).astype(bool)
    sizes = held.sum(axis=1)
    term = terms.copy()
    own = lam_sum[sets]
    open_ = term > 0
    while True:
        live = (own + term.sum(axis=1) > beat) & open_.any(axis=1)
        if not live.any():
            return own + term.sum(axis=1)
        widest = np.where(open_[live], term[live], -1.0).max(axis=1)
        pick = np.zeros_like(open_)
        pick[live] = open_[live] & (term[live] >= widest[:, None])
        in_set, label = np.nonzero(pick)
        open_[in_set, label] = False
        for m in np.unique(sizes[in_set]).tolist():
            pairs = np.flatnonzero(sizes[in_set] == m)
            for start in range(0, pairs.size, max(1, _BATCH_VALUES >> m)):
                chunk = pairs[start:start + max(1, _BATCH_VALUES >> m)]
                owner, lab = in_set[chunk], label[chunk]
                s = sets[owner]
                members = np.nonzero(held[owner])[1].reshape(chunk.size, m)      # (pairs, m)
                a, b = _coefficients(kept_cols[lab, s], n[s], True)
                r, lam_m = rows[members], lam[members]
                g = a[:, None] * x[members, lab[:, None]] - b[:, None] * r      # g_il of the pair's set and label
                f = _float32_table(g, r)                                        # (pairs, 2^m)
                f -= _subset_sums(lam_m.astype(np.float32))
                term[owner, lab] = f.max(axis=1) + _float32_margins(g, r, lam_m)


def _label_excess(sets, n, kept_cols, usable, lam, lam_sum):
    """Bounds of each label's term of the Lagrangian bound of each kept set in ``sets``: (sets, C).

    With rho = 1/R_l(S) and sigma = 1/(n - R_l)(S), f_l(T) = u_T rho - w_T sigma,
    u_T = P_T A_l(T), w_T = P_T (P_T - A_l(T)), so label l adds phi(rho) = max_{T in S}
    [u_T rho - lam(T) - w_T sigma], convex and increasing in rho with slope at most
    u_S = n R_l, and phi(rho) <= t exactly when rho <= kappa_t = the least over T in S with
    u_T > 0 of (lam(T) + t + w_T sigma)/u_T (-inf if lam(T) + t + w_T sigma < 0 where u_T = 0).
    So with k0 <= kappa_0 and kt <= kappa_t: phi = 0 for rho <= k0, phi <= t (rho - k0)/(kt - k0)
    (the chord) up to kt, and phi <= min(u_S (rho - k0), t + u_S (rho - kt)) beyond; t is
    ``_LEVEL`` times the median of the first of these over the label's sets with rho > k0.
    A minimum of linear functions of sigma, kappa_t is concave: between the least and the
    largest sigma of the sets it is at least the line through its values there, which a
    subset-minimum over all 2^K sets gives for every S at once, in float32.  Each
    lam(T) + t + w_T sigma is first lowered by 2^-21 times the sum of its terms' sizes (at
    least its own size): eight times float32's rounding of the quotient (2^-24), so that
    each kappa_t stays a lower bound; the lines and the bounds are moved by 1e-12 and 1e-9
    of their terms' sizes, far beyond float64's rounding.
    """
    slack = 2.0 ** -21                                                  # float32's margin: see above
    base = lam_sum - slack * _subset_sums(np.abs(lam)[None, :])[0]
    excess = np.zeros((sets.size, kept_cols.shape[0]))
    for label in np.flatnonzero(usable[:, sets].any(axis=1)):
        ok = usable[label, sets]
        hits = kept_cols[label]
        u_t, w_t = n * hits, n * (n - hits) * (1 - slack)
        empty = np.flatnonzero(u_t == 0)                                # no case of l in T: kappa is +-inf
        r = kept_cols[label, sets]
        with np.errstate(divide="ignore"):
            inverse, rho, sigma = 1.0 / u_t, 1.0 / r, 1.0 / (n[sets] - r)
        lowered = base - slack * rho[ok].max() * u_t
        grid = (sigma[ok].min(), sigma[ok].max())
        share = (sigma - grid[0]) / (grid[1] - grid[0]) if grid[1] > grid[0] else np.zeros(sets.size)

        def line(level):                                                # a lower bound of kappa_level at each set
            ends = []
            for value in grid:
                room = lowered + w_t * value + level * (1 - slack)
                with np.errstate(invalid="ignore"):
                    kappa = (room * inverse).astype(np.float32)
                kappa[empty] = np.where(room[empty] >= 0, np.inf, -np.inf)
                ends.append(_over_subsets(kappa, np.minimum)[sets].astype(np.float64))   # the least over T in S
            with np.errstate(invalid="ignore"):                         # (less float64's rounding of the line)
                between = (1 - share) * ends[0] + share * ends[1] - 1e-12 * (np.abs(ends[0]) + np.abs(ends[1]))
                return np.where(np.isfinite(ends[0]) & np.isfinite(ends[1]), between, np.minimum(ends[0], ends[1]))

        slope, k0 = n[sets] * r, line(0.0)
        open_ = ok & (rho > k0)
        with np.errstate(invalid="ignore"):
            bound = np.where(np.isfinite(k0), slope * (rho - k0), np.inf)
            finite = open_ & np.isfinite(bound)
            if finite.any():
                level = _LEVEL * np.median(bound[finite])
                kt = line(level)
                chord = level * (rho - k0) / (kt - k0)
                beyond = level + slope * (rho - kt)
                bound = np.minimum(bound, np.where(np.isfinite(kt) & np.isfinite(k0),
                                                   np.where(rho <= kt, chord, beyond), np.inf))
            else:
                level, kt = 0.0, k0
            bound += 1e-9 * (level + slope * (rho + np.abs(k0) + np.abs(kt)))
        excess[:, label] = np.where(open_, bound, 0.0)
    return excess


def drop_incumbent(x: np.ndarray, m: np.ndarray) -> tuple[np.ndarray, float]:
    """A map with drops from the map ``m`` by single moves (:func:`_moves_with_drops`, pure clusters kept) and its
    W = B n = ``map_informedness`` times N."""
    moved = _moves_with_drops(x, m, (x > 0).sum(axis=1) > 1)
    return moved, map_informedness(x, moved) * x.sum()


def _moves_with_drops(x, m, droppable):
    """Local search from the map ``m``: move one cluster at a time to the label, or out
    (``droppable`` clusters only), that most raises W = sum_l P_l (A_l/R_l - (P_l - A_l)/(n - R_l)),
    over the kept cases, until no move does.  A heuristic for an incumbent; returns the map.
    """
    k, c = x.shape
    rows, eye = x.sum(axis=1), np.eye(c)

    def worth(n, r, p, a):                                              # W, -inf where B is undefined
        total = _label_terms(n, r, p, a).sum(axis=-1)
        return np.where(np.isnan(total), -np.inf, total)

    m = m.copy()
    improved = True
    while improved:
        improved = False
        for i in range(k):
            kept = (m >= 0) & (np.arange(k) != i)                       # the others, as they are
            n, r = rows[kept].sum(), x[kept].sum(axis=0)
            p = np.bincount(m[kept], weights=rows[kept], minlength=c)
            a = np.bincount(m[kept], weights=x[kept, m[kept]], minlength=c)
            options = np.append(worth(np.full(c, n + rows[i]), np.broadcast_to(r + x[i], (c, c)),
                                      p + rows[i] * eye, a + np.diag(x[i])),
                                worth(np.asarray(n), r, p, a) if droppable[i] else -np.inf)
            now = options[m[i]]                                         # m[i] = -1: the last, dropped
            best = int(np.argmax(options))
            if options[best] > now + 1e-12 * (1.0 + abs(now)):
                m[i], improved = (best if best < c else -1), True
    return m


def _start_columns(tops, columns, s, members):
    """Columns ``(classes, sets)`` to start the LP of kept set ``s`` with, its sets over its ``members``.

    The refine's relaxed solutions ``tops`` (one set per class, per step) and the
    columns of the full set's LP, if any, whose set lies inside ``s``.
    """
    classes = np.tile(np.arange(tops[0].size), len(tops)) if tops else np.zeros(0, dtype=np.intp)
    sets = np.concatenate(tops) if tops else np.zeros(0, dtype=np.intp)
    if columns is not None:
        inside = columns[1] & ~s == 0
        renumbered = (((columns[1][inside][:, None] >> members) & 1) << np.arange(members.size)).sum(axis=1)
        classes, sets = np.r_[classes, columns[0][inside]], np.r_[sets, renumbered]
    return classes, sets


def _over_subsets(values, reduce):
    """``reduce`` (np.maximum or np.minimum) of ``values`` (..., 2^t) over the subsets of each index's set of the
    t bits, in place: values[S] becomes the extreme of values[T], T inside S."""
    for i in range(values.shape[-1].bit_length() - 1):
        view = values.reshape(-1, 2, 1 << i)
        reduce(view[:, 1], view[:, 0], out=view[:, 1])
    return values


def _coefficients(r, n, usable):
    """a_l = n/(R_l (n - R_l)) and b_l = 1/(n - R_l) of f_l = a_l P A - b_l P^2 (0 where the label is not usable)."""
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(usable, n / (r * (n - r)), 0.0), np.where(usable, 1.0 / (n - r), 0.0)


def _label_betas(share, n, kept_cols, usable, sets):
    """beta_l(S) = sum_{i in S} max(0, d_il(S)) of each label over the kept sets ``sets``: yields (l, beta_l).

    d_il(S) > 0 exactly when cluster i's share X[i,l]/r_i of class l exceeds its
    kept prevalence R_l/n, so the clusters counted are those of S among the j
    largest shares, j found by bisection; 0 where label l is not usable.
    """
    for label in range(share.shape[1]):
        order = np.argsort(-share[:, label], kind="stable")
        top = np.concatenate([[0], np.cumsum(1 << order)])              # the j largest shares, as a set
        r, total = kept_cols[label, sets], n[sets]
        with np.errstate(divide="ignore", invalid="ignore"):
            j = np.searchsorted(-share[order, label], -(r / total))
            pos = sets & top[j]
            held = kept_cols[label, pos]
            gain = held / r - (n[pos] - held) / (total - r)
        yield label, np.where(usable[label, sets], gain, 0.0)


def _mass_bounds(sets, share, n, kept_cols, usable, beat, ratios=(0.5, 0.6, 0.7, 0.8, 0.9, 1.0)):
    """Bounds of W = B n for the kept sets ``sets`` with one price kappa per kept case.

    Every kept case has one label, sum_l P_l = n, so for any kappa
    W = kappa n + sum_l P_l (B(l) - kappa); and B(l) <= beta_l (see
    :func:`_label_betas`) and B(l) <= 1 - fallout(l) <= 1 - (P_l - R_l)^+/(n - R_l).
    So W <= kappa n + sum_l max_{0<=P<=n} P (min(beta_l, 1 - (P - R_l)^+/(n - R_l)) - kappa):
    linear up to the kink R_l + (n - R_l)(1 - beta_l), concave beyond with its top at
    ((n - R_l)(1 - kappa) + R_l)/2.  The least over kappa = ``ratios`` x beat/n.
    """
    total = n[sets][:, None]
    kappa = np.asarray(ratios)[None, :] * beat / total                  # (sets, ratios)
    bound = kappa * total
    for label, beta in _label_betas(share, n, kept_cols, usable, sets):
        ok = usable[label, sets]
        r = kept_cols[label, sets][:, None]
        rest, cap = np.where(ok, n[sets] - r[:, 0], 1.0)[:, None], beta[:, None]

        def value(p):
            return p * (np.minimum(cap, 1 - np.maximum(p - r, 0) / rest) - kappa)

        kink = np.clip(r + rest * (1 - cap), 0, total)
        top = np.clip((rest * (1 - kappa) + r) / 2, kink, total)
        bound += np.where(ok[:, None], np.maximum(np.maximum(value(kink), value(top)), 0.0), 0.0)
    return bound.min(axis=1)


_FAMILY_LEVEL = 16     # the most families of kept sets bounded side by side before they are enumerated
_FAMILY_REST = 8       # clusters left undecided in the families that are enumerated
_RESOLVE_LIVE = 16     # a family with more sets left than this is bounded again, half its clusters decided


def _family_columns(kept, undecided, n, kept_cols, lam, labels, dtype=np.float32):
    """For a family ``kept`` <= S <= ``kept | undecided``: yields, label by label, M_l and its margin e_l.

    M_l(U) = max_{T0 in kept} [F_l(T0 | U) - lam(T0 | U)], U over the subsets of
    ``undecided`` (index bit t = its t-th cluster).  For T inside S, R_l(S) >= R_l(kept | T)
    and n(S) - R_l(S) <= that of V = kept | undecided, so each column of S,
    f_l(T) = P_T A_l(T)/R_l(S) - P_T (P_T - A_l(T))/(n - R_l)(S), is at most F_l(T) with
    those two totals; R_l(kept | T) = R_l(kept) + A_l(T & undecided).  The empty T
    (label unused) counts 0.  Computed in float32 (``dtype``): F_l = P A (1/r + 1/rest)
    - P^2/rest with A <= r, so both terms lie in [0, n(V)^2/rest], |lam(T)| <= sum_i |lam_i|,
    and a dozen roundings of relative size u = 2^-24 move M_l by less than
    e_l = 16 u (2 n(V)^2/rest + sum_i |lam_i|) (0 in float64, whose error is negligible here).
    """
    k = lam.size
    bit = np.arange(k)
    inner = np.flatnonzero((kept >> bit) & 1)
    outer = np.flatnonzero((undecided >> bit) & 1)
    whole = kept | undecided
    # rows: T0 inside kept; columns: U inside undecided (reduced over the rows at the end)
    p = _subset_sums(n[1 << inner][None, :])[0][:, None] + _subset_sums(n[1 << outer][None, :])[0][None, :]
    penalty = (p * p).astype(dtype)
    p = p.astype(dtype)
    lam_t = _subset_sums(lam[inner][None, :])[0][:, None] + _subset_sums(lam[outer][None, :])[0][None, :]
    lam_t = lam_t.astype(dtype)
    rest = n[whole] - kept_cols[:, whole]
    hits_in = _subset_sums(np.ascontiguousarray(kept_cols[:, 1 << inner])).astype(dtype)  # A_l(T0), (C, 2^|kept|)
    hits_out = _subset_sums(np.ascontiguousarray(kept_cols[:, 1 << outer]))                # A_l(U)
    u = 2.0 ** -24 if dtype == np.float32 else 0.0
    for label in np.flatnonzero(labels & (kept_cols[:, whole] > 0) & (rest > 0)):
        hits = hits_in[label][:, None] + hits_out[label].astype(dtype)[None, :]
        r = kept_cols[label, kept] + hits_out[label]                         # R_l(kept | T)
        with np.errstate(divide="ignore", invalid="ignore"):
            scale = (np.where(r > 0, 1.0 / r, 0.0) + 1.0 / rest[label]).astype(dtype)  # r = 0 only if A = 0
        column = p * hits * scale - penalty * dtype(1.0 / rest[label]) - lam_t
        column[0, 0] = 0.0
        yield column.max(axis=0).astype(np.float64), 16 * u * (2 * n[whole] ** 2 / rest[label] + np.abs(lam).sum())


def _family_bound(kept, undecided, n, kept_cols, lam, lam_sum, labels):
    """Bound of W = B n over every kept set S with ``kept`` <= S <= ``kept | undecided`` (bit masks).

    With prices ``lam`` (Lagrangian relaxation, as :func:`~bookeval_lib._merge_search._relaxation`)
    and F_l of :func:`_family_columns`, W <= lam(kept) + sum_{i undecided} max(0, lam_i) +
    sum_l max_{T in V} [F_l(T) - lam(T)].
    """
    k = lam.size
    bound = lam_sum[kept] + np.maximum(lam[(undecided >> np.arange(k)) & 1 == 1], 0.0).sum()
    for best, margin in _family_columns(kept, undecided, n, kept_cols, lam, labels):
        bound += best.max() + margin
    return bound


def _family_sets(kept, undecided, k):
    """The kept sets S with ``kept`` <= S <= ``kept | undecided``, as bit masks (index bit t: t-th undecided)."""
    outer = np.flatnonzero((undecided >> np.arange(k)) & 1)
    return kept | _subset_sums((1 << outer)[None, :].astype(float))[0].astype(np.intp)


def _family_set_bounds(kept, undecided, n, kept_cols, lam, labels):
    """Bounds of W = B n of each kept set S of a family, from one pass over the family's columns.

    A map of S gives each used label l a set T_l inside S, the T_l a partition of S, so
    W = lam(S) + sum_l [f_l(T_l) - lam(T_l)] <= U(S) = lam(S) + sum_l max_{T in S} [F_l(T) - lam(T)]
    (f_l <= F_l of :func:`_family_columns`); the max over T = T0 | U, U inside
    S & ``undecided``, is a running max of M_l over the subsets of ``undecided``.
    Returns the bounds and the sets, as bit masks.
    """
    k = lam.size
    outer = np.flatnonzero((undecided >> np.arange(k)) & 1)
    bound = (lam[(kept >> np.arange(k)) & 1 == 1].sum() + _subset_sums(lam[outer][None, :])[0])
    for best, margin in _family_columns(kept, undecided, n, kept_cols, lam, labels):
        best += margin
        bound += _over_subsets(best, np.maximum)                        # max over the subsets of each U
    return bound, _family_sets(kept, undecided, k)


def _alive_families(rows, n, kept_cols, lam, lam_sum, labels, beat, pure, cheap):
    """Bounds of W = B n of every kept set from families of them (``beat`` in W units).

    Families are split on one cluster at a time, largest first (kept or
    dropped; pure clusters stay kept): a family is dropped when its kept cases
    cannot exceed ``beat`` (B <= 1) or :func:`_family_bound` does not.  The
    splitting stops when more than ``_FAMILY_LEVEL`` families are left, when every
    bound is more than 50 % above ``beat`` (where tables spread every class over
    every cluster), or ``_FAMILY_REST`` clusters before the end; each family left
    then bounds its sets one by one (:func:`_family_set_bounds`), unless the
    bounds were hopeless.  Returns the bounds over all 2^K kept sets (-inf: in no
    family left; inf: not bounded) and the number of families bounded.
    """
    k = rows.size
    free = [int(i) for i in np.argsort(-rows, kind="stable") if not (pure >> int(i)) & 1]
    level, bounded, hopeless = [(pure, sum(1 << i for i in free))], 0, False
    for i in free[:max(0, len(free) - _FAMILY_REST)]:
        children, lowest = [], np.inf
        for kept, undecided in level:
            for child in ((kept | 1 << i, undecided & ~(1 << i)), (kept, undecided & ~(1 << i))):
                if n[child[0] | child[1]] <= beat or cheap[_family_sets(*child, k)].max() <= beat:
                    continue
                bounded += 1
                value = _family_bound(*child, n, kept_cols, lam, lam_sum, labels)
                lowest = min(lowest, value)
                if value > beat:
                    children.append(child)
        level = children
        hopeless = lowest > 1.5 * beat
        if len(level) > _FAMILY_LEVEL or hopeless:
            break
    bound = np.full(1 << k, -np.inf)
    every_set = np.arange(1 << k)
    for kept, undecided in level:
        bound[(every_set & kept == kept) & (every_set & ~(kept | undecided) == 0)] = np.inf
        if not hopeless:
            bounded += _resolve_family(kept, undecided, rows, n, kept_cols, lam, labels, beat, bound)
    return bound, bounded


def _resolve_family(kept, undecided, rows, n, kept_cols, lam, labels, beat, bound):
    """Lower ``bound`` (over all 2^K kept sets) to :func:`_family_set_bounds` of the family's sets.

    Where more than ``_RESOLVE_LIVE`` sets sharing the decisions on the larger half
    of the undecided clusters still exceed ``beat``, they are bounded again as a
    family with those decided (closer worst-case totals).  Returns the number of
    families bounded.
    """
    values, sets = _family_set_bounds(kept, undecided, n, kept_cols, lam, labels)
    np.minimum(bound[sets], values, out=values)
    bound[sets] = values
    bounded, live = 1, sets[values > beat]
    outer = [int(i) for i in np.argsort(-rows, kind="stable") if (undecided >> int(i)) & 1]
    if live.size > _RESOLVE_LIVE and len(outer) > 1:
        larger = sum(1 << i for i in outer[:len(outer) // 2])
        patterns, counts = np.unique(live & larger, return_counts=True)
        for pattern in patterns[counts > _RESOLVE_LIVE]:
            bounded += _resolve_family(kept | int(pattern), undecided & ~larger, rows, n, kept_cols, lam, labels,
                                       beat, bound)
    return bounded


def _paired_bounds(screened, lam_sum, n, kept_cols, usable):
    """Lagrangian bounds (prices lam, ``lam_sum`` = lam(T)) of every screened kept set S, over all pairs at once.

    U(S) = lam(S) + sum_l max_{T in S} [a_l(S) P_T A_l(T) - b_l(S) P_T^2 - lam(T)]
    (:func:`~bookeval_lib._merge_search._relaxation` with the coefficients of S).  Returns the bounds (the sets in
    increasing order, as ``np.flatnonzero(screened)``) and the number of pairs.
    """
    outside_t, subset, _ = _submask_pairs(lam_sum.size.bit_length() - 1)     # lam_sum has 2^K entries
    in_set = screened[outside_t | subset]
    sets, subset = (outside_t | subset)[in_set], subset[in_set]
    starts = np.flatnonzero(np.r_[True, sets[1:] != sets[:-1]])
    bound = lam_sum[sets[starts]].copy()
    a, b = _coefficients(kept_cols, n, usable)
    empty = subset == 0
    for label in range(a.shape[0]):
        term = a[label, sets] * n[subset] * kept_cols[label, subset] - b[label, sets] * n[subset] ** 2
        term = np.where(usable[label, sets], term - lam_sum[subset], -np.inf)
        term[empty] = 0.0
        bound += np.maximum.reduceat(term, starts)
    return bound, sets.size
