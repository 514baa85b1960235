"""One router per resource; ``api/app.py`` includes them under ``/v1``."""
