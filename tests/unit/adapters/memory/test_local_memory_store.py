"""LocalMemoryStore with a bag-of-words fake embedder and an in-memory SQLite database."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from caseledger.adapters.memory.bank import bank_id_for
from caseledger.adapters.memory.local import LocalMemoryStore, memory_terms
from caseledger.domain.ports import MemoryStore, MemoryUnavailable
from tests.contracts.memory import assert_failed_recall, assert_memory_store
from tests.fakes import FakeEmbedder, SteppingClock

T0 = datetime(2026, 5, 1, 9, 30, tzinfo=UTC)


def _store(path: str | Path = ":memory:", **kwargs: object) -> LocalMemoryStore:
    kwargs.setdefault("embedder", FakeEmbedder())
    return LocalMemoryStore(path, clock=SteppingClock(), **kwargs)  # type: ignore[arg-type]


def _unopenable(tmp_path: Path) -> LocalMemoryStore:
    # A directory where the database file should be: SQLite cannot open it.
    return _store(tmp_path)


def test_contract_with_fake_embedder(tmp_path: Path) -> None:
    store: MemoryStore = _store()
    assert_memory_store(store, broken=_unopenable(tmp_path))


def test_contract_without_embedder(tmp_path: Path) -> None:
    assert_memory_store(_store(embedder=None), broken=_unopenable(tmp_path))


def test_contract_on_a_file_survives_reopening(tmp_path: Path) -> None:
    path = tmp_path / "memory.sqlite"
    first = _store(path)
    first.retain(
        "cust-a", "I use a Dell Inspiron 15", occurred_at=T0, tags=[], source_event_id="e1"
    )
    first.close()
    again = _store(path)
    result = again.recall("cust-a", "Which Dell laptop?")
    assert [i.source_event_id for i in result.items] == ["e1"]


def test_bank_id_is_the_shared_derivation() -> None:
    store = _store(bank_prefix="cl-stag-")
    assert store.bank_id("cust-a") == bank_id_for("cust-a", "cl-stag-")
    receipt = store.retain("cust-a", "hello there", occurred_at=T0, tags=[], source_event_id="e")
    assert receipt.bank_id == bank_id_for("cust-a", "cl-stag-")
    assert receipt.memory_id == "e"


def test_same_customer_in_two_environments_has_two_banks() -> None:
    store_dev, store_prod = _store(bank_prefix="cl-dev-"), _store(bank_prefix="cl-prod-")
    assert store_dev.bank_id("cust-a") != store_prod.bank_id("cust-a")


def test_bad_prefix_is_refused_at_construction() -> None:
    with pytest.raises(ValueError, match="bank prefix"):
        _store(bank_prefix="Prod Bank/")


def test_repeat_write_does_not_re_embed() -> None:
    embedder = FakeEmbedder()
    store = _store(embedder=embedder)
    for _ in range(3):
        store.retain("c", "I use a Dell laptop", occurred_at=T0, tags=[], source_event_id="e1")
    assert embedder.calls == [["I use a Dell laptop"]]
    assert store.count("c") == 1


def test_memories_from_another_embedder_are_re_embedded(tmp_path: Path) -> None:
    path = tmp_path / "m.sqlite"
    old = _store(path, embedder=FakeEmbedder(dims=8))
    old.retain("c", "I use a Dell laptop", occurred_at=T0, tags=[], source_event_id="e1")
    old.close()
    new_embedder = FakeEmbedder(dims=32)
    new = _store(path, embedder=new_embedder)
    result = new.recall("c", "dell laptop")
    assert result.status == "results"
    assert ["I use a Dell laptop"] in new_embedder.calls  # the stored 8-d vector was replaced


def test_irrelevant_query_is_none_not_failed() -> None:
    store = _store()
    store.retain("c", "My printer jams", occurred_at=T0, tags=[], source_event_id="e1")
    result = store.recall("c", "quantum chromodynamics lecture")
    assert result.status == "none" and result.items == () and result.error is None


def test_ranking_prefers_the_matching_memory_and_breaks_ties_by_recency() -> None:
    store = _store()
    store.retain("c", "My printer jams", occurred_at=T0, tags=[], source_event_id="printer")
    store.retain("c", "My Dell laptop", occurred_at=T0, tags=[], source_event_id="laptop-old")
    store.retain(
        "c", "My Dell laptop", occurred_at=T0 + timedelta(days=1), tags=[], source_event_id="new"
    )
    result = store.recall("c", "dell laptop")
    assert [i.source_event_id for i in result.items][:2] == ["new", "laptop-old"]
    assert all(a.score >= b.score for a, b in zip(result.items, result.items[1:], strict=False))


def test_fuzzy_terms_match_typos_and_plurals() -> None:
    store = _store(embedder=None)
    store.retain("c", "I own an Inspiron laptop", occurred_at=T0, tags=[], source_event_id="e")
    assert store.recall("c", "inspirion laptops").status == "results"


def test_chinese_is_matched_lexically_not_by_the_english_model() -> None:
    embedder = FakeEmbedder()
    store = _store(embedder=embedder)
    store.retain("c", "我的手机是华为 Mate 60", occurred_at=T0, tags=[], source_event_id="zh")
    store.retain("c", "我住在北京", occurred_at=T0, tags=[], source_event_id="city")
    embedder.calls.clear()
    result = store.recall("c", "客户的华为手机是什么型号")
    assert [i.source_event_id for i in result.items] == ["zh"]
    assert embedder.calls == []  # a CJK query is not embedded with the English-only model


def test_memory_terms_drop_stop_words_and_split_chinese_into_bigrams_and_characters() -> None:
    assert memory_terms("Please call ME on my phone!") == ["call", "phone"]
    assert memory_terms("华为手机") == ["华为", "为手", "手机", "华", "为", "手", "机"]
    assert memory_terms("我的手机") == ["的手", "手机", "手", "机"]  # 我的, 我, 的: stop words


def test_recall_limit_must_be_positive() -> None:
    assert_failed_recall(_store().recall("c", "x", limit=0), "limit 0")


def test_failure_is_reported_then_recovery_clears_it(tmp_path: Path) -> None:
    store = _store(tmp_path / "m.sqlite")
    store.retain("c", "My Dell laptop", occurred_at=T0, tags=[], source_event_id="e")
    store.close()
    (tmp_path / "m.sqlite").unlink()
    (tmp_path / "m.sqlite").mkdir()  # the database file is gone, a directory in its place
    result = store.recall("c", "dell laptop")
    assert_failed_recall(result, "database replaced by a directory")
    assert result.error_type == "OperationalError"
    with pytest.raises(MemoryUnavailable, match="local memory write failed"):
        store.retain("c", "again", occurred_at=T0, tags=[], source_event_id="e2")
    health = store.health()
    assert not health.ok and health.last_error and "OperationalError" in health.last_error
    last_success = health.last_success_at
    (tmp_path / "m.sqlite").rmdir()
    assert store.recall("c", "dell laptop").status == "none"  # a fresh, empty database
    recovered = store.health()
    assert recovered.ok and recovered.last_success_at and recovered.last_success_at > last_success
    assert recovered.last_error is not None  # the last error stays visible after recovery


def test_error_message_is_cut_to_300_characters() -> None:
    class Exploding(FakeEmbedder):
        def embed(self, texts: object) -> list[list[float]]:  # type: ignore[override]
            raise RuntimeError("x" * 5000)

    store = _store(embedder=Exploding())
    with pytest.raises(MemoryUnavailable) as raised:
        store.retain("c", "text", occurred_at=T0, tags=[], source_event_id="e")
    assert len(str(raised.value)) <= 300


def test_naive_time_and_empty_content_are_refused() -> None:
    store = _store()
    with pytest.raises(ValueError, match="timezone"):
        store.retain("c", "x", occurred_at=datetime(2026, 1, 1), tags=[], source_event_id="e")
    with pytest.raises(ValueError, match="content"):
        store.retain("c", "  ", occurred_at=T0, tags=[], source_event_id="e")


def test_sqlite_file_holds_hashed_banks_only(tmp_path: Path) -> None:
    path = tmp_path / "m.sqlite"
    store = _store(path)
    store.retain("alice@example.com", "hello", occurred_at=T0, tags=[], source_event_id="e")
    store.close()
    banks = [r[0] for r in sqlite3.connect(path).execute("SELECT bank_id FROM memories")]
    assert banks == [bank_id_for("alice@example.com", "cl-dev-")]
    assert "alice" not in banks[0]


texts = st.sampled_from(
    [
        "My Dell Inspiron 15 stopped charging",
        "Please call me after 5pm",
        "我的手机是华为 Mate 60",
        "The printer jams on duplex",
        "请用短信联系我",
        "I prefer email",
    ]
)


@settings(max_examples=30, deadline=None)
@given(writes=st.lists(st.tuples(st.integers(0, 5), texts), min_size=1, max_size=12))
def test_recall_depends_on_the_final_contents_not_on_write_order(
    writes: list[tuple[int, str]],
) -> None:
    """Replaying or reordering writes of distinct source events gives the same recall."""
    final = {f"e{n}": text for n, text in writes}  # last write per source event wins
    forward, backward = _store(), _store()
    for n, text in writes:
        forward.retain("c", text, occurred_at=T0, tags=[], source_event_id=f"e{n}")
    for event, text in reversed(list(final.items())):
        backward.retain("c", text, occurred_at=T0, tags=[], source_event_id=event)
        backward.retain("c", text, occurred_at=T0, tags=[], source_event_id=event)
    for query in ("dell laptop charging", "华为手机", "contact me by phone"):
        a, b = forward.recall("c", query, limit=10), backward.recall("c", query, limit=10)
        assert [(i.source_event_id, i.text, i.score) for i in a.items] == [
            (i.source_event_id, i.text, i.score) for i in b.items
        ]
    assert forward.count("c") == len(final)
