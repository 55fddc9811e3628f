// The synthetic catalogue of `npm run db:seed:large`: names, descriptions, prices, colours and sizes of a small
// Portuguese brand's products, varied enough that search has something to tell apart (product type × material or
// ingredient × motif or place × colour) and the same on every run (a seeded generator, no Math.random).

export interface SeedProduct {
  name: string;
  description: string;
  priceCents: number;
  category: string;
  vatCategory: "normal" | "intermedia" | "reduzida";
  /** Size names, in the order the product offers them. */
  sizes: string[];
  /** Colour names of its variants (every colour in every size). */
  colours: string[];
}

export const SEED_COLOURS: ReadonlyArray<readonly [name: string, hex: string]> = [
  ["Branco", "#ffffff"],
  ["Preto", "#111827"],
  ["Azul", "#2563eb"],
  ["Vermelho", "#dc2626"],
  ["Verde", "#16a34a"],
  ["Rosa", "#db2777"],
  ["Amarelo", "#eab308"],
  ["Cinzento", "#6b7280"],
  ["Bege", "#e7d8b8"],
  ["Azul-marinho", "#1e3a8a"],
  ["Castanho", "#78350f"],
  ["Laranja", "#ea580c"],
  ["Verde-oliva", "#65a30d"],
  ["Terracota", "#c2410c"],
  ["Mostarda", "#ca8a04"],
  ["Natural", "#f5f0e6"],
];

export const SEED_SIZES: ReadonlyArray<readonly [name: string, sortOrder: number]> = [
  ["XS", 0],
  ["S", 1],
  ["M", 2],
  ["L", 3],
  ["XL", 4],
  ["Único", 5],
  ["XXL", 6],
  ["100 g", 10],
  ["250 g", 11],
  ["500 g", 12],
  ["250 ml", 20],
  ["500 ml", 21],
  ["750 ml", 22],
];

/** Colours that read the same after a feminine or masculine noun ("Caneca Azul", "Boné Azul"). */
const NAME_COLOURS = ["Azul", "Verde", "Rosa", "Bege", "Azul-marinho", "Laranja", "Terracota", "Mostarda", "Natural"];

const MOTIFS = [
  "Azulejo",
  "Andorinha",
  "Sardinha",
  "Galo de Barcelos",
  "Elétrico 28",
  "Cravo",
  "Onda",
  "Coração de Viana",
  "Lenço dos Namorados",
  "Pastel de Nata",
  "Guitarra Portuguesa",
  "Farol",
  "Caravela",
  "Oliveira",
  "Rosa-dos-Ventos",
  "Calçada",
  "Barco Rabelo",
  "Gaivota",
  "Bordado",
  "Sobreiro",
  "Polvo",
  "Limoeiro",
  "Moliceiro",
  "Chita",
];

const PLACES = [
  "Lisboa",
  "Porto",
  "Algarve",
  "Minho",
  "Douro",
  "Alentejo",
  "Açores",
  "Madeira",
  "Coimbra",
  "Sintra",
  "Nazaré",
  "Aveiro",
  "Braga",
  "Évora",
  "Tavira",
  "Serra da Estrela",
  "Cascais",
  "Ericeira",
  "Óbidos",
  "Viana do Castelo",
];

const SCENTS = [
  "Alfazema",
  "Alecrim",
  "Laranja",
  "Flor de Laranjeira",
  "Eucalipto",
  "Figo",
  "Rosa",
  "Mel",
  "Azeite",
  "Limão",
  "Hortelã",
  "Sândalo",
  "Amêndoa",
  "Esteva",
  "Tomilho",
  "Algas do Atlântico",
];

interface Kind {
  name: string;
  /** Base price in cents before the material's factor. */
  base: number;
}

interface Family {
  category: string;
  /** Each kind's name and base price in cents. */
  kinds: Record<string, number>;
  /** Materials (or ingredients): "Caneca de Cerâmica", "Sabonete de Alfazema". */
  materials: string[];
  /** How the name is built: "made" = kind de material + motif/place/colour; "scented" = kind de a (e b) + place. */
  style: "made" | "scented" | "paper";
  sizes: string[][];
  /** How many colours a product comes in (at most). */
  colours: number;
  vat: SeedProduct["vatCategory"];
  care: string[];
}

const CLOTHES = [
  ["XS", "S", "M", "L"],
  ["S", "M", "L", "XL"],
  ["M", "L", "XL", "XXL"],
  ["S", "M", "L"],
];

const FAMILIES: Family[] = [
  {
    category: "Canecas",
    kinds: { Caneca: 1290, Chávena: 1150, Taça: 1490, "Caneca Esmaltada": 1690, "Prato de Sobremesa": 1390 },
    materials: ["Cerâmica", "Grés", "Faiança", "Porcelana"],
    style: "made",
    sizes: [["Único"], ["250 ml", "500 ml"]],
    colours: 3,
    vat: "normal",
    care: [
      "Pode ir à máquina de lavar loiça e ao micro-ondas.",
      "Vidrado sem chumbo, próprio para alimentos.",
      "Lavar à mão para conservar o desenho por muitos anos.",
    ],
  },
  {
    category: "T-shirts",
    kinds: { "T-shirt": 1990, Camisola: 3490, Sweatshirt: 3990, Hoodie: 4490, Polo: 2990 },
    materials: ["Algodão Orgânico", "Algodão", "Linho", "Lã Merino", "Malha"],
    style: "made",
    sizes: CLOTHES,
    colours: 2,
    vat: "normal",
    care: [
      "Lavar na máquina a 30 °C, do avesso, e não usar secador.",
      "Corte unissexo; se estiver entre dois tamanhos, escolha o maior.",
      "Estampado à mão com tintas de base aquosa.",
    ],
  },
  {
    category: "Agendas",
    kinds: { "Agenda 2027": 1490, Caderno: 990, "Bloco de Notas": 690, Diário: 1690, "Agenda de Bolso": 1190 },
    materials: ["Capa Cortiça", "Capa de Linho", "Papel Reciclado", "Capa de Couro", "Capa Kraft"],
    style: "paper",
    sizes: [["Único"]],
    colours: 2,
    vat: "normal",
    care: [
      "Papel de 90 g sem ácido, que aceita caneta de tinta permanente.",
      "Fitas marcadoras e bolsa interior para guardar recibos.",
      "Encadernação cosida à mão, abre totalmente sobre a mesa.",
    ],
  },
  {
    category: "Sabões & Velas",
    kinds: {
      Sabonete: 590,
      "Vela Aromática": 1690,
      "Sabonete Líquido": 890,
      "Vela de Soja": 1490,
      "Sais de Banho": 990,
    },
    materials: SCENTS,
    style: "scented",
    sizes: [["100 g"], ["100 g", "250 g"], ["250 ml", "500 ml"]],
    colours: 1,
    vat: "normal",
    care: [
      "Feito a frio com óleos vegetais, sem parabenos nem corantes artificiais.",
      "Cera de soja natural e pavio de algodão: cerca de 40 horas de chama.",
      "Embalado em papel reciclado, pronto para oferecer.",
    ],
  },
  {
    category: "Beleza",
    kinds: {
      "Creme de Mãos": 890,
      "Bálsamo Labial": 490,
      "Óleo Corporal": 1590,
      "Creme Facial": 1990,
      "Champô Sólido": 990,
    },
    materials: SCENTS,
    style: "scented",
    sizes: [["Único"], ["250 ml", "500 ml"]],
    colours: 1,
    vat: "normal",
    care: [
      "Ingredientes de origem natural, testado dermatologicamente.",
      "Sem perfumes sintéticos; adequado a peles sensíveis.",
      "Frasco de vidro reutilizável e tampa de alumínio.",
    ],
  },
  {
    category: "Casa e decoração",
    kinds: {
      Almofada: 2490,
      Manta: 5990,
      "Pano de Cozinha": 890,
      "Toalha de Mesa": 3490,
      Vaso: 1990,
      Cesto: 2790,
      "Base para Copos": 790,
    },
    materials: ["Linho", "Burel", "Algodão", "Cortiça", "Vime", "Cerâmica", "Junco"],
    style: "made",
    sizes: [["Único"]],
    colours: 3,
    vat: "normal",
    care: [
      "Tecido em tear manual numa oficina familiar.",
      "Cada peça é única: pequenas diferenças de cor fazem parte do encanto.",
      "Lavar à mão em água fria e secar à sombra.",
    ],
  },
  {
    category: "Acessórios",
    kinds: {
      "Saco de Pano": 1290,
      Boné: 1990,
      Lenço: 2290,
      Carteira: 2990,
      "Porta-chaves": 690,
      Mochila: 4990,
      Meias: 890,
    },
    materials: ["Cortiça", "Algodão", "Burel", "Couro", "Lona"],
    style: "made",
    sizes: [["Único"], ["S", "M", "L"]],
    colours: 3,
    vat: "normal",
    care: [
      "Forro interior em algodão e costuras reforçadas.",
      "A cortiça é leve, resistente à água e vegetal.",
      "Feito em pequenas séries por artesãos portugueses.",
    ],
  },
  {
    category: "Joalharia",
    kinds: { Brincos: 2490, Colar: 3490, Pulseira: 1990, Anel: 2990, Pendente: 2290 },
    materials: ["Prata", "Filigrana", "Latão", "Prata Dourada"],
    style: "made",
    sizes: [["Único"]],
    colours: 1,
    vat: "normal",
    care: [
      "Prata de lei 925, com contraste da Contrastaria.",
      "Filigrana trabalhada à mão em Gondomar.",
      "Entregue numa caixa de cartão reciclado com bolsa de algodão.",
    ],
  },
  {
    category: "Mercearia fina",
    kinds: { Compota: 490, Mel: 790, "Azeite Virgem Extra": 1190, "Flor de Sal": 590, Chá: 650, Licor: 1490 },
    materials: [
      "Figo",
      "Laranja",
      "Abóbora",
      "Amora",
      "Medronho",
      "Ginja",
      "Rosmaninho",
      "Cidreira",
      "Limão",
      "Tomilho",
    ],
    style: "scented",
    sizes: [["250 g"], ["250 g", "500 g"], ["250 ml", "500 ml", "750 ml"]],
    colours: 0,
    vat: "reduzida",
    care: [
      "Produção artesanal em pequenos lotes, sem conservantes.",
      "Depois de aberto, conservar no frigorífico.",
      "De produtores locais, colhido e embalado na origem.",
    ],
  },
  {
    category: "Postais e papelaria",
    kinds: {
      Postal: 250,
      "Marcador de Livros": 350,
      Autocolantes: 450,
      Poster: 1890,
      "Calendário 2027": 1290,
      "Papel de Embrulho": 390,
    },
    materials: ["Papel Reciclado", "Papel Algodão", "Cartolina", "Papel Kraft"],
    style: "paper",
    sizes: [["Único"]],
    colours: 1,
    vat: "normal",
    care: [
      "Impresso em risografia numa pequena gráfica do Porto.",
      "Ilustração original de artistas portugueses.",
      "Papel certificado FSC e tintas vegetais.",
    ],
  },
  {
    category: "Brinquedos",
    kinds: {
      Peluche: 1990,
      Puzzle: 1590,
      "Jogo de Memória": 1290,
      "Boneco de Pano": 2290,
      Carrinho: 1890,
      "Livro de Colorir": 890,
    },
    materials: ["Madeira", "Algodão", "Feltro", "Cartão"],
    style: "made",
    sizes: [["Único"]],
    colours: 2,
    vat: "normal",
    care: [
      "Para crianças a partir dos 3 anos; cumpre a norma EN 71.",
      "Tintas atóxicas de base aquosa.",
      "Feito por uma oficina de inserção social em Braga.",
    ],
  },
];

export const SEED_CATEGORIES = FAMILIES.map((f) => f.category);

/** mulberry32: small, fast, and the same sequence for the same seed everywhere. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  return { next, pick };
}

/** A material or ingredient mid-sentence ("Algodão Orgânico" → "algodão orgânico"; the ocean keeps its capital). */
const lower = (s: string) => s.toLowerCase().replace("atlântico", "Atlântico");

/** Prices end in ,90 ,50 or ,00, like a shop's. */
function price(base: number, factor: number, r: number): number {
  const euros = Math.max(1, Math.round((base * factor) / 100));
  const cents = r < 0.6 ? 90 : r < 0.85 ? 50 : 0;
  return cents === 0 ? euros * 100 : (euros - 1) * 100 + cents;
}

/** One candidate product: its parts and the name they make. */
function draw(rnd: ReturnType<typeof generator>, family: Family) {
  const [kindName, base] = rnd.pick(Object.entries(family.kinds));
  const kind: Kind = { name: kindName, base };
  const material = rnd.pick(family.materials);
  const motif = rnd.pick(MOTIFS);
  const place = rnd.pick(PLACES);
  const shape = rnd.next();
  const nameColour = family.colours > 0 && family.style === "made" && shape < 0.3 ? rnd.pick(NAME_COLOURS) : null;
  let name: string;
  if (family.style === "scented") {
    const second = rnd.pick(family.materials);
    const pair = second === material ? material : `${material} e ${second}`;
    name =
      shape < 0.15
        ? `${kind.name} de ${material}`
        : shape < 0.4
          ? `${kind.name} de ${pair}`
          : shape < 0.7
            ? `${kind.name} de ${material} ${place}`
            : `${kind.name} de ${pair} ${place}`;
  } else if (family.style === "paper") {
    name =
      shape < 0.35
        ? `${kind.name} ${material} ${motif}`
        : shape < 0.7
          ? `${kind.name} ${motif} ${place}`
          : `${kind.name} ${material} ${motif} ${place}`;
  } else if (nameColour) {
    name = shape < 0.1 ? `${kind.name} ${motif} ${nameColour}` : `${kind.name} de ${material} ${motif} ${nameColour}`;
  } else {
    name =
      shape < 0.65
        ? `${kind.name} de ${material} ${motif}`
        : shape < 0.85
          ? `${kind.name} de ${material} ${motif} ${place}`
          : `${kind.name} ${motif} ${place}`;
  }
  return { kind, material, motif, place, nameColour, name };
}

/**
 * `count` products, always the same for the same count (the first n of a larger run are the same products).
 * Names are unique: a combination drawn again is redrawn, and after a few tries numbered ("Edição 2").
 */
export function seedCatalogue(count: number): SeedProduct[] {
  const rnd = generator(19);
  const seen = new Map<string, number>();
  const out: SeedProduct[] = [];
  for (let i = 0; i < count; i++) {
    const family = FAMILIES[i % FAMILIES.length]!;
    // A combination already used is drawn again (a few times) before it gets an edition number.
    let drawn = draw(rnd, family);
    for (let retry = 0; retry < 6 && seen.has(drawn.name); retry++) drawn = draw(rnd, family);
    const { kind, material, motif, place, nameColour } = drawn;
    const times = seen.get(drawn.name) ?? 0;
    seen.set(drawn.name, times + 1);
    const name = times === 0 ? drawn.name : `${drawn.name} Edição ${times + 1}`;

    const colours: string[] = [];
    if (nameColour) colours.push(nameColour);
    const wanted = family.colours === 0 ? 0 : 1 + Math.floor(rnd.next() * family.colours);
    while (colours.length < wanted) {
      const c = rnd.pick(SEED_COLOURS)[0];
      if (!colours.includes(c)) colours.push(c);
    }
    const sizes = rnd.pick(family.sizes);

    const care = rnd.pick(family.care);
    const extra = rnd.pick(family.care);
    const origin =
      family.style === "scented"
        ? `Com ${lower(material)}, de uma receita tradicional. Origem: ${place}.`
        : `Em ${lower(material)}, com o motivo ${motif}. Desenho e produção: ${place}.`;
    const description = [origin, care, extra === care ? "" : extra, nameColour ? `Cor: ${lower(nameColour)}.` : ""]
      .filter(Boolean)
      .join(" ");

    out.push({
      name,
      description,
      priceCents: price(kind.base, 0.8 + rnd.next() * 0.8, rnd.next()),
      category: family.category,
      vatCategory: family.vat,
      sizes,
      colours,
    });
  }
  return out;
}
