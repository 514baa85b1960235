"""Progress off a terminal: plain lines a log can show while a long command runs."""

from __future__ import annotations

import io

from rich.console import Console
from rich.progress import Progress

from caseledger.cli.progress import PlainProgress, progress_display


def _console(terminal: bool) -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    return Console(file=out, force_terminal=terminal, width=120), out


class _Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_a_terminal_gets_riches_bar_and_a_log_gets_lines() -> None:
    terminal, _ = _console(True)
    log, _ = _console(False)
    assert isinstance(progress_display(terminal), Progress)
    assert isinstance(progress_display(log), PlainProgress)


def test_a_known_total_prints_a_line_per_tenth_with_counts_and_elapsed_time() -> None:
    console, out = _console(False)
    clock = _Clock()
    with PlainProgress(console, every_seconds=3_600, clock=clock) as progress:
        task = progress.add_task("train", total=7_700)
        for done in range(0, 7_701, 7):
            clock.now = done / 10  # 770 s for the whole stage
            progress.update(task, completed=done)
    lines = out.getvalue().splitlines()
    assert lines[0] == "train: 0/7,700 (0%) after 0m00s"
    assert lines[-1] == "train: 7,700/7,700 (100%) after 12m50s"
    # One line per tenth (0 % to 100 %) and no more: a log stays short.
    assert len(lines) == 11
    shares = [int(line.split("(")[1].split("%")[0]) for line in lines]
    assert shares == list(range(0, 101, 10))


def test_a_slow_tenth_still_gets_a_line_a_minute() -> None:
    console, out = _console(False)
    clock = _Clock()
    with PlainProgress(console, clock=clock) as progress:
        task = progress.add_task("train", total=1_000)
        for done in range(0, 101):  # 10 % in 500 s
            clock.now = done * 5
            progress.update(task, completed=done)
    lines = out.getvalue().splitlines()
    assert lines[:3] == [
        "train: 0/1,000 (0%) after 0m00s",
        "train: 12/1,000 (1%) after 1m00s",
        "train: 24/1,000 (2%) after 2m00s",
    ]
    assert lines[-1] == "train: 100/1,000 (10%) after 8m20s"
    assert len(lines) == 10  # the start, eight minutes, the tenth


def test_an_unknown_total_prints_on_time_and_the_end_is_always_shown() -> None:
    console, out = _console(False)
    clock = _Clock()
    with PlainProgress(console, every_seconds=60, clock=clock) as progress:
        task = progress.add_task("replay from kafka", total=None)
        for done in range(1, 1_001):
            clock.now = done * 0.5  # 500 s in all
            progress.update(task, completed=done)
        clock.now = 501.0
        progress.update(task, completed=1_003)
    lines = out.getvalue().splitlines()
    assert lines[0] == "replay from kafka: 120 after 1m00s"
    assert len(lines) == 9  # eight minutes' lines, then where it stopped
    assert lines[-1] == "replay from kafka: 1,003 after 8m21s"


def test_advance_and_a_total_set_later_count_like_riches() -> None:
    console, out = _console(False)
    with PlainProgress(console, clock=_Clock()) as progress:
        task = progress.add_task("replay ticket_state", total=None)
        progress.update(task, total=40)
        for _ in range(40):
            progress.advance(task, 1)
    assert out.getvalue().splitlines()[-1] == "replay ticket_state: 40/40 (100%) after 0m00s"
    assert out.getvalue().count("\n") == 11  # 0 % once the total is known, then 10 % ... 100 %


def test_a_stage_that_stops_early_says_where_it_stopped() -> None:
    console, out = _console(False)
    clock = _Clock()
    try:
        with PlainProgress(console, clock=clock) as progress:
            task = progress.add_task("calibrate", total=880)
            for done in range(0, 130):
                clock.now = done
                progress.update(task, completed=done)
            raise RuntimeError("interrupted")
    except RuntimeError:
        pass
    lines = out.getvalue().splitlines()
    assert lines[-1] == "calibrate: 129/880 (15%) after 2m09s"


def test_markup_in_a_description_is_printed_as_written() -> None:
    console, out = _console(False)
    with PlainProgress(console, clock=_Clock()) as progress:
        task = progress.add_task("replay [bold]x[/bold]", total=1)
        progress.update(task, completed=1)
    assert "replay [bold]x[/bold]: 1/1 (100%)" in out.getvalue()
