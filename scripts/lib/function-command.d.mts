export const ROOT: string;
export const FUNCTION_DIR: string;
export const DEFAULT_FUNCTIONS_PORT: number;
export function denoPath(): string;
export function functionsPort(env?: Record<string, string | undefined>): number;
export function denoArgs(env?: Record<string, string | undefined>, script?: string): string[];
export function denoEnv(env?: Record<string, string | undefined>, store?: { databaseUrl?: string; ingestSecret?: string; poolSize?: number; vapid?: { publicKey: string; privateKey: string; subject: string } }): Record<string, string>;
