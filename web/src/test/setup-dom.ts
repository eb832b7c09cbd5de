/**
 * Set-up of the web component tests (vitest project 'web', happy-dom). happy-dom has no
 * canvas: Semi UI's Lottie component loads lottie-web, which draws on a 2D context at import
 * time. This gives canvases a do-nothing 2D context; nothing else is replaced.
 */
if (typeof HTMLCanvasElement !== 'undefined') {
  const noop = () => undefined;
  const context2d = new Proxy(
    {},
    {
      get: (_target, key) =>
        key === 'measureText'
          ? () => ({ width: 0 })
          : key === 'getImageData' || key === 'createImageData'
            ? () => ({ data: new Uint8ClampedArray(4) })
            : noop,
      set: () => true,
    },
  );
  const original = HTMLCanvasElement.prototype.getContext;
  const patched = function (this: HTMLCanvasElement, ...args: unknown[]) {
    const made: unknown = (original as (...a: unknown[]) => unknown).apply(this, args);
    return made ?? (args[0] === '2d' ? context2d : null);
  };
  HTMLCanvasElement.prototype.getContext =
    patched as unknown as typeof HTMLCanvasElement.prototype.getContext;
}
