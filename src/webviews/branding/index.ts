/** The branding form and preview: what commands and extension.ts use of them (one entry, so they can be loaded on first use). */
export { BrandingForms, type BrandingForm, type SaveProfile } from './brandingForm';
export { brandingPreviewHtml } from './brandingPreviewDocument';
