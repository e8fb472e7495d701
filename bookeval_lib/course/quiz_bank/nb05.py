"""Quiz of notebook 05, the Bookmaker: informedness as a betting edge."""
from ...betting import (
    expected_gain,
    expected_winnings_per_bet,
    reduced_odds,
    total_winnings,
)
from ...measures import BinaryTable
from ...montecarlo import expected_table
from ..quiz import Option, Question
from ..replications.betting import bookmaker_sheet


def _odds():
    win, stake = reduced_odds(0.3)
    return {"win": win, "stake": stake, "fair_gain": expected_gain(0.3, win, stake),
            "swapped_gain": expected_gain(0.3, stake, win)}


def _guesser_gain():
    guess = expected_table(0.0, prevalence=0.3, guess_bias=0.6)
    return {"gain": expected_winnings_per_bet(guess), "recall": guess.recall}


def _unit_odds():
    t = BinaryTable(tp=30, fp=10, fn=20, tn=40)
    return {"gain": expected_winnings_per_bet(t), "b": t.informedness, "accuracy": t.accuracy}


def _dollar_block():
    sheet = bookmaker_sheet(BinaryTable(tp=30, fp=10, fn=20, tn=40))
    return {"total": sheet["total"], "won_plus": sheet["won"][0], "won_minus": sheet["won"][1],
            "weighted_plus": sheet["weighted"][0], "weighted_minus": sheet["weighted"][1]}


def _poster_guess():
    won, lost = total_winnings(BinaryTable(tp=12, fp=28, fn=18, tn=42))
    return {"won": won, "lost": lost}


QUESTIONS = (
    Question(
        id="05.Q1", section="Fair odds", facts=_odds,
        prompt="A horse wins 30 % of its races. What are the fair odds that add to 10?",
        options=(
            Option("{win:.0f}:{stake:.0f}: stake {stake:.0f} dollars to win {win:.0f}", True,
                   "fair odds make the expected gain 0: 0.3 × {win:.0f} − 0.7 × {stake:.0f} = {fair_gain:.0f}."),
            Option("{stake:.0f}:{win:.0f}: stake {win:.0f} dollars to win {stake:.0f}", False,
                   "that swaps the win and the stake: 0.3 × {stake:.0f} − 0.7 × {win:.0f} = {swapped_gain:.1f} "
                   "dollars a bet, a sure loss for the punter in the long run."),
        )),
    Question(
        id="05.Q2", section="The poster's guessing punter breaks even", facts=_guesser_gain,
        prompt="A punter backs + at random 60 % of the time, where + wins 30 % of races, at fair odds. What "
               "does one bet win on average?",
        options=(
            Option("{gain:.0f} dollars", True,
                   "at fair odds every bet placed without knowledge has expected gain 0, whatever the "
                   "bias: guessing breaks even, so a steady profit is evidence of knowledge."),
            Option("more than 0, since its recall is {recall:.1f}", False,
                   "a high recall bought by backing + often is paid for by the stakes lost on the "
                   "negatives also backed: the gain stays 0."),
        )),
    Question(
        id="05.Q3", section="The poster's guessing punter breaks even", facts=_poster_guess,
        prompt="The poster's guessing punter (TP 12, FP 28, FN 18, TN 42) bets at 7:3. What does it win and lose?",
        options=(
            Option("wins {won:.0f} dollars and loses {lost:.0f}", True,
                   "the odds are fair and the punter knows nothing, so winnings and losses cancel."),
            Option("wins more than it loses, since it backs + often", False,
                   "backing + often only moves stakes around: at fair odds the totals cancel "
                   "({won:.0f} against {lost:.0f})."),
        )),
    Question(
        id="05.Q4", section="Any table: the winnings are $\\mathrm{tpr} - \\mathrm{fpr}$", facts=_unit_odds,
        answer="gain", digits=3,
        prompt="At unit fair odds (a winning bet on label l wins 1 dollar, a losing one loses Pr(l)/(1 − Pr(l))), "
               "what does the classifier TP 30, FP 10, FN 20, TN 40 win per bet on average?",
        why="for two classes the expected winnings per bet at unit fair odds are exactly B = tpr − fpr = "
            "{b:.3f}, not its accuracy {accuracy:.2f}."),
    Question(
        id="05.Q5", section="Explore the three degrees of freedom", facts=_dollar_block, answer="total", digits=1,
        prompt="In the Bookmaker's dollar block at odds that add to 10, the bets on + win {won_plus:.1f} dollars "
               "and the bets on − {won_minus:.1f}, for TP 30, FP 10, FN 20, TN 40. What is the block's total, "
               "each label weighted by its share of the bets?",
        why="each label's winnings are 10·B(l); weighted by the bias (0.4 and 0.6 of the bets) they give "
            "{weighted_plus:.1f} + {weighted_minus:.1f} = 10·B, with B = tpr − fpr = 0.6 − 0.2."),
)
