"""`migrate code` against `tf_upgrade_v2` on real project trees you have checked out, in one run.

    python benchmarks/code_real_speed.py TREE [TREE ...] [--each] [--repeat N]

Each TREE is a folder of a real project (a clone, an unpacked archive); nothing is fetched. Their Python
files are copied into one folder (`OWNER__REPO/...`, other files left out: tf_upgrade_v2 would copy them
as they are, migrate ignores them), and both tools run over it as fresh processes, as a user would run
them: `migrate code --check --jobs 1`, `migrate code --check` (the default: one worker per CPU), and
`tf_upgrade_v2 --intree SRC --outtree DST`. Files per second is files / wall time; the ratio is to
tf_upgrade_v2 on the same files. `--each` times every tree on its own too; `--repeat N` runs N rounds, the
tools taking turns, and prints medians. (Issue 23: 19 repositories of
2017-2020 Keras training code, 646 files, listed with their commits in the issue's closing note. migrate
was at 0.22x (--jobs 1) and 0.38x (--jobs 2). On 2026-11-25, 2 CPUs shared with other work: 0.38x (--jobs 1)
and 0.71x to 0.78x (the default, 2 jobs): 30.6 s and 16.2 s vs 11.6 s, after metadata made on demand and
LibCST's read-only walks without copying, on the rules of that morning; runs of the earlier code that day gave
0.13x to 0.21x and 0.19x to 0.23x. With the six rules added the same day (Keras 2 backend functions, TF1 names,
...; 163 of the 646 files name `backend`), on a quiet machine: 0.25x (--jobs 1) and 0.44x (default): 44.4 s and
25.0 s vs 10.9 s. Later that day, after one pass per rule that rebuilds only what the rule changes
(`walk.transform`), read-only walks that look methods up once per class, fewer LibCST import visitors, and
workers that no longer map and unmap frame memory: 0.40x (--jobs 1) and 0.83x (default): 26.9 s and 13.1 s vs
10.9 s (the code before, in the same conditions: 45.8 s and 25.3 s vs 11.3 s). Then, with seven more rules
(157 scripts with work, 142 fully converted), triggers that let a file through only where a rule's resolved
name can be (TensorFlow names in files importing TensorFlow, a backend function Keras 3 lacks after `backend` or
its alias, whole-word Keras 1 keywords, a convolution's positional kernel counted in the text...), and LibCST's
scope analysis and printing without its slowest Python idioms, `--repeat 5`: 0.50x (--jobs 1) and 1.02x
(default, 2 jobs): 21.25 s and 10.52 s vs 10.71 s; a second tool pairing the two 7 times gave 1.04x (median
wall ratio 0.959, min-max 0.946-1.023). What is left per file is one walk per rule that has work there.)

On 2026-11-26, after the resolution pass (unresolved_api) and the TF1 tables, main had fallen to 0.38x (--jobs 1)
and 0.80x (default): 45.17 s and 21.48 s vs 17.10 s (quiet machine). Then LibCST's machinery was made cheaper
again, with the same output (c19 rewritten with --write by main and by this code: `diff -r` empty, same
report): matcher searches (`m.findall`) ask a matcher only at the node classes it can match, positions are
kept as token counts and made into lines and columns when a report reads one, parentheses print without a
generator context, scope analysis looks its leave_ methods up once per class, a rule's pass skips whitespace
no method of its own would see (and LibCST's no-op visit_/leave_ methods are not called), and a file is
parsed without LibCST re-checking each node its parser built. Per part, over the 346 c19 files that name
keras or tensorflow, in one process: searches 3.3 s -> 0.7 s, positions 9.8 s -> 2.1 s, a no-op pass
1.4 s -> 0.65 s, printing 1.3-1.9 s -> 0.9 s, scope analysis 4.4 s -> 3.7 s. Whole runs, CPU seconds
(user+sys) of `migrate code --check --jobs 1` and of `tf_upgrade_v2 --intree --outtree` on the same copied
646 files, one after the other on a shared machine (load average about 1; the same binary's CPU time
varied by 30% over the day): tf_upgrade_v2 23.5 s, main 49.4 s (0.48x), this code 43.1 s (0.54x);
`--write` with 2 jobs: 44.7 s -> 39.3 s CPU, 23.8 s -> 20.6 s wall. `--repeat 3` of
this code right after (load average 1.2): 0.42x (--jobs 1) and 0.90x (default, 2 jobs): 46.35 s and 21.53 s vs
19.29 s; the 1.0x of issue 31 is not reached.
Most of what is left is LibCST itself: parsing (a fifth), scope analysis after each rule that changed the
tree (a fifth), the rules' own passes, and printing each changed version for the line map.

Later on 2026-11-26, with the rules merged that day, less work that changed nothing (same output: c19, dev and
holdout rewritten with --write by main and by this code, `diff -r` empty, same sorted report): layer_initial_weights
and h5_saves_to_keras3 ask a callee's qualified names only where its spelling, the file's imports or the run's
re-exports let it be a layer or a ModelCheckpoint (c19: 512 -> 483 scope analyses), a changed version is printed
without printing again the top-level statements the version before printed, h5_paths_through_functions stops at
the module where no function hands a path on. On a 2-CPU machine saturated by other work (load average 3.5-4.5),
CPU time of `--jobs 1`, main then this code: 38.3 s -> 33.8 s; one round each, back to back: main 0.38x (--jobs 1)
and 0.37x (default), 37.70 s and 39.32 s vs 14.37 s; this code 0.42x and 0.58x, 36.78 s and 26.93 s vs 15.49 s;
`--repeat 3` of this code: 0.46x and 0.47x, 40.62 s and 38.94 s vs 18.49 s (under that load the default's two
workers rarely ran at once). The 1.0x of issue 31 is not reached.

On 2026-11-27, Python's cycle collector was found to take a fifth of a run's CPU time (over the c19 files,
--jobs 1, measured in the process with gc.callbacks: 8.7 s of 44.9 s, 4545 young, 413 middle and 26 full
collections): `engine.run` now freezes what is imported and collects the young generation every 20000 net
allocations instead of 700 (2.3 s of 36.3 s; largest process 143 MB instead of 135 MB), with the same output
(c19, dev, holdout, holdout2 and holdout3 rewritten with --write by main and by this code: `diff -r` empty, same
sorted report). Only a machine loaded by other work (load average 1.5-4.9 on 2 CPUs) was there to time it. CPU
seconds (user+sys) of `migrate code --check --jobs 1` on the 646 files, main then this code, 2 pairs: 44.1 s ->
38.4 s and 46.7 s -> 38.2 s; with the default 2 jobs: 40.0 s -> 38.5 s and 49.0 s -> 40.2 s (in each of the
two workers, timed with gc.callbacks: collections 3.0 s -> 0.8 s, the worker's CPU 24.3 s -> 20.6 s; that run's
wall time 26.76 s -> 23.45 s, load average 1.5-1.7). `--repeat 3`, main then this code back to back, twice:
04:57-05:08 UTC (load average 2.7-4.9): --jobs 1 52.09 s -> 36.31 s (0.34x -> 0.47x), default 41.36 s -> 42.60 s
(0.42x -> 0.40x: the two workers shared one CPU, 2 jobs slower than 1), tf_upgrade_v2 17.55 s and 17.14 s;
05:23-05:32 UTC (load average 1.3-1.7: about one CPU taken by other work): --jobs 1 43.16 s -> 47.84 s
(0.49x -> 0.47x), default 22.64 s -> 22.48 s (0.94x -> 1.01x), tf_upgrade_v2 21.34 s and 22.66 s (the machine
slowed between the halves). The parent's part before the workers start (imports, the survey; wall time on the
loaded machine) went from 2.9 s (12be808) to 1.5 s. CPU time fell 4-18% in these pairs; the 8% less wall time
asked for (default jobs) is not shown by these runs, and needs a quiet machine to be shown or refuted.

Later on 2026-11-27, the survey before the workers start parsed 16 c19 files with LibCST for factories none has;
Python's own parser now picks the 4 worth it, and its line-start patterns begin with a newline instead of `^`
(re.M): the survey 1.16 s -> 0.38 s CPU, the first file reaching a worker (default jobs) at 1.84-2.07 s after start
instead of 2.64-2.73 s (load average 1.3-1.8); the two workers end within 0.01 s of each other. `--repeat 3` on a
machine at load average 1.7-3.7, main then this code: 0.56x -> 0.52x (--jobs 1) and 0.83x -> 0.51x (default), this
code then main: 0.57x and 0.55x, 0.52x and 0.45x (the two workers shared one CPU): not a measure of the code.

Later on 2026-11-27 (fourth round), three rules were given a look at Python's own reading of a file before LibCST's
parse (`codemod.outline`): c19 has 273 LibCST parses instead of 324, with the same output. `--repeat 3`, 399b7a1 and
this code alternating (base, new, base, new), 11:45-12:02 UTC, load average 1.2-1.3: --jobs 1 0.54x, 0.45x -> 0.56x,
0.50x (42.25 s, 46.00 s -> 38.75 s, 39.13 s); default 0.99x, 0.90x -> 1.23x, 0.99x (22.97 s, 22.91 s -> 17.62 s,
19.91 s vs tf_upgrade_v2's 19.68-22.83 s). The 1.0x of issue 31 is reached in one run of two.

Later on 2026-11-27 (fifth round), seven more rules look at the outline or at Python's own tree before the parse
(legacy_import_paths reads the run's re-exports, not any name starting with a package of the run): c19 has 232
LibCST parses instead of 286, with the same output, gates on and off, on c19, dev and eight hold-outs (4,075
files); the round's new rewrites wake on more files. Quiet machine (load average 0.9-1.3): `--repeat 3`, 5dbdd19
then this code, 15:24-15:31 UTC: default 0.93x -> 0.92x (18.12 s vs 16.86 s, 18.06 s vs 16.68 s), --jobs 1 0.54x ->
0.51x; this code again at 15:51: 1.03x (17.01 s vs 17.52 s), 0.45x. The two as whole processes in turn, five pairs:
`migrate code --check` / `tf_upgrade_v2` wall time median 0.853 (0.740-1.097), this code / 5dbdd19 CPU time median
0.855 (0.785-0.944). The same binary's wall time moved by a quarter between minutes: 1.0x is reached in the
median, not reliably in each run.

Later on 2026-11-27 (sixth round, a fresh machine with no other work running), tf1_names_to_tf2 and tf1_graph_program
look before the parse for a TensorFlow name each may rewrite or report (`Outline.qualified`; a call's keywords and
positional count against TensorFlow's tables), and keras1_arguments counts a convolution's positional kernel in
Python's tree: over c19 in one process, tf1_names_to_tf2's passes 85 -> 35, keras1_arguments' 58 -> 25, LibCST
parses 297 -> 282, CPU time 2-5% less, output identical with the gates on and off (c19, dev, the ninth and tenth
hold-outs: 2,176 files). `--repeat 3`, back to back at 18:17-18:25 UTC (load average 0.7-1.1): 81dc32e 1.18x
(10.08 s vs 11.93 s), f967ab6 1.24x (9.72 s vs 12.04 s); the final code at 18:40: 1.14x (10.74 s vs 12.23 s);
--jobs 1 0.59x-0.62x. The 1.0x of issue 31 is met in each run on this machine; the last round's machine was slower
for both tools (tf_upgrade_v2 16.7-17.5 s there).

On 2026-11-29 (twenty-third round, a 2-CPU machine where tf_upgrade_v2 imports TensorFlow in 4 s), a rule's pass and a
matcher search pass by every subtree holding no node class they look at (`walk.classes_below`, a mask made once a
file): over c19 in one process the transformers' node visits 1.86 M -> 0.37 M, a search's 4.9 M -> 0.16 M, the same
output. `--repeat 3`, quiet, the end (1aaee8e) then the start (f535feb): --jobs 1 23.12 s vs 26.22 s, default 0.66x vs
0.56x (11.59 s vs 7.65 s, 12.65 s vs 7.07 s); the two as whole processes in turn, five pairs: end / start wall median
0.925, end against tf_upgrade_v2 0.61x. The 1.0x of issue 31 is not met on this machine.

On 2026-11-30 (twenty-fourth round, the same machine), four rules were added (two gated by `contrib`, one by
`ModeKeys`) and the last pass checks a model's optimizer's attributes. `--repeat 3`, quiet, 01:54-02:00 UTC, the end
(e3710cf) then the start (1bb6d0b): --jobs 1 23.59 s vs 23.26 s, default 0.59x vs 0.58x (11.79 s vs 6.94 s, 11.31 s
vs 6.53 s): the same speed within the runs' spread. The 1.0x of issue 31 is not met on this machine.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from code_speed import compare  # noqa: E402  (the same timing and the same printout as the generated trees)


def copy_python(tree: Path, target: Path) -> int:
    """The tree's .py files under `target`, their relative paths kept; how many."""
    count = 0
    for path in tree.rglob("*.py"):
        if path.is_file():
            destination = target / path.relative_to(tree)
            destination.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, destination)
            count += 1
    return count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("trees", nargs="+", type=Path, help="folders of real projects")
    parser.add_argument("--each", action="store_true", help="time every tree on its own too")
    parser.add_argument("--repeat", type=int, default=1, help="rounds, the tools taking turns; medians are printed")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp())
    combined = work / "real"
    for tree in args.trees:
        if not tree.is_dir():
            parser.error(f"{tree} is not a folder")
        copy_python(tree.resolve(), combined / tree.resolve().name)
    compare(f"{len(args.trees)} real trees together", combined, work, args.repeat)
    if args.each:
        for folder in sorted(combined.iterdir()):
            compare(folder.name, folder, work, args.repeat)
    shutil.rmtree(work)


if __name__ == "__main__":
    main()
