"""What a user touches: the command line, the campaign ledger and the Textual app.

Only :mod:`assistant.tui` imports Textual; the command line loads it only to open the app.
"""
