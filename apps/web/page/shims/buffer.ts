// The pure libs use Node's `Buffer` as a global; the page gets the `buffer` package's, the same API.
export { Buffer } from 'buffer';
