"""The rules arithmetic of Castra: pure functions and frozen pydantic value objects.

Nothing here does I/O, reads data files or imports a user interface, so the command line,
the campaign ledger, the ghost and the Textual app all share one reading of the rules
(``docs/rules.md``, cited by rule id in each function's docstring).
"""
