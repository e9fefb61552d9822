/** The page builders' pure parts: escaping, size order, lenient parameters, sorting. */
import { describe, expect, it } from 'vitest';
import { canonicalQuery, parseCapacityParams, sortRows, type CapacityRow } from '../../src/server/pages/capacity.js';
import { podsChart, sizeRank } from '../../src/server/pages/chart.js';
import { escapeHtml, graphiqlHref, html, join, raw } from '../../src/server/pages/html.js';

describe('html', () => {
  it('escapes every interpolated text, and only Html passes as markup', () => {
    const text = `<img src=x onerror="alert('x')">&`;
    expect(html`<td title="${text}">${text}</td>`.value).toBe(
      '<td title="&lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt;&amp;">&lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt;&amp;</td>',
    );
    expect(html`<p>${raw('<b>ok</b>')}${[html`<i>${'<'}</i>`, '>']}${null}${undefined}${false}${0}</p>`.value).toBe('<p><b>ok</b><i>&lt;</i>&gt;0</p>');
    expect(join(['a', '<b>'], ', ').value).toBe('a, &lt;b&gt;');
    expect(escapeHtml('"\'')).toBe('&quot;&#39;');
  });

  it('builds GraphiQL links that carry the query', () => {
    const href = graphiqlHref('{ feature(slug: "x") { name } }');
    expect(new URL(href, 'http://h').searchParams.get('query')).toBe('{ feature(slug: "x") { name } }');
  });
});

describe('capacity page parameters and order', () => {
  it('reads the query string leniently and canonically', () => {
    expect(parseCapacityParams({})).toEqual({ family: '', minPods: null, mode: 'secondary-ip', sort: 'secondary', dir: 'desc' });
    expect(parseCapacityParams({ family: 'm5', minPods: '100', mode: 'prefix-delegation', sort: 'name' })).toEqual({
      family: 'm5',
      minPods: 100,
      mode: 'prefix-delegation',
      sort: 'name',
      dir: 'asc',
    });
    expect(parseCapacityParams({ family: '<x>', minPods: '-1', sort: 'evil', dir: 'sideways' })).toEqual(parseCapacityParams({}));
    expect(canonicalQuery(parseCapacityParams({}))).toBe('');
    expect(canonicalQuery(parseCapacityParams({ family: 'm5', mode: 'prefix-delegation' }))).toBe('?family=m5');
  });

  it('orders sizes as people read them', () => {
    const names = ['m5.metal', 'm5.12xlarge', 'm5.large', 'm5.2xlarge', 'm5.xlarge'];
    expect([...names].sort((a, b) => sizeRank(a) - sizeRank(b))).toEqual(['m5.large', 'm5.xlarge', 'm5.2xlarge', 'm5.12xlarge', 'm5.metal']);
  });

  it('sorts numbers numerically with empty cells last, ties by name', () => {
    const row = (name: string, pd: number | null): CapacityRow => ({
      name,
      family: 'x',
      hypervisor: 'NITRO',
      bareMetal: false,
      ipv4AddressesPerInterface: 1,
      secondaryIpCapacity: null,
      prefixDelegationCapacity: pd === null ? null : { maxPods: pd, schedulablePods: Math.min(pd, 110) },
    });
    const rows = [row('b', 20), row('a', null), row('c', 100), row('d', 20)];
    expect(sortRows(rows, 'prefix', 'desc').map((r) => r.name)).toEqual(['c', 'b', 'd', 'a']);
    expect(sortRows(rows, 'prefix', 'asc').map((r) => r.name)).toEqual(['b', 'd', 'c', 'a']);
  });
});

describe('pods chart', () => {
  it('is an SVG image with a title and a text description of every bar', () => {
    const svg = podsChart('c', 'm5', [
      { name: 'm5.large', secondaryIp: 9, prefixDelegation: 144 },
      { name: 'm5.<x>', secondaryIp: 1, prefixDelegation: null },
    ]).value;
    expect(svg).toMatch(/^<svg class="chart" id="c" role="img" aria-labelledby="c-title c-desc"/);
    expect(svg).toContain('m5.large: 9 pods with secondary IPs, 144 with prefix delegation');
    expect(svg).toContain('kubelet max-pods 110');
    expect(svg).toContain('m5.&lt;x&gt;');
    expect(svg).not.toContain('style=');
  });
});
