"""The punter behind informedness: the illustrations of Powers 2003's Figure 1 and betting section.

A punter who is informed with probability p_inf and otherwise guesses (:func:`mixed_table`;
:func:`class_informed_table` when the rate depends on the class, with the weights
:func:`informed_rate_weights` that make B their mean), the running winnings of such
punters at fair odds (:func:`simulate_punter`, :func:`winnings_moments`), and the
dollar block of the Figure 1 spreadsheet (:func:`bookmaker_sheet`).  The odds and
payoffs themselves are the library's :mod:`bookeval_lib.betting`; for two classes the
informed/guessing table is :func:`bookeval_lib.montecarlo.expected_table`.

All matrices follow Powers' layout: rows = the label backed (predicted), columns = the
real class.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ... import _checks
from ..._checks import positive_integer, positive_number, probabilities, real_number
from ...betting import _distribution, _matrix, _paper_cells, _shares, payoff_matrix

if TYPE_CHECKING:                       # type hints only; nothing imported at run time
    from typing import Any

    from numpy.typing import ArrayLike

    from ...measures import BinaryTable

__all__ = ["bookmaker_sheet", "mixed_table", "simulate_punter", "winnings_moments",
           "class_informed_table", "informed_rate_weights"]


def bookmaker_sheet(table: BinaryTable, odds_total: float = 10) -> Any:
    """The dollar block of the Figure 1 spreadsheet, for a square table (rows = predicted).

    Returns a dict:

    ``cells``     ``odds_total * Pr(l, c) * w(c|l)`` = +-odds_total * count/column total;
    ``won``       row sums = ``odds_total * B(l)`` (the "Won" column);
    ``weighted``  ``odds_total * Pr_P(l) * B(l)`` (the "Weighted" column);
    ``column_totals``  column sums of ``cells`` (the sheet's bottom row);
    ``total``     ``sum(weighted) = odds_total * B`` (bottom left and bottom right).
    """
    odds_total = positive_number(odds_total, "odds_total")
    joint = _shares(_matrix(table))
    cells = odds_total * _paper_cells(joint, joint.sum(axis=0))
    won = cells.sum(axis=1)
    weighted = joint.sum(axis=1) * won
    return {"cells": cells, "won": won, "weighted": weighted,
            "column_totals": cells.sum(axis=0), "total": float(weighted.sum())}


# ---------------------------------------------------------------------- mixtures of informed and guessing play
def mixed_table(prevalence: ArrayLike, guess_bias: ArrayLike, informedness: ArrayLike,
                total: ArrayLike = 1.0) -> Any:
    """Expected table of a punter informed with probability p_inf who otherwise guesses.

    ``p_inf * perfect + (1 - p_inf) * guess`` with ``perfect = diag(Pr_R)`` and
    ``guess = outer(guess_bias, Pr_R)`` (the guess ignores the race).  For two
    classes a negative p_inf means "informed but reversed" with probability abs(p_inf)
    (Figure 1, model 4): ``abs(p_inf) * antidiagonal + (1 - abs(p_inf)) * guess``.  Rows =
    predicted labels, columns = real classes; scaled to ``total`` cases.
    """
    p = _distribution(prevalence, "prevalence")
    q = _distribution(guess_bias, "guess_bias")
    if p.size != q.size:
        raise ValueError("prevalence and guess_bias need one entry per class")
    g = float(probabilities(real_number(informedness, "informedness"), "informedness", low=-1.0))
    if g < 0 and p.size != 2:
        raise ValueError("a negative informedness (reversed labels) is defined here for two classes only")
    total = positive_number(total, "total")
    informed = np.diag(p) if g >= 0 else np.diag(p)[::-1]
    return total * (abs(g) * informed + (1.0 - abs(g)) * np.outer(q, p))


def simulate_punter(prevalence: float, guess_bias: float, informedness: float, races: int, *, seed: int,
                    punters: int = 1) -> Any:
    """Running average winnings of punters who are informed with probability p_inf and otherwise guess.

    Each race the winner c is drawn from ``prevalence``; with probability abs(p_inf) the
    punter backs c (or, for p_inf < 0 with two classes, the other horse), otherwise a
    label drawn from ``guess_bias``.  Payoffs are the ``"unit"`` fair odds: +1 dollar for
    a win, ``-Pr_R(l)/(1 - Pr_R(l))`` for a loss.  Returns an array of shape
    ``(punters, races)``: the average winnings per bet after 1, 2, ... races,
    which converges to p_inf (see :func:`winnings_moments`).  ``seed`` feeds
    ``numpy.random.default_rng``.
    """
    p = _distribution(prevalence, "prevalence")
    q = _distribution(guess_bias, "guess_bias")
    g = real_number(informedness, "informedness")
    mixed_table(p, q, g)  # validates the combination
    races, punters = positive_integer(races, "races"), positive_integer(punters, "punters")
    rng = np.random.default_rng(_checks.seed(seed))
    shape = (punters, races)
    winner = rng.choice(p.size, size=shape, p=p)
    informed = rng.random(shape) < abs(g)
    guess = rng.choice(q.size, size=shape, p=q)
    informed_label = winner if g >= 0 else 1 - winner
    backed = np.where(informed, informed_label, guess)
    payoff = payoff_matrix(p, "unit")[backed, winner]
    return np.cumsum(payoff, axis=1) / np.arange(1, races + 1)


def winnings_moments(prevalence: ArrayLike, guess_bias: ArrayLike, informedness: ArrayLike) -> Any:
    """Exact mean and standard deviation of one bet's ``"unit"`` payoff in :func:`simulate_punter`.

    The mean is ``sum Pr(l, c) payoff(l, c)`` over the mixed table (= p_inf); the
    running average after n races has standard error ``sd / sqrt(n)``.
    """
    p = _distribution(prevalence, "prevalence")
    joint = mixed_table(p, guess_bias, informedness)
    payoff = payoff_matrix(p, "unit")
    mean = float((joint * payoff).sum())
    return mean, float(np.sqrt(max((joint * payoff ** 2).sum() - mean ** 2, 0.0)))  # >= 0 up to rounding


# ------------------------------------------------- informed at a rate per class
def class_informed_table(prevalence: ArrayLike, guess_bias: ArrayLike, informed: ArrayLike,
                         total: ArrayLike = 1.0) -> Any:
    """Expected table of a punter informed with a probability that depends on the real class.

    ``Pr(l, c) = Pr_R(c) (g_c [l = c] + (1 - g_c) q_l)``: a case of class c is
    called correctly with probability g_c (informed) and otherwise gets a guessed
    label drawn from the guess bias q.  Equal rates g_c = p_inf give :func:`mixed_table`.
    Rows = predicted labels, columns = real classes; scaled to ``total`` cases.
    """
    p = _distribution(prevalence, "prevalence")
    q = _distribution(guess_bias, "guess_bias")
    g = probabilities(informed, "informed")
    if g.shape != p.shape or q.shape != p.shape:
        raise ValueError("prevalence, guess_bias and informed need one entry per class")
    total = positive_number(total, "total")
    return total * (np.diag(p * g) + np.outer(q, p * (1.0 - g)))


def informed_rate_weights(prevalence: ArrayLike, guess_bias: ArrayLike, informed: ArrayLike) -> Any:
    """Weights w_c with B = sum_c w_c g_c for :func:`class_informed_table` (they sum to 1).

    Each label's Bookmaker is B(l) = (1 - q_l) g_l + q_l gbar_l, with gbar_l =
    sum_{c != l} Pr_R(c) g_c / (1 - Pr_R(l)) the informed rate of the other
    classes; weighting by the bias Pr_P(l) = sum_c Pr(l, c) (Powers 2003, general
    Bookmaker) gives w_c = Pr_P(c) (1 - q_c) + Pr_R(c) sum_{l != c} Pr_P(l) q_l / (1 - Pr_R(l)).
    So B is a weighted mean of the class rates g_c, and equals the probability of
    an informed decision, sum_c Pr_R(c) g_c, when all g_c are equal (not in general).
    """
    p = _distribution(prevalence, "prevalence")
    q = _distribution(guess_bias, "guess_bias")
    bias = class_informed_table(p, q, informed).sum(axis=1)
    with np.errstate(divide="ignore", invalid="ignore"):
        share = np.where(p < 1, bias * q / (1.0 - p), np.nan)       # Pr_P(l) q_l / (1 - Pr_R(l))
    return bias * (1.0 - q) + p * (np.nansum(share) - np.nan_to_num(share))
