/**
 * A machine described as two sorted lists of lines, so that two readings of it compare:
 * - states: `id` plus its initial child, its type and the actors it invokes;
 * - transitions: `source  event [guard] #n -> targets`, one per transition definition
 *   (`n` is its place among the alternatives for that event; `after`, `onDone`,
 *   `onError` and `always` count as events).
 * `runningInventory` reads a machine as XState runs it (its public state-node tree);
 * `extractedInventory` reads a machine file the way Stately's editor and VS Code extension
 * do, with @xstate/machine-extractor.
 */
import { extractMachinesFromFile } from '@xstate/machine-extractor';
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';

export interface Inventory {
  states: string[];
  transitions: string[];
}

const stateLine = (id: string, initial: string | undefined, type: string | undefined, invokes: string[]) =>
  [id, initial ? `initial=${initial}` : '', type && type !== 'atomic' && type !== 'compound' ? `type=${type}` : '', ...invokes.map((src) => `invokes=${src}`)]
    .filter(Boolean)
    .join(' ');

const transitionLine = (source: string, event: string, guard: string | undefined, index: number, targets: string[]) =>
  `${source}  ${event}${guard ? ` [${guard}]` : ''} #${index} -> ${targets.length ? targets.join(',') : '(stays)'}`;

function guardName(guard: unknown): string | undefined {
  if (guard === undefined) return undefined;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && guard !== null && 'type' in guard) return String(guard.type);
  return 'inline';
}

/** XState's internal event names, as the config spells them. */
function eventName(node: AnyStateNode, eventType: string): string {
  if (eventType === '') return 'always';
  const after = /^xstate\.after\.(.+)\.([^.]+(?:\.[^.]+)*)$/.exec(eventType);
  if (after && eventType.endsWith(`.${node.id}`)) return `after ${eventType.slice('xstate.after.'.length, -node.id.length - 1)}`;
  if (eventType.startsWith('xstate.done.actor.')) return `done ${eventType.slice('xstate.done.actor.'.length)}`;
  if (eventType.startsWith('xstate.error.actor.')) return `error ${eventType.slice('xstate.error.actor.'.length)}`;
  if (eventType === `xstate.done.state.${node.id}`) return 'onDone';
  return eventType;
}

export function runningInventory(machine: AnyStateMachine): Inventory {
  const states: string[] = [];
  const transitions: string[] = [];
  const walk = (node: AnyStateNode) => {
    const initial = node.initial?.target?.[0]?.key;
    states.push(stateLine(node.id, initial, node.type, node.invoke.map((invoke) => `${invoke.id}:${String(invoke.src)}`)));
    const lists: Array<[string, AnyTransitionDefinition[]]> = [...node.transitions.entries()];
    if (node.always?.length) lists.push(['', node.always]);
    for (const [eventType, list] of lists) {
      list.forEach((t, index) =>
        transitions.push(transitionLine(node.id, eventName(node, eventType), guardName(t.guard), index, (t.target ?? []).map((target) => target.id))),
      );
    }
    for (const child of Object.values(node.states)) walk(child as AnyStateNode);
  };
  walk(machine.root);
  return { states: states.sort(), transitions: transitions.sort() };
}

// What @xstate/machine-extractor's `toConfig()` returns, as far as states and transitions go.
type Many<T> = T | T[] | undefined;
interface ExtractedTransition {
  target?: string | string[];
  cond?: { type?: string };
}
interface ExtractedInvoke {
  src: string;
  id?: string;
  onDone?: Many<ExtractedTransition>;
  onError?: Many<ExtractedTransition>;
}
interface ExtractedState {
  id?: string;
  initial?: string;
  type?: string;
  states?: Record<string, ExtractedState>;
  on?: Record<string, Many<ExtractedTransition>>;
  after?: Record<string, Many<ExtractedTransition>>;
  always?: Many<ExtractedTransition>;
  onDone?: Many<ExtractedTransition>;
  invoke?: Many<ExtractedInvoke>;
}
interface ExtractedMachineResult {
  toConfig(): ExtractedState | undefined;
}

const many = <T,>(value: Many<T>): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

interface Node {
  id: string;
  config: ExtractedState;
  parent: Node | undefined;
  children: Map<string, Node>;
}

function buildTree(config: ExtractedState, parent: Node | undefined, key: string): Node {
  const id = config.id ?? (parent ? `${parent.id}.${key}` : key);
  const node: Node = { id, config, parent, children: new Map() };
  for (const [childKey, child] of Object.entries(config.states ?? {})) node.children.set(childKey, buildTree(child, node, childKey));
  return node;
}

function allNodes(node: Node): Node[] {
  return [node, ...[...node.children.values()].flatMap(allNodes)];
}

function descend(node: Node | undefined, path: string[]): Node | undefined {
  return path.reduce<Node | undefined>((current, key) => current?.children.get(key), node);
}

/** XState's target resolution: `#id.path`, `.child.path` or `sibling.path`. */
function resolveTarget(root: Node, source: Node, target: string): string {
  let resolved: Node | undefined;
  if (target.startsWith('#')) {
    const reference = target.slice(1);
    const byId = new Map(allNodes(root).map((node) => [node.id, node]));
    resolved = byId.get(reference);
    for (let cut = reference.indexOf('.'); !resolved && cut > 0; cut = reference.indexOf('.', cut + 1)) {
      resolved = descend(byId.get(reference.slice(0, cut)), reference.slice(cut + 1).split('.'));
    }
  } else if (target.startsWith('.')) {
    resolved = descend(source, target.slice(1).split('.'));
  } else {
    resolved = descend(source.parent ?? source, target.split('.'));
  }
  return resolved?.id ?? `(unresolved ${target})`;
}

export function extractedInventory(source: string): Inventory {
  // The extractor reports every value it cannot read statically (dynamic params, say) on the
  // console; what it could not read shows up below as missing states or transitions instead.
  const { error, warn } = console;
  console.error = console.warn = () => {};
  let configs: Array<ExtractedState | undefined>;
  try {
    const machines = (extractMachinesFromFile(source)?.machines ?? []) as unknown as Array<ExtractedMachineResult | undefined>;
    configs = machines.map((machine) => machine?.toConfig());
  } finally {
    console.error = error;
    console.warn = warn;
  }
  if (configs.length !== 1) throw new Error(`expected one machine in the file, the extractor found ${configs.length}`);
  const config = configs[0];
  if (!config) throw new Error('the extractor could not read the machine definition');
  const root = buildTree(config, undefined, config.id ?? '(machine)');
  const states: string[] = [];
  const transitions: string[] = [];
  for (const node of allNodes(root)) {
    const { config: state } = node;
    const invokes = many(state.invoke);
    states.push(stateLine(node.id, state.initial, state.type, invokes.map((invoke) => `${invoke.id ?? '(no id)'}:${invoke.src}`)));
    const add = (event: string, list: ExtractedTransition[]) =>
      list.forEach((t, index) =>
        transitions.push(transitionLine(node.id, event, t.cond?.type, index, many(t.target).map((target) => resolveTarget(root, node, target)))),
      );
    for (const [event, list] of Object.entries(state.on ?? {})) add(event, many(list));
    for (const [delay, list] of Object.entries(state.after ?? {})) add(`after ${delay}`, many(list));
    add('always', many(state.always));
    add('onDone', many(state.onDone));
    for (const invoke of invokes) {
      add(`done ${invoke.id ?? invoke.src}`, many(invoke.onDone));
      add(`error ${invoke.id ?? invoke.src}`, many(invoke.onError));
    }
  }
  return { states: states.sort(), transitions: transitions.sort() };
}
