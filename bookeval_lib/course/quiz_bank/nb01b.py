"""Quiz of notebook 01b, guessers: recall and precision without knowledge."""
from ...measures import BinaryTable
from ...montecarlo import expected_table, informedness_sampling_variance
from ..quiz import Option, Question


def _spam_filter():
    table = BinaryTable(tp=50, fp=950, fn=0, tn=0)   # 1,000 emails, 5 % spam, every one flagged
    return {"recall": table.recall, "precision": table.precision, "informedness": table.informedness,
            "swapped_recall": table.precision, "swapped_precision": table.recall}


def _stratified_guess():
    table = expected_table(0.0, prevalence=0.3, guess_bias=0.3)
    return {"recall": table.recall, "fallout": table.fallout, "precision": table.precision}


def _always_positive():
    table = BinaryTable(tp=80, fp=20, fn=0, tn=0)   # 100 cases, 80 % positive, every one called positive
    return {"accuracy": table.accuracy, "f1": table.f1, "informedness": table.informedness}


def _one_run():
    sd = float(informedness_sampling_variance(0.0, 0.5, 50, 50) ** 0.5)
    return {"sd": sd, "two_sd": 2 * sd, "model": 0.15}


QUESTIONS = (
    Question(
        id="01b.Q1", section='The tagger that always says "noun"', facts=_spam_filter,
        prompt="A filter flags every email as spam, where 5 % of emails are spam. What are its recall, "
               "precision and recall − fallout?",
        options=(
            Option("recall {recall:.2f}, precision {precision:.2f}, recall − fallout {informedness:.2f}", True,
                   "every spam is caught (recall 1), a flagged email is spam as often as any email is "
                   "(precision = prevalence), and every ham is flagged too (fallout 1): the gap is 0, "
                   "as for any guess."),
            Option("recall {recall:.2f}, precision {recall:.2f}, recall − fallout {recall:.2f}", False,
                   "recall is 1, but most flagged emails are not spam: precision is the prevalence, and "
                   "every ham is flagged, so fallout is 1 too.",
                   mistake="takes catching every positive for knowing"),
            Option("recall {swapped_recall:.2f} and precision {swapped_precision:.2f}, read along the rows", False,
                   "that reads the table along the wrong margins: recall is read down the spam column "
                   "(all of it flagged), precision along the 'flagged' row.",
                   mistake="reads recall and precision along the wrong margins"),
        )),
    Question(
        id="01b.Q2", section="The guesser in scikit-learn: `DummyClassifier`", facts=_stratified_guess,
        prompt="`DummyClassifier(strategy=\"stratified\")` says positive at random 30 % of the time, on a "
               "population with prevalence 0.3. What recall and fallout does it expect?",
        options=(
            Option("recall {recall:.1f} and fallout {fallout:.1f}", True,
                   "a guess says positive at the same rate in both columns: recall = fallout = the bias, "
                   "so recall − fallout is 0. Its precision, {precision:.1f}, is just the prevalence."),
            Option("recall 1.0, fallout 0.0", False,
                   "that is a perfect classifier; a guesser cannot separate the columns.",
                   mistake="credits a guesser with separating the classes"),
            Option("recall 0.3 and fallout 0.7 = 1 − 0.3", False,
                   "fallout is the share of real negatives called positive, which for a guess is the "
                   "bias too, not 1 − bias.",
                   mistake="takes fallout for one minus the bias"),
        )),
    Question(
        id="01b.Q3", section='The tagger that always says "noun"', facts=_always_positive,
        prompt="On a test set where 80 % of the cases are positive, a classifier says positive every time. Which "
               "of its scores shows that it knows nothing?",
        options=(
            Option("its recall − fallout, which is {informedness:.1f}", True,
                   "every positive is caught (recall 1) and every negative is flagged too (fallout 1): the gap "
                   "is 0, as for any guess."),
            Option("its accuracy, {accuracy:.2f}, short of a perfect 1", False,
                   "a score below 1 says nothing about knowledge: accuracy rewards the cheat, since saying the "
                   "common class every time scores the prevalence.",
                   mistake="reads any score below 1 as ignorance"),
            Option("its F1, {f1:.3f}, below its recall", False,
                   "F1 combines recall (1 here) and precision (the prevalence here), both of which the "
                   "cheat earns without knowledge; F1 falling below recall shows nothing.",
                   mistake="takes F1 below recall for a lack of knowledge"),
        )),
    Question(
        id="01b.Q4", section='The tagger that always says "noun"', facts=_one_run,
        prompt="On 50 positives and 50 negatives your model scores recall − fallout = {model:.2f}. A guesser "
               "that says positive half the time has a gap with standard deviation {sd:.2f} over runs. "
               "What do you conclude?",
        options=(
            Option("nothing yet: {model:.2f} is within two standard deviations ({two_sd:.2f}) of 0", True,
                   "the gap of one guesser run scatters with variance q(1 − q)(1/RP + 1/RN); a score inside "
                   "that scatter is no evidence of knowledge."),
            Option("the model knows something, since its gap is above a guesser's 0", False,
                   "a guesser's gap is 0 only on average: one run lands above 0 half the time.",
                   mistake="compares with the guesser's mean and ignores its scatter"),
            Option("the model is worse than guessing: its gap is under two deviations", False,
                   "its gap is positive; the point is that it is not clearly above a guesser's scatter, "
                   "which says nothing about being worse.",
                   mistake="reads 'not clearly better' as 'worse than chance'"),
        )),
)
