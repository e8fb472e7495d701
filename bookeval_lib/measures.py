"""The 2x2 contingency table and every measure built on it.

Layout (Powers 2003, 2008): predictions in rows, real classes in columns::

            +R    -R
      +P    TP    FP  | PP
      -P    FN    TN  | PN
            --------
            RP    RN  | N

In the 2008 paper's traditional letters A = TP, B = FP, C = FN, D = TN.
Lower-case tp, fp, fn, tn, rp, rn, pp, pn are the same cells and margins
divided by N.  scikit-learn's ``confusion_matrix`` is laid out the other way
round (rows = real) and LingPipe's constructor takes ``(tp, fn, fp, tn)``;
:meth:`BinaryTable.from_matrix` and :meth:`BinaryTable.to_matrix` convert.

Every measure is a ratio, so cells may be counts or proportions, and each
cell may be a numpy array: the four cells broadcast against each other and
every measure is computed element-wise.  A measure whose denominator is zero
is ``nan``; each docstring names the margin that makes it undefined.

References
----------
Powers 2003: D. M. W. Powers, "Recall and Precision versus the Bookmaker",
ICCS 2003, pp. 529-534.
Powers 2008: D. M. W. Powers, "Evaluation Evaluation: a Monte Carlo study",
ECAI 2008; equation numbers (1)-(14) below are that paper's.
"""
from __future__ import annotations

from typing import TYPE_CHECKING
from functools import cached_property

import numpy as np

from . import _checks
from ._arith import ratio as _ratio, scalar_or_array as _scalar_or_array
from ._binary_input import LAYOUTS, _check_layout, _validate_cell, positive_masks, rate_cells
from ._lingpipe import LingPipeMeasures

if TYPE_CHECKING:                       # type hints only; nothing imported at run time
    from typing import Any

    from numpy.typing import ArrayLike

__all__ = ["BinaryTable", "MEASURES", "LAYOUTS", "rate_cells", "positive_masks"]

_CELLS = ("tp", "fp", "fn", "tn")

#: Names of every measure property, in the order the notebooks present them.
MEASURES = (
    "prevalence", "bias",
    "recall", "precision", "inverse_recall", "inverse_precision",
    "fallout", "miss_rate",
    "accuracy", "jaccard", "f1", "g_measure",
    "informedness", "markedness", "matthews_correlation", "kappa",
    "single_point_auc", "wracc",
    "odds_ratio", "yules_q", "yules_y", "phi_squared", "chi_squared",
    # LingPipe's extra measures
    "random_accuracy", "random_accuracy_unbiased", "kappa_unbiased", "kappa_no_prevalence",
    "accuracy_deviation", "fowlkes_mallows",
)


class BinaryTable(LingPipeMeasures):
    """A 2x2 contingency table (or an array of them) and its measures.

    Parameters
    ----------
    tp, fp, fn, tn : number or array_like, keyword-only
        True positives (+P+R, A), false positives (+P-R, B), false negatives
        (-P+R, C) and true negatives (-P-R, D).  Counts or proportions; arrays
        broadcast against each other, so one object can hold a million tables.
        A float64 array is used as it is, not copied: do not change it
        afterwards (margins and shared measures are computed once and kept).

    Raises
    ------
    ValueError
        A cell is negative, NaN, infinite, boolean or not numeric, or the four
        shapes do not broadcast.

    Examples
    --------
    The table of Powers 2003 (rows = predictions, columns = real classes):

    >>> t = BinaryTable(tp=42, fp=18, fn=28, tn=12)
    >>> round(t.recall, 4), round(t.precision, 4), round(t.informedness, 4)
    (0.6, 0.7, 0.0)
    """

    def __init__(self, *, tp: ArrayLike, fp: ArrayLike, fn: ArrayLike, tn: ArrayLike) -> None:
        cells = [_validate_cell(name, value) for name, value in zip(_CELLS, (tp, fp, fn, tn))]
        try:
            cells = np.broadcast_arrays(*cells)
        except ValueError:
            shapes = ", ".join(f"{n}{c.shape}" for n, c in zip(_CELLS, cells))
            raise ValueError(f"cell shapes do not broadcast: {shapes}") from None
        # read-only views: the caller's arrays stay writeable
        cells = [cell.view() for cell in cells]
        for cell in cells:
            cell.flags.writeable = False
        self._tp, self._fp, self._fn, self._tn = cells

    @classmethod
    def _trusted(cls, tp, fp, fn, tn):
        """Build from cells already validated and broadcast (indexing, swapping)."""
        table = cls.__new__(cls)
        table._tp, table._fp, table._fn, table._tn = (np.asarray(c) for c in (tp, fp, fn, tn))
        return table

    # ------------------------------------------------------------------ constructors
    @classmethod
    def from_labels(cls, y_true: ArrayLike, y_pred: ArrayLike, *, pos_label: Any = None,
                    sample_weight: ArrayLike | None = None) -> BinaryTable:
        """Count a table from two equal-length sequences of labels.

        Parameters
        ----------
        y_true, y_pred : 1-D sequences
            The real class and the predicted label of each case, of one kind
            (numbers or strings, never scores).  Together with ``pos_label`` they
            name at most two classes.
        pos_label : label, optional
            The label that counts as positive.  May be omitted only when every
            label is 0 or 1 (or False/True); then 1 is positive.  A named
            positive label need not occur: ``from_labels(zeros, zeros,
            pos_label=1)`` is the table TN = N (recall nan), as a subgroup's
            slice with no positive case should be.
        sample_weight : 1-D sequence of non-negative numbers, optional
            The weight of each case: each cell is then the sum of its cases' weights.

        Returns
        -------
        BinaryTable
            One table: counts, or sums of weights.

        Raises
        ------
        ValueError
            Unequal lengths, not 1-D, labels of two kinds, non-integral numbers
            (scores), more than two classes, or a missing ``pos_label`` that
            is needed (see :func:`positive_masks`); a negative or non-finite weight.

        Examples
        --------
        >>> t = BinaryTable.from_labels(["spam", "ham", "spam", "ham"], ["spam", "spam", "ham", "ham"],
        ...                             pos_label="spam")
        >>> t.tp, t.fp, t.fn, t.tn
        (1.0, 1.0, 1.0, 1.0)
        """
        is_real, is_predicted = positive_masks(y_true, y_pred, pos_label)
        weight = _checks.sample_weights(sample_weight, is_real.size)
        cells = {"tp": is_predicted & is_real, "fp": is_predicted & ~is_real,
                 "fn": ~is_predicted & is_real, "tn": ~is_predicted & ~is_real}
        if weight is None:
            return cls(**{name: np.count_nonzero(mask) for name, mask in cells.items()})
        return cls(**{name: float(np.sum(weight[mask])) for name, mask in cells.items()})

    @classmethod
    def from_matrix(cls, matrix: ArrayLike, layout: str | None = None) -> BinaryTable:
        """Build from a 2x2 matrix (or an array of them, shape ``(..., 2, 2)``) in a *named* layout.

        ``layout`` is required, one of :data:`LAYOUTS`:

        * ``"powers"``: ``[[TP, FP], [FN, TN]]``, rows = predicted, columns = real
          (Powers' papers and this package);
        * ``"sklearn"``: ``[[TN, FP], [FN, TP]]``, rows = real, columns = predicted,
          negative first: what ``sklearn.metrics.confusion_matrix(y_true, y_pred)``
          returns for labels ``[negative, positive]``;
        * ``"lingpipe"``: ``[[TP, FN], [FP, TN]]``, rows = reference (real).

        There is no default: reading one layout as another silently swaps
        informedness and markedness, or the two classes.

        Parameters
        ----------
        matrix : array-like with shape (..., 2, 2)
            Counts or proportions.
        layout : {"powers", "sklearn", "lingpipe"}
            The matrix's layout; required (``None`` raises).

        Returns
        -------
        BinaryTable
            One table, or an array of tables of shape ``matrix.shape[:-2]``.

        Raises
        ------
        ValueError
            If ``layout`` is missing or unknown, the shape is not ``(..., 2, 2)``, or a cell is
            negative, NaN, infinite or not numeric.

        Examples
        --------
        >>> t = BinaryTable.from_matrix([[5, 2], [1, 12]], layout="sklearn")   # rows = real
        >>> t.tp, t.fp, t.fn, t.tn
        (12.0, 2.0, 1.0, 5.0)
        """
        layout = _check_layout(layout)
        matrix = np.asarray(matrix)
        if matrix.ndim < 2 or matrix.shape[-2:] != (2, 2):
            raise ValueError(f"matrix must be 2x2 (shape (..., 2, 2)), got shape {matrix.shape}")
        return cls(**{cell: matrix[..., i, j] for cell, (i, j) in LAYOUTS[layout].items()})

    @classmethod
    def from_rates(cls, *, prevalence: ArrayLike, bias: ArrayLike, informedness: ArrayLike,
                   total: ArrayLike = 1.0) -> BinaryTable:
        """The table with prevalence rp, bias pp and informedness B: its three degrees of freedom.

        Recall = B*rn + pp (2008 eq. 13), so tp = pp*rp + B*rp*rn, fp = pp - tp,
        fn = rp - tp and tn = 1 - rp - pp + tp, each times ``total`` (1 gives
        proportions).  Arguments broadcast.  Raises ValueError for a rate out of
        range, or when a cell would be negative: no classifier has those three
        numbers (for B >= 0 the bias must lie in [rp*B, 1 - rn*B]).

        Parameters
        ----------
        prevalence : float or array-like
            rp = RP/N, strictly between 0 and 1.
        bias : float or array-like
            pp = PP/N, in [0, 1].
        informedness : float or array-like
            B, in [-1, 1].
        total : float or array-like, default=1.0
            N, > 0.

        Returns
        -------
        BinaryTable
            The table (proportions when ``total=1``), one per broadcast element.

        Raises
        ------
        ValueError
            If a rate is out of its range, ``total`` is not > 0, or a cell would be negative.

        Examples
        --------
        rp = 0.4, pp = 0.5, B = 0.5: tp = 0.5*0.4 + 0.5*0.4*0.6 = 0.32, fp = 0.5 - 0.32,
        fn = 0.4 - 0.32, tn = 1 - 0.4 - 0.5 + 0.32; recall = B rn + pp = 0.8.

        >>> t = BinaryTable.from_rates(prevalence=0.4, bias=0.5, informedness=0.5, total=100)
        >>> [round(float(c), 6) for c in (t.tp, t.fp, t.fn, t.tn)], round(t.recall, 6)
        ([32.0, 18.0, 8.0, 42.0], 0.8)
        """
        cells = rate_cells(prevalence, bias, informedness)
        for name, cell in zip(_CELLS, cells):
            if (cell < -1e-12).any():
                raise ValueError(f"no table has these rates: {name} would be negative")
        total = _checks.positive_numbers(total, "total")
        return cls(**{name: total * np.clip(cell, 0.0, None) for name, cell in zip(_CELLS, cells)})

    @classmethod
    def from_sklearn(cls, matrix: ArrayLike) -> BinaryTable:
        """Build from ``sklearn.metrics.confusion_matrix(y_true, y_pred, labels=[negative, positive])``.

        scikit-learn puts real classes in rows and predictions in columns,
        negative first: ``[[TN, FP], [FN, TP]]``.  Against Powers' ``[[TP, FP], [FN, TN]]``
        it swaps TP with TN and keeps FP and FN where they are.

        Parameters
        ----------
        matrix : array-like with shape (..., 2, 2)
            ``[[TN, FP], [FN, TP]]``, rows = real, negative first.

        Returns
        -------
        BinaryTable
            As :meth:`from_matrix` with ``layout="sklearn"``.

        Raises
        ------
        ValueError
            As :meth:`from_matrix`.

        Examples
        --------
        >>> from sklearn.metrics import confusion_matrix
        >>> m = confusion_matrix([0, 0, 1, 1, 1], [0, 1, 1, 1, 0])
        >>> t = BinaryTable.from_sklearn(m)
        >>> t.tp, t.fp, t.fn, t.tn
        (2.0, 1.0, 1.0, 1.0)
        """
        return cls.from_matrix(matrix, layout="sklearn")

    def to_matrix(self, layout: str | None = None) -> np.ndarray:
        """The cells as an array of shape ``(..., 2, 2)`` in the named layout (see :meth:`from_matrix`).

        Parameters
        ----------
        layout : {"powers", "sklearn", "lingpipe"}
            The layout; required (``None`` raises).

        Returns
        -------
        ndarray with shape (..., 2, 2)
            The cells as floats.

        Raises
        ------
        ValueError
            If ``layout`` is missing or unknown.

        Examples
        --------
        >>> BinaryTable(tp=3, fp=1, fn=2, tn=4).to_matrix("powers")
        array([[3., 1.],
               [2., 4.]])
        """
        layout = _check_layout(layout)
        out = np.empty(self.shape + (2, 2))
        for cell, (i, j) in LAYOUTS[layout].items():
            out[..., i, j] = getattr(self, "_" + cell)
        return out

    def to_sklearn(self) -> np.ndarray:
        """The table as scikit-learn lays it out: ``[[TN, FP], [FN, TP]]``, rows = real.

        Returns
        -------
        ndarray with shape (..., 2, 2)
            The cells as floats.

        Examples
        --------
        >>> BinaryTable(tp=3, fp=1, fn=2, tn=4).to_sklearn()
        array([[4., 1.],
               [2., 3.]])
        """
        return self.to_matrix(layout="sklearn")

    # ------------------------------------------------------------------ cells and margins
    tp = property(lambda self: _scalar_or_array(self._tp), doc="True positives, +P+R (A).")
    fp = property(lambda self: _scalar_or_array(self._fp), doc="False positives, +P-R (B).")
    fn = property(lambda self: _scalar_or_array(self._fn), doc="False negatives, -P+R (C).")
    tn = property(lambda self: _scalar_or_array(self._tn), doc="True negatives, -P-R (D).")

    @property
    def shape(self) -> tuple[int, ...]:
        """The shape of the array of tables (``()`` for one table)."""
        return self._tp.shape

    def __len__(self):
        if not self.shape:
            raise TypeError("a single BinaryTable has no len()")
        return self.shape[0]

    def __getitem__(self, index):
        """Index the array of tables like a numpy array; returns a BinaryTable."""
        return type(self)._trusted(self._tp[index], self._fp[index], self._fn[index], self._tn[index])

    # The margins as counts (they may exceed the largest float: then inf, the honest value).  Every
    # measure is computed from the scaled cells and margins of ``_scaled`` instead.
    @cached_property
    def _rp(self):
        with np.errstate(over="ignore"):
            return self._tp + self._fn

    @cached_property
    def _rn(self):
        with np.errstate(over="ignore"):
            return self._fp + self._tn

    @cached_property
    def _pp(self):
        with np.errstate(over="ignore"):
            return self._tp + self._fp

    @cached_property
    def _pn(self):
        with np.errstate(over="ignore"):
            return self._fn + self._tn

    @cached_property
    def _n(self):
        with np.errstate(over="ignore"):
            return self._rp + self._rn

    @cached_property
    def _exponent(self):
        """e with the largest cell times 2^e in [1/2, 1) (0 for an empty table), per table."""
        largest = np.maximum(np.maximum(self._tp, self._fp), np.maximum(self._fn, self._tn))
        return -np.frexp(largest)[1]

    @cached_property
    def _scaled(self):
        """The cells and margins times 2^e, the power of two that brings the largest cell to [1/2, 1).

        As :class:`~bookeval_lib.contingency.Contingency` scales its cells.
        Multiplying by a power of two is exact, so a measure computed from these is
        the same number as from the cells themselves whenever the latter does not
        overflow, and it does not depend on the scale of the cells: no margin
        overflows (cells near the largest float give informedness 0, not -1),
        and products of two or four margins stay <= 16.  A cell below 2^-1022
        of the largest cell loses digits (it becomes subnormal).
        (tp, fp, fn, tn, rp, rn, pp, pn, n)
        """
        exponent = self._exponent
        tp, fp, fn, tn = (np.ldexp(cell, exponent) for cell in (self._tp, self._fp, self._fn, self._tn))
        rp, rn, pp, pn = tp + fn, fp + tn, tp + fp, fn + tn
        return tp, fp, fn, tn, rp, rn, pp, pn, rp + rn

    @cached_property
    def _determinant(self):
        """TP*TN - FP*FN of the scaled cells, the numerator shared by every correlation-like measure."""
        tp, fp, fn, tn = self._scaled[:4]
        return tp * tn - fp * fn

    @cached_property
    def _margin_product(self):
        rp, rn, pp, pn = self._scaled[4:8]
        return rp * rn * pp * pn

    # measures that others are built on, computed once
    @cached_property
    def _informedness(self):
        tp, _, _, tn, rp, rn = self._scaled[:6]
        informedness = _ratio(tp, rp)
        informedness += _ratio(tn, rn)
        informedness -= 1.0
        return informedness

    @cached_property
    def _phi_squared(self):
        return _ratio(self._determinant * self._determinant, self._margin_product)

    @cached_property
    def _g_measure(self):
        tp, rp, pp = self._scaled[0], self._scaled[4], self._scaled[6]
        return _ratio(tp, np.sqrt(rp * pp))

    real_positives = property(lambda self: _scalar_or_array(self._rp), doc="RP = TP + FN (column +R).")
    real_negatives = property(lambda self: _scalar_or_array(self._rn), doc="RN = FP + TN (column -R).")
    predicted_positives = property(lambda self: _scalar_or_array(self._pp), doc="PP = TP + FP (row +P).")
    predicted_negatives = property(lambda self: _scalar_or_array(self._pn), doc="PN = FN + TN (row -P).")
    total = property(lambda self: _scalar_or_array(self._n), doc="N = TP + FP + FN + TN.")

    def swap_classes(self) -> BinaryTable:
        """The inverse problem: positive and negative interchanged for both real and predicted.

        TP <-> TN and FP <-> FN.  Informedness, markedness, correlation and kappa
        do not change (Powers 2008, section 2.6); recall becomes inverse recall.

        Returns
        -------
        BinaryTable
            The swapped table (or array of tables).

        Examples
        --------
        >>> t = BinaryTable(tp=3, fp=1, fn=2, tn=4)
        >>> s = t.swap_classes()
        >>> s.tp, s.fp, s.fn, s.tn, s.recall == t.inverse_recall
        (4.0, 2.0, 1.0, 3.0, True)
        """
        return type(self)._trusted(self._tn, self._fn, self._fp, self._tp)

    # ------------------------------------------------------------------ marginal rates
    @property
    def prevalence(self) -> float | np.ndarray:
        """Prevalence rp = RP/N, the proportion of real positives (2008, section 2.2).  nan if N = 0."""
        return _scalar_or_array(_ratio(self._scaled[4], self._scaled[8]))

    @property
    def bias(self) -> float | np.ndarray:
        """Label bias pp = PP/N, the proportion of positive predictions (2008, section 2.2).  nan if N = 0."""
        return _scalar_or_array(_ratio(self._scaled[6], self._scaled[8]))

    # ------------------------------------------------------------------ surface measures
    @property
    def recall(self) -> float | np.ndarray:
        """Recall = sensitivity = tpr = TP/RP = A/(A+C) (2008 eq. 1).  nan if there are no real positives."""
        return _scalar_or_array(_ratio(self._scaled[0], self._scaled[4]))

    @property
    def precision(self) -> float | np.ndarray:
        """Precision = confidence = tpa = TP/PP = A/(A+B) (2008 eq. 2).  nan if nothing is predicted positive."""
        return _scalar_or_array(_ratio(self._scaled[0], self._scaled[6]))

    @property
    def inverse_recall(self) -> float | np.ndarray:
        """Inverse recall = specificity = tnr = TN/RN = D/(B+D) (2008 eq. 3).  nan if there are no real negatives."""
        return _scalar_or_array(_ratio(self._scaled[3], self._scaled[5]))

    @property
    def inverse_precision(self) -> float | np.ndarray:
        """Inverse precision = tna = TN/PN = D/(C+D) (2008 eq. 4).  nan if nothing is predicted negative."""
        return _scalar_or_array(_ratio(self._scaled[3], self._scaled[7]))

    @property
    def fallout(self) -> float | np.ndarray:
        """Fallout = fpr = FP/RN = B/(B+D) (2008 eq. 7).  nan if there are no real negatives.

        The paper prints ``fp/rp = FP/RP`` in its middle terms; the denominator is RN,
        as its last term B/(B+D) says (see notebooks/ERRATA.md).
        """
        return _scalar_or_array(_ratio(self._scaled[1], self._scaled[5]))

    @property
    def miss_rate(self) -> float | np.ndarray:
        """Miss rate = fnr = FN/RP = C/(A+C) (2008 eq. 8).  nan if there are no real positives.

        The paper prints ``fn/rn = FN/RN``; the denominator is RP, as C/(A+C) says.
        """
        return _scalar_or_array(_ratio(self._scaled[2], self._scaled[4]))

    @property
    def accuracy(self) -> float | np.ndarray:
        """Rand accuracy = (TP+TN)/N = rp*tpr + rn*tnr = pp*tpa + pn*tna (2008 eq. 5).  nan if N = 0.

        "Rand accuracy" is Powers' name; it is not Rand's (1971) index, the share
        of agreeing *pairs* of cases (``sklearn.metrics.rand_score``): for
        TP, FP, FN, TN = 20, 10, 5, 65 accuracy is 0.85, the Rand index 0.742.
        """
        tp, _, _, tn = self._scaled[:4]
        return _scalar_or_array(_ratio(tp + tn, self._scaled[8]))

    @property
    def jaccard(self) -> float | np.ndarray:
        """Jaccard (Tanimoto) = TP/(TP+FP+FN) = A/(N-D) (2008 eq. 6).  nan if every case is a true negative.

        Computed as TP/(TP+FP+FN): N - TN loses digits when TN dominates.
        """
        tp, fp, fn = self._scaled[:3]
        denominator = tp + fp
        denominator += fn
        return _scalar_or_array(_ratio(tp, denominator))

    def f_measure(self, beta: ArrayLike = 1.0) -> float | np.ndarray:
        """F_beta = (1+b^2) TP / ((1+b^2) TP + b^2 FN + FP) = (1+b^2) P R / (b^2 P + R).

        ``beta`` weights recall beta times as much as precision (van Rijsbergen;
        LingPipe's ``fMeasure(beta)``).  Powers 2003 writes the same family as
        F = 1/(alpha/R + (1-alpha)/P), where alpha weights 1/R, so
        alpha = beta^2/(1+beta^2), not the paper's alpha = beta^2 (see
        ``notebooks/ERRATA.md``); Manning & Schuetze's 1/(alpha/P + (1-alpha)/R)
        has alpha = 1/(1+beta^2).  Computed from
        counts, so it is 0 (not nan) when TP = 0 but FP + FN > 0; nan only if
        TP = FP = FN = 0.  Computed as TP/(TP + w FN + (1-w) FP) with
        w = b^2/(1+b^2), which neither overflows for a huge beta (F -> recall) nor
        for huge cells.

        Parameters
        ----------
        beta : float, default=1.0
            The relative weight of recall, a finite number >= 0 (0 gives precision).

        Returns
        -------
        float or ndarray
            F_beta in [0, 1]; nan where TP = FP = FN = 0.

        Raises
        ------
        ValueError
            If ``beta`` is negative, not finite or not a single number.

        Examples
        --------
        TP, FP, FN = 3, 1, 2: F_2 = 5*3/(5*3 + 4*2 + 1) = 15/24.

        >>> BinaryTable(tp=3, fp=1, fn=2, tn=4).f_measure(2)
        0.625
        """
        beta = _checks.positive_number(beta, "beta", allow_zero=True)
        if beta <= 1.0:
            recall_weight = beta * beta / (1.0 + beta * beta)
            precision_weight = 1.0 / (1.0 + beta * beta)
        else:
            inverse = 1.0 / beta                  # underflows to 0 for a huge beta, without overflow
            recall_weight = 1.0 / (1.0 + inverse * inverse)
            precision_weight = inverse * inverse / (1.0 + inverse * inverse)
        tp, fp, fn = self._scaled[:3]
        denominator = recall_weight * fn
        denominator += tp
        denominator += precision_weight * fp
        return _scalar_or_array(_ratio(tp, denominator))

    @property
    def f1(self) -> float | np.ndarray:
        """F1 = 2TP/(2TP+FP+FN), the harmonic mean of recall and precision.  nan if TP = FP = FN = 0."""
        tp, fp, fn = self._scaled[:3]
        weighted_tp = 2.0 * tp
        denominator = weighted_tp + fn
        denominator += fp
        return _scalar_or_array(_ratio(weighted_tp, denominator))

    @property
    def g_measure(self) -> float | np.ndarray:
        """G = sqrt(recall * precision) = TP/sqrt(RP*PP) (2008, section 2.1).  nan if RP = 0 or PP = 0."""
        return _scalar_or_array(self._g_measure.copy())

    # ------------------------------------------------------------------ chance-corrected measures
    @property
    def informedness(self) -> float | np.ndarray:
        """Bookmaker informedness B = recall + inverse recall - 1 = tpr - fpr (2008 eq. 10; 2003).

        The probability that a prediction is informed rather than a guess; in
        [-1, 1].  A guesser (labels drawn independently of the classes, any
        bias pp) scores 0 *in expectation*; one table scatters around 0 with
        standard deviation sqrt(pp (1 - pp) (1/RP + 1/RN)), about 0.1 at
        N = 100, so a guesser's B on 100 cases lies within about +-0.2.
        nan if RP = 0 or RN = 0.
        """
        return _scalar_or_array(self._informedness.copy())

    @property
    def markedness(self) -> float | np.ndarray:
        """Markedness (DeltaP) M = precision + inverse precision - 1 (2008 eq. 11).  nan if PP = 0 or PN = 0."""
        tp, _, _, tn, _, _, pp, pn = self._scaled[:8]
        markedness = _ratio(tp, pp)
        markedness += _ratio(tn, pn)
        markedness -= 1.0
        return _scalar_or_array(markedness)

    @property
    def matthews_correlation(self) -> float | np.ndarray:
        """Matthews correlation = (TP*TN - FP*FN)/sqrt(RP*RN*PP*PN) = +-sqrt(B*M) (2008, section 2.5).

        Pearson's phi for the 2x2 table.  nan if any margin is 0
        (scikit-learn's ``matthews_corrcoef`` reports 0 there instead).
        """
        return _scalar_or_array(_ratio(self._determinant, np.sqrt(self._margin_product)))

    @property
    def kappa(self) -> float | np.ndarray:
        """Cohen's kappa = (accuracy - E)/(1 - E), E = pp*rp + pn*rn (2008, section 2.6).

        Computed as 2(TP*TN - FP*FN)/(PP*RN + RP*PN), which equals it exactly.
        nan only when every case is in one cell of the diagonal (E = 1).
        """
        rp, rn, pp, pn = self._scaled[4:8]
        denominator = pp * rn
        denominator += rp * pn
        return _scalar_or_array(_ratio(2.0 * self._determinant, denominator))

    @property
    def single_point_auc(self) -> float | np.ndarray:
        """Single-point AUC = (tpr - fpr + 1)/2 = (tpr + tnr)/2 (2008 eq. 9).  nan if RP = 0 or RN = 0.

        The area under the two segments (0,0)-(fpr,tpr)-(1,1) in ROC space: the
        AUC of one table, i.e. of hard labels.  The ROC AUC of a score is
        :func:`bookeval_lib.ranking.roc_auc`.
        """
        auc = self._informedness + 1.0
        auc /= 2.0
        return _scalar_or_array(auc)

    @property
    def wracc(self) -> float | np.ndarray:
        """Weighted relative accuracy = tp - pp*rp = rp*rn*(tpr - fpr) (Flach 2003; 2008 section 2.3).

        Equal to (TP*TN - FP*FN)/N^2, so it lies in [-1/4, 1/4] and is 0 (not
        nan) when a margin is 0.  nan only if N = 0.
        """
        n = self._scaled[8]
        return _scalar_or_array(_ratio(self._determinant, n * n))

    # ------------------------------------------------------------------ association measures
    @property
    def odds_ratio(self) -> float | np.ndarray:
        """Odds ratio = (TP*TN)/(FP*FN).  nan if FP*FN = 0 (unbounded there; Yule's Q stays finite)."""
        tp, fp, fn, tn = self._scaled[:4]
        return _scalar_or_array(_ratio(tp * tn, fp * fn))

    @property
    def yules_q(self) -> float | np.ndarray:
        """Yule's Q = (TP*TN - FP*FN)/(TP*TN + FP*FN) = (OR-1)/(OR+1).  nan if TP*TN = FP*FN = 0."""
        tp, fp, fn, tn = self._scaled[:4]
        return _scalar_or_array(_ratio(self._determinant, tp * tn + fp * fn))

    @property
    def yules_y(self) -> float | np.ndarray:
        """Yule's Y = (sqrt(TP*TN) - sqrt(FP*FN))/(sqrt(TP*TN) + sqrt(FP*FN)).  nan if both products are 0."""
        tp, fp, fn, tn = self._scaled[:4]
        concordant = np.sqrt(tp * tn)
        discordant = np.sqrt(fp * fn)
        difference = concordant - discordant
        concordant += discordant
        return _scalar_or_array(_ratio(difference, concordant))

    @property
    def phi_squared(self) -> float | np.ndarray:
        """phi^2 = (TP*TN - FP*FN)^2/(RP*RN*PP*PN) = B*M = (Matthews correlation)^2.  nan if any margin is 0."""
        return _scalar_or_array(self._phi_squared.copy())

    @property
    def chi_squared(self) -> float | np.ndarray:
        """Pearson's chi^2 (no continuity correction) = N * phi^2.  nan if any margin is 0.

        Unlike every other measure this depends on N: give counts, not proportions
        (with proportions N = 1 and chi^2 = phi^2).
        """
        with np.errstate(over="ignore"):       # chi^2 beyond the largest float is inf
            return _scalar_or_array(np.ldexp(self._scaled[8] * self._phi_squared, -self._exponent))

    # ------------------------------------------------------------------ all at once, display
    def measures(self) -> dict:
        """A dict of every measure in :data:`MEASURES`, name -> value.

        Returns
        -------
        dict
            name -> float (one table) or ndarray (an array of tables); nan where undefined.

        Examples
        --------
        >>> m = BinaryTable(tp=42, fp=18, fn=28, tn=12).measures()
        >>> round(m["recall"], 4), round(m["markedness"], 4)
        (0.6, 0.0)
        """
        return {name: getattr(self, name) for name in MEASURES}

    def __repr__(self):
        """The table in Powers' layout with its margins and the headline measures.

        One table: rows +P/-P (predicted), columns +R/-R (real), row and column sums, then
        informedness, markedness, MCC, recall and precision.  An array of tables: how many, their
        shape, and the least, median and greatest informedness, markedness and MCC.
        """
        from . import _text

        if self.shape:
            lines = [f"BinaryTable: {self._tp.size} tables, shape {self.shape}"]
            if self._tp.size:
                lines += ["  " + _text.summary(shown.ljust(12), getattr(self, name)) for shown, name in
                          (("informedness", "informedness"), ("markedness", "markedness"),
                           ("mcc", "matthews_correlation"))]
            return "\n".join(lines)
        lines = ["BinaryTable (rows: predicted, columns: real)"]
        lines += _text.table("", ("+P", "-P"), ("+R", "-R"), [[self._tp, self._fp], [self._fn, self._tn]])
        lines.append(f"informedness {_text.measure(self.informedness)}  markedness {_text.measure(self.markedness)}"
                     f"  mcc {_text.measure(self.matthews_correlation)}")
        lines.append(f"recall {_text.measure(self.recall)}  precision {_text.measure(self.precision)}")
        return "\n".join(lines)

    def _repr_html_(self):
        """The table with its margins as Powers lays it out: rows +P/-P, columns +R/-R."""
        from . import _text

        return _text.binary_table_html(self)
