import { TextDecoder, TextEncoder } from 'node:util';

// jsdom lacks the encoders react-router reads at import time, and <dialog>'s modal methods.
Object.assign(globalThis, { TextEncoder, TextDecoder });
HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
  this.open = true;
};
HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
  this.open = false;
};
