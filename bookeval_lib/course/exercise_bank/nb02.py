"""Exercises of notebook 02 (recall, precision and their averages; exercise 1): right answers and common
mistakes, computed."""
from __future__ import annotations

from ...measures import BinaryTable
from ..checker import Exercise, Mistake


def _screen(prevalence, recall=0.9, fallout=0.05):
    """Exercise 1's screening test as a table of proportions at one prevalence."""
    return BinaryTable(tp=recall * prevalence, fn=(1 - recall) * prevalence,
                       fp=fallout * (1 - prevalence), tn=(1 - fallout) * (1 - prevalence))


_PREVALENCES = (0.01, 0.2)

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
)
