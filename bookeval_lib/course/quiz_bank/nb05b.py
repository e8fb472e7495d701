"""Quiz of notebook 05b, informed or guessing: the edge is the probability of knowing."""
import numpy as np

from ..replications.betting import winnings_moments
from ...montecarlo import expected_table
from ..quiz import Option, Question


def _mixture():
    """p_inf = 0.4 at prevalence 0.3, guessing + with probability 0.6; and a pure guess (p_inf = 0) of the same bias."""
    t, guess = expected_table(0.4, prevalence=0.3, guess_bias=0.6), expected_table(0.0, prevalence=0.3, guess_bias=0.6)
    return {"tpr": t.recall, "fpr": t.fallout, "b": t.informedness, "accuracy": t.accuracy,
            "guess_accuracy": guess.accuracy, "excess": t.accuracy - guess.accuracy}


def _swapped_punter():
    """Figure 1's p_inf = -0.15 punter: prevalence 0.7, guessing + with probability 0.8 (Powers 2003)."""
    t = expected_table(-0.15, prevalence=0.7, guess_bias=0.8)
    return {"tpr": t.recall, "fpr": t.fallout, "b": t.informedness}


def _standard_error():
    mean, sd = winnings_moments([0.3, 0.7], [0.5, 0.5], 0.5)
    return {"mean": mean, "se": sd / np.sqrt(20_000), "se_4": 4 * sd / np.sqrt(20_000)}


QUESTIONS = (
    Question(
        id="05b.Q1", section="Mixing perfect play with guessing gives $B = p_{\\mathrm{inf}}$", facts=_mixture,
        prompt="A punter knows the winner with probability p_inf = 0.4 and otherwise backs + with probability 0.6; + "
               "wins 30 % of races. Its true positive rate is {tpr:.2f}. Does its B depend on the guess bias 0.6?",
        options=(
            Option("no: B = {b:.2f} = p_inf, for any guess bias", True,
                   "guessing adds (1 − p_inf)·q to both the true and the false positive rate, and the "
                   "difference cancels it: tpr − fpr = {tpr:.2f} − {fpr:.2f} = p_inf."),
            Option("yes: backing + more often raises recall, so it raises B", False,
                   "it raises the false positive rate by exactly as much: tpr = p_inf + (1 − p_inf)q and "
                   "fpr = (1 − p_inf)q, so B = p_inf = {b:.2f} whatever q.",
                   mistake="credits recall bought with bias as knowledge"),
            Option("yes: B = p_inf only when the guess bias equals the prevalence", False,
                   "that condition belongs to markedness, the correlation and kappa, which divide by the "
                   "prediction margins; B = tpr − fpr = {b:.2f} for any guess bias.",
                   mistake="carries the condition of markedness and kappa over to B"),
        )),
    Question(
        id="05b.Q2", section="The informed-or-guessing punter", facts=_mixture,
        prompt="The same punter (p_inf = 0.4, guessing + with probability 0.6, + wins 30 % of races) backs the winner "
               "in {accuracy:.3f} of its races. Is that how often it knows the winner?",
        options=(
            Option("no: it knows in only {b:.2f} of its races; the rest is luck", True,
                   "a pure guesser with the same bias is right in {guess_accuracy:.2f} of races while knowing "
                   "nothing; accuracy = p_inf + (1 − p_inf)·{guess_accuracy:.2f} = {accuracy:.3f}. B removes the luck."),
            Option("yes: a punter right in a share of races knows that share", False,
                   "guessing alone is right in {guess_accuracy:.2f} of races here; accuracy mixes knowing "
                   "and luck, B = p_inf = {b:.2f} counts only the knowing.",
                   mistake="reads accuracy as the share of informed decisions"),
            Option("no: it knows in {excess:.3f} of them, its accuracy minus a guesser's", False,
                   "subtracting the guesser's {guess_accuracy:.2f} removes the luck of all races, but luck only "
                   "plays in the (1 − p_inf) races it guesses: (accuracy − {guess_accuracy:.2f})/(1 − "
                   "{guess_accuracy:.2f}) = {b:.2f}.",
                   mistake="subtracts chance without rescaling"),
        )),
    Question(
        id="05b.Q3", section="Four punters at 7:3", facts=_swapped_punter, answer="b", digits=2,
        prompt="Figure 1 of the 2003 paper has a punter who plays perfectly but with the labels swapped in 15 % of "
               "races and otherwise backs + with probability 0.8, where + wins 70 % of races. What is its B?",
        why="the swapped informed bets always back the loser: tpr = (1 − 0.15)·0.8 = {tpr:.2f} and fpr = 0.15 + "
            "{tpr:.2f} = {fpr:.2f}, so B = {b:.2f}. A negative B is knowledge used backwards: swap the punter's "
            "two labels and tpr and fpr become 1 − {fpr:.2f} and 1 − {tpr:.2f}, so B = +0.15."),
    Question(
        id="05b.Q4", section="A simulated punter", facts=_standard_error, answer="se", digits=4,
        prompt="A punter with B = {mean:.1f} (prevalence 0.3, guessing bias 0.5) bets 20,000 times at unit odds. "
               "What is the standard error of its average winnings per bet?",
        why="the standard deviation of one bet's payoff divided by √20,000. The running average should sit "
            "within a few of these of B: ±{se_4:.3f} holds it with near certainty."),
)
