import { describe, expect, it } from 'vitest';
import { errorCode } from '../../supabase/functions/_shared/ingest/refresh.ts';
import { describeError, SourceError } from '../../supabase/functions/_shared/net/errors.ts';
import { NotAFeedError } from '../../supabase/functions/_shared/parse/feed-model.ts';
import { XmlError } from '../../supabase/functions/_shared/parse/xml.ts';

describe('errorCode: the public code of what a source threw', () => {
  it('is the code of a SourceError, not_a_feed, invalid_xml, else network_error', () => {
    expect(errorCode(new SourceError('http_503', 'HTTP 503'))).toBe('http_503');
    expect(errorCode(new NotAFeedError('an HTML page'))).toBe('not_a_feed');
    expect(errorCode(new XmlError('malformed XML'))).toBe('invalid_xml');
    expect(errorCode(new TypeError('fetch failed'))).toBe('network_error');
    expect(errorCode('a string')).toBe('network_error');
  });

  it('a SourceError carries its detail as the message and names itself', () => {
    const error = new SourceError('timeout', 'no complete answer after 5000 ms');
    expect(error.message).toBe('no complete answer after 5000 ms');
    expect(error.name).toBe('SourceError');
    expect(error).toBeInstanceOf(Error);
  });
});

describe('describeError: one line for the log', () => {
  it('is the message, with the cause when the message does not already say it', () => {
    expect(describeError(new Error('fetch failed', { cause: new Error('ECONNRESET') }))).toBe('fetch failed (ECONNRESET)');
    expect(describeError(new Error('fetch failed: ECONNRESET', { cause: new Error('ECONNRESET') }))).toBe('fetch failed: ECONNRESET');
    expect(describeError(new Error('fetch failed', { cause: 'not an Error' }))).toBe('fetch failed');
    expect(describeError(new Error('fetch failed', { cause: new Error('') }))).toBe('fetch failed');
    expect(describeError(new Error('plain'))).toBe('plain');
  });

  it('is the text of anything thrown that is not an Error', () => {
    expect(describeError('refused')).toBe('refused');
    expect(describeError(42)).toBe('42');
    expect(describeError(undefined)).toBe('undefined');
  });
});
