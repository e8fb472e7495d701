"""The "check your understanding" questions, one module per notebook (``nb01`` ... ``nbA7``).

Each module defines ``QUESTIONS``, a tuple of :class:`bookeval_lib.course.quiz.Question`, shown by
``quiz("NN")``.  Every number in a question is a ``{field}`` filled from its ``facts()``, computed by the
library; tests/test_quiz_bank.py checks every fact independently.
"""
