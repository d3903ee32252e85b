/**
 * The project document (ARCHITECTURE §3): its Yjs shape as code. domain holds the contract as data (field
 * schemas, map names, dependency keys); this package is where Yjs meets it, shared by the browser, the
 * servers, the tests and the benchmarks, so the document has one shape whoever writes it.
 */
export * from './task-document.js';
export { nonSchemaItems, removeNonSchemaItems } from './document-schema.js';
export { carriedEntries, carryReasons, editReasonsMap } from './edit-reasons.js';
export * from './project-settings.js';
export { applyCalendarChange, applyCascade, cascadeReasons, documentCascade } from './document-cascade.js';
export { limitSyncMessages, SERVER_SYNC_LIMITS, type SyncLimits } from './sync-limits.js';
export * from './wire.js';
