"""Kafka relay, ingest and projector workers: planned in the Kafka issue; not wired yet."""
