/** Option values shared by the program and the commands (kept free of heavy imports so --help stays fast). */
export const OUTPUT_FORMATS = ['table', 'json', 'markdown'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

export const CAPACITY_MODES = { 'secondary-ip': 'SECONDARY_IP', 'prefix-delegation': 'PREFIX_DELEGATION' } as const;
export type CapacityMode = keyof typeof CAPACITY_MODES;

export const SCAN_OUTPUT_FORMATS = ['table', 'json', 'markdown', 'sarif', 'junit'] as const;
export type ScanOutputFormat = (typeof SCAN_OUTPUT_FORMATS)[number];
