"""The checker's bank for notebook 09b (markedness, correlation and tests): exercise 09b.1.

Right answers and known mistakes are computed with :mod:`bookeval_lib.uncertainty` and
:class:`~bookeval_lib.measures.BinaryTable` on LingPipe's Pinot table
(:data:`bookeval_lib.course.papers.LINGPIPE_WINES`); the continuity-corrected statistic that
scipy gives by default is the one mistake only scipy computes.
"""
from __future__ import annotations

import numpy as np

from ... import uncertainty as u
from ...measures import BinaryTable
from .. import papers
from ..checker import Exercise, Mistake

# 09b.1 asks for chi^2 to 3 decimals: rounding moves it by at most 5e-4; every known mistake
# below (N B^2 = 10.35, N M^2 = 13.58, Yates' 8.10) lies more than 1 away from 11.852.
THREE_DECIMALS = 5e-4


def _pinot():
    cells = papers.LINGPIPE_WINES["Pinot"]          # LingPipe's order: (tp, fn, fp, tn)
    return BinaryTable.from_matrix(np.reshape(cells, (2, 2)), layout="lingpipe")


def _chi2() -> float:
    return float(np.asarray(u.independence_test(_pinot()).statistic))


def _pvalue() -> float:
    return float(np.asarray(u.independence_test(_pinot()).pvalue))


def _yates():
    """scipy's chi2_contingency with its default continuity correction."""
    import scipy.stats

    return float(scipy.stats.chi2_contingency(_pinot().to_matrix("powers")).statistic)


EXERCISES = (
    Exercise(
        id="09b.1",
        asks="Pearson's χ² of the Pinot's table, a float to 3 decimals",
        answer=_chi2,
        tolerance=THREE_DECIMALS,
        hints=(
            "χ² = N·B·M: the three measures share one test.",
            "B = det/(RP·RN) and M = det/(PP·PN) with det = TP·TN − FP·FN; N = 27.",
            "det = 4·20 − 1·2 = 78, RP = 6, RN = 21, PP = 5, PN = 22: χ² = 27·78²/(6·21·5·22).",
        ),
        mistakes=(
            Mistake(_yates,
                    "that is the statistic with Yates' continuity correction, scipy's default for a "
                    "2 × 2 table; Pearson's χ² = N·B·M needs chi2_contingency(..., correction=False)"),
            Mistake(lambda: float(_pinot().total * _pinot().informedness ** 2),
                    "that is N·B², the lower bound; χ² = N·B·M uses both B and M"),
            Mistake(lambda: float(_pinot().total * _pinot().markedness ** 2),
                    "that is N·M², the upper bound; χ² = N·B·M uses both B and M"),
            Mistake(_pvalue,
                    "that is the p-value of the test; the statistic χ² itself is asked"),
        ),
        starter="answer_1 = ...    # chi-squared",
    ),
)
