"""Quiz of notebook 06, the K-class Bookmaker."""
from ..quiz import Option, Question


QUESTIONS = (
    Question(
        id="06.Q1", section="When is $B$ the probability of an informed decision?",
        prompt="Class a is recognised (informed) 90 % of the time and class b only 30 %; otherwise the classifier "
               "guesses. Is B the probability that a decision is informed?",
        options=(
            Option("not in general: B is then a weighted mean of the class rates, with weights that are not "
                   "the class shares", True,
                   "B equals the probability of an informed decision when every class is informed at the "
                   "same rate; with unequal rates it is a mean whose weights depend on the bias and the "
                   "prevalence."),
            Option("yes, always", False, "only when every class is informed at the same rate."),
        )),
    Question(
        id="06.Q2", section="The weight must use the prevalence",
        prompt="Why does the Bookmaker weight a bet on label l with the prevalence of l?",
        options=(
            Option("so that the odds are fair and a guesser breaks even", True,
                   "odds set from the class frequencies pay more for rare classes; then backing any label at "
                   "random wins nothing on average, and B(l) = 0 for a guess."),
            Option("so that rare classes count less", False,
                   "the opposite: the fair odds pay more on a rare class, so that backing it at random "
                   "neither wins nor loses."),
        )),
)
