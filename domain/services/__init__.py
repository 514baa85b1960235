"""Application services: the commands of the engine (``desk``) and the reply pipeline."""

from caseledger.domain.services.desk import Cause, Limits, SupportDesk

__all__ = ["Cause", "Limits", "SupportDesk"]
