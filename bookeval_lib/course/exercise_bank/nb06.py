"""Exercises of notebook 06 (K-class Bookmaker; exercises 1-2): answers and common mistakes, computed."""
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
)
