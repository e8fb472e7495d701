"""The results of the package's intervals and tests: :class:`Interval` and :class:`Significance`.

Every interval function of :mod:`bookeval_lib.uncertainty`, :mod:`bookeval_lib.ranking`,
:mod:`bookeval_lib.crossval` and :mod:`bookeval_lib.comparison` returns these, built by
:func:`_finish` (clip to the measure's range, nan where undefined, the reason said).
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from . import _checks

__all__ = ["Interval", "Significance"]


#: How :meth:`Interval.__format__` names each method.
_METHOD_NAMES = {"agresti-caffo": "Agresti–Caffo", "newcombe": "Newcombe", "wald": "Wald",
                 "bootstrap": "BCa bootstrap", "fisher": "Fisher's z", "delta": "delta method"}


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

    def __format__(self, spec):
        """``estimate [low, high] (95 %, method)`` in one line; ``spec`` formats the numbers (default ``.3f``).

        >>> print(Interval(0.25, 0.75, 0.5, "agresti-caffo", 0.95, False, False))
        0.500 [0.250, 0.750] (95 %, Agresti–Caffo)
        """
        spec = spec or ".3f"
        where = f"{100 * self.confidence:g} %, {_METHOD_NAMES.get(self.method, self.method)}"
        if np.ndim(self.low):
            return f"{np.size(self.low)} intervals ({where})"
        estimate = format(float(self.estimate), spec)
        if self.undefined:
            return f"{estimate} (no interval: {self.reason})"
        return f"{estimate} [{format(float(self.low), spec)}, {format(float(self.high), spec)}] ({where})"

    def __str__(self):
        return format(self)


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



def _scalar_or_array(value):
    value = np.asarray(value)
    if value.ndim:
        return value
    return bool(value) if value.dtype.kind == "b" else float(value)


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
