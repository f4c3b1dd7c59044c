// Test driver for scripts/lib/processes.mjs (what `npm start` uses): runs two
// children together. Mode "one-dies": the second exits with code 3 after 200 ms.
import { runTogether, startProcess } from '../../../scripts/lib/processes.mjs';

const mode = process.argv[2];
const forever = startProcess(process.execPath, ['-e', 'console.log("up"); setInterval(() => {}, 1000)'], { prefix: '[forever]' });
const other = startProcess(
  process.execPath,
  ['-e', mode === 'one-dies' ? 'setTimeout(() => process.exit(3), 200)' : 'console.log("up"); setInterval(() => {}, 1000)'],
  { prefix: '[other]' },
);
console.log(`pids ${forever.child.pid} ${other.child.pid}`);
process.exitCode = await runTogether([
  { name: 'forever', ...forever },
  { name: 'other', ...other },
]);
