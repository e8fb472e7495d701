"""Quiz of appendix A5, the exact matching search."""
from ...contingency import Contingency
from ..quiz import Option, Question

_COUNTS = [[1, 3], [10, 20]]   # rows = clusters 0, 1; columns = classes x, y


def _maps():
    clusters, classes = 18, 3
    return {"maps": float(classes ** clusters), "with_drop": float((classes + 1) ** clusters)}


def _diagonal():
    named = Contingency(_COUNTS, labels=["x", "y"], layout="powers")                  # cluster 0 -> x
    swapped = Contingency(_COUNTS[::-1], labels=["x", "y"], layout="powers")           # cluster 0 -> y
    best = Contingency(_COUNTS, labels=["0", "1"], classes=["x", "y"], layout="powers").match_labels()
    return {"diag_named": float(named.counts.trace()), "diag_swapped": float(swapped.counts.trace()),
            "b_named": named.informedness, "b_swapped": swapped.informedness, "best_0": best.mapping["0"]}


QUESTIONS = (
    Question(
        id="A5.Q1", section="What is maximised",
        prompt="What does `match_labels` maximise?",
        options=(
            Option("the bias-weighted informedness B of the merged table, discounted by the coverage n/N", True,
                   "B rewards what the clusters know beyond guessing; the discount makes dropping clusters "
                   "pay for the cases it leaves out."),
            Option("the number of cases on the diagonal", False,
                   "that is the other goal the 2003 paper offers; it can pick a different map."),
        )),
    Question(
        id="A5.Q2", section="One-to-one maps are an assignment problem", facts=_maps, answer="maps", digits=0,
        prompt="How many maps of 18 clusters onto 3 classes (merges allowed, none dropped) would a brute-force "
               "search try?",
        why="each cluster goes to one of 3 classes: 3¹⁸. With dropping, 4¹⁸ = {with_drop:,.0f}. The search "
            "avoids enumerating them: one term per label, a dynamic program over sets, and bounds."),
    Question(
        id="A5.Q3", section="The diagonal and $B$ are different goals", facts=_diagonal,
        prompt="Cluster 0 holds 1 x and 3 y, cluster 1 holds 10 x and 20 y. Calling cluster 0 'x' puts "
               "{diag_named:.0f} cases on the diagonal, calling it 'y' only {diag_swapped:.0f}. Which map has the larger B?",
        options=(
            Option("cluster 0 → y", True,
                   "B = {b_swapped:.4f}, against {b_named:.4f}: the diagonal rewards sending the big cluster to the big class; B asks which label each "
                   "cluster is more likely than chance to hold. `match_labels` maps cluster 0 to "
                   "{best_0}."),
            Option("cluster 0 → x, the map with more hits", False,
                   "more hits here come from the margins: that map has B = {b_named:.4f}, below 0."),
        )),
    Question(
        id="A5.Q4", section="With dropping: kept sets, and why a pure cluster stays",
        prompt="When clusters may be dropped, can the best map drop a pure cluster (all its cases of one class)?",
        options=(
            Option("no: kept and merged into its class, it adds only hits", True,
                   "its cases raise that class's recall without adding a false positive; dropping it would "
                   "only lower the coverage. The search uses this to prune."),
            Option("yes, if it is small", False, "even a small pure cluster adds hits and no false alarms."),
        )),
    Question(
        id="A5.Q5", section="Many-to-one maps: one term per label",
        prompt="Why can the search for the best map work label by label instead of trying every map?",
        options=(
            Option("B is a sum of one term per label, Pr_P(l)·B(l), and each term depends only on the clusters "
                   "given that label (and the fixed class margins)", True,
                   "with one cluster per label, choosing the terms is an assignment problem; with merges it is "
                   "a choice of disjoint sets of clusters, one per label, which a dynamic program over sets "
                   "solves exactly."),
            Option("because the clusters are independent of each other", False,
                   "the clusters compete for the labels; what separates is the objective, one term per label."),
        )),
)
