"""The "check your understanding" questions, one module per notebook (``nb01`` ... ``nbA7``).

Each module defines ``QUESTIONS``, a tuple of :class:`bookeval_lib.course.quiz.Question`, shown by
``quiz("NN")``.  Every number in a question is a ``{field}`` filled from its ``facts()``, computed by the
library; tests/test_quiz.py checks every fact independently.  A bank may list the right option first: the
options are shown in a seeded shuffled order.  Every wrong option names its ``mistake``, the misconception
that leads to it, and tests/test_quiz_patterns.py checks that neither the place nor the length of an option
gives the answer away.
"""
