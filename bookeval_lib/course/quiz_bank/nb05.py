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
    even = (win + stake) / 2
    return {"win": win, "stake": stake, "fair_gain": expected_gain(0.3, win, stake),
            "swapped_gain": expected_gain(0.3, stake, win), "even": even, "even_gain": expected_gain(0.3, even, even)}


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


def _favourite():
    """A punter with no knowledge who always backs the favourite, + (wins 70 % of races), at fair odds."""
    win, stake = reduced_odds(0.7)
    always_plus = expected_table(0.0, prevalence=0.7, guess_bias=1.0)
    gain = round(float(expected_gain(0.7, win, stake)), 12) + 0.0      # + 0.0 turns a -0.0 into 0.0
    return {"win": win, "stake": stake, "gain": gain, "won_percent": 100 * always_plus.accuracy}


QUESTIONS = (
    Question(
        id="05.Q1", section="Fair odds", facts=_odds,
        prompt="A horse wins 30 % of its races. What are the fair odds that add to 10?",
        options=(
            Option("{win:.0f}:{stake:.0f}: stake {stake:.0f} dollars to win {win:.0f}", True,
                   "fair odds make the expected gain 0: 0.3 × {win:.0f} − 0.7 × {stake:.0f} = {fair_gain:.0f}."),
            Option("{stake:.0f}:{win:.0f}: stake {win:.0f} dollars to win {stake:.0f}", False,
                   "that swaps the win and the stake: 0.3 × {stake:.0f} − 0.7 × {win:.0f} = {swapped_gain:.1f} "
                   "dollars a bet, a sure loss for the punter in the long run.",
                   mistake="puts the larger payout on the likelier outcome"),
            Option("{even:.0f}:{even:.0f}, since a race is won or lost", False,
                   "two outcomes are not two equal chances: at even odds a bet on this horse gains "
                   "0.3 × {even:.0f} − 0.7 × {even:.0f} = {even_gain:.0f} dollars on average.",
                   mistake="takes two outcomes for two equal chances"),
        )),
    Question(
        id="05.Q2", section="Fair odds", facts=_favourite,
        prompt="+ wins 70 % of races and the odds are fair ({win:.0f}:{stake:.0f} on +). A punter who knows "
               "nothing always backs +, the favourite. What does one bet win on average?",
        options=(
            Option("{gain:.0f} dollars", True,
                   "it wins {won_percent:.0f} % of its bets, but each win pays {win:.0f} and each loss costs "
                   "{stake:.0f}: 0.7 × {win:.0f} − 0.3 × {stake:.0f} = {gain:.0f}. At fair odds every bet placed "
                   "without knowledge breaks even, so a steady profit is evidence of knowledge."),
            Option("a profit: it wins {won_percent:.0f} % of its bets", False,
                   "winning often is not winning money: fair odds pay the favourite only {win:.0f} for a "
                   "stake of {stake:.0f}, which cancels its {won_percent:.0f} % of wins exactly.",
                   mistake="counts the wins and not what they pay"),
            Option("a loss: betting without knowledge always loses", False,
                   "that holds at a bookmaker's odds, which keep a margin; at fair odds the expected gain of a "
                   "bet without knowledge is {gain:.0f}, whichever horse it backs.",
                   mistake="takes fair odds for a bookmaker's odds"),
        )),
    Question(
        id="05.Q3", section="The poster's guessing punter breaks even", facts=_poster_guess,
        prompt="The poster's guessing punter (TP 12, FP 28, FN 18, TN 42) bets at 7:3 and collects {won:.0f} "
               "dollars from its winning bets. Did it make a profit?",
        options=(
            Option("no: it also loses {lost:.0f} dollars in the stakes of its losing bets", True,
                   "the odds are fair and the punter knows nothing, so winnings and losses cancel."),
            Option("yes: {won:.0f} dollars won is {won:.0f} dollars of profit", False,
                   "the stakes of its losing bets come off: it loses {lost:.0f}, and its net is 0.",
                   mistake="counts the winnings but not the stakes lost"),
            Option("yes: it backs + often, and a bet on + pays 7 for 3", False,
                   "the long odds on + are long because + wins only 30 % of races; backing it often only "
                   "moves stakes around: {won:.0f} won against {lost:.0f} lost.",
                   mistake="thinks long odds favour whoever backs them"),
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
        prompt="In the Bookmaker's dollar block at odds that add to 10, each label's bets are weighted by its share "
               "of the bets. What is the block's total for TP 30, FP 10, FN 20, TN 40?",
        why="the bets on + win 10·B(+) = {won_plus:.1f} dollars and those on − 10·B(−) = {won_minus:.1f}, since "
            "B(+) = B(−) = B = tpr − fpr = 0.6 − 0.2 for two classes; weighted by the bias (0.4 and 0.6 of the "
            "bets) they give {weighted_plus:.1f} + {weighted_minus:.1f} = 10·B."),
)
