"""The campaign ledger: an append-only event log, replayed into the campaign state (pure)."""
