// `styles.button` -> 'button', so tests can find elements by their CSS Module class.
module.exports = new Proxy(
  {},
  {
    get: (_, key) =>
      key === '__esModule' ? false : key === 'default' ? module.exports : String(key),
  },
);
