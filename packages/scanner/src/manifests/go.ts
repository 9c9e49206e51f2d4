import type { Declared } from '../types.ts';

// go.mod: `require` lines and blocks (`// indirect` ones are not direct), and the `go` and `toolchain`
// directives as the runtime.

export function parseGoMod(text: string): Declared[] {
  const found: Declared[] = [];
  let inRequire = false;
  const lines = text.split(/\r?\n/);
  lines.forEach((raw, index) => {
    const line = index + 1;
    const [code = '', comment = ''] = raw.split('//');
    const content = code.trim();
    if (inRequire) {
      if (content === ')') inRequire = false;
      else require(content, comment, line);
      return;
    }
    if (/^require\s*\($/.test(content)) inRequire = true;
    else if (content.startsWith('require ')) require(content.slice('require '.length), comment, line);
    else {
      const runtime = content.match(/^(go|toolchain)\s+(\S+)$/);
      if (runtime) {
        const version = (runtime[2] ?? '').replace(/^go/, '');
        found.push({ ecosystem: 'runtime', name: 'go', version, dev: false, kind: 'platform', line });
      }
    }
  });
  function require(content: string, comment: string, line: number) {
    const [name, version] = content.split(/\s+/);
    if (!name || comment.trim() === 'indirect') return;
    found.push({ ecosystem: 'go', name, version: version ?? null, dev: false, kind: 'package', line });
  }
  return found;
}
