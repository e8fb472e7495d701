"""Confidence intervals for the informedness, markedness and correlation of a 2x2 table.

Their public home, and the account of the sampling model each interval assumes, of the defaults chosen by
coverage and of the references, is :mod:`bookeval_lib.uncertainty`, which re-exports them beside the tests
and the paired comparison.  They are written here, in a private module, so that
:mod:`~bookeval_lib.table_intervals` and :mod:`~bookeval_lib.metrics` can use them too without an import
circle (uncertainty's paired comparison uses the K-class intervals).
"""
from __future__ import annotations

from dataclasses import replace

import numpy as np

from . import _checks
from .measures import BinaryTable
from .results import Interval, _finish, _normal_quantile, _reason

__all__ = ["INTERVAL_METHODS", "informedness_interval", "markedness_interval", "correlation_interval"]

#: The interval methods of each measure, the default first (chosen by coverage: see each function).
INTERVAL_METHODS = {
    "informedness": ("agresti-caffo", "newcombe", "wald", "bootstrap"),
    "markedness": ("agresti-caffo", "newcombe", "wald", "bootstrap"),
    "correlation": ("delta", "fisher", "bootstrap"),
}

_BLOCK = 1 << 15  # elements per block of the vectorised interval formulas (256 kB per float array)

_PHI = "matthews_correlation"   # the measure of correlation_interval


# ---------------------------------------------------------------------- validation helpers
def _check_table(table, *, scalar=False, method=None, measure=None):
    if not isinstance(table, BinaryTable):
        from .contingency import Contingency
        if isinstance(table, Contingency):
            k_class = {"correlation": "matthews_correlation"}.get(measure, measure) or "..."
            raise ValueError(f"table must be a BinaryTable, got a {table.shape[0]} x {table.shape[1]} Contingency: "
                             f"for a K-class table use bookeval_lib.contingency_interval(table, "
                             f"measure={k_class!r}), or table.to_binary(label) for one label against the rest")
        _checks.instance(table, "table", BinaryTable)
    for name in ("tp", "fp", "fn", "tn"):
        cell = np.ravel(getattr(table, name))
        if not all(np.array_equal(part, np.floor(part)) for part in
                   (cell[start:start + _BLOCK] for start in range(0, cell.size, _BLOCK))):
            raise ValueError(f"table must hold counts (whole numbers): {name} is not; "
                             "an interval depends on N, so proportions cannot be used")
    if scalar and table.shape:
        raise ValueError(f"table must be a single table for method={method!r} (call it once per table), "
                         f"got an array of shape {table.shape}")


def _check_method(method, allowed, name="method"):
    _checks.choice(method, name, allowed)


def _check_positive_int(name, value, minimum=1):
    return _checks.positive_integer(value, name, minimum=minimum)


def _interval_options(table, measure, method, confidence, n_resamples, seed):
    """Validate the arguments every interval function shares; returns (confidence, n_resamples, seed)."""
    _check_method(method, INTERVAL_METHODS[measure])
    _check_table(table, scalar=method == "bootstrap", method=method, measure=measure)
    return _checks.confidence(confidence), _check_positive_int("n_resamples", n_resamples), _checks.seed(seed)


# ---------------------------------------------------------------------- two proportions
def _wilson_distances(count, nobs, z):
    """(p, p - l, u - p) for Wilson's (1927) score interval (l, u) of p = count/nobs, nobs > 0.

    centre = (p + z^2/2n)/(1 + z^2/n), half-width = z sqrt(p(1 - p)/n + z^2/4n^2)/(1 + z^2/n);
    l and u are clipped to [0, 1] (they lie there but for rounding).  Written with
    in-place operations: it runs on 10^6 tables at once.
    """
    inverse = 1.0 / nobs
    p = count * inverse
    z2_n = (z * z) * inverse
    scale = 1.0 + z2_n
    np.divide(1.0, scale, out=scale)  # 1/(1 + z^2/n)
    half = p * (1.0 - p)
    half += 0.25 * z2_n
    half *= inverse
    np.sqrt(half, out=half)
    half *= scale
    half *= z
    centre = z2_n
    centre *= 0.5
    centre += p
    centre *= scale
    below = np.subtract(centre, half, out=scale)
    np.maximum(below, 0.0, out=below)  # l
    np.subtract(p, below, out=below)  # p - l
    above = np.add(centre, half, out=centre)
    np.minimum(above, 1.0, out=above)  # u
    above -= p  # u - p
    return p, below, above


def _difference_interval(count1, nobs1, count2, nobs2, method, z):
    """(estimate, low, high, undefined) for p1 - p2 from two independent binomial samples, unclipped.

    Tables with nobs1 = 0 or nobs2 = 0 give nan (no warning).
    """
    undefined = (nobs1 == 0) | (nobs2 == 0)
    some_undefined = bool(undefined.any())
    if some_undefined:
        nobs1 = np.where(nobs1 == 0, 1.0, nobs1)  # count is 0 there too, so 0 <= count/nobs <= 1
        nobs2 = np.where(nobs2 == 0, 1.0, nobs2)
    if method == "newcombe":
        p1, below1, above1 = _wilson_distances(count1, nobs1, z)
        p2, below2, above2 = _wilson_distances(count2, nobs2, z)
        difference = p1 - p2
        # low = d - sqrt((p1 - l1)^2 + (u2 - p2)^2), high = d + sqrt((u1 - p1)^2 + (p2 - l2)^2)
        below1 *= below1
        above2 *= above2
        below1 += above2
        low = np.subtract(difference, np.sqrt(below1, out=below1), out=below1)
        above1 *= above1
        below2 *= below2
        above1 += below2
        high = np.add(difference, np.sqrt(above1, out=above1), out=above1)
    else:
        difference = count1 / nobs1 - count2 / nobs2
        add = 1.0 if method == "agresti-caffo" else 0.0
        n1, n2 = nobs1 + 2.0 * add, nobs2 + 2.0 * add
        q1, q2 = (count1 + add) / n1, (count2 + add) / n2
        half = z * np.sqrt(q1 * (1.0 - q1) / n1 + q2 * (1.0 - q2) / n2)
        low, high = q1 - q2 - half, q1 - q2 + half
    if some_undefined:
        difference, low, high = (np.where(undefined, np.nan, x) for x in (difference, low, high))
    return difference, low, high, undefined


def _proportion_difference_interval(successes1, nobs1, successes2, nobs2, method,
                                    confidence, n_resamples, seed, margin_reason):
    """Shared body of informedness_interval and markedness_interval."""
    z = _normal_quantile(confidence)
    shape = np.shape(successes1)
    flat = [np.ravel(x) for x in (successes1, nobs1, successes2, nobs2)]
    estimate, low, high = (np.empty(flat[0].size) for _ in range(3))
    undefined = np.empty(flat[0].size, dtype=bool)
    # In blocks that fit in the processor's cache: the formulas make some 40 passes over the arrays.
    for start in range(0, max(flat[0].size, 1), _BLOCK):
        block = slice(start, start + _BLOCK)
        count1, total1, count2, total2 = (x[block] for x in flat)
        for out, value in zip((estimate, low, high, undefined), _difference_interval(
                count1, total1, count2, total2, "wald" if method == "bootstrap" else method, z)):
            out[block] = value
    estimate, low, high, undefined = (x.reshape(shape) for x in (estimate, low, high, undefined))
    if method != "bootstrap":
        return _finish(low, high, estimate, method, confidence, undefined,
                       _reason(undefined, margin_reason))
    nobs1, nobs2 = int(nobs1), int(nobs2)
    if nobs1 < 2 or nobs2 < 2:
        return _finish(np.nan, np.nan, estimate, method, confidence, True,
                       margin_reason if min(nobs1, nobs2) == 0 else
                       "the bootstrap needs at least two cases in each group")
    if successes1 in (0, nobs1) and successes2 in (0, nobs2):
        return _finish(np.nan, np.nan, estimate, method, confidence, True,
                       "the bootstrap distribution is degenerate: every resample gives the same value")
    from ._resampling import two_proportions
    result = two_proportions(successes1, nobs1, successes2, nobs2, confidence=confidence,
                             n_resamples=n_resamples, seed=seed)
    failed = bool(np.isnan(result.low) or np.isnan(result.high))
    return _finish(result.low, result.high, estimate, method, confidence, failed,
                   "BCa failed (a degenerate bootstrap distribution)" if failed else None)


# ---------------------------------------------------------------------- intervals
def informedness_interval(table: BinaryTable, *, confidence: float = 0.95, method: str = "agresti-caffo",
                          n_resamples: int = 9999, seed: int = 0) -> Interval:
    """Confidence interval for informedness B = TP/RP - FP/RN = tpr - fpr.

    Conditions on the real margins RP, RN and treats TP ~ Bin(RP, tpr) and
    FP ~ Bin(RN, fpr) as independent (module docstring).  z = Phi^-1((1 + confidence)/2).

    ``"wald"``: B +- z sqrt(tpr(1 - tpr)/RP + fpr(1 - fpr)/RN); zero width when
    both rates are 0 or 1.
    ``"newcombe"`` (Newcombe 1998, method 10): with Wilson (1927)
    limits (l1, u1) for tpr and (l2, u2) for fpr,
    low = B - sqrt((tpr - l1)^2 + (u2 - fpr)^2), high = B + sqrt((u1 - tpr)^2 + (fpr - l2)^2).
    ``"agresti-caffo"`` (default; Agresti & Caffo 2000): the Wald interval after adding one
    success and one failure to each class: tpr' = (TP + 1)/(RP + 2), fpr' = (FP + 1)/(RN + 2).
    ``"bootstrap"``: BCa (Efron 1987) with the cases of each real class resampled
    separately (class-stratified), drawn as TP* ~ Bin(RP, tpr), FP* ~ Bin(RN, fpr)
    (:func:`bookeval_lib._resampling.two_proportions`; memory O(n_resamples) at any N),
    ``n_resamples`` resamples from ``numpy.random.default_rng(seed)``; one table only.

    Why Agresti-Caffo is the default: its exact coverage at fixed RP, RN
    (:func:`bookeval_lib.coverage.exact_coverage_sweep`: every N <= 100, every
    composition, G = 0, 0.01, ..., 0.99, label bias = prevalence) never falls
    below 0.904 when each class has at least 5 cases (0.924 with 10, 0.934 with
    20), where Newcombe's falls to 0.834 (0.843, 0.864: near G = 1) and Wald's
    to 0.049.  Averaged over a random composition (N = 20, prevalence 0.05) the
    lowest are 0.890 and 0.868.  The price is width: about 7 % wider than
    Newcombe's on average in notebook 09's study.  With one or two cases in a
    class no method holds (Agresti-Caffo 0.77, Newcombe 0.80 at worst).

    The limits are clipped to [-1, 1].  nan where RP = 0 or RN = 0.  Returns an
    :class:`Interval`; ``low, high = informedness_interval(t)`` unpacks it.
    Vectorised: ``table`` may hold an array of tables (all methods but bootstrap).

    Parameters
    ----------
    table : BinaryTable
        Counts (whole numbers): one table, or an array of tables.
    confidence : float, default=0.95
        The confidence level, strictly between 0 and 1.
    method : {"agresti-caffo", "newcombe", "wald", "bootstrap"}, default="agresti-caffo"
        The interval, as above.
    n_resamples : int, default=9999
        The bootstrap's resamples (>= 1); used by ``"bootstrap"`` only.
    seed : int, default=0
        The seed (>= 0) of ``numpy.random.default_rng``; used by ``"bootstrap"`` only.

    Returns
    -------
    Interval
        ``estimate`` (B), ``low``, ``high``, ``method``, ``confidence``, and ``undefined`` /
        ``reason``; floats for one table, arrays of ``table.shape`` for many; nan where undefined.

    Raises
    ------
    ValueError
        If ``table`` is not a :class:`BinaryTable` of whole-number counts; if ``method`` is not
        one of :data:`INTERVAL_METHODS` ``["informedness"]``, or is ``"bootstrap"`` with an array
        of tables; if ``confidence``, ``n_resamples`` or ``seed`` is out of range.

    Examples
    --------
    B = 40/50 - 10/50 = 0.6; Agresti–Caffo adds a success and a failure to each rate:
    41/52 - 11/52 = 0.5769 +- 1.96 sqrt((41*11 + 11*41)/52**3) = 0.5769 +- 0.1570.

    >>> print(informedness_interval(BinaryTable(tp=40, fp=10, fn=10, tn=40)))
    B = 0.600 [0.420, 0.734] (95 %, Agresti–Caffo)
    """
    confidence, n_resamples, seed = _interval_options(table, "informedness", method, confidence, n_resamples,
                                                      seed)
    tp, fp, rp, rn = (np.asarray(x, dtype=float) for x in
                      (table.tp, table.fp, table.real_positives, table.real_negatives))
    return replace(_proportion_difference_interval(tp, rp, fp, rn, method, confidence, n_resamples, seed,
                                                   "no real positives or no real negatives (RP = 0 or RN = 0)"),
                   measure="informedness")


def markedness_interval(table: BinaryTable, *, confidence: float = 0.95, method: str = "agresti-caffo",
                        n_resamples: int = 9999, seed: int = 0) -> Interval:
    """Confidence interval for markedness M = TP/PP - FN/PN = precision - (1 - inverse precision).

    The dual of :func:`informedness_interval` (swap the roles of real and
    predicted): it conditions on the *prediction* margins PP and PN, treating
    TP ~ Bin(PP, PPV) and FN ~ Bin(PN, FOR) as independent.  When the N cases
    are a random sample of a population (the cells multinomial), that is their
    exact law given PP and PN, so nothing is left out by conditioning on the
    random numbers of predictions; the model does not hold for a test set of
    fixed composition (there TP + FN = RP).  The methods are those of
    :func:`informedness_interval` with (TP, PP) and (FN, PN) in place of
    (TP, RP) and (FP, RN); the bootstrap resamples within each predicted class.
    The default is Agresti-Caffo for the same reason: given PP and PN its exact
    coverage is that of the informedness interval with PP, PN, PPV, FOR in place
    of RP, RN, tpr, fpr.

    Clipped to [-1, 1]; nan where PP = 0 or PN = 0.

    Parameters
    ----------
    table : BinaryTable
        Counts (whole numbers): one table, or an array of tables.
    confidence : float, default=0.95
        The confidence level, strictly between 0 and 1.
    method : {"agresti-caffo", "newcombe", "wald", "bootstrap"}, default="agresti-caffo"
        The interval, as in :func:`informedness_interval`.
    n_resamples : int, default=9999
        The bootstrap's resamples (>= 1); used by ``"bootstrap"`` only.
    seed : int, default=0
        The seed (>= 0) of ``numpy.random.default_rng``; used by ``"bootstrap"`` only.

    Returns
    -------
    Interval
        ``estimate`` (M), ``low``, ``high`` and the rest, as in :func:`informedness_interval`;
        nan where PP = 0 or PN = 0.

    Raises
    ------
    ValueError
        As :func:`informedness_interval`.

    Examples
    --------
    M = 40/50 - 20/50 = 0.4 (precision minus the real positives' share of the negative
    predictions); Agresti–Caffo: 41/52 - 21/52 = 0.3846 +- 1.96 sqrt((41*11 + 21*31)/52**3)
    = 0.3846 +- 0.1735.

    >>> print(markedness_interval(BinaryTable(tp=40, fp=10, fn=20, tn=30)))
    M = 0.400 [0.211, 0.558] (95 %, Agresti–Caffo)
    """
    confidence, n_resamples, seed = _interval_options(table, "markedness", method, confidence, n_resamples,
                                                      seed)
    tp, fn, pp, pn = (np.asarray(x, dtype=float) for x in
                      (table.tp, table.fn, table.predicted_positives, table.predicted_negatives))
    return replace(_proportion_difference_interval(tp, pp, fn, pn, method, confidence, n_resamples, seed,
                                                   "nothing predicted positive or nothing predicted negative "
                                                   "(PP = 0 or PN = 0)"), measure="markedness")


def correlation_interval(table: BinaryTable, *, confidence: float = 0.95, method: str = "delta",
                         n_resamples: int = 9999, seed: int = 0) -> Interval:
    """Confidence interval for the correlation phi = (TP*TN - FP*FN)/sqrt(RP*RN*PP*PN) (Matthews).

    The four cells are one multinomial sample of N cases.

    ``"delta"`` (default; Bishop, Fienberg & Holland 1975, 11.3): phi +- z sqrt(V/N) with
    V = 1 - phi^2 + phi(1 + phi^2/2)(pp - pn)(rp - rn)/sqrt(pp pn rp rn)
    - (3/4) phi^2 ((pp - pn)^2/(pp pn) + (rp - rn)^2/(rp rn)), the delta-method
    variance of phi under multinomial sampling (notebook 09b derives it with sympy).
    ``"fisher"`` (Fisher 1921): tanh(atanh(phi) +- z/sqrt(N - 3)), as
    ``scipy.stats.pearsonr(...).confidence_interval()`` gives for the 0/1 codes
    of the N cases.  nan if N <= 3; the single point phi when abs(phi) = 1.
    ``"bootstrap"``: BCa (Efron 1987), the N cases resampled together, drawn as
    one multinomial of the four cells per resample
    (:func:`bookeval_lib._resampling.correlation`; memory O(n_resamples) at any N);
    one table only; nan if a resample needed by BCa has an empty margin.

    Why the delta method is the default: 1/(N - 3) is the variance of atanh(r)
    for bivariate normal data, not for a 2x2 table, so Fisher's z does not reach
    its nominal coverage as N grows unless phi = 0.  Simulated in notebook 09
    (4,000 tables per setting, standard error <= 0.008, informedness G, label
    bias = prevalence 0.05, 0.3 or 0.5, so phi is about G): at N = 1000 and
    G = 0.9 Fisher's z covers 0.30-0.62 and the delta interval 0.93-0.95; at
    N = 100, G = 0.9 they cover 0.33-0.62 and 0.63-0.91.  Fisher's z is better at
    phi = 0 with few cases (N = 100, prevalence 0.05: 0.94 against 0.28).
    Neither is safe for small N or a rare class: report the intervals of B and M
    there (phi = +-sqrt(B M)).

    Clipped to [-1, 1]; nan where a margin is 0.

    Parameters
    ----------
    table : BinaryTable
        Counts (whole numbers): one table, or an array of tables.
    confidence : float, default=0.95
        The confidence level, strictly between 0 and 1.
    method : {"delta", "fisher", "bootstrap"}, default="delta"
        The interval, as above.
    n_resamples : int, default=9999
        The bootstrap's resamples (>= 1); used by ``"bootstrap"`` only.
    seed : int, default=0
        The seed (>= 0) of ``numpy.random.default_rng``; used by ``"bootstrap"`` only.

    Returns
    -------
    Interval
        ``estimate`` (phi, the measure ``"matthews_correlation"``), ``low``, ``high`` and the
        rest, as in :func:`informedness_interval`; nan where a margin is 0 (``"fisher"``: also
        N <= 3; ``"bootstrap"``: also where BCa fails).

    Raises
    ------
    ValueError
        As :func:`informedness_interval`, with the methods of :data:`INTERVAL_METHODS`
        ``["correlation"]``.

    Examples
    --------
    MCC = (40*40 - 10*10)/(50*50) = 0.6 (every margin is 50):

    >>> interval = correlation_interval(BinaryTable(tp=40, fp=10, fn=10, tn=40))
    >>> round(float(interval.estimate), 4), bool(interval.low < 0.6 < interval.high)
    (0.6, True)
    """
    confidence, n_resamples, seed = _interval_options(table, "correlation", method, confidence, n_resamples,
                                                      seed)
    z = _normal_quantile(confidence)
    phi = np.asarray(table.matthews_correlation, dtype=float)
    n = np.asarray(table.total, dtype=float)
    margin_reason = "a margin is 0 (RP, RN, PP or PN), so phi is undefined"
    undefined = np.isnan(phi)
    if method == "fisher":
        too_small = ~undefined & (n <= 3)
        undefined = undefined | too_small
        with np.errstate(divide="ignore", invalid="ignore"):
            centre = np.arctanh(phi)
            half = z / np.sqrt(np.where(too_small, 1.0, n - 3.0))
            low, high = np.tanh(centre - half), np.tanh(centre + half)
        reason = _reason(undefined, margin_reason + ", or N <= 3")
        return _finish(low, high, phi, method, confidence, undefined, reason, measure=_PHI)
    if method == "delta":
        rp, rn, pp, pn = (np.asarray(x, dtype=float) / np.where(n > 0, n, 1.0) for x in
                          (table.real_positives, table.real_negatives,
                           table.predicted_positives, table.predicted_negatives))
        with np.errstate(divide="ignore", invalid="ignore"):
            variance = (1.0 - phi ** 2
                        + phi * (1.0 + phi ** 2 / 2.0) * (pp - pn) * (rp - rn) / np.sqrt(pp * pn * rp * rn)
                        - 0.75 * phi ** 2 * ((pp - pn) ** 2 / (pp * pn) + (rp - rn) ** 2 / (rp * rn)))
            half = z * np.sqrt(np.clip(variance, 0.0, None) / n)
        return _finish(phi - half, phi + half, phi, method, confidence, undefined,
                       _reason(undefined, margin_reason), measure=_PHI)
    if undefined:
        return _finish(np.nan, np.nan, phi, method, confidence, True, margin_reason, measure=_PHI)
    from ._resampling import correlation
    result = correlation(table, confidence=confidence, n_resamples=n_resamples, seed=seed)
    low, high = result.low, result.high
    failed = np.isnan(low) or np.isnan(high)
    return _finish(low, high, phi, method, confidence, failed,
                   "BCa failed: a resample has an empty margin or the bootstrap distribution "
                   "is degenerate" if failed else None, measure=_PHI)


# The public home of these functions is bookeval_lib.uncertainty (this module is private, so that
# table_intervals, metrics and uncertainty can all use them without importing one another in a circle).
for _function in (informedness_interval, markedness_interval, correlation_interval):
    _function.__module__ = "bookeval_lib.uncertainty"
