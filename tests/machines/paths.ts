/**
 * Generated path tests for the machines (@xstate/graph paths replayed on real actors with fake effects and a simulated clock).
 *
 * `transitionCover` asks @xstate/graph for the shortest path to every reachable
 * snapshot and extends each by every event that snapshot accepts, so every edge of
 * the machine's state graph ends some path. `replay` drives a real actor along a path:
 * user events are sent, `xstate.after.*` events advance a simulated clock, and
 * `xstate.done/error.actor.*` events settle the matching fake actor. The microsteps the
 * actor takes are recorded, so a test can prove every transition was exercised.
 */
import { getAdjacencyMap, getShortestPaths, type StatePath } from '@xstate/graph';
import { describe, expect, it } from 'vitest';
import {
  __unsafe_getAllOwnEventDescriptors,
  createActor,
  fromPromise,
  SimulatedClock,
  type AnyActorRef,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type EventObject,
} from 'xstate';

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
 * discovery, so discovery is done here, the way @xstate/graph does it by default.
 */
function eventsFor(payloads: PayloadEvent[]) {
  return (snapshot: AnyMachineSnapshot): EventObject[] =>
    __unsafe_getAllOwnEventDescriptors(snapshot).flatMap((type) => {
      const matching = payloads.filter((event) => event.type === type);
      return matching.length > 0 ? matching : [{ type }];
    });
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

export function describePath(path: Path): string {
  return path.steps.map(({ event }) => event.type.replace(/^xstate\.(after|done\.actor|error\.actor)\./, '$1:')).join(' → ');
}

/** A stand-in for a promise actor that a path settles explicitly. */
export class FakePromiseActors {
  private pending = new Map<string, { resolve(value: unknown): void; reject(error: unknown): void; input: unknown }>();
  readonly calls: Array<{ src: string; input: unknown }> = [];

  actor<TOutput = unknown, TInput = unknown>(src: string) {
    return fromPromise<TOutput, TInput>(
      ({ input, signal }) =>
        new Promise<TOutput>((resolve, reject) => {
          this.calls.push({ src, input });
          this.pending.set(src, { resolve: (value) => resolve(value as TOutput), reject, input });
          // The machine left the invoking state (a timeout, say): the call is abandoned.
          signal.addEventListener('abort', () => this.pending.delete(src));
        }),
    );
  }

  isPending(src: string): boolean {
    return this.pending.has(src);
  }

  settle(src: string, outcome: { output: unknown } | { error: unknown }) {
    const call = this.pending.get(src);
    if (!call) throw new Error(`No ${src} call is pending`);
    this.pending.delete(src);
    if ('output' in outcome) call.resolve(outcome.output);
    else call.reject(outcome.error);
  }
}

export async function flush() {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
}

export interface Replay {
  actor: AnyActorRef;
  clock: SimulatedClock;
  fakes: FakePromiseActors;
  taken: Set<string>;
  visited: Set<string>;
}

interface ReplayOptions {
  machine: AnyStateMachine;
  delays: Record<string, number>;
  fakes: FakePromiseActors;
  input?: unknown;
  /** Receives every event the actor emits. */
  emitted: EventObject[];
  /** Keys (see transitionKey) of the transitions the actor took. */
  taken: Set<string>;
  /** Ids of the state nodes the actor was in. */
  visited: Set<string>;
  /** Called after every step with the previous and the new snapshot, and the event. */
  check(step: { event: PayloadEvent; before: AnyMachineSnapshot; after: AnyMachineSnapshot; expected: AnyMachineSnapshot }): void;
}

export function delayOf(type: string, delays: Record<string, number>): number {
  const name = type.slice('xstate.after.'.length).split('.')[0] ?? '';
  const ms = delays[name];
  if (ms === undefined) throw new Error(`Unknown delay ${name}`);
  return ms;
}

export async function replay(path: Path, options: ReplayOptions): Promise<Replay> {
  const { machine, delays, fakes, taken, visited } = options;
  const clock = new SimulatedClock();
  const actor = createActor(machine, {
    clock,
    input: options.input,
    inspect: (inspection) => {
      if (inspection.type !== '@xstate.microstep') return;
      for (const t of inspection._transitions) {
        taken.add(transitionKey(t));
        // Transient states (eventless `always`) never rest in a snapshot: count them here.
        visited.add(t.source.id);
      }
    },
  });
  const record = () => {
    const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
    for (const node of snapshot._nodes as AnyStateNode[]) visited.add(node.id);
    return snapshot;
  };
  actor.on('*', (event: EventObject) => options.emitted.push(event));
  actor.start();
  await flush();
  for (const [index, { event, state: expected }] of path.steps.entries()) {
    if (index === 0 && event.type === 'xstate.init') {
      options.check({ event, before: record(), after: record(), expected });
      continue;
    }
    const before = record();
    if (event.type.startsWith('xstate.after.')) clock.increment(delayOf(event.type, delays));
    else if (event.type.startsWith('xstate.done.actor.')) fakes.settle(event.type.slice(18), { output: (event as { output?: unknown }).output });
    else if (event.type.startsWith('xstate.error.actor.')) fakes.settle(event.type.slice(19), { error: (event as { error?: unknown }).error });
    else actor.send(event);
    await flush();
    options.check({ event, before, after: record(), expected });
  }
  return { actor, clock, fakes, taken, visited };
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

/**
 * `provide()` copies a machine, so transitions are compared by where they sit in the
 * definition (source, event, position among guarded alternatives), not by identity.
 */
export function transitionKey(t: AnyTransitionDefinition): string {
  const siblings = t.eventType === '' ? (t.source.always ?? []) : (t.source.transitions.get(t.eventType) ?? []);
  return `${t.source.id}|${t.eventType}|${siblings.indexOf(t)}`;
}

export function describeTransition(t: AnyTransitionDefinition): string {
  const targets = t.target?.map((node) => node.id).join(',') ?? '(self)';
  return `${t.source.id} --${t.eventType}${t.guard ? ' [guarded]' : ''}--> ${targets}`;
}

export interface PathSuite {
  name: string;
  machine: AnyStateMachine;
  /** One traversal per input, so every initial branch is covered. */
  inputs?: unknown[];
  /** Payloads for events that need them: actor outputs and errors, event fields. */
  events: PayloadEvent[];
  delays: Record<string, number>;
  /** Provides fakes for one replay; `effects` collects what injected actions did. */
  arrange(fakes: FakePromiseActors, effects: unknown[]): AnyStateMachine;
  /** What the visitor or the caller would notice after one step. */
  check(step: { event: PayloadEvent; before: AnyMachineSnapshot; after: AnyMachineSnapshot; fakes: FakePromiseActors; emitted: EventObject[]; effects: unknown[] }): void;
}

/**
 * Generates the paths of a machine, replays each against a real actor checking state and
 * context against the graph and effects with `check` after every step, then proves that
 * every state and every transition of the machine was exercised by some path.
 */
export function definePathSuite(suite: PathSuite): void {
  const runs = (suite.inputs ?? [undefined]).flatMap((input) =>
    transitionCover(suite.machine, { events: suite.events, input }).map((path) => ({ input, path })),
  );
  const taken = new Set<string>();
  const visited = new Set<string>();
  const label = (input: unknown, path: Path) => `${input === undefined ? '' : `${JSON.stringify(input)}: `}${describePath(path)}`;

  describe(`${suite.name} machine: ${runs.length} generated paths`, () => {
    it.each(runs.map(({ input, path }) => [label(input, path), input, path] as const))('%s', async (_name, input, path) => {
      const fakes = new FakePromiseActors();
      const effects: unknown[] = [];
      const emitted: EventObject[] = [];
      const { actor } = await replay(path, {
        machine: suite.arrange(fakes, effects),
        input,
        delays: suite.delays,
        fakes,
        taken,
        visited,
        emitted,
        check: ({ event, before, after, expected }) => {
          expect(after.value).toEqual(expected.value);
          expect(after.context).toEqual(expected.context);
          suite.check({ event, before, after, fakes, emitted, effects });
          emitted.length = 0;
          effects.length = 0;
        },
      });
      actor.stop();
    });

    it('exercises every state and every transition', () => {
      const inventory = machineInventory(suite.machine);
      expect(inventory.states.filter((id) => !visited.has(id))).toEqual([]);
      expect(inventory.transitions.filter((t) => !taken.has(transitionKey(t))).map(describeTransition)).toEqual([]);
      console.info(`${suite.name}: ${runs.length} paths cover ${inventory.states.length} states and ${inventory.transitions.length} transitions`);
    });
  });
}
