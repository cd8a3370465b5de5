import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const apiPort = process.env.API_PORT ?? "3000";

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { alias: { "@": new URL("./src/web", import.meta.url).pathname } },
  server: {
    port: 5173,
    proxy: { "/api": { target: `http://127.0.0.1:${apiPort}` } },
  },
  // The manifest maps each page to its chunks, for the server's modulepreload links (scripts/prerender.ts).
  build: { outDir: "dist", emptyOutDir: true, manifest: true },
});
