import type { ChildProcess } from 'node:child_process';

export type CallResult = {
  answer?: Record<string, number>;
  cpuMs?: number;
  peakMb?: number;
  wallMs?: number;
  killed?: string;
  pid?: number;
  error?: Error;
};
export type Call = (all: boolean) => Promise<CallResult>;
export const TICK_MS: number;
export function localCallCap(callsPerTick: number): number;
export const HOSTED_LIMITS: { cpuS: number; memoryMb: number; wallMs: number };
export function httpCall(port: number, secret: string): Call;
export function hostedCall(env: Record<string, string>, options?: { onStart?: (child: ChildProcess) => void }): Call;
export function sum(answers: readonly (Record<string, number> | undefined)[]): Record<string, number>;
export function workLine(label: string, answer: Record<string, number | boolean>): string;
export function startWorkDriver(options: { databaseUrl: string; call: Call; onResult?: (result: CallResult) => void; tickMs?: number }): {
  round(): Promise<Record<string, number>>;
  stop(): Promise<void>;
};
