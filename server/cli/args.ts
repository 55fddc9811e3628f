import { parseArgs } from "node:util";

export function parseCliArgs<const T extends Record<string, { type: "string" | "boolean" }>>(options: T) {
  return parseArgs({ options, allowPositionals: false, strict: true }).values;
}
