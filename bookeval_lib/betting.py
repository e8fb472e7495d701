"""The Bookmaker's betting interpretation of informedness (Powers 2003).

A punter backs one "horse" (label) per race; the bookmaker offers fair odds
set from the historical probability ``p`` that the horse wins (its prevalence).
Fair odds against a horse are ``(1 - p) : p``: a stake of ``p`` wins ``1 - p``,
so guessing has expected gain 0 (Powers 2003, section "Bookmaker Odds").

Three scalings of the same fair odds appear in the papers and in this module:

``"odds"``
    The spreadsheet's reduced odds that add to ``odds_total`` (10 in Figure 1):
    a horse that wins 30 % of races is offered at 7:3, so backing it risks 3 dollars
    to win 7 and backing its rival risks 7 dollars to win 3 (poster, 2003).
``"paper"``
    Powers 2003's normalised weight ``w(c|l) = +1/Pr_R(l)`` when the real class
    ``c`` is the backed label ``l`` and ``-1/(1 - Pr_R(l))`` otherwise; the
    ``"odds"`` payoff divided by ``odds_total * k`` with ``k = Pr_R(l)(1 - Pr_R(l))``.
    Then ``sum_c Pr(l, c) w(c|l) = recall(l) - fallout(l) = B(l)``.
``"unit"``
    Every winning bet pays 1 dollar and a losing bet costs the fair stake
    ``Pr_R(l)/(1 - Pr_R(l))``.  The expected winnings per bet are then
    ``sum_l Pr_R(l) B(l)``, which is exactly ``B = tpr - fpr`` for two classes
    (see :func:`expected_winnings_per_bet`); the perfect punter wins 1 dollar on
    every bet and a guesser breaks even.

All matrices here follow Powers' layout: rows = the label backed (predicted),
columns = the real class (scikit-learn's ``confusion_matrix`` is the transpose).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from . import _checks
from ._deprecated import moved_names
from ._checks import positive_number, probabilities
from .measures import BinaryTable

if TYPE_CHECKING:                       # type hints only; nothing imported at run time
    from typing import Any

    from numpy.typing import ArrayLike

__all__ = [
    "fair_odds", "reduced_odds", "expected_gain", "payoff_matrix", "table_payoffs", "total_winnings",
    "expected_winnings_per_bet", "binary_table_from_rates", "feasible_informedness", "NORMALISATIONS",
]

NORMALISATIONS = ("paper", "odds", "unit")


def _plain(value):
    """A 0-d array becomes a Python float (prints as 7.0, not np.float64(7.0))."""
    value = np.asarray(value)
    return float(value) if value.ndim == 0 else value


def _distribution(values, name):
    """A probability vector (non-negative, sums to 1); a scalar p means (p, 1 - p)."""
    array = probabilities(values, name)
    if array.ndim == 0:
        array = np.array([float(array), 1.0 - float(array)])
    if array.ndim != 1 or array.size < 2:
        raise ValueError(f"{name} must be a probability or a vector of probabilities, got {values!r}")
    if not np.isclose(array.sum(), 1.0, rtol=0, atol=1e-9):
        raise ValueError(f"{name} must sum to 1, got sum {array.sum():g}")
    return array


# ---------------------------------------------------------------------- odds
def fair_odds(probability: ArrayLike) -> Any:
    """Fair odds against a horse that wins with ``probability`` p: ``(1 - p)/p`` won per dollar staked.

    The expected gain ``p (1-p)/p - (1-p) * 1 = 0`` (Powers 2003: odds X:Y are fair
    when the horse wins with probability Y/(X+Y)).  Vectorised; p must be in (0, 1);
    inf where the odds exceed the largest float (p below about 5.6e-309).

    Parameters
    ----------
    probability : float or array-like
        p, the probability that the horse wins, strictly between 0 and 1.

    Returns
    -------
    float or ndarray
        ``(1 - p)/p`` (a float for a scalar p).

    Raises
    ------
    ValueError
        If ``probability`` is not a real number or does not lie strictly between 0 and 1.

    Examples
    --------
    >>> fair_odds(0.25)           # (1 - 0.25)/0.25: 3 dollars won per dollar staked
    3.0
    """
    p = probabilities(probability, "probability", open_interval=True)
    with np.errstate(over="ignore"):
        return _plain((1.0 - p) / p)


def reduced_odds(probability: ArrayLike, odds_total: float = 10) -> Any:
    """The odds ``X:Y`` that add to ``odds_total``: ``(win, stake) = (total (1-p), total p)``.

    ``reduced_odds(0.3)`` is ``(7.0, 3.0)``: risk 3 dollars to win 7 (the poster's 7:3).

    Parameters
    ----------
    probability : float or array-like
        p, the probability that the horse wins, strictly between 0 and 1.
    odds_total : float, default=10
        X + Y, the sum the odds are scaled to (> 0); Figure 1's spreadsheet uses 10.

    Returns
    -------
    win : float or ndarray
        X = ``odds_total (1 - p)``, the dollars won when the horse wins.
    stake : float or ndarray
        Y = ``odds_total p``, the dollars lost when it does not.

    Raises
    ------
    ValueError
        If ``probability`` does not lie strictly between 0 and 1, or ``odds_total`` is not a
        finite number > 0.

    Examples
    --------
    >>> reduced_odds(0.25)        # 10 * 0.75 : 10 * 0.25
    (7.5, 2.5)
    """
    p = probabilities(probability, "probability", open_interval=True)
    odds_total = positive_number(odds_total, "odds_total")
    return _plain(odds_total * (1.0 - p)), _plain(odds_total * p)


def expected_gain(win_probability: ArrayLike, win: ArrayLike, stake: ArrayLike) -> Any:
    """Expected gain of one bet: ``Pr(win) * win - (1 - Pr(win)) * stake`` (0 when the odds are fair).

    Vectorised: the arguments broadcast.

    Parameters
    ----------
    win_probability : float or array-like
        Pr(win), in [0, 1].
    win : float or array-like
        The dollars won if the bet wins.
    stake : float or array-like
        The dollars lost if it does not.

    Returns
    -------
    float or ndarray
        The expected gain per bet (a float for scalar arguments).

    Raises
    ------
    ValueError
        If ``win_probability`` is outside [0, 1], or an argument is not a finite real number.

    Examples
    --------
    At the fair odds 3:1 of a horse that wins a quarter of its races the gain is
    0.25 * 3 - 0.75 * 1 = 0; the same odds on a horse that wins half of them give
    0.5 * 3 - 0.5 * 1 = 1 dollar per bet:

    >>> expected_gain(0.25, 3, 1), expected_gain(0.5, 3, 1)
    (0.0, 1.0)
    """
    p = probabilities(win_probability, "win_probability")
    return _plain(p * _checks.real_array(win, "win") - (1.0 - p) * _checks.real_array(stake, "stake"))


def payoff_matrix(prevalence: float, normalisation: str = "paper", odds_total: float = 10) -> np.ndarray:
    """Payoff per case of backing label l (row) when class c (column) wins.

    Positive entries are returns won, negative entries stakes lost.  ``prevalence``
    is Pr_R(c) for each class (a scalar p means the two classes (p, 1 - p)).

    ``"paper"``: ``w(c|l) = +1/Pr_R(l)`` if c = l, ``-1/(1 - Pr_R(l))`` otherwise
    (Powers 2003, general Bookmaker; the poster writes P_R(l)).
    ``"odds"``: win ``odds_total (1 - Pr_R(l))`` or lose ``odds_total Pr_R(l)``
    (reduced odds such as 7:3).  ``"unit"``: win 1 or lose ``Pr_R(l)/(1 - Pr_R(l))``.
    A payoff beyond the largest float (a prevalence below about 5.6e-309) is inf.

    Parameters
    ----------
    prevalence : float or array-like with shape (K,)
        Pr_R(c) of each class, each strictly between 0 and 1, adding up to 1; a scalar p means
        the two classes (p, 1 - p).
    normalisation : {"paper", "odds", "unit"}, default="paper"
        The scaling of the fair odds (module docstring, :data:`NORMALISATIONS`).
    odds_total : float, default=10
        X + Y of the reduced odds (> 0); used by ``"odds"`` only.

    Returns
    -------
    ndarray with shape (K, K)
        Row l, column c: the payoff per case of backing l when c wins (rows = predicted,
        columns = real).

    Raises
    ------
    ValueError
        If ``prevalence`` is not a probability or a vector of probabilities adding up to 1, a
        class's prevalence is 0 or 1, ``normalisation`` is unknown, or (``"odds"``)
        ``odds_total`` is not a finite number > 0.

    Examples
    --------
    A class that occurs 30 % of the time is offered at 7:3 and its rival at 3:7: backing the
    first wins 7 or loses 3, backing the second wins 3 or loses 7.  With the ``"paper"``
    weights and prevalence 0.25 the first row is +1/0.25 = 4 and -1/0.75 = -1.3333:

    >>> payoff_matrix(0.3, "odds")
    array([[ 7., -3.],
           [-7.,  3.]])
    >>> payoff_matrix(0.25).round(4)
    array([[ 4.    , -1.3333],
           [-4.    ,  1.3333]])
    """
    p = _distribution(prevalence, "prevalence")
    if ((p <= 0) | (p >= 1)).any():
        raise ValueError("every class needs a prevalence strictly between 0 and 1 for fair odds")
    if normalisation == "paper":
        with np.errstate(over="ignore"):
            win, lose = 1.0 / p, 1.0 / (1.0 - p)
    elif normalisation == "odds":
        odds_total = positive_number(odds_total, "odds_total")
        win, lose = odds_total * (1.0 - p), odds_total * p
    elif normalisation == "unit":
        win, lose = np.ones_like(p), p / (1.0 - p)
    else:
        _checks.choice(normalisation, "normalisation", NORMALISATIONS)
    k = p.size
    return np.where(np.eye(k, dtype=bool), win[:, None], -lose[:, None] * np.ones((k, k)))


def _matrix(table):
    """Rows = predicted, columns = real, from a BinaryTable, a Contingency or a square array of cells > 0 in sum."""
    from .contingency import Contingency

    if isinstance(table, BinaryTable):
        if table.shape:
            raise ValueError("table must be one BinaryTable, not an array of tables")
        matrix = table.to_matrix("powers")
    elif isinstance(table, Contingency):
        matrix = table.square()              # over the union of names: label l backs class l
    else:
        matrix = _checks.counts(table, "table")
        if matrix.ndim != 2 or matrix.shape[0] != matrix.shape[1]:
            raise ValueError(f"table must be a square matrix (rows = predicted, columns = real), "
                             f"got shape {matrix.shape}")
    if not matrix.any():
        raise ValueError("table must hold some cases: every cell is 0")
    return matrix


def _shares(counts):
    """The joint proportions Pr(l, c) of a table of counts, summed from cells scaled to <= 1 (no overflow).

    Scaled by a power of two, which is exact: the shares are the same numbers as counts / N.
    """
    scaled = np.ldexp(counts, -np.frexp(counts.max())[1])
    return scaled / scaled.sum()


def table_payoffs(table: BinaryTable, normalisation: str = "paper",
                  odds_total: float = 10) -> tuple[np.ndarray, np.ndarray]:
    """Stake and return per cell of a table (rows = predicted, columns = real), odds from its own prevalences.

    Returns ``(per_case, amounts)``: ``per_case`` is :func:`payoff_matrix` for the
    table's column margins (+ = return won, - = stake lost, per case in that cell)
    and ``amounts = counts * per_case``, the dollars each cell wins or loses.

    Parameters
    ----------
    table : BinaryTable, Contingency or array-like with shape (K, K)
        One table of counts (a single :class:`~bookeval_lib.BinaryTable`, a
        :class:`~bookeval_lib.Contingency`, or a square matrix with rows = predicted, columns =
        real) holding some cases.
    normalisation : {"paper", "odds", "unit"}, default="paper"
        The scaling of the fair odds, as in :func:`payoff_matrix`.
    odds_total : float, default=10
        X + Y of the reduced odds (> 0); used by ``"odds"`` only.

    Returns
    -------
    per_case : ndarray with shape (K, K)
        The payoff per case of each cell.
    amounts : ndarray with shape (K, K)
        ``counts * per_case`` (0 in an empty cell).

    Raises
    ------
    ValueError
        If ``table`` is an array of BinaryTables, not square, has a negative or non-finite
        cell or no case; if a real class has no case or every case (no fair odds); for a
        bad ``normalisation`` or ``odds_total``.

    Examples
    --------
    The poster's guessing punter backs + on 40 of 100 races, and + wins 30 of them: the odds
    are 7:3 for + and 3:7 for -.  Its 12 winning bets on + win 12 * 7 = 84, its 28 losing
    ones lose 28 * 3 = 84; its 18 losing bets on - lose 18 * 7 = 126 and its 42 winning
    ones win 42 * 3 = 126:

    >>> per_case, amounts = table_payoffs(BinaryTable(tp=12, fp=28, fn=18, tn=42), "odds")
    >>> per_case
    array([[ 7., -3.],
           [-7.,  3.]])
    >>> amounts
    array([[  84.,  -84.],
           [-126.,  126.]])
    """
    counts = _matrix(table)
    scaled = np.ldexp(counts, -np.frexp(counts.max())[1])     # exact, and no sum overflows
    per_case = payoff_matrix(scaled.sum(axis=0) / scaled.sum(), normalisation, odds_total)
    with np.errstate(over="ignore", invalid="ignore"):     # amounts beyond the largest float are inf
        return per_case, np.where(counts > 0, counts * per_case, 0.0)


def total_winnings(table: BinaryTable, normalisation: str = "odds", odds_total: float = 10) -> Any:
    """``(won, lost)``: dollars won on correct bets and stakes lost on wrong ones, one bet per case.

    The table's own column margins give the odds.  For the poster's guessing
    punter ``[[12, 28], [18, 42]]`` at 7:3 this is ``(210, 210)``.

    Parameters
    ----------
    table : BinaryTable, Contingency or array-like with shape (K, K)
        One table of counts (rows = predicted, columns = real), as in :func:`table_payoffs`.
    normalisation : {"paper", "odds", "unit"}, default="odds"
        The scaling of the fair odds, as in :func:`payoff_matrix`.
    odds_total : float, default=10
        X + Y of the reduced odds (> 0); used by ``"odds"`` only.

    Returns
    -------
    won : float
        The dollars won on correct bets (the positive amounts of :func:`table_payoffs`).
    lost : float
        The stakes lost on wrong bets, as a positive number.

    Raises
    ------
    ValueError
        As :func:`table_payoffs`.

    Examples
    --------
    The guesser wins 84 + 126 = 210 and loses 84 + 126 = 210 (:func:`table_payoffs`): it
    breaks even.  The informed punter of ``[[30, 10], [10, 50]]`` gets 6:4 on + and 4:6 on -,
    and wins 30 * 6 + 50 * 4 = 380 against 10 * 4 + 10 * 6 = 100 lost:

    >>> total_winnings(BinaryTable(tp=12, fp=28, fn=18, tn=42))
    (210.0, 210.0)
    >>> total_winnings(BinaryTable(tp=30, fp=10, fn=10, tn=50))
    (380.0, 100.0)
    """
    amounts = table_payoffs(table, normalisation, odds_total)[1]
    with np.errstate(over="ignore"):                  # dollars beyond the largest float: inf
        return float(amounts[amounts > 0].sum()), float(-amounts[amounts < 0].sum())


def expected_winnings_per_bet(table: BinaryTable, normalisation: str = "unit", odds_total: float = 10) -> Any:
    """Average payoff per bet, ``sum_{l,c} Pr(l, c) payoff(l, c)``.

    With ``"unit"`` payoffs this equals ``sum_l Pr_R(l) B(l)``; for two classes that
    is ``(TP*TN - FP*FN)/(N^2 rp rn) = tpr - fpr = B`` for every bias.  nan when a
    class that is backed or occurs has no cases, or one class holds every case
    (its fair odds are undefined), as ``Contingency.informedness_prevalence_weighted``
    is; a name with no case and no bet contributes nothing.

    With the ``"paper"`` weights each label's row adds up to recall(l) - fallout(l) = B(l),
    so the result is ``sum_l B(l)`` (2B for two classes); with ``"odds"`` it is in dollars of
    the reduced odds.

    Parameters
    ----------
    table : BinaryTable, Contingency or array-like with shape (K, K)
        One table of counts (rows = predicted, columns = real), as in :func:`table_payoffs`.
    normalisation : {"paper", "odds", "unit"}, default="unit"
        The scaling of the fair odds, as in :func:`payoff_matrix`.
    odds_total : float, default=10
        X + Y of the reduced odds (> 0); used by ``"odds"`` only.

    Returns
    -------
    float
        The expected payoff of one bet; nan where a fair odd is undefined.

    Raises
    ------
    ValueError
        If ``normalisation`` is unknown, ``table`` is not one table of counts holding some
        cases, or (``"odds"``) ``odds_total`` is not a finite number > 0.

    Examples
    --------
    ``[[30, 10], [10, 50]]``: rp = 0.4, so a winning bet pays 1 and a losing bet on + costs
    0.4/0.6 = 2/3, on - 0.6/0.4 = 1.5; per bet 0.3 - 0.1 * 2/3 - 0.1 * 1.5 + 0.5 = 7/12,
    which is B = 30/40 - 10/60.  The ``"paper"`` weights give B(+) + B(-) = 2B = 7/6:

    >>> table = BinaryTable(tp=30, fp=10, fn=10, tn=50)
    >>> round(expected_winnings_per_bet(table), 6), round(table.informedness, 6)
    (0.583333, 0.583333)
    >>> round(expected_winnings_per_bet(table, "paper"), 6)
    1.166667
    """
    _checks.choice(normalisation, "normalisation", NORMALISATIONS)
    counts = _matrix(table)
    used = counts.any(axis=0) | counts.any(axis=1)
    joint = _shares(counts[np.ix_(used, used)])
    prevalence = joint.sum(axis=0)
    if ((prevalence <= 0) | (prevalence >= 1)).any():
        return float("nan")
    if normalisation == "paper":
        return float(_paper_cells(joint, prevalence).sum())
    return float((joint * payoff_matrix(prevalence, normalisation, odds_total)).sum())


def _paper_cells(joint, prevalence):
    """Pr(l, c) w(c|l) with the ``"paper"`` weights, as Pr(l, l)/Pr_R(l) and -Pr(l, c)/(1 - Pr_R(l)).

    Divided, not multiplied by 1/Pr_R(l): each term is at most 1 in size even
    where 1/Pr_R(l) exceeds the largest float.
    """
    payoff_matrix(prevalence, "paper")            # the checks: a distribution, every share in (0, 1)
    with np.errstate(under="ignore", over="ignore"):     # over: in the branch np.where does not keep
        return np.where(np.eye(prevalence.size, dtype=bool), joint / prevalence[:, None],
                        -joint / (1.0 - prevalence)[:, None])


def feasible_informedness(prevalence: ArrayLike, bias: ArrayLike) -> Any:
    """The interval of B for which a 2x2 table with this prevalence and bias exists.

    With rp = prevalence, pp = bias, every cell follows from B:
    TP = pp rp + B rp rn, FP = pp rn - B rp rn, FN = rp pn - B rp rn,
    TN = rn pn + B rp rn (/N).  Non-negative cells need
    ``-min(pp/rn, pn/rp) <= B <= min(pp/rp, pn/rn)``.

    Parameters
    ----------
    prevalence : float or array-like
        rp = Pr(+R), strictly between 0 and 1.
    bias : float or array-like
        pp = Pr(+P), in [0, 1].

    Returns
    -------
    low, high : float or ndarray
        The least and the greatest feasible B, broadcast over the arguments.

    Raises
    ------
    ValueError
        If ``prevalence`` does not lie strictly between 0 and 1 or ``bias`` is outside [0, 1].

    Examples
    --------
    With rp = 0.5 and pp = 0.4 the true positives' share tp lies in [0, 0.4] and
    B = tp/0.5 - (0.4 - tp)/0.5 = 4 tp - 0.8:

    >>> tuple(float(b) for b in feasible_informedness(0.5, 0.4))
    (-0.8, 0.8)
    """
    rp = probabilities(prevalence, "prevalence", open_interval=True)
    pp = probabilities(bias, "bias")
    rn, pn = 1.0 - rp, 1.0 - pp
    with np.errstate(over="ignore"):             # pp/rp beyond the largest float: inf, outside [-1, 1] anyway
        return -np.minimum(pp / rn, pn / rp), np.minimum(pp / rp, pn / rn)


def binary_table_from_rates(prevalence: ArrayLike, bias: ArrayLike, informedness: ArrayLike,
                            total: ArrayLike = 1.0) -> BinaryTable:
    """The 2x2 table with the given prevalence, bias and informedness (the three degrees of freedom).

    Arguments broadcast (arrays give an array of tables).  Raises ValueError
    when B lies outside :func:`feasible_informedness`, naming the first such element.

    Parameters
    ----------
    prevalence : float or array-like
        rp = Pr(+R), strictly between 0 and 1.
    bias : float or array-like
        pp = Pr(+P), in [0, 1].
    informedness : float or array-like
        B, in [-1, 1] and within :func:`feasible_informedness` of the prevalence and bias.
    total : float, default=1.0
        N, the number of cases (> 0; 1 gives proportions).

    Returns
    -------
    BinaryTable
        The table (an array of tables when an argument is an array).

    Raises
    ------
    ValueError
        If a rate is out of its range, ``total`` is not a finite number > 0, or B lies outside
        :func:`feasible_informedness`.

    Examples
    --------
    B = 4 tp - 0.8 = 0.6 at rp = 0.5, pp = 0.4 (see :func:`feasible_informedness`) gives tp = 0.35:

    >>> table = binary_table_from_rates(0.5, 0.4, 0.6, total=100)
    >>> [round(float(x), 6) for x in (table.tp, table.fp, table.fn, table.tn)]
    [35.0, 5.0, 15.0, 45.0]
    """
    low, high = feasible_informedness(prevalence, bias)
    b = probabilities(informedness, "informedness", low=-1.0)
    total = positive_number(total, "total")
    b, low, high, rp, pp = np.broadcast_arrays(b, low, high, probabilities(prevalence, "prevalence"),
                                               probabilities(bias, "bias"))
    outside = (b < low - 1e-12) | (b > high + 1e-12)
    if outside.any():
        i = tuple(np.argwhere(outside)[0]) if outside.ndim else ()
        at = f" (element {i if len(i) > 1 else i[0]})" if i else ""
        raise ValueError(f"informedness must lie in [{low[i]:.4g}, {high[i]:.4g}] for prevalence {rp[i]:g} and "
                         f"bias {pp[i]:g}{at}, got {b[i]:g}")
    return BinaryTable.from_rates(prevalence=rp, bias=pp, informedness=np.clip(b, low, high), total=total)


def _mixed_binary_table(prevalence, guess_bias, informedness, total=1.0):
    """The deprecated ``mixed_binary_table``: :func:`bookeval_lib.montecarlo.expected_table` in its old order."""
    from .montecarlo import expected_table

    return expected_table(informedness, prevalence, guess_bias, total)


__getattr__ = moved_names(__name__)       # the deprecated names moved to the course layer
