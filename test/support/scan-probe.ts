/**
 * The documents of issue 34's scan probe: Windows nodes and LoadBalancer Services, about 190 bytes
 * an object as YAML (240 of each make about 91 KB). Shared by the scan tests and bench/mixed-scan.ts.
 */
export function windowsNodesAndServices(pairs: number): string {
  const parts: string[] = [];
  for (let i = 0; i < pairs; i++) {
    parts.push(
      `apiVersion: v1\nkind: Node\nmetadata:\n  name: win-${i}\n  labels:\n    kubernetes.io/os: windows\n` +
        `    node.kubernetes.io/windows-build: 10.0.17763\n    node.kubernetes.io/instance-type: m5.large\n`,
      `apiVersion: v1\nkind: Service\nmetadata:\n  name: svc-${i}\n  namespace: default\nspec:\n  type: LoadBalancer\n` +
        `  externalTrafficPolicy: Local\n  selector:\n    app: web-${i}\n  ports:\n  - port: 80\n`,
    );
  }
  return parts.join('---\n');
}

/** Every field of the scan's report: what the probe asked for. */
export const FULL_SCAN_QUERY = `query Scan($documents: String!) {
  scan(input: { documents: $documents }) {
    verdict datasetVersion
    summary { objectsRead reported judged notJudged ignored distinctPlans grouping ignoredReasons { reason count } clusters { name files conflicts facts { field value from } } }
    objects {
      file kind apiVersion namespace name part line verdict missing cluster planFindingsOn
      findings { severity code message subject remediation path line sources { document { slug title } section } }
      facts { field value path line from detail }
      unknown { fact settledBy path field line }
    }
  }
}`;
