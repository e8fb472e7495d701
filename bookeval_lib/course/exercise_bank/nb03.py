"""Exercises of notebook 03 (informedness and markedness): right answers and common mistakes, computed."""
from __future__ import annotations


from ...montecarlo import expected_table
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
        asks="the expected BinaryTable out of 1000 cases",
        answer=lambda: expected_table(0.3, 0.2, 0.6, total=1000),
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
            Mistake(lambda: expected_table(0.0, 0.2, 0.6, total=1000),
                    "that is the pure guesser: mix in the informed decisions with probability q = 0.3"),
        ),
        starter="answer_2 = ...  # BinaryTable(tp=..., fp=..., fn=..., tn=...)",
    ),
)
