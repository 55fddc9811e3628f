import type { FastifyReply } from "fastify";

/** A paged list's answer: the page's items as the body, the number of all matches in X-Total-Count. */
export function sendPage<T>(reply: FastifyReply, page: { items: T[]; total: number }): T[] {
  reply.header("x-total-count", String(page.total));
  return page.items;
}
