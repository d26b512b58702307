"""Widgets the app's screens share (forms, contingent pickers, charts)."""
