"""Quiz of appendix A4, the Monte Carlo study's checks."""
from ...averages import averaged_f_measure, averaged_g_measure, weighted_average
from ...montecarlo import expected_table
from ..quiz import Option, Question


def _guesser_averages():
    guess = expected_table(0.0, prevalence=0.5, guess_bias=0.5)
    return {"wav": weighted_average(guess), "fav": averaged_f_measure(guess), "gav": averaged_g_measure(guess),
            "b": guess.informedness}


QUESTIONS = (
    Question(
        id="A4.Q1", section="The choices Powers (2008) leaves open",
        prompt="Two reproductions of the 2008 paper's Monte Carlo study read what it leaves open (the number of "
               "cases, the margins, the averaging) differently, and their scatters differ. Which is right?",
        options=(
            Option("both, if stated: check what survives every choice", True,
                   "where the paper leaves a setting open, each stated reading is a legitimate reproduction; "
                   "the conclusions worth keeping are those that hold under all of them. This appendix checks "
                   "every conclusion under every reading of the averages."),
            Option("neither: a figure that hangs on such choices proves nothing", False,
                   "a conclusion that survives every reasonable reading is well supported; only the ones that "
                   "flip with the choices are in doubt.",
                   mistake="takes sensitivity to some choices for worthlessness of all conclusions"),
            Option("the one with more cases per table: it is nearer the truth", False,
                   "a larger N only shrinks the noise; the ranges of the margins and the averaging are "
                   "separate choices that more cases do not settle.",
                   mistake="expects a larger sample to settle choices other than its size"),
        )),
    Question(
        id="A4.Q2", section="How much do the readings of Wav, Gav and Fav matter?", facts=_guesser_averages,
        prompt="A pure guesser (p_inf = 0) at prevalence 0.5 and bias 0.5: Wav = {wav:.2f}, Fav = {fav:.2f}, "
               "Gav = {gav:.2f}. What does this say about the averages as estimates of p_inf?",
        options=(
            Option("they carry a systematic error: a guesser already scores about ½, not 0", True,
                   "an average of a measure and its inverse does not subtract chance; informedness does, and "
                   "is {b:.0f} here."),
            Option("nothing: one guesser is a special case, not the rule", False,
                   "every guesser scores above 0 on these averages: the error is systematic, and more "
                   "data does not remove it.",
                   mistake="dismisses a counterexample as a special case"),
            Option("they are right on average, only noisier than informedness", False,
                   "this is the expected table, with no noise at all, and the averages still sit at ½ where "
                   "p_inf = 0: a systematic error, not noise.",
                   mistake="mistakes a systematic error for noise"),
        )),
    Question(
        id="A4.Q3", section="The conclusions, with derived tolerances",
        prompt="Each of the 115 conclusions is accepted when its value clears z Monte Carlo standard errors, with z "
               "fixed before looking by a Bonferroni correction over all the checks. Why set z so?",
        options=(
            Option("so that an accident anywhere in the 115 checks stays unlikely", True,
                   "z = Φ⁻¹(1 − 0.01/(2k)) over all k checks keeps the chance that any one of them passes or "
                   "fails by Monte Carlo accident at most 1 %; fixing z before looking keeps it from being "
                   "tuned to the results."),
            Option("so that each check on its own has a 1 % chance of an accident", False,
                   "that is the uncorrected level; over 115 checks accidents then become likely. Bonferroni "
                   "divides the 1 % among all of them.",
                   mistake="ignores the number of checks"),
            Option("nothing that matters, since z could be set after the run", False,
                   "a threshold chosen after seeing the results can always be chosen to pass; fixing it before "
                   "looking is what makes a pass mean something.",
                   mistake="treats a rule chosen after the data as good as one fixed before"),
        )),
    Question(
        id="A4.Q4", section="The model and the averages against Powers (2003)",
        prompt="The 2008 paper does not say how its averages weight the positive and the inverse problem. What "
               "settles it?",
        options=(
            Option("the 2003 spreadsheet and Figure 1: only bias weights fit", True,
                   "only the bias-weighted means reproduce the printed AvF and AvG; a printed number that a "
                   "reading must reproduce is evidence, a guess is not."),
            Option("the choice that makes the figure look most like the paper's", False,
                   "choosing a reading by the result it gives is the selection the checks are built to avoid.",
                   mistake="chooses a reading by the result it gives"),
            Option("nothing: a choice left unstated stays a guess for good", False,
                   "other printed numbers can constrain it: the 2003 figure prints averages that only one "
                   "weighting reproduces.",
                   mistake="thinks an unstated choice can never be recovered"),
        )),
)
