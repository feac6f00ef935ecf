"""Which files a zoo holds, where each one's output goes, and the options each is converted with: the
zoo-wide ones, then its config's (migrate.toml), and `<stem>.json` beside a file as its architecture."""

from __future__ import annotations

import os
from dataclasses import dataclass, replace
from pathlib import Path

from migrate.convert import ConvertOptions
from migrate.errors import ZooUsageError
from migrate.read.architecture import sidecar_architecture
from migrate.read.savedmodel import is_savedmodel
from migrate.zoo.config import ZooConfig

SUFFIXES = (".h5", ".hdf5", ".keras")


@dataclass(frozen=True)
class Job:
    """One model to convert: its source, its mirrored output, a sibling architecture if any, the options
    it is converted with, and whether the config says to leave it alone."""

    source: Path
    relative: str
    output: Path
    architecture: Path | None
    options: ConvertOptions = ConvertOptions()
    skip: bool = False


def describe_model_files() -> str:
    """What the zoo looks for, in the words its messages use."""
    return ", ".join(SUFFIXES) + " files and SavedModel directories"


def check_folders(source: Path, out: Path) -> None:
    """OUT may be neither SRC nor inside it: the zoo never writes under SRC."""
    if not source.is_dir():
        raise ZooUsageError("not a directory: SRC must be a folder (for one file, use migrate convert)", path=str(source))
    src, dst = source.resolve(), out.resolve()
    if dst == src or src in dst.parents:
        raise ZooUsageError(f"OUT {out} is SRC or inside it; migrate never writes inside SRC")


def find_jobs(source: Path, out: Path, base: ConvertOptions | None = None, config: ZooConfig | None = None) -> list[Job]:
    """Every model under SRC, sorted, each with `SRC/a/b/m.h5` -> `OUT/a/b/m.keras` and its options: files
    named .h5/.hdf5/.keras (read by their content, whatever the name says), and SavedModel directories,
    each one model (never descended into)."""
    jobs = []
    taken: set[Path] = set()
    for path in sorted(model_paths(source)):
        relative = path.relative_to(source)
        # a SavedModel folder's name has no suffix to replace: `agent+1080_TR1308.0` -> `agent+1080_TR1308.0.keras`
        output = (out / relative).with_name(relative.name + ".keras") if path.is_dir() else \
            (out / relative).with_suffix(".keras")
        if output in taken:  # `m.h5` and `m.keras` side by side: the second keeps its suffix in the name
            output = (out / relative).with_name(relative.name + ".keras")
        taken.add(output)
        job = Job(path, relative.as_posix(), output, sidecar_architecture(path))
        jobs.append(_with_options(job, source, base or ConvertOptions(), config or ZooConfig()))
    return jobs


def model_paths(root: Path) -> list[Path]:
    """Model files by name, and SavedModel directories by content, under `root`."""
    found: list[Path] = []
    for folder, directories, files in os.walk(root):
        here = Path(folder)
        for name in list(directories):
            if is_savedmodel(here / name):
                found.append(here / name)
                directories.remove(name)  # its variables/ are part of it, not models of their own
        found += [here / name for name in files if Path(name).suffix.lower() in SUFFIXES and (here / name).is_file()]
    return found


def _with_options(job: Job, root: Path, base: ConvertOptions, config: ZooConfig) -> Job:
    """The zoo-wide options, then what the config says for this file; an architecture given there wins
    over `<stem>.json` beside the file. Custom classes a file names are looked for in the zoo's tree."""
    settings = config.for_file(job.relative)
    options = replace(base, output=job.output, force=True, import_root=config.folder or root.resolve(),
                      architecture=settings.architecture or base.architecture or job.architecture,
                      lambdas=(*base.lambdas, *settings.lambdas),
                      custom_objects=(*base.custom_objects, *settings.custom_objects),
                      atol=settings.atol if settings.atol is not None else base.atol,
                      search=base.search or root, from_code=settings.from_code or base.from_code,
                      class_search=base.class_search or root,  # custom classes: the tree the file sits in
                      settings=(*base.settings, *settings.settings),
                      exports=settings.exports if settings.exports is not None else base.exports)
    sidecar = job.architecture if options.architecture == job.architecture else None
    return replace(job, architecture=sidecar, options=options, skip=settings.skip)
