/**
 * The products grid (/produtos): its search and page live in the URL (`?pesquisa=…&page=N`), read by the loader
 * (GET /api/product/admin's call), so reload, back and links keep them and only one page is ever sent.
 */

/** Cards a page: six rows of the widest grid (5 columns). */
export const GRID_PAGE_SIZE = 30;
export const SEARCH_PARAM = "pesquisa";
