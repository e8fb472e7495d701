"""Quiz of appendix A7, how often the intervals cover."""
import numpy as np

from ..quiz import Option, Question


def _monte_carlo_error():
    tables, nominal, measured = 2000, 0.95, 0.93
    se = np.sqrt(nominal * (1 - nominal) / tables)
    return {"tables": tables, "measured": measured, "se": float(se), "z": float((nominal - measured) / se)}


QUESTIONS = (
    Question(
        id="A7.Q1", section="Coverage, measured", facts=_monte_carlo_error,
        prompt="A '95 %' interval covered the truth in {measured:.0%} of {tables:,} simulated tables. Is that "
               "short of 95 %, or noise?",
        options=(
            Option("short: the Monte Carlo standard error is {se:.4f}, and {measured:.2f} is {z:.1f} of them below 0.95",
                   True, "if the coverage were 0.95, the count covered would be binomial with standard error "
                   "√(0.95·0.05/{tables:,}); a gap of {z:.1f} of them is not noise."),
            Option("noise: 2 % is a small difference", False,
                   "small beside what? The binomial standard error of the measured coverage is {se:.4f}."),
        )),
    Question(
        id="A7.Q2", section="Exact coverage",
        prompt="What does the exact coverage of an interval for B add to the simulated one?",
        options=(
            Option("no Monte Carlo error: it sums the probability of every possible table whose interval covers "
                   "the truth", True,
                   "for a fixed number of positives and negatives there are finitely many tables; weighting "
                   "each by its binomial probability gives the coverage exactly."),
            Option("nothing: it is the same simulation with more tables", False,
                   "it is not a simulation at all; it enumerates every table."),
        )),
    Question(
        id="A7.Q3", section="Discussion",
        prompt="Which interval for informedness and markedness does the coverage study recommend?",
        options=(
            Option("Agresti–Caffo: 0.90 or more whenever each class has at least 5 cases", True,
                   "Newcombe's is nearer 95 % on average but falls short more often; no method holds 95 % "
                   "with one or two cases in a class."),
            Option("Wald: it is the textbook interval", False,
                   "it collapses with a rare class or a high informedness, covering far less than 95 %."),
        )),
    Question(
        id="A7.Q4", section="Discussion",
        prompt="A class has only two cases in the test set. Which interval holds its nominal 95 %?",
        options=(
            Option("none: with one or two cases in a class no method holds 95 %", True,
                   "report the interval as rough, and collect more cases of that class if the question matters."),
            Option("Agresti–Caffo", False, "it is the best of them, but no method holds 95 % there."),
        )),
)
