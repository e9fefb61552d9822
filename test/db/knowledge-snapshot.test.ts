/**
 * The knowledge snapshot beside a database (src/db/knowledge-snapshot.ts): the build writes it, it
 * holds what the database gives, and it is used only with the very build that wrote it; anything
 * else falls back to the database, so the CLI is never answered from stale knowledge.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openKnowledgeBase } from '../../src/cli/knowledge-base.js';
import { loadKnowledge, loadSourceDocuments } from '../../src/db/knowledge.js';
import { readKnowledgeSnapshot, snapshotPathOf, writeSnapshotFile } from '../../src/db/knowledge-snapshot.js';
import { openDatabase } from '../../src/db/open.js';
import { testDatabasePath } from '../support/fixtures.js';

/** A copy of the test database and its snapshot, to spoil. */
function copyOfTestDatabase(): string {
  const path = join(mkdtempSync(join(tmpdir(), 'winnet-kb-snapshot-')), 'kb.sqlite');
  copyFileSync(testDatabasePath(), path);
  copyFileSync(snapshotPathOf(testDatabasePath()), snapshotPathOf(path));
  return path;
}

describe('the knowledge snapshot', () => {
  it('is written by the build beside the database and holds what the database gives', () => {
    const path = copyOfTestDatabase();
    const database = openDatabase(path);
    try {
      const snapshot = readKnowledgeSnapshot(path);
      expect(snapshot).not.toBeNull();
      expect(snapshot!.knowledge).toEqual(loadKnowledge(database));
      expect(snapshot!.documents).toEqual(loadSourceDocuments(database.db));
      expect(snapshot!.datasetVersion).toBe(database.meta.datasetVersion);
    } finally {
      database.close();
    }
  });

  it("is not used beside another build of the database (another builtAt), nor when missing: the database's knowledge is", async () => {
    const path = copyOfTestDatabase();
    const database = openDatabase(path);
    const knowledge = loadKnowledge(database);
    // A snapshot that says it belongs to another build, with knowledge that differs from the database's.
    writeSnapshotFile(
      { knowledge: { ...knowledge, datasetVersion: 'stale' }, documents: new Map() },
      { ...database.meta, builtAt: '2000-01-01T00:00:00.000Z' },
      snapshotPathOf(path),
    );
    database.close();
    expect(readKnowledgeSnapshot(path)).toBeNull();
    const opened = await openKnowledgeBase(path);
    expect(opened.knowledge).toEqual(knowledge);
    expect(opened.documents.size).toBeGreaterThan(0);
    rmSync(snapshotPathOf(path));
    expect(readKnowledgeSnapshot(path)).toBeNull();
    expect((await openKnowledgeBase(path)).knowledge).toEqual(knowledge);
  });
});
