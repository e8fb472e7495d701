"""The results of the package's intervals, tests, comparisons and reports, one family of types.

:class:`Interval` (every interval of :mod:`bookeval_lib.uncertainty`, :mod:`bookeval_lib.ranking`,
:mod:`bookeval_lib.crossval` and :mod:`bookeval_lib._comparison`, built by :func:`_finish`: clipped
to the measure's range, nan where undefined, the reason said), :class:`Significance` (a test),
:class:`Comparison` (two classifiers on the same cases, for one measure), :class:`ComparisonReport`
(one comparison per measure) and :class:`BookmakerReport` (the per-label report).  Each prints in one
readable line per item (``B = 0.620 [0.480, 0.740] (95 %, Agresti–Caffo)``), takes a ``format()``
spec for its numbers, and converts to a plain dict (``to_dict()``); the reports also to a pandas
DataFrame (``to_frame()``; pandas is imported only then).
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any, ClassVar

import numpy as np

from . import _checks

if TYPE_CHECKING:                       # type hints only; nothing imported at run time
    from collections.abc import Iterable

    import pandas as pd
    from numpy.typing import ArrayLike

__all__ = ["Interval", "Significance", "Comparison", "ComparisonReport", "BookmakerReport"]

#: The symbol each measure is printed with; any other measure is printed by its name.
_SYMBOLS = {"informedness": "B", "markedness": "M", "matthews_correlation": "MCC", "roc_auc": "AUC"}


def _symbol(measure):
    return _SYMBOLS.get(measure, measure)


def _plain(value):
    """A value of a result as plain Python: floats, bools, lists, dicts (nested results converted)."""
    if hasattr(value, "to_dict"):
        return value.to_dict()
    if isinstance(value, np.ndarray):
        return value.tolist()
    if isinstance(value, np.generic):
        return value.item()
    return value


def _pvalue(value):
    """A p-value in a line of text: two significant digits below 0.001, else four decimals."""
    return f"{value:.2g}" if value < 1e-3 else f"{value:.4f}"


class _Result:
    """What every result type shares: ``str()`` is ``format()`` with the default spec, and
    ``to_dict()`` gives the dataclass fields as plain values."""

    # every subclass is a dataclass: this declaration lets a type checker see it (dataclasses.fields)
    __dataclass_fields__: ClassVar[dict[str, Any]]

    def __str__(self):
        return format(self)

    def to_dict(self) -> dict:
        """The fields as a plain dict (floats and bools, lists for arrays, nested results as dicts)."""
        return {field.name: _plain(getattr(self, field.name)) for field in fields(self)}


def _frame(rows):
    """A pandas DataFrame of ``rows`` (name -> flat dict), one row per name (pandas imported here)."""
    import pandas as pd
    return pd.DataFrame.from_dict(rows, orient="index")


#: How :meth:`Interval.__format__` names each method.
_METHOD_NAMES = {"agresti-caffo": "Agresti–Caffo", "newcombe": "Newcombe", "wald": "Wald",
                 "bootstrap": "BCa bootstrap", "fisher": "Fisher's z", "delta": "delta method"}


def method_name(method: str) -> str:
    """How a report or a figure names an interval's ``method``: ``"agresti-caffo"`` -> ``"Agresti–Caffo"``;
    a method it does not know keeps its own name."""
    return _METHOD_NAMES.get(method, method)


@dataclass(frozen=True, eq=False)
class Interval(_Result):
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
    measure : str or None
        The measure the interval is of (``"informedness"``, ...), printed as its symbol.
    """

    low: float | np.ndarray
    high: float | np.ndarray
    estimate: float | np.ndarray
    method: str
    confidence: float
    clipped: object
    undefined: object
    reason: str | None = None
    measure: str | None = None

    def __iter__(self):
        return iter((self.low, self.high))

    def __len__(self):
        return 2

    def __getitem__(self, index):
        return (self.low, self.high)[index]

    @property
    def width(self) -> float | np.ndarray:
        """high - low."""
        return _scalar_or_array(np.asarray(self.high) - np.asarray(self.low))

    def contains(self, value: ArrayLike) -> bool | np.ndarray:
        """True where low <= value <= high (False where undefined)."""
        value = _checks.real_values(value, "value")
        return _scalar_or_array((np.asarray(self.low) <= value) & (value <= np.asarray(self.high)))

    def __format__(self, spec):
        """``B = estimate [low, high] (95 %, method)`` in one line (the symbol when ``measure`` is known);
        ``spec`` formats the numbers (default ``.3f``).

        >>> print(Interval(0.48, 0.74, 0.62, "agresti-caffo", 0.95, False, False, measure="informedness"))
        B = 0.620 [0.480, 0.740] (95 %, Agresti–Caffo)
        >>> f"{Interval(0.25, 0.75, 0.5, 'wald', 0.9, False, False):.2f}"
        '0.50 [0.25, 0.75] (90 %, Wald)'
        """
        spec = spec or ".3f"
        where = f"{100 * self.confidence:g} %, {method_name(self.method)}"
        name = f"{_symbol(self.measure)} = " if self.measure else ""
        if np.ndim(self.low):
            return f"{np.size(self.low)} intervals{' of ' + _symbol(self.measure) if self.measure else ''} ({where})"
        estimate = name + format(float(self.estimate), spec)
        if self.undefined:
            return f"{estimate} (no interval: {self.reason})"
        return f"{estimate} [{format(float(self.low), spec)}, {format(float(self.high), spec)}] ({where})"


@dataclass(frozen=True, eq=False)
class Significance(_Result):
    """The result of a significance test (or an array of them).

    ``statistic`` is the test's own statistic (chi^2, the odds ratio for Fisher,
    the Wald statistic for Barnard, Fisher's p-value for Boschloo, min(FP, FN)
    for the exact McNemar test); ``pvalue`` the two-sided p-value; ``undefined``
    and ``reason`` as in :class:`Interval`.
    """

    statistic: float | np.ndarray
    pvalue: float | np.ndarray
    method: str
    undefined: bool | np.ndarray
    reason: str | None = None

    def __format__(self, spec):
        """``p = 0.0123 (method, statistic 6.271)`` in one line; ``spec`` formats the statistic (default ``.4g``).

        >>> print(Significance(6.2712, 0.01227, "chi2", False))
        p = 0.0123 (chi2, statistic 6.271)
        """
        spec = spec or ".4g"
        if np.ndim(self.pvalue):
            return f"{np.size(self.pvalue)} tests ({self.method})"
        if self.undefined:
            return f"no test ({self.method}): {self.reason}"
        return f"p = {_pvalue(float(self.pvalue))} ({self.method}, statistic {format(float(self.statistic), spec)})"


@dataclass(frozen=True, eq=False)
class Comparison(_Result):
    """Two classifiers (or scores) A and B on the same cases, for one measure.

    Returned, per measure, by :func:`bookeval_lib.uncertainty.compare_predictions`
    (in a :class:`ComparisonReport`) and by :func:`bookeval_lib.ranking.compare_roc_auc`.

    Attributes
    ----------
    measure : str
    estimate_a, estimate_b : float
        The measure of each classifier (nan where undefined).
    difference : Interval
        The paired interval of measure(A) - measure(B); its ``estimate`` is the
        observed difference.
    interval_a, interval_b : Interval
        The interval of each classifier's measure.
    test : Significance
        The paired test of the measure (``pvalue`` two-sided, ``method`` says which).
    test_error : float
        The Monte Carlo standard error of ``test.pvalue`` (0.0 when exact or closed-form).
    equal_accuracy_test : Significance or None
        For labels: McNemar's test of equal *accuracy* on the discordant cases (not a
        test of the measure).
    a_only, b_only : int or None
        For labels: cases right for A only, and for B only (all classes together).
    correlation : float or None
        For DeLong's comparison of two AUCs: the estimated correlation of the two areas.
    """

    measure: str
    estimate_a: float
    estimate_b: float
    difference: Interval
    interval_a: Interval
    interval_b: Interval
    test: Significance
    test_error: float = 0.0
    equal_accuracy_test: Significance | None = None
    a_only: int | None = None
    b_only: int | None = None
    correlation: float | None = None

    def __format__(self, spec):
        """``ΔB = 0.120 [0.010, 0.230] (95 %, paired bootstrap); p = 0.0312 (the test)`` in one line;
        ``spec`` formats the interval's numbers (default ``.3f``)."""
        text = f"Δ{_symbol(self.measure)} = {self.difference:{spec}}"
        if self.test.undefined:
            return text + f"; no paired test: {self.test.reason}"
        error = f", ± {self.test_error:.1g}" if self.test_error else ""
        return text + f"; p = {_pvalue(float(self.test.pvalue))} ({self.test.method}{error})"

    def to_dict(self) -> dict:
        """One flat dict of numbers: the estimates, the limits, the p-value and its error, the counts."""
        row = {"measure": self.measure, "estimate_a": _plain(self.estimate_a), "estimate_b": _plain(self.estimate_b),
               "difference": _plain(self.difference.estimate), "difference_low": _plain(self.difference.low),
               "difference_high": _plain(self.difference.high), "confidence": self.difference.confidence}
        for name in ("interval_a", "interval_b"):
            interval = getattr(self, name)
            row[f"{name}_low"], row[f"{name}_high"] = _plain(interval.low), _plain(interval.high)
        row.update(pvalue=_plain(self.test.pvalue), pvalue_error=_plain(self.test_error), test=self.test.method)
        if self.equal_accuracy_test is not None:
            row.update(equal_accuracy_pvalue=_plain(self.equal_accuracy_test.pvalue), a_only=self.a_only,
                       b_only=self.b_only)
        if self.correlation is not None:
            row["correlation"] = self.correlation
        return row


class ComparisonReport(Mapping):
    """measure -> :class:`Comparison`, in the order the measures were asked for
    (:func:`bookeval_lib.uncertainty.compare_predictions`).

    A read-only mapping; ``str()`` gives one line per measure, ``format(report, ".2f")`` the same
    with two decimals, :meth:`to_dict` a plain dict of dicts and :meth:`to_frame` a DataFrame.
    """

    def __init__(self, comparisons: Mapping[str, Comparison] | Iterable[tuple[str, Comparison]]) -> None:
        self._comparisons = dict(comparisons)

    def __getitem__(self, measure):
        return self._comparisons[measure]

    def __iter__(self):
        return iter(self._comparisons)

    def __len__(self):
        return len(self._comparisons)

    def __format__(self, spec):
        return "\n".join(format(comparison, spec) for comparison in self._comparisons.values())

    def __str__(self):
        return format(self)

    def __repr__(self):
        return f"ComparisonReport(\n{self}\n)"

    def to_dict(self) -> dict:
        """measure -> :meth:`Comparison.to_dict`."""
        return {measure: comparison.to_dict() for measure, comparison in self._comparisons.items()}

    def to_frame(self) -> pd.DataFrame:
        """A pandas DataFrame, one row per measure (pandas is needed, and imported, only here)."""
        return _frame(self.to_dict())


class BookmakerReport(str):
    """The text of :func:`bookeval_lib.metrics.bookmaker_report`, which also converts to a dict or a DataFrame.

    It is the report's text (a ``str``: print it); :meth:`to_dict` gives label -> dict
    of the values (intervals as ``(low, high)``), the same as ``output_dict=True``, and
    :meth:`to_frame` one row per label, each interval split into ``..._low`` and ``..._high``.
    """

    _rows: dict[Any, dict[str, Any]]

    def __new__(cls, text, rows):
        report = super().__new__(cls, text)
        report._rows = rows
        return report

    def to_dict(self) -> dict:
        """label -> {measure: value}, a copy."""
        return {name: dict(row) for name, row in self._rows.items()}

    def to_frame(self) -> pd.DataFrame:
        """A pandas DataFrame, one row per label (pandas is needed, and imported, only here)."""
        flat: dict[Any, dict[str, Any]] = {}
        for name, row in self._rows.items():
            flat[name] = {}
            for key, value in row.items():
                if isinstance(value, tuple):
                    flat[name][f"{key}_low"], flat[name][f"{key}_high"] = value
                else:
                    flat[name][key] = value
        return _frame(flat)



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


def _finish(low, high, estimate, method, confidence, undefined, reason, bounds=(-1.0, 1.0), measure=None):
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
                    _scalar_or_array(clipped), _scalar_or_array(undefined), reason, measure)
