/**
 * Reads back a QR code that qrcode-terminal drew with half blocks (its `small` form): each character is two
 * modules, the drawn half light and the blank half dark, inside a one-character frame. The modules become
 * a bitmap with a light quiet zone, which jsQR decodes. Used by the unit and VS Code tests.
 */
import jsQR from 'jsqr';

const HALVES: Record<string, [boolean, boolean]> = { '█': [true, true], '▀': [true, false], '▄': [false, true], ' ': [false, false] };
const QUIET_MODULES = 4;
const PIXELS_PER_MODULE = 4;

/** The text a QR code drawn in `text` holds, or undefined when no code is found. */
export function decodeTextQr(text: string): string | undefined {
  const rows = text.split('\n').filter((line) => line.length > 2 && [...line].every((character) => character in HALVES));
  if (rows.length < 3) return undefined;
  // The first row is the top frame; a last row of upper halves only is the bottom frame.
  const body = rows.slice(1, /^▀+$/.test(rows[rows.length - 1]) ? -1 : undefined);
  const light: boolean[][] = [];
  for (const row of body) {
    const cells = [...row].slice(1, -1); // the side frame
    light.push(cells.map((cell) => HALVES[cell][0]), cells.map((cell) => HALVES[cell][1]));
  }
  const width = (light[0].length + QUIET_MODULES * 2) * PIXELS_PER_MODULE;
  const height = (light.length + QUIET_MODULES * 2) * PIXELS_PER_MODULE;
  const pixels = new Uint8ClampedArray(width * height * 4).fill(255);
  light.forEach((row, y) => row.forEach((isLight, x) => {
    if (isLight) return;
    for (let dy = 0; dy < PIXELS_PER_MODULE; dy++) {
      for (let dx = 0; dx < PIXELS_PER_MODULE; dx++) {
        const at = (((y + QUIET_MODULES) * PIXELS_PER_MODULE + dy) * width + (x + QUIET_MODULES) * PIXELS_PER_MODULE + dx) * 4;
        pixels[at] = pixels[at + 1] = pixels[at + 2] = 0;
      }
    }
  }));
  return jsQR(pixels, width, height, { inversionAttempts: 'dontInvert' })?.data;
}
