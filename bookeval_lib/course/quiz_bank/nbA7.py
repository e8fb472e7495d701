"""Quiz of appendix A7, how often the intervals cover."""
import numpy as np

from ..quiz import Option, Question


def _monte_carlo_error():
    tables, nominal, measured = 2000, 0.95, 0.93
    se = np.sqrt(nominal * (1 - nominal) / tables)
    return {"tables": tables, "measured": measured, "se": float(se), "z": float((nominal - measured) / se),
            "gap": 100 * (nominal - measured)}


QUESTIONS = (
    Question(
        id="A7.Q1", section="Coverage, measured", facts=_monte_carlo_error,
        prompt="A '95 %' interval covered the truth in {measured:.0%} of {tables:,} simulated tables. Is that "
               "short of 95 %, or noise?",
        options=(
            Option("short: {z:.1f} Monte Carlo standard errors below 0.95", True,
                   "if the coverage were 0.95, the count covered would be binomial with standard error "
                   "√(0.95·0.05/{tables:,}) = {se:.4f}; {measured:.2f} is {z:.1f} of them below 0.95, not noise."),
            Option("noise: a gap of {gap:.0f} % is small for an interval", False,
                   "small beside what? The binomial standard error of the measured coverage is {se:.4f}.",
                   mistake="judges a gap without its standard error"),
            Option("noise: each interval is itself much wider than the gap", False,
                   "the width of one interval says how uncertain one estimate of B is; the coverage over "
                   "{tables:,} tables has its own, much smaller, standard error, {se:.4f}.",
                   mistake="compares the gap with the wrong uncertainty"),
        )),
    Question(
        id="A7.Q2", section="Exact coverage",
        prompt="What does the exact coverage of an interval for B add to the simulated one?",
        options=(
            Option("no Monte Carlo error: every possible table is counted", True,
                   "for a fixed number of positives and negatives there are finitely many tables; weighting "
                   "each by its binomial probability, and summing over those whose interval covers the truth, "
                   "gives the coverage exactly."),
            Option("nothing: it is the same simulation with more tables", False,
                   "it is not a simulation at all; it enumerates every table.",
                   mistake="takes an enumeration for a simulation"),
            Option("an exact interval for the one table observed", False,
                   "coverage is a property of a method over all the tables it could meet, not of one interval; "
                   "the exact computation enumerates those tables.",
                   mistake="confuses a method's coverage with one interval"),
        )),
    Question(
        id="A7.Q3", section="Discussion",
        prompt="Which interval for informedness and markedness does the coverage study recommend, and what "
               "does its worst case look like with at least 5 cases in each class?",
        options=(
            Option("Agresti–Caffo: ≥ 0.90 at bias = prevalence, 0.87 at worst at N = 50", True,
                   "the study's decision maker has bias equal to prevalence; a classifier with no false positives "
                   "that finds about half the positives is covered less often, and Newcombe's is lower still "
                   "(0.83) there. No method holds 95 % with one or two cases in a class."),
            Option("Agresti–Caffo: 0.90 or more for every classifier, whatever its tpr and fpr", False,
                   "that bound was found for one decision maker, whose bias equals the prevalence; at N = 50 "
                   "with no false positives and about half the positives found it covers 0.87.",
                   mistake="generalises a bound found for one decision maker to every classifier"),
            Option("Wald: it is the textbook interval, and near 95 % once each class has 5 cases", False,
                   "it collapses with a rare class or a high informedness, covering far less than 95 % "
                   "(as low as 0.05 with 5 cases a class in this appendix's sweep).",
                   mistake="trusts the textbook interval once each class has a few cases"),
        )),
    Question(
        id="A7.Q4", section="Discussion",
        prompt="A class has only two cases in the test set. Which interval holds its nominal 95 %?",
        options=(
            Option("none: no method holds 95 % with so few cases", True,
                   "with one or two cases in a class no method holds 95 %: report the interval as rough, and "
                   "collect more cases of that class if the question matters."),
            Option("Agresti–Caffo, the best in the study", False, "it is the best of them, but no method holds 95 % there.",
                   mistake="takes the best method for a good enough one"),
            Option("Newcombe's, which is built for small counts", False,
                   "Wilson's intervals behind it behave well for small rates in moderate samples, but with two "
                   "cases in a class Newcombe's covers less than 95 % too.",
                   mistake="trusts a small-sample method at any count"),
        )),
)
