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
            Option("B of the merged table, times the coverage", True,
                   "the bias-weighted informedness rewards what the clusters know beyond guessing; the discount by n/N "
                   "makes dropping clusters pay for the cases it leaves out."),
            Option("the number of cases on the diagonal, the hits", False,
                   "that is the other goal the 2003 paper offers; it can pick a different map.",
                   mistake="takes hits for knowledge"),
            Option("the correlation R_K of the merged table", False,
                   "R_K is one symmetric summary of a table; the search maximises the discounted B, whose "
                   "terms separate label by label.",
                   mistake="takes the symmetric summary for the objective"),
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
                   "B = {b_swapped:.4f}, against {b_named:.4f}: the diagonal rewards sending the big cluster to "
                   "the big class; B asks which label each cluster is more likely than chance to hold. "
                   "`match_labels` maps cluster 0 to {best_0}."),
            Option("cluster 0 → x, the map with more hits", False,
                   "more hits here come from the margins: that map has B = {b_named:.4f}, below 0.",
                   mistake="takes hits for knowledge"),
            Option("either: the two B differ only in sign", False,
                   "the sign is the point: B = {b_named:.4f} reads the clusters against their meaning, "
                   "B = {b_swapped:.4f} with it.",
                   mistake="treats the sign of B as a matter of naming"),
        )),
    Question(
        id="A5.Q4", section="With dropping: kept sets, and why a pure cluster stays",
        prompt="When clusters may be dropped, can the best map drop a pure cluster (all its cases of one class)?",
        options=(
            Option("no: merged into its class it adds only hits", True,
                   "its cases raise that class's recall without adding a false positive; dropping it would "
                   "only lower the coverage. The search uses this to prune."),
            Option("yes, if it is small enough not to matter", False, "even a small pure cluster adds hits and no "
                   "false alarms.",
                   mistake="thinks size decides what a cluster adds"),
            Option("yes, if dropping it raises B of the kept cases", False,
                   "it cannot: kept and merged into its class, it raises that class's recall and adds no false "
                   "alarm, so both B and the coverage gain.",
                   mistake="forgets what a pure cluster adds to B"),
        )),
    Question(
        id="A5.Q5", section="Many-to-one maps: one term per label",
        prompt="Why can the search for the best map work label by label instead of trying every map?",
        options=(
            Option("B adds one term per label, set by that label's clusters", True,
                   "B = Σ Pr_P(l)·B(l), and each term depends only on the clusters given that label (and the "
                   "fixed class margins); with one cluster per label choosing the terms is an assignment "
                   "problem, with merges a choice of disjoint sets of clusters, one per label, which a dynamic "
                   "program over sets solves exactly."),
            Option("because the clusters were fitted independently of each other", False,
                   "the clusters compete for the labels; what separates is the objective, one term per label.",
                   mistake="looks for independence in the data instead of in the objective"),
            Option("because B is a mean over cases, one term per case", False,
                   "B is not a mean over cases; its terms belong to the labels, each a function of the clusters "
                   "sent to it.",
                   mistake="treats B as a mean over cases"),
        )),
)
