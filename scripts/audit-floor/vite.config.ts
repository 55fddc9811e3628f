import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

// The audit's floor: the React Router plugin and nothing else (no chunk groups, no CSS).
export default defineConfig({ plugins: [reactRouter()] });
