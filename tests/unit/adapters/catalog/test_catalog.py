"""The bundled catalog of support actions / troubleshooting playbook."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from caseledger.adapters.catalog import LANGUAGES, CatalogError, load_catalog
from caseledger.domain.policies.action_frames import ActionFrame
from caseledger.domain.policies.attempts import contains_cjk

CATALOG = load_catalog()


def test_at_least_eight_categories_with_ordered_steps() -> None:
    assert len(CATALOG.categories) >= 8
    for category in CATALOG.categories:
        steps = CATALOG.steps(category)
        assert len(steps) >= 5, category
        assert [step.action_id for step in steps] == list(CATALOG.category(category).step_ids)
        assert CATALOG.category(category).title("en") and contains_cjk(
            CATALOG.category(category).title("zh")
        )


def test_every_action_has_english_and_chinese_text_and_aliases() -> None:
    for action in CATALOG.actions:
        assert set(action.texts) == set(LANGUAGES)
        assert action.text("en").strip() and not contains_cjk(action.text("en"))
        assert contains_cjk(action.text("zh"))
        assert action.text("fr") == action.text("en")  # unknown language: English
        assert action.aliases["en"] and action.aliases["zh"], action.action_id


def test_ids_are_unique_and_every_action_is_a_step() -> None:
    ids = [action.action_id for action in CATALOG.actions]
    assert len(ids) == len(set(ids))
    listed = {step for cat in CATALOG.categories for step in CATALOG.category(cat).step_ids}
    assert listed == set(ids)
    assert CATALOG.categories_of("system.update_os") == ("app", "slow_computer")


def test_frames_are_distinct() -> None:
    frames = [action.frame for action in CATALOG.actions]
    assert len(frames) == len(set(frames))


def test_every_alias_maps_to_its_own_action() -> None:
    index = CATALOG.index()
    for action in CATALOG.actions:
        for alias in action.all_aliases():
            assert index.analyze(alias).action_ids == {action.action_id}, (action.action_id, alias)


def test_every_step_text_maps_to_its_own_action() -> None:
    index = CATALOG.index()
    for action in CATALOG.actions:
        for language in LANGUAGES:
            found = index.analyze(action.text(language)).action_ids
            assert found == {action.action_id}, (action.action_id, language)


def test_lookups() -> None:
    assert CATALOG.action("router.restart").frame == ActionFrame("restart", "router")
    with pytest.raises(CatalogError, match="unknown category"):
        CATALOG.steps("toaster")
    with pytest.raises(CatalogError, match="unknown action"):
        CATALOG.action("toaster.reboot")
    assert load_catalog() is CATALOG  # parsed once


def _write(tmp_path: Path, data: object) -> Path:
    path = tmp_path / "catalog.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _action(action_id: str = "x.y") -> dict[str, object]:
    return {
        "action_id": action_id,
        "frame": {"op": "restart", "object": "router", "qualifier": None},
        "text": {"en": "Restart the router", "zh": "重启路由器"},
        "aliases": {"en": ["reboot the router"], "zh": ["重新启动路由器"]},
    }


def test_load_from_a_path_and_reject_malformed_files(tmp_path: Path) -> None:
    good = {
        "schema_version": 1,
        "actions": [_action()],
        "categories": {"c": {"title": {"en": "C", "zh": "丙"}, "steps": ["x.y"]}},
    }
    assert [a.action_id for a in load_catalog(_write(tmp_path, good)).steps("c")] == ["x.y"]
    bad_cases = [
        {**good, "schema_version": 2},
        {**good, "actions": [_action(), _action()]},
        {**good, "categories": {"c": {"title": {"en": "C", "zh": "丙"}, "steps": ["nope"]}}},
        {**good, "actions": [{**_action(), "text": {"en": "Restart"}}]},
        {**good, "actions": [{**_action(), "action_id": "noprefix"}]},
    ]
    for bad in bad_cases:
        with pytest.raises(CatalogError):
            load_catalog(_write(tmp_path, bad))


def test_the_packaged_file_is_read_through_importlib_resources() -> None:
    from importlib import resources

    source = resources.files("caseledger.adapters.catalog").joinpath("support_actions.json")
    data = json.loads(source.read_text(encoding="utf-8"))
    assert len(data["actions"]) == len(CATALOG.actions)


def test_step_pairs_are_every_two_steps_of_a_category_earlier_first() -> None:
    catalog = load_catalog()
    pairs = list(catalog.step_pairs())
    for category in catalog.categories:
        ids = [a.action_id for a in catalog.steps(category)]
        mine = [(a.action_id, b.action_id) for c, a, b in pairs if c == category]
        assert len(mine) == len(ids) * (len(ids) - 1) // 2
        assert all(ids.index(a) < ids.index(b) for a, b in mine)
        assert len(set(mine)) == len(mine)
    assert all(a.action_id != b.action_id for _, a, b in pairs)
    assert len(pairs) == 341


def test_next_steps_are_the_step_pairs_in_every_pair_of_languages() -> None:
    catalog = load_catalog()
    steps = list(catalog.next_steps())
    assert (
        len(steps)
        == 4 * 341
        == len(set((a.action_id, o, b.action_id, t) for _, a, o, b, t in steps))
    )
    pairs = {(c, a.action_id, b.action_id) for c, a, b in catalog.step_pairs()}
    assert {(c, a.action_id, b.action_id) for c, a, _, b, _ in steps} == pairs
    assert {(o, t) for _, _, o, _, t in steps} == {
        ("en", "en"),
        ("en", "zh"),
        ("zh", "en"),
        ("zh", "zh"),
    }
