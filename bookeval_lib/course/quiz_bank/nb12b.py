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
            Option("not yet: run many seeds, and rank the designs only if their ranges do not overlap", True,
                   "one EM seed is one draw from a distribution; report the distribution over seeds."),
            Option("yes, 0.62 > 0.58", False, "the difference may be smaller than the spread over seeds."),
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
                   "averaging a biased score with an honest one is still biased."),
        )),
    Question(
        id="12b.Q4", section="2. One seed is one draw: seeds and designs",
        prompt="Over ten EM seeds, design A scores from 0.55 to 0.70 and design B from 0.60 to 0.75. What can you "
               "say?",
        options=(
            Option("not that B is better: the ranges overlap, so the seed alone can reverse the order", True,
                   "each seed is one draw; rank two designs only when their distributions over seeds do not "
                   "overlap."),
            Option("B is better: its best seed is higher", False,
                   "comparing the best seeds compares the luckiest draws."),
            Option("A is better: its range is narrower", False,
                   "both ranges are 0.15 wide; and width says nothing about which is higher."),
        )),
)
