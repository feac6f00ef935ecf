"""Names in a rebuilt model: the file's own, kept clear of the ones Keras makes up."""

from __future__ import annotations

import re
from collections.abc import Iterable

import keras


def reserve_names(names: Iterable[str]) -> None:
    """Move Keras's automatic naming past the file's own layer names.

    keras.ops calls (lifted Lambdas, TensorFlow ops) are named automatically, `absolute`, `absolute_1`, ...;
    Keras checks that against other automatic names only, so a legacy layer called `absolute` would
    clash with the first `keras.ops.absolute` ("The name is used 2 times"). Counting each prefix past
    the file's names (keras.backend.get_uid, Keras's own counter) keeps every automatic name new.
    """
    for name in names:
        match = re.fullmatch(r"(.*?)(?:_(\d+))?", name)
        prefix, number = match.group(1), int(match.group(2) or 0)
        if number > 10_000:  # a counter that far is never reached by a conversion's own ops
            continue
        while keras.backend.get_uid(prefix) <= number:
            pass


def unique_name(base: str, taken: set[str]) -> str:
    """`base`, or `base_1`, `base_2`, ...: the first not in `taken` (every layer name in the model so far), which
    it joins. For the stock layers a rebuild adds around a legacy one (Permutes, paddings, subsamplings)."""
    name, count = base, 0
    while name in taken:
        count += 1
        name = f"{base}_{count}"
    taken.add(name)
    return name
