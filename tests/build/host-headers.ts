/** Reading `_headers` files in the build's tests (host-headers.test.ts, dist.test.ts). */

/** The rules of a `_headers` file, as both hosts read it: a path, then its indented `Name: value` lines. */
export function parseHostHeaders(text: string): Map<string, Record<string, string>> {
  const rules = new Map<string, Record<string, string>>();
  let current: Record<string, string> | undefined;
  for (const line of text.split('\n')) {
    if (line.trim() === '' || line.startsWith('#')) continue;
    if (line.startsWith('/')) {
      if (rules.has(line)) throw new Error(`${line} has two rules`);
      current = {};
      rules.set(line, current);
      continue;
    }
    const header = /^ {2}([A-Za-z-]+): (\S.*)$/.exec(line);
    if (!header || !current) throw new Error(`not a path or a header: ${JSON.stringify(line)}`);
    current[header[1]!] = header[2]!;
  }
  return rules;
}
