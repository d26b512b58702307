"""The Altar of Freedom ghost general (solo rules v1.7, RULES.md section G).

Pure rules and a ``transitions`` state machine for the ghost's orders; no user interface.
"""
