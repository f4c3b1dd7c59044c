export interface FirstRenderMeasure {
  /** Gzip bytes of the entry script and every module it preloads. */
  totalGzip: number;
  chunks: Array<{ src: string; raw: number; gzip: number }>;
  /** Gzip bytes attributed to each package through the source maps, largest first. */
  packages: Array<{ name: string; gzip: number }>;
}

export function firstRenderScripts(dist: string): string[];
export function measureFirstRender(dist: string): FirstRenderMeasure;
