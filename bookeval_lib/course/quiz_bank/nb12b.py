"""Quiz of notebook 12b, is the clustering's score real? Selection bias, held-out halves and seeds."""
import numpy as np

from ..quiz import Option, Question


def _two_designs():
    """Ten seeds of each design: means 0.62 and 0.68, standard deviations 0.05 (the question's summary)."""
    from scipy import stats
    n, sd, mean_a, mean_b = 10, 0.05, 0.62, 0.68
    se = np.sqrt(sd ** 2 / n + sd ** 2 / n)
    t = (mean_b - mean_a) / se
    return {"diff": mean_b - mean_a, "se": float(se), "t": float(t), "p": float(2 * stats.t.sf(t, df=2 * n - 2))}


QUESTIONS = (
    Question(
        id="12b.Q1", section="Selection on the test labels, and the permutation null",
        prompt="After the reduction (map, combine, drop), a clustering that knows nothing still scores well above "
               "0. Why, and what do you do about it?",
        options=(
            Option("chosen on the test labels: check with a shuffled-label null", True,
                   "selection on the test labels flatters the score; the permutation null shows how much a "
                   "clustering that knows nothing earns, and choosing the map on one half and scoring the other "
                   "removes the selection."),
            Option("the senses are easy to tell apart, so nothing needs to be done", False,
                   "shuffling the labels destroys any sense information, and the reduced score stays high: "
                   "the reduction itself produces it.",
                   mistake="credits the data for what the evaluation adds"),
            Option("EM overfits the context words: refit with fewer clusters", False,
                   "the clustering that knows nothing is scored against shuffled labels: no fit can know them, "
                   "and still it scores above 0. The reduction, chosen on the labels, produces the score.",
                   mistake="blames the model for an error of the evaluation"),
        )),
    Question(
        id="12b.Q2", section="2. One seed is one draw: seeds and designs",
        prompt="Design X scores 0.62 with seed 1 and design Y 0.58 with seed 1. Is X better?",
        options=(
            Option("not yet: compare the two designs over many seeds each", True,
                   "one EM seed is one draw from a distribution; a two-sample comparison over seeds (or a "
                   "permutation test) says whether the designs differ by more than the seed moves them."),
            Option("yes: the same seed makes it a fair comparison", False,
                   "the same seed number does not make the two fits the same draw: each design's score moves "
                   "with the seed, and one draw each cannot show which design is better.",
                   mistake="thinks a shared seed turns one draw into a comparison"),
            Option("no: a difference this small means they are equal", False,
                   "one draw each cannot show that they are equal either; only the spread over seeds says "
                   "how large a difference the seed alone makes.",
                   mistake="reads a small difference as no difference"),
        )),
    Question(
        id="12b.Q3", section="1. The selection bias: a permutation null, and held-out halves",
        prompt="The clustering scores 0.91 when the map is chosen on all the labels and 0.78 when it is chosen on "
               "one half and scored on the other. Which do you report?",
        options=(
            Option("the held-out 0.78, scored on the half not used to choose", True,
                   "chosen and scored on the same labels, the map is fitted to them and flatters the score; "
                   "the held-out half was not used to choose it."),
            Option("the 0.91: it uses all the data", False,
                   "using the labels twice, to choose and to score, is what inflates it.",
                   mistake="values more data over an honest score"),
            Option("their mean, to balance the two", False,
                   "averaging an inflated score with an honest one is still inflated.",
                   mistake="averages away a systematic error"),
        )),
    Question(
        id="12b.Q4", section="2. One seed is one draw: seeds and designs", facts=_two_designs,
        prompt="Over ten EM seeds each, design A scores from 0.55 to 0.70 (mean 0.62, standard deviation 0.05) "
               "and design B from 0.60 to 0.75 (mean 0.68, standard deviation 0.05). What can you say?",
        options=(
            Option("B: the means differ by {diff:.2f}, {t:.1f} standard errors", True,
                   "the standard error of a difference of two means of ten is √(0.05²/10 + 0.05²/10) = "
                   "{se:.3f}, and {diff:.2f}/{se:.3f} = {t:.1f} (p = {p:.3f} on 18 degrees of freedom)."),
            Option("nothing: the ranges overlap, so the seed alone can reverse the order", False,
                   "overlapping ranges do not make two designs equal: the ranges of two different means overlap "
                   "often, and more so the more seeds are run. Compare the means with their standard error.",
                   mistake="reads overlapping ranges as no difference"),
            Option("B is better: its best seed beats A's best seed", False,
                   "comparing the best seeds compares the luckiest draws; the means say it, not the maxima.",
                   mistake="compares the luckiest draws"),
        )),
)
