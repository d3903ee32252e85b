import { forgetDeviceDocuments } from '../../lib/device-documents';

/** How long signing out waits for this browser's copies of project documents to be deleted. */
const FORGET_WAIT_MS = 2000;

/**
 * Signs out (the /api/logout navigation of PRODUCT-SPEC §2) once the project documents this browser keeps are
 * deleted, so the next person on it finds none of them. A deletion slower than FORGET_WAIT_MS does not hold the
 * person here; the next sign-in deletes what is left (AppRoutes).
 */
export async function signOut(): Promise<void> {
  await Promise.race([forgetDeviceDocuments(), new Promise((resolve) => setTimeout(resolve, FORGET_WAIT_MS))]);
  window.location.href = '/api/logout';
}
