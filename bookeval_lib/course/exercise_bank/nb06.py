"""Exercises of notebook 06 (K-class Bookmaker; exercises 1-3): answers and common mistakes, computed."""
from __future__ import annotations

import numpy as np

from ...contingency import Contingency
from ..checker import Exercise, Mistake


def _table():
    """Exercise 1's table: rows = predictions p, q, r; columns = classes p, q, r."""
    return Contingency([[8, 2, 0], [2, 6, 2], [0, 2, 18]], labels="pqr", layout="powers")


def _independent():
    """Exercise 2's table: every row proportional to the column margin (0.5, 0.3, 0.2)."""
    return Contingency(np.outer([5, 30, 15], [0.5, 0.3, 0.2]), layout="powers")


def _per_label_and_b(table, per_label):
    return (*per_label, table.informedness)


_TRIAGE = ("routine", "urgent", "emergency")


def _triage():
    """Exercise 3's two triage classifiers on the same 100 patients (60 routine, 30 urgent, 10 emergency):
    rows = predictions, columns = classes, in the order of _TRIAGE."""
    x = Contingency([[57, 3, 6], [3, 27, 3], [0, 0, 1]], labels=_TRIAGE, layout="powers")
    y = Contingency([[48, 6, 1], [8, 20, 1], [4, 4, 8]], labels=_TRIAGE, layout="powers")
    return x, y


def _triage_answer():
    x, y = _triage()
    return (float(x.informedness), float(y.informedness), float(x.informedness_per_label[2]),
            float(y.informedness_per_label[2]), "Y")


def _triage_judge(answer):
    """None when answer = (B of X, B of Y, B(emergency) of X, B(emergency) of Y, "X" or "Y") is right; else
    why not (the mistakes a learner makes, named)."""
    try:
        *numbers, choice = answer
        numbers = [float(value) for value in numbers]
    except (TypeError, ValueError):
        return 'give four numbers and a name: (B of X, B of Y, B(emergency) of X, B(emergency) of Y, "X" or "Y")'
    if len(numbers) != 4 or not isinstance(choice, str):
        return 'give four numbers and a name: (B of X, B of Y, B(emergency) of X, B(emergency) of Y, "X" or "Y")'
    x, y = _triage()
    close = lambda given, right: abs(given - float(right)) <= 5e-4     # 3 decimals asked: 5e-4
    for given, table, name in ((numbers[0], x, "X"), (numbers[1], y, "Y")):
        if close(given, table.informedness_macro) and not close(given, table.informedness):
            return (f"your B of {name} is the plain mean of its B(l); Powers' B weights each B(l) by its bias, "
                    "the share of predictions that name the label")
        if close(given, table.accuracy):
            return f"your B of {name} is its accuracy; B is the bias-weighted mean of recall(l) - fallout(l)"
        if not close(given, table.informedness):
            return f"look again at B of {name}: B(l) = recall(l) - fallout(l), weighted by the row totals / 100"
    for given, table, name in ((numbers[2], x, "X"), (numbers[3], y, "Y")):
        if close(given, table.recall_per_label[2]) and not close(given, table.informedness_per_label[2]):
            return (f"your B(emergency) of {name} is its recall; B(emergency) subtracts the fallout, the "
                    "share of the 90 other patients sent to the emergency queue")
        if not close(given, table.informedness_per_label[2]):
            return (f"look again at B(emergency) of {name}: the emergency column holds 10 patients, the "
                    "other columns 90")
    if choice.strip().upper() == "X":
        return ("X has the larger B, but it finds 1 of the 10 emergencies: B is dominated by the labels "
                "predicted often, and the costly error here is an emergency sent to another queue")
    if choice.strip().upper() != "Y":
        return 'name the classifier you would deploy: "X" or "Y"'
    return None


EXERCISES = (
    Exercise(
        id="06.1",
        asks="(B(p), B(q), B(r), B) of the table",
        answer=lambda: _per_label_and_b(_table(), _table().informedness_per_label),
        # 4 decimals in the worked solution; 3 suffice: 5e-4
        tolerance=5e-4,
        hints=("Each label is its own two-class problem: l against the rest.",
               "B(l) = recall(l) - fallout(l), with recall over class l's column and fallout over the other "
               "columns; then B = sum over l of Pr(P = l) * B(l), weighted by the bias.",
               "B(p) = 8/10 - 2/30."),
        mistakes=(
            Mistake(lambda: (*_table().informedness_per_label, _table().informedness_macro),
                    "the plain mean of the B(l) weights every label alike; Powers' B weights each by its bias "
                    "Pr(P = l), the share of predictions it gets"),
            Mistake(lambda: _per_label_and_b(_table(), _table().recall_per_label),
                    "those are the recalls: B(l) subtracts the fallout, recall(l) - fallout(l)"),
        ),
        starter="answer_1 = ...  # (B(p), B(q), B(r), B)",
    ),
    Exercise(
        id="06.2",
        asks="the B(l) of each label of Contingency(np.outer([5, 30, 15], [0.5, 0.3, 0.2]), layout=\"powers\"), "
             "as three floats",
        answer=lambda: tuple(_independent().informedness_per_label),
        # exactly 0; recall and fallout are each a few ulps from the bias Pr_P(l) <= 1: 1e-9
        tolerance=1e-9,
        hints=("If the predictions are independent of the classes, a label is predicted as often within "
               "every class.",
               "With n(l, c) = n(P = l) Pr_R(c), recall(l) = n(l, l)/n(R = l) = Pr_P(l); compute the fallout "
               "the same way.",
               "recall(l) and fallout(l) are both Pr_P(l)."),
        mistakes=(
            Mistake(lambda: tuple(_independent().recall_per_label),
                    "those are the recalls, each the bias Pr_P(l); B(l) subtracts the fallout, which is the "
                    "same number"),
        ),
        starter=("answer_2 = ...  # (B(0), B(1), B(2)) of "
                 "Contingency(np.outer([5, 30, 15], [0.5, 0.3, 0.2]), layout=\"powers\")"),
    ),
    Exercise(
        id="06.3",
        asks='(B of X, B of Y, B(emergency) of X, B(emergency) of Y, the classifier to deploy, "X" or "Y"); '
             "the two sentences for the hospital are yours to write",
        answer=_triage_answer,
        # judged by _triage_judge, which reads the four numbers to 3 decimals (5e-4), as the shown answer is
        tolerance=5e-4,
        hints=("B(l) = recall(l) - fallout(l) for each label; B weights them by the row totals over 100.",
               "B(emergency) of X: 1 of the 10 emergencies is called one, and none of the 90 others; "
               "compare it with the B(emergency) of Y.",
               "One classifier has the larger B because it is good on the labels it predicts often; the "
               "other finds 8 of the 10 emergencies."),
        starter='answer_3 = ...  # (B of X, B of Y, B(emergency) of X, B(emergency) of Y, "X" or "Y")',
        judge=_triage_judge,
    ),
)
