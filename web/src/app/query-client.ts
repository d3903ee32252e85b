import { createQueryClient } from '../lib/query-client';

/** The app's one query client (PRODUCT-SPEC §7 defaults live in createQueryClient). */
export const queryClient = createQueryClient();
