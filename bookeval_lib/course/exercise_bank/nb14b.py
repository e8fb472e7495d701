"""The checker's bank for notebook 14b (judging probabilities): exercises 14b.1-14b.3.

Right answers and known mistakes are computed with :mod:`bookeval_lib.metrics`,
:mod:`bookeval_lib.proper_scores` and
scikit-learn's models, on notebook 14's digits split, folds and seeds (shared with
:mod:`.nb14`).
"""
from __future__ import annotations

import functools

import numpy as np

from ... import metrics
from ...proper_scores import compare_proper_scores
from ..checker import Exercise, Mistake
from .nb14 import _halves

# 14b.1 asks for 4 decimals (its limits are a few hundredths): rounding moves a value by at most
# 5e-5; every known mistake below differs by more than 1e-3.
FOUR_DECIMALS = 5e-5
# 14b.3 asks for a mean of B per fold to 3 decimals: 5e-4.
THREE_DECIMALS = 5e-4


# ---------------------------------------------------------------------------- 14b.1
@functools.cache
def _probabilities():
    """Test-half P(9) of the calibrated and plain naive Bayes and of the prior guesser."""
    from sklearn.calibration import CalibratedClassifierCV
    from sklearn.dummy import DummyClassifier
    from sklearn.naive_bayes import GaussianNB

    x_train, x_test, nine_train, _, folds = _halves()
    models = {"calibrated": CalibratedClassifierCV(GaussianNB(), method="sigmoid", cv=folds),
              "naive Bayes": GaussianNB(), "guesser": DummyClassifier(strategy="prior")}
    return {name: model.fit(x_train, nine_train).predict_proba(x_test)[:, 1]
            for name, model in models.items()}


def _brier_interval(a, b):
    """95 % paired t interval of the mean per-case Brier loss of a minus that of b."""
    low, high = compare_proper_scores(_halves()[3], _probabilities()[a], _probabilities()[b]).difference
    return (float(low), float(high))


# ---------------------------------------------------------------------------- 14b.2
def _better(by):
    """Which of naive Bayes and the prior guesser is better on the test half, by "AUC" (higher) or by
    "Brier" (lower)."""
    from sklearn.metrics import roc_auc_score

    from ...proper_scores import brier_score

    nine_test, q = _halves()[3], _probabilities()
    if by == "AUC":
        return max(("naive Bayes", "guesser"), key=lambda name: roc_auc_score(nine_test, q[name]))
    return min(("naive Bayes", "guesser"), key=lambda name: brier_score(nine_test, q[name]))


# ---------------------------------------------------------------------------- 14b.3
@functools.cache
def _wine_guesser():
    """Per-fold B and accuracy of the most-frequent guesser on the wine data, as in the notebook."""
    from sklearn.datasets import load_wine
    from sklearn.dummy import DummyClassifier
    from sklearn.model_selection import StratifiedKFold, cross_validate

    x, y = load_wine(return_X_y=True)
    run = cross_validate(DummyClassifier(strategy="most_frequent"), x, y,
                         cv=StratifiedKFold(5, shuffle=True, random_state=0),
                         scoring={"B": metrics.scorer("informedness"), "accuracy": "accuracy"})
    return {"B": float(np.mean(run["test_B"])), "accuracy": float(np.mean(run["test_accuracy"]))}


EXERCISES = (
    Exercise(
        id="14b.1",
        asks="(low, high): the 95 % paired interval of the calibrated model's Brier score minus the "
             "guesser's, two floats to 4 decimals",
        answer=lambda: _brier_interval("calibrated", "guesser"),
        tolerance=FOUR_DECIMALS,
        hints=(
            "Paired: both models score the same test cases, so take the difference case by case "
            "and then its mean.",
            "The per-case Brier loss is (q - y)^2; compare_proper_scores(nine_test, q_cal, "
            "probability['guesser (prior)']).difference is the interval of the differences' mean.",
            "A negative interval means the calibrated model has the lower (better) Brier score.",
        ),
        mistakes=(
            Mistake(lambda: _brier_interval("guesser", "calibrated"),
                    "that is the guesser's Brier score minus the model's; the model's minus the "
                    "guesser's is asked (negative when the model is better)"),
            Mistake(lambda: _brier_interval("naive Bayes", "guesser"),
                    "that is the interval of naive Bayes before calibration; fit "
                    "CalibratedClassifierCV(GaussianNB(), method='sigmoid', cv=folds) first"),
        ),
        starter="answer_1 = ...    # (low, high)",
    ),
    Exercise(
        id="14b.2",
        asks='(the submission for the desk, the submission for the form), each "naive Bayes" or '
             '"guesser"; the measure behind each and what the leaderboard hides are yours to write',
        answer=lambda: (_better("AUC"), _better("Brier")),
        tolerance=0,
        hints=(
            "The desk uses only the order of the cases; the form shows each number itself.",
            "A measure of the order (the AUC) serves the desk; a proper scoring rule (the Brier "
            "score or log loss) judges the numbers the form shows. Read both off the table.",
            "Naive Bayes has the higher AUC; the guesser the lower (better) Brier score.",
        ),
        mistakes=(
            Mistake(lambda: (_better("AUC"), _better("AUC")),
                    "a high AUC says the order is good, not that the numbers are: naive Bayes says "
                    "'certainly a 9' for many digits of which about a quarter are nines, and its Brier "
                    "score is worse than the guesser's. The form shows the numbers"),
            Mistake(lambda: (_better("Brier"), _better("Brier")),
                    "the guesser gives every digit the same probability, so it puts no digit before "
                    "another: the desk's 100 digits would be a random draw. The desk needs the order, "
                    "which the AUC judges"),
            Mistake(lambda: (_better("Brier"), _better("AUC")),
                    "the two are swapped: the desk needs the order (AUC, naive Bayes), the form needs "
                    "calibrated numbers (Brier score, the guesser)"),
        ),
        starter='answer_2 = ...  # ("submission for the desk", "submission for the form")',
    ),
    Exercise(
        id="14b.3",
        asks="the most-frequent guesser's mean B over the folds (on your data or the wine data), a "
             "float to 3 decimals; the report and the number for the abstract are yours to write",
        answer=lambda: _wine_guesser()["B"],
        tolerance=THREE_DECIMALS,
        hints=(
            "The cell prints it: look at the guesser's line of per_fold.",
            "A guesser that names the same class for every case finds all of that class and none "
            "of the others: what are its recall and fallout for each label?",
            "For the named class recall = fallout = 1, for the others both are 0; every B(l) is 0, "
            "whatever the data.",
        ),
        mistakes=(
            Mistake(lambda: _wine_guesser()["accuracy"],
                    "that is the guesser's accuracy, the share of the most frequent class; its "
                    "informedness is 0 on any data"),
        ),
        starter="answer_3 = ...    # the guesser's mean B",
    ),
)
