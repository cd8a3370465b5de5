/**
 * Draws the demo's three bicycle pictures (SVG illustrations, our own work) and writes them as small WebP
 * files to public/demo/. Run again after changing a drawing: `npm run demo:photos`.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";

const WIDTH = 960;
const HEIGHT = 720;
const outDir = path.resolve(import.meta.dirname, "../public/demo");

type Point = [number, number];

interface Bike {
  file: string;
  /** The scene behind the bicycle. */
  scene: string;
  frame: string;
  accent: string;
  tyre: "knobbly" | "slick" | "touring";
  bar: "riser" | "drop" | "swept";
  /** Rear shock and suspension fork (the mountain bike). */
  suspension?: boolean;
  /** Mudguards and a rear rack (the commuter). */
  fenders?: boolean;
}

// The bicycle is drawn 36 px higher than these (see the translate below), so a 16:9 card crop keeps both tyres.
const rear: Point = [262, 500];
const front: Point = [698, 500];
const wheelRadius = 148;
const bottomBracket: Point = [470, 522];
const seatTop: Point = [418, 300];
const headTop: Point = [652, 292];
const headBottom: Point = [668, 368];

const line = ([x1, y1]: Point, [x2, y2]: Point, stroke: string, width: number, extra = "") =>
  `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="${stroke}" stroke-width="${width}" stroke-linecap="round" ${extra}/>`;

function wheel([cx, cy]: Point, bike: Bike): string {
  const tyreWidth = bike.tyre === "knobbly" ? 22 : bike.tyre === "touring" ? 16 : 10;
  const rim = wheelRadius - tyreWidth / 2 - 3;
  const spokes = Array.from({ length: 32 }, (_, i) => {
    const angle = (i / 32) * Math.PI * 2;
    const hubAngle = angle + (i % 2 ? 0.22 : -0.22);
    const from: Point = [cx + Math.cos(hubAngle) * 14, cy + Math.sin(hubAngle) * 14];
    const to: Point = [cx + Math.cos(angle) * (rim - 6), cy + Math.sin(angle) * (rim - 6)];
    return line(from, to, "#c9ced6", 1.6);
  }).join("");
  const knobs =
    bike.tyre === "knobbly"
      ? Array.from({ length: 64 }, (_, i) => {
          const angle = (i / 64) * Math.PI * 2;
          const r = wheelRadius + 1;
          const x = cx + Math.cos(angle) * r;
          const y = cy + Math.sin(angle) * r;
          return `<rect x="${x - 4}" y="${y - 4}" width="8" height="8" rx="2" fill="#1d1f22" transform="rotate(${(angle * 180) / Math.PI} ${x} ${y})"/>`;
        }).join("")
      : "";
  return `
    <circle cx="${cx}" cy="${cy}" r="${wheelRadius - tyreWidth / 2}" fill="none" stroke="#23262b" stroke-width="${tyreWidth}"/>
    ${knobs}
    <circle cx="${cx}" cy="${cy}" r="${wheelRadius - tyreWidth / 2 + tyreWidth / 2 - 2}" fill="none" stroke="#3a3e45" stroke-width="1.5"/>
    <circle cx="${cx}" cy="${cy}" r="${rim}" fill="none" stroke="url(#rim)" stroke-width="9"/>
    ${spokes}
    <circle cx="${cx}" cy="${cy}" r="16" fill="url(#hub)" stroke="#5b616b" stroke-width="2"/>
    <circle cx="${cx}" cy="${cy}" r="5" fill="#2b2f35"/>`;
}

function handlebar(bike: Bike): string {
  const [sx, sy] = headTop;
  const stemEnd: Point = [sx + 34, sy - 14];
  const stem = `${line(headTop, [sx - 4, sy - 24], "#2a2d33", 12)}${line([sx - 4, sy - 20], stemEnd, "#2a2d33", 11)}`;
  const [ex, ey] = stemEnd;
  if (bike.bar === "drop") {
    return `${stem}
      <path d="M ${ex} ${ey} q 30 -2 36 22 q 6 30 -22 40 q -16 4 -24 -4" fill="none" stroke="#1f2226" stroke-width="10" stroke-linecap="round"/>
      <path d="M ${ex + 14} ${ey - 2} l 10 -12 l 6 18" fill="#1f2226" stroke="#1f2226" stroke-width="6" stroke-linejoin="round"/>`;
  }
  if (bike.bar === "swept") {
    return `${stem}
      <path d="M ${ex} ${ey} q 10 -26 -34 -34 l -26 -2" fill="none" stroke="#d5d9df" stroke-width="9" stroke-linecap="round"/>
      ${line([ex - 58, ey - 36], [ex - 84, ey - 37], "#3a2a1e", 13)}`;
  }
  return `${stem}
    <path d="M ${ex - 6} ${ey + 2} q 6 -18 20 -20" fill="none" stroke="#1f2226" stroke-width="10" stroke-linecap="round"/>
    ${line([ex + 12, ey - 18], [ex + 44, ey - 22], "#1f2226", 12)}`;
}

function frame(bike: Bike): string {
  const tube = (a: Point, b: Point, width: number) =>
    `${line(a, b, bike.frame, width)}${line(a, b, "url(#sheen)", width * 0.45, 'opacity="0.55"')}`;
  const forkCrown: Point = [headBottom[0] + 4, headBottom[1] + 14];
  const fork = bike.suspension
    ? `${line(forkCrown, [forkCrown[0] + 14, forkCrown[1] + 70], "#1e2024", 16)}
       ${line([forkCrown[0] + 14, forkCrown[1] + 66], front, bike.accent, 10)}`
    : line(forkCrown, front, bike.frame, 10);
  const shock = bike.suspension
    ? `${line([seatTop[0] + 30, seatTop[1] + 92], [bottomBracket[0] + 36, bottomBracket[1] - 70], "#25282d", 14)}
       ${line([seatTop[0] + 34, seatTop[1] + 96], [seatTop[0] + 66, seatTop[1] + 136], bike.accent, 7)}`
    : "";
  const seatpostTop: Point = [seatTop[0] - 10, seatTop[1] - 44];
  const saddle = `<path d="M ${seatpostTop[0] - 46} ${seatpostTop[1] - 6} q 40 -14 82 -2 q 6 8 -6 10 q -40 0 -76 2 z" fill="#1a1c20"/>`;
  const chainring = `
    <circle cx="${bottomBracket[0]}" cy="${bottomBracket[1]}" r="44" fill="none" stroke="#9aa1ab" stroke-width="7" stroke-dasharray="4 3"/>
    <circle cx="${bottomBracket[0]}" cy="${bottomBracket[1]}" r="38" fill="#30343a"/>
    ${line(bottomBracket, [bottomBracket[0] + 40, bottomBracket[1] + 62], "#2a2d33", 12)}
    <rect x="${bottomBracket[0] + 24}" y="${bottomBracket[1] + 60}" width="36" height="9" rx="3" fill="#1e2024"/>
    <circle cx="${bottomBracket[0]}" cy="${bottomBracket[1]}" r="11" fill="url(#hub)"/>`;
  const chain = `
    <path d="M ${bottomBracket[0]} ${bottomBracket[1] - 44} L ${rear[0]} ${rear[1] - 26} A 26 26 0 0 0 ${rear[0]} ${rear[1] + 26} L ${bottomBracket[0]} ${bottomBracket[1] + 44}" fill="none" stroke="#6c727c" stroke-width="4"/>
    <circle cx="${rear[0]}" cy="${rear[1]}" r="26" fill="none" stroke="#8a9099" stroke-width="6" stroke-dasharray="3 3"/>`;
  const fenders = bike.fenders
    ? `<path d="M ${rear[0] - wheelRadius - 6} ${rear[1] + 10} A ${wheelRadius + 10} ${wheelRadius + 10} 0 0 1 ${rear[0] + 84} ${rear[1] - 124}" fill="none" stroke="#d8dde3" stroke-width="8" stroke-linecap="round"/>
       <path d="M ${front[0] - 98} ${front[1] - 112} A ${wheelRadius + 10} ${wheelRadius + 10} 0 0 1 ${front[0] + wheelRadius + 6} ${front[1] + 14}" fill="none" stroke="#d8dde3" stroke-width="8" stroke-linecap="round"/>
       ${line([rear[0] - 60, seatTop[1] + 42], [seatTop[0] + 6, seatTop[1] + 42], "#2c3036", 7)}
       ${line([rear[0] - 40, seatTop[1] + 44], rear, "#2c3036", 5)}
       ${line([rear[0] + 70, seatTop[1] + 44], [rear[0] + 30, rear[1] - 8], "#2c3036", 5)}`
    : "";
  return `
    ${chain}
    ${tube(bottomBracket, rear, 12)}
    ${tube(seatTop, rear, 10)}
    ${tube(bottomBracket, headBottom, 20)}
    ${tube(seatTop, headTop, 15)}
    ${tube(bottomBracket, seatTop, 16)}
    ${tube(headTop, headBottom, 22)}
    ${shock}
    ${fork}
    ${fenders}
    ${line(seatTop, seatpostTop, "#2a2d33", 10)}
    ${saddle}
    ${chainring}
    ${handlebar(bike)}`;
}

const defs = `
  <defs>
    <linearGradient id="rim" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#e6e9ee"/><stop offset="0.5" stop-color="#7d848f"/><stop offset="1" stop-color="#d0d4da"/>
    </linearGradient>
    <radialGradient id="hub"><stop offset="0" stop-color="#f2f4f7"/><stop offset="1" stop-color="#767d88"/></radialGradient>
    <linearGradient id="sheen" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#ffffff" stop-opacity="0.7"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/>
    </linearGradient>
    <radialGradient id="shadow"><stop offset="0" stop-color="#000" stop-opacity="0.45"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>
    <filter id="soft"><feGaussianBlur stdDeviation="6"/></filter>
  </defs>`;

const trail = `
  <linearGradient id="sky1" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f6c48a"/><stop offset="0.55" stop-color="#f3a86b"/><stop offset="1" stop-color="#c97b5a"/></linearGradient>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky1)"/>
  <circle cx="760" cy="190" r="70" fill="#ffe3b0" opacity="0.9"/>
  <path d="M0 380 L120 260 L210 330 L330 200 L450 320 L560 230 L690 340 L820 250 L960 330 L960 720 L0 720Z" fill="#8a5a4f" opacity="0.75"/>
  <path d="M0 440 L160 350 L300 420 L440 340 L600 430 L760 360 L960 430 L960 720 L0 720Z" fill="#5c4440"/>
  <path d="M0 560 Q 300 520 520 600 T 960 570 L960 720 L0 720Z" fill="#4a3a2f"/>
  ${Array.from({ length: 9 }, (_, i) => `<path d="M${40 + i * 110} 470 l18 -70 l18 70z" fill="#34463a"/>`).join("")}`;

const road = `
  <linearGradient id="sky2" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#8fc4ec"/><stop offset="1" stop-color="#dff0fb"/></linearGradient>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky2)"/>
  <ellipse cx="220" cy="140" rx="90" ry="26" fill="#ffffff" opacity="0.8"/>
  <ellipse cx="700" cy="110" rx="120" ry="30" fill="#ffffff" opacity="0.7"/>
  <path d="M0 430 Q 240 330 480 410 T 960 390 L960 720 L0 720Z" fill="#86b86a"/>
  <path d="M0 480 Q 260 420 520 470 T 960 460 L960 720 L0 720Z" fill="#5f9a4c"/>
  <rect y="580" width="${WIDTH}" height="140" fill="#4b4f56"/>
  ${Array.from({ length: 8 }, (_, i) => `<rect x="${i * 130 + 20}" y="650" width="70" height="8" fill="#f2f2f2"/>`).join("")}`;

const city = `
  <linearGradient id="sky3" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#b9d3e0"/><stop offset="1" stop-color="#e9eef0"/></linearGradient>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky3)"/>
  ${[
    [20, 170, 120],
    [150, 90, 100],
    [260, 210, 130],
    [400, 60, 110],
    [520, 160, 140],
    [670, 110, 100],
    [780, 200, 160],
  ]
    .map(([x = 0, top = 0, w = 0]) => [x, top, w] as const)
    .map(
      ([x, top, w]) =>
        `<rect x="${x}" y="${top}" width="${w}" height="${590 - top}" fill="#8fa3b0"/>` +
        Array.from({ length: Math.floor((520 - top) / 46) }, (_, row) =>
          Array.from(
            { length: Math.floor(w / 34) },
            (_, col) =>
              `<rect x="${x + 12 + col * 34}" y="${top + 18 + row * 46}" width="18" height="24" fill="#d9e4ea" opacity="0.8"/>`,
          ).join(""),
        ).join(""),
    )
    .join("")}
  <rect y="590" width="${WIDTH}" height="130" fill="#c2c6ca"/>
  ${Array.from({ length: 12 }, (_, i) => `<rect x="${i * 84}" y="590" width="2" height="130" fill="#a8adb2"/>`).join("")}`;

const bikes: Bike[] = [
  {
    file: "mountain-explorer.webp",
    scene: trail,
    frame: "#e4572e",
    accent: "#f2b134",
    tyre: "knobbly",
    bar: "riser",
    suspension: true,
  },
  { file: "road-warrior.webp", scene: road, frame: "#1f2a44", accent: "#d7263d", tyre: "slick", bar: "drop" },
  {
    file: "city-commuter.webp",
    scene: city,
    frame: "#1b998b",
    accent: "#f4f1de",
    tyre: "touring",
    bar: "swept",
    fenders: true,
  },
];

mkdirSync(outDir, { recursive: true });
for (const bike of bikes) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
    ${defs}
    ${bike.scene}
    <g transform="translate(0 -36)">
      <ellipse cx="480" cy="${rear[1] + wheelRadius + 6}" rx="400" ry="26" fill="url(#shadow)" filter="url(#soft)"/>
      ${wheel(rear, bike)}
      ${wheel(front, bike)}
      ${frame(bike)}
    </g>
  </svg>`;
  const file = path.join(outDir, bike.file);
  const info = await sharp(Buffer.from(svg)).webp({ quality: 72, effort: 6 }).toFile(file);
  console.log(`${bike.file}: ${info.width}x${info.height}, ${(info.size / 1024).toFixed(1)} KB`);
}
