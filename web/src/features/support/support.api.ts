import { supportTicketResultSchema, type SupportTicketInput } from '@planline/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../lib/query-client';

/** POST /api/support/ticket: the help centre's ticket (PRODUCT-SPEC §3, §7); open to visitors signed out too. */
export function useSubmitSupportTicket() {
  return useMutation({
    mutationFn: async (ticket: SupportTicketInput) =>
      supportTicketResultSchema.parse(await (await apiRequest('POST', '/api/support/ticket', ticket)).json()),
  });
}
