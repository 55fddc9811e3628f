/**
 * The catalogue's limits and messages for the admin (products, variants, colours, sizes, banners): the API's
 * request schemas (catalog/schemas.ts) and the admin's product and stock screens use the same words. Apart from
 * catalog/rules.ts, which the storefront's first pages load, so these stay with the admin's chunks.
 */

/** The most units a variant's stock may hold. */
export const MAX_STOCK = 1_000_000;

export const CATALOG_MESSAGES = {
  required: "Por favor, preencha todos os campos obrigatórios.",
  imageRequired: "Você precisa adicionar ao menos uma imagem!",
  bannerImageRequired: "Você precisa adicionar uma imagem!",
  invalidProductId: "ID do produto inválido",
  invalidBannerId: "ID do banner inválido",
  invalidVariantId: "ID da variante inválido",
  productNotFound: "Produto não encontrado",
  productGone: "Produto não encontrado ou já foi eliminado",
  bannerNotFound: "Banner não encontrado.",
  variantNotFound: "Variante não encontrada.",
  colorNotFound: "Cor não encontrada.",
  sizeNotFound: "Tamanho não encontrado.",
  categoryNotFound: "Categoria não encontrada.",
  variantRequired: "Por favor, preencha cor e stock.",
  productRequired: "Por favor, selecione um produto.",
  invalidColorId: "Cor inválida.",
  invalidSizeId: "Tamanho inválido.",
  invalidStock: "Stock deve ser um número positivo",
  stockTooHigh: `O stock não pode ser superior a ${MAX_STOCK.toLocaleString("pt-PT")}.`,
  duplicateVariant: "Já existe uma variante com esta cor e este tamanho para este produto.",
  variantReserved: "Esta variante tem unidades reservadas por encomendas pendentes e não pode ser eliminada.",
  colorRequired: "O nome da cor é obrigatório.",
  colorTooLong: "O nome da cor não pode ter mais de 50 caracteres.",
  colorHexInvalid: "Código de cor inválido: use o formato #RRGGBB.",
  duplicateColor: "Esta cor já existe.",
  sizeRequired: "O nome do tamanho é obrigatório.",
  sizeTooLong: "O nome do tamanho não pode ter mais de 30 caracteres.",
  duplicateSize: "Este tamanho já existe.",
  entryRequired: "Por favor, preencha o tamanho e a cor.",
  priceInvalid: "Preço inválido: indique um valor como 12,50.",
  priceNegative: "O preço não pode ser negativo.",
  priceZero: "O preço tem de ser superior a zero.",
  priceDecimals: "O preço só pode ter até 2 casas decimais.",
  priceAmbiguous:
    "Preço ambíguo: use a vírgula (ou o ponto) só para os cêntimos, sem separador de milhares; por exemplo 1234,50 ou 1 234,50.",
  priceTooHigh: "O preço não pode ser superior a 1 000 000,00 €.",
  nameTooLong: "O nome não pode ter mais de 200 caracteres.",
  descriptionTooLong: "A descrição não pode ter mais de 5000 caracteres.",
  categoryTooLong: "A categoria não pode ter mais de 100 caracteres.",
  sizesInvalid: "Tamanhos inválidos: separe-os por vírgulas (máximo 30, cada um com até 30 caracteres).",
  modeloInvalid: "Modelo inválido.",
  statusInvalid: "Estado do produto inválido (use 0 ou 1).",
  tituloTooLong: "O título não pode ter mais de 200 caracteres.",
  slogamTooLong: "O slogan não pode ter mais de 300 caracteres.",
  invalidBody: "Dados inválidos.",
  concurrentChange: "Os dados foram alterados entretanto. Recarregue a página e tente novamente.",
} as const;
