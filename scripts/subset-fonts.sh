#!/usr/bin/env bash
# Makes the site's own font files in app/fonts from the npm packages' files:
# the letters Lithuanian pages use (ASCII, ą č ę ė į š ų ū ž and their
# capitals, typographic quotes, dashes, arrows) and only the weights the site
# uses (400–700), so that a page's fonts are about 50 KB instead of 148 KB.
#   seima-serif-*.woff2  Source Serif 4 (headings), family "Seima Serif"
#   seima-sans-*.woff2   Inter (everything else), family "Seima Sans"
# Each comes in four files, as the packages split their letters and as a page
# needs them: -latin (ASCII, punctuation) and -lt (Lithuanian letters) on
# every page, -latin1 and -latin-ext (other European letters) only on a page
# that shows one. Other scripts (Cyrillic, Greek) are drawn in the fallback
# fonts (app/app.css).
# Renamed because the SIL Open Font License lets a modified font keep neither
# a Reserved Font Name (Source Serif's "Source") nor, by our choice for
# consistency, Inter's name; the licences are kept beside the files.
# Run after updating @fontsource-variable/*; needs fonttools (Debian:
# apt-get install fonttools python3-brotli). Then update the metric overrides
# of the fallback faces in app/app.css (scripts/font-fallback-metrics.py).
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-/usr/bin/python3}
LATIN="U+0020-007E,U+00A0,U+00A9,U+00AB,U+00B0,U+00B7,U+00BB,U+00D7,U+2013-2014,U+2018-201A,U+201C-201E,U+2022,U+2026,U+2190-2193,U+2212"
LITHUANIAN="U+0104-0105,U+010C-010D,U+0116-0119,U+012E-012F,U+0160-0161,U+016A-016B,U+0172-0173,U+017D-017E"
# The other letters of Latin-1 and Latin Extended-A (German, Polish, Latvian,
# French names...), in files of their own that a page asks for only when it
# shows one of them.
LATIN1="U+00A1-00A8,U+00AA,U+00AC-00AF,U+00B1-00B6,U+00B8-00BA,U+00BC-00D6,U+00D8-00FF"
EXTENDED="U+0100-0103,U+0106-010B,U+010E-0115,U+011A-012D,U+0130-015F,U+0162-0169,U+016C-0171,U+0174-017C,U+017F"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# make SOURCE_FILE UNICODES FAMILY OUTPUT
make() {
  pyftsubset "$1" --unicodes="$2" --layout-features='*' --flavor=woff2 --output-file="$work/subset.woff2"
  fonttools varLib.instancer "$work/subset.woff2" wght=400:700 -o "$work/instance.woff2" >/dev/null 2>&1
  "$PY" - "$work/instance.woff2" "$3" "$4" <<'EOF'
import sys
from fontTools.ttLib import TTFont
source, family, output = sys.argv[1:]
font = TTFont(source)
old = font["name"].getDebugName(1)  # "Source Serif 4", "Inter"
for record in font["name"].names:
    if record.nameID == 0:
        continue  # the copyright line, with its reserved-name notice, stays
    # PostScript names (6, 25) have no spaces
    text = record.toUnicode().replace(old, family.replace(" ", "") if record.nameID in (6, 25) else family)
    record.string = text.replace(old.replace(" ", ""), family.replace(" ", ""))
font.flavor = "woff2"
font.save(output)
EOF
}

SERIF=node_modules/@fontsource-variable/source-serif-4/files
SANS=node_modules/@fontsource-variable/inter/files
for family in serif sans; do
  if [ $family = serif ]; then name="Seima Serif" from="$SERIF/source-serif-4"; else name="Seima Sans" from="$SANS/inter"; fi
  make "$from-latin-wght-normal.woff2" "$LATIN" "$name" app/fonts/seima-$family-latin-wght.woff2
  make "$from-latin-ext-wght-normal.woff2" "$LITHUANIAN" "$name" app/fonts/seima-$family-lt-wght.woff2
  make "$from-latin-wght-normal.woff2" "$LATIN1" "$name" app/fonts/seima-$family-latin1-wght.woff2
  make "$from-latin-ext-wght-normal.woff2" "$EXTENDED" "$name" app/fonts/seima-$family-latin-ext-wght.woff2
done
cp node_modules/@fontsource-variable/source-serif-4/LICENSE app/fonts/OFL-SourceSerif4.txt
cp node_modules/@fontsource-variable/inter/LICENSE app/fonts/OFL-Inter.txt
