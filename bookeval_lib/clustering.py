"""Evaluating a clustering as Powers 2003 does: map, merge, drop catch-alls, discount.

An unsupervised method induces classes that carry no names.  Powers 2003
("Recall and Precision versus the Bookmaker", the dog/train experiment) maps
each induced class to the label it predicts best, combines classes that
predict the same label equally well, drops the catch-alls (their cases
abstain), and discounts the informedness of what is left by the coverage n/N.
:func:`reduce_clustering` does this, in three readings of the paper's
words (per class, strict or liberal, and per label); :class:`ReducedClustering`
gives the per-label recall, precision, B(l), F and G, their bias-weighted
averages and the discounted informedness.  Because the reduction chooses its
classes on the labels it is scored on, :func:`permutation_null` gives the
distribution of its scores when the labels are shuffled, and
:func:`scores_over_seeds` its spread over seeds (e.g. the EM seeds of
:func:`bookeval_lib.course.replications.mixture.induced_over_seeds`).  For the B-maximising relabelling of a
contingency table see :meth:`bookeval_lib.Contingency.match_labels`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from . import _checks
from ._deprecated import moved_names
from .contingency import Contingency

if TYPE_CHECKING:                       # type hints only; nothing imported at run time
    from collections.abc import Sequence

    from numpy.typing import ArrayLike

__all__ = ["PermutationNull", "ReducedClustering", "permutation_null", "reduce_clustering",
           "reduction_scores", "scores_over_seeds", "HeldOut",
           "held_out_scores"]

@dataclass(frozen=True)
class ReducedClustering:
    """Result of :func:`reduce_clustering`: the paper's reduced contingency matrix.

    Attributes
    ----------
    mapping : dict
        Induced class -> the label it stands for, or ``None`` (dropped).
    majority : dict
        Induced class -> (its majority label, that label's share of the class).
    table : Contingency
        The retained cases: rows = predicted labels (combined induced classes),
        columns = real labels of those cases (Powers' layout).
    retained, total : int or float
        n (cases in retained classes) and N (all cases); sums of weights
        (floats) when ``sample_weight`` was given.
    """

    mapping: dict
    majority: dict
    table: Contingency
    retained: float
    total: float

    @property
    def coverage(self) -> float:
        """n/N, the share of cases the retained classes classify."""
        return self.retained / self.total

    def per_label(self) -> dict[str, Any]:
        """Recall, precision, B(l), F and G of each predicted label (dict of arrays).

        Over the retained labels (the rows of :attr:`table`): recall(l) =
        Pr(P=l | R=l), precision(l) = Pr(R=l | P=l), B(l) = recall - fallout
        (Powers 2003), F = 2 p r/(p + r), G = sqrt(p r); from the one-vs-rest
        table of each label (``Contingency.to_binary``), so undefined values
        are nan.

        Returns
        -------
        dict
            ``"label"`` (the labels, in row order), and ``"recall"``, ``"precision"``,
            ``"informedness"``, ``"f_measure"``, ``"g_measure"``, ``"bias"``: arrays, one
            value per label.

        Examples
        --------
        >>> reduce_clustering(["A", "A", "B", "B"], [0, 0, 1, 1]).per_label()["recall"]
        array([1., 1.])
        """
        labels = list(self.table.labels)
        binaries = [self.table.to_binary(label) for label in labels]
        return {
            "label": labels,
            "recall": np.array([b.recall for b in binaries]),
            "precision": np.array([b.precision for b in binaries]),
            "informedness": np.array([b.informedness for b in binaries]),
            "f_measure": np.array([b.f1 for b in binaries]),
            "g_measure": np.array([b.g_measure for b in binaries]),
            "bias": np.array([self.table.counts[i].sum() / self.table.total
                              for i in range(len(labels))]),
        }

    def weighted_averages(self) -> dict[str, float]:
        """Each per-label measure averaged with weights Pr_P(l), the bias (as B = sum_l Pr_P(l) B(l)).

        The informedness entry equals Powers' B of the table when every real
        label of the retained cases is also predicted.

        Returns
        -------
        dict
            measure -> its bias-weighted average (B_wav for ``"informedness"``); a term of
            weight 0 is dropped, nan where a weighted term is undefined.

        Examples
        --------
        >>> reduce_clustering(["A", "A", "B", "B"], [0, 0, 1, 1]).weighted_averages()["informedness"]
        1.0
        """
        rows = self.per_label()
        weights = rows["bias"]
        return {name: float(np.nansum(weights * rows[name]))
                for name in ("recall", "precision", "informedness", "f_measure", "g_measure")}

    def discounted_informedness(self) -> float:
        """B_wav * n/N: informedness over all N cases, abstentions counting as guesses.

        Returns
        -------
        float
            The discounted informedness; nan where B_wav is.

        Examples
        --------
        Class 2 (one A, one B) is dropped: 6 of 8 cases are kept, all right, so 1 * 6/8.

        >>> result = reduce_clustering(list("AABBABAB"), [0, 0, 1, 1, 2, 1, 0, 2])
        >>> result.mapping, result.discounted_informedness()
        ({0: 'A', 1: 'B', 2: None}, 0.75)
        """
        return self.weighted_averages()["informedness"] * self.coverage


_KEEP = ("best", "informed", "per_label")


def _check_keep(keep):
    _checks.choice(keep, "keep", _KEEP)


def _encode(y_true, y_pred, labels=None):
    """Validate; return (class names, label names, class codes, label codes).

    The real labels are checked and coded by :func:`_checks.label_codes` (``labels``
    fixes their names and order); the induced classes are names of another kind
    (cluster numbers against sense letters), checked by :func:`_checks.labels`
    and coded by :func:`_checks.unique_inverse`.
    """
    label_names, (label_codes,) = _checks.label_codes([(y_true, "y_true")], labels=labels)
    induced = _checks.labels(y_pred, "y_pred")
    if induced.size != label_codes.size:
        raise ValueError(f"y_true has {label_codes.size} labels but y_pred has {induced.size}: "
                         "they must have the same length")
    if induced.size == 0:
        raise ValueError("y_true and y_pred are empty")
    classes, class_codes = _checks.unique_inverse(induced)
    return classes.tolist(), label_names, class_codes.ravel(), label_codes


def _weights(sample_weight, size):
    """``sample_weight`` checked (:func:`_checks.sample_weights`), with a total above 0; or None."""
    weight = _checks.sample_weights(sample_weight, size)
    if weight is not None and not weight.sum() > 0:
        raise ValueError("sample_weight must not be all zero: there would be no case to evaluate")
    return weight


def _class_counts(class_codes, label_codes, n_classes, n_labels, weight):
    """The (classes, labels) table of (weighted) case counts, as floats."""
    counts = np.bincount(class_codes * n_labels + label_codes, weights=weight, minlength=n_classes * n_labels)
    return counts.reshape(n_classes, n_labels).astype(float)


def _assign(counts, keep, prevalence):
    """The label index each induced class predicts, or -1 (dropped); counts (P, C, L).

    P stacked tables (one per permutation or split) are handled at once.
    share[p, k, l] = Pr(R=l | P=k); see :func:`reduce_clustering` for the three
    readings.  ``prevalence`` is (L,) or (P, L).  A class with no cases in a
    table is dropped from it.
    """
    size = counts.sum(axis=2, keepdims=True)
    share = np.divide(counts, size, out=np.zeros_like(counts), where=size > 0)
    empty = size[..., 0] == 0
    if keep == "per_label":
        # Label l claims the class(es) with its highest share; a class claimed by
        # several labels predicts the claimant it holds most of (ties: first label).
        claims = (share == share.max(axis=1, keepdims=True)) & (counts > 0)
        pick = np.argmax(np.where(claims, share, -1.0), axis=2)
        return np.where(claims.any(axis=2), pick, -1)
    best = np.argmax(share, axis=2)                                   # (P, C) majority label
    best_share = np.take_along_axis(share, best[..., None], axis=2)[..., 0]
    if keep == "best":
        label_top = share.max(axis=1)                                 # (P, L)
        ok = best_share == np.take_along_axis(label_top, best, axis=1)
    else:
        prevalence = np.broadcast_to(prevalence, (counts.shape[0], counts.shape[2]))
        ok = best_share > np.take_along_axis(prevalence, best, axis=1)
    return np.where(ok & ~empty, best, -1)


def _scores(counts, assignment):
    """B_wav and n for stacked tables: counts (P, C, L), assignment (P, C) -> arrays (P,).

    The reduced table T = sum of the rows of the classes mapped to each label;
    B(l) = tp/col - (row - tp)/(n - col) (recall - fallout), nan when n = col;
    B_wav = sum_l (row_l/n) B(l) with nan terms counted as 0, as
    :meth:`ReducedClustering.weighted_averages` does; B_wav is nan when no
    case is retained (n = 0).
    """
    n_labels = counts.shape[2]
    onehot = (assignment[..., None] == np.arange(n_labels)).astype(float)   # (P, C, L)
    table = np.swapaxes(onehot, 1, 2) @ counts                              # (P, L, L)
    row, col = table.sum(axis=2), table.sum(axis=1)
    n = row.sum(axis=1)
    tp = np.diagonal(table, axis1=1, axis2=2)
    with np.errstate(divide="ignore", invalid="ignore"):
        informedness = tp / col - (row - tp) / (n[:, None] - col)
        terms = np.where(row > 0, row / n[:, None] * informedness, 0.0)
    return np.where(n > 0, np.nansum(terms, axis=1), np.nan), n


def _discount(wav, n, total):
    """B_wav n/N; 0 when nothing is retained (every case abstains, so no decision is informed)."""
    return np.where(n > 0, np.nan_to_num(wav) * n / total, 0.0)


def reduce_clustering(y_true: ArrayLike, y_pred: ArrayLike, *, labels: ArrayLike | None = None,
                      sample_weight: ArrayLike | None = None, keep: str = "best") -> ReducedClustering:
    """Reduce a clustering to labels as Powers 2003 did for the dog/train senses.

    The paper reduces 18 classes to 12 labels "after finding which induced
    class had the highest probability of predicting which label", combining
    equally good classes and dropping the catch-alls; it then discounts B by
    n/N.  The probability that class k predicts label l is
    share(k, l) = Pr(R=l | P=k).  Three readings of which classes survive:

    ``keep="best"`` (per class, strict): each class predicts its *majority*
        label argmax_l share(k, l) (ties: the first label in the order of ``labels``), and
        is kept if no other class predicts that label with a strictly higher
        share; equally good classes are combined into one row.
    ``keep="informed"`` (per class, liberal): each class predicts its majority
        label and is kept if it predicts it better than chance,
        share(k, l) > Pr(R=l), the same as its own Bookmaker
        Pr(P=k | R=l) - Pr(P=k | R!=l) > 0; all kept classes with the same
        label are combined.
    ``keep="per_label"``: each *label* l picks the class(es) with the highest
        share(k, l) among those that hold l (ties: all of them), whether or not
        l is that class's majority, so rare labels get the small pure class
        they occur in; a class picked by several labels predicts the one it
        holds most of (ties: the first label in that order).  Classes no label picks are
        dropped.

    The other classes are catch-alls: their cases are left out (abstention),
    and so are the labels that occur only in them.  The paper used
    AutoClass's soft memberships; this uses hard assignments.

    Parameters
    ----------
    y_true : sequence
        The real label of each case.
    y_pred : sequence
        The induced class of each case (same length; names of any kind, such
        as cluster numbers).
    labels : sequence, optional
        The real labels and their order (which label is "first" in a tie);
        default: the sorted labels of ``y_true``.  A label of ``y_true`` not
        listed raises ValueError.
    sample_weight : sequence, optional
        A weight >= 0 per case; every count becomes a sum of weights, and
        ``retained`` and ``total`` sums of weights (floats).
    keep : {"best", "informed", "per_label"}
        Which reading of the reduction.

    Returns
    -------
    ReducedClustering
        The map, the majorities, the retained table and the counts n and N.

    Raises
    ------
    ValueError
        If ``y_true`` and ``y_pred`` differ in length or are empty; if a label vector fails the
        package's checks (kinds, missing values, ``labels``); if ``sample_weight`` is bad or
        all zero; if ``keep`` is unknown.

    Examples
    --------
    >>> result = reduce_clustering(["A", "A", "B", "B", "A"], [0, 0, 1, 1, 2])
    >>> result.mapping, result.coverage
    ({0: 'A', 1: 'B', 2: 'A'}, 1.0)
    """
    _check_keep(keep)
    classes, names, class_codes, label_codes = _encode(y_true, y_pred, labels)
    counts = _class_counts(class_codes, label_codes, len(classes), len(names),
                           _weights(sample_weight, class_codes.size))
    size = counts.sum(axis=1, keepdims=True)
    share = np.divide(counts, size, out=np.zeros_like(counts), where=size > 0)
    best = np.argmax(share, axis=1)
    majority = {k: (names[b], float(share[i, b])) for i, (k, b) in enumerate(zip(classes, best))}
    prevalence = counts.sum(axis=0) / counts.sum()
    assignment = _assign(counts[None], keep, prevalence)[0]
    mapping = {k: (names[a] if a >= 0 else None) for k, a in zip(classes, assignment)}
    kept = sorted(set(assignment[assignment >= 0].tolist()))
    rows = np.array([counts[assignment == a].sum(axis=0) for a in kept])
    present = np.flatnonzero(rows.sum(axis=0) > 0)
    table = Contingency(rows[:, present], layout="powers", labels=[names[a] for a in kept],
                        classes=[names[j] for j in present])
    retained, total = float(rows.sum()), float(counts.sum())
    if sample_weight is None:
        retained, total = int(retained), int(total)
    return ReducedClustering(mapping=mapping, majority=majority, table=table, retained=retained, total=total)


@dataclass(frozen=True)
class PermutationNull:
    """Result of :func:`permutation_null`.

    Attributes
    ----------
    keep : str
        The reading of the reduction.
    observed : dict
        ``"wav"``: B_wav and ``"discounted"``: B_wav n/N of the real labels.
    null : dict
        The same two statistics for each permutation of the labels (arrays).
    seed, n_permutations : int
    """

    keep: str
    observed: dict
    null: dict
    seed: int
    n_permutations: int

    def p_value(self, statistic: str = "discounted") -> float:
        """(1 + #{null >= observed}) / (1 + n_permutations) (Phipson and Smyth 2010).

        Null values within 1e-12 of the observed count as >=, so ties are
        conservative.

        Parameters
        ----------
        statistic : {"discounted", "wav"}, default="discounted"
            Which statistic to test.

        Returns
        -------
        float
            The permutation p-value, in [1/(1 + n_permutations), 1].
        """
        null, observed = self.null[statistic], self.observed[statistic]
        return float((1 + np.sum(null >= observed - 1e-12)) / (1 + self.n_permutations))

    def monte_carlo_error(self, statistic: str = "discounted") -> float:
        """Standard error of the p-value from the finite number of permutations, sqrt(p(1 - p)/n).

        Parameters
        ----------
        statistic : {"discounted", "wav"}, default="discounted"
            Which statistic's p-value.

        Returns
        -------
        float
            sqrt(p (1 - p)/n_permutations).
        """
        p = self.p_value(statistic)
        return float(np.sqrt(p * (1 - p) / self.n_permutations))


_CHUNK = 1 << 20    # label codes permuted and counted at once in permutation_null (8 MB per int64 array)


def _permuted_tables(row_totals, column_totals, n_tables, rng):
    """``n_tables`` tables with the given margins, each the table of one uniform permutation of the cases.

    Shuffling the column labels of cases whose rows are fixed draws the table from the
    multivariate hypergeometric law: row c takes its r_c cases without replacement from
    the pool of column labels.  Drawn row by row, and within a row label by label, as
    univariate hypergeometrics vectorised over the tables: cell (c, l) ~
    Hypergeom(remaining of label l, remaining of the labels after l, still to place in row c).
    O(n_tables x rows x labels) time and memory, whatever the number of cases.
    """
    rows, columns = len(row_totals), len(column_totals)
    tables = np.zeros((n_tables, rows, columns), dtype=np.int64)
    remaining = np.broadcast_to(np.asarray(column_totals, dtype=np.int64), (n_tables, columns)).copy()
    for c in range(rows - 1):
        left = np.full(n_tables, int(row_totals[c]), dtype=np.int64)
        after = remaining.sum(axis=1)
        for label in range(columns - 1):
            after -= remaining[:, label]
            drawn = rng.hypergeometric(remaining[:, label], after, left)
            tables[:, c, label] = drawn
            left -= drawn
        tables[:, c, columns - 1] = left
        remaining -= tables[:, c]
    tables[:, rows - 1] = remaining
    return tables


def permutation_null(y_true: ArrayLike, y_pred: ArrayLike, *, labels: ArrayLike | None = None,
                     keep: str = "best", n_permutations: int = 1000, seed: int,
                     fixed: ArrayLike | None = None, method: str = "counts") -> PermutationNull:
    """Null distribution of B_wav and of the discounted B when labels carry no information.

    The reduction chooses its classes and its map on the very labels it is
    scored on, so B_wav is biased upward even for a clustering that knows
    nothing.  The null keeps the clustering (``y_pred``) and shuffles the
    labels (``y_true``) uniformly at random, so each label keeps its prevalence,
    reruns the reduction (:func:`reduce_clustering` with the same ``keep``)
    and records B_wav and B_wav n/N.  The reduction sees only the table of a
    permutation, so ``method="counts"`` (the default) draws that table itself:
    the multivariate hypergeometric table with the free cases' margins (each
    induced class takes its cases without replacement from the pool of labels),
    cell by cell as univariate hypergeometrics vectorised over the permutations
    (:func:`_permuted_tables`), O(n_permutations x classes x labels) time and
    memory whatever N (0.1 s for 1,000 permutations of 200,000 cases in
    ``benchmarks/bench_permutation.py``, against 11 s by cases).  ``method="cases"`` shuffles the cases:
    the rows of ``rng.permuted`` of an (n_permutations, number of free cases)
    array, drawn and counted in chunks of at most 2^20 label codes (memory
    O(n_permutations x classes x labels) plus about 40 MB, time O(n_permutations x N)).
    The two are equal in distribution, not draw for draw; either is a function of
    ``numpy.random.default_rng(seed)``.  ``fixed`` (boolean mask, optional) marks cases whose label is part
    of the design and is not shuffled, such as the paper's index document
    (class Z).  ``labels`` as in :func:`reduce_clustering`.  There is no
    ``sample_weight``: the null shuffles cases, and a case of weight w is not
    w cases shuffled independently (repeat the cases for frequency weights).

    Parameters
    ----------
    y_true : sequence
        The real label of each case.
    y_pred : sequence
        The induced class of each case.
    labels : sequence, optional
        The real labels and their order, as in :func:`reduce_clustering`.
    keep : {"best", "informed", "per_label"}, default="best"
        The reading of the reduction.
    n_permutations : int, default=1000
        Permutations (>= 1).
    seed : int
        The seed (>= 0) of ``numpy.random.default_rng``; required.
    fixed : array-like of bool with shape (N,), optional
        One entry per case: True where the label is not shuffled.
    method : {"counts", "cases"}, default="counts"
        How a permutation is drawn: its table, as multivariate hypergeometric counts, or the
        shuffled cases themselves.  Equal in distribution, not draw for draw.

    Returns
    -------
    PermutationNull
        The observed statistics and their null distributions.

    Raises
    ------
    ValueError
        As :func:`reduce_clustering`; also for a bad ``n_permutations``, ``seed`` or
        ``method``, or a ``fixed`` that is not one boolean per case.

    Examples
    --------
    The clustering of :meth:`ReducedClustering.discounted_informedness` scores 0.75; 5 of 99
    shuffled tables score as much, so p = (1 + 5)/(1 + 99), with error sqrt(0.06 * 0.94/99):

    >>> y_true, y_pred = list("AABBABAB"), [0, 0, 1, 1, 2, 1, 0, 2]
    >>> null = permutation_null(y_true, y_pred, n_permutations=99, seed=0)
    >>> null.observed, null.p_value(), round(null.monte_carlo_error(), 4)
    ({'wav': 1.0, 'discounted': 0.75}, 0.06, 0.0239)

    Shuffling the cases draws other permutations from the same seed: there 6 of 99 score as
    much, p = (1 + 6)/(1 + 99), with error sqrt(0.07 * 0.93/99):

    >>> null = permutation_null(y_true, y_pred, n_permutations=99, seed=0, method="cases")
    >>> null.p_value(), round(null.monte_carlo_error(), 4)
    (0.07, 0.0256)
    """
    _check_keep(keep)
    n_permutations, seed = _checks.positive_integer(n_permutations, "n_permutations"), _checks.seed(seed)
    if method not in ("counts", "cases"):
        raise ValueError(f"method must be 'counts' or 'cases', got {method!r}")
    classes, names, class_codes, label_codes = _encode(y_true, y_pred, labels)
    n_classes, n_labels, total = len(classes), len(names), class_codes.size
    free = np.ones(total, dtype=bool)
    if fixed is not None:
        fixed = np.asarray(fixed)
        if fixed.dtype != bool or fixed.shape != (total,):
            raise ValueError("fixed must be a boolean mask with one entry per case")
        free = ~fixed
    rng = np.random.default_rng(seed)
    cells = n_classes * n_labels
    counts = np.empty((int(n_permutations) + 1, n_classes, n_labels))
    counts[0] = np.bincount(class_codes * n_labels + label_codes, minlength=cells).reshape(n_classes, n_labels)
    # the permutations in chunks of at most _CHUNK label codes: rng.permuted shuffles the rows in order,
    # so the chunks draw the same stream as one (n_permutations, free cases) array would
    fixed_cells = class_codes[~free] * n_labels + label_codes[~free]
    fixed_counts = np.bincount(fixed_cells, minlength=cells)
    free_classes, free_labels = class_codes[free] * n_labels, label_codes[free]
    rows = max(1, _CHUNK // max(free_labels.size, 1))
    if method == "counts":
        counts[1:] = _permuted_tables(np.bincount(class_codes[free], minlength=n_classes),
                                      np.bincount(free_labels, minlength=n_labels), int(n_permutations),
                                      rng) + fixed_counts.reshape(n_classes, n_labels)
    for start in range(1, int(n_permutations) + 1 if method == "cases" else 1, rows):
        stop = min(start + rows, int(n_permutations) + 1)
        shuffled = rng.permuted(np.broadcast_to(free_labels, (stop - start, free_labels.size)), axis=1)
        shuffled += free_classes
        shuffled += (np.arange(stop - start) * cells)[:, None]
        counts[start:stop] = (np.bincount(shuffled.ravel(), minlength=(stop - start) * cells)
                              .reshape(-1, cells) + fixed_counts).reshape(-1, n_classes, n_labels)
    prevalence = np.bincount(label_codes, minlength=n_labels) / total
    wav, n = _scores(counts, _assign(counts, keep, prevalence))
    discounted = _discount(wav, n, total)
    return PermutationNull(keep=keep,
                           observed={"wav": float(wav[0]), "discounted": float(discounted[0])},
                           null={"wav": wav[1:], "discounted": discounted[1:]},
                           seed=seed, n_permutations=int(n_permutations))


@dataclass(frozen=True)
class HeldOut:
    """Result of :func:`held_out_scores`: B_wav and B_wav n/N over random half splits.

    Attributes
    ----------
    keep : str
        The reading of the reduction.
    held_out : dict
        statistic (``"wav"`` or ``"discounted"``) -> array of shape (n_splits,): classes and
        map chosen on one half, scored on the other.
    in_sample : dict
        The same, chosen and scored on the scoring half (the paper's procedure, on the same cases).
    seed : int
        The seed of the splits.
    n_splits : int
        The number of splits.
    """

    keep: str
    held_out: dict
    in_sample: dict
    seed: int
    n_splits: int


def held_out_scores(y_true: ArrayLike, y_pred: ArrayLike, *, labels: ArrayLike | None = None,
                    keep: str = "best", n_splits: int = 200, seed: int) -> HeldOut:
    """Choose the classes and their labels on half the cases, score on the other half.

    The reduction chooses on the labels it scores (see :func:`permutation_null`).
    Here each split draws a random half of the cases (``rng.permuted`` of an
    (n_splits, N) array with ``numpy.random.default_rng(seed)``; the first
    floor(N/2) cases choose, the rest score).  The choosing half fixes the map
    induced class -> label or drop (:func:`reduce_clustering`'s reading
    ``keep``); on the scoring half, cases of dropped classes (or of classes
    absent from the choosing half) abstain, and B_wav and B_wav n/N are computed
    over the scoring half.  For comparison the in-sample scores choose and
    score on the scoring half itself.  ``labels`` as in
    :func:`reduce_clustering`; no ``sample_weight`` (a split divides cases,
    and a case of weight w is not w cases split independently).

    Parameters
    ----------
    y_true : sequence
        The real label of each case.
    y_pred : sequence
        The induced class of each case.
    labels : sequence, optional
        The real labels and their order, as in :func:`reduce_clustering`.
    keep : {"best", "informed", "per_label"}, default="best"
        The reading of the reduction.
    n_splits : int, default=200
        Random half splits (>= 1).
    seed : int
        The seed (>= 0) of ``numpy.random.default_rng``; required.

    Returns
    -------
    HeldOut
        The held-out and in-sample scores of each split.

    Raises
    ------
    ValueError
        As :func:`reduce_clustering`; also for fewer than 2 cases or a bad ``n_splits`` or ``seed``.

    Examples
    --------
    >>> scores = held_out_scores(list("AABBABAB"), [0, 0, 1, 1, 2, 1, 0, 2], n_splits=5, seed=0)
    >>> scores.held_out["wav"].shape, sorted(scores.in_sample)
    ((5,), ['discounted', 'wav'])
    """
    _check_keep(keep)
    n_splits, seed = _checks.positive_integer(n_splits, "n_splits"), _checks.seed(seed)
    classes, names, class_codes, label_codes = _encode(y_true, y_pred, labels)
    n_classes, n_labels, total = len(classes), len(names), class_codes.size
    if total < 2:
        raise ValueError("y_true and y_pred need at least 2 cases to split")
    rng = np.random.default_rng(seed)
    order = rng.permuted(np.tile(np.arange(total), (int(n_splits), 1)), axis=1)
    half = total // 2
    cells = (class_codes * n_labels + label_codes)[order]                 # (S, N)
    offsets = np.arange(int(n_splits))[:, None] * (n_classes * n_labels)
    size = int(n_splits) * n_classes * n_labels

    def table(part):
        counts = np.bincount((part + offsets).ravel(), minlength=size)
        return counts.reshape(-1, n_classes, n_labels).astype(float)

    choose, score = table(cells[:, :half]), table(cells[:, half:])
    scored = total - half
    results = {}
    for name, basis in (("held_out", choose), ("in_sample", score)):
        prevalence = basis.sum(axis=1) / basis.sum(axis=(1, 2))[:, None]
        wav, n = _scores(score, _assign(basis, keep, prevalence))
        results[name] = {"wav": wav, "discounted": _discount(wav, n, scored)}
    return HeldOut(keep=keep, held_out=results["held_out"], in_sample=results["in_sample"],
                   seed=seed, n_splits=int(n_splits))


def scores_over_seeds(y_true: ArrayLike, y_pred: ArrayLike, *, labels: ArrayLike | None = None,
                      sample_weight: ArrayLike | None = None,
                      keeps: Sequence[str] = ("best", "informed")) -> dict[str, np.ndarray]:
    """(B_wav, B_wav n/N, n/N) of the reduction of each clustering (one per row of ``y_pred``).

    ``y_pred``: shape (S, N), e.g. from :func:`bookeval_lib.course.replications.mixture.induced_over_seeds`; ``y_true``
    the N real labels; by :func:`reduction_scores`.

    Parameters
    ----------
    y_true : sequence of length N
        The real label of each case.
    y_pred : array-like with shape (S, N)
        One clustering per row.
    labels : sequence, optional
        The real labels and their order, as in :func:`reduce_clustering`.
    sample_weight : sequence of length N, optional
        A weight >= 0 per case.
    keeps : sequence of str, default=("best", "informed")
        The readings of the reduction to score.

    Returns
    -------
    dict
        keep -> array of shape (S, 3): B_wav, B_wav n/N and n/N of each clustering.

    Raises
    ------
    ValueError
        If ``y_pred`` is not 2-D, or as :func:`reduce_clustering`.

    Examples
    --------
    >>> y_pred = [0, 0, 1, 1, 2, 1, 0, 2]
    >>> scores_over_seeds(list("AABBABAB"), [y_pred, y_pred], keeps=["best"])["best"].tolist()
    [[1.0, 0.75, 0.75], [1.0, 0.75, 0.75]]
    """
    induced = np.asarray(y_pred)
    if induced.ndim != 2:
        raise ValueError(f"y_pred must be 2-d (one clustering per row), got shape {induced.shape}")
    return {keep: np.array([reduction_scores(y_true, row, labels=labels, sample_weight=sample_weight,
                                             keep=keep) for row in induced])
            for keep in keeps}


def reduction_scores(y_true: ArrayLike, y_pred: ArrayLike, *, labels: ArrayLike | None = None,
                     sample_weight: ArrayLike | None = None, keep: str = "best") -> tuple[float, float, float]:
    """(B_wav, B_wav n/N, n/N) of :func:`reduce_clustering`, computed without building tables.

    For loops over many clusterings (seeds, designs); the same numbers as
    ``reduce_clustering(...).weighted_averages()["informedness"]``,
    ``.discounted_informedness()`` and ``.coverage`` (arguments as there).

    Parameters
    ----------
    y_true : sequence
        The real label of each case.
    y_pred : sequence
        The induced class of each case.
    labels : sequence, optional
        The real labels and their order.
    sample_weight : sequence, optional
        A weight >= 0 per case.
    keep : {"best", "informed", "per_label"}, default="best"
        The reading of the reduction.

    Returns
    -------
    tuple of float
        (B_wav, B_wav n/N, n/N); nan where B_wav is undefined.

    Raises
    ------
    ValueError
        As :func:`reduce_clustering`.

    Examples
    --------
    >>> reduction_scores(list("AABBABAB"), [0, 0, 1, 1, 2, 1, 0, 2])     # see discounted_informedness
    (1.0, 0.75, 0.75)
    """
    _check_keep(keep)
    classes, names, class_codes, label_codes = _encode(y_true, y_pred, labels)
    counts = _class_counts(class_codes, label_codes, len(classes), len(names),
                           _weights(sample_weight, class_codes.size))[None]
    total = counts.sum()
    prevalence = counts[0].sum(axis=0) / total
    wav, n = _scores(counts, _assign(counts, keep, prevalence))
    return float(wav[0]), float(_discount(wav, n, total)[0]), float(n[0] / total)


__getattr__ = moved_names(__name__)       # the deprecated clustering.induced_over_seeds
