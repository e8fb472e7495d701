"""Quiz of notebook 08, the Monte Carlo study."""
from ..quiz import Option, Question


QUESTIONS = (
    Question(
        id="08.Q1", section="The informed/guessing decision maker",
        prompt="Two simulated decision makers are both informed with probability p_inf = 0.5. One guesses + as often "
               "as the class is positive (q = r_p); the other guesses + almost always (q = 0.95). Which measures "
               "give both of them 0.5 in expectation?",
        options=(
            Option("all four chance-corrected measures: informedness, markedness, the correlation and kappa", False,
                   "all four put a pure guess at 0, but markedness, the correlation and kappa divide by the "
                   "predicted margins, which the guess moves: they equal p_inf only when the bias tracks the "
                   "prevalence.",
                   mistake="takes every chance-corrected measure for bias-free"),
            Option("none: the decision maker that nearly always says + is not informed half the time", False,
                   "a lopsided guess is still a guess; the informed half of its decisions is untouched, and "
                   "informedness counts exactly that half.",
                   mistake="lets the guess's bias change the informed share"),
            Option("informedness alone", True,
                   "the guess adds (1 − p_inf)·q to tpr and to fpr alike, so tpr − fpr stays 0.5 whatever q; "
                   "markedness, the correlation and kappa depend on the bias p_p = p_inf·r_p + (1 − p_inf)·q and "
                   "give 0.5 only to the first."),
        )),
    Question(
        id="08.Q2", section="Figure 2: 110 tables",
        prompt="Powers' Figure 2 plots measures against p_inf for simulated tables. What must you choose before "
               "you can reproduce it?",
        options=(
            Option("the number of cases, the margins, and the averaging", True,
                   "the 2008 paper leaves the number of cases, the prevalence and guessing bias, and the "
                   "averaging open; each choice changes the scatter, so a reproduction names them (notebook 08 "
                   "does, and appendix A4 tests how much they matter)."),
            Option("nothing: the model fixes every point of the figure", False,
                   "the model fixes the expected values, but N sets the noise and the margins and the "
                   "averaging change what kappa and the averages show.",
                   mistake="takes a model for a complete simulation design"),
            Option("only the random seed: the paper gives every other setting", False,
                   "the seed is the least of it: the paper gives neither N nor the ranges of the margins nor "
                   "how Wav, Gav and Fav weight their two halves.",
                   mistake="assumes a paper states every setting it used"),
        )),
    Question(
        id="08.Q3", section="Kappa against correlation",
        prompt="Which holds for every 2×2 table?",
        options=(
            Option("kappa ≤ the correlation in size; equal when bias = prevalence", True,
                   "kappa divides by the arithmetic mean of two products of margins, the correlation by their "
                   "geometric mean, which is never larger (AM–GM); the two products are equal when the bias "
                   "equals the prevalence."),
            Option("kappa is always the larger: it corrects for chance and r does not", False,
                   "both are 0 for a guess, so both correct for chance; the arithmetic mean in kappa's "
                   "denominator is at least the geometric mean in the correlation's, so kappa is the smaller.",
                   mistake="thinks the correlation is not chance-corrected"),
            Option("kappa equals informedness: both put a guess at 0", False,
                   "kappa rescales the informedness by the margins; they agree only when the bias equals the "
                   "prevalence.",
                   mistake="takes two chance-corrected measures for one"),
        )),
    Question(
        id="08.Q4", section="What a pure guess earns under Wav",
        prompt="A pure guesser (p_inf = 0) is scored with the averages Wav, Gav and Fav of a measure and its "
               "inverse. About what do they give it?",
        options=(
            Option("about one half, well above p_inf and informedness", True,
                   "an average of a rate and its inverse starts near ½ for a guess, not at 0, so these "
                   "averages overstate what a decision maker knows."),
            Option("0, like informedness, since a guess knows nothing", False,
                   "only the chance-corrected measures put a guess at 0; the averages do not subtract "
                   "chance.",
                   mistake="assumes every average of rates is chance-corrected"),
            Option("a negative number: they penalise guessing", False,
                   "rates and their averages are between 0 and 1, and nothing in them subtracts chance.",
                   mistake="expects a rate average to punish guessing"),
        )),
)
