/** Kubernetes minor versions ("1.33") and inclusive ranges of them. */

export const KUBERNETES_MINOR = /^1\.(0|[1-9]\d?)$/;

/**
 * A Kubernetes minor version as a user writes it, in its one spelling: "1.33", or "v1.33" as
 * kubectl, the kubelet and release notes print it, gives "1.33"; anything else gives null. Every
 * place that reads a version from a user (the API's input, plan files, --target-kubernetes-version)
 * reads it through this.
 */
export function kubernetesMinorOf(text: string): string | null {
  const canonical = text.replace(/^v(?=\d)/, '');
  return KUBERNETES_MINOR.test(canonical) ? canonical : null;
}

export function parseKubernetesMinor(text: string): number {
  const m = KUBERNETES_MINOR.exec(text.trim());
  if (!m) throw new RangeError(`not a Kubernetes minor version: "${text}" (expected e.g. 1.33)`);
  return Number(m[1]);
}

export function compareKubernetes(a: string, b: string): number {
  return parseKubernetesMinor(a) - parseKubernetesMinor(b);
}

export interface KubernetesRange {
  min?: string;
  max?: string;
}

export function kubernetesInRange(version: string, range: KubernetesRange | undefined): boolean {
  if (!range) return true;
  if (range.min !== undefined && compareKubernetes(version, range.min) < 0) return false;
  if (range.max !== undefined && compareKubernetes(version, range.max) > 0) return false;
  return true;
}

export function describeKubernetesRange(range: KubernetesRange | undefined): string {
  if (!range || (range.min === undefined && range.max === undefined)) return 'all Kubernetes versions';
  if (range.min !== undefined && range.max !== undefined)
    return range.min === range.max ? `Kubernetes ${range.min}` : `Kubernetes ${range.min} to ${range.max}`;
  return range.min !== undefined ? `Kubernetes ${range.min} and later` : `Kubernetes ${range.max} and earlier`;
}
