"""Exercises of notebook 02b (the F family: F, F_beta and G; exercises 1-3): right answers and common
mistakes, computed."""
from __future__ import annotations

import numpy as np

from ...measures import BinaryTable
from ..checker import Exercise, Mistake


def _table():
    """The notebook's informed classifier: TP 20, FP 10, FN 5, TN 65."""
    return BinaryTable(tp=20, fp=10, fn=5, tn=65)


EXERCISES = (
    Exercise(
        id="02b.1",
        asks="F2 of the table TP 20, FP 10, FN 5, TN 65 (a float)",
        answer=lambda: _table().f_measure(2),
        # 4 decimals shown in the notebook (0.7692); 3 suffice: 5e-4
        tolerance=5e-4,
        hints=("F_beta weights recall beta times as much as precision; beta = 2 favours recall.",
               "From counts: F_beta = (1 + beta^2) TP / ((1 + beta^2) TP + beta^2 FN + FP).",
               "(1 + 4) * 20 / ((1 + 4) * 20 + 4 * 5 + 10)."),
        mistakes=(
            Mistake(lambda: _table().f_measure(0.5),
                    "that is F0.5, which favours precision: beta = 2 puts beta^2 = 4 on the false negatives"),
            Mistake(lambda: _table().f1,
                    "that is F1: beta = 2 weights the false negatives by beta^2 = 4"),
            Mistake(lambda: _table().f_measure(np.sqrt(2)),
                    "beta enters squared: (1 + beta^2) TP / ((1 + beta^2) TP + beta^2 FN + FP), so 5 and 4, "
                    "not 3 and 2"),
        ),
        starter="answer_1 = ...  # F2",
    ),
    Exercise(
        id="02b.2",
        asks="(F1, G) of the table TP 20, FP 10, FN 5, TN 65, where G = sqrt(recall * precision): F1 <= G",
        answer=lambda: (_table().f1, _table().g_measure),
        # 3 decimals: 5e-4 (F1 = 0.7273 and G = 0.7303 differ by 6 times that)
        tolerance=5e-4,
        hints=("F1 is the harmonic mean of recall and precision, G their geometric mean.",
               "Write F1 = G^2 / A with A = (recall + precision)/2, the arithmetic mean; then A - G is "
               "(sqrt(recall) - sqrt(precision))^2 / 2.",
               "Here recall = 0.8 and precision = 2/3."),
        mistakes=(
            Mistake(lambda: (_table().f1, (_table().recall + _table().precision) / 2),
                    "the second value is the arithmetic mean A = (recall + precision)/2; "
                    "G is the geometric mean, sqrt(recall * precision)"),
        ),
        starter="answer_2 = ...  # (F1, G) of the table TP 20, FP 10, FN 5, TN 65",
    ),
    Exercise(
        id="02b.3",
        asks="the measure you report instead of F1 for the table TP 20, FP 10, FN 5, TN 65: B = recall - "
             "fallout, a float to 3 decimals; the defence is yours to write",
        answer=lambda: float(BinaryTable(tp=20, fp=10, fn=5, tn=65).informedness),
        # 3 decimals asked: half a unit of the third decimal
        tolerance=5e-4,
        hints=("Which cell of the table does F1 never use?",
               "B = recall - fallout = TP/(TP + FN) - FP/(FP + TN) uses all four cells.",
               "20/25 - 10/75."),
        mistakes=(
            Mistake(lambda: 40 / 55,
                    "that is F1 itself (2·20/(2·20 + 5 + 10)), which never looks at the 65 true negatives"),
            Mistake(lambda: 85 / 100,
                    "that is accuracy (20 + 65)/100; B = recall - fallout = 20/25 - 10/75"),
        ),
        starter="answer_3 = ...  # B of the table",
    ),
)
