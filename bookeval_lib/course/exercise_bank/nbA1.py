"""The checker's bank for appendix A1 (LingPipe's evaluation, checked): exercises A1.1-A1.3.

Right answers and known mistakes are computed with :class:`bookeval_lib.BinaryTable` on
LingPipe's three wine tables (:data:`bookeval_lib.course.papers.LINGPIPE_WINES`).
"""
from __future__ import annotations

import math

import numpy as np

from ...measures import BinaryTable
from .. import papers
from ..checker import Exercise, Mistake

# A1.1 is asked to 3 decimals (LingPipe prints 4; their sum differs from the exact 29/60 by
# 3e-5): rounding moves it by at most 5e-4; the nearest known mistake is 0.005 away.
THREE_DECIMALS = 5e-4
EXACT = 0             # A1.2: two exact values (50 and 1); A1.3: a name


def _wines(layout="lingpipe"):
    """The three wines; LingPipe's constructor order is (tp, fn, fp, tn)."""
    return {name: BinaryTable.from_matrix(np.reshape(cells, (2, 2)), layout=layout)
            for name, cells in papers.LINGPIPE_WINES.items()}


def _cabernet(measure, layout="lingpipe"):
    return float(getattr(_wines(layout)["Cabernet"], measure))


def _perfect():
    return BinaryTable(tp=50, fp=0, fn=0, tn=150)


def _fowlkes_mallows_pair():
    """(LingPipe's buggy TP/sqrt(precision·recall), the index sqrt(precision·recall))."""
    table = _perfect()
    return (float(table.tp / math.sqrt(table.precision * table.recall)), float(table.fowlkes_mallows))


def _kappas_equal():
    """The wine whose Scott's pi equals Cohen's kappa."""
    equal = [name for name, table in _wines().items()
             if math.isclose(table.kappa, table.kappa_unbiased, rel_tol=1e-12)]
    assert len(equal) == 1
    return equal[0]


def _kappas_differ(name):
    return (f"{name}'s prevalence and bias differ, so Scott's chance term is larger and its pi smaller "
            "than Cohen's kappa")


EXERCISES = (
    Exercise(
        id="A1.1",
        asks="Cabernet's informedness, a float to 3 decimals",
        answer=lambda: _cabernet("informedness"),
        tolerance=THREE_DECIMALS,
        hints=(
            "recall() is tpr and rejectionRecall() is the inverse recall, 1 - fpr.",
            "Informedness = tpr - fpr = recall + inverse recall - 1.",
            "LingPipe prints 0.7500 and 0.7333 for Cabernet; exactly 9/12 and 11/15.",
        ),
        mistakes=(
            Mistake(lambda: _cabernet("markedness"),
                    "that is markedness, precision + rejectionPrecision - 1 (or the table entered "
                    "in Powers' order from LingPipe's (tp, fn, fp, tn)): informedness uses recall "
                    "and rejectionRecall"),
            Mistake(lambda: _cabernet("recall") + _cabernet("inverse_recall"),
                    "informedness is recall + inverse recall - 1: subtract the 1 that chance "
                    "alone scores"),
        ),
        starter="answer_1 = ...    # informedness of Cabernet",
    ),
    Exercise(
        id="A1.2",
        asks="(what the buggy fowlkesMallows() reports, the Fowlkes–Mallows index), two numbers",
        answer=_fowlkes_mallows_pair,
        tolerance=EXACT,
        hints=(
            "A perfect classifier: precision = recall = 1.",
            "The printed (buggy) formula is TP/(precision·recall)^(1/2); the index is "
            "(precision·recall)^(1/2).",
            "TP = 50 here, and sqrt(1·1) = 1.",
        ),
        mistakes=(
            Mistake(lambda: (_fowlkes_mallows_pair()[0],) * 2,
                    "the Fowlkes–Mallows index is sqrt(precision·recall), a number in [0, 1]; only "
                    "LingPipe's bug divides TP by it"),
            Mistake(lambda: (_fowlkes_mallows_pair()[1],) * 2,
                    "LingPipe's bug returns TP/sqrt(precision·recall), a count over 1 here, not "
                    "the index"),
        ),
        starter="answer_2 = ...    # (buggy value, index)",
    ),
    Exercise(
        id="A1.3",
        asks="the wine whose Scott's pi equals its Cohen's kappa (its name); the why is yours to write",
        answer=_kappas_equal,
        tolerance=EXACT,
        hints=(
            "Both kappas are (accuracy - chance)/(1 - chance); they differ only in the chance term.",
            "Scott's chance term exceeds Cohen's by (rp - pp)^2/2: compare each wine's prevalence "
            "with its bias.",
            "table.kappa and table.kappa_unbiased give the two; the wine with as many predicted "
            "as real positives is the one.",
        ),
        mistakes=(Mistake(lambda: "Cabernet", _kappas_differ("Cabernet")),
                  Mistake(lambda: "Pinot", _kappas_differ("Pinot"))),
        starter='answer_3 = ...    # a wine, e.g. "Pinot"',
    ),
)
