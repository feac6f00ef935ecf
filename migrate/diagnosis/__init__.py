"""What is in a legacy file and what is wrong with it: the report `migrate inspect` shows."""

from migrate.diagnosis.report import FileReport, inspect_file

__all__ = ["FileReport", "inspect_file"]
