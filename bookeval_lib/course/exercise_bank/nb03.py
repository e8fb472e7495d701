"""Exercises of notebook 03 (informedness and markedness): right answers and common mistakes, computed."""
from __future__ import annotations

import numpy as np

from ...betting import mixed_binary_table
from ...measures import BinaryTable
from ..checker import Exercise, Mistake
from ._sweep import best_bias, highest_feasible_bias


def _tagger():
    """The informed tagger of notebook 01: TP 85, FP 3, FN 5, TN 7."""
    return BinaryTable(tp=85, fp=3, fn=5, tn=7)


def _equal_errors():
    """A table with FP = FN (bias = prevalence): TP 30, FP 10, FN 10, TN 50."""
    return BinaryTable(tp=30, fp=10, fn=10, tn=50)


def _at(bias):
    """Exercise 3's classifier: informedness 0.5 at prevalence 0.2."""
    return BinaryTable.from_rates(prevalence=0.2, bias=bias, informedness=0.5)


def _recalls_and_precisions(low, high):
    return (low.recall, high.recall, low.precision, high.precision)


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
        asks="the common value of informedness, markedness and correlation of TP 30, FP 10, FN 10, TN 50 "
             "(FP = FN), a float",
        answer=lambda: _equal_errors().informedness,
        # 3 decimals: 5e-4
        tolerance=5e-4,
        hints=("With FP = FN the bias equals the prevalence, so rp * rn = pp * pn.",
               "Informedness and markedness are both (TP*TN - FP*FN) divided by a product of margins; "
               "here the two products are equal, and so is the correlation's square root of their product.",
               "Compute (tp*tn - fp*fn)/(rp*rn) with proportions: (0.3*0.5 - 0.01)/(0.4*0.6)."),
        mistakes=(
            Mistake(lambda: _equal_errors().accuracy,
                    "that is accuracy, which is not corrected for chance; B = recall + inverse recall - 1"),
            Mistake(lambda: _equal_errors().recall,
                    "that is recall: informedness subtracts the fallout, B = recall - fallout"),
        ),
        starter="answer_2 = ...  # the common value of B, M and the correlation at TP 30, FP 10, FN 10, TN 50",
    ),
    Exercise(
        id="03.3",
        asks="(recall at bias 0.2, recall at bias 0.5, precision at bias 0.2, precision at bias 0.5)",
        answer=lambda: _recalls_and_precisions(_at(0.2), _at(0.5)),
        # exact to 2 decimals (0.6, 0.9, 0.6, 0.36); 5e-4 accepts 3 decimals
        tolerance=5e-4,
        hints=("At fixed informedness, recall grows with the bias: Powers 2008's eq. 13.",
               "recall = B * (1 - rp) + bias, and precision = tp/pp = recall * rp / bias.",
               "recall = 0.5 * 0.8 + bias."),
        mistakes=(
            Mistake(lambda: (_at(0.2).recall, _at(0.5).recall,
                             _at(0.2).recall * 0.2 / 0.2, _at(0.5).recall * 0.5 / 0.2),
                    "precision is upside down: precision = tp/pp = recall * rp / pp, and a precision "
                    "above 1 is impossible"),
            Mistake(lambda: (_at(0.2).recall, _at(0.5).recall, _at(0.2).precision, _at(0.2).precision),
                    "precision moves with the bias too: recompute it at bias 0.5, recall * rp / pp"),
        ),
        starter="answer_3 = ...  # (recall at 0.2, recall at 0.5, precision at 0.2, precision at 0.5)",
    ),
    Exercise(
        id="03.4",
        asks="the expected BinaryTable out of 1000 cases",
        answer=lambda: mixed_binary_table(0.2, 0.6, 0.3, total=1000),
        # counts that come out whole (144, 56, 336, 464): exact, up to the checker's rounding slack
        tolerance=0,
        hints=("Each case is decided by the informed rule with probability q and by the guess otherwise.",
               "Positives: TP = N rp (q + (1 - q) g). Negatives: only the uninformed (1 - q) share guesses "
               "\"+\", so FP = N rn (1 - q) g.",
               "TP = 1000 * 0.2 * (0.3 + 0.7 * 0.6)."),
        mistakes=(
            Mistake(lambda: BinaryTable(tp=1000 * 0.2 * (0.3 + 0.7 * 0.6), fn=1000 * 0.2 * 0.7 * 0.4,
                                        fp=1000 * 0.8 * 0.6, tn=1000 * 0.8 * 0.4),
                    "the informed decisions answer the negatives right as well: only the uninformed "
                    "(1 - q) share of them guesses, FP = N rn (1 - q) g"),
            Mistake(lambda: mixed_binary_table(0.2, 0.6, 0.0, total=1000),
                    "that is the pure guesser: mix in the informed decisions with probability q = 0.3"),
        ),
        starter="answer_4 = ...  # BinaryTable(tp=..., fp=..., fn=..., tn=...)",
    ),
    Exercise(
        id="03.5",
        asks="(bias maximising F1 at prevalence 0.3 and informedness 0.3, the same at prevalence 0.1 "
             "and informedness 0.6)",
        answer=lambda: (best_bias(0.3, 0.3, "f1", 10_001), best_bias(0.1, 0.6, "f1", 10_001)),
        # 2 decimals asked (0.79, 0.06): 5e-3; the grid of step 1e-4 is well inside that
        tolerance=5e-3,
        hints=("At fixed informedness F1 moves in one direction with the bias, so its maximum lies at an "
               "end of the feasible range of bias.",
               "dF1/dpp has the sign of rp - B * rn. The feasible bias runs from rp * B (no false positives) "
               "to 1 - rn * B (no false negatives).",
               "At prevalence 0.3: 0.3 - 0.3 * 0.7 > 0, so F1 rises to the highest feasible bias."),
        mistakes=(
            Mistake(lambda: (highest_feasible_bias(0.3, 0.3, 10_001), highest_feasible_bias(0.1, 0.6, 10_001)),
                    "F1 does not always rise with the bias: at prevalence 0.1 and informedness 0.6, "
                    "rp - B * rn < 0 and F1 falls as the bias grows"),
            Mistake(lambda: (best_bias(0.3, 0.3, "f1", 10_001, np.nanargmin),
                             best_bias(0.1, 0.6, "f1", 10_001, np.nanargmin)),
                    "those are the biases of the smallest F1: the sign of rp - B * rn tells which end is "
                    "the largest"),
        ),
        starter="answer_5 = ...  # (best bias at rp 0.3, B 0.3; best bias at rp 0.1, B 0.6)",
    ),
)
