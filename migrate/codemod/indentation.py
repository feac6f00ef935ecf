"""Indentation as Python 2 read it: a tab counts to the next multiple of 8 columns.

Python 2 took a block indented by a tab and one indented by 8 spaces as the same block. Python 3 refuses a
mix whose meaning depends on the tab's width (TabError), and LibCST's native parser refuses some mixes Python
3 itself accepts (Instagram/LibCST issues 829 and 951: `if x:` / `\t   y()` under a 3-space block). Expanding
the tabs of each line's indentation gives the same columns, so the same blocks, in a form both read.
"""

from __future__ import annotations

import io
import re

EXPANDED = "indentation"  # the name a report about expanded indentation goes under


def expand_indentation(text: str) -> tuple[str, int]:
    """`text` with the tabs of each line's indentation expanded to the next multiple of 8 columns, as Python
    2's tokenizer counted them, and how many lines changed. Python 2 took a block indented by a tab and one
    indented by 8 spaces as the same block; Python 3 refuses that mix (TabError), so without this the file
    stays Python 2. Same columns, same blocks. A line inside a multi-line string is the string's value: left.
    Text whose blocks do not line up even so is given back as it is (0 lines)."""
    from fissix.pgen2 import token  # lib2to3's tokenizer: it takes Python 2 and never raises TabError
    from fissix.pgen2 import tokenize as tokens

    inside: set[int] = set()
    try:
        for kind, _, (start, _), (end, _), _ in tokens.generate_tokens(io.StringIO(text).readline):
            if kind == token.STRING and end > start:
                inside.update(range(start + 1, end + 1))
    except (tokens.TokenError, IndentationError):
        return text, 0  # blocks that do not line up at any tab width: nothing to expand into
    out, changed = [], 0
    for number, line in enumerate(re.findall(r"[^\n]*\n|[^\n]+$", text), 1):
        body = line.lstrip(" \t")
        indent = line[:len(line) - len(body)]
        if "\t" in indent and number not in inside and body.strip():
            line = indent.expandtabs(8) + body
            changed += 1
        out.append(line)
    return "".join(out), changed
