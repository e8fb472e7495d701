"""How precisely a 2x2 table measures informedness, markedness and correlation (issue 13).

Confidence intervals, the significance tests behind them, and a Monte Carlo
measurement of how often each interval actually covers the true value.

Which sampling model each interval assumes
------------------------------------------
* Informedness B = tpr - fpr = TP/RP - FP/RN is a difference of two
  proportions.  Its intervals condition on the *real* margins RP and RN (the
  test set's composition is taken as fixed by design) and treat TP ~ Bin(RP,
  tpr) and FP ~ Bin(RN, fpr) as independent.
* Markedness M = PPV - FOR = TP/PP - FN/PN is the dual: its intervals
  condition on the *prediction* margins PP and PN and treat TP ~ Bin(PP, PPV)
  and FN ~ Bin(PN, FOR) as independent.  That assumes the numbers of positive
  and negative predictions are fixed; they are random in an evaluation, so the
  interval ignores that part of the variation.
* Correlation phi (Matthews) treats the four cells as one multinomial sample of
  N cases (nothing conditioned on).

Every interval is clipped to the measure's range [-1, 1]; :attr:`Interval.clipped`
says where a limit was moved.  A table on which the measure or the interval is
undefined gives ``nan`` (no warning) and :attr:`Interval.reason` says why.
Tables must hold counts (whole numbers): an interval depends on N.

References
----------
Newcombe 1998: R. G. Newcombe, "Interval estimation for the difference between
independent proportions: comparison of eleven methods", Statistics in
Medicine 17:873-890 (method 10, square-and-add Wilson).
Agresti & Caffo 2000: "Simple and effective confidence intervals for
proportions and differences of proportions result from adding two successes
and two failures", The American Statistician 54:280-288.
Wilson 1927: "Probable inference, the law of succession, and statistical
inference", JASA 22:209-212.
Fisher 1921: "On the 'probable error' of a coefficient of correlation deduced
from a small sample", Metron 1:3-32 (the z-transform).
Bishop, Fienberg & Holland 1975: Discrete Multivariate Analysis, MIT Press,
section 11.3 (the delta-method variance of phi).
McNemar 1947: "Note on the sampling error of the difference between correlated
proportions or percentages", Psychometrika 12:153-157.
Efron 1987: "Better bootstrap confidence intervals", JASA 82:171-185 (BCa).
Barnard 1945, Boschloo 1970, Fisher 1935: the exact tests, via scipy.stats.
Powers 2011: "Evaluation: from precision, recall and F-measure to ROC,
informedness, markedness and correlation", J. Machine Learning Technologies 2:37-63.
"""
from __future__ import annotations
import warnings
from dataclasses import dataclass

import numpy as np

from . import _checks
from .measures import MEASURES, BinaryTable, positive_masks


__all__ = [
    "Interval", "Significance", "Comparison", "Coverage", "INTERVAL_METHODS", "TEST_METHODS",
    "informedness_interval", "markedness_interval", "correlation_interval",
    "independence_test", "mcnemar", "compare_classifiers", "coverage",
]

#: The interval methods of each measure, the default first.
INTERVAL_METHODS = {
    "informedness": ("newcombe", "wald", "agresti-caffo", "bootstrap"),
    "markedness": ("newcombe", "wald", "agresti-caffo", "bootstrap"),
    "correlation": ("fisher", "delta", "bootstrap"),
}

_BLOCK = 1 << 15  # elements per block of the vectorised interval formulas (256 kB per float array)

#: The methods of :func:`independence_test`: the chi^2 approximation and three exact tests.
TEST_METHODS = ("chi2", "fisher", "barnard", "boschloo")


# ---------------------------------------------------------------------- results
@dataclass(frozen=True, eq=False)
class Interval:
    """A confidence interval (or an array of them); unpacks as ``low, high``.

    Attributes
    ----------
    low, high : float or ndarray
        The limits, clipped to the measure's range; ``nan`` where undefined.
    estimate : float or ndarray
        The point estimate of the measure on the table.
    method : str
        How the interval was computed (see :data:`INTERVAL_METHODS`).
    confidence : float
        The nominal coverage, e.g. 0.95.
    clipped : bool or ndarray of bool
        True where a limit lay outside the measure's range and was moved to it.
    undefined : bool or ndarray of bool
        True where the interval is ``nan``.
    reason : str or None
        Why intervals are undefined (for an array: how many and which margin), else None.
    """

    low: object
    high: object
    estimate: object
    method: str
    confidence: float
    clipped: object
    undefined: object
    reason: str | None = None

    def __iter__(self):
        return iter((self.low, self.high))

    def __len__(self):
        return 2

    def __getitem__(self, index):
        return (self.low, self.high)[index]

    @property
    def width(self):
        """high - low."""
        return _scalar_or_array(np.asarray(self.high) - np.asarray(self.low))

    def contains(self, value):
        """True where low <= value <= high (False where undefined)."""
        value = _checks.real_values(value, "value")
        return _scalar_or_array((np.asarray(self.low) <= value) & (value <= np.asarray(self.high)))


@dataclass(frozen=True, eq=False)
class Significance:
    """The result of a significance test (or an array of them).

    ``statistic`` is the test's own statistic (chi^2, the odds ratio for Fisher,
    the Wald statistic for Barnard, Fisher's p-value for Boschloo, min(FP, FN)
    for the exact McNemar test); ``pvalue`` the two-sided p-value; ``undefined``
    and ``reason`` as in :class:`Interval`.
    """

    statistic: object
    pvalue: object
    method: str
    undefined: object
    reason: str | None = None


@dataclass(frozen=True, eq=False)
class Comparison:
    """Two classifiers scored on the same cases (:func:`compare_classifiers`).

    ``estimate_a`` and ``estimate_b`` are the measure of each; ``difference`` the
    paired bootstrap :class:`Interval` of A - B (its ``estimate`` is the observed
    difference); ``mcnemar`` the test on the discordant cases, of which
    ``a_only`` were right only for A and ``b_only`` right only for B.
    """

    measure: str
    estimate_a: float
    estimate_b: float
    difference: Interval
    mcnemar: Significance
    a_only: int
    b_only: int


# ---------------------------------------------------------------------- validation helpers
def _scalar_or_array(value):
    value = np.asarray(value)
    if value.ndim:
        return value
    return bool(value) if value.dtype.kind == "b" else float(value)


def _check_table(table, *, scalar=False, method=None):
    if not isinstance(table, BinaryTable):
        raise ValueError(f"table must be a BinaryTable, not {type(table).__name__}")
    for name in ("tp", "fp", "fn", "tn"):
        cell = np.ravel(getattr(table, name))
        if not all(np.array_equal(part, np.floor(part)) for part in
                   (cell[start:start + _BLOCK] for start in range(0, cell.size, _BLOCK))):
            raise ValueError(f"table must hold counts (whole numbers): {name} is not; "
                             "an interval depends on N, so proportions cannot be used")
    if scalar and table.shape:
        raise ValueError(f"method={method!r} takes a single table (scalar tables only), not an "
                         f"array of shape {table.shape}; call it once per table")


def _check_confidence(confidence):
    return float(_checks.probabilities(_checks.real_number(confidence, "confidence"), "confidence",
                                       open_interval=True))


def _check_method(method, allowed, name="method"):
    if method not in allowed:
        raise ValueError(f"{name} must be one of {', '.join(map(repr, allowed))}, not {method!r}")


def _check_positive_int(name, value, minimum=1):
    return _checks.positive_integer(value, name, minimum=minimum)


def _interval_options(table, measure, method, confidence, n_resamples):
    """Validate the arguments every interval function shares; returns (confidence, n_resamples)."""
    _check_method(method, INTERVAL_METHODS[measure])
    _check_table(table, scalar=method == "bootstrap", method=method)
    return _check_confidence(confidence), _check_positive_int("n_resamples", n_resamples)


def _normal_quantile(confidence):
    """z with Pr(|Z| <= z) = confidence for a standard normal Z."""
    from scipy.special import ndtri
    return float(-ndtri((1.0 - confidence) / 2.0))


def _reason(undefined, description):
    """The reason string of an Interval or Significance: None when everything is defined."""
    undefined = np.asarray(undefined)
    count = int(undefined.sum())
    if count == 0:
        return None
    if undefined.ndim == 0:
        return description
    return f"{count} of {undefined.size} tables: {description}"


def _finish(low, high, estimate, method, confidence, undefined, reason, bounds=(-1.0, 1.0)):
    """Clip to the measure's range, set nan where undefined, wrap in an Interval.

    ``low`` and ``high`` may be overwritten (callers pass arrays they own).
    """
    low = np.array(low, dtype=float, copy=None)
    high = np.array(high, dtype=float, copy=None)
    undefined = np.asarray(undefined) | np.isnan(low) | np.isnan(high)
    clipped = (low < bounds[0]) | (high > bounds[1])  # False where nan
    for limit in (low, high):
        np.maximum(limit, bounds[0], out=limit)
        np.minimum(limit, bounds[1], out=limit)
    if undefined.any():
        low[undefined] = np.nan
        high[undefined] = np.nan
    return Interval(_scalar_or_array(low), _scalar_or_array(high),
                    _scalar_or_array(np.asarray(estimate, dtype=float)), method, confidence,
                    _scalar_or_array(clipped), _scalar_or_array(undefined), reason)


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


def _bootstrap(data, statistic, confidence, n_resamples, seed, paired=False):
    """BCa interval (Efron 1987) by scipy.stats.bootstrap; (nan, nan) if it is degenerate."""
    from scipy.stats import bootstrap
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        result = bootstrap(data, statistic, n_resamples=n_resamples, confidence_level=confidence,
                           method="BCa", paired=paired, vectorized=True,
                           rng=np.random.default_rng(seed))
    return float(result.confidence_interval.low), float(result.confidence_interval.high)


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
        for out, value in zip((estimate, low, high, undefined), _difference_interval(
                *(x[block] for x in flat), "wald" if method == "bootstrap" else method, z)):
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
    sample1 = np.repeat([1.0, 0.0], [int(successes1), nobs1 - int(successes1)])
    sample2 = np.repeat([1.0, 0.0], [int(successes2), nobs2 - int(successes2)])
    if np.ptp(sample1) == 0 and np.ptp(sample2) == 0:
        return _finish(np.nan, np.nan, estimate, method, confidence, True,
                       "the bootstrap distribution is degenerate: every resample gives the same value")

    def difference(x, y, axis=-1):
        return x.mean(axis=axis) - y.mean(axis=axis)

    low, high = _bootstrap((sample1, sample2), difference, confidence, n_resamples, seed)
    return _finish(low, high, estimate, method, confidence, np.isnan(low) | np.isnan(high),
                   "BCa failed (a degenerate bootstrap distribution)" if np.isnan(low + high) else None)


# ---------------------------------------------------------------------- intervals
def informedness_interval(table: BinaryTable, *, confidence: float = 0.95, method: str = "newcombe",
                          n_resamples: int = 9999, seed: int = 0) -> Interval:
    """Confidence interval for informedness B = TP/RP - FP/RN = tpr - fpr.

    Conditions on the real margins RP, RN and treats TP ~ Bin(RP, tpr) and
    FP ~ Bin(RN, fpr) as independent (module docstring).  z = Phi^-1((1 + confidence)/2).

    ``"wald"``: B +- z sqrt(tpr(1 - tpr)/RP + fpr(1 - fpr)/RN); zero width when
    both rates are 0 or 1.
    ``"newcombe"`` (default; Newcombe 1998, method 10): with Wilson (1927)
    limits (l1, u1) for tpr and (l2, u2) for fpr,
    low = B - sqrt((tpr - l1)^2 + (u2 - fpr)^2), high = B + sqrt((u1 - tpr)^2 + (fpr - l2)^2).
    ``"agresti-caffo"`` (Agresti & Caffo 2000): the Wald interval after adding one
    success and one failure to each class: tpr' = (TP + 1)/(RP + 2), fpr' = (FP + 1)/(RN + 2).
    ``"bootstrap"``: BCa (Efron 1987) by ``scipy.stats.bootstrap`` with the cases
    of each real class resampled separately (class-stratified), ``n_resamples``
    resamples from ``numpy.random.default_rng(seed)``; one table only.

    The limits are clipped to [-1, 1].  nan where RP = 0 or RN = 0.  Returns an
    :class:`Interval`; ``low, high = informedness_interval(t)`` unpacks it.
    Vectorised: ``table`` may hold an array of tables (all methods but bootstrap).
    """
    confidence, n_resamples = _interval_options(table, "informedness", method, confidence, n_resamples)
    tp, fp, rp, rn = (np.asarray(x, dtype=float) for x in
                      (table.tp, table.fp, table.real_positives, table.real_negatives))
    return _proportion_difference_interval(tp, rp, fp, rn, method, confidence,
                                           n_resamples, seed,
                                           "no real positives or no real negatives (RP = 0 or RN = 0)")


def markedness_interval(table: BinaryTable, *, confidence: float = 0.95, method: str = "newcombe",
                        n_resamples: int = 9999, seed: int = 0) -> Interval:
    """Confidence interval for markedness M = TP/PP - FN/PN = precision - (1 - inverse precision).

    The dual of :func:`informedness_interval` (swap the roles of real and
    predicted): it conditions on the *prediction* margins PP and PN, treating
    TP ~ Bin(PP, PPV) and FN ~ Bin(PN, FOR) as independent.  That assumes the
    numbers of positive and negative predictions are fixed; in an evaluation
    they vary too, so the interval leaves that variation out.  The methods are
    those of :func:`informedness_interval` with (TP, PP) and (FN, PN) in place of
    (TP, RP) and (FP, RN); the bootstrap resamples within each predicted class.

    Clipped to [-1, 1]; nan where PP = 0 or PN = 0.  Returns an :class:`Interval`.
    """
    confidence, n_resamples = _interval_options(table, "markedness", method, confidence, n_resamples)
    tp, fn, pp, pn = (np.asarray(x, dtype=float) for x in
                      (table.tp, table.fn, table.predicted_positives, table.predicted_negatives))
    return _proportion_difference_interval(tp, pp, fn, pn, method, confidence,
                                           n_resamples, seed,
                                           "nothing predicted positive or nothing predicted negative "
                                           "(PP = 0 or PN = 0)")


def _phi_from_codes(codes, axis=-1):
    """phi of the tables counted from cell codes 0 = TP, 1 = FP, 2 = FN, 3 = TN along ``axis``."""
    counts = [np.count_nonzero(codes == k, axis=axis) for k in range(4)]
    return np.asarray(BinaryTable(tp=counts[0], fp=counts[1], fn=counts[2], tn=counts[3]).mcc)


def correlation_interval(table: BinaryTable, *, confidence: float = 0.95, method: str = "fisher",
                         n_resamples: int = 9999, seed: int = 0) -> Interval:
    """Confidence interval for the correlation phi = (TP*TN - FP*FN)/sqrt(RP*RN*PP*PN) (Matthews).

    The four cells are one multinomial sample of N cases.

    ``"fisher"`` (default; Fisher 1921): tanh(atanh(phi) +- z/sqrt(N - 3)), as
    ``scipy.stats.pearsonr(...).confidence_interval()`` gives for the 0/1 codes
    of the N cases.  nan if N <= 3; the single point phi when |phi| = 1.
    ``"delta"`` (Bishop, Fienberg & Holland 1975, 11.3): phi +- z sqrt(V/N) with
    V = 1 - phi^2 + phi(1 + phi^2/2)(pp - pn)(rp - rn)/sqrt(pp pn rp rn)
    - (3/4) phi^2 ((pp - pn)^2/(pp pn) + (rp - rn)^2/(rp rn)), the delta-method
    variance of phi under multinomial sampling (notebook 10 derives it with sympy).
    ``"bootstrap"``: BCa (Efron 1987), the N cases resampled together; one
    table only; nan if a resample needed by BCa has an empty margin.

    Clipped to [-1, 1]; nan where a margin is 0.  Returns an :class:`Interval`.
    """
    confidence, n_resamples = _interval_options(table, "correlation", method, confidence, n_resamples)
    z = _normal_quantile(confidence)
    phi = np.asarray(table.mcc, dtype=float)
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
        return _finish(low, high, phi, method, confidence, undefined, reason)
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
                       _reason(undefined, margin_reason))
    if undefined:
        return _finish(np.nan, np.nan, phi, method, confidence, True, margin_reason)
    codes = np.repeat(np.arange(4), [int(table.tp), int(table.fp), int(table.fn), int(table.tn)])
    low, high = _bootstrap((codes,), _phi_from_codes, confidence, n_resamples, seed)
    failed = np.isnan(low) or np.isnan(high)
    return _finish(low, high, phi, method, confidence, failed,
                   "BCa failed: a resample has an empty margin or the bootstrap distribution "
                   "is degenerate" if failed else None)


# ---------------------------------------------------------------------- tests
def independence_test(table: BinaryTable, *, method: str = "chi2") -> Significance:
    """Test of no association, TP*TN = FP*FN: the one null behind B = 0, M = 0 and phi = 0.

    ``"chi2"`` (vectorised): Pearson's chi^2 without continuity correction,
    chi^2 = N phi^2 = N B M (Powers 2008, section 2.5), p = Pr(chi^2_1 >= chi^2);
    the same as ``scipy.stats.chi2_contingency(m, correction=False)``.
    Exact tests for small N (one table only, by scipy.stats on the matrix
    [[TP, FP], [FN, TN]], real classes in columns): ``"fisher"`` (Fisher 1935;
    conditions on both margins; statistic = odds ratio), ``"barnard"`` (Barnard
    1945; conditions on the real margins, i.e. tests tpr = fpr, B = 0; statistic =
    the pooled Wald statistic) and ``"boschloo"`` (Boschloo 1970; as Barnard, with
    Fisher's p-value as the statistic; uniformly more powerful than Fisher's test).

    nan where a margin is 0 (the table says nothing about association).
    The exact tests refuse a table scipy cannot count exactly (N > 2^53, or
    TP*TN or FP*FN >= 2^62, its 64-bit integers): a ValueError.
    Returns a :class:`Significance`.
    """
    _check_method(method, TEST_METHODS)
    _check_table(table, scalar=method != "chi2", method=method)
    margins = [np.asarray(x, dtype=float) for x in (table.real_positives, table.real_negatives,
                                                     table.predicted_positives, table.predicted_negatives)]
    undefined = np.zeros(table.shape, dtype=bool)
    for margin in margins:
        undefined = undefined | (margin == 0)
    reason = _reason(undefined, "a margin is 0 (RP, RN, PP or PN)")
    if method == "chi2":
        from scipy.stats import chi2
        statistic = np.where(undefined, np.nan, np.asarray(table.chi_squared, dtype=float))
        pvalue = np.where(undefined, np.nan, chi2.sf(np.where(undefined, 0.0, statistic), 1))
        return Significance(_scalar_or_array(statistic), _scalar_or_array(pvalue), method,
                            _scalar_or_array(undefined), reason)
    if undefined:
        return Significance(np.nan, np.nan, method, True, reason)
    import scipy.stats
    matrix = table.to_matrix("powers")
    # scipy casts to int64 and multiplies TP*TN and FP*FN there (wrapping round past 2^63), and its
    # distributions count in floats (whole numbers exact below 2^53): refuse what it cannot represent
    if matrix.sum() > 2.0 ** 53 or max(matrix[0, 0] * matrix[1, 1], matrix[0, 1] * matrix[1, 0]) >= 2.0 ** 62:
        raise ValueError(f"table is too large for method={method!r}: scipy's exact tests need N <= 2^53 and "
                         f"TP*TN, FP*FN < 2^62 (64-bit integers); here N = {matrix.sum():.3g}, TP*TN = "
                         f"{matrix[0, 0] * matrix[1, 1]:.3g}, FP*FN = {matrix[0, 1] * matrix[1, 0]:.3g}. "
                         "Use method='chi2', whose approximation is excellent at such counts")
    matrix = matrix.astype(np.int64)
    test = {"fisher": scipy.stats.fisher_exact, "barnard": scipy.stats.barnard_exact,
            "boschloo": scipy.stats.boschloo_exact}[method]
    result = test(matrix)
    return Significance(float(result.statistic), float(result.pvalue), method, False, None)


def _mcnemar_counts(first, second, method, correction):
    """McNemar's test that two discordant counts have the same expectation (vectorised)."""
    from scipy.stats import binom, chi2
    first = np.asarray(first, dtype=float)
    second = np.asarray(second, dtype=float)
    with np.errstate(over="ignore"):                # beyond the largest float: inf, still not 0
        discordant = first + second
    undefined = discordant == 0
    safe = np.where(undefined, 1.0, discordant)
    if method == "exact":
        statistic = np.minimum(first, second)
        pvalue = np.minimum(1.0, 2.0 * binom.cdf(statistic, safe, 0.5))
    else:   # (|d| - c)^2/s as 2 ((|d| - c)/2)/(s/2) ((|d| - c)/2): no square overflows, s/2 stays finite
        half = first / 2.0 + second / 2.0
        difference = np.abs(first / 2.0 - second / 2.0) - (0.5 if correction else 0.0)    # (|d| - c)/2
        statistic = 2.0 * (difference / np.where(undefined, 1.0, half)) * difference
        if correction:
            statistic = np.where(first == second, 0.0, statistic)
        pvalue = chi2.sf(statistic, 1)
    reason = _reason(undefined, "no discordant cases")
    return Significance(_scalar_or_array(np.where(undefined, np.nan, statistic)),
                        _scalar_or_array(np.where(undefined, np.nan, pvalue)), method,
                        _scalar_or_array(undefined), reason)


def mcnemar(table: BinaryTable, *, method: str = "exact", correction: bool = False) -> Significance:
    """McNemar's (1947) test of FP = FN within one table, i.e. bias = prevalence (PP = RP).

    That is exactly the condition under which B = M = phi = kappa (notebook 03):
    the test asks whether the classifier predicts the positive class as often
    as it occurs (caret's "Mcnemar's Test P-Value" is this test).

    ``"exact"`` (default): statistic min(FP, FN), p = min(1, 2 Pr(X <= min(FP, FN)))
    with X ~ Bin(FP + FN, 1/2).  ``"chi2"``: (|FP - FN| - c)^2/(FP + FN) against
    chi^2_1, c = 1 with ``correction=True`` (Edwards), else 0; as R's ``mcnemar.test``
    the correction is applied only when FP != FN (statsmodels applies it always).
    Vectorised.  nan where FP + FN = 0.  Returns a :class:`Significance`.
    """
    _check_method(method, ("exact", "chi2"))
    _check_table(table)
    return _mcnemar_counts(table.fp, table.fn, method, bool(correction))


def compare_classifiers(real, predicted_a, predicted_b, *, measure="informedness", positive=None,
                        confidence=0.95, n_resamples=9999, seed=0, mcnemar_method="exact"):
    """Compare two classifiers scored on the same cases.

    ``difference``: the paired BCa bootstrap interval (Efron 1987, by
    ``scipy.stats.bootstrap``) of measure(A) - measure(B), any name of
    :data:`bookeval_lib.measures.MEASURES`.  A resample draws cases with
    replacement within each real class (the test set's composition is fixed),
    and each drawn case keeps both predictions, so the pairing is kept.
    ``mcnemar``: McNemar's (1947) test on the discordant cases (right for A
    only vs right for B only), ``mcnemar_method`` as in :func:`mcnemar`.

    ``real``, ``predicted_a`` and ``predicted_b`` are equal-length label
    sequences with two labels; ``positive`` as in :meth:`BinaryTable.from_labels`.
    Returns a :class:`Comparison`.
    """
    if measure not in MEASURES:
        raise ValueError(f"measure must be one of bookeval_lib.measures.MEASURES, not {measure!r}")
    _check_method(mcnemar_method, ("exact", "chi2"), "mcnemar_method")
    confidence = _check_confidence(confidence)
    n_resamples = _check_positive_int("n_resamples", n_resamples)
    predicted_b_array = np.asarray(predicted_b)
    if predicted_b_array.shape != np.asarray(predicted_a).shape:
        raise ValueError(f"predicted_a has {np.asarray(predicted_a).size} labels but predicted_b has "
                         f"{predicted_b_array.size}")
    table_a = BinaryTable.from_labels(*positive_masks(real, predicted_a, positive, ("real", "predicted_a")))
    table_b = BinaryTable.from_labels(*positive_masks(real, predicted_b, positive, ("real", "predicted_b")))
    if positive is None:
        positive = 1
    real = np.asarray(real) == positive
    a = np.asarray(predicted_a) == positive
    b = predicted_b_array == positive
    estimate_a, estimate_b = getattr(table_a, measure), getattr(table_b, measure)
    a_only = int(np.count_nonzero((a == real) & (b != real)))
    b_only = int(np.count_nonzero((a != real) & (b == real)))
    test = _mcnemar_counts(a_only, b_only, mcnemar_method, False)
    codes = 2 * a.astype(np.int64) + b.astype(np.int64)  # the pair of predictions of each case

    def difference(positives, negatives, axis=-1):
        rp, rn = positives.shape[axis], negatives.shape[axis]
        tp_a = np.count_nonzero(positives >= 2, axis=axis)
        fp_a = np.count_nonzero(negatives >= 2, axis=axis)
        tp_b = np.count_nonzero(positives % 2 == 1, axis=axis)
        fp_b = np.count_nonzero(negatives % 2 == 1, axis=axis)
        value_a = getattr(BinaryTable(tp=tp_a, fp=fp_a, fn=rp - tp_a, tn=rn - fp_a), measure)
        value_b = getattr(BinaryTable(tp=tp_b, fp=fp_b, fn=rp - tp_b, tn=rn - fp_b), measure)
        return np.asarray(value_a) - np.asarray(value_b)

    observed = float(estimate_a) - float(estimate_b)
    positives, negatives = codes[real], codes[~real]
    if positives.size < 2 or negatives.size < 2:
        reason = "the bootstrap needs at least two cases of each real class"
    elif np.all(codes == codes[0]) or np.array_equal(a, b):
        reason = "the bootstrap distribution is degenerate (the classifiers never differ)"
    else:
        reason = None
    if reason is None:
        low, high = _bootstrap((positives, negatives), difference, confidence, n_resamples, seed)
        if np.isnan(low) or np.isnan(high):
            reason = "BCa failed: the measure is undefined in some resample, or the bootstrap " \
                     "distribution is degenerate"
    else:
        low = high = np.nan
    interval = Interval(low if reason is None else np.nan, high if reason is None else np.nan,
                        observed, "paired bootstrap (BCa)", confidence, False, reason is not None,
                        reason)
    return Comparison(measure, float(estimate_a), float(estimate_b), interval, test, a_only, b_only)


# The coverage study lives in bookeval_lib.coverage (it calls the interval functions above);
# imported last so that either module may be imported first.
from .coverage import Coverage, coverage  # noqa: E402
