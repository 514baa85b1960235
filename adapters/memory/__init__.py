"""``MemoryStore`` implementations: Hindsight (production) and a local SQLite store (embedded)."""
