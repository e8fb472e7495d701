"""The exercise banks of the course: one module per notebook, ``nbNN.py``, each defining
``EXERCISES: tuple[Exercise, ...]`` (see :mod:`bookeval_lib.course.checker`).

Module ``nb08`` holds the exercises ``08.1``, ``08.2``, ... of notebook 08, in order.
Right answers and known mistakes are functions that compute them with the library.
"""
