// The local store: the migration runner (every environment but Supabase's, where `supabase db push`
// applies the same files) and the embedded PostgreSQL (PGlite over the wire protocol).
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import { ROOT } from './function-command.mjs';

export const MIGRATIONS_DIR = resolve(ROOT, 'supabase/migrations');
export const DATA_DIR = resolve(ROOT, '.data');
/** Any number will do: it only keeps two runners from applying the same files at once. */
const MIGRATION_LOCK = 3_503_503;

/** A driver pool as the functions open it: prepared statements off (one shared session), notices quiet. */
export function connectStore(url, max = 1) {
  return postgres(url, { max, prepare: false, onnotice: () => {}, connect_timeout: 10 });
}

/**
 * Applies supabase/migrations/*.sql in name order, each once, each in its own transaction, and
 * records it in local_migrations.applied. Returns the names applied now.
 */
export async function migrate(sql, dir = MIGRATIONS_DIR) {
  const files = readdirSync(dir)
    .filter((name) => /^\d+_[a-z0-9_]+\.sql$/.test(name))
    .sort();
  const applied = [];
  await sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(${MIGRATION_LOCK})`;
    await tx`create schema if not exists local_migrations`;
    await tx`create table if not exists local_migrations.applied (name text primary key, applied_at timestamptz not null default now())`;
    const done = new Set((await tx`select name from local_migrations.applied`).map((row) => row.name));
    for (const name of files) {
      if (done.has(name)) continue;
      await tx.unsafe(readFileSync(join(dir, name), 'utf8')).simple();
      await tx`insert into local_migrations.applied (name) values (${name})`;
      applied.push(name);
    }
  });
  return applied;
}

/** The first bytes of the two requests a client may send before its startup message. */
const [SSL_REQUEST, CANCEL_REQUEST] = [80877103, 80877102];
/** A Sync message: ends whatever a client that went away left unfinished in the extended protocol. */
const SYNC = new Uint8Array([0x53, 0, 0, 0, 4]);

/** The last message of a batch of wire-protocol messages: its type letter and first byte of content. */
function lastMessage(bytes) {
  let last = { type: '', first: '' };
  for (let at = 0; at + 5 <= bytes.length; at += 1 + bytes.readInt32BE(at + 1)) last = { type: String.fromCharCode(bytes[at]), first: String.fromCharCode(bytes[at + 5] ?? 0) };
  return last;
}

/**
 * Serves one PGlite session to any number of connections, one transaction at a time (what pgbouncer calls
 * transaction pooling): a connection that sends a message holds the session until the backend is idle again
 * (ReadyForQuery 'I'), and the others' messages wait. So the driver's pools, and several processes, work as on a
 * server, and no two clients' extended-protocol messages or transactions interleave. A connection that goes away
 * holding the session gets its transaction rolled back.
 */
function servePglite(db, host, port) {
  let holder;
  const waiting = [];
  const exec = async (message) => {
    const chunks = [];
    await db.runExclusive(() => db.execProtocolRawStream(message, { onRawData: (data) => chunks.push(Buffer.from(data)) }));
    return Buffer.concat(chunks);
  };
  const release = () => {
    holder = undefined;
    const next = waiting.shift();
    if (next) void pump(next);
  };
  const pump = async (client) => {
    if (client.pumping) return;
    client.pumping = true;
    try {
      while (!client.closed) {
        const { buffer } = client;
        if (!client.started && buffer.length >= 8 && [SSL_REQUEST, CANCEL_REQUEST].includes(buffer.readInt32BE(4))) {
          const length = buffer.readInt32BE(0);
          if (buffer.length < length) break;
          if (buffer.readInt32BE(4) === SSL_REQUEST) client.socket.write('N');
          client.buffer = buffer.subarray(length);
          continue;
        }
        let length = client.started ? 0 : buffer.length >= 4 ? buffer.readInt32BE(0) : Infinity;
        // Every complete message that came, in one go: PGlite runs several at once, and they are this client's anyway.
        while (client.started && length + 5 <= buffer.length && buffer[length] !== 0x58 && length + 1 + buffer.readInt32BE(length + 1) <= buffer.length) {
          length += 1 + buffer.readInt32BE(length + 1);
        }
        if (client.started && length === 0 && buffer[0] === 0x58) return void client.socket.end(); // Terminate: the close releases the session
        if (length === 0 || buffer.length < length) break;
        if (holder !== undefined && holder !== client) {
          if (!waiting.includes(client)) waiting.push(client);
          break;
        }
        holder = client;
        client.buffer = buffer.subarray(length);
        const startup = !client.started;
        client.started = true;
        const batch = buffer.subarray(0, length);
        const output = await exec(new Uint8Array(batch));
        if (!client.closed) client.socket.write(output);
        // Free again once the client's messages end with a Sync or a query and the backend is idle: before that, what it
        // sent after its last Sync (a statement parsed and described, then bound) is not done, and another client's Parse
        // would replace the unnamed statement.
        const [sent, answered] = [lastMessage(batch), lastMessage(output)];
        const finished = startup || sent.type === 'S' || sent.type === 'Q';
        if (finished && answered.type === 'Z' && answered.first === 'I' && holder === client) release();
      }
    } finally {
      client.pumping = false;
    }
  };
  const clients = new Set();
  const server = createServer((socket) => {
    const client = { socket, buffer: Buffer.alloc(0), started: false, pumping: false, closed: false };
    clients.add(client);
    socket.setNoDelay(true);
    socket.on('data', (chunk) => {
      client.buffer = Buffer.concat([client.buffer, chunk]);
      void pump(client);
    });
    socket.on('error', () => undefined);
    socket.on('close', async () => {
      client.closed = true;
      clients.delete(client);
      if (waiting.includes(client)) waiting.splice(waiting.indexOf(client), 1);
      if (holder !== client) return;
      while (client.pumping) await new Promise((done) => setTimeout(done, 1));
      await exec(SYNC);
      if (db.isInTransaction()) await db.exec('rollback');
      release();
    });
  });
  const stop = () => new Promise((done) => {
    server.close(() => done());
    for (const client of clients) client.socket.destroy();
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject).listen(port, host, () => resolve({ port: server.address().port, stop }));
  });
}

/**
 * PGlite with its data in `dataDir` (in memory when undefined), served on 127.0.0.1:port (0: any free
 * port) over the wire protocol, one transaction at a time to any number of connections (servePglite).
 */
export async function startEmbeddedStore({ dataDir, port = 0 } = {}) {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir);
  const server = await servePglite(db, '127.0.0.1', port);
  return {
    url: `postgres://postgres@127.0.0.1:${server.port}/postgres`,
    port: server.port,
    async stop() {
      await server.stop();
      await db.close();
    },
  };
}
