#!/usr/bin/env bash
# Makes app/fonts/inter-lt-wght-normal.woff2: the Lithuanian letters of Inter
# (ą č ę ė į š ų ū ž and their capitals) cut from the npm package's latin-ext
# file, which is 85 KB for them and hundreds of letters Lithuanian text never
# uses. app/app.css declares it after the package's faces, so that a page in
# Lithuanian downloads these 5 KB instead (a letter outside it still brings
# the whole latin-ext file). Run after updating @fontsource-variable/inter;
# needs pyftsubset (Debian: apt-get install fonttools python3-brotli).
# Inter is under the SIL Open Font License without a reserved name
# (app/fonts/OFL-Inter.txt).
set -euo pipefail
cd "$(dirname "$0")/.."
LITHUANIAN="U+0104-0105,U+010C-010D,U+0116-0119,U+012E-012F,U+0160-0161,U+016A-016B,U+0172-0173,U+017D-017E"
pyftsubset node_modules/@fontsource-variable/inter/files/inter-latin-ext-wght-normal.woff2 \
  --unicodes="$LITHUANIAN" --layout-features='*' --flavor=woff2 \
  --output-file=app/fonts/inter-lt-wght-normal.woff2
cp node_modules/@fontsource-variable/inter/LICENSE app/fonts/OFL-Inter.txt
