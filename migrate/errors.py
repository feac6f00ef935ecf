"""The one error hierarchy: every failure migrate expects ends up as one of these.

Messages name the file, the layer where there is one, what was found and what to do. Only the CLI
turns them into output and exit codes; everything below it raises. `UsageError` (and its subclasses)
are the user's options that cannot work as given: the CLI's exit code 2. Every other MigrateError is
about a file: exit code 1.
"""

from __future__ import annotations


class MigrateError(Exception):
    """Base of every error migrate raises on purpose."""

    def __init__(self, message: str, *, path: str | None = None, layer: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.path = path
        self.layer = layer

    def __str__(self) -> str:
        where = ": ".join(part for part in (self.path, f"layer '{self.layer}'" if self.layer else None) if part)
        return f"{where}: {self.message}" if where else self.message

    def at(self, path: str) -> MigrateError:
        """The same error, now naming the file it came from (set once, by the code that opened it)."""
        if self.path is None:
            self.path = path
        return self


class UsageError(MigrateError):
    """An option the user gave cannot be used as given (exit 2 in the CLI)."""


class ZooUsageError(UsageError):
    """SRC and OUT do not make a valid pair for `migrate zoo`."""


class MissingPathError(UsageError):
    """A path the user named does not exist: the same words and exit code (2) in every subcommand."""

    def __init__(self, path: object, what: str = "file or directory") -> None:
        super().__init__(f"no such {what}", path=str(path))


class NoModelsError(MigrateError):
    """A folder given to `migrate zoo` holds no model file: said in one line, exit 1, never a silent success."""


class NotKerasFileError(MigrateError):
    """The file is not one any Keras version wrote: every such message reads `PATH: not a Keras model file
    (what was found)`, whichever container and subcommand it came from."""

    PREFIX = "not a Keras model file"

    def __init__(self, detail: str = "", *, path: str | None = None, layer: str | None = None) -> None:
        super().__init__(f"{self.PREFIX} ({detail})" if detail else self.PREFIX, path=path, layer=layer)


class MalformedFileError(MigrateError):
    """A Keras file whose config, attributes or weights do not hang together."""


class UnsupportedModelError(MigrateError):
    """A well-formed file that uses something migrate cannot (yet) handle safely."""


class VerificationError(MigrateError):
    """The converted model does not reproduce the legacy one, or does not reload as written."""


class ReferenceMismatchError(VerificationError):
    """The converted model runs on the reference inputs but its outputs are outside the tolerance; carries the
    largest difference, so a zoo row can say how far off it was."""

    def __init__(self, message: str, *, max_abs_diff: float, path: str | None = None) -> None:
        super().__init__(message, path=path)
        self.max_abs_diff = max_abs_diff


class OutputExistsError(MigrateError):
    """The destination exists (or is the source) and --force was not given."""


def exit_code(error: MigrateError) -> int:
    """The CLI's exit code for an error: 2 for the user's options or paths, 1 for a file that failed."""
    return 2 if isinstance(error, UsageError) else 1


def one_line(error: object) -> str:
    """An error (or any message) as one line: messages quote configs and Keras' own multi-line text,
    and a report row, a log line or a JSON field must stay one line to stay greppable."""
    return " ".join(str(error).split())


class RecoveryError(MigrateError):
    """No architecture could be recovered for a weights-only file: no paired file fits it, or its
    training code builds no model that does (the message says which value to give with --set)."""
