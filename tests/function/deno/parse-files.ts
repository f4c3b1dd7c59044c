// Run by deno.test.ts on Deno: prints the library's parse of the files named on
// the command line as JSON, for comparison with the same parse on Node.
import process from 'node:process';
import { parseFiles } from '../helpers/parse-files.ts';

process.stdout.write(JSON.stringify(parseFiles(process.argv.slice(2))));
