"""Leakage on pure noise: the cross-validated informedness of labels that no feature knows (notebook 15).

A step fitted on all the cases before cross-validation (feature selection, a tuned threshold …) has seen the
test folds' labels; on noise, where the honest informedness is 0, what it adds shows as a score above 0.
"""
from __future__ import annotations

from typing import Any

import numpy as np

__all__ = ["noise_cv_informedness"]


def noise_cv_informedness(seed: int, model: Any, fit_on_all: Any = None, *, n_cases: int = 100,
                          n_features: int = 1000, n_folds: int = 5) -> float:
    """Mean ``n_folds``-fold cross-validated informedness of ``model`` on noise.

    ``n_cases`` cases (half of each label, the labels a seeded permutation) of ``n_features`` standard normal
    features drawn independently of the labels, from ``numpy.random.default_rng(seed)``; the folds are
    stratified and shuffled with ``random_state=seed``.  ``fit_on_all``, a scikit-learn transformer, is
    fitted on all the cases, features and labels, before the folds are cut: the leak to measure.  The
    expected informedness without it is 0.

    Parameters
    ----------
    seed : int
        The seed of the data and of the folds.
    model : estimator
        A scikit-learn classifier or pipeline, fitted afresh in each fold.
    fit_on_all : transformer, optional
        Fitted (``fit_transform(features, labels)``) on all cases before cross-validation.
    n_cases, n_features, n_folds : int
        The size of the noise and the number of folds.

    Returns
    -------
    float
        The mean over the folds of informedness (:func:`bookeval_lib.metrics.scorer`).

    Examples
    --------
    >>> from sklearn.linear_model import LogisticRegression
    >>> -1 <= noise_cv_informedness(0, LogisticRegression(), n_features=20) <= 1
    True
    """
    from sklearn.model_selection import StratifiedKFold, cross_val_score

    from ..metrics import scorer

    rng = np.random.default_rng(seed)
    noise = rng.normal(size=(n_cases, n_features))
    labels = rng.permutation(np.repeat([0, 1], [n_cases // 2, n_cases - n_cases // 2]))
    if fit_on_all is not None:
        noise = fit_on_all.fit_transform(noise, labels)
    folds = StratifiedKFold(n_folds, shuffle=True, random_state=seed)
    return float(cross_val_score(model, noise, labels, cv=folds, scoring=scorer("informedness")).mean())
