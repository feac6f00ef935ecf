"""The CLI's rich consoles: wrapped to the terminal on a terminal, never wrapped anywhere else.

Rich assumes 80 columns when output is not a terminal; a log or a pipe would then get every long line
broken in two, and `grep` would miss what it looks for."""

from __future__ import annotations

import sys

from rich.console import Console

UNWRAPPED = 100_000


def console(stderr: bool = False) -> Console:
    stream = sys.stderr if stderr else sys.stdout
    width = None if stream.isatty() else UNWRAPPED
    return Console(stderr=stderr, highlight=False, soft_wrap=not stream.isatty(), width=width)
