/** Option values shared by the program and the commands (kept free of heavy imports so --help stays fast). */
export const CAPACITY_MODES = { 'secondary-ip': 'SECONDARY_IP', 'prefix-delegation': 'PREFIX_DELEGATION' } as const;
export type CapacityMode = keyof typeof CAPACITY_MODES;
