"""The checker's bank for notebook 13 (evaluating your own classifier): exercises 13.1-13.2.

Right answers and known mistakes are computed with :class:`bookeval_lib.BinaryTable` and scikit-learn, on
notebook 13's digits data and folds (same seeds).
"""
from __future__ import annotations

import functools

import numpy as np

from ...measures import BinaryTable
from ..checker import Exercise, Mistake

# 13.1 asks for True or False and 13.2 for a name: nothing to round.
EXACT = 0


@functools.cache
def _digits():
    from sklearn.datasets import load_digits
    from sklearn.model_selection import StratifiedKFold

    x, y = load_digits(return_X_y=True)
    return x, y, StratifiedKFold(5, shuffle=True, random_state=0)


# ---------------------------------------------------------------------------- 13.1
def _macro_f1_follows_informedness():
    """Whether tables with the same B (tpr 0.8, fpr 0.2) share one macro-F1 at every prevalence."""
    prevalence = np.linspace(0.05, 0.95, 19)
    tables = BinaryTable(tp=0.8 * prevalence, fn=0.2 * prevalence,
                         fp=0.2 * (1 - prevalence), tn=0.8 * (1 - prevalence))
    assert np.allclose(tables.informedness, 0.6)
    macro_f1 = (tables.f1 + tables.swap_classes().f1) / 2
    # macro-F1 values are O(1); a spread above 1e-9 is far beyond rounding in floats (1e-16)
    return bool(np.ptp(macro_f1) < 1e-9)


# ---------------------------------------------------------------------------- 13.2
def _exactly_zero_for_the_most_frequent_guesser():
    """The one of ABA and macro-F1 that scores the most-frequent guesser 0 on every fold."""
    from sklearn import metrics as skm
    from sklearn.dummy import DummyClassifier
    from sklearn.model_selection import cross_validate

    x, y, folds = _digits()
    scoring = {"ABA": skm.make_scorer(skm.balanced_accuracy_score, adjusted=True),
               "macro-F1": skm.make_scorer(skm.f1_score, average="macro", zero_division=0)}
    run = cross_validate(DummyClassifier(strategy="most_frequent"), x, y, cv=folds, scoring=scoring)
    zero = [name for name in scoring if np.all(run[f"test_{name}"] == 0)]
    assert len(zero) == 1
    return zero[0]


_NOT_CORRECTED = ("macro-F1 is not corrected for chance: the named class has recall 1 and precision about 0.1, "
                  "so its F1 is about 0.18 and macro-F1 about 0.02")


EXERCISES = (
    Exercise(
        id="13.1",
        asks="True or False: for two classes, tables with the same B always have the same macro-F1 "
             "(find your two tables first)",
        answer=_macro_f1_follows_informedness,
        tolerance=EXACT,
        hints=(
            "B = tpr - fpr does not depend on the prevalence; precision does.",
            "Keep tpr = 0.8 and fpr = 0.2 and change how many real positives there are; macro-F1 "
            "is the mean of F1 of the positives and F1 of the negatives (table.swap_classes().f1).",
            "Compare BinaryTable(tp=40, fp=10, fn=10, tn=40) with a table of 10 positives in 100 "
            "cases and the same two rates.",
        ),
        mistakes=(
            Mistake(lambda: not _macro_f1_follows_informedness(),
                    "macro-F1 is not a function of B: keep tpr and fpr (so B) and lower the "
                    "prevalence, and the precision of the positives falls, and with it macro-F1"),
        ),
        starter="answer_1 = ...    # True or False",
    ),
    Exercise(
        id="13.2",
        asks='the measure, "ABA" or "macro-F1", that gives the most-frequent guesser exactly 0',
        answer=_exactly_zero_for_the_most_frequent_guesser,
        tolerance=EXACT,
        hints=(
            "Score the guesser per fold with skm.make_scorer(skm.balanced_accuracy_score, "
            "adjusted=True) and with macro-F1.",
            "The most-frequent guesser has recall 1 for the class it names and 0 for the others: "
            "which measure is corrected for chance?",
            "ABA maps a mean recall of 1/K to 0; F1 of the named class is about 2·0.1/1.1.",
        ),
        mistakes=(Mistake(lambda: "macro-F1", _NOT_CORRECTED), Mistake(lambda: "macro F1", _NOT_CORRECTED)),
        starter='answer_2 = ...    # "ABA" or "macro-F1"',
    ),
)
