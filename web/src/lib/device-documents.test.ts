import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { deviceDocumentName, forgetDeviceDocument, forgetDeviceDocuments, parseDeviceDocumentName } from './device-documents';
import { WORKSPACE_STORE_KEY } from './early-task-list';

const ADA = '6f1c2a8e-0d7b-4c1e-9a51-1d2f3e4a5b6c';
const BEA = '0a9b8c7d-6e5f-4a3b-8c1d-2e3f4a5b6c7d';
const HULL = 'c3d4e5f6-a7b8-4c9d-8e0f-1a2b3c4d5e6f';
const KEEL = 'f6e5d4c3-b2a1-4098-8f7e-6d5c4b3a2910';

function createDatabase(name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name);
    request.onupgradeneeded = () => request.result.createObjectStore('updates', { autoIncrement: true });
    request.onsuccess = () => {
      request.result.close();
      resolve();
    };
    request.onerror = () => reject(request.error);
  });
}

const names = async () => (await indexedDB.databases()).map((d) => d.name).sort();

describe('device documents', () => {
  it('names a copy by its person and project, and reads the name back', () => {
    expect(deviceDocumentName(ADA, HULL)).not.toBe(deviceDocumentName(BEA, HULL));
    expect(parseDeviceDocumentName(deviceDocumentName(ADA, HULL))).toEqual({ userId: ADA, projectId: HULL });
    expect(parseDeviceDocumentName('some-other-library')).toBeNull();
  });

  it('sign-out deletes every copy, and only ours', async () => {
    await createDatabase(deviceDocumentName(ADA, HULL));
    await createDatabase(deviceDocumentName(ADA, KEEL));
    await createDatabase('some-other-library');
    await forgetDeviceDocuments();
    expect(await names()).toEqual(['some-other-library']);
  });

  it('sign-out forgets which project this browser showed; a sign-in of someone keeps it (it may be theirs)', async () => {
    const stored = new Map<string, string>([[WORKSPACE_STORE_KEY, '{"state":{"selectedProjectId":"p1"}}']]);
    Object.assign(globalThis, { localStorage: { getItem: (k: string) => stored.get(k) ?? null, setItem: (k: string, v: string) => void stored.set(k, v), removeItem: (k: string) => void stored.delete(k) } });
    try {
      await forgetDeviceDocuments({ keepUserId: ADA });
      expect(stored.has(WORKSPACE_STORE_KEY)).toBe(true);
      await forgetDeviceDocuments();
      expect(stored.has(WORKSPACE_STORE_KEY)).toBe(false);
    } finally {
      Reflect.deleteProperty(globalThis, 'localStorage');
    }
  });

  it("a sign-in deletes the copies other people left, not the signed-in person's", async () => {
    await createDatabase(deviceDocumentName(ADA, HULL));
    await createDatabase(deviceDocumentName(BEA, HULL));
    await forgetDeviceDocuments({ keepUserId: BEA });
    expect(await names()).toEqual([deviceDocumentName(BEA, HULL), 'some-other-library'].sort());
  });

  it('losing access to a project deletes that copy alone', async () => {
    await createDatabase(deviceDocumentName(BEA, KEEL));
    await forgetDeviceDocument(BEA, HULL);
    expect(await names()).toEqual([deviceDocumentName(BEA, KEEL), 'some-other-library'].sort());
  });
});
