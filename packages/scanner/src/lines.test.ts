import { describe, expect, it } from 'vitest';
import { tomlKeyAt, tomlKeyAtByPattern } from './lines.ts';

// Cargo.toml and pyproject.toml keys are found without a pattern per key: the same places as the pattern.

const cargo = `[workspace]
members = ["crates/*"]

[workspace.dependencies]
serde = { version = "1.0", features = ["derive"] }
serde_json = "1"
"tokio" = "1.40"
'anyhow' = "1"
Regex.workspace = true

[target.'cfg(windows)'.dependencies]
  winapi = "0.3"
	SERDE-Derive   =   "1"
serde-serde = "2"
x = "serde" = 1
"serde = 1
"serde' = 1
`;

const keys = [
  'serde',
  'serde_json',
  'tokio',
  'anyhow',
  'regex',
  'winapi',
  'serde-derive',
  'serde-serde',
  'x',
  'members',
  'cfg',
  'nope',
];

/** Every key at every starting offset: the fast look-up against the pattern. */
function expectSameAsPattern(text: string) {
  const fast: string[] = [];
  const pattern: string[] = [];
  for (const key of keys)
    for (let from = 0; from <= text.length; from += 1) {
      fast.push(`${key} from ${from}: ${tomlKeyAt(text, key, from)}`);
      pattern.push(`${key} from ${from}: ${tomlKeyAtByPattern(text, key, from)}`);
    }
  expect(fast).toEqual(pattern);
}

describe('TOML keys found without a pattern per key', () => {
  it('finds the same lines as the pattern: quoted keys, any case, dotted keys, indents, from mid-line', () => {
    expectSameAsPattern(cargo);
    expect(tomlKeyAt(cargo, 'tokio', 0)).toBe(cargo.indexOf('"tokio"'));
    expect(tomlKeyAt(cargo, 'serde-derive', 0)).toBe(cargo.indexOf('\tSERDE'));
  });

  it('the same with Windows and old Mac line ends', () => {
    expectSameAsPattern(cargo.replaceAll('\n', '\r\n'));
    expectSameAsPattern(cargo.replaceAll('\n', '\r'));
  });

  it('a text beyond ASCII, and keys that are not bare names, still go by the pattern', () => {
    const text = `[dependencies]\n# café\nserde = "1"\n"a b" = "2"\n`;
    expect(tomlKeyAt(text, 'serde', 0)).toBe(text.indexOf('serde ='));
    expect(tomlKeyAt(text, 'a b', 0)).toBe(text.indexOf('"a b"'));
    expectSameAsPattern(text);
  });
});
