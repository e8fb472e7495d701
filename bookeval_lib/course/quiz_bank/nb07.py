"""Quiz of notebook 07, unsupervised labels: matching, merging, abstention."""
from ...contingency import Contingency
from ..quiz import Option, Question


def _superstitious():
    t = Contingency([[5, 20], [20, 5]], labels=["0", "1"], classes=["x", "y"], layout="powers")
    matched = t.match_labels()
    as_named = Contingency([[5, 20], [20, 5]], labels=["x", "y"], layout="powers")   # cluster 0 read as x
    return {"b": as_named.informedness, "b_matched": matched.informedness, "map_0": matched.mapping["0"]}


def _abstention():
    t = Contingency([[40, 5], [5, 30], [10, 10]], labels=["x", "y", "rest"], classes=["x", "y"], layout="powers")
    kept = t.abstain(["rest"])
    return {"coverage": kept.coverage, "b_kept": kept.table.informedness, "b": kept.informedness}


QUESTIONS = (
    Question(
        id="07.Q1", section="Worse than chance, and relabelling", facts=_superstitious,
        prompt="A clustering's cluster 0 holds 5 x and 20 y, cluster 1 holds 20 x and 5 y. Read as cluster 0 = x, "
               "B = {b:.2f}. What should you do?",
        options=(
            Option("rename: cluster 0 is y, which gives B = {b_matched:.2f}", True,
                   "a cluster's number is only a name: read in the wrong order, an informed clustering looks "
                   "worse than chance. Match the clusters to classes first (`match_labels` maps 0 to "
                   "{map_0})."),
            Option("report B = {b:.2f}: the clustering is worse than chance", False,
                   "B(l) < 0 means the labels are superstitious, read against their meaning; renamed, the "
                   "same clustering is well informed."),
        )),
    Question(
        id="07.Q2", section="Abstention", facts=_abstention,
        prompt="A catch-all cluster holding 20 of 100 cases is ignored; on the 80 kept cases B = {b_kept:.3f}. What "
               "B should be reported?",
        options=(
            Option("{b:.3f}, B times the coverage n/N = {coverage:.2f}", True,
                   "abstaining is not free: discounting by the coverage makes a system that answers "
                   "fewer cases pay for it, so two systems can be compared."),
            Option("{b_kept:.3f}, the B of the kept cases", False,
                   "that rewards abstaining: a system could keep only its easiest cases. Discount by n/N."),
        )),
    Question(
        id="07.Q3", section="The largest diagonal is a different goal",
        prompt="Is the map of clusters to classes with the largest diagonal (most cases right) always the map "
               "of largest B?",
        options=(
            Option("no: the two goals can pick different maps", True,
                   "the diagonal counts hits and rewards sending big clusters to big classes; B subtracts "
                   "what guessing would get, label by label. `match_labels` maximises B."),
            Option("yes: more hits always mean a higher B", False,
                   "more hits can come from the margins alone: a majority guesser has many hits and B = 0."),
        )),
    Question(
        id="07.Q4", section="Merging or ignoring a catch-all",
        prompt="A catch-all cluster only guesses (its cases are spread like the class margins). When is merging "
               "it into label j better than ignoring it?",
        options=(
            Option("when label j is better informed than the average, B(j) > B", True,
                   "merging adds a guess to label j; ignoring costs the coverage. The algebra of notebook 07 "
                   "shows merging wins exactly when B_kept(j) > B_kept."),
            Option("never: a guess can only lower B", False,
                   "ignoring also costs: B is discounted by the coverage. Merging into a well-informed label "
                   "costs less."),
            Option("always: merging keeps the coverage at 1", False,
                   "merging into a poorly informed label costs more than the coverage discount."),
        )),
)
