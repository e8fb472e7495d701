"""Quiz of notebook 08, the Monte Carlo study."""
from ..quiz import Option, Question


def _common_tables():
    """2,000 tables, 150 with an empty predicted class: the tables left to both, and the percentage left out."""
    tables, undefined = 2000, 150
    return {"undefined": undefined, "common": tables - undefined, "percent": 100 * undefined / tables}


QUESTIONS = (
    Question(
        id="08.Q1", section="110,000 tables", facts=_common_tables,
        prompt="In a simulation of 2,000 tables, markedness is undefined on 150 (a predicted class is empty) and "
               "informedness on none. Markedness's rms error over its tables is 0.25, informedness's over all "
               "2,000 is 0.20. What do you do before ranking them?",
        options=(
            Option("score both on the same {common:,} tables where both are defined", True,
                   "the two figures come from different tables: informedness's includes the {undefined} tables "
                   "with an empty predicted class and markedness's leaves them out. Only on the common tables "
                   "(notebook 08's `defined_everywhere`) do the errors compare."),
            Option("nothing: 0.25 is above 0.20 whichever tables it comes from", False,
                   "an error depends on the tables it is averaged over; leaving out {percent:.1f} % of them, and "
                   "not at random, can move it either way.",
                   mistake="compares errors averaged over different tables"),
            Option("set markedness to 0 on the {undefined} tables, so that both use all 2,000", False,
                   "0 is a guess's value, not a measurement: it adds an invented error on every such table. "
                   "Report the undefined tables apart, as notebook 08's table does in its title (the tables "
                   "left out of 110,000).",
                   mistake="fills an undefined measure with the chance value"),
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
