"""Worker functions for the pool tests: real crashes and hangs, in real processes."""

import os
import signal
import time

from migrate.convert import ConversionResult


def crash_or_echo(task):
    if "crash" in task.source:
        os.kill(os.getpid(), signal.SIGSEGV)
    if "hang" in task.source:
        time.sleep(600)
    return ConversionResult(source=task.source, status="converted", output=str(task.options.output))
