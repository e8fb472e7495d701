"""Coverage, measured: how often an interval method contains the true value.

:func:`coverage` simulates tables with known true informedness, markedness
or correlation (the informed/guessing decision maker of
:mod:`bookeval_lib.montecarlo`) and counts how often the intervals of
:mod:`bookeval_lib.uncertainty` contain the truth, with the binomial standard
error of that fraction.  ``bookeval_lib.uncertainty.coverage`` is this function.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from . import _checks

__all__ = ["Coverage", "coverage"]


@dataclass(frozen=True, eq=False)
class Coverage:
    """How often an interval method covered the true value in simulated tables (:func:`coverage`).

    ``coverage`` = covered / defined, the fraction of the intervals that could
    be computed which contain ``truth``; ``standard_error`` its binomial standard
    error sqrt(c(1 - c)/defined); ``mean_width`` the mean width of those
    intervals; ``defined`` how many of the ``trials`` tables gave an interval.
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

    def falls_short(self, standard_errors=3.0):
        """True if the coverage is below the nominal level by more than ``standard_errors``
        binomial standard errors of a method that covers exactly at the nominal level,
        sqrt(confidence (1 - confidence)/defined).  False if no interval was defined."""
        if not self.defined:
            return False
        allowed = standard_errors * np.sqrt(self.confidence * (1.0 - self.confidence) / self.defined)
        return bool(self.coverage < self.confidence - allowed)


_MEASURE_ATTRIBUTE = {"informedness": "informedness", "markedness": "markedness",
                      "correlation": "mcc"}


def _guess_bias(informedness, prevalence, bias):
    """The guessing bias q of montecarlo's decision maker that has label bias pp = ``bias``.

    pp = rp G + (1 - G) q for G >= 0 and pp = rn |G| + (1 - |G|) q for G < 0.
    """
    informed = prevalence * informedness if informedness >= 0 else (1.0 - prevalence) * -informedness
    if abs(informedness) == 1.0:
        if abs(bias - informed) > 1e-12:
            raise ValueError(f"with informedness = {informedness:g} the bias must be {informed:g}")
        return 0.5  # no case is guessed, so q does not matter
    q = (bias - informed) / (1.0 - abs(informedness))
    if not -1e-12 <= q <= 1.0 + 1e-12:
        low, high = informed, informed + 1.0 - abs(informedness)
        raise ValueError(f"bias must lie in [{low:g}, {high:g}] for this prevalence and "
                         f"informedness (no decision maker has bias {bias:g})")
    return float(np.clip(q, 0.0, 1.0))


def coverage(method, *, measure="informedness", total, prevalence, informedness, bias=None,
             trials=2000, seed, confidence=0.95, n_resamples=999):
    """The fraction of ``method``'s intervals that contain the true value, by simulation.

    ``trials`` tables of ``total`` cases are drawn with
    :func:`bookeval_lib.montecarlo.simulate_tables` (seeded): real positives
    RP ~ Bin(N, prevalence) conditioned on both classes occurring, then each
    case is decided by the informed/guessing decision maker with informedness
    G = ``informedness`` and label bias pp = ``bias`` (default: pp = prevalence).
    The true value is the measure of the expected table
    (:func:`bookeval_lib.montecarlo.expected_table`): G itself for informedness.

    Coverage c = covered/defined counts only the tables whose interval is
    defined (``defined`` says how many; markedness and correlation are
    undefined when a predicted class is empty); its binomial standard error is
    sqrt(c(1 - c)/defined).  ``method="bootstrap"`` computes one BCa interval per
    table (``n_resamples`` each, seeds spawned from ``seed``), so it is slow.
    Returns a :class:`Coverage`.
    """
    from .montecarlo import expected_table, simulate_tables
    from .uncertainty import (INTERVAL_METHODS, _check_confidence, _check_method, _check_positive_int,
                              correlation_interval, informedness_interval, markedness_interval)
    _check_method(measure, tuple(_MEASURE_ATTRIBUTE), "measure")
    _check_method(method, INTERVAL_METHODS[measure])
    total = _check_positive_int("total", total, minimum=2)
    trials = _check_positive_int("trials", trials)
    n_resamples = _check_positive_int("n_resamples", n_resamples)
    confidence = _check_confidence(confidence)
    if isinstance(seed, (bool, np.bool_)) or not isinstance(seed, (int, np.integer)):
        raise ValueError(f"seed must be an integer, not {seed!r}")
    prevalence = float(_checks.probabilities(_checks.real_number(prevalence, "prevalence"), "prevalence",
                                             open_interval=True))
    informedness = float(_checks.probabilities(_checks.real_number(informedness, "informedness"),
                                               "informedness", low=-1.0))
    bias = prevalence if bias is None else float(_checks.probabilities(_checks.real_number(bias, "bias"),
                                                                       "bias"))
    guess_bias = _guess_bias(informedness, prevalence, bias)
    truth = float(getattr(expected_table(informedness, prevalence, guess_bias),
                          _MEASURE_ATTRIBUTE[measure]))
    tables = simulate_tables(np.full(trials, informedness), seed=int(seed), n_cases=total,
                             prevalence=prevalence, guess_bias=guess_bias).table
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
    if count:
        covered = float(np.mean((low[defined] <= truth) & (truth <= high[defined])))
        standard_error = float(np.sqrt(covered * (1.0 - covered) / count))
        mean_width = float(np.mean(high[defined] - low[defined]))
    else:
        covered = standard_error = mean_width = np.nan
    return Coverage(method, measure, confidence, covered, standard_error, mean_width, truth,
                    trials, count, total, prevalence, informedness, bias)
