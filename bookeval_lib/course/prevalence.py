"""Test sets of another prevalence, cut from one test set (notebook 14).

Keeping every case of one class and a random subset of the other changes the prevalence and leaves each
class's rates (recall, fallout) estimated as before: a random subset of one class is a smaller random sample
of it.  Precision, which mixes the rates with the prevalence, moves.
"""
from __future__ import annotations

from typing import Any, Sequence

import numpy as np

__all__ = ["subsets_at_prevalence"]


def subsets_at_prevalence(y_true: Any, prevalences: Sequence[float], *, pos_label: Any = 1,
                          seed: int = 0) -> dict[float, np.ndarray]:
    """Indices of subsets of ``y_true`` whose prevalence is about each of ``prevalences``.

    For a prevalence below that of ``y_true`` every negative is kept with ``round(t·N/(1 − t))`` positives
    drawn without replacement (N the number of negatives); for one above it every positive is kept with
    ``round(P·(1 − t)/t)`` negatives (P the number of positives).  The draws come from
    ``numpy.random.default_rng(seed)``, one after another in the order of ``prevalences``.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        The real labels.
    prevalences : sequence of float
        The wanted prevalences, each strictly between 0 and 1.
    pos_label : label, default 1
        The positive class.
    seed : int, default 0
        The seed of the random subsets.

    Returns
    -------
    dict
        ``{t: indices}``: for each wanted prevalence ``t``, the kept indices (positives first), a subset of
        ``range(n)``.

    Raises
    ------
    ValueError
        If a prevalence is not strictly between 0 and 1, or a class of ``y_true`` is empty.
    """
    y = np.asarray(y_true)
    positives, negatives = np.flatnonzero(y == pos_label), np.flatnonzero(y != pos_label)
    if positives.size == 0 or negatives.size == 0:
        raise ValueError("y_true must hold both classes")
    rng, kept = np.random.default_rng(seed), {}
    current = positives.size / y.size
    for target in prevalences:
        if not 0 < target < 1:
            raise ValueError(f"prevalences must lie strictly between 0 and 1, got {target!r}")
        if target < current:
            wanted, pool, whole = int(round(target * negatives.size / (1 - target))), positives, negatives
        else:
            wanted, pool, whole = int(round(positives.size * (1 - target) / target)), negatives, positives
        drawn = rng.choice(pool, wanted, replace=False)
        kept[target] = np.concatenate([drawn, whole] if target < current else [whole, drawn])
    return kept
