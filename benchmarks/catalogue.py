"""What loading a language costs at start-up (issue 14: "loading one catalogue is cheap").

For each language, a fresh interpreter times ``set_language(language)`` and the first ``_()``
(reading ``castra.mo`` for Italian; nothing for English, the source text), then the first
recorded description shown in that language (an older Castra's ghost reason, read once by
:mod:`converters.upcast` and rendered) and the first Italian number (Babel's CLDR data).
Medians of N launches.

Run: ``python benchmarks/catalogue.py [--runs 15]``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys

CHILD = """
import json, time
started = time.perf_counter()
from converters.i18n import _, format_number, set_language
imported = time.perf_counter()
set_language({language!r})
_("Campaign")
loaded = time.perf_counter()
from converters.said import render
from converters.upcast import upcast
render(upcast("Opening order: 1d6 3+1 = 4, 4 or more: manoeuvre/defence."))
recorded = time.perf_counter()
format_number(12.5)
formatted = time.perf_counter()
print(json.dumps([imported - started, loaded - imported, recorded - loaded, formatted - recorded]))
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    runs = parser.parse_args().runs
    print(f"Medians of {runs} fresh interpreters, ms")
    print(
        f"{'language':<9}{'import i18n':>13}{'catalogue':>11}{'1st recorded':>14}{'1st number':>12}"
    )
    for language in ("en", "it"):
        samples = []
        for _run in range(runs):
            out = subprocess.run(
                [sys.executable, "-c", CHILD.format(language=language)],
                capture_output=True,
                text=True,
                check=True,
            ).stdout
            samples.append(json.loads(out))
        medians = [statistics.median(s[i] for s in samples) * 1000 for i in range(4)]
        print(
            f"{language:<9}"
            + "".join(f"{m:>{w}.2f}" for m, w in zip(medians, (13, 11, 14, 12), strict=True))
        )


if __name__ == "__main__":
    main()
