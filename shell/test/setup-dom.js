// jsdom stubs antd needs (STACK-NOTES): matchMedia, getComputedStyle without pseudo-elements, ResizeObserver.
if (typeof window !== 'undefined') {
  if (!window.matchMedia) {
    // Tests run as a user who prefers reduced motion: no antd animations to wait for.
    window.matchMedia = (query) => ({
      matches: query.includes('prefers-reduced-motion: reduce'),
      media: query,
      onchange: null,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      dispatchEvent() {
        return false;
      },
    });
  }
  const gcs = window.getComputedStyle.bind(window);
  window.getComputedStyle = (elt) => gcs(elt);
  if (!window.ResizeObserver) {
    window.ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
  }
  if (!window.scrollTo || window.scrollTo.toString().includes('not implemented')) window.scrollTo = () => {};
}

// jsdom lacks TextEncoder/TextDecoder (react-router and ky need them at import time).
{
  const util = require('util');
  if (typeof globalThis.TextEncoder === 'undefined') globalThis.TextEncoder = util.TextEncoder;
  if (typeof globalThis.TextDecoder === 'undefined') globalThis.TextDecoder = util.TextDecoder;
}

// jsdom lacks MessageChannel (antd 6 forms batch field notifications with it).
if (typeof globalThis.MessageChannel === 'undefined') {
  globalThis.MessageChannel = class MessageChannel {
    constructor() {
      const port1 = { onmessage: null, postMessage() {}, close() {} };
      this.port1 = port1;
      this.port2 = {
        postMessage: (data) => setTimeout(() => port1.onmessage && port1.onmessage({ data }), 0),
        close() {},
      };
    }
  };
}

// jsdom lacks the web streams (oRPC's client, behind the declared calls' client, needs TransformStream at import time).
{
  const web = require('stream/web');
  for (const name of ['ReadableStream', 'WritableStream', 'TransformStream', 'TextDecoderStream', 'TextEncoderStream']) {
    if (typeof globalThis[name] === 'undefined') globalThis[name] = web[name];
  }
}
