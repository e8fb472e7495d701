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

Undefined values are ``nan``; :attr:`Contingency.undefined` says why.
"""
from __future__ import annotations

import html
from dataclasses import dataclass

import numpy as np

from .measures import BinaryTable, _ratio

__all__ = ["Contingency", "LabelMatching", "Abstention"]

#: The layouts the constructor accepts: which axis holds the predictions.
_LAYOUTS = ("powers", "sklearn")


def _validate_counts(counts):
    matrix = np.asarray(counts)
    if matrix.dtype.kind == "b":
        raise ValueError("counts are boolean; give counts or proportions")
    if matrix.dtype.kind not in "iuf":
        try:
            matrix = matrix.astype(np.float64)
        except (TypeError, ValueError):
            raise ValueError(f"counts are not numeric: {counts!r}") from None
    matrix = matrix.astype(np.float64)
    if matrix.ndim != 2 or 0 in matrix.shape:
        raise ValueError(f"counts must be a non-empty 2-D matrix (rows = predicted, columns = real), "
                         f"not shape {matrix.shape}")
    bad = ~np.isfinite(matrix)
    if bad.any():
        i, j = np.argwhere(bad)[0]
        raise ValueError(f"cell ({i}, {j}) is not finite: {matrix[i, j]}")
    if (matrix < 0).any():
        i, j = np.argwhere(matrix < 0)[0]
        raise ValueError(f"cell ({i}, {j}) is negative: {matrix[i, j]:g}; cells are counts or proportions")
    return matrix


class Contingency:
    """A K x C contingency table: rows = predicted labels, columns = real classes.

    Parameters
    ----------
    counts : array_like
        Counts (or proportions) of cases by predicted label and real class.
    layout : {"powers", "sklearn"}, keyword-only, required
        ``"powers"``: ``counts`` has shape (K, C), rows = predicted labels,
        columns = real classes (Powers' papers).  ``"sklearn"``: rows = real
        classes, columns = predicted labels, as ``sklearn.metrics.confusion_matrix``
        returns it; the table stores its transpose.
    labels : sequence, optional
        Names of the rows (predicted labels); default ``0 .. K-1``.
    classes : sequence, optional
        Names of the columns (real classes); default: ``labels`` when K = C,
        else ``0 .. C-1``.

    The Bookmaker measures pair the row label l with the column class of the
    same name.  When row and column names differ (K != C, or induced clusters),
    the measures are taken over the union of names: a name missing among the
    rows is a label never predicted (B(l) = 0, weight 0); a name missing among
    the columns is a class that never occurs (its recall is undefined, so B is
    nan).  Use :meth:`match_labels` first for unsupervised output.

    Raises ValueError for a cell that is negative, non-finite or non-numeric,
    or for a shape that is not 2-D.

    Examples
    --------
    >>> t = Contingency([[30, 5, 0], [10, 20, 5], [0, 5, 25]], layout="powers", labels="abc")
    >>> round(t.informedness, 4), round(t.to_binary("a").informedness, 4)
    (0.6202, 0.6667)
    """

    def __init__(self, counts, labels=None, classes=None, *, layout=None):
        if layout not in _LAYOUTS:
            problem = "no layout was named" if layout is None else f"unknown layout {layout!r}"
            raise ValueError(
                f"{problem}: say how counts is laid out with layout=..., either 'powers' (rows = "
                "predicted labels, columns = real classes, as Powers' papers) or 'sklearn' (rows = real "
                "classes, columns = predicted labels: what sklearn.metrics.confusion_matrix returns); "
                "Contingency.from_labels(real, predicted) needs no layout")
        counts = _validate_counts(counts)
        self._counts = counts.T.copy() if layout == "sklearn" else counts
        self._counts.flags.writeable = False
        k, c = self._counts.shape
        self.labels = tuple(range(k)) if labels is None else tuple(labels)
        if classes is None:
            classes = self.labels if k == c else tuple(range(c))
        self.classes = tuple(classes)
        if len(self.labels) != k or len(self.classes) != c:
            raise ValueError(f"{len(self.labels)} labels and {len(self.classes)} classes given "
                             f"for a {k} x {c} table")
        if len(set(self.labels)) != k or len(set(self.classes)) != c:
            raise ValueError("labels and classes must be distinct names")

    # ------------------------------------------------------------------ constructors
    @classmethod
    def from_labels(cls, real, predicted, labels=None):
        """Count a table from label vectors; ``labels`` fixes the order (default: sorted union)."""
        real, predicted = np.asarray(real), np.asarray(predicted)
        if real.shape != predicted.shape or real.ndim != 1:
            raise ValueError("real and predicted must be 1-D sequences of the same length")
        if labels is None:
            labels = sorted(set(real.tolist()) | set(predicted.tolist()))
        index = {label: i for i, label in enumerate(labels)}
        missing = (set(real.tolist()) | set(predicted.tolist())) - set(index)
        if missing:
            raise ValueError(f"labels not listed: {sorted(map(repr, missing))}")
        counts = np.zeros((len(labels), len(labels)))
        np.add.at(counts, ([index[v] for v in predicted.tolist()], [index[v] for v in real.tolist()]), 1)
        return cls(counts, labels=labels, layout="powers")

    @classmethod
    def from_sklearn(cls, matrix, labels=None):
        """From ``sklearn.metrics.confusion_matrix`` (rows = real): the table is its transpose."""
        return cls(matrix, labels=labels, layout="sklearn")

    @classmethod
    def from_crosstab(cls, frame, *, rows="real"):
        """From a pandas crosstab, keeping its class names.

        ``pandas.crosstab(y_true, y_pred)`` puts the real classes in the rows
        (``frame.index``) and the predicted labels in the columns
        (``frame.columns``), as scikit-learn's ``confusion_matrix`` does: that is
        ``rows="real"`` (the default).  ``rows="predicted"`` reads
        ``pandas.crosstab(y_pred, y_true)``.  A name that appears on one axis only
        (a class never predicted, a label that names no real class) is kept, as
        in the constructor.  pandas is not imported: any object with ``.index``,
        ``.columns`` and ``.to_numpy()`` will do.  A crosstab made with
        ``margins=True`` is refused (its "All" row and column are not classes).
        """
        if rows not in ("real", "predicted"):
            raise ValueError(f'rows must be "real" (pandas.crosstab(y_true, y_pred)) or "predicted", '
                             f"not {rows!r}")
        if not all(hasattr(frame, name) for name in ("index", "columns", "to_numpy")):
            raise ValueError(f"frame must be a pandas DataFrame (a crosstab), not {type(frame).__name__}")
        index, columns = list(frame.index), list(frame.columns)
        if index and columns and index[-1] == "All" and columns[-1] == "All":
            raise ValueError('frame has margins (an "All" row and column): make the crosstab without '
                             "margins=True")
        counts = frame.to_numpy()
        if rows == "real":
            return cls(counts, labels=columns, classes=index, layout="sklearn")
        return cls(counts, labels=index, classes=columns, layout="powers")

    # ------------------------------------------------------------------ margins
    @property
    def counts(self):
        """The cells, rows = predicted labels, columns = real classes."""
        return self._counts

    @property
    def total(self):
        """N, the number of cases."""
        return float(self._counts.sum())

    @property
    def shape(self):
        return self._counts.shape

    @property
    def names(self):
        """The union of label and class names, labels first: the index of the square view."""
        return self.labels + tuple(c for c in self.classes if c not in self.labels)

    def square(self):
        """The table over :attr:`names` (zero rows/columns added for names missing on one side)."""
        names = self.names
        index = {name: i for i, name in enumerate(names)}
        square = np.zeros((len(names), len(names)))
        rows = [index[label] for label in self.labels]
        cols = [index[c] for c in self.classes]
        square[np.ix_(rows, cols)] = self._counts
        return square

    def _joint(self):
        square = self.square()
        total = square.sum()
        return square / total if total > 0 else np.full_like(square, np.nan)

    @property
    def bias(self):
        """Pr_P(l) = row total / N for each name in :attr:`names`."""
        return self._joint().sum(axis=1)

    @property
    def prevalence(self):
        """Pr_R(c) = column total / N for each name in :attr:`names`."""
        return self._joint().sum(axis=0)

    @property
    def accuracy(self):
        """Rand accuracy = trace / N (cases where the label names the real class); not Rand's pair-counting index."""
        return float(np.trace(self._joint()))

    # ------------------------------------------------------------------ per label / per class
    @property
    def recall_per_class(self):
        """recall(l) = Pr(P=l | R=l) = n(l, l)/n(R=l); nan for a class with no cases."""
        joint = self._joint()
        return _ratio(np.diag(joint), joint.sum(axis=0))

    @property
    def precision_per_label(self):
        """precision(l) = Pr(R=l | P=l) = n(l, l)/n(P=l); nan for a label never predicted."""
        joint = self._joint()
        return _ratio(np.diag(joint), joint.sum(axis=1))

    @property
    def fallout_per_label(self):
        """fallout(l) = Pr(P=l | R!=l); nan if every case is of class l."""
        square = self.square()  # counts, so N - n(R=l) is exactly 0 when class l holds every case
        return _ratio(square.sum(axis=1) - np.diag(square), square.sum() - square.sum(axis=0))

    @property
    def informedness_per_label(self):
        """B(l) = recall(l) - fallout(l) = sum_c Pr(l, c) w(c|l), w = +1/Pr_R(l) or -1/(1 - Pr_R(l)).

        Powers 2003 (general Bookmaker, G(l)); equal to the informedness of the
        one-vs-rest table ``to_binary(l)``.  Negative B(l) marks a superstitious
        label.  nan where class l has no cases or holds every case.
        """
        return self.recall_per_class - self.fallout_per_label

    @property
    def markedness_per_class(self):
        """M(c) = Pr(R=c | P=c) - Pr(R=c | P!=c) = precision(c) - its dual fallout (the transpose's B(c))."""
        square = self.square()
        off = _ratio(square.sum(axis=0) - np.diag(square), square.sum() - square.sum(axis=1))
        return self.precision_per_label - off

    # ------------------------------------------------------------------ aggregates
    @property
    def informedness(self):
        """Powers' Bookmaker informedness B = sum_l Pr_P(l) B(l) (2003; weights = bias).

        nan (see :attr:`undefined`) if some class has no cases or one class holds every case.
        """
        return float(np.sum(self.bias * self.informedness_per_label))

    @property
    def informedness_macro(self):
        """Unweighted mean of B(l) over the labels."""
        return float(np.mean(self.informedness_per_label))

    @property
    def informedness_prevalence_weighted(self):
        """sum_l Pr_R(l) B(l): the expected winnings per bet at unit fair odds (betting.py)."""
        return float(np.sum(self.prevalence * self.informedness_per_label))

    @property
    def adjusted_balanced_accuracy(self):
        """scikit-learn's ``balanced_accuracy_score(adjusted=True)``: (mean recall - 1/K)/(1 - 1/K).

        Here K is the number of classes that occur (scikit-learn ignores absent classes).
        """
        recall = self.recall_per_class
        recall = recall[np.isfinite(recall)]
        k = recall.size
        return float((recall.mean() - 1.0 / k) / (1.0 - 1.0 / k)) if k > 1 else float("nan")

    @property
    def markedness(self):
        """Markedness M = sum_c Pr_R(c) M(c), the dual of informedness (B of the transposed table)."""
        return float(np.sum(self.prevalence * self.markedness_per_class))

    @property
    def matthews_correlation(self):
        """Gorodkin's R_K = cov(P, R)/sqrt(cov(P, P) cov(R, R)) over one-hot label vectors.

        (N trace - sum_l n(P=l) n(R=l)) / sqrt((N^2 - sum n(P=l)^2)(N^2 - sum n(R=l)^2)),
        which scikit-learn's ``matthews_corrcoef`` computes.  nan if the predictions
        or the real classes use a single name (scikit-learn returns 0 there).
        For K > 2 it is not sqrt(B * M) of the aggregates; that identity is binary only.
        """
        joint = self._joint()
        pp, rp = joint.sum(axis=1), joint.sum(axis=0)
        numerator = np.trace(joint) - pp @ rp
        denominator = np.sqrt((1 - pp @ pp) * (1 - rp @ rp))
        return float(_ratio(numerator, denominator))

    mcc = matthews_correlation

    @property
    def kappa(self):
        """Cohen's kappa = (accuracy - E)/(1 - E), E = sum_l Pr_P(l) Pr_R(l).  nan if E = 1."""
        joint = self._joint()
        expected = joint.sum(axis=1) @ joint.sum(axis=0)
        return float(_ratio(np.trace(joint) - expected, 1.0 - expected))

    @property
    def undefined(self):
        """Which measures are nan and why, as a dict measure -> reason (empty when all are defined)."""
        reasons = {}
        names = self.names
        if self.total == 0:
            return {"all": "the table is empty (N = 0)"}
        col, row = self.square().sum(axis=0), self.square().sum(axis=1)
        empty_cols = [names[i] for i in np.flatnonzero(col == 0)]
        empty_rows = [names[i] for i in np.flatnonzero(row == 0)]
        full_cols = [names[i] for i in np.flatnonzero(col == col.sum())]
        full_rows = [names[i] for i in np.flatnonzero(row == row.sum())]
        foreign = [name for name in empty_cols if name not in self.classes]
        if foreign:
            reasons["informedness"] = (f"label {foreign} names no real class: match labels first "
                                       "(match_labels) or ignore it (abstain)")
        elif empty_cols:
            reasons["informedness"] = (f"class {empty_cols} has no cases: its recall and fair odds are undefined")
        elif full_cols:
            reasons["informedness"] = f"class {full_cols} holds every case: fallout is undefined"
        if empty_rows:
            reasons["markedness"] = f"label {empty_rows} is never predicted: its precision is undefined"
        elif full_rows:
            reasons["markedness"] = f"label {full_rows} is predicted for every case: the dual fallout is undefined"
        if full_rows or full_cols:
            reasons["mcc"] = "one name takes every prediction or every real case: no variance"
        if full_rows and full_cols:
            reasons["kappa"] = "chance agreement E = 1"
        return reasons

    def measures(self):
        """Dict of the aggregate measures."""
        names = ("accuracy", "informedness", "markedness", "mcc", "kappa", "informedness_macro",
                 "informedness_prevalence_weighted", "adjusted_balanced_accuracy")
        return {name: getattr(self, name) for name in names}

    # ------------------------------------------------------------------ one-vs-rest
    def to_binary(self, label):
        """The one-vs-rest :class:`BinaryTable` for ``label``: TP = n(l, l), FP = rest of row l, FN = rest of column l."""
        names = self.names
        if label not in names:
            raise ValueError(f"unknown label {label!r}; the names are {names}")
        i = names.index(label)
        square = self.square()
        tp = square[i, i]
        fp = square[i].sum() - tp
        fn = square[:, i].sum() - tp
        return BinaryTable(tp=tp, fp=fp, fn=fn, tn=square.sum() - tp - fp - fn)

    # ------------------------------------------------------------------ label matching
    def match_labels(self, allow_drop=False, max_candidates=2_000_000):
        """Map the rows (induced classes) onto the real classes to maximise B; returns :class:`LabelMatching`.

        Rows are induced classes, columns the real classes (``self.classes``).
        Any number of rows may merge into one class (Powers 2003, "combining
        equally good classes"), for any K and C; with ``allow_drop=True`` a row
        may also abstain (a catch-all cluster): its cases are left out and B is
        discounted by the coverage n/N (see :meth:`abstain`).  The map found
        maximises this discounted B exactly (:func:`bookeval_lib.matching.best_map`).
        Without dropping the search is fast: a dynamic program over sets of rows up
        to 12 non-empty rows, a Lagrangian column search up to 18, a mixed-integer
        program beyond (slow).  With dropping it is a branch and bound that stays
        fast only up to about 8 rows.  At most ``max_candidates`` search nodes or
        states; past that a ValueError, never an unproved map.
        """
        from .matching import best_map

        joint = self._counts / self._counts.sum()
        prevalence = joint.sum(axis=0)
        if ((prevalence <= 0) | (prevalence >= 1)).any():
            raise ValueError("every real class needs some, but not all, cases to match labels")
        assignment, _, _ = best_map(self._counts, allow_drop=allow_drop, max_nodes=max_candidates)
        mapping = {label: (None if j < 0 else self.classes[j]) for label, j in zip(self.labels, assignment)}
        return self._matching(mapping, "exact, with dropping" if allow_drop else "exact")

    def _matching(self, mapping, method):
        kept = [label for label, target in mapping.items() if target is not None]
        merged = np.zeros((len(self.classes), len(self.classes)))
        for i, label in enumerate(self.labels):
            if mapping[label] is not None:
                merged[self.classes.index(mapping[label])] += self._counts[i]
        coverage = merged.sum() / self.total
        present = [j for j in range(len(self.classes)) if merged[j].sum() > 0 or merged[:, j].sum() > 0]
        table = Contingency(merged[np.ix_(present, present)], labels=[self.classes[j] for j in present],
                            layout="powers")
        return LabelMatching(mapping, table, table.informedness * coverage, float(coverage), method,
                             len(kept) < len(mapping))

    # ------------------------------------------------------------------ abstention
    def abstain(self, ignored):
        """Leave out the cases given an ignored (catch-all) label; returns :class:`Abstention`.

        Following Powers 2003 (section "Selection, Abstention"): drop the ignored
        rows, then the classes left with no cases; compute B on the remaining n
        cases and discount it by n/N.  Recall is taken over all N cases, the
        abstained cases of a class counting as misses:
        recall(c) = n(c, c) / n(R=c) with n(R=c) the class total of the full
        table (recall on the kept cases times n/N differs from this whenever the
        abstained cases are not spread over the classes like the kept ones).
        """
        ignored = set(ignored)
        unknown = ignored - set(self.labels)
        if unknown:
            raise ValueError(f"unknown labels to ignore: {sorted(map(repr, unknown))}")
        keep_rows = [i for i, label in enumerate(self.labels) if label not in ignored]
        if not keep_rows:
            raise ValueError("every label is ignored: nothing is left to evaluate")
        sub = self._counts[keep_rows]
        keep_cols = [j for j in range(sub.shape[1]) if sub[:, j].sum() > 0]
        table = Contingency(sub[:, keep_cols], labels=[self.labels[i] for i in keep_rows],
                            classes=[self.classes[j] for j in keep_cols], layout="powers")
        coverage = table.total / self.total
        class_totals = dict(zip(self.classes, self._counts.sum(axis=0)))
        totals = np.array([class_totals.get(name, 0.0) for name in table.names])
        hits = np.diag(table.square())
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
    """Result of :meth:`Contingency.match_labels`."""

    mapping: dict          # induced label -> real class (None = dropped)
    table: Contingency     # merged, relabelled table over the real classes (rows = classes)
    informedness: float    # B of ``table`` times ``coverage``
    coverage: float        # n/N, 1 unless rows were dropped
    method: str            # "exact" (merging only) or "exact, with dropping"
    dropped: bool


@dataclass(frozen=True)
class Abstention:
    """Result of :meth:`Contingency.abstain`."""

    table: Contingency     # the n retained cases
    coverage: float        # n/N
    informedness: float    # B(table) * n/N
    recall_per_class: np.ndarray  # n(c, c) / n(R=c) over all N cases, per name of ``table.names``
