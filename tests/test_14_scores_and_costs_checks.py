"""The checks of notebook 14's numbers, moved here from its teaching cells.

Notebook 14 tunes a logistic regression's threshold for "is it a 9?" (scikit-learn's digits, split in half,
stratified, seed 0; a miss costs five false alarms), and draws one-vs-rest ROC curves, the tuned classifier's
table at four prevalences and the cost curves of the logistic regression and naive Bayes.  The checks that
its numbers agree with scikit-learn and that the claims its prose makes of them hold live here; the data,
split, seeds and models are the notebook's.
"""
import functools

import numpy as np
import pytest
import scipy.stats

pytest.importorskip("sklearn")

from sklearn import metrics as skm  # noqa: E402

from bookeval_lib import BinaryTable, curves, metrics, roc, uncertainty  # noqa: E402
from bookeval_lib.course.prevalence import subsets_at_prevalence  # noqa: E402

COSTS = {"false_positive_cost": 1.0, "false_negative_cost": 5.0}


@functools.cache
def _notebook():
    from sklearn.datasets import load_digits
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import StratifiedKFold, TunedThresholdClassifierCV, train_test_split
    from sklearn.naive_bayes import GaussianNB
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    x, y = load_digits(return_X_y=True)
    folds = StratifiedKFold(5, shuffle=True, random_state=0)
    x_train, x_test, y_train, y_test = train_test_split(x, y, test_size=0.5, stratify=y, random_state=0)
    nine_train, nine_test = (y_train == 9).astype(int), (y_test == 9).astype(int)
    logistic = make_pipeline(StandardScaler(), LogisticRegression(max_iter=1000))
    tuned = TunedThresholdClassifierCV(logistic, scoring=metrics.scorer("expected_cost", **COSTS), cv=folds,
                                       random_state=0, n_jobs=1).fit(x_train, nine_train)
    bayes = GaussianNB().fit(x_train, nine_train).predict_proba(x_test)[:, 1]
    return dict(x=x, y=y, folds=folds, x_test=x_test, nine_train=nine_train, nine_test=nine_test, tuned=tuned,
                bayes=bayes)


def test_the_tuned_point_is_no_better_than_the_hindsight_point():
    nb = _notebook()
    c = roc.isocost_slope(nb["nine_train"].mean(), **COSTS)
    fpr, tpr, thresholds = roc.roc_curve(nb["nine_test"], nb["tuned"].predict_proba(nb["x_test"])[:, 1])
    tuned = roc.point_at_threshold(thresholds, nb["tuned"].best_threshold_)
    hindsight = roc.optimal_operating_point(fpr, tpr, c)
    regret = roc.isocost_intercept(c, fpr[hindsight], tpr[hindsight]) - roc.isocost_intercept(c, fpr[tuned], tpr[tuned])
    assert regret >= 0


def test_the_one_vs_rest_areas_are_scikit_learns():
    from sklearn.model_selection import cross_val_predict
    from sklearn.naive_bayes import GaussianNB

    nb = _notebook()
    y = nb["y"]
    probabilities = cross_val_predict(GaussianNB(), nb["x"], y, cv=nb["folds"], method="predict_proba")
    columns = [(y == label, probabilities[:, label]) for label in range(10)]
    areas = [roc.auc(*roc.roc_curve(real, score)[:2]) for real, score in columns]
    assert np.allclose(areas, [skm.roc_auc_score(real, score) for real, score in columns])
    # "the ten areas average to scikit-learn's one-vs-rest AUC"
    assert np.isclose(np.mean(areas), skm.roc_auc_score(y, probabilities, multi_class="ovr"))


def test_b_stays_put_and_precision_falls_with_the_prevalence():
    nb = _notebook()
    nine_test = nb["nine_test"]
    decided = nb["tuned"].predict(nb["x_test"])
    full = BinaryTable.from_labels(nine_test, decided, pos_label=1)
    keep = subsets_at_prevalence(nine_test, (0.5, 0.03, 0.01), seed=0)
    rows = {}
    for target, kept in keep.items():
        table = BinaryTable.from_labels(nine_test[kept], decided[kept], pos_label=1)
        low, high = uncertainty.informedness_interval(table)
        assert low <= full.informedness <= high               # "every interval contains the full half's B"
        rows[target] = scipy.stats.binomtest(int(table.tp), int(table.tp + table.fp)).proportion_ci(method="wilson")
    assert rows[0.01].high < rows[0.5].low                     # precision intervals at the ends: disjoint


def test_the_cost_curves_sit_at_one_minus_b_over_two_and_the_logistic_regression_is_cheaper():
    nb = _notebook()
    nine_test = nb["nine_test"]
    curves_of = {"logistic": roc.roc_curve(nine_test, nb["tuned"].predict_proba(nb["x_test"])[:, 1])[:2],
                 "bayes": roc.roc_curve(nine_test, nb["bayes"])[:2]}
    for fpr, tpr in curves_of.values():
        _, at_half = curves.cost_curve(fpr, tpr, probability_cost=np.array([0.5]))
        assert np.isclose(at_half[0], (1 - np.max(tpr - fpr)) / 2)
    grid = np.linspace(0, 1, 201)
    logistic, bayes = (curves.cost_curve(*c, probability_cost=grid)[1] for c in curves_of.values())
    assert np.all(logistic <= bayes)                          # "at every operating condition"
