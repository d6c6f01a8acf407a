// Draws the product images of the seeded catalog as SVG and converts them once to WebP with sharp.
// The .webp files are committed (api/assets/tools); run again only to change the drawings:
//   npm run draw-images -w @toolshop/api
import { mkdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const out = join(dirname(fileURLToPath(import.meta.url)), '../assets/tools');
const BODY = '#f59e0b';
const DARK = '#1f2937';
const METAL = '#9ca3af';

const battery = (x, y) =>
  `<rect x="${x}" y="${y}" width="150" height="60" rx="10" fill="${DARK}"/><rect x="${x + 20}" y="${y + 18}" width="40" height="10" rx="3" fill="#22c55e"/>`;
const grip = (x, y, h = 150, angle = 12) =>
  `<g transform="rotate(${angle} ${x} ${y})"><rect x="${x}" y="${y}" width="70" height="${h}" rx="18" fill="${DARK}"/><rect x="${x + 8}" y="${y + 10}" width="54" height="${h - 20}" rx="12" fill="#374151"/></g>`;

const drawings = {
  'cordless-drill': `${grip(250, 190)}${battery(200, 330)}<rect x="170" y="120" width="260" height="90" rx="40" fill="${BODY}"/><rect x="430" y="140" width="50" height="50" rx="8" fill="${DARK}"/><rect x="480" y="155" width="90" height="20" fill="${METAL}"/>`,
  'impact-driver': `${grip(240, 190)}${battery(190, 330)}<rect x="170" y="115" width="220" height="95" rx="45" fill="${BODY}"/><rect x="390" y="135" width="70" height="55" rx="10" fill="${DARK}"/><polygon points="460,152 520,152 520,172 460,172" fill="${METAL}"/>`,
  'angle-grinder': `<rect x="120" y="180" width="300" height="80" rx="40" fill="${BODY}"/><rect x="60" y="195" width="70" height="50" rx="20" fill="${DARK}"/><ellipse cx="450" cy="270" rx="110" ry="30" fill="${METAL}"/><path d="M360 250 A110 30 0 0 1 560 250 L560 262 L360 262 Z" fill="${DARK}"/><rect x="430" y="160" width="40" height="100" fill="${DARK}"/>`,
  'circular-saw': `<circle cx="330" cy="260" r="120" fill="${METAL}"/><circle cx="330" cy="260" r="18" fill="${DARK}"/><path d="M200 260 A130 130 0 0 1 460 260 Z" fill="${BODY}"/><rect x="180" y="330" width="300" height="18" fill="${DARK}"/><rect x="260" y="110" width="150" height="40" rx="18" fill="${DARK}"/>`,
  'rotary-hammer': `${grip(160, 200, 140, 0)}<rect x="140" y="150" width="300" height="90" rx="30" fill="${BODY}"/><rect x="440" y="170" width="70" height="50" rx="8" fill="${DARK}"/><rect x="510" y="188" width="110" height="14" fill="${METAL}"/><rect x="300" y="240" width="40" height="90" rx="14" fill="${DARK}"/>`,
  jigsaw: `<rect x="140" y="140" width="330" height="110" rx="40" fill="${BODY}"/><path d="M170 140 Q300 40 430 140" stroke="${DARK}" stroke-width="34" fill="none"/><rect x="130" y="250" width="350" height="24" rx="6" fill="${DARK}"/><rect x="390" y="274" width="14" height="90" fill="${METAL}"/>`,
  'orbit-sander': `<ellipse cx="320" cy="300" rx="170" ry="40" fill="${DARK}"/><path d="M190 300 Q200 150 320 140 Q440 150 450 300 Z" fill="${BODY}"/><circle cx="320" cy="150" r="40" fill="${DARK}"/><rect x="440" y="230" width="120" height="50" rx="20" fill="${METAL}"/>`,
  'reciprocating-saw': `${battery(110, 260)}<rect x="120" y="150" width="340" height="90" rx="40" fill="${BODY}"/><rect x="120" y="170" width="80" height="90" rx="20" fill="${DARK}"/><rect x="460" y="170" width="40" height="50" fill="${DARK}"/><polygon points="500,185 640,195 640,205 500,210" fill="${METAL}"/>`,
};

mkdirSync(out, { recursive: true });
for (const [name, shapes] of Object.entries(drawings)) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480" viewBox="0 0 640 480">
<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f8fafc"/><stop offset="1" stop-color="#e2e8f0"/></linearGradient></defs>
<rect width="640" height="480" fill="url(#bg)"/><ellipse cx="330" cy="420" rx="240" ry="22" fill="#cbd5e1"/>${shapes}</svg>`;
  const file = join(out, `${name}.webp`);
  await sharp(Buffer.from(svg)).webp({ quality: 80 }).toFile(file);
  console.log(`${file}: ${statSync(file).size} bytes`);
}
