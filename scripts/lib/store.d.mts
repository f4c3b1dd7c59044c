import type { Sql } from 'postgres';

export const MIGRATIONS_DIR: string;
export const DATA_DIR: string;
export function connectStore(url: string, max?: number): Sql;
export function migrate(sql: Sql, dir?: string): Promise<string[]>;
export type EmbeddedStore = { readonly url: string; readonly port: number; stop(): Promise<void> };
export function startEmbeddedStore(options?: { dataDir?: string; port?: number }): Promise<EmbeddedStore>;
