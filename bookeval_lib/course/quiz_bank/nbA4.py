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
        prompt="Which of these does the 2008 paper's Monte Carlo study leave open, so that a reproduction must "
               "choose it?",
        options=(
            Option("the number of cases per table, the range of the margins, and how the averages Wav, Gav and "
                   "Fav are computed", True,
                   "each changes the scatter of Figure 2; a reproduction states its readings and checks how "
                   "much they matter."),
            Option("nothing: the figure's caption fixes every setting", False,
                   "the paper describes the model, not N, the margins or the averaging."),
        )),
    Question(
        id="A4.Q2", section="How much do the readings of Wav, Gav and Fav matter?", facts=_guesser_averages,
        prompt="A pure guesser (G = 0) at prevalence 0.5 and bias 0.5: Wav = {wav:.2f}, Fav = {fav:.2f}, "
               "Gav = {gav:.2f}. What does this say about the averages as estimates of G?",
        options=(
            Option("they carry a systematic error: a guesser scores about one half, while its informedness is {b:.0f}",
                   True, "an average of a measure and its inverse does not subtract chance; informedness does."),
            Option("nothing: one guesser is a special case", False,
                   "every guesser scores above 0 on these averages: the error is systematic, and more "
                   "data does not remove it."),
        )),
    Question(
        id="A4.Q3", section="The conclusions, with derived tolerances",
        prompt="Why are the 115 conclusions checked with tolerances fixed before looking, and a Bonferroni "
               "correction over all of them?",
        options=(
            Option("so that a check cannot be tuned to pass, and so that the chance that any of the 115 fails "
                   "by Monte Carlo noise alone stays small", True,
                   "with 115 checks at 5 % each, about six would fail by chance; Bonferroni divides the level "
                   "among them."),
            Option("to make the checks easier to pass", False,
                   "the correction widens each tolerance only as much as the number of checks requires; fixing "
                   "them first is what makes a pass meaningful."),
        )),
    Question(
        id="A4.Q4", section="The model and the averages against Powers (2003)",
        prompt="The 2008 paper does not say how its averages weight the positive and the inverse problem. What "
               "settles it?",
        options=(
            Option("the 2003 spreadsheet and Figure 1: only the bias-weighted means reproduce the printed AvF "
                   "and AvG", True,
                   "a printed number that a reading must reproduce is evidence; a guess is not."),
            Option("the choice that makes the figure look most like the paper's", False,
                   "choosing a reading by the result it gives is the selection the checks are built to avoid."),
        )),
)
