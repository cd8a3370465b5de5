/** Browsers by the token their user agent carries; the order matters, as Edge and Opera also say Chrome and Safari. */
const BROWSERS: [RegExp, string][] = [
  [/Firefox\/|FxiOS\//, "Firefox"],
  [/Edg(A|iOS)?\//, "Edge"],
  [/OPR\//, "Opera"],
  [/SamsungBrowser\//, "Samsung Internet"],
  [/Chrome\/|CriOS\//, "Chrome"],
  [/Safari\//, "Safari"],
];

const SYSTEMS: [RegExp, string][] = [
  [/Android/, "Android"],
  [/iPhone|iPad/, "iOS"],
  [/Mac OS X/, "macOS"],
  [/Windows/, "Windows"],
  [/Linux/, "Linux"],
];

/**
 * A session's user agent in words: "Firefox on Linux". A program that is not a browser (a script signing in
 * with curl, say) is named by its first product token rather than called a browser.
 */
export function describeAgent(agent: string | null | undefined): string {
  if (!agent?.trim()) return "Unknown browser";
  const browser = BROWSERS.find(([pattern]) => pattern.test(agent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(agent))?.[1];
  const name = browser ?? (agent.startsWith("Mozilla/") ? "Browser" : programName(agent));
  return system ? `${name} on ${system}` : name;
}

function programName(agent: string): string {
  const product = /^[^\s/]+/.exec(agent.trim())?.[0] ?? agent;
  return product.length > 40 ? `${product.slice(0, 40)}…` : product;
}

/** Whether the session is on a phone or tablet, for its icon. */
export function isMobileAgent(agent: string | null | undefined): boolean {
  return /Android|iPhone|iPad|Mobile/.test(agent ?? "");
}
