"""Quiz of appendix A6, Table 1 of the 2003 paper reconstructed."""
from functools import lru_cache

from ..replications.concordance import load_concordance, sense_counts
from ..papers import PAPER_TABLE_1
from ..quiz import Option, Question


@lru_cache(maxsize=1)
def _table1():
    ours = sense_counts(load_concordance())
    same = [s for s, counts in PAPER_TABLE_1.items() if ours.get(s) == counts]
    return {"classes": len(PAPER_TABLE_1), "same": len(same)}


QUESTIONS = (
    Question(
        id="A6.Q1", section="1. The concordance against Table 1", facts=_table1,
        prompt="Our labelling of the corpus matches {same} of the paper's {classes} sense classes exactly (occurrences "
               "and documents). What should you conclude about the rest?",
        options=(
            Option("look for counting choices before calling either wrong", True,
                   "which forms count (dogma, hot dog …), which copy of the corpus, which sense a borderline "
                   "case gets: small choices move a few occurrences."),
            Option("the paper's counts are wrong where ours differ", False,
                   "a difference between two labellings of the same corpus is not yet an error of either.",
                   mistake="takes one's own labels as the gold standard"),
            Option("our labels are wrong wherever they differ from the paper", False,
                   "the published counts are another labelling, made with choices the paper does not list; "
                   "they are not a gold standard either.",
                   mistake="takes the published counts as the gold standard"),
        )),
    Question(
        id="A6.Q2", section="3. Where the paper's numbers fall",
        prompt="The paper reports one score from one run of its clustering. How do you judge it?",
        options=(
            Option("place it among the scores of many seeds and designs", True,
                   "one run is one draw; whether it is typical or lucky shows only beside the distribution of "
                   "scores over seeds and feature designs."),
            Option("take it as the method's score, since the paper reports it", False,
                   "EM from another seed, or another feature design, gives another score.",
                   mistake="takes one draw for the method"),
            Option("rerun once with another seed and average the two", False,
                   "two draws say little about the spread; only many seeds show whether the published score "
                   "is typical or lucky.",
                   mistake="takes two draws for a distribution"),
        )),
    Question(
        id="A6.Q3", section="4. Which reading did the paper use?",
        prompt="The reduction can be read in several ways. How can the published table tell you which one the "
               "paper used?",
        options=(
            Option("by its shape: which labels, and how many, it keeps", True,
                   "each reading keeps a different number and kind of labels, rare ones included; simulate "
                   "each over seeds and compare the shapes it produces with the published table's."),
            Option("it cannot: only the scores in the table carry information", False,
                   "the number and kind of labels a reading keeps are evidence too.",
                   mistake="overlooks the table's shape as evidence"),
            Option("by which reading gives the highest scores", False,
                   "nothing says the paper used its most flattering reading; the shape of the table, not the "
                   "size of its scores, tells the readings apart.",
                   mistake="assumes a paper used its most flattering reading"),
        )),
    Question(
        id="A6.Q4", section="Slips in the reduced table",
        prompt="A row of a published table prints recall r, precision p and B(l) for one label. How can you find "
               "a slip without the counts?",
        options=(
            Option("check the identities that tie them, such as B(l) ≤ r", True,
                   "B(l) = r − fallout(l), so B(l) ≤ r, and r, p and the label's margins fix the rest: printed "
                   "values that cannot hold together for any table show a slip, whatever the data."),
            Option("you cannot: without the counts any three values are possible", False,
                   "the three numbers are not free: some combinations are impossible for any table.",
                   mistake="treats related measures as free numbers"),
            Option("check that each value lies between 0 and 1", False,
                   "that checks each number alone; a slip shows when the numbers cannot hold together, "
                   "as when B(l) exceeds r.",
                   mistake="checks each number alone instead of their relations"),
        )),
)
