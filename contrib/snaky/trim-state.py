#!/usr/bin/env python3
"""Keep the N costliest records of a prover state file (docs/prover.md,
"Resuming a long search"), in place: records come costliest first, so the
first N are kept. A trimmed state resumes with less of its table; nothing
in a state is trusted, so trimming cannot make a claim hold.

Usage: contrib/snaky/trim-state.py N STATE.gz [STATE.gz ...]
"""
import gzip
import os
import sys

RECORD_BYTES = 48


def trim(path, keep):
    with gzip.open(path, "rb") as source:
        header = source.readline()
        if not header.startswith(b"gamecert prover state 1 "):
            sys.exit(f"{path}: not a prover state")
        body = source.read(keep * RECORD_BYTES)
    if len(body) % RECORD_BYTES:
        sys.exit(f"{path}: truncated record")
    temporary = path + ".partial"
    with open(temporary, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as out:
        out.write(header)
        out.write(body)
    os.replace(temporary, path)
    return len(body) // RECORD_BYTES


def main():
    if len(sys.argv) < 3 or not sys.argv[1].isdigit():
        sys.exit(__doc__.strip())
    keep = int(sys.argv[1])
    for path in sys.argv[2:]:
        print(f"{path}: {trim(path, keep)} records kept")


if __name__ == "__main__":
    main()
