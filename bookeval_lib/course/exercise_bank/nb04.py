"""Exercises of notebook 04 (chance-corrected measures): right answers and common mistakes, computed."""
from __future__ import annotations

from ...measures import BinaryTable
from ..checker import Exercise, Mistake
from ._sweep import best_bias, highest_feasible_bias


def _tagger():
    """The informed tagger of notebook 01b: TP 85, FP 3, FN 5, TN 7 (N = 100)."""
    return BinaryTable(tp=85, fp=3, fn=5, tn=7)


def _chance_agreement(table):
    """E = pp*rp + pn*rn, the accuracy expected of a guess with the table's margins."""
    return table.bias * table.prevalence + (1 - table.bias) * (1 - table.prevalence)


def _reported():
    """Exercise 3's report: P on 10,000 cases, Q (the poster's table) on 100."""
    return (BinaryTable(tp=1100, fp=3300, fn=900, tn=4700), BinaryTable(tp=21, fp=14, fn=9, tn=56))


def _phi(table):
    """|phi| = sqrt(chi^2 / N), the correlation that a chi-squared and its N imply."""
    return (table.chi_squared / table.total) ** 0.5


EXERCISES = (
    Exercise(
        id="04.1",
        asks="kappa of the tagger TP 85, FP 3, FN 5, TN 7 (a float)",
        answer=lambda: _tagger().kappa,
        # 4 decimals in the worked solution (0.5918); 3 suffice: 5e-4
        tolerance=5e-4,
        hints=("Kappa compares accuracy with the accuracy E that a guess with the same margins would reach.",
               "E = pp*rp + pn*rn; kappa = (accuracy - E)/(1 - E). Or: d_p = tp - pp*rp, then "
               "kappa = d_p / (d_p + (fp + fn)/2).",
               "rp = 0.90 and pp = 0.88, so E = 0.9 * 0.88 + 0.1 * 0.12."),
        mistakes=(
            Mistake(lambda: _chance_agreement(_tagger()),
                    "that is E, the chance agreement: kappa = (accuracy - E)/(1 - E)"),
            Mistake(lambda: _tagger().accuracy - _chance_agreement(_tagger()),
                    "accuracy - E still has to be divided by 1 - E, the most a classifier can gain over chance"),
            Mistake(lambda: _tagger().informedness,
                    "that is informedness; kappa corrects accuracy for chance agreement, "
                    "(accuracy - E)/(1 - E)"),
            Mistake(lambda: _tagger().matthews_correlation,
                    "that is the correlation sqrt(B * M); kappa is (accuracy - E)/(1 - E)"),
        ),
        starter="answer_1 = ...  # kappa",
    ),
    Exercise(
        id="04.2",
        asks="(bias of the largest kappa, bias of the largest correlation) at prevalence 0.2 and informedness 0.5",
        answer=lambda: (best_bias(0.2, 0.5, "kappa", 1001), best_bias(0.2, 0.5, "matthews_correlation", 1001)),
        # 2 decimals asked: 5e-3; the notebook's grid step 1e-3 is inside that
        tolerance=5e-3,
        hints=("Sweep the bias at fixed prevalence and informedness (bias_sweep) and look where each curve "
               "peaks.",
               "Only biases between rp * B (no false positives) and 1 - rn * B (no false negatives) give a "
               "table. Kappa = d_p/(d_p + (fp + fn)/2) with d_p fixed; fp + fn grows with the bias here.",
               "Both peak at the same end of the feasible range."),
        mistakes=(
            Mistake(lambda: (0.2, 0.2),
                    "where the bias equals the prevalence kappa equals informedness, but it is not largest "
                    "there: both kappa and the correlation grow as the bias falls to rp * B"),
            Mistake(lambda: (highest_feasible_bias(0.2, 0.5, 1001),) * 2,
                    "that is the highest feasible bias, 1 - rn * B, where kappa is smallest (fp + fn grows with "
                    "the bias); the correlation is largest where pp * pn is smallest"),
        ),
        starter="answer_2 = ...  # (bias of the largest kappa, bias of the largest correlation)",
    ),
    Exercise(
        id="04.3",
        asks="(|phi| of P, |phi| of Q), the correlations that chi-squared 122.8 on N = 10,000 and 23.08 on "
             "N = 100 imply; the rows and the sentence are yours to write",
        answer=lambda: tuple(_phi(table) for table in _reported()),
        # 3 decimals asked: 5e-4
        tolerance=5e-4,
        hints=("For a 2x2 table chi-squared is N times phi squared (this notebook's section on chi-squared).",
               "Divide each chi-squared by its own N, then take the square root.",
               "P: sqrt(122.8 / 10000)."),
        mistakes=(
            Mistake(lambda: tuple(_phi(table) ** 2 for table in _reported()),
                    "that is chi-squared / N = phi squared, Pearson's mean square contingency; the correlation "
                    "|phi| is its square root"),
            Mistake(lambda: tuple(table.chi_squared ** 0.5 for table in _reported()),
                    "that is the square root of chi-squared itself, which still grows with N: divide by the "
                    "number of cases first, phi squared = chi-squared / N"),
            Mistake(lambda: tuple(table.informedness for table in _reported()),
                    "that is informedness, read from the tables; the correlation that chi-squared and N imply "
                    "is |phi| = sqrt(chi-squared / N) = sqrt(B * M)"),
        ),
        starter="answer_3 = ...  # (|phi| of P, |phi| of Q)",
    ),
)
