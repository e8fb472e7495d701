"""Exercises of notebook 05 (the Bookmaker's bet; exercises 1-3): right answers and common mistakes, computed."""
from __future__ import annotations

from ...betting import expected_winnings_per_bet, payoff_matrix, reduced_odds, total_winnings
from ...measures import BinaryTable
from ..checker import Exercise, Mistake


def _half():
    """The poster's 50 % punter, [[21, 14], [9, 56]] (rows = bets, columns = winners)."""
    return BinaryTable(tp=21, fp=14, fn=9, tn=56)


def _reversed_odds():
    """Won and lost by the 50 % punter if + paid 3:7 (the odds of a 70 % winner) instead of 7:3."""
    amounts = _half().to_matrix("powers") * payoff_matrix(0.7, "odds")
    return (float(amounts[amounts > 0].sum()), float(-amounts[amounts < 0].sum()))


# exercise 3's tipping service: 100 races, the horses win 30 % of them
_TIPSTER = BinaryTable(tp=20, fp=13, fn=10, tn=57)


EXERCISES = (
    Exercise(
        id="05.1",
        asks="the fair odds (win, stake) that add to 10, for a horse that wins 20 % of its races",
        answer=lambda: reduced_odds(0.2),
        # whole numbers of dollars: exact, up to the checker's rounding slack
        tolerance=0,
        hints=("Fair odds give a punter who bets at random an expected gain of 0.",
               "0.2 * win = 0.8 * stake, and win + stake = 10.",
               "The stake is 10 * 0.2."),
        mistakes=(
            Mistake(lambda: tuple(x / reduced_odds(0.2)[1] for x in reduced_odds(0.2)),
                    "4:1 is the same odds, but the exercise asks for the pair that adds to 10"),
        ),
        starter="answer_1 = ...  # (win, stake)",
    ),
    Exercise(
        id="05.2",
        asks="(dollars won, dollars lost at 7:3, expected winnings per bet at unit odds)",
        answer=lambda: (*total_winnings(_half()), expected_winnings_per_bet(_half(), "unit")),
        # whole dollars and a per-bet amount to 3 decimals: 5e-4
        tolerance=5e-4,
        hints=("At 7:3 a bet on + risks 3 to win 7, a bet on - risks 7 to win 3.",
               "Won: TP * 7 + TN * 3. Lost: FP * 3 + FN * 7. At unit odds the expected winnings per bet "
               "are the informedness.",
               "Won = 21 * 7 + 56 * 3."),
        mistakes=(
            Mistake(lambda: (*_reversed_odds(), expected_winnings_per_bet(_half(), "unit")),
                    "the odds are reversed: + wins 30 % of races, so a bet on + pays 7 and risks 3"),
            Mistake(lambda: (*total_winnings(_half()), expected_winnings_per_bet(_half(), "odds")),
                    "the last value is the winnings per bet at 7:3 odds; at unit odds a winning bet pays 1"),
        ),
        starter="answer_2 = ...  # (won, lost, expected winnings per bet)",
    ),
    Exercise(
        id="05.3",
        asks="(accuracy, expected winnings per bet at unit odds) of the tipping service, two floats to 3 "
             "decimals; the reply to its advert is yours to write",
        answer=lambda: (float(_TIPSTER.accuracy), float(expected_winnings_per_bet(_TIPSTER))),
        # 3 decimals asked: half a unit of the third decimal
        tolerance=5e-4,
        hints=("Accuracy is the share of right tips; the winnings depend on the odds each bet is paid at.",
               "At unit odds the expected winnings per bet equal B = recall - fallout.",
               "(20 + 57)/100 and 20/30 - 13/70; expected_winnings_per_bet(tipster) checks the second."),
        mistakes=(
            Mistake(lambda: (float(_TIPSTER.accuracy), float(_TIPSTER.accuracy)),
                    "a right tip does not win its accuracy: at fair odds the winnings per bet are B = "
                    "20/30 - 13/70"),
            Mistake(lambda: (float(_TIPSTER.accuracy), 20 / 33),
                    "20/33 is the share of the tipped horses that won, the precision; the expected "
                    "winnings per bet at unit odds are B = 20/30 - 13/70"),
        ),
        starter="answer_3 = ...  # (accuracy, expected winnings per bet)",
    ),
)
