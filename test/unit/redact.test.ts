// Unit tests of src/base/redact.ts: no secret survives in any spelling.
import { strict as assert } from 'node:assert';
import { redact, redactUrl } from '../../src/base/redact';

describe('redact', () => {
  const key = 'sk_live/abc+def=';

  it('masks the raw key and its URL-encoded and form-encoded forms', () => {
    const text = `key ${key} url ?x=${encodeURIComponent(key)} form ${new URLSearchParams({ k: key }).toString()}`;
    const out = redact(text, [key]);
    assert.ok(!out.includes(key));
    assert.ok(!out.includes(encodeURIComponent(key)));
    assert.ok(!out.includes('abc'));
  });

  it('masks any apiKey= value, whatever the case, and keeps the rest of the URL', () => {
    assert.equal(redact('https://h/v1?a=1&apiKey=zzz&b=2', []), 'https://h/v1?a=1&apiKey=***&b=2');
    assert.equal(redact('GET /x?APIKEY=zzz#f', []), 'GET /x?APIKEY=***#f');
    assert.equal(redact('api_key=q1 and api-key=q2', []), 'api_key=*** and api-key=***');
  });

  it('masks Bearer tokens', () => {
    assert.equal(redact('Authorization: Bearer tok123', []), 'Authorization: Bearer ***');
  });

  it('ignores empty secrets and leaves clean text alone', () => {
    assert.equal(redact('hello alice.near', ['']), 'hello alice.near');
  });

  it('redactUrl masks the key parameter and credentials in the authority', () => {
    assert.equal(redactUrl('https://u:p@h.example/p?apiKey=s3cret'), 'https://***@h.example/p?apiKey=***');
    assert.equal(redactUrl('http://127.0.0.1:3030/status'), 'http://127.0.0.1:3030/status');
  });
});
