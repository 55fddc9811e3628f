/*
 * SVG illustrations for the demo catalogue: a mug, a t-shirt or an agenda in the product's
 * colour, decorated with a Portuguese motif, plus a wide banner. Only plain shapes and the
 * DejaVu/sans-serif font, so librsvg (inside sharp) renders them quickly and the same
 * everywhere. Nothing here touches the disk or the database.
 */

export type Item = "mug" | "tshirt" | "agenda";
export type Motif = "azulejo" | "andorinha" | "sardinha" | "galo" | "eletrico" | "onda" | "serra" | "cravo" | "cortica";
export type View = "front" | "pattern" | "alt";

export const PRODUCT_SIZE = 1200;
export const BANNER_WIDTH = 1600;
export const BANNER_HEIGHT = 600;

const INK = "#1f2937";
const FONT = "DejaVu Sans, Verdana, Arial, sans-serif";

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Mixes a #rrggbb colour with white (amount 0 = colour, 1 = white). */
export function tint(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const mix = (v: number) => Math.round(v + (255 - v) * amount);
  const r = mix((n >> 16) & 255);
  const g = mix((n >> 8) & 255);
  const b = mix(n & 255);
  return `#${((1 << 24) | (r << 16) | (g << 8) | b).toString(16).slice(1)}`;
}

/** Darkens a #rrggbb colour (amount 0 = colour, 1 = black). */
export function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const mix = (v: number) => Math.round(v * (1 - amount));
  const r = mix((n >> 16) & 255);
  const g = mix((n >> 8) & 255);
  const b = mix(n & 255);
  return `#${((1 << 24) | (r << 16) | (g << 8) | b).toString(16).slice(1)}`;
}

function isLight(hex: string): boolean {
  const n = Number.parseInt(hex.slice(1), 16);
  const luminance = 0.299 * ((n >> 16) & 255) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255);
  return luminance > 186;
}

/** A deterministic pseudo-random sequence, so the same seed draws the same picture. */
function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return ((s >>> 0) % 10_000) / 10_000;
  };
}

// ---------- motifs: drawn in a 240 × 240 box centred on the origin ----------

function azulejo(color: string): string {
  const corner = `<path d="M -110 -60 A 50 50 0 0 0 -60 -110 L -110 -110 Z" fill="${color}"/>`;
  const petal = `<ellipse cx="0" cy="-58" rx="20" ry="34" fill="${color}"/>`;
  const rotations = [0, 90, 180, 270];
  return [
    `<rect x="-110" y="-110" width="220" height="220" fill="#ffffff" stroke="${color}" stroke-width="8"/>`,
    ...rotations.map((r) => `<g transform="rotate(${r})">${corner}${petal}</g>`),
    `<rect x="-26" y="-26" width="52" height="52" transform="rotate(45)" fill="${color}"/>`,
    `<circle r="12" fill="#ffffff"/>`,
  ].join("");
}

function andorinha(color: string): string {
  const belly = isLight(color) ? "#9ca3af" : "#ffffff";
  return [
    `<path d="M -10 -12 Q -40 -100 -120 -108 Q -70 -52 -46 -4 Z" fill="${color}"/>`,
    `<path d="M -44 8 L -122 52 L -70 18 L -118 84 L -34 22 Z" fill="${color}"/>`,
    `<ellipse cx="0" cy="4" rx="62" ry="30" transform="rotate(-14)" fill="${color}"/>`,
    `<ellipse cx="18" cy="14" rx="34" ry="14" transform="rotate(-14)" fill="${belly}"/>`,
    `<circle cx="54" cy="-18" r="27" fill="${color}"/>`,
    `<path d="M 78 -26 L 104 -18 L 78 -10 Z" fill="#f59e0b"/>`,
    `<circle cx="62" cy="-24" r="5" fill="#ffffff"/>`,
    `<path d="M 6 -8 Q 20 -110 110 -112 Q 60 -60 40 -6 Z" fill="${shade(color, 0.2)}"/>`,
  ].join("");
}

function sardinha(color: string): string {
  const body = isLight(color) ? "#60a5fa" : color;
  return [
    `<path d="M -86 0 L -128 -42 L -114 0 L -128 42 Z" fill="${shade(body, 0.15)}"/>`,
    `<ellipse cx="0" cy="0" rx="100" ry="38" fill="${body}"/>`,
    `<path d="M -90 8 Q 0 44 96 6 Q 0 26 -90 8 Z" fill="#e5e7eb"/>`,
    `<path d="M 52 -30 Q 40 0 52 30" stroke="${shade(body, 0.3)}" stroke-width="5" fill="none"/>`,
    `<circle cx="72" cy="-8" r="9" fill="#ffffff"/><circle cx="74" cy="-8" r="4.5" fill="${INK}"/>`,
    `<path d="M -60 -14 L 30 -14 M -50 -2 L 36 -2" stroke="${tint(body, 0.5)}" stroke-width="5" stroke-linecap="round"/>`,
  ].join("");
}

function heart(x: number, y: number, s: number, color: string): string {
  return `<path transform="translate(${x} ${y}) scale(${s})" d="M 0 6 C -14 -6 -8 -16 0 -9 C 8 -16 14 -6 0 6 Z" fill="${color}"/>`;
}

function galo(color: string): string {
  // A light colour means a dark ground: a white rooster, with dark dots instead of white ones.
  const body = isLight(color) ? "#f9fafb" : color;
  const dot = isLight(color) ? INK : "#ffffff";
  return [
    `<path d="M -40 -10 Q -130 -70 -100 -140 Q -80 -70 -20 -40 Z" fill="${body}"/>`,
    `<path d="M -50 10 Q -150 -10 -140 -90 Q -100 -20 -40 -10 Z" fill="${shade(body, 0.2)}"/>`,
    `<ellipse cx="0" cy="20" rx="78" ry="60" fill="${body}"/>`,
    `<path d="M 24 -12 L 46 -86 Q 66 -112 86 -86 L 78 6 Z" fill="${body}"/>`,
    `<circle cx="58" cy="-122" r="13" fill="#dc2626"/><circle cx="74" cy="-124" r="13" fill="#dc2626"/><circle cx="86" cy="-112" r="11" fill="#dc2626"/>`,
    `<path d="M 84 -96 L 110 -86 L 84 -78 Z" fill="#facc15"/>`,
    `<ellipse cx="82" cy="-64" rx="8" ry="13" fill="#dc2626"/>`,
    `<circle cx="70" cy="-96" r="5" fill="${dot}"/>`,
    `<path d="M -16 76 L -22 118 M 18 76 L 24 118" stroke="#facc15" stroke-width="9" stroke-linecap="round"/>`,
    heart(-30, 10, 2.2, "#dc2626"),
    heart(14, 34, 2, "#facc15"),
    heart(34, 0, 1.6, dot),
    `<circle cx="-8" cy="52" r="6" fill="${dot}"/><circle cx="-44" cy="40" r="5" fill="#facc15"/>`,
  ].join("");
}

function eletrico(): string {
  const windows = [-86, -44, -2, 40]
    .map((x) => `<rect x="${x}" y="-48" width="32" height="38" rx="5" fill="#e0f2fe"/>`)
    .join("");
  return [
    `<path d="M -20 -76 L 10 -112 L 40 -76" stroke="${INK}" stroke-width="5" fill="none"/>`,
    `<rect x="-120" y="-76" width="240" height="130" rx="22" fill="#facc15"/>`,
    `<rect x="-120" y="8" width="240" height="20" fill="#ffffff"/>`,
    windows,
    `<rect x="86" y="-48" width="22" height="86" rx="4" fill="#ca8a04"/>`,
    `<text x="-100" y="48" font-family="${FONT}" font-weight="bold" font-size="24" fill="${INK}">28</text>`,
    `<circle cx="-70" cy="62" r="16" fill="${INK}"/><circle cx="70" cy="62" r="16" fill="${INK}"/>`,
    `<path d="M -130 82 L 130 82" stroke="#9ca3af" stroke-width="6"/>`,
  ].join("");
}

function onda(color: string): string {
  const sea = color;
  const foam = isLight(color) ? "#93c5fd" : "#ffffff";
  return [
    `<path d="M -120 100 L -120 20 C -90 -70 10 -120 70 -80 C 110 -50 96 0 56 -4 C 26 -8 28 -44 58 -44 C 30 -64 -40 -40 -60 40 L -60 100 Z" fill="${sea}"/>`,
    `<path d="M -60 100 L -60 50 C -30 10 30 30 60 50 C 90 70 110 60 120 50 L 120 100 Z" fill="${shade(sea, 0.25)}"/>`,
    `<path d="M -118 24 C -88 -60 8 -108 66 -76" stroke="${foam}" stroke-width="7" fill="none" stroke-linecap="round"/>`,
    `<circle cx="76" cy="-70" r="8" fill="${foam}"/><circle cx="92" cy="-52" r="6" fill="${foam}"/><circle cx="94" cy="-30" r="5" fill="${foam}"/>`,
  ].join("");
}

function serra(color: string): string {
  const rock = isLight(color) ? "#475569" : color;
  return [
    `<circle cx="70" cy="-70" r="30" fill="#f59e0b"/>`,
    `<path d="M -120 90 L -40 -60 L 40 90 Z" fill="${shade(rock, 0.2)}"/>`,
    `<path d="M -40 -60 L -62 -18 L -48 -26 L -36 -12 L -24 -30 L -18 -20 Z" fill="#ffffff"/>`,
    `<path d="M -30 90 L 50 -20 L 125 90 Z" fill="${rock}"/>`,
    `<path d="M 50 -20 L 32 5 L 44 0 L 54 10 L 62 -2 L 68 4 Z" fill="#ffffff"/>`,
  ].join("");
}

function cravo(): string {
  const petals = [-40, -20, 0, 20, 40]
    .map((x, i) => `<circle cx="${x}" cy="${-40 - (i % 2) * 14}" r="30" fill="${i % 2 ? "#b91c1c" : "#dc2626"}"/>`)
    .join("");
  return [
    `<path d="M 0 -10 L 0 120" stroke="#15803d" stroke-width="9" stroke-linecap="round"/>`,
    `<path d="M 0 60 Q -50 40 -70 70 Q -30 80 0 70 Z" fill="#16a34a"/>`,
    `<path d="M 0 40 Q 50 20 70 50 Q 30 60 0 50 Z" fill="#16a34a"/>`,
    `<path d="M -26 -14 L 26 -14 L 16 14 L -16 14 Z" fill="#15803d"/>`,
    petals,
    `<path d="M -70 -40 L -58 -76 L -40 -58 L -24 -94 L -8 -64 L 10 -98 L 24 -62 L 42 -92 L 54 -58 L 72 -74 L 70 -36 Z" fill="#ef4444"/>`,
  ].join("");
}

const CORK = "#b08a5a";

/** Cork speckles over a w × h rectangle whose top-left corner is (x, y). */
function corkSpeckles(seed: number, x: number, y: number, w: number, h: number, count: number): string {
  const next = rng(seed);
  const dots: string[] = [];
  for (let i = 0; i < count; i++) {
    const cx = Math.round(x + next() * w);
    const cy = Math.round(y + next() * h);
    const r = (1.5 + next() * 4).toFixed(1);
    dots.push(`<circle cx="${cx}" cy="${cy}" r="${r}" fill="${next() > 0.5 ? "#7c5a34" : "#d6b48a"}"/>`);
  }
  return dots.join("");
}

function cortica(seed: number): string {
  return `<rect x="-110" y="-110" width="220" height="220" rx="12" fill="${CORK}"/>${corkSpeckles(seed, -106, -106, 212, 212, 70)}`;
}

/** Draws a motif in the given colour (callers pick one that stands out from the ground). */
export function motifSvg(motif: Motif, color: string, seed = 1): string {
  switch (motif) {
    case "azulejo":
      return azulejo(isLight(color) ? "#1d4ed8" : color);
    case "andorinha":
      return andorinha(color);
    case "sardinha":
      return sardinha(color);
    case "galo":
      return galo(color);
    case "eletrico":
      return eletrico();
    case "onda":
      return onda(color);
    case "serra":
      return serra(color);
    case "cravo":
      return cravo();
    case "cortica":
      return cortica(seed);
  }
}

// ---------- items: 1200 × 1200 ----------

/** Colour of a motif printed on an item of the given colour: it must stand out. */
function printColour(itemColour: string, accent: string, motif: Motif): string {
  const light = isLight(itemColour);
  let print = accent;
  if (accent.toLowerCase() === itemColour.toLowerCase() || (light && isLight(accent))) print = light ? INK : "#ffffff";
  // An azulejo is a white tile with a coloured pattern: on a dark item, the item's colour.
  if (motif === "azulejo" && isLight(print)) return light ? "#1d4ed8" : itemColour;
  return print;
}

function mug(color: string, motif: Motif, accent: string, seed: number): string {
  const rim = shade(color, 0.12);
  const outline = isLight(color) ? "#d1d5db" : shade(color, 0.3);
  const tiles =
    motif === "azulejo"
      ? [-1, 1]
          .flatMap((dx) =>
            [-1, 1].map(
              (dy) =>
                `<g transform="translate(${600 + dx * 92 - 60} ${640 + dy * 92}) scale(0.8)">${azulejo(printColour(color, accent, motif))}</g>`,
            ),
          )
          .join("")
      : `<g transform="translate(540 640) scale(1.3)">${motifSvg(motif, printColour(color, accent, motif), seed)}</g>`;
  return [
    `<ellipse cx="560" cy="960" rx="300" ry="40" fill="#000000" opacity="0.08"/>`,
    `<path d="M 800 450 C 980 430 1000 760 800 780" stroke="${outline}" stroke-width="66" fill="none" stroke-linecap="round"/>`,
    `<path d="M 800 450 C 980 430 1000 760 800 780" stroke="${color}" stroke-width="58" fill="none" stroke-linecap="round"/>`,
    `<path d="M 300 330 L 300 880 Q 300 950 370 950 L 750 950 Q 820 950 820 880 L 820 330 Z" fill="${color}" stroke="${outline}" stroke-width="4"/>`,
    `<ellipse cx="560" cy="330" rx="260" ry="42" fill="${rim}" stroke="${outline}" stroke-width="4"/>`,
    `<ellipse cx="560" cy="334" rx="236" ry="30" fill="${shade(color, 0.35)}"/>`,
    tiles,
    `<path d="M 330 380 L 330 860" stroke="#ffffff" stroke-width="18" opacity="0.25" stroke-linecap="round"/>`,
  ].join("");
}

function tshirt(color: string, motif: Motif, accent: string, seed: number): string {
  const outline = isLight(color) ? "#d1d5db" : shade(color, 0.3);
  return [
    `<path d="M 440 180 L 320 225 L 150 380 L 255 520 L 345 455 L 345 990 L 855 990 L 855 455 L 945 520 L 1050 380 L 880 225 L 760 180 Q 700 265 600 265 Q 500 265 440 180 Z" fill="${color}" stroke="${outline}" stroke-width="5" stroke-linejoin="round"/>`,
    `<path d="M 440 180 Q 500 265 600 265 Q 700 265 760 180" stroke="${shade(color, 0.15)}" stroke-width="16" fill="none"/>`,
    `<path d="M 345 455 L 345 520 M 855 455 L 855 520" stroke="${outline}" stroke-width="4"/>`,
    `<g transform="translate(600 600) scale(1.25)">${motifSvg(motif, printColour(color, accent, motif), seed)}</g>`,
  ].join("");
}

function agenda(color: string, motif: Motif, accent: string, seed: number, year: string): string {
  const cover = motif === "cortica" ? CORK : color;
  const ink = isLight(cover) ? INK : "#ffffff";
  const emblem =
    motif === "cortica"
      ? corkSpeckles(seed, 410, 210, 390, 780, 260) +
        `<rect x="505" y="470" width="200" height="90" rx="12" fill="none" stroke="#7c5a34" stroke-width="5"/>` +
        `<text x="605" y="530" text-anchor="middle" font-family="${FONT}" font-weight="bold" font-size="34" fill="#7c5a34">NOTAS</text>`
      : `<g transform="translate(615 560) scale(1.2)">${motifSvg(motif, printColour(cover, accent, motif), seed)}</g>`;
  return [
    `<rect x="350" y="200" width="540" height="800" rx="26" fill="#000000" opacity="0.08" transform="translate(18 18)"/>`,
    `<rect x="350" y="200" width="540" height="800" rx="26" fill="${cover}" stroke="${shade(cover, 0.25)}" stroke-width="4"/>`,
    emblem,
    `<rect x="350" y="200" width="56" height="800" rx="20" fill="${shade(cover, 0.3)}"/>`,
    `<rect x="810" y="200" width="26" height="800" fill="${motif === "cortica" ? color : shade(cover, 0.45)}"/>`,
    year
      ? `<text x="615" y="870" text-anchor="middle" font-family="${FONT}" font-weight="bold" font-size="96" fill="${ink}">${escapeXml(year)}</text>`
      : "",
  ].join("");
}

function titleText(name: string, y: number, fill = INK): string {
  const size = Math.min(60, Math.floor(1080 / (name.length * 0.62)));
  return `<text x="600" y="${y}" text-anchor="middle" font-family="${FONT}" font-weight="bold" font-size="${size}" fill="${fill}">${escapeXml(name)}</text>`;
}

export interface ProductArt {
  name: string;
  item: Item;
  motif: Motif;
  /** Item colour (the product's first variant colour). */
  color: string;
  /** Colour of the printed motif; the item colour when absent. */
  accent?: string;
  /** Second colour for the "alt" view. */
  altColor?: string;
  /** Big number printed on agendas, e.g. "2027". */
  year?: string;
  seed: number;
}

function drawItem(art: ProductArt, color: string): string {
  const accent = art.accent ?? color;
  if (art.item === "mug") return mug(color, art.motif, accent, art.seed);
  if (art.item === "tshirt") return tshirt(color, art.motif, accent, art.seed);
  return agenda(color, art.motif, accent, art.seed, art.year ?? "");
}

/** One 1200 × 1200 product picture as an SVG document. */
export function productSvg(art: ProductArt, view: View): string {
  const S = PRODUCT_SIZE;
  let body: string;
  if (view === "pattern") {
    const ink = art.accent ?? art.color;
    const pattern = isLight(ink) ? (isLight(art.color) ? INK : art.color) : ink;
    const bg = art.motif === "azulejo" ? "#ffffff" : tint(pattern, isLight(pattern) ? 0 : 0.85);
    const cells: string[] = [];
    for (let row = 0; row < 4; row++) {
      for (let col = 0; col < 4; col++) {
        const x = 150 + col * 300 + (row % 2) * (art.motif === "azulejo" ? 0 : 75);
        const y = 150 + row * 300;
        const tile = art.motif === "azulejo" ? 1.36 : 0.95;
        cells.push(
          `<g transform="translate(${x} ${y}) scale(${tile})">${motifSvg(art.motif, pattern, art.seed + row * 4 + col)}</g>`,
        );
      }
    }
    body = `<rect width="${S}" height="${S}" fill="${bg}"/>${cells.join("")}`;
  } else {
    const color = view === "alt" && art.altColor ? art.altColor : art.color;
    const dark = view === "alt" && !art.altColor;
    const bg = dark ? "#1f2937" : isLight(color) ? "#eef2f7" : tint(color, 0.86);
    body = [
      `<rect width="${S}" height="${S}" fill="${bg}"/>`,
      `<circle cx="600" cy="580" r="470" fill="#ffffff" opacity="${dark ? 0.06 : 0.45}"/>`,
      drawItem(art, color),
      titleText(art.name, 1120, dark ? "#f9fafb" : INK),
    ].join("");
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${S}" height="${S}" viewBox="0 0 ${S} ${S}">${body}</svg>`;
}

/** The 1600 × 600 home banner: azulejo band and swallows, no text (title and slogan are HTML). */
export function bannerSvg(): string {
  const W = BANNER_WIDTH;
  const H = BANNER_HEIGHT;
  const tiles: string[] = [];
  for (let row = 0; row < 3; row++) {
    for (let col = 0; col < 3; col++) {
      tiles.push(
        `<g transform="translate(${1070 + col * 200} ${100 + row * 200}) scale(0.91)">${azulejo("#1d4ed8")}</g>`,
      );
    }
  }
  const birds = [
    [380, 170, 0.7],
    [560, 110, 0.5],
    [700, 230, 0.42],
  ]
    .map(([x, y, s]) => `<g transform="translate(${x} ${y}) scale(${s})">${andorinha("#111827")}</g>`)
    .join("");
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">`,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fef3c7"/><stop offset="1" stop-color="#dbeafe"/></linearGradient></defs>`,
    `<rect width="${W}" height="${H}" fill="url(#g)"/>`,
    tiles.join(""),
    `<rect x="960" y="0" width="40" height="${H}" fill="#1d4ed8" opacity="0.9"/>`,
    birds,
    `<path d="M 0 520 C 240 470 520 580 780 520 C 900 492 940 500 960 505 L 960 600 L 0 600 Z" fill="#2563eb" opacity="0.18"/>`,
    `</svg>`,
  ].join("");
}
