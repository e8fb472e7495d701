"""Quiz of notebook 14b, judging probabilities: proper scoring rules and calibration."""
from ..quiz import Option, Question


QUESTIONS = (
    Question(
        id="14b.Q1", section="Decisions and probabilities: two different questions",
        prompt="A model ranks cases perfectly but says 0.51 for every positive and 0.49 for every negative. Which "
               "is true?",
        options=(
            Option("its AUC and informedness at threshold 0.5 are 1, but its Brier score and log loss are poor", True,
                   "decision measures judge the rule, proper scoring rules judge the probabilities: this "
                   "model decides perfectly and is badly calibrated."),
            Option("a perfect AUC means its probabilities are good", False,
                   "AUC only uses the ranking; probabilities of 0.51 for certain positives are poorly calibrated."),
        )),
)
