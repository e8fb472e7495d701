"""Check your understanding: a short quiz at the end of every notebook.

``quiz("08")`` returns notebook 08's questions as a displayable object.  Its HTML shows every option of a
multiple-choice question as a closed ``<details>`` element ("B) … — click to see if it is right") that opens
on "Right: …" or "Not quite: …" with the explanation, and a number question as "Show the answer"; it needs
no script, so it works in JupyterLab (whose sanitizer keeps ``<details>``/``<summary>`` even in an untrusted
notebook) and on the static site without a kernel.  Its ``text/plain`` form lists the questions without the
answers.  Texts are plain Unicode, not LaTeX, so that they read the same with or without MathJax.

The questions live in ``bookeval_lib/course/quiz_bank/nbNN.py`` (``QUESTIONS``, one module per notebook).  A
text may hold ``{name:format}`` fields: they are filled from the question's ``facts()``, a dict computed by
the library, so that no number of a question is typed by hand; an option's ``right`` is either a bool (a
fact of the theory, explained in ``why``) or the name of a boolean fact.  A wrong option names, in
``mistake``, the misconception that leads to it ("reads scikit-learn's matrix in Powers' layout"), so that
every wrong option is a real slip a learner makes and not a filler.

A bank lists its options in any order (the right one first, usually); they are shown in an order shuffled by
a permutation seeded from the question's id (``zlib.crc32`` of it, not Python's salted ``hash``), so the
order is the same in every run, in the notebook, on the site and in the tests, and the right option is not
found by its place.  :meth:`Question.rendered` gives the shown order; every renderer uses it.
"""
from __future__ import annotations

import html
import importlib
import random
import re
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

__all__ = ["Option", "Question", "Quiz", "quiz", "questions", "notebooks", "shown_order"]

_NOTEBOOK = re.compile(r"^(\d\db?|A\d)$")
_BANK = Path(__file__).resolve().parent / "quiz_bank"
_LETTERS = "ABCDEFGH"


def _no_facts():
    return {}


def shown_order(question_id: str, n: int) -> list[int]:
    """The order in which the ``n`` options of question ``question_id`` are shown: bank indices, shuffled.

    A permutation of ``range(n)`` drawn by ``random.Random`` seeded with ``zlib.crc32`` of the id, so it is
    the same on every run and every machine (an integer seed does not depend on ``PYTHONHASHSEED``).
    """
    order = list(range(n))
    random.Random(zlib.crc32(question_id.encode("utf-8"))).shuffle(order)
    return order


@dataclass(frozen=True)
class Option:
    """One answer of a multiple-choice question: its text, whether it is right, why, and (wrong) its mistake."""
    text: str
    right: bool | str  # a bool, or the name of a boolean fact of the question
    why: str
    mistake: str = ""  # a wrong option: the short name of the misconception that leads a learner to it


@dataclass(frozen=True)
class Question:
    """A question: multiple choice (``options``) or a number (``answer`` names a fact, shown with ``digits``)."""
    id: str                       # "08.Q2": notebook 08, question 2
    section: str                  # the heading of the notebook's section it practises
    prompt: str
    options: tuple[Option, ...] = ()
    answer: str = ""              # number question: the key of the fact that answers it
    digits: int = 3               # number question: decimals shown
    why: str = ""                 # number question: the explanation
    facts: Callable[[], dict] = field(default=_no_facts, compare=False)

    @property
    def kind(self) -> str:
        return "number" if self.answer else "choice"

    def rendered(self) -> dict:
        """The question with its fields filled: prompt, options as (text, right, why), or answer and why.

        The options come in the order they are shown (:func:`shown_order`), not the bank's.
        """
        facts = self.facts()
        out: dict[str, Any] = {"prompt": self.prompt.format(**facts)}
        if self.answer:
            out["answer"] = f"{facts[self.answer]:.{self.digits}f}"
            out["why"] = self.why.format(**facts)
        else:
            options = [self.options[i] for i in shown_order(self.id, len(self.options))]
            out["options"] = [(o.text.format(**facts),
                               bool(facts[o.right]) if isinstance(o.right, str) else o.right,
                               o.why.format(**facts)) for o in options]
        return out


def _markup(text: str) -> str:
    """Escape ``text`` for HTML and turn `code` spans into <code>."""
    return re.sub(r"`([^`]+)`", r"<code>\1</code>", html.escape(text, quote=False))


def _plain(text: str) -> str:
    return text.replace("`", "")


class Quiz:
    """The questions of one notebook, displayed as HTML (answers on click) or as plain text (no answers)."""

    def __init__(self, notebook: str, items: tuple[Question, ...]):
        self.notebook = notebook
        self.questions = items

    def _repr_html_(self) -> str:
        parts = ['<div class="bookeval-quiz">',
                 "<p><em>Think of your answer first, then open an option to see whether it is right, "
                 "and why.</em></p>"]
        for number, question in enumerate(self.questions, start=1):
            shown = question.rendered()
            parts.append(f"<p><strong>Q{number}.</strong> {_markup(shown['prompt'])}</p>")
            if question.kind == "number":
                parts.append(f"<details><summary>Show the answer</summary><p><strong>{shown['answer']}</strong>"
                             f" — {_markup(shown['why'])}</p></details>")
                continue
            for letter, (text, right, why) in zip(_LETTERS, shown["options"]):
                verdict = "Right" if right else "Not quite"
                parts.append(f"<details><summary>{letter}) {_markup(text)} — <em>click to see if it is right"
                             f"</em></summary><p><strong>{verdict}:</strong> {_markup(why)}</p></details>")
        parts.append("</div>")
        return "\n".join(parts)

    def __repr__(self) -> str:
        lines = [f"Check your understanding ({self.notebook}): open this notebook in Jupyter or on the course's "
                 "site to reveal the answers."]
        for number, question in enumerate(self.questions, start=1):
            shown = question.rendered()
            lines.append(f"Q{number}. {_plain(shown['prompt'])}")
            if question.kind == "number":
                lines.append("   (a number)")
            lines += [f"   {letter}) {_plain(text)}" for letter, (text, _, _) in zip(_LETTERS, shown.get("options", []))]
        return "\n".join(lines)


def notebooks() -> tuple[str, ...]:
    """The notebooks that have a quiz ("01", ..., "A7"), in the order of their bank modules' names."""
    return tuple(sorted(p.stem[2:] for p in _BANK.glob("nb*.py")))


def questions(notebook: str) -> tuple[Question, ...]:
    """The questions of ``notebook`` ("08", "11b", "A1"); ValueError naming it when it has no quiz."""
    if not isinstance(notebook, str) or not _NOTEBOOK.match(notebook) or notebook not in notebooks():
        raise ValueError(f"notebook must be one of {', '.join(notebooks())}, got {notebook!r}")
    return importlib.import_module(f"{__package__}.quiz_bank.nb{notebook}").QUESTIONS


def quiz(notebook: str) -> Quiz:
    """Notebook ``notebook``'s "check your understanding" questions, displayed with answers on click."""
    return Quiz(notebook, questions(notebook))
