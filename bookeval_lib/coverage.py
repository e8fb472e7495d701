"""Coverage: how often an interval method contains the true value, simulated or exact.

:func:`coverage` simulates tables with known true informedness, markedness
or correlation (the informed/guessing decision maker of
:mod:`bookeval_lib.montecarlo`) and counts how often the intervals of
:mod:`bookeval_lib.uncertainty` contain the truth, with the binomial standard
error of that fraction.

The intervals for informedness need no simulation: given the real margins RP and
RN a table is two independent binomial counts, TP ~ Bin(RP, tpr) and
FP ~ Bin(RN, fpr), so the probability that the interval contains tpr - fpr is a
finite sum over the (RP + 1)(RN + 1) possible tables.  :func:`exact_coverage`
computes it at fixed RP, RN (the design the intervals condition on),
:func:`exact_coverage_random_composition` averages it over RP ~ Bin(N, prevalence)
conditioned on 1 <= RP <= N - 1 (the design of :func:`coverage`), and
:func:`exact_coverage_sweep` runs it over every composition of every N.
Markedness's intervals are the same formulas on the prediction margins: given PP
and PN, their exact coverage is :func:`exact_coverage` with PP, PN, PPV and the
false omission rate FOR in place of RP, RN, tpr and fpr.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from . import _checks

if TYPE_CHECKING:                       # type hints only; nothing imported at run time
    from numpy.typing import ArrayLike

__all__ = ["Coverage", "coverage", "exact_coverage", "exact_coverage_random_composition",
           "CoverageSweep", "exact_coverage_sweep"]


@dataclass(frozen=True, eq=False)
class Coverage:
    """How often an interval method covered the true value in simulated tables (:func:`coverage`).

    :attr:`overall_coverage` = covered / trials counts a table without an
    interval as not covered.

    Attributes
    ----------
    method : str
        The interval method.
    measure : str
        ``"informedness"``, ``"markedness"`` or ``"correlation"``.
    confidence : float
        The nominal level.
    coverage : float
        covered / defined, the fraction of the intervals that could be computed which
        contain ``truth``; nan if none was defined.
    standard_error : float
        Its binomial standard error sqrt(c(1 - c)/defined).
    mean_width : float
        The mean width of the defined intervals.
    truth : float
        The true value of the measure (see :func:`coverage`).
    trials : int
        The tables drawn.
    defined : int
        How many of them gave an interval.
    total : int
        N, the cases in a table.
    prevalence, informedness, bias : float
        The decision maker's design: rp, G and pp.
    covered : int
        How many intervals contained ``truth``.
    real_counts : str
        The design: ``"binomial"`` (RP drawn per table) or ``"fixed"`` (RP = round(N prevalence)).
    sampled_prevalence : float
        The mean share of real positives in the tables drawn, E[RP]/N, at which ``truth``
        is taken (it differs from ``prevalence`` when the conditioning on
        1 <= RP <= N - 1 matters, e.g. 0.078 for N = 20 and prevalence 0.05).
    """

    method: str
    measure: str
    confidence: float
    coverage: float
    standard_error: float
    mean_width: float
    truth: float
    trials: int
    defined: int
    total: int
    prevalence: float
    informedness: float
    bias: float
    covered: int = 0
    real_counts: str = "binomial"
    sampled_prevalence: float = float("nan")

    @property
    def overall_coverage(self) -> float:
        """covered / trials: a table on which the method gives no interval counts as not covered."""
        return self.covered / self.trials

    @property
    def overall_standard_error(self) -> float:
        """The binomial standard error sqrt(c(1 - c)/trials) of :attr:`overall_coverage`."""
        c = self.overall_coverage
        return float(np.sqrt(c * (1.0 - c) / self.trials))

    def falls_short(self, standard_errors: float = 3.0) -> bool:
        """Whether the coverage falls below the nominal level by more than the binomial noise allows.

        True if the coverage is below the nominal level by more than ``standard_errors``
        binomial standard errors of a method that covers exactly at the nominal level,
        sqrt(confidence (1 - confidence)/defined).  False if no interval was defined.

        Parameters
        ----------
        standard_errors : float, default=3.0
            How many standard errors below the nominal level count as short.

        Returns
        -------
        bool
            Whether the method falls short.
        """
        if not self.defined:
            return False
        allowed = standard_errors * np.sqrt(self.confidence * (1.0 - self.confidence) / self.defined)
        return bool(self.coverage < self.confidence - allowed)


_MEASURE_ATTRIBUTE = {"informedness": "informedness", "markedness": "markedness",
                      "correlation": "matthews_correlation"}


def _guess_bias(informedness, prevalence, bias):
    """The guessing bias q of montecarlo's decision maker that has label bias pp = ``bias``.

    pp = rp G + (1 - G) q for G >= 0 and pp = rn |G| + (1 - |G|) q for G < 0.
    """
    informed = prevalence * informedness if informedness >= 0 else (1.0 - prevalence) * -informedness
    if abs(informedness) == 1.0:
        if abs(bias - informed) > 1e-12:
            raise ValueError(f"bias must be {informed:g} with informedness = {informedness:g}, got {bias:g}")
        return 0.5  # no case is guessed, so q does not matter
    q = (bias - informed) / (1.0 - abs(informedness))
    if not -1e-12 <= q <= 1.0 + 1e-12:
        low, high = informed, informed + 1.0 - abs(informedness)
        raise ValueError(f"bias must lie in [{low:g}, {high:g}] for this prevalence and "
                         f"informedness (no decision maker has another), got {bias:g}")
    return float(np.clip(q, 0.0, 1.0))


def _sampled_real_positives(total, prevalence, real_counts):
    """E[RP] of the tables :func:`bookeval_lib.montecarlo.simulate_tables` draws.

    "binomial": RP ~ Bin(N, prevalence) conditioned on 1 <= RP <= N - 1, so
    E[RP] = (N p - N Pr(RP = N))/(1 - Pr(RP = 0) - Pr(RP = N)) (1.559 for N = 20,
    p = 0.05, not 1); "fixed": round(N p) clipped to [1, N - 1].
    """
    if real_counts == "fixed":
        return float(np.clip(np.rint(total * prevalence), 1, total - 1))
    from scipy.stats import binom
    ends = binom.pmf([0, total], total, prevalence)
    return float((total * prevalence - total * ends[1]) / (1.0 - ends[0] - ends[1]))


def coverage(method: str, *, measure: str = "informedness", total: int, prevalence: float, informedness: float,
             bias: float | None = None, trials: int = 2000, seed: int, confidence: float = 0.95,
             n_resamples: int = 999, real_counts: str = "binomial") -> Coverage:
    """The fraction of ``method``'s intervals that contain the true value, by simulation.

    ``trials`` tables of ``total`` cases are drawn with
    :func:`bookeval_lib.montecarlo.simulate_tables` (seeded): real positives
    RP ~ Bin(N, prevalence) conditioned on both classes occurring (a random
    composition), or with ``real_counts="fixed"`` RP = round(N prevalence) in
    every table (the fixed composition the intervals for informedness condition
    on); then each case is decided by the informed/guessing decision maker with
    informedness G = ``informedness`` and label bias pp = ``bias`` (default:
    pp = prevalence), whose guessing bias q is solved from pp at ``prevalence``.
    The true value is the measure of the expected table of the cases actually
    sampled (:func:`bookeval_lib.montecarlo.expected_table` at the sampled
    prevalence E[RP]/N, see :class:`Coverage`): G itself for informedness; for
    markedness and correlation it depends on the prevalence, and the conditioning
    on 1 <= RP <= N - 1 raises the prevalence of the cases sampled.

    Coverage c = covered/defined counts only the tables whose interval is
    defined (``defined`` says how many; markedness and correlation are
    undefined when a predicted class is empty); its binomial standard error is
    sqrt(c(1 - c)/defined).  :attr:`Coverage.overall_coverage` counts every
    table.  ``method="bootstrap"`` computes one BCa interval per table
    (``n_resamples`` each, seeds spawned from ``seed``), a few ms a table.  The same
    ``seed``, ``trials``, ``total``, ``prevalence``, ``informedness``, ``bias``
    and ``real_counts`` give the same tables whatever the method, so methods can
    be compared on the same tables.

    Parameters
    ----------
    method : str
        An interval method of :data:`bookeval_lib.uncertainty.INTERVAL_METHODS` for ``measure``.
    measure : {"informedness", "markedness", "correlation"}, default="informedness"
        The measure whose interval is checked.
    total : int
        N, the cases in a table (>= 2).
    prevalence : float
        rp, strictly between 0 and 1.
    informedness : float
        G, in [-1, 1].
    bias : float, optional
        The label bias pp, in [0, 1] and reachable for this G and prevalence; default: the
        prevalence.
    trials : int, default=2000
        The tables drawn (>= 1).
    seed : int
        The seed (>= 0) of ``numpy.random.default_rng``; required.
    confidence : float, default=0.95
        The intervals' level, strictly between 0 and 1.
    n_resamples : int, default=999
        The bootstrap's resamples per table (``method="bootstrap"`` only), >= 1.
    real_counts : {"binomial", "fixed"}, default="binomial"
        The design: RP drawn per table, or RP = round(N prevalence).

    Returns
    -------
    Coverage
        The coverage with its standard error, the mean width and the design.

    Raises
    ------
    ValueError
        If ``method``, ``measure`` or ``real_counts`` is unknown; a number is out of its range;
        or no decision maker has ``bias`` at this prevalence and informedness.

    Examples
    --------
    A guesser on 50 cases: the Wald interval about B = 0, 200 tables.

    >>> c = coverage("wald", total=50, prevalence=0.5, informedness=0.0, trials=200, seed=0)
    >>> c.truth, c.trials, c.defined, bool(0.85 < c.coverage <= 1.0)
    (0.0, 200, 200, True)
    """
    from ._binary_intervals import (INTERVAL_METHODS, _check_method, _check_positive_int, correlation_interval,
                                   informedness_interval, markedness_interval)
    from .montecarlo import expected_table, simulate_tables
    _check_method(measure, tuple(_MEASURE_ATTRIBUTE), "measure")
    _check_method(method, INTERVAL_METHODS[measure])
    _check_method(real_counts, ("binomial", "fixed"), "real_counts")
    total = _check_positive_int("total", total, minimum=2)
    trials = _check_positive_int("trials", trials)
    n_resamples = _check_positive_int("n_resamples", n_resamples)
    confidence = _checks.confidence(confidence)
    seed = _checks.seed(seed)
    prevalence = float(_checks.probabilities(_checks.real_number(prevalence, "prevalence"), "prevalence",
                                             open_interval=True))
    informedness = float(_checks.probabilities(_checks.real_number(informedness, "informedness"),
                                               "informedness", low=-1.0))
    bias = prevalence if bias is None else float(_checks.probabilities(_checks.real_number(bias, "bias"),
                                                                       "bias"))
    guess_bias = _guess_bias(informedness, prevalence, bias)
    sampled_prevalence = _sampled_real_positives(total, prevalence, real_counts) / total
    if measure == "informedness":
        truth = informedness     # tpr - fpr = G exactly, whatever the prevalence (montecarlo)
    else:
        truth = float(getattr(expected_table(informedness, sampled_prevalence, guess_bias),
                              _MEASURE_ATTRIBUTE[measure]))
    tables = simulate_tables(np.full(trials, informedness), seed=int(seed), n_cases=total,
                             prevalence=prevalence, guess_bias=guess_bias,
                             real_counts=real_counts).table
    interval_function = {"informedness": informedness_interval, "markedness": markedness_interval,
                         "correlation": correlation_interval}[measure]
    if method == "bootstrap":
        seeds = np.random.SeedSequence(int(seed)).generate_state(trials)
        limits = np.array([tuple(interval_function(tables[i], confidence=confidence, method=method,
                                                   n_resamples=n_resamples, seed=int(seeds[i])))
                           for i in range(trials)])
        low, high = limits[:, 0], limits[:, 1]
    else:
        low, high = interval_function(tables, confidence=confidence, method=method)
    defined = np.isfinite(low) & np.isfinite(high)
    count = int(defined.sum())
    hits = int(np.count_nonzero((low[defined] <= truth) & (truth <= high[defined])))
    if count:
        covered = hits / count
        standard_error = float(np.sqrt(covered * (1.0 - covered) / count))
        mean_width = float(np.mean(high[defined] - low[defined]))
    else:
        covered = standard_error = mean_width = np.nan
    return Coverage(method, measure, confidence, covered, standard_error, mean_width, truth,
                    trials, count, total, prevalence, informedness, bias, hits, real_counts,
                    sampled_prevalence)


# ---------------------------------------------------------------------- exact coverage
_EXACT_METHODS = ("wald", "newcombe", "agresti-caffo")
_CHUNK = 1 << 21  # elements of the (points x tables) indicator computed at once (2 MB of booleans)


def _exact_options(method, confidence):
    from ._binary_intervals import _check_method
    _check_method(method, _EXACT_METHODS)
    return _checks.confidence(confidence)


def _limits_of_every_table(method, real_positives, real_negatives, confidence):
    """The interval (low, high) of every table with margins RP, RN: arrays of shape (RP + 1, RN + 1)."""
    from .measures import BinaryTable
    from ._binary_intervals import informedness_interval
    tp, fp = np.meshgrid(np.arange(real_positives + 1), np.arange(real_negatives + 1), indexing="ij")
    tables = BinaryTable(tp=tp, fn=real_positives - tp, fp=fp, tn=real_negatives - fp)
    low, high = informedness_interval(tables, method=method, confidence=confidence)
    return low, high


def _covered_probability(low, high, real_positives, real_negatives, tpr, fpr):
    """sum over tables of Pr(TP) Pr(FP) [low <= tpr - fpr <= high], for 1-D arrays tpr, fpr."""
    from scipy.stats import binom
    truth = tpr - fpr
    tables = low.size
    result = np.empty(tpr.size)
    step = max(1, _CHUNK // tables)
    for start in range(0, tpr.size, step):
        part = slice(start, start + step)
        pmf_tp = binom.pmf(np.arange(real_positives + 1), real_positives, tpr[part, None])
        pmf_fp = binom.pmf(np.arange(real_negatives + 1), real_negatives, fpr[part, None])
        value = truth[part, None, None]
        inside = (low <= value) & (value <= high)      # (points, RP + 1, RN + 1); False where nan
        result[part] = np.einsum("ki,kij,kj->k", pmf_tp, inside, pmf_fp)
    return result


def exact_coverage(method: str, *, real_positives: int, real_negatives: int, tpr: ArrayLike, fpr: ArrayLike,
                   confidence: float = 0.95) -> float | np.ndarray:
    """Exact coverage of an interval for informedness B = tpr - fpr at fixed real margins RP, RN.

    The intervals of :func:`bookeval_lib.uncertainty.informedness_interval`
    condition on RP and RN; given them TP ~ Bin(RP, tpr) and FP ~ Bin(RN, fpr)
    are independent, so

        coverage(tpr, fpr) = sum over TP = 0..RP, FP = 0..RN of
                             Pr(TP) Pr(FP) [low(TP, FP) <= tpr - fpr <= high(TP, FP)],

    exact up to rounding (no simulation).  ``method`` is ``"wald"``,
    ``"newcombe"`` or ``"agresti-caffo"``; ``tpr`` and ``fpr`` are broadcast
    against each other (a float for scalars, else an array of their shape).
    For markedness, given PP and PN, pass PP, PN, PPV and FOR (module docstring).
    Cost: (RP + 1)(RN + 1) operations per point.

    Parameters
    ----------
    method : {"wald", "newcombe", "agresti-caffo"}
        The interval method.
    real_positives : int
        RP, >= 1.
    real_negatives : int
        RN, >= 1.
    tpr : float or array-like
        The true recall, in [0, 1].
    fpr : float or array-like
        The true fallout, in [0, 1].
    confidence : float, default=0.95
        The intervals' level, strictly between 0 and 1.

    Returns
    -------
    float or ndarray
        The probability that the interval contains tpr - fpr.

    Raises
    ------
    ValueError
        If ``method`` is unknown, RP or RN is not a whole number >= 1, a rate is outside
        [0, 1], the rates do not broadcast, or ``confidence`` is out of range.

    Examples
    --------
    One case of each class: every Wald interval has zero width (each rate is 0 or 1), so it is the
    single point TP - FP, which equals B = 0.5 - 0.5 = 0 with probability 1/2 (TP = FP):

    >>> round(exact_coverage("wald", real_positives=1, real_negatives=1, tpr=0.5, fpr=0.5), 12)
    0.5
    """
    confidence = _exact_options(method, confidence)
    real_positives = _checks.positive_integer(real_positives, "real_positives")
    real_negatives = _checks.positive_integer(real_negatives, "real_negatives")
    tpr = _checks.probabilities(tpr, "tpr")
    fpr = _checks.probabilities(fpr, "fpr")
    try:
        tpr, fpr = np.broadcast_arrays(tpr, fpr)
    except ValueError:
        raise ValueError("tpr and fpr do not broadcast") from None
    low, high = _limits_of_every_table(method, real_positives, real_negatives, confidence)
    result = _covered_probability(low, high, real_positives, real_negatives,
                                  np.ravel(tpr), np.ravel(fpr)).reshape(tpr.shape)
    return float(result) if result.ndim == 0 else result


def _study_rates(informedness, guess_bias):
    """(tpr, fpr) of the informed/guessing decision maker with G >= 0: G + (1 - G) q and (1 - G) q."""
    return informedness + (1.0 - informedness) * guess_bias, (1.0 - informedness) * guess_bias


def exact_coverage_random_composition(method: str, *, total: int, prevalence: float, informedness: ArrayLike,
                                      bias: float | None = None, confidence: float = 0.95) -> float | np.ndarray:
    """Exact coverage of an interval for informedness in the design of :func:`coverage`.

    RP ~ Bin(N, prevalence) conditioned on 1 <= RP <= N - 1, then the decision
    maker of :mod:`bookeval_lib.montecarlo` with informedness G in [0, 1]
    (``informedness``, a number or an array) and label bias pp = ``bias``
    (default the prevalence), i.e. guessing bias q = (pp - prevalence G)/(1 - G):
    the :func:`exact_coverage` at each RP averaged with the weights
    Pr(RP | 1 <= RP <= N - 1).  Averaging over the composition hides the dips of
    the coverage at fixed RP, RN (a mean over compositions is at least their minimum).

    Parameters
    ----------
    method : {"wald", "newcombe", "agresti-caffo"}
        The interval method.
    total : int
        N, >= 2.
    prevalence : float
        rp, strictly between 0 and 1.
    informedness : float or array-like
        G, in [0, 1].
    bias : float, optional
        The label bias pp, in [0, 1] and reachable for each G; default: the prevalence.
    confidence : float, default=0.95
        The intervals' level, strictly between 0 and 1.

    Returns
    -------
    float or ndarray
        The coverage, one per value of ``informedness``.

    Raises
    ------
    ValueError
        If ``method`` is unknown, a number is out of its range, or no decision maker has
        ``bias`` at some G.

    Examples
    --------
    With N = 2 the only composition is RP = RN = 1 and a guesser with q = 1/2 has
    tpr = fpr = 1/2: the example of :func:`exact_coverage`.

    >>> round(exact_coverage_random_composition("wald", total=2, prevalence=0.5, informedness=0.0), 12)
    0.5
    """
    from scipy.stats import binom
    confidence = _exact_options(method, confidence)
    total = _checks.positive_integer(total, "total", minimum=2)
    prevalence = float(_checks.probabilities(_checks.real_number(prevalence, "prevalence"), "prevalence",
                                             open_interval=True))
    bias = prevalence if bias is None else float(_checks.probabilities(_checks.real_number(bias, "bias"),
                                                                       "bias"))
    informedness = np.asarray(_checks.probabilities(informedness, "informedness"))
    guess_bias = np.array([_guess_bias(float(g), prevalence, bias) for g in np.ravel(informedness)])
    tpr, fpr = _study_rates(np.ravel(informedness), guess_bias)
    real_positives = np.arange(1, total)
    weights = binom.pmf(real_positives, total, prevalence)
    weights /= weights.sum()
    result = np.zeros(tpr.size)
    for rp, weight in zip(real_positives, weights):
        low, high = _limits_of_every_table(method, int(rp), int(total - rp), confidence)
        result += weight * _covered_probability(low, high, int(rp), int(total - rp), tpr, fpr)
    result = result.reshape(informedness.shape)
    return float(result) if result.ndim == 0 else result


@dataclass(frozen=True, eq=False)
class CoverageSweep:
    """Exact coverage of one method at every composition of every N (:func:`exact_coverage_sweep`).

    Flat arrays of equal length, one entry per (N, RP, G).

    Attributes
    ----------
    method : str
        The interval method.
    confidence : float
        The intervals' level.
    total : ndarray of int
        N of each entry.
    real_positives : ndarray of int
        RP of each entry (RN = N - RP).
    informedness : ndarray
        G of each entry.
    coverage : ndarray
        The exact coverage of each entry.
    """

    method: str
    confidence: float
    total: np.ndarray
    real_positives: np.ndarray
    informedness: np.ndarray
    coverage: np.ndarray

    def worst(self, *, smallest_class: int = 1, total: int | None = None) -> tuple[float, int, int, float]:
        """(coverage, N, RP, G) where the coverage is lowest, over the entries with enough cases.

        The entries with min(RP, RN) >= ``smallest_class`` (and N = ``total`` if given).

        Parameters
        ----------
        smallest_class : int, default=1
            The fewest cases a class may have (>= 1).
        total : int, optional
            Keep only the entries of this N (>= 2).

        Returns
        -------
        tuple of (float, int, int, float)
            The lowest coverage, and its N, RP and G.

        Raises
        ------
        ValueError
            If an option is out of range or no entry qualifies.
        """
        smallest_class = _checks.positive_integer(smallest_class, "smallest_class")
        chosen = np.minimum(self.real_positives, self.total - self.real_positives) >= smallest_class
        if total is not None:
            chosen &= self.total == _checks.positive_integer(total, "total", minimum=2)
        if not chosen.any():
            raise ValueError("no entry of the sweep has that smallest class (and N)")
        index = np.flatnonzero(chosen)[np.argmin(self.coverage[chosen])]
        return (float(self.coverage[index]), int(self.total[index]), int(self.real_positives[index]),
                float(self.informedness[index]))


def exact_coverage_sweep(method: str, *, totals: ArrayLike, informedness: ArrayLike,
                         confidence: float = 0.95) -> CoverageSweep:
    """:func:`exact_coverage` for every N in ``totals`` and every RP = 1..N-1, at fixed RP, RN.

    The decision maker is the coverage study's, with label bias equal to the
    prevalence of the test set: guessing bias q = RP/N, tpr = G + (1 - G) q,
    fpr = (1 - G) q, for each G in ``informedness`` (values in [0, 1]).
    Every N <= 100 with 100 values of G takes some 10-20 s per method.

    Parameters
    ----------
    method : {"wald", "newcombe", "agresti-caffo"}
        The interval method.
    totals : array-like of int
        The values of N, each >= 2.
    informedness : array-like
        The values of G, in [0, 1].
    confidence : float, default=0.95
        The intervals' level, strictly between 0 and 1.

    Returns
    -------
    CoverageSweep
        One entry per (N, RP, G).

    Raises
    ------
    ValueError
        If ``method`` is unknown or a number is out of its range.

    Examples
    --------
    N = 2 has one composition, RP = RN = 1 (see :func:`exact_coverage`):

    >>> sweep = exact_coverage_sweep("wald", totals=[2], informedness=[0.0])
    >>> sweep.real_positives.tolist(), sweep.coverage.round(12).tolist()
    ([1], [0.5])
    """
    confidence = _exact_options(method, confidence)
    informedness = np.ravel(_checks.probabilities(informedness, "informedness"))
    totals = [_checks.positive_integer(n, "totals", minimum=2) for n in np.ravel(totals)]
    parts = []
    for total in totals:
        for rp in range(1, total):
            tpr, fpr = _study_rates(informedness, rp / total)
            low, high = _limits_of_every_table(method, rp, total - rp, confidence)
            parts.append((total, rp, _covered_probability(low, high, rp, total - rp, tpr, fpr)))
    size = informedness.size
    return CoverageSweep(method, confidence,
                         np.repeat([t for t, _, _ in parts], size),
                         np.repeat([rp for _, rp, _ in parts], size),
                         np.tile(informedness, len(parts)),
                         np.concatenate([c for _, _, c in parts]))
