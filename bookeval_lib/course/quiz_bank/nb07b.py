"""Quiz of notebook 07b, abstaining from a catch-all cluster."""
from ...contingency import Contingency
from ..quiz import Option, Question


def _abstention():
    t = Contingency([[40, 5], [5, 30], [10, 10]], labels=["x", "y", "rest"], classes=["x", "y"], layout="powers")
    kept = t.abstain(["rest"])
    return {"coverage": kept.coverage, "b_kept": kept.table.informedness, "b": kept.informedness}




def _recall_over_all():
    t = Contingency([[40, 5], [5, 30], [10, 10]], labels=["x", "y", "rest"], classes=["x", "y"], layout="powers")
    kept = t.abstain(["rest"])
    return {"recall_all": kept.recall_per_label[0], "recall_kept": kept.table.recall_per_label[0],
            "coverage": kept.coverage, "scaled": kept.table.recall_per_label[0] * kept.coverage}


QUESTIONS = (
    Question(
        id="07b.Q1", section="Abstention", facts=_abstention,
        prompt="A catch-all cluster holding 20 of 100 cases is ignored; on the 80 kept cases B = {b_kept:.3f}. What "
               "B should be reported?",
        options=(
            Option("{b:.3f}, B times the coverage n/N = {coverage:.2f}", True,
                   "abstaining is not free: discounting by the coverage makes a system that answers "
                   "fewer cases pay for it, so two systems can be compared."),
            Option("{b_kept:.3f}, the B of the kept cases", False,
                   "that rewards abstaining: a system could keep only its easiest cases. Discount by n/N.",
                   mistake="treats abstention as free"),
            Option("{b_kept:.3f}, since the ignored cases are hard for any system", False,
                   "every system could call its misses hard; the discount by n/N applies whatever the reason, "
                   "so systems that answer different shares of the cases stay comparable.",
                   mistake="excuses abstention when the abstained cases look hard"),
        )),
    Question(
        id="07b.Q2", section="Abstention", facts=_recall_over_all,
        prompt="Cluster x holds 40 x and 5 y, cluster y 5 x and 30 y, and the ignored catch-all 10 x and 10 y. What "
               "is the recall of class x over all the cases?",
        options=(
            Option("{recall_all:.4f} = 40/55", True,
                   "recall over all N divides the hits by the whole class, abstained cases included: the x "
                   "cases in the catch-all count as misses."),
            Option("{scaled:.4f}, the kept recall {recall_kept:.4f} times the coverage {coverage:.2f}", False,
                   "that assumes the catch-all takes each class in proportion to the coverage; it holds 10 of "
                   "the 55 x cases, not a share {coverage:.2f} of them, so the product is not the recall.",
                   mistake="scales a per-class rate by the pooled coverage"),
            Option("{recall_kept:.4f} = 40/45: abstained cases are not predictions", False,
                   "that is the recall over the kept cases; over all the cases the 10 x cases in the catch-all "
                   "were not found, and recall counts them as misses.",
                   mistake="computes recall over the kept cases only"),
        )),
    Question(
        id="07b.Q3", section="Merging or ignoring a catch-all",
        prompt="A catch-all cluster only guesses (its cases are spread like the class margins). When is merging "
               "it into label j better than ignoring it?",
        options=(
            Option("when B(j) > B: label j is better informed than the average", True,
                   "merging adds a guess to label j; ignoring costs the coverage. The algebra of this notebook "
                   "shows merging wins exactly when B_kept(j) > B_kept."),
            Option("never: adding a guess to a label can only lower B", False,
                   "ignoring also costs: B is discounted by the coverage. Merging into a well-informed label "
                   "costs less.",
                   mistake="forgets that ignoring has a price too"),
            Option("always: merging keeps every case, coverage 1", False,
                   "merging into a poorly informed label costs more than the coverage discount.",
                   mistake="forgets that merging dilutes the label"),
        )),
    Question(
        id="07b.Q4", section="Merging or ignoring a catch-all",
        prompt="`match_labels(allow_drop=True)` returns a map that merges the catch-all into a class and drops no "
               "cluster. Was ignoring the catch-all considered?",
        options=(
            Option("yes: every map that drops it scored lower once discounted by n/N", True,
                   "`allow_drop=True` adds the maps that leave clusters out, each scored as B of the kept "
                   "table times the coverage; the search returns the best of all of them."),
            Option("no: a map that drops nothing shows that dropping was switched off", False,
                   "the search is exact over merges and drops alike; here merging simply won.",
                   mistake="reads the result as the setting"),
            Option("no: the search stops at the first good map, which drops nothing", False,
                   "the search is exact: it bounds and prunes, but returns the map of largest discounted B "
                   "over every merge and drop.",
                   mistake="takes an exact search for a greedy one"),
        )),
)
