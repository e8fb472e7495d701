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

    With rp = prevalence, pp = bias and B = informedness, recall = B rn + pp
    (Powers 2008, eq. 13), so tp = pp rp + B rp rn, fp = pp - tp, fn = rp - tp and
    tn = 1 - rp - pp + tp.

    Parameters
    ----------
    prevalence : float or array-like
        rp = Pr(+R), strictly between 0 and 1.
    bias : float or array-like
        pp = Pr(+P), in [0, 1].
    informedness : float or array-like
        B, in [-1, 1].

    Returns
    -------
    tp, fp, fn, tn : ndarray
        The four cells as proportions (they add to 1), broadcast over the arguments; a cell
        may be negative.

    Raises
    ------
    ValueError
        If a rate is not a real number or lies outside its range, or the arguments do not broadcast.

    Examples
    --------
    rp = 0.4, pp = 0.5, B = 0.5: tp = 0.5*0.4 + 0.5*0.4*0.6 = 0.32, fp = 0.5 - 0.32 = 0.18,
    fn = 0.4 - 0.32 = 0.08, tn = 1 - 0.4 - 0.5 + 0.32 = 0.42.  B = 1 at the same margins
    gives tp = 0.2 + 0.24 = 0.44 > rp, so fn = 0.4 - 0.44 < 0: no table has these rates.

    >>> [round(float(cell), 6) for cell in rate_cells(0.4, 0.5, 0.5)]
    [0.32, 0.18, 0.08, 0.42]
    >>> [round(float(cell), 6) for cell in rate_cells(0.4, 0.5, 1.0)]
    [0.44, 0.06, -0.04, 0.54]
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

    Parameters
    ----------
    y_true : array-like with shape (N,)
        The real class of each case: labels (numbers or strings, one kind), not scores.
    y_pred : array-like with shape (N,)
        The predicted label of each case, of the same kind and length.
    pos_label : label or None
        The label that counts as positive; None only when every label is 0 or 1 (then 1).
    names : (str, str), default=("y_true", "y_pred")
        The names of the two vectors in the error messages.

    Returns
    -------
    is_real : ndarray of bool with shape (N,)
        True where the real class is ``pos_label`` (+R).
    is_predicted : ndarray of bool with shape (N,)
        True where the prediction is ``pos_label`` (+P).

    Raises
    ------
    ValueError
        If the vectors differ in length, are not 1-D, hold scores, missing values or two kinds
        of label; if ``pos_label`` is None and a label is not 0 or 1; if ``pos_label`` is not
        one label of the vectors' kind; if the labels, with ``pos_label``, name more than two
        classes.

    Examples
    --------
    The cases are spam, ham, spam in reality and spam, spam, ham as predicted; the first
    is a true positive, the second a false positive, the third a false negative:

    >>> is_real, is_predicted = positive_masks(["spam", "ham", "spam"], ["spam", "spam", "ham"], "spam")
    >>> is_real.tolist(), is_predicted.tolist()
    ([True, False, True], [True, True, False])

    With labels 0 and 1 only, ``pos_label=None`` means 1:

    >>> [mask.tolist() for mask in positive_masks([0, 1, 1], [1, 1, 0], None)]
    [[False, True, True], [True, True, False]]
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
