/** The subscription page preview: what commands use of it (one entry, so it can be loaded on first use). */
export { subscriptionPreviewOf } from './subscriptionPreview';
