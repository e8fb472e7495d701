"""Exercises of notebook 05b (the informed-or-guessing punter; exercise 1): right answers and common mistakes,
computed."""
from __future__ import annotations

from ...montecarlo import expected_table
from ..checker import Exercise, Mistake


def _punter():
    """Exercise 1's punter: prevalence 0.7, informed 40 % of the time, else always backs +; 100 races."""
    return expected_table(0.4, 0.7, 1.0, total=100)


def _recall_precision_informedness(table):
    return (table.recall, table.precision, table.informedness)


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
)
