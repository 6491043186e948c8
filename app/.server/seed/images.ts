// Pictures for the seeded gallery, drawn by the project as SVG and rendered
// into JPEG "scans" at first start, so a new installation shows a living
// gallery. Sepia tones, a paper border, grain and a vignette make them read as
// old photographs; they are illustrations, not anyone's real family.
//
// The grain is drawn once as a small seamless tile (GRAIN_TILE_SVG) and laid
// over each rendered picture (seed.ts): SVG turbulence over a whole 1600 px
// picture took librsvg five of a first start's six seconds, the tile a
// tenth of one, and the pictures look the same.

const INK = "#3b2a1c";
const DARK = "#5a4330";
const MID = "#8c7256";
const LIGHT = "#c9b28f";
const PAPER = "#efe2c8";

function photo(width: number, height: number, scene: string): string {
  const m = Math.round(Math.min(width, height) * 0.05);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <radialGradient id="vignette" cx="50%" cy="50%" r="70%">
      <stop offset="55%" stop-color="#000" stop-opacity="0"/>
      <stop offset="100%" stop-color="#2a1a0c" stop-opacity="0.55"/>
    </radialGradient>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#e8d9bb"/>
      <stop offset="1" stop-color="#cdb48e"/>
    </linearGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="${PAPER}"/>
  <svg x="${m}" y="${m}" width="${width - 2 * m}" height="${height - 2 * m}" viewBox="0 0 1000 ${Math.round((1000 * (height - 2 * m)) / (width - 2 * m))}" preserveAspectRatio="xMidYMid slice">
    <rect width="1000" height="2000" fill="url(#sky)"/>
    ${scene}
  </svg>
  <rect x="${m}" y="${m}" width="${width - 2 * m}" height="${height - 2 * m}" fill="url(#vignette)"/>
</svg>`;
}

function person(x: number, y: number, scale: number, coat: string, dress = false): string {
  const body = dress
    ? `<path d="M-28 40 L-45 190 L45 190 L28 40 Z" fill="${coat}"/>`
    : `<rect x="-30" y="40" width="60" height="100" rx="10" fill="${coat}"/><rect x="-26" y="135" width="20" height="60" fill="${INK}"/><rect x="6" y="135" width="20" height="60" fill="${INK}"/>`;
  return `<g transform="translate(${x} ${y}) scale(${scale})"><circle cx="0" cy="18" r="20" fill="${MID}"/>${body}</g>`;
}

const farmstead = photo(
  1600,
  1200,
  `<rect y="470" width="1000" height="300" fill="${LIGHT}"/>
   <path d="M0 470 Q250 430 500 460 T1000 450 L1000 480 L0 480 Z" fill="${MID}" opacity="0.6"/>
   <g transform="translate(260 260)">
     <rect x="0" y="120" width="420" height="190" fill="${MID}"/>
     <path d="M-30 125 L210 0 L450 125 Z" fill="${DARK}"/>
     <rect x="50" y="170" width="60" height="60" fill="${INK}"/><rect x="310" y="170" width="60" height="60" fill="${INK}"/>
     <rect x="180" y="190" width="60" height="120" fill="${INK}"/>
     <rect x="330" y="40" width="30" height="70" fill="${INK}"/>
   </g>
   <g fill="${DARK}"><circle cx="120" cy="330" r="90"/><rect x="110" y="330" width="20" height="160"/>
   <circle cx="860" cy="300" r="110"/><rect x="850" y="300" width="22" height="190"/></g>
   <g stroke="${INK}" stroke-width="6">${Array.from({ length: 21 }, (_, i) => `<line x1="${i * 50}" y1="560" x2="${i * 50}" y2="620"/>`).join("")}
   <line x1="0" y1="580" x2="1000" y2="580"/><line x1="0" y1="605" x2="1000" y2="605"/></g>`,
);

const wedding = photo(
  1200,
  1500,
  `<rect width="1000" height="1300" fill="#d8c6a3"/>
   <path d="M0 0 H1000 V140 Q500 220 0 140 Z" fill="${MID}" opacity="0.5"/>
   <rect y="1020" width="1000" height="280" fill="${MID}"/>
   ${person(380, 420, 3, INK)}
   ${person(620, 430, 2.9, "#f4ead6", true)}
   <path d="M560 430 Q620 380 680 430 L720 900 L520 900 Z" fill="#fbf5e8" opacity="0.55"/>
   <g fill="${DARK}"><circle cx="600" cy="640" r="26"/><circle cx="630" cy="660" r="20"/><circle cx="575" cy="665" r="18"/></g>`,
);

const granary = photo(
  1600,
  1100,
  `<rect y="420" width="1000" height="300" fill="${LIGHT}"/>
   <g transform="translate(90 150)">
     <rect x="0" y="100" width="820" height="200" fill="${DARK}"/>
     <path d="M-40 110 L410 -10 L860 110 Z" fill="${INK}"/>
     ${Array.from({ length: 8 }, (_, i) => `<rect x="${20 + i * 100}" y="120" width="8" height="170" fill="${INK}"/>`).join("")}
     <rect x="360" y="160" width="110" height="140" fill="${INK}"/>
   </g>
   ${person(200, 380, 1.2, INK)}${person(300, 370, 1.25, DARK, true)}${person(390, 410, 0.9, MID)}
   ${person(470, 420, 0.85, MID, true)}${person(560, 375, 1.2, INK)}${person(660, 385, 1.15, DARK, true)}`,
);

const kaunas = photo(
  1600,
  1200,
  `<rect y="560" width="1000" height="200" fill="${MID}"/>
   <path d="M300 560 L430 760 L570 760 L700 560 Z" fill="${LIGHT}"/>
   <g fill="${DARK}">
     <rect x="0" y="180" width="240" height="380"/><rect x="250" y="240" width="150" height="320"/>
     <rect x="600" y="220" width="180" height="340"/><rect x="790" y="160" width="210" height="400"/>
   </g>
   <g fill="${LIGHT}" opacity="0.7">${Array.from({ length: 12 }, (_, i) => `<rect x="${20 + (i % 4) * 55}" y="${220 + Math.floor(i / 4) * 90}" width="30" height="50"/><rect x="${810 + (i % 4) * 48}" y="${200 + Math.floor(i / 4) * 100}" width="26" height="52"/>`).join("")}</g>
   <rect x="480" y="150" width="10" height="420" fill="${INK}"/><circle cx="485" cy="150" r="22" fill="${LIGHT}"/>
   <g transform="translate(520 380) scale(1.4)"><rect x="-30" y="-6" width="60" height="10" fill="${INK}"/><rect x="-18" y="-28" width="36" height="24" fill="${INK}"/></g>
   ${person(520, 380, 1.4, INK)}`,
);

const chicago = photo(
  1200,
  1600,
  `<g fill="${MID}">
     <rect x="40" y="420" width="120" height="700"/><rect x="180" y="300" width="150" height="820"/><rect x="350" y="500" width="110" height="620"/>
     <rect x="600" y="350" width="140" height="770"/><rect x="760" y="200" width="180" height="920"/>
   </g>
   <rect y="1100" width="1000" height="300" fill="${DARK}"/>
   <g transform="translate(240 980)">
     <path d="M0 120 L40 40 Q80 0 200 0 L340 0 Q400 0 430 40 L520 60 Q560 70 560 120 Z" fill="${INK}"/>
     <circle cx="110" cy="125" r="45" fill="${INK}" stroke="${LIGHT}" stroke-width="8"/><circle cx="450" cy="125" r="45" fill="${INK}" stroke="${LIGHT}" stroke-width="8"/>
   </g>
   ${person(420, 700, 1.8, INK)}${person(560, 710, 1.75, LIGHT, true)}`,
);

/** The side of the grain tile, in pixels. */
export const GRAIN_TILE_SIZE = 384;

/** Film grain as a seamless tile (stitched turbulence), laid over every seeded picture. */
export const GRAIN_TILE_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="${GRAIN_TILE_SIZE}" height="${GRAIN_TILE_SIZE}">
  <filter id="grain" x="0" y="0" width="100%" height="100%">
    <feTurbulence type="fractalNoise" baseFrequency="0.9" numOctaves="2" seed="7" stitchTiles="stitch"/>
    <feColorMatrix values="0 0 0 0 0.25  0 0 0 0 0.18  0 0 0 0 0.1  0 0 0 0.22 0"/>
  </filter>
  <rect width="${GRAIN_TILE_SIZE}" height="${GRAIN_TILE_SIZE}" filter="url(#grain)"/>
</svg>`;

/** The SVG sources of the seeded photos (without their grain), by the position of the item they illustrate. */
export const SEED_IMAGE_SVGS: Array<string | null> = [farmstead, wedding, granary, kaunas, chicago, null];
