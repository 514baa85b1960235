"""``python -m caseledger.streams relay|projector|ingest [options]``: run one worker."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence

USAGE = "usage: python -m caseledger.streams relay|projector|ingest [--help] [options]"


def _workers() -> dict[str, Callable[[Sequence[str] | None], int]]:
    from caseledger.streams import ingest, projector, relay

    return {"relay": relay.main, "projector": projector.main, "ingest": ingest.main}


def main(argv: Sequence[str] | None = None) -> int:
    """Dispatch to the named worker's ``main``."""
    args = list(sys.argv[1:] if argv is None else argv)
    workers = _workers()
    if not args or args[0] not in workers:
        sys.stderr.write(USAGE + "\n")
        return 2
    return workers[args[0]](args[1:])


if __name__ == "__main__":
    sys.exit(main())
