"""Exercises of notebook 00 (a model that loses to a guesser; exercises 1-3): right answers and mistakes, computed."""
from __future__ import annotations

from ...measures import BinaryTable
from ..checker import Exercise, Mistake

# the test half of the opening split: 106 malignant (positive) and 179 benign cases
_MALIGNANT, _BENIGN = 106, 179
_ALWAYS_BENIGN = BinaryTable(tp=0, fp=0, fn=_MALIGNANT, tn=_BENIGN)
_ALWAYS_MALIGNANT = BinaryTable(tp=_MALIGNANT, fp=_BENIGN, fn=0, tn=0)
# the two screening models of exercise 2, on the same half
_MODEL_A = BinaryTable(tp=10, fp=5, fn=96, tn=174)
_MODEL_B = BinaryTable(tp=95, fp=160, fn=11, tn=19)


# the model of exercise 3, whose report gives its accuracy only
_REPORTED = BinaryTable(tp=21, fp=12, fn=85, tn=167)


EXERCISES = (
    Exercise(
        id="00.1",
        asks="(accuracy of always benign, F1 of always malignant), as proportions",
        answer=lambda: (_ALWAYS_BENIGN.accuracy, _ALWAYS_MALIGNANT.f1),
        # 3 decimals asked: half a unit of the third decimal
        tolerance=5e-4,
        hints=("Always benign is right on every benign case and wrong on every malignant one.",
               "Accuracy = right calls / all cases. For always malignant, recall = 1 and precision = "
               "malignant / all cases; F1 = 2·precision·recall / (precision + recall) = 2TP / (2TP + FP + FN).",
               "Always benign: 179/285. Always malignant: TP = 106, FP = 179, FN = 0."),
        mistakes=(
            Mistake(lambda: (_ALWAYS_MALIGNANT.accuracy, _ALWAYS_MALIGNANT.f1),
                    "the first number is the accuracy of always malignant (106/285); the guesser that "
                    "always says benign is right on the 179 benign cases"),
            Mistake(lambda: (_ALWAYS_BENIGN.accuracy, _ALWAYS_MALIGNANT.precision),
                    "106/285 is the precision of always malignant, not its F1: its recall is 1, and F1 "
                    "is the harmonic mean of the two"),
        ),
        starter="answer_1 = ...  # (accuracy of always benign, F1 of always malignant)",
    ),
    Exercise(
        id="00.2",
        asks='the model that knows more about the cases, "A" or "B"',
        answer=lambda: "A" if _MODEL_A.recall - _MODEL_A.fallout > _MODEL_B.recall - _MODEL_B.fallout else "B",
        tolerance=0,
        hints=("Compute recall and fallout of both models, then recall - fallout.",
               "A guesser's recall equals its fallout, whatever it says; the further recall - fallout is "
               "above 0, the more the calls follow the real class.",
               "A: 10/106 - 5/179; B: 95/106 - 160/179."),
        mistakes=(
            Mistake(lambda: "B",
                    "B has the higher F1, but its recall (0.896) and its fallout (0.894) are nearly equal: "
                    "it calls almost every case malignant, like the constant guesser"),
        ),
        starter='answer_2 = ...  # "A" or "B"',
    ),
    Exercise(
        id="00.3",
        asks="B = recall - fallout of the reported model, a float to 3 decimals; the critique is yours to write",
        answer=lambda: _REPORTED.recall - _REPORTED.fallout,
        # 3 decimals asked: half a unit of the third decimal
        tolerance=5e-4,
        hints=("The report's accuracy counts right calls; B asks how many malignant cases are found and how "
               "many benign ones are flagged.",
               "Recall = TP/(TP + FN) over the 106 malignant cases; fallout = FP/(FP + TN) over the 179 benign.",
               "21/106 - 12/179."),
        mistakes=(
            Mistake(lambda: _REPORTED.accuracy,
                    "that is the accuracy the report gives (188/285); B = recall - fallout = 21/106 - 12/179"),
            Mistake(lambda: _REPORTED.recall,
                    "that is recall alone (21/106); subtract the fallout, 12/179"),
        ),
        starter="answer_3 = ...  # B of the reported model",
    ),
)
