/** Where view formatting modules take their translate function from (it lives in text/: webviews use it too). */
export type { Localize } from '../../text/localize';
