/* global jest */
// Just enough of the browser for unit tests in Node: localStorage and window.location.assign.
class MemoryStorage {
  #items = new Map();
  get length() {
    return this.#items.size;
  }
  key(index) {
    return [...this.#items.keys()][index] ?? null;
  }
  getItem(key) {
    return this.#items.has(key) ? this.#items.get(key) : null;
  }
  setItem(key, value) {
    this.#items.set(key, String(value));
  }
  removeItem(key) {
    this.#items.delete(key);
  }
  clear() {
    this.#items.clear();
  }
}

Object.defineProperty(globalThis, 'localStorage', {
  value: new MemoryStorage(),
  configurable: true,
  writable: true,
});
Object.defineProperty(globalThis, 'sessionStorage', {
  value: new MemoryStorage(),
  configurable: true,
  writable: true,
});
if (typeof globalThis.window === 'undefined') {
  globalThis.window = globalThis;
  globalThis.window.location = {
    origin: 'http://localhost:3000',
    href: 'http://localhost:3000/',
    assign: jest.fn(),
  };
}

// jsdom (component tests) leaves out the encoders react-router needs at import time, and <dialog>'s
// modal methods: the ui Dialog opens with showModal().
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS setup file
const { TextDecoder, TextEncoder } = require('node:util');
globalThis.TextEncoder ??= TextEncoder;
globalThis.TextDecoder ??= TextDecoder;
if (typeof HTMLDialogElement !== 'undefined') {
  HTMLDialogElement.prototype.showModal ??= function showModal() {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function close() {
    this.open = false;
  };
}
