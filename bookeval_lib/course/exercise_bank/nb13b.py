"""The checker's bank for notebook 13b (comparing and choosing models): exercises 13b.1-13b.3.

Right answers and known mistakes are computed with :mod:`bookeval_lib.metrics` and
:func:`bookeval_lib.crossval.corrected_cv_test`, on the digits data and folds that notebooks 13 and 13b share
(same seeds), and for 13b.3 on scikit-learn's wine data with the splits the exercise names.
"""
from __future__ import annotations

import functools

import numpy as np

from ... import crossval, metrics
from ..checker import Exercise, Mistake
from .nb13 import EXACT, THREE_DECIMALS, _digits


# ---------------------------------------------------------------------------- 13b.1
@functools.cache
def _depth_3_report():
    from sklearn.model_selection import cross_val_predict
    from sklearn.tree import DecisionTreeClassifier

    x, y, folds = _digits()
    deeper = cross_val_predict(DecisionTreeClassifier(max_depth=3, random_state=0), x, y, cv=folds)
    return metrics.bookmaker_report(y, deeper, output_dict=True)


def _largest(weight):
    """(label with the largest weight(row) x B(l), label with the largest B(l))."""
    rows = _depth_3_report()
    labels = [label for label in rows if not isinstance(label, str)]
    share = max(labels, key=lambda label: weight(rows[label]) * rows[label]["informedness"])
    best = max(labels, key=lambda label: rows[label]["informedness"])
    return (int(share), int(best))


def _most_predicted():
    rows = _depth_3_report()
    labels = [label for label in rows if not isinstance(label, str)]
    return (int(max(labels, key=lambda label: rows[label]["bias"])), _largest(lambda row: row["bias"])[1])


# ---------------------------------------------------------------------------- 13b.2
@functools.cache
def _grid_differences():
    """Notebook 13b's grid search: per-fold B of its best setting minus its second best, and the folds' sizes."""
    from sklearn.model_selection import GridSearchCV, train_test_split
    from sklearn.neighbors import KNeighborsClassifier

    x, y, folds = _digits()
    x_train, _, y_train, _ = train_test_split(x, y, test_size=0.5, stratify=y, random_state=0)
    search = GridSearchCV(KNeighborsClassifier(), {"n_neighbors": [1, 3, 5, 9, 15]},
                          scoring=metrics.scorer("informedness"), cv=folds, n_jobs=1).fit(x_train, y_train)
    results = search.cv_results_
    best, second = np.argsort(results["mean_test_score"])[::-1][:2]
    assert (results["param_n_neighbors"][best], results["param_n_neighbors"][second]) == (3, 1)
    differences = np.array([results[f"split{j}_test_score"][best] - results[f"split{j}_test_score"][second]
                            for j in range(5)])
    n_fold = len(y_train) // 5
    return differences, len(y_train) - n_fold, n_fold


def _corrected(differences, n_train, n_test):
    interval = crossval.corrected_cv_test(differences, n_train=n_train, n_test=n_test).difference
    return (float(interval.estimate), float(interval.low), float(interval.high))


def _naive(differences):
    """The paired t interval that ignores the folds' overlap: mean ± t(0.975, J - 1) s/sqrt(J)."""
    from scipy import stats

    half = stats.t.ppf(0.975, differences.size - 1) * differences.std(ddof=1) / np.sqrt(differences.size)
    return (float(differences.mean()), float(differences.mean() - half), float(differences.mean() + half))


def _reversed(interval):
    estimate, low, high = interval
    return (-estimate, -high, -low)


_NAIVE = ("that is the naive paired t interval, s/sqrt(J): the folds share training cases, so their "
          "differences are correlated and that interval is too narrow; widen the variance by "
          "(1/J + n_test/n_train) as crossval.corrected_cv_test does")


# ---------------------------------------------------------------------------- 13b.3
@functools.cache
def _wine_differences():
    """Per-fold B of naive Bayes minus a depth-2 tree on the wine data, 10 x 5-fold, seed 0; fold sizes."""
    from sklearn.datasets import load_wine
    from sklearn.model_selection import RepeatedStratifiedKFold, cross_validate
    from sklearn.naive_bayes import GaussianNB
    from sklearn.tree import DecisionTreeClassifier

    x, y = load_wine(return_X_y=True)
    splits = RepeatedStratifiedKFold(n_splits=5, n_repeats=10, random_state=0)
    scores = [cross_validate(model, x, y, cv=splits, scoring=metrics.scorer("informedness"),
                             return_indices=True)
              for model in (GaussianNB(), DecisionTreeClassifier(max_depth=2, random_state=0))]
    n_train, n_test = (len(scores[0]["indices"][part][0]) for part in ("train", "test"))
    return scores[0]["test_score"] - scores[1]["test_score"], n_train, n_test


EXERCISES = (
    Exercise(
        id="13b.1",
        asks="(label with the largest Pr_P(l)·B(l), label with the largest B(l)) for the depth-3 tree, "
             "two integers",
        answer=lambda: _largest(lambda row: row["bias"]),
        tolerance=EXACT,
        hints=(
            "metrics.bookmaker_report(y, deeper, output_dict=True) gives every label's bias "
            "Pr_P(l) and informedness B(l).",
            "B = sum over l of Pr_P(l)·B(l): compute each product and take the largest; then the "
            "largest B(l) alone.",
            "A label can have a large B(l) yet contribute little when it is predicted rarely; "
            "check that the products add up to metrics.informedness_score(y, deeper).",
        ),
        mistakes=(
            Mistake(lambda: _largest(lambda row: row["support"]),
                    "you weighted B(l) by how often l is real (its support, the prevalence); "
                    "Powers' B weights each label by how often it is predicted, its bias Pr_P(l)"),
            Mistake(_most_predicted,
                    "the first label is the one predicted most often, but its B(l) is much lower: "
                    "the contribution is the product Pr_P(l)·B(l)"),
        ),
        starter="answer_1 = ...    # (largest contribution, largest B(l))",
    ),
    Exercise(
        id="13b.2",
        asks="(mean difference, low, high): per-fold B of 3 neighbours minus 1 in notebook 13b's grid search, "
             "with the 95 % interval of the corrected resampled t-test, to 3 decimals",
        answer=lambda: _corrected(*_grid_differences()),
        tolerance=THREE_DECIMALS,
        hints=(
            "search.cv_results_ holds each setting's score on each fold: split0_test_score ... "
            "split4_test_score; subtract the two settings fold by fold.",
            "crossval.corrected_cv_test(differences, n_train=..., n_test=...): each fold tests on "
            "len(y_train) // 5 cases and trains on the rest of the training half.",
            "The .difference of its result is the interval: (difference.estimate, difference.low, "
            "difference.high).",
        ),
        mistakes=(
            Mistake(lambda: _naive(_grid_differences()[0]), _NAIVE),
            Mistake(lambda: _reversed(_corrected(*_grid_differences())),
                    "that is 1 neighbour minus 3: the question asks for 3 minus 1, the grid's choice minus "
                    "the runner-up"),
        ),
        starter="answer_2 = (..., ..., ...)    # (mean difference, low, high), 3 neighbours minus 1",
    ),
    Exercise(
        id="13b.3",
        asks="(mean difference, low, high): per-fold B of naive Bayes minus a depth-2 tree on the wine data "
             "over 10 x 5-fold cross-validation (seed 0), with its corrected 95 % interval, to 3 decimals; "
             "the checklist lines and the recommendation are yours to write",
        answer=lambda: _corrected(*_wine_differences()),
        tolerance=THREE_DECIMALS,
        hints=(
            "x_wine, y_wine = load_wine(return_X_y=True) (from sklearn.datasets); then cross_validate(model, "
            "x_wine, y_wine, cv=RepeatedStratifiedKFold(n_splits=5, n_repeats=10, random_state=0), "
            "scoring=metrics.scorer('informedness')) gives 50 per-fold scores.",
            "Subtract the tree's 50 scores from naive Bayes's, fold by fold, and pass the differences to "
            "crossval.corrected_cv_test with n_train=142 and n_test=36 (the first fold's sizes).",
            "The result's .difference holds the estimate, low and high.",
        ),
        mistakes=(
            Mistake(lambda: _naive(_wine_differences()[0]), _NAIVE),
            Mistake(lambda: _reversed(_corrected(*_wine_differences())),
                    "that is the tree minus naive Bayes: the question asks for naive Bayes minus the tree"),
        ),
        starter="answer_3 = (..., ..., ...)    # (mean difference, low, high), naive Bayes minus tree",
    ),
)
