import { sql } from "drizzle-orm";
import type { Database } from "#server/core/db/client.ts";

/*
 * A small Portuguese brand's catalogue and what shoppers type into its search field, for the search quality test
 * (server/modules/search/quality.test.ts). Each query names the product that must be among the first five, or
 * null when nothing may be found.
 */

export interface CorpusProduct {
  name: string;
  category: string;
  colours: string[];
  sizes: string[];
  price: number;
  description: string;
}

const P = (
  name: string,
  category: string,
  colours: string[],
  sizes: string[],
  price: number,
  description = "",
): CorpusProduct => ({ name, category, colours, sizes, price, description });

export const CORPUS_SYNONYMS = [
  ["camisola", "t-shirt", "tshirt"],
  ["sabão", "sabonete"],
  ["caderno", "agenda"],
  ["saco", "bolsa", "tote"],
  ["cachecol", "lenço"],
];

export const CORPUS_PRODUCTS: CorpusProduct[] = [
  P(
    "Caneca Açores",
    "Canecas",
    ["Azul", "Branco"],
    [],
    12.5,
    "Caneca de cerâmica pintada à mão com as lagoas das Sete Cidades.",
  ),
  P("Caneca Azulejo Lisboa", "Canecas", ["Azul"], [], 11.9, "Padrão de azulejo tradicional lisboeta, 350 ml."),
  P(
    "Caneca Sardinha",
    "Canecas",
    ["Branco", "Vermelho"],
    [],
    10.5,
    "A sardinha dos Santos Populares numa caneca de grés.",
  ),
  P(
    "Caneca Galo de Barcelos",
    "Canecas",
    ["Preto", "Vermelho"],
    [],
    12.0,
    "O galo colorido de Barcelos, vai ao micro-ondas.",
  ),
  P("Caneca Andorinha", "Canecas", ["Preto"], [], 10.9, "Andorinhas em voo sobre fundo creme."),
  P(
    "Caneca Esmaltada Montanha",
    "Canecas",
    ["Verde", "Branco"],
    [],
    14.5,
    "Caneca esmaltada para campismo, leve e resistente.",
  ),
  P("Chávena de Café Porto", "Canecas", ["Branco"], [], 8.5, "Chávena com pires, ilustração da Ribeira do Porto."),
  P("Caneca Gato Preguiçoso", "Canecas", ["Cinzento"], [], 11.5, "Um gato a dormir a sesta, para quem gosta de gatos."),
  P(
    "T-shirt Lisboa Elétrico",
    "T-shirts",
    ["Branco", "Amarelo"],
    ["S", "M", "L", "XL"],
    19.9,
    "Algodão orgânico, estampa do elétrico 28.",
  ),
  P(
    "T-shirt Sardinha Feliz",
    "T-shirts",
    ["Azul", "Branco"],
    ["S", "M", "L"],
    18.5,
    "Algodão orgânico com sardinha sorridente.",
  ),
  P("T-shirt Galo Minimalista", "T-shirts", ["Preto"], ["M", "L", "XL"], 19.5, "Desenho a traço do galo de Barcelos."),
  P("T-shirt Criança Baleia", "T-shirts", ["Azul"], ["S", "M"], 14.9, "Para os mais pequenos, baleia dos Açores."),
  P(
    "T-shirt Surf Ericeira",
    "T-shirts",
    ["Verde", "Branco"],
    ["S", "M", "L", "XL"],
    21.0,
    "Ondas da Ericeira, reserva mundial de surf.",
  ),
  P(
    "Camisola de Lã Serra da Estrela",
    "Camisolas",
    ["Cinzento", "Bege"],
    ["S", "M", "L", "XL"],
    59.0,
    "Lã de ovelha bordaleira, tricotada à mão.",
  ),
  P(
    "Camisola Poveira",
    "Camisolas",
    ["Branco", "Preto"],
    ["M", "L"],
    79.0,
    "A camisola tradicional da Póvoa de Varzim, bordada.",
  ),
  P(
    "Sweatshirt Alfama",
    "Camisolas",
    ["Azul", "Cinzento"],
    ["S", "M", "L", "XL"],
    39.9,
    "Sweatshirt com capuz, bordado de Alfama.",
  ),
  P(
    "Hoodie Nazaré Ondas Gigantes",
    "Camisolas",
    ["Preto"],
    ["M", "L", "XL"],
    44.0,
    "Hoodie de algodão com as ondas da Nazaré.",
  ),
  P("Agenda 2026 Azulejos", "Agendas", ["Azul"], [], 16.9, "Agenda semanal com capas de azulejo português."),
  P("Agenda Diária Botânica", "Agendas", ["Verde"], [], 18.5, "Uma página por dia, ilustrações de plantas."),
  P("Agenda de Bolso Minimal", "Agendas", ["Preto", "Bege"], [], 9.9, "Pequena, cabe em qualquer bolso."),
  P("Planner Semanal Oceano", "Agendas", ["Azul"], [], 12.9, "Planeamento semanal sem datas."),
  P("Caderno Pontilhado A5", "Cadernos", ["Preto", "Verde"], ["A5"], 8.9, "Papel de 120 g, pontilhado, capa dura."),
  P("Caderno Reciclado Kraft", "Cadernos", ["Bege"], ["A5", "A6"], 5.5, "Papel 100% reciclado e capa de cartão kraft."),
  P(
    "Caderno de Desenho Aguarela",
    "Cadernos",
    ["Branco"],
    ["A4"],
    15.9,
    "Papel de aguarela 300 g, ideal para pintura.",
  ),
  P("Bloco de Notas Sardinhas", "Cadernos", ["Azul"], ["A6"], 4.5, "Bloco de notas com sardinhas na capa."),
  P("Caderno Linhas Cortiça", "Cadernos", ["Bege"], ["A5"], 9.5, "Capa em cortiça portuguesa, folhas pautadas."),
  P("Sabonete de Alfazema", "Sabonetes", ["Roxo"], [], 5.5, "Sabonete natural de azeite e óleo essencial de lavanda."),
  P(
    "Sabonete de Limão e Hortelã",
    "Sabonetes",
    ["Amarelo"],
    [],
    5.5,
    "Refrescante, feito a frio com limão do Algarve.",
  ),
  P("Sabonete Flor de Laranjeira", "Sabonetes", ["Laranja"], [], 6.0, "Perfume delicado de flor de laranjeira."),
  P("Sabonete de Mel e Aveia", "Sabonetes", ["Bege"], [], 5.9, "Suave para peles sensíveis, mel de Trás-os-Montes."),
  P("Sabonete Carvão Ativado", "Sabonetes", ["Preto"], [], 6.5, "Limpeza profunda com carvão vegetal."),
  P("Sabonete Rosa Mosqueta", "Sabonetes", ["Rosa"], [], 6.5, "Óleo de rosa mosqueta, regenerador."),
  P("Vela Aromática Figo", "Velas", ["Verde"], [], 16.0, "Cera de soja, aroma de figo e folhas verdes."),
  P("Vela de Soja Canela", "Velas", ["Vermelho"], [], 14.5, "Cheiro a canela e maçã, 40 horas de duração."),
  P("Vela em Lata Pinhal", "Velas", ["Verde"], [], 12.0, "Aroma de pinheiro bravo e resina."),
  P("Vela Perfumada Jasmim", "Velas", ["Branco"], [], 15.5, "Jasmim e bergamota em frasco de vidro."),
  P("Vela Cerâmica Maresia", "Velas", ["Azul"], [], 22.0, "Em taça de cerâmica reutilizável, cheiro a mar."),
  P("Velas de Aniversário Coloridas", "Velas", ["Rosa", "Amarelo", "Azul"], [], 4.5, "Conjunto de 12 velas para bolo."),
  P("Bolsa de Cortiça", "Bolsas", ["Bege"], [], 34.9, "Bolsa a tiracolo em pele de cortiça."),
  P("Saco Tote Alfama", "Bolsas", ["Branco", "Preto"], [], 12.9, "Saco de pano de algodão, alças compridas."),
  P("Bolsa de Praia Palha", "Bolsas", ["Bege"], [], 29.0, "Palha natural entrançada à mão."),
  P("Mochila Impermeável Douro", "Bolsas", ["Verde", "Preto"], [], 49.9, "Mochila de lona encerada, 20 litros."),
  P("Porta-moedas Burel", "Bolsas", ["Vermelho", "Cinzento"], [], 14.0, "Burel da Serra da Estrela, fecho de correr."),
  P("Estojo Escolar Baleias", "Bolsas", ["Azul"], [], 8.9, "Estojo de lona para lápis e canetas."),
  P("Postal Elétrico 28", "Postais", ["Amarelo"], [], 1.5, "Postal ilustrado do elétrico amarelo de Lisboa."),
  P("Postal Torre de Belém", "Postais", ["Azul"], [], 1.5, "Aguarela da Torre de Belém."),
  P("Postal Ponte 25 de Abril", "Postais", ["Vermelho"], [], 1.5, "A ponte ao pôr do sol."),
  P("Postal Aniversário Bolo", "Postais", ["Rosa"], [], 2.5, "Postal de parabéns com envelope."),
  P("Conjunto de Postais Algarve", "Postais", ["Laranja"], [], 7.5, "Seis postais das praias do Algarve."),
  P("Postal Natal Pinheiro", "Postais", ["Verde"], [], 2.0, "Postal de Boas Festas com pinheiro."),
  P("Cachecol de Burel", "Acessórios", ["Cinzento", "Vermelho"], [], 39.0, "Burel tradicional, quente e impermeável."),
  P("Lenço de Namorados", "Acessórios", ["Branco", "Vermelho"], [], 24.0, "Bordado minhoto com quadras de amor."),
  P(
    "Meias Riscas Marinheiro",
    "Acessórios",
    ["Azul", "Branco"],
    ["36-40", "41-45"],
    9.5,
    "Meias de algodão às riscas.",
  ),
  P("Gorro de Lã Merino", "Acessórios", ["Cinzento", "Preto"], ["Único"], 22.0, "Lã merino macia, não pica."),
  P("Boné Bordado Sardinha", "Acessórios", ["Azul"], ["Único"], 17.5, "Boné de algodão com sardinha bordada."),
  P("Chapéu de Palha Verão", "Acessórios", ["Bege"], ["M", "L"], 19.0, "Chapéu de aba larga para a praia."),
  P("Pulseira de Filigrana", "Joias", ["Dourado"], [], 45.0, "Filigrana de Gondomar em prata dourada."),
  P("Brincos Coração de Viana", "Joias", ["Dourado"], [], 39.0, "O coração de Viana em filigrana."),
  P("Colar Andorinha Prata", "Joias", ["Prateado"], [], 35.0, "Andorinha em prata de lei."),
  P("Anel de Cortiça", "Joias", ["Bege"], [], 12.0, "Anel leve em cortiça e prata."),
  P("Avental de Cozinha Riscado", "Casa", ["Azul", "Branco"], [], 18.0, "Algodão às riscas, bolso frontal."),
  P("Pano de Cozinha Galo", "Casa", ["Vermelho", "Branco"], [], 7.5, "Pano de linho com galo de Barcelos."),
  P("Base de Tachos Cortiça", "Casa", ["Bege"], [], 6.5, "Conjunto de duas bases de cortiça."),
  P("Almofada Azulejo", "Casa", ["Azul", "Branco"], [], 24.9, "Capa de almofada com padrão de azulejo, 45x45."),
  P("Manta de Lã Alentejana", "Casa", ["Vermelho", "Preto"], [], 89.0, "Manta tecida em tear manual em Reguengos."),
  P("Prato Decorativo Andorinhas", "Casa", ["Branco", "Preto"], [], 19.9, "Prato de faiança para pendurar."),
  P("Tábua de Queijos Oliveira", "Casa", ["Castanho"], [], 27.5, "Madeira de oliveira, cada peça é única."),
  P("Cesto de Vime", "Casa", ["Bege"], ["Único"], 32.0, "Cesto de vime entrançado à mão."),
  P("Íman Sardinha", "Lembranças", ["Azul", "Vermelho", "Verde"], [], 3.5, "Íman de frigorífico em cerâmica."),
  P("Porta-chaves Galo", "Lembranças", ["Preto", "Vermelho"], [], 4.9, "Porta-chaves de madeira pintada."),
  P("Marcador de Livros Fado", "Lembranças", ["Preto"], [], 2.9, "Marcador com guitarra portuguesa."),
  P("Puzzle Mapa de Portugal", "Lembranças", ["Verde"], [], 15.0, "Puzzle de 500 peças com o mapa de Portugal."),
  P("Azeite Virgem Extra Trás-os-Montes", "Mercearia", ["Verde"], [], 11.5, "Azeite DOP, garrafa de 500 ml."),
  P("Flor de Sal de Aveiro", "Mercearia", ["Branco"], [], 6.9, "Flor de sal apanhada à mão nas salinas."),
  P("Doce de Abóbora com Noz", "Mercearia", ["Laranja"], [], 5.9, "Doce caseiro, frasco de 250 g."),
  P("Chá de Cidreira Biológico", "Mercearia", ["Verde"], [], 4.9, "Infusão de cidreira dos Açores."),
  P("Conservas de Sardinha em Azeite", "Mercearia", ["Azul"], [], 3.9, "Sardinhas portuguesas em azeite virgem."),
  P("Mel de Rosmaninho", "Mercearia", ["Amarelo"], [], 8.5, "Mel puro do Alentejo, 500 g."),
  P("Bolacha de Manteiga Tradicional", "Mercearia", ["Bege"], [], 4.2, "Bolachas caseiras em lata."),
  P("Creme de Mãos Amêndoa", "Beleza", ["Bege"], [], 9.9, "Creme hidratante com óleo de amêndoa doce."),
  P("Bálsamo Labial Framboesa", "Beleza", ["Rosa"], [], 4.5, "Cera de abelha e framboesa."),
  P("Óleo Corporal Alecrim", "Beleza", ["Verde"], [], 14.9, "Óleo de massagem com alecrim."),
  P("Sais de Banho Eucalipto", "Beleza", ["Verde", "Branco"], [], 8.0, "Sais do Atlântico com eucalipto."),
  P("Champô Sólido Ortiga", "Beleza", ["Verde"], [], 9.5, "Champô em barra para cabelos oleosos."),
  P("Escova de Bambu", "Beleza", ["Bege"], [], 3.5, "Escova de dentes biodegradável."),
  P("Peluche Polvo Reversível", "Brinquedos", ["Rosa", "Azul"], ["Único"], 13.9, "Polvo que muda de humor."),
  P("Jogo da Glória Tradicional", "Brinquedos", ["Vermelho"], [], 16.0, "O jogo de tabuleiro de sempre."),
  P("Pião de Madeira", "Brinquedos", ["Vermelho", "Azul"], [], 6.0, "Pião com fio, feito em Paços de Ferreira."),
];

export type QueryKind = "exact" | "accents" | "typo" | "plural" | "order" | "synonym" | "colour" | "prefix" | "none";

export interface CorpusQuery {
  q: string;
  /** The product that must be among the first five; null: nothing may be found. */
  expect: string | null;
  kind: QueryKind;
}

const Q = (kind: QueryKind, q: string, expect: string | null): CorpusQuery => ({ q, expect, kind });

export const CORPUS_QUERIES: CorpusQuery[] = [
  // As written in the catalogue.
  Q("exact", "caneca açores", "Caneca Açores"),
  Q("exact", "sabonete de alfazema", "Sabonete de Alfazema"),
  Q("exact", "camisola poveira", "Camisola Poveira"),
  Q("exact", "galo de barcelos", "Caneca Galo de Barcelos"),
  Q("exact", "vela figo", "Vela Aromática Figo"),
  Q("exact", "bolsa de cortiça", "Bolsa de Cortiça"),
  Q("exact", "postal torre de belém", "Postal Torre de Belém"),
  Q("exact", "filigrana", "Pulseira de Filigrana"),
  Q("exact", "coração de viana", "Brincos Coração de Viana"),
  Q("exact", "flor de sal", "Flor de Sal de Aveiro"),
  Q("exact", "manta alentejana", "Manta de Lã Alentejana"),
  Q("exact", "tábua de queijos", "Tábua de Queijos Oliveira"),
  Q("exact", "pião", "Pião de Madeira"),
  Q("exact", "puzzle portugal", "Puzzle Mapa de Portugal"),
  Q("exact", "hoodie", "Hoodie Nazaré Ondas Gigantes"),
  Q("exact", "mel", "Mel de Rosmaninho"),
  // Without accents (or with the wrong ones).
  Q("accents", "caneca acores", "Caneca Açores"),
  Q("accents", "acores", "Caneca Açores"),
  Q("accents", "chavena cafe", "Chávena de Café Porto"),
  Q("accents", "camisola de la", "Camisola de Lã Serra da Estrela"),
  Q("accents", "la serra da estrela", "Camisola de Lã Serra da Estrela"),
  Q("accents", "t-shirt eletrico", "T-shirt Lisboa Elétrico"),
  Q("accents", "postal eletrico", "Postal Elétrico 28"),
  Q("accents", "torre de belem", "Postal Torre de Belém"),
  Q("accents", "limao e hortela", "Sabonete de Limão e Hortelã"),
  Q("accents", "sabonete limao", "Sabonete de Limão e Hortelã"),
  Q("accents", "vela ceramica", "Vela Cerâmica Maresia"),
  Q("accents", "lenco de namorados", "Lenço de Namorados"),
  Q("accents", "bone sardinha", "Boné Bordado Sardinha"),
  Q("accents", "chapeu de palha", "Chapéu de Palha Verão"),
  Q("accents", "coracao de viana", "Brincos Coração de Viana"),
  Q("accents", "iman sardinha", "Íman Sardinha"),
  Q("accents", "doce de abobora", "Doce de Abóbora com Noz"),
  Q("accents", "cha de cidreira", "Chá de Cidreira Biológico"),
  Q("accents", "creme de maos", "Creme de Mãos Amêndoa"),
  Q("accents", "balsamo labial", "Bálsamo Labial Framboesa"),
  Q("accents", "oleo alecrim", "Óleo Corporal Alecrim"),
  Q("accents", "champo solido", "Champô Sólido Ortiga"),
  Q("accents", "piao madeira", "Pião de Madeira"),
  Q("accents", "jogo da gloria", "Jogo da Glória Tradicional"),
  Q("accents", "CANECA AÇÔRES", "Caneca Açores"),
  Q("accents", "nazare", "Hoodie Nazaré Ondas Gigantes"),
  Q("accents", "tabua queijos", "Tábua de Queijos Oliveira"),
  Q("accents", "tras os montes azeite", "Azeite Virgem Extra Trás-os-Montes"),
  // One or two letters wrong, missing, doubled or swapped.
  Q("typo", "camisolla poveira", "Camisola Poveira"),
  Q("typo", "canca acores", "Caneca Açores"),
  Q("typo", "agneda azulejos", "Agenda 2026 Azulejos"),
  Q("typo", "sabonette alfazema", "Sabonete de Alfazema"),
  Q("typo", "sabonete alfazena", "Sabonete de Alfazema"),
  Q("typo", "alfazma", "Sabonete de Alfazema"),
  Q("typo", "caderno pontilado", "Caderno Pontilhado A5"),
  Q("typo", "cardeno kraft", "Caderno Reciclado Kraft"),
  Q("typo", "vela aromatica fgo", "Vela Aromática Figo"),
  Q("typo", "sardinah", "Caneca Sardinha"),
  Q("typo", "filigranna", "Pulseira de Filigrana"),
  Q("typo", "filigarna", "Pulseira de Filigrana"),
  Q("typo", "andorina", "Caneca Andorinha"),
  Q("typo", "cachecool burel", "Cachecol de Burel"),
  Q("typo", "mochilla douro", "Mochila Impermeável Douro"),
  Q("typo", "portamoedas", "Porta-moedas Burel"),
  Q("typo", "almofda azulejo", "Almofada Azulejo"),
  Q("typo", "rosmaninhoo", "Mel de Rosmaninho"),
  Q("typo", "eucalito", "Sais de Banho Eucalipto"),
  Q("typo", "peluxe polvo", "Peluche Polvo Reversível"),
  Q("typo", "framboeza", "Bálsamo Labial Framboesa"),
  Q("typo", "camizola de la", "Camisola de Lã Serra da Estrela"),
  Q("typo", "ericiera", "T-shirt Surf Ericeira"),
  Q("typo", "aguarella", "Caderno de Desenho Aguarela"),
  Q("typo", "esmaltda", "Caneca Esmaltada Montanha"),
  Q("typo", "laranjera", "Sabonete Flor de Laranjeira"),
  Q("typo", "manteigua", "Bolacha de Manteiga Tradicional"),
  Q("typo", "bambo escova", "Escova de Bambu"),
  // Plurals and singulars.
  Q("plural", "canecas açores", "Caneca Açores"),
  Q("plural", "sabonetes alfazema", "Sabonete de Alfazema"),
  Q("plural", "velas figo", "Vela Aromática Figo"),
  Q("plural", "postais algarve", "Conjunto de Postais Algarve"),
  Q("plural", "postal algarve", "Conjunto de Postais Algarve"),
  Q("plural", "cadernos reciclados", "Caderno Reciclado Kraft"),
  Q("plural", "agendas botanicas", "Agenda Diária Botânica"),
  Q("plural", "bolsas de praia", "Bolsa de Praia Palha"),
  Q("plural", "meia riscas", "Meias Riscas Marinheiro"),
  Q("plural", "conserva de sardinhas", "Conservas de Sardinha em Azeite"),
  Q("plural", "baleias", "T-shirt Criança Baleia"),
  Q("plural", "ondas nazare", "Hoodie Nazaré Ondas Gigantes"),
  // Word order.
  Q("order", "açores caneca", "Caneca Açores"),
  Q("order", "alfazema sabonete", "Sabonete de Alfazema"),
  Q("order", "poveira camisola", "Camisola Poveira"),
  Q("order", "kraft caderno", "Caderno Reciclado Kraft"),
  Q("order", "cortiça bolsa", "Bolsa de Cortiça"),
  Q("order", "belem torre postal", "Postal Torre de Belém"),
  Q("order", "lisboa azulejo caneca", "Caneca Azulejo Lisboa"),
  Q("order", "soja vela canela", "Vela de Soja Canela"),
  // Synonyms (the admin's list: camisola = t-shirt = tshirt, sabão = sabonete, caderno = agenda, saco = bolsa = tote).
  Q("synonym", "tshirt sardinha", "T-shirt Sardinha Feliz"),
  Q("synonym", "camisola surf", "T-shirt Surf Ericeira"),
  Q("synonym", "sabão alfazema", "Sabonete de Alfazema"),
  Q("synonym", "sabao de mel", "Sabonete de Mel e Aveia"),
  Q("synonym", "caderno azulejos", "Agenda 2026 Azulejos"),
  Q("synonym", "saco de cortiça", "Bolsa de Cortiça"),
  Q("synonym", "bolsa alfama", "Saco Tote Alfama"),
  Q("synonym", "lenço burel", "Cachecol de Burel"),
  // Colour and category.
  Q("colour", "caneca azul", "Caneca Azulejo Lisboa"),
  Q("colour", "caneca cinzenta", "Caneca Gato Preguiçoso"),
  Q("colour", "t-shirt preta", "T-shirt Galo Minimalista"),
  Q("colour", "sabonete rosa", "Sabonete Rosa Mosqueta"),
  Q("colour", "vela azul", "Vela Cerâmica Maresia"),
  Q("colour", "camisola cinzenta", "Camisola de Lã Serra da Estrela"),
  Q("colour", "postal amarelo", "Postal Elétrico 28"),
  Q("colour", "sabonete preto", "Sabonete Carvão Ativado"),
  Q("colour", "mochila verde", "Mochila Impermeável Douro"),
  Q("colour", "joias douradas", "Pulseira de Filigrana"),
  Q("colour", "canecas verdes", "Caneca Esmaltada Montanha"),
  Q("colour", "bolsa bege", "Bolsa de Cortiça"),
  // As you type.
  Q("prefix", "cane", "Caneca Açores"),
  Q("prefix", "caneca aço", "Caneca Açores"),
  Q("prefix", "sabonete alfaz", "Sabonete de Alfazema"),
  Q("prefix", "filig", "Pulseira de Filigrana"),
  Q("prefix", "pove", "Camisola Poveira"),
  Q("prefix", "mochi", "Mochila Impermeável Douro"),
  Q("prefix", "rosman", "Mel de Rosmaninho"),
  Q("prefix", "vela de so", "Vela de Soja Canela"),
  Q("prefix", "porta-cha", "Porta-chaves Galo"),
  Q("prefix", "eric", "T-shirt Surf Ericeira"),
  // Nothing of the kind in the shop.
  Q("none", "bicicleta", null),
  Q("none", "telemóvel samsung", null),
  Q("none", "máquina de lavar", null),
  Q("none", "pneus de inverno", null),
  Q("none", "xyzzy", null),
  Q("none", "computador portátil", null),
  Q("none", "sapatilhas de corrida", null),
  Q("none", "televisão", null),
];

/** Loads products into the catalogue's tables (the search triggers index them); returns name → id. */
export async function loadCorpus(
  db: Database,
  items: CorpusProduct[],
  opts: { stock?: (index: number) => number } = {},
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const names = (pick: (p: CorpusProduct) => string[]) => [...new Set(items.flatMap(pick))];
  for (const name of names((p) => [p.category]))
    await db.execute(sql`insert into categories (name) values (${name}) on conflict (name) do nothing`);
  for (const name of names((p) => p.colours))
    await db.execute(sql`insert into colors (name) values (${name}) on conflict (name) do nothing`);
  for (const [i, name] of names((p) => p.sizes).entries())
    await db.execute(sql`insert into sizes (name, sort_order) values (${name}, ${i}) on conflict (name) do nothing`);
  for (const [index, p] of items.entries()) {
    const row = await db.execute<{ id: number }>(sql`
      insert into products (name, description, price_cents, category_id, sizes, created_at)
      values (${p.name}, ${p.description}, ${Math.round(p.price * 100)},
        (select id from categories where name = ${p.category}), ${p.sizes.join(",")},
        now() - make_interval(mins => ${items.length - index}))
      returning id`);
    const id = row.rows[0]!.id;
    ids.set(p.name, id);
    const stock = opts.stock?.(index) ?? 5;
    const colours = p.colours.length ? p.colours : [null];
    const sizes = p.sizes.length ? p.sizes : [null];
    for (const colour of colours)
      for (const size of sizes)
        await db.execute(sql`
          insert into variants (product_id, color_id, size_id, stock)
          values (${id}, (select id from colors where name = ${colour}), (select id from sizes where name = ${size}),
            ${stock})`);
    await db.execute(
      sql`insert into product_images (product_id, file_name, position) values (${id}, ${`p${id}.webp`}, 0)`,
    );
  }
  return ids;
}

/** Many products at once (set-based, as npm run db:seed:large): distractors around the corpus. */
export async function loadBulk(db: Database, items: CorpusProduct[]): Promise<void> {
  const names = (pick: (p: CorpusProduct) => string[]) => [...new Set(items.flatMap(pick))];
  await db.execute(
    sql`insert into categories (name) select unnest(${sql.param(names((p) => [p.category]))}::text[]) on conflict do nothing`,
  );
  await db.execute(
    sql`insert into colors (name) select unnest(${sql.param(names((p) => p.colours))}::text[]) on conflict do nothing`,
  );
  await db.execute(
    sql`insert into sizes (name) select unnest(${sql.param(names((p) => p.sizes))}::text[]) on conflict do nothing`,
  );
  await db.execute(sql`
    with src as (
      select * from unnest(${sql.param(items.map((p) => p.name))}::text[],
        ${sql.param(items.map((p) => p.description))}::text[], ${sql.param(items.map((p) => Math.round(p.price * 100)))}::int[],
        ${sql.param(items.map((p) => p.category))}::text[], ${sql.param(items.map((p) => p.sizes.join(",")))}::text[],
        ${sql.param(items.map((p) => p.colours.join(",")))}::text[]) as s(name, description, price, category, sizes, colours)
    ),
    inserted as (
      insert into products (name, description, price_cents, category_id, sizes, created_at)
      select s.name, s.description, s.price, c.id, s.sizes, now() - interval '1 day'
      from src s join categories c on c.name = s.category
      returning id, name, sizes
    ),
    wanted as (
      select distinct on (i.id, co.id, z.id) i.id, co.id as color_id, z.id as size_id
      from inserted i join src s on s.name = i.name
      left join lateral unnest(string_to_array(nullif(s.colours, ''), ',')) as cn(name) on true
      left join colors co on co.name = cn.name
      left join lateral unnest(string_to_array(nullif(s.sizes, ''), ',')) as zn(name) on true
      left join sizes z on z.name = zn.name
    )
    insert into variants (product_id, color_id, size_id, stock) select id, color_id, size_id, 5 from wanted`);
}
