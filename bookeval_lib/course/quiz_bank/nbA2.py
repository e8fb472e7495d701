"""Quiz of appendix A2, Figure 1 of the 2003 paper recomputed."""
import numpy as np

from ...averages import averaged_f_measure
from ...betting import total_winnings
from ...contingency import Contingency
from ...measures import BinaryTable
from ..quiz import Option, Question

_GUESS = dict(tp=12, fp=28, fn=18, tn=42)     # the poster's guessing punter at prevalence 0.3


def _perfect():
    won, lost = total_winnings(BinaryTable(tp=30, fp=0, fn=0, tn=70))
    return {"won": won, "lost": lost + 0.0}          # + 0.0 turns a -0.0 into 0.0


def _avf():
    t = BinaryTable(**_GUESS)
    f, inverse_f, pp = t.f1, t.swap_classes().f1, t.bias
    harmonic = 1 / (pp / f + (1 - pp) / inverse_f)
    arithmetic = pp * f + (1 - pp) * inverse_f
    avf = averaged_f_measure(t)
    plain = (f + inverse_f) / 2
    return {"avf": avf, "harmonic": harmonic, "arithmetic": arithmetic, "plain": plain,
            "is_harmonic": bool(np.isclose(avf, harmonic)), "is_arithmetic": bool(np.isclose(avf, arithmetic)),
            "is_plain": bool(np.isclose(avf, plain))}


def _unequal_rates():
    """Three classes informed at unequal rates: the table's B against three means of the rates."""
    prevalence, guess, rate = np.array([.5, .3, .2]), np.array([.2, .3, .5]), np.array([.9, .5, .1])
    # a case of class c is informed with probability g_c (then labelled c), else guessed l with probability q_l
    cells = prevalence * ((1 - rate) * guess[:, None] + np.diag(rate))
    b = Contingency(1000 * cells, layout="powers").informedness
    bias = cells.sum(axis=1)
    # the section's weights: w_c = Pr_P(c)(1 - q_c) + Pr_R(c) sum_{l != c} Pr_P(l) q_l / (1 - Pr_R(l))
    share = bias * guess / (1 - prevalence)
    weights = bias * (1 - guess) + prevalence * (share.sum() - share)
    means = {"prevalence": float(prevalence @ rate), "plain": float(rate.mean())}
    return {"b": b, **means, **{f"w{c}": float(w) for c, w in enumerate(weights)}, "is_b": True, "is_prevalence": bool(np.isclose(b, means["prevalence"])),
            "is_plain": bool(np.isclose(b, means["plain"]))}


QUESTIONS = (
    Question(
        id="A2.Q1", section="Figure 1 of Powers (2003), reproduced", facts=_perfect, answer="won", digits=0,
        prompt="At 7:3, the perfect punter of Figure 1 bets on 30 winners of + and 70 of −. How many dollars "
               "does it win?",
        why="every bet wins: 30 bets on + win 7 dollars each and 70 bets on − win 3 each; it loses "
            "{lost:.0f}."),
    Question(
        id="A2.Q2", section="AvF and AvG", facts=_avf,
        prompt="Figure 1 prints AvF, an average of F and of IF (F with the classes swapped). Which average is it, for "
               "the guessing punter TP 12, FP 28, FN 18, TN 42?",
        options=(
            Option("the bias-weighted harmonic mean ({harmonic:.4f})", "is_harmonic",
                   "of the candidate averages only this one fits all four punters of the figure; here AvF "
                   "= {avf:.4f}."),
            Option("the bias-weighted arithmetic mean ({arithmetic:.4f})", "is_arithmetic",
                   "close, but it does not give the printed values for all four models; AvF = {avf:.4f}.",
                   mistake="assumes 'average' means the arithmetic mean"),
            Option("the plain mean (F + IF)/2 = {plain:.4f}", "is_plain",
                   "the figure weights the two problems by the bias; the plain mean gives {plain:.4f}, not "
                   "AvF = {avf:.4f}.",
                   mistake="assumes an average of two measures weights them equally"),
        )),
    Question(
        id="A2.Q3", section="The paper's text about the figure",
        prompt="The 2003 paper says the 1-dollar expectation holds 'for model one (perfect play)', but in Figure 1 "
               "the perfect punter is model 2. What kind of fault is this?",
        options=(
            Option("a slip of the author: the printed paper says it", True,
                   "an erratum of the author is what the printed paper itself gets wrong; the figure and the "
                   "list of models show model 1 is the guesser."),
            Option("a fault of a copy of the paper, not the paper", False,
                   "a copy fault is something only a copy gets wrong (lost characters, lost decimal points); "
                   "the printed paper has this sentence as it is.",
                   mistake="blames a copy for what the printed paper says"),
            Option("a fault of the figure: its models are numbered wrongly", False,
                   "the figure and its list of models agree with each other, model 1 the guesser; only the "
                   "sentence disagrees with them.",
                   mistake="blames the figure when the text disagrees with it"),
        )),
    Question(
        id="A2.Q4", section="A text copy of the poster",
        prompt="A text copy of the poster that circulates online reads 'fdout' and has numbers without decimal "
               "points. Do these go in the paper's errata?",
        options=(
            Option("no: they are faults of the copy, listed apart from errata", True,
                   "the printed poster reads 'fallout' and has its decimal points; errata list only what the "
                   "best copy gets wrong."),
            Option("yes: every error found in any copy is an erratum", False,
                   "that would blame the author for the extraction tool's mistakes.",
                   mistake="blames the author for a copy's faults"),
            Option("yes, when they change a number a reader would use", False,
                   "an erratum is sorted by where the fault arose, not by how much it matters: the printed "
                   "poster has the decimal points, so the fault is the copy's.",
                   mistake="sorts faults by their consequence instead of their source"),
        )),
    Question(
        id="A2.Q5", section="Unequal informed rates: the weights of B", facts=_unequal_rates,
        prompt="Three classes of prevalence 0.5, 0.3 and 0.2 are informed at rates 0.9, 0.5 and 0.1; an "
               "uninformed case is guessed as the three labels with probabilities 0.2, 0.3 and 0.5. What is "
               "the table's B?",
        options=(
            Option("{b:.3f}, a mean of the rates with weights set by the guessing and the bias", "is_b",
                   "the weights w_c of this section are {w0:.3f}, {w1:.3f} and {w2:.3f} here, and their "
                   "mean of the rates is B = {b:.3f}."),
            Option("{prevalence:.3f}, the rates weighted by the prevalences", "is_prevalence",
                   "that holds only when every class is informed at the same rate; with unequal rates the "
                   "guessing shifts the weights, and B = {b:.3f}.",
                   mistake="assumes B weights each class's rate by how common the class is"),
            Option("{plain:.3f}, the plain mean of the three rates", "is_plain",
                   "B weights its classes; the plain mean of the rates is {plain:.3f}, the table's B "
                   "{b:.3f}.",
                   mistake="assumes every class counts equally in B"),
        )),
)
