"""Evaluating a clustering as Powers 2003 does: map, merge, drop catch-alls, discount.

An unsupervised method induces classes that carry no names.  Powers 2003
("Recall and Precision versus the Bookmaker", the dog/train experiment) maps
each induced class to the label it predicts best, combines classes that
predict the same label equally well, drops the catch-alls (their cases
abstain), and discounts the informedness of what is left by the coverage n/N.
:func:`reduce_clustering` does this; :class:`ReducedClustering` gives the
per-label recall, precision, B(l), F and G, their bias-weighted averages and
the discounted informedness.  For the B-maximising relabelling of a
contingency table see :meth:`bookeval_lib.Contingency.match_labels`.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from . import _checks
from .contingency import Contingency

__all__ = ["ReducedClustering", "reduce_clustering"]

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
    retained, total : int
        n (cases in retained classes) and N (all cases).
    """

    mapping: dict
    majority: dict
    table: object
    retained: int
    total: int

    @property
    def coverage(self):
        """n/N, the share of cases the retained classes classify."""
        return self.retained / self.total

    def per_label(self):
        """Recall, precision, B(l), F and G of each predicted label (dict of arrays).

        Over the retained labels (the rows of :attr:`table`): recall(l) =
        Pr(P=l | R=l), precision(l) = Pr(R=l | P=l), B(l) = recall - fallout
        (Powers 2003), F = 2 p r/(p + r), G = sqrt(p r); from the one-vs-rest
        table of each label (``Contingency.to_binary``), so undefined values
        are nan.
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

    def weighted_averages(self):
        """Each per-label measure averaged with weights Pr_P(l), the bias (as B = sum_l Pr_P(l) B(l)).

        The informedness entry equals Powers' B of the table when every real
        label of the retained cases is also predicted.
        """
        rows = self.per_label()
        weights = rows["bias"]
        return {name: float(np.nansum(weights * rows[name]))
                for name in ("recall", "precision", "informedness", "f_measure", "g_measure")}

    def discounted_informedness(self):
        """B_wav * n/N: informedness over all N cases, abstentions counting as guesses."""
        return self.weighted_averages()["informedness"] * self.coverage


def reduce_clustering(induced, real, *, keep="best"):
    """Reduce a clustering to labels as Powers 2003 did for the dog/train senses.

    1. Each induced class predicts its *majority* label, the label it
       predicts best: argmax_l Pr(R=l | P=k) (ties: the first label in sorted
       order).
    2. ``keep="best"`` (the paper's wording): a class is kept if no other
       class predicts its label with a higher probability (a strictly higher
       share of that label); classes that predict the same label equally well
       are combined into one row.
       ``keep="informed"``: a class is kept if it predicts its label better
       than chance, Pr(R=l | P=k) > Pr(R=l), which is the same as its own
       Bookmaker Pr(P=k | R=l) - Pr(P=k | R!=l) > 0; all kept classes with the
       same label are combined.
    3. The other classes are catch-alls, so their cases are left out
       (abstention), and so are the labels that occur only in them.

    The paper used AutoClass's soft memberships; this uses hard assignments
    (each case in one induced class).

    Parameters
    ----------
    induced : sequence
        The induced class of each case.
    real : sequence
        The real label of each case (same length).
    keep : {"best", "informed"}
        Which classes survive step 2.

    Returns
    -------
    ReducedClustering
    """
    if keep not in ("best", "informed"):
        raise ValueError(f'keep must be "best" or "informed", got {keep!r}')
    induced = _checks.labels(induced, "induced")
    real = _checks.labels(real, "real")
    if induced.ndim != 1 or induced.shape != real.shape or induced.size == 0:
        raise ValueError("induced and real must be non-empty 1-d sequences of the same length")
    classes = sorted(set(induced.tolist()))
    labels = sorted(set(real.tolist()))
    counts = np.array([[np.sum((induced == k) & (real == label)) for label in labels]
                       for k in classes], dtype=float)
    share = counts / counts.sum(axis=1, keepdims=True)
    best = np.argmax(share, axis=1)
    majority = {k: (labels[b], float(share[i, b])) for i, (k, b) in enumerate(zip(classes, best))}
    if keep == "best":
        threshold_met = share[np.arange(len(classes)), best] == share.max(axis=0)[best]
    else:
        prevalence = counts.sum(axis=0) / counts.sum()
        threshold_met = share[np.arange(len(classes)), best] > prevalence[best]
    mapping = {k: (labels[b] if ok else None)
               for k, b, ok in zip(classes, best, threshold_met)}
    kept_labels = sorted({label for label in mapping.values() if label is not None})
    rows = np.array([sum(counts[i] for i, k in enumerate(classes) if mapping[k] == label)
                     for label in kept_labels])
    present = [j for j in range(len(labels)) if rows[:, j].sum() > 0]
    table = Contingency(rows[:, present], layout="powers", labels=kept_labels,
                        classes=[labels[j] for j in present])
    return ReducedClustering(mapping=mapping, majority=majority, table=table,
                             retained=int(rows.sum()), total=int(induced.size))
