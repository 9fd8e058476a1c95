/** The QR codes feature: what commands and extension.ts use of it (one entry, so it can be loaded on first use). */
export { QrViews, type UserOnPanel, type QrView } from './qrView';
export { userLinks, type UserLink } from './qrCards';
