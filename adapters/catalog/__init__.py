"""The catalog of canonical support actions and the troubleshooting playbook built on it."""

from caseledger.adapters.catalog.catalog import (
    LANGUAGES,
    Catalog,
    CatalogAction,
    CatalogError,
    Category,
    load_catalog,
)

__all__ = ["LANGUAGES", "Catalog", "CatalogAction", "CatalogError", "Category", "load_catalog"]
