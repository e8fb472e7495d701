"""The checker's bank for notebook 15 (subgroups, leakage and shift): exercises 15.1-15.3.

Right answers and known mistakes are computed with :func:`bookeval_lib.compare_groups` and scikit-learn, on
notebook 15's diabetes split, model, noise experiment and seeds.
"""
from __future__ import annotations

import functools

import numpy as np

from ...groups import compare_groups
from ..checker import Exercise, Mistake

# 15.1 and 15.3 ask for 3 decimals: rounding moves a value by at most 5e-4; every known mistake below
# differs from the answer by more than 0.01.  15.2 asks for a name: nothing to round.
THREE_DECIMALS = 5e-4
EXACT = 0


@functools.cache
def _test_half():
    """(x, y_test, predicted, x_test, sex_test) of notebook 15: progression above 140, a seeded half."""
    from sklearn.datasets import load_diabetes
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import train_test_split
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    diabetes = load_diabetes(scaled=False)
    x = diabetes.data
    y = (diabetes.target > 140).astype(int)
    sex = x[:, diabetes.feature_names.index("sex")]
    x_train, x_test, y_train, y_test, _, sex_test = train_test_split(x, y, sex, test_size=0.5, stratify=y,
                                                                     random_state=0)
    model = make_pipeline(StandardScaler(), LogisticRegression()).fit(x_train, y_train)
    return x, y_test, model.predict(x_test), x_test, sex_test


# ---------------------------------------------------------------------------- 15.1
def _by_sex():
    x, y_test, predicted, _, sex_test = _test_half()
    return compare_groups(y_test, predicted, np.where(sex_test == 1, "sex 1", "sex 2"))


def _triple(interval, sign=1.0):
    estimate, low, high = (float(v) for v in (interval.estimate, interval.low, interval.high))
    return (estimate, low, high) if sign > 0 else (-estimate, -high, -low)


def _wald_fallout_gap():
    """The plain Wald interval of fpr_1 - fpr_2 (no success or failure added)."""
    one, two = _by_sex().tables
    p1, p2 = one.fp / one.real_negatives, two.fp / two.real_negatives
    half = 1.959963984540054 * np.sqrt(p1 * (1 - p1) / one.real_negatives + p2 * (1 - p2) / two.real_negatives)
    return (float(p1 - p2), float(p1 - p2 - half), float(p1 - p2 + half))


# ---------------------------------------------------------------------------- 15.2
@functools.cache
def _leaks():
    """The one of "scaling" and "selection" that, fitted on all cases, gives noise a mean B far above 0."""
    from sklearn.feature_selection import SelectKBest, f_classif
    from sklearn.linear_model import LogisticRegression
    from sklearn.preprocessing import StandardScaler

    from ..leakage import noise_cv_informedness

    means = {name: [noise_cv_informedness(seed, LogisticRegression(), step()) for seed in range(20)]
             for name, step in (("scaling", StandardScaler), ("selection", lambda: SelectKBest(f_classif, k=20)))}
    # 3 standard errors of the mean over the 20 seeds: a step that does not leak stays inside
    leaking = [name for name, values in means.items()
               if np.mean(values) > 3 * np.std(values, ddof=1) / np.sqrt(len(values))]
    assert len(leaking) == 1
    return leaking[0]


# ---------------------------------------------------------------------------- 15.3
def _by_age():
    x, y_test, predicted, x_test, _ = _test_half()
    older = x_test[:, 0] > np.median(x[:, 0])
    return compare_groups(y_test, predicted, np.where(older, "older", "younger"))


_NOT_THE_LABELS = ("scaling fitted on all cases uses the features only, never the labels: it cannot tell the "
                   "test folds anything about their labels, and its mean B stays within noise of 0")

EXERCISES = (
    Exercise(
        id="15.1",
        asks="(estimate, low, high): the gap of fallout, sex 1 minus sex 2, with its 95 % Agresti–Caffo "
             "interval, three floats to 3 decimals",
        answer=lambda: _triple(_by_sex().fallout_difference),
        tolerance=THREE_DECIMALS,
        hints=(
            "Fallout is FP/RN, computed within each group's real negatives.",
            "compare_groups(y_test, predicted, groups) has it: its fallout_difference.",
            "Agresti–Caffo adds one success and one failure to each group: (FP + 1)/(RN + 2).",
        ),
        mistakes=(
            Mistake(lambda: _triple(_by_sex().fallout_difference, sign=-1.0),
                    "that is sex 2 minus sex 1; the gap asked is sex 1 minus sex 2 (negative here)"),
            Mistake(lambda: _triple(_by_sex().recall_difference),
                    "that is the gap of recall (TP/RP); fallout is FP/RN, the false alarms among the "
                    "real negatives"),
            Mistake(_wald_fallout_gap,
                    "that is the plain Wald interval; Agresti–Caffo adds one success and one failure to "
                    "each group before computing it"),
        ),
        starter="answer_1 = ...    # (estimate, low, high)",
    ),
    Exercise(
        id="15.2",
        asks='the step, "scaling" or "selection", that makes noise look informed when it is fitted on all '
             'the cases before cross-validation',
        answer=_leaks,
        tolerance=EXACT,
        hints=(
            "noise_cv(seed, LogisticRegression(), StandardScaler()) fits the scaler on all 100 cases "
            "before the folds; average it over the 20 seeds and compare with the selection's mean.",
            "Which of the two steps looks at the labels when it is fitted?",
            "A step that never sees the labels cannot teach the test folds about them.",
        ),
        mistakes=(
            Mistake(lambda: "scaling", _NOT_THE_LABELS),
            Mistake(lambda: "both", "only one of them uses the labels: " + _NOT_THE_LABELS),
        ),
        starter='answer_2 = ...    # "scaling" or "selection"',
    ),
    Exercise(
        id="15.3",
        asks="the gap of B, older minus younger (age above the median of all 442 patients), on the test half, "
             "a float to 3 decimals; the audit itself is yours to write",
        answer=lambda: float(_by_age().informedness_difference.estimate),
        tolerance=THREE_DECIMALS,
        hints=(
            "Group the test half by x_test[:, 0] > np.median(x[:, 0]).",
            "compare_groups(y_test, predicted, age_groups) sorts the groups: 'older' comes before 'younger'.",
            "The gap of B is the informedness_difference's estimate: B of the older minus B of the younger.",
        ),
        mistakes=(
            Mistake(lambda: -float(_by_age().informedness_difference.estimate),
                    "that is younger minus older; the gap asked is older minus younger"),
            Mistake(lambda: float(_by_age().recall_difference.estimate),
                    "that is the gap of recall alone; B = recall - fallout, so subtract the gap of fallout"),
        ),
        starter="answer_3 = ...    # the gap of B, older minus younger",
    ),
)
