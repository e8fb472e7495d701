"""One classifier judged in two groups of cases: informedness and markedness per group, and the gaps.

A classifier evaluated on one test set is often asked the same question again for groups of its cases
(women and men, two hospitals, two years): does it find the positives of both groups as well, and does it
raise false alarms as often?  Per group, the table's recall (tpr) and fallout (fpr) answer it, and
informedness B = tpr - fpr sums them up; the gap between the groups is a difference between two
*independent* samples of cases (no case is in both groups), unlike :func:`~bookeval_lib.compare_predictions`,
which compares two classifiers on the same cases.

Which sampling model the intervals assume
-----------------------------------------
As :mod:`bookeval_lib.uncertainty`: for B, each group's real margins RP, RN are taken as fixed and TP ~
Bin(RP, tpr), FP ~ Bin(RN, fpr), independently, and independently of the other group; for markedness M =
PPV - FOR the prediction margins PP, PN are fixed and TP ~ Bin(PP, PPV), FN ~ Bin(PN, FOR).  The gap of B
is then a linear function of four independent proportions,

    B_a - B_b = tpr_a - fpr_a - tpr_b + fpr_b,

and its interval is the adjusted Wald interval of Price & Bonett (2004) for a linear function of m
independent binomial proportions: add 2/m successes and 4/m trials to each sample (m = 4 here: half a
success and one trial), then take the Wald interval of the adjusted proportions.  With m = 2 the same rule
adds one success and two trials, which is Agresti & Caffo's (2000) interval for a difference of two
proportions: the gaps of recall and of fallout use it.

References
----------
Price & Bonett 2004: R. M. Price and D. G. Bonett, "An improved confidence interval for a linear function
of binomial proportions", Computational Statistics & Data Analysis 45:449-456.
Agresti & Caffo 2000: "Simple and effective confidence intervals for proportions and differences of
proportions result from adding two successes and two failures", The American Statistician 54:280-288.
Hardt, Price & Srebro 2016: "Equality of opportunity in supervised learning", NeurIPS 29 (equal
opportunity: equal tpr across groups; equalised odds: equal tpr and equal fpr).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from . import _checks
from .measures import BinaryTable
from .results import Interval, _finish, _normal_quantile, _reason
from ._binary_intervals import _difference_interval, informedness_interval, markedness_interval

if TYPE_CHECKING:                       # type hints only; nothing imported at run time
    from typing import Any

    from numpy.typing import ArrayLike

__all__ = ["GroupComparison", "compare_groups"]


def _linear_interval(counts, totals, coefficients, z):
    """(estimate, low, high, undefined) of sum_i c_i p_i, p_i = counts[i]/totals[i], four independent
    binomial samples: Price & Bonett's (2004) adjusted Wald interval (2/m successes and 4/m trials added to
    each of the m samples whose coefficient is not 0).  nan where a total is 0."""
    counts = [np.asarray(x, dtype=float) for x in counts]
    totals = [np.asarray(x, dtype=float) for x in totals]
    undefined = np.zeros(np.broadcast(*counts, *totals).shape, dtype=bool)
    for total in totals:
        undefined |= total == 0
    safe = [np.where(total == 0, 1.0, total) for total in totals]     # the count is 0 there too
    m = sum(1 for c in coefficients if c != 0)
    estimate = sum(c * count / total for c, count, total in zip(coefficients, counts, safe))
    adjusted = [(count + 2.0 / m) / (total + 4.0 / m) for count, total in zip(counts, safe)]
    centre = sum(c * p for c, p in zip(coefficients, adjusted))
    variance = sum(c * c * p * (1.0 - p) / (total + 4.0 / m)
                   for c, p, total in zip(coefficients, adjusted, safe))
    half = z * np.sqrt(variance)
    low, high = centre - half, centre + half
    if undefined.any():
        estimate, low, high = (np.where(undefined, np.nan, x) for x in (estimate, low, high))
    return estimate, low, high, undefined


@dataclass(frozen=True, eq=False)
class GroupComparison:
    """One classifier's tables in two groups of cases, their B and M, and the gaps between the groups.

    Every gap is the first group's value minus the second's (``groups[0]`` minus ``groups[1]``).

    Attributes
    ----------
    groups : tuple
        The two group labels, in sorted order.
    tables : tuple of BinaryTable
        The table of each group (counts).
    informedness, markedness : tuple of Interval
        B and M of each group with Agresti–Caffo intervals (:func:`~bookeval_lib.informedness_interval`,
        :func:`~bookeval_lib.markedness_interval`).
    recall_difference, fallout_difference : Interval
        tpr_a - tpr_b and fpr_a - fpr_b, Agresti–Caffo intervals (two independent proportions); 0 is
        "equal opportunity" (recall) and both 0 "equalised odds".
    informedness_difference : Interval
        B_a - B_b, Price–Bonett interval (four independent proportions), in [-2, 2].
    markedness_difference : Interval
        M_a - M_b, Price–Bonett interval over (TP/PP, FN/PN) of each group, in [-2, 2].
    """

    groups: tuple
    tables: tuple
    informedness: tuple
    markedness: tuple
    recall_difference: Interval
    fallout_difference: Interval
    informedness_difference: Interval
    markedness_difference: Interval

    def __str__(self):
        return format(self)

    def __format__(self, spec):
        """One line per group (its cells, prevalence, tpr, fpr, B and M with intervals), then one line per gap;
        ``spec`` formats the numbers (default ``.3f``)."""
        spec = spec or ".3f"
        lines = []
        for group, table, b, m in zip(self.groups, self.tables, self.informedness, self.markedness):
            lines.append(f"group {group!s}: TP {table.tp:g}, FP {table.fp:g}, FN {table.fn:g}, TN {table.tn:g}; "
                         f"prevalence {format(float(table.prevalence), spec)}, "
                         f"tpr {format(float(table.recall), spec)}, fpr {format(float(table.fallout), spec)}")
            lines.append(f"  {b:{spec}}")
            lines.append(f"  {m:{spec}}")
        name = f"{self.groups[0]!s} - {self.groups[1]!s}"
        for interval in (self.recall_difference, self.fallout_difference, self.informedness_difference,
                         self.markedness_difference):
            lines.append(f"gap {name}: {interval:{spec}}")
        return "\n".join(lines)


def compare_groups(y_true: ArrayLike, y_pred: ArrayLike, groups: ArrayLike, *, pos_label: Any = None,
                   confidence: float = 0.95) -> GroupComparison:
    """Informedness and markedness of one classifier in each of two groups of cases, and the gaps.

    Each group's table counts its own cases.  Per group: B = tpr - fpr and M = PPV - FOR with
    Agresti–Caffo intervals, as :func:`~bookeval_lib.informedness_interval` and
    :func:`~bookeval_lib.markedness_interval` give them.  The gaps (first group minus second, the groups
    in sorted order) treat the two groups as independent samples:

    * recall and fallout, tpr_a - tpr_b and fpr_a - fpr_b: Agresti & Caffo's (2000) interval for a
      difference of two independent proportions, (x1 + 1)/(n1 + 2) - (x2 + 1)/(n2 + 2)
      +- z sqrt(sum p'(1 - p')/(n + 2));
    * informedness, B_a - B_b = tpr_a - fpr_a - tpr_b + fpr_b: Price & Bonett's (2004) adjusted Wald
      interval for a linear function of the m = 4 independent proportions: with p'_i = (x_i + 1/2)/(n_i + 1),
      sum c_i p'_i +- z sqrt(sum c_i^2 p'_i(1 - p'_i)/(n_i + 1)), coefficients c = (1, -1, -1, 1);
    * markedness, M_a - M_b = PPV_a - FOR_a - PPV_b + FOR_b: the same, over TP/PP and FN/PN.

    z = Phi^-1((1 + confidence)/2).  The point estimate is the plain difference; the interval is centred on
    the adjusted one, and clipped to [-1, 1] for the rates and [-2, 2] for B and M.  A gap is nan (with its
    reason) where a group has no real positive or negative (B, tpr, fpr) or no positive or negative
    prediction (M).  Coverage of the 95 % interval for the gap of B, simulated with 4,000 pairs of tables
    each: 0.952 (RP, RN = 20, 40 and 30, 30; tpr, fpr = 0.8, 0.2 and 0.6, 0.3), 0.961 (10, 50 and 15, 45;
    0.9, 0.05 and 0.7, 0.1), 0.969 (40 cases a class; 0.95, 0.05 in both groups).

    Parameters
    ----------
    y_true, y_pred : 1-D sequences of labels
        The real class and the predicted label of each case (two classes; see
        :meth:`BinaryTable.from_labels`).
    groups : 1-D sequence
        The group of each case: exactly two distinct values (numbers or strings).
    pos_label : label, optional
        The positive label; may be omitted when the labels are 0 and 1.
    confidence : float, default=0.95
        The confidence level of every interval, strictly between 0 and 1.

    Returns
    -------
    GroupComparison
        The groups, their tables, B and M of each with intervals, and the four gaps with intervals.

    Raises
    ------
    ValueError
        If ``groups`` is not a 1-D sequence of labels of the length of ``y_true``, or does not hold exactly
        two distinct values; if the labels are refused by :meth:`BinaryTable.from_labels`; if
        ``confidence`` is not strictly between 0 and 1.

    Examples
    --------
    Group a: TP 40, FP 10, FN 10, TN 40 (tpr 0.8, fpr 0.2, B 0.6); group b: TP 30, FP 20, FN 20, TN 30
    (tpr 0.6, fpr 0.4, B 0.2).  The gap of B is 0.4; adjusted, (40.5/51 - 10.5/51) - (30.5/51 - 20.5/51)
    = 20/51 = 0.3922, +- 1.96 sqrt((40.5*10.5*2 + 30.5*20.5*2)/51**3) = 0.3922 +- 0.2467.

    >>> y_true = [1] * 50 + [0] * 50 + [1] * 50 + [0] * 50
    >>> y_pred = [1] * 40 + [0] * 10 + [1] * 10 + [0] * 40 + [1] * 30 + [0] * 20 + [1] * 20 + [0] * 30
    >>> result = compare_groups(y_true, y_pred, ["a"] * 100 + ["b"] * 100)
    >>> print(result.informedness_difference)
    ΔB = 0.400 [0.145, 0.639] (95 %, Price–Bonett)
    """
    groups = _checks.labels(groups, "groups")
    size = np.asarray(y_true, dtype=object).shape[0] if np.ndim(y_true) else -1
    if groups.size != size:
        raise ValueError(f"groups has {groups.size} labels but y_true has {size if size >= 0 else 'none'}: "
                         "give one group per case")
    names = sorted(set(groups.tolist()))
    if len(names) != 2:
        raise ValueError(f"groups must hold exactly two distinct values, got {len(names)}: {names[:5]!r}"
                         + (" ..." if len(names) > 5 else ""))
    confidence = _checks.confidence(confidence)
    y_true, y_pred = np.asarray(y_true), np.asarray(y_pred)
    if pos_label is None:
        tables = tuple(BinaryTable.from_labels(y_true[groups == g], y_pred[groups == g]) for g in names)
    else:
        tables = tuple(BinaryTable.from_labels(y_true[groups == g], y_pred[groups == g], pos_label=pos_label)
                       for g in names)
    a, b = tables
    z = _normal_quantile(confidence)

    def rate_gap(count, total, measure, description):
        estimate, low, high, undefined = _difference_interval(
            np.asarray(getattr(a, count), dtype=float), np.asarray(getattr(a, total), dtype=float),
            np.asarray(getattr(b, count), dtype=float), np.asarray(getattr(b, total), dtype=float),
            "agresti-caffo", z)
        return _finish(low, high, estimate, "agresti-caffo", confidence, undefined, _reason(undefined, description),
                       measure=measure)

    def measure_gap(first, second, measure, description):
        (count1, total1), (count2, total2) = first, second
        estimate, low, high, undefined = _linear_interval(
            [getattr(a, count1), getattr(a, count2), getattr(b, count1), getattr(b, count2)],
            [getattr(a, total1), getattr(a, total2), getattr(b, total1), getattr(b, total2)],
            (1.0, -1.0, -1.0, 1.0), z)
        return _finish(low, high, estimate, "price-bonett", confidence, undefined, _reason(undefined, description),
                       bounds=(-2.0, 2.0), measure=measure)

    no_class = "a group has no real positive or no real negative"
    return GroupComparison(
        groups=tuple(names), tables=tables,
        informedness=tuple(informedness_interval(t, confidence=confidence) for t in tables),
        markedness=tuple(markedness_interval(t, confidence=confidence) for t in tables),
        recall_difference=rate_gap("tp", "real_positives", "Δtpr", no_class),
        fallout_difference=rate_gap("fp", "real_negatives", "Δfpr", no_class),
        informedness_difference=measure_gap(("tp", "real_positives"), ("fp", "real_negatives"), "ΔB", no_class),
        markedness_difference=measure_gap(("tp", "predicted_positives"), ("fn", "predicted_negatives"), "ΔM",
                                          "a group has no positive or no negative prediction"))
