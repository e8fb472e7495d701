"""Exercises of notebook 03 (informedness and markedness): right answers and common mistakes, computed."""
from __future__ import annotations


from ...measures import BinaryTable
from ..checker import Exercise, Mistake


def _tagger():
    """The informed tagger of notebook 01b: TP 85, FP 3, FN 5, TN 7."""
    return BinaryTable(tp=85, fp=3, fn=5, tn=7)


EXERCISES = (
    Exercise(
        id="03.1",
        asks="(informedness, markedness, correlation) of the tagger TP 85, FP 3, FN 5, TN 7",
        answer=lambda: (_tagger().informedness, _tagger().markedness, _tagger().matthews_correlation),
        # 4 decimals in the worked solution; 3 suffice: 5e-4
        tolerance=5e-4,
        hints=("Informedness looks down the columns (real classes), markedness along the rows "
               "(predictions).",
               "B = tp/rp + tn/rn - 1 and M = tp/pp + tn/pn - 1, with RP = 90, RN = 10, PP = 88, PN = 12; "
               "the correlation is their geometric mean, with their common sign.",
               "B = 85/90 + 7/10 - 1."),
        mistakes=(
            Mistake(lambda: (_tagger().informedness, _tagger().markedness,
                             (_tagger().informedness + _tagger().markedness) / 2),
                    "the correlation is the geometric mean sqrt(B * M), not the arithmetic mean (B + M)/2"),
        ),
        starter="answer_1 = ...  # (informedness, markedness, correlation)",
    ),
    Exercise(
        id="03.2",
        asks="the informedness of a test with sensitivity 0.80 and specificity 0.65",
        answer=lambda: BinaryTable(tp=80, fn=20, fp=35, tn=65).informedness,
        # 2 decimals asked: 5e-3
        tolerance=5e-3,
        hints=("Sensitivity is recall (tpr) and specificity is inverse recall (tnr).",
               "Informedness is recall + inverse recall - 1, which medicine calls Youden's J.",
               "0.80 + 0.65 - 1."),
        mistakes=(
            Mistake(lambda: (0.80 + 0.65) / 2,
                    "that is the balanced accuracy, (tpr + tnr)/2, which puts a guess at 1/2: rescale it so "
                    "that a guess scores 0, or use tpr + tnr - 1"),
            Mistake(lambda: 0.80 - 0.65,
                    "specificity is the true negative rate, not the fallout: fallout = 1 - specificity = 0.35, "
                    "and informedness = tpr - fpr"),
        ),
        starter="answer_2 = ...  # informedness, a number",
    ),
)
