"""Quiz of notebook 02b, the F family: F, F_beta and G."""
import numpy as np

from ...measures import BinaryTable
from ..information import conditional_entropy
from ..quiz import Option, Question

_TABLE = {"tp": 20, "fp": 10, "fn": 5, "tn": 65}


def _f1_against_g():
    t = BinaryTable(**_TABLE)
    return {"f1": t.f1, "g": t.g_measure, "jaccard": t.jaccard}


def _entropy():
    t = BinaryTable(**_TABLE)
    guess = BinaryTable(tp=7.5, fp=22.5, fn=17.5, tn=52.5)   # the same prevalence 0.25 and bias 0.3, no skill
    return {"h": conditional_entropy(t), "h_guess": conditional_entropy(guess), "prevalence": t.prevalence}


def _beta_leans():
    t = BinaryTable(**_TABLE)
    return {"recall": t.recall, "precision": t.precision, "f2": t.f_measure(2), "f_half": t.f_measure(0.5)}


def _hand_christen():
    """F1 = w P + (1 - w) R with w = pp/(pp + rp), for two tables of different bias (Hand and Christen 2018)."""
    a, b = BinaryTable(**_TABLE), BinaryTable(tp=20, fp=30, fn=5, tn=45)
    w_a, w_b = a.bias / (a.bias + a.prevalence), b.bias / (b.bias + b.prevalence)
    return {"w_a": w_a, "w_b": w_b, "f1_a": a.f1, "mix_a": w_a * a.precision + (1 - w_a) * a.recall}


def _f1_as_tp_over_mean():
    t = BinaryTable(**_TABLE)
    tp, pp, rp = t.tp / t.total, t.bias, t.prevalence
    return {"tp": tp, "pp": pp, "rp": rp, "f1": t.f1, "over_mean": tp / ((pp + rp) / 2), "g": t.g_measure,
            "over_geometric": tp / np.sqrt(pp * rp), "over_harmonic": tp / (2 * pp * rp / (pp + rp))}


QUESTIONS = (
    Question(
        id="02b.Q1", section="The F family", facts=_f1_against_g,
        prompt="For TP 20, FP 10, FN 5, TN 65, which is larger: F1 (the harmonic mean of recall and precision) "
               "or G (their geometric mean)?",
        options=(
            Option("G: F1 = {f1:.4f} and G = {g:.4f}", True,
                   "a harmonic mean never exceeds the geometric mean of the same two numbers, so F1 ≤ G "
                   "for every table, with equality only when recall = precision."),
            Option("F1, because it also counts the true negatives", False,
                   "neither F1 nor G looks at TN. F1 is {f1:.4f} and G {g:.4f}.",
                   mistake="thinks F1 reads the TN cell"),
            Option("they are equal: both are averages of recall and precision", False,
                   "they are different means: F1 = {f1:.4f}, G = {g:.4f}. (Jaccard, {jaccard:.4f}, is "
                   "another: F1/(2 − F1).)",
                   mistake="takes every mean of two numbers for the same mean"),
        )),
    Question(
        id="02b.Q2", section="The F family", facts=_beta_leans,
        prompt="For TP 20, FP 10, FN 5, TN 65, recall is {recall:.2f} and precision {precision:.2f}. Which of F2 "
               "and F0.5 lies nearer recall?",
        options=(
            Option("F2 = {f2:.4f}: β above 1 favours recall", True,
                   "β says how many times recall counts as much as precision (α = β²/(1 + β²) is the weight "
                   "on 1/recall); as β grows F_β tends to recall, as β shrinks to precision."),
            Option("F0.5 = {f_half:.4f}: a small β puts less weight on precision", False,
                   "it is the other way round: F0.5 = {f_half:.4f} sits nearer precision {precision:.2f}, "
                   "and F2 = {f2:.4f} nearer recall {recall:.2f}.",
                   mistake="reads β as the weight of precision"),
            Option("neither: β only rescales F without moving it toward either", False,
                   "F_β is a weighted harmonic mean of recall and precision, and β moves the weight: F2 = "
                   "{f2:.4f}, F0.5 = {f_half:.4f}.",
                   mistake="takes β for a scale factor, not a weight"),
        )),
    Question(
        id="02b.Q3", section="What the critics of F say", facts=_hand_christen,
        prompt="Hand and Christen write F1 as a weighted arithmetic mean w·precision + (1 − w)·recall. For TP 20, "
               "FP 10, FN 5, TN 65 the weight is w = {w_a:.4f}; for TP 20, FP 30, FN 5, TN 45 it is {w_b:.4f}. "
               "What does that mean when the two are compared by F1?",
        options=(
            Option("each is averaged with its own weight, set by its bias", True,
                   "w = pp/(pp + rp) depends on how often the classifier says +, so F1 weighs recall and "
                   "precision differently for each classifier it scores."),
            Option("nothing: F1 always weighs recall and precision ½ each", False,
                   "that is the arithmetic mean. F1 = {f1_a:.4f} = {w_a:.4f}·precision + (1 − {w_a:.4f})·recall "
                   "(= {mix_a:.4f}) for the first table, with another w for the second.",
                   mistake="takes 'harmonic mean' for equal weights on the arithmetic scale"),
            Option("nothing: w is set by the data set, the same for both of them", False,
                   "w = pp/(pp + rp): the prevalence rp is the data set's, but the bias pp is the classifier's, "
                   "{w_a:.4f} against {w_b:.4f} here.",
                   mistake="thinks the weight depends on the data, not on the classifier"),
        )),
    Question(
        id="02b.Q4", section="The 2003 paper's information view: F, G and $H(R \\mid P)$", facts=_entropy,
        answer="h", digits=3,
        prompt="(For the curious) The conditional entropy H(R | P) in bits is what remains uncertain about "
               "the real class once the prediction is known. What is it for TP 20, FP 10, FN 5, TN 65?",
        why="H(R | P) = Σ over the rows of Pr(P) · H(column shares within the row). A guesser with the same "
            "prevalence {prevalence:.2f} leaves {h_guess:.3f} bits, all of the real class's entropy; this table "
            "leaves less because its predictions carry information."),
    Question(
        id="02b.Q5", section="The F family", facts=_f1_as_tp_over_mean,
        prompt="For TP 20, FP 10, FN 5, TN 65 (out of 100) tp = {tp:.2f}, the bias pp = {pp:.2f} and the prevalence "
               "rp = {rp:.2f}. F1 is tp divided by which mean of pp and rp?",
        options=(
            Option("the arithmetic mean (pp + rp)/2: {over_mean:.4f}", True,
                   "2TP/(2TP + FP + FN) is tp over (pp + rp)/2, here F1 = {f1:.4f}. G is tp over the geometric "
                   "mean √(pp·rp) instead, here {g:.4f}."),
            Option("the geometric mean √(pp·rp), giving {over_geometric:.4f}", False,
                   "that is G = {g:.4f}; F1 = {f1:.4f} uses the arithmetic mean, which is never smaller, so "
                   "F1 ≤ G.",
                   mistake="confuses F1 with G"),
            Option("the harmonic mean 2·pp·rp/(pp + rp), giving {over_harmonic:.4f}", False,
                   "F1 is the harmonic mean of recall and precision, tp/rp and tp/pp; as a fraction of tp that "
                   "puts the arithmetic mean of pp and rp below it: F1 = {f1:.4f}.",
                   mistake="carries 'F1 is a harmonic mean' over from the rates to the margins"),
        )),
)
