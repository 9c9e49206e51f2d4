// Request bodies a careless or hostile client sends: each one must get a 4xx, never a 5xx, from every write
// endpoint of both HTTP services.

export interface MalformedBody {
  name: string;
  contentType: string;
  payload: string | Buffer;
}

/** `{"a":{"a":…}}` nested `levels` deep, as text: JSON.stringify itself would recurse. */
export function nestedJson(levels: number): string {
  return `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
}

// Names of fields the endpoints read, so a wrong value reaches their schemas rather than only an unknown key.
const FIELDS = [
  'name',
  'slug',
  'description',
  'display_name',
  'username',
  'role',
  'workspace_id',
  'metadata',
  'content',
  'tool_ids',
  'tag_name',
  'color',
  'rating',
  'submitted_url',
  'pre_ingestion_extracted_data',
  'identifier',
  'password',
  'email',
  'code',
  'traits',
  'method',
  'csrf_token',
];

function everyField(value: string): string {
  return `{${FIELDS.map((field) => `"${field}":${value}`).join(',')}}`;
}

/** Each malformed body, at most `limit` bytes except the one meant to be over it. */
export function malformedBodies(limit: number): MalformedBody[] {
  const json = 'application/json';
  return [
    { name: 'empty', contentType: json, payload: '' },
    { name: 'truncated', contentType: json, payload: '{"name":"a' },
    { name: 'scalar', contentType: json, payload: '42' },
    { name: 'array', contentType: json, payload: '[{"name":"a"}]' },
    { name: 'wrong types (arrays)', contentType: json, payload: everyField('[]') },
    { name: 'wrong types (objects)', contentType: json, payload: everyField('{"x":true}') },
    { name: 'wrong types (booleans)', contentType: json, payload: everyField('false') },
    { name: 'huge numbers', contentType: json, payload: everyField('1e400') },
    { name: 'huge integers', contentType: json, payload: everyField('123456789012345678901234567890') },
    { name: 'negative numbers', contentType: json, payload: everyField('-1e308') },
    { name: 'deep object nesting', contentType: json, payload: everyField(nestedJson(8_000)) },
    {
      name: 'deep array nesting',
      contentType: json,
      payload: `{"name":${'['.repeat(8_000)}${']'.repeat(8_000)}}`,
    },
    { name: 'lone high surrogate', contentType: json, payload: everyField('"a\\ud800b"') },
    { name: 'lone low surrogate', contentType: json, payload: everyField('"\\udc00"') },
    { name: 'lone surrogate in a key', contentType: json, payload: '{"a\\ud800":"x","name":"n"}' },
    {
      name: 'invalid UTF-8',
      contentType: json,
      payload: Buffer.concat([
        Buffer.from('{"name":"'),
        Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xed, 0xa0, 0x80]),
        Buffer.from('"}'),
      ]),
    },
    {
      name: 'invalid UTF-8 form',
      contentType: 'application/x-www-form-urlencoded',
      payload: Buffer.concat([
        Buffer.from('identifier='),
        Buffer.from([0xff, 0xc3]),
        Buffer.from('&password=%ED%A0%80'),
      ]),
    },
    { name: 'oversized', contentType: json, payload: `{"name":"${'x'.repeat(limit * 2)}"}` },
  ];
}
