"""Quiz of notebook 06b, one number for K classes: averages, kappa and correlation."""
import numpy as np

from ...contingency import Contingency
from ..quiz import Option, Question

_COUNTS = [[20, 5, 5], [10, 10, 5], [0, 5, 40]]   # rows = predictions a, b, c; columns = classes


def _majority():
    t = Contingency([[80, 10, 10], [0, 0, 0], [0, 0, 0]], labels=["a", "b", "c"], layout="powers")
    return {"accuracy": t.accuracy, "b": t.informedness}


def _micro():
    from sklearn.metrics import recall_score
    t = Contingency(_COUNTS, labels=["a", "b", "c"], layout="powers")
    counts = np.asarray(_COUNTS)
    y_pred = np.repeat(np.repeat([0, 1, 2], 3), counts.ravel())
    y_true = np.repeat(np.tile([0, 1, 2], 3), counts.ravel())
    micro = recall_score(y_true, y_pred, average="micro")
    macro = recall_score(y_true, y_pred, average="macro")
    return {"micro": micro, "macro": macro, "accuracy": t.accuracy, "b": t.informedness,
            "micro_is_accuracy": bool(np.isclose(micro, t.accuracy)), "macro_is_b": bool(np.isclose(macro, t.informedness))}


def _rk():
    t = Contingency(_COUNTS, labels=["a", "b", "c"], layout="powers")
    return {"rk": t.matthews_correlation, "root": np.sqrt(t.informedness * t.markedness),
            "kappa": t.kappa,
            "equal": bool(np.isclose(t.matthews_correlation, np.sqrt(t.informedness * t.markedness)))}


def _micro_b():
    t = Contingency([[80, 10, 10], [0, 0, 0], [0, 0, 0]], labels=["a", "b", "c"], layout="powers")
    k = 3
    return {"accuracy": t.accuracy, "micro_b": (t.accuracy - 1 / k) / (1 - 1 / k), "b": t.informedness,
            "macro_b": float(t.informedness_macro)}


QUESTIONS = (
    Question(
        id="06b.Q1", section="Averaging over labels: Powers, macro, micro and scikit-learn's `average=`",
        facts=_majority,
        prompt="Classes a, b, c make 80 %, 10 % and 10 % of the cases, and a classifier always says a. What "
               "are its accuracy and its K-class informedness B?",
        options=(
            Option("accuracy {accuracy:.1f}, B {b:.1f}", True,
                   "the majority guess is right 80 % of the time and knows nothing: every B(l) is "
                   "recall − fallout = 0."),
            Option("accuracy {accuracy:.1f}, and B {accuracy:.1f} too", False,
                   "B is not accuracy: B(a) = recall 1 − fallout 1 = 0, and the other labels are never used.",
                   mistake="takes B for accuracy"),
            Option("accuracy {accuracy:.1f}, B below 0: it never names b or c", False,
                   "a label never predicted has recall 0 and fallout 0, so B(l) = 0: it is not punished below "
                   "chance, it simply adds nothing. B = {b:.1f}.",
                   mistake="thinks never naming a class scores below chance"),
        )),
    Question(
        id="06b.Q2", section="Averaging over labels: Powers, macro, micro and scikit-learn's `average=`",
        facts=_micro,
        prompt="On a 3×3 table with accuracy {accuracy:.3f}, what is scikit-learn's `recall_score(average=\"micro\")`?",
        options=(
            Option("the accuracy", "micro_is_accuracy",
                   "{micro:.3f} here: micro-averaging pools every decision: total hits over total cases, which is accuracy "
                   "for single-label classification. A majority guesser scores well on it."),
            Option("Powers' B", False,
                   "that is {b:.3f}: B is the bias-weighted mean of B(l) = recall(l) − fallout(l); micro recall subtracts "
                   "nothing for guessing.",
                   mistake="expects an average of recalls to be chance-corrected"),
            Option("balanced accuracy", False,
                   "that is {macro:.3f}, `average=\"macro\"`, the unweighted mean of the per-label recalls.",
                   mistake="confuses micro with macro averaging"),
        )),
    Question(
        id="06b.Q3", section="Correlation and kappa", facts=_rk,
        prompt="For two classes the correlation is √(B·M). For the 3×3 table [[20, 5, 5], [10, 10, 5], [0, 5, 40]], "
               "is Gorodkin's R_K equal to √(B·M)?",
        options=(
            Option("no: R_K = {rk:.4f}, √(B·M) = {root:.4f}", True,
                   "the identity holds for K = 2 only; for K > 2 R_K correlates the whole table and is not "
                   "the geometric mean of any one pair of averages."),
            Option("yes: the identity holds for any number of classes", "equal",
                   "it fails here: {rk:.4f} against {root:.4f}.",
                   mistake="extends a two-class identity to K classes"),
            Option("no: for K > 2 R_K becomes Cohen's kappa instead", False,
                   "kappa is {kappa:.4f} here and R_K {rk:.4f}: both reduce a K-class table to one number that "
                   "puts chance at 0, but they are different numbers, and kappa moves with the bias.",
                   mistake="confuses the K-class correlation with kappa"),
        )),
    Question(
        id="06b.Q4", section="The averages, symbolically", facts=_micro_b,
        prompt="Three classes with shares 0.8, 0.1, 0.1; a classifier always says the first. Micro-averaged B "
               "puts chance at 1/K. What do micro B and Powers' B give?",
        options=(
            Option("micro B {micro_b:.2f}, Powers' B {b:.1f}", True,
                   "micro B = (accuracy − 1/3)/(1 − 1/3) with accuracy {accuracy:.1f}: above 0 for a guesser; "
                   "every B(l) is 0, so Powers' B and the macro mean ({macro_b:.1f}) are 0."),
            Option("both 0: a majority guesser scores 0 on both", False,
                   "only the averages of the B(l) are 0; micro B compares accuracy with 1/K, which the "
                   "common class beats without knowledge.",
                   mistake="assumes every chance correction uses the real chance level"),
            Option("both {accuracy:.1f}: each equals the accuracy here", False,
                   "neither is accuracy: micro B rescales it, Powers' B averages the per-label gaps.",
                   mistake="takes a rescaled accuracy for accuracy itself"),
        )),
    Question(
        id="06b.Q5", section="Averaging over labels: Powers, macro, micro and scikit-learn's `average=`",
        prompt="A punter bets on every label at unit fair odds (win 1, stake Pr_R(l)/(1 − Pr_R(l))). Which "
               "average of the B(l) are its winnings per bet?",
        options=(
            Option("the prevalence-weighted mean of the B(l)", True,
                   "the expected winnings Σ Pr(l, c)·payoff(l, c) add up to Σ Pr_R(l)·B(l): each label "
                   "weighs as often as its class occurs."),
            Option("Powers' B, the bias-weighted mean", False,
                   "Powers' B weighs each label by how often it is predicted; the winnings weigh by the "
                   "prevalence. For K > 2 they differ.",
                   mistake="assumes the two-class equality of the weightings holds for K classes"),
            Option("the macro mean, 1/K for each label", False,
                   "equal weights agree with the winnings only when the classes are equally common.",
                   mistake="treats every label as equally common"),
        )),
)
