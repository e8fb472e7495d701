"""Monte Carlo simulation of informed and guessing decision makers (Powers 2008, Fig. 2).

The decision model
------------------
A decision maker labels each case.  With probability ``abs(p_inf)`` it is *informed*:
it gives the correct label (or, for ``p_inf < 0``, the wrong one: a perverse
decision).  Otherwise it *guesses*: it says ``+`` with its own guessing bias
``q``, whatever the case.  So for one case

    Pr(+P | +R) = [p_inf > 0]abs(p_inf) + (1 - abs(p_inf)) q        (the true positive rate, tpr)
    Pr(+P | -R) = [p_inf < 0]abs(p_inf) + (1 - abs(p_inf)) q        (the fallout, fpr)

and informedness tpr - fpr = p_inf exactly, whatever the prevalence and ``q``
(Powers 2003's "model three" spreadsheet is this model: 70% prevalence,
q = 0.8, p_inf = +-0.15 give its cells 58.1, 20.4, 11.9, 9.6 and 47.6, 24.9, 22.4,
5.1).  The predicted bias is pp = rp Pr(+P|+R) + rn Pr(+P|-R), which is ``q``
only when p_inf = 0.

Sampling one table of N cases
-----------------------------
1. Real positives RP ~ Binomial(N, prevalence), *conditioned on 1 <= RP <= N-1*
   so that both real classes occur and recall, inverse recall and informedness
   are defined.  (A draw outside that range is replaced by an exact draw from
   the conditional distribution, by inverse CDF; no table is discarded.)
   ``real_counts="fixed"`` instead sets RP = round(N * prevalence), clipped to
   [1, N-1].
2. Given RP, the N cases decide independently, so
   TP ~ Binomial(RP, tpr) and FP ~ Binomial(RN, fpr), FN = RP - TP, TN = RN - FP.
   This is the same distribution as simulating every case
   (:func:`informed_decisions`), at a fraction of the cost.

Because E[TP/RP | RP] = tpr and E[FP/RN | RN] = fpr, the estimate
B^ = TP/RP - FP/RN has E[B^ | RP] = p_inf for *every* RP: informedness estimated
from a simulated table is exactly unbiased, and conditioning on non-empty real
classes does not change that.  Its variance given RP is
:func:`informedness_sampling_variance`.  Predicted classes may still be empty
(PP = 0 or PN = 0); markedness, precision and correlation are then ``nan``: count
those tables, do not hide them (the course's Figure 2 replication,
:mod:`bookeval_lib.course.replications.figure2`, does).

References
----------
Powers 2003: "Recall and Precision versus the Bookmaker", ICCS 2003 (Figure 1
spreadsheet: the informed/guessing model and the averages AvF, AvG).
Powers 2008: "Evaluation Evaluation: a Monte Carlo study", ECAI 2008 (Figure 2).

The dual (marker) model
-----------------------
:func:`simulate_marker_tables` swaps the roles of prediction and real class:
the prediction (a *marker*) comes first, and the real outcome follows it with
probability ``abs(p_inf)`` and otherwise occurs at a background rate ``q``.  Each of
its tables is the transpose of a classifier-model table (FP and FN exchanged),
so markedness Pr(+R|+P) - Pr(+R|-P) is the unbiased estimate of p_inf there, with
the variance of :func:`informedness_sampling_variance` taken over the predicted
counts PP, PN instead of RP, RN.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from ._checks import choice, generator, instance, positive_integer, positive_numbers, probabilities
from ._checks import seed as _seed
from ._deprecated import moved_names
from .measures import BinaryTable

if TYPE_CHECKING:                       # type hints only; nothing imported at run time
    from typing import Any

    from numpy.typing import ArrayLike

__all__ = [
    "Simulation", "simulate_tables", "informed_decisions", "expected_table",
    "informedness_sampling_variance", "compare_informedness",
    "transpose_tables", "MarkerSimulation", "simulate_marker_tables",
]

def _rates(expected_informedness, guess_bias):
    """(tpr, fpr) of the informed/guessing decision maker (module docstring)."""
    informed = np.abs(expected_informedness)
    guessed = (1.0 - informed) * guess_bias
    true_positive_rate = np.where(expected_informedness > 0, informed, 0.0) + guessed
    false_positive_rate = np.where(expected_informedness < 0, informed, 0.0) + guessed
    return true_positive_rate, false_positive_rate


# ---------------------------------------------------------------------- the model
def expected_table(expected_informedness: ArrayLike, prevalence: ArrayLike, guess_bias: ArrayLike,
                   total: ArrayLike = 1.0) -> BinaryTable:
    """The expected table of the informed/guessing decision maker, as proportions or of ``total`` cases.

    tp = rp (a + (1-abs(p_inf)) q), fp = rn (b + (1-abs(p_inf)) q), fn = rp - tp, tn = rn - fp,
    where a = max(p_inf, 0), b = max(-p_inf, 0), all times ``total`` (N for the expected counts;
    Powers 2003, Figure 1, models 1-4 with N = 100).

    Parameters
    ----------
    expected_informedness : float or array-like
        p_inf, the probability of an informed decision (negative: informed the wrong way), in [-1, 1].
    prevalence : float or array-like
        rp, in [0, 1].
    guess_bias : float or array-like
        q, Pr(+P) when guessing, in [0, 1].
    total : float or array-like, default=1.0
        N, the number of cases the table's cells add up to (1: proportions).

    Returns
    -------
    BinaryTable
        The expected table (proportions, or counts of ``total`` cases; broadcast over the arguments); its
        informedness is p_inf.

    Raises
    ------
    ValueError
        If an argument is outside its range or not a real number.

    Examples
    --------
    p_inf = 0.5, rp = 0.4, q = 0.5: tp = 0.4 (0.5 + 0.5*0.5) = 0.3, fp = 0.6 (0.5*0.5) = 0.15:

    >>> t = expected_table(0.5, 0.4, 0.5)
    >>> [round(float(c), 6) for c in (t.tp, t.fp, t.fn, t.tn)], round(t.informedness, 6)
    ([0.3, 0.15, 0.1, 0.45], 0.5)
    """
    expected_informedness = probabilities(expected_informedness, "expected_informedness", low=-1.0)
    prevalence = probabilities(prevalence, "prevalence")
    guess_bias = probabilities(guess_bias, "guess_bias")
    total = positive_numbers(total, "total")
    true_positive_rate, false_positive_rate = _rates(expected_informedness, guess_bias)
    real_positives, real_negatives = total * prevalence, total * (1.0 - prevalence)
    tp = real_positives * true_positive_rate
    fp = real_negatives * false_positive_rate
    return BinaryTable(tp=tp, fp=fp, fn=real_positives - tp, tn=real_negatives - fp)


def informed_decisions(y_true: ArrayLike, expected_informedness: float, guess_bias: float,
                       rng: np.random.Generator) -> np.ndarray:
    """Simulate the decision maker case by case: a boolean array of predicted labels.

    Each case is informed with probability abs(p_inf) (label = the real class, or its
    opposite if p_inf < 0) and otherwise guessed positive with probability
    ``guess_bias``.  ``y_true`` is a boolean array (True = +R); ``rng`` a numpy Generator.

    Parameters
    ----------
    y_true : array-like of bool
        The real class of each case, True = +R (any shape).
    expected_informedness : float
        p_inf, the probability of an informed decision (negative: informed the wrong way), in [-1, 1].
    guess_bias : float
        q, Pr(+P) when guessing, in [0, 1].
    rng : numpy.random.Generator
        The source of the random draws (``numpy.random.default_rng(seed)``).

    Returns
    -------
    ndarray of bool
        The predicted labels, True = +P, of the shape of ``y_true``.

    Raises
    ------
    ValueError
        If ``y_true`` is not boolean, ``rng`` is not a Generator, or p_inf or q is out of range.

    Examples
    --------
    With p_inf = 1 every decision is informed and repeats the real class; with p_inf = -1 every
    decision is informed the wrong way and contradicts it, whatever the draws:

    >>> import numpy as np
    >>> real = np.array([True, True, False, False])
    >>> informed_decisions(real, 1.0, 0.5, np.random.default_rng(0)).tolist()
    [True, True, False, False]
    >>> informed_decisions(real, -1.0, 0.5, np.random.default_rng(0)).tolist()
    [False, False, True, True]
    """
    real = np.asarray(y_true)
    if real.dtype.kind != "b":
        raise ValueError("y_true must be a boolean array (True = real positive)")
    generator(rng, "rng")
    expected_informedness = float(probabilities(expected_informedness, "expected_informedness",
                                                low=-1.0))
    guess_bias = float(probabilities(guess_bias, "guess_bias"))
    informed = rng.random(real.shape) < abs(expected_informedness)
    guessed_positive = rng.random(real.shape) < guess_bias
    informed_label = real if expected_informedness >= 0 else ~real
    return np.where(informed, informed_label, guessed_positive)


def informedness_sampling_variance(expected_informedness: ArrayLike, guess_bias: ArrayLike,
                                   real_positives: ArrayLike, real_negatives: ArrayLike) -> Any:
    """Var[B^ | RP, RN] = tpr(1-tpr)/RP + fpr(1-fpr)/RN for the simulated tables.

    B^ = TP/RP - FP/RN with TP ~ Bin(RP, tpr) and FP ~ Bin(RN, fpr) independent,
    so the variances of the two binomial proportions add.  p_inf must lie in
    [-1, 1], the guessing bias in [0, 1], RP and RN be > 0 (ValueError otherwise).

    Parameters
    ----------
    expected_informedness : float or array-like
        p_inf, in [-1, 1].
    guess_bias : float or array-like
        q, Pr(+P) when guessing, in [0, 1].
    real_positives : float or array-like
        RP, the number of real positives (> 0).
    real_negatives : float or array-like
        RN, the number of real negatives (> 0).

    Returns
    -------
    float or ndarray
        Var[B^ | RP, RN], broadcast over the arguments (a float for scalars).

    Raises
    ------
    ValueError
        If an argument is out of its range or not a finite real number.

    Examples
    --------
    p_inf = 0.5, q = 0.5: tpr = 0.5 + 0.5 * 0.5 = 0.75 and fpr = 0.25, so with RP = 40 and RN = 60
    the variance is 0.75 * 0.25/40 + 0.25 * 0.75/60 = 0.0046875 + 0.003125 = 0.0078125:

    >>> informedness_sampling_variance(0.5, 0.5, 40, 60)
    0.0078125
    """
    expected_informedness = probabilities(expected_informedness, "expected_informedness", low=-1.0)
    guess_bias = probabilities(guess_bias, "guess_bias")
    real_positives = positive_numbers(real_positives, "real_positives")
    real_negatives = positive_numbers(real_negatives, "real_negatives")
    true_positive_rate, false_positive_rate = _rates(expected_informedness, guess_bias)
    variance = (true_positive_rate * (1.0 - true_positive_rate) / real_positives
                + false_positive_rate * (1.0 - false_positive_rate) / real_negatives)
    return float(variance) if variance.ndim == 0 else variance


def _informedness_fraction(table):
    """(numerator, denominator) of B = TP/RP - FP/RN = (TP RN - FP RP)/(RP RN) as int64 arrays."""
    cells = []
    for name in ("tp", "fp", "fn", "tn"):
        cell = np.asarray(getattr(table, name), dtype=float)
        if not np.array_equal(cell, np.floor(cell)) or cell.size and cell.max() >= 2.0 ** 30:
            raise ValueError(f"the tables must hold counts (whole numbers below 2^30): {name} does not")
        cells.append(cell.astype(np.int64))
    tp, fp, fn, tn = cells
    rp, rn = tp + fn, fp + tn
    return tp * rn - fp * rp, rp * rn


def compare_informedness(tables: BinaryTable, reference: BinaryTable) -> Any:
    """The sign of B(tables) - reference, exactly: -1, 0 or +1 per table (nan where B is undefined).

    B = TP/RP - FP/RN = (TP RN - FP RP)/(RP RN) lies on a grid of 1/(RP RN), so a
    simulated B often *equals* an observed one; their two floats can still differ
    in the last bit (B = 4/12 - 0/15 is 0.33333333333333326, the Syrah's
    5/9 - 4/18 is 0.3333333333333335), and ``spread >= observed`` then drops the
    ties.  This compares the integer numerators instead:
    sign(B_a - B_b) = sign(n_a d_b - n_b d_a) with d = RP RN > 0.

    ``tables``: a :class:`BinaryTable` of counts (any shape); ``reference``: one
    table of counts, or an exact number (``int`` or ``fractions.Fraction``; a float
    is refused because its intended value on the grid is ambiguous).  Returns a
    float array (a float for a scalar table).  Python integers are used where
    int64 could overflow.

    Parameters
    ----------
    tables : BinaryTable
        Tables of counts (whole numbers below 2^30), of any shape.
    reference : BinaryTable, int or fractions.Fraction
        One table of counts with RP > 0 and RN > 0, or an exact informedness.

    Returns
    -------
    float or ndarray
        sign(B(tables) - B(reference)): -1.0, 0.0 or 1.0 per table, nan where a table has
        RP = 0 or RN = 0 (a float for a scalar table).

    Raises
    ------
    ValueError
        If ``tables`` is not a BinaryTable; if a cell is not a whole number below 2^30; if
        ``reference`` is an array of tables, a table with RP = 0 or RN = 0, a float or anything
        but a table or an exact number.

    Examples
    --------
    Three simulated tables with B = 4/12 - 0/15 = 1/3, 5/9 - 4/18 = 1/3 and 3/12 - 0/15 = 1/4
    against the Syrah's 5/9 - 4/18 = 1/3: the first ties (its float is one bit lower, so
    ``>=`` on floats misses it), the second is the same table, the third is below:

    >>> tables = BinaryTable(tp=[4, 5, 3], fp=[0, 4, 0], fn=[8, 4, 9], tn=[15, 14, 15])
    >>> syrah = BinaryTable(tp=5, fp=4, fn=4, tn=14)
    >>> compare_informedness(tables, syrah).tolist(), (tables.informedness >= syrah.informedness).tolist()
    ([0.0, 0.0, -1.0], [False, True, False])
    >>> from fractions import Fraction
    >>> compare_informedness(tables, Fraction(1, 4)).tolist()
    [1.0, 1.0, 0.0]
    """
    from fractions import Fraction
    instance(tables, "tables", BinaryTable)
    if isinstance(reference, BinaryTable):
        if reference.shape:
            raise ValueError("reference must be one table (a scalar BinaryTable) or an exact number")
        numerator, denominator = (int(x) for x in _informedness_fraction(reference))
        if denominator == 0:
            raise ValueError("reference has RP = 0 or RN = 0: its informedness is undefined")
    elif isinstance(reference, (int, np.integer, Fraction)) and not isinstance(reference, (bool, np.bool_)):
        reference = Fraction(reference)
        numerator, denominator = reference.numerator, reference.denominator
    else:
        raise ValueError("reference must be a BinaryTable or an exact number (int or fractions.Fraction), "
                         f"got {reference!r}")
    top, bottom = _informedness_fraction(tables)
    largest = max(int(np.abs(top).max(initial=0)), int(bottom.max(initial=0)))
    if largest * max(abs(numerator), denominator) >= 2 ** 62:   # the products could overflow int64
        top, bottom = top.astype(object), bottom.astype(object)
    sign = np.where(bottom == 0, np.nan, np.sign(top * denominator - numerator * bottom).astype(float))
    return float(sign) if sign.ndim == 0 else sign


@dataclass(frozen=True)
class Simulation:
    """The simulated tables and the hidden parameters each one was drawn with (:func:`simulate_tables`).

    Parameters
    ----------
    expected_informedness : ndarray
        p_inf, the probability of an informed decision, per table.
    prevalence : ndarray
        The population prevalence the real classes were drawn from, per table.
    guess_bias : ndarray
        q, Pr(+P) when guessing, per table.
    n_cases : int
        N, cases per table.
    seed : int
        The seed of ``numpy.random.default_rng``.
    table : BinaryTable
        The simulated counts, one table per element.
    """

    expected_informedness: np.ndarray  #: p_inf, the probability of an informed decision
    prevalence: np.ndarray  #: population prevalence the real classes were drawn from
    guess_bias: np.ndarray  #: q, Pr(+P) when guessing
    n_cases: int  #: N, cases per table
    seed: int  #: the seed of numpy.random.default_rng
    table: BinaryTable  #: the simulated counts, one table per element

    def __len__(self):
        return self.table.shape[0]


def _conditioned_real_positives(rng, n_cases, prevalence):
    """RP ~ Binomial(N, prevalence) conditioned on 1 <= RP <= N-1 (exact, vectorised).

    One unconditioned draw per table; a draw that lands on 0 or N is replaced by
    an inverse-CDF draw from the conditional law.  Keeping in-range draws and
    redrawing the rest from the conditional law gives exactly the conditional law.
    """
    real_positives = rng.binomial(n_cases, prevalence)
    redo = (real_positives < 1) | (real_positives > n_cases - 1)
    if redo.any():
        p = prevalence[redo]
        from scipy.stats import binom

        below = binom.cdf(0, n_cases, p)  # Pr(RP <= 0)
        up_to = binom.cdf(n_cases - 1, n_cases, p)  # Pr(RP <= N-1)
        uniform = below + rng.random(p.shape) * (up_to - below)
        redrawn = binom.ppf(uniform, n_cases, p)
        real_positives[redo] = np.clip(redrawn, 1, n_cases - 1).astype(real_positives.dtype)
    return real_positives


def simulate_tables(expected_informedness: ArrayLike, *, seed: int, n_cases: int = 100,
                    prevalence: ArrayLike | None = None, guess_bias: ArrayLike | None = None,
                    margin_range: tuple[float, float] = (0.0, 1.0), real_counts: str = "binomial") -> Simulation:
    """Simulate one 2x2 table of ``n_cases`` decisions per element of ``expected_informedness``.

    Parameters
    ----------
    expected_informedness : array_like in [-1, 1]
        p_inf for each table (Figure 2's design: p_inf = 0, 0.1, ..., 1, ten tables each).
    seed : int, keyword-only
        Seed of ``numpy.random.default_rng``; the same seed gives the same tables.
    n_cases : int >= 2, default=100
        N, cases per table.  Powers 2008 does not say; 100 is the N of the
        2003 spreadsheet.
    prevalence, guess_bias : array_like, optional
        Fixed margins (prevalence in (0, 1), guessing bias in [0, 1]), broadcast against
        ``expected_informedness``.  If omitted, each table draws its own uniformly from
        ``margin_range`` ("random margins").
    margin_range : (low, high), 0 <= low < high <= 1, default=(0.0, 1.0)
        The uniform range of random prevalences and guessing biases.
    real_counts : "binomial" or "fixed", default="binomial"
        RP ~ Binomial(N, prevalence) conditioned on both classes occurring, or
        RP = round(N * prevalence) clipped to [1, N-1].

    Returns
    -------
    Simulation
        The tables (an array of shape ``expected_informedness``'s, at least 1-D) and the
        parameters each was drawn with.

    Raises
    ------
    ValueError
        If ``n_cases`` is not a whole number >= 2, ``seed`` is not a whole number >= 0,
        ``real_counts`` is unknown, ``margin_range`` is not a pair 0 <= low < high <= 1, a p_inf,
        prevalence or guessing bias is out of range, or the arrays do not broadcast.

    Examples
    --------
    A fully informed decision maker (p_inf = 1) never guesses: with RP = round(100 * 0.3) fixed,
    every table is TP = 30, TN = 70, whatever the seed.

    >>> sim = simulate_tables([1.0, 1.0], seed=0, prevalence=0.3, guess_bias=0.5, real_counts="fixed")
    >>> len(sim), sim.table.tp.tolist(), sim.table.fp.tolist(), sim.table.informedness.tolist()
    (2, [30.0, 30.0], [0.0, 0.0], [1.0, 1.0])
    """
    n_cases = positive_integer(n_cases, "n_cases (both classes must occur)", minimum=2)
    choice(real_counts, "real_counts", ("binomial", "fixed"))
    seed = _seed(seed)
    bounds = probabilities(margin_range, "margin_range")
    if bounds.shape != (2,):
        raise ValueError(f"margin_range must be a pair (low, high), got {margin_range!r}")
    low, high = float(bounds[0]), float(bounds[1])
    if not low < high:
        raise ValueError(f"margin_range must satisfy 0 <= low < high <= 1, got {margin_range}")
    # a single p_inf gives one table: an array of shape (1,)
    expected_informedness = np.atleast_1d(probabilities(expected_informedness, "expected_informedness",
                                                        low=-1.0))
    rng = np.random.default_rng(seed)
    shape = expected_informedness.shape
    if prevalence is None:
        prevalence = rng.uniform(low, high, shape)
        prevalence = np.where(prevalence > 0.0, prevalence, high)  # a draw of exactly 0: never in practice
    if guess_bias is None:
        guess_bias = rng.uniform(low, high, shape)
    prevalence = probabilities(prevalence, "prevalence", open_interval=True)
    guess_bias = probabilities(guess_bias, "guess_bias")
    try:
        expected_informedness, prevalence, guess_bias = (
            np.array(a) for a in np.broadcast_arrays(expected_informedness, prevalence, guess_bias))
    except ValueError:
        raise ValueError("expected_informedness, prevalence and guess_bias do not broadcast") from None

    if real_counts == "binomial":
        real_positives = _conditioned_real_positives(rng, n_cases, prevalence)
    else:
        real_positives = np.clip(np.rint(n_cases * prevalence), 1, n_cases - 1).astype(np.int64)
    real_negatives = n_cases - real_positives
    true_positive_rate, false_positive_rate = _rates(expected_informedness, guess_bias)
    true_positives = rng.binomial(real_positives, true_positive_rate)
    false_positives = rng.binomial(real_negatives, false_positive_rate)
    table = BinaryTable(tp=true_positives, fp=false_positives,
                        fn=real_positives - true_positives, tn=real_negatives - false_positives)
    return Simulation(expected_informedness, prevalence, guess_bias, n_cases, int(seed), table)


# ---------------------------------------------------------------------- the dual model
def transpose_tables(table: BinaryTable) -> BinaryTable:
    """The transposed tables: predictions and real classes exchanged (FP <-> FN).

    Informedness and markedness, recall and precision, prevalence and bias swap;
    correlation, kappa and accuracy are unchanged (Powers 2008, section 2.5: B and M
    are the regression slopes of prediction on real class and of real class on
    prediction, which transposition exchanges).

    Parameters
    ----------
    table : BinaryTable
        One table or an array of tables.

    Returns
    -------
    BinaryTable
        The tables with FP and FN exchanged (TP and TN kept), of the same shape.

    Raises
    ------
    ValueError
        If ``table`` is not a BinaryTable.

    Examples
    --------
    ``[[30, 10], [20, 40]]`` has B = 30/50 - 10/50 = 0.4 and M = 30/40 - 20/60 = 0.4167; its
    transpose ``[[30, 20], [10, 40]]`` has B = 30/40 - 20/60 = 0.4167 and M = 0.4:

    >>> table = transpose_tables(BinaryTable(tp=30, fp=10, fn=20, tn=40))
    >>> table.fp, table.fn, round(table.informedness, 4), round(table.markedness, 4)
    (20.0, 10.0, 0.4167, 0.4)
    """
    instance(table, "table", BinaryTable)
    return BinaryTable(tp=table.tp, fp=table.fn, fn=table.fp, tn=table.tn)


@dataclass(frozen=True)
class MarkerSimulation:
    """Tables of the dual model, in which the real class is informed by the prediction.

    The result of :func:`simulate_marker_tables`.

    Parameters
    ----------
    expected_markedness : ndarray
        p_inf, the probability that the outcome follows the marker, per table.
    marker_rate : ndarray
        Pr(+P), how often the marker is positive (the bias), per table.
    outcome_rate : ndarray
        q, Pr(+R) of an outcome that does not follow the marker, per table.
    n_cases : int
        N, cases per table.
    seed : int
        The seed of ``numpy.random.default_rng``.
    table : BinaryTable
        The simulated counts, one table per element.
    """

    expected_markedness: np.ndarray  #: p_inf, the probability that the outcome follows the marker
    marker_rate: np.ndarray  #: Pr(+P), how often the marker is positive (the bias)
    outcome_rate: np.ndarray  #: q, Pr(+R) of an outcome that does not follow the marker
    n_cases: int  #: N, cases per table
    seed: int  #: the seed of numpy.random.default_rng
    table: BinaryTable  #: the simulated counts, one table per element

    def __len__(self):
        return self.table.shape[0]


def simulate_marker_tables(expected_markedness: ArrayLike, *, seed: int, n_cases: int = 100,
                           marker_rate: ArrayLike | None = None, outcome_rate: ArrayLike | None = None,
                           margin_range: tuple[float, float] = (0.0, 1.0),
                           marker_counts: str = "binomial") -> MarkerSimulation:
    """Simulate the dual model: the outcome (real class) is informed by the marker (prediction).

    For each case the marker is + with probability ``marker_rate``; with
    probability abs(p_inf) the outcome follows it (the opposite for p_inf < 0), otherwise the
    outcome is + with probability ``outcome_rate`` (q).  So

        Pr(+R | +P) = [p_inf > 0]abs(p_inf) + (1 - abs(p_inf)) q,
        Pr(+R | -P) = [p_inf < 0]abs(p_inf) + (1 - abs(p_inf)) q,

    and markedness = precision + inverse precision - 1 = p_inf exactly.  The counts
    are those of :func:`simulate_tables` with (prevalence, guess_bias, real_counts)
    read as (marker_rate, outcome_rate, marker_counts), transposed by
    :func:`transpose_tables`: the same seed gives the transposes of the same tables.
    PP ~ Binomial(N, marker_rate) is conditioned on 1 <= PP <= N-1, so markedness
    is always defined and unbiased given PP.

    Parameters
    ----------
    expected_markedness : array-like
        p_inf for each table, in [-1, 1].
    seed : int, keyword-only
        Seed of ``numpy.random.default_rng``; the same seed gives the same tables.
    n_cases : int, default=100
        N, cases per table (>= 2).
    marker_rate : float or array-like, optional
        Pr(+P), strictly between 0 and 1, broadcast against ``expected_markedness``; if
        omitted, each table draws its own uniformly from ``margin_range``.
    outcome_rate : float or array-like, optional
        q, Pr(+R) of an outcome that does not follow the marker, in [0, 1]; if omitted, drawn
        as ``marker_rate`` is.
    margin_range : (low, high), default=(0.0, 1.0)
        The uniform range (0 <= low < high <= 1) of random marker and outcome rates.
    marker_counts : {"binomial", "fixed"}, default="binomial"
        PP ~ Binomial(N, marker_rate) conditioned on both markers occurring, or
        PP = round(N * marker_rate) clipped to [1, N-1].

    Returns
    -------
    MarkerSimulation
        The tables (an array of the shape of ``expected_markedness``, at least 1-D) and the
        parameters each was drawn with.

    Raises
    ------
    ValueError
        As :func:`simulate_tables`, the arguments named as here (``expected_markedness``,
        ``marker_rate``, ``outcome_rate``, ``marker_counts``).

    Examples
    --------
    With G = 1 the outcome always follows the marker: with PP = round(100 * 0.3) fixed,
    every table is TP = 30, TN = 70 and markedness 1, whatever the seed.

    >>> sim = simulate_marker_tables([1.0, 1.0], seed=0, marker_rate=0.3, outcome_rate=0.5,
    ...                              marker_counts="fixed")
    >>> len(sim), sim.table.tp.tolist(), sim.table.fn.tolist(), sim.table.markedness.tolist()
    (2, [30.0, 30.0], [0.0, 0.0], [1.0, 1.0])
    """
    try:
        classifier = simulate_tables(expected_markedness, seed=seed, n_cases=n_cases,
                                     prevalence=marker_rate, guess_bias=outcome_rate,
                                     margin_range=margin_range, real_counts=marker_counts)
    except ValueError as error:
        message = str(error)
        for old, new in (("expected_informedness", "expected_markedness"),
                         ("prevalence", "marker_rate"), ("guess_bias", "outcome_rate"),
                         ("real_counts", "marker_counts")):
            message = message.replace(old, new)
        raise ValueError(message) from None
    return MarkerSimulation(classifier.expected_informedness, classifier.prevalence,
                            classifier.guess_bias, classifier.n_cases, classifier.seed,
                            transpose_tables(classifier.table))


__getattr__ = moved_names(__name__)       # the deprecated Figure 2 names, now in the course layer
