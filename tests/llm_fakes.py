"""A tiny catalog (the real ``Catalog`` type, five actions) for responder and prompt tests."""

from __future__ import annotations

from caseledger.adapters.catalog.catalog import Catalog, CatalogAction, Category
from caseledger.domain.policies.action_frames import ActionFrame

__all__ = ["BOOK", "tiny_catalog"]


def _action(action_id: str, op: str, obj: str, en: str, zh: str) -> CatalogAction:
    return CatalogAction(
        action_id=action_id,
        frame=ActionFrame(op, obj),
        texts={"en": en, "zh": zh},
        aliases={"en": (), "zh": ()},
    )


def tiny_catalog() -> Catalog:
    """Two categories: router (3 steps) and power (2 steps)."""
    actions = [
        _action("router.restart", "restart", "router", "Restart the router.", "重启路由器。"),
        _action(
            "router.update_firmware",
            "update",
            "router.firmware",
            "Update the router firmware.",
            "更新路由器固件。",
        ),
        _action(
            "router.factory_reset",
            "factory_reset",
            "router",
            "Reset the router to factory settings.",
            "恢复出厂设置。",
        ),
        _action(
            "power.check_cable",
            "check",
            "charging_cable",
            "Check the charging cable.",
            "检查充电线。",
        ),
        _action(
            "power.rollback_driver",
            "roll_back",
            "battery_driver",
            "Roll back the battery driver.",
            "回滚电池驱动。",
        ),
    ]
    categories = [
        Category(
            "router",
            {"en": "Router problems", "zh": "路由器问题"},
            ("router.restart", "router.update_firmware", "router.factory_reset"),
        ),
        Category(
            "power",
            {"en": "Device not charging", "zh": "设备无法充电"},
            ("power.check_cable", "power.rollback_driver"),
        ),
    ]
    return Catalog(actions, categories)


BOOK = tiny_catalog()
