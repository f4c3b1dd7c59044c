/** Blocked addresses bound to `lo` inside the test's loopback-only network namespace, each watched by a canary. */
export const CANARY_ADDRESSES: readonly string[] = ['169.254.169.254', '10.0.0.1', '172.16.5.4', '192.168.1.1', '100.64.0.1'];
