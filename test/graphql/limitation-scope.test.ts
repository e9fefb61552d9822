/**
 * What scopes a limitation, as the API serves it (issue 36): its requires (where the thing it is
 * about works at all) and its Service settings, and the plan's serviceSettings refused with the
 * valid choices when it names an unknown one.
 */
import { describe, expect, it } from 'vitest';
import { SERVICE_SETTINGS } from '../../src/domain/vocabulary.js';
import { inProcessApi } from '../support/in-process-api.js';

const run = inProcessApi();

describe('Limitation.requires and LimitationScope.serviceSettings', () => {
  it('L2tunnel outside Azure says where the mode works: on Azure', async () => {
    const result = await run('{ limitation(slug: "l2tunnel-outside-azure") { requires { platforms cniPlugins { slug } description } } }', {});
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({ limitation: { requires: { platforms: ['azure'], cniPlugins: [], description: 'It works only on Azure.' } } });
  });

  it("asking for Calico's limitations no longer returns Flannel's IPv6 gap on AKS on Windows Server", async () => {
    const result = await run('{ limitations(filter: { cniPlugin: "calico" }) { slug requires { cniPlugins { slug } } } }', {});
    const slugs = (result.data as { limitations: { slug: string }[] }).limitations.map((l) => l.slug);
    expect(slugs).not.toContain('flannel-no-ipv6-on-aks-windows-server');
    expect(slugs).toContain('calico-windows-no-dual-stack');
  });

  it('the Service settings a limitation concerns, and its kube-proxy gate mitigations', async () => {
    const result = await run(
      '{ a: limitation(slug: "service-topology-ignored-on-windows") { appliesTo { serviceSettings } } b: limitation(slug: "ws2022-l2bridge-pod-to-pod-kb5005619") { mitigatedByFeatureGates } }',
      {},
    );
    expect(result.data).toEqual({
      a: { appliesTo: { serviceSettings: ['traffic-distribution', 'topology-aware-routing'] } },
      b: { mitigatedByFeatureGates: ['WinDSR=false'] },
    });
  });

  it('compatibility refuses an unknown Service setting with the valid choices', async () => {
    const result = await run('query ($input: CompatibilityInput!) { compatibility(input: $input) { verdict } }', {
      input: { windowsVersion: 'windows-server-2022', serviceSettings: ['traffic-distributon'] },
    });
    expect(result.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.serviceSettings', validChoices: [...SERVICE_SETTINGS] });
  });
});
