"""Progress for long-running commands, on a terminal and in a log.

rich's bar redraws itself on a terminal; on anything else (a CI log, ``nohup``, a pipe) it
draws nothing until the command ends, so a two-hour ``guard train-pair-model`` ran silent.
Off a terminal the same calls print a plain line per tenth of a stage, or every
``every_seconds`` where the total is unknown or a tenth is slow to come.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from types import TracebackType
from typing import Any, Protocol, Self

from rich.console import Console
from rich.progress import Progress, ProgressColumn, TaskID

__all__ = ["PlainProgress", "ProgressDisplay", "progress_display"]


class ProgressDisplay(Protocol):
    """The part of rich's ``Progress`` the commands use; ``PlainProgress`` has it too."""

    def __enter__(self) -> Self: ...

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None: ...

    def add_task(self, description: str, start: bool = ..., total: float | None = ...) -> TaskID:
        """A new stage; ``total`` None where it is not known yet."""
        ...

    def update(
        self, task_id: TaskID, *, total: float | None = ..., completed: float | None = ...
    ) -> None:
        """Set how far a stage is (and its total, once known)."""
        ...

    def advance(self, task_id: TaskID, advance: float = ...) -> None:
        """Move a stage on by ``advance``."""
        ...


def progress_display(console: Console, *columns: ProgressColumn) -> ProgressDisplay:
    """rich's bar where ``console`` is a terminal, plain lines in a log otherwise."""
    if console.is_terminal:
        return Progress(*columns, console=console)
    return PlainProgress(console)


@dataclass
class _Stage:
    description: str
    total: float | None
    completed: float = 0.0
    started: float = 0.0
    last_line: float = 0.0
    tenths_shown: int = -1
    shown_completed: float | None = None


class PlainProgress:
    """Progress as plain lines: ``train: 1,234/7,700 (16%) after 12m05s``."""

    def __init__(
        self,
        console: Console,
        *,
        every_seconds: float = 60.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._console = console
        self._every = every_seconds
        self._clock = clock
        self._stages: list[_Stage] = []

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        # Where each stage stopped, unless its last line already said so.
        for stage in self._stages:
            if stage.shown_completed != stage.completed:
                self._show(stage)

    def add_task(
        self, description: str, start: bool = True, total: float | None = 100.0, **_: Any
    ) -> TaskID:
        now = self._clock()
        self._stages.append(_Stage(description, total, started=now, last_line=now))
        return TaskID(len(self._stages) - 1)

    def update(
        self,
        task_id: TaskID,
        *,
        total: float | None = None,
        completed: float | None = None,
        advance: float | None = None,
        **_: Any,
    ) -> None:
        stage = self._stages[task_id]
        if total is not None:
            stage.total = total
        if completed is not None:
            stage.completed = completed
        if advance is not None:
            stage.completed += advance
        self._maybe_show(stage)

    def advance(self, task_id: TaskID, advance: float = 1) -> None:
        self.update(task_id, advance=advance)

    def _maybe_show(self, stage: _Stage) -> None:
        now = self._clock()
        if stage.total:
            tenths = min(10, int(10 * stage.completed / stage.total))
            if tenths > stage.tenths_shown:
                stage.tenths_shown = tenths
                self._show(stage, now)
                return
        if now - stage.last_line >= self._every:
            self._show(stage, now)

    def _show(self, stage: _Stage, now: float | None = None) -> None:
        now = self._clock() if now is None else now
        stage.last_line = now
        stage.shown_completed = stage.completed
        done = f"{stage.completed:,.0f}"
        if stage.total:
            share = 100 * stage.completed / stage.total
            done = f"{done}/{stage.total:,.0f} ({share:.0f}%)"
        elapsed = int(now - stage.started)
        minutes, seconds = divmod(elapsed, 60)
        self._console.print(
            f"{stage.description}: {done} after {minutes}m{seconds:02d}s",
            highlight=False,
            markup=False,
        )
