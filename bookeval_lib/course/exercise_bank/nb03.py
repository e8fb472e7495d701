"""Exercises of notebook 03 (informedness and markedness): right answers and common mistakes, computed."""
from __future__ import annotations


from ...measures import BinaryTable
from ..checker import Exercise, Mistake


def _tagger():
    """The informed tagger of notebook 01b: TP 85, FP 3, FN 5, TN 7."""
    return BinaryTable(tp=85, fp=3, fn=5, tn=7)


def _two_tests():
    """Exercise 3's tests on 200 patients, 70 ill: A finds more of the ill, B's results are surer."""
    return {"A": BinaryTable(tp=63, fp=26, fn=7, tn=104), "B": BinaryTable(tp=42, fp=2, fn=28, tn=128)}


def _best_by(measure):
    """The name of the test of exercise 3 with the larger value of ``measure``."""
    tests = _two_tests()
    return max(tests, key=lambda name: getattr(tests[name], measure))


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
    Exercise(
        id="03.3",
        asks='(the test for the screening programme, the test for the clinician), each "A" or "B"; the '
             'paragraph that defends them is yours to write',
        answer=lambda: (_best_by("informedness"), _best_by("markedness")),
        tolerance=0,
        hints=("The programme asks how well a test separates the ill from the healthy, each class as it "
               "really is; the clinician asks how far each result, positive or negative, can be trusted.",
               "Informedness (recall - fallout) looks down the real classes, markedness (precision + "
               "inverse precision - 1) along the predictions: compute both for each test.",
               "Test A: B = 63/70 - 26/130 = 0.700, M = 0.645; test B: B = 0.585, M = 0.775."),
        mistakes=(
            Mistake(lambda: ("B", "B"),
                    "test B has the larger correlation, 0.673 against 0.672, far too close to choose by; the "
                    "programme's question is informedness's: A sends 63 of the 70 ill on to the exact test, "
                    "B only 42 (B = 0.700 against 0.585)"),
            Mistake(lambda: ("A", "A"),
                    "test A finds more of the ill, but the clinician acts on each result: 63 of A's 89 "
                    "positives are ill, 42 of B's 44, and markedness, which counts the negatives too, is "
                    "0.775 for B against 0.645 for A"),
            Mistake(lambda: ("B", "A"),
                    "those are the two directions exchanged: the programme needs the measure over the real "
                    "classes (informedness: A, 0.700), the clinician the one over the predictions "
                    "(markedness: B, 0.775)"),
        ),
        starter='answer_3 = ...  # ("test for the programme", "test for the clinician"), each "A" or "B"',
    ),
)
