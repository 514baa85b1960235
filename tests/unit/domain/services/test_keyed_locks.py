"""One lock per key: users of one key wait for each other, users of others never do."""

from __future__ import annotations

import threading
import time

from caseledger.domain.services.keyed_locks import KeyedLocks


def test_one_key_is_held_by_one_thread_at_a_time_and_other_keys_do_not_wait() -> None:
    locks = KeyedLocks()
    inside, most, other_done = [0], [0], threading.Event()
    guard = threading.Lock()

    def use(key: str, hold: float) -> None:
        with locks.held(key):
            if key == "other":
                other_done.set()
                return
            with guard:
                inside[0] += 1
                most[0] = max(most[0], inside[0])
            time.sleep(hold)
            with guard:
                inside[0] -= 1

    same = [threading.Thread(target=use, args=("t-1", 0.05)) for _ in range(4)]
    for thread in same:
        thread.start()
    time.sleep(0.01)  # t-1 is held now
    started = time.monotonic()
    use("other", 0)
    assert other_done.is_set() and time.monotonic() - started < 0.04
    for thread in same:
        thread.join()
    assert most[0] == 1


def test_a_key_is_forgotten_once_nobody_holds_or_waits_for_it() -> None:
    locks = KeyedLocks()
    with locks.held("a"), locks.held("b"):
        assert len(locks) == 2
    assert len(locks) == 0
    try:
        with locks.held("a"):
            raise ValueError("inside")
    except ValueError:
        pass
    assert len(locks) == 0
