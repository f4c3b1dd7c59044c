/**
 * Reads a CDP CPU profile: self time per function, per source file and per package, with the
 * minified positions mapped back to the sources through the build's source maps.
 */
import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { join } from 'node:path';

/** @typedef {{ id: number, children?: number[], callFrame: { functionName: string, url: string, lineNumber: number, columnNumber: number } }} ProfileNode */
/** @typedef {{ nodes: ProfileNode[], samples: number[], timeDeltas: number[], startTime: number, endTime: number }} CpuProfile */
/** @typedef {{ label: string, ms: number, share: number }} Entry */

const VM_STATES = new Set(['(idle)', '(program)', '(garbage collector)', '(root)']);

/**
 * A source-map source as a project path: "node_modules/…" or "src/…", wherever the build was.
 * @param {string} source e.g. ../../node_modules/react-dom/cjs/x.js
 */
function projectPath(source) {
  const modules = source.lastIndexOf('node_modules/');
  if (modules >= 0) return source.slice(modules);
  return source.replace(/^(\.\.\/)+/, '').replace(/^.*?\/(?=(src|machines)\/)/, '');
}

/** @param {string} source e.g. node_modules/react-dom/cjs/x.js */
export function packageOf(source) {
  const match = source.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  return match ? match[1] : source.startsWith('(') ? source : '(app code)';
}

/** @typedef {{ map: SourceMap, contents: Map<string, string[]>, code: string, sources: string[], sourcesContent: string[] }} LoadedMap */

/** Source maps of the built scripts, loaded once each. @param {string} distDir @param {string} origin */
function sourceMaps(distDir, origin) {
  /** @type {Map<string, LoadedMap | null>} */
  const cache = new Map();
  return (/** @type {string} */ url) => {
    if (!url.startsWith(`${origin}/`)) return null;
    if (!cache.has(url)) {
      try {
        const file = join(distDir, new URL(url).pathname);
        const payload = JSON.parse(readFileSync(`${file}.map`, 'utf8'));
        const contents = new Map(payload.sources.map((/** @type {string} */ s, /** @type {number} */ i) => [s, (payload.sourcesContent?.[i] ?? '').split('\n')]));
        cache.set(url, { map: new SourceMap(payload), contents, code: readFileSync(file, 'utf8'), sources: payload.sources, sourcesContent: payload.sourcesContent ?? [] });
      } catch {
        cache.set(url, null);
      }
    }
    return cache.get(url) ?? null;
  };
}

/**
 * Maps positions in the built scripts back to their sources.
 * @param {string} distDir
 * @param {string} origin
 */
export function createLocator(distDir, origin) {
  const mapsOf = sourceMaps(distDir, origin);
  return {
    /** @param {ProfileNode['callFrame']} frame */
    frame: (frame) => locate(frame, mapsOf),
    /**
     * A function at a character offset of a built script (as long-animation-frame entries give it).
     * @param {string} url @param {number} offset @param {string} functionName
     */
    at(url, offset, functionName) {
      const mapped = mapsOf(url);
      if (!mapped || offset < 0) return locate({ functionName, url, lineNumber: 0, columnNumber: Math.max(0, offset) }, mapsOf);
      const before = mapped.code.slice(0, offset);
      const lineNumber = before.split('\n').length - 1;
      const columnNumber = offset - (before.lastIndexOf('\n') + 1);
      return locate({ functionName, url, lineNumber, columnNumber }, mapsOf);
    },
    /** The package most of a built chunk comes from. @param {string} url */
    chunkPackage(url) {
      const mapped = mapsOf(url);
      if (!mapped) return null;
      /** @type {Map<string, number>} */
      const sizes = new Map();
      mapped.sources.forEach((source, i) => {
        const pkg = packageOf(projectPath(source));
        sizes.set(pkg, (sizes.get(pkg) ?? 0) + (mapped.sourcesContent[i]?.length ?? 0));
      });
      return [...sizes].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
    },
  };
}

/** The function's name from its original source text, when the map gives none. @param {string} text */
function nameFromSource(text) {
  const match =
    text.match(/function\s*\*?\s*([\w$]+)/) ??
    text.match(/([\w$]+)\s*[:=]\s*(?:async\s*)?(?:function\b|\([^)]*\)\s*=>|[\w$]+\s*=>)/) ??
    text.match(/^\s*(?:async\s+)?([\w$]+)\s*\([^)]*\)\s*\{/);
  return match ? match[1] : null;
}

/**
 * Bundled libraries keep scope-hoisted names ("$49319ee1285aa241$export$27d2ad3c5815583e"):
 * give the exported name ("MenuTrigger") or the local one instead.
 * @param {string} name
 * @param {string[] | undefined} lines the original file
 */
function readableName(name, lines = []) {
  const hoisted = name.match(/^\$[0-9a-f]+\$(export|var)\$(.+)$/);
  if (!hoisted) return name;
  if (hoisted[1] === 'var') return hoisted[2];
  if (!joined.has(lines)) joined.set(lines, lines.join('\n'));
  const escaped = name.replace(/\$/g, '\\$');
  const alias = /** @type {string} */ (joined.get(lines)).match(new RegExp(`${escaped} as ([\\w$]+)`));
  return alias ? alias[1] : name;
}

/** @type {WeakMap<string[], string>} */
const joined = new WeakMap();

/**
 * Where a profiled function comes from: the original file, line and name when mapped.
 * @param {ProfileNode['callFrame']} frame
 * @param {ReturnType<typeof sourceMaps>} mapsOf
 */
function locate(frame, mapsOf) {
  const { functionName, url, lineNumber, columnNumber } = frame;
  if (VM_STATES.has(functionName)) return { file: functionName, label: functionName };
  if (!url) return { file: '(native)', label: `(native) ${functionName || 'anonymous'}` };
  const mapped = mapsOf(url);
  /** @type {{ originalSource?: string, originalLine: number, originalColumn: number, name?: string } | undefined} */
  const entry = /** @type {any} */ (mapped?.map.findEntry(lineNumber, columnNumber));
  if (!mapped || !entry || typeof entry.originalSource !== 'string') {
    const file = new URL(url).pathname;
    return { file, label: `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}` };
  }
  const file = projectPath(entry.originalSource);
  const line = mapped.contents.get(entry.originalSource)?.[entry.originalLine] ?? '';
  const found = entry.name ?? nameFromSource(line.slice(Math.max(0, entry.originalColumn - 40))) ?? nameFromSource(line) ?? (functionName || '(anonymous)');
  const name = readableName(found, mapped.contents.get(entry.originalSource));
  return { file, label: `${name} (${file.replace(/^node_modules\//, '')}:${entry.originalLine + 1})` };
}

/** @param {Map<string, number>} totals @param {number} whole @param {number} top @returns {Entry[]} */
function ranked(totals, whole, top) {
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([label, us]) => ({ label, ms: us / 1000, share: whole ? us / whole : 0 }));
}

/**
 * Self time of every function in the profile, grouped by function, file and package, and the
 * total (inclusive) time of the app's own functions: what of ours led to the work. Shares are
 * of the busy time (everything but idle). Under CPU throttling the times include the throttling
 * stretch, which the profiler mostly counts as "(program)".
 * @param {CpuProfile} profile
 * @param {{ distDir: string, origin: string, top?: number }} options
 */
export function summarizeProfile(profile, { distDir, origin, top = 12 }) {
  const locator = createLocator(distDir, origin);
  /** @type {Map<number, ProfileNode>} */
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  /** @type {Map<number, number>} */
  const parents = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  /** @type {Map<number, number>} */
  const selfByNode = new Map();
  for (let i = 0; i < profile.samples.length; i += 1) {
    // A sample's time runs until the next sample.
    const us = i + 1 < profile.timeDeltas.length ? profile.timeDeltas[i + 1] : 0;
    selfByNode.set(profile.samples[i], (selfByNode.get(profile.samples[i]) ?? 0) + us);
  }
  /** @type {Map<number, { file: string, label: string }>} */
  const located = new Map();
  const where = (/** @type {number} */ id) => {
    if (!located.has(id)) located.set(id, locator.frame(/** @type {ProfileNode} */ (nodes.get(id)).callFrame));
    return /** @type {{ file: string, label: string }} */ (located.get(id));
  };
  const byFunction = new Map();
  const byFile = new Map();
  const byPackage = new Map();
  const appTotal = new Map();
  // Components and app code by total time, split by whether React's scheduler ran them
  // (concurrent, deferred renders) or not (event handlers and the synchronous renders they cause).
  const inScheduler = new Map();
  const outsideScheduler = new Map();
  let scheduled = 0;
  let busy = 0;
  for (const [id, us] of selfByNode) {
    if (/** @type {ProfileNode} */ (nodes.get(id)).callFrame.functionName === '(idle)') continue;
    busy += us;
    const { file, label } = where(id);
    byFunction.set(label, (byFunction.get(label) ?? 0) + us);
    byFile.set(file, (byFile.get(file) ?? 0) + us);
    const pkg = packageOf(file);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + us);
    // Every function on the stack gets the sample once, however deep the recursion.
    const stack = [];
    for (let at = /** @type {number | undefined} */ (id); at !== undefined; at = parents.get(at)) stack.push(where(at));
    const byScheduler = stack.some((frame) => frame.label.startsWith('performWorkUntilDeadline '));
    if (byScheduler) scheduled += us;
    const seen = new Set();
    for (const frame of stack) {
      if (seen.has(frame.label)) continue;
      seen.add(frame.label);
      if (frame.file.startsWith('src/')) appTotal.set(frame.label, (appTotal.get(frame.label) ?? 0) + us);
      if (frame.file.startsWith('src/') || packageOf(frame.file) === 'react-aria-components') {
        const split = byScheduler ? inScheduler : outsideScheduler;
        split.set(frame.label, (split.get(frame.label) ?? 0) + us);
      }
    }
  }
  return {
    totalMs: (profile.endTime - profile.startTime) / 1000,
    busyMs: busy / 1000,
    functions: ranked(byFunction, busy, top),
    files: ranked(byFile, busy, Math.min(top, 8)),
    packages: ranked(byPackage, busy, Math.min(top, 8)),
    appTotals: ranked(appTotal, busy, Math.min(top, 10)),
    scheduledMs: scheduled / 1000,
    inScheduler: ranked(inScheduler, busy, 8),
    outsideScheduler: ranked(outsideScheduler, busy, 8),
  };
}

/** @typedef {{ start: number, duration: number, blocking: number, renderStart?: number, scripts: { invoker: string, url: string, offset: number, name: string, duration: number }[] }} AnimationFrame */

/**
 * Long animation frames grouped by what started the script work in them (an input listener,
 * a resolved fetch, React's scheduler...), with the function mapped to its source.
 * @param {AnimationFrame[]} frames
 * @param {ReturnType<typeof createLocator>} locator
 * @param {number} [top]
 */
export function summarizeFrames(frames, locator, top = 6) {
  /** @type {Map<string, { label: string, count: number, totalMs: number, maxMs: number }>} */
  const groups = new Map();
  for (const frame of frames) {
    for (const script of frame.scripts) {
      const key = `${script.invoker} → ${script.url ? locator.at(script.url, script.offset, script.name).label : script.name || '(unknown)'}`;
      const group = groups.get(key) ?? { label: key, count: 0, totalMs: 0, maxMs: 0 };
      group.count += 1;
      group.totalMs += script.duration;
      group.maxMs = Math.max(group.maxMs, script.duration);
      groups.set(key, group);
    }
  }
  // The frames' rendering: from renderStart (animation frame callbacks, then style, layout and
  // paint) to the frame's end, when the frame rendered at all.
  const rendering = frames.map((f) => (f.renderStart ? f.start + f.duration - f.renderStart : 0));
  return {
    frames: frames.length,
    longest: frames.length ? Math.max(...frames.map((f) => f.duration)) : 0,
    scriptMs: frames.reduce((sum, f) => sum + f.scripts.reduce((n, script) => n + script.duration, 0), 0),
    renderingMs: rendering.reduce((sum, ms) => sum + ms, 0),
    longestRenderingMs: Math.max(0, ...rendering),
    scripts: [...groups.values()].sort((a, b) => b.totalMs - a.totalMs).slice(0, top),
  };
}
