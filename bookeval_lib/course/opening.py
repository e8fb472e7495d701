"""The course's opening model: a real scikit-learn classifier that loses to a guesser on accuracy and F1.

Notebook 00 introduces it and later notebooks (10, 11b, 13, 14) bring it back, each with the tool it
teaches. :func:`opening_model` fits it and returns what every one of those notebooks needs, as a
:class:`OpeningModel`: the test labels, the model's predictions and scores, and the predictions of two
scikit-learn ``DummyClassifier`` guessers on the same test cases.

The default model is deliberately weak: a random forest given a single measurement of the Wisconsin
breast-cancer data shipped with scikit-learn (``load_breast_cancer``), the mean symmetry of the cell
nuclei, which differs only a little between malignant and benign tumours. Its deep trees learn much of
the noise of that one feature in the training half, so on the test half it calls about as many cases
malignant as there are, and is right only a little more often than chance. Pass another ``estimator``
or other ``features`` to evaluate a model of your own on the same split.

This module imports scikit-learn, inside the functions, as the course layer may.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

import numpy as np

from ..measures import BinaryTable

#: The features of the default model: one measurement of ``load_breast_cancer``.
DEFAULT_FEATURES = ("mean symmetry",)
#: The label of a malignant tumour, the positive class (scikit-learn's target 0 is malignant).
MALIGNANT, BENIGN = 1, 0


@dataclass(frozen=True)
class OpeningModel:
    """One fitted classifier on the test half of a data set, with two guessers on the same cases.

    Attributes
    ----------
    dataset : str
        What the cases are and which class is positive.
    model : str
        The estimator and the features it was given.
    seed : int
        The ``random_state`` of the stratified train/test split.
    y_true : numpy.ndarray of int
        The real class of each test case: 1 malignant (positive), 0 benign.
    y_pred : numpy.ndarray of int
        The model's predicted class of each test case.
    y_score : numpy.ndarray of float
        The model's score of each test case (``predict_proba`` of class 1, else
        ``decision_function``): larger means more likely malignant.
    most_frequent : numpy.ndarray of int
        The predictions of ``DummyClassifier(strategy="most_frequent")`` fitted on the training half:
        always the majority class, benign.
    constant_positive : numpy.ndarray of int
        The predictions of ``DummyClassifier(strategy="constant", constant=1)``: always malignant.
    fitted : scikit-learn classifier or None
        The fitted clone of the estimator (its learned attributes, e.g. the threshold that
        ``TunedThresholdClassifierCV`` chose); not compared.
    """

    dataset: str
    model: str
    seed: int
    y_true: np.ndarray
    y_pred: np.ndarray
    y_score: np.ndarray
    most_frequent: np.ndarray
    constant_positive: np.ndarray
    fitted: Any = field(default=None, repr=False, compare=False)

    @property
    def table(self) -> BinaryTable:
        """The model's 2 × 2 table on the test cases, Powers' layout (predictions in rows), malignant positive."""
        return BinaryTable.from_labels(self.y_true, self.y_pred, pos_label=MALIGNANT)

    def tables(self) -> dict[str, BinaryTable]:
        """The tables of the model and of the two guessers, by name, in that order."""
        named = {"model": self.y_pred, "most frequent": self.most_frequent,
                 "constant positive": self.constant_positive}
        return {name: BinaryTable.from_labels(self.y_true, predicted, pos_label=MALIGNANT)
                for name, predicted in named.items()}


def _scores(estimator: Any, x: np.ndarray) -> np.ndarray:
    if hasattr(estimator, "predict_proba"):
        classes = list(estimator.classes_)
        return np.asarray(estimator.predict_proba(x))[:, classes.index(MALIGNANT)]
    return np.asarray(estimator.decision_function(x), dtype=float)


def opening_model(estimator: Any = None, *, features: Sequence[str] = DEFAULT_FEATURES, seed: int = 0,
                  test_size: float = 0.5) -> OpeningModel:
    """Fit the opening model (or your own) on half of ``load_breast_cancer`` and predict the other half.

    The cases are split once, stratified by class, with ``train_test_split(test_size=test_size,
    stratify=y, random_state=seed)``; the estimator (cloned, never changed) and two
    ``DummyClassifier`` guessers are fitted on the training part and predict the test part.

    Parameters
    ----------
    estimator : scikit-learn classifier, optional
        The model to evaluate. Default: ``RandomForestClassifier(random_state=0)``, the weak opening
        model. It must have ``predict_proba`` or ``decision_function`` (for the scores).
    features : sequence of str
        Names from ``load_breast_cancer().feature_names`` that the model sees. Default: the mean
        symmetry alone.
    seed : int
        The split's ``random_state``. The result is deterministic for a given seed and estimator.
    test_size : float
        The share of the cases held out for the test, strictly between 0 and 1.

    Returns
    -------
    OpeningModel
        Test labels (1 = malignant), the model's predictions and scores, and the guessers' predictions.

    Raises
    ------
    ValueError
        ``features`` empty or naming a feature the data set does not have; ``test_size`` not strictly
        between 0 and 1.

    Examples
    --------
    >>> opened = opening_model()
    >>> int(opened.table.total), int(opened.y_true.sum())
    (285, 106)
    >>> print(f"{opened.table.accuracy:.3f} < {opened.tables()['most frequent'].accuracy:.3f}")
    0.589 < 0.628
    """
    from sklearn.base import clone
    from sklearn.datasets import load_breast_cancer
    from sklearn.dummy import DummyClassifier
    from sklearn.ensemble import RandomForestClassifier
    from sklearn.model_selection import train_test_split

    data = load_breast_cancer()
    names = list(data.feature_names)
    features = list(features)
    if not features:
        raise ValueError("features: name at least one feature of load_breast_cancer")
    unknown = [name for name in features if name not in names]
    if unknown:
        raise ValueError(f"features: {unknown} are not features of load_breast_cancer")
    if not 0 < test_size < 1:
        raise ValueError(f"test_size must be strictly between 0 and 1, got {test_size}")
    x = data.data[:, [names.index(name) for name in features]]
    y = np.where(data.target == 0, MALIGNANT, BENIGN)            # scikit-learn's 0 is malignant
    x_train, x_test, y_train, y_test = train_test_split(x, y, test_size=test_size, stratify=y,
                                                        random_state=seed)
    fitted = clone(RandomForestClassifier(random_state=0) if estimator is None else estimator)
    fitted.fit(x_train, y_train)
    guessers = (DummyClassifier(strategy="most_frequent"),
                DummyClassifier(strategy="constant", constant=MALIGNANT))
    most_frequent, constant_positive = (g.fit(x_train, y_train).predict(x_test).astype(int) for g in guessers)
    return OpeningModel(
        dataset="breast cancer (scikit-learn's load_breast_cancer), malignant = 1 positive",
        model=f"{type(fitted).__name__} on {', '.join(features)}",
        seed=seed,
        y_true=y_test.astype(int),
        y_pred=np.asarray(fitted.predict(x_test)).astype(int),
        y_score=_scores(fitted, x_test),
        most_frequent=most_frequent,
        constant_positive=constant_positive,
        fitted=fitted,
    )


def over_splits(seeds: Sequence[int], estimator: Any = None, *,
                features: Sequence[str] = DEFAULT_FEATURES) -> dict[str, np.ndarray]:
    """The opening comparison repeated over several seeded splits.

    Parameters
    ----------
    seeds : sequence of int
        The ``seed`` of each split (see :func:`opening_model`).
    estimator, features
        As in :func:`opening_model`.

    Returns
    -------
    dict of str to numpy.ndarray
        One array per quantity, one value per seed: ``accuracy`` and ``f1`` of the model,
        ``accuracy_most_frequent``, ``f1_constant_positive``, and ``recall_minus_fallout``
        (the model's tpr − fpr).
    """
    rows = []
    for seed in seeds:
        tables = opening_model(estimator, features=features, seed=seed).tables()
        model = tables["model"]
        rows.append((model.accuracy, model.f1, tables["most frequent"].accuracy,
                     tables["constant positive"].f1, model.recall - model.fallout))
    values = np.array(rows, dtype=float).reshape(-1, 5)
    keys = ("accuracy", "f1", "accuracy_most_frequent", "f1_constant_positive", "recall_minus_fallout")
    return {key: values[:, i] for i, key in enumerate(keys)}
