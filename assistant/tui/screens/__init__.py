"""The app's screens, one module each; the app registers them as modes (see ``app.py``)."""
