"""The checker's bank for notebook 08 (simulated decision makers): exercises 08.1-08.3.

Every right answer and every known mistake is computed with :mod:`bookeval_lib.montecarlo`
(the informed/guessing model of Powers 2003 and 2008), never typed.
"""
from __future__ import annotations


from ... import montecarlo as mc
from ..replications import figure2
from ..checker import Exercise, Mistake

# Three decimals are asked wherever a float is asked: rounding to 3 decimals moves a value by
# at most 5e-4, and every known mistake below lies at least 0.005 from the right answer.
THREE_DECIMALS = 5e-4


# ---------------------------------------------------------------------------- 08.1
def _b_m_kappa(table):
    return (float(table.informedness), float(table.markedness), float(table.kappa))


def _exercise_1():
    """(B, M, kappa) of the decision maker with G = 0.6, q = 0.5 at prevalence 0.2."""
    return _b_m_kappa(mc.expected_table(0.6, 0.2, 0.5))


def _markedness_taken_as_g():
    informedness, _, kappa = _exercise_1()
    return (informedness, informedness, kappa)


def _bias_taken_as_q():
    # the same B = 0.6 at prevalence 0.2, but with the table's bias forced to q = 0.5:
    # rp tpr + rn fpr = 0.5 and tpr - fpr = 0.6 give fpr = 0.5 - 0.2 * 0.6, tpr = fpr + 0.6
    from ...measures import BinaryTable

    fpr = 0.5 - 0.2 * 0.6
    tpr = fpr + 0.6
    return _b_m_kappa(BinaryTable(tp=0.2 * tpr, fp=0.8 * fpr, fn=0.2 * (1 - tpr), tn=0.8 * (1 - fpr)))


# ---------------------------------------------------------------------------- 08.2
def _guesser_averages(statistic):
    """[[Wav, Gav, Fav] at p = 0.5, [...] at p = 0.9] of the guesser G = 0, q = p."""
    return [statistic(mc.expected_table(0.0, p, p)) for p in (0.5, 0.9)]


def _figure2_averages(table, weighting="bias"):
    values = figure2.figure2_measures(table, weighting=weighting)
    return [float(values[name]) for name in ("Wav", "Gav", "Fav")]


def _exercise_3():
    return _guesser_averages(_figure2_averages)


def _equal_weights():
    from ...averages import averaged_f_measure, averaged_g_measure, weighted_average

    return _guesser_averages(lambda t: [float(weighted_average(t, "arithmetic", "equal")),
                                        float(averaged_g_measure(t, "equal")),
                                        float(averaged_f_measure(t, "equal"))])


def _fav_taken_as_f1():
    return _guesser_averages(lambda t: _figure2_averages(t)[:2] + [float(t.f1)])


# ---------------------------------------------------------------------------- 08.3
def _kappa_pair(statistic=lambda table: table.kappa):
    """(statistic at q = rp = 0.1, statistic at q = 0.5) of the decision maker G = 0.5 at prevalence 0.1."""
    return tuple(float(statistic(mc.expected_table(0.5, 0.1, guess))) for guess in (0.1, 0.5))


def _bias_taken_as_q_in_kappa():
    # kappa = 2 G rp rn/(pp rn + rp pn) with pp = q = 0.5 put in for the table's bias 0.3
    return tuple(2 * 0.5 * 0.1 * 0.9 / (guess * 0.9 + 0.1 * (1 - guess)) for guess in (0.1, 0.5))


EXERCISES = (
    Exercise(
        id="08.1",
        asks="(informedness, markedness, kappa) of the expected table, three floats to 3 decimals",
        answer=_exercise_1,
        tolerance=THREE_DECIMALS,
        hints=(
            "Start from the rates: a real positive is found when the case is informed, or guessed "
            "positive when it is not.",
            "tpr = G + (1 - G) q and fpr = (1 - G) q; then tp = rp tpr, fp = rn fpr, fn = rp - tp, "
            "tn = rn - fp, and B, M and kappa follow from the table (or "
            "mc.expected_table(G, prevalence, q)).",
            "tpr = 0.8, fpr = 0.2, so the table is tp = 0.16, fp = 0.16, fn = 0.04, tn = 0.64, with "
            "bias pp = 0.32; M = G rp rn/(pp pn) and kappa = 2 G rp rn/(pp rn + rp pn).",
        ),
        mistakes=(
            Mistake(_markedness_taken_as_g,
                    "markedness is not G here: M = G rp rn/(pp pn) equals B only when the bias "
                    "equals the prevalence (or its complement), and this table's bias is 0.32"),
            Mistake(_bias_taken_as_q,
                    "you took the table's bias to be q = 0.5: q is the guessing bias, used only on "
                    "uninformed cases; the table's bias is pp = G rp + (1 - G) q"),
        ),
        starter="answer_1 = ...    # (informedness, markedness, kappa)",
    ),
    Exercise(
        id="08.2",
        asks="[[Wav, Gav, Fav] at p = 0.5, [Wav, Gav, Fav] at p = 0.9], six floats to 3 decimals",
        answer=_exercise_3,
        tolerance=THREE_DECIMALS,
        hints=(
            "With G = 0 and q = p the guesser's table has recall = precision = p and inverse "
            "recall = inverse precision = 1 - p, and its bias is p.",
            "Wav is Rand accuracy, p·p + (1 - p)(1 - p); Gav and Fav average the measure of the "
            "positives and of the negatives weighted by the bias p (geometric and harmonic means).",
            "Gav = p^p (1 - p)^(1 - p); Fav = 1/(p/p + (1 - p)/(1 - p)) whatever p is. "
            "figure2_measures(mc.expected_table(0, p, p)) checks all three.",
        ),
        mistakes=(
            Mistake(_equal_weights,
                    "those averages weight the positives and the negatives equally; Wav, Gav and Fav "
                    "of Powers 2008 weight them by the bias, p_p = p here"),
            Mistake(_fav_taken_as_f1,
                    "the third value is F1 of the positive class; Fav is the bias-weighted harmonic "
                    "mean of the F-measures of the positives and of the negatives"),
        ),
        starter="answer_2 = ...    # [[Wav, Gav, Fav] at p = 0.5, [Wav, Gav, Fav] at p = 0.9]",
    ),
    Exercise(
        id="08.3",
        asks="(kappa with q = 0.1, kappa with q = 0.5), two floats to 3 decimals; the judgement is yours to write",
        answer=_kappa_pair,
        tolerance=THREE_DECIMALS,
        hints=(
            "When the guessing bias equals the prevalence, the table's bias equals the prevalence too: "
            "what does kappa give then?",
            "For q = 0.5 build the expected table: tpr = G + (1 - G) q, fpr = (1 - G) q, then the bias "
            "pp = rp tpr + rn fpr, and kappa = 2 G rp rn/(pp rn + rp pn) (or mc.expected_table(G, rp, q).kappa).",
            "tpr = 0.75, fpr = 0.25, pp = 0.3: kappa = 0.09/(0.3 * 0.9 + 0.1 * 0.7).",
        ),
        mistakes=(
            Mistake(lambda: _kappa_pair(lambda table: table.informedness),
                    "those are the informedness values, p_inf whatever the guess; kappa divides by margins "
                    "that the guess moves, so it changes from q = 0.1 to q = 0.5"),
            Mistake(lambda: _kappa_pair(lambda table: table.matthews_correlation),
                    "those are the Matthews correlations; kappa is smaller in size whenever the bias differs "
                    "from the prevalence (a geometric over an arithmetic mean of pp rn and rp pn)"),
            Mistake(lambda: _kappa_pair(lambda table: table.markedness),
                    "those are the markedness values, p_inf rp rn/(pp pn); kappa's denominator is "
                    "(pp rn + rp pn)/2, not pp pn"),
            Mistake(_bias_taken_as_q_in_kappa,
                    "you put the guessing bias q in for the table's bias: pp = G rp + (1 - G) q, which is "
                    "0.3 here, not 0.5"),
        ),
        starter="answer_3 = ...    # (kappa with q = 0.1, kappa with q = 0.5)",
    ),
)
