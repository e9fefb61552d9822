/**
 * Codes only a scan reports, about what the objects themselves say (the engine's codes in
 * compatibility/findings.ts are reported as they are). docs/api.md ("Codes only a scan reports")
 * lists them with these texts, word for word (test/readme.test.ts).
 */
export const SCAN_FINDING_CODES = {
  NODE_CAPACITY_MISMATCH:
    'A Windows node advertises a different number of pod addresses (vpc.amazonaws.com/PrivateIPv4Address) ' +
    "than its instance type gives in the cluster's IP address mode.",
  REQUIRED_SETTING_MISSING:
    'A setting the plan needs is absent or has another value in the object that configures it (kube-proxy flags, the amazon-vpc-cni or flannel ConfigMap).',
  NOT_JUDGED: 'A Windows object could not be judged: its Windows release is not known, or there is no Windows node, node group or --plan to judge it against.',
} as const;

export type ScanFindingCode = keyof typeof SCAN_FINDING_CODES;
