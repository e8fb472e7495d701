"""Quiz of notebook 07, unsupervised labels: matching, merging, abstention."""
from ...contingency import Contingency
from ..quiz import Option, Question


def _superstitious():
    t = Contingency([[5, 20], [20, 5]], labels=["0", "1"], classes=["x", "y"], layout="powers")
    matched = t.match_labels()
    as_named = Contingency([[5, 20], [20, 5]], labels=["x", "y"], layout="powers")   # cluster 0 read as x
    return {"b": as_named.informedness, "b_matched": matched.informedness, "map_0": matched.mapping["0"]}


QUESTIONS = (
    Question(
        id="07.Q1", section="Worse than chance, and relabelling", facts=_superstitious,
        prompt="A clustering's cluster 0 holds 5 x and 20 y, cluster 1 holds 20 x and 5 y. Read as cluster 0 = x, "
               "B = {b:.2f}. What should you do?",
        options=(
            Option("rename cluster 0 to y: B = {b_matched:.2f}", True,
                   "a cluster's number is only a name: read in the wrong order, an informed clustering looks "
                   "worse than chance. Match the clusters to classes first (`match_labels` maps 0 to "
                   "{map_0})."),
            Option("report B = {b:.2f}: the clustering is worse than chance", False,
                   "B(l) < 0 means the labels are superstitious, read against their meaning; renamed, the "
                   "same clustering is well informed.",
                   mistake="reads a cluster's number as a claim about a class"),
            Option("report 0: below chance is no better than a guess", False,
                   "a guess has B = 0 whatever its names; a table this far from 0 carries information, read "
                   "the wrong way round. Renamed, B = {b_matched:.2f}.",
                   mistake="floors a negative score at chance"),
        )),
    Question(
        id="07.Q2", section="The largest diagonal is a different goal",
        prompt="Is the map of clusters to classes with the largest diagonal (most cases right) always the map "
               "of largest B?",
        options=(
            Option("no: the two goals can pick different maps of one table", True,
                   "the diagonal counts hits and rewards sending big clusters to big classes; B subtracts "
                   "what guessing would get, label by label. `match_labels` maximises B."),
            Option("yes: more cases right always means a higher B", False,
                   "more hits can come from the margins alone: a majority guesser has many hits and B = 0.",
                   mistake="takes hits for knowledge"),
            Option("yes for one-to-one maps; only merges can differ", False,
                   "two clusters and two classes are enough: sending a small mixed cluster to the big class "
                   "can add hits and lower B (appendix A5 has such a table).",
                   mistake="thinks the two goals part only when clusters merge"),
        )),
    Question(
        id="07.Q3", section="Merging can beat every permutation",
        prompt="Clusters 0 and 1 both hold mostly class 0. Should the map of largest B be searched among the "
               "one-to-one maps (permutations) only?",
        options=(
            Option("no: a merge can beat every permutation of the clusters", True,
                   "a permutation must call one of the two clusters another class and read its class-0 cases "
                   "as errors; `match_labels` searches merges too and finds the map of largest B exactly."),
            Option("yes: each class should get exactly one cluster", False,
                   "a cluster's number is only a name, and two clusters may split one class. Forcing a "
                   "one-to-one map scores a good clustering as worse than it is.",
                   mistake="treats a clustering as a classifier with one cluster per class"),
            Option("yes: merging throws away what separates the clusters", False,
                   "the score is about the classes: two clusters that both hold class 0 separate nothing the "
                   "classes care about, and calling one of them another class only adds errors.",
                   mistake="thinks structure finer than the classes should count"),
        )),
    Question(
        id="07.Q4", section="Discussion",
        prompt="The map of clusters to classes is chosen to maximise B on a table, and B is then reported on "
               "that same table. Is the reported B a fair estimate?",
        options=(
            Option("no: choose the map on one part, score it on another", True,
                   "the best of many maps on one sample profits from that sample's chance fluctuations: even a "
                   "clustering unrelated to the classes gets a map with B ≥ 0 this way."),
            Option("yes: the map only renames clusters, so it cannot change how informed they are", False,
                   "renaming is chosen after seeing the table, and the best of many choices fits its noise; "
                   "on new data the same map usually scores less.",
                   mistake="forgets that the names were chosen on the data scored"),
            Option("yes: the search is exact, so the B it finds is the true one", False,
                   "exact means the best map for this table is found, not that its score carries over: the "
                   "maximum of many noisy scores is biased upwards.",
                   mistake="confuses an exact search with an unbiased estimate"),
        )),
)
