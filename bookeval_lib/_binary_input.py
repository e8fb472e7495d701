"""From label vectors, matrices and rates to the four cells of a 2x2 table (Powers 2003, 2008).

What :class:`bookeval_lib.BinaryTable`'s constructors read: :data:`LAYOUTS`
says where TP, FP, FN and TN sit in Powers' matrix (rows = predicted), in
scikit-learn's ``confusion_matrix`` (rows = real) and in LingPipe's (rows =
reference); :func:`rate_cells` gives the cell proportions of a prevalence
Pr(+R) = rho, a bias Pr(+P) = pi and an informedness B: tp = pi rho + B rho (1 - rho),
which solves B = recall - fallout = tp/rho - (pi - tp)/(1 - rho) (Powers 2003) for tp;
:func:`positive_masks` checks two label vectors and marks the positive cases;
:func:`_validate_cell` checks one cell.  :mod:`bookeval_lib.measures` re-exports
the public names.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from . import _checks
from ._checks import probabilities

if TYPE_CHECKING:                       # type hints only; nothing imported at run time
    from typing import Any

    from numpy.typing import ArrayLike

__all__ = ["LAYOUTS", "rate_cells", "positive_masks"]

#: Where each cell sits in a 2x2 matrix of each supported layout
#: (row, column).  ``powers``: rows +P/-P, columns +R/-R.  ``sklearn``:
#: ``confusion_matrix(y_true, y_pred, labels=[negative, positive])``, rows
#: real -/+, columns predicted -/+.  ``lingpipe``: rows reference true/false,
#: columns response true/false.
LAYOUTS = {
    "powers": {"tp": (0, 0), "fp": (0, 1), "fn": (1, 0), "tn": (1, 1)},
    "sklearn": {"tn": (0, 0), "fp": (0, 1), "fn": (1, 0), "tp": (1, 1)},
    "lingpipe": {"tp": (0, 0), "fn": (0, 1), "fp": (1, 0), "tn": (1, 1)},
}


def _check_layout(layout: object) -> str:
    """``layout`` if it names one of :data:`LAYOUTS`, else a ValueError that explains the layouts."""
    if isinstance(layout, str) and layout in LAYOUTS:
        return layout
    problem = "no layout was named" if layout is None else f"unknown layout {layout!r}"
    raise ValueError(
        f"{problem}: say how the matrix is laid out with layout=... , one of "
        "'powers' [[TP, FP], [FN, TN]] (rows = predicted, as Powers and this package), "
        "'sklearn' [[TN, FP], [FN, TP]] (rows = real: what sklearn.metrics.confusion_matrix "
        "returns), 'lingpipe' [[TP, FN], [FP, TN]] (rows = reference)")


def rate_cells(prevalence: ArrayLike, bias: ArrayLike, informedness: ArrayLike) -> tuple[np.ndarray, ...]:
    """The cell proportions (tp, fp, fn, tn) of :meth:`bookeval_lib.BinaryTable.from_rates`, unchecked for sign.

    A negative cell means no table has these rates; callers that want ``nan``
    there (rather than an error) test the sign themselves.
    """
    prevalence, bias, informedness = np.broadcast_arrays(
        probabilities(prevalence, "prevalence", open_interval=True), probabilities(bias, "bias"),
        probabilities(informedness, "informedness", low=-1.0))
    tp = bias * prevalence + informedness * prevalence * (1.0 - prevalence)
    return tp, bias - tp, prevalence - tp, 1.0 - prevalence - bias + tp


def positive_masks(y_true: ArrayLike, y_pred: ArrayLike, pos_label: Any,
                   names: tuple[str, str] = ("y_true", "y_pred")) -> tuple[np.ndarray, np.ndarray]:
    """``(y_true == pos_label, y_pred == pos_label)`` after the package's label check, for two-class counting.

    ``y_true`` and ``y_pred`` pass :func:`bookeval_lib._checks.label_vectors`
    (one length, one kind of label, no scores); ``names`` are the argument names
    the messages use.  ``pos_label=None`` is allowed only when every label is 0
    or 1 (then 1 is positive).  A named ``pos_label`` need not occur: a slice with
    no positive case is still a table (TN only), as
    ``confusion_matrix(labels=[0, 1])`` counts it; but the labels and
    ``pos_label`` together may name at most two classes.
    """
    hint = (f"{names[0]} and {names[1]} are labels; for scores use roc.roc_curve({names[0]}, y_score)")
    (y_true, y_pred), kind = _checks.label_vectors([(y_true, names[0]), (y_pred, names[1])], hint=hint)
    labels = set(np.unique(y_true).tolist()) | set(np.unique(y_pred).tolist())
    shown = ", ".join(sorted(map(repr, labels))[:6]) + (", ..." if len(labels) > 6 else "")
    if pos_label is None:
        if not labels <= {0, 1}:
            raise ValueError(f"say which label is positive: pos_label=... (labels: {shown})")
        pos_label = 1
    else:
        pos_label = _checks.positive_label(pos_label, kind if y_true.size else None)
    if len(labels) > 2:
        raise ValueError(f"a BinaryTable takes two classes, but {names[0]} and {names[1]} hold {len(labels)} "
                         f"labels: {shown} (use Contingency for K classes)")
    if len(labels | {pos_label}) > 2:
        raise ValueError(f"pos_label must be one of the two labels of {names[0]} and {names[1]} ({shown}): a table "
                         f"has two classes, got {pos_label!r}")
    return y_true == pos_label, y_pred == pos_label


def _validate_cell(name, value):
    """Return ``value`` as a float64 array (float64 input itself, not a copy), or raise ValueError naming the cell.

    The fast path (a numeric array with a finite sum and a minimum >= 0) skips
    the shared validator :func:`bookeval_lib._checks.counts`, which words the errors.
    """
    array = np.asarray(value) if not isinstance(value, (str, bytes)) else None
    if array is not None and array.dtype.kind in "iuf" and array.size:
        array = array.astype(np.float64, copy=False)
        with np.errstate(over="ignore", invalid="ignore"):   # a sum may overflow; then check in full
            if np.isfinite(array.sum()) and array.min() >= 0:
                return array
    return _checks.counts(value, name)
