#!/usr/bin/env python3
"""Prints the @font-face metric overrides that make the fallback fonts take
the room the site's web fonts take (app/app.css, "Seima Serif fallback" and
"Seima Sans fallback"), so that the swap to the web font moves nothing.

For each weight the site uses: size-adjust is the ratio of the two fonts'
average advance over Lithuanian text (the letters weighted as they occur in
SAMPLE), and ascent/descent/line-gap are the web font's own, divided by that
size-adjust (the overrides apply to the adjusted size).
The fallbacks measured are Liberation Serif and Liberation Sans, which have
the advance widths of Times New Roman and Arial (they were made to), so the
same numbers serve those two.
  /usr/bin/python3 scripts/font-fallback-metrics.py   (needs fonttools)
"""
import os
from collections import Counter

from fontTools.ttLib import TTFont
from fontTools.varLib.instancer import instantiateVariableFont

ROOT = os.path.join(os.path.dirname(__file__), "..")
SAMPLE = (
    "Sveiki atvykę! Šioje svetainėje renkame mūsų giminės istoriją, senąsias nuotraukas ir dokumentus, "
    "kad jie išliktų ateinančioms kartoms. Apsidairykite ir papildykite, ką žinote. Giminės istorija "
    "Iš kur kilome, kaip gyveno mūsų proseneliai ir kaip giminė pasklido po pasaulį. Giminės šakos "
    "Alytuje, Vilniuje ir Kaune. Senelių sodyba prie Nemuno, kur vasaromis susirinkdavo visa giminė. "
    "Dokumentai: gimimo liudijimai, santuokos įrašai, laiškai iš Amerikos. Galerija Nuotraukos Svečių "
    "knyga Parašykite mums Prisijungimas Jonaitis Petras Ona Marija Juozas Kazimieras 1923–1987"
)
FALLBACKS = {
    "serif": {400: "LiberationSerif-Regular.ttf", 700: "LiberationSerif-Bold.ttf"},
    "sans": {400: "LiberationSans-Regular.ttf", 700: "LiberationSans-Bold.ttf"},
}
WEIGHTS = {"serif": [400, 600, 700], "sans": [400, 500, 600, 700]}


def web_widths(kind: str, weight: int) -> tuple[dict[int, float], TTFont]:
    widths = {}
    for part in ("latin", "lt"):
        font = TTFont(os.path.join(ROOT, f"app/fonts/seima-{kind}-{part}-wght.woff2"))
        font = instantiateVariableFont(font, {"wght": weight})
        upm = font["head"].unitsPerEm
        for code, glyph in font.getBestCmap().items():
            widths[code] = font["hmtx"][glyph][0] / upm
    return widths, font


def local_widths(file: str) -> dict[int, float]:
    font = TTFont(os.path.join("/usr/share/fonts/truetype/liberation", file))
    upm = font["head"].unitsPerEm
    return {code: font["hmtx"][glyph][0] / upm for code, glyph in font.getBestCmap().items()}


def average(widths: dict[int, float]) -> float:
    counts = Counter(ord(c) for c in SAMPLE)
    return sum(widths[c] * n for c, n in counts.items()) / sum(counts.values())


for kind in ("serif", "sans"):
    for weight in WEIGHTS[kind]:
        web, font = web_widths(kind, weight)
        fallback = FALLBACKS[kind][400 if weight < 600 else 700]
        adjust = average(web) / average(local_widths(fallback))
        upm = font["head"].unitsPerEm
        hhea = font["hhea"]
        print(
            f"{kind} {weight} ({fallback}): size-adjust: {adjust * 100:.2f}%; "
            f"ascent-override: {hhea.ascent / upm / adjust * 100:.2f}%; "
            f"descent-override: {-hhea.descent / upm / adjust * 100:.2f}%; "
            f"line-gap-override: {hhea.lineGap / upm / adjust * 100:.2f}%;"
        )
