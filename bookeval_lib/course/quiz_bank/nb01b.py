"""Quiz of notebook 01b, guessers: recall and precision without knowledge."""
from ...measures import BinaryTable
from ...montecarlo import expected_table
from ..quiz import Option, Question


def _spam_filter():
    table = BinaryTable(tp=50, fp=950, fn=0, tn=0)   # 1,000 emails, 5 % spam, every one flagged
    return {"recall": table.recall, "precision": table.precision, "informedness": table.informedness,
            "swapped_recall": table.precision, "swapped_precision": table.recall}


def _stratified_guess():
    table = expected_table(0.0, prevalence=0.3, guess_bias=0.3)
    return {"recall": table.recall, "fallout": table.fallout, "precision": table.precision}


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
                   "every ham is flagged, so fallout is 1 too."),
            Option("recall {swapped_recall:.2f}, precision {swapped_precision:.2f}", False,
                   "that reads the table along the wrong margins: recall is read down the spam column "
                   "(all of it flagged), precision along the 'flagged' row."),
        )),
    Question(
        id="01b.Q2", section="The guesser in scikit-learn: `DummyClassifier`", facts=_stratified_guess,
        prompt="`DummyClassifier(strategy=\"stratified\")` says positive at random 30 % of the time, on a "
               "population with prevalence 0.3. What recall and fallout does it expect?",
        options=(
            Option("recall {recall:.1f} and fallout {fallout:.1f}", True,
                   "a guess says positive at the same rate in both columns: recall = fallout = the bias, "
                   "so recall − fallout is 0. Its precision, {precision:.1f}, is just the prevalence."),
            Option("recall 1.0 and fallout 0.0", False,
                   "that is a perfect classifier; a guesser cannot separate the columns."),
            Option("recall 0.3 and fallout 0.7", False,
                   "fallout is the share of real negatives called positive, which for a guess is the "
                   "bias too, not 1 − bias."),
        )),
)
