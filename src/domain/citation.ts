/**
 * Where a fact comes from: a source document of sources.yaml and a section of it. Its own module
 * because every part of the domain cites (the knowledge, capacity, instance-type naming), and a
 * type that lives in knowledge.ts made capacity.ts -> knowledge.ts -> instance-types.ts ->
 * capacity.ts a circle.
 */
export interface Citation {
  doc: string;
  section: string;
  note?: string;
}
