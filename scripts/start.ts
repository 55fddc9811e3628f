// `npm start`: builds the web app when there is no build yet, then starts the server.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
if (!existsSync(path.join(root, "build/server/index.js"))) {
  console.log("No build found: building the web app first (npm run build)…");
  const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
const { main } = await import("#server/main.ts");
await main();
