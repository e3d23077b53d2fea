#!/usr/bin/env python3
"""Process-to-process timing of `gamecert snaky check TABLE --json` against
contrib/paper-verifier.py, for `just bench-snaky` (docs/performance.md).

    bench_snaky.py RUNS GAMECERT [OTHER_GAMECERT]

For each of the two public tables, every command runs RUNS times, taking
turns in an order that rotates each round (a run right after the Python
stand-in finds colder caches). Processes are started with posix_spawn, which
adds about 0.3 ms less than a shell's fork and exec (the launch floor, the
median time of /bin/true, is printed). Every gamecert run writes a new
certificate file (the old one is removed, untimed); "replacing" times the
same run over its previous output; "back to back" times RUNS more gamecert
runs in a row. Prints medians and the stand-in / gamecert ratio, both of
the medians and the median of the ratios within each round.

The stand-in's time depends on the interpreter: it runs under the Python that
runs this script and, when it is another interpreter, under the system's
/usr/bin/python3 too (here pyenv's 3.11.7 and Debian's 3.11.2 differ by about
40%). Each interpreter's version and bare start-up (`-c pass`) are printed,
and the ratio is given for each.

The builds are timed from fresh copies in one directory: how a binary's file
sits in the page cache changes its start-up (a file just written by the
linker took about 30 more page faults and 0.3 ms more than a copy of it),
so neither build is favoured by where it came from.
"""

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

TABLES = [
    "certificates/sources/snaky21-cards.txt",
    "certificates/sources/snaky20-kaiasage.txt",
]


def run_ms(argv, devnull):
    """Wall time of one process, in milliseconds; exits if it fails."""
    start = time.perf_counter()
    pid = os.posix_spawn(
        argv[0],
        argv,
        os.environ,
        file_actions=[
            (os.POSIX_SPAWN_DUP2, devnull, 1),
            (os.POSIX_SPAWN_DUP2, devnull, 2),
        ],
    )
    _, status = os.waitpid(pid, 0)
    elapsed = (time.perf_counter() - start) * 1000
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"failed: {' '.join(argv)}")
    return elapsed


def remove(path):
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass


def interpreters():
    """The Python running this script, then the system's if it differs."""
    found = [sys.executable]
    system = "/usr/bin/python3"
    if os.path.exists(system) and os.path.realpath(system) != os.path.realpath(
        sys.executable
    ):
        found.append(system)
    return found


def describe(python, runs, devnull):
    """The interpreter's version and the median time of `python -c pass`."""
    version = subprocess.run(
        [python, "--version"], capture_output=True, text=True, check=True
    ).stdout.strip()
    start = statistics.median(
        run_ms([python, "-c", "pass"], devnull) for _ in range(runs)
    )
    return f"{python} ({version}): bare start-up {start:.2f} ms"


def bench_table(table, runs, pythons, gamecert, other, out, devnull):
    check = ["snaky", "check", table, "--json", out]
    commands = {
        f"python{k}": (False, [python, "contrib/paper-verifier.py", table])
        for k, python in enumerate(pythons)
    }
    commands["new"] = (True, [gamecert] + check)
    commands["replacing"] = (False, [gamecert] + check)
    if other:
        commands["old"] = (True, [other] + check)
    samples = {name: [] for name in commands}
    names = list(commands)
    for round_ in range(runs):
        for i in range(len(names)):
            name = names[(i + round_) % len(names)]
            fresh, argv = commands[name]
            if fresh:
                remove(out)
            samples[name].append(run_ms(argv, devnull))
    samples["alone"] = []
    for _ in range(runs):
        remove(out)
        samples["alone"].append(run_ms([gamecert] + check, devnull))
    median = {name: statistics.median(times) for name, times in samples.items()}
    line = (
        f"{os.path.basename(table)}: gamecert {median['new']:.2f} ms "
        f"(replacing its output: {median['replacing']:.2f} ms; "
        f"back to back: {median['alone']:.2f} ms)"
    )
    if other:
        line += f", the other build {median['old']:.2f} ms"
    print(f"{line} (medians of {runs})")
    for k, python in enumerate(pythons):
        stand_in = samples[f"python{k}"]
        ratio = median[f"python{k}"] / median["new"]
        # The host's load drifts during a sitting; a ratio taken within each
        # round (the two commands ran next to each other) drifts less.
        paired = statistics.median(p / g for p, g in zip(stand_in, samples["new"]))
        print(
            f"  python stand-in under {python}: {median[f'python{k}']:.2f} ms; "
            f"python / gamecert = {ratio:.1f}x (round by round: median {paired:.1f}x)"
        )


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    runs, gamecert = int(sys.argv[1]), sys.argv[2]
    other = sys.argv[3] if len(sys.argv) == 4 else None
    devnull = os.open(os.devnull, os.O_WRONLY)
    floor = statistics.median(run_ms(["/bin/true"], devnull) for _ in range(runs))
    print(f"launch floor (/bin/true): {floor:.2f} ms")
    pythons = interpreters()
    for python in pythons:
        print(describe(python, runs, devnull))
    with tempfile.TemporaryDirectory() as directory:
        out = os.path.join(directory, "cert.json")
        gamecert = shutil.copy(gamecert, os.path.join(directory, "gamecert"))
        if other:
            other_copy = shutil.copy(other, os.path.join(directory, "other"))
        for table in TABLES:
            bench_table(table, runs, pythons, gamecert, other and other_copy, out, devnull)


if __name__ == "__main__":
    main()
