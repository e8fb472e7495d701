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


def _few_shuffles():
    """99 or 1999 shuffles: the smallest p-value 1/(1 + n), and twice the Monte Carlo standard error at 0.01."""
    return {"smallest": 1 / (1 + 99), "smallest_1999": 1 / (1 + 1999),
            "two_se": float(2 * np.sqrt(0.01 * 0.99 / 99))}


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
        id="12b.Q3", section="1. The selection bias: a permutation null, and held-out halves", facts=_few_shuffles,
        prompt="A colleague shuffles the labels 99 times to decide whether another clustering is informed at the "
               "1 % level. Is that enough shuffles?",
        options=(
            Option("no: 99 shuffles cannot show a p-value below {smallest:.2f}, the level itself", True,
                   "with n shuffles p = (1 + #{{null ≥ observed}})/(1 + n), at least 1/(1 + 99) = {smallest:.2f} even "
                   "when the clustering beats every shuffle, and near 0.01 it is estimated only within "
                   "±2·√(0.01·0.99/99) = ±{two_se:.2f}. With 1999 shuffles the smallest is {smallest_1999:.4f}."),
            Option("yes: if the clustering beats all 99 shuffles, p is 0, below 1 %", False,
                   "the observed labelling counts as one of the permutations, so beating all 99 gives "
                   "p = 1/100 = {smallest:.2f}, not 0, and not below the level.",
                   mistake="forgets the +1 that keeps a permutation p-value above 1/(n + 1)"),
            Option("no: a permutation test must try every ordering of the 504 labels", False,
                   "a random sample of shuffles estimates the p-value, with a Monte Carlo error that shrinks as "
                   "1/√n; enough shuffles make it small without trying every ordering.",
                   mistake="thinks a sampled permutation null must be exhaustive"),
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
