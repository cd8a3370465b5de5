/**
 * Front end (issue K, section 4): the gzipped JavaScript and CSS each route loads on a first visit, and
 * the Lighthouse mobile scores of the landing page and the demo dashboard, and (issue U) of a signed-in
 * rider's dashboard and bicycle page, measured with the system Chromium. Builds the web app into a folder of its own first (vite build, then the prerender step).
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromiumArgs } from "../e2e/browser.ts";
import { lastLinkTo } from "../src/server/testing/outbox.ts";
import { freePort } from "../src/server/testing/ports.ts";
import { PRERENDERED_PATHS } from "../src/shared/domain/pages.ts";

const CHROMIUM = "/usr/bin/chromium";
const root = path.resolve(import.meta.dirname, "..");

/** Routes measured on a first visit without a session (the dashboard and bicycle are the demo's). */
export const FIRST_VISIT_ROUTES = [
  "/",
  "/auth",
  "/dashboard",
  "/bicycles/demo-1",
  ...PRERENDERED_PATHS.filter((route) => route !== "/"),
];

/** Measured signed out; the signed-in pages are measured with a rider's session cookie. */
const LIGHTHOUSE_ROUTES = ["/", "/dashboard"];
const SIGNED_IN_LIGHTHOUSE_ROUTES = ["/dashboard", "/bicycles/:bicycle"];
/** Lighthouse runs per page; the run with the median performance score is reported (a loaded machine varies). */
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);

export interface FirstVisit {
  route: string;
  jsFiles: number;
  jsKbGzip: number;
  cssKbGzip: number;
  /** Whether the HTML carried the page's content (an h1) before any script ran. */
  contentInHtml: boolean;
}

export interface LighthouseScores {
  route: string;
  /** Every run's performance score, the reported one being their median. */
  runs: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  cls: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  /** The audits below full marks in accessibility, best practices and SEO (what to fix). */
  failing: string;
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** Builds the web app (the same two steps as `npm run build`) into a temporary folder. */
function buildInto(webDir: string) {
  const env = { ...process.env, PRERENDER_DIST_DIR: webDir };
  execFileSync(
    process.execPath,
    [path.join(root, "node_modules/vite/bin/vite.js"), "build", "--outDir", webDir],
    {
      cwd: root,
      env,
      stdio: "ignore",
    },
  );
  execFileSync(process.execPath, ["scripts/prerender.ts"], { cwd: root, env, stdio: "ignore" });
}

async function startWebServer(webDir: string, dataDir: string) {
  const port = String(await freePort());
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["bench/frontend-server.ts"], {
    cwd: root,
    env: {
      ...process.env,
      BENCH_WEB_DIR: webDir,
      DATA_DIR: dataDir,
      PORT: port,
      HOST: "127.0.0.1",
      PUBLIC_URL: url,
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
    },
    stdio: "ignore",
  });
  for (let i = 0; i < 600; i++) {
    const up = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { url, child };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  throw new Error("the front-end benchmark's server did not start");
}

/** Loads each route in a fresh browser context and sums the gzipped size of its scripts and styles. */
async function measureFirstVisits(baseUrl: string): Promise<FirstVisit[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: chromiumArgs });
  const rows: FirstVisit[] = [];
  try {
    for (const route of FIRST_VISIT_ROUTES) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const pending: Promise<void>[] = [];
      let js = 0;
      let jsFiles = 0;
      let css = 0;
      page.on("response", (response) => {
        const type = response.request().resourceType();
        if (type !== "script" && type !== "stylesheet") return;
        pending.push(
          response.body().then((body) => {
            const size = gzipSync(body, { level: 9 }).length;
            if (type === "script") {
              js += size;
              jsFiles += 1;
            } else css += size;
          }),
        );
      });
      const response = await page.goto(`${baseUrl}${route}`, { waitUntil: "networkidle" });
      const html = (await response?.text()) ?? "";
      await Promise.all(pending);
      rows.push({
        route,
        jsFiles,
        jsKbGzip: kb(js),
        cssKbGzip: kb(css),
        contentInHtml: /<div id="root">\s*<[^>]+>[\s\S]*<h1/.test(html),
      });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return rows;
}

/**
 * A confirmed rider with a bicycle of a few components, as the API makes them; answers the session cookie
 * (for Lighthouse's requests) and the bicycle's id.
 */
async function signedInRider(baseUrl: string, dataDir: string) {
  const email = `bench-${Date.now()}@example.com`;
  const password = "bench-password-1";
  const headers = { "Content-Type": "application/json", Origin: baseUrl };
  await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email, password, name: "Bench Rider" }),
  });
  const link = lastLinkTo(dataDir, email, "/api/auth/verify-email");
  if (!link) throw new Error("the front-end benchmark's rider got no verification mail");
  await fetch(link, { redirect: "manual" });
  const signIn = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email, password }),
  });
  const cookie = signIn.headers
    .getSetCookie()
    .map((set) => set.split(";")[0])
    .join("; ");
  const post = async (route: string, body: unknown) =>
    (await fetch(`${baseUrl}/api${route}`, {
      method: "POST",
      headers: { ...headers, Cookie: cookie },
      body: JSON.stringify(body),
    }).then((r) => r.json())) as Record<string, { id: string }>;
  const { bicycle } = await post("/bicycles", {
    name: "Trail Hardtail",
    description: "My everyday trail bike.",
    purchaseDate: "2024-03-14",
    price: 1899.99,
  });
  for (const [name, type] of [
    ["Shimano CN-M8100 chain", "Drivetrain"],
    ["Maxxis Rekon 29x2.4", "Tires"],
    ["Fox 34 fork", "Suspension"],
  ])
    await post("/components", { bicycleId: bicycle!.id, name, type, mileage: 800 });
  return { cookie, bicycleId: bicycle!.id };
}

/** Lighthouse's default (mobile, simulated throttling) run of one page in the system Chromium. */
/** One run's figures, or null when Lighthouse could not measure the page (e.g. it timed out). */
async function runLighthouse(
  url: string,
  cookie?: string,
): Promise<Omit<LighthouseScores, "route" | "runs"> | null> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ["--headless=new", ...chromiumArgs],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    if (result.lhr.runtimeError) {
      console.warn(`Lighthouse could not measure ${url}: ${result.lhr.runtimeError.code}`);
      return null;
    }
    const { categories, audits } = result.lhr;
    const failing = ["accessibility", "best-practices", "seo"].flatMap((id) =>
      (categories[id]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => ref.id),
    );
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const ms = (id: string) => Math.round(audits[id]?.numericValue ?? 0);
    return {
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      seo: score("seo"),
      cls: Math.round((audits["cumulative-layout-shift"]?.numericValue ?? 0) * 1000) / 1000,
      fcpMs: ms("first-contentful-paint"),
      lcpMs: ms("largest-contentful-paint"),
      tbtMs: ms("total-blocking-time"),
      failing: failing.join(" "),
    };
  } finally {
    chrome.kill();
  }
}

export async function benchFrontend() {
  const work = mkdtempSync(path.join(os.tmpdir(), "velolog-bench-web-"));
  const webDir = path.join(work, "dist");
  buildInto(webDir);
  const dataDir = path.join(work, "data");
  const server = await startWebServer(webDir, dataDir);
  try {
    const firstVisits = await measureFirstVisits(server.url);
    const rider = await signedInRider(server.url, dataDir);
    const pages = [
      ...LIGHTHOUSE_ROUTES.map((route) => ({ route, path: route, cookie: undefined })),
      ...SIGNED_IN_LIGHTHOUSE_ROUTES.map((route) => ({
        route: `${route} (signed in)`,
        path: route.replace(":bicycle", rider.bicycleId),
        cookie: rider.cookie,
      })),
    ];
    const lighthouseScores: LighthouseScores[] = [];
    for (const { route, path: pagePath, cookie } of pages) {
      const runs = [];
      let errors = 0;
      for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
        const run = await runLighthouse(`${server.url}${pagePath}`, cookie);
        if (run) runs.push(run);
        else errors += 1;
      }
      const sorted = [...runs].sort((a, b) => a.performance - b.performance);
      const median = sorted[Math.floor((sorted.length - 1) / 2)];
      if (!median) throw new Error(`Lighthouse could not measure ${route} in ${LIGHTHOUSE_RUNS} runs`);
      const scores = runs.map((r) => r.performance).join(" ");
      lighthouseScores.push({ route, runs: errors ? `${scores} (${errors} failed)` : scores, ...median });
    }
    return { firstVisits, lighthouse: lighthouseScores };
  } finally {
    server.child.kill("SIGTERM");
    rmSync(work, { recursive: true, force: true });
  }
}
