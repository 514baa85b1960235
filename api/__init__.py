"""HTTP API (FastAPI): planned in the "guarded reply" issue; nothing here is wired yet."""
