"""The bundled catalog of canonical support actions, which is also the troubleshooting playbook.

``support_actions.json`` (package data next to this module) lists:

* ``actions`` — every canonical support action once: an ``action_id`` ("router.restart"), its
  action frame (``op``, ``object``, ``qualifier`` in the vocabulary of
  :mod:`caseledger.domain.policies.action_lexicon`), the customer-facing ``text`` in ``en`` and
  ``zh``, and ``aliases`` in both languages (other ways people name it: "8.8.8.8", "谷歌DNS").
* ``categories`` — each with a title and its ``steps``: action ids in the order to try them.
  An action may be a step of several categories ("system.update_os").

Use::

    catalog = load_catalog()                      # the packaged file, parsed once
    for action in catalog.steps("router"):        # ordered steps of one category
        print(action.action_id, action.text("zh"))
    catalog.action("router.restart").frame        # ActionFrame(op="restart", obj="router")
    catalog.index()                               # ActionIndex for the guard

The offline responder walks ``steps(category)`` and proposes the first step whose action id is
not yet tried; the guard (``CatalogGuardEquivalence``) recognises the same ids in free text.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from itertools import product
from pathlib import Path
from typing import Any

from caseledger.domain.policies.action_frames import ActionFrame, ActionIndex, CatalogEntry

__all__ = [
    "LANGUAGES",
    "Catalog",
    "CatalogAction",
    "CatalogError",
    "Category",
    "load_catalog",
]

LANGUAGES: tuple[str, ...] = ("en", "zh")
_RESOURCE = "support_actions.json"


class CatalogError(ValueError):
    """The catalog file is malformed, or a lookup named a category or action it lacks."""


@dataclass(frozen=True)
class CatalogAction:
    """One canonical support action."""

    action_id: str
    frame: ActionFrame
    texts: Mapping[str, str]  # language -> customer-facing step text
    aliases: Mapping[str, tuple[str, ...]]  # language -> other names of the action
    also_ops: tuple[str, ...] = ()  # other verbs that name it ("check for" a paper jam)

    def text(self, language: str = "en") -> str:
        """The step text in ``language`` ("en" or "zh"); English for any other language."""
        return self.texts.get(language) or self.texts["en"]

    def all_aliases(self) -> tuple[str, ...]:
        """Aliases of every language, English first."""
        return tuple(alias for lang in LANGUAGES for alias in self.aliases.get(lang, ()))


@dataclass(frozen=True)
class Category:
    """A troubleshooting category: its titles and its ordered step ids."""

    category_id: str
    titles: Mapping[str, str]
    step_ids: tuple[str, ...]

    def title(self, language: str = "en") -> str:
        """The title in ``language``; English for any other language."""
        return self.titles.get(language) or self.titles["en"]


class Catalog:
    """The parsed catalog; immutable and safe to share."""

    def __init__(self, actions: Sequence[CatalogAction], categories: Sequence[Category]) -> None:
        self._actions: dict[str, CatalogAction] = {}
        for action in actions:
            if action.action_id in self._actions:
                raise CatalogError(f"duplicate action id {action.action_id!r}")
            self._actions[action.action_id] = action
        self._categories: dict[str, Category] = {}
        for category in categories:
            if category.category_id in self._categories:
                raise CatalogError(f"duplicate category {category.category_id!r}")
            for step in category.step_ids:
                if step not in self._actions:
                    raise CatalogError(
                        f"category {category.category_id!r} lists unknown action {step!r}"
                    )
            if len(set(category.step_ids)) != len(category.step_ids):
                raise CatalogError(f"category {category.category_id!r} repeats a step")
            self._categories[category.category_id] = category
        self._index: ActionIndex | None = None

    @property
    def categories(self) -> tuple[str, ...]:
        """Category ids, in file order."""
        return tuple(self._categories)

    @property
    def actions(self) -> tuple[CatalogAction, ...]:
        """Every action, in file order."""
        return tuple(self._actions.values())

    def category(self, category_id: str) -> Category:
        """The category ``category_id``; CatalogError when there is none."""
        try:
            return self._categories[category_id]
        except KeyError:
            raise CatalogError(f"unknown category {category_id!r}") from None

    def steps(self, category_id: str) -> tuple[CatalogAction, ...]:
        """The ordered steps of a category (first to try first); CatalogError if unknown."""
        return tuple(self._actions[step] for step in self.category(category_id).step_ids)

    def step_pairs(self) -> Iterator[tuple[str, CatalogAction, CatalogAction]]:
        """``(category, earlier, later)`` for every two steps of each category, earlier first:
        the offline responder proposes ``later`` after ``earlier`` failed. Two different
        actions each time."""
        for category_id in self._categories:
            steps = self.steps(category_id)
            for i, earlier in enumerate(steps):
                for later in steps[i + 1 :]:
                    yield category_id, earlier, later

    def next_steps(self) -> Iterator[tuple[str, CatalogAction, str, CatalogAction, str]]:
        """:meth:`step_pairs` in every pair of languages: ``(category, earlier, its language,
        later, its language)``, the earlier failed and the later proposed, as a customer may
        write one and the responder the other. What the guard must never refuse."""
        for category_id, earlier, later in self.step_pairs():
            for one, other in product(LANGUAGES, repeat=2):
                yield category_id, earlier, one, later, other

    def action(self, action_id: str) -> CatalogAction:
        """The action ``action_id``; CatalogError when there is none."""
        try:
            return self._actions[action_id]
        except KeyError:
            raise CatalogError(f"unknown action {action_id!r}") from None

    def categories_of(self, action_id: str) -> tuple[str, ...]:
        """The categories that list ``action_id`` as a step."""
        return tuple(cid for cid, cat in self._categories.items() if action_id in cat.step_ids)

    def entries(self) -> list[CatalogEntry]:
        """The actions as the domain's :class:`CatalogEntry` values (frame, aliases, texts)."""
        return [
            CatalogEntry(
                action_id=action.action_id,
                frame=action.frame,
                aliases=action.all_aliases(),
                texts=tuple(action.texts[lang] for lang in LANGUAGES if lang in action.texts),
                also_ops=action.also_ops,
            )
            for action in self._actions.values()
        ]

    def index(self) -> ActionIndex:
        """The :class:`ActionIndex` of this catalog (built once; raises on a bad alias)."""
        if self._index is None:
            self._index = ActionIndex(self.entries())
        return self._index


def _strings(value: Any, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(item, str) and item for item in value):
        raise CatalogError(f"{where} must be a list of non-empty strings")
    return tuple(value)


def _languages(value: Any, where: str) -> dict[str, Any]:
    if not isinstance(value, dict) or set(value) != set(LANGUAGES):
        raise CatalogError(f"{where} must have exactly the keys {list(LANGUAGES)}")
    return value


def _parse(data: Any) -> Catalog:
    if not isinstance(data, dict) or data.get("schema_version") != 1:
        raise CatalogError("the catalog must be an object with schema_version 1")
    actions: list[CatalogAction] = []
    for number, raw in enumerate(data.get("actions") or []):
        where = f"actions[{number}]"
        if not isinstance(raw, dict):
            raise CatalogError(f"{where} must be an object")
        action_id = raw.get("action_id")
        if not isinstance(action_id, str) or "." not in action_id:
            raise CatalogError(f"{where}.action_id must look like 'category.action'")
        frame = raw.get("frame")
        if not isinstance(frame, dict) or not isinstance(frame.get("op"), str):
            raise CatalogError(f"{action_id}: frame needs an op")
        obj, qualifier = frame.get("object"), frame.get("qualifier")
        if not (obj is None or isinstance(obj, str)) or not (
            qualifier is None or isinstance(qualifier, str)
        ):
            raise CatalogError(f"{action_id}: frame object and qualifier must be strings or null")
        texts = _languages(raw.get("text"), f"{action_id}.text")
        if not all(isinstance(texts[lang], str) and texts[lang].strip() for lang in LANGUAGES):
            raise CatalogError(f"{action_id}: text must be non-empty in every language")
        aliases = _languages(raw.get("aliases"), f"{action_id}.aliases")
        also = frame.get("also_ops", [])
        also_ops = _strings(also, f"{action_id}.frame.also_ops") if also else ()
        actions.append(
            CatalogAction(
                action_id=action_id,
                frame=ActionFrame(frame["op"], obj, qualifier),
                texts={lang: texts[lang] for lang in LANGUAGES},
                aliases={
                    lang: _strings(aliases[lang], f"{action_id}.aliases.{lang}")
                    for lang in LANGUAGES
                },
                also_ops=also_ops,
            )
        )
    categories: list[Category] = []
    raw_categories = data.get("categories")
    if not isinstance(raw_categories, dict):
        raise CatalogError("categories must be an object")
    for category_id, raw in raw_categories.items():
        if not isinstance(raw, dict):
            raise CatalogError(f"category {category_id!r} must be an object")
        titles = _languages(raw.get("title"), f"{category_id}.title")
        categories.append(
            Category(
                category_id=category_id,
                titles={lang: str(titles[lang]) for lang in LANGUAGES},
                step_ids=_strings(raw.get("steps"), f"{category_id}.steps"),
            )
        )
    return Catalog(actions, categories)


def load_catalog(path: str | Path | None = None) -> Catalog:
    """Load the catalog: the packaged ``support_actions.json`` by default (parsed once and
    shared), or the file at ``path``. Raises CatalogError when it is malformed."""
    if path is None:
        return _packaged()
    with Path(path).open(encoding="utf-8") as handle:
        return _parse(json.load(handle))


@lru_cache(maxsize=1)
def _packaged() -> Catalog:
    # importlib.resources reads the file from the installed package (wheel, zip or editable).
    source = resources.files("caseledger.adapters.catalog").joinpath(_RESOURCE)
    return _parse(json.loads(source.read_text(encoding="utf-8")))
