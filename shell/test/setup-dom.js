// jsdom stubs antd needs (STACK-NOTES): matchMedia, getComputedStyle without pseudo-elements, ResizeObserver.
if (typeof window !== 'undefined') {
  if (!window.matchMedia) {
    window.matchMedia = (query) => ({
      matches: false,
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
