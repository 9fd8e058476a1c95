/**
 * lossless-json's parser, for JSON text that holds an integer of 16 or more digits (exactJson.ts). A bundle
 * of its own (esbuild.mjs: dist/vendor/lossless-json.js), required the first time such a text is read (or a text that is not JSON is asked where it breaks,
 * `jsonErrorOffset`): most texts never need it, and activation evaluates none of it.
 */
export { parse } from 'lossless-json';
