"""Quiz of notebook 14b, judging probabilities: proper scoring rules and calibration."""
import numpy as np

from ..quiz import Option, Question


def _prior_guesser():
    y = np.r_[np.ones(10), np.zeros(90)]          # prevalence 0.1
    p = np.full(100, 0.1)                          # the prior guesser says 0.1 for every case
    return {"brier": float(np.mean((p - y) ** 2)), "prevalence": 0.1}


QUESTIONS = (
    Question(
        id="14b.Q1", section="Decisions and probabilities: two different questions",
        prompt="A model ranks cases perfectly but says 0.51 for every positive and 0.49 for every negative. Which "
               "is true?",
        options=(
            Option("AUC and B at 0.5 are 1, but Brier and log loss are poor", True,
                   "decision measures judge the rule, proper scoring rules judge the probabilities: this "
                   "model decides perfectly and is badly calibrated."),
            Option("its probabilities are good as well: a perfect AUC shows it", False,
                   "AUC only uses the ranking; probabilities of 0.51 for certain positives are poorly calibrated.",
                   mistake="reads a ranking measure as a calibration measure"),
            Option("AUC 1, but B near 0, since its scores barely differ", False,
                   "B at threshold 0.5 counts decisions, not score gaps: every positive is above 0.5 and every "
                   "negative below, so tpr = 1, fpr = 0 and B = 1.",
                   mistake="reads the gap between the scores as the quality of the decisions"),
        )),
    Question(
        id="14b.Q2", section="Brier score, log loss and the guesser", facts=_prior_guesser, answer="brier", digits=2,
        prompt="With 10 % positives, the prior guesser says probability {prevalence:.1f} for every case. What is "
               "its Brier score, the mean squared difference between the probability and the 0/1 outcome?",
        why="(10·0.9² + 90·0.1²)/100 = rp(1 − rp): a model's Brier score means something only beside this "
            "floor."),
    Question(
        id="14b.Q3", section="Reliability",
        prompt="In a reliability diagram, of the cases given probability 0.8, only 60 % are positive. What does "
               "that show?",
        options=(
            Option("the model is overconfident there: 0.8 is too high", True,
                   "a calibrated model's cases given 0.8 are positive 80 % of the time; the point sits below "
                   "the diagonal."),
            Option("the model ranks badly and must be retrained", False,
                   "calibration and ranking are different: recalibration can fix the probabilities without "
                   "changing the order.",
                   mistake="confuses calibration with ranking"),
            Option("nothing: 60 % is still well above one half", False,
                   "the diagram compares the stated probability with the observed frequency, not with ½.",
                   mistake="compares a probability with ½ instead of with the frequency"),
        )),
    Question(
        id="14b.Q4", section="The checklist, completed",
        prompt="Your model's output is used only through a threshold, to decide. Must its probabilities be "
               "calibrated?",
        options=(
            Option("no: only its decisions are used, so judge those decisions", True,
                   "report the decisions (the table, B with its interval, the threshold and its costs); "
                   "calibration matters when the probabilities themselves are read, and then a scoring rule "
                   "joins the report."),
            Option("yes: an uncalibrated model cannot decide well at all", False,
                   "a good ranking with a well-chosen threshold decides well whatever the scale of its "
                   "scores.",
                   mistake="thinks good decisions need calibrated scores"),
            Option("yes, and the Brier score replaces informedness in the report", False,
                   "the Brier score judges probabilities, informedness judges decisions: they answer "
                   "different questions.",
                   mistake="lets a probability score stand in for a decision score"),
        )),
)
