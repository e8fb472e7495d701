"""Exercises of notebook 02 (recall, precision and their averages; exercises 1-3): right answers and common
mistakes, computed."""
from __future__ import annotations

from ...measures import BinaryTable
from ..checker import Exercise, Mistake


_PREVALENCES = (0.01, 0.2)


def _screen(prevalence):
    """Exercise 1's screening test (recall 0.9, fallout 0.05) in a population, as proportions."""
    return BinaryTable(tp=0.9 * prevalence, fn=0.1 * prevalence, fp=0.05 * (1 - prevalence),
                       tn=0.95 * (1 - prevalence))


EXERCISES = (
    Exercise(
        id="02.1",
        asks="(precision at prevalence 1 %, precision at prevalence 20 %), as proportions",
        answer=lambda: tuple(_screen(p).precision for p in _PREVALENCES),
        # 3 decimals, as the worked solution gives them (0.154, 0.818): 5e-4
        tolerance=5e-4,
        hints=("Recall and fallout describe the test; precision also depends on how many of those tested "
               "are positive.",
               "Per person tested: TP = recall * rp and FP = fallout * (1 - rp); precision = TP/(TP + FP).",
               "At rp = 0.01: 0.009 / (0.009 + 0.05 * 0.99)."),
        mistakes=(
            Mistake(lambda: tuple(BinaryTable(tp=0.9 * p, fn=0.1 * p, fp=0.05, tn=0.95).precision
                                  for p in _PREVALENCES),
                    "the false positives come from the negatives only: FP = fallout * (1 - rp), "
                    "not the fallout itself"),
            Mistake(lambda: tuple(_screen(p).recall for p in _PREVALENCES),
                    "that is the recall, which the prevalence does not move: precision = TP/(TP + FP)"),
        ),
        starter="answer_1 = ...  # (precision at 1 %, precision at 20 %)",
    ),
    Exercise(
        id="02.2",
        asks="(precision at a prevalence of 5 %, B = recall - fallout of the test), two floats to 3 decimals",
        answer=lambda: (float(_screen(0.05).precision), float(_screen(0.05).informedness)),
        # 3 decimals asked: half a unit of the third decimal
        tolerance=5e-4,
        hints=("Precision depends on the population; recall and fallout belong to the test.",
               "precision = 0.9·rp/(0.9·rp + 0.05·rn) with rp = 0.05; B = recall - fallout.",
               "0.045/(0.045 + 0.0475); 0.9 - 0.05."),
        mistakes=(
            Mistake(lambda: (0.9, float(_screen(0.05).informedness)),
                    "0.9 is the recall, the share of the ill who test positive; precision is the share of "
                    "those who test positive who are ill"),
            Mistake(lambda: (float(_screen(0.05).precision), 0.9),
                    "0.9 is the recall alone; B = recall - fallout = 0.9 - 0.05"),
        ),
        starter="answer_2 = ...  # (precision at 5 %, B)",
    ),
    Exercise(
        id="02.3",
        asks='(the measure for the patient, the measure for the regulator), two of "recall", "precision", '
             '"fallout", "accuracy", "recall - fallout"; the defence is yours to write',
        answer=lambda: ("precision", "recall - fallout"),
        tolerance=0,
        hints=("The patient asks about the people who test positive where she lives; the regulator about the "
               "test, wherever it is used.",
               "Which measure moved with the prevalence in exercises 1 and 2, and which did not?",
               "Precision is the share of positives who are ill, here; recall - fallout does not depend on "
               "the prevalence."),
        mistakes=(
            Mistake(lambda: ("recall", "recall - fallout"),
                    "recall is the share of the ill who test positive; the patient has tested positive and "
                    "asks the reverse: the share of positives who are ill, the precision"),
            Mistake(lambda: ("precision", "accuracy"),
                    "accuracy moves with the prevalence (0.05·0.9 + 0.95·0.95 = 0.9475 at 5 %): at a low "
                    "prevalence it is mostly the healthy tested negative; the regulator needs a number of "
                    "the test alone"),
            Mistake(lambda: ("precision", "recall"),
                    "recall alone says nothing of the false alarms: a test that calls everyone ill has "
                    "recall 1; recall - fallout counts both"),
        ),
        starter='answer_3 = ...  # ("measure for the patient", "measure for the regulator")',
    ),
)
