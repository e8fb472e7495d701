"""Quiz of notebook 04, kappa, WRAcc, AUC and χ²."""
import numpy as np

from ...measures import BinaryTable
from ...montecarlo import expected_table
from ..quiz import Option, Question

_MEASURES = ("kappa", "matthews_correlation", "markedness", "f1", "informedness")


def _bias_only():
    low, high = (BinaryTable.from_rates(prevalence=0.2, bias=b, informedness=0.5) for b in (0.2, 0.4))
    facts = {}
    for name in _MEASURES:
        facts[name], facts[name + "_moved"] = getattr(low, name), getattr(high, name)
        facts[name + "_same"] = bool(np.isclose(facts[name], facts[name + "_moved"]))
    return facts


def _single_point_auc():
    t = BinaryTable(tp=80, fp=30, fn=20, tn=70)
    return {"auc": t.single_point_auc, "b": t.informedness, "wracc": t.wracc, "rp": t.prevalence}


def _chi_squared():
    small = BinaryTable(tp=30, fp=10, fn=20, tn=40)
    large = BinaryTable(tp=300, fp=100, fn=200, tn=400)
    return {"chi_small": small.chi_squared, "chi_large": large.chi_squared, "b": small.informedness,
            "b_large": large.informedness, "m": small.markedness}


def _never_positive():
    t = BinaryTable(tp=0, fp=0, fn=10, tn=90)
    return {"precision_nan": bool(np.isnan(t.precision)), "recall": t.recall, "recall_nan": bool(np.isnan(t.recall)),
            "informedness": t.informedness, "informedness_nan": bool(np.isnan(t.informedness)),
            "markedness_nan": bool(np.isnan(t.markedness))}


def _at_chance():
    guess = expected_table(0.0, prevalence=0.3, guess_bias=0.4)
    return {"auc": guess.single_point_auc, "kappa": guess.kappa, "accuracy": guess.accuracy,
            "auc_half": bool(np.isclose(guess.single_point_auc, 0.5)), "kappa_half": bool(np.isclose(guess.kappa, 0.5)),
            "accuracy_half": bool(np.isclose(guess.accuracy, 0.5))}


QUESTIONS = (
    Question(
        id="04.Q1", section="Kappa and correlation move with the bias; informedness does not (§3)",
        facts=_bias_only,
        prompt="At prevalence 0.2 and informedness 0.5 the bias moves from 0.2 to 0.4, and nothing else. Which "
               "of these stay put?",
        options=(
            Option("kappa", "kappa_same",
                   "kappa moves ({kappa:.3f} → {kappa_moved:.3f}): it divides d_p by a term that depends on the bias.",
                   mistake="takes every chance-corrected measure for bias-free"),
            Option("the correlation", "matthews_correlation_same",
                   "it moves ({matthews_correlation:.3f} → {matthews_correlation_moved:.3f}): √(B·M), and M "
                   "moves with the bias.",
                   mistake="expects the geometric mean of B and M to keep B's invariance"),
            Option("markedness", "markedness_same",
                   "it moves ({markedness:.3f} → {markedness_moved:.3f}): it conditions on the predictions, whose margin is the bias.",
                   mistake="carries informedness's invariance over to its dual"),
            Option("F1", "f1_same",
                   "it moves ({f1:.3f} → {f1_moved:.3f}): more positive answers trade precision for recall.",
                   mistake="expects recall's gain and precision's loss to cancel in F1"),
            Option("informedness", "informedness_same",
                   "it stays put ({informedness:.3f} → {informedness_moved:.3f}): tpr − fpr conditions on the real classes, and moving the bias of an "
                   "equally informed classifier moves tpr and fpr together."),
        )),
    Question(
        id="04.Q2", section="WRAcc and the single-point AUC (§2.3, eq. 9)", facts=_single_point_auc,
        answer="auc", digits=3,
        prompt="A classifier has recall 0.8 and fallout 0.3 (TP 80, FP 30, FN 20, TN 70). What is its "
               "single-point AUC, the area under the ROC curve through its one point?",
        why="the area under the two segments (0, 0)–(0.3, 0.8)–(1, 1) is (B + 1)/2 with B = tpr − fpr = "
            "{b:.2f}. WRAcc is another rescaling of B: rp·rn·B = {wracc:.4f} at prevalence {rp:.2f}."),
    Question(
        id="04.Q3", section="χ² is $N\\cdot\\varphi^2$", facts=_chi_squared,
        prompt="TP 30, FP 10, FN 20, TN 40 gives χ² = {chi_small:.2f}. Multiply every cell by 10. What happens?",
        options=(
            Option("χ² becomes {chi_large:.2f}, ten times more; B stays {b_large:.3f}", True,
                   "χ² = N·B·M: the measures B = {b:.3f} and M = {m:.3f} depend on proportions only, and "
                   "χ² grows with N. χ² says how sure we are, not how good the classifier is."),
            Option("nothing: χ² is a property of the proportions", False,
                   "χ² = N·φ² grows with N: ten times the cases give ten times χ² ({chi_large:.2f}).",
                   mistake="takes a test statistic for an effect size"),
            Option("χ² and B both grow: more cases show more skill", False,
                   "B = {b:.3f} depends on the proportions only and stays put; only χ² grows ten times, to "
                   "{chi_large:.2f}: more cases make the same skill surer, not larger.",
                   mistake="confuses the strength of the evidence with the size of the effect"),
        )),
    Question(
        id="04.Q4", section="When a measure is undefined", facts=_never_positive,
        prompt="A classifier never says positive: TP 0, FP 0, FN 10, TN 90. Which of these is undefined?",
        options=(
            Option("precision", "precision_nan", "precision = TP/PP = 0/0: there is no positive prediction to "
                   "be right about. Markedness is undefined for the same reason."),
            Option("recall, with no hit to count", "recall_nan", "recall = TP/RP = 0/10 = {recall:.0f}: defined, and 0.",
                   mistake="confuses a zero numerator with an undefined ratio"),
            Option("informedness, with no + call to judge", "informedness_nan",
                   "informedness = tpr − fpr = 0 − 0 = {informedness:.0f}: defined, and the value of a guess; "
                   "it divides by the real classes, which are both present.",
                   mistake="thinks B needs a positive prediction to exist"),
        )),
    Question(
        id="04.Q5", section="The cheat sheet", facts=_at_chance,
        prompt="A pure guesser (prevalence 0.3, bias 0.4). Which of these is 0.5 at chance?",
        options=(
            Option("the single-point AUC, under one point's ROC curve", "auc_half",
                   "it is {auc:.2f} here: (B + 1)/2 with B = 0 at chance. Kappa, informedness, markedness and the correlation "
                   "are 0 there instead."),
            Option("kappa, the chance-corrected agreement", "kappa_half", "kappa is {kappa:.2f} at chance: it "
                   "subtracts the agreement expected by chance.",
                   mistake="puts kappa's chance level at ½ like the AUC's"),
            Option("accuracy: a guess is right half the time", "accuracy_half",
                   "it is {accuracy:.2f} here: a guesser's accuracy depends on the prevalence and the bias: pp·rp + pn·rn, "
                   "not 0.5 in general.",
                   mistake="assumes a guess is right half the time"),
        )),
)
