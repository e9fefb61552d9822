/**
 * One paced run in a process of its own: `node --import tsx bench/paced-client.ts '<json>'`,
 * where the JSON holds { baseUrl, request, options } for measurePaced; prints its result as JSON.
 * The benchmark's own process holds minutes of results and autocannon's histograms, and its
 * garbage collection pauses would be counted as server latency in the tail.
 */
import { measurePaced } from './load.js';
import type { HttpRequest } from './scenarios.js';

const { baseUrl, request, options } = JSON.parse(process.argv[2]!) as {
  baseUrl: string;
  request: HttpRequest;
  options: { connections: number; seconds: number; rate: number };
};
console.log(JSON.stringify(await measurePaced(baseUrl, request, options)));
