/** The Customize form: what commands use of it (one entry, so it can be loaded on first use). */
export { CustomizeForm, type CustomizeValues } from './customizeForm';
