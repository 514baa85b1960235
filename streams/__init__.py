"""Kafka workers: every engine event onto the events topic, and events from other services in.

* ``relay``: the event store's notification log, in order, onto ``caseledger.events`` (JSON
  envelopes, ``contracts/envelope.v1.json``); its position advances only after the broker's ack.
* ``projector``: the projections, fed from ``caseledger.events``; offsets are committed in the
  read-model database in the same transaction as the documents.
* ``ingest``: ``caseledger.inbound`` (``contracts/inbound.v1.json``) into the application
  service's commands, idempotent on the producer's event id; invalid events go to
  ``caseledger.inbound.dlq`` (``dlq``).
* ``replay``: rebuild projections from the topic and compare them with the live ones.

Run a worker with ``python -m caseledger.streams relay|projector|ingest`` (or the ``caseledger``
command). Nothing here opens a connection at import time.
"""
