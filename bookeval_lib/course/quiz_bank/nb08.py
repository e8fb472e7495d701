"""Quiz of notebook 08, the Monte Carlo study."""
from ... import montecarlo as mc
from ..quiz import Option, Question


def _recall():
    t = mc.expected_table(0.4, prevalence=0.3, guess_bias=0.7)
    return {"recall": t.recall, "b": t.informedness}


QUESTIONS = (
    Question(
        id="08.Q1", section="The informed/guessing decision maker", facts=_recall, answer="recall", digits=2,
        prompt="A decision maker is informed with probability G = 0.4 and otherwise guesses + with probability "
               "0.7, at prevalence 0.3. What recall does it expect?",
        why="a real positive is called + when the decision is informed (0.4), or when it guesses + (0.6 × 0.7): "
            "recall = G + (1 − G)·q. Its informedness is still exactly G = {b:.1f}: the guess adds as much "
            "fallout as recall."),
    Question(
        id="08.Q2", section="Figure 2: 110 tables",
        prompt="Powers' Figure 2 plots measures against G for simulated tables. What must you choose before "
               "you can reproduce it?",
        options=(
            Option("the number of cases N, the margins (prevalence and guessing bias) and how the averages "
                   "are computed", True,
                   "the 2008 paper leaves these open; each choice changes the scatter, so a reproduction "
                   "names them (notebook 08 does, and appendix A4 tests how much they matter)."),
            Option("nothing: the figure follows from the model", False,
                   "the model fixes the expected values, but N sets the noise and the margins and the "
                   "averaging change what kappa and the averages show."),
        )),
)
