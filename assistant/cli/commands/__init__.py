"""One module per ``castra`` sub-command; each defines ``register(subparsers)``.

Modules are discovered at start-up, so adding a command is adding a file here. A module must
import its rules lazily or cheaply: never Textual (see ``_app`` for the one exception).
"""
