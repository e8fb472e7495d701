"""Quiz of notebook 00, a model that loses to a guesser."""
from ...measures import BinaryTable
from ..quiz import Option, Question

# the test half of the opening split: 106 malignant (positive), 179 benign
_ALWAYS_BENIGN = BinaryTable(tp=0, fp=0, fn=106, tn=179)
_ALWAYS_MALIGNANT = BinaryTable(tp=106, fp=179, fn=0, tn=0)


def _guessers():
    return {"accuracy": _ALWAYS_BENIGN.accuracy, "f1": _ALWAYS_MALIGNANT.f1,
            "prevalence": _ALWAYS_MALIGNANT.prevalence}


def _quarter():
    always = BinaryTable(tp=25, fp=75, fn=0, tn=0)
    return {"f1": always.f1, "precision": always.precision}


QUESTIONS = (
    Question(
        id="00.Q1", section="The model against two guessers", facts=_guessers,
        prompt="On the test half, the guesser that always says benign has accuracy {accuracy:.3f} and the "
               "forest less. Why does the guesser win?",
        options=(
            Option("the forest's calls are worse than no knowledge at all, so any guesser beats it", False,
                   "the forest's recall is above its fallout: it knows a little, and the guesser knows "
                   "nothing. Accuracy rewards the guesser for something else.",
                   mistake="reads a lower accuracy as less knowledge"),
            Option("benign is the majority, so calling every case benign is right on every benign case", True,
                   "accuracy counts right calls, and {accuracy:.3f} of the cases are benign: a guesser that "
                   "always names the majority class scores its share without looking at a case."),
            Option("accuracy punishes a missed malignant tumour more heavily than a false alarm on a benign one", False,
                   "accuracy counts every error alike; that is why always saying the majority class pays.",
                   mistake="thinks accuracy weighs the two errors differently"),
        )),
    Question(
        id="00.Q2", section="What the model knows", facts=_guessers,
        prompt="The guesser that always says malignant has F1 {f1:.3f} on the test half. What is its "
               "recall − fallout?",
        options=(
            Option("{f1:.3f}, as its F1, since both reward finding the malignant cases", False,
                   "F1 mixes recall with precision; recall − fallout compares how often it says malignant "
                   "for malignant and for benign cases.",
                   mistake="takes F1 and informedness for the same thing"),
            Option("1, since it finds every malignant case and so has a perfect recall", False,
                   "its recall is 1, but so is its fallout: it also calls every benign case malignant.",
                   mistake="reads recall alone as knowledge"),
            Option("0: it says malignant for every case, so recall and fallout are both 1", True,
                   "a guesser says malignant equally often whatever the case is, so its recall equals its "
                   "fallout and their difference is 0."),
            Option("{prevalence:.3f}, the share of malignant cases among those it calls malignant", False,
                   "that is its precision (and the prevalence); recall − fallout does not depend on it.",
                   mistake="confuses precision with recall − fallout"),
        )),
    Question(
        id="00.Q3", section="Why accuracy and F1 can reward guessing", facts=_quarter, answer="f1", digits=2,
        prompt="A test set has 25 % positive cases. What F1 does the guesser that always says positive get?",
        why="its recall is 1 and its precision the share of positives, {precision:.2f}; F1 = 2·0.25·1/(0.25 + 1) "
            "= 2p/(1 + p). A model has to beat that, though it is earned without looking at a case."),
    Question(
        id="00.Q4", section="The question this course answers",
        prompt="A second model has accuracy 0.02 higher than the forest on the same 285 cases. What can you "
               "say yet?",
        options=(
            Option("nothing about which knows more: accuracy also moves with how often each says malignant",
                   True,
                   "accuracy mixes knowledge with the bias of the calls, as the guessers show, and a "
                   "difference of 0.02 on 285 cases may be noise: the course answers both parts."),
            Option("that it is the better model, since it is right more often on these cases", False,
                   "on these cases, yes; on new cases a difference of 0.02 may be the luck of the split. "
                   "Notebooks 09 and 10 measure how sure such a difference is.",
                   mistake="ignores the noise of one test set"),
            Option("that both know something, since each has an accuracy above one half", False,
                   "always benign has accuracy above one half and knows nothing; what a model knows shows "
                   "in recall − fallout, not in accuracy.",
                   mistake="takes accuracy above one half for knowledge"),
        )),
)
