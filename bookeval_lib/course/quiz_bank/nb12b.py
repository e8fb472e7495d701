"""Quiz of notebook 12b, is the clustering's score real? Selection bias, held-out halves and seeds."""
from ..quiz import Option, Question


QUESTIONS = (
    Question(
        id="12b.Q1", section="Selection on the test labels, and the permutation null",
        prompt="After the reduction (map, combine, drop), a clustering that knows nothing still scores well above "
               "0. Why, and what do you do about it?",
        options=(
            Option("the map is chosen on the labels it is scored on; compare with a permutation null, or choose "
                   "the map on one half and score the other", True,
                   "selection on the test labels flatters the score; the null shows how much a clustering "
                   "that knows nothing earns, and held-out halves remove the selection."),
            Option("the senses are easy; nothing needs doing", False,
                   "shuffling the labels destroys any sense information, and the reduced score stays high: "
                   "the reduction itself produces it."),
        )),
    Question(
        id="12b.Q2", section="2. One seed is one draw: seeds and designs",
        prompt="Design X scores 0.62 with seed 1 and design Y 0.58 with seed 1. Is X better?",
        options=(
            Option("not yet: run many seeds of each, and compare the means with the standard error of their "
                   "difference", True,
                   "one EM seed is one draw from a distribution; a two-sample comparison over seeds (or a "
                   "permutation test) says whether the designs differ by more than the seed moves them."),
            Option("yes, 0.62 > 0.58", False, "the difference may be smaller than the spread over seeds."),
            Option("no: 0.04 is too small a difference to matter, so they are equal", False,
                   "one draw each cannot show that they are equal either; only the spread over seeds says "
                   "how large a difference the seed alone makes."),
        )),
    Question(
        id="12b.Q3", section="1. The selection bias: a permutation null, and held-out halves",
        prompt="The clustering scores 0.91 when the map is chosen on all the labels and 0.78 when it is chosen on "
               "one half and scored on the other. Which do you report?",
        options=(
            Option("the held-out 0.78", True,
                   "chosen and scored on the same labels, the map is fitted to them and flatters the score; "
                   "the held-out half was not used to choose it."),
            Option("the 0.91: it uses all the data", False,
                   "using the labels twice, to choose and to score, is what inflates it."),
            Option("their mean", False,
                   "averaging an inflated score with an honest one is still inflated."),
        )),
    Question(
        id="12b.Q4", section="2. One seed is one draw: seeds and designs",
        prompt="Over ten EM seeds each, design A scores from 0.55 to 0.70 (mean 0.62, standard deviation 0.05) "
               "and design B from 0.60 to 0.75 (mean 0.68, standard deviation 0.05). What can you say?",
        options=(
            Option("B scores higher over the seeds: the difference of the means, 0.06, is 2.7 times its "
                   "standard error", True,
                   "the standard error of a difference of two means of ten is √(0.05²/10 + 0.05²/10) = 0.022, "
                   "and 0.06/0.022 = 2.7 (p ≈ 0.015 on 18 degrees of freedom)."),
            Option("nothing: the ranges overlap, so the seed alone can reverse the order", False,
                   "overlapping ranges do not make two designs equal: the ranges of two different means overlap "
                   "often, and more so the more seeds are run. Compare the means with their standard error."),
            Option("B is better: its best seed is higher", False,
                   "comparing the best seeds compares the luckiest draws; the means say it, not the maxima."),
        )),
)
