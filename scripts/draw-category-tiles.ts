// npm run … not needed: `node scripts/draw-category-tiles.ts` redraws the home page's three category
// pictures (public/images/categorias/*.webp) from the demo art. The files are committed; the shop
// never draws them at run time, so no product picture can ever take a tile's place (issue 11, 2.1).
import { mkdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { productSvg, type ProductArt } from "#server/seed/demo-art.ts";

const OUT = path.resolve(import.meta.dirname, "../public/images/categorias");
/** The tile's box is 4:3 (square on phones, cropped at the centre by object-fit: cover). */
export const TILE_WIDTHS = [400, 800] as const;

const TILES: Array<{ file: string; art: ProductArt }> = [
  { file: "canecas", art: { name: "", item: "mug", motif: "azulejo", color: "#f8fafc", accent: "#1d4ed8", seed: 11 } },
  {
    file: "t-shirts",
    art: { name: "", item: "tshirt", motif: "andorinha", color: "#fb7185", accent: "#111827", seed: 23 },
  },
  {
    file: "agendas",
    art: { name: "", item: "agenda", motif: "cortica", color: "#166534", accent: "#b08a5a", year: "2027", seed: 37 },
  },
];

mkdirSync(OUT, { recursive: true });
for (const { file, art } of TILES) {
  // The square drawing, made smaller and widened to 4:3 with its own ground colour (its corner).
  const square = await sharp(Buffer.from(productSvg(art, "front")))
    .flatten({ background: "#ffffff" })
    .resize(900, 900)
    .toBuffer();
  const { data } = await sharp(square)
    .extract({ left: 0, top: 0, width: 1, height: 1 })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const band = await sharp(square)
    .extend({ left: 150, right: 150, background: { r: data[0]!, g: data[1]!, b: data[2]! } })
    .toBuffer();
  for (const width of TILE_WIDTHS) {
    const target = path.join(OUT, `${file}-${width}.webp`);
    const info = await sharp(band)
      .resize(width, (width * 3) / 4)
      .webp({ quality: 78, effort: 6 })
      .toFile(target);
    console.log(`${path.relative(process.cwd(), target)}: ${info.width}×${info.height}, ${info.size} bytes`);
  }
}
