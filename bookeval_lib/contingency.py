"""K-class contingency tables and the general Bookmaker (Powers 2003).

Layout: the table is stored with **rows = predicted labels, columns = real
classes** (Powers' layout).  scikit-learn's ``confusion_matrix(y_true, y_pred)``
is the transpose (rows = real), so the constructor makes the caller name the
layout: ``Contingency(counts, layout="powers")`` or ``layout="sklearn"``;
:meth:`Contingency.from_sklearn` and :meth:`Contingency.from_labels` need no
layout.

For a predicted label l with bias Pr_P(l) (row share) and the real class l with
prevalence Pr_R(l) (column share), the per-label Bookmaker is

    B(l) = Pr(P=l | R=l) - Pr(P=l | R!=l) = recall(l) - fallout(l),

which is ``sum_c Pr(l, c) w(c|l)`` with ``w(c|l) = +1/Pr_R(l)`` (c = l) and
``-1/(1 - Pr_R(l))`` (c != l): the weight must use the *prevalence* of the
class l (the poster's P_R(l)); reading Pr(l) as the bias Pr_P(l) breaks this
identity.  Powers' informedness is the bias-weighted average
``B = sum_l Pr_P(l) B(l)``; markedness is the same construction on the
transposed table, ``M = sum_c Pr_R(c) M(c)``.  Other averages of B(l) are
offered under their own names (``informedness_macro``,
``informedness_prevalence_weighted``) and scikit-learn's
``balanced_accuracy_score(adjusted=True)`` as ``adjusted_balanced_accuracy``.

Undefined values are ``nan``; :attr:`Contingency.undefined` says why.  A name
with no real and no predicted case contributes nothing to the aggregates.
"""
from __future__ import annotations

from typing import TYPE_CHECKING
import html
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from . import _checks
from ._contingency_input import _margins, _validate_counts
from ._contingency_measures import _AGGREGATES, table_parts
from .measures import BinaryTable, _ratio

if TYPE_CHECKING:                       # type hints only; nothing imported at run time
    from collections.abc import Iterable, Sequence
    from typing import Any

    from numpy.typing import ArrayLike

__all__ = ["Contingency", "LabelMatching", "Abstention"]

def _hashable(value):
    """Whether ``value`` can name a label (a key of a dict): lists and arrays cannot."""
    try:
        hash(value)
    except TypeError:
        return False
    return True


#: The layouts the constructor accepts: which axis holds the predictions.
_LAYOUTS = ("powers", "sklearn")


class Contingency:
    """A K x C contingency table: rows = predicted labels, columns = real classes.

    Parameters
    ----------
    counts : array_like
        Counts (or proportions) of cases by predicted label and real class.
    labels : sequence, optional
        Names of the rows (predicted labels); default ``0 .. K-1``.
    classes : sequence, optional
        Names of the columns (real classes); default: ``labels`` when K = C,
        else ``0 .. C-1``.
    layout : {"powers", "sklearn"}, keyword-only, required
        ``"powers"``: ``counts`` has shape (K, C), rows = predicted labels,
        columns = real classes (Powers' papers).  ``"sklearn"``: rows = real
        classes, columns = predicted labels, as ``sklearn.metrics.confusion_matrix``
        returns it; the table stores its transpose.

    Raises
    ------
    ValueError
        For a missing or unknown ``layout``; a cell that is negative, non-finite or
        non-numeric; a shape that is not 2-D; as many ``labels`` or ``classes`` as
        the table has rows or columns not given; or a name given twice.

    Notes
    -----
    The Bookmaker measures pair the row label l with the column class of the
    same name.  When row and column names differ (K != C, or induced clusters),
    the measures are taken over the union of names: a name missing among the
    rows is a label never predicted (B(l) = 0, weight 0); a name missing among
    the columns is a class that never occurs (its recall is undefined, so B is
    nan).  Use :meth:`match_labels` first for unsupervised output.

    A name with no real and no predicted case (an empty row and column, as
    ``labels=[0, 1, 2]`` makes when a fold holds no case of 2) contributes
    nothing to the aggregates: they are those of the table without it (its
    per-label values stay nan, undefined).

    Examples
    --------
    >>> t = Contingency([[30, 5, 0], [10, 20, 5], [0, 5, 25]], layout="powers", labels="abc")
    >>> round(t.informedness, 4), round(t.to_binary("a").informedness, 4)
    (0.6202, 0.6667)
    """

    def __init__(self, counts: ArrayLike, labels: Sequence | None = None, classes: Sequence | None = None, *,
                 layout: str | None = None) -> None:
        if layout not in _LAYOUTS:
            problem = "no layout was named" if layout is None else f"unknown layout {layout!r}"
            raise ValueError(
                f"{problem}: say how counts is laid out with layout=..., either 'powers' (rows = "
                "predicted labels, columns = real classes, as Powers' papers) or 'sklearn' (rows = real "
                "classes, columns = predicted labels: what sklearn.metrics.confusion_matrix returns); "
                "Contingency.from_labels(y_true, y_pred) needs no layout")
        given = counts
        counts = _validate_counts(counts)
        if layout == "sklearn":
            counts = counts.T.copy()
        elif counts is given or counts.base is not None or not counts.flags.owndata:
            counts = counts.copy()           # the caller's array stays as it is (and writeable)
        self._counts = counts
        self._counts.flags.writeable = False
        k, c = self._counts.shape
        self.labels = tuple(range(k)) if labels is None else tuple(labels)
        if classes is None:
            classes = self.labels if k == c else tuple(range(c))
        self.classes = tuple(classes)
        if len(self.labels) != k or len(self.classes) != c:
            raise ValueError(f"{len(self.labels)} labels and {len(self.classes)} classes given "
                             f"for a {k} x {c} table")
        for name, names in (("labels", self.labels), ("classes", self.classes)):
            unhashable = [value for value in names if not _hashable(value)]
            if unhashable:
                raise ValueError(f"{name} must be hashable names (numbers, strings, tuples), got "
                                 f"{unhashable[0]!r} ({type(unhashable[0]).__name__})")
        if len(set(self.labels)) != k or len(set(self.classes)) != c:
            raise ValueError("labels and classes must be distinct names")

    # ------------------------------------------------------------------ constructors
    @classmethod
    def from_labels(cls, y_true: ArrayLike, y_pred: ArrayLike, *, labels: Sequence | None = None,
                    sample_weight: ArrayLike | None = None) -> Contingency:
        """Count a table from label vectors, rows = predicted labels (Powers' layout).

        ``labels`` fixes the order of the names (it may name labels that never
        occur); default: the sorted union of ``y_true`` and ``y_pred``.
        ``sample_weight`` weights each case (the cells are then sums of weights).
        The package's one label check (:func:`bookeval_lib._checks.label_codes`):
        ValueError for sequences of different lengths, a missing label (None or
        NaN), labels of two kinds (``"1"`` is not ``1``), numbers that are not
        whole (scores where labels are expected), a label not in ``labels``
        (scikit-learn would drop those cases silently), or two empty sequences
        without ``labels`` (nothing names the table's rows).

        Parameters
        ----------
        y_true : array-like with shape (n_samples,)
            The real classes (labels, not scores).
        y_pred : array-like with shape (n_samples,)
            The predicted labels, of the same kind and length.
        labels : sequence of labels, optional
            The names of the rows and columns, in order (a string is read as its characters).
        sample_weight : array-like with shape (n_samples,), optional
            A non-negative weight for each case; default: 1 each.

        Returns
        -------
        Contingency
            The K x K table over ``labels``, rows = predicted, columns = real.

        Raises
        ------
        ValueError
            As above; also for a bad ``sample_weight``, or weights whose sum in a cell overflows.

        Examples
        --------
        >>> t = Contingency.from_labels(["a", "a", "b", "c"], ["a", "b", "b", "b"])
        >>> t.names, t.counts.tolist()        # rows = predicted a, b, c; columns = real a, b, c
        (('a', 'b', 'c'), [[1.0, 0.0, 0.0], [1.0, 1.0, 1.0], [0.0, 0.0, 0.0]])
        """
        hint = "Contingency.from_labels(y_true, y_pred) counts labels"
        if isinstance(labels, str):
            labels = list(labels)                 # labels="abc", as the constructor takes it
        names, (real_codes, predicted_codes) = _checks.label_codes([(y_true, "y_true"), (y_pred, "y_pred")],
                                                                   labels=labels, hint=hint)
        if not names:
            raise ValueError("y_true and y_pred are empty: give labels=... to count an empty table")
        weight = _checks.sample_weights(sample_weight, real_codes.size)
        k = len(names)
        counts = np.bincount(predicted_codes * k + real_codes, weights=weight,
                             minlength=k * k).reshape(k, k).astype(np.float64)
        if not np.isfinite(counts).all():
            raise ValueError("sample_weight adds up to more than the largest float in a cell of the table; divide "
                             "the weights by a common factor (every ratio measure is unchanged)")
        return cls(counts, labels=names, layout="powers")

    @classmethod
    def from_sklearn(cls, matrix: ArrayLike, labels: Sequence | None = None) -> Contingency:
        """From ``sklearn.metrics.confusion_matrix`` (rows = real): the table is its transpose.

        Parameters
        ----------
        matrix : array-like with shape (K, K)
            Rows = real classes, columns = predicted labels, in the order of ``labels``.
        labels : sequence, optional
            The names of the classes, in the matrix's order; default ``0 .. K-1``.

        Returns
        -------
        Contingency
            The table in Powers' layout (rows = predicted).

        Raises
        ------
        ValueError
            As the constructor.

        Examples
        --------
        >>> t = Contingency.from_sklearn([[5, 1], [2, 7]], labels=["n", "p"])
        >>> t.counts.tolist()                 # rows = predicted n, p
        [[5.0, 2.0], [1.0, 7.0]]
        """
        return cls(matrix, labels=labels, layout="sklearn")

    @classmethod
    def from_crosstab(cls, frame: Any, *, rows: str | None = None) -> Contingency:
        """From a pandas crosstab, keeping its class names; ``rows`` must say what the rows hold.

        ``pandas.crosstab(y_true, y_pred)`` puts the real classes in the rows
        (``frame.index``) and the predicted labels in the columns
        (``frame.columns``), as scikit-learn's ``confusion_matrix`` does: that is
        ``rows="real"``.  ``rows="predicted"`` reads ``pandas.crosstab(y_pred, y_true)``.
        There is no default, as for every matrix constructor: a crosstab read the
        wrong way round silently swaps informedness and markedness.  A name that appears on one axis only
        (a class never predicted, a label that names no real class) is kept, as
        in the constructor.  pandas is not imported: any object with ``.index``,
        ``.columns`` and ``.to_numpy()`` will do.

        Margins are refused, under any name (``margins=True``, ``margins_name="Total"``,
        or a total added by hand).  The rule: a last row is a margin when it is
        not all zeros, is the sum of the rows above it (within a relative 1e-9,
        for a normalised crosstab), and its name is not a name of the columns (a
        class or label of the table is not a total); the same for a last column;
        and a last row and last column of one name that are both such sums are
        margins (``margins=True`` names both "All").  A real table that meets the
        rule (its last class is such a sum) is refused as ambiguous: give it as
        ``Contingency(frame.to_numpy(), ...)``.

        Parameters
        ----------
        frame : pandas.DataFrame
            The crosstab: counts or proportions, without margins.
        rows : {"real", "predicted"}
            What the rows of ``frame`` hold; required.

        Returns
        -------
        Contingency
            The table in Powers' layout, named by the crosstab's index and columns.

        Raises
        ------
        ValueError
            If ``rows`` is missing or unknown; ``frame`` is not a DataFrame; a cell is bad; or
            ``frame`` has margins.

        Examples
        --------
        >>> import pandas as pd
        >>> frame = pd.crosstab(pd.Series(list("aabbb"), name="real"), pd.Series(list("abbba"), name="pred"))
        >>> Contingency.from_crosstab(frame, rows="real").counts.tolist()   # rows = predicted a, b
        [[1.0, 1.0], [1.0, 2.0]]
        """
        if rows not in ("real", "predicted"):
            problem = "say what the rows hold" if rows is None else f"got {rows!r}"
            raise ValueError(f'rows must be "real" (pandas.crosstab(y_true, y_pred): rows = real classes) or '
                             f'"predicted" (pandas.crosstab(y_pred, y_true)); {problem}')
        if not all(hasattr(frame, name) for name in ("index", "columns", "to_numpy")):
            raise ValueError(f"frame must be a pandas DataFrame (a crosstab), got {type(frame).__name__}")
        index, columns = list(frame.index), list(frame.columns)
        counts = _validate_counts(frame.to_numpy(), "frame")
        what = _margins(counts, index, columns)
        if what is not None:
            name = index[-1] if what == "row" else columns[-1]
            raise ValueError(f"frame has margins: its last {what} {name!r} is the sum of the other {what}s; "
                             f"make the crosstab without margins=True, or drop that {what} (a table whose "
                             "last class is such a sum can be given as Contingency(frame.to_numpy(), ...))")
        if rows == "real":
            return cls(counts, labels=columns, classes=index, layout="sklearn")
        return cls(counts, labels=index, classes=columns, layout="powers")

    # ------------------------------------------------------------------ margins
    @property
    def counts(self) -> np.ndarray:
        """The cells, rows = predicted labels, columns = real classes."""
        return self._counts

    @property
    def total(self) -> float:
        """N, the number of cases (inf if it exceeds the largest float)."""
        with np.errstate(over="ignore"):
            return float(self._counts.sum())

    @property
    def shape(self) -> tuple[int, ...]:
        return self._counts.shape

    @cached_property
    def names(self) -> tuple:
        """The union of label and class names, labels first: the index of the square view."""
        labels = set(self.labels)
        return self.labels + tuple(c for c in self.classes if c not in labels)

    @cached_property
    def _square(self):
        """The cells over :attr:`names` (read-only; the counts themselves when rows and columns match)."""
        if self.labels == self.classes:
            return self._counts
        names = self.names
        index = {name: i for i, name in enumerate(names)}
        square = np.zeros((len(names), len(names)))
        square[np.ix_([index[label] for label in self.labels], [index[c] for c in self.classes])] = self._counts
        square.flags.writeable = False
        return square

    def square(self) -> np.ndarray:
        """The table over :attr:`names` (zero rows/columns added for names missing on one side); a copy.

        Returns
        -------
        ndarray with shape (len(names), len(names))
            Rows = predicted, columns = real, in the order of :attr:`names`.

        Examples
        --------
        >>> Contingency([[3, 1]], labels=["a"], classes=["a", "b"], layout="powers").square()
        array([[3., 1.],
               [0., 0.]])
        """
        return self._square.copy()

    @cached_property
    def _parts(self):
        """Every measure of the table, computed once (the table is immutable): :func:`._contingency_measures.table_parts`."""
        return table_parts(self._square)

    @property
    def bias(self) -> np.ndarray:
        """Pr_P(l) = row total / N for each name in :attr:`names`."""
        return self._parts["bias"].copy()

    @property
    def prevalence(self) -> np.ndarray:
        """Pr_R(c) = column total / N for each name in :attr:`names`."""
        return self._parts["prevalence"].copy()

    @property
    def accuracy(self) -> float:
        """Rand accuracy = trace / N (cases where the label names the real class); not Rand's pair-counting index."""
        return self._parts["values"]["accuracy"]

    # ------------------------------------------------------------------ per label
    @property
    def recall_per_label(self) -> np.ndarray:
        """recall(l) = Pr(P=l | R=l) = n(l, l)/n(R=l); nan for a class with no cases."""
        return self._parts["recall"].copy()

    @property
    def precision_per_label(self) -> np.ndarray:
        """precision(l) = Pr(R=l | P=l) = n(l, l)/n(P=l); nan for a label never predicted."""
        return self._parts["precision"].copy()

    @property
    def fallout_per_label(self) -> np.ndarray:
        """fallout(l) = Pr(P=l | R!=l) = (sum_{c!=l} n(l, c))/(sum_{c!=l} n(R=c)); nan if every case is of class l.

        Both sums are added up over the other cells (not row total - n(l, l) and
        N - n(R=l), which lose digits when class l is rare in proportions).
        """
        return self._parts["fallout"].copy()

    @property
    def informedness_per_label(self) -> np.ndarray:
        """B(l) = recall(l) - fallout(l) = sum_c Pr(l, c) w(c|l), w = +1/Pr_R(l) or -1/(1 - Pr_R(l)).

        Powers 2003 (general Bookmaker, G(l)); equal to the informedness of the
        one-vs-rest table ``to_binary(l)``.  Negative B(l) marks a superstitious
        label.  nan where class l has no cases or holds every case.
        """
        return self._parts["informedness"].copy()

    @property
    def markedness_per_label(self) -> np.ndarray:
        """M(l) = Pr(R=l | P=l) - Pr(R=l | P!=l) = precision(l) - its dual fallout (the transpose's B(l))."""
        return self._parts["markedness"].copy()

    # ------------------------------------------------------------------ aggregates
    @property
    def informedness(self) -> float:
        """Powers' Bookmaker informedness B = sum_l Pr_P(l) B(l) (2003; weights = bias).

        nan (see :attr:`undefined`) if some class has no cases or one class holds every case.
        """
        return self._parts["values"]["informedness"]

    @property
    def informedness_macro(self) -> float:
        """Unweighted mean of B(l) over the names that occur (as a real class or a prediction)."""
        return self._parts["values"]["informedness_macro"]

    @property
    def informedness_prevalence_weighted(self) -> float:
        """sum_l Pr_R(l) B(l): the expected winnings per bet at unit fair odds (betting.py)."""
        return self._parts["values"]["informedness_prevalence_weighted"]

    @property
    def adjusted_balanced_accuracy(self) -> float:
        """scikit-learn's ``balanced_accuracy_score(adjusted=True)``: (mean recall - 1/K)/(1 - 1/K).

        Here K is the number of classes that occur (scikit-learn ignores absent
        classes); nan when fewer than two occur.
        """
        return self._parts["values"]["adjusted_balanced_accuracy"]

    @property
    def markedness(self) -> float:
        """Markedness M = sum_c Pr_R(c) M(c), the dual of informedness (B of the transposed table)."""
        return self._parts["values"]["markedness"]

    @property
    def matthews_correlation(self) -> float:
        """Gorodkin's R_K = cov(P, R)/sqrt(cov(P, P) cov(R, R)) over one-hot label vectors.

        (N trace - sum_l n(P=l) n(R=l)) / sqrt((N^2 - sum n(P=l)^2)(N^2 - sum n(R=l)^2)),
        which scikit-learn's ``matthews_corrcoef`` computes.  Computed from the
        cells: N trace - sum_l n(P=l) n(R=l) is the sum over l of the one-vs-rest
        determinants TP*TN - FP*FN (for K = 2, twice the 2x2 determinant, with
        the same roundings), and N^2 - sum_l n(P=l)^2 = sum_l n(P=l) (N - n(P=l))
        is exactly 0 when one name takes every prediction; the two variances are
        square-rooted before they are multiplied.  nan if the predictions or the
        real classes use a single name (scikit-learn returns 0 there).  For K > 2
        it is not sqrt(B * M) of the aggregates; that identity is binary only.
        """
        return self._parts["values"]["matthews_correlation"]

    @property
    def kappa(self) -> float:
        """Cohen's kappa = (accuracy - E)/(1 - E), E = sum_l Pr_P(l) Pr_R(l).  nan if E = 1.

        Computed as (N trace - sum_l n(P=l) n(R=l)) / sum_l n(P=l) (N - n(R=l)),
        which equals it exactly; the denominator is 0 only when one name takes
        every prediction and every real case.
        """
        return self._parts["values"]["kappa"]

    @property
    def undefined(self) -> dict[str, str]:
        """The measures of :meth:`measures` that are nan, each with the reason (empty when all are defined).

        A measure is listed exactly when its value is nan.
        """
        values = self._parts["values"]
        nan = [name for name in _AGGREGATES if values[name] != values[name]]      # the nan ones
        if not nan:
            return {}
        parts, names = self._parts, self.names
        if parts["n"] == 0:
            return dict.fromkeys(nan, "the table is empty (N = 0)")
        rows, cols, used = parts["rows"], parts["cols"], parts["used"]
        empty_cols = [names[i] for i in np.flatnonzero((cols == 0) & used)]
        empty_rows = [names[i] for i in np.flatnonzero((rows == 0) & used)]
        full_cols = [names[i] for i in np.flatnonzero(parts["rest_cols"] == 0)]
        full_rows = [names[i] for i in np.flatnonzero(parts["rest_rows"] == 0)]
        classes = set(self.classes)
        foreign = [name for name in empty_cols if name not in classes]
        if foreign:
            informed = (f"label {foreign} names no real class: match labels first "
                        "(match_labels) or ignore it (abstain)")
        elif empty_cols:
            informed = f"class {empty_cols} has no cases: its recall and fair odds are undefined"
        else:
            informed = f"class {full_cols} holds every case: fallout is undefined"
        if empty_rows:
            marked = f"label {empty_rows} is never predicted: its precision is undefined"
        else:
            marked = f"label {full_rows} is predicted for every case: the dual fallout is undefined"
        reasons = {"informedness": informed, "informedness_macro": informed,
                   "informedness_prevalence_weighted": informed, "markedness": marked,
                   "matthews_correlation": (f"one name takes every prediction ({full_rows}) or every real case "
                           f"({full_cols}): no variance"),
                   "kappa": "one name takes every prediction and every real case: chance agreement E = 1",
                   "adjusted_balanced_accuracy": f"only class {full_cols} occurs: the chance level 1/K needs K >= 2"}
        return {name: reasons[name] for name in nan}

    def measures(self) -> dict:
        """Dict of the aggregate measures.

        Returns
        -------
        dict
            name -> value of ``accuracy``, ``informedness``, ``markedness``,
            ``matthews_correlation``, ``kappa``, ``informedness_macro``,
            ``informedness_prevalence_weighted`` and ``adjusted_balanced_accuracy``; nan where
            undefined (:attr:`undefined` says why).

        Examples
        --------
        >>> m = Contingency([[30, 5, 0], [10, 20, 5], [0, 5, 25]], layout="powers").measures()
        >>> round(m["informedness"], 4), round(m["adjusted_balanced_accuracy"], 4)
        (0.6202, 0.625)
        """
        return dict(self._parts["values"])

    # ------------------------------------------------------------------ one-vs-rest
    def to_binary(self, label: Any) -> BinaryTable:
        """The one-vs-rest :class:`BinaryTable` for ``label``: TP = n(l, l), FP = rest of row l, FN = rest of column l.

        TN is the sum of the cells outside row l and column l, added up from
        those cells (not N - TP - FP - FN, which cancels when TN is small).

        Parameters
        ----------
        label : label
            One of :attr:`names`.

        Returns
        -------
        BinaryTable
            The 2x2 table of ``label`` against the rest.

        Raises
        ------
        ValueError
            If ``label`` is not a name of the table, or a cell of the 2x2 table overflows.

        Examples
        --------
        >>> t = Contingency([[30, 5, 0], [10, 20, 5], [0, 5, 25]], layout="powers", labels="abc")
        >>> b = t.to_binary("a")
        >>> b.tp, b.fp, b.fn, b.tn
        (30.0, 5.0, 10.0, 55.0)
        """
        names = self.names
        if label not in names:
            raise ValueError(f"label must be one of the names {names}, got {label!r}")
        i = names.index(label)
        square = self._square
        outside = np.ones(square.shape[0], dtype=bool)
        outside[i] = False
        with np.errstate(over="ignore"):
            cells = dict(tp=square[i, i], fp=square[i, outside].sum(), fn=square[outside, i].sum(),
                         tn=square[np.ix_(outside, outside)].sum())
        beyond = [name for name, cell in cells.items() if not np.isfinite(cell)]
        if beyond:
            raise ValueError(f"the one-vs-rest table of label {label!r} has {', '.join(beyond)} beyond the largest "
                             "float: divide the counts by a common factor first (every ratio measure is unchanged)")
        return BinaryTable(**cells)

    # ------------------------------------------------------------------ label matching
    def match_labels(self, allow_drop: bool = False, max_candidates: int = 2_000_000,
                     time_limit: float | None = None) -> LabelMatching:
        """Map the rows (induced classes) onto the real classes to maximise B; returns :class:`LabelMatching`.

        Rows are induced classes, columns the real classes (``self.classes``).
        Any number of rows may merge into one class (Powers 2003, "combining
        equally good classes"), for any K and C; with ``allow_drop=True`` a row
        may also abstain (a catch-all cluster): its cases are left out and B is
        discounted by the coverage n/N (see :meth:`abstain`).  The map found
        maximises this discounted B exactly (:func:`bookeval_lib.matching.best_map`).
        Without dropping the search is fast: a dynamic program over sets of rows up
        to 12 non-empty rows, a Lagrangian column search up to 18.  With dropping
        every kept set of rows is bounded and only the few that could win are
        solved: 0.04 s for notebook 12's table, at most 0.6 s at 14-16 non-empty
        rows, a median of 0.2-0.55 s and at most 0.9 s at 18 on the tables of four
        kinds timed in :mod:`bookeval_lib.matching`.  Beyond 18 non-empty rows a
        ValueError at once, before any search, says what to do instead (merge rare
        rows; without dropping, ``time_limit`` seconds let a mixed-integer program
        try, 1.5-60 s on tables of 19-24 rows).  At most ``max_candidates`` search
        nodes, states or bounds; past that, or past ``time_limit``, a ValueError,
        never an unproved map.

        Parameters
        ----------
        allow_drop : bool, default=False
            Let rows abstain (map to ``None``), discounting B by the coverage.
        max_candidates : int, default=2_000_000
            The most search nodes, states or bounds (>= 1).
        time_limit : float, optional
            Seconds (> 0) the mixed-integer program may take beyond 18 rows (no dropping only).

        Returns
        -------
        LabelMatching
            ``mapping`` (row label -> real class or ``None``), the merged ``table``,
            ``informedness`` (its B times ``coverage``), ``coverage``, ``method``, ``dropped``.

        Raises
        ------
        ValueError
            If the table is empty; a real class has no cases or all of them; the search is too
            large or exceeds ``max_candidates`` or ``time_limit``; or an option is out of range.

        Examples
        --------
        Rows x and y both mostly hold class a: merged, B = 18/18 - 2/12.

        >>> t = Contingency([[10, 0], [8, 2], [0, 10]], labels="xyz", classes="ab", layout="powers")
        >>> m = t.match_labels()
        >>> m.mapping, round(float(m.informedness), 4)
        ({'x': 'a', 'y': 'a', 'z': 'b'}, 0.8333)
        """
        from .matching import best_map

        max_candidates = _checks.positive_integer(max_candidates, "max_candidates")
        if time_limit is not None:
            time_limit = _checks.positive_number(time_limit, "time_limit")
        parts = self._parts
        if parts["n"] == 0:
            raise ValueError("the table must hold some cases to match labels; it is empty (N = 0)")
        real = set(self.classes)
        class_index = [i for i, name in enumerate(self.names) if name in real]
        if (parts["cols"][class_index] == 0).any() or (parts["rest_cols"][class_index] == 0).any():
            raise ValueError("every real class needs some, but not all, cases to match labels")
        assignment, _, _ = best_map(self._counts, allow_drop=allow_drop, max_nodes=max_candidates,
                                    time_limit=time_limit)
        mapping = {label: (None if j < 0 else self.classes[j]) for label, j in zip(self.labels, assignment)}
        return self._matching(mapping, "exact, with dropping" if allow_drop else "exact")

    def _matching(self, mapping, method):
        """The merged table of a label map: rows of labels mapped to one class added up (vectorised)."""
        column = {name: j for j, name in enumerate(self.classes)}
        target = np.array([-1 if mapping[label] is None else column[mapping[label]] for label in self.labels])
        kept = target >= 0
        merged = np.zeros((len(self.classes), len(self.classes)))
        np.add.at(merged, target[kept], self._counts[kept])
        coverage = merged.sum() / self.total
        present = np.flatnonzero((merged.sum(axis=1) > 0) | (merged.sum(axis=0) > 0))
        table = Contingency(merged[np.ix_(present, present)], labels=[self.classes[j] for j in present],
                            layout="powers")
        return LabelMatching(mapping, table, table.informedness * coverage, float(coverage), method,
                             bool(not kept.all()))

    # ------------------------------------------------------------------ abstention
    def abstain(self, ignored: Iterable) -> Abstention:
        """Leave out the cases given an ignored (catch-all) label; returns :class:`Abstention`.

        Following Powers 2003 (section "Selection, Abstention"): drop the ignored
        rows, then the classes left with no cases; compute B on the remaining n
        cases and discount it by n/N.  Recall is taken over all N cases, the
        abstained cases of a class counting as misses:
        recall(c) = n(c, c) / n(R=c) with n(R=c) the class total of the full
        table (recall on the kept cases times n/N differs from this whenever the
        abstained cases are not spread over the classes like the kept ones).

        Parameters
        ----------
        ignored : iterable of labels
            Row labels whose cases are left out.

        Returns
        -------
        Abstention
            The kept ``table``, ``coverage`` n/N, ``informedness`` (B of the table times n/N)
            and ``recall_per_label`` over all N cases.

        Raises
        ------
        ValueError
            If a label is not a row of the table, every label is ignored, or the kept labels
            predict no case.

        Examples
        --------
        A catch-all row "?" takes 10 of 30 cases; the rest are right: B = 1 * 20/30.

        >>> t = Contingency([[10, 0], [0, 10], [5, 5]], labels=["a", "b", "?"], classes=["a", "b"],
        ...                 layout="powers")
        >>> a = t.abstain(["?"])
        >>> round(float(a.informedness), 4), a.recall_per_label.round(4).tolist()
        (0.6667, [0.6667, 0.6667])
        """
        if isinstance(ignored, (str, bytes)) or not hasattr(ignored, "__iter__"):
            raise ValueError(f"ignored must be an iterable of labels (e.g. a list), got {ignored!r}")
        ignored = list(ignored)
        unhashable = [value for value in ignored if not _hashable(value)]
        if unhashable:
            raise ValueError(f"ignored must hold labels of the table, got {unhashable[0]!r}")
        ignored = set(ignored)
        unknown = ignored - set(self.labels)
        if unknown:
            raise ValueError(f"unknown labels to ignore: {sorted(map(repr, unknown))}")
        keep_rows = [i for i, label in enumerate(self.labels) if label not in ignored]
        if not keep_rows:
            raise ValueError("every label is ignored: nothing is left to evaluate")
        sub = self._counts[keep_rows]
        keep_cols = np.flatnonzero(sub.any(axis=0))
        if keep_cols.size == 0:
            raise ValueError(f"ignored must leave some cases: the labels kept "
                             f"{[self.labels[i] for i in keep_rows]} predict none")
        table = Contingency(sub[:, keep_cols], labels=[self.labels[i] for i in keep_rows],
                            classes=[self.classes[j] for j in keep_cols], layout="powers")
        exponent = -np.frexp(self._counts.max())[1]      # cells times 2^exponent < 1, exactly: no sum overflows
        coverage = np.ldexp(sub, exponent).sum() / np.ldexp(self._counts, exponent).sum()
        class_totals = dict(zip(self.classes, np.ldexp(self._counts, exponent).sum(axis=0)))
        totals = np.array([class_totals.get(name, 0.0) for name in table.names])
        hits = np.ldexp(np.diag(table._square), exponent)
        return Abstention(table, float(coverage), table.informedness * coverage, _ratio(hits, totals))

    # ------------------------------------------------------------------ display
    def __repr__(self):
        """The K x C table with its margins (rows P=label predicted, columns R=class real), then
        informedness, markedness and MCC.  Beyond 20 rows or columns, the shape, N and the measures only."""
        from . import _text

        k, c = self._counts.shape
        head = f"Contingency: {k} labels x {c} classes (rows: predicted, columns: real)"
        measures = (f"informedness {_text.measure(self.informedness)}  markedness {_text.measure(self.markedness)}"
                    f"  mcc {_text.measure(self.matthews_correlation)}")
        if max(k, c) > 20:
            return "\n".join([head, f"N = {_text.number(self.total)}", measures])
        rows = _text.table("", [f"P={label}" for label in self.labels], [f"R={c}" for c in self.classes],
                           self._counts)
        return "\n".join([head, *rows, measures])

    def _repr_html_(self):
        with np.errstate(over="ignore"):           # a margin beyond the largest float shows as inf
            return self._html()

    def _html(self):
        cell = "<td style='text-align:right'>{:g}</td>".format
        head = "".join(f"<th>R={html.escape(str(c))}</th>" for c in self.classes)
        rows = [f"<tr><th></th>{head}<th></th></tr>"]
        for label, row in zip(self.labels, self._counts):
            rows.append(f"<tr><th>P={html.escape(str(label))}</th>" + "".join(cell(v) for v in row)
                        + f"<td style='font-style:italic;text-align:right'>{row.sum():g}</td></tr>")
        rows.append("<tr><th></th>" + "".join(f"<td style='font-style:italic;text-align:right'>{v:g}</td>"
                                              for v in self._counts.sum(axis=0))
                    + f"<td style='font-style:italic;text-align:right'>{self.total:g}</td></tr>")
        return "<table>" + "".join(rows) + "</table>"


@dataclass(frozen=True)
class LabelMatching:
    """Result of :meth:`Contingency.match_labels`.

    Attributes
    ----------
    mapping : dict
        Induced label -> real class (``None``: dropped).
    table : Contingency
        The merged, relabelled table over the real classes.
    informedness : float
        B of ``table`` times ``coverage``.
    coverage : float
        n/N, 1 unless rows were dropped.
    method : str
        ``"exact"`` (merging only) or ``"exact, with dropping"``.
    dropped : bool
        Whether a row was dropped.
    """

    mapping: dict          # induced label -> real class (None = dropped)
    table: Contingency     # merged, relabelled table over the real classes (rows = classes)
    informedness: float    # B of ``table`` times ``coverage``
    coverage: float        # n/N, 1 unless rows were dropped
    method: str            # "exact" (merging only) or "exact, with dropping"
    dropped: bool


@dataclass(frozen=True)
class Abstention:
    """Result of :meth:`Contingency.abstain`.

    Attributes
    ----------
    table : Contingency
        The n retained cases.
    coverage : float
        n/N.
    informedness : float
        B(table) * n/N.
    recall_per_label : ndarray
        n(l, l)/n(R=l) over all N cases, per name of ``table.names``.
    """

    table: Contingency     # the n retained cases
    coverage: float        # n/N
    informedness: float    # B(table) * n/N
    recall_per_label: np.ndarray  # n(l, l) / n(R=l) over all N cases, per name of ``table.names``
