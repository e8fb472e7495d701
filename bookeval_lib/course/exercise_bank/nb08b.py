"""The checker's bank for notebook 08b (noise or systematic error, the mirror model): exercises 08b.1-08b.3.

Every right answer and every known mistake is computed with :mod:`bookeval_lib.montecarlo`
(the informed/guessing model of Powers 2003 and 2008), never typed.
"""
from __future__ import annotations

import numpy as np

from ... import montecarlo as mc
from ..checker import Exercise, Mistake

# Three decimals are asked wherever a float is asked: rounding to 3 decimals moves a value by
# at most 5e-4, and every known mistake below lies at least 0.005 from the right answer.
THREE_DECIMALS = 5e-4


# ---------------------------------------------------------------------------- 08b.1
_SIZES = np.arange(1, 5001)         # N = 1 ... 5000 cases, RP = RN = N/2


def _smallest_size(bound, *, z=1.0, squared=True):
    """The smallest N with z * SE(B^) <= bound (SE = sqrt(Var), or Var itself if not squared)."""
    variance = mc.informedness_sampling_variance(0.5, 0.5, _SIZES / 2, _SIZES / 2)
    spread = z * (np.sqrt(variance) if squared else variance)
    # Var = 0.75/N exactly in real numbers; in floats it errs by a few ulps (relative 1e-15),
    # so N = 300 gives SE = 0.05 up to 1e-16, while N = 299 gives 0.05008: allow 1e-12
    return int(_SIZES[np.argmax(spread <= bound + 1e-12)])


def _exercise_2():
    return _smallest_size(0.05)


def _interval_half_width_size():
    import scipy.stats

    return _smallest_size(0.05, z=float(scipy.stats.norm.isf(0.025)))


# ---------------------------------------------------------------------------- 08b.2
def _marker_table():
    # the marker model with m = 0.3, p_inf = 0.5, q = 0.2 is the transpose of the classifier
    # model with prevalence m and guessing bias q (notebook 08, section on markedness)
    return mc.transpose_tables(mc.expected_table(0.5, 0.3, 0.2))


def _exercise_4():
    table = _marker_table()
    return (float(table.markedness), float(table.informedness))


def _informedness_taken_as_g():
    markedness, _ = _exercise_4()
    return (markedness, markedness)


def _classifier_model_instead():
    table = mc.expected_table(0.5, 0.3, 0.2)
    return (float(table.markedness), float(table.informedness))


# ---------------------------------------------------------------------------- 08b.3
def _exercise_3(positives=(4, 400), negatives=(16, 1600), spread=np.sqrt, statistic="kappa"):
    """(SE of B^ with RP = 4, RN = 16; the expected table's statistic - p_inf; SE with RP = 400, RN = 1600)."""
    small, large = (float(spread(mc.informedness_sampling_variance(0.5, 0.5, rp, rn)))
                    for rp, rn in zip(positives, negatives))
    table = mc.expected_table(0.5, 0.2, 0.5)
    return (small, float(getattr(table, statistic)) - 0.5, large)


EXERCISES = (
    Exercise(
        id="08b.1",
        asks="the number of cases N (an integer), with RP = RN = N/2",
        answer=_exercise_2,
        tolerance=0,          # an exact integer
        hints=(
            "The informedness of a table is a difference of two independent binomial proportions, "
            "tpr and fpr: their variances add.",
            "Var[B^] = tpr(1 - tpr)/RP + fpr(1 - fpr)/RN with tpr = 0.75, fpr = 0.25 and RP = RN = N/2; "
            "ask for sqrt(Var) <= 0.05 (mc.informedness_sampling_variance gives Var).",
            "Var[B^] = 0.75/N, and 0.75/N <= 0.05^2 gives the smallest N.",
        ),
        mistakes=(
            Mistake(lambda: _exercise_2() // 2,
                    "that is the number of cases in each class, RP = RN: the exercise asks for the "
                    "whole table, N = RP + RN"),
            Mistake(_interval_half_width_size,
                    "that N makes 1.96 standard errors (a 95 % half-width) at most 0.05; the exercise "
                    "asks for the standard error itself to be at most 0.05"),
            Mistake(lambda: _smallest_size(0.05, squared=False),
                    "that N makes the variance at most 0.05; the standard error is its square root, "
                    "so the variance must be at most 0.05^2 = 0.0025"),
        ),
        starter="answer_1 = ...    # N, an integer",
    ),
    Exercise(
        id="08b.2",
        asks="(markedness, informedness) of the marker model's expected table, two floats to 3 decimals",
        answer=_exercise_4,
        tolerance=THREE_DECIMALS,
        hints=(
            "In the marker model the rows are fixed first: the marker occurs at rate m (the bias), "
            "and p_inf is how often the outcome follows it.",
            "Pr(+R | +P) = p_inf + (1 - p_inf) q and Pr(+R | -P) = (1 - p_inf) q; tp = m Pr(+R | +P), "
            "fn = (1 - m) Pr(+R | -P); markedness is their difference, informedness comes from "
            "the columns of the table.",
            "The table is tp = 0.18, fp = 0.12, fn = 0.07, tn = 0.63; "
            "mc.transpose_tables(mc.expected_table(p_inf, m, q)) builds it.",
        ),
        mistakes=(
            Mistake(_informedness_taken_as_g,
                    "informedness is not p_inf in the marker model: there p_inf fixes markedness, and "
                    "B = p_inf pp pn/(rp rn) with the prevalence of this table, rp = 0.25"),
            Mistake(_classifier_model_instead,
                    "those are the values of the classifier model with prevalence 0.3: in the marker "
                    "model m = 0.3 is the rate of the marker (the row total), so the table is its "
                    "transpose and markedness, not informedness, equals p_inf"),
        ),
        starter="answer_2 = ...    # (markedness, informedness)",
    ),
    Exercise(
        id="08b.3",
        asks="(standard error of informedness at RP = 4, RN = 16; kappa's systematic error; standard error at "
             "RP = 400, RN = 1,600), three floats to 3 decimals; the advice is yours to write",
        answer=_exercise_3,
        tolerance=THREE_DECIMALS,
        hints=(
            "Noise and systematic error are different things: the first comes from the binomial variance of "
            "one table, the second from the expected table, with no noise at all.",
            "Var[B^] = tpr(1 - tpr)/RP + fpr(1 - fpr)/RN with tpr = 0.75 and fpr = 0.25 "
            "(mc.informedness_sampling_variance); kappa's systematic error is "
            "mc.expected_table(0.5, 0.2, 0.5).kappa - 0.5.",
            "Var[B^] = 0.1875/4 + 0.1875/16; the bias is pp = 0.35 and kappa = 0.16/0.41; a hundred times "
            "the cases divides the variance by 100.",
        ),
        mistakes=(
            Mistake(lambda: _exercise_3(positives=(10, 1000), negatives=(10, 1000)),
                    "you split the 20 cases evenly, RP = RN = 10; at prevalence 0.2 the table has 4 real "
                    "positives and 16 negatives, and the smaller class sets the noise"),
            Mistake(lambda: _exercise_3(spread=lambda variance: variance),
                    "those are variances; the standard error is the square root of the variance"),
            Mistake(lambda: tuple(-v if i == 1 else v for i, v in enumerate(_exercise_3())),
                    "the sign of kappa's error is reversed: kappa (0.390) is below p_inf (0.5), so kappa minus "
                    "p_inf is negative"),
            Mistake(lambda: _exercise_3(statistic="markedness"),
                    "that is markedness's systematic error, p_inf rp rn/(pp pn) - p_inf; kappa's is "
                    "2 p_inf rp rn/(pp rn + rp pn) - p_inf"),
        ),
        starter="answer_3 = ...    # (SE at 20 cases, kappa - p_inf, SE at 2,000 cases)",
    ),
)
