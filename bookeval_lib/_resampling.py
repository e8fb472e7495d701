"""The bootstrap of a table, drawn cell by cell: BCa intervals in O(resamples) memory, whatever N.

A case bootstrap of a 2x2 table resamples its N cases with replacement, but
the statistic only sees the resampled table, and the resampled table has a
known distribution: resampling the RP cases of the real positives gives
TP* ~ Bin(RP, TP/RP), and the N cases together give the four cells
~ Multinomial(N, cells/N).  So the resamples are drawn as cells (``n_resamples``
numbers per cell, never N indices per resample), and the statistic is the
measure of the drawn tables.

BCa (Efron 1987) also needs the jackknife of the statistic, the N
leave-one-out values; a table has only as many distinct ones as non-empty
cells (leaving out any one of the TP cases gives the same table), so each is
computed once and weighted by its cell's count.  :func:`bca` then follows
``scipy.stats.bootstrap(..., method="BCa")`` (Efron and Tibshirani 1993,
14.3 and eq. 15.36), the samples of a stratified bootstrap treated as scipy
treats its several samples.

References
----------
Efron 1987: "Better bootstrap confidence intervals", JASA 82:171-185.
Efron & Tibshirani 1993: An Introduction to the Bootstrap, Chapman & Hall, ch. 14.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from . import _checks

if TYPE_CHECKING:                       # type hints only; nothing imported at run time
    from numpy.typing import ArrayLike

    from .measures import BinaryTable

__all__ = ["BCa", "bca", "two_proportions", "correlation"]


@dataclass(frozen=True, eq=False)
class BCa:
    """A BCa interval, with the bias correction, the acceleration and the bootstrap distribution.

    Attributes
    ----------
    low, high : float
        The limits; nan where undefined.
    bias_correction : float
        z0.
    acceleration : float
        a; nan where the jackknife is constant.
    distribution : ndarray
        The bootstrap distribution of the statistic the limits were read from.
    """

    low: float
    high: float
    bias_correction: float
    acceleration: float
    distribution: np.ndarray


def bca(estimate: float, distribution: ArrayLike, jackknife: list, confidence: float) -> BCa:
    """BCa limits from a bootstrap ``distribution`` and a weighted jackknife.

    ``jackknife`` holds one ``(values, counts)`` pair per independently
    resampled sample j (one per class in a stratified bootstrap): the distinct
    leave-one-out values of the statistic (or their differences from any one
    number: only differences enter) and how many of the n_j cases give each
    (n_j = sum of the counts).  With theta = ``estimate`` and B resamples:

        z0 = Phi^-1((#{theta* < theta} + #{theta* <= theta}) / 2B),
        U_ji = (n_j - 1)(mean_j - theta_(ji)),
        a = sum_j sum_i U_ji^3 / n_j^3 / (6 (sum_j sum_i U_ji^2 / n_j^2)^(3/2)),
        alpha_1,2 = Phi(z0 + (z0 + z)/(1 - a (z0 + z))) for z = Phi^-1(alpha), Phi^-1(1 - alpha),

    alpha = (1 - confidence)/2, and the limits are the alpha_1 and alpha_2
    quantiles of the distribution (linear interpolation), as
    ``scipy.stats.bootstrap`` does.  nan limits when a value is nan (a resample
    or a leave-one-out table where the measure is undefined) or the jackknife
    is constant (a = 0/0).

    Parameters
    ----------
    estimate : float
        theta, the statistic on the observed data.
    distribution : array-like with shape (B,)
        The statistic on each resample.
    jackknife : list of (values, counts) pairs
        One pair per independently resampled sample, as above.
    confidence : float
        The level, strictly between 0 and 1 (not checked here).

    Returns
    -------
    BCa
        The limits (nan where undefined), z0, a and ``distribution``.

    Examples
    --------
    A distribution symmetric about the estimate gives z0 = 0, a symmetric jackknife a = 0, so
    the limits are the 2.5 % and 97.5 % quantiles:

    >>> import numpy as np
    >>> result = bca(0.5, np.linspace(0, 1, 101), [([-1.0, 1.0], [1, 1])], 0.95)
    >>> round(result.low, 6), round(result.high, 6), result.bias_correction, result.acceleration
    (0.025, 0.975, 0.0, 0.0)
    """
    from scipy.special import ndtr, ndtri

    distribution = np.asarray(distribution, dtype=float)
    below = np.count_nonzero(distribution < estimate) + np.count_nonzero(distribution <= estimate)
    with np.errstate(divide="ignore", invalid="ignore"):
        z0 = float(ndtri(below / (2.0 * distribution.size)))
        cubes = squares = 0.0
        for values, counts in jackknife:
            values, counts = np.asarray(values, dtype=float), np.asarray(counts, dtype=float)
            n = counts.sum()
            u = (n - 1.0) * (counts @ values / n - values)
            cubes += counts @ u ** 3 / n ** 3
            squares += counts @ u ** 2 / n ** 2
        acceleration = float(cubes / (6.0 * squares ** 1.5))
        z = ndtri((1.0 - confidence) / 2.0)
        levels = [ndtr(z0 + (z0 + side) / (1.0 - acceleration * (z0 + side))) for side in (z, -z)]
    if not np.all(np.isfinite(levels)) or np.isnan(distribution).any():
        return BCa(np.nan, np.nan, z0, acceleration, distribution)
    low, high = np.quantile(distribution, levels)
    return BCa(float(low), float(high), z0, acceleration, distribution)


_LARGEST = 2.0 ** 62   # numpy draws binomial and multinomial counts as 64-bit integers


def _check_size(total):
    if not total < _LARGEST:
        raise ValueError(f"table holds {total:.3g} cases; the bootstrap draws its counts as 64-bit integers, "
                         "so it needs fewer than 2^62 cases (use a closed-form method)")


def _leave_one_out(successes, nobs):
    """How successes/nobs moves with one success or one failure left out, and how many cases give each.

    (s - 1)/(n - 1) - s/n = -(n - s)/(n (n - 1)) and s/(n - 1) - s/n = s/(n (n - 1)): the moves,
    not the values, so that no digit is lost at large n (BCa needs only differences).
    Empty cells are left out.
    """
    scale = 1.0 / (nobs * (nobs - 1.0))
    moves = np.array([-(nobs - successes) * scale, successes * scale])
    counts = np.array([successes, nobs - successes])
    return moves[counts > 0], counts[counts > 0]


def two_proportions(successes1: int, nobs1: int, successes2: int, nobs2: int, *, confidence: float,
                    n_resamples: int, seed: int) -> BCa:
    """BCa interval of p1 - p2 (p = successes/nobs) for two independent samples, each resampled alone.

    The case bootstrap of each sample (the stratified bootstrap behind B and M)
    draws successes* ~ Bin(nobs, successes/nobs); the jackknife has two values
    per sample (one success or one failure left out).  Needs nobs1, nobs2 >= 2.
    Memory O(n_resamples), whatever the counts.

    Parameters
    ----------
    successes1 : int
        Successes of the first sample (e.g. TP).
    nobs1 : int
        Its size (e.g. RP), >= 2.
    successes2 : int
        Successes of the second sample (e.g. FP).
    nobs2 : int
        Its size (e.g. RN), >= 2.
    confidence : float
        The level, strictly between 0 and 1 (not checked here).
    n_resamples : int
        Resamples, >= 1 (not checked here).
    seed : int
        The seed (>= 0) of ``numpy.random.default_rng``.

    Returns
    -------
    BCa
        The interval of p1 - p2.

    Raises
    ------
    ValueError
        If ``seed`` is not a whole number >= 0, or the samples hold 2^62 cases or more.

    Examples
    --------
    B = 40/50 - 10/50 = 0.6 (the Agresti–Caffo interval is [0.420, 0.734]):

    >>> result = two_proportions(40, 50, 10, 50, confidence=0.95, n_resamples=2000, seed=0)
    >>> bool(result.low < 0.6 < result.high), result.distribution.shape
    (True, (2000,))
    """
    counts = [(float(successes1), float(nobs1)), (float(successes2), float(nobs2))]
    _check_size(counts[0][1] + counts[1][1])
    rng = np.random.default_rng(_checks.seed(seed))
    draws = [rng.binomial(int(nobs), successes / nobs, size=n_resamples) / nobs for successes, nobs in counts]
    p1, p2 = (successes / nobs for successes, nobs in counts)
    first, second = _leave_one_out(*counts[0]), _leave_one_out(*counts[1])
    jackknife = [first, (-second[0], second[1])]                       # p1 - p2 moves as p1, and against p2
    return bca(p1 - p2, draws[0] - draws[1], jackknife, confidence)


def correlation(table: BinaryTable, *, confidence: float, n_resamples: int, seed: int) -> BCa:
    """BCa interval of phi (Matthews) with the N cases of ``table`` resampled together.

    The resampled cells are one Multinomial(N, cells/N) draw each; the
    jackknife has one value per non-empty cell (that cell less one case).
    Memory O(n_resamples).

    Parameters
    ----------
    table : BinaryTable
        One table of whole-number counts.
    confidence : float
        The level, strictly between 0 and 1 (not checked here).
    n_resamples : int
        Resamples, >= 1 (not checked here).
    seed : int
        The seed (>= 0) of ``numpy.random.default_rng``.

    Returns
    -------
    BCa
        The interval of phi; nan limits when a resample needed by BCa has an empty margin.

    Raises
    ------
    ValueError
        If ``seed`` is not a whole number >= 0, or the table holds 2^62 cases or more.

    Examples
    --------
    phi = (40*40 - 10*10)/50^2 = 0.6:

    >>> from bookeval_lib import BinaryTable
    >>> result = correlation(BinaryTable(tp=40, fp=10, fn=10, tn=40), confidence=0.95, n_resamples=2000, seed=0)
    >>> bool(result.low < 0.6 < result.high)
    True
    """
    from .measures import BinaryTable

    cells = np.array([float(table.tp), float(table.fp), float(table.fn), float(table.tn)])
    total = cells.sum()
    _check_size(total)
    drawn = np.random.default_rng(_checks.seed(seed)).multinomial(int(total), cells / total, size=n_resamples).T
    distribution = np.asarray(BinaryTable(tp=drawn[0], fp=drawn[1], fn=drawn[2], tn=drawn[3]).matthews_correlation,
                              dtype=float)
    present = np.flatnonzero(cells > 0)
    left = cells - np.eye(4)[present]                                   # each non-empty cell less one case
    values = np.asarray(BinaryTable(tp=left[:, 0], fp=left[:, 1], fn=left[:, 2], tn=left[:, 3]).matthews_correlation,
                        dtype=float)
    return bca(float(table.matthews_correlation), distribution, [(values, cells[present])], confidence)
