/** QR code PNGs for proxy links and subscription URLs, using the QR encoder vendored in qrcode-terminal. */
import { encodeGreyscalePng } from './png';

interface QrMatrix {
  addData(data: string): void;
  make(): void;
  getModuleCount(): number;
  isDark(row: number, col: number): boolean;
}

type QrConstructor = new (typeNumber: number, errorCorrectLevel: number) => QrMatrix;

// eslint-disable-next-line @typescript-eslint/no-require-imports -- a vendored file without types or an ES export
const QRCode = require('qrcode-terminal/vendor/QRCode') as QrConstructor;
// eslint-disable-next-line @typescript-eslint/no-require-imports -- same vendored encoder as above
const ErrorCorrectLevel = require('qrcode-terminal/vendor/QRCode/QRErrorCorrectLevel') as { M: number };

const SCALE = 4;
const QUIET_ZONE = 4;

/** A PNG of the QR code for `text` (ASCII), 4 pixels per module with a 4-module quiet zone. */
export function qrPng(text: string): Buffer {
  const qr = new QRCode(-1, ErrorCorrectLevel.M);
  qr.addData(text);
  qr.make();
  const modules = qr.getModuleCount();
  const size = (modules + QUIET_ZONE * 2) * SCALE;
  const pixels = new Uint8Array(size * size).fill(255);
  for (let row = 0; row < modules; row++) {
    for (let col = 0; col < modules; col++) {
      if (!qr.isDark(row, col)) continue;
      for (let dy = 0; dy < SCALE; dy++) {
        const y = (row + QUIET_ZONE) * SCALE + dy;
        pixels.fill(0, y * size + (col + QUIET_ZONE) * SCALE, y * size + (col + QUIET_ZONE + 1) * SCALE);
      }
    }
  }
  return encodeGreyscalePng(size, size, pixels);
}
