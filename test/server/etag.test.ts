/** The one ETag helper of the response cache and the pages: the dataset's tags, and If-None-Match as RFC 9110 reads it. */
import { describe, expect, it } from 'vitest';
import { datasetEtag, ifNoneMatchHas } from '../../src/server/etag.js';

describe('ETags', () => {
  it('name the dataset and a hash of the body, the same for the same body', () => {
    const tag = datasetEtag('2026.11.24+abc', '{"data":{}}');
    expect(tag).toMatch(/^"2026\.11\.24\+abc-[A-Za-z0-9_-]{22}"$/);
    expect(datasetEtag('2026.11.24+abc', '{"data":{}}')).toBe(tag);
    expect(datasetEtag('2026.11.24+abc', '{"data":{"a":1}}')).not.toBe(tag);
  });

  it('match If-None-Match as a list of tags, weakly, or `*`', () => {
    const tag = '"v1-abc"';
    expect(ifNoneMatchHas(tag, tag)).toBe(true);
    expect(ifNoneMatchHas(`W/${tag}`, tag)).toBe(true);
    expect(ifNoneMatchHas(`"v0-old", ${tag}`, tag)).toBe(true);
    expect(ifNoneMatchHas(`"v0-old",W/${tag} `, tag)).toBe(true);
    expect(ifNoneMatchHas(' * ', tag)).toBe(true);
    expect(ifNoneMatchHas('"v0-old"', tag)).toBe(false);
    expect(ifNoneMatchHas('v1-abc', tag)).toBe(false);
    expect(ifNoneMatchHas(undefined, tag)).toBe(false);
  });
});
