"""The checker's bank for notebook 13 (evaluating your own classifier): exercises 13.1-13.3.

13.1 asks for two tables with a property, and its judge checks it on the tables given; 13.3, an open task,
asks for the learner's own model and its B with an interval, and its judge recomputes them from that model.
Right answers and known mistakes are computed with :class:`bookeval_lib.BinaryTable` and scikit-learn, on
notebook 13's digits data and folds (same seeds), and for 13.3 on notebook 00's breast-cancer split.
"""
from __future__ import annotations

import functools

import numpy as np

from ...measures import BinaryTable
from ..checker import Exercise, Mistake

# 13.1 asks for two tables (judged by what they do) and 13.2 for a name: nothing to round.
EXACT = 0
# 13.3 asks for B and its interval to 3 decimals: half a unit of the third decimal.
THREE_DECIMALS = 5e-4


@functools.cache
def _digits():
    from sklearn.datasets import load_digits
    from sklearn.model_selection import StratifiedKFold

    x, y = load_digits(return_X_y=True)
    return x, y, StratifiedKFold(5, shuffle=True, random_state=0)


# ---------------------------------------------------------------------------- 13.1
def _macro_f1(table):
    """The mean of F1 of the positives and F1 of the negatives (the classes swapped)."""
    return (table.f1 + table.swap_classes().f1) / 2


def _as_table(value):
    if isinstance(value, BinaryTable):
        return value
    cells = np.asarray(value, dtype=float)            # Powers' [[tp, fp], [fn, tn]] or (tp, fp, fn, tn)
    if cells.size != 4:
        raise ValueError
    tp, fp, fn, tn = cells.ravel()
    return BinaryTable(tp=tp, fp=fp, fn=fn, tn=tn)


def _same_b_different_macro_f1(answer):
    """None when the two tables have the same informedness and different macro-F1; else why not."""
    if not isinstance(answer, (tuple, list)) or len(answer) != 2:
        return ("two tables are asked: (BinaryTable(...), BinaryTable(...)), or two [[tp, fp], [fn, tn]], "
                f"not a {type(answer).__name__}" + (f" of {len(answer)}" if isinstance(answer, (tuple, list)) else ""))
    try:
        first, second = (_as_table(table) for table in answer)
    except (TypeError, ValueError):
        return "each of the two must be a table: a BinaryTable, or Powers' [[tp, fp], [fn, tn]]"
    b = (float(first.informedness), float(second.informedness))
    f = (float(_macro_f1(first)), float(_macro_f1(second)))
    if not all(np.isfinite(b + f)):
        return "B or macro-F1 is undefined for one of the tables: give each real class and each prediction a case"
    # B and macro-F1 of count tables are ratios of small integers, exact to ~1e-16 in floats
    if abs(b[0] - b[1]) > 1e-9:
        return f"the two tables have different informedness, B = {b[0]:.4g} and {b[1]:.4g}: keep tpr - fpr the same"
    if abs(f[0] - f[1]) <= 1e-9:
        return (f"both tables have B = {b[0]:.4g} and the same macro-F1, {f[0]:.4g}: keep the rates and change "
                "the prevalence")
    return None


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


# ---------------------------------------------------------------------------- 13.3
def _worked_own_model():
    """The worked solution's model: 15-nearest neighbours, scaled, on two of the 30 measurements."""
    from sklearn.neighbors import KNeighborsClassifier
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    from ..opening import opening_model

    return opening_model(make_pipeline(StandardScaler(), KNeighborsClassifier(15)),
                         features=["worst radius", "worst concave points"])


def _report_total(model):
    """The weighted-avg row of bookmaker_report at 95 % for an OpeningModel's test predictions."""
    from ... import metrics

    report = metrics.bookmaker_report(model.y_true, model.y_pred, output_dict=True, confidence=0.95)
    assert isinstance(report, dict)
    return report["weighted avg"]


def _worked_own_answer():
    model = _worked_own_model()
    total = _report_total(model)
    return (model, (total["informedness"], *total["informedness_interval"]))


def _near(given, wanted):
    return all(abs(g - w) <= THREE_DECIMALS + 1e-12 for g, w in zip(given, wanted))


def _own_model_reported(answer):
    """None when answer is (an OpeningModel, (B, low, high)) with the model's B and 95 % interval; else why."""
    from ..opening import OpeningModel

    if not isinstance(answer, (tuple, list)) or len(answer) != 2:
        return "give two things, (yours, (B, low, high)): what opening_model returned, and three numbers"
    model, numbers = answer
    if not isinstance(model, OpeningModel):
        return ("the first item must be what opening_model(estimator, features=[...]) returned, not a "
                f"{type(model).__name__}")
    try:
        given = np.asarray(numbers, dtype=float).ravel()
    except (TypeError, ValueError):
        return "the second item must be three numbers, (B, low, high)"
    if given.size != 3 or not np.all(np.isfinite(given)):
        return "the second item must be three numbers, (B, low, high)"
    total = _report_total(model)
    b_wanted = (total["informedness"], *total["informedness_interval"])
    m_wanted = (total["markedness"], *total["markedness_interval"])
    if _near(given, b_wanted):
        return None
    if _near(given, m_wanted):
        return ("those are markedness M and its interval (precision + inverse precision - 1); the report's B "
                "is informedness, recall - fallout")
    if _near(given[:1], (model.table.accuracy,)):
        return (f"{given[0]:.3f} is your model's accuracy; B is recall - fallout, "
                "the informedness column of the weighted avg row")
    if _near(given[:1], b_wanted[:1]):
        return ("B is right, the interval not: take informedness_interval from bookmaker_report(y_true, y_pred, "
                "output_dict=True, confidence=0.95)['weighted avg']")
    return ("these are not your model's B and its 95 % interval: compute them from yours.y_true and "
            "yours.y_pred with bookmaker_report(..., confidence=0.95)")


_NOT_CORRECTED = ("macro-F1 is not corrected for chance: the named class has recall 1 and precision about 0.1, "
                  "so its F1 is about 0.18 and macro-F1 about 0.02")


EXERCISES = (
    Exercise(
        id="13.1",
        asks="two 2 x 2 tables with the same B but different macro-F1",
        # the worked solution's pair (one answer of many): tpr 0.8, fpr 0.2 at prevalence 0.5 and 0.1
        answer=lambda: (BinaryTable(tp=40, fp=10, fn=10, tn=40), BinaryTable(tp=8, fp=18, fn=2, tn=72)),
        tolerance=EXACT,
        hints=(
            "B = tpr - fpr does not depend on the prevalence; precision does.",
            "Keep tpr = 0.8 and fpr = 0.2 and change how many real positives there are; macro-F1 "
            "is the mean of F1 of the positives and F1 of the negatives (table.swap_classes().f1).",
            "Compare BinaryTable(tp=40, fp=10, fn=10, tn=40) with a table of 10 positives in 100 "
            "cases and the same two rates.",
        ),
        starter="answer_1 = (..., ...)    # two tables: (BinaryTable(tp=..., fp=..., fn=..., tn=...), BinaryTable(...))",
        judge=_same_b_different_macro_f1,
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
    Exercise(
        id="13.3",
        asks="(yours, (B, low, high)): your own model from opening_model, and its B with the 95 % interval of "
             "bookmaker_report, to 3 decimals; the report is yours to write",
        answer=_worked_own_answer,
        tolerance=THREE_DECIMALS,
        hints=(
            "yours = opening_model(make_pipeline(StandardScaler(), SomeClassifier()), features=[...]), with "
            "names from load_breast_cancer().feature_names.",
            "bookmaker_report(yours.y_true, yours.y_pred, output_dict=True, confidence=0.95)['weighted avg'] "
            "holds 'informedness' and 'informedness_interval'.",
            "yours.tables() gives your model's 2 x 2 table and the two guessers', each with .informedness "
            "and .accuracy, for the report's other lines.",
        ),
        starter="answer_3 = (..., (..., ..., ...))    # (yours, (B, low, high)), the three numbers to 3 decimals",
        judge=_own_model_reported,
    ),
)
