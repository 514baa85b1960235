"""The HTTP API (FastAPI): ``app.create_app(container)``; routers per resource; one error map."""
