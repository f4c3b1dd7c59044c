/**
 * Generated path tests for the machines (@xstate/graph paths replayed on real actors with fake effects and a simulated clock).
 *
 * `transitionCover` asks @xstate/graph for the shortest path to every reachable snapshot
 * and extends each by every event that snapshot accepts, so every edge of the machine's
 * state graph ends some path. `replay` drives a real actor along a path: user events are
 * sent, `xstate.after.*` events advance a simulated clock by the delay the TEST names (so a
 * machine with other timings fails), and `xstate.done/error.actor.*` events settle the
 * matching fake actor. `pathCoverage` works out, from the paths alone and with XState's
 * public API, which states and transitions they exercise.
 */
import { getAdjacencyMap, getShortestPaths, type StatePath } from '@xstate/graph';
import { describe, expect, it } from 'vitest';
import {
  createActor,
  getInitialMicrosteps,
  getMicrosteps,
  getNextTransitions,
  SimulatedClock,
  type AnyActorRef,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type EventObject,
  type StateValue,
} from 'xstate';
import { FakeActors } from '../support/fake-actors.ts';

export type Path = StatePath<AnyMachineSnapshot, EventObject>;

/** An event with its payload, as the tests write them. */
export type PayloadEvent = EventObject & Record<string, unknown>;

interface GraphOptions {
  /** Concrete payloads for event types that need them (done outputs, errors, event fields). */
  events: PayloadEvent[];
  input?: unknown;
}

const serialize = (snapshot: AnyMachineSnapshot) => JSON.stringify({ value: snapshot.value, context: snapshot.context });

/**
 * Every event a snapshot accepts (delays and actor outcomes included), with the given
 * payloads where there are any. Passing `events` to @xstate/graph replaces its own
 * discovery, so discovery is done here from the snapshot's possible transitions.
 */
function eventsFor(payloads: PayloadEvent[]) {
  return (snapshot: AnyMachineSnapshot): EventObject[] => {
    const types = new Set(getNextTransitions(snapshot).map((t) => t.eventType).filter((type) => type !== ''));
    return [...types].flatMap((type) => {
      const matching = payloads.filter((event) => event.type === type);
      return matching.length > 0 ? matching : [{ type }];
    });
  };
}

export function transitionCover(machine: AnyStateMachine, { events, input }: GraphOptions): Path[] {
  const options = { events: eventsFor(events), input, serializeState: serialize };
  const shortest = new Map(getShortestPaths(machine, options).map((path) => [serialize(path.state), path]));
  const adjacency = getAdjacencyMap(machine, options);
  const paths: Path[] = [];
  for (const { state, transitions } of Object.values(adjacency)) {
    const prefix = shortest.get(serialize(state as AnyMachineSnapshot));
    if (!prefix) throw new Error(`No path reaches ${serialize(state as AnyMachineSnapshot)}`);
    for (const { event, state: next } of Object.values(transitions) as Array<{ event: EventObject; state: unknown }>) {
      paths.push({
        state: next as AnyMachineSnapshot,
        steps: [...prefix.steps, { event, state: next as AnyMachineSnapshot }],
        weight: prefix.weight + 1,
      });
    }
  }
  return paths;
}

/** An event's plain fields (a query, a target), so that paths differing only in payload are told apart. */
function eventDetail(event: EventObject): string {
  const fields = Object.entries(event)
    .filter(([key, value]) => key !== 'type' && (value === null || ['string', 'number', 'boolean'].includes(typeof value)))
    .map(([key, value]) => `${key}=${JSON.stringify(value)}`);
  return fields.length > 0 ? `(${fields.join(', ')})` : '';
}

export function describePath(path: Path): string {
  return path.steps.map(({ event }) => event.type.replace(/^xstate\.(after|done\.actor|error\.actor)\./, '$1:') + eventDetail(event)).join(' → ');
}

// ---------------------------------------------------------------------------------------
// Coverage, from the paths themselves

/** The state nodes a state value names, root first. */
export function activeNodes(machine: AnyStateMachine, value: StateValue): AnyStateNode[] {
  const walk = (node: AnyStateNode, current: StateValue | undefined): AnyStateNode[] => {
    if (current === undefined) return [node];
    if (typeof current === 'string') return [node, ...walk(node.states[current] as AnyStateNode, undefined)];
    return [node, ...Object.entries(current).flatMap(([key, inner]) => walk(node.states[key] as AnyStateNode, inner))];
  };
  return walk(machine.root, value);
}

/**
 * `provide()` copies a machine, so transitions are named by where they sit in the
 * definition (source, event, place among guarded alternatives), not by identity.
 */
export function transitionKey(t: AnyTransitionDefinition): string {
  const siblings = t.eventType === '' ? (t.source.always ?? []) : (t.source.transitions.get(t.eventType) ?? []);
  return `${t.source.id}|${t.eventType}|${siblings.indexOf(t)}`;
}

export function describeTransition(t: AnyTransitionDefinition): string {
  const targets = t.target?.map((node) => node.id).join(',') ?? '(self)';
  return `${t.source.id} --${t.eventType || 'always'}${t.guard ? ' [guarded]' : ''}--> ${targets}`;
}

/** Every state node and every transition definition of a machine. */
export function machineInventory(machine: AnyStateMachine) {
  const states: string[] = [];
  const transitions: AnyTransitionDefinition[] = [];
  const walk = (node: AnyStateNode) => {
    states.push(node.id);
    for (const list of node.transitions.values()) transitions.push(...list);
    transitions.push(...(node.always ?? []));
    for (const child of Object.values(node.states)) walk(child as AnyStateNode);
  };
  walk(machine.root);
  return { states, transitions };
}

/** Whether a named guard (as the machines write them: a name, or `{ type, params }`) passes. */
function guardPasses(machine: AnyStateMachine, guard: unknown, snapshot: AnyMachineSnapshot, event: EventObject): boolean {
  if (guard === undefined) return true;
  const named = typeof guard === 'string' ? { type: guard, params: undefined } : (guard as { type?: unknown; params?: unknown });
  const implementation = typeof named.type === 'string' ? machine.implementations.guards[named.type] : undefined;
  if (typeof implementation !== 'function') throw new Error(`pathCoverage reads named guards only, not ${String(named.type)}`);
  const args = { context: snapshot.context, event };
  const params = typeof named.params === 'function' ? (named.params as (a: typeof args) => unknown)(args) : named.params;
  return Boolean((implementation as (a: typeof args, p: unknown) => unknown)(args, params));
}

/** The eventless transition XState takes from a snapshot: the first enabled `always`, deepest state first. */
function eventlessTransition(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, event: EventObject): AnyTransitionDefinition | undefined {
  const nodes = activeNodes(machine, snapshot.value).reverse();
  for (const node of nodes) {
    const enabled = (node.always ?? []).find((t) => guardPasses(machine, t.guard, snapshot, event));
    if (enabled) return enabled;
  }
  return undefined;
}

export interface Run {
  input: unknown;
  path: Path;
  /** The machine the path was generated from (with the variant's guards). */
  machine: AnyStateMachine;
  variant?: string;
}

/** The states the paths pass through and the transitions they take, computed from the paths alone. */
export function pathCoverage(machine: AnyStateMachine, runs: Run[]) {
  const visited = new Set<string>();
  const taken = new Set<string>();
  const visit = (snapshot: AnyMachineSnapshot) => activeNodes(machine, snapshot.value).forEach((node) => visited.add(node.id));
  const followEventless = (generatedFrom: AnyStateMachine, microsteps: AnyMachineSnapshot[], event: EventObject) => {
    microsteps.forEach(visit);
    for (const snapshot of microsteps.slice(0, -1)) {
      const t = eventlessTransition(generatedFrom, snapshot, event);
      if (t) taken.add(transitionKey(t));
    }
  };
  for (const { input, path, machine: generatedFrom } of runs) {
    let previous: AnyMachineSnapshot | undefined;
    for (const { event, state } of path.steps) {
      if (previous === undefined) {
        followEventless(generatedFrom, getInitialMicrosteps(generatedFrom, input).map(([snapshot]) => snapshot as AnyMachineSnapshot), event);
      } else {
        for (const t of generatedFrom.getTransitionData(previous, event)) taken.add(transitionKey(t));
        followEventless(generatedFrom, getMicrosteps(generatedFrom, previous, event).map(([snapshot]) => snapshot as AnyMachineSnapshot), event);
      }
      visit(state);
      previous = state;
    }
  }
  const inventory = machineInventory(machine);
  return {
    inventory,
    unvisited: inventory.states.filter((id) => !visited.has(id)),
    untaken: inventory.transitions.filter((t) => !taken.has(transitionKey(t))).map(describeTransition),
  };
}

// ---------------------------------------------------------------------------------------
// Replaying a path on a real actor

export async function flush() {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
}

/** How a path's actor-outcome event is produced, when it is not a fake settled directly. */
export type OutcomeDriver = (event: PayloadEvent, tools: { fakes: FakeActors; clock: SimulatedClock }) => Promise<void>;

interface ReplayOptions {
  machine: AnyStateMachine;
  delays: Record<string, number>;
  drivers: Record<string, OutcomeDriver>;
  fakes: FakeActors;
  input?: unknown;
  /** Receives every event the actor emits. */
  emitted: EventObject[];
  prepare?: PathSuite['prepare'];
  /** Called after every step with the previous and the new snapshot, and the event. */
  check(step: { event: PayloadEvent; before: AnyMachineSnapshot; after: AnyMachineSnapshot; expected: AnyMachineSnapshot }): void;
}

export function delayOf(type: string, delays: Record<string, number>): number {
  const name = type.slice('xstate.after.'.length).split('.')[0] ?? '';
  const ms = delays[name];
  if (ms === undefined) throw new Error(`The test names no duration for the delay ${name}`);
  return ms;
}

export async function replay(path: Path, options: ReplayOptions): Promise<AnyActorRef> {
  const { machine, delays, drivers, fakes } = options;
  const clock = new SimulatedClock();
  const actor = createActor(machine, { clock, input: options.input });
  actor.on('*', (event: EventObject) => options.emitted.push(event));
  actor.start();
  await flush();
  for (const [index, step] of path.steps.entries()) {
    const event = step.event as PayloadEvent;
    if (index === 0 && event.type === 'xstate.init') {
      const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
      options.check({ event, before: snapshot, after: snapshot, expected: step.state });
      continue;
    }
    await options.prepare?.({ event, actor, fakes, clock });
    await flush();
    const before = actor.getSnapshot() as AnyMachineSnapshot;
    const outcome = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
    if (event.type.startsWith('xstate.after.')) clock.increment(delayOf(event.type, delays));
    else if (outcome?.[2] && drivers[outcome[2]]) await drivers[outcome[2]]!(event, { fakes, clock });
    else if (outcome?.[1] === 'done') fakes.settle(outcome[2]!, { output: event.output });
    else if (outcome?.[1] === 'error') fakes.settle(outcome[2]!, { error: event.error });
    else actor.send(event);
    await flush();
    options.check({ event, before, after: actor.getSnapshot() as AnyMachineSnapshot, expected: step.state });
  }
  return actor;
}

export interface PathSuite {
  name: string;
  machine: AnyStateMachine;
  /** One traversal per input, so every initial branch is covered. */
  inputs?: unknown[];
  /**
   * One traversal per variant of the machine's injected guards (what the page answers), so
   * every branch they choose is covered (with its own inputs, if they matter to it); the
   * replay provides the same guards.
   */
  variants?: Array<{ name: string; guards: Record<string, () => boolean>; inputs?: unknown[] }>;
  /** Payloads for events that need them: actor outputs and errors, event fields. */
  events: PayloadEvent[];
  /** The product's durations for the machine's named delays, written in the test. */
  delays: Record<string, number>;
  /** Produces the outcome of an invoked child machine by driving its own fakes. */
  drivers?: Record<string, OutcomeDriver>;
  /** How many paths the graph gives: a change to the machine that drops coverage fails here. */
  expectedPaths: number;
  /**
   * Readies the actor before a step, so that the step's effect shows: a child machine brought to
   * where the event acts on it, say. The graph's own state must stay as it is.
   */
  prepare?(step: { event: PayloadEvent; actor: AnyActorRef; fakes: FakeActors; clock: SimulatedClock }): Promise<void> | void;
  /** Provides fakes for one replay; `effects` collects what injected actions did. */
  arrange(fakes: FakeActors, effects: unknown[]): AnyStateMachine;
  /** What the visitor or the caller would notice after one step. */
  check(step: {
    event: PayloadEvent;
    before: AnyMachineSnapshot;
    after: AnyMachineSnapshot;
    fakes: FakeActors;
    emitted: EventObject[];
    effects: unknown[];
    variant: string | undefined;
  }): void;
}

/**
 * Generates the paths of a machine; proves that they exercise every state and transition
 * of the machine; replays each against a real actor, checking state and context against the
 * graph and what the visitor would notice with `check` after every step.
 */
export function definePathSuite(suite: PathSuite): void {
  const variants = suite.variants ?? [{ name: '', guards: {} }];
  const runs: Run[] = variants.flatMap(({ name, guards, inputs }) => {
    const machine = suite.machine.provide({ guards });
    return (inputs ?? suite.inputs ?? [undefined]).flatMap((input) =>
      transitionCover(machine, { events: suite.events, input }).map((path) => ({ input, path, machine, variant: name })),
    );
  });
  const guardsOf = (variant: string | undefined) => variants.find(({ name }) => name === variant)?.guards ?? {};
  const label = ({ input, path, variant }: Run) =>
    `${variant ? `${variant}: ` : ''}${input === undefined ? '' : `${JSON.stringify(input)}: `}${describePath(path)}`;

  describe(`${suite.name} machine: ${runs.length} generated paths`, () => {
    it('the paths pass through every state and take every transition', () => {
      const { inventory, unvisited, untaken } = pathCoverage(suite.machine, runs);
      expect(unvisited).toEqual([]);
      expect(untaken).toEqual([]);
      expect(runs).toHaveLength(suite.expectedPaths);
      console.info(`${suite.name}: ${runs.length} paths cover ${inventory.states.length} states and ${inventory.transitions.length} transitions`);
    });

    it.each(runs.map((run) => [label(run), run] as const))('%s', async (_name, { input, path, variant }) => {
      const fakes = new FakeActors();
      const effects: unknown[] = [];
      const emitted: EventObject[] = [];
      const actor = await replay(path, {
        machine: suite.arrange(fakes, effects).provide({ guards: guardsOf(variant) }),
        input,
        delays: suite.delays,
        drivers: suite.drivers ?? {},
        prepare: suite.prepare,
        fakes,
        emitted,
        check: ({ event, before, after, expected }) => {
          expect(after.value).toEqual(expected.value);
          expect(after.context).toEqual(expected.context);
          suite.check({ event, before, after, fakes, emitted, effects, variant });
          emitted.length = 0;
          effects.length = 0;
        },
      });
      actor.stop();
    });
  });
}
