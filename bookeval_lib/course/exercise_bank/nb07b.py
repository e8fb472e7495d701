"""Exercises of notebook 07b (abstaining from a catch-all cluster; exercises 1-3): answers and common mistakes,
computed."""
from __future__ import annotations

import functools

import numpy as np

from ...contingency import Contingency
from ..checker import Exercise, Mistake

_CATCH_ALL = [[30, 2, 1], [3, 25, 2], [1, 2, 20], [20, 21, 23]]
_KEPT = [[36, 4, 2], [3, 20, 10], [1, 6, 18]]
_SHARE = 0.2          # exercise 2: the catch-all holds one case in five


def _catch_all():
    """Notebook 07b's abstention example: tags A, B, C and a catch-all "rest" (rows), classes A, B, C."""
    return Contingency(_CATCH_ALL, labels=["A", "B", "C", "rest"], classes="ABC", layout="powers")


def _rest_called_largest_class():
    """The catch-all's row added to the row of the largest class."""
    table = _catch_all()
    largest = int(np.argmax(table.counts.sum(axis=0)))
    counts = table.counts[:3].copy()
    counts[largest] += table.counts[3]
    return Contingency(counts, labels="ABC", layout="powers")


def _merged_into(j):
    """Exercise 2's kept table with a catch-all of share 1/5, spread like the class margins, merged into row j."""
    counts = np.asarray(_KEPT, dtype=float)
    extra = _SHARE / (1 - _SHARE) * counts.sum(axis=0)
    counts[j] += extra
    return Contingency(counts, labels="ABC", layout="powers").informedness


def _ignored():
    """Exercise 2's choice "ignore the catch-all": B of the kept table discounted by the coverage 4/5."""
    return (1 - _SHARE) * Contingency(_KEPT, labels="ABC", layout="powers").informedness


# exercise 2's wrong merges: into every tag but the best
_WORSE_TAGS = tuple(j for j in range(3) if j != int(np.argmax([_merged_into(j) for j in range(3)])))

EXERCISES = (
    Exercise(
        id="07b.1",
        asks="(the fraction of cases kept, B with the catch-all called the largest class)",
        answer=lambda: (_catch_all().abstain(["rest"]).coverage, _rest_called_largest_class().informedness),
        # 3 decimals: 5e-4
        tolerance=5e-4,
        hints=("The kept cases are those of the rows A, B and C; the catch-all row is the rest.",
               "Coverage = kept cases / all cases. For the second number add the catch-all's row to the row "
               "of the class with the largest column total, and compute B of that 3 x 3 table.",
               "The largest class is A (54 cases)."),
        mistakes=(
            Mistake(lambda: (_catch_all().abstain(["rest"]).coverage, _catch_all().abstain(["rest"]).informedness),
                    "the second value is B when the catch-all is ignored (discounted by the coverage); the "
                    "exercise merges it into the largest class"),
            Mistake(lambda: (1 - _catch_all().abstain(["rest"]).coverage, _rest_called_largest_class().informedness),
                    "that is the share of cases dropped; the coverage is the share kept"),
        ),
        starter="answer_1 = ...  # (coverage, B with the catch-all called the largest class)",
    ),
    Exercise(
        id="07b.2",
        asks="B of the best choice: the catch-all merged into the best tag, or ignored (a float)",
        answer=lambda: max(max(_merged_into(j) for j in range(3)), _ignored()),
        # 3 decimals: 5e-4
        tolerance=5e-4,
        hints=("Merging into tag j beats ignoring exactly when B_kept(j) > B_kept.",
               "With share a: merging into j gives (1 - a)((1 - a) B_kept + a B_kept(j)); ignoring gives "
               "(1 - a) B_kept. Compute B_kept(l) for each tag.",
               "The tag with the largest B_kept(l) is the best one to merge into."),
        mistakes=(
            Mistake(_ignored,
                    "that is B when the catch-all is ignored: merging it into the tag with the largest "
                    "B_kept(l) does better here, since that B_kept(l) exceeds B_kept"),
            *(Mistake(functools.partial(_merged_into, j),
                      f"that is what merging the catch-all into tag {'ABC'[j]} gives: merge it into the tag "
                      "with the largest B_kept(l)") for j in _WORSE_TAGS),
        ),
        starter="answer_2 = ...  # B of the best choice",
    ),
    Exercise(
        id="07b.3",
        asks="(B of the kept cases, that B discounted by the coverage 4/5) for exercise 2's tagger, two "
             "floats to 3 decimals; the choice for the desk is yours to defend",
        answer=lambda: (float(Contingency([[36, 4, 2], [3, 20, 10], [1, 6, 18]], layout="powers")
                              .informedness),
                        0.8 * float(Contingency([[36, 4, 2], [3, 20, 10], [1, 6, 18]], layout="powers")
                                    .informedness)),
        # 3 decimals asked: half a unit of the third decimal
        tolerance=5e-4,
        hints=("The kept table is exercise 2's; abstaining on one case in five keeps 4/5 of the cases.",
               "B = sum over tags of bias(l)·(recall(l) - fallout(l)); the discounted B multiplies it by n/N.",
               "B(A) = 36/40 - 6/60, B(B) = 20/30 - 13/70, B(C) = 18/30 - 7/70, weighted 0.42, 0.33, 0.25."),
        mistakes=(
            Mistake(lambda: (float(Contingency([[36, 4, 2], [3, 20, 10], [1, 6, 18]], layout="powers")
                                   .informedness),) * 2,
                    "the second number is B of the kept cases again; discount it by the coverage, 4/5"),
            Mistake(lambda: (0.74, 0.8 * 0.74),
                    "0.74 is the accuracy of the kept cases (74/100); B is the bias-weighted "
                    "recall - fallout"),
        ),
        starter="answer_3 = ...  # (B kept, B discounted)",
    ),
)
