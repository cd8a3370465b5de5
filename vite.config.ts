import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { TAGLINE } from "./src/shared/brand.ts";

const apiPort = process.env.API_PORT ?? "3000";

/**
 * Chunks (decision 0050): the entry with everything it imports; one "shared" chunk of the libraries and
 * app modules that three or more pages import, so a signed-in page loads about 15 scripts instead of 60;
 * the rest per page, as Rolldown splits it. Kept out of "shared": what no page shows on its first paint
 * (decision 0046: forms and validation, the spending chart, the auth client, the password dictionary), and
 * what the information pages (About, FAQ, policies) use, so they load no more than the landing page does.
 */
const NOT_SHARED = new RegExp(
  [
    /zod|react-hook-form|@hookform|src[\\/]shared[\\/]schemas/,
    /recharts|d3-|victory-vendor|decimal\.js|lodash/,
    /better-auth|@better-fetch|zxcvbn|lib[\\/]auth-client/,
    /components[\\/](prose-page|page-header)|shared[\\/]messages/,
    // Read on a file's import: no page's first paint.
    /shared[\\/]domain[\\/](csv|ride-archive)/,
    // Read when an import's found parts are reviewed: no page's first paint.
    /shared[\\/]import[\\/]/,
    // The suggestion rules: read by the forms, the import review and a component's intervals.
    /shared[\\/]domain[\\/]service-intervals/,
  ]
    .map((part) => part.source)
    .join("|"),
);
const codeSplitting = {
  groups: [
    { name: "index", tags: ["$initial" as const], priority: 3 },
    {
      name: "shared",
      test: (id: string) =>
        /node_modules|src[\\/]web[\\/](components|lib)[\\/]|src[\\/]shared[\\/]/.test(id) &&
        !NOT_SHARED.test(id),
      minShareCount: 3,
      priority: 2,
    },
  ],
};

/** The dark theme's background (index.css), the app's default: the installed app's splash and bar colour. */
const DARK_BACKGROUND = "#080f11";

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    // Installable app (docs/decisions/0038-installable-app.md): a manifest, and a service worker that
    // precaches the built scripts, styles and icons. Pages always come from the network (their markup
    // depends on the session); without a connection a page is the offline page. /api is never cached.
    VitePWA({
      injectRegister: null, // src/web/main.tsx registers it once the page has loaded
      registerType: "autoUpdate",
      // globPatterns below finds the icons and offline.html; listed again here, they were precached twice.
      includeManifestIcons: false,
      manifest: {
        id: "/",
        name: "Velolog",
        short_name: "Velolog",
        description: TAGLINE,
        start_url: "/dashboard",
        scope: "/",
        display: "standalone",
        background_color: DARK_BACKGROUND,
        theme_color: DARK_BACKGROUND,
        categories: ["sports", "lifestyle", "utilities"],
        icons: [
          { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" },
          { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png" },
          { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
          { src: "/favicon.svg", sizes: "any", type: "image/svg+xml" },
        ],
      },
      workbox: {
        globPatterns: ["**/*.{js,css,svg,png,webp,html}"],
        // The password strength dictionary (460 KB) loads only with the sign-up and password forms; the
        // landing page's and the demo's photos (about 170 KB) only on those public pages.
        globIgnores: ["**/common-passwords-*.js", "index.html", "landing/**", "demo/**"],
        navigateFallback: null,
        cleanupOutdatedCaches: true,
        runtimeCaching: [
          {
            urlPattern: ({ request }) => request.mode === "navigate",
            handler: "NetworkOnly",
            options: { precacheFallback: { fallbackURL: "/offline.html" } },
          },
        ],
      },
    }),
  ],
  resolve: { alias: { "@": new URL("./src/web", import.meta.url).pathname } },
  server: {
    port: 5173,
    proxy: { "/api": { target: `http://127.0.0.1:${apiPort}` } },
  },
  // The manifest maps each page to its chunks, for the server's modulepreload links (scripts/prerender.ts).
  build: {
    outDir: "dist",
    emptyOutDir: true,
    manifest: true,
    rolldownOptions: { output: { codeSplitting } },
  },
});
