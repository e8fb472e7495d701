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
)
