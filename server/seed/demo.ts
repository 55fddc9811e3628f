import path from "node:path";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { deleteImage, storeImage, type StoredImage } from "#server/modules/catalog/images.ts";
import type { Database } from "#server/core/db/client.ts";
import { localPictureStorage } from "#server/core/storage/create.ts";
import type { PictureStorage } from "#server/core/storage/storage.ts";
import {
  banners,
  categories,
  colors,
  productImages,
  products,
  sizes,
  variants,
} from "#server/modules/catalog/schema.ts";
import { stockMovements } from "#server/modules/inventory/schema.ts";
import { bannerSvg, productSvg, type Item, type Motif, type ProductArt, type View } from "./demo-art.ts";

/*
 * The demo catalogue loaded on the first start of an embedded-database shop (DEMO_DATA):
 * three categories, colours, sizes, fourteen products grouped into models, variants with
 * stock at every level the admin screens distinguish, their initial stock movements and
 * one active banner. Pictures are drawn as SVG and stored through storeImage(), exactly
 * like uploads, so the demo exercises the same files and variants.
 */

export const DEMO_STOCK_REASON = "Stock inicial (dados de demonstração)";

const CATEGORY_NAMES = ["Canecas", "T-shirts", "Agendas"] as const;
type CategoryName = (typeof CATEGORY_NAMES)[number];

const COLOURS = {
  Branco: "#ffffff",
  Preto: "#111827",
  Azul: "#2563eb",
  Vermelho: "#dc2626",
  Verde: "#16a34a",
  Rosa: "#db2777",
  Amarelo: "#eab308",
} as const;
type ColourName = keyof typeof COLOURS;

const SIZE_ROWS = [
  { name: "S", sortOrder: 1 },
  { name: "M", sortOrder: 2 },
  { name: "L", sortOrder: 3 },
  { name: "XL", sortOrder: 4 },
  { name: "Único", sortOrder: 5 },
] as const;
const SHIRT_SIZES = ["S", "M", "L", "XL"];
const ONE_SIZE = ["Único"];

/*
 * Models group products the product page shows together ("Produtos do Modelo").
 * Demo models stay clear of 5, the default every new product gets, so the admin's
 * own products are not mixed into the demo's models.
 */
const MODELO = {
  canecaAzulejo: 11,
  canecaAndorinha: 12,
  canecaSardinha: 13,
  canecaEsmaltada: 14,
  tshirtAndorinha: 21,
  tshirtEletrico: 22,
  tshirtGalo: 23,
  tshirtOnda: 24,
  tshirtCravo: 25,
  agenda2027: 31,
  agendaCortica: 32,
  agendaBolso: 33,
} as const;

interface DemoProduct {
  name: string;
  description: string;
  priceCents: number;
  category: CategoryName;
  modeloId: number;
  status: 0 | 1;
  item: Item;
  motif: Motif;
  /** Motif colour when it differs from the item colour. */
  accent?: ColourName;
  year?: string;
  /** Views drawn for this product, the first is the main image. */
  views: View[];
  /** Stock per colour, one number per size (S, M, L, XL for T-shirts; Único otherwise). */
  stock: Partial<Record<ColourName, number[]>>;
}

/** Each kind of item is sold in its own category. */
const CATEGORY_OF: Record<Item, CategoryName> = { mug: "Canecas", tshirt: "T-shirts", agenda: "Agendas" };

/** A product as listed below: its category follows from its item, it is on sale unless said, and `art` is its pictures'. */
type DemoEntry = Omit<DemoProduct, "category" | "status" | "motif" | "accent" | "year" | "views"> & {
  status?: 0 | 1;
  art: Pick<DemoProduct, "motif" | "accent" | "year" | "views">;
};

export const DEMO_PRODUCTS: DemoProduct[] = (
  [
    {
      name: "Caneca Azulejo Lisboa",
      description:
        "Caneca de grés pintada com o padrão dos azulejos de Alfama. Vai ao micro-ondas e à máquina de lavar loiça.",
      priceCents: 1290,
      modeloId: MODELO.canecaAzulejo,
      item: "mug",
      art: { motif: "azulejo", accent: "Azul", views: ["front", "pattern", "alt"] },
      stock: { Branco: [34] },
    },
    {
      name: "Caneca Azulejo Porto",
      description: "A mesma caneca de grés, agora com o azulejo verde das fachadas da Ribeira. Capacidade de 350 ml.",
      priceCents: 1290,
      modeloId: MODELO.canecaAzulejo,
      item: "mug",
      art: { motif: "azulejo", accent: "Verde", views: ["front", "pattern"] },
      stock: { Branco: [7] },
    },
    {
      name: "Caneca Andorinha",
      description: "Caneca esmaltada com a andorinha, símbolo de regresso a casa. Disponível em preto, branco e rosa.",
      priceCents: 1190,
      modeloId: MODELO.canecaAndorinha,
      item: "mug",
      art: { motif: "andorinha", accent: "Preto", views: ["front", "alt"] },
      stock: { Branco: [25], Preto: [18], Rosa: [0] },
    },
    {
      name: "Caneca Sardinha Feliz",
      description: "Para o café da manhã ou o caldo verde dos Santos Populares. Cerâmica feita em Aveiro.",
      priceCents: 1090,
      modeloId: MODELO.canecaSardinha,
      item: "mug",
      art: { motif: "sardinha", accent: "Azul", views: ["front"] },
      stock: { Branco: [42], Amarelo: [3] },
    },
    {
      name: "Caneca Esmaltada Serra da Estrela",
      description:
        "Caneca de metal esmaltado, leve e resistente, ideal para o campismo. Fora da loja até à próxima fornada.",
      priceCents: 1490,
      modeloId: MODELO.canecaEsmaltada,
      status: 0,
      item: "mug",
      art: { motif: "serra", accent: "Azul", views: ["front"] },
      stock: { Branco: [0], Azul: [0] },
    },
    {
      name: "T-shirt Andorinha Branca",
      description: "T-shirt de algodão orgânico com uma andorinha estampada à mão em Guimarães. Corte unissexo.",
      priceCents: 2290,
      modeloId: MODELO.tshirtAndorinha,
      item: "tshirt",
      art: { motif: "andorinha", accent: "Preto", views: ["front", "pattern"] },
      stock: { Branco: [12, 25, 20, 8] },
    },
    {
      name: "T-shirt Andorinha Preta",
      description: "A andorinha em branco sobre algodão orgânico preto. Estampagem a água, toque suave.",
      priceCents: 2290,
      modeloId: MODELO.tshirtAndorinha,
      item: "tshirt",
      art: { motif: "andorinha", accent: "Branco", views: ["front"] },
      stock: { Preto: [5, 16, 14, 0] },
    },
    {
      name: "T-shirt Elétrico 28",
      description: "O elétrico amarelo que sobe à Graça, em algodão penteado. Uma viagem por Lisboa sem sair de casa.",
      priceCents: 2490,
      modeloId: MODELO.tshirtEletrico,
      item: "tshirt",
      art: { motif: "eletrico", views: ["front", "alt", "pattern"] },
      stock: { Azul: [15, 22, 18, 11], Branco: [9, 14, 12, 4] },
    },
    {
      name: "T-shirt Galo de Barcelos",
      description: "O galo mais famoso do Minho, com corações pintados, em algodão orgânico. Tamanhos de S a XL.",
      priceCents: 2490,
      modeloId: MODELO.tshirtGalo,
      item: "tshirt",
      art: { motif: "galo", accent: "Preto", views: ["front", "pattern"] },
      stock: { Branco: [20, 30, 26, 12], Vermelho: [0, 6, 10, 2] },
    },
    {
      name: "T-shirt Onda da Nazaré",
      description: "Inspirada nas ondas gigantes da Praia do Norte. Algodão leve, perfeito para o verão.",
      priceCents: 2690,
      modeloId: MODELO.tshirtOnda,
      item: "tshirt",
      art: { motif: "onda", accent: "Azul", views: ["front", "alt"] },
      stock: { Branco: [18, 24, 21, 13], Azul: [11, 17, 15, 9] },
    },
    {
      name: "T-shirt Cravo de Abril",
      description: "Um cravo vermelho em memória da Revolução de 1974. Edição limitada, esgotada de momento.",
      priceCents: 2190,
      modeloId: MODELO.tshirtCravo,
      item: "tshirt",
      art: { motif: "cravo", views: ["front"] },
      stock: { Branco: [0, 0, 1, 0] },
    },
    {
      name: "Agenda 2027 Galo de Barcelos",
      description:
        "Agenda semanal de 2027 com capa dura e fita marcadora. Papel de 90 g feito em Portugal, ótimo para caneta de tinta permanente.",
      priceCents: 1890,
      modeloId: MODELO.agenda2027,
      item: "agenda",
      art: { motif: "galo", year: "2027", views: ["front", "pattern", "alt"] },
      stock: { Preto: [27], Vermelho: [14] },
    },
    {
      name: "Agenda 2027 Azulejo",
      description: "A mesma agenda semanal, com a capa azul de azulejo e elástico para fechar. 160 páginas.",
      priceCents: 1890,
      modeloId: MODELO.agenda2027,
      item: "agenda",
      art: { motif: "azulejo", accent: "Branco", year: "2027", views: ["front", "pattern"] },
      stock: { Azul: [33] },
    },
    {
      name: "Agenda Semanal em Cortiça",
      description:
        "Capa em cortiça natural do Alentejo, sem datas para começar quando quiser. Folhas pautadas e pontilhadas.",
      priceCents: 3499,
      modeloId: MODELO.agendaCortica,
      item: "agenda",
      art: { motif: "cortica", views: ["front", "alt"] },
      stock: { Preto: [10], Verde: [21] },
    },
    {
      name: "Agenda de Bolso Sardinhas",
      description: "Pequena, cabe em qualquer bolso. Capa cor-de-rosa com sardinhas e calendário de 2027.",
      priceCents: 899,
      modeloId: MODELO.agendaBolso,
      item: "agenda",
      art: { motif: "sardinha", accent: "Azul", views: ["front", "pattern"] },
      stock: { Rosa: [48] },
    },
  ] satisfies DemoEntry[]
).map(({ art, ...entry }) => ({ ...entry, ...art, category: CATEGORY_OF[entry.item], status: entry.status ?? 1 }));

export const DEMO_BANNER = {
  titulo: "Feito em Portugal, com alma",
  slogam: "Canecas, t-shirts e agendas de pequenas marcas portuguesas, entregues em todo o país.",
};

/** How many pictures are drawn at once; sharp already spreads each one over the cores. */
const RENDER_CONCURRENCY = 4;
/** Keeps two first starts (two processes, same database) from both seeding. */
const SEED_LOCK_KEY = 7_310_024;

async function renderSvg(svg: string, pictures: PictureStorage): Promise<StoredImage> {
  // A lightly compressed PNG: lossless, quick to write and to read back in storeImage().
  const png = await sharp(Buffer.from(svg))
    .flatten({ background: "#ffffff" })
    .png({ compressionLevel: 1, adaptiveFiltering: false })
    .toBuffer();
  return storeImage(png, pictures);
}

/** Runs fn over items, at most limit at a time; on a failure starts nothing new and rejects once all have settled. */
async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length) {
      const index = next++;
      try {
        results[index] = await fn(items[index] as T);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  const settled = await Promise.allSettled(Array.from({ length: Math.min(limit, items.length) }, worker));
  const rejected = settled.find((s) => s.status === "rejected");
  if (rejected) throw rejected.reason;
  return results;
}

function artFor(product: DemoProduct, index: number): ProductArt {
  const colourNames = Object.keys(product.stock) as ColourName[];
  const main = colourNames[0] ?? "Branco";
  const alt = colourNames[1];
  return {
    name: product.name,
    item: product.item,
    motif: product.motif,
    color: COLOURS[main],
    accent: product.accent ? COLOURS[product.accent] : undefined,
    altColor: alt ? COLOURS[alt] : undefined,
    year: product.year,
    seed: index + 1,
  };
}

async function isCatalogueEmpty(db: Pick<Database, "$count">): Promise<boolean> {
  // One after the other: inside a transaction they share a single connection.
  for (const table of [categories, colors, sizes, products]) {
    if ((await db.$count(table)) > 0) return false;
  }
  return true;
}

/**
 * Loads the demo catalogue when categories, colours, sizes and products are all empty,
 * in one transaction, and returns true. Returns false (and writes nothing) otherwise, so a
 * shop whose admin removed the demo is never filled again. Pictures go to `into`: the shop's picture
 * storage, or a DATA_DIR (its uploads folder).
 */
export async function seedDemoCatalog(db: Database, into: PictureStorage | string): Promise<boolean> {
  if (!(await isCatalogueEmpty(db))) return false;

  const storage = typeof into === "string" ? localPictureStorage(path.join(into, "uploads")) : into;
  const jobs = DEMO_PRODUCTS.flatMap((product, p) =>
    product.views.map((view) => ({ p, view, svg: productSvg(artFor(product, p), view) })),
  );
  const stored: StoredImage[] = [];
  const cleanup = () => Promise.all(stored.map((img) => deleteImage(img.fileName, storage).catch(() => {})));

  try {
    const [banner, ...pictures] = await mapLimit(
      [bannerSvg(), ...jobs.map((job) => job.svg)],
      RENDER_CONCURRENCY,
      async (svg) => {
        const image = await renderSvg(svg, storage);
        stored.push(image);
        return image;
      },
    );

    const seeded = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
      if (!(await isCatalogueEmpty(tx))) return false;

      const categoryRows = await tx
        .insert(categories)
        .values(CATEGORY_NAMES.map((name) => ({ name })))
        .returning();
      const colourRows = await tx
        .insert(colors)
        .values(Object.entries(COLOURS).map(([name, colorHex]) => ({ name, colorHex })))
        .returning();
      const sizeRows = await tx
        .insert(sizes)
        .values(SIZE_ROWS.map((s) => ({ ...s })))
        .returning();
      const categoryId = new Map(categoryRows.map((r) => [r.name, r.id]));
      const colourId = new Map(colourRows.map((r) => [r.name, r.id]));
      const sizeId = new Map(sizeRows.map((r) => [r.name, r.id]));

      // Staggered creation times: "newest first" lists keep a stable, meaningful order.
      const start = Date.now() - DEMO_PRODUCTS.length * 60_000;
      const productIds: number[] = [];
      for (const [p, product] of DEMO_PRODUCTS.entries()) {
        const offered = product.item === "tshirt" ? SHIRT_SIZES : ONE_SIZE;
        const createdAt = new Date(start + p * 60_000);
        const [row] = await tx
          .insert(products)
          .values({
            name: product.name,
            description: product.description,
            priceCents: product.priceCents,
            categoryId: categoryId.get(product.category),
            sizes: offered.join(","),
            status: product.status,
            modeloId: product.modeloId,
            createdAt,
            updatedAt: createdAt,
          })
          .returning({ id: products.id });
        productIds.push(row!.id);
      }

      const positions = new Map<number, number>();
      await tx.insert(productImages).values(
        jobs.map((job, i) => {
          const position = positions.get(job.p) ?? 0;
          positions.set(job.p, position + 1);
          const image = pictures[i]!;
          return {
            productId: productIds[job.p]!,
            fileName: image.fileName,
            position,
            width: image.width,
            height: image.height,
          };
        }),
      );

      const variantValues = DEMO_PRODUCTS.flatMap((product, p) => {
        const offered = product.item === "tshirt" ? SHIRT_SIZES : ONE_SIZE;
        return (Object.entries(product.stock) as [ColourName, number[]][]).flatMap(([colour, perSize]) =>
          offered.map((size, s) => ({
            productId: productIds[p]!,
            colorId: colourId.get(colour)!,
            sizeId: sizeId.get(size)!,
            stock: perSize[s] ?? 0,
          })),
        );
      });
      const variantRows = await tx
        .insert(variants)
        .values(variantValues)
        .returning({ id: variants.id, stock: variants.stock });
      await tx
        .insert(stockMovements)
        .values(
          variantRows.map((v) => ({ variantId: v.id, stockBefore: 0, stockAfter: v.stock, reason: DEMO_STOCK_REASON })),
        );

      await tx.insert(banners).values({ ...DEMO_BANNER, imagem: banner!.fileName, isActive: true });
      return true;
    });

    if (!seeded) await cleanup();
    return seeded;
  } catch (error) {
    await cleanup();
    throw error;
  }
}
