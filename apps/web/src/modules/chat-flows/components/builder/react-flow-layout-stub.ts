import { vi } from 'vitest';

/**
 * What React Flow measures that the test DOM does not lay out (xyflow's testing guide): element sizes, the
 * viewport's DOMMatrix and SVG boxes. Returns the undo, to run after the test: files share a worker.
 */
export const stubReactFlowLayout = (): (() => void) => {
  class DOMMatrixReadOnlyStub {
    m22: number;
    constructor(transform?: string) {
      const scale = transform?.match(/scale\(([1-9.])\)/)?.[1];
      this.m22 = scale !== undefined ? Number(scale) : 1;
    }
  }
  vi.stubGlobal('DOMMatrixReadOnly', DOMMatrixReadOnlyStub);
  const descriptors = {
    offsetHeight: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight'),
    offsetWidth: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetWidth'),
  };
  Object.defineProperties(HTMLElement.prototype, {
    offsetHeight: { get: () => 100, configurable: true },
    offsetWidth: { get: () => 200, configurable: true },
  });
  const svg = SVGElement.prototype as SVGElement & { getBBox?: () => DOMRect };
  const hadBBox = 'getBBox' in svg;
  if (!hadBBox) svg.getBBox = () => ({ x: 0, y: 0, width: 0, height: 0 }) as DOMRect;
  return () => {
    vi.unstubAllGlobals();
    for (const [key, descriptor] of Object.entries(descriptors))
      if (descriptor) Object.defineProperty(HTMLElement.prototype, key, descriptor);
    if (!hadBBox) delete svg.getBBox;
  };
};
