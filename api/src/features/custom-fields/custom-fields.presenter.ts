import type { CustomField } from '@planline/domain';
import type { CustomFieldRow } from './custom-fields.queries.js';

export const presentCustomField = (r: CustomFieldRow): CustomField => ({
  id: r.id,
  projectId: r.project_id,
  name: r.name,
  type: r.type,
  options: r.options,
  position: r.position,
  createdAt: r.created_at.toISOString(),
});
