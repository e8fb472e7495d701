"""Quiz of notebook 02, recall, precision and their averages."""
import numpy as np

from ...measures import BinaryTable
from ..quiz import Option, Question

_TABLE = {"tp": 20, "fp": 10, "fn": 5, "tn": 65}


def _accuracy_weights():
    t = BinaryTable(**_TABLE)
    average = {"prevalence": t.prevalence * t.recall + (1 - t.prevalence) * t.inverse_recall,
               "bias": t.bias * t.recall + (1 - t.bias) * t.inverse_recall,
               "equal": (t.recall + t.inverse_recall) / 2}
    return {"accuracy": t.accuracy, **{f"{k}_avg": v for k, v in average.items()},
            **{k: bool(np.isclose(v, t.accuracy)) for k, v in average.items()}}


def _rand_score():
    from sklearn.metrics import rand_score
    y_true, y_pred = [1, 1, 0, 0], [1, 0, 0, 0]
    return {"accuracy": BinaryTable.from_labels(y_true, y_pred, pos_label=1).accuracy,
            "rand": rand_score(y_true, y_pred)}


def _blind_to_tn():
    a, b = BinaryTable(**_TABLE), BinaryTable(**{**_TABLE, "tn": 5})
    return {"recall": a.recall, "precision": a.precision, "b_a": a.informedness, "b_b": b.informedness}


def _jaccard():
    t = BinaryTable(**_TABLE)
    return {"jaccard": t.jaccard, "f1": t.f1}


QUESTIONS = (
    Question(
        id="02.Q1", section="Accuracy is a weighted average — twice (eq. 5)", facts=_accuracy_weights,
        prompt="The table TP 20, FP 10, FN 5, TN 65 has accuracy {accuracy:.2f}. It is a weighted average of "
               "recall and inverse recall. Weighted by what?",
        options=(
            Option("by the prevalence rp and rn = 1 − rp, the class shares", "prevalence",
                   "that average is {prevalence_avg:.4f}. Recall counts the real positives and inverse recall the "
                   "real negatives, so each is weighted by its column's share. Precision and inverse precision "
                   "average to accuracy with the bias as weight instead."),
            Option("by the bias pp and pn = 1 − pp, how often each is predicted", "bias",
                   "that average is {bias_avg:.4f}: the bias weights precision and inverse precision, which are "
                   "read along the rows; recall and inverse recall are read down the columns.",
                   mistake="swaps the weights of the recall pair and the precision pair"),
            Option("equally, ½ each, as in balanced accuracy", "equal",
                   "that average is {equal_avg:.4f}, balanced accuracy; it equals accuracy only when the classes "
                   "are equally common.",
                   mistake="takes accuracy for balanced accuracy"),
        )),
    Question(
        id="02.Q2", section="Accuracy is a weighted average — twice (eq. 5)", facts=_rand_score,
        prompt="Labels y_true = [1, 1, 0, 0] and y_pred = [1, 0, 0, 0]: the accuracy is {accuracy:.2f}. Does "
               "scikit-learn's `rand_score(y_true, y_pred)` give the same?",
        options=(
            Option("no: it gives {rand:.2f}", True,
                   "`rand_score` compares two clusterings pair by pair (do both put cases i and j "
                   "together?); the 'Rand accuracy' of a 2×2 table is plain accuracy, a different thing."),
            Option("yes: Rand accuracy is another name for accuracy", False,
                   "the names collide, but the pair-counting Rand index answers another question "
                   "and gives {rand:.2f} here.",
                   mistake="trusts a shared name to mean a shared formula"),
            Option("no: it removes chance, as kappa does, and so is lower", False,
                   "`rand_score` subtracts nothing for chance; that is `adjusted_rand_score`. It is lower here "
                   "because it counts the pairs of cases on which the two labellings agree (a share {rand:.2f} of the "
                   "pairs), not the cases.",
                   mistake="confuses the Rand index with the adjusted Rand index"),
        )),
    Question(
        id="02.Q3", section="What recall and precision cannot see", facts=_blind_to_tn,
        prompt="Two classifiers both have recall {recall:.2f} and precision {precision:.2f} on tables that "
               "differ only in TN (65 against 5). Do they know as much?",
        options=(
            Option("not necessarily: recall − fallout is {b_a:.2f} against {b_b:.2f}", True,
                   "recall and precision never read the TN cell, so they cannot tell a classifier that "
                   "rejects most negatives from one that flags most of them."),
            Option("yes: equal recall and precision mean equal performance", False,
                   "the second classifier flags 10 of its 15 negatives; the first 10 of 75. "
                   "Recall and precision do not see the difference, fallout does.",
                   mistake="takes recall and precision for a full summary of the table"),
            Option("yes: TN counts only easy cases, which say nothing about skill", False,
                   "a correct rejection is a decision too: the second classifier rejects only 5 of its 15 "
                   "negatives, the first 65 of 75; recall − fallout is {b_b:.2f} against {b_a:.2f}.",
                   mistake="thinks correct rejections carry no information"),
        )),
    Question(
        id="02.Q4", section="When recall and precision are the right numbers",
        prompt="A search engine returns 10 documents out of millions. Which numbers fit the question "
               "'how good is this list for this query?'",
        options=(
            Option("recall and precision: TN is not part of it", True,
                   "the question is about the list returned and the relevant documents missed; the "
                   "millions of correctly ignored documents (TN) are not part of it."),
            Option("accuracy, since it counts every document", False,
                   "with millions of true negatives, accuracy is near 1 for any short list, good or bad.",
                   mistake="uses accuracy where the negatives swamp every other cell"),
            Option("fallout, since it counts the false alarms", False,
                   "fallout divides a few false positives by millions of negatives: near 0 for every list.",
                   mistake="expects a rate over millions of negatives to separate short lists"),
        )),
    Question(
        id="02.Q5", section="Jaccard (eq. 6)", facts=_jaccard, answer="jaccard", digits=4,
        prompt="What is Jaccard for TP 20, FP 10, FN 5, TN 65?",
        why="Jaccard = TP/(TP + FP + FN): the hits over every case that the prediction or the real class calls +. "
            "TN plays no part, as in F1 = {f1:.4f}, and Jaccard = F1/(2 − F1)."),
)
