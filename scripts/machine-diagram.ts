/**
 * Renders XState machine definitions as Mermaid state diagrams for docs/machines.md.
 * `npm run diagrams` rewrites the file; tests/machines/diagrams.test.ts fails when it is stale.
 */
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';

const mermaidId = (node: AnyStateNode) => node.id.replace(/[^A-Za-z0-9]/g, '_');

const formatMs = (ms: number): string => (ms % 60_000 === 0 ? `${ms / 60_000} min` : ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`);

function eventLabel(t: AnyTransitionDefinition, delays: Record<string, unknown>): string {
  const type = t.eventType;
  let label: string;
  if (type === '') label = 'always';
  else if (type.startsWith('xstate.after.')) {
    const name = type.slice('xstate.after.'.length).split('.')[0] ?? '';
    const value = delays[name];
    label = `after ${name}${typeof value === 'number' ? ` (${formatMs(value)})` : ''}`;
  } else if (type.startsWith('xstate.done.actor.')) label = `${type.slice('xstate.done.actor.'.length)} done`;
  else if (type.startsWith('xstate.error.actor.')) label = `${type.slice('xstate.error.actor.'.length)} error`;
  else label = type;
  const guard = t.guard;
  if (guard) {
    const name = typeof guard === 'string' ? guard : typeof guard === 'object' && 'type' in guard ? String(guard.type) : 'guard';
    label += ` [${name}]`;
  } else if (t.source.transitions.get(type)?.some((other) => other !== t && other.guard)) {
    label += ' [else]';
  }
  return label;
}

function renderNode(node: AnyStateNode, delays: Record<string, unknown>, indent: string, lines: string[]) {
  const children = Object.values(node.states) as AnyStateNode[];
  for (const child of children) {
    const id = mermaidId(child);
    lines.push(`${indent}state "${child.key}" as ${id}`);
    if (Object.keys(child.states).length > 0) {
      lines.push(`${indent}state ${id} {`);
      renderNode(child, delays, `${indent}  `, lines);
      lines.push(`${indent}}`);
    }
  }
  if (node.initial?.target?.[0]) lines.push(`${indent}[*] --> ${mermaidId(node.initial.target[0])}`);
  for (const child of children) {
    const transitions = [...[...child.transitions.values()].flat(), ...(child.always ?? [])];
    for (const t of transitions) {
      for (const target of t.target ?? [child]) lines.push(`${indent}${mermaidId(child)} --> ${mermaidId(target)} : ${eventLabel(t, delays)}`);
    }
    if (child.type === 'final') lines.push(`${indent}${mermaidId(child)} --> [*]`);
  }
}

export function machineDiagram(machine: AnyStateMachine): string {
  const delays = (machine.implementations.delays ?? {}) as Record<string, unknown>;
  const lines = ['stateDiagram-v2'];
  renderNode(machine.root, delays, '  ', lines);
  const root = machine.root;
  const rootTransitions = [...root.transitions.values()].flat();
  // A machine with no states of its own (the page, which only routes): itself, each transition a loop on it.
  if (Object.keys(root.states).length === 0) {
    const id = mermaidId(root);
    return [...lines, `  state "${root.key}" as ${id}`, `  [*] --> ${id}`, ...rootTransitions.map((t) => `  ${id} --> ${id} : ${eventLabel(t, delays)}`)].join('\n');
  }
  // A parallel machine has no initial state: its notes sit beside its first region.
  const initial = root.initial?.target?.[0] ?? (Object.values(root.states)[0] as AnyStateNode | undefined);
  for (const t of rootTransitions) {
    // A transition of the machine itself applies in every state: a note, beside its target
    // (or beside the initial state when it changes no state).
    if (t.target?.length) {
      for (const target of t.target) lines.push(`  note right of ${mermaidId(target)} : from any state, ${eventLabel(t, delays)}`);
    } else if (initial) {
      lines.push(`  note right of ${mermaidId(initial)} : in any state, ${eventLabel(t, delays)} (no state change)`);
    }
  }
  return lines.join('\n');
}
