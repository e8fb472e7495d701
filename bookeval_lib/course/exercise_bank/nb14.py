"""The checker's bank for notebook 14 (scores, thresholds and costs): exercises 14.1-14.3.

Right answers and known mistakes are computed with :mod:`bookeval_lib.curves`,
:mod:`bookeval_lib.metrics` and scikit-learn's models, on notebook 14's digits split, folds
and seeds (:func:`_halves`, shared with notebook 14b's bank).
"""
from __future__ import annotations

import functools

from ... import curves, metrics
from ...measures import BinaryTable
from ..checker import Exercise, Mistake

# 14.1 asks for 4 decimals (its value is a few hundredths): rounding moves a value by at most
# 5e-5; every known mistake below differs by more than 1e-3.
FOUR_DECIMALS = 5e-5


@functools.cache
def _halves():
    """Notebook 14's data: (x_train, x_test, nine_train, nine_test, folds)."""
    from sklearn.datasets import load_digits
    from sklearn.model_selection import StratifiedKFold, train_test_split

    x, y = load_digits(return_X_y=True)
    x_train, x_test, y_train, y_test = train_test_split(x, y, test_size=0.5, stratify=y,
                                                        random_state=0)
    folds = StratifiedKFold(5, shuffle=True, random_state=0)
    return x_train, x_test, (y_train == 9).astype(int), (y_test == 9).astype(int), folds


# ---------------------------------------------------------------------------- 14.1
@functools.cache
def _tuned_table():
    """The held-out table of the "is it a 9?" classifier tuned for costs 1 (alarm) and 5 (miss)."""
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import TunedThresholdClassifierCV
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    x_train, x_test, nine_train, nine_test, folds = _halves()
    costs = {"false_positive_cost": 1.0, "false_negative_cost": 5.0}
    logistic = make_pipeline(StandardScaler(), LogisticRegression(max_iter=1000))
    tuned = TunedThresholdClassifierCV(logistic, scoring=metrics.scorer("expected_cost", **costs),
                                       cv=folds, random_state=0, n_jobs=1).fit(x_train, nine_train)
    return BinaryTable.from_labels(nine_test, tuned.predict(x_test), pos_label=1)


def _precision_half_prevalence():
    """The prevalence pi at which precision = pi tpr/(pi tpr + (1 - pi) fpr) is 1/2, by bisection."""
    import scipy.optimize

    table = _tuned_table()
    return float(scipy.optimize.brentq(
        lambda pi: curves.precision_from_rates(table.fallout, table.recall, pi) - 0.5,
        1e-9, 1 - 1e-9, xtol=1e-14))


# ---------------------------------------------------------------------------- 14.2
# The vendor's nine-detector: precision 0.97 and recall 0.95 at prevalence 1/2; the office's prevalence 0.01.
VENDOR = {"precision": 0.97, "recall": 0.95, "prevalence": 0.5, "office": 0.01}
# 14.2 asks for 3 decimals: rounding moves a value by at most 5e-4; its known mistakes differ by more
# than 3e-3.
THREE_DECIMALS = 5e-4


def _vendor_fallout(fallout_from=None):
    """The fallout that gives the vendor's precision at its prevalence, from
    precision = pi tpr/(pi tpr + (1 - pi) fpr); ``fallout_from="one minus precision"`` is the mistake."""
    v = VENDOR
    if fallout_from == "one minus precision":
        return 1 - v["precision"]
    odds = v["prevalence"] / (1 - v["prevalence"])
    return odds * v["recall"] * (1 - v["precision"]) / v["precision"]


def _office_precision(prevalence=None, fallout_from=None):
    """The vendor's precision moved to ``prevalence`` (the office's by default) at the vendor's rates."""
    v = VENDOR
    at = v["office"] if prevalence is None else prevalence
    return float(curves.precision_from_rates(_vendor_fallout(fallout_from), v["recall"], at))


# ---------------------------------------------------------------------------- 14.3
# A miss costs 2 to 20 false alarms; the prevalence lies between 2 % and 10 %.
MISS_COSTS, PREVALENCES = (2.0, 20.0), (0.02, 0.10)


def _probability_cost_range(swapped=False, crossed=False):
    """(low, high) of PC(+) over the box of prevalences and miss costs; PC grows with both, so the ends
    pair the low prevalence with the low cost and the high with the high.  ``swapped`` puts the costs on
    the false alarm; ``crossed`` pairs the low prevalence with the high cost (the mistakes)."""
    costs = MISS_COSTS[::-1] if crossed else MISS_COSTS
    ends = []
    for prevalence, cost in zip(PREVALENCES, costs):
        if swapped:
            ends.append(curves.probability_cost(prevalence, false_positive_cost=cost,
                                                false_negative_cost=1.0))
        else:
            ends.append(curves.probability_cost(prevalence, false_positive_cost=1.0,
                                                false_negative_cost=cost))
    return (float(min(ends)), float(max(ends)))


EXERCISES = (
    Exercise(
        id="14.1",
        asks="the prevalence below which the tuned classifier's precision falls below 1/2, a float to "
             "4 decimals",
        answer=_precision_half_prevalence,
        tolerance=FOUR_DECIMALS,
        hints=(
            "Precision at prevalence pi, from the ROC point: pi·tpr/(pi·tpr + (1 - pi)·fpr); the "
            "rates do not change with pi.",
            "Precision = 1/2 means pi·tpr = (1 - pi)·fpr; solve for pi (sympy's solve does it), "
            "with tpr = full.recall and fpr = full.fallout.",
            "pi = fpr/(tpr + fpr); check that curves.precision_from_rates(fpr, tpr, pi) is 0.5.",
        ),
        mistakes=(
            Mistake(lambda: 1 - _precision_half_prevalence(),
                    "that is tpr/(tpr + fpr), the prevalence with the rates swapped; "
                    "pi·tpr = (1 - pi)·fpr gives pi = fpr/(tpr + fpr)"),
            Mistake(lambda: float(_tuned_table().fallout),
                    "that is the fallout; the prevalence solves pi·tpr = (1 - pi)·fpr, "
                    "pi = fpr/(tpr + fpr)"),
        ),
        starter="answer_1 = ...    # a prevalence",
    ),
    Exercise(
        id="14.2",
        asks="the share of nines among the digits the vendor's detector flags in your office, a float to "
             "3 decimals; which numbers carry over is yours to write",
        answer=_office_precision,
        tolerance=THREE_DECIMALS,
        hints=(
            "Precision moves with the prevalence; the rates recall and fallout do not. Find the vendor's "
            "fallout first.",
            "At prevalence 1/2, precision = tpr/(tpr + fpr): solve 0.97 = 0.95/(0.95 + fpr) for fpr.",
            "fpr = 0.95·0.03/0.97; then curves.precision_from_rates(fpr, 0.95, 0.01).",
        ),
        mistakes=(
            Mistake(lambda: VENDOR["precision"],
                    "that is the vendor's precision, at prevalence 1/2; precision moves with the "
                    "prevalence, so recompute it at 0.01 from the rates"),
            Mistake(lambda: _office_precision(fallout_from="one minus precision"),
                    "that takes the fallout as 1 - precision = 0.03; 1 - precision is the share of "
                    "false alarms among the flagged digits, not among the real negatives: at prevalence "
                    "1/2, fpr = tpr·(1 - precision)/precision"),
            Mistake(lambda: _office_precision(prevalence=1 - VENDOR["office"]),
                    "that is the precision at prevalence 0.99: the office sees one nine in a hundred, "
                    "prevalence 0.01"),
            Mistake(lambda: VENDOR["office"],
                    "that is the prevalence, the precision of a guesser; the detector does better, "
                    "because its fallout is far below its recall"),
        ),
        starter="answer_2 = ...    # a share of the flagged digits",
    ),
    Exercise(
        id="14.3",
        asks="(low, high): the range of the probability cost PC(+) over the office's conditions, two "
             "floats to 3 decimals; the recommendation is yours to write",
        answer=_probability_cost_range,
        tolerance=THREE_DECIMALS,
        hints=(
            "PC(+) = r_p c_p/(r_p c_p + r_n c_n), with the false alarm's cost c_n = 1 and the miss's c_p.",
            "PC(+) grows with the prevalence and with the cost of a miss: the ends of the range pair the "
            "lowest of both and the highest of both.",
            "curves.probability_cost(0.02, false_positive_cost=1, false_negative_cost=2) and the same "
            "with 0.10 and 20.",
        ),
        mistakes=(
            Mistake(lambda: _probability_cost_range(swapped=True),
                    "the costs are swapped: a miss (a false negative) costs 2 to 20 false alarms, so "
                    "false_negative_cost is 2 to 20 and false_positive_cost 1"),
            Mistake(lambda: _probability_cost_range(crossed=True),
                    "PC(+) grows with both the prevalence and the cost of a miss, so its ends pair the "
                    "lowest prevalence with the lowest cost and the highest with the highest"),
        ),
        starter="answer_3 = ...    # (low, high)",
    ),
)
