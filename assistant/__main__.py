"""``python -m assistant`` runs the same command line as ``castra``."""

from assistant.cli import main

raise SystemExit(main())
