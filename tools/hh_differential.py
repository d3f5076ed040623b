"""Old-vs-new differential of the site hand-history readers (issue 14's speed work): every
parsed hand, outcome, ``omaha-eval hh --json`` record, engine history and result, PHH export
and all-in report must be byte for byte the same under two copies of the package.

    python tools/hh_differential.py --old DIR       # DIR holds the reference omaha_eval package
                                                    # (e.g. main's site-packages); ~1 minute

Inputs: the shared files (../shared/data/hh), the hand excerpts of tests/hh, and for each of
them CRLF, CR, BOM, UTF-16 and cp1252 copies, four cuts and fourteen random edits (lines
deleted, doubled, cut, a character changed, calls made raises, lines swapped; seed 14).
"""

from __future__ import annotations

import argparse
import codecs
import glob
import json
import os
import pickle
import random
import re
import subprocess
import sys
import tempfile
from typing import List, Tuple

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")


def build_inputs() -> List[Tuple[str, bytes]]:
    base: List[Tuple[str, bytes]] = []
    for path in sorted(glob.glob(os.path.join(ROOT, "..", "shared", "data", "hh", "*", "*"))):
        if not path.endswith("README.md"):
            with open(path, "rb") as handle:
                base.append((os.path.basename(path), handle.read()))
    for test in sorted(glob.glob(os.path.join(ROOT, "tests", "hh", "*.py"))):
        with open(test, encoding="utf-8") as handle:
            source = handle.read()
        for k, m in enumerate(re.finditer(r'"""(.*?)"""', source, re.S)):
            if "Poker" in m.group(1) and "Seat" in m.group(1):
                base.append((f"{os.path.basename(test)}#{k}", m.group(1).encode("utf-8")))
    rng = random.Random(14)
    out = list(base)
    for name, raw in base:
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            text = raw.decode("cp1252")
        out += [(name + ":crlf", text.replace("\n", "\r\n").encode("utf-8")),
                (name + ":cr", text.replace("\n", "\r").encode("utf-8")),
                (name + ":bom", codecs.BOM_UTF8 + text.encode("utf-8")),
                (name + ":u16", text.encode("utf-16")),
                (name + ":cp1252", text.encode("cp1252", errors="replace"))]
        lines = text.split("\n")
        for j in range(4):
            out.append((f"{name}:cut{j}", "\n".join(lines[:rng.randrange(len(lines))]).encode("utf-8")))
        for j in range(14):
            edited = list(lines)
            for _ in range(rng.randint(1, 4)):
                if not edited:
                    break
                i = rng.randrange(len(edited))
                op = rng.randrange(6)
                if op == 0:
                    del edited[i]
                elif op == 1:
                    edited.insert(i, edited[i])
                elif op == 2:
                    edited[i] = edited[i][:rng.randrange(len(edited[i]) + 1)]
                elif op == 3 and edited[i]:
                    p = rng.randrange(len(edited[i]))
                    edited[i] = edited[i][:p] + rng.choice("0123456789 :$€.,[]()xAKs#*-") + edited[i][p + 1:]
                elif op == 4:
                    edited[i] = edited[i].replace("calls", "raises", 1).replace("checks", "bets $1", 1)
                else:
                    k2 = rng.randrange(len(edited))
                    edited[i], edited[k2] = edited[k2], edited[i]
            out.append((f"{name}:edit{j}", "\n".join(edited).encode("utf-8")))
    return out


def dump(inputs_path: str, out_path: str) -> None:
    """Run in a child process: everything the readers say about every input."""
    from omaha_eval.hh import HHError, read_text, replay_hand
    from omaha_eval.hh.allin import all_in_report
    from omaha_eval.hh.cli import hand_json
    from omaha_eval.hh.phh_export import outcome_to_phh
    from omaha_eval.hh.text import decode
    with open(inputs_path, "rb") as handle:
        inputs = pickle.load(handle)
    results = []
    for name, raw in inputs:
        record: List[str] = []
        try:
            items = read_text(decode(raw, name), name)
        except HHError as exc:
            results.append((name, "ERR " + str(exc)))
            continue
        for item in items:
            if isinstance(item, HHError):
                record.append("HHERR " + str(item))
                continue
            record.append(repr(item))
            o = replay_hand(item)
            record.append(repr((o.ok, o.error, o.players, o.collected, o.returned, o.site_collected,
                                o.agrees, o.exact, o.differences, o.notes, o.pot_shares, o.method,
                                o.setup, o.unmatched)))
            record.append(json.dumps(hand_json(o), sort_keys=True))
            if o.engine is not None:
                record.append(repr(o.engine.history))
                record.append(repr((o.engine.result, o.engine.stacks)))
            if o.ok:
                for what, make in (("PHH", outcome_to_phh), ("ALLIN", all_in_report)):
                    try:
                        record.append(repr(make(o)))
                    except Exception as exc:  # the same failure on both sides is fine
                        record.append(f"{what}ERR {type(exc).__name__} {exc}")
        results.append((name, "\n".join(record)))
    with open(out_path, "wb") as handle:
        pickle.dump(results, handle)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--old", required=True, help="directory holding the reference omaha_eval")
    parser.add_argument("--dump", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.dump:
        dump(*args.dump)
        return 0
    import omaha_eval  # the package this process runs
    new = os.path.dirname(os.path.dirname(os.path.abspath(omaha_eval.__file__)))
    with tempfile.TemporaryDirectory() as tmp:
        inputs = os.path.join(tmp, "inputs.pkl")
        with open(inputs, "wb") as handle:
            pickle.dump(build_inputs(), handle)
        dumps = {}
        for label, path in (("old", args.old), ("new", new)):
            dumps[label] = os.path.join(tmp, label + ".pkl")
            subprocess.run([sys.executable, __file__, "--old", args.old, "--dump", inputs, dumps[label]],
                           env=dict(os.environ, PYTHONPATH=path, PYTHONHASHSEED="0"), check=True)
        with open(dumps["old"], "rb") as a, open(dumps["new"], "rb") as b:
            old, fresh = pickle.load(a), pickle.load(b)
    differ = [x[0] for x, y in zip(old, fresh) if x != y]
    hands = sum(r[1].count("\nSiteHand(") + r[1].startswith("SiteHand(") for r in fresh)
    print(f"{len(fresh)} inputs, {hands} parsed hands: {len(differ)} differ {differ[:10]}")
    return 1 if differ or len(old) != len(fresh) else 0


if __name__ == "__main__":
    sys.exit(main())
