"""Exercises of notebook 05b (the informed-or-guessing punter; exercises 1-3): right answers and common mistakes,
computed."""
from __future__ import annotations

from ...montecarlo import expected_table
from ..checker import Exercise, Mistake


def _punter():
    """Exercise 1's punter: prevalence 0.7, informed 40 % of the time, else always backs +; 100 races."""
    return expected_table(0.4, 0.7, 1.0, total=100)


def _recall_precision_informedness(table):
    return (table.recall, table.precision, table.informedness)


def _own_punter(answer):
    """None when answer = (prevalence, p_inf, bias, precision, B) is a punter of one's own, built right; else
    why not."""
    try:
        prevalence, informed, bias, precision, informedness = (float(value) for value in answer)
    except (TypeError, ValueError):
        return "give five numbers: (prevalence, p_inf, bias, precision, B)"
    if not (0 < prevalence < 1 and -1 <= informed <= 1 and 0 <= bias <= 1):
        return "the prevalence must lie strictly between 0 and 1, p_inf in [-1, 1] and the bias in [0, 1]"
    if (prevalence, informed) == (0.7, 0.4) and bias in (0.7, 1.0):
        return "that is a punter of exercise 1 or 2; choose one of your own"
    table = expected_table(informed, prevalence, bias, total=100)
    if not table.tp + table.fp > 0:
        return "that punter never backs +: his precision is undefined; choose a bias or p_inf above 0"
    # 3 decimals asked: half a unit of the third decimal
    if abs(precision - float(table.precision)) > 5e-4:
        return f"the precision of that punter is {float(table.precision):.3f}: TP/(TP + FP) of his table"
    if abs(informedness - float(table.informedness)) > 5e-4:
        return f"the B of that punter is {float(table.informedness):.3f}: recall - fallout of his table"
    return None


EXERCISES = (
    Exercise(
        id="05b.1",
        asks="(recall, precision, B) of the punter's table out of 100 races",
        answer=lambda: _recall_precision_informedness(_punter()),
        # 3 decimals: 5e-4
        tolerance=5e-4,
        hints=("Mix two tables: the informed punter's, right every time, and the one who always backs +.",
               "0.4 * [[70, 0], [0, 30]] + 0.6 * [[70, 30], [0, 0]], rows = bets, columns = winners.",
               "The table is [[70, 18], [0, 12]]."),
        mistakes=(
            Mistake(lambda: _recall_precision_informedness(expected_table(0.0, 0.7, 1.0, total=100)),
                    "that is the punter who always backs +, never informed: mix in his informed 40 %"),
        ),
        starter="answer_1 = ...  # (recall, precision, B)",
    ),
    Exercise(
        id="05b.2",
        asks="(precision, B) of punter Y out of 100 races, two floats to 3 decimals",
        answer=lambda: (float(expected_table(0.4, 0.7, 0.7, total=100).precision),
                        float(expected_table(0.4, 0.7, 0.7, total=100).informedness)),
        # 3 decimals asked: 5e-4
        tolerance=5e-4,
        hints=("Mix as in exercise 1, but the guessing table now backs + in 70 % of races at random.",
               "Guessing: [[49, 21], [21, 9]]; Y's table is 0.4·[[70, 0], [0, 30]] + 0.6·[[49, 21], [21, 9]].",
               "The table is [[57.4, 12.6], [12.6, 17.4]]."),
        mistakes=(
            Mistake(lambda: (70 / 88, 0.4),
                    "70/88 is the precision of the punter of exercise 1, who always backs + when guessing; "
                    "Y guesses + only 70 % of the time"),
            Mistake(lambda: (float(expected_table(0.4, 0.7, 0.7, total=100).precision),
                             float(expected_table(0.4, 0.7, 0.7, total=100).accuracy)),
                    "the second number is Y's accuracy ((57.4 + 17.4)/100); B = recall - fallout"),
        ),
        starter="answer_2 = ...  # (precision, B) of punter Y",
    ),
    Exercise(
        id="05b.3",
        asks="(prevalence, p_inf, bias, precision, B) of a punter of your own; the two sentences are yours "
             "to write",
        answer=lambda: (0.5, 0.6, 0.2, float(expected_table(0.6, 0.5, 0.2, total=100).precision),
                        float(expected_table(0.6, 0.5, 0.2, total=100).informedness)),
        # judged by what the punter does, not compared with one punter; its judge reads precision and B to
        # 3 decimals (5e-4), as the shown answer is
        tolerance=5e-4,
        hints=("mixed_table(prevalence, bias, p_inf, total=100) builds the expected table of 100 races.",
               "Read precision and informedness off the table it returns.",
               "Whatever you choose, B comes out as p_inf; precision moves with the prevalence and the bias."),
        starter="answer_3 = ...  # (prevalence, p_inf, bias, precision, B)",
        judge=_own_punter,
    ),
)
