"""The checker's bank for notebook 09b (markedness, correlation and tests): exercises 09b.1-09b.3.

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


# ---------------------------------------------------------------------------- 09b.2
# The reported correlation: TP 45, FN 5, FP 5, TN 45, "r = 0.80, 95 % CI 0.72 to 0.86" (Fisher's z).
def _reported():
    return BinaryTable(tp=45, fn=5, fp=5, tn=45)


def _r_interval(method):
    return tuple(float(limit) for limit in u.correlation_interval(_reported(), method=method))


def _fisher_variance_on_r_scale():
    """r -+ z (1 - r^2)/sqrt(N): Fisher's variance, (1 - r^2)^2/N, without the transformation."""
    import scipy.stats

    r = float(_reported().matthews_correlation)
    half = scipy.stats.norm.isf(0.025) * (1 - r**2) / np.sqrt(100)
    return (r - half, r + half)


# ---------------------------------------------------------------------------- 09b.3
# scikit-learn's wine data: 20 wines drawn stratified (a test set of fixed composition), cultivar 2 the
# positive class, the rule "colour intensity above 7" the prediction.
FIXED_COMPOSITION_TESTS = ("barnard", "boschloo")


def _wine_rule_table():
    from sklearn.datasets import load_wine
    from sklearn.model_selection import train_test_split

    data = load_wine()
    _, x_test, _, y_test = train_test_split(data.data, data.target, test_size=20, stratify=data.target,
                                            random_state=0)
    colour = x_test[:, list(data.feature_names).index("color_intensity")]
    return BinaryTable.from_labels(y_test == 2, colour > 7)


def _wine_pvalue(method):
    return float(np.asarray(u.independence_test(_wine_rule_table(), method=method).pvalue))


def _judge_wine_test(answer):
    """None when the answer is (a test for a fixed composition, its p-value to 3 decimals), else why not."""
    if not (isinstance(answer, (tuple, list)) and len(answer) == 2 and isinstance(answer[0], str)):
        return 'give a pair (test, p-value), e.g. ("name", 0.123)'
    name = answer[0].strip().lower().replace("'s", "").replace("χ²", "chi2")
    try:
        value = float(answer[1])
    except (TypeError, ValueError):
        return "the second item must be the p-value, a number"
    if name in ("chi2", "chi-squared", "chi squared", "pearson"):
        return ("χ² is a large-sample approximation: here the expected TP under independence is "
                "PP·RP/N = 4·5/20 = 1 case, far too few; an exact test is needed")
    if name == "fisher":
        return ("Fisher's test conditions on both margins, but the design fixed only the real classes (the "
                "wines were drawn stratified); the number of wines the rule calls positive is random. Choose "
                "a test that conditions on the real classes only")
    if name not in FIXED_COMPOSITION_TESTS:
        return f'name the test as one of "chi2", "fisher", "barnard", "boschloo", not {answer[0]!r}'
    if abs(value - _wine_pvalue(name)) <= THREE_DECIMALS:
        return None
    for other in ("chi2", "fisher") + FIXED_COMPOSITION_TESTS:
        if other != name and abs(value - _wine_pvalue(other)) <= THREE_DECIMALS:
            return f"the test is right, but that p-value is {other}'s, not {name}'s"
    return (f"that is not the two-sided p-value of {name}'s test to 3 decimals: "
            f"u.independence_test(table, method={name!r}).pvalue")


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
    Exercise(
        id="09b.2",
        asks="(low, high): the delta-method 95 % interval of the reported table's correlation, two floats to "
             "3 decimals; what you would report instead is yours to defend",
        answer=lambda: _r_interval("delta"),
        tolerance=THREE_DECIMALS,
        hints=(
            "Which interval gives 0.72 to 0.86? Transform r = 0.8 with atanh and use variance 1/(N - 3).",
            "The margins are balanced (pp = rp = 1/2), so the delta method's N·Var[φ̂] is 1 - φ².",
            "0.8 ± 1.96·sqrt(0.36/100), or u.correlation_interval(table, method='delta').",
        ),
        mistakes=(
            Mistake(lambda: _r_interval("fisher"),
                    "that is the paper's interval, Fisher's z: its variance 1/(N - 3) of atanh(r) holds for "
                    "bivariate normal data, not for a 2 × 2 table; the delta method's is asked"),
            Mistake(_fisher_variance_on_r_scale,
                    "that uses Fisher's variance, (1 - φ²)²/N, on the scale of r; for a 2 × 2 table with "
                    "balanced margins the delta method gives (1 - φ²)/N"),
            Mistake(lambda: tuple(float(limit) for limit in u.informedness_interval(_reported())),
                    "that is the Agresti–Caffo interval of B (here B = M = r = 0.8); the delta interval of "
                    "the correlation is asked"),
        ),
        starter="answer_2 = ...    # (low, high)",
    ),
    Exercise(
        id="09b.3",
        asks='(test, p-value): a test that suits the wine rule\'s design, named as "chi2", "fisher", '
             '"barnard" or "boschloo", and its two-sided p-value to 3 decimals; the report is yours to write',
        answer=lambda: ("boschloo", _wine_pvalue("boschloo")),
        tolerance=THREE_DECIMALS,
        hints=(
            "How were the 20 wines chosen? train_test_split(..., stratify=...) fixes the number of each "
            "cultivar: a test set of fixed composition.",
            "χ² needs enough expected cases in every cell, and Fisher's test holds both margins fixed; "
            "Barnard's and Boschloo's condition on the real classes only.",
            "BinaryTable.from_labels(y_test == 2, colour > 7), then "
            "u.independence_test(table, method='boschloo').pvalue.",
        ),
        starter='answer_3 = ...    # ("test", p-value), the p-value to 3 decimals',
        judge=_judge_wine_test,
    ),
)
